"""``modgen diff A B [--module X.vmod] [--format text|json] [-o FILE]``.

A and B: two modules (``.vmod`` or a bare ``buildFile.xml``) or two saves/logs. Exit status:
0 = the same, 1 = different, 2 = unusable input (one error line naming the file, nothing else).
"""
from __future__ import annotations


def add_arguments(parser) -> None:
    parser.add_argument("a", metavar="A", help="a .vmod, a buildFile.xml, or a .vsav/.vlog")
    parser.add_argument("b", metavar="B", help="the same kind of file to compare with")
    parser.add_argument("--module", metavar="X.vmod", default=None,
                        help="for two saves: the module whose grids name the hexes")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="text (default) or json (UTF-8)")
    parser.add_argument("--json", action="store_const", const="json", dest="format",
                        help="same as --format json")
    parser.add_argument("-o", "--output", metavar="FILE", help="write here (default stdout)")


def run(args) -> int:
    from .diff import diff_files
    from .output import dumps, emit
    rep = diff_files(args.a, args.b, module=args.module)
    emit(dumps(rep.to_json()) if args.format == "json" else rep.text(), args.output)
    return 0 if rep.same else 1
