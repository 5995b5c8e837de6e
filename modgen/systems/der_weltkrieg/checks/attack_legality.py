"""Who may attack what, judged when an attack is declared (the positions then are those of the
combat):

* 12-1/12-2: only an enemy-occupied hex is attacked (33-7: assault units may attack a vacant one;
  18-11: a Supply Point marker may be attacked alone);
* 12-4: attackers are adjacent to the hex; 12-5: never across alpine, sea or lake hexsides;
* 12-7: a hex is attacked once per Combat Phase; 12-9: a unit attacks once per phase, 16-5: makes
  one Column Attack per Movement Phase;
* 12-14, 18-15, 21-3, 24-1: defence-only strengths, HQs, fortresses and Replacement units never
  attack;
* 16-4: artillery makes no Column Attack; 16-10: a Column Attack crosses none of the hexsides of
  ``column_attack.COLUMN_BANNED`` nor a major river;
* 29-2: in 1914 siege artillery attacks only hexes with fortifications; 29-15: from 1915 it
  attacks other hexes as regular artillery, only against units in trenches (at half strength,
  ``resolution``; half the SP, ``supply``);
* 11-10: the attack limits on reduced-stacking hexes (``rules/stacking``);
* IF 3-9 (``attack_limits``): no German attack into Italy before its date.
"""
from __future__ import annotations

from modgen.check.context import CheckContext
from modgen.check.findings import VIOLATION

from . import common as RP
from .stacking import _stacking_options, strength_placeholders
from ..combat_record import Combat, CombatUnit
from .attack_limits import if_3_9
from .column_attack import COLUMN_BANNED, stack_problems
from .combat_state import (CombatState, NON_ATTACKERS, finding, is_unit, siege_as_regular,
                           tec_table)


def check_attack(ctx: CheckContext, st: CombatState, c: Combat):
    """12-4, 12-5, 12-7, 12-9, 16-4, 16-5, 16-10, 21-3, 24-1, 29-2, IF 3-9: checked when the attack
    is declared (the positions then are those of the combat)."""
    target = c.target
    mapdef = ctx.mapdef()
    tec = tec_table(ctx)
    enemies = [u for u in ctx.units_at(target) if is_unit(u) and u.side == c.defender_side]
    sp_marker = any(v.marker_id is not None and RP.marker_kind(ctx, v.marker_id) == "supply"
                    for v in ctx.by_hex.get(target, {}).values())
    if not enemies and c.attackers and not sp_marker:       # 18-11: a marker may be attacked
        if not all(is_assault(a) for a in c.attackers):
            yield finding(ctx, c, "12-1", VIOLATION, f"{target} holds no enemy unit: only enemy "
                          f"occupied hexes are attacked (12-2; 33-7 lets assault units attack a "
                          f"vacant hex)", hexes=[target], side=c.side)
    for a in c.attackers:
        u = ctx.units.get(a.piece)
        if a.hex is None:
            continue
        if a.type in NON_ATTACKERS or (u is not None and u.counter.front.defence_only):
            why = {"hq": "18-15", "fortress": "21-3", "rpl": "24-1"}.get(a.type, "12-14")
            yield finding(ctx, c, why, VIOLATION, f"{a.name} may not attack "
                          f"({_NO_ATTACK[why]})", units=[u] if u else [], hexes=[a.hex, target])
            continue
        if target not in a.hex.neighbours():
            yield finding(ctx, c, "12-4", VIOLATION, f"{a.name} in {a.hex} attacks {target}, "
                          f"which is not adjacent (distance {a.hex.distance(target)})",
                          units=[u] if u else [], hexes=[a.hex, target],
                          path=[a.hex, target])
            continue
        side = mapdef.hexside(a.hex, target) if mapdef is not None else None
        if side is not None and tec is not None:
            try:
                prohibited = tec.row(side.terrain).prohibited
            except Exception:  # noqa: BLE001 — a terrain the chart does not know: no verdict
                prohibited = False
            if prohibited or side.terrain == "alpine":
                yield finding(ctx, c, "12-5", VIOLATION, f"{a.name} attacks {target} from "
                              f"{a.hex} across a {side.terrain} hexside; units never attack "
                              f"across alpine, sea or lake hexsides", units=[u] if u else [],
                              hexes=[a.hex, target], path=[a.hex, target])
            elif c.kind == "column" and (side.terrain in COLUMN_BANNED or side.major_river):
                what = "major river" if side.major_river else side.terrain.replace("_", " ")
                yield finding(ctx, c, "16-10", VIOLATION, f"{a.name} makes a Column Attack on "
                              f"{target} across a {what} hexside from {a.hex}",
                              units=[u] if u else [], hexes=[a.hex, target],
                              path=[a.hex, target])
        if c.kind == "column" and a.type in ("art", "siege-art"):
            yield finding(ctx, c, "16-4", VIOLATION, f"{a.name}: artillery may not make a "
                          f"Column Attack", units=[u] if u else [], hexes=[a.hex, target])
        if a.type == "siege-art" and c.date is not None and c.date.year == 1914 \
                and not any(v.counter.type == "fortress" for v in enemies):
            yield finding(ctx, c, "29-2", VIOLATION, f"{a.name}: in 1914 siege artillery attacks "
                          f"only hexes with fortifications; {target} has none",
                          units=[u] if u else [], hexes=[a.hex, target])
        if siege_as_regular(ctx, c, a) and "trench" not in RP.hex_marker_kinds(ctx, target):
            yield finding(ctx, c, "29-15", VIOLATION, f"{a.name}: from 1915 siege artillery "
                          f"attacks a hex without fortifications only as regular artillery, and "
                          f"only against units in trenches; {target} has no trench",
                          units=[u] if u else [], hexes=[a.hex, target])
        # 12-9 (Combat Phase) / 16-5 (one Column Attack per Movement Phase)
        for other in st.phase:
            if other is c or other.kind != c.kind:
                continue
            if any(o.piece == a.piece for o in other.attackers):
                rule_no = "16-5" if c.kind == "column" else "12-9"
                yield finding(ctx, c, rule_no, VIOLATION, f"{a.name} already attacked "
                              f"{other.target} (step {other.declared_step}) in this phase; a unit "
                              f"{'makes one Column Attack per Movement Phase' if c.kind == 'column' else 'attacks once per phase'}",
                              units=[u] if u else [], hexes=[a.hex, target])
                break
        if ctx.scenario is not None and u is not None:
            yield from if_3_9(ctx, c, u, target)
    if c.kind == "column":
        yield from stack_problems(ctx, c)
    if c.kind == "attack":
        for other in st.phase:
            if other is not c and other.kind == "attack" and other.target == target:
                yield finding(ctx, c, "12-7", VIOLATION, f"{target} was already attacked in this "
                              f"Combat Phase (step {other.first_step}); a hex is attacked once "
                              f"per Combat Phase", hexes=[target], side=c.side)
                break
    # 11-10: attack limits on reduced hexes
    board = RP.board_state(ctx)
    if board is not None and c.attackers:
        from ..rules import stacking as _stacking
        views = [RP.unit_view(ctx.units[a.piece]) for a in c.attackers if a.piece in ctx.units]
        msg = _stacking.check_attack_limit(board, target, views, _stacking_options(ctx))
        if msg:
            # the attackers count as divisions as they stack (27-3 components by strength)
            yield finding(ctx, c, "11-10", VIOLATION, msg.split(": ", 1)[-1], hexes=[target],
                          side=c.side, placeholders=strength_placeholders(
                              [ctx.units[a.piece] for a in c.attackers if a.piece in ctx.units],
                              _stacking_options(ctx)))


_NO_ATTACK = {"18-15": "Headquarters have a strength for defence only",
              "21-3": "fortresses never attack",
              "24-1": "Replacement units never attack or counterattack",
              "12-14": "a strength in parentheses is for defence only"}


def is_assault(a: CombatUnit) -> bool:
    return a.type in ("aslt", "mtn-aslt")
