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


def danube_game(game, *, friend_in_1808=False):
    t = new(game, "ef-serbia-1914-08")
    t.place("sb-inf-xx-q1", "6-5:2007")              # south bank, adjacent to the Danube
    t.place("ah-inf-xx-29", "6-5:1807")              # north bank, outside 2007's ZOC
    if friend_in_1808:
        t.place("ah-inf-x-14", "6-5:1908")
    t.next_phase()                                   # A-H movement, 3 August 1914
    return t


def test_35_1_no_crossing_of_the_danube_into_a_zoc_exerted_from_the_bank(game):
    t = danube_game(game)
    step = t.move("ah-inf-xx-29", "6-5:1908")        # across the Danube into 2007's ZOC
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
    t.move("ah-inf-xx-29", "6-5:1908")
    assert of(check(t), "35-1") == []


def test_35_1_crossing_where_no_zoc_is_exerted(game):
    t = danube_game(game)
    t.move("ah-inf-xx-29", "6-5:1708")               # across the Danube, outside 2007's ZOC
    fs = check(t)
    assert of(fs, "35-1") == [] and of(fs, "6-9") == []


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
