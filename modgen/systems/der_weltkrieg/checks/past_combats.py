"""The log's combats (``ctx.combats``) by turn and by phase, for the rules that ask for the
combats of one turn or one phase at each phase end: those are found without going through every
combat of the log so far (a long log's phase ends would otherwise cost more and more).

The index follows ``ctx.combats`` as it grows (combats are appended in log order and their turn
and phase never change); a combat taken out of it (a declaration corrected before its roll,
``attack``) is taken out of the index with :func:`forget`. Another list in ``ctx.combats``, or a
shorter one, is indexed again from its start. Each answer lists the combats in log order, as a
scan of ``ctx.combats`` would.
"""
from __future__ import annotations

from modgen.check.context import CheckContext

KEY = "dw-combats-index"


class _Index:
    __slots__ = ("combats", "seen", "by_date", "by_phase")

    def __init__(self, combats: list) -> None:
        self.combats = combats                 # the list indexed (``ctx.combats``)
        self.seen = 0                          # how many of its first combats are indexed
        self.by_date: dict = {}                # date -> [combat]
        self.by_phase: dict = {}               # (date, phase id) -> [combat]


def _index(ctx: CheckContext) -> _Index:
    combats = ctx.combats
    ix = ctx.cache.get(KEY)
    if ix is None or ix.combats is not combats or ix.seen > len(combats):
        ix = ctx.cache[KEY] = _Index(combats)
    n = len(combats)
    if ix.seen < n:
        by_date, by_phase = ix.by_date, ix.by_phase
        for i in range(ix.seen, n):
            c = combats[i]
            by_date.setdefault(c.date, []).append(c)
            by_phase.setdefault((c.date, c.phase_id), []).append(c)
        ix.seen = n
    return ix


def combats_on(ctx: CheckContext, date) -> list:
    """The combats of turn ``date`` (``c.date == date``), in log order. Read only."""
    return _index(ctx).by_date.get(date, [])


def combats_in_phase(ctx: CheckContext, date, phase_id) -> list:
    """The combats of phase ``phase_id`` of turn ``date``, in log order. Read only."""
    return _index(ctx).by_phase.get((date, phase_id), [])


def forget(ctx: CheckContext, c) -> None:
    """``c`` was taken out of ``ctx.combats``: out of the index too (when it was indexed)."""
    ix = ctx.cache.get(KEY)
    if ix is None or ix.combats is not ctx.combats:
        return
    lst = ix.by_phase.get((c.date, c.phase_id))
    if not lst or not any(x is c for x in lst):
        return                                 # not indexed yet: nothing to undo
    for table, k in ((ix.by_phase, (c.date, c.phase_id)), (ix.by_date, c.date)):
        rows = table[k]
        i = next(i for i in range(len(rows) - 1, -1, -1) if rows[i] is c)
        del rows[i]
        if not rows:
            del table[k]
    ix.seen -= 1
