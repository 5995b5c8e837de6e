"""The end of the game from the log: the scenario's victory conditions (``Scenario.victory``,
docs/victory-conditions.md) judged on the DM, SP lost, morale and control the log gives
(``demoralization`` keeps them) — the report's "victory: …, level …, because …" (or the standing
so far), with DM per nation and morale.

Control (victory conditions): a hex is controlled by the side of the ground combat units in it;
an empty hex by the side whose ground combat unit last stood in it during the log; a hex no unit
entered by the side of its country when the log begins at the scenario's start (otherwise not
known). The rulebooks do not define "control" (10-1 calls a unit's ZOC hexes "controlled", which
the victory levels — "controls all hexes of Italian territory" — cannot mean): this reading is the
checker's, and the report says so.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from modgen.check.context import CheckContext
from modgen.check.engine import rule
from modgen.model.types import GameDate

from ..rules import morale as M
from ..rules import victory as V
from ..rules import vp_schedule as VS
from ..rules.demoralization import Span
from . import vp_schedule as VPS
from ._shared import duration_game
from .demoralization import (GameRecord, _update_morale, country_side, dm_start, game_state,
                             is_ground_unit, map_of, occupant)
from .demoralization import return_date  # noqa: F401 — IF 15-1, read from here too


CONTROL_READING = ("control: the side of the ground combat units in the hex, else of the last "
                   "that stood in it during the log, else of the hex's country (the rulebooks do "
                   "not define it)")


class LogFacts:
    """``victory.Facts`` read from the checker's state at the end of the log."""

    def __init__(self, ctx: CheckContext, g: GameRecord, *, count_city_dm: bool = True):
        self.ctx, self.g, self.count_city = ctx, g, count_city_dm
        self.areas: list[VS.AreaVp] = []          # the VP schedule's areas (vp_areas)

    def parties(self, p):
        for s in self.ctx.game.sides:
            if s.id == p:
                return tuple(s.nations)
        return (p,)

    def side_name(self, s):
        return self.ctx.side_name(s)

    def nation_name(self, n):
        nat = self.ctx.game.nations.get(n)
        return nat.name if nat else n

    def dm(self, nations, *, losses_only=False):
        out = Span(0, 0)
        ns = set(nations)
        for it in self.g.ledger.items:
            if it.nation not in ns or it.kind in ("income", "start"):
                continue
            if it.kind == "city" and not self.count_city:
                continue
            if losses_only and it.kind not in ("loss", "engineer", "hq"):
                continue
            out = out + it.dm
        return Span(max(out.lo, 0), max(out.hi, 0))

    def sp_lost(self, nations):
        s = self.g.ledger.sp_lost(nations)
        return Span(max(s.lo, 0), max(s.hi, 0))

    def controller(self, h):
        occ = occupant(self.ctx, h)
        if occ is not None:
            return occ, "occupied"
        if h in self.g.last:
            side, step = self.g.last[h]
            return side, ("held since the start" if step is None else f"last occupied at step {step}")
        if self.ctx.log_starts_scenario:
            return country_side(self.ctx, h), "its country's"
        return None, "not known"

    def controller_at_start(self, h):
        if h in self.g.at_start:
            return self.g.at_start[h]
        if self.ctx.log_starts_scenario:
            return country_side(self.ctx, h)
        return None

    def occupied_by(self, h, side, when, date=None):
        if when == "end":
            return occupant(self.ctx, h) == side
        if when == "by":
            first = self.g.first.get((side, h))
            if first is not None and first <= date:
                return True
            return False if self.ctx.log_starts_scenario else None
        if h in self.g.ever.get(side, set()):
            return True
        return False if self.ctx.log_starts_scenario else None

    def non_surrounded_unit(self, h, side):
        from .supply import is_surrounded
        vals = [is_surrounded(self.ctx, u) for u in self.ctx.units_at(h) if is_ground_unit(u) and u.side == side]
        if not vals:
            return False
        if any(v is False for v in vals):
            return True
        return None if any(v is None for v in vals) else False

    def surrendered(self, nation):
        if not duration_game(self.ctx):
            return None, None
        y = self.g.surrender_year.get(nation)
        if y is not None:
            return True, y
        if self.g.morale is None or nation not in self.g.morale.thresholds:
            return None, None           # no thresholds for this nation: its surrender is not known
        if self.g.morale.state(nation, M.SURRENDER) is None:
            return None, None
        return False, None

    def morale_before(self, nation, state, year):
        if self.g.morale is None:
            return None
        return self.g.morale.state(nation, state)

    def vp(self):
        return VS.total(self.areas)[0]

    def vp_missing(self):
        return VS.total(self.areas)[1]

    def maps(self):
        return [b.mapdef for b in self.ctx.boards if b.mapdef is not None]

    def hex_label(self, h):
        mapdef = map_of(self.ctx, h)
        info = mapdef.hexes.get(h) if mapdef is not None else None
        return f"{info.name} ({h})" if info is not None and info.name else str(h)

    def clear_terrain(self, h):
        mapdef = map_of(self.ctx, h)
        if mapdef is None:
            return False
        ts = [s.terrain for s in (mapdef.hexside(h, n) for n in h.neighbours()) if s is not None]
        clear = [t for t in ts if t == "clear"]
        if not clear:
            return False
        return True if len(clear) == len(ts) else None


@dataclass
class EndOfGame:
    """The report's end-of-game section: DM and SP lost per nation, morale, the victory."""

    turn: str | None
    final: bool
    dm: dict                       # nation -> Span
    sp_lost: dict                  # nation -> Span
    items: list                    # DmItem
    starting_dm: dict
    morale: dict                   # nation -> {state: True/None}
    outcome: V.Outcome | None
    summary: str
    notes: list
    names: dict = field(default_factory=dict)   # nation id -> name
    vp_areas: list = field(default_factory=list)   # VS.AreaVp: the VP schedule, area by area

    def to_dict(self) -> dict:
        def span(s):
            return {"min": s.lo, "max": s.hi} if not s.exact else s.lo
        return {
            "turn": self.turn, "final": self.final,
            "dm": {n: span(s) for n, s in sorted(self.dm.items())},
            "sp_lost": {n: span(s) for n, s in sorted(self.sp_lost.items())},
            "starting_dm": dict(self.starting_dm),
            "dm_items": [{"nation": i.nation, "dm": span(i.dm), "rule": i.rule, "reason": i.reason,
                          "step": i.step, "turn": i.turn, "kind": i.kind} for i in self.items],
            "morale": self.morale,
            "victory": None if self.outcome is None else {
                "summary": self.summary,
                "final": self.outcome.final,
                "winner": None if self.outcome.winner is None else {
                    "side": self.outcome.winner.level.side, "level": self.outcome.winner.level.level,
                    "label": self.outcome.winner.level.label,
                    "because": self.outcome.winner.verdict.because},
                "certain": self.outcome.certain,
                # levels of both sides met at once (the scenario's conditions overlap): no winner
                "conflict": [{"side": r.level.side, "level": r.level.level, "label": r.level.label,
                              "because": r.verdict.because} for r in self.outcome.conflict],
                "levels": [{"side": r.level.side, "level": r.level.level, "label": r.level.label,
                            "met": r.verdict.value, "because": r.verdict.because,
                            "missing": r.verdict.missing} for r in self.outcome.results],
                "shift": self.outcome.shift,
                "vp_areas": [{"area": a.area, "vp": None if a.vp is None else span(a.vp),
                              "because": a.because, "missing": a.missing}
                             for a in self.vp_areas]},
            "notes": list(self.notes),
        }

    def lines(self, nation_name=None) -> list[str]:
        if nation_name is None:
            def nation_name(n):
                return self.names.get(n, n)
        out = [f"DM points ({'end of the game' if self.final else 'so far'}"
               + (f", {self.turn}" if self.turn else "") + "):"]
        for n, s in sorted(self.dm.items()):
            lost = self.sp_lost.get(n)
            start = self.starting_dm.get(n)
            out.append(f"  {nation_name(n):<18} {s} DM" + (f", {lost} SP lost" if lost else "")
                       + (f" (plus {start} at the start: duration game)" if start else ""))
        for n, states in sorted(self.morale.items()):
            if states:
                out.append(f"  {nation_name(n)}: " + ", ".join(
                    f"{M.LABELS[s]}{'' if v else ' (possibly)'}" for s, v in states.items()))
        if self.vp_areas:
            out.append("Victory Points (the scenario's schedule):")
            for a in self.vp_areas:
                out.append(f"  area {a.area}: {'undetermined' if a.vp is None else f'{a.vp} VP'}"
                           f" — {a.because.split(': ', 1)[-1]}"
                           + (f" (missing: {a.missing})" if a.missing else ""))
        if self.outcome is not None:
            out.append("Victory levels:")
            for r in self.outcome.results:
                mark = {True: "met", False: "not met", None: "undetermined"}[r.verdict.value]
                out.append(f"  {r.level.label}: {mark} — {r.verdict.because}"
                           + (f" (missing: {r.verdict.missing})" if r.verdict.missing else ""))
        out.append(self.summary)
        for n in self.notes:
            out.append(f"note: {n}")
        return out


def vp_areas(ctx: CheckContext, g: GameRecord, facts: LogFacts) -> list[VS.AreaVp]:
    """Each area of the scenario's VP schedule (``victory.vp_areas``) on the facts of the log."""
    end = ctx.now.date
    if not isinstance(end, GameDate):
        return []
    rec = VPS.record(ctx)
    declared = VPS.declared_values(ctx)
    out = []
    for a in VPS.areas(ctx):
        name = facts.nation_name(a.nation) if a.nation else ""
        if a.kind == "declared":
            out.append(VS.declared_area(a, declared.get(a.area)))
        elif a.kind == "dm":
            out.append(VS.dm_area(a, facts.dm((a.nation,)), name))
        elif a.kind == "removed":
            nat = ctx.game.nations.get(a.nation)
            out.append(VS.removed_area(a, (nat.adjective or nat.name) if nat else a.nation,
                                       rec["gone"].get(a.nation), a.nation in rec["seen"],
                                       a.nation in rec["back"], end))
        elif a.kind == "morale":
            out.append(VS.morale_area(a, name, _state_times(ctx, g, rec, a), M.LABELS, end,
                                      missing=_morale_missing(ctx, g, a, name)))
    return out


def _morale_missing(ctx: CheckContext, g: GameRecord, a, name: str) -> str:
    if not duration_game(ctx):
        return f"{name}'s national morale (declare !duration: it is kept in a duration game)"
    if not ctx.log_starts_scenario:
        return f"{name}'s DM before the log begins (it does not begin at the scenario's start)"
    if not a.thresholds and (g.morale is None or a.nation not in g.morale.thresholds):
        return f"{name}'s national morale thresholds (not in the scenario's data)"
    left = [s for s in a.states if not a.thresholds.get(s)
            and (g.morale is None or a.nation not in g.morale.thresholds)]
    if left:
        return f"{name}'s {', '.join(M.LABELS[s] for s in left)} threshold (not in the data)"
    return ""


def _state_times(ctx: CheckContext, g: GameRecord, rec: dict, a) -> dict:
    """state -> (first turn possibly reached, first turn certainly reached)."""
    out = {}
    for s in a.states:
        vals = a.thresholds.get(s)
        if vals:
            out[s] = VS.first_reached(rec["history"].get(a.nation, []), vals)
        elif g.morale is not None:
            k = (a.nation, s)
            out[s] = (g.morale.maybe.get(k), g.morale.when.get(k))
    return out


def _final(ctx: CheckContext) -> bool:
    sc = ctx.scenario
    d = ctx.now.date
    if sc is None or not isinstance(d, GameDate):
        return False
    if d > sc.last_turn:
        return True
    if d < sc.last_turn:
        return False
    seq = getattr(ctx, "sequence", None) or getattr(ctx, "turns", None)
    try:
        nd, _np = seq.next_phase(d, ctx.now.phase_id)
    except Exception:  # noqa: BLE001 — no sequence: the last turn reached is not the end
        return False
    return nd > sc.last_turn


@rule("26-3", "end")
def end_of_game(ctx: CheckContext):
    """The end-of-game section of the report (no finding): DM per nation, morale, victory."""
    g = game_state(ctx)
    dm_start(ctx, g)
    sc = ctx.scenario
    vc = getattr(sc, "victory", None) if sc is not None else None
    if duration_game(ctx) and isinstance(ctx.now.date, GameDate):
        # the DM of the log's last turn reach their states on that turn (as at a turn's end)
        if g.morale is not None:
            _update_morale(g, ctx.now.date)
        VPS.dm_history_at(ctx, ctx.now.date)
    facts = LogFacts(ctx, g, count_city_dm=vc.count_city_dm if vc is not None else True)
    if vc is not None and vc.vp_areas:
        facts.areas = vp_areas(ctx, g, facts)
    nations = sorted({i.nation for i in g.ledger.items if i.nation} | set(g.ledger.starting)
                     | ({n for s in ctx.game.sides for n in s.nations} if sc is not None else set()))
    dm = {n: facts.dm((n,)) for n in nations}
    lost = {n: facts.sp_lost((n,)) for n in nations}
    final = _final(ctx)
    ended = [sh.nation for sh in (vc.shifts if vc is not None else ()) if sh.nation in g.surrender_year]
    if ended and not final:
        # the automatic end of game (003:L1846, 000:L1953): the game ends when the nation surrenders
        final = True
    morale = {}
    if g.morale is not None:
        for n in g.morale.thresholds:
            morale[n] = {s: g.morale.state(n, s) for s in M.STATES if g.morale.state(n, s) is not False}
    notes = []
    if g.morale is not None:
        for n in sorted(g.morale.thresholds):
            notes.extend(M.contradictions(g.morale.thresholds[n]))    # 26-5 against 15-9/15-10
    outcome = None
    summary = "victory: not judged (the scenario is not known or has no victory conditions as data)"
    if vc is not None:
        outcome = V.evaluate(vc, facts, final=final, surrender_year=g.surrender_year)
        summary = outcome.summary(ctx.side_name)
        open_shift = [sh.nation for sh in vc.shifts if sh.nation not in g.surrender_year
                      and g.morale is not None and g.morale.state(sh.nation, M.SURRENDER) is None]
        if outcome.winner is not None and open_shift:
            summary += ("; the automatic end's shift is undetermined: whether "
                        + " or ".join(facts.nation_name(n) for n in open_shift)
                        + " surrendered (its DM straddle the surrender threshold)")
        if any(c.type in ("controls", "occupies") for lv in vc.levels for c in _walk(lv.condition)):
            notes.append(CONTROL_READING)
        if vc.extra_dm:
            notes.append("DM items of the scenario the log cannot show count only when declared "
                         "(!dm): " + "; ".join(vc.extra_dm))
    for n in ended:
        notes.append(f"{facts.nation_name(n)} surrendered in {g.surrender_year[n]}: the game ends "
                     f"(automatic end of game) and the victory is judged then")
        on = g.morale.when.get((n, M.SURRENDER)) if g.morale is not None else None
        if on is not None and isinstance(ctx.now.date, GameDate) and ctx.now.date > on:
            notes.append(f"the log goes on after {facts.nation_name(n)}'s surrender on {on} (to "
                         f"{ctx.now.date}): what happened after it still counts here, which the "
                         f"automatic end of game does not allow")
    if sc is not None and not ctx.log_starts_scenario:
        notes.append("the log does not begin at the scenario's start: DM and control before it are "
                     "not known")
    ctx.cache["end-of-game"] = EndOfGame(str(ctx.now.date) if ctx.now.date else None, final, dm,
                                         lost, list(g.ledger.items), dict(g.ledger.starting),
                                         morale, outcome, summary, notes,
                                         {n: x.name for n, x in ctx.game.nations.items()},
                                         list(facts.areas))
    return ()


def _walk(c) -> Iterable:
    yield c
    for k in c.children:
        yield from _walk(k)
