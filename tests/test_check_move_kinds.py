"""The engine's kinds of moves (``@rule(..., moves=...)``): a move rule that says it looks only
at pieces entering (or leaving) the map is not called on the other moves; every other rule still
sees every move."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import check_game  # noqa: E402

from modgen.check.engine import (ARRIVALS, DEPARTURES, MOVES, OFF_MAP, ON_MAP, Checker, RuleDef,  # noqa: E402
                                 _move_kind, rule)
from modgen.check.logread import parse_log  # noqa: E402
from modgen.testing import TestGame  # noqa: E402


def test_kind_of_a_move_from_its_hexes():
    assert _move_kind("a", "b") == ON_MAP
    assert _move_kind(None, "b") == ARRIVALS
    assert _move_kind("a", None) == DEPARTURES
    assert _move_kind(None, None) == OFF_MAP
    assert set(MOVES) == {ON_MAP, ARRIVALS, DEPARTURES, OFF_MAP}


def test_moves_is_checked_when_the_rule_is_registered():
    with pytest.raises(ValueError):
        rule("x", "move", moves=["sideways"])
    with pytest.raises(ValueError):
        rule("x", "flip", moves=[ARRIVALS])         # only move rules have kinds of moves
    with pytest.raises(ValueError):
        rule("x", "move", moves=[])


def test_a_rule_is_called_only_on_the_moves_it_looks_at():
    seen: dict[str, list] = {"all": [], "arrivals": [], "departures": []}

    def every(ctx, u, frm, to, frm_map):
        seen["all"].append((u.unit_id, frm, to))

    def arrivals(ctx, u, frm, to, frm_map):
        seen["arrivals"].append((u.unit_id, frm, to))

    def departures(ctx, u, frm, to, frm_map):
        seen["departures"].append((u.unit_id, frm, to))
    rules = [RuleDef("t1", "move", every, "every", ""),
             RuleDef("t2", "move", arrivals, "arrivals", "", moves=frozenset([ARRIVALS])),
             RuleDef("t3", "move", departures, "departures", "",
                     moves=frozenset([DEPARTURES, OFF_MAP]))]
    g = check_game.game()
    t = TestGame(g, g.scenarios["if-test"])
    t.next_phase()
    t.move("ah-inf-xx-57", "3517")
    t.eliminate("ah-inf-x-trieste")
    t.arrive("ah-inf-x-trieste", "3517")                    # back from the Eliminated box
    log = parse_log(t.text())
    Checker(g, g.scenarios["if-test"], rules=rules).run(log)
    on_map = [m for m in seen["all"] if m[1] is not None and m[2] is not None]
    assert on_map and seen["departures"] and seen["arrivals"]   # the log has every kind
    assert seen["arrivals"] == [m for m in seen["all"] if m[1] is None and m[2] is not None]
    assert seen["departures"] == [m for m in seen["all"] if m[2] is None]
    assert not any(m in seen["arrivals"] + seen["departures"] for m in on_map)
