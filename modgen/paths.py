"""Where the game data and templates live.

The data folders (games/, counters/, maps/, scenarios/, tables/) and templates/ sit at the root of
the project checkout. ``MODGEN_DATA`` or ``--data DIR`` point elsewhere (a maintainer's own data).
"""
from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[1]


def data_root(explicit: str | os.PathLike[str] | None = None) -> Path:
    if explicit:
        return Path(explicit).resolve()
    env = os.environ.get("MODGEN_DATA")
    if env:
        return Path(env).resolve()
    cwd = Path.cwd()
    if (cwd / "games").is_dir():
        return cwd
    return PROJECT_ROOT


def templates_dir() -> Path:
    return PROJECT_ROOT / "templates"
