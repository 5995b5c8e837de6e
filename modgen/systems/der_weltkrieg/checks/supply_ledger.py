"""Supply Points and Headquarters from the log (Standard Rules 17, 18, 19-3): each HQ's
``SupplyPoints`` property as a ledger.

The module keeps an HQ's Supply Points on the HQ piece (its numeric DynamicProperty
``SupplyPoints``, ``modgen.module.pieces.supply_points_trait``); VASSAL logs every change as a
``D/`` state change, which the replay reports as ``PieceChanged`` (the engine's ``change`` hook).
Every change must have a reason the rules allow:

* a **spend** for an attack or counterattack (13-7, 19-2, 19-3): the combat's ``supply <HQ> <SP>``
  clauses (``Combat.supply`` / ``counter_supply`` of the combat rules), in the Combat Phase (or
  the Movement Phase for a Column Attack, 16-1), booked by ``supply.combat_supply``;
* a **transfer** (18-6..18-10) in the HQ side's Movement Phase: an SP marker (MarkerKind
  ``supply``) placed on the sending HQ and absorbed by the receiving one, or a ``!transfer``
  declaration; at most 10 SP sent + received per HQ and Movement Phase, by HQs that do not move;
* **income** (25-7 and the scenario's ``supply.income`` schedule, IF 15-14..15-22): what the
  nation receives on the turns of its schedule — the sum of a nation's unexplained increases may
  not run ahead of the schedule (``income``);
* an arriving HQ's stockpile (25-6, checked by the reinforcement rules);
* **losses** (18-16): an HQ destroyed or forced to retreat loses all its SP.

Judged at the end of each phase (the order of the player's clicks inside a phase is free): a
combat phase in which an HQ paid less than its declarations say is a violation (19-3); an
unexplained decrease is *undetermined* (only the player's own side suffers from it); an
unexplained increase beyond the schedule is a violation. 17-4 (≤ 100 SP) and 18-18 (Corps HQ
≤ 10 SP, duration games) are judged on every change.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from modgen.check.context import DEAD_PILE, MAIN_MAP, CheckContext, PhaseInfo, UnitState
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION

from ..rules import supply_points as SPR
from ._shared import duration_game, hqs_named, is_hq, kind_of


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
                          shaken=shaken_nations(ctx), transfer=True)
    if perm.allowed is False:
        yield ctx.finding(perm.rule if perm.rule != "19-6" else "17-3", VIOLATION,
                          f"{a.name} transfers {sp} SP to {b.name}: {perm.reason}", units=[a, b])
    led = ledger(ctx)
    led.sent[a.piece] = led.sent.get(a.piece, 0) + sp
    led.received[b.piece] = led.received.get(b.piece, 0) + sp
    led.transfer_steps.setdefault(a.piece, ctx.step)
    led.transfer_steps.setdefault(b.piece, ctx.step)


def shaken_nations(ctx: CheckContext) -> set:
    trk = ctx.cache.get("morale-tracker")
    if trk is None:
        return set()
    return {n for (n, s) in trk.when if s == "shaken"}


def supply_limits(ctx: CheckContext, kind: str):
    sc = ctx.scenario
    for lim in (getattr(sc, "supply_limits", ()) if sc else ()):
        if lim.kind == kind and (not lim.duration_only or duration_game(ctx)):
            yield lim


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
        from .income import check_income    # income reads this module's ledger
        yield from check_income(ctx, led, income, ended)


def _combats(led: Ledger, piece: str) -> str:
    nums = sorted({n for _sp, n in led.paid.get(piece, [])})
    return "combat " + ", ".join(map(str, nums)) if nums else "no combat"
