"""Recombination (23) checked from the log: in a side's Replacement / Recombination Phase, units
raised in strength (flipped back, strength markers removed) or brought back from the Eliminated
box (23-5) take their Strength Points from units of the same hex, which are reduced or removed.

What the log shows is the strength of every unit of the side at the start of the phase and at
its end (faces, strength markers in stack order, eliminations, the dead pile). A hex where a unit
gained strength or came back is a recombination; it is checked against 23-1 (same type and
nationality; same full-strength colour where the data give it), 23-2 (an HQ of that nationality
in the hex; none of them moved or took part in combat this turn), 23-4 (no more SP after than
before; a raised unit at most its front strength or its full-strength circle, whichever is
lower) and 23-6 (not in an enemy ZOC). Replacement units count as infantry (24-4).
"""
from __future__ import annotations

from modgen.check.context import DEAD_PILE, CheckContext, PhaseInfo, UnitState
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION, Placeholder
from modgen.hexgrid import Hex

from .common import circle_placeholders, enemy_zoc_hexes, is_unit, placeholder_inputs
from .combat_state import unit_strengths
from .past_combats import combats_on

INFANTRY = frozenset({"inf", "mtn", "marine", "aslt", "mtn-aslt", "rpl"})


def _strength(ctx: CheckContext, u: UnitState) -> frozenset:
    return unit_strengths(ctx, u)


def _group(u: UnitState) -> tuple:
    """23-1: units recombine with units of the same type (RPL units provide infantry SP, 24-4)
    and nationality."""
    t = "inf" if u.counter.type in INFANTRY else u.counter.type
    return (u.nation, t)


def _state(ctx: CheckContext) -> dict:
    hit = ctx.cache.get("dw-recombination")          # (no new empty {} per call: asked on every move)
    if hit is None:
        hit = ctx.cache["dw-recombination"] = {}
    return hit


@rule("23-4", "setup")
def recombination_at_log_start(ctx: CheckContext):
    """23 bookkeeping (no finding): a log that begins in a Replacement / Recombination Phase."""
    return recombination_start(ctx, PhaseInfo(None, None), ctx.now)


@rule("23-4", "turn")
def recombination_start(ctx: CheckContext, old: PhaseInfo, new: PhaseInfo):
    """23 bookkeeping (no finding): the strength of every unit of the phasing side at the start of
    its Replacement / Recombination Phase; units that moved this turn (23-2)."""
    st = _state(ctx)
    if old.date != new.date:
        st["moved"] = set()
    if new.kind != "replacement" or new.side is None:
        st.pop("start", None)
        return ()
    # 23-2: recombination happens only in a hex with an HQ of the units' nation: the strengths at
    # the start of the phase are kept for those hexes (elsewhere a recombination is a 23-2
    # violation whatever the strengths)
    # (one pass over the units: the side's HQ hexes and its reduced units on the map)
    hq_hexes = set()
    reduced = []
    side = new.side
    for u in ctx.units.values():
        if u.side != side or u.hex is None or not is_unit(u):
            continue
        if u.counter.type == "hq":
            hq_hexes.add(u.hex)
        if u.reduced:
            reduced.append(u)
    st["start"] = {u.piece: (u.hex, _strength(ctx, u), _group(u))
                   for h in hq_hexes for u in ctx.units_at(h)
                   if is_unit(u) and u.side == side and u.counter.type not in ("hq", "fortress")}
    st["units"] = {u.piece: (u.hex, _strength(ctx, u)) for u in reduced}
    st["returned"] = {}
    return ()


@rule("23-2", "move")
def recombination_moves(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """23 bookkeeping (no finding): units that moved this turn; units back from the Eliminated box
    in the Replacement / Recombination Phase (23-5)."""
    if to is None or not is_unit(u):
        return ()
    kind = ctx.now.kind
    if kind == "movement" and frm is not None and frm != to:
        st = _state(ctx)
        moved = st.get("moved")
        if moved is None:
            moved = st["moved"] = set()
        moved.add(u.piece)
    elif kind == "replacement" and frm is None and frm_map == DEAD_PILE:
        st = _state(ctx)
        if "start" in st:
            st["returned"][u.piece] = to
    return ()


def _fought(ctx: CheckContext, pieces: set) -> set:
    date = ctx.now.date
    out = set()
    for c in combats_on(ctx, date):
        for x in list(c.attackers) + list(c.defenders) + list(c.counterattackers):
            if x.piece in pieces:
                out.add(x.piece)
    return out


@rule("23-4", "phase_end")
def recombinations(ctx: CheckContext, ended: PhaseInfo):
    """23-1, 23-2, 23-4, 23-5, 23-6: each hex where units of the phasing side were recombined."""
    st = _state(ctx)
    start = st.pop("start", None)
    if start is None or ended.kind != "replacement":
        return
    returned = st.get("returned", {})
    raised: dict[Hex, list] = {}
    # a unit raised: flipped back to its front (a reduced unit at the start), or one whose
    # strength markers went (any unit of an HQ hex)
    watch = dict(st.pop("units", {}))
    watch.update({pid: (h, b) for pid, (h, b, _g) in start.items()})
    for pid, (h, before) in watch.items():
        u = ctx.units.get(pid)
        if u is None or u.hex is None or u.hex != h:
            continue
        after = _strength(ctx, u)
        if min(after) is not None and min(before) is not None and min(after) > max(before):
            raised.setdefault(h, []).append(u)
    for pid, h in returned.items():
        u = ctx.units.get(pid)
        if u is not None and u.hex == h:
            raised.setdefault(h, []).append(u)
    for h in sorted(raised):
        yield from _hex(ctx, st, h, start, raised[h], returned)


def _hex(ctx: CheckContext, st: dict, h: Hex, start: dict, raised: list, returned: dict):
    side = raised[0].side
    before: dict[tuple, int] = {}
    uncertain = False
    for pid, (hx, s, g) in start.items():
        if hx == h:
            before[g] = before.get(g, 0) + min(s)
            uncertain = uncertain or len(s) > 1
    now = [u for u in ctx.units_at(h) if is_unit(u) and u.side == side
           and u.counter.type not in ("hq", "fortress")]
    after: dict[tuple, int] = {}
    for u in now:
        s = _strength(ctx, u)
        after[_group(u)] = after.get(_group(u), 0) + max(s)
        uncertain = uncertain or len(s) > 1
    names = ", ".join(u.name for u in raised)
    # 23-2: an HQ of the same nationality in the hex
    nations = {u.nation for u in raised}
    hqs = [v for v in ctx.units_at(h) if is_unit(v) and v.counter.type == "hq"
           and v.nation in nations]
    if not hqs:
        yield ctx.finding("23-2", VIOLATION, f"recombination in {h} ({names}) without a "
                          f"{'/'.join(sorted(n or '?' for n in nations))} Headquarters in the hex",
                          units=raised, hexes=[h], side=side)
        return
    # 23-1: only units of the same type and nationality
    for u in raised:
        g = _group(u)
        if g not in before:
            yield ctx.finding("23-1", VIOLATION, f"{u.name} was recombined in {h} with no "
                              f"{u.nation} {g[1]} units there: units recombine only with units of "
                              f"the same type and nationality", units=[u], hexes=[h], side=side)
            return
    # 23-4: no more SP after than before; a raised unit at most min(front, circle)
    for g in sorted({_group(u) for u in raised}):
        if after.get(g, 0) > before.get(g, 0):
            sev = UNDETERMINED if uncertain else VIOLATION
            yield ctx.finding("23-4", sev, f"recombination in {h}: the {g[0]} {g[1]} units had "
                              f"{before.get(g, 0)} SP at the start of the phase and have "
                              f"{after.get(g, 0)} after it ({names} raised); recombined units may "
                              f"hold no more SP than there were", units=raised, hexes=[h],
                              side=side, missing="the strengths under the strength markers"
                              if uncertain else "",
                              placeholders=_strength_placeholders(
                                  [v for v in ctx.units_at(h) if is_unit(v) and v.side == side]))
    for u in raised:
        cap = u.counter.front.strength
        by_circle = False
        if u.counter.full_strength is not None and cap is not None:
            by_circle = u.counter.full_strength < cap
            cap = min(cap, u.counter.full_strength)
        s = max(_strength(ctx, u))
        if cap is not None and s is not None and s > cap:
            # a missing circle can only lower the cap (the front stands for it): exceeding the
            # front is a verdict; a cap set by a circle the data mark a placeholder is not
            circle = circle_placeholders(u.counter, u.name) \
                if by_circle and s <= (u.counter.front.strength or 0) else ()
            yield ctx.finding("23-4", VIOLATION, f"{u.name} was raised to {s} SP in {h}; at most "
                              f"its front strength or full-strength circle ({cap})", units=[u],
                              hexes=[h], side=side,
                              placeholders=_strength_placeholders([u]) + circle)
    # 23-2: neither the HQ nor the units moved or fought this turn
    involved = {pid for pid, (hx, _s, _g) in start.items() if hx == h} | {u.piece for u in raised}
    involved |= {v.piece for v in hqs}
    involved -= set(returned)
    moved = sorted(ctx.units[p].name for p in involved & st.get("moved", set()) if p in ctx.units)
    fought = sorted(ctx.units[p].name for p in _fought(ctx, involved) if p in ctx.units)
    if moved or fought:
        why = "; ".join(x for x in (f"moved: {', '.join(moved)}" if moved else "",
                                    f"in combat: {', '.join(fought)}" if fought else "") if x)
        yield ctx.finding("23-2", VIOLATION, f"recombination in {h} ({names}): neither the HQ nor "
                          f"the units may have moved or taken part in combat this turn ({why})",
                          units=raised, hexes=[h], side=side)
    # 23-6: not in an enemy ZOC
    if h in enemy_zoc_hexes(ctx, side):
        yield ctx.finding("23-6", VIOLATION, f"recombination in {h} ({names}), a hex in an enemy "
                          f"Zone of Control", units=raised, hexes=[h], side=side)


def _strength_placeholders(units) -> tuple:
    """23-4 counts SP: the placeholder strengths of the faces showing and of the fronts (the
    cap a recombined unit may reach)."""
    out = []
    for u in units:
        out.extend(placeholder_inputs(u, "strength"))
        why = u.counter.placeholder("strength") if u.reduced else None
        if why is not None:
            out.append(Placeholder(f"strength {u.counter.front.strength} of {u.name}", why))
    return tuple(out)
