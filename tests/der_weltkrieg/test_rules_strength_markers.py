"""Strength reduction markers (Standard Rules 11-8, 13-21, 13-22): the strength of units under
"-1" and "1/2" markers, in each reading of their order and rounding the rules leave open."""
from __future__ import annotations

from modgen.systems.der_weltkrieg.rules.units import (STRENGTH_MARKER_READINGS, apply_strength_markers,
                                strengths_under_markers)


def test_minus_one_and_half_markers():
    assert apply_strength_markers(6, ["-1"]) == 5          # Figure 13: a "-1 strength 6-5" has 5
    assert apply_strength_markers(8, ["1/2"]) == 4
    assert apply_strength_markers(8, ["-1", "-1"]) == 6   # 13-22: multiple markers reflect loss
    assert apply_strength_markers(1, ["-1", "-1"]) == 0   # never below 0
    assert apply_strength_markers(None, ["-1"]) is None   # an HQ has no strength
    assert apply_strength_markers(5, []) == 5
    assert apply_strength_markers(5, ["DM"]) == 5         # not a strength marker


def test_order_and_rounding_of_several_markers_13_22():
    # 13-22's example: "1/2" on top of "-1": halved, then reduced by a further point
    assert apply_strength_markers(8, ["1/2", "-1"], halves_first=True) == 3
    # the other order: 8 - 1 = 7, halved: 3 rounded down, 4 rounded up
    assert apply_strength_markers(8, ["1/2", "-1"], halves_first=False) == 3
    assert apply_strength_markers(8, ["1/2", "-1"], halves_first=False, round_up=True) == 4
    assert strengths_under_markers(8, ["1/2", "-1"]) == {3, 4}
    assert strengths_under_markers(7, ["1/2"]) == {3, 4}
    assert strengths_under_markers(8, ["1/2"]) == {4}
    assert len(STRENGTH_MARKER_READINGS) == 4
