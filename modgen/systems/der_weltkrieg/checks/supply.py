"""Supply Points and Headquarters from the log (Standard Rules 17, 18, 19; IF 3-5, 15-4..15-22):
each HQ's ``SupplyPoints`` property as a ledger.

The module keeps an HQ's Supply Points on the HQ piece (its numeric DynamicProperty
``SupplyPoints``, ``modgen.module.pieces.supply_points_trait``); VASSAL logs every change as a
``D/`` state change, which the replay reports as ``PieceChanged`` (the engine's ``change`` hook).
Every change must have a reason the rules allow:

* a **spend** for an attack or counterattack (13-7, 19-2, 19-3): the combat's ``supply <HQ> <SP>``
  clauses (``Combat.supply`` / ``counter_supply`` of the combat rules), in the Combat Phase (or
  the Movement Phase for a Column Attack, 16-1);
* a **transfer** (18-6..18-10) in the HQ side's Movement Phase: an SP marker (MarkerKind
  ``supply``) placed on the sending HQ and absorbed by the receiving one, or a ``!transfer``
  declaration; at most 10 SP sent + received per HQ and Movement Phase, by HQs that do not move;
* **income** (25-7 and the scenario's ``supply.income`` schedule, IF 15-14..15-22): what the
  nation receives on the turns of its schedule — the sum of a nation's unexplained increases may
  not run ahead of the schedule;
* an arriving HQ's stockpile (25-6, checked by the reinforcement rules);
* **losses** (18-16): an HQ destroyed or forced to retreat loses all its SP.

Judged at the end of each phase (the order of the player's clicks inside a phase is free): a
combat phase in which an HQ paid less than its declarations say is a violation (19-3); an
unexplained decrease is *undetermined* (only the player's own side suffers from it); an
unexplained increase beyond the schedule is a violation. 17-4 (≤ 100 SP) and 18-18 (Corps HQ
≤ 10 SP, duration games) are judged on every change.

Per combat (the ``combat`` hook): the SP paid against 19-2/29-6's cost for the units each clause
pays for, who may pay for whom (19-6, 18-13 and the nation rules), a Supply Line from each supplied
unit to its HQ (19-4; artillery ≤ 4 MP unless adjacent, 29-4/19-14), no SP from an HQ in an enemy
ZOC without a line of communication (19-15), the per-attack caps (IF 3-5; 18-18 in duration games).

The searches the combat rules need (19-8 supply-line length, 19-15, 20-1) are registered with
``combat_record.set_supply_search`` when the combat rules are present:
``supply_line_length(ctx, unit, start_hex, hq, max_mp)``, ``hq_has_loc(ctx, hq)``,
``is_surrounded(ctx, unit)``.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from modgen.check.context import DEAD_PILE, MAIN_MAP, CheckContext, PhaseInfo, UnitState
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION
from modgen.hexgrid import Hex
from modgen.model.types import GameDate
from ..rules import supply_lines as SL
from ..rules import supply_points as SPR
from ._shared import (board_state, duration_game, enemy_zoc_hexes, hqs_named, is_hq, is_unit,
                      kind_of, side_nations, terrain_costs, unit_view)

# --------------------------------------------------------------------------- searches

def position_key(ctx: CheckContext) -> int:
    """A key of where every piece stands (units and markers), kept per ``ctx.version``: supply
    lines, lines of communication and 20-1 depend on positions, ZOCs and markers, not on faces,
    so a flip (which bumps the version) keeps their answers."""
    hit = ctx.cache.get("position-key")
    if hit is not None and hit[0] == ctx.version:
        return hit[1]
    key = hash(frozenset((p, u.hex) for p, u in ctx.units.items() if u.hex is not None))
    ctx.cache["position-key"] = (ctx.version, key)
    return key


def ezoc_of(ctx: CheckContext, side: str | None):
    """The enemy ZOC of ``side`` (``common.enemy_zoc_hexes``), kept while no piece moves."""
    key = ("ezoc-by-position", position_key(ctx), side)
    hit = ctx.cache.get(key)
    if hit is None:
        hit = enemy_zoc_hexes(ctx, side)
        _cache_put(ctx, key, hit)
    return hit


#: every supply-line search reaches this far (MP), so that a search answers every later query of
#: the same unit and HQ (the combat rules ask up to 60 MP, the supply rules 40)
DISTANCE_BOUND = 60


def supply_line_length(ctx: CheckContext, unit: UnitState, start: Hex, hq: UnitState,
                       max_mp: int = SL.SEARCH_LIMIT) -> int | None:
    """19-8: the length in MP of the shortest Supply Line from ``start`` for ``unit`` to the HQ
    ``hq`` on the current positions, None when there is none of at most ``max_mp`` MP (19-4).
    Cached while no piece moves (``position_key``)."""
    if hq is None or hq.hex is None or start is None or unit is None or unit.counter is None:
        return None
    bound = max(DISTANCE_BOUND, max_mp)
    key = ("supply-line", position_key(ctx), unit.piece, start, hq.hex, bound)
    hit = ctx.cache.get(key, ...)
    if hit is ...:
        board = board_state(ctx)
        costs = terrain_costs(ctx)
        if board is None or costs is None:
            return None
        from ..rules.units import is_artillery, is_mountain
        v = unit_view(unit, start)
        gkey = ("supply-guide", unit.side, is_mountain(v), is_artillery(v), hq.hex, bound)
        guide = ctx.cache.get(gkey)
        if guide is None:
            guide = ctx.cache[gkey] = SL.terrain_bound(board, v, hq.hex, costs, max_mp=bound)
        hit = SL.supply_line_guided(board, v, start, hq.hex, costs,
                                    ezoc=ezoc_of(ctx, unit.side), max_mp=bound,
                                    guide=guide)
        _cache_put(ctx, key, hit)
    return hit if hit is not None and hit <= max_mp else None


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
    depots = [u.hex for u in ctx.units.values() if u.hex is not None and kind_of(ctx, u) == "depot"]
    loc = SL.hq_line_of_communication(board, unit_view(hq), costs,
                                      friendly_countries=side_nations(ctx, hq.side),
                                      ezoc=ezoc_of(ctx, hq.side), depots=depots)
    _cache_put(ctx, key, loc.found)
    return loc.found


def surrounded_state(ctx: CheckContext, unit: UnitState) -> SL.Surrounded:
    board = board_state(ctx)
    if board is None or unit.hex is None:
        return SL.Surrounded(None, "20-1", "no map")
    key = ("surrounded", position_key(ctx), unit.side, unit.hex)
    hit = ctx.cache.get(key)
    if hit is None:
        guide = ctx.cache.get(("edge-guide", unit.side))
        if guide is None:
            hexes = [h for b in ctx.boards if b.mapdef is not None for h in b.mapdef.hexes]
            guide = ctx.cache[("edge-guide", unit.side)] = SL.edge_distances(
                board, hexes, side_nations(ctx, unit.side))
        hit = SL.surrounded(board, unit_view(unit), friendly_countries=side_nations(ctx, unit.side),
                            ezoc=ezoc_of(ctx, unit.side), guide=guide)
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
                  ("supply-line", "hq-loc", "surrounded", "ezoc-by-position")]:
            del ctx.cache[k]
        n = 0
    ctx.cache[key] = value
    ctx.cache["supply-cache-size"] = n + 1


def register_searches() -> None:
    """Give the combat rules the supply searches (``combat_record.set_supply_search``) where none
    is registered — a test may have put its own in place, which is left alone."""
    try:
        from .. import combat_record as CR
    except ImportError:  # pragma: no cover - the combat rules are not installed
        return
    CR.set_supply_search(supply_line_length if CR._SUPPLY_SEARCH is None else None,
                         hq_has_loc if CR._HQ_LOC is None else None,
                         is_surrounded if CR._SURROUNDED is None else None)


register_searches()


@rule("19-4", "setup")
def supply_searches(ctx: CheckContext):
    """19-4..19-8, 19-15, 20-1 bookkeeping: the searches are registered for the combat rules."""
    register_searches()
    return ()


# --------------------------------------------------------------------------- the ledger

@dataclass
class SpChange:
    step: int
    hq: str
    old: int
    new: int


@dataclass
class Ledger:
    """This phase's Supply Point bookkeeping, and the income account of the whole game."""

    changes: list = field(default_factory=list)             # [SpChange] this phase
    paid: dict = field(default_factory=dict)                # hq piece -> [(sp, combat number)]
    sent: dict = field(default_factory=dict)                # hq piece -> SP sent (markers, !transfer)
    received: dict = field(default_factory=dict)            # hq piece -> SP received
    moved_hqs: set = field(default_factory=set)             # HQs that moved this phase
    retreated_hqs: set = field(default_factory=set)         # HQs that moved in a Combat Phase
    lost_hqs: set = field(default_factory=set)              # HQs eliminated this phase
    arrived_hqs: set = field(default_factory=set)           # HQs that entered the map this phase
    markers: dict = field(default_factory=dict)             # SP marker piece -> [origin hq | None, value]
    transfer_steps: dict = field(default_factory=dict)      # hq piece -> first transfer step
    # income (whole game): nation -> SP available (scheduled so far, lo/hi) and received
    available: dict = field(default_factory=dict)
    income_received: dict = field(default_factory=dict)
    income_dates: set = field(default_factory=set)
    income_rules: dict = field(default_factory=dict)       # nation -> rules that gave income
    # sides whose HQ SupplyPoints have changed in the log: they keep their SP on the HQ counters
    # (a side whose HQs never change may keep them on the Supply Track instead: then the HQ
    # counters say nothing about what was spent)
    in_use: set = field(default_factory=set)
    # RPL income (whole game): nation -> RPL SP available (lo/hi) and received; rules
    rpl_available: dict = field(default_factory=dict)
    rpl_received: dict = field(default_factory=dict)
    rpl_rules: dict = field(default_factory=dict)
    rpl_start: dict = field(default_factory=dict)           # RPL SP on the map at the phase start


def ledger(ctx: CheckContext) -> Ledger:
    led = ctx.cache.get("sp-ledger")
    if led is None:
        led = ctx.cache["sp-ledger"] = Ledger()
    return led


def _sp_value(text) -> int | None:
    if text is None:
        return None
    s = str(text).strip()
    if s.startswith("+") and s[1:].isdigit():
        return 50 + int(s[1:]) if s != "+50" else 51      # a "+50" marker: more than 50
    return int(s) if s.lstrip("-").isdigit() else None


@rule("17-4", "change")
def supply_points_changed(ctx: CheckContext, u: UnitState, changes: dict):
    """17-4: no HQ holds more than 100 SP; 18-18: a Corps HQ at most 10 (duration games). Every
    SupplyPoints change is recorded for the end-of-phase ledger (19-3, 18-6, 25-7)."""
    if "SupplyPoints" not in changes or not is_hq(u):
        return
    old, new = (_sp_value(v) for v in changes["SupplyPoints"])
    if old is None or new is None or old == new:
        return
    led = ledger(ctx)
    led.changes.append(SpChange(ctx.step or 0, u.piece, old, new))
    led.in_use.add(u.side)
    limit, rule_no = SPR.holding_limit(u.counter, corps_rules=duration_game(ctx))
    if new > limit and ctx.once(rule_no, (u.piece, ctx.phase_start_step)):
        what = "a Corps HQ holds at most 10 SP (18-18)" if rule_no == "18-18" else \
            "no HQ may hold more than 100 SP (17-4)"
        yield ctx.finding(rule_no, VIOLATION, f"{u.name} holds {new} SP; {what}", units=[u],
                          hexes=[u.hex] if u.hex else [])


@rule("18-6", "move")
def hq_and_marker_moves(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """18-6..18-11 bookkeeping (no finding here): HQs that move or retreat, SP markers placed on a
    sending HQ and absorbed by a receiving one."""
    led = ledger(ctx)
    if is_hq(u):
        if frm is not None and to is not None and frm != to:
            led.moved_hqs.add(u.piece)
            if ctx.now.kind == "combat":
                led.retreated_hqs.add(u.piece)
        if to is None and frm is not None and (u.map == DEAD_PILE or u.map is None):
            led.lost_hqs.add(u.piece)
        if frm is None and to is not None:
            led.arrived_hqs.add(u.piece)
        return
    if kind_of(ctx, u) != "supply" or (u.map not in (MAIN_MAP, None) and to is not None):
        return
    value = _sp_value(u.marker_value)
    if frm is None and to is not None:
        # placed: on a friendly HQ of the phasing side in its Movement Phase = a transfer (18-7)
        hqs = [h for h in ctx.units_at(to) if is_hq(h) and h.side == ctx.now.side]
        origin = hqs[0].piece if len(hqs) == 1 and ctx.now.kind == "movement" else None
        led.markers[u.piece] = [origin, value, to]
        if origin is not None and value:
            led.sent[origin] = led.sent.get(origin, 0) + value
            led.transfer_steps.setdefault(origin, ctx.step)
    elif to is None and frm is not None and u.piece in led.markers:
        origin, value0, _at = led.markers.pop(u.piece)
        v = value if value is not None else value0
        hqs = [h for h in ctx.units_at(frm) if is_hq(h)]
        if len(hqs) == 1 and v:
            dest = hqs[0].piece
            led.received[dest] = led.received.get(dest, 0) + v
            led.transfer_steps.setdefault(dest, ctx.step)
            if origin is None:
                # an SP reinforcement marker (25-7) absorbed: income of the receiving nation
                led.received.setdefault(("income-marker", dest), 0)
                led.received[("income-marker", dest)] += v


@rule("18-6", "declare")
def transfer_declared(ctx: CheckContext, d):
    """18-6, 18-13: ``!transfer <HQ> <SP> to <HQ>`` — in the HQs' own Movement Phase, between HQs
    that may exchange SP (same nationality, or a nation rule such as 37-8)."""
    if d.keyword != "transfer":
        return
    sp = int(d.args[0])
    src = hqs_named(ctx, d.unit or "")
    dst = hqs_named(ctx, d.args[1])
    if len(src) != 1 or len(dst) != 1:
        bad = d.unit if len(src) != 1 else d.args[1]
        yield ctx.finding("18-6", UNDETERMINED, f"!transfer names {bad!r}, which is not exactly one "
                          f"HQ on the map", missing="an HQ name, id or designation the game knows")
        return
    a, b = src[0], dst[0]
    if ctx.now.kind != "movement" or ctx.now.side != a.side:
        yield ctx.finding("18-6", VIOLATION, f"{a.name} transfers {sp} SP to {b.name} outside its "
                          f"side's Movement Phase; HQs transfer Supply Points during a friendly "
                          f"Movement Phase", units=[a, b])
        return
    perm = SPR.may_supply(a.nation or "", b.nation or "", same_side=a.side == b.side,
                          shaken=_shaken(ctx))
    if perm.allowed is False:
        yield ctx.finding(perm.rule if perm.rule != "19-6" else "17-3", VIOLATION,
                          f"{a.name} transfers {sp} SP to {b.name}: {perm.reason}", units=[a, b])
    led = ledger(ctx)
    led.sent[a.piece] = led.sent.get(a.piece, 0) + sp
    led.received[b.piece] = led.received.get(b.piece, 0) + sp
    led.transfer_steps.setdefault(a.piece, ctx.step)
    led.transfer_steps.setdefault(b.piece, ctx.step)


def _shaken(ctx: CheckContext) -> set:
    trk = ctx.cache.get("morale-tracker")
    if trk is None:
        return set()
    return {n for (n, s) in trk.when if s == "shaken"}


# --------------------------------------------------------------------------- per combat

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
    for lim in _limits(ctx, "per_attack"):
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


def _limits(ctx: CheckContext, kind: str):
    sc = ctx.scenario
    for lim in (getattr(sc, "supply_limits", ()) if sc else ()):
        if lim.kind == kind and (not lim.duration_only or duration_game(ctx)):
            yield lim


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
    try:
        from .. import combat_record as CR
    except ImportError:  # pragma: no cover
        return supply_line_length, hq_has_loc
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
                              shaken=_shaken(ctx), small_contingent=small, primary=primary)
        if perm.allowed is False:
            yield ctx.finding(perm.rule, VIOLATION, f"{hq.name} pays for {u.name} in the {what} on "
                              f"{combat.target}: {perm.reason}", hexes=target,
                              units=[x for x in (ctx.units.get(u.piece), hq) if x is not None])
        elif perm.allowed is None:
            yield ctx.finding(perm.rule, UNDETERMINED, f"{hq.name} pays for {u.name} in the {what} "
                              f"on {combat.target}: {perm.reason}", hexes=target,
                              missing="which nationality is 'primary' on the map (18-13)")
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
    need = SPR.supply_needed(items, counterattack=counter, date=date, strength_ranges=ranges)
    names = ", ".join(u.name for u in units)
    if pay.sp < need.cost.lo:
        yield ctx.finding("29-6" if need.artillery_sp and not need.ground_sp[1] else "19-2",
                          VIOLATION, f"{hq.name} pays {pay.sp} SP for the {what} on {combat.target} "
                          f"by {names}; full supply needs {need.explain()}", hexes=target,
                          units=[x for x in [ctx.units.get(u.piece) for u in units] + [hq] if x],
                          side=hq.side)
    elif pay.sp < need.cost.hi:
        yield ctx.finding("19-2", UNDETERMINED, f"{hq.name} pays {pay.sp} SP for the {what} on "
                          f"{combat.target} by {names}; full supply needs {need.explain()}",
                          hexes=target, side=hq.side,
                          missing="the strengths under the strength markers (13-22) or the "
                                  "cavalry's full-strength circle (30-1)")


# --------------------------------------------------------------------------- end of phase

@rule("19-3", "phase_end")
def supply_ledger(ctx: CheckContext, ended: PhaseInfo):
    """19-3, 18-6, 18-10, 18-16, 25-7: every HQ's SupplyPoints changes of the phase have a reason
    (module docstring); the nation's income so far is not exceeded."""
    led = ledger(ctx)
    try:
        yield from _reconcile(ctx, led, ended)
    finally:
        led.changes.clear()
        led.paid.clear()
        led.sent.clear()
        led.received.clear()
        led.moved_hqs.clear()
        led.retreated_hqs.clear()
        led.lost_hqs.clear()
        led.arrived_hqs.clear()
        led.transfer_steps.clear()
        for k in [k for k, v in led.markers.items() if v[0] is not None]:
            led.markers[k][0] = None       # an SP marker left on the map: absorbed later as plain SP


def _reconcile(ctx: CheckContext, led: Ledger, ended: PhaseInfo):
    kind, side = ended.kind, ended.side
    by_hq: dict[str, list[SpChange]] = {}
    for ch in led.changes:
        by_hq.setdefault(ch.hq, []).append(ch)
    hqs = set(by_hq) | set(led.paid) | set(led.sent) | {k for k in led.received if isinstance(k, str)} \
        | led.retreated_hqs
    income: dict[str, int] = {}
    for piece in sorted(hqs, key=str):
        u = ctx.units.get(piece)
        if u is None or u.counter is None:
            continue
        chs = by_hq.get(piece, [])
        net = sum(c.new - c.old for c in chs)
        start = chs[0].old if chs else (u.supply_points or 0)
        paid = sum(sp for sp, _n in led.paid.get(piece, []))
        sent = led.sent.get(piece, 0)
        recv = led.received.get(piece, 0)
        marker_income = led.received.get(("income-marker", piece), 0)
        # 18-16: an HQ that retreated (moved in a Combat Phase) or was destroyed loses all its SP
        if piece in led.retreated_hqs and kind == "combat" and (u.supply_points or 0) > 0 \
                and u.hex is not None:
            yield ctx.finding("18-16", VIOLATION, f"{u.name} retreated in this Combat Phase but still "
                              f"holds {u.supply_points} SP; an HQ forced to retreat loses all its "
                              f"Supply Points", units=[u], hexes=[u.hex])
            continue
        if piece in led.lost_hqs or piece in led.arrived_hqs:
            continue                              # 18-16 / 25-6 (the reinforcement rules)
        if u.side not in led.in_use:
            # no SupplyPoints change of this side in the log so far: the SP may be kept on the
            # Supply Track, so the counters cannot show a shortfall
            if (paid or sent) and net == 0 and ctx.once("19-3", ("no-ledger", u.side)):
                ctx.notes.append(f"{u.name} pays or sends {paid + sent} SP (step {ctx.step}), but "
                                 f"no HQ of the {ctx.side_name(u.side)} has had its SupplyPoints "
                                 "changed in the log so far: the SP may be kept on the Supply "
                                 "Track, which is not read; the spending of that side (17-3, "
                                 "19-3) is checked only from its first SupplyPoints change")
            continue
        # 17-3: SP are possessed by HQs: none can spend or send more than it held
        if paid + sent and paid + sent > start + recv:
            doing = " and ".join(x for x in (f"pays {paid} SP ({_combats(led, piece)})" if paid else "",
                                             f"sends {sent} SP" if sent else "") if x)
            yield ctx.finding("17-3", VIOLATION, f"{u.name} {doing} in this phase but held only "
                              f"{start}" + (f" and received {recv}" if recv else ""), units=[u],
                              hexes=[u.hex] if u.hex else [])
            continue
        expected = recv - paid - sent
        diff = net - expected
        change = f"{u.name}'s SupplyPoints went {start}→{start + net} in this phase"
        booked = ", ".join(x for x in (f"spend {paid} SP ({_combats(led, piece)})" if paid else "",
                                       f"send {sent}" if sent else "",
                                       f"receive {recv}" if recv else "") if x)
        if diff > 0 and paid:
            short = min(diff, paid)
            yield ctx.finding("19-3", VIOLATION, f"{change}; its declarations {booked}: {short} SP "
                              "declared were not expended", units=[u],
                              hexes=[u.hex] if u.hex else [], side=u.side)
            diff -= short
        if diff > 0:
            # SP from nowhere but the schedule: income (25-7), judged against the schedule below
            income[u.nation] = income.get(u.nation, 0) + diff
            led.income_received.setdefault(u.nation, []).append(
                (ctx.last_step, piece, diff, kind, side))
        if marker_income:
            # an SP reinforcement marker (25-7) absorbed by this HQ: income, not a transfer
            income[u.nation] = income.get(u.nation, 0) + marker_income
            led.income_received.setdefault(u.nation, []).append(
                (ctx.last_step, piece, marker_income, kind, side))
        if diff < 0:
            yield ctx.finding("18-1", UNDETERMINED, f"{change}; "
                              + (f"its declarations {booked}" if booked else "no declaration spends "
                                 "or transfers any")
                              + f": {-diff} SP went without a reason the log shows", units=[u],
                              hexes=[u.hex] if u.hex else [], side=u.side,
                              missing=f"the attack (supply clause) or !transfer the {-diff} SP were "
                                      "spent on")
        # 18-6: transfers
        moved = piece in led.moved_hqs
        if (sent or recv) and kind == "movement":
            if moved:
                yield ctx.finding("18-6", VIOLATION, f"{u.name} transferred Supply Points "
                                  f"(sent {sent}, received {recv}) and moved in the same Movement "
                                  f"Phase; only HQs that do not move may transfer",
                                  units=[u], hexes=[u.hex] if u.hex else [],
                                  step=led.transfer_steps.get(piece))
            if sent + recv > SPR.TRANSFER_LIMIT:
                yield ctx.finding("18-6", VIOLATION, f"{u.name} transferred {sent + recv} SP this "
                                  f"Movement Phase (sent {sent} + received {recv}); at most "
                                  f"{SPR.TRANSFER_LIMIT}", units=[u], hexes=[u.hex] if u.hex else [],
                                  step=led.transfer_steps.get(piece))
    if income:
        yield from _check_income(ctx, led, income, ended)


def _combats(led: Ledger, piece: str) -> str:
    nums = sorted({n for _sp, n in led.paid.get(piece, [])})
    return "combat " + ", ".join(map(str, nums)) if nums else "no combat"


# --------------------------------------------------------------------------- income (25-7)

def _month_ok(months: str, m: int) -> bool:
    return months == "all" or (months == "even") == (m % 2 == 0)


def _morale_state(ctx: CheckContext, nation: str, state: str) -> bool | None:
    """Whether ``nation`` is in ``state`` now: tracked in a duration game; unknown (None) in a
    plain scenario, which keeps no national morale."""
    if not duration_game(ctx):
        return None
    trk = ctx.cache.get("morale-tracker")
    if trk is None:
        return False
    return trk.state(nation, state)


def scheduled_income(ctx: CheckContext, nation: str, date: GameDate, what: str = "supply_points"
                     ) -> tuple[int, int, list[str]]:
    """(fewest, most) SP (``what="supply_points"``) or RPL SP (``"rpl_sp"``) the nation's schedule
    gives on turn ``date`` (the larger income of the morale states the log leaves open), and the
    rules that give it."""
    sc = ctx.scenario
    if sc is None:
        return 0, 0, []
    options: list[tuple[int, str]] = []
    certain = 0
    for inc in sc.supply_income:
        if inc.nation != nation:
            continue
        if inc.start is not None and date < inc.start or inc.end is not None and date >= inc.end:
            continue
        cond = True
        if inc.from_morale:
            s = _morale_state(ctx, nation, inc.from_morale)
            cond = s if s is not None else None
        if cond is not False and inc.until_morale:
            s = _morale_state(ctx, nation, inc.until_morale)
            if s is True:
                cond = False
            elif s is None:
                cond = None if cond is not False else False
        if cond is False:
            continue
        sp = sum(getattr(it, what) for it in inc.items
                 if date.turn in it.turns and _month_ok(it.months, date.month))
        if not sp:
            continue
        options.append((sp, inc.rule))
        if cond is True:
            certain += sp
    if not options:
        return 0, 0, []
    hi = max(certain, max(sp for sp, _r in options))
    lo = certain
    return lo, hi, [r for _sp, r in options]


@rule("25-7", "setup")
def income_of_the_first_turn(ctx: CheckContext):
    """25-7 bookkeeping: the income of the turn the log begins in (and the RPL on the map when the
    log begins in a Reinforcement Arrival Phase)."""
    if ctx.now.kind == "reinforcement" and ctx.now.side is not None:
        ledger(ctx).rpl_start = _rpl_on_map(ctx, side_nations(ctx, ctx.now.side))
    return income_due(ctx, ctx.now, ctx.now)


@rule("25-7", "turn")
def income_due(ctx: CheckContext, old: PhaseInfo, new: PhaseInfo):
    """25-7 bookkeeping (no finding): when a new turn begins, each nation's scheduled SP income
    for it (the scenario's ``supply.income``) becomes available."""
    d = new.date
    if not isinstance(d, GameDate) or d.turn == 0:
        return
    led = ledger(ctx)
    if d in led.income_dates:
        return
    led.income_dates.add(d)
    sc = ctx.scenario
    for nation in sorted({inc.nation for inc in (sc.supply_income if sc is not None else ())}):
        lo, hi, rules = scheduled_income(ctx, nation, d)
        if hi:
            a = led.available.get(nation, (0, 0))
            led.available[nation] = (a[0] + lo, a[1] + hi)
            led.income_rules.setdefault(nation, [])
            for r in rules:
                if r not in led.income_rules[nation]:
                    led.income_rules[nation].append(r)
        lo, hi, rules = scheduled_income(ctx, nation, d, "rpl_sp")
        if hi:
            a = led.rpl_available.get(nation, (0, 0))
            led.rpl_available[nation] = (a[0] + lo, a[1] + hi)
            led.rpl_rules.setdefault(nation, [])
            for r in rules:
                if r not in led.rpl_rules[nation]:
                    led.rpl_rules[nation].append(r)
    return ()


def _schedule_rules(ctx: CheckContext, nation: str, what: str, date) -> list[str]:
    """The rules of the nation's schedule that give ``what`` at all, nearest ``date`` first (to
    name the rule when nothing was due yet)."""
    sc = ctx.scenario
    out = []
    for inc in (sc.supply_income if sc is not None else ()):
        if inc.nation == nation and any(getattr(it, what) for it in inc.items):
            if not isinstance(date, GameDate) or inc.end is None or date < inc.end:
                if inc.rule not in out:
                    out.append(inc.rule)
    return out


def _rpl_on_map(ctx: CheckContext, nations) -> dict[str, int]:
    out = {n: 0 for n in nations}
    for u in ctx.units.values():
        if u.hex is None or u.counter is None or u.marker_id is not None or u.nation not in out:
            continue
        c = u.counter
        if c.rpl or c.type == "rpl":
            face = c.back if u.reduced and c.back is not None else c.front
            out[u.nation] += face.strength or 0
    return out


@rule("25-1", "turn")
def rpl_at_phase_start(ctx: CheckContext, old: PhaseInfo, new: PhaseInfo):
    """RPL income bookkeeping: the RPL SP of the phasing side on the map when its Reinforcement
    Arrival Phase begins."""
    if new.kind == "reinforcement" and new.side is not None:
        sc = ctx.scenario
        ns = [n for n in side_nations(ctx, new.side) if sc is not None and any(
            inc.nation == n and any(it.rpl_sp for it in inc.items) for inc in sc.supply_income)]
        if ns:
            ledger(ctx).rpl_start = _rpl_on_map(ctx, ns)
    return ()


@rule("25-1", "phase_end")
def rpl_income(ctx: CheckContext, ended: PhaseInfo):
    """25-1 with IF 15-14..15-22 (RPL reinforcements): the RPL SP a nation brings onto the map
    in its Reinforcement Arrival Phases may not run ahead of its schedule (RPL split or merge at any
    time, 24-3: only the rise of the nation's RPL SP on the map counts)."""
    led = ledger(ctx)
    if ended.kind != "reinforcement" or not led.rpl_start:
        return
    now = _rpl_on_map(ctx, led.rpl_start)
    for nation, before in sorted(led.rpl_start.items()):
        gain = now.get(nation, 0) - before
        if gain <= 0:
            continue
        got = led.rpl_received[nation] = led.rpl_received.get(nation, 0) + gain
        lo, hi = led.rpl_available.get(nation, (0, 0))
        if got <= hi:
            continue
        rules = led.rpl_rules.get(nation) or _schedule_rules(ctx, nation, "rpl_sp", ended.date) \
            or ["25-1"]
        name = ctx.game.nations[nation].name if nation in ctx.game.nations else nation
        msg = (f"{name} has brought {got} RPL SP onto the map in its Reinforcement Arrival Phases "
               f"since the log began; the replacement schedule gives {hi} so far ({', '.join(rules)})")
        side = ctx.game.side_of(nation) if nation in ctx.game.nations else None
        if ctx.log_starts_scenario:
            yield ctx.finding(rules[0], VIOLATION, msg, side=side)
        else:
            yield ctx.finding(rules[0], UNDETERMINED, msg, side=side,
                              missing="the RPL received before the log began")
    led.rpl_start = {}


def _check_income(ctx: CheckContext, led: Ledger, income: dict, ended: PhaseInfo):
    for nation, extra in sorted(income.items()):
        got = sum(x[2] for x in led.income_received.get(nation, []))
        lo, hi = led.available.get(nation, (0, 0))
        if got <= hi:
            continue
        rules = led.income_rules.get(nation) or _schedule_rules(ctx, nation, "supply_points",
                                                                ended.date) or ["25-7"]
        name = ctx.game.nations[nation].name if nation in ctx.game.nations else nation
        pieces = sorted({x[1] for x in led.income_received.get(nation, [])})
        us = [ctx.units[p] for p in pieces if p in ctx.units]
        msg = (f"{name}'s HQs received {got} SP that no transfer explains since the log began; "
               f"the supply schedule gives {hi} SP so far ({', '.join(rules)})")
        if not ctx.log_starts_scenario:
            if ctx.once("25-7", ("income-u", nation, ended.date)):
                yield ctx.finding(rules[0], UNDETERMINED, msg, units=us, side=ctx.game.side_of(nation)
                                  if nation in ctx.game.nations else None,
                                  missing="the SP received before the log began (it does not "
                                          "start at the scenario's first turn)")
        elif ctx.once("25-7", ("income", nation, ended.date, got)):
            yield ctx.finding(rules[0], VIOLATION, msg, units=us,
                              side=ctx.game.side_of(nation) if nation in ctx.game.nations else None)


@rule("15-6", "phase_end")
def front_supply_totals(ctx: CheckContext, ended: PhaseInfo):
    """IF 15-4..15-6 (duration games, ``!duration``): at most 40 SP in all Austro-Hungarian HQs and
    70 in all Italian HQs on the Italian Front, judged in the Monthly Special Turn (a player who
    exceeds them forfeits, 15-6)."""
    if not duration_game(ctx) or not isinstance(ended.date, GameDate) or ended.date.turn != 0:
        return
    for lim in _limits(ctx, "front_total"):
        hqs = [u for u in ctx.units.values() if is_hq(u) and u.hex is not None
               and u.nation == lim.nation]
        total = sum(u.supply_points or 0 for u in hqs)
        markers = 0
        if total > lim.max and ctx.once(lim.rule, (lim.nation, ended.date)):
            nat = ctx.game.nations.get(lim.nation)
            yield ctx.finding(lim.rule, VIOLATION, f"{nat.name if nat else lim.nation}'s HQs hold "
                              f"{total + markers} SP in the Monthly Special Turn of {ended.date.month_name} "
                              f"{ended.date.year}; at most {lim.max} on the Italian Front (the player "
                              f"forfeits, 15-6)", units=hqs,
                              side=ctx.game.side_of(lim.nation) if nat else None)
