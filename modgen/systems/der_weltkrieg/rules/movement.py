"""Ground movement (Standard Rules 6, 10-7, 16/6-10 column movement, 18-3, 22-6, 22-13, 29-9,
29-12, 29-16, 32-1..32-3, 33-2, 40-2, TEC): the cost of one hexside, the cheapest legal path
between two VASSAL drop points, and the check of a unit's drops in one Movement Phase.

Cost of crossing hexside a→b (6-6, 6-7, cumulative):

    TEC terrain MP of the hexside (Prohibited → illegal)
  − 1 for Mountain units on wooded rough / mountain (32-1)
  + River (+1) or Major River (+3)
  − 1 Rail Line (double track) if terrain + river ≥ 3; Single Track if ≥ 4 (Mountain units ≥ 3,
    32-2). "Before adjustment" is read as the TEC terrain + rivers, before the 32-1 reduction.
  + marker MP for entering b: Trench (22-6) / Devastation (22-13) / Hindenburg (TEC) — not counted
    across mountain or marsh (swamp) hexsides (22-2); the largest one counts if several are logged.
  + 1 entering an enemy-controlled hex (10-7) — not for artillery entering a hex already held by a
    friendly infantry-type unit (29-9)
  + 1 leaving an enemy-controlled hex (10-7) — not for Assault units (33-2)

Prohibited: TEC Prohibited terrain (ocean, lake, alpine — no exception for Mountain units: rule 32
gives none), a hex with enemy Ground Combat Units unless all have strength 0 (6-11, they are then
destroyed), EZOC→EZOC across a Major River (TEC), across the Danube into the enemy ZOC of a
unit adjacent to the Danube unless friendly ground combat units hold the hex (35-1, 35-2), entering an EZOC in Column Movement (6-10) or
after rail movement for non-German/British units (7-8, 37-4, 38-1), artillery moving
trench/devastation-in-EZOC → trench/devastation-in-EZOC (29-16), HQs entering a trench or
devastation hex without an Operative rail line there unless a friendly Engineer is there and the
hex is not in an EZOC (18-3).

Minimum move (6-9): a unit may always cross one hexside in a Movement Phase even beyond its MA,
unless the hexside is prohibited, or it goes EZOC→EZOC across a hexside whose terrain cost
(terrain + rivers − rail + markers, no ZOC costs; 22-15) is 4 or more. Mountain units: the
EZOC→EZOC limit is "not more than six" (32-3). Artillery may not use it across a mountain hexside
without a rail line (29-12; printed "rule 6-10", the rule meant is 6-9 — rules-differences §5).
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass, replace
from typing import Callable, Iterable, Sequence

from modgen.hexgrid import Hex
from .board import Board
from .terrain import TerrainCosts
from .units import (ARTILLERY_TYPES, BRITAIN, GERMANY, AUSTRIA_HUNGARY, UnitView, column_allowance,
                    is_artillery, is_assault, is_engineer, is_fortress, is_ground_combat_unit,
                    is_infantry_type, is_mountain, is_rail_only, movement_allowance, nation_is)
from .danube import danube_crossing_blocked
from .zoc import enemy_zoc

OK, PROHIBITED, UNKNOWN = "ok", "prohibited", "unknown"
LEGAL, ILLEGAL, UNDETERMINED = "legal", "illegal", "undetermined"

TERRAIN_LABELS = {"wooded_rough": "wooded rough"}


def _label(terrain: str) -> str:
    return TERRAIN_LABELS.get(terrain, terrain)


@dataclass(frozen=True, init=False)
class StepCost:
    """The cost of crossing one hexside ``frm``→``to``, with its parts for messages.

    (Made by the thousand in every path search: the constructor below fills the instance's
    ``__dict__`` in one go rather than field by field through ``object.__setattr__``, as a frozen
    dataclass's would; the fields, their defaults, equality, hash and ``replace`` are the
    dataclass's.)"""

    frm: Hex
    to: Hex
    status: str                                  # ok | prohibited | unknown
    mp: int | None = None                        # total when status == ok
    parts: tuple[tuple[str, int], ...] = ()      # ("woods", 2), ("river", 1), ("enter EZOC", 1)
    terrain_mp: int | None = None                # without ZOC costs (6-9, 22-15, 32-3)
    reason: str = ""                             # why prohibited / unknown, with the rule number
    rules: tuple[str, ...] = ()
    from_ezoc: bool = False
    to_ezoc: bool = False
    destroys: tuple[UnitView, ...] = ()          # 0-strength enemy units destroyed (6-11)
    assumed: bool = False                        # an unknown step priced at its lowest possible cost

    def __init__(self, frm: Hex, to: Hex, status: str, mp: int | None = None,
                 parts: tuple[tuple[str, int], ...] = (), terrain_mp: int | None = None,
                 reason: str = "", rules: tuple[str, ...] = (), from_ezoc: bool = False,
                 to_ezoc: bool = False, destroys: tuple[UnitView, ...] = (),
                 assumed: bool = False) -> None:
        self.__dict__.update(frm=frm, to=to, status=status, mp=mp, parts=parts,
                             terrain_mp=terrain_mp, reason=reason, rules=rules,
                             from_ezoc=from_ezoc, to_ezoc=to_ezoc, destroys=destroys,
                             assumed=assumed)

    @property
    def ok(self) -> bool:
        return self.status == OK

    def describe(self) -> str:
        """"2815→2716 woods 2 + river 1 − double-track rail 1 = 2"."""
        head = f"{self.frm}→{self.to}"
        if self.status != OK:
            return f"{head} {self.status}: {self.reason}"
        body = ""
        for i, (label, mp) in enumerate(self.parts):
            if i == 0:
                body = f"{label} {mp}"
            elif mp < 0:
                body += f" − {label} {-mp}"
            else:
                body += f" + {label} {mp}"
        if len(self.parts) > 1:
            body += f" = {self.mp}"
        return f"{head} {body}"


def _has_rail(board: Board, h: Hex) -> bool:
    for n in h.neighbours():
        s = board.hexside(h, n)
        if s is not None and (s.rail or s.terrain == "urban"):
            return True
    return False


def step_cost(board: Board, unit: UnitView, a: Hex, b: Hex, costs: TerrainCosts, *,
              ezoc: set[Hex] | frozenset[Hex] | None = None, column: bool = False,
              after_rail: bool = False, winter: bool = False,
              rail_operative: Callable[[Hex], bool | None] | None = None) -> StepCost:
    """Cost for ``unit`` to cross the hexside a→b (6-6, 6-7, TEC, 10-7, 22-6, 22-13, 29-9, 32-1,
    32-2, 33-2) or why it may not (TEC Prohibited, 6-11, 6-10, 7-8, 18-3, 29-16, Major River).

    ``ezoc``: hexes in the enemy ZOC of ``unit.side`` (computed from the board when None).
    ``after_rail``: the unit used rail movement this turn (7-8). ``rail_operative(hex)``: whether
    the rail line in a hex is Operative for the mover (18-3); None = not known.
    """
    if a.direction_to(b) is None:
        raise ValueError(f"{a} and {b} are not adjacent")
    info = board.hex_info(b)
    if info is None:
        return StepCost(a, b, PROHIBITED, reason=f"{b} is not on the map", rules=("map",))
    if not info.land:
        return StepCost(a, b, PROHIBITED, reason=f"{b} is all sea (TEC Ocean: prohibited)",
                        rules=("TEC",))
    side = board.hexside(a, b)
    if side is None:
        return StepCost(a, b, UNKNOWN, reason=f"no terrain data for hexside {a}|{b}")
    try:
        t_mp = costs.terrain_mp(side.terrain)
    except KeyError:
        return StepCost(a, b, UNKNOWN, reason=f"terrain {side.terrain!r} not in the TEC data")
    if t_mp is None:
        return StepCost(a, b, PROHIBITED, rules=("TEC",),
                        reason=f"hexside {a}|{b} is {_label(side.terrain)}: prohibited (TEC)")
    rules: list[str] = ["6-6"]
    parts: list[tuple[str, int]] = [(TERRAIN_LABELS.get(side.terrain, side.terrain), t_mp)]
    total = t_mp                       # the sum of ``parts`` so far
    mountain = is_mountain(unit, winter=winter)
    if mountain and side.terrain in costs.mountain_reduction_terrains and costs.mountain_reduction:
        parts.append(("mountain unit", -costs.mountain_reduction))
        total -= costs.mountain_reduction
        rules.append("32-1")
    pre = t_mp
    if side.major_river:
        parts.append(("major river", costs.major_river))
        total += costs.major_river
        pre += costs.major_river
    elif side.river:
        parts.append(("river", costs.river))
        total += costs.river
        pre += costs.river
    rail = side.rail or ("double" if side.terrain == "urban" else None)   # 9-14
    if rail == "double" and pre >= costs.double_track_threshold:
        parts.append(("double-track rail", -costs.rail_reduction))
        total -= costs.rail_reduction
    elif rail == "single":
        threshold = costs.mountain_single_track_threshold if mountain else costs.single_track_threshold
        if pre >= threshold:
            parts.append(("single-track rail", -costs.rail_reduction))
            total -= costs.rail_reduction
            if mountain and pre < costs.single_track_threshold:
                rules.append("32-2")
    if len(parts) > 1:
        rules.append("6-7")
    b_here = board.markers(b)
    b_markers = [k for k in b_here if costs.marker_mp(k)] if b_here else ()
    if b_markers and side.terrain not in costs.marker_free_terrains:
        k = max(b_markers, key=lambda k: (costs.marker_mp(k), k))
        parts.append((k, costs.marker_mp(k)))
        total += costs.marker_mp(k)
        rules.append({"trench": "22-6", "devastation": "22-13"}.get(k, "TEC"))
    terrain_total = total

    # 6-11: enemy ground combat units in the hex entered
    b_units = board.units(b)
    enemies = [u for u in b_units if u.side != unit.side and is_ground_combat_unit(u)] \
        if b_units else ()
    destroys: tuple[UnitView, ...] = ()
    if enemies:
        if all(u.strength == 0 for u in enemies):
            destroys = tuple(enemies)
        else:
            names = ", ".join(str(u) for u in enemies if u.strength != 0)
            return StepCost(a, b, PROHIBITED, rules=("6-11",),
                            reason=f"6-11: {b} holds enemy ground combat units ({names})")

    if ezoc is None:
        ezoc = enemy_zoc(board, unit.side)
    a_in, b_in = a in ezoc, b in ezoc
    if side.major_river and a_in and b_in:
        return StepCost(a, b, PROHIBITED, rules=("TEC",), from_ezoc=a_in, to_ezoc=b_in,
                        reason=f"TEC Major River: {a}|{b} may not be crossed from an enemy ZOC "
                               f"into an enemy ZOC")
    if b_in:
        blockers = danube_crossing_blocked(board, unit, a, b, True)
        if blockers:
            return StepCost(a, b, PROHIBITED, rules=("35-1",), from_ezoc=a_in, to_ezoc=b_in,
                            reason=f"35-1: {a}|{b} crosses the Danube into the enemy ZOC of "
                                   f"{', '.join(sorted(str(u) for u in blockers))} (adjacent to "
                                   f"the Danube) and {b} holds no friendly ground combat unit")
    if column and b_in:
        return StepCost(a, b, PROHIBITED, rules=("6-10",), from_ezoc=a_in, to_ezoc=b_in,
                        reason=f"6-10: Column Movement may not enter the enemy-controlled hex {b}")
    if after_rail and b_in and not (nation_is(unit.nation, GERMANY) or nation_is(unit.nation, BRITAIN)):
        return StepCost(a, b, PROHIBITED, rules=("7-8",), from_ezoc=a_in, to_ezoc=b_in,
                        reason=f"7-8: only German and British units may enter an enemy-controlled "
                               f"hex ({b}) in the turn they used rail movement")
    # (the unit's type read once: step_cost runs by the thousand in every path search)
    utype = unit.counter.type
    artillery = utype in ARTILLERY_TYPES                  # is_artillery (29-1)
    if artillery and a_in and b_in and _marked(board, a) and _marked(board, b):
        return StepCost(a, b, PROHIBITED, rules=("29-16",), from_ezoc=a_in, to_ezoc=b_in,
                        reason=f"29-16: artillery may not move from a trench/devastation hex in an "
                               f"enemy ZOC ({a}) to another ({b})")
    if utype == "hq" and _marked(board, b):        # is_hq (18)
        friendly_eng = any(u.side == unit.side and is_engineer(u) for u in board.units(b))
        if not (friendly_eng and not b_in):
            op = rail_operative(b) if rail_operative else None
            if op is False or (op is None and not _has_rail(board, b)):
                return StepCost(a, b, PROHIBITED, rules=("18-3",), from_ezoc=a_in, to_ezoc=b_in,
                                reason=f"18-3: an HQ may enter the trench/devastation hex {b} only "
                                       f"with an Operative rail line there, or a friendly Engineer "
                                       f"there and no enemy ZOC")
            if op is None:
                return StepCost(a, b, UNKNOWN, from_ezoc=a_in, to_ezoc=b_in,
                                reason=f"18-3: whether the rail line in {b} is Operative is not known")
    if a_in:
        if is_assault(unit):
            rules.append("33-2")
        else:
            parts.append(("leave EZOC", costs.leave_ezoc))
            total += costs.leave_ezoc
            rules.append("10-7")
    if b_in:
        if artillery and any(u.side == unit.side and is_infantry_type(u)
                                      for u in board.units(b)):
            rules.append("29-9")
        else:
            parts.append(("enter EZOC", costs.enter_ezoc))
            total += costs.enter_ezoc
            if "10-7" not in rules:
                rules.append("10-7")
    return StepCost(a, b, OK, mp=total, parts=tuple(parts), terrain_mp=terrain_total,
                    rules=tuple(dict.fromkeys(rules)), from_ezoc=a_in, to_ezoc=b_in,
                    destroys=destroys)


def _marked(board: Board, h: Hex) -> bool:
    return any(k in ("trench", "devastation") for k in board.markers(h))


def minimum_move_allowed(board: Board, unit: UnitView, step: StepCost) -> tuple[bool, str]:
    """Rule 6-9 (with 22-15, 32-3, 29-12): may ``unit`` make the one-hexside minimum move
    ``step`` although it exceeds the MA? Returns (allowed, reason with rule numbers)."""
    if step.status != OK:
        return False, f"6-9: the minimum move may not cross a prohibited hexside ({step.reason})"
    side = board.hexside(step.frm, step.to)
    if is_artillery(unit) and side is not None and side.terrain == "mountain" and not side.rail:
        return False, (f"29-12: artillery may not make the 1-hexside minimum move across the "
                       f"mountain hexside {step.frm}|{step.to} without a rail line")
    if step.from_ezoc and step.to_ezoc:
        tm = step.terrain_mp or 0
        if is_mountain(unit):
            if tm > 6:
                return False, (f"32-3: a Mountain unit's minimum move EZOC→EZOC may cost at most 6 "
                               f"MP of terrain; {step.frm}→{step.to} costs {tm}")
            return True, "6-9/32-3: minimum move of one hexside"
        if tm >= 4:
            return False, (f"6-9: no minimum move from an enemy-controlled hex into another across "
                           f"a hexside costing {tm} MP of terrain (4 or more)")
    return True, "6-9: minimum move of one hexside"


# --------------------------------------------------------------------------- path search


@dataclass(frozen=True)
class PathResult:
    """The cheapest legal path found between two hexes within a budget."""

    start: Hex
    end: Hex
    budget: int
    cost: int | None                       # None: no legal path within the budget
    path: tuple[Hex, ...] = ()
    steps: tuple[StepCost, ...] = ()
    expanded: int = 0                      # hexes popped from the queue (bounded-search evidence)
    unknown: tuple[StepCost, ...] = ()     # steps skipped for lack of data inside the searched area

    @property
    def found(self) -> bool:
        return self.cost is not None

    def describe(self) -> str:
        return "; ".join(s.describe() for s in self.steps)


_LOWER_BOUNDS: dict[int, tuple[TerrainCosts, int]] = {}


def _lower_bound_step(costs: TerrainCosts) -> int:
    """The cheapest step any unit can make (``cheapest_path``'s estimate), once per costs."""
    hit = _LOWER_BOUNDS.get(id(costs))
    if hit is not None and hit[0] is costs:
        return hit[1]
    lb = _lower_bound(costs)
    if len(_LOWER_BOUNDS) > 256:
        _LOWER_BOUNDS.clear()
    _LOWER_BOUNDS[id(costs)] = (costs, lb)
    return lb


def _lower_bound(costs: TerrainCosts) -> int:
    vals = [v for v in costs.terrain.values() if v is not None]
    if not vals:
        return 0
    red = costs.rail_reduction
    lows = []
    for t, v in costs.terrain.items():
        if v is None:
            continue
        x = v - (costs.mountain_reduction if t in costs.mountain_reduction_terrains else 0)
        if v >= min(costs.double_track_threshold, costs.mountain_single_track_threshold):
            x -= red
        lows.append(x)
    thresholds = min(costs.double_track_threshold, costs.single_track_threshold,
                     costs.mountain_single_track_threshold)
    return max(0, min(min(lows), thresholds - red))


def cheapest_path(board: Board, unit: UnitView, start: Hex, end: Hex, budget: int,
                  costs: TerrainCosts, *, ezoc: set[Hex] | frozenset[Hex] | None = None,
                  column: bool = False, after_rail: bool = False, winter: bool = False,
                  rail_operative: Callable[[Hex], bool | None] | None = None,
                  max_expansions: int | None = None, optimistic: bool = False) -> PathResult:
    """Cheapest legal ground path start→end costing at most ``budget`` MP (6-6, 10-7, TEC).

    A* (Dijkstra with the hex distance × the cheapest possible step as an admissible bound): a
    hex is only expanded when cost-so-far + bound to ``end`` ≤ budget, so the search stays inside
    the ellipse of hexes reachable on the way to ``end`` and never beyond the MA-sized
    neighbourhood of ``start``. Steps whose data is missing are skipped and reported in
    ``unknown``. With ``optimistic`` they are instead priced at the cheapest possible step
    (``assumed=True``): a path found that way means "maybe legal" — the caller reports
    "undetermined" rather than a violation.
    """
    start, end = Hex.parse(start), Hex.parse(end)
    if ezoc is None:
        ezoc = enemy_zoc(board, unit.side)
    if start == end:
        return PathResult(start, end, budget, 0, (start,), (), 0)
    lb = _lower_bound_step(costs)
    if start.distance(end) * lb > budget:
        return PathResult(start, end, budget, None, (), (), 0)
    best: dict[Hex, int] = {start: 0}
    prev: dict[Hex, StepCost] = {}
    heap: list[tuple[int, int, Hex]] = [(start.distance(end) * lb, 0, start)]
    expanded = 0
    unknown: dict[tuple[Hex, Hex], StepCost] = {}
    done: set[Hex] = set()
    while heap:
        f, g, h = heapq.heappop(heap)
        if h in done or g != best.get(h):
            continue
        done.add(h)
        if h == end:
            break
        expanded += 1
        if max_expansions is not None and expanded > max_expansions:
            break
        for n in h.neighbours():
            if n in done:
                continue
            hn = n.distance(end) * lb
            if g + lb + hn > budget:
                continue
            s = step_cost(board, unit, h, n, costs, ezoc=ezoc, column=column,
                          after_rail=after_rail, winter=winter, rail_operative=rail_operative)
            if s.status == UNKNOWN:
                unknown[(h, n)] = s
                if not optimistic:
                    continue
                s = replace(s, status=OK, mp=lb, parts=(("unknown (at least)", lb),), terrain_mp=lb,
                            assumed=True)
            if s.status != OK:
                continue
            # 6-11: 0-strength enemy units in ``n`` are destroyed at no cost; moving on is allowed.
            ng = g + (s.mp or 0)
            if ng > budget or ng + hn > budget:
                continue
            if ng < best.get(n, 1 << 30):
                best[n] = ng
                prev[n] = s
                heapq.heappush(heap, (ng + hn, ng, n))
    if end not in done:
        return PathResult(start, end, budget, None, (), (), expanded, tuple(unknown.values()))
    steps = steps_back(prev, start, end)
    path = (start,) + tuple(s.to for s in steps)
    return PathResult(start, end, budget, best[end], path, tuple(steps), expanded,
                      tuple(unknown.values()))


def reachable(board: Board, unit: UnitView, start: Hex, budget: int, costs: TerrainCosts, *,
              ezoc: set[Hex] | frozenset[Hex] | None = None, enter_ezoc: bool = True,
              column: bool = False, winter: bool = False,
              max_hexes: int = 20_000) -> tuple[dict[Hex, int], bool]:
    """Every hex ``unit`` can reach from ``start`` in one Movement Phase, with its cheapest MP
    cost (Dijkstra over ``step_cost``), and whether a step with missing data was skipped. The
    one-hexside minimum move (6-9) adds the neighbours it allows at the full budget. With
    ``enter_ezoc=False`` no enemy-controlled hex is entered (scenario rules that never require
    it: Galicia 7-2). A hex with enemy units is never entered (6-11), so none is returned."""
    start = Hex.parse(start)
    if ezoc is None:
        ezoc = enemy_zoc(board, unit.side)
    best: dict[Hex, int] = {start: 0}
    done: set[Hex] = set()
    unknown = False
    heap: list[tuple[int, Hex]] = [(0, start)]
    while heap and len(done) < max_hexes:
        g, h = heapq.heappop(heap)
        if h in done or g != best.get(h):
            continue
        done.add(h)
        for n in h.neighbours():
            if n in done:
                continue
            if not enter_ezoc and n in ezoc:
                continue
            s = step_cost(board, unit, h, n, costs, ezoc=ezoc, column=column, winter=winter)
            if s.status == UNKNOWN:
                unknown = True
                continue
            if s.status != OK or s.destroys:
                continue
            ng = g + (s.mp or 0)
            if ng <= budget and ng < best.get(n, 1 << 30):
                best[n] = ng
                heapq.heappush(heap, (ng, n))
    for n in start.neighbours():            # 6-9: one hexside beyond the MA
        if n in best or (not enter_ezoc and n in ezoc):
            continue
        s = step_cost(board, unit, start, n, costs, ezoc=ezoc, column=column, winter=winter)
        if s.status == OK and not s.destroys and minimum_move_allowed(board, unit, s)[0]:
            best[n] = budget
    return best, unknown


def steps_back(prev: dict[Hex, StepCost], start: Hex, end: Hex) -> list[StepCost]:
    """The steps start → end of a search that kept each reached hex's step in ``prev``."""
    steps: list[StepCost] = []
    cur = end
    while cur != start:
        s = prev[cur]
        steps.append(s)
        cur = s.frm
    steps.reverse()
    return steps


# --------------------------------------------------------------------------- checking a phase


@dataclass(frozen=True)
class MovementCheck:
    """The verdict on one unit's drops in one Movement Phase.

    ``verdict``: legal / illegal / undetermined; ``rule``: the rule the verdict rests on;
    ``message``: human text with the numbers ("6 MP spent, MA 5: …"); ``spent`` and
    ``allowance`` in MP; ``column`` True when the move is legal only as Column Movement (the
    checker must then forbid rail and Column Attacks for the unit this phase, 6-10/7-10);
    ``minimum_move`` True when only 6-9 makes it legal.
    """

    verdict: str
    rule: str
    message: str
    spent: int | None = None
    allowance: int | None = None
    segments: tuple[PathResult, ...] = ()
    column: bool = False
    minimum_move: bool = False
    destroyed: tuple[UnitView, ...] = ()

    @property
    def legal(self) -> bool:
        return self.verdict == LEGAL


def _segments(board: Board, unit: UnitView, drops: Sequence[Hex], budget: int, costs: TerrainCosts,
              **kw) -> tuple[list[PathResult], bool]:
    """Cheapest paths for successive drops sharing one budget; (results, all found)."""
    out: list[PathResult] = []
    left = budget
    for a, b in zip(drops, drops[1:]):
        r = cheapest_path(board, unit, a, b, max(left, 0), costs, **kw)
        out.append(r)
        if not r.found:
            return out, False
        left -= r.cost or 0
    return out, True


def _min_enemy_distance(board: Board, unit: UnitView, h: Hex) -> int | None:
    """Distance to the nearest enemy unit on the board (40-2: "enemy units on the same map or
    within 20 hexes" — the board is one map, so every enemy unit on it counts)."""
    best: int | None = None
    for u in board.all_units():
        if u.side == unit.side or u.hex is None:
            continue
        d = h.distance(u.hex)
        if best is None or d < best:
            best = d
    return best


def check_movement(board: Board, unit: UnitView, drops: Sequence[Hex | str], costs: TerrainCosts, *,
                   ezoc: set[Hex] | frozenset[Hex] | None = None, column: bool | None = None,
                   rail_used: bool = False, allowance: int | None = None, winter: bool = False,
                   rail_operative: Callable[[Hex], bool | None] | None = None) -> MovementCheck:
    """Check a unit's successive drop points ``drops`` (first = where it began the phase) in one
    Movement Phase of ground movement (6-6, 6-9, 6-10, 7-8, 7-10, 10-7, 40-2).

    ``column``: True/False when the log declares it; None = not declared: the move is accepted
    as Column Movement when only that makes it legal (the result says so). ``rail_used``: the unit
    moved by rail earlier this turn (7-8, 7-10). ``allowance`` overrides the printed MA (e.g. 30-4
    winter cavalry). Returns a ``MovementCheck``; "undetermined" when map data is missing.
    """
    pts = [Hex.parse(d) for d in drops]
    pts = [h for i, h in enumerate(pts) if i == 0 or h != pts[i - 1]]
    if len(pts) < 2:
        return MovementCheck(LEGAL, "6-3", f"{unit} did not move", 0, allowance)
    if is_fortress(unit):
        return MovementCheck(ILLEGAL, "21-1", f"21-1: fortresses are immobile ({unit} moved "
                                              f"{' → '.join(map(str, pts))})")
    if is_rail_only(unit):
        return MovementCheck(ILLEGAL, "6-12",
                             f"6-12: {unit} is rail-bound (RR) and may not move by ground movement "
                             f"({' → '.join(map(str, pts))})")
    ma = allowance if allowance is not None else movement_allowance(unit)
    if ma is None:
        return MovementCheck(UNDETERMINED, "6-1", f"6-1: {unit} has no printed Movement Allowance")
    if ezoc is None:
        ezoc = enemy_zoc(board, unit.side)
    kw = dict(ezoc=ezoc, after_rail=rail_used, winter=winter, rail_operative=rail_operative)
    if column and (is_artillery(unit) or not is_ground_combat_unit(unit)):
        return MovementCheck(ILLEGAL, "6-10", f"6-10: only Ground Combat Units other than artillery "
                                              f"may use Column Movement ({unit})")
    if column and rail_used:
        return MovementCheck(ILLEGAL, "7-10", f"7-10: {unit} moved by rail this turn and may not "
                                              f"also use Column Movement")
    route = " → ".join(map(str, pts))
    # 40-2: an A-H unit ending closer to the enemy than it began may not use Column Movement
    ah_closer = None
    if nation_is(unit.nation, AUSTRIA_HUNGARY):
        d0 = _min_enemy_distance(board, unit, pts[0])
        d1 = _min_enemy_distance(board, unit, pts[-1])
        if d0 is not None and d1 is not None and d1 < d0:
            ah_closer = (d0, d1)
            if column:
                column = None       # judged as normal movement; column only to explain 40-2

    min_reason = ""
    saw_unknown = False
    if not column:
        segs, ok = _segments(board, unit, pts, ma, costs, column=False, **kw)
        saw_unknown |= any(r.unknown for r in segs)
        if ok:
            spent = sum(s.cost or 0 for s in segs)
            return MovementCheck(LEGAL, "6-9", f"{spent} MP spent, MA {ma}: "
                                 + "; ".join(s.describe() for s in segs),
                                 spent, ma, tuple(segs), destroyed=_destroyed(segs))
        # 6-9 minimum move: the whole phase is one hexside
        if len(pts) == 2 and pts[0].direction_to(pts[1]) is not None:
            s = step_cost(board, unit, pts[0], pts[1], costs, **kw)
            saw_unknown |= s.status == UNKNOWN
            if s.status == OK:
                allowed, why = minimum_move_allowed(board, unit, s)
                if allowed:
                    return MovementCheck(LEGAL, "6-9", f"{why}: {s.describe()} (MA {ma})", s.mp, ma,
                                         (PathResult(pts[0], pts[1], ma, s.mp, tuple(pts), (s,)),),
                                         minimum_move=True, destroyed=s.destroys)
                min_reason = why
    col_ok = not is_artillery(unit) and is_ground_combat_unit(unit) and not rail_used   # 6-10, 7-10
    cma = column_allowance(ma)
    if col_ok and column is not False:
        segs, ok = _segments(board, unit, pts, cma, costs, column=True, **kw)
        saw_unknown |= any(r.unknown for r in segs)
        if ok:
            spent = sum(s.cost or 0 for s in segs)
            if ah_closer is not None:
                d0, d1 = ah_closer
                return MovementCheck(
                        ILLEGAL, "40-2",
                        f"40-2: {spent} MP spent, MA {ma}: Austro-Hungarian {unit} would need Column "
                        f"Movement (MA {cma}) but ends {d1} hexes from the enemy, closer than the "
                        f"{d0} it began at ({route})", spent, ma, tuple(segs), column=True)
            return MovementCheck(LEGAL, "6-10",
                                 f"legal as Column Movement (6-10, MA {ma} × 1.5 = {cma}): {spent} MP "
                                 f"spent: " + "; ".join(s.describe() for s in segs),
                                 spent, cma, tuple(segs), column=True, destroyed=_destroyed(segs))
    # not legal on known data: is it perhaps legal through hexsides the map does not describe?
    # (only worth asking when the searches met such hexsides: an unknown step that could make a
    # path cheaper is always next to a hex the bounded search expanded)
    missing = _maybe_legal(board, unit, pts, costs, kw,
                           ma=None if column else ma,
                           cma=cma if col_ok and column is not False else None) if saw_unknown else []
    if missing:
        return MovementCheck(UNDETERMINED, "6-9",
                             f"{unit} {route}: no legal path within MA {ma} on known map data; "
                             f"missing: {'; '.join(missing)}", None, ma)
    if column:
        return _explain_failure(board, unit, pts, cma, costs, True, kw, "6-10")
    result = _explain_failure(board, unit, pts, ma, costs, False, kw, "6-9")
    if min_reason and result.verdict == ILLEGAL:
        result = replace(result, message=f"{result.message}; {min_reason}",
                         rule=min_reason.split(":")[0])
    return result


def _maybe_legal(board: Board, unit: UnitView, pts: list[Hex], costs: TerrainCosts, kw: dict, *,
                 ma: int | None, cma: int | None) -> list[str]:
    """Reasons (missing data) when the move could be legal if unknown hexsides were as cheap as
    possible; empty when it is illegal whatever the missing data say."""
    reasons: set[str] = set()
    tries = []
    if ma is not None:
        tries.append((ma, False))
    if cma is not None:
        tries.append((cma, True))
    for budget, col in tries:
        left = budget
        ok = True
        used_unknown = False
        seen: list[StepCost] = []
        for a, b in zip(pts, pts[1:]):
            r = cheapest_path(board, unit, a, b, max(left, 0), costs, column=col, optimistic=True, **kw)
            seen.extend(r.unknown)
            if not r.found:
                ok = False
                break
            used_unknown |= any(s.assumed for s in r.steps)
            left -= r.cost or 0
        if ok and used_unknown:
            reasons |= {s.reason for s in seen}
    if ma is not None and len(pts) == 2 and pts[0].direction_to(pts[1]) is not None:
        s = step_cost(board, unit, pts[0], pts[1], costs, **kw)
        if s.status == UNKNOWN:
            reasons.add(s.reason)
    return sorted(reasons)[:3]


def _destroyed(segs: Iterable[PathResult]) -> tuple[UnitView, ...]:
    out: list[UnitView] = []
    for r in segs:
        for s in r.steps:
            out.extend(s.destroys)
    return tuple(out)


def _explain_failure(board: Board, unit: UnitView, pts: list[Hex], ma: int, costs: TerrainCosts,
                     column: bool, kw: dict, rule: str) -> MovementCheck:
    """Build the "illegal" verdict with the cheapest real cost in the message (the search is
    repeated with a wider, still bounded, budget only to price the move)."""
    extra = max(ma, 6)
    wide, ok = _segments(board, unit, pts, ma + extra, costs, column=column, **kw)
    mode = "Column Movement " if column else ""
    if ok:
        spent = sum(r.cost or 0 for r in wide)
        # a drop onto an adjacent hex across a prohibited hexside: the drops do not show the
        # path, so the verdict prices the detour, and says why the direct crossing was barred
        barred = []
        for a, b in zip(pts, pts[1:]):
            if a.direction_to(b) is not None:
                s = step_cost(board, unit, a, b, costs, column=column, **kw)
                if s.status == PROHIBITED:
                    barred.append(s.reason)
        note = f" (the direct crossing is barred: {'; '.join(barred)})" if barred else ""
        return MovementCheck(ILLEGAL, rule,
                             f"{rule}: {spent} MP spent, {mode}MA {ma}: "
                             + "; ".join(r.describe() for r in wide) + note, spent, ma, tuple(wide),
                             column=column)
    failed = next((r for r in wide if not r.found), None)
    leg = f"{failed.start} → {failed.end}" if failed else " → ".join(map(str, pts))
    adjacent = failed is not None and failed.start.direction_to(failed.end) is not None
    if adjacent:
        s = step_cost(board, unit, failed.start, failed.end, costs, column=column, **kw)
        if s.status == PROHIBITED:
            return MovementCheck(ILLEGAL, s.rules[0] if s.rules else rule, s.reason, None, ma,
                                 tuple(wide), column=column)
    return MovementCheck(ILLEGAL, rule,
                         f"{rule}: no legal path {leg} within {mode}MA {ma} (cheapest route costs "
                         f"more than {ma + extra} MP or is blocked by prohibited hexsides, enemy "
                         f"units or enemy ZOC)", None, ma, tuple(wide), column=column)
