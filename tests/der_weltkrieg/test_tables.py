"""Rules tables: the CRT (printed cells, monotony, 13-12/13-16/13-19/13-26), the TEC (missing-data M2)
and the sequence of play (rule 5)."""
from __future__ import annotations

from pathlib import Path

import pytest

from modgen.errors import ModgenError
from modgen.model import GameDate
from modgen.systems.der_weltkrieg.tables import load_crt, load_sequence, load_tec
from modgen.model.validate import FileCtx
from modgen.model.yamlio import load_yaml

from conftest import ROOT

TABLES = ROOT / "tables" / "der-weltkrieg"


def load(fn, name, *extra):
    errors: list[ModgenError] = []
    table = fn(load_yaml(TABLES / name), FileCtx(name, errors), *extra)
    assert errors == [], [e.format() for e in errors]
    return table


@pytest.fixture(scope="module")
def crt():
    return load(load_crt, "crt.yaml")


@pytest.fixture(scope="module")
def tec():
    return load(load_tec, "tec.yaml")


@pytest.fixture(scope="module")
def sop():
    return load(load_sequence, "sequence-of-play.yaml", ("central-powers", "entente"))


# --------------------------------------------------------------------------- CRT

BEFORE_1917 = GameDate(1916, 12, 7)
FROM_1917 = GameDate(1917, 1, 1)


def test_crt_printed_cells(crt):
    """Figure 9 (000:L363, a 1914 example): column 20 / die 1 -> 2, column 24 / die 7 -> 6."""
    assert crt.result(20, 1, GameDate(1914, 9, 3)) == 2
    assert crt.result(24, 7, GameDate(1914, 9, 3)) == 6


def test_crt_shape(crt):
    assert (crt.die_min, crt.die_max, crt.max_column) == (-1, 8, 50)
    for t in crt.tables:
        assert sorted(t.cells) == list(range(1, 51))
        assert all(len(row) == 10 for row in t.cells.values())
    assert crt.provenance.kind == "placeholder" and "M1" in crt.provenance.reason


@pytest.mark.parametrize("date", [BEFORE_1917, FROM_1917])
def test_crt_is_monotone_in_column_and_die(crt, date):
    for col in range(1, 51):
        for die in range(-1, 9):
            r = crt.cell(col, die, date)
            if die < 8:
                assert crt.cell(col, die + 1, date) >= r, (col, die)
            if col < 50:
                assert crt.cell(col + 1, die, date) >= r, (col, die)
    assert crt.cell(50, 8, date) > crt.cell(1, -1, date)


def test_crt_1917_table_is_bloodier_from_january_1917(crt):
    """13-26: the "1917 and Later" table from the first turn of January 1917."""
    assert crt.table_for(BEFORE_1917).id == "standard"
    assert crt.table_for(GameDate(1917, 1, 1)).id == "1917"
    assert crt.table_for(GameDate(1916, 12, 7)).id == "standard"
    assert crt.table_for(GameDate(1918, 6, 4)).id == "1917"
    assert crt.table_for(None).id == "standard"
    bloodier = 0
    for col in range(1, 51):
        for die in range(-1, 9):
            a, b = crt.cell(col, die, BEFORE_1917), crt.cell(col, die, FROM_1917)
            assert b >= a
            bloodier += b > a
    assert bloodier > 100


def test_crt_die_clamp(crt):
    """13-12: below -1 counts as -1; 13-16: above 8 counts as 8."""
    for col in (1, 20, 50):
        assert crt.result(col, -5) == crt.result(col, -1)
        assert crt.result(col, 12) == crt.result(col, 8)
    assert crt.result(20, -2) != crt.result(20, 8)


@pytest.mark.parametrize("date", [BEFORE_1917, FROM_1917])
def test_crt_over_50(crt, date):
    """13-19: 135 SP = 2 x column 50 + column 35, same die; 100 = 2 x column 50."""
    for die in range(-1, 9):
        assert crt.result(135, die, date) == 2 * crt.cell(50, die, date) + crt.cell(35, die, date)
        assert crt.result(100, die, date) == 2 * crt.cell(50, die, date)
        assert crt.result(51, die, date) == crt.cell(50, die, date) + crt.cell(1, die, date)
    assert crt.result(0, 5) == 0
    with pytest.raises(ModgenError):
        crt.result(-1, 3)


def test_crt_file_can_be_replaced_without_code_change(tmp_path):
    """The printed card's numbers drop into the same format: here every cell is 7."""
    rows = "\n".join(f"      {c}: [{', '.join(['7'] * 10)}]" for c in range(1, 51))
    text = ("provenance: {kind: rulebook, sources: [CRT card]}\ndie_min: -1\ndie_max: 8\nmax_column: 50\n"
            "tables:\n  - id: standard\n    name: CRT\n    columns:\n" + rows + "\n")
    p = tmp_path / "crt.yaml"
    p.write_text(text)
    errors: list[ModgenError] = []
    crt = load_crt(load_yaml(p), FileCtx("crt.yaml", errors))
    assert errors == []
    assert crt.result(20, 1) == 7 and crt.result(135, 3) == 21


def _with_cell(col: int, die_index: int, value: int) -> str:
    """crt.yaml with one cell of the standard table changed."""
    lines = (TABLES / "crt.yaml").read_text().splitlines()
    i = next(i for i, ln in enumerate(lines) if ln.startswith(f"      {col}: ["))
    cells = lines[i].split("[", 1)[1].rstrip("]").split(", ")
    cells[die_index] = str(value)
    lines[i] = f"      {col}: [{', '.join(cells)}]"
    return "\n".join(lines) + "\n"


def test_crt_known_cell_disagreement_is_an_error(tmp_path):
    p = tmp_path / "crt.yaml"
    p.write_text(_with_cell(20, 0, 1))         # die -1: not a printed cell
    errors: list[ModgenError] = []
    load_crt(load_yaml(p), FileCtx("crt.yaml", errors))
    assert errors == []
    p.write_text(_with_cell(20, 2, 3))         # die 1: Figure 9 prints 2
    load_crt(load_yaml(p), FileCtx("crt.yaml", errors))
    assert len(errors) == 1 and "rulebook prints 2" in errors[0].message and errors[0].line


def test_crt_bad_row_length_names_line(tmp_path):
    text = (TABLES / "crt.yaml").read_text().replace("      7: [", "      7: [0, ", 1)
    p = tmp_path / "crt.yaml"
    p.write_text(text)
    errors: list[ModgenError] = []
    load_crt(load_yaml(p), FileCtx("crt.yaml", errors))
    assert [e.field for e in errors] == ["tables[standard].columns[7]"]
    assert errors[0].line == text.splitlines().index(next(ln for ln in text.splitlines()
                                                           if ln.startswith("      7: "))) + 1


# --------------------------------------------------------------------------- TEC

# missing-data.md M2, from 003:L1146-1151 and L2128-2148: terrain -> (MP, attack, counterattack)
M2 = {
    "ocean": (None, "prohibited", "prohibited"),
    "clear": (1, 0, 0),
    "broken": (1, -1, 0),
    "hilly": (1, -2, 1),
    "woods": (2, -2, 1),
    "swamp": (3, -2, 1),
    "rough": (3, -3, 1),
    "wooded_rough": (4, -4, 2),
    "mountain": (6, "halve", 3),
    "alpine": (None, "halve", 3),
    "suburban": (1, 0, 0),
    "urban": (1, "halve", 3),
    "lake": (None, "prohibited", "prohibited"),
}


def effect(e):
    if e.prohibited:
        return "prohibited"
    if e.halve_strength:
        return "halve"
    return e.drm


@pytest.mark.parametrize("terrain", sorted(M2))
def test_tec_rows_match_m2(tec, terrain):
    row = tec.row(terrain)
    mp, att, catt = M2[terrain]
    assert row.mp == mp and tec.mp(terrain) == mp
    assert effect(row.attack) == att
    assert effect(row.counterattack) == catt


def test_tec_rows_carry_their_printed_line(tec):
    assert tec.row("rough").printed_at == "003:L2130"
    assert tec.row("clear").source.file == "tec.yaml" and tec.row("clear").source.line > 1


def test_tec_rough_discrepancy_recorded(tec):
    d = next(x for x in tec.discrepancies if x["row"] == "rough")
    assert (d["printed"], d["other"], d["chosen"]) == (1, 3, tec.row("rough").counterattack.drm)
    assert "Figure 9" in d["other_at"] and d["why"]


def test_tec_features(tec):
    assert tec.modifier("river").mp == 1
    assert tec.modifier("river").attack.drm == -2 and tec.modifier("river").attack.condition
    assert tec.modifier("major_river").mp == 3 and tec.modifier("major_river").no_ezoc_to_ezoc
    assert tec.modifier("major_river").attack.halve_strength
    assert tec.modifier("trench").mp == 2 and tec.modifier("trench").on_entering_hex
    assert tec.modifier("trench").attack.drm == -2
    assert tec.modifier("devastation").mp == 2 and tec.modifier("devastation").attack.none
    assert tec.modifier("rail").applies_if_cost_at_least == 3
    assert tec.modifier("single_track_rail").applies_if_cost_at_least == 4
    assert tec.row("marsh").id == "swamp"
    with pytest.raises(ModgenError):
        tec.row("tundra")


def test_tec_hexside_costs_of_the_worked_examples(tec):
    # 6-7 (000:L136): wooded rough + river + single-track rail = 4 + 1 - 1
    assert tec.hexside_mp("wooded_rough", river=True, rail="single") == 4
    # Figure 3 (000:L140): clear 1; woods + river + rail = 2; broken + river = 2
    assert tec.hexside_mp("clear") == 1
    assert tec.hexside_mp("woods", river=True, rail="double") == 2
    assert tec.hexside_mp("broken", river=True) == 2
    # the single-track reduction needs 4 MP before adjustment; double track needs 3
    assert tec.hexside_mp("swamp", rail="single") == 3
    assert tec.hexside_mp("swamp", rail="double") == 2
    assert tec.hexside_mp("clear", rail="double") == 1
    assert tec.hexside_mp("woods", major_river=True) == 5
    assert tec.hexside_mp("alpine", river=True) is None


# --------------------------------------------------------------------------- sequence of play


def test_sequence_phases(sop):
    assert [p.id for p in sop.special_phases] == ["trench-completion", "trench-initiation"]
    assert [p.side for p in sop.normal_phases] == ["central-powers"] * 4 + ["entente"] * 4
    assert [p.id.split("-", 1)[1] for p in sop.normal_phases] == ["reinforcement", "movement", "combat",
                                                                   "replacement"] * 2
    assert sop.turns_per_month == 7


def test_next_normal_turn_passes_over_the_monthly_special_turn(sop):
    assert sop.next_normal_turn(GameDate(1915, 5, 3)) == GameDate(1915, 5, 4)
    assert sop.next_normal_turn(GameDate(1915, 5, 7)) == GameDate(1915, 6, 1)
    assert sop.next_normal_turn(GameDate(1915, 12, 7)) == GameDate(1916, 1, 1)


def test_next_phase(sop):
    d = GameDate(1915, 5, 3)
    assert sop.next_phase(d, "cp-combat") == (d, sop.phase("cp-replacement"))
    assert sop.next_phase(d, "entente-replacement") == (GameDate(1915, 5, 4), sop.phase("cp-reinforcement"))
    assert sop.next_phase(GameDate(1915, 5, 7), "entente-replacement") == (GameDate(1915, 6, 0),
                                                                          sop.phase("trench-completion"))
    assert sop.next_phase(GameDate(1915, 6, 0), "trench-initiation") == (GameDate(1915, 6, 1),
                                                                        sop.phase("cp-reinforcement"))
    assert sop.next_turn(GameDate(1917, 12, 7)) == GameDate(1918, 1, 0)
    with pytest.raises(ModgenError):
        sop.next_phase(GameDate(1915, 6, 0), "cp-movement")
