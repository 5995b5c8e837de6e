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
from modgen.systems.burning_mountains import pieces
from modgen.module.build import build_module
from modgen.module.charts import HELP_FILE

SAVE_FILE = "bm-1916-05.vsav"                  # modgen.module.build.scenario_file
from modgen.vassal.archive import read_saved_game
from modgen.vassal.buildfile import decode_turn_state, read_module
from modgen.vassal.commands import AddPiece, BoardPicker, Player, Turn, parse_saved_game
from modgen.vassal.traits import parse_piece

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    game = load_game("burning-mountains")
    out = tmp_path_factory.mktemp("bm") / "burning-mountains.vmod"
    build_module(game, out)                 # the shared module writer, with this system's parts
    return game, out


def _setup(mod, zf):
    sg = parse_saved_game(read_saved_game(zf.read(SAVE_FILE), name=SAVE_FILE).text)
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
    assert [s[1] for s in mod.predefined_setups if s[1]] == [SAVE_FILE]
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
            assert f"images/{pieces.unit_image(c.id, 'front')}" in names
            if layer:
                assert f"images/{pieces.unit_image(c.id, 'back')}" in names
            seen.add(c.id)
        else:
            m = game.markers[props["MarkerId"]]
            assert set(p.layers()) == ({"Side"} if len(m.sides) == 2 else set())
            # a Marker property cannot follow a flip: a two-sided marker's value is its Side layer,
            # whose level names make VASSAL's piece name "CE -1" / "CE -2" (Embellishment.getName)
            if len(m.sides) == 2:
                assert "MarkerValue" not in props
                assert p.name == f"{m.label} {m.sides[0]}"
                for level, value in enumerate(m.sides, 1):
                    assert _name_at(p, level) == f"{m.label} {value}"
            else:
                assert props["MarkerValue"] == m.sides[0] and p.name == f"{m.label} {m.sides[0]}"
    assert seen == set(game.counters)


def _name_at(piece, level: int) -> str:
    """The piece's name with its Side layer at ``level`` (``Embellishment.getName``)."""
    from modgen.vassal.traits import layer_name, parse_embellishment
    emb = parse_embellishment(next(t for t in piece.traits if t.prefix == "emb2;"))
    return layer_name(emb.level_names[level - 1], piece.basic.name)


def test_dice_tracker_boards_and_charts(built):
    game, path = built
    mod = read_module(str(path))
    combat = mod.dice_buttons[M.COMBAT_DICE]
    assert combat.n_dice == 3 and combat.n_sides == 6 and not combat.report_total
    # DiceButton.DR sorts the dice only with sortDice, keeps them all without keepDice: the report's
    # $result1$..$result3$ are the dice in the order rolled (CRT pair first, then the TdP die)
    xml = zipfile.ZipFile(path).read("buildFile.xml").decode()
    [tag] = [t for t in xml.split("<") if t.startswith("VASSAL.build.module.DiceButton") and 'name="Combat"' in t]
    assert 'sortDice="false"' in tag and 'keepDice="false"' in tag and "white" not in tag and "red" not in tag
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
    assert "SCHEMATIC" in zf.read(HELP_FILE).decode()


def test_incremental_build_reuses_the_board_and_stays_byte_identical(built, tmp_path):
    """Through the shared writer the module gets its build cache: a second build takes the map
    board (and the set-up) from it, and the bytes are those of a build without a cache."""
    from modgen.module.buildcache import BuildCache
    game, path = built
    cache_dir = tmp_path / "cache"
    first = tmp_path / "a.vmod"
    c1 = BuildCache(cache_dir)
    build_module(game, first, cache=c1)
    c2 = BuildCache(cache_dir)
    second = tmp_path / "b.vmod"
    build_module(game, second, cache=c2)
    assert first.read_bytes() == second.read_bytes() == path.read_bytes()
    assert c2.hits >= 2 and c2.misses == 0          # the board and the set-up save
