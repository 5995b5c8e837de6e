"""``modgen calibrate``: a scan's grid from hex centres, written into the map, used by the build."""
from __future__ import annotations

import io
import json
import shutil
import zipfile

import pytest
from PIL import Image

from modgen.art.map import board_geometry, render_map
from modgen.cli import main
from modgen.hexgrid import Hex
from modgen.model import load_game
from modgen.module import build
from modgen.paths import PROJECT_ROOT
from modgen.tools import calibrate as C

FOLDERS = ("games", "counters", "maps", "scenarios", "tables")
PAD = (37, 21)                       # the "scan" is our map art with a margin: another origin
POINTS = ("1421", "2326", "4229", "3015", "1811")


@pytest.fixture(scope="module")
def scan(tmp_path_factory):
    """Map 6-4 as we draw it, padded: a scan whose grid we know exactly."""
    mapdef = load_game("italian-front").maps["6-4"]
    art = render_map(mapdef)
    grid, _, _ = board_geometry(mapdef)
    img = Image.new("RGB", (art.width + 80, art.height + 50), (250, 248, 240))
    img.paste(art, PAD)
    path = tmp_path_factory.mktemp("scan") / "scan-6-4.png"
    img.save(path)
    truth = {}
    g = mapdef.grid
    for c in range(g.first_col, g.last_col + 1):
        for r in range(g.first_row, g.last_row + 1):
            x, y = grid.center(Hex(c, r))
            truth[Hex(c, r)] = (x + PAD[0], y + PAD[1])
    return path, truth, mapdef


def _args(truth, hexes=POINTS):
    return [f"{h}={truth[Hex.parse(h)][0]},{truth[Hex.parse(h)][1]}" for h in hexes]


def test_recovers_the_known_grid_within_a_pixel(scan):
    path, truth, mapdef = scan
    cal = C.calibrate(str(path), _args(truth), first_col=mapdef.grid.first_col,
                      first_row=mapdef.grid.first_row)
    assert cal.ok, cal.problems
    assert cal.fit.layout == C.LAYOUTS[0]
    assert all(o.rms > 5 for o in cal.others)          # the other layouts do not fit
    assert max(d for *_, d in cal.residuals) <= 1.0
    # every hex of the map, not only the five given, is where the art has it
    worst = max(abs(cal.grid.center(h)[0] - x) + abs(cal.grid.center(h)[1] - y)
                for h, (x, y) in truth.items())
    assert worst <= 1
    assert abs(cal.grid.dy - 64.0) < 0.05 and abs(cal.grid.dx - 55.4256) < 0.05


def test_three_clicks_a_pixel_off_still_fit(scan):
    path, truth, mapdef = scan
    pts = []
    for h, (ex, ey) in zip(("1213", "4028", "2619"), ((1, 0), (0, -1), (-1, 1))):
        x, y = truth[Hex.parse(h)]
        pts.append(f"{h}={x + ex},{y + ey}")
    cal = C.calibrate(str(path), pts, first_col=10, first_row=11)
    assert cal.ok
    worst = max(abs(cal.grid.center(h)[0] - x) + abs(cal.grid.center(h)[1] - y)
                for h, (x, y) in truth.items())
    assert worst <= 3
    assert all(d <= 2.5 for *_, d in cal.residuals)


def test_writes_the_map_and_the_build_uses_the_scan(scan, tmp_path, capsys):
    path, truth, mapdef = scan
    data = tmp_path / "data"
    for f in FOLDERS:
        shutil.copytree(PROJECT_ROOT / f, data / f)
    shutil.copy(path, data / "maps" / path.name)
    map_yaml = data / "maps" / "6-4.yaml"
    before = map_yaml.read_text(encoding="utf-8").splitlines()
    ov = tmp_path / "overlay.png"
    assert main(["calibrate", str(data / "maps" / path.name), *_args(truth),
                 "--map", str(map_yaml), "--overlay", str(ov), "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["origin_hex"] == "1011" and rep["problems"] == []
    assert sorted(rep["written"]) == sorted([str(ov), str(map_yaml)])
    after = map_yaml.read_text(encoding="utf-8").splitlines()
    added = [x for x in after if x not in before]
    assert added == [f"image: {{file: {path.name}, x0: {rep['image']['x0']}, "
                     f"y0: {rep['image']['y0']}, dx: {rep['image']['dx']}, "
                     f"dy: {rep['image']['dy']}}}"]
    assert [x for x in before if x not in after] == []
    with Image.open(ov) as im:
        assert im.size == Image.open(path).size

    game = load_game("italian-front", data)
    m = game.maps["6-4"]
    assert m.image is not None
    grid, w, h = board_geometry(m)
    assert (w, h) == Image.open(path).size
    for hx in (Hex(10, 11), Hex(42, 29), Hex(23, 26)):
        gx, gy = grid.center(hx)
        assert abs(gx - truth[hx][0]) <= 1 and abs(gy - truth[hx][1]) <= 1
    # the module: the scan is the board image, the calibrated grid is the board's grid, and the
    # scenario's units stand in the same hexes as on the drawn map
    entries = dict(build.build_entries(game, parallel=False))
    board = Image.open(io.BytesIO(entries["images/map-6-4.png"])).convert("RGB")
    assert board.tobytes() == Image.open(path).convert("RGB").tobytes()
    xml = entries["buildFile.xml"].decode()
    assert f'x0="{grid.x0}"' in xml and f'dy="{float(grid.dy)!r}"' in xml
    from modgen.tools.import_setup import read_units
    drawn = dict(build.build_entries(load_game("italian-front"), parallel=False))
    for sid in ("if-1915-05", "if-1917-10"):
        a, b = tmp_path / f"{sid}-scan.vsav", tmp_path / f"{sid}-drawn.vsav"
        a.write_bytes(entries[f"{sid}.vsav"])
        b.write_bytes(drawn[f"{sid}.vsav"])
        ua, _, _ = read_units(str(a), game, game.scenarios[sid])
        g0 = load_game("italian-front")
        ub, _, _ = read_units(str(b), g0, g0.scenarios[sid])
        assert {c: u.hex for c, u in ua.items()} == {c: u.hex for c, u in ub.items()}
        assert len(ua) > 10


def test_a_mistyped_number_is_named_and_nothing_is_written(scan, tmp_path, capsys):
    path, truth, _ = scan
    pts = _args(truth)
    pts[3] = pts[3].replace("3015=", "3016=")
    ov = tmp_path / "o.png"
    assert main(["calibrate", str(path), *pts, "--overlay", str(ov)]) == 1
    out = capsys.readouterr().out
    assert "PROBLEM: hex 3016 is 64.0 px from where the other points put it" in out, out


def test_bad_input_is_one_line_exit_2(scan, tmp_path, capsys):
    path, truth, _ = scan
    ov = tmp_path / "o.png"
    for args, what in (([*_args(truth, POINTS[:2])], "2 calibration points"),
                       ([*_args(truth, ("1421", "1424", "1427"))], "two columns and two rows"),
                       (["1421=3,4", "nonsense", "2326=5,6"], "not a calibration point")):
        assert main(["calibrate", str(path), *args, "--overlay", str(ov)]) == 2
        cap = capsys.readouterr()
        assert cap.out == "" and len(cap.err.strip().splitlines()) == 1
        assert what in cap.err and str(path) in cap.err
        assert not ov.exists()
    txt = tmp_path / "scan.png"
    txt.write_text("not an image")
    assert main(["calibrate", str(txt), *_args(truth), "--overlay", str(ov)]) == 2
    assert str(txt) in capsys.readouterr().err
    # a scan outside the map's folder cannot be named by the map file
    assert main(["calibrate", str(path), *_args(truth), "--map",
                 str(PROJECT_ROOT / "maps" / "6-4.yaml"), "--overlay", str(ov)]) == 2
    assert "inside the map's folder" in capsys.readouterr().err
    assert not ov.exists()
