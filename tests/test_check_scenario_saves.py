"""Every scenario save the module writer generates passes the checker's set-up rules: the module
and the checker read the same data the same way (no false alarm on a correct set-up)."""
from __future__ import annotations

import dataclasses

import pytest

from modgen.check.engine import Checker, check_log
from modgen.check.logread import parse_log
from modgen.model import load_game
from modgen.model.geometry import BoardLayout
from modgen.module import pieces, savegame
from modgen.system import system_of

GAME = load_game("italian-front")


@pytest.mark.parametrize("scenario_id", sorted(GAME.scenarios))
def test_generated_scenario_save_checks_clean(scenario_id):
    sc = GAME.scenarios[scenario_id]
    layout = BoardLayout.for_game(GAME)
    turn_command = system_of(GAME).module_extras(GAME).turn_command
    text, _notes = savegame.scenario_command(GAME, sc, layout, turn_command,
                                             pieces.slots(GAME))
    log = parse_log(text)
    assert len(log.begin_state().pieces) > 20
    # the set-up rules (4) run only on a log that starts the scenario: this one must
    c = Checker(GAME, sc)
    c.run(log)
    assert c.ctx.log_starts_scenario
    assert c.findings == []
    report = check_log(log, GAME, sc)
    assert report.findings == []
    # control: the same save against a scenario that prints one unit elsewhere is a finding,
    # so "no finding" above means the set-up was compared, not skipped
    first = sc.setup[0]
    elsewhere = next(h for h in sorted(GAME.maps[sc.maps[0]].hexes, key=str)
                     if h != first.hex and all(p.hex != h for p in sc.setup))
    moved = dataclasses.replace(sc, setup=(dataclasses.replace(first, hex=elsewhere),) + sc.setup[1:])
    hits = [f for f in check_log(log, GAME, moved).findings
            if f.rule == "4" and f.severity == "violation"]
    # (a derived trench marker may follow the moved unit: a second finding)
    assert any(f"is set up in {first.hex}; the scenario sets it up in {elsewhere}" in f.message
               for f in hits), hits
