"""Der Weltkrieg combat checked from a VASSAL log: attacks and Column Attacks (12, 13, 16), the
defender's terrain choice (13-3..13-6), losses (13-18..13-24, 21-5, 33-4), mandatory retreats
(14-4, 22-8, 22-16, 40-42, 47), retreats (14-6..14-20), advances (15), fortresses (21-1, 21-10,
21-11), artillery (29), cavalry retreat before combat (30-2, 30-3), assault units (33) and the
Italian Front attack limits (IF 3-5, 3-8, 3-9).

How a combat shows in a log (fixtures/vassal/logs README; what our module writes): a die roll is a
chat report plus ``MutableProperty`` changes (``DiceRolled``), a loss is a flip (``D/`` of the
``Step`` layer), a strength reduction marker placed in the hex (``+/`` and ``M/``) or a move to the
``Eliminated`` map; retreats and advances are moves in the Combat Phase. What it cannot show — who
attacks what with which SP, the terrain chosen, whether the defender retreats — comes from the chat
declarations of ``declarations`` (the system's keywords). Each combat becomes a ``combat_record.Combat`` in
``ctx.combats``; it is worked out when its phase ends (late losses still count) and then handed to
the ``combat`` hook.

Verdicts that need a fact neither the log nor a declaration gives are *undetermined*, naming it;
verdicts that rest on a placeholder cell of the CRT say so and are never violations; a printed CRT
(or the cells the rulebook prints, ``known_cells``) makes them real verdicts with no code change.

The life of a combat, module by module (each registered in ``SYSTEM.rules``):

============================  ===================================================================
``attack``                    declarations and die rolls open and complete a combat (12-1, 13-9)
``attack_legality``           who may attack what (12-4..12-9, 16-4/16-5/16-10, 29-2, 11-10)
``losses``                    flips, markers, eliminations as losses; required vs applied (13)
``retreat``                   mandatory retreats (14-4…) and each retreat move (14-6..14-20, 30-2)
``advance``                   advance after combat (15)
``column_attack``             retreats and advances after a Column Attack (16-9)
``fortress_surrender``        surrender rolls (21-10, 21-11)
``resolution``                attack and counterattack arithmetic and the CRT (13, 19, 29, 34)
``combat_terrain``            terrain choice, trench negation, solid defence (13-3, 22)
``attack_limits``             Italian Front scenario limits (IF 3-5, 3-8, 3-9)
``combat_state``              the phase's bookkeeping and the readings all of them share
this module                   moves in a Combat Phase sorted into retreats, advances and 6-3;
                              each combat worked out when its phase ends (``_finalize``)
============================  ===================================================================
"""
from __future__ import annotations

from modgen.check.context import DEAD_PILE, CheckContext, PhaseInfo, UnitState
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION
from modgen.hexgrid import Hex

from . import common as RP
from ..combat_record import Combat, CombatMove
from .advance import advance, advance_checks
from .attack import snapshot_defenders
from .attack_limits import if_3_5_balance, if_3_5_single, if_3_8
from . import retreat_column
from .column_attack import column_retreat, moved_after_column_attack
from .combat_order import RETREAT_COLUMN
from .combat_state import (CombatState, combat_of, current_combat, finding, is_unit, now_strengths,
                           open_combat, phase_state, run_combat_hook, snapshot_at)
from .combat_terrain import terrain_choice
from .fortress_surrender import siege_result
from .losses import check_losses, infer_target, loss, placed_during_combat
from .resolution import resolve_attack, resolve_counter, supply_of
from .retreat import last_option_halving, pre_combat_cavalry, retreat_move

# what other code reads from this module (the combat record's entry points)
from .column_attack import column_attack_advance, column_attack_defender  # noqa: F401,E402
from .combat_state import (MAX_COMBATS_PER_PHASE, combats, resolve_hq,  # noqa: F401,E402
                           resolve_units, strength_markers_above, unit_strengths)


@rule("14-6", "move")
def combat_moves(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """Moves in a Combat Phase (and after a Column Attack) are retreats (14), advances (15) or
    cavalry retreats before combat (30-2); anything else breaks 6-3. Eliminations and strength
    markers placed over a unit are losses (13-21). Fortresses never move (21-1)."""
    kind = ctx.now.kind
    if u.marker_id is not None:
        if to is not None and kind in ("combat", "movement") \
                and RP.marker_kind(ctx, u.marker_id) == "strength":
            for v in ctx.units_at(to):
                if is_unit(v) and (ctx.stack_above(v.piece) is None
                                   or u.piece in (ctx.stack_above(v.piece) or ())):
                    yield from loss(ctx, v, "marker", to) or ()
        return
    if not is_unit(u):
        return
    if u.counter.type == "fortress":
        if frm is not None and to is not None and frm != to:
            yield ctx.finding("21-1", VIOLATION, f"the fortress {u.name} moved {frm}→{to}; "
                              f"fortresses are immobile and never move or retreat",
                              units=[u], hexes=[frm, to], path=[frm, to], check="combat")
        return
    if to is None:
        if frm is not None and u.map == DEAD_PILE:
            yield from loss(ctx, u, "eliminated", frm) or ()
        elif frm is not None and kind in ("combat", "movement"):
            yield from loss(ctx, u, "deleted", frm) or ()
        return
    if frm is None and kind in ("combat", "movement") and frm_map != DEAD_PILE:
        placed_during_combat(ctx, u, to)
        return
    if frm is None or frm == to:
        return
    if kind == "combat":
        yield from _combat_phase_move(ctx, u, frm, to)
    elif kind == "movement" and ctx.now.side != u.side:
        yield from column_retreat(ctx, u, frm, to)
    elif kind == "movement":
        st = phase_state(ctx)
        c = st.vacated.get(to)
        if c is not None and c.kind == "column" and any(a.piece == u.piece for a in c.attackers):
            c.advances.append(CombatMove(ctx.step or 0, u.piece, u.name, frm, to))
        else:
            yield from moved_after_column_attack(ctx, st, u, frm, to)


def _combat_phase_move(ctx: CheckContext, u: UnitState, frm: Hex, to: Hex):
    st = phase_state(ctx)
    phasing = ctx.now.side
    # a retreat: a defender of a combat leaving the hex attacked
    c, role = combat_of(st, u.piece, roles=("defenders", "excluded"))
    if c is not None and (frm == c.target or c.kind == RETREAT_COLUMN and any(
            d.piece == u.piece and d.hex == frm for d in c.defenders)):
        yield from retreat_move(ctx, st, c, u, frm, to)
        return
    if u.side != phasing:
        v = st.vacated.get(to)
        if v is not None and v.kind == RETREAT_COLUMN and frm.distance(to) == 1 \
                and any(a.piece == u.piece for a in v.attackers):
            yield from advance(ctx, st, v, u, frm, to)     # 14-9: after its Column Attack
            return
        cur = current_combat(st)
        if cur is not None and cur.target is None and cur.attack_roll is not None \
                and any(v.side == phasing for n in frm.neighbours() for v in ctx.units_at(n)):
            infer_target(ctx, cur, frm, u.side)
            cur.defenders.append(snapshot_at(ctx, u, frm))
            yield from retreat_move(ctx, st, cur, u, frm, to)
            return
        pre = pre_combat_cavalry(ctx, st, u, frm)
        if pre is not None:
            yield from retreat_move(ctx, st, pre, u, frm, to, before_combat=True)
            return
        if frm.distance(to) > 1 or not any(v.side == phasing and is_unit(v)
                                           for n in frm.neighbours() for v in ctx.units_at(n)):
            yield _move_not_retreat(ctx, u, frm, to, "no attack on it")
            return
        yield ctx.finding("6-3", UNDETERMINED, f"{u.name} moved {frm}→{to} in the "
                          f"{ctx.phase_label()}; a unit moves in an enemy Combat Phase only to "
                          f"retreat, and no attack on {frm} shows in the log", units=[u],
                          hexes=[frm, to], path=[frm, to], check="combat",
                          missing=f"an !attack on {frm} (and its die roll)")
        return
    # an advance: an attacker entering the hex its defenders left
    c = st.vacated.get(to)
    if c is not None and frm.distance(to) == 1:
        if any(a.piece == u.piece for a in c.attackers) or not c.attackers_known:
            if not c.attackers_known and not any(a.piece == u.piece for a in c.attackers):
                c.attackers.append(snapshot_at(ctx, u, frm))
            yield from advance(ctx, st, c, u, frm, to)
            return
        yield finding(ctx, c, "15-1", VIOLATION, f"{u.name} advanced {frm}→{to} after the "
                      f"combat against {to}, in which it did not attack; only attacking units "
                      f"advance into the vacated hex", units=[u], hexes=[frm, to],
                      path=[frm, to])
        return
    if frm.distance(to) == 1 and u.counter.type in ("aslt", "mtn-aslt") \
            and not [v for v in ctx.units_at(to) if v is not u and is_unit(v) and v.side != u.side]:
        # 33-7: assault units attack adjacent vacant hexes and advance into them (no supply)
        c = open_combat(ctx, st, phasing, to, ctx.step)
        c.notes.append("33-7: an assault unit's attack on a vacant hex")
        c.attackers = [snapshot_at(ctx, u, frm)]
        c.attackers_known = True
        c.advances.append(CombatMove(ctx.step or 0, u.piece, u.name, frm, to))
        return
    why = ("it is no retreat or advance" if frm.distance(to) == 1
           else f"a {frm.distance(to)}-hex move is no retreat or advance")
    yield _move_not_retreat(ctx, u, frm, to, why)


def _move_not_retreat(ctx: CheckContext, u: UnitState, frm: Hex, to: Hex, why: str):
    return ctx.finding("6-3", VIOLATION, f"{u.name} moved {frm}→{to} in the {ctx.phase_label()}; "
                       f"{why}: in a Combat Phase units move only to retreat (14) or advance (15)",
                       units=[u], hexes=[frm, to], path=[frm, to], check="combat")


@rule("12-3", "phase_end")
def combats_of_the_phase(ctx: CheckContext, ended: PhaseInfo):
    """12-3 / 13-20 / 14-4 / 15-4: when a phase ends, each of its combats is complete: work out its
    attack and counterattack, compare the losses and retreats with the results, and hand it to the
    ``combat`` hook."""
    st = ctx.cache.get("dw-combat")
    if st is None or st.phase_start != ctx.phase_start_step:
        return
    for c in st.phase:
        if not c.closed:
            yield from _finalize(ctx, st, c)
    yield from retreat_column.unmade_attacks(ctx, st)
    yield from last_option_halving(ctx, st)
    yield from if_3_5_balance(ctx, st)
    for key, v in list(st.pending.items()):
        if isinstance(key, tuple) and key[0] == "siege":
            yield from siege_result(ctx, key[1], v)


@rule("12-3", "end")
def combats_at_end_of_log(ctx: CheckContext):
    """A log may stop in a Combat Phase: its combats are worked out with what it shows."""
    st = ctx.cache.get("dw-combat")
    if st is None or st.phase_start != ctx.phase_start_step:
        return
    for c in st.phase:
        if not c.closed:
            yield from _finalize(ctx, st, c)


def _finalize(ctx: CheckContext, st: CombatState, c: Combat):
    c.closed = True
    for u in c.attackers + c.defenders:
        if u.after is None:
            u.after = now_strengths(ctx, u.piece)
    if c.kind == RETREAT_COLUMN:
        yield from retreat_column.finalize(ctx, c)
        run_combat_hook(ctx, c)
        return
    if c.target is None:
        if c.attack_roll is not None:
            yield finding(ctx, c, "13-9", UNDETERMINED, f"die roll {c.attack_roll.value} at step "
                          f"{c.attack_roll.step} by {c.attack_roll.roller or '?'} in the "
                          f"{c.phase}: no combat could be tied to it", step=c.attack_roll.step,
                          side=c.side, missing="an !attack declaration (the hex attacked and "
                          "the attacking units)")
        run_combat_hook(ctx, c)
        return
    if c.attack_roll is None and not c.advances and not c.retreats:
        if c.declared_step is not None and c.defenders == [] and not c.notes:
            snapshot_defenders(ctx, c)
        yield finding(ctx, c, "13-9", UNDETERMINED, f"the attack on {c.target} declared at step "
                      f"{c.declared_step} has no die roll", step=c.declared_step, side=c.side,
                      hexes=[c.target], missing="the attack's 1d6 roll")
        run_combat_hook(ctx, c)
        return
    if c.attack_roll is None:
        run_combat_hook(ctx, c)   # 30-2 / 33-7: no roll, nothing to resolve
        yield from advance_checks(ctx, c)
        return
    for units, counter in ((c.attackers, False), (c.counterattackers, True)):
        for u in units:
            how, hq = supply_of(ctx, c, u, counter=counter)
            u.supply, u.hq = how, hq
    _terrain_verdict = list(terrain_choice(ctx, c))
    yield from _terrain_verdict
    c.attack = resolve_attack(ctx, c)
    c.counter = resolve_counter(ctx, c)
    yield from check_losses(ctx, st, c)
    yield from advance_checks(ctx, c)
    yield from if_3_5_single(ctx, c)
    yield from if_3_8(ctx, c)
    run_combat_hook(ctx, c)


@rule("12-1", "turn")
def new_phase(ctx: CheckContext, old: PhaseInfo, new: PhaseInfo):
    """Combat bookkeeping (no finding): a new phase starts with no open combat; 33-3 remembers
    the countries attacked by assault units."""
    phase_state(ctx)
    return ()
