"""Burning Mountains rules as pure functions: the worked examples WE-BM-01..13 (shared/docs/
worked-examples.md) with their numbers, and the rules around them (file 004)."""
from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from modgen.hexgrid import Hex, Hexside
from modgen.systems.burning_mountains import rules as R

COLUMNS = ("1:3", "1:2", "1:1", "3:2", "2:1", "3:1", "4:1")
AREA = frozenset(Hex(c, r) for c in range(10, 40) for r in range(1, 22))


# ---------------------------------------------------------------- WE-BM-01 7.4 defender command limits

def test_we_bm_01_three_independent_defenders_one_withheld():
    corps = [None, None, None]
    assert not R.defence_command_ok(corps)
    assert R.defence_withheld_count(corps) == 1
    assert R.defence_command_ok(corps[:2])          # two independent units defend


def test_defence_corps_plus_one():
    assert R.defence_command_ok(["III", "III", "III", None])
    assert not R.defence_command_ok(["III", "III", None, "XX"])
    assert R.defence_withheld_count(["III", "III", None, "XX"]) == 1
    assert R.defence_withheld_count(["III", "XX", "VIII"]) == 1


def test_attack_command_limits_7_2():
    assert R.attack_command_ok(["XX"] * 5 + [None, "III"])       # one corps + two others
    assert not R.attack_command_ok(["XX"] * 5 + [None, "III", "VIII"])
    assert R.attack_command_ok([None, None, None])               # three independent units
    assert not R.attack_command_ok([None] * 4)                   # Italians: at most three
    assert R.attack_command_ok(["XX", "III", None])              # XX + two others


# ---------------------------------------------------------------- WE-BM-02 7.8 steps per attacking hex

def test_we_bm_02_high_mountain_two_steps_per_hex():
    # the limit is the defending hex's stacking limit; the data gives high mountain 2 (derived)
    from modgen.model.load import load_game
    tec = load_game("burning-mountains").tables["tec"]
    assert R.attack_steps_allowed(tec.stacking("high_mountain")) == 2


# ---------------------------------------------------------------- WE-BM-03 7.8 reductions do not stack

def test_we_bm_03_upslope_and_stream_reduce_by_one_only():
    assert R.attack_strength(3, upslope=True, across_stream=True) == 2
    assert R.attack_strength(3, upslope=True) == 2
    assert R.attack_strength(3, across_stream=True) == 2
    assert R.attack_strength(3) == 3


def test_av_altitude_bonus_and_zero_is_one_readings():
    assert R.unit_av(2, altitude_bonus=True) == 3
    assert R.unit_av(0, altitude_bonus=True, reading="A") == 1
    assert R.unit_av(0, altitude_bonus=True, reading="C") == 2
    assert R.unit_av(3, supply="out", altitude_bonus=True) == 0      # 11.1: OOS AV is zero


def test_strength_modifiers_ce_supply_mountain_improved():
    assert R.attack_strength(4, ce=2, supply="low") == 1              # 10.1, 11.1
    assert R.defence_strength(4, ce=1, supply="out") == 1
    assert R.defence_strength(3, mountain_bonus=True, improved=True) == 5   # 12.1, 15.2
    assert R.mountain_bonus("mtn", "mountain", ["inf", "inf"])
    assert not R.mountain_bonus("mtn", "low_mountain", ["inf"])
    assert not R.mountain_bonus("mtn", "high_mountain", ["inf", "mtn"])
    assert not R.mountain_bonus("inf", "high_mountain", ["inf"])


# ---------------------------------------------------------------- WE-BM-04 7.9 flank attacks

def test_we_bm_04_flank_examples():
    """The three captions of 7.9 (diagrams not in the text), rebuilt: two attackers N and S of the
    defender cover N, NE, S and SE (crags keep their ZOCs out of NW and SW); the fifth hex decides."""
    d = Hex(20, 10)
    n, ne, se, s, sw, nw = d.neighbours()
    crags = frozenset({Hexside.of(s, sw), Hexside.of(n, nw)})
    base = dict(on_map=AREA, crags=crags, is_edge=False)
    attackers = [n, s]
    ok, why = R.is_flanked(d, attacker_hexes=attackers, enemy_hexes=attackers, friendly_hexes=[], **base)
    assert not ok and why.startswith("4 of the 6")
    fifteenth = Hex(19, 9)                   # its ZOC reaches the NW hex (and N), not the defender
    assert nw in fifteenth.neighbours() and d not in fifteenth.neighbours() and sw not in fifteenth.neighbours()
    # Example 1: the 15th not attacking: its ZOC is not considered -> not flanked; attacking -> flanked
    ok, why = R.is_flanked(d, attacker_hexes=attackers, enemy_hexes=attackers + [fifteenth], friendly_hexes=[], **base)
    assert not ok and why.startswith("4 of the 6")
    ok, why = R.is_flanked(d, attacker_hexes=attackers + [fifteenth], enemy_hexes=attackers + [fifteenth],
                           friendly_hexes=[], **base)
    assert ok and why.startswith("5 of the 6")
    # Example 2: the 55th brigade, not attacking, in the NW hex: its presence makes five -> flanked
    ok, why = R.is_flanked(d, attacker_hexes=attackers, enemy_hexes=attackers + [nw], friendly_hexes=[], **base)
    assert ok and why.startswith("5 of the 6")
    # Example 3: the Italian Mantova brigade in the NW hex negates the attacking 15th's ZOC -> not flanked
    ok, why = R.is_flanked(d, attacker_hexes=attackers + [fifteenth], enemy_hexes=attackers + [fifteenth],
                           friendly_hexes=[nw], **base)
    assert not ok and why.startswith("4 of the 6")


def test_flank_five_of_six_and_exceptions():
    d = Hex(20, 10)
    ring = d.neighbours()
    attackers = [ring[0], ring[3]]
    crags = frozenset({Hexside.of(ring[3], ring[4]), Hexside.of(ring[0], ring[5]),
                       Hexside.of(ring[3], ring[2])})
    kw = dict(on_map=AREA, crags=crags, attacker_hexes=attackers, enemy_hexes=attackers + [ring[4]],
              friendly_hexes=[])
    ok, why = R.is_flanked(d, is_edge=False, **kw)
    assert not ok and why.startswith("4 of the 6")          # N, NE, S, SW
    ok, why = R.is_flanked(d, is_edge=False, **{**kw, "enemy_hexes": attackers + [ring[4], ring[5]]})
    assert ok and why.startswith("5 of the 6")              # N, NE, S, SW, NW
    assert not R.is_flanked(d, is_edge=True, **{**kw, "enemy_hexes": attackers + [ring[4], ring[5]]})[0]
    assert not R.is_flanked(d, is_edge=False, with_fortress=True,
                            **{**kw, "enemy_hexes": attackers + [ring[4], ring[5]]})[0]


def test_flank_effects_two_columns_and_tdp_plus_two():
    plain = R.final_odds(4, 4, COLUMNS)
    flanked = R.final_odds(4, 4, COLUMNS, shift=2)
    assert (plain.column, flanked.column) == ("1:1", "2:1")
    drms = dict(R.tdp_drms(crt_drm=0, opponent_av=0, defender=True, flanked=True))
    assert sum(drms.values()) == 2


# ---------------------------------------------------------------- WE-BM-05 8.2 / 9.4.1 high odds

@pytest.mark.parametrize("a, d, column, drm", [(12, 2, "4:1", 2), (10, 2, "4:1", 1), (8, 2, "4:1", 0),
                                               (13, 2, "4:1", 2), (9, 2, "4:1", 0)])
def test_we_bm_05_high_odds(a, d, column, drm):
    o = R.final_odds(a, d, COLUMNS)
    assert o.column == column and o.over == drm
    assert sum(v for _, v in R.tdp_drms(crt_drm=0, opponent_av=0, defender=True, over=o.over)) == drm


def test_we_bm_05_below_one_to_three_is_not_allowed():
    assert not R.final_odds(1, 4, COLUMNS).legal
    assert R.final_odds(1, 3, COLUMNS).column == "1:3"
    assert R.final_odds(0, 3, COLUMNS).legal is False


def test_odds_round_for_the_defender():
    assert R.final_odds(5, 4, COLUMNS).column == "1:1"      # 1.25 -> 1:1, not 3:2
    assert R.final_odds(6, 4, COLUMNS).column == "3:2"
    assert R.final_odds(7, 4, COLUMNS).column == "3:2"
    assert R.final_odds(5, 12, COLUMNS).column == "1:3"     # 0.42 -> 1:3
    assert R.final_odds(6, 12, COLUMNS).column == "1:2"
    assert R.final_odds(11, 3, COLUMNS).column == "3:1"
    assert R.final_odds(4, 12, COLUMNS, shift=2).column == "1:1"
    assert R.final_odds(12, 3, COLUMNS, shift=2) == R.Odds("4:1", 2, "4:1")


@given(st.integers(1, 60), st.integers(1, 60))
def test_odds_never_favour_the_attacker(a, d):
    o = R.final_odds(a, d, COLUMNS)
    if o.legal:
        num, den = (int(x) for x in o.column.split(":"))
        # the column (plus the ratios over 4:1) never exceeds the real ratio: rounding is for the defender
        assert (num + o.over * den) * d <= a * den


# ---------------------------------------------------------------- WE-BM-06 9.4.1 AV table

def test_we_bm_06_artillery_value_drm():
    assert {av: R.artillery_drm(av) for av in (0, 1, 2, 3, 4, 5, 6, 9)} == \
        {0: 0, 1: 1, 2: 2, 3: 2, 4: 3, 5: 3, 6: 4, 9: 4}


# ---------------------------------------------------------------- WE-BM-07 8.4 magnitude

def test_we_bm_07_magnitude():
    assert R.magnitude(6) == "Small" and R.magnitude(7) == "Large"


# ---------------------------------------------------------------- WE-BM-08 9.2.1 overstack on retreat

def test_we_bm_08_retreat_into_overstack_one_brigade_goes_on():
    from modgen.model.load import load_game
    limit = load_game("burning-mountains").tables["tec"].stacking("low_mountain")
    assert R.overstack(2 + 2 + 2, limit) > 0            # 6 steps: overstack
    assert R.overstack(2 + 2, limit) == 0               # one brigade continues: 4 steps legal
    # exactly one of the two must continue: with both continuing the first hex would be legal too,
    # but 9.2.1a lets units retreat further only to avoid an overstack
    assert R.overstack(2, limit) == 0 and R.overstack(2 + 2, limit) == 0


# ---------------------------------------------------------------- WE-BM-09 9.4.2 / 10.2

def test_we_bm_09_ce_ladder_of_a_two_step_unit():
    u = R.UnitCe(2)
    seen = []
    for n in range(1, 7):
        s, lost = R.reduce_ce(u, n)
        seen.append(("eliminated" if s.eliminated else ("reduced" if s.reduced else "full"), s.ce))
    assert seen == [("full", 1), ("full", 2), ("reduced", 0), ("reduced", 1), ("reduced", 2),
                    ("eliminated", 0)]
    assert R.reduce_ce(u, 6)[1] == 2 and R.reduce_ce(u, 3)[1] == 1


def test_one_step_unit_dies_on_the_third():
    assert R.reduce_ce(R.UnitCe(1), 3)[0].eliminated
    assert not R.reduce_ce(R.UnitCe(1), 2)[0].eliminated


def test_ce_distribution_even():
    units = {"a": R.UnitCe(2), "b": R.UnitCe(2)}
    assert R.allocation_problem(units, {"a": 1, "b": 1}) is None
    assert R.allocation_problem(units, {"a": 2, "b": 1}) is None
    assert "before any takes two" in R.allocation_problem(units, {"a": 2, "b": 0})
    # exception: one more on b would eliminate it
    units = {"a": R.UnitCe(2), "b": R.UnitCe(1, ce=2)}
    assert R.allocation_problem(units, {"a": 2, "b": 0}) is None


@given(st.integers(1, 2), st.booleans(), st.integers(0, 2), st.integers(0, 9))
def test_reductions_to_eliminate_is_exact(steps, reduced, ce, n):
    u = R.UnitCe(steps, reduced and steps == 2, ce)
    k = u.reductions_to_eliminate()
    assert R.reduce_ce(u, k)[0].eliminated
    assert not R.reduce_ce(u, k - 1)[0].eliminated


# ---------------------------------------------------------------- WE-BM-10 11.4 / 11.1 / 11.5 supply

def test_we_bm_10_supply_ranges_and_attrition():
    assert [R.supply_state_of(n) for n in (4, 5, 8, 9, None)] == ["in", "low", "low", "out", "out"]
    assert R.attrition("out", "out") == 2
    assert R.attrition("low", "out") == 0


def test_supply_path_through_one_ezoc_hex_and_the_6_2_reading():
    start = Hex(20, 10)
    source = {Hex(20, 14)}
    ezoc = {Hex(20, 11)}
    corridor = frozenset(Hex(20, r) for r in range(10, 15))      # one way only: 2010 -> 2014
    kw = dict(sources=source, on_map=corridor, crags=frozenset(), enemy_occupied=set(),
              friendly_occupied=set())
    assert R.supply_path_length(start, ezoc=ezoc, max_ezoc=1, **kw) == 4
    assert R.supply_path_length(start, ezoc=ezoc, max_ezoc=0, **kw) is None      # 6.2 reading
    # a friendly unit in the EZOC hex negates it for supply
    assert R.supply_path_length(start, ezoc=ezoc, max_ezoc=0, **{**kw, "friendly_occupied": {Hex(20, 11)}}) == 4
    assert R.supply_path_length(start, ezoc=ezoc | {Hex(20, 12)}, max_ezoc=1, **kw) is None


def test_road_sources_blocked_by_enemy_zoc():
    edge = {Hex(20, 21)}
    road = [Hex(20, r) for r in range(15, 22)]
    sides = frozenset(Hexside.of(a, b) for a, b in zip(road, road[1:]))
    assert Hex(20, 15) in R.road_sources(edge, sides, set())
    assert Hex(20, 15) not in R.road_sources(edge, sides, {Hex(20, 18)})
    assert Hex(20, 19) in R.road_sources(edge, sides, {Hex(20, 18)})


# ---------------------------------------------------------------- WE-BM-11 14.0 victory

def test_we_bm_11_victory_levels():
    cases = {29: "Italian strategic", 30: "Italian marginal", 34: "Italian marginal", 35: "Draw", 40: "Draw",
             41: "Austro-Hungarian marginal", 45: "Austro-Hungarian marginal", 46: "Austro-Hungarian strategic"}
    for vp, level in cases.items():
        assert R.victory(vp).startswith(level)


# ---------------------------------------------------------------- WE-BM-12 15.1 / 15.2

def test_we_bm_12_optional_rules():
    assert R.italian_replacement(4, 3) == 1
    assert R.italian_replacement(4, 4) == 0
    assert R.italian_replacement(7, None) == 1
    assert R.improved_defence(5, 10) and not R.improved_defence(5, 9)
    assert R.brusilov_stops(10, 2) and not R.brusilov_stops(9, 1) and not R.brusilov_stops(11, 3)


# ---------------------------------------------------------------- WE-BM-13 12.4 first turn

def test_we_bm_13_first_turn_artillery_flanks():
    d = Hex(20, 10)
    ok, why = R.is_flanked(d, on_map=AREA, crags=frozenset(), attacker_hexes=[Hex(20, 9)],
                           enemy_hexes=[Hex(20, 9)], friendly_hexes=[], is_edge=True, gt1_artillery=True)
    assert ok and "12.4" in why


# ---------------------------------------------------------------- 10.3 recovery

def test_ce_recovery_requirements():
    ok = dict(unit_type="inf", ce=1, in_supply=True, moved=False, ma=6, enemy_distance=3)
    assert R.can_recover(**ok)[0]
    assert not R.can_recover(**{**ok, "enemy_distance": 2})[0]
    assert not R.can_recover(**{**ok, "unit_type": "art"})[0]
    assert not R.can_recover(**{**ok, "moved": True})[0]
    assert not R.can_recover(**{**ok, "in_supply": False})[0]
    assert not R.can_recover(**{**ok, "ce": 0})[0]


def test_choices_name_the_open_contradictions():
    for k in ("supply-ezoc", "9.2.1-twice", "4.6-missing"):
        assert k in R.CHOICES


# ---------------------------------------------------------------- the ladder, retreats (pure)

def test_ladder_positions_and_reductions_between():
    from modgen.systems.burning_mountains.rules import ce
    fresh2, fresh1 = ce.UnitCe(2), ce.UnitCe(1)
    assert [ce.ladder(ce.reduce_ce(fresh2, n)[0]) for n in range(7)] == [0, 1, 2, 3, 4, 5, 6]
    assert [ce.ladder(ce.reduce_ce(fresh1, n)[0]) for n in range(4)] == [0, 1, 2, 3]
    assert ce.reductions_between(ce.UnitCe(2, ce=1), ce.UnitCe(2, reduced=True, ce=1)) == 3
    assert ce.reductions_between(ce.UnitCe(2, ce=2), ce.UnitCe(2, ce=1)) == -1
    assert ce.describe(ce.UnitCe(2, reduced=True, ce=2)) == "reduced, CE -2"
    assert ce.describe(ce.UnitCe(2, True, 0, True)) == "eliminated"


@given(st.integers(0, 6))
def test_ladder_counts_what_reduce_ce_does(n):
    from modgen.systems.burning_mountains.rules import ce
    after, _ = ce.reduce_ce(ce.UnitCe(2), n)
    assert ce.reductions_between(ce.UnitCe(2), after) == n


def _ground(**kw):
    from modgen.systems.burning_mountains.rules.retreat import RetreatGround
    on_map = frozenset(Hex(c, r) for c in range(10, 30) for r in range(1, 22))
    base = dict(on_map=on_map, crags=frozenset(), rivers=frozenset(), bridges=frozenset(),
                enemy_combat=frozenset(), ezoc=frozenset(), friendly=frozenset(),
                sources=frozenset(Hex(c, 21) for c in range(10, 30)))
    base.update(kw)
    return RetreatGround(**base)


def test_retreat_guidelines_pure():
    from modgen.systems.burning_mountains.rules import retreat as rt
    s = Hex.parse("2215")
    g = _ground(ezoc=frozenset({Hex.parse("2216")}))
    assert rt.guidelines([s, Hex.parse("2216")], g) == (False, True)        # empty EZOC hex, toward
    assert rt.guidelines([s, Hex.parse("2214")], g) == (True, False)        # away from the south edge
    v = rt.judge_guidelines([[s, Hex.parse("2216")]], g)
    assert not v.met and v.possible and v.example[-1] != Hex.parse("2216")  # 2116 or 2316 meet both
    # a friendly unit negates the EZOC for the guideline (the hex is not empty)
    assert rt.guidelines([s, Hex.parse("2216")], _ground(ezoc=g.ezoc, friendly=frozenset({Hex.parse("2216")}))) \
        == (True, True)
    # every hex around in an EZOC: unable (+2)
    ring = frozenset(s.neighbours())
    assert rt.judge_guidelines([[s, Hex.parse("2216")]], _ground(ezoc=ring)).unable


def test_legal_paths_and_expansions():
    from modgen.systems.burning_mountains.rules import retreat as rt
    s, t = Hex.parse("2215"), Hex.parse("2317")
    g = _ground(enemy_combat=frozenset({Hex.parse("2214")}),
                crags=frozenset({Hexside.of(s, Hex.parse("2115"))}))
    one = rt.legal_paths(s, 1, g)
    assert {p[-1] for p in one} == set(s.neighbours()) - {Hex.parse("2214"), Hex.parse("2115")}
    assert all(len(p) == 3 and p[0] == s for p in rt.legal_paths(s, 2, g))
    assert sorted(p[1] for p in rt.expansions([s, t], g)) == [Hex.parse("2216"), Hex.parse("2316")]


def test_river_crossings_under_both_readings():
    from modgen.systems.burning_mountains.rules import retreat as rt
    a, b, c = Hex.parse("3014"), Hex.parse("3015"), Hex.parse("3115")
    rivers = frozenset({Hexside.of(a, b), Hexside.of(a, c)})
    bridged = frozenset({Hexside.of(a, c)})
    g = _ground(rivers=rivers, bridges=bridged, ezoc=frozenset({a}))
    assert rt.river_crossings([a, b], g) == (1, 1)                # unbridged: both readings
    assert rt.river_crossings([a, c], g) == (0, 1)                # a bridge out of an EZOC hex: open
    assert rt.river_crossings([a, c], _ground(rivers=rivers, bridges=bridged)) == (0, 0)
