"""NATO-style unit-type symbols for Der Weltkrieg counters (Standard Rules 3, "Unit Type Symbol").

Each symbol is drawn inside a box given in pixels of the (supersampled) drawing surface. The box
itself (outline and fill) is drawn by ``draw_type_box``; the glyph inside by ``draw_type_glyph``.
Only shapes are drawn here; text inside a symbol (RPL, HQ) is left to the caller, which draws text
at the final resolution so it stays crisp (see ``SymbolText``).

The symbols follow the usual NATO conventions where one exists (infantry ✕, cavalry diagonal,
artillery dot, engineer bridge, HQ staff) and the series' own look where the rulebook names a type
NATO has no sign for (assault, siege artillery): those choices are ours and are listed in
``SYMBOL_NOTES`` so the module's documentation can say so.
"""
from __future__ import annotations

from dataclasses import dataclass

from PIL import ImageDraw

Box = tuple[float, float, float, float]
RGB = tuple[int, int, int]

# Unit types the counters in the data use (modgen.model.types.UNIT_TYPE_LABELS keys).
SYMBOL_TYPES = ("inf", "mtn", "cav", "art", "siege-art", "eng", "aslt", "mtn-aslt", "marine",
                "bicycle", "rpl", "hq", "fortress", "flotilla")

SYMBOL_NOTES = {
    "inf": "NATO infantry: a cross from corner to corner",
    "mtn": "NATO mountain infantry: the infantry cross with a solid peak at the foot of the box",
    "cav": "NATO cavalry: one diagonal, lower left to upper right",
    "art": "NATO artillery: a solid dot",
    "siege-art": "artillery dot inside a ring (heavy/siege guns); no NATO sign, our choice",
    "eng": "NATO engineers: the bridge sign",
    "aslt": "infantry cross under a solid band (storm troops); no NATO sign, our choice",
    "mtn-aslt": "mountain infantry sign under the assault band",
    "marine": "infantry cross with a wave at the foot of the box (amphibious)",
    "bicycle": "infantry cross with two wheels at the foot of the box",
    "rpl": "box with the letters RPL (replacement unit, rule 24)",
    "hq": "NATO headquarters staff with a flag",
    "fortress": "crenellated wall (fortress symbol)",
    "flotilla": "a river boat: hull on the water line with a funnel (no NATO sign, our choice)",
}


@dataclass(frozen=True)
class SymbolText:
    """Text a symbol wants written inside its box (drawn by the caller at final resolution)."""

    text: str
    box: Box          # in the same units as the box passed to draw_type_glyph


def _lw(box: Box) -> int:
    """Line width scaled to the symbol: about 1.2 px at the default counter size."""
    return max(1, round((box[3] - box[1]) / 13))


def draw_type_box(draw: ImageDraw.ImageDraw, box: Box, line: RGB, fill: RGB | None) -> None:
    draw.rectangle(box, fill=fill, outline=line, width=_lw(box))


def _cross(draw, box, line, w):
    x0, y0, x1, y1 = box
    draw.line([(x0, y0), (x1, y1)], fill=line, width=w)
    draw.line([(x0, y1), (x1, y0)], fill=line, width=w)


def _peak(draw, box, line):
    x0, y0, x1, y1 = box
    cx = (x0 + x1) / 2
    h = (y1 - y0) * 0.42
    half = h * 1.05
    draw.polygon([(cx - half, y1), (cx + half, y1), (cx, y1 - h)], fill=line)


def _band(draw, box, line):
    x0, y0, x1, y1 = box
    draw.rectangle((x0, y0, x1, y0 + (y1 - y0) * 0.28), fill=line)


def draw_type_glyph(draw: ImageDraw.ImageDraw, box: Box, unit_type: str, line: RGB,
                    fill: RGB | None = None) -> list[SymbolText]:
    """Draw the glyph for ``unit_type`` inside ``box``; return any text the caller must add.

    Unknown types get the plain box and their type code as text, so a new type in the data shows up
    visibly instead of failing.
    """
    x0, y0, x1, y1 = box
    w = _lw(box)
    bw, bh = x1 - x0, y1 - y0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    t = unit_type
    if t == "inf":
        _cross(draw, box, line, w)
    elif t == "mtn":
        _cross(draw, box, line, w)
        _peak(draw, box, line)
    elif t == "aslt":
        _cross(draw, box, line, w)
        _band(draw, box, line)
    elif t == "mtn-aslt":
        _cross(draw, box, line, w)
        _peak(draw, box, line)
        _band(draw, box, line)
    elif t == "marine":
        _cross(draw, box, line, w)
        # a wave: a row of small arcs at the foot of the box
        n = 3
        step = bw / n
        r = step / 2
        for i in range(n):
            ax = x0 + i * step
            draw.arc((ax, y1 - r * 1.6, ax + step, y1 + r * 0.4), 180, 360, fill=line, width=w)
    elif t == "bicycle":
        _cross(draw, box, line, w)
        r = bh * 0.17
        for wx in (cx - bw * 0.2, cx + bw * 0.2):
            draw.ellipse((wx - r, y1 - 2 * r - w, wx + r, y1 - w), fill=fill, outline=line, width=w)
    elif t == "cav":
        draw.line([(x0, y1), (x1, y0)], fill=line, width=w)
    elif t == "art":
        r = bh * 0.2
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=line)
    elif t == "siege-art":
        r = bh * 0.16
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=line)
        R = bh * 0.34
        draw.ellipse((cx - R, cy - R, cx + R, cy + R), outline=line, width=w)
    elif t == "eng":
        # the NATO engineer sign: a bridge, three legs under a deck
        top = cy - bh * 0.18
        foot = cy + bh * 0.2
        half = bw * 0.25
        draw.line([(cx - half, top), (cx + half, top)], fill=line, width=w)
        for lx in (cx - half, cx, cx + half):
            draw.line([(lx, top), (lx, foot)], fill=line, width=w)
    elif t == "rpl":
        return [SymbolText("RPL", box)]
    elif t == "hq":
        # a flag on its staff inside the box (rule 3: headquarters are identified by a national
        # flag; the data gives no flag designs, so the flag is drawn in the nation's text colour)
        sx = x0 + bw * 0.3
        draw.line([(sx, y0 + bh * 0.15), (sx, y1)], fill=line, width=w)
        draw.rectangle((sx, y0 + bh * 0.15, sx + bw * 0.42, y0 + bh * 0.55), fill=line)
    elif t == "fortress":
        # a wall with battlements
        base = y1 - bh * 0.15
        wall_top = y0 + bh * 0.45
        merlon_top = y0 + bh * 0.18
        left, right = x0 + bw * 0.15, x1 - bw * 0.15
        draw.rectangle((left, wall_top, right, base), fill=line)
        n = 4
        mw = (right - left) / (2 * n - 1)
        for i in range(n):
            mx = left + 2 * i * mw
            draw.rectangle((mx, merlon_top, mx + mw, wall_top), fill=line)
    elif t == "flotilla":
        # a river monitor: a hull on the water line, a deckhouse and a funnel
        water = y1 - bh * 0.22
        draw.polygon([(x0 + bw * 0.1, water - bh * 0.2), (x1 - bw * 0.1, water - bh * 0.2),
                      (x1 - bw * 0.25, water), (x0 + bw * 0.25, water)], fill=line)
        draw.rectangle((cx - bw * 0.16, water - bh * 0.38, cx + bw * 0.12, water - bh * 0.2), fill=line)
        draw.rectangle((cx + bw * 0.02, water - bh * 0.58, cx + bw * 0.1, water - bh * 0.38), fill=line)
        draw.line([(x0 + bw * 0.08, water + bh * 0.08), (x1 - bw * 0.08, water + bh * 0.08)], fill=line, width=w)
    else:
        return [SymbolText(t.upper()[:4], box)]
    return []
