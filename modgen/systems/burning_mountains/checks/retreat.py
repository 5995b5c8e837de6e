"""After a combat (9.2, 9.3, 12.3): the moves of a Combat Phase are retreats of the last combat's
defenders and advances of its attackers; nothing else moves in a Combat Phase (3.1)."""
from __future__ import annotations

from modgen.check.context import MAIN_MAP, CheckContext, UnitState
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION
from modgen.hexgrid import Hex, Hexside

from ..combat_record import BmCombat, Move
from .combat import _v, open_combat
from .common import bmap, finding, is_unit, now, units_at, units_of


@rule("9.2", "move")
def combat_phase_move(ctx: CheckContext, u: UnitState, frm: Hex | None, to: Hex | None, frm_map):
    """9.2, 9.3, 12.3: a move in a Combat Phase is a retreat (9.2) or an advance (9.3) after the
    last combat resolved."""
    n = now(ctx)
    if n is None or n[2] != "combat" or not is_unit(u) or u.map != MAIN_MAP or to is None \
            or frm is None or frm_map != MAIN_MAP:
        return
    phasing = n[1]
    c = open_combat(ctx)
    if c is None:
        if ctx.state.undeclared_roll:
            yield finding(ctx, "9.2", UNDETERMINED, f"{u.name} moved {frm}-{to} after a combat whose hex and "
                          "units were not declared", units=[u], missing="!attack before the roll")
        else:
            yield finding(ctx, "3.1", VIOLATION, f"{u.name} moved {frm}-{to} in a Combat Phase in which no "
                          "combat was resolved before it: units move in their own Movement Phase, and in a "
                          "Combat Phase only to retreat or advance after a combat", units=[u],
                          hexes=[frm, to])
        return
    m = bmap(ctx)
    if u in c.defenders or (frm == c.hex and u.side != phasing):
        c.retreats.append(Move(u.piece, u.name, frm, to, ctx.step))
        if u.counter.is_artillery:
            yield _v(c, finding(ctx, "12.3", VIOLATION, f"{u.name} retreated: artillery cannot retreat after a "
                                "combat and is eliminated if forced to", units=[u], hexes=[frm, to]))
        if frm.direction_to(to) is not None and Hexside.of(frm, to) in m.crags:
            yield _v(c, finding(ctx, "4.5", VIOLATION, f"{u.name} retreated across a crag hexside {frm}/{to}",
                                units=[u], hexes=[frm, to]))
        enemies = {x.hex for x in units_of(ctx) if x.side != u.side and x.counter.is_combat_unit}
        if to in enemies:
            yield _v(c, finding(ctx, "4.1", VIOLATION, f"{u.name} retreated into {to}, held by an enemy "
                                "combat unit", units=[u], hexes=[to]))
        if c.retreat_required == 0:
            yield _v(c, finding(ctx, "9.2", UNDETERMINED, f"{u.name} retreated from {frm} though the CRT result "
                                "is no retreat (placeholder CRT)", units=[u], hexes=[frm, to],
                                missing="the printed CRT"))
        return
    if u.side == phasing and to == c.hex:
        c.advances.append(Move(u.piece, u.name, frm, to, ctx.step))
        if any(x for x in units_at(ctx, c.hex) if x.side != u.side):
            yield _v(c, finding(ctx, "9.3", VIOLATION, f"{u.name} advanced into {c.hex}, which the defender has "
                                "not vacated", units=[u], hexes=[c.hex]))
        elif u not in c.attackers:
            yield _v(c, finding(ctx, "9.3", VIOLATION, f"{u.name} advanced into {c.hex} but did not attack it "
                                "(withheld units may not advance)", units=[u], hexes=[c.hex]))
        return
    if u.side != phasing and u not in c.defenders and frm != c.hex:
        yield _v(c, finding(ctx, "9.3", VIOLATION, f"{u.name} of the defender moved {frm}-{to} in the Combat "
                            "Phase: a victorious defender never advances", units=[u], hexes=[frm, to]))


def judge(ctx: CheckContext, c: BmCombat):
    """At the combat's close: the retreat as a whole (9.2.1 guidelines, 9.2.3 rivers)."""
    return ()
