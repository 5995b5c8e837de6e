"""Victory (14.0) and the optional rules (15): objectives held, steps eliminated, the A-H VP and
the VP track; replacement points (15.1) and the Italian improved defence (15.2) when declared
with ``!optional``.

Control of an objective is not defined in the rulebook: the checker's reading is the side whose
combat unit entered it last (an objective held by a combat unit at the start of the log is that
side's); a VP track that differs from the count is undetermined.
"""
from __future__ import annotations

from modgen.check import declarations as decl
from modgen.check.context import CheckContext, UnitState
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED
from modgen.hexgrid import Hex
from modgen.replay import DiceRolled

from ..rules.victory import brusilov_stops, improved_defence, italian_replacement, victory
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
    """The box of the Victory Points & Replacement track a marker stands in (``VP n``), +50 on
    its back side ("+50"), or None off the track."""
    from ..module import track_regions
    if piece.map != TRACKS:
        return None
    best = None
    for name, x, y in track_regions()[0]:
        if name.startswith("VP "):
            d = (x - piece.x) ** 2 + (y - piece.y) ** 2
            if best is None or d < best[0]:
                best = (d, int(name[3:]))
    if best is None or best[0] > 24 ** 2 * 2:
        return None
    return best[1] + (50 if piece.layers.get("Side", 1) == 2 else 0)


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


@rule("15.0", "declare")
def optional_rules(ctx: CheckContext, d: decl.Declaration):
    """15.0: the optional rules in play, by the players' agreement (``!optional 15.1``)."""
    if d.keyword == "optional":
        ctx.state.optional.update(d.args)


@rule("15.1", "dice")
def optional_rolls(ctx: CheckContext, ev: DiceRolled):
    """15.1 Italian unpreparedness and the Brusilov Offensive (1d6), 15.2 improved defence (2d6),
    rolled in the Reinforcement Phase."""
    st, n = ctx.state, now(ctx)
    if n is None or n[2] != "reinforcement":
        return
    gt, side, _ph = n
    vals = [v for v in ev.values if isinstance(v, int)]
    if ev.button == "1d6" and "15.1" in st.optional and len(vals) == 1:
        die = vals[0]
        if side == "it":
            rp = italian_replacement(gt, die)
            ctx.notes.append(f"step {ctx.step}: 15.1 Italian unpreparedness: GT {gt}, die {die} -> "
                             f"{rp} replacement point" + ("" if gt < 7 else " (automatic from GT 7)"))
        elif brusilov_stops(gt, die):
            ctx.notes.append(f"step {ctx.step}: 15.1 Brusilov Offensive: GT {gt}, die {die}: the A-H "
                             "replacement points stop for the rest of the game")
    elif ev.button == "2d6" and "15.2" in st.optional and side == "it" and len(vals) == 2:
        total = sum(vals)
        if improved_defence(gt, total):
            st.improved_defence = True
        ctx.notes.append(f"step {ctx.step}: 15.2: 2d6 = {total} + GT {gt} = {total + gt} -> "
                         f"{'Italian defence +1 from now on' if st.improved_defence else 'no effect'}")
