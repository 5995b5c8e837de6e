"""The optional rules through ``modgen check`` (15.0: in play when declared): the replacement
points and their track (15.1), legal and illegal games."""
from __future__ import annotations

from bm_game import check, fresh, rules_of


def _italian_income(die: int, box: str, gt: int = 4):
    g = fresh(gt, "it", "supply")
    g.place_on_track("rp-it", "VP 0")
    g.declare("!optional 15.1")
    g.next_phase()                                  # the Italian Reinforcement Phase
    g.roll("1d6", [die])
    if box != "VP 0":
        g.move_on_track("rp-it", box)
    g.next_phase()                                  # its end: the track must show the count
    return g


def test_15_1_italian_income_marked_on_the_track(tmp_path):
    r = check(_italian_income(3, "VP 1"), tmp_path)             # 3 < GT 4: one point
    assert "15.1" not in rules_of(r)
    r2 = check(_italian_income(5, "VP 0"), tmp_path, "b.vlog")  # 5 >= 4: none
    assert "15.1" not in rules_of(r2)


def test_15_1_track_not_kept(tmp_path):
    r = check(_italian_income(3, "VP 0"), tmp_path)
    [f] = [f for f in r.findings if f.rule == "15.1"]
    assert f.severity == "violation" and "replacement points are 1" in f.message and "track shows 0" in f.message
    r2 = check(_italian_income(5, "VP 1"), tmp_path, "b.vlog")
    [f] = [f for f in r2.findings if f.rule == "15.1"]
    assert f.severity == "violation" and "are 0" in f.message and "track shows 1" in f.message


def test_15_1_no_roll_is_undetermined(tmp_path):
    g = fresh(4, "it", "supply")
    g.place_on_track("rp-it", "VP 0")
    g.declare("!optional 15.1")
    g.next_phase(2)
    [f] = [f for f in check(g, tmp_path).findings if f.rule == "15.1"]
    assert f.severity == "undetermined" and "no 1d6 roll" in f.message


def test_15_1_a_step_loss_earns_a_point(tmp_path):
    """A-H combat on GT 4: Sassari loses a step (+1 Italian point); the Italian die 6 gives none;
    at the end of the Italian Reinforcement Phase the track must show 1."""
    def game(box):
        g = fresh(4, "ah", "combat")
        g.place_on_track("rp-it", "VP 0")
        g.place_on_track("rp-ah", "VP 0")
        g.place("it-inf-x-sassari", "2215")
        g.place("ah-inf-x-55", "2214")
        g.declare("!optional 15.1")
        g.declare("!attack 2215 with 2214")
        g.combat_roll(4, 3, 6)
        g.flip("it-inf-x-sassari")
        g.next_phase(2)                             # Italian Supply, Reinforcement
        g.roll("1d6", [6])
        if box:
            g.move_on_track("rp-it", box)
        g.next_phase()
        return g
    assert "15.1" not in rules_of(check(game("VP 1"), tmp_path, "a.vlog"))
    [f] = [f for f in check(game(None), tmp_path, "b.vlog").findings if f.rule == "15.1"]
    assert "Sassari Inf X lost a step" in f.message and f.severity == "violation"


def _recovery(box: str):
    g = fresh(3, "ah", "movement")
    g.place_on_track("rp-ah", box)
    g.place("ah-inf-x-55", "1803")                  # far from the enemy (in supply: no Supply Phase yet)
    m = g.place_marker("ce", "1803")
    g.place("it-inf-x-sassari", "1806")
    g.declare("!optional 15.1")
    g.declare("!recover 55 Inf X")
    g.delete(m)                                     # the -1 marker removed: recovery (10.3)
    return g


def test_15_1_recovery_paid_with_a_point(tmp_path):
    g = _recovery("VP 1")
    g.move_on_track("rp-ah", "VP 0")
    r = check(g, tmp_path)
    assert "15.1" not in rules_of(r) and "10.3" not in rules_of(r)


def test_15_1_recovery_without_a_point(tmp_path):
    r = check(_recovery("VP 0"), tmp_path)
    [f] = [f for f in r.findings if f.rule == "15.1"]
    assert f.severity == "violation" and "with no replacement point" in f.message


def test_15_1_brusilov_offensive_stops_the_ah_points(tmp_path):
    """GT 10: a 2 stops the A-H points; from the next A-H Reinforcement Phase one is removed each
    turn (2 -> 1 on GT 11)."""
    def game(box):
        g = fresh(10, "ah", "supply")
        g.place_on_track("rp-ah", "VP 2")
        g.declare("!optional 15.1")
        g.next_phase()
        g.roll("1d6", [2])
        g.advance_to(11, "ah", "reinforcement")
        if box:
            g.move_on_track("rp-ah", box)
        g.next_phase()
        return g
    r = check(game("VP 1"), tmp_path, "a.vlog")
    assert "15.1" not in rules_of(r) and any("Brusilov Offensive: GT 10, die 2" in n for n in r.notes)
    [f] = [f for f in check(game(None), tmp_path, "b.vlog").findings if f.rule == "15.1"]
    assert "are 1" in f.message and "track shows 2" in f.message
