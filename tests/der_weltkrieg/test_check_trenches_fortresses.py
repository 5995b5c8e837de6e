"""Trenches (22-1..22-5, 22-10, 22-12, 22-14) and fortress removal (21-8, 21-9) through
``modgen check`` on scripted games on map 6-4: a legal game (clean) and an illegal one per rule."""
from __future__ import annotations

from modgen.check.engine import check_log
from modgen.check.logread import parse_log
from modgen.testing import TestGame
from modgen.model import load_game
from modgen.model.types import GameDate

GAME = load_game("italian-front")
MAY = GAME.scenarios["if-1915-05"]
MINE = {"22-1", "22-2", "22-3", "22-4", "22-5", "22-10", "22-12", "22-14", "21-8", "21-9"}


def check(t):
    return check_log(parse_log(t.text()), t.game, MAY)


def found(t, severity="violation"):
    return [f for f in check(t).findings if f.rule in MINE and f.severity == severity]


def isonzo() -> TestGame:
    """An A-H brigade in 3218 (clear hexsides to the Italian division in 3118) and one in 3317
    (only mountain hexsides to the Italian unit in 3217)."""
    t = TestGame(GAME, MAY, setup=False)
    t.place("ah-inf-x-181", "3218")
    t.place("it-inf-xx-25", "3118")
    t.place("ah-inf-x-180", "3317")
    t.place("it-inf-xx-30", "3217")
    return t


def initiation(t: TestGame) -> TestGame:
    t.advance_to(GameDate(1915, 6, 0), "trench-initiation")
    return t


def test_22_1_construction_in_the_initiation_phase_under_a_builder():
    t = initiation(isonzo())
    t.add_marker("construction", "3218")
    t.next_phase()
    assert found(t) == []
    wrong = isonzo()
    wrong.advance_to(GameDate(1915, 6, 1), "cp-movement")
    step = wrong.add_marker("construction", "3218")
    hit = found(wrong)
    assert [f.rule for f in hit] == ["22-1"] and hit[0].step == step
    assert "construction begins in the Trench Construction Initiation Phase" in hit[0].message
    nobody = initiation(isonzo())
    nobody.add_marker("construction", "3018")
    hit = found(nobody)
    assert [f.rule for f in hit[:1]] == ["22-1"]
    assert "no Infantry, Assault, Mountain or Marine unit stands" in hit[0].message


def test_22_22_optional_start_of_a_turn():
    t = isonzo()
    t.advance_to(GameDate(1915, 6, 1), "cp-reinforcement")
    t.declare("!optional 22-22")
    t.add_marker("construction", "3218")
    assert [f for f in found(t) if f.rule == "22-1"] == []


def test_22_2_mountain_only_towards_the_enemy():
    t = initiation(isonzo())
    t.add_marker("construction", "3317")
    hit = found(t)
    assert [f.rule for f in hit] == ["22-2"]
    assert "mountain is the only terrain between it and the enemy in 3217" in hit[0].message


def test_22_3_construction_markers_never_move():
    t = initiation(isonzo())
    t.add_marker("construction", "3218")
    t.move("construction", "3118")          # dragged away…
    t.move("construction", "3218")          # …and back: no finding
    t.next_phase()
    assert found(t) == []
    bad = initiation(isonzo())
    bad.add_marker("construction", "3218")
    bad.move("construction", "3317")
    end = bad.next_phase()
    hit = [f for f in found(bad) if f.rule == "22-3"]
    assert len(hit) == 1 and hit[0].step == end
    assert "the Construction marker of 3218 ends the phase in 3317" in hit[0].message


def test_22_4_marker_without_a_builder_and_22_5_completion():
    t = initiation(isonzo())
    t.add_marker("construction", "3218")
    t.advance_to(GameDate(1915, 7, 0), "trench-completion")
    t.delete("construction")
    t.add_marker("trench", "3218")          # 22-5: the construction completes
    t.next_phase()
    assert found(t) == []
    left = initiation(isonzo())
    left.add_marker("construction", "3218")
    left.advance_to(GameDate(1915, 6, 1), "cp-movement")
    left.move("ah-inf-x-181", "3318")       # the builder leaves: the marker must go (22-4)
    end = left.next_phase()
    hit = found(left)
    assert [f.rule for f in hit] == ["22-4"] and hit[0].step == end
    assert "the Construction marker in 3218 is in a hex without a unit of the Central Powers" in hit[0].message
    kept = initiation(isonzo())
    kept.add_marker("construction", "3218")
    kept.advance_to(GameDate(1915, 7, 0), "trench-completion")
    end = kept.next_phase()                 # never turned into a trench
    hit = found(kept)
    assert [f.rule for f in hit] == ["22-5"] and hit[0].step == end
    early = isonzo()
    early.advance_to(GameDate(1915, 6, 1), "cp-movement")
    early.add_marker("trench", "3218")      # a trench with no construction (22-5)
    hit = found(early)
    assert [f.rule for f in hit] == ["22-5"]
    assert "Trench markers replace Construction markers in the Trench Construction Completion Phase" \
        in hit[0].message


def test_22_12_enemy_in_a_trench_hex_makes_devastation():
    t = isonzo()
    t.place_marker("trench", "3218")         # an A-H trench of the set-up
    t.advance_to(GameDate(1915, 6, 1), "cp-movement")
    t.move("ah-inf-x-181", "3318")           # vacated: the trench stays (22-12, from April 1915)
    t.next_phase(3)                          # to the Entente Reinforcement Phase
    t.next_phase()                           # Entente Movement
    t.move("it-inf-xx-25", "3218")           # the Italians occupy it
    t.delete("trench")
    t.add_marker("devastation", "3218")      # 22-12: it becomes devastation
    t.next_phase()
    assert found(t) == []
    bad = isonzo()
    bad.place_marker("trench", "3218")
    bad.advance_to(GameDate(1915, 6, 1), "cp-movement")
    bad.move("ah-inf-x-181", "3318")
    bad.next_phase(4)
    bad.move("it-inf-xx-25", "3218")
    end = bad.next_phase()
    hit = found(bad)
    assert [f.rule for f in hit] == ["22-12"] and hit[0].step == end
    assert "built by the Central Powers, is occupied by 25 Inf XX" in hit[0].message
    dev = isonzo()
    dev.advance_to(GameDate(1915, 6, 1), "cp-movement")
    dev.add_marker("devastation", "3118")     # no trench there: 22-10
    assert [f.rule for f in found(dev)] == ["22-10"]


def trench_completed_on_devastation():
    """A construction begun in June 1915 in 3218, where a Devastation marker stands, completed
    (Construction marker swapped for a Trench) in the July Trench Completion Phase, which is
    still running."""
    t = isonzo()
    t.place_marker("devastation", "3218")
    t.advance_to(GameDate(1915, 6, 0), "trench-initiation")
    t.add_marker("construction", "3218")
    t.advance_to(GameDate(1915, 7, 0), "trench-completion")
    t.delete("construction")
    t.add_marker("trench", "3218")
    return t


def test_22_14_completion_replaces_devastation():
    t = trench_completed_on_devastation()
    end = t.next_phase()
    hit = found(t)
    assert [f.rule for f in hit] == ["22-14"] and hit[0].step == end
    ok = isonzo()
    ok.place_marker("devastation", "3218")
    ok.advance_to(GameDate(1915, 6, 0), "trench-initiation")
    ok.add_marker("construction", "3218")
    ok.advance_to(GameDate(1915, 7, 0), "trench-completion")
    ok.delete("construction")
    ok.delete("devastation")
    ok.add_marker("trench", "3218")
    ok.next_phase()
    assert found(ok) == []


# ------------------------------------------------------------------ fortresses 21-8 / 21-9

def fortress_game() -> TestGame:
    t = TestGame(GAME, MAY, setup=False)
    t.place("ah-fort-8", "2118")
    t.place("ah-inf-x-181", "2118")
    for spare in ("ah-fort-2", "ah-fort-4", "ah-inf-xx-rpl-2-croat", "ah-inf-xx-rpl-3"):
        t.place(spare)                            # in the counter pool, off the map
    return t


def test_21_8_abandon_only_in_the_owners_movement_phase():
    t = fortress_game()
    t.advance_to(GameDate(1915, 6, 1), "cp-movement")
    t.delete("ah-fort-8")
    t.next_phase()
    assert found(t) == []
    bad = fortress_game()
    bad.advance_to(GameDate(1915, 6, 1), "cp-replacement")
    step = bad.delete("ah-fort-8")
    bad.next_phase()
    hit = found(bad)
    assert [f.rule for f in hit] == ["21-8"] and hit[0].step == step
    assert "may be abandoned only in its owner's Movement Phase" in hit[0].message
    enemy = fortress_game()
    enemy.advance_to(GameDate(1915, 6, 1), "entente-movement")
    enemy.delete("ah-fort-8")
    enemy.next_phase()
    assert [f.rule for f in found(enemy)] == ["21-8"]


def _ringed(h: str) -> TestGame:
    from modgen.hexgrid import Hex
    t = TestGame(GAME, MAY, setup=False)
    t.place("ah-fort-8", h)
    ring = ["it-inf-xx-25", "it-inf-xx-30", "it-inf-xx-35", "it-inf-xx-6", "it-mtn-xx-5",
            "it-inf-xx-9"]
    for cid, n in zip(ring, Hex.parse(h).neighbours()):
        t.place(cid, str(n))
    t.advance_to(GameDate(1915, 6, 1), "cp-movement")
    return t


def test_21_8_a_surrounded_fortress_may_not_be_abandoned():
    t = _ringed("2218")                      # ringed by six Italian units: no line of communication
    step = t.delete("ah-fort-8")
    t.next_phase()
    hit = found(t)
    assert [f.rule for f in hit] == ["21-8"] and hit[0].step == step
    assert "a surrounded fortress may not be abandoned" in hit[0].message
    # in Trient (a city: perhaps a country interior, 20-1) the verdict is undetermined
    city = _ringed("2118")
    city.delete("ah-fort-8")
    city.next_phase()
    assert found(city) == []
    u = found(city, "undetermined")
    assert [f.rule for f in u] == ["21-8"] and "country interiors are not in the map data" in u[0].missing


def test_21_9_reduction_gives_a_third_in_rpl():
    t = fortress_game()
    t.advance_to(GameDate(1915, 6, 1), "cp-movement")
    t.delete("ah-fort-8")
    t.arrive("ah-fort-2", "2118")                 # reduced to 2: 6 SP removed → 2 RPL SP
    t.arrive("ah-inf-xx-rpl-2-croat", "2118")
    t.next_phase()
    assert found(t) == []
    bad = fortress_game()
    bad.advance_to(GameDate(1915, 6, 1), "cp-movement")
    bad.delete("ah-fort-8")
    bad.arrive("ah-fort-4", "2118")               # 4 removed → 1 or 2 RPL SP; 3 placed
    bad.arrive("ah-inf-xx-rpl-3", "2118")
    bad.next_phase()
    hit = found(bad)
    assert [f.rule for f in hit] == ["21-9"]
    assert "21-9 gives one third of the strength removed (4/3: 1 or 2)" in hit[0].message


def test_a_marker_removed_and_put_back_is_a_correction():
    t = isonzo()
    t.place_marker("trench", "3218")
    t.advance_to(GameDate(1915, 6, 1), "cp-movement")
    t.delete("trench")
    t.add_marker("trench", "3218")            # put back in the same phase: no 22-5 finding
    t.next_phase()
    assert found(t) == []


# ------------------------------------------------ the trench state's indexes (markers by home)

def test_a_moved_construction_completes_only_at_its_new_home():
    """22-3 moves the Construction marker's home to where it ended the phase: a Trench marker
    then completes it there, and is no completion in the hex it left (an index of the markers by
    home that kept the old hex would answer both wrongly)."""
    t = initiation(isonzo())
    t.add_marker("construction", "3218")
    t.move("construction", "3317")            # ends the phase away from home: 22-3, rehomed
    t.advance_to(GameDate(1915, 7, 0), "trench-completion")
    stray = t.add_marker("trench", "3218")    # nothing is under construction in 3218 any more
    t.add_marker("trench", "3317")            # the construction completes where it now stands
    t.delete("construction")
    t.next_phase()
    hit = found(t)
    assert [f.rule for f in hit] == ["22-3", "22-5"]
    assert hit[1].step == stray and "no construction was begun there" in hit[1].message
    assert "3218" in hit[1].message


def test_a_removed_construction_is_gone_from_the_index():
    """A Construction marker taken off in an earlier phase leaves nothing for a later Trench
    marker to complete (22-5)."""
    t = initiation(isonzo())
    t.add_marker("construction", "3218")
    t.next_phase()
    t.delete("construction")                  # abandoned in a later phase
    t.advance_to(GameDate(1915, 7, 0), "trench-completion")
    step = t.add_marker("trench", "3218")
    hit = found(t)
    assert [f.rule for f in hit] == ["22-5"] and hit[0].step == step
    assert "no construction was begun there" in hit[0].message


def test_22_14_forgets_a_completed_trench_that_was_removed():
    """22-14 at the next Completion Phase: the trench completed beside the Devastation marker
    was taken off since, so only the first Completion Phase gives a finding."""
    t = trench_completed_on_devastation()
    first = t.next_phase()
    t.advance_to(GameDate(1915, 7, 1), "cp-movement")
    t.delete("trench")
    t.advance_to(GameDate(1915, 8, 0), "trench-completion")
    t.next_phase()
    hit = [f for f in found(t) if f.rule == "22-14"]
    assert [f.step for f in hit] == [first]


def test_many_markers_each_judged_in_its_own_hex():
    """Sixty Trench markers of the set-up on an empty map and one moved: the phase end judges
    the moved one (22-5) and none of the others, whose hexes did not change."""
    t = TestGame(GAME, MAY, setup=False)
    t.place("ah-inf-x-181", "3218")
    t.place("it-inf-xx-25", "3118")
    hexes = [f"{c:02d}{r:02d}" for c in range(30, 36) for r in range(20, 30)]
    ids = [t.place_marker("trench", h) for h in hexes]
    t.advance_to(GameDate(1915, 6, 1), "cp-movement")
    t.move(ids[7], "3218")
    end = t.next_phase()
    hit = found(t)
    assert [(f.rule, f.step) for f in hit] == [("22-5", end)]
    assert f"the Trench marker of {hexes[7]} ends the phase in 3218" in hit[0].message


def test_22_4_again_at_the_completion_phase_for_a_marker_left_without_a_builder():
    """A Construction marker left without a builder is found at the end of the phase (22-4) and
    again at the end of the Completion Phase, though its hex did not change in between; one whose
    builder came back is not."""
    t = initiation(isonzo())
    t.add_marker("construction", "3218")
    t.advance_to(GameDate(1915, 6, 1), "cp-movement")
    t.move("ah-inf-x-181", "3318")
    first = t.next_phase()
    t.advance_to(GameDate(1915, 7, 0), "trench-completion")
    last = t.next_phase()
    hit = found(t)
    assert [(f.rule, f.step) for f in hit] == [("22-4", first), ("22-4", last), ("22-5", last)]
    back = initiation(isonzo())
    back.add_marker("construction", "3218")
    back.advance_to(GameDate(1915, 6, 1), "cp-movement")
    back.move("ah-inf-x-181", "3318")
    first = back.next_phase()
    back.advance_to(GameDate(1915, 6, 2), "cp-movement")
    back.move("ah-inf-x-181", "3218")
    back.advance_to(GameDate(1915, 7, 0), "trench-completion")
    last = back.next_phase()
    assert [(f.rule, f.step) for f in found(back)] == [("22-4", first), ("22-5", last)]
