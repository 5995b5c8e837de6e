"""Trench markers derived from the map (4-2 border rule, 7-2 front rule) on a small hand-made map."""
from __future__ import annotations

from types import MappingProxyType

from modgen.hexgrid import Hex, Hexside
from modgen.model import (Counter, Face, Game, GameDate, HexInfo, HexsideInfo, MapDef, MapGrid, Nation,
                          Placement, Provenance, Scenario, Side)
from modgen.model.derive import derive_entrenched_hexes, derived_marker_placements

# A 4 x 4 patch: columns 10-11 Austria-Hungary, columns 12-13 Italy.
HEXES = {Hex(c, r): HexInfo(Hex(c, r), country="austria-hungary" if c <= 11 else "italy")
         for c in range(10, 14) for r in range(10, 14)}


def make_map(mountain_sides: set[Hexside]) -> MapDef:
    sides = {}
    for h in HEXES:
        for n in h.neighbours():
            if n in HEXES:
                s = Hexside.of(h, n)
                sides[s] = HexsideInfo(s, "mountain" if s in mountain_sides else "clear",
                                       border=HEXES[h].country != HEXES[n].country)
    return MapDef("t", "test", MapGrid(10, 13, 10, 13), MappingProxyType(HEXES), MappingProxyType(sides),
                  Provenance("schematic"))


def unit(cid, nation, type_="inf"):
    return Counter(cid, nation, type_, "X", cid, Face(2, 4), None)


COUNTERS = {c.id: c for c in (unit("a1", "austria-hungary"), unit("a2", "austria-hungary"),
                              unit("a3", "austria-hungary"), unit("ahq", "austria-hungary", "hq"),
                              unit("i1", "italy"), unit("i2", "italy"))}


def game(mapdef):
    nations = {"austria-hungary": Nation("austria-hungary", "A-H", "central-powers", "#ffffff", "#000000"),
               "italy": Nation("italy", "Italy", "entente", "#aaffaa", "#000000")}
    return Game("t", "T", "der-weltkrieg", "1", (Side("central-powers", "CP", ("austria-hungary",)),
                                                  Side("entente", "E", ("italy",))),
                nations, {"t": mapdef}, COUNTERS, {}, {}, {})


def scenario(setup, how):
    d = GameDate(1915, 5, 7)
    return Scenario("s", "S", ("t",), d, d, "entente-movement", "entente", "", tuple(setup), (), (), (), (), {}, (),
                    (), (), (), {}, derived_markers=(("trench", how, "4-2"),))


def place(cid, hexid):
    return Placement(cid, Hex.parse(hexid))


def test_border_rule_4_2():
    # 1111 is on the border (neighbours in column 12); 1011 is not; 1112 is on the border but every
    # hexside it shares with Italy is mountain; the HQ in 1113 is not a ground combat unit.
    h = Hex.parse("1112")
    mountain = {Hexside.of(h, n) for n in h.neighbours() if n in HEXES and HEXES[n].country == "italy"}
    m = make_map(mountain)
    s = scenario([place("a1", "1111"), place("a2", "1011"), place("a3", "1112"), place("ahq", "1113"),
                  place("i1", "1211")], "entrenched-border")
    assert [x.id for x in derive_entrenched_hexes(s, m, game(m))] == ["1111"]


def test_border_rule_one_clear_crossing_is_enough():
    h = Hex.parse("1112")
    crossing = [Hexside.of(h, n) for n in h.neighbours() if n in HEXES and HEXES[n].country == "italy"]
    assert len(crossing) >= 2
    m = make_map(set(crossing[1:]))            # one border hexside stays clear
    s = scenario([place("a3", "1112")], "entrenched-border")
    assert [x.id for x in derive_entrenched_hexes(s, m, game(m))] == ["1112"]


def test_front_rule_7_2():
    # every ground combat unit is entrenched unless all hexsides towards adjacent enemies are mountain
    a, i = Hex.parse("1111"), Hex.parse("1211")
    assert a.distance(i) == 1
    m = make_map({Hexside.of(a, i)})
    s = scenario([place("a1", "1111"), place("a2", "1010"), place("i1", "1211"), place("i2", "1313"),
                  place("a3", "1112")], "entrenched-front")
    got = [x.id for x in derive_entrenched_hexes(s, m, game(m))]
    # 1111 faces 1211 only across mountain: not entrenched; 1211 also faces 1112 across clear: entrenched
    assert "1111" not in got
    assert {"1010", "1211", "1313", "1112"} <= set(got)


def test_placements_and_no_derivation():
    m = make_map(set())
    s = scenario([place("a1", "1111")], "entrenched-border")
    g = game(m)
    marks = derived_marker_placements(s, g)
    assert [(x.marker, x.hex.id, x.rule) for x in marks] == [("trench", "1111", "4-2")]
    plain = Scenario(**{**s.__dict__, "derived_markers": ()})
    assert derive_entrenched_hexes(plain, m, g) == []
