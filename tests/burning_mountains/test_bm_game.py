"""A scripted GT 1-3 on the real set-up and map, played by the rules, checks clean; and Combat
Effectiveness recovery (10.3) legal and illegal."""
from __future__ import annotations

from bm_game import check, check_cli, combat_notes, fresh, real_game, rules_of
from modgen.systems.burning_mountains import module as M


def _gt1_to_3():
    g = real_game()                                     # the set-up of 1.1: GT 1, A-H Combat Phase
    # GT 1, A-H Combat: the Kaiserjager of XX Corps attack Mantova (mountain: 12.1 +1 each)
    g.declare("!attack 2107 with K.J. 2, K.J. 3")
    g.combat_roll(2, 2, 3)                              # 8 vs 4: TdP 1 each side (placeholder TdP)
    g.add_marker("ce", "2006")                          # the attacker's reduction on K.J. 2 (9.4.2)
    g.add_marker("ce", "2107")                          # and the defender's on Mantova
    g.next_phase()                                      # GT 1 Italian Supply
    g.next_phase()                                      # Reinforcement (none on GT 1)
    g.next_phase()                                      # Movement
    g.move("it-inf-x-treviso", "2507")
    g.next_phase(2)                                     # Combat (none), GT 2 A-H Supply
    g.next_phase()                                      # GT 2 A-H Reinforcement: 57 and 58 (13.0)
    g.move("ah-inf-x-57", "1801")
    g.move("ah-inf-x-58", "1901")
    g.next_phase()                                      # Movement
    g.move("ah-inf-x-5", "1707")
    g.next_phase(2)                                     # Combat, GT 2 Italian Supply
    g.next_phase()                                      # Reinforcement: the bersaglieri cyclists
    g.move("it-inf-x-bersc", "3121")
    g.next_phase()
    g.move("it-inf-x-bersc", "3120")
    g.next_phase(2)                                     # Combat, GT 3 A-H Supply
    g.next_phase()                                      # Reinforcement: 19 and 20
    g.move("ah-inf-x-19", "1601")
    g.move("ah-inf-x-20", "2001")
    g.advance_to(3, "it", "reinforcement")
    g.move("it-inf-x-gds", "2921")
    g.move("it-inf-x-piemonte", "3021")
    g.advance_to(3, "it", "combat")
    return g


def test_scripted_gt1_to_gt3_checks_clean(tmp_path):
    g = _gt1_to_3()
    code, js = check_cli(g, tmp_path)
    assert code == 0, js["findings"]
    assert js["findings"] == []
    combats = [n for n in combat_notes(js) if "combat on 2107" in n]
    assert len(combats) == 1 and "attack 8 (K.J. 2 Mtn III 4, K.J. 3 Mtn III 4) vs defence 4" in combats[0]
    eog = js["end_of_game"]                         # the report's standing: 14.0 after GT 3
    assert eog["vp"] == 10 and not eog["final"] and eog["victory"]["summary"].startswith("14.0: A-H VP 10")


def test_the_same_game_with_one_rule_broken(tmp_path):
    g = _gt1_to_3()
    g.move("it-inf-x-gds", "2920")                      # in the Italian Combat Phase, no combat
    r = check(g, tmp_path)
    [f] = r.findings
    assert (f.rule, f.severity, f.turn) == ("3.1", "violation", "GT 3") and "no combat was resolved" in f.message


def _recovery(enemy_hex: str):
    g = fresh(3, "ah", "supply")
    g.place("ah-inf-x-55", "1803")                      # three hexes from the A-H edge: in supply
    g.place_marker("ce", "1803")
    g.place("it-inf-x-sassari", enemy_hex)
    g.advance_to(3, "ah", "movement")
    g.declare("!recover 55 Inf X")
    g.delete(g.find_unit("ce"))                         # the -1 marker is removed (10.3)
    return g


def test_ce_recovery_legal(tmp_path):
    assert "10.3" not in rules_of(check(_recovery("1806"), tmp_path))      # three hexes away


def test_ce_recovery_too_close_to_the_enemy(tmp_path):
    r = check(_recovery("1805"), tmp_path)
    [f] = [f for f in r.findings if f.rule == "10.3"]
    assert f.severity == "violation" and "2 hex(es) away, three are needed" in f.message
