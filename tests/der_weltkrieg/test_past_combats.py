"""The index of the log's combats by turn and phase (``checks.past_combats``) that 18-11 and 23-2
read at phase ends in place of a scan of every combat so far: it answers as the scan does while
combats are added, taken out (a declaration corrected before its roll) or the list is replaced;
and 18-11 through ``modgen check`` still finds a lone marker attacked in a later turn (an index
not kept up to date would miss the second attack) and the combat numbers after a correction."""
from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).parent))
import combat_game as cg  # noqa: E402

from modgen.check.engine import check_log  # noqa: E402
from modgen.check.logread import parse_log  # noqa: E402
from modgen.model.types import GameDate  # noqa: E402
from modgen.systems.der_weltkrieg.checks import past_combats as PC  # noqa: E402
from modgen.systems.der_weltkrieg.combat_record import Combat  # noqa: E402

P = cg.P
JUNE = GameDate(1915, 6, 1)
JUNE2 = GameDate(1915, 6, 2)


def combat(n, date, phase):
    return Combat(n, "attack", "central-powers", "entente", None, date, phase)


def scanned(ctx, date, phase=...):
    return [c for c in ctx.combats
            if c.date == date and (phase is ... or c.phase_id == phase)]


def same(ctx):
    for date in (JUNE, JUNE2, None):
        assert PC.combats_on(ctx, date) == scanned(ctx, date)
        assert all(a is b for a, b in zip(PC.combats_on(ctx, date), scanned(ctx, date)))
        for phase in ("cp-combat", "entente-combat", None):
            got = PC.combats_in_phase(ctx, date, phase)
            assert got == scanned(ctx, date, phase)
            assert all(a is b for a, b in zip(got, scanned(ctx, date, phase)))


def test_the_index_follows_the_combats_added_after_it_was_read():
    ctx = SimpleNamespace(combats=[], cache={})
    same(ctx)
    ctx.combats += [combat(1, JUNE, "cp-combat"), combat(2, JUNE, "entente-combat")]
    same(ctx)
    ctx.combats.append(combat(3, JUNE, "cp-combat"))      # read again: the new one is in it
    assert [c.number for c in PC.combats_in_phase(ctx, JUNE, "cp-combat")] == [1, 3]
    assert [c.number for c in PC.combats_on(ctx, JUNE)] == [1, 2, 3]
    ctx.combats.append(combat(4, JUNE2, "cp-combat"))
    same(ctx)


def test_a_combat_taken_out_leaves_the_index_even_when_another_takes_its_place():
    ctx = SimpleNamespace(combats=[combat(1, JUNE, "cp-combat"), combat(2, JUNE, "cp-combat")],
                          cache={})
    same(ctx)
    gone = ctx.combats[0]
    ctx.combats.remove(gone)
    PC.forget(ctx, gone)
    ctx.combats.append(combat(3, JUNE, "cp-combat"))      # as long a list as before
    assert [c.number for c in PC.combats_in_phase(ctx, JUNE, "cp-combat")] == [2, 3]
    same(ctx)
    # one taken out before the index saw it
    late = combat(4, JUNE2, "entente-combat")
    ctx.combats.append(late)
    ctx.combats.remove(late)
    PC.forget(ctx, late)
    same(ctx)
    assert PC.combats_on(ctx, JUNE2) == []
    # the last of its phase: its entry goes
    last = ctx.combats[-1]
    ctx.combats.remove(last)
    PC.forget(ctx, last)
    ctx.combats.append(combat(5, JUNE2, "cp-combat"))
    same(ctx)


def test_another_or_a_shorter_list_is_indexed_again():
    ctx = SimpleNamespace(combats=[combat(1, JUNE, "cp-combat")], cache={})
    same(ctx)
    ctx.combats = [combat(7, JUNE, "entente-combat")]     # another list of the same length
    same(ctx)
    assert PC.combats_in_phase(ctx, JUNE, "cp-combat") == []
    ctx.combats.clear()
    same(ctx)
    ctx.combats.append(combat(8, JUNE2, "cp-combat"))
    same(ctx)


# ------------------------------------------------------------------ through modgen check

def _marker_attacked_once():
    """An SP marker moved off its HQ to 2011, next to nothing, attacked once by 7 Inf XX in the
    CP Combat Phase of 2 June 1915; the game stands at the next turn's CP Combat Phase."""
    setup = [P("fr-hq-xxxx-6th", "1911"), P("de-inf-xx-7", "2211"), P("de-hq-xxxx-2nd", "2505")]
    t = cg.new(setup, first_phase="en-movement")
    t.add_marker("supply-points", "1911", "2")
    t.move("supply-points", "2011")                       # off its HQ, next to nothing
    t.advance_to(JUNE2, "cp-movement")
    t.move("de-inf-xx-7", "2111")
    t.next_phase()
    t.declare("!attack 2011 with 7 Inf XX")
    t.roll("1d6", [4])
    t.advance_to(GameDate(1915, 6, 3), "cp-combat")
    return t


def lone_marker_attacked(correct_first: bool):
    """An SP marker left alone in 2011 is attacked in the CP Combat Phase of two turns (the
    second declaration typed twice before its roll when ``correct_first``)."""
    t = _marker_attacked_once()
    t.declare("!attack 2011 with 7 Inf XX")
    if correct_first:
        t.declare("!attack 2011 with 7 Inf XX")           # typed again: a correction
    t.roll("1d6", [4])
    t.next_phase()
    return check_log(parse_log(t.text()), t.game, t.scenario)


def test_18_11_each_attack_on_a_lone_marker_is_found_in_its_own_phase():
    for correct_first in (False, True):
        r = lone_marker_attacked(correct_first)
        hits = [f for f in r.findings if f.rule == "18-11" and f.severity == "violation"]
        assert [("combat 1" in f.message, "combat 2" in f.message) for f in hits] == \
            [(True, False), (False, True)], (correct_first, hits)
        assert [c.number for c in r.combats] == [1, 2]


def test_a_corrected_declaration_renumbers_the_combats_after_it_only():
    """!attack 2011, !attack 1911, then 2011 typed again before its roll: the first 2011 combat
    goes, 1911's becomes number 2 (the combat of the earlier turn keeps number 1)."""
    t = _marker_attacked_once()
    t.declare("!attack 2011 with 7 Inf XX")
    t.declare("!attack 1911 with 7 Inf XX")
    t.declare("!attack 2011 with 7 Inf XX")
    t.roll("1d6", [4])
    t.next_phase()
    r = check_log(parse_log(t.text()), t.game, t.scenario)
    assert [(c.number, str(c.target)) for c in r.combats] == \
        [(1, "2011"), (2, "1911"), (3, "2011")]

