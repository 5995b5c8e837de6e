"""20-13/20-14: one pocket search answers every hex it joined (``checks.pockets.pocket_of`` keeps
the answer for each of them): the second unit of a pocket gets the same pocket as the first, and
the answers kept follow the position when the ring opens; and the rules-level property that
allows it (``rules.supply_lines.pocket``'s ``seen_out``)."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import combat_game as cg  # noqa: E402

from modgen.check.engine import check_log  # noqa: E402
from modgen.check.logread import parse_log  # noqa: E402
from modgen.hexgrid import Hex  # noqa: E402
from modgen.testing import TestGame  # noqa: E402

P = cg.P
INSIDE = ("2015", "2016")
RING = ["de-inf-xx-8", "de-inf-xx-9", "de-inf-xx-7", "de-inf-xx-5", "de-inf-xx-10",
        "de-inf-xx-6", "de-aslt-xx-12", "de-aslt-xx-13"]


def _ring_hexes():
    inside = {Hex.parse(h) for h in INSIDE}
    return sorted({n for h in inside for n in h.neighbours()} - inside)


def two_unit_pocket(opened: bool):
    ring = _ring_hexes()
    assert len(ring) == len(RING)
    setup = [P("fr-inf-xx-1", INSIDE[0]), P("fr-inf-xx-2", INSIDE[1]),
             P("de-hq-xxxx-2nd", "2820")] + [P(c, str(h)) for c, h in zip(RING, ring)]
    g = cg.game(setup, first_phase="en-reinforcement")
    t = TestGame(g, g.scenarios["t"])
    t.next_phase()                          # the Entente half turn began surrounded
    if opened:
        # the ring opens within the half turn: a ring hex and its two neighbours on the ring
        # are emptied, so that the middle one is no longer in an enemy ZOC
        x = ring[0]
        for i, h in enumerate(ring):
            if h == x or h in x.neighbours():
                t.eliminate(RING[i])
    t.next_phase(3)
    t.next_phase()                          # into the CP Movement Phase
    t.next_phase()
    return check_log(parse_log(t.text()), t.game, t.scenario)


def test_every_unit_of_a_pocket_is_judged_in_it():
    found = [f for f in two_unit_pocket(False).findings if f.rule == "20-13"]
    assert sorted(f.message.split(" was ")[0] for f in found) == ["1 Inf XX in 2015",
                                                                  "2 Inf XX in 2016"], found


def test_a_pocket_kept_for_one_position_is_not_used_for_the_next():
    # the answers kept for both hexes (from one search) must not outlive the ring
    assert [f for f in two_unit_pocket(True).findings if f.rule == "20-13"] == []


def _pocket_ctx():
    from modgen.check.engine import Checker
    ring = _ring_hexes()
    setup = [P("fr-inf-xx-1", INSIDE[0]), P("fr-inf-xx-2", INSIDE[1]),
             P("de-hq-xxxx-2nd", "2820")] + [P(c, str(h)) for c, h in zip(RING, ring)]
    g = cg.game(setup, first_phase="en-reinforcement")
    t = TestGame(g, g.scenarios["t"])
    ch = Checker(g, g.scenarios["t"])
    ch.run(parse_log(t.text()))
    return ch.ctx, ring


def _fresh_pocket(ctx, u):
    """``pocket_of``'s answer worked out with nothing kept."""
    from modgen.systems.der_weltkrieg.checks.common import board_state, enemy_zoc_hexes
    from modgen.systems.der_weltkrieg.rules import supply_lines as SL
    ez = enemy_zoc_hexes(ctx, u.side)
    if u.hex not in ez:
        return None
    return SL.pocket(board_state(ctx), u.side, u.hex, ezoc=ez,
                     own_zoc=enemy_zoc_hexes(ctx, ctx.enemy_side(u.side)))


def test_pocket_answers_kept_for_the_joined_hexes_follow_the_position():
    from modgen.systems.der_weltkrieg.checks.pockets import pocket_of
    ctx, ring = _pocket_ctx()
    a, b = (next(u for u in ctx.units.values() if u.hex == Hex.parse(h) and u.counter is not None)
            for h in INSIDE)
    p = pocket_of(ctx, a)                 # keeps the answer for b's hex too
    assert p is not None and b.hex in p and pocket_of(ctx, b) == p == _fresh_pocket(ctx, b)
    # the ring opens (the engine's moves: three ring units leave the map)
    x = ring[0]
    for v in [v for v in ctx.units.values() if v.hex is not None and v.counter is not None
              and (v.hex == x or v.hex in x.neighbours()) and v.side != a.side]:
        old, v.hex = v.hex, None
        ctx.version += 1
        ctx.reindex(v, old)
    assert _fresh_pocket(ctx, b) is None
    assert pocket_of(ctx, b) is None


def test_every_hex_a_pocket_search_joined_has_the_same_answer():
    from modgen.systems.der_weltkrieg.rules import BoardState, make_map
    from modgen.systems.der_weltkrieg.rules import supply_lines as SL
    from modgen.systems.der_weltkrieg.rules.zoc import enemy_zoc, zoc_of_side
    from test_rules_support import CP, EN, unit
    m = make_map((10, 24), (10, 24), country="italy")
    inside = [Hex.parse(h) for h in INSIDE]
    ring = _ring_hexes()

    def board(ring_hexes):
        units = [unit(str(h), side=EN, cid=f"e{i}", nation="italy") for i, h in enumerate(inside)]
        units += [unit(str(h), side=CP, cid=f"r{i}", nation="austria-hungary")
                  for i, h in enumerate(ring_hexes)]
        return BoardState.build(m, units)

    # closed: a pocket of the two hexes (every hex next to them holds an enemy); open: a ring
    # hex and its two neighbours on the ring are empty, so the search meets a hex outside the
    # enemy ZOC (it joined some hexes before)
    x = ring[0]
    for b, pocketed in ((board(ring), True),
                        (board([h for h in ring if h != x and h not in x.neighbours()]), False)):
        ez, own = enemy_zoc(b, EN), zoc_of_side(b, EN)
        joined: list = []
        p = SL.pocket(b, EN, inside[0], ezoc=ez, own_zoc=own, seen_out=joined)
        assert (p is not None) is pocketed
        assert len(joined[0]) > 1
        for h in joined[0]:
            assert SL.pocket(b, EN, h, ezoc=ez, own_zoc=own) == p
