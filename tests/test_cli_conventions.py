"""The command line behaves as a command line should (issue 9, items 4, 7, 8, 9, 10): any console
encoding, a closed pipe, SIGTERM, the data folder, --version, -q/-v, help text, output paths."""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT
from modgen.cli import SUBCOMMANDS, build_parser, main
from modgen.model import load_game
from modgen.testing import TestGame


@pytest.fixture(scope="module")
def game():
    return load_game("italian-front")


@pytest.fixture(scope="module")
def logs(game, tmp_path_factory):
    """A short log with a violation and a long one (over a pipe's 64 KB of output)."""
    d = tmp_path_factory.mktemp("logs")
    sc = game.scenarios["if-1915-05"]
    t = TestGame(game, sc)
    t.move("ah-inf-x-96", "2018")            # 6-3: the finding's text has "2019→2018"
    t.next_phase()
    short = t.write(d / "short.vlog")
    t = TestGame(game, sc)
    for i in range(3000):
        t.chat(f"line {i} of a long game → with an arrow")
    long = t.write(d / "long.vlog")
    return short, long


def _env(**extra) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("MODGEN_DATA",)}
    env["PYTHONPATH"] = str(ROOT)
    env.update(extra)
    return env


def _modgen(*args, cwd=None, **env):
    return subprocess.run([sys.executable, "-m", "modgen", *map(str, args)], capture_output=True,
                          cwd=cwd, env=_env(**env), timeout=300)


# ------------------------------------------------------------------ item 4: stdout not UTF-8

@pytest.mark.parametrize("args", [
    ["check", "{short}"], ["check", "{short}", "--format", "json"], ["check", "{short}", "--format", "html"],
    ["log", "{short}"], ["log", "{short}", "--json"], ["validate"], ["build", "-o", "{tmp}/m.vmod"],
    ["check", "{tmp}/missing.vlog"], ["--help"], ["check", "--help"],
])
def test_every_command_works_on_a_cp1252_console(args, logs, tmp_path):
    short, _ = logs
    args = [a.format(short=short, tmp=tmp_path) for a in args]
    r = _modgen(*args, PYTHONIOENCODING="cp1252")
    assert b"Traceback" not in r.stderr and b"UnicodeEncodeError" not in r.stderr, r.stderr
    assert r.returncode in (0, 1, 2)
    if args[0] == "check" and "missing.vlog" not in args[-1] and "--help" not in args:
        assert r.returncode == 1
        if "--format" in args:                  # JSON and HTML: UTF-8 whatever the console
            text = r.stdout.decode("utf-8")
            assert "\u2192" in text
            if "json" in args:
                assert json.loads(text)["format"] == "modgen-check"
        else:                                   # text: the console's encoding, arrows spelled out
            text = r.stdout.decode("cp1252")
            assert "2019->2018" in text and "[6-3]" in text


# ------------------------------------------------------------------ item 9: a closed pipe

@pytest.mark.parametrize("json_out", [False, True])
def test_piping_into_head_ends_quietly(logs, json_out):
    _, long = logs
    cmd = [sys.executable, "-m", "modgen", "log", str(long)] + (["--json"] if json_out else [])
    for unbuffered in ("1", ""):
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env=_env(PYTHONUNBUFFERED=unbuffered))
        p.stdout.readline()                     # like head -1: read a line, then go away
        p.stdout.close()
        err = p.stderr.read()
        assert p.wait(timeout=120) == 141, err
        assert b"Traceback" not in err and b"BrokenPipe" not in err and b"Exception ignored" not in err


# ------------------------------------------------------------------ item 7: SIGTERM during a build

def _children(pid: int) -> list[int]:
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


def _start_build(out: Path):
    p = subprocess.Popen([sys.executable, "-m", "modgen", "build", "-o", str(out)], stderr=subprocess.PIPE,
                         env=_env())
    line = b""
    while b"art" not in line:                    # the art stage: the map worker is running
        line = p.stderr.readline()
        assert line, "the build ended before drawing"
    deadline = time.monotonic() + 10
    workers = []
    while not workers and time.monotonic() < deadline and len(os.sched_getaffinity(0)) > 1:
        workers = _children(p.pid)
        time.sleep(0.02)
    return p, workers


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc to see the worker")
def test_sigterm_during_a_build_leaves_no_worker_and_no_temporary_file(tmp_path):
    p, workers = _start_build(tmp_path / "m.vmod")
    p.send_signal(signal.SIGTERM)
    assert p.wait(timeout=60) == 143
    err = p.stderr.read()
    assert b"terminated" in err and b"Traceback" not in err
    # no module, no .m.vmod.XXXX.tmp (nor a temporary of the build cache, if it has a folder)
    assert [p.name for p in tmp_path.iterdir() if p.name != ".modgen-cache"] == []
    assert not [p for p in tmp_path.rglob("*") if p.name.endswith(".tmp")]
    deadline = time.monotonic() + 10
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(w) for w in workers), workers


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_the_map_worker_dies_with_its_parent(tmp_path):
    if len(os.sched_getaffinity(0)) < 2:
        pytest.skip("one core: the maps are drawn in the build process, there is no worker")
    p, workers = _start_build(tmp_path / "m.vmod")
    assert workers, "no map worker found"
    p.kill()                                             # no handler runs: only the kernel helps
    p.wait(timeout=60)
    deadline = time.monotonic() + 10
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(w) for w in workers), workers


# ------------------------------------------------------------------ item 8: the data folder

def test_a_folder_holding_games_is_not_the_data_folder(tmp_path, monkeypatch, capsys):
    from modgen import paths
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "other.yaml").write_text("id: other\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("MODGEN_DATA", raising=False)
    assert paths.data_root() == paths.installed_root() != tmp_path
    assert main(["validate", "italian-front", "-q"]) == 0
    capsys.readouterr()
    # the order: --data, then MODGEN_DATA, then the installed data
    monkeypatch.setenv("MODGEN_DATA", str(tmp_path))
    assert paths.data_root() == tmp_path.resolve()
    assert paths.data_root(ROOT) == ROOT.resolve()
    assert main(["validate", "italian-front"]) == 2
    assert "no such game 'italian-front' (known: other)" in capsys.readouterr().err
    assert main(["validate", "italian-front", "--data", str(ROOT)]) == 0


# ------------------------------------------------------------------ item 10: conventions

def test_version(capsys):
    from modgen import __version__
    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0 and capsys.readouterr().out.strip() == f"modgen {__version__}"
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert 'version = { attr = "modgen.__version__" }' in pyproject        # one place for it


@pytest.mark.parametrize("command", list(SUBCOMMANDS))
def test_every_command_takes_quiet_verbose_and_data_dir(command):
    parser = build_parser(command)
    sub = parser._subparsers._group_actions[0].choices[command]
    options = {o: a for a in sub._actions for o in a.option_strings}
    for opt in ("-q", "--quiet", "-v", "--verbose", "-h"):
        assert opt in options, (command, opt)
    for a in sub._actions:
        assert a.help, (command, a.option_strings or a.dest)        # every option says what it does
    if "--data" in options:
        assert options["--data"].metavar == "DIR"
    if command in ("validate", "build", "check", "import-setup"):     # the commands that read game data
        assert "--data" in options, command


def test_help_is_for_users(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    text = capsys.readouterr().out
    assert "``" not in text and "subcommand module" not in text and "modgen.cli" not in text
    assert "exit status" in text and "MODGEN_DATA" in text
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    text = capsys.readouterr().out
    assert re.search(r"--format \{text,json,html\}\s+\S", text)      # --format has a help line
    assert "3 no violation found, but the check was incomplete" in text.replace("\n", " ")


def test_quiet_and_verbose_do_something(logs, tmp_path, capsys):
    short, _ = logs
    assert main(["check", str(short), "-v"]) == 1
    err = capsys.readouterr().err
    assert "coverage complete" in err and "2/2 steps" in err
    assert main(["check", str(short), "-q"]) == 1
    assert capsys.readouterr().err == ""
    assert main(["build", "-v", "-o", str(tmp_path / "m.vmod")]) == 0
    assert re.search(r"modgen build: art\s+\d+\.\d+ s", capsys.readouterr().err)
    assert main(["validate", "-v"]) == 0
    assert "games/italian-front.yaml" in capsys.readouterr().err


def test_log_json_names_its_format(logs, capsys):
    short, _ = logs
    assert main(["log", str(short), "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert (d["format"], d["version"]) == ("modgen-log", 1)


def test_output_paths_and_inputs(logs, tmp_path, capsys):
    short, _ = logs
    missing = tmp_path / "nowhere" / "r.txt"
    assert main(["check", str(short), "-o", str(missing)]) == 2
    assert f"the folder {missing.parent} does not exist" in capsys.readouterr().err
    assert not missing.parent.exists()
    for cmd in (["log", str(tmp_path)], ["check", str(tmp_path)], ["log", str(short), "--module", str(tmp_path)],
                ["check", str(short), "--module", str(tmp_path)]):
        assert main(cmd) == 2, cmd
        err = capsys.readouterr().err
        assert f"{tmp_path}: is a directory" in err and "Traceback" not in err, (cmd, err)


def test_ci_runs_exactly_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```sh\n(.*?)\n```", readme, re.S)
    install, test = blocks[0], blocks[1]
    assert install == "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/modgen build italian-front"
    assert "venv" in test and "pytest" in test
    ci = (ROOT / ".ci" / "run").read_text()
    assert [line for line in ci.splitlines() if "pytest" in line and not line.startswith("#")] == [test]


def test_pyproject_metadata():
    import tomllib
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert meta["authors"] and meta["classifiers"] and meta["keywords"]
    # no licence is claimed that the repository does not state; PyPI refuses an upload meanwhile
    assert "license" not in meta and "Private :: Do Not Upload" in meta["classifiers"]
