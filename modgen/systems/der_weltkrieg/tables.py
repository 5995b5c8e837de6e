"""The rules tables of a game system, read from ``tables/<system>/*.yaml``.

* ``TerrainEffectsChart`` (tec.yaml): movement cost and combat effects per terrain, plus the
  features that modify a hexside or hex (river, major river, rail, single-track rail, trench,
  devastation, ...). ``hexside_mp`` combines them the way rule 6-7 and Figure 3 do.
* ``CombatResultsTable`` (crt.yaml): one or more tables (``standard``, ``1917``) of columns × adjusted
  die; ``result(column, die, date)`` applies 13-12/13-16 (die clamp), 13-19 (over 50 SP) and 13-26
  (bloodier table from January 1917). The numbers live only in the YAML, so the printed card can
  replace the placeholder without a code change.
* ``SequenceOfPlay`` (sequence-of-play.yaml): rule 5 calendar and phases.

Each loader takes the parsed YAML and a ``FileCtx`` and reports every problem with its line.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from modgen.errors import ModgenError
from modgen.model.types import TERRAINS, GameDate, Provenance, Source
from modgen.model.validate import FileCtx, line_of, parse_date

# --------------------------------------------------------------------------- Terrain Effects Chart

PROHIBITED = "prohibited"


@dataclass(frozen=True)
class CombatEffect:
    """Effect of terrain on an attack or counterattack: a die modifier, halving, or prohibition."""

    drm: int = 0
    halve_strength: bool = False
    prohibited: bool = False
    condition: str | None = None     # e.g. "all-attackers-cross": applies only if every attacker crosses it

    @property
    def none(self) -> bool:
        return not (self.drm or self.halve_strength or self.prohibited)


@dataclass(frozen=True)
class TerrainRow:
    """One row of the Terrain Effects Chart."""

    id: str
    name: str
    mp: int | None                    # None = prohibited (or see ``same_as`` / ``see``)
    attack: CombatEffect
    counterattack: CombatEffect
    same_as: str | None = None        # "Treat as Clear"
    see: str | None = None            # rules not in any file (Osmanli Harbi)
    note: str = ""
    source: Source | None = None
    printed_at: str = ""              # rulebook line, e.g. "003:L2130"

    @property
    def prohibited(self) -> bool:
        return self.mp is None and self.same_as is None and self.see is None


@dataclass(frozen=True)
class TerrainModifier:
    """A TEC row that modifies the terrain it is on (rivers, rails, markers, cities)."""

    id: str
    name: str
    mp: int = 0                          # added to the cost (negative for rails)
    applies_if_cost_at_least: int | None = None   # rails: only if the pre-adjustment cost is at least this
    on_entering_hex: bool = False        # trench/devastation: paid for entering the hex
    no_ezoc_to_ezoc: bool = False        # major river: cannot be crossed EZOC -> EZOC
    attack: CombatEffect = CombatEffect()
    counterattack: CombatEffect = CombatEffect()
    note: str = ""
    source: Source | None = None
    printed_at: str = ""


@dataclass(frozen=True)
class TerrainEffectsChart:
    rows: Mapping[str, TerrainRow]
    modifiers: Mapping[str, TerrainModifier]
    aliases: Mapping[str, str] = field(default_factory=dict)   # "marsh" -> "swamp"
    discrepancies: tuple[Mapping[str, Any], ...] = ()
    provenance: Provenance | None = None
    source: Source | None = None

    def row(self, terrain: str) -> TerrainRow:
        key = self.aliases.get(terrain, terrain)
        try:
            r = self.rows[key]
        except KeyError:
            raise ModgenError(f"terrain {terrain!r} is not on the Terrain Effects Chart") from None
        if r.same_as:
            base = self.rows[r.same_as]
            return TerrainRow(r.id, r.name, base.mp, base.attack, base.counterattack, r.same_as, r.see,
                              r.note, r.source, r.printed_at)
        return r

    def mp(self, terrain: str) -> int | None:
        """Movement points to cross a hexside of this terrain; None = prohibited."""
        return self.row(terrain).mp

    def modifier(self, feature: str) -> TerrainModifier:
        try:
            return self.modifiers[feature]
        except KeyError:
            raise ModgenError(f"{feature!r} is not a Terrain Effects Chart feature") from None

    def hexside_mp(self, terrain: str, *, river: bool = False, major_river: bool = False,
                   rail: str | None = None) -> int | None:
        """Cost of crossing one hexside (6-7, TEC): terrain + river (+1) or major river (+3), then a
        rail line takes 1 off when that pre-adjustment cost reaches its threshold (3 double track,
        4 single track). None when the terrain is prohibited."""
        cost = self.mp(terrain)
        if cost is None:
            return None
        if major_river:
            cost += self.modifier("major_river").mp
        elif river:
            cost += self.modifier("river").mp
        if rail:
            m = self.modifier("single_track_rail" if rail == "single" else "rail")
            if m.applies_if_cost_at_least is None or cost >= m.applies_if_cost_at_least:
                cost += m.mp
        return cost


_COMBAT_KEYS = ("drm", "halve_strength", "prohibited", "condition")


def _combat(ctx: FileCtx, d: dict, key: str, field: str) -> CombatEffect:
    v = d.get(key)
    f = f"{field}.{key}"
    if v is None or v == "none":
        return CombatEffect()
    if v == PROHIBITED:
        return CombatEffect(prohibited=True)
    if isinstance(v, int) and not isinstance(v, bool):
        return CombatEffect(drm=v)
    if not isinstance(v, dict):
        ctx.error("expected none, prohibited, a die modifier or a mapping", line_of(d, key), f)
        return CombatEffect()
    ctx.unknown_keys(v, _COMBAT_KEYS, f)
    return CombatEffect(drm=ctx.integer(v, "drm", f, required=False, default=0, minimum=-4, maximum=4) or 0,
                        halve_strength=ctx.boolean(v, "halve_strength", f),
                        prohibited=ctx.boolean(v, "prohibited", f),
                        condition=ctx.text(v, "condition", f, required=False))


def load_tec(data: Any, ctx: FileCtx, sides: tuple[str, ...] = ()) -> TerrainEffectsChart | None:
    d = ctx.mapping(data, "")
    if d is None:
        return None
    ctx.unknown_keys(d, ("provenance", "terrain", "features", "aliases", "discrepancies", "notes"), "")
    rows: dict[str, TerrainRow] = {}
    for f, r in ctx.records(d, "terrain", ("id", "name", "mp", "attack", "counterattack", "same_as", "see", "note", "printed_at")):
        rid = ctx.ident(r, "id", f)
        if rid is None:
            continue
        f = f"terrain[{rid}]"
        if rid in rows:
            ctx.error(f"duplicate terrain id {rid!r}", line_of(r, "id"), f)
            continue
        mp_raw = r.get("mp")
        mp: int | None = None
        if isinstance(mp_raw, int) and not isinstance(mp_raw, bool) and mp_raw >= 0:
            mp = mp_raw
        elif mp_raw not in (PROHIBITED, None):
            ctx.error("mp must be a non-negative integer or 'prohibited'", line_of(r, "mp"), f"{f}.mp")
        elif mp_raw is None and "same_as" not in r and "see" not in r:
            ctx.error("required field is missing", line_of(r), f"{f}.mp")
        rows[rid] = TerrainRow(
            id=rid, name=ctx.text(r, "name", f) or rid, mp=mp,
            attack=_combat(ctx, r, "attack", f), counterattack=_combat(ctx, r, "counterattack", f),
            same_as=ctx.text(r, "same_as", f, required=False), see=ctx.text(r, "see", f, required=False),
            note=ctx.text(r, "note", f, required=False, default="") or "",
            source=ctx.source(r), printed_at=ctx.text(r, "printed_at", f, required=False, default="") or "")
    for rid, r in rows.items():
        if r.same_as and r.same_as not in rows:
            ctx.error(f"same_as {r.same_as!r} is not a terrain row", r.source.line if r.source else None,
                      f"terrain[{rid}].same_as")
    for t in TERRAINS:
        if t not in rows:
            ctx.error(f"the chart has no row for map terrain {t!r}", line_of(d, "terrain"), "terrain")
    mods: dict[str, TerrainModifier] = {}
    feats = d.get("features")
    if isinstance(feats, dict):
        for mid, m in feats.items():
            f = f"features.{mid}"
            if not isinstance(m, dict):
                ctx.error("expected a mapping", line_of(feats, mid), f)
                continue
            ctx.unknown_keys(m, ("name", "mp", "applies_if_cost_at_least", "on_entering_hex", "no_ezoc_to_ezoc",
                                 "attack", "counterattack", "note", "printed_at"), f)
            mods[mid] = TerrainModifier(
                id=mid, name=ctx.text(m, "name", f) or mid,
                mp=ctx.integer(m, "mp", f, required=False, default=0, minimum=-6, maximum=6) or 0,
                applies_if_cost_at_least=ctx.integer(m, "applies_if_cost_at_least", f, required=False, minimum=0),
                on_entering_hex=ctx.boolean(m, "on_entering_hex", f),
                no_ezoc_to_ezoc=ctx.boolean(m, "no_ezoc_to_ezoc", f),
                attack=_combat(ctx, m, "attack", f), counterattack=_combat(ctx, m, "counterattack", f),
                note=ctx.text(m, "note", f, required=False, default="") or "",
                source=ctx.source(m), printed_at=ctx.text(m, "printed_at", f, required=False, default="") or "")
    else:
        ctx.error("required mapping is missing", line_of(d), "features")
    for needed in ("river", "major_river", "rail", "single_track_rail", "trench", "devastation"):
        if isinstance(feats, dict) and needed not in mods:
            ctx.error(f"feature {needed!r} is missing", line_of(d, "features"), "features")
    aliases: dict[str, str] = {}
    al = d.get("aliases") or {}
    if isinstance(al, dict):
        for k, v in al.items():
            if v not in rows:
                ctx.error(f"alias target {v!r} is not a terrain row", line_of(al, k), f"aliases.{k}")
            else:
                aliases[str(k)] = str(v)
    disc = tuple(x for x in (d.get("discrepancies") or []) if isinstance(x, dict))
    return TerrainEffectsChart(rows, mods, aliases, disc, ctx.provenance(d, "provenance", ""), ctx.source(d))


# --------------------------------------------------------------------------- Combat Results Table

@dataclass(frozen=True)
class CrtTable:
    id: str
    name: str
    from_date: GameDate | None          # first turn this table is used (13-26); None = from the start
    cells: Mapping[int, tuple[int, ...]]  # column -> results for dice die_min..die_max
    source: Source | None = None


@dataclass(frozen=True)
class CombatResultsTable:
    tables: tuple[CrtTable, ...]           # ordered by from_date
    die_min: int                           # -1 (13-12)
    die_max: int                           # 8 (13-16)
    max_column: int                        # 50 (13-19)
    provenance: Provenance | None = None
    source: Source | None = None

    def table_for(self, date: GameDate | None) -> CrtTable:
        chosen = self.tables[0]
        for t in self.tables:
            if t.from_date is None or (date is not None and date >= t.from_date):
                chosen = t
        return chosen

    def clamp_die(self, die: int) -> int:
        """13-12 / 13-16: adjusted rolls below −1 count as −1, above 8 as 8."""
        return max(self.die_min, min(self.die_max, die))

    def cell(self, column: int, die: int, date: GameDate | None = None) -> int:
        """One printed cell, no 13-19 decomposition."""
        t = self.table_for(date)
        if column not in t.cells:
            raise ModgenError(f"column {column} is not on the CRT")
        return t.cells[column][self.clamp_die(die) - self.die_min]

    def result(self, column: int, die: int, date: GameDate | None = None) -> int:
        """Strength points the other side must lose (13-13, 13-17), with the 13-19 rule for more than
        50 SP: n × result(50) + result(remainder), same adjusted die."""
        if column < 0:
            raise ModgenError(f"negative CRT column {column}")
        if column == 0:
            return 0
        multiples, remainder = divmod(column, self.max_column)
        total = multiples * self.cell(self.max_column, die, date) if multiples else 0
        if remainder:
            total += self.cell(remainder, die, date)
        return total


def load_crt(data: Any, ctx: FileCtx, sides: tuple[str, ...] = ()) -> CombatResultsTable | None:
    d = ctx.mapping(data, "")
    if d is None:
        return None
    ctx.unknown_keys(d, ("provenance", "die_min", "die_max", "max_column", "tables", "known_cells", "notes"), "")
    die_min = ctx.integer(d, "die_min", "")
    die_max = ctx.integer(d, "die_max", "")
    max_col = ctx.integer(d, "max_column", "", minimum=1)
    if die_min is None or die_max is None or max_col is None or die_max < die_min:
        if die_min is not None and die_max is not None and die_max < die_min:
            ctx.error("die_max is below die_min", line_of(d, "die_max"), "die_max")
        return None
    width = die_max - die_min + 1
    tables: list[CrtTable] = []
    for i, item, line in ctx.items(d, "tables", ""):
        f = f"tables[{i}]"
        t = ctx.mapping(item, f, line)
        if t is None:
            continue
        ctx.unknown_keys(t, ("id", "name", "from", "columns"), f)
        tid = ctx.ident(t, "id", f) or f"#{i}"
        f = f"tables[{tid}]"
        from_date = ctx.date(t, "from", f, required=False)
        cols = t.get("columns")
        cells: dict[int, tuple[int, ...]] = {}
        if not isinstance(cols, dict):
            ctx.error("required mapping column -> results is missing", line_of(t), f"{f}.columns")
            continue
        for col, row in cols.items():
            cf = f"{f}.columns[{col}]"
            if not isinstance(col, int) or isinstance(col, bool) or not 1 <= col <= max_col:
                ctx.error(f"column must be an integer 1..{max_col}", line_of(cols, col), cf)
                continue
            if (not isinstance(row, list) or len(row) != width
                    or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in row)):
                ctx.error(f"expected {width} non-negative integers (die {die_min}..{die_max})", line_of(cols, col), cf)
                continue
            cells[col] = tuple(row)
        missing = [c for c in range(1, max_col + 1) if c not in cells]
        if missing and len(cells) == len(cols):
            ctx.error(f"columns missing: {_ranges(missing)}", line_of(t, "columns"), f"{f}.columns")
        tables.append(CrtTable(tid, ctx.text(t, "name", f) or tid, from_date, cells, ctx.source(t)))
    if not tables:
        if "tables" in d:
            ctx.error("no table", line_of(d, "tables"), "tables")
        return None
    tables.sort(key=lambda t: (t.from_date is not None, t.from_date or GameDate(0, 1, 0)))
    crt = CombatResultsTable(tuple(tables), die_min, die_max, max_col, ctx.provenance(d, "provenance", ""),
                             ctx.source(d))
    # cells the rulebooks print must hold whatever the table says (Figure 9)
    for i, item, line in ctx.items(d, "known_cells", "", required=False):
        f = f"known_cells[{i}]"
        k = ctx.mapping(item, f, line)
        if k is None:
            continue
        tid = ctx.text(k, "table", f)
        col = ctx.integer(k, "column", f)
        die = ctx.integer(k, "die", f)
        res = ctx.integer(k, "result", f)
        ctx.text(k, "source", f)
        t = next((t for t in tables if t.id == tid), None)
        if t is None:
            ctx.error(f"unknown table {tid!r}", line_of(k, "table"), f"{f}.table")
        elif col in t.cells and die is not None and die_min <= die <= die_max:
            if t.cells[col][die - die_min] != res:
                ctx.error(f"table {tid} column {col} die {die} gives {t.cells[col][die - die_min]}, "
                          f"but the rulebook prints {res}", line, f)
    return crt


def _ranges(nums: list[int]) -> str:
    out, start, prev = [], None, None
    for n in nums:
        if start is None:
            start = prev = n
        elif n == prev + 1:
            prev = n
        else:
            out.append(f"{start}-{prev}" if start != prev else str(start))
            start = prev = n
    if start is not None:
        out.append(f"{start}-{prev}" if start != prev else str(start))
    return ", ".join(out)


# --------------------------------------------------------------------------- Sequence of Play


@dataclass(frozen=True)
class Phase:
    id: str                      # "cp-movement"
    name: str                    # "Movement Phase"
    side: str | None             # phasing side id; None = both players (special turn)
    special_turn: bool           # part of the Monthly Special Turn
    rule: str = ""
    description: str = ""
    source: Source | None = None


@dataclass(frozen=True)
class SequenceOfPlay:
    """Rule 5: each month is a Monthly Special Turn (turn 0) then 7 normal turns."""

    turns_per_month: int
    special_phases: tuple[Phase, ...]
    normal_phases: tuple[Phase, ...]
    source: Source | None = None

    @property
    def phases(self) -> tuple[Phase, ...]:
        return self.special_phases + self.normal_phases

    def phase(self, phase_id: str) -> Phase:
        for p in self.phases:
            if p.id == phase_id:
                return p
        raise ModgenError(f"{phase_id!r} is not a phase of the sequence of play")

    def phases_of(self, date: GameDate) -> tuple[Phase, ...]:
        return self.special_phases if date.turn == 0 else self.normal_phases

    def next_turn(self, date: GameDate) -> GameDate:
        """Record keeping (rule 5): after turn 7 comes the next month's Monthly Special Turn."""
        if date.turn < self.turns_per_month:
            return GameDate(date.year, date.month, date.turn + 1)
        if date.month == 12:
            return GameDate(date.year + 1, 1, 0)
        return GameDate(date.year, date.month + 1, 0)

    def next_phase(self, date: GameDate, phase_id: str) -> tuple[GameDate, Phase]:
        """The phase after ``phase_id`` on ``date``, moving to the next turn after the last one."""
        phases = self.phases_of(date)
        ids = [p.id for p in phases]
        if phase_id not in ids:
            raise ModgenError(f"{phase_id!r} is not a phase of {date}")
        i = ids.index(phase_id)
        if i + 1 < len(phases):
            return date, phases[i + 1]
        nxt = self.next_turn(date)
        return nxt, self.phases_of(nxt)[0]


def load_sequence(data: Any, ctx: FileCtx, sides: tuple[str, ...] = ()) -> SequenceOfPlay | None:
    d = ctx.mapping(data, "")
    if d is None:
        return None
    ctx.unknown_keys(d, ("turns_per_month", "special_turn", "normal_turn", "record_keeping", "rule", "notes"), "")
    tpm = ctx.integer(d, "turns_per_month", "", minimum=1, maximum=31)
    seen: set[str] = set()

    def phases(key: str, special: bool) -> tuple[Phase, ...]:
        out = []
        for f, p in ctx.records(d, key, ("id", "name", "side", "rule", "description")):
            pid = ctx.ident(p, "id", f)
            if pid is None:
                continue
            if pid in seen:
                ctx.error(f"duplicate phase id {pid!r}", line_of(p, "id"), f"{f}.id")
            seen.add(pid)
            side = ctx.text(p, "side", f, required=False)
            if side is not None and sides and side not in sides:
                ctx.error(f"{side!r} is not a side ({', '.join(sides)})", line_of(p, "side"), f"{f}.side")
            out.append(Phase(pid, ctx.text(p, "name", f) or pid, side, special, ctx.text(p, "rule", f, required=False,
                                                                                         default="") or "",
                             ctx.text(p, "description", f, required=False, default="") or "", ctx.source(p)))
        if not out and key in d:
            ctx.error("no phases", line_of(d, key), key)
        return tuple(out)

    sp = phases("special_turn", True)
    np_ = phases("normal_turn", False)
    if tpm is None or not sp or not np_:
        return None
    return SequenceOfPlay(tpm, sp, np_, ctx.source(d))


TABLE_LOADERS = {"tec": load_tec, "crt": load_crt, "sequence": load_sequence}

__all__ = ["TerrainEffectsChart", "TerrainRow", "TerrainModifier", "CombatEffect", "CombatResultsTable",
           "CrtTable", "SequenceOfPlay", "Phase", "load_tec", "load_crt", "load_sequence", "parse_date"]
