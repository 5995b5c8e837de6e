"""The real Eastern Front module: one Main Map with a board per sheet, every scenario a predefined
set-up in its menu, every placed unit, fortress and marker on its hex and sheet, byte-identical
rebuilds, the sheets joined where the kits say (cross-sheet movement and rail)."""
from __future__ import annotations

import zipfile
from collections import deque

import pytest
from PIL import Image

from modgen.hexgrid import Hex
from modgen.model import load_game
from modgen.module import build
from modgen.vassal.archive import read_saved_game
from modgen.vassal.buildfile import read_module
from modgen.vassal.commands import AddPiece, BoardPicker, Player, parse_saved_game
from modgen.vassal.traits import parse_piece

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def real(tmp_path_factory):
    game = load_game("eastern-front")
    out = tmp_path_factory.mktemp("ef") / "eastern-front.vmod"
    build.build_module(game, out, progress=build.Progress(stream=None))
    return game, out


def _pieces(mod, zf, sid):
    sg = parse_saved_game(read_saved_game(zf.read(f"{sid}.vsav"), name=sid).text)
    layout = None
    for c in sg.initial:
        if isinstance(c, BoardPicker):
            mod.apply_board_picker(c.map_id, c.boards)
            if c.map_id == "Main Map":
                layout = [b[0] for b in c.boards]
    out = []
    for c in sg.initial:
        if isinstance(c, AddPiece) and c.type != "stack":
            p = parse_piece(c.type, c.state, mod.prototypes)
            m, x, y = p.basic.map, p.basic.x, p.basic.y
            out.append((p, p.properties(), mod.board_at(m, x, y), mod.hex_at(m, x, y),
                        mod.location_name(m, x, y)))
    return sg, out, layout


def test_every_scenario_is_a_predefined_setup_in_its_menu(real):
    game, path = real
    mod = read_module(str(path))
    assert sorted(s[1] for s in mod.predefined_setups) == sorted(f"{sid}.vsav" for sid in game.scenarios)
    from lxml import etree
    root = etree.fromstring(zipfile.ZipFile(path).read("buildFile.xml"))
    menus = {}
    for el in root.iter("VASSAL.build.module.PredefinedSetup"):
        if el.get("isMenu") == "true":
            menus[el.get("name")] = [c.get("file") for c in el]
    assert list(menus) == ["Scenarios", "Linking games", "Duration games"]
    for sid, sc in game.scenarios.items():
        assert f"{sid}.vsav" in menus[sc.menu], sid
    assert len(menus["Scenarios"]) == 9 and len(menus["Linking games"]) == 6 and len(menus["Duration games"]) == 4


def test_every_placed_unit_fortress_and_marker_is_on_its_hex_and_sheet(real):
    game, path = real
    th = game.theatre
    mod = read_module(str(path))
    zf = zipfile.ZipFile(path)
    placed = 0
    for sid, sc in game.scenarios.items():
        sg, pieces, layout = _pieces(mod, zf, sid)
        assert not [c for c in sg.initial if isinstance(c, Player)]
        assert layout == list(sc.maps), sid            # the scenario's sheets, in its order
        where = {}
        for p, props, b, h, loc in pieces:
            if p.basic.map == "Main Map":
                assert b in sc.maps and h is not None, (sid, props)
                # the board's numbering names the sheet (a hex number is unique only within it)
                assert loc == f"{b}:{h.id}", (sid, loc)
                key = "fortress" if props.get("Type") == "fortress" else (
                    props.get("UnitId") or props.get("MarkerId"))
                where.setdefault(key, []).append(th.to_global(b, h))
        for pl in sc.setup:
            assert pl.hex is not None
            assert pl.hex in where.get(pl.counter, []), (sid, pl.counter, th.name(pl.hex))
            placed += 1
        forts = sorted(h for p, props, b, h, loc in pieces
                       if props.get("Type") == "fortress" and p.basic.map == "Main Map")
        assert len(forts) == len(sc.fortresses), sid
        for f in sc.fortresses:
            assert f.hex in where.get("fortress", []), (sid, th.name(f.hex))
        for mp in sc.markers:
            assert mp.hex in where.get(mp.marker, []), (sid, mp.marker, th.name(mp.hex))
    assert placed == 12          # the 17-3 garrisons and the Italian 5-3 units of the linked game


def test_every_arrival_of_a_replacement_unit_is_a_piece_in_the_built_save(real):
    """The built .vsav of each scenario holds one pool piece per schedule entry of a replacement
    unit and one per named unit (000:L1973: a repeated named unit restores its counter); the
    South and East Front Duration Game: 44 entries, 43 pool pieces, 68 pieces in all (52 when
    VASSAL 3.7.26 showed one piece per counter id)."""
    import collections
    game, path = real
    mod = read_module(str(path))
    zf = zipfile.ZipFile(path)
    for sid, sc in game.scenarios.items():
        _sg, pieces, _layout = _pieces(mod, zf, sid)
        pool = collections.Counter(props.get("UnitId") for p, props, *_ in pieces
                                   if p.basic.map.endswith(" Reinforcements"))
        want = collections.Counter()
        for e in sc.reinforcements:
            for pl in e.arrivals:
                if pl.counter in game.counters:
                    want[pl.counter] = want[pl.counter] + 1 if game.counters[pl.counter].rpl else 1
        assert pool == want, sid
        if sid == "ef-south-east-duration":
            assert sum(pool.values()) == 43 and len(pieces) == 68
            assert pool["ah-inf-xx-rpl-4"] == 7 and pool["ah-flotilla-enns"] == 1


def test_board_images_match_their_grids(real):
    game, path = real
    mod = read_module(str(path))
    zf = zipfile.ZipFile(path)
    boards = mod.map("Main Map").boards
    assert set(boards) == set(game.maps)
    for name, board in boards.items():
        with zf.open(f"images/{board.image}") as f:
            assert Image.open(f).size == (board.width, board.height), name


def test_boards_of_a_scenario_do_not_overlap(real):
    """VASSAL lays a save's boards out with Map.setBoardBoundaries; no point may be on two."""
    game, path = real
    mod = read_module(str(path))
    for sc in game.scenarios.values():
        m = mod.map("Main Map")
        m.set_layout([(s, i, 0) for i, s in enumerate(sc.maps)])
        rects = [(ox, oy, ox + b.width, oy + b.height) for b, ox, oy in m.placed_boards()]
        for i, a in enumerate(rects):
            for b in rects[i + 1:]:
                assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], sc.id


def test_rebuild_is_byte_identical(real, tmp_path):
    game, path = real
    again = tmp_path / "again.vmod"
    build.build_module(game, again, progress=build.Progress(stream=None), parallel=False)
    assert again.read_bytes() == path.read_bytes()


def test_help_page_says_every_set_up_is_incomplete_and_how_to_complete_it(real):
    game, path = real
    help_ = zipfile.ZipFile(path).read("help/index.html").decode()
    for sc in game.scenarios.values():
        assert "THE SET-UP IS INCOMPLETE" in sc.description
        assert f"modgen import-setup SAVE --scenario {sc.id}" in help_
    assert "Missing map 5-3" in help_
    assert "EXTENSION SHEET, THE LEAST CERTAIN" in help_
    # the game's own declarations after the system's (docs/declarations-eastern-front.md)
    assert "Player declarations: The Eastern Front" in help_ and "!joins italy" in help_
    assert help_.index("Player declarations</h3>") < help_.index("Player declarations: The Eastern Front")
    # the VP schedule's declaration, in both (docs/declarations.md, declarations-eastern-front.md)
    assert help_.count("!vp 1 3") == 2, help_.count("!vp 1 3")


# --------------------------------------------------------------------------- the joined sheets
# (no build needed)

def _rail_reach(m, a):
    seen, todo = {a}, deque([a])
    while todo:
        h = todo.popleft()
        for n in h.neighbours():
            s = m.hexside(h, n)
            if s is not None and (s.rail or s.terrain == "urban") and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


@pytest.mark.parametrize("a,b", [("4-5:2119", "5-5:2803"), ("4-5:2802", "4-5N:1412"), ("5-5:1602", "4-5:2019"),
                                 ("5-5:2502", "4-5:2619"), ("4-5:3118", "5-5:3601"), ("4-5:2119", "4-5E:0811"),
                                 ("6-5:1607", "5-5S:1906"), ("5-5:3609", "6-6:1517"), ("6-5:2413", "6-6:0628")])
def test_rail_lines_run_across_the_sheet_edges(a, b):
    game = load_game("eastern-front")
    th = game.theatre
    m = game.board(th.order)
    assert th.parse(b) in _rail_reach(m, th.parse(a))


def test_every_rail_network_route_of_the_scenarios_follows_rail_lines():
    game = load_game("eastern-front")
    for sc in game.scenarios.values():
        m = game.board(sc.maps)
        for r in sc.rail_routes:
            if r.kind != "network":
                continue
            for x, y in zip(r.hexes, r.hexes[1:]):
                assert y in _rail_reach(m, x), (sc.id, game.hex_name(x), game.hex_name(y))


def test_movement_crosses_the_sheet_edges():
    """A unit walks from 4-5 onto 5-5 (and from 5-5S onto 6-5) through the seam hexsides."""
    from modgen.systems.der_weltkrieg.rules import movement
    from modgen.systems.der_weltkrieg.rules.board import BoardState
    from modgen.systems.der_weltkrieg.rules.terrain import TerrainCosts
    from modgen.systems.der_weltkrieg.rules.units import UnitView
    game = load_game("eastern-front")
    th = game.theatre
    costs = TerrainCosts.from_tec(game.tables["tec"])
    for sheets, a, b in ((("4-5", "5-5"), "4-5:2119", "5-5:2202"), (("5-5S", "6-5"), "5-5S:2812", "6-5:1601")):
        board = BoardState.build(game.board(sheets))
        ga, gb = th.parse(a), th.parse(b)
        assert ga.distance(gb) <= 4, (a, b, ga.distance(gb))
        u = UnitView(game.counters["ah-inf-xx-17"], "central-powers", hex=ga)
        res = movement.cheapest_path(board, u, ga, gb, 40, costs)
        assert res.cost is not None and res.path[0] == ga and res.path[-1] == gb, (a, b)
        sheets_on_path = {th.to_local(h, sheets)[0] for h in res.path}
        assert sheets_on_path == set(sheets), (a, b, [th.name(h) for h in res.path])


def test_names_of_theatre_hexes():
    game = load_game("eastern-front")
    th = game.theatre
    g = th.parse("5-5:2803")
    assert th.name(g) == "5-5:2803" and str(g) != "5-5:2803"
    from modgen.model.theatre import hex_names
    with hex_names(th):
        assert str(g) == "5-5:2803"
    # 4-5N's row 17 repeats 4-5's row 01 in even columns (kit: here (c, r) is 4-5's (c+1, r-16)):
    # one theatre hex, named by 4-5, the sheet listed first
    assert th.parse("4-5N:0217") == th.parse("4-5:0301")
    assert th.name(th.parse("4-5N:0217")) == "4-5:0301"
    assert th.name(th.parse("4-5N:0117")) == "4-5N:0117"     # odd columns: 4-5's row 00, not on it
    with pytest.raises(Exception):
        th.parse("2803")              # ambiguous in a game of several sheets
    assert th.parse("2803", "5-5") == g
