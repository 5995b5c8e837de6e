"""Positional rules: movement (each unit of a dragged stack on its own, 6-4/6-5), ZOC, column and
rail movement, entrained units (7-11), stacking with strength markers (11-1, 11-8) (through
``modgen.rules``), and the Italian Front scenario restrictions 3-4 (fixed garrisons), 3-6 (no
Italian trenches west of hexrow 29xx until 1917), 3-9 (no German unit in Italy before turn 6 of
August 1916) and the May 1915 mobilization schedule (section 6).

The positional maths (path costs, ZOC, stacking counts) is engineer E1's ``modgen.rules``; this
module only builds its ``BoardState`` from the replayed positions, gathers each unit's drop points
of the Movement Phase and turns the verdicts into findings. Marker pieces are read by their
``MarkerKind`` (``entrained``, ``strength``, ``construction``, ``trench``). The order of the pieces
inside a VASSAL stack is not used: where it would decide (which units are under a marker) the
finding is undetermined.
"""
from __future__ import annotations

import re
from dataclasses import replace

from ..hexgrid import Hex
from ..model.types import GameDate, MONTHS
from .context import CheckContext, PhaseInfo, UnitState
from .engine import rule
from .findings import UNDETERMINED, VIOLATION

try:  # engineer E1's rules (positional maths)
    import importlib
    _board = importlib.import_module("modgen.rules.board")
    _movement = importlib.import_module("modgen.rules.movement")
    _stacking = importlib.import_module("modgen.rules.stacking")
    _zoc = importlib.import_module("modgen.rules.zoc")
    _rail = importlib.import_module("modgen.rules.rail")
    from ..rules.terrain import TerrainCosts
    from ..rules.units import (STRENGTH_MARKER_READINGS, UnitView, apply_strength_markers,
                               movement_allowance)
except ImportError:  # pragma: no cover - only while modgen.rules is missing
    _board = _movement = _stacking = _zoc = None


def _is_unit(u: UnitState) -> bool:
    return u.counter is not None and u.marker_id is None


_VIEWS: dict = {}


def _view(u: UnitState, h: Hex | None = None, entrained: bool = False,
          strength: int | None = None):
    h = h if h is not None else u.hex
    key = (u.piece, u.counter.id, u.side, u.nation, u.reduced, h, u.supply_points, entrained,
           strength)
    v = _VIEWS.get(key)
    if v is None:
        if len(_VIEWS) > 100_000:
            _VIEWS.clear()
        v = _VIEWS[key] = UnitView(u.counter, u.side or "", u.nation or "", reduced=u.reduced,
                                   entrained=entrained, hex=h, strength_override=strength,
                                   supply_points=u.supply_points or 0, piece_id=u.piece)
    return v


def marker_kind(ctx: CheckContext, marker_id: str | None) -> str | None:
    """The ``MarkerDef.kind`` of a marker piece (its MarkerId when the game does not know it)."""
    if marker_id is None:
        return None
    m = ctx.game.markers.get(marker_id)
    return m.kind if m is not None else marker_id


def hex_marker_kinds(ctx: CheckContext, h: Hex | None) -> set[str]:
    if h is None:
        return set()
    return {marker_kind(ctx, v.marker_id) for v in ctx.by_hex.get(h, {}).values()
            if v.marker_id is not None}


def entrained_by_marker(ctx: CheckContext, h: Hex | None) -> bool:
    """7-11: units stacked with an ``entrained`` marker are entrained. The checker does not track
    the order inside a VASSAL stack, so every unit of the marker's hex counts as under it (for the
    rules that read it, no ZOC and no entraining cost, that reading never adds a finding)."""
    return h is not None and "entrained" in hex_marker_kinds(ctx, h)


class LiveBoard:
    """E1's ``Board`` protocol read straight from the replayed positions (no copy per move)."""

    def __init__(self, ctx: CheckContext, mapdef):
        self.ctx = ctx
        self.map = mapdef
        self.neutral = _board.neutral_countries(ctx.game, mapdef)
        self._kinds = {mid: m.kind for mid, m in ctx.game.markers.items()}

    def hex_info(self, h: Hex):
        return self.map.hexes.get(h)

    def hexside(self, a: Hex, b: Hex):
        return self.map.hexside(a, b)

    def markers(self, h: Hex):
        return tuple(self._kinds.get(u.marker_id, u.marker_id)
                     for u in self.ctx.by_hex.get(h, {}).values() if u.marker_id is not None)

    def units(self, h: Hex):
        here = self.ctx.by_hex.get(h)
        if not here:
            return ()
        ent = any(self._kinds.get(u.marker_id, u.marker_id) == "entrained"
                  for u in here.values() if u.marker_id is not None)
        return tuple(_view(u, entrained=ent) for u in here.values() if _is_unit(u))

    def all_units(self):
        for h in sorted(self.ctx.by_hex):
            yield from self.units(h)

    def is_neutral(self, h: Hex) -> bool:
        info = self.map.hexes.get(h)
        return bool(info and info.country and info.country in self.neutral)


def board_state(ctx: CheckContext):
    """E1's Board for the current positions (a live view over ``ctx.by_hex``)."""
    mapdef = ctx.mapdef()
    if _board is None or mapdef is None:
        return None
    b = ctx.cache.get("live-board")
    if b is None or b.map is not mapdef:
        b = ctx.cache["live-board"] = LiveBoard(ctx, mapdef)
    return b


def enemy_zoc_hexes(ctx: CheckContext, side: str | None) -> set[Hex]:
    """Hexes in the ZOC of ``side``'s enemies (cached while the enemies' positions stay put)."""
    if side is None or _zoc is None:
        return set()
    enemy = tuple(sorted((u.piece, u.hex, u.reduced) for u in ctx.units.values()
                         if u.side != side and u.hex is not None and _is_unit(u)))
    # 7-11: entrained units exert no ZOC; the entrained markers' hexes are part of the cache key
    enemy += tuple(sorted(u.hex for u in ctx.units.values() if u.hex is not None
                          and u.marker_id is not None
                          and marker_kind(ctx, u.marker_id) == "entrained"))
    hit = ctx.cache.get(("ezoc", side))
    if hit is not None and hit[0] == enemy:
        return hit[1]
    b = board_state(ctx)
    z = frozenset(_zoc.enemy_zoc(b, side)) if b is not None else frozenset()
    ctx.cache[("ezoc", side)] = (enemy, z)
    return z


_costs_cache: dict[int, object] = {}


def terrain_costs(ctx: CheckContext):
    tec = ctx.game.tables.get("tec") if ctx.game.tables else None
    if tec is None or _movement is None:
        return None
    key = id(tec)
    if key not in _costs_cache:
        try:
            _costs_cache[key] = TerrainCosts.from_tec(tec)
        except (TypeError, ValueError, KeyError):
            _costs_cache[key] = None
    return _costs_cache[key]


def _declared(ctx: CheckContext, keyword: str, u: UnitState):
    """Declarations of ``keyword`` this phase that name unit ``u``."""
    out = []
    for d in ctx.declarations.of(keyword):
        if d.step is None or ctx.phase_start_step is None or d.step < ctx.phase_start_step:
            continue
        if unit_matches(d.unit or "", u):
            out.append(d)
    return out


def unit_matches(ref: str, u: UnitState) -> bool:
    """A typed unit reference ("35 Inf XX", "it-inf-xx-35", "35") names ``u``."""
    r = " ".join(ref.lower().split())
    if not r:
        return False
    if r in (u.unit_id.lower(), u.name.lower()):
        return True
    return u.counter is not None and r == u.counter.designation.lower()


# ------------------------------------------------------------------------- movement (6, 10-7)

@rule("6-9", "move")
def movement_allowance_and_path(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """6-6/6-9/6-10/10-7/TEC (via modgen.rules.movement.check_movement): the unit's drops this
    Movement Phase form a legal path within its MA (or Column MA)."""
    if not _is_unit(u) or frm is None or to is None or ctx.now.kind != "movement" \
            or ctx.now.side != u.side or u.counter.type == "fortress":
        return
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
                              "Terrain Effects Chart table (or modgen.rules is missing)",
                              missing="tables/…/tec.yaml")
        return
    rail = _declared(ctx, "rail", u)
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
        ma = movement_allowance(_view(u))
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
    column = True if _declared(ctx, "column", u) else None
    board = board_state(ctx)
    ezoc = enemy_zoc_hexes(ctx, u.side)
    # incremental: while the move so far is legal ground movement, price only the new drop with
    # the MP left (the same computation check_movement does segment by segment)
    inc = ctx.cache.get(("spent", key))
    if inc is not None and inc[0] == len(drops) - 1 and column is None and not rail_used:
        ma = movement_allowance(_view(u))
        r = _movement.cheapest_path(board, _view(u, drops[0]), drops[-2], drops[-1],
                                    max(ma - inc[1], 0), costs, ezoc=ezoc) if ma is not None else None
        if r is not None and r.found:
            ctx.cache[("spent", key)] = (len(drops), inc[1] + (r.cost or 0))
            return
    res = _movement.check_movement(board, _view(u, drops[0]), drops, costs, column=column,
                                   rail_used=rail_used, allowance=allowance, ezoc=ezoc)
    if res.verdict == _movement.LEGAL and not res.column and not res.minimum_move \
            and res.spent is not None and not rail_used and allowance is None:
        ctx.cache[("spent", key)] = (len(drops), res.spent)
    else:
        ctx.cache.pop(("spent", key), None)
    path: list[Hex] = []
    for seg in res.segments:
        for h in seg.path:
            if not path or path[-1] != h:
                path.append(h)
    if res.verdict != _movement.LEGAL:
        ctx.flagged.add(("move-reported", key))
    if res.verdict == _movement.ILLEGAL:
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
    elif res.verdict == _movement.UNDETERMINED:
        yield ctx.finding(res.rule, UNDETERMINED, f"{u.name}: {res.message}", units=[u],
                          hexes=[drops[0], drops[-1]], path=path or drops,
                          missing="map data for the hexsides crossed")


def _legal_if_entrained(ctx: CheckContext, board, u: UnitState, drops, costs, column, rail_used,
                        allowance) -> str:
    """7-11 without a marker: when units that ended a declared rail move in an earlier phase and
    have not moved since may still be entrained (no ZOC; no entraining MP for ``u`` itself,
    already in ``allowance``), the reason an illegal move would then be legal, else ""."""
    maybe = {v.piece for v in ctx.units.values() if v.side != u.side and _is_unit(v)
             and possibly_entrained(ctx, v)}
    ezoc = enemy_zoc_hexes(ctx, u.side)
    if maybe:
        ezoc = frozenset(_zoc.enemy_zoc(_EntrainedBoard(board, ctx, maybe), u.side))
    res = _movement.check_movement(board, _view(u, drops[0]), drops, costs, column=column,
                                   rail_used=rail_used, allowance=allowance, ezoc=ezoc)
    if res.verdict != _movement.LEGAL:
        return ""
    who = [f"{v.name} in {v.hex}" for v in ctx.units.values() if v.piece in maybe]
    mine = ctx.cache.get(("rail-entrained-unit", u.piece, ctx.phase_start_step)) == "declared"
    parts = (["it was still entrained from its last rail move (no entraining MP)"] if mine else []) \
        + ([f"{', '.join(sorted(who))} {'is' if len(who) == 1 else 'are'} still entrained "
            f"(no ZOC)"] if who else [])
    return " and ".join(parts)


def possibly_entrained(ctx: CheckContext, v: UnitState) -> bool:
    """7-11: ``v`` ended a declared rail move in an earlier phase, has not moved since and has
    no entrained marker: the log does not say whether it stayed entrained."""
    rec = _rail_ends(ctx).get(v.piece)
    return bool(rec and ctx.phase_start_step is not None and rec[0] < ctx.phase_start_step
                and v.hex == rec[1][-1] and not entrained_by_marker(ctx, v.hex))


class _EntrainedBoard:
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
    (``modgen.rules.rail``); no entraining MP for a unit already entrained (7-11)."""
    return int(_rail.detrain_mp(_rail.rail_move_cost(_view(u), len(path) - 1, entrain=entrain)))


def _rail_ends(ctx: CheckContext) -> dict:
    """piece -> (declaration step, rail path) of its last declared rail move that it has not left
    since (a unit that stays where its rail move ended may still be entrained, 7-11)."""
    return ctx.cache.setdefault("rail-ends", {})


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
    rec = _rail_ends(ctx).get(u.piece)
    if rec is None:
        return
    if to is None or (ctx.phase_start_step is not None and rec[0] < ctx.phase_start_step) \
            or to not in rec[1]:
        del _rail_ends(ctx)[u.piece]


_OTHER_NETWORK = re.compile(r"(?<!not )part of the [A-Za-z -]+ rail network", re.I)


def network_exceptions(ctx: CheckContext) -> list[str]:
    """Scenario special rules that put rail lines in another country's network ("Hex 3217 is part
    of the Italian rail network", IF October 1917; "Double track rail lines in Italy, but behind
    Austro-Hungarian lines are … part of the Austro-Hungarian rail network", IF June 1918). The
    checker's networks follow the country of each hex (9-2), so a 9-1 verdict is undetermined in
    such a scenario."""
    sc = ctx.scenario
    return [r.text for r in (sc.special_rules if sc else ()) if _OTHER_NETWORK.search(r.text or "")]


def _networks(ctx: CheckContext, board):
    return _rail.SimpleRailNetworks(board)


@rule("7-6", "declare")
def rail_movement(ctx: CheckContext, d):
    """7-1..7-9 and 8-1/8-2 (via modgen.rules.rail): a declared rail move runs along Operative
    rail lines of the side's networks, enters no enemy ZOC, respects single-track limits and the
    MA, is made in the own Movement Phase, and the nation's rail capacity for the turn."""
    if d.keyword != "rail":
        return
    units = [u for u in ctx.units.values() if _is_unit(u) and unit_matches(d.unit, u)]
    if not units:
        yield ctx.finding("7-2", UNDETERMINED, f"!rail names {d.unit!r}, which is no unit on the "
                          f"map", missing="a unit name or id the game knows")
        return
    u = units[0]
    if ctx.now.phase is not None and not (ctx.now.kind == "movement" and ctx.now.side == u.side):
        yield ctx.finding("7-1", VIOLATION, f"{u.name} declared rail movement in the "
                          f"{ctx.phase_label()}; rail movement happens in the own Movement Phase",
                          units=[u], hexes=list(d.hexes), path=list(d.hexes))
    board = board_state(ctx)
    if board is None or _rail is None:
        return
    side_nations = next((s.nations for s in ctx.game.sides if s.id == u.side), ())
    used = ctx.cache.setdefault(("single-track", ctx.phase_start_step), {})
    entrained = entrained_at(ctx, u, d.hexes[0])
    ctx.cache[("rail-entrained", d.step)] = entrained
    ctx.cache[("rail-entrained-unit", u.piece, ctx.phase_start_step)] = entrained
    _rail_ends(ctx)[u.piece] = (d.step if d.step is not None else 0, tuple(d.hexes))

    def rail_check(entrain):
        return _rail.check_rail_move(board, _view(u, d.hexes[0], not entrain), d.hexes,
                                     _networks(ctx, board), side_nations,
                                     ezoc=enemy_zoc_hexes(ctx, u.side),
                                     entrain=False if not entrain else None,
                                     single_track_used=used,
                                     allowance=movement_allowance(_view(u)))
    res = rail_check(entrained != "marker")
    if res.verdict == _movement.ILLEGAL and entrained == "declared":
        lenient = rail_check(False)
        if lenient.verdict == _movement.LEGAL:
            yield ctx.finding("7-11", UNDETERMINED, f"{u.name}: {res.message.split(': ', 1)[-1]}"
                              f"; legal if it was still entrained from its last rail move",
                              units=[u], path=list(d.hexes),
                              missing="an entrained marker (7-11) showing whether the unit "
                                      "stayed entrained after its rail move")
            res = lenient          # the rail move counts for single track and capacity
    if res.verdict == _movement.ILLEGAL:
        msg = res.message.split(": ", 1)[-1] if res.message.startswith(res.rule) else res.message
        moved = network_exceptions(ctx) if res.rule == "9-1" else []
        if moved:
            yield ctx.finding("9-1", UNDETERMINED, f"{u.name}: {msg}; but the scenario puts "
                              f"some lines in another network: {' / '.join(moved)}", units=[u],
                              hexes=[d.hexes[0], d.hexes[-1]], path=list(d.hexes),
                              missing="the scenario's rail network exceptions as map data")
            return
        yield ctx.finding(res.rule, VIOLATION, f"{u.name}: {msg}", units=[u],
                          hexes=[d.hexes[0], d.hexes[-1]], path=list(res.path or d.hexes))
        return
    if res.verdict == _movement.UNDETERMINED:
        yield ctx.finding(res.rule, UNDETERMINED, f"{u.name}: {res.message}", units=[u],
                          path=list(d.hexes), missing="rail line data")
        return
    for hs in res.single_track:
        used[hs] = used.get(hs, 0) + _rail.single_track_units(_view(u))
    # 8-1: rail capacity per network per turn
    sc = ctx.scenario
    if sc is None or ctx.now.date is None:
        return
    moves = ctx.rail_used.setdefault(ctx.now.date, [])
    moves.append((_view(u), tuple(sorted(res.networks))))
    defaults = {n: ctx.game.nations[n].rail_capacity for n in ctx.game.nations}
    for cf in _rail.check_rail_capacity(_rail.rail_capacity_used(moves), sc.rail_capacities,
                                        ctx.now.date, defaults):
        if cf.verdict == _movement.LEGAL or cf.nation not in res.networks:
            continue
        if not ctx.once(cf.rule, (ctx.now.date, cf.nation, cf.verdict)):
            continue
        sev = VIOLATION if cf.verdict == _movement.ILLEGAL else UNDETERMINED
        name = ctx.game.nations[cf.nation].name if cf.nation in ctx.game.nations else cf.nation
        yield ctx.finding(cf.rule, sev, f"{u.name}: " + cf.message.split(": ", 1)[-1].replace(
            cf.nation, name, 1), units=[u], path=list(res.path or d.hexes),
            missing="the scenario's rounding of the halved capacity" if sev == UNDETERMINED else "")


# ------------------------------------------------------------------------- stacking (11)

def _stacking_options(ctx: CheckContext):
    hit = ctx.cache.get("stacking-options")
    if hit is None:
        from ..rules.units import stacking_options_for
        hit = ctx.cache["stacking-options"] = stacking_options_for(ctx.scenario,
                                                                   ctx.game.counters.values())
    return hit


@rule("11-1", "phase_end")
def stacking_at_end_of_phase(ctx: CheckContext, ended: PhaseInfo):
    """11-1/11-4/11-9 (via modgen.rules.stacking.check_stacking): at the end of every phase."""
    if _stacking is None or ended.phase is None:
        return
    board = board_state(ctx)
    if board is None:
        return
    # stacking changes only where units entered since the last phase end (all hexes at first)
    hexes = sorted({(u.side, u.hex) for u in ctx.units.values()
                    if _is_unit(u) and u.hex in ctx.touched and u.side}, key=lambda t: (t[0], t[1]))
    for side, h in hexes:
        v = _stacking.check_stacking(board, side, h, _stacking_options(ctx))
        markers = strength_markers(ctx, h)
        if markers:
            # 11-8: the units under a strength marker are modified by it (the Jgr of IF 11-2 and
            # the 27-3 components count by strength); which units are under it, and the order
            # and rounding of several markers (13-22), is the stack order, which the checker does
            # not track: a verdict that depends on it is undetermined
            readings = [_stacking.check_stacking(_MarkedBoard(board, ctx, markers, hf, ru), side,
                                                 h, _stacking_options(ctx))
                        for hf, ru in STRENGTH_MARKER_READINGS]
            w = next((x for x in readings if (x is None) != (v is None)), v)
            if (v is None) != (w is None):
                units = [u for u in ctx.units_at(h) if u.side == side and _is_unit(u)]
                msg = (v or w).message.split(": ", 1)[-1].split(" at the end of the phase")[0]
                yield ctx.finding("11-8", UNDETERMINED, f"{msg} at the end of the phase, counted "
                                  f"{'without' if v else 'with'} the strength marker(s) "
                                  f"{', '.join(markers)} in {h}; legal when counted "
                                  f"{'with' if v else 'without'} them", units=units, hexes=[h],
                                  side=side, missing="which units are under the strength marker "
                                  "(VASSAL stack order)")
                continue
        if v is not None:
            units = [u for u in ctx.units_at(h) if u.side == side and _is_unit(u)]
            yield ctx.finding(v.rule, VIOLATION, v.message.split(": ", 1)[-1], units=units,
                              hexes=[h], side=side)


def strength_markers(ctx: CheckContext, h: Hex) -> list[str]:
    """Values of the strength reduction markers (13-22: "-1", "1/2") in ``h``."""
    out = []
    for v in ctx.by_hex.get(h, {}).values():
        if v.marker_id is not None and marker_kind(ctx, v.marker_id) == "strength":
            m = ctx.game.markers.get(v.marker_id)
            out.append(v.marker_value or (m.values[0] if m is not None and m.values else v.marker_id))
    return sorted(out)


class _MarkedBoard:
    """A board whose units in the given hex are modified by its strength markers (11-8), in one
    reading of their order and rounding (``modgen.rules.units.apply_strength_markers``)."""

    def __init__(self, board, ctx: CheckContext, markers: list[str], halves_first: bool,
                 round_up: bool):
        self._b, self._ctx, self._markers = board, ctx, markers
        self._reading = dict(halves_first=halves_first, round_up=round_up)

    def __getattr__(self, name):
        return getattr(self._b, name)

    def units(self, h: Hex):
        return tuple(_view(u, strength=apply_strength_markers(_view(u).strength, self._markers,
                                                              **self._reading))
                     for u in self._ctx.by_hex.get(h, {}).values() if _is_unit(u))


# ------------------------------------------------------------------------- Italian Front 3-4, 3-9

def _special(ctx: CheckContext, number: str):
    sc = ctx.scenario
    if sc is None:
        return None
    for r in sc.special_rules:
        if r.number == number:
            return r
    return None


@rule("IF 3-4", "move")
def garrisons_stay(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """IF 3-4: the A-H garrisons of Trieste, Fiume and Pola (hexes named in the rule) do not move
    from the hex they hold at the start unless forced to retreat."""
    r = _special(ctx, "3-4")
    if r is None or not _is_unit(u) or frm is None or u.nation != "austria-hungary":
        return
    hexes = {Hex.parse(t) for t in re.findall(r"\b\d{4}\b", r.text)}
    start = ctx.at_start.get(u.piece)
    if start is None or start not in hexes or frm != start or not ctx.log_starts_scenario:
        return
    if to is None:   # eliminated: not a move
        return
    if ctx.now.kind == "combat":
        if any(d.hexes and d.hexes[0] == frm for d in _declared(ctx, "retreat", u)):
            return
        yield ctx.finding("IF 3-4", UNDETERMINED, f"{u.name}, garrison of {frm}, left it for {to} "
                          f"in the {ctx.phase_label()}; allowed only as a forced retreat",
                          units=[u], hexes=[frm, to], path=[frm, to],
                          missing="a !retreat declaration (the log does not record retreats)")
        return
    yield ctx.finding("IF 3-4", VIOLATION, f"{u.name}, garrison of {frm}, moved {frm}→{to}; the "
                      f"garrisons of {', '.join(sorted(map(str, hexes)))} may not move unless forced "
                      f"to retreat", units=[u], hexes=[frm, to], path=[frm, to])


_DATE = re.compile(r"turn\s+(\d)\s+of\s+(" + "|".join(MONTHS) + r")\s+(\d{4})", re.I)


@rule("IF 3-9", "move")
def no_germans_in_italy(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """IF 3-9: before the date named in the rule (turn 6 of August 1916) no German unit enters a
    hex of Italy (unless war was declared with ``!war`` in a linked game)."""
    r = _special(ctx, "3-9")
    if r is None or not _is_unit(u) or to is None or u.nation != "germany":
        return
    m = _DATE.search(r.text)
    if not m or ctx.now.date is None:
        return
    limit = GameDate(int(m.group(3)), [x.lower() for x in MONTHS].index(m.group(2).lower()) + 1,
                     int(m.group(1)))
    if ctx.now.date >= limit or ctx.declarations.of("war"):
        return
    mapdef = ctx.mapdef()
    info = mapdef.hexes.get(to) if mapdef else None
    if info is None or info.country != "italy":
        return
    if frm is not None and mapdef.hexes.get(frm) is not None and mapdef.hexes[frm].country == "italy":
        return  # already inside (reported when it entered)
    yield ctx.finding("IF 3-9", VIOLATION, f"{u.name} entered {to} in Italy on {ctx.now.date}; no "
                      f"German unit may enter Italy before {limit}", units=[u],
                      hexes=[h for h in (frm, to) if h], path=[h for h in (frm, to) if h])


# ------------------------------------------------------------------------- Italian Front 3-6

_WEST_OF = re.compile(r"west of hexrow\s+(\d{1,2})xx", re.I)
_UNTIL_YEAR = re.compile(r"until\s+(\d{4})", re.I)
#: 22-1: the unit types that construct trenches (Infantry, Assault, Mountain, Marine)
TRENCH_BUILDERS = frozenset({"inf", "aslt", "mtn", "mtn-aslt", "marine"})


def _italy_clear(ctx: CheckContext, h: Hex | None) -> str | None:
    """Whether ``h`` is a hex in Italy containing clear terrain (IF 3-6): "yes" when every
    hexside of it is clear, "maybe" when some are (terrain is printed on hexsides, the rule does
    not say how a hex "contains" it), None when it is not in Italy or has no clear hexside."""
    mapdef = ctx.mapdef()
    info = mapdef.hexes.get(h) if mapdef is not None and h is not None else None
    if info is None or info.country != "italy":
        return None
    terrains = [s.terrain for s in (mapdef.hexside(h, n) for n in h.neighbours()) if s is not None]
    clear = [t for t in terrains if t == "clear"]
    if not clear:
        return None
    return "yes" if len(clear) == len(terrains) else "maybe"


def _cp_in_italy(ctx: CheckContext) -> dict:
    return ctx.cache.setdefault("if3-6-cp-in-italy", {})


@rule("IF 3-6", "setup")
def trench_ban_setup(ctx: CheckContext):
    """IF 3-6 bookkeeping: hexes that hold a construction marker (their trench is a completion)
    and Central Powers units already in clear hexes of Italy."""
    built = ctx.cache.setdefault("if3-6-construction", set())
    for u in ctx.units.values():
        if u.hex is None:
            continue
        if u.marker_id is not None and marker_kind(ctx, u.marker_id) == "construction":
            built.add(u.hex)
        elif _is_unit(u) and u.side == "central-powers":
            _note_cp(ctx, u.hex)
    return ()


def _note_cp(ctx: CheckContext, h: Hex) -> None:
    how = _italy_clear(ctx, h)
    if how is not None:
        seen = _cp_in_italy(ctx)
        if seen.get("how") != "yes":
            seen["how"], seen["hex"] = how, h


@rule("IF 3-6", "move")
def no_italian_trenches_in_the_west(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """IF 3-6: Italian units may not construct trenches west of hexrow 29xx (both read from the
    rule text) until 1917 or until a Central Powers unit occupies a hex in Italy containing clear
    terrain. Checked when a construction marker (22-1) is placed under Italian units (or a trench
    marker where no construction marker stood)."""
    if to is None:
        return
    if _is_unit(u):
        if u.side == "central-powers":
            _note_cp(ctx, to)
        return
    kind = marker_kind(ctx, u.marker_id)
    if kind not in ("construction", "trench"):
        return
    built = ctx.cache.setdefault("if3-6-construction", set())
    if kind == "construction":
        new_site = to not in built
        built.add(to)
        if not new_site and frm == to:
            return
    elif to in built:
        return           # 22-5: construction completed (checked when the construction began)
    r = _special(ctx, "3-6")
    if r is None:
        return
    west, until = _WEST_OF.search(r.text), _UNTIL_YEAR.search(r.text)
    if not west or not until or ctx.now.date is None:
        return
    if to.col >= int(west.group(1)) or ctx.now.date.year >= int(until.group(1)):
        return
    here = [v for v in ctx.units_at(to) if _is_unit(v) and v.counter.type in TRENCH_BUILDERS]
    if not here or any(v.nation != "italy" for v in here):
        return           # no Italian builder, or another nation's units may be the builders
    seen = _cp_in_italy(ctx)
    label = "construction" if kind == "construction" else "trench"
    what = (f"{label} marker placed in {to} under {', '.join(v.name for v in here)} on "
            f"{ctx.now.date}; Italian units may not construct trenches west of hexrow "
            f"{west.group(1)}xx until {until.group(1)} or until a Central Powers unit occupies a "
            f"hex in Italy containing clear terrain")
    if seen.get("how") == "yes":
        return
    if seen.get("how") == "maybe":
        yield ctx.finding("IF 3-6", UNDETERMINED, f"{what} (a Central Powers unit was in "
                          f"{seen['hex']}, a hex of Italy with some clear hexsides)", units=here,
                          hexes=[to], missing="whether a hex with some clear hexsides 'contains "
                          "clear terrain'")
        return
    if not ctx.log_starts_scenario:
        yield ctx.finding("IF 3-6", UNDETERMINED, f"{what}; the log does not begin at the "
                          f"scenario's start, so an earlier Central Powers occupation cannot be "
                          f"ruled out", units=here, hexes=[to],
                          missing="the game before this log")
        return
    if frm is not None:
        # a marker moved from another hex (perhaps dragged along with a stack) is no clear sign
        # of a construction started here
        yield ctx.finding("IF 3-6", UNDETERMINED, f"{what} (the marker was moved here from "
                          f"{frm})", units=here, hexes=[frm, to],
                          missing="whether a construction was begun here (a marker placed from "
                                  "the counter palette)")
        return
    yield ctx.finding("IF 3-6", VIOLATION, what, units=here, hexes=[to])


# ------------------------------------------------------------------------- scenario mobilization

_MOB = re.compile(r"mobili[sz]ation completes\s+(\d)\s+(" + "|".join(MONTHS) + r")\s+(\d{4})\s*"
                  r"\(([^)]*)\)\s*:\s*(.+)$", re.I | re.S)
_DESIG = re.compile(r"(\d+)\s*-\s*(\d+)|([A-Za-z0-9/]+)")


def _mobilization_item(item: str):
    """A predicate on counters for one item of a mobilization list, "rest" for "All other
    units", None when the wording is not understood."""
    t = " ".join(item.lower().replace(".", "").split())
    if t == "all units":
        return lambda c: True
    if t == "all other units":
        return "rest"
    if t == "all mountain brigades":
        return lambda c: c.type == "mtn" and c.size == "X"
    m = re.fullmatch(r"all ((?:\d+-\d+)(?:,? (?:and )?\d+-\d+)*) brigades", t)
    if m:
        faces = set(re.findall(r"\d+-\d+", m.group(1)))
        return lambda c: c.size == "X" and f"{c.front.strength}-{c.front.movement}" in faces
    m = re.fullmatch(r"(infantry|mountain|infantry or mountain) divisions numbered (.+)", t)
    if m:
        types = {"infantry": {"inf"}, "mountain": {"mtn"}}.get(m.group(1), {"inf", "mtn"})
        names: set[str] = set()
        for a, b, word in _DESIG.findall(m.group(2).replace(" and ", ", ")):
            if a:
                names |= {str(n) for n in range(int(a), int(b) + 1)}
            elif word != "and":
                names.add(word)
        return lambda c: c.type in types and c.size == "XX" and c.designation.lower() in names
    m = re.fullmatch(r"(\d+)(?:st|nd|rd|th) cavalry division", t)
    if m:
        return lambda c: c.type == "cav" and c.size == "XX" and c.designation == m.group(1)
    return None


def mobilization_schedule(ctx: CheckContext) -> dict:
    """nation id -> [(date, predicate | "rest" | None)] from the scenario's "Mobilization
    completes <turn> <month> <year> (<nation>): <units>; …" special rules (cached)."""
    hit = ctx.cache.get("mobilization")
    if hit is not None:
        return hit
    out: dict[str, list] = {}
    names = {n.name.lower(): nid for nid, n in ctx.game.nations.items()}
    for r in (ctx.scenario.special_rules if ctx.scenario else ()):
        m = _MOB.search(r.text or "")
        if not m or m.group(4).strip().lower() not in names:
            continue
        date = GameDate(int(m.group(3)), [x.lower() for x in MONTHS].index(m.group(2).lower()) + 1,
                        int(m.group(1)))
        for item in m.group(5).split(";"):
            out.setdefault(names[m.group(4).strip().lower()], []).append(
                (date, _mobilization_item(item)))
    ctx.cache["mobilization"] = out
    return out


def mobilization_date(ctx: CheckContext, counter) -> tuple[GameDate | None, bool]:
    """(the date ``counter`` completes mobilization, whether that is certain); (None, True) when
    the scenario has no schedule for its nation."""
    memo = ctx.cache.setdefault("mobilization-dates", {})
    hit = memo.get(counter.id)
    if hit is None:
        hit = memo[counter.id] = _mobilization_date(ctx, counter)
    return hit


def _mobilization_date(ctx: CheckContext, counter) -> tuple[GameDate | None, bool]:
    entries = mobilization_schedule(ctx).get(counter.nation)
    if not entries:
        return None, True
    dates = [d for d, p in entries if callable(p) and p(counter)]
    if dates:
        return min(dates), True
    rest = [d for d, p in entries if p == "rest"]
    unknown = any(p is None for _, p in entries)
    if rest:
        return min(rest), not unknown
    return None, not unknown


def _maybe_attacked(ctx: CheckContext) -> set:
    return ctx.cache.setdefault("mobilization-attacked", set())


def _note_attackable(ctx: CheckContext, phase: PhaseInfo) -> None:
    """Units adjacent to a unit of the side whose Combat Phase it is may have been attacked, which
    completes their mobilization at once."""
    if phase.kind != "combat" or phase.side is None or phase.date is None:
        return
    schedule = mobilization_schedule(ctx)
    last = max((d for entries in schedule.values() for d, _ in entries), default=None)
    if last is None or phase.date >= last:
        return
    seen = _maybe_attacked(ctx)
    waiting = [u for u in ctx.units.values() if _is_unit(u) and u.side != phase.side
               and u.hex is not None and u.piece not in seen and u.piece in ctx.at_start
               and (mobilization_date(ctx, u.counter)[0] or phase.date) > phase.date]
    if not waiting:
        return
    attackers = {u.hex for u in ctx.units.values() if _is_unit(u) and u.side == phase.side
                 and u.hex is not None}
    for u in waiting:
        if any(n in attackers for n in u.hex.neighbours()):
            seen.add(u.piece)


@rule("IF 6", "turn")
def mobilization_attacks_at_start(ctx: CheckContext, old: PhaseInfo, new: PhaseInfo):
    """Scenario mobilization bookkeeping (no finding): who may have been attacked."""
    _note_attackable(ctx, new)
    return ()


@rule("IF 6", "phase_end")
def mobilization_attacks_at_end(ctx: CheckContext, ended: PhaseInfo):
    """Scenario mobilization bookkeeping (no finding): who may have been attacked."""
    _note_attackable(ctx, ended)
    return ()


@rule("IF 6", "move")
def moves_only_when_mobilized(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """Italian Front May 1915 scenario, section 6: units set up on the map move only once their
    mobilization is complete (the schedule's turn, read from the rule text). Reinforcements are
    mobilized (25-4); a unit that was attacked completes mobilization at once: a unit that stood
    next to an enemy unit in an enemy Combat Phase is therefore only *undetermined*."""
    if not _is_unit(u) or frm is None or to is None or ctx.now.date is None \
            or ctx.now.kind != "movement" or ctx.now.side != u.side:
        return
    if ctx.at_start.get(u.piece) is None or u.counter.type == "fortress":
        return           # not on the map at the start: a reinforcement, mobilized (25-4)
    date, certain = mobilization_date(ctx, u.counter)
    if date is None or ctx.now.date >= date:
        return
    if not ctx.once("IF 6", (u.piece, ctx.phase_start_step)):
        return
    what = (f"{u.name} moved {frm}→{to} on {ctx.now.date}; it completes mobilization on {date} "
            f"and may not move before (scenario mobilization schedule)")
    if not certain:
        yield ctx.finding("IF 6", UNDETERMINED, what + " unless a list item the checker does not "
                          "read names it", units=[u], hexes=[frm, to],
                          missing="a mobilization list item in a wording the checker reads")
    elif u.piece in _maybe_attacked(ctx):
        yield ctx.finding("IF 6", UNDETERMINED, what + " unless it was attacked (it stood next to "
                          "an enemy unit in an enemy Combat Phase)", units=[u], hexes=[frm, to],
                          missing="whether the unit was attacked (combat is not in the log)")
    elif not ctx.log_starts_scenario:
        yield ctx.finding("IF 6", UNDETERMINED, what + "; the log does not begin at the "
                          "scenario's start, so an earlier attack on it cannot be ruled out",
                          units=[u], hexes=[frm, to], missing="the game before this log")
    else:
        yield ctx.finding("IF 6", VIOLATION, what, units=[u], hexes=[frm, to], path=[frm, to])
