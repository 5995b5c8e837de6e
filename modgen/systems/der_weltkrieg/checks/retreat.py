"""Retreats: the mandatory retreat after combat and each retreat move.

* ``mandatory_retreat``: 14-4 and the rules that change it (22-8 trenches, 22-16 solid terrain,
  33-9, 20-x surrounded units, the nation rules 40-42, 47; ``rules/combat.mandatory_retreat``);
  33-3: the first turn full-strength assault units attack a country (``first_assault_turn``);
* ``retreat_move``: one retreat: into an adjacent hex (14-6; rail-based units along a rail line,
  14-20), never across sea or alpine hexsides (14-12), into a neutral country (14-19) or by
  artillery (29-13); the destination priorities (14-8, 14-11, Figure 10) over the hexes it could
  have entered (14-10 stacking, 6-11 enemy units, 14-16 the minimum move as the last option),
  measured from the supplying HQ (14-7, ``supplying_hq``);
* 30-2: cavalry attacked only by non-cavalry may retreat before combat (``pre_combat_cavalry``).
"""
from __future__ import annotations

import itertools

from modgen.check.context import CheckContext, UnitState
from modgen.check.findings import UNDETERMINED, VIOLATION
from modgen.hexgrid import Hex

from ..rules import combat as C
from ..rules import movement as mv
from ..rules.units import AUSTRIA_HUNGARY, RUSSIA, nation_is
from ..rules.stacking import stack_count, stacking_limit
from . import common as RP
from .stacking import _stacking_options
from ..combat_record import NO_SUPPLY_SEARCH, Combat, CombatMove, is_surrounded, supply_line_length
from .combat_state import (CombatState, combat_for_hex, finding, fmt, interval, is_unit,
                           names_unit, nations_of, now_strengths, snapshot_at, special_rule,
                           tec_row, tec_table)
from .combat_order import resolved_before_next
from .combat_terrain import terrain_readings, trench_negation
from .retreat_column import joins_case7, note_case7


def pre_combat_cavalry(ctx: CheckContext, st: CombatState, u: UnitState, frm: Hex) -> Combat | None:
    """30-2: a cavalry unit attacked entirely by non-cavalry units may retreat before combat: the
    combat declared against its hex before any die roll."""
    if u.counter.type != "cav":
        return None
    c = combat_for_hex(st, frm)
    if c is None or c.attack_roll is not None:
        return None
    if not any(d.piece == u.piece for d in c.defenders):
        c.defenders.append(snapshot_at(ctx, u, frm))
    return c


def retreat_move(ctx: CheckContext, st: CombatState, c: Combat, u: UnitState, frm: Hex, to: Hex, *,
                 before_combat: bool = False):
    """14-6, 14-8, 14-10..14-12, 14-16, 14-19, 14-20, 21-1, 29-13, 30-2: one retreat move."""
    late = resolved_before_next(ctx, st, c, "a retreat", u)
    if late is not None:
        yield late
    c.retreats.append(CombatMove(ctx.step or 0, u.piece, u.name, frm, to))
    c.last_step = ctx.step
    if c.retreat is None:
        c.retreat = True
        c.notes.append(f"the defender retreats: {u.name} left {frm} at step {ctx.step}")
    st.retreated[u.piece] = to
    if not [v for v in ctx.units_at(frm) if is_unit(v) and v.side == u.side
            and v.counter.type not in ("art", "siege-art", "fortress", "hq")]:
        st.vacated[frm] = c          # 15-1: the hex the defenders left
    if before_combat:
        cav = [a for a in c.attackers if a.type == "cav"]
        if cav:
            yield finding(ctx, c, "30-2", VIOLATION, f"{u.name} retreated before combat from "
                          f"{frm}, but {', '.join(a.name for a in cav)} attack(s) it: only "
                          f"cavalry attacked entirely by non-cavalry units may retreat before "
                          f"combat", units=[u], hexes=[frm, to], path=[frm, to])
        c.notes.append(f"30-2: {u.name} retreated before combat")
    if u.counter.type in ("art", "siege-art") and not u.counter.front.rail_only:
        yield finding(ctx, c, "29-13", VIOLATION, f"{u.name} retreated {frm}→{to}; artillery "
                      f"units do not retreat (they are destroyed when the others retreat)",
                      units=[u], hexes=[frm, to], path=[frm, to])
        return
    if u.counter.front.rail_only:
        yield from _rail_retreat(ctx, c, u, frm, to)
        return
    if frm.distance(to) != 1:
        yield finding(ctx, c, "14-6", VIOLATION, f"{u.name} retreated {frm}→{to}, "
                      f"{frm.distance(to)} hexes; a retreating unit moves into an adjacent hex",
                      units=[u], hexes=[frm, to], path=[frm, to])
        return
    yield from _retreat_destination(ctx, st, c, u, frm, to)


#: 14-16: the unit types for which a hex the minimum move could not enter is the last option
#: (halved); every other type is eliminated instead
HALVED_IN_LAST_OPTION = frozenset({"cav", "inf", "mtn", "marine", "aslt", "mtn-aslt"})
#: 6-12: a rail-bound unit moves up to 20 hexes per turn (the reach of its 14-20 retreat)
RAIL_RETREAT_HEXES = 20


def _rail_retreat(ctx: CheckContext, c: Combat, u: UnitState, frm: Hex, to: Hex):
    """14-20: a rail-based unit retreats only along an active rail line it could move along
    (rail movement: 7-6 no enemy-controlled hex; every line counts as Operative, 9-2 — which can
    only accept more retreats); otherwise it is lost."""
    from ..rules import rail as rail_rules
    board = RP.board_state(ctx)
    if board is None:
        return
    nations = next((s.nations for s in ctx.game.sides if s.id == u.side), ())
    path = rail_rules.rail_path(board, RP.unit_view(u, frm), frm, to,
                                rail_rules.SimpleRailNetworks(board), nations,
                                ezoc=RP.enemy_zoc_hexes(ctx, u.side),
                                max_hexsides=RAIL_RETREAT_HEXES)
    if path is None:
        yield finding(ctx, c, "14-20", VIOLATION, f"{u.name} (rail-based) retreated {frm}→{to}, "
                      f"but no rail line it could move along joins them (at most "
                      f"{RAIL_RETREAT_HEXES} hexes, no enemy-controlled hex); a rail-based unit "
                      f"that cannot retreat along a rail line is lost", units=[u],
                      hexes=[frm, to], path=[frm, to])


def last_option_halving(ctx: CheckContext, st: CombatState):
    """14-16 at the end of the phase: a cavalry or infantry-type unit that retreated into a hex
    the minimum move could not enter is reduced by half — 000 L410 "round eliminated fractions
    up" leaves ⌊S/2⌋, 003 L494 "round fractions up" can be read as ⌈S/2⌉ (rules-differences
    3.1): a strength between the two readings is *undetermined*."""
    for c, u, before, step in st.halved:
        now = now_strengths(ctx, u.piece)
        if 0 in now and len(now) == 1:
            continue                                  # eliminated: more than halved
        b = [s for s in before if s is not None]
        if not b:
            continue
        floor_hi = max(s // 2 for s in b)
        ceil_hi = max(-(-s // 2) for s in b)
        msg = (f"{u.name} retreated into a hex the 1-hexside minimum move could not enter (14-16, "
               f"step {step}) with {fmt(before)} SP and has {fmt(now)} at the end of the phase; "
               f"such a retreat halves it")
        if min(now) > ceil_hi:
            yield finding(ctx, c, "14-16", VIOLATION, msg + f" (at most {ceil_hi} SP left)",
                          units=[u], hexes=[u.hex] if u.hex else [], step=step)
        elif max(now) > floor_hi:
            yield finding(ctx, c, "14-16", UNDETERMINED, msg, units=[u],
                          hexes=[u.hex] if u.hex else [], step=step,
                          missing=(f"the rounding: 000 L410 leaves {floor_hi} SP ('round "
                                   f"eliminated fractions up'), 003 L494 may leave {ceil_hi}"))


def _retreat_destination(ctx: CheckContext, st: CombatState, c: Combat, u: UnitState, frm: Hex,
                         to: Hex):
    mapdef = ctx.mapdef()
    if mapdef is None:
        return
    side_info = mapdef.hexside(frm, to)
    info = mapdef.hexes.get(to)
    board = RP.board_state(ctx)
    if side_info is not None and side_info.terrain in ("ocean", "alpine"):
        yield finding(ctx, c, "14-12", VIOLATION, f"{u.name} retreated {frm}→{to} across a "
                      f"{side_info.terrain} hexside; retreats never cross sea or alpine "
                      f"hexsides", units=[u], hexes=[frm, to], path=[frm, to])
        return
    if board is not None and info is not None and board.is_neutral(to):
        yield finding(ctx, c, "14-19", VIOLATION, f"{u.name} retreated into {to}, in a neutral "
                      f"country; units forced to retreat into a neutral country are eliminated "
                      f"(interned)", units=[u], hexes=[frm, to], path=[frm, to])
        return
    # 14-8 / 14-11: destination priorities over the hexes it could have retreated to
    ezoc = RP.enemy_zoc_hexes(ctx, u.side)
    costs = RP.terrain_costs(ctx)
    view = RP.unit_view(u, frm) if costs is not None else None

    def legal_at(n):
        """Whether ``u`` could have retreated into ``n``: None if not, else (friendly units
        there, a 14-16 last option)."""
        if n not in mapdef.hexes or board is None:
            return None
        s = mapdef.hexside(frm, n)
        if s is None or s.terrain in ("ocean", "alpine", "lake") or board.is_neutral(n):
            return None
        occupants = [v for v in ctx.units_at(n) if is_unit(v) and v is not u]
        if any(v.side != u.side for v in occupants):
            return None                    # 6-11: never into an enemy-occupied hex
        if n != to and _would_overstack(ctx, board, u, n, occupants):
            return None                    # 14-10: not a legal destination
        friendly = any(v.side == u.side and v.counter.type not in ("hq", "rpl")
                       for v in occupants)
        last_option = False
        if costs is not None:
            step = mv.step_cost(board, view, frm, n, costs, ezoc=ezoc)
            if step.status == mv.PROHIBITED:
                return None
            if step.ok and not mv.minimum_move_allowed(board, view, step)[0]:
                last_option = True         # 14-16: the absolute last option
        return friendly, last_option

    # (``to`` is one of the hexes next to ``frm``: 14-6 was checked before)
    legal = {to: legal_at(to)}
    if legal[to] is None:
        return
    # the supplying HQ and the distance from the retreating hex, found only when a destination's
    # priority depends on them (14-7): a last option, or an enemy-controlled hex without friendly
    # units, has its priority whatever the distances
    known: list = []

    def hq_and_d0():
        if not known:
            hq = _supplying_hq(ctx, c, u)
            known.extend((hq, supply_line_length(ctx, u, frm, hq, 40) if hq is not None else ...))
        return known

    def priority(n):
        friendly, last_option = legal[n]
        if last_option:
            return 8
        if n in ezoc and not friendly:
            # an enemy-controlled hex without friendly units is priority 7 whatever its distance
            # to the HQ (14-8, ``C.retreat_priority``): no search
            return 7
        hq, d0 = hq_and_d0()
        dist = from_d = None
        if hq is not None and d0 is not ... and d0 is not None:
            # only closer / same / farther matters (14-8): a bound one past the retreating hex's
            d1 = supply_line_length(ctx, u, n, hq, d0 + 1)
            dist, from_d = (d1 if d1 is not None else d0 + 2), d0
        # no route from the hex itself (d0 None): the comparison 14-8 asks for is not defined
        return C.retreat_priority(n in ezoc, friendly, dist, from_d)

    cands = {to: priority(to)}
    if cands[to] != 1:
        # (priority 1 is the best there is: no other hex can have a higher one, and the others
        # need not even be looked at)
        for n in frm.neighbours():
            if n != to:
                ok = legal[n] = legal_at(n)
                if ok is not None:
                    cands[n] = priority(n)
    if cands[to] == 8:
        # 14-16: the absolute last option for cavalry and infantry types (halved); other types
        # are eliminated rather than retreat there (a better hex is the 14-8 finding below)
        if u.counter.type in HALVED_IN_LAST_OPTION:
            st.halved.append((c, u, now_strengths(ctx, u.piece), ctx.step))
        else:
            yield finding(ctx, c, "14-16", VIOLATION, f"{u.name} retreated {frm}→{to}, into a hex "
                          f"the 1-hexside minimum move could not enter; only cavalry and infantry "
                          f"types may make such a retreat (halved): a {u.counter.type_label} unit "
                          f"forced to is eliminated", units=[u], hexes=[frm, to], path=[frm, to])
    stack = [v for v in ctx.units_at(to) if is_unit(v) and v is not u and v.side == u.side
             and v.counter.type not in ("hq", "rpl")]
    if to in ezoc and (not stack or joins_case7(st, c, u, to)):
        note_case7(ctx, st, c, u, to)          # 14-9: it owes a Column Attack

    def lo_hi(p):
        return (min(p), max(p)) if isinstance(p, frozenset) else (p, p)
    lo, hi = lo_hi(cands[to])
    # certainly better: a hex whose worst reading beats this one's best; maybe better: a hex
    # whose best reading beats this one's worst
    better = sorted(h for h, p in cands.items() if h != to and lo_hi(p)[1] < lo)
    maybe = sorted(h for h, p in cands.items()
                   if h != to and lo_hi(p)[0] < hi and h not in better)
    what = C.RETREAT_PRIORITIES[lo] if lo == hi else f"priority {lo}-{hi}"
    if better:
        yield finding(ctx, c, "14-8", VIOLATION, f"{u.name} retreated {frm}→{to} ({what}, "
                      f"priority {lo}); {', '.join(map(str, better))} had a higher retreat priority "
                      f"(14-11)", units=[u], hexes=[frm, to] + better,
                      path=[frm, to])
    elif maybe:
        yield finding(ctx, c, "14-8", UNDETERMINED, f"{u.name} retreated {frm}→{to} ({what}); "
                      f"{', '.join(map(str, maybe))} may have had a higher retreat priority, depending on "
                      f"the distances to the supplying HQ", units=[u],
                      hexes=[frm, to] + maybe, path=[frm, to],
                      missing=("the supplying HQ (a !counterattack … supply <HQ> clause)"
                               if hq_and_d0()[0] is None else NO_SUPPLY_SEARCH))


def _would_overstack(ctx: CheckContext, board, u: UnitState, h: Hex, occupants) -> bool:
    """14-10: whether ``u`` retreating into ``h`` would break the stacking limit there."""
    views = [RP.unit_view(v) for v in occupants if v.side == u.side] + [RP.unit_view(u, h)]
    count = stack_count(views, _stacking_options(ctx))
    limit = stacking_limit(board, h)
    return count.divisions > limit.divisions or count.artillery > limit.artillery


def _supplying_hq(ctx: CheckContext, c: Combat, u: UnitState) -> UnitState | None:
    """14-7: the HQ that spent SP for the unit (its counterattack supply); when none did, the
    nearest HQ that could have (19-6: of its nation): the only one on the map, or the nearest by
    supply line when the supply search is registered. None when not known."""
    if c.counter_supply:
        for i, p in enumerate(c.counter_supply):
            pid = c.counter_supply_hqs.get(i)
            if pid is None:
                continue
            # a hex in the 'for' list names the units that stood there at the combat
            was = next((d for d in c.defenders if d.piece == u.piece), u)
            if not p.units or names_unit(ctx, p.units, was, c.sheet):
                return ctx.units.get(pid)
        return None
    hqs = [v for v in ctx.units.values() if is_unit(v) and v.counter.type == "hq"
           and v.nation == u.nation and v.hex is not None]
    if len(hqs) == 1:
        return hqs[0]
    start = c.target
    # only the nearest line and whether another is as short matter: after the first line each
    # search need reach no farther than the shortest so far (the HQs nearest on the map first)
    best = None
    tie = False
    for h in sorted(hqs, key=lambda h: (start.distance(h.hex) if start is not None else 0, h.piece)):
        d = supply_line_length(ctx, u, start, h, 60 if best is None else best[0])
        if d is ...:
            return None
        if d is None:
            continue
        if best is None or d < best[0]:
            best, tie = (d, h), False
        elif d == best[0]:
            tie = True
    return best[1] if best is not None and not tie else None


def mandatory_retreat(ctx: CheckContext, st: CombatState, c: Combat, step: int,
                      first_turn=(False,)):
    if c.attack is None or not c.attack.results or c.retreats or c.retreat:
        return
    if c.attack.results == {0} and all(0 not in d.strengths for d in c.defenders):
        return                         # no loss forces no retreat (every threshold is > 0)
    mapdef = ctx.mapdef()
    info = mapdef.hexes.get(c.target) if mapdef is not None else None
    units = [d for d in c.defenders if d.type not in ("art", "siege-art")]      # 29-14
    if not units or all(d.type == "flotilla" for d in units):
        return              # 36-9: flotillas fighting flotillas take losses only, no retreat
    alive = [d for d in c.defenders if d.type not in ("art", "siege-art", "fortress", "hq")
             and 0 not in (d.after or {0})]
    if not alive:
        return                                     # nothing left to retreat (14-14)
    tec = tec_table(ctx)
    verdicts = set()
    rules = set()
    whys = []
    strength = None
    # 41-3 (Eastern Front): 41-2 ceased for good, not yet, or not known
    ceased = RP.hook(ctx, "russia-41-3")
    readings_41_3 = (True,) if ceased == "ceased" else (False, True) if ceased else (False,)
    for t in terrain_readings(ctx, c):
        row = tec_row(tec, t) if tec is not None else None
        s_lo = sum(min(v for v in d.strengths if v is not None) for d in units
                   if any(v is not None for v in d.strengths))
        strength = s_lo
        mountain = t in ("mountain", "alpine")
        trench = "trench" in RP.hex_marker_kinds(ctx, c.target)
        assault_sp = sum(C.assault_sp(min(a.strengths), a.full_strength,
                                      pure=("alpk" in a.name.lower() or "jgr" in a.name.lower()))
                         for a in c.attackers if a.type in ("aslt", "mtn-aslt")
                         and None not in a.strengths)
        neg22_16 = "33-9" if C.negates_22_16(assault_sp, s_lo) else trench_negation(ctx, c)
        full_assault = any(a.type in ("aslt", "mtn-aslt") and a.printed is not None
                           and a.full_strength is not None and a.printed > a.full_strength
                           for a in c.attackers)
        for r, first, gone in itertools.product(c.attack.results, first_turn, readings_41_3):
            rr = C.mandatory_retreat(
                r, s_lo, year=c.date.year if c.date else 1915, nations=nations_of(units),
                city_or_port=bool(info and (info.city or info.port)), urban_chosen=t == "urban",
                fortress=any(d.type == "fortress" for d in c.defenders), trench=trench,
                trench_negated=trench_negation(ctx, c),
                terrain_drm=row.attack.drm if row is not None else 0,
                terrain_halves=bool(row is not None and row.attack.halve_strength),
                solid_terrain_negated=neg22_16, mountain_alpine_usable=mountain,
                surrounded=_any_surrounded(ctx, c), assault_first_turn=first,
                assault_vs_fort=full_assault and any(d.type == "fortress" for d in c.defenders),
                russia_41_3=gone)
            verdicts.add(rr.must)
            rules.add(rr.rule)
            whys.append(rr)
    if verdicts == {False}:
        return
    rule_no = sorted(rules)[0] if len(rules) == 1 else "14-4"
    if verdicts == {True} and c.attack.complete:
        why = whys[0]
        msg = (f"the defenders of {c.target} stayed after an attack result of "
               f"{fmt(c.attack.results)} against {strength} SP ({why.threshold}): they must "
               f"retreat ({why.why})")
        if c.attack.placeholder:
            why = c.attack.placeholder_why or "the placeholder CRT (the printed cell is unknown)"
            yield finding(ctx, c, rule_no, UNDETERMINED, msg + f" under {why}", hexes=[c.target],
                          step=step, side=c.defender_side,
                          missing="the printed Combat Results Table" if "CRT" in why else why)
        else:
            # the result rests on the attackers' strengths, the threshold on the defenders'
            yield finding(ctx, c, rule_no, VIOLATION, msg, hexes=[c.target], step=step,
                          side=c.defender_side,
                          placeholders=(*c.attack.placeholders,
                                        *(p for d in units for p in d.placeholders),
                                        # 33-3, 33-8, 33-9 read the assault units' circles
                                        *(p for a in c.attackers for p in a.circle_placeholders
                                          if a.type in ("aslt", "mtn-aslt"))))
        return
    if True in verdicts or None in verdicts:
        missing = list(dict.fromkeys(c.attack.missing)) or [
            w.why for w in whys if w.must is None][:1] or (
            ["who controlled Warsaw and the cities of 41-3 (41-2 ceases once the Central Powers "
             "hold Warsaw and four of them)"] if ceased == "maybe" and "41-2" in rules else
            ["the terrain chosen"])
        yield finding(ctx, c, rule_no, UNDETERMINED, f"the defenders of {c.target} stayed after "
                      f"an attack result of {fmt(c.attack.results)} against {strength} SP; "
                      f"whether they had to retreat depends on what the log does not show",
                      hexes=[c.target], step=step, side=c.defender_side,
                      missing="; ".join(missing))


def first_assault_turn(ctx: CheckContext, st: CombatState, c: Combat) -> tuple[bool, ...]:
    """33-3: whether this is the first game turn full-strength assault units attack the defending
    country (the majority of the hex's SP); IF 3-7 takes British and French units out. (True,
    False) when the log does not begin at the scenario's start and the first such attack may lie
    before it."""
    full = [a for a in c.attackers if a.type in ("aslt", "mtn-aslt") and a.printed is not None
            and a.full_strength is not None and a.printed > a.full_strength]
    if not full or c.date is None or not c.defenders:
        return (False,)
    by_nation: dict[str, int] = {}
    for d in c.defenders:
        by_nation[d.nation or ""] = by_nation.get(d.nation or "", 0) + max(interval(d.strengths))
    nation = max(sorted(by_nation), key=lambda n: by_nation[n])
    if nation in ("france", "great-britain") and special_rule(ctx, "3-7") is not None:
        return (False,)
    first = st.assault_seen.setdefault(nation, c.date)
    if first != c.date:
        return (False,)
    return (True,) if ctx.log_starts_scenario else (True, False)


def _any_surrounded(ctx: CheckContext, c: Combat) -> bool | None:
    vals = {is_surrounded(ctx, ctx.units[d.piece]) for d in c.defenders if d.piece in ctx.units}
    if True in vals:
        return True
    if vals == {False}:
        return False
    return None


#: 40-3: the units whose presence in the hex lifts the rule ("no infantry units in the hex")
INFANTRY_TYPES = frozenset({"inf", "mtn", "marine", "aslt", "mtn-aslt"})


def ah_cavalry_retreat(ctx: CheckContext, c: Combat, step: int):
    """40-3: Austro-Hungarian cavalry with yellow values (Polish and Czech, 50-4) must retreat when
    attacked by cavalry three times their strength (six times in a Column Attack); every A-H
    cavalry unit must when more than half the attacking cavalry is Cossack (50-5); not when
    infantry units are in the hex. The value colour and "Cossack" are counter data (qualifiers
    ``yellow-values`` / ``black-values``, ``cossack``); where the data do not say, the verdict is
    *undetermined*."""
    cav = [d for d in c.defenders if d.type == "cav" and nation_is(d.nation, AUSTRIA_HUNGARY)]
    if not cav or any(d.type in INFANTRY_TYPES for d in c.defenders):
        return
    att = [a for a in c.attackers if a.type == "cav"]
    if not att:
        return
    def lo(us):
        return sum(min((v for v in u.strengths if v is not None), default=0) for u in us)

    def hi(us):
        return sum(max((v for v in u.strengths if v is not None), default=0) for u in us)
    k = 6 if c.kind == "column" else 3
    if hi(att) < k * lo(cav):
        return                                  # certainly not three (six) times their strength
    ratio_sure = lo(att) >= k * hi(cav)
    quals = {a.piece: set(ctx.units[a.piece].counter.qualifiers) if a.piece in ctx.units else set()
             for a in att}
    cossack_lo = lo([a for a in att if "cossack" in quals[a.piece]])
    unknown = [a for a in att if "cossack" not in quals[a.piece] and nation_is(a.nation, RUSSIA)]
    cossack_hi = cossack_lo + hi(unknown)
    all_must = True if 2 * cossack_lo > hi(att) else False if 2 * cossack_hi <= lo(att) else None
    moved = {m.piece for m in c.retreats}
    for d in cav:
        if d.piece in moved or d.after == frozenset({0}):
            continue
        q = set(ctx.units[d.piece].counter.qualifiers) if d.piece in ctx.units else set()
        yellow = True if "yellow-values" in q else False if "black-values" in q else None
        must = True if (yellow or all_must) else None if (yellow is None or all_must is None) else False
        if must is False:
            continue
        msg = (f"{d.name} stayed in {c.target}, attacked by {fmt({lo(att), hi(att)})} cavalry SP "
               f"against {fmt({lo(cav), hi(cav)})} Austro-Hungarian cavalry SP; A-H cavalry "
               f"{'with yellow values ' if all_must is not True else ''}must retreat when "
               f"attacked by cavalry {k} times its strength")
        if must and ratio_sure:
            yield finding(ctx, c, "40-3", VIOLATION, msg, hexes=[c.target], step=step,
                          side=c.defender_side)
        else:
            missing = [x for x, bad in (
                (f"the colour of {d.name}'s values (yellow: Polish or Czech, 50-4; a counter "
                 f"qualifier the data do not give)", yellow is None and all_must is not True),
                ("whether the attacking Russian cavalry is Cossack (50-5)", all_must is None),
                ("the strengths under the strength markers", not ratio_sure)) if bad]
            yield finding(ctx, c, "40-3", UNDETERMINED, msg, hexes=[c.target], step=step,
                          side=c.defender_side, missing="; ".join(missing))
