"""``modgen log GAME.vlog [--module X.vmod] [--game ID] [--data DIR] [--json]``: what happened,
step by step.

The module view (positions as hexes, turn levels by name): ``--module``, else our module as
the game data describe it (``modgen.check.logread.OurModule``, as ``modgen check`` replays) when
``--game`` names a game or the log's module name is a game's title in the data folder; it is
laid out with the boards the log's own ``BoardPicker`` names. Otherwise positions stay map pixels
and the output's first line says so. When our module's view was used: one line on stderr saying
so (unless ``-q``).
"""
from __future__ import annotations

import sys
from itertools import chain

from ..cliutil import add_data_option, input_file, write_utf8_chunks
from ..errors import ModgenError


def add_arguments(parser) -> None:
    parser.add_argument("log", help="a VASSAL log (.vlog) or saved game (.vsav)")
    parser.add_argument("--module", metavar="X.vmod",
                        help="the module the game was played with: positions become hexes, "
                             "turn levels get their names (default: ours, from the game data, "
                             "when the log was written with one of our games' modules)")
    parser.add_argument("--game", default=None,
                        help="game id whose module view to use (default: the game whose title "
                             "is the log's module name, else none: map pixels)")
    add_data_option(parser)     # (-q, the common option, silences the module-view note)
    parser.add_argument("--json", action="store_true",
                        help="structured records (one per step, then the final state), UTF-8, "
                             "format 'modgen-log'")


def load_module(path: str):
    from ..vassal.buildfile import read_module
    return read_module(path)


def our_view(log, game_id: str | None, data: str | None):
    """(our module as this log laid it out, its game, whether the log named the boards), or
    (None, None, False): the game ``--game`` names, else the one whose title is the log's module
    name in the data folder (as ``modgen check`` recognises it), else none."""
    from ..check.cli import _load_game, game_of_module
    from ..check.logread import OurModule, log_boards, our_module
    gid = game_id or (game_of_module(log.module_name, data) if log.module_name else None)
    if gid is None:
        return None, None, False
    game = _load_game(gid, data)
    boards = log_boards(game, log.saved)
    return (our_module(game) if boards is None else OurModule(game, boards)), game, boards is not None


def view_note(log, module, game, from_log: bool) -> str:
    """The one line (stderr) saying which module view the positions and turns come from when no
    ``--module`` was given and the view is our module's."""
    # the log's moduledata is untrusted text: quoted with repr (no control character reaches
    # the terminal)
    written = (f"; the log's: {log.module_name!r} {log.module_version or '?'!r}"
               if (log.module_name, log.module_version) != (game.title, game.version) else "")
    boards = ", ".join(b.id for b in module._boards)
    where = "as the log lays them out" if from_log else "every sheet of the game: the log names none"
    return (f"modgen log: module view: ours for {game.id} ({game.title} {game.version}{written}); "
            f"Main Map boards {boards} ({where})")


def run(args) -> int:
    from ..check.logread import LogData
    from ..vassal.archive import read_saved_game
    from ..vassal.commands import parse_saved_game
    from .narrative import iter_narrative, timeline_json_chunks
    from .replay import replay

    log = input_file(args.log, "VASSAL log or save")
    if args.module:
        input_file(args.module, "VASSAL module")
    try:
        sf = read_saved_game(log)
        data = LogData(sf.path, sf.moduledata.get("name") or None,
                       sf.moduledata.get("version") or None, parse_saved_game(sf.text, name=sf.path))
        from_log = False
        if args.module:
            module, game = load_module(args.module), None
        else:
            module, game, from_log = our_view(data, getattr(args, "game", None),
                                              getattr(args, "data", None))
        if game is not None and not getattr(args, "quiet", False):
            # with --module the user named the view; without, say which one the data gave (a
            # log of another module: the output's own first line says positions are pixels)
            print(view_note(data, module, game, from_log), file=sys.stderr)
        timeline = replay(data.saved, module)
        timeline.source = sf.path
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
