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
from modgen.model.schema import (BOOL, DATE, IDENT, INVALID, NOTE, NOTES, PROVENANCE, TEXT, Field, FieldType, Int,
                                 ListOf, MapOf, OneOf, Record, Records, Schema)
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
COMBAT_EFFECT = Schema({"drm": Int(-4, 4), "halve_strength": BOOL, "prohibited": BOOL, "condition": TEXT},
                       name="tec.yaml: combat effect")


class _Combat(FieldType):
    """A TEC combat effect: ``none``, ``prohibited``, a die modifier, or a mapping."""

    label = "none, prohibited, a die modifier or a mapping {drm, halve_strength, prohibited, condition}"

    def check(self, ctx, v, line, field):
        if v == "none":
            return CombatEffect()
        if v == PROHIBITED:
            return CombatEffect(prohibited=True)
        if isinstance(v, int) and not isinstance(v, bool):
            return CombatEffect(drm=v)
        if not isinstance(v, dict):
            ctx.error("expected none, prohibited, a die modifier or a mapping", line, field)
            return INVALID
        r = COMBAT_EFFECT.read(ctx, v, field, line)
        return CombatEffect(drm=r["drm"] or 0, halve_strength=bool(r["halve_strength"]),
                            prohibited=bool(r["prohibited"]), condition=r["condition"])


class _Mp(FieldType):
    label = "a non-negative integer or 'prohibited'"

    def check(self, ctx, v, line, field):
        if v == PROHIBITED:
            return PROHIBITED
        if isinstance(v, int) and not isinstance(v, bool) and v >= 0:
            return v
        ctx.error("mp must be a non-negative integer or 'prohibited'", line, field)
        return INVALID


COMBAT = _Combat()
TEC_ROW = Schema({"id": Field(IDENT, required=True), "name": Field(TEXT, required=True), "mp": _Mp(),
                  "attack": COMBAT, "counterattack": COMBAT, "same_as": TEXT, "see": NOTE, "note": NOTE,
                  "printed_at": TEXT}, name="tec.yaml: terrain[]")
TEC_FEATURE = Schema({"name": Field(TEXT, required=True), "mp": Int(-6, 6), "applies_if_cost_at_least": Int(0),
                      "on_entering_hex": BOOL, "no_ezoc_to_ezoc": BOOL, "attack": COMBAT, "counterattack": COMBAT,
                      "note": NOTE, "printed_at": TEXT}, name="tec.yaml: features.<id>")
TEC_DISCREPANCY = Schema({"row": Field(TEXT, required=True), "field": Field(TEXT, required=True),
                          "printed": Field(OneOf(Int(), TEXT), required=True), "printed_at": TEXT,
                          "other": OneOf(Int(), TEXT), "other_at": NOTE,
                          "chosen": Field(OneOf(Int(), TEXT), required=True), "why": Field(NOTE, required=True)},
                         name="tec.yaml: discrepancies[]")
TEC_FILE = Schema({"provenance": PROVENANCE, "terrain": Field(Records(TEC_ROW), required=True),
                   "features": Field(MapOf(TEXT, Record(TEC_FEATURE)), required=True),
                   "aliases": MapOf(TEXT, TEXT), "discrepancies": ListOf(Record(TEC_DISCREPANCY)),
                   "notes": NOTES}, name="tables/der-weltkrieg/tec.yaml")


def _combat(ctx: FileCtx, d: dict, key: str, field: str) -> CombatEffect:
    v = d.get(key)
    if v is None:
        return CombatEffect()
    out = COMBAT.check(ctx, v, line_of(d, key), f"{field}.{key}")
    return CombatEffect() if out is INVALID else out


def load_tec(data: Any, ctx: FileCtx, sides: tuple[str, ...] = ()) -> TerrainEffectsChart | None:
    top = TEC_FILE.read(ctx, data, "")
    if top is None:
        return None
    d = top.node
    rows: dict[str, TerrainRow] = {}
    raw = d.get("terrain")
    for i, item in enumerate(raw if isinstance(raw, list) else ()):
        f = f"terrain[{i}]"
        if not isinstance(item, dict):
            TEC_ROW.read(ctx, item, f, raw.line_of(i) if hasattr(raw, "line_of") else None)
            continue
        rid = IDENT.check(ctx, item["id"], line_of(item, "id"), f"{f}.id") if item.get("id") is not None else None
        if rid is None or rid is INVALID:
            TEC_ROW.read(ctx, item, f)
            continue
        f = f"terrain[{rid}]"
        r = TEC_ROW.read(ctx, item, f, skip=("id",))
        if rid in rows:
            ctx.error(f"duplicate terrain id {rid!r}", line_of(item, "id"), f)
            continue
        mp = r["mp"] if r["mp"] != PROHIBITED else None
        if not r.present("mp") and not r.present("same_as") and not r.present("see"):
            ctx.error("required field is missing", line_of(item), f"{f}.mp")
        rows[rid] = TerrainRow(
            id=rid, name=r["name"] or rid, mp=mp,
            attack=r["attack"] or CombatEffect(), counterattack=r["counterattack"] or CombatEffect(),
            same_as=r["same_as"], see=r["see"], note=r["note"] or "",
            source=ctx.source(item), printed_at=r["printed_at"] or "")
    for rid, r in rows.items():
        if r.same_as and r.same_as not in rows:
            ctx.error(f"same_as {r.same_as!r} is not a terrain row", r.source.line if r.source else None,
                      f"terrain[{rid}].same_as")
    for t in TERRAINS:
        if t not in rows:
            ctx.error(f"the chart has no row for map terrain {t!r}", line_of(d, "terrain"), "terrain")
    mods: dict[str, TerrainModifier] = {}
    feats = top["features"]
    for mid, m in (feats or {}).items():
        mods[mid] = TerrainModifier(
            id=mid, name=m["name"] or mid, mp=m["mp"] or 0,
            applies_if_cost_at_least=m["applies_if_cost_at_least"],
            on_entering_hex=bool(m["on_entering_hex"]), no_ezoc_to_ezoc=bool(m["no_ezoc_to_ezoc"]),
            attack=m["attack"] or CombatEffect(), counterattack=m["counterattack"] or CombatEffect(),
            note=m["note"] or "", source=ctx.source(m.node), printed_at=m["printed_at"] or "")
    if feats is not None:
        for needed in ("river", "major_river", "rail", "single_track_rail", "trench", "devastation"):
            if needed not in mods:
                ctx.error(f"feature {needed!r} is missing", line_of(d, "features"), "features")
    aliases: dict[str, str] = {}
    al = d.get("aliases")
    for k, v in (top["aliases"] or {}).items():
        if v not in rows:
            ctx.error(f"alias target {v!r} is not a terrain row", line_of(al, k), f"aliases.{k}")
        else:
            aliases[str(k)] = str(v)
    disc = tuple(x.node for x in (top["discrepancies"] or ()))
    return TerrainEffectsChart(rows, mods, aliases, disc, top["provenance"], ctx.source(d))


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
    # (table id, column, die) of the cells a rulebook prints (``known_cells``): right even in a
    # placeholder table, so a verdict resting only on them is a real verdict
    printed_cells: frozenset = frozenset()

    @property
    def placeholder(self) -> bool:
        return self.provenance is not None and self.provenance.kind == "placeholder"

    def cell_is_printed(self, column: int, die: int, date: GameDate | None = None) -> bool:
        """Whether the cell(s) ``result(column, die, date)`` reads are printed values: every cell
        of a table whose provenance is not a placeholder, else only the ``known_cells`` (13-19
        reads the 50 column and the remainder's)."""
        if not self.placeholder:
            return True
        if column <= 0:
            return True
        tid = self.table_for(date).id
        d = self.clamp_die(die)
        multiples, remainder = divmod(column, self.max_column)
        cols = ([self.max_column] if multiples else []) + ([remainder] if remainder else [])
        return all((tid, c, d) in self.printed_cells for c in cols)

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


CRT_KNOWN_CELL = Schema({"table": Field(TEXT, required=True), "column": Field(Int(), required=True),
                         "die": Field(Int(), required=True), "result": Field(Int(), required=True),
                         "source": Field(NOTE, required=True)}, name="crt.yaml: known_cells[]")
CRT_TABLE = Schema({"id": Field(IDENT, required=True), "name": Field(TEXT, required=True), "from": DATE,
                    "columns": Field(MapOf(Int(1), ListOf(Int(0))), required=True)}, name="crt.yaml: tables[]")
CRT_FILE = Schema({"provenance": PROVENANCE, "die_min": Field(Int(), required=True),
                   "die_max": Field(Int(), required=True), "max_column": Field(Int(1), required=True),
                   "tables": Field(ListOf(Record(CRT_TABLE)), required=True),
                   "known_cells": ListOf(Record(CRT_KNOWN_CELL)), "notes": NOTES},
                  name="tables/der-weltkrieg/crt.yaml")


def load_crt(data: Any, ctx: FileCtx, sides: tuple[str, ...] = ()) -> CombatResultsTable | None:
    d = ctx.mapping(data, "")
    if d is None:
        return None
    CRT_FILE.read(ctx, d, "")       # every field's type; the loader below reads the table itself
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
    printed = set()
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
            else:
                printed.add((tid, col, die))
    if printed:
        from dataclasses import replace
        crt = replace(crt, printed_cells=frozenset(printed))
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

    def next_normal_turn(self, date: GameDate) -> GameDate:
        """The normal turn after ``date``: the Monthly Special Turn (turn 0) between two months is
        passed over (it has no Combat Phase)."""
        nxt = self.next_turn(date)
        return self.next_turn(nxt) if nxt.turn == 0 else nxt

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


PHASE = Schema({"id": Field(IDENT, required=True), "name": Field(TEXT, required=True), "side": TEXT,
                "rule": TEXT, "description": NOTE}, name="sequence-of-play.yaml: phases")
SEQUENCE_FILE = Schema({"turns_per_month": Field(Int(1, 31), required=True),
                        "special_turn": Field(Records(PHASE), required=True),
                        "normal_turn": Field(Records(PHASE), required=True), "record_keeping": NOTE,
                        "rule": TEXT, "notes": NOTES}, name="tables/der-weltkrieg/sequence-of-play.yaml")


def load_sequence(data: Any, ctx: FileCtx, sides: tuple[str, ...] = ()) -> SequenceOfPlay | None:
    top = SEQUENCE_FILE.read(ctx, data, "")
    if top is None:
        return None
    d = top.node
    tpm = top["turns_per_month"]
    seen: set[str] = set()

    def phases(key: str, special: bool) -> tuple[Phase, ...]:
        out = []
        for f, p in top.records(key, ctx):
            pid = p["id"]
            if pid is None:
                continue
            if pid in seen:
                ctx.error(f"duplicate phase id {pid!r}", p.line("id"), f"{f}.id")
            seen.add(pid)
            side = p["side"]
            if side is not None and sides and side not in sides:
                ctx.error(f"{side!r} is not a side ({', '.join(sides)})", p.line("side"), f"{f}.side")
            out.append(Phase(pid, p["name"] or pid, side, special, p["rule"] or "", p["description"] or "",
                             ctx.source(p.node)))
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
