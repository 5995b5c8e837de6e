"""Supply lines (Standard Rules 19-5, 19-7, 19-8, 21-2, 22-15): the path and length in MP from a
unit's hex to its supplying Headquarters. Used by 19-9/19-10 (attack/counterattack length
penalties), 29-4 (artillery ≤ 4 MP), 34-2/34-3 (winter), 14-8 (retreat distances) and, traced to
the nearest rail hex, port or HQ, by the cavalry rule 30-4.

19-7: a supply line may not be traced into a hex occupied by an enemy unit, nor into a hex in an
enemy ZOC that holds no friendly Ground Combat Unit (21-2: a friendly fortress alone is enough),
nor across sea, lake or alpine hexsides. 19-8: its length is the MP of normal movement along it,
without enemy-ZOC costs; 22-15: trench and devastation markers count. The terrain costs are those
of ``unit`` (the supplied unit: a Mountain unit pays its 32-1 costs); the rule does not say whose
movement is meant, and the supplied unit's own is the closest reading. The HQ's own hex is not
subject to 19-7's enemy-ZOC test: 19-15 forbids an HQ in an enemy ZOC to expend SP only when it
has no line of communication, so an HQ in an enemy ZOC may supply units (read literally, 19-7
would make such an HQ unreachable — a contradiction resolved in the reading that raises no false
alarm).
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass

from modgen.hexgrid import Hex
from .board import Board
from .movement import OK, StepCost, step_cost, steps_back
from .terrain import TerrainCosts
from .units import BRITAIN, GERMANY, UnitView, is_cavalry, is_ground_combat_unit, nation_is
from .zoc import enemy_zoc

#: 19-7: supply lines are never traced across these hexside terrains.
SUPPLY_BLOCKING_TERRAINS = frozenset({"ocean", "lake", "alpine"})


@dataclass(frozen=True)
class SupplyLine:
    mp: int
    path: tuple[Hex, ...]
    steps: tuple[StepCost, ...]

    def describe(self) -> str:
        return f"{'-'.join(map(str, self.path))} = {self.mp} MP"


def _may_enter(board: Board, side: str, h: Hex, ezoc) -> bool:
    units = board.units(h)
    if not units:
        return h not in ezoc           # (most hexes are empty)
    if any(u.side != side for u in units):
        return False
    if h in ezoc and not any(u.side == side and is_ground_combat_unit(u) for u in units):
        return False
    return True


def supply_line(board: Board, unit: UnitView, start: Hex, hq_hex: Hex, costs: TerrainCosts, *,
                max_mp: int, ezoc: set[Hex] | frozenset[Hex] | None = None) -> SupplyLine | None:
    """Shortest supply line (19-5, 19-7, 19-8) from ``start`` (the unit's hex) to ``hq_hex`` no
    longer than ``max_mp``, or None when there is none within that length. Bounded Dijkstra."""
    return supply_line_to_any(board, unit, start, (Hex.parse(hq_hex),), costs, max_mp=max_mp,
                              ezoc=ezoc)


def supply_line_to_any(board: Board, unit: UnitView, start: Hex, targets, costs: TerrainCosts, *,
                       max_mp: int, ezoc: set[Hex] | frozenset[Hex] | None = None) -> SupplyLine | None:
    """Shortest supply line from ``start`` to the nearest of ``targets`` (19-7/19-8 tracing),
    e.g. friendly active rail hexes, ports and HQs for the cavalry test of 30-4."""
    start = Hex.parse(start)
    goals = frozenset(Hex.parse(t) for t in targets)
    if not goals:
        return None
    if ezoc is None:
        ezoc = enemy_zoc(board, unit.side)
    if start in goals:
        return SupplyLine(0, (start,), ())

    def bound(h: Hex) -> int:
        return min(h.distance(t) for t in goals)

    if bound(start) > max_mp:
        return None
    no_zoc: frozenset[Hex] = frozenset()
    best = {start: 0}
    prev: dict[Hex, StepCost] = {}
    heap = [(bound(start), 0, start)]
    done: set[Hex] = set()
    reached: Hex | None = None
    while heap:
        _f, g, h = heapq.heappop(heap)
        if h in done or g != best.get(h):
            continue
        done.add(h)
        if h in goals:
            reached = h
            break
        for n in h.neighbours():
            if n in done:
                continue
            bn = bound(n)
            if g + 1 + bn > max_mp:
                continue
            side = board.hexside(h, n)
            if side is not None and side.terrain in SUPPLY_BLOCKING_TERRAINS:
                continue
            if not _may_enter(board, unit.side, n, frozenset() if n in goals else ezoc):
                continue
            s = step_cost(board, unit, h, n, costs, ezoc=no_zoc)
            if s.status != OK:
                continue
            ng = g + (s.mp or 0)
            if ng + bn > max_mp or ng >= best.get(n, 1 << 30):
                continue
            best[n] = ng
            prev[n] = s
            heapq.heappush(heap, (ng + bn, ng, n))
    if reached is None:
        return None
    steps = steps_back(prev, start, reached)
    return SupplyLine(best[reached], (start,) + tuple(s.to for s in steps), tuple(steps))


#: 30-4: the months (November to June inclusive) when cavalry must trace to rail, port or HQ.
CAVALRY_WINTER_MONTHS = frozenset({11, 12, 1, 2, 3, 4, 5, 6})


def cavalry_supply_effect(unit: UnitView, month: int, line: SupplyLine | None, *,
                          limit: int = 8, search_limit: int | None = None) -> tuple[int, int | None]:
    """Rule 30-4 for a cavalry unit in ``month``: (strength lost, movement-allowance cap or None).

    November-June, cavalry that cannot trace a supply line of at most 8 MP to a friendly active
    rail line, port or HQ loses 1 strength per MP beyond 8 and has MA 4 (5 for German and British
    cavalry). ``line``: the shortest such line found (``supply_line_to_any``) or None when none was
    found within ``search_limit`` MP — the loss is then at least ``search_limit - limit + 1``
    (returned; the caller reports it as a lower bound) or, without a limit, the unit's strength.
    """
    if not is_cavalry(unit) or month not in CAVALRY_WINTER_MONTHS:
        return 0, None
    if line is not None and line.mp <= limit:
        return 0, None
    cap = 5 if nation_is(unit.nation, GERMANY) or nation_is(unit.nation, BRITAIN) else 4
    if line is not None:
        return line.mp - limit, cap
    if search_limit is not None:
        return search_limit - limit + 1, cap
    return unit.strength or 0, cap


def supply_length_penalty(length: int, *, counterattack: bool = False, winter: bool = False,
                          hq_adjacent: bool = False, hq_without_loc: bool = False) -> int:
    """Strength lost to supply-line length: attack 1 per MP over 4 (19-9; 3 in winter, 34-2;
    2 when the HQ has no line of communication, 19-15), counterattack 1 per MP over 8 (19-10;
    6 in winter, 34-3; 3 under 19-15); none for an attack when the HQ is adjacent (19-13, which
    19-15 switches off). When winter and 19-15 both apply the lower limit is used (not stated)."""
    if hq_adjacent and not counterattack and not hq_without_loc:
        return 0
    if counterattack:
        limits = [8] + ([6] if winter else []) + ([3] if hq_without_loc else [])
    else:
        limits = [4] + ([3] if winter else []) + ([2] if hq_without_loc else [])
    return max(0, length - min(limits))
