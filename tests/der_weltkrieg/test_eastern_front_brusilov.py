"""Brusilov 1916 6-4 (the Russian artillery "surprise") through ``modgen check``: Russian attacks
with an artillery unit against A-H units not under the German Sud Army HQ have the attacking CRT
result tripled. The data hold no Russian artillery counter (the set-up grids are omitted): the
tests add one, copied from an A-H artillery regiment, and take the units' strengths as printed."""
from __future__ import annotations

import sys
from dataclasses import replace as _replace
from pathlib import Path

import pytest

from modgen.model import load_game
from modgen.model.types import GameDate

sys.path.insert(0, str(Path(__file__).parent))
from test_eastern_front_combat import check, crt_of, new  # noqa: E402

SCENARIO = "ef-brusilov-1916-06-wide"
FIRST = GameDate(1916, 6, 2)
DEFENDER, RUSSIAN, ARTILLERY = "ah-inf-xx-10", "ru-inf-xx-101", "ru-art-test"


@pytest.fixture(scope="module")
def game():
    g = load_game("eastern-front")
    base = next(c for _k, c in sorted(g.counters.items())
                if c.nation == "austria-hungary" and c.type == "art")
    art = _replace(base, id=ARTILLERY, nation="russia", designation="T")
    cs = {**g.counters, art.id: art}
    for k in (DEFENDER, RUSSIAN, ARTILLERY):      # strengths as printed (no placeholder)
        cs[k] = _replace(cs[k], front_placeholder=False, provenance=None, placeholder_values=())
    return crt_of(_replace(g, counters=cs), 1)     # every CRT cell a printed 1


def hits(report, rule, severity="violation"):
    return [f for f in report.findings if f.rule == rule and f.severity == severity]


def _hexes(game):
    """An A-H clear hex of 5-5 with two A-H land neighbours across clear hexsides (the
    attackers) and a third neighbour (for the Sud Army HQ)."""
    th = game.theatre
    md = th.mapdef(("5-5",))
    for h in sorted(md.hexes):
        i = md.hexes[h]
        if i.country != "austria-hungary" or not i.land or i.city:
            continue
        ok = [n for n in h.neighbours() if n in md.hexes and md.hexes[n].land
              and md.hexes[n].country == "austria-hungary" and (s := md.hexside(h, n)) is not None
              and s.terrain == "clear" and not s.river and not s.major_river]
        other = [n for n in h.neighbours() if n in md.hexes and md.hexes[n].land and n not in ok]
        if len(ok) >= 2 and other:
            return [th.name(x, ("5-5",)) for x in (h, ok[0], ok[1], other[0])]
    raise AssertionError("no hex")


def attack(game, *, art=True, loss="eliminate", sud=False, ah_hq=False, date=FIRST):
    d, a, b, c = _hexes(game)
    t = new(game, SCENARIO, date=date, phase="entente-combat")
    t.place(DEFENDER, d)
    t.place(RUSSIAN, a)
    if art:
        t.place(ARTILLERY, b)
    if sud:
        t.place("ge-hq-xxxx-sud", c)
    if ah_hq:
        t.place("ah-hq-xxxx-4th", d)
    names = ", ".join(game.counters[u].name for u in ([RUSSIAN] + ([ARTILLERY] if art else [])))
    t.declare(f"!attack {d} with {names} supply none")
    t.declare(f"!terrain {d} clear")
    t.roll("1d6", [3])
    t.declare(f"!hold {d}")
    t.declare(f"!ca {d} none")
    if loss:
        getattr(t, loss)(DEFENDER)
    t.next_phase()
    return check(t)


def test_6_4_russian_artillery_triples_the_attacking_result(game):
    # the test CRT's 1 tripled: 3 SP; the 3-SP division eliminated
    legal = attack(game)
    (c,) = legal.combats
    assert c.attack.results == {3} and "Brusilov 6-4" in c.attack.terms[-1]
    assert hits(legal, "13-13") == [] and hits(legal, "13-13", "undetermined") == []
    # a flip (1 SP) falls short of the tripled result
    (f,) = hits(attack(game, loss="flip"), "13-13")
    assert "the CRT requires at least 3" in f.message
    # without artillery: the plain result
    (c,) = attack(game, art=False, loss="flip").combats
    assert c.attack.results == {1}


def test_6_4_units_under_the_sud_army_hq_are_exempt(game):
    # the Sud Army HQ next to the defender and no A-H HQ on the map: it is under the Sud Army
    r = attack(game, sud=True, loss="flip")
    (c,) = r.combats
    assert c.attack.results == {1} and hits(r, "13-13") == []
    # an A-H HQ in the defender's hex: it is closer to that HQ, so not under the Sud Army
    (c,) = attack(game, sud=True, ah_hq=True, loss="flip").combats
    assert c.attack.results == {3}


def test_6_4_after_the_first_turn_either_result_is_open(game):
    r = attack(game, loss="flip", date=GameDate(1916, 6, 3))
    (c,) = r.combats
    assert c.attack.results == {1, 3}
    assert hits(r, "13-13") == []
    assert any("after the first turn" in f.missing for f in hits(r, "13-13", "undetermined"))


# 6-5: the 4th Army's units that could not move but from Russian ZOC to Russian ZOC

def surrender_position(game, *, opposite=True, remove=False, date=FIRST):
    """An A-H division with Russian divisions in two opposite neighbours (every hex around it in
    a Russian ZOC: 6-5's example) or in one only, at the end of a Russian Movement Phase."""
    th = game.theatre
    d, *_rest = _hexes(game)
    h = th.parse(d)
    n, s = h.neighbour("N"), h.neighbour("S")
    t = new(game, SCENARIO, date=date, phase="entente-movement")
    t.place(DEFENDER, d)
    t.place(RUSSIAN, th.name(n, ("5-5",)))
    if opposite:
        t.place("ru-inf-xx-102", th.name(s, ("5-5",)))
    if remove:
        t.eliminate(DEFENDER)
    t.next_phase()
    return check(t)


def test_6_5_a_trapped_unit_on_the_first_turn_is_undetermined(game):
    (u,) = hits(surrender_position(game), "EF 6-5", "undetermined")
    assert "could not move without going from a hex in a Russian ZOC" in u.message
    assert "4th Army" in u.missing
    assert hits(surrender_position(game), "EF 6-5") == []          # never a violation
    # a Russian on one side only: it can step away; removed (surrendered): nothing to say; after
    # the first turn 6-5 no longer applies
    assert hits(surrender_position(game, opposite=False), "EF 6-5", "undetermined") == []
    assert hits(surrender_position(game, remove=True), "EF 6-5", "undetermined") == []
    assert hits(surrender_position(game, date=GameDate(1916, 6, 3)), "EF 6-5", "undetermined") == []
