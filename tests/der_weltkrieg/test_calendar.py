"""The rule 5 turn tracker: VASSAL can step through it, and saved states decode back.

``Sim`` re-implements the stepping of VASSAL's TurnLevel / ListTurnLevel / CounterTurnLevel
(advance, setLow, getState, setState as in VASSAL 3.7's source) on the tracker *read back from
the written buildFile.xml* by the project's reader, so the test checks the module as VASSAL
would run it, not our own description of it.
"""
from __future__ import annotations

import pytest

from modgen.model.types import MONTHS, GameDate
from modgen.module import build
from modgen.systems.der_weltkrieg import calendar
from modgen.vassal.buildfile import decode_turn_state, read_module
from modgen.vassal.sequence import Decoder, SequenceEncoder

from module_game import build_kw, tiny_game


class Sim:
    def __init__(self, info):
        self.info = info
        self.children = [Sim(c) for c in info.children]
        self.current = info.start if info.kind == "counter" else 0
        self.sub = 0
        self.first = 0
        self.loop, self.loop_limit = info.loop, info.loop_limit
        self.rolled = self.sub_rolled = False

    # TurnLevel.advance + subclass
    def advance(self):
        self.rolled = self.sub_rolled = False
        if self.children:
            child = self.children[self.sub]
            child.advance()
            if child.rolled:
                self.sub += 1
                if self.sub >= len(self.children):
                    self.sub = 0
                    self.sub_rolled = True
                self.children[self.sub].set_low()
        if not self.children or self.sub_rolled:
            if self.info.kind == "counter":
                self.current += self.info.incr
                if self.loop and self.current > self.loop_limit:
                    self.current = self.info.start
                    self.rolled = True
            else:
                idx = self.current + 1
                if idx >= len(self.info.items):
                    idx = 0
                if idx == self.first:
                    self.rolled = True
                self.current = idx

    def set_low(self):
        self.current = self.info.start if self.info.kind == "counter" else self.first
        if self.children:
            self.sub = 0
            self.children[0].set_low()

    def get_state(self) -> str:
        se = SequenceEncoder(";").append(self.current).append(self.sub)
        if self.info.kind == "counter":
            se.append(self.loop).append(self.loop_limit)
        else:
            se.append(self.first).append(",".join(["true"] * len(self.info.items)))
        for c in self.children:
            se.append(c.get_state())
        return se.value

    def set_state(self, state: str):
        d = Decoder(state, ";")
        self.current = d.int(0)
        self.sub = d.int(0)
        if self.info.kind == "counter":
            self.loop = d.token("false") == "true"
            self.loop_limit = d.int(-1)
        else:
            self.first = d.int(0)
            d.token("")
        for c in self.children:
            c.set_state(d.token(""))


@pytest.fixture(scope="module")
def tracker(tmp_path_factory):
    game = tiny_game()
    out = tmp_path_factory.mktemp("t") / "t.vmod"
    build.build_module(game, out, progress=build.Progress(stream=None), **build_kw())
    return game, calendar.calendar(game), read_module(str(out)).tracker(calendar.TRACKER_ID)


def _tracker_state(sim: Sim) -> str:
    return SequenceEncoder("|").append(0).append(sim.get_state()).value


def test_levels_and_properties(tracker):
    game, cal, info = tracker
    [year] = info.levels
    assert (year.kind, year.property) == ("counter", "Year")
    [month] = year.children
    assert month.property == "Month" and month.items == MONTHS
    special, normal = month.children
    assert special.property == normal.property == "Turn"
    assert special.items == ("0",) and normal.items == tuple(str(i) for i in range(1, 8))
    assert special.children[0].property == normal.children[0].property == "Phase"
    assert special.children[0].items == tuple(p.name for p in cal.special)
    assert normal.children[0].items == tuple(p.name for p in cal.normal)


def test_vassal_steps_through_a_month_as_rule_5(tracker):
    game, cal, info = tracker
    sim = Sim(info.levels[0])
    sim.set_state(calendar.turn_state(cal, GameDate(1915, 12, 0), cal.special[0].id).split("|", 1)[1])
    expected = []
    for month, year in ((12, 1915), (1, 1916)):
        expected += [(GameDate(year, month, 0), p) for p in cal.special]
        expected += [(GameDate(year, month, t), p) for t in range(1, 8) for p in cal.normal]
    seen = []
    for date, phase in expected:
        state = _tracker_state(sim)
        # the state VASSAL would save here is exactly what we write for that turn and phase
        assert state == calendar.turn_state(cal, date, phase.id), (date, phase)
        assert calendar.decode_turn_state(cal, state) == (date, phase)
        shown = dict(decode_turn_state(info, state))
        assert shown == {"Year": str(date.year), "Month": MONTHS[date.month - 1],
                         "Turn": str(date.turn), "Phase": phase.name}
        seen.append((date, phase.id))
        sim.advance()
    assert len(seen) == 2 * (len(cal.special) + 7 * len(cal.normal))


@pytest.mark.parametrize("turn", range(8))
def test_turn_state_round_trip(tracker, turn):
    game, cal, info = tracker
    phases = cal.special if turn == 0 else cal.normal
    for month in (1, 6, 12):
        for p in phases:
            d = GameDate(1917, month, turn)
            assert calendar.decode_turn_state(cal, calendar.turn_state(cal, d, p.id)) == (d, p)


def test_unknown_phase_is_an_error(tracker):
    from modgen.errors import ModgenError
    game, cal, info = tracker
    with pytest.raises(ModgenError, match="not a phase of a normal turn"):
        calendar.turn_state(cal, GameDate(1915, 5, 3), cal.special[0].id)


def test_real_sequence_of_play_gives_distinct_phase_names():
    from modgen.model import load_game
    cal = calendar.calendar(load_game("italian-front"))
    assert len(cal.special) == 2 and len(cal.normal) == 8      # rule 5 (000:L104-116)
    assert len({p.name for p in cal.normal}) == 8


def test_first_turn_of_may_1915_is_the_state_vassal_writes():
    """The TURN command of the May 1915 scenario (7 May 1915, Entente movement phase), written
    out by hand from TurnTracker/CounterTurnLevel/ListTurnLevel.getState in VASSAL 3.7.26:
    ``currentLevel|year`` with year ``current;currentSubLevel;loop;loopLimit;month``, each
    ListTurnLevel ``current;currentSubLevel;first;active…;children…``, every nesting level
    adding one backslash before each inner ``;``. Month index 4 (May), sub-level 1 (turns 1-7),
    turn index 6 (turn 7), phase index 5 (Entente Movement)."""
    from modgen.model import load_game
    game = load_game("italian-front")
    cal = calendar.calendar(game)
    sc = game.scenarios["if-1915-05"]
    t12, t7, t8 = ",".join(["true"] * 12), ",".join(["true"] * 7), ",".join(["true"] * 8)
    expected = ("TURNTurnTracker0\t0|1915;0;false;-1;"
                f"4\\;1\\;0\\;{t12}"
                "\\;0\\\\;0\\\\;0\\\\;true\\\\;0\\\\\\;0\\\\\\;0\\\\\\;true,true"
                f"\\;6\\\\;0\\\\;0\\\\;{t7}\\\\;5\\\\\\;0\\\\\\;0\\\\\\;{t8}")
    assert (sc.first_turn, cal.normal[5].id) == (GameDate(1915, 5, 7), "entente-movement")
    assert calendar.turn_command(cal, sc.first_turn, sc.first_phase) == expected
