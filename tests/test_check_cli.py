"""``modgen check`` end to end on the Italian Front data: recognition, exit codes, formats,
password never printed, all-or-nothing output."""
from __future__ import annotations

import json

import pytest

from modgen.cli import main
from modgen.testing import TestGame
from modgen.model import load_game
from modgen.model.types import GameDate


@pytest.fixture(scope="module")
def game():
    return load_game("italian-front")


def scripted(game, tmp_path, illegal: bool, *, scenario_decl: bool = False, name="g.vlog"):
    sc = game.scenarios["if-1915-05"]
    t = TestGame(game, sc, password="hunter2-secret")
    if scenario_decl:
        t.declare("!scenario if-1915-05")
    if illegal:
        t.move("ah-inf-x-96", "2018")        # an A-H unit in the Entente Movement Phase (6-3)
    t.next_phase(3)                          # to Turn 1 June 1915 ... (Special Turn first)
    return t.write(tmp_path / name)


def test_legal_game_exit_0(game, tmp_path, capsys):
    p = scripted(game, tmp_path, illegal=False)
    assert main(["check", str(p)]) == 0
    out = capsys.readouterr().out
    assert "scenario if-1915-05 (set-up matches 100% of the printed list)" in out
    assert "No rule violation found." in out


def test_illegal_game_exit_1_json(game, tmp_path, capsys):
    p = scripted(game, tmp_path, illegal=True)
    assert main(["check", str(p), "--format", "json"]) == 1
    out = capsys.readouterr()
    d = json.loads(out.out)
    v = [f for f in d["findings"] if f["severity"] == "violation"]
    assert [(f["rule"], f["step"]) for f in v] == [("6-3", 1)]
    assert v[0]["side"] == "central-powers" and v[0]["hexes"] == ["2019", "2018"]
    assert "hunter2-secret" not in out.out + out.err


def test_html_report_to_file_with_map_picture(game, tmp_path, capsys):
    p = scripted(game, tmp_path, illegal=True)
    out = tmp_path / "r.html"
    assert main(["check", str(p), "--format", "html", "-o", str(out)]) == 1
    page = out.read_text(encoding="utf-8")
    assert "data:image/png;base64," in page and "[6-3]" in page
    assert "hunter2-secret" not in page
    assert capsys.readouterr().out == ""


def test_scenario_by_declaration_and_option(game, tmp_path, capsys):
    p = scripted(game, tmp_path, illegal=False, scenario_decl=True)
    assert main(["check", str(p), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["scenario_basis"] == "!scenario declaration in the chat"
    assert main(["check", str(p), "--scenario", "if-1915-05", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["scenario_basis"] == "given with --scenario"


def test_unusable_input_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.vlog"
    bad.write_bytes(b"junk")
    out = tmp_path / "r.txt"
    assert main(["check", str(bad), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "bad.vlog" in err and "Traceback" not in err
    assert not out.exists()                          # no partial output
    assert main(["check", str(tmp_path / "missing.vlog")]) == 2


def test_unknown_scenario_option_exit_2(game, tmp_path, capsys):
    p = scripted(game, tmp_path, illegal=False)
    assert main(["check", str(p), "--scenario", "nope"]) == 2
    assert "no scenario 'nope'" in capsys.readouterr().err


def test_german_unit_into_italy_real_data(game, tmp_path, capsys):
    sc = game.scenarios["if-1915-05"]
    assert game.counters["ge-mtn-x-1alpk"].nation == "germany"
    t = TestGame(game, sc)
    t.advance_to(GameDate(1915, 6, 1), "cp-movement")
    start = next(p.hex for p in sc.setup if p.counter == "ge-mtn-x-1alpk")
    italy = min((h for h, info in game.maps["6-4"].hexes.items() if info.country == "italy"),
                key=lambda h: (h.distance(start), h))
    step = t.move("ge-mtn-x-1alpk", italy)
    p = t.write(tmp_path / "de.vlog")
    assert main(["check", str(p), "--format", "json"]) == 1
    d = json.loads(capsys.readouterr().out)
    hits = [f for f in d["findings"] if f["rule"] == "IF 3-9"]
    assert len(hits) == 1 and hits[0]["step"] == step and str(italy) in hits[0]["message"]


def test_foreign_module_logs_give_no_false_alarm(capsys):
    from conftest import shared_path
    logs = sorted(shared_path("fixtures", "vassal", "logs").glob("*.vlog"))
    assert len(logs) == 15
    for p in logs:
        # no false alarm, and no false all-clear either: nothing of this game was checked (exit 3)
        assert main(["check", str(p), "--format", "json"]) == 3, p.name
        d = json.loads(capsys.readouterr().out)
        assert d["summary"]["total"]["violation"] == 0
        assert d["coverage"]["status"] == "none" and d["coverage"]["units"] == 0
        assert d["verdict"].startswith("NOT CHECKED") and "module 'VlogTest'" in d["verdict"]
        assert "blue-secret" not in json.dumps(d)
    assert main(["check", str(logs[0])]) == 3
    text = capsys.readouterr().out
    assert text.splitlines()[2].startswith("NOT CHECKED: every rule")          # the headline
    assert "No rule violation found" not in text


def test_progress_on_long_logs(game, tmp_path, capsys):
    t = TestGame(game, game.scenarios["if-1915-05"])
    for i in range(2100):
        t.chat(f"line {i}")
    p = t.write(tmp_path / "long.vlog")
    assert main(["check", str(p)]) == 0
    err = capsys.readouterr().err
    assert "modgen check: 1000/2100 steps" in err and "2100/2100" in err
    assert main(["check", str(p), "--quiet"]) == 0
    assert capsys.readouterr().err == ""


def test_set_up_recognised_on_the_boards_the_log_lays_out(tmp_path):
    """The set-up is matched on the boards the log's BoardPicker lays out (as the check then reads
    the hexes), not on the scenario's own left-to-right order: a South and East Front game whose
    players laid the eight sheets out in the reverse order is still recognised by its set-up."""
    from modgen.check.cli import check_file, recognise_scenario
    from modgen.check.context import boards_for
    from modgen.check.logread import log_boards, read_log
    ef = load_game("eastern-front")
    sc = ef.scenarios["ef-south-east-duration"]
    t = TestGame(ef, sc, setup=False)
    t.maps = tuple(reversed(sc.maps))
    t.boards = boards_for(ef, t.maps)
    placed = [p for p in sc.setup if p.hex is not None]
    assert len(placed) >= 10
    for p in placed:
        t.place(p.counter, p.hex)
    path = t.write(tmp_path / "reversed.vlog")
    report, _g, found = check_file(str(path), game_id="eastern-front")
    assert found is sc
    assert report.scenario_basis == "set-up matches 100% of the printed list"
    # on the scenario's own layout the same pieces stand on other hexes: not recognised so
    log = read_log(path)
    assert recognise_scenario(log, ef, None)[0] is not sc
    assert recognise_scenario(log, ef, None, log_boards(ef, log.saved))[0] is sc
