"""What every Der Weltkrieg combat module shares: the bookkeeping of the current phase's combats
(``CombatState`` in ``ctx.cache["dw-combat"]``), the strength of a unit as the log shows it (the
face showing, 13-24, under the strength reduction markers above it in stack order, 13-22), the
snapshot of a unit for the combat record (``CombatUnit``), sets of values (a strength the log
leaves open is every value it can be), and the units and HQs a declaration names.

Nothing here is a verdict; the rules are in the modules ``combat`` lists.
"""
from __future__ import annotations

import itertools

from modgen.check.context import DEAD_PILE, CheckContext, UnitState
from modgen.check.findings import Placeholder
from modgen.hexgrid import Hex

from ..rules import combat as C
from . import common as RP
from .common import is_unit
from .stacking import strength_markers as _strength_markers_in
from ..combat_record import Combat, CombatUnit
from ..declarations import hex_ref


ATTACK_DIE = "1d6"           # the module's combat die (modgen.module.buildfile)
SURRENDER_DIE = "2d6"        # 21-11
MAX_VALUES = 64              # a strength set larger than this is kept as its range
MAX_MARKER_ORDERS = 5        # strength markers in a hex whose every stack order is tried
#: combats in one phase beyond which rolls and declarations open no new combat (a hostile log's
#: thousands of rolls must not make the per-loss lookups quadratic); the report notes it
MAX_COMBATS_PER_PHASE = 500
NON_ATTACKERS = frozenset({"hq", "fortress", "rpl"})    # 18-15, 21-3, 24-1


class CombatState:
    """Combat bookkeeping of the current phase (``ctx.cache["dw-combat"]``)."""

    def __init__(self) -> None:
        self.phase_start: int | None = None
        self.phase: list[Combat] = []              # this phase's combats, in order
        # hex -> {"terrain": decl, "retreat": …, "counter": …}; ("siege", hex) -> a surrender roll
        self.pending: dict = {}
        self.retreated: dict[str, Hex] = {}        # piece -> hex it retreated into (14-15, 14-17)
        self.vacated: dict[Hex, Combat] = {}       # hexes the defenders left (15-1)
        self.siege: tuple[Hex, int] | None = None  # !siege <hex>: the next 2d6 (21-11)
        self.surrender_rolls: list = []            # the hex of each 2d6 (None: no !siege), 21-11
        self.assault_seen: dict[str, object] = {}  # nation -> first date assault units attacked it
        self.reported_moves: set = set()
        self.case7: list = []                      # retreat_column.Case7: 14-9 Column Attacks owed
        self.halved: list = []                     # (combat, unit, SP before, step): 14-16


def phase_state(ctx: CheckContext) -> CombatState:
    st = ctx.cache.get("dw-combat")
    if st is None or st.phase_start != ctx.phase_start_step:
        keep = st.assault_seen if st is not None else {}
        st = ctx.cache["dw-combat"] = CombatState()
        st.phase_start = ctx.phase_start_step
        st.assault_seen = keep
    return st


def combats(ctx: CheckContext) -> list[Combat]:
    """Every combat of the log so far (``ctx.combats``)."""
    return ctx.combats


def tec_table(ctx: CheckContext):
    tec = ctx.game.tables.get("tec") if ctx.game.tables else None
    return tec if hasattr(tec, "row") else None


def crt_table(ctx: CheckContext):
    crt = ctx.game.tables.get("crt") if ctx.game.tables else None
    return crt if hasattr(crt, "result") else None


def _face_strength(u: UnitState) -> int | None:
    c = u.counter
    face = c.back if u.reduced and c.back is not None else c.front
    return face.strength


def _back_strength(u: UnitState) -> int:
    b = u.counter.back
    return b.strength if b is not None and b.strength is not None else 0


def strength_markers_above(ctx: CheckContext, u: UnitState) -> list[str] | None:
    """13-22: the values of the strength reduction markers above ``u`` in its VASSAL stack, top
    first; None when the stack order is not known and the hex holds such markers."""
    here = [v for v in ctx.by_hex.get(u.hex, {}).values()
            if v.marker_id is not None and RP.marker_kind(ctx, v.marker_id) == "strength"]
    if not here:
        return []
    above = ctx.stack_above(u.piece)
    if above is None:
        return None
    ids = {v.piece: v for v in here}
    out = []
    for pid in above:
        v = ids.get(pid)
        if v is not None:
            m = ctx.game.markers.get(v.marker_id)
            out.append(v.marker_value or (m.values[0] if m is not None and m.values else ""))
    return out


def unit_strengths(ctx: CheckContext, u: UnitState) -> frozenset:
    """The strength of ``u`` now: the face showing (13-24), under the strength markers above it in
    stack order (13-22); every value the open readings allow (½ rounding; any order when the
    stack order is not known)."""
    s = _face_strength(u)
    if s is None or u.hex is None:
        return frozenset({s})
    if u.hex not in ctx.marker_hexes:
        return C.marker_strengths(s, ())           # no marker in the hex (most units)
    tops = strength_markers_above(ctx, u)
    if tops is None:
        vals = {s}
        here = _strength_markers_in(ctx, u.hex)
        if len(here) > MAX_MARKER_ORDERS:
            return frozenset(range(0, s + 1))      # too many orders to try: any strength
        for perm in set(itertools.permutations(here)):
            vals |= C.marker_strengths(s, list(perm))
        return frozenset(vals)
    return C.marker_strengths(s, tops)


def snapshot(ctx: CheckContext, u: UnitState) -> CombatUnit:
    c = u.counter
    loss = ()
    if not u.reduced and c.back is not None:
        why = c.placeholder("strength", True)
        if why is not None:
            loss = (Placeholder(f"strength {c.back.strength} of {u.name} (reduced side)", why),)
    shown = RP.placeholder_inputs(u, "strength")
    return CombatUnit(u.piece, u.unit_id, u.name, u.side, u.nation, c.type, c.size, u.hex,
                      _face_strength(u), unit_strengths(ctx, u), _back_strength(u),
                      c.full_strength, placeholders=shown, loss_placeholders=shown + loss,
                      circle_placeholders=RP.circle_placeholders(c, u.name)
                      if c.type in ("cav", "aslt", "mtn-aslt") else ())


def now_strengths(ctx: CheckContext, piece: str) -> frozenset:
    u = ctx.units.get(piece)
    if u is None or u.hex is None or u.map == DEAD_PILE:
        return frozenset({0})
    return unit_strengths(ctx, u)


def finding(ctx: CheckContext, c: Combat | None, rule_no: str, sev: str, msg: str, *,
            units=(), hexes=(), path=(), side=None, missing="", step=..., placeholders=()):
    f = ctx.finding(rule_no, sev, msg, units=units, hexes=hexes, path=path, side=side,
                    missing=missing, check="combat", step=step, placeholders=placeholders)
    if c is not None:
        # the verdict as reported (one resting on a placeholder is undetermined)
        c.verdicts.append((rule_no, f.severity, f.message))
    return f


def add_sets(a: frozenset, b: frozenset) -> frozenset:
    out = frozenset(x + y for x in a for y in b)
    if len(out) > MAX_VALUES:
        return frozenset(range(min(out), max(out) + 1))
    return out


def map_set(vals: frozenset, fn) -> frozenset:
    out = set()
    for v in vals:
        r = fn(v)
        out |= set(r) if isinstance(r, (set, frozenset)) else {r}
    return frozenset(out)


def fmt(vals) -> str:
    vals = sorted(v for v in vals if v is not None)
    if not vals:
        return "?"
    if len(vals) == 1:
        return str(vals[0])
    if vals == list(range(vals[0], vals[-1] + 1)) and len(vals) > 3:
        return f"{vals[0]}-{vals[-1]}"
    return " or ".join(map(str, vals))


def units_of(ctx: CheckContext, side: str | None):
    return [u for u in ctx.units.values() if is_unit(u) and u.hex is not None
            and (side is None or u.side == side)]


def read_refs(ctx: CheckContext, refs, sheet: str | None) -> list[tuple[str, Hex | None, bool]]:
    """Each typed reference of a ``with`` / ``half`` / ``for`` list as (ref, hex, is_hex): a hex
    is ``CCRR`` or, in a game of several sheets, ``SHEET:CCRR``; a bare hex is on the sheet of
    the hex before it in the list, the first on ``sheet`` (the sheet the declaration's hex was
    read on), as a bare hex of a ``!rail`` path is. ``hex`` is None for a name, and for a hex on
    a sheet that is not in play (``is_hex`` tells them apart)."""
    th = getattr(ctx.game, "theatre", None)
    multi = th is not None and th.multi
    inplay = [b.id for b in ctx.boards] if multi else []
    current = sheet or (inplay[0] if len(inplay) == 1 else None)
    out = []
    for ref in refs:
        parsed = hex_ref(ref)
        if parsed is None:
            out.append((ref, None, False))
            continue
        typed, h = parsed
        if not multi:
            out.append((ref, h, True))
            continue
        current = typed or current
        ok = current is not None and current in th.placements and (not inplay or current in inplay)
        out.append((ref, th.to_global(current, h) if ok else None, True))
    return out


def names_unit(ctx: CheckContext, refs, u: UnitState | CombatUnit, sheet: str | None) -> bool:
    """Whether a typed list (a ``for`` clause) names ``u``: by its name, id or designation, or
    by the hex it stands in (``u.hex``: for a combat's unit, where it was at the roll)."""
    live = ctx.units.get(u.piece) if isinstance(u, CombatUnit) else u
    for ref, h, is_hex in read_refs(ctx, refs, sheet):
        if is_hex:
            if h is not None and u.hex == h:
                return True
        elif live is not None and RP.unit_matches(ref, live):
            return True
    return False


def resolve_units(ctx: CheckContext, refs, side: str | None, near: Hex | None,
                  *, attack: bool = True, sheet: str | None = None) -> tuple[list[UnitState], list[str]]:
    """The units a declaration names (docs/declarations.md): a hex (``CCRR``, ``SHEET:CCRR``; a
    bare one on ``sheet``) means every unit of ``side`` there that may take part; a name, id or
    designation the unit of ``side`` it names (nearest to ``near`` when several match). Returns
    (units, refs that name none)."""
    out: list[UnitState] = []
    unknown: list[str] = []
    if not refs:
        return out, unknown
    # the units next to the hex attacked first (the usual case), all of the side's otherwise
    near_pool = None
    if near is not None:
        near_pool = [u for h in [near] + near.neighbours() for u in ctx.units_at(h)
                     if is_unit(u) and (side is None or u.side == side)]
    pool = None
    for ref, h, is_hex in read_refs(ctx, refs, sheet):
        r = ref.strip()
        if is_hex:
            if h is None:
                unknown.append(ref)
                continue
            here = [u for u in ctx.units_at(h) if is_unit(u) and (side is None or u.side == side)
                    and (not attack or (u.counter.type not in NON_ATTACKERS
                                        and u.counter.type != "eng"
                                        and not u.counter.front.defence_only))]
            if not here:
                unknown.append(ref)
            out += [u for u in sorted(here, key=lambda v: v.piece) if u not in out]
            continue
        hits = [u for u in near_pool if RP.unit_matches(r, u)] if near_pool else []
        if not hits:
            if pool is None:
                pool = units_of(ctx, side)
            hits = [u for u in pool if RP.unit_matches(r, u)]
        if not hits:
            unknown.append(ref)
            continue
        if near is not None:
            hits.sort(key=lambda v: (v.hex.distance(near), v.piece))
        if hits[0] not in out:
            out.append(hits[0])
    return out, unknown


def resolve_hq(ctx: CheckContext, ref: str, side: str | None) -> UnitState | None:
    if not ref:
        return None
    hit = ctx.cache.get("dw-hqs")
    if hit is None or hit[0] != ctx.version:
        hit = ctx.cache["dw-hqs"] = (ctx.version, [u for u in units_of(ctx, None)
                                                   if u.counter.type == "hq"])
    hqs = [u for u in hit[1] if side is None or u.side == side]
    r = " ".join(ref.lower().split())
    for u in hqs:
        if RP.unit_matches(r, u):
            return u
    for u in hqs:   # "1st" for "1st HQ XXXX", "tir" for "Tir HQ XXXX"
        if r in (u.counter.designation.lower(), u.name.lower().split(" hq")[0]):
            return u
    return None


def phase_full(ctx: CheckContext, st: CombatState) -> bool:
    if len(st.phase) < MAX_COMBATS_PER_PHASE:
        return False
    if ctx.once("combat", ("full", ctx.phase_start_step)):
        ctx.notes.append(f"more than {MAX_COMBATS_PER_PHASE} combats in the {ctx.phase_label()}: "
                         f"the rest of its rolls and attacks were not checked")
    return True


def open_combat(ctx: CheckContext, st: CombatState, side: str | None, target: Hex | None,
                step: int | None, text: str = "", sheet: str | None = None) -> Combat:
    kind = "column" if ctx.now.kind == "movement" else "attack"
    c = Combat(len(ctx.combats) + 1, kind, side, ctx.enemy_side(side), target, ctx.now.date,
               ctx.now.phase_id, ctx.phase_label(), declared_step=step if text else None,
               declaration=text, first_step=step, sheet=sheet)
    ctx.combats.append(c)
    st.phase.append(c)
    return c


def current_combat(st: CombatState) -> Combat | None:
    return st.phase[-1] if st.phase else None


def combat_for_hex(st: CombatState, h: Hex) -> Combat | None:
    for c in reversed(st.phase):
        if c.target == h:
            return c
    return None


def pending_for(st: CombatState, h: Hex) -> dict:
    return st.pending.setdefault(h, {})


def special_rule(ctx: CheckContext, number: str):
    return RP.special_rule(ctx, number)


def combat_of(st: CombatState, piece: str, *,
              roles=("attackers", "defenders")) -> tuple[Combat | None, str]:
    for c in reversed(st.phase):
        if c.closed or c.attack_roll is None and c.kind != "column":
            continue
        for role in roles:
            if any(u.piece == piece for u in getattr(c, role)):
                return c, role
    return None, ""


def snapshot_at(ctx: CheckContext, u: UnitState, h: Hex) -> CombatUnit:
    s = snapshot(ctx, u)
    s.hex = h
    return s


def run_combat_hook(ctx: CheckContext, c: Combat) -> None:
    if callable(ctx.hook_runner):
        ctx.hook_runner("combat", c)


def tec_row(tec, terrain: str):
    try:
        return tec.row(terrain)
    except Exception:  # noqa: BLE001
        return None


def on_map_6_4(ctx: CheckContext) -> bool:
    return any(b.id == "6-4" for b in ctx.boards)


def interval(vals) -> tuple[int, int]:
    vs = [v for v in vals if v is not None]
    return (min(vs), max(vs)) if vs else (0, 0)


def nations_of(units) -> list[str]:
    return sorted({u.nation for u in units if u.nation})


def siege_as_regular(ctx: CheckContext, c: Combat, a: CombatUnit) -> bool:
    """29-15: from 1915 a siege artillery unit attacking a hex without fortifications (a
    fortress, 29-2) is used as regular artillery: at half its strength, for combat and supply."""
    if a.type != "siege-art" or c.date is None or c.date.year < 1915 or c.target is None:
        return False
    return not any(is_unit(v) and v.counter.type == "fortress" and v.side != c.side
                   for v in ctx.units_at(c.target)) and not any(d.type == "fortress"
                                                                for d in c.defenders)
