"""Helpers for Burning Mountains scripted games: a fresh game at any phase, places on the map with
the features a rule needs (found from the map data, so a regenerated map keeps the tests
meaningful), and ``modgen check`` on the written log."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from modgen.check.cli import check_file
from modgen.hexgrid import Hex, Hexside
from modgen.model import load_game
from modgen.systems.burning_mountains.testgame import BmTestGame

ROOT = Path(__file__).resolve().parents[2]
REAL = load_game("burning-mountains")


def _test_data() -> Path:
    """A copy of the data whose map is plain clear ground with a few features at known places, so
    a rule's test does not depend on where the schematic map puts its streams and crags:
    high mountain 2010 and 3005 (with clear around them), low mountain 1414-1818, mountain 2614,
    crags on five sides of 1506, a stream 2512/2513 with 2513 low mountain, a minor river along the
    south of 3014 (3014/3015, 3014/3115 bridged, 3014/2915), no roads."""
    import re
    import shutil
    import tempfile
    import atexit
    root = Path(tempfile.mkdtemp(prefix="bm-test-data-"))
    atexit.register(shutil.rmtree, root, True)         # one copy per test session, removed after it
    for d in ("games", "counters", "tables", "maps"):
        shutil.copytree(ROOT / d, root / d)
    p = root / "maps" / "burning-mountains.yaml"
    text = p.read_text()

    def letter(c, r):
        if (c, r) in ((20, 10), (30, 5)):
            return "h"
        if 14 <= c <= 18 and 14 <= r <= 18 or (c, r) == (25, 13):
            return "l"
        if (c, r) == (26, 14):
            return "m"
        return "c"
    rows = "\n".join(f'  {r}: "' + "".join(letter(c, r) for c in range(10, 40)) + '"' for r in range(1, 22))
    text = re.sub(r"^terrain:\n(?:#.*\n)*(?:  \d+: .*\n)+", "terrain:\n" + rows + "\n", text, flags=re.M)
    text = re.sub(r"^elevation:\n(?:  \d+: .*\n)+", "", text, flags=re.M)
    # 1506 walled by crags on five sides (open only to 1507): the way round from 1505 is 5 hexes
    text = re.sub(r"^crags: >-\n(?:  .*\n)+", "crags: >-\n  1505/1506 1605/1506 1405/1506 1606/1506 1406/1506\n",
                  text, flags=re.M)
    text = re.sub(r"^streams:\n(?:  .*\n)+", "streams:\n  - name: test\n    hexsides: >-\n      2512/2513\n",
                  text, flags=re.M)
    # a minor river along the south of 3014, bridged on 3014/3115 (9.2.3)
    text = re.sub(r"^rivers:\n(?:  .*\n)+", "rivers:\n  - name: test\n    hexsides: >-\n"
                  "      3014/3015 3014/3115 3014/2915\n", text, flags=re.M)
    text = re.sub(r"^bridges: >-\n(?:  .*\n)+", "bridges: >-\n  3014/3115\n", text, flags=re.M)
    text = re.sub(r"^roads:\n(?:  .*\n)+", "roads: []\n", text, flags=re.M)
    p.write_text(text)
    # the test copy takes every counter's values as printed (the real ones are placeholders, M11:
    # a verdict resting on them is never a violation), so a rule's illegal game can fail;
    # test_bm_check's placeholder test plays the same move on the real counters
    for f in (root / "counters" / "burning-mountains").glob("*.yaml"):
        f.write_text(re.sub(r"^(  - \{id: .*)\}$",
                            r'\1, provenance: {kind: rulebook, reason: "test data: taken as printed"}}',
                            f.read_text(), flags=re.M))
    return root


DATA = _test_data()
GAME = load_game("burning-mountains", DATA)
MAP = GAME.maps["burning-mountains"]


def fresh(gt: int = 3, side: str = "ah", phase: str = "movement", setup: bool = False) -> BmTestGame:
    """A game on the test map (see ``_test_data``), empty unless ``setup``."""
    return BmTestGame(GAME, setup=setup, gt=gt, turn_side=side, phase=phase)


def real_game(**kw) -> BmTestGame:
    """A game on the real data and map, from the set-up of 1.1."""
    return BmTestGame(REAL, **kw)


def check(g: BmTestGame, tmp_path: Path, name: str = "game.vlog"):
    path = g.write(tmp_path / name)
    data = None if g.game is REAL else str(DATA)
    report, _game, _sc = check_file(str(path), game_id="burning-mountains", data=data)
    return report


def check_cli(g: BmTestGame, tmp_path: Path) -> tuple[int, dict]:
    """Through the command line: ``modgen check LOG --format json`` (exit code, report)."""
    path = g.write(tmp_path / "cli.vlog")
    data = [] if g.game is REAL else ["--data", str(DATA)]
    r = subprocess.run([sys.executable, "-m", "modgen", "check", str(path), "--format", "json", *data], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode in (0, 1), r.stderr
    return r.returncode, json.loads(r.stdout)


def rules_of(report, severity: str | None = None) -> list[str]:
    return [f.rule for f in report.findings if severity is None or f.severity == severity]


def combat_notes(report) -> list[str]:
    """Each combat of the report (``Report.combats``, or the JSON's ``combats``) on one line: the
    numbers of its stages joined by "; "."""
    if isinstance(report, dict):
        return ["; ".join(c["lines"]) for c in report["combats"]]
    return [c.summary() for c in report.combats]


def inner(h: Hex, radius: int = 2) -> bool:
    """Every hex within ``radius`` is on the map (no map edge near)."""
    return all(x in MAP.hexes for x in h.within(radius))


def no_features(h: Hex, radius: int = 2) -> bool:
    """No crag, stream or river hexside and no road between the hexes within ``radius`` of ``h``."""
    near = set(h.within(radius))
    return not any(s.a in near and s.b in near for s in
                   list(MAP.crags) + list(MAP.streams) + list(MAP.rivers) + list(MAP.road_sides))


def open_ground(terrain: str = "clear", radius: int = 2) -> Hex:
    """A hex of that terrain, away from edges and hexside features, all its ring of that terrain."""
    for h in sorted(MAP.hexes):
        if inner(h, radius + 1) and no_features(h, radius) and all(
                MAP.terrain(x) == terrain for x in h.within(radius)):
            return h
    raise LookupError(terrain)


def a_crag() -> Hexside:
    for s in sorted(MAP.crags):
        if inner(s.a, 2) and inner(s.b, 2):
            return s
    raise LookupError("crag")


def upslope_stream() -> tuple[Hex, Hex]:
    """(attacker hex, defender hex) across a stream, the defender higher."""
    for s in sorted(MAP.streams):
        for a, b in ((s.a, s.b), (s.b, s.a)):
            if MAP.altitude(a) < MAP.altitude(b) and inner(a) and inner(b) and s not in MAP.crags:
                return a, b
    raise LookupError("stream")


def six_four_site() -> tuple[Hex, Hex, Hex]:
    """(enemy hex E, a, b): a and b adjacent to each other and to E, both lower than E, no crags."""
    for e in sorted(MAP.hexes):
        if not inner(e, 2):
            continue
        ring = e.neighbours()
        for i in range(6):
            a, b = ring[i], ring[(i + 1) % 6]
            if (MAP.altitude(a) < MAP.altitude(e) and MAP.altitude(b) < MAP.altitude(e)
                    and not any(Hexside.of(x, y) in MAP.crags for x, y in ((e, a), (e, b), (a, b)))):
                return e, a, b
    raise LookupError("6.4")


def high_mountain() -> Hex:
    for h in sorted(MAP.hexes):
        if MAP.terrain(h) == "high_mountain" and inner(h, 2) and not any(
                Hexside.of(h, n) in MAP.crags for n in h.neighbours()):
            return h
    raise LookupError("high mountain")
