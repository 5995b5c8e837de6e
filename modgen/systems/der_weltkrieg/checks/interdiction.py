"""River Flotilla interdiction attacks (Standard Rules 36-7, 36-8), declared with
``!interdict <unit> [with <flotilla>, …]`` (docs/declarations.md).

36-7: "A River Flotilla may 'interdict' any crossing of the Danube that happens within 2 hexes of
the hex occupied by the River Flotilla ... Units crossing the Danube and interdicted by a River
Flotilla are attacked by that Flotilla at 3 times the River Flotilla's counter strength. No supply
points are expended ... The interdicted unit may not counterattack." 36-8: "Each 'interdicted'
unit is attacked ... separately. Engineer units interdicted by enemy River Flotillas are
destroyed. Should a Headquarters unit be interdicted, and it takes a strength point loss, all of
the Supply Points in the possession of that Headquarters are lost."

Whether a flotilla interdicts is its owner's choice, which the log cannot show: the owner types
``!interdict`` once the unit has crossed, then rolls 1d6 (the interdiction's roll, never read as
a combat roll), and the crossing player takes the losses. Each interdiction is judged when it is
over — at the next ``!interdict`` or ``!attack`` of the phase, or at the phase's end:

* the crossing (36-7): in the unit's own Movement Phase, a step of its move across a Danube
  hexside within 2 hexes of each flotilla named; a move whose drops are not adjacent hides where
  it crossed: *undetermined*. In another phase (an advance after combat) *undetermined*: 36-7
  speaks of crossings, and the checker reads only Movement-Phase moves hex by hex;
* the attack (36-7): the CRT column is 3 × the flotillas' counter strength (the face showing,
  under its strength markers), the die as rolled — 36-7 names no modifier (the checker's
  reading); the unit must lose what the CRT gives (at most its strength). The CRT is a
  placeholder (missing-data M1): a shortfall on a placeholder cell is *undetermined*;
* no counterattack (36-7): a ``!counterattack`` on the unit's hex, or a flotilla losing strength,
  while the interdiction is open is a violation;
* an Engineer interdicted is destroyed (36-8): still on the map when the interdiction is over is a
  violation (no roll needed);
* an HQ interdicted defends with its strength of 1 (18-15): a loss destroys it, and "all of the
  Supply Points in the possession of that Headquarters are lost" (36-8) — an HQ still on the map
  after a roll that gives a loss is the shortfall above; the ledger books its SP as lost, not
  spent (as 18-16's).

No SP are spent for the attack: ``!interdict`` has no supply clause. Losses of the interdicted
unit are no unexplained Movement-Phase losses (13-21: the ``explained-loss`` hook) and give DM
as combat losses do (26-3: the ``movement-combat`` hook).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from modgen.check.context import DEAD_PILE, CheckContext, PhaseInfo, UnitState
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION, WARNING

from ..rules import danube
from ..rules.combat import crt_results
from . import common as RP
from .combat_state import add_sets, crt_table, current_combat, phase_state, unit_strengths
from .common import board_state, is_unit, register_hook

STATE = "dw-interdictions"
RANGE = danube.INTERDICTION_RANGE


@dataclass
class Interdiction:
    """One ``!interdict``: the unit attacked, the flotillas, their strengths then, the roll."""

    step: int
    phase: int                                  # ctx.phase_start_step of its phase
    kind: str                                   # the phase's kind (movement, combat, …)
    phase_side: str | None
    unit: str | None                            # piece (None: the declaration named none)
    flotillas: list[str] = field(default_factory=list)     # pieces
    named: bool = False                         # the flotillas were named (``with``)
    before: frozenset = frozenset()             # the unit's strengths at the declaration
    flotilla_strengths: dict = field(default_factory=dict)  # piece -> strengths then
    roll: tuple[int, int] | None = None         # (die, step)
    closed: bool = False


def _state(ctx: CheckContext) -> list[Interdiction]:
    return ctx.cache.setdefault(STATE, [])


def _open(ctx: CheckContext) -> list[Interdiction]:
    return [i for i in ctx.cache.get(STATE, ()) if not i.closed and i.phase == ctx.phase_start_step]


#: 18-15: "Headquarters have a combat strength of 1 for defense purposes only" (an interdicted
#: HQ is attacked on its own, 36-8, so it has it)
HQ_DEFENCE = 1


def _strengths(ctx: CheckContext, u: UnitState | None) -> frozenset:
    if u is None or u.hex is None or u.map == DEAD_PILE:
        return frozenset({0})
    if u.counter.type == "hq":
        return frozenset({HQ_DEFENCE})
    return frozenset(v for v in unit_strengths(ctx, u) if v is not None) or frozenset({0})


def _gone(u: UnitState | None) -> bool:
    return u is None or u.hex is None or u.map == DEAD_PILE


def _crossings(ctx: CheckContext, u: UnitState) -> tuple[list, bool]:
    """The Danube crossings of ``u``'s move this phase ((a, b) steps between adjacent drops) and
    whether some leg joins drops that are not adjacent (the crossing may hide there)."""
    board = board_state(ctx)
    drops = list(ctx.moves.get(u.piece, []))
    out, hidden = [], False
    for a, b in zip(drops, drops[1:]):
        if a is None or b is None or a == b:
            continue
        if a.distance(b) > 1:
            hidden = True
        elif board is not None and danube.is_danube(board, a, b):
            out.append((a, b))
    return out, hidden


def _resolve_unit(ctx: CheckContext, d) -> tuple[UnitState | None, str | None]:
    """The unit ``!interdict`` names: by name, id or designation (units that moved this phase
    first), or the one unit that crossed the Danube into the hex typed."""
    if d.hexes:
        h = d.hexes[0]
        here = [u for u in ctx.units_at(h) if is_unit(u) and u.counter.type != "flotilla"]
        crossed = [u for u in here if _crossings(ctx, u)[0]]
        pick = crossed or [u for u in here if u.piece in ctx.moves]
        if len(pick) == 1:
            return pick[0], None
        if not pick:
            return None, f"no unit that moved this phase stands in {h}"
        return None, (f"{len(pick)} units that moved this phase stand in {h} "
                      f"({', '.join(sorted(u.name for u in pick))}); each is interdicted "
                      f"separately (36-8): name the unit")
    ref = d.unit or ""
    hits = [u for u in ctx.units.values() if is_unit(u) and RP.unit_matches(ref, u)
            and u.counter.type != "flotilla"]
    hits.sort(key=lambda u: (u.piece not in ctx.moves, u.hex is None, u.piece))
    if not hits:
        return None, f"no unit is named {ref!r}"
    return hits[0], None


def _in_range_flotillas(ctx: CheckContext, u: UnitState, crossings) -> list[UnitState]:
    return sorted((f for f in ctx.units.values()
                   if is_unit(f) and f.counter.type == "flotilla" and f.side != u.side
                   and not _gone(f)
                   and any(danube.in_interdiction_range(f.hex, a, b) for a, b in crossings)),
                  key=lambda f: f.piece)


@rule("36-7", "declare")
def interdiction_declared(ctx: CheckContext, d):
    """36-7 bookkeeping: an ``!interdict`` opens an interdiction attack (the one before it is
    over); a ``!counterattack`` on the hex of an interdicted unit while it is open breaks 36-7's
    "the interdicted unit may not counterattack"; an ``!attack`` closes the open ones."""
    if d.keyword == "counterattack":
        for i in _open(ctx):
            u = ctx.units.get(i.unit) if i.unit else None
            if u is not None and u.hex is not None and d.hexes and d.hexes[0] == u.hex:
                yield ctx.finding("36-7", VIOLATION, f"a counterattack was declared from {u.hex} "
                                  f"against the River Flotilla interdicting {u.name}; the "
                                  f"interdicted unit may not counterattack", units=[u],
                                  hexes=[u.hex], side=u.side, step=d.step)
        return
    if d.keyword == "attack":
        for i in _open(ctx):
            yield from _close(ctx, i)
        return
    if d.keyword != "interdict":
        return
    for i in _open(ctx):
        yield from _close(ctx, i)
    register_hook(ctx, "claim-roll", _claim_roll)
    register_hook(ctx, "explained-loss", _explained_loss)
    register_hook(ctx, "movement-combat", _interdicted_hex)
    u, why = _resolve_unit(ctx, d)
    i = Interdiction(d.step or 0, ctx.phase_start_step, ctx.now.kind, ctx.now.side,
                     u.piece if u is not None else None)
    _state(ctx).append(i)
    if u is None:
        yield ctx.finding("declaration", WARNING, f"!interdict: {why}: {d.text!r}",
                          check="declarations", step=d.step)
        i.closed = True
        return
    i.before = _strengths(ctx, u)
    if d.args:
        i.named = True
        for ref in d.args:
            hits = [f for f in ctx.units.values() if is_unit(f) and RP.unit_matches(ref, f)]
            flots = [f for f in hits if f.counter.type == "flotilla" and f.side != u.side
                     and not _gone(f)]
            if not flots:
                what = ("is not an enemy River Flotilla on the map" if hits
                        else "names no unit")
                yield ctx.finding("declaration", WARNING, f"!interdict: {ref!r} {what} (of "
                                  f"{u.name}'s enemy): {d.text!r}", check="declarations",
                                  step=d.step)
                continue
            if flots[0].piece not in i.flotillas:
                i.flotillas.append(flots[0].piece)
    else:
        i.flotillas = [f.piece for f in _in_range_flotillas(ctx, u, _crossings(ctx, u)[0])]
    for p in i.flotillas:
        i.flotilla_strengths[p] = _strengths(ctx, ctx.units.get(p))
    if not i.flotillas and d.args:
        i.closed = True                      # every flotilla named was a bad reference (warned)


def _claim_roll(ctx: CheckContext, roll) -> str | None:
    """The first 1d6 after an ``!interdict`` (and after any ``!attack`` still waiting for its
    roll that was declared before it) is the interdiction's roll."""
    opened = [i for i in _open(ctx) if i.roll is None]
    if not opened:
        return None
    i = opened[-1]
    c = current_combat(phase_state(ctx))
    if c is not None and c.attack_roll is None and not c.closed \
            and (c.declared_step or 0) > i.step:
        return None
    v = roll.values[0] if len(roll.values) == 1 else roll.total
    i.roll = (v, ctx.step or 0)
    return "36-7"


def _explained_loss(ctx: CheckContext, u: UnitState) -> str | None:
    """13-21: a loss of a unit interdicted in this phase is the interdiction's."""
    if any(i.unit == u.piece and i.phase == ctx.phase_start_step
           for i in ctx.cache.get(STATE, ())):
        return "36-7"
    return None


def _interdicted_hex(ctx: CheckContext, h) -> str | None:
    """26-3: a loss in the hex of a unit interdicted this phase is a combat loss (its DM count)."""
    for i in ctx.cache.get(STATE, ()):
        u = ctx.units.get(i.unit) if i.unit and i.phase == ctx.phase_start_step else None
        if u is not None and (u.hex == h or (u.hex is None and ctx.moves.get(u.piece, [None])[-1] == h)):
            return "36-7"
    return None


@rule("36-7", "flip")
def interdicting_flotilla_flipped(ctx: CheckContext, u: UnitState, before: int, after: int):
    """36-7: "The interdicted unit may not counterattack": a flotilla that is interdicting loses
    no strength (only a counterattack could take it)."""
    if after <= before or STATE not in ctx.cache or not is_unit(u) \
            or u.counter.type != "flotilla":
        return
    yield from _flotilla_hit(ctx, u, "flipped", u.hex)


@rule("36-7", "move", moves=["departures"])
def interdicting_flotilla_eliminated(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """36-7: as above, for a flotilla eliminated while it interdicts."""
    if to is not None or frm is None or not is_unit(u) or u.counter.type != "flotilla" \
            or STATE not in ctx.cache:
        return ()        # asked on every move: no generator unless a flotilla left the map
    return _flotilla_hit(ctx, u, "eliminated", frm)


def _flotilla_hit(ctx: CheckContext, f: UnitState, how: str, at):
    for i in _open(ctx):
        if f.piece in i.flotillas and i.roll is not None:
            target = ctx.units.get(i.unit) if i.unit else None
            name = target.name if target is not None else "the unit"
            yield ctx.finding("36-7", VIOLATION, f"{f.name} was {how} while interdicting "
                              f"{name}; the interdicted unit may not counterattack, so the "
                              f"flotilla loses nothing", units=[f],
                              hexes=[at] if at is not None else [], side=f.side)
            return


@rule("36-7", "phase_end")
def interdictions_at_phase_end(ctx: CheckContext, ended: PhaseInfo):
    """36-7 / 36-8: the phase's open interdictions are judged at its end."""
    if STATE not in ctx.cache:
        return
    for i in _open(ctx):
        yield from _close(ctx, i)
    st = _state(ctx)
    st[:] = [i for i in st if not i.closed]


@rule("36-7", "end")
def interdictions_at_the_end(ctx: CheckContext):
    """A log that ends inside a phase: its open interdictions are judged as at the phase's end."""
    for i in _open(ctx):
        yield from _close(ctx, i)


def _close(ctx: CheckContext, i: Interdiction):
    """Judge one interdiction (module docstring)."""
    i.closed = True
    u = ctx.units.get(i.unit) if i.unit else None
    if u is None:
        return
    where = [u.hex] if u.hex is not None else []
    crossings, hidden = _crossings(ctx, u)
    if not i.flotillas:
        # no flotilla named: the enemy flotillas in range of a crossing the phase shows
        i.flotillas = [f.piece for f in _in_range_flotillas(ctx, u, crossings)]
        for p in i.flotillas:
            i.flotilla_strengths[p] = _strengths(ctx, ctx.units.get(p))
        if not i.flotillas:
            yield ctx.finding("36-7", UNDETERMINED if hidden else VIOLATION,
                              f"{u.name} was interdicted with no enemy River Flotilla within "
                              f"{RANGE} hexes of a Danube crossing it made this phase",
                              units=[u], hexes=[u.hex] if u.hex else [], side=u.side,
                              step=i.step, **({"missing": "where the unit crossed the Danube (its "
                                               "drops are not adjacent: drag it hex by hex)"}
                                              if hidden else {}))
            return
    flots = [ctx.units[p] for p in i.flotillas if p in ctx.units]
    names = ", ".join(f"{f.name} ({f.hex})" for f in flots)
    # the crossing: own Movement Phase, a Danube step within range of every flotilla named
    if i.kind != "movement" or i.phase_side != u.side:
        if i.kind == "combat":
            yield ctx.finding("36-7", UNDETERMINED, f"{u.name} was interdicted in a Combat Phase "
                              f"(by {names})", units=[u], hexes=where, side=u.side, step=i.step,
                              missing="whether an advance after combat across the Danube may be "
                                      "interdicted (36-7 speaks of crossings; the checker reads "
                                      "crossings hex by hex in Movement Phases only)")
        else:
            yield ctx.finding("36-7", VIOLATION, f"{u.name} was interdicted outside its own "
                              f"Movement Phase; River Flotillas interdict units crossing the "
                              f"Danube", units=[u], hexes=where, side=u.side, step=i.step)
        return
    verdict = None
    for f in flots:
        if f.hex is None:
            continue
        if any(danube.in_interdiction_range(f.hex, a, b) for a, b in crossings):
            continue
        what = (f"its crossing{'s' if len(crossings) > 1 else ''} of the Danube ("
                + ", ".join(f"{a}→{b}" for a, b in crossings) + f") {'are' if len(crossings) > 1 else 'is'} more than "
                f"{RANGE} hexes from {f.name} ({f.hex})") if crossings else \
            "it did not cross the Danube this phase"
        if hidden:
            yield ctx.finding("36-7", UNDETERMINED, f"{u.name} was interdicted by {f.name} "
                              f"({f.hex}); {what} as far as its drops show", units=[u, f],
                              hexes=where + [f.hex], side=u.side, step=i.step,
                              missing="where the unit crossed the Danube (its drops are not "
                                      "adjacent: drag it hex by hex)")
            verdict = verdict or "undetermined"
        else:
            yield ctx.finding("36-7", VIOLATION, f"{u.name} was interdicted by {f.name} "
                              f"({f.hex}), but {what}; a River Flotilla interdicts only a "
                              f"crossing of the Danube within {RANGE} hexes of its hex (the hex "
                              f"moved from or into)", units=[u, f], hexes=where + [f.hex],
                              side=u.side, step=i.step)
            verdict = "violation"
    if verdict == "violation" or not flots:
        return
    # 36-8: an Engineer interdicted is destroyed
    if u.counter.type == "eng":
        if not _gone(u):
            yield ctx.finding("36-8", VIOLATION, f"{u.name} was interdicted by {names} and is "
                              f"still on the map; Engineer units interdicted by enemy River "
                              f"Flotillas are destroyed", units=[u], hexes=where, side=u.side,
                              step=i.step)
        return
    after = _strengths(ctx, u)
    lost_lo = max(0, min(i.before) - max(after))
    lost_hi = max(0, max(i.before) - min(after))
    if u.counter.type == "hq" and lost_hi > 0:
        _hq_sp_lost(ctx, u)
    if i.roll is None:
        yield ctx.finding("36-7", UNDETERMINED, f"the interdiction of {u.name} by {names} has no "
                          f"die roll", units=[u], hexes=where, side=u.side, step=i.step,
                          missing="the 1d6 roll of the interdiction attack")
        return
    crt = crt_table(ctx)
    if crt is None:
        return
    total = frozenset({0})
    for p in i.flotillas:
        total = add_sets(total, i.flotilla_strengths.get(p) or frozenset({0}))
    strengths = set(total)
    if not i.named and len(i.flotillas) > 1:
        # none named, several in range: any one of them, or all together (36-8's "Flotillas if
        # multiple are in range"), each a reading the declaration leaves open
        for p in i.flotillas:
            strengths |= set(i.flotilla_strengths.get(p) or ())
    columns = {3 * s for s in strengths if s > 0}
    if not columns:
        return
    die, step = i.roll
    look = crt_results(crt, columns, [die], ctx.now.date)
    printed = all(crt.cell_is_printed(c, die, ctx.now.date) for c in columns)
    cap = max(i.before)
    need = min(min(look.results), cap)
    if u.counter.type == "hq" and need > 0:
        _hq_sp_lost(ctx, u)
    if lost_hi >= need:
        return
    placeholders = tuple(p for f in flots for p in RP.placeholder_inputs(f, "strength"))
    got = str(lost_lo) if lost_lo == lost_hi else f"{lost_lo}-{lost_hi}"
    cols = "/".join(str(c) for c in sorted(columns))
    whose = "the flotillas' strength" if len(flots) > 1 else f"{flots[0].name}'s strength"
    msg = (f"{u.name} lost {got} SP to the interdiction by {names}: 3 × {whose} "
           f"is column {cols}, the roll {die} gives {need} SP")
    if u.counter.type == "hq":
        msg += (f" (an HQ defends with strength {HQ_DEFENCE}, 18-15: it is destroyed, and an HQ "
                f"interdicted that takes a strength point loss loses all its Supply Points, 36-8)")
    rule_no = "36-8" if u.counter.type == "hq" else "36-7"
    if not printed:
        yield ctx.finding(rule_no, UNDETERMINED, msg + " under the placeholder CRT", units=[u],
                          hexes=where, side=u.side, step=step, placeholders=placeholders,
                          missing="the printed Combat Results Table (missing-data M1)")
    else:
        yield ctx.finding(rule_no, VIOLATION, msg, units=[u], hexes=where, side=u.side,
                          step=step, placeholders=placeholders)


def _hq_sp_lost(ctx: CheckContext, u: UnitState) -> None:
    """36-8: the SP of an interdicted HQ that takes (or must take) a strength point loss are
    lost, not spent: the ledger books them so (as 18-16's)."""
    from .supply_ledger import ledger
    ledger(ctx).lost_hqs.add(u.piece)
