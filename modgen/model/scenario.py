"""Scenario files (``scenarios/<game>/*.yaml``): schema and cross-references.

A scenario names counters by id, hexes by their printed ``CCRR`` number (``SHEET:CCRR`` in a game
of several sheets; a bare ``CCRR`` is then on the scenario's only map, if it has one), dates as
``"7 May 1915"`` (``"Special May 1915"`` for the Monthly Special Turn) and keeps the rulebook line
of every entry (``line:``) so the set-up can be traced back to the printed list. Hexes become
theatre hexes (``modgen.model.theatre``).
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Any

from ..errors import ModgenError
from ..hexgrid import Hex
from .types import (Counter, FortressPlacement, MapDef, MapRestriction, MarkerDef, MarkerPlacement, MissingMap,
                    Nation, OffMapRail, Placement, RailCapacity, RailRoute, Scenario, ScheduleEntry, Side,
                    SpecialRule, Victory, VictoryLevel)
from .validate import FileCtx, line_of

SCENARIO_KEYS = ("id", "name", "rulebook", "maps", "first_turn", "last_turn", "first_phase", "phasing_side",
                 "description", "setup_incomplete", "setup", "fortresses", "markers", "derived_markers", "dead_pool",
                 "hq_supply_points", "rail_capacities", "rail_notes", "reinforcements", "special_rules",
                 "victory_conditions", "starting_dm", "notes", "combatants", "map_restrictions", "missing_maps",
                 "rail_networks", "offmap_rail", "victory", "rule_data", "menu", "setup_notes")
RULE_KINDS = ("checked", "declaration", "advisory")
MENUS = ("Scenarios", "Linking games", "Duration games")
PLACEMENT_KEYS = ("counter", "hex", "reduced", "strength", "location", "line", "supply_points", "note")


class _Scn:
    def __init__(self, ctx: FileCtx, nations, sides, maps, counters, markers, map_ids, sequence, theatre=None):
        self.c = ctx
        self.nations: dict[str, Nation] = nations
        self.sides: list[Side] = sides
        self.maps: dict[str, MapDef] = maps
        self.counters: dict[str, Counter] = counters
        self.markers: dict[str, MarkerDef] = markers
        self.map_ids = map_ids
        self.sequence = sequence
        self.theatre = theatre
        self.scenario_maps: tuple[str, ...] = ()

    def hex(self, d: dict, key: str, field: str, *, required: bool = True) -> Hex | None:
        """A theatre hex from ``CCRR`` or ``SHEET:CCRR``."""
        th = self.theatre
        if th is None or not th.multi:
            return self.c.hex(d, key, field, required=required)
        v = self.c.text(d, key, field, required=required)
        if v is None:
            return None
        return self.parse_hex(v, line_of(d, key), f"{field}.{key}")

    def parse_hex(self, v: str, line: int | None, field: str) -> Hex | None:
        th = self.theatre
        if th is None or not th.multi:
            try:
                return Hex.parse(v)
            except ModgenError as e:
                self.c.error(e.message, line, field)
                return None
        in_play = [m for m in self.scenario_maps if m in th.placements]
        try:
            return th.parse(v, in_play[0] if len(in_play) == 1 else None)
        except ModgenError as e:
            self.c.error(e.message, line, field)
            return None

    def check_hex(self, h: Hex | None, node: dict, key: str, field: str) -> None:
        """The hex must exist on one of the scenario's maps (when those maps are loaded)."""
        if h is None:
            return
        th = self.theatre
        if th is not None and th.multi:
            in_play = [m for m in self.scenario_maps if m in self.maps]
            if in_play and th.to_local(h, in_play) is None:
                self.c.error(f"hex {th.name(h)} is not on map {', '.join(in_play)}", line_of(node, key),
                             f"{field}.{key}")
            return
        loaded = [self.maps[m] for m in self.scenario_maps if m in self.maps]
        if loaded and not any(m.contains(h) for m in loaded):
            self.c.error(f"hex {h.id} is not on map {', '.join(m.id for m in loaded)}", line_of(node, key),
                         f"{field}.{key}")

    def placement(self, item: Any, line: int | None, field: str, *, need_hex: bool) -> Placement | None:
        c = self.c
        p = c.mapping(item, field, line)
        if p is None:
            return None
        c.unknown_keys(p, PLACEMENT_KEYS, field)
        cid = c.text(p, "counter", field)
        if cid is not None and cid not in self.counters:
            c.error(f"unknown counter {cid!r}", line_of(p, "counter"), f"{field}.counter")
            cid = None
        h = self.hex(p, "hex", field, required=need_hex)
        self.check_hex(h, p, "hex", field)
        strength = c.integer(p, "strength", field, required=False, minimum=0)
        if cid and strength is not None:
            front = self.counters[cid].front.strength
            if front is not None and strength > front:
                c.error(f"strength {strength} is above the counter's printed {front}", line_of(p, "strength"),
                        f"{field}.strength")
        sp = c.integer(p, "supply_points", field, required=False, minimum=0, maximum=100)
        if sp is not None and cid and self.counters[cid].type != "hq":
            c.error("only headquarters carry supply points", line_of(p, "supply_points"), f"{field}.supply_points")
        c.integer(p, "line", field, required=False, minimum=1)   # rulebook line, kept for the reader
        if cid is None:
            return None
        return Placement(counter=cid, hex=h, reduced=c.boolean(p, "reduced", field),
                         location=c.text(p, "location", field, required=False), strength=strength,
                         supply_points=sp, source=c.source(p))

    def placements(self, d: dict, key: str, *, need_hex: bool, required: bool = False) -> list[Placement]:
        out = []
        for i, item, line in self.c.items(d, key, "", required=required):
            pl = self.placement(item, line, f"{key}[{i}]", need_hex=need_hex)
            if pl is not None:
                out.append(pl)
        return out


def load_scenario(data: Any, ctx: FileCtx, *, nations, sides, maps, counters, markers, map_ids,
                  sequence=None, theatre=None) -> Scenario | None:
    s = _Scn(ctx, nations, sides, maps, counters, markers, map_ids, sequence, theatre)
    c = ctx
    d = c.mapping(data, "")
    if d is None:
        return None
    c.unknown_keys(d, SCENARIO_KEYS, "")
    sid = c.ident(d, "id", "")
    name = c.text(d, "name", "")
    scen_maps = c.strings(d, "maps", "", required=True)
    for j, m in enumerate(scen_maps):
        if m not in map_ids:
            c.error(f"map {m!r} is not one of the game's maps ({', '.join(map_ids)})",
                    getattr(d.get("maps"), "line_of", lambda _: None)(j) or line_of(d, "maps"), f"maps[{j}]")
    s.scenario_maps = scen_maps
    first = c.date(d, "first_turn", "")
    last = c.date(d, "last_turn", "")
    if first and last and last < first:
        c.error(f"last turn {last} is before the first turn {first}", line_of(d, "last_turn"), "last_turn")
    side_ids = tuple(x.id for x in sides)
    phasing = c.enum(d, "phasing_side", "", side_ids) if side_ids else c.text(d, "phasing_side", "")
    first_phase = c.text(d, "first_phase", "")
    if sequence is not None and first_phase is not None:
        phase_ids = [p.id for p in sequence.phases]
        if first_phase not in phase_ids:
            c.error(f"{first_phase!r} is not a phase ({', '.join(phase_ids)})", line_of(d, "first_phase"),
                    "first_phase")
        else:
            ph = sequence.phase(first_phase)
            if phasing and ph.side and ph.side != phasing:
                c.error(f"phase {first_phase!r} belongs to {ph.side!r}, not the phasing side {phasing!r}",
                        line_of(d, "phasing_side"), "phasing_side")
            if first and (first.turn == 0) != ph.special_turn:
                c.error(f"phase {first_phase!r} is not a phase of {first}", line_of(d, "first_phase"), "first_phase")
    description = c.text(d, "description", "") or ""
    incomplete = c.strings(d, "setup_incomplete", "")
    setup = s.placements(d, "setup", need_hex=True, required=True)

    # the same counter twice in a set-up (or set up and also in the dead pool) is a data error
    seen: dict[str, int | None] = {}
    dead = s.placements(d, "dead_pool", need_hex=False)
    for pl in list(setup) + dead:
        if pl.counter in seen:
            c.error(f"counter {pl.counter!r} is placed twice (first at line {seen[pl.counter]})",
                    pl.source.line if pl.source else None, "setup")
        seen[pl.counter] = pl.source.line if pl.source else None

    fortresses = []
    for f, fd in c.records(d, "fortresses", ("nation", "size", "hex", "name", "line"), required=False):
        nation = c.text(fd, "nation", f)
        if nation is not None and nation not in nations:
            c.error(f"unknown nation {nation!r}", line_of(fd, "nation"), f"{f}.nation")
        size = c.integer(fd, "size", f, minimum=1)
        h = s.hex(fd, "hex", f)
        s.check_hex(h, fd, "hex", f)
        if nation and size and not any(x.type == "fortress" and x.nation == nation and x.front.strength == size
                                       for x in counters.values()):
            c.error(f"no {nation} fortress counter of size {size}", line_of(fd, "size"), f"{f}.size")
        if nation and size and h:
            fortresses.append(FortressPlacement(nation, size, h, c.text(fd, "name", f, required=False),
                                                c.source(fd)))

    marks = []
    for f, md in c.records(d, "markers", ("marker", "hex", "value", "rule", "line", "note"), required=False):
        mid = c.text(md, "marker", f)
        if mid is not None and mid not in markers:
            c.error(f"unknown marker {mid!r}", line_of(md, "marker"), f"{f}.marker")
            mid = None
        h = s.hex(md, "hex", f)
        s.check_hex(h, md, "hex", f)
        value = c.text(md, "value", f, required=False)
        if mid and value is not None and markers[mid].values and value not in markers[mid].values:
            c.error(f"marker {mid!r} has no value {value!r}", line_of(md, "value"), f"{f}.value")
        if mid and h:
            marks.append(MarkerPlacement(mid, h, value, c.text(md, "rule", f, required=False), c.source(md)))
    derived = []
    for f, dd in c.records(d, "derived_markers", ("marker", "rule", "derive", "line", "note"), required=False):
        mid = c.text(dd, "marker", f)
        if mid is not None and mid not in markers:
            c.error(f"unknown marker {mid!r}", line_of(dd, "marker"), f"{f}.marker")
        from .derive import DERIVATIONS
        how = c.enum(dd, "derive", f, tuple(DERIVATIONS))
        if mid and how:
            derived.append((mid, how, c.text(dd, "rule", f, required=False)))

    hq_sp: dict[str, int] = {}
    hq = d.get("hq_supply_points")
    if hq is not None:
        if not isinstance(hq, dict):
            c.error("expected a mapping counter id -> supply points", line_of(d, "hq_supply_points"),
                    "hq_supply_points")
        else:
            for k, v in hq.items():
                f = f"hq_supply_points.{k}"
                if k not in counters:
                    c.error(f"unknown counter {k!r}", line_of(hq, k), f)
                elif counters[k].type != "hq":
                    c.error(f"{k!r} is not a headquarters", line_of(hq, k), f)
                elif not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 100:
                    c.error("supply points must be an integer 0..100 (17-4)", line_of(hq, k), f)
                else:
                    hq_sp[k] = v
    for pl in setup:
        if pl.supply_points is not None:
            hq_sp.setdefault(pl.counter, pl.supply_points)

    rails = []
    for f, rd in c.records(d, "rail_capacities", ("nation", "divisions", "not_usable_until",
                                                   "halved_until", "note", "line", "from", "any_map"),
                           required=False):
        nation = c.text(rd, "nation", f)
        if nation is not None and nation not in nations:
            c.error(f"unknown nation {nation!r}", line_of(rd, "nation"), f"{f}.nation")
        divs = c.integer(rd, "divisions", f, required=False, minimum=0)
        if nation:
            rails.append(RailCapacity(nation, divs, c.date(rd, "not_usable_until", f, required=False),
                                      c.date(rd, "halved_until", f, required=False),
                                      c.text(rd, "note", f, required=False, default="") or "",
                                      from_date=c.date(rd, "from", f, required=False),
                                      any_map=c.boolean(rd, "any_map", f)))

    schedule = []
    for f, ed in c.records(d, "reinforcements", ("date", "when", "nation", "arrivals", "withdrawals",
                                                  "line", "section", "note"), required=False):
        date = c.date(ed, "date", f, required=False)
        when = c.text(ed, "when", f, required=date is None) or ""
        nation = c.text(ed, "nation", f)
        if nation is not None and nation not in nations:
            c.error(f"unknown nation {nation!r}", line_of(ed, "nation"), f"{f}.nation")
        arr = [p for j, it, ln in c.items(ed, "arrivals", f, required=False)
               if (p := s.placement(it, ln, f"{f}.arrivals[{j}]", need_hex=False)) is not None]
        wd = [p for j, it, ln in c.items(ed, "withdrawals", f, required=False)
              if (p := s.placement(it, ln, f"{f}.withdrawals[{j}]", need_hex=False)) is not None]
        for p in arr + wd:
            if nation and counters[p.counter].nation != nation:
                c.error(f"counter {p.counter!r} is not {nation}", p.source.line if p.source else None, f)
        if nation:
            schedule.append(ScheduleEntry(date, when, nation, tuple(arr), tuple(wd), c.source(ed)))

    rules = []
    for f, rd in c.records(d, "special_rules", ("number", "text", "line", "kind", "note"), required=False):
        text = c.text(rd, "text", f)
        kind = c.enum(rd, "kind", f, RULE_KINDS, required=False, default="") or ""
        if text:
            rules.append(SpecialRule(c.text(rd, "number", f, required=False), text, c.source(rd), kind,
                                     c.text(rd, "note", f, required=False, default="") or ""))
    extra = _extras(s, c, d, nations, sides)

    vcs = c.strings(d, "victory_conditions", "", required=True)
    dm: dict[str, int] = {}
    sdm = d.get("starting_dm")
    if sdm is not None:
        if not isinstance(sdm, dict):
            c.error("expected a mapping nation -> DM points", line_of(d, "starting_dm"), "starting_dm")
        else:
            for k, v in sdm.items():
                if k not in nations:
                    c.error(f"unknown nation {k!r}", line_of(sdm, k), f"starting_dm.{k}")
                elif not isinstance(v, int) or isinstance(v, bool) or v < 0:
                    c.error("expected a non-negative integer", line_of(sdm, k), f"starting_dm.{k}")
                else:
                    dm[k] = v
    if None in (sid, name, first, last, first_phase, phasing):
        return None
    return Scenario(id=sid, name=name, maps=scen_maps, first_turn=first, last_turn=last, first_phase=first_phase,
                    phasing_side=phasing, description=description, setup=tuple(setup), setup_incomplete=incomplete,
                    fortresses=tuple(fortresses), markers=tuple(marks), dead_pool=tuple(dead),
                    hq_supply_points=MappingProxyType(hq_sp), rail_capacities=tuple(rails),
                    reinforcements=tuple(schedule), special_rules=tuple(rules), victory_conditions=vcs,
                    starting_dm=MappingProxyType(dm), derived_markers=tuple(derived), source=c.source(d, "id"),
                    **extra)


def _extras(s: _Scn, c: FileCtx, d: dict, nations, sides) -> dict:
    """The Eastern Front additions: combatants, parts of maps, missing maps, rail networks, off-map
    rail, structured victory conditions, scenario-rule data, the module menu."""
    side_ids = tuple(x.id for x in sides)
    out: dict = {}
    comb = d.get("combatants")
    if comb is not None:
        cd = c.mapping(comb, "combatants", line_of(d, "combatants"))
        got: dict[str, tuple[str, ...]] = {}
        for side, members in (cd or {}).items():
            if side not in side_ids:
                c.error(f"unknown side {side!r} ({', '.join(side_ids)})", line_of(cd, side), f"combatants.{side}")
                continue
            names = c.strings(cd, side, "combatants")
            for n in names:
                if n not in nations:
                    c.error(f"unknown nation {n!r}", line_of(cd, side), f"combatants.{side}")
                elif nations[n].side != side:
                    c.error(f"{n} is a nation of {nations[n].side}, not {side}", line_of(cd, side),
                            f"combatants.{side}")
            got[side] = names
        out["combatants"] = MappingProxyType(got)
    restr = []
    for f, rd in c.records(d, "map_restrictions", ("map", "rows_from", "rows_to", "cols_from", "cols_to", "rule",
                                                   "text", "line"), required=False):
        m = c.text(rd, "map", f)
        if m is not None and m not in s.scenario_maps:
            c.error(f"map {m!r} is not one of the scenario's maps", line_of(rd, "map"), f"{f}.map")
        vals = {k: c.integer(rd, k, f, required=False, minimum=0) for k in ("rows_from", "rows_to", "cols_from",
                                                                           "cols_to")}
        if m:
            restr.append(MapRestriction(m, **vals, rule=c.text(rd, "rule", f, required=False),
                                        text=c.text(rd, "text", f, required=False, default="") or ""))
    out["map_restrictions"] = tuple(restr)
    missing = []
    for f, md in c.records(d, "missing_maps", ("map", "title", "reason"), required=False):
        m, title, reason = c.text(md, "map", f), c.text(md, "title", f), c.text(md, "reason", f)
        if m and m in s.map_ids:
            c.error(f"map {m!r} is a map of the game, not a missing one", line_of(md, "map"), f"{f}.map")
        if m and title and reason:
            missing.append(MissingMap(m, title, reason))
    out["missing_maps"] = tuple(missing)
    routes = []
    for f, rd in c.records(d, "rail_networks", ("kind", "network", "hexes", "rule", "text", "line"),
                           required=False):
        kind = c.enum(rd, "kind", f, ("network", "ends"))
        net = c.text(rd, "network", f)
        if net is not None and net not in nations:
            c.error(f"unknown nation {net!r}", line_of(rd, "network"), f"{f}.network")
        hexes = []
        for j, item, line in c.items(rd, "hexes", f):
            h = s.parse_hex(str(item), line, f"{f}.hexes[{j}]")
            if h is not None:
                s.check_hex(h, rd, "hexes", f)
                hexes.append(h)
        if kind and net:
            routes.append(RailRoute(kind, net, tuple(hexes), c.text(rd, "rule", f, required=False),
                                    c.text(rd, "text", f, required=False, default="") or "", c.source(rd)))
    out["rail_routes"] = tuple(routes)
    offmap = []
    for f, od in c.records(d, "offmap_rail", ("rule", "ends", "turns_off_map", "mp", "side", "nations",
                                              "counts_against", "text", "line"), required=False):
        ends = c.strings(od, "ends", f, required=True)
        if len(ends) != 2:
            c.error("ends: two ends (a sheet, SHEET:CCRR or SHEET:EDGE)", line_of(od, "ends"), f"{f}.ends")
            continue
        side = c.enum(od, "side", f, side_ids, required=False) if side_ids else None
        nats = c.strings(od, "nations", f)
        against = c.strings(od, "counts_against", f)
        for n in tuple(nats) + tuple(against):
            if n not in nations:
                c.error(f"unknown nation {n!r}", line_of(od), f)
        offmap.append(OffMapRail(c.text(od, "rule", f, required=False), (ends[0], ends[1]),
                                 c.integer(od, "turns_off_map", f, required=False, minimum=0),
                                 c.integer(od, "mp", f, required=False, minimum=0), side, nats, against,
                                 c.text(od, "text", f, required=False, default="") or "", c.source(od)))
    out["offmap_rail"] = tuple(offmap)
    v = d.get("victory")
    if v is not None:
        vd = c.mapping(v, "victory", line_of(d, "victory"))
        if vd is not None:
            c.unknown_keys(vd, ("basis", "levels", "extra_dm", "notes", "gaps"), "victory")
            levels = []
            for j, item, line in c.items(vd, "levels", "victory"):
                f = f"victory.levels[{j}]"
                ld = c.mapping(item, f, line)
                if ld is None:
                    continue
                c.unknown_keys(ld, ("side", "level", "text", "line", "dm_margin", "vp"), f)
                side = c.enum(ld, "side", f, side_ids) if side_ids else c.text(ld, "side", f)
                level = c.enum(ld, "level", f, ("Decisive", "Substantial", "Marginal"))
                ranges = {}
                for key in ("dm_margin", "vp"):
                    rs = []
                    for k, r, rline in c.items(ld, key, f, required=False):
                        if (not isinstance(r, list) or len(r) != 2
                                or not all(x is None or (isinstance(x, int) and not isinstance(x, bool)) for x in r)):
                            c.error("a range is [low, high] (integers, null = open)", rline, f"{f}.{key}[{k}]")
                            continue
                        rs.append((r[0], r[1]))
                    ranges[key] = tuple(rs)
                text = c.text(ld, "text", f) or ""
                if side and level:
                    levels.append(VictoryLevel(side, level, text, ranges["dm_margin"], ranges["vp"], c.source(ld)))
            extra_dm = []
            for j, item, line in c.items(vd, "extra_dm", "victory", required=False):
                f = f"victory.extra_dm[{j}]"
                ed = c.mapping(item, f, line)
                if ed is None:
                    continue
                c.unknown_keys(ed, ("points", "charged", "text"), f)
                pts = ed.get("points")
                if pts is not None and (isinstance(pts, bool) or not isinstance(pts, (int, float))):
                    c.error("points must be a number", line_of(ed, "points"), f"{f}.points")
                    pts = None
                charged = ed.get("charged")
                if charged is not None and charged not in side_ids:
                    c.error(f"unknown side {charged!r}", line_of(ed, "charged"), f"{f}.charged")
                extra_dm.append((pts, charged, c.text(ed, "text", f) or ""))
            out["victory"] = Victory(c.text(vd, "basis", "victory", required=False, default="") or "",
                                     tuple(levels), tuple(extra_dm), c.strings(vd, "notes", "victory"),
                                     c.strings(vd, "gaps", "victory"))
    rd = d.get("rule_data")
    if rd is not None:
        if not isinstance(rd, dict):
            c.error("rule_data: a mapping rule number -> data", line_of(d, "rule_data"), "rule_data")
        else:
            out["rule_data"] = MappingProxyType({str(k): v for k, v in rd.items()})
    menu = d.get("menu")
    if menu is not None:
        out["menu"] = c.enum(d, "menu", "", MENUS) or ""
    return out
