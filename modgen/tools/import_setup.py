"""``modgen import-setup SAVE``: the units of a VASSAL save as a scenario's set-up list.

A maintainer places the counters by hand in VASSAL (from the printed set-up card, or to fill a
list the rulebook does not print) and saves; this writes where each unit stands into the
scenario's ``setup:`` list, so ``modgen build`` then gives a scenario save with the same
positions.

What is read: the save (a ``.vlog``: its position after the last step); each piece's map pixel
becomes a hex through the grid of the module it was made with — by default ours as the game
data describe it (the scenario's boards side by side in the Main Map, as its saves lay them
out), with ``--module X.vmod`` that module's boards and grids. A piece is a
unit by its Marker ``UnitId`` (every unit of our modules has one), else by its name when
exactly one counter of the game has that palette name. Its face (``Step`` layer level 2 =
reduced) and an HQ's ``SupplyPoints`` are read too.

What is written — the scenario file is edited in place, only its ``setup:`` list, so comments,
rulebook ``line:`` references and every other field stay as they are: an entry whose unit
stands elsewhere gets the new hex on its own line; an entry whose unit is not on the map any
more is removed; units not listed yet are appended at the end of the list under a comment
naming the save. ``-o FILE`` writes the edited scenario there instead. The result is validated
with the whole game before anything is written.

Not set-up entries: fortress counters (the scenario's ``fortresses:``), markers, and pieces in
the reinforcement pools or the Eliminated box (reported). Pieces the game does not know are
reported, never guessed. A scenario over several map sheets names its hexes ``SHEET:CCRR``
(the sheet is the board's name, which is the map id in our modules).
"""
from __future__ import annotations

import re
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import ModgenError

_HEX_VALUE = re.compile(r"(\bhex:\s*)(\"[^\"]*\"|'[^']*'|[^,}\s#]+)")
_TOP_KEY = re.compile(r"^[A-Za-z_][\w-]*\s*:")


@dataclass
class Unit:
    counter: str
    hex: str                      # "CCRR" or "SHEET:CCRR"
    reduced: bool
    supply_points: int | None
    name: str


@dataclass
class ImportResult:
    scenario: str
    file: str                     # the scenario file (relative to the data folder)
    output: str                   # where the result is (or would be) written
    text: str                     # the new file text
    changed: bool
    kept: list[str] = field(default_factory=list)
    moved: list[tuple[str, str, str]] = field(default_factory=list)
    faces: list[tuple[str, str]] = field(default_factory=list)      # (counter, what changed)
    added: list[Unit] = field(default_factory=list)
    removed: list[tuple[str, str]] = field(default_factory=list)    # (counter, why)
    unknown: list[tuple[str, str]] = field(default_factory=list)    # (piece name, where)
    skipped: list[tuple[str, str]] = field(default_factory=list)    # (piece name, why)

    def to_json(self) -> dict:
        return {
            "scenario": self.scenario, "file": self.file, "output": self.output,
            "changed": self.changed, "kept": len(self.kept),
            "moved": [{"counter": c, "from": a, "to": b} for c, a, b in self.moved],
            "faces": [{"counter": c, "change": w} for c, w in self.faces],
            "added": [{"counter": u.counter, "hex": u.hex, "reduced": u.reduced,
                       "supply_points": u.supply_points} for u in self.added],
            "removed": [{"counter": c, "why": w} for c, w in self.removed],
            "unknown": [{"piece": n, "where": w} for n, w in self.unknown],
            "skipped": [{"piece": n, "why": w} for n, w in self.skipped],
        }

    def report(self, written: bool) -> str:
        lines = [f"modgen import-setup: scenario {self.scenario} ({self.file}): "
                 f"{len(self.kept)} units where the list has them, {len(self.moved)} moved, "
                 f"{len(self.added)} added, {len(self.removed)} removed"
                 + (f", {len(self.faces)} faces or supply points changed" if self.faces else "")]
        for c, a, b in self.moved:
            lines.append(f"  moved    {c} {a} → {b}")
        for c, w in self.faces:
            lines.append(f"  changed  {c}: {w}")
        for u in self.added:
            extra = (", reduced" if u.reduced else "") + (
                f", {u.supply_points} supply points" if u.supply_points else "")
            lines.append(f"  added    {u.counter} ({u.name}) in {u.hex}{extra}")
        for c, w in self.removed:
            lines.append(f"  removed  {c}: {w}")
        for n, w in self.unknown:
            lines.append(f"  UNKNOWN  {n!r} at {w}: no counter of this game; not imported")
        if self.skipped:
            lines.append(f"  not set-up entries: {len(self.skipped)} pieces (" + "; ".join(
                sorted({w for _, w in self.skipped})) + ")")
        if not self.changed:
            lines.append(f"  {self.file} already lists this set-up: nothing written")
        elif written:
            lines.append(f"  wrote {self.output}")
        return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- reading the save

def _read_state(save: str, module: Any):
    from ..replay import replay
    from ..replay.state import GameState
    from ..vassal.archive import read_saved_game
    from ..vassal.commands import parse_saved_game
    sf = read_saved_game(save)
    try:
        saved = parse_saved_game(sf.text)
    except ModgenError as e:
        raise ModgenError(e.message, file=save) from None
    if saved.steps:
        return replay(saved, module).final
    gs = GameState(module)
    gs.apply_all(saved.initial)
    return gs


def hex_text(board: str, h, n_boards: int, multi_sheet_game: bool = False) -> str:
    """The printed hex ``h`` of ``board`` as the data write it: ``CCRR`` in a game of one sheet,
    ``SHEET:CCRR`` when the scenario has several sheets or the game does (docs/multi-sheet.md:
    an Eastern Front scenario on 6-6 alone still writes ``6-6:1517``)."""
    return f"{board}:{h.id}" if n_boards > 1 or multi_sheet_game else h.id


def _multi(game) -> bool:
    th = getattr(game, "theatre", None)
    return th is not None and th.multi


def _data_hex(game, scenario, h) -> str:
    """A placement's hex (a theatre hex in a game of several sheets) as the data write it."""
    return game.theatre.name(h, scenario.maps) if _multi(game) else h.id


def _same_hex(game, scenario, text: str, h) -> bool:
    """Whether an imported hex text is the placement's hex (one theatre hex may be printed on
    two overlapping sheets: either name is the same hex)."""
    if not _multi(game):
        return text == h.id
    try:
        return game.theatre.parse(text, default_sheet=scenario.maps[0]) == h
    except ModgenError:
        return False


def _locator(game, scenario, module: Any):
    """map, x, y → (board name, Hex) | None, or the string "no grid" for a board without one.

    Without ``module``: our module's Main Map, the scenario's boards side by side in the order
    it lists them (``modgen.check.context.boards_for``, as the scenario saves lay them out).
    With a module read from a file: its maps' board layouts (a save's BoardPicker applied) and
    grids."""
    if module is None:
        from ..check.context import MAIN_MAP, boards_for
        boards = boards_for(game, scenario.maps)

        def ours(m, x, y):
            if m != MAIN_MAP:
                return None
            for b in boards:
                h = b.hex_at(int(x), int(y))
                if h is not None:
                    # the board's printed hex: in a game of several sheets ``hex_at`` answers
                    # with the theatre hex, whose own id is no hex of any printed sheet
                    return b.id, b.local(h)
            return None
        return ours

    def theirs(m, x, y):
        mi = module.map(m) if m else None
        found = mi.board_at(x, y) if mi is not None else None
        if found is None:
            return None
        if found[0].grid is None:
            return "no grid"
        h = mi.hex_at(x, y)
        return (found[0].name, h) if h is not None else None
    return theirs


def read_units(save: str, game, scenario, module: Any = None):
    """(units by counter, unknown pieces, skipped pieces) of a save, hexes from ``module``'s
    grids (default: our module as the game data describe it)."""
    from ..module import pieces as P
    locate = _locator(game, scenario, module)
    gs = _read_state(save, module)
    by_name: dict[str, list[str]] = {}
    for s in P.slots(game):
        if s.counter:
            by_name.setdefault(s.entry_name, []).append(s.counter)
    units: dict[str, Unit] = {}
    unknown: list[tuple[str, str]] = []
    skipped: list[tuple[str, str]] = []
    dup: dict[str, list[str]] = {}
    gridless_maps: set[str] = set()
    n_on_grid = 0
    n_boards = max(1, len(scenario.maps))
    for p in sorted(gs.pieces.values(), key=lambda p: p.id):
        if p.type == "stack":
            continue
        props = p.properties
        m, x, y = p.position
        where = f"{m} {x},{y}" if m else "no map"
        if props.get("MarkerId"):
            skipped.append((p.name, "markers"))
            continue
        cid = props.get("UnitId")
        if not cid or cid not in game.counters:
            names = by_name.get(p.basic_name) or by_name.get(p.name) or []
            cid = names[0] if len(names) == 1 and not cid else None
        if cid is None:
            unknown.append((p.name or p.basic_name or p.id, where))
            continue
        counter = game.counters[cid]
        if counter.type == "fortress":
            skipped.append((p.name, "fortress counters: the scenario's fortresses list"))
            continue
        found = locate(m, x, y) if m else None
        if found is None or found == "no grid":
            if found == "no grid":
                gridless_maps.add(m)
            skipped.append((p.name, "off the hex map (reinforcement pools, Eliminated)"))
            continue
        board, h = found
        n_on_grid += 1
        sp = props.get("SupplyPoints")
        try:
            sp_val = int(sp) if sp not in (None, "") else None
        except ValueError:
            sp_val = None
        level = p.layers.get("Step")
        unit = Unit(cid, hex_text(board, h, n_boards, _multi(game)), level == 2, sp_val, p.name)
        if cid in units:
            dup.setdefault(cid, [units[cid].hex]).append(unit.hex)
            continue
        units[cid] = unit
    if dup:
        cid, hexes = next(iter(sorted(dup.items())))
        raise ModgenError(f"{len(dup)} counters stand more than once in the save, e.g. {cid} "
                          f"in {', '.join(hexes)}: which is the set-up?", file=save)
    if n_on_grid == 0:
        why = (f"map {', '.join(sorted(gridless_maps))} has no hex grid in the module"
               if gridless_maps else "no unit of the game stands on a hex grid of the module")
        raise ModgenError(f"no set-up to import: {why}", file=save)
    return units, unknown, skipped


# --------------------------------------------------------------------------- editing the YAML

def _set_flow_field(line: str, key: str, value: str | None) -> str:
    """Set (or with None remove) ``key: value`` in a one-line flow mapping ``- {…}``."""
    pat = re.compile(rf"(,\s*)?\b{re.escape(key)}:\s*(\"[^\"]*\"|'[^']*'|[^,}}\s#]+)(\s*,\s*)?")
    m = pat.search(line)
    if m:
        if value is None:
            before, after = m.group(1), m.group(3)
            repl = ", " if (before and after) else ""
            return line[:m.start()] + repl + line[m.end():]
        return line[:m.start()] + (m.group(1) or "") + f"{key}: {value}" + (m.group(3) or "") \
            + line[m.end():]
    if value is None:
        return line
    close = line.rfind("}")
    return line[:close].rstrip() + f", {key}: {value}" + line[close:]


def _entry_spans(lines: list[str], start: int, end: int, entry_lines: list[int]
                 ) -> dict[int, tuple[int, int]]:
    """{start line index: (first, last+1)} of each entry between ``start`` and ``end``."""
    starts = sorted(entry_lines)
    spans = {}
    for i, s in enumerate(starts):
        stop = starts[i + 1] if i + 1 < len(starts) else end
        last = s + 1
        for j in range(s + 1, stop):       # continuation lines: deeper than the "- "
            t = lines[j]
            if t.strip() and not t.lstrip().startswith("#") and \
                    len(t) - len(t.lstrip()) > len(lines[s]) - len(lines[s].lstrip()):
                last = j + 1
            elif t.strip() and not t.lstrip().startswith("#"):
                break
        spans[s] = (s, last)
    return spans


def _edit_entry(entry: list[str], key: str, value: str | None) -> list[str]:
    """One entry's lines with ``key`` set to ``value`` (None: removed)."""
    if len(entry) == 1 and "{" in entry[0]:
        return [_set_flow_field(entry[0], key, value)]
    pat = re.compile(rf"^(\s*(?:-\s+)?){re.escape(key)}:\s*.*$")
    out = list(entry)
    for j, t in enumerate(out):
        if pat.match(t):
            if value is None:
                if t.lstrip().startswith("-"):
                    raise ModgenError(f"cannot remove {key} from a block entry that starts with "
                                      "it; edit it by hand or use -o")
                del out[j]
            else:
                out[j] = pat.sub(lambda m: f"{m.group(1)}{key}: {value}", t)
            return out
    if value is not None:
        indent = " " * (len(entry[0]) - len(entry[0].lstrip()) + 2)
        out.append(f"{indent}{key}: {value}")
    return out


def _quote(h: str) -> str:
    return f'"{h}"'


def edit_setup(text: str, scenario, units: dict[str, Unit], save_name: str,
               result: ImportResult, game) -> str:
    """The scenario file's text with its ``setup:`` list made to match ``units``."""
    lines = text.split("\n")
    start = next((i for i, t in enumerate(lines) if re.match(r"^setup\s*:", t)), None)
    if start is None:
        lines = lines[:-1] if lines and lines[-1] == "" else lines
        lines.append("setup:")
        start = len(lines) - 1
        lines.append("")
    elif re.match(r"^setup\s*:\s*\[\s*\]\s*(#.*)?$", lines[start]):
        lines[start] = "setup:"
    end = next((i for i in range(start + 1, len(lines)) if _TOP_KEY.match(lines[i])), len(lines))
    by_line = {pl.source.line - 1: pl for pl in scenario.setup
               if pl.source is not None and pl.source.line and start < pl.source.line - 1 < end}
    if len(by_line) != len(scenario.setup):
        raise ModgenError("the set-up list is not one entry per unit on lines of its own "
                          "(cannot edit it in place); write it by hand or use -o", file=result.file)
    spans = _entry_spans(lines, start, end, list(by_line))
    repl: dict[int, list[str]] = {s: lines[a:b] for s, (a, b) in spans.items()}
    listed = set()
    for s, pl in sorted(by_line.items()):
        listed.add(pl.counter)
        u = units.get(pl.counter)
        old_hex = _data_hex(game, scenario, pl.hex) if pl.hex is not None else None
        if u is None:
            repl[s] = []
            result.removed.append((pl.counter, f"not on the map in {save_name}"
                                   + (f" (was {old_hex})" if old_hex else "")))
            continue
        if pl.hex is None or not _same_hex(game, scenario, u.hex, pl.hex):
            repl[s] = _edit_entry(repl[s], "hex", _quote(u.hex))
            if "note:" not in "".join(repl[s]) and old_hex:
                # the entry's rulebook line printed the old hex: say where the new one is from
                repl[s] = _edit_entry(repl[s], "note", _quote(
                    f"hex placed in VASSAL ({save_name}); the printed list has {old_hex}"))
            result.moved.append((pl.counter, old_hex or "(no hex)", u.hex))
        else:
            result.kept.append(pl.counter)
        if pl.strength is None and pl.reduced != u.reduced:
            repl[s] = _edit_entry(repl[s], "reduced", "true" if u.reduced else None)
            result.faces.append((pl.counter, "reduced" if u.reduced else "full strength"))
        if game.counters[pl.counter].type == "hq" and u.supply_points is not None:
            effective = pl.supply_points if pl.supply_points is not None else \
                scenario.hq_supply_points.get(pl.counter, 0)
            if u.supply_points != effective:
                repl[s] = _edit_entry(repl[s], "supply_points", str(u.supply_points))
                result.faces.append((pl.counter, f"supply points {effective} → "
                                                 f"{u.supply_points}"))
    new = [u for c, u in sorted(units.items()) if c not in listed]
    indent = "  "
    if by_line:
        first = lines[min(by_line)]
        indent = first[:len(first) - len(first.lstrip())]
    insert_at = max((spans[s][1] for s in spans), default=start + 1)
    added_lines = []
    if new:
        added_lines.append(f"{indent}# placed in VASSAL: imported by modgen import-setup "
                           f"from {save_name}")
        for u in new:
            extra = ", reduced: true" if u.reduced else ""
            default = scenario.hq_supply_points.get(u.counter, 0)
            if game.counters[u.counter].type == "hq" and u.supply_points not in (None, default):
                extra += f", supply_points: {u.supply_points}"
            added_lines.append(f"{indent}- {{counter: {u.counter}, hex: {_quote(u.hex)}{extra}}}")
            result.added.append(u)
    span_of = {i: s for s, (a, b) in spans.items() for i in range(a, b)}
    out = []
    for i, t in enumerate(lines):
        if i == insert_at:
            out.extend(added_lines)
        s = span_of.get(i)
        if s is None:
            out.append(t)
        elif i == spans[s][0]:
            out.extend(repl[s])
    if insert_at >= len(lines):
        out.extend(added_lines)
    return "\n".join(out)


# --------------------------------------------------------------------------- entry

def import_setup(save: str, game_id: str, scenario_id: str, *, data: str | None = None,
                 module_path: str | None = None, output: str | None = None) -> ImportResult:
    """Compute the edited scenario file and check it with the whole game (nothing written)."""
    from ..model import load_game
    from ..paths import data_root
    if not Path(save).is_file():
        raise ModgenError("file not found", file=save)
    game = load_game(game_id, data)
    if scenario_id not in game.scenarios:
        raise ModgenError(f"no scenario {scenario_id!r} in game {game_id} (known: "
                          f"{', '.join(sorted(game.scenarios))})", field="--scenario")
    sc = game.scenarios[scenario_id]
    module = None
    if module_path:
        from ..vassal.buildfile import read_module
        module = read_module(module_path)
    units, unknown, skipped = read_units(save, game, sc, module)
    root = data_root(data)
    rel = sc.source.file if sc.source is not None else f"scenarios/{game_id}/{scenario_id}.yaml"
    path = root / rel
    text = path.read_text(encoding="utf-8")
    result = ImportResult(scenario_id, rel, output or str(path), "", False,
                          unknown=unknown, skipped=skipped)
    new_text = edit_setup(text, sc, units, Path(save).name, result, game)
    result.text = new_text
    result.changed = new_text != text or bool(output)
    if new_text != text:
        _validate(root, rel, new_text, game_id, scenario_id, units)
    return result


def _validate(root: Path, rel: str, text: str, game_id: str, scenario_id: str, units) -> None:
    """Load the whole game with the new file (in a copy of the data folder): the result must
    be valid data whose set-up is exactly the save's units."""
    from ..model.load import check_game
    from ..errors import ModgenError as E
    with tempfile.TemporaryDirectory(prefix="modgen-import-") as d:
        tmp = Path(d)
        for f in ("games", "counters", "maps", "scenarios", "tables"):
            if (root / f).is_dir():
                shutil.copytree(root / f, tmp / f)
        (tmp / rel).write_text(text, encoding="utf-8")
        game, errors, _ = check_game(game_id, tmp)
        if errors or game is None:
            first = errors[0] if errors else E("the game does not load")
            raise ModgenError(f"the imported set-up would not be valid data: {first.format()}",
                              file=rel)
        sc = game.scenarios[scenario_id]
        got = {pl.counter: pl.hex for pl in sc.setup if pl.hex}
        if set(got) != set(units) or not all(_same_hex(game, sc, units[c].hex, h)
                                               for c, h in got.items()):
            have = {c: _data_hex(game, sc, h) for c, h in got.items()}
            bad = sorted(set(have.items()) ^ {(c, u.hex) for c, u in units.items()})[:3]
            raise ModgenError(f"internal error: the edited set-up does not read back as the "
                              f"save's ({bad})", file=rel)


def write(result: ImportResult) -> None:
    from ..atomicfile import atomic_write
    p = Path(result.output)
    try:
        with atomic_write(p) as f:
            f.write(result.text.encode("utf-8"))
    except OSError as e:
        raise ModgenError(f"cannot write the scenario: {e.strerror or e}", file=str(p)) from None
