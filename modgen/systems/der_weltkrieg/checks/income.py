"""Income (Standard Rule 25-7, 25-1 with the Italian Front's schedules, IF 15-14..15-22): the
Supply Points and Replacement (RPL) SP a nation receives on the turns of its schedule
(``supply.income`` of the scenario data), accumulated over the turns the log plays: what the
nation's HQs gained that no transfer explains (``supply_ledger``) and the RPL SP it brought onto
the map may not run ahead of it; in a plain scenario the larger income of the morale states is
allowed; a log that does not begin at the scenario's start leaves it undetermined.

Also the front totals of duration games (IF 15-4..15-6): at most 40 SP in all Austro-Hungarian HQs
and 70 in all Italian HQs in the Monthly Special Turn.
"""
from __future__ import annotations

from modgen.check.context import CheckContext, PhaseInfo
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION
from modgen.model.types import GameDate

from ._shared import duration_game, is_hq, kind_of, side_nations
from .common import placeholder_inputs
from .supply_ledger import Ledger, _sp_value, ledger, supply_limits


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


def _rpl_placeholders(ctx: CheckContext, nation: str) -> tuple:
    return tuple(p for u in sorted(ctx.units.values(), key=lambda v: v.piece)
                 if u.hex is not None and u.counter is not None and u.marker_id is None
                 and u.nation == nation and (u.counter.rpl or u.counter.type == "rpl")
                 for p in placeholder_inputs(u, "strength"))


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
            # the RPL SP on the map are the RPL counters' strengths (placeholders where the
            # rulebook does not print them: the Romanian RPL)
            yield ctx.finding(rules[0], VIOLATION, msg, side=side,
                              placeholders=_rpl_placeholders(ctx, nation))
        else:
            yield ctx.finding(rules[0], UNDETERMINED, msg, side=side,
                              missing="the RPL received before the log began")
    led.rpl_start = {}


def check_income(ctx: CheckContext, led: Ledger, income: dict, ended: PhaseInfo):
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
    exceeds them forfeits, 15-6); 18-12: Supply Point markers on the front add their SP to it (a
    marker sent by an HQ is of its nation; one whose nation the log does not say may be)."""
    if not duration_game(ctx) or not isinstance(ended.date, GameDate) or ended.date.turn != 0:
        return
    for lim in supply_limits(ctx, "front_total"):
        hqs = [u for u in ctx.units.values() if is_hq(u) and u.hex is not None
               and u.nation == lim.nation]
        total = sum(u.supply_points or 0 for u in hqs)
        sure, maybe = _front_markers(ctx, lim.nation)
        if total + sure + maybe <= lim.max or not ctx.once(lim.rule, (lim.nation, ended.date)):
            continue
        nat = ctx.game.nations.get(lim.nation)
        held = f"{total} SP" + (f" and SP markers of {sure}" if sure else "")
        msg = (f"{nat.name if nat else lim.nation}'s HQs hold {held} in the Monthly Special Turn "
               f"of {ended.date.month_name} {ended.date.year}; at most {lim.max} on the Italian "
               f"Front (the player forfeits, 15-6)")
        side = ctx.game.side_of(lim.nation) if nat else None
        if total + sure > lim.max:
            yield ctx.finding(lim.rule, VIOLATION, msg, units=hqs, side=side)
        else:
            yield ctx.finding(lim.rule, UNDETERMINED, msg + f"; SP markers of {maybe} more may be "
                              f"this nation's (18-12)", units=hqs, side=side,
                              missing="the nation of the Supply Point markers placed with no HQ")


def _front_markers(ctx: CheckContext, nation: str) -> tuple[int, int]:
    """18-12: the SP of the Supply Point markers on the map that are ``nation``'s (those placed on
    one of its HQs, 18-7) and that may be (placed with no HQ by a player of its side)."""
    from .sp_markers import marker_nation, marker_side
    sure = maybe = 0
    side = ctx.game.side_of(nation) if nation in ctx.game.nations else None
    for u in ctx.units.values():
        if u.hex is None or u.marker_id is None or kind_of(ctx, u) != "supply":
            continue
        v = _sp_value(u.marker_value) or 0
        of = marker_nation(ctx, u.piece)
        if of is not None:
            sure += v if of == nation else 0
        elif marker_side(ctx, u.piece) in (side, None):
            maybe += v
    return sure, maybe
