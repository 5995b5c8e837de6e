"""Bad data is never accepted silently (issue 9, item 6): every field has a type, an empty or
unreadable file is an error naming it, and a typo like ``front: 54`` is caught."""
from __future__ import annotations

import pytest

from modgen.cli import main
from modgen.errors import ValidationErrors
from modgen.model import load_game, validate_game
from modgen.model.schema import COLOUR, FACE, INVALID, Field, Int, Schema
from modgen.model.validate import FileCtx

from test_model_validate import S1, UNITS, make_root


def messages(root) -> list[str]:
    return [e.format() for e in validate_game("mini", root)]


def _edit(path, old, new):
    text = path.read_text()
    assert old in text, (old, path)
    path.write_text(text.replace(old, new, 1))


def test_a_number_is_not_a_strength_movement(tmp_path):
    root = make_root(tmp_path)
    _edit(root / UNITS, 'front: "2-4"', "front: 24")           # a typo for "2-4"
    assert messages(root) == [f"{UNITS}:3: counters[ah-mtn-x-53m].front: 24 is a number, not a strength-movement: "
                              "write it as a string like '5-4'"]


def test_a_unit_that_moves_needs_a_movement_allowance(tmp_path):
    root = make_root(tmp_path)
    _edit(root / UNITS, 'front: "2-4"', 'front: "24"')
    msgs = messages(root)
    assert msgs == [f"{UNITS}:3: counters[ah-mtn-x-53m].front: '24' has no movement allowance: a mtn counter "
                    "prints strength-movement like '5-4' (only a fortress prints its strength alone)"]
    assert validate_game("mini", make_root(tmp_path / "ok")) == []      # a fortress's "2" stays valid


@pytest.mark.parametrize("rel", ["games/mini.yaml", UNITS, S1, "counters/mini/markers.yaml",
                                 "tables/der-weltkrieg/tec.yaml", "tables/der-weltkrieg/crt.yaml",
                                 "tables/der-weltkrieg/sequence-of-play.yaml", "maps/6-4.yaml"])
@pytest.mark.parametrize("content", ["", "# only a comment\n\n"])
def test_an_empty_file_is_an_error_naming_it(tmp_path, rel, content):
    root = make_root(tmp_path)
    (root / rel).write_text(content)
    errs = validate_game("mini", root)
    assert errs, rel
    assert any(e.file == rel and "empty" in e.message for e in errs), [e.format() for e in errs]


def test_an_empty_game_file_through_the_command_line(tmp_path, capsys):
    root = make_root(tmp_path)
    (root / "games" / "mini.yaml").write_text("")
    assert main(["validate", "mini", "--data", str(root)]) == 2
    err = capsys.readouterr().err
    assert "games/mini.yaml: the file is empty" in err and "Traceback" not in err
    assert main(["build", "mini", "--data", str(root), "-q", "-o", str(tmp_path / "m.vmod")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("modgen: games/mini.yaml: the file is empty") and "could not be loaded" not in err


def test_a_folder_where_a_file_should_be(tmp_path):
    root = make_root(tmp_path)
    (root / UNITS).unlink()
    (root / UNITS).mkdir()
    assert f"games/mini.yaml:15: counters[0]: is a directory, not a data file: {UNITS}" in messages(root)


def test_free_text_fields_have_a_type_too(tmp_path):
    root = make_root(tmp_path)
    _edit(root / UNITS, 'designation: 53M, front: "2-4"', 'designation: 53M, note: [a, list], front: "2-4"')
    _edit(root / S1, 'hex: "1917"}', 'hex: "1917", line: "twelve", note: 7}')
    msgs = messages(root)
    assert f"{UNITS}:3: counters[ah-mtn-x-53m].note: expected a string, got a list" in msgs
    assert f"{S1}:10: setup[0].line: expected an integer, got a string" in msgs
    assert f"{S1}:10: setup[0].note: expected a string, got an integer" in msgs
    _edit(root / S1, '{nation: austria-hungary, size: 2, hex: "1917"}', '{nation: austria-hungary, size: 2, hex: "1917", '
                                                                     'name: [x]}')
    assert f"{S1}:13: fortresses[0].name: expected a string, got a list" in messages(root)


def test_unknown_fields_in_nested_records(tmp_path):
    root = make_root(tmp_path)
    _edit(root / S1, '{counter: ah-mtn-x-53m, hex: "1917"}', '{counter: ah-mtn-x-53m, hexx: "1917"}')
    msgs = messages(root)
    assert any(m.startswith(f"{S1}:10: setup[0].hexx: unknown field") for m in msgs), msgs
    assert f"{S1}:10: setup[0].hex: required field is missing" in msgs


def test_wrong_types_are_reported_once(tmp_path):
    root = make_root(tmp_path)
    _edit(root / "games" / "mini.yaml", 'version: "1"', "version: [1]")
    _edit(root / "tables" / "der-weltkrieg" / "crt.yaml", "die_min: -1", "die_min: low")
    msgs = messages(root)
    assert msgs.count("games/mini.yaml:6: version: expected a string, got a list") == 1, msgs
    assert msgs.count("tables/der-weltkrieg/crt.yaml:12: die_min: expected an integer, got a string") == 1, msgs
    with pytest.raises(ValidationErrors):
        load_game("mini", root)


def test_a_schema_is_extended_by_a_rules_system():
    """The mechanism other rules systems use for their own fields (steps, several map sheets)."""
    from modgen.model.load import COUNTER
    bm = COUNTER.extend({"steps": Field(Int(1, 4), required=True), "box": COLOUR}, name="test: extended counter")
    assert set(bm.fields) == set(COUNTER.fields) | {"steps", "box"}
    errors: list = []
    ctx = FileCtx("x.yaml", errors)
    v = bm.read(ctx, {"id": "u1", "type": "inf", "front": "3-4", "steps": 9, "box": "red", "bogus": 1}, "counters[u1]")
    assert v["front"].strength == 3 and v["steps"] is None and v.bad == {"steps", "box"}
    assert sorted(e.format() for e in errors) == sorted([
        "x.yaml: counters[u1].steps: 9 is out of range 1..4",
        "x.yaml: counters[u1].box: 'red' is not a colour #rrggbb",
        "x.yaml: counters[u1].bogus: unknown field (allowed: " + ", ".join(sorted(bm.fields)) + ")"])
    assert FACE.check(FileCtx("x", []), "12-5", None, "f").movement == 5
    assert FACE.check(FileCtx("x", []), 125, None, "f") is INVALID


def test_every_schema_field_has_a_type():
    import modgen.model.load  # noqa: F401 - registers the schemas
    import modgen.model.scenario  # noqa: F401
    import modgen.systems.der_weltkrieg.tables  # noqa: F401
    from modgen.model.schema import SCHEMAS, FieldType
    assert len(SCHEMAS) >= 15
    for name, schema in SCHEMAS.items():
        assert isinstance(schema, Schema)
        for key, f in schema.fields.items():
            assert isinstance(f.type, FieldType) and f.type.label, (name, key)
