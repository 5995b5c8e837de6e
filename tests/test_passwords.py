"""Passwords (issue 9 item 2): never in the output because never put there, and the output is
never searched for them.

VASSAL stores the player's password as the user id of ``PLAYER``/``PYREMOVE`` lines and of every
``M/`` move (``GameModule.getActiveUserId()``: PlayerRoster.java l. 285-298, MoveTracker.java
l. 67, BasicCommandEncoder.java l. 386 at tag 3.7.26). The old scrubber replaced the password in
the finished text: a password ``x`` turned ``(x,y)`` into ``(***,y)`` and renamed 550 JSON keys,
``,`` made the JSON invalid, ``name`` or ``step`` renamed keys.
"""
from __future__ import annotations

import json
import zipfile

import pytest

from conftest import shared_path
from modgen.cli import main
from modgen.vassal.commands import (AddPiece, BeginSave, Chat, EndSave, MovePiece, NullCommand,
                                    Player, Secret)
from modgen.vassal.traits import join_chain

ESC = "\x1b"


def run(capsys, *argv) -> tuple[int, str, str]:
    rc = main(["log", *map(str, argv)])
    out, err = capsys.readouterr()
    return rc, out, err


def test_almoravid_password_x_leaves_the_output_untouched(capsys):
    """The real Almoravid save: one player's password is ``x`` (so is both players' name)."""
    save = shared_path("fixtures", "vassal", "almoravid-3.6.13-scenario-A.vsav")
    from modgen.vassal.archive import read_saved_game
    from modgen.vassal.commands import parse_saved_game
    players = parse_saved_game(read_saved_game(save).text).players
    assert {p.user_id.reveal() for p in players} == {"x", "Peeptoom1ship"}
    rc, out, err = run(capsys, save)
    assert rc == 0 and err == ""
    assert "positions are map pixels (x,y), not hexes" in out
    assert "players: x (<observer>), x (<observer>)" in out
    assert "***" not in out and "Peeptoom1ship" not in out
    rc, out, err = run(capsys, save, "--json")
    assert rc == 0
    doc = json.loads(out)
    pieces = doc["final"]["pieces"]
    assert len(pieces) == 548 and all("x" in p and "y" in p for p in pieces)
    # 548 pieces' "x" keys and the two players named x: the 550 strings the scrubber renamed
    assert out.count('"x": ') == 548 and out.count('"name": "x"') == 2
    assert "***" not in out and "Peeptoom1ship" not in out


def _piece_type(name: str) -> tuple[str, str]:
    return join_chain([("mark;UnitId", name.split()[0]), ("piece;;;u.png;" + name, "Main Map;100;100;;0")])


def _save(password: str) -> str:
    """A log in which ``password`` is the user id of the roster, a move and a joining player;
    chat and names use the words a bad scrubber would hit."""
    t, s = _piece_type("1st Infantry")
    t2, s2 = _piece_type("2nd Infantry")
    initial = [BeginSave(), NullCommand(), AddPiece("p1", t, s), AddPiece("p2", t2, s2),
               Player(Secret(password), "Alice", "Blue"), EndSave()]
    steps = [
        [MovePiece("p1", "Main Map", 150, 100, None, "Main Map", 100, 100, None, Secret(password))],
        [Chat('&lt;Alice&gt; - name, step and "quotes", x y')],
        [Player(Secret(password * 2), "Bob", "Red")],   # a second player: a second user id
        [MovePiece("p2", "Main Map", 150, 100, "p1", "Main Map", 100, 100, None,
                   Secret(password * 2))],
    ]
    parts = [c.encode() for c in initial] + ["LOG\t" + ESC.join(c.encode() for c in st)
                                             for st in steps]
    # one step per top-level token: the steps' own ESCs are escaped one level
    return ESC.join(parts[:len(initial)] + [p.replace(ESC, "\\" + ESC) for p in parts[len(initial):]])


def _write(path, text: str):
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("savedGame", text)
    return path


@pytest.mark.parametrize("as_json", [False, True])
def test_any_password_gives_the_same_valid_output(tmp_path, capsys, monkeypatch, as_json):
    outs = {}
    for i, pw in enumerate([",", "name", "step", '"', "x", "Zq9-unique-pw", "\\", "Alice"]):
        d = tmp_path / str(i)
        d.mkdir()
        f = _write(d / "game.vlog", _save(pw))
        from modgen.vassal.archive import read_saved_game
        assert read_saved_game(f).text.count(pw) >= 3        # it is really in the file
        monkeypatch.chdir(d)   # the same file name everywhere: the outputs can be compared whole
        rc, out, err = run(capsys, "game.vlog", *(["--json"] if as_json else []))
        assert rc == 0 and err == ""
        outs[pw] = out
        if as_json:
            doc = json.loads(out)
            assert [s["step"] for s in doc["steps"]] == [1, 2, 3, 4]
            assert doc["final"]["players"] == [{"name": "Alice", "side": "Blue"},
                                               {"name": "Bob", "side": "Red"}]
    # byte-identical whatever the password: nothing of it reaches the output
    assert len(set(outs.values())) == 1
    out = outs[","]
    assert "Zq9-unique-pw" not in out
    if not as_json:
        assert "chat Alice: name, step and \"quotes\", x y" in out
        assert "1st Infantry moves (100,100) → (150,100)" in out
        assert "player Bob takes side Red" in out
