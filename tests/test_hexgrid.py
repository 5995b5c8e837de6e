"""Hex geometry: the neighbour rule from the rulebook figures, distance, hexsides, VASSAL pixels."""
from __future__ import annotations

import pytest

from modgen.errors import ModgenError
from modgen.hexgrid import Hex, Hexside, VassalHexGrid


@pytest.mark.parametrize("hex_id, expected", [
    # missing-data.md M3: figures 10/11 and 12
    ("1609", {"1608", "1610", "1509", "1510", "1709", "1710"}),
    ("2107", {"2106", "2108", "2206", "2207", "2006", "2007"}),
    ("1713", {"1712", "1714", "1812", "1813", "1612", "1613"}),
])
def test_neighbour_rule_from_the_figures(hex_id, expected):
    assert {h.id for h in Hex.parse(hex_id).neighbours()} == expected


def test_neighbours_are_symmetric_and_at_distance_one():
    for c in range(1, 12):
        for r in range(1, 12):
            h = Hex(c, r)
            for i, n in enumerate(h.neighbours()):
                assert h.distance(n) == 1
                assert h in n.neighbours()
                assert n.neighbour((i + 3) % 6) == h


def test_distance_along_figure_paths():
    # Figure 3 path 2915 -> 2815 -> 2716 -> 2717 is three steps of one hex
    assert Hex.parse("2915").distance(Hex.parse("2717")) == 3
    assert Hex.parse("1609").distance(Hex.parse("1609")) == 0
    assert Hex.parse("0101").distance(Hex.parse("0105")) == 4


def test_hexside_is_one_object_for_both_hexes():
    a, b = Hex.parse("2815"), Hex.parse("2716")
    assert Hexside.of(a, b) == Hexside.of(b, a) == Hexside.parse("2815|2716")
    assert Hexside.of(a, b).id == "2716|2815"
    assert a.hexside(a.direction_to(b)) == Hexside.of(a, b)
    with pytest.raises(ModgenError):
        Hexside.of("2815", "2817")


def test_parse_rejects_garbage():
    for bad in ("", "12", "12a4", "123456"):
        with pytest.raises(ModgenError):
            Hex.parse(bad)


@pytest.mark.parametrize("name, xy", [
    ("0101", (28, 32)), ("0201", (84, 0)), ("0303", (140, 160)), ("0505", (252, 288)), ("0606", (308, 320)),
])
def test_vassal_reference_points(name, xy):
    """vassal-format.md §2.4: checked against VASSAL (dx 56, dy 64, x0 28, y0 32, stagger)."""
    g = VassalHexGrid(dx=56.0, dy=64.0, x0=28, y0=32, h_off=1, v_off=1, stagger=True)
    assert g.center(name) == xy
    assert g.location_name(*xy) == name


@pytest.mark.parametrize("first_col", [1, 8, 9])
def test_printed_numbering_grid_round_trips_and_keeps_the_neighbour_rule(first_col):
    g = VassalHexGrid.for_printed_numbering(64, first_col, 5, 0, 0)
    for c in range(first_col, first_col + 20):
        for r in range(5, 25):
            h = Hex(c, r)
            x, y = g.center(h)
            assert g.location_name(x, y) == h.id
            assert x > 0 and y > 0
            for n in h.neighbours():
                nx, ny = g.center(n)
                assert 60 < ((nx - x) ** 2 + (ny - y) ** 2) ** 0.5 < 68
