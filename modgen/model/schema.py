"""Every field of every data file has a type: declared here once, checked on every read.

A :class:`Schema` names the fields a YAML mapping may hold, each with a :class:`FieldType`
(and whether it is required). ``schema.read(ctx, node, field)`` checks the whole mapping in one
go -- an unknown field, a missing required one and every value of the wrong type is an error
``file:line: field: message`` recorded in the file's ``FileCtx`` -- and returns the values
(:class:`Values`, a dict: key -> checked value, ``None`` when absent or wrong). Loaders then
only apply what the types cannot say (cross-references, a field required for some unit types).

Types: :data:`TEXT`, :data:`NOTE` (free text, a string only), :data:`IDENT`, :class:`Int`,
:data:`BOOL`, :class:`Enum`, :data:`COLOUR`, :data:`HEX`, :data:`DATE`, :data:`FACE`
(strength-movement, a string), :data:`LINE` (a rulebook line number), :class:`ListOf`,
:data:`STRINGS`, :data:`NOTES`, :class:`OneOf`, :class:`MapOf`, :class:`Record` (a nested mapping with its schema),
:class:`Records` (a list of them), :data:`PROVENANCE`, :data:`FILE` (a data-root relative path).

Extending (a rules system's own counter values, a game of several map sheets): make a new schema
from an existing one, ``MY_COUNTER = COUNTER.extend({"steps": Field(Int(1, 4), required=True)})``,
or write a :class:`FieldType` with a ``check(ctx, value, line, field)`` that returns the value
or :data:`INVALID` after ``ctx.error(...)``. ``python3 -m modgen.model.schema`` prints every named schema with its fields and types.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Mapping

from ..errors import ModgenError
from ..hexgrid import Hex
from .types import Provenance
from .validate import COLOUR_RE, ID_RE, PROVENANCE_KINDS, FileCtx, _join, _kind, line_of, parse_date
from .yamlio import YDict, YList

#: what a check returns after recording an error
INVALID: Any = type("Invalid", (), {"__repr__": lambda self: "INVALID", "__bool__": lambda self: False})()


class FieldType:
    """One kind of value. ``label`` says what is expected ("an integer 0..6")."""

    label = "a value"
    #: what an error message says was expected (default: the label)
    expected: str | None = None

    def check(self, ctx: FileCtx, value: Any, line: int | None, field: str) -> Any:
        return value

    def _wrong(self, ctx: FileCtx, value: Any, line: int | None, field: str) -> Any:
        ctx.error(f"expected {self.expected or self.label}, got {_kind(value)}", line, field)
        return INVALID

    def __repr__(self) -> str:
        return self.label


#: any value: a field whose items a loader checks itself (e.g. ``places:``, ``victory:``)
ANY = FieldType()


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


class Text(FieldType):
    """A string; a number is accepted and read as its text when ``numbers`` (designations such
    as ``3``, years)."""

    def __init__(self, numbers: bool = True, label: str = "a string"):
        self.numbers = numbers
        self.label = label

    def check(self, ctx, value, line, field):
        if isinstance(value, str):
            return value
        if self.numbers and (_is_int(value) or isinstance(value, float)):
            return str(value)
        return self._wrong(ctx, value, line, field)


TEXT = Text()
#: free text (notes, descriptions, rule references as prose): a string, never a number or a list
NOTE = Text(numbers=False)


class _Ident(Text):
    label = "an id"

    def check(self, ctx, value, line, field):
        v = Text.check(self, ctx, value, line, field)
        if v is INVALID:
            return v
        if not ID_RE.match(v):
            ctx.error(f"{v!r} is not an id (lower-case letters, digits, '-' and '_')", line, field)
            return INVALID
        return v


IDENT = _Ident()


class Int(FieldType):
    def __init__(self, minimum: int | None = None, maximum: int | None = None):
        self.minimum, self.maximum = minimum, maximum
        rng = "" if minimum is None and maximum is None else \
            f" {minimum if minimum is not None else '-inf'}..{maximum if maximum is not None else 'inf'}"
        self.label = "an integer" + rng

    def check(self, ctx, value, line, field):
        if not _is_int(value):
            if isinstance(value, bool):
                ctx.error("expected an integer, got a boolean", line, field)
                return INVALID
            ctx.error(f"expected an integer, got {_kind(value)}", line, field)
            return INVALID
        if (self.minimum is not None and value < self.minimum
                or self.maximum is not None and value > self.maximum):
            rng = (f"{self.minimum if self.minimum is not None else '-inf'}.."
                   f"{self.maximum if self.maximum is not None else 'inf'}")
            ctx.error(f"{value} is out of range {rng}", line, field)
            return INVALID
        return value


#: a line of a rulebook file (``line: 1662``)
LINE = Int(1)


class _Bool(FieldType):
    label = "true/false"

    def check(self, ctx, value, line, field):
        return value if isinstance(value, bool) else self._wrong(ctx, value, line, field)


BOOL = _Bool()


class Enum(FieldType):
    def __init__(self, values: Iterable[str]):
        self.values = tuple(values)
        self.label = "one of: " + ", ".join(self.values)

    def check(self, ctx, value, line, field):
        v = TEXT.check(ctx, value, line, field)
        if v is INVALID:
            return v
        if v not in self.values:
            ctx.error(f"{v!r} is not one of: {', '.join(self.values)}", line, field)
            return INVALID
        return v


class _Colour(Text):
    label = "a colour #rrggbb"

    def check(self, ctx, value, line, field):
        v = Text.check(self, ctx, value, line, field)
        if v is not INVALID and not COLOUR_RE.match(v):
            ctx.error(f"{v!r} is not a colour #rrggbb", line, field)
            return INVALID
        return v


COLOUR = _Colour()


class _Hex(Text):
    label = "a hex number CCRR"

    def check(self, ctx, value, line, field):
        v = Text.check(self, ctx, value, line, field)
        if v is INVALID:
            return v
        parser = getattr(ctx, "hex_parser", None)
        if parser is not None:
            # a game of several sheets: SHEET:CCRR (modgen.model.theatre) -> a theatre hex, or
            # the error's text
            r = parser(v)
            if isinstance(r, str):
                ctx.error(r, line, field)
                return INVALID
            return r
        try:
            return Hex.parse(v)
        except ModgenError as e:
            ctx.error(e.message, line, field)
            return INVALID


HEX = _Hex()


class _Date(Text):
    label = "a game date"

    def check(self, ctx, value, line, field):
        v = Text.check(self, ctx, value, line, field)
        if v is INVALID:
            return v
        d = parse_date(v)
        if d is None:
            ctx.error(f"{v!r} is not a game date like '7 May 1915' or 'Special May 1915'", line, field)
            return INVALID
        return d


DATE = _Date()


class _Face(FieldType):
    """A printed strength-movement, always a string: ``"5-4"``, ``"(2)-4"`` (defends only),
    ``"8-RR"`` (rail only), ``"4"`` (strength only: a fortress). A bare number (``front: 54``,
    a typo for ``5-4``) is an error, not a strength of 54."""

    label = "a strength-movement string like '5-4'"

    def check(self, ctx, value, line, field):
        if not isinstance(value, str):
            if _is_int(value):
                ctx.error(f"{value} is a number, not a strength-movement: write it as a string "
                          f"like '5-4'", line, field)
                return INVALID
            return self._wrong(ctx, value, line, field)
        face = ctx.parse_face(value, line, field)
        return INVALID if face is None else face


FACE = _Face()


class ListOf(FieldType):
    def __init__(self, item: FieldType, *, min_items: int = 0):
        self.item = item
        self.min_items = min_items
        self.label = f"a list of {item.label}"
        self.expected = "a list"

    def check(self, ctx, value, line, field):
        if not isinstance(value, list):
            return self._wrong(ctx, value, line, field)
        out = []
        for i, item in enumerate(value):
            ln = value.line_of(i) if isinstance(value, YList) else line
            v = self.item.check(ctx, item, ln or line, f"{field}[{i}]")
            if v is not INVALID:
                out.append(v)
        if len(value) < self.min_items:
            ctx.error(f"expected at least {self.min_items} item{'s' if self.min_items != 1 else ''}",
                      line, field)
        return tuple(out)


STRINGS = ListOf(TEXT)


class OneOf(FieldType):
    """The first of several types the value fits (``notes``: a paragraph or a list of them)."""

    def __init__(self, *types: FieldType):
        self.types = types
        self.label = " or ".join(t.label for t in types)

    def check(self, ctx, value, line, field):
        for t in self.types:
            probe = FileCtx(ctx.file, [])
            if t.check(probe, value, line, field) is not INVALID:
                return t.check(ctx, value, line, field)
        return self._wrong(ctx, value, line, field)


#: notes for maintainers: a paragraph, or a list of them
NOTES = OneOf(NOTE, ListOf(NOTE))


class MapOf(FieldType):
    """A mapping whose keys and values each have a type (``hq_supply_points: {id: 5}``)."""

    def __init__(self, key: FieldType, value: FieldType):
        self.key, self.value = key, value
        self.label = f"a mapping {key.label} -> {value.label}"
        self.expected = "a mapping"

    def check(self, ctx, value, line, field):
        if not isinstance(value, dict):
            return self._wrong(ctx, value, line, field)
        out = {}
        for k, v in value.items():
            ln = value.line_of(k) if isinstance(value, YDict) else line
            kk = self.key.check(ctx, k, ln, f"{field}.{k}")
            vv = self.value.check(ctx, v, ln, f"{field}.{k}")
            if kk is not INVALID and vv is not INVALID:
                out[kk] = vv
        return out


class Record(FieldType):
    """A nested mapping checked by its own schema: the value is its :class:`Values`."""

    def __init__(self, schema: "Schema"):
        self.schema = schema
        self.label = "a mapping"

    def check(self, ctx, value, line, field):
        v = self.schema.read(ctx, value, field, line)
        return INVALID if v is None else v


class Records(FieldType):
    """A list of mappings of one schema. The list is checked here; each item is read with the
    schema by :meth:`Values.records` (so a loader can name items by their id)."""

    def __init__(self, schema: "Schema"):
        self.schema = schema
        self.label = f"a list of mappings ({schema.name or 'see the schema'})"
        self.expected = "a list"

    def check(self, ctx, value, line, field):
        return value if isinstance(value, list) else self._wrong(ctx, value, line, field)


class _Provenance(FieldType):
    """``provenance: rulebook`` or ``{kind, reason, sources}``; a placeholder must say why."""

    label = "a provenance"

    def check(self, ctx, value, line, field):
        if isinstance(value, str):
            if value not in PROVENANCE_KINDS:
                ctx.error(f"{value!r} is not one of: {', '.join(PROVENANCE_KINDS)}", line, field)
                return INVALID
            if value == "placeholder":
                ctx.error("a placeholder needs a reason: {kind: placeholder, reason: ...}", line, field)
            return Provenance(value)
        v = PROVENANCE_RECORD.read(ctx, value, field, line)
        if v is None:
            return INVALID
        kind = v["kind"] or "placeholder"
        if kind == "placeholder" and not v["reason"]:
            ctx.error("required field is missing", v.line(), f"{field}.reason")
        return Provenance(kind, v["reason"] or "", v["sources"] or ())


class _File(Text):
    """A path relative to the data folder (``counters/italian-front/italy.yaml``)."""

    label = "a file path"

    def __init__(self):
        super().__init__(numbers=False, label="a file path")


FILE = _File()


# --------------------------------------------------------------------------- schemas

#: every named schema (the data files' own, and those a rules system adds), for the listing
SCHEMAS: dict[str, "Schema"] = {}


@dataclass(frozen=True)
class Field:
    type: FieldType
    required: bool = False
    default: Any = None
    doc: str = ""


class Values(dict):
    """The checked values of one mapping: key -> value (None when absent or wrong)."""

    node: Any = None
    bad: frozenset = frozenset()
    _schema: Any = None

    def line(self, key: Any = None) -> int | None:
        return line_of(self.node, key)

    def present(self, key: str) -> bool:
        """The file gives this field (with any value, right or wrong)."""
        return isinstance(self.node, dict) and self.node.get(key) is not None

    def records(self, key: str, ctx: FileCtx, field: str = "") -> Iterator[tuple[str, "Values"]]:
        """(``key[i]``, values) for each item of a :class:`Records` field, read with its
        schema; an item that is not a mapping is reported and skipped."""
        raw = self.get(key)
        if not isinstance(raw, list):
            return
        schema = self.schema_of(key)
        for i, item in enumerate(raw):
            f = f"{_join(field, key)}[{i}]"
            ln = raw.line_of(i) if isinstance(raw, YList) else self.line(key)
            v = schema.read(ctx, item, f, ln)
            if v is not None:
                yield f, v

    def schema_of(self, key: str) -> "Schema":
        t = self._schema.fields[key].type
        if not isinstance(t, (Records, Record)):
            raise TypeError(f"{key} is not a record field")
        return t.schema


class Schema:
    """The fields a mapping may hold, each with its type."""

    def __init__(self, fields: Mapping[str, Field | FieldType], *, name: str = ""):
        self.name = name
        self.fields: dict[str, Field] = {k: (f if isinstance(f, Field) else Field(f))
                                         for k, f in fields.items()}
        if name:
            SCHEMAS[name] = self

    def extend(self, fields: Mapping[str, Field | FieldType], *, name: str = "") -> "Schema":
        """A schema with more (or redefined) fields: a rules system's own counter values."""
        return Schema({**self.fields, **fields}, name=name or self.name)

    def without(self, *keys: str, name: str = "") -> "Schema":
        return Schema({k: f for k, f in self.fields.items() if k not in keys}, name=name or self.name)

    def read(self, ctx: FileCtx, node: Any, field: str = "", line: int | None = None,
             *, skip: Iterable[str] = ()) -> Values | None:
        """Check ``node`` against this schema: unknown fields, missing required ones and every
        present value's type. None (after an error) when ``node`` is not a mapping. ``skip``:
        fields already read by the caller (an id, to name the record in messages)."""
        if not isinstance(node, dict):
            if node is None and line is None:
                ctx.error("expected a mapping, got nothing", line, field or None)
            else:
                ctx.error(f"expected a mapping, got {_kind(node)}", line or line_of(node), field or None)
            return None
        allowed = self.fields
        for k in node:
            if k not in allowed:
                ctx.error(f"unknown field (allowed: {', '.join(sorted(allowed))})", line_of(node, k),
                          _join(field, str(k)))
        out = Values()
        bad = set()
        skipped = set(skip)
        for key, fdef in allowed.items():
            if key in skipped:
                out[key] = node.get(key)
                continue
            v = node.get(key)
            if v is None:
                if fdef.required:
                    ctx.error("required field is missing", line_of(node), _join(field, key))
                    bad.add(key)
                out[key] = fdef.default
                continue
            checked = fdef.type.check(ctx, v, line_of(node, key), _join(field, key))
            if checked is INVALID:
                bad.add(key)
                out[key] = fdef.default
            else:
                out[key] = checked
        out.node = node
        out.bad = frozenset(bad)
        out._schema = self
        return out

    def describe(self) -> list[str]:
        """One line per field: name, type, required (for docs/data-format.md)."""
        return [f"{k}: {f.type.label}{' (required)' if f.required else ''}"
                + (f" - {f.doc}" if f.doc else "") for k, f in self.fields.items()]


PROVENANCE_RECORD = Schema({
    "kind": Field(Enum(PROVENANCE_KINDS), required=True),
    "reason": NOTE,
    "sources": ListOf(NOTE),
}, name="provenance")
PROVENANCE = _Provenance()


def _main() -> None:     # python3 -m modgen.model.schema: every schema, for maintainers
    import importlib
    for mod in ("modgen.model.load", "modgen.model.scenario"):
        importlib.import_module(mod)
    for name in sorted(SCHEMAS):
        print(f"{name}:")
        for line in SCHEMAS[name].describe():
            print(f"  {line}")


if __name__ == "__main__":
    _main()
