"""Several map sheets in VASSAL, read the way VASSAL reads them, in both arrangements other people's
modules use: one map window with several boards (``BoardPicker`` lays them out in a grid of
columns and rows; ``Map.locationName`` asks the board under the point, whose grid names only the
grid location, so the same "0201" is on every board) and one map window per sheet (the map id of
every ``M/`` command says which sheet). The replay must say which board a piece is on in both."""
from __future__ import annotations

from modgen.hexgrid import Hex
from modgen.replay.state import GameState
from modgen.vassal.buildfile import read_module
from modgen.vassal.commands import AddPiece, BoardPicker, MovePiece, Secret

from test_replay_state import TYPE, state

B = "VASSAL.build.module.map.boardPicker."
GRID = (f'<{B}board.HexGrid dx="56.0" dy="64.0" x0="28" y0="32" sideways="false">'
        f'<{B}board.mapgrid.HexGridNumbering first="H" sep="" hOff="1" vOff="1" hLeading="1" '
        f'vLeading="1" stagger="true" {{fmt}}/></{B}board.HexGrid>')


def board(name: str, fmt: str = "") -> str:
    return (f'<{B}Board name="{name}" width="560" height="640">'
            + GRID.format(fmt=fmt) + f"</{B}Board>")


def module(maps: dict[str, list[str]]) -> bytes:
    body = "".join(f'<VASSAL.build.module.Map mapName="{m}"><VASSAL.build.module.map.BoardPicker>'
                   + "".join(bs) + "</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map>"
                   for m, bs in maps.items())
    return (f'<?xml version="1.0"?><VASSAL.build.GameModule name="T" version="1">{body}'
            "</VASSAL.build.GameModule>").encode()


def piece(gs: GameState, pid: str, map_: str, x: int, y: int) -> None:
    gs.apply(AddPiece(pid, TYPE.format(name="Inf"), state(pid, 1, False, map_, x, y)))


def test_one_window_with_two_boards_side_by_side():
    mod = read_module(module({"Main Map": [board("A"), board("B")]}))
    gs = GameState(mod)
    # the save's layout: A in column 0, B in column 1 (Map.setBoardBoundaries: B starts at A's width)
    gs.apply(BoardPicker("Main Map", (("A", 0, 0), ("B", 1, 0))))
    piece(gs, "a", "Main Map", 84, 0)            # 0201 of board A
    piece(gs, "b", "Main Map", 560 + 84, 0)      # 0201 of board B
    for pid, b in (("a", "A"), ("b", "B")):
        m, x, y = gs.pieces[pid].position
        assert gs.hex_at(m, x, y) == Hex(2, 1)
        assert gs.board_at(m, x, y) == b
        # VASSAL's own name is the grid location only; the replay's says the board
        assert mod.location_name(m, x, y) == "0201"
        assert gs.location_name(m, x, y) == f"{b}:0201"
    # a drag from board A to board B is a move within the one map
    gs.apply(MovePiece("a", "Main Map", 560 + 140, 160, None, "Main Map", 84, 0, None, Secret("pw")))
    m, x, y = gs.pieces["a"].position
    assert (gs.board_at(m, x, y), gs.hex_at(m, x, y)) == ("B", Hex(3, 3))


def test_one_window_boards_in_two_rows():
    mod = read_module(module({"Main Map": [board("North"), board("South")]}))
    gs = GameState(mod)
    gs.apply(BoardPicker("Main Map", (("North", 0, 0), ("South", 0, 1))))
    piece(gs, "s", "Main Map", 28, 640 + 32)
    m, x, y = gs.pieces["s"].position
    assert (gs.board_at(m, x, y), gs.hex_at(m, x, y)) == ("South", Hex(1, 1))
    assert gs.location_name(m, x, y) == "South:0101"


def test_boards_whose_numbering_names_the_sheet_are_not_named_twice():
    """Our module's boards format their locations as "SHEET:CCRR" (locationFormat)."""
    mod = read_module(module({"Main Map": [board("4-5", 'locationFormat="4-5:$gridLocation$"'),
                                           board("5-5", 'locationFormat="5-5:$gridLocation$"')]}))
    gs = GameState(mod)
    gs.apply(BoardPicker("Main Map", (("4-5", 0, 0), ("5-5", 1, 0))))
    piece(gs, "p", "Main Map", 560 + 84, 0)
    m, x, y = gs.pieces["p"].position
    assert mod.location_name(m, x, y) == "5-5:0201"
    assert gs.location_name(m, x, y) == "5-5:0201"


def test_one_window_per_sheet():
    mod = read_module(module({"Sheet A": [board("A")], "Sheet B": [board("B")]}))
    gs = GameState(mod)
    piece(gs, "a", "Sheet A", 84, 0)
    piece(gs, "b", "Sheet B", 84, 0)
    for pid, mp, b in (("a", "Sheet A", "A"), ("b", "Sheet B", "B")):
        m, x, y = gs.pieces[pid].position
        assert m == mp and gs.board_at(m, x, y) == b and gs.hex_at(m, x, y) == Hex(2, 1)
        assert gs.location_name(m, x, y) == "0201"       # one board: the map says where
    # a drag between windows: the M/ command names the new map
    gs.apply(MovePiece("a", "Sheet B", 140, 160, None, "Sheet A", 84, 0, None, Secret("pw")))
    m, x, y = gs.pieces["a"].position
    assert (m, gs.board_at(m, x, y), gs.hex_at(m, x, y)) == ("Sheet B", "B", Hex(3, 3))


def test_a_board_not_in_the_layout_is_not_found():
    mod = read_module(module({"Main Map": [board("A"), board("B")]}))
    gs = GameState(mod)
    gs.apply(BoardPicker("Main Map", (("B", 0, 0),)))      # only B is in play, at the origin
    piece(gs, "p", "Main Map", 84, 0)
    m, x, y = gs.pieces["p"].position
    assert gs.board_at(m, x, y) == "B"
    assert gs.location_name(m, x, y) == "0201"              # one board in play: no prefix
