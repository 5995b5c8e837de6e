"""``modgen log``: narrative and JSON output, exit codes, and no password anywhere."""
from __future__ import annotations

import io
import json
import zipfile

import pytest

from conftest import shared_path
from modgen.cli import main
from modgen.replay import replay
from modgen.replay.events import ChatLine, DiceRolled, PieceFlipped, PieceMoved

PASSWORDS = ("blue-secret", "probe-pw")


def run(capsys, *argv) -> tuple[int, str, str]:
    rc = main(["log", *map(str, argv)])
    out, err = capsys.readouterr()
    return rc, out, err


def test_written_vlog_facts(fixtures_dir):
    tl = replay(fixtures_dir / "vassal-3.7.26-written.vlog",
                __import__("modgen.vassal.buildfile", fromlist=["read_module"]).read_module(
                    fixtures_dir / "hextest-loaded-by-3.7.26.vmod"))
    assert [s.index for s in tl.steps] == [1, 2, 3, 4]
    chat = [e for e in tl.steps[0].events if isinstance(e, ChatLine)]
    assert [(c.who, c.text, c.chat_kind) for c in chat] == [("tester", "hello log", "chat")]
    mv = [e for e in tl.steps[1].events if isinstance(e, PieceMoved)]
    assert [(e.src.location, e.dst.location, (e.src.x, e.src.y), (e.dst.x, e.dst.y)) for e in mv] == [
        ("0505", "0606", (252, 288), (308, 320))]
    assert mv[0].to_stack == "1795996336265"
    dice = [e for e in tl.steps[2].events if isinstance(e, DiceRolled)]
    assert [(d.button, d.values, d.total, d.side) for d in dice] == [("1d6", (4,), 4, "Blue")]
    flips = [e for e in tl.steps[3].events if isinstance(e, PieceFlipped)]
    assert [(f.layer, f.old_level, f.new_level, f.new_name) for f in flips] == [
        ("Step", 2, 1, "1st Infantry")]
    p = tl.final.pieces["1700000000001"]
    assert p.layers == {"Step": 1} and p.location == "0606"
    # the side of every step comes from the roster (player "Probe", side Blue)
    assert {s.side for s in tl.steps} == {"Blue"}


def test_narrative_text(capsys, fixtures_dir):
    rc, out, err = run(capsys, fixtures_dir / "vassal-3.7.26-written.vlog",
                       "--module", fixtures_dir / "hextest-loaded-by-3.7.26.vmod")
    assert rc == 0 and err == ""
    lines = out.splitlines()
    assert "step 1 | Turn 1 Blue | Blue | chat tester: hello log" in lines
    assert "step 2 | Turn 1 Blue | Blue | reduced moves 0505 → 0606" in lines
    assert "step 3 | Turn 1 Blue | Blue | 1d6 = 4 (Blue)" in lines
    assert any(line.startswith("step 4 | Turn 1 Blue | Blue | reduced flipped to 1st Infantry") for line in lines)


def test_without_module_positions_are_pixels(capsys, fixtures_dir):
    rc, out, _ = run(capsys, fixtures_dir / "vassal-3.7.26-written.vlog")
    assert rc == 0
    assert "positions are map pixels" in out
    assert "moves (252,288) → (308,320)" in out


def test_json_output(capsys):
    logs = shared_path("fixtures", "vassal", "logs")
    rc, out, _ = run(capsys, logs / "all_actions.vlog", "--module", logs / "VlogTest.vmod", "--json")
    assert rc == 0
    doc = json.loads(out)
    assert [s["step"] for s in doc["steps"]] == list(range(1, 18))
    assert doc["steps"][15]["undoes"] == 15 and doc["steps"][14]["undone"] is True
    moved = doc["steps"][1]["events"][0]
    assert moved["kind"] == "moved" and moved["src"]["location"] == "0203"
    assert moved["dst"] == {"map": "Main Map", "x": 140, "y": 224, "location": "0304"}
    final = {p["id"]: p for p in doc["final"]["pieces"]}
    assert len(final) == 5
    r2 = final["1795998337137"]
    assert (r2["map"], r2["location"], r2["hex"], r2["stack"], r2["stack_index"]) == (
        "Dead Pile", "offboard", None, "1795998346001", 0)
    assert final["1795998336721"]["hex"] == "0405"
    b3 = final["1795998336926"]
    assert b3["name"] == "Blue Armor (reduced)" and b3["layers"] == {"Step": 2} and b3["moved"] is True
    assert doc["final"]["turn"] == {"Turn": "2", "Phase": "Blue Move"}


@pytest.mark.parametrize("name", ["all_actions", "k_undo", "m_continue_from_save", "g_dice"])
@pytest.mark.parametrize("as_json", [False, True])
def test_no_password_in_any_output(capsys, name, as_json):
    logs = shared_path("fixtures", "vassal", "logs")
    args = [logs / f"{name}.vlog", "--module", logs / "VlogTest.vmod"] + (["--json"] if as_json else [])
    rc, out, err = run(capsys, *args)
    assert rc == 0 and out
    for pw in PASSWORDS:
        assert pw not in out and pw not in err


def test_no_password_from_written_log(capsys, fixtures_dir):
    for extra in ([], ["--json"]):
        rc, out, err = run(capsys, fixtures_dir / "vassal-3.7.26-written.vlog", *extra)
        assert rc == 0
        assert "probe-pw" not in out + err


def test_chat_is_printed_as_typed_and_the_password_fields_are_not(tmp_path, capsys, fixtures_dir):
    """A player who types the password into the chat broadcast it to every player: modgen
    prints chat as typed (docs/security.md) and searches no text for passwords. What VASSAL
    itself never shows, the user id of the PLAYER line and of every M/ move, stays out."""
    src = fixtures_dir / "vassal-3.7.26-written.vlog"
    from modgen.vassal.archive import read_saved_game
    text = read_saved_game(src).text
    assert text.count("probe-pw") >= 2          # the PLAYER line and the M/ move
    text = text.replace("hello log", "my password is probe-pw")
    with zipfile.ZipFile(src) as z:
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w") as out:
            for info in z.infolist():
                data = text.encode("utf-8") if info.filename == "savedGame" else z.read(info)
                out.writestr(info.filename, data)
    p = tmp_path / "echo.vlog"
    p.write_bytes(buf.getvalue())
    rc, out, _ = run(capsys, p)
    assert rc == 0
    assert "chat tester: my password is probe-pw" in out
    assert out.count("probe-pw") == 1           # only where the player typed it
    rc, out, _ = run(capsys, p, "--json")
    doc = json.loads(out)
    chats = [e["text"] for s in doc["steps"] for e in s["events"] if e["kind"] == "chat"]
    assert "my password is probe-pw" in chats and out.count("probe-pw") == 1


def test_unusable_files_exit_2(tmp_path, capsys):
    rc, out, err = run(capsys, tmp_path / "missing.vlog")
    assert rc == 2 and "no such file" in err and out == ""
    bad = tmp_path / "bad.vlog"
    bad.write_bytes(b"not a zip at all")
    rc, out, err = run(capsys, bad)
    assert rc == 2 and "Traceback" not in err and out == ""
    nosave = tmp_path / "nosave.vlog"
    with zipfile.ZipFile(nosave, "w") as z:
        z.writestr("other", "x")
    rc, out, err = run(capsys, nosave)
    assert rc == 2 and "savedGame" in err
    garbage = tmp_path / "garbage.vlog"
    with zipfile.ZipFile(garbage, "w") as z:
        z.writestr("savedGame", "!VCSKzz")
    rc, out, err = run(capsys, garbage)
    assert rc == 2 and "Traceback" not in err


def test_unreadable_module_exits_2(tmp_path, capsys, fixtures_dir):
    bad = tmp_path / "bad.vmod"
    bad.write_bytes(b"PK but not really")
    rc, out, err = run(capsys, fixtures_dir / "vassal-3.7.26-written.vlog", "--module", bad)
    assert rc == 2 and out == "" and "Traceback" not in err


def test_odd_but_valid_logs_do_not_crash(tmp_path, capsys):
    """Commands for unknown pieces, stacks of unknown ids, a TURN for an unknown tracker."""
    text = "\x1b".join([
        "begin_save", "", "+/s1/stack/Main Map;1;2;nope;@@1", "end_save",
        "LOG\tM/ghost/Main Map/1/2/null/Main Map/3/4/null/pw-x",
        "LOG\tD/ghost/x/y", "LOG\t-/ghost", "LOG\tTURNTracker9\t0|1;0;false;-1",
        "LOG\tMutableProperty\tfoo\t\tbar\tModule", "LOG\tCHAT* something *",
    ])
    p = tmp_path / "odd.vlog"
    with zipfile.ZipFile(p, "w") as z:
        z.writestr("savedGame", text)
    rc, out, err = run(capsys, p)
    assert rc == 0, err
    assert "property foo = 'bar'" in out
    assert "report: * something *" in out
    assert "pw-x" not in out
