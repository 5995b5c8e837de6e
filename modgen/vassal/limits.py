"""Bounds on the work and memory spent reading an untrusted VASSAL file (docs/security.md).

Every VASSAL file we read (a log, a save, a module) may come from a stranger. Each bound below
is a named constant, sized from the largest real files we know (the Paths of Glory save:
14 MB of commands, 2,506 commands, pieces of up to 186 traits and 63 KB; published logs of
20,000 steps) with several times that as headroom, and small enough that a hostile file stays
well under 500 MB of memory. Exceeding one is a :class:`~modgen.errors.ModgenError` that names
the file and the bound (``modgen`` exits 2), never a MemoryError or a stall.

The bounds apply to *decoded* sizes, whatever the container: the zip's deflate, ``!VCSK`` hex,
``VOBS``/``!VOBS`` XOR, ``!VOXZ``/bare XZ compression. Decoding is incremental, so a bomb is
stopped as soon as its output passes the cap, not after it has been expanded.
"""
from __future__ import annotations

__all__ = ["MAX_TEXT_BYTES", "MAX_METADATA_BYTES", "MAX_BUILDFILE_BYTES", "MAX_IMAGE_HEADER_BYTES",
           "XZ_MEMLIMIT", "MAX_COMMANDS", "MAX_DEPTH", "DECODE_WORK_FACTOR", "MAX_FIELDS",
           "MAX_PIECES", "MAX_TRAITS", "MAX_PIECE_CHARS", "CHAIN_WORK_FACTOR", "describe"]

MiB = 1024 * 1024

#: Decoded ``savedGame`` text (UTF-8 bytes) of one save or log: 4.5x the Paths of Glory save.
MAX_TEXT_BYTES = 64 * MiB
#: ``savedata``/``moduledata``/``extensiondata`` XML (VASSAL writes well under 1 KB).
MAX_METADATA_BYTES = 1 * MiB
#: A module's ``buildFile.xml`` (the Almoravid module's is 0.7 MB; parsed by lxml with
#: ``huge_tree`` off, which also caps text nodes at 10 MB and nesting at 256 levels).
MAX_BUILDFILE_BYTES = 64 * MiB
#: Bytes of a board image read to learn its size (the header; the pixels are never decoded).
MAX_IMAGE_HEADER_BYTES = 1 * MiB
#: liblzma memory for one XZ stream: VASSAL 3.8 writes preset 3 (4 MB dictionary); ``xz -9``
#: needs 65 MB. An XZ header asking for more (up to 4 GB of dictionary) is refused.
XZ_MEMLIMIT = 96 * MiB
#: Commands (ESC-separated tokens, at any nesting level) in one saved game: 10x a 20,000-step
#: log. A command costs about 600 bytes parsed and as much again replayed; the worst file
#: under every bound (199,000 chat steps in 61 MB) peaks at 420-440 MB and takes 16-31 s.
MAX_COMMANDS = 200_000
#: Nesting of the command tree (one backslash more per level; VASSAL writes 2 to 4).
MAX_DEPTH = 64
#: Characters the command-tree decoder may scan, as a multiple of the text: each nesting level
#: rescans its part of the text (VASSAL-written files: 2.6 to 3.2).
DECODE_WORK_FACTOR = 8
#: Fields in one delimited sequence (``SequenceEncoder``): a command, a trait's type or state.
MAX_FIELDS = 100_000
#: Game pieces alive at once in a replay (Paths of Glory: 844).
MAX_PIECES = 50_000
#: Traits in one piece's decorator chain (Paths of Glory: up to 186).
MAX_TRAITS = 1000
#: Characters of one piece's type or state string (Paths of Glory: 63 KB).
MAX_PIECE_CHARS = 1 * MiB
#: Work of the level-by-level chain splitter (taken only by chains VASSAL does not write:
#: quotes at element starts, malformed escapes), as a multiple of the string's length.
CHAIN_WORK_FACTOR = 16


def describe() -> list[tuple[str, str, str]]:
    """(constant, value, what it bounds) for the documentation and ``--help``-style listings."""
    def mb(v: int) -> str:
        return f"{v // MiB} MiB"
    return [
        ("MAX_TEXT_BYTES", mb(MAX_TEXT_BYTES), "decoded savedGame text of one save/log"),
        ("MAX_METADATA_BYTES", mb(MAX_METADATA_BYTES), "savedata/moduledata XML"),
        ("MAX_BUILDFILE_BYTES", mb(MAX_BUILDFILE_BYTES), "a module's buildFile.xml"),
        ("MAX_IMAGE_HEADER_BYTES", mb(MAX_IMAGE_HEADER_BYTES), "bytes read of a board image"),
        ("XZ_MEMLIMIT", mb(XZ_MEMLIMIT), "XZ decoder memory"),
        ("MAX_COMMANDS", f"{MAX_COMMANDS:,}", "commands in one saved game"),
        ("MAX_DEPTH", str(MAX_DEPTH), "command nesting levels"),
        ("DECODE_WORK_FACTOR", f"{DECODE_WORK_FACTOR}x", "characters scanned decoding the tree"),
        ("MAX_FIELDS", f"{MAX_FIELDS:,}", "fields in one delimited sequence"),
        ("MAX_PIECES", f"{MAX_PIECES:,}", "pieces alive in a replay"),
        ("MAX_TRAITS", str(MAX_TRAITS), "traits in one piece"),
        ("MAX_PIECE_CHARS", mb(MAX_PIECE_CHARS), "one piece's type or state string"),
        ("CHAIN_WORK_FACTOR", f"{CHAIN_WORK_FACTOR}x", "work of the slow chain splitter"),
    ]
