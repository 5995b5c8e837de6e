"""Movement (6, 10-7, 6-10, TEC): each unit's drops of its Movement Phase form a legal path
within its MA (``rules.movement.check_movement``); each unit of a dragged stack is checked on its
own (6-4/6-5). A declared rail move (7) replaces the drops along its path.
"""
from __future__ import annotations

from modgen.check.context import CheckContext, UnitState
from modgen.check.engine import rule
from modgen.check.findings import INFO, UNDETERMINED, VIOLATION
from modgen.hexgrid import Hex

from ..rules import movement as mv
from ..rules import rail as rail_rules
from ..rules import zoc
from ..rules.units import column_allowance, is_flotilla, movement_allowance, rail_capacity_divisions
from .common import (board_state, declared, enemy_zoc_hexes, is_unit, placeholder_inputs, terrain_costs,
                     unit_view)
from .column_attack import column_attack_advance
from .rail import EntrainedBoard, possibly_entrained, rail_capacity_left, rail_mp


@rule("6-9", "move")
def movement_allowance_and_path(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """6-6/6-9/6-10/10-7/TEC (via rules.movement.check_movement): the unit's drops this
    Movement Phase form a legal path within its MA (or Column MA)."""
    # called on every move, most of them a legal drop of ground movement: this part decides
    # those without a generator (the incremental pricing below); the rest is ``_judged``
    if frm is None or to is None:
        return ()
    now = ctx.now
    if now.kind != "movement" or not is_unit(u) or now.side != u.side \
            or u.counter.type == "fortress" or is_flotilla(u.counter):
        return ()        # flotillas: unlimited movement along the Danube (36-2, checks.danube)
    key = (u.piece, ctx.phase_start_step)
    if ("move-reported", key) in ctx.flagged:
        return ()  # one finding per unit and phase: later drops of an illegal move add nothing
    drops = ctx.moves.get(u.piece, [])
    if len(drops) < 2:
        return ()
    if drops[-1] == to and column_attack_advance(ctx, u, to):
        # 16-9: an advance after a Column Attack costs no Movement Points
        drops.pop()
        ctx.cache.pop(("spent", key), None)
        return ()
    costs = terrain_costs(ctx)
    if costs is None:
        return _no_tec(ctx)
    by_keyword = ctx.declarations.by_keyword
    rail = declared(ctx, "rail", u) if by_keyword.get("rail") else []
    if rail:
        return _judged(ctx, u, key, drops, costs, rail, None)
    column = True if by_keyword.get("column") and declared(ctx, "column", u) else None
    if column is None and _drop_priced(ctx, u, key, drops, costs):
        return ()
    return _judged(ctx, u, key, drops, costs, rail, column)


def _no_tec(ctx: CheckContext):
    if ctx.once("6-9", "no-tec"):
        yield ctx.finding("6-9", UNDETERMINED, "movement costs are not checked: the game has no "
                          "Terrain Effects Chart table",
                          missing="tables/…/tec.yaml")


def _remember(ctx: CheckContext, key, spent) -> None:
    """``ctx.cache[("spent", key)] = spent`` (key: (piece, phase start step)), and the entries of
    the phases before this one go: the phase start step only grows, they are never read again
    (a long log's would pile up in ``ctx.cache``)."""
    phase = ctx.cache.get("spent-phase")
    if phase is None or phase[0] != key[1]:
        if phase is not None:
            for k in phase[1]:
                ctx.cache.pop(("spent", k), None)
        phase = ctx.cache["spent-phase"] = (key[1], set())
    phase[1].add(key)
    ctx.cache[("spent", key)] = spent


def _drop_priced(ctx: CheckContext, u: UnitState, key, drops, costs) -> bool:
    """6-9, incremental: while the move so far is legal ground movement (no rail move, no
    Column Movement declared), price only the new drop with the MP left (the same computation
    check_movement does segment by segment). True when that shows the move still legal (the MP
    spent are remembered); False: the move needs the full check (nothing was changed)."""
    inc = ctx.cache.get(("spent", key))
    n = len(drops)
    if inc is None:
        if n != 2 or drops[1] not in drops[0].neighbours():
            return False
        # the first drop, one hexside away: when crossing it directly is within the MA the move
        # is legal (the cheapest path costs no more); the MP are remembered for the next drop
        # (an over-estimate only sends the next drop to the full check)
        view = unit_view(u, drops[0])
        ma = movement_allowance(view)         # the face's MA: the same in any hex
        step = mv.step_cost(board_state(ctx), view, drops[0], drops[1], costs,
                            ezoc=enemy_zoc_hexes(ctx, u.side))
        if ma is not None and step.ok and step.mp is not None and step.mp <= ma \
                and not step.destroys:
            _remember(ctx, key, (2, step.mp))
            info = ctx.cache.get(("column-info", ctx.phase_start_step))
            if info:
                info.pop(u.piece, None)
            return True
        return False
    if inc[0] != n - 1:
        return False
    view = unit_view(u, drops[0])
    ma = movement_allowance(view)
    if ma is None:
        return False
    board = board_state(ctx)
    ezoc = enemy_zoc_hexes(ctx, u.side)
    if drops[-1] in drops[-2].neighbours():
        # one hexside on: crossing it directly within the MP left keeps the move legal (as
        # for the first drop, the MP remembered may be more than the cheapest path's: that
        # only sends a later drop to the full check)
        step = mv.step_cost(board, view, drops[-2], drops[-1], costs, ezoc=ezoc)
        if step.ok and step.mp is not None and inc[1] + step.mp <= ma and not step.destroys:
            _remember(ctx, key, (n, inc[1] + step.mp))
            return True
    r = mv.cheapest_path(board, view, drops[-2], drops[-1], max(ma - inc[1], 0), costs,
                         ezoc=ezoc)
    if r.found:
        _remember(ctx, key, (n, inc[1] + (r.cost or 0)))
        return True
    return False


def _judged(ctx: CheckContext, u: UnitState, key, drops, costs, rail, column):
    """6-9 and the rest (module docstring) for the drops of ``u`` this phase by the full check
    (``rules.movement.check_movement``): a declared rail move, Column Movement, a move the
    incremental pricing (``_drop_priced``) could not show legal."""
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
        before = drops[:i + 1]
        drops = [path[-1]] + [h for h in drops[i + 1:] if h not in path]
        ma = movement_allowance(unit_view(u))
        entrained = ctx.cache.get(("rail-entrained", rail[-1].step))
        on_foot = 0
        if len(before) > 1 and ma is not None:
            # 7-2 / 7-3 with 6-8: ground movement before entraining uses the same MA
            pre = mv.check_movement(board_state(ctx), unit_view(u, before[0]), before,
                                    terrain_costs(ctx), rail_used=True,
                                    ezoc=enemy_zoc_hexes(ctx, u.side))
            on_foot = pre.spent or 0
        if ma is not None:
            by_rail = rail_mp(u, path, entrain=entrained != "marker")
            allowance = ma - by_rail - on_foot
            foot = f", {on_foot} MP on foot before entraining" if on_foot else ""
            rail_note = (f" (MA {ma} less {by_rail} MP by rail{foot}"
                         + (", entrained: 7-11)" if entrained == "marker" else ")"))
            if allowance < 0:
                ctx.flagged.add(("move-reported", key))
                msg = (f"{u.name}: {on_foot + by_rail} MP spent, MA {ma}: {on_foot} MP on foot "
                       f"before entraining in {path[0]} + {by_rail} MP by rail "
                       f"({'-'.join(map(str, path))}, 7-3/7-5)")
                yield ctx.finding("6-9", VIOLATION, msg, units=[u],
                                  hexes=[before[0], path[-1]], path=list(before) + list(path[1:]),
                                  placeholders=placeholder_inputs(u, "movement"))
                return
            allowance = max(allowance, 0)
            if entrained == "declared":
                # 7-11: it may still be entrained from its last rail move (no marker says so)
                lenient_allowance = max(ma - rail_mp(u, path, entrain=False) - on_foot, 0)
        if len(drops) < 2:
            return
    if rail_used:
        column = True if declared(ctx, "column", u) else None
    board = board_state(ctx)
    ezoc = enemy_zoc_hexes(ctx, u.side)
    res = mv.check_movement(board, unit_view(u, drops[0]), drops, costs, column=column,
                                   rail_used=rail_used, allowance=allowance, ezoc=ezoc)
    if res.verdict == mv.LEGAL and not res.column and not res.minimum_move \
            and res.spent is not None and not rail_used and allowance is None:
        _remember(ctx, key, (len(drops), res.spent))
    else:
        ctx.cache.pop(("spent", key), None)
    path = drawn_route(res.segments, drops)
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
        by_rail = "" if rail_used or res.rule != "6-9" else _legal_by_rail(
            ctx, board, u, drops, costs, ezoc)
        if by_rail:
            # docs/declarations.md: a missing declaration is never a violation by itself
            yield ctx.finding("7-1", UNDETERMINED, f"{msg.split(' (MA')[0]}; legal as a rail move "
                              f"{by_rail}", units=[u], hexes=[drops[0], drops[-1]],
                              path=path or drops, missing=f"a !rail declaration for {u.name} "
                              f"(the log does not show rail movement)")
            return
        # a verdict priced against the MA (every path search is bounded by it: even a drop
        # across a prohibited hexside might have a longer detour) rests on it: when the MA is a
        # placeholder (an HQ's, a unit the rulebook names without values) the finding layer
        # makes it undetermined; 21-1, 6-12, 7-10 and the artillery of 6-10 do not use the MA
        yield ctx.finding(res.rule, VIOLATION, msg, units=[u], hexes=[drops[0], drops[-1]],
                          path=path or drops,
                          placeholders=placeholder_inputs(u, "movement")
                          if res.rule in MA_RULES or res.allowance is not None else ())
    elif res.verdict == mv.UNDETERMINED:
        yield ctx.finding(res.rule, UNDETERMINED, f"{u.name}: {res.message}", units=[u],
                          hexes=[drops[0], drops[-1]], path=path or drops,
                          missing="the unit's printed Movement Allowance" if res.rule == "6-1"
                          else "map data for the hexsides crossed")
    column_info = ctx.cache.setdefault(("column-info", ctx.phase_start_step), {})
    if res.verdict == mv.LEGAL and res.column and column is None and not rail_used:
        # legal only as Column Movement (inferred, 6-10): the report says so at the end of the
        # phase (one line per unit, with its final MP) instead of a bare "MA 4"
        column_info[u.piece] = (u, res.spent, path or drops, ctx.step)
    else:
        column_info.pop(u.piece, None)


#: the movement verdicts that rest on the unit's Movement Allowance (6-1)
MA_RULES = frozenset({"6-9", "6-10", "40-2"})


@rule("6-10", "phase_end")
def column_movement_inferred(ctx: CheckContext, ended):
    """6-10: an info line for each unit whose move this phase was legal only as Column Movement
    (MP spent, MA, Column MA)."""
    for u, spent, path, step in ctx.cache.pop(("column-info", ctx.phase_start_step), {}).values():
        ma = movement_allowance(unit_view(u))
        if ma is None:
            continue
        yield ctx.finding("6-10", INFO, f"{u.name}: {spent} MP spent, MA {ma}: legal as Column "
                          f"Movement (Column MA {column_allowance(ma)} = {ma} × 1.5 rounded down, "
                          f"6-10; no enemy ZOC entered)", units=[u], hexes=[path[0], path[-1]],
                          path=path, step=step)


def _legal_by_rail(ctx: CheckContext, board, u: UnitState, drops, costs, ezoc) -> str:
    """The rail move (7) that would make an over-MA ground move legal, described, or "": a rail
    path between two of the unit's drops (entrain 1 MP + 1/10 or 1/6 per hexside, 7-3/7-5), the
    ground before and after it within the MA, and room in its nation's rail capacity this turn
    (8-1). Without a ``!rail`` the log cannot say which it was."""
    ma = movement_allowance(unit_view(u))
    if ma is None or len(drops) > 8 or board is None:
        return ""
    side_nations = next((s.nations for s in ctx.game.sides if s.id == u.side), ())
    room = rail_capacity_left(ctx, u)
    if room is not None and room < rail_capacity_divisions(unit_view(u)):
        return ""
    nets = rail_rules.SimpleRailNetworks(board)
    for i in range(len(drops) - 1):
        for j in range(len(drops) - 1, i, -1):
            path = rail_rules.rail_path(board, unit_view(u, drops[i]), drops[i], drops[j], nets,
                                        side_nations, ezoc=ezoc)
            if path is None or len(path) < 2:
                continue
            by_rail = rail_mp(u, path)
            foot = 0
            if i > 0:
                pre = mv.check_movement(board, unit_view(u, drops[0]), drops[:i + 1], costs,
                                        rail_used=True, ezoc=ezoc)
                if pre.verdict != mv.LEGAL or pre.spent is None:
                    continue
                foot = pre.spent
            left = ma - by_rail - foot
            if left < 0:
                continue
            if j < len(drops) - 1:
                post = mv.check_movement(board, unit_view(u, drops[j]), drops[j:], costs,
                                         rail_used=True, allowance=left, ezoc=ezoc)
                if post.verdict != mv.LEGAL:
                    continue
            return (f"({by_rail} MP by rail along {'-'.join(map(str, path))}"
                    + (f" after {foot} MP on foot" if foot else "") + ")")
    return ""


def drawn_route(segments, drops) -> list[Hex]:
    """The route a report draws: each leg between two drops by its cheapest path when one was
    found, else straight from drop to drop, so the route always ends where the unit ended (a
    search that failed on one leg used to cut the route short there)."""
    found = {(s.start, s.end): s.path for s in segments if s.found and s.path}
    path: list[Hex] = []
    for a, b in zip(drops, drops[1:]):
        leg = found.get((a, b))
        if not leg or leg[0] != a or leg[-1] != b:
            leg = (a, b)
        for h in leg:
            if not path or path[-1] != h:
                path.append(h)
    return path or list(drops)


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
