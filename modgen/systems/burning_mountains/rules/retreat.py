"""Retreats (9.2) as pure functions.
"""
from __future__ import annotations

from typing import Sequence

from modgen.hexgrid import Hex, Hexside

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
