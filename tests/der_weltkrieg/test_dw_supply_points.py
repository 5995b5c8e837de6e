"""modgen.systems.der_weltkrieg.supply_points: SP costs (19-2, 29-6, 30-1, 21-3, 43-1, 46-1,
29-15), who may supply whom (19-6, 18-13, 37-8 … 46-4), holding limits (17-4, 18-18)."""
from __future__ import annotations

import pytest

from modgen.model.types import Counter, Face, GameDate
from modgen.systems.der_weltkrieg.rules import supply_points as S


def c(type_="inf", nation="germany", size="XX", s=8, m=5, full=None, cid=None):
    return Counter(cid or f"{nation}-{type_}-{s}", nation, type_, size, "x", Face(s, m), None,
                   full_strength=full)


def test_we_dw_17_example_1_attack_and_counterattack_costs():
    # Figure 11 example 1: 19 German SP attacking → 5 SP; the French unit (3 or 4 SP) → 2 SP
    attackers = [(c(s=8), 8), (c(s=6), 6), (c(s=5), 5)]
    need = S.supply_needed(attackers)
    assert need.cost == S.Cost(5, 5)
    assert need.explain() == "⌈19/4⌉ = 5 for 19 SP (19-2)"
    for fr in (3, 4):
        assert S.supply_needed([(c(nation="france", s=fr), fr)], counterattack=True).cost.lo == 2
    # 5 SP would already need 3 for a counterattack: the derived strength 3 or 4 is right
    assert S.supply_needed([(c(nation="france", s=5), 5)], counterattack=True).cost.lo == 3


def test_we_dw_17_example_2_cost_uses_the_unadjusted_strength():
    # 1712 (5) and 1812 (9, 5): supply-line reductions do not change the 5 SP spent
    need = S.supply_needed([(c(s=5), 5), (c(s=9), 9), (c(s=5), 5)])
    assert need.cost.lo == need.cost.hi == 5


def test_we_dw_18_artillery_costs_one_per_two():
    arts = [(c("art", s=4, size="I"), 4), (c("art", s=3, size="I"), 3),
            (c("art", s=8, size="I"), 8), (c("art", s=8, size="I"), 8)]
    need = S.supply_needed(arts)
    assert need.cost == S.Cost(12, 12)
    assert "⌈23/2⌉ = 12 for 23 artillery SP (29-6)" in need.explain()
    # ground and artillery SP are rounded separately: 5 inf + 3 art → 2 + 2
    mixed = S.supply_needed([(c(s=5), 5), (c("art", s=3, size="I"), 3)])
    assert mixed.cost.lo == 4 and " + " in mixed.explain()


def test_free_units_fortress_cavalry_serbia_ottoman():
    fort = c("fortress", nation="austria-hungary", size="", s=8, m=None)
    assert S.supply_needed([(fort, 8)], counterattack=True).cost.hi == 0
    small_cav = c("cav", nation="austria-hungary", s=1, m=6, full=1)
    big_cav = c("cav", nation="austria-hungary", s=3, m=6, full=3)
    ge_cav = c("cav", nation="germany", s=2, m=6, full=2)
    assert S.supply_needed([(small_cav, 1)]).cost.hi == 0             # 30-1 circle 1
    assert S.supply_needed([(ge_cav, 2)]).cost.hi == 0                # 30-1 German circle 2
    assert S.supply_needed([(big_cav, 3)]).cost.lo == 1               # > 1: as infantry
    unknown = c("cav", nation="italy", s=2, m=6)                      # circle not in the data
    assert S.supply_needed([(unknown, 2)]).cost == S.Cost(0, 1)
    serb = c(nation="serbia", s=4)
    assert S.supply_needed([(serb, 4)], counterattack=True, date=GameDate(1915, 10, 1)).cost.hi == 0
    assert S.supply_needed([(serb, 4)], counterattack=True, date=GameDate(1916, 1, 1)).cost.lo == 2
    assert S.supply_needed([(serb, 4)], counterattack=False).cost.lo == 1   # attacks pay
    otto = c(nation="ottoman-empire", s=4)
    assert S.supply_needed([(otto, 4)], counterattack=True).cost.hi == 0
    siege = c("siege-art", nation="austria-hungary", size="I", s=4, m=3)
    assert S.supply_needed([(siege, 4)], siege_as_regular=True).cost.lo == 1   # 29-15: half
    assert S.supply_needed([(siege, 4)]).cost.lo == 2


def test_strength_ranges_give_a_cost_range():
    need = S.supply_needed([(c(s=8), 8)], strength_ranges=[(4, 8)])
    assert need.cost == S.Cost(1, 2) and not need.cost.exact


def test_may_supply_own_nation_partners_and_small_contingents():
    assert S.may_supply("italy", "italy").allowed is True
    assert S.may_supply("germany", "austria-hungary").allowed is True          # 37-8
    p = S.may_supply("austria-hungary", "germany")
    assert p.allowed is False and p.rule == "19-6"
    assert S.may_supply("austria-hungary", "ottoman-empire").allowed is True    # 40-7
    assert S.may_supply("france", "italy").allowed is False                     # 39-2 before shaken
    assert S.may_supply("france", "italy", shaken={"italy"}).allowed is True
    assert S.may_supply("great-britain", "italy", shaken={"italy"}).rule == "38-3"
    # 18-13: the German AlpK alone on map 6-4 in May 1915 (< 2 divisions, no German HQ)
    q = S.may_supply("austria-hungary", "germany", small_contingent=True, primary="austria-hungary")
    assert q.allowed is True and q.rule == "18-13"
    assert S.may_supply("austria-hungary", "germany", small_contingent=True,
                        primary="italy").allowed is False
    assert S.may_supply("austria-hungary", "germany", small_contingent=None).allowed is None
    assert S.may_supply("ottoman-empire", "germany").allowed is None            # 46-4 theatre
    assert S.may_supply("italy", "austria-hungary", same_side=False).allowed is False


def test_holding_limits_17_4_and_corps_18_18():
    army = c("hq", nation="italy", size="XXXX", s=None, m=4)
    corps = c("hq", nation="italy", size="XXX", s=None, m=4)
    assert S.holding_limit(army, corps_rules=True) == (100, "17-4")
    assert S.holding_limit(corps, corps_rules=True) == (10, "18-18")
    assert S.holding_limit(corps, corps_rules=False) == (100, "17-4")   # 18-18: duration games only
    assert (S.corps_spend_limit(False), S.corps_spend_limit(True)) == (2, 4)


def test_cost_range_arithmetic():
    assert S.Cost(1, 2) + S.Cost(3, 3) == S.Cost(4, 5)
    assert str(S.Cost(4, 5)) == "4-5" and str(S.Cost(3, 3)) == "3"
    with pytest.raises(ValueError):
        S.Cost(3, 2)
