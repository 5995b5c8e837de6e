"""The log as the checker reads it: the saved game's typed commands, and the module it was played with.

There is one timeline: :mod:`modgen.replay` walks the commands with VASSAL's semantics and reports
each step as typed events (``modgen log`` prints the same records). This module only

* reads the file with the shared VASSAL reader (``modgen.vassal``: bounded zip reading, every
  obfuscation scheme, the ESC command tree, typed commands) into a :class:`LogData`;
* gives the module knowledge the replay needs (turn-tracker levels, grids, dice): the module
  the user names (``modgen check --module X.vmod``, read with
  ``modgen.vassal.buildfile.read_module``: another version of ours, or a foreign module) or, by
  default, ours as the game data describe it (:func:`our_module`): the tracker and dice of the
  game's rules system (``System.module_extras``, the objects the module writer writes) and the
  boards' grids (``modgen.model.geometry``). Pieces are known by their Marker properties
  (``UnitId``, ``MarkerId``…), which every piece of our module carries expanded;
* offers the begin state and the typed chat for recognising the scenario before the check.

The player's password (the userId in ``PLAYER`` lines and ``M/`` commands) is never kept here:
the replay holds it only in a private index (``modgen.replay.state``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from ..errors import ModgenError
from ..model.types import Game
from ..system import system_of
from ..vassal.archive import read_saved_game
from ..model.geometry import board_geometry
from ..module.version import module_version
from ..vassal.commands import BeginSave, BoardPicker, Chat, EndSave, SavedGame, parse_saved_game
from .context import MAIN_MAP, Board, boards_for

__all__ = ["LogData", "read_log", "parse_log", "our_module", "our_module_for", "OurModule",
           "log_boards"]


@dataclass
class LogData:
    """A log (or save) ready to replay: its commands, file name and the module it names."""

    file: str
    module_name: str | None
    module_version: str | None
    saved: SavedGame = field(repr=False)
    module: Any = field(default=None, repr=False)   # a read module (``--module``), else None
    _begin: Any = field(default=None, repr=False, compare=False)

    @property
    def n_steps(self) -> int:
        return len(self.saved.steps)

    def begin_state(self):
        """The begin state (``modgen.replay.GameState``, no module): pieces with their Marker
        properties and positions, the turn tracker's state. Computed once."""
        if self._begin is None:
            from ..replay.state import GameState
            gs = GameState(None)
            gs.apply_all(self.saved.initial)
            self._begin = gs
        return self._begin

    def typed_chat(self) -> Iterator[tuple[int, str]]:
        """(step, the typed line's ``CHAT`` payload, HTML-escaped as written) for every chat
        command: enough to find a ``!scenario`` declaration before the replay."""
        for st in self.saved.steps:
            for cmd in st.commands:
                if isinstance(cmd, Chat) and not cmd.text.startswith("*"):
                    yield st.index, cmd.text


def read_log(path: str | Path) -> LogData:
    sf = read_saved_game(str(path))
    return parse_log(sf.text, file=sf.path, module_name=sf.moduledata.get("name") or None,
                     module_version=sf.moduledata.get("version") or None)


def parse_log(text: str, *, file: str = "<log>", module_name: str | None = None,
              module_version: str | None = None) -> LogData:
    saved = parse_saved_game(text)
    if not saved.initial or not isinstance(saved.initial[0], BeginSave):
        raise ModgenError("savedGame does not start with begin_save", file=file)
    if not any(isinstance(c, EndSave) for c in saved.initial):
        raise ModgenError("savedGame has no end_save", file=file)
    return LogData(file, module_name, module_version, saved)


# ------------------------------------------------------------------------------ our module

class OurModule:
    """Our module as the replay needs it (``modgen.replay.Replayer``'s ``module``), from the game
    data: the rules system's turn tracker (level names and ``turnFormat``), its dice buttons and
    the boards of the Main Map: ``boards`` (the ones a log lays out, :func:`log_boards`), else
    every sheet of the game left to right. Read-only: a ``BoardPicker`` met during the replay
    changes nothing here; the log's own layout is chosen before it (:func:`our_module_for`)."""

    prototypes: dict = {}          # our pieces enter a game expanded (VASSAL's PieceCloner)

    def __init__(self, game: Game, boards: list[Board] | None = None):
        extras = system_of(game).module_extras(game)
        self.name = game.title
        self.version = module_version(game)
        self.turn_trackers = {extras.tracker.id: extras.tracker} if extras else {}
        self.dice_buttons = {d["name"]: d for d in extras.dice} if extras else {}
        self._boards = boards if boards is not None else boards_for(game, sorted(game.maps))
        th = getattr(game, "theatre", None)
        self._multi = th is not None and th.multi

    def map(self, map_id: str):
        return None

    def board_hex(self, map_id: str | None, x: float, y: float):
        """(board, printed hex) at a map pixel, as the module's grids number it."""
        for b in self._boards:
            if b.map_name == map_id:
                bx, by = int(x) - b.x, int(y) - b.y
                if not (0 <= bx < b.width and 0 <= by < b.height):
                    continue
                h = b.grid.hex_at(bx, by)
                if b.mapdef is not None and b.mapdef.hexes and not b.mapdef.contains(h):
                    continue
                return b, h
        return None

    def hex_at(self, map_id: str | None, x: float, y: float):
        found = self.board_hex(map_id, x, y)
        return found[1] if found else None

    def board_at(self, map_id: str | None, x: float, y: float) -> str | None:
        found = self.board_hex(map_id, x, y)
        return found[0].id if found else None

    def location_name(self, map_id: str | None, x: float, y: float) -> str:
        """As the module's HexGridNumbering names it: ``CCRR``, or ``SHEET:CCRR`` when the game
        has several sheets (``locationFormat``, modgen.module.buildfile)."""
        found = self.board_hex(map_id, x, y)
        if found is None:
            return "offboard"
        b, h = found
        return f"{b.id}:{h.id}" if self._multi else str(h)

    def __repr__(self) -> str:
        return f"OurModule({self.name!r}, {self.version!r})"


_MODULES: dict[int, tuple[Game, OurModule]] = {}     # one per game object


def our_module(game: Game) -> OurModule:
    """Our module as the replay needs it (:class:`OurModule`), made once per game object."""
    hit = _MODULES.get(id(game))
    if hit is None or hit[0] is not game:
        if len(_MODULES) >= 16:
            _MODULES.clear()
        hit = _MODULES[id(game)] = (game, OurModule(game))
    return hit[1]


def log_boards(game: Game, saved: SavedGame) -> list[Board] | None:
    """The Main Map's boards where the log's begin state lays them out (its ``BoardPicker``
    command: ``(board, column, row)`` each), placed as VASSAL's ``Map.setBoardBoundaries`` does:
    a board's x is the sum of the widths of the boards left of it in its row, its y the sum of
    the heights above it in its column (our maps have no edge buffer: ``edgeWidth``/``edgeHeight``
    0, modgen.module.components). None when the log names no boards there, or names one the game
    does not have or shows reversed (our boards are not reversible): its layout is then unknown
    here, and the caller keeps its own."""
    picks = [c for c in saved.initial if isinstance(c, BoardPicker) and c.map_id == MAIN_MAP]
    if not picks or not picks[-1].boards:
        return None
    placed = []
    for name, col, row in picks[-1].boards:
        mapdef = game.maps.get(str(name))
        try:
            col, row = int(col), int(row)
        except (TypeError, ValueError):
            return None
        if mapdef is None or col < 0 or row < 0:
            return None
        grid, w, h = board_geometry(mapdef)
        placed.append((mapdef, grid, w, h, col, row))
    widths = {(c, r): w for _m, _g, w, _h, c, r in placed}
    heights = {(c, r): h for _m, _g, _w, h, c, r in placed}
    th = getattr(game, "theatre", None)
    out = []
    for mapdef, grid, w, h, c, r in placed:
        x = sum(widths.get((i, r), 0) for i in range(c))
        y = sum(heights.get((c, j), 0) for j in range(r))
        out.append(Board(MAIN_MAP, mapdef.id, grid, mapdef, x, y, w, h, th))
    return out


def our_module_for(game: Game, log: LogData) -> OurModule:
    """Our module as it stood in this log: laid out with the boards the log names
    (:func:`log_boards`), else :func:`our_module` (every sheet of the game)."""
    boards = log_boards(game, log.saved)
    return our_module(game) if boards is None else OurModule(game, boards)
