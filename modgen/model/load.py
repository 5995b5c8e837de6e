"""Load a game's YAML data into the model, checking every file and every cross-reference.

``load_game(game_id, data_root)`` returns a ``Game`` or raises ``ValidationErrors`` listing every
problem found; ``validate_game`` returns that list. Paths in messages are relative to the data
root, so a message reads ``scenarios/italian-front/if-1915-05.yaml:42: setup[3].counter: ...``.

File layout (relative to the data root):

* ``games/<game>.yaml``: title, system, version, sides, nations, and the lists of map ids, counter
  files, the markers file, scenario files and rules tables (see games/italian-front.yaml);
* ``maps/<map-id>.yaml``: read by ``modgen.model.maps.load_map``;
* counter files: ``nation`` + ``counters`` (one flow-style line per counter);
* markers file: ``markers`` list;
* scenario files: one scenario each;
* tables: the ids the game's rules system reads (``System.tables``; Der Weltkrieg: ``tec``,
  ``crt``, ``sequence``, loaded by ``modgen.systems.der_weltkrieg.tables``).
"""
from __future__ import annotations

import hashlib
import threading
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable

from ..errors import ModgenError, ValidationErrors
from ..hexgrid import Hex
from ..paths import data_root as _default_root
from .types import (Counter, Face, FortressPlacement, Game, GameDate, MapDef, MarkerDef, MarkerPlacement, Nation,
                    Placement, Provenance, RailCapacity, Scenario, ScheduleEntry, Side, Source, SpecialRule)
from .maps import load_map
from .schema import (ANY, BOOL, COLOUR, FACE, FILE, IDENT, LINE, NOTE, NOTES, PROVENANCE, STRINGS, TEXT, Enum,
                     Field, Int, ListOf, MapOf, Records, Schema)
from .validate import FileCtx, line_of, parse_date
from .yamlio import load_yaml

UNIT_TYPES = ("inf", "mtn", "cav", "art", "siege-art", "eng", "aslt", "mtn-aslt", "marine", "bicycle", "rpl", "hq",
              "fortress", "flotilla")
UNIT_SIZES = ("XXXX", "XXX", "XX", "X", "III", "II", "I")
MARKER_KINDS = ("trench", "construction", "devastation", "railhead", "entrained", "supply", "strength", "dm", "vp",
                "turn", "month", "year", "phase", "control", "out-of-supply", "hindenburg-line", "generic")

# ------------------------------------------------------------------ the schemas of the data files
# (modgen.model.schema: every field has a type; a rules system extends these for its own values)

NATION = Schema({
    "id": Field(IDENT, required=True), "name": Field(TEXT, required=True), "adjective": TEXT,
    "side": Field(TEXT, required=True), "background": Field(COLOUR, required=True),
    "text": Field(COLOUR, required=True), "colour_rule": TEXT, "colour_note": NOTE,
    "rail_capacity": Int(0), "rail_rule": TEXT, "rail_note": NOTE,
}, name="game file: nations[]")
SIDE = Schema({"id": Field(IDENT, required=True), "name": Field(TEXT, required=True),
               "nations": Field(STRINGS, required=True)}, name="game file: sides[]")
GAME_FILE = Schema({
    "id": Field(IDENT, required=True), "title": Field(TEXT, required=True),
    "system": Field(TEXT, required=True, doc="the rules system (modgen.system)"),
    "version": Field(TEXT, required=True), "description": NOTE,
    "sides": Field(Records(SIDE), required=True), "nations": Field(Records(NATION), required=True),
    "maps": Field(ListOf(TEXT, min_items=1), required=True, doc="map ids: maps/<id>.yaml"),
    "counters": Field(ListOf(FILE, min_items=1), required=True),
    "markers": Field(ANY, required=True, doc="the markers file, or a list of them (a later one adds and "
                                             "replaces markers)"),
    "scenarios": Field(ListOf(FILE), required=True, doc="may be empty: a set-up printed on the counters"),
    "tables": MapOf(TEXT, FILE), "provenance": PROVENANCE, "notes": NOTES,
    "theatre": Field(ANY, doc="a game of several sheets: their offsets on one hex lattice "
                              "(modgen.model.theatre; checked by _Loader.theatre_of)"),
}, name="games/<game>.yaml")
#: the values ``placeholder_values`` may name (a face stands for both its values)
PLACEHOLDER_VALUES = ("front", "back", "front.strength", "front.movement", "back.strength",
                      "back.movement", "full_strength")
#: why a counter without ``full_strength`` has a placeholder circle when its file gives no
#: ``full_strength_reason``
FULL_STRENGTH_REASON = ("the full-strength circle is not printed in the rulebooks (missing-data M8): "
                        "the front strength stands for it")
COUNTER = Schema({
    "id": Field(IDENT, required=True), "type": Field(Enum(UNIT_TYPES), required=True),
    "size": Enum(UNIT_SIZES), "designation": TEXT,
    "front": Field(FACE, doc="strength-movement; required except for HQs"), "back": FACE,
    "back_printed": Field(LINE, doc="the rulebook line printing the reduced side"),
    "full_strength": Int(0), "full_strength_colour": COLOUR, "rpl": BOOL, "qualifiers": STRINGS,
    "lines": ListOf(LINE), "note": NOTE, "provenance": PROVENANCE,
    "front_placeholder": Field(BOOL, doc="the front's values are placeholders (needs provenance placeholder)"),
    "placeholder_values": Field(ListOf(Enum(PLACEHOLDER_VALUES)),
                                doc="which values are placeholders (needs provenance placeholder); "
                                    "[] when only the designation or size is: without it, "
                                    "inferred (Counter.placeholder)"),
}, name="counter file: counters[]")
COUNTER_FILE = Schema({"nation": Field(TEXT, required=True), "counters": Field(Records(COUNTER), required=True),
                       "back_rule": NOTE, "notes": NOTES, "sources": ListOf(NOTE),
                       "hq_movement": Field(Int(1), doc="movement allowance of the file's HQ counters "
                                            "that print none: a placeholder (hq_movement_reason says why)"),
                       "hq_movement_reason": Field(NOTE, doc="why hq_movement is a placeholder (required with it)"),
                       "full_strength_reason": Field(NOTE, doc="why the full-strength circle of the file's "
                                                     "counters without full_strength is a placeholder "
                                                     "(the checker stands in the front strength)"),
                       "rulebook": Field(TEXT, doc="the seed file the counters' lines point into (000, 003)")},
                      name="counter file")
MARKER = Schema({"id": Field(IDENT, required=True), "kind": Field(Enum(MARKER_KINDS), required=True),
                 "label": Field(TEXT, required=True), "values": STRINGS, "rule": TEXT, "note": NOTE,
                 "count": Int(0)}, name="markers file: markers[]")
MARKER_FILE = Schema({"markers": Field(Records(MARKER), required=True), "notes": NOTES}, name="markers file")


class _Loader:
    def __init__(self, root: Path, game_id: str):
        self.root = root
        self.game_id = game_id
        self.errors: list[ModgenError] = []
        self.warnings: list[ModgenError] = []   # things that do not stop loading (a map not drawn yet)
        self.files: list[Path] = []         # every data file read, for the version hash
        self.system = None                  # the game's rules system (modgen.system.System)
        self.invalid_counters: set[str] = set()   # ids of counters with errors (not "unknown" elsewhere)

    # ------------------------------------------------------------------ files
    def rel(self, path: Path) -> str:
        try:
            return path.relative_to(self.root).as_posix()
        except ValueError:
            return path.as_posix()

    def read(self, relpath: str, *, referenced_from: tuple[FileCtx, int | None, str] | None = None) -> tuple[Any, FileCtx]:
        """Parse one data file; a missing file is reported where it is referenced, an empty one
        (nothing but comments) as an error of its own: it is never skipped silently."""
        path = (self.root / relpath)
        ctx = FileCtx(relpath, self.errors)
        where = referenced_from
        if not _inside(path, self.root):
            (where[0] if where else ctx).error(f"{relpath!r} is outside the data folder",
                                               where[1] if where else None, where[2] if where else None)
            return None, ctx
        if not path.is_file():
            why = "is a directory, not a data file" if path.is_dir() else "file not found"
            if referenced_from:
                rctx, line, field = referenced_from
                rctx.error(f"{why}: {relpath}", line, field)
            else:
                ctx.error(why)
            return None, ctx
        self.files.append(path)
        try:
            return load_yaml(path, display_name=relpath), ctx
        except ModgenError as e:
            self.errors.append(e)
            return None, ctx

    # ------------------------------------------------------------------ game
    def load(self) -> Game | None:
        gpath = f"games/{self.game_id}.yaml"
        if not (self.root / "games").is_dir():
            self.errors.append(ModgenError(f"no games/ folder in the data folder {self.root}"))
            return None
        if not (self.root / gpath).exists():
            known = sorted(p.stem for p in (self.root / "games").glob("*.yaml"))
            self.errors.append(ModgenError(f"no such game {self.game_id!r} (known: {', '.join(known) or 'none'})",
                                           file=gpath))
            return None
        data, g = self.read(gpath)
        if data is None:
            return None
        d = g.mapping(data, "")
        if d is None:
            return None
        v = GAME_FILE.read(g, d, "")
        if v is None:
            return None
        gid = v["id"]
        if gid is not None and gid != self.game_id:
            g.error(f"id {gid!r} does not match the file name ({self.game_id})", line_of(d, "id"), "id")
        title = v["title"] or self.game_id
        system = v["system"] or ""
        self.system = self.find_system(system, g, line_of(d, "system"))
        version = v["version"] or "0"
        nations = self.nations(v, g)
        sides = self.sides(v, g, nations)
        system_data = self.system.data_loader() if self.system else None
        if system_data is not None:
            # a rules system whose counters, maps and tables have a shape of their own reads them
            parts = system_data(self, d, g, nations, sides)
            version = f"{version}+{self.data_hash()}"
            if self.errors:
                return None
            game = Game(id=self.game_id, title=title, system=system, version=version, sides=tuple(sides),
                        nations=MappingProxyType(nations), maps=MappingProxyType(parts["maps"]),
                        counters=MappingProxyType(parts["counters"]), markers=MappingProxyType(parts["markers"]),
                        scenarios=MappingProxyType(parts["scenarios"]), tables=MappingProxyType(parts["tables"]),
                        data_root=str(self.root), source=Source(gpath, 1))
            self.errors += self.system.validation_errors(game)
            return None if self.errors else game
        maps = self.maps(d, g)
        self.theatre = self.theatre_of(d, g, maps)
        counters = self.counters(d, g, nations)
        markers = self.markers(d, g)
        tables = self.tables(d, g, tuple(s.id for s in sides))
        scenarios = self.scenarios(d, g, nations, sides, maps, counters, markers, tables)
        version = f"{version}+{self.data_hash()}"
        if self.errors:
            return None
        game = Game(id=self.game_id, title=title, system=system, version=version, sides=tuple(sides),
                    nations=MappingProxyType(nations), maps=MappingProxyType(maps),
                    counters=MappingProxyType(counters), markers=MappingProxyType(markers),
                    scenarios=MappingProxyType(scenarios), tables=MappingProxyType(tables),
                    data_root=str(self.root), source=Source(gpath, 1), theatre=self.theatre)
        # what only the rules system knows about its counters and tables
        self.errors += self.system.validation_errors(game) if self.system else []
        return None if self.errors else game

    def data_hash(self) -> str:
        h = hashlib.sha256()
        for p in sorted(set(self.files), key=self.rel):
            h.update(self.rel(p).encode() + b"\0")
            h.update(p.read_bytes() + b"\0")
        return h.hexdigest()[:8]

    def nations(self, v, g: FileCtx) -> dict[str, Nation]:
        out: dict[str, Nation] = {}
        for f, n in v.records("nations", g):
            nid = n["id"]
            if nid is None:
                continue
            if nid in out:
                g.error(f"duplicate nation id {nid!r}", n.line("id"), f"{f}.id")
                continue
            out[nid] = Nation(id=nid, name=n["name"] or nid, side=n["side"] or "",
                              background=n["background"] or "#ffffff", text=n["text"] or "#000000",
                              adjective=n["adjective"] or "", rail_capacity=n["rail_capacity"],
                              source=g.source(n.node))
        return out

    def sides(self, v, g: FileCtx, nations: dict[str, Nation]) -> list[Side]:
        sides: list[Side] = []
        for f, s in v.records("sides", g):
            sid = s["id"]
            if sid is None:
                continue
            if any(x.id == sid for x in sides):
                g.error(f"duplicate side id {sid!r}", s.line("id"), f"{f}.id")
                continue
            members = s["nations"] or ()
            for j, nid in enumerate(members):
                if nid not in nations:
                    g.error(f"unknown nation {nid!r}", line_of_list(s.node, "nations", j), f"{f}.nations[{j}]")
                elif nations[nid].side != sid:
                    g.error(f"nation {nid!r} says its side is {nations[nid].side!r}",
                            line_of_list(s.node, "nations", j), f"{f}.nations[{j}]")
            sides.append(Side(sid, s["name"] or sid, tuple(members)))
        ids = {s.id for s in sides}
        for n in nations.values():
            if ids and n.side not in ids:
                g.error(f"{n.side!r} is not a side ({', '.join(sorted(ids))})", n.source.line if n.source else None,
                        f"nations[{n.id}].side")
        return sides

    def maps(self, d: dict, g: FileCtx) -> dict[str, MapDef]:
        out: dict[str, MapDef] = {}
        ids = g.strings(d, "maps", "", required=True)
        for j, mid in enumerate(ids):
            line = line_of_list(d, "maps", j)
            rel = f"maps/{mid}.yaml"
            if mid in out:
                g.error(f"duplicate map {mid!r}", line, f"maps[{j}]")
                continue
            # A map that is not there yet does not stop the game from loading (the counters, scenarios
            # and tables are usable without it); hexes are then not checked against it.
            if not (self.root / rel).is_file():
                self.warnings.append(ModgenError(f"map file not found: {rel} (hexes not checked)", file=g.file,
                                                 line=line, field=f"maps[{j}]"))
                continue
            self.files.append(self.root / rel)
            errs: list[ModgenError] = []
            try:
                m = load_map(self.root / rel, errs)
            except ModgenError as e:
                errs.append(e)
                m = None
            for e in errs:   # the map loader names files by the path it was given: make it data-root relative
                if e.file and not e.file.startswith("maps/"):
                    e = ModgenError(e.message, file=rel, line=e.line, field=e.field)
                elif not e.file:
                    e = ModgenError(e.message, file=rel, line=e.line, field=e.field)
                self.errors.append(e)
            if m is not None:
                if m.id != mid:
                    g.error(f"map file {rel} defines map {m.id!r}", line, f"maps[{j}]")
                out[mid] = m
        return out

    # ------------------------------------------------------------------ counters
    # ------------------------------------------------------------------ the theatre
    def theatre_of(self, d: dict, g: FileCtx, maps: dict[str, MapDef]):
        """The sheets on one lattice (``theatre:``; see modgen.model.theatre). A game of one map
        needs none; a game of several does (a hex number is unique only within its sheet)."""
        from .theatre import HEX_REF, SeamSide, SheetPlacement, Theatre
        ids = g.strings(d, "maps", "")
        t = d.get("theatre")
        if t is None:
            if len(ids) > 1:
                g.error("a game of several maps needs a theatre: the sheets' offsets on one hex lattice "
                        "(theatre: {sheets: [{map, dcol, dy}, ...]})", line_of(d, "maps"), "theatre")
            return Theatre([SheetPlacement(m, 0, 0.0) for m in ids[:1]], maps)
        td = g.mapping(t, "theatre", line_of(d, "theatre"))
        if td is None:
            return None
        g.unknown_keys(td, ("sheets", "seams", "reference", "note"), "theatre")
        places = []
        for f, sd in g.records(td, "sheets", ("map", "dcol", "dy", "note")):
            f = f"theatre.{f}"
            mid = g.text(sd, "map", f)
            if mid is not None and mid not in ids:
                g.error(f"{mid!r} is not one of the game's maps", line_of(sd, "map"), f"{f}.map")
                continue
            dcol = g.integer(sd, "dcol", f)
            dy = sd.get("dy")
            if isinstance(dy, bool) or not isinstance(dy, (int, float)):
                g.error(f"dy must be a number of rows, got {dy!r}", line_of(sd, "dy"), f"{f}.dy")
                continue
            if mid is None or dcol is None:
                continue
            frac = float(dy) % 1
            if (dcol % 2 == 0 and frac != 0) or (dcol % 2 == 1 and frac != 0.5):
                g.error(f"(dcol {dcol}, dy {dy}) is not a lattice vector: an even column shift needs a whole-row "
                        "shift, an odd one a half-row shift", line_of(sd, "dy"), f"{f}.dy")
                continue
            places.append(SheetPlacement(mid, dcol, float(dy)))
        missing = [m for m in ids if m not in {p.sheet for p in places}]
        if missing:
            g.error(f"maps without a place in the theatre: {', '.join(missing)}", line_of(td, "sheets"),
                    "theatre.sheets")
        seams: list = []
        rel = td.get("seams")
        if rel is not None:
            data, c = self.read(str(rel), referenced_from=(g, line_of(td, "seams"), "theatre.seams"))
            top = c.mapping(data, "") if data is not None else None
            if top is not None:
                c.unknown_keys(top, ("seams", "notes", "provenance"), "")
                for f, sd in c.records(top, "seams", ("a", "b", "terrain", "river", "major", "rail", "lines")):
                    ends = []
                    for k in ("a", "b"):
                        v = c.text(sd, k, f)
                        m = HEX_REF.match(v or "")
                        if v is not None and (not m or not m["sheet"] or m["sheet"] not in ids):
                            c.error(f"{v!r} is not SHEET:CCRR of a map of the game", line_of(sd, k), f"{f}.{k}")
                        elif m:
                            h = Hex.parse(m["hex"])
                            if m["sheet"] in maps and h not in maps[m["sheet"]].hexes:
                                c.error(f"hex {v} is not on map {m['sheet']}", line_of(sd, k), f"{f}.{k}")
                            ends.append((m["sheet"], h))
                    terrain = c.text(sd, "terrain", f)
                    rail = sd.get("rail")
                    if rail not in (None, "double", "single"):
                        c.error(f"rail must be double or single, got {rail!r}", line_of(sd, "rail"), f"{f}.rail")
                        rail = None
                    if len(ends) == 2 and terrain:
                        seams.append(SeamSide(ends[0], ends[1], terrain, c.text(sd, "river", f, required=False),
                                              bool(sd.get("major", False)), rail,
                                              tuple(c.strings(sd, "lines", f))))
        try:
            return Theatre(places, maps, seams, reference=td.get("reference"))
        except ModgenError as e:
            g.error(e.message, line_of(td, "sheets"), "theatre")
            return None

    # ------------------------------------------------------------------ counters
    def counters(self, d: dict, g: FileCtx, nations: dict[str, Nation]) -> dict[str, Counter]:
        out: dict[str, Counter] = {}
        where: dict[str, str] = {}
        for j, rel in enumerate(g.strings(d, "counters", "", required=True)):
            data, c = self.read(rel, referenced_from=(g, line_of_list(d, "counters", j), f"counters[{j}]"))
            if data is None:
                continue
            top = COUNTER_FILE.read(c, data, "")
            if top is None:
                continue
            nation = top["nation"]
            if nation is not None and nation not in nations:
                c.error(f"unknown nation {nation!r}", top.line("nation"), "nation")
            back_rule = top["back_rule"] or ""
            # the rulebook file the ``lines`` of this file's counters point into (000, 003, ...)
            book = top["rulebook"] or "000"
            if not (len(book) == 3 and book.isdigit()):
                c.error(f"rulebook must be a seed file number like '003', got {book!r}", top.line("rulebook"),
                        "rulebook")
                book = "000"
            hq_ma, hq_why = top["hq_movement"], top["hq_movement_reason"]
            if hq_ma is not None and not hq_why:
                c.error("hq_movement is a placeholder: give hq_movement_reason (why, and where the "
                        "rulebook is silent)", top.line("hq_movement"), "hq_movement_reason")
            raw = top.node.get("counters")
            for i, u in enumerate(raw if isinstance(raw, list) else ()):
                counter = self.counter(u, c, f"counters[{i}]", line_of_list(top.node, "counters", i),
                                       nation or "", back_rule, book=book,
                                       hq_movement=(hq_ma, hq_why) if hq_ma is not None else None,
                                       circle_reason=top["full_strength_reason"] or FULL_STRENGTH_REASON)
                if counter is None:
                    if isinstance(u, dict) and isinstance(u.get("id"), str):
                        self.invalid_counters.add(u["id"])
                    continue
                if counter.id in out:
                    c.error(f"duplicate counter id {counter.id!r} (first in {where[counter.id]})", line_of(u, "id"),
                            f"counters[{i}].id")
                    continue
                out[counter.id] = counter
                where[counter.id] = f"{rel}:{line_of(u, 'id')}"
        return out

    def counter(self, u: Any, c: FileCtx, f: str, line: int | None, nation: str, back_rule: str,
                schema: Schema = COUNTER, book: str = "000",
                hq_movement: tuple[int, str] | None = None,
                circle_reason: str = FULL_STRENGTH_REASON) -> Counter | None:
        """One counter record (``schema``: the counter fields; a rules system may extend them).
        ``hq_movement``: (MA, reason) the counter file gives HQs that print no movement allowance
        — a placeholder: the counter's front is marked so (``front_placeholder``).
        ``circle_reason``: why the circle of a counter without ``full_strength`` is a placeholder."""
        if not isinstance(u, dict):
            c.error(f"expected a mapping, got {_kind_of(u)}", line, f)
            return None
        cid = IDENT.check(c, u.get("id"), line_of(u, "id"), f"{f}.id") if u.get("id") is not None else None
        if u.get("id") is None:
            c.error("required field is missing", line_of(u), f"{f}.id")
        if not cid:
            schema.read(c, u, f, line, skip=("id",))   # still report every other problem
            return None
        f = f"counters[{cid}]"
        r = schema.read(c, u, f, line, skip=("id",))
        utype = r["type"]
        for key, needed in (("size", utype not in ("fortress", "flotilla")), ("designation", utype != "fortress"),
                            ("front", utype != "hq")):
            if needed and utype is not None and not r.present(key):
                c.error("required field is missing", line_of(u), f"{f}.{key}")
        front, back = r["front"], r["back"]
        hq_placeholder = None
        if utype == "hq" and front is None and not r.present("front"):
            front = Face(None, hq_movement[0] if hq_movement else None)
            if hq_movement:
                hq_placeholder = Provenance("placeholder", hq_movement[1],
                                            tuple(f"{book}:L{n}" for n in (r["lines"] or ())))
        for key, face in (("front", front), ("back", back)):
            if face is not None and face.movement is None and not face.rail_only and not face.river_only \
                    and face.strength is not None \
                    and utype not in ("fortress", None):
                c.error(f"{u.get(key)!r} has no movement allowance: a {utype} counter prints "
                        f"strength-movement like '5-4' (only a fortress prints its strength alone)",
                        line_of(u, key), f"{f}.{key}")
                if key == "front":
                    front = None
        printed = r["back_printed"]
        lines = [f"{book}:L{n}" for n in (r["lines"] or ())]
        prov = r["provenance"] or hq_placeholder
        if prov is None:
            if printed is not None or utype in ("hq", "fortress") and back is None:
                prov = Provenance("rulebook", "front and back as printed" if printed is not None else
                                  "front as printed; no reduced side", tuple(lines))
            else:
                prov = Provenance("placeholder", "front as printed in the rulebook set-up/schedule lines; the back "
                                  "(reduced) side is not printed in the rulebooks. " + back_rule, tuple(lines))
        if front is not None and back is not None and front.strength is not None and back.strength is not None \
                and back.strength > front.strength:
            c.error(f"back strength {back.strength} is above front strength {front.strength}", line_of(u, "back"),
                    f"{f}.back")
        front_placeholder = bool(r["front_placeholder"]) or hq_placeholder is not None
        if front_placeholder and (prov is None or prov.kind != "placeholder"):
            c.error("a counter whose front is a placeholder needs provenance {kind: placeholder, reason: ...}",
                    line_of(u, "front_placeholder"), f"{f}.front_placeholder")
        values = r["placeholder_values"]
        if values is not None and (prov is None or prov.kind != "placeholder"):
            c.error("placeholder_values needs provenance {kind: placeholder, reason: ...}",
                    line_of(u, "placeholder_values"), f"{f}.placeholder_values")
        reasons: tuple = ()
        if hq_placeholder is not None:
            # the HQ's MA comes from the file's hq_movement, with that reason (the counter's own
            # provenance may be about its designation); an HQ prints no other value
            reasons = (("front.movement", hq_placeholder.reason),)
            if values is None and not r["front_placeholder"]:
                values = ()
        if utype is None or front is None or r.bad & {"size", "designation"}:
            return None
        if r["full_strength"] is None:
            circle_why: str | None = circle_reason
        elif values is not None and "full_strength" in values:
            circle_why = prov.reason or "placeholder values"
        else:
            circle_why = None                   # printed (or given by the rulebook's text)
        return Counter(id=cid, nation=nation, type=utype, size=r["size"] or "", designation=r["designation"] or "",
                       front=front, back=back, full_strength=r["full_strength"],
                       full_strength_colour=r["full_strength_colour"],
                       rpl=bool(r["rpl"]) or utype == "rpl", qualifiers=tuple(r["qualifiers"] or ()),
                       provenance=prov, source=c.source(u, "id"), front_placeholder=front_placeholder,
                       back_printed=printed is not None,
                       placeholder_values=tuple(values) if values is not None else None,
                       placeholder_reasons=reasons, full_strength_reason=circle_why)

    def markers(self, d: dict, g: FileCtx) -> dict[str, MarkerDef]:
        """The markers file, or a list of them: a later file adds markers and replaces a marker of
        the same id (a game shares another game's markers and changes what differs, e.g. the years)."""
        out: dict[str, MarkerDef] = {}
        v = d.get("markers")
        if v is None:
            return out
        rels = [v] if isinstance(v, str) else g.strings(d, "markers", "", required=True)
        for j, rel in enumerate(rels):
            line = line_of(d, "markers") if isinstance(v, str) else line_of_list(d, "markers", j)
            data, c = self.read(rel, referenced_from=(g, line, "markers"))
            if data is None:
                continue
            top = MARKER_FILE.read(c, data, "")
            if top is None:
                continue
            here: set[str] = set()
            for f, m in top.records("markers", c):
                mid = m["id"]
                if mid is None:
                    continue
                if mid in here:
                    c.error(f"duplicate marker id {mid!r}", m.line("id"), f"{f}.id")
                    continue
                here.add(mid)
                out[mid] = MarkerDef(mid, m["kind"] or "generic", m["label"] or mid, tuple(m["values"] or ()),
                                     c.source(m.node, "id"))
        return out

    def find_system(self, system_id: str, g: FileCtx, line: int | None):
        """The rules system the game names (``modgen.system.find``), or None after an error."""
        if not system_id:
            return None
        from ..system import find, known
        try:
            return find(system_id)
        except ModgenError as e:
            g.error(f"{e.message} (known: {', '.join(known())})", line, "system")
            return None

    # ------------------------------------------------------------------ tables
    def tables(self, d: dict, g: FileCtx, sides: tuple[str, ...]) -> dict[str, object]:
        """The tables the game's rules system reads, each by the system's loader."""
        out: dict[str, object] = {}
        t = g.get(d, "tables", "", dict)
        if t is None or self.system is None:
            return out
        table_ids = tuple(self.system.tables)
        for tid in self.system.required_tables:
            if tid not in t:
                g.error(f"table {tid!r} is missing", line_of(d, "tables"), "tables")
        for tid, rel in t.items():
            if tid not in table_ids:
                g.error(f"unknown table {tid!r} (known: {', '.join(table_ids)})", line_of(t, tid), f"tables.{tid}")
                continue
            if not isinstance(rel, str):
                g.error("expected a file path", line_of(t, tid), f"tables.{tid}")
                continue
            data, c = self.read(rel, referenced_from=(g, line_of(t, tid), f"tables.{tid}"))
            if data is None:
                continue
            loader: Callable = self.system.table_loader(tid)
            table = loader(data, c, sides)
            if table is not None:
                out[tid] = table
        return out

    # ------------------------------------------------------------------ scenarios
    def scenarios(self, d, g, nations, sides, maps, counters, markers, tables) -> dict[str, Scenario]:
        from .scenario import load_scenario
        out: dict[str, Scenario] = {}
        for j, rel in enumerate(g.strings(d, "scenarios", "", required=True)):
            data, c = self.read(rel, referenced_from=(g, line_of_list(d, "scenarios", j), f"scenarios[{j}]"))
            if data is None:
                continue
            s = load_scenario(data, c, nations=nations, sides=sides, maps=maps, counters=counters, markers=markers,
                              map_ids=tuple(g.strings(d, "maps", "")), sequence=tables.get("sequence"),
                              theatre=getattr(self, "theatre", None),
                              invalid_counters=frozenset(self.invalid_counters))
            if s is None:
                continue
            if s.id in out:
                c.error(f"duplicate scenario id {s.id!r}", s.source.line if s.source else None, "id")
                continue
            out[s.id] = s
        return out


def _kind_of(v: Any) -> str:
    from .validate import _kind
    return _kind(v)


def line_of_list(d: dict, key: str, j: int) -> int | None:
    v = d.get(key)
    ln = getattr(v, "line_of", None)
    return (ln(j) if ln else None) or line_of(d, key)


def _inside(path: Path, root: Path) -> bool:
    try:
        path.resolve().relative_to(root.resolve())
        return True
    except ValueError:
        return False


# --------------------------------------------------------------------------- public API

_cache: dict[tuple[str, str], tuple[tuple, Game]] = {}
_lock = threading.Lock()


def _stamp(root: Path) -> tuple:
    """Modification times of every data file, so the cache notices edited data."""
    out = []
    for folder in ("games", "counters", "maps", "scenarios", "tables"):
        base = root / folder
        if base.is_dir():
            for p in sorted(base.rglob("*.yaml")):
                try:
                    st = p.stat()
                except OSError:
                    continue
                out.append((str(p), st.st_mtime_ns, st.st_size))
    return tuple(out)


def _run(game_id: str, data_root: str | Path | None) -> _Loader:
    root = _default_root(data_root)
    loader = _Loader(root, game_id)
    try:
        loader.game = loader.load()
    except ModgenError as e:  # pragma: no cover - defensive: loaders record, they should not raise
        loader.errors.append(e)
        loader.game = None
    return loader


def validate_game(game_id: str = "italian-front", data_root: str | Path | None = None) -> list[ModgenError]:
    """Every problem in the game's data files (empty when the data is valid)."""
    return _run(game_id, data_root).errors


def check_game(game_id: str = "italian-front", data_root: str | Path | None = None
               ) -> tuple[Game | None, list[ModgenError], list[ModgenError]]:
    """(game or None, errors, warnings) in one pass: what ``modgen validate`` prints."""
    loader = _run(game_id, data_root)
    return loader.game, loader.errors, loader.warnings


def load_game(game_id: str = "italian-front", data_root: str | Path | None = None) -> Game:
    """The validated game (cached per data root and game; reloaded when a data file changes)."""
    root = _default_root(data_root)
    key = (str(root), game_id)
    stamp = _stamp(root)
    with _lock:
        hit = _cache.get(key)
        if hit and hit[0] == stamp:
            return hit[1]
    loader = _run(game_id, root)
    game, errors = loader.game, loader.errors
    if errors or game is None:
        raise ValidationErrors(errors or [ModgenError(f"game {game_id!r} could not be loaded",
                                                      file=f"games/{game_id}.yaml")])
    with _lock:
        _cache[key] = (stamp, game)
    return game


__all__ = ["load_game", "validate_game", "check_game", "UNIT_TYPES", "UNIT_SIZES", "MARKER_KINDS", "parse_date", "GameDate",
           "Hex", "MarkerPlacement", "FortressPlacement", "Placement", "RailCapacity", "ScheduleEntry", "SpecialRule"]
