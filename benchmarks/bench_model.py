#!/usr/bin/env python3
"""Data-model timings: full load + validation of the Italian Front data (uncached), a cached
``load_game`` call, and 100 000 CRT look-ups.

    python3 benchmarks/bench_model.py [--repeat N]

Prints the best and median of N runs for each stage (seconds). Not a test: numbers depend on the
machine; compare runs on the same machine.
"""
from __future__ import annotations

import argparse
import sys

from _common import ROOT, timed  # noqa: E402  (puts the repository on sys.path)

from modgen.model import load_game, validate_game  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    best, med, errors = timed(lambda: validate_game("italian-front", ROOT), args.repeat)
    print(f"validate_game (uncached, incl. map) best {best:.3f}s median {med:.3f}s errors={len(errors)}")
    game = load_game("italian-front", ROOT)
    best, med, _ = timed(lambda: load_game("italian-front", ROOT), args.repeat)
    print(f"load_game (cached)                  best {best:.4f}s median {med:.4f}s")
    crt = game.tables["crt"]

    def lookups():
        total = 0
        for i in range(100_000):
            total += crt.result(1 + i % 140, i % 12 - 2)
        return total
    best, med, _ = timed(lookups, args.repeat)
    print(f"100000 CRT results                  best {best:.3f}s median {med:.3f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
