#!/usr/bin/env python3
"""modgen.systems.der_weltkrieg.rules timings on the real map 6-4 with a scenario's set-up on it.

    python3 benchmarks/bench_rules.py [--scenario if-1917-10] [--moves 2000] [--repeat 3]

Measures: enemy ZOC for a side, ``check_movement`` for many random drop pairs within each unit's
MA (the checker's per-move cost), the same with two intermediate drops, and ``check_stacking``
for every occupied hex. Prints the best and median of N runs (seconds) and the mean per call.
Not a test: numbers depend on the machine.
"""
from __future__ import annotations

import argparse
import random

from _common import timed  # noqa: E402  (puts the repository on sys.path)

from modgen.model import load_game  # noqa: E402
from modgen.systems.der_weltkrieg.rules import (ITALIAN_FRONT_STACKING, BoardState, TerrainCosts, UnitView,  # noqa: E402
                          check_movement, check_stacking, enemy_zoc, movement_allowance)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--scenario", default="if-1917-10")
    ap.add_argument("--moves", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    game = load_game()
    sc = game.scenarios[args.scenario]
    mapdef = game.maps[sc.maps[0]]
    costs = TerrainCosts.for_game(game)
    units = [UnitView(game.counters[p.counter], game.side_of(game.counters[p.counter].nation),
                      reduced=p.reduced, hex=p.hex)
             for p in sc.setup if p.hex is not None and p.hex in mapdef.hexes]
    markers: dict = {}
    for mk in sc.markers:
        markers.setdefault(mk.hex, []).append(game.markers[mk.marker].kind if mk.marker in game.markers
                                              else mk.marker)
    board = BoardState.build(mapdef, units, markers,
                             neutral_countries={"switzerland"})
    print(f"scenario {sc.id}: {len(units)} units on map {mapdef.id} ({len(mapdef.hexes)} hexes)")

    rng = random.Random(args.seed)
    movers = [u for u in units if movement_allowance(u)]
    ezoc = {s.id: frozenset(enemy_zoc(board, s.id)) for s in game.sides}
    jobs = []
    for _ in range(args.moves):
        u = rng.choice(movers)
        ma = movement_allowance(u) or 1
        near = [h for h in u.hex.within(ma) if h in mapdef.hexes]
        jobs.append((u, [u.hex, rng.choice(near)]))
    jobs3 = []
    for u, (a, b) in jobs[: args.moves // 4]:
        ma = movement_allowance(u) or 1
        near = [h for h in b.within(2) if h in mapdef.hexes]
        jobs3.append((u, [a, rng.choice(near), rng.choice(near), b]))

    best, med, _ = timed(lambda: [enemy_zoc(board, s.id) for s in game.sides], args.repeat)
    print(f"enemy_zoc, both sides:              best {best:.4f}s  median {med:.4f}s")

    def run(js):
        verdicts = {}
        for u, drops in js:
            r = check_movement(board, u, drops, costs, ezoc=ezoc[u.side])
            verdicts[r.verdict] = verdicts.get(r.verdict, 0) + 1
        return verdicts

    best, med, v = timed(lambda: run(jobs), args.repeat)
    print(f"check_movement × {len(jobs)} (2 drops):   best {best:.4f}s  median {med:.4f}s  "
          f"= {1e3 * best / len(jobs):.3f} ms/move  {v}")
    best, med, v = timed(lambda: run(jobs3), args.repeat)
    print(f"check_movement × {len(jobs3)} (4 drops):    best {best:.4f}s  median {med:.4f}s  "
          f"= {1e3 * best / max(len(jobs3), 1):.3f} ms/move  {v}")

    occupied = sorted({(u.side, u.hex) for u in units})
    best, med, v = timed(lambda: [check_stacking(board, s, h, ITALIAN_FRONT_STACKING)
                                  for s, h in occupied], args.repeat)
    print(f"check_stacking × {len(occupied)} hexes:       best {best:.4f}s  median {med:.4f}s  "
          f"violations {sum(1 for x in v if x)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
