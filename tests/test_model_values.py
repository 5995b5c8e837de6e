"""Small value parsers of the data files: game dates and printed strength-movement."""
from __future__ import annotations

from hypothesis import given, strategies as st

from modgen.errors import ModgenError
from modgen.model import GameDate, format_date, parse_date
from modgen.model.validate import FileCtx


@given(st.integers(1914, 1919), st.integers(1, 12), st.integers(0, 7))
def test_date_round_trip(year, month, turn):
    d = GameDate(year, month, turn)
    assert parse_date(format_date(d)) == d


def test_date_forms():
    assert parse_date("7 May 1915") == GameDate(1915, 5, 7)
    assert parse_date("Special June 1915") == GameDate(1915, 6, 0)
    for bad in ("8 May 1915", "0 May 1915", "7 Mai 1915", "May 1915", "7 May", ""):
        assert parse_date(bad) is None


def test_faces():
    errors: list[ModgenError] = []
    ctx = FileCtx("f.yaml", errors)
    f = ctx.parse_face("2-4", 3, "front")
    assert (f.strength, f.movement, f.defence_only, f.rail_only) == (2, 4, False, False)
    f = ctx.parse_face("(3)-4", 3, "front")
    assert (f.strength, f.defence_only) == (3, True)
    f = ctx.parse_face("8-RR", 3, "front")
    assert (f.strength, f.movement, f.rail_only) == (8, None, True)
    f = ctx.parse_face("16", 3, "front")
    assert (f.strength, f.movement) == (16, None)
    assert errors == []
    for bad in ("(3-4", "3)-4", "x-4", "3-", "-4"):
        assert ctx.parse_face(bad, 9, "front") is None
    assert len(errors) == 5 and errors[0].format().startswith("f.yaml:9: front: '(3-4' is not a strength-movement")
