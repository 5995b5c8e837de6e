"""Scenario files (``scenarios/<game>/*.yaml``): schema and cross-references.

A scenario names counters by id, hexes by their printed ``CCRR`` number, dates as ``"7 May 1915"``
(``"Special May 1915"`` for the Monthly Special Turn) and keeps the rulebook line of every entry
(``line:``) so the set-up can be traced back to the printed list.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Any

from ..hexgrid import Hex
from .types import (Counter, FortressPlacement, MapDef, MarkerDef, MarkerPlacement, Nation, Placement,
                    RailCapacity, Scenario, ScheduleEntry, Side, SpecialRule)
from .validate import FileCtx, line_of
from .schema import (ANY, BOOL, DATE, HEX, IDENT, LINE, NOTE, NOTES, TEXT, Field, Int, ListOf, MapOf, Record,
                     Records, Schema)

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
                        "not_usable_until": DATE, "halved_until": DATE, "note": NOTE, "line": LINE},
                       name="scenario: rail_capacities[]")
SCHEDULE_ENTRY = Schema({"date": DATE, "when": TEXT, "nation": Field(TEXT, required=True),
                         "arrivals": Records(PLACEMENT), "withdrawals": Records(PLACEMENT), "line": LINE,
                         "section": TEXT, "note": NOTE}, name="scenario: reinforcements[]")
SPECIAL_RULE = Schema({"number": TEXT, "text": Field(NOTE, required=True), "line": LINE},
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
}, name="scenarios/<game>/<scenario>.yaml")
#: the fields a scenario file may hold (kept for code that lists them)
SCENARIO_KEYS = tuple(SCENARIO.fields)
PLACEMENT_KEYS = tuple(PLACEMENT.fields)


class _Scn:
    def __init__(self, ctx: FileCtx, nations, sides, maps, counters, markers, map_ids, sequence):
        self.c = ctx
        self.nations: dict[str, Nation] = nations
        self.sides: list[Side] = sides
        self.maps: dict[str, MapDef] = maps
        self.counters: dict[str, Counter] = counters
        self.markers: dict[str, MarkerDef] = markers
        self.map_ids = map_ids
        self.sequence = sequence
        self.scenario_maps: tuple[str, ...] = ()
        self.invalid_counters: frozenset = frozenset()

    def check_hex(self, h: Hex | None, node: dict, key: str, field: str) -> None:
        """The hex must exist on one of the scenario's maps (when those maps are loaded)."""
        if h is None:
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
                  sequence=None, invalid_counters: frozenset = frozenset()) -> Scenario | None:
    """``invalid_counters``: ids of counters whose own file has errors: a reference to one is not
    reported again as an unknown counter."""
    s = _Scn(ctx, nations, sides, maps, counters, markers, map_ids, sequence)
    s.invalid_counters = invalid_counters
    c = ctx
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
                                      rd["note"] or ""))

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
            rules.append(SpecialRule(rd["number"], rd["text"], c.source(rd.node)))

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
                    **structured)
