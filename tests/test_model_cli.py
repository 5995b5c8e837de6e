"""``modgen validate``: exit codes, messages, no traceback."""
from __future__ import annotations

import shutil
from pathlib import Path

from modgen.cli import main

from conftest import ROOT

DATA = Path(__file__).parent / "data" / "model"


def test_validate_real_game(capsys):
    assert main(["validate", "--data", str(ROOT)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("italian-front ") and "counters" in out and "5 scenarios" in out


def test_validate_unknown_game(capsys):
    assert main(["validate", "nosuch", "--data", str(ROOT)]) == 2
    err = capsys.readouterr().err
    assert "games/nosuch.yaml: no such game 'nosuch'" in err and "Traceback" not in err


def test_validate_missing_data_folder(tmp_path, capsys):
    assert main(["validate", "--data", str(tmp_path)]) == 2
    assert "no games/ folder" in capsys.readouterr().err


def test_validate_broken_data_lists_every_error(tmp_path, capsys):
    root = tmp_path / "d"
    shutil.copytree(DATA / "mini", root)
    shutil.copytree(ROOT / "tables", root / "tables")
    shutil.copy(DATA / "broken" / "units-syntax-error.yaml", root / "counters" / "mini" / "units.yaml")
    shutil.copy(DATA / "broken" / "s1-bad-values.yaml", root / "scenarios" / "mini" / "s1.yaml")
    assert main(["validate", "mini", "--data", str(root)]) == 2
    err = capsys.readouterr().err
    lines = [ln for ln in err.splitlines() if not ln.startswith("warning:")]
    assert any(ln.startswith("counters/mini/units.yaml:") and "YAML syntax" in ln for ln in lines)
    assert any(ln.startswith("scenarios/mini/s1.yaml:4: first_turn:") for ln in lines)
    assert lines[-1].startswith("modgen: ") and "errors in the data of mini" in lines[-1]
    assert "Traceback" not in err


def test_validate_game_file_not_a_mapping(tmp_path, capsys):
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "x.yaml").write_text("- just\n- a list\n")
    assert main(["validate", "x", "--data", str(tmp_path)]) == 2
    assert "games/x.yaml:1: expected a mapping, got a list" in capsys.readouterr().err
