"""``modgen build [GAME] [--data DIR] [-o FILE] [--clean] [--cache DIR]``.

Without ``-o`` the module goes to ``dist/GAME.vmod`` (``dist/`` is created); a folder named with
``-o`` must exist. Incremental by default: parts that did not change are reused from the content-keyed cache
(``.modgen-cache/`` beside the output; see ``modgen.module.buildcache``), and when no input
changed at all the last module is reused without loading anything. The result is the same
bytes as a clean build; ``--clean`` ignores what the cache holds (and refills it).
"""
from __future__ import annotations

import sys
from pathlib import Path

from ..cliutil import add_data_option, output_file
from ..errors import ModgenError


def add_arguments(parser):
    parser.add_argument("game", nargs="?", default="italian-front",
                        help="game id (default: italian-front)")
    add_data_option(parser)
    parser.add_argument("-o", "--output", metavar="FILE", default=None,
                        help="output .vmod (default: dist/GAME.vmod; the folder of FILE must exist)")
    parser.add_argument("-q", "--quiet", action="store_true",
                        help="no progress messages (errors only)")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="also print the time each stage took")
    parser.add_argument("--serial", action="store_true",
                        help="draw all the art in this process (default: maps and markers in "
                             "forked workers; the output is the same bytes either way)")
    parser.add_argument("--clean", action="store_true",
                        help="build everything anew, ignoring the cache (which is then refilled)")
    parser.add_argument("--cache", metavar="DIR", default=None,
                        help="cache folder (default: $MODGEN_CACHE, else .modgen-cache/ beside "
                             "the output)")
    parser.add_argument("--no-cache", action="store_true",
                        help="neither read nor write the cache")


def run(args) -> int:
    from ..paths import data_root, declarations_doc
    from .buildcache import BuildCache, cached_module, default_cache_dir, input_fingerprint

    if args.output:
        output = output_file(args.output)
    else:
        output = Path("dist") / f"{args.game}.vmod"
        try:
            output.parent.mkdir(exist_ok=True)
        except OSError as e:
            raise ModgenError(f"cannot create the folder: {e.strerror or e}",
                              file=str(output.parent)) from None
    root = data_root(args.data)
    declarations = declarations_doc()
    cache_dir = Path(args.cache) if args.cache else default_cache_dir(output)

    def fingerprint() -> str:
        from .charts import game_declarations
        own = game_declarations(declarations, args.game)
        return input_fingerprint(args.game, root, extra=[declarations] + ([own] if own else []))

    before = None
    if not args.no_cache:
        before = fingerprint()
        data = None if args.clean else cached_module(cache_dir, before)
        if data is not None:
            return _reuse(data, output, args.quiet)

    from ..model import load_game, yamlio
    from .build import Progress, build_module
    from .buildcache import ParseCache

    progress = Progress(stream=None if args.quiet else sys.stderr)
    progress.stage("validate", f"game {args.game}")
    cache = None if args.no_cache else BuildCache(cache_dir, use=not args.clean)
    # unchanged data files are not parsed again (their parse comes from the cache); every file
    # is still validated, every reference checked
    yamlio.parse_cache = ParseCache(cache) if cache is not None else None
    # loading builds the game's tens of thousands of small objects (hexes, hexsides, counters)
    # that live to the end with almost no cycles; with the default thresholds the collector
    # walked them again and again (three full passes on the Eastern Front, a fifth of a second)
    # image after image of tens of MB: their freed pages reused rather than faulted in anew
    from ..gcpolicy import fewer_collections
    from ..mallocpolicy import freed_memory_kept
    with freed_memory_kept(), fewer_collections():
        try:
            game = load_game(args.game, args.data)   # validates every file; ValidationErrors lists all
        finally:
            yamlio.parse_cache = None
        try:
            path = build_module(game, output, progress=progress, parallel=not args.serial,
                                cache=cache, fingerprint=fingerprint, fingerprint_before=before)
        except OSError as e:
            raise ModgenError(f"cannot write the module: {e.strerror or e}", file=str(output)) from None
    if getattr(args, "verbose", False) and not args.quiet:
        for stage, seconds in progress.timings.items():
            print(f"modgen build: {stage:<18} {seconds:7.3f} s", file=sys.stderr)
    if not args.quiet:
        print(f"modgen build: wrote {path} ({path.stat().st_size:,} bytes)", file=sys.stderr)
    return 0


def _reuse(data: bytes, output: Path, quiet: bool) -> int:
    """No input changed since the last build: its module is this build's module."""
    from ..atomicfile import atomic_write
    try:
        same = output.is_file() and output.stat().st_size == len(data) and output.read_bytes() == data
        if not same:
            with atomic_write(output) as f:
                f.write(data)
    except OSError as e:
        raise ModgenError(f"cannot write the module: {e.strerror or e}", file=str(output)) from None
    if not quiet:
        print(f"modgen build: no input changed since the last build; {output} "
              f"({len(data):,} bytes) {'is up to date' if same else 'written from the cache'}",
              file=sys.stderr)
    return 0
