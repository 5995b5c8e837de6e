#!/usr/bin/env python3
"""Map 6-4 timings: load + validate, render, PNG encode, VASSAL location names for every hex.

    python3 benchmarks/bench_map.py [--repeat N]

Prints the best and median of N runs for each stage (seconds). Not a test: numbers depend on the
machine; compare runs on the same machine.
"""
from __future__ import annotations

import argparse
import sys

from _common import ROOT, timed  # noqa: E402  (puts the repository on sys.path)

from modgen.art.map import png_bytes, render_map  # noqa: E402
from modgen.model.geometry import board_geometry  # noqa: E402
from modgen.model.maps import load_map  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--map", default=str(ROOT / "maps" / "6-4.yaml"))
    args = ap.parse_args()

    def load():
        errors: list = []
        m = load_map(args.map, errors)
        if errors:
            raise SystemExit("\n".join(e.format() for e in errors))
        return m

    best, med, m = timed(load, args.repeat)
    print(f"load_map        best {best:.3f}s  median {med:.3f}s  ({len(m.hexes)} hexes, {len(m.hexsides)} hexsides)")
    best, med, img = timed(lambda: render_map(m), args.repeat)
    print(f"render_map      best {best:.3f}s  median {med:.3f}s  ({img.size[0]}x{img.size[1]} px)")
    best, med, data = timed(lambda: png_bytes(img), args.repeat)
    print(f"png_bytes       best {best:.3f}s  median {med:.3f}s  ({len(data)} bytes)")
    grid, _, _ = board_geometry(m)
    best, med, _ = timed(lambda: [grid.location_name(*grid.center(h)) for h in m.hexes], args.repeat)
    print(f"location names  best {best:.3f}s  median {med:.3f}s  (every hex centre)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
