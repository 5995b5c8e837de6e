"""Logs real VASSAL wrote while playing our modules, read by ``modgen log`` and ``modgen check``.

The fixtures (``tests/fixtures/vassal-written/``, README there: the VASSAL version, the module
build and the script of actions of each) were recorded with the harness of
``tools/vassal_harness``: VASSAL's own Begin/End Logfile, drops through its PieceMover, its dice
buttons, its turn tracker, text typed into its chat. The dice values are what VASSAL rolled.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from modgen.check.context import boards_for
from modgen.check.logread import OurModule
from modgen.cli import main
from modgen.model import load_game
from modgen.replay import replay
from modgen.replay.narrative import iter_narrative

FIX = Path(__file__).parent / "fixtures" / "vassal-written"

_GAMES: dict = {}


def game(gid):
    if gid not in _GAMES:
        _GAMES[gid] = load_game(gid)
    return _GAMES[gid]


class _ScenarioModule(OurModule):
    """Our module with the scenario's boards, as ``modgen log --module`` reads the built one."""

    def __init__(self, g, maps):
        super().__init__(g)
        self._boards = boards_for(g, maps)


def log_lines(name: str, gid: str, scenario: str) -> list[str]:
    """What ``modgen log --module <our module>`` prints for the fixture."""
    g = game(gid)
    tl = replay(str(FIX / name), _ScenarioModule(g, g.scenarios[scenario].maps))
    return list(iter_narrative(tl))


def cli_log(name: str, capsys, *args: str) -> list[str]:
    """``modgen log`` itself, no ``--module``: our module's view (the log's module is ours),
    laid out with the boards the log names."""
    capsys.readouterr()
    assert main(["log", str(FIX / name), "-q", *args]) == 0
    return capsys.readouterr().out.splitlines()


def check(name: str, capsys) -> tuple[int, dict]:
    capsys.readouterr()
    code = main(["check", str(FIX / name), "--format", "json"])
    return code, json.loads(capsys.readouterr().out)


def verdicts(js: dict) -> list[tuple]:
    return [(f["rule"], f["severity"], f["step"], f["hexes"]) for f in js["findings"]]


# ------------------------------------------------------------------ Italian Front, 3.7.26

def test_if_play1_a_legal_movement_phase(capsys):
    name = "if-play1-3.7.26.vlog"
    lines = log_lines(name, "italian-front", "if-1915-05")
    assert lines[0] == "begin: turn Entente Movement Phase / Turn 7 / May 1915; players: vharness (Entente)"
    steps = [ln.split(" | ", 3)[3] for ln in lines[1:-1]]
    assert steps == [
        "chat vharness: hello from vharness",
        "6 Inf XX moves 1820 → 1821",
        "6 Inf XX flipped to 6 Inf XX (reduced) (layer Step 1 → 2)",
        "1d6 = 5 (Entente)",                                   # as VASSAL's chat showed: "*** 1d6 = 5 ***"
        "2d6 = 5,5 (total 10) (Entente)",
        "turn Entente Movement Phase | Turn 7 | May 1915 → Entente Combat Phase | Turn 7 | May 1915",
    ]
    assert lines[-1] == "end: 60 pieces; turn Entente Combat Phase / Turn 7 / May 1915"
    assert any("2d6 = 5,5" in ln for ln in cli_log(name, capsys))
    code, js = check(name, capsys)
    assert (code, js["scenario"], js["steps"]) == (0, "if-1915-05", 6)
    assert js["scenario_basis"] == "set-up matches 100% of the printed list"
    # the flip in the Movement Phase has no cause the log shows (no combat): undetermined, never
    # a violation (checks/step_losses.py)
    assert verdicts(js) == [("13-21", "undetermined", 3, ["1821"])]
    assert "no combat (a Column Attack, 16)" in js["findings"][0]["missing"]


def test_if_play2_three_deliberate_mistakes(capsys):
    name = "if-play2-3.7.26.vlog"
    steps = [ln.split(" | ", 3)[3] for ln in log_lines(name, "italian-front", "if-1915-05")[1:-1]]
    assert steps == [
        "35 Inf XX moves 1722 → 1727",
        "1st HQ XXXX: SupplyPoints 5 → 4",
        "23 Inf XX moves Entente Reinforcements offboard → Main Map 2122 (onto 30 Inf XX)",
        "Ancna Inf X eliminated (Main Map 2121 → Eliminated)",
        "turn Entente Movement Phase | Turn 7 | May 1915 → Entente Combat Phase | Turn 7 | May 1915",
        "5Alp Mtn X moves 1818 → 1819",
        "2d6 = 1,5 (total 6) (Entente)",
    ]
    code, js = check(name, capsys)
    assert code == 1
    assert sorted(verdicts(js)) == sorted([
        ("6-9", "violation", 1, ["1722", "1727"]),       # five hexes with MA 4
        ("25-2", "violation", 3, ["2122"]),              # a reinforcement in the Movement Phase
        ("6-3", "violation", 6, ["1818", "1819"]),       # a move in the Combat Phase
        ("25-2", "undetermined", 3, ["2122"]),           # its arrival date is an event, not a date
        ("18-1", "undetermined", 5, ["2122"]),           # an SP spent with no declaration
        ("13-21", "undetermined", 4, ["2121"]),          # Ancna eliminated with no cause shown
    ])


def test_if_combat_declared_in_the_chat_and_rolled_by_the_1d6_button(capsys):
    name = "if-combat-3.7.26.vlog"
    steps = [ln.split(" | ", 3)[3] for ln in log_lines(name, "italian-front", "if-1915-05")[1:-1]]
    assert steps == [
        "turn Entente Movement Phase | Turn 7 | May 1915 → Entente Combat Phase | Turn 7 | May 1915",
        "chat vharness: !attack 2119 with 6Alp Mtn X supply 1st 1",
        "1d6 = 1 (Entente)",
        "1st HQ XXXX: SupplyPoints 5 → 4",
        "chat vharness: !counterattack 2119 none",
        "turn Entente Combat Phase | Turn 7 | May 1915 → Entente Replacement / Recombination Phase | Turn 7 | May 1915",
    ]
    code, js = check(name, capsys)
    assert code == 0 and js["findings"] == []
    [c] = js["combats"]
    text = json.dumps(c)
    # the declaration read from VASSAL's chat, the roll from VASSAL's 1d6 button, the SP spent
    # by the HQ's own menu command: the spend matches the supply clause (19-3, nothing flagged)
    assert c["target"] == "2119" and c["declared_step"] == 2 and c["attackers_known"]
    assert [a["unit"] for a in c["attackers"]] == ["it-mtn-x-6alp"]
    assert [d["unit"] for d in c["defenders"]] == ["ah-inf-x-181"]
    assert c["supply"] == [{"hq": "1st", "sp": 1, "for": [], "hq_piece": "1000031"}]
    assert c["attack_roll"] == {"step": 3, "button": "1d6", "values": [1], "total": 1,
                                "roller": "vharness", "side": "Entente"}
    assert c["counterattack"] is False and c["counter_roll"] is None
    # column 0: 6Alp's 1 SP less 1 for its supply line from 2122 (19-9), halved in mountain
    assert c["attack"]["columns"] == [0] and c["attack"]["results"] == [0]
    assert c["required_defender"] == [0] and c["losses"] == [] and "6Alp Mtn X" in text


# ------------------------------------------------------------------ Eastern Front, 3.7.26

def test_ef_moves_on_two_sheets_of_one_main_map(capsys):
    """ef-south-east-duration lays eight sheets in one Main Map; VASSAL names every hex
    SHEET:CCRR (the boards' locationFormat) and so do we."""
    name = "ef-two-sheets-3.7.26.vlog"
    lines = log_lines(name, "eastern-front", "ef-south-east-duration")
    moves = [ln.split(" | ", 3)[3] for ln in lines[1:-1] if "moves" in ln]
    assert moves == [
        "Trste Inf X moves 6-4:3419 → 6-4:3420",
        "44 Inf XX moves Central Powers Reinforcements offboard → Main Map 5-5:3609",
        "20 Inf XX moves Central Powers Reinforcements offboard → Main Map 5-5:3912",
        "44 Inf XX moves 5-5:3609 → 5-5:3608",
    ]
    # 31 presses of the tracker's Next between: Turn 3 to Turn 7 of August 1914, every phase
    turns = [ln for ln in lines if "| turn " in ln]
    assert len(turns) == 32
    assert turns[-1].endswith("Central Powers Reinforcement Arrival Phase | Turn 7 | August 1914 → "
                              "Central Powers Movement Phase | Turn 7 | August 1914")
    code, js = check(name, capsys)
    assert (code, js["scenario"], js["steps"]) == (1, "ef-south-east-duration", 36)
    # the two arrivals at the hexes 18-2 gives them (5-5:3609 Lemberg, 5-5:3912) and the move on
    # 5-5 are legal; the other three 7 August 1914 arrivals ("map 5-5") were left in the pool.
    # (The Trieste garrison's move on 6-4 is not judged: 17-3 is advisory in the scenario data.)
    assert [(f["rule"], f["severity"], f["step"], f["side"], [u["id"] for u in f["units"]])
            for f in js["findings"]] == [
        ("25-2", "violation", 35, "central-powers", ["ah-inf-x-103l"]),
        ("25-2", "violation", 35, "central-powers", ["ah-inf-x-36l"]),
        ("25-2", "violation", 35, "central-powers", ["ah-inf-x-97l"]),
    ]
    assert all("is due (map 5-5" in f["message"] and "on Turn 7 August 1914" in f["message"]
               for f in js["findings"])


def test_ef_one_sheet_scenario_of_a_several_sheet_game(capsys):
    """Romania August 1916 has 6-6 alone in the Main Map, yet VASSAL names it 6-6:CCRR (the
    board's own locationFormat): the checker names the hexes the same way."""
    name = "ef-romania-3.7.26.vlog"
    steps = [ln.split(" | ", 3)[3] for ln in log_lines(name, "eastern-front", "ef-romania-1916-08")[1:-1]]
    assert steps[:2] == [
        "13 Inf XX moves Entente Reinforcements offboard → Main Map 6-6:2603",
        "1 Rfl Inf XX moves Entente Reinforcements offboard → Main Map 6-6:2603 (onto 13 Inf XX)",
    ]
    code, js = check(name, capsys)
    assert code == 1
    # 13-2 brings the Russians to 2603 only after a serious Romanian reverse: none happened
    assert verdicts(js) == [("EF 13-2", "violation", 1, ["6-6:2603"]),
                            ("EF 13-2", "violation", 2, ["6-6:2603"])]


# ------------------------------------------------------------------ Burning Mountains, 3.7.26

def test_bm_gt1_to_gt2_with_the_combat_button(capsys):
    name = "bm-play-3.7.26.vlog"
    steps = [ln.split(" | ", 3)[3] for ln in log_lines(name, "burning-mountains", "bm-1916-05")[1:-1]]
    assert steps[:3] == [
        "chat vharness: !attack 2107 with K.J. 2, K.J. 3",
        "Combat = 2,2,3 (total 7) (Austro-Hungarian)",         # VASSAL: "CRT (dice 1+2) 2 + 2, TdP (die 3) 3"
        "Mantova Inf X flipped to Mantova Inf X (reduced) (layer Step 1 → 2)",
    ]
    assert "Treviso Inf X moves 2506 → 2507" in steps
    assert "2d6 = 5,1 (total 6) (Austro-Hungarian)" in steps
    # (the built module names the pool's box "GT 2"; our module, without the pool's regions, "offboard")
    assert "57 Inf X moves Austro-Hungarian Reinforcements offboard → Main Map 1801" in steps
    assert steps[-1] == "5 Inf X moves 1706 → 1707"
    assert sum("| turn GT" in ln or ln.startswith("turn GT") for ln in steps) == 7
    code, js = check(name, capsys)
    assert (code, js["scenario"], js["steps"]) == (0, "bm-1916-05", 15)
    [c] = js["combats"]
    text = json.dumps(c)
    # the Combat button's three dice as VASSAL rolled them: 2+2 on the CRT, 3 the TdP die
    assert "attack 8 (K.J. 2 Mtn III 4, K.J. 3 Mtn III 4) vs defence 4" in text
    assert "CRT dice 2+2 = 4" in text and "TdP die 3" in text
    # nothing is a violation; what rests on the placeholder TdP, and the VP track the player did
    # not move after the step loss (14.0: 10 objectives + 1 Italian step), is undetermined
    assert verdicts(js) == [("9.4.2", "undetermined", 4, ["2107"]),
                            ("9.4.2", "undetermined", 4, ["2107"]),
                            ("14.0", "undetermined", 15, [])]
    eog = js["end_of_game"]
    assert (eog["vp"], eog["objectives"], eog["italian_steps_eliminated"], eog["track"]) == (11, 10, 1, 10)


# ------------------------------------------------------------------ the same plays, 3.8.0-beta1

def test_every_fixture_was_written_by_the_vassal_its_name_gives():
    import zipfile
    names = sorted(p.name for p in FIX.glob("*.vlog"))
    assert len(names) == 9
    for name in names:
        version = name[:-len(".vlog")].rsplit("-", 2 if "beta" in name else 1)[1:]
        with zipfile.ZipFile(FIX / name) as z:
            assert f"<VassalVersion>{'-'.join(version)}</VassalVersion>".encode() in z.read("savedata"), name


def test_3_8_writes_the_log_format_3_7_writes():
    """3.8.0-beta1 still obfuscates the savedGame as !VCSK (3.7's format)."""
    import zipfile
    for name in ("ef-two-sheets", "bm-play", "if-combat"):
        with zipfile.ZipFile(FIX / f"{name}-3.8.0-beta1.vlog") as z:
            assert z.read("savedGame")[:5] == b"!VCSK"
            assert b"<VassalVersion>3.8.0-beta1</VassalVersion>" in z.read("savedata")


def test_3_8_ef_moves_on_two_sheets(capsys):
    name = "ef-two-sheets-3.8.0-beta1.vlog"
    lines = log_lines(name, "eastern-front", "ef-south-east-duration")
    moves = [ln.split(" | ", 3)[3] for ln in lines[1:-1] if "moves" in ln]
    assert moves == [
        "Trste Inf X moves 6-4:3419 → 6-4:3420",
        "44 Inf XX moves Central Powers Reinforcements offboard → Main Map 5-5:3609",
        "20 Inf XX moves Central Powers Reinforcements offboard → Main Map 5-5:3912",
        "44 Inf XX moves 5-5:3609 → 5-5:3608",
    ]
    # modgen log itself, no module: the 3.8 log's 36 steps, the same hexes
    cli = cli_log(name, capsys)
    assert sum(ln.startswith("step ") for ln in cli) == 36
    assert [ln.split(" | ", 3)[3] for ln in cli if "moves" in ln] == moves
    code, js = check(name, capsys)
    assert (code, js["steps"]) == (1, 36)
    assert [(f["rule"], f["step"], [u["id"] for u in f["units"]]) for f in js["findings"]] == [
        ("25-2", 35, ["ah-inf-x-103l"]), ("25-2", 35, ["ah-inf-x-36l"]), ("25-2", 35, ["ah-inf-x-97l"])]


def test_3_8_bm_combat_button(capsys):
    name = "bm-play-3.8.0-beta1.vlog"
    steps = [ln.split(" | ", 3)[3] for ln in log_lines(name, "burning-mountains", "bm-1916-05")[1:-1]]
    assert steps[1] == "Combat = 4,5,4 (total 13) (Austro-Hungarian)"    # "CRT (dice 1+2) 4 + 5, TdP (die 3) 4"
    assert "2d6 = 2,6 (total 8) (Austro-Hungarian)" in steps
    code, js = check(name, capsys)
    assert code == 0
    text = json.dumps(js["combats"])
    assert "CRT dice 4+5 = 9: -/R2 (placeholder CRT)" in text and "TdP die 4" in text
    # R2 on the placeholder CRT and Mantova stayed: undetermined, never a violation
    assert verdicts(js) == [("9.2", "undetermined", 4, ["2107"]),
                            ("9.4.2", "undetermined", 4, ["2107"]),
                            ("9.4.2", "undetermined", 4, ["2107"]),
                            ("14.0", "undetermined", 15, [])]


def test_3_8_if_combat(capsys):
    code, js = check("if-combat-3.8.0-beta1.vlog", capsys)
    assert code == 0 and js["findings"] == []
    [c] = js["combats"]
    assert c["attack_roll"]["values"] == [4] and c["attack_roll"]["button"] == "1d6"
    assert c["attack"]["columns"] == [0] and c["attack"]["results"] == [0] and c["losses"] == []


# ------------------------------------------------------------------ saves VASSAL wrote: import-setup

@pytest.mark.parametrize("save,scenario,added,others", [
    # one sheet (6-6) of a game of several: the data still write SHEET:CCRR
    ("ef-save-romania-3.7.26.vsav", "ef-romania-1916-08",
     [("ru-inf-xx-13", "6-6:1516"), ("ru-inf-xx-3cr", "6-6:1617")], 0),
    # eight sheets: a unit dragged onto 5-5, one onto 6-5; the twelve printed ones stay
    ("ef-save-south-east-3.7.26.vsav", "ef-south-east-duration",
     [("ah-inf-x-9le", "6-5:1204"), ("ah-inf-xx-44", "5-5:3609")], 12),
])
def test_import_setup_of_a_save_vassal_wrote(save, scenario, added, others, tmp_path, capsys):
    """The Eastern Front set-ups are to be completed by placing the units in VASSAL, saving and
    running import-setup: on these saves it wrote theatre-hex ids ('5255' for 6-6:1516, '-163'
    for 6-4:3423) and failed, for every Eastern Front scenario."""
    out = tmp_path / "new.yaml"
    capsys.readouterr()
    assert main(["import-setup", str(FIX / save), "--game", "eastern-front", "--scenario", scenario,
                 "-o", str(out)]) == 0
    text = capsys.readouterr().out
    assert f"{others} units where the list has them, 0 moved, {len(added)} added, 0 removed" in text
    written = out.read_text(encoding="utf-8")
    for cid, h in added:
        assert f"added    {cid} " in text and text.split(f"added    {cid} ", 1)[1].split("\n")[0].endswith(f"in {h}")
        assert f'{{counter: {cid}, hex: "{h}"}}' in written
    # the printed units keep their entries as they were
    if others:
        assert '{counter: ah-inf-x-112l, hex: "6-4:3423", line: 1766, note: "17-3: garrison of Pola"}' in written
    # (the hexes are VASSAL's own names for where the pieces were dropped: its chat said
    # "13 Inf XX moves offboard → 6-6:1516"; the tool loaded the edited file and read it back)


# ------------------------------------------------------------------ modgen log, no --module

#: fixture -> (game, scenario whose boards the built module's set-up lays out)
PLAYS = {
    "if-play1-3.7.26.vlog": ("italian-front", "if-1915-05"),
    "if-play2-3.7.26.vlog": ("italian-front", "if-1915-05"),
    "if-combat-3.7.26.vlog": ("italian-front", "if-1915-05"),
    "if-combat-3.8.0-beta1.vlog": ("italian-front", "if-1915-05"),
    "ef-two-sheets-3.7.26.vlog": ("eastern-front", "ef-south-east-duration"),
    "ef-two-sheets-3.8.0-beta1.vlog": ("eastern-front", "ef-south-east-duration"),
    "ef-romania-3.7.26.vlog": ("eastern-front", "ef-romania-1916-08"),
    "bm-play-3.7.26.vlog": ("burning-mountains", "bm-1916-05"),
    "bm-play-3.8.0-beta1.vlog": ("burning-mountains", "bm-1916-05"),
}


def test_every_play_is_listed():
    assert sorted(PLAYS) == sorted(p.name for p in FIX.glob("*.vlog"))


@pytest.mark.parametrize("name", sorted(PLAYS))
def test_log_without_module_reads_our_module_from_the_log(name, capsys):
    """No --module: the log's module name is one of our games, so ``modgen log`` replays with
    our module's view, on the boards the log's BoardPicker names (no scenario given), and
    prints what ``--module <the built module>`` prints (no pixels, no note)."""
    gid, scenario = PLAYS[name]
    lines = cli_log(name, capsys)
    assert lines == log_lines(name, gid, scenario)
    assert not any("(no --module given" in ln for ln in lines)


@pytest.mark.parametrize("name", sorted(n for n in PLAYS if "combat" not in n))   # (no drop)
def test_log_json_names_the_hexes_vassal_reported(name, capsys):
    """Every drop onto the Main Map: the destination ``modgen log --json`` names is the one in
    VASSAL's own move report of the same step ("* 13 Inf XX moves offboard → 6-6:2603 *")."""
    doc = json.loads("\n".join(cli_log(name, capsys, "--json")))
    assert doc["positions"] == "map pixels and location names"
    seen = 0
    for st in doc["steps"]:
        reports = [e["text"] for e in st["events"] if e["kind"] == "chat" and " moves " in e["text"]]
        for e in st["events"]:
            if e["kind"] == "moved" and e["dst"]["map"] == "Main Map":
                [rep] = [r for r in reports if r.startswith(f"* {e['name']} moves ")]
                assert rep.endswith(f"→ {e['dst']['location']} *"), (rep, e["dst"])
                seen += 1
    assert seen >= 1
    located = [p for p in doc["final"]["pieces"] if p["map"] == "Main Map"]
    assert located and all(p["hex"] and p["location"] != "offboard" for p in located)


def test_log_without_module_names_the_view_on_stderr(capsys):
    capsys.readouterr()
    assert main(["log", str(FIX / "ef-romania-3.7.26.vlog")]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[1] == ("step 1 | Entente Movement Phase / Turn 7 / August 1916 | Entente | "
                                   "13 Inf XX moves Entente Reinforcements offboard → Main Map 6-6:2603")
    [note] = err.splitlines()
    assert note.startswith("modgen log: module view: ours for eastern-front (The Eastern Front: 1914-1917 ")
    # the module that wrote the log is another build than today's data: both are named
    assert "the log's: 'The Eastern Front: 1914-1917' '0.1.0+43a794ba'" in note
    assert note.endswith("Main Map boards 6-6 (as the log lays them out)")
    assert main(["log", str(FIX / "ef-romania-3.7.26.vlog"), "-q"]) == 0
    assert capsys.readouterr().err == ""


def test_if_log_turn_names_and_hexes_without_module(capsys):
    lines = cli_log("if-play2-3.7.26.vlog", capsys)
    assert lines[0] == "begin: turn Entente Movement Phase / Turn 7 / May 1915; players: vharness (Entente)"
    assert lines[1] == "step 1 | Entente Movement Phase / Turn 7 / May 1915 | Entente | 35 Inf XX moves 1722 → 1727"


def _renamed(name: str, module_name: str, tmp_path) -> Path:
    """The fixture as if written with another module: its moduledata's name replaced."""
    import zipfile
    out = tmp_path / name
    with zipfile.ZipFile(FIX / name) as z, zipfile.ZipFile(out, "w") as w:
        for info in z.infolist():
            data = z.read(info)
            if info.filename == "moduledata":
                data = data.replace(b"<name>The Italian Front: 1915-1918</name>",
                                    f"<name>{module_name}</name>".encode())
                assert module_name.encode() in data
            w.writestr(info, data)
    return out


def test_log_of_a_foreign_module_stays_in_pixels(tmp_path, capsys):
    log = _renamed("if-play2-3.7.26.vlog", "Somebody Else's Game", tmp_path)
    capsys.readouterr()
    assert main(["log", str(log)]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0] == "(no --module given: positions are map pixels (x,y), not hexes)"
    assert lines[1] == "begin: turn 1915 #5 #7 #6; players: vharness (Entente)"
    assert lines[2].endswith("| 35 Inf XX moves (448,760) → (448,1080)")
    assert err == ""
    # --game names the view for it
    capsys.readouterr()
    assert main(["log", str(log), "--game", "italian-front", "-q"]) == 0
    assert capsys.readouterr().out.splitlines()[1].endswith("| 35 Inf XX moves 1722 → 1727")


def test_log_reads_the_game_from_the_data_folder_given(tmp_path, capsys):
    """--data: a data folder without the Italian Front knows no module of that name: pixels."""
    (tmp_path / "games").mkdir()
    capsys.readouterr()
    assert main(["log", str(FIX / "if-play2-3.7.26.vlog"), "--data", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines()[0].startswith("(no --module given")


def test_shared_foreign_logs_stay_in_pixels(capsys):
    from conftest import shared_path
    logs = sorted(shared_path("fixtures", "vassal", "logs").glob("*.vlog"))
    assert logs
    for log in logs:
        capsys.readouterr()
        assert main(["log", str(log)]) == 0, log
        out, err = capsys.readouterr()
        assert out.startswith("(no --module given: positions are map pixels (x,y), not hexes)\n"), log
        assert err == ""


def test_check_places_hexes_on_the_boards_the_log_names(capsys):
    """Romania on 6-6 alone, checked as a scenario of eight sheets (--scenario
    ef-south-east-duration): the hexes are still where the log's BoardPicker put 6-6, not on
    4-5N (the scenario's first sheet, where the 6-6 pixels would fall)."""
    capsys.readouterr()
    main(["check", str(FIX / "ef-romania-3.7.26.vlog"), "--scenario", "ef-south-east-duration",
          "--format", "json"])
    js = json.loads(capsys.readouterr().out)
    hexes = {h for f in js["findings"] for h in f["hexes"]}
    assert hexes == {"6-6:2603"}
