"""Zones of control (Standard Rules section 10).

10-1 a ZOC-exerting unit controls the six adjacent hexes; 10-2/10-3 who exerts one (see
``units.exerts_zoc``); 10-4 ZOCs extend into occupied hexes, even enemy-occupied ones; 10-5 they
coexist; 10-6 they do not extend across sea or alpine hexsides or into hexes of neutral
countries. "Sea" is read as the TEC's Ocean terrain only: the rule does not name lake hexsides, so
a ZOC crosses a lake hexside (literal reading; it can only add movement cost the rulebook asks
for). A hex off the map (no HexInfo) or entirely sea (``land=False``) is never controlled. A
hexside with no data is treated as crossable (the map data decides, not a guess).
"""
from __future__ import annotations

from typing import Iterable

from modgen.hexgrid import Hex
from .board import Board
from .units import UnitView, exerts_zoc

#: 10-6: ZOCs do not extend across these hexside terrains.
ZOC_BLOCKING_TERRAINS = frozenset({"ocean", "alpine"})


_NO_MEMO: dict = {}


def zoc_of_hex(board: Board, h: Hex) -> set[Hex]:
    """Hexes a ZOC-exerting unit standing in ``h`` controls (10-1, 10-6)."""
    return set(_zoc_hexes(board, h))


def _zoc_hexes(board: Board, h: Hex) -> frozenset[Hex]:
    """``zoc_of_hex``, read only. It depends on the map and the neutral countries alone, so a
    board may keep the answers: a ``zoc_memo`` dict of its own (not one a wrapper delegates to,
    which may change the hexsides) is filled in."""
    memo = getattr(board, "__dict__", _NO_MEMO).get("zoc_memo")
    if memo is not None:
        hit = memo.get(h)
        if hit is None:
            hit = memo[h] = _zoc_of_hex(board, h)
        return hit
    return _zoc_of_hex(board, h)


def _zoc_of_hex(board: Board, h: Hex) -> frozenset[Hex]:
    out: set[Hex] = set()
    for n in h.neighbours():
        info = board.hex_info(n)
        if info is None or not info.land:
            continue
        if board.is_neutral(n):
            continue
        side = board.hexside(h, n)
        if side is not None and side.terrain in ZOC_BLOCKING_TERRAINS:
            continue
        out.add(n)
    return frozenset(out)


def zoc_of_unit(board: Board, unit: UnitView) -> set[Hex]:
    """The ZOC of one unit (empty when it exerts none: 10-2, 10-3, 7-11, 9-8, 18-2, 21-2)."""
    if unit.hex is None or not exerts_zoc(unit):
        return set()
    return zoc_of_hex(board, unit.hex)


def zoc(board: Board, side: str) -> set[Hex]:
    """Every hex controlled by ``side``'s units (10-1..10-6)."""
    out: set[Hex] = set()
    seen: set[Hex] = set()
    for u in board.all_units():
        if u.side != side or u.hex is None or u.hex in seen or not exerts_zoc(u):
            continue
        seen.add(u.hex)
        out |= _zoc_hexes(board, u.hex)
    return out


#: Alias exported by the package (``rules.zoc`` is this module, not the function).
zoc_of_side = zoc


def enemy_zoc(board: Board, side: str) -> set[Hex]:
    """Hexes controlled by the units of every side other than ``side`` (10-1..10-6): the enemy
    Zone of Control that ``side``'s units pay for (10-7)."""
    out: set[Hex] = set()
    seen: set[Hex] = set()
    for u in board.all_units():
        if u.side == side or u.hex is None or u.hex in seen or not exerts_zoc(u):
            continue
        seen.add(u.hex)
        out |= _zoc_hexes(board, u.hex)
    return out


def zoc_controllers(board: Board, h: Hex, side: str) -> list[UnitView]:
    """Enemy units (of sides other than ``side``) whose ZOC covers ``h`` (for 37-3: German units
    may detrain in the ZOC of Russian units)."""
    out: list[UnitView] = []
    for n in h.neighbours():
        for u in board.units(n):
            if u.side != side and exerts_zoc(u) and h in _zoc_hexes(board, n):
                out.append(u)
    return out


def in_enemy_zoc(board: Board, side: str, hexes: Iterable[Hex]) -> dict[Hex, bool]:
    """Convenience: for each hex, whether it lies in ``side``'s enemy ZOC."""
    ez = enemy_zoc(board, side)
    return {h: h in ez for h in hexes}
