"""The toy system's one rule."""
from __future__ import annotations

from modgen.check.engine import rule
from modgen.check.findings import VIOLATION


@rule("T-1", "move")
def one_hex_per_drop(ctx, u, frm, to, frm_map):
    """T-1: a unit moves at most one hex per drop, in its side's Move phase."""
    if frm is None or to is None or u.counter is None:
        return
    if frm.distance(to) > 1:
        yield ctx.finding("T-1", VIOLATION, f"{u.name} moved {frm}→{to}, {frm.distance(to)} "
                          f"hexes in one drop; T-1 allows one", units=[u], hexes=[frm, to],
                          path=[frm, to])
