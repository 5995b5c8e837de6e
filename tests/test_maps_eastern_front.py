"""The Eastern Front sheets (schematic) against the rulebook: every hex the rule text names carries
the feature the text states, on its sheet.

The table FEATURES is the list of statements (sheet, hex, what the rulebook says is there, the 003
line). ``test_missing_data_m3_names_no_hex_we_do_not_check`` reads the rule text's hex list as
../shared/docs/missing-data.md M3 collects it and fails for any hex there that the table does not
check, so a hex added to the list cannot go unchecked.
"""
from __future__ import annotations

import re
from collections import deque
from functools import lru_cache

import pytest

from modgen.model.geometry import board_geometry
from modgen.hexgrid import DIRECTIONS, Hex, Hexside
from modgen.model.maps import load_map

from conftest import ROOT, shared_path

SHEETS = ("4-5", "4-5N", "4-5E", "5-5", "5-5S", "6-5", "6-6")
AH, RU, GE, SB, RO, BU = "austria-hungary", "russia", "germany", "serbia", "romania", "bulgaria"


@lru_cache(maxsize=None)
def sheet(sid: str):
    errors: list = []
    m = load_map(ROOT / "maps" / f"{sid}.yaml", errors)
    assert errors == [], [e.format() for e in errors]
    return m


def H(hid: str) -> Hex:
    return Hex.parse(hid)


# --------------------------------------------------------------------------- feature checks


def is_land(m, h, _=None):
    assert h in m.hexes and m.hexes[h].land, f"{m.id}:{h} is not a land hex"


def country(nation):
    def check(m, h, _=None):
        is_land(m, h)
        assert m.hexes[h].country == nation, f"{m.id}:{h} is {m.hexes[h].country}, the rulebook says {nation}"
    return check


def city(name, capital=False):
    def check(m, h, _=None):
        info = m.hexes[h]
        assert info.name == name and (info.city or info.capital), f"{m.id}:{h} is not the city {name}: {info}"
        if capital:
            assert info.capital
    return check


def fortress(m, h, _=None):
    assert m.hexes[h].fortress_site, f"{m.id}:{h} is not a fortress site"


def rail_hex(m, h, _=None):
    assert _has_rail(m, h), f"{m.id}:{h} has no rail line"


def _has_rail(m, h) -> bool:
    return h in m.rail_exits or any(
        (s := m.hexside(h, n)) is not None and (s.rail or s.terrain == "urban") for n in h.neighbours())


def _rail_reach(m, start: Hex) -> set[Hex]:
    seen, todo = {start}, deque([start])
    while todo:
        h = todo.popleft()
        for n in h.neighbours():
            s = m.hexside(h, n)
            if s is not None and (s.rail or s.terrain == "urban") and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def rail_to(*others):
    """A rail line runs from this hex to each of ``others`` on the same sheet."""
    def check(m, h, _=None):
        reach = _rail_reach(m, h)
        for o in others:
            assert H(o) in reach, f"{m.id}: no rail line from {h} to {o}"
    return check


def rail_to_edge(*edges):
    """A rail line runs from this hex off the sheet across one of the named edges (N, S, E, W)."""
    def check(m, h, _=None):
        reach = _rail_reach(m, h)
        dirs = {"N": {"N", "NE", "NW"}, "S": {"S", "SE", "SW"}, "E": {"NE", "SE"}, "W": {"NW", "SW"}}
        wanted = set().union(*(dirs[e] for e in edges))
        g = m.grid
        for x in reach:
            for d in m.rail_exits.get(x, ()):
                if d not in wanted:
                    continue
                edge_ok = {"N": x.row <= g.first_row + 1, "S": x.row >= g.last_row - 1,
                           "E": x.col == g.last_col, "W": x.col == g.first_col}
                if any(edge_ok[e] for e in edges if d in dirs[e]):
                    return
        raise AssertionError(f"{m.id}: no rail line from {h} leaves the sheet across the {'/'.join(edges)} edge")
    return check


def river_side(name, other):
    def check(m, h, _=None):
        s = m.hexside(h, H(other))
        assert s is not None and s.river_name == name, f"{m.id}: hexside {h}|{other} is not the {name}"
    return check


def borders_river(name):
    def check(m, h, _=None):
        assert any((s := m.hexside(h, n)) is not None and s.river_name == name for n in h.neighbours()), \
            f"{m.id}:{h} does not border the {name}"
    return check


def near_river(name, radius):
    def check(m, h, _=None):
        sides = [s for s, i in m.hexsides.items() if i.river_name == name]
        assert sides, f"{m.id} has no {name}"
        assert min(min(h.distance(s.a), h.distance(s.b)) for s in sides) <= radius, \
            f"{m.id}:{h} is more than {radius} hexes from the {name}"
    return check


def urban_with(other):
    def check(m, h, _=None):
        s = m.hexside(h, H(other))
        assert s is not None and s.terrain == "urban", f"{m.id}: {h}|{other} is not an urban hexside"
    return check


def on_line(name):
    def check(m, h, _=None):
        assert any(name in (m.hexside(h, n).lines if m.hexside(h, n) else ()) for n in h.neighbours()
                   if n in m.hexes), f"{m.id}:{h} is not on the {name}"
    return check


def danube_only_towards(other):
    """The 6-6 erratum: of the hex's hexsides only the one towards ``other`` carries the Danube."""
    def check(m, h, _=None):
        with_danube = [n for n in h.neighbours() if (s := m.hexside(h, n)) is not None
                       and s.river_name == "Danube"]
        assert with_danube == [H(other)], f"{m.id}:{h} Danube hexsides {with_danube}, the erratum says only {other}"
    return check


def clear_hex(m, h, _=None):
    kinds = {m.hexside(h, n).terrain for n in h.neighbours() if n in m.hexes}
    assert kinds == {"clear"}, f"{m.id}:{h} has {kinds} hexsides, the rulebook calls it clear"


def north_of(*rivers):
    """A hex of the same column further south (a higher row) borders each river, none further north."""
    def check(m, h, _=None):
        for r in rivers:
            rows = [x.row for s, i in m.hexsides.items() if i.river_name == r for x in (s.a, s.b)
                    if x.col == h.col]
            assert rows and min(rows) > h.row, f"{m.id}:{h} is not north of the {r} (its rows here: {rows})"
    return check


def south_of_danube(m, h, _=None):
    rows = [x.row for s, i in m.hexsides.items() if i.river_name == "Danube" for x in (s.a, s.b)
            if abs(x.col - h.col) <= 1]
    assert rows and min(rows) < h.row, f"{m.id}:{h} is not south of the Danube"


def edge_exit_cols(edge, min_col, count):
    """At least ``count`` rail lines leave across the ``edge`` edge in columns >= min_col."""
    def check(m, h, _=None):
        g = m.grid
        row = g.first_row if edge == "N" else g.last_row
        dirs = {"N": ("N", "NE", "NW"), "S": ("S", "SE", "SW")}[edge]
        hexes = [x for x, ds in m.rail_exits.items() if x.col > min_col and abs(x.row - row) <= 1
                 and any(d in dirs for d in ds)]
        assert len(hexes) >= count, f"{m.id}: rail exits on the {edge} edge east of {min_col}: {hexes}"
    return check


def column_exists(m, h, _=None):
    assert any(x.col == h.col for x in m.hexes), f"{m.id} has no hexrow {h.col:02d}xx"


def carpathian_crest(m, h, _=None):
    """Hexes numbered xx16 or higher are south of the Carpathians (L1393): mountain hexsides run
    across the sheet in rows 13-17."""
    cols = {s.a.col for s, i in m.hexsides.items() if i.terrain == "mountain" and 13 <= s.a.row <= 17}
    assert len([c for c in range(15, 46) if c in cols]) >= 20, sorted(cols)


FRONT_1914 = ["1507", "1407", "1308", "1207", "1108", "1008", "1009", "1110", "1210", "1211", "1112", "1113",
              "1013", "1014", "0915", "0815", "0816", "0817", "0818", "0919", "1019", "1120"]


def front_chain(m, h, _=None):
    """8-1: the front line from 2405 along the north bank of the Danube to 1606, then the listed
    hexes, each adjacent to the next."""
    north_bank = [x for x, i in m.hexes.items() if i.land and i.country == AH
                  and any((s := m.hexside(x, n)) is not None and s.river_name == "Danube" for n in x.neighbours())]
    # 2405 reaches 1606 through A-H Danube-bank hexes
    seen, todo = {H("2405")}, deque([H("2405")])
    while todo:
        x = todo.popleft()
        for n in x.neighbours():
            if n in north_bank and n not in seen:
                seen.add(n)
                todo.append(n)
    assert H("1606") in seen, "no chain of A-H Danube-bank hexes from 2405 to 1606"
    chain = ["1606"] + FRONT_1914
    for a, b in zip(chain, chain[1:]):
        assert H(a).direction_to(H(b)) is not None, f"front line {a} -> {b} is not a chain of adjacent hexes"
        is_land(m, H(b))


#: (sheet, hex, [checks], source line in 003 unless said)
FEATURES: list[tuple[str, str, list, str]] = [
    # ------------------------------------------------------------------ 6-5 Serbia
    ("6-5", "1607", [city("Belgrade", capital=True), country(SB), river_side("Danube", "1606"),
                     river_side("Danube", "1707")], "L1175, L1260"),
    ("6-5", "1606", [country(AH), borders_river("Danube")], "L1175"),
    ("6-5", "1707", [country(AH), borders_river("Danube")], "L1175"),
    ("6-5", "2405", [country(AH), front_chain], "L1243"),
    *[("6-5", x, [is_land], "L1243") for x in FRONT_1914],
    *[("6-5", x, [country(SB)], "L1259-1261") for x in ("1311", "1109", "1208", "1209", "1309", "1310",
                                                        "1408", "1508")],
    ("6-5", "1115", [is_land], "L1251"),
    ("6-5", "2413", [city("Nish"), country(SB)], "L1724"),
    ("6-5", "1204", [country(AH), borders_river("Danube")], "000:L1966-1967"),
    ("6-5", "3327", [city("Salonika"), country("greece")], "L1284"),
    # ------------------------------------------------------------------ 6-6 Romania
    ("6-6", "0112", [country(AH), rail_to_edge("W", "N")], "L1317"),
    ("6-6", "0126", [country(BU), rail_to_edge("W", "S")], "L1317"),
    ("6-6", "0421", [country(RO), danube_only_towards("0322")], "L1309"),
    ("6-6", "0322", [is_land], "L1309"),
    ("6-6", "1515", [country(RO), clear_hex, north_of("Danube", "Dambovita")], "L1323"),
    ("6-6", "1517", [city("Bucharest", capital=True), fortress], "L1323"),
    ("6-6", "2603", [country(RU)], "L1323"),
    ("6-6", "2713", [country(RO), south_of_danube], "L1329"),
    ("6-6", "1901", [country(RO)], "L1738"),
    ("6-6", "1801", [edge_exit_cols("N", 18, 2)], "L1319"),
    ("6-6", "1830", [edge_exit_cols("S", 0, 2)], "L1318"),
    ("6-6", "3101", [city("Odessa"), urban_with("3001"), near_river("Dniester", 3)], "L1661, L1669"),
    # ------------------------------------------------------------------ 4-5 and its extensions
    ("4-5", "1506", [city("Konigsberg"), fortress, country(GE)], "L1889"),
    ("4-5", "1512", [country(GE)], "L1889"),
    ("4-5", "2204", [country(GE)], "L1889"),
    ("4-5", "2205", [country(GE)], "L1889"),
    ("4-5", "0118", [country(GE), rail_hex, rail_to_edge("W")], "L1924"),
    ("4-5", "1611", [city("Allenstein"), country(GE)], "L1667"),
    ("4-5", "1918", [fortress, country(RU)], "L1492"),
    ("4-5", "2119", [city("Warsaw"), fortress, urban_with("2019"), rail_to("2713", "2618"), rail_to_edge("S")],
     "L1492, L1669"),
    ("4-5", "2019", [city("Warsaw"), rail_hex, rail_to_edge("S")], "L1526"),
    ("4-5", "2404", [rail_to("2802")], "L1526"),
    ("4-5", "2802", [rail_to("3203", "3303"), rail_to_edge("N")], "L1526"),
    ("4-5", "3203", [rail_hex], "L1526"),
    ("4-5", "3303", [rail_hex], "L1526"),
    ("4-5", "2410", [rail_to("2713", "2909")], "L1526"),
    ("4-5", "2713", [city("Bialystok"), rail_to("2909")], "L1526, L1031"),
    ("4-5", "2909", [city("Grodno")], "L1031"),
    ("4-5", "1413", [rail_to("2119", "2713")], "L1526"),
    ("4-5", "2618", [rail_to("2914", "2713")], "L1526"),
    ("4-5", "2914", [rail_to("3017")], "L1526"),
    ("4-5", "3017", [rail_hex], "L1526"),
    ("4-5", "2619", [rail_to("3118"), rail_to_edge("S")], "L1527"),
    ("4-5", "3118", [city("Brest-Litovsk")], "L1031, L1527"),
    ("4-5N", "1412", [country(RU), rail_hex, rail_to_edge("S")], "L1526"),
    ("4-5N", "2408", [city("Riga"), urban_with("2407"), near_river("Daugava", 1)], "L1661, L1669"),
    ("4-5N", "3411", [city("Daugavpils"), near_river("Daugava", 1)], "L1661"),
    ("4-5E", "0401", [country(RU), on_line("1919 border of Russia"), near_river("Daugava", 1)], "L1661"),
    ("4-5E", "0811", [city("Minsk"), urban_with("0812")], "L1538, L1669"),
    ("4-5E", "0125", [is_land], "L1566 (Limited Scope rows xx25+)"),
    # ------------------------------------------------------------------ 5-5 and 5-5S
    ("5-5", "2803", [city("Lublin")], "L1974"),
    ("5-5", "3203", [city("Cholm")], "L1975"),
    ("5-5", "3601", [city("Kowel"), rail_to("3504", "3605", "3903")], "L1975, L1527"),
    ("5-5", "3609", [city("Lemberg"), country(AH), rail_to("3808", "3907")], "L1976, L1479, 000:L1965"),
    ("5-5", "3509", [city("Lemberg")], "L1667"),
    ("5-5", "3111", [city("Przemysl"), fortress], "L1977, L1998"),
    ("5-5", "1911", [city("Cracow")], "L1978"),
    ("5-5", "4013", [city("Stanislau")], "L1980"),
    ("5-5", "2203", [city("Radom")], "L1667"),
    ("5-5", "2106", [city("Kielce")], "L1667"),
    ("5-5", "2311", [city("Tarnow")], "L1667"),
    ("5-5", "3415", [country(AH), rail_hex], "L1478"),
    ("5-5", "4017", [country(AH), rail_hex], "L1478"),
    ("5-5", "4409", [rail_to("4209", "3808")], "L1480"),
    *[("5-5", x, [rail_hex], "L1479-1481, L1526-1527") for x in ("1503", "1909", "3504", "3605", "3808", "3903",
                                                                 "3907", "4209")],
    ("5-5", "1003", [country(RU), rail_to("1503", "1602")], "L1481, L1526"),
    ("5-5", "1602", [rail_to_edge("N")], "L1526"),
    ("5-5", "1610", [rail_to("1909", "2502")], "L1481, L1527"),
    ("5-5", "2502", [rail_to_edge("N")], "L1527"),
    ("5-5", "2802", [rail_to_edge("N")], "L1492"),
    ("5-5", "3912", [country(AH)], "000:L1965"),
    ("5-5", "4800", [column_exists], "L1661"),
    ("5-5", "4902", [country(RU), on_line("1919 border of Russia")], "L1661"),
    ("5-5", "1916", [carpathian_crest], "L1393"),
]
NAMED = {(s, h) for s, h, _c, _l in FEATURES}


@pytest.mark.parametrize("sid", SHEETS)
def test_sheet_loads_and_says_it_is_schematic(sid):
    m = sheet(sid)
    assert m.provenance.kind == "schematic"
    assert "20 km" in m.provenance.reason
    if sid in ("4-5N", "4-5E", "5-5S"):
        assert "EXTENSION SHEET, THE LEAST CERTAIN" in m.provenance.reason


@pytest.mark.parametrize("sid,hid,checks,line", FEATURES, ids=[f"{s}:{h}" for s, h, _c, _l in FEATURES])
def test_rulebook_named_hex_carries_its_feature(sid, hid, checks, line):
    m = sheet(sid)
    h = H(hid)
    if checks[0] not in (column_exists, carpathian_crest):
        assert h in m.hexes, f"{sid}:{hid} is not on the sheet ({line})"
    for c in checks:
        c(m, h)


@pytest.mark.parametrize("sid", SHEETS)
def test_every_hex_centre_names_its_own_hex_in_vassal(sid):
    m = sheet(sid)
    grid, width, height = board_geometry(m)
    for h in m.hexes:
        x, y = grid.center(h)
        assert 0 <= x < width and 0 <= y < height
        assert grid.location_name(x, y) == h.id


@pytest.mark.parametrize("sid", SHEETS)
def test_rail_exits_leave_across_the_sheet_edge(sid):
    m = sheet(sid)
    assert m.rail_exits, f"{sid} has no map-edge rail hex"
    for h, dirs in m.rail_exits.items():
        assert m.hexes[h].land
        for d in dirs:
            assert h.neighbour(d) not in m.hexes


def test_russian_rail_lines_leave_several_edges_of_4_5e():
    """11-12: Russian forces move by rail between 4-5E, 5-5 and 6-6 from active Russian map-edge rail
    hexes; the kit notes Russian lines leave every edge of 4-5E."""
    m = sheet("4-5E")
    g = m.grid
    edges = set()
    for h, dirs in m.rail_exits.items():
        assert m.hexes[h].country == RU
        if h.row <= g.first_row + 1 and any(d in ("N", "NE", "NW") for d in dirs):
            edges.add("N")
        if h.row >= g.last_row - 1 and any(d in ("S", "SE", "SW") for d in dirs):
            edges.add("S")
        if h.col == g.first_col:
            edges.add("W")
        if h.col == g.last_col:
            edges.add("E")
    assert edges >= {"N", "S", "E"}, edges


def test_danube_is_a_named_major_river_on_the_danube_sheets():
    for sid in ("6-5", "6-6", "5-5S"):
        sides = [i for i in sheet(sid).hexsides.values() if i.river_name == "Danube"]
        assert len(sides) > 20 and all(i.major_river for i in sides), sid


def test_urban_hexsides_carry_double_track_by_rule_9_14():
    """Every urban hexside the rulebook names is an urban hexside; rule 9-14 gives it a double
    track, which modgen.rules.rail reads from the terrain."""
    from modgen.systems.der_weltkrieg.rules.board import BoardState
    from modgen.systems.der_weltkrieg.rules.rail import rail_track
    for sid, a, b in (("4-5", "2019", "2119"), ("4-5N", "2407", "2408"), ("4-5E", "0811", "0812"),
                      ("6-6", "3001", "3101"), ("5-5S", "1805", "1906")):
        board = BoardState.build(sheet(sid))
        assert rail_track(board, H(a), H(b)) == "double", (sid, a, b)


def test_no_land_hex_is_walled_in():
    for sid in SHEETS:
        m = sheet(sid)
        for h, info in m.hexes.items():
            if not info.land or info.country in m.neutral:
                continue
            sides = [n for n in h.neighbours() if n in m.hexes]
            if not sides:
                continue
            open_sides = [n for n in sides if m.hexes[n].land
                          and m.hexside(h, n).terrain not in ("alpine", "lake", "ocean")]
            assert open_sides or all(not m.hexes[n].land for n in sides), f"{sid}:{h} cannot be entered or left"


# --------------------------------------------------------------------------- the rule text's list

_M3_SHEETS = {"**Map 6-5": ("6-5",), "**Map 6-6": ("6-6",), "**Map 4-5 / 4-5N / 4-5E": ("4-5", "4-5N", "4-5E", "5-5"),
              "**Map 5-5 / 5-5S": ("5-5", "5-5S")}


def _m3_hexes(text: str) -> dict[str, set[str]]:
    """The hex numbers of the Eastern Front paragraphs of missing-data M3, by paragraph."""
    out: dict[str, set[str]] = {}
    paras = re.split(r"\n(?=\*\*Map )|\n\s*\n", text)      # a paragraph runs over several lines
    for para in paras:
        for key in _M3_SHEETS:
            if para.startswith(key):
                body = re.sub(r"(\d{3}:)?L\d{3,4}(-\d{3,4})?", " ", para)    # line references
                body = re.sub(r"\b(Nov 1914|1919 border|11-\d\d)|\(1915,", " ", body)      # dates, rules
                out[key] = set(re.findall(r"\b\d{4}\b", body))
    return out


def test_missing_data_m3_names_no_hex_we_do_not_check():
    text = shared_path("docs", "missing-data.md").read_text(encoding="utf-8")
    m3 = text[text.index("## M3."):text.index("## M4.")]
    found = _m3_hexes(m3)
    assert set(found) == set(_M3_SHEETS), "the M3 paragraphs for the Eastern Front sheets were not found"
    unchecked = []
    for key, hexes in found.items():
        for hid in sorted(hexes):
            if not any((s, hid) in NAMED for s in _M3_SHEETS[key]):
                unchecked.append(f"{key.strip('*')}: {hid}")
    assert unchecked == []


def test_rulebook_city_hexes_named_in_the_rule_text_are_cities_there():
    """Statements of the form "City (hex CCRR)" / "City (map S hex CCRR)" in 003 hold on the map (a
    fortress town is a fortress site carrying the name; the map spells Novogeorgisk as
    Novogeorgievsk)."""
    book = shared_path("seeds", "003_9d835eee5fbff493.txt").read_text(encoding="utf-8")
    pairs = set(re.findall(r"\b([A-Z][a-z]+) \((?:map (\d-\d) )?hex (\d{4})\)", book))
    assert len(pairs) >= 5
    default = {"Allenstein": "4-5", "Radom": "5-5", "Kielce": "5-5", "Tarnow": "5-5", "Przemysl": "5-5",
               "Stanislau": "5-5", "Belgrade": "6-5", "Nish": "6-5", "Konigsberg": "4-5"}
    checked = 0
    for name, mid, hid in pairs:
        sid = mid or default.get(name)
        if sid is None:
            continue
        info = sheet(sid).hexes[H(hid)]
        assert info.name == {"Novogeorgisk": "Novogeorgievsk"}.get(name, name), (name, sid, hid)
        assert info.city or info.capital or info.fortress_site, (name, sid, hid)
        checked += 1
    assert checked >= 5
