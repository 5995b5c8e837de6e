"""The Victory Point schedule of the Eastern Front duration games (003:L1800-1836, "Victory
Conditions (East Front Duration Game)"; 000:L1915-1942 for the South and East Front game, with a
seventh area, Italy), one pure function per kind of area (``VpArea.kind``, scenario data
``victory.vp_areas``, docs/victory-conditions.md). Each returns an :class:`AreaVp`: the area's VP
as a range (a known value has ``lo == hi``) or None (undetermined), and why.

* ``declared`` (areas 1, 3): the players give the VP (``!vp <area> <VP>``); without it the area
  is undetermined, naming what the log cannot show.
* ``dm`` (area 4): "One VP is awarded for every 50 DM points taken by Germany. Round to the
  nearest 50 (round up to next fifty for 25 or 75)": VP = ⌊(DM + 25) / 50⌋.
* ``morale`` (areas 5, 6, 7): each state the nation reaches gives the VP of the period it is
  reached in (area 5's example: Shaken and Economic Collapse each give VP, summed). A state only
  *possibly* reached from some turn (thresholds out of 26-5's order, 15-9 / 11-38; DM ranges;
  thresholds without their years, 11-39) gives every VP of the periods from that turn to the turn
  it is certainly reached, or the ``never`` value when it never is: a range, never a guess.
* ``removed`` (area 2): the period in which the last unit of the nation leaves the map (11-49:
  "All Serbian and Montenegrin units are removed from play").

An event that has not happened by the end of the log gives the ``never`` value: the report's
standing is "if the game ended now".
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from modgen.model.types import GameDate, VpArea, VpBand
from .demoralization import Span


@dataclass(frozen=True)
class AreaVp:
    area: int
    vp: Span | None                 # None: undetermined
    because: str
    missing: str = ""


def band_of(area: VpArea, ym: tuple[int, int]) -> VpBand | None:
    """The band of the schedule that holds the month ``ym`` (None: no VP printed for it)."""
    for b in area.bands:
        if (b.first is None or b.first <= ym) and (b.last is None or ym <= b.last):
            return b
    return None


def _months(first: tuple[int, int], last: tuple[int, int]) -> Iterable[tuple[int, int]]:
    y, m = first
    while (y, m) <= last:
        yield y, m
        m += 1
        if m > 12:
            y, m = y + 1, 1


def window_vp(area: VpArea, first: GameDate, last: GameDate | None, end: GameDate
              ) -> tuple[Span | None, str]:
    """The VP of an event that happened between ``first`` and ``last`` (inclusive; ``last``
    None: perhaps not at all by ``end``, the end of the log): the range of the bands of every
    month in between (and ``never``); (None, the months no band covers) when one is not printed."""
    hi = last if last is not None else end
    vals: list[int] = []
    gaps: list[str] = []
    for ym in _months((first.year, first.month), (hi.year, hi.month)):
        b = band_of(area, ym)
        if b is None:
            gaps.append(f"{GameDate(ym[0], ym[1], 1).month_name} {ym[0]}")
        else:
            vals.append(b.vp)
    if last is None and area.never is not None:
        vals.append(area.never)
    if gaps:
        return None, ", ".join(dict.fromkeys(gaps))
    return Span(min(vals), max(vals)), ""


def _when(d: GameDate) -> str:
    return f"{d.month_name} {d.year}"


def declared_area(area: VpArea, value: int | None) -> AreaVp:
    """Areas 1 and 3: the VP the players declared (``!vp``), else undetermined."""
    if value is None:
        return AreaVp(area.area, None, f"area {area.area}: not declared",
                      f"area {area.area}'s VP ({area.what}; declare them with !vp {area.area} <VP>)")
    return AreaVp(area.area, Span(value, value), f"area {area.area}: {value} VP (declared)")


def dm_area(area: VpArea, dm: Span, nation_name: str) -> AreaVp:
    """Area 4: one VP per ``per`` DM, rounded to the nearest ``per`` (25 and 75 up)."""
    per = area.per or 50

    def vp(x):
        return int((x + per // 2) // per)
    v = Span(vp(dm.lo), vp(dm.hi))
    return AreaVp(area.area, v, f"area {area.area}: {nation_name} {dm} DM, one VP per {per} "
                  f"rounded to the nearest {per} ({'25 and 75 up' if per == 50 else 'halves up'}): "
                  f"{v} VP")


def state_vp(area: VpArea, label: str, maybe: GameDate | None, when: GameDate | None,
             end: GameDate) -> tuple[Span | None, str, str]:
    """One state's (or event's) VP: (VP, why, missing). ``maybe``: the first turn it may have
    happened; ``when``: the first turn it certainly had (None: not yet)."""
    if maybe is None and when is None:
        return Span(area.never or 0, area.never or 0), f"{label} not reached ({area.never or 0})", ""
    first = maybe if maybe is not None and (when is None or maybe < when) else when
    v, gap = window_vp(area, first, when, end)
    if v is None:
        return None, f"{label} {_span_text(first, when)}", (f"the VP of {gap} (the schedule "
                                                             f"prints none)")
    if when is not None and first == when:
        return v, f"{label} on {when}: {v} VP", ""
    why = f"{label} possibly from {first}" + (f", certainly on {when}" if when else
                                              ", not certainly by the end")
    return v, f"{why}: {v} VP", ""


def _span_text(first: GameDate, when: GameDate | None) -> str:
    return f"on {first}" if when == first else f"between {first} and {when or 'the end'}"


def morale_area(area: VpArea, nation_name: str, states: dict[str, tuple[GameDate | None,
                GameDate | None]], labels: dict[str, str], end: GameDate, *,
                missing: str = "") -> AreaVp:
    """Areas 5-7: the VP of each state's time, summed (``states``: state -> (first turn possibly
    reached, first turn certainly reached))."""
    if missing:
        return AreaVp(area.area, None, f"area {area.area}: {nation_name}'s morale", missing)
    total = Span(0, 0)
    parts: list[str] = []
    gaps: list[str] = []
    for s in area.states:
        maybe, when = states.get(s, (None, None))
        v, why, miss = state_vp(area, f"{nation_name} {labels.get(s, s)}", maybe, when, end)
        parts.append(why)
        if v is None:
            gaps.append(miss)
        else:
            total = total + v
    if gaps:
        return AreaVp(area.area, None, f"area {area.area}: " + "; ".join(parts), "; ".join(gaps))
    return AreaVp(area.area, total, f"area {area.area}: " + "; ".join(parts) + f" — {total} VP")


def removed_area(area: VpArea, nation_name: str, gone: GameDate | None, seen: bool,
                 back: bool, end: GameDate) -> AreaVp:
    """Area 2: the time all of a nation's units were removed from play (the turn the last one
    left the map). Undetermined when none of them was on the map in the log (the set-up is not
    in it), or when one came back after (removed from play is for good); still on the map at the
    end: ``never``."""
    a = area.area
    if back:
        return AreaVp(a, None, f"area {a}: {nation_name} units left the map on {gone} and one "
                      f"came back", f"when all {nation_name} forces were removed from play")
    if gone is None:
        if not seen:
            return AreaVp(a, None, f"area {a}: no {nation_name} unit on the map in the log",
                          f"when all {nation_name} forces were removed from play (the log shows "
                          f"none of them)")
        n = area.never or 0
        return AreaVp(a, Span(n, n), f"area {a}: {nation_name} units still on the map at the end: "
                      f"{n} VP")
    v, gap = window_vp(area, gone, gone, end)
    if v is None:
        return AreaVp(a, None, f"area {a}: all {nation_name} units removed on {gone}",
                      f"the VP of {gap} (the schedule prints none)")
    return AreaVp(a, v, f"area {a}: all {nation_name} units removed from play on {gone}: {v} VP")


def first_reached(history: list[tuple[GameDate, Span]], values: tuple[int, ...]
                  ) -> tuple[GameDate | None, GameDate | None]:
    """(first turn the DM may have reached the threshold, first turn they certainly did) when
    the threshold is one of ``values`` with its year not printed (11-39): possible from the
    least value on (the top of a DM range), certain from the greatest (its bottom). DM are never
    refunded (26-4), so the first turn is the turn."""
    maybe = when = None
    lo_t, hi_t = min(values), max(values)
    for d, dm in history:
        if maybe is None and dm.hi >= lo_t:
            maybe = d
        if when is None and dm.lo >= hi_t:
            when = d
            break
    return maybe, when


def total(areas: list[AreaVp]) -> tuple[Span | None, str]:
    """The VP total of the schedule (None while an area is undetermined: what is missing)."""
    if not areas:
        return None, "the VP schedule (not in the scenario's data)"
    miss = [a for a in areas if a.vp is None]
    if miss:
        return None, "; ".join(a.missing or f"area {a.area}'s VP" for a in miss)
    out = Span(0, 0)
    for a in areas:
        out = out + a.vp
    return out, ""
