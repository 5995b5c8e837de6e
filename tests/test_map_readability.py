"""The map and the report as a player sees them (issue 9, item 11): relief as areas, labels clear
of symbols, a legend with a provenance line for players, calendar markers that are not taken for
Austro-Hungarian units, report pictures with the counters on the map and a route that ends
where the unit ended."""
from __future__ import annotations

import base64
import io
import re
from functools import lru_cache

import pytest
from PIL import Image

from modgen.art import map as mapart
from modgen.art import render_counter, render_marker
from modgen.check.engine import check_log
from modgen.check.logread import parse_log
from modgen.check.report_html import render as render_html
from modgen.hexgrid import Hex
from modgen.model import load_game
from modgen.model.geometry import board_geometry
from modgen.testing import TestGame


@pytest.fixture(scope="module")
def game():
    return load_game("italian-front")


@lru_cache(maxsize=1)
def layout():
    m = load_game("italian-front").maps["6-4"]
    grid, _, _ = board_geometry(m)
    return m, grid, mapart.label_layout(m, grid)


def _overlap(a, b, slack=0.5) -> bool:
    return a[0] + slack < b[2] and b[0] + slack < a[2] and a[1] + slack < b[3] and b[1] + slack < a[3]


def test_place_symbols_never_sit_on_each_other_or_on_a_name_or_number():
    m, grid, lay = layout()
    names = [lb for lb in lay.labels if lb.kind == "name"]
    numbers = [lb for lb in lay.labels if lb.kind == "number"]
    by_hex: dict = {}
    for h, kind, box in lay.symbols:
        by_hex.setdefault(h, []).append((kind, box))
    venice = m.named("Venice").hex
    assert sorted(k for k, _ in by_hex[venice]) == ["city", "fortress", "port"]     # three symbols
    for h, syms in by_hex.items():         # symbols are round: their circles must not meet
        for i, (_k, a) in enumerate(syms):
            for _k2, b in syms[i + 1:]:
                ca, cb = ((a[0] + a[2]) / 2, (a[1] + a[3]) / 2), ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)
                dist = ((ca[0] - cb[0]) ** 2 + (ca[1] - cb[1]) ** 2) ** 0.5
                assert dist >= (a[2] - a[0]) / 2 + (b[2] - b[0]) / 2, (h, syms)
    for lb in names:
        for h, kind, box in lay.symbols:
            assert not _overlap(lb.box, box), (lb.text, h, kind)
        for other in names:
            assert other is lb or not _overlap(lb.box, other.box), (lb.text, other.text)
    for h, kind, box in lay.symbols:
        for num in numbers:
            assert not _overlap(box, num.box), (h, kind, num.text)


def test_names_avoid_rail_lines_where_they_can():
    """Every named hex whose rail lines leave room for the name has it off the lines."""
    m, grid, lay = layout()
    segments = [(grid.center(s.a), grid.center(s.b)) for s, hs in m.hexsides.items() if hs.rail]
    crossed = [lb.text for lb in lay.labels if lb.kind == "name"
               and any(mapart._crosses(lb.box, a, b) for a, b in segments)]
    named = sum(1 for lb in lay.labels if lb.kind == "name")
    assert named > 30 and len(crossed) <= named // 10, crossed


def test_relief_is_an_area_not_a_band_along_the_hexside():
    """Across a mountain hexside, the relief colour covers both hexes from their centres to the
    edge: the old drawing (a band along the hexside) left the hex interiors in the plain tint,
    so a mountain country looked like a honeycomb of rail-like ladders."""
    m = load_game("italian-front").maps["6-4"]
    grid, _, _ = board_geometry(m)
    img = mapart.render_map(m)
    railed = {h for s, hs in m.hexsides.items() if hs.rail for h in (s.a, s.b)}
    colour, cover, _ = mapart.RELIEF["mountain"]
    want = mapart.mix(mapart.COUNTRY_TINTS["austria-hungary"], colour, cover)
    checked = 0
    for side, hs in m.hexsides.items():
        a, b = m.hexes[side.a], m.hexes[side.b]
        if (hs.terrain != "mountain" or not (a.country == b.country == "austria-hungary") or a.name or b.name
                or side.a in railed or side.b in railed or hs.river or hs.border):
            continue
        (x1, y1), (x2, y2) = grid.hexside_segment(side)
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        for h in (side.a, side.b):
            cx, cy = grid.center(h)
            px, py = mx + (cx - mx) * 0.55, my + (cy - my) * 0.55        # halfway to the centre
            assert img.getpixel((int(px), int(py))) == want, (side, h)
        checked += 1
        if checked >= 20:
            break
    assert checked >= 20


def test_rail_lines_are_not_drawn_in_a_terrain_colour():
    far = min(sum((p - q) ** 2 for p, q in zip(mapart.RAIL, mapart.mix(tint, c, k))) ** 0.5
              for c, k, _ in mapart.RELIEF.values() for tint in mapart.COUNTRY_TINTS.values())
    assert far > 150


def test_legend_provenance_line_is_for_players(game):
    m = game.maps["6-4"]
    banner, text = mapart.provenance_lines(m)
    assert banner.startswith("SCHEMATIC MAP") and "not the printed map" in banner
    body = " ".join(text)
    assert "GSHHG" in body and "The Italian Front rulebook" in body
    assert "tools/" not in body and ".py" not in body          # no repository script named
    assert any("tools/make_map" in s for s in m.provenance.sources)      # (the map file keeps it)


def test_calendar_markers_are_not_taken_for_austro_hungarian_units(game):
    ah = render_counter(game.counters["ah-inf-xx-3"], game.nations["austria-hungary"]).convert("RGB")
    corner = ah.getpixel((ah.width // 2, 4))             # the counter's background
    for mid, value in (("month", "May"), ("turn", "3"), ("year", "1915")):
        mk = render_marker(game.markers[mid], value).convert("RGB")
        bg = mk.getpixel((mk.width // 2, 4))
        dist = sum((a - b) ** 2 for a, b in zip(bg, corner)) ** 0.5
        assert dist > 60, (mid, bg, corner)


# ------------------------------------------------------------------ the HTML report


def _ancona_log(game):
    """The Ancona brigade moves 2121 -> 2120 -> 2220 next to the Austro-Hungarian line: no legal
    path for the last leg (6-9), and enemy units all around."""
    t = TestGame(game, game.scenarios["if-1915-05"])
    t.move("it-inf-x-ancna", "2120", "2220")
    t.next_phase()
    return parse_log(t.text())


def test_a_route_with_no_legal_path_still_ends_where_the_unit_ended(game):
    rep = check_log(_ancona_log(game), game, game.scenarios["if-1915-05"])
    f = next(f for f in rep.findings if f.rule == "6-9")
    assert "no legal path 2120 → 2220" in f.message
    assert f.path[0] == "2121" and f.path[-1] == "2220"          # used to stop at 2120


def _count(img: Image.Image, colour) -> int:
    return dict((c, n) for n, c in img.getcolors(maxcolors=1 << 24)).get(colour, 0)


def _pictures(page: str) -> list[Image.Image]:
    return [Image.open(io.BytesIO(base64.b64decode(b))).convert("RGB")
            for b in re.findall(r"data:image/png;base64,([A-Za-z0-9+/=]+)", page)]


def test_report_pictures_show_the_counters_around_a_finding(game):
    rep = check_log(_ancona_log(game), game, game.scenarios["if-1915-05"])
    f = next(f for f in rep.findings if f.rule == "6-9")
    # the pieces around the finding, as they stood: the enemy units of the A-H line among them
    scene = {(h, u) for h, u, _m, _v, _r in f.scene}
    assert ("2220", "it-inf-x-ancna") in scene and ("2119", "ah-inf-x-181") in scene
    assert "scene" not in f.to_dict()
    page = render_html(rep, game, ("6-4",))
    (pic,) = _pictures(page)
    # the Italian counters' green (rule 50-6) and the A-H counters' white are on the picture
    italy = tuple(int(game.nations["italy"].background[i:i + 2], 16) for i in (1, 3, 5))
    assert _count(pic, italy) > 1000
    bare = [ff for ff in rep.findings if ff.rule == "6-9"][0]
    from dataclasses import replace
    rep2 = type(rep)([replace(bare, scene=())], rep.game, rep.scenario, rep.log_file, rep.steps)
    (without,) = _pictures(render_html(rep2, game, ("6-4",)))
    assert _count(without, italy) < 50        # the map alone has none


def test_a_city_of_two_hexes_is_named_once():
    """Riga (4-5N 2407 and 2408), Warsaw, Minsk, Lemberg, Budapest and Odessa each cover two
    adjacent hexes that the map data both name: the map prints each name once, on one of them,
    while both hexes keep their city symbol."""
    g = load_game("eastern-front")
    for sheet, name, hexes in (("4-5N", "Riga", {"2407", "2408"}), ("4-5", "Warsaw", {"2019", "2119"})):
        m = g.maps[sheet]
        assert {h.id for h, info in m.hexes.items() if info.name == name} == hexes
        grid, _, _ = board_geometry(m)
        lay = mapart.label_layout(m, grid)
        labelled = [lb.hex.id for lb in lay.labels if lb.kind == "name" and lb.text == name]
        assert len(labelled) == 1 and labelled[0] in hexes
        assert {h.id for h, kind, _ in lay.symbols if kind == "city" and h.id in hexes} == hexes
