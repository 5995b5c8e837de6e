"""The Victory Point schedule of the East Front duration games through ``modgen check``
(``victory.vp_areas``; 003:L1800-1846, 000:L1915-1953): WE-SC-05 (area 5: the time Austria-Hungary
is Shaken and in Economic Collapse) and WE-SC-06 (the automatic-end shift of the level reached
by the VP total), on scripted logs with ``!duration``, ``!dm`` for the DM and ``!vp`` for the
areas no log shows (1: the 33-20 / 3-2 points; 3: German assistance)."""
from __future__ import annotations

import json

import pytest

from modgen.check.engine import check_log
from modgen.check.logread import parse_log
from modgen.cli import main
from modgen.model import load_game
from modgen.model.types import GameDate, VpArea
from modgen.systems.der_weltkrieg.rules import vp_schedule as VS
from modgen.systems.der_weltkrieg.rules.demoralization import Span
from modgen.testing import TestGame

SE = "ef-south-east-duration"
SERB = "sb-inf-xx-q1"


@pytest.fixture(scope="module")
def game():
    return load_game("eastern-front")


def check(t: TestGame):
    return check_log(parse_log(t.text()), t.game, t.scenario)


def cli(t: TestGame, tmp_path, capsys, name: str):
    p = t.write(tmp_path / name)
    rc = main(["check", str(p), "--format", "json"])
    out = capsys.readouterr().out
    return rc, json.loads(out[out.index("{"):])


def to_turn(t: TestGame, date: GameDate) -> None:
    while t.date != date:
        t.next_phase()


def game_of(game, sid=SE, *, serbs_out=None, declare=(), dm=()):
    """A duration game from its start: a Serbian division in Belgrade (taken off on
    ``serbs_out``), ``!vp`` declarations, and DM by ``!dm`` on the turns given (in order)."""
    t = TestGame(game, game.scenarios[sid], setup=False)
    t.place(SERB, "6-5:1607")
    t.declare(f"!scenario {sid}")
    t.declare("!duration")
    for d in declare:
        t.declare(d)
    events = sorted([(d, f"!dm {n} {x} losses") for d, n, x in dm]
                    + ([(serbs_out, None)] if serbs_out else []), key=lambda e: e[0])
    for when, text in events:
        to_turn(t, when)
        if text:
            t.declare(text)
        else:
            t.eliminate(SERB)
    t.next_phase()
    return t


def area(eog: dict, n: int) -> dict:
    return next(a for a in eog["victory"]["vp_areas"] if a["area"] == n)


# ------------------------------------------------------------------ WE-SC-05 (area 5)

def test_we_sc_05_through_modgen_check(game, tmp_path, capsys):
    """WE-SC-05: A-H reaches 550 DM in August 1915 (Shaken: 4 VP, the second half of 1915) and
    775 in May 1916. The example gives 3 VP for Economic Collapse in May 1916; the printed
    thresholds (000 15-9 = 003 11-38) put Economic Collapse at 525 DM in 1915, below Shaken's 550,
    out of 26-5's order: the checker takes Economic Collapse as only possibly reached from August
    1915 and certainly in May 1916 (600 in 1916, in order), so its VP are undetermined between
    the 4 of August 1915 and the example's 3 — the area gives 7-8 VP, never a guess. (775 DM
    also pass 1916's surrender threshold, 700: A-H surrenders in May 1916 and the game ends.)"""
    t = game_of(game, dm=[(GameDate(1915, 8, 2), "austria-hungary", 550),
                          (GameDate(1916, 5, 2), "austria-hungary", 225)])
    rc, out = cli(t, tmp_path, capsys, "we05.vlog")
    eog = out["end_of_game"]
    a5 = area(eog, 5)
    assert a5["vp"] == {"min": 7, "max": 8}, a5
    assert "Shaken National Morale on Turn 2 August 1915: 4 VP" in a5["because"]
    assert ("Economic Collapse possibly from Turn 2 August 1915, certainly on Turn 2 May 1916: "
            "3-4 VP") in a5["because"]
    assert eog["final"] is True        # the automatic end of game: A-H surrendered
    assert any("Austria-Hungary surrendered in 1916" in n for n in eog["notes"])
    # areas 2 (the Serbian division still in Belgrade: never removed, 5), 4, 6, 7 from the log;
    # area 1 and 3 undeclared: the total and every level undetermined, naming them
    assert area(eog, 2)["vp"] == 5 and area(eog, 4)["vp"] == 0 and area(eog, 6)["vp"] == 0
    assert area(eog, 1)["vp"] is None and "!vp 1" in area(eog, 1)["missing"]
    v = eog["victory"]
    assert all(lv["met"] is None for lv in v["levels"]), v["levels"]
    assert "!vp 3 <VP>" in v["levels"][0]["missing"] and "!vp 1 <VP>" in v["levels"][0]["missing"]
    assert v["winner"] is None


def test_we_sc_05_derived_thresholds_in_order_give_one_value(game):
    """The same schedule where 26-5's order holds (1916: Shaken 550, Economic Collapse 600):
    Shaken in February 1916 (3 VP, first half), Economic Collapse in August 1916 (2 VP, second
    half): 5 VP, determined."""
    t = game_of(game, dm=[(GameDate(1916, 2, 1), "austria-hungary", 560),
                          (GameDate(1916, 8, 1), "austria-hungary", 50)])
    eog = check(t).end_of_game
    (a5,) = [a for a in eog.vp_areas if a.area == 5]
    assert a5.vp == Span(5, 5), a5
    assert "Shaken National Morale on Turn 1 February 1916: 3 VP" in a5.because
    assert "Economic Collapse on Turn 1 August 1916: 2 VP" in a5.because


# ------------------------------------------------------------------ WE-SC-06 (the shift)

def we06(game, year: int):
    """Areas so that the VP total is 2 (Entente Marginal): 1 and 3 declared (1 + 2), Serbia
    removed in November 1915 (4), Russia Shaken in the first quarter of ``year`` (1916: −11,
    1917: −7), Austria-Hungary Shaken, in Economic Collapse and surrendering together in
    February of ``year`` (1916: 3 + 3; 1917: 1 + 1; its surrender threshold 700 / 800)."""
    ah = 700 if year == 1916 else 800
    return game_of(game, serbs_out=GameDate(1915, 11, 2), declare=("!vp 1 1", "!vp 3 2"),
                   dm=[(GameDate(year, 1, 2), "russia", 600),
                       (GameDate(year, 2, 2), "austria-hungary", ah)])


def test_we_sc_06_automatic_end_shift_through_modgen_check(game, tmp_path, capsys):
    """WE-SC-06: Entente Marginal by the VP total, A-H surrendering in 1916: shifted 2 levels
    towards the Entente, Entente Decisive (003:L1846 / 000:L1953)."""
    rc, out = cli(we06(game, 1916), tmp_path, capsys, "we06.vlog")
    v = out["end_of_game"]["victory"]
    got = {a["area"]: a["vp"] for a in v["vp_areas"]}
    assert got == {1: 1, 2: 4, 3: 2, 4: 0, 5: 6, 6: -11, 7: 0}, v["vp_areas"]
    met = [lv["label"] for lv in v["levels"] if lv["met"]]
    assert met == ["Entente Marginal"], v["levels"]
    assert v["winner"]["label"] == "Entente Decisive", v
    assert "shifted 2 levels towards Entente (from Entente Marginal)" in v["shift"]
    assert v["certain"] is True and out["end_of_game"]["final"] is True
    assert "victory: Entente, level decisive (Entente Decisive)" in v["summary"]
    assert not any("the log goes on after" in n for n in out["end_of_game"]["notes"])
    # a log that goes on after the surrender says so (what follows is not the game's)
    t = we06(game, 1916)
    to_turn(t, GameDate(1916, 3, 1))
    notes = check(t).end_of_game.notes
    assert any("the log goes on after Austria-Hungary's surrender on Turn 2 February 1916" in n
               for n in notes), notes


def test_we_sc_06_derived_1917_shifts_one_level(game):
    """(derived) A-H surrendering in 1917: one level, Entente Marginal → Entente Substantial."""
    eog = check(we06(game, 1917)).end_of_game
    assert {a.area: a.vp for a in eog.vp_areas}[5] == Span(2, 2)
    assert {a.area: a.vp for a in eog.vp_areas}[6] == Span(-7, -7)
    assert eog.outcome.winner.level.label == "Entente Substantial"
    assert "shifted 1 level towards Entente" in eog.outcome.shift


def test_without_a_surrender_no_shift(game):
    """No surrender of A-H: the level the VP total reaches, unshifted (Russia Shaken 1Q 1916:
    −11; A-H Shaken February 1916, 3 VP: total 1 + 4 + 2 + 3 − 11 = −1, Entente Marginal)."""
    t = game_of(game, serbs_out=GameDate(1915, 11, 2), declare=("!vp 1 1", "!vp 3 2"),
                dm=[(GameDate(1916, 1, 2), "russia", 600),
                    (GameDate(1916, 2, 2), "austria-hungary", 560)])
    eog = check(t).end_of_game
    assert eog.outcome.winner.level.label == "Entente Marginal" and eog.outcome.shift == ""
    assert not eog.final and "standing so far" in eog.summary


# ------------------------------------------------------------------ areas undetermined, warnings

def test_undeclared_area_and_a_serbian_unit_back_are_undetermined(game):
    # a Serbian unit back after all were removed: area 2 undetermined (removed is for good)
    t = game_of(game, serbs_out=GameDate(1915, 11, 2), declare=("!vp 1 1", "!vp 3 2"))
    t.arrive(SERB, "6-5:1607")
    t.next_phase()
    eog = check(t).end_of_game
    (a2,) = [a for a in eog.vp_areas if a.area == 2]
    assert a2.vp is None and "came back" in a2.because
    assert eog.outcome.winner is None
    assert all(r.verdict.value is None for r in eog.outcome.results)
    assert "when all Serbian forces were removed from play" in eog.outcome.results[0].verdict.missing


def test_vp_declarations_for_computed_or_unknown_areas_are_warnings(game):
    t = game_of(game, declare=("!vp 5 4", "!vp 9 1", "!vp 1 1", "!vp 1 2", "!vp one"))
    r = check(t)
    ws = [f.message for f in r.findings if f.rule == "VP" and f.severity == "warning"]
    assert any("area 5's VP are worked out from the log" in m for m in ws), ws
    assert any("has no area 9" in m for m in ws), ws
    assert any("!vp needs <area> <VP>" in f.message for f in r.findings), \
        [f.message for f in r.findings if f.severity == "warning"]
    # the last !vp of an area counts
    assert {a.area: a.vp for a in r.end_of_game.vp_areas}[1] == Span(2, 2)


def test_area_5_without_duration_is_undetermined(game):
    t = TestGame(game, game.scenarios[SE], setup=False)
    t.declare(f"!scenario {SE}")
    t.next_phase()
    (a5,) = [a for a in check(t).end_of_game.vp_areas if a.area == 5]
    assert a5.vp is None and "!duration" in a5.missing


# ------------------------------------------------------------------ area 6: thresholds without a year

def test_area_6_russia_thresholds_without_their_years(game):
    """The East Front Duration Game (003): Russia's 11-39 Economic Collapse (800-950) and
    Surrender (950-1100) values have no year (M7). Russia (with 11-35's 3 DM a month from
    November 1914): 612 DM in February 1915, Shaken (1Q: −15); 871 in May, Economic Collapse
    possible (2Q); 980 in August, certain (3Q): −14..−13; surrender possible from August (950),
    not certain by the end (983 in September, below 1100): −13 or none, −13..0. Area 6:
    −42..−28, and the total undetermined."""
    t = game_of(game, "ef-duration-1914", dm=[(GameDate(1915, 2, 2), "russia", 600),
                                              (GameDate(1915, 5, 2), "russia", 250),
                                              (GameDate(1915, 8, 2), "russia", 100)])
    to_turn(t, GameDate(1915, 9, 1))
    eog = check(t).end_of_game
    (a6,) = [a for a in eog.vp_areas if a.area == 6]
    assert a6.vp == Span(-42, -28), a6
    assert "Russia Shaken National Morale on Turn 2 February 1915: -15 VP" in a6.because
    assert "Russia Economic Collapse possibly from Turn 2 May 1915, certainly on Turn 2 August 1915" \
        in a6.because
    assert "Russia surrender possibly from Turn 2 August 1915, not certainly by the end" in a6.because
    assert eog.outcome.winner is None


def test_area_6_after_the_linked_games_table_is_undetermined(game):
    """000's table ends at 2Q 1917: Russia Shaken in August 1917 has no printed VP."""
    t = game_of(game, dm=[(GameDate(1917, 8, 1), "russia", 600)])
    (a6,) = [a for a in check(t).end_of_game.vp_areas if a.area == 6]
    assert a6.vp is None and "August 1917" in a6.missing and "prints none" in a6.missing


def test_area_7_italy_surrenders_in_1915(game):
    """000 15-10: Italy surrenders at 300 DM in 1915: −7 VP (area 7)."""
    t = game_of(game, dm=[(GameDate(1915, 9, 1), "italy", 300)])
    (a7,) = [a for a in check(t).end_of_game.vp_areas if a.area == 7]
    assert a7.vp == Span(-7, -7), a7


# ------------------------------------------------------------------ the pure functions

def test_area_4_rounds_to_the_nearest_fifty_25_and_75_up():
    a = VpArea(4, "dm", nation="germany", per=50)
    for dm, vp in [(0, 0), (24, 0), (25, 1), (74, 1), (75, 2), (124, 2), (125, 3)]:
        assert VS.dm_area(a, Span(dm, dm), "Germany").vp == Span(vp, vp), dm
    assert VS.dm_area(a, Span(60, 80), "Germany").vp == Span(1, 2)


def test_area_4_through_modgen_check(game):
    t = game_of(game, dm=[(GameDate(1914, 9, 1), "germany", 75)])
    (a4,) = [a for a in check(t).end_of_game.vp_areas if a.area == 4]
    assert a4.vp == Span(2, 2) and "Germany 75 DM" in a4.because


def test_area_2_serbia_removed_by_period(game):
    """Area 2: the period all Serbian units leave the map (11-49): October 1914, 1 VP; before
    October, none."""
    for when, vp in [(GameDate(1914, 10, 3), 1), (GameDate(1914, 9, 3), 0),
                     (GameDate(1915, 3, 1), 3)]:
        (a2,) = [a for a in check(game_of(game, serbs_out=when)).end_of_game.vp_areas
                 if a.area == 2]
        assert a2.vp == Span(vp, vp), (when, a2)


def test_the_report_lists_each_area_in_text_and_html(game, tmp_path, capsys):
    p = we06(game, 1916).write(tmp_path / "we06.vlog")
    main(["check", str(p)])
    text = capsys.readouterr().out
    assert "Victory Points (the scenario's schedule):" in text
    assert "  area 2: 4 VP — all Serbian units removed from play on Turn 2 November 1915: 4 VP" in text
    assert "Entente Marginal: met — 2 VP (needed -2..4)" in text
    main(["check", str(p), "--format", "html"])
    html = capsys.readouterr().out
    assert "<tr><td>6</td><td>-11</td><td>area 6: Russia Shaken National Morale on Turn 2 " \
           "January 1916: -11 VP;" in html


def test_a_possible_surrender_leaves_the_shift_undetermined(game):
    """15-9 prints A-H's 1914 surrender at 450 DM, below Shaken's 550 (out of 26-5's order): at
    460 DM in October 1914 A-H has possibly surrendered, so whether the level shifts is
    undetermined — said, never applied. (Economic Collapse, 375 in 1914, likewise only possible:
    area 5 is 0-5 VP; with 5 + 2 declared and Serbia standing, 5: Entente Decisive either way.)"""
    t = game_of(game, declare=("!vp 1 5", "!vp 3 2"),
                dm=[(GameDate(1914, 10, 1), "austria-hungary", 460)])
    eog = check(t).end_of_game
    assert {a.area: a.vp for a in eog.vp_areas}[5] == Span(0, 5)
    assert eog.outcome.winner.level.label == "Entente Decisive" and eog.outcome.shift == ""
    assert ("the automatic end's shift is undetermined: whether Austria-Hungary surrendered"
            in eog.summary), eog.summary
    assert not eog.final


def test_periods_and_bands_of_the_schedule():
    from modgen.model.scenario_rules import period, period_range
    assert period("1914-Q3") == ((1914, 7), (1914, 9))
    assert period("1915-H2") == ((1915, 7), (1915, 12))
    assert period_range("1914..1915-H1") == ((1914, 1), (1915, 6))
    assert period_range("..1914-09") == (None, (1914, 9))
    with pytest.raises(ValueError):
        period("1915-H3")
    a = VpArea(6, "morale", nation="russia", states=("shaken",), never=0,
               bands=tuple(VpBandOf(w, v) for w, v in [("1914-Q3", -17), ("1914-Q4", -16)]))
    # possible from September 1914 (3Q), certain in October (4Q): −17..−16; never certain: or 0
    assert VS.window_vp(a, GameDate(1914, 9, 1), GameDate(1914, 10, 1), GameDate(1914, 10, 1)) \
        == (Span(-17, -16), "")
    assert VS.window_vp(a, GameDate(1914, 9, 1), None, GameDate(1914, 10, 1))[0] == Span(-17, 0)
    v, gap = VS.window_vp(a, GameDate(1914, 12, 1), None, GameDate(1915, 1, 1))
    assert v is None and gap == "January 1915"
    # thresholds without a year: possible from the least, certain from the greatest value
    hist = [(GameDate(1915, 1, 1), Span(790, 790)), (GameDate(1915, 2, 1), Span(820, 820)),
            (GameDate(1915, 5, 1), Span(940, 960))]
    assert VS.first_reached(hist, (800, 850, 900, 950)) == (GameDate(1915, 2, 1), None)
    hist.append((GameDate(1915, 6, 1), Span(950, 950)))
    assert VS.first_reached(hist, (800, 850, 900, 950)) == (GameDate(1915, 2, 1), GameDate(1915, 6, 1))


def VpBandOf(when, vp):
    from modgen.model.scenario_rules import period_range
    from modgen.model.types import VpBand
    first, last = period_range(when)
    return VpBand(first, last, vp, when)
