"""``modgen build [GAME] [--data DIR] [-o FILE]``.

Without ``-o`` the module goes to ``dist/GAME.vmod`` (``dist/`` is created); a folder named with
``-o`` must exist.
"""
from __future__ import annotations

import sys
from pathlib import Path

from ..cliutil import add_data_option, output_file
from ..errors import ModgenError


def add_arguments(parser):
    parser.add_argument("game", nargs="?", default="italian-front",
                        help="game id (default: italian-front)")
    add_data_option(parser)
    parser.add_argument("-o", "--output", metavar="FILE", default=None,
                        help="output .vmod (default: dist/GAME.vmod; the folder of FILE must exist)")
    parser.add_argument("-q", "--quiet", action="store_true",
                        help="no progress messages (errors only)")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="also print the time each stage took")
    parser.add_argument("--serial", action="store_true",
                        help="draw all the art in this process (default: maps and markers in "
                             "forked workers; the output is the same bytes either way)")


def run(args) -> int:
    from ..model import load_game
    from .build import Progress, build_module

    if args.output:
        output = output_file(args.output)
    else:
        output = Path("dist") / f"{args.game}.vmod"
    progress = Progress(stream=None if args.quiet else sys.stderr)
    progress.stage("validate", f"game {args.game}")
    game = load_game(args.game, args.data)   # validates every file; ValidationErrors lists all
    if not args.output:
        try:
            output.parent.mkdir(exist_ok=True)
        except OSError as e:
            raise ModgenError(f"cannot create the folder: {e.strerror or e}",
                              file=str(output.parent)) from None
    try:
        path = build_module(game, output, progress=progress, parallel=not args.serial)
    except OSError as e:
        raise ModgenError(f"cannot write the module: {e.strerror or e}", file=str(output)) from None
    if getattr(args, "verbose", False) and not args.quiet:
        for stage, seconds in progress.timings.items():
            print(f"modgen build: {stage:<18} {seconds:7.3f} s", file=sys.stderr)
    if not args.quiet:
        print(f"modgen build: wrote {path} ({path.stat().st_size:,} bytes)", file=sys.stderr)
    return 0
