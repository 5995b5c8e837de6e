"""Unit counter art, drawn from the data model only (Standard Rules 3, Figure 1, and 50).

Layout of a counter (fractions of ``size``; at the default 56 px one unit is one pixel):

    +------------------------------------------------------+
    | designation                              (full str.) |   rule 3 "Unit Designation",
    |                 size marks (XX)                      |   27-3 "Full Strength Symbol"
    |   ?         +-------------+                          |
    |  (?: back   |  type glyph |                          |   rule 3 "Unit Type Symbol"
    |   is a      +-------------+                          |
    |   guess)          8-5                                |   strength-movement
    +------------------------------------------------------+

* The background is the nation's colour and all text and lines are the nation's text colour (50).
* Defence-only strength is printed in parentheses "(2)"; rail-bound movement as "RR" (6-12).
* The back (reduced) side carries a band behind its values so it is told from the front at a
  glance; when the counter's numbers are placeholders a "?" badge is drawn (the module must not
  pass guesses off as printed values).

Shapes are drawn at ``SUPERSAMPLE`` times the size and reduced (anti-aliasing); text is drawn at
the final size so FreeType hints it crisply. Everything is deterministic: fonts ship with the
project, no randomness, no timestamps (see ``png_bytes``).
"""
from __future__ import annotations

import io
from typing import Iterable

from PIL import Image, ImageColor, ImageDraw

from ..errors import ModgenError
from ..model.types import Counter, Face, Nation
from .fonts import font
from .symbols import draw_type_box, draw_type_glyph

COUNTER_SIZE = 56          # px; fits a hex of height 64 px (VASSAL default zoom)
SUPERSAMPLE = 4
FACES = ("front", "back")

RGB = tuple[int, int, int]


# --------------------------------------------------------------------------- colours


def parse_colour(value: str, *, what: str, source=None, field: str | None = None) -> RGB:
    """"#rrggbb" or a CSS colour name → RGB, or a ModgenError naming the data behind it."""
    try:
        c = ImageColor.getrgb(str(value))
    except (ValueError, AttributeError):
        raise ModgenError(f"{what}: {value!r} is not a colour (use \"#rrggbb\")",
                          file=getattr(source, "file", None), line=getattr(source, "line", None),
                          field=field) from None
    return c[:3]


def luminance(c: RGB) -> float:
    r, g, b = (v / 255 for v in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(c: RGB) -> RGB:
    """Black or white, whichever reads on ``c``."""
    return (0, 0, 0) if luminance(c) > 0.5 else (255, 255, 255)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved a fraction ``t`` towards ``b``."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


# --------------------------------------------------------------------------- text helpers


#: (text, font, drawing mode) → advance width; fonts come from ``fonts.font`` (one object per
#: size and face), so the key is exact. Text is measured many times (fitting tries each size, a
#: marker track sizes all its values together): measuring once per key saves most of the art time.
_LENGTHS: dict[tuple, float] = {}
_FITS: dict[tuple, object] = {}


def text_length(draw: ImageDraw.ImageDraw, text: str, fnt) -> float:
    """``draw.textlength(text, font=fnt)``, remembered (the same value, computed once)."""
    key = (text, fnt, draw.mode)
    v = _LENGTHS.get(key)
    if v is None:
        if len(_LENGTHS) > 200_000:      # bounded in a long-lived process (tests)
            _LENGTHS.clear()
            _FITS.clear()
        v = _LENGTHS[key] = draw.textlength(text, font=fnt)
    return v


def fit_font(draw: ImageDraw.ImageDraw, text: str, max_w: float, max_px: int, min_px: int = 6,
             bold: bool = True, family: str = "sans"):
    """The largest font (≤ max_px) in which ``text`` is at most ``max_w`` wide, else condensed."""
    key = (text, max_w, max_px, min_px, bold, family, draw.mode)
    f = _FITS.get(key)
    if f is None:
        f = _FITS[key] = _fit_font(draw, text, max_w, max_px, min_px, bold, family)
    return f


def _fit_font(draw, text, max_w, max_px, min_px, bold, family):
    families = (family, "condensed") if family != "condensed" else ("condensed",)
    for fam in families:
        for px in range(max_px, min_px - 1, -1):
            f = font(px, bold=bold, family=fam)
            if text_length(draw, text, f) <= max_w:
                return f
    return font(min_px, bold=bold, family="condensed")


def draw_text(draw: ImageDraw.ImageDraw, xy, text: str, fnt, fill, anchor: str = "mm") -> None:
    draw.text(xy, text, font=fnt, fill=fill, anchor=anchor)


def place_text(img: Image.Image, xy, text: str, max_w: float, max_px: int, min_px: int, fill,
               anchor: str = "mm", family: str = "sans", bold: bool = True) -> None:
    """Write ``text`` at ``xy`` no wider than ``max_w``: the largest font that fits, and when even
    the smallest condensed font is too wide, that font squeezed horizontally (never overflowing
    into the neighbouring parts of the counter)."""
    draw = ImageDraw.Draw(img)
    f = fit_font(draw, text, max_w, max_px, min_px, bold=bold, family=family)
    width = text_length(draw, text, f)
    if width <= max_w:
        draw_text(draw, xy, text, f, fill, anchor)
        return
    left, top, right, bottom = draw.textbbox((0, 0), text, font=f, anchor="ls")
    pad = 2
    layer = Image.new("RGBA", (right - left + 2 * pad, bottom - top + 2 * pad), (0, 0, 0, 0))
    ImageDraw.Draw(layer).text((pad - left, pad - top), text, font=f, fill=tuple(fill) + (255,),
                               anchor="ls")
    new_w = max(1, int(max_w))
    layer = layer.resize((new_w, layer.height), Image.LANCZOS)
    # place the squeezed text like draw.text would with the given anchor
    x, y = xy
    h = layer.height
    if anchor[0] == "l":
        x0 = x
    elif anchor[0] == "r":
        x0 = x - new_w
    else:
        x0 = x - new_w / 2
    asc = pad - top                  # baseline position inside the layer
    if anchor[1] == "m":
        ascent, descent = f.getmetrics()
        y0 = y - (ascent - descent) / 2 - asc + ascent
    elif anchor[1] == "s":
        y0 = y - asc
    else:
        y0 = y - h / 2
    img.alpha_composite(layer, (round(x0), round(y0)))


# --------------------------------------------------------------------------- value strings


def strength_text(face: Face) -> str | None:
    if face.strength is None:
        return None
    return f"({face.strength})" if face.defence_only else str(face.strength)


def movement_text(face: Face) -> str | None:
    if face.rail_only:
        return "RR"
    if face.river_only:
        return "R"
    return None if face.movement is None else str(face.movement)


def values_text(face: Face | None) -> str:
    """The bottom line as printed: "8-5", "(2)-RR", "4" (movement only), "—" (blank side)."""
    if face is None:
        return "\u2014"
    s, m = strength_text(face), movement_text(face)
    if s is not None and m is not None:
        return f"{s}-{m}"
    if s is not None:
        return s
    if m is not None:
        return m
    return "\u2014"


def is_placeholder(counter: Counter, face: str) -> bool:
    """Are this face's numbers a guess rather than printed values?

    The same answer the checker uses (``Counter.placeholder``): the Italian Front rulebook prints
    the front values of every unit (set-up and schedule lines) but not the reduced side, so a
    counter with ``placeholder`` provenance has a guessed back and the "?" badge goes on the
    back only; where only the reduced side is printed (``back_printed``) it goes on the front; a
    unit the rulebook names without values (many Eastern Front units, ``front_placeholder``) and
    an HQ whose MA is the counter file's ``hq_movement`` have it on the front (and back).
    """
    back = face == "back"
    return any(counter.placeholder(v, back) for v in ("strength", "movement"))


# --------------------------------------------------------------------------- the counter


def glyph_type(counter: Counter) -> str:
    """The symbol to draw: the unit type, refined by the qualifiers "mountain" and "assault"
    (an infantry counter qualified "assault" draws as assault infantry)."""
    t = counter.type
    q = {x.lower() for x in counter.qualifiers}
    if t in ("inf", "mtn", "aslt"):
        mountain = t == "mtn" or "mountain" in q
        assault = t == "aslt" or "assault" in q
        if mountain and assault:
            return "mtn-aslt"
        if mountain:
            return "mtn"
        if assault:
            return "aslt"
    return t


SIZE_MARKS = ("XXXX", "XXX", "XX", "X", "III", "II", "I")


def draw_size_marks(d: ImageDraw.ImageDraw, size: str, cx: float, bottom: float, k: float,
                    colour) -> bool:
    """Draw the unit size symbol (rule 3) as crisp strokes centred on ``cx`` above ``bottom``.

    Returns False when ``size`` is not one of the printed size symbols (the caller then writes it
    as text)."""
    marks = size.strip().upper()
    if not marks or marks not in SIZE_MARKS:
        return False
    h = 4.6 * k                     # height of one mark
    cross_w = 4.4 * k
    bar_w = 1.2 * k
    gap = 1.5 * k
    w = max(1, round(1.15 * k))
    widths = [cross_w if m == "X" else bar_w for m in marks]
    total = sum(widths) + gap * (len(marks) - 1)
    x = cx - total / 2
    top = bottom - h
    for m, mw in zip(marks, widths):
        if m == "X":
            d.line([(x, top), (x + mw, bottom)], fill=colour, width=w)
            d.line([(x, bottom), (x + mw, top)], fill=colour, width=w)
        else:
            d.rectangle((x, top, x + mw, bottom), fill=colour)
        x += mw + gap
    return True


#: the supersampled-and-reduced shape layer of a counter, by everything that draws it; many
#: counters share one (same nation, type, size and side), so each is drawn once per build
_SHAPES: dict[tuple, tuple] = {}


def _counter_shapes(size: int, bg: RGB, fg: RGB, back: bool, unit_size: str,
                    symbol_fill: RGB | None, glyph: str, circle_fill: RGB | None,
                    badge: bool) -> tuple[Image.Image, bool, list]:
    """(shape image at final size, size marks drawn?, symbol texts), shared: copy before use."""
    key = (size, bg, fg, back, unit_size, symbol_fill, glyph, circle_fill, badge)
    hit = _SHAPES.get(key)
    if hit is None:
        if len(_SHAPES) > 4096:
            _SHAPES.clear()
        hit = _SHAPES[key] = _draw_counter_shapes(*key)
    return hit


def _draw_counter_shapes(size, bg, fg, back, unit_size, symbol_fill, glyph, circle_fill, badge):
    u = size / 56.0
    S = SUPERSAMPLE
    big = size * S
    k = u * S                             # layout unit on the supersampled surface

    # ---- shapes, supersampled
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    border = mix(bg, (0, 0, 0), 0.55)
    d.rounded_rectangle((0, 0, big - 1, big - 1), radius=3 * k, fill=bg + (255,),
                        outline=border + (255,), width=max(1, round(0.9 * k)))

    if back:
        # the reduced side: a band behind the values, a blend of background and text colour
        band = mix(bg, fg, 0.28)
        d.rectangle((round(1.5 * k), round(38.5 * k), big - round(1.5 * k), round(54 * k)),
                    fill=band + (255,))

    box = (14 * k, 20.5 * k, 42 * k, 37 * k)
    marks_drawn = draw_size_marks(d, unit_size, 28 * k, 18.5 * k, k, fg)
    sym_line = contrast(symbol_fill) if symbol_fill is not None else fg
    draw_type_box(d, box, fg, symbol_fill)
    texts = draw_type_glyph(d, box, glyph, sym_line, symbol_fill)

    if circle_fill is not None:
        cxy, r = (46.5 * k, 9.0 * k), 7.0 * k
        d.ellipse((cxy[0] - r, cxy[1] - r, cxy[0] + r, cxy[1] + r), fill=circle_fill,
                  outline=(0, 0, 0), width=max(1, round(0.8 * k)))

    if badge:
        bxy, br = (7.0 * k, 28.5 * k), 5.0 * k
        d.ellipse((bxy[0] - br, bxy[1] - br, bxy[0] + br, bxy[1] + br), fill=(255, 221, 0),
                  outline=(0, 0, 0), width=max(1, round(0.7 * k)))

    return img.reduce(S), marks_drawn, texts    # box filter: exact and deterministic


def render_counter(counter: Counter, nation: Nation, face: str = "front",
                   size: int = COUNTER_SIZE) -> Image.Image:
    """Draw one side of a unit counter as an RGBA image ``size`` × ``size`` pixels."""
    if face not in FACES:
        raise ModgenError(f"counter face must be 'front' or 'back', not {face!r}",
                          field=f"counter {counter.id}")
    if size < 16:
        raise ModgenError(f"counter size {size} px is too small to draw (minimum 16)")
    bg = parse_colour(nation.background, what=f"nation {nation.id} background",
                      source=nation.source, field="background")
    fg = parse_colour(nation.text, what=f"nation {nation.id} text colour",
                      source=nation.source, field="text")
    symbol_fill_value = getattr(counter, "symbol_colour", None)
    symbol_fill = (parse_colour(symbol_fill_value, what=f"counter {counter.id} symbol colour",
                                source=counter.source, field="symbol_colour")
                   if symbol_fill_value else None)
    circle_fill = None
    if counter.full_strength is not None:
        circle_fill = (parse_colour(counter.full_strength_colour,
                                    what=f"counter {counter.id} full-strength colour",
                                    source=counter.source, field="full_strength_colour")
                       if counter.full_strength_colour else (255, 255, 255))

    u = size / 56.0                       # layout unit: one pixel at the default size
    faceobj = counter.front if face == "front" else counter.back
    badge = is_placeholder(counter, face)
    out, marks_drawn, texts = _counter_shapes(
        size, bg, fg, face == "back", counter.size, symbol_fill, glyph_type(counter),
        circle_fill if counter.full_strength is not None else None, badge)
    out = out.copy()
    sym_line = contrast(symbol_fill) if symbol_fill is not None else fg
    S = SUPERSAMPLE

    # ---- text, at final resolution
    t = ImageDraw.Draw(out)
    designation = counter.designation
    if counter.rpl and "RPL" not in designation.upper() and counter.type != "rpl":
        designation = f"{designation} RPL".strip()
    right_limit = 38.5 if counter.full_strength is not None else 53.5
    if designation:
        place_text(out, (3 * u, 7 * u), designation, (right_limit - 3) * u, max(6, round(10 * u)),
                   max(5, round(6 * u)), fg, anchor="lm", family="condensed")

    marks = counter.size.strip()
    if marks and not marks_drawn:
        place_text(out, (28 * u, 17.0 * u), marks, 24 * u, max(6, round(7 * u)),
                   max(5, round(6 * u)), fg)

    for st in texts:
        x0, y0, x1, y1 = (v / S for v in st.box)
        place_text(out, ((x0 + x1) / 2, (y0 + y1) / 2 + 0.5 * u), st.text, (x1 - x0) - 3 * u,
                   max(6, round((y1 - y0) * 0.62)), max(5, round(5 * u)), sym_line)

    if counter.full_strength is not None:
        num = str(counter.full_strength)
        place_text(out, (46.5 * u, 9.2 * u), num, 11 * u, max(6, round(10 * u)),
                   max(5, round(6 * u)), contrast(circle_fill))

    values = values_text(faceobj)
    if faceobj is not None and faceobj.strength is None and movement_text(faceobj) is not None:
        # only a movement allowance (e.g. an HQ without strength): print it where a movement
        # allowance stands, so it is not read as a strength
        place_text(out, (44 * u, 46.5 * u), values, 20 * u, max(7, round(15 * u)),
                   max(6, round(8 * u)), fg)
    else:
        place_text(out, (28 * u, 46.5 * u), values, 50 * u, max(7, round(15 * u)),
                   max(6, round(8 * u)), fg)

    if badge:
        f = font(max(6, round(9 * u)), bold=True)
        draw_text(t, (7.0 * u, 28.7 * u), "?", f, (0, 0, 0))
    return out


# --------------------------------------------------------------------------- names and encoding


def counter_image_name(counter_id: str, face: str) -> str:
    """The agreed image file name (inside ``images/`` in the module)."""
    return f"{counter_id}-{face}.png"


def png_bytes(image: Image.Image) -> bytes:
    """PNG bytes with fixed settings: no metadata, no timestamp, fixed compression.

    The same image gives the same bytes on every run (the module is byte-identical)."""
    if image.mode not in ("RGBA", "RGB", "L", "LA"):
        image = image.convert("RGBA")      # palette/other modes: keep transparency as alpha
    # a fresh image from the raw pixels carries no info dict (no text, time, dpi, ICC, EXIF)
    clean = Image.frombytes(image.mode, image.size, image.tobytes())
    buf = io.BytesIO()
    clean.save(buf, format="PNG", optimize=False, compress_level=6)
    return buf.getvalue()


def counter_faces(counter: Counter) -> tuple[str, ...]:
    """The faces that get an image: the front, and the back when the counter has one printed
    (``Counter.back`` is None for one-sided counters such as fortresses; the module gives those
    no flip layer)."""
    return FACES if counter.back is not None else ("front",)


def counter_images(counters: Iterable[Counter], nations) -> dict[str, Image.Image]:
    """Front (and back, see ``counter_faces``) images for ``counters`` in the order given, keyed by
    the agreed file name."""
    out: dict[str, Image.Image] = {}
    for c in counters:
        nation = nations.get(c.nation) if hasattr(nations, "get") else None
        if nation is None:
            raise ModgenError(f"counter {c.id}: unknown nation {c.nation!r}",
                              file=getattr(c.source, "file", None),
                              line=getattr(c.source, "line", None), field="nation")
        for face in counter_faces(c):
            out[counter_image_name(c.id, face)] = render_counter(c, nation, face)
    return out
