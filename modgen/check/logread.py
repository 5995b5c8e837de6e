"""The log as the checker sees it: pieces with their Marker properties and ``Step`` layer, and one
list of plain events per log step.

Reading is the shared VASSAL reader's (``modgen.vassal``: bounded zip reading, every
obfuscation scheme, the ESC command tree, typed commands, trait chains); this module only keeps
what the rules need, in a form that is cheap to replay: piece positions (map pixels), Marker
properties, the ``Step`` layer level, chat lines, dice results, turn-tracker changes and which
steps an undo reversed. The player's password (the userId in ``PLAYER`` lines and ``M/``
commands) is never kept. ``modgen.replay`` walks the same commands with full VASSAL stack
semantics; tests/test_check_crosscheck.py checks that both agree.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..errors import ModgenError
from ..vassal.archive import read_saved_game
from ..vassal.commands import (AddPiece, BeginSave, ChangePiece, Chat, EndSave, MovePiece,
                               MutableProperty, RemovePiece, Turn, Undo, parse_saved_game)
from ..vassal.traits import parse_piece as _parse_vassal_piece

# ------------------------------------------------------------------------------------ events

@dataclass(frozen=True)
class Added:
    piece: str
    snapshot: "Piece"      # the piece as added (type and state at that moment)


@dataclass(frozen=True)
class Moved:
    piece: str
    map: str | None
    x: int
    y: int
    from_map: str | None
    from_x: int
    from_y: int


@dataclass(frozen=True)
class Changed:
    """A ``D/`` state change; ``level_before``/``level_after`` of the ``Step`` layer."""

    piece: str
    level_before: int | None
    level_after: int | None
    supply_points: str | None = None   # the HQ's ``SupplyPoints`` property when it changed


@dataclass(frozen=True)
class Removed:
    piece: str


@dataclass(frozen=True)
class ChatLine:
    text: str          # the CHAT payload, HTML-escaped as written


@dataclass(frozen=True)
class TurnChanged:
    tracker: str
    state: str
    label: str | None  # the "to …" text of the "Turn Updated from … to …" chat, if any


@dataclass(frozen=True)
class DiceRolled:
    name: str          # "1d6"
    result: str        # "4" or "5,2"


# ------------------------------------------------------------------------------------ pieces

@dataclass
class Piece:
    id: str
    name: str
    map: str | None
    x: int
    y: int
    props: dict[str, str]
    step_level: int | None       # the "Step" layer level (1 full, 2 reduced) or None
    type: str = field(default="", repr=False)   # the trait chain's type (to read D/ states)

    @property
    def unit_id(self) -> str | None:
        return self.props.get("UnitId") or None

    @property
    def marker_id(self) -> str | None:
        return self.props.get("MarkerId") or None


def parse_piece(pid: str, type_: str, state: str) -> Piece:
    p = _parse_vassal_piece(type_, state)
    b = p.basic
    return Piece(pid, b.name, b.map, b.x, b.y, p.properties(), p.layers().get("Step"), type_)


# ------------------------------------------------------------------------------------ the log

@dataclass
class LogData:
    file: str
    module_name: str | None
    module_version: str | None
    pieces: dict[str, Piece]                 # the begin state
    turn_state: str | None                   # TURN… state at the begin state
    turn_label: str | None                   # the tracker's label at the begin state, when known
    steps: list[list[object]]                # events per LOG step (0-based list, step = index+1)
    undone: set[int] = field(default_factory=set)   # 1-based steps reversed by a later undo
    undo_steps: set[int] = field(default_factory=set)  # 1-based steps that are undos


def read_log(path: str | Path) -> LogData:
    sf = read_saved_game(str(path))
    return parse_log(sf.text, file=sf.path, module_name=sf.moduledata.get("name") or None,
                     module_version=sf.moduledata.get("version") or None)


def _copy(p: Piece) -> Piece:
    return Piece(p.id, p.name, p.map, p.x, p.y, dict(p.props), p.step_level, p.type)


def parse_log(text: str, *, file: str = "<log>", module_name: str | None = None,
              module_version: str | None = None) -> LogData:
    saved = parse_saved_game(text)
    if not saved.initial or not isinstance(saved.initial[0], BeginSave):
        raise ModgenError("savedGame does not start with begin_save", file=file)
    if not any(isinstance(c, EndSave) for c in saved.initial):
        raise ModgenError("savedGame has no end_save", file=file)
    pieces: dict[str, Piece] = {}
    turn_state = None
    for cmd in saved.initial:
        if isinstance(cmd, AddPiece):
            _add(cmd, pieces)
        elif isinstance(cmd, Turn):
            turn_state = cmd.state
    data = LogData(file, module_name, module_version, pieces, turn_state, None, [])
    live = {k: _copy(v) for k, v in pieces.items()}
    open_steps: list[int] = []
    for st in saved.steps:
        cmds = st.commands
        n = len(data.steps) + 1
        if cmds and isinstance(cmds[0], Undo) and cmds[0].begin:
            data.undo_steps.add(n)
            while open_steps:       # BasicLogger: the most recent step not yet undone
                s_ = open_steps.pop()
                if s_ not in data.undone:
                    data.undone.add(s_)
                    break
        else:
            open_steps.append(n)
        events: list[object] = []
        pending_label = None
        for cmd in cmds:
            ev = _event(cmd, live)
            if isinstance(ev, ChatLine) and "Turn Updated from" in ev.text:
                before, _, pending_label = ev.text.split("Turn Updated from", 1)[1].rpartition(" to ")
                pending_label = pending_label.strip()
                if data.turn_label is None:
                    data.turn_label = before.strip()
            if isinstance(ev, TurnChanged):
                ev = TurnChanged(ev.tracker, ev.state, pending_label)
            if ev is not None:
                events.append(ev)
        data.steps.append(events)
    return data


def _add(cmd: AddPiece, pieces: dict[str, Piece]) -> Piece | None:
    if cmd.is_stack or cmd.id in ("", "null"):
        return None
    p = parse_piece(cmd.id, cmd.type, cmd.state)
    pieces[p.id] = p
    return p


def _event(cmd: object, pieces: dict[str, Piece]) -> object | None:
    if isinstance(cmd, MovePiece):
        ev = Moved(cmd.id, cmd.new_map, cmd.new_x, cmd.new_y, cmd.old_map, cmd.old_x, cmd.old_y)
        p = pieces.get(cmd.id)
        if p is not None:
            p.map, p.x, p.y = ev.map, ev.x, ev.y
        return ev
    if isinstance(cmd, AddPiece):
        p = _add(cmd, pieces)
        return Added(p.id, _copy(p)) if p else None
    if isinstance(cmd, ChangePiece):
        p = pieces.get(cmd.id)
        if p is None:
            return None
        new = parse_piece(p.id, p.type, cmd.new_state)
        before = p.step_level
        sp_before = p.props.get("SupplyPoints")
        p.props.update(new.props)
        if new.step_level is not None:
            p.step_level = new.step_level
        p.map, p.x, p.y = new.map, new.x, new.y
        after = new.step_level
        sp = new.props.get("SupplyPoints")
        if sp is not None and sp != sp_before:
            return Changed(p.id, before, after, sp)
        return Changed(p.id, before, after) if after != before else None
    if isinstance(cmd, RemovePiece):
        pieces.pop(cmd.id, None)
        return Removed(cmd.id)
    if isinstance(cmd, Chat):
        return ChatLine(cmd.text)
    if isinstance(cmd, Turn):
        return TurnChanged(cmd.tracker_id, cmd.state, None)
    if isinstance(cmd, MutableProperty) and cmd.name.endswith("_result"):
        return DiceRolled(cmd.name[:-len("_result")], cmd.new)
    return None
