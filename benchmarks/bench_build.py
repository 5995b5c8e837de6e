"""Benchmark of ``modgen build``: wall time, peak memory, and everything else against the floor.

The floor is the work any module writer must do: encoding the PNG images (at the level the
module uses; the benchmark does not choose it) and writing the zip. Target (generator issue):
everything else together takes at most half as long as the floor, and peak memory stays
below 1 GB.

Each run is a fresh ``python3 -m modgen.cli build`` process (the real command line, run through
``modgen.cli.main`` so its stage timings can be collected), timed from outside: the total
includes interpreter start-up, imports, loading and validating the data, the art, the pieces,
saves and XML, and writing the zip. One warm-up run comes first (not counted) with bytecode
writing allowed, so the modules are byte-compiled as in an installed package (this machine sets
PYTHONDONTWRITEBYTECODE; without the warm-up every run would compile modgen from source).

Two modes, as the build has them:

* serial (``modgen build --serial``): everything in one process. The floor is the time spent in
  PNG encoding and zip writing; everything else = total − floor. Clean one-core accounting.
* parallel (the default build): the map is drawn and encoded in a forked worker and the board is
  downsampled on two threads. Encoding seconds are summed over processes and threads (CPU work);
  on two cores the floor cannot take less than half of that, so the benchmark charges the floor
  only ``floor / cores`` of the wall time and everything else gets the rest: a conservative
  figure (it never credits the parallel art with time the floor could have saved).

Peak memory: ``ru_maxrss`` of the build process, and of its forked worker (RUSAGE_CHILDREN);
the figure judged against 1 GB is their sum (both may peak at once).

    python3 benchmarks/bench_build.py [GAME] [--repeat N] [--mode serial|parallel|both] [--warmup N]
                                      [--against GAME]

Prints every run, then the median (and min) per mode and a per-stage table of medians; exits 1
when the target is missed in the mode ``modgen build`` uses by default (parallel).

``--against REF`` (the Eastern Front's target, issue 11): the runs of GAME and of REF alternate
(the same load on a shared machine), and GAME's total is judged against twice its own floor
plus what REF's build costs beyond REF's floor: ``total(GAME) <= 2 x floor(GAME) + (total(REF)
- floor(REF))``, in each mode (serial: the floor's seconds; parallel: the floor charged to the
wall). The exit status is then that comparison's, in the default (parallel) mode.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

# (statistics, subprocess and tempfile are imported where the parent uses them: the child, which
# is the build being timed, imports nothing that ``modgen build`` would not)

ROOT = Path(__file__).resolve().parents[1]

# stage names as modgen.module.build.Progress records them
STAGES = ("validate", "art", "png", "pieces", "scenarios", "charts", "buildFile", "zip")
EXTRA = ("png encoding", "zip writing", "map art", "map art (worker)")


def child(game_id: str, out: str, serial: bool) -> None:
    """Run ``modgen build`` in this process and print its timings as JSON."""
    import resource
    t0 = time.perf_counter()
    sys.path.insert(0, str(ROOT))
    from modgen.module import build as B
    captured = []

    class Recording(B.Progress):          # the CLI makes its own Progress: keep a handle on it
        def __init__(self, *a, **k):
            super().__init__(*a, **k)
            captured.append(self)

    B.Progress = Recording
    from modgen.cli import main
    # --no-cache: every run is a full build (the incremental build has its own benchmark)
    argv = ["build", game_id, "-o", out, "-q", "--no-cache"] + (["--serial"] if serial else [])
    rc = main(argv)
    total_inside = time.perf_counter() - t0
    if rc != 0:
        raise SystemExit(f"modgen build exited {rc}")
    timings = captured[0].timings if captured else {}
    me, kids = (resource.getrusage(w) for w in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    print(json.dumps({
        "cpu": me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime,
        "inside": total_inside, "timings": timings,
        "rss_self_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "rss_children_mb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024,
        "size": Path(out).stat().st_size}))


def run_once(game: str, out: str, serial: bool, env: dict) -> dict:
    import subprocess
    cmd = [sys.executable, str(Path(__file__).resolve()), "--child", game, out]
    if serial:
        cmd.append("--serial")
    t = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, env=env)
    wall = time.perf_counter() - t
    if p.returncode != 0:
        raise SystemExit(f"benchmark child failed:\n{p.stderr}")
    r = json.loads(p.stdout.strip().splitlines()[-1])
    r["wall"] = wall
    t = r["timings"]
    r["floor"] = t.get("png encoding", 0.0) + t.get("zip writing", 0.0)
    return r


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def account(r: dict, serial: bool) -> tuple[float, float, float]:
    """(floor charged to the wall, everything else, ratio)."""
    floor = r["floor"] if serial else r["floor"] / max(1, min(2, cores()))
    rest = r["wall"] - floor
    return floor, rest, rest / floor if floor else float("inf")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("game", nargs="?", default="italian-front")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--mode", choices=("serial", "parallel", "both"), default="both")
    ap.add_argument("--serial", action="store_true", help="same as --mode serial")
    ap.add_argument("--warmup", type=int, default=1, help="uncounted runs first (default 1)")
    ap.add_argument("--against", metavar="REF", help="judge GAME against 2 x its floor + REF's "
                    "cost beyond REF's floor (runs alternate)")
    ap.add_argument("--child", nargs=2, metavar=("GAME", "OUT"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child[0], args.child[1], args.serial)
        return 0
    import statistics
    import tempfile
    modes = ["serial"] if args.serial else (["serial", "parallel"] if args.mode == "both"
                                             else [args.mode])
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    warm_env = dict(env)
    warm_env.pop("PYTHONDONTWRITEBYTECODE", None)
    print(f"{cores()} cores available; {args.repeat} runs per mode after one warm-up run; "
          f"load average {os.getloadavg()[0]:.2f} at start")
    summary = {}
    ref_summary: dict = {}
    with tempfile.TemporaryDirectory() as d:
        out = str(Path(d) / f"{args.game}.vmod")
        ref_out = str(Path(d) / f"{args.against}.vmod") if args.against else None
        for _ in range(args.warmup):
            run_once(args.game, out, True, warm_env)  # byte-compile, warm the file cache
            if args.against:
                run_once(args.against, ref_out, True, warm_env)
        sizes = set()
        for mode in modes:
            serial = mode == "serial"
            runs = []
            for i in range(args.repeat):
                if args.against:
                    rr = run_once(args.against, ref_out, serial, env)
                    f2, rest2, _ = account(rr, serial)
                    rr.update(floor_charged=f2, rest=rest2)
                    ref_summary.setdefault(mode, []).append(rr)
                    print(f"{mode} run {i + 1} ({args.against}): total {rr['wall']:.3f} s | floor "
                          f"{rr['floor']:.3f} s (charged {f2:.3f} s) | beyond the floor {rest2:.3f} s"
                          f" | CPU {rr['cpu']:.3f} s")
                r = run_once(args.game, out, serial, env)
                floor, rest, ratio = account(r, serial)
                t = r["timings"]
                sizes.add(r["size"])
                peak = r["rss_self_mb"] + (0 if serial else r["rss_children_mb"])
                r.update(floor_charged=floor, rest=rest, ratio=ratio, peak=peak)
                runs.append(r)
                print(f"{mode} run {i + 1}: total {r['wall']:.3f} s | PNG encoding "
                      f"{t.get('png encoding', 0):.3f} s + zip {t.get('zip writing', 0):.3f} s"
                      f" = floor {r['floor']:.3f} s (charged {floor:.3f} s) | everything else "
                      f"{rest:.3f} s = {ratio:.2f} x floor | peak RSS {peak:.0f} MB | CPU "
                      f"{r['cpu']:.3f} s")
            summary[mode] = runs
        print(f"module size: {', '.join(f'{s:,}' for s in sorted(sizes))} bytes")
    print()
    med = statistics.median
    for mode, runs in summary.items():
        print(f"{mode}: median of {len(runs)} runs (min in brackets)")
        print(f"  total wall          {med(r['wall'] for r in runs):7.3f} s "
              f"[{min(r['wall'] for r in runs):.3f}]")
        print(f"  floor (PNG + zip)   {med(r['floor'] for r in runs):7.3f} s "
              f"[{min(r['floor'] for r in runs):.3f}]"
              + ("" if mode == "serial" else
                 f"  CPU seconds; charged to the wall: {med(r['floor_charged'] for r in runs):.3f} s"))
        print(f"  everything else     {med(r['rest'] for r in runs):7.3f} s "
              f"[{min(r['rest'] for r in runs):.3f}]")
        print(f"  ratio               {med(r['ratio'] for r in runs):7.2f} x floor "
              f"[{min(r['ratio'] for r in runs):.2f}]  (target <= 0.50)")
        print(f"  peak RSS            {max(r['peak'] for r in runs):7.0f} MB (max; target < 1024)")
        print(f"  CPU (all processes) {med(r['cpu'] for r in runs):7.3f} s "
              f"[{min(r['cpu'] for r in runs):.3f}]  (user+sys of the build process and its worker, whole life)")
        print("  stage                median s  (png encoding, zip writing and the worker's "
              "lines are parts of, or beside, the stages above them)")
        print(f"    {'interpreter start':20s} {med(r['wall'] - r['inside'] for r in runs):6.3f}")
        print(f"    {'imports, CLI':20s} "
              f"{med(r['inside'] - sum(r['timings'].get(s, 0.0) for s in STAGES) for r in runs):6.3f}"
              "   (before the first stage)")
        for s in STAGES + EXTRA:
            vals = [r["timings"].get(s, 0.0) for r in runs]
            if any(vals):
                print(f"    {s:20s} {med(vals):6.3f}")
    default = summary.get("parallel") or summary.get("serial")
    ok = (statistics.median(r["ratio"] for r in default) <= 0.5
          and max(r["peak"] for r in default) < 1024)
    print("targets met" if ok else "TARGET MISSED (median ratio above 0.50 or peak >= 1 GB)")
    if args.against:
        verdicts = {}
        for mode, runs in summary.items():
            refs = ref_summary[mode]
            total, ref_total = med(r["wall"] for r in runs), med(r["wall"] for r in refs)
            floor = med(r["floor" if mode == "serial" else "floor_charged"] for r in runs)
            ref_beyond = med(r["rest"] for r in refs)
            target = 2 * floor + ref_beyond
            verdicts[mode] = total <= target
            print(f"{mode}: {args.game} total {total:.3f} s vs target 2 x floor {floor:.3f} s + "
                  f"{args.against} beyond its floor {ref_beyond:.3f} s (its total {ref_total:.3f} s) "
                  f"= {target:.3f} s: {'met' if verdicts[mode] else 'MISSED'} "
                  f"({total / target:.2f} of the target)")
            # the same on CPU seconds (user + sys of all processes), which a loaded machine does
            # not inflate: total CPU <= 2 x floor CPU + the reference's CPU beyond its floor
            cpu, ref_cpu = med(r["cpu"] for r in runs), med(r["cpu"] for r in refs)
            fcpu, ref_fcpu = med(r["floor"] for r in runs), med(r["floor"] for r in refs)
            ctarget = 2 * fcpu + (ref_cpu - ref_fcpu)
            print(f"{mode} (CPU seconds): {args.game} {cpu:.3f} s vs 2 x floor {fcpu:.3f} s + "
                  f"{args.against} beyond its floor {ref_cpu - ref_fcpu:.3f} s = {ctarget:.3f} s: "
                  f"{'met' if cpu <= ctarget else 'MISSED'} ({cpu / ctarget:.2f} of the target)")
        return 0 if verdicts.get("parallel", verdicts.get("serial")) else 1
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
