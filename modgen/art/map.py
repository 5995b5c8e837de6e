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
from concurrent.futures import ThreadPoolExecutor

from PIL import Image, ImageDraw

from ..errors import ModgenError
from ..hexgrid import Hex, Hexside, VassalHexGrid
from ..model.geometry import LEGEND_HEIGHT, MARGIN, board_geometry, scan_size
from ..model.types import MapDef
from .counters import png_bytes  # noqa: F401  (the one PNG encoder; bench_map and tests use it from here)
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
RAIL_BROAD = (150, 40, 20)     # Russian network: a different gauge (9-11)
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

#: hexside terrain -> (band colour, band width as a fraction of the hex height); clear: none
TERRAIN_BANDS = {
    "broken": ((196, 180, 120), 0.10),
    "hilly": ((214, 186, 120), 0.12),
    "woods": ((70, 140, 60), 0.13),
    "swamp": ((110, 160, 140), 0.13),
    "rough": ((150, 140, 70), 0.15),
    "wooded_rough": ((80, 110, 50), 0.15),
    "mountain": ((128, 84, 48), 0.17),
    "alpine": ((245, 245, 250), 0.22),
    "urban": ((90, 90, 90), 0.15),
    "suburban": ((160, 160, 160), 0.12),
}
TERRAIN_LABELS = {
    "hilly": "Hilly", "rough": "Rough", "mountain": "Mountain", "alpine": "Alpine",
    "broken": "Broken", "woods": "Woods", "swamp": "Swamp", "wooded_rough": "Wooded rough",
    "urban": "Urban", "suburban": "Suburban",
}


# --------------------------------------------------------------------------- drawing


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
    d = ImageDraw.Draw(big)

    def pts(points):
        return [(x * s, y * s) for x, y in points]

    dy = grid.dy
    # hexes
    for h, info in mapdef.hexes.items():
        if info.land:
            colour = _tint(info.country, mapdef)
        else:
            colour = LAKE if _is_lake(mapdef, h) else SEA
        d.polygon(pts(grid.corners(h)), fill=colour)
    # hexside terrain bands
    for side, hs in mapdef.hexsides.items():
        band = TERRAIN_BANDS.get(hs.terrain)
        if band is None:
            continue
        colour, frac = band
        (x1, y1), (x2, y2) = grid.hexside_segment(side)
        _band(d, (x1 * s, y1 * s), (x2 * s, y2 * s), frac * dy * s, colour, hs.terrain)
    # hex outlines
    for h in mapdef.hexes:
        c = pts(grid.corners(h))
        d.line(c + [c[0]], fill=GRID_LINE, width=max(1, s))
    # lakes between land hexes: a band of water along the hexside
    for side, hs in mapdef.hexsides.items():
        a, b = mapdef.hexes[side.a], mapdef.hexes[side.b]
        if hs.terrain in ("ocean", "lake") and a.land and b.land:
            p, q = grid.hexside_segment(side)
            d.line(pts([p, q]), fill=LAKE if hs.terrain == "lake" else SEA, width=int(dy * 0.3 * s))
            for x, y in pts([p, q]):
                r = dy * 0.15 * s
                d.ellipse((x - r, y - r, x + r, y + r), fill=LAKE if hs.terrain == "lake" else SEA)
    # coasts and shores
    for side, hs in mapdef.hexsides.items():
        a, b = mapdef.hexes[side.a], mapdef.hexes[side.b]
        if a.land != b.land:
            p, q = grid.hexside_segment(side)
            d.line(pts([p, q]), fill=COAST, width=2 * s)
    # rivers
    for side, hs in mapdef.hexsides.items():
        if hs.river or hs.major_river:
            p, q = grid.hexside_segment(side)
            d.line(pts([p, q]), fill=RIVER, width=(8 if hs.major_river else 4) * s)
            for x, y in pts([p, q]):
                r = (4 if hs.major_river else 2) * s
                d.ellipse((x - r, y - r, x + r, y + r), fill=RIVER)
    # borders (dashed)
    for side, hs in mapdef.hexsides.items():
        if hs.border:
            p, q = grid.hexside_segment(side)
            d.line(pts([p, q]), fill=(255, 255, 255), width=5 * s)
            _dashed(d, pts([p])[0], pts([q])[0], BORDER, 4 * s, 7 * s, 4 * s)
    # named lines (dash-dot, under the rails)
    for side, hs in mapdef.hexsides.items():
        if hs.lines:
            p, q = grid.hexside_segment(side)
            d.line(pts([p, q]), fill=(255, 255, 255), width=7 * s)
            _dashed(d, pts([p])[0], pts([q])[0], LINE, 5 * s, 9 * s, 3 * s)
    # rails, centre to centre; the Russian gauge in its own colour
    for side, hs in mapdef.hexsides.items():
        if hs.rail:
            p, q = grid.center(side.a), grid.center(side.b)
            _rail(d, (p[0] * s, p[1] * s), (q[0] * s, q[1] * s), hs.rail == "double", s,
                  RAIL_BROAD if _broad(mapdef, side) else RAIL)
    # map-edge rail exits: the line runs on to the edge of the hex, with an arrow off the sheet
    for h, dirs in mapdef.rail_exits.items():
        cx, cy = grid.center(h)
        for dname in dirs:
            n = h.neighbour(dname)
            nx, ny = grid.center(n)
            ex, ey = (cx + nx) / 2, (cy + ny) / 2
            colour = RAIL_BROAD if mapdef.hexes[h].country in BROAD_GAUGE else RAIL
            _rail(d, (cx * s, cy * s), (ex * s, ey * s), False, s, colour)
            _arrow(d, (cx * s, cy * s), (ex * s, ey * s), dy * 0.16 * s, colour)
    # place symbols
    for h, info in mapdef.hexes.items():
        cx, cy = grid.center(h)
        if info.fortress_site:
            fx = cx - dy * 0.27 if (info.city or info.capital) else cx
            _fortress(d, fx * s, cy * s, dy * 0.15 * s)
        if info.city or info.capital:
            r = dy * (0.10 if info.capital else 0.08) * s
            d.rectangle((cx * s - r, cy * s - r, cx * s + r, cy * s + r), fill=(200, 30, 30),
                        outline=TEXT, width=s)
            if info.capital:
                d.rectangle((cx * s - r / 2, cy * s - r / 2, cx * s + r / 2, cy * s + r / 2), fill=TEXT)
        if info.port:
            _anchor(d, (cx + dy * 0.28) * s, (cy - dy * 0.02) * s, dy * 0.09 * s)

    if s == 1:
        img = big
    elif mapdef.downsample == "box":
        img = big.reduce(s)           # a 2×2 mean (the map file's art: downsample: box)
    else:
        img = downsample(big, (width, height), s)
    del big, d
    d = ImageDraw.Draw(img)
    _labels(d, mapdef, grid)
    _legend(d, mapdef, width, height)
    return img


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


def _rail(d, p, q, double: bool, s: int, colour=RAIL) -> None:
    (x1, y1), (x2, y2) = p, q
    length = math.hypot(x2 - x1, y2 - y1)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    nx, ny = -uy, ux
    if double:
        off = 2.2 * s
        for sign in (-1, 1):
            d.line([(x1 + nx * off * sign, y1 + ny * off * sign),
                    (x2 + nx * off * sign, y2 + ny * off * sign)], fill=colour, width=max(1, int(1.5 * s)))
        tie = 4.5 * s
    else:
        d.line([p, q], fill=colour, width=max(1, int(1.5 * s)))
        tie = 3.5 * s
    step = 8 * s
    t = step / 2
    while t < length:
        cx, cy = x1 + ux * t, y1 + uy * t
        d.line([(cx - nx * tie, cy - ny * tie), (cx + nx * tie, cy + ny * tie)], fill=colour,
               width=max(1, int(1.2 * s)))
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


def _labels(d: ImageDraw.ImageDraw, mapdef: MapDef, grid: VassalHexGrid) -> None:
    dy = grid.dy
    num_font = font(max(8, int(dy * 0.17)), family="condensed")
    name_font = font(max(8, int(dy * 0.19)), bold=True, family="condensed")
    for h, info in mapdef.hexes.items():
        cx, cy = grid.center(h)
        if info.land:
            colour, halo = (60, 56, 48), _tint(info.country, mapdef)
        else:
            colour, halo = (30, 50, 100), LAKE if _is_lake(mapdef, h) else SEA
        d.text((cx, cy - dy * 0.5 + dy * 0.12), h.id, font=num_font, fill=colour, anchor="mt",
               stroke_width=2, stroke_fill=halo)
    for h, info in mapdef.hexes.items():
        if not info.name:
            continue
        cx, cy = grid.center(h)
        d.text((cx, cy + dy * 0.13), info.name, font=name_font, fill=TEXT, anchor="mt",
               stroke_width=2, stroke_fill=(255, 255, 255))


KEY_WIDTH = 700   # px of the legend taken by the symbol key (four columns)
COUNTRY_COLUMN = 150   # px of a second column of countries (maps of more than five)


def _legend(d: ImageDraw.ImageDraw, mapdef: MapDef, width: int, height: int) -> None:
    """Title, provenance banner, sources and the symbol key, in the band under the hexes."""
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
    kind = mapdef.provenance.kind
    line_y = y + 30
    if kind != "rulebook":
        d.text((x, line_y), f"{kind.upper()} MAP \u2014 provenance: {kind}", font=font(18, bold=True),
               fill=(180, 20, 20))
        line_y += 26
    small = font(12, family="condensed")
    lines = _wrap(d, "Sources: " + " | ".join(mapdef.provenance.sources), small, text_width)
    lines += _wrap(d, mapdef.provenance.reason, small, text_width)
    room = max(0, (height - MARGIN // 2 - 6 - line_y) // 14)
    if len(lines) > room:
        lines = lines[:room]
        if room:
            more = " \u2026 (full text in the map file)"
            words = lines[-1].split()
            while words and d.textlength(" ".join(words) + more, font=small) > text_width:
                words.pop()
            lines[-1] = " ".join(words) + more
    for i, line in enumerate(lines):
        d.text((x, line_y + i * 14), line, font=small, fill=TEXT)

    lf = font(13, family="condensed")
    ky = top + 18
    for i, terrain in enumerate(("hilly", "rough", "mountain", "alpine")):
        colour, frac = TERRAIN_BANDS[terrain]
        yy = ky + i * 22
        _band(d, (kx - 4, yy + 7), (kx + 44, yy + 7), frac * 64, colour, terrain)
        d.text((kx + 46, yy), TERRAIN_LABELS[terrain] + " hexside", font=lf, fill=TEXT)
    d.line([(kx, ky + 95), (kx + 36, ky + 95)], fill=LAKE, width=12)
    d.text((kx + 46, ky + 88), "Lake hexside", font=lf, fill=TEXT)
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
    _rail(d, (kx3, ky + 7), (kx3 + 40, ky + 7), True, 1)
    d.text((kx3 + 48, ky), "Rail line (double)", font=lf, fill=TEXT)
    _rail(d, (kx3, ky + 29), (kx3 + 40, ky + 29), False, 1)
    d.text((kx3 + 48, ky + 22), "Single track", font=lf, fill=TEXT)
    d.rectangle((kx3 + 14, ky + 46, kx3 + 24, ky + 56), fill=(200, 30, 30), outline=TEXT)
    d.text((kx3 + 48, ky + 44), "City", font=lf, fill=TEXT)
    _fortress(d, kx3 + 19, ky + 73, 9)
    d.text((kx3 + 48, ky + 66), "Fortress site", font=lf, fill=TEXT)
    _anchor(d, kx3 + 19, ky + 96, 7)
    d.text((kx3 + 48, ky + 88), "Port", font=lf, fill=TEXT)
    # keys for the features only some maps have (a sixth row; the named line in the fifth)
    for i, ln in enumerate(mapdef.lines[:1]):
        d.line([(kx2, ky + 95), (kx2 + 36, ky + 95)], fill=(255, 255, 255), width=7)
        _dashed(d, (kx2, ky + 95), (kx2 + 36, ky + 95), LINE, 5, 9, 3)
        d.text((kx2 + 44, ky + 88), ln.name + (f" ({ln.rule})" if ln.rule else ""), font=lf, fill=TEXT)
    if mapdef.rail_exits:
        _rail(d, (kx2, ky + 117), (kx2 + 30, ky + 117), False, 1)
        _arrow(d, (kx2, ky + 117), (kx2 + 30, ky + 117), 10, RAIL)
        d.text((kx2 + 44, ky + 110), "Map-edge rail exit", font=lf, fill=TEXT)
    if any(hs.rail and _broad(mapdef, side) for side, hs in mapdef.hexsides.items()):
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
    out: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if d.textlength(trial, font=f) > width and line:
            out.append(line)
            line = word
        else:
            line = trial
    if line:
        out.append(line)
    return out


