#!/usr/bin/env python3
"""Make the schematic map 6-4 (maps/6-4.yaml) from the geography kit.

    python3 tools/make_map_6_4.py [--kit ../shared/data/geography/italian-front.yaml] [--out maps/6-4.yaml]

The same as ``python3 tools/make_map.py 6-4``: the method is tools/mapkit.py (shared by every
sheet), the choices and rulebook facts for 6-4 are tools/sheets/s6_4.py.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import make_map  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kit")
    ap.add_argument("--out")
    args = ap.parse_args(argv)
    extra = (["--kit", args.kit] if args.kit else []) + (["--out", args.out] if args.out else [])
    return make_map.main(["6-4", *extra])


if __name__ == "__main__":
    sys.exit(main())
