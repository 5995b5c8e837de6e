"""Reading and writing what VASSAL reads and writes.

* :mod:`.sequence`     VASSAL's SequenceEncoder (shared by writer and reader)
* :mod:`.archive`      bounded zip reading: ``open_archive``, ``read_saved_game``
* :mod:`.obfuscation`  ``!VCSK`` / ``VOBS`` / XZ / plain ``savedGame`` decoding, ``obfuscate_vcsk``
* :mod:`.commands`     the ESC command tree and typed commands, ``parse_saved_game``
* :mod:`.traits`       piece type/state strings: trait chains, names, properties, layers
* :mod:`.buildfile`    module knowledge from any ``buildFile.xml``: maps, grids, trackers…
"""
from .archive import Limits, open_archive, read_saved_game  # noqa: F401
from .buildfile import decode_turn_state, read_module  # noqa: F401
from .commands import (decode_tree, encode_saved_game, encode_tree, parse_command,  # noqa: F401
                       parse_saved_game)
from .obfuscation import deobfuscate, obfuscate_vcsk  # noqa: F401
from .traits import expand_prototypes, parse_piece, parse_stack_state  # noqa: F401
