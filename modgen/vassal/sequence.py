"""Exact port of VASSAL's ``VASSAL.tools.SequenceEncoder`` (vassal-format.md §3.1).

Every piece type/state string, every command field list and every nested command chain in
VASSAL is built with this encoder, so the generator (writing) and the log reader (reading)
share this one implementation.

Quoting follows VASSAL 3.7.26, which wraps an element in ``'…'`` when it *starts* with a
backslash or both starts and ends with a single quote (later VASSAL sources test ``endsWith``
instead; the decoder is the same for both).
"""
from __future__ import annotations

import re
from typing import Iterable, Iterator

from ..errors import ModgenError
from .limits import MAX_FIELDS

_JAVA_INT = re.compile(r"[+-]?[0-9]+")

__all__ = ["SequenceEncoder", "Decoder", "encode", "decode"]


class SequenceEncoder:
    """Build a delimited string the way VASSAL does (``append`` adds the delimiter first)."""

    __slots__ = ("_parts", "delimiter")

    def __init__(self, delimiter: str, value: str | None = ..., /):  # type: ignore[assignment]
        if len(delimiter) != 1:
            raise ValueError("delimiter must be one character")
        self.delimiter = delimiter
        self._parts: list[str] | None = None
        if value is not ...:
            self.append(value)

    def append(self, s: object) -> "SequenceEncoder":
        if self._parts is None:
            self._parts = []
        if s is None:
            self._parts.append("")
            return self
        if isinstance(s, bool):
            s = "true" if s else "false"
        elif not isinstance(s, str):
            s = str(s)
        d = self.delimiter
        escaped = s.replace(d, "\\" + d) if d in s else s
        if s.startswith("\\") or (s.startswith("'") and s.endswith("'")):
            escaped = "'" + escaped + "'"
        self._parts.append(escaped)
        return self

    def extend(self, items: Iterable[object]) -> "SequenceEncoder":
        for item in items:
            self.append(item)
        return self

    @property
    def value(self) -> str | None:
        """``getValue()``: None if nothing was ever appended."""
        if self._parts is None:
            return None
        return self.delimiter.join(self._parts)


def _next_token(val: str, pos: int, delim: str) -> tuple[str, int]:
    """One step of ``SequenceEncoder.Decoder.nextToken`` on ``val[pos:]``: (token, position of
    the rest, or -1 where Java's remaining string becomes null).

    Java's loop drops the backslash before each escaped delimiter until it meets one with no
    backslash before it; here the loop only finds that delimiter and one ``replace`` drops the
    backslashes. Positions instead of Java's ``val = val.substring(end + 1)``: copying the rest
    at every token made a sequence of n fields O(n²)."""
    i = val.find(delim, pos)
    if i < 0:
        value = val[pos:] if pos else val
        nxt = -1
    elif i == pos or val[i - 1] != "\\":
        value = val[pos:i]
        nxt = i + 1
    else:
        end = val.find(delim, i + 1)
        while end != -1 and val[end - 1] == "\\":
            end = val.find(delim, end + 1)
        if end == -1:
            value = val[pos:].replace("\\" + delim, delim)
            nxt = -1
        else:
            value = val[pos:end].replace("\\" + delim, delim)
            nxt = end + 1
    if len(value) > 1 and value[0] == "'" and value[-1] == "'":
        value = value[1:-1]
    return value, nxt


class Decoder(Iterator[str]):
    """``SequenceEncoder.Decoder``: tokens with VASSAL's typed defaults.

    At most :data:`~modgen.vassal.limits.MAX_FIELDS` tokens are read from one sequence (more is
    a :class:`ModgenError`): a VASSAL sequence has tens of fields, a hostile one millions."""

    __slots__ = ("_val", "_pos", "_count", "delimiter")

    def __init__(self, value: str | None, delimiter: str):
        self._val = value
        self._pos = -1 if value is None else 0
        self._count = 0
        self.delimiter = delimiter

    def has_more(self) -> bool:
        return self._pos >= 0

    def __iter__(self) -> "Decoder":
        return self

    def __next__(self) -> str:
        if self._pos < 0:
            raise StopIteration
        self._count += 1
        if self._count > MAX_FIELDS:
            raise ModgenError(f"a field list has more than {MAX_FIELDS} fields "
                              "(limit MAX_FIELDS)")
        tok, self._pos = _next_token(self._val, self._pos, self.delimiter)  # type: ignore[arg-type]
        return tok

    def token(self, default: str | None = None) -> str | None:
        if self._pos < 0:
            return default
        return next(self)

    def int(self, default: int) -> int:
        if self._pos < 0:
            return default
        tok = next(self)
        # Java Integer.parseInt: optional sign, ASCII digits, nothing else (no spaces, no "_").
        return int(tok) if _JAVA_INT.fullmatch(tok) else default

    def bool(self, default: bool) -> bool:
        if self._pos < 0:
            return default
        return next(self) == "true"

    def rest(self) -> list[str]:
        return list(self)


def encode(items: Iterable[object], delimiter: str) -> str:
    """Encode a whole list; an empty list gives ``""``."""
    return SequenceEncoder(delimiter).extend(items).value or ""


def decode(value: str | None, delimiter: str, limit: int | None = None) -> list[str]:
    """Decode every token (an empty string yields one empty token, as in VASSAL).

    With ``limit``, stop after ``limit + 1`` tokens: a caller expecting at most ``limit``
    fields learns that there are more without decoding them all."""
    if limit is None:
        return list(Decoder(value, delimiter))
    d = Decoder(value, delimiter)
    out: list[str] = []
    while d.has_more() and len(out) <= limit:
        out.append(next(d))
    return out
