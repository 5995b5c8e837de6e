"""Reinforcements (13.0) and the eliminated units (10.3.2): a unit entering the map from a pool
arrives in its side's own Reinforcement Phase of its GT, in its entry hexes (or, when they are
enemy-occupied, the nearest friendly edge hex); no unit comes back from the eliminated units."""
from __future__ import annotations

from modgen.check.context import MAIN_MAP, CheckContext, UnitState
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION
from modgen.hexgrid import Hex

from .common import ELIMINATED, PHASE_NAMES, bmap, finding, is_unit, now, table, units_at


@rule("13.0", "move")
def arrivals(ctx: CheckContext, u: UnitState, frm: Hex | None, to: Hex | None, frm_map):
    """13.0, 10.3.2: a unit placed on the map from another window."""
    n = now(ctx)
    if n is None or not is_unit(u) or u.map != MAIN_MAP or to is None or frm_map == MAIN_MAP \
            or frm_map is None:
        return
    gt, phasing, ph = n
    c, side = u.counter, u.side
    if frm_map == ELIMINATED:
        yield finding(ctx, "10.3.2", VIOLATION, f"{c.name} came back from the eliminated units: eliminated "
                      "units never return", units=[u], hexes=[to], side=side)
        return
    if c.arrival is None:
        return
    reinf = table(ctx, "reinforcements")
    arrival = reinf.of_unit(c.id)
    if ph != "reinforcement" or side != phasing:
        yield finding(ctx, "13.0", VIOLATION, f"{c.name} entered the map in the {ctx.side_name(phasing)} "
                      f"{PHASE_NAMES[ph]}: reinforcements are placed in their own Reinforcement Phase",
                      units=[u], hexes=[to], side=side)
    elif gt < c.arrival:
        yield finding(ctx, "13.0", VIOLATION, f"{c.name} entered on GT {gt}; it arrives on GT {c.arrival}",
                      units=[u], hexes=[to], side=side)
    elif arrival is not None and to not in arrival.entry:
        blocked = any(units_at(ctx, h) and all(x.side != side for x in units_at(ctx, h))
                      for h in arrival.entry)
        edge = bmap(ctx).supply_edges.get(c.nation, frozenset())
        if blocked and to in edge:
            return
        yield finding(ctx, "13.0", UNDETERMINED if arrival.source and reinf.provenance.kind == "placeholder"
                      else VIOLATION,
                      f"{c.name} entered at {to}; its entry hexes are {arrival.entry[0]}-{arrival.entry[-1]} "
                      "(or the nearest unblocked friendly edge hex if they are enemy-occupied)", units=[u],
                      hexes=[to], side=side, missing="the printed reinforcement schedule (placeholder)")
