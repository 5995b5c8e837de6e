"""National morale (Standard Rule 26-5, 26-6; IF 15-9, 15-10): the DM points at which a nation
suffers Shaken National Morale, Economic Collapse and surrenders.

Only where a scenario uses it: the Italian Front scenarios track it in a duration game (declared
with ``!duration``; thresholds in the scenario's ``duration.morale`` data). DM points are never
refunded (26-4), so a state once reached is kept: :class:`MoraleTracker` latches the first turn
each state is reached. The thresholds for Economic Collapse and surrender depend on the year
(15-9: 525 DM in 1915, 600 in 1916, …); a nation already past the threshold of the year it is in
when the year changes keeps its state (the rule says "suffers … whenever it accumulates", not
that it recovers).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from modgen.model.types import GameDate, MoraleThresholds
from .demoralization import Span

SHAKEN, COLLAPSE, SURRENDER = "shaken", "economic-collapse", "surrender"
STATES = (SHAKEN, COLLAPSE, SURRENDER)
LABELS = {SHAKEN: "Shaken National Morale", COLLAPSE: "Economic Collapse", SURRENDER: "surrender"}


def threshold(t: MoraleThresholds, state: str, year: int) -> int | None:
    if state == SHAKEN:
        return t.shaken
    row = t.by_year.get(year)
    if row is None and t.by_year:
        # before the first / after the last printed year: the nearest printed year
        years = sorted(t.by_year)
        row = t.by_year[years[0] if year < years[0] else years[-1]]
    if row is None:
        return None
    return row[0] if state == COLLAPSE else row[1]


def out_of_order(t: MoraleThresholds, state: str, year: int) -> str | None:
    """26-5 orders the states: a country "may suffer the effects of 'Shaken National Morale' and
    'Economic Collapse' before surrender". Some printed years contradict it — a threshold below
    Shaken's (15-10: Italy's Economic Collapse at 275 DM in 1914 and 1915, Shaken at 300; 15-9:
    Austria-Hungary's Economic Collapse at 375 and 525, surrender at 450, in 1914 and 1915,
    Shaken at 550). Returns what is out of order for ``state`` in ``year``, or None."""
    if state == SHAKEN or t.shaken is None:
        return None
    lim = threshold(t, state, year)
    if lim is None or lim >= t.shaken:
        return None
    return (f"{t.rule} ({year}): {LABELS[state]} at {lim} DM is below Shaken National Morale at "
            f"{t.shaken}, which 26-5 puts before it")


def reached(t: MoraleThresholds, state: str, dm: Span, year: int) -> bool | None:
    """Whether ``dm`` DM points reach ``state`` in ``year`` (None: the range straddles it).

    The checker's choice where the printed thresholds contradict 26-5's order
    (:func:`out_of_order`): from its printed threshold on, the state is only *possibly* reached —
    Economic Collapse becomes certain when the DM reach a surrender threshold that is in order
    (a country that surrenders has passed it); a surrender threshold below Shaken's is never
    certain. So no verdict rests on the contradictory number."""
    lim = threshold(t, state, year)
    if lim is None:
        return False
    if dm.hi < lim:
        return False
    if out_of_order(t, state, year):
        if state == COLLAPSE:
            sur = threshold(t, SURRENDER, year)
            if sur is not None and not out_of_order(t, SURRENDER, year) and dm.lo >= sur:
                return True
        return None
    if dm.lo >= lim:
        return True
    return None


def contradictions(t: MoraleThresholds) -> list[str]:
    """Every printed year of ``t`` whose thresholds contradict 26-5's order, as report notes."""
    years = sorted(t.by_year)
    out = []
    for s in (COLLAPSE, SURRENDER):
        bad = [y for y in years if out_of_order(t, s, y)]
        if bad:
            lims = ", ".join(f"{threshold(t, s, y)} in {y}" for y in bad)
            out.append(f"{t.rule}: {LABELS[s]} at {lims} is below Shaken National Morale at "
                       f"{t.shaken}, which 26-5 puts before it; the checker's choice: from that "
                       f"number on the state is only possibly reached (undetermined)"
                       + (", certain once the DM reach the surrender threshold"
                          if s == COLLAPSE else ""))
    return out


@dataclass
class MoraleTracker:
    """Latches, per nation and state, the first turn the state was certainly reached (``when``)
    and whether it may have been reached earlier (``maybe``: the first turn it might have been)."""

    thresholds: dict[str, MoraleThresholds]
    when: dict[tuple[str, str], GameDate] = field(default_factory=dict)
    maybe: dict[tuple[str, str], GameDate] = field(default_factory=dict)

    def update(self, nation: str, dm: Span, date: GameDate) -> list[tuple[str, bool | None]]:
        """Record the DM of ``nation`` at ``date``; the states newly reached (or possibly reached)."""
        t = self.thresholds.get(nation)
        if t is None:
            return []
        out = []
        for s in STATES:
            k = (nation, s)
            if k in self.when:
                continue
            r = reached(t, s, dm, date.year)
            if r:
                self.when[k] = date
                self.maybe.setdefault(k, date)
                out.append((s, True))
            elif r is None and k not in self.maybe:
                self.maybe[k] = date
                out.append((s, None))
        return out

    def state(self, nation: str, s: str) -> bool | None:
        """Whether ``nation`` has reached ``s`` (None: may have; False: certainly not)."""
        k = (nation, s)
        if k in self.when:
            return True
        if k in self.maybe:
            return None
        return False

    def reached_by(self, nation: str, s: str, date: GameDate) -> bool | None:
        k = (nation, s)
        if k in self.when and self.when[k] <= date:
            return True
        if k in self.maybe and self.maybe[k] <= date:
            return None
        return False
