"""The Danube and the River Flotillas (Standard Rules 35 and 36, 003; "games that include the
Danube, namely those involving Serbia and Romania").

A hexside is the Danube when the map names its river ``Danube`` (``HexsideInfo.river_name``); a
hex is *adjacent to the Danube* when one of its hexsides is.

35-1 no unit crosses the Danube into an enemy Zone of Control exerted by a unit adjacent to the
Danube; 35-2 (1) unless the hex entered holds friendly ground combat units (2, advance after
combat, is no Movement Phase move). ``movement.step_cost`` applies it (``danube_crossing_blocked``).

36-1/36-3 a River Flotilla moves hex to adjacent hex, every hex entered adjacent to the Danube;
36-2 with unlimited range in a friendly Movement Phase; 36-4 never into a hex with enemy ground
combat units, an enemy fortress or an enemy flotilla (``check_flotilla_move``). 36-5 flotillas
stack free (``units.unit_stacking_value``). 36-6..36-9 (flotillas in combat, interdiction of
crossings) need the combat engine; 36-7's range and its supply-line clause are here
(``in_interdiction_range``, ``interdicted_hexsides``).
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Sequence

from modgen.hexgrid import Hex
from .board import Board
from .units import UnitView, is_flotilla, is_fortress, is_ground_combat_unit
from .zoc import zoc_controllers

DANUBE = "Danube"
LEGAL, ILLEGAL, UNDETERMINED = "legal", "illegal", "undetermined"
#: a flotilla's path between two drop points is searched this far (36-2 "unlimited" movement:
#: the longest Danube stretch on the Eastern Front sheets is under 200 hexes)
SEARCH_LIMIT = 5000


def is_danube(board: Board, a: Hex, b: Hex) -> bool:
    s = board.hexside(a, b)
    return s is not None and s.river_name == DANUBE


def adjacent_to_danube(board: Board, h: Hex) -> bool:
    """36-3: ``h`` has a Danube hexside."""
    return any(is_danube(board, h, n) for n in h.neighbours())


def danube_crossing_blocked(board: Board, unit: UnitView, a: Hex, b: Hex,
                            ezoc_b: bool) -> list[UnitView]:
    """35-1/35-2: the enemy units adjacent to the Danube whose ZOC ``unit`` would enter by
    crossing the Danube hexside a→b; empty when the move is allowed (no Danube, ``b`` not in an
    enemy ZOC, no controller adjacent to the Danube, or friendly ground combat units in ``b``)."""
    if not ezoc_b or not is_danube(board, a, b):
        return []
    # 35-2 (1); the mover itself is not "friendly units" (a replayed board may show it there)
    if any(u.side == unit.side and is_ground_combat_unit(u) and not _same(u, unit)
           for u in board.units(b)):
        return []
    return [u for u in zoc_controllers(board, b, unit.side)
            if u.hex is not None and adjacent_to_danube(board, u.hex)]


def _same(u: UnitView, v: UnitView) -> bool:
    return u.piece_id is not None and u.piece_id == v.piece_id


def flotilla_blocker(board: Board, unit: UnitView, h: Hex) -> str | None:
    """36-4: why a flotilla of ``unit.side`` may not enter ``h`` (None if it may)."""
    for u in board.units(h):
        if u.side == unit.side:
            continue
        if is_fortress(u):
            return f"an enemy fortress ({u})"
        if is_flotilla(u):
            return f"an enemy River Flotilla ({u})"
        if is_ground_combat_unit(u):
            return f"enemy ground combat units ({u})"
    return None


@dataclass(frozen=True)
class FlotillaCheck:
    verdict: str
    rule: str = ""
    message: str = ""
    path: tuple[Hex, ...] = ()

    @property
    def legal(self) -> bool:
        return self.verdict == LEGAL


def flotilla_path(board: Board, unit: UnitView, a: Hex, b: Hex) -> tuple[Hex, ...] | None:
    """The shortest path a→b of hexes adjacent to the Danube, none of them barred (36-3, 36-4),
    or None."""
    if a == b:
        return (a,)
    prev: dict[Hex, Hex | None] = {a: None}
    q = deque([a])
    while q and len(prev) < SEARCH_LIMIT:
        h = q.popleft()
        for n in h.neighbours():
            if n in prev or board.hex_info(n) is None or not adjacent_to_danube(board, n):
                continue
            if flotilla_blocker(board, unit, n) is not None:
                continue
            prev[n] = h
            if n == b:
                out = [n]
                while prev[out[-1]] is not None:
                    out.append(prev[out[-1]])
                return tuple(reversed(out))
            q.append(n)
    return None


def check_flotilla_move(board: Board, unit: UnitView, drops: Sequence[Hex]) -> FlotillaCheck:
    """36-1..36-4: the drop points of a flotilla's move this phase, joined along the Danube."""
    path: list[Hex] = [drops[0]]
    for a, b in zip(drops, drops[1:]):
        if board.hex_info(b) is None:
            return FlotillaCheck(ILLEGAL, "36-1", f"{b} is not on the map", tuple(path + [b]))
        if not adjacent_to_danube(board, b):
            return FlotillaCheck(ILLEGAL, "36-3", f"{unit} moved to {b}, which is not adjacent to "
                                 f"the Danube; River Flotillas move only along the Danube",
                                 tuple(path + [b]))
        why = flotilla_blocker(board, unit, b)
        if why:
            return FlotillaCheck(ILLEGAL, "36-4", f"{unit} entered {b}, which holds {why}; River "
                                 f"Flotillas may not enter it", tuple(path + [b]))
        seg = flotilla_path(board, unit, a, b)
        if seg is None:
            return FlotillaCheck(ILLEGAL, "36-3", f"{unit} moved {a}→{b}: no path of hexes "
                                 f"adjacent to the Danube joins them without entering a hex barred "
                                 f"by 36-4", tuple(path + [b]))
        path.extend(seg[1:])
    return FlotillaCheck(LEGAL, path=tuple(path))


#: 36-7: "A River Flotilla may 'interdict' any crossing of the Danube that happens within 2 hexes
#: of the hex occupied by the River Flotilla ... to the hex being moved into, or the hex being
#: moved from"
INTERDICTION_RANGE = 2


def in_interdiction_range(flotilla_hex: Hex, a: Hex, b: Hex) -> bool:
    """36-7: a crossing of the Danube a→b is within 2 hexes of a flotilla in ``flotilla_hex``
    (measured to the hex moved from or to the hex moved into)."""
    return min(flotilla_hex.distance(a), flotilla_hex.distance(b)) <= INTERDICTION_RANGE


def interdicted_hexsides(board: Board, side: str, flotilla_hexes) -> frozenset:
    """36-7: "Supply lines may be traced through such hexsides [those that would trigger an
    interdiction attack] only if friendly ground combat units exist in the hexes on each side":
    the Danube hexsides (both directions, ``(a, b)`` pairs) within 2 hexes of an enemy River
    Flotilla in ``flotilla_hexes`` through which a supply line of ``side`` may not be traced —
    those without friendly ground combat units in both hexes."""
    def held(h: Hex) -> bool:
        return any(u.side == side and is_ground_combat_unit(u) for u in board.units(h))

    out = set()
    for f in flotilla_hexes:
        for h in f.within(INTERDICTION_RANGE):
            if board.hex_info(h) is None:
                continue
            for n in h.neighbours():
                if (h, n) in out or board.hex_info(n) is None or not is_danube(board, h, n):
                    continue
                if held(h) and held(n):
                    continue
                out.add((h, n))
                out.add((n, h))
    return frozenset(out)

