"""``modgen validate [GAME] [--data DIR]``: check every data file of a game, print every error.

Exit 0 and a one-line summary when the data is valid; exit 2 with one ``file:line: field: message``
line per error otherwise. Warnings (a map not drawn yet) are printed but do not fail.
"""
from __future__ import annotations

import sys

from .load import check_game


def add_arguments(parser) -> None:
    parser.add_argument("game", nargs="?", default="italian-front", help="game id (default: italian-front)")
    parser.add_argument("--data", metavar="DIR", default=None,
                        help="data folder with games/, counters/, maps/, scenarios/, tables/ (default: this checkout)")


def run(args) -> int:
    game, errors, warnings = check_game(args.game, args.data)
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
    nfiles = len({s.file for s in sources if s is not None})
    print(f"{game.id} {game.version}: OK - {nfiles} files, {len(game.counters)} counters, "
          f"{len(game.markers)} markers, {len(game.scenarios)} scenarios, {len(game.maps)} map(s)")
    return 0
