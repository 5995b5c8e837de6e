"""modgen.systems.der_weltkrieg.rules.supply: supply lines (19-5, 19-7, 19-8, 21-2, 22-15) and length penalties
(19-9, 19-10, 19-13, 19-15, 34-2, 34-3), with Figure 11 (WE-DW-17 example 2)."""
from __future__ import annotations

from modgen.systems.der_weltkrieg.rules import BoardState, make_map, supply_length_penalty, supply_line
from test_rules_support import EN, H, tec_costs, unit


def _figure11():
    """Fixture terrain (the figure gives only the totals): the printed paths are the cheap ones."""
    sides = {"1712|1711": {"terrain": "clear"}, "1711|1710": {"terrain": "clear"},
             "1710|1809": {"terrain": "rough"},                              # 1 + 1 + 3 = 5
             "1812|1811": {"terrain": "woods"}, "1811|1810": {"terrain": "woods"},
             "1810|1809": {"terrain": "woods"},                              # 2 + 2 + 2 = 6
             "1713|1613": {"terrain": "clear"}, "1613|1513": {"terrain": "woods"},
             "1513|1412": {"terrain": "woods"}, "1412|1411": {"terrain": "clear"}}   # 6
    m = make_map((12, 20), (7, 16), default_terrain="mountain", hexsides=sides)
    g1712 = unit("1712", cid="g1", strength=5)
    g1812a = unit("1812", cid="g2", strength=9)
    g1812b = unit("1812", cid="g3", strength=5)
    ghq = unit("1809", cid="ghq", type="hq", strength=None)
    fr = unit("1713", side=EN, cid="fr", nation="france", strength=4)
    frhq = unit("1411", side=EN, cid="frhq", nation="france", type="hq", strength=None)
    return BoardState.build(m, [g1712, g1812a, g1812b, ghq, fr, frhq]), (g1712, g1812a, fr)


def test_we_dw_17_figure_11_supply_line_lengths():
    board, (g1712, g1812, fr) = _figure11()
    costs = tec_costs()
    a = supply_line(board, g1712, H("1712"), H("1809"), costs, max_mp=12)
    b = supply_line(board, g1812, H("1812"), H("1809"), costs, max_mp=12)
    c = supply_line(board, fr, H("1713"), H("1411"), costs, max_mp=12)
    assert (a.mp, b.mp, c.mp) == (5, 6, 6)
    assert a.path == tuple(map(H, ["1712", "1711", "1710", "1809"]))
    assert c.describe() == "1713-1613-1513-1412-1411 = 6 MP"
    # 19-9: 1712 loses 1, each 1812 unit loses 2 → 4 + 7 + 3 = 14 (the CRT column of the figure)
    assert 5 - supply_length_penalty(a.mp) + 9 - supply_length_penalty(b.mp) \
        + 5 - supply_length_penalty(b.mp) == 14
    assert supply_length_penalty(c.mp, counterattack=True) == 0          # 6 ≤ 8 (19-10)


def test_supply_line_blocked_by_enemy_units_and_uncovered_ezoc_19_7():
    costs = tec_costs()
    m = make_map((5, 20), (5, 15))
    me = unit("1010", cid="me")
    hq = unit("1410", cid="hq", type="hq", strength=None)
    board = BoardState.build(m, [me, hq])
    assert supply_line(board, me, H("1010"), H("1410"), costs, max_mp=8).mp == 4
    # a wall of enemy ZOC across the line (enemy units in column 12, rows 5-15)
    wall = [unit(f"12{r:02d}", side=EN, cid=f"e{r}", nation="italy") for r in range(5, 16)]
    blocked = BoardState.build(m, [me, hq, *wall])
    assert supply_line(blocked, me, H("1010"), H("1410"), costs, max_mp=30) is None
    # a friendly ground combat unit in an EZOC hex opens it; ZOC costs are not counted (19-8)
    friend = [unit("1110", cid="f1"), unit("1210", cid="f2"), unit("1310", cid="f3")]
    hole = [u for u in wall if u.hex != H("1210")]
    opened = BoardState.build(m, [me, hq, *hole, *friend])
    line = supply_line(opened, me, H("1010"), H("1410"), costs, max_mp=30)
    assert line is not None and line.mp == 4 and H("1210") in line.path
    # without the friend in 1310 (controlled by the enemy in 1209) the line is cut again
    cut = BoardState.build(m, [me, hq, *hole, *friend[:2]])
    assert supply_line(cut, me, H("1010"), H("1410"), costs, max_mp=30) is None


def test_supply_line_not_across_lake_or_alpine_and_bounded():
    costs = tec_costs()
    m = make_map((9, 12), (9, 12), default_terrain="alpine",
                 hexsides={"1010|1011": {"terrain": "lake"}})
    me = unit("1010")
    assert supply_line(BoardState.build(m, [me]), me, H("1010"), H("1011"), costs, max_mp=20) is None
    m2 = make_map((5, 20), (5, 20))
    assert supply_line(BoardState.build(m2, [me]), me, H("1010"), H("1016"), costs, max_mp=5) is None
    assert supply_line(BoardState.build(m2, [me]), me, H("1010"), H("1016"), costs, max_mp=6).mp == 6


def test_trench_counts_in_supply_line_22_15():
    costs = tec_costs()
    m = make_map((9, 12), (9, 12), default_terrain="mountain", hexsides={"1010|1011": {"terrain": "clear"}})
    me = unit("1010")
    board = BoardState.build(m, [me], markers={"1011": ["trench"]})
    assert supply_line(board, me, H("1010"), H("1011"), costs, max_mp=8).mp == 3


def test_length_penalties():
    assert supply_length_penalty(4) == 0 and supply_length_penalty(7) == 3
    assert supply_length_penalty(7, hq_adjacent=True) == 0                    # 19-13
    assert supply_length_penalty(7, winter=True) == 4                          # 34-2
    assert supply_length_penalty(10, counterattack=True) == 2
    assert supply_length_penalty(10, counterattack=True, winter=True) == 4     # 34-3
    assert supply_length_penalty(5, hq_without_loc=True) == 3                  # 19-15
    assert supply_length_penalty(5, hq_without_loc=True, hq_adjacent=True) == 3
    assert supply_length_penalty(5, counterattack=True, hq_without_loc=True) == 2


def test_cavalry_far_from_rail_port_or_hq_in_winter_30_4():
    from modgen.systems.der_weltkrieg.rules import cavalry_supply_effect, supply_line_to_any
    costs = tec_costs()
    m = make_map((1, 30), (5, 15))
    it_cav = unit("0510", side=EN, cid="c", type="cav", nation="italy", strength=2, movement=6)
    gb_cav = unit("0510", side=EN, cid="g", type="cav", nation="great-britain", strength=2, movement=6)
    board = BoardState.build(m, [it_cav])
    sources = [H("1610"), H("2010")]                   # rail hexes / HQ: nearest is 11 hexes away
    line = supply_line_to_any(board, it_cav, H("0510"), sources, costs, max_mp=20)
    assert line.mp == 11 and line.path[-1] == H("1610")
    assert cavalry_supply_effect(it_cav, 12, line) == (3, 4)       # December: −3, MA 4
    assert cavalry_supply_effect(gb_cav, 1, line) == (3, 5)        # British: MA 5
    assert cavalry_supply_effect(it_cav, 8, line) == (0, None)     # August: no effect
    near = supply_line_to_any(board, it_cav, H("0510"), [H("1310")], costs, max_mp=20)
    assert near.mp == 8 and cavalry_supply_effect(it_cav, 12, near) == (0, None)
    # nothing within the search limit: at least the loss at the limit, never more than known
    assert supply_line_to_any(board, it_cav, H("0510"), sources, costs, max_mp=9) is None
    assert cavalry_supply_effect(it_cav, 12, None, search_limit=9) == (2, 4)
    infantry = unit("0510", side=EN, cid="i", nation="italy")
    assert cavalry_supply_effect(infantry, 12, None) == (0, None)
