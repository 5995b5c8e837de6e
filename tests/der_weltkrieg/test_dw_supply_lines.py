"""modgen.systems.der_weltkrieg.supply_lines: supply-line length and reductions (19-8..19-15,
WE-DW-17 example 2), the HQ line of communication (19-15), surrounded units (20-1, 20-9) and
pockets (20-14, 37-7)."""
from __future__ import annotations

from modgen.systems.der_weltkrieg.rules import BoardState, make_map
from modgen.systems.der_weltkrieg.rules.zoc import enemy_zoc, zoc_of_side
from modgen.systems.der_weltkrieg.rules import supply_lines as L
from test_rules_support import CP, EN, H, tec_costs, unit


def _figure11():
    sides = {"1712|1711": {"terrain": "clear"}, "1711|1710": {"terrain": "clear"},
             "1710|1809": {"terrain": "rough"},
             "1812|1811": {"terrain": "woods"}, "1811|1810": {"terrain": "woods"},
             "1810|1809": {"terrain": "woods"},
             "1713|1613": {"terrain": "clear"}, "1613|1513": {"terrain": "woods"},
             "1513|1412": {"terrain": "woods"}, "1412|1411": {"terrain": "clear"}}
    m = make_map((12, 20), (7, 16), default_terrain="mountain", hexsides=sides)
    g1712 = unit("1712", cid="g1", strength=5)
    g1812a = unit("1812", cid="g2", strength=9)
    g1812b = unit("1812", cid="g3", strength=5)
    ghq = unit("1809", cid="ghq", type="hq", strength=None)
    fr = unit("1713", side=EN, cid="fr", nation="france", strength=4)
    frhq = unit("1411", side=EN, cid="frhq", nation="france", type="hq", strength=None)
    return BoardState.build(m, [g1712, g1812a, g1812b, ghq, fr, frhq]), (g1712, g1812a, g1812b, fr)


def test_we_dw_17_example_2_reductions_and_column_14():
    board, (g1712, g1812a, g1812b, fr) = _figure11()
    costs = tec_costs()
    assert L.supply_line_length(board, g1712, H("1809"), costs) == 5
    assert L.supply_line_length(board, g1812a, H("1809"), costs) == 6
    r1 = L.supply_reduction(5)
    r2 = L.supply_reduction(6)
    assert (r1.sp, r1.rule, r2.sp) == (1, "19-9", 2)
    column = (5 - r1.sp) + (9 - r2.sp) + (5 - r2.sp)
    assert column == 14
    # the French counterattack: 6 MP ≤ 8, no reduction (19-10)
    fl = L.supply_line_length(board, fr, H("1411"), costs)
    assert fl == 6 and L.supply_reduction(fl, counterattack=True).sp == 0
    # 19-13: an adjacent HQ removes the attack reduction; 19-15 puts it back with a 2 MP limit
    assert L.supply_reduction(6, hq_adjacent=True).sp == 0
    assert L.supply_reduction(6, hq_adjacent=True, hq_has_loc=False).sp == 4
    unknown = L.supply_reduction(5, hq_has_loc=None)
    assert unknown.sp == 3 and "1 if the HQ has a line of communication" in unknown.note
    assert L.supply_reduction(None).rule == "19-4"
    # beyond the search bound there is no line (19-4)
    assert L.supply_line_length(board, g1812a, H("1809"), costs, max_mp=5) is None


def test_hq_line_of_communication_19_15():
    costs = tec_costs()
    m = make_map((10, 16), (10, 16), country="italy",
                 hexsides={"1412|1512": {"terrain": "clear", "rail": "double"}})
    hq = unit("1112", side=EN, cid="hq", nation="italy", type="hq", strength=None)
    board = BoardState.build(m, [hq])
    loc = L.hq_line_of_communication(board, hq, costs, friendly_countries={"italy"}, ezoc=set())
    assert loc.found and loc.path[0] == H("1112") and loc.path[-1] == H("1412")
    # an enemy ZOC wall in column 13 cuts it, unless a friendly unit holds the hex
    enemy = [unit(f"13{r}", side=CP, cid=f"e{r}", nation="austria-hungary") for r in range(10, 17)]
    walled = BoardState.build(m, [hq] + enemy)
    ez = enemy_zoc(walled, EN)
    assert not L.hq_line_of_communication(walled, hq, costs, friendly_countries={"italy"},
                                          ezoc=ez).found
    # two mountain hexsides on the way: no LOC (at most one)
    mm = make_map((10, 16), (10, 16), country="italy", default_terrain="mountain",
                  hexsides={"1412|1512": {"terrain": "clear", "rail": "double"}})
    b2 = BoardState.build(mm, [hq])
    assert not L.hq_line_of_communication(b2, hq, costs, friendly_countries={"italy"}, ezoc=set()).found
    hq2 = unit("1312", side=EN, cid="hq2", nation="italy", type="hq", strength=None)
    b3 = BoardState.build(mm, [hq2])
    one = L.hq_line_of_communication(b3, hq2, costs, friendly_countries={"italy"}, ezoc=set())
    assert one.found and one.mountain_hexsides == 1
    # a depot counts as an end: one mountain hexside away yes, two no
    assert L.hq_line_of_communication(b2, hq, costs, friendly_countries=set(), ezoc=set(),
                                      depots={H("1212")}).found is True
    assert L.hq_line_of_communication(b2, hq, costs, friendly_countries=set(), ezoc=set(),
                                      depots={H("1312")}).found is False


def test_surrounded_20_1_three_valued_and_fortress_20_9():
    m = make_map((10, 20), (10, 20), country="italy",
                 hexes={"1515": {"city": True}})
    me = unit("1515", side=EN, cid="me", nation="italy")
    ring = [unit(str(n), side=CP, cid=f"r{n}", nation="austria-hungary")
            for n in [x for x in H("1515").neighbours()]]
    # a ring of enemy units around 1515: nothing reachable → surrounded, but 1515 is a city
    b = BoardState.build(m, [me] + [u.at(h) for u, h in zip(ring, [n for n in H("1515").neighbours()])])
    ez = enemy_zoc(b, EN)
    s = L.surrounded(b, me, friendly_countries={"italy"}, ezoc=ez)
    assert s.value is None and "1515" in s.reason             # a friendly city: interior?
    m2 = make_map((10, 20), (10, 20), country="italy")
    b2 = BoardState.build(m2, b.unit_map)
    s2 = L.surrounded(b2, me, friendly_countries={"italy"}, ezoc=enemy_zoc(b2, EN))
    assert s2.value is True and s2.component == frozenset({H("1515")})
    # no ring: the map edge of Italy is reachable
    free = BoardState.build(m2, [me])
    s3 = L.surrounded(free, me, friendly_countries={"italy"}, ezoc=set())
    assert s3.value is False and "map edge" in s3.reason
    # the only edges are Austrian territory: friendly or not, the map data do not say
    m4 = make_map((10, 20), (10, 20), country="austria-hungary")
    s4 = L.surrounded(BoardState.build(m4, [me]), me, friendly_countries={"italy"}, ezoc=set())
    assert s4.value is None and "whether that edge is friendly" in s4.reason
    # 20-9: with a fortress in the hex it is not surrounded
    fort = unit("1515", side=EN, cid="f", nation="italy", type="fortress", size="", movement=None)
    b5 = BoardState.build(m2, list(b.all_units()) + [fort])
    assert L.surrounded(b5, me, friendly_countries={"italy"}, ezoc=enemy_zoc(b5, EN)).value is False
    # 21-10 / 21-8: the fortress itself is judged by 20-1 alone — ringed, it is surrounded
    s6 = L.surrounded(b5, fort, friendly_countries={"italy"}, ezoc=enemy_zoc(b5, EN),
                      fortress_itself=True)
    assert s6.value is True


def test_edge_path_is_a_witness_of_20_1():
    """``edge_path``: the bare-map line down the edge guide; open (every hex after the first
    ``loc_passable``) it proves a line of communication, as the full search finds."""
    m = make_map((10, 20), (10, 20), country="italy")
    guide = L.edge_distances(BoardState.build(m, []), list(m.hexes), {"italy"})
    path = L.edge_path(guide, H("1515"))
    assert path[0] == H("1515") and guide[path[-1]] == 0 and len(path) == guide[H("1515")] + 1
    assert all(a.distance(b) == 1 for a, b in zip(path, path[1:]))
    me = unit("1515", side=EN, cid="me", nation="italy")
    free = BoardState.build(m, [me])
    assert all(L.loc_passable(free, EN, set(), x) for x in path[1:])
    # an enemy unit on the path's second hex closes it; the full search still finds a way round
    block = unit(str(path[1]), side=CP, cid="x", nation="austria-hungary")
    b = BoardState.build(m, [me, block])
    ez = enemy_zoc(b, EN)
    assert not L.loc_passable(b, EN, ez, path[1])
    assert L.surrounded(b, me, friendly_countries={"italy"}, ezoc=ez, guide=guide).value is False


def test_pocket_20_14_and_triangle_37_7():
    m = make_map((10, 20), (10, 20), country="italy")
    mine = [unit("1515", side=EN, cid="a", nation="italy")]
    around = [unit(str(n), side=CP, cid=f"r{i}", nation="austria-hungary")
              for i, n in enumerate(H("1515").neighbours())]
    b = BoardState.build(m, mine + [u.at(n) for u, n in zip(around, H("1515").neighbours())])
    ez = enemy_zoc(b, EN)
    own = zoc_of_side(b, EN)
    p = L.pocket(b, EN, H("1515"), ezoc=ez, own_zoc=own)
    assert p == frozenset({H("1515")}) and not L.has_triangle(p)
    # a friendly port in it: not a pocket
    assert L.pocket(b, EN, H("1515"), ezoc=ez, own_zoc=own, ports={H("1515")}) is None
    # far from the enemy: not a pocket
    alone = BoardState.build(m, mine)
    assert L.pocket(alone, EN, H("1515"), ezoc=set(), own_zoc=zoc_of_side(alone, EN)) is None
    tri = frozenset({H("1515"), H("1516"), H("1615")})
    assert L.has_triangle(tri) is True                       # 1615 borders 1515 and 1516
    assert L.has_triangle(frozenset({H("1514"), H("1515"), H("1516")})) is False   # a line


def test_supply_distances_from_the_hq_equal_each_unit_s_own_search():
    """One reverse search from the HQ gives every hex's supply-line length: the same as the
    per-unit search (Figure 11's board and a stretch of map 6-4 with units and markers)."""
    from modgen.model import load_game
    board, (g1712, g1812a, _g, fr) = _figure11()
    costs = tec_costs()
    d = L.supply_distances(board, g1712, H("1809"), costs, ezoc=enemy_zoc(board, g1712.side))
    assert (d[H("1712")], d[H("1812")]) == (5, 6)
    game = load_game("italian-front")
    m = game.maps["6-4"]
    hexes = [h for h in m.hexes if 20 <= h.col <= 26 and 15 <= h.row <= 22 and m.hexes[h].land]
    me = unit("2120", side=EN, cid="it", nation="italy")
    mtn = unit("2120", side=EN, cid="itm", nation="italy", type="mtn")
    enemies = [unit(x, side=CP, cid=f"e{x}", nation="austria-hungary") for x in ("2119", "2218")]
    b = BoardState.build(m, [me] + enemies, markers={"2221": ["trench"]})
    ez = enemy_zoc(b, EN)
    for who in (me, mtn):
        dist = L.supply_distances(b, who, H("2122"), costs, ezoc=ez, max_mp=30)
        for h in hexes:
            if any(u.hex == h for u in enemies):
                continue
            own = L.supply_line_length(b, who.at(h), H("2122"), costs, ezoc=ez, max_mp=30)
            assert dist.get(h) == own, (who.counter.type, h, dist.get(h), own)


def test_guided_search_equals_the_plain_one():
    """The A* guided by the bare-terrain lengths finds the same lengths as the plain search."""
    from modgen.model import load_game
    costs = tec_costs()
    m = load_game("italian-front").maps["6-4"]
    me = unit("2120", side=EN, cid="it", nation="italy")
    art = unit("2120", side=EN, cid="ita", nation="italy", type="art", size="III", movement=3)
    enemies = [unit(x, side=CP, cid=f"e{x}", nation="austria-hungary") for x in ("2119", "2218", "2322")]
    b = BoardState.build(m, [me] + enemies, markers={"2221": ["trench"], "2021": ["devastation"]})
    ez = enemy_zoc(b, EN)
    for who in (me, art):
        for hq in ("2122", "2420"):
            guide = L.terrain_bound(b, who, H(hq), costs, max_mp=40)
            for h in [h for h in m.hexes if 18 <= h.col <= 25 and 16 <= h.row <= 23 and m.hexes[h].land]:
                if any(u.hex == h for u in enemies):
                    continue
                plain = L.supply_line_length(b, who.at(h), H(hq), costs, ezoc=ez, max_mp=40)
                fast = L.supply_line_guided(b, who.at(h), h, H(hq), costs, ezoc=ez, max_mp=40,
                                            guide=guide)
                assert plain == fast, (who.counter.type, hq, h, plain, fast)
