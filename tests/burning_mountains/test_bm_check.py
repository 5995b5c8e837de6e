"""The Burning Mountains checker on scripted logs (``modgen check``): for each rule enforced a legal
and an illegal game, with the numbers behind each finding."""
from __future__ import annotations

import pytest

from bm_game import (GAME, MAP, a_crag, real_game, check, check_cli, combat_notes, fresh, high_mountain, open_ground,
                     rules_of, six_four_site)
from modgen.hexgrid import Hex
from modgen.systems.burning_mountains import module as M


# ---------------------------------------------------------------- 3.0 sequence, 12.4 first turn

def test_sequence_of_play_legal_from_the_ah_combat_phase_of_gt1(tmp_path):
    g = fresh(1, "ah", "combat")
    g.next_phase(8)          # through the Italian player turn and GT 2's A-H player turn to its combat
    assert (g.gt, g.turn_side, g.phase) == (2, "ah", "combat")
    r = check(g, tmp_path)
    assert "3.0" not in rules_of(r)


def test_sequence_of_play_skipping_a_phase(tmp_path):
    g = fresh(1, "ah", "combat")
    g.next_phase()
    g.set_turn(1, "it", "movement")        # skips the Italian Reinforcement Phase
    r = check(g, tmp_path)
    [f] = [f for f in r.findings if f.rule == "3.0"]
    assert f.severity == "violation" and "continues with GT 1 Italian Reinforcement Phase" in f.message


def test_module_set_up_starts_at_the_ah_combat_phase(tmp_path):
    g = real_game()
    assert (g.gt, g.turn_side, g.phase) == (1, "ah", "combat")
    g.next_phase()
    code, js = check_cli(g, tmp_path)
    assert code == 0 and js["summary"]["total"]["violation"] == 0


def test_12_4_immobile_units_on_gt1_and_gt2(tmp_path):
    g = real_game()
    g.advance_to(1, "it", "movement")
    g.move("it-inf-x-ivrea", "2904")
    g.move("it-hart-2903", "2904")
    g.move("it-inf-x-treviso", "2507")          # not one of the 12.4 units
    r = check(g, tmp_path)
    found = [f for f in r.findings if f.rule == "12.4"]
    assert {u.id for f in found for u in f.units} == {"it-inf-x-ivrea", "it-hart-2903"}
    assert all(f.severity == "violation" and "GT 1" in f.message for f in found)


def test_12_4_unless_attacked_and_from_gt3(tmp_path):
    g = real_game()
    g.declare("!attack 2903 with 56 Inf X, 2803")
    g.combat_roll(3, 3, 3)
    g.advance_to(1, "it", "movement")
    g.move("it-inf-x-ivrea", "2904")             # attacked on GT 1: may move
    g.advance_to(3, "it", "movement")
    g.move("it-inf-x-salerno", "3004")           # GT 3: the 12.4 restriction is over
    r = check(g, tmp_path)
    assert "12.4" not in rules_of(r)


# ---------------------------------------------------------------- 4 movement, 6 EZOC

def test_move_within_ma_is_clean(tmp_path):
    h = open_ground("clear")
    g = fresh(3, "it", "movement")
    u = g.place("it-inf-x-sassari", h)
    g.move(u, h.neighbour("N"), h.neighbour("N").neighbour("N"))
    r = check(g, tmp_path)
    assert r.findings == []


def test_move_over_ma_by_the_rulebook_lower_bound_is_a_violation(tmp_path):
    g = fresh(3, "it", "movement")
    u = g.place("it-inf-x-sassari", "2218")     # MA 6; clear ground, no roads: 7 hexes north
    g.move(u, "2211")
    r = check(g, tmp_path)
    [f] = [f for f in r.findings if f.rule == "4.1"]
    assert f.severity == "violation" and "at least 7 MP" in f.message and "MA 6" in f.message


def test_move_over_a_placeholder_ma_is_undetermined(tmp_path):
    """The same move on the real counters, whose values are placeholders (no counter is printed,
    missing-data M11): over MA 6 by the rulebook's own lower bound, but MA 6 is a placeholder, so
    the verdict is undetermined naming it (on the printed test copy it is the violation above)."""
    from bm_game import REAL
    from modgen.systems.burning_mountains.testgame import BmTestGame
    assert GAME.counters["it-inf-x-sassari"].placeholder("movement") is None
    assert "no counter is printed" in REAL.counters["it-inf-x-sassari"].placeholder("movement")
    g = BmTestGame(REAL, gt=3, turn_side="it", phase="movement")
    u = g.place("it-inf-x-sassari", "2218")
    g.move(u, "2203")                          # 15 hexes: over MA 6 whatever the real terrain
    r = check(g, tmp_path)
    assert [f for f in r.findings if f.severity == "violation"] == []
    [f] = [f for f in r.findings if f.rule == "4.1"]
    assert f.severity == "undetermined" and "MA 6 of " in f.message and "is a placeholder" in f.message
    assert "no counter is printed in the rulebook" in f.missing


def test_move_over_ma_only_by_placeholder_costs_is_undetermined(tmp_path):
    g = fresh(3, "it", "movement")
    u = g.place("it-inf-x-sassari", "1418")     # low mountain 2 MP each (placeholder): 4 hexes = 8 > 6
    g.move(u, "1417", "1416", "1415", "1414")
    r = check(g, tmp_path)
    [f] = [f for f in r.findings if f.rule == "4.1"]
    assert f.severity == "undetermined" and "spent 8 MP" in f.message and "MA 6" in f.message
    assert "Terrain Effects Chart" in f.missing


def test_minimum_move_one_hex_regardless_of_cost(tmp_path):
    e, a, b = six_four_site()
    g = fresh(3, "it", "movement")
    g.place("ah-inf-x-55", e)
    u = g.place("it-art-asiago", a)              # MA 4: a single hex is always allowed (4.3)
    g.move(u, [n for n in a.neighbours() if n in MAP.hexes and n != e][0])
    r = check(g, tmp_path)
    assert "4.1" not in rules_of(r)


def test_crag_cannot_be_crossed(tmp_path):
    g = fresh(3, "it", "movement")
    u = g.place("it-hart-canove", "1505")       # MA 3; 1506 is open only from 1507: 1405-1406-1507-1506
    g.move(u, "1506")
    g.flip(u)
    r = check(g, tmp_path)
    [f] = [f for f in r.findings if f.rule == "4.5"]
    assert f.severity == "violation" and "crag" in f.message and "at least 4 MP, MA 3" in f.message


def test_crag_dragged_across_but_the_way_round_fits(tmp_path):
    g = fresh(3, "it", "movement")
    u = g.place("it-inf-x-sassari", "1505")     # MA 6: the way round (4) fits, the drag is read so
    g.move(u, "1506")
    assert "4.5" not in rules_of(check(g, tmp_path))


def test_enemy_combat_unit_hex_cannot_be_entered(tmp_path):
    h = open_ground("clear")
    g = fresh(3, "ah", "movement")
    g.place("it-inf-x-sassari", h.neighbour("N"))
    u = g.place("ah-inf-x-55", h)
    g.move(u, h.neighbour("N"))
    r = check(g, tmp_path)
    assert [f.severity for f in r.findings if f.rule == "4.1"] == ["violation"]


def test_ezoc_costs_count(tmp_path):
    """6.3: +1 to enter, +1 to leave, EZOC to EZOC +2: north from 2218 past an enemy in 2315 (its ZOC
    holds 2215 and 2214), the drop on 2214 has cost 4 hexes + 1 (enter 2215) + 2 (2215 to 2214) = 7
    by the rulebook's own numbers, over MA 6: reported at that drop, once."""
    g = fresh(3, "ah", "movement")
    g.place("it-inf-x-sassari", "2315")
    u = g.place("ah-inf-x-55", "2218")
    g.move(u, "2217", "2216", "2215", "2214", "2213", "2212")
    r = check(g, tmp_path)
    [f] = [f for f in r.findings if f.rule == "4.1"]
    assert f.severity == "violation" and "at least 7 MP (2218-2217-2216-2215-2214" in f.message
    assert "MA 6" in f.message
    g2 = fresh(3, "ah", "movement")
    u = g2.place("ah-inf-x-55", "2218")
    g2.move(u, "2217", "2216", "2215", "2214", "2213", "2212")      # no enemy: 6 MP, legal
    assert check(g2, tmp_path, "g2.vlog").findings == []


def test_6_4_ezoc_to_ezoc_of_a_higher_enemy_is_prohibited_unless_negated(tmp_path):
    e, a, b = six_four_site()
    g = fresh(3, "it", "movement")
    g.place("ah-inf-x-55", e)
    u = g.place("it-hart-canove", a)            # MA 3: the way round (out of and into the EZOC) is 4
    g.move(u, b)
    g.flip(u)
    r = check(g, tmp_path)
    [f] = [f for f in r.findings if f.rule == "6.4"]
    assert f.severity == "violation" and "higher altitude" in f.message
    g2 = fresh(3, "it", "movement")
    g2.place("ah-inf-x-55", e)
    g2.place("it-inf-x-liguria", b)              # a friendly unit in b negates the EZOC for 6.4
    u = g2.place("it-hart-canove", a)
    g2.move(u, b)                                # EZOC to EZOC: 1 + 1 + 1 = 3 = MA
    g2.flip(u)
    r2 = check(g2, tmp_path, "g2.vlog")
    assert "6.4" not in rules_of(r2) and "4.1" not in rules_of(r2)


def test_moving_outside_the_own_movement_phase(tmp_path):
    h = open_ground("clear")
    g = fresh(3, "ah", "movement")
    u = g.place("it-inf-x-sassari", h)
    g.move(u, h.neighbour("N"))                 # Italian unit in the A-H Movement Phase
    r = check(g, tmp_path)
    assert [f.rule for f in r.findings] == ["3.1"]


# ---------------------------------------------------------------- 5 stacking

def test_stacking_high_mountain_two_steps(tmp_path):
    h = high_mountain()
    g = fresh(3, "ah", "movement")
    g.place("ah-inf-x-55", h)
    u = g.place("ah-mtn-iii-kj1", h.neighbour("S"), reduced=True)
    g.move(u, h)
    g.next_phase()
    r = check(g, tmp_path)
    [f] = [f for f in r.findings if f.rule == "5.1"]
    assert f.severity == "violation" and "3 steps" in f.message and "limit 2" in f.message


def test_stacking_legal_and_placeholder_limit(tmp_path):
    h = high_mountain()
    clear = open_ground("clear")
    g = fresh(3, "ah", "movement")
    g.place("ah-inf-x-55", h)
    for cid in ("ah-inf-x-19", "ah-inf-x-20", "ah-inf-x-67"):
        g.place(cid, clear)
    u = g.place("ah-inf-x-68", clear.neighbour("N"))
    g.move(u, clear)                               # 8 steps in clear: over the placeholder 6
    g.next_phase()
    r = check(g, tmp_path)
    fs = [f for f in r.findings if f.rule == "5.1"]
    assert len(fs) == 1 and fs[0].severity == "undetermined" and "8 steps" in fs[0].message
    assert "placeholder" in fs[0].message


def test_one_artillery_unit_per_hex(tmp_path):
    h = open_ground("clear")
    g = fresh(3, "ah", "movement")
    g.place("ah-art-iii", h)
    u = g.place("ah-art-xx", h.neighbour("N"))
    g.move(u, h)
    g.flip(u)
    g.next_phase()
    r = check(g, tmp_path)
    assert [f.rule for f in r.findings] == ["5.1"] and "artillery" in r.findings[0].message


def test_artillery_that_moves_is_flipped_to_mov(tmp_path):
    h = open_ground("clear")
    g = fresh(3, "ah", "movement")
    u = g.place("ah-art-iii", h)
    g.move(u, h.neighbour("N"))
    g.next_phase()
    r = check(g, tmp_path)
    assert [f.rule for f in r.findings] == ["12.3"]


# ---------------------------------------------------------------- 13 reinforcements

def test_reinforcements_on_time_in_their_hexes(tmp_path):
    g = fresh(2, "ah", "reinforcement")
    u = g.place("ah-inf-x-57", map_name=M.pool_name("Austro-Hungarian"))
    g.move(u, "1801")
    r = check(g, tmp_path)
    assert "13.0" not in rules_of(r)


def test_reinforcements_early_or_outside_the_phase(tmp_path):
    g = fresh(2, "ah", "reinforcement")
    u = g.place("ah-inf-x-19", map_name=M.pool_name("Austro-Hungarian"))   # arrives on GT 3
    v = g.place("ah-inf-x-58", map_name=M.pool_name("Austro-Hungarian"))
    g.move(u, "1801")
    g.next_phase()
    g.move(v, "1901")                                                      # in the Movement Phase
    r = check(g, tmp_path)
    fs = [f for f in r.findings if f.rule == "13.0"]
    assert [f.severity for f in fs] == ["violation", "violation"]
    assert "arrives on GT 3" in fs[0].message and "Reinforcement Phase" in fs[1].message


def test_reinforcement_entry_hex_is_a_placeholder(tmp_path):
    g = fresh(2, "ah", "reinforcement")
    u = g.place("ah-inf-x-57", map_name=M.pool_name("Austro-Hungarian"))
    g.move(u, "1402")
    r = check(g, tmp_path)
    [f] = [f for f in r.findings if f.rule == "13.0"]
    assert f.severity == "undetermined" and "1501-2201" in f.message


def test_eliminated_units_never_return(tmp_path):
    g = fresh(3, "it", "reinforcement")
    u = g.place("it-inf-x-sassari", map_name=M.ELIMINATED)
    g.move(u, open_ground("clear"))
    r = check(g, tmp_path)
    assert "10.3.2" in rules_of(r, "violation")


def test_fortresses_do_not_move(tmp_path):
    g = fresh(3, "it", "movement")
    u = g.place("it-fort-verena", "2215")
    g.move(u, "2214")
    r = check(g, tmp_path)
    assert [(f.rule, f.severity) for f in r.findings] == [("12.2", "violation")]


# ---------------------------------------------------------------- 5.2 the excess eliminated

def _overstack(eliminate: str | None, after: int = 1):
    """3 steps in a high mountain hex (limit 2) at the end of the A-H Movement Phase; then in the
    next phase the owner eliminates ``eliminate`` (or nothing), and ``after`` phases end."""
    h = high_mountain()
    g = fresh(3, "ah", "movement")
    g.place("ah-inf-x-55", h)
    u = g.place("ah-mtn-iii-kj1", h.neighbour("S"), reduced=True)
    g.move(u, h)
    g.next_phase()                                 # the A-H Combat Phase: 5.1, the excess is due
    if eliminate:
        g.eliminate(eliminate)
    g.next_phase(after)
    return g


def test_5_2_the_excess_eliminated_in_time(tmp_path):
    r = check(_overstack("ah-mtn-iii-kj1"), tmp_path)
    assert "5.1" in rules_of(r, "violation") and "5.2" not in rules_of(r)


def test_5_2_the_excess_not_eliminated(tmp_path):
    r = check(_overstack(None), tmp_path)
    [f] = [f for f in r.findings if f.rule == "5.2"]
    assert f.severity == "violation" and "1 step(s) over the limit 2" in f.message
    assert "0 eliminated by the end of the next phase" in f.message


def test_5_2_a_placeholder_limit_is_undetermined_and_a_log_that_stops_early_too(tmp_path):
    clear = open_ground("clear")
    g = fresh(3, "ah", "movement")
    for cid in ("ah-inf-x-19", "ah-inf-x-20", "ah-inf-x-67"):
        g.place(cid, clear)
    u = g.place("ah-inf-x-68", clear.neighbour("N"))
    g.move(u, clear)                               # 8 steps in clear: over the placeholder 6
    g.next_phase(2)
    [f] = [f for f in check(g, tmp_path, "a.vlog").findings if f.rule == "5.2"]
    assert f.severity == "undetermined" and "placeholder" in f.message
    r = check(_overstack(None, after=0), tmp_path, "b.vlog")   # the log ends in the next phase
    [f] = [f for f in r.findings if f.rule == "5.2"]
    assert f.severity == "undetermined" and "log ends" in f.missing
