"""Unit classification for the Der Weltkrieg Standard Rules: what a counter *is* for the rules.

Pure functions over ``modgen.model.types.Counter`` and a light ``UnitView`` (a counter in play:
side, nation, reduced, entrained, hex). No I/O, no log knowledge. Rule numbers are those of the
Standard Rules (file 000 lines 1-1071) unless marked "IF" (Italian Front scenario rules).

Interpretations (where the text leaves a choice; listed here so the checker's messages can be
traced back to a decision):

* Bicycle units are *not* in the 10-2 list "Infantry (which includes Mountain, Marine, and
  Assault units) and Cavalry"; read literally they exert no ZOC and pay the 1/6 rail rate (7-5).
  Reading it literally can only make the checker *more* permissive, never raise a false alarm.
* A counter of type ``rpl`` (a replacement unit, rule 24) is treated as an infantry-type
  replacement for the 1/10 rail rate ("and similar type RPL units", 7-5) unless its qualifiers say
  ``cavalry``; it never exerts a ZOC (10-3).
* Fortresses are Ground Combat Units for 6-11 (a hex holding an enemy fortress cannot be entered
  by movement) but exert no ZOC (21-2) and do not count for stacking (11-5).
* HQs are not Ground Combat Units (6-3 lists "Ground Combat Units and Headquarters Units").
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Iterable, Mapping, Sequence

from modgen.hexgrid import Hex
from modgen.model.types import Counter, Face

# --------------------------------------------------------------------------- nation ids

#: Nation ids as used by the data model (slugs of the printed names). Aliases are accepted so the
#: rules do not depend on one spelling.
GERMANY = frozenset({"germany", "german"})
BRITAIN = frozenset({"great-britain", "britain", "british", "uk", "united-kingdom"})
AUSTRIA_HUNGARY = frozenset({"austria-hungary", "austria", "a-h", "ah"})
RUSSIA = frozenset({"russia"})
UNITED_STATES = frozenset({"united-states", "usa", "us", "united-states-of-america"})
SERBIA = frozenset({"serbia"})
BULGARIA = frozenset({"bulgaria"})
GREECE = frozenset({"greece"})
OTTOMAN = frozenset({"ottoman-empire", "ottoman", "turkey"})


def nation_is(nation: str | None, group: frozenset[str]) -> bool:
    return (nation or "").lower() in group


# --------------------------------------------------------------------------- type groups

INFANTRY_TYPES = frozenset({"inf", "mtn", "marine", "aslt", "mtn-aslt"})   # 10-2
ARTILLERY_TYPES = frozenset({"art", "siege-art"})                         # 29-1
#: 6-3 HQs; 36: River Flotillas are no Ground Combat Units either (36-4 and 36-9 set them apart:
#: ground combat units cannot attack them, they stack free, 36-5)
NON_COMBAT_TYPES = frozenset({"hq", "flotilla"})
SIZE_DIVISION = "XX"
SMALL_SIZES = frozenset({"X", "III", "II", "I"})   # brigades, regiments, battalions, companies


@dataclass(frozen=True)
class UnitView:
    """A counter in play, as the rules need it.

    ``strength`` overrides the printed strength (for strength-reduction markers, 11-8/13-22) when
    the caller knows it; ``supply_points`` is an HQ's SP holding (18-4) or an SP marker's value;
    ``piece_id`` is free for the caller (the VASSAL piece id) and is never interpreted here.
    """

    counter: Counter
    side: str
    nation: str = ""
    reduced: bool = False
    entrained: bool = False
    hex: Hex | None = None
    strength_override: int | None = None
    supply_points: int = 0
    piece_id: str = ""

    def __post_init__(self) -> None:
        if not self.nation:
            object.__setattr__(self, "nation", self.counter.nation)

    # -- convenience --
    @property
    def id(self) -> str:
        return self.piece_id or self.counter.id

    @property
    def type(self) -> str:
        return self.counter.type

    @property
    def face(self) -> Face:
        """The face showing: back when reduced and a back is printed, else front (27-x, 13-24)."""
        if self.reduced and self.counter.back is not None:
            return self.counter.back
        return self.counter.front

    @property
    def strength(self) -> int | None:
        if self.strength_override is not None:
            return self.strength_override
        return self.face.strength

    @property
    def name(self) -> str:
        return self.counter.name

    def at(self, h: Hex | None) -> "UnitView":
        return replace(self, hex=h)

    def __str__(self) -> str:
        return f"{self.counter.name} ({self.counter.id})"


def _counter(u: "UnitView | Counter") -> Counter:
    return u.counter if isinstance(u, UnitView) else u


def _nation(u: "UnitView | Counter") -> str:
    return u.nation if isinstance(u, UnitView) else u.nation


# --------------------------------------------------------------------------- predicates


def is_hq(u: "UnitView | Counter") -> bool:
    """Headquarters (18)."""
    return _counter(u).type == "hq"


def is_fortress(u: "UnitView | Counter") -> bool:
    """Fortress (21)."""
    return _counter(u).type == "fortress"


def is_engineer(u: "UnitView | Counter") -> bool:
    """Engineer (9-4..9-9)."""
    return _counter(u).type == "eng"


def is_artillery(u: "UnitView | Counter") -> bool:
    """Artillery or Siege Artillery (29-1)."""
    return _counter(u).type in ARTILLERY_TYPES


def is_flotilla(u: "UnitView | Counter") -> bool:
    """River Flotilla (36): type ``flotilla``, movement printed "R"."""
    c = _counter(u)
    return c.type == "flotilla" or c.front.river_only


def is_siege_artillery(u: "UnitView | Counter") -> bool:
    return _counter(u).type == "siege-art"


def is_cavalry(u: "UnitView | Counter") -> bool:
    """Cavalry (30). Strengthened cavalry counts as infantry (31-4) only for recombination."""
    return _counter(u).type == "cav"


def is_rpl(u: "UnitView | Counter") -> bool:
    """Replacement unit (24; 10-3)."""
    c = _counter(u)
    return c.rpl or c.type == "rpl"


def is_infantry_type(u: "UnitView | Counter") -> bool:
    """Infantry, incl. Mountain, Marine and Assault units (10-2, 22-1).

    An RPL counter (type ``rpl``) counts as infantry-type unless qualified ``cavalry``.
    """
    c = _counter(u)
    if c.type in INFANTRY_TYPES:
        return True
    if c.type == "rpl":
        return "cavalry" not in c.qualifiers and "cav" not in c.qualifiers
    return False


def is_ground_combat_unit(u: "UnitView | Counter") -> bool:
    """Ground Combat Unit (6-3, 6-11): everything but HQs (and markers, which are not counters)."""
    return _counter(u).type not in NON_COMBAT_TYPES


def is_assault(u: "UnitView | Counter") -> bool:
    """Assault unit: Infantry Assault or Mountain Assault (33-1)."""
    c = _counter(u)
    return c.type in ("aslt", "mtn-aslt") or "assault" in c.qualifiers


#: is_mountain's answers per (counter, nation, winter): a counter is immutable, and the entry
#: keeps it alive, so its id is not reused while the entry stands
_MOUNTAIN: dict = {}


def is_mountain(u: "UnitView | Counter", *, winter: bool = False) -> bool:
    """Mountain unit (32): mountain infantry/assault types and the nation rules that make whole
    infantry arms mountain units: Russian Ar, Ku, FG, Cossack, Geo, Bdr infantry (41-5); Serbian
    (43-5), Bulgarian (45-2) and Greek (48-2) infantry; Ottoman infantry except in winter (46-3).
    """
    c = u.counter if isinstance(u, UnitView) else u       # _counter / _nation, inline (hot)
    nation = u.nation
    key = (id(c), nation, winter)
    hit = _MOUNTAIN.get(key)
    if hit is not None and hit[0] is c:
        return hit[1]
    v = _is_mountain(c, nation, winter)
    if len(_MOUNTAIN) > 100_000:
        _MOUNTAIN.clear()
    _MOUNTAIN[key] = (c, v)
    return v


def _is_mountain(c: Counter, nation: str, winter: bool) -> bool:
    if c.type in ("mtn", "mtn-aslt") or "mountain" in c.qualifiers:
        return True
    if c.type not in ("inf", "aslt"):
        return False
    if nation_is(nation, SERBIA) or nation_is(nation, BULGARIA) or nation_is(nation, GREECE):
        return True
    if nation_is(nation, OTTOMAN):
        return not winter
    if nation_is(nation, RUSSIA):
        tokens = set(c.designation.replace("/", " ").replace("-", " ").split())
        return bool(tokens & {"Ar", "Ku", "FG", "Cossack", "Cos", "Geo", "Bdr"})
    return False


def exerts_zoc(u: "UnitView | Counter") -> bool:
    """Rule 10-2/10-3 (and 7-11, 9-8, 18-2, 21-2): only infantry-type (Infantry, Mountain, Marine,
    Assault) and Cavalry units exert a Zone of Control; not RPL units (10-3), not entrained units
    (7-11), not Engineers (9-8), HQs (18-2), fortresses (21-2) or artillery (not in 10-2)."""
    c = _counter(u)
    if isinstance(u, UnitView) and u.entrained:
        return False
    if is_rpl(c):
        return False
    return c.type in INFANTRY_TYPES or c.type == "cav"


def is_rail_only(u: "UnitView | Counter") -> bool:
    """Rail-bound unit: movement printed "RR" (6-12)."""
    if isinstance(u, UnitView):
        return u.face.rail_only or u.counter.front.rail_only
    return u.front.rail_only


def movement_allowance(u: UnitView) -> int | None:
    """Printed Movement Allowance of the face showing (6-1); None for rail-bound units (6-12)."""
    if is_rail_only(u):
        return None
    return u.face.movement


#: Rule 6-12: rail-bound units move up to 20 hexes per turn.
RAIL_BOUND_HEXES_PER_TURN = 20


def column_allowance(ma: int) -> int:
    """Rule 6-10: Column Movement raises the MA by 50 %, fractions rounded down."""
    return (ma * 3) // 2


# --------------------------------------------------------------------------- stacking equivalents


@dataclass(frozen=True)
class StackingOptions:
    """Which special counting rules apply (Standard Rules always; scenario rules by game).

    * ``ah_brigade_pairs`` — IF 3-1: two A-H brigades stacked together are one division.
    * ``alpk_group`` — IF 3-2: two or three German AlpK units stacked together are one division.
    * ``divisional_components`` — 27-3: components making up a full division are one division.
    * ``full_division_strength`` — nation id → strength of a full infantry division (the circle
      on that nation's infantry divisions, 22-19/27-3); needed for 27-3.
    * ``jgr_brigade_at_half`` — IF October 1917 scenario rule 11-2 (000:L1361): the German Jgr
      division is a brigade for stacking whenever it is at or below half strength (half of its
      printed front strength).
    """

    ah_brigade_pairs: bool = False
    alpk_group: bool = False
    divisional_components: bool = True
    full_division_strength: Mapping[str, int] | None = None
    jgr_brigade_at_half: bool = False
    #: the nations whose ``full_division_strength`` rests on a placeholder circle: nation →
    #: (strength, why) (``full_division_placeholders``)
    full_division_placeholders: Mapping[str, tuple[int, str]] | None = None


STANDARD_STACKING = StackingOptions()
#: Italian Front scenario rules 3-1 and 3-2 (000:L1100-1102) on top of the Standard Rules.
ITALIAN_FRONT_STACKING = StackingOptions(ah_brigade_pairs=True, alpk_group=True)


def is_us_doubled(u: "UnitView | Counter") -> bool:
    """Rule 49-1: US infantry and marine units are double the size of other nations' units."""
    c = _counter(u)
    return nation_is(_nation(u), UNITED_STATES) and c.type in ("inf", "marine")


def is_alpk(u: "UnitView | Counter") -> bool:
    """German Alpenkorps unit (IF 3-2, 33-5): designation contains "AlpK"."""
    c = _counter(u)
    return nation_is(_nation(u), GERMANY) and "alpk" in c.designation.lower()


def is_jgr(u: "UnitView | Counter") -> bool:
    """German Jäger (Jgr) unit (33-5, IF 11-2)."""
    c = _counter(u)
    return nation_is(_nation(u), GERMANY) and "jgr" in c.designation.lower().split()


def stacking_options_for(scenario: object | None = None, counters: Iterable[Counter] = ()
                         ) -> StackingOptions:
    """The stacking options a scenario calls for: its special rules are read for the Italian
    Front counting rules (IF 3-1 A-H brigade pairs, IF 3-2 AlpK, IF 11-2 Jgr at half strength),
    recognised by number *and* wording so another game's "3-1" is not mistaken for them; 27-3
    full-division strengths come from ``counters``."""
    ah = alpk = jgr = False
    for r in getattr(scenario, "special_rules", ()) or ():
        t = (r.text or "").lower()
        if r.number == "3-1" and "austro-hungarian brigades" in t and "one division" in t:
            ah = True
        elif r.number == "3-2" and "alpk" in t and "one division" in t:
            alpk = True
        elif r.number == "11-2" and "jgr" in t and "brigade" in t and "half strength" in t:
            jgr = True
    counters = list(counters)
    full = default_full_division_strengths(counters)
    return StackingOptions(ah_brigade_pairs=ah, alpk_group=alpk, jgr_brigade_at_half=jgr,
                           full_division_strength=full or None,
                           full_division_placeholders=full_division_placeholders(counters) or None)


def unit_stacking_value(u: "UnitView | Counter",
                        options: "StackingOptions | None" = None) -> tuple[Fraction, int]:
    """(division equivalents, artillery units) of one unit alone.

    11-1/11-2 a division (reduced or not) = 1; 11-5 fortresses, Engineers, HQs = 0; 11-6 other
    regiments and brigades = 1/2; 11-4/29-3 artillery counts in the separate artillery limit;
    28-4 an artillery division (three-brigade artillery division) = 3 artillery units; 28-3 a
    three-division corps = 3; 49-1 US infantry/marine brigade = 1, division = 2; 36-5 River
    Flotillas = 0.
    Battalions and companies are treated like regiments (1/2): the rules do not mention them.
    """
    c = _counter(u)
    if is_fortress(c) or is_engineer(c) or is_hq(c) or is_flotilla(c):   # 36-5 flotillas
        return Fraction(0), 0
    if is_artillery(c):
        return Fraction(0), (3 if c.size == SIZE_DIVISION else 1)
    if is_us_doubled(u):
        if c.size in SMALL_SIZES:
            return Fraction(1), 0
        if c.size == "XXX":
            return Fraction(6), 0
        return Fraction(2), 0
    if c.size in SMALL_SIZES:
        return Fraction(1, 2), 0
    if c.size == "XXX":
        return Fraction(3), 0
    if options is not None and options.jgr_brigade_at_half and isinstance(u, UnitView) and is_jgr(u):
        full, now = c.front.strength, u.strength
        if full is not None and now is not None and 2 * now <= full:
            return Fraction(1, 2), 0
    return Fraction(1), 0


def default_full_division_strengths(counters: Iterable[Counter]) -> dict[str, int]:
    """Full infantry-division strength per nation for 27-3: the highest full-strength circle on
    that nation's infantry or assault divisions (for plain infantry divisions without a circle in
    the data, the printed front strength)."""
    out: dict[str, int] = {}
    for c in counters:
        if c.type not in ("inf", "aslt") or c.size != SIZE_DIVISION or c.rpl:
            continue
        # an assault division's circle is its regular infantry full strength (33-4)
        v = c.full_strength if c.full_strength is not None else (
            c.front.strength if c.type == "inf" else None)
        if v is not None and v > out.get(c.nation, 0):
            out[c.nation] = v
    return out


def full_division_placeholders(counters: Iterable[Counter]) -> dict[str, tuple[int, str]]:
    """The nations whose full infantry-division strength (``default_full_division_strengths``)
    rests on a placeholder circle: nation → (strength, why), for each nation where no counter
    whose circle is printed (``Counter.placeholder("full_strength")`` is None) reaches it. A
    27-3 count by that strength declares it (a verdict on a placeholder is never a violation)."""
    counters = list(counters)
    full = default_full_division_strengths(counters)
    printed: dict[str, bool] = {}
    why: dict[str, str] = {}
    for c in counters:
        if c.type not in ("inf", "aslt") or c.size != SIZE_DIVISION or c.rpl:
            continue
        v = c.full_strength if c.full_strength is not None else (
            c.front.strength if c.type == "inf" else None)
        if v is None or v != full.get(c.nation):
            continue
        r = c.placeholder("full_strength")
        if r is None:
            printed[c.nation] = True
        else:
            why.setdefault(c.nation, r)
    return {n: (full[n], w) for n, w in why.items() if not printed.get(n)}


@dataclass(frozen=True)
class DivisionGroup:
    """Units counted together as one division (27-3, IF 3-1, IF 3-2) or one unit on its own."""

    units: tuple[UnitView, ...]
    divisions: Fraction
    rule: str          # why they are grouped: "27-3", "IF 3-1", "IF 3-2" or "11-x" for single units

    @property
    def strength(self) -> int:
        return sum(u.strength or 0 for u in self.units)


def division_groups(units: Sequence[UnitView],
                    options: StackingOptions = STANDARD_STACKING) -> list[DivisionGroup]:
    """Group the non-artillery units of one side in one hex into division equivalents.

    Order of application: IF 3-2 (2-3 German AlpK units = one division), IF 3-1 (two A-H brigades
    = one division), then 27-3 (infantry-type components of one nation whose strengths add up to
    that nation's full division strength = one division; the largest components are combined
    first). Units left over count on their own per 11-6 (1/2). Rule 27-3's example ("the fifth
    regiment would be treated as a separate division for supply and stacking purposes") is read
    as "a separate unit", counting 1/2 under 11-6; counting it as a whole division would make a
    lone regiment weigh more than 11-6 says. Artillery, HQs, Engineers and fortresses are not
    returned (they are outside the 6-division limit, 11-4/11-5).
    """
    groups: list[DivisionGroup] = []
    pool: list[UnitView] = []
    for u in units:
        c = u.counter
        if is_artillery(c) or is_hq(c) or is_engineer(c) or is_fortress(c):
            continue
        pool.append(u)

    if options.alpk_group:
        alpk = [u for u in pool if is_alpk(u) and u.counter.size in SMALL_SIZES]
        while len(alpk) >= 2:
            take = alpk[:3]
            alpk = alpk[3:]
            groups.append(DivisionGroup(tuple(take), Fraction(1), "IF 3-2"))
            for u in take:
                pool.remove(u)
    if options.ah_brigade_pairs:
        ahb = [u for u in pool if nation_is(u.nation, AUSTRIA_HUNGARY) and u.counter.size == "X"
               and not is_us_doubled(u)]
        while len(ahb) >= 2:
            take, ahb = ahb[:2], ahb[2:]
            groups.append(DivisionGroup(tuple(take), Fraction(1), "IF 3-1"))
            for u in take:
                pool.remove(u)
    if options.divisional_components and options.full_division_strength:
        by_key: dict[tuple[str, str], list[UnitView]] = {}
        for u in pool:
            c = u.counter
            if c.size in ("X", "III") and is_infantry_type(c) and not is_rpl(c) \
                    and not is_us_doubled(u):
                by_key.setdefault((u.nation, c.type), []).append(u)
        for (nation, _t), comps in sorted(by_key.items()):
            full = options.full_division_strength.get(nation)
            if not full:
                continue
            # a component already at full division strength on its own stays a brigade/regiment
            # (11-6): 27-3 only merges several components, it never makes one count more
            comps = sorted((x for x in comps if (x.strength or 0) < full),
                           key=lambda x: (-(x.strength or 0), x.id))
            current: list[UnitView] = []
            total = 0
            for u in comps:
                current.append(u)
                total += u.strength or 0
                if total >= full:
                    groups.append(DivisionGroup(tuple(current), Fraction(1), "27-3"))
                    for g in current:
                        pool.remove(g)
                    current, total = [], 0
    for u in pool:
        d, _a = unit_stacking_value(u, options)
        rule = "49-1" if is_us_doubled(u) else ("11-6" if u.counter.size in SMALL_SIZES else "11-1")
        if d == Fraction(1, 2) and u.counter.size not in SMALL_SIZES:
            rule = "IF 11-2"
        groups.append(DivisionGroup((u,), d, rule))
    return groups


# --------------------------------------------------------------------------- rail capacity


def rail_capacity_divisions(u: UnitView) -> int:
    """Division equivalents a unit uses of a rail capacity when it moves by rail.

    8-6 understrength units count as full; 8-8 Siege Artillery, Engineers, Brigades, Regiments and
    HQs = 1 each, non-siege Artillery = 2 (29-8); 18-4 an HQ counts 1 for up to 10 SP plus 1 per
    further 10 SP or fraction (42 SP → 5); 8-7 ten SP = 1 division (an SP marker, rounded up as
    18-4 does); 49-1 US infantry/marine brigade = 1, division = 2; 28-3 a three-division corps = 3.
    """
    c = u.counter
    if is_fortress(c):
        raise ValueError("21-1: fortresses are immobile and never move by rail")
    if is_hq(c):
        extra = max(0, u.supply_points - 10)
        return 1 + math.ceil(extra / 10)
    if c.type == "sp":
        return max(1, math.ceil(u.supply_points / 10))
    if is_artillery(c):
        return 1 if is_siege_artillery(c) else 2
    if is_engineer(c):
        return 1
    if is_us_doubled(u):
        return 1 if c.size in SMALL_SIZES else (6 if c.size == "XXX" else 2)
    if c.size == "XXX":
        return 3
    return 1


def hq_rail_divisions(supply_points: int) -> int:
    """Rule 18-4 / 8-8: an HQ's rail-capacity cost from the SP it holds (42 → 5, 20 → 2)."""
    if supply_points < 0:
        raise ValueError("supply points cannot be negative")
    return 1 + math.ceil(max(0, supply_points - 10) / 10)


def single_track_units(u: UnitView) -> Fraction:
    """How many "units" a unit is for the single-track limit of 7-9: one division or equivalent,
    an HQ with up to 10 SP, or one artillery unit is one; an HQ with more SP counts as its rail
    divisions (18-4), and a US division as two (49-1)."""
    c = u.counter
    if is_artillery(c):
        return Fraction(1)
    return Fraction(rail_capacity_divisions(u))


# --------------------------------------------------------------------------- strength markers

#: The readings of a stack's strength reduction markers the rules leave open: 13-22 applies them
#: "in the order they are placed in the stack" (which a log reader may not know) and does not say
#: how a 1/2 marker rounds an odd strength. (halves first?, round halves up?)
STRENGTH_MARKER_READINGS = ((False, False), (False, True), (True, False), (True, True))


def apply_strength_markers(strength: int | None, markers: Sequence[str], *,
                           halves_first: bool = False, round_up: bool = False) -> int | None:
    """11-8 / 13-21 / 13-22: the strength of a unit under strength reduction markers ("-1"
    subtracts one point, "1/2" halves) in one reading of their order and rounding. Never below 0;
    None (no printed strength) stays None; an unknown marker value changes nothing."""
    if strength is None:
        return None
    minus = sum(1 for m in markers if m.strip() == "-1")
    halves = sum(1 for m in markers if m.strip() in ("1/2", "½"))
    s = strength

    def halve(x: int) -> int:
        for _ in range(halves):
            x = -(-x // 2) if round_up else x // 2
        return x
    if halves_first:
        s = halve(s) - minus
    else:
        s = halve(s - minus)
    return max(s, 0)


def strengths_under_markers(strength: int | None, markers: Sequence[str]) -> set[int | None]:
    """Every strength the markers can give in the readings 13-22 leaves open."""
    return {apply_strength_markers(strength, markers, halves_first=h, round_up=r)
            for h, r in STRENGTH_MARKER_READINGS}
