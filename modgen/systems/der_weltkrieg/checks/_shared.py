"""What the supply, trench, fortress and end-of-game checks share: the replayed board, enemy
ZOCs, terrain costs, unit references (from the positional checks), and the facts of the game the
log cannot show but the players declared (``!duration``, ``!optional``)."""
from __future__ import annotations

from modgen.check.context import CheckContext, UnitState

from .common import (board_state, enemy_zoc_hexes, is_unit, marker_kind,  # noqa: F401
                     terrain_costs, unit_matches, unit_view)

__all__ = ["board_state", "enemy_zoc_hexes", "marker_kind", "terrain_costs", "unit_matches",
           "unit_view", "is_unit", "is_hq", "duration_game", "optional_rule", "hqs_named",
           "side_nations", "kind_of"]


def is_hq(u: UnitState) -> bool:
    return u.counter is not None and u.counter.type == "hq"


def kind_of(ctx: CheckContext, u: UnitState) -> str | None:
    """The MarkerKind of a marker piece, None for units."""
    return marker_kind(ctx, u.marker_id) if u.marker_id is not None else None


def duration_game(ctx: CheckContext) -> bool:
    """``!duration`` was declared: the duration-game rules apply (4-1, 15-4..15-10, 18-17/18-18).
    (Asked on every move: the answer is kept until a declaration is added.)"""
    n = len(ctx.declarations.items)
    hit = ctx.cache.get("duration-game")
    if hit is None or hit[0] != n:
        hit = ctx.cache["duration-game"] = (n, bool(ctx.declarations.of("duration")))
    return hit[1]


def optional_rule(ctx: CheckContext, number: str) -> bool:
    return any(d.args and d.args[0] == number for d in ctx.declarations.of("optional"))


def hqs_named(ctx: CheckContext, ref: str, side: str | None = None) -> list[UnitState]:
    """HQ pieces on the map a typed reference names ("1st", "1st HQ XXXX", "it-hq-xxxx-1st")."""
    on_map = [u for u in ctx.units.values() if is_hq(u) and u.hex is not None
              and (side is None or u.side == side)]
    out = [u for u in on_map if unit_matches(ref, u)]
    if not out:
        r = " ".join(ref.lower().split())
        out = [u for u in on_map
               if r in (u.name.lower(), u.counter.designation.lower() + " hq",
                         u.counter.designation.lower())]
    return sorted(out, key=lambda u: u.piece)


def side_nations(ctx: CheckContext, side: str | None) -> tuple[str, ...]:
    for s in ctx.game.sides:
        if s.id == side:
            return tuple(s.nations)
    return ()
