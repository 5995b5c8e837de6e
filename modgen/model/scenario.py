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
                    SpecialRule)
from .validate import FileCtx, line_of
from .schema import (ANY, BOOL, DATE, HEX, IDENT, LINE, NOTE, NOTES, TEXT, Enum, Field, Int, ListOf, MapOf,
                     Record, Records, Schema)

RULE_KINDS = ("checked", "declaration", "advisory")
MENUS = ("Scenarios", "Linking games", "Duration games")

#: an arrival place (25-2; ``places:`` of a placement): exactly one of a hex, any city of a country
#: (its nation id), any map-edge rail hex of a country — the scenario's arrival rules as data
PLACE = Schema({"hex": HEX, "city": TEXT, "map_edge_rail": TEXT},
               name="scenario: arrival place (places[]: {hex: CCRR} | {city: <nation>} | "
                    "{map_edge_rail: <nation>})")
PLACE_KINDS = {"hex": "hex", "city": "city", "map_edge_rail": "map-edge-rail"}
PLACEMENT = Schema({
    "counter": Field(TEXT, required=True), "hex": HEX, "reduced": BOOL, "strength": Int(0),
    "location": TEXT, "line": LINE, "supply_points": Int(0, 100), "note": NOTE,
    "places": Field(ListOf(Record(PLACE)), doc="where an arrival may be placed, as data beside "
                                               "the printed location text (25-2)"),
}, name="scenario: placement (setup[], dead_pool[], arrivals[], withdrawals[])")
FORTRESS = Schema({"nation": Field(TEXT, required=True), "size": Field(Int(1), required=True),
                   "hex": Field(HEX, required=True), "name": TEXT, "line": LINE},
                  name="scenario: fortresses[]")
MARKER_PLACEMENT = Schema({"marker": Field(TEXT, required=True), "hex": Field(HEX, required=True),
                           "value": TEXT, "rule": TEXT, "line": LINE, "note": NOTE},
                          name="scenario: markers[]")
DERIVED_MARKER = Schema({"marker": Field(TEXT, required=True), "derive": Field(TEXT, required=True),
                         "rule": TEXT, "line": LINE, "note": NOTE}, name="scenario: derived_markers[]")
RAIL_CAPACITY = Schema({"nation": Field(TEXT, required=True), "divisions": Int(0),
                        "not_usable_until": DATE, "halved_until": DATE, "note": NOTE, "line": LINE,
                        "from": Field(DATE, doc="the capacity applies from that turn (12-8)"),
                        "any_map": Field(BOOL, doc="usable on any map or combination of maps")},
                       name="scenario: rail_capacities[]")
SCHEDULE_ENTRY = Schema({"date": DATE, "when": TEXT, "nation": Field(TEXT, required=True),
                         "arrivals": Records(PLACEMENT), "withdrawals": Records(PLACEMENT), "line": LINE,
                         "section": TEXT, "note": NOTE}, name="scenario: reinforcements[]")
SPECIAL_RULE = Schema({"number": TEXT, "text": Field(NOTE, required=True), "line": LINE,
                       "kind": Field(Enum(RULE_KINDS), doc="how the checker treats it"),
                       "note": Field(NOTE, doc="why it is not checked")},
                      name="scenario: special_rules[]")
SCENARIO = Schema({
    "id": Field(IDENT, required=True), "name": Field(TEXT, required=True),
    "rulebook": Field(TEXT, doc="where the rulebook prints it, e.g. 000:L1130-1211"),
    "maps": Field(ListOf(TEXT, min_items=1), required=True), "first_turn": Field(DATE, required=True),
    "last_turn": Field(DATE, required=True), "first_phase": Field(TEXT, required=True),
    "phasing_side": Field(TEXT, required=True), "description": Field(NOTE, required=True),
    "setup_incomplete": ListOf(NOTE), "setup": Field(Records(PLACEMENT), required=True),
    "fortresses": Records(FORTRESS), "markers": Records(MARKER_PLACEMENT),
    "derived_markers": Records(DERIVED_MARKER), "dead_pool": Records(PLACEMENT),
    "hq_supply_points": MapOf(TEXT, Int(0, 100)), "rail_capacities": Records(RAIL_CAPACITY),
    "rail_notes": NOTES, "reinforcements": Records(SCHEDULE_ENTRY),
    "special_rules": Records(SPECIAL_RULE), "victory_conditions": Field(ListOf(NOTE), required=True),
    "starting_dm": MapOf(TEXT, Int(0)), "notes": NOTES,
    # checked item by item by modgen.model.scenario_rules (victory levels, supply, duration games)
    "victory": ANY, "supply": ANY, "duration": ANY,
    # games of several sheets and their scenario rules (checked item by item by _extras below)
    "combatants": ANY, "map_restrictions": ANY, "missing_maps": ANY, "rail_networks": ANY,
    "offmap_rail": ANY, "rule_data": ANY, "menu": Enum(MENUS), "setup_notes": NOTES,
}, name="scenarios/<game>/<scenario>.yaml")
#: the fields a scenario file may hold (kept for code that lists them)
SCENARIO_KEYS = tuple(SCENARIO.fields)
PLACEMENT_KEYS = tuple(PLACEMENT.fields)


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
        self.invalid_counters: frozenset = frozenset()

    def parse_hex(self, v: str, line: int | None, field: str) -> Hex | None:
        """A theatre hex from ``CCRR`` or ``SHEET:CCRR`` (errors reported, None)."""
        r = self.hex_text(str(v))
        if isinstance(r, str):
            self.c.error(r, line, field)
            return None
        return r

    def hex_text(self, v: str):
        """The schema's hex reader in a game of several sheets: a theatre hex, or the error text."""
        th = self.theatre
        try:
            if th is None or not th.multi:
                return Hex.parse(v)
            in_play = [m for m in self.scenario_maps if m in th.placements]
            return th.parse(v, in_play[0] if len(in_play) == 1 else None)
        except ModgenError as e:
            return e.message

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
        p = PLACEMENT.read(c, item, field, line)
        if p is None:
            return None
        cid = p["counter"]
        if cid is not None and cid not in self.counters:
            if cid not in self.invalid_counters:          # else its own error is enough
                c.error(f"unknown counter {cid!r}", p.line("counter"), f"{field}.counter")
            cid = None
        h = p["hex"]
        if need_hex and not p.present("hex"):
            c.error("required field is missing", p.line(), f"{field}.hex")
        self.check_hex(h, p.node, "hex", field)
        strength = p["strength"]
        if cid and strength is not None:
            front = self.counters[cid].front.strength
            if front is not None and strength > front:
                c.error(f"strength {strength} is above the counter's printed {front}", p.line("strength"),
                        f"{field}.strength")
        if cid and p["reduced"] and self.counters[cid].back is None:
            c.error(f"counter {cid!r} has no reduced side (its back is blank or not printed): it "
                    f"cannot be set up reduced", p.line("reduced"), f"{field}.reduced")
        sp = p["supply_points"]
        if sp is not None and cid and self.counters[cid].type != "hq":
            c.error("only headquarters carry supply points", p.line("supply_points"), f"{field}.supply_points")
        places = self.places(p, field)
        if cid is None:
            return None
        return Placement(counter=cid, hex=h, reduced=bool(p["reduced"]), location=p["location"],
                         strength=strength, supply_points=sp, source=c.source(p.node),
                         places=tuple(places))

    def places(self, p, field: str) -> list:
        """``places: [{hex: "1421"}, {city: italy}, {map_edge_rail: italy}]``: where an arrival
        may be placed (25-2), each item one kind; the hex on the scenario's maps, the nation
        known."""
        from .types import ArrivalPlace
        c = self.c
        out = []
        for i, v in enumerate(p["places"] or ()):
            f = f"{field}.places[{i}]"
            given = [k for k in PLACE_KINDS if v.present(k)]
            if len(given) != 1:
                c.error(f"a place is exactly one of {', '.join(PLACE_KINDS)}", v.line(), f)
                continue
            key = given[0]
            if key == "hex":
                before = len(c.errors)
                self.check_hex(v["hex"], v.node, "hex", f)
                if v["hex"] is not None and len(c.errors) == before:
                    out.append(ArrivalPlace("hex", hex=v["hex"]))
                continue
            nation = v[key]
            if nation is not None and self.nations is not None and nation not in self.nations:
                c.error(f"unknown nation {nation!r}", v.line(key), f"{f}.{key}")
                continue
            if nation is not None:
                out.append(ArrivalPlace(PLACE_KINDS[key], country=nation))
        return out

    def placements(self, v, key: str, *, need_hex: bool, field: str = "") -> list[Placement]:
        """The placements of the list ``v[key]`` (already checked to be a list by its schema)."""
        out = []
        raw = v.node.get(key)
        for i, item in enumerate(raw if isinstance(raw, list) else ()):
            pl = self.placement(item, line_of_item(raw, i), f"{field + '.' if field else ''}{key}[{i}]",
                                need_hex=need_hex)
            if pl is not None:
                out.append(pl)
        return out


def line_of_item(lst: Any, i: int) -> int | None:
    ln = getattr(lst, "line_of", None)
    return ln(i) if ln else None


def load_scenario(data: Any, ctx: FileCtx, *, nations, sides, maps, counters, markers, map_ids,
                  sequence=None, invalid_counters: frozenset = frozenset(), theatre=None) -> Scenario | None:
    """``invalid_counters``: ids of counters whose own file has errors: a reference to one is not
    reported again as an unknown counter. ``theatre``: the game's sheets (hexes ``SHEET:CCRR``)."""
    s = _Scn(ctx, nations, sides, maps, counters, markers, map_ids, sequence, theatre)
    s.invalid_counters = invalid_counters
    c = ctx
    if theatre is not None and theatre.multi:
        # the schema's hexes are theatre hexes; the sheet of a bare CCRR is the scenario's only
        # map, known once ``maps`` is read (the schema reads fields in order: maps comes first)
        raw_maps = data.get("maps") if isinstance(data, dict) else None
        s.scenario_maps = tuple(m for m in (raw_maps or ()) if isinstance(m, str))
        c.hex_parser = s.hex_text
    try:
        return _load(s, c, data, nations, sides, maps, counters, markers, map_ids, sequence)
    finally:
        c.hex_parser = None


def _load(s: "_Scn", c: FileCtx, data, nations, sides, maps, counters, markers, map_ids, sequence):
    v = SCENARIO.read(c, data, "")
    if v is None:
        return None
    d = v.node
    sid = v["id"]
    name = v["name"]
    scen_maps = v["maps"] or ()
    for j, m in enumerate(scen_maps):
        if m not in map_ids:
            c.error(f"map {m!r} is not one of the game's maps ({', '.join(map_ids)})",
                    line_of_item(d.get("maps"), j) or line_of(d, "maps"), f"maps[{j}]")
    s.scenario_maps = scen_maps
    first = v["first_turn"]
    last = v["last_turn"]
    if first and last and last < first:
        c.error(f"last turn {last} is before the first turn {first}", line_of(d, "last_turn"), "last_turn")
    side_ids = tuple(x.id for x in sides)
    phasing = v["phasing_side"]
    if phasing is not None and side_ids and phasing not in side_ids:
        c.error(f"{phasing!r} is not one of: {', '.join(side_ids)}", line_of(d, "phasing_side"), "phasing_side")
        phasing = None
    first_phase = v["first_phase"]
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
    description = v["description"] or ""
    incomplete = tuple(v["setup_incomplete"] or ())
    setup = s.placements(v, "setup", need_hex=True)

    # the same counter twice in a set-up (or set up and also in the dead pool) is a data error
    seen: dict[str, int | None] = {}
    dead = s.placements(v, "dead_pool", need_hex=False)
    for pl in list(setup) + dead:
        if pl.counter in seen:
            c.error(f"counter {pl.counter!r} is placed twice (first at line {seen[pl.counter]})",
                    pl.source.line if pl.source else None, "setup")
        seen[pl.counter] = pl.source.line if pl.source else None

    fortresses = []
    for f, fd in v.records("fortresses", c):
        nation, size, h = fd["nation"], fd["size"], fd["hex"]
        if nation is not None and nation not in nations:
            c.error(f"unknown nation {nation!r}", fd.line("nation"), f"{f}.nation")
        s.check_hex(h, fd.node, "hex", f)
        if nation and size and not any(x.type == "fortress" and x.nation == nation and x.front.strength == size
                                       for x in counters.values()):
            c.error(f"no {nation} fortress counter of size {size}", fd.line("size"), f"{f}.size")
        if nation and size and h:
            fortresses.append(FortressPlacement(nation, size, h, fd["name"], c.source(fd.node)))

    marks = []
    for f, md in v.records("markers", c):
        mid, h, value = md["marker"], md["hex"], md["value"]
        if mid is not None and mid not in markers:
            c.error(f"unknown marker {mid!r}", md.line("marker"), f"{f}.marker")
            mid = None
        s.check_hex(h, md.node, "hex", f)
        if mid and value is not None and markers[mid].values and value not in markers[mid].values:
            c.error(f"marker {mid!r} has no value {value!r}", md.line("value"), f"{f}.value")
        if mid and h:
            marks.append(MarkerPlacement(mid, h, value, md["rule"], c.source(md.node)))
    derived = []
    from .derive import DERIVATIONS
    for f, dd in v.records("derived_markers", c):
        mid, how = dd["marker"], dd["derive"]
        if mid is not None and mid not in markers:
            c.error(f"unknown marker {mid!r}", dd.line("marker"), f"{f}.marker")
        if how is not None and how not in DERIVATIONS:
            c.error(f"{how!r} is not one of: {', '.join(DERIVATIONS)}", dd.line("derive"), f"{f}.derive")
            how = None
        if mid and how:
            derived.append((mid, how, dd["rule"]))

    hq_sp: dict[str, int] = {}
    for k, sp in (v["hq_supply_points"] or {}).items():
        f = f"hq_supply_points.{k}"
        line = line_of(d.get("hq_supply_points"), k)
        if k not in counters:
            c.error(f"unknown counter {k!r}", line, f)
        elif counters[k].type != "hq":
            c.error(f"{k!r} is not a headquarters", line, f)
        else:
            hq_sp[k] = sp
    for pl in setup:
        if pl.supply_points is not None:
            hq_sp.setdefault(pl.counter, pl.supply_points)

    rails = []
    for f, rd in v.records("rail_capacities", c):
        nation = rd["nation"]
        if nation is not None and nation not in nations:
            c.error(f"unknown nation {nation!r}", rd.line("nation"), f"{f}.nation")
        if nation:
            rails.append(RailCapacity(nation, rd["divisions"], rd["not_usable_until"], rd["halved_until"],
                                      rd["note"] or "", from_date=rd["from"], any_map=bool(rd["any_map"])))

    schedule = []
    for f, ed in v.records("reinforcements", c):
        date, nation = ed["date"], ed["nation"]
        when = ed["when"] or ""
        if date is None and not ed.present("date") and not ed.present("when"):
            c.error("required field is missing", ed.line(), f"{f}.when")
        if nation is not None and nation not in nations:
            c.error(f"unknown nation {nation!r}", ed.line("nation"), f"{f}.nation")
        arr, wd = (s.placements(ed, key, need_hex=False, field=f) for key in ("arrivals", "withdrawals"))
        for p in arr + wd:
            if nation and counters[p.counter].nation != nation:
                c.error(f"counter {p.counter!r} is not {nation}", p.source.line if p.source else None, f)
        if nation:
            schedule.append(ScheduleEntry(date, when, nation, tuple(arr), tuple(wd), c.source(ed.node)))

    rules = []
    for f, rd in v.records("special_rules", c):
        if rd["text"]:
            rules.append(SpecialRule(rd["number"], rd["text"], c.source(rd.node), rd["kind"] or "",
                                     rd["note"] or ""))
    extra = _extras(s, c, d, nations, sides)

    vcs = tuple(v["victory_conditions"] or ())
    dm: dict[str, int] = {}
    for k, n in (v["starting_dm"] or {}).items():
        if k not in nations:
            c.error(f"unknown nation {k!r}", line_of(d.get("starting_dm"), k), f"starting_dm.{k}")
        else:
            dm[k] = n
    from .scenario_rules import load_scenario_rules
    structured = load_scenario_rules(d, c, nations=nations, sides=sides, maps=maps,
                                     counters=counters, scenario_maps=scen_maps)
    if None in (sid, name, first, last, first_phase, phasing):
        return None
    return Scenario(id=sid, name=name, maps=tuple(scen_maps), first_turn=first, last_turn=last,
                    first_phase=first_phase, phasing_side=phasing, description=description, setup=tuple(setup),
                    setup_incomplete=incomplete, fortresses=tuple(fortresses), markers=tuple(marks),
                    dead_pool=tuple(dead), hq_supply_points=MappingProxyType(hq_sp), rail_capacities=tuple(rails),
                    reinforcements=tuple(schedule), special_rules=tuple(rules), victory_conditions=vcs,
                    starting_dm=MappingProxyType(dm), derived_markers=tuple(derived), source=c.source(d, "id"),
                    **structured, **extra)


def _extras(s: _Scn, c: FileCtx, d: dict, nations, sides) -> dict:
    """The Eastern Front additions: combatants, parts of maps, missing maps, rail networks, off-map
    rail, scenario-rule data, the module menu."""
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
