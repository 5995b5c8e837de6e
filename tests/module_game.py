"""A tiny Game built in code, for the module writer's tests (no data files needed).

It uses the real model dataclasses; values are test values, not game data.
"""
from __future__ import annotations

from PIL import Image

from modgen.hexgrid import Hex, Hexside
from modgen.model.types import (Counter, Face, FortressPlacement, Game, GameDate, HexInfo,
                                HexsideInfo, MapDef, MapGrid, MarkerDef, MarkerPlacement, Nation,
                                Placement, Provenance, Scenario, ScheduleEntry, Side)

SEQUENCE = {
    "special_turn": {"phases": [
        {"id": "trench-completion", "name": "Trench Construction Completion"},
        {"id": "trench-initiation", "name": "Trench Construction Initiation"}]},
    "normal_turn": {"phases": [
        {"id": f"{s}-{p}", "name": f"{n} {pn}", "side": s}
        for s, n in (("cp", "Central Powers"), ("en", "Entente"))
        for p, pn in (("reinforcement", "Reinforcement"), ("movement", "Movement"),
                      ("combat", "Combat"), ("replacement", "Replacement"))]},
}


def tiny_game(version: str = "0.1.0", extra_counter: bool = False) -> Game:
    grid = MapGrid(first_col=10, last_col=14, first_row=10, last_row=14, hex_height=64.0)
    hexes = {Hex(c, r): HexInfo(Hex(c, r), country="italy" if c < 12 else "austria-hungary")
             for c in range(10, 15) for r in range(10, 15)}
    hexsides = {Hexside.of("1010", "1011"): HexsideInfo(Hexside.of("1010", "1011"), "clear")}
    mapdef = MapDef(id="6-4", name="Italy", grid=grid, hexes=hexes, hexsides=hexsides,
                    provenance=Provenance("schematic", "test map"))
    nations = {
        "austria-hungary": Nation("austria-hungary", "Austria-Hungary", "central-powers",
                                  "#d8d0a0", "#000000"),
        "italy": Nation("italy", "Italy", "entente", "#a0c0a0", "#000000"),
    }
    sides = (Side("central-powers", "Central Powers", ("austria-hungary",)),
             Side("entente", "Entente", ("italy",)))
    counters = {
        "ah-inf-x-96": Counter("ah-inf-x-96", "austria-hungary", "inf", "X", "96",
                               Face(2, 4), Face(1, 4)),
        "ah-hq-xxxx-tir": Counter("ah-hq-xxxx-tir", "austria-hungary", "hq", "XXXX", "Tir",
                                  Face(None, 4), None),
        "it-inf-xx-1": Counter("it-inf-xx-1", "italy", "inf", "XX", "1", Face(4, 4), Face(3, 4),
                               full_strength=4),
        "it-mtn-x-a;b": Counter("it-mtn-x-a;b", "italy", "mtn", "X", "A/B\\x", Face(2, 4),
                                Face(1, 4)),
        "ah-fort-8": Counter("ah-fort-8", "austria-hungary", "fortress", "", "8",
                             Face(8, None), None),
    }
    if extra_counter:
        counters["it-inf-xx-2"] = Counter("it-inf-xx-2", "italy", "inf", "XX", "2", Face(4, 4),
                                          Face(3, 4))
    markers = {
        "trench": MarkerDef("trench", "trench", "Trench"),
        "devastation": MarkerDef("devastation", "devastation", "Devastation"),
        "dm": MarkerDef("dm", "dm", "DM", values=("1", "10")),
        "strength-minus-1": MarkerDef("strength-minus-1", "strength", "Strength", values=("-1",)),
    }
    sc = Scenario(
        id="if-test", name="Test Scenario", maps=("6-4",),
        first_turn=GameDate(1915, 5, 7), last_turn=GameDate(1915, 6, 7),
        first_phase="en-movement", phasing_side="entente", description="A test scenario.",
        setup=(Placement("ah-inf-x-96", Hex(12, 11)), Placement("ah-hq-xxxx-tir", Hex(12, 11)),
               Placement("it-inf-xx-1", Hex(11, 12), reduced=True),
               Placement("it-mtn-x-a;b", Hex(10, 14), strength=0)),
        setup_incomplete=("A-H list truncated after 8 rows (dangling hex 2318)",),
        fortresses=(FortressPlacement("austria-hungary", 8, Hex(13, 10), "Trient"),),
        markers=(MarkerPlacement("trench", Hex(12, 11)),
                 MarkerPlacement("devastation", Hex(14, 14))),
        dead_pool=(Placement("it-inf-xx-2" if extra_counter else "it-inf-xx-1", None),)
        if extra_counter else (),
        hq_supply_points={"ah-hq-xxxx-tir": 5},
        rail_capacities=(), reinforcements=(
            ScheduleEntry(GameDate(1915, 6, 1), "1 June 1915", "italy", arrivals=(
                Placement("it-inf-xx-2" if extra_counter else "it-mtn-x-a;b", None,
                          location="Milano"),)),) if extra_counter else (),
        special_rules=(), victory_conditions=(), starting_dm={"austria-hungary": 100},
    )
    return Game(id="tiny", title="Tiny Front", system="der-weltkrieg", version=version,
                sides=sides, nations=nations, maps={"6-4": mapdef}, counters=counters,
                markers=markers, scenarios={sc.id: sc}, tables={"sequence": SEQUENCE})


def stub_images(game: Game) -> dict[str, Image.Image]:
    """Plain images standing in for the counter art."""
    from modgen.module import pieces
    out: dict[str, Image.Image] = {}
    for cid, c in game.counters.items():
        out[pieces.counter_image(cid, "front")] = Image.new("RGB", (48, 48), (200, 200, 200))
        if c.back is not None:
            out[pieces.counter_image(cid, "back")] = Image.new("RGB", (48, 48), (150, 150, 150))
    for mid, m in game.markers.items():
        for v in (m.values or (None,)):
            out[pieces.marker_image(mid, v)] = Image.new("RGB", (40, 40), (250, 250, 0))
    return out


def stub_geometry(mapdef):
    """A grid laid out like the real art (margins 24 px) and a board just large enough."""
    from modgen.hexgrid import VassalHexGrid
    g = mapdef.grid
    grid = VassalHexGrid.for_printed_numbering(g.hex_height, g.first_col, g.first_row, 24, 24)
    xs, ys = zip(*(pt for h in mapdef.hexes for pt in grid.corners(h)))
    return grid, int(max(xs)) + 24, int(max(ys)) + 24


def stub_map_art(mapdef):
    _, w, h = stub_geometry(mapdef)
    return Image.new("RGB", (w, h), (240, 240, 230))


def build_kw():
    """Keyword arguments for modgen.module.build.build_entries/build_module with stub art."""
    return dict(geometry=stub_geometry, map_art=stub_map_art, images=stub_images)
