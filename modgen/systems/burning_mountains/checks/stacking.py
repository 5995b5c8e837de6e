"""Stacking (5.1, 5.2): the steps of combat units in a hex at the end of a friendly Movement Phase
and of any Combat Phase, one artillery unit per hex; the excess eliminated by its owner.

The limits are the Terrain Effects Chart's, a placeholder: an overstack is a violation only
above the limits the rulebook's examples fix (``rules.stacking.STACKING_MAX``), otherwise
undetermined. An overstack found at a phase end is followed until the end of the next phase:
by then its owner must have eliminated units of that hex worth the excess steps (5.2; a flip
that removes the excess is accepted, ``CHOICES["5.2-steps"]``).
"""
from __future__ import annotations

from dataclasses import dataclass

from modgen.check.context import CheckContext, PhaseInfo
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION

from ..rules import stacking as sk
from .common import ELIMINATED, bmap, finding, steps, table, units_of


@dataclass
class Overstack:
    side: str
    hex: object
    excess: int
    limit: int
    certain: bool                  # above the limits the rulebook fixes (else a placeholder limit)
    units: list                    # (piece, name, steps) in the hex at that phase end
    when: str
    step: int | None


def _stacking(ctx: CheckContext, side: str, when: str):
    by_hex: dict = {}
    for u in units_of(ctx, side):
        by_hex.setdefault(u.hex, []).append(u)
    m, tec = bmap(ctx), table(ctx, "tec")
    for h, us in sorted(by_hex.items()):
        arty = [u for u in us if u.counter.is_artillery]
        if len(arty) > 1:
            yield finding(ctx, "5.1", VIOLATION, f"{len(arty)} artillery units in {h} at {when}: no more than one "
                          "artillery unit may be in a hex", units=arty, hexes=[h], side=side)
        n = sk.stack_steps((u.counter.counts_for_stacking, steps(u)) for u in us)
        terrain = m.terrain(h)
        limit = tec.stacking(terrain)
        over = sk.overstack(n, limit)
        if not over:
            continue
        msg = (f"{n} steps in {h} ({terrain.replace('_', ' ')}, limit {limit}) at {when}: "
               f"{over} over; the owner eliminates the excess (5.2)")
        ctx.state.overstacks.append(Overstack(side, h, over, limit, sk.certain_overstack(terrain, n),
                                              [(u.piece, u.name, steps(u)) for u in us
                                               if u.counter.counts_for_stacking], when, ctx.step))
        if sk.certain_overstack(terrain, n):
            yield finding(ctx, "5.1", VIOLATION, msg, units=us, hexes=[h], side=side)
        else:
            yield finding(ctx, "5.1", UNDETERMINED, msg + f" — the limit {limit} is a placeholder (the Terrain "
                          "Effects Chart is not printed)", units=us, hexes=[h], side=side,
                          missing="the printed stacking limit")


def _steps_eliminated(ctx: CheckContext, o: Overstack) -> tuple[int, list[str]]:
    """Steps the overstacked hex's units lost since: eliminated (or removed) whole, or flipped;
    and the units that left the hex instead."""
    lost, left = 0, []
    for pid, name, n in o.units:
        u = ctx.units.get(pid)
        if u is None or u.map in (ELIMINATED, None):
            lost += n
        elif u.hex != o.hex:
            left.append(name)
        else:
            lost += n - steps(u)
    return lost, left


def _judge_overstacks(ctx: CheckContext, log_ends: bool = False):
    st = ctx.state
    for o in list(st.overstacks):
        st.overstacks.remove(o)
        lost, left = _steps_eliminated(ctx, o)
        if lost >= o.excess:
            continue
        if not ctx.once("5.2", (o.side, o.hex, tuple(sorted(p for p, _, _ in o.units)))):
            continue                                  # the same overstack, reported at an earlier phase end
        moved = f"; {', '.join(left)} left the hex instead" if left else ""
        msg = (f"{o.excess} step(s) over the limit {o.limit} in {o.hex} at {o.when} (step {o.step}), "
               f"{lost} eliminated by the end of the next phase{moved}: the owner eliminates the excess "
               "units (5.2)")
        if log_ends:
            yield finding(ctx, "5.2", UNDETERMINED, f"{o.excess} step(s) over the limit {o.limit} in {o.hex} at "
                          f"{o.when} (step {o.step}), {lost} eliminated when the log ends", hexes=[o.hex],
                          side=o.side, missing="the rest of the game (the log ends before the next phase does)")
        elif o.certain:
            yield finding(ctx, "5.2", VIOLATION, msg, hexes=[o.hex], side=o.side)
        else:
            yield finding(ctx, "5.2", UNDETERMINED, msg + " — the limit is a placeholder", hexes=[o.hex],
                          side=o.side, missing="the printed stacking limit")


@rule("5.2", "phase_end")
def excess_eliminated(ctx: CheckContext, ended: PhaseInfo):
    """5.2: an overstack found at the end of the last phase is gone by the end of this one, by
    eliminating units."""
    yield from _judge_overstacks(ctx)


@rule("5.2", "end")
def excess_at_log_end(ctx: CheckContext):
    yield from _judge_overstacks(ctx, log_ends=True)


@rule("5.1", "phase_end")
def stacking_limits(ctx: CheckContext, ended: PhaseInfo):
    """5.1: at the end of the own Movement Phase, and of any Combat Phase for both sides."""
    if ended.phase is None:
        return
    if ended.kind == "movement":
        yield from _stacking(ctx, ended.side, "the end of its Movement Phase (5.1)")
    elif ended.kind == "combat":
        for s in table(ctx, "sequence").player_turns:
            yield from _stacking(ctx, s, "the end of a Combat Phase (5.1)")
