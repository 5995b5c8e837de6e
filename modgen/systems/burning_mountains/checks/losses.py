"""Losses after a combat (9.4.2, 10.2): the CE reductions each side applied, read from the log —
CE markers placed, flipped and removed, units flipped to their reduced side, units eliminated —
against what the Loss Results Table (TdP) gave, plus one per unit that retreated across a minor
river (9.2.3).

Each participant's state is taken when the combat is resolved (:func:`snapshot`) and again when
the combat is over (the next combat is declared or rolled, the phase or the log ends,
:func:`judge`); the difference is the reductions it took on its ladder (``rules.ce.ladder``: -1,
-2, flip, -1, -2, eliminated). A CE marker belongs to a unit alone with it in its hex; where
several units of the side share the marked hexes, only the side's total is known. The count is
compared with the TdP, a placeholder: a difference is undetermined (a violation once the printed
table is in the data); the spread over the units (all take one before any takes two, unless that
would eliminate one) and the withheld units' immunity do not depend on the table.
"""
from __future__ import annotations

from modgen.check.context import CheckContext, UnitState
from modgen.check.findings import UNDETERMINED, VIOLATION

from ..combat_record import BmCombat
from ..rules import ce as cer
from .combat import _v
from .common import ELIMINATED, ce_of, finding, markers_at, marker_level, table, units_at


def _loss_state(u: UnitState | None, steps: int, ce: int | None) -> cer.UnitCe | None:
    if u is None or u.map == ELIMINATED or u.map is None:
        return cer.UnitCe(steps, True, 0, True)
    if ce is None:
        return None
    return cer.UnitCe(steps, bool(u.reduced), ce)


def snapshot(ctx: CheckContext, c: BmCombat) -> None:
    """Each participant's (and withheld unit's) loss state when the combat is resolved, and each
    side's total (:func:`_side_ladder`) for when the units' own shares cannot be told apart."""
    for u in c.attackers + c.defenders + c.withheld:
        c.before[u.piece] = (_loss_state(u, u.counter.steps, ce_of(ctx, u)), u.hex, u.side)
    for side, units in ((c.side, c.attackers), (c.defender_side, c.defenders)):
        c.before[("side", side)] = _side_ladder(ctx, units, {})


def _side_ladder(ctx: CheckContext, units: list, eliminated: dict) -> int | None:
    """A side's reductions on its units' ladders, counted on the board: 3 per unit on its reduced
    side (two-step units), 3 per step of an eliminated unit, plus the level of every CE marker in
    the hexes they hold, when no other unit of the side is in those hexes (the markers could be
    its); None then."""
    n = 0
    hexes = set()
    pieces = {u.piece for u in units}
    for u in units:
        now_u = ctx.units.get(u.piece)
        if now_u is None or now_u.map in (ELIMINATED, None) or eliminated.get(u.piece):
            n += 3 * u.counter.steps
            continue
        n += 3 if now_u.reduced and u.counter.steps == 2 else 0
        if now_u.hex is not None:
            hexes.add(now_u.hex)
    for h in hexes:
        side = units[0].side
        if any(x.side == side and x.piece not in pieces and x.counter.is_combat_unit for x in units_at(ctx, h)):
            return None
        n += sum(marker_level(m) for m in markers_at(ctx, h, "ce"))
    return n


def judge(ctx: CheckContext, c: BmCombat, cut: bool = False):
    """9.4.2, 10.2, 9.2.3: each side's reductions applied, against the TdP (and the rivers);
    ``cut``: the log ends before the players may have taken them, only what they took is judged."""
    tdp = table(ctx, "tdp")
    placeholder = tdp.provenance is not None and tdp.provenance.kind == "placeholder"
    lines = []
    for role, side, units in (("attacker", c.side, c.attackers), ("defender", c.defender_side, c.defenders)):
        t = c.tdp.get(role)
        if t is None or not units:
            continue
        pieces = [u.piece for u in units]
        after: dict = {}
        applied: dict = {}
        for u in units:
            now_u = ctx.units.get(u.piece)
            st = _loss_state(now_u, u.counter.steps,
                             ce_of(ctx, now_u) if now_u is not None and now_u.hex is not None else 0)
            after[u.piece] = st
            before = c.before[u.piece][0]
            applied[u.piece] = None if st is None or before is None else cer.reductions_between(before, st)
        known = all(v is not None for v in applied.values())
        if known:
            total = sum(applied.values())
        else:
            b, a = c.before.get(("side", side)), _side_ladder(ctx, units, {})
            total = None if a is None or b is None else a - b
        river = sum(c.river.get(p, 0) for p in pieces)
        capacity = sum(c.before[u.piece][0].reductions_to_eliminate() if c.before[u.piece][0] is not None
                       else 3 * u.counter.steps for u in units)
        due = min((t.reductions or 0) + river, capacity)
        c.applied[side] = total
        names = {u.piece: u.name for u in units}
        detail = ", ".join(f"{names[p]}: {cer.describe(c.before[p][0])} -> {cer.describe(after[p])}"
                           for p in pieces if applied.get(p) and c.before[p][0] is not None)
        lines.append(f"losses (9.4.2, 10.2): {role} due {due} ({t.reductions or 0} TdP"
                     + (f" + {river} for crossing a minor river, 9.2.3" if river else "")
                     + f"{', placeholder TdP' if placeholder else ''}), applied "
                     + (f"{total}" if total is not None else "not known (CE markers in a hex of several units)")
                     + (f": {detail}" if detail else ""))
        for p in pieces:
            if applied.get(p) is not None and applied[p] < 0:
                yield _v(c, finding(ctx, "9.4.2", VIOLATION, f"{names[p]}'s Combat Effectiveness went from "
                                    f"{cer.describe(c.before[p][0])} to {cer.describe(after[p])} after the combat "
                                    f"on {c.hex}: CE is recovered only in a Movement Phase (10.3)",
                                    units=[x for x in units if x.piece == p], hexes=[c.hex]))
        # 9.2.3 owes a reduction per river crossed whatever the table says: fewer is certain
        short = [p for p in pieces if applied.get(p) is not None and c.river.get(p, 0) > applied[p] >= 0]
        for p in short if not cut else ():
            yield _v(c, finding(ctx, "9.2.3", VIOLATION, f"{names[p]} retreated across an unbridged minor river "
                                f"{c.river[p]} time(s) after the combat on {c.hex} but took {applied[p]} CE "
                                "reduction(s): each crossing costs one (9.2.3)",
                                units=[x for x in units if x.piece == p], hexes=[c.hex]))
        if not short and total is not None and total != due and total >= 0 and not (cut and total < due):
            sev = UNDETERMINED if placeholder else VIOLATION
            yield _v(c, finding(ctx, "9.4.2", sev, f"the {role} ({ctx.side_name(side)}) applied {total} CE "
                                f"reduction(s) after the combat on {c.hex}; the TdP gives {t.reductions or 0} "
                                f"(die {t.text()}, magnitude {c.magnitude})"
                                + (f" and {river} are owed for crossing a minor river (9.2.3)" if river else "")
                                + (" (placeholder TdP)" if placeholder else ""),
                                units=units, hexes=[c.hex], side=side,
                                missing="the printed Loss Results Table" if placeholder else ""))
        if known and all(c.before[p][0] is not None for p in pieces):
            alloc = {names[p]: max(0, applied[p] - c.river.get(p, 0)) for p in pieces}
            states = {names[p]: c.before[p][0] for p in pieces}
            why = cer.allocation_problem(states, alloc)
            if why:
                yield _v(c, finding(ctx, "9.4.2", VIOLATION, f"CE reductions after the combat on {c.hex} are not "
                                    f"spread evenly: {why}", units=units, hexes=[c.hex], side=side))
    for u in c.withheld:
        now_u = ctx.units.get(u.piece)
        before = c.before.get(u.piece, (None,))[0]
        st = _loss_state(now_u, u.counter.steps,
                         ce_of(ctx, now_u) if now_u is not None and now_u.hex is not None else 0)
        if before is not None and st is not None and cer.reductions_between(before, st) > 0:
            yield _v(c, finding(ctx, "9.4.2", VIOLATION, f"{u.name} was withheld from the combat on {c.hex} but "
                                f"took {cer.reductions_between(before, st)} CE reduction(s): units withheld from "
                                "combat may not be allocated reductions", units=[u], hexes=[c.hex]))
    c.after_lines += lines
