"""What national morale does in play (Standard Rules 26-6, 26-7), where a scenario tracks it (the
Italian Front's duration games, ``!duration``: ``demoralization`` keeps the DM and the
``rules.morale.MoraleTracker``):

* 26-6: a country under Shaken National Morale or Economic Collapse makes no unsupplied attacks
  (19-11's half strength without SP);
* 26-7: when a country surrenders all its units are removed from play at once: a unit of it
  still on the map at the end of a phase after the surrender breaks it.

While the DM leave a state open (strength markers, a continuation log) the verdict is
*undetermined*; in a plain scenario (no morale tracked) nothing is judged.
"""
from __future__ import annotations

from modgen.check.context import CheckContext, PhaseInfo
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION

from ..rules import morale as M
from ._shared import is_unit


def _tracker(ctx: CheckContext):
    return ctx.cache.get("morale-tracker")


def _name(ctx: CheckContext, nation: str) -> str:
    nat = ctx.game.nations.get(nation)
    return nat.name if nat else nation


@rule("26-6", "combat")
def no_unsupplied_attacks_when_shaken(ctx: CheckContext, c):
    """26-6: no unsupplied attack by a country in Shaken National Morale or Economic Collapse."""
    trk = _tracker(ctx)
    if trk is None or c.kind == "retreat-column":
        return
    seen = set()
    for a in c.attackers:
        if a.nation is None or a.nation in seen or a.supply not in ("half", None):
            continue
        states = [(s, trk.state(a.nation, s)) for s in (M.SHAKEN, M.COLLAPSE)]
        if all(v is False for _s, v in states):
            continue
        seen.add(a.nation)
        now = next((s for s, v in states if v is True), None)
        label = M.LABELS[now] if now else " or ".join(M.LABELS[s] for s, v in states if v is None)
        msg = (f"{a.name} attacks {c.target} unsupplied (combat {c.number}); {_name(ctx, a.nation)} "
               f"{'suffers' if now else 'may suffer'} {label}, and such a country makes no "
               f"unsupplied attacks")
        where = [h for h in (a.hex, c.target) if h is not None]
        if now and a.supply == "half":
            yield ctx.finding("26-6", VIOLATION, msg, hexes=where, side=c.side,
                              step=c.declared_step or c.first_step)
        else:
            yield ctx.finding("26-6", UNDETERMINED, msg, hexes=where, side=c.side,
                              step=c.declared_step or c.first_step,
                              missing="; ".join(x for x, bad in (
                                  ("the attack's supply clause", a.supply is None),
                                  ("the nation's DM total (it straddles the threshold)",
                                   now is None)) if bad))


@rule("26-7", "phase_end")
def surrendered_units_removed(ctx: CheckContext, ended: PhaseInfo):
    """26-7: a country that surrendered has no unit left on the map."""
    trk = _tracker(ctx)
    if trk is None:
        return
    for nation in sorted(trk.thresholds):
        v = trk.state(nation, M.SURRENDER)
        if v is False:
            continue
        left = [u for u in ctx.units.values() if is_unit(u) and u.hex is not None
                and u.nation == nation]
        if not left or not ctx.once("26-7", (nation, v)):
            continue
        msg = (f"{_name(ctx, nation)} {'has surrendered' if v else 'may have surrendered'}, and "
               f"{len(left)} of its units are still on the map at the end of the "
               f"{ended.phase or 'phase'} ({', '.join(u.name for u in left[:3])}"
               f"{', …' if len(left) > 3 else ''}); a surrendering country's units are removed at "
               f"once")
        if v:
            yield ctx.finding("26-7", VIOLATION, msg, units=left[:3])
        else:
            yield ctx.finding("26-7", UNDETERMINED, msg, units=left[:3],
                              missing="the nation's DM total (it straddles the surrender "
                                      "threshold)")
