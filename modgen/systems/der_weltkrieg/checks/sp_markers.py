"""Supply Point markers on the map (Standard Rules 18-8, 18-9, 18-11; 18-7 and 18-10 are the
ledger's, ``supply_ledger``; 18-12 the front totals', ``income``).

A marker is a piece of MarkerKind ``supply`` whose value is its SP; its side is that of the HQ it
was placed on (18-7), else of the player who placed it.

* 18-8, 18-9 (judged at the end of the side's Movement Phase, from where the marker began and
  ended it): a marker moves as an infantry division with MA 4, by rail or on the ground; it may
  leave the rail lines only when it begins or ends its move in a friendly HQ's hex. A move
  between two hexes no rail path joins, with no friendly HQ at either end, breaks 18-9; a move
  from or to an HQ that costs more than 4 MP on the ground breaks 18-8 when no rail line lies
  near either end (otherwise a rail move may explain it and the log shows none: *undetermined*,
  naming the missing ``!rail``). Every rail line counts as Operative (9-2), which only accepts
  more moves.
* 18-11: a marker has no ZOC and no strength; it is eliminated at once when an enemy unit enters
  its hex, attacks it alone, or forces it to retreat: a marker still on the map at the end of the
  phase in a hex an enemy unit entered, in a hex attacked while it stood there alone, or that
  left (or stayed in) a hex whose units retreated breaks it.
"""
from __future__ import annotations

from modgen.check.context import CheckContext, PhaseInfo, UnitState
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION
from modgen.hexgrid import Hex
from modgen.model.types import Counter, Face

from ..rules import movement as mv
from ..rules import rail as rail_rules
from ..rules.units import UnitView
from .past_combats import combats_in_phase
from ._shared import board_state, enemy_zoc_hexes, is_hq, is_unit, kind_of, terrain_costs

STATE = "dw-sp-markers"
MARKER_MA = 4                      # 18-8: "an infantry division with movement factor four"
RAIL_NEAR = 3                      # hexes from an end within which a rail line may explain a move
#: 18-8: what an SP marker moves as (a synthetic counter, never on the map)
_AS_INFANTRY = Counter("sp-marker-as-infantry", "", "inf", "XX", "SP", Face(0, MARKER_MA), None)


def _state(ctx: CheckContext) -> dict:
    return ctx.cache.setdefault(STATE, {"side": {}, "nation": {}, "combat_moves": []})


def _is_marker(ctx: CheckContext, u: UnitState) -> bool:
    return kind_of(ctx, u) == "supply"


def marker_side(ctx: CheckContext, piece: str) -> str | None:
    """The side a Supply Point marker belongs to (None: not known)."""
    return _state(ctx)["side"].get(piece)


def marker_nation(ctx: CheckContext, piece: str) -> str | None:
    """The nation of a Supply Point marker placed on one of its HQs (18-7); None otherwise."""
    return _state(ctx)["nation"].get(piece)


@rule("18-8", "move")
def sp_marker_moves(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """18-7..18-11 bookkeeping: whose each SP marker is; markers moved in a Combat Phase."""
    if u.marker_id is None or not _is_marker(ctx, u):
        return ()
    st = _state(ctx)
    if frm is None and to is not None and u.piece not in st["side"]:
        hqs = [h for h in ctx.units_at(to) if is_hq(h)]
        side = hqs[0].side if len(hqs) == 1 else ctx.now.side
        if side is not None:
            st["side"][u.piece] = side
        if len(hqs) == 1:
            st["nation"][u.piece] = hqs[0].nation
    elif frm is not None and to is not None and frm != to and ctx.now.kind == "combat":
        st["combat_moves"].append((u.piece, frm, to, ctx.step))
    return ()


def _view(side: str, h: Hex) -> UnitView:
    return UnitView(_AS_INFANTRY, side, "", hex=h)


def _near_rail(board, h: Hex) -> bool:
    return any(rail_rules.rail_track(board, x, n) for x in h.within(RAIL_NEAR)
               for n in x.neighbours())


def _judge_move(ctx: CheckContext, u: UnitState, side: str, start: Hex, end: Hex):
    board, costs = board_state(ctx), terrain_costs(ctx)
    if board is None:
        return
    nations = next((s.nations for s in ctx.game.sides if s.id == side), ())
    ezoc = enemy_zoc_hexes(ctx, side)
    view = _view(side, start)
    nets = rail_rules.SimpleRailNetworks(board)
    if rail_rules.rail_path(board, view, start, end, nets, nations, ezoc=ezoc) is not None:
        return                                          # by rail (18-8: rail rules apply)
    hq_at = [h for h in (start, end) if any(is_hq(v) and v.side == side for v in ctx.units_at(h))]
    what = f"the Supply Point marker ({u.marker_value or '?'} SP) moved {start}→{end}"
    if not hq_at:
        if rail_rules.rail_path(board, view, start, end, nets, nations, ezoc=frozenset()) is not None:
            yield ctx.finding("7-6", VIOLATION, f"{what} by rail through an enemy-controlled hex "
                              f"(18-8: an SP marker moves as an infantry division; rail movement "
                              f"enters no enemy-controlled hex)", units=[u], hexes=[start, end],
                              path=[start, end])
            return
        yield ctx.finding("18-9", VIOLATION, f"{what}: no rail line joins the two hexes and no "
                          f"friendly HQ stands at either end; SP markers leave the rail lines "
                          f"only to begin or end their move in a friendly HQ's hex", units=[u],
                          hexes=[start, end], path=[start, end])
        return
    if costs is None:
        return
    r = mv.cheapest_path(board, view, start, end, MARKER_MA, costs, ezoc=ezoc)
    if r.found:
        return
    msg = (f"{what} (a friendly HQ at {' and '.join(map(str, hq_at))}): more than {MARKER_MA} MP "
           f"on the ground as an infantry division (18-8)")
    if _near_rail(board, start) or _near_rail(board, end):
        yield ctx.finding("18-8", UNDETERMINED, msg + "; a rail move may explain it", units=[u],
                          hexes=[start, end], path=[start, end],
                          missing="a !rail declaration for the marker (the log does not show "
                                  "rail movement)")
    else:
        yield ctx.finding("18-8", VIOLATION, msg, units=[u], hexes=[start, end],
                          path=[start, end])


def _markers_on_map(ctx: CheckContext) -> list[UnitState]:
    """The Supply Point marker pieces on the map, in ``ctx.units`` order. Kept while no marker
    piece enters, leaves or changes hex (``ctx.side_version[("other",)]``: the engine moves it on
    whenever a piece that is no unit of a side is placed, moved, replaced or deleted)."""
    v = ctx.side_version.get(("other",), 0)
    hit = ctx.cache.get("sp-markers-on-map")
    if hit is not None and hit[0] == v and hit[1] is ctx.units:
        return hit[2]
    # (a unit is never a marker: only marker pieces are asked their kind)
    out = [u for u in ctx.units.values() if u.marker_id is not None and _is_marker(ctx, u)
           and u.hex is not None]
    ctx.cache["sp-markers-on-map"] = (v, ctx.units, out)
    return out


@rule("18-9", "phase_end")
def sp_markers_at_phase_end(ctx: CheckContext, ended: PhaseInfo):
    """18-8, 18-9 (the Movement Phase's marker moves), 18-11 (markers that should be gone)."""
    st = _state(ctx)
    markers = _markers_on_map(ctx)
    if ended.kind == "movement":
        for u in markers:
            side = st["side"].get(u.piece)
            drops = ctx.moves.get(u.piece, [])
            if side is None or side != ended.side or len(drops) < 2 or drops[0] == drops[-1]:
                continue
            yield from _judge_move(ctx, u, side, drops[0], drops[-1])
    for u in markers:
        side = st["side"].get(u.piece)
        if side is None:
            continue
        here = [v for v in ctx.units_at(u.hex) if is_unit(v)]
        if any(v.side != side for v in here) and ctx.once("18-11", ("entered", u.piece, u.hex)):
            yield ctx.finding("18-11", VIOLATION, f"an enemy unit stands in {u.hex} with the "
                              f"Supply Point marker ({u.marker_value or '?'} SP) at the end of the "
                              f"{ended.phase or 'phase'}; a marker is eliminated at once when an "
                              f"enemy unit enters its hex", units=[u], hexes=[u.hex])
            continue
        for c in combats_in_phase(ctx, ended.date, ended.phase_id):
            if c.target != u.hex:
                continue
            friends = [d for d in c.defenders if d.side == side]
            if not friends and c.attack_roll is not None \
                    and ctx.once("18-11", ("attacked", u.piece, c.number)):
                yield ctx.finding("18-11", VIOLATION, f"the Supply Point marker in {u.hex} was "
                                  f"attacked alone (combat {c.number}) and is still on the map; a "
                                  f"marker attacked while alone is eliminated", units=[u],
                                  hexes=[u.hex])
            elif c.retreats and not [v for v in here if v.side == side] \
                    and ctx.once("18-11", ("retreat", u.piece, c.number)):
                yield ctx.finding("18-11", VIOLATION, f"the units in {u.hex} retreated (combat "
                                  f"{c.number}) and the Supply Point marker there is still on the "
                                  f"map; a marker forced to retreat is eliminated", units=[u],
                                  hexes=[u.hex])
    for piece, frm, to, step in st["combat_moves"]:
        u = ctx.units.get(piece)
        if u is None or u.hex is None:
            continue
        if any(c.target == frm and c.retreats
               for c in combats_in_phase(ctx, ended.date, ended.phase_id)) \
                and ctx.once("18-11", ("retreat", piece, frm)):
            yield ctx.finding("18-11", VIOLATION, f"the Supply Point marker moved {frm}→{to} with "
                              f"the units that retreated from {frm}; a marker forced to retreat is "
                              f"eliminated", units=[u], hexes=[frm, to], path=[frm, to], step=step)
    st["combat_moves"] = []
