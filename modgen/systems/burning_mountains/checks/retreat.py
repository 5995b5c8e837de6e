"""After a combat (9.2, 9.3, 12.3): the moves of a Combat Phase are retreats of the last combat's
defenders and advances of its attackers; nothing else moves in a Combat Phase (3.1). When the
combat is over (:func:`judge`) its retreat is judged as a whole: the 9.2.1 guidelines (with the
+2 TdP DRM when no retreat could meet them) and the minor rivers crossed (9.2.3).

A retreat dragged in one drop over several hexes could have gone by any shortest legal path:
the guidelines are met when one such path meets them; a river crossing that only some of them
make is undetermined (``!retreat <unit> <hex>-<hex>-…`` says which path it was).
"""
from __future__ import annotations

from modgen.check.context import MAIN_MAP, CheckContext, UnitState
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION
from modgen.hexgrid import Hex, Hexside

from ..combat_record import BmCombat, Move
from ..rules import retreat as rt
from .combat import _v, open_combat
from .common import bmap, enemy_zoc, finding, is_unit, now, resolve_unit, table, units_at, units_of


@rule("9.2", "move")
def combat_phase_move(ctx: CheckContext, u: UnitState, frm: Hex | None, to: Hex | None, frm_map):
    """9.2, 9.3, 12.3: a move in a Combat Phase is a retreat (9.2) or an advance (9.3) after the
    last combat resolved."""
    n = now(ctx)
    if n is None or n[2] != "combat" or not is_unit(u) or u.map != MAIN_MAP or to is None \
            or frm is None or frm_map != MAIN_MAP:
        return
    phasing = n[1]
    c = open_combat(ctx)
    if c is None:
        if ctx.state.undeclared_roll:
            yield finding(ctx, "9.2", UNDETERMINED, f"{u.name} moved {frm}-{to} after a combat whose hex and "
                          "units were not declared", units=[u], missing="!attack before the roll")
        else:
            yield finding(ctx, "3.1", VIOLATION, f"{u.name} moved {frm}-{to} in a Combat Phase in which no "
                          "combat was resolved before it: units move in their own Movement Phase, and in a "
                          "Combat Phase only to retreat or advance after a combat", units=[u],
                          hexes=[frm, to])
        return
    m = bmap(ctx)
    if u in c.defenders or (frm == c.hex and u.side != phasing):
        c.retreats.append(Move(u.piece, u.name, frm, to, ctx.step))
        if u.counter.is_artillery:
            yield _v(c, finding(ctx, "12.3", VIOLATION, f"{u.name} retreated: artillery cannot retreat after a "
                                "combat and is eliminated if forced to", units=[u], hexes=[frm, to]))
        if frm.direction_to(to) is not None and Hexside.of(frm, to) in m.crags:
            yield _v(c, finding(ctx, "4.5", VIOLATION, f"{u.name} retreated across a crag hexside {frm}/{to}",
                                units=[u], hexes=[frm, to]))
        enemies = {x.hex for x in units_of(ctx) if x.side != u.side and x.counter.is_combat_unit}
        if to in enemies:
            yield _v(c, finding(ctx, "4.1", VIOLATION, f"{u.name} retreated into {to}, held by an enemy "
                                "combat unit", units=[u], hexes=[to]))
        if c.retreat_required == 0:
            yield _v(c, finding(ctx, "9.2", UNDETERMINED, f"{u.name} retreated from {frm} though the CRT result "
                                "is no retreat (placeholder CRT)", units=[u], hexes=[frm, to],
                                missing="the printed CRT"))
        return
    if u.side == phasing and to == c.hex:
        c.advances.append(Move(u.piece, u.name, frm, to, ctx.step))
        if any(x for x in units_at(ctx, c.hex) if x.side != u.side):
            yield _v(c, finding(ctx, "9.3", VIOLATION, f"{u.name} advanced into {c.hex}, which the defender has "
                                "not vacated", units=[u], hexes=[c.hex]))
        elif u not in c.attackers:
            yield _v(c, finding(ctx, "9.3", VIOLATION, f"{u.name} advanced into {c.hex} but did not attack it "
                                "(withheld units may not advance)", units=[u], hexes=[c.hex]))
        return
    if u.side != phasing and u not in c.defenders and frm != c.hex:
        yield _v(c, finding(ctx, "9.3", VIOLATION, f"{u.name} of the defender moved {frm}-{to} in the Combat "
                            "Phase: a victorious defender never advances", units=[u], hexes=[frm, to]))


def capture_ground(ctx: CheckContext, c: BmCombat) -> None:
    """The board a retreat from ``c`` meets, as it stands when the combat is resolved (before any
    retreat or advance): enemy combat units and their ZOC, the other friendly units, the
    defenders' supply sources (11.2)."""
    from .supply import sources
    m, side = bmap(ctx), c.defender_side
    stack = {u.piece for u in units_at(ctx, c.hex)}
    src: set = set()
    for nation in sorted({u.counter.nation for u in c.defenders}):
        src |= sources(ctx, nation, side)
    c.ground = rt.RetreatGround(
        on_map=frozenset(m.hexes), crags=frozenset(m.crags), rivers=frozenset(m.rivers),
        bridges=frozenset(m.bridges),
        enemy_combat=frozenset(x.hex for x in units_of(ctx) if x.side != side and x.counter.is_combat_unit),
        ezoc=frozenset(enemy_zoc(ctx, side)),
        friendly=frozenset(x.hex for x in units_of(ctx, side) if x.piece not in stack),
        sources=frozenset(src))


def _paths(ctx: CheckContext, c: BmCombat) -> dict[str, list[tuple]]:
    """Each retreating unit's possible hex-by-hex paths: its ``!retreat`` path when declared after
    the roll, else its drops from the defender's hex (``rules.retreat.expansions``)."""
    drops: dict[str, list] = {}
    for mv_ in c.retreats:
        pts = drops.setdefault(mv_.piece, [c.hex])
        if mv_.to in pts:                              # dragged back: the log cannot tell a detour
            del pts[pts.index(mv_.to) + 1:]
        else:
            pts.append(mv_.to)
    declared = {}
    for d in ctx.declarations.of("retreat"):
        if d.step is not None and c.roll_step is not None and d.step > c.roll_step and d.hexes:
            for u in resolve_unit(ctx, d.unit or "", near=c.hex):
                declared[u.piece] = tuple(d.hexes)
    out = {}
    for pid, pts in drops.items():
        if len(pts) < 2:
            continue
        path = declared.get(pid)
        if path and path[0] == pts[0] and path[-1] == pts[-1]:
            pts = list(path)                         # the declared hexes, filled in where they skip
        out[pid] = rt.expansions(pts, c.ground)
    return out


def judge(ctx: CheckContext, c: BmCombat, cut: bool = False):
    """At the combat's close, the retreat as a whole: 9.2.1b the guidelines (a retreat that misses
    one when another retreat of that length meets both is a violation; when none can, the stack
    takes +2 on its TdP roll, 9.4.1), "unable to retreat" (+2), 9.2.3 one CE reduction per unit
    that crossed a minor river."""
    if c.ground is None or c.defender_side is None:
        return
    t = c.tdp.get("defender")
    paths = _paths(ctx, c)
    names = {m_.piece: m_.name for m_ in c.retreats}
    plus_two = ""
    if paths:
        n = max(len(ps[0]) - 1 for ps in paths.values())
        verdicts = {pid: rt.judge_guidelines(ps, c.ground) for pid, ps in paths.items()}
        possible = any(v.possible for v in verdicts.values())
        bad = {pid: v for pid, v in verdicts.items() if not v.met}
        if bad and possible:
            example = next(v.example for v in verdicts.values() if v.example)
            for pid, v in sorted(bad.items()):
                u = ctx.units.get(pid)
                taken = "-".join(map(str, paths[pid][0]))
                yield _v(c, finding(ctx, "9.2.1", VIOLATION, f"{names[pid]} retreated {taken}: {' and '.join(v.failed)}, "
                                    f"though {'-'.join(map(str, example))} meets both retreat guidelines",
                                    units=[u] if u is not None else [], hexes=[c.hex], path=paths[pid][0],
                                    side=c.defender_side))
        elif bad:
            plus_two = (f"no retreat of {n} hex(es) from {c.hex} meets both guidelines "
                        f"({'; '.join(sorted({w for v in bad.values() for w in v.failed}))})")
        c.after_lines.append("retreat guidelines (9.2.1): " + ("met" if not bad else
                             "missed; " + (plus_two or "another retreat met them")))
        # 9.2.3: a CE reduction for each unit that crossed a minor river
        for pid, ps in paths.items():
            counts = [rt.river_crossings(p, c.ground) for p in ps]
            low = min(plain for plain, _ in counts)
            high = max(ezoc for _, ezoc in counts)
            if low:
                c.river[pid] = low
                c.after_lines.append(f"river (9.2.3): {names[pid]} crossed {low} unbridged minor river "
                                     "hexside(s): one CE reduction each")
            if high > low:
                paths_differ = len({plain for plain, _ in counts}) > 1
                why = ("depends on the hexes between its drops" if paths_differ else
                       "depends on whether a bridge into or out of an EZOC hex counts (6.3: roads are ignored "
                       "in EZOC)")
                c.after_lines.append(f"river (9.2.3): whether {names[pid]} owes {high - low} more reduction(s) "
                                     f"{why}")
                yield _v(c, finding(ctx, "9.2.3", UNDETERMINED, f"{names[pid]} retreated "
                                    f"{'-'.join(map(str, ps[0]))}: whether it crossed a minor river unbridged {why}",
                                    units=[x for x in [ctx.units.get(pid)] if x is not None], hexes=[c.hex],
                                    missing=(f"!retreat {names[pid]} <the hexes, one by one>" if paths_differ
                                             else "the meaning of 9.2.3's 'remember 6.3 for EZOC effect' (open)")))
    elif c.retreat_required and not cut and c.defenders and all(ctx.units.get(u.piece) is not None
                                                   and ctx.units[u.piece].hex == c.hex for u in c.defenders):
        if not any(rt.legal_paths(c.hex, c.retreat_required, c.ground)):
            plus_two = f"no legal retreat of {c.retreat_required} hex(es) from {c.hex}: unable to retreat"
            c.after_lines.append(f"retreat (9.2): {plus_two}")
        else:
            yield _v(c, finding(ctx, "9.2", UNDETERMINED, f"the defenders of {c.hex} did not retreat; the CRT "
                                f"result is R{c.retreat_required} (placeholder CRT)", units=c.defenders,
                                hexes=[c.hex], side=c.defender_side, missing="the printed CRT"))
    if plus_two and t is not None:
        t.drms.append(("unable to retreat or to fulfil the retreat guidelines (9.2.1)", 2))
        t.reductions = table(ctx, "tdp").reductions(c.magnitude, t.modified)
        c.defender_drm += 2
        c.after_lines.append(f"+2 on the defender's TdP roll (9.4.1, unable to retreat or to fulfil the "
                             f"guidelines): {t.text()} -> {t.reductions} CE reductions (placeholder TdP)")
