"""Movement (6, 10-7, 6-10, TEC): each unit's drops of its Movement Phase form a legal path
within its MA (``rules.movement.check_movement``); each unit of a dragged stack is checked on its
own (6-4/6-5). A declared rail move (7) replaces the drops along its path.
"""
from __future__ import annotations

from modgen.check.context import CheckContext, UnitState
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION
from modgen.hexgrid import Hex

from ..rules import movement as mv
from ..rules import zoc
from ..rules.units import is_flotilla, movement_allowance
from .common import board_state, declared, enemy_zoc_hexes, is_unit, terrain_costs, unit_view
from .rail import EntrainedBoard, possibly_entrained, rail_mp


@rule("6-9", "move")
def movement_allowance_and_path(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """6-6/6-9/6-10/10-7/TEC (via rules.movement.check_movement): the unit's drops this
    Movement Phase form a legal path within its MA (or Column MA)."""
    if not is_unit(u) or frm is None or to is None or ctx.now.kind != "movement" \
            or ctx.now.side != u.side or u.counter.type == "fortress" or is_flotilla(u.counter):
        return           # flotillas: unlimited movement along the Danube (36-2, checks.danube)
    key = (u.piece, ctx.phase_start_step)
    if ("move-reported", key) in ctx.flagged:
        return  # one finding per unit and phase: later drops of an illegal move add nothing
    costs = terrain_costs(ctx)
    drops = ctx.moves.get(u.piece, [])
    if len(drops) < 2:
        return
    if costs is None:
        if ctx.once("6-9", "no-tec"):
            yield ctx.finding("6-9", UNDETERMINED, "movement costs are not checked: the game has no "
                              "Terrain Effects Chart table",
                              missing="tables/…/tec.yaml")
        return
    rail = declared(ctx, "rail", u)
    rail_used = bool(rail)
    allowance = lenient_allowance = None
    rail_note = ""
    if rail:
        # the declared rail path replaces the drops along it; ground movement starts at its end
        # (drops made before the rail move, 7-7 "continue normally" after it, are not modelled)
        path = rail[-1].hexes
        if path[0] not in drops:
            if ctx.once("7-2", key):
                yield ctx.finding("7-2", UNDETERMINED, f"{u.name}: the declared rail path starts in "
                                  f"{path[0]}, where the unit was not this phase", units=[u],
                                  path=list(path), missing="a rail path that starts at the unit")
            return
        i = drops.index(path[0])
        drops = [path[-1]] + [h for h in drops[i + 1:] if h not in path]
        ma = movement_allowance(unit_view(u))
        entrained = ctx.cache.get(("rail-entrained", rail[-1].step))
        if ma is not None:
            by_rail = rail_mp(u, path, entrain=entrained != "marker")
            allowance = max(ma - by_rail, 0)
            rail_note = (f" (MA {ma} less {by_rail} MP by rail"
                         + (", entrained: 7-11)" if entrained == "marker" else ")"))
            if entrained == "declared":
                # 7-11: it may still be entrained from its last rail move (no marker says so)
                lenient_allowance = max(ma - rail_mp(u, path, entrain=False), 0)
        if len(drops) < 2:
            return
    column = True if declared(ctx, "column", u) else None
    board = board_state(ctx)
    ezoc = enemy_zoc_hexes(ctx, u.side)
    # incremental: while the move so far is legal ground movement, price only the new drop with
    # the MP left (the same computation check_movement does segment by segment)
    inc = ctx.cache.get(("spent", key))
    if inc is not None and inc[0] == len(drops) - 1 and column is None and not rail_used:
        ma = movement_allowance(unit_view(u))
        r = mv.cheapest_path(board, unit_view(u, drops[0]), drops[-2], drops[-1],
                                    max(ma - inc[1], 0), costs, ezoc=ezoc) if ma is not None else None
        if r is not None and r.found:
            ctx.cache[("spent", key)] = (len(drops), inc[1] + (r.cost or 0))
            return
    res = mv.check_movement(board, unit_view(u, drops[0]), drops, costs, column=column,
                                   rail_used=rail_used, allowance=allowance, ezoc=ezoc)
    if res.verdict == mv.LEGAL and not res.column and not res.minimum_move \
            and res.spent is not None and not rail_used and allowance is None:
        ctx.cache[("spent", key)] = (len(drops), res.spent)
    else:
        ctx.cache.pop(("spent", key), None)
    path: list[Hex] = []
    for seg in res.segments:
        for h in seg.path:
            if not path or path[-1] != h:
                path.append(h)
    if res.verdict != mv.LEGAL:
        ctx.flagged.add(("move-reported", key))
    if res.verdict == mv.ILLEGAL:
        why = _legal_if_entrained(ctx, board, u, drops, costs, column, rail_used,
                                  allowance if lenient_allowance is None else lenient_allowance)
        if why:
            yield ctx.finding("7-11", UNDETERMINED, f"{u.name}: {res.message.split(': ', 1)[-1]}"
                              f"{rail_note}; legal if {why}", units=[u],
                              hexes=[drops[0], drops[-1]], path=path or drops,
                              missing="an entrained marker (7-11) showing whether the unit "
                                      "stayed entrained after its rail move")
            return
        msg = res.message
        if not msg.startswith(f"{res.rule}:") and not msg.startswith(u.name):
            msg = f"{u.name}: {msg}"
        elif msg.startswith(f"{res.rule}:"):
            msg = f"{u.name}: {msg[len(res.rule) + 1:].strip()}"
        msg += rail_note
        yield ctx.finding(res.rule, VIOLATION, msg, units=[u], hexes=[drops[0], drops[-1]],
                          path=path or drops)
    elif res.verdict == mv.UNDETERMINED:
        yield ctx.finding(res.rule, UNDETERMINED, f"{u.name}: {res.message}", units=[u],
                          hexes=[drops[0], drops[-1]], path=path or drops,
                          missing="the unit's printed Movement Allowance" if res.rule == "6-1"
                          else "map data for the hexsides crossed")


def _legal_if_entrained(ctx: CheckContext, board, u: UnitState, drops, costs, column, rail_used,
                        allowance) -> str:
    """7-11 without a marker: when units that ended a declared rail move in an earlier phase and
    have not moved since may still be entrained (no ZOC; no entraining MP for ``u`` itself,
    already in ``allowance``), the reason an illegal move would then be legal, else ""."""
    maybe = {v.piece for v in ctx.units.values() if v.side != u.side and is_unit(v)
             and possibly_entrained(ctx, v)}
    ezoc = enemy_zoc_hexes(ctx, u.side)
    if maybe:
        ezoc = frozenset(zoc.enemy_zoc(EntrainedBoard(board, ctx, maybe), u.side))
    res = mv.check_movement(board, unit_view(u, drops[0]), drops, costs, column=column,
                                   rail_used=rail_used, allowance=allowance, ezoc=ezoc)
    if res.verdict != mv.LEGAL:
        return ""
    who = [f"{v.name} in {v.hex}" for v in ctx.units.values() if v.piece in maybe]
    mine = ctx.cache.get(("rail-entrained-unit", u.piece, ctx.phase_start_step)) == "declared"
    parts = (["it was still entrained from its last rail move (no entraining MP)"] if mine else []) \
        + ([f"{', '.join(sorted(who))} {'is' if len(who) == 1 else 'are'} still entrained "
            f"(no ZOC)"] if who else [])
    return " and ".join(parts)
