"""What a long log leaves in the checker's caches: ``pockets.pocket_of`` keeps the pockets of
the board's current version only and is worked out again when the board changes (a cache that
outlived its version would give the old pocket); the 6-9 movement pricing keeps the MP spent in
the current phase only, and a move priced drop by drop over several drops still finds the MP it
spent (drops within the MA each, more than it together)."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import combat_game as cg  # noqa: E402

from modgen.check.engine import Checker, check_log  # noqa: E402
from modgen.check.logread import parse_log  # noqa: E402
from modgen.hexgrid import Hex  # noqa: E402
from modgen.model.types import GameDate  # noqa: E402
from modgen.testing import TestGame  # noqa: E402

P = cg.P


def test_the_pocket_of_a_unit_is_worked_out_again_when_the_board_changes():
    """``pockets.pocket_of`` keeps the pockets of the board's current version only: after the
    ring around 2015 opens (ctx.version moves on) the unit is in no pocket."""
    from modgen.systems.der_weltkrieg.checks.pockets import pocket_of
    ring = ["de-inf-xx-8", "de-inf-xx-9", "de-inf-xx-7", "de-inf-xx-5", "de-inf-xx-10",
            "de-aslt-xx-12"]
    setup = [P("fr-inf-xx-1", "2015"), P("de-hq-xxxx-2nd", "2820")] + \
        [P(c, str(n)) for c, n in zip(ring, Hex.parse("2015").neighbours())]
    g = cg.game(setup, first_phase="en-reinforcement")
    t = TestGame(g, g.scenarios["t"])
    t.next_phase()
    c = Checker(g, t.scenario)
    c.run(parse_log(t.text()))
    ctx = c.ctx
    fr = next(u for u in ctx.units.values() if u.unit_id == "fr-inf-xx-1")
    assert pocket_of(ctx, fr) == frozenset({Hex.parse("2015")})
    for u in [u for u in ctx.units.values() if u.unit_id in ring[1:]]:
        old, u.hex = u.hex, None                  # five of the ring gone: one German left
        ctx.reindex(u, old, removed=True)
        ctx.version += 1
    assert pocket_of(ctx, fr) is None



def test_the_mp_spent_are_kept_for_the_current_phase_only():
    setup = [P("de-inf-xx-8", "2010"), P("de-inf-xx-9", "2012"), P("fr-inf-xx-1", "2820")]
    t = cg.new(setup, first_phase="cp-movement")
    for turn in (1, 2, 3):
        if turn > 1:
            t.advance_to(GameDate(1915, 6, turn), "cp-movement")
        t.move("de-inf-xx-8", "2110" if turn % 2 else "2010")
        t.move("de-inf-xx-9", "2112" if turn % 2 else "2012")
    c = Checker(t.game, t.scenario)
    c.run(parse_log(t.text()))
    ctx = c.ctx
    spent = sorted(k[1][1] for k in ctx.cache if isinstance(k, tuple) and k[0] == "spent")
    assert len(spent) == 2 and len(set(spent)) == 1        # the two units of the last phase
    assert spent[0] == ctx.phase_start_step


def test_a_move_priced_drop_by_drop_adds_up_its_mp():
    """8 Inf XX (MA 5) dragged one clear hex at a time: 5 MP are ground movement, 6 are legal
    only as Column Movement (6-10: Column MA 7), 8 are more than that."""
    def moved(n):
        t = cg.new([P("de-inf-xx-8", "2010"), P("fr-inf-xx-1", "2820")], first_phase="cp-movement")
        t.advance_to(GameDate(1915, 6, 2), "cp-movement")     # a second phase: the first's MP go
        t.move("de-inf-xx-8", "2110")
        for row in range(11, 11 + n - 1):
            t.move("de-inf-xx-8", f"21{row:02d}")
        t.next_phase()
        r = check_log(parse_log(t.text()), t.game, t.scenario)
        return [(f.rule, f.severity, f.message.split(":")[1]) for f in r.findings]
    assert moved(5) == []
    assert moved(6) == [("6-10", "info", " 6 MP spent, MA 5")]
    assert moved(8) == [("6-9", "violation", " 8 MP spent, MA 5")]
