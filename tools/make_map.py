#!/usr/bin/env python3
"""Make schematic map sheets (maps/<id>.yaml) from the geography kits.

    python3 tools/make_map.py SHEET [SHEET ...] [--kit KIT] [--out FILE]   e.g. 4-5 6-5
    python3 tools/make_map.py --all

One method for every sheet (tools/mapkit.py, its docstring lists the steps); each sheet's choices
and the rulebook facts it must honour are in its config, tools/sheets/s<id>.py (4-5N -> s4_5n.py).
Do not edit maps/<id>.yaml by hand: change the config and rerun.
"""
from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import mapkit  # noqa: E402

SHEETS = ("6-4", "4-5", "4-5N", "4-5E", "5-5", "5-5S", "6-5", "6-6")


def config(sheet: str):
    return importlib.import_module("sheets.s" + sheet.lower().replace("-", "_"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("sheets", nargs="*", help=f"sheet ids ({', '.join(SHEETS)})")
    ap.add_argument("--all", action="store_true", help="every sheet")
    ap.add_argument("--kit", help="the geography kit (one sheet only; default: the config's kit in "
                    "../shared/data/geography/)")
    ap.add_argument("--out", help="output file (one sheet only; default maps/<id>.yaml)")
    args = ap.parse_args(argv)
    sheets = list(SHEETS) if args.all else args.sheets
    if not sheets:
        ap.error("name a sheet or use --all")
    if (args.kit or args.out) and len(sheets) != 1:
        ap.error("--kit and --out need exactly one sheet")
    for s in sheets:
        if s not in SHEETS:
            ap.error(f"unknown sheet {s!r} (known: {', '.join(SHEETS)})")
        cfg = config(s)
        out = Path(args.out) if args.out else mapkit.ROOT / "maps" / f"{cfg.ID}.yaml"
        mapkit.write_sheet(cfg, out, Path(args.kit) if args.kit else None)
        print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
