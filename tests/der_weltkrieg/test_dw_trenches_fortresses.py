"""modgen.systems.der_weltkrieg.trenches and fortresses: the pure rules (22-1, 22-2, 22-12,
21-8, 21-9, 21-12; 21-4 and 21-5 are combat arithmetic, tested with it)."""
from __future__ import annotations

from modgen.hexgrid import Hex
from modgen.model.types import GameDate
from modgen.systems.der_weltkrieg.rules import fortresses as F
from modgen.systems.der_weltkrieg.rules import trenches as T


def test_builders_and_phase_22_1_22_22():
    assert all(T.is_trench_builder(t) for t in ("inf", "mtn", "aslt", "marine"))
    assert not T.is_trench_builder("cav") and not T.is_trench_builder("art")
    assert not T.is_trench_builder("inf", rpl=True)
    assert T.construction_phase_ok("trench-initiation", "Trench Construction Initiation Phase") is True
    assert T.construction_phase_ok("cp-movement", "Movement Phase") is False
    assert T.construction_phase_ok("cp-reinforcement", "Reinforcement", optional_22_22=True,
                                   first_phase_of_side=True) is True
    assert T.construction_phase_ok(None) is None


def test_22_2_mountain_or_marsh_only():
    assert T.blocked_by_terrain(["mountain", "mountain"]) == "mountain"
    assert T.blocked_by_terrain(["swamp"]) == "swamp"
    assert T.blocked_by_terrain(["mountain", "clear"]) is None
    assert T.blocked_by_terrain(["mountain", "swamp"]) is None      # neither is the *only* terrain
    assert T.blocked_by_terrain([]) is None                         # no enemy next to it
    h = Hex(20, 20)
    enemies = [Hex(20, 19), Hex(25, 25)]
    assert T.terrains_to_enemies(h, enemies, lambda a, b: "mountain") == ["mountain"]


def test_april_1915_switch_22_12():
    assert T.trench_stays_when_vacated(GameDate(1915, 3, 7)) is False
    assert T.trench_stays_when_vacated(GameDate(1915, 4, 1)) is True
    assert T.becomes_devastation(None) is None


def test_abandon_and_reduce_21_8_21_9():
    kw = dict(owner_side="cp", nation="austria-hungary", date=GameDate(1915, 6, 2))
    ok = F.removal_allowed(phase_side="cp", phase_kind="movement", surrounded=False, partial=False, **kw)
    assert ok.allowed is True
    assert F.removal_allowed(phase_side="en", phase_kind="movement", surrounded=False,
                             partial=False, **kw).allowed is False
    assert F.removal_allowed(phase_side="cp", phase_kind="replacement", surrounded=False,
                             partial=False, **kw).allowed is False
    assert F.removal_allowed(phase_side="cp", phase_kind="movement", surrounded=True,
                             partial=False, **kw).allowed is False
    assert F.removal_allowed(phase_side="cp", phase_kind="movement", surrounded=None,
                             partial=False, **kw).allowed is None
    assert F.removal_allowed(phase_side="en", phase_kind="combat", surrounded=None,
                             partial=False, **kw).allowed is True
    early = dict(kw, date=GameDate(1914, 10, 3))
    assert F.removal_allowed(phase_side="cp", phase_kind="movement", surrounded=False,
                             partial=True, **early).rule == "21-9"
    ru = dict(kw, nation="russia")
    assert F.removal_allowed(phase_side="cp", phase_kind="movement", surrounded=False,
                             partial=True, **ru).allowed is False
    assert F.reduction_rpl(8, date=GameDate(1915, 1, 1), nation="austria-hungary") == (2, 3)
    assert F.reduction_rpl(9, date=GameDate(1915, 1, 1), nation="austria-hungary") == (3, 3)
    assert F.reduction_rpl(9, date=GameDate(1914, 9, 1), nation="austria-hungary") == (0, 0)
    assert F.open_city_possible(GameDate(1914, 8, 3), 8) and not F.open_city_possible(GameDate(1914, 10, 1), 8)
    assert not F.open_city_possible(GameDate(1914, 8, 3), 9)


def test_21_10_count_surrounded_turns_consecutive_and_ranges():
    from modgen.systems.der_weltkrieg.rules.fortresses import (NEVER_SURROUNDED, SurroundedTurns,
                                                               count_surrounded_turn)
    n = NEVER_SURROUNDED
    for _ in range(3):
        n = count_surrounded_turn(n, True)
    assert (n.lo, n.hi, n.exact) == (3, 3, True)
    assert count_surrounded_turn(n, False) == NEVER_SURROUNDED        # not consecutive: over
    u = count_surrounded_turn(n, None, "edge unknown")                # 20-1 undetermined
    assert (u.lo, u.hi, u.why) == (0, 4, "edge unknown")
    c = count_surrounded_turn(SurroundedTurns(0, None, "before the log"), True)
    assert (c.lo, c.hi, c.why) == (1, None, "before the log")


def test_21_11_surrender_required_over_a_range():
    from modgen.systems.der_weltkrieg.rules.fortresses import SurroundedTurns, surrender_required
    # WE-DW-20: 15 SP, 14 turns → prone 1: a 2 surrenders, a 3 does not
    assert surrender_required(2, 15, SurroundedTurns(14, 14)) is True
    assert surrender_required(3, 15, SurroundedTurns(14, 14)) is False
    assert surrender_required(2, 15, SurroundedTurns(13, 13)) is False    # not yet prone
    assert surrender_required(2, 15, SurroundedTurns(14, None)) is True   # at least 14: surely
    assert surrender_required(2, 15, SurroundedTurns(13, None)) is None   # depends on the past
    assert surrender_required(2, 15, SurroundedTurns(0, 14)) is None
    assert surrender_required(12, 15, SurroundedTurns(0, 20)) is False    # 11 > 7 prone at most
    assert surrender_required(2, 12, SurroundedTurns(7, 7)) is True       # ≤ 12 SP: after 7
    assert surrender_required(2, 24, SurroundedTurns(27, 27)) is False    # ≥ 24 SP: after 28
