"""Victory (14.0): objectives held, steps eliminated, the A-H VP and the VP track.

Control of an objective is not defined in the rulebook: the checker's reading is the side whose
combat unit entered it last (an objective held by a combat unit at the start of the log is that
side's); a VP track that differs from the count is undetermined.
"""
from __future__ import annotations

from modgen.check.context import CheckContext, UnitState
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED
from modgen.hexgrid import Hex

from ..rules.victory import victory
from .common import ELIMINATED, bmap, finding, is_unit, now, steps, units_of

TRACKS = "Tracks"


@rule("14.0", "setup")
def control_at_start(ctx: CheckContext):
    st = ctx.state
    for u in units_of(ctx):
        if u.hex in st.control and u.counter.is_combat_unit:
            st.control[u.hex] = u.side


@rule("14.0", "move")
def control_and_eliminations(ctx: CheckContext, u: UnitState, frm: Hex | None, to: Hex | None, frm_map):
    """14.0: a combat unit entering an objective controls it; steps of units sent to the
    eliminated units (or deleted) from the map count for the VP."""
    if not is_unit(u):
        return
    st = ctx.state
    if to is None:
        if frm is not None and (u.map == ELIMINATED or u.map is None):
            st.steps_lost[u.side] = st.steps_lost.get(u.side, 0) + steps(u)
        return
    if to in st.control and u.counter.is_combat_unit:
        st.control[to] = u.side


@rule("14.0", "flip")
def step_losses(ctx: CheckContext, u: UnitState, before: int, after: int):
    """10.2, 14.0: a unit flipped to its reduced side lost a step."""
    if is_unit(u) and after > before:
        st = ctx.state
        st.steps_lost[u.side] = st.steps_lost.get(u.side, 0) + 1


def track_value(ctx: CheckContext, piece: UnitState) -> int | None:
    """The box of the Victory Points & Replacement track a marker stands in, +50 on the VP
    marker's back side; None off the Tracks map or nearer a GT box. VASSAL names a point of a
    RegionGrid board by its nearest region (``RegionGrid.locationName``), so does this."""
    from ..boards import track_regions
    if piece.map != TRACKS:
        return None
    best = None
    for name, x, y in track_regions()[0]:
        d = (x - piece.x) ** 2 + (y - piece.y) ** 2
        if best is None or d < best[0]:
            best = (d, name)
    if best is None or not best[1].startswith("VP "):
        return None
    return int(best[1][3:]) + (50 if piece.marker_id == "vp" and piece.layers.get("Side", 1) == 2 else 0)


@rule("14.0", "end")
def victory_points(ctx: CheckContext):
    """14.0: A-H VP = objectives held + Italian steps eliminated - A-H steps eliminated; the level
    after GT 14."""
    st = ctx.state
    obj = bmap(ctx).objectives()
    vp_obj = sum(obj[h].vp for h, s in st.control.items() if s == "ah" and h in obj)
    vp = vp_obj + st.steps_lost.get("it", 0) - st.steps_lost.get("ah", 0)
    marker = [u for u in ctx.units.values() if u.marker_id == "vp" and u.map == TRACKS]
    shown = track_value(ctx, marker[0]) if marker else None
    n = now(ctx)
    ctx.notes.append(f"14.0: A-H VP {vp} = objectives {vp_obj} + Italian steps eliminated "
                     f"{st.steps_lost.get('it', 0)} - A-H steps eliminated {st.steps_lost.get('ah', 0)}"
                     + (f"; the VP track shows {shown}" if shown is not None else "")
                     + (f"; {victory(vp)}" if n == (14, "it", "combat") else ""))
    if shown is not None and shown != vp:
        yield finding(ctx, "14.0", UNDETERMINED, f"the VP track shows {shown}, the log gives {vp} (control of "
                      "objectives is the checker's reading: the side whose combat unit entered last)",
                      missing="a printed definition of control")
