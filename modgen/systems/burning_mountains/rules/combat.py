"""Combat (7, 8, 9.4.1, 12.1) as pure functions: command limits, strengths, odds rounded for the
defender, column shifts, magnitude and the Loss Results Table (TdP) DRMs.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Sequence

from modgen.hexgrid import Hex

from .movement import zoc_hexes

SMALL, LARGE = "Small", "Large"


# --------------------------------------------------------------------------- 8.1-8.2 odds

def _ratio(col: str) -> Fraction:
    a, d = col.split(":")
    return Fraction(int(a), int(d))


@dataclass(frozen=True)
class Odds:
    """The final odds: a CRT column, and how many ratios above the last column it was (8.2)."""

    column: str | None          # None: below the lowest column (the attack is not allowed, 8.2)
    over: int = 0               # ratios over 4:1 (+1 TdP each for the defender, 8.2 / 9.4.1)
    initial: str | None = None  # 8.1 ratio before shifts, as a label ("6:1", "1:4")

    @property
    def legal(self) -> bool:
        return self.column is not None


def ratio_label(attack: int, defence: int) -> str:
    """The combat ratio as the rulebook writes it, rounded for the defender (8.1)."""
    if defence <= 0:
        return "auto"
    if attack >= defence:
        return f"{attack // defence}:1"
    return f"1:{-(-defence // attack)}" if attack > 0 else "0:1"


def initial_position(attack: int, defence: int, columns: Sequence[str]) -> int:
    """8.1: the column index the ratio rounds to, always in the defender's favour: the highest listed
    ratio not above attack/defence. Above the last column each whole ratio is one more position
    (5:1 = last + 1); below the first column, negative (1:4 = -1 when the first is 1:3)."""
    r = Fraction(attack, defence)
    ratios = [_ratio(c) for c in columns]
    if r >= ratios[-1]:
        return len(columns) - 1 + int(r // 1) - int(ratios[-1])
    if r < ratios[0]:
        # below: count the 1:n steps down from the first column
        first_n = int(1 / ratios[0]) if ratios[0] < 1 else 1
        n = -(-Fraction(1) // r) if r > 0 else first_n + 99   # ceil(1/r)
        return -int(n - first_n)
    pos = 0
    for i, q in enumerate(ratios):
        if r >= q:
            pos = i
    return pos


def final_odds(attack: int, defence: int, columns: Sequence[str], shift: int = 0) -> Odds:
    """8.1-8.2: initial ratio rounded for the defender, shifted ``shift`` columns to the right (flank
    +2, 7.9.1); < the first column: not allowed; > the last: resolved there with ``over``."""
    pos = initial_position(attack, defence, columns) + shift
    label = ratio_label(attack, defence)
    if pos < 0:
        return Odds(None, 0, label)
    last = len(columns) - 1
    if pos > last:
        return Odds(columns[last], pos - last, label)
    return Odds(columns[pos], 0, label)


# --------------------------------------------------------------------------- 8.4 magnitude

def magnitude(total_steps: int) -> str:
    """8.4: the steps of both sides taking part: six or fewer Small, seven or more Large."""
    return SMALL if total_steps <= 6 else LARGE


# --------------------------------------------------------------------------- 9.4.1 TdP DRMs

def artillery_drm(av: int) -> int:
    """9.4.1 (2): opponent's artillery value 0: +0; 1: +1; 2-3: +2; 4-5: +3; 6+: +4."""
    if av <= 0:
        return 0
    if av == 1:
        return 1
    if av <= 3:
        return 2
    if av <= 5:
        return 3
    return 4


def tdp_drms(*, crt_drm: int, opponent_av: int, defender: bool, flanked: bool = False,
             retreat_failed: bool = False, over: int = 0) -> list[tuple[str, int]]:
    """9.4.1: the DRMs of one side's Loss Results Table roll, as (what, value) pairs."""
    out = [("CRT result", crt_drm), (f"opponent's AV {opponent_av}", artillery_drm(opponent_av))]
    if defender and flanked:
        out.append(("defender flanked (7.9.1)", 2))
    if retreat_failed:
        out.append(("unable to retreat or to fulfil the retreat guidelines (9.2.1)", 2))
    if defender and over:
        out.append((f"odds {over} ratio(s) over 4:1 (8.2)", over))
    return [(k, v) for k, v in out if v]



# --------------------------------------------------------------------------- 7.2, 7.4 command

def _corps_ok(corps: Sequence[str | None], extra: int, independents: int) -> bool:
    if not corps:
        return True
    ind = [c for c in corps if c is None]
    if len(ind) == len(corps):
        return len(corps) <= independents
    for c in set(x for x in corps if x is not None):
        if sum(1 for x in corps if x != c) <= extra:
            return True
    return False


def attack_command_ok(corps: Sequence[str | None]) -> bool:
    """7.2: all the units of one corps plus two others, or three independent units
    (``corps``: one entry per attacking unit, None = independent)."""
    return _corps_ok(corps, 2, 3)


def defence_command_ok(corps: Sequence[str | None]) -> bool:
    """7.4: all the units of one corps plus one other, or two independent units."""
    return _corps_ok(corps, 1, 2)


def defence_withheld_count(corps: Sequence[str | None]) -> int:
    """7.4: how many units of a defending stack must be withheld at least (the defender chooses
    which): the most that may defend is one corps plus one other unit, or two independent units."""
    n = len(corps)
    n_ind = sum(1 for c in corps if c is None)
    best = min(2, n_ind)
    for c in set(x for x in corps if x is not None):
        k = sum(1 for x in corps if x == c)
        best = max(best, k + (1 if n > k else 0))
    return n - best


# --------------------------------------------------------------------------- strengths

def attack_strength(printed: int, *, ce: int = 0, supply: str = "in", upslope: bool = False,
                    across_stream: bool = False, mountain_bonus: bool = False) -> int:
    """7.8, 10.1, 11.1, 12.1: printed attack - CE - supply (LS 1, OOS 2) + 1 mountain vs infantry in
    mountain terrain - 1 attacking upslope or across a stream (never more than 1 in all)."""
    s = printed - ce - {"in": 0, "low": 1, "out": 2}[supply] + (1 if mountain_bonus else 0)
    if upslope or across_stream:
        s -= 1
    return s


def defence_strength(printed: int, *, ce: int = 0, supply: str = "in", mountain_bonus: bool = False,
                     improved: bool = False) -> int:
    """10.1, 11.1, 12.1, 15.2: printed defence - CE - supply + mountain +1 + Italian improved +1."""
    return printed - ce - {"in": 0, "low": 1, "out": 2}[supply] + (1 if mountain_bonus else 0) + (1 if improved else 0)


def unit_av(printed: int, *, supply: str = "in", altitude_bonus: bool = False, reading: str = "A") -> int:
    """7.8, 11.1, 10.0: the AV a unit adds: 0 out of supply; +1 for the altitude (attacking from
    higher, or defending higher than all attackers). ``reading`` of "zero is considered one":
    A = 0 + 1 = 1, C = 0 counts as 1, then + 1 = 2."""
    if supply == "out":
        return 0
    if altitude_bonus:
        base = max(printed, 1) if reading == "C" else printed
        return base + 1
    return printed


def mountain_bonus(unit_type: str, defender_terrain: str, opponents: Iterable[str]) -> bool:
    """12.1: mountain units +1 attack and defence against normal infantry only, when the defender's
    hex is mountain or high mountain."""
    opp = [t for t in opponents if t != "fortress"]
    return (unit_type == "mtn" and defender_terrain in ("mountain", "high_mountain") and bool(opp)
            and all(t == "inf" for t in opp))



# --------------------------------------------------------------------------- 6 ZOC, 7.9 flank

def is_flanked(defender: Hex, *, on_map, crags, attacker_hexes: Iterable[Hex], enemy_hexes: Iterable[Hex],
               friendly_hexes: Iterable[Hex], is_edge: bool, with_fortress: bool = False,
               gt1_artillery: bool = False) -> tuple[bool, str]:
    """7.9, 7.9.2, 12.2, 12.4: at least five of the six hexes around the defender occupied by an enemy
    unit or in the ZOC of a unit actually attacking, none of those five occupied by a friendly unit;
    never on a map-edge hex or with a fortress; on GT 1 an Italian unit attacked (also) by artillery
    is flanked."""
    if gt1_artillery:
        return True, "GT 1: attacked by artillery (12.4)"
    if is_edge:
        return False, "a defender on a map-edge hex cannot be flanked (7.9.2)"
    if with_fortress:
        return False, "units defending with a fortress cannot be flanked (12.2)"
    enemy = set(enemy_hexes)
    friendly = set(friendly_hexes)
    zoc: set[Hex] = set()
    for a in attacker_hexes:
        zoc |= zoc_hexes(a, on_map, crags)
    covered = [n for n in defender.neighbours() if (n in enemy or n in zoc) and n not in friendly]
    ok = len(covered) >= 5
    return ok, f"{len(covered)} of the 6 hexes around {defender} occupied by the enemy or in an attacker's ZOC"
