"""``modgen`` command line: one subcommand per stage, each in the package that does the work.

Each subcommand module provides ``add_arguments(parser)`` and ``run(args) -> int``. Every
``ModgenError`` becomes one message on stderr and exit status 2; no traceback reaches a user.
"""
from __future__ import annotations

import argparse
import importlib
import sys

from .errors import ModgenError

SUBCOMMANDS = {
    "validate": ("modgen.model.cli", "check every data file of a game and report every error"),
    "build": ("modgen.module.cli", "build a VASSAL module (.vmod) from a game's data"),
    "log": ("modgen.replay.cli", "read a .vsav/.vlog and print what happened, step by step"),
    "check": ("modgen.check.cli", "check a game played in VASSAL against the rules"),
    "diff": ("modgen.tools.diff_cli", "compare two modules (.vmod/buildFile.xml) or two saves"),
    "import-setup": ("modgen.tools.import_setup_cli",
                     "write a save's unit positions as a scenario's set-up list"),
    "calibrate": ("modgen.tools.calibrate_cli",
                  "fit a scanned map's hex grid from three or more hex centres"),
    "dice": ("modgen.tools.dice_cli", "dice statistics over one or many logs"),
}


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The whole command line; with ``command`` only that subcommand's module is imported (the
    others keep their name and help but cannot be the one parsed): ``modgen build`` does not
    pay for importing the replayer and the checker."""
    parser = argparse.ArgumentParser(prog="modgen", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, (module_name, help_text) in SUBCOMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        if command is not None and name != command:
            continue
        module = importlib.import_module(module_name)
        module.add_arguments(p)
        p.set_defaults(_run=module.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    # the top-level parser has no option taking a value: the first word is the subcommand
    command = next((a for a in argv if not a.startswith("-")), None)
    try:
        args = build_parser(command if command in SUBCOMMANDS else None).parse_args(argv)
        return int(args._run(args) or 0)
    except ModgenError as e:
        print(f"modgen: {e.format()}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("modgen: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
