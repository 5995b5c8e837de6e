"""What the rules see while a log is replayed: units in hexes, the date and phase, this phase's moves.

The engine (engine.py) keeps a :class:`CheckContext` up to date from the log's events and hands it
to the rule functions, which only read it and return findings. Pixels become hexes through the
board's VASSAL grid (``modgen.art.map.board_geometry`` when available), exactly as VASSAL does.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable

from ..hexgrid import Hex, VassalHexGrid
from ..model.types import Counter, Game, GameDate, MapDef, MONTHS, Scenario
from .declarations import Declarations
from .findings import Finding, UnitRef

MAIN_MAP = "Main Map"
DEAD_PILE = "Eliminated"


@dataclass(frozen=True)
class Board:
    """One game map as a VASSAL board on the main map: its grid and where it sits (map pixels)."""

    map_name: str
    id: str
    grid: VassalHexGrid
    mapdef: MapDef | None = None
    x: int = 0
    y: int = 0
    width: int = 10 ** 9
    height: int = 10 ** 9

    def hex_at(self, x: int, y: int) -> Hex | None:
        bx, by = x - self.x, y - self.y
        if not (0 <= bx < self.width and 0 <= by < self.height):
            return None
        h = self.grid.hex_at(bx, by)
        if self.mapdef is not None and self.mapdef.hexes and not self.mapdef.contains(h):
            return None
        return h

    def center(self, h: Hex) -> tuple[int, int]:
        cx, cy = self.grid.center(h)
        return cx + self.x, cy + self.y


def _geometry(mapdef: MapDef):
    try:
        from ..art.map import board_geometry  # engineer B: the grid the module writer uses
        return board_geometry(mapdef)
    except ImportError:  # pragma: no cover - stop-gap: same numbering rule, no margin
        g = mapdef.grid
        return (VassalHexGrid.for_printed_numbering(g.hex_height, g.first_col, g.first_row, 0, 0),
                10 ** 9, 10 ** 9)


def boards_for(game: Game, maps: Iterable[str]) -> list[Board]:
    """The scenario's boards in the Main Map, laid out left to right in the order listed (as the
    module's scenario saves place them: ``modgen.module.savegame.BoardLayout``)."""
    out = []
    x = 0
    for mid in maps:
        mapdef = game.maps.get(mid)
        if mapdef is None:
            continue
        grid, w, h = _geometry(mapdef)
        out.append(Board(MAIN_MAP, mid, grid, mapdef, x, 0, w, h))
        x += w
    return out


def board_for(mapdef: MapDef) -> Board:
    grid, w, h = _geometry(mapdef)
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

    @property
    def on_board(self) -> bool:
        return self.hex is not None

    def ref(self) -> UnitRef:
        return UnitRef(self.unit_id or self.piece, self.name, self.piece)


@dataclass
class PhaseInfo:
    """Where the turn tracker stands: date (None if unknown) and phase (A's ``Phase`` or None)."""

    date: GameDate | None
    phase: object | None          # modgen.model.tables.Phase
    label: str = ""

    @property
    def phase_id(self) -> str | None:
        return getattr(self.phase, "id", None)

    @property
    def side(self) -> str | None:
        return getattr(self.phase, "side", None)

    @property
    def kind(self) -> str | None:
        # asked on every move: read once per phase object
        k = _KINDS.get(id(self.phase), _NO_KIND)
        if k is _NO_KIND or k[0] is not self.phase:
            k = (self.phase, phase_kind(self.phase))
            if len(_KINDS) > 1000:
                _KINDS.clear()
            _KINDS[id(self.phase)] = k
        return k[1]


_NO_KIND = object()
_KINDS: dict[int, tuple] = {}


def phase_kind(phase) -> str | None:
    """reinforcement | movement | combat | replacement | trench (from the phase id/name)."""
    if phase is None:
        return None
    s = (getattr(phase, "id", "") + " " + getattr(phase, "name", "")).lower()
    for k in ("reinforcement", "movement", "combat", "replacement", "trench"):
        if k in s:
            return k
    return None


@dataclass
class CheckContext:
    game: Game
    scenario: Scenario | None
    sequence: object | None                  # modgen.model.tables.SequenceOfPlay
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
    rail_used: dict = field(default_factory=dict)                # (date, nation) -> [divisions]
    last_step: int | None = None
    touched: set = field(default_factory=set)    # hexes entered since the last phase end
    version: int = 0                             # bumped whenever a unit changes hex or face
    by_hex: dict = field(default_factory=dict)   # hex -> {piece id: UnitState} (kept by reindex)
    cache: dict = field(default_factory=dict)    # rule helpers' caches keyed by version
    # VASSAL stack order after the current step: stack id -> piece ids bottom → top, piece -> stack
    stacks: dict = field(default_factory=dict)
    stack_of: dict = field(default_factory=dict)
    combats: list = field(default_factory=list)  # a rules system's combat records, in log order
    # the engine's hook runner: a rule may run another hook (``combat``) for the rules after it
    hook_runner: object = None

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
        for b in self.boards:
            if b.map_name == map_name:
                h = b.hex_at(x, y)
                if h is not None:
                    return h
        return None

    def reindex(self, u: "UnitState", old: Hex | None, removed: bool = False) -> None:
        """Keep ``by_hex`` right after ``u.hex`` changed from ``old`` (or ``u`` left the game)."""
        if old is not None:
            d = self.by_hex.get(old)
            if d is not None:
                d.pop(u.piece, None)
                if not d:
                    del self.by_hex[old]
        if not removed and u.hex is not None:
            self.by_hex.setdefault(u.hex, {})[u.piece] = u

    def mapdef(self) -> MapDef | None:
        return self.boards[0].mapdef if self.boards else None

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
                missing: str = "", check: str = "", step: int | None | type(...) = ...) -> Finding:
        units = list(units)
        if side is None and units:
            side = units[0].side
        return Finding(rule=rule, severity=severity, message=message,
                       step=self.step if step is ... else step,
                       turn=str(self.now.date) if self.now.date else None,
                       phase=self.phase_label(), side=side,
                       units=tuple(u.ref() for u in units),
                       hexes=tuple(str(h) for h in hexes), path=tuple(str(h) for h in path),
                       missing=missing, check=check)

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


# -------------------------------------------------------------------------------- turn labels

_YEAR = re.compile(r"\b(1[89]\d\d)\b")
_TURN = re.compile(r"\bturn\s*(\d)\b", re.I)


def parse_turn_label(label: str, game: Game, sequence) -> PhaseInfo:
    """The date and phase a turn-tracker label names ("Turn 2 May 1915 Central Powers Movement").

    The module writer decides the exact format; this reads any label that contains the year, the
    month name, the turn ("Turn N" or "Special Turn") and the phase name with its side's name.
    """
    text = " ".join(label.split())
    low = text.lower()
    year = month = turn = None
    m = _YEAR.search(text)
    if m:
        year = int(m.group(1))
    for i, name in enumerate(MONTHS, 1):
        if re.search(r"\b" + name.lower() + r"\b", low):
            month = i
            break
    if "special" in low:
        turn = 0
    else:
        t = _TURN.search(text)
        if t:
            turn = int(t.group(1))
        else:
            rest = _YEAR.sub(" ", text)
            nums = re.findall(r"\b([1-9])\b", rest)
            if nums:
                turn = int(nums[0])
    phase = None
    if sequence is not None:
        side_hit = None
        for s in sorted(game.sides, key=lambda s: -len(s.name)):
            if s.name.lower() in low or s.id.lower() in low:
                side_hit = s.id
                break
        cands = sequence.special_phases if turn == 0 else sequence.normal_phases
        best = None
        for p in cands:
            if p.id.lower() in low:
                best = (100, p)
                break
            nm = p.name.lower().replace(" phase", "").strip()
            if nm and nm in low and (p.side is None or side_hit is None or p.side == side_hit):
                score = len(nm) + (10 if p.side == side_hit else 0)
                if best is None or score > best[0]:
                    best = (score, p)
        phase = best[1] if best else None
    date = GameDate(year, month, turn) if None not in (year, month, turn) else None
    return PhaseInfo(date, phase, text)


def sequence_of(game: Game):
    """The game's sequence of play (A's ``SequenceOfPlay``); a plain dict in the loader's shape
    (``special_turn``/``normal_turn`` lists of ``{id, name, side}``) is converted."""
    seq = game.tables.get("sequence") if game.tables else None
    if seq is None or hasattr(seq, "next_phase"):
        return seq
    if not isinstance(seq, dict):
        return None
    from ..model.tables import Phase, SequenceOfPlay

    def phases(key: str, special: bool):
        raw = seq.get(key) or []
        if isinstance(raw, dict):
            raw = raw.get("phases") or []
        return tuple(Phase(p["id"], p.get("name", p["id"]), p.get("side"), special) for p in raw)
    return SequenceOfPlay(int(seq.get("turns_per_month", 7)), phases("special_turn", True),
                          phases("normal_turn", False))
