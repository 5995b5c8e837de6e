"""One timeline: the checker consumes ``modgen.replay``'s records, so what the rules see must be
what the replay says — every unit's place and Step level after the last step, the steps an undo
reversed — on every log VASSAL wrote (fixtures) and on games scripted with the test-game builder;
and a step a later undo reversed never yields a finding, however late the undo comes."""
from __future__ import annotations

import glob
import sys
from pathlib import Path

import pytest

from conftest import SHARED
from modgen.check.engine import Checker, check_log
from modgen.check.logread import parse_log, read_log
from modgen.replay import Replayer, Visitor

sys.path.insert(0, str(Path(__file__).parent))
import check_game  # noqa: E402
from modgen.testing import TestGame  # noqa: E402
from modgen.model.types import GameDate  # noqa: E402

LOGS = sorted(glob.glob(str(SHARED / "fixtures" / "vassal" / "logs" / "*.vlog")))


class _Records(Visitor):
    def __init__(self):
        self.records = []

    def on_step(self, step, state):
        self.records.append(step)


def _replay_final(log, module):
    v = _Records()
    state = Replayer(log.saved, module).run(v)
    pos = {pid: (*p.position, p.layers.get("Step")) for pid, p in state.pieces.items()}
    return pos, {r.index for r in v.records if r.undone}


def _checker_final(log, game, scenario, module):
    c = Checker(game, scenario)
    c.run(log, module)
    pos = {pid: (u.map, u.x, u.y, u.reduced) for pid, u in c.ctx.units.items()}
    return c, pos


def _agree(replayed, seen):
    # the checker keeps "reduced" (Step level ≥ 2) of pieces with a Step layer
    assert set(seen) == set(replayed)
    for pid, (m, x, y, level) in replayed.items():
        assert seen[pid][:3] == (m, x, y), pid
        if level is not None:
            assert seen[pid][3] == (level >= 2), pid


@pytest.mark.parametrize("path", LOGS or [pytest.param(None, marks=pytest.mark.skip(
    reason="reference material not available (../shared)"))], ids=lambda p: Path(p).name if p else "none")
def test_checker_sees_what_the_replay_says_on_vassal_logs(path):
    from modgen.vassal.buildfile import read_module
    module = read_module(SHARED / "fixtures" / "vassal" / "logs" / "VlogTest.vmod")
    log = read_log(path)
    replayed, undone = _replay_final(log, module)
    c, seen = _checker_final(log, check_game.game(), None, module)
    _agree(replayed, seen)
    assert {r.index for r in c.records if r.undone} == undone


def test_checker_sees_what_the_replay_says_on_a_scripted_game(tmp_path):
    g = check_game.game()
    t = TestGame(g, g.scenarios["if-test"])
    t.next_phase()
    t.move("ah-inf-xx-57", "3517", "3417")
    t.flip("ah-inf-xx-57")
    t.move("ah-inf-x-trieste", "3319")
    t.undo()
    t.eliminate("it-inf-xx-2")
    t.set_supply_points("it-hq-xxxx-1", 3)
    log = read_log(t.write(tmp_path / "x.vlog"))
    from modgen.check.logread import our_module
    replayed, undone = _replay_final(log, our_module(g))
    c, seen = _checker_final(log, g, t.scenario, None)
    _agree(replayed, seen)
    assert undone == {r.index for r in c.records if r.undone} == {5}      # the Trieste move
    units = c.ctx.units
    by_unit = {u.unit_id: u for u in units.values() if u.unit_id}
    assert str(by_unit["ah-inf-xx-57"].hex) == "3417" and by_unit["ah-inf-xx-57"].reduced
    assert str(by_unit["ah-inf-x-trieste"].hex) == "3419"                  # back where it was
    assert by_unit["it-inf-xx-2"].hex is None and by_unit["it-inf-xx-2"].map == "Eliminated"
    assert by_unit["it-hq-xxxx-1"].supply_points == 3                      # D/ of SupplyPoints
    # the tracker, read through the module's own levels (Year, Month, Turn, Phase)
    assert (c.ctx.now.date, c.ctx.now.phase_id) == (GameDate(1915, 5, 1), "cp-movement")


def _undo_step(t: TestGame, k: int) -> int:
    """A VASSAL Undo of step ``k`` (inverse ``M/`` of its drags), recorded as the next step."""
    inverse = []
    for cmd in reversed(t.steps[k - 1]):
        if cmd.startswith("M/"):
            f = cmd.split("/")
            inverse += t._move_cmds(t.pieces[f[1]], f[6], int(f[7]), int(f[8]))[:1]
    return t._step(["UNDO\ttrue", "CHAT* UNDO *"] + inverse + ["UNDO\tfalse"])


def _findings(t: TestGame):
    return [(f.rule, f.step) for f in check_log(parse_log(t.text()), t.game, t.scenario).findings
            if f.severity == "violation"]


def test_a_move_undone_steps_later_yields_no_finding():
    g = check_game.game()

    def game(undo: bool) -> tuple[TestGame, int]:
        t = TestGame(g, g.scenarios["if-test"])
        t.next_phase()                                   # Central Powers Movement Phase
        bad = t.move("it-inf-xx-1", "3018")              # an Entente unit: 6-3
        t.chat("sorry, wrong side")
        if undo:
            _undo_step(t, bad + 1)                       # BasicLogger: the chat step first,
            _undo_step(t, bad)                           # then the move, two steps later
        return t, bad

    t, bad = game(undo=False)
    assert ("6-3", bad) in _findings(t)
    t, bad = game(undo=True)
    log = parse_log(t.text())
    c = Checker(g, t.scenario)
    c.run(log)
    assert {r.index: r.undone_by for r in c.records if r.undone} == {bad: bad + 3, bad + 1: bad + 2}
    assert [f for f in c.findings if f.severity == "violation"] == []
    assert str(next(u for u in c.ctx.units.values() if u.unit_id == "it-inf-xx-1").hex) == "3118"


def test_a_foreign_tracker_is_not_read_with_our_calendar():
    """Our module's levels would read any similar state as a plausible date: the checker trusts
    them only when the begin state's tracker round-trips through the game's calendar."""
    from modgen.systems.der_weltkrieg import calendar
    g = check_game.game()
    t = TestGame(g, g.scenarios["if-test"])
    ours = t.text()
    state = calendar.turn_state(t.turns.calendar, t.date, t.phase)
    foreign = state.replace("true,true,true,true,true,true,true,true,true,true,true,true", "true")
    assert foreign != state and calendar.decode_turn_state(t.turns.calendar, foreign)[0] == t.date
    for text, trusted in ((ours, True), (ours.replace(state, foreign), False)):
        c = Checker(g, t.scenario)
        c.run(parse_log(text))
        assert c._labels_trusted is trusted


def test_an_unread_tracker_is_noted_with_the_systems_own_phase_rules():
    """When the date and phase cannot be read, the note names rules of the game's own system
    (those run at a turn or a phase's end), not another system's numbers."""
    from modgen.systems.der_weltkrieg import calendar
    g = check_game.game()
    t = TestGame(g, g.scenarios["if-test"])
    state = calendar.turn_state(t.turns.calendar, t.date, t.phase)
    c = Checker(g, t.scenario)
    c.run(parse_log(t.text().replace(state, "")))      # a tracker with no state at all
    note = next(n for n in c.ctx.notes if "could not be read" in n)
    phased = {r.number for r in c.rules if r.hook in ("turn", "phase_end")}
    named = note.split("(", 1)[1].split(")", 1)[0].replace(", …", "").split(", ")
    assert named and set(named) <= phased
