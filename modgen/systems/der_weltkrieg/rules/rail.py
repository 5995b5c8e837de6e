"""Rail movement, rail lines and rail capacity (Standard Rules 6-12, 7, 8, 9-1, 9-14, 18-4,
29-8, 37-1..37-5, 38-1, 49-1; scenario rail capacities).

Costs (rule constants; the TEC has no rail-movement rows):
7-3 entraining costs 1 MP in an Operative rail hex of a network the mover controls (9-1);
7-5 each rail hexside costs 1/10 MP for Infantry, Mountain, Marine (and infantry RPL) units —
Assault units are infantry (10-2) — and 1/6 MP for all other units; 7-7 on stopping, unused
fractions are lost (the cost is rounded up); 7-6 no entering an enemy-controlled hex by rail,
except German units detraining in a hex controlled only by Russian units, paying the EZOC entry
cost (37-3); 7-4/37-2 only German units entrain in an enemy ZOC (then no EZOC exit cost); 7-8 /
37-4 / 38-1 only German and British units may enter an EZOC later in the turn (enforced by
``movement.check_movement(rail_used=True)``); 7-9 one unit per single-track hexside per Movement
Phase, German network two (37-5); 9-14 every urban hexside carries a double-track line;
6-12 rail-bound (RR) units move up to 20 hexes along friendly active rail.

Capacity: 8-1 divisions per turn per country network; 8-4 a unit counts against every network
it moves into or out of by rail; 8-6..8-8, 18-4, 29-8, 49-1 division equivalents
(``units.rail_capacity_divisions``); scenario ``RailCapacity``: ``not_usable_until`` (capacity 0
before that turn), ``halved_until`` (half before that turn; the Italian May 1915 scenario states
"rounded down", other scenarios give no rounding: an odd capacity then makes the rounded-up value
undetermined, never a violation).
"""
from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, Iterable, Mapping, Protocol, Sequence

from modgen.hexgrid import Hex, Hexside
from modgen.model.types import GameDate, RailCapacity
from .board import Board
from .units import (BRITAIN, GERMANY, RUSSIA, RAIL_BOUND_HEXES_PER_TURN, UnitView, is_cavalry,
                    is_engineer, is_fortress,
                    is_infantry_type, is_rail_only, nation_is, rail_capacity_divisions,
                    single_track_units)
from .zoc import enemy_zoc, zoc_controllers

LEGAL, ILLEGAL, UNDETERMINED = "legal", "illegal", "undetermined"

ENTRAIN_MP = 1                          # 7-3
RATE_INFANTRY = Fraction(1, 10)         # 7-5
RATE_OTHER = Fraction(1, 6)             # 7-5
SINGLE_TRACK_LIMIT = 1                  # 7-9
SINGLE_TRACK_LIMIT_GERMANY = 2          # 37-5


def may_enter_ezoc_after_rail(unit: UnitView) -> bool:
    """7-8 / 37-4 / 38-1: only German and British units may move into an enemy-controlled hex in
    the turn they used rail movement."""
    return nation_is(unit.nation, GERMANY) or nation_is(unit.nation, BRITAIN)


def rail_rate(unit: UnitView) -> Fraction:
    """MP per rail hexside (7-5): 1/10 for Infantry, Mountain, Marine (and infantry-type RPL and
    Assault) units, 1/6 for all others (cavalry, artillery, HQs, Engineers, bicycles, …)."""
    return RATE_INFANTRY if is_infantry_type(unit) and not is_cavalry(unit) else RATE_OTHER


def rail_move_cost(unit: UnitView, hexsides: int, *, entrain: bool = True) -> Fraction:
    """MP spent moving ``hexsides`` rail hexsides: 1 to entrain (7-3; not when the unit starts
    the phase entrained, 7-11) + rate × hexsides (7-5). Exact fraction (1 + 3/10 = 13/10)."""
    if hexsides < 0:
        raise ValueError("hexsides cannot be negative")
    return (ENTRAIN_MP if entrain else 0) + rail_rate(unit) * hexsides


def detrain_mp(cost: Fraction | int) -> int:
    """MP counted when rail movement stops: unused fractions are lost (7-7): 1.3 → 2."""
    return math.ceil(Fraction(cost))


def rail_track(board: Board, a: Hex, b: Hex) -> str | None:
    """Track type of hexside a|b: "double", "single" or None; urban hexsides carry a double-track
    line (9-14)."""
    s = board.hexside(a, b)
    if s is None:
        return None
    if s.rail:
        return s.rail
    return "double" if s.terrain == "urban" else None


def hex_has_rail(board: Board, h: Hex) -> bool:
    return any(rail_track(board, h, n) for n in h.neighbours())


# --------------------------------------------------------------------------- networks (9-1)


class RailNetworks(Protocol):
    def network(self, h: Hex) -> str | None:
        """Nation id whose network the Operative rail line in ``h`` belongs to; None when the line
        is Inoperative or there is none."""
        ...


@dataclass(frozen=True)
class SimpleRailNetworks:
    """Networks from plain data: by default every rail hex belongs to the network of the country
    it is in (the usual scenario wording "All part of the network of the country they are in",
    9-2); ``owner`` overrides hexes (repairs 9-5, scenario exceptions); ``inoperative`` lists
    Inoperative hexes (9-3)."""

    board: Board
    owner: Mapping[Hex, str] = field(default_factory=dict)
    inoperative: frozenset[Hex] = frozenset()

    def network(self, h: Hex) -> str | None:
        if h in self.inoperative or not hex_has_rail(self.board, h):
            return None
        if h in self.owner:
            return self.owner[h]
        info = self.board.hex_info(h)
        return info.country if info else None


# --------------------------------------------------------------------------- rail moves


@dataclass(frozen=True)
class RailCheck:
    """Verdict on one rail move (drop points joined by the shortest legal rail path)."""

    verdict: str
    rule: str
    message: str
    path: tuple[Hex, ...] = ()
    cost: Fraction = Fraction(0)          # MP including entraining and any 37-3 EZOC entry
    networks: frozenset[str] = frozenset()   # 8-4: every network moved into or out of
    single_track: tuple[Hexside, ...] = ()   # single-track hexsides crossed (7-9)

    @property
    def legal(self) -> bool:
        return self.verdict == LEGAL

    @property
    def detrained_mp(self) -> int:
        return detrain_mp(self.cost)


def _fmt(x: Fraction) -> str:
    if x.denominator == 1:
        return str(x.numerator)
    return f"{float(x):.2f}".rstrip("0").rstrip(".")


def _german_russian_zoc_only(board: Board, unit: UnitView, h: Hex) -> bool:
    ctl = zoc_controllers(board, h, unit.side)
    return bool(ctl) and all(nation_is(u.nation, RUSSIA) for u in ctl)


def rail_path(board: Board, unit: UnitView, start: Hex, end: Hex, networks: RailNetworks,
              allowed_networks: Iterable[str], *, ezoc: set[Hex] | frozenset[Hex] | None = None,
              max_hexsides: int = 200, single_track_used: Mapping[Hexside, Fraction] | None = None
              ) -> tuple[Hex, ...] | None:
    """Shortest rail path (fewest hexsides) start→end along rail hexsides through Operative hexes
    of the allowed networks (9-1), never entering an enemy-controlled hex (7-6) — except the last
    hex for a German unit detraining in a Russian-only ZOC (37-3) — and skipping single-track
    hexsides already full this phase (7-9, 37-5). Breadth-first, bounded by ``max_hexsides``."""
    allowed = set(allowed_networks)
    if ezoc is None:
        ezoc = enemy_zoc(board, unit.side)
    used = single_track_used or {}
    need = single_track_units(unit)
    german = nation_is(unit.nation, GERMANY)
    prev: dict[Hex, Hex | None] = {start: None}
    dist = {start: 0}
    q = deque([start])
    while q:
        h = q.popleft()
        if h == end:
            break
        if dist[h] >= max_hexsides:
            continue
        for n in h.neighbours():
            if n in prev:
                continue
            track = rail_track(board, h, n)
            if not track:
                continue
            if networks.network(n) not in allowed:
                continue
            if n in ezoc and not (n == end and german and _german_russian_zoc_only(board, unit, n)):
                continue
            if track == "single":
                limit = _single_limit(unit, networks, h, n)
                if used.get(Hexside.of(h, n), Fraction(0)) + need > limit:
                    continue
            prev[n] = h
            dist[n] = dist[h] + 1
            q.append(n)
    if end not in prev:
        return None
    out = [end]
    while prev[out[-1]] is not None:
        out.append(prev[out[-1]])  # type: ignore[arg-type]
    return tuple(reversed(out))


def _single_limit(unit: UnitView, networks: RailNetworks, a: Hex, b: Hex) -> int:
    """7-9: one unit per single-track hexside per Movement Phase; 37-5: two German units on a
    hexside of the German network."""
    if nation_is(unit.nation, GERMANY) and nation_is(networks.network(a) or "", GERMANY) \
            and nation_is(networks.network(b) or "", GERMANY):
        return SINGLE_TRACK_LIMIT_GERMANY
    return SINGLE_TRACK_LIMIT


def check_rail_move(board: Board, unit: UnitView, drops: Sequence[Hex | str], networks: RailNetworks,
                    allowed_networks: Iterable[str], *, entrain: bool | None = None,
                    ezoc: set[Hex] | frozenset[Hex] | None = None,
                    single_track_used: Mapping[Hexside, Fraction] | None = None,
                    allowance: int | None = None) -> RailCheck:
    """Check a rail move through ``drops`` (first = the hex where the unit entrains or already is
    entrained) for ``unit`` of a side controlling ``allowed_networks`` (nation ids).

    ``entrain``: whether the unit pays the 1 MP to entrain (7-3); default: not when the unit is
    already entrained (7-11) or rail-bound (6-12). ``allowance``: MP available (the MA less MP
    already spent); the move is illegal when its (exact) cost exceeds it. Rail-bound units are
    limited to 20 hexes per turn instead (6-12).
    """
    pts = [Hex.parse(d) for d in drops]
    pts = [h for i, h in enumerate(pts) if i == 0 or h != pts[i - 1]]
    allowed = frozenset(allowed_networks)
    if is_fortress(unit):
        return RailCheck(ILLEGAL, "21-1", f"21-1: fortresses never move ({unit})")
    rail_bound = is_rail_only(unit)
    if entrain is None:
        entrain = not (unit.entrained or rail_bound)
    if ezoc is None:
        ezoc = enemy_zoc(board, unit.side)
    start = pts[0]
    net0 = networks.network(start)
    if net0 is None or net0 not in allowed:
        what = "no Operative rail line" if net0 is None else f"the {net0} network"
        return RailCheck(ILLEGAL, "9-1", f"9-1/7-2: {unit} may not move by rail from {start}: "
                                         f"{what} (needs an Operative line of a network it controls)")
    german = nation_is(unit.nation, GERMANY)
    if entrain and start in ezoc and not german:
        return RailCheck(ILLEGAL, "7-4", f"7-4: only German units may entrain in an enemy ZOC "
                                         f"({unit} in {start})")
    if len(pts) < 2:
        cost = rail_move_cost(unit, 0, entrain=entrain)
        return RailCheck(LEGAL, "7-3", f"{unit} entrains in {start} ({_fmt(cost)} MP)", (start,),
                         cost, frozenset({net0}))
    used: dict[Hexside, Fraction] = dict(single_track_used or {})
    path: list[Hex] = [start]
    for a, b in zip(pts, pts[1:]):
        seg = rail_path(board, unit, a, b, networks, allowed, ezoc=ezoc, single_track_used=used)
        if seg is None:
            return _explain_rail_failure(board, unit, a, b, networks, allowed, ezoc, used)
        for x, y in zip(seg, seg[1:]):
            if rail_track(board, x, y) == "single":
                hs = Hexside.of(x, y)
                used[hs] = used.get(hs, Fraction(0)) + single_track_units(unit)
        path.extend(seg[1:])
    n = len(path) - 1
    nets = frozenset(networks.network(h) for h in path) - {None}  # type: ignore[operator]
    singles = tuple(Hexside.of(x, y) for x, y in zip(path, path[1:]) if rail_track(board, x, y) == "single")
    cost = rail_move_cost(unit, n, entrain=entrain)
    extra = ""
    rule = "7-5"
    if path[-1] in ezoc:      # only reachable by 37-3
        cost += 1
        extra = " + 1 entering the Russian ZOC on detraining (37-3)"
        rule = "37-3"
    route = "-".join(map(str, path))
    if rail_bound:
        if n > RAIL_BOUND_HEXES_PER_TURN:
            return RailCheck(ILLEGAL, "6-12", f"6-12: rail-bound {unit} moved {n} hexes by rail "
                                              f"({route}); the limit is {RAIL_BOUND_HEXES_PER_TURN}",
                             tuple(path), cost, nets, singles)
        return RailCheck(LEGAL, "6-12", f"rail-bound {unit}: {n} hexes by rail ({route})",
                         tuple(path), cost, nets, singles)
    desc = (f"{'entrain 1 + ' if entrain else ''}{n} rail hexsides × {rail_rate(unit)} = "
            f"{_fmt(cost)} MP{extra} ({route})")
    if allowance is not None and cost > allowance:
        return RailCheck(ILLEGAL, "7-5", f"7-3/7-5: {_fmt(cost)} MP spent by rail, {allowance} MP "
                                         f"available: {desc}", tuple(path), cost, nets, singles)
    return RailCheck(LEGAL, rule, desc, tuple(path), cost, nets, singles)


def _explain_rail_failure(board: Board, unit: UnitView, a: Hex, b: Hex, networks: RailNetworks,
                          allowed: frozenset[str], ezoc, used) -> RailCheck:
    # the same search without the ZOC / single-track restrictions tells which rule blocked it
    loose = rail_path(board, unit, a, b, networks, allowed, ezoc=frozenset(), single_track_used={})
    if loose is None:
        net = networks.network(b)
        why = ("no Operative rail line" if net is None else
               f"it is in the {net} network" if net not in allowed else "no rail line joins them")
        return RailCheck(ILLEGAL, "9-1", f"9-1: no rail path {a} → {b} for {unit} through Operative "
                                         f"lines of its networks ({b}: {why})")
    blocked = [h for h in loose[1:] if h in ezoc]
    if blocked:
        return RailCheck(ILLEGAL, "7-6", f"7-6: units moving by rail may not enter hexes in an enemy "
                                         f"ZOC; every rail path {a} → {b} enters one ({', '.join(map(str, blocked))})")
    return RailCheck(ILLEGAL, "7-9", f"7-9/37-5: every rail path {a} → {b} crosses a single-track "
                                     f"hexside already used to its limit this Movement Phase")


# --------------------------------------------------------------------------- repair (9-3..9-8)


@dataclass(frozen=True)
class RepairResult:
    """Rail lines an Engineer returns to Operative status during its move (9-5).

    ``converted``: hexes (in the order entered) whose line now belongs to ``network``;
    ``notes``: why the conversion stopped or did not happen, with rule numbers. Not a verdict on
    the move itself (``movement.check_movement`` prices it): a repair that cannot happen is simply
    no repair.
    """

    network: str | None
    converted: tuple[Hex, ...] = ()
    notes: tuple[str, ...] = ()


def infantry_division_enters(unit: UnitView) -> bool:
    """9-3: an enemy Infantry-type division (or several infantry-type brigades together) makes
    the rail line of the hex it enters Inoperative. Returns True for a single infantry-type
    division; brigades count only together (the caller counts them)."""
    return is_infantry_type(unit) and unit.counter.size in ("XX", "XXX")


#: 9-11: the Russian rail network's gauge differs from every other network's
BROAD_GAUGE_NETWORKS = frozenset({"russia"})
GAUGE_MONTHS = range(4, 11)             # 9-11: April through October


def gauge(network: str | None) -> str | None:
    if network is None:
        return None
    return "broad" if network in BROAD_GAUGE_NETWORKS else "standard"


def gauge_conversion_allowed(date: GameDate | None) -> bool | None:
    """9-11: gauge conversion only from April through October, on odd turns (None: no date)."""
    if date is None:
        return None
    return date.month in GAUGE_MONTHS and date.turn % 2 == 1


def rail_repair(board: Board, engineer: UnitView, path: Sequence[Hex | str], networks: RailNetworks,
                own_networks: Iterable[str], *, ezoc: set[Hex] | frozenset[Hex] | None = None,
                column: bool = False, rail_moved: bool = False,
                date: GameDate | None = None,
                last_network: "Callable[[Hex], str | None] | None" = None) -> RepairResult:
    """Which rail hexes an Engineer converts by moving along ``path`` (every hex, start first).

    9-4 only Engineers repair; 9-5 it must begin the Movement Phase in an Operative rail hex and
    move along the rail line by normal (not column, not rail) movement: every rail hex entered
    that is not Operative in a network of its side (Inoperative, or the enemy's) joins the network
    it started from; 9-6 that start network must be its own nationality's; 9-7 a hex with a
    trench or devastation marker is converted only by staying a whole turn (moving through does
    not convert it, and conversion stops there); 9-8 it may not enter an enemy ZOC to repair
    unless the hex holds a trench marker (conversion stops there). Gauge conversion: a line last
    part of a network of the other gauge (``last_network``, default the country's network) is
    converted only from April to October on odd turns (9-11), one hex per line per turn (9-13,
    and conversion stops there: 9-12 the Engineer spends its whole MA in that hex).
    """
    pts = [Hex.parse(h) for h in path]
    own = frozenset(own_networks)
    if not is_engineer(engineer):
        return RepairResult(None, (), (f"9-4: only Engineers repair rail lines ({engineer})",))
    if not pts:
        return RepairResult(None)
    start_net = networks.network(pts[0])
    if start_net is None:
        return RepairResult(None, (), (f"9-5: {engineer} did not begin in an Operative rail hex ({pts[0]})",))
    if start_net != engineer.nation:
        return RepairResult(None, (), (f"9-6: {engineer} began in the {start_net} network, not its "
                                       f"own nationality's ({engineer.nation})",))
    if column or rail_moved:
        return RepairResult(start_net, (), ("9-5: repair needs normal movement (no column or rail movement)",))
    if ezoc is None:
        ezoc = enemy_zoc(board, engineer.side)
    converted: list[Hex] = []
    notes: list[str] = []
    for a, b in zip(pts, pts[1:]):
        if a.direction_to(b) is None or not rail_track(board, a, b):
            notes.append(f"9-5: {a}→{b} leaves the rail line; repair stops")
            break
        net = networks.network(b)
        if net in own:
            continue
        marks = set(board.markers(b))
        if marks & {"trench", "devastation"}:
            notes.append(f"9-7: the line in {b} (trench/devastation) is converted only by an "
                         f"Engineer staying there a whole turn; repair stops")
            break
        if b in ezoc and "trench" not in marks:
            notes.append(f"9-8: Engineers may not enter an enemy ZOC ({b}) to repair rail lines; "
                         f"repair stops")
            break
        was = net if net is not None else (last_network(b) if last_network else None)
        if was is None:
            info = board.hex_info(b)
            was = info.country if info else None
        if gauge(was) is not None and gauge(was) != gauge(start_net):
            ok = gauge_conversion_allowed(date)
            if not ok:
                notes.append(f"9-11: the line in {b} has the other gauge; it is converted only from "
                             f"April to October on odd turns" + ("" if ok is False else " (no date)"))
                break
            converted.append(b)
            notes.append(f"9-12/9-13: {b} converted to the other gauge; conversion stops there")
            break
        converted.append(b)
    return RepairResult(start_net, tuple(converted), tuple(notes))


# --------------------------------------------------------------------------- capacity (8)


def _rounded_down_stated(cap: RailCapacity) -> bool:
    return "rounded down" in (cap.note or "").lower()


def rail_capacity_available(capacities: Sequence[RailCapacity], nation: str, date: GameDate,
                            default: int | None = None) -> tuple[int | None, bool]:
    """Capacity (divisions) of ``nation``'s network on turn ``date`` and whether it is exact.

    Scenario entry first (8-2), else ``default`` (Standard Rules 37-49 / ``Nation.rail_capacity``).
    Before ``not_usable_until`` it is 0; before ``halved_until`` it is half, rounded down — exact
    only when the scenario says "rounded down" or the capacity is even (else the second value
    is False and the rounded-up half is undetermined). (None, True) when nothing is known.
    """
    cap = next((c for c in capacities if c.nation == nation), None)
    if cap is None:
        return default, True
    if cap.divisions is None:
        return default, True
    if cap.not_usable_until is not None and date < cap.not_usable_until:
        return 0, True
    if cap.halved_until is not None and date < cap.halved_until:
        half = cap.divisions // 2
        return half, (cap.divisions % 2 == 0 or _rounded_down_stated(cap))
    return cap.divisions, True


def rail_capacity_used(moves: Iterable[tuple[UnitView, Iterable[str]]]) -> dict[str, int]:
    """Divisions charged to each network by a turn's rail moves: each ``(unit, networks used)``
    counts the unit's division equivalents (8-6..8-8, 18-4, 29-8, 49-1) against every network
    it moved into or out of (8-4, 8-5)."""
    out: dict[str, int] = {}
    for unit, nets in moves:
        d = rail_capacity_divisions(unit)
        for n in sorted(set(nets)):
            out[n] = out.get(n, 0) + d
    return out


@dataclass(frozen=True)
class CapacityFinding:
    nation: str
    verdict: str
    rule: str
    message: str
    used: int
    capacity: int | None


def check_rail_capacity(used: Mapping[str, int], capacities: Sequence[RailCapacity], date: GameDate,
                        defaults: Mapping[str, int | None] | None = None) -> list[CapacityFinding]:
    """Compare a turn's rail use per network with the capacity on that turn (8-1, 8-2, scenario
    not-usable / halved dates). Returns one finding per network used, sorted by nation."""
    out: list[CapacityFinding] = []
    for nation in sorted(used):
        n_used = used[nation]
        if n_used <= 0:
            continue
        cap, exact = rail_capacity_available(capacities, nation, date, (defaults or {}).get(nation))
        if cap is None:
            out.append(CapacityFinding(nation, UNDETERMINED, "8-2", f"8-2: no rail capacity known for "
                                       f"{nation} ({n_used} divisions moved by rail on {date})",
                                       n_used, None))
            continue
        scen = next((c for c in capacities if c.nation == nation), None)
        why = ""
        if scen is not None and scen.not_usable_until is not None and date < scen.not_usable_until:
            why = f" (not usable until {scen.not_usable_until})"
        elif scen is not None and scen.halved_until is not None and date < scen.halved_until:
            why = f" (halved until {scen.halved_until})"
        if n_used <= cap:
            out.append(CapacityFinding(nation, LEGAL, "8-1", f"8-1: {nation} rail capacity {n_used}/"
                                       f"{cap} divisions on {date}{why}", n_used, cap))
        elif not exact and n_used <= cap + 1:
            out.append(CapacityFinding(nation, UNDETERMINED, "8-1",
                                       f"8-1: {nation} moved {n_used} divisions by rail on {date}; the "
                                       f"halved capacity is {cap} or {cap + 1} (rounding not stated){why}",
                                       n_used, cap))
        else:
            out.append(CapacityFinding(nation, ILLEGAL, "8-1",
                                       f"8-1: {nation} moved {n_used} divisions by rail on {date}, "
                                       f"capacity {cap}{why}", n_used, cap))
    return out
