"""Benchmark of ``modgen build``: wall time, peak memory, and the share of the floor.

The floor is the work any module writer must do: encoding the PNG images and writing the zip.
Everything else (loading and validating the data, drawing the art, pieces, saves, XML) should
take at most half of the floor in wall time; peak memory must stay below 1 GB.

Each run is a fresh Python process (as ``modgen build`` is), so nothing is cached between runs.

    python3 benchmarks/bench_build.py [GAME] [--repeat N] [--serial]

Prints one line per run and a summary of the best run; exits 1 if a target is missed.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def child(game_id: str, out: str, parallel: bool) -> None:
    import resource
    import time
    sys.path.insert(0, str(ROOT))
    t0 = time.perf_counter()
    from modgen.model import load_game
    from modgen.module import build
    game = load_game(game_id)
    t_load = time.perf_counter() - t0
    progress = build.Progress(stream=None)
    build.build_module(game, out, progress=progress, parallel=parallel)
    total = time.perf_counter() - t0
    t = progress.timings
    own = sum(t.get(k, 0.0) for k in ("pieces", "scenarios", "charts", "buildFile"))
    peak = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
               resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024
    print(json.dumps({"total": total, "load": t_load, "png": t.get("png encoding", 0.0),
                      "zip": t.get("zip writing", 0.0), "art_stage": t.get("art", 0.0),
                      "writer": own, "peak_mb": peak, "size": Path(out).stat().st_size}))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("game", nargs="?", default="italian-front")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--serial", action="store_true", help="draw the maps in this process too")
    ap.add_argument("--child", nargs=2, metavar=("GAME", "OUT"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child[0], args.child[1], not args.serial)
        return 0
    runs = []
    with tempfile.TemporaryDirectory() as d:
        out = str(Path(d) / f"{args.game}.vmod")
        for i in range(args.repeat):
            cmd = [sys.executable, __file__, "--child", args.game, out]
            if args.serial:
                cmd.append("--serial")
            r = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True,
                                          cwd=ROOT).stdout)
            r["floor"] = r["png"] + r["zip"]
            r["rest"] = r["total"] - r["floor"]
            runs.append(r)
            print(f"run {i + 1}: total {r['total']:.2f} s | load+validate {r['load']:.2f} s | "
                  f"PNG encoding {r['png']:.2f} s + zip {r['zip']:.2f} s = floor {r['floor']:.2f} s"
                  f" | everything else {r['rest']:.2f} s ({r['rest'] / r['floor']:.2f} x floor; "
                  f"module writer's own stages {r['writer']:.2f} s) | peak RSS {r['peak_mb']:.0f} MB"
                  f" | {r['size']:,} bytes")
    best = min(runs, key=lambda r: r["total"])
    ratio = best["rest"] / best["floor"] if best["floor"] else float("inf")
    peak = max(r["peak_mb"] for r in runs)
    print(f"best: total {best['total']:.2f} s; floor (PNG encoding + zip) {best['floor']:.2f} s; "
          f"everything else {best['rest']:.2f} s = {ratio:.2f} x floor (target <= 0.50), of which "
          f"load+validate {best['load']:.2f} s and the writer's own stages {best['writer']:.2f} s "
          f"({best['writer'] / best['floor']:.2f} x floor); peak RSS {peak:.0f} MB (target < 1024)")
    ok = ratio <= 0.5 and peak < 1024
    print("targets met" if ok else "TARGET MISSED (see the breakdown: art drawing dominates)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
