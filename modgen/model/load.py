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
from .validate import FileCtx, line_of, parse_date
from .yamlio import load_yaml

UNIT_TYPES = ("inf", "mtn", "cav", "art", "siege-art", "eng", "aslt", "mtn-aslt", "marine", "bicycle", "rpl", "hq",
              "fortress", "flotilla")
UNIT_SIZES = ("XXXX", "XXX", "XX", "X", "III", "II", "I")
MARKER_KINDS = ("trench", "construction", "devastation", "railhead", "entrained", "supply", "strength", "dm", "vp",
                "turn", "month", "year", "phase", "control", "out-of-supply", "hindenburg-line", "generic")


class _Loader:
    def __init__(self, root: Path, game_id: str):
        self.root = root
        self.game_id = game_id
        self.errors: list[ModgenError] = []
        self.warnings: list[ModgenError] = []   # things that do not stop loading (a map not drawn yet)
        self.files: list[Path] = []         # every data file read, for the version hash
        self.system = None                  # the game's rules system (modgen.system.System)

    # ------------------------------------------------------------------ files
    def rel(self, path: Path) -> str:
        try:
            return path.relative_to(self.root).as_posix()
        except ValueError:
            return path.as_posix()

    def read(self, relpath: str, *, referenced_from: tuple[FileCtx, int | None, str] | None = None) -> tuple[Any, FileCtx]:
        """Parse one data file; a missing file is reported where it is referenced."""
        path = (self.root / relpath)
        ctx = FileCtx(relpath, self.errors)
        if not _inside(path, self.root):
            where = referenced_from
            (where[0] if where else ctx).error(f"{relpath!r} is outside the data folder",
                                               where[1] if where else None, where[2] if where else None)
            return None, ctx
        if not path.is_file():
            if referenced_from:
                rctx, line, field = referenced_from
                rctx.error(f"file not found: {relpath}", line, field)
            else:
                ctx.error("file not found")
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
        data, g = self.read(gpath)
        if data is None:
            if not (self.root / gpath).is_file():
                known = sorted(p.stem for p in (self.root / "games").glob("*.yaml"))
                self.errors[-1] = ModgenError(f"no such game {self.game_id!r} (known: {', '.join(known) or 'none'})",
                                              file=gpath)
            return None
        d = g.mapping(data, "")
        if d is None:
            return None
        g.unknown_keys(d, ("id", "title", "system", "version", "description", "sides", "nations", "maps", "counters",
                           "markers", "scenarios", "tables", "provenance", "notes", "theatre"), "")
        gid = g.ident(d, "id", "")
        if gid is not None and gid != self.game_id:
            g.error(f"id {gid!r} does not match the file name ({self.game_id})", line_of(d, "id"), "id")
        title = g.text(d, "title", "") or self.game_id
        system = g.text(d, "system", "") or ""
        self.system = self.find_system(system, g, line_of(d, "system"))
        version = g.text(d, "version", "") or "0"
        nations = self.nations(d, g)
        sides = self.sides(d, g, nations)
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

    def nations(self, d: dict, g: FileCtx) -> dict[str, Nation]:
        out: dict[str, Nation] = {}
        for f, n in g.records(d, "nations", None):
            g.unknown_keys(n, ("id", "name", "adjective", "side", "background", "text", "colour_rule", "colour_note",
                               "rail_capacity", "rail_rule", "rail_note"), f)
            nid = g.ident(n, "id", f)
            if nid is None:
                continue
            if nid in out:
                g.error(f"duplicate nation id {nid!r}", line_of(n, "id"), f"{f}.id")
                continue
            rail = n.get("rail_capacity")
            if rail is not None:
                rail = g.integer(n, "rail_capacity", f, required=False, minimum=0)
            out[nid] = Nation(id=nid, name=g.text(n, "name", f) or nid, side=g.text(n, "side", f) or "",
                              background=g.colour(n, "background", f) or "#ffffff",
                              text=g.colour(n, "text", f) or "#000000",
                              adjective=g.text(n, "adjective", f, required=False, default="") or "",
                              rail_capacity=rail, source=g.source(n))
        return out

    def sides(self, d: dict, g: FileCtx, nations: dict[str, Nation]) -> list[Side]:
        sides: list[Side] = []
        for f, s in g.records(d, "sides", ("id", "name", "nations")):
            sid = g.ident(s, "id", f)
            if sid is None:
                continue
            if any(x.id == sid for x in sides):
                g.error(f"duplicate side id {sid!r}", line_of(s, "id"), f"{f}.id")
                continue
            members = g.strings(s, "nations", f, required=True)
            for j, nid in enumerate(members):
                if nid not in nations:
                    g.error(f"unknown nation {nid!r}", line_of_list(s, "nations", j), f"{f}.nations[{j}]")
                elif nations[nid].side != sid:
                    g.error(f"nation {nid!r} says its side is {nations[nid].side!r}", line_of_list(s, "nations", j),
                            f"{f}.nations[{j}]")
            sides.append(Side(sid, g.text(s, "name", f) or sid, members))
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
            top = c.mapping(data, "")
            if top is None:
                continue
            c.unknown_keys(top, ("nation", "counters", "back_rule", "notes", "sources", "rulebook"), "")
            nation = c.text(top, "nation", "")
            if nation is not None and nation not in nations:
                c.error(f"unknown nation {nation!r}", line_of(top, "nation"), "nation")
            back_rule = c.text(top, "back_rule", "", required=False, default="") or ""
            # the rulebook file the ``lines`` of this file's counters point into (000, 003, ...)
            book = c.text(top, "rulebook", "", required=False, default="000") or "000"
            if not (len(book) == 3 and book.isdigit()):
                c.error(f"rulebook must be a seed file number like '003', got {book!r}", line_of(top, "rulebook"),
                        "rulebook")
            for f, u in c.records(top, "counters", None):
                counter = self.counter(u, c, f, nation or "", back_rule, book)
                if counter is None:
                    continue
                if counter.id in out:
                    c.error(f"duplicate counter id {counter.id!r} (first in {where[counter.id]})", line_of(u, "id"),
                            f"{f}.id")
                    continue
                out[counter.id] = counter
                where[counter.id] = f"{rel}:{line_of(u, 'id')}"
        return out

    def counter(self, u: dict, c: FileCtx, f: str, nation: str, back_rule: str, book: str = "000"
                ) -> Counter | None:
        c.unknown_keys(u, ("id", "type", "size", "designation", "front", "back", "back_printed", "full_strength",
                           "full_strength_colour", "rpl", "qualifiers", "lines", "note", "provenance",
                           "front_placeholder"), f)
        cid = c.ident(u, "id", f)
        if cid is None:
            return None
        f = f"counters[{cid}]"
        utype = c.enum(u, "type", f, UNIT_TYPES)
        size = c.enum(u, "size", f, UNIT_SIZES, required=utype not in ("fortress", "flotilla"), default="")
        designation = c.text(u, "designation", f, required=utype != "fortress", default="") or ""
        if utype == "hq":
            front = c.face(u, "front", f, required=False) or Face(None, None)
        else:
            front = c.face(u, "front", f)
        back = c.face(u, "back", f, required=False)
        printed = u.get("back_printed")
        lines = []
        for i, item, line in c.items(u, "lines", f, required=False):
            if isinstance(item, int) and not isinstance(item, bool):
                lines.append(f"{book}:L{item}")
            else:
                c.error("expected a rulebook line number", line, f"{f}.lines[{i}]")
        prov = c.provenance(u, "provenance", f)
        if prov is None:
            if printed is not None or utype in ("hq", "fortress") and back is None:
                prov = Provenance("rulebook", "front and back as printed" if printed is not None else
                                  "front as printed; no reduced side", tuple(lines))
            else:
                prov = Provenance("placeholder", "front as printed in the rulebook set-up/schedule lines; the back "
                                  "(reduced) side is not printed in the rulebooks. " + back_rule, tuple(lines))
        if printed is not None and not (isinstance(printed, int) and not isinstance(printed, bool)):
            c.error("expected the rulebook line that prints the reduced side", line_of(u, "back_printed"),
                    f"{f}.back_printed")
        if front is not None and back is not None and front.strength is not None and back.strength is not None \
                and back.strength > front.strength:
            c.error(f"back strength {back.strength} is above front strength {front.strength}", line_of(u, "back"),
                    f"{f}.back")
        fs = c.integer(u, "full_strength", f, required=False, minimum=0)
        front_placeholder = c.boolean(u, "front_placeholder", f)
        if front_placeholder and (prov is None or prov.kind != "placeholder"):
            c.error("a counter whose front is a placeholder needs provenance {kind: placeholder, reason: ...}",
                    line_of(u, "front_placeholder"), f"{f}.front_placeholder")
        if utype is None or front is None:
            return None
        return Counter(id=cid, nation=nation, type=utype, size=size or "", designation=designation, front=front,
                       back=back, full_strength=fs,
                       full_strength_colour=c.colour(u, "full_strength_colour", f) if "full_strength_colour" in u
                       else None,
                       rpl=c.boolean(u, "rpl", f) or utype == "rpl", qualifiers=c.strings(u, "qualifiers", f),
                       provenance=prov, source=c.source(u, "id"), front_placeholder=front_placeholder)

    def markers(self, d: dict, g: FileCtx) -> dict[str, MarkerDef]:
        """The markers file, or a list of them: a later file adds markers and replaces a marker of
        the same id (a game shares another game's markers and changes what differs, e.g. the years)."""
        out: dict[str, MarkerDef] = {}
        v = d.get("markers")
        if v is None:
            g.error("required field is missing", line_of(d), "markers")
            return out
        rels = [v] if isinstance(v, str) else g.strings(d, "markers", "", required=True)
        for j, rel in enumerate(rels):
            line = line_of(d, "markers") if isinstance(v, str) else line_of_list(d, "markers", j)
            data, c = self.read(rel, referenced_from=(g, line, "markers"))
            if data is None:
                continue
            top = c.mapping(data, "")
            if top is None:
                continue
            c.unknown_keys(top, ("markers", "notes"), "")
            here: set[str] = set()
            for f, m in c.records(top, "markers", ("id", "kind", "label", "values", "rule", "note", "count")):
                mid = c.ident(m, "id", f)
                if mid is None:
                    continue
                if mid in here:
                    c.error(f"duplicate marker id {mid!r}", line_of(m, "id"), f"{f}.id")
                    continue
                here.add(mid)
                kind = c.enum(m, "kind", f"markers[{mid}]", MARKER_KINDS)
                out[mid] = MarkerDef(mid, kind or "generic", c.text(m, "label", f"markers[{mid}]") or mid,
                                     c.strings(m, "values", f"markers[{mid}]"), c.source(m, "id"))
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
                              theatre=getattr(self, "theatre", None))
            if s is None:
                continue
            if s.id in out:
                c.error(f"duplicate scenario id {s.id!r}", s.source.line if s.source else None, "id")
                continue
            out[s.id] = s
        return out


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
        raise ValidationErrors(errors or [ModgenError(f"game {game_id!r} could not be loaded")])
    with _lock:
        _cache[key] = (stamp, game)
    return game


__all__ = ["load_game", "validate_game", "check_game", "UNIT_TYPES", "UNIT_SIZES", "MARKER_KINDS", "parse_date", "GameDate",
           "Hex", "MarkerPlacement", "FortressPlacement", "Placement", "RailCapacity", "ScheduleEntry", "SpecialRule"]
