"""3.0 The sequence of play: the turn tracker steps GT > A-H / Italian player turn > Supply,
Reinforcement, Movement, Combat, starting at the A-H Combat Phase of GT 1 (1.1, 12.4)."""
from __future__ import annotations

from modgen.check.context import CheckContext, PhaseInfo
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION

from ..rules.choices import CHOICES
from .common import PHASE_NAMES, finding, table


@rule("3.0", "setup")
def checker_choices(ctx: CheckContext):
    """The readings the checker takes where the rulebook is contradictory or silent: in every
    report, so a reader knows what a verdict rests on."""
    ctx.notes.extend(f"checker's choice ({k}): {v}" for k, v in CHOICES.items())


@rule("3.0", "turn")
def sequence_of_play(ctx: CheckContext, old: PhaseInfo, new: PhaseInfo):
    """3.0: each tracker step goes to the next phase of the sequence of play."""
    if new.phase is None:
        yield finding(ctx, "3.0", UNDETERMINED, f"turn tracker label {new.label!r} is not a GT, player turn "
                      "and phase of this game", missing="a readable turn tracker")
        return
    if old.phase is None or old.date is None:
        return
    seq = table(ctx, "sequence")
    was = (int(old.date), old.side, old.kind)
    exp = seq.next(was) if was in seq.steps() else None
    if exp is not None and (int(new.date), new.side, new.kind) != exp:
        gt, side, ph = exp
        yield finding(ctx, "3.0", VIOLATION, f"the turn tracker went from GT {was[0]} {ctx.side_name(was[1])} "
                      f"{PHASE_NAMES[was[2]]} to GT {int(new.date)} {ctx.side_name(new.side)} "
                      f"{PHASE_NAMES[new.kind]}; the sequence of play continues with GT {gt} "
                      f"{ctx.side_name(side)} {PHASE_NAMES[ph]}", side=new.side)
