"""Burning Mountains counter and marker art (2.1-2.4), from the data only.

Layout of a unit (fractions of ``size``; at 56 px one unit is one pixel), after the 2.1 diagram
(not printed in the text: its labels are):

    +------------------------------------------------------+
    | AV  designation                        [corps box]   |   artillery value, unit ID, corps
    |                  size (X / III)       set-up hex     |   set-up hex or "GT n" (1.1)
    |  ?           +-------------+                         |
    |              |  type glyph |   (orange dot)          |   orange dot: 12.4 no-move units
    |  ============+-------------+======================   |   reduced side: a bar across (2.1)
    |           attack - defence - MA                      |
    +------------------------------------------------------+

Artillery (12.3) has no attack and defence; its back is the "Mov" side. The "?" badge marks
placeholder values (the rulebook prints no counter).
"""
from __future__ import annotations

from PIL import Image, ImageDraw

from ...art.counters import SUPERSAMPLE, contrast, draw_size_marks, draw_text, mix, parse_colour, place_text
from ...art.fonts import font
from ...art.symbols import draw_type_box, draw_type_glyph
from .data import BmCounter, BmMarker

COUNTER_SIZE = 56
ORANGE = (240, 130, 20)
CORPS_FILL = (170, 30, 30)
GLYPH = {"inf": "inf", "mtn": "mtn", "art": "art", "heavy-art": "siege-art", "fortress": "fortress"}


def faces(c: BmCounter) -> tuple[str, ...]:
    """The counter's printed sides: two-step units and artillery ("Mov") have a back."""
    return ("front", "back") if c.reduced is not None or c.is_artillery else ("front",)


def render_counter(c: BmCounter, nation, face: str = "front", size: int = COUNTER_SIZE) -> Image.Image:
    bg = parse_colour(nation.background, what=f"nation {nation.id} background", source=nation.source)
    fg = parse_colour(nation.text, what=f"nation {nation.id} text colour", source=nation.source)
    u = size / 56.0
    S = SUPERSAMPLE
    k = u * S
    big = size * S
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    border = mix(bg, (0, 0, 0), 0.55)
    d.rounded_rectangle((0, 0, big - 1, big - 1), radius=3 * k, fill=bg + (255,), outline=border + (255,),
                        width=max(1, round(0.9 * k)))
    back = face == "back"
    if back and not c.is_artillery:
        # 2.1: "the reduced side is indicated by a horizontal bar in the middle of the unit"
        d.rectangle((round(1.5 * k), round(27 * k), big - round(1.5 * k), round(31 * k)),
                    fill=mix(bg, fg, 0.55) + (255,))
    if c.is_artillery and back:
        d.rectangle((round(1.5 * k), round(38.5 * k), big - round(1.5 * k), round(54 * k)),
                    fill=(250, 230, 120, 255))
    box = (15 * k, 20.5 * k, 41 * k, 36 * k)
    marks = draw_size_marks(d, c.size, 27 * k, 18.5 * k, k, fg) if c.size else True
    draw_type_box(d, box, fg, None)
    draw_type_glyph(d, box, GLYPH[c.type], fg, None)
    if c.corps:
        d.rectangle((40 * k, 2.5 * k, 53.5 * k, 12 * k), fill=CORPS_FILL + (255,))
    if c.values(back).av:
        r = 5.2 * k
        d.ellipse((6 * k - r, 7.5 * k - r, 6 * k + r, 7.5 * k + r), fill=(255, 255, 255, 255),
                  outline=(150, 0, 0, 255), width=max(1, round(0.7 * k)))
    if c.immobile_until:
        r = 2.2 * k
        cx, cy = 47.5 * k, 29 * k
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ORANGE + (255,), outline=(0, 0, 0, 255))
    placeholder = c.provenance is not None and c.provenance.kind == "placeholder"
    if placeholder:
        bxy, br = (6.5 * k, 28.5 * k), 4.6 * k
        d.ellipse((bxy[0] - br, bxy[1] - br, bxy[0] + br, bxy[1] + br), fill=(255, 221, 0, 255),
                  outline=(0, 0, 0, 255), width=max(1, round(0.7 * k)))
    out = img.reduce(S)
    t = ImageDraw.Draw(out)
    v = c.values(back)
    right = 39 if c.corps else 53.5
    left = 3
    if v.av:
        place_text(out, (6 * u, 7.8 * u), str(v.av), 8 * u, max(6, round(9 * u)), max(5, round(6 * u)),
                   (150, 0, 0))
        left = 12.5
    place_text(out, (left * u, 7 * u), c.designation, (right - left) * u, max(6, round(10 * u)),
               max(5, round(5 * u)), fg, anchor="lm", family="condensed")
    if c.corps:
        place_text(out, (46.75 * u, 7.3 * u), c.corps, 12 * u, max(6, round(8 * u)), max(5, round(5 * u)),
                   (255, 255, 255), family="condensed")
    if not marks:
        place_text(out, (28 * u, 16 * u), c.size, 24 * u, 7, 5, fg)
    where = str(c.setup) if c.setup else f"GT {c.arrival}"
    # the set-up hex right of the size marks, above the type box: the widest free space at the
    # counter's height (readable at 1:1; at 56 px the digits are about 7 px high)
    place_text(out, (46 * u, 16.5 * u), where, 16 * u, max(6, round(10 * u)), max(5, round(6 * u)), fg,
               family="condensed")
    if c.is_artillery:
        text = "Mov" if back else f"AV {v.av}  MA {v.ma}"
        place_text(out, (28 * u, 46.5 * u), text, 50 * u, max(7, round(12 * u)), max(6, round(7 * u)), fg)
    else:
        place_text(out, (28 * u, 46.5 * u), f"{v.attack}-{v.defence}-{v.ma}", 50 * u, max(7, round(15 * u)),
                   max(6, round(8 * u)), fg)
    if placeholder:
        draw_text(t, (6.5 * u, 28.7 * u), "?", font(max(6, round(8 * u)), bold=True), (0, 0, 0))
    return out


MARKER_COLOURS = {"ce": ((200, 40, 40), (255, 255, 255)), "supply": ((240, 200, 40), (0, 0, 0)),
                  "turn": ((40, 40, 40), (255, 255, 255)), "vp": ((255, 255, 255), (0, 0, 0)),
                  "replacement": ((60, 110, 200), (255, 255, 255)), "generic": ((230, 230, 230), (0, 0, 0))}


def render_marker(m: BmMarker, side: int = 0, size: int = COUNTER_SIZE) -> Image.Image:
    """One side of a marker (2.4): its label above, the side's value large."""
    bg, fg = MARKER_COLOURS.get(m.kind, MARKER_COLOURS["generic"])
    if m.kind == "turn" and side == 1:
        bg, fg = (155, 165, 138), (0, 0, 0)      # the Italian player-turn side in Italian colours
    if m.kind == "ce" and side == 1:
        bg = (140, 20, 20)
    u = size / 56.0
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, size - 1, size - 1), radius=round(3 * u), fill=bg + (255,),
                        outline=contrast(bg) + (255,), width=1)
    place_text(img, (28 * u, 12 * u), m.label, 50 * u, max(6, round(10 * u)), max(5, round(6 * u)), fg,
               family="condensed")
    value = m.sides[side]
    words = value.split(" ", 1)
    place_text(img, (28 * u, 31 * u if len(words) > 1 else 36 * u), words[0], 50 * u, max(7, round(17 * u)),
               max(6, round(8 * u)), fg)
    if len(words) > 1:
        place_text(img, (28 * u, 46 * u), words[1], 50 * u, max(6, round(10 * u)), max(5, round(6 * u)), fg,
                   family="condensed")
    return img


def counter_images(game) -> dict[str, Image.Image]:
    out = {}
    for c in game.counters.values():
        for f in faces(c):
            out[f"images/bm-{c.id}-{f}.png"] = render_counter(c, game.nations[c.nation], f)
    for m in game.markers.values():
        for i in range(len(m.sides)):
            out[f"images/bm-marker-{m.id}-{i}.png"] = render_marker(m, i)
    return out
