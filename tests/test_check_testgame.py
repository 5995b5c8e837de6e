"""The test-game builder writes logs shaped like VASSAL's (fixtures/vassal/logs README) and
deterministic bytes."""
from __future__ import annotations

import sys
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import check_game  # noqa: E402

from modgen.testing import TestGame  # noqa: E402
from modgen.vassal.commands import decode_tree, iter_preorder  # noqa: E402
from modgen.vassal.obfuscation import deobfuscate  # noqa: E402
from modgen.vassal.sequence import decode  # noqa: E402


def flatten(text: str) -> list[str]:
    return [n.token for n in iter_preorder(decode_tree(text)) if n.token]


def scripted() -> TestGame:
    g = check_game.game()
    t = TestGame(g, g.scenarios["if-test"])
    t.next_phase()
    t.move("ah-inf-xx-57", "3517")
    t.move("ah-inf-x-trieste", "3517")          # onto a unit: no new stack
    t.flip("ah-inf-xx-57")
    t.roll("2d6", [5, 2])
    t.chat("hello <world> & co")
    return t


def test_deterministic_bytes():
    assert scripted().to_bytes() == scripted().to_bytes()


def test_begin_state_and_step_shapes():
    t = scripted()
    top = decode(t.text(), "\x1b")
    assert top[0] == "begin_save" and top[1] == ""
    end = top.index("end_save")
    heads = [x.split("\t")[0] for x in top[3:end]]
    assert heads[:2] == ["PLAYER", "PLAYER"]
    assert "Main MapBoardPicker" in heads and heads[-1] == "TURNTurnTracker0"
    pieces = flatten(top[2])
    stacks = [i for i, c in enumerate(pieces) if "/stack/" in c]
    assert stacks and max(i for i, c in enumerate(pieces) if "/stack/" not in c) < min(stacks)
    steps = [[c[4:] for c in flatten(s)] for s in top[end + 1:]]
    assert steps[0][0].startswith("CHAT* * &lt;Tester&gt; Turn Updated from ")
    assert steps[0][1].startswith("TURNTurnTracker0\t")
    m = steps[1]
    assert m[0].startswith("M/") and m[0].split("/")[5] == "null" and m[0].endswith("/test-secret")
    assert m[1].startswith("+/") and "/stack/Main Map;" in m[1]
    assert m[2] == "CHAT* 57 Inf XX moves 3518 &rarr; 3517 *"
    onto = steps[2]
    assert onto[0].split("/")[5] != "null" and not any("/stack/" in c for c in onto)
    assert steps[3][0].startswith("D/") and "flipped to 57 Inf XX (reduced)" in steps[3][1]
    # fixtures/vassal/logs g_dice: the four DiceButton properties, old values before the first
    # roll "1", "0", "0", ""; the report in our module's format names the player and side
    assert steps[4] == ["CHAT*** 2d6 = 5,2 *** &lt;Tester (Central Powers)&gt;",
                        "MutableProperty\t2d6_result\t1\t5,2\tModule",
                        "MutableProperty\t2d6_total\t0\t7\tModule",
                        "MutableProperty\t2d6_keep\t0\t2\tModule",
                        "MutableProperty\t2d6_summary\t\t2 x1, 5 x1\tModule"]
    assert steps[5] == ["CHAT&lt;Tester&gt; - hello &lt;world&gt; &amp; co"]


def test_zip_entries_and_obfuscation(tmp_path):
    p = scripted().write(tmp_path / "g.vlog")
    with zipfile.ZipFile(p) as z:
        assert z.namelist() == ["savedGame", "savedata", "moduledata"]
        raw = z.read("savedGame")
        assert raw.startswith(b"!VCSK5a")
        assert deobfuscate(raw, "g")[0].startswith("begin_save\x1b")
        assert b"<name>Test Front</name>" in z.read("moduledata")
    from modgen.check.logread import read_log
    assert read_log(p).module_name == "Test Front"
