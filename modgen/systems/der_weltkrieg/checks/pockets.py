"""Surrounded units in a pocket (Standard Rules 20-11, 20-13, 20-14; 37-7, 38-2).

A pocket (20-14, ``rules.supply_lines.pocket``) is a group of connected friendly-controlled hexes
(occupied by the side's units or in its ZOC, and not by an enemy ground combat unit), every one
in an enemy ZOC, none with a friendly port.

* 20-13: units surrounded (20-1) in a pocket that holds no fortress for the full friendly half
  game turn — from the start of their side's Reinforcement Arrival Phase to the end of its
  Replacement / Recombination Phase, judged at every phase end in between — are destroyed, and
  removed before the next enemy Movement Phase begins: a unit still on the map then breaks it.
  German (37-7) and British (38-2) units in a pocket holding three friendly-controlled hexes that
  each border the other two are exempt. A half turn the log does not show from its start is not
  judged; where 20-1 is undetermined (map edges, country interiors: missing-data M9) so is the
  verdict.
* 20-11: surrounded units that counterattack take their SP from the nearest HQ in the same pocket
  when one there holds SP: a counterattack paid by an HQ outside the pocket, or made without SP
  (19-12's half strength), while an HQ of the pocket holds SP breaks it; "nearest" is measured
  along the supply line (19-8). An HQ of the pocket with no line of communication (19-15) may
  expend no SP and is left out; where that is not known the verdict is *undetermined*.
"""
from __future__ import annotations

from modgen.check.context import CheckContext, PhaseInfo, UnitState
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION
from modgen.hexgrid import Hex

from ..rules import supply_lines as SL
from ..rules.units import BRITAIN, GERMANY, nation_is
from ._shared import board_state, enemy_zoc_hexes, is_hq, is_unit

STATE = "dw-pockets"


def _other_side(ctx: CheckContext, side: str | None) -> str | None:
    return ctx.enemy_side(side) if side is not None else None


def pocket_of(ctx: CheckContext, u: UnitState, ezoc=None) -> frozenset[Hex] | None:
    """20-14: the pocket ``u`` stands in, or None (also when the map is not known). ``ezoc``:
    ``enemy_zoc_hexes(ctx, u.side)`` when the caller has it."""
    board = board_state(ctx)
    if board is None or u.hex is None or u.side is None:
        return None
    if ezoc is None:
        ezoc = enemy_zoc_hexes(ctx, u.side)
    if u.hex not in ezoc:
        return None                      # a pocket has no hex outside an enemy ZOC
    # the pockets of this version of the board only (ctx.version only grows: older ones are
    # never asked again, and a long log's would pile up)
    memo = ctx.cache.get("dw-pockets-now")
    if memo is None or memo[0] != ctx.version:
        memo = ctx.cache["dw-pockets-now"] = (ctx.version, {})
    memo = memo[1]
    key = (u.side, u.hex)
    hit = memo.get(key, key)
    if hit is not key:
        return hit
    other = _other_side(ctx, u.side)
    own_zoc = enemy_zoc_hexes(ctx, other) if other is not None else frozenset()
    ports = ctx.cache.get("dw-ports")
    if ports is None:
        # the map's ports (20-14: a pocket with one is not closed): map data, read once
        ports = ctx.cache["dw-ports"] = frozenset(
            h for b in ctx.boards if b.mapdef is not None
            for h, info in b.mapdef.hexes.items() if info.port)
    joined: list = []
    p = SL.pocket(board, u.side, u.hex, ezoc=ezoc, own_zoc=own_zoc, ports=ports, seen_out=joined)
    info = board.hex_info(u.hex)
    if joined and info is not None and info.land:
        # every hex the search joined has the same answer (``SL.pocket``): the units of a
        # pocket, or of a front line, are not searched for again one by one
        for h in joined[0]:
            memo[(u.side, h)] = p
    memo[key] = p
    return p


def _fortress_in(ctx: CheckContext, hexes, side) -> bool:
    return any(is_unit(v) and v.counter.type == "fortress" and v.side == side
               for h in hexes for v in ctx.units_at(h))


def isolated(ctx: CheckContext, u: UnitState, ezoc=None) -> tuple[bool | None, frozenset | None]:
    """20-13: whether ``u`` is surrounded in a pocket that holds no fortress (three-valued), and
    the pocket. ``ezoc``: as ``pocket_of``'s."""
    p = pocket_of(ctx, u, ezoc)
    if p is None or _fortress_in(ctx, p, u.side):
        return False, None
    from .supply import is_surrounded
    s = is_surrounded(ctx, u)
    return (s if s is not True else True), p


class _Half:
    """One side's half game turn: the units isolated at its start and still at each phase end."""

    def __init__(self, side: str, start):
        self.side, self.start = side, start
        self.units: dict[str, tuple[bool | None, frozenset]] = {}


def _state(ctx: CheckContext) -> dict:
    return ctx.cache.setdefault(STATE, {"half": None, "doomed": []})


def _begin_half(ctx: CheckContext, side: str) -> None:
    st = _state(ctx)
    half = _Half(side, ctx.now.date)
    # (no piece moves while the units are looked at: one enemy ZOC for all)
    ezoc = enemy_zoc_hexes(ctx, side) if board_state(ctx) is not None else None
    for u in list(ctx.units.values()):
        # (the side first: half of the pieces are the other side's)
        if u.side == side and u.hex is not None and is_unit(u) and not is_hq(u) \
                and u.counter.type != "fortress":
            if ezoc is not None and u.hex not in ezoc:
                continue                   # in no pocket (``pocket_of``): not isolated
            v, p = isolated(ctx, u, ezoc)
            if v is not False:
                half.units[u.piece] = (v, p)
    st["half"] = half


@rule("20-13", "setup")
def pockets_at_start(ctx: CheckContext):
    """20-13 bookkeeping: a log that starts at the scenario's first phase starts a half turn."""
    if ctx.log_starts_scenario and ctx.now.side is not None \
            and ctx.now.phase_id is not None and ctx.now.phase_id.endswith("-reinforcement"):
        _begin_half(ctx, ctx.now.side)
    return ()


@rule("20-13", "phase_end")
def pockets_at_phase_end(ctx: CheckContext, ended: PhaseInfo):
    """20-13: the units isolated since their half turn began, still isolated at its phase ends."""
    half = _state(ctx)["half"]
    if half is None or ended.side != half.side:
        return ()
    for piece, (v, p) in list(half.units.items()):
        u = ctx.units.get(piece)
        if u is None or u.hex is None:
            del half.units[piece]
            continue
        now, p2 = isolated(ctx, u)
        if now is False:
            del half.units[piece]
        else:
            half.units[piece] = (None if None in (v, now) else True, p2 or p)
    return ()


@rule("20-13", "turn")
def pockets_at_turn(ctx: CheckContext, old: PhaseInfo, new: PhaseInfo):
    """20-13: a half turn ends (the next phase is the other side's, or the Monthly Special Turn):
    its isolated units are destroyed; at the start of the next enemy Movement Phase they must be
    gone. A new half turn begins."""
    st = _state(ctx)
    half = st["half"]
    if half is not None and new.side != half.side:
        for piece, (v, p) in half.units.items():
            st["doomed"].append((piece, v, p, half.side, old.date))
        st["half"] = None
    if new.kind == "movement" and st["doomed"]:
        keep = []
        for piece, v, p, side, date in st["doomed"]:
            if new.side == side:
                keep.append((piece, v, p, side, date))
                continue
            u = ctx.units.get(piece)
            if u is None or u.hex is None:
                continue
            exempt = (nation_is(u.nation, GERMANY) and "37-7") or \
                     (nation_is(u.nation, BRITAIN) and "38-2")
            if exempt and p is not None and SL.has_triangle(p):
                continue
            msg = (f"{u.name} in {u.hex} was surrounded in a pocket without a fortress for the "
                   f"whole of its side's half turn ({date}); such units are destroyed and removed "
                   f"before the next enemy Movement Phase")
            if v is True:
                yield ctx.finding("20-13", VIOLATION, msg, units=[u], hexes=[u.hex])
            else:
                yield ctx.finding("20-13", UNDETERMINED, msg, units=[u], hexes=[u.hex],
                                  missing="whether the unit was surrounded (20-1: a line of "
                                          "communication to a friendly map edge or country "
                                          "interior, missing-data M9)")
        st["doomed"] = keep
    if new.side is not None and new.side != old.side and new.phase_id is not None \
            and new.phase_id.endswith("-reinforcement"):
        _begin_half(ctx, new.side)


@rule("20-11", "combat")
def pocket_defensive_supply(ctx: CheckContext, c):
    """20-11: surrounded counterattackers take their SP from the nearest HQ of their pocket."""
    if c.counterattack is not True or c.target is None:
        return
    from .supply import is_surrounded
    from ..combat_record import hq_has_loc, supply_line_length
    for cu in c.counterattackers:
        u = ctx.units.get(cu.piece)
        if u is None or u.hex is None or cu.type in ("fortress", "hq"):
            continue
        # (the pocket first: most units are in none, and it is the cheaper search)
        p = pocket_of(ctx, u)
        if p is None:
            continue
        if is_surrounded(ctx, u) is not True:
            continue
        hqs = [v for h in p for v in ctx.units_at(h) if is_hq(v) and v.side == u.side
               and ((v.supply_points or 0) > 0 or v.piece in c.counter_supply_hqs.values())
               and hq_has_loc(ctx, v) is not False]      # 19-15: in an enemy ZOC without a LOC
        if not hqs:                                       # it may expend none
            continue
        loc_known = all(hq_has_loc(ctx, v) is True for v in hqs)
        names = ", ".join(sorted(v.name for v in hqs))
        if cu.supply == "half":
            msg = (f"{cu.name}, surrounded in {u.hex}, counterattacks without Supply Points while "
                   f"{names} in its pocket holds SP; surrounded units expend the SP of the nearest "
                   f"HQ in their pocket")
            if loc_known:
                yield ctx.finding("20-11", VIOLATION, msg, units=[u], hexes=[u.hex, c.target])
            else:
                yield ctx.finding("20-11", UNDETERMINED, msg, units=[u], hexes=[u.hex, c.target],
                                  missing="whether the pocket's HQ has a line of communication "
                                          "(19-15: without one it may expend no SP)")
            continue
        if cu.supply != "paid" or cu.hq is None:
            continue
        payer = ctx.units.get(cu.hq)
        if payer is None or payer.hex is None:
            continue
        if payer.hex not in p:
            yield ctx.finding("20-11", VIOLATION, f"{cu.name}, surrounded in {u.hex}, "
                              f"counterattacks with SP from {payer.name} outside its pocket while "
                              f"{names} in the pocket holds SP", units=[u, payer],
                              hexes=[u.hex, payer.hex])
            continue
        others = [v for v in hqs if v.piece != payer.piece]
        if not others:
            continue
        d_pay = supply_line_length(ctx, u, u.hex, payer, 40)
        for v in others:
            d = supply_line_length(ctx, u, u.hex, v, 40)
            if d is ... or d_pay is ...:
                yield ctx.finding("20-11", UNDETERMINED, f"{cu.name}, surrounded in {u.hex}, "
                                  f"counterattacks with SP from {payer.name}; {v.name} in the same "
                                  f"pocket may be nearer", units=[u], hexes=[u.hex],
                                  missing="the supply-line lengths (the supply search)")
                break
            if d is not None and (d_pay is None or d < d_pay):
                yield ctx.finding("20-11", VIOLATION, f"{cu.name}, surrounded in {u.hex}, "
                                  f"counterattacks with SP from {payer.name} ({d_pay} MP away) "
                                  f"while {v.name} in the same pocket is nearer ({d} MP) and "
                                  f"holds SP", units=[u, payer, v], hexes=[u.hex])
                break
