"""Combat on scripted logs through ``modgen check``: the declarations, the checks of 7-9 and 12,
and each combat's numbers in the report."""
from __future__ import annotations

from bm_game import check, check_cli, combat_notes, fresh, rules_of


def _attack(g, target, *refs, roll=(3, 3, 3)):
    g.declare(f"!attack {target} with {', '.join(refs)}")
    g.combat_roll(*roll)


def test_legal_attack_and_its_numbers(tmp_path):
    g = fresh(3, "ah", "combat")
    g.place("it-inf-x-sassari", "2215")
    g.place("ah-inf-x-55", "2214")
    _attack(g, "2215", "2214", roll=(4, 3, 2))
    code, js = check_cli(g, tmp_path)
    assert code == 0 and js["findings"] == []
    [n] = [x for x in combat_notes(js) if "combat on 2215" in x]
    assert "attack 4 (55 Inf X 4) vs defence 4" in n and "ratio 1:1" in n and "column 1:1" in n
    assert "CRT dice 4+3 = 7: -/+1 (placeholder CRT)" in n and "magnitude Small (4 steps)" in n
    assert "TdP die 2" in n and "defender 2 +1 (CRT result) +1 (opponent's AV 1) = 4" in n


def test_attack_not_adjacent_and_twice(tmp_path):
    g = fresh(3, "ah", "combat")
    g.place("it-inf-x-sassari", "2215")
    g.place("it-inf-x-liguria", "2415")
    g.place("ah-inf-x-55", "2214")
    g.place("ah-inf-x-56", "2212")
    _attack(g, "2215", "55 Inf X", "56 Inf X")
    _attack(g, "2215", "55 Inf X")
    r = check(g, tmp_path)
    msgs = [(f.rule, f.message) for f in r.findings if f.severity == "violation"]
    assert ("7.1", "56 Inf X in 2212 is not adjacent to 2215") in msgs
    assert any(rule == "7.0" and "second time" in m and "55 Inf X" in m for rule, m in msgs)
    assert any(rule == "7.0" and "2215 is attacked a second time" in m for rule, m in msgs)


def test_command_limits_7_2(tmp_path):
    g = fresh(3, "it", "combat")
    g.place("ah-inf-x-55", "2215")
    for cid, h in (("it-inf-x-sassari", "2214"), ("it-inf-x-liguria", "2315"), ("it-inf-x-forli", "2316"),
                   ("it-inf-x-pescara", "2216")):
        g.place(cid, h)
    _attack(g, "2215", "2214", "2315", "2316", "2216")
    r = check(g, tmp_path)
    [f] = [f for f in r.findings if f.rule == "7.2"]
    assert f.severity == "violation" and "4 units attack 2215" in f.message
    g2 = fresh(3, "it", "combat")
    g2.place("ah-inf-x-55", "2215")
    for cid, h in (("it-inf-x-sassari", "2214"), ("it-inf-x-liguria", "2315"), ("it-inf-x-forli", "2316")):
        g2.place(cid, h)
    _attack(g2, "2215", "2214", "2315", "2316")
    assert "7.2" not in rules_of(check(g2, tmp_path, "g2.vlog"))


def test_corps_plus_two_others(tmp_path):
    g = fresh(3, "ah", "combat")
    g.place("it-inf-x-sassari", "2215")
    for cid, h in (("ah-inf-x-11", "2214"), ("ah-inf-x-12", "2315"), ("ah-inf-x-5", "2316"), ("ah-inf-x-6", "2216")):
        g.place(cid, h)                          # III, III, XX, XX: one corps + two others
    _attack(g, "2215", "2214", "2315", "2316", "2216")
    assert "7.2" not in rules_of(check(g, tmp_path))


def test_no_attack_across_a_crag_but_artillery_supports(tmp_path):
    g = fresh(3, "it", "combat")
    g.place("ah-inf-x-55", "1506")
    g.place("it-inf-x-sassari", "1505")
    g.place("it-inf-x-liguria", "1507")
    g.place("it-art-asiago", "1406")             # beside Liguria, and across a crag from 1506: supports
    _attack(g, "1506", "1505", "1507", "it-art-asiago")
    r = check(g, tmp_path)
    [f] = [f for f in r.findings if f.rule == "7.8"]
    assert f.severity == "violation" and "Sassari" in f.message and "crag" in f.message
    assert "12.3" not in rules_of(r)


def test_artillery_rules_12_3(tmp_path):
    g = fresh(3, "ah", "combat")
    g.place("it-inf-x-sassari", "2215")
    g.place("ah-art-iii", "2214")
    _attack(g, "2215", "ah-art-iii")            # artillery alone
    r = check(g, tmp_path)
    assert any(f.rule == "12.3" and "cannot attack alone" in f.message for f in r.findings)
    g2 = fresh(3, "ah", "combat")
    g2.place("it-inf-x-sassari", "2215")
    g2.place("ah-inf-x-55", "2214")
    g2.place("ah-hart-iii", "2212")             # two hexes from 55: heavy artillery reaches
    g2.place("ah-art-xx", "2210", reduced=True)  # on its Mov side and out of range
    _attack(g2, "2215", "55 Inf X", "ah-hart-iii", "ah-art-xx")
    r2 = check(g2, tmp_path, "g2.vlog")
    msgs = [f.message for f in r2.findings if f.rule == "12.3"]
    assert len(msgs) == 1 and "within 1 hex" in msgs[0]
    assert "AV attacker 4 (DRM +3)" in combat_notes(r2)[0]


def test_moved_artillery_cannot_support(tmp_path):
    g = fresh(3, "ah", "combat")
    g.place("it-inf-x-sassari", "2215")
    g.place("ah-inf-x-55", "2214")
    g.place("ah-art-xx", "2213", reduced=True)
    _attack(g, "2215", "55 Inf X", "ah-art-xx")
    r = check(g, tmp_path)
    assert [f.rule for f in r.findings if f.severity == "violation"] == ["12.3"]
    assert "Mov side" in r.findings[0].message


def test_advance_after_combat_9_3(tmp_path):
    g = fresh(3, "ah", "combat")
    g.place("it-inf-x-sassari", "2215")
    g.place("ah-inf-x-55", "2214")
    g.place("ah-inf-x-56", "2114")
    _attack(g, "2215", "2214", roll=(6, 6, 1))   # 1:1, 12 -> R2 (placeholder)
    g.move("it-inf-x-sassari", "2216", "2217")
    g.move("ah-inf-x-56", "2215")               # did not attack: may not advance
    r = check(g, tmp_path)
    assert [f.rule for f in r.findings if f.severity == "violation"] == ["9.3"]
    g2 = fresh(3, "ah", "combat")
    g2.place("it-inf-x-sassari", "2215")
    g2.place("ah-inf-x-55", "2214")
    _attack(g2, "2215", "2214", roll=(6, 6, 1))
    g2.move("it-inf-x-sassari", "2216", "2217")
    g2.move("ah-inf-x-55", "2215")
    assert check(g2, tmp_path, "g2.vlog").violations == []


def test_artillery_cannot_retreat(tmp_path):
    g = fresh(3, "ah", "combat")
    g.place("it-inf-x-sassari", "2215")
    g.place("it-art-asiago", "2215")
    g.place("ah-inf-x-55", "2214")
    _attack(g, "2215", "2214", roll=(6, 6, 1))
    g.move("it-art-asiago", "2216")
    r = check(g, tmp_path)
    assert any(f.rule == "12.3" and "cannot retreat" in f.message for f in r.findings)


def test_combat_outside_the_combat_phase(tmp_path):
    g = fresh(3, "ah", "movement")
    g.place("it-inf-x-sassari", "2215")
    g.place("ah-inf-x-55", "2214")
    _attack(g, "2215", "2214")
    r = check(g, tmp_path)
    assert "7.0" in rules_of(r, "violation")


def test_roll_without_a_declaration_is_undetermined(tmp_path):
    g = fresh(3, "ah", "combat")
    g.combat_roll(1, 2, 3)
    r = check(g, tmp_path)
    [f] = r.findings
    assert f.rule == "8.3" and f.severity == "undetermined" and "!attack" in f.missing


def test_unknown_declaration_is_a_warning(tmp_path):
    g = fresh(3, "ah", "combat")
    g.declare("!charge 2215")
    r = check(g, tmp_path)
    assert [(f.rule, f.severity) for f in r.findings] == [("declaration", "warning")]


def test_zero_attack_strength_7_5(tmp_path):
    g = fresh(3, "ah", "combat")
    g.place("it-inf-x-sassari", "2215")
    g.place("ah-mtn-iii-lsch1", "2214", reduced=True)     # reduced attack 1
    g.place_marker("ce", "2214")                          # CE -1: attack 0 (10.1)
    g.place("ah-inf-x-55", "2216")
    _attack(g, "2215", "2214", "2216")
    r = check(g, tmp_path)
    [f] = [f for f in r.findings if f.rule == "7.5"]
    assert f.severity == "violation" and "L.Sch I" in f.message and "strength of 0" in f.message


def _check_on_placeholder_counters(g, tmp_path):
    """``g`` checked on the test map with the real data's placeholder counters (the test copy
    takes them as printed, bm_game._test_data)."""
    import dataclasses
    from bm_game import GAME, REAL
    from modgen.check.engine import check_log
    from modgen.check.logread import read_log
    game = dataclasses.replace(GAME, counters={k: dataclasses.replace(c, provenance=REAL.counters[k].provenance)
                                               for k, c in GAME.counters.items()})
    path = g.write(tmp_path / "placeholder.vlog")
    return check_log(read_log(str(path)), game, next(iter(game.scenarios.values())))


def test_zero_attack_strength_on_placeholder_values_is_undetermined(tmp_path):
    """The same attack as 7.5's above on the real counters, whose values are placeholders (M11):
    the attack strength 0 rests on them: undetermined naming the value, never a violation."""
    g = fresh(3, "ah", "combat")
    g.place("it-inf-x-sassari", "2215")
    g.place("ah-mtn-iii-lsch1", "2214", reduced=True)
    g.place_marker("ce", "2214")
    g.place("ah-inf-x-55", "2216")
    _attack(g, "2215", "2214", "2216")
    r = _check_on_placeholder_counters(g, tmp_path)
    assert [f for f in r.findings if f.severity == "violation"] == []
    [f] = [f for f in r.findings if f.rule == "7.5"]
    assert f.severity == "undetermined" and "attack 1 of L.Sch I" in f.message
    assert "no counter is printed in the rulebook" in f.missing


def test_mov_side_flipped_back_outside_a_movement_phase(tmp_path):
    g = fresh(3, "ah", "combat")
    u = g.place("ah-art-iii", "2214", reduced=True)
    g.flip(u)
    r = check(g, tmp_path)
    assert [f.rule for f in r.findings] == ["12.3"] and "outside a Movement Phase" in r.findings[0].message


def test_combat_roll_is_logged_as_vassal_logs_a_dice_button(tmp_path):
    """DiceButton.DR (3.7.26): the report, then <name>_result (the dice in roll order), _total,
    _keep and _summary (as in fixtures/vassal/logs/g_dice.vlog); the replay reads the three dice
    in that order: CRT pair, then the TdP die."""
    from modgen.check.logread import parse_log
    from modgen.replay import DiceRolled, Replayer, Visitor
    from modgen.check.logread import our_module
    g = fresh(3, "ah", "combat")
    g.combat_roll(5, 2, 6)
    g.combat_roll(3, 3, 1)
    text = g.text()
    assert "CHAT*** Combat 3d6: CRT (dice 1+2) 5 + 2, TdP (die 3) 6 *** &lt;Tester&gt;" in text
    for prop in ("Combat_result\t1\t5,2,6", "Combat_total\t0\t13", "Combat_keep\t0\t3",
                 "Combat_summary\t\t2 x1, 5 x1, 6 x1", "Combat_result\t5,2,6\t3,3,1",
                 "Combat_summary\t2 x1, 5 x1, 6 x1\t1 x1, 3 x2"):
        assert f"MutableProperty\t{prop}\tModule" in text
    rolls = []

    class V(Visitor):
        def on_step(self, step, state):
            rolls.extend(e for e in step.events if isinstance(e, DiceRolled))
    Replayer(parse_log(text).saved, our_module(g.game)).run(V())
    assert [(r.button, r.values, r.total) for r in rolls] == [("Combat", (5, 2, 6), 13),
                                                              ("Combat", (3, 3, 1), 7)]
