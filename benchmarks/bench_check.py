"""Benchmark of ``modgen check``: script a 10,000-step Italian Front log with the test-game builder,
then read and check it end to end: decode (``read_log``), our module built from the game data
(``our_module``, once per game: no rendering), replay (``modgen.replay``) and rules. In the same run
it times decode + replay alone (a replay with a visitor that does nothing), so the rules' share of
the time is the difference. Prints steps per second (target ≥ 10,000 end to end) and peak memory
(target < 300 MB). Times are CPU seconds (``process_time``: the machine is shared), best of
``--repeat`` runs.

The scripted play: the phasing side's units move to a neighbour of their set-up hex in one
Movement Phase and back in the next; in each Combat Phase every pair of adjacent opposing units
of the set-up fights a declared combat (``!attack`` with a supply clause, ``!terrain``, the attack
roll, ``!counterattack``, its roll, a flip, a strength marker placed and the flip taken back by
the next combat); the tracker runs through the sequence of play (past the scenario's end, and
arrivals are never placed: the findings printed include those 25-2 and 5 violations, and IF 6
for Italian divisions moved before their mobilization completes).

    python3 benchmarks/bench_check.py [--steps 10000] [--repeat 3] [--keep FILE]
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
from modgen.model import load_game  # noqa: E402
from modgen.replay import Replayer, Visitor  # noqa: E402
from modgen.systems.der_weltkrieg.rules.combat import terrain_choices  # noqa: E402
from modgen.testing import TestGame  # noqa: E402


def script(steps: int) -> TestGame:
    game = load_game("italian-front")
    sc = game.scenarios["if-1915-05"]
    t = TestGame(game, sc)
    mapdef = game.maps["6-4"]
    placed = [p for p in sc.setup if p.hex is not None]
    fighters = {p.counter for p in placed if game.counters[p.counter].type not in
                ("hq", "fortress", "eng")}
    # the combats: each pair of opposing ground units in adjacent hexes at the set-up
    pairs = []
    used: set[str] = set()
    for a in placed:
        for d in placed:
            if a.counter in used or d.counter in used or a.counter not in fighters \
                    or d.counter not in fighters:
                continue
            sa = game.side_of(game.counters[a.counter].nation)
            if sa == game.side_of(game.counters[d.counter].nation) or d.hex not in a.hex.neighbours():
                continue
            # the defender's terrain: one 13-3 allows against an attack from a's hex
            sides = {n: mapdef.hexside(d.hex, n).terrain for n in d.hex.neighbours()
                     if n in mapdef.hexes and mapdef.hexside(d.hex, n) is not None}
            terrain = terrain_choices(d.hex, [a.hex], sides).terrains
            pairs.append((sa, a.counter, d.counter, d.hex, terrain[0] if terrain else None))
            used |= {a.counter, d.counter}
    hqs = {game.side_of(game.counters[p.counter].nation): game.counters[p.counter].designation
           for p in placed if game.counters[p.counter].type == "hq"}
    units = {}
    taken = {p.hex for p in placed}
    cheap = {"clear", "broken", "hilly", "suburban", "urban"}
    for p in placed:
        c = game.counters[p.counter]
        if p.counter not in fighters or p.counter in used or p.counter in units:
            continue
        for n in p.hex.neighbours():
            side = mapdef.hexside(p.hex, n) if n in mapdef.hexes else None
            if side is not None and side.terrain in cheap and not side.river and n not in taken:
                units[p.counter] = (p.hex, n)
                taken.add(n)
                break
    by_side: dict = {}
    for cid, hexes in units.items():
        by_side.setdefault(game.side_of(game.counters[cid].nation), []).append((cid, hexes))
    moves: dict[str, int] = {}
    flipped: set[str] = set()
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
            for side, att, dfd, h, terrain in pairs:
                if side != phase.side or len(t.steps) >= steps:
                    continue
                aname = game.counters[att].name
                t.declare(f"!attack {h} with {aname} supply {hqs.get(side, '?')} 1")
                if terrain:
                    t.declare(f"!terrain {h} {terrain}")
                t.roll("1d6", [1 + len(t.steps) % 6])
                t.declare(f"!counterattack {h} supply {hqs.get(game.side_of(game.counters[dfd].nation), '?')} 1")
                t.roll("1d6", [1 + (len(t.steps) // 7) % 6])
                for u in (att, dfd):
                    if game.counters[u].back is None:
                        continue                               # one-sided: nothing to flip
                    t.flip(u)                                  # a loss, or one taken back
                    flipped ^= {u}
        if len(t.steps) < steps:
            t.next_phase()
    return t


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=10_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--keep", default=None)
    args = ap.parse_args()
    t0 = time.perf_counter()
    t = script(args.steps)
    path = Path(args.keep) if args.keep else Path(tempfile.mkdtemp()) / "bench.vlog"
    t.write(path)
    t1 = time.perf_counter()
    module = our_module(t.game)
    floor = full = None
    report = None
    n = 0
    for _ in range(args.repeat):
        c0 = time.process_time()
        log = read_log(path)
        Replayer(log.saved, module).run(Visitor())
        c1 = time.process_time()
        log = read_log(path)
        report = check_log(log, t.game, t.scenario, module=module)
        c2 = time.process_time()
        n = log.n_steps
        floor = min(floor or 1e9, c1 - c0)
        full = min(full or 1e9, c2 - c1)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB -> MiB (Linux)
    combats = len(report.combats)
    print(f"scripted {n} steps in {t1 - t0:.2f}s ({path.stat().st_size / 1e6:.1f} MB .vlog), "
          f"{combats} combats")
    print(f"decode + replay alone: {floor:.2f}s CPU = {n / floor:.0f} steps/s")
    print(f"end to end (read + replay + check): {full:.2f}s CPU = {n / full:.0f} steps/s "
          f"(target >= 10000); {full / floor:.2f}x decode + replay, the rules' share "
          f"{(full - floor) / full:.0%}")
    print(f"{len(report.findings)} findings ({len(report.violations)} violations)")
    print(f"peak memory (ru_maxrss): {rss:.0f} MB (target < 300)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
