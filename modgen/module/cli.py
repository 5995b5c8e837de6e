"""``modgen build [GAME] [--data DIR] [-o dist/GAME.vmod]``."""
from __future__ import annotations

import sys
from pathlib import Path

from ..errors import ModgenError


def add_arguments(parser):
    parser.add_argument("game", nargs="?", default="italian-front",
                        help="game id (default: italian-front)")
    parser.add_argument("--data", metavar="DIR", default=None,
                        help="folder holding games/, counters/, maps/, scenarios/, tables/")
    parser.add_argument("-o", "--output", metavar="FILE", default=None,
                        help="output .vmod (default: dist/GAME.vmod)")
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress messages")
    parser.add_argument("--serial", action="store_true",
                        help="draw all the art in this process (default: maps and markers in "
                             "forked workers; the output is the same bytes either way)")


def run(args) -> int:
    from ..model import load_game
    from .build import Progress, build_module

    progress = Progress(stream=None if args.quiet else sys.stderr)
    progress.stage("validate", f"game {args.game}")
    game = load_game(args.game, args.data)   # validates every file; ValidationErrors lists all
    output = Path(args.output) if args.output else Path("dist") / f"{args.game}.vmod"
    try:
        from ..system import system_of
        builder = system_of(game).module_builder() if game.system else None
        if builder is not None:      # a rules system whose module has a shape of its own
            path = builder(game, output, progress=progress)
        else:
            path = build_module(game, output, progress=progress, parallel=not args.serial)
    except OSError as e:
        raise ModgenError(f"cannot write the module: {e.strerror or e}", file=str(output)) from None
    if not args.quiet:
        print(f"modgen build: wrote {path} ({path.stat().st_size:,} bytes)", file=sys.stderr)
    return 0
