"""The checker's log adapter on the logs VASSAL 3.7.26 wrote (fixtures/vassal/logs) and on
hostile input (the bounded reading itself is modgen.vassal's; these check it reaches the user as
a ModgenError naming the file)."""
from __future__ import annotations

import io
import zipfile

import pytest

from conftest import shared_path
from modgen.check.logread import (Added, Changed, ChatLine, DiceRolled, Moved, Removed,
                                  TurnChanged, parse_log, read_log)
from modgen.errors import ModgenError


def test_all_actions_events():
    log = read_log(shared_path("fixtures", "vassal", "logs", "all_actions.vlog"))
    assert log.module_name == "VlogTest" and len(log.pieces) == 6 and len(log.steps) == 17
    b1 = next(p for p in log.pieces.values() if p.props["UnitId"] == "B1")
    assert (b1.name, b1.map, b1.x, b1.y, b1.step_level) == ("1st Blue Infantry", "Main Map", 84, 128, 1)
    assert log.steps[1][0] == Moved("1795998336721", "Main Map", 140, 224, "Main Map", 84, 128)
    assert [type(e) for e in log.steps[3]] == [Moved, Moved, ChatLine]          # stack drag
    assert log.steps[5][0] == Changed("1795998336926", 1, 2)                   # flip
    assert DiceRolled("2d6", "5,2") in log.steps[7]
    turn = [e for e in log.steps[11] if isinstance(e, TurnChanged)][0]
    assert turn.label == "2 Blue Move" and turn.tracker == "TurnTracker0"
    assert log.turn_label == "1 Blue Move"
    assert log.steps[12] == [Removed("1795998337239")]                         # delete
    assert log.steps[13][0].map == "Dead Pile"                                 # send to
    assert log.undone == {15} and log.undo_steps == {16}                       # move + undo


def test_undo_fixture_and_password_never_kept():
    path = shared_path("fixtures", "vassal", "logs", "k_undo.vlog")
    log = read_log(path)
    assert log.undone == {1} and log.undo_steps == {2}
    assert "blue-secret" not in repr(log)


def test_vsav_without_steps():
    log = read_log(shared_path("fixtures", "vassal", "vassal-3.7.26-written.vsav"))
    assert log.steps == [] and len(log.pieces) == 1


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


def test_added_piece_in_a_step_is_a_snapshot():
    text = ("begin_save\x1b\x1bend_save\x1bLOG\t+/7/mark;UnitId\tpiece;;;a.png;A/X\tMain Map;10;20;;0")
    log = parse_log(text)
    ev = log.steps[0][0]
    assert isinstance(ev, Added) and ev.snapshot.props == {"UnitId": "X"}
    assert (ev.snapshot.map, ev.snapshot.x, ev.snapshot.y) == ("Main Map", 10, 20)
