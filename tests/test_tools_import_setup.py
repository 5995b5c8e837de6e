"""``modgen import-setup``: a save's units into a scenario's set-up list, and back out by build."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from lxml import etree

from modgen.testing import TestGame
from modgen.cli import main
from modgen.hexgrid import Hex
from modgen.model import load_game
from modgen.module import build
from modgen.paths import PROJECT_ROOT
from modgen.tools import import_setup as IS

FOLDERS = ("games", "counters", "maps", "scenarios", "tables")


@pytest.fixture
def data(tmp_path):
    d = tmp_path / "data"
    for f in FOLDERS:
        shutil.copytree(PROJECT_ROOT / f, d / f)
    return d


@pytest.fixture(scope="module")
def built():
    """Our module's entries: one scenario save per scenario."""
    return dict(build.build_entries(load_game("italian-front"), parallel=False))


def _units(save: Path, data: Path, scenario: str) -> dict:
    game = load_game("italian-front", data)
    units, _, _ = IS.read_units(str(save), game, game.scenarios[scenario])
    return {c: (u.hex, u.reduced, u.supply_points) for c, u in units.items()}


def test_round_trip_every_scenario_save_imports_to_the_same_yaml(built, data, tmp_path, capsys):
    game = load_game("italian-front", data)
    for sid, sc in sorted(game.scenarios.items()):
        save = tmp_path / f"{sid}.vsav"
        save.write_bytes(built[f"{sid}.vsav"])
        f = data / sc.source.file
        before = f.read_bytes()
        assert main(["import-setup", str(save), "--scenario", sid, "--data", str(data)]) == 0
        out = capsys.readouterr().out
        assert "already lists this set-up: nothing written" in out, out
        assert f.read_bytes() == before
        placed = sum(1 for pl in sc.setup if pl.hex is not None)
        assert f"{placed} units where the list has them, 0 moved, 0 added, 0 removed" in out


def test_units_placed_in_vassal_are_written_and_the_build_reproduces_them(data, tmp_path, capsys):
    game = load_game("italian-front", data)
    sc = game.scenarios["if-1915-05"]
    g = TestGame(game, sc)
    g.place("it-inf-xx-9", "1820")                   # a unit the printed list lacks
    g.move("it-inf-xx-35", "1722", "1723")          # an erratum: 1723, not 1722
    g.flip("it-inf-xx-6")                            # set up reduced
    g.eliminate("it-inf-x-ancna")                    # not on the map any more
    log = g.write(tmp_path / "placed.vlog")
    f = data / sc.source.file
    before = f.read_text(encoding="utf-8").splitlines()

    assert main(["import-setup", str(log), "--scenario", "if-1915-05", "--data", str(data),
                 "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["written"] is True
    assert rep["moved"] == [{"counter": "it-inf-xx-35", "from": "1722", "to": "1723"}]
    assert rep["faces"] == [{"counter": "it-inf-xx-6", "change": "reduced"}]
    assert rep["added"] == [{"counter": "it-inf-xx-9", "hex": "1820", "reduced": False,
                             "supply_points": None}]
    assert [r["counter"] for r in rep["removed"]] == ["it-inf-x-ancna"]
    assert rep["unknown"] == []

    after = f.read_text(encoding="utf-8").splitlines()
    # every comment and every other field is still there; only the edited entries changed
    assert [x for x in before if x.lstrip().startswith("#")] == \
        [x for x in after if x.lstrip().startswith("#") and "import-setup" not in x]
    gone = [x for x in before if x not in after]
    new = [x for x in after if x not in before]
    assert len(gone) == 3 and all(("it-inf-xx-35" in x or "it-inf-xx-6," in x
                                   or "it-inf-x-ancna" in x) for x in gone)
    assert any('counter: it-inf-xx-35, hex: "1723", line: 1184' in x and "note:" in x
               for x in new)
    assert any("counter: it-inf-xx-6, hex: \"1820\", line: 1187, reduced: true" in x for x in new)
    assert '  - {counter: it-inf-xx-9, hex: "1820"}' in new

    # the module built from the edited data sets the scenario up as the save has it
    game2 = load_game("italian-front", data)
    entries = dict(build.build_entries(game2, parallel=False))
    save = tmp_path / "rebuilt.vsav"
    save.write_bytes(entries["if-1915-05.vsav"])
    assert _units(save, data, "if-1915-05") == _units(log, data, "if-1915-05")
    # and importing that save changes nothing any more
    assert main(["import-setup", str(save), "--scenario", "if-1915-05", "--data",
                 str(data)]) == 0
    assert "nothing written" in capsys.readouterr().out


def test_output_file_and_dry_run_leave_the_scenario_alone(data, tmp_path, capsys):
    game = load_game("italian-front", data)
    g = TestGame(game, game.scenarios["if-1915-05"])
    g.move("it-inf-xx-35", "1722", "1723")
    log = g.write(tmp_path / "m.vlog")
    f = data / "scenarios/italian-front/if-1915-05.yaml"
    before = f.read_bytes()
    assert main(["import-setup", str(log), "--scenario", "if-1915-05", "--data", str(data),
                 "--dry-run"]) == 0
    assert "moved    it-inf-xx-35 1722 → 1723" in capsys.readouterr().out
    assert f.read_bytes() == before
    out = tmp_path / "new.yaml"
    assert main(["import-setup", str(log), "--scenario", "if-1915-05", "--data", str(data),
                 "-o", str(out)]) == 0
    assert f.read_bytes() == before
    assert b'{counter: it-inf-xx-35, hex: "1723"' in out.read_bytes()


def test_unknown_pieces_are_reported_not_guessed(data, tmp_path, capsys):
    from modgen.module.build import moduledata
    from modgen.module.savegame import savedata, vsav_bytes
    game = load_game("italian-front", data)
    g = TestGame(game, game.scenarios["if-1915-05"])
    g.place("it-inf-xx-9", "1820")
    text = g.text()
    # the placed unit becomes a counter this game does not have (its name still says 9 Inf XX)
    assert text.count("it-inf-xx-9\\,") >= 1 or text.count("it-inf-xx-9,") >= 1
    text = text.replace("it-inf-xx-9,", "zz-inf-xx-9,", 1).replace("it-inf-xx-9\\,", "zz-inf-xx-9\\,", 1)
    save = tmp_path / "u.vsav"
    save.write_bytes(vsav_bytes(text, savedata(game, "", "0"), moduledata(game)))
    assert main(["import-setup", str(save), "--scenario", "if-1915-05", "--data", str(data),
                 "--json", "--dry-run"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert [u["piece"] for u in rep["unknown"]] == ["9 Inf XX"]
    assert rep["added"] == [] and rep["changed"] is False


def test_a_save_with_no_grid_is_an_error(built, data, tmp_path, capsys):
    game = load_game("italian-front", data)
    xml = built["buildFile.xml"]           # our module's buildFile, its hex grids removed
    root = etree.fromstring(xml)
    for grid in list(root.iter("VASSAL.build.module.map.boardPicker.board.HexGrid")):
        grid.getparent().remove(grid)
    gridless = tmp_path / "buildFile.xml"
    gridless.write_bytes(etree.tostring(root))
    g = TestGame(game, game.scenarios["if-1915-05"])
    log = g.write(tmp_path / "s.vsav")
    f = data / "scenarios/italian-front/if-1915-05.yaml"
    before = f.read_bytes()
    assert main(["import-setup", str(log), "--scenario", "if-1915-05", "--data", str(data),
                 "--module", str(gridless)]) == 2
    cap = capsys.readouterr()
    assert cap.out == "" and len(cap.err.strip().splitlines()) == 1
    assert str(log) in cap.err and "has no hex grid" in cap.err
    assert f.read_bytes() == before


def test_bad_arguments(data, tmp_path, capsys):
    game = load_game("italian-front", data)
    log = TestGame(game, game.scenarios["if-1915-05"]).write(tmp_path / "s.vsav")
    assert main(["import-setup", str(log), "--scenario", "nope", "--data", str(data)]) == 2
    assert "no scenario 'nope'" in capsys.readouterr().err
    txt = tmp_path / "x.vsav"
    txt.write_text("not a save")
    assert main(["import-setup", str(txt), "--scenario", "if-1915-05", "--data", str(data)]) == 2
    err = capsys.readouterr().err
    assert str(txt) in err and len(err.strip().splitlines()) == 1


def test_several_sheets_name_the_sheet():
    assert IS.hex_text("6-4", Hex(17, 22), 1) == "1722"
    assert IS.hex_text("6-4", Hex(17, 22), 2) == "6-4:1722"
    # a game of several sheets writes the sheet even in a scenario of one (docs/multi-sheet.md)
    assert IS.hex_text("6-6", Hex(15, 16), 1, multi_sheet_game=True) == "6-6:1516"


def test_flow_field_edits():
    line = '  - {counter: a, hex: "1722", line: 5}'
    assert IS._set_flow_field(line, "hex", '"1723"') == '  - {counter: a, hex: "1723", line: 5}'
    assert IS._set_flow_field(line, "reduced", "true") == \
        '  - {counter: a, hex: "1722", line: 5, reduced: true}'
    assert IS._set_flow_field('  - {counter: a, reduced: true, hex: "1"}', "reduced", None) == \
        '  - {counter: a, hex: "1"}'
    assert IS._set_flow_field('  - {counter: a, hex: "1", reduced: true}', "reduced", None) == \
        '  - {counter: a, hex: "1"}'
