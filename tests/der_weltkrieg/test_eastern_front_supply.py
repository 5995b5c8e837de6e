"""Who may pay Supply Points for whom on the Eastern Front (19-6, 18-13 and the nation rules 41-6,
43-4, 45-3, 46-4), through ``modgen check`` on scripted games of the real data
(``games/eastern-front.yaml``): a legal and an illegal game per rule, undetermined where the
rules cannot tell (18-13's "primary" nationality when two tie)."""
from __future__ import annotations

from dataclasses import replace as _replace

import pytest

from modgen.check.engine import check_log
from modgen.check.logread import parse_log
from modgen.model import load_game
from modgen.model.types import GameDate
from modgen.systems.der_weltkrieg.rules import supply_points as S
from modgen.testing import TestGame

WHO_PAYS = ("19-6", "18-13", "17-3", "41-6", "43-4", "45-3", "46-4")


@pytest.fixture(scope="module")
def game():
    return load_game("eastern-front")


def check(t: TestGame):
    return check_log(parse_log(t.text()), t.game, t.scenario)


def who_pays(report, severity="violation"):
    return [f for f in report.findings if f.rule in WHO_PAYS and f.severity == severity]


def clear_triple(game, sheet):
    """(target, attacker hex, HQ hex): a land hex, a land neighbour across a plain hexside, and a
    land neighbour of that (no river, so no terrain choice or Danube rule enters)."""
    md = game.theatre.mapdef((sheet,))

    def plain(a, b):
        s = md.hexside(a, b)
        return b in md.hexes and md.hexes[b].land and s is not None and not s.river \
            and not s.major_river and s.terrain not in ("alpine", "ocean", "lake")
    for h in sorted(md.hexes):
        if not md.hexes[h].land:
            continue
        for n in sorted(h.neighbours()):
            if not plain(h, n):
                continue
            for m in sorted(n.neighbours()):
                if m != h and m not in h.neighbours() and plain(n, m):
                    return tuple(game.theatre.name(x, (sheet,)) for x in (h, n, m))
    raise AssertionError("no clear triple")


def attack(game, sid, date, phase, sheet, hq, attackers, defender, *, extra=()):
    """``attackers`` attack ``defender`` from one hex with 2 SP of ``hq`` (which holds 10)."""
    t = TestGame(game, game.scenarios[sid], date=date, phase=phase)
    target, at, hq_hex = clear_triple(game, sheet)
    t.place(defender, target)
    for a in attackers:
        t.place(a, at)
    for unit, h in extra:
        t.place(unit, h)
    t.place(hq, hq_hex, sp=10)
    names = ", ".join(game.counters[a].name for a in attackers)
    t.declare(f"!attack {target} with {names} supply {hq} 2")
    t.set_supply_points(hq, 8)
    t.declare(f"!terrain {target} clear")
    t.roll("1d6", [4])
    t.declare(f"!hold {target}")
    t.declare(f"!counterattack {target} none")
    t.next_phase()
    return check(t)


ROMANIA = ("ef-romania-1916-08", GameDate(1916, 9, 3), "entente-combat", "6-6")
SERBIA = ("ef-serbia-1914-11", GameDate(1914, 11, 3), "entente-combat", "6-5")
SERBIA_1915 = ("ef-serbia-1915-10", GameDate(1915, 10, 3), "cp-combat", "6-5")


def test_41_6_russian_hqs_pay_for_romanians_not_the_reverse(game):
    # 41-6: a Russian HQ expends SP for a Romanian division
    r = attack(game, *ROMANIA, "ru-hq-xxxx-1st", ["ro-inf-xx-rpl-3"], "ah-inf-x-14")
    assert who_pays(r) == [] and who_pays(r, "undetermined") == []
    # no rule lets a Romanian HQ pay for Russians (two Russian divisions: 18-13 does not apply)
    r = attack(game, *ROMANIA, "ro-hq-xxxx-q1", ["ru-inf-xx-1g", "ru-inf-xx-2g"], "ah-inf-x-14")
    assert {f.rule for f in who_pays(r)} == {"19-6"}
    assert "no nation rule lets romania HQs supply russia units" in who_pays(r)[0].message


def test_43_4_serbian_hqs_pay_for_montenegrins(game):
    r = attack(game, *SERBIA, "sb-hq-xxxx-q1", ["mn-inf-xx-q1"], "ah-inf-x-14",
               extra=[("mn-inf-xx-q2", "6-5:1115")])
    assert who_pays(r) == [] and who_pays(r, "undetermined") == []


def test_45_3_bulgarian_hqs_pay_for_ottomans_only(game):
    # 45-3 names the Ottomans only: a Bulgarian HQ paying for two A-H brigades breaks 19-6 (A-H
    # has its HQ on the map, so 18-13 does not apply)
    r = attack(game, *SERBIA_1915, "bg-hq-xxxx-q1", ["ah-inf-x-14", "ah-inf-x-61"],
               "sb-inf-xx-q1", extra=[("ah-hq-xxxx-5th", "6-5:1606")])
    hits = who_pays(r)
    assert [f.rule for f in hits] == ["19-6", "19-6"]         # one per unit paid for
    assert all("no nation rule lets bulgaria HQs supply austria-hungary" in f.message for f in hits)
    # the Eastern Front has no Ottoman counters: 45-3 itself is the partner table's
    assert S.may_supply("bulgaria", "ottoman-empire").allowed is True
    assert S.may_supply("bulgaria", "ottoman-empire", transfer=True).allowed is True


def test_18_13_primary_nationality_tie_is_undetermined(game):
    # one German division and no German HQ on the map (18-13's small contingent); A-H and
    # Bulgaria have as many divisions each: which is "primary" cannot be told
    r = attack(game, *SERBIA_1915, "ah-hq-xxxx-5th", ["ge-inf-xx-22"], "sb-inf-xx-q1",
               extra=[("bg-inf-x-1-1", "6-5:1115"), ("bg-inf-x-2-1", "6-5:1115"),
                      ("ah-inf-x-14", "6-5:1606"), ("ah-inf-x-61", "6-5:1606")])
    assert who_pays(r) == []
    assert [f.rule for f in who_pays(r, "undetermined")] == ["18-13"]


def test_43_4_and_46_4_allow_expending_not_transferring(game):
    assert S.may_supply("serbia", "montenegro").allowed is True
    p = S.may_supply("serbia", "montenegro", transfer=True)
    assert p.allowed is False and p.rule == "17-3" and "43-4" in p.reason
    p = S.may_supply("ottoman-empire", "germany", transfer=True)
    assert p.allowed is False and "46-4" in p.reason
    assert S.may_supply("russia", "romania", transfer=True).allowed is True       # 41-6 transfers
    # through modgen check: a Serbian HQ sends SP to a Montenegrin HQ (the rulebook names none:
    # a test counter), and to another Serbian HQ (legal)
    sb = game.counters["sb-hq-xxxx-q1"]
    mn = _replace(sb, id="mn-hq-xxxx-test", nation="montenegro", designation="Test")
    g = _replace(game, counters={**game.counters, mn.id: mn})

    def send(to):
        t = TestGame(g, g.scenarios["ef-serbia-1914-11"], date=GameDate(1914, 11, 3),
                     phase="entente-movement")
        t.place("sb-hq-xxxx-q1", "6-5:1510", sp=10)
        t.place(to, "6-5:1511", sp=0)
        t.declare(f"!transfer sb-hq-xxxx-q1 4 to {to}")
        t.set_supply_points("sb-hq-xxxx-q1", 6)
        t.set_supply_points(to, 4)
        t.next_phase()
        return check(t)
    assert who_pays(send("sb-hq-xxxx-q2")) == []
    (f,) = who_pays(send("mn-hq-xxxx-test"))
    assert f.rule == "17-3" and "not transfer them to montenegro HQs" in f.message


GALICIA = ("ef-galicia-1914-08", GameDate(1914, 8, 6), "cp-combat", "5-5")


LANDWEHR = ["ge-inf-x-18lw", "ge-inf-x-21lw"]          # two of the "five 2-4 Ldw X" (003:L1915)
DIVISIONS = ["ge-inf-xx-3", "ge-inf-xx-4"]           # German infantry divisions, not Landwehr


def german_hq(game):
    """A German HQ on map 5-5, far from the attack: the Germans are then no 18-13 small
    contingent (which the primary nationality may supply), so only the Landwehr rule can allow
    an A-H HQ to pay for them."""
    md = game.theatre.mapdef(("5-5",))
    far = max(h for h in md.hexes if md.hexes[h].land)
    return [("ge-hq-xxxx-9th", game.theatre.name(far, ("5-5",)))]


def landwehr_rulings(r):
    return [f for f in r.findings if f.rule.startswith("EF ") and "Landwehr" in f.message]


def test_galicia_7_8_ah_hqs_may_pay_for_german_landwehr_in_1914(game):
    # the counters qualified landwehr are the Tannenberg pool's 2-4 Ldw X
    assert {c for c, k in game.counters.items() if "landwehr" in k.qualifiers} == {
        "ge-inf-x-18lw", "ge-inf-x-17le", "ge-inf-x-21lw", "ge-inf-x-22lw", "ge-inf-x-23lw"}
    # two German Landwehr brigades paid for by an A-H HQ in August 1914: legal, clean
    r = attack(game, *GALICIA, "ah-hq-xxxx-1st", LANDWEHR, "ru-inf-xx-13", extra=german_hq(game))
    assert who_pays(r) == [] and who_pays(r, "undetermined") == [] and landwehr_rulings(r) == []
    # German divisions are not Landwehr: 19-6, once per unit
    r = attack(game, *GALICIA, "ah-hq-xxxx-1st", DIVISIONS, "ru-inf-xx-13", extra=german_hq(game))
    assert [f.rule for f in who_pays(r)] == ["19-6", "19-6"] and landwehr_rulings(r) == []
    # without the scenario rule (Gorlice-Tarnow, 1915) the Landwehr themselves are 19-6
    r = attack(game, "ef-gorlice-tarnow-1915-05", GameDate(1915, 5, 1), "cp-combat", "5-5",
               "ah-hq-xxxx-1st", LANDWEHR, "ru-inf-xx-13", extra=german_hq(game))
    assert [f.rule for f in who_pays(r)] == ["19-6", "19-6"]


@pytest.mark.parametrize("sid,rule", [("ef-duration-1914", "11-7"),
                                      ("ef-link-schlieffen-tannenberg-galicia", "14-6"),
                                      ("ef-link-tannenberg-galicia", "13-3"),
                                      ("ef-link-serbia-tannenberg-galicia", "18-5"),
                                      ("ef-link-serbia-schlieffen-tannenberg-galicia", "19-9")])
def test_11_7_14_6_ah_hqs_pay_for_german_landwehr_in_1914_only(game, sid, rule):
    sc = game.scenarios[sid]
    assert sc.rule_data["landwehr"]["rule"] == rule and sc.rule_data["landwehr"]["qualifier"] == "landwehr"
    assert next(r for r in sc.special_rules if r.number == rule).kind == "checked"
    # October 1914: the A-H HQ pays for two Landwehr brigades — legal
    r = attack(game, sid, GameDate(1914, 10, 3), "cp-combat", "5-5", "ah-hq-xxxx-1st", LANDWEHR,
               "ru-inf-xx-13", extra=german_hq(game))
    assert who_pays(r) == [] and who_pays(r, "undetermined") == []
    # the same in 1914 for German divisions: 19-6
    r = attack(game, sid, GameDate(1914, 10, 3), "cp-combat", "5-5", "ah-hq-xxxx-1st", DIVISIONS,
               "ru-inf-xx-13", extra=german_hq(game))
    assert [f.rule for f in who_pays(r)] == ["19-6", "19-6"]
    # "in 1914 only": from 1915 the Landwehr brigades are 19-6 too
    r = attack(game, sid, GameDate(1915, 1, 3), "cp-combat", "5-5", "ah-hq-xxxx-1st", LANDWEHR,
               "ru-inf-xx-13", extra=german_hq(game))
    (a, b) = who_pays(r)
    assert a.rule == b.rule == "19-6" and "18Lw" in a.message + b.message
