"""Every scenario save the module writer generates passes the checker's set-up rules: the module
and the checker read the same data the same way (no false alarm on a correct set-up)."""
from __future__ import annotations

import pytest

from modgen.art.map import board_geometry
from modgen.check.engine import check_log
from modgen.check.logread import parse_log
from modgen.model import load_game
from modgen.module import pieces, savegame, turns

GAME = load_game("italian-front")


@pytest.mark.parametrize("scenario_id", sorted(GAME.scenarios))
def test_generated_scenario_save_checks_clean(scenario_id):
    sc = GAME.scenarios[scenario_id]
    layout = savegame.BoardLayout.for_game(GAME, board_geometry)
    text, _notes = savegame.scenario_command(GAME, sc, layout, turns.calendar(GAME),
                                             pieces.slots(GAME))
    log = parse_log(text)
    assert len(log.begin_state().pieces) > 20
    report = check_log(log, GAME, sc)
    assert report.findings == []
