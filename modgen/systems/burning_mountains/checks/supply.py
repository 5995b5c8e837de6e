"""Supply (11) and Combat Effectiveness recovery (10.3).

Each unit's supply state is traced at the start of its side's Supply Phase and lasts until the
next one (11.0): a path of at most 4 hexes to a source in supply, 5-8 low, else out (11.4). The
rulebook contradicts itself on EZOC hexes (6.2: none; 11.3: one non-negated): both are traced,
and a unit whose state differs has the state "?" (its combat strengths are undetermined,
``CHOICES["supply-ezoc"]``).
"""
from __future__ import annotations

from modgen.check import declarations as decl
from modgen.check.context import CheckContext, PhaseInfo, UnitState
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION

from ..rules import ce as ce_rules
from ..rules import supply as sp
from .common import (bmap, ce_of, enemy_zoc, finding, now, occupied_by, other, placeholder_inputs,
                     resolve_unit, units_of)


def sources(ctx: CheckContext, nation: str, side: str) -> set:
    """11.2: the nation's friendly edge hexes and the road hexes joined to them by roads free of
    enemy units and their ZOCs."""
    m = bmap(ctx)
    edge = m.supply_edges.get(nation, frozenset())
    blocked = occupied_by(ctx, other(side)) | set(enemy_zoc(ctx, side))
    return sp.road_sources(edge, m.road_sides, blocked)


def supply_states(ctx: CheckContext, u: UnitState) -> tuple[str, str]:
    """(state by 11.3: one EZOC hex allowed, state by 6.2: none)."""
    side, m = u.side, bmap(ctx)
    kw = dict(sources=sources(ctx, u.counter.nation, side), on_map=m.hexes.keys(), crags=m.crags,
              enemy_occupied=occupied_by(ctx, other(side)), ezoc=set(enemy_zoc(ctx, side)),
              friendly_occupied=occupied_by(ctx, side))
    a = sp.supply_state_of(sp.supply_path_length(u.hex, max_ezoc=1, **kw))
    b = sp.supply_state_of(sp.supply_path_length(u.hex, max_ezoc=0, **kw))
    return a, b


def supply_of(ctx: CheckContext, u: UnitState) -> str:
    """The unit's state from its side's last Supply Phase ("in" before the first one)."""
    return ctx.state.supply.get(u.piece, "in")


def supply_value(ctx: CheckContext, u: UnitState) -> str:
    """The state the strengths use: "?" (6.2 / 11.3 differ) counts as in supply, and the combat
    says so."""
    s = supply_of(ctx, u)
    return "in" if s == "?" else s


@rule("11.0", "turn")
def supply_phase(ctx: CheckContext, old: PhaseInfo, new: PhaseInfo):
    """11.0, 11.4: the phasing side's supply states at the start of its Supply Phase; 11.5: out of
    supply in two consecutive own Supply Phases costs 2 CE reductions."""
    if new.phase is None or new.kind != "supply":
        return
    st = ctx.state
    for u in units_of(ctx, new.side):
        a, b = supply_states(ctx, u)
        state = a if a == b else "?"
        prev = st.supply.get(u.piece)
        st.prev_supply[u.piece] = prev
        st.supply[u.piece] = state
        if prev == "out" and a == "out" and b == "out":
            ctx.notes.append(f"step {ctx.step}: 11.5 attrition: {u.name} in {u.hex} is out of supply "
                             "for the second consecutive supply phase: 2 CE reductions")


@rule("10.3", "declare")
def recovery(ctx: CheckContext, d: decl.Declaration):
    """10.3, 10.3.1, 4.4: infantry and mountain units with a CE marker, in supply, stationary for
    4 MP in their own Movement Phase, three hexes or more from the nearest enemy unit."""
    if d.keyword != "recover":
        return
    us = resolve_unit(ctx, d.unit or "")
    if len(us) != 1:
        yield finding(ctx, "10.3", UNDETERMINED, f"!recover {d.unit}: no single unit by that name",
                      missing="an unambiguous unit name")
        return
    u = us[0]
    gt, phasing, ph = now(ctx) or (0, "", "")
    enemies = [x.hex for x in units_of(ctx) if x.side != u.side]
    dist = min((u.hex.distance(h) for h in enemies), default=None) if u.hex else None
    ce = ce_of(ctx, u) if u.hex else 0
    ok, why = ce_rules.can_recover(unit_type=u.counter.type, ce=ce if ce is not None else 1,
                                   in_supply=supply_of(ctx, u) in ("in", "?"),
                                   moved=len(ctx.moves.get(u.piece, [])) > 1, ma=u.counter.front.ma,
                                   enemy_distance=dist)
    if ph != "movement" or u.side != phasing:
        ok, why = False, "recovery is made in the unit's own Movement Phase (3.0, 4.4)"
    if not ok:
        # 10.3.1: the verdict rests on the MA when a larger MA would allow the recovery
        with_ma, _ = ce_rules.can_recover(unit_type=u.counter.type, ce=ce if ce is not None else 1,
                                          in_supply=supply_of(ctx, u) in ("in", "?"),
                                          moved=len(ctx.moves.get(u.piece, [])) > 1, ma=99,
                                          enemy_distance=dist)
        on_ma = with_ma and ph == "movement" and u.side == phasing
        yield finding(ctx, "10.3", VIOLATION, f"{u.name} recovered Combat Effectiveness: {why}", units=[u],
                      hexes=[u.hex] if u.hex else (),
                      placeholders=placeholder_inputs(u, "ma") if on_ma else ())
    elif supply_of(ctx, u) == "?":
        yield finding(ctx, "10.3", UNDETERMINED, f"{u.name} recovered: in supply by 11.3, not by 6.2",
                      units=[u], missing="which of 6.2 / 11.3 applies (open contradiction)")
