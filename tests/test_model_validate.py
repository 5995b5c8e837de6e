"""``validate_game`` reports each broken file with the right file, line and field, all at once."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from modgen.errors import ValidationErrors
from modgen.model import load_game, validate_game

from conftest import ROOT

DATA = Path(__file__).parent / "data" / "model"
UNITS = "counters/mini/units.yaml"
S1 = "scenarios/mini/s1.yaml"


def make_root(tmp_path: Path, **replace: str) -> Path:
    """The mini game plus the project's tables and map 6-4 in a temporary data folder;
    ``replace`` maps a data-relative path to a file in tests/data/model/broken/."""
    root = tmp_path / "data"
    shutil.copytree(DATA / "mini", root)
    shutil.copytree(ROOT / "tables", root / "tables")
    (root / "maps").mkdir()
    shutil.copy(ROOT / "maps" / "6-4.yaml", root / "maps" / "6-4.yaml")
    for rel, broken in replace.items():
        shutil.copy(DATA / "broken" / broken, root / rel)
    return root


def messages(root: Path) -> list[str]:
    return [e.format() for e in validate_game("mini", root)]


def test_mini_game_is_valid(tmp_path):
    root = make_root(tmp_path)
    assert messages(root) == []
    game = load_game("mini", root)
    assert set(game.counters) == {"ah-mtn-x-53m", "ah-hq-xxxx-tir", "ah-fort-2"}
    s = game.scenarios["s1"]
    assert [p.counter for p in s.setup] == ["ah-mtn-x-53m", "ah-hq-xxxx-tir"]
    assert s.hq_supply_points == {"ah-hq-xxxx-tir": 5}
    assert game.fortress_counter("austria-hungary", 2).id == "ah-fort-2"


def test_bad_enum(tmp_path):
    root = make_root(tmp_path, **{UNITS: "units-bad-enum.yaml"})
    msgs = messages(root)
    assert any(m.startswith(f"{UNITS}:6: counters[ah-tank-x-1].type: 'tank' is not one of:") for m in msgs), msgs


def test_missing_field(tmp_path):
    root = make_root(tmp_path, **{UNITS: "units-missing-field.yaml"})
    assert f"{UNITS}:3: counters[ah-mtn-x-53m].front: required field is missing" in messages(root)


def test_duplicate_id(tmp_path):
    root = make_root(tmp_path, **{UNITS: "units-duplicate-id.yaml"})
    msgs = messages(root)
    assert any(m.startswith(f"{UNITS}:6: counters[3].id: duplicate counter id 'ah-mtn-x-53m' (first in {UNITS}:3)")
               for m in msgs), msgs


def test_yaml_syntax_error_names_file_and_line(tmp_path):
    root = make_root(tmp_path, **{UNITS: "units-syntax-error.yaml"})
    errs = validate_game("mini", root)
    syntax = [e for e in errs if e.file == UNITS]
    assert syntax and "YAML syntax" in syntax[0].message
    assert syntax[0].line in (4, 5)
    # the counters are gone, so the scenario's references are reported too, not a traceback
    assert any(e.file == S1 and "unknown counter" in e.message for e in errs)


def test_unknown_counter_in_scenario(tmp_path):
    root = make_root(tmp_path, **{S1: "s1-unknown-counter.yaml"})
    assert messages(root) == [f"{S1}:11: setup[1].counter: unknown counter 'ah-mtn-x-99m'"]


def test_reduced_set_up_of_a_counter_with_no_reduced_side(tmp_path):
    # an HQ (or fortress, or single-step unit) has no back: "reduced: true" is an error, not a
    # counter the module cannot show
    root = make_root(tmp_path, **{S1: "s1-reduced-one-sided.yaml"})
    assert messages(root) == [f"{S1}:11: setup[1].reduced: counter 'ah-hq-xxxx-tir' has no "
                              f"reduced side (its back is blank or not printed): it cannot be set "
                              f"up reduced"]


def test_off_map_hex(tmp_path):
    root = make_root(tmp_path, **{S1: "s1-off-map-hex.yaml"})
    assert messages(root) == [f"{S1}:11: setup[1].hex: hex 9950 is not on map 6-4"]


def test_many_errors_reported_at_once(tmp_path):
    root = make_root(tmp_path, **{S1: "s1-bad-values.yaml", UNITS: "units-bad-enum.yaml"})
    msgs = messages(root)
    expected = [
        f"{S1}:3: maps[0]: map '6-5' is not one of the game's maps (6-4)",
        f"{S1}:4: first_turn: '7 Mai 1915' is not a game date like '7 May 1915' or 'Special May 1915'",
        f"{S1}:10: setup[0].strength: strength 3 is above the counter's printed 2",
        f"{S1}:13: fortresses[0].size: no austria-hungary fortress counter of size 8",
        f"{S1}:15: markers[0].marker: unknown marker 'gas'",
        f"{S1}:16: starting_dm.ruritania: unknown nation 'ruritania'",
    ]
    for e in expected:
        assert e in msgs, (e, msgs)
    assert any(m.startswith(f"{UNITS}:6:") for m in msgs)
    assert any("phase 'cp-movement' belongs to 'central-powers'" in m for m in msgs)
    with pytest.raises(ValidationErrors) as info:
        load_game("mini", root)
    assert len(info.value.errors) == len(msgs)


def test_missing_referenced_file_is_reported_where_referenced(tmp_path):
    root = make_root(tmp_path)
    (root / UNITS).unlink()
    msgs = messages(root)
    assert f"games/mini.yaml:15: counters[0]: file not found: {UNITS}" in msgs


def test_unknown_game(tmp_path):
    root = make_root(tmp_path)
    msgs = messages(root).copy()
    assert msgs == []
    errs = validate_game("nosuch", root)
    assert [e.format() for e in errs] == ["games/nosuch.yaml: no such game 'nosuch' (known: mini)"]


def test_paths_outside_the_data_folder_are_refused(tmp_path):
    root = make_root(tmp_path)
    g = root / "games" / "mini.yaml"
    g.write_text(g.read_text().replace("counters/mini/units.yaml", "../../etc/passwd"))
    msgs = messages(root)
    assert any("is outside the data folder" in m and m.startswith("games/mini.yaml:15:") for m in msgs), msgs


def test_cache_sees_edited_data(tmp_path):
    root = make_root(tmp_path)
    first = load_game("mini", root)
    assert load_game("mini", root) is first
    units = root / UNITS
    units.write_text(units.read_text().replace('front: "2-4", back: "1-4"', 'front: "3-4", back: "2-4"'))
    second = load_game("mini", root)
    assert second.counters["ah-mtn-x-53m"].front.strength == 3
    assert second.version != first.version


def test_structured_scenario_rules_are_validated(tmp_path):
    """victory / supply / duration (modgen.model.scenario_rules): every error with file, line and
    field, all in one run."""
    root = make_root(tmp_path, **{S1: "s1-bad-victory.yaml"})
    msgs = messages(root)
    expected = [
        f"{S1}:19: victory.levels[0].conditions[0].controls.hexes[0]: hex 9950 is not on map 6-4",
        f"{S1}:20: victory.levels[0].conditions[1].dm.a: 'ruritania' is neither a nation "
        "(austria-hungary, italy) nor a side (central-powers, entente)",
        f"{S1}:21: victory.levels[0].conditions[2]: unknown condition type 'holds' (one of: "
        "controls, dm, manual, no_level, occupies, sp_lost, surrender, vp, all, any, not)",
        f"{S1}:23: victory.levels[1].level: 'heroic' is not one of: draw, marginal, substantial, decisive",
        f"{S1}:26: victory.levels[1].conditions[0].dm.op: '~' is not one of: >, >=, <, <=, ==",
        f"{S1}:27: victory.levels[1].conditions[1].controls.count.most: 'most' is not one of: "
        "at_least, at_most, all_but",
        f"{S1}:30: supply.income[0].until: 'until' Turn 1 May 1915 is not after 'from' Turn 1 June 1915",
        f"{S1}:31: supply.income[0].items[0].turns[0]: 9 is not a turn 1-7",
        f"{S1}:31: supply.income[0].items[1]: give supply_points or rpl_sp",
        f"{S1}:33: supply.limits[0].kind: 'per_battle' is not one of: per_attack, front_total",
        f"{S1}:36: duration.morale[0].by_year.1915.collapse: unknown field (allowed: "
        "economic_collapse, surrender)",
    ]
    for e in expected:
        assert e in msgs, (e, msgs)
    assert len(msgs) == len(expected), msgs


def test_vp_schedule_is_validated_with_file_line_and_field(tmp_path):
    """victory.vp_areas (the EF duration games' VP schedule): each area once, exactly one kind,
    nations and morale states of the game, periods that parse and do not overlap, ``never`` for
    the timed kinds — every error with file, line and field, all in one run."""
    root = make_root(tmp_path, **{S1: "s1-bad-vp-areas.yaml"})
    msgs = messages(root)
    expected = [
        f"{S1}:18: victory.vp_areas[1].area: area 1 is listed twice",
        f"{S1}:19: victory.vp_areas[2].dm.nation: 'ruritania' is not one of: austria-hungary, italy",
        f"{S1}:20: victory.vp_areas[3].morale.states: 'panic' is not one of: shaken, "
        "economic-collapse, surrender",
        f"{S1}:20: victory.vp_areas[3].bands[0].when: '1915-H3' is no period (1915, 1915-H2, "
        "1914-Q3 or 1914-10)",
        f"{S1}:21: victory.vp_areas[4].bands[1].when: '1915-Q4..1916' overlaps '1915'",
        f"{S1}:22: victory.vp_areas[5].never: required field is missing",
        f"{S1}:23: victory.vp_areas[6]: give exactly one of declared, dm, morale, removed (how the "
        "checker finds the area's VP)",
        f"{S1}:24: victory.vp_areas[7].colour: unknown field (allowed: area, bands, declared, dm, "
        "line, morale, never, note, removed, text)",
        f"{S1}:24: victory.vp_areas[7].morale.thresholds.surrender: expected a non-empty list of DM "
        "totals",
    ]
    assert sorted(msgs) == sorted(expected), msgs
