"""Rail movement (7, 8, 9) from ``!rail`` declarations, and entrained units (7-11)
(``rules.rail``): the path runs along Operative rail lines of the side's networks, enters no
enemy ZOC, respects single-track limits, the MA and the nation's rail capacity for the turn.
"""
from __future__ import annotations

import re
from dataclasses import replace

from modgen.check.context import CheckContext, UnitState
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION
from modgen.hexgrid import Hex

from ..rules import movement as mv
from ..rules import rail
from ..rules.units import movement_allowance
from .common import (board_state, declared, enemy_zoc_hexes, entrained_by_marker, is_unit,
                     placeholder_inputs, unit_matches, unit_view)


def possibly_entrained(ctx: CheckContext, v: UnitState) -> bool:
    """7-11: ``v`` ended a declared rail move in an earlier phase, has not moved since and has
    no entrained marker: the log does not say whether it stayed entrained."""
    rec = rail_ends(ctx).get(v.piece)
    return bool(rec and ctx.phase_start_step is not None and rec[0] < ctx.phase_start_step
                and v.hex == rec[1][-1] and not entrained_by_marker(ctx, v.hex))


class EntrainedBoard:
    """A board on which the given pieces are entrained (7-11: no ZOC)."""

    def __init__(self, board, ctx: CheckContext, pieces: set):
        self._b, self._ctx, self._pieces = board, ctx, pieces

    def __getattr__(self, name):
        return getattr(self._b, name)

    def units(self, h: Hex):
        out = []
        for v in self._b.units(h):
            out.append(replace(v, entrained=True) if v.piece_id in self._pieces else v)
        return tuple(out)

    def all_units(self):
        for h in sorted(self._ctx.by_hex):
            yield from self.units(h)


def rail_mp(u: UnitState, path, *, entrain: bool = True) -> int:
    """7-3, 7-5, 7-7: MP a rail move along ``path`` uses, fractions rounded up
    (``rules.rail``); no entraining MP for a unit already entrained (7-11)."""
    return int(rail.detrain_mp(rail.rail_move_cost(unit_view(u), len(path) - 1, entrain=entrain)))


def rail_ends(ctx: CheckContext) -> dict:
    """piece -> (declaration step, rail path) of its last declared rail move that it has not left
    since (a unit that stays where its rail move ended may still be entrained, 7-11)."""
    hit = ctx.cache.get("rail-ends")          # (no new empty {} per call: asked on every move)
    if hit is None:
        hit = ctx.cache["rail-ends"] = {}
    return hit


def entrained_at(ctx: CheckContext, u: UnitState, start: Hex) -> str | None:
    """7-11: whether ``u`` is entrained when it starts a rail move in ``start``: "marker" when an
    ``entrained`` marker stands in its hex (or in ``start``); "declared" when its last rail move,
    declared in an earlier phase, ended in ``start`` and it has not moved since (it may have
    stayed entrained, but no marker says so); else None."""
    if entrained_by_marker(ctx, u.hex) or entrained_by_marker(ctx, start):
        return "marker"
    if possibly_entrained(ctx, u) and u.hex == start:
        return "declared"
    return None


@rule("7-11", "move")
def entrained_state(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """7-11 bookkeeping (no finding): a unit that leaves the end of its declared rail path (or
    moves in a later phase) is no longer entrained by that rail move (7-7)."""
    ends = ctx.cache.get("rail-ends")
    rec = ends.get(u.piece) if ends else None
    if rec is None:
        return ()        # no rail move to forget (most calls)
    if to is None or (ctx.phase_start_step is not None and rec[0] < ctx.phase_start_step) \
            or to not in rec[1]:
        del rail_ends(ctx)[u.piece]


_OTHER_NETWORK = re.compile(r"(?<!not )part of the [A-Za-z -]+ rail network", re.I)


def network_exceptions(ctx: CheckContext) -> list[str]:
    """Scenario special rules that put rail lines in another country's network ("Hex 3217 is part
    of the Italian rail network", IF October 1917; "Double track rail lines in Italy, but behind
    Austro-Hungarian lines are … part of the Austro-Hungarian rail network", IF June 1918). The
    checker's networks follow the country of each hex (9-2), so a 9-1 verdict is undetermined in
    such a scenario."""
    sc = ctx.scenario
    return [r.text for r in (sc.special_rules if sc else ()) if _OTHER_NETWORK.search(r.text or "")]


def _route_hexes(board, hexes) -> list[Hex]:
    """The rail hexes of a line through ``hexes`` (each leg the shortest way along rail)."""
    out: list[Hex] = [hexes[0]] if hexes else []
    for a, b in zip(hexes, hexes[1:]):
        prev = {a: None}
        q = [a]
        while q and b not in prev:
            nq = []
            for h in q:
                for n in h.neighbours():
                    if n not in prev and rail.rail_track(board, h, n):
                        prev[n] = h
                        nq.append(n)
            q = nq
        if b not in prev:
            out.append(b)
            continue
        leg = [b]
        while prev[leg[-1]] is not None:
            leg.append(prev[leg[-1]])
        out.extend(reversed(leg[:-1]))
    return out


def rail_owners(ctx: CheckContext, board) -> dict:
    """Rail hexes whose network is not their country's: the scenario's network routes ("The
    Russian Rail Network is extended into Austria-Hungary along 3907-3808-3609") and the lines
    Engineers repaired or converted during the log (9-5, 9-11..9-13)."""
    key = "rail-owners"
    hit = ctx.cache.get(key)
    if hit is None:
        hit = {}
        sc = ctx.scenario
        for r in (getattr(sc, "rail_routes", ()) or ()):
            if r.kind == "network":
                for h in _route_hexes(board, list(r.hexes)):
                    hit[h] = r.network
        ctx.cache[key] = hit
    return hit


def rail_inoperative(ctx: CheckContext) -> set:
    """The rail hexes made Inoperative during the log (9-3) and not repaired since (9-4, 9-5)."""
    hit = ctx.cache.get("rail-inoperative")          # (no new empty set() per call: asked on every move)
    if hit is None:
        hit = ctx.cache["rail-inoperative"] = set()
    return hit


def _networks(ctx: CheckContext, board):
    owners = rail_owners(ctx, board)
    inop = frozenset(rail_inoperative(ctx))
    return rail.SimpleRailNetworks(board, owner=owners, inoperative=inop)


def _network_of(ctx: CheckContext, board, h: Hex) -> str | None:
    """``_networks(ctx, board).network(h)`` without building the networks: whether a hex has a
    rail line is map data, kept per map for the check."""
    if h in rail_inoperative(ctx):
        return None
    memo = ctx.cache.get("rail-hexes")
    if memo is None or memo[0] is not board.map:
        memo = ctx.cache["rail-hexes"] = (board.map, {})
    has = memo[1].get(h)
    if has is None:
        has = memo[1][h] = rail.hex_has_rail(board, h)
    if not has:
        return None
    owners = rail_owners(ctx, board)
    if h in owners:
        return owners[h]
    info = board.hex_info(h)
    return info.country if info else None


#: 9-3: "an enemy Infantry type division (or multiple infantry type brigades)"
INFANTRY_TYPES_9_3 = frozenset({"inf", "mtn", "aslt", "mtn-aslt", "marine"})
DIVISION_SIZES_9_3 = frozenset({"XX", "XXX", "XXXX"})


@rule("9-3", "move")
def enemy_infantry_makes_rail_inoperative(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """9-3 bookkeeping (no finding): the rail line in a hex becomes Inoperative when an enemy
    infantry-type division enters it, or an infantry-type brigade that makes two or more such
    brigades of its side there. "Enemy" is to the network the line belongs to (its country's, a
    scenario route's or the one an Engineer repaired it into, 9-5). Only moves on the map count
    (a unit placed by the set-up or arriving from off the map has not *entered* from a hex the
    log shows), so the checker never marks a line the rules leave Operative. Rail moves through
    the hex then break 9-1 until an Engineer repairs it (9-4, 9-5)."""
    if frm is None or to is None or u.side is None or not is_unit(u) \
            or u.counter.type not in INFANTRY_TYPES_9_3:
        return ()
    size = u.counter.size
    if size not in DIVISION_SIZES_9_3 and size != "X":
        return ()        # a regiment or smaller never makes a line Inoperative
    board = board_state(ctx)
    if board is None:
        return ()
    net = _network_of(ctx, board, to)
    owner = ctx.game.nations.get(net) if net is not None else None
    if owner is None or owner.side == u.side:
        return ()
    if size not in DIVISION_SIZES_9_3:
        brigades = [v for v in ctx.units_at(to) if is_unit(v) and v.side == u.side
                    and v.counter.type in INFANTRY_TYPES_9_3 and v.counter.size == "X"]
        if len(brigades) < 2:
            return ()
    rail_inoperative(ctx).add(to)
    return ()


@rule("9-5", "phase_end")
def engineers_repair_rail_lines(ctx: CheckContext, ended):
    """9-5/9-6/9-11..9-13 bookkeeping (no finding): the rail hexes an Engineer entered along the
    line from a hex of its own network in its Movement Phase (normal movement) join that network;
    a line of the other gauge (Russian / all others) only from April to October on odd turns,
    one hex per turn (``rules.rail.rail_repair``); a repaired line is Operative again (9-4).
    Lines are Inoperative only as far as 9-3 marks them from the log; an enemy network's line
    the Engineer enters is converted as 9-5 says of any line not Operative in its side's
    networks."""
    if ended.kind != "movement":
        return
    board = board_state(ctx)
    if board is None:
        return
    owners = rail_owners(ctx, board)
    for pid, drops in sorted(ctx.moves.items()):
        u = ctx.units.get(pid)
        if u is None or not is_unit(u) or u.side != ended.side or len(drops) < 2 \
                or u.counter.type != "eng":
            continue
        side_nations = next((s.nations for s in ctx.game.sides if s.id == u.side), ())
        res = rail.rail_repair(board, unit_view(u, drops[0]), drops, _networks(ctx, board),
                               side_nations, ezoc=enemy_zoc_hexes(ctx, u.side),
                               column=bool(declared(ctx, "column", u)),
                               rail_moved=bool(declared(ctx, "rail", u)), date=ended.date)
        for h in res.converted:
            owners[h] = res.network
            rail_inoperative(ctx).discard(h)            # 9-4: Operative again
    return ()


@rule("7-6", "declare")
def rail_movement(ctx: CheckContext, d):
    """7-1..7-9 and 8-1/8-2 (via rules.rail): a declared rail move runs along Operative
    rail lines of the side's networks, enters no enemy ZOC, respects single-track limits and the
    MA, is made in the own Movement Phase, and the nation's rail capacity for the turn."""
    if d.keyword != "rail":
        return
    units = [u for u in ctx.units.values() if is_unit(u) and unit_matches(d.unit, u)]
    if not units:
        yield ctx.finding("7-2", UNDETERMINED, f"!rail names {d.unit!r}, which is no unit on the "
                          f"map", missing="a unit name or id the game knows")
        return
    u = units[0]
    start = d.hexes[0]
    if u.hex != start and start not in ctx.moves.get(u.piece, ()):
        # the unit does not stand where the declared path starts, nor stood there this phase:
        # not a rail move the log shows (the movement check names the missing start, 7-2), so
        # nothing is charged to single track or the rail capacity
        if ctx.once("7-2", (u.piece, ctx.phase_start_step, "start")):
            yield ctx.finding("7-2", UNDETERMINED, f"{u.name}: the declared rail path starts in "
                              f"{start}, where the unit was not (it is in {u.hex})", units=[u],
                              path=list(d.hexes), missing="a rail path that starts at the unit")
        return
    if ctx.now.phase is not None and not (ctx.now.kind == "movement" and ctx.now.side == u.side):
        yield ctx.finding("7-1", VIOLATION, f"{u.name} declared rail movement in the "
                          f"{ctx.phase_label()}; rail movement happens in the own Movement Phase",
                          units=[u], hexes=list(d.hexes), path=list(d.hexes))
    board = board_state(ctx)
    if board is None:
        return
    side_nations = next((s.nations for s in ctx.game.sides if s.id == u.side), ())
    used = ctx.cache.setdefault(("single-track", ctx.phase_start_step), {})
    entrained = entrained_at(ctx, u, d.hexes[0])
    ctx.cache[("rail-entrained", d.step)] = entrained
    ctx.cache[("rail-entrained-unit", u.piece, ctx.phase_start_step)] = entrained
    rail_ends(ctx)[u.piece] = (d.step if d.step is not None else 0, tuple(d.hexes))

    def rail_check(entrain):
        return rail.check_rail_move(board, unit_view(u, d.hexes[0], not entrain), d.hexes,
                                     _networks(ctx, board), side_nations,
                                     ezoc=enemy_zoc_hexes(ctx, u.side),
                                     entrain=False if not entrain else None,
                                     single_track_used=used,
                                     allowance=movement_allowance(unit_view(u)))
    res = rail_check(entrained != "marker")
    if res.verdict == mv.ILLEGAL and entrained == "declared":
        lenient = rail_check(False)
        if lenient.verdict == mv.LEGAL:
            yield ctx.finding("7-11", UNDETERMINED, f"{u.name}: {res.message.split(': ', 1)[-1]}"
                              f"; legal if it was still entrained from its last rail move",
                              units=[u], path=list(d.hexes),
                              missing="an entrained marker (7-11) showing whether the unit "
                                      "stayed entrained after its rail move")
            res = lenient          # the rail move counts for single track and capacity
    if res.verdict == mv.ILLEGAL:
        msg = res.message.split(": ", 1)[-1] if res.message.startswith(res.rule) else res.message
        moved = network_exceptions(ctx) if res.rule == "9-1" else []
        ends = [r for r in (getattr(ctx.scenario, "rail_routes", ()) or ()) if r.kind == "ends"]
        if res.rule == "9-1" and ends and not moved:
            # "the A-H network ... ends at 3415 and 4017": where a network stops short of its
            # country's lines is not traced by the checker
            moved = [r.text or f"the {r.network} network ends at {', '.join(map(str, r.hexes))}"
                     for r in ends]
        if moved:
            yield ctx.finding("9-1", UNDETERMINED, f"{u.name}: {msg}; but the scenario puts "
                              f"some lines in another network: {' / '.join(moved)}", units=[u],
                              hexes=[d.hexes[0], d.hexes[-1]], path=list(d.hexes),
                              missing="the scenario's rail network exceptions as map data")
            return
        # 7-5 prices the rail move against the MP left of the MA: it rests on the MA
        yield ctx.finding(res.rule, VIOLATION, f"{u.name}: {msg}", units=[u],
                          hexes=[d.hexes[0], d.hexes[-1]], path=list(res.path or d.hexes),
                          placeholders=placeholder_inputs(u, "movement") if res.rule == "7-5"
                          else ())
        return
    if res.verdict == mv.UNDETERMINED:
        yield ctx.finding(res.rule, UNDETERMINED, f"{u.name}: {res.message}", units=[u],
                          path=list(d.hexes), missing="rail line data")
        return
    for hs in res.single_track:
        used[hs] = used.get(hs, 0) + rail.single_track_units(unit_view(u))
    # 8-1: rail capacity per network per turn
    sc = ctx.scenario
    if sc is None or ctx.now.date is None:
        return
    # 8-1: the rail moves of each turn, (unit, networks used)
    moves = ctx.cache.setdefault("rail-used", {}).setdefault(ctx.now.date, [])
    moves.append((unit_view(u), tuple(sorted(res.networks))))
    defaults = {n: ctx.game.nations[n].rail_capacity for n in ctx.game.nations}
    for cf in rail.check_rail_capacity(rail.rail_capacity_used(moves), sc.rail_capacities,
                                        ctx.now.date, defaults):
        if cf.verdict == mv.LEGAL or cf.nation not in res.networks:
            continue
        if not ctx.once(cf.rule, (ctx.now.date, cf.nation, cf.verdict)):
            continue
        sev = VIOLATION if cf.verdict == mv.ILLEGAL else UNDETERMINED
        name = ctx.game.nations[cf.nation].name if cf.nation in ctx.game.nations else cf.nation
        yield ctx.finding(cf.rule, sev, f"{u.name}: " + cf.message.split(": ", 1)[-1].replace(
            cf.nation, name, 1), units=[u], path=list(res.path or d.hexes),
            missing="the scenario's rounding of the halved capacity" if sev == UNDETERMINED else "")


def rail_capacity_left(ctx: CheckContext, u: UnitState) -> int | None:
    """8-1: division equivalents left this turn on the rail network of ``u``'s nation after the
    rail moves declared so far (None when the capacity is not known)."""
    sc = ctx.scenario
    if sc is None or ctx.now.date is None or u.nation is None:
        return None
    moves = ctx.cache.get("rail-used", {}).get(ctx.now.date, [])
    used = rail.rail_capacity_used(moves).get(u.nation, 0)
    default = ctx.game.nations[u.nation].rail_capacity if u.nation in ctx.game.nations else None
    cap, exact = rail.rail_capacity_available(sc.rail_capacities, u.nation, ctx.now.date, default)
    if cap is None:
        return None
    return cap - used + (0 if exact else 1)
