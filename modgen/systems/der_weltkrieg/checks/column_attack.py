"""Column Attacks (16): an attack made in the phasing side's Movement Phase (16-1). Its
declaration and die roll are those of any attack (``attack``), halved (16-8, ``resolution``);
16-4, 16-5 and 16-10 are judged in ``attack_legality`` (``COLUMN_BANNED`` is here). 16-9: the
defenders may retreat in the enemy's Movement Phase and the attackers advance into the vacated
hex without spending Movement Points (what the movement and sequence checks ask here).
"""
from __future__ import annotations

from modgen.check.context import CheckContext, UnitState
from modgen.hexgrid import Hex

from .combat_state import combat_of, phase_state
from .retreat import retreat_move


#: 16-10: hexsides a Column Attack never crosses (and any major river)
COLUMN_BANNED = frozenset({"ocean", "lake", "alpine", "mountain", "urban", "wooded_rough"})


def column_attack_defender(ctx: CheckContext, u: UnitState, frm: Hex) -> bool:
    """16-9: ``u`` is a defender of a Column Attack on ``frm`` made this Movement Phase (its
    roll is in the log): it may retreat in the enemy's Movement Phase."""
    st = ctx.cache.get("dw-combat")
    if st is None or st.phase_start != ctx.phase_start_step:
        return False
    return any(c.kind == "column" and c.target == frm and c.attack_roll is not None
               and any(d.piece == u.piece for d in c.defenders) for c in st.phase)


def column_attack_advance(ctx: CheckContext, u: UnitState, to: Hex) -> bool:
    """16-9: ``u`` attacked in a Column Attack this Movement Phase whose defenders left ``to``:
    it may advance into it without spending Movement Points."""
    st = ctx.cache.get("dw-combat")
    if st is None or st.phase_start != ctx.phase_start_step:
        return False
    c = st.vacated.get(to)
    return c is not None and c.kind == "column" and any(a.piece == u.piece for a in c.attackers)


def column_retreat(ctx: CheckContext, u: UnitState, frm: Hex, to: Hex):
    """16-9: units attacked by a Column Attack may retreat in the enemy's Movement Phase."""
    st = phase_state(ctx)
    c, role = combat_of(st, u.piece, roles=("defenders",))
    if c is not None and c.kind == "column" and frm == c.target:
        yield from retreat_move(ctx, st, c, u, frm, to)
