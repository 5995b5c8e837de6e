"""Benchmark of ``modgen check``: a 10,000-step Italian Front campaign scripted with the test-game
builder (``_campaign.py``: movement, declared combats with supply spending, rolls, losses,
retreats and advances, reinforcements, trenches, undo, over twenty months of the calendar),
read and checked end to end: decode (``read_log``), replay (``modgen.replay``), the engine's
bookkeeping and the rules. Targets: end to end ≥ 10,000 steps/s, peak memory < 300 MB.

Times are CPU seconds of this process (``process_time``: the machine is shared), best of
``--repeat`` runs, the stages interleaved in each run so that a busy spell hits them alike:

* floor: decode + replay alone (``read_log`` + ``Replayer.run`` with a visitor that does
  nothing); every other figure is also given as a multiple of it;
* engine: decode + replay + the checker with no rule (its bookkeeping: positions, stacks, phases,
  declarations);
* end to end: ``read_log`` + ``check_log`` (every rule);
* a reference loop of fixed pure-Python work, and wall/CPU time of the runs, show how loaded the
  machine was.

Then one run with a timer around every rule call gives each rule's share of the rules' time
(time spent in a rule that another runs, the ``combat`` hook, counts for the inner one), and a
child process that only reads and checks the log gives the peak memory (its own high-water
mark, ``VmHWM``; the scripting of the log is not counted).

    python3 benchmarks/bench_check.py [--steps 10000] [--repeat 5] [--keep FILE] [--log FILE]
                                      [--rules N] [--scaling N,N,...]

``--log FILE`` checks that log instead of scripting one (game italian-front, scenario recognised
as ``modgen check`` does).

``--scaling 10000,20000,40000`` scripts the campaign at each size instead (kept as
``--keep``'s name with the size in it, when given) and prints, for each, the CPU time per step of
the floor and of end to end (and their ratio), the peak memory of a process checking it, and then
the rules whose time per step grows with the size (``--log A,B,C`` with it: those logs instead,
smallest first); the work of a check should grow linearly with
the log (the time per step stays flat); a rule that rises is looking at more of the past each
step. Past the 10,000 steps the campaign keeps its fronts going (``_campaign.LONG_RUN``).
"""
from __future__ import annotations

import argparse
import collections
import os
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from _common import ROOT  # noqa: E402  (puts the repository on sys.path)

from modgen.check.engine import Checker, check_log  # noqa: E402
from modgen.check.findings import Finding  # noqa: E402
from modgen.check.logread import our_module, read_log  # noqa: E402
from modgen.model import load_game  # noqa: E402
from modgen.replay import Replayer, Visitor  # noqa: E402


def reference() -> float:
    """CPU seconds of a fixed pure-Python workload (dict, tuple and string work like the
    checker's): slower than usual means a loaded machine (or a slower one)."""
    t = time.process_time()
    d: dict = {}
    for i in range(300_000):
        k = (i % 977, str(i % 131))
        d[k] = d.get(k, 0) + len(k[1])
    return time.process_time() - t


def step_mix(path: Path) -> collections.Counter:
    """What the steps of a log are (the first command of each, as the test-game builder writes
    them)."""
    log = read_log(path)
    kinds: collections.Counter = collections.Counter()
    for st in log.saved.steps:
        cmds = st.commands
        k = type(cmds[0]).__name__ if cmds else "empty"
        if k == "Chat":
            text = cmds[0].text
            if text.startswith("&lt;") and "- !" in text:
                k = "declaration !" + text.split("- !", 1)[1].split()[0]
            elif text.startswith("&lt;"):
                k = "chat"
            elif text.startswith("***"):
                k = "die roll"
            elif "Turn Updated" in text:
                k = "turn tracker"
        elif k == "MovePiece":
            k = "move"
        elif k == "ChangePiece":
            k = "elimination" if len(cmds) > 1 and any(type(c).__name__ == "MovePiece"
                                                       for c in cmds) \
                else "flip" if len(cmds) > 1 else "SupplyPoints change"
        elif k == "AddPiece":
            k = "marker placed"
        elif k == "RemovePiece":
            k = "marker removed"
        elif k == "Undo":
            k = "undo"
        kinds[k] += 1
    return kinds


class TimedChecker(Checker):
    """The checker with a CPU timer around every rule call (exclusive of nested hooks)."""

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.spent: collections.Counter = collections.Counter()
        self.calls: collections.Counter = collections.Counter()
        self._inner = [0.0]

    def _run(self, hook, *args):
        clock = time.process_time
        for r in self._by_hook[hook]:
            self._inner.append(0.0)
            t = clock()
            out = r.fn(self.ctx, *args)
            found = list(out) if out else []
            dt = clock() - t
            inner = self._inner.pop()
            self._inner[-1] += dt
            key = f"{r.number} {r.name} ({r.hook})"   # a move rule: whatever the kind of move
            self.spent[key] += dt - inner
            self.calls[key] += 1
            for f in found:
                # as the engine's _run does (the scene is not counted as the rule's time)
                if not f.check:
                    f = Finding(**{**f.__dict__, "check": r.name})
                if (f.hexes or f.path) and not f.scene:
                    f = replace(f, scene=self._scene(f))
                self.findings.append(f)


def script(steps: int, keep: str | None) -> Path:
    from _campaign import campaign
    t = campaign(steps)
    path = Path(keep) if keep else Path(tempfile.mkdtemp()) / "bench.vlog"
    t.write(path)
    return path


def memory_child(path: Path) -> int:
    """Peak RSS (MB) of a fresh process that reads and checks the log.

    On Linux the child reads its own high-water mark, ``VmHWM`` of ``/proc/self/status``:
    its ``ru_maxrss`` would not do, because the kernel carries the parent's peak over into the
    child's ``ru_maxrss`` across fork/vfork + exec, so it read as this (larger) process's peak.
    Elsewhere ``ru_maxrss`` (an upper bound)."""
    code = ("import resource, sys; sys.path.insert(0, sys.argv[2]);"
            "from modgen.check.cli import check_file;"
            "check_file(sys.argv[1]);"
            "kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
            "try:\n"
            "    kib = next(int(l.split()[1]) for l in open('/proc/self/status') "
            "if l.startswith('VmHWM:'))\n"
            "except (OSError, StopIteration):\n"
            "    pass\n"
            "print(kib)")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code, str(path), str(ROOT)], env=env,
                         capture_output=True, text=True, check=True)
    return int(out.stdout.split()[-1]) // 1024        # KiB -> MiB (Linux)


def scaling(sizes: list, repeat: int, keep: str | None, game, top: int) -> int:
    """Per-step time and peak memory at each size (a number of steps to script, or a log's
    path); the rules whose per-step time grows."""
    from modgen.check.cli import recognise_scenario
    module = our_module(game)
    rows, per_rule = [], []
    for size in sizes:
        if isinstance(size, Path):
            path = size
        else:
            k = None
            if keep:
                kp = Path(keep)
                k = str(kp.with_name(f"{kp.stem}-{size}{kp.suffix or '.vlog'}"))
            path = script(size, k)
        first = read_log(path)
        sc, _basis = recognise_scenario(first, game, None)
        floor = full = float("inf")
        for _ in range(repeat):
            c = time.process_time()
            Replayer(read_log(path).saved, module).run(Visitor())
            floor = min(floor, time.process_time() - c)
            c = time.process_time()
            report = check_log(read_log(path), game, sc, module=module)
            full = min(full, time.process_time() - c)
        tc = TimedChecker(game, sc)
        tc.run(read_log(path), module)
        n = first.n_steps
        rows.append((n, floor, full, memory_child(path), len(report.combats),
                     len(report.findings)))
        per_rule.append((n, {key: v / n for key, v in tc.spent.items()}))
    print(f"CPU time per step, best of {repeat} (floor: decode + replay alone; end to end: read "
          f"+ replay + check); peak memory (VmHWM) of a process checking the log:")
    print(f"  {'steps':>7} {'combats':>8} {'findings':>8} {'floor us/step':>14} "
          f"{'end to end us/step':>19} {'x floor':>8} {'peak MB':>8} {'KB/step':>8}")
    for n, floor, full, rss, nc, nf in rows:
        print(f"  {n:>7} {nc:>8} {nf:>8} {floor / n * 1e6:>14.1f} {full / n * 1e6:>19.1f} "
              f"{full / floor:>8.2f} {rss:>8} {rss * 1024 / n:>8.1f}")
    first_rules, last_rules = per_rule[0][1], per_rule[-1][1]
    print("rules by CPU time per step (us) at each size, the largest first (one timed run each; "
          "last / first: a rule whose time per step grows with the log is suspect; the combat "
          "rules also follow the combats per step):")
    print("  " + "".join(f"{n:>9}" for n, _ in per_rule) + "  last/first")
    for key in sorted(last_rules, key=lambda x: -last_rules[x])[:top]:
        a, b = first_rules.get(key, 0.0), last_rules[key]
        grows = f"{b / a:6.2f} x" if a > 0 else "     new"
        print("  " + "".join(f"{r.get(key, 0.0) * 1e6:>9.2f}" for _, r in per_rule)
              + f"  {grows}  {key}")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=10_000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--keep", default=None, help="write the scripted log here")
    ap.add_argument("--log", default=None, help="check this log instead of scripting one")
    ap.add_argument("--rules", type=int, default=12, help="how many rules to list by time")
    ap.add_argument("--scaling", default=None, metavar="N,N,...",
                    help="per-step time and peak memory at these sizes (e.g. 10000,20000,40000)")
    args = ap.parse_args()
    game = load_game("italian-front")
    if args.scaling:
        sizes = [int(x) for x in args.scaling.split(",") if x.strip()]
        if args.log:             # the logs given, in place of scripting them
            sizes = [Path(x) for x in args.log.split(",") if x.strip()]
        return scaling(sizes, args.repeat, args.keep, game, args.rules)
    t0 = time.perf_counter()
    path = Path(args.log) if args.log else script(args.steps, args.keep)
    t1 = time.perf_counter()
    from modgen.check.cli import recognise_scenario
    first = read_log(path)
    sc, _basis = recognise_scenario(first, game, None)
    module = our_module(game)
    best = collections.defaultdict(lambda: float("inf"))
    wall = cpu = 0.0
    report = None
    for _ in range(args.repeat):
        w0, c0 = time.perf_counter(), time.process_time()
        best["reference"] = min(best["reference"], reference())
        c = time.process_time()
        log = read_log(path)
        best["decode"] = min(best["decode"], time.process_time() - c)
        c = time.process_time()
        Replayer(log.saved, module).run(Visitor())
        best["replay"] = min(best["replay"], time.process_time() - c)
        c = time.process_time()
        log = read_log(path)
        Replayer(log.saved, module).run(Visitor())
        best["floor"] = min(best["floor"], time.process_time() - c)
        c = time.process_time()
        log = read_log(path)
        Checker(game, sc, rules=[]).run(log, module)
        best["engine"] = min(best["engine"], time.process_time() - c)
        c = time.process_time()
        log = read_log(path)
        report = check_log(log, game, sc, module=module)
        best["full"] = min(best["full"], time.process_time() - c)
        wall += time.perf_counter() - w0
        cpu += time.process_time() - c0
    n = log.n_steps
    floor = best["floor"]

    def line(what, s):
        return f"  {what:<44} {s:6.3f} s  {n / s:>8,.0f} steps/s  {s / floor:5.2f} x floor"

    mix = step_mix(path)
    print(f"log: {path.name}, {n} steps ({path.stat().st_size / 1e6:.2f} MB), "
          + (f"scripted in {t1 - t0:.1f} s, " if not args.log else "")
          + f"{len(report.combats)} combats; game italian-front, scenario "
          f"{sc.id if sc else 'not recognised'}")
    print("  steps: " + ", ".join(f"{k} {v}" for k, v in mix.most_common()))
    print(f"CPU time, best of {args.repeat} (reference loop {best['reference'] * 1000:.0f} ms; "
          f"wall/CPU over the runs {wall / cpu:.2f}: above 1 the machine was busy)")
    print(line("decode (read_log)", best["decode"]))
    print(line("replay alone (Replayer.run, empty visitor)", best["replay"]))
    print(line("floor: decode + replay alone", floor))
    print(line("decode + replay + engine (no rule)", best["engine"]))
    print(line("end to end (read + replay + check)", best["full"]) + "   (target >= 10,000)")
    rules_share = best["full"] - best["engine"]
    print(f"  the rules' share of end to end {rules_share / best['full']:.0%} "
          f"({rules_share:.3f} s), the engine's bookkeeping "
          f"{(best['engine'] - floor) / best['full']:.0%}, decode + replay "
          f"{floor / best['full']:.0%}")
    counts = collections.Counter(f"{f.rule} {f.severity}" for f in report.findings)
    print(f"{len(report.findings)} findings ({len(report.violations)} violations): "
          + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    # one more run with a timer around each rule
    tc = TimedChecker(game, sc)
    tc.run(read_log(path), module)
    total = sum(tc.spent.values())
    print(f"rules by CPU time (one timed run, {total:.3f} s in rule calls; the timers add "
          "their own cost):")
    for k, v in tc.spent.most_common(args.rules):
        print(f"  {v:6.3f} s  {v / floor:5.2f} x floor  {tc.calls[k]:6d} calls  {k}")
    rest = total - sum(v for _, v in tc.spent.most_common(args.rules))
    print(f"  {rest:6.3f} s  {rest / floor:5.2f} x floor  the other "
          f"{max(0, len(tc.spent) - args.rules)} rules")
    rss = memory_child(path)
    print(f"peak memory of a process reading and checking the log (VmHWM): {rss} MB "
          f"(target < 300); this process: "
          f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
