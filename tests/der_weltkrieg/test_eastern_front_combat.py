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
    t.next_phase()
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
