"""Der Weltkrieg combat checked from a VASSAL log: attacks and Column Attacks (12, 13, 16), the
defender's terrain choice (13-3..13-6), losses (13-18..13-24, 21-5, 33-4), mandatory retreats
(14-4, 22-8, 22-16, 40-42, 47), retreats (14-6..14-20), advances (15), fortresses (21-1, 21-10,
21-11), artillery (29), cavalry retreat before combat (30-2, 30-3), assault units (33) and the
Italian Front attack limits (IF 3-5, 3-8, 3-9).

How a combat shows in a log (fixtures/vassal/logs README; what our module writes): a die roll is a
chat report plus ``MutableProperty`` changes (``DiceRolled``), a loss is a flip (``D/`` of the
``Step`` layer), a strength reduction marker placed in the hex (``+/`` and ``M/``) or a move to the
``Eliminated`` map; retreats and advances are moves in the Combat Phase. What it cannot show — who
attacks what with which SP, the terrain chosen, whether the defender retreats — comes from the chat
declarations of ``declarations`` (the system's keywords). Each combat becomes a ``combat_record.Combat`` in
``ctx.combats``; it is worked out when its phase ends (late losses still count) and then handed to
the ``combat`` hook.

Verdicts that need a fact neither the log nor a declaration gives are *undetermined*, naming it;
verdicts that rest on a placeholder cell of the CRT say so and are never violations; a printed CRT
(or the cells the rulebook prints, ``known_cells``) makes them real verdicts with no code change.
"""
from __future__ import annotations

import itertools
import re
from dataclasses import replace

from modgen.model.types import MONTHS

from modgen.check.context import DEAD_PILE, CheckContext, PhaseInfo, UnitState
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION, WARNING
from modgen.hexgrid import Hex

from ..rules import combat as C
from ..rules import movement as mv
from . import common as RP
from .stacking import strength_markers as _strength_markers_in, _stacking_options
from ..combat_record import (NO_SUPPLY_SEARCH, Combat, CombatMove, CombatUnit, DieRoll, Loss,
                            Resolution, fortress_surrounded_turns, hq_has_loc, is_surrounded,
                            supply_line_length)

ATTACK_DIE = "1d6"           # the module's combat die (modgen.module.buildfile)
SURRENDER_DIE = "2d6"        # 21-11
MAX_VALUES = 64              # a strength set larger than this is kept as its range
MAX_MARKER_ORDERS = 5        # strength markers in a hex whose every stack order is tried
#: combats in one phase beyond which rolls and declarations open no new combat (a hostile log's
#: thousands of rolls must not make the per-loss lookups quadratic); the report notes it
MAX_COMBATS_PER_PHASE = 500
NON_ATTACKERS = frozenset({"hq", "fortress", "rpl"})    # 18-15, 21-3, 24-1


# ============================================================================ state


class _State:
    """Combat bookkeeping of the current phase (``ctx.cache["dw-combat"]``)."""

    def __init__(self) -> None:
        self.phase_start: int | None = None
        self.phase: list[Combat] = []              # this phase's combats, in order
        self.pending: dict[str, dict] = {}         # hex -> {"terrain": decl, "retreat": …, "counter": …}
        self.retreated: dict[str, Hex] = {}        # piece -> hex it retreated into (14-15, 14-17)
        self.vacated: dict[Hex, Combat] = {}       # hexes the defenders left (15-1)
        self.siege: tuple[Hex, int] | None = None  # !siege <hex>: the next 2d6 (21-11)
        self.assault_seen: dict[str, object] = {}  # nation -> first date assault units attacked it
        self.reported_moves: set = set()


def _state(ctx: CheckContext) -> _State:
    st = ctx.cache.get("dw-combat")
    if st is None or st.phase_start != ctx.phase_start_step:
        keep = st.assault_seen if st is not None else {}
        st = ctx.cache["dw-combat"] = _State()
        st.phase_start = ctx.phase_start_step
        st.assault_seen = keep
    return st


def combats(ctx: CheckContext) -> list[Combat]:
    """Every combat of the log so far (``ctx.combats``)."""
    return ctx.combats


def _is_unit(u: UnitState) -> bool:
    return u.counter is not None and u.marker_id is None


def _tec(ctx: CheckContext):
    tec = ctx.game.tables.get("tec") if ctx.game.tables else None
    return tec if hasattr(tec, "row") else None


def _crt(ctx: CheckContext):
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


def _snap(ctx: CheckContext, u: UnitState) -> CombatUnit:
    c = u.counter
    return CombatUnit(u.piece, u.unit_id, u.name, u.side, u.nation, c.type, c.size, u.hex,
                      _face_strength(u), unit_strengths(ctx, u), _back_strength(u),
                      c.full_strength)


def _now_strengths(ctx: CheckContext, piece: str) -> frozenset:
    u = ctx.units.get(piece)
    if u is None or u.hex is None or u.map == DEAD_PILE:
        return frozenset({0})
    return unit_strengths(ctx, u)


def _finding(ctx: CheckContext, c: Combat | None, rule_no: str, sev: str, msg: str, *,
             units=(), hexes=(), path=(), side=None, missing="", step=...):
    if c is not None:
        c.verdicts.append((rule_no, sev, msg))
    return ctx.finding(rule_no, sev, msg, units=units, hexes=hexes, path=path, side=side,
                       missing=missing, check="combat", step=step)


# ============================================================================ sets


def _add_sets(a: frozenset, b: frozenset) -> frozenset:
    out = frozenset(x + y for x in a for y in b)
    if len(out) > MAX_VALUES:
        return frozenset(range(min(out), max(out) + 1))
    return out


def _map(vals: frozenset, fn) -> frozenset:
    out = set()
    for v in vals:
        r = fn(v)
        out |= set(r) if isinstance(r, (set, frozenset)) else {r}
    return frozenset(out)


def _fmt(vals) -> str:
    vals = sorted(v for v in vals if v is not None)
    if not vals:
        return "?"
    if len(vals) == 1:
        return str(vals[0])
    if vals == list(range(vals[0], vals[-1] + 1)) and len(vals) > 3:
        return f"{vals[0]}-{vals[-1]}"
    return " or ".join(map(str, vals))


# ============================================================================ resolving names


def _units_of(ctx: CheckContext, side: str | None):
    return [u for u in ctx.units.values() if _is_unit(u) and u.hex is not None
            and (side is None or u.side == side)]


def resolve_units(ctx: CheckContext, refs, side: str | None, near: Hex | None,
                  *, attack: bool = True) -> tuple[list[UnitState], list[str]]:
    """The units a declaration names (docs/declarations.md): a hex means every unit of ``side``
    there that may take part; a name, id or designation the unit of ``side`` it names (nearest
    to ``near`` when several match). Returns (units, refs that name none)."""
    out: list[UnitState] = []
    unknown: list[str] = []
    if not refs:
        return out, unknown
    # the units next to the hex attacked first (the usual case), all of the side's otherwise
    near_pool = None
    if near is not None:
        near_pool = [u for h in [near] + near.neighbours() for u in ctx.units_at(h)
                     if _is_unit(u) and (side is None or u.side == side)]
    pool = None
    for ref in refs:
        r = ref.strip()
        if len(r) == 4 and r.isdigit():
            h = Hex.parse(r)
            here = [u for u in ctx.units_at(h) if _is_unit(u) and (side is None or u.side == side)
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
                pool = _units_of(ctx, side)
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
        hit = ctx.cache["dw-hqs"] = (ctx.version, [u for u in _units_of(ctx, None)
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


# ============================================================================ declarations


def _full(ctx: CheckContext, st: _State) -> bool:
    if len(st.phase) < MAX_COMBATS_PER_PHASE:
        return False
    if ctx.once("combat", ("full", ctx.phase_start_step)):
        ctx.notes.append(f"more than {MAX_COMBATS_PER_PHASE} combats in the {ctx.phase_label()}: "
                         f"the rest of its rolls and attacks were not checked")
    return True


def _open(ctx: CheckContext, st: _State, side: str | None, target: Hex | None, step: int | None,
          text: str = "") -> Combat:
    kind = "column" if ctx.now.kind == "movement" else "attack"
    c = Combat(len(ctx.combats) + 1, kind, side, ctx.enemy_side(side), target, ctx.now.date,
               ctx.now.phase_id, ctx.phase_label(), declared_step=step if text else None,
               declaration=text, first_step=step)
    ctx.combats.append(c)
    st.phase.append(c)
    return c


def _current(st: _State) -> Combat | None:
    return st.phase[-1] if st.phase else None


def _combat_for_hex(st: _State, h: Hex) -> Combat | None:
    for c in reversed(st.phase):
        if c.target == h:
            return c
    return None


def _pending(st: _State, h: Hex) -> dict:
    return st.pending.setdefault(str(h), {})


@rule("12-1", "declare")
def combat_declarations(ctx: CheckContext, d):
    """12-1..12-10, 16-1, 16-5: an ``!attack`` opens a combat against a hex in the attacking side's
    Combat Phase (or a Column Attack in its Movement Phase); ``!counterattack``, ``!terrain``,
    ``!retreat <hex>`` and ``!hold`` attach the defender's facts to it."""
    kw = d.keyword
    if kw not in ("attack", "counterattack", "terrain", "retreat", "hold", "siege", "advance"):
        return
    st = _state(ctx)
    if kw == "attack":
        yield from _declare_attack(ctx, st, d)
    elif kw == "counterattack":
        c = _combat_for_hex(st, d.target)
        if c is None or c.closed:
            _pending(st, d.target)["counter"] = d
            return
        _attach_counter(ctx, c, d)
    elif kw == "terrain":
        c = _combat_for_hex(st, d.hexes[0])
        if c is None or c.attack_roll is not None and c.terrain is not None:
            _pending(st, d.hexes[0])["terrain"] = d
            if c is None:
                return
        if c is not None:
            c.terrain, c.terrain_step = d.args[0], d.step
    elif kw in ("retreat", "hold") and (kw == "hold" or d.args == ("hex",)):
        h = d.hexes[0]
        c = _combat_for_hex(st, h)
        value = kw == "retreat"
        if c is None:
            _pending(st, h)["retreat"] = (value, d.step)
        else:
            c.retreat, c.retreat_step = value, d.step
    elif kw == "siege":
        st.siege = (d.hexes[0], d.step)


def _declare_attack(ctx: CheckContext, st: _State, d):
    side = ctx.now.side
    target = d.target
    if _full(ctx, st):
        return
    prev = _combat_for_hex(st, target)
    if prev is not None and prev.attack_roll is None and not prev.losses and prev.declared_step:
        # typed again before the roll: a correction of the declaration, not a second attack
        st.phase.remove(prev)
        ctx.combats.remove(prev)
        for i, c in enumerate(ctx.combats):
            c.number = i + 1
    units_here = [u for u in ctx.units_at(target) if _is_unit(u) and u.counter.type != "hq"]
    if units_here:
        # the attacker is the enemy of the hex's units, whatever the phase (12-1 says when)
        side = ctx.enemy_side(units_here[0].side) or side
    c = _open(ctx, st, side, target, d.step, d.text)
    c.option = d.option
    if ctx.now.phase is not None and not (ctx.now.kind in ("combat", "movement")
                                          and ctx.now.side == side):
        yield _finding(ctx, c, "12-1", VIOLATION, f"!attack on {target} in the "
                       f"{ctx.phase_label()}: a side attacks in its own Combat Phase (12-1), or "
                       f"with a Column Attack in its own Movement Phase (16-1)",
                       hexes=[target], side=side)
    if d.units is not None:
        found, unknown = resolve_units(ctx, d.units, side, target)
        for ref in unknown:
            yield _finding(ctx, c, "12-1", WARNING, f"!attack {target} names {ref!r}, which is no "
                           f"unit of the {ctx.side_name(side)} on the map", hexes=[target],
                           side=side)
        c.attackers = [_snap(ctx, u) for u in found]
        c.attackers_known = not unknown
    half, _unk = resolve_units(ctx, d.half, side, target, attack=False)
    c.half = tuple(u.piece for u in half)
    c.supply = d.supply
    if d.supply is not None:
        _resolve_supply(ctx, c, d.supply, side, counter=False)
    p = st.pending.pop(str(target), {})
    if "terrain" in p:
        c.terrain, c.terrain_step = p["terrain"].args[0], p["terrain"].step
    if "retreat" in p:
        c.retreat, c.retreat_step = p["retreat"]
    if "counter" in p:
        _attach_counter(ctx, c, p["counter"])
    yield from _attack_legality(ctx, st, c)


def _resolve_supply(ctx: CheckContext, c: Combat, payments, side, *, counter: bool) -> None:
    hqs = c.counter_supply_hqs if counter else c.supply_hqs
    for i, p in enumerate(payments):
        hq = resolve_hq(ctx, p.hq, side)
        if hq is not None:
            hqs[i] = hq.piece


def _attach_counter(ctx: CheckContext, c: Combat, d) -> None:
    c.counter_declared_step = d.step
    if d.option == "none":
        c.counterattack = False
        return
    c.counterattack = True
    c.counter_supply = d.supply
    if d.supply is not None:
        _resolve_supply(ctx, c, d.supply, c.defender_side, counter=True)
    if d.units is not None:
        found, _unk = resolve_units(ctx, d.units, c.defender_side, c.target, attack=False)
        c.counterattackers = [_snap(ctx, u) for u in found]
    half, _unk = resolve_units(ctx, d.half, c.defender_side, c.target, attack=False)
    c.counter_half = tuple(u.piece for u in half)


# ============================================================================ who may attack


def _attack_legality(ctx: CheckContext, st: _State, c: Combat):
    """12-4, 12-5, 12-7, 12-9, 16-4, 16-5, 16-10, 21-3, 24-1, 29-2, IF 3-9: checked when the attack
    is declared (the positions then are those of the combat)."""
    target = c.target
    mapdef = ctx.mapdef()
    tec = _tec(ctx)
    enemies = [u for u in ctx.units_at(target) if _is_unit(u) and u.side == c.defender_side]
    if not enemies and c.attackers:
        if not all(C_is_assault(a) for a in c.attackers):
            yield _finding(ctx, c, "12-1", VIOLATION, f"{target} holds no enemy unit: only enemy "
                           f"occupied hexes are attacked (12-2; 33-7 lets assault units attack a "
                           f"vacant hex)", hexes=[target], side=c.side)
    for a in c.attackers:
        u = ctx.units.get(a.piece)
        if a.hex is None:
            continue
        if a.type in NON_ATTACKERS or (u is not None and u.counter.front.defence_only):
            why = {"hq": "18-15", "fortress": "21-3", "rpl": "24-1"}.get(a.type, "12-14")
            yield _finding(ctx, c, why, VIOLATION, f"{a.name} may not attack "
                           f"({_NO_ATTACK[why]})", units=[u] if u else [], hexes=[a.hex, target])
            continue
        if target not in a.hex.neighbours():
            yield _finding(ctx, c, "12-4", VIOLATION, f"{a.name} in {a.hex} attacks {target}, "
                           f"which is not adjacent (distance {a.hex.distance(target)})",
                           units=[u] if u else [], hexes=[a.hex, target],
                           path=[a.hex, target])
            continue
        side = mapdef.hexside(a.hex, target) if mapdef is not None else None
        if side is not None and tec is not None:
            try:
                prohibited = tec.row(side.terrain).prohibited
            except Exception:  # noqa: BLE001 — a terrain the chart does not know: no verdict
                prohibited = False
            if prohibited or side.terrain == "alpine":
                yield _finding(ctx, c, "12-5", VIOLATION, f"{a.name} attacks {target} from "
                               f"{a.hex} across a {side.terrain} hexside; units never attack "
                               f"across alpine, sea or lake hexsides", units=[u] if u else [],
                               hexes=[a.hex, target], path=[a.hex, target])
            elif c.kind == "column" and (side.terrain in COLUMN_BANNED or side.major_river):
                what = "major river" if side.major_river else side.terrain.replace("_", " ")
                yield _finding(ctx, c, "16-10", VIOLATION, f"{a.name} makes a Column Attack on "
                               f"{target} across a {what} hexside from {a.hex}",
                               units=[u] if u else [], hexes=[a.hex, target],
                               path=[a.hex, target])
        if c.kind == "column" and a.type in ("art", "siege-art"):
            yield _finding(ctx, c, "16-4", VIOLATION, f"{a.name}: artillery may not make a "
                           f"Column Attack", units=[u] if u else [], hexes=[a.hex, target])
        if a.type == "siege-art" and c.date is not None and c.date.year == 1914 \
                and not any(v.counter.type == "fortress" for v in enemies):
            yield _finding(ctx, c, "29-2", VIOLATION, f"{a.name}: in 1914 siege artillery attacks "
                           f"only hexes with fortifications; {target} has none",
                           units=[u] if u else [], hexes=[a.hex, target])
        # 12-9 (Combat Phase) / 16-5 (one Column Attack per Movement Phase)
        for other in st.phase:
            if other is c or other.kind != c.kind:
                continue
            if any(o.piece == a.piece for o in other.attackers):
                rule_no = "16-5" if c.kind == "column" else "12-9"
                yield _finding(ctx, c, rule_no, VIOLATION, f"{a.name} already attacked "
                               f"{other.target} (step {other.declared_step}) in this phase; a unit "
                               f"{'makes one Column Attack per Movement Phase' if c.kind == 'column' else 'attacks once per phase'}",
                               units=[u] if u else [], hexes=[a.hex, target])
                break
        if ctx.scenario is not None and u is not None:
            yield from _if_3_9(ctx, c, u, target)
    if c.kind == "attack":
        for other in st.phase:
            if other is not c and other.kind == "attack" and other.target == target:
                yield _finding(ctx, c, "12-7", VIOLATION, f"{target} was already attacked in this "
                               f"Combat Phase (step {other.first_step}); a hex is attacked once "
                               f"per Combat Phase", hexes=[target], side=c.side)
                break
    # 11-10: attack limits on reduced hexes
    board = RP.board_state(ctx)
    if board is not None and c.attackers:
        from ..rules import stacking as _stacking
        views = [RP.unit_view(ctx.units[a.piece]) for a in c.attackers if a.piece in ctx.units]
        msg = _stacking.check_attack_limit(board, target, views, _stacking_options(ctx))
        if msg:
            yield _finding(ctx, c, "11-10", VIOLATION, msg.split(": ", 1)[-1], hexes=[target],
                           side=c.side)


_NO_ATTACK = {"18-15": "Headquarters have a strength for defence only",
              "21-3": "fortresses never attack",
              "24-1": "Replacement units never attack or counterattack",
              "12-14": "a strength in parentheses is for defence only"}
#: 16-10: hexsides a Column Attack never crosses (and any major river)
COLUMN_BANNED = frozenset({"ocean", "lake", "alpine", "mountain", "urban", "wooded_rough"})


def C_is_assault(a: CombatUnit) -> bool:
    return a.type in ("aslt", "mtn-aslt")


def _special(ctx: CheckContext, number: str):
    return RP.special_rule(ctx, number)


_DATE = re.compile(r"turn\s+(\d)\s+of\s+(" + "|".join(MONTHS) + r")\s+(\d{4})", re.I)


def _if_3_9(ctx: CheckContext, c: Combat, u: UnitState, target: Hex):
    """IF 3-9: before turn 6 of August 1916 no German unit attacks into Italy."""
    r = _special(ctx, "3-9")
    if r is None or u.nation != "germany" or c.date is None or ctx.declarations.of("war"):
        return
    m = _DATE.search(r.text or "")
    if not m:
        return
    from modgen.model.types import GameDate, MONTHS
    limit = GameDate(int(m.group(3)), [x.lower() for x in MONTHS].index(m.group(2).lower()) + 1,
                     int(m.group(1)))
    mapdef = ctx.mapdef()
    info = mapdef.hexes.get(target) if mapdef else None
    if c.date < limit and info is not None and info.country == "italy":
        yield _finding(ctx, c, "IF 3-9", VIOLATION, f"{u.name} attacks {target} in Italy on "
                       f"{c.date}; no German unit may attack into Italy before {limit}",
                       units=[u], hexes=[u.hex, target])


# ============================================================================ dice


@rule("13-9", "dice")
def combat_dice(ctx: CheckContext, roll):
    """13-9, 13-15, 21-11: a 1d6 roll in a Combat Phase (or the phasing side's Movement Phase) is
    the attack roll of the combat declared before it, or its counterattack roll; a 2d6 roll is a
    fortress surrender roll (21-11). Undeclared rolls open a combat whose hex is learnt from the
    losses that follow."""
    st = _state(ctx)
    if roll.button == SURRENDER_DIE:
        yield from _surrender_roll(ctx, st, roll)
        return
    if roll.button != ATTACK_DIE or ctx.now.kind not in ("combat", "movement"):
        return
    r = DieRoll(ctx.step or 0, roll.button, tuple(roll.values), roll.total, roll.who, roll.side)
    c = _current(st)
    if c is not None and c.attack_roll is None and not c.closed:
        _take_roll(ctx, c, r)
        return
    if c is not None and c.attack_roll is not None and c.counter_roll is None \
            and c.counterattack is not False and not c.closed and not _resolved(c):
        c.counter_roll = r
        if c.counterattack is None:
            c.counterattack = True
        _snapshot_counter(ctx, c)
        return
    if ctx.now.kind == "movement" or _full(ctx, st):
        return   # a roll in a Movement Phase without an !attack: not known to be a Column Attack
    c = _open(ctx, st, ctx.now.side, None, ctx.step)
    c.notes.append(f"die roll at step {r.step} with no !attack declaration before it")
    _take_roll(ctx, c, r)


def _resolved(c: Combat) -> bool:
    """A combat whose losses or retreats have begun takes no further roll."""
    return bool(c.losses or c.retreats or c.advances)


def _take_roll(ctx: CheckContext, c: Combat, r: DieRoll) -> None:
    c.attack_roll = r
    # 12-13: strengths are judged at the instant of the combat
    if c.attackers:
        c.attackers = [_snap(ctx, ctx.units[a.piece]) if a.piece in ctx.units
                       and ctx.units[a.piece].hex is not None else a for a in c.attackers]
        _close_earlier(ctx, c, [a.piece for a in c.attackers])
    if c.target is not None:
        _snapshot_defenders(ctx, c)


def _snapshot_defenders(ctx: CheckContext, c: Combat) -> None:
    st = _state(ctx)
    here = [u for u in ctx.units_at(c.target) if _is_unit(u) and u.side == c.defender_side]
    c.defenders = [_snap(ctx, u) for u in here if u.piece not in st.retreated]
    c.excluded = [_snap(ctx, u) for u in here if u.piece in st.retreated]
    _close_earlier(ctx, c, [d.piece for d in c.defenders])
    if not c.counterattackers and c.counterattack is not False:
        c.counterattackers = [d for d in c.defenders if _may_counterattack(c, d)]


def _snapshot_counter(ctx: CheckContext, c: Combat) -> None:
    if not c.counterattackers:
        c.counterattackers = [d for d in c.defenders if _may_counterattack(c, d)]


def _may_counterattack(c: Combat, d: CombatUnit) -> bool:
    """12-11 every unit in the hex may counterattack, but not HQs (18-15: they defend only when
    alone), Replacement units (24-1) or siege artillery (29-2); against an artillery-only attack
    only artillery (29-7)."""
    if d.type in ("hq", "rpl", "siege-art", "eng"):
        return False
    if c.attackers and all(a.type in ("art", "siege-art") for a in c.attackers):
        return d.type == "art"
    return True


def _close_earlier(ctx: CheckContext, c: Combat, pieces) -> None:
    """A unit entering a new combat ends its part in the earlier ones: their "after" strengths
    are read now."""
    st = _state(ctx)
    ps = set(pieces)
    for other in st.phase:
        if other is c or other.attack_roll is None:
            continue
        for u in other.attackers + other.defenders:
            if u.piece in ps and u.after is None:
                u.after = _now_strengths(ctx, u.piece)


# ============================================================================ losses, retreats, advances


def _combat_of(st: _State, piece: str, *, roles=("attackers", "defenders")) -> tuple[Combat | None, str]:
    for c in reversed(st.phase):
        if c.closed or c.attack_roll is None and c.kind != "column":
            continue
        for role in roles:
            if any(u.piece == piece for u in getattr(c, role)):
                return c, role
    return None, ""


def _infer_target(ctx: CheckContext, c: Combat, h: Hex, side: str | None) -> None:
    """An undeclared combat learns its hex from the first loss of a non-phasing unit after the
    roll (only a unit of the attacked hex may lose SP to the attack, 13-13)."""
    c.target = h
    c.defender_side = side
    c.notes.append(f"the hex attacked, {h}, is inferred from the defender's losses after the roll")
    _snapshot_defenders(ctx, c)
    cand = [u for u in _units_of(ctx, c.side) if u.hex in h.neighbours()
            and u.counter.type not in NON_ATTACKERS]
    c.attackers = [_snap(ctx, u) for u in cand]
    c.attackers_known = False


def _loss(ctx: CheckContext, u: UnitState, how: str, at: Hex | None):
    """A strength loss of unit ``u`` (flip, marker over it, elimination): part of the combat the
    unit took part in this phase; 13-18 when it is an attacking-side unit of no attack."""
    st = _state(ctx)
    if ctx.now.kind not in ("combat", "movement"):
        return
    c, role = _combat_of(st, u.piece)
    if c is None:
        cur = _current(st)
        if cur is not None and not cur.closed and cur.attack_roll is not None:
            if cur.target is None and u.side != cur.side and at is not None:
                _infer_target(ctx, cur, at, u.side)
                c, role = _combat_of(st, u.piece)
            elif u.side == cur.side and not cur.attackers_known and cur.target is not None:
                if at is not None and at in cur.target.neighbours():
                    cur.attackers.append(_snap(ctx, u))
                    c, role = cur, "attackers"
            elif u.side == cur.side and cur.attackers_known and ctx.now.kind == "combat":
                msg = (f"{u.name} lost strength ({how}) after the attack on {cur.target}, but it "
                       f"did not take part in it: only units that attacked take the "
                       f"counterattack's losses")
                if how == "flip":
                    yield _finding(ctx, cur, "13-18", VIOLATION, msg, units=[u],
                                   hexes=[h for h in (at, cur.target) if h])
                else:
                    # an elimination (20-13 pockets) or a marker moved with a stack may have
                    # another reason
                    yield _finding(ctx, cur, "13-18", UNDETERMINED, msg, units=[u],
                                   hexes=[h for h in (at, cur.target) if h],
                                   missing="why the unit lost strength outside the combat")
                return
    if c is None:
        return
    last = c.losses[-1] if c.losses else None
    if last is None or (last.step, last.piece, last.how) != (ctx.step, u.piece, how):
        c.losses.append(Loss(ctx.step or 0, how, u.piece, u.name, u.side))
    c.last_step = ctx.step
    if role == "defenders" and how == "eliminated" and c.target is not None and not any(
            v.side == c.defender_side and _is_unit(v) and v.counter.type not in ("hq",)
            for v in ctx.units_at(c.target)):
        # every defender gone: 14-14 counts units that could not retreat as retreated, so the
        # attackers' entry into the hex is taken as an advance
        _state(ctx).vacated.setdefault(c.target, c)


@rule("13-21", "flip")
def losses_by_flip(ctx: CheckContext, u: UnitState, before: int, after: int):
    """13-21: a unit flipped to its reduced side in a combat lost SP in it."""
    if not _is_unit(u) or after <= before:
        return
    yield from _loss(ctx, u, "flip", u.hex) or ()


@rule("13-22", "restack")
def losses_by_restacking(ctx: CheckContext, u: UnitState, h: Hex):
    """13-22: a unit (or a strength marker) moved within its hex: the units now under a strength
    marker they were not under lost strength."""
    if u.marker_id is not None:
        if RP.marker_kind(ctx, u.marker_id) == "strength":
            for v in ctx.units_at(h):
                if _is_unit(v) and u.piece in (ctx.stack_above(v.piece) or ()):
                    yield from _loss(ctx, v, "marker", h)
        return
    if _is_unit(u) and strength_markers_above(ctx, u):
        yield from _loss(ctx, u, "marker", h)


@rule("14-6", "move")
def combat_moves(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """Moves in a Combat Phase (and after a Column Attack) are retreats (14), advances (15) or
    cavalry retreats before combat (30-2); anything else breaks 6-3. Eliminations and strength
    markers placed over a unit are losses (13-21). Fortresses never move (21-1)."""
    kind = ctx.now.kind
    if u.marker_id is not None:
        if to is not None and kind in ("combat", "movement") \
                and RP.marker_kind(ctx, u.marker_id) == "strength":
            for v in ctx.units_at(to):
                if _is_unit(v) and (ctx.stack_above(v.piece) is None
                                    or u.piece in (ctx.stack_above(v.piece) or ())):
                    yield from _loss(ctx, v, "marker", to) or ()
        return
    if not _is_unit(u):
        return
    if u.counter.type == "fortress":
        if frm is not None and to is not None and frm != to:
            yield ctx.finding("21-1", VIOLATION, f"the fortress {u.name} moved {frm}→{to}; "
                              f"fortresses are immobile and never move or retreat",
                              units=[u], hexes=[frm, to], path=[frm, to], check="combat")
        return
    if to is None:
        if frm is not None and u.map == DEAD_PILE:
            yield from _loss(ctx, u, "eliminated", frm) or ()
        elif frm is not None and kind in ("combat", "movement"):
            yield from _loss(ctx, u, "deleted", frm) or ()
        return
    if frm is None and kind in ("combat", "movement") and frm_map != DEAD_PILE:
        _placed_during_combat(ctx, u, to)
        return
    if frm is None or frm == to:
        return
    if kind == "combat":
        yield from _combat_phase_move(ctx, u, frm, to)
    elif kind == "movement" and ctx.now.side != u.side:
        yield from _column_retreat(ctx, u, frm, to)
    elif kind == "movement":
        st = _state(ctx)
        c = st.vacated.get(to)
        if c is not None and c.kind == "column" and any(a.piece == u.piece for a in c.attackers):
            c.advances.append(CombatMove(ctx.step or 0, u.piece, u.name, frm, to))


def _placed_during_combat(ctx: CheckContext, u: UnitState, h: Hex) -> None:
    """A unit placed on the map (from a palette or pool) in the hex of a unit that is taking its
    losses: a counter swapped for a weaker one (an assault unit reverting to its regular type,
    33-4, a division replaced by a brigade) — the log does not say which, so the combat's loss
    verdicts become undetermined."""
    st = _state(ctx)
    for c in reversed(st.phase):
        if c.closed or c.attack_roll is None:
            continue
        if any(x.hex == h and x.side == u.side for x in c.attackers + c.defenders):
            c.swapped.append(u.name)
            c.notes.append(f"{u.name} was placed in {h} at step {ctx.step} while the combat's "
                           f"losses were taken: a counter swap? (the losses are not judged)")
            return


def column_attack_defender(ctx: CheckContext, u: UnitState, frm: Hex) -> bool:
    """16-9: ``u`` is a defender of a Column Attack on ``frm`` made this Movement Phase (its
    roll is in the log): it may retreat in the enemy's Movement Phase."""
    st = ctx.cache.get("dw-combat")
    if st is None or st.phase_start != ctx.phase_start_step:
        return False
    return any(c.kind == "column" and c.target == frm and c.attack_roll is not None
               and any(d.piece == u.piece for d in c.defenders) for c in st.phase)


def column_attack_advance(ctx: CheckContext, u: UnitState, to: Hex) -> bool:
    """16-9: ``u`` attacked in a Column Attack this Movement Phase whose defenders left ``to``:
    it may advance into it without spending Movement Points."""
    st = ctx.cache.get("dw-combat")
    if st is None or st.phase_start != ctx.phase_start_step:
        return False
    c = st.vacated.get(to)
    return c is not None and c.kind == "column" and any(a.piece == u.piece for a in c.attackers)


def _column_retreat(ctx: CheckContext, u: UnitState, frm: Hex, to: Hex):
    """16-9: units attacked by a Column Attack may retreat in the enemy's Movement Phase."""
    st = _state(ctx)
    c, role = _combat_of(st, u.piece, roles=("defenders",))
    if c is not None and c.kind == "column" and frm == c.target:
        yield from _retreat(ctx, st, c, u, frm, to)


def _combat_phase_move(ctx: CheckContext, u: UnitState, frm: Hex, to: Hex):
    st = _state(ctx)
    phasing = ctx.now.side
    # a retreat: a defender of a combat leaving the hex attacked
    c, role = _combat_of(st, u.piece, roles=("defenders", "excluded"))
    if c is not None and frm == c.target:
        yield from _retreat(ctx, st, c, u, frm, to)
        return
    if u.side != phasing:
        cur = _current(st)
        if cur is not None and cur.target is None and cur.attack_roll is not None \
                and any(v.side == phasing for n in frm.neighbours() for v in ctx.units_at(n)):
            _infer_target(ctx, cur, frm, u.side)
            cur.defenders.append(_snap_at(ctx, u, frm))
            yield from _retreat(ctx, st, cur, u, frm, to)
            return
        pre = _pre_combat_cavalry(ctx, st, u, frm)
        if pre is not None:
            yield from _retreat(ctx, st, pre, u, frm, to, before_combat=True)
            return
        if frm.distance(to) > 1 or not any(v.side == phasing and _is_unit(v)
                                           for n in frm.neighbours() for v in ctx.units_at(n)):
            yield _move_not_retreat(ctx, u, frm, to, "no attack on it")
            return
        yield ctx.finding("6-3", UNDETERMINED, f"{u.name} moved {frm}→{to} in the "
                          f"{ctx.phase_label()}; a unit moves in an enemy Combat Phase only to "
                          f"retreat, and no attack on {frm} shows in the log", units=[u],
                          hexes=[frm, to], path=[frm, to], check="combat",
                          missing=f"an !attack on {frm} (and its die roll)")
        return
    # an advance: an attacker entering the hex its defenders left
    c = st.vacated.get(to)
    if c is not None and frm.distance(to) == 1:
        if any(a.piece == u.piece for a in c.attackers) or not c.attackers_known:
            if not c.attackers_known and not any(a.piece == u.piece for a in c.attackers):
                c.attackers.append(_snap_at(ctx, u, frm))
            yield from _advance(ctx, st, c, u, frm, to)
            return
        yield _finding(ctx, c, "15-1", VIOLATION, f"{u.name} advanced {frm}→{to} after the "
                       f"combat against {to}, in which it did not attack; only attacking units "
                       f"advance into the vacated hex", units=[u], hexes=[frm, to],
                       path=[frm, to])
        return
    if frm.distance(to) == 1 and u.counter.type in ("aslt", "mtn-aslt") \
            and not [v for v in ctx.units_at(to) if v is not u and _is_unit(v) and v.side != u.side]:
        # 33-7: assault units attack adjacent vacant hexes and advance into them (no supply)
        c = _open(ctx, st, phasing, to, ctx.step)
        c.notes.append("33-7: an assault unit's attack on a vacant hex")
        c.attackers = [_snap_at(ctx, u, frm)]
        c.attackers_known = True
        c.advances.append(CombatMove(ctx.step or 0, u.piece, u.name, frm, to))
        return
    why = ("it is no retreat or advance" if frm.distance(to) == 1
           else f"a {frm.distance(to)}-hex move is no retreat or advance")
    yield _move_not_retreat(ctx, u, frm, to, why)


def _move_not_retreat(ctx: CheckContext, u: UnitState, frm: Hex, to: Hex, why: str):
    return ctx.finding("6-3", VIOLATION, f"{u.name} moved {frm}→{to} in the {ctx.phase_label()}; "
                       f"{why}: in a Combat Phase units move only to retreat (14) or advance (15)",
                       units=[u], hexes=[frm, to], path=[frm, to], check="combat")


def _snap_at(ctx: CheckContext, u: UnitState, h: Hex) -> CombatUnit:
    s = _snap(ctx, u)
    s.hex = h
    return s


def _pre_combat_cavalry(ctx: CheckContext, st: _State, u: UnitState, frm: Hex) -> Combat | None:
    """30-2: a cavalry unit attacked entirely by non-cavalry units may retreat before combat: the
    combat declared against its hex before any die roll."""
    if u.counter.type != "cav":
        return None
    c = _combat_for_hex(st, frm)
    if c is None or c.attack_roll is not None:
        return None
    if not any(d.piece == u.piece for d in c.defenders):
        c.defenders.append(_snap_at(ctx, u, frm))
    return c


def _retreat(ctx: CheckContext, st: _State, c: Combat, u: UnitState, frm: Hex, to: Hex, *,
             before_combat: bool = False):
    """14-6, 14-8, 14-10..14-12, 14-16, 14-19, 14-20, 21-1, 29-13, 30-2: one retreat move."""
    c.retreats.append(CombatMove(ctx.step or 0, u.piece, u.name, frm, to))
    c.last_step = ctx.step
    if c.retreat is None:
        c.retreat = True
        c.notes.append(f"the defender retreats: {u.name} left {frm} at step {ctx.step}")
    st.retreated[u.piece] = to
    if not [v for v in ctx.units_at(frm) if _is_unit(v) and v.side == u.side
            and v.counter.type not in ("art", "siege-art", "fortress", "hq")]:
        st.vacated[frm] = c          # 15-1: the hex the defenders left
    if before_combat:
        cav = [a for a in c.attackers if a.type == "cav"]
        if cav:
            yield _finding(ctx, c, "30-2", VIOLATION, f"{u.name} retreated before combat from "
                           f"{frm}, but {', '.join(a.name for a in cav)} attack(s) it: only "
                           f"cavalry attacked entirely by non-cavalry units may retreat before "
                           f"combat", units=[u], hexes=[frm, to], path=[frm, to])
        c.notes.append(f"30-2: {u.name} retreated before combat")
    if u.counter.type in ("art", "siege-art") and not u.counter.front.rail_only:
        yield _finding(ctx, c, "29-13", VIOLATION, f"{u.name} retreated {frm}→{to}; artillery "
                       f"units do not retreat (they are destroyed when the others retreat)",
                       units=[u], hexes=[frm, to], path=[frm, to])
        return
    if frm.distance(to) != 1:
        if u.counter.front.rail_only:
            return   # 14-20: rail-based units retreat along a rail line (not checked)
        yield _finding(ctx, c, "14-6", VIOLATION, f"{u.name} retreated {frm}→{to}, "
                       f"{frm.distance(to)} hexes; a retreating unit moves into an adjacent hex",
                       units=[u], hexes=[frm, to], path=[frm, to])
        return
    yield from _retreat_destination(ctx, c, u, frm, to)


def _retreat_destination(ctx: CheckContext, c: Combat, u: UnitState, frm: Hex, to: Hex):
    mapdef = ctx.mapdef()
    if mapdef is None:
        return
    side_info = mapdef.hexside(frm, to)
    info = mapdef.hexes.get(to)
    board = RP.board_state(ctx)
    if side_info is not None and side_info.terrain in ("ocean", "alpine"):
        yield _finding(ctx, c, "14-12", VIOLATION, f"{u.name} retreated {frm}→{to} across a "
                       f"{side_info.terrain} hexside; retreats never cross sea or alpine "
                       f"hexsides", units=[u], hexes=[frm, to], path=[frm, to])
        return
    if board is not None and info is not None and board.is_neutral(to):
        yield _finding(ctx, c, "14-19", VIOLATION, f"{u.name} retreated into {to}, in a neutral "
                       f"country; units forced to retreat into a neutral country are eliminated "
                       f"(interned)", units=[u], hexes=[frm, to], path=[frm, to])
        return
    # 14-8 / 14-11: destination priorities over the hexes it could have retreated to
    ezoc = RP.enemy_zoc_hexes(ctx, u.side)
    hq = _supplying_hq(ctx, c, u)
    d0 = supply_line_length(ctx, u, frm, hq, 40) if hq is not None else ...
    cands = {}
    for n in frm.neighbours():
        if n not in mapdef.hexes or board is None:
            continue
        s = mapdef.hexside(frm, n)
        if s is None or s.terrain in ("ocean", "alpine", "lake") or board.is_neutral(n):
            continue
        occupants = [v for v in ctx.units_at(n) if _is_unit(v) and v is not u]
        if any(v.side != u.side for v in occupants):
            continue                       # 6-11: never into an enemy-occupied hex
        if n != to and _would_overstack(ctx, board, u, n, occupants):
            continue                       # 14-10: not a legal destination
        friendly = any(v.side == u.side and v.counter.type not in ("hq", "rpl")
                       for v in occupants)
        last_option = False
        costs = RP.terrain_costs(ctx)
        if costs is not None:
            step = mv.step_cost(board, RP.unit_view(u, frm), frm, n, costs, ezoc=ezoc)
            if step.status == mv.PROHIBITED:
                continue
            if step.ok and not mv.minimum_move_allowed(board, RP.unit_view(u, frm), step)[0]:
                last_option = True         # 14-16: the absolute last option
        dist = from_d = None
        if hq is not None and d0 is not ...:
            # only closer / same / farther matters (14-8): a bound one past the retreating hex's
            d1 = supply_line_length(ctx, u, n, hq, (d0 + 1) if d0 is not None else 40)
            if d0 is not None:
                dist, from_d = (d1 if d1 is not None else d0 + 2), d0
            # no route from the hex itself: the comparison 14-8 asks for is not defined
        cands[n] = 8 if last_option else C.retreat_priority(n in ezoc, friendly, dist, from_d)
    if to not in cands:
        return
    def lo_hi(p):
        return (min(p), max(p)) if isinstance(p, frozenset) else (p, p)
    lo, hi = lo_hi(cands[to])
    # certainly better: a hex whose worst reading beats this one's best; maybe better: a hex
    # whose best reading beats this one's worst
    better = sorted(str(h) for h, p in cands.items() if h != to and lo_hi(p)[1] < lo)
    maybe = sorted(str(h) for h, p in cands.items()
                   if h != to and lo_hi(p)[0] < hi and str(h) not in better)
    what = C.RETREAT_PRIORITIES[lo] if lo == hi else f"priority {lo}-{hi}"
    if better:
        yield _finding(ctx, c, "14-8", VIOLATION, f"{u.name} retreated {frm}→{to} ({what}, "
                       f"priority {lo}); {', '.join(better)} had a higher retreat priority "
                       f"(14-11)", units=[u], hexes=[frm, to] + [Hex.parse(h) for h in better],
                       path=[frm, to])
    elif maybe:
        yield _finding(ctx, c, "14-8", UNDETERMINED, f"{u.name} retreated {frm}→{to} ({what}); "
                       f"{', '.join(maybe)} may have had a higher retreat priority, depending on "
                       f"the distances to the supplying HQ", units=[u],
                       hexes=[frm, to] + [Hex.parse(h) for h in maybe], path=[frm, to],
                       missing=("the supplying HQ (a !counterattack … supply <HQ> clause)"
                                if hq is None else NO_SUPPLY_SEARCH))


def _would_overstack(ctx: CheckContext, board, u: UnitState, h: Hex, occupants) -> bool:
    """14-10: whether ``u`` retreating into ``h`` would break the stacking limit there."""
    from ..rules.stacking import stack_count, stacking_limit
    views = [RP.unit_view(v) for v in occupants if v.side == u.side] + [RP.unit_view(u, h)]
    count = stack_count(views, _stacking_options(ctx))
    limit = stacking_limit(board, h)
    return count.divisions > limit.divisions or count.artillery > limit.artillery


def _supplying_hq(ctx: CheckContext, c: Combat, u: UnitState) -> UnitState | None:
    """14-7: the HQ that spent SP for the unit (its counterattack supply); when none did, the
    nearest HQ that could have (19-6: of its nation): the only one on the map, or the nearest by
    supply line when the supply search is registered. None when not known."""
    if c.counter_supply:
        for i, p in enumerate(c.counter_supply):
            pid = c.counter_supply_hqs.get(i)
            if pid is None:
                continue
            if not p.units or any(RP.unit_matches(r, u) for r in p.units):
                return ctx.units.get(pid)
        return None
    hqs = [v for v in ctx.units.values() if _is_unit(v) and v.counter.type == "hq"
           and v.nation == u.nation and v.hex is not None]
    if len(hqs) == 1:
        return hqs[0]
    start = c.target
    dist = []
    for h in hqs:
        d = supply_line_length(ctx, u, start, h, 60)
        if d is ...:
            return None
        if d is not None:
            dist.append((d, h.piece, h))
    dist.sort(key=lambda x: (x[0], x[1]))
    if dist and (len(dist) == 1 or dist[0][0] < dist[1][0]):
        return dist[0][2]
    return None


def _advance(ctx: CheckContext, st: _State, c: Combat, u: UnitState, frm: Hex, to: Hex):
    """15-1..15-3: an attacking unit moves into the hex its defenders vacated."""
    c.advances.append(CombatMove(ctx.step or 0, u.piece, u.name, frm, to))
    c.last_step = ctx.step
    if u.counter.type in ("art", "siege-art"):
        yield _finding(ctx, c, "15-3", VIOLATION, f"{u.name} advanced {frm}→{to}; artillery "
                       f"units may not advance after combat", units=[u], hexes=[frm, to],
                       path=[frm, to])


# ============================================================================ fortress surrender


def _surrender_roll(ctx: CheckContext, st: _State, roll):
    """21-10, 21-11: a 2d6 at the start of the enemy Combat Phase for a fortress prone to
    surrender; the fortress and every unit with it surrender when the roll − 1 ≤ the turns it has
    been prone. How long it has been surrounded (20-1) comes from the supply rules."""
    if st.siege is None:
        return
    h, _step = st.siege
    st.siege = None
    total = roll.total if roll.total is not None else sum(v for v in roll.values if isinstance(v, int))
    forts = [u for u in ctx.units_at(h) if _is_unit(u) and u.counter.type == "fortress"]
    if not forts:
        yield ctx.finding("21-11", WARNING, f"!siege {h}: no fortress stands in {h}", hexes=[h],
                          check="combat")
        return
    st.pending[f"siege-{h}"] = {"roll": total, "step": ctx.step, "forts": [f.piece for f in forts]}


# ============================================================================ phase end


@rule("12-3", "phase_end")
def combats_of_the_phase(ctx: CheckContext, ended: PhaseInfo):
    """12-3 / 13-20 / 14-4 / 15-4: when a phase ends, each of its combats is complete: work out its
    attack and counterattack, compare the losses and retreats with the results, and hand it to the
    ``combat`` hook."""
    st = ctx.cache.get("dw-combat")
    if st is None or st.phase_start != ctx.phase_start_step:
        return
    for c in st.phase:
        if not c.closed:
            yield from _finalize(ctx, st, c)
    yield from _if_3_5_balance(ctx, st)
    for key, v in list(st.pending.items()):
        if key.startswith("siege-"):
            yield from _siege_result(ctx, Hex.parse(key[6:]), v)


@rule("12-3", "end")
def combats_at_end_of_log(ctx: CheckContext):
    """A log may stop in a Combat Phase: its combats are worked out with what it shows."""
    st = ctx.cache.get("dw-combat")
    if st is None or st.phase_start != ctx.phase_start_step:
        return
    for c in st.phase:
        if not c.closed:
            yield from _finalize(ctx, st, c)


def _siege_result(ctx: CheckContext, h: Hex, v: dict):
    """21-10 / 21-11 worked out at the end of the phase of the roll: a fortress that surrenders
    leaves the map with every unit in its hex; one that holds stays."""
    from ..rules.combat import fortress_prone_after, fortress_prone_turns, fortress_surrenders
    forts = [ctx.units.get(p) for p in v["forts"]]
    gone = all(f is None or f.hex is None for f in forts)
    left = [u for u in ctx.units_at(h) if _is_unit(u)]
    strength = sum((f.counter.front.strength or 0) for f in forts if f is not None)
    after = fortress_prone_after(strength)
    roll = v["roll"]
    turns = {fortress_surrounded_turns(ctx, f) for f in forts if f is not None}
    what = (f"fortress surrender roll for {h} at step {v['step']}: 2d6 = {roll}; a {strength}-SP "
            f"fortress is prone to surrender after {after} surrounded turns (21-10) and surrenders "
            f"when the roll − 1 = {roll - 1} is at most the turns it has been prone (21-11)")
    if None in turns or len(turns) != 1:
        yield ctx.finding("21-11", UNDETERMINED, what + f"; the fortress "
                          f"{'was removed' if gone else 'held'}", hexes=[h], step=v["step"],
                          missing="the turns the fortress has been surrounded (20-1, supply rules)",
                          check="combat")
        return
    n = turns.pop()
    prone = fortress_prone_turns(strength, n)
    must = fortress_surrenders(roll, prone)
    what += f": surrounded {n} turns, prone {prone}"
    if must and (not gone or left):
        yield ctx.finding("21-11", VIOLATION, what + f" — it surrenders with every unit in {h}, "
                          f"but {', '.join(u.name for u in left) or 'the fortress'} stayed",
                          hexes=[h], step=v["step"], check="combat")
    elif not must and gone:
        yield ctx.finding("21-11", VIOLATION, what + " — it holds, but the fortress was removed",
                          hexes=[h], step=v["step"], check="combat")


# ============================================================================ working a combat out


def _finalize(ctx: CheckContext, st: _State, c: Combat):
    c.closed = True
    for u in c.attackers + c.defenders:
        if u.after is None:
            u.after = _now_strengths(ctx, u.piece)
    if c.target is None:
        if c.attack_roll is not None:
            yield _finding(ctx, c, "13-9", UNDETERMINED, f"die roll {c.attack_roll.value} at step "
                           f"{c.attack_roll.step} by {c.attack_roll.roller or '?'} in the "
                           f"{c.phase}: no combat could be tied to it", step=c.attack_roll.step,
                           side=c.side, missing="an !attack declaration (the hex attacked and "
                           "the attacking units)")
        _run_combat_hook(ctx, c)
        return
    if c.attack_roll is None and not c.advances and not c.retreats:
        if c.declared_step is not None and c.defenders == [] and not c.notes:
            _snapshot_defenders(ctx, c)
        yield _finding(ctx, c, "13-9", UNDETERMINED, f"the attack on {c.target} declared at step "
                       f"{c.declared_step} has no die roll", step=c.declared_step, side=c.side,
                       hexes=[c.target], missing="the attack's 1d6 roll")
        _run_combat_hook(ctx, c)
        return
    if c.attack_roll is None:
        _run_combat_hook(ctx, c)   # 30-2 / 33-7: no roll, nothing to resolve
        yield from _advance_checks(ctx, c)
        return
    for units, counter in ((c.attackers, False), (c.counterattackers, True)):
        for u in units:
            how, hq = _supply_of(ctx, c, u, counter=counter)
            u.supply, u.hq = how, hq
    _terrain_verdict = list(_terrain_choice(ctx, c))
    yield from _terrain_verdict
    c.attack = _resolve_attack(ctx, c)
    c.counter = _resolve_counter(ctx, c)
    yield from _results(ctx, st, c)
    yield from _advance_checks(ctx, c)
    yield from _if_3_5_single(ctx, c)
    yield from _if_3_8(ctx, c)
    _run_combat_hook(ctx, c)


def _run_combat_hook(ctx: CheckContext, c: Combat) -> None:
    if callable(ctx.hook_runner):
        ctx.hook_runner("combat", c)


# ---------------------------------------------------------------------------- terrain (13-3)


def _target_terrain(ctx: CheckContext, c: Combat):
    mapdef = ctx.mapdef()
    if mapdef is None:
        return None
    target = c.target
    sides = {}
    for n in target.neighbours():
        s = mapdef.hexside(target, n)
        if s is not None and n in mapdef.hexes:
            sides[n] = s
    return sides


def _terrain_choice(ctx: CheckContext, c: Combat):
    """13-3..13-6, Figure 8, 21-4: the terrain the defender may choose, and whether the declared
    choice is one of them."""
    sides = _target_terrain(ctx, c)
    if sides is None:
        return
    board = RP.board_state(ctx)
    mapdef = ctx.mapdef()
    info = mapdef.hexes.get(c.target)
    through = sorted({a.hex for a in c.attackers if a.hex is not None
                      and a.hex in c.target.neighbours()})
    if not through:
        return
    neutral = [n for n in sides if board is not None and board.is_neutral(n)]
    fortress = any(d.type == "fortress" for d in c.defenders)
    tc = C.terrain_choices(c.target, through, {n: s.terrain for n, s in sides.items()},
                           city_center=bool(info and info.city), neutral=neutral,
                           fortress=fortress)
    c.terrain_choices = tc.terrains
    if c.terrain is not None and tc.terrains and c.terrain not in tc.choices:
        label = c.terrain.replace("_", " ")
        rule_no = "21-4" if c.terrain == "urban" and fortress else \
            "13-4" if c.terrain == "urban" else "13-3"
        yield _finding(ctx, c, rule_no, VIOLATION, f"the defender of {c.target} chose {label}; "
                       f"attacked from {', '.join(map(str, through))} it may choose "
                       f"{', '.join(t.replace('_', ' ') for t in tc.terrains)}",
                       hexes=[c.target] + through, step=c.terrain_step, side=c.defender_side)


def _terrain_readings(ctx: CheckContext, c: Combat) -> list[str]:
    if c.terrain is not None and (not c.terrain_choices or c.terrain in c.terrain_choices):
        return [c.terrain]
    return list(c.terrain_choices) or ["clear"]


def _row(tec, terrain: str):
    try:
        return tec.row(terrain)
    except Exception:  # noqa: BLE001
        return None


def _attack_hexsides(ctx: CheckContext, c: Combat) -> list:
    mapdef = ctx.mapdef()
    out = []
    for a in c.attackers:
        if a.hex is None or mapdef is None or a.hex not in c.target.neighbours():
            continue
        s = mapdef.hexside(a.hex, c.target)
        if s is not None:
            out.append(s)
    return out


# ---------------------------------------------------------------------------- strengths


def _supply_of(ctx: CheckContext, c: Combat, u: CombatUnit, *, counter: bool):
    """("paid", hq piece or None) | ("half", None) | ("free", None) | (None, None) for unknown."""
    payments = c.counter_supply if counter else c.supply
    hqs = c.counter_supply_hqs if counter else c.supply_hqs
    half = c.counter_half if counter else c.half
    if u.type == "fortress" and counter:
        return "free", None                      # 21-3
    if counter and (u.nation or "") in ("serbia", "ottoman-empire", "montenegro") and \
            not (u.nation == "serbia" and c.date is not None and c.date.year >= 1916):
        return "free", None                      # 43-1 / 46-1 (43-2 from 1916)
    if u.type == "cav":
        cap = 2 if u.nation in ("germany", "great-britain") else 1
        fs = u.full_strength if u.full_strength is not None else u.printed
        if fs is not None and fs <= cap:
            return "free", None                  # 30-1
    if u.piece in half:
        return "half", None
    if payments is None:
        return None, None
    if not payments:
        return "half", None                      # supply none
    named = [i for i, p in enumerate(payments) if p.units]
    for i in named:
        if any(RP.unit_matches(r, ctx.units[u.piece]) if u.piece in ctx.units else False
               for r in payments[i].units):
            return "paid", hqs.get(i)
    rest = [i for i, p in enumerate(payments) if not p.units]
    if len(rest) == 1:
        return "paid", hqs.get(rest[0])
    if rest:
        return "paid", None
    return "half", None


def _length_penalty(ctx: CheckContext, c: Combat, u: CombatUnit, hq_piece: str | None, *,
                    counter: bool, winter: bool) -> tuple[frozenset, str]:
    """19-9/19-10/19-13/19-15/34-2/34-3: the strength lost to the supply line's length, every
    value it can be, and what is missing."""
    from ..rules.supply import supply_length_penalty
    hq = ctx.units.get(hq_piece) if hq_piece else None
    if hq is None or hq.hex is None or u.hex is None:
        return frozenset(range(0, (u.printed or 0) + 1)), "the supplying HQ (supply <HQ> <SP> in " \
                                                          "the declaration)"
    loc = hq_has_loc(ctx, hq)
    adjacent = hq.hex in u.hex.neighbours() or hq.hex == u.hex
    if adjacent and not counter and loc is not False:
        return frozenset({0}), ""                 # 19-13
    unit = ctx.units.get(u.piece)
    # a line longer than the threshold plus the unit's strength leaves it nothing: the search
    # need not look further (19-9/19-10 thresholds: 4, 3 in winter, 2 without LOC; 8, 6, 3)
    threshold = (8 if counter else 4) if not winter else (6 if counter else 3)
    bound = threshold + (u.printed or 0) + 1
    length = supply_line_length(ctx, unit, u.hex, hq, bound) if unit is not None else ...
    if length is ...:
        lo = supply_length_penalty(max(u.hex.distance(hq.hex), 0), counterattack=counter,
                                   winter=winter, hq_without_loc=loc is False)
        if adjacent:
            lo = 0
        return frozenset(range(lo, (u.printed or 0) + 1)), NO_SUPPLY_SEARCH
    if length is None:
        # no line within the bound: too long to leave any strength (or none at all: 19-4, the
        # supply rules' finding) — the lowest strength, which can only make verdicts lenient
        return frozenset({u.printed or 0}), ""
    return frozenset({supply_length_penalty(length, counterattack=counter, winter=winter,
                                            hq_adjacent=adjacent, hq_without_loc=loc is False)}), ""


def _unit_attack(ctx: CheckContext, c: Combat, u: CombatUnit, winter: bool,
                 missing: list) -> frozenset:
    how, hq = _supply_of(ctx, c, u, counter=False)
    vals = frozenset(v for v in u.strengths if v is not None) or frozenset({0})
    if u.type in ("art", "siege-art"):
        if how == "half":
            return frozenset({0})                 # 19-11: not artillery (29-6)
        if how is None:
            missing.append(f"whether SP were spent for {u.name} (artillery)")
            return vals | {0}
    if how == "half":
        return _map(vals, C.half_strength_option)
    if how == "free":
        return vals
    if how is None:
        missing.append("the attacker's supply (a supply <HQ> <SP> clause)")
        return _map(vals, lambda s: {s, C.half_strength_option(s)})
    pen, why = _length_penalty(ctx, c, u, hq, counter=False, winter=winter)
    if why:
        missing.append(why)
    # 19-9: the length reduction comes before terrain (SP spent: the 19-11 half option was not used)
    return _map(vals, lambda s: {max(s - p, 0) for p in pen})


def _resolve_attack(ctx: CheckContext, c: Combat) -> Resolution:
    """13-2, 13-8..13-12, 13-19, 13-22, 13-25, 16-8, 19-9, 19-11, 22-7, 22-17..22-21, 29-10, 29-11,
    34-5: the attack's CRT column, die and result, in every reading the log leaves open."""
    res = Resolution()
    tec, crt = _tec(ctx), _crt(ctx)
    winter = c.date is not None and C.is_winter(c.date.month, c.date.turn, italy=_on_6_4(ctx))
    if not c.attackers_known:
        res.missing.append("an !attack … with <units> declaration (the attacking units)")
        res.complete = False
    artillery_only = bool(c.attackers) and all(a.type in ("art", "siege-art") for a in c.attackers)
    fortress = any(d.type == "fortress" for d in c.defenders)
    art_hexsides = len({a.hex for a in c.attackers if a.type in ("art", "siege-art") and a.hex})
    inf_sp = sum(min(d.strengths) or 0 for d in c.defenders if d.type not in
                 ("art", "siege-art", "fortress", "hq", "cav") and None not in d.strengths)
    total = frozenset({0})
    parts = []
    for a in c.attackers:
        if not _may_attack_from(ctx, c, a):
            parts.append(f"{a.name} 0 (may not attack from {a.hex}: 12-4/12-5)")
            continue
        v = _unit_attack(ctx, c, a, winter, res.missing)
        if a.type in ("art", "siege-art") and fortress and \
                C.artillery_doubled_vs_fortress(inf_sp, art_hexsides):
            v = _map(v, lambda x: 2 * x)
            parts.append(f"{a.name} {_fmt(v)} (doubled, 29-11)")
        else:
            parts.append(f"{a.name} {_fmt(v)}")
        total = _add_sets(total, v)
    res.terms.append("13-2 attacking SP: " + ", ".join(parts) + f" = {_fmt(total)}")
    readings = _terrain_readings(ctx, c)
    sides = _attack_hexsides(ctx, c)
    river = None if artillery_only else C.river_applies([(x.river, x.major_river) for x in sides])
    trench = "trench" in RP.hex_marker_kinds(ctx, c.target)
    trench_neg = _trench_negated(ctx, c) if trench else None
    per: list[tuple[str, frozenset, list]] = []
    for t in readings:
        row = _row(tec, t) if tec is not None else None
        eff = row.attack if row is not None else None
        vals = total
        notes = []
        if (eff is not None and eff.halve_strength) or river == "major_river":
            vals = _map(vals, C.halve_options)
            what = t.replace("_", " ") if eff is not None and eff.halve_strength else "major river"
            notes.append(f"halved ({what}, TEC; rounding not stated)")
        if winter and _on_6_4(ctx) and t in C.WINTER_TERRAINS_6_4:
            vals = _map(vals, C.winter_italy_reduction)
            notes.append("winter −¼ (34-5)")
        if c.kind == "column":
            vals = _map(vals, C.halve_options)
            notes.append("Column Attack halved (16-8)")
        mods = []
        if eff is not None and eff.drm:
            mods.append(C.Modifier(t.replace("_", " "), eff.drm, "13-9"))
        if river == "river" and tec is not None:
            rd = tec.modifier("river").attack.drm
            if rd:
                mods.append(C.Modifier("river (all attackers cross)", rd, "13-5"))
        m = C.trench_modifier(trench, trench_neg)
        if m:
            mods.append(m)
        if c.kind == "attack":
            sm, _cm = _solid_mods(ctx, c, t)
            if sm:
                mods.append(sm)
        if artillery_only and fortress:
            m = C.artillery_vs_fortress_modifier(art_hexsides)
            if m:
                mods.append(m)
        per.append((t, vals, mods))
        if notes:
            res.terms.append(f"{t.replace('_', ' ')}: " + ", ".join(notes) + f" → {_fmt(vals)}")
    res.strengths = frozenset().union(*(v for _t, v, _m in per))
    if len(readings) > 1:
        res.missing.append(f"the defender's terrain choice (!terrain {c.target} <terrain>; it may "
                           f"choose {', '.join(r.replace('_', ' ') for r in readings)})")
    if trench_neg:
        res.terms.append(f"trench negated ({trench_neg})")
    if len(per) == 1:
        res.modifiers = per[0][2]
        res.drm = C.capped_modifier(res.modifiers)
    res.roll = c.attack_roll.value if c.attack_roll else None
    if res.roll is None or crt is None:
        if crt is None:
            res.missing.append("the game's Combat Results Table")
        return res
    pairs = [(col, C.adjusted_die(res.roll, m, crt.die_min, crt.die_max))
             for _t, vals, m in per for col in vals]
    dice = {d for _c, d in pairs}
    res.die = next(iter(dice)) if len(dice) == 1 else None
    _lookup(crt, res, pairs, c.date)
    return res


def _may_attack_from(ctx: CheckContext, c: Combat, a: CombatUnit) -> bool:
    """12-4 / 12-5: an attacker adds its strength only from an adjacent hex across a hexside it
    could cross (the violation is reported by the attack's legality check)."""
    if a.hex is None or a.hex not in c.target.neighbours():
        return False
    mapdef, tec = ctx.mapdef(), _tec(ctx)
    side = mapdef.hexside(a.hex, c.target) if mapdef is not None else None
    if side is not None and tec is not None:
        row = _row(tec, side.terrain)
        if side.terrain == "alpine" or (row is not None and row.prohibited):
            return False
    return True


def _lookup(crt, res: Resolution, pairs, date) -> None:
    """13-13 / 13-17 / 13-19 / 13-26: the CRT result of every (column, adjusted die) pair; the
    result rests on a placeholder when any cell read is not a printed one."""
    results = set()
    placeholder = False
    for col, d in sorted(set(pairs)):
        results.add(crt.result(col, d, date))
        if not crt.cell_is_printed(col, d, date):
            placeholder = True
    res.results = frozenset(results)
    res.table = crt.table_for(date).id
    res.placeholder = placeholder


def _on_6_4(ctx: CheckContext) -> bool:
    return any(b.id == "6-4" for b in ctx.boards)


def _trench_negated(ctx: CheckContext, c: Combat) -> str | None:
    """22-17 (1915, not the Western Front: siege AND regular artillery batteries both at least the
    defending divisions), 22-18 (attacked from front and rear), 20-12 (surrounded). Worked out
    once per combat."""
    memo = ctx.cache.setdefault("dw-trench-negated", {})
    key = (c.number, c.attack_roll.step if c.attack_roll else None)
    if key not in memo:
        if len(memo) > 1000:
            memo.clear()
        memo[key] = _trench_negated_now(ctx, c)
    return memo[key]


def _trench_negated_now(ctx: CheckContext, c: Combat) -> str | None:
    if any(is_surrounded(ctx, ctx.units[d.piece]) for d in c.defenders if d.piece in ctx.units):
        return "20-12"
    if c.date is not None and c.date.year == 1915:
        siege = sum(1 for a in c.attackers if a.type == "siege-art")
        regular = sum(1 for a in c.attackers if a.type == "art")
        divisions = sum(1 for d in c.defenders if d.size == "XX")
        if divisions and siege >= divisions and regular >= divisions:
            return "22-17"
    if _front_and_rear(ctx, c):
        return "22-18"
    return None


def _front_and_rear(ctx: CheckContext, c: Combat) -> bool:
    """22-18: a hex attacked from opposite sides keeps its trench only with friendly units in two
    adjacent hexes of one flank; attacked from three alternate directions, never."""
    ring = c.target.neighbours()
    dirs = {c.target.direction_to(a.hex) for a in c.attackers if a.hex in ring}
    dirs.discard(None)
    order = _ring_order(c.target)
    idx = {d: i for i, d in enumerate(order)}
    att = {idx[d] for d in dirs if d in idx}
    if len(att) >= 3 and any({i, (i + 2) % 6, (i + 4) % 6} <= att for i in range(6)):
        return True
    friendly = set()
    for i, d in enumerate(order):
        h = c.target.neighbour(d)
        if any(_is_unit(v) and v.side == c.defender_side and v.counter.type not in ("hq", "rpl")
               for v in ctx.units_at(h)):
            friendly.add(i)
    for i in att:
        j = (i + 3) % 6
        if j in att:
            flanks = [{(i + 1) % 6, (i + 2) % 6}, {(i + 4) % 6, (i + 5) % 6}]
            if not any(f <= friendly for f in flanks):
                return True
    return False


def _ring_order(h: Hex) -> list:
    """The six directions of ``h`` in ring order (each next to the one before)."""
    ns = h.neighbours()
    order = [ns[0]]
    while len(order) < 6:
        nxt = next((n for n in ns if n not in order and n in order[-1].neighbours()), None)
        if nxt is None:
            break
        order.append(nxt)
    return [h.direction_to(n) for n in order]


def _solid_mods(ctx: CheckContext, c: Combat, terrain: str):
    """22-19..22-21 for a Combat Phase attack."""
    if "trench" not in RP.hex_marker_kinds(ctx, c.target) or c.date is None:
        return None, None
    through = len({a.hex for a in c.attackers if a.hex in c.target.neighbours()})
    inf = sum(min(v for v in d.strengths if v is not None) for d in c.defenders
              if d.type in ("inf", "mtn", "marine", "aslt", "mtn-aslt")
              and any(v is not None for v in d.strengths))
    nations = {d.nation for d in c.defenders}
    from ..rules.units import default_full_division_strengths
    full = default_full_division_strengths(ctx.game.counters.values())
    fd = min((full[n] for n in nations if n in full), default=None)
    if not C.solid_defence(True, inf, through, fd):
        return None, None
    art = sum(min(v for v in a.strengths if v is not None) for a in c.attackers
              if a.type in ("art", "siege-art") and any(v is not None for v in a.strengths))
    front = "italy" if _on_6_4(ctx) else "other"
    need = C.solid_defence_artillery_needed(c.date.year, front)
    return C.solid_defence_modifiers(True, art, need, terrain)


def _unit_counter(ctx: CheckContext, c: Combat, u: CombatUnit, winter: bool, retreat,
                  missing: list) -> frozenset:
    how, hq = _supply_of(ctx, c, u, counter=True)
    vals = frozenset(v for v in u.strengths if v is not None) or frozenset({0})
    if u.type in ("art", "siege-art") and how in ("half", None):
        if how is None:
            missing.append(f"whether SP were spent for {u.name} (artillery)")
            vals = vals | {0}
        else:
            vals = frozenset({0})
    elif how == "half":
        vals = _map(vals, C.half_strength_option)             # 19-12
    elif how is None:
        missing.append("the defender's counterattack supply (!counterattack … supply <HQ> <SP>)")
        vals = _map(vals, lambda s: {s, C.half_strength_option(s)})
    elif how == "paid":
        pen, why = _length_penalty(ctx, c, u, hq, counter=True, winter=winter)
        if why:
            missing.append(why)
        vals = _map(vals, lambda s: {max(s - p, 0) for p in pen})
    mults = set()
    for r in (retreat if isinstance(retreat, (set, frozenset)) else {retreat}):
        mults.add(C.counterattack_multiplier(artillery=u.type in ("art", "siege-art"),
                                             retreating=bool(r), fortress=u.type == "fortress",
                                             russian_fortress=u.nation == "russia"))
    out = _map(vals, lambda s: {s * m for m in mults})
    if c.kind == "column":
        out = _map(out, lambda s: 2 * s)                       # 16-8
    return out


def _retreat_readings(ctx: CheckContext, c: Combat):
    if c.retreats:
        return True
    if c.retreat is not None:
        return c.retreat
    alive = [d for d in c.defenders if d.type not in ("art", "siege-art", "fortress", "hq")
             and 0 not in (d.after or {0})]
    if alive:
        return False          # they are still in the hex: they did not retreat
    return {True, False}      # all eliminated: 14-14 may count them as retreated


def _resolve_counter(ctx: CheckContext, c: Combat) -> Resolution | None:
    """13-14..13-17, 14-13, 16-8, 19-10, 19-12, 21-3, 29-5, 29-7, 34-3, 34-4, 22-21, 41-4."""
    if c.counter_roll is None and c.counterattack is not True:
        return None
    res = Resolution()
    tec, crt = _tec(ctx), _crt(ctx)
    winter = c.date is not None and C.is_winter(c.date.month, c.date.turn, italy=_on_6_4(ctx))
    retreat = _retreat_readings(ctx, c)
    if c.counter_declared_step is None:
        # 12-8: no unit must counterattack; without a declaration every unit is assumed, which
        # only bounds the result from above
        res.complete = False
        res.missing.append(f"a !counterattack {c.target} declaration (who counterattacked, with "
                           f"which SP)")
    total = frozenset({0})
    parts = []
    for u in c.counterattackers:
        v = _unit_counter(ctx, c, u, winter, retreat, res.missing)
        parts.append(f"{u.name} {_fmt(v)}")
        total = _add_sets(total, v)
    mult = ("×2 retreating (14-13)" if retreat is True else "×3 (13-15)" if retreat is False
            else "×2 or ×3 (whether it retreated is not known)")
    res.terms.append(f"13-15 counterattack {mult}: " + ", ".join(parts) + f" = {_fmt(total)}")
    res.strengths = total
    readings = _terrain_readings(ctx, c)
    sides = _attack_hexsides(ctx, c)
    artillery_only = bool(c.attackers) and all(a.type in ("art", "siege-art") for a in c.attackers)
    river = None if artillery_only else C.river_applies([(s.river, s.major_river) for s in sides])
    attackers_in_trench = all("trench" in RP.hex_marker_kinds(ctx, a.hex) for a in c.attackers
                              if a.hex is not None) and bool(c.attackers)
    dice: list[list] = []
    for t in readings:
        row = _row(tec, t) if tec is not None else None
        eff = row.counterattack if row is not None else None
        variants = [eff.drm if eff is not None else 0]
        for disc in (getattr(tec, "discrepancies", ()) or ()):
            if disc.get("row") == t and disc.get("field") == "counterattack" and \
                    isinstance(disc.get("other"), int):
                variants.append(disc["other"])
                res.missing.append(f"the {t.replace('_', ' ')} counterattack modifier: the TEC "
                                   f"prints {disc.get('printed')}, {disc.get('other_at', 'another source')} "
                                   f"gives {disc.get('other')}")
        for dv in dict.fromkeys(variants):
            mods = []
            if dv:
                mods.append(C.Modifier(t.replace("_", " "), dv, "13-15"))
            if river and tec is not None:
                eff_r = tec.modifier(river).counterattack
                if eff_r.drm:
                    mods.append(C.Modifier(f"{river.replace('_', ' ')} (all attackers cross)",
                                           eff_r.drm, "13-5"))
            m = C.winter_counterattack_modifier(winter, attackers_in_trench)
            if m:
                mods.append(m)
            if c.kind == "attack":
                _sm, cm = _solid_mods(ctx, c, t)
                if cm:
                    mods.append(cm)
            dice.append(mods)
    if len(dice) == 1:
        res.modifiers = dice[0]
        res.drm = C.capped_modifier(dice[0])
    roll = c.counter_roll.value if c.counter_roll else None
    res.roll = roll
    if roll is None or crt is None:
        return res
    dvals = {C.adjusted_die(roll, m, crt.die_min, crt.die_max) for m in dice}
    res.die = next(iter(dvals)) if len(dvals) == 1 else None
    _lookup(crt, res, [(col, d) for col in res.strengths for d in dvals], c.date)
    return res


# ---------------------------------------------------------------------------- results


def _interval(vals) -> tuple[int, int]:
    vs = [v for v in vals if v is not None]
    return (min(vs), max(vs)) if vs else (0, 0)


def _applied(side_units) -> tuple[int, int]:
    lo = hi = 0
    for u in side_units:
        b0, b1 = _interval(u.strengths)
        a0, a1 = _interval(u.after or {0})
        lo += max(b0 - a1, 0)
        hi += max(b1 - a0, 0)
    return lo, hi


def _nations(units) -> list[str]:
    return sorted({u.nation for u in units if u.nation})


def _required_defender(ctx: CheckContext, c: Combat) -> frozenset:
    res = c.attack
    if res is None or not res.results:
        return frozenset()
    if not (c.retreats or c.retreat):
        return res.results
    reduce = C.retreat_reduces_losses(_nations(c.defenders))
    fort = sum(max(_interval(d.strengths)) for d in c.defenders if d.type == "fortress")
    return frozenset(sum(C.retreat_reduced_loss(r, fortress_sp=fort, reduce=reduce))
                     for r in res.results)


def _results(ctx: CheckContext, st: _State, c: Combat):
    """13-13, 13-17, 13-18, 13-20, 13-23, 13-24, 14-3, 14-4, 21-5, 33-4: losses required and
    applied, the loss order and the mandatory retreat."""
    # 33-3 is about the first game turn: every combat with assault units counts, whatever its result
    first_turn = _assault_first_turn(ctx, st, c)
    c.required_defender = _required_defender(ctx, c)
    c.required_attacker = c.counter.results if c.counter is not None and c.counter.results \
        else frozenset({0}) if c.counter is None else frozenset()
    step = c.last_step or (c.counter_roll or c.attack_roll).step
    if c.swapped:
        yield _finding(ctx, c, "13-21", UNDETERMINED, f"the losses of the combat against "
                       f"{c.target} are not judged: {', '.join(c.swapped)} came onto the map in a "
                       f"hex of the combat while they were taken", hexes=[c.target], step=step,
                       side=c.side, missing="which counter the new one replaces (a counter swap)")
        yield from _mandatory_retreat(ctx, st, c, step, first_turn)
        return
    # losses applied vs required
    for who, units, req, res, rule_no in (
            ("defender", c.defenders, c.required_defender, c.attack, "13-13"),
            ("attacker", c.attackers, c.required_attacker, c.counter, "13-17")):
        if not req or res is None and who == "defender":
            continue
        lo, hi = _applied(units)
        placeholder = res.placeholder if res is not None else False
        missing = list(dict.fromkeys(res.missing)) if res is not None else []
        side = c.defender_side if who == "defender" else c.side
        need_hi, need_lo = max(req), min(req)
        got = _fmt({lo, hi}) if lo != hi else str(lo)
        if lo >= need_hi:
            continue
        where = f"the attack on {c.target}" if who == "defender" else \
            f"the counterattack from {c.target}"
        complete = res is None or res.complete
        if hi < need_lo and complete:
            if placeholder:
                yield _finding(ctx, c, rule_no, UNDETERMINED, f"the {who} lost {got} SP in "
                               f"{where}; {_fmt(req)} required under the placeholder CRT (the "
                               f"printed cell is unknown)", hexes=[c.target], step=step,
                               side=side, missing="the printed Combat Results Table "
                                                  "(missing-data M1)")
            else:
                yield _finding(ctx, c, rule_no, VIOLATION, f"the {who} lost {got} SP in {where}; "
                               f"the CRT requires at least {_fmt(req)}", hexes=[c.target],
                               step=step, side=side)
            continue
        yield _finding(ctx, c, rule_no, UNDETERMINED, f"the {who} lost {got} SP in {where}; "
                       f"the CRT requires {_fmt(req) if complete else 'at most ' + str(need_hi)}"
                       + (" (placeholder CRT)" if placeholder else ""),
                       hexes=[c.target], step=step, side=side,
                       missing="; ".join(missing) or "the strengths under the strength markers")
    # 13-20: the attacker takes its losses first
    a_steps = [x.step for x in c.losses if x.side == c.side]
    d_steps = [x.step for x in c.losses if x.side == c.defender_side]
    if a_steps and d_steps and min(d_steps) < min(a_steps):
        yield _finding(ctx, c, "13-20", VIOLATION, f"in the combat against {c.target} the "
                       f"defender took losses (step {min(d_steps)}) before the attacker (step "
                       f"{min(a_steps)}); the attacker takes losses first", hexes=[c.target],
                       step=min(d_steps), side=c.defender_side)
    # 13-23 / 13-24 / 33-4 / 21-5: the order of the losses
    for who, units, attacking in (("attacker", c.attackers, True),
                                  ("defender", c.defenders, False)):
        if not any(x.side == (c.side if attacking else c.defender_side) for x in c.losses):
            continue                   # nothing lost: no order to judge
        lus = _loss_units(units, attacking)
        if lus is None:
            continue
        fortress_first = not attacking and bool(c.retreats or c.retreat)
        for rule_no, msg in C.loss_order_problems(lus, fortress_first=fortress_first):
            yield _finding(ctx, c, rule_no, VIOLATION, f"the {who}'s losses against {c.target}: "
                           f"{msg}", hexes=[c.target], step=step,
                           side=c.side if attacking else c.defender_side)
    # 14-4 and the rules that change it
    yield from _mandatory_retreat(ctx, st, c, step, first_turn)
    # 14-1 / 29-13: every ground combat unit retreats, artillery is destroyed
    if c.retreats:
        moved = {m.piece for m in c.retreats}
        stayed = [d for d in c.defenders if d.piece not in moved and 0 not in (d.after or {0})
                  and d.piece in ctx.units and ctx.units[d.piece].hex == c.target]
        for d in stayed:
            if d.type in ("art", "siege-art"):
                yield _finding(ctx, c, "29-13", VIOLATION, f"{d.name} stayed in {c.target} when "
                               f"the other units retreated; artillery that does not retreat with "
                               f"them is destroyed", hexes=[c.target], step=step,
                               side=c.defender_side)
            elif d.type not in ("fortress", "hq"):
                yield _finding(ctx, c, "14-1", VIOLATION, f"{d.name} stayed in {c.target} while "
                               f"the other defenders retreated; a retreat takes every ground "
                               f"combat unit out of the hex", hexes=[c.target], step=step,
                               side=c.defender_side)


def _loss_units(units, attacking: bool):
    out = []
    for u in units:
        if len(u.strengths) != 1 or u.after is None or len(u.after) != 1:
            return None
        b = next(iter(u.strengths))
        a = next(iter(u.after))
        if b is None or a is None:
            continue
        cls = C.loss_class(u.type, attacking=attacking, full_strength=u.full_strength,
                           nation=u.nation or "")
        assault = u.full_strength if u.type in ("aslt", "mtn-aslt") else None
        out.append(C.LossUnit(u.name, cls, b, a, u.back, assault))
    return out


def _mandatory_retreat(ctx: CheckContext, st: _State, c: Combat, step: int, first_turn=(False,)):
    if c.attack is None or not c.attack.results or c.retreats or c.retreat:
        return
    if c.attack.results == {0} and all(0 not in d.strengths for d in c.defenders):
        return                         # no loss forces no retreat (every threshold is > 0)
    mapdef = ctx.mapdef()
    info = mapdef.hexes.get(c.target) if mapdef is not None else None
    units = [d for d in c.defenders if d.type not in ("art", "siege-art")]      # 29-14
    if not units:
        return
    alive = [d for d in c.defenders if d.type not in ("art", "siege-art", "fortress", "hq")
             and 0 not in (d.after or {0})]
    if not alive:
        return                                     # nothing left to retreat (14-14)
    tec = _tec(ctx)
    verdicts = set()
    rules = set()
    whys = []
    strength = None
    for t in _terrain_readings(ctx, c):
        row = _row(tec, t) if tec is not None else None
        s_lo = sum(min(v for v in d.strengths if v is not None) for d in units
                   if any(v is not None for v in d.strengths))
        strength = s_lo
        mountain = t in ("mountain", "alpine")
        trench = "trench" in RP.hex_marker_kinds(ctx, c.target)
        assault_sp = sum(C.assault_sp(min(a.strengths), a.full_strength,
                                      pure=("alpk" in a.name.lower() or "jgr" in a.name.lower()))
                         for a in c.attackers if a.type in ("aslt", "mtn-aslt")
                         and None not in a.strengths)
        neg22_16 = "33-9" if C.negates_22_16(assault_sp, s_lo) else _trench_negated(ctx, c)
        full_assault = any(a.type in ("aslt", "mtn-aslt") and a.printed is not None
                           and a.full_strength is not None and a.printed > a.full_strength
                           for a in c.attackers)
        for r, first in itertools.product(c.attack.results, first_turn):
            rr = C.mandatory_retreat(
                r, s_lo, year=c.date.year if c.date else 1915, nations=_nations(units),
                city_or_port=bool(info and (info.city or info.port)), urban_chosen=t == "urban",
                fortress=any(d.type == "fortress" for d in c.defenders), trench=trench,
                trench_negated=_trench_negated(ctx, c),
                terrain_drm=row.attack.drm if row is not None else 0,
                terrain_halves=bool(row is not None and row.attack.halve_strength),
                solid_terrain_negated=neg22_16, mountain_alpine_usable=mountain,
                surrounded=_any_surrounded(ctx, c), assault_first_turn=first,
                assault_vs_fort=full_assault and any(d.type == "fortress" for d in c.defenders))
            verdicts.add(rr.must)
            rules.add(rr.rule)
            whys.append(rr)
    if verdicts == {False}:
        return
    rule_no = sorted(rules)[0] if len(rules) == 1 else "14-4"
    if verdicts == {True} and c.attack.complete:
        why = whys[0]
        msg = (f"the defenders of {c.target} stayed after an attack result of "
               f"{_fmt(c.attack.results)} against {strength} SP ({why.threshold}): they must "
               f"retreat ({why.why})")
        if c.attack.placeholder:
            yield _finding(ctx, c, rule_no, UNDETERMINED, msg + " under the placeholder CRT; the "
                           "printed cell is unknown", hexes=[c.target], step=step,
                           side=c.defender_side, missing="the printed Combat Results Table")
        else:
            yield _finding(ctx, c, rule_no, VIOLATION, msg, hexes=[c.target], step=step,
                           side=c.defender_side)
        return
    if True in verdicts or None in verdicts:
        missing = list(dict.fromkeys(c.attack.missing)) or [
            w.why for w in whys if w.must is None][:1] or ["the terrain chosen"]
        yield _finding(ctx, c, rule_no, UNDETERMINED, f"the defenders of {c.target} stayed after "
                       f"an attack result of {_fmt(c.attack.results)} against {strength} SP; "
                       f"whether they had to retreat depends on what the log does not show",
                       hexes=[c.target], step=step, side=c.defender_side,
                       missing="; ".join(missing))


def _assault_first_turn(ctx: CheckContext, st: _State, c: Combat) -> tuple[bool, ...]:
    """33-3: whether this is the first game turn full-strength assault units attack the defending
    country (the majority of the hex's SP); IF 3-7 takes British and French units out. (True,
    False) when the log does not begin at the scenario's start and the first such attack may lie
    before it."""
    full = [a for a in c.attackers if a.type in ("aslt", "mtn-aslt") and a.printed is not None
            and a.full_strength is not None and a.printed > a.full_strength]
    if not full or c.date is None or not c.defenders:
        return (False,)
    by_nation: dict[str, int] = {}
    for d in c.defenders:
        by_nation[d.nation or ""] = by_nation.get(d.nation or "", 0) + max(_interval(d.strengths))
    nation = max(sorted(by_nation), key=lambda n: by_nation[n])
    if nation in ("france", "great-britain") and _special(ctx, "3-7") is not None:
        return (False,)
    first = st.assault_seen.setdefault(nation, c.date)
    if first != c.date:
        return (False,)
    return (True,) if ctx.log_starts_scenario else (True, False)


def _any_surrounded(ctx: CheckContext, c: Combat) -> bool | None:
    vals = {is_surrounded(ctx, ctx.units[d.piece]) for d in c.defenders if d.piece in ctx.units}
    if True in vals:
        return True
    if vals == {False}:
        return False
    return None


def _advance_checks(ctx: CheckContext, c: Combat):
    """15-2, 15-4: the advance after combat."""
    if not c.advances:
        return
    adv = {m.piece for m in c.advances}
    units = {}
    for a in c.attackers:
        if len(a.strengths) == 1 and a.after is not None and len(a.after) == 1:
            b, af = next(iter(a.strengths)), next(iter(a.after))
            if b is not None and af is not None:
                units[a.piece] = (b, af)
    names = {a.piece: a.name for a in c.attackers}
    if adv <= set(units):
        probs = C.advance_order_problems(units, adv)
        for p in probs:
            for pid, n in names.items():
                p = p.replace(pid, n)
            yield _finding(ctx, c, "15-4", VIOLATION, f"advance into {c.target}: {p}; a unit "
                           f"advances only after every unit that lost a greater share of its "
                           f"strength", hexes=[c.target], step=c.advances[-1].step, side=c.side)


# ---------------------------------------------------------------------------- Italian Front 3-5, 3-8


def _army_of(ctx: CheckContext, hq_piece: str | None) -> str | None:
    u = ctx.units.get(hq_piece) if hq_piece else None
    if u is None or u.counter is None or u.nation != "italy":
        return None
    d = u.counter.designation.lower()
    return {"2nd": "2nd", "3rd": "3rd"}.get(d)


def _if_3_5_single(ctx: CheckContext, c: Combat):
    """IF 3-5: before 1917 the Italian 2nd and 3rd Armies make no combined attack, and an Italian
    HQ spends at most 12 SP on one attack in 1915 (18 in 1916)."""
    r = _special(ctx, "3-5")
    if r is None or c.date is None or c.supply is None or c.date.year >= 1917:
        return
    if not any(a.nation == "italy" for a in c.attackers):
        return
    armies = {_army_of(ctx, p) for p in c.supply_hqs.values()} - {None}
    if len(armies) > 1:
        yield _finding(ctx, c, "IF 3-5", VIOLATION, f"the attack on {c.target} is supplied by "
                       f"both the 2nd and the 3rd Army; they may not make combined attacks "
                       f"before 1917", hexes=[c.target], step=c.declared_step, side=c.side)
    cap = 12 if c.date.year <= 1915 else 18
    per_hq: dict[str, int] = {}
    for i, p in enumerate(c.supply):
        pid = c.supply_hqs.get(i)
        u = ctx.units.get(pid) if pid else None
        if u is not None and u.nation == "italy" and p.sp is not None:
            per_hq[pid] = per_hq.get(pid, 0) + p.sp
    for pid, sp in per_hq.items():
        if sp > cap:
            yield _finding(ctx, c, "IF 3-5", VIOLATION, f"{ctx.units[pid].name} spends {sp} SP on "
                           f"the attack on {c.target}; Italian HQs may not spend more than {cap} "
                           f"SP on a single attack in {c.date.year}", hexes=[c.target],
                           step=c.declared_step, side=c.side)


def _if_3_5_balance(ctx: CheckContext, st: _State):
    """IF 3-5: if one of the 2nd and 3rd Armies attacks in 1915 the other attacks with at least
    half as many SP (a third in 1916), counted over the Italian Combat Phase."""
    r = _special(ctx, "3-5")
    if r is None or ctx.now.date is None or ctx.now.date.year >= 1917 or ctx.now.kind != "combat":
        return
    sp = {"2nd": 0, "3rd": 0}
    unknown = False
    for c in st.phase:
        if c.kind != "attack" or not any(a.nation == "italy" for a in c.attackers):
            continue
        for a in c.attackers:
            how, hq = _supply_of(ctx, c, a, counter=False)
            army = _army_of(ctx, hq)
            if army is None:
                unknown = unknown or how in (None, "paid")
                continue
            sp[army] += min(v for v in a.strengths if v is not None) if any(
                v is not None for v in a.strengths) else 0
    big, small = max(sp.values()), min(sp.values())
    if big == 0:
        return
    frac = 2 if ctx.now.date.year <= 1915 else 3
    if small * frac < big:
        lead = max(sp, key=sp.get)
        other = "3rd" if lead == "2nd" else "2nd"
        msg = (f"in the {ctx.phase_label()} the Italian {lead} Army attacked with {sp[lead]} SP "
               f"and the {other} with {sp[other]}; the other army must attack with at least "
               f"1/{frac} as many")
        if unknown:
            yield ctx.finding("IF 3-5", UNDETERMINED, msg, side="entente", check="combat",
                              missing="which army supplied some attacking units")
        else:
            yield ctx.finding("IF 3-5", VIOLATION, msg, side="entente", check="combat")


def _if_3_8(ctx: CheckContext, c: Combat):
    """IF 3-8: French and British units on map 6-4 make no unsupplied attacks in 1917 or 1918."""
    if _special(ctx, "3-8") is None or c.date is None or c.date.year < 1917:
        return
    for a in c.attackers:
        if a.nation not in ("france", "great-britain"):
            continue
        how, _hq = _supply_of(ctx, c, a, counter=False)
        if how == "half":
            yield _finding(ctx, c, "IF 3-8", VIOLATION, f"{a.name} attacks {c.target} unsupplied "
                           f"in {c.date.year}; French and British units on map 6-4 may not make "
                           f"unsupplied attacks in 1917 or 1918", hexes=[a.hex, c.target],
                           step=c.declared_step, side=c.side)
        elif how is None:
            yield _finding(ctx, c, "IF 3-8", UNDETERMINED, f"{a.name} attacks {c.target} in "
                           f"{c.date.year}: French and British units may not attack unsupplied",
                           hexes=[a.hex, c.target], step=c.declared_step, side=c.side,
                           missing="the attack's supply clause")


@rule("12-1", "turn")
def new_phase(ctx: CheckContext, old: PhaseInfo, new: PhaseInfo):
    """Combat bookkeeping (no finding): a new phase starts with no open combat; 33-3 remembers
    the countries attacked by assault units."""
    _state(ctx)
    return ()
