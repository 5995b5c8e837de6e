"""Reading and writing what VASSAL reads and writes.

* :mod:`.sequence`     VASSAL's SequenceEncoder (shared by writer and reader)
* :mod:`.archive`      bounded zip reading, ``read_saved_game``
* :mod:`.obfuscation`  ``!VCSK`` / ``VOBS`` / XZ / plain ``savedGame`` decoding
* :mod:`.commands`     the ESC command tree and typed commands, ``parse_saved_game``
* :mod:`.traits`       piece type/state strings: trait chains, names, properties, layers
* :mod:`.buildfile`    module knowledge from any ``buildFile.xml``: maps, grids, trackers…
"""
from .archive import Limits, open_archive, read_saved_game  # noqa: F401
from .commands import decode_tree, encode_tree, parse_command, parse_saved_game  # noqa: F401
