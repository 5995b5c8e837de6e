"""Turn order (Standard Rule 5, 6-3), reinforcements and withdrawals (25), scenario length.

The turn tracker's changes are compared with the sequence of play from the game data
(``Game.tables["sequence"]``); units may move only in their side's Movement Phase (or be moved in
a Combat Phase: retreats and advances, rules 14-15, checked elsewhere); units enter the map in
their side's Reinforcement Arrival Phase on the scheduled turn and hex, or come back from the
Eliminated box in the Replacement / Recombination Phase (23-5); an arriving Headquarters holds its
scheduled Supply Points (25-6). A unit the schedule does not list, placed where a divisional
breakdown or recombination can put it (27-1, 27-2, 23-2), is not called a misplaced reinforcement.
"""
from __future__ import annotations

from modgen.check.context import DEAD_PILE, CheckContext, PhaseInfo, UnitState
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION
from modgen.hexgrid import Hex

from modgen.model.derive import arrival_piece_count

from .common import arrival_explained, enemy_zoc_hexes


def _is_unit(u: UnitState) -> bool:
    return u.counter is not None and u.marker_id is None and u.counter.type != "fortress"


def _expected_next(ctx: CheckContext, old: PhaseInfo):
    if ctx.turns.sequence is None or old.date is None or old.phase is None:
        return None
    try:
        return ctx.turns.next_phase(old.date, old.phase_id)
    except Exception:  # noqa: BLE001 — a phase id the sequence does not know: undetermined
        return None


def _label(ctx: CheckContext, date, phase) -> str:
    side = getattr(phase, "side", None)
    name = getattr(phase, "name", "?")
    prefix = ctx.side_name(side) if side else ""
    if prefix and prefix.lower() in name.lower():
        prefix = ""
    return f"{date}, {prefix + ' ' if prefix else ''}{name}"


@rule("5", "turn")
def turn_follows_sequence_of_play(ctx: CheckContext, old: PhaseInfo, new: PhaseInfo):
    """5: the turn tracker goes from each phase to the next one of the sequence of play."""
    if new.date is None or new.phase is None:
        if ctx.once("5", "unreadable"):
            yield ctx.finding("5", UNDETERMINED, f"turn tracker label {new.label!r} does not name "
                              f"a date and phase of the sequence of play; turn order is not checked "
                              f"from here", missing="a readable turn-tracker label")
        return
    exp = _expected_next(ctx, old)
    if exp is None:
        return
    date, phase = exp
    if (new.date, new.phase_id) != (date, phase.id):
        yield ctx.finding("5", VIOLATION, f"the turn tracker went from {_label(ctx, old.date, old.phase)} "
                          f"to {_label(ctx, new.date, new.phase)}; the sequence of play continues "
                          f"with {_label(ctx, date, phase)}", side=new.side or old.side)


@rule("5", "turn")
def scenario_length(ctx: CheckContext, old: PhaseInfo, new: PhaseInfo):
    """5 / scenario: play stops after the scenario's last turn."""
    sc = ctx.scenario
    if sc is None or new.date is None:
        return
    if new.date > sc.last_turn and ctx.once("5", "after-last"):
        yield ctx.finding("5", VIOLATION, f"the game continues into {new.date}; the scenario "
                          f"ends with {sc.last_turn}")
    if new.date < sc.first_turn and ctx.once("5", "before-first"):
        yield ctx.finding("5", VIOLATION, f"the turn tracker shows {new.date}, before the "
                          f"scenario's first turn {sc.first_turn}")


def _dates_in_window(ctx: CheckContext) -> bool:
    sc = ctx.scenario
    d = ctx.now.date
    return sc is None or d is None or sc.first_turn <= d <= sc.last_turn


@rule("6-3", "move")
def moves_in_own_movement_phase(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """6-3 / 5: a unit moves across the map only in its side's Movement Phase (Combat Phase moves
    are retreats and advances, rules 14-15, judged by the combat checks; so is a retreat after a
    Column Attack in the enemy's Movement Phase, 16-9)."""
    # asked on every move: the cheap tests first, and no generator unless it may yield
    if frm is None or to is None:
        return ()
    now = ctx.now
    kind = now.kind
    if kind == "combat" or (kind == "movement" and now.side == u.side) or now.phase is None \
            or not _is_unit(u):
        return ()
    return _out_of_phase_move(ctx, u, frm, to)


def _out_of_phase_move(ctx: CheckContext, u: UnitState, frm: Hex, to: Hex):
    """6-3's finding for a unit moved outside its side's Movement and any Combat Phase."""
    if ctx.now.kind == "movement":
        from .column_attack import column_attack_defender
        if column_attack_defender(ctx, u, frm):
            return
    from .fortresses import open_city_exit
    if open_city_exit(ctx, u, frm):
        return          # 21-12: the units of an open city leave it at once, in any phase
    yield ctx.finding("6-3", VIOLATION, f"{u.name} moved {frm}→{to} in the {ctx.phase_label()}; "
                      f"{ctx.side_name(u.side)} units move only in their own Movement Phase",
                      units=[u], hexes=[frm, to], path=[frm, to])


def _schedule_for(ctx: CheckContext, uid: str):
    sc = ctx.scenario
    if sc is None:
        return []
    return [(e, p) for e in sc.reinforcements for p in e.arrivals if p.counter == uid]


@rule("25-2", "move", moves=["arrivals"])
def reinforcement_arrival(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """25-2: a unit entering the map arrives in its side's Reinforcement Arrival Phase, on the
    turn and in the hex of the scenario's schedule. Units coming back from the Eliminated box are
    rebuilt in the Replacement / Recombination Phase (23-3, 23-5)."""
    if frm is not None or to is None or not _is_unit(u) \
            or (not ctx.log_starts_scenario and ctx.now.phase is None):
        return ()        # most calls: a move across the map, no arrival
    return _arrival(ctx, u, to, frm_map)


def _arrival(ctx: CheckContext, u: UnitState, to: Hex, frm_map):
    """25-2 / 23-3's findings for a unit placed on the map in ``to`` (from ``frm_map``)."""
    kind, side = ctx.now.kind, ctx.now.side
    if frm_map == DEAD_PILE:
        if arrival_explained(ctx, u, to):
            return       # a scenario rule brings it back (Eastern Front 11-16) and checks it
        if ctx.now.phase is not None and not (kind == "replacement" and side == u.side):
            yield ctx.finding("23-3", VIOLATION, f"{u.name} came back from the Eliminated box to "
                              f"{to} in the {ctx.phase_label()}; units are rebuilt only in their "
                              f"side's Replacement / Recombination Phase", units=[u], hexes=[to])
        return
    entries = _schedule_for(ctx, u.unit_id)
    if not any(e.date is not None for e, _ in entries) and arrival_explained(ctx, u, to):
        return           # a scenario rule brings it in and checks the arrival itself
    other = None if entries else _breakdown_or_recombination(ctx, u, to)
    if ctx.now.phase is not None and not (kind == "reinforcement" and side == u.side) \
            and other is None:
        yield ctx.finding("25-2", VIOLATION, f"{u.name} was placed on the map in {to} in the "
                          f"{ctx.phase_label()}; reinforcements arrive in their side's "
                          f"Reinforcement Arrival Phase", units=[u], hexes=[to])
    if not entries:
        if ctx.scenario is not None:
            yield ctx.finding("25-1", UNDETERMINED, f"{u.name} was placed on the map in {to} but "
                              f"the scenario's reinforcement schedule does not list it"
                              + (f" ({other})" if other else ""),
                              units=[u], hexes=[to], missing="a schedule entry for this unit "
                              "(or a rule that brings it in)")
        return
    now = ctx.now.date
    dated = [(e, p) for e, p in entries if e.date is not None]
    if now is not None and dated and not any(e.date == now for e, _ in dated):
        due = ", ".join(str(e.date) for e, _ in dated)
        yield ctx.finding("25-2", VIOLATION, f"{u.name} arrived on {now}; the schedule brings it "
                          f"on {due}", units=[u], hexes=[to])
    elif now is not None and arrival_piece_count(ctx.game, u.unit_id) == "each":
        yield from _one_arrival_per_entry(ctx, u, to, now, entries)
    elif now is not None and not dated:
        yield ctx.finding("25-2", UNDETERMINED, f"{u.name} arrived on {now}; the schedule gives "
                          f"its arrival as {entries[0][0].when!r}", units=[u], hexes=[to],
                          missing="an arrival date the model can compare")
    hexes = [p.hex for e, p in entries if p.hex is not None and (now is None or e.date in (None, now))]
    if hexes and to not in hexes:
        listed = hexes[0]
        blocked = _enemy_there(ctx, listed, u.side)
        if blocked:
            yield ctx.finding("25-3", UNDETERMINED, f"{u.name} arrived in {to} instead of its "
                              f"scheduled hex {listed}, which is {blocked}; the alternative is the "
                              f"nearest friendly Operative rail hex not in an enemy ZOC",
                              units=[u], hexes=[to, listed],
                              missing="rail line status (Operative rail hexes)")
        else:
            yield ctx.finding("25-2", VIOLATION, f"{u.name} arrived in {to}; the schedule places "
                              f"it in {listed}", units=[u], hexes=[to, listed])
        return
    places = [pl for e, p in entries if p.hex is None and (now is None or e.date in (None, now))
              for pl in p.places]
    if places and not hexes:
        yield from _arrival_places(ctx, u, to, places,
                                   next(p.location for e, p in entries if p.places))


def _arrived(ctx: CheckContext) -> dict:
    """(counter id, date) -> pieces of that replacement counter that entered the map that turn."""
    return ctx.cache.setdefault("25-2 arrived", {})


def _one_arrival_per_entry(ctx: CheckContext, u: UnitState, to: Hex, now, entries):
    """25-2 for replacement units: each schedule entry brings one counter (a schedule lists
    "1 x 4-3 Inf XX RPL" once per turn it arrives), so on a date the schedule lists such a unit
    n times, n of them arrive. One more where an RPL unit of the nation stands may be a split of
    it (24-3, at any time): undetermined."""
    due = sum(1 for e, _ in entries if e.date == now)
    if due == 0:
        return
    key = (u.unit_id, now)
    seen = _arrived(ctx)
    seen[key] = got = seen.get(key, 0) + 1
    if got <= due:
        return
    what = (f"{u.name} entered the map in {to} on {now} as the {_ordinal(got)} of its kind that "
            f"turn; the schedule brings {due}")
    split = any(v is not u and _is_unit(v) and v.counter.rpl and v.nation == u.nation
                for v in ctx.units_at(to)) or any(h == to and n == u.nation for h, n, _s in _left(ctx))
    if split:
        yield ctx.finding("25-2", UNDETERMINED, what + f" (or a split of the RPL unit in {to}, "
                          f"24-3)", units=[u], hexes=[to],
                          missing="whether the piece is a reinforcement or a split replacement unit")
    else:
        yield ctx.finding("25-2", VIOLATION, what, units=[u], hexes=[to])


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third"}.get(n, f"{n}th")


def _on_map_edge(mapdef, h: Hex) -> bool:
    g = mapdef.grid
    return any(not (g.first_col <= n.col <= g.last_col and g.first_row <= n.row <= g.last_row)
               for n in h.neighbours())


def _arrival_places(ctx: CheckContext, u: UnitState, to: Hex, places, text: str | None):
    """25-2 with the scenario's arrival rules as data (``Placement.places``: a hex, any city of a
    country, a map-edge rail hex of a country; e.g. IF 15-12, 15-18)."""
    mapdef = ctx.mapdef()
    info = mapdef.hexes.get(to) if mapdef is not None else None
    if info is None:
        return
    maybe = []
    for pl in places:
        if pl.kind == "hex" and pl.hex == to:
            return
        if pl.kind == "city" and info.city and info.country == pl.country:
            return
        if pl.kind == "map-edge-rail" and info.country == pl.country and _on_map_edge(mapdef, to):
            if any((s := mapdef.hexside(to, n)) is not None and s.rail for n in to.neighbours()):
                return
            maybe.append(pl)
    where = f"{info.name} " if info.name else ""
    what = (f"{u.name} arrived in {where}{to} ({info.country or 'no country'}"
            f"{', a city' if info.city else ''}); the schedule brings it to "
            f"{' or '.join(map(str, places))}" + (f" ({text})" if text else ""))
    if maybe and mapdef.provenance.kind != "rulebook":
        yield ctx.finding("25-2", UNDETERMINED, what + f": {to} is on the map edge but the map "
                          f"data show no rail line there", units=[u], hexes=[to],
                          missing=f"the rail lines of the printed map ({mapdef.provenance.kind} "
                                  f"map data)")
        return
    yield ctx.finding("25-2", VIOLATION, what, units=[u], hexes=[to])


COMPONENT_SIZES = frozenset({"X", "III", "II"})


def _left(ctx: CheckContext) -> list:
    """Units that left the map this phase: (hex, nation, size)."""
    return ctx.cache.setdefault(("left-map", ctx.phase_start_step), [])


@rule("27", "move", moves=["departures"])
def units_leaving_noted(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """27 / 23 bookkeeping (no finding): units taken off the map this phase, by hex."""
    if to is None and frm is not None and _is_unit(u):
        _left(ctx).append((frm, u.nation, u.counter.size))
    return ()


def _breakdown_or_recombination(ctx: CheckContext, u: UnitState, to: Hex) -> str | None:
    """How a unit the schedule does not list may have come onto the map in ``to`` by the rules
    (not as a reinforcement), judged by position and phase only: a divisional breakdown (27-1:
    components where a division of their nation stands or was removed, in their Movement Phase),
    components recombined into a division (27-2: a division where components of its nation stand
    or were removed, in their Movement Phase), a recombination (23-2/23-4: in their Replacement /
    Recombination Phase, in the hex of a Headquarters of their nation). None otherwise."""
    kind, side = ctx.now.kind, ctx.now.side
    if side != u.side or u.counter is None:
        return None
    here = [(v.nation, v.counter.size) for v in ctx.units_at(to)
            if v is not u and _is_unit(v) and v.side == u.side]
    gone = [(n, size) for h, n, size in _left(ctx) if h == to]
    if kind == "movement":
        if u.counter.size in COMPONENT_SIZES and (u.nation, "XX") in here + gone:
            return f"a divisional breakdown in {to} (27-1)?"
        if u.counter.size == "XX" and any(n == u.nation and size in COMPONENT_SIZES
                                          for n, size in here + gone):
            return f"divisional components recombined in {to} (27-2)?"
    if kind == "replacement" and any(v.counter.type == "hq" and v.nation == u.nation
                                     for v in ctx.units_at(to) if v.counter is not None):
        return f"a recombination in {to} (23-2, 23-4)?"
    return None


def _enemy_there(ctx: CheckContext, h: Hex, side: str | None) -> str | None:
    if any(v.side not in (None, side) and _is_unit(v) for v in ctx.units_at(h)):
        return "enemy-occupied"
    if h in enemy_zoc_hexes(ctx, side):
        return "enemy-controlled"
    return None


@rule("25-3", "move", moves=["arrivals"])
def reinforcement_not_in_enemy_hex(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """25-3: no reinforcement arrives in an enemy-occupied or enemy-controlled hex."""
    if frm is not None or to is None or frm_map == DEAD_PILE or not _is_unit(u) \
            or (not ctx.log_starts_scenario and ctx.now.phase is None):
        return ()        # most calls: a move across the map, no arrival
    return _arrival_hex(ctx, u, to)


def _arrival_hex(ctx: CheckContext, u: UnitState, to: Hex):
    """25-3's finding for a reinforcement placed in ``to``."""
    if not _schedule_for(ctx, u.unit_id) and _breakdown_or_recombination(ctx, u, to):
        return   # not a reinforcement: components of a breakdown (27-1) may stand in an EZOC
    why = _enemy_there(ctx, to, u.side)
    if why:
        yield ctx.finding("25-3", VIOLATION, f"{u.name} arrived in {to}, an {why} hex; "
                          f"reinforcements may not arrive there", units=[u], hexes=[to])


@rule("25-2", "phase_end")
def reinforcements_not_placed(ctx: CheckContext, ended: PhaseInfo):
    """25-2: at the end of a side's Reinforcement Arrival Phase its reinforcements due that turn
    are on the map."""
    sc = ctx.scenario
    if sc is None or ended.kind != "reinforcement" or ended.date is None:
        return
    for e in sc.reinforcements:
        if e.date != ended.date or e.nation not in ctx.game.nations \
                or ctx.game.side_of(e.nation) != ended.side:
            continue
        counted: dict[str, int] = {}
        for p in e.arrivals:
            if p.counter not in ctx.game.counters:
                continue
            on_map = sum(1 for v in ctx.units.values() if v.unit_id == p.counter and v.hex is not None)
            if arrival_piece_count(ctx.game, p.counter) == "each":
                # one counter per entry (see _one_arrival_per_entry): this entry is the k-th of
                # the counter due today; met by the k-th arrival today, or, in a log that does
                # not show the arrivals, by as many such counters on the map as entries so far
                k = counted[p.counter] = counted.get(p.counter, 0) + 1
                so_far = sum(1 for e2 in sc.reinforcements for p2 in e2.arrivals
                             if p2.counter == p.counter and e2.date is not None
                             and e2.date <= ended.date)
                if _arrived(ctx).get((p.counter, ended.date), 0) >= k or on_map >= so_far:
                    continue
            elif on_map:
                continue
            name = ctx.game.counters[p.counter].name
            where = f" in {p.hex}" if p.hex else (f" ({p.location})" if p.location else "")
            yield ctx.finding("25-2", VIOLATION, f"{name} is due{where} on {ended.date} and was "
                              f"not placed in the Reinforcement Arrival Phase",
                              hexes=[p.hex] if p.hex else [], side=ended.side,
                              # the piece still waiting in its pool: the JSON and HTML reports
                              # carry the unit, not only its name in the message
                              units=[v for v in ctx.units.values() if v.unit_id == p.counter][:1])


@rule("25-8", "turn")
def withdrawals_made(ctx: CheckContext, old: PhaseInfo, new: PhaseInfo):
    """25-8: units due for withdrawal leave the map by the end of the turn they are due."""
    sc = ctx.scenario
    if sc is None or old.date is None or new.date is None or new.date == old.date:
        return
    for e in sc.reinforcements:
        if e.date is None or e.date != old.date:
            continue
        for p in e.withdrawals:
            units = [v for v in ctx.units.values() if v.unit_id == p.counter]
            name = ctx.game.counters[p.counter].name if p.counter in ctx.game.counters else p.counter
            on_map = [v for v in units if v.hex is not None]
            if on_map:
                v = on_map[0]
                yield ctx.finding("25-8", VIOLATION, f"{name} was due for withdrawal on {e.date} "
                                  f"and is still on the map in {v.hex}", units=[v], hexes=[v.hex])
            elif any(v.map == DEAD_PILE for v in units):
                yield ctx.finding("25-8", UNDETERMINED, f"{name} was due for withdrawal on "
                                  f"{e.date} but is eliminated; the strength must be made up from "
                                  f"other units", units=units[:1],
                                  missing="which strength points were removed instead")


@rule("25-6", "move", moves=["arrivals"])
def hq_arrival_noted(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """25-6 bookkeeping (no finding): Headquarters entering the map from a pool this phase."""
    if frm is not None or to is None or u.counter is None or u.counter.type != "hq" \
            or frm_map == DEAD_PILE or u.marker_id is not None:
        return ()
    ctx.cache.setdefault(("hq-arrivals", ctx.phase_start_step), {})[u.piece] = u


@rule("25-6", "phase_end")
def hq_arrives_with_its_supply_points(ctx: CheckContext, ended: PhaseInfo):
    """25-6: a Headquarters that arrives as a reinforcement holds the Supply Points its schedule
    entry states, or 0 when none are stated (read at the end of the phase it arrived in, so the
    player may set the counter's SupplyPoints after placing it)."""
    arrived = ctx.cache.pop(("hq-arrivals", ctx.phase_start_step), {})
    for u in sorted(arrived.values(), key=lambda v: v.piece):
        if ctx.units.get(u.piece) is not u or u.hex is None:
            continue
        entries = _schedule_for(ctx, u.unit_id)
        if not entries:
            continue                  # 25-1 reports a unit the schedule does not list
        now = ctx.now.date
        stated = {p.supply_points for e, p in entries if now is None or e.date in (None, now)}
        if len(stated) != 1:
            stated = {p.supply_points for e, p in entries}
        if len(stated) != 1:
            continue                  # listed more than once with different stockpiles
        want = stated.pop()
        want_sp = want if want is not None else 0
        why = (f"the schedule gives it {want_sp} SP" if want is not None
               else "no stockpile is stated, so it arrives with 0 SP")
        if u.supply_points is None:
            yield ctx.finding("25-6", UNDETERMINED, f"{u.name} arrived in {u.hex}; {why}; the "
                              f"log does not show its supply points", units=[u], hexes=[u.hex],
                              missing="the HQ's SupplyPoints property")
        elif u.supply_points > want_sp:
            # SP reinforcements may be transferred to it at once (25-7): more is not provably wrong
            yield ctx.finding("25-6", UNDETERMINED, f"{u.name} arrived in {u.hex} with "
                              f"{u.supply_points} SP at the end of the {ctx.phase_label()}; "
                              f"{why}; the {u.supply_points - want_sp} more may be Supply Point "
                              f"reinforcements transferred to it (25-7)", units=[u],
                              hexes=[u.hex], missing="which Supply Point reinforcements the HQ "
                              "received (25-7)")
        elif u.supply_points < want_sp:
            yield ctx.finding("25-6", VIOLATION, f"{u.name} arrived in {u.hex} with "
                              f"{u.supply_points} SP at the end of the {ctx.phase_label()}; "
                              f"{why}", units=[u], hexes=[u.hex])
