"""12-3: each combat is completely resolved before the next combat takes place (000 L283).

A combat takes place at its attack roll; it is resolved by its counterattack, losses (13-13..13-24),
retreat (14) and advance (15). A loss, retreat or advance of a combat made after the attack roll
of a combat that opened later in the same phase breaks 12-3. The 14-9 Column Attack of units that
retreated into an enemy-controlled hex is part of the resolution of the combat that caused it
(it is made "immediately after the retreat"), so it is never "the next combat".

The log ties a loss to a combat only through the units: when either combat was not declared
(``!attack``: the hex and units were inferred from the dice and the losses) the tie is a reading,
and the verdict is *undetermined*.
"""
from __future__ import annotations

from modgen.check.context import CheckContext, UnitState
from modgen.check.findings import UNDETERMINED, VIOLATION

from ..combat_record import Combat
from .combat_state import CombatState, finding

RETREAT_COLUMN = "retreat-column"     # Combat.kind of a 14-9 Column Attack


def resolved_before_next(ctx: CheckContext, st: CombatState, c: Combat, what: str,
                         u: UnitState):
    """The 12-3 finding when ``what`` (a loss, retreat or advance of ``u`` in combat ``c``) comes
    after the attack roll of a later combat of the phase; None otherwise (one per combat)."""
    if c.attack_roll is None or c.kind == RETREAT_COLUMN or ctx.step is None:
        return None
    try:
        i = st.phase.index(c)
    except ValueError:
        return None
    later = next((n for n in st.phase[i + 1:] if n.kind != RETREAT_COLUMN
                  and n.attack_roll is not None and n.attack_roll.step < ctx.step), None)
    if later is None or not ctx.once("12-3", ("resolved", c.number, ctx.phase_start_step)):
        return None
    msg = (f"{u.name}: {what} in the combat against {c.target or 'a hex not known'} (attack roll "
           f"at step {c.attack_roll.step}) came at step {ctx.step}, after the attack roll of the "
           f"next combat, against {later.target or 'a hex not known'} (step "
           f"{later.attack_roll.step}); each combat is completely resolved before the next")
    hexes = [h for h in (c.target, later.target) if h is not None]
    if c.declared_step is None or later.declared_step is None \
            or (u.side == c.side and not c.attackers_known):
        return finding(ctx, c, "12-3", UNDETERMINED, msg, units=[u], hexes=hexes,
                       missing="the !attack declarations of both combats (which units took part "
                               "in which)")
    return finding(ctx, c, "12-3", VIOLATION, msg, units=[u], hexes=hexes)
