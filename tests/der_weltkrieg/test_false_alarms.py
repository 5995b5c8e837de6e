"""Issue 8, "legal play must never be called a violation": each false alarm found on main, as a
regression test (a legal game that must stay clean, and where the issue names one, the illegal
game that must still be found)."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import combat_game as cg  # noqa: E402

from modgen.model.types import GameDate, Placement, RailCapacity, ScheduleEntry  # noqa: E402

P = cg.P


check, of = cg.check, cg.of


def only(report, rule, severity="violation"):
    hits = of(report, rule, severity)
    assert len(hits) == 1, report.findings
    return hits[0]


FRANCE_1 = (RailCapacity("france", 1),)


def rail_game(capacity=FRANCE_1, setup=(P("fr-inf-xx-1", "2010"), P("fr-inf-xx-2", "2110"))):
    return cg.new(list(setup), first_phase="en-movement", hexsides=cg.RAIL_LINE,
                  rail_capacities=capacity)


# ------------------------------------------------------------------ an undeclared rail move

def test_undeclared_rail_move_is_undetermined_naming_the_missing_rail():
    t = rail_game()
    step = t.move("fr-inf-xx-1", "2710")            # 7 clear hexsides on foot: 7 MP, MA 4
    t.next_phase()
    r = check(t)
    assert of(r) == []
    f = only(r, "7-1", "undetermined")
    assert f.step == step and "!rail" in f.missing
    assert "legal as a rail move" in f.message and "2 MP by rail" in f.message


def test_undeclared_rail_move_beyond_the_rail_capacity_stays_a_violation():
    # the French network cannot be used this turn (capacity 0): only ground movement is left
    t = rail_game(capacity=(RailCapacity("france", 0),))
    t.move("fr-inf-xx-1", "2710")
    t.next_phase()
    f = only(check(t), "6-9")
    assert "7 MP spent, MA 4" in f.message


# ------------------------------------------------------------------ !rail for a unit not at its start

def test_rail_declared_for_a_unit_elsewhere_is_not_charged_to_the_capacity():
    t = rail_game()
    t.declare("!rail 2 Inf XX 2410-2510-2610")       # 2 Inf XX stands in 2110, not 2410
    t.declare("!rail 1 Inf XX 2010-2110-2210-2310")
    t.move("fr-inf-xx-1", "2310")
    t.next_phase()
    r = check(t)
    assert of(r, "8-1") == []                         # capacity 1: only the real rail move counts
    assert "2410, where the unit was not" in only(r, "7-2", "undetermined").message


# ------------------------------------------------------------------ ground movement before entraining

def test_ground_movement_before_entraining_is_counted():
    # 3 MP on foot (1910 → 1909 → 2009 → 2010), then rail: entrain 1 + 3 × 1/10 → 2 MP
    setup = [P("fr-inf-xx-1", "1910"), P("fr-inf-xx-2", "2110")]
    t = rail_game(setup=setup)
    t.move("fr-inf-xx-1", "1909", "2009", "2010")
    t.declare("!rail 1 Inf XX 2010-2110-2210-2310")   # 3 + 2 = 5 > MA 4
    t.move("fr-inf-xx-1", "2310")
    t.next_phase()
    f = only(check(t), "6-9")
    assert "MA 4" in f.message and "3 MP on foot" in f.message
    t = rail_game(setup=setup)
    t.move("fr-inf-xx-1", "2010")                     # 1 MP on foot, 2 by rail: legal
    t.declare("!rail 1 Inf XX 2010-2110-2210-2310")
    t.move("fr-inf-xx-1", "2310")
    t.next_phase()
    assert of(check(t)) == []


# ------------------------------------------------------------------ Column Movement as the reason

def test_column_movement_that_makes_a_move_legal_is_an_info_line():
    t = rail_game(setup=[P("fr-inf-xx-1", "2015")])
    step = t.move("fr-inf-xx-1", "2016", "2017", "2018", "2019", "2020", "2021")   # 6 MP, MA 4
    t.next_phase()
    r = check(t)
    assert of(r) == [] and of(r, severity="undetermined") == []
    f = only(r, "6-10", "info")
    assert f.step == step and "6 MP" in f.message and "Column MA 6" in f.message
    assert "MA 4" in f.message


# ------------------------------------------------------------------ 27-1 breakdown in an enemy ZOC

def test_divisional_breakdown_in_an_enemy_zoc_is_not_a_25_3_violation():
    setup = [P("de-inf-xx-9", "2009"), P("fr-inf-xx-1", "2010"), cg.Pool("de-inf-x-2")]
    t = cg.new(setup, first_phase="cp-movement")
    t.delete("de-inf-xx-9")                           # 27-1: the division breaks down …
    t.arrive("de-inf-x-2", "2009")                    # … into its components, in the EZOC
    t.next_phase()
    r = check(t)
    assert of(r, "25-3") == [] and of(r, "25-2") == []
    assert "27-1" in only(r, "25-1", "undetermined").message
    # a real reinforcement placed in the EZOC stays a violation
    g = cg.game(setup, first_phase="cp-reinforcement", reinforcements=(
        ScheduleEntry(GameDate(1915, 6, 1), "1 June 1915", "germany",
                      arrivals=(Placement("de-inf-x-2", None, location="any"),)),))
    t = cg.new(setup, first_phase="cp-reinforcement", reinforcements=g.scenarios["t"].reinforcements)
    t.arrive("de-inf-x-2", "2011")
    t.next_phase()
    assert "enemy-controlled" in only(check(t), "25-3").message


# ------------------------------------------------------------------ arrival places as data (25-2)

def test_reinforcement_arrival_places_are_data_and_checked():
    from modgen.model import load_game
    from modgen.testing import TestGame
    game = load_game("italian-front")
    sc = game.scenarios["if-1915-05"]
    (p,) = [p for e in sc.reinforcements for p in e.arrivals if p.counter == "ah-inf-xx-44"]
    assert [str(x) for x in p.places] == ["any city of austria-hungary",
                                          "a map-edge rail hex of austria-hungary"]

    def arrive(h):
        t = TestGame(game, sc)
        t.advance_to(GameDate(1915, 6, 5), "cp-reinforcement")
        step = t.arrive("ah-inf-xx-44", h)
        t.next_phase()
        return step, [f for f in check(t).findings if f.rule == "25-2"]
    step, bad = arrive("1421")                        # Milano: an Italian city (15-12)
    assert len(bad) == 1 and bad[0].severity == "violation" and bad[0].step == step
    assert "arrived in Milano 1421 (italy, a city)" in bad[0].message
    assert arrive("3616")[1] == []                    # Ljubljana, an A-H city
    assert arrive("4217")[1] == []                    # a map-edge rail hex in Austria-Hungary
    it = [p for s in game.scenarios.values() for e in s.reinforcements for p in e.arrivals
          if p.location and "15-18" in p.location]
    assert it and all([str(x) for x in p.places] == ["1421", "2326", "a map-edge rail hex of italy"]
                      for p in it)


def test_arrival_places_are_validated():
    from modgen.model.scenario import PLACEMENT, _Scn
    from modgen.model.validate import FileCtx
    from modgen.model import load_game
    g = load_game("italian-front")
    ctx = FileCtx("x.yaml", [])
    s = _Scn(ctx, g.nations, list(g.sides), g.maps, g.counters, g.markers, tuple(g.maps), None)
    s.scenario_maps = ("6-4",)
    item = {"counter": "ah-inf-xx-44", "places": [{"city": "narnia"}, {"hex": "1421", "city": "italy"},
                                                  {"map_edge_rail": "italy"}, {"hex": "9999"}]}
    p = s.placement(item, 1, "arrivals[0]", need_hex=False)
    msgs = [e.message if hasattr(e, "message") else str(e) for e in ctx.errors]
    assert any("unknown nation 'narnia'" in m for m in msgs)
    assert any("exactly one of hex, city, map_edge_rail" in m for m in msgs)
    assert any("9999" in m for m in msgs)
    assert [str(x) for x in p.places] == ["a map-edge rail hex of italy"]
    assert "places" in PLACEMENT.fields


# ------------------------------------------------------------------ the engineers' notes (HQ MA, one-sided flips)

def test_hq_moves_are_judged_against_a_placeholder_ma_and_never_violate():
    """HQ counters print no Movement Allowance (6-3 moves them up to it; Figure 1 shows only a
    flag): every HQ move was a 6-1 undetermined. The data now give HQs a placeholder MA of 4
    (``hq_movement`` in the counter files, provenance placeholder): a move within it is clean, one
    beyond it is undetermined naming the placeholder, never a violation."""
    from dataclasses import replace
    from modgen.model import load_game
    from modgen.model.types import Provenance
    game = load_game("italian-front")
    hqs = [c for c in game.counters.values() if c.type == "hq"]
    assert hqs and all(c.front.movement == 4 and c.front_placeholder
                       and c.provenance.kind == "placeholder" for c in hqs)
    real = game.counters["it-hq-xxxx-1st"]
    assert "print no movement allowance for Headquarters" in real.provenance.reason
    # the test map has no rail line, so no rail move can explain an HQ's long move
    hq = next(c for c in cg.COUNTERS if c.id == "fr-hq-xxxx-6th")
    cg.COUNTERS.append(replace(hq, id="fr-hq-xxxx-ph", designation="ph", front_placeholder=True,
                               provenance=Provenance("placeholder", real.provenance.reason)))
    try:
        def hq_move(n):
            t = cg.new([P("fr-hq-xxxx-ph", "1911")], first_phase="en-movement")
            t.move("fr-hq-xxxx-ph", *[f"19{12 + i}" for i in range(n)])
            t.next_phase()
            return [f for f in check(t).findings if f.severity != "info"]
        assert hq_move(4) == []                                     # 4 MP of clear
        (f,) = hq_move(5)                                           # beyond the placeholder MA
        assert f.severity == "undetermined" and f.rule == "6-9"
        assert "MA 4 of ph HQ XXXX is a placeholder" in f.message
        assert f.missing.startswith("the printed value (MA 4 of ph HQ XXXX is a placeholder: ")
        assert "print no movement allowance for Headquarters" in f.missing
        assert [p.what for p in f.placeholders] == ["MA 4 of ph HQ XXXX"]
    finally:
        cg.COUNTERS.pop()


def test_testgame_refuses_to_flip_or_reduce_a_one_sided_counter():
    import pytest
    from modgen.errors import ModgenError
    t = cg.new([P("de-hq-xxxx-2nd", "2110"), P("fr-inf-xx-1", "2010")])
    with pytest.raises(ModgenError, match="has no reduced side: a one-sided counter cannot be flipped"):
        t.flip("de-hq-xxxx-2nd")
    t.flip("fr-inf-xx-1")                                            # a two-sided unit flips
    with pytest.raises(ModgenError, match="has no reduced side: it cannot be placed reduced"):
        cg.new([P("fr-fort-3", "2010", reduced=True)])
