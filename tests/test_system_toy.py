"""Adding a rules system is one package and a game that names it: the engine finds the test-only
system ``toy_system`` (tests/toy_system, outside modgen.systems) from ``system: toy_system`` in
tests/data/toy/games/toy.yaml and runs its one rule, and only its rules, on a scripted game."""
from __future__ import annotations

from pathlib import Path

from modgen.check.engine import Checker, check_log
from modgen.check.logread import parse_log
from modgen.model import load_game
from modgen.system import find, system_of
from modgen.testing import TestGame

DATA = Path(__file__).parent / "data" / "toy"


def test_the_engine_runs_a_system_named_by_its_module_path():
    game = load_game("toy", DATA)
    system = system_of(game)
    assert system is find("toy_system") and system.package == "toy_system"
    t = TestGame(game, game.scenarios["t1"], date=1, phase="blue-move")   # toy turns are ints
    assert str(t.location(t._find("blue-inf-1"))) == "0101"                 # the set-up
    ok = t.move("blue-inf-1", "0102")         # one hex: legal
    bad = t.move("blue-inf-1", "0104")        # two hexes in one drop
    t.next_phase()                            # Turn 1 Red Move
    t.chat("!rail 1 Inf XX 0101-0102")        # not a toy keyword: a warning, never a violation
    checker = Checker(game, None)
    assert {r.module for r in checker.rules} == {"toy_system.rules"}
    report = check_log(parse_log(t.text()), game, None)
    by_rule = {(f.rule, f.severity, f.step) for f in report.findings}
    assert ("T-1", "violation", bad) in by_rule and not any(s == ok for _, _, s in by_rule)
    assert [f.severity for f in report.findings if f.rule == "declaration"] == ["warning"]
    assert "unknown declaration !rail (known: !scenario)" in next(
        f.message for f in report.findings if f.rule == "declaration")
    t1 = next(f for f in report.findings if f.rule == "T-1")
    assert (t1.turn, t1.phase, t1.hexes) == ("1", "Blue Move", ("0102", "0104"))
