"""A normal install works: the wheel ships the code, templates and game data, and the installed
``modgen`` builds and checks from a folder outside the checkout (issue 9, item 1).

The wheel is built from a copy of the checkout (no build/ or egg-info left in it), installed into
a fresh virtual environment that sees the running interpreter's packages (PyYAML, Pillow, ... are
not downloaded again), and run from an empty folder with nothing of the checkout on its path.
"""
from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from conftest import ROOT

pytestmark = pytest.mark.slow

COPY_IGNORE = shutil.ignore_patterns(".git", "dist", "build", "*.egg-info", "__pycache__", ".pytest_cache",
                                     ".hypothesis", ".venv", "venv", "*.vmod")


def _setuptools_builds_wheels() -> bool:
    """Can this interpreter build a wheel without downloading anything (setuptools with
    bdist_wheel: the ``wheel`` package, or setuptools 70.1 and later)?"""
    if importlib.util.find_spec("setuptools") is None:
        return False
    if importlib.util.find_spec("wheel") is not None:
        return True
    import setuptools
    parts = tuple(int(p) for p in setuptools.__version__.split(".")[:2] if p.isdigit())
    return parts >= (70, 1)


def _run(cmd, cwd, env, timeout=300):
    return subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout)


def _clean_env() -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MODGEN_DATA", "PYTHONHOME")}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(venv python, venv bin folder, the wheel, a work folder outside the checkout)."""
    base = tmp_path_factory.mktemp("install")
    src = base / "src"
    shutil.copytree(ROOT, src, ignore=COPY_IGNORE)
    wheels = base / "wheels"
    env = _clean_env()
    cmd = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", wheels, src]
    if _setuptools_builds_wheels():
        cmd.insert(4, "--no-build-isolation")       # offline: the running interpreter's setuptools
    r = _run(cmd, base, env, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    wheel = next(wheels.glob("modgen-*.whl"))

    venv = base / "venv"
    r = _run([sys.executable, "-m", "venv", "--without-pip", venv], base, env)
    assert r.returncode == 0, r.stderr
    py = venv / "bin" / "python"
    # the new environment sees the running interpreter's packages (its dependencies and pip),
    # after its own site-packages: the modgen installed here comes first
    # (its site folders as this interpreter sees them: a venv's and, with system site packages,
    # the base's too; the checkout itself is not among them)
    site = _run([py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], base, env)
    parent = [p for p in sys.path if Path(p).name in ("site-packages", "dist-packages") and Path(p).is_dir()]
    parent += [p for p in (sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]) if p not in parent]
    Path(site.stdout.strip(), "parent-env.pth").write_text("\n".join(parent) + "\n")
    r = _run([py, "-m", "pip", "install", "-q", "--no-index", "--no-deps", wheel], base, env)
    assert r.returncode == 0, r.stdout + r.stderr
    work = base / "outside"
    work.mkdir()
    return py, venv / "bin", wheel, work, env


def test_wheel_ships_templates_data_and_docs(installed):
    _py, _bin, wheel, _work, _env = installed
    names = set(zipfile.ZipFile(wheel).namelist())
    for expected in ("modgen/data/games/italian-front.yaml", "modgen/data/maps/6-4.yaml",
                     "modgen/data/tables/der-weltkrieg/tec.yaml", "modgen/data/templates/buildFile.xml.j2",
                     "modgen/data/docs/declarations.md", "modgen/fonts/DejaVuSans.ttf"):
        assert expected in names, expected
    for folder in ("games", "counters", "maps", "scenarios", "tables"):
        shipped = {n for n in names if n.startswith(f"modgen/data/{folder}/")}
        in_checkout = {f"modgen/data/{p.relative_to(ROOT).as_posix()}" for p in (ROOT / folder).rglob("*")
                       if p.is_file() and "__pycache__" not in p.parts}
        assert shipped == in_checkout, folder        # every data file, nothing else


def test_installed_modgen_builds_and_checks_outside_the_checkout(installed, tmp_path):
    py, bindir, _wheel, work, env = installed
    modgen = bindir / "modgen"
    where = _run([py, "-c", "import modgen, modgen.paths as p; print(modgen.__file__); print(p.data_root())"],
                 work, env)
    module_file, data_root = where.stdout.split("\n")[:2]
    assert Path(module_file).is_relative_to(py.parent.parent), module_file        # the venv's copy
    assert Path(data_root).is_relative_to(py.parent.parent) and not Path(data_root).is_relative_to(ROOT)

    # a folder holding games/ is not a data folder by itself (item 8)
    (work / "games").mkdir(exist_ok=True)
    (work / "games" / "italian-front.yaml").write_text("not: a game\n")

    r = _run([modgen, "--version"], work, env)
    assert r.returncode == 0 and r.stdout.startswith("modgen ")
    r = _run([modgen, "validate", "italian-front"], work, env)
    assert r.returncode == 0, r.stderr
    assert "italian-front" in r.stdout and "OK" in r.stdout

    r = _run([modgen, "build", "italian-front", "-q", "-o", "it.vmod"], work, env)
    assert r.returncode == 0, r.stderr
    installed_vmod = (work / "it.vmod").read_bytes()
    # the same bytes as a build from the checkout: the wheel carries the same data and templates
    from modgen.cli import main
    assert main(["build", "italian-front", "-q", "-o", str(tmp_path / "ck.vmod")]) == 0
    assert hashlib.sha256(installed_vmod).hexdigest() == \
        hashlib.sha256((tmp_path / "ck.vmod").read_bytes()).hexdigest()

    # every game ships: Burning Mountains too, with its own help page (docs/ in the wheel)
    r = _run([modgen, "build", "burning-mountains", "-q", "-o", "bm.vmod"], work, env)
    assert r.returncode == 0, r.stderr
    assert main(["build", "burning-mountains", "-q", "-o", str(tmp_path / "bm.vmod")]) == 0
    assert (work / "bm.vmod").read_bytes() == (tmp_path / "bm.vmod").read_bytes()

    from modgen.model import load_game
    from modgen.testing import TestGame
    game = load_game("italian-front")
    t = TestGame(game, game.scenarios["if-1915-05"])
    t.move("ah-inf-x-96", "2018")          # an A-H unit moving in the Entente Movement Phase (6-3)
    t.next_phase()
    log = t.write(work / "game.vlog")
    r = _run([modgen, "check", log.name], work, env)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "[6-3]" in r.stdout and "Traceback" not in r.stderr
    r = _run([modgen, "check", log.name, "--module", "it.vmod", "--format", "json"], work, env)
    assert r.returncode == 1 and '"modgen-check"' in r.stdout, r.stderr
