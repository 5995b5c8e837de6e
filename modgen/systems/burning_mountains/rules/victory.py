"""Victory (14) and the optional rules (15) as pure functions.
"""
from __future__ import annotations


# --------------------------------------------------------------------------- 14 victory, 15 optional

VICTORY_LEVELS = ((29, "Italian strategic victory"), (34, "Italian marginal victory"), (40, "Draw"),
                  (45, "Austro-Hungarian marginal victory"))


def victory(vp: int) -> str:
    """14.0: the A-H VP level at the end of GT 14."""
    for top, name in VICTORY_LEVELS:
        if vp <= top:
            return name
    return "Austro-Hungarian strategic victory"


def level_ranges() -> list[tuple[str, int, int | None]]:
    """14.0: each victory level with its A-H VP range (low, high; None: no top)."""
    out, low = [], 0
    for top, name in VICTORY_LEVELS:
        out.append((name, low, top))
        low = top + 1
    out.append(("Austro-Hungarian strategic victory", low, None))
    return out


def italian_replacement(gt: int, die: int | None) -> int:
    """15.1 Italian unpreparedness: a die less than the current GT gives one point; from GT 7 it is
    automatic."""
    if gt >= 7:
        return 1
    if die is None:
        raise ValueError("the Italian player rolls a die before GT 7")
    return 1 if die < gt else 0


def brusilov_stops(gt: int, die: int) -> bool:
    """15.1 Brusilov Offensive: from GT 10 a 1 or 2 stops the A-H replacement points."""
    return gt >= 10 and die in (1, 2)


def improved_defence(gt: int, roll_2d6: int) -> bool:
    """15.2: 2d6 + the current GT of 15 or more: Italian combat units +1 defence from now on."""
    return roll_2d6 + gt >= 15
