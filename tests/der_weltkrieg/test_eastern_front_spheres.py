"""The Austro-Hungarian sphere of influence (East Front Duration Game 11-26..11-30) through
``modgen check``: the German divisions in it at the end of each phase, 11-27's count, four on map
5-5 only (11-28), twelve more for six months from the turn after 250 A-H DM (11-29), no limit
once Austria-Hungary is Shaken (11-30). Scripted games on the real data (ef-duration-1914)."""
from __future__ import annotations

from dataclasses import replace as _replace

import pytest

from modgen.model import load_game
from modgen.model.types import GameDate
from modgen.systems.der_weltkrieg.rules.board import BoardState
from modgen.systems.der_weltkrieg.rules.rail import hex_has_rail
from modgen.testing import TestGame

SCENARIO = "ef-duration-1914"
START = GameDate(1914, 8, 3)


@pytest.fixture(scope="module")
def game():
    """The real data with twelve more German infantry divisions (copies of the 22nd: the data
    hold seven), so that 11-29's twelve can be filled."""
    g = load_game("eastern-front")
    base = g.counters["ge-inf-xx-22"]
    extra = {f"ge-inf-xx-t{i}": _replace(base, id=f"ge-inf-xx-t{i}", designation=f"T{i}")
             for i in range(1, 13)}
    return _replace(g, counters={**g.counters, **extra})


def check(t: TestGame):
    from modgen.check.engine import check_log
    from modgen.check.logread import parse_log
    return check_log(parse_log(t.text()), t.game, t.scenario)


def hits(report, rule, severity="violation"):
    return [f for f in report.findings if f.rule == rule and f.severity == severity]


def _hexes(game, sheet, country, n):
    md = game.theatre.mapdef((sheet,))
    hs = sorted(h for h, i in md.hexes.items() if i.country == country and i.land)
    step = max(1, len(hs) // (n + 1))
    return [game.theatre.name(h, (sheet,)) for h in hs[step::step][:n]]


def _russian_hexes_by_rail_distance(game):
    """A Russian hex on 5-5 within 2 hexes of an A-H rail hex (in the sphere by 11-26's rail
    clause) and one 6 or more hexes from every A-H rail hex (outside it)."""
    md = game.theatre.mapdef(("5-5",))
    board = BoardState(md)
    rails = [h for h, i in md.hexes.items() if i.country == "austria-hungary"
             and hex_has_rail(board, h)]
    near = far = None
    for h, i in sorted(md.hexes.items()):
        if i.country != "russia" or not i.land:
            continue
        dist = min(h.distance(r) for r in rails)
        if near is None and dist <= 2:
            near = h
        if far is None and dist >= 6:
            far = h
    return game.theatre.name(near, ("5-5",)), game.theatre.name(far, ("5-5",))


INF = ["ge-inf-xx-1gr", "ge-inf-xx-22", "ge-inf-xx-3", "ge-inf-xx-38", "ge-inf-xx-3g", "ge-inf-xx-4"]
TEST = [f"ge-inf-xx-t{i}" for i in range(1, 13)]


def positions(game, units, *, dm=None, date=START):
    """The German ``units`` placed ((counter, hex) pairs) at the start of ``date``'s Central
    Powers Movement Phase of the 1914 duration game, the phase ended."""
    t = TestGame(game, game.scenarios[SCENARIO], date=date, phase="cp-movement")
    for u, h in units:
        t.place(u, h)
    t.declare("!duration")
    if dm is not None:
        t.declare(f"!dm austria-hungary {dm} test")
    t.next_phase()
    return check(t)


def test_11_28_four_german_divisions_on_map_5_5_only(game):
    ah55 = _hexes(game, "5-5", "austria-hungary", 8)
    ah65 = _hexes(game, "6-5", "austria-hungary", 2)
    near, far = _russian_hexes_by_rail_distance(game)
    # legal: four divisions on 5-5 in A-H territory; HQs, artillery, engineers free; Germans
    # deep in Russia are outside the sphere
    legal = positions(game, list(zip(INF[:4], ah55)) + [("ge-hq-xxxx-9th", ah65[0]),
                                                        ("ge-art-iii-14", ah65[1]), (INF[4], far)])
    assert hits(legal, "EF 11-28") == [] and hits(legal, "EF 11-28", "undetermined") == []
    # a fifth on 5-5
    (f,) = hits(positions(game, list(zip(INF[:5], ah55))), "EF 11-28")
    assert "5 German divisions" in f.message and "at most 4 exchanged divisions" in f.message
    # one on 6-5 (A-H territory, not map 5-5)
    (f,) = hits(positions(game, [(INF[0], ah65[0])]), "EF 11-28")
    assert "0 on map 5-5, 1 elsewhere" in f.message
    # a Russian hex within 2 hexes of an A-H rail line is in the sphere (11-26)
    (f,) = hits(positions(game, list(zip(INF[:4], ah55)) + [(INF[4], near)]), "EF 11-28")
    assert "5 German divisions" in f.message


def test_11_27_cavalry_and_brigades_count_half(game):
    ah55 = _hexes(game, "5-5", "austria-hungary", 8)
    legal = positions(game, list(zip(INF[:3] + ["ge-cav-xx-2", "ge-cav-xx-4"], ah55)))
    assert hits(legal, "EF 11-28") == []
    (f,) = hits(positions(game, list(zip(INF[:4] + ["ge-inf-x-17le"], ah55))), "EF 11-28")
    assert "4.5 German divisions" in f.message


def _with_dm(game, dm, later, *, extra=2):
    """4 German divisions on 5-5 and ``extra`` on 6-5 in A-H territory from ``later`` on, after
    A-H took ``dm`` DM in the Central Powers Movement Phase of 3 August 1914."""
    ah55 = _hexes(game, "5-5", "austria-hungary", 8)
    ah65 = _hexes(game, "6-5", "austria-hungary", 14)
    t = TestGame(game, game.scenarios[SCENARIO], date=START, phase="cp-movement")
    for u, h in zip(INF[:4], ah55):
        t.place(u, h)
    pool = (INF[4:] + TEST)[:extra]
    for u in pool:
        t.place(u)                                  # off the map until ``later``
    t.declare("!duration")
    t.declare(f"!dm austria-hungary {dm} test")
    t.next_phase()
    t.set_turn(later, "cp-reinforcement")
    for u, h in zip(pool, ah65):
        t.arrive(u, h)
    t.next_phase()
    return check(t)


def test_11_29_twelve_more_for_six_months_from_the_turn_after_250_dm(game):
    # the turn after: allowed; 11-29's window ends six months on (4 February 1915)
    r = _with_dm(game, 250, GameDate(1914, 8, 4))
    assert hits(r, "EF 11-28") == [] and hits(r, "EF 11-29") == []
    r = _with_dm(game, 250, GameDate(1915, 2, 3))
    assert hits(r, "EF 11-28") == [] and hits(r, "EF 11-29") == []
    (f,) = hits(_with_dm(game, 250, GameDate(1915, 2, 5)), "EF 11-28")
    assert "the twelve of 11-29 for six months from Turn 4 August 1914" in f.message
    # below 250 DM: none beyond 11-28's four
    (f,) = hits(_with_dm(game, 249, GameDate(1914, 8, 4)), "EF 11-28")
    assert "2 elsewhere" in f.message
    # thirteen beyond the four: more than 11-29's twelve
    (f,) = hits(_with_dm(game, 250, GameDate(1914, 8, 4), extra=13), "EF 11-29")
    assert "and 12 more (11-29)" in f.message


def test_11_30_no_limit_once_austria_hungary_is_shaken(game):
    r = _with_dm(game, 550, GameDate(1915, 6, 4), extra=13)
    assert hits(r, "EF 11-28") == [] and hits(r, "EF 11-29") == []
