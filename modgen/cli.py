"""``modgen`` command line: one subcommand per stage, each in the package that does the work.

Each subcommand module provides ``add_arguments(parser)`` and ``run(args) -> int``; every
subcommand also gets ``-q``/``--quiet`` and ``-v``/``--verbose`` here. Every ``ModgenError``
becomes one message on stderr and exit status 2; no traceback reaches a user. Running out of
memory (or of stack) anywhere is exit status 2 with one line naming the input, too: the reader's
bounds (modgen/vassal/limits.py) keep a hostile file far from that, but a small machine may not
be. SIGTERM is handled like Ctrl-C (temporary files removed, the map worker stopped); a reader
that goes away (``modgen log x.vlog | head``) ends the command quietly.
"""
from __future__ import annotations

import argparse
import importlib
import os
import signal
import sys

from . import __version__
from .errors import ModgenError, Terminated

DESCRIPTION = "Build VASSAL modules from wargame data, and check VASSAL logs against the rules."

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

#: exit statuses of every command (``check`` adds 1 and 3, see its help)
EXIT_OK, EXIT_USAGE = 0, 2
EXIT_INTERRUPTED = 128 + signal.SIGINT        # 130
EXIT_BROKEN_PIPE = 128 + signal.SIGPIPE       # 141, what a shell reports for a tool killed by SIGPIPE
EXIT_TERMINATED = 128 + signal.SIGTERM        # 143

EPILOG = f"""\
exit status:
  0    success
  1    rule violations found (check), differences (diff), points that do not fit (calibrate)
  2    unusable input, data errors or a bad command line
  3    no violation found, but the check was incomplete or did not run (check)
  {EXIT_INTERRUPTED}  interrupted (Ctrl-C)
  {EXIT_BROKEN_PIPE}  the output pipe was closed (modgen log x.vlog | head)
  {EXIT_TERMINATED}  terminated (SIGTERM); like Ctrl-C, no temporary file is left behind

data folder: --data DIR, else $MODGEN_DATA, else the data installed with modgen (in a
checkout, the checkout's own games/, counters/, maps/, scenarios/, tables/). The current
folder is never used by itself.

Run 'modgen COMMAND --help' for the options of a command."""


def _common_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("-q", "--quiet", action="store_true",
                   help="print only the result and errors (no progress or notes on stderr)")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="print more detail on stderr (files read, timings, what was checked)")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The whole command line; with ``command`` only that subcommand's module is imported (the
    others keep their name and help but cannot be the one parsed): ``modgen build`` does not
    pay for importing the replayer and the checker."""
    parser = argparse.ArgumentParser(prog="modgen", description=DESCRIPTION, epilog=EPILOG,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"modgen {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, (module_name, help_text) in SUBCOMMANDS.items():
        # "resolve": a command may define -q/-v itself, with its own help
        p = sub.add_parser(name, help=help_text, description=help_text,
                           conflict_handler="resolve")
        if command is not None and name != command:
            continue
        module = importlib.import_module(module_name)
        _common_options(p)
        module.add_arguments(p)
        if getattr(module, "EPILOG", None):
            p.epilog = module.EPILOG
            p.formatter_class = argparse.RawDescriptionHelpFormatter
        p.set_defaults(_run=module.run)
    return parser


def _on_sigterm(signum, frame):
    raise Terminated()


def _install_sigterm():
    try:
        return signal.signal(signal.SIGTERM, _on_sigterm)
    except (ValueError, OSError):       # not the main thread (a test calling main() in a thread)
        return None


def _silence_stdout() -> None:
    """After a closed pipe, point stdout at /dev/null so the interpreter's final flush does not
    complain again."""
    try:
        if sys.stdout is sys.__stdout__ and sys.stdout is not None:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            os.close(devnull)
    except (OSError, ValueError):
        pass


def _input_of(args) -> str | None:
    """The file a subcommand reads (a log; else a module), to name in an error."""
    for name in ("log", "module"):
        v = getattr(args, name, None)
        if v:
            return str(v)
    return None


def main(argv: list[str] | None = None) -> int:
    from .cliutil import tolerant_streams
    argv = sys.argv[1:] if argv is None else list(argv)
    tolerant_streams()
    # the top-level parser has no option taking a value: the first word is the subcommand
    command = next((a for a in argv if not a.startswith("-")), None)
    previous = _install_sigterm()
    args = None
    try:
        args = build_parser(command if command in SUBCOMMANDS else None).parse_args(argv)
        return int(args._run(args) or 0)
    except ModgenError as e:
        # a bound checked deep in the reader may not know the file: the command line does
        print(f"modgen: {e.with_file(_input_of(args)).format()}", file=sys.stderr)
        return EXIT_USAGE
    except (MemoryError, RecursionError) as e:
        where = _input_of(args)
        what = "out of memory" if isinstance(e, MemoryError) else "out of stack"
        print(f"modgen: {where + ': ' if where else ''}{what} ({type(e).__name__}): the input "
              "is larger or more deeply nested than this machine can read", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    except Terminated:
        print("modgen: terminated", file=sys.stderr)
        return EXIT_TERMINATED
    except KeyboardInterrupt:
        print("modgen: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    finally:
        if previous is not None:
            try:
                signal.signal(signal.SIGTERM, previous)
            except (ValueError, OSError):
                pass


if __name__ == "__main__":
    sys.exit(main())
