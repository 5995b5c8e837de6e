"""Losses in a combat: what the log shows of them and how they compare with the results.

* a loss is a flip to the reduced side (13-21, 13-24), a strength reduction marker put over a
  unit (13-22, in stack order) or an elimination; it belongs to the combat the unit took part in
  this phase; an attacking-side unit that took part in no attack may not lose strength (13-18);
  an undeclared combat learns its hex from the first defender's loss (``infer_target``);
* at the end of the phase (``check_losses``): the losses applied against those required, by the
  defender (13-13; fewer after a retreat: 14-3, 21-5) and the attacker (13-17); the attacker
  loses first (13-20); the order of the losses (13-23, 13-24, 33-4, 21-5); the mandatory
  retreat (``retreat.mandatory_retreat``); every ground combat unit retreats together (14-1) and
  artillery left behind is destroyed (29-13).

A counter placed in a hex of the combat while its losses are taken (a counter swap, 33-4) makes
them undetermined.
"""
from __future__ import annotations

from modgen.check.context import CheckContext, UnitState
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION
from modgen.hexgrid import Hex

from ..rules import combat as C
from . import common as RP
from ..combat_record import Combat, Loss
from .attack import snapshot_defenders
from .combat_order import resolved_before_next
from .combat_state import (CombatState, NON_ATTACKERS, combat_of, current_combat, finding, fmt,
                           interval, is_unit, nations_of, phase_state, snapshot,
                           strength_markers_above, units_of)
from .retreat import ah_cavalry_retreat, first_assault_turn, mandatory_retreat


def infer_target(ctx: CheckContext, c: Combat, h: Hex, side: str | None) -> None:
    """An undeclared combat learns its hex from the first loss of a non-phasing unit after the
    roll (only a unit of the attacked hex may lose SP to the attack, 13-13)."""
    c.target = h
    c.defender_side = side
    c.notes.append(f"the hex attacked, {h}, is inferred from the defender's losses after the roll")
    snapshot_defenders(ctx, c)
    cand = [u for u in units_of(ctx, c.side) if u.hex in h.neighbours()
            and u.counter.type not in NON_ATTACKERS]
    c.attackers = [snapshot(ctx, u) for u in cand]
    c.attackers_known = False


def loss(ctx: CheckContext, u: UnitState, how: str, at: Hex | None):
    """A strength loss of unit ``u`` (flip, marker over it, elimination): part of the combat the
    unit took part in this phase; 13-18 when it is an attacking-side unit of no attack."""
    st = phase_state(ctx)
    if ctx.now.kind not in ("combat", "movement"):
        return
    c, role = combat_of(st, u.piece)
    if c is None:
        cur = current_combat(st)
        if cur is not None and not cur.closed and cur.attack_roll is not None:
            if cur.target is None and u.side != cur.side and at is not None:
                infer_target(ctx, cur, at, u.side)
                c, role = combat_of(st, u.piece)
            elif u.side == cur.side and not cur.attackers_known and cur.target is not None:
                if at is not None and at in cur.target.neighbours():
                    cur.attackers.append(snapshot(ctx, u))
                    c, role = cur, "attackers"
            elif u.side == cur.side and cur.attackers_known and ctx.now.kind == "combat":
                msg = (f"{u.name} lost strength ({how}) after the attack on {cur.target}, but it "
                       f"did not take part in it: only units that attacked take the "
                       f"counterattack's losses")
                if how == "flip":
                    yield finding(ctx, cur, "13-18", VIOLATION, msg, units=[u],
                                  hexes=[h for h in (at, cur.target) if h])
                else:
                    # an elimination (20-13 pockets) or a marker moved with a stack may have
                    # another reason
                    yield finding(ctx, cur, "13-18", UNDETERMINED, msg, units=[u],
                                  hexes=[h for h in (at, cur.target) if h],
                                  missing="why the unit lost strength outside the combat")
                return
    if c is None:
        return
    late = resolved_before_next(ctx, st, c, f"a loss ({how})", u)
    if late is not None:
        yield late
    last = c.losses[-1] if c.losses else None
    if last is None or (last.step, last.piece, last.how) != (ctx.step, u.piece, how):
        c.losses.append(Loss(ctx.step or 0, how, u.piece, u.name, u.side))
    c.last_step = ctx.step
    if role == "defenders" and how == "eliminated" and c.target is not None and not any(
            v.side == c.defender_side and is_unit(v) and v.counter.type not in ("hq",)
            for v in ctx.units_at(c.target)):
        # every defender gone: 14-14 counts units that could not retreat as retreated, so the
        # attackers' entry into the hex is taken as an advance
        phase_state(ctx).vacated.setdefault(c.target, c)


@rule("13-21", "flip")
def losses_by_flip(ctx: CheckContext, u: UnitState, before: int, after: int):
    """13-21: a unit flipped to its reduced side in a combat lost SP in it."""
    if not is_unit(u) or after <= before:
        return
    yield from loss(ctx, u, "flip", u.hex) or ()


@rule("13-22", "restack")
def losses_by_restacking(ctx: CheckContext, u: UnitState, h: Hex):
    """13-22: a unit (or a strength marker) moved within its hex: the units now under a strength
    marker they were not under lost strength."""
    if u.marker_id is not None:
        if RP.marker_kind(ctx, u.marker_id) == "strength":
            for v in ctx.units_at(h):
                if is_unit(v) and u.piece in (ctx.stack_above(v.piece) or ()):
                    yield from loss(ctx, v, "marker", h)
        return
    if is_unit(u) and strength_markers_above(ctx, u):
        yield from loss(ctx, u, "marker", h)


def placed_during_combat(ctx: CheckContext, u: UnitState, h: Hex) -> None:
    """A unit placed on the map (from a palette or pool) in the hex of a unit that is taking its
    losses: a counter swapped for a weaker one (an assault unit reverting to its regular type,
    33-4, a division replaced by a brigade) — the log does not say which, so the combat's loss
    verdicts become undetermined."""
    st = phase_state(ctx)
    for c in reversed(st.phase):
        if c.closed or c.attack_roll is None:
            continue
        if any(x.hex == h and x.side == u.side for x in c.attackers + c.defenders):
            c.swapped.append(u.name)
            c.notes.append(f"{u.name} was placed in {h} at step {ctx.step} while the combat's "
                           f"losses were taken: a counter swap? (the losses are not judged)")
            return


def _applied(side_units) -> tuple[int, int]:
    lo = hi = 0
    for u in side_units:
        b0, b1 = interval(u.strengths)
        a0, a1 = interval(u.after or {0})
        lo += max(b0 - a1, 0)
        hi += max(b1 - a0, 0)
    return lo, hi


def _required_defender(ctx: CheckContext, c: Combat) -> frozenset:
    res = c.attack
    if res is None or not res.results:
        return frozenset()
    if not (c.retreats or c.retreat):
        return res.results
    reduce = C.retreat_reduces_losses(nations_of(c.defenders))
    fort = sum(max(interval(d.strengths)) for d in c.defenders if d.type == "fortress")
    return frozenset(sum(C.retreat_reduced_loss(r, fortress_sp=fort, reduce=reduce))
                     for r in res.results)


def check_losses(ctx: CheckContext, st: CombatState, c: Combat):
    """13-13, 13-17, 13-18, 13-20, 13-23, 13-24, 14-3, 14-4, 21-5, 33-4: losses required and
    applied, the loss order and the mandatory retreat."""
    # 33-3 is about the first game turn: every combat with assault units counts, whatever its result
    first_turn = first_assault_turn(ctx, st, c)
    c.required_defender = _required_defender(ctx, c)
    c.required_attacker = c.counter.results if c.counter is not None and c.counter.results \
        else frozenset({0}) if c.counter is None else frozenset()
    step = c.last_step or (c.counter_roll or c.attack_roll).step
    if c.swapped:
        yield finding(ctx, c, "13-21", UNDETERMINED, f"the losses of the combat against "
                      f"{c.target} are not judged: {', '.join(c.swapped)} came onto the map in a "
                      f"hex of the combat while they were taken", hexes=[c.target], step=step,
                      side=c.side, missing="which counter the new one replaces (a counter swap)")
        yield from mandatory_retreat(ctx, st, c, step, first_turn)
        return
    # losses applied vs required
    for who, units, req, res, rule_no in (
            ("defender", c.defenders, c.required_defender, c.attack, "13-13"),
            ("attacker", c.attackers, c.required_attacker, c.counter, "13-17")):
        if not req or res is None and who == "defender":
            continue
        if who == "defender" and not units:
            continue       # no unit to lose SP (18-11: a Supply Point marker attacked alone)
        lo, hi = _applied(units)
        placeholder = res.placeholder if res is not None else False
        missing = list(dict.fromkeys(res.missing)) if res is not None else []
        side = c.defender_side if who == "defender" else c.side
        need_hi, need_lo = max(req), min(req)
        got = fmt({lo, hi}) if lo != hi else str(lo)
        if lo >= need_hi:
            continue
        where = f"the attack on {c.target}" if who == "defender" else \
            f"the counterattack from {c.target}"
        complete = res is None or res.complete
        if hi < need_lo and complete:
            if placeholder:
                why = res.placeholder_why or "the placeholder CRT (the printed cell is unknown)"
                yield finding(ctx, c, rule_no, UNDETERMINED, f"the {who} lost {got} SP in "
                              f"{where}; {fmt(req)} required under {why}", hexes=[c.target],
                              step=step, side=side,
                              missing="the printed Combat Results Table (missing-data M1)"
                              if "CRT" in why else why)
            else:
                # the result rests on the strengths that made the column, the SP applied on
                # the strengths of the units that lost them (a placeholder back: 13-24)
                lost = [p for u in units if u.after is not None and u.after != u.strengths
                        for p in u.loss_placeholders]
                yield finding(ctx, c, rule_no, VIOLATION, f"the {who} lost {got} SP in {where}; "
                              f"the CRT requires at least {fmt(req)}", hexes=[c.target],
                              step=step, side=side,
                              placeholders=(*(res.placeholders if res is not None else ()),
                                            *lost))
            continue
        yield finding(ctx, c, rule_no, UNDETERMINED, f"the {who} lost {got} SP in {where}; "
                      f"the CRT requires {fmt(req) if complete else 'at most ' + str(need_hi)}"
                      + ((" (placeholder CRT)" if "CRT" in (res.placeholder_why or "CRT")
                          else " (placeholder strengths)") if placeholder else ""),
                      hexes=[c.target], step=step, side=side,
                      missing="; ".join(missing) or "the strengths under the strength markers")
    # 13-20: the attacker takes its losses first
    a_steps = [x.step for x in c.losses if x.side == c.side]
    d_steps = [x.step for x in c.losses if x.side == c.defender_side]
    if a_steps and d_steps and min(d_steps) < min(a_steps):
        yield finding(ctx, c, "13-20", VIOLATION, f"in the combat against {c.target} the "
                      f"defender took losses (step {min(d_steps)}) before the attacker (step "
                      f"{min(a_steps)}); the attacker takes losses first", hexes=[c.target],
                      step=min(d_steps), side=c.defender_side)
    # 13-23 / 13-24 / 33-4 / 21-5: the order of the losses
    for who, units, attacking in (("attacker", c.attackers, True),
                                  ("defender", c.defenders, False)):
        if not any(x.side == (c.side if attacking else c.defender_side) for x in c.losses):
            continue                   # nothing lost: no order to judge
        if not attacking and c.retreats:
            # 29-13: artillery left behind by a retreat is destroyed — no loss of the CRT
            # result, so not judged by the loss order (it would read as artillery losing SP
            # while the infantry that retreated still has some)
            moved = {m.piece for m in c.retreats}
            units = [d for d in units if not (d.type in ("art", "siege-art") and
                                              d.piece not in moved and d.after == frozenset({0}))]
        lus = _loss_units(units, attacking)
        if lus is None:
            continue
        fortress_first = not attacking and bool(c.retreats or c.retreat)
        for rule_no, msg in C.loss_order_problems(lus, fortress_first=fortress_first):
            # 13-24 compares each unit's strength with its back side: a placeholder back
            # (back_rule) makes it undetermined; 13-23, 33-4 and 21-5 use no printed value
            yield finding(ctx, c, rule_no, VIOLATION, f"the {who}'s losses against {c.target}: "
                          f"{msg}", hexes=[c.target], step=step,
                          side=c.side if attacking else c.defender_side,
                          placeholders=[p for u in units for p in u.loss_placeholders]
                          if rule_no == "13-24" else
                          # a cavalry unit's loss class (13-23) and an assault unit's regular
                          # strength (33-4) are its full-strength circle
                          [p for u in units for p in u.circle_placeholders]
                          if rule_no in ("13-23", "33-4") else ())
    # 14-4 and the rules that change it; 40-3
    yield from mandatory_retreat(ctx, st, c, step, first_turn)
    yield from ah_cavalry_retreat(ctx, c, step)
    # 14-1 / 29-13: every ground combat unit retreats, artillery is destroyed
    if c.retreats:
        moved = {m.piece for m in c.retreats}
        stayed = [d for d in c.defenders if d.piece not in moved and 0 not in (d.after or {0})
                  and d.piece in ctx.units and ctx.units[d.piece].hex == c.target]
        for d in stayed:
            unit = ctx.units.get(d.piece)
            if unit is not None and unit.counter.front.rail_only:
                yield finding(ctx, c, "14-20", VIOLATION, f"{d.name} (rail-based) stayed in "
                              f"{c.target} when the other units retreated; a rail-based unit "
                              f"retreats along a rail line or is lost", hexes=[c.target],
                              step=step, side=c.defender_side)
            elif d.type in ("art", "siege-art"):
                yield finding(ctx, c, "29-13", VIOLATION, f"{d.name} stayed in {c.target} when "
                              f"the other units retreated; artillery that does not retreat with "
                              f"them is destroyed", hexes=[c.target], step=step,
                              side=c.defender_side)
            elif d.type not in ("fortress", "hq"):
                yield finding(ctx, c, "14-1", VIOLATION, f"{d.name} stayed in {c.target} while "
                              f"the other defenders retreated; a retreat takes every ground "
                              f"combat unit out of the hex", hexes=[c.target], step=step,
                              side=c.defender_side)


def _loss_units(units, attacking: bool):
    out = []
    for u in units:
        if len(u.strengths) != 1 or u.after is None or len(u.after) != 1:
            return None
        b = next(iter(u.strengths))
        a = next(iter(u.after))
        if b is None or a is None:
            continue
        cls = C.loss_class(u.type, attacking=attacking, full_strength=u.full_strength,
                           nation=u.nation or "")
        assault = u.full_strength if u.type in ("aslt", "mtn-aslt") else None
        out.append(C.LossUnit(u.name, cls, b, a, u.back, assault))
    return out
