"""Supply for combat through ``modgen check`` (Figure 11, WE-DW-17; Figure 12, WE-DW-18): the SP a
combat's ``supply <HQ> <SP>`` clauses pay against 19-2/29-6, the HQs' ledger (19-3, 17-3), supply
lines (19-4, 29-4, 19-14, and the 19-9 reductions the combat rules take from them), who may pay
for whom (19-6, 18-13), 19-15 and the Italian per-attack cap (IF 3-5)."""
from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from combat_game import P, game  # noqa: E402

from modgen.check.engine import check_log  # noqa: E402
from modgen.check.logread import parse_log  # noqa: E402
from modgen.testing import TestGame  # noqa: E402
from modgen.model.types import Counter, Face, GameDate, SupplyLimit  # noqa: E402

SUPPLY_RULES = {"17-3", "18-1", "19-2", "19-3", "19-4", "19-6", "18-13", "19-15", "29-4", "29-6",
                "IF 3-5", "37-8", "39-2", "38-3"}


def _c(cid, nation, type_, size, des, s, m, back=None, full=None):
    return Counter(cid, nation, type_, size, des, Face(s, m), Face(back, m) if back else None,
                   full_strength=full)


EXTRA = [_c("de-inf-xx-91", "germany", "inf", "XX", "91", 9, 5, 6, 8),
         _c("de-inf-xx-51", "germany", "inf", "XX", "51", 5, 5, 3, 8),
         _c("de-inf-xx-52", "germany", "inf", "XX", "52", 5, 5, 3, 8)]


def fig11_game(setup, **kw):
    g = game(setup, **kw)
    return dataclasses.replace(g, counters={**g.counters, **{c.id: c for c in EXTRA}})


def check(t):
    return check_log(parse_log(t.text()), t.game, t.scenario)


def supply_findings(r, severity="violation"):
    return [f for f in r.findings if f.rule in SUPPLY_RULES and f.severity == severity]


EX1 = [P("de-inf-xx-8", "1608"), P("de-inf-xx-9", "1709"), P("de-cav-xx-3", "1710"),
       P("de-hq-xxxx-2nd", "1809", supply_points=10), P("fr-inf-xx-88t", "1609"),
       P("fr-hq-xxxx-6th", "1411", supply_points=6)]


def example1(attack_sp=5, paid=5, counter_sp=2, counter_paid=2) -> TestGame:
    """Figure 11 example 1: 8 + 8 + 3 = 19 German SP in 1608, 1709, 1710 attack the French 4-SP
    division in 1609; the 2nd Army HQ in 1809 pays; the French 6th HQ pays the counterattack."""
    g = fig11_game(EX1)
    t = TestGame(g, g.scenarios["t"])
    t.declare(f"!attack 1609 with 8 Inf XX, 9 Inf XX, 3 Cav XX supply 2nd {attack_sp}")
    t.set_supply_points("de-hq-xxxx-2nd", 10 - paid)
    t.declare(f"!counterattack 1609 supply 6th {counter_sp}")
    t.set_supply_points("fr-hq-xxxx-6th", 6 - counter_paid)
    t.declare("!terrain 1609 clear")
    t.roll("1d6", [4])
    t.roll("1d6", [3])
    t.next_phase()
    return t


def test_we_dw_17_example_1_through_modgen_check():
    r = check(example1())
    assert supply_findings(r) == [] and supply_findings(r, "undetermined") == []
    c = r.combats[0]
    assert [(p.hq, p.sp) for p in c.supply] == [("2nd", 5)]
    assert [(p.hq, p.sp) for p in c.counter_supply] == [("6th", 2)]
    # 4 SP for 19 attacking SP: one short of ⌈19/4⌉ = 5
    r4 = check(example1(attack_sp=4, paid=4))
    hit = supply_findings(r4)
    assert [f.rule for f in hit] == ["19-2"]
    assert "2nd HQ XXXX pays 4 SP for the attack on 1609" in hit[0].message
    assert "full supply needs ⌈19/4⌉ = 5 for 19 SP (19-2)" in hit[0].message
    # the French counterattack: ⌈4/2⌉ = 2
    r1 = check(example1(counter_sp=1, counter_paid=1))
    hit = supply_findings(r1)
    assert [f.rule for f in hit] == ["19-2"]
    assert "6th HQ XXXX pays 1 SP for the counterattack on 1609" in hit[0].message
    assert "⌈4/2⌉ = 2 for 4 SP (19-2)" in hit[0].message


def test_declared_sp_must_be_expended_19_3_and_held_17_3():
    r = check(example1(paid=3))                 # declared 5, the HQ's SupplyPoints went 10 → 7
    hit = supply_findings(r)
    assert [f.rule for f in hit] == ["19-3"]
    assert hit[0].message == ("2nd HQ XXXX's SupplyPoints went 10→7 in this phase; its declarations "
                              "spend 5 SP (combat 1): 2 SP declared were not expended")
    g = fig11_game([p if p.counter != "de-hq-xxxx-2nd" else P("de-hq-xxxx-2nd", "1809", supply_points=3)
                    for p in EX1])
    t = TestGame(g, g.scenarios["t"])
    t.declare("!attack 1609 with 8 Inf XX, 9 Inf XX, 3 Cav XX supply 2nd 5")
    t.set_supply_points("de-hq-xxxx-2nd", 0)
    t.roll("1d6", [4])
    t.next_phase()
    hit = supply_findings(check(t))
    assert [f.rule for f in hit] == ["17-3"]
    assert "2nd HQ XXXX pays 5 SP (combat 1) in this phase but held only 3" in hit[0].message


def example2(*, hq_hex="1809", terrain=True) -> TestGame:
    """Figure 11 example 2: the 5-SP unit in 1712 (supply line 1712-1711-1710-1809 = 5 MP) and the
    9 and 5 SP units in 1812 (1812-1811-1810-1809 = 6 MP) attack the French unit in 1713, whose
    own line 1713-1613-1513-1412-1411 is 6 MP. The figure gives only the lengths: the fixture's
    terrain makes the printed paths the cheapest (mountain elsewhere)."""
    sides = {"1712|1711": {"terrain": "clear"}, "1711|1710": {"terrain": "clear"},
             "1710|1809": {"terrain": "rough"}, "1812|1811": {"terrain": "woods"},
             "1811|1810": {"terrain": "woods"}, "1810|1809": {"terrain": "woods"},
             "1713|1613": {"terrain": "clear"}, "1613|1513": {"terrain": "woods"},
             "1513|1412": {"terrain": "woods"}, "1412|1411": {"terrain": "clear"},
             "1712|1713": {"terrain": "clear"}, "1812|1713": {"terrain": "clear"},
             # both HQs on a rail line: they have a line of communication (19-15)
             "1809|1808": {"terrain": "mountain", "rail": "double"},
             "1411|1410": {"terrain": "mountain", "rail": "double"}}
    from modgen.systems.der_weltkrieg.rules.board import make_map
    g = fig11_game([P("de-inf-xx-51", "1712"), P("de-inf-xx-91", "1812"), P("de-inf-xx-52", "1812"),
                    P("de-hq-xxxx-2nd", hq_hex, supply_points=10), P("fr-inf-xx-88t", "1713"),
                    P("fr-hq-xxxx-6th", "1411", supply_points=6)])
    if terrain:
        m = make_map((14, 30), (5, 24), map_id="2-2", default_terrain="mountain", hexsides=sides,
                     hexes={f"{c:02d}{r:02d}": {"country": "germany" if c >= 17 else "france"}
                            for c in range(14, 31) for r in range(5, 25)})
        g = dataclasses.replace(g, maps={"2-2": m})
    t = TestGame(g, g.scenarios["t"])
    t.declare("!attack 1713 with 51 Inf XX, 91 Inf XX, 52 Inf XX supply 2nd 5")
    t.set_supply_points("de-hq-xxxx-2nd", 5)
    t.declare("!counterattack 1713 supply 6th 2")
    t.set_supply_points("fr-hq-xxxx-6th", 4)
    t.declare("!terrain 1713 clear")
    t.roll("1d6", [4])
    t.roll("1d6", [3])
    t.next_phase()
    return t


def test_we_dw_17_example_2_supply_line_reductions_give_column_14():
    r = check(example2())
    assert supply_findings(r) == [] and supply_findings(r, "undetermined") == []
    c = r.combats[0]
    # 5 SP spent (on the unadjusted 19); 1712 −1, each 1812 unit −2: 4 + 7 + 3 = the 14 column
    assert [(p.hq, p.sp) for p in c.supply] == [("2nd", 5)]
    assert c.attack.strengths == frozenset({14})
    text = "\n".join(c.summary_lines())
    assert "13-2 attacking SP: 51 Inf XX 4, 91 Inf XX 7, 52 Inf XX 3 = 14" in text   # 5−1, 9−2, 5−2
    assert [(p.hq, p.sp) for p in c.counter_supply] == [("6th", 2)]                # ⌈4/2⌉
    # the French unit's line is 6 MP ≤ 8: no counterattack reduction, 4 × 3 = 12
    assert 12 in c.counter.strengths and len(c.counter.strengths) == 1


def test_no_supply_line_19_4():
    # the HQ far away behind mountains: no line of at most 40 MP
    t = example2(hq_hex="3020")
    hit = [f for f in supply_findings(check(t)) if f.rule == "19-4"]
    assert len(hit) == 3 and all("no supply line of at most 40 MP" in f.message for f in hit)


def _italian_hq_pays_for_the_french(extra=()):
    g = fig11_game([P("de-inf-xx-8", "1608"), P("de-hq-xxxx-2nd", "1809", supply_points=10),
                    P("fr-inf-xx-88t", "1609"), P("it-inf-xx-4", "1610"), P("it-inf-xx-6", "1611"),
                    P("it-hq-xxxx-2nd", "1510", supply_points=6), *extra])
    t = TestGame(g, g.scenarios["t"])
    t.declare("!attack 1609 with 8 Inf XX supply 2nd 2")
    t.set_supply_points("de-hq-xxxx-2nd", 8)
    t.declare("!counterattack 1609 supply 2nd 2")
    t.set_supply_points("it-hq-xxxx-2nd", 4)
    t.declare("!terrain 1609 clear")
    t.roll("1d6", [4])
    t.roll("1d6", [3])
    t.next_phase()
    return check(t)


def test_who_may_pay_19_6_and_18_13():
    # France has one division and no HQ on the map: the primary friendly nationality (Italy, two
    # divisions) may supply it (18-13)
    r = _italian_hq_pays_for_the_french()
    assert [f for f in supply_findings(r) if f.rule in ("19-6", "18-13")] == []
    # with two French divisions on the map 18-13 no longer applies: Italian HQs supply only
    # Italian units (19-6; 39-2 lets France pay for Italy after Italian Shaken Morale, not the reverse)
    r2 = _italian_hq_pays_for_the_french([P("fr-inf-xx-1", "2024")])
    hit = [f for f in supply_findings(r2) if f.rule == "19-6"]
    assert len(hit) == 1 and "2nd HQ XXXX pays for 88T Inf XX in the counterattack on 1609" in hit[0].message
    assert "no nation rule lets italy HQs supply france units" in hit[0].message


def test_italian_attack_cap_if_3_5():
    g = fig11_game([P("it-inf-xx-4", "1608"), P("it-inf-xx-6", "1709"),
                    P("it-hq-xxxx-2nd", "1809", supply_points=20), P("ah-inf-xx-1", "1609")],
                   first_phase="en-combat")
    sc = dataclasses.replace(g.scenarios["t"], supply_limits=(
        SupplyLimit("IF 3-5", "italy", "per_attack", 12, (1915,)),))
    g = dataclasses.replace(g, scenarios={"t": sc})

    def play(sp):
        t = TestGame(g, sc)
        t.declare(f"!attack 1609 with 4 Inf XX, 6 Inf XX supply 2nd {sp}")
        t.set_supply_points("it-hq-xxxx-2nd", 20 - sp)
        t.declare("!terrain 1609 clear")
        t.roll("1d6", [4])
        t.next_phase()
        return check(t)
    assert [f for f in supply_findings(play(2)) if f.rule == "IF 3-5"] == []
    hit = [f for f in supply_findings(play(13)) if f.rule == "IF 3-5"]
    assert len(hit) == 1 and "Italy's HQs expend 13 SP for the attack on 1609" in hit[0].message
    assert "at most 12 in 1915" in hit[0].message


def test_artillery_needs_a_short_line_29_4_or_an_adjacent_hq_19_14():
    def play(hq_hex):
        g = fig11_game([P("de-art-x-a", "1608"), P("de-inf-xx-8", "1709"),
                        P("de-hq-xxxx-2nd", hq_hex, supply_points=20), P("fr-inf-xx-88t", "1609")])
        t = TestGame(g, g.scenarios["t"])
        t.declare("!attack 1609 with A Art X, 8 Inf XX supply 2nd 4")
        t.set_supply_points("de-hq-xxxx-2nd", 16)
        t.declare("!terrain 1609 clear")
        t.roll("1d6", [4])
        t.next_phase()
        return check(t)
    assert [f for f in supply_findings(play("1607")) if f.rule == "29-4"] == []     # adjacent
    assert [f for f in supply_findings(play("1805")) if f.rule == "29-4"] == []     # 3 MP
    hit = [f for f in supply_findings(play("2207")) if f.rule == "29-4"]
    assert len(hit) == 1 and "supply line of 6 MP to 2nd HQ XXXX" in hit[0].message


def test_we_dw_18_artillery_costs_through_the_log():
    """Figure 12: 4 + 3 + 8 + 8 = 23 artillery SP (2106, 2108, 2206, 2207) against the fortress in
    2107 → 12 SP (29-6); 11 is too few."""
    def play(sp):
        g = fig11_game([P("de-art-x-a", "2106"), P("de-art-x-b", "2108"), P("de-art-x-c", "2206"),
                        P("de-art-x-d", "2207"), P("de-hq-xxxx-2nd", "2205", supply_points=20),
                        P("fr-fort-36", "2107")])
        t = TestGame(g, g.scenarios["t"])
        t.declare(f"!attack 2107 with A Art X, B Art X, C Art X, D Art X supply 2nd {sp} vs fortress")
        t.set_supply_points("de-hq-xxxx-2nd", 20 - sp)
        t.roll("1d6", [4])
        t.next_phase()
        return check(t)
    assert supply_findings(play(12)) == []
    hit = supply_findings(play(11))
    assert [f.rule for f in hit] == ["29-6"]
    assert "full supply needs ⌈23/2⌉ = 12 for 23 artillery SP (29-6)" in hit[0].message


def test_italian_cap_on_two_hqs_together_is_undetermined():
    """IF 3-5 names "Italian Headquarters": one HQ over 12 SP breaks it however it is read; two
    HQs over it together only if the cap is on all of them together."""
    g = fig11_game([P("it-inf-xx-4", "1608"), P("it-inf-xx-6", "1709"),
                    P("it-hq-xxxx-2nd", "1809", supply_points=20),
                    P("it-hq-xxxx-3rd", "1810", supply_points=20), P("ah-inf-xx-1", "1609")],
                   first_phase="en-combat")
    sc = dataclasses.replace(g.scenarios["t"], supply_limits=(
        SupplyLimit("IF 3-5", "italy", "per_attack", 12, (1915,)),))
    g = dataclasses.replace(g, scenarios={"t": sc})
    t = TestGame(g, sc)
    t.declare("!attack 1609 with 4 Inf XX, 6 Inf XX supply 2nd 7 for 4 Inf XX, 3rd 6 for 6 Inf XX")
    t.set_supply_points("it-hq-xxxx-2nd", 13)
    t.set_supply_points("it-hq-xxxx-3rd", 14)
    t.declare("!terrain 1609 clear")
    t.roll("1d6", [4])
    t.next_phase()
    r = check(t)
    assert [f for f in r.findings if f.rule == "IF 3-5" and f.severity == "violation"] == []
    u = [f for f in r.findings if f.rule == "IF 3-5" and f.severity == "undetermined"]
    assert len(u) == 1 and "expend 13 SP together" in u[0].message
    # each HQ paid for its own division: 7 ≥ ⌈4/4⌉, 6 ≥ ⌈4/4⌉ (no 19-2 finding)
    assert [f for f in supply_findings(r) if f.rule == "19-2"] == []
