"""The log as the checker reads it: ``modgen.check.logread`` (the file, our module) and the one
timeline both ``modgen log`` and ``modgen check`` consume (``modgen.replay``), on the logs VASSAL
3.7.26 wrote (fixtures/vassal/logs) and on hostile input (the bounded reading itself is
modgen.vassal's; these check it reaches the user as a ModgenError naming the file)."""
from __future__ import annotations

import io
import sys
import zipfile
from pathlib import Path

import pytest

from conftest import shared_path
from modgen.check.engine import Checker
from modgen.check.context import boards_for
from modgen.check.logread import our_module, parse_log, read_log
from modgen.errors import ModgenError
from modgen.hexgrid import Hex
from modgen.replay import (ChatLine, DiceRolled, PieceCreated, PieceDeleted, PieceFlipped,
                           PieceMoved, PieceSentTo, StepUndone, TurnAdvanced, replay)

sys.path.insert(0, str(Path(__file__).parent))
import check_game  # noqa: E402


def _vlogtest():
    from modgen.vassal.buildfile import read_module
    return read_module(shared_path("fixtures", "vassal", "logs", "VlogTest.vmod"))


def test_all_actions_timeline():
    log = read_log(shared_path("fixtures", "vassal", "logs", "all_actions.vlog"))
    assert log.module_name == "VlogTest" and log.n_steps == 17
    begin = log.begin_state()
    assert len(begin.pieces) == 6
    b1 = next(p for p in begin.pieces.values() if p.properties["UnitId"] == "B1")
    assert (b1.name, *b1.position, b1.layers["Step"]) == ("1st Blue Infantry", "Main Map", 84, 128, 1)
    tl = replay(log.saved, _vlogtest())
    steps = {r.index: r for r in tl.steps}
    mv = steps[2].events[0]
    assert type(mv) is PieceMoved and mv.piece == "1795998336721"
    assert (mv.src.x, mv.src.y, mv.dst.map, mv.dst.x, mv.dst.y) == (84, 128, "Main Map", 140, 224)
    assert [type(e) for e in steps[4].events] == [PieceMoved, PieceMoved, ChatLine]   # stack drag
    flip = steps[6].events[0]
    assert type(flip) is PieceFlipped and (flip.piece, flip.layer, flip.old_level,
                                           flip.new_level) == ("1795998336926", "Step", 1, 2)
    assert [e.values for e in steps[8].events if type(e) is DiceRolled] == [(5, 2)]
    turn = [e for e in steps[12].events if type(e) is TurnAdvanced][0]
    assert turn.new_text.strip() == "2 Blue Move" and turn.tracker == "TurnTracker0"
    assert turn.new == {"Turn": "2", "Phase": "Blue Move"}
    assert tl.initial_turn_text.strip() == "1 Blue Move"
    assert [type(e) for e in steps[13].events] == [PieceDeleted]                    # delete
    sent = steps[14].events[0]
    assert type(sent) is PieceSentTo and sent.dst.map == "Dead Pile"               # send to
    assert {r.index for r in tl.steps if r.undone} == {15}                         # move + undo
    assert {r.index for r in tl.steps if r.is_undo} == {16} and steps[16].undoes == 15
    assert type(steps[16].events[0]) is StepUndone


def test_undo_fixture_and_password_never_kept():
    path = shared_path("fixtures", "vassal", "logs", "k_undo.vlog")
    log = read_log(path)
    checker = Checker(check_game.game(), None)
    checker.run(log, _vlogtest())
    assert [(r.index, r.undone, r.is_undo) for r in checker.records] == [(1, True, False),
                                                                         (2, False, True)]
    seen = repr(log) + repr(checker.records) + repr(checker.ctx.units) + repr(checker.findings)
    assert "blue-secret" not in seen


def test_vsav_without_steps():
    log = read_log(shared_path("fixtures", "vassal", "vassal-3.7.26-written.vsav"))
    assert log.n_steps == 0 and len(log.begin_state().pieces) == 1


def _zip(entries: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for k, v in entries.items():
            z.writestr(k, v)
    return buf.getvalue()


@pytest.mark.parametrize("data, why", [
    (b"not a zip", "not a zip archive"),
    (_zip({"other": b"x"}), "no 'savedGame' entry"),
    (_zip({"savedGame": b"!VCSKzz"}), "not hex digits"),
    (_zip({"savedGame": b"hello"}), "does not start with begin_save"),
    (_zip({"savedGame": b"begin_save\x1bfoo"}), "no end_save"),
])
def test_unusable_input_is_a_modgen_error(tmp_path, data, why):
    p = tmp_path / "bad.vlog"
    p.write_bytes(data)
    with pytest.raises(ModgenError, match=why) as e:
        read_log(p)
    assert str(p) in e.value.format()


def test_zip_bomb_is_refused(tmp_path):
    p = tmp_path / "bomb.vlog"
    p.write_bytes(_zip({"savedGame": b"begin_save\x1b" + b"\x1b" * (30 * 1024 * 1024)}))
    with pytest.raises(ModgenError, match="zip bomb"):
        read_log(p)


def test_moduledata_entities_are_not_expanded(tmp_path):
    meta = (b'<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
            b'<data><name>&x;</name></data>')
    p = tmp_path / "x.vlog"
    p.write_bytes(_zip({"savedGame": b"begin_save\x1bend_save", "moduledata": meta}))
    log = read_log(p)
    assert not log.module_name or "root:" not in log.module_name


def test_piece_added_in_a_step_reaches_the_checker_as_it_was_added():
    from modgen.check.engine import RuleDef
    g = check_game.game()
    x, y = boards_for(g, ["6-4"])[0].center(Hex(31, 18))
    log = parse_log(f"begin_save\x1b\x1bend_save\x1bLOG\t+/7/mark;UnitId\tpiece;;;a.png;A/"
                    f"ah-inf-xx-57\tMain Map;{x};{y};;0\x1bLOG\t-/7")
    ev = replay(log.saved).steps[0].events[0]
    assert type(ev) is PieceCreated and ev.properties == {"UnitId": "ah-inf-xx-57"}
    assert (ev.where.map, ev.where.x, ev.where.y) == ("Main Map", x, y)
    seen = []

    def watch(ctx, unit, frm, to, frm_map):
        seen.append((ctx.step, unit.piece, unit.counter.id, unit.side, frm_map,
                     str(frm) if frm else None, str(to) if to else None))
    checker = Checker(g, None, rules=[RuleDef("t", "move", watch, "watch", "")])
    checker.run(log)
    assert seen == [(1, "7", "ah-inf-xx-57", "central-powers", None, None, "3118"),
                    (2, "7", "ah-inf-xx-57", "central-powers", "Main Map", "3118", None)]
    assert "7" not in checker.ctx.units and not checker.ctx.by_hex


def test_our_module_is_what_the_replay_reads_from_our_written_buildfile():
    """Without --module the replay runs on our module as the game data describe it; its tracker
    and dice are the very objects the module writer writes, so the replay reads the same levels
    from them as from the buildFile.xml written and read back."""
    from modgen.model.geometry import BoardLayout
    from modgen.module import buildfile, pieces, savegame, tracks
    from modgen.replay.turns import tracker_specs
    from modgen.vassal.buildfile import read_module
    g = check_game.game()
    layout = BoardLayout.for_game(g)
    boards = {m: (layout.grids[m], *layout.sizes[m], f"map-{m}.png") for m in sorted(g.maps)}
    xml = buildfile.render(g, slots=pieces.slots(g), image_sizes={}, boards=boards, setups=[],
                           charts=[], help_file="help.html",
                           side_pools=[savegame.pool_map_name(s.name) for s in g.sides],
                           track_board=(tracks.IMAGE, tracks.regions(g)))
    written = read_module(xml, name="buildFile.xml")
    ours = our_module(g)
    assert ours is our_module(g) and "TurnTracker0" in ours.turn_trackers
    assert tracker_specs(ours) == tracker_specs(written)
    assert [lv.property for lv in tracker_specs(ours)["TurnTracker0"].levels] == ["Year"]
    assert set(ours.dice_buttons) == set(written.dice_buttons) == {"1d6", "2d6"}
    # pixels become the hexes the written grid says
    x, y = boards_for(g, ["6-4"])[0].center(Hex(31, 18))
    assert ours.hex_at("Main Map", x, y) == written.hex_at("Main Map", x, y) == Hex(31, 18)
    assert ours.location_name("Main Map", x, y) == "3118"


def test_a_crash_while_checking_is_a_modgen_error_naming_the_file(tmp_path, monkeypatch):
    from modgen.check import cli, engine
    p = tmp_path / "g.vlog"
    g = check_game.game()
    from modgen.testing import TestGame
    t = TestGame(g, g.scenarios["if-test"])
    t.next_phase()
    t.write(p)

    def broken(self, state):
        raise KeyError("boom")
    monkeypatch.setattr(engine.Checker, "on_start", broken)
    monkeypatch.setattr(cli, "_load_game", lambda gid, data: g)
    with pytest.raises(ModgenError, match="cannot replay and check") as e:
        cli.check_file(str(p), scenario_id="if-test")
    assert str(p) in e.value.format()
