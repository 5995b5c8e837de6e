"""The replay against VASSAL's own ground truth: the fifteen scripted logs of
../shared/fixtures/vassal/logs (VlogTest.vmod), step by step, and their final signatures."""
from __future__ import annotations

import json

import pytest

from conftest import shared_path
from modgen.replay import Replayer, Visitor, replay
from modgen.replay.events import DiceRolled, PieceFlipped, PieceMoved, PieceSentTo, StepUndone, TurnAdvanced
from modgen.replay.state import GameState
from modgen.vassal.buildfile import read_module

LOGS = [
    "a_chat", "all_actions", "b_move_single", "c_merge_onto_friendly", "d_move_stack",
    "e_drag_out_of_stack", "f_flip", "g_dice", "h_turn", "i_delete", "j_send_to_dead_pile",
    "k_undo", "l_multi_select_drag", "m_continue_from_save", "n_continue_after_replay",
]


@pytest.fixture(scope="module")
def module():
    return read_module(shared_path("fixtures", "vassal", "logs", "VlogTest.vmod"))


def unit_facts(state: GameState, pid: str) -> dict | None:
    """The facts VASSAL printed for a unit, computed from our state."""
    p = state.pieces.get(pid)
    if p is None:
        return None
    m, x, y = p.position
    st = p._stack()
    return {
        "id": p.id, "unitId": p.properties.get("UnitId"), "name": p.name,
        "basicName": p.basic_name, "map": m, "x": x, "y": y,
        "hex": state.location_name(m, x, y),
        "stackId": p.stack if st is not None else None,
        "stackIndex": p.stack_index, "stackSize": len(st.members) if st is not None else None,
        "stepLevel": str(p.layers.get("Step")), "moved": "true" if p.moved else "false",
    }


def expected_unit(u: dict) -> dict:
    keys = ("id", "unitId", "name", "basicName", "map", "x", "y", "hex", "stackId", "stackIndex",
            "stackSize", "stepLevel", "moved")
    return {k: u[k] for k in keys}


def signature(state: GameState, turn_text: str) -> str:
    """NAME.final_signature.txt, rebuilt from our final state."""
    lines = []
    for map_id in state.top:
        for item in state.top[map_id]:
            st = state.stacks.get(item)
            if st is not None:
                if not st.members:
                    continue
                members = "".join(
                    f"{state.pieces[m].properties.get('UnitId')}:{m}:L{state.pieces[m].layers.get('Step')}"
                    f":M{'true' if state.pieces[m].moved else 'false'} " for m in st.members)
                hx = state.location_name(map_id, st.x, st.y)
                lines.append(f"{map_id} stack@{hx}({st.x},{st.y})[{members}]")
            elif item in state.pieces:
                p = state.pieces[item]
                lines.append(f"{map_id} piece {p.properties.get('UnitId')}@{state.location_name(map_id, p.x, p.y)}")
    return "\n".join(sorted(lines)) + f"\nturn={turn_text}\n"


class Recorder(Visitor):
    def __init__(self):
        self.begin: dict = {}
        self.after: dict[int, dict] = {}
        self.turn_after: dict[int, dict] = {}
        self.records: dict = {}

    def on_start(self, state):
        self.begin = {pid: unit_facts(state, pid) for pid in state.pieces}

    def on_step(self, step, state):
        self.records[step.index] = step
        self.after[step.index] = {pid: unit_facts(state, pid) for pid in state.pieces}


@pytest.mark.parametrize("name", LOGS)
def test_log_matches_vassal_step_by_step(name, module):
    logs = shared_path("fixtures", "vassal", "logs")
    expected = json.loads((logs / f"{name}.expected.json").read_text(encoding="utf-8"))
    r = Replayer(logs / f"{name}.vlog", module)
    rec = Recorder()
    final = r.run(rec)

    assert len(rec.records) == expected["n_steps"]

    # begin state: every unit VASSAL listed
    for m in expected["begin_state"]["maps"]:
        for item in m["top_level"]:
            units = item.get("members_bottom_to_top") or [item["piece"]]
            for u in units:
                assert rec.begin[u["id"]] == expected_unit(u), (name, "begin", u["unitId"])
    begin_turn = expected["begin_state"]["turn"]
    state0 = GameState(module)
    for cmd in r.saved.initial:
        state0.apply(cmd)
    assert r.turns.labels(state0) == {"Turn": begin_turn["Turn"], "Phase": begin_turn["Phase"]}
    assert r.turns.text(state0) == begin_turn["turnString"]

    for action in expected["actions"]:
        last = action["steps"][-1]
        after = rec.after[last]
        for u in action.get("pieces_after", []):
            if u.get("removed"):
                # a deleted unit: no piece with that UnitId remains
                assert all(f is None or f["unitId"] != u["unitId"] for f in after.values())
                continue
            assert after[u["id"]] == expected_unit(u), (name, action["index"], u["unitId"])
        step = rec.records[last]
        if "turn_after" in action:
            ta = action["turn_after"]
            assert step.turn_after == {"Turn": ta["Turn"], "Phase": ta["Phase"]}
            assert step.turn_text == ta["turnString"]
            tb = action["turn_before"]
            assert step.turn_before == {"Turn": tb["Turn"], "Phase": tb["Phase"]}
            turns = [e for e in step.events if isinstance(e, TurnAdvanced)]
            assert len(turns) == 1 and turns[0].new_text == ta["turnString"]
            assert turns[0].old_text == tb["turnString"]
        if "dice" in action:
            rolls = [e for e in step.events if isinstance(e, DiceRolled)]
            assert len(rolls) == 1
            button = next(k for k in action["dice"] if k.endswith("_result"))[:-7]
            d = action["dice"]
            assert rolls[0].button == button
            assert ",".join(str(v) for v in rolls[0].values) == d[f"{button}_result"]
            assert rolls[0].total == int(d[f"{button}_total"])
            assert rolls[0].side == "Blue" and rolls[0].who == "BluePlayer"
        if "undoes_step" in action:
            assert step.undoes == action["undoes_step"]
            assert any(isinstance(e, StepUndone) and e.undone_step == action["undoes_step"]
                       for e in step.events)
            assert rec.records[action["undoes_step"]].undone
            assert rec.records[action["undoes_step"]].undone_by == last
        else:
            assert step.undoes is None
        # the acting side comes from the roster, never from the password
        assert step.side == "Blue"

    sig = (logs / f"{name}.final_signature.txt").read_text(encoding="utf-8")
    assert signature(final, r.turns.text(final)) == sig


def test_step_events_of_all_actions(module):
    """The typed events the checker consumes, for each kind of action."""
    tl = replay(shared_path("fixtures", "vassal", "logs", "all_actions.vlog"), module)
    by = {s.index: s for s in tl.steps}

    mv = [e for e in by[2].events if isinstance(e, PieceMoved)]
    assert [(e.name, e.src.location, e.dst.location, e.dst.x, e.dst.y) for e in mv] == [
        ("1st Blue Infantry", "0203", "0304", 140, 224)]
    assert mv[0].from_stack == "1795998336722" and mv[0].to_stack == "1795998341954"
    assert by[2].side_source == "mover"

    merge = [e for e in by[3].events if isinstance(e, PieceMoved)][0]
    assert merge.onto == "1795998336926" and merge.onto_name == "Blue Armor"
    assert merge.to_stack == "1795998336927" and merge.to_index == 1

    stack_move = [e for e in by[4].events if isinstance(e, PieceMoved)]
    assert [(e.name, e.to_index) for e in stack_move] == [("Blue Armor", 0), ("2nd Blue Infantry", 1)]
    # the moved flag set by the move is not reported as a separate change
    assert all(isinstance(e, PieceMoved) or e.kind == "chat" for e in by[4].events)

    flips = [e for e in by[6].events if isinstance(e, PieceFlipped)]
    assert [(f.layer, f.old_level, f.new_level, f.new_name, f.where.location) for f in flips] == [
        ("Step", 1, 2, "Blue Armor (reduced)", "0506")]

    deleted = [e for e in by[13].events if e.kind == "deleted"]
    assert [(d.name, d.where.location) for d in deleted] == [("Red Armor", "0907")]

    sent = [e for e in by[14].events if isinstance(e, PieceSentTo)]
    assert len(sent) == 1 and sent[0].eliminated and sent[0].dst.map == "Dead Pile"
    assert sent[0].dst.location == "offboard" and sent[0].src.location == "0708"
    assert not any(isinstance(e, PieceMoved) for e in by[14].events)

    undo = by[16]
    back = [e for e in undo.events if isinstance(e, PieceMoved)]
    assert [(e.src.location, e.dst.location, e.to_stack) for e in back] == [("0707", "0708", None)]
    assert by[15].undone and not by[17].undone

    multi = [e for e in by[17].events if isinstance(e, PieceMoved)]
    assert [(e.name, e.src.location, e.dst.location) for e in multi] == [
        ("1st Blue Infantry", "0304", "0405"), ("2nd Blue Infantry", "0606", "0706")]

    chat = [e for e in by[1].events if e.kind == "chat" and e.chat_kind == "chat"]
    assert [(c.who, c.side, c.text) for c in chat] == [
        ("BluePlayer", "Blue", "Hello from Blue - this is the all-in-one test log")]


def test_state_queries(module):
    tl = replay(shared_path("fixtures", "vassal", "logs", "setup.vsav"), module)
    st = tl.final
    assert tl.steps == []
    names = [p.name for p in st.pieces_at("Main Map", "0708")]
    assert names == ["1st Red Infantry", "2nd Red Infantry"]
    r1 = next(p for p in st.pieces.values() if p.properties.get("UnitId") == "R1")
    assert [p.properties["UnitId"] for p in st.stack_members(r1.stack)] == ["R1", "R2"]
    assert st.stack_of(r1.id).id == r1.stack
    assert r1.properties == {"UnitId": "R1", "Nation": "Red", "Type": "Infantry", "Strength": "4",
                             "Movement": "3"}
    assert st.pieces_at("Main Map", "0101") == []
    assert {p.name for p in st.pieces_on("Main Map")} == {
        "1st Blue Infantry", "2nd Blue Infantry", "Blue Armor", "1st Red Infantry",
        "2nd Red Infantry", "Red Armor"}
    assert st.players[0].name == "BluePlayer" and st.players[0].side == "Blue"
