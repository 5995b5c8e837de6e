"""``modgen dice``: rolls read as VASSAL printed them, statistics, Undo, reports, errors."""
from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from modgen.testing import TestGame
from modgen.cli import main
from modgen.errors import ModgenError
from modgen.model import load_game
from modgen.tools import dice
from modgen.tools.stats import chi2_sf, chi_square, gammaincc

from conftest import shared_path


# --------------------------------------------------------------------------- the statistics

def test_chi_square_p_values_match_the_tables():
    # the 5 % critical values printed in every chi-square table
    for x2, dof in ((3.841459, 1), (5.991465, 2), (11.070498, 5), (18.307038, 10),
                    (43.772972, 30)):
        assert chi2_sf(x2, dof) == pytest.approx(0.05, abs=1e-6)
    assert chi2_sf(6.634897, 1) == pytest.approx(0.01, abs=1e-6)
    # two degrees of freedom have a closed form: exp(-x/2)
    for x in (0.1, 1.0, 4.0, 30.0):
        assert chi2_sf(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-10)
    assert chi2_sf(0.0, 5) == 1.0
    assert chi2_sf(500.0, 5) < 1e-100
    assert gammaincc(1.0, 2.0) == pytest.approx(math.exp(-2.0), rel=1e-12)


def test_chi_square_statistic():
    x2, dof, p = chi_square([10, 10, 10, 10, 10, 10], [10.0] * 6)
    assert (x2, dof, p) == (0.0, 5, 1.0)
    x2, dof, p = chi_square([20, 5, 5, 10, 10, 10], [10.0] * 6)
    assert x2 == pytest.approx((100 + 25 + 25) / 10) and dof == 5
    assert p == pytest.approx(chi2_sf(15.0, 5))


def test_two_dice_total_distribution():
    d = dice.Die(2, 6).total_distribution()
    assert list(d) == list(range(2, 13))
    assert d[7] == pytest.approx(6 / 36) and d[2] == pytest.approx(1 / 36)
    assert sum(d.values()) == pytest.approx(1.0)
    assert dice.Die(2, 6).mean_total == 7.0


# --------------------------------------------------------------------------- VASSAL's logs

def _printed_rolls(expected: dict) -> list[tuple[int, str, tuple[int, ...], int]]:
    out = []
    for a in expected["actions"]:
        for k, v in (a.get("dice") or {}).items():
            if k.endswith("_result"):
                button = k[: -len("_result")]
                out.append((a["steps"][0], button, tuple(int(x) for x in v.split(",")),
                            int(a["dice"][f"{button}_total"])))
    return out


def test_rolls_match_what_vassal_printed():
    logs = shared_path("fixtures", "vassal", "logs")
    with_dice = 0
    for exp_file in sorted(logs.glob("*.expected.json")):
        expected = json.loads(exp_file.read_text(encoding="utf-8"))
        log = logs / expected["log"]
        printed = _printed_rolls(expected)
        if not printed:
            with pytest.raises(ModgenError, match="no dice rolls"):
                dice.read_rolls(log)
            continue
        with_dice += 1
        rolls = dice.read_rolls(log)
        assert [(r.step, r.button, r.values, r.total) for r in rolls] == printed, log.name
        assert {r.who for r in rolls} == {expected["user"]["playerName"]}
        assert all(r.source == "property" and r.undone_by is None for r in rolls)
    assert with_dice == 4


def test_campaign_counts_over_the_fixture_logs(capsys):
    logs = shared_path("fixtures", "vassal", "logs")
    names = ["g_dice", "all_actions", "m_continue_from_save", "n_continue_after_replay"]
    printed = []
    for n in names:
        printed += _printed_rolls(json.loads((logs / f"{n}.expected.json").read_text()))
    assert main(["dice", *[str(logs / f"{n}.vlog") for n in names], "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rolls"] == len(printed) == 6
    by_button = {g["button"]: g for g in out["groups"]}
    for button in ("1d6", "2d6"):
        mine = [p for p in printed if p[1] == button]
        g = by_button[button]
        assert g["player"] == "BluePlayer" and g["rolls"] == len(mine)
        faces = [v for p in mine for v in p[2]]
        assert g["faces"] == {str(f): faces.count(f) for f in range(1, 7)}
        assert g["mean"] == pytest.approx(sum(p[3] for p in mine) / len(mine))
        assert g["faces_test"]["p"] is None and "too few rolls" in g["faces_test"]["note"]
    assert "blue-secret" not in json.dumps(out)


# --------------------------------------------------------------------------- our own logs

@pytest.fixture(scope="module")
def game():
    return load_game("italian-front")


def _undo_roll(g: TestGame, button: str, values: list[int]) -> int:
    """VASSAL's Undo of a roll: the property changes inverted (ChangePropertyCommand's undo),
    inside UNDO true … UNDO false."""
    result = ",".join(map(str, values))
    return g._step(["UNDO\ttrue", f"CHAT* UNDO: *** {button} = {result} ***",
                    f"MutableProperty\t{button}_total\t{sum(values)}\t0\tModule",
                    f"MutableProperty\t{button}_result\t{result}\t1\tModule",
                    "UNDO\tfalse"])


def test_project_log_statistics_undo_and_reroll(game, tmp_path, capsys):
    g = TestGame(game, game.scenarios["if-1915-05"], player="Anna")
    # 60 rolls of 1d6: each face 10 times except 1 (5) and 6 (15), the last four 6s in a run
    faces = [1] * 5 + [2] * 10 + [3] * 10 + [4] * 10 + [5] * 10 + [6] * 11
    order = [faces[(i * 5) % len(faces)] for i in range(len(faces))]   # a fixed shuffle
    for v in order:
        g.roll("1d6", [v])
    for _ in range(4):
        g.roll("1d6", [6])
    undone = g.roll("2d6", [1, 1])
    undo = _undo_roll(g, "2d6", [1, 1])
    reroll = g.roll("2d6", [6, 5])
    g._step(["CHAT*** 2d6 = 3,4 *** &lt;Anna&gt;"])          # a report without properties
    a = g.write(tmp_path / "anna.vlog")
    h = TestGame(game, game.scenarios["if-1915-05"], player="Bruno")
    h.roll("1d6", [3])
    h.roll("1d6", [3])
    b = h.write(tmp_path / "bruno.vlog")

    rolls = dice.read_rolls(a)
    assert len(rolls) == 56 + 4 + 3                          # the Undo step is not a roll
    r2 = [r for r in rolls if r.button == "2d6"]
    assert [(r.step, r.values, r.undone_by, r.source) for r in r2] == [
        (undone, (1, 1), undo, "property"), (reroll, (6, 5), None, "property"),
        (reroll + 1, (3, 4), None, "chat")]
    assert r2[0].reroll is r2[1]

    assert main(["dice", str(a), str(b), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    groups = {(x["player"], x["button"]): x for x in out["groups"]}
    assert set(groups) == {("Anna", "1d6"), ("Bruno", "1d6"), ("all players", "1d6"),
                           ("Anna", "2d6")}
    anna = groups[("Anna", "1d6")]
    assert anna["rolls"] == 60 and anna["faces"] == {"1": 5, "2": 10, "3": 10, "4": 10,
                                                      "5": 10, "6": 15}
    x2 = sum((o - 10) ** 2 / 10 for o in (5, 10, 10, 10, 10, 15))
    assert x2 == 5.0
    assert anna["faces_test"]["chi2"] == pytest.approx(x2)
    assert anna["faces_test"]["p"] == pytest.approx(chi2_sf(x2, 5))
    assert anna["runs"]["same"]["length"] >= 4 and anna["runs"]["same"]["total"] == 6
    assert anna["mean"] == pytest.approx((5 + 20 + 30 + 40 + 50 + 90) / 60)
    assert groups[("all players", "1d6")]["rolls"] == 62
    assert groups[("Bruno", "1d6")]["runs"]["same"] == {
        "length": 2, "total": 3, "from": "bruno.vlog step 1", "to": "bruno.vlog step 2"}
    assert groups[("Anna", "2d6")]["totals"]["2"] == 1
    assert "too few rolls" in groups[("Anna", "2d6")]["totals_test"]["note"]
    assert out["undone"] == [{"log": "anna.vlog", "step": undone, "player": "Anna",
                              "button": "2d6", "values": [1, 1], "total": 2, "undone_by": undo,
                              "reroll": {"step": reroll, "values": [6, 5], "total": 11}}]

    assert main(["dice", str(a), str(b)]) == 0
    text = capsys.readouterr().out
    assert "Anna — 1d6: 60 rolls (60 dice)" in text
    assert f"anna.vlog step {undone}: Anna 2d6 = 1,1, undone by step {undo}; re-rolled at step {reroll}: 6,5" in text
    assert "p = " in text and "test-secret" not in text


def test_html_report_draws_the_distributions(game, tmp_path):
    g = TestGame(game, game.scenarios["if-1915-05"], player="<b>Anna</b>")
    for v in (1, 2, 3, 4, 5, 6, 6):
        g.roll("2d6", [v, 7 - v if v < 6 else 6])
    log = g.write(tmp_path / "x.vlog")
    out = tmp_path / "dice.html"
    assert main(["dice", str(log), "--format", "html", "-o", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert page.count('src="data:image/png;base64,') == 2          # each die, and the totals
    assert "&lt;b&gt;Anna&lt;/b&gt;" in page and "<b>Anna</b>" not in page
    import base64
    import io
    from PIL import Image
    b64 = page.split('src="data:image/png;base64,')[1].split('"')[0]
    img = Image.open(io.BytesIO(base64.b64decode(b64)))
    assert img.size[0] > 200 and img.size[1] == 240
    # six bars are drawn in the bar colour
    assert (70, 110, 180) in {c for _, c in img.convert("RGB").getcolors(1 << 16)}


def test_errors_name_the_file_and_write_nothing(game, tmp_path, capsys):
    g = TestGame(game, game.scenarios["if-1915-05"])
    g.chat("no dice here")
    quiet = g.write(tmp_path / "quiet.vlog")
    rolled = TestGame(game, game.scenarios["if-1915-05"])
    rolled.roll("1d6", [4])
    ok = rolled.write(tmp_path / "ok.vlog")
    text = tmp_path / "notes.txt"
    text.write_text("not a log")
    out = tmp_path / "report.json"
    for bad, what in ((quiet, "no dice rolls"), (text, "quiet"), (tmp_path / "gone.vlog", "")):
        assert main(["dice", str(ok), str(bad), "--json", "-o", str(out)]) == 2
        cap = capsys.readouterr()
        assert cap.out == "" and "Traceback" not in cap.err
        assert len(cap.err.strip().splitlines()) == 1 and str(bad) in cap.err
        if what and what != "quiet":
            assert what in cap.err
        assert not out.exists()
