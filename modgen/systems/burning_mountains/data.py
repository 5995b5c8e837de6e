"""Burning Mountains data: typed counters, markers, tables and the one set-up, read from YAML with
every error as ``file:line: field: message``.

The game file (``games/burning-mountains.yaml``) names ``system: burning-mountains``; the model's
loader reads its sides and nations as for any game and hands the rest to :func:`load_system_data`.
The counters carry this system's values (attack, defence, movement allowance, artillery value,
steps, corps, set-up hex or arrival turn: 2.1); the tables are the CRT (9.1), the Loss Results
Table (TdP, 9.4), the Terrain Effects Chart with stacking limits (5.1), the reinforcement schedule
(13.0) and the sequence of play (3.0). Unprinted values are ``provenance: placeholder`` in the files;
replacing them with the printed values needs no code change.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Mapping

from ...hexgrid import Hex
from ...model.types import Provenance, Source
from ...model.validate import FileCtx, line_of
from .mapdata import TERRAINS, BmMap

UNIT_TYPES = ("inf", "mtn", "art", "heavy-art", "fortress")
UNIT_TYPE_LABELS = {"inf": "Inf", "mtn": "Mtn", "art": "Art", "heavy-art": "Hvy Art", "fortress": "Fort"}
UNIT_SIZES = ("X", "III")                     # 2.1: X brigade, III regiment (004:L154)
MARKER_KINDS = ("ce", "supply", "turn", "vp", "replacement", "generic")
TABLE_IDS = ("crt", "tdp", "tec", "reinforcements", "sequence")
PHASES = ("supply", "reinforcement", "movement", "combat")
_VALUES_RE = re.compile(r"^(?P<a>\d+)-(?P<d>\d+)-(?P<m>\d+)$")
_REDUCED_RE = re.compile(r"^(?P<a>\d+)-(?P<d>\d+)$")
_CRT_HALF_RE = re.compile(r"^(?:-|[+-]\d+|R\d+)$")
_ODDS_RE = re.compile(r"^(\d+):(\d+)$")
_RANGE_RE = re.compile(r"^(\d{4})-(\d{4})$")


# --------------------------------------------------------------------------- types

@dataclass(frozen=True)
class UnitValues:
    """One printed side of a unit (2.1): attack, defence, movement allowance, artillery value."""

    attack: int | None
    defence: int | None
    ma: int
    av: int = 0


@dataclass(frozen=True)
class BmCounter:
    id: str
    nation: str
    type: str                        # UNIT_TYPES
    size: str                        # X, III or "" (artillery, fortress)
    designation: str
    corps: str | None                # A-H corps number (7.2, 7.4); None = independent
    front: UnitValues
    reduced: UnitValues | None       # back side of a two-step unit (2.5); None = one step
    setup: Hex | None = None         # set-up hex printed on the counter (1.1)
    arrival: int | None = None       # or the GT of arrival (13.0)
    immobile_until: int | None = None  # 12.4: may not move before this GT is over, unless attacked
    provenance: Provenance | None = None
    source: Source | None = None

    @property
    def steps(self) -> int:
        return 2 if self.reduced is not None else 1

    def placeholder(self, value: str, reduced: bool = False) -> str | None:
        """Why ``value`` ("attack", "defence", "movement"/"ma", "av") of the side showing is a
        placeholder, or None when printed (the shape of ``model.types.Counter.placeholder``):
        the rulebook prints no counter (missing-data M11), so a counter of placeholder
        provenance has every value a placeholder."""
        p = self.provenance
        if p is None or p.kind != "placeholder":
            return None
        return p.reason or "placeholder values"

    @property
    def is_artillery(self) -> bool:
        return self.type in ("art", "heavy-art")

    @property
    def is_combat_unit(self) -> bool:
        """2.5: a printed defence strength of one or more (artillery never)."""
        return not self.is_artillery and (self.front.defence or 0) >= 1

    @property
    def exerts_zoc(self) -> bool:
        """6.0: combat units exert a ZOC; fortresses (12.2) and artillery (12.3) do not."""
        return self.is_combat_unit and self.type != "fortress"

    @property
    def counts_for_stacking(self) -> bool:
        """5.1, 12.2: artillery and fortresses do not count."""
        return self.type not in ("art", "heavy-art", "fortress")

    @property
    def type_label(self) -> str:
        return UNIT_TYPE_LABELS[self.type]

    @property
    def name(self) -> str:
        return f"{self.designation} {self.type_label} {self.size}".strip()

    def values(self, reduced: bool) -> UnitValues:
        return self.reduced if reduced and self.reduced is not None else self.front


@dataclass(frozen=True)
class BmMarker:
    id: str
    kind: str
    label: str
    sides: tuple[str, ...]
    rule: str = ""
    note: str = ""
    source: Source | None = None

    @property
    def values(self) -> tuple[str, ...]:
        return self.sides


@dataclass(frozen=True)
class CrtResult:
    """One half of a CRT cell (9.1): ``-`` none, ``+#``/``-#`` TdP DRM, ``R#`` retreat # hexes."""

    text: str

    @property
    def drm(self) -> int:
        return int(self.text) if self.text[0] in "+-" and len(self.text) > 1 else 0

    @property
    def retreat(self) -> int:
        return int(self.text[1:]) if self.text.startswith("R") else 0


@dataclass(frozen=True)
class Crt:
    columns: tuple[str, ...]                               # "1:3" ... "4:1", lowest first
    rows: Mapping[int, tuple[tuple[CrtResult, CrtResult], ...]]   # 2d6 total -> per column (att, def)
    provenance: Provenance
    source: Source | None = None

    def result(self, column: str, roll: int) -> tuple[CrtResult, CrtResult]:
        return self.rows[roll][self.columns.index(column)]


@dataclass(frozen=True)
class Tdp:
    columns: tuple[str, ...]                     # Small, Large
    rows: Mapping[int, tuple[int, ...]]          # modified die -> CE reductions per column
    provenance: Provenance
    source: Source | None = None

    def reductions(self, magnitude: str, modified_die: int) -> int:
        keys = sorted(self.rows)
        die = min(max(modified_die, keys[0]), keys[-1])
        return self.rows[die][self.columns.index(magnitude)]


@dataclass(frozen=True)
class TerrainRow:
    id: str
    name: str
    altitude: int
    mp: int
    stacking: int
    provenance: Provenance


@dataclass(frozen=True)
class Tec:
    terrain: Mapping[str, TerrainRow]
    stream_mp: int
    river_mp: int
    bridge_mp: int
    road_mp: int
    zoc_enter: int
    zoc_exit: int
    ezoc_to_ezoc: int
    provenance: Provenance
    source: Source | None = None

    def stacking(self, terrain: str) -> int:
        return self.terrain[terrain].stacking


@dataclass(frozen=True)
class Arrival:
    gt: int
    nation: str
    entry: tuple[Hex, ...]
    units: tuple[str, ...]
    source: Source | None = None


@dataclass(frozen=True)
class Reinforcements:
    arrivals: tuple[Arrival, ...]
    provenance: Provenance
    source: Source | None = None

    def due(self, gt: int, nation: str | None = None) -> list[Arrival]:
        return [a for a in self.arrivals if a.gt == gt and (nation is None or a.nation == nation)]

    def of_unit(self, counter_id: str) -> Arrival | None:
        for a in self.arrivals:
            if counter_id in a.units:
                return a
        return None


@dataclass(frozen=True)
class Phase:
    id: str
    name: str
    rule: str


@dataclass(frozen=True)
class Sequence:
    """3.0: each GT is the A-H player turn then the Italian one, each Supply, Reinforcement,
    Movement, Combat; play starts at the A-H Combat Phase of GT 1 (1.1, 12.4)."""

    game_turns: int
    player_turns: tuple[str, ...]               # side ids in order
    phases: tuple[Phase, ...]
    first: tuple[int, str, str]                 # (gt, side, phase id)
    provenance: Provenance
    source: Source | None = None

    def steps(self) -> list[tuple[int, str, str]]:
        """Every (gt, side, phase) of the game, in order."""
        out = []
        for gt in range(1, self.game_turns + 1):
            for side in self.player_turns:
                for ph in self.phases:
                    out.append((gt, side, ph.id))
        return out[out.index(self.first):]

    def next(self, step: tuple[int, str, str]) -> tuple[int, str, str] | None:
        s = self.steps()
        i = s.index(step)
        return s[i + 1] if i + 1 < len(s) else None


@dataclass(frozen=True)
class Placement:
    counter: str
    hex: Hex | None
    reduced: bool = False
    location: str | None = None
    source: Source | None = None


@dataclass(frozen=True)
class BmScenario:
    """The one game of 1.1: every counter on its printed set-up hex, the rest arriving by GT."""

    id: str
    name: str
    maps: tuple[str, ...]
    setup: tuple[Placement, ...]
    reinforcements: Mapping[int, tuple[str, ...]]     # GT -> counter ids
    first_gt: int
    first_step: str                                   # the phase of 3.1 ("combat", 12.4)
    phasing_side: str
    description: str = ""
    start_vp: int = 10                                # 14.0 (004:L660)
    source: Source | None = None
    setup_incomplete: tuple[str, ...] = ()
    markers: tuple = ()
    fortresses: tuple = ()
    menu: str | None = None                           # the set-ups menu (the module's "Scenarios")
    starting_dm: Mapping = field(default_factory=dict)  # Der Weltkrieg duration games only: none

    # as the shared code names a scenario's start (``modgen.model.types.Scenario``): the turn,
    # and the phase id of the turn structure (``turns.BmTurns``: "ah-combat")
    @property
    def first_turn(self) -> int:
        return self.first_gt

    @property
    def first_phase(self) -> str:
        return f"{self.phasing_side}-{self.first_step}"


# --------------------------------------------------------------------------- loading

def load_system_data(loader, d: dict, g: FileCtx, nations: dict, sides: list) -> dict:
    """Counters, markers, maps and tables of a Burning Mountains game file (``d``), through the
    model's loader ``loader`` (its ``read`` records every file for the version hash). Returns the
    pieces of the ``Game``; errors go to ``loader.errors``."""
    side_ids = tuple(s.id for s in sides)
    maps = _maps(loader, d, g)
    counters = _counters(loader, d, g, nations, maps)
    markers = _markers(loader, d, g)
    tables = _tables(loader, d, g, side_ids, counters, maps, nations)
    scenarios = {}
    if not loader.errors:
        scenarios = {"bm-1916-05": _scenario(counters, tables, maps)}
    return {"maps": maps, "counters": counters, "markers": markers, "tables": tables, "scenarios": scenarios}


def _maps(loader, d, g) -> dict[str, BmMap]:
    from .mapdata import load_map
    out = {}
    for j, mid in enumerate(g.strings(d, "maps", "", required=True)):
        rel = f"maps/{mid}.yaml"
        path = loader.root / rel
        if not path.is_file():
            g.error(f"map file not found: {rel}", None, f"maps[{j}]")
            continue
        loader.files.append(path)
        m = load_map(path, loader.errors, display_name=rel)
        if m is not None:
            out[mid] = m
    return out


def _counters(loader, d, g, nations, maps) -> dict[str, BmCounter]:
    out: dict[str, BmCounter] = {}
    for j, rel in enumerate(g.strings(d, "counters", "", required=True)):
        data, c = loader.read(rel, referenced_from=(g, None, f"counters[{j}]"))
        if data is None:
            continue
        top = c.mapping(data, "")
        if top is None:
            continue
        c.unknown_keys(top, ("nation", "values_rule", "counters", "notes"), "")
        nation = c.text(top, "nation", "")
        if nation is not None and nation not in nations:
            c.error(f"unknown nation {nation!r}", line_of(top, "nation"), "nation")
        rule = c.text(top, "values_rule", "", required=True, default="") or ""
        for f, u in c.records(top, "counters", ("id", "type", "size", "designation", "corps", "values", "ma",
                                                 "av", "reduced", "setup", "arrival", "immobile_until", "lines",
                                                 "note", "provenance")):
            ctr = _counter(u, c, f, nation or "", rule, maps)
            if ctr is None:
                continue
            if ctr.id in out:
                c.error(f"duplicate counter id {ctr.id!r}", line_of(u, "id"), f"counters[{ctr.id}].id")
                continue
            out[ctr.id] = ctr
    return out


def _counter(u, c: FileCtx, f: str, nation: str, rule: str, maps) -> BmCounter | None:
    cid = c.ident(u, "id", f)
    if cid is None:
        return None
    f = f"counters[{cid}]"
    utype = c.enum(u, "type", f, UNIT_TYPES)
    artillery = utype in ("art", "heavy-art")
    size = c.enum(u, "size", f, UNIT_SIZES, required=utype in ("inf", "mtn"), default="") or ""
    if size and utype is not None and utype not in ("inf", "mtn"):
        c.error(f"a {utype} counter has no unit size", line_of(u, "size"), f"{f}.size")
    designation = c.text(u, "designation", f) or ""
    corps = c.text(u, "corps", f, required=False)
    if corps is not None and nation == "italy":
        c.error("Italian units have no corps (7.2 play note, 004:L340)", line_of(u, "corps"), f"{f}.corps")
    av = c.integer(u, "av", f, required=artillery, default=0, minimum=0, maximum=20) or 0
    front = None
    if artillery:
        for k in ("values", "reduced"):
            if k in u:
                c.error(f"artillery is not a combat unit (2.5): give ma and av, not {k}", line_of(u, k), f"{f}.{k}")
        ma = c.integer(u, "ma", f, minimum=0, maximum=30)
        if ma is not None:
            front = UnitValues(None, None, ma, av)
    else:
        if "ma" in u:
            c.error("the movement allowance is the third number of values", line_of(u, "ma"), f"{f}.ma")
        v = c.text(u, "values", f)
        m = _VALUES_RE.match(v.strip()) if v else None
        if v is not None and not m:
            c.error(f"{v!r} is not attack-defence-movement like '4-4-6'", line_of(u, "values"), f"{f}.values")
        if m:
            front = UnitValues(int(m["a"]), int(m["d"]), int(m["m"]), av)
            if utype != "fortress" and front.defence < 1:
                c.error("a combat unit has a defence strength of one or more (2.5)", line_of(u, "values"),
                        f"{f}.values")
    reduced = None
    r = c.text(u, "reduced", f, required=False)
    if r is not None and front is not None:
        m = _REDUCED_RE.match(r.strip())
        if not m:
            c.error(f"{r!r} is not the reduced attack-defence like '2-2'", line_of(u, "reduced"), f"{f}.reduced")
        else:
            reduced = UnitValues(int(m["a"]), int(m["d"]), front.ma, av)
            if reduced.attack > front.attack or reduced.defence > front.defence:
                c.error(f"reduced {r} is above the front {front.attack}-{front.defence}", line_of(u, "reduced"),
                        f"{f}.reduced")
    setup = c.hex(u, "setup", f, required=False)
    arrival = c.integer(u, "arrival", f, required=False, minimum=1, maximum=14)
    if (setup is None) == (arrival is None):
        c.error("a counter prints either its set-up hex or its GT of arrival (1.1): give setup or arrival",
                line_of(u, "id"), f)
    if setup is not None and maps and not any(setup in m.hexes for m in maps.values()):
        c.error(f"set-up hex {setup} is not on the map", line_of(u, "setup"), f"{f}.setup")
    immobile = c.integer(u, "immobile_until", f, required=False, minimum=1, maximum=14)
    lines = []
    for i, item, line in c.items(u, "lines", f, required=False):
        if isinstance(item, int) and not isinstance(item, bool):
            lines.append(f"004:L{item}")
        else:
            c.error("expected a rulebook line number", line, f"{f}.lines[{i}]")
    prov = c.provenance(u, "provenance", f) or Provenance(
        "placeholder", "no counter is printed in the rulebook; values, corps and set-up are placeholders. " + rule,
        tuple(lines))
    if utype is None or front is None:
        return None
    return BmCounter(cid, nation, utype, size, designation, corps, front, reduced, setup, arrival, immobile, prov,
                     c.source(u, "id"))


def _markers(loader, d, g) -> dict[str, BmMarker]:
    out: dict[str, BmMarker] = {}
    rel = g.text(d, "markers", "")
    if rel is None:
        return out
    data, c = loader.read(rel, referenced_from=(g, line_of(d, "markers"), "markers"))
    top = c.mapping(data, "") if data is not None else None
    if top is None:
        return out
    c.unknown_keys(top, ("markers", "notes"), "")
    for f, m in c.records(top, "markers", ("id", "kind", "label", "sides", "rule", "note")):
        mid = c.ident(m, "id", f)
        if mid is None:
            continue
        if mid in out:
            c.error(f"duplicate marker id {mid!r}", line_of(m, "id"), f"{f}.id")
            continue
        fm = f"markers[{mid}]"
        sides = c.strings(m, "sides", fm, required=True)
        if not 1 <= len(sides) <= 2:
            c.error("a marker has a front and at most a back", line_of(m, "sides"), f"{fm}.sides")
        out[mid] = BmMarker(mid, c.enum(m, "kind", fm, MARKER_KINDS) or "generic", c.text(m, "label", fm) or mid,
                            sides, c.text(m, "rule", fm, required=False, default="") or "",
                            c.text(m, "note", fm, required=False, default="") or "", c.source(m, "id"))
    return out


def _tables(loader, d, g, sides, counters, maps, nations) -> dict[str, object]:
    out: dict[str, object] = {}
    t = g.get(d, "tables", "", dict)
    if t is None:
        return out
    for tid in TABLE_IDS:
        if tid not in t:
            g.error(f"table {tid!r} is missing", line_of(d, "tables"), "tables")
    for tid, rel in t.items():
        if tid not in TABLE_IDS:
            g.error(f"unknown table {tid!r} (known: {', '.join(TABLE_IDS)})", line_of(t, tid), f"tables.{tid}")
            continue
        data, c = loader.read(rel, referenced_from=(g, line_of(t, tid), f"tables.{tid}"))
        top = c.mapping(data, "") if data is not None else None
        if top is None:
            continue
        fn = {"crt": _crt, "tdp": _tdp, "tec": _tec, "sequence": _sequence}.get(tid)
        if fn is not None:
            table = fn(top, c, sides) if tid == "sequence" else fn(top, c)
        else:
            table = _reinforcements(top, c, counters, maps, nations)
        if table is not None:
            out[tid] = table
    return out


def _prov(c: FileCtx, top) -> Provenance:
    p = c.provenance(top, "provenance", "", required=True)
    return p or Provenance("placeholder", "provenance missing")


def parse_odds(text: str) -> tuple[int, int] | None:
    m = _ODDS_RE.match(text.strip())
    return (int(m[1]), int(m[2])) if m and int(m[1]) > 0 and int(m[2]) > 0 else None


def _crt(top, c: FileCtx) -> Crt | None:
    c.unknown_keys(top, ("provenance", "dice", "columns", "rows"), "")
    prov = _prov(c, top)
    cols = c.strings(top, "columns", "", required=True)
    ratios = []
    for i, col in enumerate(cols):
        r = parse_odds(col)
        if r is None:
            c.error(f"{col!r} is not an odds ratio like '3:1' or '1:2'", line_of(top, "columns"), f"columns[{i}]")
            return None
        ratios.append(r[0] / r[1])
    if ratios != sorted(ratios) or len(set(ratios)) != len(ratios):
        c.error("columns must run from the lowest odds to the highest, each once", line_of(top, "columns"), "columns")
    for need in ("1:3", "4:1"):
        if need not in cols:
            c.error(f"the CRT must have a {need} column (8.2: combat runs from 1:3 to 4:1)", line_of(top, "columns"),
                    "columns")
    rows = {}
    rd = c.get(top, "rows", "", dict)
    if rd is None:
        return None
    for roll in range(2, 13):
        if roll not in rd:
            c.error(f"row {roll} is missing (2d6: 2-12)", line_of(top, "rows"), "rows")
            continue
        cells = rd[roll]
        if not isinstance(cells, list) or len(cells) != len(cols):
            c.error(f"needs one result per column ({len(cols)})", line_of(rd, roll), f"rows.{roll}")
            continue
        row = []
        for i, cell in enumerate(cells):
            halves = str(cell).split("/")
            if len(halves) != 2 or not all(_CRT_HALF_RE.match(h.strip()) for h in halves):
                c.error(f"{cell!r} is not 'attacker/defender' with '-', '+#', '-#' or 'R#' (9.1)", line_of(rd, roll),
                        f"rows.{roll}[{cols[i]}]")
                continue
            row.append((CrtResult(halves[0].strip()), CrtResult(halves[1].strip())))
        rows[roll] = tuple(row)
    for k in rd:
        if k not in range(2, 13):
            c.error("rows are the 2d6 totals 2-12", line_of(rd, k), f"rows.{k}")
    return Crt(tuple(cols), rows, prov, c.source(top))


def _tdp(top, c: FileCtx) -> Tdp | None:
    c.unknown_keys(top, ("provenance", "dice", "columns", "rows"), "")
    prov = _prov(c, top)
    cols = c.strings(top, "columns", "", required=True)
    if tuple(cols) != ("Small", "Large"):
        c.error("columns are the magnitudes [Small, Large] (8.4)", line_of(top, "columns"), "columns")
    rd = c.get(top, "rows", "", dict)
    if rd is None:
        return None
    rows = {}
    for k, cells in rd.items():
        if isinstance(k, bool) or not isinstance(k, int):
            c.error("a row is a modified die result (an integer)", line_of(rd, k), f"rows.{k}")
            continue
        if not isinstance(cells, list) or len(cells) != len(cols):
            c.error(f"needs one result per column ({len(cols)})", line_of(rd, k), f"rows.{k}")
            continue
        vals = []
        for i, cell in enumerate(cells):
            s = str(cell).strip()
            if s == "-":
                vals.append(0)
            elif s.isdigit():
                vals.append(int(s))
            else:
                c.error(f"{cell!r} is not '-' or a number of CE reductions (9.4)", line_of(rd, k), f"rows.{k}[{i}]")
                vals.append(0)
        rows[k] = tuple(vals)
    if rows and sorted(rows) != list(range(min(rows), max(rows) + 1)):
        c.error("rows must be consecutive modified die results", line_of(top, "rows"), "rows")
    return Tdp(tuple(cols), rows, prov, c.source(top))


def _tec(top, c: FileCtx) -> Tec | None:
    c.unknown_keys(top, ("provenance", "terrain", "hexsides", "road", "zoc", "places"), "")
    prov = _prov(c, top)
    terrain = {}
    for f, t in c.records(top, "terrain", ("id", "name", "altitude", "mp", "stacking", "provenance")):
        tid = c.enum(t, "id", f, TERRAINS)
        if tid is None:
            continue
        row = TerrainRow(tid, c.text(t, "name", f) or tid, c.integer(t, "altitude", f, minimum=0, maximum=9) or 0,
                         c.integer(t, "mp", f, minimum=1, maximum=20) or 1,
                         c.integer(t, "stacking", f, minimum=1, maximum=50) or 1,
                         c.provenance(t, "provenance", f, required=True) or prov)
        if row.altitude != TERRAINS.index(tid):
            c.error(f"{tid} is altitude {TERRAINS.index(tid)} (the order clear < low mountain < mountain < high "
                    f"mountain)", line_of(t, "altitude"), f"{f}.altitude")
        terrain[tid] = row
    for tid in TERRAINS:
        if tid not in terrain:
            c.error(f"terrain {tid!r} is missing", line_of(top, "terrain"), "terrain")
    mp = {}
    for f, h in c.records(top, "hexsides", ("id", "name", "mp", "prohibited", "blocks_zoc", "blocks_attack", "attack",
                                             "retreat_ce", "provenance")):
        hid = c.enum(h, "id", f, ("crag", "stream", "river", "bridge"))
        if hid is None:
            continue
        c.provenance(h, "provenance", f, required=True)
        if hid == "crag":
            if h.get("prohibited") is not True:
                c.error("a crag hexside is prohibited (4.5)", line_of(h, "prohibited"), f"{f}.prohibited")
        else:
            mp[hid] = c.integer(h, "mp", f, minimum=0, maximum=20) or 0
    for k in ("stream", "river", "bridge"):
        if k not in mp:
            c.error(f"hexside {k!r} is missing", line_of(top, "hexsides"), "hexsides")
    road = c.get(top, "road", "", dict) or {}
    zoc = c.get(top, "zoc", "", dict) or {}
    return Tec(terrain, mp.get("stream", 0), mp.get("river", 0), mp.get("bridge", 0),
               c.integer(road, "mp", "road", minimum=0, maximum=20) or 0,
               c.integer(zoc, "enter", "zoc", minimum=0) or 0, c.integer(zoc, "exit", "zoc", minimum=0) or 0,
               c.integer(zoc, "ezoc_to_ezoc", "zoc", minimum=0) or 0, prov, c.source(top))


def _sequence(top, c: FileCtx, sides: tuple[str, ...]) -> Sequence | None:
    c.unknown_keys(top, ("provenance", "game_turns", "scale", "first", "player_turns", "phases"), "")
    prov = _prov(c, top)
    gts = c.integer(top, "game_turns", "", minimum=1, maximum=99) or 14
    pts = c.strings(top, "player_turns", "", required=True)
    for i, s in enumerate(pts):
        if s not in sides:
            c.error(f"{s!r} is not a side ({', '.join(sides)})", line_of(top, "player_turns"), f"player_turns[{i}]")
    phases = []
    for f, p in c.records(top, "phases", ("id", "name", "rule")):
        pid = c.enum(p, "id", f, PHASES)
        if pid:
            phases.append(Phase(pid, c.text(p, "name", f) or pid, c.text(p, "rule", f, required=False) or ""))
    first = c.get(top, "first", "", dict) or {}
    fgt = c.integer(first, "gt", "first", minimum=1) or 1
    fside = c.text(first, "side", "first") or ""
    fphase = c.text(first, "phase", "first") or ""
    if fside not in pts or fphase not in [p.id for p in phases]:
        c.error("first must name a side of player_turns and a phase of phases", line_of(top, "first"), "first")
        return None
    return Sequence(gts, tuple(pts), tuple(phases), (fgt, fside, fphase), prov, c.source(top))


def parse_entry(text: str) -> list[Hex] | None:
    """``"1501-2201"``: every hex of that row (or column) from one to the other, both included
    (13.0: "all multiple hex arrival listings are inclusive"); ``"2903"``: that hex."""
    text = text.strip()
    m = _RANGE_RE.match(text)
    if not m:
        try:
            return [Hex.parse(text)]
        except Exception:  # noqa: BLE001
            return None
    a, b = Hex.parse(m[1]), Hex.parse(m[2])
    if a.row == b.row:
        lo, hi = sorted((a.col, b.col))
        return [Hex(col, a.row) for col in range(lo, hi + 1)]
    if a.col == b.col:
        lo, hi = sorted((a.row, b.row))
        return [Hex(a.col, row) for row in range(lo, hi + 1)]
    return None


def _reinforcements(top, c: FileCtx, counters, maps, nations) -> Reinforcements | None:
    c.unknown_keys(top, ("provenance", "arrivals"), "")
    prov = _prov(c, top)
    arrivals = []
    listed: dict[str, int] = {}
    for f, a in c.records(top, "arrivals", ("gt", "nation", "entry", "units")):
        gt = c.integer(a, "gt", f, minimum=1, maximum=14)
        nation = c.text(a, "nation", f)
        if nation is not None and nation not in nations:
            c.error(f"unknown nation {nation!r}", line_of(a, "nation"), f"{f}.nation")
        entry_text = c.text(a, "entry", f) or ""
        entry = parse_entry(entry_text)
        if entry is None:
            c.error(f"{entry_text!r} is not a hex or a range of one row or column (CCRR-CCRR)", line_of(a, "entry"),
                    f"{f}.entry")
            entry = []
        for h in entry:
            if maps and not any(h in m.hexes for m in maps.values()):
                c.error(f"entry hex {h} is not on the map", line_of(a, "entry"), f"{f}.entry")
                break
        units = c.strings(a, "units", f, required=True)
        for i, u in enumerate(units):
            ctr = counters.get(u)
            if ctr is None:
                c.error(f"unknown counter {u!r}", line_of(a, "units"), f"{f}.units[{i}]")
            elif ctr.arrival is None:
                c.error(f"{u} sets up on the map ({ctr.setup}); it is not a reinforcement", line_of(a, "units"),
                        f"{f}.units[{i}]")
            elif gt is not None and ctr.arrival != gt:
                c.error(f"{u} prints arrival GT {ctr.arrival}, the schedule says GT {gt}", line_of(a, "units"),
                        f"{f}.units[{i}]")
            elif nation is not None and ctr.nation != nation:
                c.error(f"{u} is {ctr.nation}, not {nation}", line_of(a, "units"), f"{f}.units[{i}]")
            elif u in listed:
                c.error(f"{u} is already listed (GT {listed[u]})", line_of(a, "units"), f"{f}.units[{i}]")
            listed[u] = gt or 0
        if gt is not None and nation is not None:
            arrivals.append(Arrival(gt, nation, tuple(entry), units, c.source(a)))
    for cid, ctr in counters.items():
        if ctr.arrival is not None and cid not in listed:
            c.error(f"{cid} arrives on GT {ctr.arrival} but the schedule does not list it", line_of(top, "arrivals"),
                    "arrivals")
    return Reinforcements(tuple(arrivals), prov, c.source(top))


def _scenario(counters: dict[str, BmCounter], tables: dict, maps: dict) -> BmScenario:
    seq: Sequence | None = tables.get("sequence")   # type: ignore[assignment]
    setup = tuple(Placement(c.id, c.setup, source=c.source) for c in counters.values() if c.setup is not None)
    arrivals: dict[int, list[str]] = {}
    for c in counters.values():
        if c.arrival is not None:
            arrivals.setdefault(c.arrival, []).append(c.id)
    first = seq.first if seq else (1, "ah", "combat")
    return BmScenario(
        id="bm-1916-05", name="Strafexpedition, May-June 1916 (GT 1-14)", maps=tuple(maps), setup=setup,
        reinforcements={k: tuple(v) for k, v in sorted(arrivals.items())}, first_gt=first[0],
        first_step=first[2], phasing_side=first[1],
        description="The game of 1.1: every unit on the set-up hex printed on its counter; play begins with the "
                    "A-H Combat Phase of GT 1 (1.1, 3.0, 12.4).")
