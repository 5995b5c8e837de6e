"""modgen.systems.der_weltkrieg.rules.rail (rules 6-12, 7, 8, 9-1, 9-14, 18-4, 29-8, 37-2..37-5, 49-1) and the unit
classification in modgen.systems.der_weltkrieg.rules.units."""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from modgen.model.types import GameDate, RailCapacity
from modgen.systems.der_weltkrieg.rules import (BoardState, SimpleRailNetworks, check_rail_capacity, check_rail_move,
                          column_allowance, detrain_mp, is_mountain, make_map, movement_allowance,
                          rail_capacity_available, rail_capacity_divisions, rail_capacity_used,
                          rail_move_cost, rail_rate)
from test_rules_support import EN, H, unit

LINE = ["1010", "1110", "1210", "1310", "1410", "1510"]   # a straight east-west rail line (row 10)


def _line_map(track="double", country="austria-hungary", **kw):
    # 1010-1110-1210-... : odd/even columns alternate; keep rows so each pair is adjacent
    pairs = {}
    for a, b in zip(LINE, LINE[1:]):
        pairs[f"{a}|{b}"] = {"terrain": "clear", "rail": track}
    pairs.update(kw.pop("hexsides", {}))
    return make_map((8, 17), (7, 13), country=country, hexsides=pairs, **kw)


def test_line_is_adjacent():
    for a, b in zip(LINE, LINE[1:]):
        assert H(a).direction_to(H(b)) is not None


# ----------------------------------------------------------------------------- costs

def test_rail_rates_7_5():
    assert rail_rate(unit(type="inf")) == Fraction(1, 10)
    assert rail_rate(unit(type="mtn")) == Fraction(1, 10)
    assert rail_rate(unit(type="marine")) == Fraction(1, 10)
    assert rail_rate(unit(type="rpl", rpl=True)) == Fraction(1, 10)
    assert rail_rate(unit(type="cav")) == Fraction(1, 6)
    assert rail_rate(unit(type="art")) == Fraction(1, 6)
    assert rail_rate(unit(type="hq", strength=None)) == Fraction(1, 6)


def test_entrain_and_detrain_7_3_7_7():
    inf, cav = unit(type="inf"), unit(type="cav")
    assert rail_move_cost(inf, 3) == Fraction(13, 10) and detrain_mp(rail_move_cost(inf, 3)) == 2
    assert rail_move_cost(cav, 6) == 2 and detrain_mp(rail_move_cost(cav, 6)) == 2
    assert rail_move_cost(cav, 7) == Fraction(13, 6) and detrain_mp(rail_move_cost(cav, 7)) == 3
    assert rail_move_cost(inf, 10, entrain=False) == 1
    with pytest.raises(ValueError):
        rail_move_cost(inf, -1)


# ----------------------------------------------------------------------------- moves

def test_rail_move_along_the_line_and_not_off_it():
    ah = unit("1010", nation="austria-hungary")
    b = BoardState.build(_line_map(), [ah])
    nets = SimpleRailNetworks(b)
    ok = check_rail_move(b, ah, ["1010", "1510"], nets, {"austria-hungary"})
    assert ok.verdict == "legal" and len(ok.path) == 6 and ok.cost == Fraction(15, 10)
    assert ok.networks == frozenset({"austria-hungary"})
    off = check_rail_move(b, ah, ["1010", "1011"], nets, {"austria-hungary"})
    assert off.verdict == "illegal" and off.rule == "9-1"
    # the enemy's network may not be used (9-1)
    assert check_rail_move(b, ah, ["1010", "1510"], nets, {"italy"}).rule == "9-1"
    # an Inoperative hex breaks the line
    broken = SimpleRailNetworks(b, inoperative=frozenset({H("1310")}))
    assert check_rail_move(b, ah, ["1010", "1510"], broken, {"austria-hungary"}).verdict == "illegal"


def test_urban_hexsides_carry_double_track_9_14():
    m = make_map((8, 13), (8, 13), country="italy", hexsides={"1010|1110": {"terrain": "urban"}})
    it = unit("1010", side=EN, nation="italy")
    b = BoardState.build(m, [it])
    assert check_rail_move(b, it, ["1010", "1110"], SimpleRailNetworks(b), {"italy"}).legal


def test_rail_may_not_enter_ezoc_7_6_and_entrain_in_ezoc_only_german_7_4():
    it = unit("1612", side=EN, cid="it", nation="italy")          # far away: no ZOC on the line
    enemy = unit("1309", side=EN, cid="e", nation="italy")        # controls 1310 (not 1210)
    ah = unit("1010", nation="austria-hungary")
    b = BoardState.build(_line_map(), [ah, it, enemy])
    nets = SimpleRailNetworks(b)
    res = check_rail_move(b, ah, ["1010", "1510"], nets, {"austria-hungary"})
    assert res.verdict == "illegal" and res.rule == "7-6"
    assert check_rail_move(b, ah, ["1010", "1210"], nets, {"austria-hungary"}).legal
    # entraining inside an EZOC: A-H may not, Germans may (37-2)
    ah_in = replace(ah, hex=H("1310"))
    res = check_rail_move(b, ah_in, ["1310", "1210"], nets, {"austria-hungary"})
    assert res.verdict == "illegal" and res.rule == "7-4"
    ge_in = unit("1310", cid="ge", nation="germany")
    assert check_rail_move(b, ge_in, ["1310", "1210"], nets, {"austria-hungary", "germany"}).legal


def test_german_may_detrain_in_russian_zoc_37_3():
    ru = unit("1411", side=EN, cid="ru", nation="russia")          # controls 1410 (not 1310)
    ge = unit("1010", cid="ge", nation="germany")
    b = BoardState.build(_line_map(country="germany"), [ge, ru])
    nets = SimpleRailNetworks(b)
    res = check_rail_move(b, ge, ["1010", "1410"], nets, {"germany"})
    assert res.legal and res.rule == "37-3" and res.cost == Fraction(14, 10) + 1
    # not through it, and not for Austro-Hungarians
    assert not check_rail_move(b, ge, ["1010", "1510"], nets, {"germany"}).legal
    ah = unit("1010", cid="ah", nation="austria-hungary")
    assert check_rail_move(b, ah, ["1010", "1410"], nets, {"germany"}).rule == "7-6"
    # French ZOC: no exception
    fr = unit("1411", side=EN, cid="fr", nation="france")
    b2 = BoardState.build(_line_map(country="germany"), [ge, fr])
    assert check_rail_move(b2, ge, ["1010", "1410"], SimpleRailNetworks(b2), {"germany"}).rule == "7-6"


def test_single_track_limit_7_9_and_german_two_37_5():
    ah = unit("1010", nation="austria-hungary")
    b = BoardState.build(_line_map(track="single"), [ah])
    nets = SimpleRailNetworks(b)
    first = check_rail_move(b, ah, ["1010", "1210"], nets, {"austria-hungary"})
    assert first.legal and len(first.single_track) == 2
    used = {hs: Fraction(1) for hs in first.single_track}
    second = check_rail_move(b, ah, ["1010", "1210"], nets, {"austria-hungary"}, single_track_used=used)
    assert second.verdict == "illegal" and second.rule == "7-9"
    ge = unit("1010", cid="ge", nation="germany")
    bg = BoardState.build(_line_map(track="single", country="germany"), [ge])
    gn = SimpleRailNetworks(bg)
    assert check_rail_move(bg, ge, ["1010", "1210"], gn, {"germany"}, single_track_used=used).legal
    used2 = {hs: Fraction(2) for hs in first.single_track}
    assert not check_rail_move(bg, ge, ["1010", "1210"], gn, {"germany"}, single_track_used=used2).legal


def test_rail_allowance_and_rail_bound_units_6_12():
    ah = unit("1010", nation="austria-hungary", movement=1)
    b = BoardState.build(_line_map(), [ah])
    nets = SimpleRailNetworks(b)
    res = check_rail_move(b, ah, ["1010", "1510"], nets, {"austria-hungary"}, allowance=1)
    assert res.verdict == "illegal" and "1.5 MP spent by rail, 1 MP available" in res.message
    assert check_rail_move(b, ah, ["1010", "1510"], nets, {"austria-hungary"}, allowance=2).legal
    rr = unit("1010", cid="rr", type="art", size="II", movement=None, rail_only=True)
    assert movement_allowance(rr) is None
    res = check_rail_move(BoardState.build(_line_map(), [rr]), rr, ["1010", "1510"], nets, {"austria-hungary"})
    assert res.legal and res.rule == "6-12"
    long = [f"{c:02d}10" for c in range(8, 31)]          # 22 hexsides along row 10
    m = make_map((7, 31), (8, 12), country="austria-hungary",
                 hexsides={f"{a}|{b}": {"terrain": "clear", "rail": "double"} for a, b in zip(long, long[1:])})
    rr2 = replace(rr, hex=H("0810"))
    b2 = BoardState.build(m, [rr2])
    res = check_rail_move(b2, rr2, ["0810", "3010"], SimpleRailNetworks(b2), {"austria-hungary"})
    assert res.verdict == "illegal" and res.rule == "6-12" and "22 hexes" in res.message
    assert check_rail_move(b2, rr2, ["0810", "2810"], SimpleRailNetworks(b2), {"austria-hungary"}).legal


# ----------------------------------------------------------------------------- capacity

def test_capacity_divisions_per_unit_8_8_29_8_49_1():
    assert rail_capacity_divisions(unit(type="inf")) == 1
    assert rail_capacity_divisions(replace(unit(type="inf"), reduced=True)) == 1      # 8-6
    assert rail_capacity_divisions(unit(type="inf", size="X")) == 1                   # brigade
    assert rail_capacity_divisions(unit(type="art", size="X")) == 2                   # 29-8
    assert rail_capacity_divisions(unit(type="siege-art", size="X")) == 1
    assert rail_capacity_divisions(unit(type="eng", size="III")) == 1
    assert rail_capacity_divisions(unit(type="inf", nation="united-states")) == 2     # 49-1
    assert rail_capacity_divisions(unit(type="inf", size="X", nation="united-states")) == 1
    with pytest.raises(ValueError):
        rail_capacity_divisions(unit(type="fortress", movement=None))


def test_capacity_used_counts_every_network_8_4():
    a, b = unit(cid="a"), unit(cid="b", type="art", size="X")
    used = rail_capacity_used([(a, {"austria-hungary"}), (b, {"austria-hungary", "germany"})])
    assert used == {"austria-hungary": 3, "germany": 2}


def test_capacity_dates_not_usable_and_halved():
    caps = (RailCapacity("italy", 7, not_usable_until=GameDate(1915, 6, 1),
                         halved_until=GameDate(1915, 6, 4), note="halved (rounded down)"),
            RailCapacity("austria-hungary", 3))
    assert rail_capacity_available(caps, "italy", GameDate(1915, 5, 7)) == (0, True)
    assert rail_capacity_available(caps, "italy", GameDate(1915, 6, 1)) == (3, True)
    assert rail_capacity_available(caps, "italy", GameDate(1915, 6, 4)) == (7, True)
    assert rail_capacity_available(caps, "germany", GameDate(1915, 6, 4), default=20) == (20, True)
    f = check_rail_capacity({"italy": 1}, caps, GameDate(1915, 5, 3))
    assert f[0].verdict == "illegal" and "not usable until" in f[0].message
    f = check_rail_capacity({"italy": 3, "austria-hungary": 4}, caps, GameDate(1915, 6, 2))
    assert [x.verdict for x in f] == ["illegal", "legal"]          # sorted: austria-hungary, italy
    assert "moved 4 divisions by rail" in f[0].message and "capacity 3" in f[0].message
    assert check_rail_capacity({"italy": 4}, caps, GameDate(1915, 6, 2))[0].verdict == "illegal"


def test_halved_capacity_without_stated_rounding_is_undetermined():
    caps = (RailCapacity("germany", 11, halved_until=GameDate(1914, 9, 1)),)
    assert rail_capacity_available(caps, "germany", GameDate(1914, 8, 6)) == (5, False)
    f = check_rail_capacity({"germany": 6}, caps, GameDate(1914, 8, 6))
    assert f[0].verdict == "undetermined"
    assert check_rail_capacity({"germany": 7}, caps, GameDate(1914, 8, 6))[0].verdict == "illegal"
    assert check_rail_capacity({"germany": 5}, caps, GameDate(1914, 8, 6))[0].verdict == "legal"
    assert check_rail_capacity({"serbia": 1}, caps, GameDate(1914, 8, 6))[0].verdict == "undetermined"


# ----------------------------------------------------------------------------- classification

def test_mountain_units_by_type_and_nation():
    assert is_mountain(unit(type="mtn"))
    assert is_mountain(unit(type="mtn-aslt"))
    assert is_mountain(unit(type="rpl", rpl=True, qualifiers=("mountain",)))
    assert not is_mountain(unit(type="inf", nation="italy"))
    assert is_mountain(unit(type="inf", nation="bulgaria"))               # 45-2
    assert is_mountain(unit(type="inf", nation="greece"))                 # 48-2
    assert is_mountain(unit(type="inf", nation="ottoman-empire"))         # 46-3
    assert not is_mountain(unit(type="inf", nation="ottoman-empire"), winter=True)
    assert is_mountain(unit(type="inf", nation="russia", designation="3 Cossack"))   # 41-5
    assert not is_mountain(unit(type="inf", nation="russia", designation="3"))
    assert not is_mountain(unit(type="cav", nation="serbia"))


def test_movement_allowance_of_the_face_showing():
    u = unit(strength=8, movement=5, back=(4, 4))
    assert movement_allowance(u) == 5
    assert movement_allowance(replace(u, reduced=True)) == 4
    assert column_allowance(5) == 7 and column_allowance(4) == 6 and column_allowance(3) == 4


def test_who_may_enter_ezoc_after_rail_7_8():
    from modgen.systems.der_weltkrieg.rules import may_enter_ezoc_after_rail
    assert may_enter_ezoc_after_rail(unit(nation="germany"))
    assert may_enter_ezoc_after_rail(unit(nation="great-britain", side=EN))
    assert not may_enter_ezoc_after_rail(unit(nation="austria-hungary"))
    assert not may_enter_ezoc_after_rail(unit(nation="italy", side=EN))
