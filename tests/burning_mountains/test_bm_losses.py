"""After a combat, through ``modgen check`` on scripted logs: the CE reductions each side applies
against the TdP (9.4.2, 10.2, WE-BM-09 through a log), the retreat guidelines and their +2
(9.2.1), the minor river (9.2.3). The TdP and the CRT are placeholders: the counts they give are
undetermined when not met; the spread, the withheld units, the guidelines and the river do not
depend on them."""
from __future__ import annotations

import pytest

from bm_game import check, combat_notes, fresh, rules_of


def _attack(g, target, *refs, roll=(3, 3, 3)):
    g.declare(f"!attack {target} with {', '.join(refs)}")
    g.combat_roll(*roll)


def _marker(g, where) -> str:
    """A CE -1 marker dragged from the palette onto ``where``: its piece id."""
    before = set(g.pieces)
    g.add_marker("ce", where)
    [pid] = set(g.pieces) - before
    return pid


def _duel(roll=(4, 3, 5)):
    """Sassari (2215) attacked by 55 Inf X (2214) at 1:1: with (4, 3, 5) the placeholder CRT gives
    -/+1 and the placeholder TdP 1 reduction to the attacker, 2 to the defender."""
    g = fresh(3, "ah", "combat")
    g.place("it-inf-x-sassari", "2215")
    g.place("ah-inf-x-55", "2214")
    _attack(g, "2215", "2214", roll=roll)
    return g


def _combat(r):
    [c] = r.combats
    return c


def _loss_line(c, role):
    [line] = [x for x in c.after_lines if x.startswith(f"losses (9.4.2, 10.2): {role}")]
    return line


# WE-BM-09 9.4.2 / 10.2 through a log: a 2-step unit's reductions 1 .. 6 as the players show them
LADDER = {1: "full, CE -1", 2: "full, CE -2", 3: "reduced, CE 0", 4: "reduced, CE -1", 5: "reduced, CE -2",
          6: "eliminated"}


@pytest.mark.parametrize("n", sorted(LADDER))
def test_we_bm_09_reductions_read_from_the_log(tmp_path, n):
    g = _duel()
    _marker(g, "2214")                                    # the attacker's one reduction on 55 Inf X
    if n in (1, 2):
        m = _marker(g, "2215")
        if n == 2:
            g.flip(m)                                     # -1 flipped to -2
    elif n in (3, 4, 5):
        g.flip("it-inf-x-sassari")                        # the third: a step lost, no marker
        if n >= 4:
            m = _marker(g, "2215")
            if n == 5:
                g.flip(m)
    else:
        g.eliminate("it-inf-x-sassari")                   # the sixth: the second step
    g.next_phase()
    r = check(g, tmp_path)
    c = _combat(r)
    line = _loss_line(c, "defender")
    assert f"due 2 (2 TdP, placeholder TdP), applied {n}: Sassari Inf X: full, CE 0 -> {LADDER[n]}" in line
    assert "attacker due 1 (1 TdP, placeholder TdP), applied 1: 55 Inf X: full, CE 0 -> full, CE -1" in \
        _loss_line(c, "attacker")
    counts = [f for f in r.findings if f.rule == "9.4.2"]
    if n == 2:
        assert counts == [] and r.violations == []
    else:                                                 # the table is a placeholder: never a violation
        [f] = counts
        assert f.severity == "undetermined" and f"applied {n} CE reduction(s)" in f.message
        assert "the TdP gives 2" in f.message and "Loss Results Table" in f.missing
    steps = {3: 1, 4: 1, 5: 1, 6: 2}.get(n, 0)            # 10.2 step losses count for the VP (14.0)
    vp = r.end_of_game.summary
    assert f"Italian steps eliminated {steps} " in vp


def _two_defenders():
    """Sassari and Liguria (2215) attacked by 55 Inf X (2214) and 56 Inf X (2315): 8 vs 8, Large; with
    (4, 3, 5) the placeholder TdP gives the attacker 2 and the defender 3."""
    g = fresh(3, "ah", "combat")
    g.place("it-inf-x-sassari", "2215")
    g.place("it-inf-x-liguria", "2215")
    g.place("ah-inf-x-55", "2214")
    g.place("ah-inf-x-56", "2315")
    _attack(g, "2215", "2214", "2315", roll=(4, 3, 5))
    _marker(g, "2214")
    _marker(g, "2315")
    return g


def test_reductions_spread_evenly_legal(tmp_path):
    g = _two_defenders()
    g.flip(_marker(g, "2215"))                            # -2 on one, -1 on the other (who is who:
    _marker(g, "2215")                                    # not told apart in the stack, 3 in all)
    g.next_phase()
    r = check(g, tmp_path)
    assert "defender due 3 (3 TdP, placeholder TdP), applied 3" in _loss_line(_combat(r), "defender")
    assert "attacker due 2 (2 TdP, placeholder TdP), applied 2" in _loss_line(_combat(r), "attacker")
    assert not [f for f in r.findings if f.rule == "9.4.2"]


def test_reductions_not_spread_evenly(tmp_path):
    g = _two_defenders()
    g.flip("it-inf-x-sassari")                            # all three on Sassari, none on Liguria
    g.next_phase()
    r = check(g, tmp_path)
    [f] = [f for f in r.findings if f.rule == "9.4.2"]
    assert f.severity == "violation" and "not spread evenly" in f.message
    assert "Sassari Inf X took 3 reductions while Liguria Inf X took 0" in f.message


def test_withheld_units_take_no_reductions(tmp_path):
    def game(flip_withheld):
        g = fresh(3, "ah", "combat")
        for cid in ("it-inf-x-sassari", "it-inf-x-liguria", "it-inf-iii-bers8"):
            g.place(cid, "2215")
        g.place("ah-inf-x-55", "2214")
        g.declare("!withhold 2215 8 Bers.")
        _attack(g, "2215", "2214", roll=(4, 3, 5))
        if flip_withheld:
            g.flip("it-inf-iii-bers8")
        g.next_phase()
        return g
    assert "9.4.2" not in rules_of(check(game(False), tmp_path, "a.vlog"), "violation")
    r = check(game(True), tmp_path, "b.vlog")
    [f] = [f for f in r.findings if f.rule == "9.4.2" and f.severity == "violation"]
    assert "8 Bers. Inf III was withheld" in f.message and "may not be allocated" in f.message


def test_ce_never_improves_after_a_combat(tmp_path):
    g = fresh(3, "ah", "combat")
    g.place("it-inf-x-sassari", "2215")
    m = g.place_marker("ce", "2215")                      # Sassari starts at CE -1
    g.place("ah-inf-x-55", "2214")
    _attack(g, "2215", "2214", roll=(4, 3, 5))
    g.delete(m)                                           # the marker taken off after the combat
    g.next_phase()
    r = check(g, tmp_path)
    [f] = [f for f in r.findings if f.rule == "9.4.2" and f.severity == "violation"]
    assert "went from full, CE -1 to full, CE 0" in f.message and "10.3" in f.message


def test_log_ending_before_the_losses_judges_nothing_untaken(tmp_path):
    r = check(_duel(), tmp_path)
    assert r.findings == []
    assert any("the log ends in this combat's phase" in x for x in _combat(r).after_lines)


# 9.2.1 the retreat guidelines (R1 at 1:1 with 8 on the CRT dice; the Italian sources: the south edge)

def _retreat(to, *others, roll=(4, 4, 5), declare=None):
    g = fresh(3, "ah", "combat")
    g.place("it-inf-x-sassari", "2215")
    g.place("ah-inf-x-55", "2214")                        # its ZOC: 2115, 2315 (and 2215)
    for cid, h in others:
        g.place(cid, h)
    _attack(g, "2215", "2214", roll=roll)
    if declare:
        g.declare(declare)
    g.move("it-inf-x-sassari", *to)
    g.next_phase()
    return g


def test_retreat_toward_the_supply_source_out_of_the_ezoc(tmp_path):
    r = check(_retreat(["2216"]), tmp_path)
    assert not [f for f in r.findings if f.rule.startswith("9.2")]
    assert "retreat guidelines (9.2.1): met" in combat_notes(r)[0]


def test_retreat_into_an_empty_ezoc_hex_when_another_way_meets_the_guidelines(tmp_path):
    r = check(_retreat(["2115"]), tmp_path)              # into 55's ZOC, 2216 was free
    [f] = [f for f in r.findings if f.rule == "9.2.1"]
    assert f.severity == "violation" and "2215-2115" in f.message
    assert "entered an empty hex in an enemy ZOC" in f.message and "meets both retreat guidelines" in f.message


def test_retreat_away_from_the_supply_sources(tmp_path):
    r = check(_retreat(["2116", "2015"], roll=(6, 5, 5)), tmp_path)   # R2 (11 at 1:1): no nearer the south
    [f] = [f for f in r.findings if f.rule == "9.2.1"]
    assert f.severity == "violation" and "did not retreat toward a supply source" in f.message


def test_unable_to_fulfil_the_guidelines_is_plus_two_on_the_tdp(tmp_path):
    """Every hex a one-hex retreat can reach is in an enemy ZOC (55 in 2214, 56 in 2117, 57 in 2317):
    no violation, the defender's TdP roll gets +2 (9.4.1): 5 +1 +2 = 8 -> 2 reductions (placeholder)."""
    g = _retreat(["2216"], ("ah-inf-x-56", "2117"), ("ah-inf-x-57", "2317"))
    r = check(g, tmp_path)
    assert "9.2.1" not in rules_of(r)
    n = combat_notes(r)[0]
    assert "no retreat of 1 hex(es) from 2215 meets both guidelines" in n
    assert "+2 (unable to retreat or to fulfil the retreat guidelines (9.2.1)) = 8 -> 2 CE reductions" in n
    assert "defender due 2 (2 TdP, placeholder TdP)" in n


def test_a_declared_retreat_path_is_the_one_judged(tmp_path):
    """R2 dragged in one drop 2215 -> 2317: by 2216 or by 2316 (in the ZOC of 56 Inf X in 2415), the
    log cannot tell; a !retreat path through 2316 is the one judged."""
    other = ("ah-inf-x-56", "2415")
    r = check(_retreat(["2317"], other, roll=(6, 5, 5)), tmp_path, "a.vlog")
    assert "9.2.1" not in rules_of(r)                     # the way by 2216 avoids the EZOC
    r2 = check(_retreat(["2317"], other, roll=(6, 5, 5), declare="!retreat Sassari 2215-2316-2317"),
               tmp_path, "b.vlog")
    [f] = [f for f in r2.findings if f.rule == "9.2.1"]
    assert f.severity == "violation" and "retreated 2215-2316-2317" in f.message


# 9.2.3 minor rivers: the test map's river runs along the south of 3014, bridged on 3014/3115

def _river_game(to, reduce):
    g = fresh(3, "ah", "combat")
    g.place("it-inf-x-sassari", "3014")
    g.place("ah-inf-x-55", "3013")
    _attack(g, "3014", "3013", roll=(4, 4, 1))            # -/R1; the TdP gives no reduction (die 1)
    g.move("it-inf-x-sassari", to)
    if reduce:
        _marker(g, to)
    g.next_phase()
    return g


def test_retreat_across_an_unbridged_river_costs_a_reduction(tmp_path):
    r = check(_river_game("3015", reduce=True), tmp_path, "a.vlog")
    assert not [f for f in r.findings if f.rule in ("9.2.3", "9.4.2")]
    n = combat_notes(r)[0]
    assert "Sassari Inf X crossed 1 unbridged minor river hexside(s)" in n
    assert "defender due 1 (0 TdP + 1 for crossing a minor river, 9.2.3" in n
    r2 = check(_river_game("3015", reduce=False), tmp_path, "b.vlog")
    [f] = [f for f in r2.findings if f.rule == "9.2.3"]
    assert f.severity == "violation" and "took 0 CE reduction(s)" in f.message


def test_retreat_over_a_bridge_out_of_the_attacked_hex_depends_on_the_6_3_reading(tmp_path):
    """The attacked hex is in the attacker's ZOC: if 9.2.3's "remember 6.3" makes a bridge (a road)
    count for nothing in EZOC, the retreat over the bridge owes a reduction; otherwise none. Open:
    undetermined, never a violation, whether the reduction is taken or not."""
    for reduce in (False, True):
        r = check(_river_game("3115", reduce=reduce), tmp_path, f"{reduce}.vlog")
        [f] = [f for f in r.findings if f.rule == "9.2.3"]
        assert f.severity == "undetermined" and "bridge" in f.message and "6.3" in f.missing
        assert r.violations == []
