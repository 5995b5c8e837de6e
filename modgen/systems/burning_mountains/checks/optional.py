"""The optional rules (15), in play when the players declare them (``!optional 15.1``, 15.0).

15.1 Replacements: each side's replacement points (RP) — one per step its combat units lose, one
in each of its Reinforcement Phases (the Italian one only when the die is below the GT before
GT 7, 15.1 Italian unpreparedness; the A-H one until a 1-2 from GT 10 stops it and from then one
is lost each Reinforcement Phase, 15.1 Brusilov Offensive), one paid for each CE recovery (10.3).
The count starts at the RP markers' track boxes when 15.1 is declared; at the end of each of a
side's Reinforcement Phases its RP marker must show the count. A recovery is read from the log:
a CE marker of the phasing side removed or flipped back in its Movement Phase.

15.2 Italian improved defence: 2d6 + GT of 15 or more in an Italian Reinforcement Phase; the
combat strengths read it from ``ctx.state.improved_defence``.
"""
from __future__ import annotations

from modgen.check import declarations as decl
from modgen.check.context import CheckContext, PhaseInfo, UnitState
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION
from modgen.hexgrid import Hex
from modgen.replay import DiceRolled

from ..rules.victory import brusilov_stops, improved_defence, italian_replacement
from .common import ELIMINATED, finding, is_unit, now, steps, units_at
from .victory import track_value

ON = "15.1"


def _marker(ctx: CheckContext, side: str) -> UnitState | None:
    return next((u for u in ctx.units.values() if u.marker_id == f"rp-{side}"), None)


def _rp(ctx: CheckContext, side: str, n: int, why: str) -> None:
    st = ctx.state
    st.rp[side] = max(0, st.rp.get(side, 0) + n)
    st.rp_log.append((ctx.step, side, n, why))


@rule("15.0", "declare")
def optional_rules(ctx: CheckContext, d: decl.Declaration):
    """15.0: the optional rules in play, by the players' agreement; 15.1 counts from the RP
    markers' boxes at that moment."""
    if d.keyword != "optional":
        return
    st = ctx.state
    if ON in d.args and ON not in st.optional:
        for s in ctx.game.sides:
            m = _marker(ctx, s.id)
            v = track_value(ctx, m) if m is not None else None
            st.rp[s.id] = v or 0
            st.rp_known[s.id] = True
    st.optional.update(d.args)


@rule("15.1", "flip")
def rp_for_a_flip(ctx: CheckContext, u: UnitState, before: int, after: int):
    """15.1: one RP each time a friendly combat unit suffers a step loss (flipped)."""
    if ON in ctx.state.optional and is_unit(u) and u.counter.is_combat_unit and after > before:
        _rp(ctx, u.side, 1, f"{u.name} lost a step")


@rule("15.1", "move")
def rp_for_an_elimination_or_recovery(ctx: CheckContext, u: UnitState, frm: Hex | None, to: Hex | None,
                                      frm_map):
    """15.1: one RP per step of a combat unit eliminated; a CE marker removed in its side's Movement
    Phase is a recovery (10.3), paid with one RP."""
    st = ctx.state
    if ON not in st.optional or frm is None or to is not None:
        return
    if is_unit(u) and u.counter.is_combat_unit and u.map in (ELIMINATED, None):
        _rp(ctx, u.side, steps(u), f"{u.name} eliminated ({steps(u)} step(s))")
    elif u.marker_id == "ce":
        yield from _recovery(ctx, frm)


@rule("15.1", "layer")
def rp_for_a_recovery(ctx: CheckContext, u: UnitState, layer: str, before: int, after: int):
    """15.1, 10.3: a CE -2 marker flipped back to -1 in its side's Movement Phase is a recovery."""
    if ON in ctx.state.optional and u.marker_id == "ce" and layer == "Side" and after < before:
        yield from _recovery(ctx, u.hex)


def _recovery(ctx: CheckContext, h: Hex | None):
    n = now(ctx)
    if n is None or n[2] != "movement":
        return
    side = n[1]
    units = [x for x in units_at(ctx, h) if x.side == side]
    if not units:
        return
    st = ctx.state
    if st.rp.get(side, 0) <= 0:
        yield finding(ctx, "15.1", VIOLATION if st.rp_known.get(side, True) else UNDETERMINED,
                      f"{units[0].name} recovered Combat Effectiveness in {h} with no replacement point: each "
                      "recovery costs one (15.1)", units=units, hexes=[h], side=side,
                      missing="" if st.rp_known.get(side, True) else "an earlier replacement-point income")
        return
    _rp(ctx, side, -1, f"recovery in {h}")


@rule("15.1", "dice")
def optional_rolls(ctx: CheckContext, ev: DiceRolled):
    """15.1 Italian unpreparedness and the Brusilov Offensive (1d6), 15.2 improved defence (2d6),
    rolled in the Reinforcement Phase."""
    st, n = ctx.state, now(ctx)
    if n is None or n[2] != "reinforcement":
        return
    gt, side, _ph = n
    vals = [v for v in ev.values if isinstance(v, int)]
    if ev.button == "1d6" and ON in st.optional and len(vals) == 1:
        die = vals[0]
        st.rp_die[(gt, side)] = die
        if side == "it":
            rp = italian_replacement(gt, die)
            ctx.notes.append(f"step {ctx.step}: 15.1 Italian unpreparedness: GT {gt}, die {die} -> "
                             f"{rp} replacement point" + ("" if gt < 7 else " (automatic from GT 7)"))
        elif brusilov_stops(gt, die):
            ctx.notes.append(f"step {ctx.step}: 15.1 Brusilov Offensive: GT {gt}, die {die}: the A-H "
                             "replacement points stop for the rest of the game")
    elif ev.button == "2d6" and "15.2" in st.optional and side == "it" and len(vals) == 2:
        total = sum(vals)
        if improved_defence(gt, total):
            st.improved_defence = True
        ctx.notes.append(f"step {ctx.step}: 15.2: 2d6 = {total} + GT {gt} = {total + gt} -> "
                         f"{'Italian defence +1 from now on' if st.improved_defence else 'no effect'}")


@rule("15.1", "phase_end")
def rp_income_and_track(ctx: CheckContext, ended: PhaseInfo):
    """15.1: the turn's RP in the side's Reinforcement Phase, then its RP marker must show the
    count."""
    st = ctx.state
    if ON not in st.optional or ended.phase is None or ended.kind != "reinforcement":
        return
    gt, side = int(ended.date), ended.side
    die = st.rp_die.get((gt, side))
    if side == "it":
        if gt >= 7 or die is not None:
            _rp(ctx, side, italian_replacement(gt, die), f"GT {gt} income")
        else:
            st.rp_known[side] = False
            yield finding(ctx, "15.1", UNDETERMINED, f"no 1d6 roll in the Italian Reinforcement Phase of GT {gt}: "
                          "whether the Italian player receives a replacement point is not known (Italian "
                          "unpreparedness)", side=side, missing="the 1d6 roll of 15.1")
    elif st.rp_stopped:
        _rp(ctx, side, -1, f"GT {gt}: one point removed after the Brusilov Offensive")
    elif gt >= 10 and die is None:
        st.rp_known[side] = False
        yield finding(ctx, "15.1", UNDETERMINED, f"no 1d6 roll in the A-H Reinforcement Phase of GT {gt}: "
                      "whether the Brusilov Offensive stops the A-H replacement points is not known", side=side,
                      missing="the 1d6 roll of 15.1")
    elif gt >= 10 and brusilov_stops(gt, die):
        st.rp_stopped = True
    else:
        _rp(ctx, side, 1, f"GT {gt} income")
    m = _marker(ctx, side)
    shown = track_value(ctx, m) if m is not None else None
    if shown is not None and shown != st.rp.get(side, 0):
        how = "; ".join(f"step {s} {'+' if v > 0 else ''}{v} {why}" for s, sd, v, why in st.rp_log if sd == side)
        known = st.rp_known.get(side, True)
        yield finding(ctx, "15.1", VIOLATION if known else UNDETERMINED,
                      f"the {ctx.side_name(side)} replacement points are {st.rp.get(side, 0)} at the end of its "
                      f"Reinforcement Phase of GT {gt} ({how or 'no change'}); the track shows {shown}",
                      side=side, missing="" if known else "a replacement-point income the log does not show")
