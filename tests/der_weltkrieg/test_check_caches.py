"""The checker keeps what the live board shows per hex (``ctx.hex_stamp``, ``ctx.marker_hexes``),
the enemy ZOC while no enemy piece moves (``ctx.side_version``) and what each enemy hex exerts per
hex (``ctx.hex_stamp``), stack counts per stack: each
answer must follow the position as it changes -- a move, a flip, an SP change, a marker placed or
removed -- exactly as a board read afresh would."""
from __future__ import annotations

from modgen.check.engine import Checker
from modgen.check.logread import parse_log
from modgen.model import load_game
from modgen.systems.der_weltkrieg.checks.common import board_state, enemy_zoc_hexes
from modgen.systems.der_weltkrieg.rules import zoc
from modgen.systems.der_weltkrieg.rules.stacking import stack_count
from modgen.testing import TestGame

GAME = load_game("italian-front")
MAY = GAME.scenarios["if-1915-05"]
PLACED: list[str] = []


def _ctx():
    t = TestGame(GAME, MAY)
    PLACED[:] = [t.place_marker("trench", "2019")]
    ch = Checker(GAME, MAY)
    ch.run(parse_log(t.text()))
    return ch.ctx


def _unit(ctx, name):
    return next(u for u in ctx.units.values() if u.name == name and u.hex is not None)


def _fresh_units(ctx, h):
    """What ``LiveBoard.units`` must answer, worked out with no cache."""
    return [(v.piece, v.reduced, v.supply_points or 0, v.hex) for v in ctx.by_hex.get(h, {}).values()
            if v.counter is not None and v.marker_id is None]


def _seen(board, h):
    return [(v.piece_id, v.reduced, v.supply_points, v.hex) for v in board.units(h)]


def test_live_board_follows_moves_flips_and_supply_points():
    ctx = _ctx()
    board = board_state(ctx)
    u = _unit(ctx, "35 Inf XX")
    a = u.hex
    b = next(n for n in a.neighbours() if n not in ctx.by_hex and n in board.map.hexes)
    assert _seen(board, a) == _fresh_units(ctx, a)            # fills the cache
    assert _seen(board, b) == []
    u.hex = b                                                  # the engine's move
    ctx.version += 1
    ctx.reindex(u, a)
    assert _seen(board, a) == _fresh_units(ctx, a) and u.piece not in [p for p, *_ in _seen(board, a)]
    assert _seen(board, b) == _fresh_units(ctx, b) == [(u.piece, False, 0, b)]
    u.reduced = True                                           # the engine's flip
    ctx.touch(u.hex)
    assert _seen(board, b) == [(u.piece, True, 0, b)]
    hq = next(v for v in ctx.units.values() if v.counter is not None and v.counter.type == "hq"
              and v.hex is not None)
    before = _seen(board, hq.hex)
    hq.supply_points = (hq.supply_points or 0) + 3             # a SupplyPoints change
    ctx.touch(hq.hex)
    assert _seen(board, hq.hex) == _fresh_units(ctx, hq.hex) != before


def test_markers_follow_placement_and_removal():
    ctx = _ctx()
    board = board_state(ctx)
    m = ctx.units[PLACED[0]]                      # the trench marker placed in 2019
    h = m.hex
    there = board.markers(h)
    assert there.count("trench") == ctx.marker_hexes[h] >= 1
    other = next(n for n in h.neighbours() if n not in ctx.marker_hexes)
    assert board.markers(other) == ()
    m.hex = other
    ctx.reindex(m, h)
    assert board.markers(h).count("trench") == there.count("trench") - 1
    assert ctx.marker_hexes.get(h, 0) == there.count("trench") - 1
    assert board.markers(other) == ("trench",)
    ctx.reindex(m, other, removed=True)                         # the marker deleted
    assert board.markers(other) == () and other not in ctx.marker_hexes


def test_enemy_zoc_follows_enemy_moves_only():
    ctx = _ctx()
    board = board_state(ctx)
    side = _unit(ctx, "35 Inf XX").side
    first = enemy_zoc_hexes(ctx, side)
    assert first == zoc.enemy_zoc(board, side)
    enemy = next(u for u in ctx.units.values() if u.side not in (side, None) and u.hex is not None
                 and u.counter is not None and u.marker_id is None and zoc.exerts_zoc(u.counter))
    a = enemy.hex
    # a hex whose neighbours are all open land outside the enemy ZOC and in no neutral country:
    # the enemy unit standing there adds them
    far = next(h for h in sorted(board.map.hexes) if h not in ctx.by_hex
               and all(n in board.map.hexes and board.map.hexes[n].land and n not in first
                       and n not in ctx.by_hex and not board.is_neutral(n)
                       for n in h.neighbours()))
    enemy.hex = far
    ctx.version += 1
    ctx.reindex(enemy, a)
    moved = enemy_zoc_hexes(ctx, side)
    assert moved == zoc.enemy_zoc(board, side) != first
    assert any(n in moved for n in far.neighbours())


def test_stack_counts_are_per_stack():
    ctx = _ctx()
    board = board_state(ctx)
    stacks = [tuple(board.units(h)) for h in sorted(ctx.by_hex) if board.units(h)]
    one, two = stacks[0], stacks[0] + stacks[1]
    c1, c2 = stack_count(one), stack_count(two)
    assert stack_count(one) is c1 and stack_count(list(one)) is c1
    assert c2.divisions == c1.divisions + stack_count(stacks[1]).divisions or c2 != c1


def test_enemy_zoc_follows_entrained_markers_flips_and_removals():
    """What each enemy hex exerts is kept per ``hex_stamp``: an entrained marker joining the
    enemy units (7-11: no ZOC), leaving them again, a flip there and the units' removal each give
    the ZOC a board read afresh gives."""
    t = TestGame(GAME, MAY)
    marker = t.place_marker("entrained", "2019")
    ch = Checker(GAME, MAY)
    ch.run(parse_log(t.text()))
    ctx = ch.ctx
    board = board_state(ctx)
    side = _unit(ctx, "35 Inf XX").side

    def check():
        z = enemy_zoc_hexes(ctx, side)
        assert z == zoc.enemy_zoc(board, side)
        return z

    first = check()
    enemy = next(u for u in ctx.units.values() if u.side not in (side, None) and u.hex is not None
                 and u.counter is not None and u.marker_id is None and zoc.exerts_zoc(u.counter)
                 and not any(v.side not in (side, None) and v is not u
                             for n in u.hex.neighbours() for v in ctx.by_hex.get(n, {}).values()))
    h = enemy.hex
    m = ctx.units[marker]
    home = m.hex
    m.hex = h                                   # the entrained marker onto the enemy's stack
    ctx.version += 1
    ctx.reindex(m, home)
    entrained = check()
    assert entrained != first
    m.hex = home                                # and off it again
    ctx.version += 1
    ctx.reindex(m, h)
    assert check() == first
    enemy.reduced = True                        # a flip keeps the ZOC (10-2)
    ctx.version += 1
    ctx.touch(h)
    assert check() == first
    for u in list(ctx.by_hex[h].values()):      # the enemy stack deleted
        ctx.units.pop(u.piece)
        ctx.version += 1
        ctx.reindex(u, h, removed=True)
    gone = check()
    assert gone != first and gone <= first


def test_supply_line_lengths_within_a_bound_agree_with_the_full_search():
    """A supply-line query with a small bound searches only that far and is kept under its own
    bound: asked before or after the full search, each answer is the full length when it is
    within the bound, else None (19-4)."""
    from modgen.systems.der_weltkrieg.checks.supply import supply_line_length
    ctx = _ctx()
    u = _unit(ctx, "35 Inf XX")
    hqs = [v for v in ctx.units.values() if v.counter is not None and v.counter.type == "hq"
           and v.side == u.side and v.hex is not None]
    starts = [u.hex] + [n for n in u.hex.neighbours() if n in board_state(ctx).map.hexes]
    found = 0
    for hq in hqs:
        for h in starts:
            tight_first = {b: supply_line_length(ctx, u, h, hq, b) for b in (0, 2, 5, 9, 40)}
            full = supply_line_length(ctx, u, h, hq, 60)
            found += full is not None
            for b, d in tight_first.items():
                want = full if full is not None and full <= b else None
                assert d == want == supply_line_length(ctx, u, h, hq, b), (hq.name, h, b, d, full)
    assert found
    ctx.version += 1                     # a move elsewhere: the full search is not kept
    v = next(x for x in ctx.units.values() if x.side == u.side and x is not u and x.hex is not None)
    a = v.hex
    v.hex = next(n for n in a.neighbours() if n not in ctx.by_hex and n in board_state(ctx).map.hexes)
    ctx.reindex(v, a)
    for hq in hqs:
        for b in (3, 7):
            tight = supply_line_length(ctx, u, u.hex, hq, b)
            full = supply_line_length(ctx, u, u.hex, hq, 60)
            assert tight == (full if full is not None and full <= b else None)
