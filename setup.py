"""Build hook: a wheel (``pip install .``) ships the game data, the templates and the declarations
page inside the package, as ``modgen/data/``.

The data stay where maintainers edit them, at the root of the checkout (games/, counters/,
maps/, scenarios/, tables/, templates/, docs/declarations*.md); this copies them into the build
tree, so whatever the folders hold when the wheel is built is what it ships -- a new game or map
sheet needs no change here. An editable install (``pip install -e .``) copies nothing: modgen
then reads the checkout itself (``modgen/paths.py``). Everything else is in pyproject.toml.
"""
from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
#: folders copied whole into modgen/data/ (the data folders and the buildFile templates)
DATA_DIRS = ("games", "counters", "maps", "scenarios", "tables", "templates")
#: single files copied into modgen/data/ (relative to the checkout; glob patterns): the pages
#: modules copy into their help (docs/declarations.md, docs/declarations-<system>.md)
DATA_FILES = ("docs/declarations*.md",)
#: never shipped: editor and cache leftovers
IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", ".*", "*~", "*.orig", "*.rej")


class build_py_with_data(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return                      # an editable install reads the checkout itself
        target = Path(self.build_lib) / "modgen" / "data"
        if target.exists():             # a previous build's copy may hold deleted files
            shutil.rmtree(target)
        for name in DATA_DIRS:
            src = ROOT / name
            if src.is_dir():
                shutil.copytree(src, target / name, ignore=IGNORE)
        for pattern in DATA_FILES:
            for src in sorted(ROOT.glob(pattern)):
                if src.is_file():
                    rel = src.relative_to(ROOT)
                    (target / rel).parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(src, target / rel)

    def get_outputs(self, include_bytecode=True):
        outputs = list(super().get_outputs(include_bytecode))
        target = Path(self.build_lib) / "modgen" / "data"
        if target.is_dir() and not getattr(self, "editable_mode", False):
            outputs += [str(p) for p in sorted(target.rglob("*")) if p.is_file()]
        return outputs


setup(cmdclass={"build_py": build_py_with_data})
