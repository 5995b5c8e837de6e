"""The combat arithmetic of modgen.systems.der_weltkrieg.combat, each function on the numbers of the
Standard Rules' worked examples (../shared/docs/worked-examples.md restates them; the numbers are
the rulebook's, 000 = The Italian Front)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import combat_game  # noqa: E402

from modgen.hexgrid import Hex
from modgen.systems.der_weltkrieg.rules import combat as C


def crt():
    return combat_game.real_tables()["crt"]


# ------------------------------------------------------------------ 13-3 / Figure 8 (WE-DW-10)

def _ring(x: Hex) -> list[Hex]:
    """The neighbours of ``x`` in ring order (Figure 8's A..F)."""
    ns = x.neighbours()
    ring = [ns[0]]
    while len(ring) < 6:
        ring.append(next(n for n in ns if n not in ring and n in ring[-1].neighbours()))
    return ring


def test_we_dw_10_figure_8_terrain_choices():
    x = Hex.parse("2817")
    a, b, c, d, e, f = _ring(x)
    letter = dict(zip((a, b, c, d, e, f), "ABCDEF"))

    def choose(*attackers):
        return sorted(letter[h] for h in C.terrain_choice_hexsides(x, attackers))
    assert choose(b) == ["A", "B", "C"]                     # hexsides 1, 2, 3
    assert choose(b, c) == ["A", "B", "C", "D"]             # 1-4
    assert choose(b, d) == ["A", "B", "C", "D", "E"]        # 1-5


def test_terrain_choices_exclude_water_neutral_and_urban_13_4_21_4():
    x = Hex.parse("2817")
    a, b, c, d, e, f = _ring(x)
    terrain = {a: "lake", b: "clear", c: "urban", d: "woods", e: "rough", f: "hilly"}
    tc = C.terrain_choices(x, [b], terrain)
    assert tc.terrains == ("clear",)                         # A lake, C urban (13-4) not allowed
    tc = C.terrain_choices(x, [c], terrain)                  # attacked through the urban hexside
    assert tc.terrains == ("clear", "urban", "woods")
    assert C.terrain_choices(x, [c], terrain, fortress=True).terrains == ("clear", "woods")  # 21-4
    assert C.terrain_choices(x, [b], terrain, neutral=[b]).terrains == ()   # neutral border
    two_urban = dict(terrain, e="urban")
    two_urban[e] = "urban"
    assert "urban" in C.terrain_choices(x, [d], two_urban).terrains          # 2 urban hexsides
    assert "urban" in C.terrain_choices(x, [b], terrain, city_center=True).terrains
    only_urban = {n: "urban" for n in (a, b, c)}
    assert C.terrain_choices(x, [b], only_urban, fortress=True).terrains == ("broken",)


# ------------------------------------------------------------------ 13-22 (WE-DW-13), Figure 9 (WE-DW-11)

def test_we_dw_13_half_on_top_of_minus_one():
    assert C.strength_under_markers(8, ["1/2", "-1"]) == 3       # halved, then −1
    assert C.strength_under_markers(8, ["-1", "1/2"]) == 3       # −1, then halved (7 → 3)
    assert C.marker_strengths(9, ["1/2", "-1"]) == {3, 4}         # the rounding is not stated
    assert C.strength_under_markers(1, ["-1", "-1"]) == 0


def test_we_dw_11_figure_9_numbers():
    # attack: 13 (8 + 10 under a 1/2 marker) + 2 + 5 = 20; rough −3: die 4 → 1
    assert 8 + C.strength_under_markers(10, ["1/2"]) + 2 + 5 == 20
    assert C.adjusted_die(4, [C.Modifier("rough", -3, "13-9")]) == 1
    # counterattack 8 × 3 = 24, die 4 + 3 (Figure 9) = 7, or + 1 (the TEC's rough row)
    assert (4 + 4) * C.counterattack_multiplier() == 24
    assert C.adjusted_die(4, [C.Modifier("rough", 3, "13-15")]) == 7
    # 14-4: 2 < 1/2 of 8: no mandatory retreat (French, clear of every exception)
    r = C.mandatory_retreat(2, 8, year=1915, nations=["france"])
    assert r.must is False and r.rule == "14-4"
    # losses: attacker 8→6, brigade 2→1, then the division under the 1/2 marker 6→3 = 6
    units = [C.LossUnit("8 Inf XX", "infantry", 8, 3, 6), C.LossUnit("2 Inf X", "infantry", 2, 1, 1),
             C.LossUnit("10 Inf XX", "infantry", 5, 5, 6), C.LossUnit("5 Inf XX", "infantry", 5, 5, 5)]
    assert sum(u.lost for u in units) == 6
    assert C.loss_order_problems(units) == []
    # the same losses while the 5 in 2918 were still above its back side: 13-24
    bad = units[:3] + [C.LossUnit("5 Inf XX", "infantry", 7, 7, 5)]
    assert [r for r, _m in C.loss_order_problems(bad)] == ["13-24"]
    # supply (derived): attacker ⌈20/4⌉ = 5, defender ⌈8/2⌉ = 4
    assert C.supply_points_for(20, 4) == 5 and C.supply_points_for(8, 2) == 4


def test_we_dw_11_printed_cells_of_figure_9():
    t = crt()
    assert t.result(20, 1) == 2 and t.cell_is_printed(20, 1)
    assert t.result(24, 7) == 6 and t.cell_is_printed(24, 7)
    assert not t.cell_is_printed(24, 5)                        # the TEC's +1 reading: placeholder


# ------------------------------------------------------------------ 13-19 (WE-DW-12), 13-25, 13-26

def test_we_dw_12_more_than_50_sp():
    t = crt()
    for d in range(-1, 9):
        assert t.result(135, d) == 2 * t.cell(50, d) + t.cell(35, d)
    assert not t.cell_is_printed(135, 3)


def test_die_cap_and_clamp_13_12_13_16_13_25():
    mods = [C.Modifier("rough", -3, "13-9"), C.Modifier("trench", -2, "22-7"),
            C.Modifier("river", -2, "13-5")]
    assert C.capped_modifier(mods) == -4
    assert C.adjusted_die(1, mods) == -1
    assert C.adjusted_die(6, [C.Modifier("x", 6, "29-10")]) == 8
    assert C.adjusted_die(3, [C.Modifier("x", 6, "29-10")]) == 7       # +4 at most


def test_1917_table_13_26():
    from modgen.model.types import GameDate
    t = crt()
    assert t.table_for(GameDate(1916, 12, 7)).id == "standard"
    assert t.table_for(GameDate(1917, 1, 1)).id == "1917"


# ------------------------------------------------------------------ 14-3, 21-5 (WE-DW-19), 14-4, 14-17 (WE-DW-15)

def test_we_dw_19_retreat_out_of_a_fortress_hex():
    assert C.retreat_reduced_loss(10, fortress_sp=3) == (3, 5)          # 7 − round(7/3) = 5
    assert C.retreat_reduced_loss(10, fortress_sp=3, reduce=False) == (3, 7)   # 40-6, 42-3
    assert not C.retreat_reduces_losses(["austria-hungary"])
    assert not C.retreat_reduces_losses(["italy"])
    assert C.retreat_reduces_losses(["france"])
    assert C.retreat_reduced_loss(4) == (0, 3)                          # 4 − round(1.33)
    assert C.retreat_reduced_loss(5) == (0, 3)                          # 5 − round(1.67)


def test_we_dw_15_retreated_units_left_out_14_17():
    # 4 SP in the hex, 6 SP retreated into it: the result 2 forces a retreat (2 ≥ 1/2 of 4)
    assert C.mandatory_retreat(2, 4, year=1915, nations=["france"]).must is True
    assert C.mandatory_retreat(2, 10, year=1915, nations=["france"]).must is False


def test_mandatory_retreat_variants():
    kw = dict(year=1915, nations=["france"])
    assert C.mandatory_retreat(4, 8, city_or_port=True, **kw).must is False
    assert C.mandatory_retreat(4, 8, urban_chosen=True, **kw).must is False
    assert C.mandatory_retreat(8, 8, fortress=True, **kw).must is False          # 21-5
    t = C.mandatory_retreat(4, 8, trench=True, **kw)
    assert (t.must, t.rule) == (False, "22-8")
    assert C.mandatory_retreat(8, 8, trench=True, **kw).must is True
    assert C.mandatory_retreat(4, 8, trench=True, trench_negated="22-18", **kw).must is True
    s = C.mandatory_retreat(4, 8, terrain_drm=-3, **kw)                           # 22-16 in 1915
    assert (s.must, s.rule) == (False, "22-16")
    assert C.mandatory_retreat(4, 8, terrain_drm=-2, **kw).must is True           # not in 1915
    assert C.mandatory_retreat(4, 8, terrain_drm=-2, year=1916, nations=["france"]).must is False
    assert C.mandatory_retreat(4, 8, terrain_halves=True, **kw).rule == "22-16"
    m = C.mandatory_retreat(3, 8, mountain_alpine_usable=True, **kw)
    assert m.must is None                                                          # 14-18, 20-1 unknown
    m = C.mandatory_retreat(3, 8, mountain_alpine_usable=True, surrounded=False, **kw)
    assert (m.must, m.rule) == (False, "14-18")
    # nation rules: one third
    assert C.mandatory_retreat(3, 9, year=1915, nations=["italy"]).rule == "42-2"
    assert C.mandatory_retreat(3, 9, year=1915, nations=["italy"]).must is True
    assert C.mandatory_retreat(3, 9, year=1918, nations=["italy"]).must is False
    assert C.mandatory_retreat(3, 9, year=1915, nations=["austria-hungary"]).rule == "40-4"
    ah_de = C.mandatory_retreat(3, 9, year=1915, nations=["austria-hungary", "germany"])
    assert (ah_de.must, ah_de.rule) == (False, "40-5")
    assert C.mandatory_retreat(3, 9, year=1916, nations=["austria-hungary"]).must is False
    assert C.mandatory_retreat(3, 9, year=1915, nations=["russia"]).rule == "41-2"
    assert C.mandatory_retreat(3, 9, year=1915, nations=["russia"], russia_41_3=True).must is False
    r = C.mandatory_retreat(3, 9, year=1917, nations=["romania"])
    assert (r.must, r.rule) == (True, "47-2")
    assert C.mandatory_retreat(2, 8, surrounded=True, **kw).must is True           # 20-7: 1/4
    assert C.mandatory_retreat(4, 8, trench=True, assault_first_turn=True, **kw).must is True  # 33-3
    assert C.mandatory_retreat(4, 8, fortress=True, assault_vs_fort=True, **kw).must is True   # 33-8


# ------------------------------------------------------------------ 14-8 (WE-DW-14 priorities)

def test_we_dw_14_retreat_priorities():
    # case a: 1509 enemy controlled, held by a friendly unit, closer; 1510 not controlled, same
    # distance: 1510 is priority 2, 1509 priority 3; 1610 (controlled, empty) is 7
    p1509 = C.retreat_priority(True, True, 2, 3)
    p1510 = C.retreat_priority(False, False, 3, 3)
    p1610 = C.retreat_priority(True, False, 2, 3)
    assert (p1509, p1510, p1610) == (3, 2, 7)
    best, certain = C.best_priority({"1509": p1509, "1510": p1510, "1610": p1610})
    assert (best, certain) == (2, True)
    # case b: 1511 and 1512 both closer and free: priority 1
    assert C.retreat_priority(False, False, 3, 4) == C.retreat_priority(False, False, 2, 4) == 1
    # unknown distance: every priority it could have
    assert C.retreat_priority(False, False, None, 3) == frozenset({1, 2, 5})
    assert C.retreat_priority(True, False, None, None) == frozenset({7})


# ------------------------------------------------------------------ 15-4 (WE-DW-16)

def test_we_dw_16_advance_order():
    units = {"6-5": (8, 6), "1-4": (2, 1)}
    assert C.advance_order_problems(units, []) == []
    assert C.advance_order_problems(units, ["1-4"]) == []
    assert C.advance_order_problems(units, ["1-4", "6-5"]) == []
    bad = C.advance_order_problems(units, ["6-5"])
    assert len(bad) == 1 and "6-5 (25% lost) advanced before 1-4 (50% lost)" in bad[0]


# ------------------------------------------------------------------ 29 (WE-DW-18)

def test_we_dw_18_artillery_attack_on_a_fortress():
    art = [4, 3, 8, 8]
    assert C.supply_points_for(sum(art), 2) == 12                     # 29-6: ⌈23/2⌉
    assert C.artillery_doubled_vs_fortress(15, 4)                     # 29-11: < 4 × 4 = 16
    assert not C.artillery_doubled_vs_fortress(16, 4)
    assert 2 * sum(art) == 46                                         # the CRT column
    m = C.artillery_vs_fortress_modifier(4)
    assert m.drm == 4 and C.capped_modifier([m]) == 4                  # 29-10, 13-25
    assert C.capped_modifier([C.artillery_vs_fortress_modifier(6)]) == 4
    # the variant with infantry attacking too: the fortress counterattacks at 36 × 3 = 108
    assert 36 * C.counterattack_multiplier(fortress=True) == 108
    assert C.counterattack_multiplier(fortress=True, retreating=True) == 3   # never retreats
    assert C.counterattack_multiplier(fortress=True, russian_fortress=True) == 1   # 41-4
    assert C.counterattack_multiplier(artillery=True) == 2             # 29-5


# ------------------------------------------------------------------ 21-10, 21-11 (WE-DW-20)

def test_we_dw_20_fortress_surrender():
    assert C.fortress_prone_after(12) == 7 and C.fortress_prone_after(13) == 14
    assert C.fortress_prone_after(23) == 14 and C.fortress_prone_after(24) == 28
    assert C.fortress_prone_turns(15, 13) == 0
    assert C.fortress_prone_turns(15, 14) == 1                         # "the next turn … 1"
    assert C.fortress_surrenders(2, 1) is True                         # 2 − 1 = 1 ≤ 1
    assert C.fortress_surrenders(3, 1) is False
    assert C.fortress_surrenders(2, 0) is False


# ------------------------------------------------------------------ 33 (WE-DW-21, WE-DW-22)

def test_we_dw_21_assault_unit_takes_losses_first():
    # 12-5 assault division (regular 8) with other infantry; counterattack result 8
    good = [C.LossUnit("12-5", "infantry", 12, 8, 6, assault_full=8),
            C.LossUnit("8-5", "infantry", 8, 6, 6), C.LossUnit("8-5b", "infantry", 8, 6, 6)]
    assert sum(u.lost for u in good) == 8 and C.loss_order_problems(good) == []
    bad = [C.LossUnit("12-5", "infantry", 12, 12, 6, assault_full=8),
           C.LossUnit("8-5", "infantry", 8, 6, 6), C.LossUnit("8-5b", "infantry", 8, 6, 6)]
    assert [r for r, _m in C.loss_order_problems(bad)] == ["33-4"]


def test_we_dw_22_assault_strength_points():
    assert C.assault_sp(12, 8) == 4
    assert C.assault_sp(5, None, pure=True) == 5                     # AlpK, Jgr (33-5)
    assert C.negates_22_16(4, 4) is False and C.negates_22_16(4, 3) is True


# ------------------------------------------------------------------ 13-23 classes, winter, solid defence

def test_loss_classes_13_23():
    assert C.loss_class("cav", attacking=True, full_strength=1, nation="france") == "attacking cavalry"
    assert C.loss_class("cav", attacking=False, full_strength=1, nation="france") == "defending cavalry"
    assert C.loss_class("cav", attacking=True, full_strength=2, nation="france") == "infantry"
    assert C.loss_class("cav", attacking=True, full_strength=2, nation="germany") == "attacking cavalry"
    units = [C.LossUnit("cav", "attacking cavalry", 2, 2, 1), C.LossUnit("inf", "infantry", 4, 3, 3)]
    assert [r for r, _m in C.loss_order_problems(units)] == ["13-23"]
    defending = [C.LossUnit("inf", "infantry", 4, 0, 3), C.LossUnit("cav", "defending cavalry", 2, 1, 1)]
    assert C.loss_order_problems(defending) == []
    fort = [C.LossUnit("inf", "infantry", 4, 3, 3), C.LossUnit("fort", "fortress", 3, 3, 0)]
    assert [r for r, _m in C.loss_order_problems(fort, fortress_first=True)] == ["21-5"]


def test_winter_and_solid_defence():
    assert C.is_winter(12, 1) and C.is_winter(2, 7) and not C.is_winter(3, 1)
    assert C.is_winter(4, 7, italy=True) and not C.is_winter(5, 1, italy=True)     # 34-5
    assert C.winter_italy_reduction(10) == 7                          # −⌈10/4⌉
    assert C.solid_defence(True, 10, 2, 8) and not C.solid_defence(True, 9, 2, 8)
    assert C.solid_defence(True, 8, 2, 4)                             # a 4-SP division is enough
    assert not C.solid_defence(False, 20, 1, 8)
    assert C.solid_defence_artillery_needed(1917, "italy") == 4
    assert C.solid_defence_artillery_needed(1915, "west") == 3
    a, c = C.solid_defence_modifiers(True, 1, 2, "clear")
    assert (a.drm, c.drm) == (-1, 2)
    a, c = C.solid_defence_modifiers(True, 1, 2, "woods")
    assert (a.drm, c) == (-1, None)
    assert C.solid_defence_modifiers(True, 2, 2, "clear") == (None, None)


def test_river_only_when_every_attacker_crosses_13_5():
    assert C.river_applies([(True, False), (True, False)]) == "river"
    assert C.river_applies([(True, False), (False, False)]) is None
    assert C.river_applies([(False, True), (False, True)]) == "major_river"
    assert C.river_applies([(False, True), (True, False)]) == "river"


@pytest.mark.parametrize("s", [0, 1, 5, 9, 50])
def test_halving_options(s):
    h = C.halve_options(s)
    assert min(h) == s // 2 and max(h) == -(-s // 2)
