#!/usr/bin/env python3
"""Make the schematic map 6-4 (maps/6-4.yaml) from the geography kit.

    python3 tools/make_map_6_4.py [--kit ../shared/data/geography/italian-front.yaml] [--out maps/6-4.yaml]

No rulebook prints map 6-4. This script turns real geography (the kit: per-hex land fraction and
relief, coastline, lakes, rivers and the hand-drawn 1915 frontier, fitted to the rulebook's hex
numbers) into the compact map notation of modgen/model/maps.py. Every choice is here, in one
place, so the map is reproducible and reviewable; the rulebook facts that override the geography
are listed in RULEBOOK_* tables with the line they come from (file 000 = The Italian Front).

Method
  * extent: columns 10-42, rows 11-29 (the hexes the kit covers); 1111 and 1311 are not covered.
  * land: land_fraction >= 0.5, plus every hex the rulebook uses for a city, set-up, fortress or
    marker (RULEBOOK_LAND); a port with no water neighbour gets its least-land neighbour as sea.
  * country: flood fill of the land hexes from seed cities, never crossing a hexside whose
    centre-to-centre segment crosses the 1915 frontier (kit ``border_1915``) or the Swiss and
    German-Austrian frontiers (kit ``modern_borders``, unchanged since 1915 there); then the
    rulebook's own statements (RULEBOOK_COUNTRY) win.
  * hexside terrain: from the two hexes' relief (lowland -> clear, hills -> hilly, mountain ->
    mountain, high_mountain -> mountain); the rougher of the two; ``alpine`` only between two
    high-mountain hexes (a crest), so no hex is walled in. The Carso plateau (RUGGED) is rough;
    RELIEF_OVERRIDES corrects the kit's relief where it is wrong at this scale (Gorizia).
    Land/sea hexsides are ocean; a hexside whose centre-to-centre segment runs >= 30 % through a
    lake (kit ``lakes``: Garda, Maggiore, Como, ...) is lake.
  * rivers: a hexside carries a river when the river's course crosses the segment joining the two
    hex centres an odd number of times. Courses: kit ``rivers`` pieces lying along the named
    river's waypoints (RIVERS); the Tagliamento, Isonzo and Brenta are missing from the kit and are
    traced from the towns on their banks (approximate). A hexside belongs to the first river listed.
  * rails: main 1915 lines as chains of towns (RAILS), joined hex to hex along the straight line;
    double vs single track is approximate.
  * places: the rulebook's cities (city), fortress hexes (fortress), the four ports the brief names;
    other towns are name labels only (no city status: the rulebook does not say which are cities).
"""
from __future__ import annotations

import argparse
import math
import os
import sys
from collections import deque
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from modgen.hexgrid import Hex, Hexside  # noqa: E402
from modgen.model.maps import CODE_OF_TERRAIN, OWNED_DIRECTIONS  # noqa: E402

FIRST_COL, LAST_COL, FIRST_ROW, LAST_ROW = 10, 42, 11, 29
HEX_HEIGHT = 64
SQ = math.sqrt(3) / 2   # column spacing in hex heights

COUNTRIES = {"I": "italy", "A": "austria-hungary", "G": "germany", "S": "switzerland"}
NEUTRAL = ["switzerland"]

# -- rulebook facts (file 000 = The Italian Front rulebook; see docs/missing-data.md M3) --
RULEBOOK_CITIES = {  # hex: name  (000:L1108, L1150-1155, L1604; fortress lists)
    "1421": "Milano", "2326": "Bologna", "2721": "Venice", "2118": "Trient", "2019": "Riva",
    "3318": "Gorizia", "3419": "Trieste", "3423": "Pola", "3620": "Fiume", "3616": "Ljubljana",
}
RULEBOOK_FORTRESSES = ["1917", "2019", "2118", "2218", "3115", "3215", "3423",   # A-H, 000:L1172
                       "2320", "2419", "2716", "2721", "3016", "3018"]           # Italy, 000:L1194
PORTS = ["2721", "3419", "3423", "3620"]
# every hex the if_* scenarios use (set-up, fortress, devastation marker): must be land
RULEBOOK_LAND = sorted(set(RULEBOOK_CITIES) | set(RULEBOOK_FORTRESSES) | {
    "1321", "1322", "1722", "1817", "1818", "1819", "1820", "1918", "1919", "1920", "2020",
    "2119", "2120", "2121", "2122", "2215", "2314", "2318", "2321", "2420", "3214",
    "3118", "3119", "3217", "3218"})
RULEBOOK_COUNTRY = {
    # A-H: fortress and set-up hexes of A-H units (000:L1172 and 5-1 lists); German units in
    # 1915 (2314) may not be in Italy before August 1916 (3-9); 3119 is A-H (000:L1150)
    **{h: "austria-hungary" for h in ("1917", "1918", "1919", "2019", "2118", "2119", "2215",
                                      "2218", "2314", "3115", "3215", "3119", "3318", "3419",
                                      "3423", "3620", "3616")},
    # Italy: Italian fortresses and 1915 Italian set-up hexes (000:L1194 and 5-2 lists)
    **{h: "italy" for h in ("1421", "2326", "2721", "1817", "1818", "1819", "1820", "1920",
                            "2020", "2120", "2121", "2122", "2320", "2419", "2716", "3016",
                            "3018")},
}
SEEDS = {"italy": (45.46, 9.19), "austria-hungary": (46.06, 14.51),
         "switzerland": (46.95, 8.9), "germany": (47.55, 11.3)}
#: relief the kit's tint classification gets wrong at this scale (hex: relief, reason)
RELIEF_OVERRIDES = {
    "3318": ("hills", "Gorizia lies at the edge of the Friulian plain, hills to the north and east"),
}
#: the Carso (Karst) plateau between Gorizia and Trieste: rough, not hilly (lat/lon box)
RUGGED = [((45.55, 13.55), (45.88, 14.1))]

RIVERS = [  # name, major, waypoints (lat, lon) along the course, source: "kit" or "traced"
    ("Po", True, "kit", [(45.18, 8.0), (45.08, 9.0), (45.12, 10.0), (45.0, 10.29), (45.0, 10.69),
                         (45.07, 11.0), (45.0, 11.32), (44.98, 12.0), (45.0, 12.24), (44.97, 12.54)]),
    ("Adige", False, "kit", [(46.78, 10.53), (46.65, 11.0), (46.5, 11.33), (46.07, 11.12), (45.89, 11.04),
                             (45.77, 11.0), (45.44, 11.0), (45.19, 11.31), (45.14, 12.0), (45.16, 12.33)]),
    ("Piave", False, "kit", [(46.62, 12.72), (46.14, 12.22), (46.06, 12.0), (46.0, 11.97), (45.87, 12.0),
                             (45.72, 12.46), (45.53, 12.72)]),
    ("Tagliamento", False, "traced", [(46.42, 12.58), (46.42, 12.80), (46.40, 13.02), (46.33, 13.12),
                                      (46.24, 13.06), (46.17, 12.94), (46.05, 12.92), (45.92, 12.93),
                                      (45.78, 13.0), (45.64, 13.10)]),
    ("Isonzo", False, "traced", [(46.38, 13.75), (46.33, 13.56), (46.25, 13.58), (46.18, 13.73),
                                 (46.09, 13.64), (45.95, 13.63), (45.89, 13.50), (45.85, 13.47),
                                 (45.72, 13.55)]),
    ("Drava", False, "kit", [(46.74, 12.24), (46.80, 12.8), (46.74, 13.0), (46.62, 13.85),
                             (46.59, 14.0), (46.62, 14.53), (46.60, 15.0), (46.38, 16.0)]),
    ("Sava", False, "kit", [(46.28, 14.0), (46.12, 15.0), (46.0, 15.34), (45.79, 16.0)]),
    ("Inn", False, "kit", [(46.62, 10.0), (47.0, 10.58), (47.29, 11.0), (47.49, 12.0), (47.53, 12.1)]),
    ("Brenta", False, "traced", [(46.05, 11.60), (45.90, 11.68), (45.77, 11.73), (45.54, 11.78),
                                 (45.41, 12.01), (45.19, 12.28)]),
    ("Mincio", False, "kit", [(45.45, 10.69), (45.35, 10.74), (45.16, 10.79), (45.07, 10.98)]),
    ("Adda", False, "kit", [(45.81, 9.41), (45.50, 9.50), (45.31, 9.50), (45.19, 9.79), (45.13, 9.88)]),
    ("Ticino", False, "kit", [(45.73, 8.62), (45.25, 9.0), (45.14, 9.22)]),
]
RIVER_TOLERANCE = 0.12  # degrees: a kit river piece belongs to a river if all its points are this close

# main 1915 rail lines: (name, track, towns); a town is a rulebook city name or a (lat, lon) pair
TOWNS = {
    "Torino-dir": (45.07, 7.68), "Novara": (45.45, 8.62), "Como": (45.81, 9.08),
    "Bergamo": (45.70, 9.67), "Brescia": (45.54, 10.22), "Verona": (45.44, 10.99),
    "Vicenza": (45.55, 11.55), "Padova": (45.41, 11.88), "Mestre": (45.49, 12.24),
    "Treviso": (45.67, 12.24), "Conegliano": (45.89, 12.30), "Udine": (46.06, 13.24),
    "Cormons": (45.96, 13.47), "Monfalcone": (45.81, 13.53), "Piacenza": (45.05, 9.69),
    "Parma": (44.80, 10.33), "Modena": (44.65, 10.93), "Ferrara": (44.84, 11.62),
    "Rovigo": (45.07, 11.79), "Mantova": (45.16, 10.79), "Rovereto": (45.89, 11.04),
    "Bozen": (46.50, 11.35), "Brixen": (46.72, 11.66), "Brenner": (47.00, 11.51),
    "Innsbruck": (47.27, 11.39), "Gemona": (46.27, 13.14), "Pontebba": (46.50, 13.30),
    "Tarvis": (46.50, 13.58), "Villach": (46.61, 13.85), "Klagenfurt": (46.62, 14.31),
    "Assling": (46.44, 14.06), "Krainburg": (46.24, 14.36),
    "Opcina": (45.69, 13.79), "St Peter": (45.76, 14.21), "Divaca": (45.68, 13.97),
    "Pisino": (45.24, 13.94), "Belluno": (46.14, 12.22), "Feltre": (46.02, 11.91),
    "Bassano": (45.77, 11.73),
    "Ravenna": (44.42, 12.20), "Faenza": (44.29, 11.88), "Lienz": (46.83, 12.77),
    "Franzensfeste": (46.79, 11.61), "Karlstadt-dir": (45.49, 15.55), "Agram-dir": (45.81, 15.9),
    "Sondrio": (46.17, 9.87), "Lecco": (45.85, 9.39), "Schio": (45.71, 11.36),
    # beyond the map: lines are clipped where they leave it (map-edge rail hexes, rule 15/25-7)
    "Zidani Most": (46.08, 15.17), "Cilli": (46.23, 15.26), "Marburg": (46.56, 15.65),
    "Graz-dir": (47.07, 15.44), "Unterdrauburg": (46.65, 14.98), "Spittal": (46.80, 13.50),
    "Schwarzach-dir": (47.32, 13.15), "Landeck": (47.14, 10.57), "Bludenz": (47.15, 9.82),
    "Porretta": (44.15, 10.98), "Pistoia-dir": (43.93, 10.91), "Rimini": (44.06, 12.57),
    "Ancona-dir": (43.62, 13.51), "Genova": (44.41, 8.93),
}
RAILS = [
    ("Milano-Verona-Venice", "double", ["Milano", "Bergamo", "Brescia", "Verona", "Vicenza", "Padova", "Mestre", "Venice"]),
    ("Mestre-Udine-Cormons", "double", ["Mestre", "Treviso", "Conegliano", "Udine", "Cormons", "Gorizia"]),
    ("Gorizia-Trieste", "double", ["Gorizia", "Opcina", "Trieste"]),
    ("Cormons-Monfalcone-Trieste", "single", ["Udine", "Monfalcone", "Trieste"]),
    ("Verona-Trient-Brenner", "double", ["Verona", "Rovereto", "Trient", "Bozen", "Franzensfeste", "Brenner", "Innsbruck"]),
    ("Bologna-Padova", "double", ["Bologna", "Ferrara", "Rovigo", "Padova"]),
    ("Milano-Bologna", "double", ["Milano", "Piacenza", "Parma", "Modena", "Bologna"]),
    ("Milano-Torino", "double", ["Milano", "Novara", "Torino-dir"]),
    ("Udine-Tarvis-Villach", "single", ["Udine", "Gemona", "Pontebba", "Tarvis", "Villach"]),
    ("Trieste-Ljubljana", "double", ["Trieste", "Divaca", "St Peter", "Ljubljana"]),
    ("Ljubljana-Cilli-Marburg (Suedbahn)", "double", ["Ljubljana", "Zidani Most", "Cilli", "Marburg", "Graz-dir"]),
    ("Zidani Most-Agram", "single", ["Zidani Most", "Agram-dir"]),
    ("Klagenfurt-Marburg", "single", ["Klagenfurt", "Unterdrauburg", "Marburg"]),
    ("Villach-Tauern", "single", ["Villach", "Spittal", "Schwarzach-dir"]),
    ("Innsbruck-Arlberg", "single", ["Innsbruck", "Landeck", "Bludenz"]),
    ("Bologna-Pistoia (Porrettana)", "single", ["Bologna", "Porretta", "Pistoia-dir"]),
    ("St Peter-Fiume", "single", ["St Peter", "Fiume"]),
    ("Fiume-Karlstadt", "single", ["Fiume", "Karlstadt-dir", "Agram-dir"]),
    ("Trieste-Pola", "single", ["Divaca", "Pisino", "Pola"]),
    ("Villach-Klagenfurt", "double", ["Villach", "Klagenfurt"]),
    ("Tarvis-Assling-Ljubljana", "single", ["Tarvis", "Assling", "Krainburg", "Ljubljana"]),
    ("Franzensfeste-Lienz-Villach", "single", ["Franzensfeste", "Lienz", "Villach"]),
    ("Verona-Mantova-Modena", "single", ["Verona", "Mantova", "Modena"]),
    ("Bologna-Rimini-Ancona", "double", ["Bologna", "Faenza", "Rimini", "Ancona-dir"]),
    ("Padova-Bassano-Feltre-Belluno", "single", ["Padova", "Bassano", "Feltre", "Belluno"]),
    ("Conegliano-Belluno", "single", ["Conegliano", "Belluno"]),
    ("Vicenza-Schio", "single", ["Vicenza", "Schio"]),
    ("Milano-Lecco-Sondrio", "single", ["Milano", "Lecco", "Sondrio"]),
    ("Milano-Como", "single", ["Milano", "Como"]),
    ("Milano-Genova", "double", ["Milano", "Genova"]),
]
#: name labels (no game effect) for orientation
LABELS = ["Verona", "Padova", "Vicenza", "Treviso", "Udine", "Brescia", "Bergamo", "Mantova",
          "Ferrara", "Parma", "Modena", "Piacenza", "Innsbruck", "Bozen", "Villach", "Klagenfurt",
          "Belluno", "Tarvis", "Ravenna", "Feltre", "Bassano", "Como"]


# --------------------------------------------------------------------------- geometry


class Kit:
    def __init__(self, path: Path):
        self.data = yaml.safe_load(path.read_text(encoding="utf-8"))
        t = self.data["transform"]
        self.tc, self.ty = t["col"], t["y"]
        self.hexes = {str(k).zfill(4): v for k, v in self.data["hexes"].items()}

    def to_xy(self, lat: float, lon: float) -> tuple[float, float]:
        """(X, Y) in hex heights: X = col * sqrt(3)/2, Y = kit y (row + 0.5 for even columns)."""
        col = self.tc[0] * lon + self.tc[1] * lat + self.tc[2]
        y = self.ty[0] * lon + self.ty[1] * lat + self.ty[2]
        return col * SQ, y

    def hex_of(self, lat: float, lon: float) -> Hex:
        return nearest_hex(*self.to_xy(lat, lon))


def centre(h: Hex) -> tuple[float, float]:
    return h.col * SQ, h.row + (0.5 if h.col % 2 == 0 else 0.0)


def nearest_hex(x: float, y: float) -> Hex:
    c = x / SQ
    best = None
    for col in (math.floor(c), math.ceil(c)):
        for row in (math.floor(y - (0.5 if col % 2 == 0 else 0)), math.ceil(y - (0.5 if col % 2 == 0 else 0))):
            h = Hex(col, row)
            cx, cy = centre(h)
            dd = (cx - x) ** 2 + (cy - y) ** 2
            if best is None or dd < best[0]:
                best = (dd, h)
    return best[1]


def seg_cross(p1, p2, q1, q2) -> bool:
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    d1, d2 = orient(q1, q2, p1), orient(q1, q2, p2)
    d3, d4 = orient(p1, p2, q1), orient(p1, p2, q2)
    return (d1 > 0) != (d2 > 0) and (d3 > 0) != (d4 > 0)


def crossings(p1, p2, line) -> int:
    n = 0
    for q1, q2 in zip(line, line[1:]):
        if (max(q1[0], q2[0]) < min(p1[0], p2[0]) or min(q1[0], q2[0]) > max(p1[0], p2[0])
                or max(q1[1], q2[1]) < min(p1[1], p2[1]) or min(q1[1], q2[1]) > max(p1[1], p2[1])):
            continue
        if seg_cross(p1, p2, q1, q2):
            n += 1
    return n


def inside(pt, poly) -> bool:
    x, y = pt
    res = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            res = not res
    return res


def dist_to_path(pt, path) -> float:
    """Distance in degrees (longitude scaled by cos(lat)) from (lat, lon) to a waypoint path."""
    k = math.cos(math.radians(45.5))
    px, py = pt[1] * k, pt[0]
    best = 1e9
    for (a_lat, a_lon), (b_lat, b_lon) in zip(path, path[1:]):
        ax, ay, bx, by = a_lon * k, a_lat, b_lon * k, b_lat
        vx, vy = bx - ax, by - ay
        ll = vx * vx + vy * vy
        t = 0.0 if ll == 0 else max(0.0, min(1.0, ((px - ax) * vx + (py - ay) * vy) / ll))
        best = min(best, math.hypot(px - ax - t * vx, py - ay - t * vy))
    return best


def hex_line(a: Hex, b: Hex) -> list[Hex]:
    """Hexes on the straight line from a to b (cube lerp), each adjacent to the next."""
    n = a.distance(b)
    if n == 0:
        return [a]
    (ax, ay), (bx, by) = centre(a), centre(b)
    out = [a]
    for i in range(1, n + 1):
        t = i / n
        # nudge to break ties deterministically
        h = nearest_hex(ax + (bx - ax) * t + 1e-6, ay + (by - ay) * t + 2e-6)
        if h != out[-1]:
            if out[-1].direction_to(h) is None:  # diagonal jump: insert a shared neighbour
                common = [x for x in out[-1].neighbours() if h.direction_to(x) is not None]
                out.append(min(common))
            out.append(h)
    return out


# --------------------------------------------------------------------------- the map


def build(kit: Kit) -> dict:
    all_hexes = [Hex(c, r) for r in range(FIRST_ROW, LAST_ROW + 1) for c in range(FIRST_COL, LAST_COL + 1)]
    on_map = [h for h in all_hexes if h.id in kit.hexes]
    on = set(on_map)
    relief = {h: RELIEF_OVERRIDES.get(h.id, (kit.hexes[h.id]["relief"],))[0] for h in on_map}
    land = {h: (kit.hexes[h.id]["land_fraction"] >= 0.5 and relief[h] not in ("sea",)) or h.id in RULEBOOK_LAND
            for h in on_map}

    # a port needs a water neighbour: the least-land neighbour becomes sea (Trieste: 3319)
    for hid in PORTS:
        h = Hex.parse(hid)
        if not any(n in on and not land[n] for n in h.neighbours()):
            n = min((n for n in h.neighbours() if n in on and n.id not in RULEBOOK_LAND),
                    key=lambda n: (kit.hexes[n.id]["land_fraction"], n))
            land[n] = False

    # -- countries: flood fill behind frontier lines --
    def xy_line(item):
        return [(c * SQ, y) for c, y in item["hex"]]
    frontiers = [xy_line(kit.data["border_1915"])]
    for b in kit.data["modern_borders"]:
        lats = [p[0] for p in b["latlon"]]
        lons = [p[1] for p in b["latlon"]]
        swiss = max(lons) <= 10.6 and min(lats) >= 45.8          # Swiss frontiers
        bavarian = min(lats) >= 47.2 and 9.4 <= min(lons) and max(lons) <= 13.1  # Germany-Austria
        if swiss or bavarian:
            frontiers.append(xy_line(b))

    def barrier(a: Hex, b: Hex) -> bool:
        return any(crossings(centre(a), centre(b), f) % 2 == 1 for f in frontiers)

    country: dict[Hex, str] = {}
    for nation, (lat, lon) in SEEDS.items():
        start = kit.hex_of(lat, lon)
        queue = deque([start])
        country.setdefault(start, nation)
        while queue:
            h = queue.popleft()
            for n in h.neighbours():
                if n in on and land[n] and n not in country and not barrier(h, n):
                    country[n] = nation
                    queue.append(n)
    for hid, nation in RULEBOOK_COUNTRY.items():
        country[Hex.parse(hid)] = nation
    for h in on_map:
        if land[h] and h not in country:
            # islands and pockets: the country of the nearest assigned land hex
            best = min((x for x in country), key=lambda x: (h.distance(x), x))
            country[h] = country[best]

    # -- hexside terrain --
    cls = {"lowland": 0, "hills": 1, "mountain": 3, "high_mountain": 3, "water": 0, "sea": 0}
    names = {0: "clear", 1: "hilly", 2: "rough", 3: "mountain"}
    level: dict[Hex, int] = {}
    for h in on_map:
        info = kit.hexes[h.id]
        lv = cls[relief[h]]
        if lv <= 1 and any(lo[0] <= info["lat"] <= hi[0] and lo[1] <= info["lon"] <= hi[1] for lo, hi in RUGGED):
            lv = 2
        level[h] = lv
    lakes = [[(c * SQ, y) for c, y in lk["hex"]] for lk in kit.data["lakes"] if len(lk["hex"]) >= 8]

    def lake_fraction(a: Hex, b: Hex) -> float:
        (ax, ay), (bx, by) = centre(a), centre(b)
        n = 20
        hits = sum(1 for i in range(n) if any(inside((ax + (bx - ax) * (i + .5) / n, ay + (by - ay) * (i + .5) / n), lk)
                                               for lk in lakes))
        return hits / n

    terrain: dict[Hexside, str] = {}
    for h in on_map:
        for d in range(6):
            n = h.neighbour(d)
            if n not in on:
                continue
            s = Hexside.of(h, n)
            if s in terrain:
                continue
            if not land[h] or not land[n]:
                t = "ocean"
            elif lake_fraction(h, n) >= 0.3:
                t = "lake"
            elif relief[h] == "high_mountain" and relief[n] == "high_mountain":
                t = "alpine"
            else:
                t = names[max(level[h], level[n])]
            terrain[s] = t

    # -- rivers --
    kit_rivers = kit.data["rivers"]
    river_sides: dict[str, tuple[bool, list[Hexside]]] = {}
    for name, major, how, path in RIVERS:
        if how == "kit":
            pieces = [[(c * SQ, y) for c, y in r["hex"]] for r in kit_rivers
                      if all(dist_to_path(p, path) <= RIVER_TOLERANCE for p in r["latlon"])]
        else:
            pieces = [[kit.to_xy(lat, lon) for lat, lon in path]]
        sides = []
        for s, t in sorted(terrain.items()):
            if t in ("ocean", "lake"):
                continue
            if sum(crossings(centre(s.a), centre(s.b), p) for p in pieces) % 2 == 1:
                sides.append(s)
        river_sides[name] = (major, sides)
    taken: set[Hexside] = set()
    for name in [r[0] for r in RIVERS]:  # a hexside belongs to the first river listed (Po first)
        major, sides = river_sides[name]
        river_sides[name] = (major, [s for s in sides if s not in taken])
        taken.update(river_sides[name][1])

    # -- rails --
    def town_hex(t: str) -> Hex:
        for hid, nm in RULEBOOK_CITIES.items():
            if nm == t:
                return Hex.parse(hid)
        return kit.hex_of(*TOWNS[t])
    rails = []
    for name, track, towns in RAILS:
        chain: list[Hex] = []
        for a, b in zip(towns, towns[1:]):
            seg = hex_line(town_hex(a), town_hex(b))
            chain.extend(seg if not chain else seg[1:])
        chain = [h for h in chain]
        # cut at the map edge / water: keep the longest run of land hexes on the map
        runs, cur = [], []
        for h in chain:
            if h in on and land[h]:
                cur.append(h)
            else:
                if len(cur) > 1:
                    runs.append(cur)
                cur = []
        if len(cur) > 1:
            runs.append(cur)
        for i, run in enumerate(runs):
            # a chain must not cross a hexside twice
            seen, clean = set(), [run[0]]
            for a, b in zip(run, run[1:]):
                s = Hexside.of(a, b)
                if s in seen or b in clean:
                    continue
                seen.add(s)
                clean.append(b)
            if len(clean) > 1:
                rails.append((name if len(runs) == 1 else f"{name} ({i + 1})", track, clean))

    # -- places --
    places: dict[str, str] = {}
    for hid in sorted(set(RULEBOOK_CITIES) | set(RULEBOOK_FORTRESSES) | set(PORTS)):
        tags = []
        if hid in RULEBOOK_CITIES:
            tags.append("city")
        if hid in PORTS:
            tags.append("port")
        if hid in RULEBOOK_FORTRESSES:
            tags.append("fortress")
        places[hid] = f"{RULEBOOK_CITIES.get(hid, '')} ({', '.join(tags)})".strip()
    for t in LABELS:
        h = kit.hex_of(*TOWNS[t])
        if h in on and land[h] and h.id not in places:
            places[h.id] = t

    return {"on": on, "land": land, "country": country, "terrain": terrain,
            "rivers": river_sides, "rails": rails, "places": places}


# --------------------------------------------------------------------------- output

HEADER = """\
# Map 6-4, The Italian Front: SCHEMATIC, generated by tools/make_map_6_4.py from
# ../shared/data/geography/italian-front.yaml. Do not edit by hand: change the script and rerun
#     python3 tools/make_map_6_4.py
# No rulebook prints this map. Hex numbers match every hex the rulebook names; terrain, rivers,
# rails and borders follow real geography at the printed 20 km scale and are approximate.
#
# NOTATION (modgen/model/maps.py)
#   grid:      printed extent (first/last column and row) and hex height in pixels.
#   countries: one-letter code -> nation id; neutral: neutral nations (rules 10-6, 14-12).
#   hexes:     one line per printed row; one character per column, first_col..last_col:
#              a country code = land hex of that country, ~ = sea, = = lake, . = not on the map.
#   hexsides:  one line per printed row; per column a 3-letter token: the terrain of the hex's
#              N, NE and SE hexsides (each hexside is written once; S, SW, NW belong to the
#              neighbours). . = no hexside (neighbour not on the map).
#              c clear, b broken, h hilly, w woods, s swamp, r rough, W wooded rough,
#              m mountain, a alpine, u urban, U suburban, o ocean, l lake.
#   rivers:    hexsides as CCRR/CCRR (two adjacent hexes) or CCRR:DIR,DIR (N NE SE S SW NW);
#              major: true for a major river.
#   rails:     a chain of adjacent hexes; the line crosses each hexside between consecutive
#              hexes (centre to centre). track: double ("Rail Line") or single ("Single Track").
#   places:    "CCRR": "Name (city, capital, port, fortress)".
#   image:     (optional) a scanned printed map {file, x0, y0, dx, dy} used instead of the drawn
#              art: (x0, y0) = pixel centre of hex (first_col, first_row), dx/dy = VASSAL HexGrid.
#   National borders are derived: a hexside between land hexes of different countries.
"""


def to_yaml(m: dict, about: str) -> str:
    code_of = {v: k for k, v in COUNTRIES.items()}
    out = [HEADER, 'id: "6-4"', 'name: "The Italian Front"', "provenance:", "  kind: schematic",
           "  reason: >-"]
    reason = ("No rulebook prints map 6-4. Schematic map at the printed 20 km scale whose hex numbers "
              "match every hex the rulebook names; land, relief, coast, lakes, rivers and the 1915 "
              "frontier come from the geography kit (relief and frontier approximate); the Tagliamento, "
              "Isonzo and Brenta are traced from the towns on their banks; rail lines and double/single track "
              "are approximate; only the rulebook's cities are cities (other names are labels). "
              "Rulebook hexes (set-up, fortress, city, devastation) are forced to land and to the "
              "country the rulebook implies.")
    out += _wrap(reason, "    ")
    out.append("  sources:")
    for s in [about, "The Italian Front rulebook (file 000): hex numbers of cities, fortresses, set-ups",
              "tools/make_map_6_4.py (the conversion rules)"]:
        out.append("    - >-")
        out += _wrap(s, "      ")
    out.append(f"grid: {{first_col: {FIRST_COL}, last_col: {LAST_COL}, first_row: {FIRST_ROW}, "
               f"last_row: {LAST_ROW}, hex_height: {HEX_HEIGHT}}}")
    out.append("countries: {" + ", ".join(f"{k}: {v}" for k, v in COUNTRIES.items()) + "}")
    out.append("neutral: [" + ", ".join(NEUTRAL) + "]")
    cols = range(FIRST_COL, LAST_COL + 1)
    out.append("hexes:")
    out.append('#tens "' + "".join(str(c // 10) for c in cols) + '"')
    out.append('#unit "' + "".join(str(c % 10) for c in cols) + '"')
    for r in range(FIRST_ROW, LAST_ROW + 1):
        row = ""
        for c in range(FIRST_COL, LAST_COL + 1):
            h = Hex(c, r)
            if h not in m["on"]:
                row += "."
            elif not m["land"][h]:
                row += "~"
            else:
                row += code_of[m["country"][h]]
        out.append(f'  {r}: "{row}"')
    out.append("hexsides:")
    out.append('#col  "' + "".join(f"{c:02d}  " for c in cols).rstrip() + '"')
    for r in range(FIRST_ROW, LAST_ROW + 1):
        toks = []
        for c in range(FIRST_COL, LAST_COL + 1):
            h = Hex(c, r)
            tok = ""
            for d in OWNED_DIRECTIONS:
                n = h.neighbour(d)
                if h not in m["on"] or n not in m["on"]:
                    tok += "."
                else:
                    tok += CODE_OF_TERRAIN[m["terrain"][Hexside.of(h, n)]]
            toks.append(tok)
        out.append(f'  {r}: "{" ".join(toks)}"')
    out.append("rivers:")
    for name, (major, sides) in m["rivers"].items():
        if not sides:
            continue
        out.append(f"  - name: {name}")
        out.append(f"    major: {'true' if major else 'false'}")
        out.append("    hexsides: >-")
        out += _wrap(" ".join(f"{s.a.id}/{s.b.id}" for s in sides), "      ")
    out.append("rails:")
    for name, track, chain in m["rails"]:
        out.append(f'  - name: "{name}"')
        out.append(f"    track: {track}")
        out.append("    hexes: >-")
        out += _wrap(" ".join(h.id for h in chain), "      ")
    out.append("places:")
    for hid in sorted(m["places"]):
        out.append(f'  "{hid}": "{m["places"][hid]}"')
    return "\n".join(out) + "\n"


def _wrap(text: str, indent: str, width: int = 100) -> list[str]:
    lines, line = [], ""
    for w in text.split():
        if line and len(indent) + len(line) + 1 + len(w) > width:
            lines.append(indent + line)
            line = w
        else:
            line = f"{line} {w}".strip()
    if line:
        lines.append(indent + line)
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kit", default=str(ROOT.parent / "shared" / "data" / "geography" / "italian-front.yaml"))
    ap.add_argument("--out", default=str(ROOT / "maps" / "6-4.yaml"))
    args = ap.parse_args(argv)
    kit = Kit(Path(args.kit))
    m = build(kit)
    text = to_yaml(m, " ".join(str(kit.data["about"]).split()))
    out = Path(args.out)
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, out)          # no half-written map after a failure
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
