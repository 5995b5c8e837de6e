"""Marker art (Standard Rules 3 "Markers", Figure 2): trench, construction, devastation, railhead,
entrained, supply points, strength reduction (−1, ½), DM and VP points, turn and month.

Markers are drawn from ``MarkerDef`` (id, kind, label, values). The rulebook gives no colours for
generic markers; the palette below is this project's art choice, one colour per kind so a stack is
readable at a glance. Side-specific markers follow rule 50-16/50-17 (Central Powers dark grey with
white text, Entente medium blue with black text) when the marker names its side.
"""
from __future__ import annotations

import re

from PIL import Image, ImageDraw

from ..errors import ModgenError
from ..model.types import MONTHS, MarkerDef
from .counters import (COUNTER_SIZE, SUPERSAMPLE, contrast, mix, parse_colour, place_text,
                       text_length)

RGB = tuple[int, int, int]

# kind → (background, text); our palette (the rulebook has no marker colours)
PALETTE: dict[str, tuple[RGB, RGB]] = {
    "trench": ((139, 115, 85), (255, 255, 255)),
    "construction": ((214, 196, 150), (0, 0, 0)),
    "devastation": ((85, 85, 85), (255, 255, 255)),
    "hindenburg": ((96, 80, 48), (255, 255, 255)),
    "railhead": ((255, 255, 255), (0, 0, 0)),
    "entrained": ((255, 214, 0), (0, 0, 0)),
    "supply": ((46, 107, 46), (255, 255, 255)),
    "strength": ((200, 0, 0), (255, 255, 255)),
    "dm": ((0, 0, 0), (255, 255, 255)),
    "vp": ((31, 78, 154), (255, 255, 255)),
    # the calendar markers in lavender: cream or white would pass for an Austro-Hungarian unit
    # (white, rule 50-4) in a stack
    "turn": ((200, 188, 230), (0, 0, 0)),
    "month": ((200, 188, 230), (0, 0, 0)),
    "other": ((224, 224, 224), (0, 0, 0)),
}
PALETTE.update({
    "year": PALETTE["turn"],
    "phase": PALETTE["turn"],
    "control": ((255, 255, 255), (0, 0, 0)),
    "out-of-supply": ((255, 140, 0), (0, 0, 0)),
})
# rule 50-16 / 50-17
SIDE_PALETTE: dict[str, tuple[RGB, RGB]] = {
    "central-powers": ((74, 74, 74), (255, 255, 255)),
    "entente": ((74, 120, 200), (0, 0, 0)),
}

_KIND_WORDS = (
    ("hindenburg", "hindenburg"), ("trench", "trench"), ("construct", "construction"),
    ("devast", "devastation"), ("railhead", "railhead"), ("entrain", "entrained"),
    ("supply", "supply"), ("sp", "supply"), ("reduc", "strength"), ("strength", "strength"),
    ("demoral", "dm"), ("dm", "dm"), ("victory", "vp"), ("vp", "vp"), ("month", "month"),
    ("turn", "turn"),
)


# the model's marker kinds (modgen.model.load.MARKER_KINDS) that name their family exactly
_EXACT_KINDS = {
    "trench": "trench", "construction": "construction", "devastation": "devastation",
    "railhead": "railhead", "entrained": "entrained", "supply": "supply", "strength": "strength",
    "dm": "dm", "vp": "vp", "turn": "turn", "month": "month", "year": "year", "phase": "phase",
    "control": "control", "out-of-supply": "out-of-supply", "hindenburg-line": "hindenburg",
}


def marker_family(marker: MarkerDef) -> str:
    """The drawing family of a marker from its ``kind`` (then its id): trench, supply, dm, …"""
    kind = (marker.kind or "").lower()
    if kind in _EXACT_KINDS:
        return _EXACT_KINDS[kind]
    if "out-of-supply" in kind or "out-of-supply" in marker.id.lower():
        return "out-of-supply"
    for text in (marker.kind, marker.id):
        words = re.split(r"[^a-z0-9]+", (text or "").lower())
        joined = "-".join(w for w in words if w)
        for needle, fam in _KIND_WORDS:
            if len(needle) <= 2:
                if needle in words:
                    return fam
            elif needle in joined:
                return fam
    return "other"


def display_value(value: str) -> str:
    """A value as printed on the marker: "1/2" → "½", "-1" → "−1" (a real minus sign)."""
    v = str(value).strip()
    v = {"1/2": "\u00bd", "half": "\u00bd"}.get(v.lower(), v)
    if v.startswith("-"):
        v = "\u2212" + v[1:]
    return v


MONTH_ABBREVIATIONS = {m: m[:3] for m in MONTHS}


def face_value(family: str, value: str) -> str:
    """What a value looks like on the marker's face: ``display_value``, and month names
    shortened to three letters on month markers ("September" → "Sep") so they read at 56 px."""
    v = display_value(value)
    if family == "month":
        return MONTH_ABBREVIATIONS.get(v.strip().capitalize(), v)
    return v


def marker_image_name(marker_id: str, value: str | None = None) -> str:
    """The agreed image file name: ``marker-<id>[-<value>].png`` with a file-safe value.

    Signs are spelled out ("+50" → "plus50", "-1" → "minus1", "½" → "half") and anything else
    outside ``[A-Za-z0-9._-]`` becomes "_" ("1/2" → "1_2"): VASSAL image names travel inside
    encoded trait strings and HTML, where "+", "/" and spaces are best avoided."""
    if value is None or str(value) == "":
        return f"marker-{marker_id}.png"
    v = str(value).strip().replace("\u00bd", "half").replace("\u2212", "-")
    v = re.sub(r"^\+", "plus", v)
    v = re.sub(r"^-", "minus", v)
    v = re.sub(r"[^A-Za-z0-9._-]", "_", v)
    return f"marker-{marker_id}-{v}.png"


# --------------------------------------------------------------------------- pictograms


def _zigzag(d, k, fg, dashed=False):
    pts = []
    x, y0, y1 = 9 * k, 27 * k, 35 * k
    n = 6
    step = (47 - 9) * k / n
    for i in range(n + 1):
        pts.append((x + i * step, y0 if i % 2 == 0 else y1))
    w = round(2.2 * k)
    if not dashed:
        d.line(pts, fill=fg, width=w, joint="curve")
        return
    # a trench under construction: the first half dug, the rest pegged out as dots
    half = n // 2
    d.line(pts[: half + 1], fill=fg, width=w, joint="curve")
    r = 1.2 * k
    for (ax, ay), (bx, by) in zip(pts[half:], pts[half + 1:]):
        for f in (0.5, 1.0):
            x, y = ax + (bx - ax) * f, ay + (by - ay) * f
            d.ellipse((x - r, y - r, x + r, y + r), fill=fg)


def _craters(d, k, fg, bg):
    for cx, cy, r in ((18, 29, 5), (35, 27, 6.5), (27, 37, 4), (44, 36, 3.5), (11, 38, 3)):
        d.ellipse(((cx - r) * k, (cy - r) * k, (cx + r) * k, (cy + r) * k),
                  outline=fg, width=round(1.4 * k), fill=mix(bg, (0, 0, 0), 0.35))


def _track(d, k, fg, y=31):
    d.line([(7 * k, (y - 3) * k), (49 * k, (y - 3) * k)], fill=fg, width=round(1.6 * k))
    d.line([(7 * k, (y + 3) * k), (49 * k, (y + 3) * k)], fill=fg, width=round(1.6 * k))
    for i in range(8):
        x = (9 + i * 5.5) * k
        d.line([(x, (y - 5) * k), (x, (y + 5) * k)], fill=fg, width=round(1.3 * k))


def _wagon(d, k, fg, bg):
    d.rectangle((13 * k, 22 * k, 43 * k, 33 * k), fill=fg)
    for x in (19, 37):
        r = 3.2
        d.ellipse(((x - r) * k, (35 - r) * k, (x + r) * k, (35 + r) * k), fill=fg,
                  outline=bg, width=round(0.8 * k))
    d.line([(8 * k, 38.5 * k), (48 * k, 38.5 * k)], fill=fg, width=round(1.4 * k))


def _pictogram(family: str, d, k, fg, bg) -> bool:
    if family in ("trench", "hindenburg"):
        _zigzag(d, k, fg)
    elif family == "construction":
        _zigzag(d, k, fg, dashed=True)
    elif family == "devastation":
        _craters(d, k, fg, bg)
    elif family == "railhead":
        _track(d, k, fg)
        # the end of the line: a buffer stop
        d.rectangle((46 * k, 24 * k, 50 * k, 38 * k), fill=fg)
    elif family == "entrained":
        _wagon(d, k, fg, bg)
    else:
        return False
    return True


# --------------------------------------------------------------------------- the marker


def _colours(marker: MarkerDef, family: str) -> tuple[RGB, RGB]:
    side = getattr(marker, "side", None)
    bg, fg = SIDE_PALETTE.get(side or "", PALETTE.get(family, PALETTE["other"]))
    colour = getattr(marker, "colour", None) or getattr(marker, "background", None)
    if colour:
        bg = parse_colour(colour, what=f"marker {marker.id} colour", source=marker.source,
                          field="colour")
        fg = contrast(bg)
    return bg, fg


def render_marker(marker: MarkerDef, value: str | None = None,
                  size: int = COUNTER_SIZE) -> Image.Image:
    """Draw a marker (with its value, for numbered markers) as an RGBA image ``size`` × ``size``."""
    if size < 16:
        raise ModgenError(f"marker size {size} px is too small to draw (minimum 16)")
    if value is not None and marker.values and str(value) not in marker.values:
        raise ModgenError(f"marker {marker.id} has no value {value!r} "
                          f"(values: {', '.join(marker.values)})",
                          file=getattr(marker.source, "file", None),
                          line=getattr(marker.source, "line", None), field="values")
    family = marker_family(marker)
    bg, fg = _colours(marker, family)
    u = size / 56.0
    S = SUPERSAMPLE
    big = size * S
    k = u * S

    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, big - 1, big - 1), radius=3 * k, fill=bg + (255,),
                        outline=mix(bg, (0, 0, 0), 0.55) + (255,), width=max(1, round(0.9 * k)))
    has_value = value is not None and str(value) != ""
    # numbered markers show their value where a pictogram would stand
    picto = _pictogram(family, d, k, fg, bg) if not has_value else False
    out = img.reduce(S)

    t = ImageDraw.Draw(out)
    label = marker.label or marker.id
    if has_value and display_value(str(value)) == display_value(label):
        has_value = False            # the value is the marker's face ("-1" marker, value "-1")
    short = len(label) <= 4 and not has_value and not picto
    if short:
        # a marker whose label is its face: "−1", "½", "DM", "VP"
        text = display_value(label)
        place_text(out, (28 * u, 29 * u), text, 46 * u, max(8, round(26 * u)),
                   max(6, round(8 * u)), fg)
        return out

    cond_ok = font_for(max(6, round(9 * u)))
    if picto or has_value:
        # the title along the top: one line, or two when one line would need a tiny font
        one_line = text_length(t, label, cond_ok) <= 50 * u
        lines = [label] if one_line else _wrap(t, label, 50 * u, max(6, round(9 * u)), max_lines=2)
        fsize = max(6, round(10 * u)) if one_line else max(6, round(9 * u))
        ys = _line_positions(len(lines), 8.5 * u if one_line else 7 * u, 9 * u, center=False)
    else:
        lines = _wrap(t, label, 50 * u, max(7, round(12 * u)), max_lines=3)
        fsize = max(7, round(12 * u))
        ys = _line_positions(len(lines), 28 * u, fsize * 1.15, center=True)
    for line, y in zip(lines, ys):
        place_text(out, (28 * u, y), line, 50 * u, fsize, max(5, round(6 * u)), fg,
                   family="condensed")

    if has_value:
        text = face_value(family, str(value))
        # one font size for every value of the marker, so a track of them looks even
        # (numbers with numbers, words with words: "Special" does not shrink the turn digits)
        values = [face_value(family, v) for v in marker.values] or [text]
        values = [v for v in values if _is_number(v) == _is_number(text)] or [text]
        top = ys[-1] + 5 * u
        cy = (top + 53 * u) / 2
        max_px = max(8, round(min(24 * u, (53 * u - top) * 0.95)))
        px = _common_size(t, values, 48 * u, max_px, max(6, round(8 * u)))
        place_text(out, (28 * u, cy), text, 48 * u, px, max(6, round(8 * u)), fg)
    return out


def _is_number(text: str) -> bool:
    return re.fullmatch(r"[+\-\u2212]?(\d+|\u00bd)", text) is not None


def _common_size(draw, texts: list[str], max_w: float, max_px: int, min_px: int) -> int:
    """The largest bold sans size (≥ min_px) at which every text fits ``max_w``; else ``max_px``
    is left to per-text fitting (condensed or squeezed)."""
    key = (tuple(texts), max_w, max_px, min_px, draw.mode)
    px = _COMMON.get(key)
    if px is None:
        px = _COMMON[key] = _common_size_uncached(draw, texts, max_w, max_px, min_px)
    return px


_COMMON: dict[tuple, int] = {}   # every value of a marker track asks the same question


def _common_size_uncached(draw, texts, max_w, max_px, min_px) -> int:
    from .fonts import font
    for px in range(max_px, min_px - 1, -1):
        f = font(px, bold=True)
        if all(text_length(draw, x, f) <= max_w for x in texts):
            return px
    return min_px


def _wrap(draw, text: str, max_w: float, px: int, max_lines: int) -> list[str]:
    words = text.split()
    if max_lines <= 1 or not words:
        return [text]
    f = font_for(px)
    lines: list[str] = []
    cur = ""
    for w in words:
        cand = f"{cur} {w}".strip()
        if text_length(draw, cand, f) <= max_w or not cur:
            cur = cand
        else:
            lines.append(cur)
            cur = w
    lines.append(cur)
    if len(lines) > max_lines:
        lines = lines[: max_lines - 1] + [" ".join(lines[max_lines - 1:])]
    return lines


def font_for(px: int):
    from .fonts import font
    return font(px, bold=True, family="condensed")


def _line_positions(n: int, anchor_y: float, step: float, center: bool) -> list[float]:
    if center:
        top = anchor_y - step * (n - 1) / 2
    else:
        top = anchor_y
    return [top + i * step for i in range(n)]


def marker_images(markers) -> dict[str, Image.Image]:
    """Every marker image: one per value for numbered markers, else one, keyed by file name."""
    out: dict[str, Image.Image] = {}
    for m in markers:
        if m.values:
            for v in m.values:
                out[marker_image_name(m.id, v)] = render_marker(m, v)
        else:
            out[marker_image_name(m.id)] = render_marker(m)
    return out
