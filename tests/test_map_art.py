"""Map art: board geometry, deterministic drawing, golden crop, and the scanned-map path."""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

import pytest
from dataclasses import replace

from PIL import Image, ImageChops, ImageDraw, ImageStat

from modgen.art import map as mapart
from modgen.art.map import png_bytes, render_map
from modgen.model.geometry import LEGEND_HEIGHT, board_geometry
from modgen.errors import ModgenError
from modgen.hexgrid import Hex
from modgen.model.maps import load_map

from conftest import ROOT

GOLDEN = ROOT / "tests" / "golden" / "map-6-4-isonzo.png"
#: crop box of the golden image: the Isonzo front, Gorizia, Trieste (board pixels)
GOLDEN_HEXES = ("2916", "3520")


@lru_cache(maxsize=1)
def map64():
    errors: list = []
    m = load_map(ROOT / "maps" / "6-4.yaml", errors)
    assert not errors
    return m


@lru_cache(maxsize=1)
def image64() -> Image.Image:
    return render_map(map64())


def crop_box(m):
    grid, _, _ = board_geometry(m)
    (x1, y1), (x2, y2) = (grid.center(h) for h in GOLDEN_HEXES)
    pad = int(grid.dy * 0.7)
    return (x1 - pad, y1 - pad, x2 + pad, y2 + pad)


def test_board_size_holds_every_hex_and_the_legend():
    m = map64()
    grid, w, h = board_geometry(m)
    assert image64().size == (w, h)
    xs = [x for hx in m.hexes for x, _ in grid.corners(hx)]
    ys = [y for hx in m.hexes for _, y in grid.corners(hx)]
    assert min(xs) >= 0 and min(ys) >= 0 and max(xs) <= w and max(ys) <= h - LEGEND_HEIGHT
    # the grid VASSAL gets is the one the art is drawn on
    attrs, numbering = grid.to_xml_attributes()
    assert numbering["hOff"] == "10" and numbering["vOff"] == "11"


def test_hex_fills_follow_the_data():
    """The country tint, and over it the relief of the hexside: a point in the triangle between
    a hex's centre and its NW hexside shows that hexside's terrain (clear: the tint alone)."""
    m = map64()
    grid, _, _ = board_geometry(m)
    img = image64()

    def at(hid):   # in the NW triangle, clear of symbols, glyphs and text
        x, y = grid.center(Hex.parse(hid))
        return img.getpixel((x - int(grid.dy * 0.3), y - int(grid.dy * 0.08)))

    def nw_terrain(hid):
        h = Hex.parse(hid)
        return m.hexside(h, h.neighbours()[5]).terrain
    assert at("3025") == mapart.SEA                                          # Adriatic
    assert nw_terrain("2024") == "clear"
    assert at("2024") == mapart.COUNTRY_TINTS["italy"]                       # Po plain
    railed = {h for side, hs in m.hexsides.items() if hs.rail for h in (side.a, side.b)}

    def plain(country, terrain):   # a hex of that country with that NW hexside, no rail, no place
        return [h.id for h, i in m.hexes.items() if i.land and i.country == country and not i.name
                and not (i.city or i.fortress_site or i.port) and h not in railed
                and h.neighbours()[5] in m.hexes and nw_terrain(h.id) == terrain]
    for country, terrain in (("austria-hungary", "mountain"), ("italy", "hilly"), ("italy", "mountain")):
        hexes = plain(country, terrain)
        colour, cover, _ = mapart.RELIEF[terrain]
        assert len(hexes) >= 3, (country, terrain)
        for hid in hexes[:5]:
            assert at(hid) == mapart.mix(mapart.COUNTRY_TINTS[country], colour, cover), (hid, terrain)


def test_render_is_deterministic():
    a = png_bytes(render_map(map64()))
    b = png_bytes(image64())
    assert a == b


def test_render_does_not_depend_on_the_number_stamps_already_made():
    """The hex-number stamps are cached per process (every sheet a build draws shares them):
    a map drawn with an empty cache and after other maps filled it is the same image."""
    mapart._STAMPS.clear()
    first = png_bytes(render_map(map64()))
    mapart._STAMPS.clear()
    render_map(replace(map64(), hexes={h: replace(i, country="italy") for h, i in map64().hexes.items()}))
    assert png_bytes(render_map(map64())) == first


def test_number_stamps_match_the_typeset_number():
    """A stamped hex number is the typeset string at the rounded point: the same ink box, the
    same halo, glyphs that differ only by their antialiasing at whole pixels (the same number one
    pixel off differs far more); the box the label layout reserves for it is the font's own box
    for that string."""
    m = map64()
    grid, _, _ = board_geometry(m)
    ink, halo, paper = (60, 56, 48), mapart.COUNTRY_TINTS["italy"], (250, 250, 250)

    def ink_box(img):
        d = ImageChops.difference(img, Image.new("RGB", img.size, halo)).convert("L")
        return d.point(lambda v: 255 if v > 60 else 0).getbbox()

    def mean_diff(a, b, box):
        return max(ImageStat.Stat(ImageChops.difference(a, b).crop(box)).mean)

    def strong_diff(a, b):
        """Pixels that differ by more than antialiasing does: a glyph part missing (the halo of
        the row's stamp pasted over the column's last digit read 0808 as 0E08, 1008 as 1C08)."""
        return sum(1 for v in ImageChops.difference(a, b).convert("L").tobytes() if v > 80)
    maps_size = max(8, int(grid.dy * 0.16))
    for size in (maps_size, 10, 12, 14):       # the maps' sizes (6-4; the Eastern Front's 10), two others
        stamps = mapart.number_stamps(size, mapart.NUMBER_STROKE)
        f = mapart.font(size, family="condensed")
        for text in ("0101", "1917", "2358", "3520", "4444", "0808", "1008", "0909"):
            for anchor in ("mt", "rt"):
                assert stamps.bbox(text, anchor) == f.getbbox(text, anchor=anchor)
                a = Image.new("RGB", (70, 36), paper)
                b, c = a.copy(), a.copy()
                stamps.draw(a, (35.4, 7.6), text, anchor, ink, halo)
                ImageDraw.Draw(b).text((35, 8), text, font=f, fill=ink, anchor=anchor,
                                       stroke_width=mapart.NUMBER_STROKE, stroke_fill=halo)
                stamps.draw(c, (36.4, 7.6), text, anchor, ink, halo)    # one pixel off
                box = ImageChops.difference(b, Image.new("RGB", b.size, paper)).getbbox()
                assert ink_box(a) == ink_box(b), (size, text, anchor)
                assert strong_diff(a, b) == 0, (size, text, anchor)
                assert mean_diff(a, b, box) < 3 < 6 < mean_diff(c, b, box), (size, text, anchor)
    stamps = mapart.number_stamps(maps_size, mapart.NUMBER_STROKE)
    f = mapart.font(maps_size, family="condensed")
    for h in m.hexes:
        assert stamps.bbox(h.id, "mt") == f.getbbox(h.id, anchor="mt")


def test_a_border_along_a_river_shows_both():
    """A national border that follows a minor river (the Isonzo, 11 hexsides of 6-4): the river's
    blue on the hexside and the border's red dashes on both banks of it."""
    m = map64()
    grid, _, _ = board_geometry(m)
    img = image64()
    sides = [s for s, hs in m.hexsides.items() if hs.border and hs.river and not hs.major_river]
    assert len(sides) == 11

    def red(c):
        return c[0] > 150 and c[1] < 90 and c[2] < 90

    def river(c):   # 6-4 is reduced with LANCZOS: within a few levels of the river's colour
        return all(abs(x - y) <= 12 for x, y in zip(c, mapart.RIVER))
    for side in sides:
        (x1, y1), (x2, y2) = grid.hexside_segment(side)
        length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
        nx, ny = -(y2 - y1) / length, (x2 - x1) / length
        blue = banks = 0
        for i in range(3, 18):
            t = i / 20
            x, y = x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
            blue += river(img.getpixel((int(round(x)), int(round(y)))))
            banks += all(red(img.getpixel((int(round(x + nx * k)), int(round(y + ny * k)))))
                         for k in (-4.5, 4.5))
        # (a rail line may cross the hexside and cover a few of the points)
        assert blue >= 9 and banks >= 3, (side, blue, banks)


def test_golden_crop_matches():
    crop = image64().crop(crop_box(map64())).convert("RGB")
    if os.environ.get("MODGEN_UPDATE_GOLDEN") == "1":       # as tests/golden_art.py: only "1"
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        crop.save(GOLDEN)
    gold = Image.open(GOLDEN).convert("RGB")
    assert gold.size == crop.size
    diff = ImageStat.Stat(ImageChops.difference(gold, crop)).mean
    assert max(diff) < 2.0, f"mean abs difference {diff}; rerun with MODGEN_UPDATE_GOLDEN=1 if intended"


def test_golden_comparison_would_catch_a_change():
    """The tolerance is tight enough that a drawn change (no rivers) fails it."""
    m = map64()
    from dataclasses import replace
    plain = replace(m, hexsides={k: replace(v, river=False, major_river=False, rail=None)
                                 for k, v in m.hexsides.items()})
    crop = render_map(plain).crop(crop_box(m)).convert("RGB")
    gold = Image.open(GOLDEN).convert("RGB")
    diff = ImageStat.Stat(ImageChops.difference(gold, crop)).mean
    assert max(diff) >= 2.0


SCANNED = """\
id: "scan"
name: Scanned
provenance: {kind: scan, reason: a maintainer's scan, sources: [printed map]}
grid: {first_col: 2, last_col: 4, first_row: 1, last_row: 2}
countries: {I: italy}
hexes:
  1: "III"
  2: "III"
hexsides:
  1: ".cc ..c ..."
  2: "cc. ccc c.."
image: {file: scan.png, x0: 40, y0: 60, dx: 52.0, dy: 60.0}
"""


def test_scanned_image_is_used_as_is_with_its_calibration(tmp_path):
    src = Image.new("RGB", (220, 200), (10, 20, 30))
    src.putpixel((5, 5), (200, 100, 50))
    src.save(tmp_path / "scan.png")
    (tmp_path / "scan.yaml").write_text(SCANNED, encoding="utf-8")
    errors: list = []
    m = load_map(tmp_path / "scan.yaml", errors)
    assert errors == [], [e.format() for e in errors]
    grid, w, h = board_geometry(m)
    assert (w, h) == (220, 200)
    assert (grid.dx, grid.dy, grid.x0, grid.y0) == (52.0, 60.0, 40, 60)
    # the calibration point is the centre of the first printed hex
    assert grid.center(Hex(2, 1)) == (40, 60)
    assert grid.location_name(40, 60) == "0201"
    # printed neighbour rule holds: 0201 (even column) touches 0301 and 0302
    x3, y3 = grid.center(Hex(3, 1))
    x3b, y3b = grid.center(Hex(3, 2))
    assert y3 < 60 < y3b and x3 == x3b == 92
    for hx in m.hexes:
        assert grid.location_name(*grid.center(hx)) == hx.id
    img = render_map(m)
    assert img.size == (220, 200) and img.getpixel((5, 5)) == (200, 100, 50)
    assert img.getpixel((100, 100)) == (10, 20, 30)


def test_scanned_image_missing_or_broken_is_a_clear_error(tmp_path):
    (tmp_path / "scan.yaml").write_text(SCANNED, encoding="utf-8")
    errors: list = []
    assert load_map(tmp_path / "scan.yaml", errors) is None
    assert errors[0].field == "image.file" and errors[0].line == 12
    (tmp_path / "scan.png").write_bytes(b"not a png")
    errors = []
    m = load_map(tmp_path / "scan.yaml", errors)
    with pytest.raises(ModgenError) as e:
        board_geometry(m)
    assert "scan.png" in e.value.format()


def test_scanned_image_path_cannot_leave_the_map_folder(tmp_path):
    (tmp_path / "scan.yaml").write_text(SCANNED.replace("file: scan.png", "file: ../x.png"), encoding="utf-8")
    errors: list = []
    assert load_map(tmp_path / "scan.yaml", errors) is None
    assert any("inside the map folder" in e.message for e in errors)


def test_legend_wrap_breaks_where_the_word_by_word_scan_does():
    """``_wrap`` finds each line's end by doubling and halving the words tried; the lines are
    those of the plain greedy scan (measure the line with each word added, break before the
    first that does not fit; a word wider than the line stands alone), for every width."""
    def greedy(d, text, f, width):
        out, line = [], ""
        for word in text.split():
            trial = f"{line} {word}".strip()
            if d.textlength(trial, font=f) > width and line:
                out.append(line)
                line = word
            else:
                line = trial
        return out + ([line] if line else [])
    d = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    f = mapart.font(12, family="condensed")
    text = mapart.provenance_lines(load_map(ROOT / "maps" / "6-5.yaml", []))[1][0]
    assert len(text.split()) > 100
    for width in (1, 30, 80, 200, 517, 1200, 10**6):
        for t in (text, "", "one", "Przemysl " * 7, text[:333]):
            assert mapart._wrap(d, t, f, width) == greedy(d, t, f, width), (width, t[:20])
    assert len(mapart._wrap(d, text, f, 517)) > 5              # the case the legend has
