"""``modgen log`` output: a just-the-facts narrative, or the same as JSON records.

One line per event: ``step 2 | 1 Blue Move | Blue | 1st Blue Infantry moves 0203 → 0304``.
JSON: ``{"source", "positions", "begin": {"turn"}, "steps": [...], "final": {...}}``; the final
state lists every piece with id, name, map, x/y, location (hex, ``offboard``…, or None without a
module), stack, stack index, layer levels, Marker properties and moved flag.

Passwords: VASSAL stores the player's password as the user id of every ``PLAYER``/``PYREMOVE``
line and every ``M/`` move. The reader keeps those fields only as :class:`~modgen.vassal.commands.
Secret` objects (they format as ``***`` and ``json`` refuses them), no event carries them, and
nothing here reads them, so no output can contain them. The finished text is never searched for
passwords: that corrupted output (a password ``x`` turned ``(x,y)`` into ``(***,y)`` and renamed
550 JSON keys). Chat is printed as the player typed it (docs/security.md).
"""
from __future__ import annotations

import json
from typing import Any

from .events import (ChatLine, DiceRolled, PieceChanged, PieceCreated, PieceDeleted, PieceFlipped,
                     PieceMoved, PieceSentTo, PlayerJoined, PropertyChanged, StepUndone,
                     TurnAdvanced, Where)
from .state import GameState

__all__ = ["event_text", "narrative_lines", "iter_narrative", "timeline_json", "timeline_json_chunks",
           "final_state_json", "piece_json"]


def _where(w: Where | None, with_map: bool = False) -> str:
    if w is None:
        return "?"
    if w.map is None:
        return "nowhere"
    label = w.location if w.location else f"({w.x},{w.y})"
    return f"{w.map} {label}" if with_map else label


def _names(state: GameState | None, pid: str | None) -> str | None:
    if state is None or pid is None:
        return None
    p = state.pieces.get(pid)
    return p.name if p is not None else None


def event_text(ev: Any, state: GameState | None = None) -> str:
    if isinstance(ev, PieceSentTo):
        if ev.eliminated:
            return f"{ev.name} eliminated ({_where(ev.src, True)} → {ev.dst.map})"
        return f"{ev.name} sent to {_where(ev.dst, True)} (from {_where(ev.src, True)})"
    if isinstance(ev, PieceMoved):
        other_map = ev.src.map != ev.dst.map
        s = f"{ev.name} moves {_where(ev.src, other_map)} → {_where(ev.dst, other_map)}"
        onto = ev.onto_name
        if onto:
            s += f" (onto {onto})"
        return s
    if isinstance(ev, PieceFlipped):
        if ev.old_name != ev.new_name:
            return f"{ev.old_name} flipped to {ev.new_name} (layer {ev.layer} {ev.old_level} → {ev.new_level})"
        return f"{ev.new_name}: layer {ev.layer} {ev.old_level} → {ev.new_level}"
    if isinstance(ev, PieceChanged):
        parts = [f"{k} {_v(o)} → {_v(n)}" for k, (o, n) in ev.changes.items()]
        return f"{ev.name}: " + ", ".join(parts)
    if isinstance(ev, PieceCreated):
        return f"{ev.name} created in {_where(ev.where, True)}"
    if isinstance(ev, PieceDeleted):
        return f"{ev.name} deleted (was in {_where(ev.where, True)})"
    if isinstance(ev, DiceRolled):
        vals = ",".join(str(v) for v in ev.values)
        s = f"{ev.button} = {vals}"
        if len(ev.values) > 1 and ev.total is not None:
            s += f" (total {ev.total})"
        if ev.side or ev.who:
            s += f" ({ev.side or ev.who})"
        return s
    if isinstance(ev, TurnAdvanced):
        old = (ev.old_text or _labels(ev.old)).strip()
        new = (ev.new_text or _labels(ev.new)).strip()
        return f"turn {old} → {new}"
    if isinstance(ev, ChatLine):
        if ev.chat_kind == "chat":
            return f"chat {ev.who or '?'}: {ev.text}"
        return f"report: {ev.text}"
    if isinstance(ev, PropertyChanged):
        return f"property {ev.name} = {ev.new!r} (was {ev.old!r})"
    if isinstance(ev, StepUndone):
        return f"step {ev.undone_step} undone" if ev.undone_step else "undo (step not identified)"
    if isinstance(ev, PlayerJoined):
        return f"player {ev.name} takes side {ev.side or '(none)'}"
    return ev.kind


def _v(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return "''" if v == "" else str(v)


def _labels(d: dict) -> str:
    return " ".join(str(v) for v in d.values())


def _turn_column(text: str | None, labels: dict) -> str:
    """The turn as the tracker shows it (its own ``|`` become ``/``), else the level values."""
    t = " ".join((text or "").replace("|", "/").split())
    return t or " ".join(_labels(labels).split())


def narrative_lines(timeline: Any) -> list[str]:
    return list(iter_narrative(timeline))


def iter_narrative(timeline: Any):
    """The narrative one line at a time (``modgen log`` writes them as they come: a long log's
    lines are not all held at once)."""
    if not timeline.module_used:
        yield "(no --module given: positions are map pixels (x,y), not hexes)"
    begin = _turn_column(timeline.initial_turn_text, timeline.initial_turn)
    sides = ", ".join(f"{p.name} ({p.side or 'no side'})" for p in timeline.final.players)
    yield f"begin: turn {begin or '?'}; players: {sides or 'none recorded'}"
    state = timeline.final
    for rec in timeline.steps:
        turn = _turn_column(rec.turn_text_before, rec.turn_before)
        head = f"step {rec.index} | {turn or '-'} | {rec.side or rec.who or 'unknown side'} | "
        events = rec.events
        visible = [e for e in events if not (isinstance(e, ChatLine) and e.chat_kind == "report")]
        if not visible:
            visible = events
        if not visible:
            yield head + "(no recorded effect)"
        for ev in visible:
            line = head + event_text(ev, state)
            if rec.undone:
                line += f"  [undone by step {rec.undone_by}]"
            yield line
    end = _turn_column(getattr(timeline, "final_turn_text", None), {})
    n = len(state.pieces)
    yield f"end: {n} piece{'' if n == 1 else 's'}" + (f"; turn {end}" if end else "")


def piece_json(state: GameState, pid: str) -> dict:
    p = state.pieces[pid]
    m, x, y = p.position
    st = p._stack()
    h = state.hex_at(m, x, y)
    return {
        "id": p.id, "name": p.name, "basic_name": p.basic_name, "map": m, "x": x, "y": y,
        "hex": getattr(h, "id", None), "board": state.board_at(m, x, y),
        "location": state.location_name(m, x, y), "stack": p.stack,
        "stack_index": p.stack_index, "stack_size": len(st.members) if st is not None else None,
        "layers": dict(p.layers), "properties": dict(p.properties), "moved": p.moved,
    }


def ordered_piece_ids(state: GameState) -> list[str]:
    """Pieces map by map (sorted), each map in drawing order, stacks bottom → top, then the
    pieces on no map (by id)."""
    seen: set[str] = set()
    out: list[str] = []
    for map_id in sorted(state.top):
        for p in state.pieces_on(map_id):
            if p.id not in seen:
                seen.add(p.id)
                out.append(p.id)
    for pid in sorted(state.pieces):
        if pid not in seen:
            out.append(pid)
    return out


def final_state_json(state: GameState, turns: Any = None) -> dict:
    out: dict = {"pieces": [piece_json(state, pid) for pid in ordered_piece_ids(state)]}
    if turns is not None:
        out["turn"] = turns.labels(state)
        out["turn_text"] = turns.text(state)
    out["players"] = [{"name": p.name, "side": p.side} for p in state.players]
    out["properties"] = [{"container": c, "name": n, "value": v}
                         for (c, n), v in sorted(state.properties.items())]
    return out


#: ``modgen log --json``: the format's name and version (as ``modgen check --format json``)
LOG_FORMAT, LOG_FORMAT_VERSION = "modgen-log", 1


def _doc(timeline: Any, steps: Any = None) -> dict:
    return {
        "format": LOG_FORMAT,
        "version": LOG_FORMAT_VERSION,
        "source": timeline.source,
        "positions": "map pixels and location names" if timeline.module_used
        else "map pixels only (no module given)",
        "begin": {"turn": timeline.initial_turn, "turn_text": timeline.initial_turn_text},
        "unknown_command_kinds": timeline.unknown_kinds,
        "steps": steps if steps is not None else [rec.to_json() for rec in timeline.steps],
        "final": final_state_json(timeline.final, getattr(timeline, "turns", None)),
    }


# json's C encoder runs only without ``indent``: the document is laid out here (a key or a list
# item per line, two levels deep) and each item encoded in C. ``indent=1`` took 100 s on a
# 250,000-step log, the pure-Python encoder being 30x slower.
_ENC = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": "))


def _emit(value: Any, depth: int, pad: str):
    # dicts are laid out down to the second level, lists at any of those levels get one item
    # per line; everything below is one line each
    if (not isinstance(value, (dict, list)) or not value or depth > 2
            or (depth == 2 and isinstance(value, dict))):
        yield _ENC.encode(value)
        return
    inner = pad + " "
    if isinstance(value, dict):
        yield "{"
        n = len(value)
        for i, (k, v) in enumerate(value.items()):
            yield "\n" + inner + _ENC.encode(str(k)) + ": "
            yield from _emit(v, depth + 1, inner)
            if i < n - 1:
                yield ","
        yield "\n" + pad + "}"
        return
    yield "["
    n = len(value)
    for i, v in enumerate(value):
        yield "\n" + inner + _ENC.encode(v)
        if i < n - 1:
            yield ","
    yield "\n" + pad + "]"


class _Steps(list):
    """The step records, turned into JSON one at a time (not all held as dicts at once)."""

    def __init__(self, steps):
        super().__init__()
        self._steps = steps

    def __len__(self) -> int:
        return len(self._steps)

    def __bool__(self) -> bool:
        return bool(self._steps)

    def __iter__(self):
        return (rec.to_json() for rec in self._steps)


def timeline_json_chunks(timeline: Any):
    """``modgen log --json`` in pieces: ``{"source", "positions", "begin",
    "unknown_command_kinds", "steps": [one record per line], "final": {...}}``."""
    yield from _emit(_doc(timeline, _Steps(timeline.steps)), 0, "")


def timeline_json(timeline: Any) -> str:
    return "".join(timeline_json_chunks(timeline))
