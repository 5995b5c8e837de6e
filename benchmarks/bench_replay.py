"""Benchmark the replay: steps per second over a long synthetic log (target ≥ 20,000 steps/s).

    python3 benchmarks/bench_replay.py                  # 20,000 steps, module VlogTest.vmod
    python3 benchmarks/bench_replay.py --steps 50000 --repeat 3 --no-module

The log is built from a real VASSAL-written one (../shared/fixtures/vassal/logs/all_actions.vlog:
its begin state, its pieces' real type/state strings) by repeating realistic steps the way VASSAL
records them: a drag (``D/`` with the moved flag and Old* properties, ``M/``, a new
``+/…/stack``, the move report), a merge onto another unit, a flip (``D/`` + report), a dice roll
(report + four ``MutableProperty``) and, every 50 steps, a turn-tracker advance. Positions are
hex centres drawn with a fixed seed, so the run is the same every time.

Prints: steps, decode time (``parse_saved_game``) and replay time (``Replayer.run`` with a visitor
that touches every step record), best of ``--repeat``, as steps per second. Times are CPU time
of this process (``time.process_time``), so a busy machine does not distort them much. The module
is read, and its board image sizes loaded, before timing.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from modgen.replay import Replayer, Visitor  # noqa: E402
from modgen.replay.pieces import join_chain, split_chain  # noqa: E402
from modgen.replay.state import GameState  # noqa: E402
from modgen.vassal.archive import read_saved_game  # noqa: E402
from modgen.vassal.commands import Node, encode_tree, parse_saved_game  # noqa: E402

LOGS = ROOT.parent / "shared" / "fixtures" / "vassal" / "logs"


def hex_center(col: int, row: int) -> tuple[int, int]:
    """VlogTest grid: dx 56, dy 64, x0 28, y0 32, stagger (vassal-format.md §2.4)."""
    c, r = col - 1, row - 1
    if c % 2:
        r -= 1
    x = int(c * 56) + 28
    y = (int(r * 64) if c % 2 == 0 else int(r * 64 + 32)) + 32
    return x, y


def with_position(state: str, n: int, x: int, y: int, moved: bool | None = None,
                  level: int | None = None) -> str:
    parts = split_chain(state, n)
    basic = parts[-1].split(";")
    basic[1], basic[2] = str(x), str(y)
    parts[-1] = ";".join(basic)
    if moved is not None:
        parts[1] = "true" if moved else "false"   # markmoved is the 2nd trait in these pieces
    if level is not None:
        parts[6] = str(level)                     # emb2 Step is the 7th
    return join_chain(parts)


def build_log(n_steps: int, seed: int = 1) -> str:
    text = read_saved_game(LOGS / "all_actions.vlog").text
    head = text[: text.index("end_save") + len("end_save")]
    saved = parse_saved_game(head)
    gs = GameState()
    for c in saved.initial:
        gs.apply(c)
    rng = random.Random(seed)
    ids = sorted(gs.pieces)
    info = {pid: gs.pieces[pid].info.n for pid in ids}
    cur = {pid: gs.pieces[pid].state for pid in ids}
    pos = {pid: gs.pieces[pid].position[1:] for pid in ids}
    level = {pid: gs.pieces[pid].layers.get("Step", 1) for pid in ids}
    names = {pid: gs.pieces[pid].name for pid in ids}
    next_stack = 9_000_000_000_000
    phase = 0
    out = [head]
    for i in range(n_steps):
        r = rng.random()
        pid = rng.choice(ids)
        if i % 50 == 49:
            phase += 1
            new = f"0|{phase // 4 + 1};0;false;-1;{phase % 4}\\;0\\;0\\;true,true,true,true"
            node = Node("LOG\tCHAT* * &lt;BluePlayer&gt; Turn Updated", [Node("LOG\tTURNTurnTracker0\t" + new)])
        elif r < 0.6:
            merge = r >= 0.45
            ox, oy = pos[pid]
            if merge:
                other = rng.choice([q for q in ids if q != pid])
                x, y = pos[other]
                under = other
            else:
                x, y = hex_center(rng.randint(1, 10), rng.randint(1, 10))
                under = None
            old_state = cur[pid]
            d_state = with_position(old_state, info[pid], ox, oy, moved=True)
            new_state = with_position(d_state, info[pid], x, y)
            children = [Node(f"LOG\tM/{pid}/Main Map/{x}/{y}/{under or 'null'}/Main Map/{ox}/{oy}/null/blue-secret")]
            if not merge:
                next_stack += 1
                children.append(Node(f"LOG\t+/{next_stack}/stack/Main Map;{x};{y};{pid};@@1"))
            children.append(Node(f"LOG\tCHAT* {names[pid]} moves A &rarr; B *"))
            node = Node(f"LOG\tD/{pid}/{d_state}/{old_state}", children)
            cur[pid] = new_state
            pos[pid] = (x, y)
        elif r < 0.8:
            old_state = cur[pid]
            level[pid] = 3 - level[pid] if level[pid] in (1, 2) else 1
            new_state = with_position(old_state, info[pid], *pos[pid], level=level[pid])
            node = Node(f"LOG\tD/{pid}/{new_state}/{old_state}",
                        [Node(f"LOG\tCHAT* 0101: {names[pid]} flipped *")])
            cur[pid] = new_state
        else:
            v = rng.randint(1, 6)
            node = Node(f"LOG\tCHAT*** 1d6 = {v} *** &lt;BluePlayer&gt;", [
                Node(f"LOG\tMutableProperty\t1d6_result\t1\t{v}\tModule"),
                Node(f"LOG\tMutableProperty\t1d6_total\t0\t{v}\tModule"),
                Node("LOG\tMutableProperty\t1d6_keep\t0\t1\tModule"),
                Node(f"LOG\tMutableProperty\t1d6_summary\t\t{v} x1\tModule")])
        # one step = one top-level element: its own ESCs are escaped one level
        out.append(encode_tree(node).replace("\x1b", "\\\x1b"))
    return "\x1b".join(out)


class Touch(Visitor):
    def __init__(self):
        self.events = 0

    def on_step(self, step, state):
        self.events += len(step.events)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=20000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-module", action="store_true", help="replay without VlogTest.vmod")
    a = ap.parse_args(argv)
    if not LOGS.exists():
        print(f"reference fixtures not found at {LOGS}", file=sys.stderr)
        return 2
    module = None
    if not a.no_module:
        from modgen.vassal.buildfile import read_module
        module = read_module(LOGS / "VlogTest.vmod")
        module.location_name("Main Map", 0, 0)  # loads the board image size once
    text = build_log(a.steps)
    best_parse = best_run = float("inf")
    events = 0
    for _ in range(a.repeat):
        t0 = time.process_time()
        saved = parse_saved_game(text)
        t1 = time.process_time()
        v = Touch()
        Replayer(saved, module).run(v)
        t2 = time.process_time()
        best_parse = min(best_parse, t1 - t0)
        best_run = min(best_run, t2 - t1)
        events = v.events
    n = len(saved.steps)
    print(f"steps: {n}  events: {events}  module: {'VlogTest.vmod' if module else 'none'}")
    print(f"decode (parse_saved_game): {best_parse:.3f} s  = {n / best_parse:,.0f} steps/s")
    print(f"replay (Replayer.run):     {best_run:.3f} s  = {n / best_run:,.0f} steps/s")
    print(f"decode + replay:           {best_parse + best_run:.3f} s  = "
          f"{n / (best_parse + best_run):,.0f} steps/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
