"""``modgen dice LOG.vlog… [--module X.vmod] [--format text|json|html] [-o FILE]``.

Exit status: 0 = the statistics were written; 2 = unusable input (a file that is not a VASSAL
log, a log without any roll), with one error line naming the file and nothing else written.
"""
from __future__ import annotations


def add_arguments(parser) -> None:
    parser.add_argument("logs", nargs="+", metavar="LOG.vlog",
                        help="one or more logs (or saves) written by VASSAL: a whole campaign")
    parser.add_argument("--module", metavar="X.vmod", default=None,
                        help="the module played (its dice buttons' faces and dice); default: "
                             "from button names like 2d6")
    parser.add_argument("--format", choices=("text", "json", "html"), default="text",
                        help="text (default), json, or html with the distributions drawn")
    parser.add_argument("--json", action="store_const", const="json", dest="format",
                        help="same as --format json")
    parser.add_argument("-o", "--output", metavar="FILE", help="write here (default stdout)")


def run(args) -> int:
    from . import dice
    from .output import dumps, emit, read_module_file
    module = read_module_file(args.module)
    rep = dice.analyse(args.logs, module)
    if args.format == "json":
        emit(dumps(rep.to_json()), args.output)
    elif args.format == "html":
        emit(dice.html_report(rep), args.output)
    else:
        emit(dice.text_report(rep), args.output)
    return 0
