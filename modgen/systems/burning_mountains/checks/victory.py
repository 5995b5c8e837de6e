"""Victory (14.0): objectives held, steps eliminated, the A-H VP and the VP track.

Control of an objective is not defined in the rulebook: the checker's reading is the side whose
combat unit entered it last (an objective held by a combat unit at the start of the log is that
side's); a VP track that differs from the count is undetermined.
"""
from __future__ import annotations

from dataclasses import dataclass

from modgen.check.context import CheckContext, UnitState
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED
from modgen.hexgrid import Hex

from ..rules.victory import level_ranges, victory
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


@dataclass
class Standing:
    """14.0 for the report's end-of-game section (``Report.end_of_game``): the A-H VP and what
    they are made of, the VP track, the victory level (after GT 14; before it, where the VP
    would stand)."""

    turn: str | None
    final: bool
    vp: int
    objectives: int
    italian_steps: int
    ah_steps: int
    shown: int | None

    @property
    def level(self) -> str:
        return victory(self.vp)

    @property
    def summary(self) -> str:
        return (f"14.0: A-H VP {self.vp} = objectives {self.objectives} + Italian steps eliminated "
                f"{self.italian_steps} - A-H steps eliminated {self.ah_steps}"
                + (f"; the VP track shows {self.shown}" if self.shown is not None else "")
                + (f"; {self.level}" if self.final else ""))

    def lines(self) -> list[str]:
        out = [self.summary]
        if not self.final:
            out.append(f"after {self.turn or 'the log'}: the level is decided after GT 14 (now it would "
                       f"be: {self.level})")
        return out

    def to_dict(self) -> dict:
        levels = []
        for label, low, high in level_ranges():
            inside = self.vp >= low and (high is None or self.vp <= high)
            levels.append({"side": None, "level": label, "label": label,
                           "met": inside if self.final else None,
                           "because": f"A-H VP {low}{'-' + str(high) if high is not None else '+'}; "
                                      f"{self.vp} {'now' if not self.final else 'at the end'}",
                           "missing": "" if self.final else "the rest of the game (14.0: after GT 14)"})
        return {"turn": self.turn, "final": self.final, "vp": self.vp,
                "objectives": self.objectives, "italian_steps_eliminated": self.italian_steps,
                "ah_steps_eliminated": self.ah_steps, "track": self.shown,
                "victory": {"summary": self.summary, "final": self.final, "levels": levels,
                            "winner": self.level if self.final else None},
                "notes": self.lines()[1:]}


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
    final = n == (14, "it", "combat")           # the last phase of the game (14.0: after GT 14)
    ctx.cache["end-of-game"] = Standing(str(ctx.now.date) if ctx.now.date else None, final, vp, vp_obj,
                                        st.steps_lost.get("it", 0), st.steps_lost.get("ah", 0), shown)
    if shown is not None and shown != vp:
        yield finding(ctx, "14.0", UNDETERMINED, f"the VP track shows {shown}, the log gives {vp} (control of "
                      "objectives is the checker's reading: the side whose combat unit entered last)",
                      missing="a printed definition of control")
