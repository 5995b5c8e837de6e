"""Hex geometry for the Der Weltkrieg maps: one module for the map art, the module's grid and the checker.

Inside, arithmetic happens in cube coordinates (Red Blob Games); the printed ``CCRR`` numbering and
VASSAL pixels are converted at the edges.

Numbering (rulebook figures, missing-data.md M3): hexes are ``CCRR``; columns are vertical lines of
flat-topped hexes. For an **odd** column c the neighbours in columns c±1 are rows r−1 and r; for an
**even** column rows r and r+1 (1609 ↔ 1608, 1610, 1509, 1510, 1709, 1710). Even printed columns
therefore sit half a hex *lower* than odd ones: Red Blob's "even-q" offset layout.
"""
from __future__ import annotations

import math
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterator, NamedTuple

from .errors import ModgenError

#: Direction names, clockwise from north; index i and (i + 3) % 6 are opposite.
DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")
_ODD_COL = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1))
_EVEN_COL = ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))


class Hex(NamedTuple):
    """A hex by its printed column and row (``Hex(16, 9)`` is ``1609``)."""

    col: int
    row: int

    @classmethod
    def parse(cls, text: "str | Hex") -> "Hex":
        if isinstance(text, Hex):
            return text
        s = str(text).strip()
        if len(s) != 4 or not s.isdigit():
            raise ModgenError(f"not a hex number (CCRR): {text!r}")
        return cls(int(s[:2]), int(s[2:]))

    @property
    def id(self) -> str:
        return f"{self.col:02d}{self.row:02d}"

    def __str__(self) -> str:  # noqa: D105
        namer = _NAMER.get()
        return self.id if namer is None else namer(self)

    # -- cube coordinates ("even-q": even columns shoved down) --
    @property
    def cube(self) -> tuple[int, int, int]:
        q = self.col
        r = self.row - (self.col + (self.col & 1)) // 2
        return q, r, -q - r

    def neighbour(self, direction: int | str) -> "Hex":
        i = DIRECTIONS.index(direction) if isinstance(direction, str) else direction
        dc, dr = (_ODD_COL if self.col & 1 else _EVEN_COL)[i]
        return Hex(self.col + dc, self.row + dr)

    def neighbours(self) -> list["Hex"]:
        """The six neighbours in DIRECTIONS order (N, NE, SE, S, SW, NW)."""
        return _neighbours(self)

    def direction_to(self, other: "Hex") -> int | None:
        """Index in DIRECTIONS of the adjacent hex ``other``, or None if not adjacent."""
        try:
            return _neighbours(self).index(other)
        except ValueError:
            return None

    def distance(self, other: "Hex") -> int:
        a, b = self.cube, other.cube
        return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))

    def hexside(self, direction: int | str) -> "Hexside":
        return Hexside.of(self, self.neighbour(direction))

    def within(self, radius: int) -> Iterator["Hex"]:
        """Every hex at distance ≤ radius (including self)."""
        for dc in range(-radius, radius + 1):
            c = self.col + dc
            for row in range(self.row - radius - 1, self.row + radius + 2):
                h = Hex(c, row)
                if self.distance(h) <= radius:
                    yield h


#: How ``str(hex)`` names a hex: None = its printed ``CCRR``. A game of several sheets works on
#: theatre hexes (``modgen.model.theatre``) and sets a namer that prints ``SHEET:CCRR`` while it is
#: checked (``naming``); it changes only how hexes are printed, never a verdict.
_NAMER: ContextVar[Callable[["Hex"], str] | None] = ContextVar("hex_namer", default=None)


@contextmanager
def naming(namer: Callable[["Hex"], str] | None) -> Iterator[None]:
    token = _NAMER.set(namer)
    try:
        yield
    finally:
        _NAMER.reset(token)


@lru_cache(maxsize=65536)
def _neighbours(h: Hex) -> list[Hex]:
    table = _ODD_COL if h.col & 1 else _EVEN_COL
    return [Hex(h.col + dc, h.row + dr) for dc, dr in table]


class Hexside(NamedTuple):
    """The edge between two adjacent hexes, one object shared by both (``a < b``)."""

    a: Hex
    b: Hex

    @classmethod
    def of(cls, h1: Hex | str, h2: Hex | str) -> "Hexside":
        x, y = Hex.parse(h1), Hex.parse(h2)
        if x.direction_to(y) is None:
            raise ModgenError(f"hexes {x} and {y} are not adjacent")
        return cls(x, y) if x < y else cls(y, x)

    @classmethod
    def parse(cls, text: str) -> "Hexside":
        """``"2915|2815"`` (either order; ``-`` and ``/`` also accepted as separators)."""
        for sep in "|/-":
            if sep in text:
                left, right = text.split(sep, 1)
                return cls.of(left, right)
        raise ModgenError(f"not a hexside (CCRR|CCRR): {text!r}")

    @property
    def id(self) -> str:
        return f"{self.a.id}|{self.b.id}"

    def __str__(self) -> str:  # noqa: D105
        return f"{self.a}|{self.b}"

    def other(self, h: Hex) -> Hex:
        return self.b if h == self.a else self.a


# ---------------------------------------------------------------------------------------------
# VASSAL's HexGrid + HexGridNumbering (vassal-format.md §2.3-2.4), non-sideways grids.


def java_round(v: float) -> int:
    """Java ``Math.round(double)``: floor(v + 0.5)."""
    return math.floor(v + 0.5)


def raw_hex_column_row(x: float, y: float, dx: float, dy: float, x0: int, y0: int
                       ) -> tuple[int, int]:
    """``HexGridNumbering.getRawColumn/getRawRow`` (not sideways; before stagger and offsets)."""
    col = math.floor((x - x0) / dx + 0.5)
    nx = java_round((x - x0) / dx)
    if nx % 2 == 0:
        ny = java_round((y - y0) / dy)
    else:
        ny = java_round((y - y0 - dy / 2) / dy)
    return col, ny


def grid_number_name(value: int, type_: str = "N", leading: int = 0) -> str:
    """``RegularGridNumbering.getName``: a column or row number as VASSAL prints it (``A`` =
    alphabetic, otherwise numeric with ``leading`` zeros)."""
    neg = value < 0
    value = abs(value)
    if type_ == "A":
        # VASSAL repeats the letter value // 26 + 1 times; capped so a hostile coordinate
        # cannot make a gigabyte name
        s = chr(ord("A") + value % 26) * min(value // 26 + 1, 1000)
    else:
        s = str(value)
        leading = min(leading, 30)
        while leading > 0 and value < 10 ** leading:
            s = "0" + s
            leading -= 1
    return ("-" if neg else "") + s


@dataclass(frozen=True)
class VassalHexGrid:
    """A VASSAL HexGrid with HexGridNumbering, as the module writes it and VASSAL reads it.

    ``dx``/``dy`` are doubles, ``x0``/``y0`` ints (board pixels of raw hex (0,0)). Only the
    numbering options our maps and common modules use are modelled: numeric column and row,
    ``first="H"`` or ``"V"``, separator, leading zeros, offsets and stagger.
    """

    dx: float
    dy: float
    x0: int
    y0: int
    h_off: int = 1
    v_off: int = 1
    stagger: bool = True
    first: str = "H"
    sep: str = ""
    h_leading: int = 1
    v_leading: int = 1

    @classmethod
    def for_printed_numbering(cls, hex_height: float, first_col: int, first_row: int,
                              margin_x: int, margin_y: int) -> "VassalHexGrid":
        """The settings that reproduce the Der Weltkrieg ``CCRR`` neighbour rule.

        Raw column 0 is the printed ``first_col``. VASSAL shifts odd *raw* columns half a hex
        down; printed even columns must be the low ones, so the raw parity must equal the printed
        parity (``h_off`` even, no renumbering) or be corrected by ``stagger`` (which numbers odd raw
        columns from one row higher, i.e. makes them the high ones).
        """
        dy = float(hex_height)
        dx = round(dy * math.sqrt(3) / 2, 4)
        stagger = first_col % 2 == 0
        x0 = margin_x + int(math.ceil(dx * 2 / 3))
        # topmost printed row: the "high" columns' first_row hex sits half a hex above the
        # low columns' one; give it a full half-hex of room.
        y0 = margin_y + int(math.ceil(dy / 2)) + (int(math.ceil(dy / 2)) if stagger else 0)
        return cls(dx=dx, dy=dy, x0=x0, y0=y0, h_off=first_col, v_off=first_row, stagger=stagger)

    # printed numbers -> board pixel (HexGridNumbering.getCenterPoint)
    def center(self, h: Hex | str) -> tuple[int, int]:
        h = Hex.parse(h)
        col = h.col - self.h_off
        row = h.row - self.v_off
        if self.stagger and col % 2 == 1:
            row -= 1
        x = int(col * self.dx) + self.x0
        if col % 2 == 0:
            y = int(row * self.dy) + self.y0
        else:
            y = int(row * self.dy + self.dy / 2) + self.y0
        return x, y

    def raw_column_row(self, x: float, y: float) -> tuple[int, int]:
        col, ny = raw_hex_column_row(x, y, self.dx, self.dy, self.x0, self.y0)
        row = ny + (1 if self.stagger and col % 2 == 1 else 0)
        return col, row

    def location_name(self, x: float, y: float) -> str:
        """VASSAL's ``locationName`` for a board pixel."""
        col, row = self.raw_column_row(x, y)
        c = grid_number_name(col + self.h_off, "N", self.h_leading)
        r = grid_number_name(row + self.v_off, "N", self.v_leading)
        return c + self.sep + r if self.first.upper().startswith("H") else r + self.sep + c

    def hex_at(self, x: float, y: float) -> Hex:
        col, row = self.raw_column_row(x, y)
        return Hex(col + self.h_off, row + self.v_off)

    # drawing helpers (flat-topped hexes: dx is ¾ of the corner-to-corner width)
    def corners(self, h: Hex | str) -> list[tuple[float, float]]:
        """Six corners, clockwise from the east corner, in board pixels."""
        cx, cy = self.center(h)
        w = self.dx * 4 / 3
        hh = self.dy / 2
        return [(cx + w / 2, cy), (cx + w / 4, cy + hh), (cx - w / 4, cy + hh),
                (cx - w / 2, cy), (cx - w / 4, cy - hh), (cx + w / 4, cy - hh)]

    def hexside_segment(self, side: Hexside) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two corners that the hexes of ``side`` share, in board pixels."""
        d = side.a.direction_to(side.b)
        c = self.corners(side.a)
        # corner indices bounding each direction (N, NE, SE, S, SW, NW)
        pairs = ((4, 5), (5, 0), (0, 1), (1, 2), (2, 3), (3, 4))
        i, j = pairs[d]
        return c[i], c[j]

    def to_xml_attributes(self) -> tuple[dict[str, str], dict[str, str]]:
        """(HexGrid attributes, HexGridNumbering attributes) as VASSAL writes them."""
        grid = {"dx": repr(float(self.dx)), "dy": repr(float(self.dy)),
                "x0": str(self.x0), "y0": str(self.y0), "sideways": "false"}
        numbering = {"first": self.first, "sep": self.sep, "hOff": str(self.h_off),
                     "vOff": str(self.v_off), "hLeading": str(self.h_leading),
                     "vLeading": str(self.v_leading), "stagger": "true" if self.stagger else "false",
                     "hType": "N", "vType": "N", "hDescend": "false", "vDescend": "false"}
        return grid, numbering
