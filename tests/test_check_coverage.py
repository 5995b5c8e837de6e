"""No false all-clear (issue 9, item 5): a check whose rules could not run says so in its headline,
exits 3, and its JSON says what was and was not checked."""
from __future__ import annotations

import json

import pytest

from modgen.check.coverage import EXIT_INCOMPLETE
from modgen.cli import main
from modgen.model import load_game
from modgen.model.types import GameDate
from modgen.testing import TestGame


@pytest.fixture(scope="module")
def game():
    return load_game("italian-front")


def test_a_log_with_no_unit_of_the_game_is_not_checked(game, tmp_path, capsys):
    # a log whose pieces the game data do not know (here: none at all), as from another module
    t = TestGame(game, None, setup=False)
    t.next_phase()
    p = t.write(tmp_path / "empty.vlog")
    assert main(["check", str(p)]) == EXIT_INCOMPLETE == 3
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[2].startswith("NOT CHECKED: every rule (no piece of the log is a unit of")
    assert "No rule violation found" not in out
    assert main(["check", str(p), "--format", "json"]) == 3
    d = json.loads(capsys.readouterr().out)
    assert d["exit_code"] == 3 and d["verdict"].startswith("NOT CHECKED")
    cov = d["coverage"]
    assert cov["status"] == "none" and cov["units"] == 0 and cov["rules_checked"] == []
    assert cov["not_checked"][0]["what"] == "every rule"
    assert main(["check", str(p), "--format", "html", "-o", str(tmp_path / "r.html")]) == 3
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert 'class="verdict incomplete">NOT CHECKED' in page


def test_an_unrecognised_scenario_is_an_incomplete_check(game, tmp_path, capsys):
    sc = game.scenarios["if-1915-05"]
    t = TestGame(game, sc)
    t.next_phase(2)
    p = t.write(tmp_path / "g.vlog")
    # with the scenario: complete, exit 0
    assert main(["check", str(p), "--scenario", sc.id, "--format", "json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["coverage"]["status"] == "complete" and d["coverage"]["units"] > 50
    assert "6-9" in d["coverage"]["rules_checked"] and d["coverage"]["not_checked"] == []
    assert d["verdict"] == "No rule violation found."
    # units on the map but no scenario to recognise: the rules run, the scenario's do not
    text = _check_text_without_scenario(game, tmp_path, capsys)
    assert text.splitlines()[2].startswith("No rule violation found in what was checked, but the check is "
                                           "INCOMPLETE: not checked: the set-up, the scenario's schedule")
    assert "give --scenario ID" in text
    assert text.rstrip().endswith(text.splitlines()[2])            # the summary repeats the verdict


def _check_text_without_scenario(game, tmp_path, capsys) -> str:
    """A log of units on the map with no scenario to recognise: no set-up, a turn that starts no
    scenario, no declaration."""
    t = TestGame(game, None, setup=False, date=GameDate(1915, 6, 3), phase="entente-movement")
    t.place("ah-inf-xx-3", "3318")
    t.place("it-inf-xx-6", "2122")
    t.move("it-inf-xx-6", "2222")
    p = t.write(tmp_path / "nosc.vlog")
    assert main(["check", str(p)]) == 3
    out = capsys.readouterr().out
    assert main(["check", str(p), "--format", "json"]) == 3
    d = json.loads(capsys.readouterr().out)
    cov = d["coverage"]
    assert cov["status"] == "partial" and cov["units"] == 2 and not cov["scenario_known"]
    assert [g["why"] for g in cov["not_checked"]] == ["scenario not recognised"]
    return out


def test_violations_still_exit_1_and_name_what_was_not_checked(game, tmp_path, capsys):
    t = TestGame(game, None, setup=False, date=GameDate(1915, 6, 3), phase="entente-movement")
    t.place("ah-inf-xx-3", "3318")
    t.move("ah-inf-xx-3", "3418")            # a Central Powers unit in the Entente Movement Phase
    p = t.write(tmp_path / "v.vlog")
    assert main(["check", str(p)]) == 1
    head = capsys.readouterr().out.splitlines()[2]
    assert head.startswith("1 rule violation found. Not checked: the set-up")


def test_another_system_gets_no_false_all_clear_either(game, tmp_path, capsys):
    """An Italian Front log given to the Burning Mountains rules holds no Burning Mountains unit:
    not checked, exit 3."""
    t = TestGame(game, game.scenarios["if-1915-05"])
    t.next_phase()
    p = t.write(tmp_path / "if.vlog")
    assert main(["check", str(p), "--game", "burning-mountains", "--format", "json"]) == 3
    d = json.loads(capsys.readouterr().out)
    assert d["coverage"]["status"] == "none" and d["verdict"].startswith("NOT CHECKED")
