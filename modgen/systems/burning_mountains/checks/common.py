"""What the Burning Mountains checks share: units and markers as the replay left them
(``CheckContext.units``, ``by_hex``), steps, Combat Effectiveness markers, enemy ZOCs, units named
in declarations, and findings that default to the phasing side.

A unit is a piece whose ``UnitId`` the game knows; a marker a piece with a ``MarkerId``. Layers:
``Step`` (2 = reduced, 2.5), ``Moved`` (2 = the artillery's "Mov" side, 12.3), ``Side`` (a
marker's back: CE -2, OOS, …).
"""
from __future__ import annotations

import re
from typing import Iterable

from modgen.check.context import DEAD_PILE, MAIN_MAP, CheckContext, UnitState
from modgen.check.findings import Finding
from modgen.hexgrid import Hex

from ..rules import movement as mv

ELIMINATED = DEAD_PILE
PHASE_NAMES = {"supply": "Supply Phase", "reinforcement": "Reinforcement Phase",
               "movement": "Movement Phase", "combat": "Combat Phase"}


def bmap(ctx: CheckContext):
    """The game's one map (``mapdata.BmMap``)."""
    return next(iter(ctx.game.maps.values()))


def table(ctx: CheckContext, tid: str):
    return ctx.game.tables[tid]


def is_unit(u: UnitState) -> bool:
    return u.counter is not None and u.marker_id is None


def on_map(u: UnitState) -> bool:
    return u.map == MAIN_MAP and u.hex is not None


def steps(u: UnitState) -> int:
    """2.5, 5.1: the steps a unit has now: one when reduced or printed with one step."""
    if u.counter is None:
        return 0
    return 1 if u.reduced or u.counter.steps == 1 else 2


def moved_side(u: UnitState) -> bool:
    """12.3: an artillery unit on its "Mov" side."""
    return u.counter is not None and u.counter.is_artillery and u.layers.get("Moved", 1) >= 2


def marker_level(m: UnitState) -> int:
    return m.layers.get("Side", 1)


def now(ctx: CheckContext) -> tuple[int, str, str] | None:
    """(GT, phasing side, phase step) of the tracker, None when it was not read."""
    n = ctx.now
    if n.phase is None or n.date is None:
        return None
    return int(n.date), n.side, n.kind


def phase_text(ctx: CheckContext, side: str, step: str) -> str:
    return f"{ctx.side_name(side)} {PHASE_NAMES[step]}"


def units_at(ctx: CheckContext, h: Hex | None) -> list[UnitState]:
    if h is None:
        return []
    return [u for u in ctx.by_hex.get(h, {}).values() if is_unit(u)]


def markers_at(ctx: CheckContext, h: Hex | None, marker_id: str) -> list[UnitState]:
    if h is None:
        return []
    return [u for u in ctx.by_hex.get(h, {}).values() if u.marker_id == marker_id]


def units_of(ctx: CheckContext, side: str | None = None) -> list[UnitState]:
    """Units on the map (of ``side``), in piece order."""
    return [u for u in ctx.units.values() if is_unit(u) and on_map(u)
            and (side is None or u.side == side)]


def other(side: str) -> str:
    return "it" if side == "ah" else "ah"


def occupied_by(ctx: CheckContext, side: str, combat_only: bool = False) -> set[Hex]:
    return {u.hex for u in units_of(ctx, side) if not combat_only or u.counter.is_combat_unit}


def enemy_zoc(ctx: CheckContext, side: str) -> dict[Hex, frozenset]:
    """6.0, 6.1: hexes in the ZOC of the other side's combat units, each with the hexes of the
    units projecting it (``rules.movement.enemy_zoc``)."""
    key = ("bm-ezoc", side, ctx.version)
    hit = ctx.cache.get(key)
    if hit is None:
        for k in [k for k in ctx.cache if isinstance(k, tuple) and k and k[0] == "bm-ezoc"]:
            del ctx.cache[k]
        m = bmap(ctx)
        hit = ctx.cache[key] = mv.enemy_zoc(
            (u.hex for u in units_of(ctx) if u.side != side and u.counter.exerts_zoc),
            m.hexes.keys(), m.crags)
    return hit


def ce_of(ctx: CheckContext, u: UnitState) -> int | None:
    """10.1: the unit's CE reduction (0, 1 or 2). A CE marker in a hex of one combat unit of the
    side belongs to it; in a stack of several the log does not say whose it is (None)."""
    ms = markers_at(ctx, u.hex, "ce")
    if not ms:
        return 0
    mates = [x for x in units_at(ctx, u.hex) if x.counter.is_combat_unit and x.side == u.side]
    if len(mates) == 1 and len(ms) == 1:
        return marker_level(ms[0])
    return None


def resolve_unit(ctx: CheckContext, ref: str, near: Hex | None = None) -> list[UnitState]:
    """A unit named in a declaration: name, counter id or designation; or a hex = its units."""
    ref = " ".join(ref.split())
    if re.fullmatch(r"\d{4}", ref):
        return units_at(ctx, Hex.parse(ref))
    key = ref.casefold()
    hits = [u for u in ctx.units.values() if is_unit(u) and key in (
        u.counter.id.casefold(), u.counter.name.casefold(), u.counter.designation.casefold())]
    if len(hits) > 1 and near is not None:
        close = [u for u in hits if u.hex is not None and u.hex.distance(near) <= 2]
        hits = close or hits
    return hits[:1] if len(hits) == 1 else hits


def finding(ctx: CheckContext, rule: str, severity: str, message: str, *,
            units: Iterable[UnitState] = (), side: str | None = None, **kw) -> Finding:
    """``ctx.finding`` with the side of the first unit, else the phasing side."""
    units = [u for u in units if u.counter is not None]
    if side is None:
        side = units[0].side if units else ctx.now.side
    return ctx.finding(rule, severity, message, units=units, side=side, **kw)


def placeholder_inputs(u: UnitState, *values: str) -> tuple:
    """The placeholder values of ``u`` among ``values`` ("attack", "defence", "ma", "av") of the
    side showing, as ``findings.Placeholder``s a finding declares (``placeholders=``): the
    rulebook prints no counter (missing-data M11), so these are placeholders unless the data give
    printed ones (``BmCounter.placeholder``)."""
    from modgen.check.findings import Placeholder
    c = u.counter
    if c is None:
        return ()
    v = c.values(bool(u.reduced))
    out = []
    for value in values:
        why = c.placeholder(value, bool(u.reduced))
        if why is not None:
            label = {"ma": "MA", "av": "AV"}.get(value, value)
            out.append(Placeholder(f"{label} {getattr(v, value)} of {u.name}", why))
    return tuple(out)
