"""The supply, fortress and morale rules that came after the first supply checker, each through
``modgen check`` on a scripted log with a legal game (clean) and an illegal one: 18-8, 18-9, 18-11
(Supply Point markers), 18-12 (markers in the front totals), 20-11 and 20-13 (pockets), 21-12
(open cities), 26-6 and 26-7 (national morale), and IF 15-1's returning HQ (no 23-3)."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import combat_game as cg  # noqa: E402

from modgen.check.engine import check_log  # noqa: E402
from modgen.check.logread import parse_log  # noqa: E402
from modgen.hexgrid import Hex  # noqa: E402
from modgen.model import load_game  # noqa: E402
from modgen.model.types import GameDate  # noqa: E402
from modgen.testing import TestGame  # noqa: E402

P = cg.P
GAME = load_game("italian-front")
MAY = GAME.scenarios["if-1915-05"]


def check(t, scenario=None):
    return check_log(parse_log(t.text()), t.game, scenario or t.scenario)


def of(report, rule, severity="violation"):
    return [f for f in report.findings if f.rule == rule and f.severity == severity]


def only(report, rule, severity="violation"):
    hits = of(report, rule, severity)
    assert len(hits) == 1, report.findings
    return hits[0]


def bad(report):
    return [f for f in report.findings if f.severity in ("violation", "undetermined")]


# ------------------------------------------------------------------ 18-8, 18-9 marker moves

# the combat test map has no rail line: a marker moves only to or from a friendly HQ's hex
MARKER_SETUP = [P("fr-hq-xxxx-6th", "1911"), P("de-inf-xx-9", "2905"), P("de-hq-xxxx-2nd", "2805")]


def marker_moves(first, second=None):
    t = cg.new(MARKER_SETUP, first_phase="en-movement")
    t.add_marker("supply-points", "1911", "3")           # placed on the sending HQ (18-7)
    t.move("supply-points", *first)
    if second:
        t.advance_to(GameDate(1915, 6, 2), "en-movement")
        t.move("supply-points", *second)
    t.next_phase()
    return check(t)


def test_18_8_a_marker_moves_as_an_infantry_division_with_ma_4():
    assert bad(marker_moves(["1912", "1913", "1914", "1915"])) == []   # 4 MP from the HQ
    f = only(marker_moves(["1912", "1913", "1914", "1915", "1916"]), "18-8")
    assert "more than 4 MP on the ground as an infantry division" in f.message


def test_18_9_off_the_rail_lines_only_to_or_from_an_hq():
    assert bad(marker_moves(["1912"], ["1911"])) == []  # back to the HQ: it may
    f = only(marker_moves(["1912"], ["1913"]), "18-9")   # neither end at an HQ, no rail line
    assert "no rail line joins the two hexes and no friendly HQ stands at either end" in f.message


def test_18_8_a_rail_line_near_the_hq_leaves_a_long_move_undetermined():
    t = TestGame(GAME, MAY)
    t.advance_to(GameDate(1915, 6, 1), "entente-movement")
    t.add_marker("supply-points", "2122", "3")           # on the 1st Army HQ, on a rail line
    t.set_supply_points("it-hq-xxxx-1st", 2)
    t.move("supply-points", "2022", "1923", "1824", "1724", "1625")   # 5 hexes of clear
    t.next_phase()
    r = check(t)
    assert of(r, "18-8") == []
    assert "!rail" in only(r, "18-8", "undetermined").missing


# ------------------------------------------------------------------ 18-11

def marker_met(how):
    setup = [P("fr-hq-xxxx-6th", "1911"), P("de-inf-xx-7", "2211"), P("de-hq-xxxx-2nd", "2505")]
    t = cg.new(setup, first_phase="en-movement")
    t.add_marker("supply-points", "1911", "2")
    t.move("supply-points", "2011")                      # off its HQ, next to nothing
    t.advance_to(GameDate(1915, 6, 2), "cp-movement")
    if how in ("enter", "enter and remove"):
        t.move("de-inf-xx-7", "2111", "2011")
        if how == "enter and remove":
            t.delete("supply-points")
        t.next_phase()
    else:
        t.move("de-inf-xx-7", "2111")
        t.next_phase()
        t.declare("!attack 2011 with 7 Inf XX")
        t.roll("1d6", [4])
        if how == "attack and remove":
            t.delete("supply-points")
        t.next_phase()
    return check(t)


def test_18_11_a_marker_is_eliminated_when_an_enemy_enters_or_attacks_it():
    for how in ("enter and remove", "attack and remove"):
        assert bad(marker_met(how)) == [], how
    assert "a marker is eliminated at once when an enemy unit enters its hex" in \
        only(marker_met("enter"), "18-11").message
    r = marker_met("attack")
    assert "attacked alone" in only(r, "18-11").message
    assert of(r, "12-1") == []                           # a marker alone may be attacked


# ------------------------------------------------------------------ 18-12

def test_18_12_markers_count_in_the_front_totals():
    def play(held: int):
        t = TestGame(GAME, MAY)
        t.declare("!duration")
        t.advance_to(GameDate(1915, 6, 1), "cp-movement")
        t.set_supply_points("ah-hq-xxxx-tir", held + 5)    # (SP from nowhere: 25-7's finding)
        t.add_marker("supply-points", "2215", "5")         # sent by Tir HQ (18-7), in transit
        t.set_supply_points("ah-hq-xxxx-tir", held)
        t.move("supply-points", "2216")
        t.advance_to(GameDate(1915, 7, 0), "trench-completion")
        t.next_phase()
        return [f for f in check(t).findings if f.rule == "15-4"]
    assert play(33) == []                                 # 33 + 5 = 38 ≤ 40
    (f,) = play(38)                                       # 38 + 5 = 43 > 40; 38 alone is not
    assert f.severity == "violation" and "hold 38 SP and SP markers of 5" in f.message


# ------------------------------------------------------------------ 20-13

RING = ["de-inf-xx-8", "de-inf-xx-9", "de-inf-xx-7", "de-inf-xx-5", "de-inf-xx-10", "de-aslt-xx-12"]


def pocketed(removed: str | None):
    setup = [P("fr-inf-xx-1", "2015"), P("fr-inf-xx-2", "2512"), P("de-hq-xxxx-2nd", "2820")] + \
        [P(c, str(n)) for c, n in zip(RING, Hex.parse("2015").neighbours())]
    g = cg.game(setup, first_phase="en-reinforcement")
    t = TestGame(g, g.scenarios["t"])
    t.next_phase(4)                                       # the Entente half turn, surrounded
    if removed == "cp-reinforcement":
        t.eliminate("fr-inf-xx-1")                        # before the next CP Movement Phase
    t.next_phase()                                        # into the CP Movement Phase
    t.next_phase()
    return check(t)


def test_20_13_units_in_a_pocket_for_a_half_turn_are_destroyed():
    r = pocketed("cp-reinforcement")
    assert bad(r) == []
    f = only(pocketed(None), "20-13")
    assert "1 Inf XX in 2015 was surrounded in a pocket without a fortress" in f.message
    assert f.phase == "Central Powers Movement Phase"


# ------------------------------------------------------------------ 20-11

POCKET2 = ["2014", "2115", "2116", "1916", "1915", "2117", "2017", "1917"]
RING8 = ["de-inf-xx-8", "de-inf-xx-9", "de-inf-xx-7", "de-inf-xx-5", "de-inf-xx-10", "de-inf-xx-6",
         "de-aslt-xx-12", "de-aslt-xx-13"]


def pocket_counterattack(counter: str):
    # the HQ in the pocket holds SP and, on a rail line, has a line of communication (19-15)
    setup = [P("fr-inf-xx-1", "2015"), P("fr-hq-xxxx-6th", "2016", supply_points=5),
             P("de-hq-xxxx-2nd", "2820")] + [P(c, h) for c, h in zip(RING8, POCKET2)]
    t = cg.new(setup, hexsides={"2015|2016": {"rail": "single"}})
    t.declare("!attack 2015 with 9 Inf XX supply 2nd 2")    # 9 Inf XX is in 2115
    t.roll("1d6", [1])
    t.declare(counter)
    t.roll("1d6", [1])
    t.flip("de-inf-xx-9")
    t.next_phase()
    return check(t)


def test_20_11_surrounded_units_take_sp_from_their_pockets_hq():
    r = pocket_counterattack("!counterattack 2015 supply 6th 2")
    assert bad(r) == []
    f = only(pocket_counterattack("!counterattack 2015 supply none"), "20-11")
    assert "counterattacks without Supply Points while 6th HQ XXXX in its pocket holds SP" in \
        f.message


# ------------------------------------------------------------------ 21-12

CITY = {"2010": {"country": "france", "city": True},
        "1405": {"country": "france", "capital": True}}


def open_city(*, siege: bool, leave: bool, date=GameDate(1914, 8, 1)):
    setup = [P("fr-fort-3", "2010"), P("fr-inf-xx-1", "2010"), P("de-hq-xxxx-2nd", "2505"),
             P("de-sart-x-1" if siege else "de-inf-x-2", "2210")]
    g = cg.game(setup, hexes=CITY, date=date, last=GameDate(date.year, date.month, 7),
                first_phase="cp-movement")
    t = TestGame(g, g.scenarios["t"])
    t.move("de-sart-x-1" if siege else "de-inf-x-2", "2110")            # adjacent to the city
    t.delete("fr-fort-3")                                 # the fortress declares an open city
    if leave:
        t.move("fr-inf-xx-1", "1911")
    t.next_phase()
    return check(t)


def test_21_12_open_city_before_a_siege_gun():
    r = open_city(siege=True, leave=True)
    assert bad(r) == []
    f = only(open_city(siege=True, leave=False), "21-12")
    assert "as an open city (an enemy siege artillery unit is adjacent)" in f.message
    assert "1 Inf XX stayed in it" in f.message
    # no condition holds (a line to the capital, no siege gun, 2 SP against 4): 21-8 judges it
    r = open_city(siege=False, leave=False)
    assert "21-8" in {f.rule for f in of(r, "21-8")} and of(r, "21-12") == []
    # 21-12 is only for August and September 1914
    assert of(open_city(siege=True, leave=False, date=GameDate(1914, 10, 1)), "21-12") == []


# ------------------------------------------------------------------ 26-6, 26-7

def morale_game(dm: int, supply: str):
    t = TestGame(GAME, MAY)
    t.declare("!duration")
    t.declare(f"!dm austria-hungary {dm} test")           # 26-1: DM declared for the test
    t.advance_to(GameDate(1915, 6, 1), "cp-combat")        # past the June Monthly Special Turn
    t.declare(f"!attack 1818 with 54M Mtn X {supply}")
    t.roll("1d6", [6])
    t.next_phase()
    return check(t)


def test_26_6_no_unsupplied_attacks_under_shaken_morale():
    # 220 at the start + 340 + 13 (15-8, June) = 573 ≥ 550: Shaken
    r = morale_game(340, "supply Tir 1")
    assert of(r, "26-6") == [] and of(r, "26-6", "undetermined") == []
    f = only(morale_game(340, "supply none"), "26-6")
    assert "suffers Shaken National Morale" in f.message
    r = morale_game(100, "supply none")                    # 333 DM: no morale effect
    assert of(r, "26-6") == [] and of(r, "26-6", "undetermined") == []


def test_26_7_a_surrendering_countrys_units_are_removed():
    assert of(morale_game(340, "supply Tir 1"), "26-7") == []
    f = only(morale_game(400, "supply Tir 1"), "26-7")     # 633 ≥ 600 (1915): surrender
    assert "Austria-Hungary has surrendered" in f.message


def test_end_of_game_notes_the_contradictory_morale_thresholds():
    eog = morale_game(100, "supply Tir 1").end_of_game
    assert any("15-10: Economic Collapse at 275 in 1914, 275 in 1915 is below Shaken National "
               "Morale at 300" in n for n in eog.notes)
    assert any("15-9: Economic Collapse at 375 in 1914, 525 in 1915" in n for n in eog.notes)


# ------------------------------------------------------------------ IF 15-1 and 23-3

def test_if_15_1_a_returning_hq_is_no_23_3_rebuild():
    def play(duration: bool, phase: str):
        t = TestGame(GAME, MAY)
        if duration:
            t.declare("!duration")
        t.advance_to(GameDate(1915, 6, 3), "cp-combat")
        t.eliminate("ah-hq-xxxx-tir")
        t.advance_to(GameDate(1915, 9, 4), phase)
        t.move("ah-hq-xxxx-tir", "2215")
        t.next_phase()
        return check(t)
    r = play(True, "cp-reinforcement")
    assert of(r, "23-3") == [] and of(r, "IF 15-1") == []
    assert len(of(play(False, "cp-reinforcement"), "23-3")) == 1     # no IF 15-1 outside one
    assert len(of(play(True, "cp-movement"), "23-3")) == 1           # not a reinforcement phase
