"""Stacking (Standard Rules 11, 27-3, 28-4, 29-3, 49-1; Italian Front scenario rules 3-1, 3-2).

11-1 at the end of any phase at most 6 divisions per hex; 11-2 reduced divisions count full;
11-4/29-3 up to 3 artillery units in addition; 11-5 fortresses, Engineers, HQs and markers do not
count; 11-6 other regiments and brigades count 1/2; 11-9 a hex with fewer than 3 land hexsides
loses 1/3 of its limits per missing land hexside (2 land hexsides → 4 divisions + 2 artillery);
11-10 such a hex may be attacked by at most twice its limits. Division equivalents per unit and
groups are in ``units.py`` (``unit_stacking_value``, ``division_groups``).

Land hexsides (11-9): a hexside is *not* land when its terrain is ocean or lake, or when the hex
across it is all sea (``HexInfo.land`` False). A neighbour off the map, or a hexside without data,
counts as land (no reduction is claimed without data).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from modgen.hexgrid import Hex
from .board import Board
from .units import (STANDARD_STACKING, DivisionGroup, StackingOptions, UnitView, division_groups,
                    unit_stacking_value)

FULL_DIVISIONS = 6   # 11-1
FULL_ARTILLERY = 3   # 11-4, 29-3
NON_LAND_TERRAINS = frozenset({"ocean", "lake"})


def land_hexsides(board: Board, h: Hex) -> int:
    """Number of land hexsides of ``h`` (11-9)."""
    n_land = 0
    for n in h.neighbours():
        side = board.hexside(h, n)
        info = board.hex_info(n)
        if side is not None and side.terrain in NON_LAND_TERRAINS:
            continue
        if info is not None and not info.land:
            continue
        n_land += 1
    return n_land


@dataclass(frozen=True)
class StackLimit:
    divisions: Fraction
    artillery: int
    land_hexsides: int

    @property
    def max_attackers(self) -> tuple[Fraction, int] | None:
        """11-10: a reduced hex may be attacked by at most twice its limits (None: no cap)."""
        if self.land_hexsides >= 3:
            return None
        return self.divisions * 2, self.artillery * 2


_LAND: dict = {}      # id(map) -> {hex: land hexsides}: a map's hexsides never change


def stacking_limit(board: Board, h: Hex) -> StackLimit:
    """Limits for hex ``h`` (11-1, 11-4, 11-9): 6 divisions + 3 artillery, less 1/3 per land
    hexside below 3."""
    m = getattr(board, "map", None)
    memo = _LAND.get(id(m)) if m is not None else None
    if memo is None or memo[0] is not m:
        if len(_LAND) > 16:
            _LAND.clear()
        memo = _LAND[id(m)] = (m, {})
    land = memo[1].get(h)
    if land is None or m is None:
        land = memo[1][h] = land_hexsides(board, h)
    hit = _LIMITS.get(land)
    if hit is None:
        k = Fraction(min(land, 3), 3)
        hit = _LIMITS[land] = StackLimit(FULL_DIVISIONS * k, int(FULL_ARTILLERY * k), land)
    return hit


_LIMITS: dict[int, StackLimit] = {}     # land hexsides -> the limits (StackLimit is immutable)


def limit_for_land_hexsides(land: int) -> StackLimit:
    """The 11-9 limits for a hex with ``land`` land hexsides (without a board)."""
    k = Fraction(min(max(land, 0), 3), 3)
    return StackLimit(FULL_DIVISIONS * k, int(FULL_ARTILLERY * k), land)


@dataclass(frozen=True)
class StackCount:
    divisions: Fraction
    artillery: int
    groups: tuple[DivisionGroup, ...]


_COUNTS: dict = {}    # (id(options), ids of the units) -> (options, units, StackCount)


def stack_count(units: Sequence[UnitView], options: StackingOptions = STANDARD_STACKING) -> StackCount:
    """Divisions and artillery units of one side's units in one hex (11-1..11-6, 27-3, 28-4,
    49-1, IF 3-1/3-2)."""
    # a pure function of immutable views: the checker asks for the same stacks at every phase
    # end, so the answer is kept per (options, views) -- the entry holds both, so their ids
    # cannot be reused while it is there
    units = tuple(units)
    key = (id(options), tuple(map(id, units)))
    hit = _COUNTS.get(key)
    if hit is not None and hit[0] is options and all(a is b for a, b in zip(hit[1], units)):
        return hit[2]
    out = _stack_count(units, options)
    if len(_COUNTS) > 20_000:
        _COUNTS.clear()
    _COUNTS[key] = (options, units, out)
    return out


def _stack_count(units: Sequence[UnitView], options: StackingOptions) -> StackCount:
    groups = division_groups(units, options)
    div = sum((g.divisions for g in groups), Fraction(0))
    art = sum(unit_stacking_value(u)[1] for u in units)
    return StackCount(div, art, tuple(groups))


@dataclass(frozen=True)
class StackingViolation:
    hex: Hex
    side: str
    rule: str
    message: str
    divisions: Fraction
    artillery: int
    limit: StackLimit


def _fmt(x: Fraction) -> str:
    if x.denominator == 1:
        return str(x.numerator)
    whole, rest = divmod(x.numerator, x.denominator)
    return f"{whole} {rest}/{x.denominator}" if whole else f"{rest}/{x.denominator}"


def check_stacking(board: Board, side: str, h: Hex,
                   options: StackingOptions = STANDARD_STACKING) -> StackingViolation | None:
    """End-of-phase stacking check for ``side`` in hex ``h`` (11-1, 11-3, 11-4, 11-9).

    Returns None when legal, else a ``StackingViolation`` whose message gives the numbers:
    "11-1: 7 divisions in 1609 (limit 6)". The owner chooses which excess units die (11-3).
    """
    h = Hex.parse(h)
    units = [u for u in board.units(h) if u.side == side]
    if not units:
        return None
    count = stack_count(units, options)
    limit = stacking_limit(board, h)
    problems: list[str] = []
    rules: list[str] = []
    reduced = limit.land_hexsides < 3
    if count.divisions > limit.divisions:
        r = "11-9" if reduced else "11-1"
        rules.append(r)
        problems.append(f"{_fmt(count.divisions)} divisions in {h} (limit {_fmt(limit.divisions)}"
                        + (f", {limit.land_hexsides} land hexsides" if reduced else "") + ")")
    if count.artillery > limit.artillery:
        r = "11-9" if reduced else "11-4"
        rules.append(r)
        problems.append(f"{count.artillery} artillery units in {h} (limit {limit.artillery}"
                        + (f", {limit.land_hexsides} land hexsides" if reduced else "") + ")")
    if not problems:
        return None
    names = ", ".join(u.counter.name for u in units)
    return StackingViolation(h, side, rules[0],
                             f"{'/'.join(dict.fromkeys(rules))}: " + "; ".join(problems)
                             + f" at the end of the phase [{names}]; the owner eliminates the "
                               f"excess (11-3)",
                             count.divisions, count.artillery, limit)


def check_attack_limit(board: Board, target: Hex, attackers: Sequence[UnitView],
                       options: StackingOptions = STANDARD_STACKING) -> str | None:
    """11-10: a hex with reduced stacking limits may be attacked by at most twice as many units as
    could stack in it. Returns a message when exceeded, else None."""
    limit = stacking_limit(board, Hex.parse(target))
    cap = limit.max_attackers
    if cap is None:
        return None
    count = stack_count(attackers, options)
    if count.divisions > cap[0] or count.artillery > cap[1]:
        return (f"11-10: {target} ({limit.land_hexsides} land hexsides) may be attacked by at most "
                f"{_fmt(cap[0])} divisions and {cap[1]} artillery units; the attack uses "
                f"{_fmt(count.divisions)} divisions and {count.artillery} artillery units")
    return None
