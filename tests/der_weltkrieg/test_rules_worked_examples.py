"""The Der Weltkrieg worked examples (shared/docs/worked-examples.md WE-DW-01..09) reproduced
exactly by modgen.systems.der_weltkrieg.rules, with the small maps each example needs built as MapDef objects here.
The TEC numbers come from tables/der-weltkrieg/tec.yaml."""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from modgen.systems.der_weltkrieg.rules import (BoardState, SimpleRailNetworks, StackingOptions, check_movement,
                          check_rail_move, check_stacking, division_groups, enemy_zoc,
                          hq_rail_divisions, limit_for_land_hexsides, make_map,
                          rail_capacity_divisions, stack_count, stacking_limit, step_cost,
                          zoc_of_unit)
from test_rules_support import CP, EN, H, tec_costs, unit


def test_we_dw_01_cumulative_hexside_cost():
    """6-7: wooded rough 4 + river 1 − single-track rail 1 = 4 MP (pre-adjustment 5 ≥ 4)."""
    m = make_map((10, 11), (10, 11), hexsides={"1010|1011": {"terrain": "wooded_rough", "river": True,
                                                             "rail": "single"}})
    u = unit("1010", type="inf")
    s = step_cost(BoardState.build(m, [u]), u, H("1010"), H("1011"), tec_costs())
    assert s.mp == 4
    assert s.parts == (("wooded rough", 4), ("river", 1), ("single-track rail", -1))
    assert "6-7" in s.rules
    assert s.describe() == "1010→1011 wooded rough 4 + river 1 − single-track rail 1 = 4"


FIG3_SIDES = {"2915|2815": {"terrain": "clear"},
              "2815|2716": {"terrain": "woods", "river": True, "rail": "double"},
              "2716|2717": {"terrain": "broken", "river": True}}


def test_we_dw_02_figure_3_ground_movement():
    """Figure 3: 2915→2815→2716→2717 costs 1, 2, 2 (cumulative 1, 3, 5) for the 8th Cav Div."""
    m = make_map((26, 30), (13, 19), hexsides=FIG3_SIDES)
    cav = unit("2915", type="cav", nation="germany", designation="8", strength=3, movement=5)
    board = BoardState.build(m, [cav])
    path = ["2915", "2815", "2716", "2717"]
    steps = [step_cost(board, cav, H(a), H(b), tec_costs()) for a, b in zip(path, path[1:])]
    assert [s.mp for s in steps] == [1, 2, 2]
    cumulative = [sum(s.mp for s in steps[:i + 1]) for i in range(len(steps))]
    assert cumulative == [1, 3, 5]
    res = check_movement(board, cav, path, tec_costs())
    assert res.verdict == "legal" and res.spent == 5 and res.allowance == 5
    # DIFFERENCES §5: had the line been single track, the 3-MP hexside would not be reduced
    m1 = make_map((26, 30), (13, 19), hexsides={**FIG3_SIDES, "2815|2716": {
        "terrain": "woods", "river": True, "rail": "single"}})
    s1 = step_cost(BoardState.build(m1, [cav]), cav, H("2815"), H("2716"), tec_costs())
    assert s1.mp == 3


def _figure4():
    rails = {k: {"terrain": "clear", "rail": "double"}
             for k in ("2015|1915", "1915|1815", "1815|1716", "1716|1615")}
    m = make_map((14, 21), (13, 18), country="germany",
                 hexsides={**rails, "1716|1616": {"terrain": "broken"}})
    div39 = unit("2015", type="inf", size="XX", nation="germany", designation="39", movement=5)
    french = unit("1516", side=EN, type="inf", nation="france")   # adjacent to 1615 and 1616
    board = BoardState.build(m, [div39, french])
    return board, div39


def test_we_dw_03_figure_4_rail_then_ground():
    board, div39 = _figure4()
    costs = tec_costs()
    ez = enemy_zoc(board, CP)
    assert {H("1615"), H("1616")} <= ez and H("1716") not in ez
    nets = SimpleRailNetworks(board)
    # entrain 1 MP, then +0.1 per rail hex entered
    totals = [check_rail_move(board, div39, ["2015", x], nets, {"germany"}).cost
              for x in ("2015", "1915", "1815", "1716")]
    assert totals == [Fraction(1), Fraction(11, 10), Fraction(12, 10), Fraction(13, 10)]
    rail = check_rail_move(board, div39, ["2015", "1716"], nets, {"germany"})
    assert rail.verdict == "legal" and rail.path == tuple(map(H, ("2015", "1915", "1815", "1716")))
    assert rail.detrained_mp == 2                   # 7-7: 1.3 rounds up to 2
    bad = check_rail_move(board, div39, ["2015", "1615"], nets, {"germany"})
    assert bad.verdict == "illegal" and bad.rule == "7-6" and "1615" in bad.message
    # ground movement after rail: 1716 → 1616 broken 1 + enter EZOC 1 = 2; German may enter (7-8)
    ground = check_movement(board, replace(div39, hex=H("1716")), ["1716", "1616"], costs,
                            rail_used=True, allowance=5 - rail.detrained_mp)
    assert ground.verdict == "legal" and ground.spent == 2
    assert rail.detrained_mp + ground.spent == 4


def test_we_dw_05_figure_6_zone_of_control():
    m = make_map((7, 12), (7, 12))
    inf = unit("0910", type="inf")
    board = BoardState.build(m, [inf])
    assert zoc_of_unit(board, inf) == set(map(H, ["0909", "0911", "0809", "0810", "1009", "1010"]))


def test_we_dw_06_figure_7_moving_through_enemy_zoc():
    m = make_map((7, 12), (7, 12))
    french = unit("0910", side=EN, type="inf", nation="france")
    german = unit("1110", type="inf", size="XX", nation="germany", movement=5)
    board = BoardState.build(m, [french, german])
    costs = tec_costs()
    s1 = step_cost(board, german, H("1110"), H("1010"), costs)
    s2 = step_cost(board, german, H("1010"), H("0911"), costs)
    assert [s1.mp, s2.mp] == [2, 3]
    assert s2.describe() == "1010→0911 clear 1 + leave EZOC 1 + enter EZOC 1 = 3"
    res = check_movement(board, german, ["1110", "1010", "0911"], costs)
    assert res.verdict == "legal" and res.spent == 5
    # 33-2: an assault unit pays 2 for the second step
    aslt = replace(german, counter=replace(german.counter, type="aslt"))
    assert step_cost(board, aslt, H("1010"), H("0911"), costs).mp == 2


@pytest.mark.parametrize("sp,expected", [(42, 5), (20, 2), (10, 1), (11, 2)])
def test_we_dw_07_hq_rail_capacity(sp, expected):
    assert hq_rail_divisions(sp) == expected
    hq = replace(unit(type="hq", size="XXXX", strength=None, movement=4), supply_points=sp)
    assert rail_capacity_divisions(hq) == expected


def test_we_dw_08_reduced_stacking_in_coastal_hexes():
    sea = {f"1202|{n}": {"terrain": "ocean"} for n in ("1201", "1302", "1303", "1203")}
    m = make_map((11, 13), (1, 4), hexsides=sea)
    board = BoardState.build(m)
    lim = stacking_limit(board, H("1202"))
    assert lim.land_hexsides == 2
    assert (lim.divisions, lim.artillery) == (4, 2)
    assert lim.max_attackers == (8, 4)
    assert limit_for_land_hexsides(2).divisions == 4
    five = [unit("1202", cid=f"d{i}", type="inf") for i in range(5)]
    v = check_stacking(BoardState.build(m, five), CP, H("1202"))
    assert v is not None and v.rule == "11-9"
    assert "5 divisions in 1202 (limit 4, 2 land hexsides)" in v.message
    assert check_stacking(BoardState.build(m, five[:4]), CP, H("1202")) is None


def test_we_dw_09_divisional_components_as_one_division():
    regs = [unit("1609", cid=f"r{i}", type="inf", size="III", strength=2, movement=5) for i in range(5)]
    opts = StackingOptions(full_division_strength={"germany": 8})
    groups = division_groups(regs, opts)
    assert sorted((g.strength for g in groups), reverse=True) == [8, 2]
    assert len(groups) == 2          # the supply-length reduction is applied twice, not five times
    assert [g.rule for g in groups if g.strength == 8] == ["27-3"]
    # stacking: the 8-SP group is one division, the fifth regiment counts 1/2 (11-6)
    assert stack_count(regs, opts).divisions == Fraction(3, 2)
    # without 27-3 five regiments would count 5 × 1/2
    assert stack_count(regs, StackingOptions(divisional_components=False)).divisions == Fraction(5, 2)


def test_we_dw_04_figure_5_rail_repair_by_an_engineer():
    from modgen.systems.der_weltkrieg.rules import SimpleRailNetworks, rail_repair
    line = ["2106", "2107", "2007", "1908", "1907"]
    sides = {f"{a}|{b}": {"terrain": "clear", "rail": "double"} for a, b in zip(line, line[1:])}
    sides.update({"2206|2207": {"terrain": "clear", "rail": "double"},
                  "2107|2207": {"terrain": "clear", "rail": "double"}})
    m = make_map((17, 23), (4, 10), country="belgium", hexsides=sides)
    eng = unit("2107", type="eng", size="III", nation="germany", designation="20", strength=1, movement=4)
    board = BoardState.build(m, [eng])
    german = {H(h): "germany" for h in ("2106", "2107", "2206", "2207")}
    nets = SimpleRailNetworks(board, owner=german)     # the rest is Belgian (inoperative for Germany)
    path = ["2107", "2007", "1908", "1907"]
    move = check_movement(board, eng, path, tec_costs(), column=False)
    assert move.verdict == "legal" and move.spent == 3
    rep = rail_repair(board, eng, path, nets, {"germany", "austria-hungary"})
    assert rep.network == "germany"
    assert rep.converted == tuple(map(H, ["2007", "1908", "1907"]))
    assert rep.notes == ()
    # 9-6: starting in the Belgian network repairs nothing; 9-5: column movement repairs nothing
    assert rail_repair(board, replace(eng, hex=H("2007")), path[1:], nets, {"germany"}).converted == ()
    assert rail_repair(board, eng, path, nets, {"germany"}, column=True).converted == ()
    # 9-7 / 9-8: a devastated hex or an enemy ZOC stops the repair
    dev = BoardState.build(m, [eng], markers={"1908": ["devastation"]})
    r = rail_repair(dev, eng, path, SimpleRailNetworks(dev, owner=german), {"germany"})
    assert r.converted == (H("2007"),) and r.notes[0].startswith("9-7")
    enemy = unit("1808", side=EN, cid="be", nation="belgium")       # controls 1908, not 2007
    zb = BoardState.build(m, [eng, enemy])
    r = rail_repair(zb, eng, path, SimpleRailNetworks(zb, owner=german), {"germany"})
    assert r.converted == (H("2007"),) and r.notes[0].startswith("9-8")
    # only Engineers repair (9-4)
    inf = unit("2107", cid="i", nation="germany")
    assert rail_repair(board, inf, path, nets, {"germany"}).notes[0].startswith("9-4")
