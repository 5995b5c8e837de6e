"""A small Der Weltkrieg game built in code for the combat checker's tests (test values, not game
data): the real Terrain Effects Chart and the (placeholder) CRT of tables/der-weltkrieg, a
rectangular map (columns 14-30, rows 5-24) whose hexsides are clear unless a test says otherwise,
two sides, and the counters the worked examples of the Standard Rules need (Figure 9: French 88T
and 87T divisions 4-4 back 3-4; German 8-5 division back 6-5, a 10-5 division, a 2-4 brigade back
1-4, 5-5 division, a cavalry division; …). The sequence of play is Standard Rule 5's
(tests/check_game.SEQUENCE).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1]))
import check_game  # noqa: E402

from modgen.hexgrid import Hex  # noqa: E402
from modgen.model.types import (Counter, Face, Game, GameDate, MarkerDef, Nation, Placement,  # noqa: E402,F401
                                Scenario, Side, SpecialRule)
from modgen.systems.der_weltkrieg.rules.board import make_map  # noqa: E402

_TABLES = None


def real_tables():
    """The TEC and CRT as the game data ship them (loaded once)."""
    global _TABLES
    if _TABLES is None:
        from modgen.model import load_game
        g = load_game("italian-front")
        _TABLES = {"tec": g.tables["tec"], "crt": g.tables["crt"]}
    return _TABLES


def _c(cid, nation, type_, size, des, s, m, back=None, full=None, defence_only=False):
    return Counter(cid, nation, type_, size, des, Face(s, m, defence_only=defence_only),
                   Face(back, m) if back is not None else None, full_strength=full)


COUNTERS = [
    # Figure 9 (000:L363)
    _c("fr-inf-xx-88t", "france", "inf", "XX", "88T", 4, 4, 3, full=4),
    _c("fr-inf-xx-87t", "france", "inf", "XX", "87T", 4, 4, 3, full=4),
    _c("de-inf-xx-8", "germany", "inf", "XX", "8", 8, 5, 6, full=8),
    _c("de-inf-xx-10", "germany", "inf", "XX", "10", 10, 5, 6, full=8),
    _c("de-inf-x-2", "germany", "inf", "X", "2", 2, 4, 1, full=8),
    _c("de-cav-xx-3", "germany", "cav", "XX", "3", 3, 6, 2, full=3),
    _c("de-cav-x-4", "germany", "cav", "X", "4", 2, 6, 1, full=2),
    _c("de-inf-xx-5", "germany", "inf", "XX", "5", 7, 5, 5, full=8),
    _c("de-hq-xxxx-2nd", "germany", "hq", "XXXX", "2nd", None, 4),
    _c("fr-hq-xxxx-6th", "france", "hq", "XXXX", "6th", None, 4),
    # more units for the other examples
    _c("de-inf-xx-6", "germany", "inf", "XX", "6", 6, 5, 4, full=8),
    _c("de-rpl-5", "germany", "rpl", "XX", "RPL", 5, 4, full=8),
    _c("de-aslt-xx-12", "germany", "aslt", "XX", "12", 12, 5, 6, full=8),
    _c("de-aslt-xx-13", "germany", "aslt", "XX", "13", 12, 5, 6, full=8),
    _c("de-art-x-a", "germany", "art", "X", "A", 4, 3, 2),
    _c("de-art-x-b", "germany", "art", "X", "B", 3, 3, 2),
    _c("de-art-x-c", "germany", "art", "X", "C", 8, 3, 4),
    _c("de-art-x-d", "germany", "art", "X", "D", 8, 3, 4),
    _c("de-inf-xx-9", "germany", "inf", "XX", "9", 8, 5, 6, full=8),
    _c("de-inf-xx-7", "germany", "inf", "XX", "7", 8, 5, 6, full=8),
    _c("fr-inf-xx-1", "france", "inf", "XX", "1", 4, 4, 3, full=4),
    _c("fr-inf-xx-2", "france", "inf", "XX", "2", 4, 4, 3, full=4),
    _c("fr-inf-xx-3", "france", "inf", "XX", "3", 4, 4, 3, full=4),
    _c("fr-cav-xx-1", "france", "cav", "XX", "1c", 1, 6, full=1),
    _c("fr-fort-3", "france", "fortress", "", "3", 3, None),
    _c("fr-fort-36", "france", "fortress", "", "36", 36, None),
    _c("fr-fort-15", "france", "fortress", "", "15", 15, None),
    _c("it-inf-xx-4", "italy", "inf", "XX", "4", 4, 4, 3, full=4),
    _c("it-inf-xx-6", "italy", "inf", "XX", "6", 4, 4, 3, full=4),
    _c("ah-inf-xx-1", "austria-hungary", "inf", "XX", "1", 4, 4, 3, full=4),
    _c("ah-inf-xx-2", "austria-hungary", "inf", "XX", "2", 4, 4, 3, full=4),
    _c("ah-hq-xxxx-5th", "austria-hungary", "hq", "XXXX", "5th", None, 4),
    _c("it-hq-xxxx-2nd", "italy", "hq", "XXXX", "2nd", None, 4),
    _c("it-hq-xxxx-3rd", "italy", "hq", "XXXX", "3rd", None, 4),
    # 14-16, 14-20, 29-15, 40-3
    _c("fr-eng-iii-1", "france", "eng", "III", "1e", 1, 4),
    Counter("fr-art-x-rr", "france", "art", "X", "RR", Face(6, None, rail_only=True), None),
    _c("de-sart-x-1", "germany", "siege-art", "X", "1s", 8, 2, 4),
    Counter("ah-cav-xx-7y", "austria-hungary", "cav", "XX", "7y", Face(1, 6), None,
            full_strength=1, qualifiers=("yellow-values",)),
    _c("ah-cav-xx-8u", "austria-hungary", "cav", "XX", "8u", 1, 6, full=1),
    _c("it-cav-xx-1", "italy", "cav", "XX", "1c", 2, 6, 1, full=2),
    _c("it-cav-xx-2", "italy", "cav", "XX", "2c", 2, 6, 1, full=2),
]

MARKERS = {
    "trench": MarkerDef("trench", "trench", "Trench"),
    "construction": MarkerDef("construction", "construction", "Construction"),
    "devastation": MarkerDef("devastation", "devastation", "Devastation"),
    "entrained": MarkerDef("entrained", "entrained", "Entrained"),
    "strength-minus-1": MarkerDef("strength-minus-1", "strength", "-1", ("-1",)),
    "strength-half": MarkerDef("strength-half", "strength", "1/2", ("1/2",)),
    "supply-points": MarkerDef("supply-points", "supply", "Supply Points"),
}

NATIONS = {
    "germany": Nation("germany", "Germany", "central-powers", "#a0a0a0", "#000000"),
    "austria-hungary": Nation("austria-hungary", "Austria-Hungary", "central-powers", "#d8d0a0",
                              "#000000"),
    "france": Nation("france", "France", "entente", "#9cc4e8", "#000000"),
    "italy": Nation("italy", "Italy", "entente", "#a9d79b", "#000000"),
}
SIDES = (Side("central-powers", "Central Powers", ("germany", "austria-hungary")),
         Side("entente", "Entente", ("france", "italy")))


def game(setup=(), *, hexsides=None, hexes=None, date=GameDate(1915, 6, 1),
         first_phase="cp-combat", special_rules=(), markers=(), map_id="2-2", crt=None,
         last=GameDate(1915, 6, 7), rail_capacities=(), reinforcements=(), cols=(14, 30),
         rows=(5, 24), country="france") -> Game:
    """A game whose one scenario ``t`` starts on ``date`` in ``first_phase`` with ``setup``
    (``Placement``s; ``markers``: ``MarkerPlacement``s, placed on top of the units); the map
    covers columns ``cols`` and rows ``rows`` of ``country``."""
    mapdef = make_map(cols, rows, map_id=map_id, hexsides=hexsides or {},
                      hexes={f"{c:02d}{r:02d}": {"country": country}
                             for c in range(cols[0], cols[1] + 1)
                             for r in range(rows[0], rows[1] + 1)} | (hexes or {}))
    sc = Scenario(id="t", name="Test", maps=(map_id,), first_turn=date, last_turn=last,
                  first_phase=first_phase, phasing_side="central-powers", description="test",
                  setup=tuple(setup), setup_incomplete=(), fortresses=(), markers=tuple(markers),
                  dead_pool=(), hq_supply_points={}, rail_capacities=tuple(rail_capacities),
                  reinforcements=tuple(reinforcements),
                  special_rules=tuple(special_rules), victory_conditions=(), starting_dm={})
    tables = dict(real_tables())
    if crt is not None:
        tables["crt"] = crt
    tables["sequence"] = check_game.SEQUENCE
    return Game(id="combat-test", title="Combat Test", system="der-weltkrieg", version="0.0.1",
                sides=SIDES, nations=NATIONS, maps={map_id: mapdef},
                counters={c.id: c for c in COUNTERS}, markers=MARKERS, scenarios={"t": sc},
                tables=tables)


def P(counter: str, hex_: str, **kw) -> Placement:
    return Placement(counter, Hex.parse(hex_), **kw)


def printed_crt():
    """The placeholder CRT with its provenance marked printed: what swapping in the printed card
    does (every cell is then a real value)."""
    from dataclasses import replace
    from modgen.model.types import Provenance
    crt = real_tables()["crt"]
    return replace(crt, provenance=Provenance("rulebook", "test fixture: the table marked printed"))


def fixture_crt(cells: dict, *, printed: bool = True, base=None):
    """A CRT for a test: the placeholder's cells with ``cells`` ({(column, die): result} on the
    standard table) replaced, marked printed (or placeholder)."""
    from dataclasses import replace
    from modgen.model.types import Provenance
    crt = base or real_tables()["crt"]
    tables = []
    for t in crt.tables:
        cols = dict(t.cells)
        if t.id == "standard":
            for (col, die), res in cells.items():
                row = list(cols[col])
                row[die - crt.die_min] = res
                cols[col] = tuple(row)
        tables.append(replace(t, cells=cols))
    prov = Provenance("rulebook" if printed else "placeholder", "test fixture")
    return replace(crt, tables=tuple(tables), provenance=prov,
                   printed_cells=crt.printed_cells if not printed else frozenset())


def new(setup, *, hexsides=None, markers_after=(), log_start=None, **kw):
    """A TestGame on :func:`game` whose begin state places ``setup`` in order (and a marker
    after the unit whose index ``markers_after`` names: [(index, marker id)]). ``log_start``:
    (date, phase id) where the log begins when it is not the scenario's start (a continuation)."""
    from modgen.testing import TestGame
    g = game(setup, hexsides=hexsides, **kw)
    date, phase = log_start or (None, None)
    t = TestGame(g, g.scenarios["t"], setup=False, date=date, phase=phase)
    t.side = {"cp": "Central Powers", "en": "Entente"}[kw.get("first_phase", "cp-combat")[:2]]
    after = {}
    for i, m in markers_after:
        after.setdefault(i, []).append(m)
    for i, p in enumerate(setup):
        if p.hex is None:
            t.place(p.counter, map_name=p.location or f"{_side_of(g, p.counter)} Reinforcements")
            for m in after.get(i, []):
                raise ValueError("markers go on a hex")
            continue
        t.place(p.counter, p.hex, reduced=p.reduced, sp=p.supply_points)
        for m in after.get(i, []):
            t.place_marker(m, p.hex)
    return t


def _side_of(g, counter: str) -> str:
    sid = g.side_of(g.counters[counter].nation)
    return next(s.name for s in g.sides if s.id == sid)


def Pool(counter: str) -> Placement:
    """A unit waiting in its side's Reinforcements pool (off the map)."""
    return Placement(counter, None)


RAIL_LINE = {f"{20 + i:02d}10|{21 + i:02d}10": {"rail": "double"} for i in range(0, 8)}


def Dead(counter: str) -> Placement:
    """A unit in the Eliminated box."""
    return Placement(counter, None, location="Eliminated")


def check(t):
    """``modgen check`` on the scripted game ``t`` (its log, game and scenario)."""
    from modgen.check.engine import check_log
    from modgen.check.logread import parse_log
    return check_log(parse_log(t.text()), t.game, t.scenario)


def of(report, rule=None, severity="violation"):
    """The report's findings of ``severity`` (and of ``rule`` when given)."""
    return [f for f in report.findings if f.severity == severity and (rule is None or f.rule == rule)]
