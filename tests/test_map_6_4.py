"""Map 6-4 (schematic) against the rulebook: hex numbers, set-up hexes, countries, rule 4-2."""
from __future__ import annotations

import subprocess
import sys
from functools import lru_cache

import pytest
import yaml

from modgen.model.geometry import board_geometry
from modgen.hexgrid import Hex
from modgen.model.maps import load_map

from conftest import ROOT, shared_path

MAP = ROOT / "maps" / "6-4.yaml"
AH, IT = "austria-hungary", "italy"


@lru_cache(maxsize=1)
def mapdef():
    errors: list = []
    m = load_map(MAP, errors)
    assert errors == [], [e.format() for e in errors]
    return m


def test_loads_clean_and_is_marked_schematic():
    m = mapdef()
    assert m.id == "6-4"
    assert m.provenance.kind == "schematic"
    assert any("GSHHG" in s for s in m.provenance.sources)
    assert m.neutral == ("switzerland",)
    assert len(m.hexes) > 500


def test_every_hex_centre_names_its_own_hex_in_vassal():
    m = mapdef()
    grid, width, height = board_geometry(m)
    for h in m.hexes:
        x, y = grid.center(h)
        assert 0 <= x < width and 0 <= y < height
        assert grid.location_name(x, y) == h.id
        assert grid.hex_at(x, y) == h
        # a point well inside the hex (a third of the way to each corner) too
        for cx, cy in grid.corners(h):
            px, py = x + (cx - x) / 3, y + (cy - y) / 3
            assert grid.location_name(px, py) == h.id


def test_neighbours_on_the_drawn_grid_touch():
    """Adjacent hexes by the rulebook's CCRR rule are one hex apart in pixels."""
    m = mapdef()
    grid, _, _ = board_geometry(m)
    for h in (Hex(16, 20), Hex(17, 20), Hex(33, 18), Hex(34, 19)):
        x, y = grid.center(h)
        for n in h.neighbours():
            nx, ny = grid.center(n)
            assert abs(((nx - x) ** 2 + (ny - y) ** 2) ** 0.5 - grid.dy) <= 1.5


CITIES = {"1421": "Milano", "2326": "Bologna", "2721": "Venice", "2118": "Trient", "2019": "Riva",
          "3318": "Gorizia", "3419": "Trieste", "3423": "Pola", "3620": "Fiume", "3616": "Ljubljana"}


@pytest.mark.parametrize("hid,name", sorted(CITIES.items()))
def test_rulebook_cities_sit_on_their_hexes(hid, name):
    info = mapdef().hexes[Hex.parse(hid)]
    assert info.land and info.city and info.name == name
    assert mapdef().named(name).hex == Hex.parse(hid)


def test_ports_and_fortress_sites():
    m = mapdef()
    for hid in ("2721", "3419", "3423", "3620"):
        h = Hex.parse(hid)
        assert m.hexes[h].port
        assert any(n in m.hexes and not m.hexes[n].land for n in h.neighbours())
    for hid in ("1917", "2019", "2118", "2218", "3115", "3215", "3423",
                "2320", "2419", "2716", "2721", "3016", "3018"):
        assert m.hexes[Hex.parse(hid)].fortress_site, hid


def scenario_hexes():
    """Every hex an Italian Front scenario places something on map 6-4 (set-up, fortress, marker)."""
    data = yaml.safe_load(shared_path("data", "seed-scenarios.yaml").read_text(encoding="utf-8"))
    out: dict[str, set[str]] = {}
    for s in data["scenarios"]:
        if not s["id"].startswith("if_") or "6-4" not in [str(x) for x in s.get("maps", [])]:
            continue
        for st in s.get("setup") or []:
            for u in st.get("units", []):
                if u.get("hex") and not u.get("map"):
                    out.setdefault(str(u["hex"]), set()).add(st["nation"])
        for f in s.get("fortresses") or []:
            for x in f["list"]:
                out.setdefault(str(x["hex"]), set()).add(f["nation"])
        for mk in s.get("markers") or []:
            if isinstance(mk.get("hexes"), list):
                for hid in mk["hexes"]:
                    out.setdefault(str(hid), set()).add("marker")
    return out


def test_every_setup_fortress_and_marker_hex_is_land_on_the_map():
    hexes = scenario_hexes()
    assert len(hexes) >= 30
    m = mapdef()
    for hid in sorted(hexes):
        h = Hex.parse(hid)
        assert h in m.hexes, f"{hid} not on map 6-4"
        assert m.hexes[h].land, f"{hid} is water"


def test_setup_hexes_lie_in_their_nations_territory():
    """A-H set-ups and fortresses in A-H; Italian in Italy; Germans in A-H before 3-9 allows Italy."""
    m = mapdef()
    nation_country = {"Austria-Hungary": AH, "Italy": IT}
    for hid, nations in scenario_hexes().items():
        country = m.hexes[Hex.parse(hid)].country
        for n in nations:
            if n in nation_country and len([x for x in nations if x in nation_country]) == 1:
                assert country == nation_country[n], (hid, n, country)
    assert m.hexes[Hex.parse("2314")].country == AH      # German unit, May 1915 (rule 3-9)


def test_rulebook_territory_statements():
    m = mapdef()
    assert m.hexes[Hex.parse("3119")].country == AH            # 000:L1150
    row33 = [i for h, i in m.hexes.items() if h.col == 33 and i.land]
    assert any(i.country == AH for i in row33)                  # Italian substantial victory
    row29 = [i for h, i in m.hexes.items() if h.col == 29 and i.land]
    # 3-6 / M3: hexrow 29xx is in Italy (its north end reaches into Carinthia/Tyrol, A-H): south of
    # the Carnic Alps every 29xx land hex is Italian, and no A-H hex lies south of an Italian one
    assert all(i.country == IT for i in row29 if i.hex.row >= 15)
    first_it = min(i.hex.row for i in row29 if i.country == IT)
    assert all(i.country == IT for i in row29 if i.hex.row >= first_it)
    for hid in ("3118", "3119", "3217", "3218"):                # devastation markers
        assert m.hexes[Hex.parse(hid)].land
    # 3-5: the 2nd/3rd army boundary runs through hexside 3217/3218
    assert m.hexside(Hex.parse("3217"), Hex.parse("3218")) is not None
    assert any(i.country == IT for h, i in m.hexes.items() if i.land and h.col < 15 and h.row > 20)
    assert any(i.country == "switzerland" for i in m.hexes.values())


def border_hexes():
    m = mapdef()
    out = {}
    for h, info in m.hexes.items():
        if info.country != AH:
            continue
        sides = [m.hexside(h, n) for n in h.neighbours()
                 if n in m.hexes and m.hexes[n].land and m.hexes[n].country == IT]
        if sides:
            out[h] = sides
    return out


def test_rule_4_2_some_border_hexes_have_only_mountain_or_alpine_crossings():
    b = border_hexes()
    only = [h for h, sides in b.items() if all(s.terrain in ("mountain", "alpine") for s in sides)]
    other = [h for h, sides in b.items() if not all(s.terrain in ("mountain", "alpine") for s in sides)]
    assert only and other
    assert all(s.border for sides in b.values() for s in sides)
    # the Isonzo sector is open ground, the Trentino is mountains
    assert Hex.parse("3218") in other
    assert Hex.parse("1917") in only


def test_rivers_rails_and_sea():
    m = mapdef()
    sides = m.hexsides.values()
    assert sum(s.major_river for s in sides) >= 10                 # the Po
    assert sum(s.river for s in sides) >= 60
    assert {s.rail for s in sides} >= {"double", "single"}
    assert any(s.terrain == "lake" for s in sides)                   # Lake Garda and others
    assert not any((s.river or s.major_river) and s.terrain in ("ocean", "lake") for s in sides)
    # a rail line joins Milano and Venice: walk double/single track from 1421
    start, goal = Hex.parse("1421"), Hex.parse("2721")
    seen, todo = {start}, [start]
    while todo:
        h = todo.pop()
        for n in h.neighbours():
            s = m.hexside(h, n) if n in m.hexes else None
            if s is not None and s.rail and n not in seen:
                seen.add(n)
                todo.append(n)
    assert goal in seen and Hex.parse("3419") in seen and Hex.parse("2118") in seen


def test_both_sides_have_map_edge_rail_hexes():
    """Reinforcements arrive on map-edge rail lines (000:L1578, L1604; rule 25-7)."""
    m = mapdef()
    rail = {x for s, i in m.hexsides.items() if i.rail for x in (s.a, s.b)}
    edge = {h for h, i in m.hexes.items() if i.land and any(n not in m.hexes for n in h.neighbours())}
    countries = [m.hexes[h].country for h in rail & edge]
    assert countries.count(IT) >= 2 and countries.count(AH) >= 3


def test_no_land_hex_is_walled_in_outside_neutral_countries():
    m = mapdef()
    for h, info in m.hexes.items():
        if not info.land or info.country in m.neutral:
            continue
        open_sides = [n for n in h.neighbours() if n in m.hexes and m.hexes[n].land
                      and m.hexside(h, n).terrain not in ("alpine", "lake", "ocean")]
        assert open_sides, f"{h} cannot be entered or left"


def test_converter_reproduces_the_committed_map(tmp_path):
    kit = shared_path("data", "geography", "italian-front.yaml")
    out = tmp_path / "6-4.yaml"
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "make_map_6_4.py"), "--kit", str(kit),
                        "--out", str(out)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert out.read_text(encoding="utf-8") == MAP.read_text(encoding="utf-8")
