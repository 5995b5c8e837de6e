"""The Eastern Front rules in the checker: each rule a legal and an illegal scripted game on the
real game data (``games/eastern-front.yaml``, schematic maps), read back through the .vlog text
VASSAL would write (modgen.testing.TestGame), and undetermined where the log cannot tell."""
from __future__ import annotations

import pytest

from modgen.check.engine import check_log
from modgen.check.logread import parse_log
from modgen.model import load_game
from modgen.model.types import GameDate
from modgen.testing import TestGame


@pytest.fixture(scope="module")
def game():
    return load_game("eastern-front")


def new(game, sid, **kw) -> TestGame:
    return TestGame(game, game.scenarios[sid], **kw)


def check(t: TestGame):
    return check_log(parse_log(t.text()), t.game, t.scenario).findings


def of(findings, rule, severity="violation"):
    return [f for f in findings if f.rule == rule and f.severity == severity]


def only(findings, rule, severity="violation"):
    hits = of(findings, rule, severity)
    assert len(hits) == 1, [(f.rule, f.severity, f.message) for f in findings]
    return hits[0]


def rules(findings, severity="violation"):
    return sorted({f.rule for f in findings if f.severity == severity})


# ------------------------------------------------------------------ 35-1, 36: the Danube


#: an A-H division whose 5-4 is printed (000 18-2 via the Eastern Front data)
DANUBE_AH = "ah-inf-xx-44"


def danube_game(game, *, friend_in_1808=False, unit=None):
    unit = unit or DANUBE_AH
    t = new(game, "ef-serbia-1914-08")
    t.place("sb-inf-xx-q1", "6-5:2007")              # south bank, adjacent to the Danube
    t.place(unit, "6-5:1807")                        # north bank, outside 2007's ZOC
    if friend_in_1808:
        t.place("ah-inf-x-14", "6-5:1908")
    t.next_phase()                                   # A-H movement, 3 August 1914
    return t


def test_35_1_no_crossing_of_the_danube_into_a_zoc_exerted_from_the_bank(game):
    t = danube_game(game)
    step = t.move(DANUBE_AH, "6-5:1908")             # across the Danube into 2007's ZOC
    # the drops do not show the path: the only legal way there is a detour over the MA, and the
    # finding says the direct crossing is barred by 35-1
    f = only(check(t), "6-9")
    assert f.step == step and "35-1: 6-5:1807|6-5:1908 crosses the Danube" in f.message


def test_35_1_step_cost(game):
    from modgen.systems.der_weltkrieg.checks.common import terrain_costs
    from modgen.systems.der_weltkrieg.rules import movement as mv
    from modgen.systems.der_weltkrieg.rules.board import BoardState
    from modgen.systems.der_weltkrieg.rules.units import UnitView
    th = game.theatre
    md = th.mapdef(("6-5",))
    h = lambda s: th.parse(s)                        # noqa: E731
    serb = UnitView(game.counters["sb-inf-xx-q1"], "entente", "serbia", hex=h("6-5:2007"))
    ah = UnitView(game.counters["ah-inf-xx-29"], "central-powers", "austria-hungary", hex=h("6-5:1807"))
    costs = mv.TerrainCosts.from_tec(game.tables["tec"])
    board = BoardState(md, unit_map={h("6-5:2007"): (serb,)})
    s = mv.step_cost(board, ah, h("6-5:1807"), h("6-5:1908"), costs)
    assert s.status == mv.PROHIBITED and s.rules == ("35-1",)
    friend = UnitView(game.counters["ah-inf-x-14"], "central-powers", "austria-hungary",
                      hex=h("6-5:1908"), piece_id="x")
    board = BoardState(md, unit_map={h("6-5:2007"): (serb,), h("6-5:1908"): (friend,)})
    assert mv.step_cost(board, ah, h("6-5:1807"), h("6-5:1908"), costs).status == mv.OK   # 35-2


def test_35_2_friendly_ground_units_in_the_hex_entered(game):
    t = danube_game(game, friend_in_1808=True)
    t.move(DANUBE_AH, "6-5:1908")
    assert of(check(t), "35-1") == []


def test_35_1_crossing_where_no_zoc_is_exerted(game):
    t = danube_game(game)
    t.move(DANUBE_AH, "6-5:1708")                    # across the Danube, outside 2007's ZOC
    fs = check(t)
    assert of(fs, "35-1") == [] and of(fs, "6-9") == []


def test_35_1_the_same_move_on_a_placeholder_ma_is_undetermined(game):
    """29 Inf XX is named without values (3-3): its MA 4 is a placeholder, so the detour over
    the MA that 35-1 forces is undetermined, naming the placeholder, never a violation (the
    same move by the printed 5-4 of 44 Inf XX is a 6-9 violation above)."""
    assert game.counters["ah-inf-xx-29"].placeholder("movement")
    assert game.counters[DANUBE_AH].placeholder("movement") is None
    t = danube_game(game, unit="ah-inf-xx-29")
    step = t.move("ah-inf-xx-29", "6-5:1908")
    fs = check(t)
    assert of(fs, "6-9") == []
    f = only(fs, "6-9", "undetermined")
    assert f.step == step and "35-1: 6-5:1807|6-5:1908 crosses the Danube" in f.message
    assert "MA 4 of 29 Inf XX is a placeholder" in f.message
    assert "named by 3-3 (003:L1189) with no values" in f.missing


def flotilla_game(game):
    t = new(game, "ef-serbia-1914-11")
    t.place("ah-flotilla-enns", "6-5:1707")
    t.place("sb-inf-xx-q2", "6-5:2007")
    t.next_phase()                                   # A-H movement
    return t


def test_36_flotilla_moves_along_the_danube_without_limit(game):
    t = flotilla_game(game)
    t.move("ah-flotilla-enns", "6-5:2406")            # far down the north bank, one drag
    fs = check(t)
    assert of(fs, "36-3") == [] and of(fs, "36-4") == [] and of(fs, "6-9") == []


def test_36_3_flotilla_leaves_the_danube(game):
    t = flotilla_game(game)
    step = t.move("ah-flotilla-enns", "6-5:1705")
    f = only(check(t), "36-3")
    assert f.step == step and "6-5:1705" in f.message


def test_36_4_flotilla_enters_a_hex_with_enemy_ground_units(game):
    t = flotilla_game(game)
    step = t.move("ah-flotilla-enns", "6-5:2007")
    f = only(check(t), "36-4")
    assert f.step == step and "enemy ground combat units" in f.message


def test_36_5_flotillas_do_not_count_for_stacking(game):
    from modgen.systems.der_weltkrieg.rules.units import unit_stacking_value
    assert unit_stacking_value(game.counters["ah-flotilla-enns"]) == (0, 0)


# ------------------------------------------------------------------ Serbia, October 1915: countries


def oct15(game):
    t = new(game, "ef-serbia-1915-10")
    return t


def test_10_1_central_powers_may_not_enter_albania(game):
    outside, inside = _country_hex(game, oct15(game), "albania")
    t = oct15(game)
    t.place("ah-inf-xx-29", outside)
    t.next_phase()
    step = t.move("ah-inf-xx-29", inside)
    f = only(check(t), "EF 10-1")
    assert f.step == step and "Albania" in f.message
    t2 = oct15(game)
    t2.place("mn-inf-xx-q1", outside)
    t2.next_phase(5)                                  # Entente movement
    t2.move("mn-inf-xx-q1", inside)
    assert of(check(t2), "EF 10-1") == []


def _country_neighbour(game, t, h, country):
    md = game.theatre.mapdef(t.maps)
    hx = t.hex(h)
    for n in hx.neighbours():
        if md.hexes.get(n) is not None and md.hexes[n].country == country:
            return t.hex_name(n)
    raise AssertionError(f"no {country} hex next to {h}")


def _country_hex(game, t, country, near=None):
    md = game.theatre.mapdef(t.maps)
    hexes = sorted(h for h, i in md.hexes.items() if i.country == country and i.land)
    for h in hexes:
        for n in h.neighbours():
            i = md.hexes.get(n)
            if i is not None and i.land and i.country != country and (near is None or i.country == near):
                return t.hex_name(n), t.hex_name(h)
    raise AssertionError(country)


def test_10_4_central_powers_may_not_cross_the_greek_border(game):
    outside, inside = _country_hex(game, oct15(game), "greece", near="bulgaria")
    t = oct15(game)
    t.place("bg-cav-xx-1", outside)
    t.next_phase()
    step = t.move("bg-cav-xx-1", inside)
    f = only(check(t), "EF 10-4")
    assert f.step == step and "neutral" in f.message
    t2 = oct15(game)                                  # optional 10-5: Greece joins on turn 2
    t2.place("bg-cav-xx-1", outside)
    t2.declare("!optional 10-5")
    t2.advance_to(GameDate(1915, 10, 3), "cp-movement")
    t2.move("bg-cav-xx-1", inside)
    assert of(check(t2), "EF 10-4") == []


def test_10_3_serbs_enter_greece_only_after_the_allies_reach_salonika(game):
    outside, inside = _country_hex(game, oct15(game), "greece", near="serbia")
    t = oct15(game)
    t.place("sb-inf-xx-q1", outside)
    t.next_phase(5)
    step = t.move("sb-inf-xx-q1", inside)
    f = only(check(t), "EF 10-3")
    assert f.step == step and "Salonika" in f.message
    t2 = oct15(game)
    t2.place("sb-inf-xx-q1", outside)
    t2.place("fr-inf-xx-23", "6-5:3327")               # French in Salonika
    t2.next_phase(5)
    t2.move("sb-inf-xx-q1", inside)
    assert of(check(t2), "EF 10-3") == []


def test_10_2_twelve_german_infantry_sp_leave_each_turn(game):
    def play(withdraw):
        t = oct15(game)
        t.place("ge-inf-xx-1gr", "6-5:1505")          # 8 SP
        t.place("ge-inf-xx-22", "6-5:1405")           # 8 SP
        t.advance_to(GameDate(1915, 11, 3), "cp-reinforcement")
        for u in withdraw:
            t.off_map(u)
        t.advance_to(GameDate(1915, 11, 4), "cp-reinforcement")
        return check(t)
    f = only(play(["ge-inf-xx-1gr"]), "EF 10-2")
    assert "8 German infantry SP" in f.message and "Turn 3 November 1915" in f.message
    assert of(play(["ge-inf-xx-1gr", "ge-inf-xx-22"]), "EF 10-2") == []


# ------------------------------------------------------------------ duration: neutrality, limits


def test_11_52_bulgarian_neutrality_and_11_51_bulgaria_joins(game):
    outside, inside = _country_hex(game, new(game, "ef-duration-1914"), "bulgaria", near="serbia")
    t = new(game, "ef-duration-1914")
    t.place("sb-inf-xx-q1", outside)
    t.next_phase(5)                                    # Entente movement, 3 August 1914
    step = t.move("sb-inf-xx-q1", inside)
    f = only(check(t), "EF 11-52")
    assert f.step == step and "Bulgarian neutrality" in f.message
    # a Central Powers unit next to Nish: Bulgaria joins the next turn, its units may move
    t2 = new(game, "ef-duration-1914")
    t2.place("ah-inf-xx-29", "6-5:2312")
    t2.place("bg-cav-xx-1", inside)
    t2.next_phase()
    t2.move("ah-inf-xx-29", "6-5:2313")               # adjacent to Nish (2413)
    step = t2.move("bg-cav-xx-1", outside)             # Bulgaria has not joined yet
    assert only(check(t2), "EF 11-51").step == step
    t2.undo()
    t2.advance_to(GameDate(1914, 8, 4), "cp-movement")
    t2.move("bg-cav-xx-1", outside)
    assert of(check(t2), "EF 11-51") == []


def test_11_31_no_crossing_of_the_daugava(game):
    t = new(game, "ef-duration-1914")
    md = game.theatre.mapdef(t.maps)
    a, b = next((s.a, s.b) for s in md.hexsides if md.hexsides[s].river_name == "Daugava"
                and md.hexes.get(s.a) and md.hexes.get(s.b))
    t.place("ge-inf-xx-22", t.hex_name(a))
    t.place("ge-inf-xx-38", t.hex_name(a))
    t.next_phase()
    step = t.move("ge-inf-xx-22", t.hex_name(b))
    f = only(check(t), "EF 11-31")
    assert f.step == step and "Daugava" in f.message
    # along the river bank, not across
    c = next(n for n in a.neighbours() if md.hexes.get(n) and md.hexside(a, n).river_name != "Daugava"
             and md.hexside(a, n).terrain == "clear")
    t.move("ge-inf-xx-38", t.hex_name(c))
    assert len(of(check(t), "EF 11-31")) == 1


def test_11_31_not_east_of_hexrow_48_of_map_5_5(game):
    t = new(game, "ef-duration-1914")
    t.place("ah-cav-xx-10", "5-5:4810")
    t.next_phase()
    step = t.move("ah-cav-xx-10", "5-5:4910")
    f = only(check(t), "EF 11-31")
    assert f.step == step and "48xx" in f.message


def test_18_4_no_germans_on_map_6_5(game):
    t = new(game, "ef-link-serbia-tannenberg-galicia")
    th = game.theatre
    md = th.mapdef(t.maps)
    # a 5-5S hex next to a hex only 6-5 prints
    pair = None
    for h in sorted(md.hexes):
        on = [s for s, _ in th.locals(h) if s in t.maps]
        if on == ["5-5S"]:
            for n in h.neighbours():
                if [s for s, _ in th.locals(n) if s in t.maps] == ["6-5"] and md.hexes[n].land:
                    pair = (h, n)
                    break
        if pair:
            break
    t.place("ge-inf-xx-22", t.hex_name(pair[0]))
    t.place("ah-inf-xx-29", t.hex_name(pair[0]))
    t.next_phase()
    step = t.move("ge-inf-xx-22", t.hex_name(pair[1]))
    t.move("ah-inf-xx-29", t.hex_name(pair[1]))
    f = only(check(t), "EF 18-4")
    assert f.step == step and "6-5" in f.message


def test_18_2_no_transfer_between_4_5_and_5_5_before_september(game):
    th = game.theatre
    t = new(game, "ef-link-tannenberg-galicia")
    md = th.mapdef(t.maps)
    pair = None
    for h in sorted(md.hexes):
        if [s for s, _ in th.locals(h) if s in t.maps] == ["4-5"]:
            for n in h.neighbours():
                if [s for s, _ in th.locals(n) if s in t.maps] == ["5-5"] and md.hexes[n].land \
                        and md.hexside(h, n) is not None and md.hexside(h, n).terrain == "clear":
                    pair = (h, n)
                    break
        if pair:
            break
    a, b = t.hex_name(pair[0]), t.hex_name(pair[1])
    t.place("ge-inf-xx-22", a)
    t.next_phase()
    step = t.move("ge-inf-xx-22", b)
    f = only(check(t), "EF 13-2")                      # the linking game's number
    assert f.step == step and "4-5" in f.message and "5-5" in f.message
    t2 = new(game, "ef-link-tannenberg-galicia")
    t2.place("ge-inf-xx-22", a)
    t2.advance_to(GameDate(1914, 9, 1), "cp-movement")
    t2.move("ge-inf-xx-22", b)
    assert of(check(t2), "EF 13-2") == []


def test_9_1_playing_area_of_the_limited_brusilov(game):
    t = new(game, "ef-brusilov-1916-06-limited")
    t.place("ru-inf-xx-1g", "4-5:2018")
    t.next_phase()                                    # the scenario starts in the Entente movement
    step = t.move("ru-inf-xx-1g", "4-5:2017")
    f = only(check(t), "EF 9-1")
    assert f.step == step and "xx18" in f.message
    t2 = new(game, "ef-brusilov-1916-06-limited")
    t2.place("ru-inf-xx-1g", "4-5:2017")
    assert only(check(t2), "EF 9-2").step is None


def test_10_6_neutral_countries_have_no_zoc(game):
    from modgen.systems.der_weltkrieg.eastern_front import neutral_nations
    from modgen.check.engine import Checker  # noqa: F401 — the engine is what fills the cache
    t = new(game, "ef-serbia-1914-11")
    t.next_phase()
    fs = check(t)
    assert "EF neutral" not in rules(fs)
    # Romania and Bulgaria are no combatants of November 1914
    class Ctx:
        scenario = game.scenarios["ef-serbia-1914-11"]
        cache: dict = {}
    Ctx.game = game
    assert {"romania", "bulgaria", "italy"} <= neutral_nations(Ctx)


# ------------------------------------------------------------------ Serbia, November 1914: a game

SERBIAN_SETUP = [                                   # 9-2's hexes, Belgrade, south of 1311, the Danube
    ("sb-inf-xx-sabc", "6-5:1109"), ("sb-inf-xx-obrn", "6-5:1208"), ("sb-inf-xx-tim1", "6-5:1209"),
    ("sb-inf-xx-cmp", "6-5:1309"), ("sb-inf-xx-bran", "6-5:1310"), ("sb-inf-xx-sok2", "6-5:1408"),
    ("sb-inf-xx-kraj", "6-5:1508"), ("sb-inf-xx-q1", "6-5:1607"), ("sb-inf-xx-q2", "6-5:1312"),
    ("sb-inf-xx-q3", "6-5:1313"), ("sb-inf-xx-q4", "6-5:1314"), ("sb-inf-iii-q1", "6-5:2007"),
    ("sb-inf-iii-q2", "6-5:2007"), ("sb-cav-xx-cav", "6-5:1710"), ("sb-hq-xxxx-q1", "6-5:1711"),
]
AH_SETUP = [
    ("ah-inf-xx-29", "6-5:1407"), ("ah-inf-x-14", "6-5:1507"), ("ah-inf-xx-44", "6-5:1606"),
    ("ah-inf-xx-23", "6-5:1008"), ("ah-inf-xx-32", "6-5:1204"), ("ah-cav-xx-10", "6-5:1305"),
    ("ah-hq-xxxx-3rd", "6-5:1204"),
]


def serbia_nov(game, mistakes=(), tec_unit="ah-inf-xx-44"):
    """Serbia the Defiant, November 1914, set up by the rules (8-1, 8-3, 8-4, 9-2, flotillas) and
    played over three turns of clean moves; each seeded mistake changes one thing and returns
    the step it is made at (None for a set-up mistake)."""
    t = new(game, "ef-serbia-1914-11")
    serbs = dict(SERBIAN_SETUP)
    ah = {(tec_unit if c == "ah-inf-xx-44" else c): h for c, h in AH_SETUP}
    steps = {}
    if "8-1" in mistakes:
        ah["ah-cav-xx-10"] = "6-5:1611"                # south of the line, in Serbia
        steps["EF 8-1"] = None
    if "8-3" in mistakes:
        serbs["sb-inf-iii-q3"] = "6-5:2209"            # far from the line and from 9-2's areas
        steps["EF 8-3"] = None
    if "9-2" in mistakes:
        serbs["sb-inf-xx-tim1"] = "6-5:1109"           # with Sabc: 1209 is left empty
        steps["EF 9-2"] = None
    for c, h in serbs.items():
        t.place(c, h)
    for c, h in ah.items():
        t.place(c, h)
    t.place("mn-inf-xx-q1", "6-5:1119")
    t.place("mn-inf-xx-q2", "6-5:1219")
    t.place("ah-flotilla-enns", "6-5:1705" if "flotillas" in mistakes else "6-5:1707")
    if "flotillas" in mistakes:
        steps["EF flotillas"] = None
    # turn 2 November: A-H movement
    t.next_phase()
    t.move("ah-inf-xx-32", "6-5:1305")
    if "flotillas" not in mistakes:
        t.move("ah-flotilla-enns", "6-5:2006")          # along the north bank, past Belgrade
    if "36-3" in mistakes:
        steps["36-3"] = t.move("ah-flotilla-enns", "6-5:2005")
    if "6-3" in mistakes:
        steps["6-3"] = t.move("sb-inf-xx-q3", "6-5:1413")   # a Serbian move in the A-H phase
    t.next_phase(4)                                     # Entente movement
    t.move("sb-cav-xx-cav", "6-5:1810")
    t.move("sb-hq-xxxx-q1", "6-5:1811")
    t.next_phase(4)                                     # turn 3: A-H movement
    if "8-1" not in mistakes:
        t.move("ah-cav-xx-10", "6-5:1405")
    if "6-9" in mistakes:
        steps["6-9"] = t.move("ah-inf-xx-32", "6-5:0705")   # six hexes: over its MA
    t.next_phase(4)
    t.move("sb-cav-xx-cav", "6-5:1910")
    t.next_phase(4)                                     # turn 4: A-H movement
    t.move("ah-inf-xx-29", "6-5:1406")
    if "TEC" in mistakes:
        # across the Danube from Belgrade's ZOC into it: a Major River EZOC→EZOC (TEC)
        # (44 Inf XX by default: its 5-4 is printed, so the verdict rests on no placeholder)
        steps["TEC"] = t.move(tec_unit, "6-5:1707", "6-5:1708")
    t.next_phase(4)
    return t, steps


def test_serbia_november_1914_clean_game(game):
    t, _ = serbia_nov(game)
    fs = check(t)
    assert [(f.rule, f.message) for f in fs if f.severity == "violation"] == []
    # what the data cannot tell is said: the set-up list is incomplete (4). The Serbian HQ's
    # Movement Allowance is not printed: the counter file's hq_movement gives it a placeholder
    # MA 4 (as on the Italian Front), and its 1-hex move is within it, so it passes silently
    und = {f.rule for f in fs if f.severity == "undetermined"}
    assert und == {"4"}, und
    hq = game.counters["sb-hq-xxxx-q1"]
    assert hq.front.movement == 4 and "print no movement allowance" in hq.placeholder("movement")


@pytest.mark.parametrize("mistakes", [("8-1",), ("8-3",), ("9-2",), ("flotillas",), ("36-3",),
                                      ("6-3",), ("6-9",), ("TEC",),
                                      ("8-1", "8-3", "9-2", "flotillas", "36-3", "6-3", "6-9", "TEC")])
def test_serbia_november_1914_seeded_mistakes(game, mistakes):
    """Exactly the seeded positional mistakes are found, each at its step (set-up: no step)."""
    t, steps = serbia_nov(game, mistakes)
    found = sorted(((f.rule, f.step) for f in check(t) if f.severity == "violation"),
                   key=lambda x: (x[0], x[1] or 0))
    assert found == sorted(steps.items(), key=lambda x: (x[0], x[1] or 0))


def test_serbia_november_1914_tec_mistake_on_a_placeholder_ma_is_undetermined(game):
    """The seeded TEC mistake made by 17 Inf XX, which 3-6 names without values: the direct
    crossing is barred, a detour within its MA 4 does not exist, but MA 4 is a placeholder and
    a larger printed MA might allow one, so the verdict is undetermined naming the placeholder
    (the same move by 44 Inf XX, printed 5-4, is the violation of the test above)."""
    t, steps = serbia_nov(game, ("TEC",), tec_unit="ah-inf-xx-17")
    fs = check(t)
    assert [f for f in fs if f.severity == "violation"] == []
    (f,) = [f for f in fs if f.step == steps["TEC"] and f.severity == "undetermined"]
    assert f.rule == "TEC" and "MA 4 of 17 Inf XX is a placeholder" in f.message
    assert "named by 3-6 (003:L1197) with no values" in f.missing


def test_8_4_montenegrin_set_up(game):
    def play(h):
        t = new(game, "ef-serbia-1914-11")
        t.place("mn-inf-xx-q1", h)
        return of(check(t), "EF 8-4")
    assert play("6-5:1119") == []                      # in Montenegro
    assert play("6-5:0916") == []                      # west of it, out to the A-H line, row 16
    assert "not north of 6-5:1115" in play("6-5:1410")[0].message   # in Serbia


# ------------------------------------------------------------------ Serbia, August 1914


def _danube_serbian_hexes(game):
    th = game.theatre
    md = th.mapdef(("6-5",))
    from modgen.systems.der_weltkrieg.rules import danube
    from modgen.systems.der_weltkrieg.rules.board import BoardState
    b = BoardState(md)
    return sorted(h for h, i in md.hexes.items() if i.country == "serbia" and danube.adjacent_to_danube(b, h))


def test_3_7_serbs_guard_the_danube_before_7_august(game):
    bank = _danube_serbian_hexes(game)
    cover, left = [], set(bank)
    for h in bank:                                   # greedy: a unit every other hex
        if h in left:
            c = next((n for n in h.neighbours() if n in left), h)
            cover.append(c)
            left -= {c} | set(c.neighbours())
    units = [c.id for c in game.counters.values() if c.nation == "serbia" and c.type == "inf"]
    assert len(units) >= len(cover)

    def play(n):
        t = new(game, "ef-serbia-1914-08")
        for u, h in zip(units, cover[:n]):
            t.place(u, t.hex_name(h))
        t.advance_to(GameDate(1914, 8, 7), "entente-movement")
        return t, check(t)
    t, fs = play(len(cover))
    assert of(fs, "EF 3-7") == []
    t, fs = play(len(cover) - 1)
    f = only(fs, "EF 3-7")
    assert "bordering the Danube" in f.message and "Turn 7 August 1914" in f.message


def test_3_3_second_army_units_stay_until_they_exit(game):
    t = new(game, "ef-serbia-1914-08")
    t.place("ah-inf-xx-17", "6-5:1204")              # 2nd Army, not freed by 3-3
    t.place("ah-inf-xx-29", "6-5:1304")              # freed by 3-3
    t.next_phase()                                   # 3 August, A-H movement
    step = t.move("ah-inf-xx-17", "6-5:1205")
    t.move("ah-inf-xx-29", "6-5:1305")
    f = only(check(t), "EF 3-3")
    assert f.step == step and "Turn 5 August 1914" in f.message
    t2 = new(game, "ef-serbia-1914-08")
    t2.place("ah-inf-xx-17", "6-5:1204")
    t2.advance_to(GameDate(1914, 8, 5), "cp-movement")   # the turn it must exit
    t2.move("ah-inf-xx-17", "6-5:1205")
    t2.off_map("ah-inf-xx-17")
    assert of(check(t2), "EF 3-3") == []


def test_3_2_austro_hungarians_close_with_the_serbs_on_3_and_4_august(game):
    # 44 Inf XX: a printed 5-4 (the reach into the Serbian ZOC rests on its MA)
    def play(moves, date=GameDate(1914, 8, 3), mover="ah-inf-xx-44"):
        t = new(game, "ef-serbia-1914-08")
        t.place("sb-inf-xx-q1", "6-5:1308")
        t.place(mover, "6-5:1206")                   # two hexes from the Serbs
        t.place("ah-inf-x-14", "6-5:1307")           # in the Serbs' ZOC
        t.advance_to(date, "cp-movement")
        steps = [t.move(mover if u == "mover" else u, h) for u, h in moves]
        t.next_phase()
        fs = check(t)
        return of(fs, "EF 3-2"), of(fs, "EF 3-2", "undetermined"), steps
    v, u, _ = play([("mover", "6-5:1207")])          # into the Serbian ZOC
    assert v == [] and u == []
    v, u, _ = play([("mover", "6-5:1106")])          # away, though 1207 was in reach
    assert len(v) == 1 and "could enter one" in v[0].message and u == []
    v, u, _ = play([("mover", "6-5:1207"), ("ah-inf-x-14", "6-5:1407")])  # 14 was in EZOC
    assert len(v) == 1 and "may not move" in v[0].message
    v, u, _ = play([])                                # it stays: not mobilized? undetermined
    assert v == [] and len(u) == 1 and "mobiliz" in u[0].missing
    v, u, _ = play([("mover", "6-5:1106")], GameDate(1914, 8, 4))   # 4th: must end in EZOC
    assert len(v) == 1 and "4th August" in v[0].message
    # 29 Inf XX, named without values: "it could enter one" rests on its placeholder MA 4
    v, u, _ = play([("mover", "6-5:1106")], mover="ah-inf-xx-29")
    assert v == [] and len(u) == 1 and "could enter one" in u[0].message
    assert "MA 4 of 29 Inf XX is a placeholder" in u[0].message


# ------------------------------------------------------------------ Romania 1916: 13-2 (WE-SC-08), 13-3

RUSSIANS_13_2 = ["ru-inf-xx-13", "ru-inf-xx-1rfl", "ru-inf-xx-3cr", "ru-inf-xx-67r", "ru-inf-xx-71r"]


def romania(game, *, trigger=True, arrive="6-6:2603", early=False, forts=True):
    t = new(game, "ef-romania-1916-08")
    t.place("ah-inf-xx-29", "6-6:1514")
    if early:
        t.arrive(RUSSIANS_13_2[0], "6-6:2603")        # in the first Entente movement phase
    t.advance_to(GameDate(1916, 9, 1), "cp-movement")
    if trigger:
        t.move("ah-inf-xx-29", "6-6:1515")           # WE-SC-08: a clear hex north of both rivers
    if arrive:
        for u in RUSSIANS_13_2[1 if early else 0:]:
            t.arrive(u, arrive)
    if forts:
        for _ in range(3):
            t.delete("ro-fort-3")
    t.next_phase()
    return check(t)


def test_13_2_we_sc_08_serious_romanian_reverse(game):
    fs = romania(game)
    assert of(fs, "EF 13-2") == [] and of(fs, "EF 13-2", "undetermined") == []
    assert "25-1" not in rules(fs, "undetermined") and "25-2" not in rules(fs)


def test_13_2_russians_before_the_reverse(game):
    f = only(romania(game, early=True), "EF 13-2")
    assert "no Central Powers unit has yet stood" in f.message


def test_13_2_russians_placed_elsewhere_and_forts_left(game):
    fs = romania(game, arrive="6-6:2604", forts=False)
    msgs = [f.message for f in of(fs, "EF 13-2")]
    assert sum("places the Russian divisions in 6-6:2603" in m for m in msgs) == 5
    assert any("Bucharest fortresses" in m for m in msgs)


def test_13_2_reverse_without_the_russians(game):
    fs = romania(game, arrive=None)
    assert any("were not placed in 6-6:2603" in f.message for f in of(fs, "EF 13-2"))


def test_13_3_no_central_powers_zoc_in_romania_on_the_first_turn(game):
    # a Russian 3-3 RPL (printed, 15-20 of 003): every Romanian counter's values are placeholders
    def play(date, unit="ru-inf-xx-rpl-3"):
        t = new(game, "ef-romania-1916-08")
        t.place("ah-inf-xx-29", "6-6:1413")           # Romania: its ZOC would cover 1414, 1514
        t.place(unit, "6-6:1414")
        if date is not None:
            t.advance_to(date, "entente-movement")
        t.move(unit, "6-6:1514", "6-6:1614", "6-6:1714")
        return check(t)
    assert of(play(None), "6-9") == []                # first turn: 3 clear hexes, no EZOC cost
    assert len(of(play(GameDate(1916, 9, 1)), "6-9")) == 1
    # the same move by the Romanian RPL, whose 3-3 is a placeholder: undetermined, never a violation
    later = play(GameDate(1916, 9, 1), "ro-inf-xx-rpl-3")
    assert of(later, "6-9") == []
    assert "MA 3 of RPL Inf XX is a placeholder" in only(later, "6-9", "undetermined").message


# ------------------------------------------------------------------ Tannenberg 3-2 (WE-SC-07)

NEAR_KONIGSBERG = ["4-5:1405", "4-5:1407", "4-5:1505", "4-5:1507", "4-5:1605"]
RUSSIAN_DIVISIONS = ["ru-inf-xx-101", "ru-inf-xx-102", "ru-inf-xx-103", "ru-inf-xx-104", "ru-inf-xx-105",
                     "ru-inf-xx-106", "ru-inf-xx-107", "ru-inf-xx-108", "ru-inf-xx-109", "ru-inf-xx-110"]


def tannenberg(game, arrivals, *, where="4-5:0118", divisions=10, when=GameDate(1914, 9, 1)):
    t = new(game, "ef-tannenberg-1914-08")
    for i, u in enumerate(RUSSIAN_DIVISIONS[:divisions]):     # 5 points each: under 8 MP
        t.place(u, NEAR_KONIGSBERG[i // 2])
    t.advance_to(when, "cp-reinforcement")
    for u in arrivals:
        t.arrive(u, where)
    t.next_phase()
    return check(t)


def test_tannenberg_3_2_we_sc_07_fifty_points_by_the_table(game):
    fs = tannenberg(game, ["ge-inf-xx-3g", "ge-inf-xx-1gr", "ge-inf-xx-22", "ge-inf-xx-38", "ge-inf-xx-3",
                           "ge-cav-xx-8"])
    assert [f for f in fs if f.rule.startswith("EF 3-2") or f.rule == "EF 3-2"] == []
    assert "25-1" not in rules(fs, "undetermined") and "25-2" not in rules(fs, "undetermined")


def test_tannenberg_3_2_the_11_1_example_conflicts_with_the_table(game):
    fs = tannenberg(game, ["ge-inf-xx-3g", "ge-inf-xx-1gr", "ge-inf-xx-22", "ge-inf-xx-38", "ge-cav-xx-8"])
    f = only(fs, "EF 3-2", "undetermined")
    assert "50 points" in f.message and "11-1 example" in f.message and of(fs, "EF 3-2") == []


def test_tannenberg_3_2_wrong_units_and_place(game):
    f = only(tannenberg(game, ["ge-inf-xx-3g", "ge-cav-xx-8"]), "EF 3-2")
    assert "50 points" in f.message and "3G" in f.message
    fs = tannenberg(game, ["ge-inf-xx-3g", "ge-inf-xx-1gr", "ge-inf-xx-22", "ge-inf-xx-38", "ge-inf-xx-3",
                           "ge-cav-xx-8"], where="4-5:0218")
    assert any("3-2 places them in 4-5:0118" in f.message for f in of(fs, "EF 3-2"))
    # no Russians in Germany: no reinforcement; one taken anyway
    f = only(tannenberg(game, ["ge-cav-xx-8"], divisions=0), "EF 3-2")
    assert "0 points" in f.message and "brings none" in f.message


def test_tannenberg_3_2_pool_unit_at_another_time(game):
    fs = tannenberg(game, ["ge-cav-xx-8"], when=GameDate(1914, 8, 6))
    assert any("arrive in the German Reinforcement Arrival Phase of Turn 1 September 1914" in f.message
               for f in of(fs, "EF 3-2"))


def test_tannenberg_points_eight_mp_hexes(game):
    """3-1 states 1512, 2204 and 2205 are 8 MP from Konigsberg: 3 points a division there, a
    brigade half of it."""
    from modgen.systems.der_weltkrieg import eastern_front as ef

    class Ctx:
        pass
    t = new(game, "ef-tannenberg-1914-08")
    t.place("ru-inf-xx-101", "4-5:1512")
    t.place("ru-inf-xx-102", "4-5:2204")
    t.place("ru-inf-xx-103", "4-5:2205")
    from modgen.check.engine import Checker
    log = parse_log(t.text())
    ch = Checker(game, game.scenarios["ef-tannenberg-1914-08"])
    ch.run(log)
    points, terms = ef.tannenberg_points(ch.ctx, game.scenarios["ef-tannenberg-1914-08"].rule_data["3-2"])
    assert points == 9 and all("(8 MP): 3" in x for x in terms)


# ------------------------------------------------------------------ off-map rail (WE-SC-04, 11-12)


def test_we_sc_04_west_east_transit_takes_an_entire_turn_each_way(game):
    """14-5/19-6: off by rail on 4 September, off the map on 5 September, placed on the other
    front on 6 September. Map 5-3 is missing, so a German unit sent west from 4-5 and brought
    back east makes the trip twice: back no earlier than four turns later (1 October: a month
    has seven turns)."""
    from modgen.systems.der_weltkrieg.eastern_front import add_turns
    assert add_turns(GameDate(1914, 9, 4), 1 + 1) == GameDate(1914, 9, 6)      # one way

    def play(back):
        t = new(game, "ef-link-schlieffen-tannenberg-galicia")
        t.place("ge-inf-xx-22", "4-5:0118")          # the German rail exit on 4-5's west edge
        t.advance_to(GameDate(1914, 9, 4), "cp-movement")
        t.off_map("ge-inf-xx-22")
        t.advance_to(back, "cp-reinforcement")
        step = t.arrive("ge-inf-xx-22", "4-5:0118")
        t.next_phase()
        return step, check(t)
    step, fs = play(GameDate(1914, 9, 7))
    f = only(fs, "EF 14-5")
    assert f.step == step and "placed no earlier than Turn 1 October 1914" in f.message
    step, fs = play(GameDate(1914, 10, 1))
    assert of(fs, "EF 14-5") == [] and "25-1" not in rules(fs, "undetermined")


def test_11_12_russian_rail_between_sheets(game):
    def play(back):
        t = new(game, "ef-duration-1914")
        t.place("ru-inf-xx-101", "5-5:5005")          # a Russian rail exit on 5-5's edge
        t.advance_to(GameDate(1914, 8, 3), "entente-movement")
        t.off_map("ru-inf-xx-101")
        t.advance_to(back, "entente-movement")
        t.arrive("ru-inf-xx-101", "4-5E:1101")
        t.next_phase()
        return check(t)
    assert len(of(play(GameDate(1914, 8, 4)), "EF 11-12")) == 1
    f = only(play(GameDate(1914, 8, 5)), "EF 11-12", "undetermined")
    assert "complete turns" in f.missing
    fs = play(GameDate(1914, 8, 6))
    assert of(fs, "EF 11-12") == [] and of(fs, "EF 11-12", "undetermined") == []


# ------------------------------------------------------------------ 11-16 (WE-SC-01), 11-10, SP limits


def test_11_16_we_sc_01_destroyed_hq_back_three_full_months_later(game):
    from modgen.systems.der_weltkrieg.eastern_front import return_date
    assert return_date(GameDate(1914, 9, 3), 3) == GameDate(1914, 12, 4)        # WE-SC-01

    def play(back, phase="entente-reinforcement"):
        t = new(game, "ef-duration-1914")
        t.place("ru-hq-xxxx-1st", "5-5:4409")
        t.advance_to(GameDate(1914, 9, 3), "cp-combat")
        t.eliminate("ru-hq-xxxx-1st")
        t.advance_to(back, phase)
        step = t.arrive("ru-hq-xxxx-1st", "5-5:4409")
        t.next_phase()
        return step, check(t)
    step, fs = play(GameDate(1914, 12, 4))
    assert of(fs, "EF 11-16") == [] and "23-3" not in rules(fs)
    step, fs = play(GameDate(1914, 12, 3))
    f = only(fs, "EF 11-16")
    assert f.step == step and "Turn 4 December 1914" in f.message


def test_11_10_brigades_combine_in_one_hex_at_the_end_of_movement(game):
    def play(second_hex, phase="cp-movement"):
        t = new(game, "ef-duration-1914")
        t.place("ah-inf-x-61", "6-5:1204")
        t.place("ah-inf-x-62", second_hex)
        t.place("ah-inf-xx-31", map_name="Central Powers Reinforcements")
        t.advance_to(GameDate(1914, 8, 4), phase)
        t.delete("ah-inf-x-61")
        t.delete("ah-inf-x-62")
        step = t.arrive("ah-inf-xx-31", "6-5:1204")
        t.next_phase()
        return step, check(t)
    step, fs = play("6-5:1204")
    assert of(fs, "EF 11-10") == [] and "25-1" not in rules(fs, "undetermined")
    step, fs = play("6-5:1205")
    f = only(fs, "EF 11-10")
    assert f.step == step and "same hex" in f.message
    step, fs = play("6-5:1204", "cp-reinforcement")
    assert "end of a movement phase" in only(fs, "EF 11-10").message


def test_11_19_supply_point_limits(game):
    def play(sp, year=1915):
        t = new(game, "ef-duration-1915")
        t.place("ge-hq-xxxx-14th", "4-5:1506", sp=100)
        t.place("ge-hq-xxxx-9th" if "ge-hq-xxxx-9th" in game.counters else "ge-hq-xxxx-14th", "4-5:1406", sp=50)
        t.next_phase()
        t.set_supply_points("ge-hq-xxxx-14th", sp)
        t.next_phase()
        return check(t)
    assert of(play(150), "EF 11-19") == []              # 150 + 50 = 200: the 1915 limit
    f = only(play(151), "EF 11-19")
    assert "201 Supply Points" in f.message and "at most 200 in 1915" in f.message


def test_11_24_minor_country_hq_limit(game):
    t = new(game, "ef-duration-1915")
    t.place("sb-hq-xxxx-q1", "6-5:1911", sp=25)
    t.next_phase()
    assert of(check(t), "EF 11-24") == []
    t.set_supply_points("sb-hq-xxxx-q1", 26)
    t.next_phase()
    assert "at most 25" in only(check(t), "EF 11-24").message


# ------------------------------------------------------------------ Gorlice-Tarnow, Brusilov


def test_gorlice_tarnow_3_2_trenches_where_the_fronts_touch(game):
    def play(trench):
        t = new(game, "ef-gorlice-tarnow-1915-05")
        t.place("ge-inf-xx-22", "4-5:2022")
        t.place("ru-inf-xx-101", "4-5:2122")
        if trench:
            t.place_marker("trench", "4-5:2022")
            t.place_marker("trench", "4-5:2122")
        return check(t)
    fs = play(True)
    assert of(fs, "EF 3-2", "undetermined") == [] and of(fs, "EF 3-2") == []
    fs = play(False)
    und = of(fs, "EF 3-2", "undetermined")
    assert len(und) == 2 and all("which HQ controls" in f.missing for f in und) and of(fs, "EF 3-2") == []


def test_brusilov_6_2_trenches_within_two_hexes(game):
    def play(trench, gap="4-5:2124"):
        t = new(game, "ef-brusilov-1916-06-wide")
        t.place("ge-inf-xx-22", "4-5:2122")
        t.place("ru-inf-xx-101", gap)                  # two hexes apart
        if trench:
            t.place_marker("trench", "4-5:2122")
            t.place_marker("trench", gap)
        return of(check(t), "EF 6-2")
    assert play(True) == []
    assert len(play(False)) == 2
    assert play(False, gap="4-5:2126") == []           # four hexes apart: no trench needed


def test_gorlice_tarnow_3_3_warsaw_abandoned(game):
    def play(remove):
        t = new(game, "ef-gorlice-tarnow-1915-05")
        t.place("ru-fort-8", "4-5:2119")
        t.place("ru-fort-4", "4-5:2019")
        t.place("ge-inf-xx-22", "4-5:2216")
        t.next_phase()
        t.move("ge-inf-xx-22", "4-5:2217")            # its ZOC covers 2218: two of the three lines
        if remove:
            t.delete("ru-fort-8")
            t.delete("ru-fort-4")
        t.next_phase()
        return check(t)
    assert of(play(True), "EF 3-3") == []
    f = only(play(False), "EF 3-3")
    assert "Warsaw fortresses" in f.message and "covered by a Central Powers ZOC" in f.message


def test_brusilov_6_3_the_guard_stays_together(game):
    guard = ["ru-inf-xx-1g", "ru-inf-xx-2g", "ru-inf-xx-3g", "ru-inf-xx-grfl", "ru-cav-xx-1g", "ru-cav-xx-2g",
             "ru-cav-xx-3gk"]
    spots = ["4-5E:0811", "4-5E:0812", "4-5E:0911", "4-5E:0912", "4-5E:0711", "4-5E:0712", "4-5E:0810"]

    def play(moves, after_combat=False):
        t = new(game, "ef-brusilov-1916-06-wide")
        for u, h in zip(guard, spots):
            t.place(u, h)
        if after_combat:
            t.advance_to(GameDate(1916, 6, 3), "entente-movement")
        for u, h in moves:
            t.move(u, h)
        t.next_phase()
        return check(t)
    assert of(play([("ru-inf-xx-1g", "4-5E:0813")]), "EF 6-3") == []         # still next to 0812
    f = only(play([("ru-inf-xx-grfl", "4-5E:1114")]), "EF 6-3")
    assert "Guard infantry" in f.message
    f = only(play([("ru-cav-xx-2g", "4-5E:0415")]), "EF 6-3")                # before any attack
    assert "cavalry" in f.message
    # an Entente Combat Phase with no Guard attack in the log: the cavalry is not free yet
    f = only(play([("ru-cav-xx-2g", "4-5E:0415")], after_combat=True), "EF 6-3")
    assert "cavalry" in f.message


def test_brusilov_6_3_the_guard_cavalry_free_after_the_infantry_attacked(game):
    """The Guard infantry in 0811, 0812, 0911, 0912 attacks A-H units in 0712 and 1011 on 2 June
    1916 (every division, or only the 3rd Guard); on 3 June the 2nd Guard cavalry rides off."""
    guard = {"ru-inf-xx-1g": "4-5E:0811", "ru-inf-xx-2g": "4-5E:0812", "ru-inf-xx-3g": "4-5E:0911",
             "ru-inf-xx-grfl": "4-5E:0912", "ru-cav-xx-1g": "4-5E:0711", "ru-cav-xx-2g": "4-5E:0710",
             "ru-cav-xx-3gk": "4-5E:0810"}

    def play(attacks):
        t = new(game, "ef-brusilov-1916-06-wide", date=GameDate(1916, 6, 2), phase="entente-combat")
        for u, h in guard.items():
            t.place(u, h)
        t.place("ah-inf-xx-7", "4-5E:0712")
        t.place("ah-inf-x-13", "4-5E:1011")
        for target, attackers in attacks:
            t.declare(f"!attack {target} with {attackers} supply none")
            t.declare(f"!terrain {target} clear")
            t.roll("1d6", [3])
            t.declare(f"!hold {target}")
            t.declare(f"!counterattack {target} none")
        t.advance_to(GameDate(1916, 6, 3), "entente-movement")
        t.move("ru-cav-xx-2g", "4-5E:0415")
        t.next_phase()
        return check(t)
    both = [("4-5E:0712", "4-5E:0811, 4-5E:0812"), ("4-5E:1011", "4-5E:0911, 4-5E:0912")]
    assert of(play(both), "EF 6-3") == [] and of(play(both), "EF 6-3", "undetermined") == []
    r = play([("4-5E:1011", "3G Inf XX")])
    assert of(r, "EF 6-3") == []
    f = only(r, "EF 6-3", "undetermined")
    assert "any of them or all" in f.missing


# ------------------------------------------------------------------ Galicia 1914


def test_galicia_7_2_hq_toward_its_objective(game):
    """HQ counters print no MA: the counter file gives them a placeholder MA 4 (hq_movement). An
    HQ that ends farther from its objective than it started is a violation whatever the MA
    (staying put was possible); "it could have come closer" rests on the MA: undetermined on the
    placeholder, a violation on a printed MA."""
    from dataclasses import replace
    from modgen.model.types import Provenance

    def play(to, printed_ma=None):
        g = game
        if printed_ma is not None:
            c = game.counters["ah-hq-xxxx-1st"]
            g = replace(game, counters={**game.counters, c.id: replace(
                c, front=replace(c.front, movement=printed_ma), front_placeholder=False,
                placeholder_reasons=(), provenance=Provenance("rulebook", "test: a printed MA"))})
        t = TestGame(g, g.scenarios["ef-galicia-1914-08"])
        t.place("ah-hq-xxxx-1st", "5-5:2808")          # Lublin (2803) is five hexes north
        t.next_phase()
        if to:
            t.move("ah-hq-xxxx-1st", to)
        t.next_phase()
        return check(t)
    assert game.counters["ah-hq-xxxx-1st"].placeholder("movement")
    fs = play("5-5:2804")                               # as far as MA 4 reaches
    assert of(fs, "EF 7-2") == [] and of(fs, "EF 7-2", "undetermined") == []
    f = only(play("5-5:2810"), "EF 7-2")
    assert "5-5:2803" in f.message and "farther than where it started" in f.message
    f = only(play("5-5:2807", printed_ma=4), "EF 7-2")   # could have come within 1 hex
    assert "could have come within" in f.message
    fs = play("5-5:2807")                               # the same on the placeholder MA 4
    assert of(fs, "EF 7-2") == []
    f = only(fs, "EF 7-2", "undetermined")
    assert "could have come within" in f.message and "MA 4 of 1st HQ XXXX is a placeholder" in f.message
    f = only(play(None, printed_ma=4), "EF 7-2", "undetermined")
    assert "mobilization" in f.missing


def test_galicia_7_9_przemysl_garrison(game):
    def play(second):
        t = new(game, "ef-galicia-1914-08")
        t.place("ah-inf-x-96", "5-5:3111")
        t.place("ah-fort-16", "5-5:3111")
        if second:
            t.place("ah-inf-x-97l", "5-5:3111")
        t.next_phase()
        t.move("ah-inf-x-96", "5-5:3112")
        t.next_phase()
        return check(t)
    assert of(play(True), "EF 7-9") == []
    assert "Przemysl" in only(play(False), "EF 7-9").message
    t = new(game, "ef-galicia-1914-08")
    t.place("ah-fort-16", "5-5:3111")
    t.place("ah-inf-x-96", "5-5:3111")
    t.next_phase()
    t.delete("ah-fort-16")
    assert "may not be abandoned" in only(check(t), "EF 7-9").message


def test_galicia_7_10_kov_removed_when_the_second_army_arrives(game):
    def play(remove):
        t = new(game, "ef-galicia-1914-08")
        t.place("ah-hq-xxxx-kov", "5-5:2812")
        t.advance_to(GameDate(1914, 8, 7), "cp-reinforcement")
        t.arrive("ah-hq-xxxx-2nd", "5-5:2813")
        if remove:
            t.delete("ah-hq-xxxx-kov")
        t.next_phase()
        return check(t)
    assert of(play(True), "EF 7-10") == []
    assert "Kov" in only(play(False), "EF 7-10").message


# ------------------------------------------------------------------ duration: arrivals, 11-43, 17-7


def test_11_62_russian_reinforcements_in_a_city_or_at_a_map_edge_rail_hex(game):
    def play(h):
        t = new(game, "ef-duration-1914")
        t.place("ru-inf-xx-101", map_name="Entente Reinforcements")
        t.next_phase(4)                                   # Entente reinforcement
        t.arrive("ru-inf-xx-101", h)
        t.next_phase()
        return check(t)
    assert of(play("4-5:2119"), "EF 11-62", "undetermined") == []        # Warsaw
    assert of(play("5-5:5005"), "EF 11-62", "undetermined") == []        # a rail exit
    f = only(play("4-5:2220"), "EF 11-62", "undetermined")
    assert "schedule" in f.missing and of(play("4-5:2220"), "EF 11-62") == []


def test_11_43_serbian_regiments_only_when_a_condition_holds(game):
    def play(german_first):
        t = new(game, "ef-duration-1914")
        t.place("ge-inf-xx-22", "6-5:1206")
        t.place("sb-inf-iii-q1", map_name="Entente Reinforcements")
        t.next_phase()
        if german_first:
            t.move("ge-inf-xx-22", "6-5:1207")           # next to Serbia (the 1914 border)
        t.next_phase(3)
        step = t.arrive("sb-inf-iii-q1", "6-5:1911")
        t.next_phase()
        return step, check(t)
    step, fs = play(False)
    assert only(fs, "EF 11-43").step == step
    _, fs = play(True)
    assert of(fs, "EF 11-43") == [] and "25-1" not in rules(fs, "undetermined")


def test_17_7_italian_neutrality(game):
    th = game.theatre
    t0 = new(game, "ef-south-east-duration")
    outside, inside = _country_hex(game, t0, "italy", near="austria-hungary")

    def play(date, joins=False):
        t = new(game, "ef-south-east-duration")
        t.place("ah-inf-xx-29", outside)
        t.set_turn(date, "cp-movement")
        if joins:
            t.declare("!joins italy")
        step = t.move("ah-inf-xx-29", inside)
        return step, check(t)
    step, fs = play(GameDate(1915, 5, 1))
    assert only(fs, "EF 17-7").step == step
    _, fs = play(GameDate(1915, 9, 1))
    assert "!joins italy" in only(fs, "EF 17-7", "undetermined").missing
    _, fs = play(GameDate(1915, 9, 1), joins=True)
    assert of(fs, "EF 17-7") == [] and of(fs, "EF 17-7", "undetermined") == []


# ------------------------------------------------------------------ worked examples through modgen check


def _cli(t, tmp_path, name):
    """``modgen check`` on the written log; the scenario is named by a ``!scenario`` declaration
    (the incomplete set-ups of several scenarios look alike)."""
    from modgen.cli import main
    p = t.write(tmp_path / name)
    rc = main(["check", str(p), "--format", "json"])
    return rc, p


def _json(capsys):
    import json
    out = capsys.readouterr().out
    return json.loads(out[out.index("{"):])


def test_we_sc_07_through_modgen_check(game, tmp_path, capsys):
    t = new(game, "ef-tannenberg-1914-08")
    for i, u in enumerate(RUSSIAN_DIVISIONS):
        t.place(u, NEAR_KONIGSBERG[i // 2])
    t.declare("!scenario ef-tannenberg-1914-08")
    t.advance_to(GameDate(1914, 9, 1), "cp-reinforcement")
    for u in ["ge-inf-xx-3g", "ge-inf-xx-1gr", "ge-inf-xx-22", "ge-inf-xx-38", "ge-cav-xx-8"]:
        t.arrive(u, "4-5:0118")                        # the 11-1 example's units for 50 points
    t.next_phase()
    rc, _ = _cli(t, tmp_path, "we07.vlog")
    d = _json(capsys)
    assert d["scenario"] == "ef-tannenberg-1914-08"
    f = [f for f in d["findings"] if f["rule"] == "EF 3-2"]
    assert len(f) == 1 and f[0]["severity"] == "undetermined" and "50 points" in f[0]["message"]
    assert "11-1 example" in f[0]["message"]


def test_we_sc_08_through_modgen_check(game, tmp_path, capsys):
    t = new(game, "ef-romania-1916-08")
    t.place("ah-inf-xx-29", "6-6:1514")
    t.advance_to(GameDate(1916, 9, 1), "cp-movement")
    t.move("ah-inf-xx-29", "6-6:1515")
    for u in RUSSIANS_13_2:
        t.arrive(u, "6-6:2603")
    for _ in range(3):
        t.delete("ro-fort-3")
    t.next_phase()
    rc, _ = _cli(t, tmp_path, "we08.vlog")
    d = _json(capsys)
    assert [f for f in d["findings"] if f["rule"] == "EF 13-2"] == []
    # the same without removing the forts: the three of 13-2 are reported, in SHEET:CCRR
    t = new(game, "ef-romania-1916-08")
    t.place("ah-inf-xx-29", "6-6:1514")
    t.advance_to(GameDate(1916, 9, 1), "cp-movement")
    t.move("ah-inf-xx-29", "6-6:1515")
    for u in RUSSIANS_13_2:
        t.arrive(u, "6-6:2603")
    t.next_phase()
    rc, _ = _cli(t, tmp_path, "we08b.vlog")
    d = _json(capsys)
    f = [f for f in d["findings"] if f["rule"] == "EF 13-2"]
    assert rc == 1 and len(f) == 1 and sorted(f[0]["hexes"]) == ["6-6:1516", "6-6:1517", "6-6:1616"]


def test_we_sc_04_through_modgen_check(game, tmp_path, capsys):
    t = new(game, "ef-link-schlieffen-tannenberg-galicia")
    t.place("ge-inf-xx-22", "4-5:0118")
    t.declare("!scenario ef-link-schlieffen-tannenberg-galicia")
    t.advance_to(GameDate(1914, 9, 4), "cp-movement")
    t.off_map("ge-inf-xx-22")
    t.advance_to(GameDate(1914, 9, 6), "cp-reinforcement")
    t.arrive("ge-inf-xx-22", "4-5:0118")
    t.next_phase()
    rc, _ = _cli(t, tmp_path, "we04.vlog")
    f = [f for f in _json(capsys)["findings"] if f["rule"] == "EF 14-5"]
    assert rc == 1 and len(f) == 1 and "Turn 1 October 1914" in f[0]["message"]


def test_we_sc_01_through_modgen_check(game, tmp_path, capsys):
    t = new(game, "ef-duration-1914")
    t.place("ru-hq-xxxx-1st", "5-5:4409")
    t.declare("!scenario ef-duration-1914")
    t.advance_to(GameDate(1914, 9, 3), "cp-combat")
    t.eliminate("ru-hq-xxxx-1st")
    t.advance_to(GameDate(1914, 12, 3), "entente-reinforcement")
    t.arrive("ru-hq-xxxx-1st", "5-5:4409")
    t.next_phase()
    rc, _ = _cli(t, tmp_path, "we01.vlog")
    f = [f for f in _json(capsys)["findings"] if f["rule"] == "EF 11-16"]
    assert rc == 1 and len(f) == 1 and "Turn 4 December 1914" in f[0]["message"]


def test_we_sc_02_and_03_arithmetic():
    """WE-SC-02 (17-6) and WE-SC-03 (11-55): their arithmetic (through modgen check on scripted
    logs: test_eastern_front_entry)."""
    from modgen.systems.der_weltkrieg.eastern_front import (italian_entry, italian_entry_date,
                                                            romania_first_move)
    assert italian_entry(2, True, 150) and not italian_entry(4, False, 250)
    assert italian_entry_date(GameDate(1915, 6, 0)) == GameDate(1915, 8, 7)
    assert romania_first_move(GameDate(1916, 6, 3), 2) == GameDate(1916, 7, 1)


# ------------------------------------------------------------------ rail gauge (9-11..9-13)


def test_rail_gauge_conversion_rules():
    from modgen.systems.der_weltkrieg.rules import rail
    assert rail.gauge_conversion_allowed(GameDate(1915, 5, 1))
    assert not rail.gauge_conversion_allowed(GameDate(1915, 5, 2))          # even turn
    assert not rail.gauge_conversion_allowed(GameDate(1915, 11, 1))         # November
    assert rail.gauge("russia") != rail.gauge("germany") == rail.gauge("austria-hungary")


@pytest.mark.parametrize("engineer_turn, converted", [(None, False), (3, True), (2, False)])
def test_rail_gauge_an_engineer_converts_one_russian_hex(game, engineer_turn, converted):
    """An A-H Engineer moving from its network into a Russian rail hex converts it on an odd turn
    from April to October (9-11), one hex (9-13); A-H units may then move by rail there (9-1)."""
    t = new(game, "ef-galicia-1914-08")
    t.place("ah-eng-iii-1", "5-5:2707")
    t.place("ah-inf-xx-29", "5-5:2708")
    if engineer_turn:
        t.advance_to(GameDate(1914, 9, engineer_turn), "cp-movement")
        t.move("ah-eng-iii-1", "5-5:2706", "5-5:2606")   # along the line: only 2706 converts
    t.advance_to(GameDate(1914, 9, 4), "cp-movement")
    step = t.declare("!rail 29 Inf XX 5-5:2708-5-5:2707-5-5:2706")
    fs = [f for f in of(check(t), "9-1") if f.step == step]
    assert (fs == []) == converted, fs


def rail_after_enemy_entry(game, intruders, *, repair=False):
    """Serbia, November 1914: ``intruders`` (A-H units) enter the Serbian rail hex 6-5:1910 in the
    Central Powers Movement Phase of 3 November and are eliminated in the Combat Phase; in the
    Entente Movement Phase of 4 November a Serbian division moves by rail 6-5:1709-1809-1910-2010 (after a Serbian Engineer moved
    along the line from 1809 through 1910 when ``repair``: the rulebook names no Serbian
    Engineer, so a test counter)."""
    import dataclasses
    eng = dataclasses.replace(game.counters["ah-eng-iii-8"], id="sb-eng-iii-1", nation="serbia")
    game = dataclasses.replace(game, counters={**game.counters, eng.id: eng})
    t = new(game, "ef-serbia-1914-11")
    t.place("sb-inf-xx-q1", "6-5:1709")
    if repair:
        t.place("sb-eng-iii-1", "6-5:1809")
    for u in intruders:
        t.place(u, "6-5:1911")
    t.advance_to(GameDate(1914, 11, 3), "cp-movement")
    for u in intruders:
        t.move(u, "6-5:1910")
    t.next_phase()                                        # CP Combat
    for u in intruders:
        t.eliminate(u)
    t.advance_to(GameDate(1914, 11, 3), "entente-movement")
    if repair:
        t.move("sb-eng-iii-1", "6-5:1910", "6-5:2010")
    t.advance_to(GameDate(1914, 11, 4), "entente-movement")   # repairs count from phase end
    step = t.declare("!rail ?1 Inf XX 6-5:1709-6-5:1809-6-5:1910-6-5:2010")
    t.move("sb-inf-xx-q1", "6-5:1809", "6-5:1910", "6-5:2010")
    t.next_phase()
    return [f for f in of(check(t), "9-1") if f.step == step]


def test_9_3_enemy_infantry_makes_the_rail_line_inoperative(game):
    """9-3: an enemy infantry division, or two infantry brigades together, entering a rail hex
    makes its line Inoperative; 9-1 rail movement needs an Operative line; 9-4/9-5 an Engineer
    moving along the line from an Operative hex of its network repairs it."""
    assert rail_after_enemy_entry(game, []) == []
    # one A-H brigade: the line stays Operative
    assert rail_after_enemy_entry(game, ["ah-inf-x-14"]) == []
    # an A-H division
    (f,) = rail_after_enemy_entry(game, ["ah-inf-xx-17"])
    assert "6-5:1910" in f.message, f.message
    # two A-H brigades together
    assert len(rail_after_enemy_entry(game, ["ah-inf-x-14", "ah-inf-x-61"])) == 1
    # repaired by a Serbian Engineer: Operative again
    assert rail_after_enemy_entry(game, ["ah-inf-xx-17"], repair=True) == []
