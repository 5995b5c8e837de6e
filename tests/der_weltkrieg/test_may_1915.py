"""The integration test of issue 8: the first month of the Italian Front May 1915 scenario played
by the rules on the real game data — attacks, counterattacks (supplied and not), losses (flips,
eliminations), a retreat and an advance, HQ spending and income, a reinforcement — checks with
no violation; the same month with each seeded mistake gives exactly that mistake's violation, and
with all of them exactly those.

The month: turn 7 May 1915 (the scenario starts with the Entente Movement Phase) to turn 5 June,
on the set-up as printed (truncated, missing-data M4: only the units it names). Ten mistakes are
seeded: seven judged by the combat, movement and reinforcement rules, three by the supply rules.
"""
from __future__ import annotations

import pytest

from modgen.check.engine import check_log
from modgen.check.logread import parse_log
from modgen.model import load_game
from modgen.model.types import GameDate
from modgen.testing import TestGame

GAME = load_game("italian-front")
MAY = GAME.scenarios["if-1915-05"]
TIR, IT1 = "ah-hq-xxxx-tir", "it-hq-xxxx-1st"

#: name -> (rule, phrase of the message) each seeded mistake must give, and nothing else
MISTAKES = {
    "attacker-not-adjacent": ("12-4", "35 Inf XX in 1723 attacks 1918, which is not adjacent"),
    "terrain-not-allowed": ("13-3", "the defender of 1918 chose clear"),
    "move-in-combat-phase": ("6-3", "35 Inf XX moved 1723→1724 in the Entente Combat Phase"),
    "unmobilized-move": ("IF 6", "30 Inf XX moved 2122→2222 on Turn 1 June 1915"),
    "retreat-two-hexes": ("14-6", "25 Inf XX retreated 2120→2122, 2 hexes"),
    "advance-by-non-attacker": ("15-1", "96 Inf X advanced 2019→2120 after the combat"),
    "arrival-in-milano": ("25-2", "44 Inf XX arrived in Milano 1421"),
}
#: the supply, HQ and trench mistakes, judged by the supply rules (checks/supply.py, trenches.py)
MISTAKES.update({
    "sp-not-expended": ("19-3", "declared were not expended"),
    "sp-from-nowhere": ("15-20", "that no transfer explains since the log began"),
    "construction-in-movement": ("22-1", "construction begins in the Trench Construction "
                                         "Initiation"),
})


def month(*mistakes: str) -> TestGame:
    m = set(mistakes)
    assert m <= set(MISTAKES), m - set(MISTAKES)
    t = TestGame(GAME, MAY)
    # ---- 7 May 1915, Entente Movement Phase (the scenario's first phase)
    t.move("it-inf-xx-35", "1723")
    t.next_phase()                                                 # Entente Combat Phase
    # 5Alp attacks 54M across a mountain hexside at half strength (19-11: no SP)
    t.declare("!attack 1918 with 5Alp Mtn X" + (", 35 Inf XX" if "attacker-not-adjacent" in m
                                                 else "") + " supply none")
    t.declare("!terrain 1918 " + ("clear" if "terrain-not-allowed" in m else "mountain"))
    t.roll("1d6", [5])                                             # 0 or 1 halved: result 0
    t.declare("!hold 1918")
    t.declare("!counterattack 1918 supply none")                   # 1 × 3, +3: column 3, die 7
    t.roll("1d6", [4])
    t.flip("it-mtn-x-5alp")                                        # the attacker loses 1
    if "move-in-combat-phase" in m:
        t.move("it-inf-xx-35", "1724")
    # ---- 1 June: the Tir HQ moves up; Italy's Supply Points (15-20)
    t.advance_to(GameDate(1915, 6, 1), "cp-movement")
    t.move(TIR, "2216")
    t.advance_to(GameDate(1915, 6, 1), "entente-reinforcement")
    t.set_supply_points(IT1, 15)
    if "unmobilized-move" in m:
        t.advance_to(GameDate(1915, 6, 1), "entente-movement")
        t.move("it-inf-xx-30", "2222")                             # mobilized only on 2 June
    # ---- 2 June: the 25th division and the 1st HQ (mobilized today) move up
    t.advance_to(GameDate(1915, 6, 2), "cp-movement")
    t.move(TIR, "2217")
    t.advance_to(GameDate(1915, 6, 2), "entente-movement")
    t.move("it-inf-xx-25", "2121")
    t.move(IT1, "2121")
    if "sp-from-nowhere" in m:
        t.set_supply_points(IT1, 20)                               # 5 SP from no transfer
    if "construction-in-movement" in m:
        t.advance_to(GameDate(1915, 6, 3), "cp-movement")
        t.add_marker("construction", "1917")                       # 22-1: not in this phase
    # ---- 3 June: an Italian attack on 2119 paid by the 1st HQ, a counterattack paid by Tir
    t.advance_to(GameDate(1915, 6, 3), "cp-movement")
    t.move(TIR, "2218")
    t.advance_to(GameDate(1915, 6, 3), "entente-movement")
    t.move("it-inf-xx-25", "2120")                                 # one hexside into the EZOC
    t.next_phase()                                                 # Entente Combat Phase
    t.declare("!attack 2119 with 6Alp Mtn X, 25 Inf XX supply 1st 2")   # 5 SP: 2 SP (19-2)
    t.set_supply_points(IT1, 18 if "sp-from-nowhere" in m else 13)
    t.declare("!terrain 2119 mountain")
    t.roll("1d6", [6])
    t.declare("!hold 2119")
    t.declare("!counterattack 2119 supply Tir 1")                  # 2 SP: 1 SP (19-2)
    t.set_supply_points(TIR, 4)
    t.roll("1d6", [1])
    t.eliminate("it-mtn-x-6alp")                                   # the attacker first (13-20)
    t.flip("ah-inf-x-181")
    # ---- 4 June: 181 attacks 2120; the 25th retreats, 181 advances
    t.advance_to(GameDate(1915, 6, 4), "cp-combat")
    t.declare("!attack 2120 with 181 Inf X supply Tir 1")
    if "sp-not-expended" not in m:
        t.set_supply_points(TIR, 3)                                # 19-3: the 1 SP it spends
    t.declare("!terrain 2120 mountain")
    t.roll("1d6", [6])
    t.declare("!retreat 2120")
    t.declare("!counterattack 2120 none")
    if "retreat-two-hexes" in m:
        t.move("it-inf-xx-25", "2122")
    else:
        t.move("it-inf-xx-25", "2121")
    t.move("ah-inf-x-96" if "advance-by-non-attacker" in m else "ah-inf-x-181", "2120")
    # ---- 5 June: the 44th division arrives (15-12: an A-H city or map-edge rail hex)
    t.advance_to(GameDate(1915, 6, 5), "cp-reinforcement")
    t.arrive("ah-inf-xx-44", "1421" if "arrival-in-milano" in m else "2118")
    t.next_phase(2)
    return t


def check(t: TestGame):
    return check_log(parse_log(t.text()), GAME, MAY)


def violations(report):
    return [f for f in report.findings if f.severity == "violation"]


def test_may_1915_played_by_the_rules_has_no_violation():
    r = check(month())
    assert violations(r) == []
    assert len(r.combats) == 3
    c1, c2, c3 = r.combats
    # the attacks, counterattacks, losses, retreat and advance the month is made of
    assert (str(c1.target), c1.attack_roll.value, c1.counter_roll.value) == ("1918", 5, 4)
    assert c1.attack.results == {0} and c1.counter.strengths == {3} and c1.counter.die == 7
    assert c2.supply[0].hq == "1st" and c2.counter_supply[0].hq == "Tir"
    assert [x.how for x in c2.losses] == ["eliminated", "flip"]
    assert [m.name for m in c3.retreats] == ["25 Inf XX"] and [m.name for m in c3.advances] == \
        ["181 Inf X"]


@pytest.mark.parametrize("name", sorted(MISTAKES))
def test_each_seeded_mistake_is_found_alone(name):
    rule_no, phrase = MISTAKES[name]
    v = violations(check(month(name)))
    assert [(f.rule, phrase in f.message) for f in v] == [(rule_no, True)], v


def test_all_seeded_mistakes_together_give_exactly_those():
    v = violations(check(month(*MISTAKES)))
    got = sorted((f.rule, next(n for n, (r, p) in MISTAKES.items() if r == f.rule
                               and p in f.message)) for f in v)
    assert got == sorted((r, n) for n, (r, _p) in MISTAKES.items())


def test_ten_seeded_mistakes_with_three_of_supply():
    assert len(MISTAKES) == 10 and len({r for r, _p in MISTAKES.values()}) == 10
    assert {r for r, _p in MISTAKES.values()} >= {"19-3", "15-20", "22-1"}
