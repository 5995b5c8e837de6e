"""Entries into the war by die roll on Demoralization through ``modgen check`` (WE-SC-02, WE-SC-03):
Romania after Austria-Hungary's Shaken National Morale (003 11-55) and Italy by the monthly roll
(000 17-6), on scripted logs of the duration games, with ``!duration`` (national morale from the
scenario's ``duration.morale``), ``!dm`` for the DM and ``!roll <rule>`` naming the roll."""
from __future__ import annotations

import json

import pytest

from modgen.check.engine import check_log
from modgen.check.logread import parse_log
from modgen.cli import main
from modgen.model import load_game
from modgen.model.types import GameDate
from modgen.testing import TestGame


@pytest.fixture(scope="module")
def game():
    return load_game("eastern-front")


def check(t: TestGame):
    return check_log(parse_log(t.text()), t.game, t.scenario)


def hits(report, rule, severity="violation"):
    return [f for f in report.findings if f.rule == rule and f.severity == severity]


def cli(t: TestGame, tmp_path, capsys, name: str):
    """``modgen check`` on the written log (JSON); the scenario named by ``!scenario``."""
    p = t.write(tmp_path / name)
    rc = main(["check", str(p), "--format", "json"])
    out = capsys.readouterr().out
    return rc, json.loads(out[out.index("{"):])


def to_turn(t: TestGame, date: GameDate, phase: str | None = None) -> None:
    while t.date != date:
        t.next_phase()
    if phase:
        t.advance_to(date, phase)


# ------------------------------------------------------------------ 11-55 Romania (WE-SC-03)

SHAKEN_TURN = GameDate(1916, 6, 3)
RO_HQ = "ro-hq-xxxx-q1"


def romania(game, *, move_on=None, joins_on=None, roll=2, duration=True, dm=40):
    """The 1916 East Front Duration Game (Austria-Hungary starts at 510 DM, 6-1): 40 DM in the
    course of 3 June 1916 make it Shaken (550, 11-38); the 11-55 roll; Romania joins and its HQ
    moves."""
    sc = game.scenarios["ef-duration-1916"]
    t = TestGame(game, sc, setup=False)
    t.place(RO_HQ, "6-6:1901", sp=5)
    t.declare("!scenario ef-duration-1916")
    if duration:
        t.declare("!duration")
    to_turn(t, SHAKEN_TURN, "cp-movement")
    t.declare(f"!dm austria-hungary {dm} losses on other fronts")
    t.next_phase()
    if roll is not None:
        t.declare("!roll 11-55")
        t.roll("1d6", [roll])
    for when in sorted({d for d in (move_on, joins_on) if d}):
        to_turn(t, when, "entente-reinforcement")
        if when == joins_on:
            t.declare("!joins romania")
        t.next_phase()                                   # Entente Movement Phase
        if when == move_on:
            t.move(RO_HQ, "6-6:2001")
    t.next_phase()
    return t


def test_we_sc_03_romania_moves_from_1_july_1916_through_modgen_check(game, tmp_path, capsys):
    """WE-SC-03: Shaken during 3 June 1916, die 2: four complete turns (4-7 June), Romanian
    forces move from 1 July 1916."""
    rc, out = cli(romania(game, joins_on=GameDate(1916, 7, 1), move_on=GameDate(1916, 7, 1)),
                  tmp_path, capsys, "we03-legal.vlog")
    assert [f for f in out["findings"] if f["rule"] == "EF 11-55"] == []
    rc, out = cli(romania(game, joins_on=GameDate(1916, 6, 7), move_on=GameDate(1916, 6, 7)),
                  tmp_path, capsys, "we03-early.vlog")
    fs = [f for f in out["findings"] if f["rule"] == "EF 11-55"]
    assert rc == 1 and len(fs) == 2 and all(f["severity"] == "violation" for f in fs), fs
    assert all("Shaken on Turn 3 June 1916" in f["message"] and "the 11-55 roll was 2" in f["message"]
               and "move from Turn 1 July 1916" in f["message"] for f in fs), fs
    assert {f["message"].split(" on ")[0] for f in fs} == {"!joins romania",
                                                          "?1 HQ XXXX moved 6-6:1901→6-6:2001"}


def test_11_55_before_austria_hungary_is_shaken(game):
    r = check(romania(game, dm=39, joins_on=GameDate(1916, 6, 7)))   # 549 DM: not Shaken
    (f,) = hits(r, "EF 11-55")
    assert "has not suffered Shaken National Morale" in f.message
    # the 8 DM of July's Monthly Special Turn (11-33) make it Shaken then (the roll of 3 June
    # was before: not the 11-55 roll); 1 July is too early even for a roll of 1 (1-3 July pass)
    r = check(romania(game, dm=39, joins_on=GameDate(1916, 7, 1)))
    (f,) = hits(r, "EF 11-55")
    assert "Shaken on Special Turn July 1916" in f.message
    assert "even a roll of 1 lets Romanian forces move only from Turn 4 July 1916" in f.message


def test_11_55_without_the_roll_or_without_morale_is_undetermined(game):
    # no roll: a roll of 1 allows 7 June at the earliest, a 6 means 5 July
    r = check(romania(game, roll=None, move_on=GameDate(1916, 6, 7)))
    assert hits(r, "EF 11-55") == []
    (f,) = hits(r, "EF 11-55", "undetermined")
    assert "11-55 die roll" in f.missing
    r = check(romania(game, roll=None, move_on=GameDate(1916, 6, 6)))
    (f,) = hits(r, "EF 11-55")
    assert "even a roll of 1" in f.message
    # no !duration: no national morale kept
    r = check(romania(game, duration=False, joins_on=GameDate(1916, 7, 1)))
    assert hits(r, "EF 11-55") == []
    (f,) = hits(r, "EF 11-55", "undetermined")
    assert "national morale" in f.missing


def test_shaken_on_the_turn_the_dm_were_suffered(game):
    """The DM of the last phase of a turn reach Shaken on that turn, not the next (11-55's
    example counts the turns from the Shaken turn): 40 DM in the last phase of 4 June, die 1:
    three complete turns (5-7 June), Romanian forces move from 1 July 1916 (from 2 July had the
    Shaken turn been 5 June)."""
    t = romania(game, dm=0, roll=None)
    to_turn(t, GameDate(1916, 6, 4), "entente-replacement")          # the last phase of 4 June
    t.declare("!dm austria-hungary 40")
    t.next_phase()                                                   # 5 June
    t.declare("!roll 11-55")
    t.roll("1d6", [1])
    to_turn(t, GameDate(1916, 6, 7), "entente-reinforcement")
    t.declare("!joins romania")
    t.next_phase()
    (f,) = hits(check(t), "EF 11-55")
    assert "Shaken on Turn 4 June 1916" in f.message and "move from Turn 1 July 1916" in f.message


# ------------------------------------------------------------------ 17-6 Italy (WE-SC-02)

SPECIAL_JUNE = GameDate(1915, 6, 0)
ENTRY = GameDate(1915, 8, 7)


def italy(game, *, raw, dm, serbs=False, joins_on=ENTRY, joins_phase="entente-movement",
          roll_on=SPECIAL_JUNE):
    """The South and East Front Duration Game from its start: A-H DM by ``!dm``; the 17-6 roll in
    the Special Turn of June 1915; ``!joins italy``."""
    sc = game.scenarios["ef-south-east-duration"]
    t = TestGame(game, sc, setup=False)
    if serbs:
        t.place("sb-inf-xx-q1", "6-5:2008")                           # in Serbia
    t.declare("!scenario ef-south-east-duration")
    t.declare("!duration")
    if dm:
        t.declare(f"!dm austria-hungary {dm} the Eastern Front")
    to_turn(t, roll_on)
    t.declare("!roll 17-6")
    t.roll("1d6", [raw])
    if joins_on is not None:
        to_turn(t, joins_on, joins_phase)
        t.declare("!joins italy")
        t.next_phase()
    to_turn(t, GameDate(1915, 9, 1))
    return t


def test_we_sc_02_italy_joins_on_7_august_1915_through_modgen_check(game, tmp_path, capsys):
    """WE-SC-02: a roll triggering in June 1915 (1, −1 for 150 A-H DM: 0 < 1) brings Italy in
    at the start of the 7th Entente Movement Phase of August 1915."""
    rc, out = cli(italy(game, raw=1, dm=150, serbs=True), tmp_path, capsys, "we02.vlog")
    assert [f for f in out["findings"] if f["rule"] == "EF 17-6"] == []
    rc, out = cli(italy(game, raw=1, dm=150, joins_on=GameDate(1915, 8, 6)), tmp_path, capsys,
                  "we02-early.vlog")
    (f,) = [f for f in out["findings"] if f["rule"] == "EF 17-6"]
    assert f["severity"] == "violation" and "Italy joins on Turn 7 August 1915" in f["message"]


def test_we_sc_02_derived_cases(game):
    # raw 4, Serbia fallen (no Serbian unit in Serbia), 250 DM: 4 − 2 = 2, not triggered
    t = italy(game, raw=4, dm=250)
    (f,) = hits(check(t), "EF 17-6")
    assert "no 17-6 roll so far triggered" in f.message
    # raw 2, 150 DM, Serbian units in Serbia: 2 − 2 − 1 = −1 if supplied, 2 − 1 = 1 if not: the
    # log keeps no supply state, so the entry is undetermined (never a violation)
    r = check(italy(game, raw=2, dm=150, serbs=True))
    assert hits(r, "EF 17-6") == []
    (f,) = hits(r, "EF 17-6", "undetermined")
    assert "supplied units" in f.missing


def test_17_6_italy_must_join_when_due_and_the_roll_in_a_special_turn(game):
    (f,) = hits(check(italy(game, raw=1, dm=150, joins_on=None)), "EF 17-6")
    assert "had not joined by the end of the Entente Movement Phase of Turn 7 August 1915" in f.message
    r = check(italy(game, raw=1, dm=150, roll_on=GameDate(1915, 6, 1)))
    assert any("Monthly Special Turn" in f.message for f in hits(r, "EF 17-6"))


# ------------------------------------------------------------------ 11-33, 11-35 DM income


def test_11_33_and_11_35_dm_each_monthly_special_turn(game):
    """The East Front Duration Game from 3 August 1914 to 1 June 1915 (``!duration``): Russia
    3 DM a month from November 1914 (11-35: Nov … Jun, 8 Monthly Special Turns); Austria-Hungary
    3 from January 1915 (11-33: Jan … Jun, 6) and 5 more from May 1915 (May, Jun, 2); these
    count for national morale, not for a scenario's DM levels."""
    sc = game.scenarios["ef-duration-1914"]
    t = TestGame(game, sc, setup=False)
    t.declare("!duration")
    to_turn(t, GameDate(1915, 6, 1))
    eog = check(t).end_of_game
    income = {}
    for i in eog.items:
        if i.kind == "income":
            income.setdefault((i.nation, i.rule), []).append(i.dm.lo)
    income = {k: sorted(v) for k, v in income.items()}
    assert income == {("russia", "11-35"): [3] * 8, ("austria-hungary", "11-33"): [3] * 6 + [5] * 2}, income
    assert sum(income[("austria-hungary", "11-33")]) == 28
    # without !duration: none
    t = TestGame(game, sc, setup=False)
    to_turn(t, GameDate(1915, 6, 1))
    assert [i for i in check(t).end_of_game.items if i.kind == "income"] == []


# ------------------------------------------------------------------ 11-40, 11-41 removal at a DM limit


def bulgaria_at(game, dm, *, remove=False):
    """The 1916 East Front Duration Game (Bulgaria starts at 10 DM, 6-1): a Bulgarian unit on
    map 6-5; Bulgaria's DM rise by ``dm`` on 3 June; the unit is taken off or stays."""
    sc = game.scenarios["ef-duration-1916"]
    t = TestGame(game, sc, setup=False)
    t.place("bg-inf-x-1-1", "6-5:2413")
    t.declare("!scenario ef-duration-1916")
    to_turn(t, GameDate(1916, 6, 3), "cp-movement")
    t.declare(f"!dm bulgaria {dm} losses")
    t.next_phase()
    if remove:
        t.eliminate("bg-inf-x-1-1")
    t.next_phase(2)
    return check(t)


def test_11_41_bulgarian_forces_removed_at_50_dm(game):
    (f,) = hits(bulgaria_at(game, 40), "EF 11-41")                 # 10 + 40 = 50
    assert "still on the map" in f.message and "50 Bulgaria DM" in f.message
    assert hits(bulgaria_at(game, 40, remove=True), "EF 11-41") == []
    assert hits(bulgaria_at(game, 39), "EF 11-41") == []           # 49
    assert hits(bulgaria_at(game, 39), "EF 11-41", "undetermined") == []


# ------------------------------------------------------------------ 11-34, 11-35: city DM

def city_dm(game, sid, moves):
    """``moves``: (unit, from, to) made in the first Movement Phase of side's turn 1 May 1915; the
    DM each nation suffers by the end."""
    t = TestGame(game, game.scenarios[sid])
    for u, frm, _to in moves:
        t.place(u, frm)
    for side in ("cp", "entente"):
        mine = [m for m in moves if m[0].startswith("ru-") == (side == "entente")]
        if mine:
            to_turn(t, GameDate(1915, 5, 1), f"{side}-movement")
            for u, _frm, to in mine:
                t.move(u, to)
    t.next_phase()
    return check(t).end_of_game.dm


def test_11_35_russia_takes_dm_only_for_four_cities_urban_hexsides(game):
    from modgen.systems.der_weltkrieg.rules.demoralization import Span
    kovno = [("ge-inf-xx-22", "4-5:2702", "4-5:2802")]         # Kovno: a Russian city
    # an individual scenario: 26-3's 15 DM for the city
    assert city_dm(game, "ef-gorlice-tarnow-1915-05", kovno).get("russia") == Span(15, 15)
    # the duration game: no DM for a personnel centre other than the four cities' urban hexsides
    assert city_dm(game, "ef-duration-1915", kovno).get("russia", Span(0, 0)) == Span(0, 0)
    # both hexes of Warsaw's urban hexside: its DM stay
    warsaw = [("ge-inf-xx-22", "4-5:1919", "4-5:2019"), ("ge-inf-xx-38", "4-5:2219", "4-5:2119")]
    dm = city_dm(game, "ef-duration-1915", warsaw).get("russia")
    assert dm is not None and dm.lo > 0, dm


def test_11_34_retaken_cities_yield_no_dm_in_the_1915_and_1916_games(game):
    from modgen.systems.der_weltkrieg.rules.demoralization import Span
    allenstein = [("ru-inf-xx-13", "4-5:1711", "4-5:1611")]    # a German city
    assert city_dm(game, "ef-gorlice-tarnow-1915-05", allenstein).get("germany", Span(0, 0)).lo > 0
    assert city_dm(game, "ef-duration-1915", allenstein).get("germany", Span(0, 0)) == Span(0, 0)


AH_DIVISION = "ah-inf-xx-29"


def serbian_loss(game, sid):
    """A Serbian and an Austro-Hungarian infantry division eliminated on map 6-5 in the Central
    Powers Combat Phase of 3 November 1914 (no set-up: only the two units)."""
    t = TestGame(game, game.scenarios[sid], setup=False, date=GameDate(1914, 11, 3),
                 phase="cp-combat")
    md = game.theatre.mapdef(("6-5",))
    serbia = min(h for h, i in md.hexes.items() if i.land and i.country == "serbia")
    austria = min(h for h, i in md.hexes.items() if i.land and i.country == "austria-hungary")
    t.place("sb-inf-xx-tim1", game.theatre.name(serbia, ("6-5",)))
    t.place(AH_DIVISION, game.theatre.name(austria, ("6-5",)))
    t.declare(f"!scenario {sid}")
    t.eliminate("sb-inf-xx-tim1")
    t.eliminate(AH_DIVISION)
    t.next_phase()
    return t


def test_11_32_serbia_montenegro_turkey_accumulate_no_dm_in_the_duration_game(game, tmp_path,
                                                                              capsys):
    sc = game.scenarios["ef-duration-1914"]
    assert sc.rule_data["11-32"]["none"] == ["serbia", "montenegro", "ottoman-empire"]
    assert next(r for r in sc.special_rules if r.number == "11-32").kind == "checked"
    # an individual scenario (Serbia, November 1914): the Serbian loss gives Serbian DM
    _rc, out = cli(serbian_loss(game, "ef-serbia-1914-11"), tmp_path, capsys, "serbia.vlog")
    dm = out["end_of_game"]["dm"]
    assert dm["serbia"] not in (0, "0"), dm
    # the East Front Duration Game (1914): none for Serbia (the item is listed, at 0, naming
    # 11-32), while Austria-Hungary's loss still counts
    _rc, out = cli(serbian_loss(game, "ef-duration-1914"), tmp_path, capsys, "duration.vlog")
    eog = out["end_of_game"]
    assert eog["dm"].get("serbia", 0) in (0, "0") and eog["dm"]["austria-hungary"] not in (0, "0"), eog["dm"]
    (item,) = [i for i in eog["dm_items"] if i["nation"] == "serbia"]
    assert "EF 11-32" in item["rule"] and "no DM" in item["reason"], item
    # the 1915 and 1916 games continue section 11 (as 11-34 and 11-35): the rule data is there
    assert all("11-32" in game.scenarios[s].rule_data for s in ("ef-duration-1915", "ef-duration-1916"))
