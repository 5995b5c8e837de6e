"""Placeholder-dependent verdicts (the mission: "a verdict that depends on a placeholder value
says so and is never a violation"): the model says which values are placeholders
(``Counter.placeholder``), a finding names the placeholders it rests on, and the finding layer
turns such a violation into an undetermined one. The rules' own pairs (placeholder →
undetermined, printed → violation) are in tests/der_weltkrieg/test_eastern_front.py (6-9/35-1,
TEC, EF 13-3, EF 7-2), test_false_alarms.py (HQ MA) and tests/burning_mountains/test_bm_check.py."""
from __future__ import annotations

from dataclasses import replace

from modgen.check.findings import UNDETERMINED, VIOLATION, Finding, Placeholder
from modgen.model import load_game
from modgen.model.types import Face, Provenance


def test_a_violation_that_names_a_placeholder_is_undetermined():
    ph = Placeholder("MA 4 of Sabc Inf XX", "named without values (003:L1249)")
    f = Finding("6-9", VIOLATION, "Sabc Inf XX: 6 MP spent, MA 4", placeholders=(ph, ph))
    assert f.severity == UNDETERMINED
    assert f.message == ("Sabc Inf XX: 6 MP spent, MA 4 [depends on a placeholder: MA 4 of Sabc "
                         "Inf XX is a placeholder]")
    assert f.missing == ("the printed value (MA 4 of Sabc Inf XX is a placeholder: named without "
                         "values (003:L1249))")
    assert f.placeholders == (ph,)                      # the same placeholder once
    assert f.to_dict()["placeholders"] == [{"what": ph.what, "reason": ph.reason}]
    # rebuilding the finding (the engine adds the check's name) changes nothing more
    again = Finding(**{**f.__dict__, "check": "x"})
    assert (again.severity, again.message, again.missing) == (f.severity, f.message, f.missing)
    # without placeholders a violation stays one; other severities are kept as they are
    assert Finding("6-9", VIOLATION, "m").severity == VIOLATION
    g = Finding("6-9", UNDETERMINED, "m", missing="x", placeholders=(ph,))
    assert (g.severity, g.message, g.missing) == (UNDETERMINED, "m", "x")


def test_counter_placeholder_values_are_inferred_from_the_data():
    ef = load_game("eastern-front")
    it = load_game("italian-front")
    # named without values: every value, both sides
    sabc = ef.counters["sb-inf-xx-sabc"]
    assert all(sabc.placeholder(v, r) for v in ("strength", "movement") for r in (False, True))
    # a placeholder designation only: the values printed in 12-3 are not placeholders
    q1 = ef.counters["sb-inf-xx-q1"]
    assert q1.provenance.kind == "placeholder" and q1.placeholder_values == ()
    assert not any(q1.placeholder(v, r) for v in ("strength", "movement") for r in (False, True))
    # front printed, back by back_rule: the back strength only (same movement)
    d44 = ef.counters["ah-inf-xx-44"]
    assert d44.placeholder("strength") is None and d44.placeholder("movement") is None
    assert d44.placeholder("strength", reduced=True) and d44.placeholder("movement", True) is None
    # only the reduced side printed (back_printed): the front strength is the placeholder
    d54 = it.counters["ah-inf-xx-54"]
    assert d54.placeholder("strength") and d54.placeholder("strength", True) is None
    # HQs: the MA from the counter file's hq_movement, with its own reason, on both games
    for g in (ef, it):
        for c in g.counters.values():
            if c.type == "hq":
                assert c.front.movement == 4 and "print no movement allowance" in c.placeholder("movement")
                assert c.placeholder("strength") is None
    # a printed counter has no placeholder
    printed = replace(d44, provenance=Provenance("rulebook", "as printed"))
    assert printed.placeholder("strength", True) is None
    # explicit placeholder_values name faces or single values
    c = replace(d44, provenance=Provenance("placeholder", "why"), placeholder_values=("front.movement",),
                back=Face(3, 4))
    assert c.placeholder("movement") == "why" and c.placeholder("strength") is None
    assert c.placeholder("movement", True) == "why"     # the back's MA is its front's

