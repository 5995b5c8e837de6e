"""The real Italian Front data: loads without errors, every reference resolves, the data agrees with
the rulebook extraction (../shared/data/seed-scenarios.yaml)."""
from __future__ import annotations

import re
import shutil
from collections import Counter as Tally

import pytest
import yaml

from modgen.model import GameDate, load_game, validate_game
from modgen.model.load import check_game

from conftest import ROOT, shared_path

SCENARIO_IDS = ["if-1915-05", "if-1916-05", "if-1917-05", "if-1917-10", "if-1918-06"]


@pytest.fixture(scope="module")
def game():
    return load_game("italian-front", ROOT)


def test_loads_without_errors():
    g, errors, _warnings = check_game("italian-front", ROOT)
    assert [e.format() for e in errors] == []
    assert g.title == "The Italian Front: 1915-1918" and g.system == "der-weltkrieg"
    assert [s.id for s in g.sides] == ["central-powers", "entente"]
    assert set(g.tables) == {"tec", "crt", "sequence"}
    assert sorted(g.scenarios) == SCENARIO_IDS


def test_version_is_stable_and_follows_the_data(tmp_path, game):
    assert re.fullmatch(r"0\.1\.0\+[0-9a-f]{8}", game.version)
    root = tmp_path / "data"
    for folder in ("games", "counters", "maps", "scenarios", "tables"):
        if (ROOT / folder).is_dir():
            shutil.copytree(ROOT / folder, root / folder)
    assert load_game("italian-front", root).version == game.version
    f = root / "counters" / "italian-front" / "markers.yaml"
    f.write_text(f.read_text() + "# a comment changes the data hash\n")
    assert load_game("italian-front", root).version != game.version


def test_nations_and_colours(game):
    assert game.nations["austria-hungary"].rail_capacity == 10
    assert game.nations["italy"].rail_capacity == 7
    assert game.nations["great-britain"].rail_capacity is None
    for n in game.nations.values():
        assert re.fullmatch(r"#[0-9a-f]{6}", n.background) and game.side_of(n.id) in ("central-powers", "entente")


def test_every_placement_resolves(game):
    for s in game.scenarios.values():
        maps = [game.maps[m] for m in s.maps if m in game.maps]
        for p in list(s.setup) + list(s.dead_pool) + [p for e in s.reinforcements
                                                       for p in e.arrivals + e.withdrawals]:
            c = game.counters[p.counter]
            if p in s.setup:
                assert p.hex is not None
                for m in maps:
                    assert m.contains(p.hex), (s.id, p.counter, p.hex.id)
            if p in s.dead_pool or p.hex is None:
                assert c.nation in game.nations
        for f in s.fortresses:
            assert game.fortress_counter(f.nation, f.size) is not None
            for m in maps:
                assert m.contains(f.hex)
        for mk in s.markers:
            assert mk.marker in game.markers
        assert s.setup_incomplete and "INCOMPLETE" in s.description
        assert s.victory_conditions and s.starting_dm


def test_scenario_facts(game):
    s = game.scenarios["if-1915-05"]
    assert (s.first_turn, s.last_turn) == (GameDate(1915, 5, 7), GameDate(1915, 8, 7))
    assert (s.first_phase, s.phasing_side) == ("entente-movement", "entente")
    assert s.hq_supply_points == {"ah-hq-xxxx-tir": 5, "it-hq-xxxx-1st": 5}
    italy = next(r for r in s.rail_capacities if r.nation == "italy")
    assert (italy.divisions, italy.not_usable_until, italy.halved_until) == (7, GameDate(1915, 6, 1),
                                                                            GameDate(1915, 6, 4))
    assert s.derived_markers == (("trench", "entrenched-border", "4-2"),)
    assert dict(s.starting_dm) == {"austria-hungary": 220, "italy": 0}
    assert len(s.fortresses) == 13
    s17 = game.scenarios["if-1917-10"]
    assert s17.hq_supply_points["ge-hq-xxxx-14th"] == 100
    assert [m.hex.id for m in s17.markers if m.marker == "devastation"] == ["3118", "3119", "3217"]
    assert [p.counter for p in s17.dead_pool] == ["it-inf-xx-20"]
    assert any(e.date == GameDate(1917, 11, 4) and e.arrivals[0].counter == "ge-aslt-xx-195" and
               e.arrivals[0].reduced for e in s17.reinforcements)
    s16 = game.scenarios["if-1916-05"]
    dates = [e.date for e in s16.reinforcements if e.date]
    assert dates == sorted(dates) and all(s16.first_turn <= d <= s16.last_turn for d in dates)


def test_counters(game):
    c = game.counters["ah-mtn-x-53m"]
    assert (c.nation, c.type, c.size, c.designation, c.front.strength, c.front.movement) == \
        ("austria-hungary", "mtn", "X", "53M", 2, 4)
    assert c.provenance.kind == "placeholder" and "not printed" in c.provenance.reason
    alpk = game.counters["ge-mtn-x-1alpk"]
    assert (alpk.back.strength, alpk.provenance.kind) == (3, "rulebook")       # 16-2: "3-5 Mtn X (-)"
    assert game.counters["ge-aslt-xx-12"].full_strength == 8                  # 33-4
    assert game.counters["it-inf-x-ancna"].back is None                       # 1-4: single step
    hq = game.counters["ge-hq-xxxx-14th"]
    assert hq.type == "hq" and hq.front.strength is None
    ids = list(game.counters)
    assert len(ids) == len(set(ids))
    for c in game.counters.values():
        assert c.provenance is not None
        if c.back and c.front.strength is not None:
            assert c.back.strength <= c.front.strength
        if c.provenance.kind == "placeholder":
            assert c.provenance.reason


def test_every_seed_unit_is_placed():
    """Each unit row of the printed set-ups / dead pools becomes that many placements, hex for hex."""
    seed = yaml.safe_load(shared_path("data", "seed-scenarios.yaml").read_text())
    sc = {s["id"]: s for s in seed["scenarios"]}
    g = load_game("italian-front", ROOT)
    for sid in SCENARIO_IDS:
        s, src = g.scenarios[sid], sc[sid.replace("-", "_")]
        want = Tally(u["hex"] for grp in src["setup"] for u in grp["units"] for _ in u["designations"])
        assert Tally(p.hex.id for p in s.setup) == want, sid
        dead = sum(len(u["designations"]) for grp in src.get("dead_pool", []) for u in grp["units"])
        assert len(s.dead_pool) == dead
        forts = Tally((f["nation"], x["size"], x["hex"]) for f in src["fortresses"] for x in f["list"])
        assert Tally((g.nations[f.nation].name, f.size, f.hex.id) for f in s.fortresses) == forts


def test_every_scheduled_unit_has_a_counter():
    seed = yaml.safe_load(shared_path("data", "seed-scenarios.yaml").read_text())
    dur = next(s for s in seed["scenarios"] if s["id"] == "if_duration")
    g = load_game("italian-front", ROOT)
    names = {(c.nation, c.designation.replace(" ", "")) for c in g.counters.values()}
    nat = {n.name: n.id for n in g.nations.values()}
    for e in dur["reinforcements"]["schedule"]:
        for u in (e.get("arrivals") or []) + (e.get("withdrawals") or []):
            for d in u["designations"]:
                assert (nat[e["nation"]], d.replace(" ", "")) in names, (e["raw"], d)


def test_validate_game_is_empty_for_the_real_data():
    assert validate_game("italian-front", ROOT) == []


def test_counter_lines_name_the_unit():
    """Every rulebook line a counter cites (000:Lnnn) prints its designation."""
    book = shared_path("seeds", "000_aa915efd4021bc28.txt").read_text(encoding="utf-8").splitlines()
    g = load_game("italian-front", ROOT)
    checked = 0
    for c in g.counters.values():
        if c.rpl or c.type == "fortress":
            continue
        for src in c.provenance.sources:
            n = int(src.split(":L")[1])
            text = book[n - 1].replace(" ", "")
            assert c.designation.replace(" ", "") in text or (c.designation == "Tir" and "Tirol" in text), \
                (c.id, src, book[n - 1])
            checked += 1
    assert checked > 250
