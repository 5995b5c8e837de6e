"""14-9: units that retreat into an enemy-controlled hex no friendly unit occupies (14-8 case 7)
must immediately make a Column Attack, simultaneously, on every adjacent enemy unit (000 L396).

* the obligation: the retreat is recorded (``note_case7``, from ``retreat``); the next 1d6 roll
  of the phase is that Column Attack when no other ``!attack`` came between (``take_roll``); an
  ``!attack`` by the retreating side against a hex next to it is its declaration
  (``take_declaration``) — neither is a 12-1 attack out of phase or an undeclared combat. A phase
  that ends with no such roll, or whose next roll belongs to another declared attack, breaks
  14-9 (``unmade_attacks``);
* the supply: the attack may be supplied only if every retreating unit was supplied in the
  combat that caused the retreat (their counterattack supply there);
* the losses of the retreating stack in it count as surrendered (``surrendered_loss``: DM at the
  surrendered rate, 26-3, and no rebuilding, 20-6).

The attack is against units in several hexes, the defenders using one terrain chosen among
theirs: its CRT results are not worked out (the combat's section says so, *undetermined*).
"""
from __future__ import annotations

from modgen.check.context import CheckContext, UnitState
from modgen.check.findings import UNDETERMINED, VIOLATION
from modgen.hexgrid import Hex

from ..combat_record import Combat, DieRoll
from .combat_order import RETREAT_COLUMN
from .combat_state import CombatState, finding, is_unit, open_combat, resolve_units, snapshot


class Case7:
    """A stack that retreated into an empty enemy-controlled hex in combat ``cause``."""

    def __init__(self, cause: Combat, hex_: Hex, step: int, side: str | None):
        self.cause, self.hex, self.step, self.side = cause, hex_, step, side
        self.pieces: list[str] = []
        self.names: list[str] = []
        self.attack: Combat | None = None        # the 14-9 Column Attack, once made
        self.late: Combat | None = None          # an attack declared before it was made

    def to_note(self) -> str:
        return f"{', '.join(self.names)} retreated into {self.hex} (step {self.step})"


def note_case7(ctx: CheckContext, st: CombatState, c: Combat, u: UnitState, to: Hex) -> None:
    """A retreat of ``u`` (a defender of ``c``) into ``to``, an enemy-controlled hex that no
    friendly unit held before the stack came (14-8 case 7)."""
    ob = next((o for o in st.case7 if o.cause is c and o.hex == to and o.attack is None), None)
    if ob is None:
        ob = Case7(c, to, ctx.step or 0, u.side)
        st.case7.append(ob)
    if u.piece not in ob.pieces:
        ob.pieces.append(u.piece)
        ob.names.append(u.name)


def joins_case7(st: CombatState, c: Combat, u: UnitState, to: Hex) -> bool:
    """``u`` retreats into a hex another unit of its stack (``c``'s defenders) just entered under
    case 7: it is part of that stack (the first unit's presence does not make the hex friendly)."""
    return any(o.cause is c and o.hex == to and o.attack is None for o in st.case7)


def _pending(ctx: CheckContext, st: CombatState, side: str | None = None) -> Case7 | None:
    for o in st.case7:
        if o.attack is None and o.late is None and (side is None or o.side == side) \
                and any(p in ctx.units and ctx.units[p].hex == o.hex for p in o.pieces):
            return o
    return None


def _open(ctx: CheckContext, st: CombatState, ob: Case7, step: int, text: str = "") -> Combat:
    c = open_combat(ctx, st, ob.side, None, step, text)
    c.kind = RETREAT_COLUMN
    c.defender_side = ctx.enemy_side(ob.side)
    here = [ctx.units[p] for p in ob.pieces if p in ctx.units and ctx.units[p].hex == ob.hex]
    c.attackers = [snapshot(ctx, u) for u in here]
    c.attackers_known = True
    c.defenders = [snapshot(ctx, v) for n in ob.hex.neighbours() for v in ctx.units_at(n)
                   if is_unit(v) and v.side == c.defender_side and v.counter.type != "hq"]
    c.notes.append(f"14-9: the Column Attack of the units that retreated into {ob.hex} in combat "
                   f"{ob.cause.number} (14-8 case 7) on every adjacent enemy unit")
    ob.attack = c
    return c


def take_roll(ctx: CheckContext, st: CombatState, r: DieRoll) -> bool:
    """The 1d6 roll ``r`` is the 14-9 Column Attack of a stack that retreated under case 7 and has
    not attacked yet: open its combat (True)."""
    ob = _pending(ctx, st)
    if ob is None or ob.step >= r.step:
        return False
    c = _open(ctx, st, ob, r.step)
    c.attack_roll = r
    return True


def take_declaration(ctx: CheckContext, st: CombatState, d, side: str | None):
    """An ``!attack`` by ``side`` while its stack owes the 14-9 Column Attack, against a hex next
    to the stack: the declaration of that attack (its supply clause, the units it names).
    Returns the combat, or None when it is some other attack (which then comes too early)."""
    ob = _pending(ctx, st, side)
    if ob is None:
        return None
    if d.target is None or d.target not in ob.hex.neighbours():
        return None
    c = _open(ctx, st, ob, d.step, d.text)
    c.option = d.option
    c.supply = d.supply
    if d.units is not None:
        found, _unknown = resolve_units(ctx, d.units, side, d.target)
        named = [u for u in found if u.hex == ob.hex]
        if named:
            c.attackers = [snapshot(ctx, u) for u in named]
    return c


def other_attack_declared(st: CombatState, c: Combat) -> None:
    """A combat opened (declared) while a stack owed its 14-9 Column Attack: that attack was not
    made immediately."""
    for o in st.case7:
        if o.attack is None and o.late is None and c.first_step is not None \
                and c.first_step > o.step:
            o.late = c


def unmade_attacks(ctx: CheckContext, st: CombatState):
    """At the end of the phase: every case-7 retreat has had its 14-9 Column Attack."""
    for o in st.case7:
        if o.attack is not None:
            continue
        left = [p for p in o.pieces if p in ctx.units and ctx.units[p].hex == o.hex]
        if not left:
            continue                  # the stack is gone (eliminated): no attack to make
        us = [ctx.units[p] for p in left]
        enemies = [v for n in o.hex.neighbours() for v in ctx.units_at(n)
                   if is_unit(v) and v.side != o.side and v.counter.type != "hq"]
        if not enemies:
            continue
        why = (f"the next attack declared is the one on {o.late.target} (step "
               f"{o.late.first_step})" if o.late is not None else "no die roll follows")
        yield finding(ctx, o.cause, "14-9", VIOLATION, f"{o.to_note()}: an enemy-controlled hex no "
                      f"friendly unit occupies (14-8 case 7); the stack must immediately make a "
                      f"Column Attack on every adjacent enemy unit ("
                      f"{', '.join(sorted({v.name for v in enemies}))}), but {why}",
                      units=us, hexes=[o.hex], step=o.step, side=o.side)


def finalize(ctx: CheckContext, c: Combat):
    """The 14-9 Column Attack worked out as far as the checker goes: its supply condition; its
    results against several hexes are not worked out."""
    from .resolution import supply_of
    ob = next((o for o in phase_case7(ctx) if o.attack is c), None)
    for u in c.attackers:
        u.supply, u.hq = supply_of(ctx, c, u, counter=False)
    if ob is not None and c.supply:
        cause = {u.piece: u for u in ob.cause.counterattackers}
        for a in c.attackers:
            was = cause.get(a.piece)
            how = was.supply if was is not None else "half"
            if ob.cause.counter_roll is None or ob.cause.counterattack is False or was is None \
                    or how == "half":
                yield finding(ctx, c, "14-9", VIOLATION, f"the 14-9 Column Attack from {ob.hex} is "
                              f"supplied, but {a.name} was not supplied in the combat against "
                              f"{ob.cause.target} that caused the retreat; it may be supplied only "
                              f"if every attacking unit was", hexes=[ob.hex], side=c.side,
                              step=c.declared_step or c.first_step)
                break
            if how is None:
                yield finding(ctx, c, "14-9", UNDETERMINED, f"the 14-9 Column Attack from {ob.hex} "
                              f"is supplied; it may be only if {a.name} was supplied in the combat "
                              f"against {ob.cause.target}", hexes=[ob.hex], side=c.side,
                              step=c.declared_step or c.first_step,
                              missing=f"the counterattack supply of combat {ob.cause.number}")
                break
    if c.attack_roll is not None and (c.losses or c.retreats):
        yield finding(ctx, c, "14-9", UNDETERMINED, f"the results of the 14-9 Column Attack from "
                      f"{ob.hex if ob else '?'} (die {c.attack_roll.value}, step "
                      f"{c.attack_roll.step}) are not checked: it is made against the units of "
                      f"several hexes at once", side=c.side, step=c.attack_roll.step,
                      missing="the checker does not work out an attack on several hexes")


def phase_case7(ctx: CheckContext) -> list:
    st = ctx.cache.get("dw-combat")
    return st.case7 if st is not None and st.phase_start == ctx.phase_start_step else []


def surrendered_loss(ctx: CheckContext, piece: str) -> bool:
    """14-9: ``piece`` retreated under case 7 and has made (or is making) its Column Attack: its
    losses from now to the end of the phase count as surrendered."""
    return any(o.attack is not None and o.attack.attack_roll is not None and piece in o.pieces
               for o in phase_case7(ctx))

