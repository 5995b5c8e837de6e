"""The real Italian Front module: every scenario's printed units on their printed hexes."""
from __future__ import annotations

import zipfile

import pytest
from PIL import Image

from modgen.model import load_game
from modgen.module import build
from modgen.systems.der_weltkrieg import calendar
from modgen.vassal.archive import read_saved_game
from modgen.vassal.buildfile import decode_turn_state, read_module
from modgen.vassal.commands import AddPiece, BoardPicker, Player, Turn, parse_saved_game
from modgen.vassal.traits import parse_piece


@pytest.fixture(scope="module")
def real(tmp_path_factory):
    game = load_game("italian-front")
    out = tmp_path_factory.mktemp("if") / "italian-front.vmod"
    build.build_module(game, out, progress=build.Progress(stream=None))
    return game, out


def _pieces(mod, zf, sid):
    sg = parse_saved_game(read_saved_game(zf.read(f"{sid}.vsav"), name=sid).text)
    for c in sg.initial:
        if isinstance(c, BoardPicker):
            mod.apply_board_picker(c.map_id, c.boards)
    out = []
    for c in sg.initial:
        if isinstance(c, AddPiece) and c.type != "stack":
            p = parse_piece(c.type, c.state, mod.prototypes)
            out.append((p, p.properties(), mod.hex_at(p.basic.map, p.basic.x, p.basic.y)))
    return sg, out


def test_every_scenario_places_its_printed_units(real):
    game, path = real
    mod = read_module(str(path))
    zf = zipfile.ZipFile(path)
    assert sorted(s[1] for s in mod.predefined_setups if s[1]) == \
        sorted(f"{sid}.vsav" for sid in game.scenarios)
    for sid, sc in game.scenarios.items():
        sg, pieces = _pieces(mod, zf, sid)
        assert not [c for c in sg.initial if isinstance(c, Player)]
        on_map = {}
        for p, props, h in pieces:
            if "UnitId" in props and p.basic.map == "Main Map":
                on_map.setdefault(props["UnitId"], []).append(h)
        for pl in sc.setup:
            if pl.hex is not None:
                assert pl.hex in on_map.get(pl.counter, []), (sid, pl.counter, pl.hex)
        fort_hexes = sorted(h for p, props, h in pieces
                            if props.get("Type") == "fortress" and p.basic.map == "Main Map")
        assert fort_hexes == sorted(f.hex for f in sc.fortresses), sid
        for mp in sc.markers:
            assert any(props.get("MarkerId") == mp.marker and h == mp.hex
                       for p, props, h in pieces), (sid, mp)
        dead = {props["UnitId"] for p, props, h in pieces
                if "UnitId" in props and p.basic.map == "Eliminated"}
        assert {pl.counter for pl in sc.dead_pool} <= dead
        # scheduled arrivals wait in their side's pool, as first printed (face, HQ supply points)
        pools = {props["UnitId"]: (p, props) for p, props, h in pieces
                 if "UnitId" in props and p.basic.map.endswith(" Reinforcements")}
        first = {}
        for entry in sc.reinforcements:
            for pl in entry.arrivals:
                if pl.counter in game.counters and pl.counter not in set(on_map) | dead:
                    first.setdefault(pl.counter, (entry, pl))
        assert set(first) == set(pools), sid
        for cid, (entry, pl) in first.items():
            p, props = pools[cid]
            side = next(s.name for s in game.sides if s.id == game.side_of(entry.nation))
            assert p.basic.map == f"{side} Reinforcements", (sid, cid)
            if pl.supply_points is not None:
                assert props["SupplyPoints"] == str(pl.supply_points), (sid, cid)
        [turn] = [c for c in sg.initial if isinstance(c, Turn)]
        shown = dict(decode_turn_state(mod.tracker(calendar.TRACKER_ID), turn.state))
        assert shown["Year"] == str(sc.first_turn.year)
        assert shown["Month"] == sc.first_turn.month_name
        assert shown["Turn"] == str(sc.first_turn.turn)
        cal = calendar.calendar(game)
        assert shown["Phase"] == cal.special[cal.phase_index(0, sc.first_phase)].name \
            if sc.first_turn.turn == 0 else cal.normal[cal.phase_index(1, sc.first_phase)].name


def test_board_image_matches_grid(real):
    game, path = real
    mod = read_module(str(path))
    zf = zipfile.ZipFile(path)
    board = mod.map("Main Map").boards["6-4"]
    with zf.open(f"images/{board.image}") as f:
        assert Image.open(f).size == (board.width, board.height)


def test_rebuild_is_byte_identical(real, tmp_path):
    game, path = real
    again = tmp_path / "again.vmod"
    # the same Game object: the data files may be edited while the suite runs
    build.build_module(game, again, progress=build.Progress(stream=None), parallel=False)
    assert again.read_bytes() == path.read_bytes()


def test_charts_and_help(real):
    game, path = real
    zf = zipfile.ZipFile(path)
    crt = zf.read("charts/combat-results.html").decode()
    if game.tables["crt"].provenance is not None and game.tables["crt"].provenance.kind == "placeholder":
        assert "PLACEHOLDER" in crt
    assert "Terrain Effects Chart" in zf.read("charts/terrain-effects.html").decode()
    help_ = zf.read("help/index.html").decode()
    assert "Set-up incomplete" in help_ and "schematic" in help_.lower()


def test_every_real_slot_decodes_with_its_counter(real):
    game, path = real
    mod = read_module(str(path))
    seen = set()
    for slot in mod.piece_slots:
        p = parse_piece(slot.type, slot.state, mod.prototypes)
        assert p.basic.gpid == slot.gpid
        props = p.properties()
        if "UnitId" in props:
            c = game.counters[props["UnitId"]]
            assert p.name == c.name and props["Nation"] == c.nation
            assert props["Side"] == game.side_of(c.nation)
            assert p.layers() == {"Step": 1}
            seen.add(c.id)
        else:
            assert props["MarkerId"] in game.markers
    assert seen == set(game.counters)
    gpids = [int(s.gpid) for s in mod.piece_slots]
    assert len(set(gpids)) == len(gpids)
