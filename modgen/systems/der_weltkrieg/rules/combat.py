"""Der Weltkrieg combat arithmetic (Standard Rules 12-16, 21, 22, 29, 30, 33, 34, nation rules 40-47)
as small pure functions: plain numbers and hexes in, numbers and reasons out. No log, no checker.

Where the rules leave a choice the functions return every value it allows (a ``frozenset``) so a
caller can tell a certain verdict from one that depends on the reading:

* the rounding of a ½ strength marker (13-22) and of "Halve Attacker Strength" (TEC) are not
  stated (missing-data M2): both roundings are kept;
* the order of the 13-25 cap (±4) and the 13-12/13-16 clamp (−1…8) is not stated either, but both
  are clampings of overlapping intervals for a die of 1-6, so the order never changes the result
  (:func:`adjusted_die` applies the cap to the modifier, then the clamp).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

from modgen.hexgrid import Hex

# --------------------------------------------------------------------------- strength (13-2, 13-22)


def _halve(s: int, round_up: bool) -> int:
    return -(-s // 2) if round_up else s // 2


def strength_under_markers(strength: int, markers_top_first: Sequence[str], *,
                           round_up: bool = False) -> int:
    """13-22: a unit's strength under strength reduction markers, applied from the top of the stack
    down ("if a 1/2 strength marker is on top of a -1 marker, then units underneath those markers
    are halved, then reduced by a further 1"). Never below 0; an unknown marker value changes
    nothing."""
    s = strength
    for m in markers_top_first:
        m = m.strip()
        if m == "-1":
            s -= 1
        elif m in ("1/2", "½"):
            s = _halve(s, round_up)
    return max(s, 0)


def marker_strengths(strength: int | None, markers_top_first: Sequence[str]) -> frozenset:
    """Every strength 13-22 allows for ``strength`` under the markers (both roundings of ½)."""
    if strength is None:
        return frozenset({None})
    return frozenset(strength_under_markers(strength, markers_top_first, round_up=r)
                     for r in (False, True))


def half_strength_option(strength: int) -> int:
    """19-11: a unit may always attack or counterattack with ½ of its strength, fractions rounded
    down, without Supply Points (19-12: unsupplied counterattacking units use it)."""
    return strength // 2


def halve_options(strength: int) -> frozenset:
    """TEC "Halve Attacker Strength" (mountain, alpine, urban, major river) and 16-8 (Column Attack):
    the rounding is not stated (missing-data M2), so both."""
    return frozenset({strength // 2, -(-strength // 2)})


def winter_italy_reduction(strength: int) -> int:
    """34-5: on map 6-4 in winter, units attacking into clear, broken, woods or rough terrain have
    their attack strength reduced by one quarter, fractions of the reduction rounded up."""
    return strength - math.ceil(strength / 4)


def is_winter(month: int, turn: int, *, italy: bool = False) -> bool:
    """34-1: winter runs from turn 1 of December to the end of turn 7 of February; 34-5: on map 6-4
    to the end of turn 7 of April. (Turn 0, the Monthly Special Turn, belongs to its month.)"""
    if month == 12 or month in (1, 2):
        return True
    return italy and month in (3, 4)


WINTER_TERRAINS_6_4 = frozenset({"clear", "broken", "woods", "rough"})


def counterattack_multiplier(*, artillery: bool = False, retreating: bool = False,
                             fortress: bool = False, russian_fortress: bool = False) -> int:
    """13-15: counterattacking strength is tripled after supply and terrain; 14-13 doubled when the
    defender retreats (fortresses never retreat, so always tripled); 29-5 artillery doubled;
    41-4 Russian fortresses are not tripled."""
    if fortress:
        return 1 if russian_fortress else 3
    if artillery:
        return 2
    return 2 if retreating else 3


def artillery_doubled_vs_fortress(infantry_sp_in_hex: int, artillery_hexsides: int) -> bool:
    """29-11: artillery attacking a fortress hex is doubled when the infantry SP in the hex are less
    than 4 × the hexsides the artillery attacks through."""
    return artillery_hexsides > 0 and infantry_sp_in_hex < 4 * artillery_hexsides


# --------------------------------------------------------------------------- die roll (13-9..13-25)

DIE_CAP = 4          # 13-25


@dataclass(frozen=True)
class Modifier:
    why: str
    drm: int
    rule: str

    def __str__(self) -> str:
        return f"{self.why} {self.drm:+d} ({self.rule})"


def capped_modifier(mods: Iterable[Modifier]) -> int:
    """13-11 modifiers are cumulative; 13-25 the most a die roll can be adjusted is +4 or −4."""
    total = sum(m.drm for m in mods)
    return max(-DIE_CAP, min(DIE_CAP, total))


def adjusted_die(roll: int, mods: Iterable[Modifier], die_min: int = -1, die_max: int = 8) -> int:
    """13-9..13-12, 13-16, 13-25: the roll plus the capped modifiers, then below −1 counts as −1
    and above 8 as 8."""
    return max(die_min, min(die_max, roll + capped_modifier(mods)))


def trench_modifier(trench: bool, negated: str | None = None) -> Modifier | None:
    """22-7: a trench marker reduces the attack die by 2 (no counterattack adjustment); ``negated``
    names the rule that takes it away (22-17, 22-18, 20-12)."""
    if not trench or negated:
        return None
    return Modifier("trench", -2, "22-7")


def artillery_vs_fortress_modifier(hexsides: int) -> Modifier | None:
    """29-10: when only artillery attacks a fortress hex, +1 per hexside it attacks through (13-25
    caps the total)."""
    return Modifier(f"artillery only vs fortress, {hexsides} hexside(s)", hexsides, "29-10") \
        if hexsides else None


def winter_counterattack_modifier(winter: bool, all_attackers_in_trenches: bool) -> Modifier | None:
    """34-4: +1 to the counterattack die in winter unless every attacking unit is in a trench."""
    return Modifier("winter", 1, "34-4") if winter and not all_attackers_in_trenches else None


SOLID_ARTILLERY = {  # 22-20: artillery SP needed against a solid defence, by year and front
    1914: {"west": 0, "italy": 0, "other": 0},
    1915: {"west": 3, "italy": 2, "other": 2},
    1916: {"west": 6, "italy": 2, "other": 2},
    1917: {"west": 9, "italy": 4, "other": 2},
    1918: {"west": 12, "italy": 6, "other": 2},
}


def solid_defence(trench: bool, infantry_sp: int, hexsides_attacked: int,
                  full_division: int | None) -> bool:
    """22-19: a hex has a "solid" defence when it holds a trench marker and, for each hexside it is
    attacked through, at least five infantry SP or a nation's full-strength infantry division's
    SP (whichever is less is enough: the rule says "five, OR ... equal to a full strength
    division")."""
    if not trench or hexsides_attacked <= 0:
        return False
    need = 5 if full_division is None else min(5, full_division)
    return infantry_sp >= need * hexsides_attacked


def solid_defence_artillery_needed(year: int, front: str) -> int:
    """22-20: artillery SP sufficient against a solid defence (``front``: west, italy, other)."""
    y = min(max(year, 1914), 1918)
    return SOLID_ARTILLERY[y].get(front, SOLID_ARTILLERY[y]["other"])


def solid_defence_modifiers(solid: bool, artillery_sp: int, needed: int,
                            terrain: str) -> tuple[Modifier | None, Modifier | None]:
    """22-21: a Combat-Phase attack on a solid defence with insufficient artillery: −1 to the attack
    die, and +2 to the counterattack die in clear or broken terrain (no effect in other terrain)."""
    if not solid or artillery_sp >= needed:
        return None, None
    counter = Modifier("solid defence, clear/broken", 2, "22-21") \
        if terrain in ("clear", "broken") else None
    return Modifier(f"solid defence, {artillery_sp} artillery SP < {needed}", -1, "22-21"), counter


# --------------------------------------------------------------------------- terrain choice (13-3)


def terrain_choice_hexsides(target: Hex, attacked_from: Iterable[Hex],
                            board_hexes: set | frozenset | None = None) -> list[Hex]:
    """13-3 / Figure 8: the neighbours of ``target`` whose hexsides the defender may choose the
    terrain from: those the attack crosses and every hexside adjacent to them around the hex.
    (Two hexsides of a hex are adjacent when their outer hexes are neighbours of each other.)
    ``board_hexes`` leaves out neighbours that are not on the map."""
    target = Hex.parse(target)
    ring = [n for n in target.neighbours() if board_hexes is None or n in board_hexes]
    through = {Hex.parse(h) for h in attacked_from}
    out = set()
    for n in ring:
        if n in through or any(n in b.neighbours() for b in through if b in ring):
            out.add(n)
    return [n for n in ring if n in out]


#: 13-3: hexsides of prohibited terrain (TEC: ocean, lake, alpine) are not chosen
PROHIBITED_TERRAINS = frozenset({"ocean", "lake", "alpine"})


@dataclass(frozen=True)
class TerrainChoices:
    """What the defender of a hex may choose (13-3..13-6, 21-4): terrain ids, and for each the
    hexsides it lies on."""

    choices: Mapping[str, tuple[str, ...]]     # terrain id -> hexside ids ("2119|2120")
    urban_allowed: bool
    notes: tuple[str, ...] = ()

    @property
    def terrains(self) -> tuple[str, ...]:
        return tuple(sorted(self.choices))


def terrain_choices(target: Hex, attacked_from: Iterable[Hex], hexside_terrain: Mapping[Hex, str],
                    *, city_center: bool = False, neutral: Iterable[Hex] = (),
                    fortress: bool = False, same_as: Mapping[str, str] | None = None
                    ) -> TerrainChoices:
    """13-3..13-6, Figure 8, 21-4: the terrain types the defender of ``target`` may use.

    ``hexside_terrain``: neighbour -> the terrain of the hexside between it and ``target``;
    ``neutral``: neighbours across a neutral country's border (not usable); ``same_as`` maps
    "treat as" rows (suburban -> clear). Prohibited hexsides (ocean, lake: an all-water hexside)
    are left out (Figure 8: a hexside "containing" ocean counts as its other terrain; the data hold
    one terrain per hexside, so an ocean/lake hexside has no other terrain to give; alpine is prohibited
terrain on the TEC too). 13-4: urban
    only when the hex has an urban hexside and a city centre, or two or more urban hexsides, or the
    attack crosses an urban hexside. 21-4: never urban with a fortress in the hex; broken when
    nothing else is left."""
    target = Hex.parse(target)
    through = [Hex.parse(h) for h in attacked_from]
    same_as = dict(same_as or {"suburban": "clear"})
    neutral = {Hex.parse(h) for h in neutral}
    sides = terrain_choice_hexsides(target, through, set(hexside_terrain))
    urban_sides = [n for n, t in hexside_terrain.items() if t == "urban"]
    urban_ok = (len(urban_sides) >= 2 or (urban_sides and city_center)
                or any(hexside_terrain.get(b) == "urban" for b in through))
    notes = []
    if fortress and urban_ok:
        urban_ok = False
        notes.append("21-4: fortresses may never use urban terrain")
    choices: dict[str, list[str]] = {}
    for n in sides:
        t = hexside_terrain.get(n)
        if t is None or t in PROHIBITED_TERRAINS or n in neutral:
            continue
        t = same_as.get(t, t)
        if t == "urban" and not urban_ok:
            continue
        choices.setdefault(t, []).append(f"{target}|{n}")
    if not choices and fortress:
        choices["broken"] = []
        notes.append("21-4: no other terrain: broken")
    return TerrainChoices({k: tuple(v) for k, v in choices.items()}, bool(urban_ok), tuple(notes))


def river_applies(attack_hexsides: Sequence[tuple[bool, bool]]) -> str | None:
    """13-5: "major_river" when every attacking unit attacks across a major river, "river" when
    every one crosses a river (or major river), else None. Each item is (river, major_river) of the
    hexside one attacking unit attacks across."""
    if not attack_hexsides:
        return None
    if all(major for _r, major in attack_hexsides):
        return "major_river"
    if all(r or major for r, major in attack_hexsides):
        return "river"
    return None


# --------------------------------------------------------------------------- results (13-13..14-4)


def retreat_reduced_loss(required: int, *, fortress_sp: int = 0, reduce: bool = True) -> tuple[int, int]:
    """14-3 / 21-5: the loss a defender that retreats must take: reduced by 1/3, rounded to the
    nearest whole number; with a fortress in the hex its SP go first and only the rest is reduced.
    ``reduce`` False for Austria-Hungary (40-6) and Italy (42-3). Returns (fortress loss, loss of
    the retreating units): two 4-4 divisions and a 3-SP fortress, result 10 → (3, 5)."""
    fort = min(fortress_sp, required)
    rest = required - fort
    if reduce:
        rest -= int(math.floor(rest / 3 + 0.5))   # rest/3 is never exactly .5
    return fort, rest


@dataclass(frozen=True)
class RetreatRule:
    """Whether the defender must retreat, and why (14-4 and the rules that change it)."""

    must: bool | None        # None: the log / data do not decide it
    rule: str
    why: str
    threshold: str = ""      # "1/2 of 8 SP = 4", "total 8 SP"


def mandatory_retreat(loss: int, strength: int, *, year: int, nations: Sequence[str],
                      city_or_port: bool = False, urban_chosen: bool = False,
                      fortress: bool = False, trench: bool = False, trench_negated: str | None = None,
                      terrain_drm: int | None = 0, terrain_halves: bool = False,
                      solid_terrain_negated: str | None = None,
                      mountain_alpine_usable: bool = False, surrounded: bool | None = None,
                      assault_first_turn: bool = False, assault_vs_fort: bool = False,
                      russia_41_3: bool = False) -> RetreatRule:
    """14-4 and the rules that change it, for the defender's loss ``loss`` (the attack's result)
    and ``strength`` (the hex's SP unadjusted for supply or terrain, 14-4; without artillery, 29-14,
    and units that retreated into the hex this phase, 14-17).

    Order of the tests: 20-7 (surrounded: ¼, any exceptions aside), 33-3 (first-turn assault: ½
    even in a trench, city or port), 14-18 (mountain or alpine terrain: never unless surrounded),
    14-4 exceptions (city centre or port, urban chosen, fortress), 33-8 (full-strength assault vs
    a fort: ½), 22-8 (trench: the whole strength), 22-16 (terrain of −3 or better in 1915, −2 or
    better from 1916: the whole strength), the nation rules 40-4/40-5 (Austria-Hungary 1914-15: ⅓
    unless stacked with Germans), 41-2 (Russia 1914-15), 42-2 (Italy before 1918), 47-2 (Romania),
    else 14-4 (½)."""
    ns = {n.lower() for n in nations}
    solid = terrain_halves or (terrain_drm is not None
                               and terrain_drm <= (-3 if year <= 1915 else -2))
    solid = solid and year >= 1915 and not solid_terrain_negated
    if fortress:
        # 14-4 / 21-5: never forced with a fortress; 33-8 (a full-strength assault unit, no
        # viable trench, neither 22-16 nor 33-3) forces ½
        if assault_vs_fort and not (trench and not trench_negated) and not solid \
                and not assault_first_turn:
            return RetreatRule(2 * loss >= strength, "33-8", "a fort hex attacked by a "
                               "full-strength assault unit: ½", f"1/2 of {strength} SP")
        return RetreatRule(False, "14-4", "units with a fortress are never forced to retreat "
                           "(21-5)")
    if surrounded:
        return RetreatRule(4 * loss >= strength, "20-7", "surrounded units retreat when the loss is "
                           "at least a quarter of the hex's strength", f"1/4 of {strength} SP")
    if assault_first_turn:
        return RetreatRule(2 * loss >= strength, "33-3", "first turn full-strength assault units "
                           "attack this country: ½, even in a trench, city or port",
                           f"1/2 of {strength} SP")
    if mountain_alpine_usable and (surrounded is False or 4 * loss < strength):
        # never forced unless surrounded (14-18); surrounded units retreat at 1/4 (20-7)
        return RetreatRule(False, "14-18", "units able to use mountain or alpine terrain are never "
                           "forced to retreat unless surrounded"
                           + ("" if surrounded is False else f" (and {loss} < 1/4 of {strength})"))
    if mountain_alpine_usable:
        return RetreatRule(None, "14-18", "never forced to retreat in mountain/alpine terrain "
                           "unless surrounded, and whether the hex is surrounded is not known")
    if city_or_port:
        return RetreatRule(False, "14-4", "a hex with a city centre or a port is never forced to "
                           "retreat")
    if urban_chosen:
        return RetreatRule(False, "14-4", "urban terrain was chosen")
    if trench and not trench_negated:
        return RetreatRule(loss >= strength, "22-8", "with a trench marker only when the loss "
                           "equals or exceeds the total strength", f"total {strength} SP")
    if solid:
        return RetreatRule(loss >= strength, "22-16", f"defensive terrain of "
                           f"{'halving' if terrain_halves else terrain_drm} in {year}: only when "
                           f"the loss equals or exceeds the total strength", f"total {strength} SP")
    third = None
    if ns & {"austria-hungary"} and year <= 1915:
        third = None if "germany" in ns else "40-4"
        if third is None:
            return RetreatRule(2 * loss >= strength, "40-5", "Austro-Hungarian units stacked with "
                               "German units: 14-4", f"1/2 of {strength} SP")
    elif ns & {"russia"} and year <= 1915 and not russia_41_3:
        third = "41-2"
    elif ns & {"italy"} and year < 1918:
        third = "42-2"
    elif ns & {"romania"}:
        third = "47-2"
    if third is not None:
        if len(ns) > 1:
            return RetreatRule(None, third, f"a stack of several nations ({', '.join(sorted(ns))}): "
                               f"the ⅓ rule {third} names only one", f"1/3 of {strength} SP")
        return RetreatRule(3 * loss >= strength, third, "⅓ of the hex's strength",
                           f"1/3 of {strength} SP")
    return RetreatRule(2 * loss >= strength, "14-4", "½ of the hex's strength",
                       f"1/2 of {strength} SP")


def retreat_reduces_losses(nations: Iterable[str]) -> bool:
    """14-3 applies except to Austro-Hungarian (40-6) and Italian (42-3) losses."""
    return not ({n.lower() for n in nations} & {"austria-hungary", "italy"})


# --------------------------------------------------------------------------- losses (13-23, 13-24, 33-4)

#: 13-23 loss classes in priority order
LOSS_CLASSES = ("attacking cavalry", "infantry", "defending cavalry", "artillery", "fortress",
                "headquarters")


def loss_class(unit_type: str, *, attacking: bool, full_strength: int | None, nation: str) -> str:
    """13-23: the loss class of a unit. Cavalry with a full strength above 1 (above 2 for British
    and German units) counts as infantry; engineers and bicycle units are counted with the
    infantry (the rule does not list them)."""
    if unit_type == "cav":
        cap = 2 if nation in ("germany", "great-britain") else 1
        if full_strength is not None and full_strength > cap:
            return "infantry"
        return "attacking cavalry" if attacking else "defending cavalry"
    if unit_type in ("art", "siege-art"):
        return "artillery"
    if unit_type == "fortress":
        return "fortress"
    if unit_type == "hq":
        return "headquarters"
    return "infantry"


@dataclass(frozen=True)
class LossUnit:
    """One unit of a side in a combat for the loss-order rules: strength before and after (None
    after = eliminated), its printed back strength (0 when it has no back: single step), its loss
    class and, for assault units, the regular full strength it reverts to (33-4)."""

    name: str
    cls: str
    before: int
    after: int          # 0 when eliminated
    back: int
    assault_full: int | None = None

    @property
    def lost(self) -> int:
        return max(self.before - self.after, 0)


def loss_order_problems(units: Sequence[LossUnit], *, fortress_first: bool = False) -> list[tuple[str, str]]:
    """13-23, 13-24, 33-4, 21-5 on the losses one side took in a combat: [(rule, message)].

    33-4: assault units take losses first, down to their regular full strength. 21-5: a defender
    retreating out of a fortress hex loses the fortress first. 13-23: all SP of one class before
    any of the next. 13-24: within a class every unit down to its back side before any is reduced
    further (units without a printed back are single-step: reducing them is eliminating them)."""
    out: list[tuple[str, str]] = []
    assault = [u for u in units if u.assault_full is not None and u.before > u.assault_full]
    others_lost = [u for u in units if u.lost and u not in assault]
    for a in assault:
        if a.after > a.assault_full and others_lost:
            out.append(("33-4", f"{', '.join(u.name for u in others_lost)} took losses while the "
                        f"assault unit {a.name} is still above its regular strength "
                        f"{a.assault_full} ({a.after})"))
    if fortress_first:
        forts = [u for u in units if u.cls == "fortress" and u.after > 0]
        rest = [u for u in units if u.cls != "fortress" and u.lost]
        if forts and rest:
            out.append(("21-5", f"{', '.join(u.name for u in rest)} took losses before the "
                        f"fortress {', '.join(f.name for f in forts)} was eliminated (the "
                        f"defender retreats: fortress SP go first)"))
    order = [c for c in LOSS_CLASSES if not (fortress_first and c == "fortress")]
    for i, cls in enumerate(order):
        left = [u for u in units if u.cls == cls and u.after > 0
                and not (u.assault_full is not None and u.after > u.assault_full)]
        later = [u for u in units if u.cls in order[i + 1:] and u.lost]
        if left and later:
            out.append(("13-23", f"{', '.join(u.name for u in later)} ({later[0].cls}) lost SP while "
                        f"{', '.join(u.name for u in left)} ({cls}) still "
                        f"{'has' if len(left) == 1 else 'have'} SP"))
    for cls in LOSS_CLASSES:
        group = [u for u in units if u.cls == cls]
        below = [u for u in group if u.after < u.back]
        above = [u for u in group if u.after > u.back
                 and not (u.assault_full is not None and u.after > u.assault_full and u.lost)]
        above = [u for u in above if u not in below]
        if below and above:
            out.append(("13-24", f"{', '.join(f'{u.name} ({u.before}→{u.after})' for u in below)} "
                        f"went below the back side while {', '.join(f'{u.name} ({u.after}, back {u.back})' for u in above)} "
                        f"{'is' if len(above) == 1 else 'are'} not yet reduced to it"))
    return out


# --------------------------------------------------------------------------- retreat (14-8, 14-11)

RETREAT_PRIORITIES = {
    1: "not enemy controlled, closer to the supplying HQ",
    2: "not enemy controlled, same distance",
    3: "enemy controlled but held by friendly units, closer",
    4: "enemy controlled but held by friendly units, same distance",
    5: "not enemy controlled, farther",
    6: "enemy controlled but held by friendly units, farther",
    7: "enemy controlled, not held by friendly units, as close as possible",
    8: "a hex the 1-hexside minimum move could not enter (14-16): the absolute last option",
}


def retreat_priority(enemy_controlled: bool, friendly_units: bool, distance: int | None,
                     from_distance: int | None) -> int | frozenset:
    """14-8: the priority (1 best … 7) of a retreat destination. Distances are MP along a valid
    supply route to the supplying HQ; when one is unknown (None) every priority it could have is
    returned as a frozenset."""
    def one(d: int) -> int:
        if enemy_controlled and not friendly_units:
            return 7
        if not enemy_controlled:
            return 1 if d < 0 else 2 if d == 0 else 5
        return 3 if d < 0 else 4 if d == 0 else 6
    if distance is None or from_distance is None:
        return frozenset(one(d) for d in (-1, 0, 1))
    return one((distance > from_distance) - (distance < from_distance))


def best_priority(priorities: Mapping[Hex, int | frozenset]) -> tuple[int | None, bool]:
    """The best priority among the candidates (14-11), and whether it is certain."""
    if not priorities:
        return None, True
    lows = [min(p) if isinstance(p, frozenset) else p for p in priorities.values()]
    highs = [max(p) if isinstance(p, frozenset) else p for p in priorities.values()]
    return min(lows), min(lows) == min(highs)


# --------------------------------------------------------------------------- advance (15-4)


def percent_lost(before: int, after: int) -> float:
    return 0.0 if before <= 0 else (before - after) / before


def advance_order_problems(units: Mapping[str, tuple[int, int]], advanced: Iterable[str]
                           ) -> list[str]:
    """15-4: no unit advances until every unit that lost a greater share of its pre-combat strength
    has advanced too. ``units``: name -> (strength before, after) of the attackers; ``advanced``:
    those that advanced. Returns one message per unit that advanced ahead of a harder-hit one."""
    adv = set(advanced)
    out = []
    for name in sorted(adv):
        b, a = units[name]
        mine = percent_lost(b, a)
        ahead = [n for n, (b2, a2) in units.items() if n not in adv and a2 > 0
                 and percent_lost(b2, a2) > mine]
        if ahead:
            out.append(f"{name} ({mine:.0%} lost) advanced before "
                       + ", ".join(f"{n} ({percent_lost(*units[n]):.0%} lost)" for n in sorted(ahead)))
    return out


# --------------------------------------------------------------------------- fortresses (21-10, 21-11)


def fortress_prone_after(strength: int) -> int:
    """21-10: consecutive surrounded turns after which a fortress is prone to surrender: more than
    7 for 12 SP or less, 14 for 13-23 SP, 28 for 24 SP or more."""
    if strength <= 12:
        return 7
    if strength <= 23:
        return 14
    return 28


def fortress_prone_turns(strength: int, surrounded_turns: int) -> int:
    """21-10: the number of turns a fortress has been prone to surrender (0: not prone). The 21-11
    example: a 15-SP fortress surrounded for 14 turns is prone for 1 turn on the next."""
    return max(0, surrounded_turns + 1 - fortress_prone_after(strength))


def fortress_surrenders(roll_2d6: int, prone_turns: int) -> bool:
    """21-11: the fortress and every unit with it surrender when the 2d6 roll minus 1 is at most
    the number of turns it has been prone."""
    return prone_turns > 0 and roll_2d6 - 1 <= prone_turns


# --------------------------------------------------------------------------- assault (33-9)


def assault_sp(strength: int, regular_full: int | None, *, pure: bool = False) -> int:
    """33-9: an assault unit's assault SP are those above its regular full strength (the circle);
    German AlpK and Jgr units are pure assault SP (33-5)."""
    if pure or regular_full is None:
        return strength if pure else 0
    return max(0, strength - regular_full)


def negates_22_16(attacking_assault_sp: int, defending_sp: int) -> bool:
    """33-9: 22-16 is negated when the attacking assault SP exceed the SP defending the hex."""
    return attacking_assault_sp > defending_sp


# --------------------------------------------------------------------------- CRT lookup


@dataclass(frozen=True)
class CrtLookup:
    """A CRT result for every column and die the combat allows (13-13, 13-17, 13-19, 13-26)."""

    results: frozenset
    table: str
    placeholder: bool
    cells: tuple = field(default_factory=tuple)   # ((column, die, result), …)


def crt_results(crt, columns: Iterable[int], dice: Iterable[int], date) -> CrtLookup:
    """The results of ``crt`` (``modgen.model.tables.CombatResultsTable``) for every column and
    adjusted die, on the table of ``date`` (13-26); 13-19 for columns above 50 is the table's."""
    cells = []
    for c in sorted(set(columns)):
        for d in sorted(set(dice)):
            cells.append((c, d, crt.result(c, d, date)))
    prov = getattr(crt, "provenance", None)
    return CrtLookup(frozenset(r for _c, _d, r in cells), crt.table_for(date).id,
                     getattr(prov, "kind", "") == "placeholder", tuple(cells))


def supply_points_for(strength: int, per_sp: int) -> int:
    """19-2 / 29-6: one Supply Point fully supplies ``per_sp`` strength points (4 for an attack, 2
    for a counterattack or for artillery), fractions rounded up."""
    return -(-strength // per_sp) if strength > 0 else 0
