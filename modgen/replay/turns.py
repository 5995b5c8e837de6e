"""Turn-tracker labels from ``TURN<id>\\t<state>`` (VASSAL ``TurnTracker``/``TurnLevel.setState``).

With a module the levels are named by the property each level exposes (``Turn``, ``Phase``; for
our module ``Year``, ``Month``, ``Turn``, ``Phase``) and the tracker's ``turnFormat`` gives the
text VASSAL shows (``1 Blue Move  ``). Without one the state is decoded structurally: levels are
called ``level1``, ``level2``, … and a list level's value is its item number (``#3``), which is
all the state says.

State grammar (3.7.26): tracker ``currentLevel|level1|level2…`` (SequenceEncoder ``|``); a counter
level ``current;currentSub;loop;loopLimit;sub…``, a list level ``current;currentSub;first;
active(,-list);sub…`` (``;``). Sub-level states nest one ``;`` escape deeper.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..vassal.sequence import _JAVA_INT, Decoder, decode

__all__ = ["LevelSpec", "TrackerSpec", "TurnDecoder", "decode_state", "tracker_specs"]


@dataclass
class LevelSpec:
    kind: str                       # "counter" | "list"
    property: str                   # global property it exposes (may be "")
    name: str = ""
    start: int = 1
    items: tuple[str, ...] = ()
    turn_format: str = "$value$"
    children: list["LevelSpec"] = field(default_factory=list)


@dataclass
class TrackerSpec:
    id: str
    name: str
    turn_format: str
    levels: list[LevelSpec]


def _level_state(spec: LevelSpec | None, code: str):
    """→ (value string, current sub-level index, child codes).

    The four fields of a level are numbers, flags and lists, never escaped: one ``split`` reads
    them, and the sub-levels' codes are decoded from the rest (a single one, its every ``;``
    escaped, with one ``replace``). Anything else is read token by token
    (:func:`_level_state_stepwise`), as ``Decoder`` reads it."""
    if spec is None:
        return _level_state_stepwise(spec, code)
    parts = code.split(";", 4)
    if len(parts) < 5:
        return _level_state_stepwise(spec, code)
    for i in range(4):
        t = parts[i]
        if "\\" in t or "'" in t:
            return _level_state_stepwise(spec, code)
    rest = parts[4]
    n = len(spec.children)
    if n == 0:
        children: list[str] = []
    elif n == 1 and rest.count(";") == rest.count("\\;"):
        # one token: the whole rest, its escaped delimiters unescaped (_next_token's last one)
        child = rest.replace("\\;", ";")
        if len(child) > 1 and child[0] == "'" and child[-1] == "'":
            child = child[1:-1]
        children = [child]
    else:
        d = Decoder(rest, ";")
        children = []
        while d.has_more() and len(children) < n:
            children.append(d.token(""))
    if spec.kind == "list":
        cur = _int_or(parts[0], 0)
        sub = _int_or(parts[1], 0)
        value = spec.items[cur] if 0 <= cur < len(spec.items) else ""
    else:
        cur = _int_or(parts[0], spec.start)
        sub = _int_or(parts[1], 0)
        value = str(cur)
    return value, sub, children


def _int_or(tok: str, default: int) -> int:
    """``Decoder.int`` of a token read."""
    return int(tok) if _JAVA_INT.fullmatch(tok) else default


def _level_state_stepwise(spec: LevelSpec | None, code: str):
    """:func:`_level_state` with ``Decoder``, token by token."""
    d = Decoder(code, ";")
    if spec is not None and spec.kind == "list":
        cur = d.int(0)
        sub = d.int(0)
        d.int(0)
        d.token("")
        value = spec.items[cur] if 0 <= cur < len(spec.items) else ""
        n = len(spec.children)
    elif spec is not None:
        cur = d.int(spec.start)
        sub = d.int(0)
        d.bool(False)
        d.int(-1)
        value = str(cur)
        n = len(spec.children)
    else:
        cur = d.int(0)
        sub = d.int(0)
        third = d.token("")
        d.token("")
        value = str(cur) if third in ("true", "false") else f"#{cur + 1}"
        n = None
    children: list[str] = []
    while d.has_more() and (n is None or len(children) < n):
        children.append(d.token(""))
    return value, sub, children


def decode_state(state: str, spec: TrackerSpec | None,
                 memo: dict | None = None) -> list[tuple[str, str, str]]:
    """Active levels of a tracker state: [(label, value, level text)], outermost first.

    ``memo``: a dict kept between calls for the same ``spec``: a level's own code (its state with
    its sub-levels) decodes the same every time, and the inner levels (phase, turn) recur with
    every change of an outer one."""
    level_state = _level_state
    if memo is not None:
        if len(memo) > 20000:
            memo.clear()

        def level_state(lvl_spec, code, _get=memo.get):
            key = (id(lvl_spec), code)
            r = _get(key)
            if r is None:
                r = memo[key] = _level_state(lvl_spec, code)
            return r
    d = Decoder(state, "|")
    current = d.int(0)
    codes = [d.token("") for _ in spec.levels] if spec is not None else list(d)
    out: list[tuple[str, str, str]] = []
    if not codes:
        return out
    top = min(max(current, 0), len(codes) - 1)
    specs = spec.levels if spec is not None else [None] * len(codes)
    lvl_spec, code = specs[top], codes[top]
    depth = 1
    while True:
        value, sub, children = level_state(lvl_spec, code)
        if lvl_spec is not None:
            label = lvl_spec.property or lvl_spec.name or f"level{depth}"
            text = lvl_spec.turn_format.replace("$value$", value)
        else:
            label = f"level{depth}"
            text = value
        out.append((label, value, text))
        if not children:
            break
        i = min(max(sub, 0), len(children) - 1)
        code = children[i]
        lvl_spec = lvl_spec.children[i] if lvl_spec is not None and i < len(lvl_spec.children) else None
        depth += 1
        if depth > 20:
            break
    return out


_LEVEL_RE = re.compile(r"\$level(\d+)\$")


def format_turn(fmt: str, levels: list[tuple[str, str, str]]) -> str:
    """``TurnTracker.getTurnString``: ``$levelN$`` → the N-th active level's text, else ""."""
    def sub(m: re.Match) -> str:
        i = int(m.group(1)) - 1
        return levels[i][2] if 0 <= i < len(levels) else ""
    return _LEVEL_RE.sub(sub, fmt)


def tracker_specs(module: Any) -> dict[str, TrackerSpec]:
    """Tracker level structure from a module (``modgen.vassal.buildfile.Module``), best effort."""
    out: dict[str, TrackerSpec] = {}
    if module is None:
        return out
    trackers = getattr(module, "turn_trackers", None) or getattr(module, "trackers", None) or []
    if isinstance(trackers, dict):
        trackers = list(trackers.values())
    for i, t in enumerate(trackers):
        tid = getattr(t, "id", None) or f"TurnTracker{i}"
        fmt = getattr(t, "turn_format", None) or "$level1$ $level2$ $level3$ $level4$"
        levels = [_level_spec(lv) for lv in (getattr(t, "levels", None) or [])]
        out[tid] = TrackerSpec(tid, getattr(t, "name", "") or "", fmt, levels)
    return out


def _level_spec(lv: Any) -> LevelSpec:
    kind = getattr(lv, "kind", None) or ("list" if getattr(lv, "items", None) is not None
                                         or getattr(lv, "list", None) is not None else "counter")
    kind = "list" if "list" in str(kind).lower() else "counter"
    items = getattr(lv, "items", None)
    if items is None:
        raw = getattr(lv, "list", None)
        items = decode(raw, ",") if isinstance(raw, str) else (raw or ())
    try:
        start = int(getattr(lv, "start", 1) or 1)
    except (TypeError, ValueError):
        start = 1
    children = getattr(lv, "children", None) or getattr(lv, "levels", None) or []
    return LevelSpec(kind, getattr(lv, "property", "") or "", getattr(lv, "name", "") or "", start,
                     tuple(items), getattr(lv, "turn_format", None) or "$value$",
                     [_level_spec(c) for c in children])


class TurnDecoder:
    """Labels ``{level property: value}`` and the formatted turn text of a state's trackers."""

    def __init__(self, module: Any = None):
        self.specs = tracker_specs(module)
        self._cache: dict[tuple[str, str], list[tuple[str, str, str]]] = {}
        self._memo: dict[tuple, tuple[dict[str, str], str | None]] = {}
        self._levels: dict[str, dict] = {}     # tracker id -> decode_state's per-level memo

    def levels(self, tracker_id: str, state: str) -> list[tuple[str, str, str]]:
        key = (tracker_id, state)
        r = self._cache.get(key)
        if r is None:
            spec = self.specs.get(tracker_id)
            memo = self._levels.setdefault(tracker_id, {}) if spec is not None else None
            r = decode_state(state, spec, memo)
            if len(self._cache) > 10000:
                self._cache.clear()
            self._cache[key] = r
        return r

    def _both(self, game_state: Any) -> tuple[dict[str, str], str | None]:
        return self.of_key(tuple(game_state.turn_states.items()))

    def of_key(self, key: tuple) -> tuple[dict[str, str], str | None]:
        """(labels, text) of the trackers' states ``tuple(GameState.turn_states.items())``; the
        labels are shared between calls: copy them before handing them out."""
        r = self._memo.get(key)
        if r is None:
            labels: dict[str, str] = {}
            texts = []
            multi = len(key) > 1
            for tid, st in key:
                lv = self.levels(tid, st)
                for label, value, _ in lv:
                    labels[f"{tid}.{label}" if multi and label.startswith("level") else label] = value
                spec = self.specs.get(tid)
                fmt = spec.turn_format if spec is not None else " ".join(
                    f"$level{i + 1}$" for i in range(len(lv)))
                texts.append(format_turn(fmt, lv))
            r = (labels, " / ".join(texts) if texts else None)
            if len(self._memo) > 10000:
                self._memo.clear()
            self._memo[key] = r
        return r

    def labels(self, game_state: Any) -> dict[str, str]:
        """{level property (or levelN): value} of the active levels of every tracker."""
        return dict(self._both(game_state)[0])

    def text(self, game_state: Any) -> str | None:
        """The turn as VASSAL shows it (the tracker's ``turnFormat``); trackers joined by `` / ``."""
        return self._both(game_state)[1]
