"""Fortresses beyond set-up (Standard Rules 21-2..21-9, 21-12, 41-4) as pure functions.

* 21-2 no ZOC, do not negate an enemy ZOC; supply lines pass through enemy-controlled hexes held
  only by a friendly fortress (``modgen.rules.zoc`` / ``modgen.rules.supply``);
* 21-3 never attack; counterattack ×3 without supply line or SP (``supply_points.supply_class``);
* 21-4 (no urban terrain) and 21-5 (retreat from a fortress hex, WE-DW-19) are combat arithmetic:
  ``rules/combat.py`` (``retreat_reduced_loss``);
* 21-6 not counted for stacking (``modgen.rules.units``);
* 21-8 voluntary abandonment (removal) in the owner's Movement Phase when the fortress is not
  surrounded (20-1); 21-9 from the 1st turn of November 1914 a non-Russian fortress may be reduced
  the same way, for RPL SP equal to a third of the strength removed (the rounding is not stated:
  both roundings are accepted) (:func:`removal_allowed`, :func:`reduction_rpl`);
* 21-12 the open city of August-September 1914 (:func:`open_city_possible`);
* 21-10 the consecutive turns a fortress has been surrounded, counted at each end of an enemy
  Combat Phase (:func:`count_surrounded_turn`, a range when the log cannot tell), and 21-11 what a
  surrender roll requires over that range (:func:`surrender_required`); the roll itself is judged
  with combat (``checks/fortress_surrender.py``).
"""
from __future__ import annotations

from dataclasses import dataclass

from modgen.model.types import GameDate
from .combat import fortress_prone_turns, fortress_surrenders
from .units import RUSSIA, nation_is

NOVEMBER_1914 = GameDate(1914, 11, 1)


@dataclass(frozen=True)
class RemovalVerdict:
    allowed: bool | None
    rule: str
    reason: str


def removal_allowed(*, owner_side: str, phase_side: str | None, phase_kind: str | None,
                    surrounded: bool | None, date: GameDate | None, nation: str,
                    partial: bool) -> RemovalVerdict:
    """21-8 / 21-9: may the owner remove (``partial``: reduce) this fortress now? Combat Phase
    removals are combat losses (21-10/21-11 surrender, or losses, judged with combat): allowed
    here. ``surrounded`` None = not known."""
    if phase_kind == "combat":
        return RemovalVerdict(True, "21-8", "a Combat Phase loss")
    if phase_kind is None:
        return RemovalVerdict(None, "21-8", "the phase is not known")
    if phase_kind != "movement" or phase_side != owner_side:
        return RemovalVerdict(False, "21-8", "a fortress may be abandoned only in its owner's "
                              "Movement Phase")
    if partial:
        if date is not None and date < NOVEMBER_1914:
            return RemovalVerdict(False, "21-9", "fortresses may be reduced only from the 1st turn "
                                  "of November 1914")
        if nation_is(nation, RUSSIA):
            return RemovalVerdict(False, "21-9", "Russian fortresses may not be reduced")
    if surrounded is None:
        return RemovalVerdict(None, "21-8", "whether the fortress is surrounded (20-1)")
    if surrounded:
        return RemovalVerdict(False, "21-8", "a surrounded fortress may not be abandoned")
    return RemovalVerdict(True, "21-8" if not partial else "21-9", "abandoned in its owner's "
                          "Movement Phase, not surrounded")


def reduction_rpl(removed_sp: int, *, date: GameDate | None, nation: str) -> tuple[int, int]:
    """21-9: (fewest, most) RPL SP the owner receives for ``removed_sp`` fortress SP removed:
    one third, rounded either way (the rule gives no rounding); none before November 1914 or for
    Russian fortresses."""
    if (date is not None and date < NOVEMBER_1914) or nation_is(nation, RUSSIA):
        return 0, 0
    return removed_sp // 3, -(-removed_sp // 3)


def open_city_possible(date: GameDate | None, strength: int) -> bool:
    """21-12: only in August and September 1914, only city fortresses of strength 8 or less."""
    return (date is not None and date.year == 1914 and date.month in (8, 9) and strength <= 8)


# --------------------------------------------------------------------------- 21-10 / 21-11


@dataclass(frozen=True)
class SurroundedTurns:
    """21-10: how many consecutive turns a fortress has been surrounded, as a range: ``lo`` (what
    the log shows for certain) to ``hi`` (None: no upper bound known — a log that starts mid-siege,
    a gap in the turn record); ``why``: what is missing when the range is not one number."""
    lo: int
    hi: int | None
    why: str = ""

    @property
    def exact(self) -> bool:
        return self.hi == self.lo

    def text(self) -> str:
        """"surrounded N turns", "… at least N turns" or "… N to M turns"."""
        if self.exact:
            return f"surrounded {self.lo} turns"
        if self.hi is None:
            return f"surrounded at least {self.lo} turns"
        return f"surrounded {self.lo} to {self.hi} turns"


#: a fortress at the scenario's start: no turn surrounded yet
NEVER_SURROUNDED = SurroundedTurns(0, 0)


def count_surrounded_turn(prev: SurroundedTurns, surrounded: bool | None,
                          why: str = "") -> SurroundedTurns:
    """21-10: "A turn is from the end of an enemy combat phase to the start of the same phase the
    next turn": at each end of an enemy Combat Phase a surrounded fortress (20-1) starts one more
    consecutive surrounded turn, one not surrounded starts over at 0. ``surrounded`` None (20-1
    undetermined, ``why`` says why): the streak may have ended (lower bound 0) or gone on."""
    if surrounded is False:
        return NEVER_SURROUNDED
    hi = None if prev.hi is None else prev.hi + 1
    if surrounded is True:
        return SurroundedTurns(prev.lo + 1, hi, prev.why)
    return SurroundedTurns(0, hi, why or prev.why)


def surrender_required(roll_2d6: int, strength: int, turns: SurroundedTurns) -> bool | None:
    """21-10 / 21-11: whether the roll surrenders the fortress over every count in ``turns``
    (True), over none (False), or depends on the count (None). More turns surrounded make a
    fortress more prone (``rules.combat.fortress_prone_turns``), so the range's ends decide."""
    if fortress_surrenders(roll_2d6, fortress_prone_turns(strength, turns.lo)):
        return True
    if turns.hi is not None and not fortress_surrenders(roll_2d6,
                                                         fortress_prone_turns(strength, turns.hi)):
        return False
    return None
