"""Module knowledge from small hand-written buildFiles (grids, boards, trackers) and the hextest module."""
from __future__ import annotations

import io
import zipfile

import pytest
from PIL import Image

from conftest import shared_path
from modgen.errors import ModgenError
from modgen.vassal.archive import read_saved_game
from modgen.vassal.buildfile import decode_turn_state, read_module
from modgen.vassal.commands import AddPiece, BoardPicker, parse_saved_game
from modgen.vassal.traits import parse_piece

P = "VASSAL.build.module.map.boardPicker."


def _png(w: int, h: int) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (w, h)).save(buf, "PNG")
    return buf.getvalue()


def _vmod(build: str, images: dict[str, tuple[int, int]]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("buildFile.xml", build)
        for name, (w, h) in images.items():
            z.writestr("images/" + name, _png(w, h))
    return buf.getvalue()


def _module(body: str) -> str:
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<VASSAL.build.GameModule name="T" version="2.0" '
            f'VassalVersion="3.7.0">{body}</VASSAL.build.GameModule>')


def _map(name: str, boards: str, edge=(0, 0)) -> str:
    return (f'<VASSAL.build.module.Map mapName="{name}" edgeWidth="{edge[0]}" edgeHeight="{edge[1]}">'
            f'<{P[:-1]}.BoardPicker>{boards}</{P[:-1]}.BoardPicker></VASSAL.build.module.Map>')


HEX = (f'<{P}board.HexGrid dx="56.0" dy="64.0" x0="28" y0="32" sideways="false">'
       f'<{P}board.mapgrid.HexGridNumbering first="H" hOff="1" vOff="1" hLeading="1" vLeading="1" '
       f'stagger="true" sep="" hType="N" vType="N"/></{P}board.HexGrid>')


def test_multiple_boards_and_edges_give_origins():
    boards = "".join(f'<{P}Board name="{n}" image="{n}.png">{HEX}</{P}Board>' for n in "ABC")
    data = _vmod(_module(_map("M", boards, edge=(10, 20))),
                 {"A.png": (560, 640), "B.png": (300, 640), "C.png": (560, 100)})
    m = read_module(data, name="t.vmod")
    mi = m.maps["M"]
    assert [(b.name, b.width, b.height) for b in mi.boards.values()] == [
        ("A", 560, 640), ("B", 300, 640), ("C", 560, 100)]
    # default: first board only
    assert [(b.name, x, y) for b, x, y in mi.placed_boards()] == [("A", 10, 20)]
    m.apply_board_picker("M", (("A", 0, 0), ("B", 1, 0), ("C", 0, 1)))
    assert [(b.name, x, y) for b, x, y in mi.placed_boards()] == [
        ("A", 10, 20), ("B", 570, 20), ("C", 10, 660)]
    # hex 0505 of board B, in map pixels: board pixel + origin
    assert m.location_name("M", 252 + 570, 288 + 20) == "0505"
    assert m.hex_at("M", 252 + 570, 288 + 20).id == "0505"
    assert m.location_name("M", 252 + 10, 288 + 20) == "0505"   # board A
    assert m.location_name("M", 5, 5) == "offboard"               # in the edge
    assert m.location_name("M", 900, 900) == "offboard"
    # the layout can come straight from a save's BoardPicker command
    bp = BoardPicker("M", (("C", 0, 0),))
    m.apply_board_picker(bp.map_id, bp.boards)
    assert [(b.name, x, y) for b, x, y in mi.placed_boards()] == [("C", 10, 20)]


def _grid_board(grid: str, w=1000, h=1000) -> str:
    return _module(_map("M", f'<{P}Board name="B" width="{w}" height="{h}">{grid}</{P}Board>'))


def test_numbering_variants():
    def hexgrid(**num):
        attrs = {"first": "H", "hOff": "1", "vOff": "1", "hLeading": "1", "vLeading": "1",
                 "stagger": "true", "sep": "", "hType": "N", "vType": "N"}
        attrs.update({k: str(v) for k, v in num.items()})
        a = " ".join(f'{k}="{v}"' for k, v in attrs.items())
        return (f'<{P}board.HexGrid dx="56.0" dy="64.0" x0="28" y0="32">'
                f'<{P}board.mapgrid.HexGridNumbering {a}/></{P}board.HexGrid>')

    def loc(x, y, w=1000, **num):
        return read_module(_grid_board(hexgrid(**num), w=w).encode(),
                           name="b.xml").location_name("M", x, y)

    assert loc(252, 288) == "0505"
    assert loc(252, 288, hLeading=0, vLeading=0) == "55"
    assert loc(252, 288, sep=".", first="V") == "05.05"
    assert loc(252, 288, hType="A", hOff=0) == "E05"           # raw column 4 -> E
    assert loc(28 + 56 * 26, 32, w=2000, hType="A", hOff=0, stagger="false") == "AA01"
    assert loc(28 + 56 * 27, 32 + 32, w=2000, hType="A", hOff=0, stagger="false") == "BB01"
    assert loc(252, 288, hOff=0, vOff=0) == "0404"
    assert loc(252, 288, stagger="false") == "0505"
    assert loc(308, 320, stagger="false") == "0605"           # odd raw column, no stagger
    # descending: maxColumns = floor(1000/64 + .5) = 16, maxRows = floor(1000/56 + .5) = 18
    assert loc(252, 288, hDescend="true") == "1305"           # 16 - 4 = 12 -> 13
    assert loc(252, 288, vDescend="true") == "0515"           # row 18 - 4 = 14 -> 15
    # sideways: x and y swap before the arithmetic
    sideways = read_module(_grid_board(hexgrid().replace('x0="28"', 'x0="28" sideways="true"'))
                           .encode(), name="s.xml")
    assert sideways.location_name("M", 288, 252) == "0505"
    assert sideways.hex_at("M", 288, 252) is None  # not a layout VassalHexGrid models


def test_square_region_and_zoned_grids():
    sq = (f'<{P}board.SquareGrid dx="50.0" dy="50.0" x0="25" y0="25">'
          f'<{P}board.mapgrid.SquareGridNumbering first="H" hOff="1" vOff="1" hLeading="0" '
          f'vLeading="0" sep="," hType="A" vType="N"/></{P}board.SquareGrid>')
    m = read_module(_grid_board(sq).encode(), name="sq.xml")
    assert m.location_name("M", 25, 25) == "B,1"      # hOff 1 -> column 1 = "B"
    assert m.location_name("M", 130, 180) == "D,4"
    assert m.location_name("M", 10, 10) == "B,1"      # Java truncation: int(-0.3+0.5)=0
    zoned = (f'<{P}board.ZonedGrid>'
             f'<{P}board.mapgrid.Zone name="Box" path="0,0;100,0;100,100;0,100" locationFormat="$name$"/>'
             f'<{P}board.mapgrid.Zone name="Track" path="200,0;400,0;400,100;200,100" '
             f'locationFormat="$gridLocation$"><{P}board.RegionGrid>'
             f'<{P}board.Region name="Turn 1" originx="250" originy="50"/>'
             f'<{P}board.Region name="Turn 2" originx="350" originy="50"/></{P}board.RegionGrid>'
             f'</{P}board.mapgrid.Zone>'
             f'<{P}board.mapgrid.Zone name="Hexes" path="0,200;1000,200;1000,1000;0,1000" '
             f'locationFormat="$name$ $gridLocation$" useParentGrid="true"/>'
             f'{HEX}</{P}board.ZonedGrid>')
    z = read_module(_grid_board(zoned).encode(), name="z.xml")
    assert z.location_name("M", 50, 50) == "Box"
    assert z.location_name("M", 260, 60) == "Turn 1"
    assert z.location_name("M", 390, 10) == "Turn 2"
    assert z.location_name("M", 252, 288) == "Hexes 0505"
    assert z.hex_at("M", 252, 288).id == "0505"
    assert z.location_name("M", 700, 100) == "1302"        # outside every zone: background grid


def test_turn_tracker_levels_and_state():
    tt = ('<VASSAL.build.module.turn.TurnTracker name="T1"/>'
          '<VASSAL.build.module.turn.TurnTracker name="Game">'
          '<VASSAL.build.module.turn.ListTurnLevel property="Year" list="1915,1916,1917"/>'
          '<VASSAL.build.module.turn.CounterTurnLevel name="Turn" property="Turn" start="1" incr="1">'
          '<VASSAL.build.module.turn.ListTurnLevel property="Month" list="Jan\\,Feb,Mar,Apr"/>'
          '<VASSAL.build.module.turn.ListTurnLevel property="Phase" list="Move,Combat"/>'
          '</VASSAL.build.module.turn.CounterTurnLevel>'
          '</VASSAL.build.module.turn.TurnTracker>'
          '<VASSAL.build.module.DiceButton name="2d6" nDice="2" nSides="6" plus="1"/>'
          '<VASSAL.build.module.PlayerRoster><entry>Central Powers</entry><entry>Entente</entry>'
          '</VASSAL.build.module.PlayerRoster>')
    m = read_module(_module(tt).encode(), name="tt.xml")
    assert list(m.turn_trackers) == ["TurnTracker0", "TurnTracker1"]
    t = m.tracker("TurnTracker1")
    assert [lv.label for lv in t.levels] == ["Year", "Turn"]
    assert t.levels[1].children[0].items == ("Jan,Feb", "Mar", "Apr")
    # top level 1 (the counter) is current: turn 3, sub level 1 (Phase) index 1
    assert decode_turn_state(t, "1|0;-1;0;true,true,true|3;1;false;-1;2\\;-1\\;0\\;true,true,true;1\\;-1\\;0\\;true,true") == [
        ("Turn", "3"), ("Phase", "Combat")]
    assert decode_turn_state(t, "0|2;-1;0;true,true,true|3;1;false;-1") == [("Year", "1917")]
    assert decode_turn_state(t, "") == []
    assert m.dice_buttons["2d6"].plus == 1
    assert m.sides == ["Central Powers", "Entente"]


def test_hextest_scenarios_place_the_piece_at_0505_level_2():
    mod = read_module(shared_path("fixtures", "vassal", "hextest-loaded-by-3.7.26.vmod"))
    for name in ("hextest-scenario1-loaded-by-3.7.26.vsav", "hextest-scenario1-plain-loaded-by-3.7.26.vsav"):
        g = parse_saved_game(read_saved_game(shared_path("fixtures", "vassal", name)).text)
        pieces = [c for c in g.initial if isinstance(c, AddPiece) and not c.is_stack]
        assert len(pieces) == 1
        p = parse_piece(pieces[0].type, pieces[0].state, mod.prototypes)
        assert mod.location_name(p.basic.map, p.basic.x, p.basic.y) == "0505"
        assert p.layers()["Step"] == 2
        assert not any(t.prefix == "prototype;" for t in p.traits)   # expanded
        slot = next(s for s in mod.piece_slots if s.type.endswith(p.basic.name) or p.basic.name in s.type)
        assert parse_piece(slot.type, slot.state).basic.gpid == slot.gpid


def test_bad_buildfiles_are_clear_errors():
    with pytest.raises(ModgenError, match="root element"):
        read_module(b"<notvassal/>", name="x.xml")
    with pytest.raises(ModgenError, match="well-formed"):
        read_module(b"<VASSAL.build.GameModule", name="x.xml")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("moduledata", "<data/>")
    with pytest.raises(ModgenError, match="buildFile"):
        read_module(buf.getvalue(), name="x.vmod")
    # odd attribute values fall back to VASSAL's defaults instead of crashing
    m = read_module(_grid_board(HEX.replace('dx="56.0"', 'dx="abc"').replace('x0="28"', 'x0="1e9x"'))
                    .encode(), name="odd.xml")
    assert isinstance(m.location_name("M", 10, 10), str)


def test_deck_position_names_the_location():
    body = (f'<VASSAL.build.module.Map mapName="M"><{P[:-1]}.BoardPicker>'
            f'<{P}Board name="B" width="500" height="500">{HEX}</{P}Board></{P[:-1]}.BoardPicker>'
            '<VASSAL.build.module.map.DrawPile name="Draw" x="252" y="288" owningBoard="B"/>'
            '</VASSAL.build.module.Map>')
    m = read_module(_module(body).encode(), name="d.xml")
    assert m.location_name("M", 252, 288) == "Draw"      # exactly the deck position
    assert m.location_name("M", 253, 288) == "0505"      # anywhere else: the grid


def test_reversed_board_is_mirrored():
    board = f'<{P}Board name="B" width="560" height="640" reversible="true">{HEX}</{P}Board>'
    m = read_module(_module(_map("M", board)).encode(), name="r.xml")
    assert m.location_name("M", 252, 288) == "0505"
    m.apply_board_picker("M", (("B/rev", 0, 0),))
    assert m.location_name("M", 560 - 252, 640 - 288) == "0505"
    assert m.hex_at("M", 560 - 252, 640 - 288).id == "0505"
