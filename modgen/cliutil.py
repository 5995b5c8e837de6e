"""What every subcommand shares: the ``--data`` option, input and output file checks, and writing
to a console that may not be UTF-8.

Kept free of heavy imports: ``modgen build`` loads it before anything else.
"""
from __future__ import annotations

import codecs
import os
import sys
from pathlib import Path

from .errors import ModgenError

#: what a console without these characters shows instead (a Windows console, a cp1252 redirect)
_FALLBACK = {"\u2192": "->", "\u2190": "<-", "\u2194": "<->", "\u2014": "-", "\u2013": "-",
             "\u2026": "...", "\u00d7": "x", "\u00bd": "1/2", "\u2265": ">=", "\u2264": "<=",
             "\u2212": "-", "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"',
             "\u00b7": ".", "\u2022": "*", "\u2713": "ok", "\u2717": "x", "\u00a0": " "}
ERRORS = "modgen-fallback"


def _fallback(err: UnicodeError):
    if not isinstance(err, UnicodeEncodeError):
        raise err
    text = err.object[err.start:err.end]
    return "".join(_FALLBACK.get(ch, "?") for ch in text), err.end


codecs.register_error(ERRORS, _fallback)


def tolerant_streams() -> None:
    """stdout and stderr replace what their encoding cannot show (``→`` becomes ``->``, a name
    in another script ``?``) instead of raising UnicodeEncodeError."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors=ERRORS)
        except (AttributeError, ValueError, OSError):   # not a TextIOWrapper (a test's StringIO)
            pass


def write_text(text: str) -> None:
    """Text for a person: in the console's encoding, characters it lacks replaced."""
    sys.stdout.write(text)
    sys.stdout.flush()


def write_utf8(text: str) -> None:
    """JSON and HTML: always UTF-8 (what the formats declare), whatever the console's encoding."""
    write_utf8_chunks((text,))


def write_utf8_chunks(chunks) -> None:
    """:func:`write_utf8` for text that comes in pieces (a streamed JSON document)."""
    out = sys.stdout
    buffer = getattr(out, "buffer", None)
    if buffer is None:                      # a StringIO standing in for stdout
        for chunk in chunks:
            out.write(chunk)
        return
    out.flush()
    pending: list[bytes] = []
    size = 0
    for chunk in chunks:
        data = chunk.encode("utf-8")
        pending.append(data)
        size += len(data)
        if size >= 1 << 16:
            _write_all(buffer, b"".join(pending))
            pending, size = [], 0
    if pending:
        _write_all(buffer, b"".join(pending))
    buffer.flush()


def _write_all(buffer, data: bytes) -> None:
    # with PYTHONUNBUFFERED the buffer is a raw FileIO, whose write may write only part (a pipe
    # whose reader left: the next write raises BrokenPipeError)
    view = memoryview(data)
    while view:
        n = buffer.write(view)
        if n is None:                       # non-blocking and full: nothing better to do
            break
        view = view[n:]


# --------------------------------------------------------------------------- options

DATA_HELP = ("data folder holding games/, counters/, maps/, scenarios/, tables/ (default: "
             "$MODGEN_DATA, else the data installed with modgen)")


def add_data_option(parser) -> None:
    """``--data DIR``, the same in every command that reads game data."""
    parser.add_argument("--data", metavar="DIR", default=None, help=DATA_HELP)


# --------------------------------------------------------------------------- files

def input_file(path: str | os.PathLike[str], what: str = "file") -> str:
    """``path`` as a string when it is a readable file; else a ModgenError that says why."""
    p = Path(path)
    if p.is_dir():
        raise ModgenError(f"is a directory, not a {what}", file=str(path))
    if not p.exists():
        raise ModgenError("no such file", file=str(path))
    if not p.is_file():
        raise ModgenError(f"not a regular file (expected a {what})", file=str(path))
    if not os.access(p, os.R_OK):
        raise ModgenError("permission denied", file=str(path))
    return str(path)


def output_file(path: str | os.PathLike[str]) -> Path:
    """An output path the user named: its folder must exist (nothing is created behind the
    user's back) and it must not be a directory."""
    p = Path(path)
    if p.is_dir():
        raise ModgenError("is a directory: name the output file", file=str(path))
    parent = p.parent if str(p.parent) else Path(".")
    if parent.exists() and not parent.is_dir():
        raise ModgenError(f"{parent} is not a folder", file=str(path))
    if not parent.is_dir():
        raise ModgenError(f"the folder {parent} does not exist (modgen does not create it)",
                          file=str(path))
    return p
