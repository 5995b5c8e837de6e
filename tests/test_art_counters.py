"""Counter art: drawn from the data, deterministic, legible layout, golden images.

Golden images live in tests/golden/counter-*.png. After a deliberate change to the art, rewrite
them with ``MODGEN_UPDATE_GOLDEN=1 python3 -m pytest tests/test_art_counters.py`` and look at them
before committing.
"""
from __future__ import annotations

import io
import zlib

import pytest
from PIL import Image

from modgen.art import COUNTER_SIZE, game_images, png_bytes, render_counter
from modgen.art.counters import counter_image_name, values_text
from modgen.errors import ModgenError
from modgen.model.types import (Counter, Face, Game, MarkerDef, Nation, Provenance, Side,
                                Source)

from golden_art import assert_golden_counter_size, mean_abs_diff


AH = Nation("austria-hungary", "Austria-Hungary", "central-powers", "#f2f2ec", "#000000")
IT = Nation("italy", "Italy", "entente", "#a9d89b", "#000000")
DE = Nation("germany", "Germany", "central-powers", "#8f8f8f", "#000000")
DARK = Nation("ottoman", "Ottoman Empire", "central-powers", "#7a1010", "#ffffff")

AH_MTN = Counter("ah-mtn-x-53m", "austria-hungary", "mtn", "X", "53M", Face(2, 4), Face(1, 4),
                 full_strength=2, full_strength_colour="#ffffff",
                 provenance=Provenance("placeholder", "back values not printed in the rulebook"))
IT_INF = Counter("it-inf-xx-35", "italy", "inf", "XX", "35", Face(4, 4), Face(3, 4),
                 full_strength=4, full_strength_colour="#ffffff",
                 provenance=Provenance("rulebook"))
IT_HQ = Counter("it-hq-xxxx-2", "italy", "hq", "XXXX", "2nd", Face(None, 4), None)
AH_FORT = Counter("ah-fort-trste", "austria-hungary", "fortress", "", "Trste",
                  Face(3, None, defence_only=True), None)
DE_ALPK = Counter("de-aslt-xx-alpk", "germany", "aslt", "XX", "AlpK", Face(12, 5), Face(8, 5),
                  full_strength=8, full_strength_colour="#ffffff")

CASES = {
    "ah-mtn-brigade-front": (AH_MTN, AH, "front"),
    "ah-mtn-brigade-back": (AH_MTN, AH, "back"),
    "it-inf-division-front": (IT_INF, IT, "front"),
    "it-inf-division-back": (IT_INF, IT, "back"),
    "it-hq-front": (IT_HQ, IT, "front"),
    "ah-fortress-front": (AH_FORT, AH, "front"),
    "de-assault-back": (DE_ALPK, DE, "back"),
}


def rgb(hex_colour: str) -> tuple[int, int, int]:
    h = hex_colour.lstrip("#")
    return tuple(int(h[i:i + 2], 16) for i in (0, 2, 4))  # type: ignore[return-value]


def pixels(img: Image.Image) -> list[tuple[int, int, int]]:
    data = img.convert("RGB").tobytes()
    return [tuple(data[i:i + 3]) for i in range(0, len(data), 3)]


def near(pixel, colour, tol=6) -> bool:
    return all(abs(p - c) <= tol for p, c in zip(pixel[:3], colour))


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_counter(name):
    counter, nation, face = CASES[name]
    img = render_counter(counter, nation, face)
    assert_golden_counter_size(img, f"counter-{name}.png")


@pytest.mark.parametrize("counter,nation", [(AH_MTN, AH), (IT_INF, IT), (DE_ALPK, DE),
                                            (IT_HQ, IT), (AH_FORT, AH)])
@pytest.mark.parametrize("face", ["front", "back"])
def test_background_is_the_nation_colour(counter, nation, face):
    img = render_counter(counter, nation, face).convert("RGB")
    # the free area right of the type symbol, and the left edge of the top row
    for xy in [(50, 28), (49, 33), (4, 18)]:
        assert near(img.getpixel(xy), rgb(nation.background)), (xy, img.getpixel(xy))


def test_text_and_symbol_use_the_nation_text_colour():
    c = Counter("ot-inf-xx-1", "ottoman", "inf", "XX", "1", Face(3, 4), Face(2, 4))
    img = render_counter(c, DARK).convert("RGB")
    px = pixels(img)
    white = sum(1 for p in px if near(p, (255, 255, 255), 10))
    black = sum(1 for p in px if near(p, (0, 0, 0), 10))
    assert white > 60          # symbol, size marks, designation, values
    assert black < 5           # nothing drawn in a colour the data did not give


def test_back_differs_from_front_and_shows_back_values():
    front = render_counter(IT_INF, IT, "front")
    back = render_counter(IT_INF, IT, "back")
    assert mean_abs_diff(front, back) > 5
    # the band behind the values: a different colour under the values on the back only
    fb, bb = front.convert("RGB").getpixel((5, 50)), back.convert("RGB").getpixel((5, 50))
    assert near(fb, rgb(IT.background)) and not near(bb, rgb(IT.background))
    # same unit, same top half (designation, size, symbol)
    top = (0, 0, COUNTER_SIZE, 37)
    assert mean_abs_diff(front.crop(top), back.crop(top)) < 0.5


def test_values_change_the_picture():
    weaker = Counter(IT_INF.id, "italy", "inf", "XX", "35", Face(3, 4), Face(3, 4),
                     full_strength=4, full_strength_colour="#ffffff")
    a, b = render_counter(IT_INF, IT), render_counter(weaker, IT)
    bottom = (0, 38, COUNTER_SIZE, COUNTER_SIZE)
    assert mean_abs_diff(a.crop(bottom), b.crop(bottom)) > 3


def yellow_pixels(img):
    return sum(1 for p in pixels(img) if p[0] > 230 and 190 < p[1] < 240 and p[2] < 60)


def test_placeholder_back_is_marked():
    assert yellow_pixels(render_counter(AH_MTN, AH, "back")) > 20
    assert yellow_pixels(render_counter(AH_MTN, AH, "front")) == 0
    assert yellow_pixels(render_counter(IT_INF, IT, "back")) == 0


def test_placeholder_front_is_not_marked():
    # the loader's reason for a guessed back mentions the front ("front as printed ..."): the
    # front is printed in the rulebook and must not be marked
    c = Counter("x", "italy", "inf", "XX", "9", Face(4, 4), Face(3, 4),
                provenance=Provenance("placeholder", "front as printed in the rulebook set-up "
                                      "lines; the back (reduced) side is not printed"))
    assert yellow_pixels(render_counter(c, IT, "front")) == 0
    assert yellow_pixels(render_counter(c, IT, "back")) > 20


def test_only_the_reduced_side_printed_marks_the_front():
    # back_printed: the rulebook prints the unit reduced; its front is the guess
    c = Counter("x", "austria-hungary", "inf", "XX", "54", Face(4, 4), Face(3, 4), back_printed=True,
                provenance=Provenance("placeholder", "only the reduced side is printed"))
    assert yellow_pixels(render_counter(c, AH, "front")) > 20
    assert yellow_pixels(render_counter(c, AH, "back")) == 0
    # a placeholder designation only (placeholder_values: []): the numbers are printed
    d = Counter("y", "austria-hungary", "inf", "XX", "?1", Face(3, 4), Face(2, 4), placeholder_values=(),
                provenance=Provenance("placeholder", "a placeholder designation"))
    assert yellow_pixels(render_counter(d, AH, "front")) == 0
    assert yellow_pixels(render_counter(d, AH, "back")) == 0


def test_full_strength_circle_colour():
    c = Counter("x", "austria-hungary", "mtn-aslt", "X", "Pol Lgn", Face(3, 4), Face(2, 4),
                full_strength=2, full_strength_colour="#d00000")
    img = render_counter(c, AH).convert("RGB")
    # inside the circle, clear of its number
    assert near(img.getpixel((41, 9)), (208, 0, 0), 20)
    without = Counter("y", "austria-hungary", "mtn-aslt", "X", "Pol Lgn", Face(3, 4), Face(2, 4))
    assert near(render_counter(without, AH).convert("RGB").getpixel((41, 9)), rgb(AH.background))


def test_every_unit_type_has_its_own_symbol():
    types = ["inf", "mtn", "cav", "art", "siege-art", "eng", "aslt", "mtn-aslt", "marine",
             "bicycle", "rpl", "hq", "fortress"]
    crops = {}
    for t in types:
        c = Counter(f"c-{t}", "italy", t, "XX", "1", Face(2, 4), Face(1, 4))
        crops[t] = render_counter(c, IT).crop((14, 20, 43, 38))
    for i, a in enumerate(types):
        for b in types[i + 1:]:
            assert mean_abs_diff(crops[a], crops[b]) > 2, (a, b)


def test_size_marks_differ():
    crops = []
    for s in ["XXXX", "XXX", "XX", "X", "III", "II", "I"]:
        c = Counter("c", "italy", "inf", s, "1", Face(2, 4), None)
        crops.append(render_counter(c, IT).crop((14, 12, 43, 20)))
    for i in range(len(crops)):
        for j in range(i + 1, len(crops)):
            assert mean_abs_diff(crops[i], crops[j]) > 1


def test_values_text():
    assert values_text(Face(8, 5)) == "8-5"
    assert values_text(Face(2, 4, defence_only=True)) == "(2)-4"
    assert values_text(Face(4, None, rail_only=True)) == "4-RR"
    assert values_text(Face(4, 3, rail_only=True)) == "4-RR"
    assert values_text(Face(3, None, defence_only=True)) == "(3)"
    assert values_text(Face(None, 4)) == "4"
    assert values_text(None) == "\u2014"


def test_png_bytes_deterministic_and_without_metadata():
    a = png_bytes(render_counter(AH_MTN, AH, "back"))
    b = png_bytes(render_counter(AH_MTN, AH, "back"))
    assert a == b
    assert a[:8] == b"\x89PNG\r\n\x1a\n"
    chunks = []
    pos = 8
    while pos < len(a):
        length = int.from_bytes(a[pos:pos + 4], "big")
        kind = a[pos + 4:pos + 8]
        chunks.append(kind)
        assert zlib.crc32(a[pos + 4:pos + 8 + length]) == int.from_bytes(
            a[pos + 8 + length:pos + 12 + length], "big")
        pos += 12 + length
    assert chunks[0] == b"IHDR" and chunks[-1] == b"IEND"
    assert not set(chunks) & {b"tIME", b"tEXt", b"iTXt", b"zTXt", b"eXIf", b"pHYs"}
    assert Image.open(io.BytesIO(a)).size == (COUNTER_SIZE, COUNTER_SIZE)


def test_other_sizes_scale():
    img = render_counter(IT_INF, IT, size=112)
    assert img.size == (112, 112)
    small = render_counter(IT_INF, IT).resize((112, 112), Image.LANCZOS)
    assert mean_abs_diff(img, small) < 20


def test_bad_colour_names_the_file_and_line():
    bad = Nation("italy", "Italy", "entente", "light green-ish", "#000000",
                 source=Source("games/italian-front.yaml", 12))
    with pytest.raises(ModgenError) as e:
        render_counter(IT_INF, bad)
    assert "games/italian-front.yaml:12" in e.value.format()
    assert "background" in e.value.format()


def test_bad_full_strength_colour_names_the_counter():
    c = Counter("x", "italy", "inf", "XX", "1", Face(2, 4), None, full_strength=4,
                full_strength_colour="#12", source=Source("counters/italian-front/italy.yaml", 40))
    with pytest.raises(ModgenError) as e:
        render_counter(c, IT)
    assert "counters/italian-front/italy.yaml:40" in e.value.format()


def test_bad_face():
    with pytest.raises(ModgenError):
        render_counter(IT_INF, IT, "side")


def _game(counters, markers=()):
    return Game(id="t", title="T", system="der-weltkrieg", version="0",
                sides=(Side("central-powers", "Central Powers", ("austria-hungary", "germany")),
                       Side("entente", "Entente", ("italy",))),
                nations={n.id: n for n in (AH, IT, DE)}, maps={},
                counters={c.id: c for c in counters}, markers={m.id: m for m in markers},
                scenarios={}, tables={})


def test_game_images_names_and_order():
    counters = [IT_INF, AH_MTN, IT_HQ]
    markers = [MarkerDef("trench", "trench", "Trench"),
               MarkerDef("sp", "supply-points", "Supply Points", ("1", "2")),
               MarkerDef("sr-half", "strength-reduction", "1/2")]
    imgs = game_images(_game(counters, markers))
    assert list(imgs) == [
        "ah-mtn-x-53m-front.png", "ah-mtn-x-53m-back.png",
        "it-hq-xxxx-2-front.png",   # no back printed: no back image
        "it-inf-xx-35-front.png", "it-inf-xx-35-back.png",
        "marker-sp-1.png", "marker-sp-2.png", "marker-sr-half.png", "marker-trench.png",
    ]
    # the order does not depend on the order of the data
    again = game_images(_game(list(reversed(counters)), list(reversed(markers))))
    assert list(again) == list(imgs)
    assert [png_bytes(i) for i in again.values()] == [png_bytes(i) for i in imgs.values()]
    assert counter_image_name("a", "back") == "a-back.png"


def test_game_images_unknown_nation():
    c = Counter("x", "serbia", "inf", "XX", "1", Face(2, 4), None, source=Source("c.yaml", 3))
    with pytest.raises(ModgenError) as e:
        game_images(_game([c]))
    assert "c.yaml:3" in e.value.format() and "serbia" in e.value.format()


def test_png_bytes_drops_metadata_and_keeps_pixels():
    img = render_counter(IT_INF, IT)
    img.info["comment"] = "made at 12:00"
    img.info["dpi"] = (300, 300)
    data = png_bytes(img)
    assert b"12:00" not in data and b"pHYs" not in data
    back = Image.open(io.BytesIO(data))
    assert back.mode == "RGBA" and mean_abs_diff(back, img) == 0
    pal = img.convert("P")
    assert Image.open(io.BytesIO(png_bytes(pal))).mode == "RGBA"


def test_long_designation_shrinks_and_keeps_clear_of_the_circle():
    short = Counter("a", "italy", "inf", "XX", "1", Face(4, 4), None, full_strength=4,
                    full_strength_colour="#ffffff")
    long = Counter("b", "italy", "inf", "XX", "1 AlpK Ersatz Gebirgs", Face(4, 4), None,
                   full_strength=4, full_strength_colour="#ffffff")
    a, b = render_counter(short, IT), render_counter(long, IT)
    circle = (39, 1, 55, 17)
    assert mean_abs_diff(a.crop(circle), b.crop(circle)) < 0.5
    # and the long designation really is drawn (the top-left row differs)
    assert mean_abs_diff(a.crop((12, 1, 38, 12)), b.crop((12, 1, 38, 12))) > 5


@pytest.mark.parametrize("size", [16, 24, 40, 57, 64, 100, 200])
def test_any_size_renders(size):
    img = render_counter(AH_MTN, AH, "back", size=size)
    assert img.size == (size, size)
    xy = (round(size * 50 / 56), round(size * 28 / 56))
    assert near(img.convert("RGB").getpixel(xy), rgb(AH.background), 10)


def test_too_small_is_an_error():
    with pytest.raises(ModgenError):
        render_counter(IT_INF, IT, size=8)


from hypothesis import given, settings, strategies as st  # noqa: E402

_faces = st.builds(Face, st.one_of(st.none(), st.integers(0, 99)),
                   st.one_of(st.none(), st.integers(0, 20)), st.booleans(), st.booleans())


@settings(max_examples=200, deadline=None)
@given(designation=st.text(alphabet="ABCDEFGHIKLMNOPRSTVZabcdeilmnorstz0123456789 /-.'",
                           max_size=24),
       front=_faces, back=st.one_of(st.none(), _faces),
       utype=st.sampled_from(["inf", "mtn", "cav", "art", "siege-art", "eng", "aslt", "mtn-aslt",
                              "marine", "bicycle", "rpl", "hq", "fortress", "tank"]),
       size=st.sampled_from(["XXXX", "XXX", "XX", "X", "III", "II", "I", ""]))
def test_any_counter_renders_deterministically_inside_its_slots(designation, front, back, utype,
                                                               size):
    c = Counter("x", "italy", utype, size, designation, front, back, full_strength=8,
                full_strength_colour="#ffffff")
    for face in ("front", "back"):
        img = render_counter(c, IT, face)
        assert img.size == (COUNTER_SIZE, COUNTER_SIZE)
        assert png_bytes(img) == png_bytes(render_counter(c, IT, face))
        # nothing spills over the full-strength circle or the free area right of the symbol
        ref = render_counter(Counter("y", "italy", "inf", "XX", "", Face(1, 1), Face(1, 1),
                                     full_strength=8, full_strength_colour="#ffffff"), IT, face)
        for box in [(40, 1, 55, 17), (44, 20, 54, 37)]:
            assert mean_abs_diff(img.crop(box), ref.crop(box)) < 0.5, box
