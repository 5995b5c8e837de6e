"""Decoding speed of a large VASSAL save: the bare floor vs the full read.

    python3 benchmarks/bench_decode.py [SAVE.vsav] [--repeat N]

floor = unzip ``savedGame`` + bytes.fromhex + XOR (bytes.translate) + UTF-8 + split on ESC
full  = read_saved_game (bounded unzip, deobfuscate, metadata) + parse_saved_game (command tree,
        typed commands, steps)
Target: full <= 3 x floor. Default file: ../shared/fixtures/vassal/pathsofglory-historical-10-8.vsav
"""
from __future__ import annotations

import argparse
import sys
import zipfile
from pathlib import Path

from _common import ROOT, timed  # noqa: E402  (puts the repository on sys.path)

from modgen.vassal.archive import read_saved_game  # noqa: E402
from modgen.vassal.commands import parse_saved_game  # noqa: E402

DEFAULT = ROOT.parent / "shared" / "fixtures" / "vassal" / "pathsofglory-historical-10-8.vsav"


def floor(path: Path) -> int:
    with zipfile.ZipFile(path) as z:
        data = z.read("savedGame")
    raw = bytes.fromhex(data[5:].decode("ascii"))
    key = raw[0]
    text = raw[1:].translate(bytes(b ^ key for b in range(256))).decode("utf-8")
    return len(text.split("\x1b"))


def full(path: Path) -> int:
    g = parse_saved_game(read_saved_game(path).text)
    return len(g.initial) + sum(len(s.commands) for s in g.steps)


def best(fn, path, repeat):
    return timed(lambda: fn(path), repeat)[0]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("save", nargs="?", default=str(DEFAULT))
    ap.add_argument("--repeat", type=int, default=5)
    a = ap.parse_args()
    path = Path(a.save)
    if not path.is_file():
        print(f"{path}: not found (the fixture lives in ../shared)", file=sys.stderr)
        return 2
    f = best(floor, path, a.repeat)
    u = best(full, path, a.repeat)
    print(f"file:  {path.name} ({path.stat().st_size / 1e6:.1f} MB zip), "
          f"{floor(path)} ESC tokens, {full(path)} commands")
    print(f"floor: {f * 1000:8.1f} ms  (unzip + fromhex + XOR + UTF-8 + split on ESC)")
    print(f"full:  {u * 1000:8.1f} ms  (read_saved_game + parse_saved_game)")
    print(f"ratio: {u / f:8.2f} x   (target <= 3)")
    return 0 if u <= 3 * f else 1


if __name__ == "__main__":
    sys.exit(main())
