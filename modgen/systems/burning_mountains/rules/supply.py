"""Supply (11) as pure functions: the path to a source, its length and the supply state.
"""
from __future__ import annotations

from modgen.hexgrid import Hex, Hexside

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
