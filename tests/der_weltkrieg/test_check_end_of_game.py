"""The end of the game through ``modgen check``: DM per nation from the log (26-3, 26-4, 37-6,
20-13; !dm; duration games: starting DM, IF 15-8, national morale 15-9/15-10), and each Italian
Front scenario's victory conditions judged on it, in the text, JSON and HTML reports."""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from combat_game import P, game  # noqa: E402

from modgen.check.engine import check_log  # noqa: E402
from modgen.check.logread import parse_log  # noqa: E402
from modgen.check.report_html import render as render_html  # noqa: E402
from modgen.check.report_json import render as render_json  # noqa: E402
from modgen.check.report_text import render as render_text  # noqa: E402
from modgen.testing import TestGame  # noqa: E402
from modgen.hexgrid import Hex  # noqa: E402
from modgen.model import load_game  # noqa: E402
from modgen.model.types import GameDate  # noqa: E402
from modgen.systems.der_weltkrieg.rules.demoralization import Span  # noqa: E402

GAME = load_game("italian-front")
MAY = GAME.scenarios["if-1915-05"]


def check(t, scenario=None):
    return check_log(parse_log(t.text()), t.game, scenario or t.scenario)


#: combat_game's map is France; columns 14-16 are Germany here, so German units have a friendly
#: map edge (20-1) and are not surrounded
GERMAN_WEST = {f"{c}{r:02d}": {"country": "germany"} for c in (14, 15, 16) for r in range(5, 25)}


def dm_of(report, nation):
    return report.end_of_game.dm.get(nation)


# ------------------------------------------------------------------ 26-3 losses

def test_26_3_losses_in_a_combat_phase():
    g = game([P("fr-inf-xx-88t", "1609"), P("fr-inf-xx-87t", "1609"), P("de-cav-xx-3", "1608"),
              P("de-art-x-a", "1709"), P("de-hq-xxxx-2nd", "2010"), P("fr-inf-xx-1", "2512")],
             hexes=GERMAN_WEST)
    t = TestGame(g, g.scenarios["t"])
    t.flip("fr-inf-xx-88t")                     # 4 → 3: 1 infantry SP, 1 DM
    t.eliminate("de-cav-xx-3")                   # 3 cavalry SP: 6 DM
    t.flip("de-art-x-a")                         # 4 → 2: 2 artillery SP, 4 DM
    t.add_marker("strength-minus-1", "2512")     # 1 infantry SP: 1 DM
    t.eliminate("de-hq-xxxx-2nd")                # an Army HQ: 10 DM
    t.next_phase()
    t.flip("fr-inf-xx-87t")                      # a flip outside the Combat Phase: no loss
    r = check(t)
    assert dm_of(r, "france") == Span(2, 2)
    assert dm_of(r, "germany") == Span(6 + 4 + 10, 6 + 4 + 10)
    assert r.end_of_game.sp_lost["germany"] == Span(5, 5)
    reasons = [i.reason for i in r.end_of_game.items]
    assert "3 Cav XX eliminated in 1608: 3 cavalry/artillery SP" in reasons
    assert "Army HQ 2nd HQ XXXX lost" in reasons


def test_26_3_half_marker_and_mixed_stack_give_ranges():
    g = game([P("de-inf-xx-8", "1608"), P("de-inf-xx-5", "1608")], hexes=GERMAN_WEST)
    t = TestGame(g, g.scenarios["t"])
    t.add_marker("strength-half", "1608")        # half of the 8 (4) or of the 7 (3 or 4)
    r = check(t)
    assert [c.front.strength for c in (g.counters["de-inf-xx-8"], g.counters["de-inf-xx-5"])] == [8, 7]
    assert dm_of(r, "germany") == Span(3, 4)


def test_26_3_losses_while_surrounded_count_double():
    ring = ["de-inf-xx-8", "de-inf-xx-9", "de-inf-xx-7", "de-inf-xx-5", "de-inf-xx-10", "de-aslt-xx-12"]
    setup = [P("fr-inf-xx-1", "2015")] + [P(c, str(n)) for c, n in zip(ring, Hex.parse("2015").neighbours())]
    g = game(setup)
    t = TestGame(g, g.scenarios["t"])
    t.eliminate("fr-inf-xx-1")                   # 4 infantry SP lost while surrounded: 8 DM
    r = check(t)
    assert dm_of(r, "france") == Span(8, 8)
    assert any("while surrounded (×2)" in i.reason for i in r.end_of_game.items)


def test_26_3_26_4_city_first_occupied():
    t = TestGame(GAME, MAY, setup=False)
    t.place("it-inf-xx-25", "3218")
    t.place("it-inf-xx-30", "3118")
    t.advance_to(GameDate(1915, 6, 1), "entente-movement")
    t.move("it-inf-xx-25", "3318")               # Gorizia: a city of Austria-Hungary, 15 DM
    t.next_phase()
    t.advance_to(GameDate(1915, 6, 2), "entente-movement")
    t.move("it-inf-xx-25", "3218")
    t.move("it-inf-xx-30", "3218", "3318")       # entered again: 26-4, only the first time counts
    r = check(t)
    assert dm_of(r, "austria-hungary") == Span(15, 15)
    # a continuation log cannot tell whether Gorizia was taken before: a range
    c = TestGame(GAME, MAY, setup=False, date=GameDate(1915, 6, 1), phase="entente-movement")
    c.place("it-inf-xx-25", "3218")
    c.move("it-inf-xx-25", "3318")
    r2 = check(c)
    assert dm_of(r2, "austria-hungary") == Span(0, 15)


def test_declared_dm_26_1():
    t = TestGame(GAME, MAY)
    t.declare("!dm italy 7 troops sent to Albania")
    t.declare("!dm ruritania 3")
    r = check(t)
    assert dm_of(r, "italy") == Span(7, 7)
    assert [f.message for f in r.findings if f.rule == "26-1"] == [
        "!dm names 'ruritania', which is no nation of the game"]


# ------------------------------------------------------------------ victory

def test_may_1915_played_to_the_end_italian_decisive():
    t = TestGame(GAME, MAY)
    t.place("it-inf-xx-34", "3419")              # Trieste held by Italy
    t.advance_to(GameDate(1915, 8, 7), "entente-replacement")
    r = check(t)
    eog = r.end_of_game
    assert eog.final is True
    assert eog.summary == ("victory: Entente, level decisive (Italian Decisive), because Entente "
                           "controls any of 3 hexes (1 held: Trieste (3419))")
    text = render_text(r)
    lines = text.rstrip().splitlines()
    # the end-of-game section closes with the victory line, then the report's verdict ends it
    section = lines[lines.index("End of the game"):]
    assert eog.summary in section and lines[-1] == r.headline()
    d = json.loads(render_json(r))["end_of_game"]
    assert d["victory"]["winner"] == {"side": "entente", "level": "decisive",
                                      "label": "Italian Decisive",
                                      "because": "Entente controls any of 3 hexes (1 held: Trieste (3419))"}
    assert d["final"] is True and d["dm"]["italy"] == 0
    html = render_html(r, GAME, MAY.maps)
    assert "<h2>End of the game</h2>" in html and "Italian Decisive" in html


def test_may_1915_overlapping_levels_of_both_sides_are_reported_as_such():
    """May 1915's levels overlap: Italy holding Trieste (Italian Decisive) while Austria-Hungary
    holds Gorizia and Riva with Italy on more than twice its DM (Austro-Hungarian Substantial).
    The rulebook does not say which prevails: the report names both, with their reasons, and
    no winner."""
    t = TestGame(GAME, MAY)
    t.place("it-inf-xx-34", "3419")              # Trieste held by Italy
    t.place("it-inf-xx-9", "3118")
    t.place("ah-inf-xx-3", "3218")
    t.advance_to(GameDate(1915, 6, 1), "cp-combat")
    t.eliminate("it-inf-xx-9")                   # Italy 4 DM, Austria-Hungary 0
    t.advance_to(GameDate(1915, 8, 7), "entente-replacement")
    r = check(t)
    eog = r.end_of_game
    assert eog.outcome.winner is None
    assert [x.level.label for x in eog.outcome.conflict] == ["Austro-Hungarian Substantial",
                                                            "Italian Decisive"]
    assert eog.summary.startswith(
        "victory: undetermined — levels of both sides hold: Austro-Hungarian Substantial for the "
        "Central Powers (because Central Powers controls all of 2 hexes (0 not held); Italy 4 DM > "
        "2 × Austria-Hungary 0 = 0) and Italian Decisive for the Entente (because Entente controls "
        "any of 3 hexes (1 held: Trieste (3419)))")
    assert "the scenario's victory conditions overlap" in eog.summary
    assert "no side is named the winner" in eog.summary
    assert eog.summary in render_text(r)
    d = json.loads(render_json(r))["end_of_game"]["victory"]
    assert d["winner"] is None
    assert [c["label"] for c in d["conflict"]] == ["Austro-Hungarian Substantial", "Italian Decisive"]


def test_unfinished_game_gives_the_standing_so_far():
    t = TestGame(GAME, MAY)
    t.place("it-inf-xx-34", "3419")
    t.advance_to(GameDate(1915, 6, 3), "cp-movement")
    r = check(t)
    assert r.end_of_game.final is False
    assert r.end_of_game.summary.startswith("standing so far (if the game ended now): Entente, "
                                            "level decisive (Italian Decisive)")
    assert "Standing so far" in render_text(r)


def test_may_1915_austro_hungarian_marginal_on_dm():
    """Italy 4 DM (a 4-SP division eliminated) against Austria-Hungary's 2 (a 5-4 flipped to 3-4):
    4 > 1.5 × 2 but not > 2 × 2; Gorizia and Riva held: A-H Marginal."""
    t = TestGame(GAME, MAY)
    t.place("it-inf-xx-34", "3118")
    t.place("ah-inf-xx-3", "3218")
    t.advance_to(GameDate(1915, 6, 1), "cp-combat")
    t.eliminate("it-inf-xx-34")                  # 4 Italian infantry SP (the 34 is a 4-4)
    t.flip("ah-inf-xx-3")
    r = check(t)
    eog = r.end_of_game
    assert (eog.dm["italy"], eog.dm["austria-hungary"]) == (Span(4, 4), Span(2, 2))
    levels = {x.level.label: x.verdict for x in eog.outcome.results}
    assert levels["Austro-Hungarian Marginal"].value is True
    assert "Italy 4 DM > 1.5 × Austria-Hungary 2 = 3" in levels["Austro-Hungarian Marginal"].because
    assert levels["Austro-Hungarian Substantial"].value is False      # 4 is not > 2 × 2
    assert levels["Italian Marginal"].value is False
    assert eog.outcome.winner.level.label == "Austro-Hungarian Marginal"


def test_1917_10_sp_lost_and_undetermined_control():
    sc = GAME.scenarios["if-1917-10"]
    t = TestGame(GAME, sc, setup=False, date=GameDate(1917, 11, 1), phase="cp-combat")
    t.place("ge-aslt-xx-12", "3218")
    t.eliminate("ge-aslt-xx-12")                 # 12 German SP lost (a continuation log)
    r = check(t, sc)
    eog = r.end_of_game
    assert eog.sp_lost["germany"] == Span(12, 12)
    lv = {x.level.label: x.verdict for x in eog.outcome.results}
    assert lv["Central Powers Decisive"].value is False        # the Entente suffered no 125 DM
    assert lv["Central Powers Decisive"].because == "Entente 0 DM >= 125"
    # 0 Entente DM < 75, but 12 SP lost is not more than 50
    assert lv["Italian Marginal"].value is False
    assert lv["Italian Marginal"].because == "Germany and Austria-Hungary lost 12 SP (> 50 needed)"
    # control of Italian hexes nobody entered is not known in a continuation log: with the DM and
    # SP parts false, the level is false all the same; the Central Powers' levels are false on DM
    assert eog.summary.startswith("standing so far") and "none" in eog.summary


# ------------------------------------------------------------------ duration games

def test_duration_game_starting_dm_income_and_morale():
    t = TestGame(GAME, MAY)
    t.declare("!duration")
    t.advance_to(GameDate(1915, 7, 1), "cp-reinforcement")   # two Monthly Special Turns
    r = check(t)
    eog = r.end_of_game
    assert eog.starting_dm == {"austria-hungary": 220, "italy": 0}
    # 15-8: 3 (imports) + 10 (East Front, 1915) each Monthly Special Turn: June and July
    income = [i for i in eog.items if i.kind == "income"]
    assert sum(i.dm.lo for i in income) == 2 * 13
    # the scenario's victory counts DM "while playing the scenario": not the duration extras
    assert eog.dm["austria-hungary"] == Span(0, 0)
    assert eog.morale.get("austria-hungary", {}) == {}         # 246 < 550 (Shaken)


def test_20_6_surrendered_units_are_not_rebuilt():
    ring = ["de-inf-xx-8", "de-inf-xx-9", "de-inf-xx-7", "de-inf-xx-5", "de-inf-xx-10", "de-aslt-xx-12"]
    setup = [P("fr-inf-xx-1", "2015"), P("fr-inf-xx-2", "2512")] + \
        [P(c, str(n)) for c, n in zip(ring, Hex.parse("2015").neighbours())]
    g = game(setup)
    t = TestGame(g, g.scenarios["t"])
    t.eliminate("fr-inf-xx-1")                   # surrounded: it surrenders (20-4)
    t.eliminate("fr-inf-xx-2")                   # not surrounded: an ordinary loss
    t.advance_to(GameDate(1915, 6, 1), "en-replacement")
    t.move("fr-inf-xx-2", "2513")                # rebuilt (23-5): legal
    step = t.move("fr-inf-xx-1", "2610")         # rebuilt after surrendering: 20-6
    hit = [f for f in check(t).findings if f.rule == "20-6"]
    assert len(hit) == 1 and hit[0].step == step and "may not be rebuilt" in hit[0].message


def test_we_sc_01_hq_back_three_full_months_later_if_15_1():
    from modgen.systems.der_weltkrieg.checks.end_of_game import return_date
    assert return_date(GameDate(1915, 9, 3)) == GameDate(1915, 12, 4)       # WE-SC-01
    assert return_date(GameDate(1915, 11, 2)) == GameDate(1916, 2, 3)
    assert return_date(GameDate(1915, 9, 7)) == GameDate(1916, 1, 1)

    def play(back: GameDate):
        t = TestGame(GAME, MAY)
        t.declare("!duration")
        t.advance_to(GameDate(1915, 6, 3), "cp-combat")
        t.eliminate("ah-hq-xxxx-tir")
        t.advance_to(back, "cp-reinforcement")
        step = t.move("ah-hq-xxxx-tir", "2215")
        return step, [f for f in check(t).findings if f.rule == "IF 15-1"]
    assert play(GameDate(1915, 9, 4))[1] == []
    step, hit = play(GameDate(1915, 9, 3))
    assert len(hit) == 1 and hit[0].step == step
    assert "destroyed on Turn 3 June 1915, it reappears as a reinforcement three full months later, " \
           "on Turn 4 September 1915" in hit[0].message


def test_losses_in_a_column_attack_count_in_the_movement_phase():
    g = game([P("fr-inf-xx-88t", "1609"), P("de-inf-xx-8", "1608"), P("fr-inf-xx-87t", "2512")],
             hexes=GERMAN_WEST, first_phase="cp-movement")
    t = TestGame(g, g.scenarios["t"])
    t.declare("!attack 1609 with 8 Inf XX supply none")    # a Column Attack (16-1)
    t.roll("1d6", [4])
    t.flip("fr-inf-xx-88t")                      # a loss of the Column Attack: 1 DM
    t.flip("fr-inf-xx-87t")                      # elsewhere in the Movement Phase: no loss
    r = check(t)
    assert dm_of(r, "france") == Span(1, 1)
    assert [i.reason for i in r.end_of_game.items] == [
        "88T Inf XX flipped in 1609: 1 infantry SP"]


def test_surrender_of_a_nation_without_thresholds_is_not_known(monkeypatch):
    """A ``surrender`` condition on a nation whose morale the scenario's data do not track (no
    thresholds: Serbia in a duration game) is undetermined, never "has not surrendered"."""
    from types import SimpleNamespace
    from modgen.model.types import MoraleThresholds
    from modgen.systems.der_weltkrieg.checks import end_of_game as E
    from modgen.systems.der_weltkrieg.rules.morale import MoraleTracker
    monkeypatch.setattr(E, "duration_game", lambda ctx: True)
    ah = MoraleThresholds("austria-hungary", "15-9", 550, {1915: (525, 600)}, None)
    g = SimpleNamespace(surrender_year={}, morale=MoraleTracker({"austria-hungary": ah}))
    facts = E.LogFacts(SimpleNamespace(), g)
    assert facts.surrendered("austria-hungary") == (False, None)    # tracked, not reached
    assert facts.surrendered("serbia") == (None, None)               # not tracked: unknown
    g.morale = None
    assert facts.surrendered("austria-hungary") == (None, None)
    g.surrender_year["serbia"] = 1915
    assert facts.surrendered("serbia") == (True, 1915)
