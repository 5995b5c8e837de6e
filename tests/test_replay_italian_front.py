"""Acceptance (log reading): logs of games on our Italian Front module replay with every unit on
the hex the module's grid says.

The module is built here from the game data (``modgen.module.build.build_entries``; stand-in
counter and map images of the real sizes, so the buildFile and the grids are the real ones) and
read back as VASSAL reads it (``modgen.vassal.buildfile.read_module``). A game is scripted with the
test-game builder on the module's own 1915 scenario save — drags through several hexes, a stack
drag, flips, a unit sent to ``Eliminated`` — and replayed with ``modgen.replay``; every unit must
stand on the hex the script put it on (the others on their printed set-up hex), and
``modgen log --json`` must say the same.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from PIL import Image

sys.path.insert(0, str(Path(__file__).parent))
from module_game import stub_images  # noqa: E402

from modgen.model.geometry import board_geometry  # noqa: E402
from modgen.testing import TestGame  # noqa: E402
from modgen.cli import main  # noqa: E402
from modgen.hexgrid import Hex  # noqa: E402
from modgen.model import load_game  # noqa: E402
from modgen.module import build, vmod  # noqa: E402
from modgen.replay import PieceFlipped, PieceMoved, PieceSentTo, replay  # noqa: E402
from modgen.vassal.buildfile import read_module  # noqa: E402

GAME = load_game("italian-front")
SCENARIO = GAME.scenarios["if-1915-05"]


def _blank_map(mapdef):
    _, w, h = board_geometry(mapdef)
    return Image.new("RGB", (w, h), (240, 240, 230))


@pytest.fixture(scope="module")
def vmod_path(tmp_path_factory) -> Path:
    entries = build.build_entries(GAME, map_art=_blank_map, images=stub_images, parallel=False,
                                  progress=build.Progress(stream=None))
    path = tmp_path_factory.mktemp("module") / "italian-front.vmod"
    with open(path, "wb") as f:
        vmod.write_zip_entries(f, entries)
    return path


def _script() -> tuple[TestGame, dict[str, str | None], set[str]]:
    """The game, the hex each scripted unit must end on (None: off the map) and the units it
    flipped."""
    t = TestGame(GAME, SCENARIO)
    t.next_phase()                                                    # CP movement
    t.move("ah-inf-x-96", "2020", "2120")                             # two drops
    t.move("ah-mtn-x-53m", "1817")
    t.move_stack(["ge-mtn-x-1alpk", "ge-mtn-x-2alpk"], "2414")        # a stack drag
    t.flip("ah-inf-x-180")
    t.next_phase(3)                                                   # Entente movement
    t.move_stack(["it-inf-xx-25", "it-inf-xx-30"], "2022")
    t.move("it-inf-xx-30", "1922")                                    # leaves the stack
    t.move("it-inf-xx-35", "1723", "1622")
    t.flip("it-mtn-xx-5")
    t.flip("it-mtn-xx-5")                                             # and back
    t.flip("it-inf-xx-25")
    t.eliminate("ah-inf-x-181")                                       # Send To Eliminated
    moved = {"ah-inf-x-96": "2120", "ah-mtn-x-53m": "1817", "ge-mtn-x-1alpk": "2414",
             "ge-mtn-x-2alpk": "2414", "it-inf-xx-25": "2022", "it-inf-xx-30": "1922",
             "it-inf-xx-35": "1622", "ah-inf-x-181": None}
    return t, moved, {"ah-inf-x-180", "it-inf-xx-25"}


def _expected(moved: dict) -> dict[str, str | None]:
    want = {p.counter: str(p.hex) for p in SCENARIO.setup if p.hex is not None}
    want.update(moved)
    return want


def test_units_replay_on_the_hex_the_module_grid_says(vmod_path, tmp_path, capsys):
    module = read_module(vmod_path)
    t, moved, flipped = _script()
    log = t.write(tmp_path / "game.vlog")
    tl = replay(log, module)
    final = tl.final
    want = _expected(moved)
    seen: dict[str, str | None] = {}
    for pid, p in final.pieces.items():
        uid = p.properties.get("UnitId")
        if not uid or uid not in want:
            continue
        m, x, y = p.position
        h = final.hex_at(m, x, y)
        seen[uid] = str(h) if (m == "Main Map" and h is not None) else None
        if uid in flipped:
            assert p.layers["Step"] == 2 and p.name.endswith("(reduced)"), uid
        else:
            assert p.layers.get("Step", 1) == 1, uid
    assert seen == want
    assert {u for u in moved if want[u] is None} == {"ah-inf-x-181"}
    dead = next(p for p in final.pieces.values() if p.properties.get("UnitId") == "ah-inf-x-181")
    assert dead.position[0] == "Eliminated"

    # the events say the same, step by step: each drag ends on the hex the script named
    by_piece = {pid: p.properties.get("UnitId") for pid, p in final.pieces.items()}
    drops = [(by_piece[e.piece], e.dst.location) for r in tl.steps for e in r.events
             if type(e) is PieceMoved]
    assert drops[:2] == [("ah-inf-x-96", "2020"), ("ah-inf-x-96", "2120")]
    assert ("ge-mtn-x-1alpk", "2414") in drops and ("ge-mtn-x-2alpk", "2414") in drops
    sent = [e for r in tl.steps for e in r.events if type(e) is PieceSentTo]
    assert [(by_piece[e.piece], e.eliminated, e.dst.map) for e in sent] == [
        ("ah-inf-x-181", True, "Eliminated")]
    flips = [(by_piece[e.piece], e.new_level) for r in tl.steps for e in r.events
             if type(e) is PieceFlipped]
    assert flips == [("ah-inf-x-180", 2), ("it-mtn-xx-5", 2), ("it-mtn-xx-5", 1),
                     ("it-inf-xx-25", 2)]

    # modgen log --json, with the module: the same hexes in the final state
    assert main(["log", str(log), "--module", str(vmod_path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    shown: dict[str, str | None] = {}
    for pj in out["final"]["pieces"]:
        uid = pj["properties"].get("UnitId")
        if uid in want:
            shown[uid] = pj["hex"] if pj["map"] == "Main Map" else None
            if pj["map"] == "Main Map":
                assert pj["location"] == pj["hex"]
    assert shown == want
    assert "test-secret" not in json.dumps(out)


def test_the_module_grid_is_the_one_the_game_data_prints(vmod_path):
    """Every hex centre of the map, as the module writer places pieces, reads back as that hex
    through the module's own grid (a hex the test did not visit would not be checked above)."""
    module = read_module(vmod_path)
    mapdef = GAME.maps[SCENARIO.maps[0]]
    grid, _, _ = board_geometry(mapdef)
    module.apply_board_picker("Main Map", [(mapdef.id, 0, 0)])
    wrong = [h for h in sorted(mapdef.hexes, key=str)
             if module.hex_at("Main Map", *grid.center(h)) != h]
    assert wrong == []
    assert module.location_name("Main Map", *grid.center(Hex(21, 22))) == "2122"


def test_check_on_the_built_module_equals_check_on_the_game_data(vmod_path, tmp_path, capsys):
    """``modgen check --module X.vmod`` replays on the module the players had; by default the
    checker renders the same module from the data: both give the same report."""
    t, _, _ = _script()
    t.move("ah-inf-x-96", "2121", "2122", "2222", "2322", "2422")     # CP unit in the Entente phase
    log = t.write(tmp_path / "game.vlog")
    reports = []
    for extra in ([], ["--module", str(vmod_path)]):
        rc = main(["check", str(log), "--scenario", SCENARIO.id, "--format", "json", *extra])
        reports.append((rc, json.loads(capsys.readouterr().out)))
    (rc0, default), (rc1, built) = reports
    assert rc0 == rc1 == 1
    assert default["findings"] == built["findings"]
    rules = {f["rule"] for f in built["findings"] if f["severity"] == "violation"}
    assert "6-3" in rules


def test_the_checker_puts_every_unit_where_the_module_grid_does(vmod_path, tmp_path):
    """The checker locates units with the game data's grids (``modgen.check.context``); on the
    built module's replay every unit is on the same hex (or off the map in both)."""
    from modgen.check.engine import Checker
    from modgen.check.logread import read_log
    t, moved, _ = _script()
    log = read_log(t.write(tmp_path / "game.vlog"))
    module = read_module(vmod_path)
    c = Checker(GAME, SCENARIO)
    c.run(log, module)
    final = replay(log.saved, read_module(vmod_path)).final
    units = [(pid, u) for pid, u in c.ctx.units.items() if u.unit_id]
    assert len(units) >= len(_expected(moved))
    for pid, u in units:
        m, x, y = final.pieces[pid].position
        assert (u.map, u.x, u.y) == (m, x, y), u.unit_id
        assert u.hex == (final.hex_at(m, x, y) if m == "Main Map" else None), u.unit_id
