"""Several map sheets as one board: the theatre lattice, hex names with their sheet, the seams.

A hex number is unique only within its sheet (1607 is Belgrade on 6-5 and another hex on 5-5).
A game with more than one sheet places every sheet on one hex lattice (``theatre`` in
``games/<game>.yaml``): for one place, ``col(sheet) = col(reference) + dcol`` and ``y(sheet) =
y(reference) + dy`` (``y`` = row + ½ in even columns), the sheet offsets of the geography kits.
Every rule works on *theatre hexes*: ``Hex`` values in the reference sheet's numbering, extended
past its edges, so neighbours, distances and hexsides cross the sheet edges where the sheets
join with no change to the rules. Where two sheets overlap (a row or column printed on both) the
two printed hexes are one theatre hex; the sheet listed first in ``theatre.sheets`` names it and
gives its terrain. Hexsides between hexes of two sheets that no single sheet contains are the
*seams*: their terrain, rivers and rails come from a seams file the map tool writes
(``tools/make_seams.py``).

A hex is written ``SHEET:CCRR`` (``5-5:2803``) in the data, declarations, findings and reports
of a game with more than one sheet; a game with one sheet writes plain ``CCRR`` and its theatre
hexes are its printed hexes (the Italian Front is unchanged). :meth:`Theatre.name` turns a
theatre hex into that name; :func:`hex_names` makes ``str(hex)`` do the same while a game is
checked, so every message prints the sheet.
"""
from __future__ import annotations

import re
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Iterable, Iterator, Mapping

from ..errors import ModgenError
from ..hexgrid import DIRECTIONS, Hex, Hexside, naming
from .types import HexInfo, HexsideInfo, MapDef, MapGrid, MapLine, Provenance

#: ``SHEET:CCRR`` (the sheet is optional): sheet ids are map ids such as 4-5, 4-5N, 6-4
HEX_REF = re.compile(r"^(?:(?P<sheet>[0-9A-Za-z][0-9A-Za-z-]*):)?(?P<hex>\d{4})$")


@dataclass(frozen=True)
class SheetPlacement:
    sheet: str
    dcol: int
    dy: float


@dataclass(frozen=True)
class SeamSide:
    """One hexside between hexes of two sheets that no sheet contains (from the seams file)."""

    a: tuple[str, Hex]
    b: tuple[str, Hex]
    terrain: str
    river_name: str | None = None
    major_river: bool = False
    rail: str | None = None
    lines: tuple[str, ...] = ()


class Theatre:
    """A game's sheets on one hex lattice (see the module docstring)."""

    def __init__(self, placements: Iterable[SheetPlacement], maps: Mapping[str, MapDef],
                 seams: Iterable[SeamSide] = (), reference: str | None = None):
        self.placements: dict[str, SheetPlacement] = {p.sheet: p for p in placements}
        for p in self.placements.values():
            self._check_lattice(p)
        self.order: tuple[str, ...] = tuple(self.placements)
        self.reference = reference or (self.order[0] if self.order else None)
        self.maps = dict(maps)
        self.seams = tuple(seams)
        self.multi = len(self.order) > 1
        # theatre hex -> [(sheet, printed hex)] in the order of the sheets (the first names it)
        self._cover: dict[Hex, list[tuple[str, Hex]]] = {}
        for s in self.order:
            m = self.maps.get(s)
            if m is None:
                continue
            for h in m.hexes:
                self._cover.setdefault(self.to_global(s, h), []).append((s, h))
        self._merged: dict[tuple[str, ...], MapDef] = {}

    # ------------------------------------------------------------------ coordinates
    def _check_lattice(self, p: SheetPlacement) -> None:
        frac = p.dy % 1
        if (p.dcol % 2 == 0 and frac != 0) or (p.dcol % 2 == 1 and frac != 0.5):
            raise ModgenError(f"sheet {p.sheet}: offset (dcol {p.dcol}, dy {p.dy}) is not a lattice vector "
                              "(an even column shift needs a whole-row shift, an odd one a half-row shift)")

    def to_global(self, sheet: str, h: Hex) -> Hex:
        """The theatre hex of printed hex ``h`` of ``sheet``."""
        p = self.placements.get(sheet)
        if p is None:
            raise ModgenError(f"map {sheet} is not a sheet of this game")
        if p.dcol == 0 and p.dy == 0:
            return h
        return _shift(h, -p.dcol, -p.dy)

    def to_sheet(self, sheet: str, g: Hex) -> Hex:
        """The printed number ``g`` has in ``sheet``'s numbering (whether or not it is on the sheet)."""
        p = self.placements[sheet]
        if p.dcol == 0 and p.dy == 0:
            return g
        return _shift(g, p.dcol, p.dy)

    def locals(self, g: Hex) -> list[tuple[str, Hex]]:
        """Every (sheet, printed hex) showing theatre hex ``g``, the naming sheet first."""
        return list(self._cover.get(g, ()))

    def to_local(self, g: Hex, sheets: Iterable[str] | None = None) -> tuple[str, Hex] | None:
        """(sheet, printed hex) of ``g`` on the first of ``sheets`` (default: every sheet) that shows it."""
        cover = self._cover.get(g, ())
        if sheets is None:
            return cover[0] if cover else None
        allowed = list(sheets)
        for s in allowed:
            for cs, h in cover:
                if cs == s:
                    return cs, h
        return None

    def name(self, g: Hex, sheets: Iterable[str] | None = None) -> str:
        """``SHEET:CCRR`` (plain ``CCRR`` in a game of one sheet); a theatre hex on no sheet is
        named in the reference sheet's numbering with a ``?``."""
        if not self.multi:
            return g.id
        loc = self.to_local(g, sheets) or self.to_local(g)
        if loc is None:
            return f"{self.reference}:{_raw_id(g)}?"
        return f"{loc[0]}:{loc[1].id}"

    def parse(self, text: str, default_sheet: str | None = None) -> Hex:
        """A theatre hex from ``SHEET:CCRR`` or ``CCRR`` (then on ``default_sheet``, or the only sheet)."""
        m = HEX_REF.match(str(text).strip())
        if not m:
            raise ModgenError(f"not a hex (CCRR or SHEET:CCRR): {text!r}")
        sheet = m["sheet"] or default_sheet or (self.order[0] if len(self.order) == 1 else None)
        if sheet is None:
            raise ModgenError(f"hex {text!r} needs its sheet (SHEET:CCRR): this game has the sheets "
                              f"{', '.join(self.order)}")
        if sheet not in self.placements:
            raise ModgenError(f"hex {text!r}: {sheet} is not a sheet of this game ({', '.join(self.order)})")
        return self.to_global(sheet, Hex.parse(m["hex"]))

    # ------------------------------------------------------------------ the merged board
    def mapdef(self, sheets: Iterable[str]) -> MapDef:
        """One MapDef of theatre hexes for the sheets in play (a scenario's maps), seams included.
        With one sheet this is that sheet's own MapDef, unchanged."""
        key = tuple(s for s in sheets if s in self.maps)
        if len(key) == 1 and not self.multi:
            return self.maps[key[0]]
        hit = self._merged.get(key)
        if hit is None:
            hit = self._merged[key] = _merge(self, key)
        return hit


def _raw_id(h: Hex) -> str:
    return f"{h.col},{h.row}"


def _shift(h: Hex, dcol: int, dy: float) -> Hex:
    """``h`` moved by the lattice vector (dcol, dy): y = row + ½ in even columns."""
    y = h.row + (0.5 if h.col % 2 == 0 else 0.0) + dy
    col = h.col + dcol
    row = y - (0.5 if col % 2 == 0 else 0.0)
    r = int(round(row))
    if abs(row - r) > 1e-9:
        raise ModgenError(f"({dcol}, {dy}) is not a lattice vector")
    return Hex(col, r)


def _merge(th: Theatre, sheets: tuple[str, ...]) -> MapDef:
    hexes: dict[Hex, HexInfo] = {}
    order = [s for s in th.order if s in sheets]
    for s in order:
        for h, info in th.maps[s].hexes.items():
            g = th.to_global(s, h)
            if g not in hexes:
                hexes[g] = replace(info, hex=g)
    sides: dict[Hexside, HexsideInfo] = {}
    for s in order:
        for side, info in th.maps[s].hexsides.items():
            a, b = th.to_global(s, side.a), th.to_global(s, side.b)
            gs = Hexside.of(a, b)
            if gs not in sides:
                sides[gs] = replace(info, side=gs)
    for seam in th.seams:
        if seam.a[0] not in sheets or seam.b[0] not in sheets:
            continue
        a, b = th.to_global(*seam.a), th.to_global(*seam.b)
        if a not in hexes or b not in hexes or a.direction_to(b) is None:
            continue
        gs = Hexside.of(a, b)
        if gs in sides:
            continue
        ia, ib = hexes[a], hexes[b]
        sides[gs] = HexsideInfo(side=gs, terrain=seam.terrain, river=bool(seam.river_name) and not seam.major_river,
                                major_river=seam.major_river, rail=seam.rail,
                                border=ia.land and ib.land and ia.country != ib.country,
                                river_name=seam.river_name, lines=seam.lines)
    exits: dict[Hex, tuple[str, ...]] = {}
    for s in order:
        for h, dirs in th.maps[s].rail_exits.items():
            g = th.to_global(s, h)
            # an exit across an edge where another sheet in play continues is no edge any more
            keep = tuple(d for d in dirs if g.neighbour(d) not in hexes)
            if keep:
                exits[g] = tuple(sorted(set(exits.get(g, ())) | set(keep), key=DIRECTIONS.index))
    lines: dict[str, tuple[str | None, set]] = {}
    for gs, info in sides.items():
        for ln in info.lines:
            lines.setdefault(ln, (None, set()))[1].add(gs)
    rules = {ln.name: ln.rule for s in order for ln in th.maps[s].lines}
    cols = [h.col for h in hexes] or [0]
    rows = [h.row for h in hexes] or [0]
    neutral = tuple(sorted({n for s in order for n in th.maps[s].neutral}))
    sources = tuple(src for s in order for src in th.maps[s].provenance.sources)
    kinds = {th.maps[s].provenance.kind for s in order}
    return MapDef(id="+".join(order), name=" + ".join(th.maps[s].name for s in order),
                  grid=MapGrid(min(cols), max(cols), min(rows), max(rows)),
                  hexes=dict(sorted(hexes.items())), hexsides=dict(sorted(sides.items())),
                  provenance=Provenance("schematic" if "schematic" in kinds else sorted(kinds)[0],
                                        "sheets " + ", ".join(order) + " joined on the theatre lattice",
                                        sources),
                  neutral=neutral, rail_exits=dict(sorted(exits.items())),
                  lines=tuple(MapLine(n, rules.get(n), frozenset(v[1])) for n, v in sorted(lines.items())))


@contextmanager
def hex_names(theatre: Theatre | None, sheets: Iterable[str] | None = None) -> Iterator[None]:
    """While active, ``str(hex)`` of a theatre hex is its ``SHEET:CCRR`` name (a game of several
    sheets); with one sheet (or None) nothing changes."""
    if theatre is None or not theatre.multi:
        yield
        return
    allowed = tuple(sheets) if sheets is not None else None
    with naming(lambda h: theatre.name(h, allowed)):
        yield
