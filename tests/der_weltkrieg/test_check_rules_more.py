"""Second-round checker rules: stacks moved together (6-4/6-5), entrained units (7-11), strength
markers in stacking (11-8), HQ supply points of arriving Headquarters (25-6) and the Italian Front
trench ban (IF 3-6). Each rule: a legal scripted game without the finding, an illegal one found
with the rule number, the step and the numbers in the message; where the log cannot decide, the
finding is *undetermined* and names what is missing.

Games are scripted with modgen.testing.TestGame on the small test game of tests/check_game.py,
extended here with the counters and markers these rules need (test values, not game data).
"""
from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1]))
import check_game  # noqa: E402

from modgen.check.engine import Checker, check_log  # noqa: E402
from modgen.check.logread import parse_log  # noqa: E402
from modgen.testing import TestGame  # noqa: E402
from modgen.hexgrid import Hex  # noqa: E402
from modgen.model.types import (Counter, Face, GameDate, MarkerDef, Placement, Provenance,  # noqa: E402
                                ScheduleEntry, SpecialRule)
from modgen.systems.der_weltkrieg.rules.board import make_map  # noqa: E402

def _c(cid, nation, type_, size, des, s, m, back=None) -> Counter:
    return Counter(cid, nation, type_, size, des, Face(s, m), back)


EXTRA = [
    _c("it-bers-x-1", "italy", "inf", "X", "1B", 2, 3, Face(1, 3)),          # MA 3 brigade
    _c("it-hq-xxxx-2", "italy", "hq", "XXXX", "2", None, 4),
    _c("de-inf-xx-jgr", "germany", "inf", "XX", "Jgr", 8, 5, Face(4, 5)),
    _c("ah-inf-x-50", "austria-hungary", "inf", "X", "50", 2, 3, Face(1, 3)),
    _c("it-art-iii-9", "italy", "art", "III", "9", 2, 1),                      # MA 1
] + [_c(f"ah-inf-xx-{n}", "austria-hungary", "inf", "XX", str(n), 5, 4, Face(3, 4))
     for n in range(1, 8)]

MARKERS = {
    "entrained": MarkerDef("entrained", "entrained", "Entrained"),
    "construction": MarkerDef("construction", "construction", "Construction"),
    "strength-minus-1": MarkerDef("strength-minus-1", "strength", "-1", values=("-1",)),
    "strength-half": MarkerDef("strength-half", "strength", "1/2", values=("1/2",)),
}


def game(*, west: int = 30, switzerland: bool = False, **scenario_over):
    """check_game's game with the extra counters and markers; its map starts at column ``west``
    (columns ≤ 33 Italy); with ``switzerland`` column 36 is Swiss (a country of no side)."""
    g = check_game.game(**scenario_over)
    base = g.maps["6-4"]
    hexes = {f"{c:02d}{r:02d}": {"country": ("switzerland" if switzerland and c == 36 else
                                             "italy" if c <= 33 else "austria-hungary")}
             for c in range(west, 37) for r in range(15, 25)}
    sides = {str(s): {"terrain": s_info.terrain, "rail": s_info.rail, "river": s_info.river}
             for s, s_info in base.hexsides.items() if s_info.terrain != "clear" or s_info.rail
             or s_info.river}
    sides["3522|3622"] = {"rail": "double"}          # an Austro-Hungarian rail line
    mapdef = make_map((west, 36), (15, 24), map_id="6-4", hexes=hexes, hexsides=sides)
    counters = dict(g.counters)
    counters.update({c.id: c for c in EXTRA})
    return dataclasses.replace(g, maps={"6-4": mapdef}, counters=counters,
                               markers={**g.markers, **MARKERS})


def empty(**over) -> TestGame:
    """A game with nothing set up, starting in the Entente Movement Phase of 1 May 1915."""
    kw = dict(setup=(), fortresses=(), markers=(), hq_supply_points={}, reinforcements=())
    kw.update(over)
    g = game(**{k: v for k, v in kw.items() if k not in ("date", "phase")})
    return TestGame(g, g.scenarios["if-test"], date=kw.get("date", GameDate(1915, 5, 1)),
                    phase=kw.get("phase", "en-movement"))


def check(t: TestGame):
    return check_log(parse_log(t.text()), t.game, t.scenario).findings


def of(findings, rule, severity="violation"):
    return [f for f in findings if f.rule == rule and f.severity == severity]


def violations(findings):
    return [f for f in findings if f.severity == "violation"]


# ------------------------------------------------------------------ 6-4 / 6-5 stacks

def stack_game() -> TestGame:
    t = empty()
    t.place("it-inf-xx-1", "3022")           # MA 4
    t.place("it-bers-x-1", "3022")           # MA 3
    return t


def test_stack_drag_charges_every_member_the_whole_path():
    t = stack_game()
    # clear hexsides; no enemy around, so Column Movement (6-10) is inferred when it is needed:
    # Column MA 6 for the division, 4 for the brigade
    for h in ("3122", "3222", "3322", "3422"):
        t.move_stack(["it-inf-xx-1", "it-bers-x-1"], h)
    assert violations(check(t)) == []
    step = t.move_stack(["it-inf-xx-1", "it-bers-x-1"], "3522")
    f = check(t)
    hits = of(f, "6-9")
    assert len(hits) == 1, f                 # the stack moves at its slowest member's pace
    assert hits[0].units[0].id == "it-bers-x-1" and hits[0].step == step
    assert "MA 3" in hits[0].message and "5 MP" in hits[0].message
    assert hits[0].path[0] == "3022" and hits[0].path[-1] == "3522"


def test_stack_members_may_end_apart_one_unit_at_a_time():
    # 6-4 allows moving one unit at a time: dragging a stack and then one member on cannot be told
    # from two single moves along the same path, so it is never a 6-5 finding
    t = stack_game()
    t.move_stack(["it-inf-xx-1", "it-bers-x-1"], "3122")
    t.move("it-inf-xx-1", "3222", "3322")
    assert check(t) == []


# ------------------------------------------------------------------ 7-11 entrained units

def zoc_game(entrained: bool) -> TestGame:
    t = empty()
    t.place("ah-inf-xx-57", "3522")
    if entrained:
        t.place_marker("entrained", "3522")
    t.place("it-inf-xx-1", "3022")
    t.move("it-inf-xx-1", "3122", "3222", "3322", "3422")   # 4 clear hexsides; 3422 next to 3522
    return t


def test_entrained_units_exert_no_zoc():
    assert Hex(34, 22) in Hex(35, 22).neighbours() and Hex(33, 22) not in Hex(35, 22).neighbours()
    f = check(zoc_game(entrained=False))
    hit = of(f, "6-9")
    assert len(hit) == 1 and "MA 4" in hit[0].message and "5 MP spent" in hit[0].message
    assert violations(check(zoc_game(entrained=True))) == []


def rail_game(marker: bool) -> TestGame:
    t = empty()
    t.place("it-inf-xx-1", "3118")
    if marker:
        t.place_marker("entrained", "3118")
    t.declare("!rail 1 Inf XX 3118-3218-3318")   # 2 rail hexsides: 2/10 MP (+1 to entrain, 7-3)
    t.move("it-inf-xx-1", "3318", "3317", "3316", "3315")  # then 3 MP of ground movement
    return t


def test_entrained_unit_pays_no_entraining_mp():
    assert violations(check(rail_game(marker=True))) == []   # 1 + 3 = 4 MP of MA 4
    f = check(rail_game(marker=False))                       # 2 + 3 = 5 MP: 3 left after rail
    hit = of(f, "6-9")
    assert len(hit) == 1, f
    assert "3 MP spent, MA 2" in hit[0].message and "2 MP by rail" in hit[0].message


def two_turns(rail_first: bool) -> TestGame:
    t = empty()
    t.place("it-inf-xx-1", "3118")
    if rail_first:
        t.declare("!rail 1 Inf XX 3118-3218-3318")          # ends in 3318, stays entrained
    t.move("it-inf-xx-1", "3218", "3318")
    t.next_phase(8)                                          # turn 2, Entente Movement Phase
    t.declare("!rail 1 Inf XX 3318-3218-3118")
    t.move("it-inf-xx-1", "3118", "3018", "3017", "3016")   # ground 3 MP after the rail move
    return t


def test_unit_that_ended_its_rail_move_last_turn_may_resume_without_entraining():
    # no entrained marker: the log does not say whether it stayed entrained, and the move is
    # legal only if it did (1 + 3 MP rather than 2 + 3): undetermined, not a violation
    f = check(two_turns(rail_first=True))
    assert violations(f) == []
    u = of(f, "7-11", "undetermined")
    assert len(u) == 1 and "legal if it was still entrained from its last rail move" in u[0].message
    assert "entrained marker" in u[0].missing
    f = check(two_turns(rail_first=False))                   # moved by ground: entrains again
    assert len(of(f, "6-9")) == 1 and of(f, "7-11", "undetermined") == [], f


def test_rail_declaration_legal_only_if_still_entrained_is_undetermined():
    t = empty()
    t.place("it-art-iii-9", "3118")
    t.place_marker("entrained", "3118")
    t.declare("!rail 9 Art III 3118-3218-3318")            # entrained: 2/6 MP of MA 1
    t.move("it-art-iii-9", "3318")
    assert violations(check(t)) == []
    t.next_phase(8)
    step = t.declare("!rail 9 Art III 3318-3218-3118")     # no marker in 3318: 1 + 2/6 > 1?
    f = check(t)
    assert violations(f) == []
    u = of(f, "7-11", "undetermined")
    assert len(u) == 1 and u[0].step == step and "still entrained" in u[0].message


def test_rail_move_from_a_hex_left_since_pays_entraining_again():
    t = empty()
    t.place("it-inf-xx-1", "3118")
    t.declare("!rail 1 Inf XX 3118-3218-3318")
    t.move("it-inf-xx-1", "3318", "3317")                    # off the rail path: detrained (7-7)
    t.next_phase(8)
    t.move("it-inf-xx-1", "3318")                            # 1 MP on foot before entraining
    t.declare("!rail 1 Inf XX 3318-3218-3118")
    t.move("it-inf-xx-1", "3118", "3018")                    # 1 + 2 (entrain again) + 1
    step = t.move("it-inf-xx-1", "3017")                     # + 1 = 5 > MA 4
    t.move("it-inf-xx-1", "3016")
    f = of(check(t), "6-9")
    assert len(f) == 1 and f[0].step == step
    assert "1 MP on foot before entraining" in f[0].message


def enemy_rail_game(how: str) -> tuple[TestGame, int]:
    t = empty(phase="cp-movement")
    t.place("ah-inf-xx-57", "3622")
    t.place("it-inf-xx-1", "3022")
    if how != "walked":
        t.declare("!rail 57 Inf XX 3622-3522")
    t.move("ah-inf-xx-57", "3522")
    if how == "marked":
        t.add_marker("entrained", "3522")                    # it stays entrained (7-11)
    t.next_phase(4)                                          # Entente Movement Phase
    return t, t.move("it-inf-xx-1", "3122", "3222", "3322", "3422")   # 4 MP, +1 in 57's ZOC


def test_enemy_that_ended_a_rail_move_may_be_entrained_without_zoc():
    t, step = enemy_rail_game("rail")
    f = check(t)
    assert violations(f) == []
    u = of(f, "7-11", "undetermined")
    assert len(u) == 1 and u[0].step == step
    assert "57 Inf XX in 3522 is still entrained (no ZOC)" in u[0].message
    assert "5 MP spent, MA 4" in u[0].message
    t, _ = enemy_rail_game("marked")
    f = check(t)
    assert violations(f) == [] and of(f, "7-11", "undetermined") == []
    t, step = enemy_rail_game("walked")
    f = check(t)
    assert [x.rule for x in violations(f)] == ["6-9"] and of(f, "7-11", "undetermined") == []


def test_rail_network_exception_of_the_scenario_makes_9_1_undetermined():
    def game_with(rules):
        t = empty(special_rules=rules)
        t.place("it-inf-xx-1", "3118")
        step = t.declare("!rail 1 Inf XX 3118-3218-3318-3418")   # 3418: Austria-Hungary
        return check(t), step
    f, step = game_with(())
    assert [(x.rule, x.step) for x in violations(f)] == [("9-1", step)]
    f, step = game_with((SpecialRule(None, "Rail: Hex 3418 is part of the Italian rail network."),))
    assert violations(f) == []
    u = of(f, "9-1", "undetermined")
    assert len(u) == 1 and u[0].step == step and "Hex 3418 is part of the Italian" in u[0].message
    f, _ = game_with((SpecialRule(None, "Rail: Single track rail lines in Italy are not part of "
                                        "the Austro-Hungarian rail network."),))
    assert [x.rule for x in violations(f)] == ["9-1"]


def test_zoc_does_not_extend_into_a_neutral_country():
    from modgen.systems.der_weltkrieg.checks.common import enemy_zoc_hexes
    g = game(switzerland=True, setup=(), fortresses=(), markers=(), hq_supply_points={},
             reinforcements=())
    t = TestGame(g, g.scenarios["if-test"], date=GameDate(1915, 5, 1), phase="en-movement")
    t.place("ah-inf-xx-57", "3520")
    t.move("ah-inf-xx-57", "3520")
    c = Checker(g, g.scenarios["if-test"])
    c.run(parse_log(t.text()))
    z = enemy_zoc_hexes(c.ctx, "entente")
    around = set(Hex(35, 20).neighbours())
    swiss = {h for h in around if h.col == 36}
    assert swiss and not (z & swiss)
    assert (around - swiss) <= z


# ------------------------------------------------------------------ 11-8 strength markers

def jgr_stack(marker: str | None, divisions: int = 5) -> TestGame:
    rules = (SpecialRule("11-2", "The German Jgr division is considered to be a brigade for "
                                 "stacking purposes whenever it is at or below half strength."),)
    t = empty(special_rules=rules, phase="cp-movement")
    for n in range(1, divisions + 1):
        t.place(f"ah-inf-xx-{n}", "3520")
    t.place("ah-inf-x-50", "3520")
    t.place("de-inf-xx-jgr", "3521")
    if marker:
        t.place_marker(marker, "3521")
        t.move_stack(["de-inf-xx-jgr", marker], "3520")      # the marker moves with the Jgr
    else:
        t.move("de-inf-xx-jgr", "3520")
    return t


def test_strength_marker_decides_jgr_stacking_is_undetermined():
    t = jgr_stack(None)                      # 5 + 1/2 + Jgr 1 = 6 1/2 divisions
    step = t.next_phase()
    hit = of(check(t), "11-1")
    assert len(hit) == 1 and hit[0].step == step and "6 1/2 divisions in 3520" in hit[0].message
    t2 = jgr_stack("strength-half")          # under the 1/2 marker the Jgr (8) is at half: 6
    t2.next_phase()
    f = check(t2)
    assert violations(f) == []
    u = of(f, "11-8", "undetermined")
    assert len(u) == 1 and "1/2" in u[0].message and "stack order" in u[0].missing
    t3 = jgr_stack("strength-half", divisions=6)   # over the limit either way
    t3.next_phase()
    f3 = check(t3)
    assert len(of(f3, "11-1")) == 1 and of(f3, "11-8", "undetermined") == []


def test_jgr_stacking_on_a_placeholder_reduced_side_is_undetermined(monkeypatch):
    """IF 11-2 counts the reduced Jgr by its strength: with a printed back of 5 (more than half
    of 8) it is a division, 5 + 1/2 + 1 = 6 1/2 divisions: a violation; when that back is a
    placeholder (back_rule) the count rests on it: undetermined naming it."""
    i = next(i for i, c in enumerate(EXTRA) if c.id == "de-inf-xx-jgr")
    jgr = EXTRA[i]

    def play(provenance):
        # EXTRA is read by game(): the test's own copy of the list, with the Jgr swapped
        monkeypatch.setattr(sys.modules[__name__], "EXTRA", EXTRA[:i] + [dataclasses.replace(
            jgr, back=Face(5, 5), provenance=provenance)] + EXTRA[i + 1:])
        t = jgr_stack(None)
        t.flip("de-inf-xx-jgr")
        t.next_phase()
        return check(t)
    f = play(None)
    assert len(of(f, "11-1")) == 1 and "6 1/2 divisions in 3520" in of(f, "11-1")[0].message
    f = play(Provenance("placeholder", "test: back by back_rule"))
    assert violations(f) == []
    (u,) = of(f, "11-1", "undetermined")
    assert "strength 5 of Jgr Inf XX (reduced side) is a placeholder" in u.message
    assert "test: back by back_rule" in u.missing


# ------------------------------------------------------------------ 25-6 HQ supply points

def hq_game(sp: int | None) -> TestGame:
    sched = (ScheduleEntry(GameDate(1915, 5, 1), "1 May 1915", "italy",
                           arrivals=(Placement("it-hq-xxxx-2", Hex(30, 16), supply_points=sp),)),)
    return empty(reinforcements=sched, phase="en-reinforcement")


def test_hq_arrives_with_its_stated_supply_points():
    t = hq_game(3)
    t.arrive("it-hq-xxxx-2", "3016")
    t.next_phase()
    assert of(check(t), "25-6") == []
    t2 = hq_game(3)
    t2.arrive("it-hq-xxxx-2", "3016")
    t2.set_supply_points("it-hq-xxxx-2", 1)
    step = t2.next_phase()
    hit = of(check(t2), "25-6")
    assert len(hit) == 1 and hit[0].step == step
    assert "arrived in 3016 with 1 SP" in hit[0].message and "gives it 3 SP" in hit[0].message
    t3 = hq_game(3)                          # more than stated: SP reinforcements (25-7)?
    t3.arrive("it-hq-xxxx-2", "3016")
    t3.set_supply_points("it-hq-xxxx-2", 8)
    t3.next_phase()
    f = check(t3)
    assert of(f, "25-6") == []
    u = of(f, "25-6", "undetermined")
    assert len(u) == 1 and "the 5 more may be Supply Point reinforcements" in u[0].message


def test_hq_without_stated_stockpile_arrives_with_zero():
    t = hq_game(None)
    t.arrive("it-hq-xxxx-2", "3016")
    t.next_phase()
    assert of(check(t), "25-6") == []
    t2 = hq_game(None)
    t2.set_supply_points("it-hq-xxxx-2", 4)    # set in the pool, before it arrives
    t2.arrive("it-hq-xxxx-2", "3016")
    t2.next_phase()
    f = check(t2)
    assert of(f, "25-6") == []
    hit = of(f, "25-6", "undetermined")
    assert len(hit) == 1 and "with 4 SP" in hit[0].message and "arrives with 0 SP" in hit[0].message


# ------------------------------------------------------------------ IF 3-6 trench ban

RULE_3_6 = SpecialRule("3-6", "Italian units may not construct trenches west of hexrow 29xx "
                              "until 1917 or until a Central Powers unit occupies a hex in Italy "
                              "containing clear terrain.")


def trench_game(year: int = 1915, cp_at: str | None = None, start: bool = True) -> TestGame:
    date = GameDate(year, 6, 0)
    setup = (Placement("it-inf-xx-4", Hex(28, 18)), Placement("it-inf-xx-5", Hex(29, 18))) + (
        (Placement("ah-inf-xx-57", Hex.parse(cp_at)),) if cp_at else ())
    kw = dict(setup=setup, fortresses=(), markers=(), hq_supply_points={}, reinforcements=(),
              special_rules=(RULE_3_6,), first_turn=date, first_phase="trench-initiation",
              last_turn=GameDate(year, 6, 3))
    g = game(west=27, **kw)
    t = TestGame(g, g.scenarios["if-test"], date=date if start else GameDate(year, 6, 0),
                 phase="trench-initiation" if start else "trench-completion")
    if not start:
        t.next_phase()
    return t


def test_italian_trench_west_of_hexrow_29():
    t = trench_game()
    t.add_marker("construction", "2918")                   # hexrow 29: allowed
    assert check(t) == []
    step = t.add_marker("construction", "2818")            # west of it: not before 1917
    hit = of(check(t), "IF 3-6")
    assert len(hit) == 1 and hit[0].step == step and hit[0].hexes == ("2818",)
    assert "west of hexrow 29xx until 1917" in hit[0].message and "4 Inf XX" in hit[0].message


def test_italian_trench_ban_ends_in_1917_or_with_a_cp_unit_in_clear_italy():
    t = trench_game(year=1917)
    t.add_marker("construction", "2818")
    assert check(t) == []
    t2 = trench_game(cp_at="3316")                         # every hexside of 3316 is clear
    t2.add_marker("construction", "2818")
    assert check(t2) == []
    t3 = trench_game(cp_at="3218")                         # 3218 has a woods hexside
    t3.add_marker("construction", "2818")
    f = check(t3)
    assert violations(f) == [] and len(of(f, "IF 3-6", "undetermined")) == 1


def test_italian_trench_ban_in_a_continuation_log_is_undetermined():
    t = trench_game(start=False)
    t.add_marker("construction", "2818")
    f = check(t)
    assert violations(f) == []
    u = of(f, "IF 3-6", "undetermined")
    assert len(u) == 1 and "earlier Central Powers occupation" in u[0].message


def test_construction_marker_dragged_from_another_hex_is_undetermined():
    t = trench_game()
    t.add_marker("construction", "2918")
    t.move("construction", "2818")                           # dragged over from 2918
    f = check(t)
    assert violations(f) == []
    u = of(f, "IF 3-6", "undetermined")
    assert len(u) == 1 and "moved here from 2918" in u[0].message


def test_completing_a_construction_is_not_a_second_finding():
    t = trench_game()
    t.add_marker("construction", "2818")
    t.delete("construction")
    t.add_marker("trench", "2818")                         # 22-5 completion of the same site
    assert len(of(check(t), "IF 3-6")) == 1


# ------------------------------------------------------------------ the real Italian Front data

def _real():
    from modgen.model import load_game
    g = load_game("italian-front")
    return g, g.scenarios["if-1915-05"]


def test_real_if_3_6_construction_in_the_trentino_1915():
    g, sc = _real()
    t = TestGame(g, sc)                                    # 7 May 1915, Entente Movement Phase
    t.advance_to(GameDate(1915, 6, 0), "trench-initiation")
    assert check(t) == []
    step = t.add_marker("construction", "2122")            # under 25 and 30 Inf XX
    hit = of(check(t), "IF 3-6")
    assert len(hit) == 1 and hit[0].step == step and "west of hexrow 29xx until 1917" in hit[0].message


def test_real_25_6_bef_headquarters_arrives_with_7_sp():
    g, sc = _real()
    t = TestGame(g, sc)
    t.advance_to(GameDate(1915, 6, 1), "entente-reinforcement")
    t.arrive("gb-hq-xxxx-bef", "2122")
    t.next_phase()
    assert of(check(t), "25-6") == []                      # the pool piece holds its 7 SP
    t2 = TestGame(g, sc)
    t2.advance_to(GameDate(1915, 6, 1), "entente-reinforcement")
    t2.arrive("gb-hq-xxxx-bef", "2122")
    t2.set_supply_points("gb-hq-xxxx-bef", 0)
    step = t2.next_phase()
    hit = of(check(t2), "25-6")
    assert len(hit) == 1 and hit[0].step == step and "with 0 SP" in hit[0].message
    assert "gives it 7 SP" in hit[0].message


# ------------------------------------------------------------------ IF 6 mobilization (May 1915)

MOBILIZATION = (
    SpecialRule("6", "Mobilization completes 1 May 1915 (Italy): Infantry or Mountain Divisions "
                     "numbered 1-3; All 2-4 Brigades"),
    SpecialRule("6", "Mobilization completes 2 May 1915 (Italy): All other units"),
)


def mobilization_game(*, cp_at: str = "3518", first_phase: str = "en-movement") -> TestGame:
    setup = (Placement("it-inf-xx-1", Hex(30, 18)), Placement("it-inf-xx-4", Hex(30, 21)),
             Placement("ah-inf-xx-57", Hex.parse(cp_at)))
    return empty(setup=setup, special_rules=MOBILIZATION, first_phase=first_phase,
                 last_turn=GameDate(1915, 5, 3), phase=first_phase)


def test_unit_moves_only_once_mobilized():
    t = mobilization_game()
    t.move("it-inf-xx-1", "3017")                 # mobilized 1 May
    assert check(t) == []
    step = t.move("it-inf-xx-4", "3022")          # "all other units": 2 May
    hit = of(check(t), "IF 6")
    assert len(hit) == 1 and hit[0].step == step
    assert "4 Inf XX moved 3021→3022 on Turn 1 May 1915" in hit[0].message
    assert "completes mobilization on Turn 2 May 1915" in hit[0].message
    t2 = mobilization_game()
    t2.advance_to(GameDate(1915, 5, 2), "en-movement")
    t2.move("it-inf-xx-4", "3022")
    assert of(check(t2), "IF 6") == []


def test_unit_that_may_have_been_attacked_is_mobilized_undetermined():
    # scenario section 6: "Units that are attacked … immediately complete the mobilization
    # process". The combats of the log say who was attacked: a declared attack on the unit
    # mobilizes it; a die roll the log cannot tie to a hex leaves every unit next to the enemy
    # possibly attacked (undetermined); no roll at all, no attack
    near = str(next(h for h in Hex(30, 21).neighbours() if h.col == 31))
    for cp_at, combat, severity in ((near, "roll", "undetermined"), (near, None, "violation"),
                                    ("3518", "roll", "violation"), (near, "attack", None)):
        t = mobilization_game(cp_at=cp_at, first_phase="cp-reinforcement")
        t.next_phase(2)                           # CP Combat Phase
        if combat == "attack":
            t.declare("!attack 3021 with 57 Inf XX")
        if combat:
            t.roll("1d6", [3])
        t.next_phase(3)                           # to Entente movement
        step = t.move("it-inf-xx-4", "3022")
        r = check(t)
        f = of(r, "IF 6", severity) if severity else of(r, "IF 6") + of(r, "IF 6", "undetermined")
        if severity is None:
            assert f == [], (cp_at, combat, r)
            continue
        assert len(f) == 1 and f[0].step == step, (cp_at, combat, r)
        assert [x for x in violations(r) if x.rule == "IF 6"] == (f if severity == "violation"
                                                                   else [])


def test_unit_attacks_only_once_mobilized():
    # section 6: "Units are not available to move or attack until they have completed
    # mobilization"; 4 Inf XX completes it on turn 2 May
    near = str(next(h for h in Hex(30, 21).neighbours() if h.col == 31))

    def game(turn):
        t = mobilization_game(cp_at=near, first_phase="cp-reinforcement")
        t.advance_to(GameDate(1915, 5, turn), "en-combat")
        step = t.declare(f"!attack {near} with 4 Inf XX")
        t.roll("1d6", [3])
        t.next_phase()
        return step, of(check(t), "IF 6")
    step, hits = game(1)
    assert len(hits) == 1 and hits[0].step == step
    assert "4 Inf XX attacks" in hits[0].message
    assert "completes mobilization on Turn 2 May 1915 and may not attack" in hits[0].message
    assert game(2)[1] == []


def test_real_if_6_italian_division_moves_before_june_1915():
    g, sc = _real()
    t = TestGame(g, sc)                            # 7 May 1915, Entente Movement Phase
    t.move("it-inf-xx-35", "1723")                 # 35: mobilized 7 May
    assert of(check(t), "IF 6") == []
    step = t.move("it-inf-xx-25", "2123")          # 25: "all other units", 2 June 1915
    hit = of(check(t), "IF 6")
    assert len(hit) == 1 and hit[0].step == step and "Turn 2 June 1915" in hit[0].message


# ------------------------------------------------------------------ 27 / 23 placements

def placement_game(where: str, phase: str = "cp-movement", remove_division: bool = True):
    t = empty(phase=phase)
    t.place("ah-inf-xx-1", "3518")
    t.place("ah-inf-x-50", map_name="Central Powers Reinforcements")
    if remove_division:
        t.delete("ah-inf-xx-1")                              # 27-1: the division is removed…
    return t, t.arrive("ah-inf-x-50", where)                 # …and a component placed


def test_component_placed_where_its_division_was_is_not_a_reinforcement_violation():
    t, step = placement_game("3518")
    f = check(t)
    assert violations(f) == []
    u = of(f, "25-1", "undetermined")
    assert len(u) == 1 and u[0].step == step and "divisional breakdown in 3518 (27-1)" in u[0].message
    t, step = placement_game("3518", remove_division=False)   # placed first, division still there
    assert violations(check(t)) == []
    t, step = placement_game("3517")                          # nowhere near a division
    hit = of(check(t), "25-2")
    assert len(hit) == 1 and hit[0].step == step and "Reinforcement Arrival Phase" in hit[0].message
    t, step = placement_game("3518", phase="cp-combat")       # 27-1: in a Movement Phase only
    assert [x.rule for x in violations(check(t))] == ["25-2"]
