"""Burning Mountains map art: altitude bands per hex, crags, streams, rivers, bridges, roads,
objectives and the friendly supply edges, with a legend and the map's provenance.

The board geometry (VASSAL grid, margins, legend band) is the shared one of ``modgen.art.map``, so
the module's grid and the checker place hexes exactly where this art draws them.
"""
from __future__ import annotations

import math

from PIL import Image, ImageDraw

from ...art.fonts import font
from ...art.map import SUPERSAMPLE, _wrap
from ...model.geometry import LEGEND_HEIGHT, MARGIN, board_geometry
from ...hexgrid import Hex, Hexside
from .mapdata import OBJECTIVES, TERRAIN_LABELS, TERRAINS, BmMap

PAPER = (246, 242, 228)
TEXT = (30, 30, 30)
GRID_LINE = (110, 100, 84)
#: altitude bands, light to dark with height, high mountain pale grey-white (snow and rock)
FILL = {"clear": (206, 224, 168), "low_mountain": (228, 212, 158), "mountain": (196, 160, 112),
        "high_mountain": (226, 226, 232)}
WATER = (36, 104, 214)
CRAG = (70, 40, 20)
ROAD = (176, 30, 24)
FLAGS = {"italy": ((0, 146, 70), (255, 255, 255), (206, 43, 55)),
         "austria-hungary": ((20, 20, 20), (250, 210, 0), (20, 20, 20))}


def render_map(m: BmMap) -> Image.Image:
    grid, width, height = board_geometry(m)
    s = SUPERSAMPLE
    big = Image.new("RGB", (width * s, height * s), PAPER)
    d = ImageDraw.Draw(big)
    dy = grid.dy

    def P(pt):
        return pt[0] * s, pt[1] * s

    def pts(points):
        return [P(p) for p in points]

    for h, info in m.hexes.items():
        d.polygon(pts(grid.corners(h)), fill=FILL[info.terrain])
    for h in m.hexes:
        c = pts(grid.corners(h))
        d.line(c + [c[0]], fill=GRID_LINE, width=s)
    # watercourses along hexsides
    for side in m.streams:
        p, q = grid.hexside_segment(side)
        d.line(pts([p, q]), fill=WATER, width=3 * s)
    for side in m.rivers:
        p, q = grid.hexside_segment(side)
        d.line(pts([p, q]), fill=WATER, width=7 * s)
        for x, y in pts([p, q]):
            r = 3 * s
            d.ellipse((x - r, y - r, x + r, y + r), fill=WATER)
    # crags: a wall with teeth pointing down to the lower hex
    for side in m.crags:
        _crag(d, grid, m, side, s)
    # roads, centre to centre
    for road in m.roads:
        line = pts([grid.center(h) for h in road.hexes])
        d.line(line, fill=(255, 250, 236), width=7 * s, joint="curve")
        d.line(line, fill=ROAD, width=3 * s, joint="curve")
    for side in m.bridges:
        _bridge(d, grid, side, s)
    # supply edges: the national flag on the outer side of each friendly edge hex (11.2)
    for nation, hexes in sorted(m.supply_edges.items()):
        for h in sorted(hexes):
            _edge_flag(d, grid, m, h, FLAGS.get(nation, ((90, 90, 90),) * 3), s)
    # objectives
    for h, info in m.hexes.items():
        if info.objective:
            cx, cy = grid.center(h)
            _objective(d, cx * s, cy * s, info.objective, dy * s)
    # a box filter (Image.reduce): exact, deterministic and a tenth of the Lanczos resample's time;
    # the drawing is flat colour and lines, where Lanczos adds nothing visible
    img = big.reduce(s) if s != 1 else big
    del big, d
    d = ImageDraw.Draw(img)
    _labels(d, m, grid)
    _legend(d, m, width, height)
    return img


def _crag(d, grid, m: BmMap, side: Hexside, s: int) -> None:
    (x1, y1), (x2, y2) = grid.hexside_segment(side)
    d.line([(x1 * s, y1 * s), (x2 * s, y2 * s)], fill=CRAG, width=4 * s)
    hi, lo = (side.a, side.b) if m.altitude(side.a) >= m.altitude(side.b) else (side.b, side.a)
    (lx, ly) = grid.center(lo)
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    nx, ny = lx - mx, ly - my
    n = math.hypot(nx, ny) or 1.0
    nx, ny = nx / n, ny / n
    for t in (0.2, 0.5, 0.8):
        bx, by = x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
        tx, ty = (x2 - x1) * 0.09, (y2 - y1) * 0.09
        tip = (bx + nx * 7, by + ny * 7)
        d.polygon([((bx - tx) * s, (by - ty) * s), ((bx + tx) * s, (by + ty) * s), (tip[0] * s, tip[1] * s)],
                  fill=CRAG)


def _bridge(d, grid, side: Hexside, s: int) -> None:
    (x1, y1), (x2, y2) = grid.hexside_segment(side)
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    ux, uy = x2 - x1, y2 - y1
    n = math.hypot(ux, uy) or 1.0
    ux, uy = ux / n, uy / n
    px, py = -uy, ux
    for off in (-5, 5):
        cx, cy = mx + ux * off, my + uy * off
        d.line([((cx - px * 7) * s, (cy - py * 7) * s), ((cx + px * 7) * s, (cy + py * 7) * s)],
               fill=TEXT, width=2 * s)


def _edge_flag(d, grid, m: BmMap, h: Hex, colours, s: int) -> None:
    cx, cy = grid.center(h)
    out = [n for n in h.neighbours() if n not in m.hexes]
    if not out:
        return
    # towards the outside: the mean direction of the off-map neighbours
    vx = sum(grid.center(n)[0] - cx for n in out) / len(out)
    vy = sum(grid.center(n)[1] - cy for n in out) / len(out)
    k = math.hypot(vx, vy) or 1.0
    fx, fy = cx + vx / k * grid.dy * 0.33, cy + vy / k * grid.dy * 0.33
    if vy / k < -0.7:       # the north edge: beside the hex number, not over it
        fx, fy = cx + grid.dy * 0.28, cy - grid.dy * 0.30
    w, hh = grid.dy * 0.20, grid.dy * 0.13
    x0, y0 = fx - w / 2, fy - hh / 2
    for i, col in enumerate(colours):
        d.rectangle(((x0 + w * i / 3) * s, y0 * s, (x0 + w * (i + 1) / 3) * s, (y0 + hh) * s), fill=col)
    d.rectangle((x0 * s, y0 * s, (x0 + w) * s, (y0 + hh) * s), outline=TEXT, width=s)


def _objective(d, cx, cy, kind: str, dy: float) -> None:
    if kind == "town":
        r = dy * 0.11
        d.rectangle((cx - r, cy - r, cx + r, cy + r), fill=(200, 30, 30), outline=TEXT, width=2)
    elif kind == "small_town":
        r = dy * 0.075
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(200, 30, 30), outline=TEXT, width=2)
    else:
        r = dy * 0.12
        d.polygon([(cx, cy - r), (cx + r, cy + r * 0.7), (cx - r, cy + r * 0.7)], fill=TEXT)


def _labels(d: ImageDraw.ImageDraw, m: BmMap, grid) -> None:
    dy = grid.dy
    num_font = font(max(8, int(dy * 0.16)), family="condensed")
    name_font = font(max(8, int(dy * 0.17)), bold=True, family="condensed")
    vp_font = font(max(8, int(dy * 0.15)), bold=True, family="condensed")
    for h, info in m.hexes.items():
        cx, cy = grid.center(h)
        # no halo: the number sits in the top of the hex, above the symbols and clear of the lines
        # (a stroked halo on 630 numbers costs more than the rest of the map)
        d.text((cx, cy - dy * 0.5 + dy * 0.08), h.id, font=num_font, fill=(60, 52, 40), anchor="mt")
    for h, info in m.hexes.items():
        if not info.name:
            continue
        cx, cy = grid.center(h)
        label = info.name
        d.text((cx, cy + dy * 0.15), label, font=name_font, fill=TEXT, anchor="mt",
               stroke_width=2, stroke_fill=(255, 255, 255))
        if info.objective:
            d.text((cx + dy * 0.16, cy - dy * 0.08), f"{OBJECTIVES[info.objective]}", font=vp_font,
                   fill=(150, 0, 0), anchor="lm", stroke_width=2, stroke_fill=(255, 255, 255))


def _legend(d: ImageDraw.ImageDraw, m: BmMap, width: int, height: int) -> None:
    top = height - LEGEND_HEIGHT
    d.rectangle((MARGIN, top + 8, width - MARGIN, height - MARGIN // 2), outline=TEXT, width=2,
                fill=(252, 250, 242))
    x = MARGIN + 12
    y = top + 16
    key_w = 800
    kx = width - MARGIN - key_w
    text_width = kx - x - 16
    d.text((x, y), m.name, font=font(22, bold=True), fill=TEXT)
    line_y = y + 30
    kind = m.provenance.kind
    if kind != "rulebook":
        d.text((x, line_y), f"{kind.upper()} MAP \u2014 not the printed map; provenance: {kind}",
               font=font(18, bold=True), fill=(180, 20, 20))
        line_y += 26
    small = font(12, family="condensed")
    lines = _wrap(d, m.provenance.reason, small, text_width)
    lines += _wrap(d, "Sources: " + " | ".join(m.provenance.sources), small, text_width)
    room = max(0, (height - MARGIN // 2 - 6 - line_y) // 14)
    if len(lines) > room:
        lines = lines[:room]
        if room:
            lines[-1] = lines[-1][: max(0, len(lines[-1]) - 30)] + " \u2026 (full text in the map file)"
    for i, line in enumerate(lines):
        d.text((x, line_y + i * 14), line, font=small, fill=TEXT)
    lf = font(13, family="condensed")
    ky = top + 18
    for i, t in enumerate(TERRAINS):
        yy = ky + i * 24
        d.rectangle((kx, yy, kx + 34, yy + 16), fill=FILL[t], outline=GRID_LINE)
        d.text((kx + 42, yy + 1), f"{TERRAIN_LABELS[t]} (altitude {i})", font=lf, fill=TEXT)
    kx2 = kx + 215
    d.line([(kx2, ky + 8), (kx2 + 36, ky + 8)], fill=WATER, width=3)
    d.text((kx2 + 44, ky + 1), "Stream", font=lf, fill=TEXT)
    d.line([(kx2, ky + 32), (kx2 + 36, ky + 32)], fill=WATER, width=7)
    d.text((kx2 + 44, ky + 25), "Minor river", font=lf, fill=TEXT)
    d.line([(kx2, ky + 56), (kx2 + 36, ky + 56)], fill=WATER, width=7)
    for off in (-5, 5):
        d.line([(kx2 + 18 + off, ky + 49), (kx2 + 18 + off, ky + 63)], fill=TEXT, width=2)
    d.text((kx2 + 44, ky + 49), "Bridge", font=lf, fill=TEXT)
    d.line([(kx2, ky + 80), (kx2 + 36, ky + 80)], fill=CRAG, width=4)
    for t in (6, 18, 30):
        d.polygon([(kx2 + t - 4, ky + 80), (kx2 + t + 4, ky + 80), (kx2 + t, ky + 87)], fill=CRAG)
    d.text((kx2 + 44, ky + 73), "Crag hexside", font=lf, fill=TEXT)
    kx3 = kx2 + 155
    d.line([(kx3, ky + 8), (kx3 + 36, ky + 8)], fill=(255, 250, 236), width=7)
    d.line([(kx3, ky + 8), (kx3 + 36, ky + 8)], fill=ROAD, width=3)
    d.text((kx3 + 44, ky + 1), "Road", font=lf, fill=TEXT)
    _objective(d, kx3 + 18, ky + 32, "town", 64)
    d.text((kx3 + 44, ky + 25), "Town (5 VP)", font=lf, fill=TEXT)
    _objective(d, kx3 + 18, ky + 56, "small_town", 64)
    d.text((kx3 + 44, ky + 49), "Small town (1 VP)", font=lf, fill=TEXT)
    _objective(d, kx3 + 18, ky + 80, "peak", 64)
    d.text((kx3 + 44, ky + 73), "Peak (3 VP)", font=lf, fill=TEXT)
    kx4 = kx3 + 160
    for i, (nation, label) in enumerate((("italy", "Italian supply edge"),
                                         ("austria-hungary", "A-H supply edge"))):
        yy = ky + i * 24
        for j, col in enumerate(FLAGS[nation]):
            d.rectangle((kx4 + j * 8, yy, kx4 + (j + 1) * 8, yy + 14), fill=col)
        d.rectangle((kx4, yy, kx4 + 24, yy + 14), outline=TEXT)
        d.text((kx4 + 32, yy), label, font=lf, fill=TEXT)
    d.text((kx4, ky + 52), "red number: VP of", font=lf, fill=(150, 0, 0))
    d.text((kx4, ky + 68), "the objective (14.0)", font=lf, fill=(150, 0, 0))


class BmArt:
    """This system's art as the shared code asks for it (``System.art``; the shape of
    ``modgen.art.SharedArt``): the map board, every piece image, one piece as it stands."""

    def render_map(self, mapdef) -> Image.Image:
        return render_map(mapdef)

    def piece_images(self, game) -> dict[str, Image.Image]:
        from .art_counters import counter_images
        return {name.split("/", 1)[1]: img for name, img in counter_images(game).items()}

    def piece_image(self, game, unit_id: str, marker_id: str, value: str, flipped: bool) -> Image.Image | None:
        from .art_counters import faces, render_counter, render_marker
        if unit_id and unit_id in game.counters:
            c = game.counters[unit_id]
            face = "back" if flipped and "back" in faces(c) else "front"
            return render_counter(c, game.nations[c.nation], face)
        if marker_id and marker_id in game.markers:
            m = game.markers[marker_id]
            return render_marker(m, 1 if flipped and len(m.sides) > 1 else 0)
        return None


ART = BmArt()

