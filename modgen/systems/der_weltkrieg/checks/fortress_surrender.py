"""Fortress surrender (21-10, 21-11): after ``!siege <hex>`` the next 2d6 is the surrender roll
of the fortress there; at the end of the phase the fortress and every unit with it must be gone
when the roll − 1 is at most the turns it has been prone to surrender (the turns it has been
surrounded, 20-1, come from the supply rules; undetermined until they are registered).
"""
from __future__ import annotations

from modgen.check.context import CheckContext
from modgen.check.findings import UNDETERMINED, VIOLATION, WARNING
from modgen.hexgrid import Hex

from ..combat_record import fortress_surrounded_turns
from .combat_state import CombatState, is_unit


def surrender_roll(ctx: CheckContext, st: CombatState, roll):
    """21-10, 21-11: a 2d6 at the start of the enemy Combat Phase for a fortress prone to
    surrender; the fortress and every unit with it surrender when the roll − 1 ≤ the turns it has
    been prone. How long it has been surrounded (20-1) comes from the supply rules."""
    if st.siege is None:
        return
    h, _step = st.siege
    st.siege = None
    total = roll.total if roll.total is not None else sum(v for v in roll.values if isinstance(v, int))
    forts = [u for u in ctx.units_at(h) if is_unit(u) and u.counter.type == "fortress"]
    if not forts:
        yield ctx.finding("21-11", WARNING, f"!siege {h}: no fortress stands in {h}", hexes=[h],
                          check="combat")
        return
    st.pending[("siege", h)] = {"roll": total, "step": ctx.step, "forts": [f.piece for f in forts]}


def siege_result(ctx: CheckContext, h: Hex, v: dict):
    """21-10 / 21-11 worked out at the end of the phase of the roll: a fortress that surrenders
    leaves the map with every unit in its hex; one that holds stays."""
    from ..rules.combat import fortress_prone_after, fortress_prone_turns, fortress_surrenders
    forts = [ctx.units.get(p) for p in v["forts"]]
    gone = all(f is None or f.hex is None for f in forts)
    left = [u for u in ctx.units_at(h) if is_unit(u)]
    strength = sum((f.counter.front.strength or 0) for f in forts if f is not None)
    after = fortress_prone_after(strength)
    roll = v["roll"]
    turns = {fortress_surrounded_turns(ctx, f) for f in forts if f is not None}
    what = (f"fortress surrender roll for {h} at step {v['step']}: 2d6 = {roll}; a {strength}-SP "
            f"fortress is prone to surrender after {after} surrounded turns (21-10) and surrenders "
            f"when the roll − 1 = {roll - 1} is at most the turns it has been prone (21-11)")
    if None in turns or len(turns) != 1:
        yield ctx.finding("21-11", UNDETERMINED, what + f"; the fortress "
                          f"{'was removed' if gone else 'held'}", hexes=[h], step=v["step"],
                          missing="the turns the fortress has been surrounded (20-1, supply rules)",
                          check="combat")
        return
    n = turns.pop()
    prone = fortress_prone_turns(strength, n)
    must = fortress_surrenders(roll, prone)
    what += f": surrounded {n} turns, prone {prone}"
    if must and (not gone or left):
        yield ctx.finding("21-11", VIOLATION, what + f" — it surrenders with every unit in {h}, "
                          f"but {', '.join(u.name for u in left) or 'the fortress'} stayed",
                          hexes=[h], step=v["step"], check="combat")
    elif not must and gone:
        yield ctx.finding("21-11", VIOLATION, what + " — it holds, but the fortress was removed",
                          hexes=[h], step=v["step"], check="combat")
