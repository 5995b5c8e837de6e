"""Timeline fields the checker consumes (modgen.check.engine is a replay visitor): DynamicProperty
values in a piece's facts, what a piece added during the log is, a state change that puts a piece
elsewhere, and undo steps whose target is unknown."""
from __future__ import annotations

from modgen.replay import PieceChanged, PieceCreated, PieceMoved, replay
from modgen.replay.pieces import state_facts
from modgen.vassal.commands import parse_saved_game
from test_replay_state import TYPE, built_log, chain, state

PROP = "PROP;SupplyPoints;true,0,999,false;;HQ supply points"
HQ_TYPE = chain(PROP, "mark;UnitId,SupplyPoints", "piece;;;hq.png;1st HQ")


def test_dynamic_property_values_are_piece_facts_and_outer_traits_win():
    f = state_facts(HQ_TYPE, chain("7", "it-hq-1,99", "Main Map;10;20;;0"))
    # Decorator.getProperty asks the outermost trait first: the DynamicProperty's 7, not 99
    assert f.properties == {"SupplyPoints": "7", "UnitId": "it-hq-1"}
    inner_prop = chain("mark;SupplyPoints,UnitId", PROP, "piece;;;hq.png;1st HQ")
    f = state_facts(inner_prop, chain("3,it-hq-1", "5", "Main Map;10;20;;0"))
    assert f.properties == {"SupplyPoints": "3", "UnitId": "it-hq-1"}


def test_created_piece_and_supply_point_change_are_events():
    t = HQ_TYPE.replace("/", "\\/")
    text = built_log([], [
        ["+/h1/" + t + "/" + chain("4", "it-hq-1,", "Main Map;10;20;;0")],
        ["D/h1/" + chain("6", "it-hq-1,", "Main Map;10;20;;0") + "/"
         + chain("4", "it-hq-1,", "Main Map;10;20;;0")]])
    tl = replay(parse_saved_game(text))
    created = tl.steps[0].events[0]
    assert type(created) is PieceCreated
    assert created.properties == {"SupplyPoints": "4", "UnitId": "it-hq-1"}
    assert created.to_json()["properties"] == {"SupplyPoints": "4", "UnitId": "it-hq-1"}
    changed = [e for e in tl.steps[1].events if type(e) is PieceChanged]
    assert [e.changes for e in changed] == [{"SupplyPoints": ["4", "6"]}]


def test_a_state_change_to_another_map_is_a_move():
    t = TYPE.format(name="A").replace("/", "\\/")
    text = built_log(
        ["+/u1/" + t + "/" + state("U1", 1, False, "Main Map", 28, 32)],
        [["D/u1/" + state("U1", 1, False, "Reserve", 50, 60) + "/"
          + state("U1", 1, False, "Main Map", 28, 32)]])
    tl = replay(parse_saved_game(text))
    moves = [e for e in tl.steps[0].events if type(e) is PieceMoved]
    assert [(m.src.map, m.dst.map, m.dst.x, m.dst.y) for m in moves] == [
        ("Main Map", "Reserve", 50, 60)]
    assert tl.final.pieces["u1"].position == ("Reserve", 50, 60)


def test_an_undo_step_is_an_undo_even_when_its_target_is_unknown():
    text = built_log([], [["UNDO\ttrue", "UNDO\tfalse"], ["CHAT&lt;A&gt; - hi"]])
    tl = replay(parse_saved_game(text))
    first, second = tl.steps
    assert first.undoes is None and first.is_undo and not second.is_undo
