"""Map art: a drawn (schematic) map image on the board geometry of ``modgen.model.geometry``.

``render_map(mapdef)`` draws the board image on the grid and board size that
``modgen.model.geometry.board_geometry`` gives (the module writer and the checker use the same
grid); when the map file names a scanned printed map (``image:``) that scan is used as it is,
with the calibration from the file.

Drawing is deterministic: fonts ship with the project, no randomness, shapes drawn at
``SUPERSAMPLE`` times the size and reduced once (anti-aliasing), text drawn at the final size.
"""
from __future__ import annotations

import math
import os
import re
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from PIL import Image, ImageDraw

from ..errors import ModgenError
from ..hexgrid import Hex, Hexside, VassalHexGrid
from ..model.geometry import LEGEND_HEIGHT, MARGIN, board_geometry, scan_size
from ..model.types import MapDef
from .counters import mix, png_bytes  # noqa: F401  (png_bytes: the one PNG encoder; bench_map and tests use it from here)
from .fonts import font

SUPERSAMPLE = 2

PAPER = (246, 242, 228)
SEA = (168, 204, 232)
LAKE = (150, 196, 236)
COAST = (40, 90, 160)
GRID_LINE = (120, 112, 96)
TEXT = (30, 30, 30)
RIVER = (30, 100, 220)
BORDER = (200, 20, 20)
RAIL = (20, 20, 20)
RAIL_CASING = (255, 255, 250)   # the pale edge that keeps a rail line readable on dark relief
RAIL_BROAD = (150, 40, 20)     # Russian network: a different gauge (9-11)
#: a border that follows a minor river: the dashes' width, and the river's (with its pale casing)
#: drawn over their middle, in board pixels
BORDER_RIVER_WIDTH, RIVER_ON_BORDER_CASING, RIVER_ON_BORDER = 12, 6, 4
LINE = (110, 30, 150)          # named lines (the 1919 border of Russia, 11-31)
BROAD_GAUGE = ("russia",)      # countries whose rail lines use the Russian gauge (9-11)

#: land tint per nation id; unknown nations get a neutral tint
COUNTRY_TINTS = {
    "italy": (226, 236, 200),
    "austria-hungary": (242, 230, 196),
    "germany": (228, 226, 222),
    "switzerland": (214, 214, 214),
    # the Eastern Front sheets: pale tints of the nations' counter colours (rule 50) where they
    # stay distinct from their neighbours
    "russia": (234, 212, 204),
    "serbia": (236, 242, 190),
    "montenegro": (240, 214, 210),
    "romania": (222, 230, 222),
    "bulgaria": (232, 218, 204),
    "ottoman-empire": (236, 206, 206),
    "greece": (214, 226, 242),
    "albania": (230, 230, 230),
    "sweden": (214, 214, 214),
}
NEUTRAL_TINT = (206, 206, 206)
OTHER_TINT = (236, 232, 220)

#: hexside terrain -> (colour, how much of it covers the country tint, glyph). Der Weltkrieg
#: terrain is in the hexsides (6-6): each hexside's terrain colours the two triangles between
#: it and the centres of its hexes, so a run of mountain hexsides reads as a mountain area (not
#: as a lattice of edges) and one glyph on the hexside says which terrain it is. Clear: none.
RELIEF = {
    "broken": ((196, 178, 124), 0.40, "dots"),
    "hilly": ((204, 170, 104), 0.50, "hill"),
    "woods": ((84, 150, 70), 0.55, "tree"),
    "swamp": ((96, 160, 150), 0.50, "tuft"),
    "rough": ((172, 126, 76), 0.58, "dots"),
    "wooded_rough": ((82, 118, 56), 0.62, "tree"),
    "mountain": ((150, 104, 62), 0.52, "peak"),
    "alpine": ((250, 252, 255), 0.90, "snow"),
    "urban": ((120, 120, 120), 0.60, None),
    "suburban": ((172, 172, 172), 0.45, None),
}
GLYPH_INK = {
    "dots": (110, 84, 44), "hill": (120, 84, 36), "tree": (36, 90, 36), "tuft": (30, 96, 100),
    "peak": (92, 58, 30), "snow": (80, 92, 130),
}
#: kept for code that still asks for a hexside band's colour (the legend of other renderers)
TERRAIN_BANDS = {t: (c, 0.15) for t, (c, _k, _g) in RELIEF.items()}
TERRAIN_LABELS = {
    "hilly": "Hilly", "rough": "Rough", "mountain": "Mountain", "alpine": "Alpine",
    "broken": "Broken", "woods": "Woods", "swamp": "Swamp", "wooded_rough": "Wooded rough",
    "urban": "Urban", "suburban": "Suburban",
}
#: legend order (lightest relief first), then what each costs to cross (TEC) for the key
RELIEF_ORDER = ("broken", "hilly", "woods", "swamp", "rough", "wooded_rough", "mountain", "alpine",
                "suburban", "urban")


# --------------------------------------------------------------------------- drawing


class _FastDraw:
    """An ``ImageDraw.Draw`` for the supersampled sheet, minus most of its per-call work.

    A sheet takes tens of thousands of lines, polygons and ellipses; ``ImageDraw`` works out the
    ink of each call's colour again (type checks, then the core's ``draw_ink``) and that was
    about a third of their cost. This makes each colour's ink once and calls the same core
    methods with the same arguments (``line``, ``polygon``, ``ellipse`` with a fill only, as
    ``ImageDraw`` does: the same pixels); anything else goes to the wrapped ``ImageDraw``."""

    def __init__(self, d: ImageDraw.ImageDraw):
        self._d = d
        self.core = d.draw
        self._inks: dict = {}

    def ink(self, colour) -> int:
        hit = self._inks.get(colour)
        if hit is None:
            hit = self._inks[colour] = self.core.draw_ink(colour)
        return hit

    def line(self, xy, fill=None, width=1, joint=None) -> None:
        if joint == "curve" and width > 4:           # ImageDraw adds round joints then
            self._d.line(xy, fill=fill, width=width, joint=joint)
        elif fill is not None and width != 0:
            self.core.draw_lines(xy, self.ink(fill), width)

    def polygon(self, xy, fill=None, outline=None, width=1) -> None:
        if outline is not None:
            self._d.polygon(xy, fill=fill, outline=outline, width=width)
        elif fill is not None:
            self.core.draw_polygon(xy, self.ink(fill), 1)

    def ellipse(self, xy, fill=None, outline=None, width=1) -> None:
        if outline is not None:
            self._d.ellipse(xy, fill=fill, outline=outline, width=width)
        elif fill is not None:
            self.core.draw_ellipse(xy, self.ink(fill), 1)

    def __getattr__(self, name):
        return getattr(self._d, name)



def render_map(mapdef: MapDef) -> Image.Image:
    """The board image (RGB) for ``mapdef``: the scan when one is named, else the drawn map."""
    if mapdef.image is not None:
        scan_size(mapdef.image.file)
        try:
            with Image.open(mapdef.image.file) as im:
                return im.convert("RGB")
        except OSError as e:
            raise ModgenError(f"cannot read the scanned map image: {e}", file=mapdef.image.file) from None
    grid, width, height = board_geometry(mapdef)
    s = SUPERSAMPLE
    big = Image.new("RGB", (width * s, height * s), PAPER)
    d = _FastDraw(ImageDraw.Draw(big))
    line, polygon, ellipse, ink = d.core.draw_lines, d.core.draw_polygon, d.core.draw_ellipse, d.ink

    def pts(points):
        return [(x * s, y * s) for x, y in points]

    dy = grid.dy
    # every hex's centre and corners once (the loops below ask for them again and again), in
    # board pixels and in drawing pixels (``pts`` of them: the same numbers)
    centers = {h: grid.center(h) for h in mapdef.hexes}
    corners = {h: grid.corners(h) for h in mapdef.hexes}
    centers_s = {h: (x * s, y * s) for h, (x, y) in centers.items()}
    corners_s = {h: pts(c) for h, c in corners.items()}

    def seg(side):            # grid.hexside_segment(side), from the corners above
        c = corners[side.a]
        i, j = _SIDE_CORNERS[side.a.direction_to(side.b)]
        return c[i], c[j]

    def seg_s(side):          # pts(seg(side))
        c = corners_s[side.a]
        i, j = _SIDE_CORNERS[side.a.direction_to(side.b)]
        return [c[i], c[j]]
    # the hexsides each loop below draws, in the map's order (each loop used to look at all)
    hexes = mapdef.hexes
    relief_sides, lake_sides, glyph_sides, coast_sides, river_sides = [], [], [], [], []
    border_sides, line_sides = [], []
    for side, hs in mapdef.hexsides.items():
        land_a, land_b = hexes[side.a].land, hexes[side.b].land
        relief = RELIEF.get(hs.terrain)
        if relief is not None:
            relief_sides.append((side, hs, relief))
            if relief[2] is not None and land_a and land_b:
                glyph_sides.append((side, relief[2]))
        if hs.terrain in ("ocean", "lake") and land_a and land_b:
            lake_sides.append((side, hs))
        if land_a != land_b:
            coast_sides.append(side)
        if hs.river or hs.major_river:
            river_sides.append((side, hs))
        if hs.border:
            border_sides.append((side, hs))
        if hs.lines:
            line_sides.append(side)
    # hexes: one polygon per run of hexes of one colour down a column (the outlines drawn over
    # their edges hide where a run ends)
    fills = {}
    for h, info in mapdef.hexes.items():
        if info.land:
            fills[h] = _tint(info.country, mapdef)
        else:
            fills[h] = LAKE if _is_lake(mapdef, h) else SEA
    for run, colour in _column_runs(fills):
        polygon(_run_outline([corners_s[h] for h in run]), ink(colour), 1)
    # relief: each hexside's terrain over the two triangles it shares with its hexes' centres
    # (one quadrilateral where both hexes take the same colour)
    relief_tints: dict = {}                # (hex's tint, terrain) -> the mixed colour, once each
    for side, hs, relief in relief_sides:
        colour, cover, _sign = relief
        p, q = seg_s(side)
        tints = []
        for h in (side.a, side.b):
            if not hexes[h].land:
                tints.append(None)
                continue
            key = (fills[h], hs.terrain)
            tint = relief_tints.get(key)
            if tint is None:
                tint = relief_tints[key] = mix(fills[h], colour, cover)
            tints.append(tint)
        if tints[0] is not None and tints[0] == tints[1]:
            polygon([p, centers_s[side.a], q, centers_s[side.b]], ink(tints[0]), 1)
            continue
        for h, fill in zip((side.a, side.b), tints):
            if fill is not None:
                polygon([p, centers_s[h], q], ink(fill), 1)
    # hex outlines: each hexside once (a hex draws its N, NW and SW sides, and the others where
    # no hex of the map lies beyond them)
    grid_ink, grid_width = ink(GRID_LINE), max(1, s)
    for h in mapdef.hexes:
        c = corners_s[h]
        for path in _outline_paths(h, mapdef.hexes):
            line([c[i] for i in path], grid_ink, grid_width)
    # lakes between land hexes: a band of water along the hexside
    for side, hs in lake_sides:
        pq = seg_s(side)
        water = ink(LAKE if hs.terrain == "lake" else SEA)
        line(pq, water, int(dy * 0.3 * s))
        for x, y in pq:
            r = dy * 0.15 * s
            ellipse((x - r, y - r, x + r, y + r), water, 1)
    # one glyph on each relief hexside, at its middle: which terrain the hexside is
    for side, sign in glyph_sides:
        (x1, y1), (x2, y2) = seg(side)
        _glyph(d, sign, (x1 + x2) / 2 * s, (y1 + y2) / 2 * s, dy * s)
    # coasts and shores
    coast_ink = ink(COAST)
    for side in coast_sides:
        line(seg_s(side), coast_ink, 2 * s)
    # rivers
    river_ink = ink(RIVER)
    for side, hs in river_sides:
        pq = seg_s(side)
        line(pq, river_ink, (8 if hs.major_river else 4) * s)
        for x, y in pq:
            r = (4 if hs.major_river else 2) * s
            ellipse((x - r, y - r, x + r, y + r), river_ink, 1)
    # borders (dashed); a border along a minor river (the Drina, the Isonzo) is drawn wider, the
    # river over its middle: red dashes on both banks of the blue line, so both read
    white = ink((255, 255, 255))
    for side, hs in border_sides:
        pq = seg_s(side)
        wide = hs.river and not hs.major_river
        line(pq, white, (BORDER_RIVER_WIDTH + 1 if wide else 5) * s)
        _dashed(d, pq[0], pq[1], BORDER, (BORDER_RIVER_WIDTH if wide else 4) * s, 7 * s, 4 * s)
        if wide:
            line(pq, white, RIVER_ON_BORDER_CASING * s)
            line(pq, river_ink, RIVER_ON_BORDER * s)
            for x, y in pq:
                r = RIVER_ON_BORDER * s / 2
                ellipse((x - r, y - r, x + r, y + r), river_ink, 1)
    # named lines (dash-dot, under the rails)
    for side in line_sides:
        pq = seg_s(side)
        line(pq, white, 7 * s)
        _dashed(d, pq[0], pq[1], LINE, 5 * s, 9 * s, 3 * s)
    # rails, centre to centre: a pale casing first, so the line reads on any relief; the Russian
    # gauge in its own colour; a map-edge rail exit runs on to the edge of its hex, with an arrow
    # off the sheet
    rails = [(side, hs) for side, hs in mapdef.hexsides.items() if hs.rail]
    exits = [(h, centers[h], grid.center(h.neighbour(dname)))
             for h, dirs in mapdef.rail_exits.items() for dname in dirs]
    for side, hs in rails:
        _rail_casing(d, centers_s[side.a], centers_s[side.b], hs.rail == "double", s)
    for _h, (cx, cy), (nx, ny) in exits:
        _rail_casing(d, (cx * s, cy * s), ((cx + nx) / 2 * s, (cy + ny) / 2 * s), False, s)
    for side, hs in rails:
        _rail(d, centers_s[side.a], centers_s[side.b], hs.rail == "double", s,
              RAIL_BROAD if _broad(mapdef, side) else RAIL)
    for h, (cx, cy), (nx, ny) in exits:
        ex, ey = (cx + nx) / 2, (cy + ny) / 2
        colour = RAIL_BROAD if mapdef.hexes[h].country in BROAD_GAUGE else RAIL
        _rail(d, (cx * s, cy * s), (ex * s, ey * s), False, s, colour)
        _arrow(d, (cx * s, cy * s), (ex * s, ey * s), dy * 0.16 * s, colour)
    # place symbols: the city on the centre, a fortress and a port beside it between the rails
    hex_rails, hex_water = _hex_rails_and_water(mapdef)
    slots = {}                        # label_layout places the names around them
    for h, info in mapdef.hexes.items():
        cx, cy = centers[h]
        slots[h] = _symbol_slots(info, cx, cy, dy, hex_rails.get(h, frozenset()),
                                 hex_water.get(h, frozenset()))
        for kind, x, y in slots[h]:
            x, y = x * s, y * s
            if kind == "fortress":
                _fortress(d, x, y, dy * 0.13 * s)
            elif kind == "city":
                r = dy * (0.10 if info.capital else 0.08) * s
                d.rectangle((x - r - s, y - r - s, x + r + s, y + r + s), fill=(255, 255, 255))
                d.rectangle((x - r, y - r, x + r, y + r), fill=(200, 30, 30), outline=TEXT, width=s)
                if info.capital:
                    d.rectangle((x - r / 2, y - r / 2, x + r / 2, y + r / 2), fill=TEXT)
            elif kind == "port":
                r = dy * 0.11 * s
                d.ellipse((x - r, y - r, x + r, y + r), fill=(255, 255, 255))
                _anchor(d, x, y + dy * 0.01 * s, dy * 0.075 * s)

    if s == 1:
        img = big
    elif mapdef.downsample == "box":
        img = big.reduce(s)           # a 2×2 mean (the map file's art: downsample: box)
    else:
        img = downsample(big, (width, height), s)
    del big, d
    d = ImageDraw.Draw(img)
    _labels(d, mapdef, grid, img, (hex_rails, hex_water), centers, fills, slots)
    _legend(d, mapdef, width, height)
    return img


#: the corners (indices into ``VassalHexGrid.corners``: E, SE, SW, W, NW, NE) bounding the
#: hexside towards each direction of ``hexgrid.DIRECTIONS`` (N, NE, SE, S, SW, NW)
_SIDE_CORNERS = ((4, 5), (5, 0), (0, 1), (1, 2), (2, 3), (3, 4))
#: the hexsides every hex draws itself (N, SW, NW); the others are its neighbours' to draw
_OWN_SIDES = (0, 4, 5)
_INTERIOR_PATHS = [[2, 3, 4, 5]]


#: the longest run of hexes filled as one polygon: Pillow's polygon fill looks at every edge of
#: the polygon on each of its pixel rows, so a run's cost grows with the square of its length
#: (a run of 20 hexes cost more than 20 single hexes); four is about the cheapest
RUN_HEXES = 4


def _column_runs(fills: dict) -> list[tuple[list[Hex], tuple]]:
    """The hexes in runs down each column of one colour and consecutive rows (at most
    ``RUN_HEXES`` long): (run, colour)."""
    out: list = []
    for h in sorted(fills):
        if out and out[-1][1] == fills[h] and len(out[-1][0]) < RUN_HEXES:
            last = out[-1][0][-1]
            if last.col == h.col and last.row + 1 == h.row:
                out[-1][0].append(h)
                continue
        out.append(([h], fills[h]))
    return out


def _run_outline(run_corners: list) -> list:
    """The outline of hexes stacked down a column (each its six corners E, SE, SW, W, NW, NE):
    down the right side, then up the left."""
    first, last = run_corners[0], run_corners[-1]
    out = [first[4], first[5]]
    for c in run_corners:
        out += [c[0], c[1]]
    out.append(last[2])
    for c in reversed(run_corners):
        out += [c[3], c[4]]
    return out


def _outline_paths(h: Hex, hexes) -> list[list[int]]:
    """The hexsides of ``h`` it draws, as runs of corner indices (adjacent sides joined)."""
    nb = h.neighbours()
    if nb[1] in hexes and nb[2] in hexes and nb[3] in hexes:
        return _INTERIOR_PATHS                    # most hexes: their own three sides
    drawn = [i in _OWN_SIDES or nb[i] not in hexes for i in range(6)]
    if all(drawn):
        return [[4, 5, 0, 1, 2, 3, 4]]
    # start after a side that is not drawn, so every run of drawn sides is one path
    start = next(i for i in range(6) if not drawn[i])
    paths: list[list[int]] = []
    joined = False
    for k in range(1, 7):
        i = (start + k) % 6
        if not drawn[i]:
            joined = False
            continue
        a, b = _SIDE_CORNERS[i]
        if joined:
            paths[-1].append(b)
        else:
            paths.append([a, b])
            joined = True
    return paths


#: the six gaps between the directions a rail line can leave a hex: (angle of the gap's middle,
#: the two DIRECTIONS indices bounding it), in the order a symbol tries them (beside the city
#: first, then under, then over it: the hex number sits at the top)
_GAPS = ((0, (1, 2)), (180, (4, 5)), (-60, (2, 3)), (-120, (3, 4)), (60, (0, 1)), (120, (0, 5)))


#: how far each place symbol reaches from its centre, in hex heights (as drawn in render_map)
SYMBOL_RADIUS = {"city": 0.095, "fortress": 0.13, "port": 0.11}


def _symbol_slots(info, cx: float, cy: float, dy: float, rails: frozenset = frozenset(),
                  water: frozenset = frozenset()) -> list[tuple[str, float, float]]:
    """Where the place symbols of a hex go, (kind, x, y): the city square on the centre, where
    its rail lines meet; a fortress and an anchor beside it, each in a gap between the rail
    lines leaving the hex (the anchor on the side of the water), so that no symbol sits on
    another, on a rail line or on the hex number (Venice: star, square and anchor apart)."""
    out: list[tuple[str, float, float]] = []
    city = info.city or info.capital
    others = [k for k, on in (("port", info.port), ("fortress", info.fortress_site)) if on]
    if city:
        out.append(("city", cx, cy))
    elif len(others) == 1:
        return [(others[0], cx, cy)]
    used: set[int] = set()
    r = dy * 0.25
    for kind in others:
        def score(i_gap):
            i, (angle, bounds) = i_gap
            blocked = sum(b in rails for b in bounds)
            towards_water = kind == "port" and any(b in water for b in bounds)
            return (i in used, blocked, not towards_water, i)
        i, (angle, _b) = min(enumerate(_GAPS), key=score)
        used.add(i)
        a = math.radians(angle)
        out.append((kind, cx + r * math.cos(a), cy - r * math.sin(a)))
    return out


def _hex_rails_and_water(mapdef: MapDef) -> tuple[dict, dict]:
    """Per hex, the DIRECTIONS indices its rail lines leave by, and those towards water."""
    rails: dict = {}
    water: dict = {}
    for side, hs in mapdef.hexsides.items():
        a, b = mapdef.hexes[side.a], mapdef.hexes[side.b]
        if hs.rail:
            rails.setdefault(side.a, set()).add(side.a.direction_to(side.b))
            rails.setdefault(side.b, set()).add(side.b.direction_to(side.a))
        if a.land != b.land or hs.terrain in ("ocean", "lake"):
            water.setdefault(side.a, set()).add(side.a.direction_to(side.b))
            water.setdefault(side.b, set()).add(side.b.direction_to(side.a))
    return ({h: frozenset(v) for h, v in rails.items()}, {h: frozenset(v) for h, v in water.items()})


def _glyph(d: ImageDraw.ImageDraw, kind: str, x: float, y: float, size: float) -> None:
    """The terrain sign drawn on a hexside's middle (``size``: the hex height, drawing pixels)."""
    ink = GLYPH_INK[kind]
    w = max(1, int(size * 0.018))
    if kind == "peak" or kind == "snow":
        hw, hh = size * 0.085, size * 0.075
        tri = [(x - hw, y + hh * 0.6), (x, y - hh), (x + hw, y + hh * 0.6)]
        # outlines as lines: ImageDraw.polygon with an outline wider than 1 px builds a mask of
        # the whole image for each call
        if kind == "snow":
            d.polygon(tri, fill=(255, 255, 255))
            d.line(tri + [tri[0]], fill=ink, width=w, joint="curve")
            d.line([(x - hw * 0.45, y - hh * 0.1), (x, y + hh * 0.15), (x + hw * 0.45, y - hh * 0.1)],
                   fill=ink, width=w)
        else:
            d.polygon(tri, fill=mix(ink, (255, 255, 255), 0.25))
            d.polygon([(x, y - hh), (x + hw, y + hh * 0.6), (x + hw * 0.15, y + hh * 0.6)], fill=ink)
            d.line(tri + [tri[0]], fill=ink, width=w, joint="curve")
    elif kind == "hill":
        r = size * 0.075
        d.arc((x - r, y - r * 0.7, x + r, y + r * 0.9), 200, 340, fill=ink, width=w + 1)
    elif kind == "tree":
        r = size * 0.045
        for ox in (-1.1, 1.1):
            d.ellipse((x + ox * r - r, y - r * 1.2, x + ox * r + r, y + r * 0.8), fill=ink)
    elif kind == "tuft":
        hw = size * 0.07
        d.line([(x - hw, y + size * 0.03), (x + hw, y + size * 0.03)], fill=ink, width=w)
        for ox in (-0.6, 0.0, 0.6):
            d.line([(x + ox * hw, y + size * 0.03), (x + ox * hw * 1.3, y - size * 0.04)], fill=ink, width=w)
    elif kind == "dots":
        r = size * 0.016
        for ox, oy in ((-0.045, 0.02), (0.0, -0.025), (0.045, 0.02)):
            cx, cy = x + ox * size, y + oy * size
            d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ink)


def _worker_count() -> int:
    try:
        return max(1, min(2, len(os.sched_getaffinity(0))))
    except AttributeError:          # no affinity on this platform
        return max(1, min(2, os.cpu_count() or 1))


def downsample(big: Image.Image, size: tuple[int, int], factor: int,
               bands: int | None = None) -> Image.Image:
    """``big.resize(size, LANCZOS)`` for a drawing exactly ``factor`` times ``size``, computed in
    horizontal bands on threads (Pillow releases the GIL while it resamples).

    Each band is resampled from the whole image with ``box`` = its own rows, so every output
    pixel has the same filter window and weights as in one whole-image resize: the result is the
    same pixels (tests compare them), only sooner on a machine with two cores."""
    w, h = size
    if big.size != (w * factor, h * factor):
        raise ValueError(f"downsample: {big.size} is not {factor} x {size}")
    n = _worker_count() if bands is None else max(1, bands)
    n = min(n, h)
    if n == 1:
        return big.resize(size, Image.Resampling.LANCZOS)
    cuts = [h * i // n for i in range(n + 1)]

    def band(i: int) -> Image.Image:
        y0, y1 = cuts[i], cuts[i + 1]
        return big.resize((w, y1 - y0), Image.Resampling.LANCZOS,
                          box=(0, y0 * factor, w * factor, y1 * factor))

    with ThreadPoolExecutor(max_workers=n) as ex:
        parts = list(ex.map(band, range(n)))
    out = Image.new(big.mode, size)
    for i, part in enumerate(parts):
        out.paste(part, (0, cuts[i]))
    return out


def _tint(country: str | None, mapdef: MapDef) -> tuple[int, int, int]:
    if country in mapdef.neutral:
        return COUNTRY_TINTS.get(country, NEUTRAL_TINT)
    return COUNTRY_TINTS.get(country, OTHER_TINT)


def _is_lake(mapdef: MapDef, h: Hex) -> bool:
    kinds = [mapdef.hexsides[Hexside.of(h, n)].terrain for n in h.neighbours()
             if n in mapdef.hexes and Hexside.of(h, n) in mapdef.hexsides]
    return bool(kinds) and kinds.count("lake") * 2 > len(kinds)


def _band(d: ImageDraw.ImageDraw, p, q, width: float, colour, terrain: str) -> None:
    """A band of terrain colour along a hexside, shortened so corners stay readable.

    Alpine hexsides (prohibited, TEC) are white with dark edges and peaks so they cannot be taken
    for mountain ones."""
    (x1, y1), (x2, y2) = p, q
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    k = 0.82
    a = (mx + (x1 - mx) * k, my + (y1 - my) * k)
    b = (mx + (x2 - mx) * k, my + (y2 - my) * k)
    w = max(1, int(round(width)))
    if terrain != "alpine":
        d.line([a, b], fill=colour, width=w)
        return
    lx, ly = b[0] - a[0], b[1] - a[1]
    ln = math.hypot(lx, ly) or 1.0
    ux, uy = lx / ln, ly / ln
    nx, ny = -uy, ux
    edge = (70, 70, 110)
    half = width / 2
    d.polygon([(a[0] + nx * half, a[1] + ny * half), (b[0] + nx * half, b[1] + ny * half),
               (b[0] - nx * half, b[1] - ny * half), (a[0] - nx * half, a[1] - ny * half)],
              fill=colour, outline=edge, width=max(1, int(width * 0.1)))
    for t in (0.2, 0.5, 0.8):
        cx, cy = a[0] + lx * t, a[1] + ly * t
        hw = width * 0.4
        d.polygon([(cx - ux * hw - nx * half * 0.7, cy - uy * hw - ny * half * 0.7),
                   (cx + ux * hw - nx * half * 0.7, cy + uy * hw - ny * half * 0.7),
                   (cx + nx * half * 0.7, cy + ny * half * 0.7)], fill=edge)


def _dashed(d, p, q, colour, width, dash, gap) -> None:
    (x1, y1), (x2, y2) = p, q
    length = math.hypot(x2 - x1, y2 - y1)
    if length == 0:
        return
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    t = 0.0
    while t < length:
        e = min(t + dash, length)
        d.line([(x1 + ux * t, y1 + uy * t), (x1 + ux * e, y1 + uy * e)], fill=colour, width=width)
        t = e + gap


def _broad(mapdef: MapDef, side: Hexside) -> bool:
    a, b = mapdef.hexes[side.a], mapdef.hexes[side.b]
    return a.country in BROAD_GAUGE and b.country in BROAD_GAUGE


def _arrow(d, p, q, size: float, colour) -> None:
    """A filled arrowhead at q pointing away from p."""
    (x1, y1), (x2, y2) = p, q
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    nx, ny = -uy, ux
    d.polygon([(x2 + ux * size * 0.6, y2 + uy * size * 0.6),
               (x2 - ux * size * 0.6 + nx * size * 0.6, y2 - uy * size * 0.6 + ny * size * 0.6),
               (x2 - ux * size * 0.6 - nx * size * 0.6, y2 - uy * size * 0.6 - ny * size * 0.6)], fill=colour)


def _rail_geometry(p, q, double: bool, s: int):
    (x1, y1), (x2, y2) = p, q
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    return length, ux, uy, -uy, ux, (2.4 * s if double else 0.0), (5.0 if double else 4.0) * s


def _rail_casing(d, p, q, double: bool, s: int) -> None:
    """The pale band under a rail line (drawn for every rail first, so crossings stay clean)."""
    _length, _ux, _uy, _nx, _ny, off, tie = _rail_geometry(p, q, double, s)
    d.line([p, q], fill=RAIL_CASING, width=max(1, int(2 * tie + s)))


def _rail(d, p, q, double: bool, s: int, colour=RAIL) -> None:
    """A rail line as maps print it: a solid black line (two for double track) with cross ties,
    never to be taken for a terrain edge."""
    (x1, y1), (x2, y2) = p, q
    length, ux, uy, nx, ny, off, tie = _rail_geometry(p, q, double, s)
    width = max(1, int(1.7 * s))
    if double:
        for sign in (-1, 1):
            d.line([(x1 + nx * off * sign, y1 + ny * off * sign),
                    (x2 + nx * off * sign, y2 + ny * off * sign)], fill=colour, width=width)
    else:
        d.line([p, q], fill=colour, width=width)
    step = 7 * s
    t = step / 2
    while t < length:
        cx, cy = x1 + ux * t, y1 + uy * t
        d.line([(cx - nx * tie, cy - ny * tie), (cx + nx * tie, cy + ny * tie)], fill=colour,
               width=max(1, int(1.3 * s)))
        t += step


def _fortress(d, cx, cy, r) -> None:
    """A bastion star outline around the hex centre."""
    points = []
    for i in range(10):
        ang = math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.55
        points.append((cx + rr * math.cos(ang), cy - rr * math.sin(ang)))
    d.polygon(points, fill=(60, 60, 60))


def _anchor(d, cx, cy, r) -> None:
    w = max(1, int(r * 0.28))
    d.line([(cx, cy - r), (cx, cy + r)], fill=COAST, width=w)
    d.line([(cx - r * 0.5, cy - r * 0.45), (cx + r * 0.5, cy - r * 0.45)], fill=COAST, width=w)
    d.arc((cx - r * 0.8, cy, cx + r * 0.8, cy + r * 1.1), 0, 180, fill=COAST, width=w)
    d.ellipse((cx - r * 0.25, cy - r * 1.35, cx + r * 0.25, cy - r * 0.85), outline=COAST, width=w)


@dataclass(frozen=True)
class Label:
    """One text of the map: where it is drawn and the box it takes (board pixels)."""

    kind: str                 # "number" | "name"
    hex: Hex
    text: str
    at: tuple[float, float]
    anchor: str
    box: tuple[float, float, float, float]


@dataclass(frozen=True)
class LabelLayout:
    labels: tuple[Label, ...]
    symbols: tuple[tuple[Hex, str, tuple[float, float, float, float]], ...]   # (hex, kind, box)


def label_layout(mapdef: MapDef, grid: VassalHexGrid, rails_water: tuple | None = None,
                 centers: dict | None = None, slots: dict | None = None) -> LabelLayout:
    """Where the hex numbers, place names and place symbols go (``_labels`` draws them).

    Hex numbers at the top of each hex (beside a rail line that leaves northwards, not under
    it); each place name where it crosses the fewest rail lines and covers no place symbol, hex
    number or other name: under the symbols, above them, or beside them."""
    dy = grid.dy
    stamps = number_stamps(max(8, int(dy * 0.16)), NUMBER_STROKE)
    name_font = font(max(8, int(dy * 0.19)), bold=True, family="condensed")
    measure = ImageDraw.Draw(Image.new("L", (1, 1)))
    rail_dirs, water = rails_water or _hex_rails_and_water(mapdef)
    if centers is None:
        centers = {h: grid.center(h) for h in mapdef.hexes}
    segments = [(centers[side.a], centers[side.b]) for side, hs in mapdef.hexsides.items() if hs.rail]
    # the rail segments by the cell of their first end (a name looks at those within 3 hexes:
    # the cells two either side hold every one of them, a segment being one hex long)
    cell = dy * 3
    rail_cells: dict = {}
    for a, b in segments:
        rail_cells.setdefault((int(a[0] // cell), int(a[1] // cell)), []).append((a, b))
    if slots is None:                 # render_map passes the slots it drew the symbols in
        slots = {h: _symbol_slots(info, *centers[h], dy, rail_dirs.get(h, frozenset()),
                                  water.get(h, frozenset()))
                 for h, info in mapdef.hexes.items()}
    symbols = []
    for h, info in mapdef.hexes.items():
        for kind, x, y in slots[h]:
            r = dy * SYMBOL_RADIUS[kind] + (dy * 0.02 if kind == "city" and info.capital else 0)
            symbols.append((h, kind, (x - r, y - r, x + r, y + r)))
    labels: list[Label] = []
    numbers: dict = {}
    for h in mapdef.hexes:
        cx, cy = centers[h]
        top = cy - dy * 0.5 + dy * 0.09
        if 0 in rail_dirs.get(h, ()):                 # a rail line runs up the middle
            at, anchor = (cx - dy * 0.06, top + dy * 0.02), "rt"
        else:
            at, anchor = (cx, top), "mt"
        b = stamps.bbox(h.id, anchor)                 # measure.textbbox(at, h.id, …)
        x0, y0, x1, y1 = at[0] + b[0], at[1] + b[1], at[0] + b[2], at[1] + b[3]
        box = (x0, y0 + 2, x1, y1 - 2)                # the glyphs, not the line's spacing
        numbers[h] = box
        labels.append(Label("number", h, h.id, at, anchor, box))
    names: list = []
    symbols_at: dict = {}
    for sh, _k, b in symbols:
        symbols_at.setdefault(sh, []).append(b)
    named: dict[str, set] = {}                        # name -> the hexes labelled with it
    for h, info in mapdef.hexes.items():
        if not info.name:
            continue
        if any(n in named.get(info.name, ()) for n in h.neighbours()):
            continue                                  # a city of two hexes is named once
        named.setdefault(info.name, set()).add(h)
        cx, cy = centers[h]
        # what a name may cover lies within two hexes of its own (names are shorter than that)
        near = {h}
        for _ in range(2):
            near |= {n for x in near for n in x.neighbours()}
        near_numbers = [numbers[x] for x in near if x in numbers]
        near_symbols = [b for x in near for b in symbols_at.get(x, ())]
        bx, by = int(cx // cell), int(cy // cell)
        near_rails = [(a, b) for i in range(bx - 2, bx + 3) for j in range(by - 2, by + 3)
                      for a, b in rail_cells.get((i, j), ())
                      if min(abs(a[0] - cx), abs(b[0] - cx)) < dy * 3 and min(abs(a[1] - cy), abs(b[1] - cy)) < dy * 3]
        w = measure.textlength(info.name, font=name_font)
        fh = name_font.size
        mine = slots[h]
        gap = dy * (0.15 if mine else 0.03)
        # beside: beyond the symbols on that side
        right = max([dy * 0.16] + [x - cx + dy * 0.15 for _k, x, _y in mine if x > cx + 1])
        left = max([dy * 0.16] + [cx - x + dy * 0.15 for _k, x, _y in mine if x < cx - 1])
        candidates = [  # (box, text anchor point, anchor, preference)
            ((cx - w / 2, cy + gap, cx + w / 2, cy + gap + fh), (cx, cy + gap), "mt", 0.0),
            ((cx - w / 2, cy - gap - fh, cx + w / 2, cy - gap), (cx, cy - gap), "mb", 0.4),
            ((cx + right, cy - fh / 2, cx + right + w, cy + fh / 2), (cx + right, cy), "lm", 0.8),
            ((cx - left - w, cy - fh / 2, cx - left, cy + fh / 2), (cx - left, cy), "rm", 0.9),
        ]
        margin = dy * 0.08

        def cost(c):
            box = c[0]
            wide = (box[0] - margin, box[1], box[2] + margin, box[3])
            crossings = sum(_crosses(box, a, b) for a, b in near_rails)
            covered = sum(_overlap(box, sym) for sym in near_symbols)
            clash = sum(_overlap(wide, other) for other in names)
            hidden = sum(_overlap(box, num) for num in near_numbers)
            return crossings * 2 + covered * 3 + clash * 4 + hidden * 3 + c[3]
        best = min(candidates, key=cost)
        names.append(best[0])
        labels.append(Label("name", h, info.name, best[1], best[2], best[0]))
    return LabelLayout(tuple(labels), tuple(symbols))


def _labels(d: ImageDraw.ImageDraw, mapdef: MapDef, grid: VassalHexGrid, img: Image.Image,
            rails_water: tuple | None = None, centers: dict | None = None,
            fills: dict | None = None, slots: dict | None = None) -> None:
    """Draw the hex numbers (from :class:`NumberStamps`) and place names of
    :func:`label_layout`, on a light halo (the hex's own colour: ``fills``, as ``render_map``
    filled the hexes)."""
    dy = grid.dy
    stamps = number_stamps(max(8, int(dy * 0.16)), NUMBER_STROKE)
    name_font = font(max(8, int(dy * 0.19)), bold=True, family="condensed")
    numbers = []                         # drawn together, in the layout's order
    labels = label_layout(mapdef, grid, rails_water, centers, slots).labels
    for lb in labels:
        if lb.kind == "number":
            info = mapdef.hexes[lb.hex]
            if fills is not None:
                halo = fills[lb.hex]
            elif info.land:
                halo = _tint(info.country, mapdef)
            else:
                halo = LAKE if _is_lake(mapdef, lb.hex) else SEA
            colour = (60, 56, 48) if info.land else (30, 50, 100)
            numbers.append((lb.at, lb.text, lb.anchor, colour, halo))
    stamps.draw_many(img, numbers)
    for lb in labels:
        if lb.kind != "number":
            d.text(lb.at, lb.text, font=name_font, fill=TEXT, anchor=lb.anchor, stroke_width=3,
                   stroke_fill=(255, 255, 255))


NUMBER_STROKE = 2      # px of the halo around a hex number


class NumberStamps:
    """Hex numbers put on the map from cached stamps, not typeset one by one.

    A sheet has thousands of hex numbers and typesetting each (twice: its halo, then its text)
    was most of the map's drawing time. The digits of the condensed face all have one advance
    and no kerning, so a number is its glyphs at integer pen positions (FreeType's own layout
    for a string of them); a stamp of two digits in given colours is drawn once, as an RGBA
    image (halo under text, alpha-composited), and pasted wherever it recurs: the column half
    of a number recurs down its column, the row half along its row. The label's point is
    rounded to a whole pixel, and the glyphs are antialiased at whole pixels (``_layout``): the
    same glyphs in the same boxes as the typeset string. Deterministic: the same calls give the
    same pixels, whatever the cache held before."""

    CHUNK = 2

    def __init__(self, size: int, stroke: int):
        self.font = font(size, family="condensed")
        self.stroke = stroke
        self._stamps: dict = {}
        self._mask_cache: dict = {}
        self._bbox: dict = {}
        self._pens: dict = {}

    def _layout(self, n: int, anchor: str):
        """For a number of ``n`` digits drawn at a whole-pixel point with ``anchor``: the offset of
        its baseline from the point, and the chunks (start, the pixel column of the chunk's first
        glyph, the columns of its glyphs from there). The glyphs sit where Pillow puts them when
        it typesets the line (the anchor's offset and each pen rounded to a pixel); Pillow also
        renders each glyph at its pen's fraction of a pixel, the stamps at a whole pixel, so a
        stamped number may differ from the typeset one by that antialiasing (the test measures
        it), never in place or size."""
        key = (n, anchor)
        hit = self._pens.get(key)
        if hit is None:
            adv = self.font.getlength("0")
            width = adv * n
            base = round({"l": 0.0, "m": -width / 2, "r": -width}[anchor[0]])
            pen = [base + round(i * adv) for i in range(n)]
            sample = "0" * n
            ly = self.font.getmask2(sample, "L", anchor="l" + anchor[1])[1][1]
            sy = self.font.getmask2(sample, "L", anchor="ls")[1][1]
            chunks = [(i, pen[i], tuple(p - pen[i] for p in pen[i:i + self.CHUNK]))
                      for i in range(0, n, self.CHUNK)]
            hit = self._pens[key] = (ly - sy, chunks)
        return hit

    def bbox(self, text: str, anchor: str) -> tuple[int, int, int, int]:
        """``font.getbbox(text, anchor)`` for a string of digits, from the boxes of its length
        (the advance: the same for every number) and of its glyphs (their heights)."""
        key = (len(text), anchor)
        row = self._bbox.get(key)
        if row is None:
            row = self._bbox[key] = self.font.getbbox("0" * len(text), anchor=anchor)
        tops, bottoms = [], []
        for ch in text:
            g = self._bbox.get((ch, anchor))
            if g is None:
                g = self._bbox[(ch, anchor)] = self.font.getbbox(ch, anchor=anchor)
            tops.append(g[1])
            bottoms.append(g[3])
        return (row[0], min(tops), row[2], max(bottoms))

    def _masks(self, chunk: str, pens: tuple[int, ...]):
        """The halo's and the ink's coverage of a chunk's glyphs (L images), and the ascent: they
        do not depend on the colours, so a chunk is typeset once for all of them (a sheet's
        numbers come in a dozen halo colours, one per country, the sea and the lakes)."""
        key = (chunk, pens)
        hit = self._mask_cache.get(key)
        if hit is not None:
            return hit
        pad = self.stroke + 2
        asc, desc = self.font.getmetrics()
        w = int(pens[-1] + self.font.getlength(chunk[-1])) + 2 * pad + 3
        h = asc + desc + 2 * pad
        halo_mask = Image.new("L", (w, h))
        ink_mask = Image.new("L", (w, h))
        dh, di = ImageDraw.Draw(halo_mask), ImageDraw.Draw(ink_mask)
        for ch, pen in zip(chunk, pens):
            at = (pad + pen, pad + asc)
            dh.text(at, ch, font=self.font, fill=255, anchor="ls", stroke_width=self.stroke,
                    stroke_fill=255)
            di.text(at, ch, font=self.font, fill=255, anchor="ls")
        hit = self._mask_cache[key] = (halo_mask, ink_mask, asc)
        return hit

    def _stamp(self, chunk: str, pens: tuple[int, ...], ink, halo):
        key = (chunk, pens, ink, halo)
        hit = self._stamps.get(key)
        if hit is not None:
            return hit
        pad = self.stroke + 2
        halo_mask, ink_mask, asc = self._masks(chunk, pens)
        w, h = halo_mask.size
        under = Image.new("RGBA", (w, h), tuple(halo) + (0,))
        under.putalpha(halo_mask)
        over = Image.new("RGBA", (w, h), tuple(ink) + (0,))
        over.putalpha(ink_mask)
        # kept with their pixel cores: ``draw`` pastes with those (see there)
        hit = self._stamps[key] = (under, over, (-pad, -pad - asc), under.im, over.im, w, h)
        return hit

    def draw(self, img: Image.Image, at, text: str, anchor: str, ink, halo) -> None:
        """Every chunk's halo first, then every chunk's ink, as a typeset string is drawn: the
        halo of a chunk reaches over the last glyph of the one before it, and pasted over that
        glyph's ink it would cut its right side off (an 8 read as E, a 0 as C).

        Each stamp is an RGBA image pasted onto ``img`` (RGB) with its own alpha as the mask:
        ``img.paste(stamp, pos, stamp)``, which comes down to the core call made here directly
        (the same pixels); a sheet has tens of thousands of these pastes, and ``Image.paste``'s
        argument handling around each one was a tenth of the map's drawing time."""
        x, y = int(round(at[0])), int(round(at[1]))
        down, chunks = self._layout(len(text), anchor)
        if img.readonly or img.mode != "RGB":
            paste = None                          # Image.paste copes (copies, converts)
        else:
            img.load()
            paste = img.im.paste
        placed = []
        for i, first, pens in chunks:
            under, over, (sx, sy), under_core, over_core, _w, _h = self._stamp(
                text[i:i + len(pens)], pens, ink, halo)
            x0, y0 = x + first + sx, y + down + sy
            box = (x0, y0, x0 + under.width, y0 + under.height)
            if paste is None:
                img.paste(under, box[:2], under)
            else:
                paste(under_core, box, under_core)
            placed.append((over, over_core, box))
        for over, over_core, box in placed:
            if paste is None:
                img.paste(over, box[:2], over)
            else:
                paste(over_core, box, over_core)

    def draw_many(self, img: Image.Image, numbers) -> None:
        """``draw(img, at, text, anchor, ink, halo)`` for each of ``numbers`` in turn (the same
        pastes in the same order), with what ``draw`` looks up again on each call (the image's
        core, the stamps of the numbers' chunks) looked up once: a sheet has a thousand
        numbers."""
        if img.readonly or img.mode != "RGB":
            for number in numbers:
                self.draw(img, *number)
            return
        img.load()
        paste = img.im.paste
        stamps, layouts = self._stamps, self._pens
        for at, text, anchor, ink, halo in numbers:
            x, y = int(round(at[0])), int(round(at[1]))
            lay = layouts.get((len(text), anchor)) or self._layout(len(text), anchor)
            down, chunks = lay
            placed = []
            for i, first, pens in chunks:
                chunk = text[i:i + len(pens)]
                hit = stamps.get((chunk, pens, ink, halo)) or self._stamp(chunk, pens, ink, halo)
                _u, _o, (sx, sy), under_core, over_core, w, h = hit
                x0, y0 = x + first + sx, y + down + sy
                box = (x0, y0, x0 + w, y0 + h)
                paste(under_core, box, under_core)
                placed.append((over_core, box))
            for over_core, box in placed:
                paste(over_core, box, over_core)


_STAMPS: dict = {}


def number_stamps(size: int, stroke: int) -> NumberStamps:
    """The process's stamps for hex numbers of one size (shared by every sheet it draws)."""
    hit = _STAMPS.get((size, stroke))
    if hit is None:
        hit = _STAMPS[(size, stroke)] = NumberStamps(size, stroke)
    return hit


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _crosses(box, p, q) -> bool:
    """Whether the segment p-q passes through the box (sampled: labels are small)."""
    (x1, y1), (x2, y2) = p, q
    if max(x1, x2) < box[0] or min(x1, x2) > box[2] or max(y1, y2) < box[1] or min(y1, y2) > box[3]:
        return False
    for i in range(21):
        t = i / 20
        x, y = x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
        if box[0] <= x <= box[2] and box[1] <= y <= box[3]:
            return True
    return False


KEY_WIDTH = 700   # px of the legend taken by the symbol key (four columns)
COUNTRY_COLUMN = 150   # px of a second column of countries (maps of more than five)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z'(])")
#: a sentence naming a file of the repository (a generator script, a data file) is for
#: maintainers: the map file keeps it, the printed legend does not
_REPO_FILE = re.compile(r"\b(?:tools|modgen|tests|maps|games|scenarios|tables|counters)/\S+|\b[\w-]+\.(?:py|ya?ml)\b")


def provenance_lines(mapdef: MapDef) -> tuple[str, list[str]]:
    """(banner, text) of the legend's provenance line: what kind of map this is and where its
    data come from, for a player. Sentences that name repository files are left out."""
    kind = mapdef.provenance.kind
    banner = {"schematic": "SCHEMATIC MAP: drawn from geography fitted to the printed hex numbers, "
                           "not the printed map",
              "placeholder": "PLACEHOLDER MAP: not the printed map",
              "scan": "", "rulebook": ""}.get(kind, f"{kind.upper()} MAP")
    reason = [x for x in _SENTENCE.split(mapdef.provenance.reason or "") if x and not _REPO_FILE.search(x)]
    sources = []
    for src in mapdef.provenance.sources:
        sentences = [x for x in _SENTENCE.split(src) if x]
        if not sentences or _REPO_FILE.search(sentences[0]):
            continue
        keep = [sentences[0]] + [x for x in sentences[1:] if x.startswith("Sources:")
                                 and not _REPO_FILE.search(x)]
        sources.append(" ".join(keep))
    text = " ".join(reason)
    if sources:
        text += (" " if text else "") + "Sources: " + " | ".join(sources)
    return banner, [text] if text else []


def _legend(d: ImageDraw.ImageDraw, mapdef: MapDef, width: int, height: int) -> None:
    """Title, provenance line and the key to every sign the map uses, under the hexes."""
    top = height - LEGEND_HEIGHT
    d.rectangle((MARGIN, top + 8, width - MARGIN, height - MARGIN // 2), outline=TEXT, width=2,
                fill=(252, 250, 242))
    x = MARGIN + 12
    y = top + 16
    countries = {i.country for i in mapdef.hexes.values() if i.land and i.country}
    key_width = KEY_WIDTH + (COUNTRY_COLUMN if len(countries) > 5 else 0)
    kx = max(x + 260, width - MARGIN - key_width)
    text_width = kx - x - 16
    d.text((x, y), f"Map {mapdef.id}: {mapdef.name}", font=font(22, bold=True), fill=TEXT)
    banner, paragraphs = provenance_lines(mapdef)
    line_y = y + 30
    if banner:
        for line in _wrap(d, banner, font(15, bold=True), text_width):
            d.text((x, line_y), line, font=font(15, bold=True), fill=(180, 20, 20))
            line_y += 19
        line_y += 4
    small = font(12, family="condensed")
    lines = [ln for p in paragraphs for ln in _wrap(d, p, small, text_width)]
    room = max(0, (height - MARGIN // 2 - 6 - line_y) // 14)
    if len(lines) > room:
        lines = lines[:room]
        if room:
            more = " \u2026 (full provenance on the module's help page)"
            words = lines[-1].split()
            while words and d.textlength(" ".join(words) + more, font=small) > text_width:
                words.pop()
            lines[-1] = " ".join(words) + more
    for i, line in enumerate(lines):
        d.text((x, line_y + i * 14), line, font=small, fill=TEXT)

    lf = font(13, family="condensed")
    ky = top + 18
    # terrain: the relief the map uses, as it is drawn (a swatch with its hexside sign)
    used = {hs.terrain for hs in mapdef.hexsides.values()}
    relief = [t for t in RELIEF_ORDER if t in used][:5]
    for i, terrain in enumerate(relief):
        yy = ky + i * 22
        colour, cover, glyph = RELIEF[terrain]
        base = COUNTRY_TINTS.get("austria-hungary", OTHER_TINT)
        d.rectangle((kx - 4, yy, kx + 40, yy + 15), fill=mix(base, colour, cover), outline=GRID_LINE)
        if glyph:
            _glyph(d, glyph, kx + 18, yy + 8, 64)
        d.text((kx + 46, yy), TERRAIN_LABELS[terrain] + " hexside", font=lf, fill=TEXT)
    yy = ky + len(relief) * 22
    if "clear" in used and len(relief) < 5:
        d.rectangle((kx - 4, yy, kx + 40, yy + 15), fill=COUNTRY_TINTS.get("austria-hungary", OTHER_TINT),
                    outline=GRID_LINE)
        d.text((kx + 46, yy), "Clear hexside", font=lf, fill=TEXT)
        yy += 22
    if "lake" in used:
        d.line([(kx, yy + 7), (kx + 36, yy + 7)], fill=LAKE, width=12)
        d.text((kx + 46, yy), "Lake hexside", font=lf, fill=TEXT)
    kx2 = kx + 170
    d.line([(kx2, ky + 7), (kx2 + 36, ky + 7)], fill=RIVER, width=4)
    d.text((kx2 + 44, ky), "River", font=lf, fill=TEXT)
    d.line([(kx2, ky + 29), (kx2 + 36, ky + 29)], fill=RIVER, width=8)
    d.text((kx2 + 44, ky + 22), "Major river", font=lf, fill=TEXT)
    d.line([(kx2, ky + 51), (kx2 + 36, ky + 51)], fill=(255, 255, 255), width=5)
    _dashed(d, (kx2, ky + 51), (kx2 + 36, ky + 51), BORDER, 4, 7, 4)
    d.text((kx2 + 44, ky + 44), "National border", font=lf, fill=TEXT)
    d.line([(kx2, ky + 73), (kx2 + 36, ky + 73)], fill=COAST, width=2)
    d.text((kx2 + 44, ky + 66), "Coast", font=lf, fill=TEXT)
    kx3 = kx2 + 170
    _rail_casing(d, (kx3, ky + 7), (kx3 + 40, ky + 7), True, 1)
    _rail(d, (kx3, ky + 7), (kx3 + 40, ky + 7), True, 1)
    d.text((kx3 + 48, ky), "Rail line (double)", font=lf, fill=TEXT)
    _rail_casing(d, (kx3, ky + 29), (kx3 + 40, ky + 29), False, 1)
    _rail(d, (kx3, ky + 29), (kx3 + 40, ky + 29), False, 1)
    d.text((kx3 + 48, ky + 22), "Single track", font=lf, fill=TEXT)
    d.rectangle((kx3 + 14, ky + 46, kx3 + 24, ky + 56), fill=(200, 30, 30), outline=TEXT)
    d.text((kx3 + 48, ky + 44), "City", font=lf, fill=TEXT)
    _fortress(d, kx3 + 19, ky + 73, 9)
    d.text((kx3 + 48, ky + 66), "Fortress site", font=lf, fill=TEXT)
    _anchor(d, kx3 + 19, ky + 96, 7)
    d.text((kx3 + 48, ky + 88), "Port", font=lf, fill=TEXT)
    # keys for the features only some maps have (a sixth row; the named line in the fifth)
    for ln in mapdef.lines[:1]:
        d.line([(kx2, ky + 95), (kx2 + 36, ky + 95)], fill=(255, 255, 255), width=7)
        _dashed(d, (kx2, ky + 95), (kx2 + 36, ky + 95), LINE, 5, 9, 3)
        d.text((kx2 + 44, ky + 88), ln.name + (f" ({ln.rule})" if ln.rule else ""), font=lf, fill=TEXT)
    if mapdef.rail_exits:
        _rail_casing(d, (kx2, ky + 117), (kx2 + 30, ky + 117), False, 1)
        _rail(d, (kx2, ky + 117), (kx2 + 30, ky + 117), False, 1)
        _arrow(d, (kx2, ky + 117), (kx2 + 30, ky + 117), 10, RAIL)
        d.text((kx2 + 44, ky + 110), "Map-edge rail exit", font=lf, fill=TEXT)
    if any(hs.rail and _broad(mapdef, side) for side, hs in mapdef.hexsides.items()):
        _rail_casing(d, (kx3, ky + 117), (kx3 + 40, ky + 117), False, 1)
        _rail(d, (kx3, ky + 117), (kx3 + 40, ky + 117), False, 1, RAIL_BROAD)
        d.text((kx3 + 48, ky + 110), "Russian gauge (9-11)", font=lf, fill=TEXT)
    kx4 = kx3 + 170
    seen = sorted({i.country for i in mapdef.hexes.values() if i.land and i.country})
    for i, c in enumerate(seen[:10]):
        col, row = divmod(i, 5)        # five to a column (a sixth country opens a fifth column)
        xx = kx4 + col * COUNTRY_COLUMN
        yy = ky + row * 22
        d.rectangle((xx, yy, xx + 30, yy + 14), fill=_tint(c, mapdef), outline=TEXT)
        label = "-".join(p.capitalize() for p in c.split("-")) + (" (neutral)" if c in mapdef.neutral else "")
        d.text((xx + 38, yy), label, font=lf, fill=TEXT)


def _wrap(d, text: str, f, width: int) -> list[str]:
    """The words of ``text`` in lines at most ``width`` wide, filled greedily: each line takes
    words while it still fits (its first word always), the next line starts with the word that
    did not fit.

    A line's length only grows with each word it takes, so where the greedy scan would stop is
    found by doubling the words tried, then halving between the last fit and the first misfit:
    a handful of measurements a line instead of one per word (a legend's provenance paragraph
    has 170 words, measured that way over and over as each line grew)."""
    words = text.split()
    out: list[str] = []
    i, n = 0, len(words)

    def fits(j: int) -> bool:                 # words[i:j] on one line
        return d.textlength(" ".join(words[i:j]), font=f) <= width
    while i < n:
        good, bad, step = i + 1, None, 1      # words[i:good] fit (one word always does)
        while bad is None and good < n:
            j = min(good + step, n)
            if fits(j):
                good, step = j, step * 2
            else:
                bad = j                       # words[i:bad] do not fit
        while bad is not None and bad - good > 1:
            mid = (good + bad) // 2
            if fits(mid):
                good = mid
            else:
                bad = mid
        out.append(" ".join(words[i:good]))
        i = good
    return out


