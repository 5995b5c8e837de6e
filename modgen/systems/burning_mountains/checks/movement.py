"""Movement (3.1, 4, 6, 12.2-12.4): who may move when, the MA along the cheapest legal path
between a unit's drops, crags, EZOC costs and 6.4, fortresses, artillery's "Mov" side, the units
that may not move on GT 1-2.

A unit's drops this phase are the engine's ``ctx.moves`` (first = where it started the phase).
Between two drops the cheapest legal path is assumed (``rules.movement.cheapest_path``): MP over
the MA is a violation only when even the rulebook's own lower bound (one MP per hex entered off a
road plus the printed EZOC costs) exceeds it; over it by the placeholder Terrain Effects Chart
only, it is undetermined.
"""
from __future__ import annotations

from modgen.check.context import MAIN_MAP, CheckContext, PhaseInfo, UnitState
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION
from modgen.hexgrid import Hex, Hexside

from ..rules import movement as mv
from .common import (PHASE_NAMES, bmap, enemy_zoc, finding, is_unit, moved_side, now,
                     placeholder_inputs, table, units_of)


def _own_move(ctx: CheckContext, u: UnitState, frm, to, frm_map) -> bool:
    """A unit's drag from one hex of the map to another in its own Movement Phase."""
    n = now(ctx)
    return (n is not None and is_unit(u) and u.map == MAIN_MAP and to is not None and frm is not None
            and frm_map == MAIN_MAP and n[2] == "movement" and u.side == n[1])


@rule("3.1", "move")
def who_moves_when(ctx: CheckContext, u: UnitState, frm: Hex | None, to: Hex | None, frm_map):
    """3.1: units move only in their own Movement Phase (retreats and advances: 9.2, 9.3)."""
    n = now(ctx)
    if n is None or not is_unit(u) or u.map != MAIN_MAP or to is None or frm is None \
            or frm_map != MAIN_MAP:
        return
    gt, phasing, ph = n
    if ph == "combat":
        return                                  # retreat.py: after a combat, or not at all
    if ph != "movement" or u.side != phasing:
        yield finding(ctx, "3.1", VIOLATION, f"{u.name} moved {frm}-{to} in the {ctx.side_name(phasing)} "
                      f"{PHASE_NAMES[ph]}: units move only in their own Movement Phase (retreats and "
                      "advances in the Combat Phase)", units=[u], hexes=[frm, to], side=u.side)


@rule("12.4", "move")
def first_turns(ctx: CheckContext, u: UnitState, frm: Hex | None, to: Hex | None, frm_map):
    """12.4: the units with an orange dot do not move on GT 1 and GT 2 unless attacked."""
    if not _own_move(ctx, u, frm, to, frm_map):
        return
    gt = now(ctx)[0]
    if u.counter.immobile_until and gt <= u.counter.immobile_until and u.piece not in ctx.state.attacked_units:
        yield finding(ctx, "12.4", VIOLATION, f"{u.name} moved on GT {gt}: on GT 1 and GT 2 it may not move "
                      "unless attacked (orange dot)", units=[u], hexes=[frm, to])


@rule("12.2", "move")
def fortresses_stay(ctx: CheckContext, u: UnitState, frm: Hex | None, to: Hex | None, frm_map):
    """12.2: fortresses have no movement allowance."""
    if _own_move(ctx, u, frm, to, frm_map) and u.counter.type == "fortress":
        yield finding(ctx, "12.2", VIOLATION, f"{u.name} moved: fortresses have no movement allowance",
                      units=[u], hexes=[frm, to])


@rule("4.1", "move")
def movement_allowance(ctx: CheckContext, u: UnitState, frm: Hex | None, to: Hex | None, frm_map):
    """4.1-4.5, 6.3, 6.4: the unit's drops this phase joined by the cheapest legal path."""
    if _own_move(ctx, u, frm, to, frm_map) and u.counter.type != "fortress":
        yield from _movement(ctx, u, ctx.moves.get(u.piece, []))


def _movement(ctx: CheckContext, u: UnitState, drops: list[Hex]):
    """4.1-4.3, 4.5, 6.3, 6.4: the unit's drops this phase, cheapest legal path between them."""
    if len(drops) < 2:
        return
    m, tec, side = bmap(ctx), table(ctx, "tec"), u.side
    enemy_units = {x.hex for x in units_of(ctx) if x.side != side and x.counter.is_combat_unit}
    ezoc = enemy_zoc(ctx, side)
    friendly = {x.hex for x in units_of(ctx, side) if x.piece != u.piece}   # the mover negates nothing (6.4)
    dest = drops[-1]
    if dest in enemy_units:
        yield finding(ctx, "4.1", VIOLATION, f"{u.name} entered {dest}, a hex occupied by an enemy combat unit",
                      units=[u], hexes=[dest])
        return
    total = total_lb = 0.0
    full: list[Hex] = [drops[0]]
    for a, b in zip(drops, drops[1:]):
        best = mv.cheapest_path(m, tec, a, b, enemy_units=enemy_units, ezoc=ezoc, friendly=friendly)
        if best is None:
            rule_, why = mv.why_blocked(m, a, b, ezoc, friendly)
            yield finding(ctx, rule_, VIOLATION, f"{u.name} moved {a}-{b}: {why}", units=[u], hexes=[a, b],
                          path=drops)
            return
        cost, lb, hexes = best
        total += cost
        total_lb += lb
        full.extend(hexes[1:])
    ma = u.counter.front.ma
    if len(full) == 2 and full[0].direction_to(full[1]) is not None:
        return                                              # 4.3: one hex regardless of cost
    st = ctx.state
    if u.piece in st.spent_over:
        return
    if total_lb > ma:
        st.spent_over.add(u.piece)
        # the verdict rests on the MA: a placeholder (no counter is printed, M11) makes it
        # undetermined (the finding layer), naming it
        ph = placeholder_inputs(u, "ma")
        for a, b in zip(drops, drops[1:]):
            if a.direction_to(b) is not None and (Hexside.of(a, b) in m.crags or (
                    mv.six_four_blocks(m, a, b, ezoc, friendly) and a in ezoc and b in ezoc)):
                rule_, why = mv.why_blocked(m, a, b, ezoc, friendly)
                yield finding(ctx, rule_, VIOLATION, f"{u.name} moved {a}-{b}: {why}; the way round costs at "
                              f"least {total_lb:g} MP, MA {ma}", units=[u], hexes=[a, b], path=full,
                              placeholders=ph)
                return
        yield finding(ctx, "4.1", VIOLATION, f"{u.name} spent at least {total_lb:g} MP ({'-'.join(map(str, full))}: "
                      f"one per hex entered plus the EZOC costs of 6.3) with MA {ma}", units=[u],
                      hexes=[full[-1]], path=full, placeholders=ph)
    elif total > ma:
        st.spent_over.add(u.piece)
        yield finding(ctx, "4.1", UNDETERMINED, f"{u.name} spent {total:g} MP by the placeholder Terrain "
                      f"Effects Chart ({'-'.join(map(str, full))}) with MA {ma}", units=[u], hexes=[full[-1]],
                      path=full, missing="the printed Terrain Effects Chart MP costs")


@rule("4.1", "turn")
def new_phase(ctx: CheckContext, old: PhaseInfo, new: PhaseInfo):
    """A new phase: no unit has spent anything yet."""
    ctx.state.spent_over.clear()


@rule("12.3", "phase_end")
def artillery_that_moved_is_flipped(ctx: CheckContext, ended: PhaseInfo):
    """12.3: an artillery unit that moves is flipped to its "Mov" side."""
    if ended.phase is None or ended.kind != "movement":
        return
    for pid, path in ctx.moves.items():
        u = ctx.units.get(pid)
        if u and is_unit(u) and u.counter.is_artillery and u.side == ended.side and len(path) > 1 \
                and not moved_side(u):
            yield finding(ctx, "12.3", VIOLATION, f"{u.name} moved {'-'.join(map(str, path))} but was not "
                          "flipped to its Mov side (artillery units that move are flipped)", units=[u],
                          hexes=[path[-1]], side=ended.side, path=path)


@rule("12.3", "layer")
def mov_side_flipped_back(ctx: CheckContext, u: UnitState, layer: str, before: int, after: int):
    """12.3: only an artillery unit not moving during a Movement Phase is flipped back."""
    n = now(ctx)
    if is_unit(u) and layer == "Moved" and after == 1 and n is not None and n[2] != "movement":
        yield finding(ctx, "12.3", VIOLATION, f"{u.name} flipped back from its Mov side outside a Movement "
                      "Phase (only an artillery unit not moving during a Movement Phase may be flipped back)",
                      units=[u], hexes=[u.hex] if u.hex else ())
