"""The Burning Mountains map: its notation, loader and validator (``maps/burning-mountains.yaml``).

Unlike Der Weltkrieg (terrain per hexside), this system's terrain is the hex's *altitude band*
(clear, low mountain, mountain, high mountain: 6.4, 7.8, 12.1) and its hexsides carry features:
crags (4.5, 6.1, 7.8), streams (7.8), minor rivers and their bridges (9.2.3). Roads run hex to
hex (6.3, 11.2); small towns, towns and peaks are the victory objectives (14.0); the friendly map
edges are hex lists per nation (11.2, 13.0).

Sections (the file's header documents them for maintainers):

``grid``          ``{first_col, last_col, first_row, last_row, hex_height}``
``terrain``       per row, one letter per column: ``c`` clear, ``l`` low mountain, ``m`` mountain,
                  ``h`` high mountain, ``.`` not on the map
``elevation``     (optional) per row, the hex's mean elevation in hundreds of metres (art only)
``crags``         hexsides ``CCRR/CCRR``
``streams``, ``rivers``  ``[{name, hexsides}]``
``bridges``       river hexsides crossed by a bridge
``roads``         ``[{name, hexes}]``: a chain of adjacent hexes
``places``        ``"CCRR": "Name (small_town|town|peak)"``; no tag: a name only
``supply_edges``  ``[{nation, rule, hexes}]``

Every problem is reported as ``file:line: field: message``; with any, ``load_map`` returns None.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from ...errors import ModgenError
from ...hexgrid import Hex, Hexside
from ...model.maps import node_line, open_map_file, read_grid, read_provenance
from ...model.types import MapGrid, Provenance, Source
from ...model.yamlio import YDict

#: altitude bands, lowest first: the index is the hex's altitude level (6.4, 7.8: "higher altitude")
TERRAINS = ("clear", "low_mountain", "mountain", "high_mountain")
TERRAIN_CODES = {"c": "clear", "l": "low_mountain", "m": "mountain", "h": "high_mountain"}
TERRAIN_LABELS = {"clear": "Clear", "low_mountain": "Low mountain", "mountain": "Mountain",
                  "high_mountain": "High mountain"}
OFF_MAP = "."
#: objective classes and their VP for the A-H player (14.0, 004:L654)
OBJECTIVES = {"small_town": 1, "town": 5, "peak": 3}
TOP_KEYS = ("id", "name", "provenance", "grid", "terrain", "elevation", "crags", "streams", "rivers",
            "bridges", "roads", "places", "control_at_start", "supply_edges")
PROVENANCE_KINDS = ("rulebook", "placeholder", "schematic")
_PLACE_RE = re.compile(r"^\s*(?P<name>[^()]*?)\s*(?:\((?P<tag>[^()]*)\))?\s*$")


@dataclass(frozen=True)
class BmHex:
    hex: Hex
    terrain: str                      # one of TERRAINS
    elevation: int | None = None      # metres (mean of the hex), for the art
    name: str | None = None
    objective: str | None = None      # small_town | town | peak

    @property
    def altitude(self) -> int:
        return TERRAINS.index(self.terrain)

    @property
    def vp(self) -> int:
        return OBJECTIVES.get(self.objective or "", 0)

    # Der Weltkrieg's HexInfo attributes the shared code reads (every hex here is land)
    land = True
    country = None
    city = False


@dataclass(frozen=True)
class Road:
    name: str
    hexes: tuple[Hex, ...]


@dataclass(frozen=True)
class BmMap:
    id: str
    name: str
    grid: MapGrid
    hexes: Mapping[Hex, BmHex]
    crags: frozenset[Hexside]
    streams: Mapping[Hexside, str]
    rivers: Mapping[Hexside, str]
    bridges: frozenset[Hexside]
    roads: tuple[Road, ...]
    supply_edges: Mapping[str, frozenset[Hex]]     # nation id -> friendly edge hexes
    provenance: Provenance
    source: Source | None = None
    road_sides: frozenset[Hexside] = field(default=frozenset())
    control_at_start: Mapping[str, frozenset[Hex]] = field(default_factory=dict)  # 14.0 objectives held
    image = None                                   # drawn art, never a scan
    hexsides: Mapping = field(default_factory=dict)  # no per-hexside terrain in this system

    def contains(self, h: Hex) -> bool:
        return h in self.hexes

    def terrain(self, h: Hex) -> str:
        return self.hexes[h].terrain

    def altitude(self, h: Hex) -> int:
        return self.hexes[h].altitude

    def is_crag(self, a: Hex, b: Hex) -> bool:
        return Hexside.of(a, b) in self.crags

    def is_stream(self, a: Hex, b: Hex) -> bool:
        return Hexside.of(a, b) in self.streams

    def is_river(self, a: Hex, b: Hex) -> bool:
        return Hexside.of(a, b) in self.rivers

    def is_bridged(self, a: Hex, b: Hex) -> bool:
        return Hexside.of(a, b) in self.bridges

    def has_road(self, a: Hex, b: Hex) -> bool:
        return Hexside.of(a, b) in self.road_sides

    def road_hexes(self) -> frozenset[Hex]:
        return frozenset(h for r in self.roads for h in r.hexes)

    def is_edge(self, h: Hex) -> bool:
        """A map-edge hex (7.9.2): one of its six neighbours is not on the map."""
        return any(n not in self.hexes for n in h.neighbours())

    def named(self, name: str) -> BmHex | None:
        key = name.casefold()
        for info in self.hexes.values():
            if info.name and info.name.casefold() == key:
                return info
        return None

    def objectives(self) -> dict[Hex, BmHex]:
        return {h: i for h, i in self.hexes.items() if i.objective}


def load_map(path: str | Path, errors: list[ModgenError], display_name: str | None = None) -> BmMap | None:
    """Read and validate one map file; every problem goes to ``errors`` (None if any)."""
    path = Path(path)
    opened = open_map_file(path, errors, TOP_KEYS, display_name=display_name,
                           shape="id, name, grid, terrain, ...")
    if opened is None:
        return None
    doc, ctx, map_id, title = opened
    name = ctx.file
    map_id = map_id or ""
    prov = read_provenance(ctx, doc, PROVENANCE_KINDS)
    grid = read_grid(ctx, doc)
    if grid is None:
        return None
    terrain = _rows(ctx, doc, "terrain", grid, _terrain_cell, required=True)
    elevation = _rows(ctx, doc, "elevation", grid, _elevation_cell, required=False, tokens=True)
    hexes_t = {h: t for h, t in terrain.items() if t is not None}
    crags = _hexside_set(ctx, doc, "crags", grid, hexes_t)
    streams = _named_hexsides(ctx, doc, "streams", grid, hexes_t)
    rivers = _named_hexsides(ctx, doc, "rivers", grid, hexes_t)
    for s in set(streams) & set(rivers):
        ctx.err(doc.line_of("rivers"), "rivers", f"hexside {s} is both a stream and a river")
    bridges = _hexside_set(ctx, doc, "bridges", grid, hexes_t)
    for s in sorted(bridges - set(rivers) - set(streams)):
        ctx.err(doc.line_of("bridges"), "bridges", f"hexside {s} has a bridge but no stream or river")
    roads = _roads(ctx, doc, grid, hexes_t, crags)
    places = _places(ctx, doc, grid, hexes_t)
    edges = _supply_edges(ctx, doc, grid, hexes_t)
    control = _control(ctx, doc, places)
    if ctx.count:
        return None
    hexes = {}
    for h in sorted(hexes_t):
        nm, obj = places.get(h, (None, None))
        el = elevation.get(h)
        hexes[h] = BmHex(h, hexes_t[h], el * 100 if el is not None else None, nm, obj)
    road_sides = frozenset(Hexside.of(a, b) for r in roads for a, b in zip(r.hexes, r.hexes[1:]))
    return BmMap(id=map_id, name=title, grid=grid, hexes=hexes, crags=frozenset(crags),
                 streams=dict(sorted(streams.items())), rivers=dict(sorted(rivers.items())),
                 bridges=frozenset(bridges), roads=tuple(roads), supply_edges=edges, provenance=prov,
                 source=Source(name, doc.line), road_sides=road_sides, control_at_start=control)


# --------------------------------------------------------------------------- sections

def _terrain_cell(ctx, ch, h, line, fld):
    if ch == OFF_MAP:
        return None
    if ch not in TERRAIN_CODES:
        ctx.err(line, fld, f"hex {h}: unknown terrain code {ch!r} "
                f"({' '.join(f'{k}={v}' for k, v in TERRAIN_CODES.items())}, '.' off the map)")
        return None
    return TERRAIN_CODES[ch]


def _elevation_cell(ctx, tok, h, line, fld):
    if not tok.isdigit():
        ctx.err(line, fld, f"hex {h}: {tok!r} is not a whole number of hundreds of metres")
        return None
    return int(tok)


def _rows(ctx, doc, key, grid, cell, *, required, tokens=False) -> dict[Hex, Any]:
    sec = doc.get(key)
    out: dict[Hex, Any] = {}
    if sec is None and not required:
        return out
    if not isinstance(sec, YDict):
        ctx.err(doc.line_of(key), key, f"required mapping: row number -> string, rows {grid.first_row}..{grid.last_row}")
        return out
    ncols = grid.last_col - grid.first_col + 1
    seen = set()
    for k in sec:
        line = sec.line_of(k)
        if isinstance(k, bool) or not isinstance(k, int) or not grid.first_row <= k <= grid.last_row:
            ctx.err(line, f"{key}.{k}", f"the key must be a row number {grid.first_row}..{grid.last_row}")
            continue
        seen.add(k)
        text = sec[k]
        if not isinstance(text, str):
            ctx.err(line, f"{key}.{k}", f"must be a string, got {text!r}")
            continue
        cells = text.split() if tokens else list("".join(text.split()))
        if len(cells) != ncols:
            ctx.err(line, f"{key}.{k}", f"has {len(cells)} hexes, the map has {ncols} columns "
                    f"({grid.first_col:02d}..{grid.last_col:02d})")
            continue
        for i, ch in enumerate(cells):
            h = Hex(grid.first_col + i, k)
            out[h] = cell(ctx, ch, h, line, f"{key}.{k}")
    for r in range(grid.first_row, grid.last_row + 1):
        if r not in seen:
            ctx.err(doc.line_of(key), f"{key}.{r}", f"row {r} is missing")
    return out


def _hexsides(ctx, text, line, fld, grid, hexes) -> list[Hexside]:
    out = []
    if not isinstance(text, str):
        ctx.err(line, fld, "must be a string of hexsides CCRR/CCRR")
        return out
    for tok in text.split():
        parts = re.split(r"[/|]", tok)
        try:
            a, b = Hex.parse(parts[0]), Hex.parse(parts[1]) if len(parts) == 2 else None
        except ModgenError:
            a = b = None
        if a is None or b is None:
            ctx.err(line, fld, f"{tok!r} is not a hexside (CCRR/CCRR)")
            continue
        if a.direction_to(b) is None:
            ctx.err(line, fld, f"{tok}: hexes {a} and {b} are not adjacent")
            continue
        missing = [x for x in (a, b) if x not in hexes]
        if missing:
            ctx.err(line, fld, f"{tok}: hex {missing[0]} is not on the map")
            continue
        out.append(Hexside.of(a, b))
    return out


def _hexside_set(ctx, doc, key, grid, hexes) -> set[Hexside]:
    if key not in doc:
        return set()
    out = set()
    for s in _hexsides(ctx, doc[key], doc.line_of(key), key, grid, hexes):
        if s in out:
            ctx.err(doc.line_of(key), key, f"hexside {s} is listed twice")
        out.add(s)
    return out


def _named_hexsides(ctx, doc, key, grid, hexes) -> dict[Hexside, str]:
    out: dict[Hexside, str] = {}
    sec = doc.get(key, [])
    if not isinstance(sec, list):
        ctx.err(doc.line_of(key), key, "must be a list of {name, hexsides}")
        return out
    for i, item in enumerate(sec):
        if not isinstance(item, YDict):
            ctx.err(node_line(sec, i), f"{key}[{i}]", "must be a mapping {name, hexsides}")
            continue
        nm = item.get("name", "")
        fld = f"{key}[{nm or i}]"
        for k in item:
            if k not in ("name", "hexsides"):
                ctx.err(item.line_of(k), f"{fld}.{k}", "unknown key (name, hexsides)")
        for s in _hexsides(ctx, item.get("hexsides"), item.line_of("hexsides"), f"{fld}.hexsides", grid, hexes):
            if s in out:
                ctx.err(item.line_of("hexsides"), f"{fld}.hexsides", f"hexside {s} is already listed ({out[s] or 'unnamed'})")
                continue
            out[s] = str(nm or "")
    return out


def _roads(ctx, doc, grid, hexes, crags) -> list[Road]:
    out = []
    sec = doc.get("roads", [])
    if not isinstance(sec, list):
        ctx.err(doc.line_of("roads"), "roads", "must be a list of {name, hexes}")
        return out
    for i, item in enumerate(sec):
        if not isinstance(item, YDict):
            ctx.err(node_line(sec, i), f"roads[{i}]", "must be a mapping {name, hexes}")
            continue
        nm = str(item.get("name", f"#{i + 1}"))
        fld = f"roads[{nm}]"
        for k in item:
            if k not in ("name", "hexes"):
                ctx.err(item.line_of(k), f"{fld}.{k}", "unknown key (name, hexes)")
        text = item.get("hexes")
        line = item.line_of("hexes")
        if not isinstance(text, str) or len(text.split()) < 2:
            ctx.err(line, f"{fld}.hexes", "required string of at least two adjacent hexes")
            continue
        chain = []
        ok = True
        for t in text.split():
            try:
                h = Hex.parse(t)
            except ModgenError as e:
                ctx.err(line, f"{fld}.hexes", e.message)
                ok = False
                continue
            if h not in hexes:
                ctx.err(line, f"{fld}.hexes", f"hex {h} is not on the map")
                ok = False
            chain.append(h)
        for a, b in zip(chain, chain[1:]):
            if a.direction_to(b) is None:
                ctx.err(line, f"{fld}.hexes", f"{a} {b}: consecutive hexes are not adjacent")
                ok = False
            elif Hexside.of(a, b) in crags:
                ctx.err(line, f"{fld}.hexes", f"{a} {b}: the road crosses a crag hexside (4.5)")
                ok = False
        if ok:
            out.append(Road(nm, tuple(chain)))
    return out


def _places(ctx, doc, grid, hexes) -> dict[Hex, tuple[str | None, str | None]]:
    out: dict[Hex, tuple[str | None, str | None]] = {}
    sec = doc.get("places", {})
    if not isinstance(sec, YDict):
        ctx.err(doc.line_of("places"), "places", 'must be a mapping "CCRR": "Name (small_town|town|peak)"')
        return out
    for k, v in sec.items():
        line = sec.line_of(k)
        fld = f"places.{k}"
        if not isinstance(k, str):
            ctx.err(line, fld, 'write the hex number in quotes ("CCRR"): YAML reads 0710 as a number')
            continue
        try:
            h = Hex.parse(k)
        except ModgenError as e:
            ctx.err(line, fld, e.message)
            continue
        if h not in hexes:
            ctx.err(line, fld, f"hex {h} is not on the map")
            continue
        m = _PLACE_RE.match(v) if isinstance(v, str) else None
        if not m or not m["name"]:
            ctx.err(line, fld, f"must be \"Name (small_town|town|peak)\", got {v!r}")
            continue
        tag = (m["tag"] or "").strip() or None
        if tag is not None and tag not in OBJECTIVES:
            ctx.err(line, fld, f"unknown objective class {tag!r} (known: {', '.join(OBJECTIVES)})")
            continue
        out[h] = (m["name"], tag)
    return out


def _control(ctx, doc, places) -> dict[str, frozenset[Hex]]:
    out: dict[str, frozenset[Hex]] = {}
    sec = doc.get("control_at_start", {})
    if not isinstance(sec, YDict):
        ctx.err(doc.line_of("control_at_start"), "control_at_start", 'must be a mapping nation: "CCRR CCRR ..."')
        return out
    for nation, text in sec.items():
        fld = f"control_at_start.{nation}"
        line = sec.line_of(nation)
        if not isinstance(text, str):
            ctx.err(line, fld, "must be a string of hexes")
            continue
        hs = set()
        for t in text.split():
            try:
                h = Hex.parse(t)
            except ModgenError as e:
                ctx.err(line, fld, e.message)
                continue
            if places.get(h, (None, None))[1] is None:
                ctx.err(line, fld, f"hex {h} is not an objective (small town, town or peak)")
                continue
            hs.add(h)
        out[str(nation)] = frozenset(hs)
    return out


def _supply_edges(ctx, doc, grid, hexes) -> dict[str, frozenset[Hex]]:
    out: dict[str, frozenset[Hex]] = {}
    sec = doc.get("supply_edges", [])
    if not isinstance(sec, list):
        ctx.err(doc.line_of("supply_edges"), "supply_edges", "must be a list of {nation, rule, hexes}")
        return out
    for i, item in enumerate(sec):
        if not isinstance(item, YDict):
            ctx.err(node_line(sec, i), f"supply_edges[{i}]", "must be a mapping {nation, rule, hexes}")
            continue
        nation = item.get("nation")
        fld = f"supply_edges[{nation or i}]"
        for k in item:
            if k not in ("nation", "rule", "hexes"):
                ctx.err(item.line_of(k), f"{fld}.{k}", "unknown key (nation, rule, hexes)")
        if not isinstance(nation, str) or not nation:
            ctx.err(item.line_of("nation"), f"{fld}.nation", "required nation id")
            continue
        text = item.get("hexes")
        line = item.line_of("hexes")
        if not isinstance(text, str):
            ctx.err(line, f"{fld}.hexes", "required string of hexes")
            continue
        hs = set()
        for t in text.split():
            try:
                h = Hex.parse(t)
            except ModgenError as e:
                ctx.err(line, f"{fld}.hexes", e.message)
                continue
            if h not in hexes:
                ctx.err(line, f"{fld}.hexes", f"hex {h} is not on the map")
            elif all(n in hexes for n in h.neighbours()):
                ctx.err(line, f"{fld}.hexes", f"hex {h} is not a map-edge hex")
            else:
                hs.add(h)
        out[nation] = frozenset(hs)
    return out
