"""The bookkeeping of a scenario's Victory Point schedule (``victory.vp_areas``; EF duration games,
003:L1800-1836, 000:L1915-1942), read by ``end_of_game`` at the end of the log:

* area 2 (``removed``): the turn the last unit of the nation (Serbia) leaves the map — 11-49
  removes "All Serbian and Montenegrin units … from play" when the Central Powers control every
  Serbian city; a unit of it entering the map later makes the area undetermined;
* areas whose thresholds have no year (``morale`` with ``thresholds``: Russia, 11-39, M7): the
  nation's DM total at the end of every turn (the morale tracker keeps only nations whose
  thresholds are known by year);
* ``!vp <area> <VP>``: the VP of a ``declared`` area (1, 3); a declaration for an area the
  checker works out from the log, or for no area of the schedule, is a warning and not used.

The area functions themselves are ``rules/vp_schedule.py``.
"""
from __future__ import annotations

from modgen.check.context import CheckContext, UnitState
from modgen.check.engine import rule
from modgen.check.findings import WARNING
from modgen.model.types import GameDate

from ._shared import is_unit
from .demoralization import game_state


def areas(ctx: CheckContext):
    sc = ctx.scenario
    vc = getattr(sc, "victory", None) if sc is not None else None
    return vc.vp_areas if vc is not None else ()


def record(ctx: CheckContext) -> dict:
    """What the schedule keeps: nations whose removal counts (``removed``), nations whose DM are
    kept by turn (``history``), the turns of removal, units seen, units back."""
    r = ctx.cache.get("vp-record")
    if r is None:
        a = areas(ctx)
        r = ctx.cache["vp-record"] = {
            "removed_nations": {x.nation for x in a if x.kind == "removed"},
            "history_nations": {x.nation for x in a if x.kind == "morale" and x.thresholds},
            "gone": {}, "seen": set(), "back": set(), "history": {}}
    return r


@rule("VP 2", "setup")
def nations_at_start(ctx: CheckContext):
    """VP area 2: the nations whose units stand on the map when the log begins."""
    r = record(ctx)
    if r["removed_nations"]:
        r["seen"].update(u.nation for u in ctx.units.values()
                         if u.nation in r["removed_nations"] and u.hex is not None and is_unit(u))
    return ()


@rule("VP 2", "move")
def nation_removed_from_play(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """VP area 2: the turn the last unit of the nation leaves the map (11-49)."""
    n = u.nation
    if n is None or u.counter is None:
        return ()
    r = ctx.cache.get("vp-record") or record(ctx)
    if n not in r["removed_nations"] or not is_unit(u):
        return ()
    if to is not None:
        r["seen"].add(n)
        if n in r["gone"]:
            r["back"].add(n)
        return ()
    if frm is None or n in r["gone"] or not isinstance(ctx.now.date, GameDate):
        return ()
    if not any(v.piece != u.piece and v.hex is not None and v.nation == n and is_unit(v)
               for v in ctx.units.values()):
        r["gone"][n] = ctx.now.date
    return ()


def dm_history_at(ctx: CheckContext, date: GameDate) -> None:
    """The DM total (starting DM included, as for national morale) of each nation whose
    thresholds have no year, at the end of ``date`` (called by ``demoralization`` when the turn
    changes, before the new turn's DM income, and by ``end_of_game`` for the last turn)."""
    r = record(ctx)
    if not r["history_nations"]:
        return
    g = game_state(ctx)
    for n in r["history_nations"]:
        h = r["history"].setdefault(n, [])
        tot = g.ledger.total([n], include_start=True)
        if h and h[-1][0] == date:
            h[-1] = (date, tot)
        elif not h or h[-1][1] != tot:
            h.append((date, tot))


@rule("VP", "declare")
def declared_vp(ctx: CheckContext, d):
    """``!vp <area> <VP>``: the VP of an area the log cannot show."""
    if d.keyword != "vp":
        return
    n = int(d.args[0])
    a = next((x for x in areas(ctx) if x.area == n), None)
    if a is None:
        have = ", ".join(str(x.area) for x in areas(ctx)) or "none"
        yield ctx.finding("VP", WARNING, f"!vp {n}: the scenario's VP schedule has no area {n} "
                          f"(its areas: {have}); not used")
    elif a.kind != "declared":
        yield ctx.finding("VP", WARNING, f"!vp {n}: area {n}'s VP are worked out from the log "
                          f"({a.kind}); the declaration is not used")


def declared_values(ctx: CheckContext) -> dict[int, int]:
    """area -> VP of the last ``!vp`` for each declared area (a later one corrects it)."""
    kinds = {a.area: a.kind for a in areas(ctx)}
    out: dict[int, int] = {}
    for d in ctx.declarations.of("vp"):
        n = int(d.args[0])
        if kinds.get(n) == "declared":
            out[n] = int(d.args[1])
    return out
