"""``modgen import-setup SAVE.vsav --game G --scenario ID [-o FILE] [--dry-run] [--json]``.

Edits the scenario file's ``setup:`` list in place (comments and other fields kept), or writes
the edited scenario to ``-o FILE``. Exit status: 0 = written (or already the same), 2 =
unusable input (one error line naming the file; nothing written).
"""
from __future__ import annotations

import sys

from ..cliutil import add_data_option


def add_arguments(parser) -> None:
    parser.add_argument("save", metavar="SAVE.vsav", help="a save (or log) written by VASSAL")
    parser.add_argument("--game", default="italian-front", help="game id (default: italian-front)")
    parser.add_argument("--scenario", required=True, help="scenario id, e.g. if-1915-05")
    add_data_option(parser)
    parser.add_argument("--module", metavar="X.vmod", default=None,
                        help="the module the save was made with (default: ours, from the data)")
    parser.add_argument("-o", "--output", metavar="FILE", default=None,
                        help="write the edited scenario here instead of over its own file")
    parser.add_argument("--dry-run", action="store_true", help="report the changes, write nothing")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="text (default) or json")
    parser.add_argument("--json", action="store_const", const="json", dest="format",
                        help="same as --format json")


def run(args) -> int:
    from .import_setup import import_setup, write
    from .output import dumps
    res = import_setup(args.save, args.game, args.scenario, data=args.data,
                       module_path=args.module, output=args.output)
    written = res.changed and not args.dry_run
    if written:
        write(res)
    if args.format == "json":
        sys.stdout.write(dumps({**res.to_json(), "written": written}))
    else:
        sys.stdout.write(res.report(written))
    return 0
