"""``modgen check GAME.vlog``: replay a VASSAL log on the game data and report every rule broken.

Exit status: 0 no violation (and every check ran), 1 violations found, 2 unusable input (a
ModgenError), 3 no violation found but the check was incomplete or did not run (a log from
another module, a scenario not recognised, a turn tracker that cannot be read: the report's
headline says what was not checked, ``modgen.check.coverage``).
"""
from __future__ import annotations

import sys
from pathlib import Path

from ..atomicfile import atomic_write
from ..cliutil import add_data_option, input_file, output_file, write_text, write_utf8
from ..errors import ModgenError
from ..system import system_of
from . import declarations as decl
from .context import boards_for
from .logread import LogData, log_boards, our_module_for, read_log

DEFAULT_GAME = "italian-front"


def add_arguments(parser) -> None:
    parser.add_argument("log", metavar="GAME.vlog", help="a log (or save) written by VASSAL")
    parser.add_argument("--game", default=None,
                        help=f"game id (default: recognised from the log, else {DEFAULT_GAME})")
    parser.add_argument("--scenario", default=None,
                        help="scenario id (default: recognised from a !scenario declaration, the "
                             "set-up or the starting turn)")
    parser.add_argument("--format", choices=("text", "json", "html"), default="text",
                        help="text (default) for reading; json for programs (format "
                             "'modgen-check', UTF-8); html: a page with a map picture per finding")
    parser.add_argument("-o", "--output", metavar="FILE",
                        help="write the report here (default stdout; the folder must exist)")
    add_data_option(parser)
    parser.add_argument("--module", metavar="X.vmod", default=None,
                        help="the module the game was played with (default: ours, from the game "
                             "data): its turn tracker, grids and prototypes drive the replay")
    parser.add_argument("-q", "--quiet", action="store_true",
                        help="no progress on stderr (the report is still written)")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="progress on stderr for every log, and what was checked")


EPILOG = """\
exit status: 0 no violation and every check ran; 1 violations found; 2 unusable input;
3 no violation found, but the check was incomplete or did not run (the report's first lines
say what was not checked and why: a log from another module, a scenario not recognised, a
turn tracker that cannot be read)."""


def _load_game(game_id: str, data: str | None):
    from ..model import load_game
    return load_game(game_id, data_root=data) if data else load_game(game_id)


def recognise_game(log: LogData, explicit: str | None,
                   data: str | None = None) -> tuple[str, str]:
    if explicit:
        return explicit, "given with --game"
    if log.module_name:
        return _game_of_module(log.module_name, data), f"module {log.module_name!r}"
    return DEFAULT_GAME, "default"


def game_of_module(name: str, data: str | None = None) -> str | None:
    """The game of the data folder (``--data``, else $MODGEN_DATA, else the installed data) whose
    title is the module's name (our modules are named after the game), else None."""
    from ..model.yamlio import load_yaml
    from ..paths import data_root
    for p in sorted((data_root(data) / "games").glob("*.yaml")):
        try:
            doc = load_yaml(p)
        except ModgenError:
            continue
        if isinstance(doc, dict) and doc.get("title") == name:
            return p.stem
    return None


def _game_of_module(name: str, data: str | None = None) -> str:
    """:func:`game_of_module`, else the default game."""
    return game_of_module(name, data) or DEFAULT_GAME


def recognise_scenario(log: LogData, game, explicit: str | None,
                       boards=None) -> tuple[object | None, str]:
    """(scenario, how it was recognised). Order: --scenario, a !scenario declaration, the set-up,
    the starting turn, the game's only scenario.

    ``boards``: the boards the log lays out (:func:`log_boards`); the set-up's pieces are placed
    on them, as the check will place them. Without them each scenario's own layout is tried."""
    if explicit:
        if explicit not in game.scenarios:
            raise ModgenError(f"no scenario {explicit!r} in game {game.id} "
                              f"(known: {', '.join(sorted(game.scenarios))})", field="--scenario")
        return game.scenarios[explicit], "given with --scenario"
    for _step, raw in log.typed_chat():
        parsed = decl.chat_text(raw)
        if not parsed:
            continue
        try:
            d = decl.parse(parsed[1])
        except decl.DeclarationError:
            continue
        if d is not None and d.keyword == "scenario" and d.args[0] in game.scenarios:
            return game.scenarios[d.args[0]], "!scenario declaration in the chat"
    begin = log.begin_state()
    best, best_score = None, 0.0
    for sc in sorted(game.scenarios.values(), key=lambda s: s.id):
        placed = [p for p in sc.setup if p.hex is not None]
        if not placed:
            continue
        on = boards if boards is not None else boards_for(game, sc.maps)
        where: dict[str, set] = {}
        for p in begin.pieces.values():
            uid = p.properties.get("UnitId")
            if not uid:
                continue
            m, x, y = p.position
            for b in on:
                if b.map_name == m:
                    h = b.hex_at(x, y)
                    if h is not None:
                        where.setdefault(uid, set()).add(h)
        score = sum(1 for p in placed if p.hex in where.get(p.counter, ())) / len(placed)
        if score > best_score:
            best, best_score = sc, score
    if best is not None and best_score >= 0.5:
        return best, f"set-up matches {best_score:.0%} of the printed list"
    date = system_of(game).turn_structure(game).turn_of(begin.turn_states)
    if date is not None:
        hits = [s for s in game.scenarios.values() if s.first_turn == date]
        if len(hits) == 1:
            return hits[0], f"the log starts on its first turn ({date})"
    if len(game.scenarios) == 1:
        # a game of one scenario (Burning Mountains 1.1): every log of it plays that scenario
        return next(iter(game.scenarios.values())), "the game's only scenario"
    return None, "not recognised"


def _write(path: str, text: str) -> None:
    """Write all or nothing: a temporary file renamed into place."""
    p = Path(path)
    try:
        with atomic_write(p) as f:
            f.write(text.encode("utf-8"))
    except OSError as e:
        raise ModgenError(f"cannot write the report: {e.strerror or e}", file=str(p)) from None


def check_file(path: str, *, game_id: str | None = None, scenario_id: str | None = None,
               data: str | None = None, progress=None, module: str | None = None):
    """Read, recognise and check one log: the :class:`Report` (and the game, for rendering).

    ``module``: path of the .vmod the game was played with (default: ours, built from the data)."""
    from .engine import check_log
    log = read_log(input_file(path, "VASSAL log or save"))
    if module is not None:
        from ..vassal.buildfile import read_module
        log.module = read_module(input_file(module, "VASSAL module"))
    gid, _gbasis = recognise_game(log, game_id, data)
    game = _load_game(gid, data)
    # hexes are placed on the boards the log lays out (its BoardPicker), when it names boards
    # of this game; else on the scenario's (engine.Checker); the set-up is recognised on them too
    boards = log_boards(game, log.saved)
    sc, basis = recognise_scenario(log, game, scenario_id, boards)
    try:
        report = check_log(log, game, sc, progress=progress, basis=basis, boards=boards,
                           module=log.module if log.module is not None
                           else our_module_for(game, log))
    except ModgenError:
        raise
    except (MemoryError, RecursionError) as e:
        raise ModgenError(f"file too large or too deeply nested to replay ({type(e).__name__})",
                          file=log.file) from None
    except Exception as e:  # a malformed log must not end in a traceback (as in modgen log)
        raise ModgenError(f"cannot replay and check this file ({type(e).__name__})",
                          file=log.file) from None
    if log.module_name and log.module_name != game.title and report.complete:
        report.notes.append(f"the log was written with module {log.module_name!r}, not "
                            f"{game.title!r}: only pieces whose UnitId the game data knows are checked")
    # a scenario not recognised is in the report's coverage (its headline says what was not checked)
    return report, game, sc


def run(args) -> int:
    quiet = getattr(args, "quiet", False)
    verbose = getattr(args, "verbose", False) and not quiet
    output = output_file(args.output) if args.output else None

    def progress(i: int, n: int) -> None:
        if not quiet and (n >= 2000 or verbose):
            print(f"modgen check: {i}/{n} steps", file=sys.stderr)

    report, game, sc = check_file(args.log, game_id=args.game, scenario_id=args.scenario,
                                  data=getattr(args, "data", None), progress=progress,
                                  module=getattr(args, "module", None))
    if args.format == "json":
        from .report_json import render
        text = render(report)
    elif args.format == "html":
        from .report_html import render as render_html
        text = render_html(report, game, sc.maps if sc else ())
    else:
        from .report_text import render
        text = render(report)
    if verbose:
        cov = report.coverage
        print(f"modgen check: game {report.game}, scenario {report.scenario or 'unknown'}"
              + (f" ({report.scenario_basis})" if report.scenario_basis else ""), file=sys.stderr)
        if cov is not None:
            print(f"modgen check: coverage {cov.status}: {len(cov.rules)} rules on {cov.units} "
                  f"units", file=sys.stderr)
    if output is not None:
        _write(str(output), text)
    elif args.format == "text":
        write_text(text)
    else:
        write_utf8(text)
    return report.exit_code
