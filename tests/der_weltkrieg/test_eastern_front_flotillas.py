"""River Flotilla interdiction (Standard Rules 36-7, 36-8) through ``modgen check``: the
``!interdict`` declaration, the attack at 3 × the flotilla's strength, no counterattack,
Engineers destroyed, an HQ's Supply Points lost, and supply lines across interdicted hexsides.
Scripted games on the real data (Serbia, November 1914: the Danube runs between 6-5:2006 on the
north bank and 6-5:2007 on the south bank; the A-H Enns flotilla 3-R)."""
from __future__ import annotations

import sys
from dataclasses import replace as _replace
from pathlib import Path

import pytest

from modgen.check import declarations as decl
from modgen.model import load_game
from modgen.model.types import GameDate
from modgen.systems.der_weltkrieg.declarations import KEYWORDS
from modgen.systems.der_weltkrieg.rules import danube
from modgen.systems.der_weltkrieg.rules.board import BoardState

sys.path.insert(0, str(Path(__file__).parent))
from test_eastern_front_combat import check, crt_of, new  # noqa: E402

NORTH, SOUTH = "6-5:2006", "6-5:2007"          # the two banks of a Danube hexside


@pytest.fixture(scope="module")
def game():
    return load_game("eastern-front")


@pytest.fixture(scope="module")
def game1(game):
    """Every CRT cell a printed 1 (a test table: the printed CRT is missing, M1)."""
    return crt_of(game, 1)


def hits(report, rule, severity="violation"):
    return [f for f in report.findings if f.rule == rule and f.severity == severity]


def interdiction(g, *, unit="sb-inf-xx-q1", flotilla="ah-flotilla-enns", flot_hex="6-5:1907",
                 route=(NORTH,), start=SOUTH, declare="!interdict {name} with Enns Flot",
                 roll=3, losses=(("flip", "sb-inf-xx-q1"),), phase="entente-movement",
                 extra=(), sp=None):
    """The Entente Movement Phase of 3 November 1914: ``unit`` crosses from ``start`` along
    ``route``; the flotilla's owner interdicts it and rolls; the losses are taken."""
    t = new(g, "ef-serbia-1914-11", date=GameDate(1914, 11, 3), phase=phase)
    t.place(unit, start, **({"sp": sp} if sp is not None else {}))
    t.place(flotilla, flot_hex)
    for u, h in extra:
        t.place(u, h)
    if route:
        t.move(unit, *route)
    t.declare(declare.format(name=g.counters[unit].name))
    if roll is not None:
        t.roll("1d6", [roll])
    for how, u in losses:
        getattr(t, how)(u)
    t.next_phase()
    return check(t)


# ------------------------------------------------------------------ the declaration

def test_interdict_declaration_grammar():
    parse, _usage = KEYWORDS["interdict"]
    d = parse("interdict", "?1 Inf XX  with Enns Flot,  Koros Flot")
    assert d.unit == "?1 Inf XX" and d.args == ("Enns Flot", "Koros Flot") and d.hexes == ()
    d = parse("interdict", "6-5:2006")
    assert d.unit is None and d.sheets == ("6-5",) and d.args == ()
    with pytest.raises(decl.DeclarationError, match="needs the unit interdicted"):
        parse("interdict", "with Enns Flot")


def test_a_bad_interdict_line_is_a_warning(game1):
    r = interdiction(game1, declare="!interdict 9 Inf XX with Enns Flot", losses=())
    (w,) = hits(r, "declaration", "warning")
    assert "no unit is named '9 Inf XX'" in w.message
    r = interdiction(game1, declare="!interdict {name} with ?2 Inf XX",
                     extra=[("sb-inf-xx-q2", "6-5:2108")], losses=())
    assert any("is not an enemy River Flotilla" in w.message
               for w in hits(r, "declaration", "warning"))


# ------------------------------------------------------------------ 36-7: the crossing and the attack

def test_36_7_legal_interdiction_is_clean(game1):
    r = interdiction(game1)
    assert [f for f in r.findings if f.severity != "info"] == []
    # the hex form names the one unit that crossed into it; without `with` the flotilla in range
    r = interdiction(game1, declare=f"!interdict {NORTH}")
    assert [f for f in r.findings if f.severity != "info"] == []
    # without the declaration the same flip has no cause in a Movement Phase (13-21)
    t = new(game1, "ef-serbia-1914-11", date=GameDate(1914, 11, 3), phase="entente-movement")
    t.place("sb-inf-xx-q1", SOUTH)
    t.move("sb-inf-xx-q1", NORTH)
    t.flip("sb-inf-xx-q1")
    t.next_phase()
    assert hits(check(t), "13-21", "undetermined")


def test_36_7_flotilla_out_of_range_or_no_crossing(game1):
    # four hexes up the river from both banks: out of the 2-hex range
    (f,) = hits(interdiction(game1, flot_hex="6-5:1606"), "36-7")
    assert "more than 2 hexes from Enns Flot (6-5:1606)" in f.message
    # two hexes from the hex moved into (three from the hex left): in range
    assert hits(interdiction(game1, flot_hex="6-5:1808"), "36-7") == []
    # a move along the south bank crosses no Danube hexside
    (f,) = hits(interdiction(game1, route=("6-5:2107",)), "36-7")
    assert "did not cross the Danube this phase" in f.message
    # in the flotilla owner's own Movement Phase
    (f,) = hits(interdiction(game1, phase="cp-movement", route=()), "36-7")
    assert "outside its own Movement Phase" in f.message


def test_36_7_a_crossing_hidden_between_drops_is_undetermined(game1):
    # dragged 2008 → 2006 in one drop: where it crossed is not shown
    r = interdiction(game1, start="6-5:2008", route=(NORTH,), flot_hex="6-5:1606")
    assert hits(r, "36-7") == []
    (u,) = hits(r, "36-7", "undetermined")
    assert "drag it hex by hex" in u.missing


def test_36_7_three_times_the_flotilla_strength_on_the_crt(game, game1):
    # column 9 (3 × 3), roll 3: the test CRT's 1 SP; the division took none
    (f,) = hits(interdiction(game1, losses=()), "36-7")
    assert "lost 0 SP" in f.message and "column 9" in f.message and "gives 1 SP" in f.message
    # on the placeholder CRT (the data as shipped) the shortfall is undetermined, never a violation
    r = interdiction(game, losses=())
    assert hits(r, "36-7") == []
    (u,) = hits(r, "36-7", "undetermined")
    assert "placeholder CRT" in u.message and "M1" in u.missing
    # no roll: the loss cannot be judged
    (u,) = hits(interdiction(game1, roll=None, losses=()), "36-7", "undetermined")
    assert "has no die roll" in u.message


def test_36_7_the_reduced_flotilla_attacks_at_3_times_its_reduced_strength(game1):
    g = game1
    t = new(g, "ef-serbia-1914-11", date=GameDate(1914, 11, 3), phase="entente-movement")
    t.place("sb-inf-xx-q1", SOUTH)
    t.place("ah-flotilla-enns", "6-5:1907", reduced=True)
    t.move("sb-inf-xx-q1", NORTH)
    t.declare("!interdict ?1 Inf XX with Enns Flot")
    t.roll("1d6", [3])
    t.next_phase()
    r = check(t)
    # column 6 (3 × 2); the reduced side's 2 is a placeholder (the back_rule's), so the shortfall
    # it decides is undetermined, naming it
    assert hits(r, "36-7") == []
    (u,) = hits(r, "36-7", "undetermined")
    assert "column 6" in u.message and "strength 2 of Enns Flot (reduced side)" in u.message


def test_36_7_the_interdicted_unit_may_not_counterattack(game1):
    (f,) = hits(interdiction(game1, losses=(("flip", "sb-inf-xx-q1"),
                                            ("flip", "ah-flotilla-enns"))), "36-7")
    assert "Enns Flot was flipped while interdicting ?1 Inf XX" in f.message
    t = new(game1, "ef-serbia-1914-11", date=GameDate(1914, 11, 3), phase="entente-movement")
    t.place("sb-inf-xx-q1", SOUTH)
    t.place("ah-flotilla-enns", "6-5:1907")
    t.move("sb-inf-xx-q1", NORTH)
    t.declare("!interdict ?1 Inf XX with Enns Flot")
    t.roll("1d6", [3])
    t.declare(f"!counterattack {NORTH}")
    t.flip("sb-inf-xx-q1")
    t.next_phase()
    assert any("may not counterattack" in f.message for f in hits(check(t), "36-7"))


# ------------------------------------------------------------------ 36-8: Engineers and HQs

def _entente_flotilla(game):
    """A Serbian-side test flotilla (3-R, the Enns's values): the data give Serbia none."""
    enns = game.counters["ah-flotilla-enns"]
    sb = _replace(enns, id="sb-flotilla-test", nation="serbia", designation="Test")
    return _replace(game, counters={**game.counters, sb.id: sb})


def test_36_8_an_interdicted_engineer_is_destroyed(game1):
    g = _entente_flotilla(game1)
    kw = dict(unit="ah-eng-iii-8", flotilla="sb-flotilla-test", start=NORTH, route=(SOUTH,),
              declare="!interdict 8 Eng III with Test Flot", phase="cp-movement", roll=None)
    r = interdiction(g, losses=(("eliminate", "ah-eng-iii-8"),), **kw)
    assert hits(r, "36-8") == [] and hits(r, "36-7") == [] and hits(r, "13-21", "undetermined") == []
    (f,) = hits(interdiction(g, losses=(), **kw), "36-8")
    assert "8 Eng III was interdicted by Test Flot" in f.message and "destroyed" in f.message


def test_36_8_an_interdicted_hq_that_takes_a_loss_loses_its_supply_points(game1):
    kw = dict(unit="sb-hq-xxxx-q1", declare="!interdict {name} with Enns Flot", sp=5)
    # the CRT's 1 SP against the HQ's defence strength of 1 (18-15): destroyed with its SP
    r = interdiction(game1, losses=(("eliminate", "sb-hq-xxxx-q1"),), **kw)
    assert hits(r, "36-8") == [] and hits(r, "18-1", "undetermined") == []
    assert [f for f in r.findings if f.severity == "violation"] == []
    (f,) = hits(interdiction(game1, losses=(), **kw), "36-8")
    assert "loses all its Supply Points" in f.message and "lost 0 SP" in f.message
    # the SP set to 0 (the ledger books them as lost, not spent) but the HQ left on the map
    r = interdiction_sp_zero(game1)
    (f,) = hits(r, "36-8")
    assert "lost 0 SP" in f.message and hits(r, "18-1", "undetermined") == []


def interdiction_sp_zero(g):
    t = new(g, "ef-serbia-1914-11", date=GameDate(1914, 11, 3), phase="entente-movement")
    t.place("sb-hq-xxxx-q1", SOUTH, sp=5)
    t.place("ah-flotilla-enns", "6-5:1907")
    t.move("sb-hq-xxxx-q1", NORTH)
    t.declare("!interdict ?1 HQ XXXX with Enns Flot")
    t.roll("1d6", [3])
    t.set_supply_points("sb-hq-xxxx-q1", 0)
    t.next_phase()
    return check(t)


# ------------------------------------------------------------------ 36-7: supply lines

def test_36_7_interdicted_hexsides_pure_function(game):
    md = game.theatre.mapdef(("6-5",))
    board = BoardState(md)
    n, s, f = (game.theatre.parse(h, ("6-5",)) for h in (NORTH, SOUTH, "6-5:1907"))
    assert danube.is_danube(board, n, s)
    blocked = danube.interdicted_hexsides(board, "entente", [f])
    assert (n, s) in blocked and (s, n) in blocked
    assert all(danube.is_danube(board, a, b) for a, b in blocked)
    assert all(min(f.distance(a), f.distance(b)) <= 2 for a, b in blocked)
    far = game.theatre.parse("6-5:1606", ("6-5",))
    assert (n, s) not in danube.interdicted_hexsides(board, "entente", [far])


def supply_across(g, flot_hex, guard=False):
    """A Serbian division on the north bank attacks 6-5:1906, paid by the HQ two hexes away on the
    south bank (6-5:2008): its supply line crosses the Danube at 2006/2007."""
    t = new(g, "ef-serbia-1914-11", date=GameDate(1914, 11, 3), phase="entente-combat")
    t.place("sb-inf-xx-q1", NORTH)
    t.place("sb-hq-xxxx-q1", "6-5:2008", sp=5)
    if guard:
        t.place("sb-inf-xx-q2", SOUTH)
    t.place("ah-inf-x-14", "6-5:1906")
    t.place("ah-flotilla-enns", flot_hex)
    t.declare("!attack 6-5:1906 with ?1 Inf XX supply ?1 1")
    t.declare("!terrain 6-5:1906 clear")
    t.roll("1d6", [3])
    t.declare("!hold 6-5:1906")
    t.declare("!ca 6-5:1906 none")
    t.eliminate("ah-inf-x-14")
    t.set_supply_points("sb-hq-xxxx-q1", 4)
    t.next_phase()
    return check(t)


def test_36_7_supply_lines_cross_an_interdicted_hexside_only_between_friendly_units(game1):
    # out of the flotilla's range: the line crosses at 2006/2007 (2 SP after 19-9)
    (c,) = supply_across(game1, "6-5:1606").combats
    assert c.attack.terms == ["13-2 attacking SP: ?1 Inf XX 2 = 2"]
    # the flotilla in 1907 interdicts that hexside: the line goes round, 19-9 takes the rest
    (c,) = supply_across(game1, "6-5:1907").combats
    assert c.attack.terms == ["13-2 attacking SP: ?1 Inf XX 0 = 0"]
    # friendly ground combat units on both banks open it again
    (c,) = supply_across(game1, "6-5:1907", guard=True).combats
    assert c.attack.terms == ["13-2 attacking SP: ?1 Inf XX 2 = 2"]


def test_36_7_an_interdiction_loss_gives_demoralization_points(game1):
    """26-3: SP lost to an interdiction are combat losses (a Movement-Phase flip is not)."""
    r = interdiction(game1)
    assert r.end_of_game.sp_lost.get("serbia") == _span(1)
    t = new(game1, "ef-serbia-1914-11", date=GameDate(1914, 11, 3), phase="entente-movement")
    t.place("sb-inf-xx-q1", SOUTH)
    t.move("sb-inf-xx-q1", NORTH)
    t.flip("sb-inf-xx-q1")
    t.next_phase()
    assert check(t).end_of_game.sp_lost.get("serbia") == _span(0)


def _span(n):
    from modgen.systems.der_weltkrieg.rules.demoralization import Span
    return Span(n, n)


def test_36_7_without_a_flotilla_named_the_one_in_range(game1):
    # the flotilla four hexes away: none in range of the crossing
    (f,) = hits(interdiction(game1, declare=f"!interdict {NORTH}", flot_hex="6-5:1606"), "36-7")
    assert "no enemy River Flotilla within 2 hexes" in f.message
    # the interdiction typed before the unit moves is judged on the phase's move all the same
    t = new(game1, "ef-serbia-1914-11", date=GameDate(1914, 11, 3), phase="entente-movement")
    t.place("sb-inf-xx-q1", SOUTH)
    t.place("ah-flotilla-enns", "6-5:1907")
    t.declare("!interdict ?1 Inf XX")
    t.move("sb-inf-xx-q1", NORTH)
    t.roll("1d6", [3])
    t.flip("sb-inf-xx-q1")
    t.next_phase()
    assert [f for f in check(t).findings if f.severity != "info"] == []
