"""The Der Weltkrieg worked examples about play (shared/docs/worked-examples.md) reproduced
through ``modgen check`` on scripted logs — the movement and rail examples WE-DW-01..09 (their
pure-function tests are in test_rules_worked_examples.py), WE-DW-12 and WE-DW-13 (the 13-19 and
13-22 arithmetic of test_combat_arithmetic.py) and WE-SC-09 (May 1915 rail capacity on the real
data). Each test asserts the example's numbers as the report states them: a move within the MA
leaves no finding, so the examples' MP are read from the finding of a unit one MP short (or the
Column Movement info line), which prints every hexside's cost."""
from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import combat_game as cg  # noqa: E402

from modgen.check.engine import check_log  # noqa: E402
from modgen.check.logread import parse_log  # noqa: E402
from modgen.model.types import Counter, Face, GameDate, RailCapacity  # noqa: E402
from modgen.systems.der_weltkrieg import combat_record as CR  # noqa: E402

P = cg.P


check, of = cg.check, cg.of


def only(report, rule, severity="violation"):
    hits = of(report, rule, severity)
    assert len(hits) == 1, report.findings
    return hits[0]


@pytest.fixture
def extra_counters():
    """Counters an example needs beyond combat_game's (test values): added for the test only."""
    added = []

    def add(*counters):
        cg.COUNTERS.extend(counters)
        added.extend(counters)
    yield add
    for c in added:
        cg.COUNTERS.remove(c)


@pytest.fixture
def supplied(monkeypatch):
    monkeypatch.setattr(CR, "_SUPPLY_SEARCH", lambda ctx, unit, start, hq, mx: 2)
    monkeypatch.setattr(CR, "_HQ_LOC", lambda ctx, hq: True)
    monkeypatch.setattr(CR, "_SURROUNDED", lambda ctx, unit: False)


# ------------------------------------------------------------------ WE-DW-01 (6-7)

def test_we_dw_01_cumulative_hexside_cost_through_the_log():
    """Wooded rough 4 + river 1 − single-track rail 1 = 4 MP: an artillery unit (MA 3, no Column
    Movement: 6-10) crossing it and one clear hexside spends 5."""
    # the log shows drops, not the path: every other way out of 2010 is alpine, so the unit
    # crosses the example's hexside
    sides = {f"2010|{n}": {"terrain": "alpine"} for n in ("2009", "2110", "2111", "1911", "1910")}
    sides["2010|2011"] = {"terrain": "wooded_rough", "river": True, "rail": "single"}
    t = cg.new([P("de-art-x-a", "2010")], hexsides=sides, first_phase="cp-movement")
    t.move("de-art-x-a", "2011", "2012")
    t.next_phase()
    f = only(check(t), "6-9")
    assert "5 MP spent, MA 3" in f.message
    assert "2010→2011 wooded rough 4 + river 1 − single-track rail 1 = 4" in f.message
    t = cg.new([P("fr-inf-xx-1", "2010")], hexsides=sides, first_phase="en-movement")
    t.move("fr-inf-xx-1", "2011")                          # 4 MP of MA 4: legal
    t.next_phase()
    assert of(check(t)) == []


# ------------------------------------------------------------------ WE-DW-02 (Figure 3)

FIG3 = {"2915|2815": {"terrain": "clear"},
        "2815|2716": {"terrain": "woods", "river": True, "rail": "double"},
        "2716|2717": {"terrain": "broken", "river": True}}


def test_we_dw_02_figure_3_ground_movement_through_the_log(extra_counters):
    """2915 → 2815 → 2716 → 2717 costs 1, 2, 2: cumulative 5 MP. An MA-5 cavalry division (the
    figure's 8th) moves clean; the same path for an MA-4 one is legal only as Column Movement, and
    the report's info line gives the 5 MP."""
    extra_counters(cg._c("de-cav-xx-8", "germany", "cav", "XX", "8", 3, 5, 2, full=3),
                   cg._c("de-cav-xx-84", "germany", "cav", "XX", "84", 3, 4, 2, full=3))
    for cav, ma in (("de-cav-xx-8", 5), ("de-cav-xx-84", 4)):
        t = cg.new([P(cav, "2915")], hexsides=FIG3, first_phase="cp-movement")
        t.move(cav, "2815", "2716", "2717")
        t.next_phase()
        r = check(t)
        assert of(r) == []
        info = of(r, "6-10", "info")
        if ma == 5:
            assert info == []
        else:
            (f,) = info
            assert "5 MP spent, MA 4: legal as Column Movement (Column MA 6" in f.message


# ------------------------------------------------------------------ WE-DW-03 (Figure 4)

FIG4_RAIL = {k: {"terrain": "clear", "rail": "double"}
             for k in ("2015|1915", "1915|1815", "1815|1716", "1716|1615")}
FIG4_GERMANY = {h: {"country": "germany"} for h in ("2015", "1915", "1815", "1716", "1615", "1616")}


def fig4(unit, *, to_1615=False):
    t = cg.new([P(unit, "2015"), P("fr-inf-xx-1", "1516")], first_phase="cp-movement",
               hexsides={**FIG4_RAIL, "1716|1616": {"terrain": "broken"}}, hexes=FIG4_GERMANY,
               rail_capacities=(RailCapacity("germany", 5),))
    if to_1615:
        t.declare(f"!rail {t.game.counters[unit].name} 2015-1915-1815-1716-1615")
        t.move(unit, "1615")
    else:
        t.declare(f"!rail {t.game.counters[unit].name} 2015-1915-1815-1716")
        t.move(unit, "1716")
        t.move(unit, "1616")
    t.next_phase()
    return check(t)


def test_we_dw_03_figure_4_rail_then_ground_through_the_log(extra_counters):
    """Entrain 1 MP + 3 × 0.1 → 2 MP by rail (rounded up); 1716 → 1616 broken 1 + enter EZOC 1 =
    2: 4 MP in all, legal for the 39th (MA 5) and for an MA-4 division; an MA-1 division has not
    the 2 MP the rail move costs. Rail entry into 1615, in the French unit's ZOC, is illegal
    (7-6)."""
    extra_counters(cg._c("de-inf-xx-39", "germany", "inf", "XX", "39", 8, 5, 6, full=8),
                   cg._c("de-inf-xx-394", "germany", "inf", "XX", "394", 8, 4, 6, full=8),
                   cg._c("de-inf-xx-391", "germany", "inf", "XX", "391", 8, 1, 6, full=8))
    assert of(fig4("de-inf-xx-39")) == [] and of(fig4("de-inf-xx-394")) == []
    f = only(fig4("de-inf-xx-391"), "6-9")
    assert "2 MP spent, MA 1: 0 MP on foot before entraining in 2015 + 2 MP by rail" in f.message
    f = only(fig4("de-inf-xx-39", to_1615=True), "7-6")
    assert "every rail path 1716 → 1615 enters one (1615)" in f.message


# ------------------------------------------------------------------ WE-DW-04 (Figure 5)

FIG5_LINE = ("2106", "2107", "2007", "1908", "1907")
FIG5_RAIL = {f"{a}|{b}": {"terrain": "clear", "rail": "double"}
             for a, b in zip(FIG5_LINE, FIG5_LINE[1:])}
FIG5_RAIL.update({"2206|2207": {"terrain": "clear", "rail": "double"},
                  "2107|2207": {"terrain": "clear", "rail": "double"}})
# the figure's German network: 2106, 2107, 2206, 2207; the line on through 2007, 1908, 1907 is
# another country's (Belgian in the figure, French on this test map): inoperative for Germany
FIG5_GERMAN = {h: {"country": "germany"} for h in ("2106", "2107", "2206", "2207")}


def fig5(*, engineer_moves: bool):
    t = cg.new([P("de-eng-iii-20", "2107"), P("de-inf-xx-8", "2106")], first_phase="cp-movement",
               hexsides=FIG5_RAIL, hexes=FIG5_GERMAN, rail_capacities=(RailCapacity("germany", 5),))
    if engineer_moves:
        t.move("de-eng-iii-20", "2007", "1908", "1907")   # normal movement along the line
    t.next_phase(8)                                       # the next Central Powers Movement Phase
    step = t.declare("!rail 8 Inf XX 2106-2107-2007-1908")
    t.move("de-inf-xx-8", "1908")
    t.next_phase()
    return check(t), step


def test_we_dw_04_figure_5_rail_repair_by_an_engineer_through_the_log(extra_counters):
    """The 20th Engineer Regiment moves 2107 → 2007 → 1908 → 1907 along the rail line: 1 MP a
    hex, 3 MP, within its MA; the rail in 2007, 1908 and 1907 becomes Operative and German (9-5,
    9-6), so a German division's rail move along it in a later Movement Phase is legal. Without
    the engineer's move the same rail move leaves the German network (9-1). (The railhead markers
    of 9-10, 1907 and 1908, are not pieces the checker reads.)"""
    extra_counters(cg._c("de-eng-iii-20", "germany", "eng", "III", "20", 1, 3))
    repaired, _ = fig5(engineer_moves=True)
    assert of(repaired) == []
    assert of(repaired, severity="undetermined") == []
    assert of(repaired, "6-10", "info") == []      # 3 MP: within MA 3, no Column Movement needed
    unrepaired, step = fig5(engineer_moves=False)
    f = only(unrepaired, "9-1")
    assert f.step == step and "2007" in f.message


# ------------------------------------------------------------------ WE-DW-05 / 06 (Figures 6, 7)

def fig7(unit, path, **kw):
    t = cg.new([P("fr-inf-xx-1", "0910"), P(unit, "1110")], first_phase="cp-movement",
               cols=(6, 13), rows=(6, 13), **kw)
    t.move(unit, *path)
    t.next_phase()
    return check(t)


def test_we_dw_05_06_zone_of_control_and_moving_through_it_through_the_log():
    """Figure 7: 1110 → 1010 costs 1 + 1 (enter EZOC) = 2, 1010 → 0911 1 + 1 (leave) + 1 (enter)
    = 3: 5 MP, one more than the 2-4 brigade's MA (no Column Movement into an EZOC). Figure 6:
    the French unit's ZOC is its six neighbours — 1010 and 0911 among them, 1110 not."""
    f = only(fig7("de-inf-x-2", ["1010", "0911"]), "6-9")
    assert "5 MP spent, MA 4" in f.message
    assert "1110→1010 clear 1 + enter EZOC 1 = 2" in f.message
    assert "1010→0911 clear 1 + leave EZOC 1 + enter EZOC 1 = 3" in f.message
    # 1110 → 1109 → 1009: only the second hex is in the ZOC (WE-DW-05: 0909, 0911, 0809, 0810,
    # 1009, 1010)
    assert of(fig7("de-inf-x-2", ["1109", "1009"])) == []           # 1 + 1 + 1 = 3 of 4


# ------------------------------------------------------------------ WE-DW-07 (18-4, 8-8)

def test_we_dw_07_hq_rail_capacity_through_the_log():
    """An HQ holding 42 SP counts 5 divisions against the rail capacity (18-4): it moves by rail
    on a capacity of 5, not of 4; with 20 SP it counts 2."""
    def rail_hq(sp, capacity):
        t = cg.new([P("de-hq-xxxx-2nd", "2010", supply_points=sp)], first_phase="cp-movement",
                   hexsides=cg.RAIL_LINE, hexes={h: {"country": "germany"}
                                                 for h in ("2010", "2110", "2210", "2310")},
                   rail_capacities=(RailCapacity("germany", capacity),))
        t.declare("!rail 2nd HQ XXXX 2010-2110-2210-2310")
        t.move("de-hq-xxxx-2nd", "2310")
        t.next_phase()
        return check(t)
    assert of(rail_hq(42, 5), "8-1") == []
    f = only(rail_hq(42, 4), "8-1")
    assert "Germany moved 5 divisions by rail on Turn 1 June 1915, capacity 4" in f.message
    assert of(rail_hq(20, 2), "8-1") == [] and len(of(rail_hq(20, 1), "8-1")) == 1


# ------------------------------------------------------------------ WE-DW-08 (11-9, 11-10)

def test_we_dw_08_reduced_stacking_in_a_coastal_hex_through_the_log():
    """A hex with 2 land hexsides stacks 4 divisions (and 2 artillery): five are one too many at
    the end of the phase."""
    coast = {f"2010|{n}": {"terrain": "ocean"} for n in ("2009", "2110", "2111", "1910")}

    def stack(n):
        units = ["de-inf-xx-8", "de-inf-xx-9", "de-inf-xx-7", "de-inf-xx-5", "de-inf-xx-10"][:n]
        t = cg.new([P(u, "2011") for u in units], hexsides=coast, first_phase="cp-movement")
        for u in units:
            t.move(u, "2010")
        t.next_phase()
        return check(t)
    assert of(stack(4)) == []
    (f,) = of(stack(5))
    assert f.rule == "11-9" and "5 divisions in 2010 (limit 4, 2 land hexsides)" in f.message


# ------------------------------------------------------------------ WE-DW-09 (27-3)

def test_we_dw_09_divisional_components_stack_as_divisions_through_the_log(extra_counters):
    """Five German 2-5 regiments (full division 8): four of them (8 SP) are one division, the
    fifth a separate unit (a regiment, ½ a division by 11-6: the reading of
    test_rules_worked_examples) — 1½ divisions, where five regiments alone would be 2½. With four
    divisions that is 5½ (legal; 6½ without 27-3), with five 6½ (one too many)."""
    regs = [cg._c(f"de-inf-iii-r{i}", "germany", "inf", "III", f"R{i}", 2, 5, 1, full=8)
            for i in range(5)]
    extra_counters(*regs)

    def stack(divisions):
        units = ["de-inf-xx-8", "de-inf-xx-9", "de-inf-xx-7", "de-inf-xx-5", "de-inf-xx-10"][:divisions]
        t = cg.new([P(u, "2010") for u in units] + [P(r.id, "2011") for r in regs],
                   first_phase="cp-movement")
        for r in regs:
            t.move(r.id, "2010")
        t.next_phase()
        return check(t)
    assert of(stack(4)) == []
    (f,) = of(stack(5))
    assert f.rule == "11-1" and "6 1/2 divisions in 2010 (limit 6)" in f.message


# ------------------------------------------------------------------ WE-DW-12 (13-19)

def test_we_dw_12_more_than_50_sp_through_the_log(extra_counters, supplied):
    """135 attacking SP: the loss is 2 × CRT[50][d] + CRT[35][d] (13-19)."""
    big = [cg._c(f"de-inf-xx-b{i}", "germany", "inf", "XX", f"B{i}", 12, 5, 6, full=12)
           for i in range(11)]
    extra_counters(*big)
    setup = [P("fr-inf-xx-1", "2010"), P("de-cav-xx-3", "1910"), P("de-hq-xxxx-2nd", "2109")]
    for i, c in enumerate(big):
        setup.append(P(c.id, ("2009", "2111", "1910")[i % 3]))
    t = cg.new(setup)
    t.declare("!attack 2010 with 2009, 2111, 1910 supply 2nd 34")
    t.roll("1d6", [3])
    t.next_phase()
    (c,) = check(t).combats
    crt = cg.real_tables()["crt"]
    assert c.attack.strengths == {135} and c.attack.die == 3
    assert c.attack.results == {2 * crt.cell(50, 3) + crt.cell(35, 3)}
    assert c.attack.placeholder                        # the 135 column is not printed


# ------------------------------------------------------------------ WE-DW-13 (13-22)

@pytest.mark.parametrize("order", [("strength-minus-1", "strength-half"),
                                   ("strength-half", "strength-minus-1")])
def test_we_dw_13_strength_markers_in_stack_order_through_the_log(order, supplied):
    """An 8-SP unit under a ½ marker on top of a −1 marker attacks with 8 → 4 → 3; the other
    order gives 8 → 7 → 3 too (halving 7: the rounding is not stated, both kept: {3, 4})."""
    t = cg.new([P("de-inf-xx-8", "2009"), P("fr-inf-xx-1", "2010"), P("de-hq-xxxx-2nd", "2110")],
               markers_after=[(0, order[0]), (0, order[1])])
    t.declare("!attack 2010 with 8 Inf XX supply 2nd 1")
    t.roll("1d6", [3])
    t.next_phase()
    (c,) = check(t).combats
    expect = {3} if order[1] == "strength-half" else {3, 4}
    assert c.attackers[0].strengths == expect
    assert c.attack.strengths == expect


# ------------------------------------------------------------------ WE-SC-09 (May 1915 rail capacity)

def test_we_sc_09_may_1915_italian_rail_capacity_through_the_log():
    """Italy's rail capacity in May 1915 (000:L1140): none before turn 1 June, 3 (half of 7) on
    turns 1-3 June, 7 from turn 4 June."""
    from modgen.model import load_game
    from modgen.testing import TestGame
    game = load_game("italian-front")
    may = game.scenarios["if-1915-05"]

    # four divisions placed for the test on four Italian rail lines far from the front
    lines = {"it-inf-xx-20": ("1022", "1122"), "it-inf-xx-21": ("1221", "1322"),
             "it-inf-xx-9": ("1325", "1424"), "it-inf-xx-22": ("1320", "1321")}

    def rail(date, n):
        t = TestGame(game, may)
        for u, (a, _b) in lines.items():
            t.place(u, a)
        t.advance_to(date, "entente-movement")
        for u in list(lines)[:n]:                       # n rail moves of one division each
            a, b = lines[u]
            t.declare(f"!rail {u} {a}-{b}")
            t.move(u, b)
        t.next_phase()
        return [f for f in check_log(parse_log(t.text()), game, may).findings if f.rule == "8-1"]
    (f,) = rail(GameDate(1915, 5, 7), 1)                         # no capacity before 1 June
    assert "capacity 0 (not usable until Turn 1 June 1915)" in f.message
    assert rail(GameDate(1915, 6, 2), 3) == []                   # 3 of 3
    assert len(rail(GameDate(1915, 6, 2), 4)) == 1               # the fourth is one too many
    assert rail(GameDate(1915, 6, 4), 4) == []                   # 7 from turn 4
