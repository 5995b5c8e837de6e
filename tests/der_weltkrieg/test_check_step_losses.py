"""Step losses no rule explains (checks/step_losses.py): a unit flipped to its reduced side or
sent to the Eliminated box in a Movement Phase with no combat, surrender, pocket, breakdown,
withdrawal or enemy entry the log shows is undetermined (never a violation), naming what is
missing; a loss with a cause, put right in the phase, or undone gives nothing. Scripted games on
combat_game's map (modgen.testing.TestGame, as VASSAL writes them)."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import combat_game as cg  # noqa: E402

from modgen.check.engine import check_log  # noqa: E402
from modgen.check.logread import parse_log  # noqa: E402

P = cg.P


def check(t):
    return check_log(parse_log(t.text()), t.game, t.scenario)


def losses(report, severity="undetermined"):
    return [f for f in report.findings if f.rule == "13-21" and f.severity == severity]


def movement(setup=None):
    setup = setup or [P("de-inf-xx-8", "2009"), P("de-inf-xx-9", "2012"), P("fr-inf-xx-1", "2015")]
    return cg.new(setup, first_phase="cp-movement")


def test_a_flip_without_a_cause_is_undetermined():
    t = movement()
    t.move("de-inf-xx-9", "2011")
    step = t.flip("de-inf-xx-8")
    t.next_phase()
    r = check(t)
    (f,) = losses(r)
    assert f.step == step and "8 Inf XX was flipped to its reduced side in 2009" in f.message
    assert "no combat (a Column Attack, 16), surrender (20, 21-11)" in f.missing and "breakdown or recombination (27)" in f.missing
    assert [x for x in r.findings if x.severity == "violation"] == []


def test_an_elimination_without_a_cause_is_undetermined():
    t = movement()
    t.eliminate("de-inf-xx-8")
    t.next_phase()
    r = check(t)
    (f,) = losses(r)
    assert "sent to the Eliminated box in 2009" in f.message
    assert [x for x in r.findings if x.severity == "violation"] == []


def test_a_log_ending_in_the_movement_phase_is_judged_too():
    t = movement()
    t.flip("de-inf-xx-8")
    assert len(losses(check(t))) == 1


def test_a_loss_put_right_or_undone_is_not_judged():
    t = movement()
    t.flip("de-inf-xx-8")
    t.flip("de-inf-xx-8")                  # flipped back: the player corrected it
    t.eliminate("de-inf-xx-9")
    t.undo()                               # the elimination undone
    t.next_phase()
    assert losses(check(t)) == []


def test_a_breakdown_swaps_the_counter_in_its_hex():
    """27-1: the division is removed and components are placed where it stood."""
    t = movement([P("de-inf-xx-8", "2009"), cg.Pool("de-inf-x-2"), P("fr-inf-xx-1", "2015")])
    t.eliminate("de-inf-xx-8")
    t.arrive("de-inf-x-2", "2009")
    t.next_phase()
    assert losses(check(t)) == []


def test_losses_outside_the_movement_phase_are_left_to_their_rules():
    """The Replacement phase's reductions are recombination's (23-4); combat losses the combat
    rules' (13-13 … 13-24)."""
    t = cg.new([P("de-inf-xx-8", "2009"), P("fr-inf-xx-1", "2015")], first_phase="cp-replacement")
    t.flip("de-inf-xx-8")
    t.next_phase()
    assert losses(check(t)) == []


def test_a_column_attacks_loss_stays_with_its_combat(monkeypatch):
    """16: a Column Attack in the Movement Phase; the defender's flip is its combat's loss."""
    from modgen.systems.der_weltkrieg import combat_record as CR
    monkeypatch.setattr(CR, "_SUPPLY_SEARCH", lambda ctx, unit, start, hq, mx: 2)
    monkeypatch.setattr(CR, "_HQ_LOC", lambda ctx, hq: True)
    monkeypatch.setattr(CR, "_SURROUNDED", lambda ctx, unit: False)
    t = cg.new([P("fr-inf-xx-1", "2010"), P("de-inf-xx-9", "2009"), P("de-inf-xx-7", "2011"),
                P("de-hq-xxxx-2nd", "2110")], first_phase="cp-movement")
    t.declare("!attack 2010 with 9 Inf XX, 7 Inf XX supply 2nd 4")
    t.roll("1d6", [6])
    t.flip("fr-inf-xx-1")
    t.next_phase()
    r = check(t)
    assert r.combats and losses(r) == []


def test_an_enemy_entering_the_hex_explains_the_elimination():
    """6-11: a zero-strength unit is destroyed when an enemy unit enters its hex (here the
    entry is what the log shows; 6-11's own conditions are the movement rules')."""
    t = movement([P("de-inf-xx-8", "2009"), P("fr-inf-xx-1", "2010")])
    t.move("de-inf-xx-8", "2010")
    t.eliminate("fr-inf-xx-1")
    t.next_phase()
    assert losses(check(t)) == []


def test_an_overstacked_hex_explains_the_removal_11_3():
    """11-3: seven divisions in a hex (limit 6): the owner eliminates one; a second removal
    leaves the stack below the limit and has no cause."""
    units = ["de-inf-xx-8", "de-inf-xx-9", "de-inf-xx-7", "de-inf-xx-5", "de-inf-xx-10",
             "de-inf-xx-6", "de-aslt-xx-12"]
    t = movement([P(u, "2010") for u in units] + [P("fr-inf-xx-1", "2015")])
    t.eliminate("de-inf-xx-6")
    t.next_phase()
    assert losses(check(t)) == []
    t = movement([P(u, "2010") for u in units] + [P("fr-inf-xx-1", "2015")])
    t.eliminate("de-inf-xx-6")
    t.eliminate("de-inf-xx-5")
    t.next_phase()
    (f,) = losses(check(t))
    assert "5 Inf XX was sent to the Eliminated box in 2010" in f.message


def test_a_withdrawal_date_explains_the_removal_25_8():
    """25-8: on a date its side withdraws units, a unit removed (the one due, or strength in
    its place) has a cause."""
    from modgen.model.types import GameDate, ScheduleEntry
    due = ScheduleEntry(GameDate(1915, 6, 1), "1 June 1915", "germany",
                        withdrawals=(cg.Pool("de-inf-xx-9"),))
    setup = [P("de-inf-xx-8", "2009"), P("de-inf-xx-9", "2012"), P("fr-inf-xx-1", "2015")]
    t = cg.new(setup, first_phase="cp-movement", reinforcements=(due,))
    t.eliminate("de-inf-xx-8")
    t.next_phase()
    assert losses(check(t)) == []
    t = cg.new(setup, first_phase="cp-movement")          # the same removal, no withdrawal due
    t.eliminate("de-inf-xx-8")
    t.next_phase()
    assert len(losses(check(t))) == 1
