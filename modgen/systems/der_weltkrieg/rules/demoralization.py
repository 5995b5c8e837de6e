"""Demoralization Points (Standard Rules 26-1..26-4, 37-6; IF 15-8 in duration games): a ledger
of what each nation suffers, filled from what the log shows.

26-3's schedule (000:L709-720):

* 1 DM per Infantry (Mountain, Marine, Assault) SP lost in combat; 1 per Fortress SP lost to
  combat or siege (not voluntary removal);
* 2 per Infantry SP that surrenders or is lost while surrounded; 2 per Cavalry or Artillery SP
  lost in combat; 4 per Cavalry or Artillery SP that surrenders or is lost while surrounded;
* 2 per Engineer unit lost; 10 per Army HQ lost;
* 15 per city first occupied by the enemy (not when the centre hex has an urban hexside),
  25 per urban hexside first occupied (both of its hexes); doubled for a capital's personnel
  centres and urban hexsides (26-3), and for cities and urban hexsides in Germany (37-6).
  26-4: incurred the first time, never refunded.

Quantities the log leaves open (which unit a −1 / ½ marker covers, whether a unit was
surrounded) are kept as ranges ``lo..hi``; a verdict over a range that straddles its threshold is
undetermined. The ledger keeps every item with its step, rule and reason for the report.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterable

from .units import GERMANY, nation_is

INFANTRY, CAVALRY_ARTILLERY, FORTRESS, OTHER = "infantry", "cavalry/artillery", "fortress", "other"

#: 26-3: DM per SP lost in combat, and per SP surrendered or lost while surrounded.
PER_SP = {INFANTRY: (1, 2), CAVALRY_ARTILLERY: (2, 4), FORTRESS: (1, 1), OTHER: (0, 0)}
ENGINEER_DM = 2
ARMY_HQ_DM = 10
CITY_DM = 15
URBAN_HEXSIDE_DM = 25


@dataclass(frozen=True)
class Span:
    """An integer range ``lo..hi`` (a known value has ``lo == hi``)."""

    lo: int | float
    hi: int | float

    @property
    def exact(self) -> bool:
        return self.lo == self.hi

    def __add__(self, o: "Span") -> "Span":
        return Span(self.lo + o.lo, self.hi + o.hi)

    def __sub__(self, o: "Span") -> "Span":
        return Span(self.lo - o.hi, self.hi - o.lo)

    def scale(self, k: float) -> "Span":
        a, b = self.lo * k, self.hi * k
        return Span(min(a, b), max(a, b))

    def __str__(self) -> str:
        def f(x):
            return str(int(x)) if float(x).is_integer() else f"{x:g}"
        return f(self.lo) if self.exact else f"{f(self.lo)}-{f(self.hi)}"


NONE = Span(0, 0)


def loss_category(unit_type: str, *, rpl: bool = False) -> str:
    """26-3's classes: infantry-type (incl. RPL infantry), cavalry/artillery, fortress, other."""
    if unit_type == "fortress":
        return FORTRESS
    if unit_type in ("cav", "art", "siege-art"):
        return CAVALRY_ARTILLERY
    if unit_type in ("inf", "mtn", "marine", "aslt", "mtn-aslt", "rpl", "bicycle"):
        return INFANTRY
    return OTHER


def sp_loss_dm(category: str, sp: Span, surrounded: bool | None) -> tuple[Span, str]:
    """DM for ``sp`` SP of one class lost in combat (26-3); ``surrounded`` None = unknown."""
    normal, doubled = PER_SP[category]
    if surrounded is None:
        return Span(sp.lo * normal, sp.hi * doubled), "26-3"
    return sp.scale(doubled if surrounded else normal), "26-3"


def city_multiplier(nation: str, *, capital: bool) -> int:
    """26-3 capital doubling; 37-6 German cities and urban hexsides double."""
    m = 2 if capital else 1
    if nation_is(nation, GERMANY):
        m *= 2
    return m


@dataclass(frozen=True)
class DmItem:
    nation: str
    dm: Span
    rule: str
    reason: str
    step: int | None = None
    turn: str | None = None
    kind: str = "loss"            # loss | city | hq | engineer | income | declared | start
    sp: Span = NONE               # SP lost (for "SP lost" victory conditions)


@dataclass
class DmLedger:
    """Every DM item of a game, by nation. ``starting`` = DM before the game (duration games).
    ``no_dm``: nations that accumulate no DM in this game, with the rule and why (the East Front
    Duration Game's 11-32: not Serbia, Montenegro or Turkey): their items are kept, at 0 DM, so
    the report shows what would have counted and the SP lost (for "SP lost" conditions) stay."""

    items: list[DmItem] = field(default_factory=list)
    starting: dict[str, int] = field(default_factory=dict)
    no_dm: dict[str, tuple[str, str]] = field(default_factory=dict)

    def add(self, item: DmItem) -> DmItem:
        exempt = self.no_dm.get(item.nation)
        if exempt is not None and item.dm != NONE:
            rule, why = exempt
            item = replace(item, dm=NONE, rule=f"{item.rule}, {rule}",
                           reason=f"{item.reason} — no DM ({item.dm} otherwise): {why}")
        self.items.append(item)
        return item

    def unit_loss(self, nation: str, unit_type: str, sp: Span, *, surrounded: bool | None,
                  step: int | None, turn: str | None, reason: str, rpl: bool = False) -> DmItem | None:
        cat = loss_category(unit_type, rpl=rpl)
        if sp.hi <= 0:
            return None
        dm, rule = sp_loss_dm(cat, sp, surrounded)
        how = {True: " while surrounded (×2)", None: " (surrounded or not: the log does not say)",
               False: ""}[surrounded]
        return self.add(DmItem(nation, dm, rule, f"{reason}: {sp} {cat} SP{how}", step, turn,
                               "loss", sp))

    def engineer_lost(self, nation: str, name: str, *, step, turn) -> DmItem:
        return self.add(DmItem(nation, Span(ENGINEER_DM, ENGINEER_DM), "26-3",
                               f"Engineer {name} lost", step, turn, "engineer"))

    def army_hq_lost(self, nation: str, name: str, *, step, turn) -> DmItem:
        return self.add(DmItem(nation, Span(ARMY_HQ_DM, ARMY_HQ_DM), "26-3",
                               f"Army HQ {name} lost", step, turn, "hq"))

    def city_occupied(self, nation: str, name: str, *, capital: bool, urban_hexside: bool = False,
                      first: bool | None = True, step, turn) -> DmItem:
        base = URBAN_HEXSIDE_DM if urban_hexside else CITY_DM
        m = city_multiplier(nation, capital=capital)
        dm = base * m
        span = Span(dm, dm) if first else Span(0, dm)
        rule = "26-3, 37-6" if nation_is(nation, GERMANY) else "26-3"
        what = "urban hexside" if urban_hexside else "city"
        note = "" if first else " (first occupation? the log does not begin at the scenario's start)"
        return self.add(DmItem(nation, span, rule, f"{what} {name} occupied by the enemy"
                               f"{' (capital ×2)' if capital else ''}{note}", step, turn, "city"))

    # ---------------------------------------------------------------- totals
    def total(self, parties: Iterable[str], *, losses_only: bool = False,
              include_start: bool = False) -> Span:
        ns = set(parties)
        out = NONE
        for it in self.items:
            if it.nation in ns and (not losses_only or it.kind in ("loss", "engineer", "hq")):
                out = out + it.dm
        if include_start:
            out = out + Span(sum(self.starting.get(n, 0) for n in ns),
                             sum(self.starting.get(n, 0) for n in ns))
        return out

    def sp_lost(self, nations: Iterable[str]) -> Span:
        ns = set(nations)
        out = NONE
        for it in self.items:
            if it.nation in ns and it.kind == "loss":
                out = out + it.sp
        return out

    def by_nation(self) -> dict[str, Span]:
        out: dict[str, Span] = {}
        for it in self.items:
            out[it.nation] = out.get(it.nation, NONE) + it.dm
        return out
