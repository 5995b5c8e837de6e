"""Map files (``maps/<id>.yaml``): the compact hex notation, its loader and validator.

The notation (documented for maintainers at the top of ``maps/6-4.yaml``):

``grid``
    ``{first_col, last_col, first_row, last_row, hex_height}``: the printed extent (every hex
    ``CCRR`` with first_col <= CC <= last_col and first_row <= RR <= last_row) and the drawing
    scale (VASSAL ``dy`` in pixels).
``countries``
    one-letter code -> nation id (``I: italy``). ``neutral`` lists the nation ids that are neutral
    countries on this map (rule 10-6, 14-12).
``hexes``
    one entry per printed row (key = row number), a string with one character per column from
    ``first_col`` to ``last_col`` (spaces are ignored): a country code for a land hex, ``~`` sea,
    ``=`` lake, ``.`` not on the map.
``hexsides``
    one entry per printed row, one 3-letter token per column (space separated) giving the terrain
    of the hex's N, NE and SE hexsides, so every hexside is written exactly once (the S, SW and NW
    hexsides belong to the neighbours). Codes: see ``TERRAIN_CODES``; ``.`` = no hexside (the
    neighbour is not on the map, or this hex is not).
``rivers``
    ``[{name, major: bool, hexsides: "CCRR/CCRR CCRR:SE,S ..."}]``; a token is a pair of adjacent
    hexes or a hex with the directions of its hexsides.
``rails``
    ``[{name, track: double|single, hexes: "CCRR CCRR ..."}]``: a chain of adjacent hexes; the
    line crosses every hexside between consecutive hexes, centre to centre. Where lines share a
    hexside the double track wins.
``rail_exits`` (optional)
    ``"CCRR": "DIR,DIR"``: a land hex with a rail line that leaves the sheet across the named
    edge hexside(s) (a map-edge rail hex: reinforcements arrive there, off-map rail moves start
    there). The neighbour in that direction must be off the map. The exit makes the hex a rail
    hex even where the line crosses no hexside of the sheet (a line that only clips a corner).
``lines`` (optional)
    ``[{name, rule, hexsides: "CCRR/CCRR ..."}]``: a named line along hexsides that is neither a
    river nor a national border (the 1919 border of Russia of 11-31).
``places``
    ``"CCRR": "Name (city, capital, port, fortress)"``; the name or the tags may be omitted.
``art`` (optional)
    ``{downsample: lanczos|box}``: how the drawn map's 2× drawing is reduced to the board
    (default lanczos; box, a 2×2 mean, is several times faster: the Eastern Front's sheets).
``image`` (optional)
    ``{file, x0, y0, dx, dy}``: a scanned printed map, path relative to the map file, used as the
    board image as it is. (x0, y0) is the pixel centre of hex (first_col, first_row); dx the
    horizontal distance between the centres of neighbouring columns, dy the hex height (the
    distance between the centres of two hexes of one column) -- VASSAL's HexGrid dx/dy.

National borders are not written: a hexside is a border when its two hexes are land of different
countries. Every problem is appended to ``errors`` as ``file:line: field: message``; when there
is any, ``load_map`` returns None (no partially valid map reaches the generator or the checker).
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ..errors import ModgenError
from ..hexgrid import DIRECTIONS, Hex, Hexside
from .types import (TERRAINS, HexInfo, HexsideInfo, MapDef, MapGrid, MapLine, Provenance,
                    ScannedImage, Source)
from .yamlio import YDict, YList, load_yaml

#: hexside terrain letter -> TERRAINS name
TERRAIN_CODES: dict[str, str] = {
    "c": "clear", "b": "broken", "h": "hilly", "w": "woods", "s": "swamp", "r": "rough",
    "W": "wooded_rough", "m": "mountain", "a": "alpine", "u": "urban", "U": "suburban",
    "o": "ocean", "l": "lake",
}
CODE_OF_TERRAIN: dict[str, str] = {v: k for k, v in TERRAIN_CODES.items()}
assert set(TERRAIN_CODES.values()) == set(TERRAINS)

SEA, LAKE, OFF_MAP = "~", "=", "."
#: the three hexsides each hex owns, as DIRECTIONS indices (N, NE, SE)
OWNED_DIRECTIONS = (0, 1, 2)
PLACE_TAGS = ("city", "capital", "port", "fortress")
PROVENANCE_KINDS = ("rulebook", "placeholder", "schematic", "scan")
TOP_KEYS = ("id", "name", "provenance", "grid", "countries", "neutral", "hexes", "hexsides",
            "rivers", "rails", "rail_exits", "lines", "places", "image", "art")

_PLACE_RE = re.compile(r"^\s*(?P<name>[^()]*?)\s*(?:\((?P<tags>[^()]*)\))?\s*$")
_HEXSIDE_DIRS_RE = re.compile(r"^(?P<hex>\d{4}):(?P<dirs>[A-Z,]+)$")


class MapFileCtx:
    """Error collection for one map file."""

    def __init__(self, file: str, errors: list[ModgenError]):
        self.file = file
        self.errors = errors
        self.count = 0
        self.bad_rows: set[int] = set()   # rows of hexes already reported unreadable

    def unknown(self, *hexes: Hex) -> bool:
        """True when one of these hexes lies in an unreadable row (do not report it twice)."""
        return any(h.row in self.bad_rows for h in hexes)

    def err(self, line: int | None, fld: str, message: str) -> None:
        self.count += 1
        self.errors.append(ModgenError(message, file=self.file, line=line or None, field=fld))


def node_line(node: Any, key: Any = None) -> int | None:
    """The line of a YAML node (or of its ``key``), None when unknown."""
    if isinstance(node, (YDict, YList)):
        return (node.line_of(key) if key is not None else node.line) or None
    return None


def _int(ctx: MapFileCtx, node: YDict, key: str, fld: str, *, minimum: int | None = None) -> int | None:
    v = node.get(key)
    if isinstance(v, bool) or not isinstance(v, int):
        ctx.err(node_line(node, key), f"{fld}.{key}", f"must be an integer, got {v!r}")
        return None
    if minimum is not None and v < minimum:
        ctx.err(node_line(node, key), f"{fld}.{key}", f"must be at least {minimum}, got {v}")
        return None
    return v


def _number(ctx: MapFileCtx, node: YDict, key: str, fld: str) -> float | None:
    v = node.get(key)
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not v > 0:
        ctx.err(node_line(node, key), f"{fld}.{key}", f"must be a positive number, got {v!r}")
        return None
    return float(v)


def _hex_token(ctx: MapFileCtx, text: str, line: int | None, fld: str, grid: MapGrid) -> Hex | None:
    try:
        h = Hex.parse(text)
    except ModgenError as e:
        ctx.err(line, fld, e.message)
        return None
    if not (grid.first_col <= h.col <= grid.last_col and grid.first_row <= h.row <= grid.last_row):
        ctx.err(line, fld, f"hex {h} is outside the map extent "
                f"{grid.first_col:02d}{grid.first_row:02d}-{grid.last_col:02d}{grid.last_row:02d}")
        return None
    return h


def open_map_file(path: str | Path, errors: list[ModgenError], top_keys: tuple[str, ...], *,
                  display_name: str | None = None, shape: str = "id, name, grid, ..."):
    """The opening every map file shares, whatever its rules system: read the YAML, check it is a
    mapping of known keys whose ``id`` is the file's name and whose ``name`` is a string.
    ``(doc, ctx, map_id, title)`` (``map_id`` None when unusable), or None when the file is not
    a mapping at all; every problem goes to ``errors`` (through ``ctx``)."""
    path = Path(path)
    name = display_name or str(path)
    try:
        doc = load_yaml(path, display_name=name)
    except ModgenError as e:
        errors.append(e)
        return None
    ctx = MapFileCtx(name, errors)
    if not isinstance(doc, YDict):
        ctx.err(1, "map", f"the file must be a mapping ({shape})")
        return None
    for key in doc:
        if key not in top_keys:
            ctx.err(doc.line_of(key), str(key), f"unknown key (expected one of {', '.join(top_keys)})")
    map_id = doc.get("id")
    if not isinstance(map_id, str) or not map_id:
        ctx.err(doc.line_of("id"), "id", f"must be a non-empty string (e.g. '6-4'), got {map_id!r}")
        map_id = None
    elif map_id != path.stem:
        ctx.err(doc.line_of("id"), "id", f"{map_id!r} does not match the file name {path.name!r}")
    title = doc.get("name", map_id)
    if not isinstance(title, str):
        ctx.err(doc.line_of("name"), "name", "must be a string")
        title = map_id
    return doc, ctx, map_id, title


def load_map(path: str | Path, errors: list[ModgenError]) -> MapDef | None:
    """Read and validate one map file. Appends every problem to ``errors``; None if any."""
    path = Path(path)
    opened = open_map_file(path, errors, TOP_KEYS, shape="id, name, grid, hexes, hexsides, ...")
    if opened is None:
        return None
    doc, ctx, map_id, title = opened
    name = ctx.file

    provenance = read_provenance(ctx, doc)
    grid = read_grid(ctx, doc)
    countries, neutral = _countries(ctx, doc)
    image = _image(ctx, doc, path)
    if grid is None or countries is None:
        return None

    hexes, bad_rows = _hexes(ctx, doc, grid, countries)
    ctx.bad_rows = bad_rows
    hexsides = _hexsides(ctx, doc, grid, hexes, bad_rows)
    _rivers(ctx, doc, grid, hexsides)
    _rails(ctx, doc, grid, hexes, hexsides)
    exits = _rail_exits(ctx, doc, grid, hexes, hexsides)
    lines = _lines(ctx, doc, grid, hexsides)
    _places(ctx, doc, grid, hexes)
    if ctx.count:
        return None

    # borders: land hexes of different countries
    final_sides: dict[Hexside, HexsideInfo] = {}
    for side, info in hexsides.items():
        a, b = hexes[side.a], hexes[side.b]
        border = a.land and b.land and a.country != b.country
        final_sides[side] = HexsideInfo(side=side, terrain=info["terrain"], river=info["river"],
                                        major_river=info["major_river"], rail=info["rail"],
                                        border=border, river_name=info.get("river_name"),
                                        lines=tuple(info.get("lines", ())))
    downsample = "lanczos"
    art = doc.get("art")
    if art is not None:
        value = art.get("downsample", "lanczos") if isinstance(art, dict) else None
        if value not in ("lanczos", "box"):
            ctx.err(doc.line_of("art"), "art.downsample", "must be lanczos or box")
            return None
        downsample = value
    return MapDef(id=map_id, name=title, grid=grid, hexes=dict(sorted(hexes.items())),
                  hexsides=dict(sorted(final_sides.items())), provenance=provenance, image=image,
                  source=Source(name, doc.line), neutral=tuple(neutral),
                  rail_exits=dict(sorted(exits.items())), lines=tuple(lines), downsample=downsample)


# --------------------------------------------------------------------------- sections


def read_provenance(ctx: MapFileCtx, doc: YDict, kinds: tuple[str, ...] = PROVENANCE_KINDS) -> Provenance:
    """The map's ``provenance`` mapping (kind one of ``kinds``; a placeholder or schematic map says
    why)."""
    p = doc.get("provenance")
    if not isinstance(p, YDict):
        ctx.err(doc.line_of("provenance"), "provenance",
                f"required mapping {{kind: {'|'.join(kinds)}, reason, sources}}")
        return Provenance("placeholder", "provenance missing")
    kind = p.get("kind")
    if kind not in kinds:
        ctx.err(p.line_of("kind"), "provenance.kind", f"must be one of {', '.join(kinds)}, got {kind!r}")
        kind = "placeholder"
    reason = p.get("reason", "")
    if not isinstance(reason, str):
        ctx.err(p.line_of("reason"), "provenance.reason", "must be a string")
        reason = ""
    if kind in ("placeholder", "schematic") and not reason.strip():
        ctx.err(p.line_of("kind"), "provenance.reason", f"a {kind} map must say why (reason)")
    sources = p.get("sources", [])
    if not isinstance(sources, list) or not all(isinstance(s, str) for s in sources):
        ctx.err(p.line_of("sources"), "provenance.sources", "must be a list of strings")
        sources = []
    return Provenance(kind, " ".join(reason.split()), tuple(" ".join(s.split()) for s in sources))


def read_grid(ctx: MapFileCtx, doc: YDict) -> MapGrid | None:
    """The map's ``grid`` mapping: the CCRR extent and the hex height in pixels."""
    g = doc.get("grid")
    if not isinstance(g, YDict):
        ctx.err(doc.line_of("grid"), "grid", "required mapping {first_col, last_col, first_row, last_row, hex_height}")
        return None
    vals = {k: _int(ctx, g, k, "grid", minimum=0) for k in ("first_col", "last_col", "first_row", "last_row")}
    hh = _number(ctx, g, "hex_height", "grid") if "hex_height" in g else 64.0
    if any(v is None for v in vals.values()) or hh is None:
        return None
    bad = False
    for a, b in (("first_col", "last_col"), ("first_row", "last_row")):
        if vals[a] > vals[b]:
            ctx.err(g.line_of(b), f"grid.{b}", f"{b} {vals[b]} is before {a} {vals[a]}")
            bad = True
        if vals[b] > 99:
            ctx.err(g.line_of(b), f"grid.{b}", "hex numbers are CCRR: at most 99")
            bad = True
    if hh < 8:
        ctx.err(g.line_of("hex_height"), "grid.hex_height", "must be at least 8 pixels")
        bad = True
    return None if bad else MapGrid(hex_height=hh, **vals)


def _countries(ctx: MapFileCtx, doc: YDict) -> tuple[dict[str, str] | None, list[str]]:
    c = doc.get("countries")
    if not isinstance(c, YDict) or not c:
        ctx.err(doc.line_of("countries"), "countries", "required mapping: one-letter code -> nation id")
        return None, []
    out: dict[str, str] = {}
    for code, nation in c.items():
        if not (isinstance(code, str) and len(code) == 1 and code not in (SEA, LAKE, OFF_MAP, " ")):
            ctx.err(c.line_of(code), f"countries.{code}", "a country code is one character other than '~', '=', '.' and space")
            continue
        if not isinstance(nation, str) or not nation:
            ctx.err(c.line_of(code), f"countries.{code}", f"nation id must be a string, got {nation!r}")
            continue
        if nation in out.values():
            ctx.err(c.line_of(code), f"countries.{code}", f"nation {nation!r} has two codes")
            continue
        out[code] = nation
    neutral = doc.get("neutral", [])
    res: list[str] = []
    if not isinstance(neutral, list):
        ctx.err(doc.line_of("neutral"), "neutral", "must be a list of nation ids")
    else:
        for i, n in enumerate(neutral):
            if n not in out.values():
                ctx.err(node_line(neutral, i), "neutral", f"{n!r} is not one of the countries")
            else:
                res.append(n)
    return out, res


def _image(ctx: MapFileCtx, doc: YDict, path: Path) -> ScannedImage | None:
    if "image" not in doc:
        return None
    im = doc["image"]
    if not isinstance(im, YDict):
        ctx.err(doc.line_of("image"), "image", "must be a mapping {file, x0, y0, dx, dy}")
        return None
    f = im.get("file")
    ok = True
    if not isinstance(f, str) or not f:
        ctx.err(im.line_of("file"), "image.file", "must name the scanned map image")
        ok = False
    else:
        p = Path(f)
        if p.is_absolute() or ".." in p.parts:
            ctx.err(im.line_of("file"), "image.file", "must be a path inside the map folder")
            ok = False
        elif not (path.parent / p).is_file():
            ctx.err(im.line_of("file"), "image.file", f"file not found: {path.parent / p}")
            ok = False
    x0 = _int(ctx, im, "x0", "image")
    y0 = _int(ctx, im, "y0", "image")
    dx = _number(ctx, im, "dx", "image")
    dy = _number(ctx, im, "dy", "image")
    if not ok or None in (x0, y0, dx, dy):
        return None
    return ScannedImage(file=str(path.parent / f), x0=x0, y0=y0, dx=dx, dy=dy)


def _row_entries(ctx: MapFileCtx, doc: YDict, key: str, grid: MapGrid):
    """Yield (row, text, line) for every printed row of a per-row section."""
    sec = doc.get(key)
    if not isinstance(sec, YDict):
        ctx.err(doc.line_of(key), key, f"required mapping: row number -> string, rows {grid.first_row}..{grid.last_row}")
        return
    by_row: dict[int, Any] = {}
    for k in sec:
        if isinstance(k, bool) or not (isinstance(k, int) or (isinstance(k, str) and k.isdigit())):
            ctx.err(sec.line_of(k), f"{key}.{k}", "the key must be a row number")
        elif not grid.first_row <= int(k) <= grid.last_row:
            ctx.err(sec.line_of(k), f"{key}.{k}", f"row {k} is outside the map extent ({grid.first_row}..{grid.last_row})")
        elif int(k) in by_row:
            ctx.err(sec.line_of(k), f"{key}.{k}", f"row {int(k)} is given twice")
        else:
            by_row[int(k)] = k
    for row in range(grid.first_row, grid.last_row + 1):
        if row not in by_row:
            ctx.err(doc.line_of(key), f"{key}.{row}", f"row {row} is missing")
            continue
        k = by_row[row]
        text = sec[k]
        if not isinstance(text, str):
            ctx.err(sec.line_of(k), f"{key}.{row}", f"must be a string, got {text!r}")
            continue
        yield row, text, sec.line_of(k)


def _hexes(ctx: MapFileCtx, doc: YDict, grid: MapGrid,
           countries: dict[str, str]) -> tuple[dict[Hex, HexInfo], set[int]]:
    """The hexes, and the rows that could not be read (their hexsides are not checked again)."""
    ncols = grid.last_col - grid.first_col + 1
    hexes: dict[Hex, HexInfo] = {}
    good_rows: set[int] = set()
    for row, text, line in _row_entries(ctx, doc, "hexes", grid):
        cells = "".join(text.split())
        good_rows.add(row)
        if len(cells) != ncols:
            good_rows.discard(row)
            ctx.err(line, f"hexes.{row}", f"has {len(cells)} hexes, the map has {ncols} columns "
                    f"({grid.first_col:02d}..{grid.last_col:02d})")
            continue
        for i, ch in enumerate(cells):
            h = Hex(grid.first_col + i, row)
            if ch == OFF_MAP:
                continue
            if ch in (SEA, LAKE):
                hexes[h] = HexInfo(hex=h, land=False)
            elif ch in countries:
                hexes[h] = HexInfo(hex=h, land=True, country=countries[ch])
            else:
                ctx.err(line, f"hexes.{row}", f"hex {h}: unknown code {ch!r} (country codes "
                        f"{', '.join(sorted(countries))}, '~' sea, '=' lake, '.' off map)")
                good_rows.discard(row)
    bad_rows = set(range(grid.first_row, grid.last_row + 1)) - good_rows
    return hexes, bad_rows


def _hexsides(ctx: MapFileCtx, doc: YDict, grid: MapGrid, hexes: dict[Hex, HexInfo],
              bad_rows: set[int]) -> dict[Hexside, dict]:
    ncols = grid.last_col - grid.first_col + 1
    lake_code = doc.get("hexes") if isinstance(doc.get("hexes"), YDict) else {}
    lakes = set()
    for k, text in (lake_code.items() if isinstance(lake_code, dict) else ()):
        if isinstance(text, str) and not isinstance(k, bool) and str(k).isdigit():
            cells = text.replace(" ", "")
            lakes.update(Hex(grid.first_col + i, int(k)) for i, ch in enumerate(cells) if ch == LAKE)
    sides: dict[Hexside, dict] = {}
    for row, text, line in _row_entries(ctx, doc, "hexsides", grid):
        tokens = text.split()
        if len(tokens) != ncols:
            ctx.err(line, f"hexsides.{row}", f"has {len(tokens)} tokens, the map has {ncols} columns")
            continue
        for i, tok in enumerate(tokens):
            h = Hex(grid.first_col + i, row)
            if len(tok) != 3:
                ctx.err(line, f"hexsides.{row}", f"hex {h}: {tok!r} must be 3 letters (N, NE, SE hexsides)")
                continue
            for d, ch in zip(OWNED_DIRECTIONS, tok):
                n = h.neighbour(d)
                if h.row in bad_rows or n.row in bad_rows:
                    continue          # the row of hexes is already reported
                if h not in hexes or n not in hexes:
                    if ch != OFF_MAP:
                        ctx.err(line, f"hexsides.{row}", f"{_side_name(h, n, d)}: "
                                f"{'the neighbour' if h in hexes else 'this hex'} "
                                f"is not on the map, write '.' not {ch!r}")
                    continue
                if ch not in TERRAIN_CODES:
                    ctx.err(line, f"hexsides.{row}", f"{_side_name(h, n, d)}: unknown terrain code {ch!r} "
                            f"({' '.join(f'{k}={v}' for k, v in TERRAIN_CODES.items())})")
                    continue
                terrain = TERRAIN_CODES[ch]
                if not (hexes[h].land and hexes[n].land):
                    water = [x for x in (h, n) if not hexes[x].land]
                    if terrain not in ("ocean", "lake"):
                        ctx.err(line, f"hexsides.{row}", f"{_side_name(h, n, d)}: touches water hex {water[0]}, "
                                f"must be ocean or lake, not {terrain}")
                        continue
                    if any(x in lakes for x in water) and terrain != "lake":
                        ctx.err(line, f"hexsides.{row}", f"{_side_name(h, n, d)}: touches lake hex, "
                                f"must be lake, not {terrain}")
                        continue
                # n is h's neighbour: the hexside without Hexside.of's adjacency check
                sides[Hexside(h, n) if h < n else Hexside(n, h)] = {
                    "terrain": terrain, "river": False, "major_river": False, "rail": None, "line": line}
    return sides


def _side_name(h: Hex, n: Hex, d: int) -> str:
    """How an error names the hexside of ``h`` towards its neighbour ``n`` (direction ``d``)."""
    return f"hex {h} {DIRECTIONS[d]} hexside ({h}/{n})"


def _hexside_tokens(ctx: MapFileCtx, text: str, line: int | None, fld: str, grid: MapGrid):
    for tok in text.split():
        m = _HEXSIDE_DIRS_RE.match(tok)
        if m:
            h = _hex_token(ctx, m["hex"], line, fld, grid)
            if h is None:
                continue
            for d in m["dirs"].split(","):
                if d not in DIRECTIONS:
                    ctx.err(line, fld, f"{tok}: unknown direction {d!r} (N, NE, SE, S, SW, NW)")
                    continue
                yield tok, Hexside.of(h, h.neighbour(d))
            continue
        parts = re.split(r"[/|]", tok)
        if len(parts) != 2:
            ctx.err(line, fld, f"{tok!r} is not a hexside (CCRR/CCRR or CCRR:DIR,DIR)")
            continue
        a = _hex_token(ctx, parts[0], line, fld, grid)
        b = _hex_token(ctx, parts[1], line, fld, grid)
        if a is None or b is None:
            continue
        if a.direction_to(b) is None:
            ctx.err(line, fld, f"{tok}: hexes {a} and {b} are not adjacent")
            continue
        yield tok, Hexside.of(a, b)


def _list_section(ctx: MapFileCtx, doc: YDict, key: str):
    sec = doc.get(key, [])
    if not isinstance(sec, list):
        ctx.err(doc.line_of(key), key, "must be a list")
        return
    for i, item in enumerate(sec):
        if not isinstance(item, YDict):
            ctx.err(node_line(sec, i), f"{key}[{i}]", "must be a mapping")
            continue
        yield i, item


def _rivers(ctx: MapFileCtx, doc: YDict, grid: MapGrid, sides: dict[Hexside, dict]) -> None:
    seen: dict[Hexside, str] = {}
    for i, item in _list_section(ctx, doc, "rivers"):
        name = item.get("name", f"#{i + 1}")
        fld = f"rivers[{name}]"
        major = item.get("major", False)
        if not isinstance(major, bool):
            ctx.err(item.line_of("major"), f"{fld}.major", "must be true or false")
            continue
        text = item.get("hexsides")
        if not isinstance(text, str) or not text.strip():
            ctx.err(item.line_of("hexsides"), f"{fld}.hexsides", "required string of hexsides")
            continue
        for k in item:
            if k not in ("name", "major", "hexsides"):
                ctx.err(item.line_of(k), f"{fld}.{k}", "unknown key (name, major, hexsides)")
        line = item.line_of("hexsides")
        for tok, side in _hexside_tokens(ctx, text, line, f"{fld}.hexsides", grid):
            if side in seen:
                ctx.err(line, f"{fld}.hexsides", f"{tok}: hexside {side} is already a river ({seen[side]})")
                continue
            seen[side] = str(name)
            info = sides.get(side)
            if info is None and ctx.unknown(side.a, side.b):
                continue
            if info is None:
                ctx.err(line, f"{fld}.hexsides", f"{tok}: hexside {side} is not on the map")
                continue
            if info["terrain"] in ("ocean", "lake"):
                ctx.err(line, f"{fld}.hexsides", f"{tok}: hexside {side} is {info['terrain']}, not a land hexside")
                continue
            info["major_river" if major else "river"] = True
            info["river_name"] = str(name)


def _rails(ctx: MapFileCtx, doc: YDict, grid: MapGrid, hexes: dict[Hex, HexInfo],
           sides: dict[Hexside, dict]) -> None:
    for i, item in _list_section(ctx, doc, "rails"):
        name = item.get("name", f"#{i + 1}")
        fld = f"rails[{name}]"
        track = item.get("track")
        if track not in ("double", "single"):
            ctx.err(item.line_of("track"), f"{fld}.track", f"must be double or single, got {track!r}")
            continue
        for k in item:
            if k not in ("name", "track", "hexes"):
                ctx.err(item.line_of(k), f"{fld}.{k}", "unknown key (name, track, hexes)")
        text = item.get("hexes")
        line = item.line_of("hexes")
        if not isinstance(text, str) or len(text.split()) < 2:
            ctx.err(line, f"{fld}.hexes", "required string of at least two adjacent hexes")
            continue
        chain = [_hex_token(ctx, t, line, f"{fld}.hexes", grid) for t in text.split()]
        used: set[Hexside] = set()
        for a, b in zip(chain, chain[1:]):
            if a is None or b is None:
                continue
            for x in (a, b):
                if x in hexes and not hexes[x].land:
                    ctx.err(line, f"{fld}.hexes", f"hex {x} is water")
            if a.direction_to(b) is None:
                ctx.err(line, f"{fld}.hexes", f"{a} {b}: consecutive hexes are not adjacent")
                continue
            side = Hexside.of(a, b)
            if side in used:
                ctx.err(line, f"{fld}.hexes", f"{a} {b}: the line crosses hexside {side} twice")
                continue
            used.add(side)
            info = sides.get(side)
            if info is None and ctx.unknown(a, b):
                continue
            if info is None:
                ctx.err(line, f"{fld}.hexes", f"{a} {b}: hexside {side} is not on the map")
                continue
            if info["rail"] != "double":
                info["rail"] = track


def _rail_exits(ctx: MapFileCtx, doc: YDict, grid: MapGrid, hexes: dict[Hex, HexInfo],
                sides: dict[Hexside, dict]) -> dict[Hex, tuple[str, ...]]:
    out: dict[Hex, tuple[str, ...]] = {}
    if "rail_exits" not in doc:
        return out
    sec = doc["rail_exits"]
    if not isinstance(sec, YDict):
        ctx.err(doc.line_of("rail_exits"), "rail_exits", 'must be a mapping "CCRR": "DIR,DIR"')
        return out
    for k, v in sec.items():
        line = sec.line_of(k)
        fld = f"rail_exits.{k}"
        if not isinstance(k, str):
            ctx.err(line, fld, "write the hex number in quotes (\"CCRR\")")
            continue
        h = _hex_token(ctx, k, line, fld, grid)
        if h is None:
            continue
        if h not in hexes or not hexes[h].land:
            if not ctx.unknown(h):
                ctx.err(line, fld, f"hex {h} is not a land hex of the map")
            continue
        dirs = [d.strip() for d in str(v).split(",") if d.strip()] if isinstance(v, str) else []
        if not dirs:
            ctx.err(line, fld, f"must name the edge direction(s) (N, NE, SE, S, SW, NW), got {v!r}")
            continue
        bad = False
        for d in dirs:
            if d not in DIRECTIONS:
                ctx.err(line, fld, f"unknown direction {d!r} (N, NE, SE, S, SW, NW)")
                bad = True
            elif h.neighbour(d) in hexes:
                ctx.err(line, fld, f"the {d} neighbour {h.neighbour(d)} is on the map: not a map edge")
                bad = True
        if not bad:
            out[h] = tuple(sorted(set(dirs), key=DIRECTIONS.index))
    return out


def _lines(ctx: MapFileCtx, doc: YDict, grid: MapGrid, sides: dict[Hexside, dict]) -> list[MapLine]:
    out: list[MapLine] = []
    for i, item in _list_section(ctx, doc, "lines"):
        name = item.get("name")
        fld = f"lines[{name or i}]"
        if not isinstance(name, str) or not name:
            ctx.err(item.line_of("name"), f"{fld}.name", "required string")
            continue
        for k in item:
            if k not in ("name", "rule", "hexsides"):
                ctx.err(item.line_of(k), f"{fld}.{k}", "unknown key (name, rule, hexsides)")
        rule = item.get("rule")
        if rule is not None and not isinstance(rule, str):
            ctx.err(item.line_of("rule"), f"{fld}.rule", "must be a string (the rule number)")
            rule = None
        text = item.get("hexsides")
        if not isinstance(text, str) or not text.strip():
            ctx.err(item.line_of("hexsides"), f"{fld}.hexsides", "required string of hexsides")
            continue
        line = item.line_of("hexsides")
        got: set[Hexside] = set()
        for tok, side in _hexside_tokens(ctx, text, line, f"{fld}.hexsides", grid):
            info = sides.get(side)
            if info is None:
                if not ctx.unknown(side.a, side.b):
                    ctx.err(line, f"{fld}.hexsides", f"{tok}: hexside {side} is not on the map")
                continue
            got.add(side)
            info.setdefault("lines", []).append(name)
        out.append(MapLine(name, rule, frozenset(got)))
    return out


def _places(ctx: MapFileCtx, doc: YDict, grid: MapGrid, hexes: dict[Hex, HexInfo]) -> None:
    if "places" not in doc:
        return
    sec = doc["places"]
    if not isinstance(sec, YDict):
        ctx.err(doc.line_of("places"), "places", "must be a mapping \"CCRR\": \"Name (city, port, ...)\"")
        return
    for k, v in sec.items():
        line = sec.line_of(k)
        fld = f"places.{k}"
        if not isinstance(k, str):
            ctx.err(line, fld, "write the hex number in quotes (\"CCRR\"): YAML reads 0710 as an octal number")
            continue
        h = _hex_token(ctx, k, line, fld, grid)
        if h is None:
            continue
        if h not in hexes:
            if not ctx.unknown(h):
                ctx.err(line, fld, f"hex {h} is not on the map")
            continue
        if not isinstance(v, str) or not (m := _PLACE_RE.match(v)):
            ctx.err(line, fld, f"must be \"Name (tags)\" with tags from {', '.join(PLACE_TAGS)}, got {v!r}")
            continue
        tags = [t.strip() for t in (m["tags"] or "").split(",") if t.strip()]
        bad = [t for t in tags if t not in PLACE_TAGS]
        if bad:
            ctx.err(line, fld, f"unknown tag(s) {', '.join(bad)} (known: {', '.join(PLACE_TAGS)})")
            continue
        if len(set(tags)) != len(tags):
            ctx.err(line, fld, "a tag is given twice")
            continue
        info = hexes[h]
        if not info.land:
            ctx.err(line, fld, f"hex {h} is water: a place must be on land")
            continue
        if ("port" in tags and not any(n in hexes and not hexes[n].land for n in h.neighbours())
                and not ctx.unknown(*h.neighbours())):
            ctx.err(line, fld, f"hex {h} is a port but no neighbour is water")
            continue
        hexes[h] = HexInfo(hex=h, land=True, country=info.country, name=m["name"] or None,
                           city="city" in tags, capital="capital" in tags, port="port" in tags,
                           fortress_site="fortress" in tags)
