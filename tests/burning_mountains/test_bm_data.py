"""Burning Mountains data: the game loads as its own system, its values are typed and provenanced,
its map holds the rulebook's hex facts, and broken data gives ``file:line: field: message``."""
from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from modgen.hexgrid import Hex
from modgen.model.load import check_game, load_game
from modgen.systems.burning_mountains import rules as R
from modgen.systems.burning_mountains.data import BmCounter, Crt, Sequence, parse_entry
from modgen.systems.burning_mountains.mapdata import BmMap

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def game():
    return load_game("burning-mountains")


def test_loads_as_its_own_system(game):
    assert game.system == "burning-mountains"
    assert {s.id for s in game.sides} == {"ah", "it"}
    assert isinstance(next(iter(game.maps.values())), BmMap)
    assert all(isinstance(c, BmCounter) for c in game.counters.values())
    assert set(game.tables) == {"crt", "tdp", "tec", "reinforcements", "sequence"}


def test_every_unit_the_rulebook_names(game):
    by_name = {c.designation: c for c in game.counters.values()}
    for name in ("Ivrea", "Salerno", "Lambro", "Mantova", "15", "55"):
        assert name in by_name, name
    for name in ("Ivrea", "Salerno", "Lambro"):
        assert by_name[name].immobile_until == 2 and by_name[name].type == "inf"
    art2903 = [c for c in game.counters.values() if c.setup == Hex(29, 3) and c.is_artillery]
    assert len(art2903) == 1 and art2903[0].immobile_until == 2 and art2903[0].nation == "italy"
    assert by_name["15"].corps and by_name["55"].corps and by_name["55"].nation == "austria-hungary"
    # the families of 1.2
    text = " ".join(by_name)
    for fam in ("V.L. + M.B.", "Gr. Alp.", "Ragg. Bers. C.", "G.d.S.", "Ragg. RGF", "Bers.", "K.J.", "Gebirg.",
                "Sch.", "L.Sch"):
        assert fam in text, fam


def test_italians_have_no_corps_and_values_are_placeholders(game):
    for c in game.counters.values():
        if c.nation == "italy":
            assert c.corps is None
        assert c.provenance.kind == "placeholder" and c.provenance.reason
    kinds = Counter(c.type for c in game.counters.values())
    assert set(kinds) == {"inf", "mtn", "art", "heavy-art", "fortress"}
    two_step = [c for c in game.counters.values() if c.steps == 2]
    assert two_step and all(c.reduced.attack <= c.front.attack for c in two_step)
    assert all(not c.is_combat_unit for c in game.counters.values() if c.is_artillery)


def test_map_holds_the_rulebook_hexes(game):
    m = game.maps["burning-mountains"]
    g = m.grid
    assert (g.first_col, g.last_col, g.first_row, g.last_row) == (10, 39, 1, 21)
    for h in ("1015", "3906"):
        assert m.is_edge(Hex.parse(h))
    assert Hex(10, 15).col == g.first_col and Hex(39, 6).col == g.last_col
    assert m.supply_edges["austria-hungary"] == frozenset(Hex(c, 1) for c in range(15, 23))
    italy = m.supply_edges["italy"]
    assert {Hex(10, r) for r in range(15, 22)} <= italy and Hex(10, 14) not in italy
    assert {Hex(39, r) for r in range(6, 22)} <= italy and Hex(39, 5) not in italy
    assert {Hex(c, 21) for c in range(10, 40)} <= italy
    assert Hex(29, 3) in m.hexes
    assert m.provenance.kind == "schematic" and "GLOBE" in " ".join(m.provenance.sources)


def test_start_vp_is_ten(game):
    m = game.maps["burning-mountains"]
    assert sum(m.hexes[h].vp for h in m.control_at_start["austria-hungary"]) == 10


def test_set_up_is_legal(game):
    m = game.maps["burning-mountains"]
    tec = game.tables["tec"]
    steps: Counter = Counter()
    arty: Counter = Counter()
    for c in game.counters.values():
        if c.setup is None:
            continue
        if c.counts_for_stacking:
            steps[c.setup] += c.steps
        if c.is_artillery:
            arty[c.setup] += 1
    for h, n in steps.items():
        assert R.overstack(n, tec.stacking(m.terrain(h))) == 0, (h, n)
    assert max(arty.values()) == 1                       # 5.1: at most one artillery unit per hex
    ah = {c.setup for c in game.counters.values() if c.setup and c.nation == "austria-hungary"}
    it = {c.setup for c in game.counters.values() if c.setup and c.nation == "italy"}
    assert not ah & it


def test_sequence_starts_at_the_ah_combat_phase(game):
    seq: Sequence = game.tables["sequence"]
    steps = seq.steps()
    assert steps[0] == (1, "ah", "combat") and steps[1] == (1, "it", "supply")
    assert steps[-1] == (14, "it", "combat") and len(steps) == 1 + 4 + 13 * 8


def test_reinforcements_match_the_counters(game):
    reinf = game.tables["reinforcements"]
    arriving = {c.id for c in game.counters.values() if c.arrival}
    assert {u for a in reinf.arrivals for u in a.units} == arriving
    assert parse_entry("1501-2201") == [Hex(c, 1) for c in range(15, 23)]
    for a in reinf.arrivals:
        edge = game.maps["burning-mountains"].supply_edges[a.nation]
        assert set(a.entry) <= edge, a


def test_crt_and_tdp_cells(game):
    crt: Crt = game.tables["crt"]
    assert crt.columns[0] == "1:3" and crt.columns[-1] == "4:1"
    att, dfn = crt.result("1:1", 7)
    assert (att.text, dfn.text) == ("-", "+1")
    assert crt.provenance.kind == "placeholder"
    tdp = game.tables["tdp"]
    assert tdp.reductions("Large", 99) == tdp.reductions("Large", max(tdp.rows))


def _copy(tmp_path: Path) -> Path:
    for d in ("games", "counters", "maps", "tables", "scenarios"):
        if (ROOT / d).is_dir():
            shutil.copytree(ROOT / d, tmp_path / d)
    return tmp_path


def test_printed_values_drop_in_without_code_change(tmp_path):
    root = _copy(tmp_path)
    p = root / "tables/burning-mountains/crt.yaml"
    p.write_text(p.read_text().replace('  7: ["-/-", "-/+1"', '  7: ["-/-", "R2/+3"'))
    c = root / "counters/burning-mountains/italy.yaml"
    c.write_text(c.read_text().replace('designation: Ivrea, values: "3-4-6"', 'designation: Ivrea, values: "5-7-4"'))
    g = load_game("burning-mountains", root)
    a, d = g.tables["crt"].result("1:2", 7)
    assert (a.retreat, d.drm) == (2, 3)
    iv = g.counters["it-inf-x-ivrea"]
    assert (iv.front.attack, iv.front.defence, iv.front.ma) == (5, 7, 4)


def test_errors_name_file_line_and_field(tmp_path):
    root = _copy(tmp_path)
    c = root / "counters/burning-mountains/austria-hungary.yaml"
    text = c.read_text()
    c.write_text(text.replace('designation: "5", corps: XX, values: "4-4-6"', 'designation: "5", corps: XX, values: "4-x"'))
    i = root / "counters/burning-mountains/italy.yaml"
    i.write_text(i.read_text().replace("designation: Volturno,", "designation: Volturno, corps: V,"))
    t = root / "tables/burning-mountains/tec.yaml"
    t.write_text(t.read_text().replace("mp: 4, stacking: 2", "mp: 4, stacking: two"))
    m = root / "maps/burning-mountains.yaml"
    m.write_text(m.read_text().replace('"2903": "Monte Verena (peak)"', '"2903": "Monte Verena (summit)"'))
    game, errors, _ = check_game("burning-mountains", root)
    assert game is None
    msgs = [e.format() for e in errors]
    line5 = next(n for n, ln in enumerate(text.splitlines(), 1) if 'designation: "5", corps: XX' in ln)
    assert f"counters/burning-mountains/austria-hungary.yaml:{line5}: counters[ah-inf-x-5].values: '4-x' is not " \
           f"attack-defence-movement like '4-4-6'" in msgs
    assert any("italy.yaml:" in x and "counters[it-inf-x-volturno].corps: Italian units have no corps" in x for x in msgs)
    assert any("tec.yaml:" in x and "stacking: expected an integer" in x for x in msgs)
    assert any(x.startswith("maps/burning-mountains.yaml:") and "places.2903: unknown objective class 'summit'" in x
               for x in msgs)
