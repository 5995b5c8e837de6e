"""``modgen validate [GAME] [--data DIR]``: check every data file of a game, print every error.

Exit 0 and a one-line summary when the data is valid; exit 2 with one ``file:line: field: message``
line per error otherwise. Warnings (a map not drawn yet) are printed but do not fail (``-q``
hides them; ``-v`` also lists the files read).
"""
from __future__ import annotations

import sys

from ..cliutil import add_data_option
from .load import check_game


def add_arguments(parser) -> None:
    parser.add_argument("game", nargs="?", default="italian-front", help="game id (default: italian-front)")
    add_data_option(parser)


def run(args) -> int:
    game, errors, warnings = check_game(args.game, args.data)
    if not getattr(args, "quiet", False):
        for w in warnings:
            print(f"warning: {w.format()}", file=sys.stderr)
    if errors:
        for e in errors:
            print(e.format(), file=sys.stderr)
        print(f"modgen: {len(errors)} error{'s' if len(errors) != 1 else ''} in the data of {args.game}",
              file=sys.stderr)
        return 2
    assert game is not None
    sources = [game.source] + [x.source for group in (game.counters.values(), game.markers.values(),
                                                         game.scenarios.values(), game.tables.values(),
                                                         game.maps.values()) for x in group]
    files = sorted({s.file for s in sources if s is not None})
    if getattr(args, "verbose", False):
        print(f"data folder: {game.data_root}", file=sys.stderr)
        for f in files:
            print(f"  {f}", file=sys.stderr)
    print(f"{game.id} {game.version}: OK - {len(files)} files, {len(game.counters)} counters, "
          f"{len(game.markers)} markers, {len(game.scenarios)} scenarios, {len(game.maps)} map(s)")
    return 0
