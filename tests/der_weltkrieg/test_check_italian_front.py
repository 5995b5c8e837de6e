"""A short legal game on the real Italian Front data (map 6-4, scenario if-1915-05) gives no
finding; the same game with one illegal move gives exactly that violation."""
from __future__ import annotations

import pytest

from modgen.check.engine import check_log
from modgen.check.logread import parse_log
from modgen.testing import TestGame
from modgen.model import load_game
from modgen.model.types import GameDate

CHEAP = {"clear", "broken", "hilly", "suburban", "urban"}


@pytest.fixture(scope="module")
def game():
    return load_game("italian-front")


def _cheap_neighbour(game, sc, h, taken):
    mapdef = game.maps["6-4"]
    for n in h.neighbours():
        side = mapdef.hexside(h, n) if n in mapdef.hexes else None
        if side is not None and side.terrain in CHEAP and not side.river and n not in taken:
            return n
    return None


def _play(game, illegal: bool):
    sc = game.scenarios["if-1915-05"]
    t = TestGame(game, sc)
    taken = {p.hex for p in sc.setup if p.hex is not None}
    moved = []
    for side_phase in ("entente-movement", "cp-movement"):
        if side_phase == "cp-movement":
            t.advance_to(GameDate(1915, 6, 1), side_phase)
        side = t.turns.phase(side_phase).side
        for p in sc.setup:
            c = game.counters[p.counter]
            if game.side_of(c.nation) != side or c.type in ("hq", "fortress", "eng") or p.hex is None:
                continue
            n = _cheap_neighbour(game, sc, p.hex, taken)
            if n is not None:
                taken.add(n)
                t.move(p.counter, n)
                moved.append(p.counter)
                break
    step = None
    if illegal:
        t.advance_to(GameDate(1915, 6, 1), "cp-replacement")
        step = t.move(moved[0], next(h for h in t.boards[0].mapdef.hexes
                                     if h.distance(sc.setup[0].hex) == 1))
    t.next_phase()
    return t, step


def test_legal_game_on_the_real_data(game):
    t, _ = _play(game, illegal=False)
    findings = check_log(parse_log(t.text()), game, t.scenario).findings
    assert findings == []


def test_one_illegal_move_on_the_real_data(game):
    t, step = _play(game, illegal=True)
    findings = check_log(parse_log(t.text()), game, t.scenario).findings
    v = [f for f in findings if f.severity == "violation"]
    assert [(f.rule, f.step) for f in v] == [("6-3", step)], findings
