"""The boards a log lays out (its begin state's ``BoardPicker``), placed as VASSAL places them."""
from __future__ import annotations

from modgen.check.context import boards_for
from modgen.check.logread import OurModule, log_boards
from modgen.hexgrid import Hex
from modgen.model import load_game
from modgen.model.geometry import board_geometry
from modgen.vassal.commands import BeginSave, BoardPicker, EndSave, SavedGame

EF = load_game("eastern-front")


def _saved(*pickers) -> SavedGame:
    return SavedGame(initial=[BeginSave(), *pickers, EndSave()], steps=[], tree=None)


def _size(sheet):
    _g, w, h = board_geometry(EF.maps[sheet])
    return w, h


def test_a_row_of_sheets_is_laid_out_as_the_module_writes_it():
    maps = ("4-5N", "4-5", "4-5E", "5-5")
    got = log_boards(EF, _saved(BoardPicker("Main Map", tuple((m, i, 0) for i, m in enumerate(maps)))))
    assert [(b.id, b.x, b.y) for b in got] == [(b.id, b.x, b.y) for b in boards_for(EF, maps)]


def test_columns_and_rows_as_map_set_board_boundaries():
    """x: the widths of the boards left of it in its row; y: the heights above it in its column
    (VASSAL's ``Map.getLocation``), not a uniform grid."""
    layout = (("6-4", 0, 0), ("5-5", 1, 0), ("6-5", 0, 1), ("6-6", 1, 1))
    got = {b.id: (b.x, b.y) for b in log_boards(EF, _saved(BoardPicker("Main Map", layout)))}
    w64, h64 = _size("6-4")
    w65, _ = _size("6-5")
    _, h55 = _size("5-5")
    assert got == {"6-4": (0, 0), "5-5": (w64, 0), "6-5": (0, h64), "6-6": (w65, h55)}


def test_boards_the_game_does_not_have_leave_the_layout_unknown():
    assert log_boards(EF, _saved()) is None                                   # no BoardPicker
    assert log_boards(EF, _saved(BoardPicker("Eliminated", (("Eliminated", 0, 0),)))) is None
    assert log_boards(EF, _saved(BoardPicker("Main Map", (("6-6", 0, 0), ("Board", 1, 0))))) is None
    assert log_boards(EF, _saved(BoardPicker("Main Map", (("6-6/rev", 0, 0),)))) is None


def test_our_module_names_hexes_on_the_log_boards():
    """6-6 alone at the map's origin: its pixels are 6-6 hexes, named SHEET:CCRR as the
    module's locationFormat does; on every sheet left to right (4-5 first) they fall on 4-5."""
    boards = log_boards(EF, _saved(BoardPicker("Main Map", (("6-6", 0, 0),))))
    alone, every = OurModule(EF, boards), OurModule(EF)
    x, y = boards[0].grid.center(Hex.parse("2603"))
    assert alone.location_name("Main Map", x, y) == "6-6:2603"
    assert every.location_name("Main Map", x, y).startswith("4-5:")
