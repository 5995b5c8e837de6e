"""Findings, summary, the declaration grammar and the three report formats."""
from __future__ import annotations

import json

import pytest

from modgen.check import declarations as decl
from modgen.systems.der_weltkrieg.declarations import KEYWORDS
from modgen.check.findings import Finding, Report, UnitRef, summarize
from modgen.check import report_html, report_json, report_text
from modgen.hexgrid import Hex


def f(rule, sev="violation", step=1, side="entente", **kw):
    return Finding(rule=rule, severity=sev, message=kw.pop("message", f"msg {rule}"), step=step,
                   side=side, **kw)


def test_severity_is_checked():
    with pytest.raises(ValueError):
        Finding(rule="6-9", severity="fatal", message="x")


def test_report_orders_by_step_then_rule_number():
    r = Report([f("6-10", step=3), f("6-9", step=3), f("4", step=None), f("25-2", step=1)],
               "g", "s", "x.vlog", 5)
    assert [(x.step, x.rule) for x in r.findings] == [(None, "4"), (1, "25-2"), (3, "6-9"), (3, "6-10")]


def test_summary_per_rule_and_side_and_exit_code():
    r = Report([f("6-9"), f("6-9", side="central-powers"), f("4", "undetermined"),
                f("declaration", "warning", side=None)], "g", None, "x", 2)
    s = r.summary
    assert s.total == {"violation": 2, "warning": 1, "undetermined": 1, "info": 0}
    assert s.by_rule["6-9"]["violation"] == 2 and s.by_rule["4"]["undetermined"] == 1
    assert s.by_side["entente"]["violation"] == 1 and s.by_side["central-powers"]["violation"] == 1
    assert s.by_side["none"]["warning"] == 1
    assert r.exit_code == 1
    assert Report([f("4", "undetermined")], "g", None, "x", 0).exit_code == 0
    assert summarize([]).total == {"violation": 0, "warning": 0, "undetermined": 0, "info": 0}


# ------------------------------------------------------------------ declarations

def test_chat_text_only_for_typed_chat():
    assert decl.chat_text("&lt;Anna&gt; - !column 35 Inf XX") == ("Anna", "!column 35 Inf XX")
    assert decl.chat_text("&lt;Anna &lt;it&gt;&gt; - !war") == ("Anna <it>", "!war")
    assert decl.chat_text("* 1 Inf XX moves 2118 &rarr; 2119 *") is None
    assert decl.chat_text("*** 1d6 = 4 *** &lt;Anna&gt;") is None


DW = decl.Grammar(KEYWORDS)        # the core keywords and Der Weltkrieg's


def test_parse_rail_column_scenario_retreat():
    d = DW.parse("!rail 35 Inf XX 2122-1922-1722", player="Anna", step=7)
    assert (d.keyword, d.unit, d.hexes, d.player, d.step) == (
        "rail", "35 Inf XX", (Hex(21, 22), Hex(19, 22), Hex(17, 22)), "Anna", 7)
    assert DW.parse("!column  35   Inf XX ").unit == "35 Inf XX"
    assert DW.parse("!scenario if-1915-05").args == ("if-1915-05",)
    assert decl.parse("!scenario if-1915-05").args == ("if-1915-05",)      # a core keyword
    assert DW.parse("!retreat Tst Inf X 3419-3519").hexes == (Hex(34, 19), Hex(35, 19))
    assert DW.parse("!RAIL 1 Inf XX 3118-3218").keyword == "rail"
    assert DW.parse("hello !rail") is None
    assert DW.parse("!!!") is None


@pytest.mark.parametrize("text, why", [
    ("!rail 35 Inf XX", "not a hex path"),
    ("!rail 2122-1922", "needs a unit and a hex path"),
    ("!rail 35 Inf XX 2122", "at least two hexes"),
    ("!column", "needs a unit"),
    ("!scenario a b", "exactly one word"),
    ("!fly 1 Inf XX", "unknown declaration !fly"),
])
def test_parse_errors(text, why):
    with pytest.raises(decl.DeclarationError, match=why):
        DW.parse(text)


def test_grammar_is_extensible():
    def attack(keyword, rest):
        words = rest.split()
        return decl.Declaration(keyword, hexes=(Hex.parse(words[0]),), args=tuple(words[1:]))
    g = decl.Grammar({**KEYWORDS, "attack-test": (attack, "!attack-test <hex> <units…>")})
    d = g.parse("!attack-test 2118 a b")
    assert d.hexes == (Hex(21, 18),) and d.args == ("a", "b")
    assert "!attack-test <hex> <units…>" in g.usage_lines()
    with pytest.raises(decl.DeclarationError, match="unknown declaration !attack-test"):
        DW.parse("!attack-test 2118 a b")       # a grammar of its own: the others are unchanged


# ------------------------------------------------------------------ reports

def sample() -> Report:
    return Report([
        f("6-9", message="6 MP spent, MA 5: 2118→2119 woods 2", units=(UnitRef("it-inf-xx-35", "35 Inf XX"),),
          hexes=("2118", "2119"), path=("2118", "2119"), turn="Turn 2 May 1915", phase="Entente Movement Phase"),
        f("4", "undetermined", step=None, message="<script>alert(1)</script> & co", missing="a list"),
    ], "italian-front", "if-1915-05", "game.vlog", 12, scenario_basis="given",
        side_names={"entente": "Entente", "central-powers": "Central Powers"})


def test_text_report():
    text = report_text.render(sample())
    assert "Violations (1)" in text and "Undetermined (1)" in text
    assert "[6-9] step 1, Turn 2 May 1915, Entente Movement Phase (Entente)" in text
    assert "6 MP spent, MA 5: 2118→2119 woods 2" in text
    assert "by rule:" in text and "by side:" in text
    assert "No rule violation found." not in text
    ok = report_text.render(Report([], "g", None, "x", 0))
    assert ok.rstrip().endswith("No rule violation found.")


def test_json_report_has_every_field():
    d = json.loads(report_json.render(sample()))
    assert d["exit_code"] == 1 and d["steps"] == 12 and d["scenario"] == "if-1915-05"
    first = d["findings"][0]
    assert set(first) >= {"rule", "severity", "message", "step", "turn", "phase", "side", "units",
                          "hexes", "path", "missing", "check"}
    assert d["summary"]["by_rule"]["6-9"]["violation"] == 1


def test_html_report_escapes_log_text_and_is_self_contained():
    page = report_html.render(sample())
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co" in page
    assert "http://" not in page and "https://" not in page
