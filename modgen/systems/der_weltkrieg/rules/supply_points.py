"""Supply Points and Headquarters (Standard Rules 17, 18, 19-2, 19-6, 29-6 and the nation rules
that change them): what a combat costs, which HQ may pay for whom, how much an HQ may hold.

Pure functions over counters (``modgen.model.types.Counter``) and plain numbers; no log
knowledge. The checker's supply rules (``rules_supply``) call them with what the log shows.

Costs (19-2, 29-6): one Supply Point supplies 4 attacking or 2 counterattacking Strength Points
of Ground Combat Units, and 2 Artillery Strength Points for attack or counterattack. The SP are
counted per supplying HQ ("the 2nd Army Headquarter would have to expend 5 Supply Points", Figure
11: 19 SP, one for each 4 *or fraction of 4*), ground and artillery SP separately (the figures give
one kind each; two fractions rounded separately is the reading that never asks less than either
rule does on its own). What needs no SP at all:

* fortresses (21-3), River Flotillas in an attack (36-6), attacks into a vacant hex by Assault
  units (33-7), attacks whose target retreated before combat (30-3: the caller's business);
* cavalry whose full-strength circle is 1 (2 for British and German cavalry) (30-1); cavalry with a
  larger circle pays as infantry (missing-data M8: "> 1 (> 2) = infantry for supply and losses").
  When the circle is not in the counter data the cost is a range (0 or the infantry cost);
* Serbian and Montenegrin units counterattacking (43-1; Serbian units pay again from 1916, 43-2),
  Ottoman units counterattacking (46-1);
* siege artillery used as regular artillery counts half its strength (29-15).

Costs are returned as a :class:`Cost` range ``lo..hi`` so that a fact the data or the log leaves
open (a circle value, a strength under a strength-reduction marker whose stack order is unknown)
shows as a range instead of a guess; a verdict that depends on where in the range the truth lies
is *undetermined*.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from modgen.model.types import Counter, GameDate
from .units import (AUSTRIA_HUNGARY, BRITAIN, BULGARIA, GERMANY, OTTOMAN, RUSSIA, SERBIA,
                            nation_is)

#: 17-4: no HQ may hold more than 100 SP.
HQ_MAX_SP = 100
#: 18-18: Corps HQs hold at most 10 SP; at most 2 SP from Corps HQs per attack, 4 per counterattack.
CORPS_MAX_SP = 10
CORPS_MAX_PER_ATTACK = 2
CORPS_MAX_PER_COUNTERATTACK = 4
#: 18-6: an HQ transfers (sends + receives) at most 10 SP per Movement Phase.
TRANSFER_LIMIT = 10

#: 19-2 / 29-6: Strength Points one Supply Point supplies.
GROUND_ATTACK_SP = 4
GROUND_COUNTERATTACK_SP = 2
ARTILLERY_SP = 2

MONTENEGRO = frozenset({"montenegro"})
ITALY = frozenset({"italy"})
FRANCE = frozenset({"france"})
ROMANIA = frozenset({"romania"})
BELGIUM = frozenset({"belgium"})
GREECE = frozenset({"greece"})
NETHERLANDS = frozenset({"netherlands"})
SWITZERLAND = frozenset({"switzerland"})
UNITED_STATES = frozenset({"united-states", "usa", "us"})


@dataclass(frozen=True)
class Cost:
    """A number of Supply Points, exact (``lo == hi``) or a range the facts leave open."""

    lo: int
    hi: int

    def __post_init__(self) -> None:
        if self.lo > self.hi:
            raise ValueError(f"empty range {self.lo}..{self.hi}")

    @property
    def exact(self) -> bool:
        return self.lo == self.hi

    def __add__(self, other: "Cost") -> "Cost":
        return Cost(self.lo + other.lo, self.hi + other.hi)

    def __str__(self) -> str:
        return str(self.lo) if self.exact else f"{self.lo}-{self.hi}"


ZERO = Cost(0, 0)


# --------------------------------------------------------------------------- what a unit costs

FREE, GROUND, ARTILLERY, MAYBE_FREE = "free", "ground", "artillery", "maybe-free"


@dataclass(frozen=True)
class SupplyClass:
    """How a unit is supplied for one combat: ``kind`` (free / ground / artillery / maybe-free),
    the SP it counts for (``sp``; siege artillery as regular artillery counts half, 29-15) and the
    rule that decides it."""

    kind: str
    sp: int
    rule: str
    note: str = ""


def supply_class(counter: Counter, strength: int, *, nation: str | None = None,
                 counterattack: bool = False, date: GameDate | None = None,
                 siege_as_regular: bool = False, vacant_hex: bool = False) -> SupplyClass:
    """The supply class of one unit taking part in a combat with ``strength`` SP (its current
    strength before supply-line reductions: Figure 11, "the reduction in strength due to Supply
    Line length does NOT influence the number of Supply Points")."""
    nation = nation or counter.nation
    t = counter.type
    if t == "fortress":
        return SupplyClass(FREE, strength, "21-3", "fortresses need no SP to counterattack")
    if t == "hq":
        return SupplyClass(FREE, 0, "18-15", "an HQ defends with strength 1 and needs no SP")
    if t in ("flotilla", "river-flotilla") and not counterattack:
        return SupplyClass(FREE, strength, "36-6", "River Flotillas attack without SP")
    if vacant_hex and not counterattack and (t in ("aslt", "mtn-aslt") or "assault" in counter.qualifiers):
        return SupplyClass(FREE, strength, "33-7", "attack into a vacant hex")
    if counterattack and nation_is(nation, MONTENEGRO):
        return SupplyClass(FREE, strength, "43-1", "Montenegrin units counterattack without SP")
    if counterattack and nation_is(nation, SERBIA):
        if date is None:
            return SupplyClass(MAYBE_FREE, strength, "43-1/43-2", "free before 1916 (43-1), "
                               "paid from 1916 (43-2); the date is unknown")
        if date.year < 1916:
            return SupplyClass(FREE, strength, "43-1", "Serbian units counterattack without SP "
                               "before 1916")
    if counterattack and nation_is(nation, OTTOMAN):
        return SupplyClass(FREE, strength, "46-1", "Ottoman units counterattack without SP")
    if t in ("art", "siege-art"):
        if t == "siege-art" and siege_as_regular:
            return SupplyClass(ARTILLERY, strength // 2, "29-15",
                               "siege artillery used as regular artillery counts half")
        return SupplyClass(ARTILLERY, strength, "29-6")
    if t == "cav":
        limit = 2 if (nation_is(nation, BRITAIN) or nation_is(nation, GERMANY)) else 1
        circle = counter.full_strength
        if circle is None:
            return SupplyClass(MAYBE_FREE, strength, "30-1",
                               f"the full-strength circle of {counter.name} is not in the counter "
                               f"data (free when it is {limit} or less)")
        if circle <= limit:
            return SupplyClass(FREE, strength, "30-1", f"full-strength circle {circle} ≤ {limit}")
    return SupplyClass(GROUND, strength, "19-2")


def _ceil(n: int, per: int) -> int:
    return -(-n // per) if n > 0 else 0


@dataclass(frozen=True)
class SupplyNeed:
    """The SP one HQ must expend to fully supply a group of units for one combat (19-2, 29-6)."""

    cost: Cost
    ground_sp: tuple[int, int]            # SP of ground units: (certain, possibly: incl. maybe-free)
    artillery_sp: int
    free: tuple[tuple[str, str], ...] = ()   # (unit name, rule) of units that need no SP
    counterattack: bool = False

    def explain(self) -> str:
        per = GROUND_COUNTERATTACK_SP if self.counterattack else GROUND_ATTACK_SP
        rule = "19-2"
        parts = []
        g_lo, g_hi = self.ground_sp
        if g_hi:
            if g_lo == g_hi:
                parts.append(f"⌈{g_lo}/{per}⌉ = {_ceil(g_lo, per)} for {g_lo} SP ({rule})")
            else:
                parts.append(f"⌈{g_lo}/{per}⌉..⌈{g_hi}/{per}⌉ = {_ceil(g_lo, per)}-"
                             f"{_ceil(g_hi, per)} for {g_lo}-{g_hi} SP ({rule})")
        if self.artillery_sp:
            parts.append(f"⌈{self.artillery_sp}/{ARTILLERY_SP}⌉ = "
                         f"{_ceil(self.artillery_sp, ARTILLERY_SP)} for {self.artillery_sp} "
                         f"artillery SP (29-6)")
        if not parts:
            parts.append("0")
        text = " + ".join(parts)
        if len(parts) > 1:
            text += f" = {self.cost}"
        return text


def supply_needed(units: Iterable[tuple[Counter, int] | tuple[Counter, int, str]], *,
                  counterattack: bool = False, date: GameDate | None = None,
                  siege_as_regular: bool = False, vacant_hex: bool = False,
                  strength_ranges: Sequence[tuple[int, int]] | None = None) -> SupplyNeed:
    """SP one HQ expends to fully supply ``units`` — (counter, strength[, nation]) — in one attack
    or counterattack. ``strength_ranges`` (same order) gives (lo, hi) strengths for units whose
    strength the log leaves open (strength markers, 13-22); the cost is then a range.

    Example (Figure 11, WE-DW-17): 19 attacking SP → 5 SP; a 4-SP counterattack → 2 SP;
    23 artillery SP (Figure 12, WE-DW-18) → 12 SP.
    """
    g_lo = g_hi = 0
    g_maybe = 0
    art_lo = art_hi = 0
    free: list[tuple[str, str]] = []
    for i, item in enumerate(units):
        counter, strength = item[0], item[1]
        nation = item[2] if len(item) > 2 else None
        lo, hi = (strength_ranges[i] if strength_ranges is not None else (strength, strength))
        c_lo = supply_class(counter, lo, nation=nation, counterattack=counterattack, date=date,
                            siege_as_regular=siege_as_regular, vacant_hex=vacant_hex)
        c_hi = supply_class(counter, hi, nation=nation, counterattack=counterattack, date=date,
                            siege_as_regular=siege_as_regular, vacant_hex=vacant_hex)
        if c_lo.kind == FREE:
            free.append((counter.name, c_lo.rule))
        elif c_lo.kind == GROUND:
            g_lo += c_lo.sp
            g_hi += c_hi.sp
        elif c_lo.kind == MAYBE_FREE:
            g_maybe += c_hi.sp
        elif c_lo.kind == ARTILLERY:
            art_lo += c_lo.sp
            art_hi += c_hi.sp
    per = GROUND_COUNTERATTACK_SP if counterattack else GROUND_ATTACK_SP
    lo = _ceil(g_lo, per) + _ceil(art_lo, ARTILLERY_SP)
    hi = _ceil(g_hi + g_maybe, per) + _ceil(art_hi, ARTILLERY_SP)
    return SupplyNeed(Cost(lo, hi), (g_lo, g_hi + g_maybe), art_hi, tuple(free), counterattack)


# --------------------------------------------------------------------------- who may supply whom

@dataclass(frozen=True)
class Partner:
    """A nation rule letting ``hq`` nation's HQs supply (and transfer SP to) ``others``."""

    rule: str
    hq: frozenset[str]
    others: frozenset[str] | None          # None: every nation of the HQ's side
    after_shaken: frozenset[str] = frozenset()   # only after that nation's Shaken National Morale
    theatre: str = ""                      # a front the rule is limited to ("Palestinian")
    #: whether the rule also lets the HQs transfer SP to the others' HQs: 43-4 and 46-4 say only
    #: "may expend Supply Points for" (17-3: HQs otherwise hold SP of their own nationality)
    transfer: bool = True


PARTNERS: tuple[Partner, ...] = (
    Partner("37-8", GERMANY, None),
    Partner("38-3", BRITAIN, BELGIUM | SERBIA | GREECE | NETHERLANDS | RUSSIA | UNITED_STATES,
            after_shaken=ITALY),
    Partner("39-2", FRANCE, BELGIUM | NETHERLANDS | SWITZERLAND | SERBIA | GREECE | RUSSIA
            | UNITED_STATES, after_shaken=ITALY),
    Partner("40-7", AUSTRIA_HUNGARY, BULGARIA | OTTOMAN),
    Partner("41-6", RUSSIA, ROMANIA | SERBIA),
    Partner("42-4", ITALY, SERBIA),
    Partner("43-4", SERBIA, MONTENEGRO, transfer=False),
    Partner("45-3", BULGARIA, OTTOMAN),
    Partner("46-4", OTTOMAN, GERMANY | AUSTRIA_HUNGARY, theatre="Palestinian", transfer=False),
)


@dataclass(frozen=True)
class Permission:
    allowed: bool | None         # None: undetermined
    rule: str
    reason: str


def may_supply(hq_nation: str, unit_nation: str, *, same_side: bool = True,
               shaken: Iterable[str] = (), primary: str | None | type(...) = ...,
               small_contingent: bool | None = False, transfer: bool = False) -> Permission:
    """Whether an HQ of ``hq_nation`` may expend SP for a unit of ``unit_nation`` (19-6) — or
    transfer SP to one of its HQs (17-3, 18-13 and the nation rules 37-8 … 46-4, which name both).

    ``shaken``: nations under Shaken National Morale (38-3/39-2 for Italy). 18-13: a nationality
    with fewer than 2 divisions (or the equivalent) on the map and no HQ may be supplied by the
    "primary" friendly nationality on the map; ``small_contingent`` says whether the unit's
    nation is in that case (None: unknown) and ``primary`` names the primary nationality (None:
    the rulebook's "primary" cannot be told; ``...``: not asked). ``transfer``: SP sent to an HQ of
    ``unit_nation`` (18-6) rather than expended for its units — only the nation rules that say
    "transfer" allow it (43-4 and 46-4 allow expending only; 18-13 lets the primary nationality
    *supply* a contingent that has no HQ).
    """
    if hq_nation == unit_nation:
        return Permission(True, "19-6", "HQs supply units of their own nationality")
    if not same_side:
        return Permission(False, "19-6", "an enemy HQ")
    shaken = set(shaken)
    for p in PARTNERS:
        if not nation_is(hq_nation, p.hq):
            continue
        if p.others is None or nation_is(unit_nation, p.others):
            if transfer and not p.transfer:
                return Permission(False, "17-3", f"{p.rule} lets {hq_nation} HQs expend Supply "
                                  f"Points for {unit_nation} units, not transfer them to "
                                  f"{unit_nation} HQs (HQs possess SP of their own nationality)")
            if p.theatre:
                return Permission(None, p.rule, f"only on the {p.theatre} Front, which the game "
                                  "data does not define")
            return Permission(True, p.rule, f"{hq_nation} HQs may supply {unit_nation} units")
        if nation_is(unit_nation, p.after_shaken):
            if unit_nation in shaken:
                return Permission(True, p.rule, f"{unit_nation} suffers Shaken National Morale")
            return Permission(False, p.rule, f"only after {unit_nation} suffers Shaken National "
                              "Morale")
    if small_contingent is None:
        return Permission(None, "18-13", f"18-13 may let the primary nationality supply "
                          f"{unit_nation} units (fewer than 2 divisions and no HQ on the map); "
                          "the log does not show whether it applies")
    if small_contingent:
        if primary is ... or primary is None:
            return Permission(None, "18-13", f"{unit_nation} has fewer than 2 divisions and no HQ "
                              "on the map; whether " + hq_nation + " is the 'primary' friendly "
                              "nationality (18-13) is not defined by the rules")
        if primary == hq_nation:
            return Permission(True, "18-13", f"{unit_nation} has fewer than 2 divisions and no HQ "
                              f"on the map; {hq_nation} is the primary friendly nationality")
        return Permission(False, "18-13", f"{unit_nation} has fewer than 2 divisions and no HQ on "
                          f"the map, but the primary friendly nationality is {primary}")
    return Permission(False, "19-6", f"HQs supply units of their own nationality only; no nation "
                      f"rule lets {hq_nation} HQs supply {unit_nation} units")


def is_corps_hq(counter: Counter) -> bool:
    """18-17/18-18: a Corps HQ is an HQ counter of corps size (XXX)."""
    return counter.type == "hq" and counter.size == "XXX"


def holding_limit(counter: Counter, *, corps_rules: bool) -> tuple[int, str]:
    """(most SP the HQ may hold, rule): 100 (17-4); 10 for a Corps HQ in linked, duration and
    campaign games (18-18, which applies only there)."""
    if corps_rules and is_corps_hq(counter):
        return CORPS_MAX_SP, "18-18"
    return HQ_MAX_SP, "17-4"


def corps_spend_limit(counterattack: bool) -> int:
    """18-18: at most 2 SP from Corps HQs per attack, 4 per counterattack."""
    return CORPS_MAX_PER_COUNTERATTACK if counterattack else CORPS_MAX_PER_ATTACK

