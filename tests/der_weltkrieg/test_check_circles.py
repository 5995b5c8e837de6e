"""The full-strength circle (27-3, 23-4, 30-1, 13-23, 33-3/33-4/33-8/33-9) as data: the model
says when a circle is a placeholder (``Counter.placeholder("full_strength")``: a counter without
``full_strength`` has its file's ``full_strength_reason``, and the checker stands in the front
strength), and a verdict resting on such a circle is undetermined naming it; a printed circle
gives a real violation. Scripted games on combat_game's map (modgen.testing.TestGame)."""
from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import combat_game as cg  # noqa: E402

from modgen.check.engine import check_log  # noqa: E402
from modgen.check.logread import parse_log  # noqa: E402
from modgen.model import load_game  # noqa: E402
from modgen.model.types import Provenance  # noqa: E402
from modgen.systems.der_weltkrieg.rules.units import (full_division_placeholders,  # noqa: E402
                                                     stacking_options_for)

P = cg.P
WHY = "test: the circle is not printed"


def check(t):
    return check_log(parse_log(t.text()), t.game, t.scenario)


def found(report, rule=None, severity="violation"):
    return [f for f in report.findings if f.severity == severity and (rule is None or f.rule == rule)]


def with_placeholder_circles(monkeypatch, ids, *, drop=False):
    """combat_game's counters, those of ``ids`` with a placeholder circle (``drop``: no circle
    at all, the front standing in)."""
    out = []
    for c in cg.COUNTERS:
        if c.id in ids:
            c = replace(c, full_strength=None if drop else c.full_strength, full_strength_reason=WHY)
        out.append(c)
    monkeypatch.setattr(cg, "COUNTERS", out)


def test_the_model_says_which_circles_are_placeholders():
    it = load_game("italian-front")
    aslt = it.counters["ge-aslt-xx-12"]                   # 33-4/33-9 give its circle: 8
    assert (aslt.circle, aslt.placeholder("full_strength")) == (8, None)
    d = it.counters["ah-inf-xx-54"]                       # no circle in the rulebooks
    assert d.full_strength is None and d.circle == d.front.strength
    why = d.placeholder("full_strength")
    assert "not printed in the rulebooks" in why and "missing-data M8" in why
    # the reason is the counter file's (data), the same on both faces
    assert d.placeholder("full_strength", True) == why
    # a circle the data give but mark as a placeholder (placeholder_values: full_strength)
    c = replace(aslt, provenance=Provenance("placeholder", "guessed circle"),
                placeholder_values=("full_strength",), full_strength_reason="guessed circle")
    assert c.placeholder("full_strength") == "guessed circle"
    # the 27-3 full division: Germany's rests on a printed circle (8), Austria-Hungary's on none
    fd = full_division_placeholders(it.counters.values())
    assert "germany" not in fd and "austria-hungary" in fd
    assert stacking_options_for(None, it.counters.values()).full_division_placeholders == fd


def test_load_reads_placeholder_values_full_strength(tmp_path):
    import shutil
    src = Path(__file__).resolve().parents[2]
    # a copy of the Italian Front data with the 12 Aslt XX circle marked a placeholder
    for d in ("games", "counters", "maps", "scenarios", "tables"):
        shutil.copytree(src / d, tmp_path / d)
    p = tmp_path / "counters/italian-front/germany.yaml"
    s = p.read_text()
    old = 'designation: "12", front: "12-5", back: "6-5", back_printed: 1684, full_strength: 8,'
    assert old in s
    s = s.replace(old, old + ' provenance: {kind: placeholder, reason: "circle guessed"}, '
                  'placeholder_values: [full_strength],')
    p.write_text(s)
    g = load_game("italian-front", tmp_path)
    assert g.counters["ge-aslt-xx-12"].placeholder("full_strength") == "circle guessed"
    assert g.counters["ge-aslt-xx-5"].placeholder("full_strength") is None


# ------------------------------------------------------------------ 23-4: the cap of a raised unit

def raise_assault():
    """The 12-5 Aslt XX (circle 8) reduced to 6 is raised to its front side (12) with an RPL
    5-4 and a 2-4 brigade in the Replacement phase: 12 SP ≤ 13 before, but above the circle."""
    setup = [P("de-aslt-xx-12", "2009", reduced=True), P("de-rpl-5", "2009"), P("de-inf-x-2", "2009"),
             P("de-hq-xxxx-2nd", "2009")]
    t = cg.new(setup, first_phase="cp-replacement")
    t.flip("de-aslt-xx-12")
    t.eliminate("de-rpl-5")
    t.eliminate("de-inf-x-2")
    t.next_phase()
    return check(t)


def test_23_4_a_printed_circle_caps_a_raised_unit():
    (f,) = found(raise_assault(), "23-4")
    assert "raised to 12 SP" in f.message and "(8)" in f.message and not f.placeholders


def test_23_4_a_placeholder_circle_is_undetermined(monkeypatch):
    with_placeholder_circles(monkeypatch, {"de-aslt-xx-12"})
    r = raise_assault()
    assert found(r, "23-4") == []
    (f,) = found(r, "23-4", "undetermined")
    assert "full-strength circle 8 of 12 Aslt XX is a placeholder" in f.message
    assert WHY in f.missing


def test_23_4_a_legal_raise_is_clean():
    setup = [P("de-inf-xx-6", "2009", reduced=True), P("de-inf-x-2", "2009"),
             P("de-hq-xxxx-2nd", "2009")]
    t = cg.new(setup, first_phase="cp-replacement")
    t.flip("de-inf-xx-6")                     # 4 + 2 = 6: its front, below the circle 8
    t.eliminate("de-inf-x-2")
    t.next_phase()
    assert found(check(t), "23-4") == [] and found(check(t), "23-4", "undetermined") == []


# ------------------------------------------------------------------ 27-3: full division strength

def regiments_stack(divisions):
    """Four German 2-5 regiments (one division by 27-3 at full strength 8) with ``divisions``
    divisions in 2010 (limit 6 by 11-1 on the test map's clear hexes)."""
    units = ["de-inf-xx-8", "de-inf-xx-9", "de-inf-xx-7", "de-inf-xx-5", "de-inf-xx-10",
             "de-inf-xx-6"][:divisions]
    regs = [f"de-inf-iii-r{i}" for i in range(4)]
    t = cg.new([P(u, "2010") for u in units] + [P(r, "2011") for r in regs],
               first_phase="cp-movement")
    for r in regs:
        t.move(r, "2010")
    t.next_phase()
    return check(t)


def add_regiments(monkeypatch):
    regs = [cg._c(f"de-inf-iii-r{i}", "germany", "inf", "III", f"R{i}", 2, 5, 1, full=8)
            for i in range(4)]
    monkeypatch.setattr(cg, "COUNTERS", cg.COUNTERS + regs)


def test_27_3_a_printed_full_division_gives_a_violation(monkeypatch):
    add_regiments(monkeypatch)
    assert found(regiments_stack(5), "11-1") == []          # 5 + 1 = 6 divisions: legal
    (f,) = found(regiments_stack(6), "11-1")                # 6 + 1 = 7
    assert "7 divisions in 2010 (limit 6)" in f.message and not f.placeholders


def test_27_3_a_placeholder_full_division_is_undetermined(monkeypatch):
    add_regiments(monkeypatch)
    # no German infantry division has a printed circle: 8 is the front strength standing in
    ids = {c.id for c in cg.COUNTERS if c.nation == "germany" and c.type in ("inf", "aslt")}
    with_placeholder_circles(monkeypatch, ids, drop=True)
    r = regiments_stack(6)
    assert found(r, "11-1") == []
    (f,) = found(r, "11-1", "undetermined")
    assert "full germany infantry division strength" in f.message and WHY in f.missing


# ------------------------------------------------------------------ 30-1: small cavalry supplied by its circle

def cavalry_attack(monkeypatch):
    from modgen.systems.der_weltkrieg import combat_record as CR
    monkeypatch.setattr(CR, "_SUPPLY_SEARCH", lambda ctx, unit, start, hq, mx: 2)
    monkeypatch.setattr(CR, "_HQ_LOC", lambda ctx, hq: True)
    monkeypatch.setattr(CR, "_SURROUNDED", lambda ctx, unit: False)
    t = cg.new([P("fr-inf-xx-1", "2010"), P("de-cav-x-4", "2009"), P("de-hq-xxxx-2nd", "2110")])
    t.declare("!attack 2010 with 4 Cav X")
    t.roll("1d6", [6])
    t.next_phase()
    (c,) = check(t).combats
    return c


def test_30_1_a_printed_circle_supplies_small_cavalry(monkeypatch):
    c = cavalry_attack(monkeypatch)                  # circle 2 ≤ 2 (German): free, full SP
    assert c.attack.strengths == {2}
    assert not any("full-strength circle" in p.what for p in c.attack.placeholders)


def test_30_1_a_placeholder_circle_is_declared_by_the_result(monkeypatch):
    with_placeholder_circles(monkeypatch, {"de-cav-x-4"}, drop=True)
    c = cavalry_attack(monkeypatch)                  # the front 2 stands in: free, but a guess
    assert c.attack.strengths == {2}
    (p,) = [p for p in c.attack.placeholders if "full-strength circle" in p.what]
    assert p.what == "full-strength circle 2 of 4 Cav X" and p.reason == WHY
