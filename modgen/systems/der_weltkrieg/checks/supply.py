"""Supply (Standard Rules 19, 20-1; IF 3-5): the supply searches and what each combat pays.

The searches the combat rules need (19-8 supply-line length, 19-15 line of communication, 20-1
surrounded units) are registered with ``combat_record.set_supply_search`` when the combat rules
are present: ``supply_line_length(ctx, unit, start_hex, hq, max_mp)``, ``hq_has_loc(ctx, hq)``,
``is_surrounded(ctx, unit)``; their answers are kept while no piece moves.

Per combat (the ``combat`` hook): the SP paid against 19-2/29-6's cost for the units each clause
pays for, who may pay for whom (19-6, 18-13 and the nation rules), a Supply Line from each supplied
unit to its HQ (19-4; artillery ≤ 4 MP unless adjacent, 29-4/19-14), no SP from an HQ in an enemy
ZOC without a line of communication (19-15), the per-attack caps (IF 3-5; 18-18 in duration games).
What each HQ paid is booked in the ledger (``supply_ledger``), which checks that the HQ's
``SupplyPoints`` went down by it (19-3).
"""
from __future__ import annotations

from dataclasses import dataclass

from modgen.check.context import DEAD_PILE, CheckContext, UnitState
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION
from modgen.hexgrid import Hex
from modgen.model.types import GameDate

from ..rules import danube
from ..rules import supply_lines as SL
from ..rules import supply_points as SPR
from ..rules.units import is_mountain
from ._shared import (board_state, duration_game, enemy_zoc_hexes, is_hq, is_unit, kind_of,
                      side_nations, terrain_costs, unit_view)
from .supply_ledger import ledger, shaken_nations, supply_limits


def position_key(ctx: CheckContext) -> int:
    """A key of where every piece stands (units and markers): supply lines, lines of
    communication and 20-1 depend on positions, ZOCs and markers, not on faces, so a flip keeps
    their answers. The engine bumps an entry of ``ctx.side_version`` whenever a piece enters,
    leaves or changes hex (``CheckContext.reindex``), and the entries only grow: their sum moves on
    at every such change and never comes back (positions that return after an undo get a new
    key: their answers are worked out again)."""
    return sum(ctx.side_version.values())


def ezoc_of(ctx: CheckContext, side: str | None):
    """The enemy ZOC of ``side`` (``common.enemy_zoc_hexes``), kept while no piece moves."""
    key = ("ezoc-by-position", position_key(ctx), side)
    hit = ctx.cache.get(key)
    if hit is None:
        hit = enemy_zoc_hexes(ctx, side)
        _cache_put(ctx, key, hit)
    return hit


#: the bare-terrain guide of the supply-line searches reaches this far (MP), so that one guide per
#: HQ hex serves every query (the combat rules ask up to 60 MP, the supply rules 40)
DISTANCE_BOUND = 60


def supply_line_length(ctx: CheckContext, unit: UnitState, start: Hex, hq: UnitState,
                       max_mp: int = SL.SEARCH_LIMIT) -> int | None:
    """19-8: the length in MP of the shortest Supply Line from ``start`` for ``unit`` to the HQ
    ``hq`` on the current positions, None when there is none of at most ``max_mp`` MP (19-4).
    Cached while no piece moves (``position_key``)."""
    if hq is None or hq.hex is None or start is None or unit is None or unit.counter is None:
        return None
    # what the searches made on these positions know: (the shortest line's length, the bound
    # searched) — a line found is the shortest whatever the bound, so it answers every query; none
    # within a bound answers the queries up to that bound. A search goes to ``max_mp`` only (a
    # line longer than the caller asks for is None either way, and the A* stops sooner where
    # there is none)
    key = ("supply-line", position_key(ctx), unit.piece, start, hq.hex)
    known = ctx.cache.get(key)
    if known is not None:
        if known[0] is not None:
            return known[0] if known[0] <= max_mp else None
        if known[1] >= max_mp:
            return None
    bound = max_mp
    board = board_state(ctx)
    costs = terrain_costs(ctx)
    if board is None or costs is None:
        return None
    v = unit_view(unit, start)
    mountain = is_mountain(v)
    # the MP of each step for units that move alike (rules.supply_lines._edge_mp: the map, the
    # markers entered, mountain or not), for the whole game; whether each hex may be entered
    # (19-7) while no piece moves, for this side
    edges = ctx.cache.setdefault(("supply-edges", mountain, id(costs)), {})
    pkey = position_key(ctx)
    enter = ctx.cache.get("supply-enter")
    if enter is None or enter[0] != (pkey, unit.side):
        enter = ctx.cache["supply-enter"] = ((pkey, unit.side), {})
    # on the bare terrain (no unit, marker or ZOC) a step's cost depends only on whether the
    # unit moves as a mountain unit (32-1/32-2): artillery (29-9, 29-16), HQs (18-3) and the
    # side (19-7) make a difference only next to units, markers or ZOC
    # (to the full bound whatever this search's: a lower bound of every length within it)
    gbound = max(DISTANCE_BOUND, max_mp)
    gkey = ("supply-guide", mountain, hq.hex, gbound)
    guide = ctx.cache.get(gkey)
    if guide is None:
        classes = ctx.cache.setdefault(("supply-edge-kinds", mountain, id(costs)), {})
        guide = ctx.cache[gkey] = SL.terrain_bound(board, v, hq.hex, costs, max_mp=gbound,
                                                   edge_memo=edges, class_memo=classes)
    hit = SL.supply_line_guided(board, v, start, hq.hex, costs,
                                ezoc=ezoc_of(ctx, unit.side), max_mp=bound,
                                guide=guide, edge_memo=edges, enter_memo=enter[1],
                                blocked=interdicted_hexsides(ctx, unit.side),
                                marked=ctx.marker_hexes, occupied=ctx.by_hex)
    if hit is not None and hit <= bound:
        _cache_put(ctx, key, (hit, bound))
    else:
        hit = None
        _cache_put(ctx, key, (None, max(bound, known[1] if known is not None else 0)))
    return hit


def interdicted_hexsides(ctx: CheckContext, side: str | None) -> frozenset:
    """36-7: the Danube hexsides a supply line of ``side`` may not cross on the current positions
    (within 2 hexes of an enemy River Flotilla, without friendly ground combat units on both
    sides: ``danube.interdicted_hexsides``); empty where no enemy flotilla is on the map. Kept
    while no piece moves."""
    any_flotilla = ctx.cache.get("game-has-flotillas")
    if any_flotilla is None:
        any_flotilla = ctx.cache["game-has-flotillas"] = any(
            c.type == "flotilla" for c in ctx.game.counters.values())
    if not any_flotilla:
        return frozenset()
    key = ("interdicted-hexsides", position_key(ctx), side)
    hit = ctx.cache.get(key)
    if hit is None:
        hexes = sorted({u.hex for u in ctx.units.values()
                        if u.hex is not None and u.side != side and u.map != DEAD_PILE
                        and u.counter is not None and u.counter.type == "flotilla"})
        board = board_state(ctx) if hexes else None
        hit = danube.interdicted_hexsides(board, side, hexes) if board is not None else frozenset()
        _cache_put(ctx, key, hit)
    return hit


def hq_has_loc(ctx: CheckContext, hq: UnitState) -> bool | None:
    """19-15: whether the HQ traces a line of communication to a friendly active rail line or a
    depot (``supply_lines.hq_line_of_communication``)."""
    if hq is None or hq.hex is None:
        return None
    key = ("hq-loc", position_key(ctx), hq.piece, hq.hex)
    hit = ctx.cache.get(key, ...)
    if hit is not ...:
        return hit
    board = board_state(ctx)
    costs = terrain_costs(ctx)
    if board is None or costs is None:
        return None
    depots = [u.hex for u in ctx.units.values() if u.hex is not None and u.marker_id is not None
              and kind_of(ctx, u) == "depot"]
    loc = SL.hq_line_of_communication(board, unit_view(hq), costs,
                                      friendly_countries=side_nations(ctx, hq.side),
                                      ezoc=ezoc_of(ctx, hq.side), depots=depots)
    _cache_put(ctx, key, loc.found)
    return loc.found


def surrounded_state(ctx: CheckContext, unit: UnitState, *,
                     fortress_itself: bool = False) -> SL.Surrounded:
    """20-1 for ``unit`` on the current positions (kept while no piece moves); ``fortress_itself``:
    ``unit`` is a fortress, judged without 20-9 (``supply_lines.surrounded``; not kept: a fortress
    is asked once per enemy Combat Phase end, 21-10, so its answers would only fill the supply
    caches and bring their eviction sooner)."""
    board = board_state(ctx)
    if board is None or unit.hex is None:
        return SL.Surrounded(None, "20-1", "no map")
    key = ("surrounded", position_key(ctx), unit.side, unit.hex)
    hit = None if fortress_itself else ctx.cache.get(key)
    if hit is None:
        guide = ctx.cache.get(("edge-guide", unit.side))
        if guide is None:
            hexes = [h for b in ctx.boards if b.mapdef is not None for h in b.mapdef.hexes]
            guide = ctx.cache[("edge-guide", unit.side)] = SL.edge_distances(
                board, hexes, side_nations(ctx, unit.side))
        ezoc = ezoc_of(ctx, unit.side)
        if fortress_itself:
            # (asked at every end of an enemy Combat Phase, 21-10: the fortress's bare-map line to
            # the nearest friendly map edge, still open, answers without a search)
            pkey = ("edge-path", unit.side, unit.hex)
            path = ctx.cache.get(pkey, ...)
            if path is ...:
                path = ctx.cache[pkey] = SL.edge_path(guide, unit.hex)
            if path is not None and all(SL.loc_passable(board, unit.side, ezoc, x)
                                        for x in path[1:]):
                hit = SL.Surrounded(False, "20-1", f"line of communication from {unit.hex} to the "
                                    f"friendly map edge at {path[-1]}")
        if hit is None:
            hit = SL.surrounded(board, unit_view(unit),
                                friendly_countries=side_nations(ctx, unit.side), ezoc=ezoc,
                                guide=guide, fortress_itself=fortress_itself)
        if not fortress_itself:
            _cache_put(ctx, key, hit)
    return hit


def is_surrounded(ctx: CheckContext, unit: UnitState) -> bool | None:
    """20-1 (with 20-9), three-valued: see ``supply_lines.surrounded``."""
    if unit is None or unit.hex is None:
        return None
    return surrounded_state(ctx, unit).value


def _cache_put(ctx: CheckContext, key, value) -> None:
    n = ctx.cache.get("supply-cache-size", 0)
    if n > 20_000:
        for k in [k for k in ctx.cache if isinstance(k, tuple) and k and k[0] in
                  ("supply-line", "hq-loc", "surrounded", "ezoc-by-position",
                                 "interdicted-hexsides")]:
            del ctx.cache[k]
        n = 0
    ctx.cache[key] = value
    ctx.cache["supply-cache-size"] = n + 1


def register_searches() -> None:
    """Give the combat rules the supply searches (``combat_record.set_supply_search``) where none
    is registered — a test may have put its own in place, which is left alone."""
    from .. import combat_record as CR
    CR.set_supply_search(supply_line_length if CR._SUPPLY_SEARCH is None else None,
                         hq_has_loc if CR._HQ_LOC is None else None,
                         is_surrounded if CR._SURROUNDED is None else None)


@rule("19-4", "setup")
def supply_searches(ctx: CheckContext):
    """19-4..19-8, 19-15, 20-1 bookkeeping: the searches are registered for the combat rules."""
    register_searches()
    return ()


def _payments(combat, counter: bool):
    pays = combat.counter_supply if counter else combat.supply
    hqs = combat.counter_supply_hqs if counter else combat.supply_hqs
    return list(enumerate(pays or ())), hqs


@rule("19-2", "combat")
def combat_supply(ctx: CheckContext, combat):
    """19-2, 29-6 (cost), 19-4/29-4/19-14 (supply lines), 19-6/18-13 (who pays for whom), 19-15
    (no SP from an HQ in an enemy ZOC without a line of communication), IF 3-5 and 18-18 (caps)
    for each ``supply <HQ> <SP>`` clause of a combat; the SP are booked for the phase's ledger."""
    led = ledger(ctx)
    date = combat.date if isinstance(combat.date, GameDate) else ctx.now.date
    for counter in (False, True):
        pays, hqs = _payments(combat, counter)
        units = combat.counterattackers if counter else combat.attackers
        if counter and not units:
            units = combat.defenders
        what = "counterattack" if counter else "attack"
        per_nation: dict[str, int] = {}
        per_hq: dict[str, tuple[str, int]] = {}
        corps_total = 0
        order: list[str] = []
        for i, pay in pays:
            hq = ctx.units.get(hqs.get(i)) if hqs.get(i) else None
            if hq is None or pay.sp is None:
                continue
            led.paid.setdefault(hq.piece, []).append((pay.sp, combat.number))
            per_nation[hq.nation] = per_nation.get(hq.nation, 0) + pay.sp
            n0, sp0 = per_hq.get(hq.piece, (hq.nation, 0))
            per_hq[hq.piece] = (hq.nation, sp0 + pay.sp)
            if hq.piece not in order:
                order.append(hq.piece)
            if SPR.is_corps_hq(hq.counter):
                corps_total += pay.sp
        # 19-2 rounds per HQ: every clause of one HQ together, for the units that HQ pays for
        for piece in order:
            hq = ctx.units[piece]
            mine = [u for u in units if u.hq == piece and u.supply not in (None, "half")]
            yield from _check_payment(ctx, combat, hq, _Paid(per_hq[piece][1]), mine, counter,
                                      date, what)
        if not counter and date is not None:
            yield from _attack_caps(ctx, combat, date, per_nation, per_hq)
        if duration_game(ctx) and corps_total > SPR.corps_spend_limit(counter):
            yield ctx.finding("18-18", VIOLATION, f"Corps HQs expend {corps_total} SP for the {what} "
                              f"on {combat.target} (combat {combat.number}); at most "
                              f"{SPR.corps_spend_limit(counter)} per {what}",
                              hexes=[combat.target] if combat.target else [])


@dataclass(frozen=True)
class _Paid:
    sp: int


def _attack_caps(ctx: CheckContext, combat, date, per_nation: dict, per_hq: dict):
    """The scenario's per-attack caps (``supply.limits``, IF 3-5: "Italian Headquarters may not
    expend more than 12 supply points for a single attack during 1915"). One HQ over the cap breaks
    the rule however it is read (the combat rules report that, from the rule's text, when the
    scenario has it); several HQs over it together only if the cap is on all the nation's HQs
    together, which the text does not say: undetermined."""
    has_text = any(r.number == "3-5" for r in (ctx.scenario.special_rules if ctx.scenario else ()))
    for lim in supply_limits(ctx, "per_attack"):
        if lim.years and date.year not in lim.years:
            continue
        paid = per_nation.get(lim.nation, 0)
        if paid <= lim.max:
            continue
        nat = ctx.game.nations.get(lim.nation)
        who = (f"{nat.adjective} HQs" if nat and nat.adjective else
               f"{nat.name if nat else lim.nation}'s HQs")
        over = [(p, sp) for p, (n, sp) in per_hq.items() if n == lim.nation and sp > lim.max]
        target = [combat.target] if combat.target else []
        if over:
            if lim.rule == "IF 3-5" and has_text:
                continue                       # the combat rules' IF 3-5 finding
            yield ctx.finding(lim.rule, VIOLATION, f"{who} expend {paid} SP for the attack on "
                              f"{combat.target} (combat {combat.number}); at most {lim.max} in "
                              f"{date.year}", hexes=target, side=combat.side)
        else:
            yield ctx.finding(lim.rule, UNDETERMINED, f"{who} expend {paid} SP together for the "
                              f"attack on {combat.target} (combat {combat.number}), none more than "
                              f"{lim.max}; at most {lim.max} in {date.year} if the cap is on all of "
                              f"them together", hexes=target, side=combat.side,
                              missing="whether the cap is per HQ or for the nation's HQs together "
                                      "(the rule says 'Headquarters may not expend')")


def _small_contingent(ctx: CheckContext, nation: str, side: str) -> tuple[bool | None, str | None]:
    """18-13: whether ``nation`` has fewer than 2 divisions (or the equivalent) and no HQ on the
    map, and the "primary" friendly nationality (read as the one with the most divisions on the
    map; None when two tie)."""
    from ..rules.units import unit_stacking_value
    divs: dict[str, float] = {}
    has_hq = False
    for u in ctx.units.values():
        if u.hex is None or not is_unit(u) or u.side != side:
            continue
        if u.nation == nation and is_hq(u):
            has_hq = True
        d, _a = unit_stacking_value(u.counter)
        divs[u.nation] = divs.get(u.nation, 0) + float(d)
    if has_hq or divs.get(nation, 0) >= 2:
        return False, None
    ranked = sorted(((v, n) for n, v in divs.items() if n != nation), reverse=True)
    if not ranked:
        return True, None
    if len(ranked) > 1 and ranked[0][0] == ranked[1][0]:
        return True, None
    return True, ranked[0][1]


def _seam():
    """The searches as the combat rules see them (``combat_record``: ours, unless a test put its
    own in place), so both sets of rules judge one supply picture."""
    from .. import combat_record as CR

    def length(ctx, unit, start, hq, max_mp=SL.SEARCH_LIMIT):
        v = CR.supply_line_length(ctx, unit, start, hq, max_mp)
        return supply_line_length(ctx, unit, start, hq, max_mp) if v is ... else v
    def loc(ctx, hq):
        return CR.hq_has_loc(ctx, hq) if CR._HQ_LOC is not None else hq_has_loc(ctx, hq)
    return length, loc


def _check_payment(ctx, combat, hq: UnitState, pay, units, counter: bool, date, what: str):
    target = [combat.target] if combat.target else []
    line_length, has_loc = _seam()
    # 19-15: an HQ without a line of communication expends no SP while in an enemy ZOC
    if hq.hex is not None and hq.hex in ezoc_of(ctx, hq.side):
        loc = has_loc(ctx, hq)
        if loc is False:
            yield ctx.finding("19-15", VIOLATION, f"{hq.name} in {hq.hex} is in an enemy ZOC and has "
                              f"no line of communication to a friendly rail line or depot: it may "
                              f"expend no SP (it pays {pay.sp} for the {what} on {combat.target})",
                              units=[hq], hexes=[hq.hex] + target)
        elif loc is None:
            yield ctx.finding("19-15", UNDETERMINED, f"{hq.name} in {hq.hex} pays {pay.sp} SP in an "
                              f"enemy ZOC; whether it has a line of communication is not known",
                              units=[hq], missing="map data for the line of communication")
    # 17-3: SP the HQ does not hold cannot be spent (judged on the holding before the phase's spends)
    # 19-6 / 18-13: who may pay for whom
    for u in units:
        if u.nation is None or hq.nation is None:
            continue
        small, primary = (None, None)
        if u.nation != hq.nation:
            small, primary = _small_contingent(ctx, u.nation, u.side)
        perm = SPR.may_supply(hq.nation, u.nation, same_side=hq.side == u.side,
                              shaken=shaken_nations(ctx), small_contingent=small, primary=primary)
        missing = "which nationality is 'primary' on the map (18-13)"
        if perm.allowed is False and hq.side == u.side:
            # a scenario rule may add a permission (Galicia 7-8: A-H HQs for German Landwehr)
            from .common import hook
            alt = hook(ctx, "may-supply", hq, u)
            if alt is not None:
                perm, missing = alt
        if perm.allowed is False:
            yield ctx.finding(perm.rule, VIOLATION, f"{hq.name} pays for {u.name} in the {what} on "
                              f"{combat.target}: {perm.reason}", hexes=target,
                              units=[x for x in (ctx.units.get(u.piece), hq) if x is not None])
        elif perm.allowed is None:
            yield ctx.finding(perm.rule, UNDETERMINED, f"{hq.name} pays for {u.name} in the {what} "
                              f"on {combat.target}: {perm.reason}", hexes=target,
                              missing=missing)
    # 19-4 / 29-4 / 19-14: a supply line from each unit to the HQ
    if terrain_costs(ctx) is not None:
        for u in units:
            st = ctx.units.get(u.piece)
            if st is None or u.hex is None or hq.hex is None or u.type == "fortress":
                continue
            adjacent = hq.hex == u.hex or hq.hex in u.hex.neighbours()
            art = u.type in ("art", "siege-art")
            if art and adjacent:
                continue                          # 19-14
            length = line_length(ctx, st, u.hex, hq)
            if length is None:
                yield ctx.finding("19-4", VIOLATION, f"{hq.name} in {hq.hex} pays for {u.name} in "
                                  f"{u.hex}, but no supply line of at most {SL.SEARCH_LIMIT} MP "
                                  f"joins them (19-7: not into enemy units or uncovered enemy ZOC, "
                                  f"not across sea, lake or alpine hexsides)",
                                  units=[st, hq], hexes=[u.hex, hq.hex])
            elif art and length > 4:
                yield ctx.finding("29-4", VIOLATION, f"{u.name} in {u.hex} {what}s with a supply line "
                                  f"of {length} MP to {hq.name}; artillery needs one of at most 4 MP "
                                  f"(or an adjacent HQ, 19-14)", units=[st, hq],
                                  hexes=[u.hex, hq.hex])
    # 19-2 / 29-6: the amount
    if not units:
        return
    items, ranges = [], []
    for u in units:
        st = ctx.units.get(u.piece)
        counter_ = st.counter if st is not None else None
        if counter_ is None:
            return
        vals = sorted(v for v in (u.strengths or {u.printed}) if v is not None) or [0]
        items.append((counter_, vals[-1], u.nation or counter_.nation))
        ranges.append((vals[0], vals[-1]))
    from .combat_state import siege_as_regular       # 29-15: half the SP as regular artillery
    regular = not counter and any(siege_as_regular(ctx, combat, u) for u in units)
    need = SPR.supply_needed(items, counterattack=counter, date=date, strength_ranges=ranges,
                             siege_as_regular=regular)
    names = ", ".join(u.name for u in units)
    if pay.sp < need.cost.lo:
        yield ctx.finding("29-6" if need.artillery_sp and not need.ground_sp[1] else "19-2",
                          VIOLATION, f"{hq.name} pays {pay.sp} SP for the {what} on {combat.target} "
                          f"by {names}; full supply needs {need.explain()}", hexes=target,
                          units=[x for x in [ctx.units.get(u.piece) for u in units] + [hq] if x],
                          side=hq.side,   # the SP needed rest on the units' strengths (19-2)
                          placeholders=[p for u in units for p in getattr(u, "placeholders", ())])
    elif pay.sp < need.cost.hi:
        yield ctx.finding("19-2", UNDETERMINED, f"{hq.name} pays {pay.sp} SP for the {what} on "
                          f"{combat.target} by {names}; full supply needs {need.explain()}",
                          hexes=target, side=hq.side,
                          missing="the strengths under the strength markers (13-22) or the "
                                  "cavalry's full-strength circle (30-1)")
