"""Combat on the Eastern Front through ``modgen check``: the combat declarations take
``SHEET:CCRR`` hexes as ``!rail`` does (and plain ``CCRR`` where one sheet is in play), on sheets
whose theatre hexes lie past the reference sheet's edges (4-5N, 6-4), across the seam between two
sheets; scripted games on the real data (``games/eastern-front.yaml``) read back through the
.vlog text VASSAL would write."""
from __future__ import annotations

import pytest

from modgen.check import report_json, report_text
from modgen.check.engine import check_log
from modgen.check.logread import parse_log
from modgen.model import load_game
from modgen.model.types import GameDate
from modgen.testing import TestGame


@pytest.fixture(scope="module")
def game():
    return load_game("eastern-front")


def new(game, sid, **kw) -> TestGame:
    return TestGame(game, game.scenarios[sid], **kw)


def check(t: TestGame):
    return check_log(parse_log(t.text()), t.game, t.scenario)


def of(report, rule=None, severity="violation"):
    return [f for f in report.findings if f.severity == severity and (rule is None or f.rule == rule)]


# ------------------------------------------------------------------ SHEET:CCRR in combat


def seam_game(game, attack="!attack 4-5N:1917 with 4-5:2001, 4-5N:1916 supply 9th 4"):
    """Gorlice-Tarnow (4-5N, 4-5, 4-5E, 5-5): the Russian 13th in 4-5N:1917 attacked from 4-5:2001
    (across the seam of the two sheets) and from 4-5N:1916, a hex north of 4-5's top edge (a
    theatre hex of row −1)."""
    t = new(game, "ef-gorlice-tarnow-1915-05")
    t.place("ru-inf-xx-13", "4-5N:1917")
    t.place("ru-hq-xxxx-10th", "4-5N:1716", sp=10)
    t.place("ru-inf-xx-3cr", "4-5N:1816")     # the retreat hex is held: no 14-9 Column Attack
    t.place("ge-inf-xx-22", "4-5:2001")
    t.place("ge-inf-xx-38", "4-5N:1916")
    t.place("ge-hq-xxxx-9th", "4-5:2002", sp=10)
    t.next_phase(2)                                   # Central Powers Combat Phase, 1 May 1915
    t.declare(attack)
    t.declare("!terrain 4-5N:1917 clear")
    t.roll("1d6", [6])
    t.declare("!retreat 4-5N:1917")
    t.declare("!counterattack 4-5N:1917 none")
    return t


def test_attack_across_a_sheet_seam_with_sheet_hexes(game):
    t = seam_game(game)
    t.flip("ru-inf-xx-13")
    t.move("ru-inf-xx-13", "4-5N:1816")               # the retreat
    t.declare("!advance 22 Inf XX 4-5:2001-4-5N:1917")
    t.move("ge-inf-xx-22", "4-5N:1917")               # the advance
    t.next_phase()
    r = check(t)
    assert of(r) == [] and of(r, severity="warning") == []
    (c,) = r.combats
    th = game.theatre
    assert c.target == th.parse("4-5N:1917") and c.sheet == "4-5N"
    assert [(a.name, a.hex) for a in c.attackers] == [("22 Inf XX", th.parse("4-5:2001")),
                                                      ("38 Inf XX", th.parse("4-5N:1916"))]
    assert c.attackers_known and c.terrain == "clear" and c.retreat is True
    assert c.counterattack is False and [d.name for d in c.defenders] == ["13 Inf XX"]
    assert c.supply[0].hq == "9th" and c.supply_hqs[0]
    assert [(m.name, m.to) for m in c.retreats] == [("13 Inf XX", th.parse("4-5N:1816"))]
    assert [(m.name, m.to) for m in c.advances] == [("22 Inf XX", th.parse("4-5N:1917"))]
    # the reports name every hex with its sheet, also after the check (the combat records keep
    # theatre hexes: 4-5N:1916 is theatre row -1)
    text = report_text.render(r)
    assert "Combat 1: 4-5N:1917" in text
    assert "22 Inf XX (4-5:2001) 8, 38 Inf XX (4-5N:1916) 8" in text
    assert "retreat (14): 13 Inf XX 4-5N:1917→4-5N:1816" in text
    assert "advance (15): 22 Inf XX 4-5:2001→4-5N:1917" in text
    js = report_json.as_dict(r)["combats"][0]
    assert js["attackers"][1]["hex"] == "4-5N:1916" and js["retreats"][0]["to"] == "4-5N:1816"


def test_a_bare_hex_is_on_the_sheet_of_the_hex_before_it(game):
    # "4-5:2001, 2101": 2101 is on 4-5 like the hex before it; "with 2001" alone is on the sheet
    # of the hex attacked (4-5N:2001, where no German stands): a warning, never a violation
    th = game.theatre
    t = seam_game(game, "!attack 4-5N:1917 with 4-5:2001, 2001 supply 9th 2")
    r = check(t)
    (c,) = r.combats
    assert [a.hex for a in c.attackers] == [th.parse("4-5:2001")]
    t = seam_game(game, "!attack 4-5N:1917 with 2001, 1916 supply 9th 2")
    r = check(t)
    w = of(r, "12-1", "warning")
    assert len(w) == 1 and "names '2001'" in w[0].message
    assert [a.hex for a in r.combats[0].attackers] == [th.parse("4-5N:1916")]


def test_combat_declarations_need_the_sheet_where_several_are_in_play(game):
    for text in ("!attack 1917 with 4-5:2001", "!hold 1917", "!terrain 1917 clear", "!siege 1917",
                 "!retreat 1917"):
        t = seam_game(game, text)
        r = check(t)
        w = [f for f in r.findings if f.rule == "declaration"]
        assert w and f"{text.split()[0]}: hex 1917 needs its sheet" in w[0].message, text
    # a sheet not in play (6-5 is not a Gorlice-Tarnow sheet) is a mistyped declaration
    t = seam_game(game, "!attack 6-5:1607 with 4-5:2001")
    w = [f for f in check(t).findings if f.rule == "declaration"]
    assert w and "sheet 6-5 is not in play" in w[0].message


def test_for_clause_names_units_by_their_sheet_hexes(game):
    # 'for 4-5N:1916' pays for the unit that stood there at the roll; 38 is left to 'half'
    t = seam_game(game, "!attack 4-5N:1917 with 4-5:2001, 4-5N:1916 supply 9th 2 for 4-5:2001 "
                        "half 4-5N:1916")
    t.next_phase()
    (c,) = check(t).combats
    assert {a.name: a.supply for a in c.attackers} == {"22 Inf XX": "paid", "38 Inf XX": "half"}


def test_siege_of_a_fortress_on_an_offset_sheet(game):
    # the surrender roll (21-11) is kept by the fortress's theatre hex (4-5N:1917 is theatre 2000;
    # a hex of 4-5N north of 4-5 has a negative theatre row)
    t = new(game, "ef-gorlice-tarnow-1915-05")
    t.place("ru-fort-4", "4-5N:1915")
    t.place("ge-inf-xx-22", "4-5N:1914")
    t.next_phase(2)
    t.declare("!siege 4-5N:1915")
    t.roll("2d6", [1, 1])
    t.eliminate("ru-fort-4")       # not surrounded (21-10: no turn counted): it holds, so removal
    t.next_phase()                 # is a finding about that fortress
    r = check(t)
    f = [x for x in r.findings if x.rule == "21-11"]
    assert len(f) == 1 and "fortress surrender roll for 4-5N:1915" in f[0].message, r.findings
    assert f[0].severity in ("undetermined", "violation")


def test_attack_on_map_6_4_in_the_south_east_duration_game(game):
    # 6-4's theatre columns lie left of 4-5's first (6-4:2018 is theatre column -15)
    th = game.theatre
    t = new(game, "ef-south-east-duration", date=GameDate(1915, 6, 1), phase="cp-combat")
    t.place("it-inf-xx-35", "6-4:2018")
    t.place("ah-inf-xx-29", "6-4:2017")
    t.declare("!joins italy")
    t.declare("!attack 6-4:2018 with 6-4:2017 supply none")
    t.roll("1d6", [1])
    t.declare("!hold 6-4:2018")
    t.declare("!ca 6-4:2018 none")
    t.next_phase()
    r = check(t)
    assert of(r, severity="warning") == []
    (c,) = r.combats
    assert th.parse("6-4:2018").col < 0 and c.target == th.parse("6-4:2018")
    assert [a.name for a in c.attackers] == ["29 Inf XX"] and c.retreat is False
    assert "Combat 1: 6-4:2018" in report_text.render(r)


def test_plain_hexes_where_one_sheet_is_in_play(game):
    # Serbia, November 1914 is played on 6-5 alone: plain CCRR is read on it
    th = game.theatre
    t = new(game, "ef-serbia-1914-11")
    t.place("sb-inf-xx-q1", "6-5:1607")
    t.place("ah-inf-xx-29", "6-5:1507")
    t.place("ah-hq-xxxx-3rd", "6-5:1506", sp=10)
    t.next_phase(2)
    t.declare("!attack 1607 with 1507 supply 3rd 1")
    t.roll("1d6", [1])
    t.declare("!hold 1607")
    t.declare("!ca 1607 none")
    t.next_phase()
    r = check(t)
    assert of(r, severity="warning") == []
    (c,) = r.combats
    assert c.target == th.parse("6-5:1607") and [a.hex for a in c.attackers] == [th.parse("6-5:1507")]


# ------------------------------------------------------------------ the rules on the combat record

import sys  # noqa: E402
from dataclasses import replace as _replace  # noqa: E402
from pathlib import Path  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))
import combat_game as cg  # noqa: E402


def crt_of(game, result: int):
    """The real data with every cell of the standard CRT a printed ``result`` (a test table: the
    printed CRT is missing, M1), so loss verdicts can be violations."""
    crt = cg.fixture_crt({(col, die): result for col in range(1, 51) for die in range(-1, 9)},
                         base=game.tables["crt"])
    return _replace(game, tables={**game.tables, "crt": crt})


@pytest.fixture(scope="module")
def game1(game):
    return crt_of(game, 1)


@pytest.fixture(scope="module")
def game2(game):
    return crt_of(game, 2)


def rule_hits(report, rule, severity="violation"):
    return [f for f in report.findings if f.rule == rule and f.severity == severity]


# Serbia, August 1914: 3-1, fire from Belgrade on a passing flotilla

def belgrade_fire(game, *, roll=1, flip=True, date=GameDate(1914, 9, 1), serb=True,
                  route=("6-5:1707",)):
    t = new(game, "ef-serbia-1914-08", date=date, phase="cp-movement")
    if serb:
        t.place("sb-inf-xx-q1", "6-5:1607")              # Belgrade
    t.place("ah-flotilla-enns", "6-5:1606")
    t.move("ah-flotilla-enns", *route)                    # down the Danube past Belgrade
    t.declare(f"!attack {route[-1]}")
    t.roll("1d6", [roll])
    if flip:
        t.flip("ah-flotilla-enns")
    t.next_phase()
    return check(t)


def test_3_1_fire_from_belgrade_on_a_passing_flotilla(game):
    for roll, flip in ((1, True), (4, False)):
        r = belgrade_fire(game, roll=roll, flip=flip)
        assert rule_hits(r, "EF 3-1") == [] and rule_hits(r, "EF 3-1", "undetermined") == []
        # no Standard-Rule combat: no 12-1 (an attack in the enemy's phase), no combat record
        assert rule_hits(r, "12-1") == [] and r.combats == []
    assert "rolled 1: the flotilla is flipped" in rule_hits(belgrade_fire(game, flip=False),
                                                           "EF 3-1")[0].message
    assert "only a 1 damages" in rule_hits(belgrade_fire(game, roll=4), "EF 3-1")[0].message
    (f,) = rule_hits(belgrade_fire(game, date=GameDate(1914, 8, 7)), "EF 3-1")
    assert "before Turn 1 September 1914" in f.message
    (f,) = rule_hits(belgrade_fire(game, serb=False), "EF 3-1")
    assert "no Serbian ground combat unit in Belgrade" in f.message
    (f,) = rule_hits(belgrade_fire(game, route=("6-5:1506",)), "EF 3-1")
    assert "did not move between 6-5:1606 and 6-5:1707" in f.message


# 3-3, 3-4, 3-5: the 2nd Army's units and HQ, the 61st brigade

def serbian_attack(game, attackers, *, losses=(), supply="supply none", defender="sb-inf-xx-q1",
                   counter=True):
    """A-H units in 6-5:1207 and 1308 attack the Serbian division in 6-5:1208 (every hexside
    clear) on 5 August 1914; the Serbs hold and counterattack (free, 43-1)."""
    t = new(game, "ef-serbia-1914-08", date=GameDate(1914, 8, 5), phase="cp-combat")
    t.place(defender, "6-5:1208")
    for unit, h in attackers:
        t.place(unit, h, **({"sp": 20} if "-hq-" in unit else {}))
    names = ", ".join(game.counters[u].name for u, _h in attackers if "-hq-" not in u)
    t.declare(f"!attack 6-5:1208 with {names} {supply}")
    t.declare("!terrain 6-5:1208 clear")
    t.roll("1d6", [3])
    t.declare("!hold 6-5:1208")
    if counter:
        t.declare("!counterattack 6-5:1208")
        t.roll("1d6", [3])
    for how, unit in losses:
        getattr(t, how)(unit)
    t.next_phase()
    return check(t)


def test_3_3_second_army_units_do_not_attack(game1):
    r = serbian_attack(game1, [("ah-inf-xx-17", "6-5:1207")], losses=[("flip", "sb-inf-xx-q1")],
                       counter=False)
    (f,) = rule_hits(r, "EF 3-3")
    assert "17 Inf XX attacked 6-5:1208" in f.message
    r = serbian_attack(game1, [("ah-inf-xx-29", "6-5:1207")], losses=[("flip", "sb-inf-xx-q1")],
                       counter=False)
    assert rule_hits(r, "EF 3-3") == []


def test_3_4_losses_from_the_61st_only_without_another_choice(game1, game2):
    units = [("ah-inf-x-61", "6-5:1207"), ("ah-inf-x-14", "6-5:1308")]
    # the counterattack requires 1 SP: the 14th (1-4) could take it, the 61st may not
    r = serbian_attack(game1, units, losses=[("flip", "ah-inf-x-61"), ("flip", "sb-inf-xx-q1")])
    (f,) = rule_hits(r, "EF 3-4")
    assert "61 Inf X lost 1 SP" in f.message and "no other choice" in f.message
    assert rule_hits(r, "13-17") == [] and rule_hits(r, "13-13") == []
    r = serbian_attack(game1, units, losses=[("eliminate", "ah-inf-x-14"), ("flip", "sb-inf-xx-q1")])
    assert rule_hits(r, "EF 3-4") == [] and rule_hits(r, "EF 3-4", "undetermined") == []
    assert rule_hits(r, "13-17") == []
    # 2 SP required: the 14th alone cannot, so the 61st must give one (13-24 flips it first)
    r = serbian_attack(game2, units, losses=[("flip", "ah-inf-x-61"), ("eliminate", "ah-inf-x-14"),
                                             ("flip", "sb-inf-xx-q1"), ("eliminate", "sb-inf-xx-q1")])
    assert rule_hits(r, "EF 3-4") == [] and rule_hits(r, "13-17") == []
    # a unit of placeholder strength beside it (the 29th: 'named without values'): undetermined
    r = serbian_attack(game1, [("ah-inf-x-61", "6-5:1207"), ("ah-inf-xx-29", "6-5:1308")],
                       losses=[("flip", "ah-inf-x-61"), ("flip", "sb-inf-xx-q1")])
    assert rule_hits(r, "EF 3-4") == [] and rule_hits(r, "EF 3-4", "undetermined")


def test_3_5_what_the_second_army_hq_pays_for(game1):
    hq = ("ah-hq-xxxx-2nd", "6-5:1107")
    r = serbian_attack(game1, [("ah-inf-x-62", "6-5:1207"), hq], supply="supply 2nd 1",
                       losses=[("flip", "sb-inf-xx-q1")], counter=False)
    (f,) = rule_hits(r, "EF 3-5")
    assert "pays for 62 Inf X's attack" in f.message
    r = serbian_attack(game1, [("ah-inf-x-61", "6-5:1207"), hq], supply="supply 2nd 1",
                       losses=[("flip", "sb-inf-xx-q1")], counter=False)
    assert rule_hits(r, "EF 3-5") == []
    t = new(game1, "ef-serbia-1914-08", date=GameDate(1914, 8, 5), phase="cp-movement")
    t.place("ah-hq-xxxx-2nd", "6-5:1107", sp=10)
    t.place("ah-hq-xxxx-5th", "6-5:1006", sp=10)
    t.declare("!transfer 2nd 3 to 5th")
    assert "cannot transfer Supply Points" in rule_hits(check(t), "EF 3-5")[0].message


# 35-3, 35-4: attacks across the Danube; 36-6, 36-9: River Flotillas in combat

def danube_attack(game, attackers, *, losses=(), target="6-5:2007", counter=True,
                  side="cp-combat", defenders=("sb-inf-xx-q1",), declare=None):
    """Serbia, November 1914: A-H units attack the Serbian bank of the Danube at 6-5:2007 from
    6-5:2006 (across the Danube) and elsewhere."""
    t = new(game, "ef-serbia-1914-11", date=GameDate(1914, 11, 3), phase=side)
    for d in defenders:
        t.place(d, target)
    for unit, h in attackers:
        t.place(unit, h)
    names = ", ".join(game.counters[u].name for u, _h in attackers)
    t.declare(declare or f"!attack {target} with {names} supply none")
    t.declare(f"!terrain {target} clear")
    t.roll("1d6", [3])
    t.declare(f"!hold {target}")
    if counter:
        t.declare(f"!counterattack {target}")
        t.roll("1d6", [3])
    for how, unit in losses:
        getattr(t, how)(unit)
    t.next_phase()
    return check(t)


def test_35_3_attacks_across_the_danube_need_an_engineer_in_each_hex(game1):
    legal = danube_attack(game1, [("ah-inf-x-14", "6-5:2006"), ("ah-eng-iii-8", "6-5:2006")],
                          losses=[("eliminate", "ah-inf-x-14"), ("eliminate", "ah-eng-iii-8"),
                                  ("flip", "sb-inf-xx-q1")])
    assert rule_hits(legal, "35-3") == [] and rule_hits(legal, "35-3", "undetermined") == []
    r = danube_attack(game1, [("ah-inf-x-14", "6-5:2006")],
                      losses=[("eliminate", "ah-inf-x-14"), ("flip", "sb-inf-xx-q1")])
    (f,) = rule_hits(r, "35-3")
    assert "across the Danube from 6-5:2006 with no engineer" in f.message
    # 35-4: artillery attacks across the Danube as normal
    r = danube_attack(game1, [("ah-art-iii-10", "6-5:2006")], counter=False,
                      losses=[("flip", "sb-inf-xx-q1")])
    assert rule_hits(r, "35-3") == []
    # the engineer goes when the counterattack eliminates every other attacker
    r = danube_attack(game1, [("ah-inf-x-14", "6-5:2006"), ("ah-eng-iii-8", "6-5:2006")],
                      losses=[("eliminate", "ah-inf-x-14"), ("flip", "sb-inf-xx-q1")])
    (f,) = rule_hits(r, "35-3")
    assert "8 Eng III is still on the map" in f.message
    # a hex attacking overland beside the crossing, without an engineer: the rule's wording
    r = danube_attack(game1, [("ah-inf-x-14", "6-5:2006"), ("ah-eng-iii-8", "6-5:2006"),
                              ("ah-inf-x-61", "6-5:2108")], counter=False,
                      losses=[("flip", "sb-inf-xx-q1")])
    assert rule_hits(r, "35-3") == [] and rule_hits(r, "35-3", "undetermined")


def test_35_3_one_attack_across_the_danube_from_a_hex(game1):
    t = new(game1, "ef-serbia-1914-11", date=GameDate(1914, 11, 3), phase="cp-combat")
    t.place("sb-inf-xx-q1", "6-5:2007")
    t.place("sb-inf-xx-q2", "6-5:2107")
    for u in ("ah-inf-x-14", "ah-inf-x-61", "ah-eng-iii-8"):
        t.place(u, "6-5:2006")
    for target, unit in (("6-5:2007", "14L Inf X"), ("6-5:2107", "61 Inf X")):
        t.declare(f"!attack {target} with {unit}, 8 Eng III supply none")
        t.declare(f"!terrain {target} clear")
        t.roll("1d6", [3])
        t.declare(f"!hold {target}")
        t.declare(f"!ca {target} none")
    t.flip("sb-inf-xx-q1"), t.flip("sb-inf-xx-q2")
    t.next_phase()
    (f,) = rule_hits(check(t), "35-3")
    assert "a second attack across the Danube from 6-5:2006" in f.message


def test_36_6_flotillas_attack_with_the_ground_units_of_their_hex(game1):
    r = danube_attack(game1, [("ah-inf-x-14", "6-5:2006"), ("ah-eng-iii-8", "6-5:2006"),
                              ("ah-flotilla-enns", "6-5:2006")], counter=False,
                      losses=[("flip", "sb-inf-xx-q1")])
    assert rule_hits(r, "36-6") == [] and rule_hits(r, "35-3") == []
    (c,) = r.combats
    assert any("flotillas' total ÷ 3 (36-6): 1" in t for t in c.attack.terms), c.attack.terms
    assert [a.supply for a in c.attackers if a.type == "flotilla"] == ["free"]
    # a flotilla whose hex sends no ground unit
    r = danube_attack(game1, [("ah-inf-x-14", "6-5:2006"), ("ah-eng-iii-8", "6-5:2006"),
                              ("ah-flotilla-enns", "6-5:1907")], counter=False,
                      losses=[("flip", "sb-inf-xx-q1")])
    (f,) = rule_hits(r, "36-6")
    assert "without friendly ground units of its hex" in f.message


def test_36_9_ground_units_do_not_attack_flotillas(game1):
    t = new(game1, "ef-serbia-1914-11", date=GameDate(1914, 11, 3), phase="entente-combat")
    t.place("ah-flotilla-enns", "6-5:1606")
    t.place("sb-inf-xx-q1", "6-5:1607")
    t.declare("!attack 6-5:1606 with ?1 Inf XX supply none")
    t.roll("1d6", [3])
    t.flip("ah-flotilla-enns")
    t.next_phase()
    r = check(t)
    assert "cannot attack River Flotillas" in rule_hits(r, "36-9")[0].message
    assert any("only River Flotillas can damage" in f.message for f in rule_hits(r, "36-9"))


def test_36_9_flotilla_against_flotilla_at_double_strength(game1):
    enns = game1.counters["ah-flotilla-enns"]
    ro = _replace(enns, id="ro-flotilla-test", nation="romania", designation="Test")
    g = _replace(game1, counters={**game1.counters, ro.id: ro})
    t = new(g, "ef-romania-1916-08", date=GameDate(1916, 9, 3), phase="cp-combat")
    # two hexes along the Danube, side by side
    from modgen.systems.der_weltkrieg.rules import danube
    from modgen.systems.der_weltkrieg.rules.board import BoardState
    md = g.theatre.mapdef(("6-6",))
    board = BoardState(md)
    pair = next((a, b) for a in sorted(md.hexes) for b in a.neighbours()
                if b in md.hexes and danube.adjacent_to_danube(board, a)
                and danube.adjacent_to_danube(board, b) and not danube.is_danube(board, a, b))
    here, there = (g.theatre.name(x, ("6-6",)) for x in pair)
    t.place("ah-flotilla-enns", here)
    t.place("ro-flotilla-test", there)
    t.declare(f"!attack {there} with Enns Flot")
    t.roll("1d6", [3])
    t.declare(f"!counterattack {there}")
    t.roll("1d6", [3])
    t.flip("ah-flotilla-enns"), t.flip("ro-flotilla-test")
    t.next_phase()
    r = check(t)
    assert rule_hits(r, "36-9") == [] and rule_hits(r, "36-6") == []
    (c,) = r.combats
    assert c.attack.strengths == {6} and c.counter.strengths == {6}
    assert [d.name for d in c.defenders] == ["Test Flot"]


def _border_pair(game, sheet, country):
    """A hex of ``country`` and a land neighbour of another country across a hexside an attack
    may cross (no river: the terrain choice stays the hexside's)."""
    md = game.theatre.mapdef((sheet,))
    for h in sorted(md.hexes):
        if md.hexes[h].country != country:
            continue
        for n in h.neighbours():
            s = md.hexside(h, n)
            if n in md.hexes and md.hexes[n].land and md.hexes[n].country not in (country, None) \
                    and s is not None and s.terrain not in ("alpine", "ocean", "lake") \
                    and not s.river and not s.major_river:
                return game.theatre.name(h, (sheet,)), game.theatre.name(n, (sheet,))
    raise AssertionError(f"no border of {country} on {sheet}")


def test_10_4_attacks_across_the_greek_border_ignore_greek_units(game1):
    # the data have no Greek counter (Greece comes in only with the optional 10-5): a test one
    base = game1.counters["sb-inf-xx-q1"]
    gr = _replace(base, id="gr-inf-xx-test", nation="greece", designation="Gr")
    g = _replace(game1, counters={**game1.counters, gr.id: gr})
    greek_hex, outside = _border_pair(g, "6-5", "greece")

    def attack(defenders, losses):
        t = new(g, "ef-serbia-1915-10", date=GameDate(1915, 10, 3), phase="cp-combat")
        for d in defenders:
            t.place(d, greek_hex)
        t.place("ge-inf-xx-22", outside)
        t.declare(f"!attack {greek_hex} with 22 Inf XX supply none")
        t.roll("1d6", [3])
        t.declare(f"!hold {greek_hex}")
        t.declare(f"!ca {greek_hex} none")
        for u in losses:
            t.flip(u)
        t.next_phase()
        return check(t)
    r = attack(["sb-inf-xx-q1", "gr-inf-xx-test"], ["sb-inf-xx-q1"])
    assert rule_hits(r, "EF 10-4") == [] and rule_hits(r, "EF 10-4", "undetermined") == []
    (c,) = r.combats
    assert [d.name for d in c.defenders] == ["?1 Inf XX"]          # the Greek unit takes no part
    (f,) = rule_hits(attack(["gr-inf-xx-test"], []), "EF 10-4")
    assert "holds only Greek units" in f.message


def test_13_2_no_entente_unit_defends_in_bucharest_after_the_reverse(game1):
    forts = [game1.theatre.parse(h) for h in game1.scenarios["ef-romania-1916-08"].rule_data["13-2"]["forts"]]

    def game(reverse):
        t = new(game1, "ef-romania-1916-08")
        t.place("ah-inf-xx-29", "6-6:1514")
        fort = game1.theatre.name(forts[0], ("6-6",))
        beside = next(n for n in forts[0].neighbours() if n not in forts)
        t.place("ah-inf-x-61", game1.theatre.name(beside, ("6-6",)))
        t.place("ru-inf-xx-rpl-3", fort)                  # an Entente unit in a fortress hex
        t.advance_to(GameDate(1916, 9, 1), "cp-movement")
        if reverse:
            t.move("ah-inf-xx-29", "6-6:1515")          # WE-SC-08: the serious reverse
            for u in ("ru-inf-xx-13", "ru-inf-xx-1rfl", "ru-inf-xx-3cr", "ru-inf-xx-67r", "ru-inf-xx-71r"):
                t.arrive(u, "6-6:2603")
            for _ in range(3):
                t.delete("ro-fort-3")
        t.next_phase()                                    # Central Powers Combat Phase
        t.declare(f"!attack {fort} with 61 Inf X supply none")
        t.declare(f"!terrain {fort} clear")
        t.roll("1d6", [3])
        t.declare(f"!hold {fort}")
        t.declare(f"!ca {fort} none")
        t.next_phase()
        return check(t)
    (f,) = [x for x in rule_hits(game(True), "EF 13-2") if "open city" in x.message]
    assert "defended 6-6:" in f.message
    # before the reverse the fortresses stand and the Entente defends Bucharest
    assert not any("open city" in x.message for x in rule_hits(game(False), "EF 13-2"))


# 3-2: the 5th Army's attacks on 3 August 1914 (which units are the 5th Army's: the set-up grid)

def idle_in_ezoc(game, unit, *, date=GameDate(1914, 8, 3), attack=False):
    t = new(game, "ef-serbia-1914-08", date=date, phase="cp-combat")
    t.place("sb-inf-xx-q1", "6-5:1208")
    t.place(unit, "6-5:1207")
    if attack:
        t.declare(f"!attack 6-5:1208 with {game.counters[unit].name} supply none")
        t.declare("!terrain 6-5:1208 clear")
        t.roll("1d6", [3])
        t.declare("!hold 6-5:1208")
        t.declare("!counterattack 6-5:1208 none")
        t.flip("sb-inf-xx-q1")
    t.next_phase()
    return check(t)


def test_3_2_fifth_army_units_in_an_enemy_zoc_attack_undetermined(game1):
    (f,) = rule_hits(idle_in_ezoc(game1, "ah-inf-xx-7"), "EF 3-2", "undetermined")
    assert "7 Inf XX stood in an enemy ZOC in 6-5:1207" in f.message
    assert "5th Army" in f.missing
    # never a violation; silent when it attacked, on another date, or for a 2nd Army unit (3-3)
    assert rule_hits(idle_in_ezoc(game1, "ah-inf-xx-7"), "EF 3-2") == []
    for r in (idle_in_ezoc(game1, "ah-inf-xx-7", attack=True),
              idle_in_ezoc(game1, "ah-inf-xx-7", date=GameDate(1914, 8, 5)),
              idle_in_ezoc(game1, "ah-inf-xx-17")):
        assert rule_hits(r, "EF 3-2", "undetermined") == [] and rule_hits(r, "EF 3-2") == []


# results resting on strengths the rulebook does not print (front_placeholder)

def test_a_result_on_placeholder_strengths_is_undetermined_never_a_violation(game1):
    """The same attack, the same missing loss: by a unit whose strength is printed (the 7th, 3-4)
    a violation; by the 29th ('named without values', front_placeholder) undetermined, naming the
    placeholder."""
    printed = serbian_attack(game1, [("ah-inf-xx-7", "6-5:1207")], counter=False)
    placeholder = serbian_attack(game1, [("ah-inf-xx-29", "6-5:1207")], counter=False)
    loss_rules = {f.rule for f in printed.findings if f.severity == "violation"}
    assert loss_rules, printed.findings                  # the defender's 1 SP was not taken
    assert not loss_rules & {f.rule for f in placeholder.findings if f.severity == "violation"}
    und = [f for f in placeholder.findings if f.severity == "undetermined" and f.rule in loss_rules]
    assert und and all("29 Inf XX" in f.message + f.missing for f in und), und
    (c,) = placeholder.combats
    assert [p.what for p in c.attack.placeholders] == ["strength 4 of 29 Inf XX"]
    (c,) = printed.combats
    assert not c.attack.placeholder and c.attack.placeholders == []


# 41-3: 41-2 (Russians retreat at a loss of a third) ceases once the Central Powers control
# Warsaw and four of Kovno, Grodno, Bialystok, Brest-Litovsk, Rowno, Kowel, Lemberg

CITIES_41_3 = [("ge-inf-xx-3g", "4-5:2019"), ("ge-inf-xx-1gr", "4-5:2119"),     # Warsaw
               ("ge-inf-xx-3", "4-5:2802"), ("ge-inf-xx-4", "4-5:2909"),        # Kovno, Grodno
               ("ah-inf-xx-7", "4-5:2713"), ("ah-inf-x-13", "4-5:3118")]        # Bialystok, Brest


def russians_hold(game, cities):
    """1 May 1915: 8 Russian SP (the 13th and the 1st Rifles, 4-4 each, as printed) in 4-5:2607
    lose 3 (the test CRT: one is eliminated) and hold: at least a third (41-2), less than half
    (14-4)."""
    t = new(game, "ef-gorlice-tarnow-1915-05", date=GameDate(1915, 5, 1), phase="cp-combat")
    t.place("ru-inf-xx-13", "4-5:2607")
    t.place("ru-inf-xx-1rfl", "4-5:2607")
    t.place("ru-hq-xxxx-10th", "4-5:2809", sp=10)
    t.place("ge-inf-xx-22", "4-5:2507")
    t.place("ge-inf-xx-38", "4-5:2508")
    t.place("ge-hq-xxxx-9th", "4-5:2406", sp=10)
    for unit, h in cities:
        t.place(unit, h)
    t.declare("!attack 4-5:2607 with 4-5:2507, 4-5:2508 supply 9th 4")
    t.declare("!terrain 4-5:2607 clear")
    t.roll("1d6", [3])
    t.declare("!hold 4-5:2607")
    t.declare("!counterattack 4-5:2607 none")
    t.eliminate("ru-inf-xx-1rfl")
    t.next_phase()
    return check(t)


def test_41_3_ends_the_russian_one_third_retreat(game):
    game3 = crt_of(game, 3)
    # a Russian unit in Warsaw: 41-3 is not met, 41-2 holds
    (f,) = rule_hits(russians_hold(game3, [("ru-inf-xx-3cr", "4-5:2019")]), "41-2")
    assert "must retreat" in f.message
    # who holds Warsaw is not known in a log that begins mid-game: undetermined
    r = russians_hold(game3, [])
    assert rule_hits(r, "41-2") == [] and rule_hits(r, "14-4") == []
    (f,) = rule_hits(r, "14-4", "undetermined")           # 41-2 or 14-4, as 41-3 goes
    assert "41-3" in f.missing
    r = russians_hold(game3, CITIES_41_3)                 # Warsaw and four cities: 41-2 is over
    assert rule_hits(r, "41-2") == [] and rule_hits(r, "14-4") == []
    assert rule_hits(r, "41-2", "undetermined") == [] and rule_hits(r, "14-4", "undetermined") == []
    # Warsaw and three: Rowno, Kowel, Lemberg were not entered in a log that begins mid-game
    r = russians_hold(game3, CITIES_41_3[:-1])
    assert rule_hits(r, "41-2") == [] and rule_hits(r, "14-4") == []
    und = rule_hits(r, "41-2", "undetermined") + rule_hits(r, "14-4", "undetermined")
    assert und and "41-3" in und[0].missing, und


# Galicia 1914: 7-6 (the armies' attack supply), 7-7 (German units near the 1st Army HQ)

def galicia_attack(game, sp):
    """6 August 1914: the A-H 1st Army HQ pays ``sp`` SP for the 29th's attack on 5-5:2706; the
    4th Army HQ stays off the map (no attack possible for it)."""
    t = new(game, "ef-galicia-1914-08", date=GameDate(1914, 8, 6), phase="cp-combat")
    t.place("ru-inf-xx-13", "5-5:2706")
    t.place("ah-inf-xx-29", "5-5:2707")
    t.place("ah-hq-xxxx-1st", "5-5:2708", sp=20)
    t.declare(f"!attack 5-5:2706 with 29 Inf XX supply 1st {sp}")
    t.declare("!terrain 5-5:2706 clear")
    t.roll("1d6", [3])
    t.declare("!hold 5-5:2706")
    t.declare("!counterattack 5-5:2706 none")
    t.flip("ru-inf-xx-13")
    t.next_phase()
    return check(t)


def test_7_6_the_armies_spend_8_sp_on_attacks_if_possible(game1):
    (f,) = rule_hits(galicia_attack(game1, 4), "EF 7-6", "undetermined")
    assert "1st HQ XXXX spent 4 SP on attacks" in f.message and "possible" in f.missing
    assert rule_hits(galicia_attack(game1, 4), "EF 7-6") == []          # never a violation
    r = galicia_attack(game1, 8)
    assert rule_hits(r, "EF 7-6") == [] and rule_hits(r, "EF 7-6", "undetermined") == []


def galicia_germans(game, start, to):
    t = new(game, "ef-galicia-1914-08", date=GameDate(1914, 8, 5), phase="cp-reinforcement")
    t.place("ah-hq-xxxx-1st", "5-5:2708", sp=5)
    t.place("ge-inf-x-18lw", start)
    t.next_phase()                                        # Central Powers Movement Phase
    if to:
        t.move("ge-inf-x-18lw", *to)
    t.next_phase()
    return check(t)


def test_7_7_german_units_stay_in_the_first_army_supply_range(game):
    # inside (adjacent) at the start; moved 5 hexes away: a violation
    r = galicia_germans(game, "5-5:2709", ["5-5:2710", "5-5:2711", "5-5:2712", "5-5:2713"])
    (f,) = rule_hits(r, "EF 7-7")
    assert "after being inside it" in f.message
    # inside and staying inside
    r = galicia_germans(game, "5-5:2709", ["5-5:2809"])
    assert rule_hits(r, "EF 7-7") == [] and rule_hits(r, "EF 7-7", "undetermined") == []
    # never inside yet, still outside after moving: as soon as possible is undetermined
    r = galicia_germans(game, "5-5:2715", ["5-5:2714"])
    assert rule_hits(r, "EF 7-7") == []
    (f,) = rule_hits(r, "EF 7-7", "undetermined")
    assert "as soon as possible" in f.message


def danube_retreat(game, flotilla_hex):
    """Serbia, November 1914: a Serbian division on the north bank (6-5:2006) attacked overland
    from 6-5:1906 retreats across the Danube into 6-5:2007; the A-H Enns flotilla in
    ``flotilla_hex``."""
    t = new(game, "ef-serbia-1914-11", date=GameDate(1914, 11, 3), phase="cp-combat")
    t.place("sb-inf-xx-q1", "6-5:2006")
    t.place("ah-inf-x-14", "6-5:1906")
    t.place("ah-flotilla-enns", flotilla_hex)
    t.declare("!attack 6-5:2006 with 14L Inf X supply none")
    t.declare("!terrain 6-5:2006 clear")
    t.roll("1d6", [6])
    t.declare("!retreat 6-5:2006")
    t.move("sb-inf-xx-q1", "6-5:2007")
    t.declare("!counterattack 6-5:2006 none")
    t.next_phase()
    return check(t)


def test_36_7_no_retreat_across_the_danube_within_two_hexes_of_an_enemy_flotilla(game1):
    # legal: the flotilla four hexes up the river, out of its 2-hex interdiction range
    legal = danube_retreat(game1, "6-5:1606")
    (c,) = legal.combats
    assert [(m.name, m.frm, m.to) for m in c.retreats] == [
        ("?1 Inf XX", *(game1.theatre.parse(h, ("6-5",)) for h in ("6-5:2006", "6-5:2007")))]
    assert rule_hits(legal, "36-7") == [] and rule_hits(legal, "36-7", "undetermined") == []
    # illegal: the flotilla 1 hex from the hex the retreat leaves
    (f,) = rule_hits(danube_retreat(game1, "6-5:1907"), "36-7")
    assert "retreated 6-5:2006→6-5:2007 across the Danube within 2 hexes of Enns Flot" in f.message
    # and 2 hexes from the hex it enters (but 3 from the hex it leaves): still in range
    (f,) = rule_hits(danube_retreat(game1, "6-5:1808"), "36-7")
    assert "Enns Flot (6-5:1808)" in f.message


# ------------------------------------------------------------------ Russia 41-4

def _real_fortress_values(game):
    """The game with the Russian fortress counters' strengths taken as printed (the data mark
    them placeholders): swapping in printed values needs no code change."""
    cs = {k: (_replace(v, front_placeholder=False, provenance=None) if k.startswith("ru-fort") else v)
          for k, v in game.counters.items()}
    return _replace(game, counters=cs)


def fortress_turn_end(game, *, lose=(), ring=True, add=()):
    """Tannenberg: a 12-SP Russian fortress (8 + 4) in 4-5:1118 (no city: a
    friendly city would leave 20-1 open, the country interior not being in the map data), with German divisions in all six
    neighbours when ``ring`` (surrounded, 20-1), from the Entente Replacement Phase of 3 August
    (the turn's last) into 4 August; ``lose``: the fortress counters deleted and ``add`` those
    placed in the hex in the first phase of the next turn."""
    t = new(game, "ef-tannenberg-1914-08", date=GameDate(1914, 8, 3), phase="entente-replacement")
    h = game.theatre.parse("4-5:1118", ("4-5",))
    t.place("ru-fort-8", "4-5:1118")
    t.place("ru-fort-4", "4-5:1118")
    for f in add:
        t.place(f)                                     # off the map until it comes in
    germans = [k for k, c in sorted(game.counters.items())
               if k.startswith("ge-inf-xx") and c.back is not None][:6]
    if ring:
        for g_id, n in zip(germans, sorted(h.neighbours())):
            t.place(g_id, game.theatre.name(n, ("4-5",)))
    t.next_phase()                                     # 4 August, CP Reinforcement Phase
    for f in lose:
        t.delete(f)
    for f in add:
        t.arrive(f, "4-5:1118")
    t.next_phase()
    return check(t)


def test_41_4_russian_fortresses_lose_6_sp_each_turn_surrounded(game):
    g = _real_fortress_values(game)
    # legal: 12 → 4 (the 8 removed) after the turn surrounded; not surrounded: no loss owed
    assert rule_hits(fortress_turn_end(g, lose=["ru-fort-8"]), "41-4") == []
    r = fortress_turn_end(g, ring=False)
    assert rule_hits(r, "41-4") == [] and rule_hits(r, "41-4", "undetermined") == []
    # illegal: still 12 SP
    (f,) = rule_hits(fortress_turn_end(g), "41-4")
    assert "surrounded at the end of Turn 3 August 1914 with 12 SP" in f.message
    assert "has 12 at the end of the next" in f.message
    # 12 → 8 (the 4 removed): lost 4, not 6
    (f,) = rule_hits(fortress_turn_end(g, lose=["ru-fort-4"]), "41-4")
    assert "has 8 at the end" in f.message
    # the data as they are: the Russian fortress strengths are placeholders, so undetermined
    r = fortress_turn_end(game)
    assert rule_hits(r, "41-4") == []
    (u,) = rule_hits(r, "41-4", "undetermined")
    assert "placeholder" in u.message


def test_41_4_a_russian_fortress_below_4_sp_is_removed(game):
    g = _real_fortress_values(game)
    # 12 → 2 (both removed, a 2 placed): the 6 lost, and a fortress under 4 removed at once
    hits = rule_hits(fortress_turn_end(g, lose=["ru-fort-8", "ru-fort-4"], add=["ru-fort-2"]),
                     "41-4")
    assert any("fell to 2 SP and stayed on the map" in f.message for f in hits)
    assert rule_hits(fortress_turn_end(g, lose=["ru-fort-8", "ru-fort-4"]), "41-4") == []
