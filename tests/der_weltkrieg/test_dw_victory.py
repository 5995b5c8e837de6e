"""modgen.systems.der_weltkrieg.victory / demoralization / morale: victory conditions as data
judged on facts (three-valued), the DM ledger (26-3) and national morale (15-9, 15-10)."""
from __future__ import annotations

from dataclasses import dataclass, field

from modgen.hexgrid import Hex
from modgen.model import load_game
from modgen.model.types import GameDate, LevelShift, VictoryConditions
from modgen.systems.der_weltkrieg.rules.board import make_map
from modgen.systems.der_weltkrieg.rules import demoralization as D
from modgen.systems.der_weltkrieg.rules import morale as M
from modgen.systems.der_weltkrieg.rules import victory as V
from modgen.systems.der_weltkrieg.rules.demoralization import Span

SIDES = {"central-powers": ("austria-hungary", "germany"),
         "entente": ("italy", "france", "great-britain")}


@dataclass
class FakeFacts:
    """Facts for the evaluation: DM per nation, control per hex (unknown elsewhere)."""

    dms: dict = field(default_factory=dict)
    lost: dict = field(default_factory=dict)
    control: dict = field(default_factory=dict)
    default: str | None = None
    at_start: dict = field(default_factory=dict)
    mapdef: object = None
    surr: dict = field(default_factory=dict)

    def parties(self, p):
        return SIDES.get(p, (p,))

    def side_name(self, s):
        return {"central-powers": "Central Powers", "entente": "Entente"}.get(s, s)

    def nation_name(self, n):
        return n.title()

    def dm(self, nations, *, losses_only):
        out = Span(0, 0)
        for n in nations:
            out = out + self.dms.get(n, Span(0, 0))
        return out

    def sp_lost(self, nations):
        return Span(sum(self.lost.get(n, 0) for n in nations), sum(self.lost.get(n, 0) for n in nations))

    def controller(self, h):
        return self.control.get(str(h), self.default), "test"

    def controller_at_start(self, h):
        return self.at_start.get(str(h))

    def occupied_by(self, h, side, when):
        return self.control.get(str(h)) == side

    def non_surrounded_unit(self, h, side):
        return True

    def surrendered(self, nation):
        return (nation in self.surr, self.surr.get(nation))

    def morale_before(self, nation, state, year):
        return False

    def vp(self):
        return None

    def maps(self):
        return [self.mapdef]

    def clear_terrain(self, h):
        return True


def _game():
    return load_game("italian-front")


def _facts(**kw):
    g = _game()
    return FakeFacts(mapdef=g.maps["6-4"], **kw)


def test_may_1915_italian_decisive_when_italy_holds_trieste():
    vc = _game().scenarios["if-1915-05"].victory
    f = _facts(dms={"italy": Span(30, 30), "austria-hungary": Span(10, 10)},
               control={"3419": "entente", "3318": "central-powers", "2019": "central-powers"},
               default="central-powers")
    out = V.evaluate(vc, f)
    levels = {r.level.label: r.verdict.value for r in out.results}
    assert levels["Italian Decisive"] is True
    assert levels["Austro-Hungarian Substantial"] is True       # 3318 and 2019 held, 30 > 2 × 10
    # both sides hold a level: the rulebook does not say which prevails
    assert out.conflict and out.winner is None
    assert "levels of both sides hold" in out.summary()


def test_may_1915_austro_hungarian_marginal_with_numbers():
    vc = _game().scenarios["if-1915-05"].victory
    f = _facts(dms={"italy": Span(16, 16), "austria-hungary": Span(10, 10)},
               default="central-powers")
    out = V.evaluate(vc, f)
    assert out.winner.level.label == "Austro-Hungarian Marginal" and out.certain
    s = out.summary(f.side_name)
    assert s.startswith("victory: Central Powers, level marginal (Austro-Hungarian Marginal)")
    assert "Italy 16 DM > 1.5 × Austria-Hungary 10 = 15" in s
    # 16 is not more than 2 × 10: not substantial; A-H does not control all its territory? it does
    subst = next(r for r in out.results if r.level.label == "Austro-Hungarian Substantial")
    assert subst.verdict.value is False and "Italy 16 DM > 2 × Austria-Hungary 10 = 20" in subst.verdict.because


def test_dm_range_straddling_a_threshold_is_undetermined():
    vc = _game().scenarios["if-1918-06"].victory
    f = _facts(dms={"italy": Span(45, 52), "austria-hungary": Span(10, 10)}, default="entente")
    out = V.evaluate(vc, f)
    dec = next(r for r in out.results if r.level.label == "Austro-Hungarian Decisive")
    assert dec.verdict.value is None and dec.verdict.missing
    # 45+ holds either way: substantial is certain, decisive still possible
    assert out.winner.level.label == "Austro-Hungarian Substantial" and not out.certain
    assert "not final" in out.summary()


def test_no_level_condition_1916_italian_marginal():
    vc = _game().scenarios["if-1916-05"].victory
    f = _facts(default="entente", control={"3318": "entente"},
               dms={"italy": Span(5, 5), "austria-hungary": Span(9, 9)})
    out = V.evaluate(vc, f)
    lv = {r.level.label: r.verdict for r in out.results}
    assert lv["Italian Marginal"].value is True
    assert lv["Italian Decisive"].value is True          # all Italy held and 5 < 9
    assert out.winner.level.label == "Italian Decisive"
    # unknown control makes the A-H levels undetermined, and so Italian Marginal too
    f2 = _facts(default=None, control={"3318": "entente"})
    out2 = V.evaluate(vc, f2)
    lv2 = {r.level.label: r.verdict.value for r in out2.results}
    assert lv2["Italian Marginal"] is None and out2.winner is None


def test_count_forms_at_most_all_but_and_region_filters():
    vc = _game().scenarios["if-1917-10"].victory
    italian_west = [h for h, i in _game().maps["6-4"].hexes.items()
                    if i.land and i.country == "italy" and h.col <= 29]
    three = {str(h): "central-powers" for h in italian_west[:3]}
    f = _facts(default="entente", control=three, lost={"germany": 30, "austria-hungary": 25},
               dms={"italy": Span(55, 55)})
    out = V.evaluate(vc, f)
    lv = {r.level.label: r.verdict for r in out.results}
    assert lv["Italian Marginal"].value is True           # 55 < 75, 55 SP lost > 50
    assert lv["Italian Substantial"].value is False       # 3 CP-held hexes west of 29xx > 2
    assert "Central Powers controls at most 2 of" in lv["Italian Substantial"].because
    assert "3 held" in lv["Italian Substantial"].because
    assert lv["Central Powers Marginal"].value is False   # 30 German SP lost is not < 30


def test_we_sc_06_automatic_end_shift_by_two_levels():
    vc = _game().scenarios["if-1915-05"].victory
    vc2 = VictoryConditions(vc.basis, vc.levels, shifts=(LevelShift("austria-hungary", "entente", 1918),))
    assert V.level_scale(vc2)[0] == ("central-powers", "decisive")
    assert V.shift_level(vc2, "entente", "marginal", "entente", 2) == ("entente", "decisive")
    assert V.shift_level(vc2, "central-powers", "substantial", "entente", 2) == ("entente", "marginal")
    assert V.shift_level(vc2, "entente", "substantial", "entente", 5) == ("entente", "decisive")
    f = _facts(dms={"italy": Span(5, 5), "austria-hungary": Span(20, 20)}, default="central-powers")
    out = V.evaluate(vc2, f, surrender_year={"austria-hungary": 1916})
    assert out.winner.level.label == "Italian Decisive"          # marginal + 2 (1918 - 1916)
    assert "shifted 2 levels towards Entente" in out.shift
    out17 = V.evaluate(vc2, f, surrender_year={"austria-hungary": 1917})
    assert out17.winner.level.label == "Italian Substantial"     # shift 1


def test_dm_ledger_schedule_26_3():
    led = D.DmLedger()
    led.unit_loss("italy", "inf", Span(2, 2), surrounded=False, step=5, turn=None, reason="flip")
    led.unit_loss("italy", "art", Span(3, 3), surrounded=False, step=6, turn=None, reason="elim")
    led.unit_loss("italy", "inf", Span(4, 4), surrounded=True, step=7, turn=None, reason="elim")
    led.unit_loss("italy", "cav", Span(1, 1), surrounded=True, step=7, turn=None, reason="elim")
    led.unit_loss("austria-hungary", "fortress", Span(3, 3), surrounded=True, step=8, turn=None,
                  reason="fortress")
    led.unit_loss("italy", "inf", Span(2, 2), surrounded=None, step=9, turn=None, reason="elim")
    led.engineer_lost("italy", "Eng", step=9, turn=None)
    led.army_hq_lost("italy", "1st", step=9, turn=None)
    led.city_occupied("austria-hungary", "Gorizia", capital=False, step=10, turn=None)
    led.city_occupied("germany", "Munich", capital=True, step=11, turn=None)
    led.city_occupied("austria-hungary", "Trieste", capital=False, first=None, step=12, turn=None)
    # italy: 2 + 6 + 8 + 4 + (2..4) + 2 + 10 = 34..36
    assert led.total(["italy"]) == Span(34, 36)
    assert led.total(["austria-hungary"]) == Span(3 + 15, 3 + 15 + 15)
    assert led.total(["germany"]) == Span(60, 60)            # 15 × 2 capital × 2 (37-6)
    assert led.sp_lost(["italy"]) == Span(12, 12)
    assert led.total(["italy"], losses_only=True) == Span(34, 36)
    assert led.total(["austria-hungary"], losses_only=True) == Span(3, 3)


def test_morale_thresholds_latch_15_9():
    t = _game().scenarios["if-1915-05"].morale
    tr = M.MoraleTracker({x.nation: x for x in t})
    assert M.threshold(tr.thresholds["austria-hungary"], M.COLLAPSE, 1915) == 525
    # 525 in 1915 is below Shaken's 550, which 26-5 puts first: only possibly reached
    assert tr.update("austria-hungary", Span(530, 530), GameDate(1915, 12, 0)) == [(M.COLLAPSE, None)]
    assert tr.state("austria-hungary", M.COLLAPSE) is None
    # 1916 prints 600, in order: at 610 the collapse is certain (and latched)
    assert tr.update("austria-hungary", Span(560, 560), GameDate(1916, 1, 0)) == [(M.SHAKEN, True)]
    assert tr.update("austria-hungary", Span(610, 610), GameDate(1916, 1, 1)) == [(M.COLLAPSE, True)]
    assert tr.state("austria-hungary", M.COLLAPSE) is True
    assert tr.update("austria-hungary", Span(590, 620), GameDate(1916, 2, 0)) == []   # 700 in 1916
    assert tr.state("austria-hungary", M.SURRENDER) is False
    assert tr.update("austria-hungary", Span(650, 720), GameDate(1916, 3, 0)) == [(M.SURRENDER, None)]
    assert tr.state("austria-hungary", M.SURRENDER) is None
    assert tr.state("italy", M.SHAKEN) is False
    tr.update("italy", Span(290, 310), GameDate(1915, 9, 0))
    assert tr.state("italy", M.SHAKEN) is None


def test_morale_thresholds_out_of_26_5s_order_are_undetermined():
    """15-10 prints Italy's Economic Collapse at 275 DM in 1915, below Shaken at 300 (and 15-9
    Austria-Hungary's at 525, below 550): 26-5 has Shaken first. No verdict rests on the
    contradictory number: the state is undetermined until the surrender threshold (300, in order)."""
    t = {x.nation: x for x in _game().scenarios["if-1915-05"].morale}
    it, ah = t["italy"], t["austria-hungary"]
    assert M.reached(it, M.COLLAPSE, Span(280, 280), 1915) is None
    assert M.reached(it, M.SHAKEN, Span(280, 280), 1915) is False
    assert M.reached(it, M.COLLAPSE, Span(300, 300), 1915) is True       # surrendered: passed it
    assert M.reached(it, M.COLLAPSE, Span(360, 360), 1916) is True       # 350 in 1916: in order
    assert M.reached(ah, M.SURRENDER, Span(460, 460), 1914) is None      # 450 < 550 in 1914
    assert M.reached(ah, M.SURRENDER, Span(610, 610), 1915) is True      # 600 ≥ 550
    notes = M.contradictions(it) + M.contradictions(ah)
    assert any("Economic Collapse at 275 in 1914, 275 in 1915 is below Shaken National Morale "
               "at 300" in n for n in notes)
    assert any("surrender at 450 in 1914" in n for n in notes)


def test_region_membership_uncertain_for_clear_terrain():
    m = make_map((10, 12), (10, 12), country="italy", map_id="t")

    class F(FakeFacts):
        def clear_terrain(self, h):
            return None if h == Hex(11, 11) else False

    f = F(mapdef=m, default="central-powers")
    sure, maybe = V.region_hexes({"countries": ("italy",), "clear_terrain": True}, f)
    assert sure == [] and maybe == [Hex(11, 11)]


def test_occupied_by_a_date_and_never():
    from modgen.model.types import Condition
    from types import MappingProxyType as MP

    class F(FakeFacts):
        def occupied_by(self, h, side, when, date=None):
            first = {"3318": GameDate(1915, 9, 3)}.get(str(h))
            if when == "by":
                return first is not None and first <= date
            if when == "ever":
                return first is not None
            return self.control.get(str(h)) == side

    f = F(mapdef=_game().maps["6-4"])
    by_sept = Condition("occupies", MP({"side": "central-powers", "region": MP({"hexes": ("3318",)}),
                                        "count": "all", "when": "end", "by": GameDate(1915, 9, 7)}))
    by_aug = Condition("occupies", MP({**by_sept.params, "by": GameDate(1915, 8, 7)}))
    never = Condition("occupies", MP({"side": "entente", "region": MP({"hexes": ("3318",)}),
                                      "count": "all", "when": "never"}))
    assert V.evaluate_condition(by_sept, f).value is True
    assert V.evaluate_condition(by_aug, f).value is False
    assert "occupied by Turn 7 August 1915" in V.evaluate_condition(by_aug, f).because
    assert V.evaluate_condition(never, f).value is False        # 3318 was occupied (by someone)
