"""What a check covered: which rules ran on how many units, and what could not be checked, and why.

A report with no violation says "no rule violation found" only when the checks it needed ran.
When they did not (a log from another module whose pieces the game data do not know, a scenario
not recognised, a turn tracker that cannot be read), the report's headline says so, the JSON
carries :meth:`Coverage.to_dict`, and ``modgen check`` exits with :data:`EXIT_INCOMPLETE`
instead of 0.

Status:

* ``complete``: every rule of the game's system ran on the units of the log;
* ``partial``: the rules ran, but some could not (``not_checked`` says which, and why);
* ``none``: nothing relevant was checked (no piece of the log is a unit of the game).
"""
from __future__ import annotations

from dataclasses import dataclass, field

COMPLETE, PARTIAL, NONE = "complete", "partial", "none"
#: ``modgen check`` exit status when no violation was found but the check was incomplete
EXIT_INCOMPLETE = 3


@dataclass(frozen=True)
class Gap:
    """One thing not checked, and why."""

    what: str
    why: str
    fix: str = ""              # what the user can do about it

    def to_dict(self) -> dict:
        return {"what": self.what, "why": self.why, "fix": self.fix}

    def __str__(self) -> str:
        return f"{self.what} ({self.why}{'; ' + self.fix if self.fix else ''})"


@dataclass
class Coverage:
    status: str = COMPLETE
    rules: list[str] = field(default_factory=list)    # rule numbers that ran, in rule order
    units: int = 0                                    # pieces the game data knows as units
    pieces_unknown: int = 0                           # pieces it does not know (neither unit nor marker)
    scenario: bool = True                             # the scenario was known
    turn_read: bool = True                            # the turn and phase could be read
    not_checked: list[Gap] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return self.status == COMPLETE

    def headline(self) -> str:
        """One sentence for the top of a report with no violation."""
        if self.status == NONE:
            return "NOT CHECKED: " + "; ".join(str(g) for g in self.not_checked)
        if self.status == PARTIAL:
            return ("No rule violation found in what was checked, but the check is INCOMPLETE: not "
                    "checked: " + "; ".join(str(g) for g in self.not_checked))
        return "No rule violation found."

    def to_dict(self) -> dict:
        return {"status": self.status, "rules_checked": list(self.rules), "units": self.units,
                "pieces_unknown": self.pieces_unknown, "scenario_known": self.scenario,
                "turn_and_phase_read": self.turn_read,
                "not_checked": [g.to_dict() for g in self.not_checked]}


def assess(*, rules: list[str], units: int, unknown: int, scenario_known: bool,
           turn_read: bool, module_name: str | None, game_title: str) -> Coverage:
    """The coverage of one check from what the engine saw."""
    gaps: list[Gap] = []
    foreign = bool(module_name) and module_name != game_title
    if units == 0:
        why = (f"the log was written with module {module_name!r}, not {game_title!r}, and none of "
               f"its pieces is a unit of this game" if foreign else
               f"no piece of the log is a unit of {game_title}")
        gaps.append(Gap("every rule", why, "check a log played with this game's module, or give "
                                           "--game/--module for the one it was played with"))
        return Coverage(NONE, [], 0, unknown, scenario_known, turn_read, gaps)
    if foreign and unknown:
        gaps.append(Gap(f"{unknown} piece{'s' if unknown != 1 else ''} the game data do not know",
                        f"the log was written with module {module_name!r}, not {game_title!r}"))
    if not scenario_known:
        gaps.append(Gap("the set-up, the scenario's schedule and its special rules",
                        "scenario not recognised", "give --scenario ID or type '!scenario ID' "
                                                   "in the chat"))
    if not turn_read:
        gaps.append(Gap("the rules that depend on the turn and phase (sequence of play, movement "
                        "phase, schedule)", "the turn tracker's date and phase could not be read "
                                            "from the log"))
    return Coverage(PARTIAL if gaps else COMPLETE, rules, units, unknown, scenario_known,
                    turn_read, gaps)
