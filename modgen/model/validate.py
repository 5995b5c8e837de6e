"""Schema checking helpers: read a YAML node, check it, and remember every problem at once.

A ``FileCtx`` is bound to one data file (its path relative to the data root). Every accessor takes
the mapping, the key and the field path used in messages, records a ``ModgenError`` naming
``file:line: field`` when something is wrong, and returns a usable value (or ``None``) so that
checking goes on and the user sees every error of every file in one run.
"""
from __future__ import annotations

import re
from typing import Any, Iterable, Iterator

from ..errors import ModgenError
from ..hexgrid import Hex
from .types import MONTHS, GameDate, Face, Provenance, Source
from .yamlio import YDict, YList

_MISSING = object()

ID_RE = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
COLOUR_RE = re.compile(r"^#[0-9a-fA-F]{6}$")
_FACE_RE = re.compile(r"^(?P<paren>\()?(?P<s>\d+)(?(paren)\))(?:-(?P<m>\d+|RR|R))?$")
_DATE_RE = re.compile(r"^(?:(?P<turn>[1-7])|(?P<special>Special))\s+(?P<month>[A-Za-z]+)\s+(?P<year>\d{4})$")
PROVENANCE_KINDS = ("rulebook", "placeholder", "schematic", "derived")


class FileCtx:
    """Error collector for one file."""

    def __init__(self, file: str, errors: list[ModgenError]):
        self.file = file
        self.errors = errors
        self._seen: set[tuple] = set()
        #: a game of several sheets: how the schema's hexes are read (``SHEET:CCRR`` -> a theatre
        #: hex, or an error text); None: printed ``CCRR`` hexes
        self.hex_parser = None

    # ------------------------------------------------------------------ basics
    def error(self, message: str, line: int | None = None, field: str | None = None) -> None:
        # a value checked twice (by its schema, then by a loader's accessor) is reported once
        key = (line or None, field, message)
        if key in self._seen:
            return
        self._seen.add(key)
        self.errors.append(ModgenError(message, file=self.file, line=line or None, field=field))

    def source(self, node: Any, key: Any = None) -> Source:
        return Source(self.file, line_of(node, key))

    def mapping(self, node: Any, field: str, line: int | None = None) -> YDict | None:
        if isinstance(node, dict):
            return node  # type: ignore[return-value]
        self.error(f"expected a mapping, got {_kind(node)}", line or line_of(node), field)
        return None

    def get(self, d: dict, key: str, field: str, types: type | tuple[type, ...], *,
            required: bool = True, default: Any = None, expected: str | None = None) -> Any:
        """``d[key]`` checked against ``types``; missing or wrong type is an error (or the default)."""
        if key not in d or d[key] is None and not required:
            if required:
                self.error("required field is missing", line_of(d), _join(field, key))
            return default
        value = d[key]
        if isinstance(value, bool) and bool not in _as_tuple(types):
            self.error(f"expected {expected or _names(types)}, got a boolean", line_of(d, key), _join(field, key))
            return default
        if not isinstance(value, types):
            self.error(f"expected {expected or _names(types)}, got {_kind(value)}", line_of(d, key),
                       _join(field, key))
            return default
        return value

    def text(self, d: dict, key: str, field: str, *, required: bool = True, default: str | None = None) -> Any:
        """A string (a number is read as its text: designations such as 3)."""
        v = self.get(d, key, field, (str, int, float), required=required, default=default,
                     expected="a string")
        if v is None or isinstance(v, str):
            return v
        return str(v)

    def ident(self, d: dict, key: str, field: str, *, required: bool = True) -> str | None:
        v = self.text(d, key, field, required=required)
        if v is not None and not ID_RE.match(v):
            self.error(f"{v!r} is not an id (lower-case letters, digits, '-' and '_')", line_of(d, key), _join(field, key))
            return None
        return v

    def integer(self, d: dict, key: str, field: str, *, required: bool = True, default: int | None = None,
                minimum: int | None = None, maximum: int | None = None) -> int | None:
        v = self.get(d, key, field, int, required=required, default=default)
        if isinstance(v, int) and v is not default:
            if minimum is not None and v < minimum or maximum is not None and v > maximum:
                rng = f"{minimum if minimum is not None else '-inf'}..{maximum if maximum is not None else 'inf'}"
                self.error(f"{v} is out of range {rng}", line_of(d, key), _join(field, key))
                return default
        return v

    def boolean(self, d: dict, key: str, field: str, default: bool = False) -> bool:
        v = self.get(d, key, field, bool, required=False, default=default)
        return bool(v)

    def enum(self, d: dict, key: str, field: str, allowed: Iterable[str], *, required: bool = True,
             default: str | None = None) -> str | None:
        v = self.text(d, key, field, required=required, default=default)
        allowed = tuple(allowed)
        if v is not None and v != default and v not in allowed:
            self.error(f"{v!r} is not one of: {', '.join(allowed)}", line_of(d, key), _join(field, key))
            return None
        return v

    def items(self, d: dict, key: str, field: str, *, required: bool = True) -> list[tuple[int, Any, int]]:
        """The list at ``d[key]`` as (index, item, line) triples; [] after an error."""
        v = self.get(d, key, field, list, required=required, default=None)
        if v is None:
            return []
        return [(i, item, line_of_item(v, i)) for i, item in enumerate(v)]

    def records(self, d: dict, key: str, allowed: Iterable[str] | None, *, required: bool = True,
                field: str = "") -> Iterator[tuple[str, YDict]]:
        """The mappings of the list ``d[key]`` (``d`` at the path ``field``, "" at the top) as
        (field path ``field.key[i]``, mapping), each checked for keys outside ``allowed`` (unless
        None); an item that is not a mapping is reported and skipped."""
        for i, item, line in self.items(d, key, field, required=required):
            f = f"{_join(field, key)}[{i}]"
            node = self.mapping(item, f, line)
            if node is None:
                continue
            if allowed is not None:
                self.unknown_keys(node, allowed, f)
            yield f, node

    def strings(self, d: dict, key: str, field: str, *, required: bool = False) -> tuple[str, ...]:
        out = []
        for i, item, line in self.items(d, key, field, required=required):
            if isinstance(item, (str, int)) and not isinstance(item, bool):
                out.append(str(item))
            else:
                self.error(f"expected a string, got {_kind(item)}", line, f"{_join(field, key)}[{i}]")
        return tuple(out)

    def unknown_keys(self, d: dict, allowed: Iterable[str], field: str) -> None:
        allowed = set(allowed)
        for k in d:
            if k not in allowed:
                self.error(f"unknown field (allowed: {', '.join(sorted(allowed))})", line_of(d, k), _join(field, str(k)))

    # ------------------------------------------------------------------ domain values
    def hex(self, d: dict, key: str, field: str, *, required: bool = True) -> Hex | None:
        v = self.text(d, key, field, required=required)
        if v is None:
            return None
        try:
            return Hex.parse(v)
        except ModgenError as e:
            self.error(e.message, line_of(d, key), _join(field, key))
            return None

    def colour(self, d: dict, key: str, field: str) -> str | None:
        v = self.text(d, key, field)
        if v is not None and not COLOUR_RE.match(v):
            self.error(f"{v!r} is not a colour #rrggbb", line_of(d, key), _join(field, key))
            return None
        return v

    def face(self, d: dict, key: str, field: str, *, required: bool = True) -> Face | None:
        """A printed strength-movement: ``"2-4"``, ``"(2)-4"`` (defence only), ``"8-RR"`` (rail only)."""
        v = self.text(d, key, field, required=required)
        if v is None:
            return None
        return self.parse_face(v, line_of(d, key), _join(field, key))

    def parse_face(self, v: str, line: int | None, field: str) -> Face | None:
        m = _FACE_RE.match(v.strip())
        if not m:
            self.error(f"{v!r} is not a strength-movement like '2-4', '(2)-4', '3-RR' or '3-R'", line, field)
            return None
        rail_only = m["m"] == "RR"
        river_only = m["m"] == "R"
        return Face(strength=int(m["s"]),
                    movement=None if rail_only or river_only or m["m"] is None else int(m["m"]),
                    defence_only=bool(m["paren"]), rail_only=rail_only, river_only=river_only)

    def date(self, d: dict, key: str, field: str, *, required: bool = True) -> GameDate | None:
        v = self.text(d, key, field, required=required)
        if v is None:
            return None
        parsed = parse_date(v)
        if parsed is None:
            self.error(f"{v!r} is not a game date like '7 May 1915' or 'Special May 1915'", line_of(d, key),
                       _join(field, key))
        return parsed

    def provenance(self, d: dict, key: str, field: str, *, required: bool = False) -> Provenance | None:
        v = d.get(key)
        if v is None:
            if required:
                self.error("required field is missing", line_of(d), _join(field, key))
            return None
        f = _join(field, key)
        if isinstance(v, str):
            if v not in PROVENANCE_KINDS:
                self.error(f"{v!r} is not one of: {', '.join(PROVENANCE_KINDS)}", line_of(d, key), f)
                return None
            if v == "placeholder":
                self.error("a placeholder needs a reason: {kind: placeholder, reason: ...}", line_of(d, key), f)
            return Provenance(v)
        m = self.mapping(v, f, line_of(d, key))
        if m is None:
            return None
        self.unknown_keys(m, ("kind", "reason", "sources"), f)
        kind = self.enum(m, "kind", f, PROVENANCE_KINDS)
        reason = self.text(m, "reason", f, required=kind == "placeholder", default="") or ""
        sources = self.strings(m, "sources", f)
        return Provenance(kind or "placeholder", reason, sources)


def parse_date(text: str) -> GameDate | None:
    m = _DATE_RE.match(str(text).strip())
    if not m:
        return None
    month = m["month"].capitalize()
    if month not in MONTHS:
        return None
    return GameDate(int(m["year"]), MONTHS.index(month) + 1, 0 if m["special"] else int(m["turn"]))


def format_date(date: GameDate) -> str:
    return f"{'Special' if date.turn == 0 else date.turn} {date.month_name} {date.year}"


def line_of(node: Any, key: Any = None) -> int | None:
    if key is not None and isinstance(node, YDict):
        return node.line_of(key) or None
    return getattr(node, "line", None) or None


def line_of_item(lst: Any, i: int) -> int | None:
    if isinstance(lst, YList):
        return lst.line_of(i) or None
    return None


def _join(field: str, key: str) -> str:
    return f"{field}.{key}" if field else key


def _as_tuple(types: type | tuple[type, ...]) -> tuple[type, ...]:
    return types if isinstance(types, tuple) else (types,)


_TYPE_NAMES = {str: "a string", int: "an integer", float: "a number", bool: "true/false", list: "a list",
               dict: "a mapping"}


def _names(types: type | tuple[type, ...]) -> str:
    return " or ".join(dict.fromkeys(_TYPE_NAMES.get(t, t.__name__) for t in _as_tuple(types)))


def _kind(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "a boolean"
    for t, name in _TYPE_NAMES.items():
        if isinstance(value, t):
            return name
    return type(value).__name__
