"""How a combat opens: the attack declarations and the die rolls tied to them.

* ``!attack`` (12-1..12-10; a Column Attack in the phasing side's Movement Phase, 16-1, 16-5)
  opens a ``Combat`` against a hex; ``!counterattack``, ``!terrain``, ``!retreat <hex>``,
  ``!hold``, ``!siege`` attach the defender's facts to it (docs/declarations.md). An attack typed
  again before its roll is a correction, not a second attack.
* a 1d6 roll in a Combat Phase (13-9) is the attack roll of the combat declared before it, the
  next one its counterattack roll (13-15); a roll with no declaration opens a combat whose hex
  the losses after it tell (``losses.infer_target``); a 2d6 roll after ``!siege`` is a fortress
  surrender roll (21-11, ``fortress_surrender``).
* at the roll the attackers and defenders are snapshotted (12-13: strengths at the instant of
  the combat); who may counterattack (12-11, 18-15, 24-1, 29-2, 29-7).

Who may attack what is judged in ``attack_legality`` when the attack is declared.
"""
from __future__ import annotations

from modgen.check.context import CheckContext
from modgen.check.engine import rule
from modgen.check.findings import VIOLATION, WARNING

from . import common as RP
from ..combat_record import Combat, CombatUnit, DieRoll
from .attack_legality import check_attack
from .combat_state import (ATTACK_DIE, CombatState, SURRENDER_DIE, combat_for_hex, current_combat,
                           finding, is_unit, now_strengths, open_combat, pending_for, phase_full,
                           phase_state, resolve_hq, resolve_units, snapshot)
from . import past_combats, retreat_column
from .fortress_surrender import surrender_roll


@rule("12-1", "declare")
def combat_declarations(ctx: CheckContext, d):
    """12-1..12-10, 16-1, 16-5: an ``!attack`` opens a combat against a hex in the attacking side's
    Combat Phase (or a Column Attack in its Movement Phase); ``!counterattack``, ``!terrain``,
    ``!retreat <hex>`` and ``!hold`` attach the defender's facts to it."""
    kw = d.keyword
    if kw not in ("attack", "counterattack", "terrain", "retreat", "hold", "siege", "advance"):
        return
    st = phase_state(ctx)
    if kw == "attack" and RP.hook(ctx, "claim-attack", d):
        return                  # a scenario rule's own combat (EF 3-1, 36-7): it checks it
    if kw == "attack":
        yield from _declare_attack(ctx, st, d)
    elif kw == "counterattack":
        c = combat_for_hex(st, d.target)
        if c is None or c.closed:
            pending_for(st, d.target)["counter"] = d
            return
        _attach_counter(ctx, c, d)
    elif kw == "terrain":
        c = combat_for_hex(st, d.hexes[0])
        if c is None or c.attack_roll is not None and c.terrain is not None:
            pending_for(st, d.hexes[0])["terrain"] = d
            if c is None:
                return
        if c is not None:
            c.terrain, c.terrain_step = d.args[0], d.step
    elif kw in ("retreat", "hold") and (kw == "hold" or d.args == ("hex",)):
        h = d.hexes[0]
        c = combat_for_hex(st, h)
        value = kw == "retreat"
        if c is None:
            pending_for(st, h)["retreat"] = (value, d.step)
        else:
            c.retreat, c.retreat_step = value, d.step
    elif kw == "siege":
        st.siege = (d.hexes[0], d.step)


def _declare_attack(ctx: CheckContext, st: CombatState, d):
    side = ctx.now.side
    target = d.target
    if phase_full(ctx, st):
        return
    prev = combat_for_hex(st, target)
    if prev is not None and prev.attack_roll is None and not prev.losses and prev.declared_step:
        # typed again before the roll: a correction of the declaration, not a second attack
        st.phase.remove(prev)
        # (this phase's: near the end of the log's combats; those before it keep their numbers)
        combats = ctx.combats
        i = next((i for i in range(len(combats) - 1, -1, -1) if combats[i] is prev), None)
        if i is None:
            i = combats.index(prev)
        del combats[i]
        past_combats.forget(ctx, prev)
        for j in range(i, len(combats)):
            combats[j].number = j + 1
    units_here = [u for u in ctx.units_at(target) if is_unit(u) and u.counter.type != "hq"]
    if units_here:
        # the attacker is the enemy of the hex's units, whatever the phase (12-1 says when)
        side = ctx.enemy_side(units_here[0].side) or side
    if retreat_column.take_declaration(ctx, st, d, side) is not None:
        return   # 14-9: the Column Attack a retreat into an enemy-controlled hex calls for
    c = open_combat(ctx, st, side, target, d.step, d.text, sheet=_sheet(d))
    retreat_column.other_attack_declared(st, c)
    c.option = d.option
    if ctx.now.phase is not None and not (ctx.now.kind in ("combat", "movement")
                                          and ctx.now.side == side):
        yield finding(ctx, c, "12-1", VIOLATION, f"!attack on {target} in the "
                      f"{ctx.phase_label()}: a side attacks in its own Combat Phase (12-1), or "
                      f"with a Column Attack in its own Movement Phase (16-1)",
                      hexes=[target], side=side)
    if d.units is not None:
        found, unknown = resolve_units(ctx, d.units, side, target, sheet=c.sheet)
        for ref in unknown:
            yield finding(ctx, c, "12-1", WARNING, f"!attack {target} names {ref!r}, which is no "
                          f"unit of the {ctx.side_name(side)} on the map", hexes=[target],
                          side=side)
        c.attackers = [snapshot(ctx, u) for u in found]
        c.attackers_known = not unknown
    half, _unk = resolve_units(ctx, d.half, side, target, attack=False, sheet=c.sheet)
    c.half = tuple(u.piece for u in half)
    c.supply = d.supply
    if d.supply is not None:
        _resolve_supply(ctx, c, d.supply, side, counter=False)
    p = st.pending.pop(target, {})
    if "terrain" in p:
        c.terrain, c.terrain_step = p["terrain"].args[0], p["terrain"].step
    if "retreat" in p:
        c.retreat, c.retreat_step = p["retreat"]
    if "counter" in p:
        _attach_counter(ctx, c, p["counter"])
    yield from check_attack(ctx, st, c)


def _sheet(d) -> str | None:
    """The sheet a declaration's hex was read on (a game of several sheets), else None."""
    return d.sheets[0] if d.sheets else None


def _resolve_supply(ctx: CheckContext, c: Combat, payments, side, *, counter: bool) -> None:
    hqs = c.counter_supply_hqs if counter else c.supply_hqs
    for i, p in enumerate(payments):
        hq = resolve_hq(ctx, p.hq, side)
        if hq is not None:
            hqs[i] = hq.piece


def _attach_counter(ctx: CheckContext, c: Combat, d) -> None:
    c.counter_declared_step = d.step
    if d.option == "none":
        c.counterattack = False
        return
    c.counterattack = True
    c.counter_supply = d.supply
    if d.supply is not None:
        _resolve_supply(ctx, c, d.supply, c.defender_side, counter=True)
    if d.units is not None:
        found, _unk = resolve_units(ctx, d.units, c.defender_side, c.target, attack=False,
                                    sheet=_sheet(d) or c.sheet)
        c.counterattackers = [snapshot(ctx, u) for u in found]
    half, _unk = resolve_units(ctx, d.half, c.defender_side, c.target, attack=False,
                               sheet=_sheet(d) or c.sheet)
    c.counter_half = tuple(u.piece for u in half)


@rule("13-9", "dice")
def combat_dice(ctx: CheckContext, roll):
    """13-9, 13-15, 21-11: a 1d6 roll in a Combat Phase (or the phasing side's Movement Phase) is
    the attack roll of the combat declared before it, or its counterattack roll; a 2d6 roll is a
    fortress surrender roll (21-11). Undeclared rolls open a combat whose hex is learnt from the
    losses that follow."""
    st = phase_state(ctx)
    if roll.button == SURRENDER_DIE:
        yield from surrender_roll(ctx, st, roll)
        return
    if roll.button != ATTACK_DIE or ctx.now.kind not in ("combat", "movement"):
        return
    if RP.hook(ctx, "claim-roll", roll):
        return                  # the roll of a scenario rule's own combat (EF 3-1, 36-7)
    r = DieRoll(ctx.step or 0, roll.button, tuple(roll.values), roll.total, roll.who, roll.side)
    c = current_combat(st)
    if c is not None and c.attack_roll is None and not c.closed:
        _take_roll(ctx, c, r)
        return
    if c is not None and c.attack_roll is not None and c.counter_roll is None \
            and c.counterattack is not False and not c.closed and not _resolved(c):
        c.counter_roll = r
        if c.counterattack is None:
            c.counterattack = True
        _snapshot_counter(ctx, c)
        return
    if retreat_column.take_roll(ctx, st, r):
        return   # 14-9: the Column Attack of a stack that retreated into an enemy-controlled hex
    if ctx.now.kind == "movement" or phase_full(ctx, st):
        return   # a roll in a Movement Phase without an !attack: not known to be a Column Attack
    c = open_combat(ctx, st, ctx.now.side, None, ctx.step)
    c.notes.append(f"die roll at step {r.step} with no !attack declaration before it")
    _take_roll(ctx, c, r)


def _resolved(c: Combat) -> bool:
    """A combat whose losses or retreats have begun takes no further roll."""
    return bool(c.losses or c.retreats or c.advances)


def _take_roll(ctx: CheckContext, c: Combat, r: DieRoll) -> None:
    c.attack_roll = r
    # 12-13: strengths are judged at the instant of the combat
    if c.attackers:
        c.attackers = [snapshot(ctx, ctx.units[a.piece]) if a.piece in ctx.units
                       and ctx.units[a.piece].hex is not None else a for a in c.attackers]
        _close_earlier(ctx, c, [a.piece for a in c.attackers])
    if c.target is not None:
        snapshot_defenders(ctx, c)


def snapshot_defenders(ctx: CheckContext, c: Combat) -> None:
    st = phase_state(ctx)
    here = [u for u in ctx.units_at(c.target) if is_unit(u) and u.side == c.defender_side
            and not RP.hook(ctx, "ignored-defender", c, u)]
    c.defenders = [snapshot(ctx, u) for u in here if u.piece not in st.retreated]
    c.excluded = [snapshot(ctx, u) for u in here if u.piece in st.retreated]
    _close_earlier(ctx, c, [d.piece for d in c.defenders])
    if not c.counterattackers and c.counterattack is not False:
        c.counterattackers = [d for d in c.defenders if _may_counterattack(c, d)]


def _snapshot_counter(ctx: CheckContext, c: Combat) -> None:
    if not c.counterattackers:
        c.counterattackers = [d for d in c.defenders if _may_counterattack(c, d)]


def _may_counterattack(c: Combat, d: CombatUnit) -> bool:
    """12-11 every unit in the hex may counterattack, but not HQs (18-15: they defend only when
    alone), Replacement units (24-1) or siege artillery (29-2); against an artillery-only attack
    only artillery (29-7)."""
    if d.type in ("hq", "rpl", "siege-art", "eng"):
        return False
    if c.attackers and all(a.type in ("art", "siege-art") for a in c.attackers):
        return d.type == "art"
    return True


def _close_earlier(ctx: CheckContext, c: Combat, pieces) -> None:
    """A unit entering a new combat ends its part in the earlier ones: their "after" strengths
    are read now."""
    st = phase_state(ctx)
    ps = set(pieces)
    for other in st.phase:
        if other is c or other.attack_roll is None:
            continue
        for u in other.attackers + other.defenders:
            if u.piece in ps and u.after is None:
                u.after = now_strengths(ctx, u.piece)
