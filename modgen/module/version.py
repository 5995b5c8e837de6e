"""The module's version: the game's version, the data's hash and the generator's.

``Game.version`` (``modgen.model.load``) is the game file's ``version`` plus a hash of every data
file the game reads ("0.1.0+d3629534"): two builds of the same data carry the same version. The
module built from them depends on modgen's code as well (the art, the pieces, the templates, the
help page), so the version VASSAL shows and compares (``GameModule`` ``version``, the
``moduledata`` and every set-up's ``savedata``) adds a hash of what generated it:
"0.1.0+d3629534.g1f2e3d4c". A module rebuilt by another modgen is then told apart in VASSAL
(which warns when a save's module version is not the module's), while the same data and the same
modgen give the same version, and the same bytes, on every machine and in every install.

What the generator hash covers: modgen's Python sources and fonts (the package, without the
data a wheel ships in ``modgen/data/``), the buildFile templates and the pages the help copies
(``docs/declarations*.md``), each by its path relative to where it is found (the checkout or the
installed package) and its bytes. Interpreter and library versions are not in it: they cannot
change what the module says, only (for the PNG encoder) how its images are compressed.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

from ..model.types import Game
from ..paths import PACKAGE_DIR, shipped_doc, templates_dir

_GENERATOR: str | None = None


def _files(base: Path, suffixes: tuple[str, ...] | None = None, skip: tuple[str, ...] = ()) -> list[Path]:
    if not base.is_dir():
        return []
    out = []
    for p in base.rglob("*"):
        rel = p.relative_to(base)
        if not p.is_file() or any(part.startswith(".") or part == "__pycache__" for part in rel.parts):
            continue
        if rel.parts[0] in skip:
            continue
        if suffixes is not None and p.suffix not in suffixes and rel.parts[0] != "fonts":
            continue
        out.append(p)
    return sorted(out, key=lambda p: p.relative_to(base).as_posix())


def generator_digest() -> str:
    """Eight hex digits of the hash of modgen's code, fonts, templates and help pages."""
    global _GENERATOR
    if _GENERATOR is None:
        h = hashlib.sha256(b"modgen generator\0")
        groups = (("package", PACKAGE_DIR, _files(PACKAGE_DIR, (".py",), skip=("data",))),
                  ("templates", templates_dir(), _files(templates_dir())))
        for name, base, files in groups:
            for p in files:
                h.update(f"{name}/{p.relative_to(base).as_posix()}\0".encode())
                h.update(hashlib.sha256(p.read_bytes()).digest())
        docs = shipped_doc("declarations.md").parent
        for p in sorted(docs.glob("declarations*.md")):
            h.update(f"docs/{p.name}\0".encode())
            h.update(hashlib.sha256(p.read_bytes()).digest())
        _GENERATOR = h.hexdigest()[:8]
    return _GENERATOR


def module_version(game: Game) -> str:
    """The version a module built now from ``game`` carries: ``game.version`` + ``.g`` + the
    generator's hash."""
    return f"{game.version}.g{generator_digest()}"
