"""Where the game data, the templates and the shipped documents live.

The data folder (games/, counters/, maps/, scenarios/, tables/) is chosen in this order, and
only so (the current folder is never used by itself, whatever it holds):

1. ``--data DIR`` (the ``explicit`` argument);
2. the ``MODGEN_DATA`` environment variable;
3. the data installed with modgen: ``modgen/data/`` inside the installed package (a wheel or
   ``pip install .`` copies the checkout's folders there, see setup.py), else the checkout this
   package runs from (an editable install or ``python3 -m modgen`` in a checkout).

Templates (``templates/``) and the declarations page (``docs/declarations.md``, copied into the
module's help page) are found the same way: in ``modgen/data/`` when installed, else in the
checkout.
"""
from __future__ import annotations

import os
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
PROJECT_ROOT = PACKAGE_DIR.parent
#: where a wheel puts the data, templates and documents (``setup.py`` copies them there)
INSTALLED_DATA = PACKAGE_DIR / "data"

DATA_FOLDERS = ("games", "counters", "maps", "scenarios", "tables")


def installed_root() -> Path:
    """The data installed with modgen: the package's ``data/`` folder, else the checkout."""
    if (INSTALLED_DATA / "games").is_dir():
        return INSTALLED_DATA
    return PROJECT_ROOT


def data_root(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The data folder: ``explicit`` (``--data``), else ``$MODGEN_DATA``, else the installed data."""
    if explicit:
        return Path(explicit).resolve()
    env = os.environ.get("MODGEN_DATA")
    if env:
        return Path(env).resolve()
    return installed_root()


def data_root_origin(explicit: str | os.PathLike[str] | None = None) -> str:
    """How :func:`data_root` chose (for messages): ``--data``, ``MODGEN_DATA`` or ``installed``."""
    if explicit:
        return "--data"
    if os.environ.get("MODGEN_DATA"):
        return "MODGEN_DATA"
    return "installed"


def _resource(*parts: str) -> Path:
    installed = INSTALLED_DATA.joinpath(*parts)
    return installed if installed.exists() else PROJECT_ROOT.joinpath(*parts)


def templates_dir() -> Path:
    return _resource("templates")


def declarations_doc() -> Path:
    """docs/declarations.md: the chat grammar, copied into the module's help page."""
    return _resource("docs", "declarations.md")


def shipped_doc(name: str) -> Path:
    """A page of docs/ that modules copy (``declarations*.md``; setup.py ships them)."""
    return _resource("docs", name)
