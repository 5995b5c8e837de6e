"""modgen.systems.der_weltkrieg.rules.zoc (rule 10) and modgen.systems.der_weltkrieg.rules.stacking (rule 11, 27-3, 28-4, 49-1, IF 3-1/3-2)."""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from modgen.systems.der_weltkrieg.rules import (ITALIAN_FRONT_STACKING, BoardState, StackingOptions, check_attack_limit,
                          check_stacking, stacking_options_for,
                          enemy_zoc, make_map, stack_count, zoc_controllers, zoc_of_side, zoc_of_unit)
from modgen.systems.der_weltkrieg.rules.units import unit_stacking_value
from test_rules_support import CP, EN, H, unit

RING_0910 = set(map(H, ["0909", "0911", "0809", "0810", "1009", "1010"]))


# ----------------------------------------------------------------------------- ZOC

@pytest.mark.parametrize("kw,exerts", [
    (dict(type="inf"), True), (dict(type="mtn"), True), (dict(type="marine"), True),
    (dict(type="aslt"), True), (dict(type="mtn-aslt"), True), (dict(type="cav"), True),
    (dict(type="art"), False), (dict(type="siege-art"), False), (dict(type="eng", size="III"), False),
    (dict(type="hq", strength=None), False), (dict(type="fortress", movement=None), False),
    (dict(type="rpl", rpl=True), False), (dict(type="inf", rpl=True), False),
    (dict(type="bicycle"), False),
])
def test_who_exerts_a_zoc(kw, exerts):
    u = unit("0910", **kw)
    b = BoardState.build(make_map((7, 12), (7, 12)), [u])
    assert (zoc_of_unit(b, u) == RING_0910) is exerts
    assert bool(zoc_of_unit(b, u)) is exerts


def test_entrained_units_have_no_zoc_7_11():
    u = replace(unit("0910"), entrained=True)
    b = BoardState.build(make_map((7, 12), (7, 12)), [u])
    assert zoc_of_unit(b, u) == set()


def test_zoc_blocked_by_ocean_and_alpine_not_lake_10_6():
    sides = {"0910|0909": {"terrain": "ocean"}, "0910|0911": {"terrain": "alpine"},
             "0910|1010": {"terrain": "lake"}}
    u = unit("0910")
    b = BoardState.build(make_map((7, 12), (7, 12), hexsides=sides), [u])
    assert zoc_of_unit(b, u) == RING_0910 - {H("0909"), H("0911")}


def test_zoc_not_into_neutral_country_or_sea_hexes():
    m = make_map((7, 12), (7, 12), hexes={"0809": {"country": "switzerland"}, "1009": {"land": False}})
    u = unit("0910")
    b = BoardState.build(m, [u], neutral_countries={"switzerland"})
    assert zoc_of_unit(b, u) == RING_0910 - {H("0809"), H("1009")}
    # the same country when not neutral is controlled
    b2 = BoardState.build(m, [u])
    assert H("0809") in zoc_of_unit(b2, u)


def test_enemy_zoc_is_the_other_sides_zoc():
    m = make_map((5, 15), (5, 15))
    it = unit("0910", side=EN, cid="it", nation="italy")
    ah = unit("1310", side=CP, cid="ah", nation="austria-hungary")
    b = BoardState.build(m, [it, ah])
    assert enemy_zoc(b, CP) == zoc_of_side(b, EN) == RING_0910
    assert H("0910") not in enemy_zoc(b, EN) and H("1210") in enemy_zoc(b, EN)
    assert [u.id for u in zoc_controllers(b, H("1010"), CP)] == ["it"]
    assert zoc_controllers(b, H("1010"), EN) == []


def test_zoc_extends_into_occupied_hexes_10_4():
    m = make_map((7, 12), (7, 12))
    it = unit("0910", side=EN, cid="it", nation="italy")
    ah = unit("1010", cid="ah", nation="austria-hungary")
    b = BoardState.build(m, [it, ah])
    assert H("1010") in enemy_zoc(b, CP)


# ----------------------------------------------------------------------------- stacking

def _stack(units, hexid="1010", **kw):
    return BoardState.build(make_map((8, 13), (8, 13), **kw), units)


def test_six_divisions_legal_seven_illegal_11_1():
    six = [unit("1010", cid=f"d{i}") for i in range(6)]
    assert check_stacking(_stack(six), CP, H("1010")) is None
    seven = six + [unit("1010", cid="d6", back=(4, 5))]
    v = check_stacking(_stack(seven), CP, H("1010"))
    assert v is not None and v.rule == "11-1" and "7 divisions in 1010 (limit 6)" in v.message
    # 11-2: reduced divisions count in full
    seven_reduced = [replace(u, reduced=True) for u in seven]
    assert check_stacking(_stack(seven_reduced), CP, H("1010")) is not None
    # the other side's units are not counted
    mixed = six + [unit("1010", side=EN, cid="x", nation="italy")]
    assert check_stacking(_stack(mixed), CP, H("1010")) is None


def test_artillery_limit_and_artillery_divisions_11_4_28_4():
    six = [unit("1010", cid=f"d{i}") for i in range(6)]
    arts = [unit("1010", cid=f"a{i}", type="art", size="X", strength=3) for i in range(3)]
    assert check_stacking(_stack(six + arts), CP, H("1010")) is None
    v = check_stacking(_stack(six + arts + [unit("1010", cid="a3", type="siege-art", size="X")]), CP, H("1010"))
    assert v is not None and v.rule == "11-4" and "4 artillery units in 1010 (limit 3)" in v.message
    art_div = unit("1010", cid="ad", type="art", size="XX", strength=9)
    assert unit_stacking_value(art_div) == (0, 3)
    assert check_stacking(_stack([art_div]), CP, H("1010")) is None
    assert check_stacking(_stack([art_div, arts[0]]), CP, H("1010")) is not None


def test_brigades_half_and_non_counting_units_11_5_11_6():
    brigades = [unit("1010", cid=f"b{i}", nation="italy", side=EN, size="X", strength=2) for i in range(12)]
    assert stack_count(brigades).divisions == 6
    assert check_stacking(_stack(brigades), EN, H("1010")) is None
    extra = [unit("1010", cid="b12", nation="italy", side=EN, size="X", strength=2)]
    v = check_stacking(_stack(brigades + extra), EN, H("1010"))
    assert v is not None and "6 1/2 divisions" in v.message
    free = [unit("1010", cid="hq", type="hq", strength=None), unit("1010", cid="e", type="eng", size="III"),
            unit("1010", cid="f", type="fortress", movement=None, size="")]
    six = [unit("1010", cid=f"d{i}") for i in range(6)]
    assert stack_count(free).divisions == 0
    assert check_stacking(_stack(six + free), CP, H("1010")) is None


def test_us_units_count_double_49_1():
    us_div = unit("1010", cid="us", nation="united-states", side=EN)
    us_bde = unit("1010", cid="usb", nation="united-states", side=EN, size="X")
    assert stack_count([us_div, us_bde]).divisions == 3
    v = check_stacking(_stack([replace(us_div, piece_id=f"u{i}") for i in range(4)]), EN, H("1010"))
    assert v is not None and "8 divisions" in v.message


def test_italian_front_brigade_pairs_and_alpenkorps():
    """IF 3-1: two A-H brigades = one division; IF 3-2: two or three German AlpK = one division."""
    ah = [unit("1010", cid=f"m{i}", type="mtn", size="X", nation="austria-hungary", strength=2, movement=4)
          for i in range(3)]
    groups = stack_count(ah, ITALIAN_FRONT_STACKING).groups
    assert sorted(g.rule for g in groups) == ["11-6", "IF 3-1"]
    assert stack_count(ah, ITALIAN_FRONT_STACKING).divisions == Fraction(3, 2)
    alpk = [unit("1010", cid=f"ak{i}", type="mtn-aslt", size="III", designation=f"{i + 1}AlpK", strength=5)
            for i in range(3)]
    assert stack_count(alpk).divisions == Fraction(3, 2)          # Standard Rules: 3 × 1/2
    assert stack_count(alpk, ITALIAN_FRONT_STACKING).divisions == 1
    assert [g.rule for g in stack_count(alpk, ITALIAN_FRONT_STACKING).groups] == ["IF 3-2"]
    # a single AlpK unit is still a regiment (1/2)
    assert stack_count(alpk[:1], ITALIAN_FRONT_STACKING).divisions == Fraction(1, 2)
    # 5 divisions + 3 AlpK regiments: 6 1/2 under the Standard Rules count, 6 under IF 3-2
    six = [unit("1010", cid=f"d{i}") for i in range(5)]
    assert check_stacking(_stack(six + alpk), CP, H("1010"), ITALIAN_FRONT_STACKING) is None
    assert check_stacking(_stack(six + alpk), CP, H("1010")) is not None


def test_attack_limit_on_reduced_hexes_11_10():
    sea = {f"1202|{n}": {"terrain": "ocean"} for n in ("1201", "1302", "1303", "1203")}
    b = BoardState.build(make_map((11, 13), (1, 4), hexsides=sea))
    eight = [unit("1102", cid=f"d{i}") for i in range(8)]
    assert check_attack_limit(b, H("1202"), eight) is None
    msg = check_attack_limit(b, H("1202"), eight + [unit("1102", cid="d8")])
    assert msg and msg.startswith("11-10:") and "at most 8 divisions and 4 artillery" in msg
    # a normal hex has no attack cap
    assert check_attack_limit(b, H("1203"), eight * 2) is None


def test_jgr_counts_as_brigade_at_half_strength_if_11_2():
    jgr = unit("1010", cid="jgr", type="aslt", designation="Jgr", strength=6, back=(4, 5))
    opts = replace(ITALIAN_FRONT_STACKING, jgr_brigade_at_half=True)
    assert stack_count([jgr], opts).divisions == 1
    assert stack_count([replace(jgr, reduced=True)], opts).divisions == 1          # 4 > 6/2
    assert stack_count([replace(jgr, strength_override=3)], opts).divisions == Fraction(1, 2)
    assert stack_count([replace(jgr, strength_override=3)]).divisions == 1          # rule not in force


def test_components_27_3_never_count_more_than_11_6():
    big = unit("1010", cid="big", size="X", strength=8)           # one brigade at division strength
    opts = StackingOptions(full_division_strength={"germany": 8})
    assert stack_count([big], opts).divisions == Fraction(1, 2)
    two = [unit("1010", cid=f"r{i}", size="III", strength=4) for i in range(2)]
    assert stack_count(two, opts).divisions == 1


def test_stacking_options_from_the_scenario_special_rules():
    from types import SimpleNamespace as NS
    from modgen.model.types import SpecialRule
    from test_rules_support import counter
    sc = NS(special_rules=(
        SpecialRule("3-1", "Two Austro-Hungarian brigades stacked together are one division."),
        SpecialRule("3-2", "Two or three German AlpK units stacked together are one division."),
        SpecialRule("11-2", "The German Jgr division is a brigade for stacking purposes whenever it "
                            "is at or below half strength.")))
    opts = stacking_options_for(sc, [counter("a", strength=8, full_strength=8),
                                     counter("b", nation="italy", strength=5)])
    assert opts.ah_brigade_pairs and opts.alpk_group and opts.jgr_brigade_at_half
    assert opts.full_division_strength == {"germany": 8, "italy": 5}
    other = NS(special_rules=(SpecialRule("3-1", "Serbian units may not leave Serbia."),))
    o2 = stacking_options_for(other)
    assert not (o2.ah_brigade_pairs or o2.alpk_group or o2.jgr_brigade_at_half)
    assert o2.full_division_strength is None
