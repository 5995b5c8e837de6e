"""Benchmark the counter art: time to render, and to PNG-encode, every counter image of the game.

    python3 benchmarks/bench_art.py            # the game's counters and markers if the data loads
    python3 benchmarks/bench_art.py --synthetic 500   # a synthetic set of 500 counters

Prints the number of images, the render time and the encode time (best of --repeat runs; the
art's in-process caches are cleared before each run).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from modgen.art import clear_caches, game_images, png_bytes  # noqa: E402
from modgen.art.counters import counter_images  # noqa: E402
from modgen.model.types import Counter, Face, Nation  # noqa: E402

TYPES = ("inf", "mtn", "cav", "art", "siege-art", "eng", "aslt", "mtn-aslt", "marine", "bicycle",
         "rpl", "hq", "fortress")
SIZES = ("XXXX", "XXX", "XX", "X", "III", "II", "I")


def synthetic(n: int):
    nations = {
        "austria-hungary": Nation("austria-hungary", "Austria-Hungary", "central-powers",
                                  "#f2f2ec", "#000000"),
        "italy": Nation("italy", "Italy", "entente", "#a9d89b", "#000000"),
    }
    ids = sorted(nations)
    counters = []
    for i in range(n):
        t = TYPES[i % len(TYPES)]
        counters.append(Counter(
            f"c{i:04d}", ids[i % 2], t, SIZES[i % len(SIZES)], f"{i % 97}{'M' if i % 3 else ''}",
            Face(2 + i % 10, 3 + i % 4, defence_only=(t == "fortress")), Face(1 + i % 5, 3 + i % 4),
            full_strength=(4 + i % 5) if t not in ("hq", "fortress") else None,
            full_strength_colour="#ffffff"))
    return counters, nations


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--synthetic", type=int, metavar="N",
                    help="render N synthetic counters instead of the game's")
    ap.add_argument("--game", default="italian-front")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)

    render = None
    what = ""
    if not args.synthetic:
        try:
            from modgen.model import load_game
            game = load_game(args.game)
            render = lambda: game_images(game)  # noqa: E731
            what = f"game {args.game}: {len(game.counters)} counters, {len(game.markers)} markers"
        except Exception as e:  # the data may not exist yet: fall back to the synthetic set
            print(f"(game data not loadable: {type(e).__name__}: {e}; using 500 synthetic counters)")
            args.synthetic = 500
    if args.synthetic:
        counters, nations = synthetic(args.synthetic)
        render = lambda: counter_images(counters, nations)  # noqa: E731
        what = f"synthetic: {args.synthetic} counters"

    best_r = best_e = float("inf")
    for _ in range(args.repeat):
        clear_caches()          # every repeat draws from scratch, as one modgen build does
        t0 = time.perf_counter()
        images = render()
        t1 = time.perf_counter()
        blobs = [png_bytes(im) for im in images.values()]
        t2 = time.perf_counter()
        best_r, best_e = min(best_r, t1 - t0), min(best_e, t2 - t1)
    total = sum(len(b) for b in blobs)
    print(what)
    print(f"images: {len(images)}  ({total / 1024:.0f} KiB of PNG)")
    print(f"render: {best_r:.3f} s  ({best_r / len(images) * 1000:.2f} ms/image)")
    print(f"encode: {best_e:.3f} s  ({best_e / len(images) * 1000:.2f} ms/image)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
