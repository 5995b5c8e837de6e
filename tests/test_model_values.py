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


def test_yaml_reader_errors(tmp_path):
    """Duplicate keys and syntax errors name file and line, with either YAML parser."""
    import pytest

    from modgen.model.yamlio import load_yaml
    p = tmp_path / "x.yaml"
    p.write_text("a: 1\nb:\n  c: 2\n  c: 3\n")
    with pytest.raises(ModgenError) as e:
        load_yaml(p, display_name="x.yaml")
    assert e.value.format() == "x.yaml:4: duplicate key 'c'"
    p.write_text("a: [1, 2\nb: 3\n")
    with pytest.raises(ModgenError) as e:
        load_yaml(p, display_name="x.yaml")
    assert e.value.file == "x.yaml" and e.value.line in (2, 3) and "YAML syntax" in e.value.message
    p.write_bytes(b"a: \xff\xfe\n")
    with pytest.raises(ModgenError) as e:
        load_yaml(p, display_name="x.yaml")
    assert e.value.format() == "x.yaml: not UTF-8 text"
    d = load_yaml(_write(tmp_path, "k:\n  - 1\n  - {z: 2}\n"))
    assert d.line_of("k") == 1 and d["k"].line_of(1) == 3 and d["k"][1].line == 3
    with pytest.raises(ModgenError) as e:       # only safe YAML: no Python objects
        load_yaml(_write(tmp_path, "a: !!python/object/apply:os.system [echo hi]\n"), display_name="y.yaml")
    assert e.value.file == "y.yaml" and e.value.line == 1


def _write(tmp_path, text):
    p = tmp_path / "y.yaml"
    p.write_text(text)
    return p
