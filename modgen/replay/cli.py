"""``modgen log GAME.vlog [--module X.vmod] [--json]``: what happened, step by step."""
from __future__ import annotations

import sys
from pathlib import Path

from ..errors import ModgenError


def add_arguments(parser) -> None:
    parser.add_argument("log", help="a VASSAL log (.vlog) or saved game (.vsav)")
    parser.add_argument("--module", metavar="X.vmod",
                        help="the module the game was played with: positions become hexes, "
                             "turn levels get their names")
    parser.add_argument("--json", action="store_true",
                        help="structured records (one per step, then the final state)")


def load_module(path: str):
    from ..vassal.buildfile import read_module
    return read_module(path)


def run(args) -> int:
    from .narrative import narrative_lines, timeline_json
    from .replay import replay

    log = str(args.log)
    if not Path(log).is_file():
        raise ModgenError("no such file", file=log)
    try:
        module = load_module(args.module) if args.module else None
        timeline = replay(log, module)
    except ModgenError:
        raise
    except (MemoryError, RecursionError) as e:
        raise ModgenError(f"file too large or too deeply nested to replay ({type(e).__name__})",
                          file=log) from None
    except Exception as e:  # a malformed file must not produce a traceback
        raise ModgenError(f"cannot replay this file ({type(e).__name__})", file=log) from None
    secrets = timeline.secret_values()
    try:  # a console that cannot show "→" or a unit name must not end in a traceback
        sys.stdout.reconfigure(errors="replace")
    except (AttributeError, ValueError):
        pass
    if args.json:
        sys.stdout.write(timeline_json(timeline, secrets) + "\n")
    else:
        for line in narrative_lines(timeline, secrets):
            sys.stdout.write(line + "\n")
    return 0
