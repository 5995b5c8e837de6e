"""The Burning Mountains module: built by ``modgen build burning-mountains``, byte-reproducible,
and everything in it decodes back (with the project's own VASSAL readers) to the data that made it."""
from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from modgen.hexgrid import Hex
from modgen.model import load_game
from modgen.systems.burning_mountains import module as M
from modgen.vassal.archive import read_saved_game
from modgen.vassal.buildfile import decode_turn_state, read_module
from modgen.vassal.commands import AddPiece, BoardPicker, Player, Turn, parse_saved_game
from modgen.vassal.traits import parse_piece

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    game = load_game("burning-mountains")
    out = tmp_path_factory.mktemp("bm") / "burning-mountains.vmod"
    M.build_module(game, out)
    return game, out


def _setup(mod, zf):
    sg = parse_saved_game(read_saved_game(zf.read(M.SAVE_FILE), name=M.SAVE_FILE).text)
    for c in sg.initial:
        if isinstance(c, BoardPicker):
            mod.apply_board_picker(c.map_id, c.boards)
    out = []
    for c in sg.initial:
        if isinstance(c, AddPiece) and c.type != "stack":
            p = parse_piece(c.type, c.state, mod.prototypes)
            out.append((p, p.properties(), mod.hex_at(p.basic.map, p.basic.x, p.basic.y),
                        mod.location_name(p.basic.map, p.basic.x, p.basic.y)))
    return sg, out


def test_cli_builds_and_rebuild_is_byte_identical(built, tmp_path):
    game, path = built
    out = tmp_path / "cli.vmod"
    r = subprocess.run([sys.executable, "-m", "modgen", "build", "burning-mountains", "-q", "-o", str(out)],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert out.read_bytes() == path.read_bytes()


def test_set_up_puts_every_unit_on_its_hex_and_reinforcements_in_pools(built):
    game, path = built
    mod = read_module(str(path))
    zf = zipfile.ZipFile(path)
    assert [s[1] for s in mod.predefined_setups if s[1]] == [M.SAVE_FILE]
    sg, pieces = _setup(mod, zf)
    assert not [c for c in sg.initial if isinstance(c, Player)]
    units = {props["UnitId"]: (p, h, loc) for p, props, h, loc in pieces if "UnitId" in props}
    assert set(units) == set(game.counters)
    for cid, c in game.counters.items():
        p, h, loc = units[cid]
        if c.setup is not None:
            assert p.basic.map == M.MAIN_MAP and h == c.setup, cid
        else:
            side = next(s.name for s in game.sides if s.id == game.side_of(c.nation))
            assert p.basic.map == M.pool_name(side) and loc == f"GT {c.arrival}", cid
        assert p.layers() in ({"Step": 1}, {"Moved": 1}, {}), (cid, p.layers())
    markers = {props["MarkerId"]: loc for p, props, h, loc in pieces if "MarkerId" in props}
    assert markers["gt"] == "GT 1" and markers["vp"] == "VP 10"
    [turn] = [c for c in sg.initial if isinstance(c, Turn)]
    shown = dict(decode_turn_state(mod.tracker(M.TRACKER_ID), turn.state))
    assert shown == {"GT": "1", "PlayerTurn": "Austro-Hungarian", "Phase": "Combat Phase"}
    assert M.decode_turn_state(game, turn.state) == (1, "ah", "combat")


def test_every_palette_piece_decodes_with_its_counter(built):
    game, path = built
    mod = read_module(str(path))
    names = set(zipfile.ZipFile(path).namelist())
    seen = set()
    for slot in mod.piece_slots:
        p = parse_piece(slot.type, slot.state, mod.prototypes)
        props = p.properties()
        if "UnitId" in props:
            c = game.counters[props["UnitId"]]
            assert p.name == c.name
            assert (props["Attack"], props["Defence"], props["MA"], props["AV"]) == tuple(
                "" if v is None else str(v) for v in (c.front.attack, c.front.defence, c.front.ma, c.front.av))
            assert props["Corps"] == (c.corps or "") and props["Steps"] == str(c.steps)
            layer = "Moved" if c.is_artillery else "Step" if c.steps == 2 else None
            assert set(p.layers()) == ({layer} if layer else set())
            assert f"images/{M.unit_image(c.id, 'front')}" in names
            if layer:
                assert f"images/{M.unit_image(c.id, 'back')}" in names
            seen.add(c.id)
        else:
            m = game.markers[props["MarkerId"]]
            assert set(p.layers()) == ({"Side"} if len(m.sides) == 2 else set())
    assert seen == set(game.counters)


def test_dice_tracker_boards_and_charts(built):
    game, path = built
    mod = read_module(str(path))
    combat = mod.dice_buttons[M.COMBAT_DICE]
    assert combat.n_dice == 3 and combat.n_sides == 6 and not combat.report_total
    assert "$result1$ + $result2$" in combat.report_format and "$result3$" in combat.report_format
    assert mod.dice_buttons["2d6"].n_dice == 2
    tr = mod.tracker(M.TRACKER_ID)
    assert tr is not None
    zf = zipfile.ZipFile(path)
    board = mod.map(M.MAIN_MAP).boards["burning-mountains"]
    with zf.open(f"images/{board.image}") as f:
        assert Image.open(f).size == (board.width, board.height)
    # the module's grid finds every hex where the art (and the set-up) puts its centre
    from modgen.art.map import board_geometry
    grid, _, _ = board_geometry(game.maps["burning-mountains"])
    for h in game.maps["burning-mountains"].hexes:
        assert mod.hex_at(M.MAIN_MAP, *grid.center(h)) == h
    for chart in ("crt", "tdp", "tec", "reinforcements"):
        assert "PLACEHOLDER" in zf.read(f"charts/{chart}.html").decode()
    assert "SCHEMATIC" in zf.read(M.HELP_FILE).decode()
