"""The log as the checker reads it: the saved game's typed commands, and the module it was played with.

There is one timeline: :mod:`modgen.replay` walks the commands with VASSAL's semantics and reports
each step as typed events (``modgen log`` prints the same records). This module only

* reads the file with the shared VASSAL reader (``modgen.vassal``: bounded zip reading, every
  obfuscation scheme, the ESC command tree, typed commands) into a :class:`LogData`;
* gives the module knowledge the replay needs (turn-tracker levels, grids, prototypes, dice):
  the module the user names (``modgen check --module X.vmod``) or, by default, our module's
  ``buildFile.xml`` rendered from the game data by ``modgen.module`` and read back with
  ``modgen.vassal.buildfile.read_module`` (:func:`game_module`) — what the players had loaded;
* offers the begin state and the typed chat for recognising the scenario before the check.

The player's password (the userId in ``PLAYER`` lines and ``M/`` commands) is never kept here:
the replay holds it only in a private index (``modgen.replay.state``).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from ..errors import ModgenError
from ..vassal.archive import read_saved_game
from ..vassal.commands import BeginSave, Chat, EndSave, SavedGame, parse_saved_game

__all__ = ["LogData", "read_log", "parse_log", "game_module"]


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

_MODULES: dict[int, tuple[Any, Any]] = {}     # id(game) -> (game, Module): one per game object


def _build_module(game) -> Any:
    from ..art.map import board_geometry
    from ..module import buildfile, pieces, savegame, tracks
    from ..vassal.buildfile import read_module
    layout = savegame.BoardLayout.for_game(game, board_geometry)
    boards = {mid: (layout.grids[mid], *layout.sizes[mid], f"map-{mid}.png")
              for mid in sorted(game.maps)}
    xml = buildfile.render(game, slots=pieces.slots(game), image_sizes={}, boards=boards,
                           setups=[], charts=[], help_file="help.html",
                           side_pools=[savegame.pool_map_name(s.name) for s in game.sides],
                           track_board=(tracks.IMAGE, tracks.regions(game)))
    module = read_module(xml, name=f"{game.id} buildFile.xml (from the game data)")
    # no images in this buildFile: a board's size is the one the module writer gives its art
    for mi in module.maps.values():
        for name, b in mi.boards.items():
            if name in layout.sizes and b.grid is not None:
                b._width, b._height = layout.sizes[name]
    return module


def _fresh(module: Any) -> Any:
    """A copy whose board layouts a replay may change (``BoardPicker``) without touching the
    cached module; boards, grids and prototypes are shared (read-only)."""
    maps = {k: dataclasses.replace(m, layout=list(m.layout), reversed_boards=set(m.reversed_boards))
            for k, m in module.maps.items()}
    by_obj = {id(m): maps[k] for k, m in module.maps.items()}
    internal = {k: by_obj.get(id(m), m) for k, m in module.internal_ids.items()}
    return dataclasses.replace(module, maps=maps, internal_ids=internal)


def game_module(game) -> Any:
    """Our module as VASSAL reads it (``modgen.vassal.buildfile.Module``), from the game data:
    built once per game object, a fresh copy per call."""
    hit = _MODULES.get(id(game))
    if hit is None or hit[0] is not game:
        if len(_MODULES) >= 16:
            _MODULES.clear()
        hit = _MODULES[id(game)] = (game, _build_module(game))
    return _fresh(hit[1])
