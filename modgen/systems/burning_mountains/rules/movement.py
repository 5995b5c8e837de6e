"""Movement and Zones of Control (4, 6) as pure functions: the ZOC of a unit, the MP of one hex,
the cheapest legal path between two drops of a move and why a drop cannot be reached.

Inputs are plain values: the map (``mapdata.BmMap``), the Terrain Effects Chart (``data.Tec``)
and the enemy ZOC a moving side meets, as a mapping hex -> the hexes of the enemy units that
project it there (6.4 asks whether two hexes are in the ZOC of *the same* unit; two units in one
hex project the same ZOC from the same altitude, so their hex stands for them).
"""
from __future__ import annotations

import heapq
from typing import Iterable, Mapping

from modgen.hexgrid import Hex, Hexside

Ezoc = Mapping[Hex, frozenset]          # hex -> hexes of the enemy units whose ZOC it is in


def zoc_hexes(h: Hex, on_map: set[Hex] | frozenset[Hex], crags: frozenset[Hexside] | set[Hexside]) -> set[Hex]:
    """6.0, 6.1: the six hexes around a combat unit, not across crag hexsides."""
    return {n for n in h.neighbours() if n in on_map and Hexside.of(h, n) not in crags}


def enemy_zoc(unit_hexes: Iterable[Hex], on_map, crags) -> dict[Hex, frozenset]:
    """6.0: the hexes in the ZOC of units standing in ``unit_hexes`` (the enemy's ZOC-exerting
    combat units), each with the hexes projecting it."""
    out: dict[Hex, set] = {}
    for h in set(unit_hexes):
        for n in zoc_hexes(h, on_map, crags):
            out.setdefault(n, set()).add(h)
    return {k: frozenset(v) for k, v in out.items()}


def six_four_blocks(bmap, a: Hex, b: Hex, ezoc: Ezoc, friendly: set[Hex]) -> bool:
    """6.4: a unit may not move directly from one EZOC hex to another of the same enemy unit when
    that unit is at a higher altitude than both hexes; a friendly unit in either hex negates the
    EZOC of its hex for this rule."""
    if a in friendly or b in friendly:
        return False
    common = ezoc.get(a, frozenset()) & ezoc.get(b, frozenset())
    top = max(bmap.altitude(a), bmap.altitude(b))
    return any(bmap.altitude(e) > top for e in common)


def step_cost(bmap, tec, a: Hex, b: Hex, ezoc: Ezoc) -> tuple[float, float]:
    """4.2, 6.3: (MP by the Terrain Effects Chart, the rulebook's lower bound) of moving a -> b.

    The lower bound is what the rulebook itself fixes whatever the placeholder chart says: one MP
    per hex entered off a road, plus the printed EZOC costs (+1 to enter, +1 to leave; EZOC to
    EZOC is both, CHOICES "ezoc-to-ezoc"); roads are ignored in an EZOC ("road-in-ezoc")."""
    in_a, in_b = a in ezoc, b in ezoc
    road = bmap.has_road(a, b) and not in_a and not in_b
    cost = tec.road_mp if road else tec.terrain[bmap.terrain(b)].mp
    lb = 0.0 if road else 1.0
    side = Hexside.of(a, b)
    if not road:
        if side in bmap.rivers:
            cost += tec.bridge_mp if side in bmap.bridges else tec.river_mp
        elif side in bmap.streams:
            cost += tec.stream_mp
    z = (tec.zoc_exit if in_a else 0) + (tec.zoc_enter if in_b else 0)
    return cost + z, lb + z


def cheapest_path(bmap, tec, a: Hex, b: Hex, *, enemy_units: set[Hex], ezoc: Ezoc,
                  friendly: set[Hex], slack: int = 8):
    """4.1, 4.5, 6.4: the cheapest legal way from ``a`` to ``b`` (Dijkstra by the chart's MP,
    within ``slack`` hexes of the straight distance): (MP, lower-bound MP, hexes) or None when no
    path avoids crags, enemy combat units and 6.4."""
    if a == b:
        return 0.0, 0.0, [a]
    best = {a: (0.0, 0.0)}
    prev: dict[Hex, Hex] = {}
    q = [(0.0, 0.0, a)]
    limit = a.distance(b) + slack
    while q:
        c, lb, h = heapq.heappop(q)
        if h == b:
            path = [b]
            while path[-1] != a:
                path.append(prev[path[-1]])
            return c, lb, path[::-1]
        if c > best.get(h, (1e9, 0))[0]:
            continue
        for n in h.neighbours():
            if n not in bmap.hexes or n.distance(a) > limit or Hexside.of(h, n) in bmap.crags:
                continue
            if n in enemy_units:
                continue
            if h in ezoc and n in ezoc and six_four_blocks(bmap, h, n, ezoc, friendly):
                continue
            sc, slb = step_cost(bmap, tec, h, n, ezoc)
            nc = c + sc
            if nc < best.get(n, (1e9, 0))[0]:
                best[n] = (nc, lb + slb)
                prev[n] = h
                heapq.heappush(q, (nc, lb + slb, n))
    return None


def why_blocked(bmap, a: Hex, b: Hex, ezoc: Ezoc, friendly: set[Hex]) -> tuple[str, str]:
    """The rule a drag from ``a`` to ``b`` broke when no legal path joins them: (rule, why)."""
    if a.direction_to(b) is not None:
        if Hexside.of(a, b) in bmap.crags:
            return "4.5", "it crosses a crag hexside (no unit crosses crags)"
        if six_four_blocks(bmap, a, b, ezoc, friendly):
            return "6.4", ("directly from one EZOC to another of the same enemy unit at a higher altitude "
                           "than both hexes")
    return "4.1", "no path between them avoids crags, enemy combat units and 6.4"
