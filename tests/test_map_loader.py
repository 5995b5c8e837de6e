"""load_map: the compact map notation, and errors that name file, line and field."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from modgen.hexgrid import Hex, Hexside
from modgen.model.maps import load_map

# 4 columns x 3 rows: 0202 sea, 0403 lake, 0401 Swiss (neutral)
GOOD = """\
id: "9-9"
name: Test
provenance: {kind: schematic, reason: a test map, sources: [the test]}
grid: {first_col: 1, last_col: 4, first_row: 1, last_row: 3, hex_height: 64}
countries: {I: italy, A: austria-hungary, S: switzerland}
neutral: [switzerland]
hexes:
  1: "IIAS"
  2: "I~AA"
  3: "IIA="
hexsides:
  1: "..m .mm ..a ..."
  2: "cco ooo mmr h.."
  3: "coc oh. hhl l.."
rivers:
  - {name: R, major: false, hexsides: "0101/0201 0102:N"}
  - {name: P, major: true, hexsides: "0303/0203"}
rails:
  - {name: L1, track: single, hexes: "0103 0203 0303"}
  - {name: L2, track: double, hexes: "0303 0302 0301"}
  - {name: L3, track: single, hexes: "0302 0303"}
places:
  "0103": "Town (city, port)"
  "0302": "Fort (fortress)"
  "0303": "Village"
"""


def write(tmp_path: Path, text: str, name: str = "9-9.yaml") -> Path:
    p = tmp_path / name
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    return p


def load(tmp_path: Path, text: str, name: str = "9-9.yaml"):
    errors: list = []
    m = load_map(write(tmp_path, text, name), errors)
    return m, errors


def test_good_map_loads_every_hex_and_hexside(tmp_path):
    m, errors = load(tmp_path, GOOD)
    assert errors == []
    assert m.id == "9-9" and m.neutral == ("switzerland",)
    assert len(m.hexes) == 12
    assert m.hexes[Hex(2, 2)].land is False and m.hexes[Hex(4, 3)].land is False
    assert m.hexes[Hex(4, 1)].country == "switzerland"
    # every adjacent pair of on-map hexes has exactly one hexside record
    pairs = {Hexside.of(h, n) for h in m.hexes for n in h.neighbours() if n in m.hexes}
    assert set(m.hexsides) == pairs
    assert m.hexside(Hex(3, 1), Hex(4, 1)).terrain == "alpine"
    assert m.hexside(Hex(3, 2), Hex(4, 2)).terrain == "rough"
    assert m.hexside(Hex(4, 2), Hex(4, 3)).terrain == "lake"
    assert m.hexside(Hex(1, 2), Hex(2, 2)).terrain == "ocean"


def test_overlays_and_derived_borders(tmp_path):
    m, _ = load(tmp_path, GOOD)
    assert m.hexside(Hex(1, 1), Hex(2, 1)).river
    assert m.hexside(Hex(1, 1), Hex(1, 2)).river           # 0102:N
    p = m.hexside(Hex(2, 3), Hex(3, 3))
    assert p.major_river and not p.river
    # rails: single, double, and double wins where a single line shares the hexside
    assert m.hexside(Hex(1, 3), Hex(2, 3)).rail == "single"
    assert m.hexside(Hex(3, 2), Hex(3, 1)).rail == "double"
    assert m.hexside(Hex(3, 2), Hex(3, 3)).rail == "double"
    assert m.hexside(Hex(1, 2), Hex(1, 3)).rail is None
    # borders: land of different countries only
    assert m.hexside(Hex(2, 1), Hex(3, 1)).border            # I | A
    assert m.hexside(Hex(3, 1), Hex(4, 1)).border            # A | S
    assert not m.hexside(Hex(3, 1), Hex(3, 2)).border        # A | A
    assert not m.hexside(Hex(2, 2), Hex(3, 2)).border        # sea | A
    town = m.hexes[Hex(1, 3)]
    assert (town.name, town.city, town.port, town.fortress_site) == ("Town", True, True, False)
    assert m.hexes[Hex(3, 2)].fortress_site and m.hexes[Hex(3, 2)].name == "Fort"
    assert m.hexes[Hex(3, 3)].name == "Village" and not m.hexes[Hex(3, 3)].city
    assert m.named("town").hex == Hex(1, 3)


def line_of(text: str, needle: str) -> int:
    for i, line in enumerate(text.splitlines(), 1):
        if needle in line:
            return i
    raise AssertionError(needle)


BROKEN = [
    # (replace, with, expected field, expected message part, line needle)
    ('  2: "I~AA"', '  2: "I~XA"', "hexes.2", "unknown code 'X'", '  2: "I~XA"'),
    ('  2: "I~AA"', '  2: "I~A"', "hexes.2", "has 3 hexes", '  2: "I~A"'),
    ('  2: "cco ooo mmr h.."', '  2: "cco ooo mqr h.."', "hexsides.2", "unknown terrain code 'q'", '  2: "cco'),
    ('  2: "cco ooo mmr h.."', '  2: "cch ooo mmr h.."', "hexsides.2", "must be ocean or lake", '  2: "cch'),
    ('  2: "cco ooo mmr h.."', '  2: "cco ooo mmr hhh"', "hexsides.2", "not on the map", '  2: "cco'),
    ('"0101/0201 0102:N"', '"0101/0301"', "rivers[R].hexsides", "not adjacent", "name: R,"),
    ('"0101/0201 0102:N"', '"0101/0201 0201/0101"', "rivers[R].hexsides", "already a river", "name: R,"),
    ('"0101/0201 0102:N"', '"0102:Q"', "rivers[R].hexsides", "unknown direction", "name: R,"),
    ('hexes: "0103 0203 0303"', 'hexes: "0103 0203 0503"', "rails[L1].hexes", "outside the map extent", "name: L1,"),
    ('hexes: "0103 0203 0303"', 'hexes: "0103 0303"', "rails[L1].hexes", "not adjacent", "name: L1,"),
    ("track: double", "track: triple", "rails[L2].track", "double or single", "name: L2,"),
    ('"0303": "Village"', '"0202": "Atlantis"', "places.0202", "water", '"0202": "Atlantis"'),
    ('"0303": "Village"', '"0303": "Village (metropolis)"', "places.0303", "unknown tag", '"0303": "Village'),
    ('"0303": "Village"', '"0301": "Village (port)"', "places.0301", "no neighbour is water", '"0301": "Village'),
    ('"0303": "Village"', '0710: "Octal"', "places.456", "quotes", '0710: "Octal"'),
    ('id: "9-9"', 'id: "9-8"', "id", "does not match the file name", 'id: "9-8"'),
    ("  3: \"IIA=\"\n", "", "hexes.3", "row 3 is missing", "hexes:"),
    ("neutral: [switzerland]", "neutral: [narnia]", "neutral", "not one of the countries", "neutral:"),
    ('  3: "IIA="', '  3: "IIA="\n  "2": "IIAA"', "hexes.2", "given twice", '  "2": "IIAA"'),
    ('  3: "IIA="', '  3: "IIA="\n  7: "IIAA"', "hexes.7", "outside the map extent", '  7: "IIAA"'),
    ("neutral: [switzerland]", "neutral: [switzerland]\nlegend: yes", "legend", "unknown key", "legend: yes"),
    ("first_row: 1,", "first_row: x,", "grid.first_row", "must be an integer", "grid:"),
    ("kind: schematic, reason: a test map", "kind: guess, reason: a test map", "provenance.kind", "must be one of", "provenance:"),
    ("kind: schematic, reason: a test map", "kind: schematic, reason: ''", "provenance.reason", "must say why", "provenance:"),
]


@pytest.mark.parametrize("old,new,fld,msg,needle", BROKEN, ids=[b[3] for b in BROKEN])
def test_broken_snippets_report_file_line_field(tmp_path, old, new, fld, msg, needle):
    assert old in GOOD
    text = GOOD.replace(old, new, 1)
    m, errors = load(tmp_path, text)
    assert m is None, "a map with errors must not load"
    matching = [e for e in errors if e.field == fld and msg in e.message]
    assert matching, [e.format() for e in errors]
    e = matching[0]
    assert e.file.endswith("9-9.yaml")
    assert e.line == line_of(text, needle)
    assert e.format().startswith(f"{e.file}:{e.line}: {fld}: ")


def test_a_bad_row_of_hexes_is_reported_once(tmp_path):
    """Its hexsides are not reported again as 'not on the map'."""
    _, errors = load(tmp_path, GOOD.replace('  2: "I~AA"', '  2: "I~A"'))
    assert [e.field for e in errors] == ["hexes.2"]


def test_every_error_is_collected_not_just_the_first(tmp_path):
    text = GOOD.replace('  2: "I~AA"', '  2: "I~XA"').replace("track: double", "track: triple")
    _, errors = load(tmp_path, text)
    assert {e.field for e in errors} >= {"hexes.2", "rails[L2].track"}


def test_yaml_syntax_error_names_the_line(tmp_path):
    _, errors = load(tmp_path, GOOD.replace("grid: {", "grid: {{"))
    # PyYAML notices the problem on the line after the stray brace
    assert len(errors) == 1 and errors[0].line in (4, 5) and "YAML" in errors[0].message


def test_missing_file_is_an_error_not_a_traceback(tmp_path):
    errors: list = []
    assert load_map(tmp_path / "nope.yaml", errors) is None
    assert errors and "cannot read" in errors[0].message


def test_lake_hex_requires_lake_hexsides(tmp_path):
    text = GOOD.replace('  3: "coc oh. hhl l.."', '  3: "coc oh. hho l.."')
    _, errors = load(tmp_path, text)
    assert any("must be lake" in e.message and e.field == "hexsides.3" for e in errors)
