"""Benchmark of ``modgen check``: script a 10,000-step Italian Front log with the test-game builder,
then read and check it end to end: decode (``read_log``), our module built from the game data
(``our_module``, once per game: no rendering), replay (``modgen.replay``) and rules. Prints steps per second
(target ≥ 5,000) and peak memory (target < 300 MB).

    python3 benchmarks/bench_check.py [--steps 10000] [--keep FILE]
"""
from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from modgen.check.engine import check_log  # noqa: E402
from modgen.check.logread import our_module, read_log  # noqa: E402
from modgen.testing import TestGame  # noqa: E402
from modgen.model import load_game  # noqa: E402


def script(steps: int) -> TestGame:
    """Units of the phasing side move to a neighbour of their set-up hex in one Movement Phase and
    back in the next; dice, flips and chat in each Combat Phase; the tracker runs through the
    sequence of play (past the scenario's end, and arrivals are never placed: the findings
    printed are those 25-2 and 5 violations, and IF 6 for Italian divisions moved before their
    mobilization completes)."""
    game = load_game("italian-front")
    sc = game.scenarios["if-1915-05"]
    t = TestGame(game, sc)
    mapdef = game.maps["6-4"]
    units = {}
    taken = {p.hex for p in sc.setup if p.hex is not None}
    cheap = {"clear", "broken", "hilly", "suburban", "urban"}
    for p in sc.setup:
        c = game.counters[p.counter]
        if p.hex is None or c.type in ("hq", "fortress", "eng") or p.counter in units:
            continue
        for n in p.hex.neighbours():
            side = mapdef.hexside(p.hex, n) if n in mapdef.hexes else None
            if side is not None and side.terrain in cheap and not side.river and n not in taken:
                units[p.counter] = (p.hex, n)
                taken.add(n)
                break
    by_side = {}
    for cid, hexes in units.items():
        by_side.setdefault(game.side_of(game.counters[cid].nation), []).append((cid, hexes))
    flip = 0
    moves: dict[str, int] = {}
    while len(t.steps) < steps:
        phase = t.turns.phase(t.phase)
        if phase.id.endswith("movement") and phase.side in by_side:
            there = moves.get(phase.side, 0) % 2 == 0       # out one phase, back the next
            moves[phase.side] = moves.get(phase.side, 0) + 1
            for cid, (a, b) in by_side[phase.side]:
                t.move(cid, b if there else a)
                if len(t.steps) >= steps:
                    break
        elif phase.id.endswith("combat"):
            t.roll("1d6", [1 + flip % 6])
            cid = by_side.get(phase.side, [(None, None)])[0][0]
            if cid:
                t.flip(cid)
                flip += 1
            t.chat(f"combat {flip}")
        if len(t.steps) < steps:
            t.next_phase()
    return t


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=10_000)
    ap.add_argument("--keep", default=None)
    args = ap.parse_args()
    t0 = time.perf_counter()
    t = script(args.steps)
    path = Path(args.keep) if args.keep else Path(tempfile.mkdtemp()) / "bench.vlog"
    t.write(path)
    t1, c1 = time.perf_counter(), time.process_time()
    log = read_log(path)
    t2 = time.perf_counter()
    module = our_module(t.game)
    t3 = time.perf_counter()
    report = check_log(log, t.game, t.scenario, module=module)
    t4, c4 = time.perf_counter(), time.process_time()
    n = log.n_steps
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB -> MiB (Linux)
    print(f"scripted {n} steps in {t1 - t0:.2f}s ({path.stat().st_size / 1e6:.1f} MB .vlog)")
    print(f"read (decode): {t2 - t1:.2f}s")
    print(f"module from the game data: {t3 - t2:.2f}s")
    print(f"replay + check: {t4 - t3:.2f}s, {len(report.findings)} findings "
          f"({len(report.violations)} violations)")
    print(f"end to end (read + module + replay + check): {n / (t4 - t1):.0f} steps/s wall, "
          f"{n / (c4 - c1):.0f} steps/s CPU (target >= 5000)")
    print(f"peak memory (ru_maxrss): {rss:.0f} MB (target < 300)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
