"""The defender's hex in a combat: which terrain it may choose (13-3..13-6, Figure 8; 21-4: a
fortress in a city is not urban for the choice) and whether the declared ``!terrain`` is one of
them; the hexsides the attackers cross (13-5 rivers); when a trench is negated (22-17: 1915 siege
and regular artillery against the defending divisions, 22-18: attacked from front and rear,
20-12: surrounded defenders) and the solid-defence modifiers (22-19..22-21).
"""
from __future__ import annotations

from modgen.check.context import CheckContext
from modgen.check.findings import VIOLATION
from modgen.hexgrid import Hex

from ..rules import combat as C
from . import common as RP
from ..combat_record import Combat, is_surrounded
from .combat_state import finding, is_unit, on_map_6_4


def _target_terrain(ctx: CheckContext, c: Combat):
    mapdef = ctx.mapdef()
    if mapdef is None:
        return None
    target = c.target
    sides = {}
    for n in target.neighbours():
        s = mapdef.hexside(target, n)
        if s is not None and n in mapdef.hexes:
            sides[n] = s
    return sides


def terrain_choice(ctx: CheckContext, c: Combat):
    """13-3..13-6, Figure 8, 21-4: the terrain the defender may choose, and whether the declared
    choice is one of them."""
    sides = _target_terrain(ctx, c)
    if sides is None:
        return
    board = RP.board_state(ctx)
    mapdef = ctx.mapdef()
    info = mapdef.hexes.get(c.target)
    through = sorted({a.hex for a in c.attackers if a.hex is not None
                      and a.hex in c.target.neighbours()})
    if not through:
        return
    neutral = [n for n in sides if board is not None and board.is_neutral(n)]
    fortress = any(d.type == "fortress" for d in c.defenders)
    tc = C.terrain_choices(c.target, through, {n: s.terrain for n, s in sides.items()},
                           city_center=bool(info and info.city), neutral=neutral,
                           fortress=fortress)
    c.terrain_choices = tc.terrains
    if c.terrain is not None and tc.terrains and c.terrain not in tc.choices:
        label = c.terrain.replace("_", " ")
        rule_no = "21-4" if c.terrain == "urban" and fortress else \
            "13-4" if c.terrain == "urban" else "13-3"
        yield finding(ctx, c, rule_no, VIOLATION, f"the defender of {c.target} chose {label}; "
                      f"attacked from {', '.join(map(str, through))} it may choose "
                      f"{', '.join(t.replace('_', ' ') for t in tc.terrains)}",
                      hexes=[c.target] + through, step=c.terrain_step, side=c.defender_side)


def terrain_readings(ctx: CheckContext, c: Combat) -> list[str]:
    if c.terrain is not None and (not c.terrain_choices or c.terrain in c.terrain_choices):
        return [c.terrain]
    return list(c.terrain_choices) or ["clear"]


def attack_hexsides(ctx: CheckContext, c: Combat) -> list:
    mapdef = ctx.mapdef()
    out = []
    for a in c.attackers:
        if a.hex is None or mapdef is None or a.hex not in c.target.neighbours():
            continue
        s = mapdef.hexside(a.hex, c.target)
        if s is not None:
            out.append(s)
    return out


def trench_negation(ctx: CheckContext, c: Combat) -> str | None:
    """22-17 (1915, not the Western Front: siege AND regular artillery batteries both at least the
    defending divisions), 22-18 (attacked from front and rear), 20-12 (surrounded). Worked out
    once per combat."""
    memo = ctx.cache.setdefault("dw-trench-negated", {})
    key = (c.number, c.attack_roll.step if c.attack_roll else None)
    if key not in memo:
        if len(memo) > 1000:
            memo.clear()
        memo[key] = _trench_negated_now(ctx, c)
    return memo[key]


def _trench_negated_now(ctx: CheckContext, c: Combat) -> str | None:
    if any(is_surrounded(ctx, ctx.units[d.piece]) for d in c.defenders if d.piece in ctx.units):
        return "20-12"
    if c.date is not None and c.date.year == 1915:
        siege = sum(1 for a in c.attackers if a.type == "siege-art")
        regular = sum(1 for a in c.attackers if a.type == "art")
        divisions = sum(1 for d in c.defenders if d.size == "XX")
        if divisions and siege >= divisions and regular >= divisions:
            return "22-17"
    if _front_and_rear(ctx, c):
        return "22-18"
    return None


def _front_and_rear(ctx: CheckContext, c: Combat) -> bool:
    """22-18: a hex attacked from opposite sides keeps its trench only with friendly units in two
    adjacent hexes of one flank; attacked from three alternate directions, never."""
    ring = c.target.neighbours()
    dirs = {c.target.direction_to(a.hex) for a in c.attackers if a.hex in ring}
    dirs.discard(None)
    order = _ring_order(c.target)
    idx = {d: i for i, d in enumerate(order)}
    att = {idx[d] for d in dirs if d in idx}
    if len(att) >= 3 and any({i, (i + 2) % 6, (i + 4) % 6} <= att for i in range(6)):
        return True
    friendly = set()
    for i, d in enumerate(order):
        h = c.target.neighbour(d)
        if any(is_unit(v) and v.side == c.defender_side and v.counter.type not in ("hq", "rpl")
               for v in ctx.units_at(h)):
            friendly.add(i)
    for i in att:
        j = (i + 3) % 6
        if j in att:
            flanks = [{(i + 1) % 6, (i + 2) % 6}, {(i + 4) % 6, (i + 5) % 6}]
            if not any(f <= friendly for f in flanks):
                return True
    return False


def _ring_order(h: Hex) -> list:
    """The six directions of ``h`` in ring order (each next to the one before)."""
    ns = h.neighbours()
    order = [ns[0]]
    while len(order) < 6:
        nxt = next((n for n in ns if n not in order and n in order[-1].neighbours()), None)
        if nxt is None:
            break
        order.append(nxt)
    return [h.direction_to(n) for n in order]


def solid_mods(ctx: CheckContext, c: Combat, terrain: str):
    """22-19..22-21 for a Combat Phase attack."""
    if "trench" not in RP.hex_marker_kinds(ctx, c.target) or c.date is None:
        return None, None
    through = len({a.hex for a in c.attackers if a.hex in c.target.neighbours()})
    inf = sum(min(v for v in d.strengths if v is not None) for d in c.defenders
              if d.type in ("inf", "mtn", "marine", "aslt", "mtn-aslt")
              and any(v is not None for v in d.strengths))
    nations = {d.nation for d in c.defenders}
    from ..rules.units import default_full_division_strengths
    full = default_full_division_strengths(ctx.game.counters.values())
    fd = min((full[n] for n in nations if n in full), default=None)
    if not C.solid_defence(True, inf, through, fd):
        return None, None
    art = sum(min(v for v in a.strengths if v is not None) for a in c.attackers
              if a.type in ("art", "siege-art") and any(v is not None for v in a.strengths))
    front = "italy" if on_map_6_4(ctx) else "other"
    need = C.solid_defence_artillery_needed(c.date.year, front)
    return C.solid_defence_modifiers(True, art, need, terrain)
