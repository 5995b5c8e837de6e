"""Each rule the checker enforces: a legal scripted game gives no finding, an illegal one is found
with the right rule, step and numbers. Games are scripted with modgen.testing.TestGame on a small
test game (tests/check_game.py) and read back through the same .vlog text VASSAL would write."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1]))
import check_game  # noqa: E402

from modgen.check.engine import check_log  # noqa: E402
from modgen.check.logread import parse_log  # noqa: E402
from modgen.testing import TestGame  # noqa: E402
from modgen.model.types import GameDate  # noqa: E402


def new(**over) -> TestGame:
    g = check_game.game(**over)
    return TestGame(g, g.scenarios["if-test"])


def check(t: TestGame):
    return check_log(parse_log(t.text()), t.game, t.scenario).findings


def rules_of(findings, severity="violation"):
    return [f.rule for f in findings if f.severity == severity]


def only(findings, rule, severity="violation"):
    hits = [f for f in findings if f.rule == rule and f.severity == severity]
    assert len(hits) == 1, findings
    return hits[0]


# ------------------------------------------------------------------ a legal game

def legal_game() -> TestGame:
    t = new()
    t.next_phase()                                   # CP movement
    t.move("ah-inf-xx-57", "3517", "3516")           # 2 MP
    t.next_phase(3)                                  # Entente reinforcement
    t.next_phase()                                   # Entente movement
    t.move("it-inf-xx-1", "3018")                    # 1 MP
    t.next_phase(3)                                  # turn 2, CP reinforcement
    t.arrive("de-inf-xx-200", "3616")
    t.next_phase(4)                                  # Entente reinforcement
    t.arrive("it-inf-xx-9", "3016")
    t.next_phase(3)                                  # Entente replacement
    t.eliminate("it-inf-xx-2")                       # withdrawal made (off the map)
    t.next_phase()                                   # turn 3
    return t


def test_legal_game_has_no_violation():
    t = legal_game()
    findings = check(t)
    assert rules_of(findings) == []
    assert rules_of(findings, "warning") == []


# ------------------------------------------------------------------ 4 set-up

def test_setup_unit_on_wrong_hex():
    g = check_game.game()
    t = TestGame(g, g.scenarios["if-test"], setup=False)
    for p in t.scenario.setup:
        t.place(p.counter, "3217" if p.counter == "it-inf-xx-1" else p.hex, reduced=p.reduced,
                sp=t.scenario.hq_supply_points.get(p.counter))
    t.place("ah-fort-8", "3620")
    t.place_marker("trench", "3120")
    t.next_phase()
    f = only(check(t), "4")
    assert f.step is None and f.hexes == ("3217", "3118")
    assert "1 Inf XX is set up in 3217; the scenario sets it up in 3118" in f.message


def test_setup_face_marker_fortress_and_missing_unit():
    g = check_game.game()
    t = TestGame(g, g.scenarios["if-test"], setup=False)
    for p in t.scenario.setup:
        if p.counter != "ah-inf-xx-57":
            t.place(p.counter, p.hex, reduced=False)    # 3 Inf XX should be reduced
    t.next_phase()
    msgs = [f.message for f in check(t) if f.rule == "4"]
    assert any("3 Inf XX in 3020 is set up full strength" in m for m in msgs)
    assert any("57 Inf XX is not on the map; the scenario sets it up in 3518" in m for m in msgs)
    assert any("no Trench marker in 3120" in m for m in msgs)
    assert any("fortress (8) in Test fort 3620" in m for m in msgs)


def test_setup_unlisted_unit_is_undetermined_when_list_incomplete():
    g = check_game.game(setup_incomplete=("list breaks off",))
    t = TestGame(g, g.scenarios["if-test"], setup=False)
    t.setup_scenario()
    t.place("it-inf-xx-7", "3017")
    t.next_phase()
    f = check(t)
    assert rules_of(f) == []
    u = only(f, "4", "undetermined")
    assert "3017" in u.message and "list breaks off" in u.message
    # with a complete list the same unit is a violation
    g2 = check_game.game()
    t2 = TestGame(g2, g2.scenarios["if-test"], setup=False)
    t2.setup_scenario()
    t2.place("it-inf-xx-7", "3017")
    t2.next_phase()
    assert "does not include it" in only(check(t2), "4").message


def test_setup_dead_pool_unit_on_the_map():
    from modgen.model.types import Placement
    g = check_game.game(dead_pool=(Placement("it-inf-xx-7", None),))
    t = TestGame(g, g.scenarios["if-test"])
    t.next_phase()
    assert [f for f in check(t) if f.rule == "4"] == []     # the builder puts it on Eliminated
    t2 = TestGame(g, g.scenarios["if-test"], setup=False)
    for p in t2.scenario.setup:
        t2.place(p.counter, p.hex, reduced=p.reduced, sp=t2.scenario.hq_supply_points.get(p.counter))
    t2.place("ah-fort-8", "3620")
    t2.place_marker("trench", "3120")
    t2.place("it-inf-xx-7", "3016")
    t2.next_phase()
    assert "puts it in the dead pool" in only(check(t2), "4").message


def test_setup_hq_supply_points():
    g = check_game.game()
    t = TestGame(g, g.scenarios["if-test"], setup=False)
    t.setup_scenario()
    t.next_phase()
    assert [f for f in check(t) if f.rule == "4"] == []
    t2 = TestGame(g, g.scenarios["if-test"], setup=False)
    for p in t2.scenario.setup:
        t2.place(p.counter, p.hex, reduced=p.reduced, sp=3 if p.counter == "it-hq-xxxx-1" else None)
    t2.place("ah-fort-8", "3620")
    t2.place_marker("trench", "3120")
    t2.next_phase()
    f = only(check(t2), "4")
    assert "1 HQ XXXX starts with 3 SP; the scenario gives it 5 SP" in f.message


def test_continuation_log_skips_setup_checks():
    g = check_game.game()
    t = TestGame(g, g.scenarios["if-test"], setup=False, date=GameDate(1915, 5, 2),
                 phase="cp-movement")
    t.place("it-inf-xx-1", "3017")
    t.next_phase()
    assert [f for f in check(t) if f.rule == "4"] == []


# ------------------------------------------------------------------ 5 turn order

def test_turn_tracker_skipping_a_phase():
    t = new()
    t.next_phase()                                                # CP movement (legal)
    step = t.set_turn(GameDate(1915, 5, 1), "cp-replacement")    # skips CP combat
    f = only(check(t), "5")
    assert f.step == step
    assert "Central Powers Combat Phase" in f.message and "went from" in f.message


def test_turn_tracker_full_turn_is_legal_and_month_rolls_over():
    t = new(last_turn=GameDate(1915, 6, 1), reinforcements=())
    t.advance_to(GameDate(1915, 5, 7), "en-replacement")
    t.next_phase()                                  # Monthly Special Turn of June
    assert t.date == GameDate(1915, 6, 0)
    t.next_phase(2)                                 # June turn 1
    assert rules_of(check(t)) == []


def test_play_after_last_turn():
    t = new(last_turn=GameDate(1915, 5, 1))
    step = t.advance_to(GameDate(1915, 5, 2), "cp-reinforcement")
    f = only(check(t), "5")
    assert f.step == step and "ends with Turn 1 May 1915" in f.message


# ------------------------------------------------------------------ 6-3 movement phase

def test_move_in_enemy_movement_phase():
    t = new()
    t.next_phase()                                   # CP movement
    step = t.move("it-inf-xx-1", "3018")
    f = only(check(t), "6-3")
    assert f.step == step and f.side == "entente"
    assert "3118→3018" in f.message and "Central Powers Movement Phase" in f.message


def test_move_in_combat_phase_is_a_retreat_or_a_6_3_violation():
    # issue 8: a Combat-Phase move is judged as a retreat or an advance, else it breaks 6-3
    def game(attack: bool) -> TestGame:
        t = new()
        t.next_phase()                                   # CP movement
        t.move("ah-inf-xx-57", "3418", "3318", "3218")   # 1 + 1 + 1 + enter EZOC 1 = MA 4
        t.next_phase()                                   # CP combat
        if attack:
            t.declare("!attack 3118 with 57 Inf XX")
            t.roll("1d6", [6])
        return t, t.move("it-inf-xx-1", "3018")          # the defender retreats one hex
    t, _ = game(attack=True)
    assert "6-3" not in rules_of(check(t)) + rules_of(check(t), "undetermined")
    t, step = game(attack=False)
    f = only(check(t), "6-3", "undetermined")
    assert f.step == step and "no attack on 3118 shows in the log" in f.message
    t = new()
    t.next_phase(2)                                  # CP combat, no CP unit next to 3118
    step = t.move("it-inf-xx-1", "3018")
    f = only(check(t), "6-3")
    assert f.step == step and "in a Combat Phase units move only to retreat" in f.message


# ------------------------------------------------------------------ 6-9 via rules/

def test_movement_allowance_exceeded_with_numbers():
    t = new()
    t.next_phase(5)                                  # Entente movement
    t.move("it-inf-xx-1", "3218")                    # woods 2
    t.move("it-inf-xx-1", "3318")                    # + clear 1 = 3 (3318 touches no enemy)
    step = t.move("it-inf-xx-1", "3418")             # + clear 1 + enter EZOC 1 (3419, 3518) = 5
    f = only(check(t), "6-9")
    assert f.step == step
    assert "5 MP spent, MA 4" in f.message
    assert "3318→3418 clear 1 + enter EZOC 1 = 2" in f.message
    assert f.path[0] == "3118" and f.units[0].id == "it-inf-xx-1"


def test_dragging_back_is_not_charged():
    t = new()
    t.next_phase(5)
    t.move("it-inf-xx-1", "3218", "3118")            # woods there and back: a correction
    t.move("it-inf-xx-1", "3018", "3017", "3016")    # then 3 MP of 4
    assert rules_of(check(t)) == []


def test_movement_within_allowance_is_legal():
    t = new()
    t.next_phase(5)
    t.move("it-inf-xx-1", "3018", "3017")            # 2 MP of 4
    assert rules_of(check(t)) == []


# ------------------------------------------------------------------ 11 stacking via rules/

def test_stacking_over_six_divisions_at_end_of_phase():
    g = check_game.game(setup=(), fortresses=(), markers=())
    t = TestGame(g, g.scenarios["if-test"], date=GameDate(1915, 5, 1), phase="en-movement")
    for cid in ("it-inf-xx-1", "it-inf-xx-2", "it-inf-xx-3", "it-inf-xx-4", "it-inf-xx-5",
                "it-inf-xx-6"):
        t.place(cid, "3017")
    t.place("it-inf-xx-7", "3016")
    t.move("it-inf-xx-7", "3017")
    step = t.next_phase()
    f = only(check(t), "11-1")
    assert f.step == step and "7 divisions in 3017 (limit 6)" in f.message
    # six is fine
    t2 = TestGame(g, g.scenarios["if-test"], date=GameDate(1915, 5, 1), phase="en-movement")
    for cid in ("it-inf-xx-1", "it-inf-xx-2", "it-inf-xx-3", "it-inf-xx-4", "it-inf-xx-5"):
        t2.place(cid, "3017")
    t2.place("it-inf-xx-7", "3016")
    t2.move("it-inf-xx-7", "3017")
    t2.next_phase()
    assert "11-1" not in rules_of(check(t2))


# ------------------------------------------------------------------ 25 reinforcements

def test_reinforcement_on_the_wrong_turn():
    t = new()
    t.next_phase(4)                                  # Entente reinforcement, turn 1
    step = t.arrive("it-inf-xx-9", "3016")
    f = only(check(t), "25-2")
    assert f.step == step and "arrived on Turn 1 May 1915" in f.message
    assert "Turn 2 May 1915" in f.message


def test_reinforcement_in_the_wrong_phase_and_hex():
    t = new()
    t.advance_to(GameDate(1915, 5, 2), "en-movement")
    step = t.arrive("it-inf-xx-9", "3015")
    msgs = [f.message for f in check(t) if f.rule == "25-2" and f.step == step]
    assert any("Reinforcement Arrival Phase" in m for m in msgs)
    assert any("arrived in 3015; the schedule places it in 3016" in m for m in msgs)


def test_unit_not_in_the_schedule_is_undetermined():
    g = check_game.game()
    t = TestGame(g, g.scenarios["if-test"], setup=False)
    t.setup_scenario()
    t.place("it-inf-xx-7", map_name="Entente Reinforcements")
    t.advance_to(GameDate(1915, 5, 1), "en-reinforcement")
    step = t.arrive("it-inf-xx-7", "3015")
    f = only(check(t), "25-1", "undetermined")
    assert f.step == step and "does not list it" in f.message


def test_rebuilt_only_in_replacement_phase():
    g = check_game.game()
    t = TestGame(g, g.scenarios["if-test"], setup=False)
    t.setup_scenario()
    t.place("it-inf-xx-7", map_name="Eliminated")
    t.advance_to(GameDate(1915, 5, 1), "en-movement")
    step = t.arrive("it-inf-xx-7", "3015")
    f = only(check(t), "23-3")
    assert f.step == step and "Replacement / Recombination Phase" in f.message
    t2 = TestGame(g, g.scenarios["if-test"], setup=False)
    t2.setup_scenario()
    t2.place("it-inf-xx-7", map_name="Eliminated")
    t2.advance_to(GameDate(1915, 5, 1), "en-replacement")
    t2.arrive("it-inf-xx-7", "3015")
    assert rules_of(check(t2)) == []


def test_reinforcement_not_placed():
    t = new()
    t.advance_to(GameDate(1915, 5, 2), "en-reinforcement")
    step = t.next_phase()
    found = [f for f in check(t) if f.rule == "25-2"]
    # the German division due in the CP phase of the same turn was not placed either
    assert [(f.step, f.side) for f in found] == [(step - 4, "central-powers"), (step, "entente")]
    assert "200 Inf XX is due in 3616 on Turn 2 May 1915" in found[0].message
    assert "9 Inf XX is due in 3016" in found[1].message


def test_reinforcement_into_enemy_zoc():
    t = new()
    t.advance_to(GameDate(1915, 5, 2), "en-reinforcement")
    step = t.arrive("it-inf-xx-9", "3320")           # next to the Trieste garrison at 3419
    f = only(check(t), "25-3")
    assert f.step == step and "enemy-controlled" in f.message


def test_withdrawal_not_made():
    t = new()
    t.advance_to(GameDate(1915, 5, 2), "en-replacement")
    step = t.next_phase()                            # turn 3: it-inf-xx-2 still on the map
    f = only(check(t), "25-8")
    assert f.step == step and "still on the map in 3120" in f.message


# ------------------------------------------------------------------ Italian Front 3-4 and 3-9

def test_garrison_moves():
    t = new()
    t.next_phase()
    step = t.move("ah-inf-x-trieste", "3319")
    f = only(check(t), "IF 3-4")
    assert f.step == step and "garrison of 3419" in f.message


def test_garrison_in_combat_phase_needs_a_retreat_declaration():
    t = new()
    t.next_phase(6)                                  # Entente combat
    t.move("ah-inf-x-trieste", "3519")
    assert only(check(t), "IF 3-4", "undetermined").missing.startswith("a !retreat")
    t2 = new()
    t2.next_phase(6)
    t2.declare("!retreat Tst Inf X 3419-3519")
    t2.move("ah-inf-x-trieste", "3519")
    assert [f for f in check(t2) if f.rule == "IF 3-4"] == []


def test_german_unit_enters_italy_before_august_1916():
    t = new()
    t.advance_to(GameDate(1915, 5, 2), "cp-reinforcement")
    t.arrive("de-inf-xx-200", "3616")
    t.next_phase()
    t.move("de-inf-xx-200", "3516", "3416")          # still Austria-Hungary (col 34)
    assert "IF 3-9" not in rules_of(check(t))
    step = t.move("de-inf-xx-200", "3316")           # Italy
    f = only(check(t), "IF 3-9")
    assert f.step == step and "3316" in f.message and "Turn 6 August 1916" in f.message


# ------------------------------------------------------------------ rail declarations (7)

def test_rail_movement_declarations():
    t = new()
    t.next_phase(5)                                  # Entente movement
    t.declare("!rail 1 Inf XX 3118-3218-3318")        # legal: Italian lines, no EZOC
    assert rules_of(check(t)) == []
    step = t.declare("!rail 1 Inf XX 3118-3218-3318-3418")   # 3418: the A-H network
    f = only(check(t), "9-1")
    assert f.step == step and "3418" in f.message


def test_rail_declared_into_enemy_zoc():
    t = new()
    t.next_phase()                                   # CP movement
    t.move("ah-inf-xx-57", "3418")                   # its ZOC now covers 3318
    t.next_phase(4)                                  # Entente movement
    step = t.declare("!rail 1 Inf XX 3118-3218-3318")
    f = only(check(t), "7-6")
    assert f.step == step and "3318" in f.message


def test_rail_declared_outside_movement_phase():
    t = new()
    step = t.declare("!rail 1 Inf XX 3118-3218")     # CP Reinforcement Arrival Phase
    f = only(check(t), "7-1")
    assert f.step == step


def test_ground_move_after_rail_uses_the_mp_left():
    t = new()
    t.next_phase(5)
    t.declare("!rail 1 Inf XX 3118-3218-3318")       # 1 + 2/10 → 2 MP (7-7), 2 of MA 4 left
    t.move("it-inf-xx-1", "3318", "3317")            # clear 1: legal
    assert rules_of(check(t)) == []
    t.move("it-inf-xx-1", "3316", "3315")            # 3 MP after rail: over the 2 left
    assert "6-9" in rules_of(check(t))


def test_rail_then_ground_in_one_drag():
    t = new()
    t.next_phase(5)
    t.declare("!rail 1 Inf XX 3118-3218-3318")
    t.move("it-inf-xx-1", "3317")                    # dragged straight from 3118: rail + 1 MP
    assert rules_of(check(t)) == []


# ------------------------------------------------------------------ undo

def test_undone_illegal_move_is_not_reported():
    t = new()
    t.next_phase()                                   # CP movement
    t.move("it-inf-xx-1", "3018")                    # illegal (Entente unit)...
    t.undo()                                         # ...taken back
    assert rules_of(check(t)) == []


def test_unknown_declaration_is_a_warning_not_a_violation():
    t = new()
    step = t.declare("!teleport 1 Inf XX")
    f = check(t)
    assert rules_of(f) == []
    w = only(f, "declaration", "warning")
    assert w.step == step and "unknown declaration !teleport" in w.message


def test_rail_capacity_per_turn():
    from modgen.model.types import RailCapacity
    t = new(rail_capacities=(RailCapacity("italy", 1),))
    t.next_phase(5)
    t.declare("!rail 1 Inf XX 3118-3218")
    assert rules_of(check(t)) == []                  # 1 of 1 division
    t.move("it-inf-xx-1", "3218")
    step = t.declare("!rail 3 Inf XX 3020-3120-3220")
    f = [x for x in check(t) if x.rule == "8-1"]
    assert len(f) == 1 and f[0].step == step and "capacity 1" in f[0].message
