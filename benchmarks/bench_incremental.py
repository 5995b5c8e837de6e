"""Benchmark of the incremental ``modgen build``: a full build, a no-change rebuild and a
one-counter edit, measured in one run.

Targets (issue 12): the no-change rebuild takes at most 15 % and the one-counter edit at most
30 % of the full build's time; peak memory no higher than the full build's.

The data folders are copied to a temporary folder (the edit never touches the checkout). Each
build is a fresh ``modgen build`` process (the real command line, through ``modgen.cli.main``),
timed from outside, so interpreter start-up and imports count:

* full: ``--clean`` with an empty cache folder (what a first build costs; it fills the cache),
  beside the same build with ``--no-cache`` (what filling the cache costs);
* no change: the same command again, nothing edited;
* one counter: one counter's printed strength is changed (alternately 4-4 → 5-4 and back, so
  every run has a real edit), then the same command.

Each run's module is compared with a ``--no-cache`` build of the same data at the end (the
bytes must be identical). One warm-up build first byte-compiles modgen (this machine sets
PYTHONDONTWRITEBYTECODE). Peak memory: ``ru_maxrss`` of the build process plus that of its
forked map worker (when one ran).

    python3 benchmarks/bench_incremental.py [GAME] [--repeat N]

Prints every run and the medians; exits 1 when a target is missed.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("games", "counters", "maps", "scenarios", "tables")
EDIT_FILE = Path("counters/italian-front/italy.yaml")
EDIT_FROM = '{id: it-inf-xx-35, type: inf, size: XX, designation: "35", front: "4-4"'
EDIT_TO = '{id: it-inf-xx-35, type: inf, size: XX, designation: "35", front: "5-4"'


def child(argv: list[str]) -> None:
    import resource
    sys.path.insert(0, str(ROOT))
    from modgen.cli import main
    rc = main(argv)
    if rc != 0:
        raise SystemExit(f"modgen build exited {rc}")
    me = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(json.dumps({"rss_mb": me + kids}))


def run(argv: list[str], env: dict) -> dict:
    t = time.perf_counter()
    p = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", *argv],
                       capture_output=True, text=True, cwd=ROOT, env=env)
    wall = time.perf_counter() - t
    if p.returncode != 0:
        raise SystemExit(f"benchmark child failed:\n{p.stderr}")
    r = json.loads(p.stdout.strip().splitlines()[-1])
    r["wall"] = wall
    return r


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("game", nargs="?", default="italian-front")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--child", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child is not None:
        child(args.child)
        return 0
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("MODGEN_CACHE", None)
    warm_env = dict(env)
    warm_env.pop("PYTHONDONTWRITEBYTECODE", None)
    print(f"load average {os.getloadavg()[0]:.2f} at start; {args.repeat} runs each")
    with tempfile.TemporaryDirectory() as d:
        d = Path(d)
        data = d / "data"
        for f in FOLDERS:
            shutil.copytree(ROOT / f, data / f)
        out, cache = d / "out" / f"{args.game}.vmod", d / "cache"
        out.parent.mkdir()                 # modgen build -o does not create a missing folder
        base = ["build", args.game, "--data", str(data), "-o", str(out), "-q",
                "--cache", str(cache)]
        run(base + ["--no-cache"], warm_env)                      # warm-up: byte-compile
        edit = data / EDIT_FILE
        text = edit.read_text(encoding="utf-8")
        if EDIT_FROM not in text:
            raise SystemExit(f"benchmark edit target not found in {EDIT_FILE}")
        results: dict[str, list[dict]] = {"no cache": [], "full": [], "no change": [],
                                          "one counter": []}
        modules: list[tuple[str, bytes]] = []
        state = text
        for i in range(args.repeat):
            results["no cache"].append(run(base + ["--no-cache"], env))
            shutil.rmtree(cache, ignore_errors=True)
            results["full"].append(run(base + ["--clean"], env))
            results["no change"].append(run(base, env))
            state = text.replace(EDIT_FROM, EDIT_TO) if state == text else text
            edit.write_text(state, encoding="utf-8")
            results["one counter"].append(run(base, env))
            modules.append((state, out.read_bytes()))
            for name in results:
                r = results[name][-1]
                print(f"run {i + 1} {name:12s} {r['wall']:.3f} s  peak {r['rss_mb']:.0f} MB")
        # the incremental results are the clean build's bytes
        checked = {}
        for edited, module in modules:
            if edited not in checked:
                edit.write_text(edited, encoding="utf-8")
                clean = d / "clean.vmod"
                run(["build", args.game, "--data", str(data), "-o", str(clean), "-q",
                     "--no-cache"], env)
                checked[edited] = clean.read_bytes()
            if checked[edited] != module:
                raise SystemExit("an incremental build differs from the clean build")
        edit.write_text(text, encoding="utf-8")
    med = {k: statistics.median(r["wall"] for r in v) for k, v in results.items()}
    peak = {k: max(r["rss_mb"] for r in v) for k, v in results.items()}
    full = med["full"]
    print(f"\nmedians: full {full:.3f} s, peak {peak['full']:.0f} MB (the same build without the "
          f"cache: {med['no cache']:.3f} s, peak {peak['no cache']:.0f} MB)")
    ok = True
    for name, target in (("no change", 0.15), ("one counter", 0.30)):
        ratio = med[name] / full
        good = ratio <= target and peak[name] <= peak["full"] * 1.05
        ok &= good
        print(f"  {name:12s} {med[name]:.3f} s = {ratio:5.1%} of full (target <= {target:.0%}), "
              f"peak {peak[name]:.0f} MB {'ok' if good else 'MISSED'}")
    print("every incremental module is byte-identical to a clean build of the same data")
    print("targets met" if ok else "TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
