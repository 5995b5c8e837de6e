"""Column Attacks (16): an attack made in the phasing side's Movement Phase (16-1). Its
declaration and die roll are those of any attack (``attack``), halved (16-8, ``resolution``);
16-5 and 16-10 and 16-4's "except Artillery" are judged in ``attack_legality``
(``COLUMN_BANNED`` is here). Here:

* 16-4 "moved as a stack … when they cease movement" (``stack_problems``, when the attack is
  declared): attackers that moved this phase moved together — two that never moved in the same
  log step (one VASSAL drag moves a whole stack in one step) did not; attackers whose moves
  differ but share a step (they joined and then moved on together) are *undetermined*; units
  that did not move at all may join (they "declare that they will not move"). An attacker that
  moves again after the attack's roll (``moved_after_column_attack``) had not ceased movement —
  except the 16-9 advance into the vacated hex;
* 16-9: the defenders may retreat in the enemy's Movement Phase and the attackers advance into
  the vacated hex without spending Movement Points (what the movement and sequence checks ask
  here).
"""
from __future__ import annotations

from modgen.check.context import CheckContext, UnitState
from modgen.hexgrid import Hex

from modgen.check.findings import UNDETERMINED, VIOLATION

from ..combat_record import Combat
from .combat_state import CombatState, combat_of, finding, phase_state
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


def stack_problems(ctx: CheckContext, c: Combat):
    """16-4: the attackers of a Column Attack that moved this Movement Phase moved as a stack."""
    movers = [(a, tuple(ctx.move_steps.get(a.piece, ()))) for a in c.attackers]
    movers = [(a, steps) for a, steps in movers if steps]
    if len(movers) < 2:
        return
    groups: dict[tuple, list] = {}
    for a, steps in movers:
        groups.setdefault(steps, []).append(a)
    if len(groups) == 1:
        return
    apart = [(x, y) for i, (x, sx) in enumerate(movers) for (y, sy) in movers[i + 1:]
             if not set(sx) & set(sy)]
    how = "; ".join(f"{', '.join(a.name for a in us)} at step{'s' if len(s) > 1 else ''} "
                    f"{', '.join(map(str, s))}" for s, us in groups.items())
    if apart:
        x, y = apart[0]
        yield finding(ctx, c, "16-4", VIOLATION, f"the Column Attack on {c.target}: {x.name} and "
                      f"{y.name} never moved together this Movement Phase ({how}); a Column "
                      f"Attack is made by units moved as a stack", hexes=[c.target],
                      side=c.side, step=c.declared_step)
    else:
        yield finding(ctx, c, "16-4", UNDETERMINED, f"the Column Attack on {c.target}: its "
                      f"attackers moved partly apart this Movement Phase ({how}); a Column Attack "
                      f"is made by units moved as a stack", hexes=[c.target], side=c.side,
                      step=c.declared_step,
                      missing="whether units that joined before moving on together count as "
                              "'moved as a stack' (16-4)")


def moved_after_column_attack(ctx: CheckContext, st: CombatState, u: UnitState, frm: Hex,
                              to: Hex):
    """16-4: a unit that made a Column Attack this phase (its roll is in the log) moves again: it
    attacked "when they cease movement"."""
    for c in st.phase:
        if c.kind != "column" or c.attack_roll is None or c.attack_roll.step >= (ctx.step or 0) \
                or not any(a.piece == u.piece for a in c.attackers):
            continue
        if ctx.once("16-4", ("moved-after", u.piece, c.number)):
            yield finding(ctx, c, "16-4", VIOLATION, f"{u.name} moved {frm}→{to} after its Column "
                          f"Attack on {c.target} (roll at step {c.attack_roll.step}); units make a "
                          f"Column Attack when they cease movement — only the advance into the "
                          f"vacated hex follows it (16-9)", units=[u], hexes=[frm, to],
                          path=[frm, to])
        return
