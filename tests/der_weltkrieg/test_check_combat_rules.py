"""The combat rules that came after the first combat checker, each through ``modgen check`` on a
scripted log with a legal game (clean) and an illegal one: 12-3, 14-9, 14-16, 14-20, 16-4 (moved
as a stack, ceasing movement), 29-15, 40-3 and the IF 3-5 sector line."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import combat_game as cg  # noqa: E402

from modgen.check.engine import check_log  # noqa: E402
from modgen.check.logread import parse_log  # noqa: E402
from modgen.systems.der_weltkrieg import combat_record as CR  # noqa: E402

P = cg.P


@pytest.fixture
def supplied(monkeypatch):
    """Every supply line 2 MP long, HQs with a line of communication, no unit cut off (as the
    combat tests' fixture: the test map has no rail lines or map edges of a country)."""
    monkeypatch.setattr(CR, "_SUPPLY_SEARCH", lambda ctx, unit, start, hq, mx: 2)
    monkeypatch.setattr(CR, "_HQ_LOC", lambda ctx, hq: True)
    monkeypatch.setattr(CR, "_SURROUNDED", lambda ctx, unit: False)


def check(t):
    return check_log(parse_log(t.text()), t.game, t.scenario)


def found(report, rule=None, severity="violation"):
    return [f for f in report.findings if f.severity == severity and (rule is None or f.rule == rule)]


def only(report, rule, severity="violation"):
    hits = found(report, rule, severity)
    assert len(hits) == 1, report.findings
    return hits[0]


BASIC = [P("fr-inf-xx-1", "2010"), P("de-inf-xx-9", "2009"), P("de-inf-xx-7", "2111"),
         P("de-hq-xxxx-2nd", "2110"), P("fr-hq-xxxx-6th", "1911")]


# ------------------------------------------------------------------ 12-3

def two_combats(late_loss: bool):
    t = cg.new(BASIC + [P("fr-inf-xx-2", "2112")])
    t.declare("!attack 2010 with 9 Inf XX supply 2nd 2")
    t.roll("1d6", [3])
    if not late_loss:
        t.flip("fr-inf-xx-1")
    t.declare("!attack 2112 with 7 Inf XX supply 2nd 2")
    t.roll("1d6", [3])
    if late_loss:
        t.flip("fr-inf-xx-1")                 # the first combat's loss, after the second's roll
    t.flip("fr-inf-xx-2")
    t.next_phase()
    return check(t)


def test_12_3_each_combat_resolved_before_the_next(supplied):
    r = two_combats(late_loss=False)
    assert found(r) == [] and found(r, "12-3", "undetermined") == []
    r = two_combats(late_loss=True)
    f = only(r, "12-3")
    assert "a loss (flip) in the combat against 2010" in f.message
    assert "after the attack roll of the next combat, against 2112" in f.message
    assert [x.how for x in r.combats[0].losses] == ["flip"]       # still the first combat's


def test_12_3_undeclared_rolls_leave_it_undetermined(supplied):
    t = cg.new(BASIC + [P("fr-inf-xx-2", "2112")])
    t.roll("1d6", [3])
    t.flip("fr-inf-xx-1")                     # ties the first roll to 2010
    t.roll("1d6", [3])                        # its counterattack, or the next attack: not known
    t.roll("1d6", [3])
    t.flip("fr-inf-xx-1")
    t.next_phase()
    r = check(t)
    assert found(r, "12-3") == []


# ------------------------------------------------------------------ 14-9

# 2010 attacked from 2009 and 2111; 1911 is behind an alpine hexside and 2110 holds the German
# HQ, so the only retreats are 1910 and 2011, both enemy controlled and empty (14-8 case 7)
CASE7_SIDES = {"2010|1911": {"terrain": "alpine"}}


def case7(*, column=True, declare=None, other_attack=False, counter=None, losses=False):
    t = cg.new(BASIC, hexsides=CASE7_SIDES)
    t.declare("!attack 2010 with 9 Inf XX, 7 Inf XX supply 2nd 4")
    t.roll("1d6", [3])
    t.declare("!retreat 2010")
    if counter:
        t.declare(counter)
        t.roll("1d6", [1])
    t.flip("fr-inf-xx-1")
    t.move("fr-inf-xx-1", "1910")
    if other_attack:
        t.declare("!attack 2110 with 9 Inf XX")     # some other combat first
        t.roll("1d6", [1])
    if declare:
        t.declare(declare)
    if column:
        t.roll("1d6", [2])
        if losses:
            t.eliminate("fr-inf-xx-1")
    t.next_phase()
    return check(t)


def test_14_9_case_7_retreat_makes_a_column_attack(supplied):
    r = case7()
    assert found(r) == [] and found(r, severity="undetermined") == []
    cause, col = r.combats
    assert col.kind == "retreat-column" and col.attack_roll.value == 2
    assert [a.name for a in col.attackers] == ["1 Inf XX"]
    assert {d.name for d in col.defenders} == {"9 Inf XX"}           # the enemy next to 1910
    assert "Column Attack (14-9)" in col.title
    # the same retreat with no Column Attack after it
    f = only(case7(column=False), "14-9")
    assert "must immediately make a Column Attack" in f.message and "no die roll follows" in f.message


def test_14_9_is_immediate_and_declarable(supplied):
    f = only(case7(column=False, other_attack=True), "14-9")
    assert "the next attack declared is the one on 2110" in f.message
    # typed by the retreating side in the enemy's Combat Phase: no 12-1 finding
    r = case7(declare="!attack 2009 with 1 Inf XX")
    assert found(r) == [] and r.combats[1].kind == "retreat-column"


def test_14_9_supplied_only_if_supplied_in_the_combat_that_caused_it(supplied):
    r = case7(declare="!attack 2009 with 1 Inf XX supply 6th 1")
    f = only(r, "14-9")
    assert "was not supplied in the combat against 2010" in f.message
    r = case7(declare="!attack 2009 with 1 Inf XX supply 6th 1",
              counter="!counterattack 2010 supply 6th 2")
    assert found(r, "14-9") == []


def test_14_9_losses_of_the_stack_count_as_surrendered(supplied):
    r = case7(losses=True)
    assert any(f.rule == "14-9" and f.severity == "undetermined" and "several hexes" in f.message
               for f in r.findings)               # its results are not worked out
    items = [i for i in r.end_of_game.items if "eliminated" in i.reason]
    assert len(items) == 1 and items[0].dm.lo == items[0].dm.hi == 2 * 3   # 3 SP × 1 DM × 2


# ------------------------------------------------------------------ 14-16

# 2010 in the ZOC of 9 Inf XX (2009); every way out but 2011 is blocked; 2011 lies across a
# wooded rough hexside (4 MP) and in the ZOC of 7 Inf XX (2112): the 1-hexside minimum move
# may not go from an enemy ZOC into another across it (6-9), so it is the last option
LAST = {"2010|1910": {"terrain": "alpine"}, "2010|1911": {"terrain": "alpine"},
        "2010|2111": {"terrain": "alpine"}, "2010|2011": {"terrain": "wooded_rough"}}
LAST_SETUP = [P("fr-inf-xx-1", "2010"), P("de-inf-xx-9", "2009"), P("de-inf-xx-7", "2112"),
              P("fr-inf-xx-2", "2011"), P("de-hq-xxxx-2nd", "2110"), P("fr-hq-xxxx-6th", "1912")]


def last_option(who="fr-inf-xx-1", *, minus=1):
    setup = list(LAST_SETUP)
    if who != "fr-inf-xx-1":
        setup[0] = P(who, "2010")
    t = cg.new(setup, hexsides=LAST)
    t.declare("!attack 2010 with 9 Inf XX supply 2nd 2")
    t.roll("1d6", [6])
    t.declare("!retreat 2010")
    t.move(who, "2011")
    if who == "fr-inf-xx-1":
        t.flip(who)                               # 4 → 3
        for _ in range(minus):
            t.add_marker("strength-minus-1", "2011")
            t.restack(who)
    t.next_phase()
    return check(t)


def test_14_16_last_option_retreat_halves_infantry(supplied):
    r = last_option(minus=1)                      # 4 → 2: half, both readings of the rounding
    assert found(r) == [] and found(r, severity="undetermined") == []
    f = only(last_option(minus=0), "14-16")       # 3 SP left of 4
    assert "such a retreat halves it (at most 2 SP left)" in f.message


def test_14_16_other_types_are_eliminated_instead(supplied):
    f = only(last_option("fr-eng-iii-1"), "14-16")
    assert "only cavalry and infantry types may make such a retreat" in f.message


# ------------------------------------------------------------------ 14-20

RR_SETUP = [P("fr-inf-xx-1", "2210"), P("fr-art-x-rr", "2210"), P("de-inf-xx-9", "2211"),
            P("de-hq-xxxx-2nd", "2212"), P("fr-hq-xxxx-6th", "2409")]


def rail_retreat(to):
    t = cg.new(RR_SETUP, hexsides=dict(cg.RAIL_LINE))
    t.declare("!attack 2210 with 9 Inf XX supply 2nd 2")
    t.roll("1d6", [6])
    t.declare("!retreat 2210")
    t.flip("fr-inf-xx-1")
    t.move("fr-inf-xx-1", "2110")
    if to:
        t.move("fr-art-x-rr", to)
    t.next_phase()
    return check(t)


def test_14_20_rail_based_units_retreat_along_a_rail_line(supplied):
    r = rail_retreat("2510")                      # three hexes east along the line
    assert found(r) == [] and found(r, severity="undetermined") == []
    f = only(rail_retreat("2209"), "14-20")       # off the line
    assert "no rail line it could move along joins them" in f.message
    f = only(rail_retreat(None), "14-20")         # stayed behind
    assert "stayed in 2210" in f.message


# ------------------------------------------------------------------ 16-4

def column_stack(how):
    start = "2009" if how == "still" else "2006"       # "still": they declare no move
    setup = [P("fr-inf-xx-1", "2010"), P("de-inf-xx-9", start), P("de-inf-xx-7", start),
             P("de-hq-xxxx-2nd", "2110"), P("fr-hq-xxxx-6th", "1911")]
    t = cg.new(setup, first_phase="cp-movement")
    if how == "stack":
        t.move_stack(["de-inf-xx-9", "de-inf-xx-7"], "2008")
        t.move_stack(["de-inf-xx-9", "de-inf-xx-7"], "2009")
    elif how == "apart":
        t.move("de-inf-xx-9", "2007", "2008", "2009")
        t.move("de-inf-xx-7", "2007", "2008", "2009")
    elif how == "joined":
        t.move("de-inf-xx-9", "2007")
        t.move("de-inf-xx-7", "2007")
        t.move_stack(["de-inf-xx-9", "de-inf-xx-7"], "2009")
    t.declare("!attack 2010 with 9 Inf XX, 7 Inf XX supply 2nd 4")
    t.roll("1d6", [6])
    t.flip("fr-inf-xx-1")
    t.move("fr-inf-xx-1", "1911")
    if how == "moved after":
        t.move("de-inf-xx-9", "2108")
    t.next_phase()
    return check(t)


def test_16_4_column_attack_by_units_moved_as_a_stack(supplied):
    for how in ("stack", "still"):
        r = column_stack(how)
        assert found(r) == [] and found(r, severity="undetermined") == [], how
    f = only(column_stack("apart"), "16-4")
    assert "never moved together this Movement Phase" in f.message
    f = only(column_stack("joined"), "16-4", "undetermined")
    assert "moved partly apart" in f.message


def test_16_4_a_column_attack_ends_movement(supplied):
    f = only(column_stack("moved after"), "16-4")
    assert "moved 2006→2108 after its Column Attack on 2010" in f.message


# ------------------------------------------------------------------ 29-15

def siege(trench: bool, date=cg.GameDate(1915, 6, 1)):
    setup = [P("fr-inf-xx-1", "2010"), P("de-sart-x-1", "2009"), P("de-hq-xxxx-2nd", "2110")]
    t = cg.new(setup, markers_after=[(0, "trench")] if trench else [], date=date,
               last=cg.GameDate(date.year, date.month, 7))
    t.declare("!attack 2010 with 1s S Art X supply 2nd 2")
    t.roll("1d6", [6])
    t.flip("fr-inf-xx-1")
    t.next_phase()
    return check(t)


def test_29_15_siege_artillery_as_regular_artillery_from_1915(supplied):
    r = siege(trench=True)
    assert found(r) == [] and found(r, severity="undetermined") == []
    (c,) = r.combats
    assert c.attack.strengths == {4}                            # half of 8
    assert "as regular artillery, 29-15" in " ".join(c.attack.terms)
    assert found(r, "29-6") == []                               # 2 SP pay for 4 artillery SP
    f = only(siege(trench=False), "29-15")
    assert "only against units in trenches" in f.message
    assert found(siege(trench=False, date=cg.GameDate(1914, 9, 1)), "29-15") == []  # 29-2's year


# ------------------------------------------------------------------ 40-3

def ah_cavalry(defender="ah-cav-xx-7y", *, retreat=False, infantry=False, attackers=2):
    setup = [P(defender, "2010"), P("it-cav-xx-1", "2009"), P("it-cav-xx-2", "2111"),
             P("it-hq-xxxx-2nd", "1909"), P("ah-hq-xxxx-5th", "2012")]
    if infantry:
        setup.append(P("ah-inf-xx-1", "2010"))
    t = cg.new(setup, first_phase="en-combat")
    who = "1c Cav XX, 2c Cav XX" if attackers == 2 else "1c Cav XX"
    t.declare(f"!attack 2010 with {who} supply 2nd 2")
    t.roll("1d6", [1])
    if retreat:
        t.move(defender, "1911")
    t.next_phase()
    return check(t)


def test_40_3_yellow_austro_hungarian_cavalry_must_retreat(supplied):
    f = only(ah_cavalry(), "40-3")              # 4 cavalry SP against 1: more than three times
    assert "must retreat when attacked by cavalry 3 times its strength" in f.message
    assert found(ah_cavalry(retreat=True), "40-3") == []
    assert found(ah_cavalry(infantry=True), "40-3", "undetermined") == []
    r = ah_cavalry(attackers=1)                 # 2 SP against 1: less than three times
    assert found(r, "40-3") == [] and found(r, "40-3", "undetermined") == []


def test_40_3_value_colour_not_in_the_data_is_undetermined(supplied):
    r = ah_cavalry("ah-cav-xx-8u")
    assert found(r, "40-3") == []
    f = only(r, "40-3", "undetermined")
    assert "the colour of 8u Cav XX's values" in f.missing


# ------------------------------------------------------------------ IF 3-5 sectors

SECTOR_RULES = [cg.SpecialRule("3-5", "Italian broad front: the 3rd army south and the 2nd army "
                                      "north of a line east-west through the hexside 2011/2012")]
IT_SETUP = [P("ah-inf-xx-1", "2010"), P("ah-inf-xx-2", "2014"), P("it-inf-xx-4", "2009"),
            P("it-inf-xx-6", "2013"), P("it-hq-xxxx-2nd", "1909"), P("it-hq-xxxx-3rd", "1913")]


def sectors(decls):
    t = cg.new(IT_SETUP, first_phase="en-combat", special_rules=SECTOR_RULES)
    for d in decls:
        t.declare(d)
        t.roll("1d6", [1])
    t.next_phase()
    return check(t)


def test_if_3_5_each_army_attacks_in_its_sector(supplied):
    r = sectors(["!attack 2010 with 4 Inf XX supply 2nd 1",
                 "!attack 2014 with 6 Inf XX supply 3rd 1"])
    assert found(r) == []
    r = sectors(["!attack 2010 with 4 Inf XX supply 3rd 1",
                 "!attack 2014 with 6 Inf XX supply 2nd 1"])
    msgs = sorted(f.message for f in found(r, "IF 3-5"))
    assert len(msgs) == 2
    assert "4 Inf XX in 2009 attacks 2010 supplied by the Italian 3rd Army, but 2009 lies north" \
        in msgs[0]
    assert "6 Inf XX in 2013 attacks 2014 supplied by the Italian 2nd Army, but 2013 lies south" \
        in msgs[1]


def test_if_3_5_sector_of_a_hex():
    from modgen.hexgrid import Hex
    from modgen.systems.der_weltkrieg.checks.attack_limits import half_rows, sector_of
    line = (half_rows(Hex.parse("3217")) + half_rows(Hex.parse("3218"))) // 2
    assert [sector_of(Hex.parse(h), line) for h in ("3217", "3218", "3118", "3117", "3119")] \
        == ["north", "south", None, "north", "south"]
