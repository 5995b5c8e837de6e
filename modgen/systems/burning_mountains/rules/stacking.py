"""Stacking (5.1, 5.2, 7.8) as pure functions.
"""
from __future__ import annotations

from typing import Iterable


# --------------------------------------------------------------------------- 5 stacking, 7.8 attack per hex

def stack_steps(units: Iterable[tuple[bool, int]]) -> int:
    """5.1: the steps of combat units counting for stacking; ``units`` = (counts, steps_left)."""
    return sum(s for counts, s in units if counts)


def overstack(steps: int, limit: int) -> int:
    """5.1-5.2: steps above the hex's limit (0 = legal)."""
    return max(0, steps - limit)


def attack_steps_allowed(defender_hex_limit: int) -> int:
    """7.8: at most the defending hex's stacking limit may attack from each hex."""
    return defender_hex_limit


#: upper bounds of the stacking limit the rulebook's own examples fix while the Terrain Effects
#: Chart is not printed: high mountain 2 steps (7.8's example), low mountain at most 5 (9.2.1's
#: example: 6 steps overstack it, 4 do not). Above them an overstack is certain.
STACKING_MAX = {"low_mountain": 5, "high_mountain": 2}


def certain_overstack(terrain: str, steps: int) -> bool:
    """5.1: ``steps`` exceed the limit whatever the printed chart says (``STACKING_MAX``)."""
    known = STACKING_MAX.get(terrain)
    return known is not None and steps > known

