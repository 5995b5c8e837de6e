"""Brusilov 1916 (wide scope) 6-4 and 6-5.

6-4, the Russian artillery "surprise": "Russian attacks made against
Austro-Hungarian units (except those under the control of the German Sud Army HQ - these are
defined either as the closest six units that are not closer to an Austro-Hungarian HQ or the units
in the closest three hexes with units that are not closer to an Austro-Hungarian HQ) with the use
of an artillery unit have the attacking CRT results TRIPLED."

The tripled result goes into the Standard-Rule loss check (``checks.resolution``'s
``crt-multiplier`` hook: 13-13 then requires three times the cell). Judged:

* the units under the Sud Army HQ, from the positions at the start of each Russian Combat Phase:
  the A-H ground units no closer (in hexes) to an A-H HQ than to the Sud Army HQ, the six closest
  to it — or those in the three closest hexes holding such units. The rule gives both ("either …
  or"): a unit exempt by both readings is exempt, by neither is not, by one only (or on a tie for
  the sixth unit or third hex) leaves the verdict *undetermined*;
* an attack with a Russian artillery unit among its declared attackers on a hex of A-H units none
  of which is exempt: the result is tripled. Undeclared attackers, an exempt status left open or
  German units defending with them leave both results open (*undetermined* where they differ);
* the rule names no turn, but its heading ("Russian Artillery 'Surprise'", "at the start of the
  1916 Brusilov Offensive") speaks of the opening: on the scenario's first turn the result is
  tripled, on later turns either result is open.

6-5, the 4th Army's surrender on the first turn: ``fourth_army_surrenders`` (undetermined only:
which units are the 4th Army's is on the set-up grid).
"""
from __future__ import annotations

from modgen.check.context import DEAD_PILE, CheckContext, PhaseInfo
from modgen.check.engine import rule

from .checks.common import board_state, is_unit, register_hook
from .eastern_front import data

STATE = "ef-brusilov-6-4"


@rule("EF 6-4", "setup")
def artillery_surprise_hooks(ctx: CheckContext):
    """Bookkeeping (no finding): 6-4 takes part in the loss check; the Sud Army's units when the
    log begins."""
    if data(ctx, "6-4") is None:
        return ()
    register_hook(ctx, "crt-multiplier", _tripled)
    if ctx.now.kind == "combat":
        ctx.cache[STATE] = sud_army_units(ctx, data(ctx, "6-4"))
    return ()


@rule("EF 6-4", "turn")
def sud_army_at_the_combat_phase(ctx: CheckContext, old: PhaseInfo, new: PhaseInfo):
    """Bookkeeping: the A-H units under the Sud Army HQ at the start of each Combat Phase."""
    d = data(ctx, "6-4")
    if d is not None and new.kind == "combat":
        ctx.cache[STATE] = sud_army_units(ctx, d)
    return ()


def _closest(items: list, n: int) -> tuple[set, set]:
    """``items`` (distance, key) sorted: the keys surely among the ``n`` closest and those that
    may be (a tie on the n-th distance)."""
    items = sorted(items)
    if len(items) <= n:
        keys = {k for _d, k in items}
        return keys, keys
    cut = items[n - 1][0]
    sure = {k for dist, k in items if dist < cut}
    maybe = {k for dist, k in items if dist <= cut}
    if len(maybe) == n:
        sure = maybe
    return sure, maybe


def sud_army_units(ctx: CheckContext, d: dict) -> dict:
    """piece -> True (under the Sud Army HQ by both readings), None (by one), for the A-H ground
    units; those absent are not under it."""
    nation = d["defender"]
    sud = [u for u in ctx.units.values() if is_unit(u) and u.unit_id == d["exempt_hq"]
           and u.hex is not None and u.map != DEAD_PILE]
    if not sud:
        return {}
    s = sud[0].hex
    hqs = [u.hex for u in ctx.units.values() if is_unit(u) and u.nation == nation
           and u.counter.type == "hq" and u.hex is not None and u.map != DEAD_PILE]
    eligible = []
    for u in ctx.units.values():
        if not is_unit(u) or u.nation != nation or u.counter.type == "hq" or u.hex is None \
                or u.map == DEAD_PILE:
            continue
        ds = u.hex.distance(s)
        if hqs and min(u.hex.distance(h) for h in hqs) < ds:
            continue                                  # closer to an A-H HQ
        eligible.append((ds, u.piece, u.hex))
    sure_u, maybe_u = _closest([(ds, p) for ds, p, _h in eligible], int(d["units"]))
    hex_items = {h: ds for ds, _p, h in eligible}
    sure_h, maybe_h = _closest([(ds, h) for h, ds in hex_items.items()], int(d["hexes"]))
    out = {}
    for _ds, p, h in eligible:
        a_sure, a_maybe = p in sure_u, p in maybe_u
        b_sure, b_maybe = h in sure_h, h in maybe_h
        if a_sure and b_sure:
            out[p] = True
        elif a_maybe or b_maybe:
            out[p] = None
    return out


def _tripled(ctx: CheckContext, c):
    d = data(ctx, "6-4")
    if d is None or c.side is None or ctx.game.side_of(d["attacker"]) != c.side:
        return None
    ah = [u for u in c.defenders if u.nation == d["defender"]]
    if not ah:
        return None
    factor = int(d["factor"])
    arty = [a for a in c.attackers if a.nation == d["attacker"] and a.type in d["artillery"]]
    missing = []
    if not arty:
        if c.attackers_known:
            return None
        missing.append("whether a Russian artillery unit took part (the attackers were not declared)")
    sud = ctx.cache.get(STATE, {})
    status = [sud.get(u.piece, False) for u in ah]
    if all(s is True for s in status):
        return None
    if any(s is not False for s in status):
        missing.append("which A-H units are under the Sud Army HQ (6-4's two readings, or a tie)")
    if len(ah) < len(c.defenders):
        missing.append("whether an attack on A-H units stacked with German units is tripled")
    sc = ctx.scenario
    if sc is not None and c.date is not None and c.date != sc.first_turn:
        missing.append("whether 6-4 applies after the first turn (the rule names no turn; its "
                       "heading speaks of the start of the offensive)")
    factors = (1, factor) if missing else (factor,)
    term = ("Brusilov 6-4: the attacking CRT result "
            + ("tripled" if not missing else "tripled or not")
            + " (Russian artillery against A-H units not under the Sud Army HQ)")
    return factors, term, "; ".join(missing)


# ------------------------------------------------------------------------- 6-5


def trapped(ctx: CheckContext, u) -> bool:
    """6-5's position: ``u`` stands in a Russian ZOC and every hex it could enter is in one too
    (friendly units in the hexes around do not help: "even if friendly units are in an adjacent
    hex or hexes"), so it could not move without going EZOC to EZOC."""
    from .checks.common import enemy_zoc_hexes, terrain_costs, unit_view
    from .rules.movement import OK, step_cost
    ezoc = enemy_zoc_hexes(ctx, u.side)
    if u.hex not in ezoc:
        return False
    board = board_state(ctx)
    costs = terrain_costs(ctx)
    if board is None or costs is None:
        return False
    v = unit_view(u)
    for n in u.hex.neighbours():
        if board.hex_info(n) is None or n in ezoc:
            continue
        if step_cost(board, v, u.hex, n, costs, ezoc=frozenset()).status == OK:
            return False
    return True


@rule("EF 6-5", "phase_end")
def fourth_army_surrenders(ctx: CheckContext, ended: PhaseInfo):
    """6-5 (Brusilov, wide scope): on the first game turn, A-H 4th Army units that could not move
    without going from a hex in a Russian ZOC to another surrender at once. Which units are the
    4th Army's is on the set-up grid only: an A-H unit in such a position at the end of a phase of
    the first turn is *undetermined* (it must be gone if it is of the 4th Army), never a
    violation."""
    d = data(ctx, "6-5")
    sc = ctx.scenario
    if d is None or sc is None or ended.date != sc.first_turn:
        return
    from modgen.check.findings import UNDETERMINED
    for u in sorted(ctx.units.values(), key=lambda v: v.piece):
        if not is_unit(u) or u.nation != d["nation"] or u.counter.type == "hq" or u.hex is None \
                or u.map == DEAD_PILE or not trapped(ctx, u):
            continue
        if not ctx.once("EF 6-5", u.piece):
            continue
        yield ctx.finding("EF 6-5", UNDETERMINED, f"{u.name} in {u.hex} could not move without going "
                          f"from a hex in a Russian ZOC to another at the end of the "
                          f"{ctx.phase_label()} (the first turn) and stayed on the map; units of "
                          f"the A-H {d['army']} Army in that position surrender at once (6-5)",
                          units=[u], hexes=[u.hex], side=u.side,
                          missing=f"whether {u.name} is of the A-H {d['army']} Army (the set-up "
                                  f"grid, omitted from the rulebook text)")
