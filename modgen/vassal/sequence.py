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


def _next_token(val: str, delim: str) -> tuple[str, str | None]:
    """One step of ``SequenceEncoder.Decoder.nextToken``: (token, remaining or None)."""
    i = val.find(delim)
    if i < 0:
        value, rest = val, None
    else:
        pieces: list[str] = []
        begin, end = 0, i
        while begin < end:
            if val[end - 1] == "\\":
                pieces.append(val[begin:end - 1])
                begin = end
                end = val.find(delim, end + 1)
            else:
                break
        if end < 0:
            pieces.append(val[begin:])
            rest = None
        else:
            pieces.append(val[begin:end])
            rest = "" if end >= len(val) - 1 else val[end + 1:]
        value = "".join(pieces)
    if len(value) > 1 and value.startswith("'") and value.endswith("'"):
        value = value[1:-1]
    return value, rest


class Decoder(Iterator[str]):
    """``SequenceEncoder.Decoder``: tokens with VASSAL's typed defaults."""

    __slots__ = ("_val", "delimiter")

    def __init__(self, value: str | None, delimiter: str):
        self._val = value
        self.delimiter = delimiter

    def has_more(self) -> bool:
        return self._val is not None

    def __iter__(self) -> "Decoder":
        return self

    def __next__(self) -> str:
        if self._val is None:
            raise StopIteration
        tok, self._val = _next_token(self._val, self.delimiter)
        return tok

    def token(self, default: str | None = None) -> str | None:
        if self._val is None:
            return default
        return next(self)

    def int(self, default: int) -> int:
        if self._val is None:
            return default
        tok = next(self)
        # Java Integer.parseInt: optional sign, ASCII digits, nothing else (no spaces, no "_").
        return int(tok) if _JAVA_INT.fullmatch(tok) else default

    def bool(self, default: bool) -> bool:
        if self._val is None:
            return default
        return next(self) == "true"

    def rest(self) -> list[str]:
        return list(self)


def encode(items: Iterable[object], delimiter: str) -> str:
    """Encode a whole list; an empty list gives ``""``."""
    return SequenceEncoder(delimiter).extend(items).value or ""


def decode(value: str | None, delimiter: str) -> list[str]:
    """Decode every token (an empty string yields one empty token, as in VASSAL)."""
    return list(Decoder(value, delimiter))
