"""The checker's lean log adapter (modgen.check.logread) and the shared replay (modgen.replay)
must agree: same final position and Step level for every unit, same undone steps, on every log
VASSAL wrote (fixtures) and on a game scripted with the test-game builder."""
from __future__ import annotations

import glob
import sys
from pathlib import Path

import pytest

from conftest import SHARED
from modgen.check.logread import Added, Changed, Moved, Removed, read_log
from modgen.replay.replay import Replayer, Visitor

sys.path.insert(0, str(Path(__file__).parent))


def _final_from_adapter(path):
    log = read_log(path)
    pos = {pid: (p.map, p.x, p.y, p.step_level) for pid, p in log.pieces.items()}
    for events in log.steps:
        for ev in events:
            if isinstance(ev, Moved) and ev.piece in pos:
                m, x, y, lvl = pos[ev.piece]
                pos[ev.piece] = (ev.map, ev.x, ev.y, lvl)
            elif isinstance(ev, Changed) and ev.piece in pos and ev.level_after is not None:
                m, x, y, _ = pos[ev.piece]
                pos[ev.piece] = (m, x, y, ev.level_after)
            elif isinstance(ev, Added):
                s = ev.snapshot
                pos[s.id] = (s.map, s.x, s.y, s.step_level)
            elif isinstance(ev, Removed):
                pos.pop(ev.piece, None)
    return log, pos


class _Undone(Visitor):
    def __init__(self):
        self.records = []

    def on_step(self, step, state):
        self.records.append(step)


def _final_from_replay(path):
    v = _Undone()
    state = Replayer(str(path)).run(v)
    pos = {}
    for pid, p in state.pieces.items():
        if not p.properties.get("UnitId") and not p.properties.get("MarkerId"):
            continue
        pos[pid] = (p.map, p.x, p.y, p.layers.get("Step"))
    undone = {i + 1 for i, r in enumerate(v.records) if getattr(r, "undone", False)}
    return pos, undone


LOGS = sorted(glob.glob(str(SHARED / "fixtures" / "vassal" / "logs" / "*.vlog")))


@pytest.mark.parametrize("path", LOGS or [pytest.param(None, marks=pytest.mark.skip(
    reason="reference material not available (../shared)"))], ids=lambda p: Path(p).name if p else "none")
def test_adapter_agrees_with_replay_on_vassal_logs(path):
    log, mine = _final_from_adapter(path)
    theirs, undone = _final_from_replay(path)
    mine = {k: v for k, v in mine.items() if k in theirs or log.pieces.get(k) is not None}
    assert {k: mine.get(k) for k in theirs} == theirs
    assert log.undone == undone


def test_adapter_agrees_with_replay_on_a_scripted_game(tmp_path):
    import check_game
    from modgen.check.testgame import TestGame
    g = check_game.game()
    t = TestGame(g, g.scenarios["if-test"])
    t.next_phase()
    t.move("ah-inf-xx-57", "3517", "3417")
    t.flip("ah-inf-xx-57")
    t.move("ah-inf-x-trieste", "3319")
    t.undo()
    t.eliminate("it-inf-xx-2")
    p = t.write(tmp_path / "x.vlog")
    log, mine = _final_from_adapter(p)
    theirs, undone = _final_from_replay(p)
    assert {k: mine.get(k) for k in theirs} == theirs
    assert log.undone == undone == {5}          # the Trieste move
