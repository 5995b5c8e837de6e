"""RPL exchanges (Eastern Front nation rules 45-4, 47-3) through ``modgen check``: ``!exchange``
names a German 5-4 RPL division in Bulgaria (a Russian 3-3 in Romania), which leaves the map for
three SP of Bulgarian (Romanian) RPL units. Scripted games on the real data."""
from __future__ import annotations

import sys
from dataclasses import replace as _replace
from pathlib import Path

import pytest

from modgen.model import load_game
from modgen.model.types import GameDate
from modgen.systems.der_weltkrieg.declarations import KEYWORDS

sys.path.insert(0, str(Path(__file__).parent))
from test_eastern_front_combat import check, new  # noqa: E402


@pytest.fixture(scope="module")
def game():
    return load_game("eastern-front")


def hits(report, rule, severity="violation"):
    return [f for f in report.findings if f.rule == rule and f.severity == severity]


def a_hex(game, sheet, country):
    md = game.theatre.mapdef((sheet,))
    h = sorted(h for h, i in md.hexes.items() if i.country == country and i.land)[40]
    return game.theatre.name(h, (sheet,))


def printed_rpl(game):
    """The Bulgarian and Romanian RPL counters with their placeholder 3 SP taken as printed
    (the rulebook gives no values: swapping printed ones in needs no code change)."""
    cs = {k: (_replace(v, front_placeholder=False, provenance=None)
              if k in ("bg-inf-xx-rpl-3", "ro-inf-xx-rpl-3") else v)
          for k, v in game.counters.items()}
    return _replace(game, counters=cs)


def exchange(g, *, give="ge-inf-xx-rpl-5", get=("bg-inf-xx-rpl-3",), where=None,
             scenario="ef-serbia-1915-10", date=GameDate(1915, 10, 5), phase="cp-movement",
             sheet="6-5", country="bulgaria", remove=True, declare="!exchange {where}",
             reduced=False):
    where = where or a_hex(g, sheet, country)
    t = new(g, scenario, date=date, phase=phase)
    t.place(give, where, reduced=reduced)
    ids = [t.place(p) for p in get]
    t.declare(declare.format(where=where))
    if remove:
        t.eliminate(give)
    for p in ids:
        t.arrive(p, where)
    t.next_phase()
    return check(t)


def test_exchange_declaration_grammar():
    parse, _usage = KEYWORDS["exchange"]
    assert parse("exchange", "RPL Inf XX").unit == "RPL Inf XX"
    d = parse("exchange", "6-5:3114")
    assert d.unit is None and d.sheets == ("6-5",)


def test_45_4_a_german_5_4_rpl_in_bulgaria_for_three_bulgarian_rpl_sp(game):
    legal = exchange(game)
    assert [f for f in legal.findings if f.severity != "info"] == []
    # by name as well (RPL Inf XX fits the German and the Russian RPL: the one in Bulgaria)
    legal = exchange(game, declare="!exchange RPL Inf XX")
    assert [f for f in legal.findings if f.severity != "info"] == []
    # without the declaration the Bulgarian RPL is an unscheduled reinforcement out of its phase
    r = exchange(game, declare="!dm bulgaria 0 none")
    assert hits(r, "25-2") and hits(r, "25-1", "undetermined")


def test_45_4_only_in_bulgaria_and_the_division_leaves(game):
    (f,) = hits(exchange(game, where=a_hex(game, "6-5", "serbia")), "45-4")
    assert "exchanges German 5-4 RPL divisions in Bulgaria only" in f.message
    (f,) = hits(exchange(game, remove=False), "45-4")
    assert "is still on the map" in f.message
    # a German RPL division of another strength is no 5-4
    g = game
    four = _replace(g.counters["ge-inf-xx-rpl-5"], id="ge-inf-xx-rpl-test",
                    front=_replace(g.counters["ge-inf-xx-rpl-5"].front, strength=4))
    g = _replace(g, counters={**g.counters, four.id: four})
    (f,) = hits(exchange(g, give="ge-inf-xx-rpl-test"), "45-4")
    assert "is a 4-4; 45-4 exchanges only German 5-4 RPL divisions" in f.message
    # one showing its reduced side: whether it may go is not said
    r = exchange(game, reduced=True)
    assert hits(r, "45-4") == [] and hits(r, "45-4", "undetermined")


def test_45_4_three_strength_points_per_exchange(game):
    two = ("bg-inf-xx-rpl-3", "bg-inf-xx-rpl-3")
    # the Bulgarian RPL counter's 3 SP is a placeholder: 6 SP for one exchange is undetermined
    r = exchange(game, get=two)
    assert hits(r, "45-4") == []
    (u,) = hits(r, "45-4", "undetermined")
    assert "of 6 SP" in u.message and "placeholder" in u.message
    # printed values swapped in: a violation
    (f,) = hits(exchange(printed_rpl(game), get=two), "45-4")
    assert "Bulgarian RPL units of 6 SP" in f.message and "three strength points" in f.message
    assert hits(exchange(printed_rpl(game)), "45-4") == []


def test_47_3_a_russian_3_3_rpl_in_romania_for_three_romanian_rpl_sp(game):
    kw = dict(give="ru-inf-xx-rpl-3", get=("ro-inf-xx-rpl-3",), scenario="ef-romania-1916-08",
              date=GameDate(1916, 9, 3), phase="entente-movement", sheet="6-6",
              country="romania")
    legal = exchange(game, **kw)
    assert [f for f in legal.findings if f.severity != "info"] == []
    (f,) = hits(exchange(game, **{**kw, "where": a_hex(game, "6-6", "russia")}), "47-3")
    assert "Russian 3-3 RPL divisions in Romania only" in f.message
    (f,) = hits(exchange(printed_rpl(game), **{**kw, "get": ("ro-inf-xx-rpl-3",) * 2}), "47-3")
    assert "Romanian RPL units of 6 SP" in f.message
