"""The rules asked on every move or phase end return early when nothing they judge changed (the
speed work on ``bench_check``): each early return or kept answer here has a game where a wrong one
would miss the finding.

* 6-9/6-10: a legal ground drop is priced without the full check only when no ``!column`` (or
  ``!rail``) names the unit: a declared Column Movement into an enemy ZOC within the MA is still a
  6-10 violation at its first drop;
* IF 6: "the mobilization schedule is over" is kept per phase: a tracker set back to a turn
  before the schedule's last date judges the moves of that turn again;
* 18-11: the Supply Point markers on the map are kept while no marker piece moves: a marker placed
  after an earlier phase end (when there was none) is still seen;
* 22-4: at a phase end only the markers whose hex changed are judged: after phase ends with no
  move at all, the builder leaving its marker's hex is still a 22-4 violation;
* 26-3: a city hex's map data is kept per hex: a city whose hex a friendly unit entered first
  (no DM: its own side's) is still taken when an enemy unit enters it.
"""
from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[1]))
import check_game  # noqa: E402
import combat_game as cg  # noqa: E402

from modgen.check.engine import Checker, check_log  # noqa: E402
from modgen.check.logread import parse_log  # noqa: E402
from modgen.hexgrid import Hex  # noqa: E402
from modgen.model.types import GameDate  # noqa: E402
from modgen.systems.der_weltkrieg.checks.demoralization import game_state  # noqa: E402
from modgen.testing import TestGame  # noqa: E402

from test_check_rules_more import mobilization_game  # noqa: E402
from test_check_trenches_fortresses import initiation, isonzo  # noqa: E402


def findings(t: TestGame):
    return check_log(parse_log(t.text()), t.game, t.scenario).findings


def of(found, rule, severity="violation"):
    return [f for f in found if f.rule == rule and f.severity == severity]


# ------------------------------------------------------------------ 6-9 / 6-10

def _next_to_the_ezoc() -> TestGame:
    """The check game with 1 Inf XX in 3318: 3418 (next to the enemy in 3419 and 3518) is one
    clear hexside on, 2 MP with the enemy ZOC, within its MA 4."""
    g = check_game.game()
    sc = g.scenarios["if-test"]
    setup = tuple(dataclasses.replace(p, hex=Hex(33, 18)) if p.counter == "it-inf-xx-1" else p
                  for p in sc.setup)
    g = check_game.game(setup=setup)
    t = TestGame(g, g.scenarios["if-test"])
    t.next_phase(5)                                   # Entente movement
    return t


def test_6_10_a_declared_column_move_is_checked_in_full_from_its_first_drop():
    t = _next_to_the_ezoc()
    t.move("it-inf-xx-1", "3418")
    assert [f for f in findings(t) if f.severity == "violation"] == []   # 2 MP of 4: legal
    t = _next_to_the_ezoc()
    t.declare("!column it-inf-xx-1")
    step = t.move("it-inf-xx-1", "3418")
    hit = of(findings(t), "6-10")
    assert len(hit) == 1 and hit[0].step == step
    assert "Column Movement may not enter the enemy-controlled hex 3418" in hit[0].message


# ------------------------------------------------------------------ IF 6

def test_if_6_the_schedule_is_over_only_for_the_phase_it_was_worked_out_in():
    t = mobilization_game()
    t.advance_to(GameDate(1915, 5, 2), "en-movement")
    t.move("it-inf-xx-1", "3017")                     # 2 May: the schedule is over
    assert of(findings(t), "IF 6") == []
    t.set_turn(GameDate(1915, 5, 1), "en-movement")   # the tracker set back to 1 May
    step = t.move("it-inf-xx-4", "3022")              # "all other units": mobilized 2 May
    hit = of(findings(t), "IF 6")
    assert len(hit) == 1 and hit[0].step == step
    assert "completes mobilization on Turn 2 May 1915" in hit[0].message


# ------------------------------------------------------------------ 18-11

def test_18_11_a_marker_placed_after_an_earlier_phase_end_is_seen():
    setup = [cg.P("fr-hq-xxxx-6th", "1911"), cg.P("de-inf-xx-7", "2211"),
             cg.P("de-hq-xxxx-2nd", "2505")]
    t = cg.new(setup, first_phase="en-reinforcement")
    t.next_phase()                                    # a phase end with no SP marker on the map
    t.add_marker("supply-points", "1911", "2")
    t.move("supply-points", "2011")                   # off its HQ
    t.advance_to(GameDate(1915, 6, 2), "cp-movement")
    t.move("de-inf-xx-7", "2111", "2011")             # an enemy enters the marker's hex
    end = t.next_phase()
    hit = of(findings(t), "18-11")
    assert len(hit) == 1 and hit[0].step == end
    assert "a marker is eliminated at once when an enemy unit enters its hex" in hit[0].message


# ------------------------------------------------------------------ 22-4

def test_22_4_after_phase_ends_with_no_move_the_builder_leaving_is_seen():
    t = initiation(isonzo())
    t.add_marker("construction", "3218")
    t.advance_to(GameDate(1915, 6, 1), "cp-movement")  # phase ends with nothing moved
    t.next_phase(4)
    t.advance_to(GameDate(1915, 6, 2), "cp-movement")
    assert [f for f in findings(t) if f.rule.startswith("22")] == []
    t.move("ah-inf-x-181", "3318")                    # the builder leaves: the marker must go
    end = t.next_phase()
    hit = [f for f in findings(t) if f.rule.startswith("22")]
    assert [f.rule for f in hit] == ["22-4"] and hit[0].step == end
    assert "the Construction marker in 3218 is in a hex without a unit" in hit[0].message


# ------------------------------------------------------------------ 26-3 cities

def _city_game(enemy_enters: bool):
    setup = [cg.P("fr-inf-xx-88t", "1911"), cg.P("de-inf-xx-7", "2211")]
    t = cg.new(setup, hexes={"2011": {"country": "france", "city": True, "name": "Testville"}},
               first_phase="en-movement")
    t.move("fr-inf-xx-88t", "2011")                   # its own side's city: nothing taken
    t.move("fr-inf-xx-88t", "1911")
    t.advance_to(GameDate(1915, 6, 2), "cp-movement")
    if enemy_enters:
        t.move("de-inf-xx-7", "2111", "2011")
    ch = Checker(t.game, t.scenario)
    ch.run(parse_log(t.text()))
    return game_state(ch.ctx)


def test_26_3_a_city_entered_by_its_own_side_first_is_taken_by_the_enemy_later():
    assert Hex(20, 11) not in _city_game(False).cities_taken
    g = _city_game(True)
    assert Hex(20, 11) in g.cities_taken
    assert any("Testville" in str(item) for item in g.ledger.items)
