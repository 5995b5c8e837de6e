"""Burning Mountains rules as small pure functions, each citing its rule (file 004).

Nothing here reads a log or the module: the checker (``check.py``) and the tests call these with
plain values. Where the rulebook contradicts itself or is silent, the function takes the reading
named in ``CHOICES`` and, where a verdict depends on it, says so (``readings`` arguments return
every reading so the checker can call a verdict undetermined when they differ).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Mapping, Sequence

from ...hexgrid import Hex, Hexside

#: the checker's choices where the rulebook is contradictory or silent (reported in every check run)
CHOICES: Mapping[str, str] = {
    "supply-ezoc": "6.2 forbids tracing supply through an EZOC hex, 11.3 allows one non-negated EZOC hex: "
                   "supply is traced by 11.3 (one EZOC hex); a unit whose state differs under 6.2 gets an "
                   "undetermined verdict",
    "9.2.1-twice": "two sections are numbered 9.2.1 (004:L471, L477): the first is read as 9.2.1a (retreat as a "
                   "stack, split only in the last hex to avoid an overstack), the second as 9.2.1b (the guidelines)",
    "4.6-missing": "4.6 'Other Limitations on Movement' is listed but not printed: no limitation beyond 4.1-4.5, "
                   "6.3-6.4 and 12.3-12.4 is checked; a move that only a missing 4.6 could forbid is not a violation",
    "av-zero-is-one": "7.8 'Artillery value of zero is considered one' is read as: the altitude +1 makes a printed "
                      "AV of 0 into 1 (reading A); reading C (0 counts as 1, then +1 = 2) is also computed and a "
                      "TdP verdict where they differ is undetermined",
    "ezoc-to-ezoc": "6.3 'EZOC to EZOC costs +2 MPs' is the +1 to exit plus the +1 to enter, not +2 more",
    "road-in-ezoc": "6.3 'roads are ignored in EZOC': a move into or out of a hex in an EZOC pays the terrain, "
                    "not the road",
    "supply-crag": "11.3 is silent on crags: a supply path does not cross a crag hexside (as no unit does, 4.5)",
    "supply-length": "11.4 path length counts the hexes entered from the unit's hex to the source, source included",
    "mountain-vs-infantry": "12.1 'when fighting against normal Infantry (only)': the +1 applies when every "
                            "opposing combat unit in the combat is infantry",
    "command-artillery": "7.2 / 7.4 count the non-artillery units taking part; artillery supports with its AV "
                         "and is withheld in defence (12.3), fortresses count as units",
    "edge-inclusive": "13.0 'west edge south of 1015', 'east edge south of 3906': the named hexes are included",
    "12.4-over-12.2": "GT 1: an Italian unit attacked (also) by artillery is flanked (12.4) even when it defends "
                      "with a fortress (12.2) or on a map edge (7.9.2): the first-turn rule is the special case",
    "flank-occupied": "7.9 'occupied by an enemy unit': any enemy unit, artillery included; a friendly unit of "
                      "the defender in one of the hexes takes it out of the count",
}

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


# --------------------------------------------------------------------------- 10 CE and steps

@dataclass(frozen=True)
class UnitCe:
    """A unit's loss state: flipped to the reduced side, and its CE marker (0, 1 or 2)."""

    steps: int                  # printed steps (1 or 2)
    reduced: bool = False
    ce: int = 0
    eliminated: bool = False

    @property
    def steps_left(self) -> int:
        if self.eliminated:
            return 0
        return 1 if self.reduced or self.steps == 1 else 2

    def reductions_to_eliminate(self) -> int:
        """How many more CE reductions eliminate the unit (9.4.2, 10.2)."""
        if self.eliminated:
            return 0
        return (self.steps_left - 1) * 3 + (3 - self.ce)


def reduce_ce(u: UnitCe, n: int = 1) -> tuple[UnitCe, int]:
    """9.4.2, 10.2: ``n`` CE reductions: -1, then -2, then the third is a step loss (flip or remove,
    marker removed). Returns the new state and the step losses suffered."""
    steps_lost = 0
    reduced, ce = u.reduced, u.ce
    for _ in range(n):
        if ce < 2:
            ce += 1
            continue
        steps_lost += 1
        ce = 0
        if reduced or u.steps == 1:
            return UnitCe(u.steps, True, 0, True), steps_lost
        reduced = True
    return UnitCe(u.steps, reduced, ce), steps_lost


def allocation_problem(units: Mapping[str, UnitCe], allocation: Mapping[str, int]) -> str | None:
    """9.4.2: reductions must be spread evenly over the participating units (all take one before any
    takes two, and so on) except where the next one would eliminate a unit. None when the allocation
    is legal, else why not."""
    for a, na in allocation.items():
        for b, ub in units.items():
            nb = allocation.get(b, 0)
            if na >= nb + 2 and nb + 1 < ub.reductions_to_eliminate():
                return (f"{a} took {na} reductions while {b} took {nb}: all units take one before any takes "
                        f"two, unless that would eliminate the unit")
    return None


def can_recover(*, unit_type: str, ce: int, in_supply: bool, moved: bool, ma: int,
                enemy_distance: int | None) -> tuple[bool, str]:
    """10.3, 10.3.1, 4.4: infantry (cyclists included) and mountain units with a CE marker, in supply,
    stationary spending 4 MP, at least three hexes from the nearest enemy unit (two hexes between)."""
    if unit_type not in ("inf", "mtn"):
        return False, "only infantry and mountain units recover Combat Effectiveness (10.3)"
    if ce <= 0:
        return False, "the unit has no reduced-CE marker"
    if not in_supply:
        return False, "the unit is not in supply (10.3.1)"
    if moved:
        return False, "the unit moved: recovery needs 4 MP spent while stationary (10.3.1, 4.4)"
    if ma < 4:
        return False, f"MA {ma} is less than the 4 MP recovery costs (10.3.1)"
    if enemy_distance is not None and enemy_distance < 3:
        return False, f"the nearest enemy unit is {enemy_distance} hex(es) away, three are needed (10.3.1)"
    return True, ""


# --------------------------------------------------------------------------- 5 stacking, 7.8 attack per hex

def stack_steps(units: Iterable[tuple[bool, int]]) -> int:
    """5.1: the steps of combat units counting for stacking; ``units`` = (counts, steps_left)."""
    return sum(s for counts, s in units if counts)


def overstack(steps: int, limit: int) -> int:
    """5.1-5.2: steps above the hex's limit (0 = legal)."""
    return max(0, steps - limit)


def attack_steps_allowed(defender_hex_limit: int) -> int:
    """7.8: at most the defending hex's stacking limit may attack from each hex."""
    return defender_hex_limit


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

def zoc_hexes(h: Hex, on_map: set[Hex] | frozenset[Hex], crags: frozenset[Hexside] | set[Hexside]) -> set[Hex]:
    """6.0, 6.1: the six hexes around a combat unit, not across crag hexsides."""
    return {n for n in h.neighbours() if n in on_map and Hexside.of(h, n) not in crags}


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


# --------------------------------------------------------------------------- 11 supply

def supply_state_of(length: int | None) -> str:
    """11.4: a path of 4 hexes or fewer: in supply; 5-8: low; longer or none: out."""
    if length is None or length > 8:
        return "out"
    return "in" if length <= 4 else "low"


def supply_path_length(start: Hex, *, sources: set[Hex] | frozenset[Hex], on_map, crags,
                       enemy_occupied: set[Hex], ezoc: set[Hex], friendly_occupied: set[Hex],
                       max_ezoc: int = 1, limit: int = 9) -> int | None:
    """11.3: the shortest path (hexes entered, source included) from ``start`` to a source, not
    entering an enemy-occupied hex and through at most ``max_ezoc`` hexes in a non-negated EZOC
    (friendly units negate the EZOC of their hex). Paths longer than ``limit`` are not searched."""
    if start in sources:
        return 0
    from collections import deque
    best: dict[tuple[Hex, int], int] = {(start, 0): 0}
    q = deque([(start, 0, 0)])
    while q:
        h, used, dist = q.popleft()
        if dist >= limit:
            continue
        for n in h.neighbours():
            if n not in on_map or n in enemy_occupied or Hexside.of(h, n) in crags:
                continue
            u = used + (1 if n in ezoc and n not in friendly_occupied else 0)
            if u > max_ezoc:
                continue
            if n in sources:
                return dist + 1
            key = (n, u)
            if key in best:
                continue
            best[key] = dist + 1
            q.append((n, u, dist + 1))
    return None


def road_sources(edge: set[Hex] | frozenset[Hex], road_sides: frozenset[Hexside], blocked: set[Hex]) -> set[Hex]:
    """11.2 (2): road hexes connected to a friendly supply edge hex by road hexes not blocked by
    enemy units or their ZOCs; with the edge hexes themselves (11.2 (1))."""
    adj: dict[Hex, list[Hex]] = {}
    for s in road_sides:
        adj.setdefault(s.a, []).append(s.b)
        adj.setdefault(s.b, []).append(s.a)
    out = set(edge)
    todo = [h for h in edge if h in adj and h not in blocked]
    seen = set(todo)
    while todo:
        h = todo.pop()
        out.add(h)
        for n in adj.get(h, ()):
            if n not in seen and n not in blocked:
                seen.add(n)
                todo.append(n)
    return out


def attrition(previous: str | None, now: str) -> int:
    """11.5: out of supply in two consecutive own supply phases: 2 CE reductions."""
    return 2 if previous == "out" and now == "out" else 0


# --------------------------------------------------------------------------- 14 victory, 15 optional

VICTORY_LEVELS = ((29, "Italian strategic victory"), (34, "Italian marginal victory"), (40, "Draw"),
                  (45, "Austro-Hungarian marginal victory"))


def victory(vp: int) -> str:
    """14.0: the A-H VP level at the end of GT 14."""
    for top, name in VICTORY_LEVELS:
        if vp <= top:
            return name
    return "Austro-Hungarian strategic victory"


def italian_replacement(gt: int, die: int | None) -> int:
    """15.1 Italian unpreparedness: a die less than the current GT gives one point; from GT 7 it is
    automatic."""
    if gt >= 7:
        return 1
    if die is None:
        raise ValueError("the Italian player rolls a die before GT 7")
    return 1 if die < gt else 0


def brusilov_stops(gt: int, die: int) -> bool:
    """15.1 Brusilov Offensive: from GT 10 a 1 or 2 stops the A-H replacement points."""
    return gt >= 10 and die in (1, 2)


def improved_defence(gt: int, roll_2d6: int) -> bool:
    """15.2: 2d6 + the current GT of 15 or more: Italian combat units +1 defence from now on."""
    return roll_2d6 + gt >= 15


# --------------------------------------------------------------------------- 9.2 retreat

def retreat_problems(path: Sequence[Hex], *, hexes_required: int, on_map, crags, enemy_combat: set[Hex],
                     ezoc: set[Hex], friendly_occupied: set[Hex], source_distance) -> tuple[list[str], bool]:
    """9.2, 9.2.1b: a retreat of ``hexes_required`` hexes along ``path`` (start hex first).
    Returns (illegal moves, guidelines failed): a retreat may not cross crags or enter enemy combat
    units; the guidelines are to avoid empty EZOC hexes if possible and to retreat toward a supply
    source (``source_distance(hex)``: hexes to the nearest source). Whether an EZOC hex *could* have
    been avoided needs the other paths: the checker asks for that separately."""
    bad = []
    failed = False
    for a, b in zip(path, path[1:]):
        if a.direction_to(b) is None:
            bad.append(f"{a} to {b} is not one hex")
        elif b not in on_map:
            bad.append(f"{b} is off the map")
        elif Hexside.of(a, b) in crags:
            bad.append(f"{a} to {b} crosses a crag (4.5)")
        elif b in enemy_combat:
            bad.append(f"{b} holds an enemy combat unit (4.1)")
    if len(path) - 1 < hexes_required:
        bad.append(f"{len(path) - 1} hex(es) retreated, the result is R{hexes_required}")
    for h in path[1:]:
        if h in ezoc and h not in friendly_occupied:
            failed = True
    if path and len(path) > 1:
        d0, d1 = source_distance(path[0]), source_distance(path[-1])
        if d0 is not None and d1 is not None:
            if hexes_required == 1 and d1 <= d0:
                pass
            elif d1 >= d0:
                failed = True
    return bad, failed
