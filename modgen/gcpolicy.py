"""Fewer garbage-collector passes while a log is decoded, replayed and checked, and while
``modgen build`` loads a game and writes its module.

Reading a log builds hundreds of thousands of small objects that live until the end (the command
tree, typed commands, step records, events) and almost no reference cycles. With CPython's
default thresholds (a young-generation pass every 700 new objects) the collector keeps walking
them, and every full pass also walks the game data and the module loaded before: measured on
``benchmarks/bench_check.py``'s log, about a third of the decode + replay time went to passes
that freed nothing. Inside :func:`fewer_collections`:

* the objects that exist on entry (the game data, the module, the interpreter's own) are frozen
  (``gc.freeze``): no pass looks at them until the block ends;
* the young generation is collected every :data:`YOUNG_THRESHOLD` new objects instead of 700;
* on exit every object, old or made in the block, is put in the oldest generation, which only
  the (rare) full passes walk.

The collector keeps running, so cyclic garbage is still freed (a hostile file cannot pile it up
without bound), and everything is put back on exit. Blocks nest (only the outermost one acts);
nothing is frozen when the program has frozen objects of its own.
"""
from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator

__all__ = ["fewer_collections", "YOUNG_THRESHOLD"]

#: New objects between two young-generation passes inside the block (CPython's default: 700).
YOUNG_THRESHOLD = 50_000

_depth = 0


@contextmanager
def fewer_collections() -> Iterator[None]:
    global _depth
    if _depth:
        _depth += 1
        try:
            yield
        finally:
            _depth -= 1
        return
    _depth = 1
    old = gc.get_threshold()
    froze = gc.isenabled() and gc.get_freeze_count() == 0
    if froze:
        gc.freeze()
    gc.set_threshold(max(old[0], YOUNG_THRESHOLD), *old[1:])
    try:
        yield
    finally:
        gc.set_threshold(*old)
        if froze:
            # everything goes to the oldest generation, the objects made in the block too:
            # left in the middle one (where surviving young passes put them), the next pass of
            # it after the block (one in ten young passes, soon at the default threshold)
            # walked them all (17 ms after reading bench_check's log, before the check began)
            gc.freeze()
            gc.unfreeze()
        _depth = 0
