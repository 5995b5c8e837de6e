"""``modgen build`` imports only what building needs (the replayer and the checker are other
subcommands); every subcommand is still listed and parsed."""
from __future__ import annotations

import subprocess
import sys

from modgen.cli import SUBCOMMANDS, build_parser

PROBE = """
import contextlib, io, sys
from modgen.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    try:
        main([{args}])
    except SystemExit:
        pass
print(",".join(sorted(m for m in sys.modules if m.startswith(("modgen.replay", "modgen.check",
                                                                "modgen.module")))))
"""


def _modules_after(args: str) -> set[str]:
    out = subprocess.run([sys.executable, "-c", PROBE.format(args=args)], capture_output=True,
                         text=True, check=True).stdout.strip()
    return set(out.split(",")) - {""}


def test_build_help_imports_neither_replayer_nor_checker():
    mods = _modules_after("'build', '--help'")
    assert "modgen.module.cli" in mods
    assert not any(m.startswith(("modgen.replay", "modgen.check")) for m in mods)


def test_parser_for_one_subcommand_still_lists_every_subcommand():
    parser = build_parser("build")
    text = parser.format_help()
    for name, (_, help_text) in SUBCOMMANDS.items():
        assert name in text and help_text in text
    args = parser.parse_args(["build", "italian-front", "-q"])
    assert args.command == "build" and args.quiet and callable(args._run)


def test_module_writer_imports_only_the_vassal_parts_it_uses():
    probe = ("import sys, modgen.module.build; print(','.join(sorted(m for m in sys.modules "
             "if m.startswith(('modgen.vassal', 'jinja2', 'multiprocessing', "
             "'modgen.module.buildfile')))))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout.strip()
    # Jinja2 (buildFile stage) and multiprocessing (map worker) load only when used, after
    # the map worker has started; limits is the reader's bounds, constants only
    assert set(out.split(",")) == {"modgen.vassal", "modgen.vassal.sequence",
                                   "modgen.vassal.obfuscation", "modgen.vassal.limits"}


def test_vassal_reader_api_is_still_exported():
    import importlib

    import modgen.vassal as V
    for name in V.__all__:
        module = importlib.import_module(f"modgen.vassal.{V._EXPORTS[name]}")
        assert getattr(V, name) is getattr(module, name)
    from modgen.vassal import parse_saved_game, read_module  # noqa: F401
    try:
        V.no_such_name
    except AttributeError:
        pass
    else:
        raise AssertionError("unknown names must raise AttributeError")
