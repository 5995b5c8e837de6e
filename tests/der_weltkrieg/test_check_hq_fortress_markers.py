"""Rules docs/rules-coverage.md marks enforced "with movement, ZOC and stacking" — HQs and
fortresses exert no ZOC and do not stack (18-2, 18-5, 21-2, 21-6), trench and devastation markers
cost 2 MP to enter (22-6, 22-13), an HQ enters such a hex only with a friendly Engineer (or an
Operative rail line) there (18-3) — each as a legal and an illegal scripted game through
``modgen check`` (their positional maths: test_rules_movement, test_rules_zoc_stacking)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import combat_game as cg  # noqa: E402


P = cg.P


check, of = cg.check, cg.of


@pytest.fixture
def german_fortress():
    fort = cg._c("de-fort-3", "germany", "fortress", "", "3", 3, None)
    cg.COUNTERS.append(fort)
    yield fort.id
    cg.COUNTERS.remove(fort)


# ------------------------------------------------------------------ 18-2, 21-2: no ZOC

@pytest.mark.parametrize("beside", ["de-hq-xxxx-2nd", "de-fort-3"])
def test_18_2_21_2_hqs_and_fortresses_exert_no_zoc(beside, german_fortress):
    """A French 4-4 walks 2010 → 2011 → 2012 → 2013 past 2112: 3 MP beside a German HQ or
    fortress; beside a German division the same path enters and leaves its ZOC, 5 MP of MA 4
    (no Column Movement into an EZOC)."""
    def walk(unit):
        t = cg.new([P("fr-inf-xx-1", "2010"), P(unit, "2112")], first_phase="en-movement")
        t.move("fr-inf-xx-1", "2011", "2012", "2013")
        t.next_phase()
        return check(t)
    r = walk(beside)
    assert of(r) == [] and of(r, severity="undetermined") == [] and of(r, "6-10", "info") == []
    (f,) = of(walk("de-inf-xx-9"))
    assert f.rule == "6-9" and "5 MP spent, MA 4" in f.message
    assert "2011→2012 clear 1 + leave EZOC 1 + enter EZOC 1 = 3" in f.message


# ------------------------------------------------------------------ 18-5, 21-6: no stacking

DIVISIONS = ["de-inf-xx-8", "de-inf-xx-9", "de-inf-xx-7", "de-inf-xx-5", "de-inf-xx-10", "de-inf-xx-6"]


def test_18_5_21_6_hqs_and_fortresses_do_not_count_for_stacking(german_fortress):
    """Six divisions (the limit, 11-1) end the phase in 2010 with a German HQ and a fortress:
    legal; a seventh unit there (the 2-4 brigade: ½) is one too many whatever the HQ and fortress."""
    def stack(extra=()):
        units = DIVISIONS + list(extra)
        t = cg.new([P("de-hq-xxxx-2nd", "2010"), P(german_fortress, "2010")]
                   + [P(u, "2011") for u in units], first_phase="cp-movement")
        for u in units:
            t.move(u, "2010")
        t.next_phase()
        return check(t)
    assert of(stack()) == []
    (f,) = of(stack(["de-inf-x-2"]))
    assert f.rule == "11-1" and "6 1/2 divisions in 2010 (limit 6)" in f.message


# ------------------------------------------------------------------ 22-6, 22-13: +2 MP to enter

@pytest.mark.parametrize("marker", ["trench", "devastation"])
def test_22_6_22_13_entering_a_marked_hex_costs_two_more(marker):
    """A 4-4 walking three clear hexes spends 3 MP; with the marker on the third, 1 + 1 + 3 = 5
    (legal only as Column Movement, the report's info line); on the first two, 3 + 3 + 1 = 7:
    beyond even the Column MA 6."""
    def walk(*marked):
        t = cg.new([P("fr-inf-xx-1", "2010")], first_phase="en-movement")
        for h in marked:
            t.place_marker(marker, h)
        t.move("fr-inf-xx-1", "2011", "2012", "2013")
        t.next_phase()
        return check(t)
    r = walk()
    assert of(r) == [] and of(r, "6-10", "info") == []
    r = walk("2013")
    assert of(r) == []
    (f,) = of(r, "6-10", "info")
    assert "5 MP spent, MA 4: legal as Column Movement" in f.message
    (f,) = of(walk("2011", "2012"))
    assert f.rule == "6-9" and "7 MP spent, MA 4" in f.message
    assert f"2010→2011 clear 1 + {marker} 2 = 3; 2011→2012 clear 1 + {marker} 2 = 3" in f.message


# ------------------------------------------------------------------ 18-3: HQs into trench hexes

def test_18_3_an_hq_enters_a_trench_hex_only_with_a_friendly_engineer_there():
    def move_hq(engineer):
        setup = [P("fr-hq-xxxx-6th", "2010")] + ([P("fr-eng-iii-1", "2011")] if engineer else [])
        t = cg.new(setup, first_phase="en-movement")
        t.place_marker("trench", "2011")
        step = t.move("fr-hq-xxxx-6th", "2011")
        t.next_phase()
        return step, check(t)
    _s, r = move_hq(engineer=True)
    assert of(r) == [] and of(r, severity="undetermined") == []
    step, r = move_hq(engineer=False)
    (f,) = of(r)
    assert f.rule == "18-3" and f.step == step
    assert "6th HQ XXXX: an HQ may enter the trench/devastation hex 2011 only with an Operative " \
        "rail line there, or a friendly Engineer there" in f.message
