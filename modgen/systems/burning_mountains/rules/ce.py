"""Combat Effectiveness and steps (9.4.2, 10) as pure functions: the CE ladder of a unit, the
even distribution of reductions, recovery (10.3).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

# --------------------------------------------------------------------------- 10 CE and steps

@dataclass(frozen=True)
class UnitCe:
    """A unit's loss state: flipped to the reduced side, and its CE marker (0, 1 or 2)."""

    steps: int                  # printed steps (1 or 2)
    reduced: bool = False
    ce: int = 0
    eliminated: bool = False

    @property
    def steps_left(self) -> int:
        if self.eliminated:
            return 0
        return 1 if self.reduced or self.steps == 1 else 2

    def reductions_to_eliminate(self) -> int:
        """How many more CE reductions eliminate the unit (9.4.2, 10.2)."""
        if self.eliminated:
            return 0
        return (self.steps_left - 1) * 3 + (3 - self.ce)


def reduce_ce(u: UnitCe, n: int = 1) -> tuple[UnitCe, int]:
    """9.4.2, 10.2: ``n`` CE reductions: -1, then -2, then the third is a step loss (flip or remove,
    marker removed). Returns the new state and the step losses suffered."""
    steps_lost = 0
    reduced, ce = u.reduced, u.ce
    for _ in range(n):
        if ce < 2:
            ce += 1
            continue
        steps_lost += 1
        ce = 0
        if reduced or u.steps == 1:
            return UnitCe(u.steps, True, 0, True), steps_lost
        reduced = True
    return UnitCe(u.steps, reduced, ce), steps_lost


def ladder(u: UnitCe) -> int:
    """9.4.2, 10.2: the CE reductions a unit has taken on its ladder (a fresh 2-step unit 0; full
    at -1, -2: 1, 2; reduced at 0, -1, -2: 3, 4, 5; eliminated: 6; a 1-step unit: 0-2, 3)."""
    if u.eliminated:
        return 3 * u.steps
    return (3 if u.reduced and u.steps == 2 else 0) + u.ce


def reductions_between(before: UnitCe, after: UnitCe) -> int:
    """How many CE reductions turn ``before`` into ``after`` (negative: CE went up)."""
    return ladder(after) - ladder(before)


def describe(u: UnitCe) -> str:
    """A loss state as the counters show it: "full, CE -1", "reduced, CE 0", "eliminated"."""
    if u.eliminated:
        return "eliminated"
    side = "reduced" if u.reduced and u.steps == 2 else "full" if u.steps == 2 else "one step"
    return f"{side}, CE {-u.ce if u.ce else 0}"


def allocation_problem(units: Mapping[str, UnitCe], allocation: Mapping[str, int]) -> str | None:
    """9.4.2: reductions must be spread evenly over the participating units (all take one before any
    takes two, and so on) except where the next one would eliminate a unit. None when the allocation
    is legal, else why not."""
    for a, na in allocation.items():
        for b, ub in units.items():
            nb = allocation.get(b, 0)
            if na >= nb + 2 and nb + 1 < ub.reductions_to_eliminate():
                return (f"{a} took {na} reductions while {b} took {nb}: all units take one before any takes "
                        f"two, unless that would eliminate the unit")
    return None


def can_recover(*, unit_type: str, ce: int, in_supply: bool, moved: bool, ma: int,
                enemy_distance: int | None) -> tuple[bool, str]:
    """10.3, 10.3.1, 4.4: infantry (cyclists included) and mountain units with a CE marker, in supply,
    stationary spending 4 MP, at least three hexes from the nearest enemy unit (two hexes between)."""
    if unit_type not in ("inf", "mtn"):
        return False, "only infantry and mountain units recover Combat Effectiveness (10.3)"
    if ce <= 0:
        return False, "the unit has no reduced-CE marker"
    if not in_supply:
        return False, "the unit is not in supply (10.3.1)"
    if moved:
        return False, "the unit moved: recovery needs 4 MP spent while stationary (10.3.1, 4.4)"
    if ma < 4:
        return False, f"MA {ma} is less than the 4 MP recovery costs (10.3.1)"
    if enemy_distance is not None and enemy_distance < 3:
        return False, f"the nearest enemy unit is {enemy_distance} hex(es) away, three are needed (10.3.1)"
    return True, ""
