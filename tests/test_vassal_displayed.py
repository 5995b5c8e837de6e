"""Every set-up as real VASSAL displayed it, against what our data and save writer make of it now.

The fixtures in ``tests/fixtures/vassal-displayed/`` are the piece dumps of the harness
(``tools/vassal_harness``): VASSAL opened each module, loaded each predefined set-up and listed
every piece with its map, position, ``Map.locationName`` and layers (README there: which
VASSAL, which module build). No VASSAL is needed here: the set-up saves are made again from the
data (``savegame.scenario_command``, or the system's own) and read back with our replay.

* ``test_our_save_matches_what_vassal_displayed``: a change to the data or to the save writer
  that moves, adds, drops, renames or flips a piece shows as the difference against what VASSAL
  showed; such a change is to be looked at in VASSAL again (rerun the harness, refresh the
  fixture: tools/vassal_harness/README.md).
* ``test_vassal_put_every_printed_piece_on_its_hex``: each placement of the scenario data is a
  piece VASSAL named by that hex (its grid numbering, SHEET:CCRR on a map of several boards),
  each scheduled arrival a piece in a reinforcement pool.
"""
from __future__ import annotations

import collections
from pathlib import Path

import pytest

from modgen.check.context import boards_for
from modgen.check.logread import OurModule, parse_log
from modgen.hexgrid import Hex
from modgen.model import load_game
from modgen.model.geometry import BoardLayout
from modgen.module import pieces as P
from modgen.module import savegame
from modgen.replay.state import GameState
from modgen.system import system_of

FIXTURES = Path(__file__).parent / "fixtures" / "vassal-displayed"
GAMES = ("italian-front", "eastern-front", "burning-mountains")
VERSION = "3.7.26"
MAIN = savegame.MAIN_MAP


def read_dump(game_id: str, version: str = VERSION) -> tuple[dict, dict[str, list[dict]]]:
    """(header, {setup file: [piece]}) of a fixture (tools/vassal_harness/dump_fixture.py)."""
    header: dict = {"loaded": [], "errors": [], "turn": {}}
    out: dict[str, list[dict]] = collections.defaultdict(list)
    for line in (FIXTURES / f"{game_id}-{version}.tsv").read_text(encoding="utf-8").splitlines():
        f = line.split("\t")
        if line.startswith("# "):
            key, _, val = line[2:].partition(" ")
            header[key] = val
        elif f[0] == "LOADED":
            header["loaded"].append((f[1], f[2]))
            out.setdefault(f[1], [])
        elif f[0] == "TURN":
            header["turn"][f[1]] = f[2]
        elif f[0] == "ERROR":
            header["errors"].append(line)
        elif f[0] == "PIECE":
            layers, props = {}, {}
            for part in filter(None, f[7].split(";")):
                if ":=" in part:
                    k, v = part.split(":=", 1)
                    props[k] = v
                else:
                    k, v = part.split("=", 1)
                    layers[k] = int(v.split("/", 1)[0])
            x, y = (int(v) for v in f[3].split(","))
            out[f[1]].append(dict(map=f[2], x=x, y=y, loc=f[4], uid=f[5] or None, name=f[6],
                                  layers=layers, props=props))
    return header, dict(out)


def _scenario_of(game, setup_file: str):
    return game.scenarios[setup_file[:-len(".vsav")]]


class _ScenarioModule(OurModule):
    """Our module with the Main Map's boards of this scenario, as its save's BoardPicker lays
    them (``OurModule`` alone lays every sheet of the game; the checker uses the scenario's)."""

    def __init__(self, game, maps):
        super().__init__(game)
        self._boards = boards_for(game, maps)


def our_pieces(game, sc) -> list[dict]:
    """The set-up save as the module build writes it, read back by our replay."""
    extras = system_of(game).module_extras(game)
    layout = BoardLayout.for_game(game)
    slots = extras.slots(game) if extras.slots is not None else P.slots(game)
    if extras.scenario_command is not None:
        text, _ = extras.scenario_command(game, sc, layout, slots)
    else:
        text, _ = savegame.scenario_command(game, sc, layout, extras.turn_command, slots)
    log = parse_log(text)
    gs = GameState(_ScenarioModule(game, sc.maps))
    gs.apply_all(log.saved.initial)
    out = []
    for p in gs.pieces.values():
        m, x, y = p.position
        if m is None:
            continue
        out.append(dict(map=m, x=x, y=y, loc=p.location if m == MAIN else None,
                        uid=p.unit_id, name=p.name, layers=dict(p.layers),
                        props={k: v for k, v in p.properties.items() if k == "SupplyPoints"}))
    return out


def _key(p: dict, with_loc: bool, pool_unplaced: bool = False) -> tuple:
    if pool_unplaced and p["map"] != MAIN:
        xy = (None, None)       # a reinforcement pool's slots: only which pieces wait there
    else:
        xy = (p["x"], p["y"])
    return (p["map"], *xy, p["loc"] if with_loc and p["map"] == MAIN else None,
            p["uid"], p["name"], tuple(sorted(p["layers"].items())),
            tuple(sorted(p["props"].items())))


def _cases():
    for g in GAMES:
        path = FIXTURES / f"{g}-{VERSION}.tsv"
        if path.exists():
            for setup in read_dump(g)[1]:
                yield g, setup


_GAMES: dict = {}


def _game(gid):
    if gid not in _GAMES:
        _GAMES[gid] = load_game(gid)
    return _GAMES[gid]


def test_every_module_and_set_up_was_loaded_without_error():
    for g in GAMES:
        header, setups = read_dump(g)
        assert header["vassal"] == VERSION
        assert header["errors"] == [], header["errors"]
        game = _game(g)
        assert header["module"].split("\t")[0] == game.title
        # every predefined set-up of the module was opened, and the game started
        assert sorted(s for s, _ in header["loaded"]) == sorted(f"{sid}.vsav" for sid in game.scenarios)
        assert all(started == "gameStarted=true" for _, started in header["loaded"])


@pytest.mark.parametrize("game_id,setup", list(_cases()))
def test_our_save_matches_what_vassal_displayed(game_id, setup):
    game = _game(game_id)
    vassal = read_dump(game_id)[1][setup]
    ours = our_pieces(game, _scenario_of(game, setup))
    # our own location names for the Main Map come from our grid; VASSAL's from its HexGrid
    v = collections.Counter(_key(p, True) for p in vassal)
    o = collections.Counter(_key(p, True) for p in ours)
    only_vassal = sorted((v - o).elements())
    only_ours = sorted((o - v).elements())
    assert not only_vassal and not only_ours, (
        f"{setup}: the set-up differs from what VASSAL {VERSION} displayed "
        f"(map, x, y, location, UnitId, name, layers, SupplyPoints)\n"
        f"  VASSAL showed, we no longer write: {only_vassal[:10]}\n"
        f"  we write, VASSAL never showed:     {only_ours[:10]}\n"
        "if the change is meant, look at it in VASSAL: tools/vassal_harness/README.md")


def _vassal_hex(game, sc, loc: str):
    th = getattr(game, "theatre", None)
    if th is not None and th.multi and len(sc.maps) > 1:
        return th.parse(loc)
    if th is not None and th.multi:
        return th.parse(loc, default_sheet=sc.maps[0])
    return Hex.parse(loc)


# A counter the scenario schedules more than once (ef-south-east-duration: the A-H replacement
# divisions arriving month after month) has a pool piece per entry when it is a replacement unit
# (each entry is another division); a named unit has one, its later entry restoring it (000:L1973,
# the second Flotilla Enns): ``modgen.model.derive.arrival_piece_count``.
def _restores(game, counter: str) -> bool:
    """A named unit scheduled again: its later entry restores the one piece (Der Weltkrieg)."""
    from modgen.model.derive import arrival_piece_count
    c = getattr(game, "counters", {}).get(counter)
    return c is not None and hasattr(c, "rpl") and arrival_piece_count(game, counter) == "one"


def _arrivals(sc):
    """(when, counter id) of every scheduled arrival: Der Weltkrieg's dated entries, Burning
    Mountains' GT -> counters."""
    r = sc.reinforcements
    if isinstance(r, dict) or hasattr(r, "items"):
        return [(f"GT {gt}", c) for gt, cs in sorted(r.items()) for c in cs]
    return [(str(e.date), pl.counter) for e in r for pl in e.arrivals]


@pytest.mark.parametrize("game_id,setup", list(_cases()))
def test_vassal_put_every_printed_piece_on_its_hex(game_id, setup):
    game = _game(game_id)
    sc = _scenario_of(game, setup)
    pool = list(read_dump(game_id)[1][setup])
    used = [False] * len(pool)

    def take(uid, test) -> bool:
        for i, p in enumerate(pool):
            if not used[i] and p["uid"] == uid and test(p):
                used[i] = True
                return True
        return False

    missing = []
    for pl in sc.setup:
        if pl.hex is None:
            continue
        if not take(pl.counter, lambda p: p["map"] == MAIN
                    and _vassal_hex(game, sc, p["loc"]) == pl.hex):
            missing.append(("setup", pl.counter, str(pl.hex)))
    if sc.setup:
        assert any(used), f"{setup}: no set-up unit found on its hex"
    seen = {pl.counter for pl in sc.setup}
    repeated = []
    for when, counter in _arrivals(sc):
        if counter not in game.counters:
            continue
        if take(counter, lambda p: p["map"] != MAIN and "Reinforcements" in p["map"]):
            seen.add(counter)
        elif counter in seen:
            repeated.append(counter)
        else:
            missing.append(("arrival", counter, when))
    assert missing == [], f"{setup}: not where the data puts them in VASSAL: {missing}"
    repeated = [c for c in repeated if not _restores(game, c)]
    assert repeated == [], f"{setup}: arrivals with no piece of their own: {repeated}"


def test_3_8_displayed_the_same_as_3_7():
    """VASSAL 3.8.0-beta1 loaded the same modules: its dumps (kept as hashes, 3.8.0-beta1.sha256)
    equal the 3.7.26 dumps line for line after the version header."""
    import hashlib
    rows = [ln.split("\t", 3) for ln in (FIXTURES / "3.8.0-beta1.sha256").read_text(encoding="utf-8")
            .splitlines() if not ln.startswith("#")]
    assert sorted(r[0] for r in rows) == sorted(GAMES)
    for gid, digest, n, module in rows:
        lines = (FIXTURES / f"{gid}-{VERSION}.tsv").read_text(encoding="utf-8").splitlines(True)
        assert lines[1] == f"# module {module}\n"            # the same build of the module
        assert hashlib.sha256("".join(lines[2:]).encode("utf-8")).hexdigest() == digest, gid
        assert sum(ln.startswith("PIECE\t") for ln in lines) == int(n)
