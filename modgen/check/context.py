"""What the rules see while a log is replayed: units in hexes, the turn and phase, this phase's moves.

The engine (engine.py) keeps a :class:`CheckContext` up to date from the log's events and hands it
to the rule functions, which only read it and return findings. Pixels become hexes through each
board's VASSAL grid (``modgen.model.geometry``), exactly as VASSAL does. The turn and phase are
whatever the game's rules system reads from the turn tracker (``CheckContext.turns``, the
system's ``TurnStructure``); this module knows no system.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Iterable

from ..hexgrid import Hex, VassalHexGrid
from ..model.geometry import board_geometry
from ..model.types import Counter, Game, MapDef, Scenario
from .declarations import Declarations
from .findings import Finding, UnitRef

MAIN_MAP = "Main Map"
DEAD_PILE = "Eliminated"


@dataclass(frozen=True)
class Board:
    """One game map as a VASSAL board on the main map: its grid and where it sits (map pixels).

    With a ``theatre`` of several sheets (``modgen.model.theatre``) the hexes it answers with and
    takes are theatre hexes; the grid works in the sheet's printed numbers."""

    map_name: str
    id: str
    grid: VassalHexGrid
    mapdef: MapDef | None = None
    x: int = 0
    y: int = 0
    width: int = 10 ** 9
    height: int = 10 ** 9
    theatre: Any = None

    def local(self, h: Hex) -> Hex | None:
        """The printed hex of theatre hex ``h`` on this board, None if the board does not show it."""
        th = self.theatre
        if th is not None and th.multi:
            loc = th.to_local(h, [self.id])
            return loc[1] if loc else None
        if self.mapdef is not None and self.mapdef.hexes and not self.mapdef.contains(h):
            return None
        return h

    def hex_at(self, x: int, y: int) -> Hex | None:
        bx, by = x - self.x, y - self.y
        if not (0 <= bx < self.width and 0 <= by < self.height):
            return None
        h = self.grid.hex_at(bx, by)
        if self.mapdef is not None and self.mapdef.hexes and not self.mapdef.contains(h):
            return None
        th = self.theatre
        return th.to_global(self.id, h) if th is not None and th.multi else h

    def center(self, h: Hex) -> tuple[int, int]:
        loc = self.local(h) if self.theatre is not None and self.theatre.multi else h
        if loc is None:
            raise ValueError(f"hex {h} is not on board {self.id}")
        cx, cy = self.grid.center(loc)
        return cx + self.x, cy + self.y


def boards_for(game: Game, maps: Iterable[str]) -> list[Board]:
    """The scenario's boards in the Main Map, laid out left to right in the order listed (as the
    module's scenario saves place them: ``modgen.model.geometry.BoardLayout``)."""
    out = []
    x = 0
    for mid in maps:
        mapdef = game.maps.get(mid)
        if mapdef is None:
            continue
        grid, w, h = board_geometry(mapdef)
        out.append(Board(MAIN_MAP, mid, grid, mapdef, x, 0, w, h, getattr(game, "theatre", None)))
        x += w
    return out


def board_for(mapdef: MapDef) -> Board:
    grid, w, h = board_geometry(mapdef)
    return Board(MAIN_MAP, mapdef.id, grid, mapdef, 0, 0, w, h)


@dataclass
class UnitState:
    piece: str                 # VASSAL piece id
    unit_id: str               # counter id (Marker UnitId) or "" for unknown pieces
    name: str
    counter: Counter | None
    side: str | None
    nation: str | None
    map: str | None
    x: int = 0
    y: int = 0
    hex: Hex | None = None
    reduced: bool = False
    marker_id: str | None = None
    marker_value: str | None = None
    supply_points: int | None = None
    layers: dict = field(default_factory=dict)   # layer name -> level (1-based), every layer

    @property
    def on_board(self) -> bool:
        return self.hex is not None

    def ref(self) -> UnitRef:
        return UnitRef(self.unit_id or self.piece, self.name, self.piece)


@dataclass
class PhaseInfo:
    """Where the turn tracker stands, as the rules system reads it (``TurnStructure.read``).

    ``date``: the system's turn (Der Weltkrieg: a ``GameDate``), None if unknown; ``phase``: the
    system's phase (``id``, ``name``, ``side``) or None; ``kind``: what the phase is for, in the
    words the engine and the rules share (``movement``, ``combat``, ``reinforcement``, …): the
    engine collects each unit's drops in a ``movement`` phase."""

    date: Any | None
    phase: Any | None
    label: str = ""
    kind: str | None = None

    # read by almost every rule on every step (the engine keeps one PhaseInfo per tracker state,
    # and its phase is never replaced): worked out once
    @cached_property
    def phase_id(self) -> str | None:
        return getattr(self.phase, "id", None)

    @cached_property
    def side(self) -> str | None:
        return getattr(self.phase, "side", None)


@dataclass
class CheckContext:
    game: Game
    scenario: Scenario | None
    turns: Any                               # the system's TurnStructure (modgen.system)
    boards: list[Board]
    units: dict[str, UnitState] = field(default_factory=dict)
    now: PhaseInfo = field(default_factory=lambda: PhaseInfo(None, None))
    step: int | None = None
    declarations: Declarations = field(default_factory=Declarations)
    # this phase: piece -> drop points (hexes, first = where it started the phase)
    moves: dict[str, list[Hex]] = field(default_factory=dict)
    move_steps: dict[str, list[int]] = field(default_factory=dict)
    at_start: dict[str, Hex] = field(default_factory=dict)       # piece -> hex in the begin state
    log_starts_scenario: bool = False
    notes: list[str] = field(default_factory=list)
    flagged: set = field(default_factory=set)                    # (rule, key) already reported
    phase_start_step: int | None = 0                             # step that began this phase
    last_step: int | None = None
    touched: set = field(default_factory=set)    # hexes entered since the last phase end
    version: int = 0                             # bumped whenever a unit changes hex, face or SupplyPoints
    # bumped whenever a piece enters, leaves or changes hex: per side for units (their ``side``, a
    # string or None), ("other",) for markers and pieces the game does not know (a rule's cache of
    # what depends on some sides' pieces only, e.g. a side's enemy ZOC, reads their entries)
    side_version: dict = field(default_factory=dict)
    # hex -> a number bumped whenever a piece enters or leaves the hex, or a unit in it flips or
    # its SupplyPoints change (``touch``): what a rule's view of one hex shows is the same while
    # the number is
    hex_stamp: dict = field(default_factory=dict)
    marker_hexes: dict = field(default_factory=dict)  # hex -> how many marker pieces it holds
    by_hex: dict = field(default_factory=dict)   # hex -> {piece id: UnitState} (kept by reindex)
    cache: dict = field(default_factory=dict)    # rule helpers' caches keyed by version
    state: Any = None                            # the rules system's own state (System.state)
    # VASSAL stack order after the current step: stack id -> piece ids bottom → top, piece -> stack
    stacks: dict = field(default_factory=dict)
    stack_of: dict = field(default_factory=dict)
    combats: list = field(default_factory=list)  # a rules system's combat records, in log order
    # the engine's hook runner: a rule may run another hook (``combat``) for the rules after it
    hook_runner: object = None
    # locate()'s answers for the boards they were worked out on: (boards list, {(map, x, y): hex})
    _located: tuple = field(default=(None, None), repr=False, compare=False)

    def stack_above(self, piece: str) -> tuple[str, ...] | None:
        """Pieces above ``piece`` in its VASSAL stack, top first; None when its stack is not known
        (it is in no stack)."""
        sid = self.stack_of.get(piece)
        members = self.stacks.get(sid) if sid is not None else None
        if not members or piece not in members:
            return None
        i = members.index(piece)
        return tuple(reversed(members[i + 1:]))

    # ---------------------------------------------------------------- positions
    def locate(self, map_name: str | None, x: int, y: int) -> Hex | None:
        boards, memo = self._located
        if boards is not self.boards:
            memo = {}
            self._located = (self.boards, memo)
        key = (map_name, x, y)
        hit = memo.get(key, memo)
        if hit is not memo:
            return hit                 # the same drop point again (a unit back where it stood)
        out = None
        for b in self.boards:
            if b.map_name == map_name:
                h = b.hex_at(x, y)
                if h is not None:
                    out = h
                    break
        if len(memo) < 100_000:        # bounded: a hostile log's every pixel is not kept
            memo[key] = out
        return out

    def reindex(self, u: "UnitState", old: Hex | None, removed: bool = False) -> None:
        """Keep ``by_hex`` right after ``u.hex`` changed from ``old`` (or ``u`` left the game)."""
        k = u.side if u.counter is not None and u.marker_id is None else ("other",)
        sv = self.side_version
        sv[k] = sv.get(k, 0) + 1
        hs = self.hex_stamp
        if old is not None:
            hs[old] = hs.get(old, 0) + 1
        if u.hex is not None:
            hs[u.hex] = hs.get(u.hex, 0) + 1
        marker = u.marker_id is not None
        if old is not None:
            d = self.by_hex.get(old)
            if d is not None:
                if d.pop(u.piece, None) is not None and marker:
                    self._count_marker(old, -1)
                if not d:
                    del self.by_hex[old]
        if not removed and u.hex is not None:
            d = self.by_hex.setdefault(u.hex, {})
            if marker and u.piece not in d:
                self._count_marker(u.hex, 1)
            d[u.piece] = u

    def _count_marker(self, h: Hex, n: int) -> None:
        c = self.marker_hexes.get(h, 0) + n
        if c > 0:
            self.marker_hexes[h] = c
        else:
            self.marker_hexes.pop(h, None)

    def touch(self, h: Hex | None) -> None:
        """A piece in ``h`` changed in place (a flip, its SupplyPoints): ``hex_stamp`` moves on."""
        if h is not None:
            self.hex_stamp[h] = self.hex_stamp.get(h, 0) + 1

    def mapdef(self) -> MapDef | None:
        """The board the rules read: the one map, or the scenario's sheets joined on the theatre
        lattice (theatre hexes, seams included: ``modgen.model.theatre``)."""
        if not self.boards:
            return None
        th = getattr(self.game, "theatre", None)
        if th is not None and th.multi:
            hit = self.cache.get("theatre-board")
            if hit is None:
                hit = self.cache["theatre-board"] = th.mapdef(tuple(b.id for b in self.boards))
            return hit
        return self.boards[0].mapdef

    def hex_name(self, h: Hex) -> str:
        """``SHEET:CCRR`` in a game of several sheets (named on the scenario's sheets), else ``CCRR``."""
        th = getattr(self.game, "theatre", None)
        if th is not None and th.multi:
            return th.name(h, [b.id for b in self.boards])
        return h.id

    def units_at(self, h: Hex) -> list[UnitState]:
        return [u for u in self.by_hex.get(h, {}).values() if u.marker_id is None]

    def combat_units(self) -> Iterable[UnitState]:
        return (u for u in self.units.values() if u.hex is not None and u.counter is not None)

    def enemy_side(self, side: str | None) -> str | None:
        if side is None:
            return None
        others = [s.id for s in self.game.sides if s.id != side]
        return others[0] if len(others) == 1 else None

    def side_name(self, side: str | None) -> str:
        for s in self.game.sides:
            if s.id == side:
                return s.name
        return side or "?"

    # ---------------------------------------------------------------- findings
    def finding(self, rule: str, severity: str, message: str, *, units: Iterable[UnitState] = (),
                hexes: Iterable[Hex | str] = (), path: Iterable[Hex | str] = (), side: str | None = None,
                missing: str = "", check: str = "", step: int | None | type(...) = ...,
                placeholders: Iterable = ()) -> Finding:
        """A finding at the current step; ``placeholders``: the placeholder values
        (``findings.Placeholder``) the verdict rests on (a violation naming any is undetermined)."""
        units = list(units)
        if side is None and units:
            side = units[0].side
        return Finding(rule=rule, severity=severity, message=message,
                       step=self.step if step is ... else step,
                       turn=str(self.now.date) if self.now.date else None,
                       phase=self.phase_label(), side=side,
                       units=tuple(u.ref() for u in units),
                       hexes=tuple(str(h) for h in hexes), path=tuple(str(h) for h in path),
                       missing=missing, check=check, placeholders=tuple(placeholders))

    def phase_label(self) -> str | None:
        p = self.now.phase
        if p is None:
            return self.now.label or None
        side = getattr(p, "side", None)
        name = getattr(p, "name", "")
        prefix = self.side_name(side) if side else ""
        return f"{prefix} {name}" if prefix and prefix.lower() not in name.lower() else name

    def once(self, rule: str, key: object) -> bool:
        """True the first time (rule, key) is seen: report a lasting condition once."""
        k = (rule, key)
        if k in self.flagged:
            return False
        self.flagged.add(k)
        return True
