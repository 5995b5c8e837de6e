"""Reading and writing what VASSAL reads and writes.

* :mod:`.sequence`     VASSAL's SequenceEncoder (shared by writer and reader)
* :mod:`.archive`      bounded zip reading: ``open_archive``, ``read_saved_game``
* :mod:`.obfuscation`  ``!VCSK`` / ``VOBS`` / XZ / plain ``savedGame`` decoding, ``obfuscate_vcsk``
* :mod:`.commands`     the ESC command tree and typed commands, ``parse_saved_game``
* :mod:`.traits`       piece type/state strings: trait chains, names, properties, layers
* :mod:`.buildfile`    module knowledge from any ``buildFile.xml``: maps, grids, trackers…

The reader API below is exported lazily (PEP 562): ``from modgen.vassal import read_module``
works as before, but importing one submodule (the module writer needs only ``sequence`` and
``obfuscation``) no longer imports all the readers (~20 ms of every ``modgen build``).
"""
from __future__ import annotations

import importlib

_EXPORTS = {
    "Limits": "archive", "open_archive": "archive", "read_saved_game": "archive",
    "decode_turn_state": "buildfile", "read_module": "buildfile",
    "decode_tree": "commands", "encode_saved_game": "commands", "encode_tree": "commands",
    "parse_command": "commands", "parse_saved_game": "commands",
    "deobfuscate": "obfuscation", "obfuscate_vcsk": "obfuscation",
    "expand_prototypes": "traits", "parse_piece": "traits", "parse_stack_state": "traits",
}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value
