"""Lines of supply and communication (Standard Rules 19-4..19-15, 20-1, 20-9, 20-14, 21-2,
37-7, 38-2) as pure functions over a ``Board`` (``modgen.rules.board``).

* :func:`supply_line_length` — the length in MP of the shortest Supply Line from a unit to an HQ
  (19-5, 19-7, 19-8; the search is ``modgen.rules.supply.supply_line``), or None when there is
  none within the bound. The combat rules use it for the 19-9/19-10 strength reductions through
  :func:`supply_reduction`.
* :func:`hq_line_of_communication` — 19-15: can the HQ reach a friendly active rail line or depot
  without entering an enemy ZOC hex no friendly unit occupies, over at most one mountain hexside
  and no prohibited hexside?
* :func:`surrounded` — 20-1: can a unit trace a line of hexes of any length, unbroken by enemy
  ground combat units and by enemy ZOC (unless friendly ground combat units occupy the hex), to a
  friendly map edge or a friendly country interior? Three-valued (see below).
* :func:`pocket` — 20-14: the connected friendly-controlled hexes around a unit when all of them
  are in an enemy ZOC and none holds a friendly port.

Interpretations (M9 in ../shared/docs/missing-data.md: the rulebooks define neither "friendly
map edge" nor which hexes make a "country interior"):

* a **friendly map edge** is a map-edge hex (a hex with a neighbour off the map) of a country of
  the unit's own side; reaching one proves the unit is *not* surrounded; reaching only map edges
  of other countries (an army deep in enemy territory draws its supply across them) leaves it
  *undetermined*; a unit whose line reaches no map edge at all is cut off;
* a **friendly country interior** "contains a personnel center and food resource center": the map
  data mark neither, so a component that reaches no friendly map edge but holds a city of its own
  side's countries may be an interior — the verdict is then *undetermined*; a component with
  neither is surrounded;
* a **depot** (19-15) is a hex holding a marker of kind ``depot``; the Italian Front has none;
* "active" rail (19-15) is read as Operative: rail status is not tracked (every line is Operative
  in the network of its country, 9-2), so the line of communication ends at any rail hex of a
  country of the HQ's side.
"""
from __future__ import annotations

import heapq
from collections import deque
from dataclasses import dataclass
from typing import Iterable

from modgen.hexgrid import Hex
from .board import Board
from .movement import OK, step_cost
from .rail import hex_has_rail
from .supply import (SUPPLY_BLOCKING_TERRAINS, SupplyLine, _may_enter, supply_length_penalty,
                     supply_line)
from .terrain import TerrainCosts
from .units import UnitView, is_fortress, is_ground_combat_unit, is_hq

#: 19-15: a line of communication may cross at most one mountain hexside.
LOC_MOUNTAIN_HEXSIDES = 1
#: Upper bound of the supply-line searches (MP): beyond it no reduction rule needs the length.
SEARCH_LIMIT = 40


def supply_line_length(board: Board, unit: UnitView, hq_hex: Hex, costs: TerrainCosts, *,
                       ezoc=None, max_mp: int = SEARCH_LIMIT) -> int | None:
    """19-8: the MP length of the shortest Supply Line from ``unit`` (in ``unit.hex``) to the HQ
    in ``hq_hex``, or None when none of at most ``max_mp`` exists (19-4: then the HQ cannot
    supply the unit). This is the function the combat rules call for 19-9..19-15."""
    line = supply_line_between(board, unit, hq_hex, costs, ezoc=ezoc, max_mp=max_mp)
    return None if line is None else line.mp


def supply_line_between(board: Board, unit: UnitView, hq_hex: Hex, costs: TerrainCosts, *,
                        ezoc=None, max_mp: int = SEARCH_LIMIT) -> SupplyLine | None:
    """The line itself (path and steps), for messages; see :func:`supply_line_length`."""
    if unit.hex is None:
        return None
    return supply_line(board, unit, unit.hex, hq_hex, costs, max_mp=max_mp, ezoc=ezoc)


_MISS = object()


def _edge_mp(board: Board, unit: UnitView, a: Hex, b: Hex, costs: TerrainCosts, memo):
    """MP of the supply-line step a→b (19-8: ``step_cost`` without enemy-ZOC costs), None when
    it may not be crossed. Called only for a ``b`` that holds no enemy unit (19-7 is tested
    first), so the answer depends on the map, the markers in ``b`` and whether ``unit`` moves as a
    mountain unit: ``memo`` (a dict the caller keeps for units of that kind, not HQs) keeps it."""
    if memo is None:
        sc = step_cost(board, unit, a, b, costs, ezoc=_NO_ZOC)
        return (sc.mp or 0) if sc.status == OK else None
    key = (a, b, board.markers(b))
    mp = memo.get(key, _MISS)
    if mp is _MISS:
        sc = step_cost(board, unit, a, b, costs, ezoc=_NO_ZOC)
        mp = memo[key] = (sc.mp or 0) if sc.status == OK else None
    return mp


_NO_ZOC: frozenset = frozenset()


def bare_step_key(board: Board, a: Hex, b: Hex):
    """What the MP of the step a→b on the bare terrain (no unit, marker or ZOC) rests on, for a
    unit of one kind: whether ``b`` is on the map and land, and the terrain, rivers and rail of
    the hexside (``movement.step_cost`` reads nothing else there: the markers, units and ZOC
    parts are all empty). Steps with the same key cost the same; a test compares every step of
    the Italian Front's map with ``step_cost``."""
    info = board.hex_info(b)
    side = board.hexside(a, b)
    return (None if info is None else info.land,
            None if side is None else (side.terrain, side.river, side.major_river, side.rail))


def supply_distances(board: Board, unit: UnitView, hq_hex: Hex, costs: TerrainCosts, *,
                     ezoc, max_mp: int = SEARCH_LIMIT, edge_memo: dict | None = None
                     ) -> dict[Hex, int]:
    """19-8 for every hex at once: the length of the shortest Supply Line from each hex to the HQ
    in ``hq_hex`` (at most ``max_mp``), for a unit of ``unit``'s side and kind (the movement costs
    are those of ``unit``: mountain units, artillery). A Dijkstra from the HQ over the reversed
    hexsides, so that one search answers every unit supplied by the same HQ; the same lines as
    ``rules.supply.supply_line`` (19-7 is tested on the hex each step enters, the HQ's own hex
    excepted; the unit's own hex is not entered)."""
    import heapq
    from .supply import SUPPLY_BLOCKING_TERRAINS, _may_enter
    from .units import is_hq
    memo = None if is_hq(unit) else edge_memo
    dist = {hq_hex: 0}
    heap = [(0, hq_hex)]
    done: set = set()
    while heap:
        g, h = heapq.heappop(heap)
        if h in done or g != dist.get(h):
            continue
        done.add(h)
        # forward step n → h enters h: h must be enterable (the HQ's hex always is)
        if h != hq_hex and not _may_enter(board, unit.side, h, ezoc):
            continue
        for n in h.neighbours():
            if n in done or board.hex_info(n) is None:
                continue
            side = board.hexside(n, h)
            if side is not None and side.terrain in SUPPLY_BLOCKING_TERRAINS:
                continue
            # (the memo only on a board without units: h == hq_hex is not tested by 19-7 here)
            mp = _edge_mp(board, unit, n, h, costs, memo)
            if mp is None:
                continue
            ng = g + mp
            if ng > max_mp or ng >= dist.get(n, 1 << 30):
                continue
            dist[n] = ng
            heapq.heappush(heap, (ng, n))
    return dist


class _BareMap:
    """The board's terrain without units or markers: for a lower bound of supply-line lengths
    (units and markers only block hexes or add costs)."""

    def __init__(self, board: Board):
        self._b = board

    def hex_info(self, h):
        return self._b.hex_info(h)

    def hexside(self, a, b):
        return self._b.hexside(a, b)

    def markers(self, h):
        return ()

    def units(self, h):
        return ()

    def all_units(self):
        return iter(())

    def is_neutral(self, h):
        return self._b.is_neutral(h)


def terrain_bound(board: Board, unit: UnitView, hq_hex: Hex, costs: TerrainCosts, *,
                  max_mp: int, edge_memo: dict | None = None,
                  class_memo: dict | None = None) -> dict[Hex, int]:
    """The supply-line lengths to ``hq_hex`` on the bare terrain (no units, markers or ZOC): a
    lower bound of the real ones, which depends only on the map — a guide for
    :func:`supply_line_guided` that can be kept for the whole game. ``edge_memo``: as
    :func:`supply_line_guided`'s (the bare terrain is the live board with no marker);
    ``class_memo``: a dict the caller keeps with it, of the bare MP per :func:`bare_step_key`
    (a map has a few dozen kinds of step, and thousands of steps)."""
    # :func:`supply_distances` on ``_BareMap(board)``, with its lookups bound to locals: every hex
    # may be entered on the bare terrain (19-7), and a step's memo key has no marker in it
    bare = _BareMap(board)
    memo = None if is_hq(unit) else edge_memo
    memo_get = memo.get if memo is not None else None
    classes = class_memo if memo is not None else None
    hex_info, hexside = board.hex_info, board.hexside
    no_markers = ()
    dist = {hq_hex: 0}
    get = dist.get
    heap = [(0, hq_hex)]
    push, pop = heapq.heappush, heapq.heappop
    done: set = set()
    big = 1 << 30
    while heap:
        g, h = pop(heap)
        if h in done or g != get(h):
            continue
        done.add(h)
        if classes is not None:
            info_h = hex_info(h)
            land_h = None if info_h is None else info_h.land
        for n in h.neighbours():
            if n in done:
                continue
            # a step in the memo is on the map and crosses no blocking hexside (every search
            # tests both before it keeps a step's MP; a blocking hexside is kept as None)
            mp = memo_get((n, h, no_markers), _MISS) if memo_get is not None else _MISS
            if mp is _MISS:
                if hex_info(n) is None:
                    continue
                side = hexside(n, h)
                if side is not None and side.terrain in SUPPLY_BLOCKING_TERRAINS:
                    continue
                if classes is not None:
                    # (``bare_step_key(board, n, h)``, with what is at hand)
                    ck = (land_h, None if side is None else
                          (side.terrain, side.river, side.major_river, side.rail))
                    mp = classes.get(ck, _MISS)
                    if mp is _MISS:
                        mp = classes[ck] = _edge_mp(bare, unit, n, h, costs, None)
                    memo[(n, h, no_markers)] = mp
                else:
                    mp = _edge_mp(bare, unit, n, h, costs, memo)
            if mp is None:
                continue
            ng = g + mp
            if ng > max_mp or ng >= get(n, big):
                continue
            dist[n] = ng
            push(heap, (ng, n))
    return dist


def supply_line_guided(board: Board, unit: UnitView, start: Hex, hq_hex: Hex, costs: TerrainCosts,
                       *, ezoc, max_mp: int, guide: dict[Hex, int], edge_memo: dict | None = None,
                       enter_memo: dict | None = None, blocked: frozenset = frozenset(),
                       marked=None, occupied=None) -> int | None:
    """The length of :func:`supply_line_length`, found by an A* whose estimate is the bare-terrain
    length ``guide`` (:func:`terrain_bound`): exact on the terrain, so the search walks almost
    straight along the line instead of flooding the mountains.

    The caller may keep what the search asks again and again: ``edge_memo`` the MP of each step
    (the same dict for every search of units that move alike: mountain units or not, not HQs;
    see :func:`_edge_mp`), ``enter_memo`` whether each hex may be entered (19-7: the same dict
    while the positions, ``ezoc`` and ``unit.side`` stay the same). ``blocked``: hexsides
    ``(a, b)`` the line may not cross on the current positions (36-7: Danube hexsides a River
    Flotilla could interdict, ``danube.interdicted_hexsides``), never kept in ``edge_memo``.
    ``marked``: when given, the hexes outside it hold no marker (``board.markers`` is then not
    asked for them); ``occupied`` likewise for units (``board.units``)."""
    if start == hq_hex:
        return 0
    h0 = guide.get(start)
    if h0 is None or h0 > max_mp:
        return None
    memo = None if is_hq(unit) else edge_memo
    markers = board.markers
    hexside = board.hexside
    side_of = unit.side
    guide_get = guide.get
    memo_get = memo.get if memo is not None else None
    enter_get = enter_memo.get if enter_memo is not None else None
    best = {start: 0}
    best_get = best.get
    heap = [(h0, 0, start)]
    push, pop = heapq.heappush, heapq.heappop
    done: set = set()
    goal_exempt: frozenset = frozenset()
    big = 1 << 30
    while heap:
        _f, g, h = pop(heap)
        if h in done or g != best_get(h):
            continue
        if h == hq_hex:
            return g
        done.add(h)
        for n in h.neighbours():
            if n in done:
                continue
            hn = guide_get(n)
            if hn is None or g + hn > max_mp:
                continue
            if blocked and (h, n) in blocked:
                continue
            # the step's MP when it was worked out before (None: it may not be crossed, for any
            # position: a blocking hexside or a prohibited step into a hex without enemy units)
            if memo_get is not None:
                key = (h, n, markers(n) if marked is None or n in marked else ())
                mp = memo_get(key, _MISS)
                if mp is None:
                    continue
            else:
                key = None
                mp = _MISS
            if mp is _MISS:
                side = hexside(h, n)
                if side is not None and side.terrain in SUPPLY_BLOCKING_TERRAINS:
                    if memo is not None:
                        memo[key] = None
                    continue
            if n == hq_hex:
                if not _may_enter(board, side_of, n, goal_exempt):
                    continue
            elif occupied is not None and n not in occupied:
                if n in ezoc:
                    continue               # 19-7: an enemy ZOC hex no friendly unit holds
            elif enter_get is not None:
                ok = enter_get(n)
                if ok is None:
                    ok = enter_memo[n] = _may_enter(board, side_of, n, ezoc)
                if not ok:
                    continue
            elif not _may_enter(board, side_of, n, ezoc):
                continue
            if mp is _MISS:
                # (19-7 first: ``_edge_mp`` keeps answers for hexes without enemy units only)
                mp = _edge_mp(board, unit, h, n, costs, memo)
                if mp is None:
                    continue
            ng = g + mp
            if ng + hn > max_mp or ng >= best_get(n, big):
                continue
            best[n] = ng
            push(heap, (ng + hn, ng, n))
    return None


@dataclass(frozen=True)
class Reduction:
    """19-9/19-10 (34-2/34-3, 19-13, 19-15): strength lost by one unit to its supply line."""

    sp: int
    length: int | None
    rule: str
    note: str


def supply_reduction(length: int | None, *, counterattack: bool = False, winter: bool = False,
                     hq_adjacent: bool = False, hq_has_loc: bool | None = True) -> Reduction:
    """Strength a supplied unit loses for its Supply Line of ``length`` MP: attack −1 per MP over
    4 (19-9; 3 in winter, 34-2), counterattack −1 per MP over 8 (19-10; 6 in winter, 34-3); none
    for an attack when the supplying HQ is adjacent (19-13); an HQ without a line of
    communication lowers the limits to 2 / 3 MP and loses 19-13 (19-15). ``hq_has_loc`` None (not
    known) gives the reduction of the worse case in ``sp`` and says so in ``note``."""
    if length is None:
        return Reduction(0, None, "19-4", "no supply line: the HQ cannot supply this unit")
    rule = "19-10" if counterattack else "19-9"
    if winter:
        rule += ", 34-3" if counterattack else ", 34-2"
    if hq_has_loc is None:
        good = supply_length_penalty(length, counterattack=counterattack, winter=winter,
                                     hq_adjacent=hq_adjacent)
        bad = supply_length_penalty(length, counterattack=counterattack, winter=winter,
                                    hq_adjacent=hq_adjacent, hq_without_loc=True)
        note = "" if good == bad else (f"{good} if the HQ has a line of communication (19-15), "
                                       f"{bad} if not")
        return Reduction(bad, length, rule + ", 19-15", note)
    sp = supply_length_penalty(length, counterattack=counterattack, winter=winter,
                               hq_adjacent=hq_adjacent, hq_without_loc=not hq_has_loc)
    if not hq_has_loc:
        rule += ", 19-15"
    elif hq_adjacent and not counterattack:
        rule = "19-13"
    return Reduction(sp, length, rule, "")


# --------------------------------------------------------------------------- 19-15

def _friendly_units(board: Board, h: Hex, side: str):
    return [u for u in board.units(h) if u.side == side]


@dataclass(frozen=True)
class LineOfCommunication:
    found: bool
    path: tuple[Hex, ...] = ()
    mountain_hexsides: int = 0

    def describe(self) -> str:
        if not self.found:
            return "no line of communication to a friendly active rail line or depot (19-15)"
        end = self.path[-1]
        return (f"line of communication {'-'.join(map(str, self.path))} to the rail line in {end}"
                + (f" ({self.mountain_hexsides} mountain hexside)" if self.mountain_hexsides else ""))


def hq_line_of_communication(board: Board, hq: UnitView, costs: TerrainCosts, *,
                             friendly_countries: Iterable[str], ezoc,
                             depots: Iterable[Hex] = (), limit: int = 2000) -> LineOfCommunication:
    """19-15 for the HQ in ``hq.hex``: breadth-first over hexes that are not in ``ezoc`` unless a
    friendly unit occupies them, across hexsides movement may cross (TEC), with at most one
    mountain hexside, to a hex with a rail line of ``friendly_countries`` or a depot."""
    start = hq.hex
    if start is None:
        return LineOfCommunication(False)
    friendly = set(friendly_countries)
    depots = set(depots)

    def goal(h: Hex) -> bool:
        if h in depots:
            return True
        info = board.hex_info(h)
        return bool(info and info.country in friendly and hex_has_rail(board, h))

    if goal(start):
        return LineOfCommunication(True, (start,))
    seen = {(start, 0)}
    prev: dict = {}
    q = deque([(start, 0)])
    n = 0
    while q and n < limit:
        h, m = q.popleft()
        n += 1
        for nb in h.neighbours():
            info = board.hex_info(nb)
            if info is None or not info.land:
                continue
            side = board.hexside(h, nb)
            if side is None:
                continue
            try:
                if costs.terrain_mp(side.terrain) is None:
                    continue             # prohibited hexside (TEC)
            except KeyError:
                continue
            mm = m + (1 if side.terrain == "mountain" else 0)
            if mm > LOC_MOUNTAIN_HEXSIDES:
                continue
            if nb in ezoc and not _friendly_units(board, nb, hq.side):
                continue
            if (nb, mm) in seen:
                continue
            seen.add((nb, mm))
            prev[(nb, mm)] = (h, m)
            if goal(nb):
                path = [nb]
                k = (h, m)
                while k in prev:
                    path.append(k[0])
                    k = prev[k]
                path.append(start)
                return LineOfCommunication(True, tuple(reversed(path)), mm)
            q.append((nb, mm))
    return LineOfCommunication(False)


# --------------------------------------------------------------------------- 20-1, 20-14

def _map_edge(board: Board, h: Hex) -> bool:
    return any(board.hex_info(n) is None for n in h.neighbours())


@dataclass(frozen=True)
class Surrounded:
    value: bool | None          # True surrounded, False not, None undetermined
    rule: str
    reason: str
    component: frozenset[Hex] = frozenset()


def edge_distances(board: Board, hexes: Iterable[Hex], friendly_countries: Iterable[str]
                   ) -> dict[Hex, int]:
    """Steps from each land hex to the nearest friendly map edge (module docstring), ignoring
    units: a static guide that lets :func:`surrounded` find a line of communication by walking
    towards the edge instead of flooding the map (the verdict is the same)."""
    friendly = set(friendly_countries)
    land = [h for h in hexes if (i := board.hex_info(h)) is not None and i.land]
    dist = {h: 0 for h in land if board.hex_info(h).country in friendly and _map_edge(board, h)}
    q = deque(dist)
    while q:
        x = q.popleft()
        for n in x.neighbours():
            i = board.hex_info(n)
            if n not in dist and i is not None and i.land:
                dist[n] = dist[x] + 1
                q.append(n)
    return dist


def loc_passable(board: Board, side, ezoc, x: Hex) -> bool:
    """20-1: may a line of communication of ``side`` enter ``x`` — a land hex, not neutral, with
    no enemy ground combat unit, and in no enemy ZOC unless friendly ground combat units are
    there."""
    info = board.hex_info(x)
    if info is None or not info.land or board.is_neutral(x):
        return False
    here = board.units(x)
    if any(u.side != side and is_ground_combat_unit(u) for u in here):
        return False
    if x in ezoc and not any(u.side == side and is_ground_combat_unit(u) for u in here):
        return False
    return True


def edge_path(guide: dict[Hex, int], h: Hex) -> tuple[Hex, ...] | None:
    """A shortest line of land hexes from ``h`` to a friendly map edge on the bare map (down the
    steps of ``guide``, :func:`edge_distances`; the first neighbour in order at each step), or
    None when ``h`` reaches none. A quick witness for :func:`surrounded`: when every hex of it
    after ``h`` is :func:`loc_passable` now, a line of communication exists (not surrounded)."""
    d = guide.get(h)
    if d is None:
        return None
    path = [h]
    x = h
    while d > 0:
        x = next((n for n in x.neighbours() if guide.get(n) == d - 1), None)
        if x is None:
            return None
        path.append(x)
        d -= 1
    return tuple(path)


def surrounded(board: Board, unit: UnitView, *, friendly_countries: Iterable[str], ezoc,
               limit: int = 5000, guide: dict[Hex, int] | None = None,
               fortress_itself: bool = False) -> Surrounded:
    """20-1 with the interpretations of the module docstring; 20-9: units stacked with a fortress
    are not surrounded. ``guide`` (:func:`edge_distances`) orders the search towards the nearest
    friendly map edge. ``fortress_itself``: ``unit`` is the fortress, judged by 20-1 alone (21-8,
    21-10: "the fort itself"; 20-9 is about the units with it)."""
    h = unit.hex
    if h is None:
        return Surrounded(None, "20-1", "the unit is not on the map")
    side = unit.side
    if not fortress_itself and any(is_fortress(u) for u in _friendly_units(board, h, side)):
        return Surrounded(False, "20-9", f"stacked with a fortress in {h}")
    friendly = set(friendly_countries)
    passable = loc_passable
    import heapq
    seen = {h}
    far = 1 << 30
    q = [(guide.get(h, far) if guide else 0, 0, h)]
    order = 0
    city = None
    edge = None
    while q and len(seen) < limit:
        x = heapq.heappop(q)[2]
        info = board.hex_info(x)
        if _map_edge(board, x):
            if info is not None and info.country in friendly:
                return Surrounded(False, "20-1", f"line of communication from {h} to the friendly "
                                  f"map edge at {x}")
            if edge is None:
                edge = x
        if info is not None and info.country in friendly and info.city and city is None:
            city = x
        for n in x.neighbours():
            if n not in seen and passable(board, side, ezoc, n):
                seen.add(n)
                order += 1
                heapq.heappush(q, (guide.get(n, far) if guide else order, order, n))
    if len(seen) >= limit:
        return Surrounded(False, "20-1", f"a line of communication from {h} reaches more than "
                          f"{limit} hexes")
    comp = frozenset(seen)
    if edge is not None:
        return Surrounded(None, "20-1", f"a line of communication from {h} reaches the map edge at "
                          f"{edge}, in a country not of its side: whether that edge is friendly is "
                          "not in the map data", comp)
    if city is not None:
        return Surrounded(None, "20-1", f"no line of communication from {h} to a friendly map edge; "
                          f"whether the friendly city {city} makes a country interior (personnel "
                          "and food resource centres) is not in the map data", comp)
    return Surrounded(True, "20-1", f"no line of communication from {h} to a friendly map edge "
                      f"or country interior ({len(comp)} hexes reachable)", comp)


def pocket(board: Board, side: str, h: Hex, *, ezoc, own_zoc, ports: Iterable[Hex] = (),
           limit: int = 5000, seen_out: list | None = None) -> frozenset[Hex] | None:
    """20-14: the connected friendly-controlled hexes (occupied by ``side``'s units or in its
    ZOC, 10-1, and not occupied by an enemy ground combat unit) around ``h`` when every one is in an enemy ZOC and none holds a friendly port;
    None when ``h`` is in no such pocket.

    ``seen_out``: a list that gets the set of hexes the search joined before it ended (the pocket
    itself when there is one). Each is a land hex connected to ``h`` through friendly-controlled
    land hexes, so that for each of them other than ``h`` the answer is the same as ``h``'s: the
    same pocket, or None (the search from there reaches the same hex that ended this one, or
    runs into the same limit)."""
    if not isinstance(ports, (set, frozenset)):
        ports = set(ports)

    def controlled(x: Hex) -> bool:
        here = board.units(x)
        if any(u.side != side and is_ground_combat_unit(u) for u in here):
            return False          # an enemy-occupied hex is not friendly-controlled
        return x in own_zoc or any(u.side == side for u in here)

    if not controlled(h):
        return None
    seen = {h}
    if seen_out is not None:
        seen_out.append(seen)
    q = deque([h])
    while q:
        x = q.popleft()
        if x not in ezoc or x in ports:
            return None
        if len(seen) > limit:
            return None
        for n in x.neighbours():
            if n not in seen and controlled(n):
                info = board.hex_info(n)
                if info is not None and info.land:
                    if n not in ezoc or n in ports:
                        # every hex joined is looked at in turn: this one ends the search with
                        # None (as the limit would, before it): no need to walk on to it
                        return None
                    seen.add(n)
                    q.append(n)
    return frozenset(seen)


def has_triangle(hexes: frozenset[Hex]) -> bool:
    """37-7 / 38-2: the pocket holds three friendly-controlled hexes that each border the other two."""
    for a in hexes:
        ns = [n for n in a.neighbours() if n in hexes]
        for i, b in enumerate(ns):
            for c in ns[i + 1:]:
                if c in b.neighbours():
                    return True
    return False
