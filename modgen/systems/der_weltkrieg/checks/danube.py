"""River Flotillas (36-1..36-4, via ``rules.danube``): a flotilla's drops in its Movement Phase
join along hexes adjacent to the Danube, entering no hex with enemy ground combat units, an enemy
fortress or an enemy flotilla. (35-1, the Danube crossing into an enemy ZOC, is part of every
ground move's cost: ``rules.movement.step_cost``.)"""
from __future__ import annotations

from modgen.check.context import CheckContext, UnitState
from modgen.check.engine import rule
from modgen.check.findings import VIOLATION

from ..rules import danube
from .common import board_state, unit_view


@rule("36-3", "move")
def flotillas_move_along_the_danube(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """36-1/36-3/36-4: a River Flotilla moves only through hexes adjacent to the Danube and not
    into a hex barred to it; one finding per flotilla and phase."""
    c = u.counter        # (is_unit and is_flotilla, read inline: asked on every move)
    if frm is None or to is None or c is None or (c.type != "flotilla" and not c.front.river_only) \
            or u.marker_id is not None or ctx.now.kind != "movement" or ctx.now.side != u.side:
        return ()        # asked on every move: no generator unless a flotilla moved
    return _flotilla_moved(ctx, u)


def _flotilla_moved(ctx: CheckContext, u: UnitState):
    """36-1/36-3/36-4's finding for the drops of flotilla ``u`` this phase."""
    key = (u.piece, ctx.phase_start_step)
    if ("flotilla-reported", key) in ctx.flagged:
        return
    drops = ctx.moves.get(u.piece, [])
    board = board_state(ctx)
    if len(drops) < 2 or board is None:
        return
    res = danube.check_flotilla_move(board, unit_view(u, drops[0]), drops)
    if res.legal:
        return
    ctx.flagged.add(("flotilla-reported", key))
    yield ctx.finding(res.rule, VIOLATION, res.message, units=[u], hexes=[drops[0], drops[-1]],
                      path=list(res.path))
