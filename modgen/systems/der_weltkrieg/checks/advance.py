"""Advance after combat: an attacking unit moves into the hex its defenders vacated (15-1);
artillery never advances (15-3); units advance in the order of the share of strength they lost
(15-4). Which moves are advances is decided in ``combat`` (the move hook); 16-9 advances after a
Column Attack in ``column_attack``.
"""
from __future__ import annotations

from modgen.check.context import CheckContext, UnitState
from modgen.check.findings import VIOLATION
from modgen.hexgrid import Hex

from ..rules import combat as C
from ..combat_record import Combat, CombatMove
from .combat_order import resolved_before_next
from .combat_state import CombatState, finding


def advance(ctx: CheckContext, st: CombatState, c: Combat, u: UnitState, frm: Hex, to: Hex):
    """15-1..15-3: an attacking unit moves into the hex its defenders vacated."""
    late = resolved_before_next(ctx, st, c, "an advance", u)
    if late is not None:
        yield late
    c.advances.append(CombatMove(ctx.step or 0, u.piece, u.name, frm, to))
    c.last_step = ctx.step
    if u.counter.type in ("art", "siege-art"):
        yield finding(ctx, c, "15-3", VIOLATION, f"{u.name} advanced {frm}→{to}; artillery "
                      f"units may not advance after combat", units=[u], hexes=[frm, to],
                      path=[frm, to])


def advance_checks(ctx: CheckContext, c: Combat):
    """15-2, 15-4: the advance after combat."""
    if not c.advances:
        return
    adv = {m.piece for m in c.advances}
    units = {}
    for a in c.attackers:
        if len(a.strengths) == 1 and a.after is not None and len(a.after) == 1:
            b, af = next(iter(a.strengths)), next(iter(a.after))
            if b is not None and af is not None:
                units[a.piece] = (b, af)
    names = {a.piece: a.name for a in c.attackers}
    if adv <= set(units):
        probs = C.advance_order_problems(units, adv)
        for p in probs:
            for pid, n in names.items():
                p = p.replace(pid, n)
            # the shares lost rest on the strengths before and after (a placeholder back)
            yield finding(ctx, c, "15-4", VIOLATION, f"advance into {c.target}: {p}; a unit "
                          f"advances only after every unit that lost a greater share of its "
                          f"strength", hexes=[c.target], step=c.advances[-1].step, side=c.side,
                          placeholders=[x for a in c.attackers if a.piece in units
                                        for x in a.loss_placeholders])
