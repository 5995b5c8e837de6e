"""Stacking (5.1, 5.2): the steps of combat units in a hex at the end of a friendly Movement Phase
and of any Combat Phase, one artillery unit per hex; the excess eliminated by its owner.

The limits are the Terrain Effects Chart's, a placeholder: an overstack is a violation only
above the limits the rulebook's examples fix (``rules.stacking.STACKING_MAX``), otherwise
undetermined.
"""
from __future__ import annotations

from modgen.check.context import CheckContext, PhaseInfo
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION

from ..rules import stacking as sk
from .common import bmap, finding, steps, table, units_of


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
        if sk.certain_overstack(terrain, n):
            yield finding(ctx, "5.1", VIOLATION, msg, units=us, hexes=[h], side=side)
        else:
            yield finding(ctx, "5.1", UNDETERMINED, msg + f" — the limit {limit} is a placeholder (the Terrain "
                          "Effects Chart is not printed)", units=us, hexes=[h], side=side,
                          missing="the printed stacking limit")


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
