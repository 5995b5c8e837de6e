"""Losses after a combat (9.4.2, 10.2): the CE reductions each side applied, read from the CE
markers placed and flipped, the units flipped and eliminated, against what the TdP gave."""
from __future__ import annotations

from modgen.check.context import CheckContext

from ..combat_record import BmCombat


def snapshot(ctx: CheckContext, c: BmCombat) -> None:
    """Each participant's loss state when the combat is resolved (before any loss is taken)."""


def judge(ctx: CheckContext, c: BmCombat):
    return ()
