"""The checker's supply-line search (``checks.supply.supply_line_length``) asks the board for the
markers of a hex only where ``ctx.marker_hexes`` says there are some: a marker moved onto the line
must count at once (22-15), exactly as the plain search on a board read afresh."""
from __future__ import annotations

from modgen.check.engine import Checker
from modgen.check.logread import parse_log
from modgen.model import load_game
from modgen.systems.der_weltkrieg.checks import supply as S
from modgen.systems.der_weltkrieg.checks.common import (board_state, enemy_zoc_hexes,
                                                        terrain_costs, unit_view)
from modgen.systems.der_weltkrieg.rules import supply_lines as SL
from modgen.testing import TestGame

GAME = load_game("italian-front")
MAY = GAME.scenarios["if-1915-05"]


def _checked(t: TestGame):
    """The checker's context after ``t``, the board and terrain costs the searches use, the HQs
    and the other units on the map."""
    ch = Checker(GAME, MAY)
    ch.run(parse_log(t.text()))
    ctx = ch.ctx
    S.register_searches()
    board, costs = board_state(ctx), terrain_costs(ctx)
    hqs = [v for v in ctx.units.values() if v.counter is not None and v.counter.type == "hq"
           and v.hex is not None]
    units = [v for v in ctx.units.values() if v.counter is not None and v.hex is not None
             and v.counter.type not in ("hq", "fortress")]
    return ctx, board, costs, hqs, units


def test_a_marker_moved_onto_the_line_counts_at_once():
    t = TestGame(GAME, MAY)
    marker = t.place_marker("trench", "2019")
    ctx, board, costs, hqs, units = _checked(t)
    m = ctx.units[marker]
    seen = set()
    checked = 0
    for u in units[:12]:
        hq = min(hqs, key=lambda h: (h.side != u.side, u.hex.distance(h.hex), h.piece))
        if hq.side != u.side:
            continue
        # the marker on the HQ's hex (every line enters it) and on each hex next to the unit in
        # turn (the engine's moves)
        for h in [hq.hex, u.hex] + u.hex.neighbours() + [hq.hex]:
            if h not in board.map.hexes:
                continue
            old, m.hex = m.hex, h
            ctx.reindex(m, old)
            got = S.supply_line_length(ctx, u, u.hex, hq, 40)
            fresh = SL.supply_line_length(board, unit_view(u), hq.hex, costs,
                                          ezoc=enemy_zoc_hexes(ctx, u.side), max_mp=40)
            assert got == fresh, (u.name, h)
            seen.add((u.piece, got))
            checked += 1
    assert checked > 20
    # the marker changed some line's length (else the test would not test anything)
    assert len(seen) > len({p for p, _ in seen})


def test_a_unit_moved_onto_the_line_counts_at_once():
    """The same for units: the search asks the board for a hex's units only where
    ``ctx.by_hex`` has the hex (19-7: an enemy unit blocks the line, a friendly ground combat unit
    opens an enemy-ZOC hex)."""
    t = TestGame(GAME, MAY)
    ctx, board, costs, hqs, units = _checked(t)
    seen = set()
    checked = 0
    for u in units[:8]:
        hq = min(hqs, key=lambda h: (h.side != u.side, u.hex.distance(h.hex), h.piece))
        if hq.side != u.side:
            continue
        for mover in (next(v for v in units if v.side != u.side),      # an enemy unit
                      next(v for v in units if v.side == u.side and v is not u)):
            home = mover.hex
            for h in u.hex.neighbours() + [home]:
                if h not in board.map.hexes:
                    continue
                old, mover.hex = mover.hex, h
                ctx.version += 1
                ctx.reindex(mover, old)
                got = S.supply_line_length(ctx, u, u.hex, hq, 40)
                fresh = SL.supply_line_length(board, unit_view(u), hq.hex, costs,
                                              ezoc=enemy_zoc_hexes(ctx, u.side), max_mp=40)
                assert got == fresh, (u.name, mover.name, h)
                seen.add((u.piece, got))
                checked += 1
    assert checked > 20
    assert len(seen) > len({p for p, _ in seen})


def test_steps_of_one_kind_cost_the_same_on_the_bare_terrain():
    """The bare-terrain guide of the searches keeps one MP per ``bare_step_key`` (the hex entered
    and the hexside's terrain, rivers and rail): every step of the Italian Front's map with the
    same key must cost the same as ``step_cost`` says, for mountain units and the others."""
    from modgen.systems.der_weltkrieg.rules.units import is_mountain
    t = TestGame(GAME, MAY)
    ch = Checker(GAME, MAY)
    ch.run(parse_log(t.text()))
    ctx = ch.ctx
    board, costs = board_state(ctx), terrain_costs(ctx)
    bare = SL._BareMap(board)
    views = [unit_view(v) for v in ctx.units.values() if v.counter is not None
             and v.counter.type not in ("hq", "fortress")]
    kinds = {is_mountain(v): v for v in views}
    assert set(kinds) == {True, False}
    for v in kinds.values():
        by_key: dict = {}
        n = 0
        for a in board.map.hexes:
            for b in a.neighbours():
                if b not in board.map.hexes:
                    continue
                mp = SL._edge_mp(bare, v, a, b, costs, None)
                by_key.setdefault(SL.bare_step_key(board, a, b), set()).add(mp)
                n += 1
        assert n > 1000
        assert all(len(mps) == 1 for mps in by_key.values()), \
            {k: mps for k, mps in by_key.items() if len(mps) > 1}
        # and the guide built with the kinds kept is the one built step by step
        hq = next(u for u in ctx.units.values() if u.counter is not None
                  and u.counter.type == "hq" and u.hex is not None)
        assert SL.terrain_bound(board, v, hq.hex, costs, max_mp=60, edge_memo={},
                                class_memo={}) == \
            SL.terrain_bound(board, v, hq.hex, costs, max_mp=60, edge_memo={})
