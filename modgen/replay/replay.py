"""Replay a VASSAL save or log in one walk and report each step as typed events.

python-chess style: :class:`Replayer` applies the begin state and then every log step to one
:class:`~modgen.replay.state.GameState`, calling a visitor::

    class MyVisitor(Visitor):
        def on_step(self, step, state): ...

    Replayer(saved_game, module).run(MyVisitor())

``on_start(state)`` sees the begin state (a fresh setup, a mid-game save or a replayed log: they
are the same thing to the replay), ``on_step(step, state)`` each :class:`StepRecord` after the
step was applied, ``on_end(state)`` the final state. :func:`replay` collects the records into a
:class:`Timeline` (steps + final state) for the narrative and the JSON output.

Undo: a step bracketed ``UNDO true … UNDO false`` holds the inverse commands; applying them keeps
the state right. Which step it reverses follows VASSAL's ``BasicLogger`` (the most recent
not-yet-undone step of this log), checked against the moves it reverts. The undone step's record
(the same object the visitor already saw) gets ``undone=True`` and ``undone_by``.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import ModgenError
from ..gcpolicy import fewer_collections
from .events import (ChatLine, DiceRolled, PieceChanged, PieceCreated, PieceDeleted, PieceFlipped,
                     PieceMoved, PieceSentTo, PlayerJoined, PropertyChanged, StepRecord, StepUndone,
                     TurnAdvanced, Where)
from .state import GameState, PieceState
from .turns import TurnDecoder

__all__ = ["Visitor", "Replayer", "Timeline", "replay", "load_saved_game", "DEAD_PILE_NAMES"]

#: Map names taken for the dead pile without a module (ours is ``Eliminated``).
DEAD_PILE_NAMES = frozenset({"Eliminated", "Dead Pile", "Dead pile", "Eliminated Units"})

_NAME_RE = re.compile(r"&lt;(.{1,80}?)&gt;")
_NO_DICE: dict = {}
_NO_PROPS: frozenset = frozenset()
#: the entities VASSAL's chat writes (its HTML escaping of ``<``, ``>``, quotes; ours: the arrow
#: of a move report)
_ENTITIES = (("&lt;", "<"), ("&gt;", ">"), ("&quot;", '"'), ("&#39;", "'"), ("&rarr;", "\u2192"))


def _unescape(s: str) -> str:
    """``html.unescape``, without its regular expression when every ``&`` starts one of the
    entities VASSAL writes (replacing them creates no ``&``, so none is read twice)."""
    if "&" not in s:
        return s
    t = s
    for e, c in _ENTITIES:
        t = t.replace(e, c)
    if "&" not in t:
        return t
    return html.unescape(s)
_TYPED_CHAT_RE = re.compile(r"^&lt;(.{0,80}?)&gt; - (.*)$", re.S)
_TURN_CHAT_RE = re.compile(r"Turn Updated from (.*) to (.*)$", re.S)


class Visitor:
    """Override what you need; every method is optional."""

    def on_start(self, state: GameState) -> None:  # pragma: no cover - trivial
        pass

    def on_step(self, step: StepRecord, state: GameState) -> None:  # pragma: no cover
        pass

    def on_end(self, state: GameState) -> None:  # pragma: no cover
        pass


def load_saved_game(source: Any):
    """A path (``str``/``Path``), a ``SaveFile`` or a ``SavedGame`` → (SavedGame, display name)."""
    from ..vassal.commands import SavedGame, parse_saved_game
    if isinstance(source, SavedGame):
        return source, None
    if isinstance(source, (str, Path, bytes)):
        from ..vassal.archive import read_saved_game
        sf = read_saved_game(source)
        return parse_saved_game(sf.text, name=sf.path), sf.path
    text = getattr(source, "text", None)
    if isinstance(text, str):
        path = getattr(source, "path", None)
        return parse_saved_game(text, name=path), path
    raise ModgenError(f"cannot replay a {type(source).__name__}")


@dataclass
class _Snap:
    exists: bool
    map: str | None
    x: int
    y: int
    stack: str | None
    facts: Any


class Replayer:
    """One walk over a saved game: begin state, then every step, reported to a visitor."""

    def __init__(self, saved_game: Any, module: Any = None):
        self.saved, self.source_name = load_saved_game(saved_game)
        self.module = module
        self.turns = TurnDecoder(module)
        self.records: list[StepRecord] = []
        self._undoable: list[int] = []
        self._next_undo = -1
        self._moves_by_step: dict[int, set] = {}
        self._buttons: Any = ...          # the module's dice buttons, read at the first roll

    # ------------------------------------------------------------------------------------
    def run(self, visitor: Visitor | None = None) -> GameState:
        try:
            with fewer_collections():
                return self._run(visitor or Visitor())
        except ModgenError as e:  # a bound (pieces, trait chains) hit deep in the replay
            raise e.with_file(self.source_name) from None

    def _run(self, visitor: Visitor) -> GameState:
        state = GameState(self.module)
        for cmd in self.saved.initial:
            state.apply(cmd)
        visitor.on_start(state)
        for step in self.saved.steps:
            rec = self._step(step, state)
            self.records.append(rec)
            visitor.on_step(rec, state)
        visitor.on_end(state)
        return state

    # ------------------------------------------------------------------------------------
    def where(self, state: GameState, m: str | None, x: int, y: int) -> Where:
        return state.where(m, x, y)

    def is_dead_pile(self, map_id: str | None, piece: PieceState | None = None) -> bool:
        if map_id is None:
            return False
        if map_id in DEAD_PILE_NAMES:
            return True
        mod = self.module
        if mod is not None and piece is not None:
            targets = {dest for _, dest in piece.xinfo.sendto}
            if map_id in targets:
                mi = mod.map(map_id) if hasattr(mod, "map") else None
                boards = getattr(mi, "boards", None) if mi is not None else None
                if isinstance(boards, dict):
                    return all(getattr(b, "grid", None) is None for b in boards.values())
                return False
        return False

    def _snap(self, state: GameState, pid: str) -> _Snap:
        p = state.pieces.get(pid)
        if p is None:
            return _Snap(False, None, 0, 0, None, None)
        m, x, y = p.position
        return _Snap(True, m, x, y, p.stack, p.facts)

    def _step(self, step: Any, state: GameState) -> StepRecord:
        index = step.index
        turns = self.turns
        key_before = tuple(state.turn_states.items())
        labels_before, text_before = turns.of_key(key_before)
        turn_before = dict(labels_before)
        before: dict[str, _Snap] = {}
        slots: list[Any] = []          # events, or ("flip", pid) placeholders
        changed: dict[str, int] = {}   # pid → slot index of its first D/
        moves: list[tuple[int, PieceMoved, str]] = []
        created: set[str] = set()
        deleted: set[str] = set()
        props: list[tuple[int, Any]] = []
        undo_target: int | None = None
        undo_moves: list[tuple] = []
        in_undo = False
        is_undo_step = False
        movers: list[Any] = []
        chat_names: list[str] = []
        turn_changed: dict[str, int] = {}
        pieces = state.pieces
        where = state.where

        for cmd in step.commands:
            kind = type(cmd).__name__
            if kind == "ChangePiece":
                pid = cmd.id
                if pid in state.pieces:
                    if pid not in before:
                        before[pid] = self._snap(state, pid)
                    if pid not in changed:
                        changed[pid] = len(slots)
                        slots.append(("changed", pid))
                state.apply(cmd)
            elif kind == "MovePiece":
                pid = cmd.id
                p = pieces.get(pid)
                if p is None:
                    state.apply(cmd)
                    continue
                b = before.get(pid)
                if b is None:
                    # where the snapshot just taken says it is
                    b = before[pid] = self._snap(state, pid)
                    m0, x0, y0, st0 = b.map, b.x, b.y, b.stack
                else:
                    m0, x0, y0 = p.position
                    st0 = p.stack
                    if m0 is None:
                        # its stack was just removed (an undo): it was where the step found it
                        m0, x0, y0, st0 = b.map, b.x, b.y, b.stack
                under = pieces.get(cmd.new_under) if cmd.new_under else None
                onto_name = under.name if under is not None else None
                state.apply(cmd)
                m1, x1, y1 = p.position
                movers.append(cmd.player_id)
                if in_undo:
                    undo_moves.append((pid, cmd.old_map, cmd.old_x, cmd.old_y))
                else:
                    mv = self._moves_by_step.get(index)
                    if mv is None:
                        mv = self._moves_by_step[index] = set()
                    mv.add((pid, cmd.new_map, cmd.new_x, cmd.new_y))
                # the event is made once the step is resolved (_finish_move: where it landed)
                ev = ("move", pid, p.name, where(m0, x0, y0), where(m1, x1, y1), st0,
                      cmd.new_under, onto_name)
                moves.append((len(slots), ev, pid))
                slots.append(ev)
            elif kind == "AddPiece":
                pid = cmd.id
                if cmd.type == "stack":
                    state.apply(cmd)
                    continue
                existed = pid in state.pieces
                if pid not in before:
                    before[pid] = self._snap(state, pid)
                state.apply(cmd)
                p = state.pieces.get(pid)
                if p is not None and not existed:
                    created.add(pid)
                    slots.append(("created", pid))
                elif p is not None and pid not in changed:
                    changed[pid] = len(slots)
                    slots.append(("changed", pid))
            elif kind == "RemovePiece":
                pid = cmd.id
                st = state.stacks.get(pid)
                if st is not None:
                    for mid in st.members:
                        if mid not in before and mid in state.pieces:
                            before[mid] = self._snap(state, mid)
                p = state.pieces.get(pid)
                if p is not None:
                    m, x, y = p.position
                    ev = PieceDeleted(pid, p.name, self.where(state, m, x, y), p.stack)
                    deleted.add(pid)
                    slots.append(ev)
                state.apply(cmd)
            elif kind == "Chat":
                self._chat(cmd.text, slots, chat_names, state)
            elif kind == "MutableProperty":
                old = state.properties.get((cmd.container or "Module", cmd.name))
                state.apply(cmd)
                props.append((len(slots), cmd))
                slots.append(("prop", cmd, cmd.old if cmd.old is not None else old))
            elif kind == "GlobalPropertyCmd":
                old = state.properties.get((cmd.container or "Module", cmd.name))
                state.apply(cmd)
                slots.append(PropertyChanged(cmd.name, old, cmd.value, cmd.container))
            elif kind == "Turn":
                state.apply(cmd)
                if cmd.tracker_id not in turn_changed:
                    turn_changed[cmd.tracker_id] = len(slots)
                    slots.append(("turn", cmd.tracker_id))
            elif kind == "Undo":
                if cmd.begin:
                    in_undo = True
                    is_undo_step = True
                    slots.append(("undo",))
                else:
                    in_undo = False
            elif kind == "Player":
                state.apply(cmd)
                slots.append(PlayerJoined(cmd.name, cmd.side))
            else:
                state.apply(cmd)

        # -- resolve ---------------------------------------------------------------------
        if is_undo_step:
            undo_target = self._find_undo_target(index, undo_moves)
        else:
            self._undoable.append(index)
            self._next_undo = len(self._undoable) - 1

        who, side, source = self._actor(state, movers, chat_names)
        dice, dice_props = self._dice(props) if props else (_NO_DICE, _NO_PROPS)
        # (read only for pieces changed in place)
        moved_ids = {pid for _, _, pid in moves} if changed else ()
        key_after = tuple(state.turn_states.items())
        labels_after, text_after = ((labels_before, text_before) if key_after == key_before
                                    else turns.of_key(key_after))
        turn_after = dict(labels_after)
        events: list[Any] = []
        for slot in slots:
            if not isinstance(slot, tuple):
                events.append(slot)
                continue
            tag = slot[0]
            if tag == "move":
                _, pid, name, src, dst, from_stack, onto, onto_name = slot
                events.append(self._finish(state, before, pid, name, src, dst, from_stack, onto,
                                           onto_name))
            elif tag == "changed":
                pid = slot[1]
                if pid in created or pid in deleted or pid not in state.pieces:
                    continue
                b = before.get(pid)
                if pid not in moved_ids and b is not None and b.exists:
                    # a state change (D/, or a piece re-added) that put it elsewhere: Map.addPiece
                    m1, x1, y1 = state.pieces[pid].position
                    if m1 is not None and (m1, x1, y1) != (b.map, b.x, b.y):
                        name = state.pieces[pid].name
                        events.append(self._finish_move(PieceMoved(
                            pid, name, self.where(state, b.map, b.x, b.y),
                            self.where(state, m1, x1, y1), b.stack), state, before))
                events.extend(self._diff(state, pid, b, pid in moved_ids))
            elif tag == "created":
                pid = slot[1]
                p = state.pieces.get(pid)
                if p is not None:
                    m, x, y = p.position
                    f = p.facts
                    events.append(PieceCreated(pid, f.name, self.where(state, m, x, y), p.stack,
                                               dict(f.properties), dict(f.layers)))
            elif tag == "prop":
                cmd, old = slot[1], slot[2]
                if cmd.name in dice_props:
                    d = dice.get(cmd.name)
                    if d is not None:
                        events.append(DiceRolled(d[0], d[1], d[2], who, side))
                    continue
                events.append(PropertyChanged(cmd.name, old, cmd.new, cmd.container))
            elif tag == "turn":
                tid = slot[1]
                old_l = turn_before
                new_l = turn_after
                events.append(TurnAdvanced(tid, old_l, new_l, text_before, text_after))
            elif tag == "undo":
                events.append(StepUndone(undo_target))

        rec = StepRecord(index, turn_before, turn_after, side, who, source, events, False, None,
                         None, text_after, text_before)
        if is_undo_step:
            rec.undoes = undo_target
            if undo_target is not None and 0 < undo_target <= len(self.records):
                target = self.records[undo_target - 1]
                target.undone = True
                target.undone_by = index
        return rec

    # ------------------------------------------------------------------------------------
    def _finish_move(self, ev: PieceMoved, state: GameState, before: dict) -> Any:
        return self._finish(state, before, ev.piece, ev.name, ev.src, ev.dst, ev.from_stack,
                            ev.onto, ev.onto_name)

    def _finish(self, state: GameState, before: dict, piece: str, name: str, src: Where,
                dst: Where, from_stack: str | None, onto: str | None = None,
                onto_name: str | None = None) -> Any:
        """The move's event once the step is applied: where it landed in which stack, and
        whether it was sent (Send-To, or dragged to the dead pile)."""
        p = state.pieces.get(piece)
        to_stack = to_index = None
        if p is not None:
            pos, index = p.position_and_index()
            if pos == (dst.map, dst.x, dst.y):
                to_stack, to_index = p.stack, index
        b = before.get(piece)
        sent = False
        if p is not None and b is not None and b.facts is not None and p.xinfo.sendto:
            # the Send-To trait stored its return point in this step
            sent = b.facts.sendto_back != p.facts.sendto_back
        dead = src.map != dst.map and self.is_dead_pile(dst.map, p)
        if sent or dead:
            return PieceSentTo(piece, name, src, dst, dead, from_stack, to_stack,
                               to_index, onto, onto_name, "send-to" if sent else "drag")
        return PieceMoved(piece, name, src, dst, from_stack, to_stack, to_index, onto, onto_name)

    def _diff(self, state: GameState, pid: str, b: _Snap | None, moved: bool) -> list:
        p = state.pieces[pid]
        if b is None or b.facts is None:
            return []
        f0, f1 = b.facts, p.facts
        out: list = []
        if f0 is f1:
            return out
        m, x, y = p.position
        w = None
        for layer, lvl in f1.layers.items():
            old = f0.layers.get(layer)
            if old is not None and old != lvl:
                if w is None:
                    w = self.where(state, m, x, y)
                out.append(PieceFlipped(pid, layer, old, lvl, f0.name, f1.name, w))
        changes: dict[str, list] = {}
        for k, v in f1.properties.items():
            if f0.properties.get(k) != v:
                changes[k] = [f0.properties.get(k), v]
        if not moved and f0.moved is not None and f1.moved is not None and f0.moved != f1.moved:
            changes["moved"] = [f0.moved, f1.moved]
        if changes:
            out.append(PieceChanged(pid, f1.name, changes))
        return out

    def _chat(self, text: str, slots: list, chat_names: list, state: GameState) -> None:
        m = _TYPED_CHAT_RE.match(text)
        if m:
            name = _unescape(m.group(1))
            chat_names.append(name)
            pl = state.player_by_name(name)
            slots.append(ChatLine(_unescape(m.group(2)), name, pl.side if pl else None, "chat"))
            return
        if "&lt;" in text:
            for nm in _NAME_RE.findall(text):
                chat_names.append(_unescape(nm))
        plain = _unescape(text)
        if plain.startswith("*** ") or "Turn Updated from" in plain or plain.startswith("* UNDO:"):
            return  # dice / turn / undo reports: their facts are the dice, turn, undo events
        slots.append(ChatLine(plain, None, None, "report"))

    def _dice(self, props: list) -> tuple[dict, set]:
        """``<button>_result`` changes → ({result prop: (button, values, total)}, consumed names)."""
        changed = {cmd.name: cmd.new for _, cmd in props}
        results: dict = {}
        consumed: set = set()
        buttons = self._buttons
        if buttons is ...:
            buttons = None
            if self.module is not None:
                db = getattr(self.module, "dice_buttons", None)
                if isinstance(db, dict):
                    buttons = set(db)
                elif db is not None:
                    buttons = {getattr(d, "name", d) for d in db}
            self._buttons = buttons
        for name, value in changed.items():
            if not name.endswith("_result"):
                continue
            button = name[:-7]
            known = buttons is not None and button in buttons
            if not known and f"{button}_total" not in changed:
                continue
            vals: list = []
            for v in (value or "").split(","):
                v = v.strip()
                if not v:
                    continue
                try:
                    vals.append(int(v))
                except ValueError:
                    vals.append(v)
            total = None
            t = changed.get(f"{button}_total")
            if t is not None:
                try:
                    total = int(t)
                except ValueError:
                    total = None
            if total is None and vals and all(isinstance(v, int) for v in vals):
                total = sum(vals)
            results[name] = (button, tuple(vals), total)
            consumed |= {name} | {f"{button}_{s}" for s in ("total", "keep", "summary")}
        return results, consumed

    def _actor(self, state: GameState, movers: list, chat_names: list):
        for uid in movers:
            pl = state.player_side(uid)
            if pl is not None and pl.side:
                return pl.name, pl.side, "mover"
        for nm in chat_names:
            pl = state.player_by_name(nm)
            if pl is None and nm.endswith(")") and " (" in nm:
                # our module's reports name "<player (side)>" (modgen.module.buildfile.DICE_REPORT)
                pl = state.player_by_name(nm.rsplit(" (", 1)[0])
            if pl is not None and pl.side:
                return pl.name, pl.side, "chat"
        sides = {(p.name, p.side) for p in state.players if p.side and p.side != "<observer>"}
        if len(sides) == 1:
            name, side = next(iter(sides))
            return name, side, "sole player"
        return None, None, None

    def _find_undo_target(self, index: int, undo_moves: list) -> int | None:
        target = None
        if self._next_undo >= 0:
            target = self._undoable[self._next_undo]
            self._next_undo -= 1
        if undo_moves and target is not None:
            want = set(undo_moves)
            if not want & self._moves_by_step.get(target, set()):
                for cand in reversed(self._undoable):
                    rec = self.records[cand - 1] if cand - 1 < len(self.records) else None
                    if rec is not None and not rec.undone and want & self._moves_by_step.get(cand, set()):
                        return cand
        return target


@dataclass
class Timeline:
    """Every step record of a replay and the final state."""

    steps: list[StepRecord]
    final: GameState
    initial_turn: dict = field(default_factory=dict)
    initial_turn_text: str | None = None
    source: str | None = None
    module_used: bool = False
    unknown_kinds: dict = field(default_factory=dict)
    turns: TurnDecoder | None = None

    @property
    def final_turn_text(self) -> str | None:
        return self.turns.text(self.final) if self.turns is not None else None


class _Collect(Visitor):
    def __init__(self, turns: TurnDecoder):
        self.turns = turns
        self.initial_turn: dict = {}
        self.initial_text: str | None = None

    def on_start(self, state):
        self.initial_turn = self.turns.labels(state)
        self.initial_text = self.turns.text(state)

    def on_step(self, step, state):
        pass

    def on_end(self, state):
        pass


def replay(path_or_saved: Any, module: Any = None) -> Timeline:
    """Replay a save/log (path, ``SaveFile`` or ``SavedGame``) into a :class:`Timeline`."""
    r = Replayer(path_or_saved, module)
    c = _Collect(r.turns)
    final = r.run(c)
    return Timeline(r.records, final, c.initial_turn, c.initial_text, r.source_name,
                    module is not None, dict(r.saved.unknown_kinds), r.turns)
