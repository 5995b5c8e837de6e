"""``modgen log GAME.vlog [--module X.vmod] [--json]``: what happened, step by step."""
from __future__ import annotations

import sys
from itertools import chain

from ..cliutil import input_file, write_utf8_chunks
from ..errors import ModgenError


def add_arguments(parser) -> None:
    parser.add_argument("log", help="a VASSAL log (.vlog) or saved game (.vsav)")
    parser.add_argument("--module", metavar="X.vmod",
                        help="the module the game was played with: positions become hexes, "
                             "turn levels get their names")
    parser.add_argument("--json", action="store_true",
                        help="structured records (one per step, then the final state), UTF-8, "
                             "format 'modgen-log'")


def load_module(path: str):
    from ..vassal.buildfile import read_module
    return read_module(path)


def run(args) -> int:
    from .narrative import iter_narrative, timeline_json_chunks
    from .replay import replay

    log = input_file(args.log, "VASSAL log or save")
    if args.module:
        input_file(args.module, "VASSAL module")
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
    # no password can be in what is written: the reader keeps user ids as Secret objects that
    # no event or record carries (narrative.py); the text is not searched for them. A console
    # that cannot show "→" or a unit name: the command line's streams replace what they cannot
    # encode (modgen.cliutil); JSON is UTF-8 whatever the console
    if args.json:
        write_utf8_chunks(chain(timeline_json_chunks(timeline), ("\n",)))
    else:
        for line in iter_narrative(timeline):
            sys.stdout.write(line + "\n")
    return 0
