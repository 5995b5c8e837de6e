"""The art's speed-ups change no pixel: remembered text widths, shared counter shape layers and
the banded map downsampling give exactly what the plain computation gives.

(Speed itself is measured by benchmarks/bench_build.py, not asserted here.)
"""
from __future__ import annotations

from PIL import Image, ImageDraw

from modgen.art import clear_caches
from modgen.art import counters as C
from modgen.art import markers as MK
from modgen.art.fonts import font
from modgen.art.map import downsample
from modgen.model.types import Counter, Face, MarkerDef, Nation, Provenance

IT = Nation("italy", "Italy", "entente", "#a9d89b", "#000000")
A = Counter("it-inf-xx-35", "italy", "inf", "XX", "35", Face(4, 4), Face(3, 4),
            full_strength=4, full_strength_colour="#ffffff",
            provenance=Provenance("placeholder", "back values not printed"))
# same nation, type, size and full-strength circle as A: the same shape layer, other texts
B = Counter("it-inf-xx-36", "italy", "inf", "XX", "36 Long Designation", Face(7, 3),
            Face(5, 3), full_strength=4, full_strength_colour="#ffffff",
            provenance=Provenance("placeholder", "back values not printed"))


def _cold():
    clear_caches()
    assert not (C._SHAPES or C._LENGTHS or C._FITS or MK._COMMON)


def test_counter_drawn_with_warm_caches_equals_a_cold_drawing():
    _cold()
    cold = {(c.id, f): C.render_counter(c, IT, f).tobytes() for c in (A, B) for f in C.FACES}
    assert len(C._SHAPES) == 2           # front and back layers, shared by A and B
    # warm: B first this time, then A; text drawn on one copy must not leak into the other
    warm = {(c.id, f): C.render_counter(c, IT, f).tobytes() for c in (B, A) for f in C.FACES}
    assert warm == cold
    assert cold[(A.id, "front")] != cold[(B.id, "front")]


def test_shape_layer_is_not_changed_by_drawing_text_on_a_counter():
    _cold()
    C.render_counter(A, IT, "front")
    (layer, _, _), = C._SHAPES.values()
    before = layer.tobytes()
    C.render_counter(B, IT, "front")
    assert layer.tobytes() == before


def test_remembered_text_width_is_the_measured_width():
    img = Image.new("RGBA", (10, 10))
    d = ImageDraw.Draw(img)
    for px in (6, 9, 14):
        f = font(px, bold=True, family="condensed")
        for text in ("8-5", "Supply Points", "\u2212\u00bd", "AlpK RPL"):
            assert C.text_length(d, text, f) == d.textlength(text, font=f)
            assert C.text_length(d, text, f) == d.textlength(text, font=f)   # cached


def test_marker_track_drawn_warm_equals_cold():
    m = MarkerDef("supply-points", "supply", "Supply Points",
                  tuple(str(v) for v in range(1, 30)))
    _cold()
    cold = [MK.render_marker(m, v).tobytes() for v in m.values]
    warm = [MK.render_marker(m, v).tobytes() for v in reversed(m.values)][::-1]
    assert warm == cold
    assert len(set(cold)) == len(cold)


def _drawing(w: int, h: int, s: int) -> Image.Image:
    big = Image.new("RGB", (w * s, h * s), (246, 242, 228))
    d = ImageDraw.Draw(big)
    for i in range(0, w * s, 7):
        d.line([(i, 0), (w * s - i, h * s)], fill=(i % 256, (3 * i) % 256, 90), width=3)
    d.ellipse((1, 1, w * s - 2, h * s - 2), outline=(30, 100, 220), width=5)
    d.text((11, 17), "Isonzo 1203", font=font(23, bold=True), fill=(0, 0, 0))
    return big


def test_banded_downsample_equals_one_whole_resize():
    for (w, h), s in (((301, 157), 2), ((64, 33), 3), ((40, 7), 2)):
        big = _drawing(w, h, s)
        whole = big.resize((w, h), Image.Resampling.LANCZOS).tobytes()
        for bands in (1, 2, 3, 7, h + 5):
            assert downsample(big, (w, h), s, bands=bands).tobytes() == whole, (w, h, s, bands)
