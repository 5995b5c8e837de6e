"""The supply and HQ rules through ``modgen check`` on scripted Italian Front games: the HQs'
``SupplyPoints`` ledger (17-4, 19-3, 18-1, 18-16), transfers (18-6..18-10, !transfer), income
(25-7, IF 15-14, 15-20). Each rule: a legal game (clean) and an illegal one."""
from __future__ import annotations

import pytest

from modgen.check.engine import check_log
from modgen.check.logread import parse_log
from modgen.testing import TestGame
from modgen.model import load_game
from modgen.model.types import GameDate

GAME = load_game("italian-front")
MAY = GAME.scenarios["if-1915-05"]
IT1 = "it-hq-xxxx-1st"          # 2122, 5 SP at the start
TIR = "ah-hq-xxxx-tir"          # 2215, 5 SP


def check(t: TestGame, scenario=MAY):
    return check_log(parse_log(t.text()), t.game, scenario)


def of(report, rule, severity="violation"):
    return [f for f in report.findings if f.rule == rule and f.severity == severity]


def mine(report):
    """Findings of the supply rules (the scripted games break no other rule)."""
    rules = {"17-3", "17-4", "18-1", "18-6", "18-16", "18-18", "19-2", "19-3", "19-4", "19-15",
             "25-7", "15-14", "15-20", "15-21", "15-22", "17-2"}
    return [f for f in report.findings if f.rule in rules]


def june(phase="entente-reinforcement", turn=1) -> TestGame:
    t = TestGame(GAME, MAY)
    t.advance_to(GameDate(1915, 6, turn), phase)
    return t


# ------------------------------------------------------------------ 17-4

def test_17_4_no_hq_above_100_sp():
    t = june()
    t.set_supply_points(IT1, 15)                 # +10: the 15-20 income of 1 June
    t.next_phase()
    assert mine(check(t)) == []
    bad = june()
    step = bad.set_supply_points(IT1, 101)
    bad.next_phase()
    hit = of(check(bad), "17-4")
    assert len(hit) == 1 and hit[0].step == step
    assert "1st HQ XXXX holds 101 SP; no HQ may hold more than 100 SP (17-4)" == hit[0].message


# ------------------------------------------------------------------ 25-7 income

def test_income_15_20_italy_ten_sp_on_the_first_turn_of_june():
    t = june()
    t.set_supply_points(IT1, 15)
    t.next_phase()
    assert mine(check(t)) == []
    over = june()
    over.set_supply_points(IT1, 16)              # 11 SP: one more than the schedule gives
    end = over.next_phase()
    hit = of(check(over), "15-20")
    assert len(hit) == 1 and hit[0].step == end
    assert ("Italy's HQs received 11 SP that no transfer explains since the log began; the supply "
            "schedule gives 10 SP so far") in hit[0].message
    early = TestGame(GAME, MAY)                  # 7 May 1915: no income before June (15-20)
    early.advance_to(GameDate(1915, 5, 7), "entente-combat")
    early.set_supply_points(IT1, 6)
    early.next_phase()
    hit = of(check(early), "15-20")              # named after the schedule that gives Italy SP
    assert len(hit) == 1 and "received 1 SP" in hit[0].message and "gives 0 SP so far" in hit[0].message


def test_income_15_14_austria_hungary_and_late_receipt():
    t = june("cp-reinforcement")
    t.set_supply_points(TIR, 15)
    t.next_phase()
    assert mine(check(t)) == []
    late = june("cp-movement", turn=2)           # received a turn late: the cumulative account allows it
    late.set_supply_points(TIR, 15)
    late.next_phase()
    assert mine(check(late)) == []
    twice = june("cp-reinforcement", turn=1)
    twice.set_supply_points(TIR, 15)
    twice.advance_to(GameDate(1915, 6, 2), "cp-reinforcement")
    twice.set_supply_points(TIR, 25)             # a second 10 on turn 2: the schedule gives 10 a month
    twice.next_phase()
    hit = of(check(twice), "15-14")
    assert len(hit) == 1 and "received 20 SP" in hit[0].message and "gives 10 SP" in hit[0].message


def test_income_in_a_continuation_log_is_undetermined():
    t = june()
    t.set_supply_points(IT1, 20)
    t.next_phase()
    r = check_log(parse_log(t.text()), GAME, MAY)
    assert len(of(r, "15-20")) == 1
    # the same game read as a continuation (the first steps cut off): earlier income may be late
    cut = TestGame(GAME, MAY, date=GameDate(1915, 6, 1), phase="entente-reinforcement")
    cut.set_supply_points(IT1, 20)
    cut.next_phase()
    r2 = check(cut)
    assert of(r2, "15-20") == [] and len(of(r2, "15-20", "undetermined")) == 1
    assert "received before the log began" in of(r2, "15-20", "undetermined")[0].missing


# ------------------------------------------------------------------ 18-1 unexplained spends

def test_unexplained_decrease_is_undetermined_not_a_violation():
    t = june("entente-movement")
    t.set_supply_points(IT1, 2)
    t.next_phase()
    r = check(t)
    assert [f.rule for f in mine(r) if f.severity == "violation"] == []
    u = of(r, "18-1", "undetermined")
    assert len(u) == 1 and "5→2" in u[0].message and "3 SP went without a reason" in u[0].message


# ------------------------------------------------------------------ 18-6..18-10 transfers

def _two_hqs() -> TestGame:
    t = TestGame(GAME, MAY)
    t.place("it-hq-xxxx-6th", "2123", sp=4)      # a second Italian HQ next to the 1st
    t.advance_to(GameDate(1915, 6, 1), "entente-movement")
    return t


def test_18_7_transfer_by_supply_point_marker():
    t = _two_hqs()
    t.add_marker("supply-points", "2122", "3")   # placed on the sending HQ (18-7)
    t.set_supply_points(IT1, 2)
    t.move("supply-points", "2123")              # moves as an infantry division (18-8)
    t.delete("supply-points")                    # absorbed (18-10)
    t.set_supply_points("it-hq-xxxx-6th", 7)
    t.next_phase()
    assert mine(check(t)) == []


def test_18_6_at_most_ten_sp_and_hqs_that_do_not_move():
    t = _two_hqs()
    t.add_marker("supply-points", "2122", "6")
    t.set_supply_points(IT1, 0)                  # only 5 held: 5 sent … the marker says 6
    t.move("supply-points", "2123")
    t.delete("supply-points")
    t.set_supply_points("it-hq-xxxx-6th", 10)
    t.next_phase()
    hit = of(check(t), "17-3")
    assert len(hit) == 1 and hit[0].message == ("1st HQ XXXX sends 6 SP in this phase but held "
                                                "only 5")
    big = TestGame(GAME, MAY)
    big.place("it-hq-xxxx-6th", "2123", sp=20)
    big.advance_to(GameDate(1915, 6, 1), "entente-movement")
    big.declare("!transfer 6th 4 to 1st")
    big.add_marker("supply-points", "2123", "8")   # a second lot by marker: 4 + 8 sent
    big.set_supply_points("it-hq-xxxx-6th", 8)
    big.move("supply-points", "2122")
    big.delete("supply-points")
    big.set_supply_points(IT1, 17)
    big.next_phase()
    hit = of(check(big), "18-6")
    assert sorted(f.message for f in hit) == [
        "1st HQ XXXX transferred 12 SP this Movement Phase (sent 0 + received 12); at most 10",
        "6th HQ XXXX transferred 12 SP this Movement Phase (sent 12 + received 0); at most 10"]
    moved = _two_hqs()
    moved.declare("!transfer 1st 3 to 6th")
    moved.set_supply_points(IT1, 2)
    moved.set_supply_points("it-hq-xxxx-6th", 7)
    moved.move("it-hq-xxxx-6th", "2023")          # the receiving HQ moves in the same phase
    moved.next_phase()
    hit = of(check(moved), "18-6")
    assert len(hit) == 1 and "moved in the same Movement Phase" in hit[0].message
    assert "6th HQ XXXX" in hit[0].message


def test_transfer_declared_outside_the_movement_phase():
    t = TestGame(GAME, MAY)
    t.place("it-hq-xxxx-6th", "2123", sp=4)
    t.advance_to(GameDate(1915, 6, 1), "entente-combat")
    t.declare("!transfer 1st 3 to 6th")
    r = check(t)
    hit = of(r, "18-6")
    assert len(hit) == 1 and "outside its side's Movement Phase" in hit[0].message
    assert mine(check(_three_sp_from_1st_to_6th("!transfer 1st 3 to 6th"))) == []


def test_transfer_to_another_nationality_17_3():
    t = TestGame(GAME, MAY)
    t.place("fr-hq-xxxx-10th", "2123", sp=4)
    t.advance_to(GameDate(1915, 6, 1), "entente-movement")
    t.declare("!transfer 1st 3 to 10th")         # Italy may not give SP to a French HQ (17-3)
    r = check(t)
    hit = of(r, "17-3")
    assert len(hit) == 1 and "HQs supply units of their own nationality only" in hit[0].message
    ok = TestGame(GAME, MAY)
    ok.place("ge-hq-xxxx-14th", "2216", sp=4)
    ok.advance_to(GameDate(1915, 6, 1), "cp-movement")
    ok.declare("!transfer 14th 3 to Tir")        # 37-8: German HQs supply any Central Powers HQ
    ok.set_supply_points("ge-hq-xxxx-14th", 1)
    ok.set_supply_points(TIR, 8)
    ok.next_phase()
    assert mine(check(ok)) == []


def test_bad_transfer_declaration_is_a_warning():
    t = june("entente-movement")
    t.declare("!transfer 1st to 6th")
    r = check(t)
    w = [f for f in r.findings if f.severity == "warning"]
    assert len(w) == 1 and "!transfer needs <HQ> <SP> to <HQ>" in w[0].message


# ------------------------------------------------------------------ 18-16

def test_18_16_hq_that_retreats_loses_its_sp():
    t = june("cp-combat")
    t.move(IT1, "2022")                          # retreats (an HQ moving in a Combat Phase)
    t.set_supply_points(IT1, 0)
    t.next_phase()
    assert of(check(t), "18-16") == []
    bad = june("cp-combat")
    bad.move(IT1, "2022")
    end = bad.next_phase()
    hit = of(check(bad), "18-16")
    assert len(hit) == 1 and hit[0].step == end and "still holds 5 SP" in hit[0].message


@pytest.mark.parametrize("sp", [0, 5])
def test_supply_points_unchanged_need_no_reason(sp):
    t = TestGame(GAME, MAY)
    t.advance_to(GameDate(1915, 6, 2), "entente-replacement")
    t.set_supply_points(IT1, 5 + 10 - sp if sp else 15)   # the 1 June income, late
    t.next_phase()
    assert [f for f in mine(check(t)) if f.severity == "violation"] == []


# ------------------------------------------------------------------ RPL income (15-20), 15-4/15-5

def test_rpl_income_15_20_italy():
    """15-20: 1 × 3-3 Inf RPL on the 2nd and 6th turns of each month from June 1915."""
    t = TestGame(GAME, MAY)
    t.place("it-inf-xx-rpl-3")                   # in the Entente pool
    t.advance_to(GameDate(1915, 6, 2), "entente-reinforcement")
    t.arrive("it-inf-xx-rpl-3", "1421")          # Milano (15-18)
    t.next_phase()
    assert [f for f in check(t).findings if f.rule in ("15-20", "15-21", "15-22")] == []
    # turn 1 of June: 15-20 gives no RPL, but 15-21 (after Shaken National Morale) gives an Inf
    # RPL on the 1st turn of even months; a plain scenario keeps no morale, so that may be it
    plain = TestGame(GAME, MAY)
    plain.place("it-inf-xx-rpl-3")
    plain.advance_to(GameDate(1915, 6, 1), "entente-reinforcement")
    plain.arrive("it-inf-xx-rpl-3", "1421")
    plain.next_phase()
    assert [f for f in check(plain).findings if f.rule.startswith("15-")] == []
    early = TestGame(GAME, MAY)                   # a duration game: Italy is not Shaken (0 DM)
    early.place("it-inf-xx-rpl-3")
    early.declare("!duration")
    early.advance_to(GameDate(1915, 6, 1), "entente-reinforcement")
    early.arrive("it-inf-xx-rpl-3", "1421")      # turn 1: no RPL is due yet
    end = early.next_phase()
    hit = [f for f in check(early).findings if f.rule == "15-20" and f.severity == "violation"]
    assert len(hit) == 1 and hit[0].step == end
    assert ("Italy has brought 3 RPL SP onto the map in its Reinforcement Arrival Phases since the "
            "log began; the replacement schedule gives 0 so far") in hit[0].message


def test_front_totals_15_4_only_in_a_duration_game():
    def play(duration: bool, sp: int):
        t = TestGame(GAME, MAY)
        if duration:
            t.declare("!duration")
        t.advance_to(GameDate(1915, 5, 7), "entente-replacement")
        t.set_supply_points(TIR, sp)             # (SP from nowhere: 25-7 also reports it)
        t.next_phase(2)                          # into and out of the Monthly Special Turn's first phase
        return [f for f in check(t).findings if f.rule == "15-4"]
    assert play(True, 40) == [] and play(False, 45) == []
    hit = play(True, 45)
    assert len(hit) == 1 and "Austria-Hungary's HQs hold 45 SP in the Monthly Special Turn of June 1915" \
        in hit[0].message and "at most 40" in hit[0].message


# ------------------------------------------------------------------ seeded mistakes (supply_mistakes)

def _june_game(*mistakes: str):
    """A short May 1915 game: the 1 June income, a transfer on 3 June, an Italian attack on 2119 in
    the Entente Combat Phase of 3 June paid by the 1st HQ; each named mistake of
    ``supply_mistakes.MISTAKES`` played where its ``when`` says."""
    import supply_mistakes as SM
    t = TestGame(GAME, MAY)
    t.place("it-hq-xxxx-6th", "2123", sp=4)
    t.advance_to(GameDate(1915, 6, 1), "entente-reinforcement")
    t.set_supply_points(IT1, 15)                                  # 15-20: 10 SP on 1 June
    t.advance_to(GameDate(1915, 6, 3), "entente-movement")
    if "transfer-and-move" in mistakes:
        SM.transfer_and_move(t, sender=IT1, sender_designation="1st", receiver="it-hq-xxxx-6th",
                             receiver_designation="6th", sender_held=15, receiver_held=4,
                             to_hex="2022")
        held = 13
    else:
        t.declare("!transfer 1st 2 to 6th")
        t.set_supply_points(IT1, 13)
        t.set_supply_points("it-hq-xxxx-6th", 6)
        held = 13
    t.next_phase()                                                # Entente Combat Phase
    t.declare("!attack 2119 with 6Alp Mtn X supply 1st 1")
    if "sp-not-expended" in mistakes:
        SM.sp_not_expended(t, hq=IT1, held=held, declared=1)
    else:
        t.set_supply_points(IT1, held - 1)
    t.declare("!terrain 2119 mountain")
    t.roll("1d6", [3])
    t.next_phase()                                                # Replacement Phase
    if "sp-from-nowhere" in mistakes:
        SM.sp_from_nowhere(t, hq="it-hq-xxxx-6th", held=6)
    t.next_phase()
    return t


def _supply_findings(t):
    import supply_mistakes as SM
    rules = {m.rule for m in SM.MISTAKES.values()} | {"17-3", "18-1", "19-2", "19-4", "19-6",
                                                      "18-13", "19-15", "29-4", "25-7"}
    return [f for f in check(t).findings if f.rule in rules and f.severity != "warning"]


def test_seeded_supply_mistakes_each_and_together():
    import supply_mistakes as SM
    assert _supply_findings(_june_game()) == []
    for name in ("sp-not-expended", "sp-from-nowhere", "transfer-and-move"):
        m = SM.MISTAKES[name]
        got = _supply_findings(_june_game(name))
        assert [(f.rule, f.severity) for f in got] == [(m.rule, m.severity)], (name, got)
        assert m.phrase in got[0].message
    together = _supply_findings(_june_game("sp-not-expended", "sp-from-nowhere", "transfer-and-move"))
    assert sorted(f.rule for f in together) == ["15-20", "18-6", "19-3"]


def test_transfer_names_an_hq_by_designation_and_hq_or_names_none():
    """``!transfer 1st hq …`` names the HQ by its designation and "hq" (18-6); a name no HQ has
    is an undetermined 18-6 finding, not a crash of the checker."""
    assert mine(check(_three_sp_from_1st_to_6th("!transfer 1st hq 3 to 6th"))) == []
    bad = _two_hqs()
    bad.declare("!transfer 9th 3 to 6th")
    bad.next_phase()
    hit = of(check(bad), "18-6", "undetermined")
    assert [f.message for f in hit] == [
        "!transfer names '9th', which is not exactly one HQ on the map"]


def _three_sp_from_1st_to_6th(declaration: str) -> TestGame:
    """1st HQ (5 SP) gives 3 SP to 6th HQ (4 SP) in the Entente Movement Phase, as declared."""
    t = _two_hqs()
    t.declare(declaration)
    t.set_supply_points(IT1, 2)
    t.set_supply_points("it-hq-xxxx-6th", 7)
    t.next_phase()
    return t
