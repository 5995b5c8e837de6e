"""WE-BM-01..13 (shared/docs/worked-examples.md) reproduced from scripted logs through ``modgen
check``, each asserting the example's numbers. The CRT, the TdP and most of the Terrain Effects
Chart are not printed: where an example's outcome needs one of their cells the test says so and
asserts the rest (the numbers the rulebook fixes: ratios, shifts, DRMs, magnitude, limits)."""
from __future__ import annotations

import pytest

from bm_game import GAME, MAP, check, check_cli, combat_notes, fresh, real_game, rules_of
from modgen.hexgrid import Hex


def _attack(g, target, *refs, roll=(3, 3, 3)):
    g.declare(f"!attack {target} with {', '.join(refs)}")
    g.combat_roll(*roll)


def _note(js_or_report, target):
    """The one combat on ``target`` in the report (text, or the JSON report's ``combats``)."""
    [n] = [x for x in combat_notes(js_or_report) if f"combat on {target}" in x]
    return n


# WE-BM-01 7.4: three independent units in a clear hex attacked: one withheld, the defender's choice
def test_we_bm_01_three_independent_defenders(tmp_path):
    g = fresh(3, "ah", "combat")
    for cid in ("it-inf-x-sassari", "it-inf-x-liguria", "it-inf-iii-bers8"):
        g.place(cid, "2215")
    g.place("ah-inf-x-55", "2214")
    _attack(g, "2215", "2214")
    code, js = check_cli(g, tmp_path)
    [f] = [f for f in js["findings"] if f["rule"] == "7.4"]
    assert f["severity"] == "undetermined" and "3 units defend 2215" in f["message"]
    assert "1 must be withheld, the defender's choice" in f["message"] and "!withhold 2215" in f["missing"]
    assert "(2 defending, 1 withheld" in _note(js, "2215")
    g2 = fresh(3, "ah", "combat")
    for cid in ("it-inf-x-sassari", "it-inf-x-liguria", "it-inf-iii-bers8"):
        g2.place(cid, "2215")
    g2.place("ah-inf-x-55", "2214")
    g2.declare("!withhold 2215 8 Bers.")
    _attack(g2, "2215", "2214")
    r = check(g2, tmp_path, "g2.vlog")
    assert "7.4" not in rules_of(r)
    assert "vs defence 8 (2 defending, 1 withheld)" in _note(r, "2215")


# WE-BM-02 7.8: a high-mountain hex can be attacked by two steps from each hex
def test_we_bm_02_two_steps_per_hex_into_high_mountain(tmp_path):
    g = fresh(3, "ah", "combat")
    g.place("it-inf-x-sassari", "2010")           # high mountain on the test map
    g.place("ah-inf-x-55", "2011")
    g.place("ah-mtn-iii-kj1", "2011", reduced=True)
    _attack(g, "2010", "55 Inf X", "K.J. 1")
    r = check(g, tmp_path)
    [f] = [f for f in r.findings if f.rule == "7.8" and "steps attack" in f.message]
    assert f.severity == "violation" and "3 steps attack 2010 from 2011" in f.message and "limit is 2" in f.message
    g2 = fresh(3, "ah", "combat")
    g2.place("it-inf-x-sassari", "2010")
    g2.place("ah-inf-x-55", "2011")
    _attack(g2, "2010", "55 Inf X")
    assert not [f for f in check(g2, tmp_path, "g2.vlog").findings if "steps attack" in f.message]


# WE-BM-03 7.8: upslope and across a stream, attack 3 -> 2 (the reductions do not add up)
def test_we_bm_03_upslope_across_a_stream(tmp_path):
    g = fresh(3, "ah", "combat")
    g.place("it-inf-x-sassari", "2513")           # low mountain, across the stream 2512/2513
    g.place("ah-mtn-iii-kj1", "2512")             # clear, attack 3
    _attack(g, "2513", "K.J. 1")
    r = check(g, tmp_path)
    assert "attack 2 (K.J. 1 Mtn III 2)" in _note(r, "2513")
    assert MAP.altitude(Hex(25, 12)) < MAP.altitude(Hex(25, 13)) and MAP.is_stream(Hex(25, 12), Hex(25, 13))


# WE-BM-04 7.9 examples 1-3 (captions only; the diagrams are not in the text)
def _flank_game(tmp_path, name, fifteenth_attacks, with_55th=False, mantova=False, ne_attacker=False):
    g = fresh(3, "ah", "combat")
    g.place("it-inf-x-sassari", "2215")           # defender; around it N 2214, NE 2315, SE 2316, S 2216
    g.place("ah-inf-x-55" if not with_55th else "ah-inf-x-56", "2214")
    refs = ["2214"]
    if ne_attacker:
        g.place("ah-inf-x-11", "2315")
        refs.append("2315")
    if with_55th:
        g.place("ah-inf-x-55", "2216")           # present, not attacking
    else:
        g.place("ah-inf-x-15", "2316")           # the 15th brigade, SE
        if fifteenth_attacks:
            refs.append("15 Inf X")
    if mantova:
        g.place("it-inf-x-mantova", "2216")
    _attack(g, "2215", *refs)
    return _note(check(g, tmp_path, name), "2215")


def test_we_bm_04_flank_examples(tmp_path):
    ex1_not = _flank_game(tmp_path, "a.vlog", fifteenth_attacks=False)
    ex1 = _flank_game(tmp_path, "b.vlog", fifteenth_attacks=True)
    ex2 = _flank_game(tmp_path, "c.vlog", fifteenth_attacks=False, with_55th=True, ne_attacker=True)
    ex3 = _flank_game(tmp_path, "d.vlog", fifteenth_attacks=True, mantova=True)
    assert "flanked" not in ex1_not                               # the 15th's ZOC is not considered
    assert "flanked (5 of the 6 hexes" in ex1 and "2 columns right" in ex1
    assert "flanked (5 of the 6 hexes" in ex2                     # the 55th's presence makes five
    assert "flanked" not in ex3                                   # Mantova negates the 15th's ZOC
    # 7.9.1: two columns right and +2 on the defender's TdP roll
    assert "+2 (defender flanked (7.9.1))" in ex1


def test_we_bm_04_no_flank_on_a_map_edge_or_with_a_fortress(tmp_path):
    g = fresh(3, "ah", "combat")
    g.place("it-inf-x-sassari", "2221")           # south edge
    g.place("ah-inf-x-55", "2220")
    g.place("ah-inf-x-56", "2321")
    g.place("ah-inf-x-11", "2121")
    _attack(g, "2221", "2220", "2321", "2121")
    n = _note(check(g, tmp_path), "2221")
    assert "flanked" not in n
    g2 = fresh(3, "ah", "combat")
    g2.place("it-inf-x-sassari", "2215")
    g2.place("it-fort-verena", "2215")
    for cid, h in (("ah-inf-x-55", "2214"), ("ah-inf-x-56", "2216")):
        g2.place(cid, h)
    _attack(g2, "2215", "2214", "2216")
    assert "flanked" not in _note(check(g2, tmp_path, "g2.vlog"), "2215")


# WE-BM-05 8.2 / 9.4.1: 6:1 -> the 4:1 column and +2 for the defender; 5:1 -> +1; 1:4 not allowed
@pytest.mark.parametrize("units, over", [(("ah-inf-x-55", "ah-inf-x-56", "ah-inf-x-11"), 2),
                                         (("ah-inf-x-55", "ah-inf-x-56", "ah-mtn-iii-lsch1"), 1)])
def test_we_bm_05_high_odds(tmp_path, units, over):
    g = fresh(3, "ah", "combat")
    g.place("it-inf-iii-rgf", "2221")             # defence 2, on the south edge (not flanked)
    hexes = ("2220", "2220", "2321")
    for cid, h in zip(units, hexes):
        g.place(cid, h)
    _attack(g, "2221", "2220", "2321")
    n = _note(check(g, tmp_path), "2221")
    ratio = "6:1" if over == 2 else "5:1"
    assert f"ratio {ratio}" in n and f"column 4:1, {over} over 4:1" in n
    assert f"+{over} (odds {over} ratio(s) over 4:1 (8.2))" in n


def test_we_bm_05_below_one_to_three(tmp_path):
    g = fresh(3, "ah", "combat")
    g.place("it-inf-x-sassari", "2221")
    g.place("ah-mtn-iii-lsch1", "2220", reduced=True)   # attack 1 vs defence 4: 1:4
    _attack(g, "2221", "2220")
    r = check(g, tmp_path)
    [f] = [f for f in r.findings if f.rule == "8.2"]
    assert f.severity == "violation" and "at 1:4" in f.message and "below 1:3 are not allowed" in f.message


# WE-BM-06 9.4.1: the opponent's AV -> DRM 0:+0, 1:+1, 2-3:+2, 4-5:+3, 6+:+4
@pytest.mark.parametrize("units, av, drm", [
    ((("ah-mtn-iii-kj1", "2214"),), 0, 0),
    ((("ah-inf-x-55", "2214"),), 1, 1),
    ((("ah-inf-x-55", "2214"), ("ah-art-iii", "2213")), 3, 2),
    ((("ah-inf-x-55", "2214"), ("ah-hart-iii", "2213")), 4, 3),
    ((("ah-inf-x-55", "2214"), ("ah-hart-iii", "2213"), ("ah-art-xx", "2114")), 6, 4)])
def test_we_bm_06_artillery_value_drm(tmp_path, units, av, drm):
    g = fresh(3, "ah", "combat")
    g.place("it-inf-x-sassari", "2215")
    for cid, h in units:
        g.place(cid, h)
    _attack(g, "2215", *[cid for cid, _ in units])
    n = _note(check(g, tmp_path), "2215")
    assert f"AV attacker {av} (DRM +{drm})" in n
    if drm:
        assert f"+{drm} (opponent's AV {av})" in n


# WE-BM-07 8.4: six steps Small, seven Large
@pytest.mark.parametrize("attackers, steps, mag", [
    ((("ah-inf-x-55", False), ("ah-inf-x-56", False)), 6, "Small"),
    ((("ah-inf-x-55", False), ("ah-inf-x-56", False), ("ah-mtn-iii-lsch1", True)), 7, "Large")])
def test_we_bm_07_magnitude(tmp_path, attackers, steps, mag):
    g = fresh(3, "ah", "combat")
    g.place("it-inf-x-sassari", "2221")
    for cid, red in attackers:
        g.place(cid, "2220", reduced=red)
    _attack(g, "2221", "2220")
    assert f"magnitude {mag} ({steps} steps)" in _note(check(g, tmp_path), "2221")


# WE-BM-08 9.2.1: two 2-step brigades retreat R1 into a low-mountain hex holding a 2-step brigade
def _retreat_game(one_goes_on: bool):
    g = fresh(3, "it", "combat")
    g.place("ah-inf-x-55", "1616")                # low mountain (test map 1414-1818)
    g.place("ah-inf-x-56", "1616")
    g.place("ah-inf-x-57", "1617")                # the friendly brigade in the hex behind
    g.place("it-inf-x-sassari", "1615")
    g.place("it-inf-x-liguria", "1615")
    _attack(g, "1616", "1615", roll=(4, 5, 1))    # 6 vs 8 = 1:2, 9 -> -/R1 (placeholder CRT)
    g.move("ah-inf-x-55", "1617")
    g.move("ah-inf-x-56", "1617", *(["1618"] if one_goes_on else []))
    g.next_phase()
    return g


def test_we_bm_08_retreat_into_an_overstack(tmp_path):
    r = check(_retreat_game(False), tmp_path, "a.vlog")
    [f] = [f for f in r.findings if f.rule == "5.1"]
    assert f.severity == "violation" and "6 steps in 1617 (low mountain, limit 4)" in f.message
    assert "-/R1 (placeholder CRT)" in _note(r, "1616")
    r2 = check(_retreat_game(True), tmp_path, "b.vlog")
    assert "5.1" not in rules_of(r2)                 # one brigade goes on: 4 steps remain, legal


# WE-BM-09 9.4.2 / 10.2: the third CE reduction is a step loss; a two-step unit goes after two
def test_we_bm_09_step_losses_count_for_victory(tmp_path):
    g = fresh(3, "ah", "combat")
    g.place("it-inf-x-sassari", "2215")
    g.place("ah-inf-x-55", "2214")
    _attack(g, "2215", "2214")
    g.flip("it-inf-x-sassari")                    # third reduction: flipped, one step lost
    g.eliminate("it-inf-x-sassari")               # sixth: the second step
    r = check(g, tmp_path)
    n = r.end_of_game.summary                     # the report's end-of-game section
    assert "A-H VP 12 = objectives 10 + Italian steps eliminated 2" in n


# WE-BM-10 11.4 / 11.1 / 11.5: paths of 4 (in), 5 (low, -1) and 9 (out, -2, AV 0); attrition
@pytest.mark.parametrize("hex_, target, strength, av", [("1805", "1806", 4, 1), ("1806", "1807", 3, 1),
                                                      ("1810", "1811", 2, 0)])
def test_we_bm_10_supply_ranges(tmp_path, hex_, target, strength, av):
    g = fresh(2, "it", "combat")
    g.place("ah-inf-x-55", hex_)                  # the A-H supply edge is 1501-2201 (row 01)
    g.place("it-inf-x-sassari", target)
    g.next_phase()                                # GT 3 A-H Supply Phase: states are traced
    g.advance_to(3, "ah", "combat")
    _attack(g, target, hex_)
    n = _note(check(g, tmp_path), target)
    assert f"attack {strength} (55 Inf X {strength})" in n and f"AV attacker {av} " in n


def test_we_bm_10_attrition_after_two_supply_phases_out(tmp_path):
    g = fresh(2, "it", "combat")
    g.place("ah-inf-x-55", "1810")
    g.next_phase()
    g.advance_to(4, "ah", "supply")
    r = check(g, tmp_path)
    assert any("11.5 attrition" in n and "55 Inf X" in n and "2 CE reductions" in n for n in r.notes)


# WE-BM-11 14.0: the A-H VP level at the end of GT 14
def _objectives_for(total: int) -> list[Hex]:
    """Italian objectives whose VP make ``total`` (start 10 from the A-H objectives)."""
    start = MAP.control_at_start["austria-hungary"]
    pool = sorted(((h, i.vp) for h, i in MAP.objectives().items() if h not in start), key=lambda x: (-x[1], x[0]))
    need, out = total - 10, []
    for h, vp in pool:
        if vp <= need:
            out.append(h)
            need -= vp
    assert need == 0
    return out


@pytest.mark.parametrize("vp, level", [(29, "Italian strategic"), (30, "Italian marginal"), (34, "Italian marginal"),
                                       (35, "Draw"), (40, "Draw"), (41, "Austro-Hungarian marginal"),
                                       (45, "Austro-Hungarian marginal"), (46, "Austro-Hungarian strategic")])
def test_we_bm_11_victory_levels(tmp_path, vp, level):
    g = fresh(14, "it", "combat")
    units = [c for c in sorted(GAME.counters) if GAME.counters[c].nation == "austria-hungary"
             and GAME.counters[c].is_combat_unit and GAME.counters[c].type != "fortress"]
    for cid, h in zip(units, _objectives_for(vp)):
        g.place(cid, h)
    r = check(g, tmp_path)
    eog = r.end_of_game                             # after GT 14: the level is the result (14.0)
    n = eog.summary
    assert eog.final and n.startswith(f"14.0: A-H VP {vp} ") and n.endswith(level + " victory" if level != "Draw" else "Draw")
    [won] = [lv for lv in eog.to_dict()["victory"]["levels"] if lv["met"]]
    assert won["label"] == eog.level


# WE-BM-12 15.1 / 15.2 (optional, declared)
@pytest.mark.parametrize("dice, improved", [([4, 6], True), ([4, 5], False)])
def test_we_bm_12_improved_defence(tmp_path, dice, improved):
    g = fresh(5, "it", "supply")
    g.place("it-inf-x-sassari", "2215")
    g.place("ah-inf-x-55", "2214")
    g.declare("!optional 15.2")
    g.next_phase()                                # Italian Reinforcement Phase, GT 5
    g.roll("2d6", dice)
    g.advance_to(6, "ah", "combat")
    _attack(g, "2215", "2214")
    r = check(g, tmp_path)
    total = sum(dice)
    assert any(f"15.2: 2d6 = {total} + GT 5 = {total + 5}" in n for n in r.notes)
    assert f"vs defence {5 if improved else 4} " in _note(r, "2215")


@pytest.mark.parametrize("gt, die, rp", [(4, 3, 1), (4, 4, 0), (7, 6, 1)])
def test_we_bm_12_italian_unpreparedness(tmp_path, gt, die, rp):
    g = fresh(gt, "it", "supply")
    g.declare("!optional 15.1")
    g.next_phase()
    g.roll("1d6", [die])
    r = check(g, tmp_path)
    assert any(f"15.1 Italian unpreparedness: GT {gt}, die {die} -> {rp} replacement point" in n for n in r.notes)


# WE-BM-13 12.4: the A-H Combat Phase of GT 1 first; Italians attacked by artillery are flanked
def test_we_bm_13_first_turn(tmp_path):
    g = fresh(1, "ah", "combat")
    g.place("it-inf-x-sassari", "2215")
    g.place("ah-inf-x-55", "2214")
    g.place("ah-art-iii", "2114")                 # beside 55: supports
    _attack(g, "2215", "2214", "ah-art-iii")
    n = _note(check(g, tmp_path), "2215")
    assert "flanked (GT 1: attacked by artillery (12.4))" in n
    g3 = fresh(3, "ah", "combat")
    g3.place("it-inf-x-sassari", "2215")
    g3.place("ah-inf-x-55", "2214")
    g3.place("ah-art-iii", "2114")
    _attack(g3, "2215", "2214", "ah-art-iii")
    assert "flanked" not in _note(check(g3, tmp_path, "g3.vlog"), "2215")
    # the game starts there, and the 12.4 units may not move on GT 1-2 (tests in test_bm_check.py)
    assert GAME.tables["sequence"].steps()[0] == (1, "ah", "combat")
