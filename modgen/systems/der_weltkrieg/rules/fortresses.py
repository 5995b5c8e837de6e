"""Fortresses beyond set-up (Standard Rules 21-2..21-9, 21-12, 41-4) as pure functions.

* 21-2 no ZOC, do not negate an enemy ZOC; supply lines pass through enemy-controlled hexes held
  only by a friendly fortress (``modgen.rules.zoc`` / ``modgen.rules.supply``);
* 21-3 never attack; counterattack ×3 without supply line or SP (``supply_points.supply_class``);
* 21-4 never use urban terrain (:func:`terrain_choices_with_fortress`);
* 21-5 retreat from a fortress hex: fortress SP eliminated first, the 1/3 retreat reduction (14-3)
  only on the rest, none for Austria-Hungary (40-6) and Italy (42-3) (:func:`retreat_losses`,
  WE-DW-19);
* 21-6 not counted for stacking (``modgen.rules.units``);
* 21-8 voluntary abandonment (removal) in the owner's Movement Phase when the fortress is not
  surrounded (20-1); 21-9 from the 1st turn of November 1914 a non-Russian fortress may be reduced
  the same way, for RPL SP equal to a third of the strength removed (the rounding is not stated:
  both roundings are accepted) (:func:`removal_allowed`, :func:`reduction_rpl`);
* 21-12 the open city of August-September 1914 (:func:`open_city_possible`);
* 21-10 / 21-11 surrender rolls are judged with combat (the combat rules).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from modgen.model.types import GameDate
from .units import AUSTRIA_HUNGARY, RUSSIA, nation_is

NOVEMBER_1914 = GameDate(1914, 11, 1)
ITALY = frozenset({"italy"})


def terrain_choices_with_fortress(choices: list[str], *, fortress_present: bool) -> list[str]:
    """21-4: with a fortress in the hex no defender uses urban terrain; if nothing else is left
    the effects of broken terrain are used."""
    if not fortress_present:
        return list(choices)
    rest = [c for c in choices if c not in ("urban", "suburban")]
    return rest or ["broken"]


def retreat_reduction_applies(nation: str) -> bool:
    """14-3 does not apply to Austro-Hungarian (40-6) and Italian (42-3) losses."""
    return not (nation_is(nation, AUSTRIA_HUNGARY) or nation_is(nation, ITALY))


def retreat_losses(result: int, fortress_sp: int, nation: str) -> tuple[int, int]:
    """21-5 (WE-DW-19): (fortress SP lost, other SP lost) when units retreat out of a fortress
    hex after a result of ``result`` SP: the fortress first, then the remainder reduced by a third
    (14-3, rounded to the nearest) unless 40-6/42-3 apply. 10 vs a 3-SP fortress → (3, 5)."""
    f = min(result, fortress_sp)
    rest = result - f
    if rest > 0 and retreat_reduction_applies(nation):
        rest -= int(math.floor(rest / 3 + 0.5))
    return f, rest


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
