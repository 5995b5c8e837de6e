"""Retreats (9.2) as pure functions: the legal retreat paths, the two guidelines of 9.2.1 (read as
9.2.1b, ``CHOICES["9.2.1-twice"]``), which of them a retreat met and whether any retreat could meet
both (else the stack is "unable" and takes +2 on its TdP roll, 9.4.1), and the minor rivers a
retreat crosses (9.2.3).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from modgen.hexgrid import Hex, Hexside


@dataclass(frozen=True)
class RetreatGround:
    """What a retreating stack meets, as the board stood when the combat was resolved."""

    on_map: frozenset
    crags: frozenset
    rivers: frozenset                 # minor-river hexsides
    bridges: frozenset                # bridged river hexsides
    enemy_combat: frozenset           # hexes of enemy combat units (never entered, 4.1)
    ezoc: frozenset                   # hexes in an enemy ZOC
    friendly: frozenset               # hexes of other friendly units (not the retreating stack)
    sources: frozenset                # the stack's supply sources (11.2)

    def source_distance(self, h: Hex) -> int | None:
        return min((h.distance(s) for s in self.sources), default=None)

    def step_ok(self, a: Hex, b: Hex) -> bool:
        return (a.direction_to(b) is not None and b in self.on_map and Hexside.of(a, b) not in self.crags
                and b not in self.enemy_combat)


def guidelines(path: Sequence[Hex], ground: RetreatGround) -> tuple[bool, bool]:
    """9.2.1b: (1) no empty hex in an EZOC entered; (2) toward a supply source: the hex distance
    to the nearest source shrinks, or for a one-hex retreat does not grow (``CHOICES
    ["retreat-toward"]``)."""
    g1 = not any(h in ground.ezoc and h not in ground.friendly for h in path[1:])
    d0, d1 = ground.source_distance(path[0]), ground.source_distance(path[-1])
    if d0 is None or d1 is None:
        g2 = False                                    # no source at all: no retreat is toward one
    else:
        g2 = d1 <= d0 if len(path) - 1 == 1 else d1 < d0
    return g1, g2


def legal_paths(start: Hex, n: int, ground: RetreatGround, limit: int = 20_000) -> list[tuple[Hex, ...]]:
    """9.2, 4.1, 4.5: every retreat of exactly ``n`` hexes from ``start`` (one hex at a time, not
    across crags, never into an enemy combat unit nor back into a hex already left)."""
    out: list[tuple[Hex, ...]] = []
    todo = [(start,)]
    while todo and len(out) < limit:
        p = todo.pop()
        if len(p) - 1 == n:
            out.append(p)
            continue
        for nb in p[-1].neighbours():
            if nb not in p and ground.step_ok(p[-1], nb):
                todo.append(p + (nb,))
    return sorted(out)


def expansions(drops: Sequence[Hex], ground: RetreatGround, limit: int = 200) -> list[tuple[Hex, ...]]:
    """The hex-by-hex paths a retreat dragged through ``drops`` can have been: a drop more than one
    hex from the last is reached by a shortest legal path (the log does not show the hexes in
    between)."""
    paths: list[tuple[Hex, ...]] = [(drops[0],)]
    for a, b in zip(drops, drops[1:]):
        d = a.distance(b)
        legs = [p for p in legal_paths(a, d, ground) if p[-1] == b] if d > 1 else (
            [(a, b)] if ground.step_ok(a, b) else [])
        if not legs:
            legs = [(a, b)]                           # an illegal drop: judged by the move checks
        paths = [p + leg[1:] for p in paths for leg in legs][:limit]
    return paths


def river_crossings(path: Sequence[Hex], ground: RetreatGround) -> tuple[int, int]:
    """9.2.3: the minor-river hexsides a retreat crosses unbridged, under the two readings of
    "remember 6.3 for EZOC effect" (``CHOICES["river-bridge-ezoc"]``): (a bridge always counts,
    a bridge into or out of an EZOC hex is ignored as roads are in 6.3). The hex a retreat leaves
    is always in the attacker's ZOC, so the readings differ for every bridge crossed from it."""
    plain = ezoc = 0
    for a, b in zip(path, path[1:]):
        if a.direction_to(b) is None:
            continue
        side = Hexside.of(a, b)
        if side not in ground.rivers:
            continue
        if side not in ground.bridges:
            plain += 1
            ezoc += 1
        elif a in ground.ezoc or b in ground.ezoc:
            ezoc += 1
    return plain, ezoc


@dataclass(frozen=True)
class GuidelineVerdict:
    met: bool                          # the retreat taken met both guidelines
    possible: bool                     # some retreat of that length met both
    example: tuple = ()                # such a retreat
    failed: tuple = ()                 # what the retreat taken missed ("an empty EZOC hex", …)

    @property
    def unable(self) -> bool:
        """9.2.1b, 9.4.1: no retreat could meet both: +2 on the stack's TdP roll."""
        return not self.possible


def judge_guidelines(taken: Iterable[Sequence[Hex]], ground: RetreatGround) -> GuidelineVerdict:
    """9.2.1b for one retreat: ``taken`` are the paths the log allows for it (``expansions``): the
    retreat met the guidelines when one of them does (the log's benefit of the doubt)."""
    taken = [tuple(p) for p in taken if len(p) > 1]
    if not taken:
        return GuidelineVerdict(True, True)
    n = len(taken[0]) - 1
    results = [guidelines(p, ground) for p in taken]
    met = any(a and b for a, b in results)
    best = max(results, key=lambda r: (r[0] and r[1], r[0], r[1]))
    failed = tuple(w for ok, w in zip(best, ("it entered an empty hex in an enemy ZOC",
                                           "it did not retreat toward a supply source")) if not ok)
    example = next((p for p in legal_paths(taken[0][0], n, ground) if all(guidelines(p, ground))), ())
    return GuidelineVerdict(met, met or bool(example), example, () if met else failed)

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
