"""Fortress surrender (21-10, 21-11): after ``!siege <hex>`` the next 2d6 is the surrender roll
of the fortress there; at the end of the phase the fortress and every unit with it must be gone
when the roll − 1 is at most the turns it has been prone to surrender. The turns it has been
surrounded (20-1) are those counted at the ends of the enemy Combat Phases (21-10,
``fortresses.count_surrounded_turns``), as they stand at the roll; a fortress not surrounded (or not
known to be) at the roll may have been relieved since: its count's lower bound is then 0. Where
the count is a range (a continuation log, 20-1 undetermined) a verdict it decides is
*undetermined*, naming what is missing.

When (21-11: "at the start of the enemy combat phase"): a ``!siege`` roll in a phase the tracker
shows is not a Combat Phase of the fortress's enemy, or after an ``!attack`` of that phase has
been rolled, breaks 21-11. An attack roll with no ``!attack`` before it is not counted (a 1d6 may
be something else). Every 2d6 of the phase is noted (``CombatState.surrender_rolls``, the hex
of its ``!siege`` or None) for ``fortresses.unrolled_surrenders``.
"""
from __future__ import annotations

from modgen.check.context import CheckContext
from modgen.check.findings import UNDETERMINED, VIOLATION, WARNING
from modgen.hexgrid import Hex

from ..rules import fortresses as F
from .combat_state import CombatState, is_unit
from .fortresses import fortress_surrounded, surrounded_turns


def surrender_roll(ctx: CheckContext, st: CombatState, roll):
    """21-10, 21-11: a 2d6 at the start of the enemy Combat Phase for a fortress prone to
    surrender; the fortress and every unit with it surrender when the roll − 1 ≤ the turns it has
    been prone. How long it has been surrounded (21-10) is read now, at the roll."""
    if st.siege is None:
        st.surrender_rolls.append(None)     # perhaps a surrender roll the player did not declare
        return
    h, _step = st.siege
    st.surrender_rolls.append(h)
    st.siege = None
    total = roll.total if roll.total is not None else sum(v for v in roll.values if isinstance(v, int))
    forts = [u for u in ctx.units_at(h) if is_unit(u) and u.counter.type == "fortress"]
    if not forts:
        yield ctx.finding("21-11", WARNING, f"!siege {h}: no fortress stands in {h}", hexes=[h],
                          check="combat")
        return
    yield from _timing(ctx, st, h, forts[0])
    turns = surrounded_turns(ctx, forts[0])
    now = fortress_surrounded(ctx, forts[0])
    if now.value is not True and turns.lo > 0:
        # relieved since the last enemy Combat Phase (or not known): the streak may have ended
        turns = F.SurroundedTurns(0, turns.hi, f"whether {forts[0].name} is still surrounded at "
                                               f"the roll ({now.reason})")
    st.pending[("siege", h)] = {"roll": total, "step": ctx.step, "forts": [f.piece for f in forts],
                                "turns": turns}


def _timing(ctx: CheckContext, st: CombatState, h: Hex, fort):
    """21-11: the roll comes at the start of the enemy Combat Phase, before its first attack."""
    now = ctx.now
    if now.phase is None or fort.side is None:
        return
    if now.kind != "combat" or now.side is None or now.side == fort.side:
        yield ctx.finding("21-11", VIOLATION, f"!siege {h}: the surrender roll of {fort.name} in "
                          f"the {ctx.phase_label() or 'phase'}; it is rolled at the start of the "
                          f"enemy Combat Phase (21-11)", hexes=[h], check="combat")
        return
    done = next((c for c in st.phase if c.attack_roll is not None and c.declared_step is not None
                 and c.attack_roll.step < (ctx.step or 0)), None)
    if done is not None:
        yield ctx.finding("21-11", VIOLATION, f"!siege {h}: the surrender roll of {fort.name} comes "
                          f"after the attack on {done.target} was rolled at step "
                          f"{done.attack_roll.step}; it is rolled at the start of the enemy Combat "
                          f"Phase, before its attacks (21-11)", hexes=[h], check="combat")


def siege_result(ctx: CheckContext, h: Hex, v: dict):
    """21-10 / 21-11 worked out at the end of the phase of the roll: a fortress that surrenders
    leaves the map with every unit in its hex; one that holds stays."""
    from ..rules.combat import fortress_prone_after, fortress_prone_turns
    forts = [ctx.units.get(p) for p in v["forts"]]
    gone = all(f is None or f.hex is None for f in forts)
    left = [u for u in ctx.units_at(h) if is_unit(u)]
    strength = sum((f.counter.front.strength or 0) for f in forts if f is not None)
    after = fortress_prone_after(strength)
    roll = v["roll"]
    turns: F.SurroundedTurns = v["turns"]
    what = (f"fortress surrender roll for {h} at step {v['step']}: 2d6 = {roll}; a {strength}-SP "
            f"fortress is prone to surrender after {after} surrounded turns (21-10) and surrenders "
            f"when the roll − 1 = {roll - 1} is at most the turns it has been prone (21-11)")
    must = F.surrender_required(roll, strength, turns)
    what += ": " + turns.text()
    if turns.exact:
        what += f", prone {fortress_prone_turns(strength, turns.lo)}"
    if must is None:
        yield ctx.finding("21-11", UNDETERMINED, what + f"; the fortress "
                          f"{'was removed' if gone else 'held'}", hexes=[h], step=v["step"],
                          missing=turns.why or "the turns the fortress has been surrounded (20-1)",
                          check="combat")
        return
    if must and (not gone or left):
        yield ctx.finding("21-11", VIOLATION, what + f" — it surrenders with every unit in {h}, "
                          f"but {', '.join(u.name for u in left) or 'the fortress'} stayed",
                          hexes=[h], step=v["step"], check="combat")
    elif must is False and gone:
        yield ctx.finding("21-11", VIOLATION, what + " — it holds, but the fortress was removed",
                          hexes=[h], step=v["step"], check="combat")
