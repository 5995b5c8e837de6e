"""What a Der Weltkrieg module has beyond the common components: the rule 5 turn tracker and the
dice of the Standard Rules (``modgen.module.buildfile`` writes them)."""
from __future__ import annotations

from functools import partial

from modgen.model.types import Game
from modgen.system import ModuleExtras

from . import calendar

DICE_REPORT = "** $name$ = $result$ *** &lt;$PlayerName$ ($PlayerSide$)&gt;"


def extras(game: Game) -> ModuleExtras:
    dice = ({"name": "1d6", "text": "1d6", "tooltip": "Roll one die (combat, rule 13)",
             "nDice": 1, "reportFormat": DICE_REPORT},
            {"name": "2d6", "text": "2d6",
             "tooltip": "Roll two dice (fortress surrender, rule 21-11)", "nDice": 2,
             "reportFormat": DICE_REPORT})
    cal = calendar.calendar(game)
    return ModuleExtras(tracker=calendar.tracker(game, cal), dice=dice, description="Der Weltkrieg",
                        turn_command=partial(calendar.turn_command, cal))
