"""Shared library of the schematic map generator: geography kit -> map notation (maps/<id>.yaml).

No rulebook prints the Der Weltkrieg maps. A *geography kit* (../shared/data/geography/) fits real
geography to the hex numbers the rulebooks name; a *sheet config* (tools/sheets/s<id>.py) lists
every choice made for one sheet (extent, rulebook facts with their lines, rivers, rails, labels);
this module does the work the same way for every sheet, so the maps are reproducible and
reviewable. ``tools/make_map.py SHEET`` runs it (``tools/make_map_6_4.py`` is the same for 6-4).

Method (each step is a function below; the sheet config can only change the data, not the method)
  * extent: the config's first/last column and row; hexes the kit does not cover are off the map.
  * land: kit ``land_fraction`` >= 0.5, plus every hex the rulebook uses (RULEBOOK_LAND); a port
    with no water neighbour gets its least-land neighbour as sea; FORCED_WATER hexes are water.
  * country: ``kit`` = the kit's 1914 country at the hex centre (hand-drawn polygons), mapped by
    KIT_COUNTRIES; ``flood`` (6-4, whose kit has no per-hex country) = flood fill from seed towns
    that never crosses a frontier line. Then the rulebook's statements (RULEBOOK_COUNTRY) win; land
    hexes without a country take the nearest assigned one.
  * hexside terrain: the rougher of the two hexes' relief classes (RELIEF_LEVEL), ``alpine`` only
    between two high-mountain hexes when ALPINE_CREST; RUGGED boxes lift lowland/hills to rough;
    TERRAIN_REGIONS (polygons) set a terrain where the kit has no land-cover data (e.g. the Pripet
    marshes); land/sea hexsides are ocean; >= 30 % of the centre-to-centre segment in a kit lake is
    lake; URBAN hexsides (rulebook cities with urban hexsides) are urban.
  * rivers: a hexside carries a river when the river's course crosses the segment joining the two
    hex centres an odd number of times. A course is the kit's (unnamed, WDBII) pieces lying along
    the river's waypoints (``kit``), or the waypoints themselves (``traced``). A hexside belongs to
    the first river listed. RIVER_FORCED / RIVER_REMOVED apply rulebook statements (errata).
  * rails: chains of towns or rulebook hexes (a 4-digit waypoint is that hex), joined hex to hex
    along the straight line; double/single track is approximate. Where a chain leaves the sheet the
    last hex on the sheet is a map-edge rail exit (when RAIL_EXITS).
  * lines: named lines drawn on hexsides (the 1919 border of 11-31): a hexside is on the line when
    the polyline crosses its centre-to-centre segment an odd number of times.
  * places: the rulebook's cities (city/capital), fortress hexes, ports; other towns are labels only.
"""
from __future__ import annotations

import math
import os
from collections import deque
from pathlib import Path
from types import ModuleType

import yaml

ROOT = Path(__file__).resolve().parents[1]
KITS = ROOT.parent / "shared" / "data" / "geography"

import sys  # noqa: E402

sys.path.insert(0, str(ROOT))

from modgen.hexgrid import DIRECTIONS, Hex, Hexside  # noqa: E402
from modgen.model.maps import CODE_OF_TERRAIN, OWNED_DIRECTIONS  # noqa: E402

SQ = math.sqrt(3) / 2   # column spacing in hex heights


# --------------------------------------------------------------------------- the kit


class Kit:
    """A geography kit: the lon/lat -> (col, y) transform and the per-hex data."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self.data = yaml.safe_load(self.path.read_text(encoding="utf-8"))
        t = self.data["transform"]
        self.tc, self.ty = t["col"], t["y"]
        self.projection = t.get("projection")
        if self.projection is not None:
            p = self.projection
            if p.get("kind") != "lambert_conformal_conic_sphere":
                raise SystemExit(f"{path}: unknown projection {p.get('kind')!r}")
            self._n = p["n"]
            self._lon0 = math.radians(p["lon0"])
            phi0 = math.radians(p["lat_origin"])
            # one-parameter Lambert conformal conic of the sphere: rho = R F / tan^n(pi/4 + phi/2),
            # F = cos(phi0) tan^n(pi/4 + phi0/2) / n (reproduces the kit's hex centres to 0.01 hex)
            self._F = math.cos(phi0) * math.tan(math.pi / 4 + phi0 / 2) ** self._n / self._n
            self._R = p["R_km"]
            self._rho0 = self._R * self._F / math.tan(math.pi / 4 + phi0 / 2) ** self._n
        self.hexes = {str(k).zfill(4): v for k, v in self.data["hexes"].items()}

    def plane(self, lat: float, lon: float) -> tuple[float, float]:
        """The coordinates the affine part of the transform reads: (lon, lat) or the conic (X, Y)."""
        if self.projection is None:
            return lon, lat
        phi = math.radians(lat)
        rho = self._R * self._F / math.tan(math.pi / 4 + phi / 2) ** self._n
        th = self._n * (math.radians(lon) - self._lon0)
        return rho * math.sin(th), self._rho0 - rho * math.cos(th)

    def col_y(self, lat: float, lon: float) -> tuple[float, float]:
        a, b = self.plane(lat, lon)
        return (self.tc[0] * a + self.tc[1] * b + self.tc[2], self.ty[0] * a + self.ty[1] * b + self.ty[2])

    def to_xy(self, lat: float, lon: float) -> tuple[float, float]:
        """(X, Y) in hex heights: X = col * sqrt(3)/2, Y = kit y (row + 0.5 for even columns)."""
        col, y = self.col_y(lat, lon)
        return col * SQ, y

    def hex_of(self, lat: float, lon: float) -> Hex:
        return nearest_hex(*self.to_xy(lat, lon))


def load_kit(name: str, kit_dir: Path | None = None) -> Kit:
    return Kit(Path(kit_dir or KITS) / name)


# --------------------------------------------------------------------------- geometry


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


def dist_to_path(pt, path, ref_lat: float = 45.5) -> float:
    """Distance in degrees (longitude scaled by cos(ref_lat)) from (lat, lon) to a waypoint path."""
    k = math.cos(math.radians(ref_lat))
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


def get(cfg: ModuleType, name: str, default=None):
    return getattr(cfg, name, default)


# --------------------------------------------------------------------------- the map


def build(cfg: ModuleType, kit: Kit) -> dict:
    first_col, last_col, first_row, last_row = cfg.FIRST_COL, cfg.LAST_COL, cfg.FIRST_ROW, cfg.LAST_ROW
    cities = cfg.RULEBOOK_CITIES
    fortresses = cfg.RULEBOOK_FORTRESSES
    ports = cfg.PORTS
    capitals = get(cfg, "CAPITALS", [])
    rulebook_land = cfg.RULEBOOK_LAND
    all_hexes = [Hex(c, r) for r in range(first_row, last_row + 1) for c in range(first_col, last_col + 1)]
    on_map = [h for h in all_hexes if h.id in kit.hexes]
    on = set(on_map)
    relief_overrides = get(cfg, "RELIEF_OVERRIDES", {})
    relief = {h: relief_overrides.get(h.id, (kit.hexes[h.id]["relief"],))[0] for h in on_map}
    forced_water = set(get(cfg, "FORCED_WATER", ()))
    land = {h: ((kit.hexes[h.id]["land_fraction"] >= 0.5 and relief[h] not in ("sea",)) or h.id in rulebook_land)
            and h.id not in forced_water for h in on_map}

    # a port needs a water neighbour: the least-land neighbour becomes sea (Trieste: 3319)
    for hid in ports:
        h = Hex.parse(hid)
        if not any(n in on and not land[n] for n in h.neighbours()):
            n = min((n for n in h.neighbours() if n in on and n.id not in rulebook_land),
                    key=lambda n: (kit.hexes[n.id]["land_fraction"], n))
            land[n] = False

    country = _countries(cfg, kit, on, on_map, land)

    # -- hexside terrain --
    cls = get(cfg, "RELIEF_LEVEL", {"lowland": 0, "hills": 1, "mountain": 3, "high_mountain": 3, "water": 0,
                                    "sea": 0})
    names = {0: "clear", 1: "hilly", 2: "rough", 3: "mountain"}
    alpine_crest = get(cfg, "ALPINE_CREST", True)
    rugged = get(cfg, "RUGGED", [])
    level: dict[Hex, int] = {}
    for h in on_map:
        info = kit.hexes[h.id]
        lv = cls[relief[h]]
        if lv <= 1 and any(lo[0] <= info["lat"] <= hi[0] and lo[1] <= info["lon"] <= hi[1] for lo, hi in rugged):
            lv = 2
        level[h] = lv
    regions = [(t, [kit.to_xy(lat, lon) for lat, lon in poly]) for t, poly, _why in get(cfg, "TERRAIN_REGIONS", [])]
    region_of: dict[Hex, str] = {}
    for h in on_map:
        for t, poly in regions:
            if inside(centre(h), poly):
                region_of[h] = t
                break
    lakes = [[(c * SQ, y) for c, y in lk["hex"]] for lk in kit.data["lakes"] if len(lk["hex"]) >= 8]
    urban = {Hexside.of(a, b) for a, b in get(cfg, "URBAN", [])}

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
            elif s in urban:
                t = "urban"
            elif alpine_crest and relief[h] == "high_mountain" and relief[n] == "high_mountain":
                t = "alpine"
            elif h in region_of and n in region_of and region_of[h] == region_of[n] and max(level[h], level[n]) <= 1:
                t = region_of[h]
            else:
                t = names[max(level[h], level[n])]
            terrain[s] = t

    river_sides = _rivers(cfg, kit, terrain)
    rails, exits = _rails(cfg, kit, on, land)
    lines = _lines(cfg, kit, terrain, land)

    # -- places --
    places: dict[str, str] = {}
    names = get(cfg, "NAMES", {})       # names of rulebook hexes that are not cities (a fortress)
    for hid in sorted(set(cities) | set(fortresses) | set(ports) | set(names)):
        tags = []
        if hid in cities:
            tags.append("capital" if hid in capitals else "city")
        if hid in ports:
            tags.append("port")
        if hid in fortresses:
            tags.append("fortress")
        label = cities.get(hid, names.get(hid, ''))
        places[hid] = f"{label} ({', '.join(tags)})".strip() if tags else label
    named = set(names.values())
    for t in cfg.LABELS:
        if t in named:
            continue                  # already on the rulebook hex the sheet config gives it
        h = kit.hex_of(*cfg.TOWNS[t])
        if h in on and land[h] and h.id not in places:
            places[h.id] = t

    return {"on": on, "land": land, "country": country, "terrain": terrain,
            "rivers": river_sides, "rails": rails, "places": places, "rail_exits": exits, "lines": lines}


def _countries(cfg, kit: Kit, on: set, on_map: list, land: dict) -> dict[Hex, str]:
    country: dict[Hex, str] = {}
    method = get(cfg, "COUNTRY_METHOD", "flood")
    if method == "flood":
        # -- countries: flood fill behind frontier lines --
        def xy_line(item):
            return [(c * SQ, y) for c, y in item["hex"]]
        frontiers = [xy_line(kit.data[k]) for k in cfg.FRONTIER_KEYS]
        for b in kit.data["modern_borders"]:
            if any(keep(b["latlon"]) for keep in cfg.MODERN_FRONTIERS):
                frontiers.append(xy_line(b))

        def barrier(a: Hex, b: Hex) -> bool:
            return any(crossings(centre(a), centre(b), f) % 2 == 1 for f in frontiers)

        for nation, (lat, lon) in cfg.SEEDS.items():
            start = kit.hex_of(lat, lon)
            queue = deque([start])
            country.setdefault(start, nation)
            while queue:
                h = queue.popleft()
                for n in h.neighbours():
                    if n in on and land[n] and n not in country and not barrier(h, n):
                        country[n] = nation
                        queue.append(n)
    elif method == "kit":
        names = cfg.KIT_COUNTRIES
        for h in on_map:
            k = kit.hexes[h.id].get("country_1914")
            if land[h] and k is not None:
                if k not in names:
                    raise SystemExit(f"{cfg.ID}: kit country {k!r} (hex {h.id}) has no nation in KIT_COUNTRIES")
                country[h] = names[k]
    else:
        raise SystemExit(f"{cfg.ID}: unknown COUNTRY_METHOD {method!r}")
    for hid, nation in cfg.RULEBOOK_COUNTRY.items():
        country[Hex.parse(hid)] = nation
    for h in on_map:
        if land[h] and h not in country:
            # islands and pockets: the country of the nearest assigned land hex
            best = min((x for x in country), key=lambda x: (h.distance(x), x))
            country[h] = country[best]
    return country


def _rivers(cfg, kit: Kit, terrain: dict[Hexside, str]) -> dict[str, tuple[bool, list[Hexside]]]:
    kit_rivers = kit.data["rivers"]
    tolerance = get(cfg, "RIVER_TOLERANCE", 0.12)
    ref_lat = get(cfg, "REF_LAT", 45.5)
    river_sides: dict[str, tuple[bool, list[Hexside]]] = {}
    for name, major, how, path in cfg.RIVERS:
        if how == "kit":
            pieces = [[(c * SQ, y) for c, y in r["hex"]] for r in kit_rivers
                      if all(dist_to_path(p, path, ref_lat) <= tolerance for p in r["latlon"])]
        elif how == "course":
            pieces = [[kit.to_xy(lat, lon) for lat, lon in river_course(kit_rivers, path, tolerance, ref_lat)]]
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
    for name in [r[0] for r in cfg.RIVERS]:  # a hexside belongs to the first river listed (Po first)
        major, sides = river_sides[name]
        river_sides[name] = (major, [s for s in sides if s not in taken])
        taken.update(river_sides[name][1])
    # rulebook statements about a river's hexsides win over the geography (map errata)
    for name, sides in get(cfg, "RIVER_REMOVED", {}).items():
        major, have = river_sides[name]
        gone = {Hexside.parse(s) for s in sides}
        river_sides[name] = (major, [s for s in have if s not in gone])
    for name, sides in get(cfg, "RIVER_FORCED", {}).items():
        major, have = river_sides[name]
        add = [Hexside.parse(s) for s in sides]
        others = {n: v for n, v in river_sides.items() if n != name}
        for n, (mj, ss) in others.items():
            river_sides[n] = (mj, [s for s in ss if s not in add])
        river_sides[name] = (major, sorted(set(have) | set(add)))
    return river_sides


def _ref_xy(cfg, ref: str) -> tuple[float, float]:
    """(X, Y) on this sheet of the centre of the hex ``ref`` = "SHEET:CCRR" (the sheets' lattice
    frame, cfg.FRAME: for one place col(B) = col(ref sheet) + dcol(B) - dcol(ref sheet), same for y)."""
    src, hid = ref.split(":")
    h = Hex.parse(hid)
    if src == cfg.ID:
        return centre(h)
    frame = cfg.FRAME
    if src not in frame or cfg.ID not in frame:
        raise SystemExit(f"{cfg.ID}: no lattice offset between sheets {src} and {cfg.ID} (FRAME)")
    (sc, sy), (dc, dy) = frame[src], frame[cfg.ID]
    x, y = centre(h)
    return (h.col - sc + dc) * SQ, y - sy + dy


def _project(pt, path, k: float) -> tuple[float, float]:
    """(position along the path, distance to it) of (lat, lon), in degrees (lon scaled by k)."""
    px, py = pt[1] * k, pt[0]
    best, pos, acc = 1e9, 0.0, 0.0
    for (a_lat, a_lon), (b_lat, b_lon) in zip(path, path[1:]):
        ax, ay, bx, by = a_lon * k, a_lat, b_lon * k, b_lat
        vx, vy = bx - ax, by - ay
        ll = vx * vx + vy * vy
        t = 0.0 if ll == 0 else max(0.0, min(1.0, ((px - ax) * vx + (py - ay) * vy) / ll))
        d = math.hypot(px - ax - t * vx, py - ay - t * vy)
        if d < best:
            best, pos = d, acc + t * math.sqrt(ll)
        acc += math.sqrt(ll)
    return pos, best


def river_course(pieces: list, path: list, tolerance: float, ref_lat: float) -> list[tuple[float, float]]:
    """One continuous course (lat, lon) for a named river through the kit's unnamed pieces.

    The pieces form a graph (ends closer than 0.03 degrees are one node; gaps up to 0.12 degrees
    may be jumped at three times the cost). The course is the cheapest way from the node nearest
    the start of the waypoint path to the node nearest its end, a piece costing its length times
    (1 + (distance from the waypoint path / tolerance)^2): it keeps to the river the waypoints
    describe and follows the kit's own bends. Empty when the river does not reach the kit's area.
    """
    import heapq
    k = math.cos(math.radians(ref_lat))

    def dist(p, q):
        return math.hypot((p[1] - q[1]) * k, p[0] - q[0])

    ends: list[tuple[float, float]] = []
    node_of_end: list[int] = []

    def node(p) -> int:
        for i, q in enumerate(ends):
            if dist(p, q) < 0.03:
                return i
        ends.append(p)
        return len(ends) - 1

    near = 4 * tolerance
    edges: dict[int, list[tuple[float, int, list]]] = {}
    for r in pieces:
        pts = [tuple(p) for p in r["latlon"]]
        if min(_project(p, path, k)[1] for p in pts) > near:
            continue
        cost = 0.0
        for a, b in zip(pts, pts[1:]):
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            d = _project(mid, path, k)[1]
            cost += dist(a, b) * (1 + (d / tolerance) ** 2)
        u, v = node(pts[0]), node(pts[-1])
        edges.setdefault(u, []).append((cost, v, pts))
        edges.setdefault(v, []).append((cost, u, pts[::-1]))
        node_of_end += [u, v]
    if not ends:
        return []
    for i, p in enumerate(ends):
        for j, q in enumerate(ends):
            if i < j and dist(p, q) <= 0.12:
                d = _project(((p[0] + q[0]) / 2, (p[1] + q[1]) / 2), path, k)[1]
                c = 3 * dist(p, q) * (1 + (d / tolerance) ** 2)
                edges.setdefault(i, []).append((c, j, [p, q]))
                edges.setdefault(j, []).append((c, i, [q, p]))
    proj = {i: _project(p, path, k) for i, p in enumerate(ends)}
    cands = sorted((pos, i) for i, (pos, d) in proj.items() if d <= tolerance)
    if len(cands) < 2:
        return []

    def search(start: int):
        best = {start: 0.0}
        prev: dict[int, tuple[int, list]] = {}
        heap = [(0.0, start)]
        while heap:
            c, u = heapq.heappop(heap)
            if c > best.get(u, 1e18):
                continue
            for w, v, pts in edges.get(u, ()):
                nc = c + w
                if nc < best.get(v, 1e18):
                    best[v] = nc
                    prev[v] = (u, pts)
                    heapq.heappush(heap, (nc, v))
        return prev

    # the start among the nodes nearest the path's beginning that reaches farthest along it
    found = None
    for _pos, start in cands[:8]:
        prev = search(start)
        reach = [(proj[v][0], v) for v in prev if proj[v][1] <= tolerance]
        if reach:
            span = max(reach)[0] - proj[start][0]
            if found is None or span > found[0]:
                found = (span, start, max(reach)[1], prev)
    if found is None:
        return []
    _span, start, goal, prev = found
    course: list = []
    v = goal
    while v != start:
        u, pts = prev[v]
        course = list(pts) + course[1:] if course else list(pts)
        v = u
    return course


def _town_hex(cfg, kit: Kit, t: str) -> Hex:
    if len(t) == 4 and t.isdigit():
        return Hex.parse(t)
    if ":" in t:
        return nearest_hex(*_ref_xy(cfg, t))
    for hid, nm in cfg.RULEBOOK_CITIES.items():
        if nm == t:
            return Hex.parse(hid)
    return kit.hex_of(*cfg.TOWNS[t])


def _rails(cfg, kit: Kit, on: set, land: dict) -> tuple[list, dict[str, list[str]]]:
    rails = []
    exits: dict[str, set[str]] = {}
    want_exits = get(cfg, "RAIL_EXITS", False)
    for name, track, towns in cfg.RAILS:
        chain: list[Hex] = []
        for a, b in zip(towns, towns[1:]):
            seg = hex_line(_town_hex(cfg, kit, a), _town_hex(cfg, kit, b))
            chain.extend(seg if not chain else seg[1:])
        chain = [h for h in chain]
        # cut at the map edge / water: keep the runs of land hexes on the map; a run that starts
        # or ends next to a hex off the sheet has a map-edge rail exit there
        runs, cur, cur_exits, single = [], [], [], []
        for i, h in enumerate(chain):
            if h in on and land[h]:
                if not cur and i > 0 and chain[i - 1] not in on:
                    cur_exits.append((h, chain[i - 1]))      # the line enters the sheet here
                cur.append(h)
            else:
                if h not in on and cur:
                    cur_exits.append((cur[-1], h))           # ... and leaves it here
                if len(cur) > 1:
                    runs.append((cur, cur_exits))
                elif cur and want_exits:
                    single.append(cur_exits)                 # one hex on the sheet: exits only
                cur, cur_exits = [], []
        if len(cur) > 1:
            runs.append((cur, cur_exits))
        elif cur and want_exits:
            single.append(cur_exits)
        for run_exits in single:
            for h, off in run_exits:
                _exit(exits, h, off)
        for i, (run, run_exits) in enumerate(runs):
            # a chain must not cross a hexside twice
            seen, clean = set(), [run[0]]
            for a, b in zip(run, run[1:]):
                if b in clean:
                    # the line comes back to a hex it passed (two waypoints in one hex): drop the loop
                    if a != clean[-1]:
                        continue
                    del clean[clean.index(b) + 1:]
                    continue
                if clean[-1].direction_to(b) is None:
                    continue
                s = Hexside.of(clean[-1], b)
                if s in seen:
                    continue
                seen.add(s)
                clean.append(b)
            if len(clean) > 1:
                rails.append((name if len(runs) == 1 else f"{name} ({i + 1})", track, clean))
                if want_exits:
                    for h, off in run_exits:
                        if h in clean:
                            _exit(exits, h, off)
    return rails, {h: sorted(ds, key=DIRECTIONS.index) for h, ds in sorted(exits.items())}


def _exit(exits: dict, h: Hex, off: Hex) -> None:
    d = h.direction_to(off)
    if d is not None:
        exits.setdefault(h.id, set()).add(DIRECTIONS[d])


def _lines(cfg, kit: Kit, terrain: dict, land: dict) -> list[tuple[str, str, list[Hexside]]]:
    out = []
    for name, rule, path in get(cfg, "LINES", []):
        pts = [_ref_xy(cfg, p) if isinstance(p, str) else kit.to_xy(*p) for p in path]
        sides = [s for s, t in sorted(terrain.items())
                 if t not in ("ocean", "lake") and land[s.a] and land[s.b]
                 and crossings(centre(s.a), centre(s.b), pts) % 2 == 1]
        out.append((name, rule, sides))
    return out


# --------------------------------------------------------------------------- output

NOTATION = """\
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
"""
NOTATION_EXTRA = """\
#   rail_exits: "CCRR": "DIR,DIR" -- the hex where a rail line leaves the sheet across its DIR
#              hexside(s) (map-edge rail hexes: reinforcement and off-map rail rules).
#   lines:     named lines drawn along hexsides (e.g. the 1919 border of Russia, 11-31).
"""
NOTATION_END = """\
#   places:    "CCRR": "Name (city, capital, port, fortress)".
#   image:     (optional) a scanned printed map {file, x0, y0, dx, dy} used instead of the drawn
#              art: (x0, y0) = pixel centre of hex (first_col, first_row), dx/dy = VASSAL HexGrid.
#   National borders are derived: a hexside between land hexes of different countries.
"""


def to_yaml(cfg: ModuleType, m: dict, about: str) -> str:
    first_col, last_col, first_row, last_row = cfg.FIRST_COL, cfg.LAST_COL, cfg.FIRST_ROW, cfg.LAST_ROW
    code_of = {v: k for k, v in cfg.COUNTRIES.items()}
    extra = bool(m["rail_exits"] or m["lines"] or get(cfg, "RAIL_EXITS", False))
    header = cfg.HEADER + "#\n" + NOTATION + (NOTATION_EXTRA if extra else "") + NOTATION_END
    out = [header, f'id: "{cfg.ID}"', f'name: "{cfg.NAME}"', "provenance:", "  kind: schematic",
           "  reason: >-"]
    out += _wrap(cfg.REASON, "    ")
    out.append("  sources:")
    for s in [about] + list(cfg.SOURCES):
        out.append("    - >-")
        out += _wrap(s, "      ")
    out.append(f"grid: {{first_col: {first_col}, last_col: {last_col}, first_row: {first_row}, "
               f"last_row: {last_row}, hex_height: {cfg.HEX_HEIGHT}}}")
    out.append("countries: {" + ", ".join(f"{k}: {v}" for k, v in cfg.COUNTRIES.items()) + "}")
    out.append("neutral: [" + ", ".join(cfg.NEUTRAL) + "]")
    if get(cfg, "ART_DOWNSAMPLE", None):
        out.append(f"art: {{downsample: {cfg.ART_DOWNSAMPLE}}}")
    cols = range(first_col, last_col + 1)
    out.append("hexes:")
    out.append('#tens "' + "".join(str(c // 10) for c in cols) + '"')
    out.append('#unit "' + "".join(str(c % 10) for c in cols) + '"')
    for r in range(first_row, last_row + 1):
        row = ""
        for c in range(first_col, last_col + 1):
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
    for r in range(first_row, last_row + 1):
        toks = []
        for c in range(first_col, last_col + 1):
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
    if extra:
        out.append("rail_exits:")
        for hid, dirs in m["rail_exits"].items():
            out.append(f'  "{hid}": "{",".join(dirs)}"')
        out.append("lines:" + ("" if m["lines"] else " []"))
        for name, rule, sides in m["lines"]:
            out.append(f'  - name: "{name}"')
            out.append(f'    rule: "{rule}"')
            out.append("    hexsides: >-")
            out += _wrap(" ".join(f"{s.a.id}/{s.b.id}" for s in sides), "      ")
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


def write_sheet(cfg: ModuleType, out: Path, kit_path: Path | None = None) -> Path:
    kit = Kit(kit_path or (KITS / cfg.KIT))
    m = build(cfg, kit)
    text = to_yaml(cfg, m, " ".join(str(kit.data["about"]).split()))
    out = Path(out)
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, out)          # no half-written map after a failure
    return out
