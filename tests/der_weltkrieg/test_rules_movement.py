"""modgen.systems.der_weltkrieg.rules.movement: hexside costs, prohibitions, minimum move, column movement, the bounded
cheapest-path search and the phase check — a legal and an illegal case for each rule."""
from __future__ import annotations

from dataclasses import replace

import pytest

from modgen.systems.der_weltkrieg.rules import (BoardState, TerrainCosts, cheapest_path, check_movement, make_map,
                          step_cost)
from test_rules_support import EN, H, tec_costs, unit


def two_hex_board(side_kw: dict, *units, markers=None, a="1010", b="1011", default="clear"):
    m = make_map((9, 12), (9, 12), hexsides={f"{a}|{b}": side_kw}, default_terrain=default)
    return BoardState.build(m, list(units), markers=markers)


# ----------------------------------------------------------------------------- terrain costs

@pytest.mark.parametrize("terrain,mp", [("clear", 1), ("broken", 1), ("hilly", 1), ("woods", 2),
                                        ("swamp", 2), ("rough", 2), ("wooded_rough", 3),
                                        ("mountain", 5), ("urban", 1), ("suburban", 1)])
def test_terrain_row_cost_with_double_track(terrain, mp):
    """TEC terrain rows; a double-track line takes 1 off from 3 MP (mountain 6 → 5)."""
    u = unit("1010")
    s = step_cost(two_hex_board({"terrain": terrain, "rail": "double"}, u), u, H("1010"), H("1011"),
                  tec_costs())
    assert s.ok and s.mp == mp


@pytest.mark.parametrize("terrain", ["alpine", "ocean", "lake"])
def test_prohibited_terrain(terrain):
    u = unit("1010", type="mtn")     # rule 32 gives Mountain units no alpine exception
    s = step_cost(two_hex_board({"terrain": terrain}, u), u, H("1010"), H("1011"), tec_costs())
    assert s.status == "prohibited" and "TEC" in s.rules and s.mp is None


def test_major_river_and_single_track_thresholds():
    u = unit("1010")
    costs = tec_costs()
    # clear 1 + major river 3 = 4 ≥ 4: single track −1 → 3
    s = step_cost(two_hex_board({"terrain": "clear", "major_river": True, "rail": "single"}, u), u,
                  H("1010"), H("1011"), costs)
    assert s.mp == 3
    # rough 3 single track: not reduced for ordinary units (needs 4) ...
    s = step_cost(two_hex_board({"terrain": "rough", "rail": "single"}, u), u, H("1010"), H("1011"), costs)
    assert s.mp == 3
    # ... but reduced for Mountain units (32-2: 3 or more)
    m = unit("1010", type="mtn")
    s = step_cost(two_hex_board({"terrain": "rough", "rail": "single"}, m), m, H("1010"), H("1011"), costs)
    assert s.mp == 2 and "32-2" in s.rules


def test_mountain_unit_pays_one_less_on_wooded_rough_and_mountain():
    costs = tec_costs()
    inf, mtn = unit("1010"), unit("1010", cid="m", type="mtn")
    for terrain, normal in (("wooded_rough", 4), ("mountain", 6), ("woods", 2)):
        b = two_hex_board({"terrain": terrain}, inf)
        assert step_cost(b, inf, H("1010"), H("1011"), costs).mp == normal
        expected = normal - 1 if terrain != "woods" else normal
        s = step_cost(b, mtn, H("1010"), H("1011"), costs)
        assert s.mp == expected
        assert ("32-1" in s.rules) == (terrain != "woods")


def test_serbian_infantry_are_mountain_units():
    """43-5: Serbian infantry get the 32-1 reduction; Italian infantry do not."""
    costs = tec_costs()
    serb = unit("1010", side=EN, nation="serbia")
    ital = unit("1010", side=EN, nation="italy")
    b = two_hex_board({"terrain": "mountain"})
    assert step_cost(b, serb, H("1010"), H("1011"), costs).mp == 5
    assert step_cost(b, ital, H("1010"), H("1011"), costs).mp == 6


def test_trench_and_devastation_add_two_but_not_across_mountain():
    costs = tec_costs()
    u = unit("1010")
    b = two_hex_board({"terrain": "woods"}, u, markers={"1011": ["trench"]})
    s = step_cost(b, u, H("1010"), H("1011"), costs)
    assert s.mp == 4 and "22-6" in s.rules
    b = two_hex_board({"terrain": "clear"}, u, markers={"1011": ["devastation"]})
    assert step_cost(b, u, H("1010"), H("1011"), costs).mp == 3
    # leaving a trench hex costs nothing extra
    assert step_cost(b, u, H("1011"), H("1010"), costs).mp == 1
    # 22-2: not counted across a mountain (or marsh) hexside
    b = two_hex_board({"terrain": "mountain"}, u, markers={"1011": ["trench"]})
    assert step_cost(b, u, H("1010"), H("1011"), costs).mp == 6


def test_enemy_units_block_unless_zero_strength():
    costs = tec_costs()
    u = unit("1010")
    enemy = unit("1011", side=EN, cid="e", nation="italy", strength=3)
    s = step_cost(two_hex_board({"terrain": "clear"}, u, enemy), u, H("1010"), H("1011"), costs)
    assert s.status == "prohibited" and s.rules == ("6-11",)
    zero = replace(enemy, strength_override=0)
    s = step_cost(two_hex_board({"terrain": "clear"}, u, zero), u, H("1010"), H("1011"), costs)
    assert s.ok and s.destroys == (zero,)
    # an enemy HQ alone is no Ground Combat Unit (6-11 names only those)
    hq = unit("1011", side=EN, cid="hq", type="hq", nation="italy", strength=None)
    s = step_cost(two_hex_board({"terrain": "clear"}, u, hq), u, H("1010"), H("1011"), costs)
    assert s.ok


def _zoc_board(side_kw, *extra, markers=None):
    """Mover in 1010; an Italian infantry unit in 1111 controls 1010 and 1011 (both adjacent)."""
    m = make_map((8, 13), (8, 13), hexsides={"1010|1011": side_kw})
    enemy = unit("1111", side=EN, cid="it", nation="italy")
    return BoardState.build(m, [enemy, *extra], markers=markers)


def test_major_river_no_ezoc_to_ezoc():
    costs = tec_costs()
    u = unit("1010")
    b = _zoc_board({"terrain": "clear", "major_river": True}, u)
    s = step_cost(b, u, H("1010"), H("1011"), costs)
    assert s.status == "prohibited" and "Major River" in s.reason
    # without the enemy there it is just 1 + 3
    b2 = two_hex_board({"terrain": "clear", "major_river": True}, u)
    assert step_cost(b2, u, H("1010"), H("1011"), costs).mp == 4


def test_artillery_exceptions_29_9_and_29_16():
    costs = tec_costs()
    art = unit("1010", cid="a", type="art", size="X", strength=3, movement=3)
    friend = unit("1011", cid="f", type="inf")
    b = _zoc_board({"terrain": "clear"}, art, friend)
    s = step_cost(b, art, H("1010"), H("1011"), costs)
    assert s.mp == 2 and "29-9" in s.rules         # leave 1 + clear 1; no entry cost
    b = _zoc_board({"terrain": "clear"}, art)
    assert step_cost(b, art, H("1010"), H("1011"), costs).mp == 3
    b = _zoc_board({"terrain": "clear"}, art, markers={"1010": ["trench"], "1011": ["devastation"]})
    s = step_cost(b, art, H("1010"), H("1011"), costs)
    assert s.status == "prohibited" and s.rules == ("29-16",)
    inf = unit("1010", cid="i")
    assert step_cost(b, inf, H("1010"), H("1011"), costs).ok


def test_hq_into_trench_hex_18_3():
    costs = tec_costs()
    hq = unit("1010", cid="hq", type="hq", size="XXXX", strength=None, movement=4)
    b = two_hex_board({"terrain": "clear"}, hq, markers={"1011": ["trench"]})
    s = step_cost(b, hq, H("1010"), H("1011"), costs)
    assert s.status == "prohibited" and s.rules == ("18-3",)
    eng = unit("1011", cid="eng", type="eng", size="III", strength=1, movement=4)
    b = two_hex_board({"terrain": "clear"}, hq, eng, markers={"1011": ["trench"]})
    assert step_cost(b, hq, H("1010"), H("1011"), costs).mp == 3
    # a rail line in the hex: legal when Operative, unknown when the caller cannot say
    b = two_hex_board({"terrain": "clear", "rail": "double"}, hq, markers={"1011": ["trench"]})
    assert step_cost(b, hq, H("1010"), H("1011"), costs).status == "unknown"
    assert step_cost(b, hq, H("1010"), H("1011"), costs, rail_operative=lambda h: True).mp == 3
    assert step_cost(b, hq, H("1010"), H("1011"), costs,
                     rail_operative=lambda h: False).status == "prohibited"


def test_unknown_hexside_is_unknown_not_prohibited():
    m = make_map((9, 12), (9, 12), default_terrain=None)
    u = unit("1010")
    s = step_cost(BoardState.build(m, [u]), u, H("1010"), H("1011"), tec_costs())
    assert s.status == "unknown"


# ----------------------------------------------------------------------------- phase check

def test_illegal_move_reports_the_numbers():
    costs = tec_costs()
    m = make_map((9, 14), (9, 14), hexsides={"1010|1011": {"terrain": "woods"},
                                             "1011|1012": {"terrain": "woods"},
                                             "1012|1013": {"terrain": "woods"}},
                 default_terrain="woods")
    u = unit("1010", movement=5)
    res = check_movement(BoardState.build(m, [u]), u, ["1010", "1013"], costs, column=False)
    assert res.verdict == "illegal" and res.rule == "6-9"
    assert res.message.startswith("6-9: 6 MP spent, MA 5: 1010→1011 woods 2")
    assert res.spent == 6
    ok = check_movement(BoardState.build(m, [u]), u, ["1010", "1012"], costs)
    assert ok.verdict == "legal" and ok.spent == 4


def test_drops_share_one_allowance():
    costs = tec_costs()
    m = make_map((9, 16), (9, 16))
    u = unit("1010", movement=4)
    b = BoardState.build(m, [u])
    assert check_movement(b, u, ["1010", "1012", "1014"], costs).spent == 4
    res = check_movement(b, u, ["1010", "1012", "1014", "1015"], costs, column=False)
    assert res.verdict == "illegal" and res.spent == 5


def test_minimum_move_6_9():
    costs = tec_costs()
    u = unit("1010", movement=1)
    b = two_hex_board({"terrain": "wooded_rough"}, u)
    res = check_movement(b, u, ["1010", "1011"], costs, column=False)
    assert res.verdict == "legal" and res.minimum_move and res.spent == 4
    # ... but not two hexes
    res = check_movement(b, u, ["1010", "1011", "1012"], costs, column=False)
    assert res.verdict == "illegal"
    # ... not across a prohibited hexside
    b = two_hex_board({"terrain": "alpine"}, u, default="mountain")
    res = check_movement(b, u, ["1010", "1011"], costs)
    assert res.verdict == "illegal" and res.rule == "TEC" and "alpine" in res.message
    # going round the alpine hexside costs 2 clear hexsides: beyond MA 1 (and column 1)
    b = two_hex_board({"terrain": "alpine"}, u)
    res = check_movement(b, u, ["1010", "1011"], costs)
    assert res.verdict == "illegal" and "2 MP spent, MA 1" in res.message


def test_minimum_move_ezoc_to_ezoc():
    costs = tec_costs()
    slow = unit("1010", movement=2)
    b = _zoc_board({"terrain": "rough"}, slow)       # 3 MP terrain: allowed
    assert check_movement(b, slow, ["1010", "1011"], costs, column=False).minimum_move
    b = _zoc_board({"terrain": "wooded_rough"}, slow)   # 4 MP terrain EZOC→EZOC: not allowed
    res = check_movement(b, slow, ["1010", "1011"], costs, column=False)
    assert res.verdict == "illegal" and res.rule == "6-9" and "4 or more" in res.message
    # 32-3: a Mountain unit may, up to 6 MP of terrain (wooded rough is 3 for it)
    mtn = unit("1010", cid="m", type="mtn", movement=2)
    assert check_movement(_zoc_board({"terrain": "wooded_rough"}, mtn), mtn, ["1010", "1011"],
                          costs, column=False).verdict == "legal"


def test_artillery_minimum_move_across_mountain_29_12():
    costs = tec_costs()
    art = unit("1010", cid="a", type="art", size="X", strength=3, movement=3)
    res = check_movement(two_hex_board({"terrain": "mountain"}, art, default="mountain"), art,
                         ["1010", "1011"], costs)
    assert res.verdict == "illegal" and res.rule == "29-12"
    res = check_movement(two_hex_board({"terrain": "mountain", "rail": "single"}, art,
                                       default="mountain"), art, ["1010", "1011"], costs)
    assert res.verdict == "legal" and res.minimum_move


def test_column_movement():
    costs = tec_costs()
    m = make_map((5, 20), (5, 20))
    u = unit("1010", movement=5)
    b = BoardState.build(m, [u])
    res = check_movement(b, u, ["1010", "1017"], costs)        # 7 hexes: only as column (5 × 1.5 = 7)
    assert res.verdict == "legal" and res.column and res.allowance == 7 and res.rule == "6-10"
    assert check_movement(b, u, ["1010", "1018"], costs).verdict == "illegal"
    assert check_movement(b, u, ["1010", "1017"], costs, column=False).verdict == "illegal"
    art = unit("1010", cid="a", type="art", size="X", movement=5)
    res = check_movement(BoardState.build(m, [art]), art, ["1010", "1017"], costs, column=True)
    assert res.verdict == "illegal" and res.rule == "6-10"
    res = check_movement(b, u, ["1010", "1017"], costs, column=True, rail_used=True)
    assert res.verdict == "illegal" and res.rule == "7-10"


def test_column_movement_may_not_enter_enemy_zoc():
    costs = tec_costs()
    m = make_map((5, 20), (5, 20))
    u = unit("1010", movement=4)
    enemy = unit("1017", side=EN, cid="it", nation="italy")     # controls 1016
    b = BoardState.build(m, [u, enemy])
    res = check_movement(b, u, ["1010", "1016"], costs)         # 6 hexes, last one in EZOC
    assert res.verdict == "illegal"
    res = check_movement(b, u, ["1010", "1015"], costs)         # 5 hexes, outside the ZOC
    assert res.verdict == "legal" and res.column


def test_austro_hungarian_column_may_not_close_on_the_enemy_40_2():
    costs = tec_costs()
    m = make_map((5, 30), (5, 30))
    ah = unit("1010", nation="austria-hungary", movement=4)
    enemy = unit("1025", side=EN, cid="it", nation="italy")
    b = BoardState.build(m, [ah, enemy])
    res = check_movement(b, ah, ["1010", "1016"], costs)        # 6 hexes towards the enemy
    assert res.verdict == "illegal" and res.rule == "40-2"
    res = check_movement(b, ah, ["1016", "1010"], costs)        # away from the enemy: allowed
    assert res.verdict == "legal" and res.column


def test_after_rail_only_germans_and_british_enter_ezoc_7_8():
    costs = tec_costs()
    it = unit("1010", side=EN, cid="it", nation="italy")
    ah = unit("1110", cid="ah", nation="austria-hungary")       # controls 1010 and 1011 ...
    m = make_map((8, 13), (8, 13))
    b = BoardState.build(m, [it, ah])
    res = check_movement(b, it, ["1010", "1009"], costs, rail_used=True)
    assert res.verdict == "illegal"
    gb = unit("1010", side=EN, cid="gb", nation="great-britain")
    res = check_movement(BoardState.build(m, [gb, ah]), gb, ["1010", "1009"], costs, rail_used=True)
    assert res.verdict == "legal"


def test_rail_bound_unit_may_not_move_by_ground():
    u = unit("1010", cid="rr", type="art", size="II", movement=None, rail_only=True)
    res = check_movement(BoardState.build(make_map((9, 12), (9, 12)), [u]), u, ["1010", "1011"],
                         tec_costs())
    assert res.verdict == "illegal" and res.rule == "6-12"


def test_missing_map_data_gives_undetermined():
    m = make_map((9, 14), (9, 14), default_terrain=None,
                 hexsides={"1010|1011": {"terrain": "clear"}})
    u = unit("1010", movement=5)
    res = check_movement(BoardState.build(m, [u]), u, ["1010", "1013"], tec_costs())
    assert res.verdict == "undetermined" and "no terrain data" in res.message
    assert check_movement(BoardState.build(m, [u]), u, ["1010", "1011"], tec_costs()).verdict == "legal"


def test_costs_from_a_plain_mapping():
    costs = TerrainCosts.from_mapping({"terrain": {"clear": 2, "woods": 3, "alpine": "prohibited"},
                                       "markers": {"trench": 5}})
    u = unit("1010")
    b = two_hex_board({"terrain": "clear"}, u, markers={"1011": ["trench"]})
    assert step_cost(b, u, H("1010"), H("1011"), costs).mp == 7
    with pytest.raises(ValueError):
        TerrainCosts.from_mapping({"terrain": {"jungle": 1}})


# ----------------------------------------------------------------------------- bounded search

def test_path_search_is_bounded_by_the_allowance():
    """On a 60×60 open map the search expands only hexes within the MA of the start."""
    costs = tec_costs()
    m = make_map((1, 60), (1, 60))
    u = unit("3030", movement=5)
    b = BoardState.build(m, [u])
    ma = 5
    neighbourhood = 3 * ma * (ma + 1) + 1        # hexes within distance 5: 91
    start = H("3030")
    far_ring = [h for h in start.within(ma) if start.distance(h) == ma]
    for end in far_ring[:6]:
        r = cheapest_path(b, u, start, end, ma, costs)
        assert r.cost == 5
        assert r.expanded <= neighbourhood
    # an unreachable target in the middle of a ring of alpine hexsides: search stays bounded
    walls = {f"3035|{n.id}": {"terrain": "alpine"} for n in H("3035").neighbours()}
    m2 = make_map((1, 60), (1, 60), hexsides=walls)
    r = cheapest_path(BoardState.build(m2, [u]), u, start, H("3035"), ma, costs)
    assert not r.found and 0 < r.expanded <= neighbourhood
    # a target beyond the allowance is refused without searching at all
    r = cheapest_path(b, u, start, H("3040"), ma, costs)
    assert not r.found and r.expanded == 0


def test_cheapest_path_goes_around_expensive_terrain():
    costs = tec_costs()
    m = make_map((9, 14), (9, 14), hexsides={"1010|1011": {"terrain": "mountain"}})
    u = unit("1010", movement=5)
    r = cheapest_path(BoardState.build(m, [u]), u, H("1010"), H("1011"), 5, costs)
    assert r.cost == 2 and len(r.path) == 3


def test_hqs_have_no_column_movement_and_fortresses_never_move():
    costs = tec_costs()
    m = make_map((5, 20), (5, 20))
    hq = unit("1010", cid="hq", type="hq", size="XXXX", strength=None, movement=4)
    b = BoardState.build(m, [hq])
    assert check_movement(b, hq, ["1010", "1014"], costs).verdict == "legal"
    res = check_movement(b, hq, ["1010", "1016"], costs)          # 6 hexes would need column
    assert res.verdict == "illegal" and not res.column
    assert check_movement(b, hq, ["1010", "1016"], costs, column=True).rule == "6-10"
    fort = unit("1010", cid="f", type="fortress", size="", movement=None)
    res = check_movement(BoardState.build(m, [fort]), fort, ["1010", "1011"], costs)
    assert res.verdict == "illegal" and res.rule == "21-1"


def _reference_dijkstra(board, u, start, end, costs, ezoc):
    import heapq
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        g, h = heapq.heappop(heap)
        if g != best[h]:
            continue
        if h == end:
            return g
        for n in h.neighbours():
            s = step_cost(board, u, h, n, costs, ezoc=ezoc)
            if s.ok and g + s.mp < best.get(n, 10 ** 9):
                best[n] = g + s.mp
                heapq.heappush(heap, (g + s.mp, n))
    return None


def test_bounded_search_agrees_with_plain_dijkstra():
    """The pruned A* finds exactly the cheapest cost an unpruned Dijkstra finds, whenever that
    cost is within the budget (random small maps, terrains, rivers, rails and enemy ZOCs)."""
    import random
    costs = tec_costs()
    terrains = ["clear", "broken", "woods", "rough", "wooded_rough", "mountain", "alpine", "swamp"]
    rng = random.Random(7)
    for trial in range(60):
        m0 = make_map((1, 7), (1, 7))
        sides = {}
        for s in m0.hexsides:
            sides[s.id] = {"terrain": rng.choice(terrains), "river": rng.random() < 0.2,
                           "rail": rng.choice([None, None, "single", "double"])}
        m = make_map((1, 7), (1, 7), hexsides=sides)
        hexes = sorted(m.hexes)
        u = unit(hexes[0].id, type=rng.choice(["inf", "mtn", "aslt"]))
        board = BoardState.build(m, [u])
        ezoc = set(rng.sample(hexes, 8))
        start, end = rng.sample(hexes, 2)
        ref = _reference_dijkstra(board, u, start, end, costs, ezoc)
        for budget in (3, 6, 10):
            r = cheapest_path(board, u, start, end, budget, costs, ezoc=ezoc)
            if ref is not None and ref <= budget:
                assert r.cost == ref, (trial, budget)
                assert sum(s.mp for s in r.steps) == ref and r.path[0] == start and r.path[-1] == end
            else:
                assert not r.found, (trial, budget, ref, r.cost)


def test_declared_column_for_austro_hungarians_closing_on_the_enemy():
    """40-2: a declared column move that closes on the enemy is judged as normal movement."""
    costs = tec_costs()
    m = make_map((5, 30), (5, 30))
    ah = unit("1010", nation="austria-hungary", movement=4)
    enemy = unit("1025", side=EN, cid="it", nation="italy")
    b = BoardState.build(m, [ah, enemy])
    assert check_movement(b, ah, ["1010", "1014"], costs, column=True).verdict == "legal"
    res = check_movement(b, ah, ["1010", "1016"], costs, column=True)
    assert res.verdict == "illegal" and res.rule == "40-2"


from hypothesis import given, settings, strategies as st  # noqa: E402

_TERRAINS = ["clear", "broken", "hilly", "woods", "swamp", "rough", "wooded_rough", "mountain",
             "alpine", "urban", "suburban", "ocean", "lake"]


@settings(max_examples=200, deadline=None)
@given(terrain=st.sampled_from(_TERRAINS), river=st.booleans(), major=st.booleans(),
       rail=st.sampled_from([None, "single", "double"]),
       utype=st.sampled_from(["inf", "mtn", "cav", "art", "aslt", "mtn-aslt", "eng"]),
       a_in=st.booleans(), b_in=st.booleans(), marker=st.sampled_from([None, "trench", "devastation"]))
def test_step_cost_invariants(terrain, river, major, rail, utype, a_in, b_in, marker):
    """Whatever the hexside: the total is the sum of the parts, never below 1 MP, the terrain
    part is symmetric, ZOC adds at most 2 and markers at most 2; prohibited terrain never prices."""
    costs = tec_costs()
    u = unit("1010", type=utype, size="X" if utype in ("art", "eng") else "XX")
    board = two_hex_board({"terrain": terrain, "river": river, "major_river": major, "rail": rail}, u,
                          markers={"1011": [marker]} if marker else None)
    ez = {h for h, inside in ((H("1010"), a_in), (H("1011"), b_in)) if inside}
    s = step_cost(board, u, H("1010"), H("1011"), costs, ezoc=ez)
    if costs.terrain_mp(terrain) is None:
        assert s.status == "prohibited"
        return
    if major and a_in and b_in:
        assert s.status == "prohibited" and "Major River" in s.reason
        return
    assert s.ok and s.mp == sum(mp for _l, mp in s.parts) and s.mp >= 1
    back = step_cost(board, u, H("1011"), H("1010"), costs, ezoc=set())
    plain = step_cost(two_hex_board({"terrain": terrain, "river": river, "major_river": major,
                                     "rail": rail}, u), u, H("1010"), H("1011"), costs, ezoc=set())
    assert back.mp == plain.mp                          # without markers/ZOC the hexside is symmetric
    assert 0 <= s.terrain_mp - plain.mp <= 2            # markers only add, by at most 2
    assert 0 <= s.mp - s.terrain_mp <= 2                # ZOC only adds, by at most 2 (10-7)
