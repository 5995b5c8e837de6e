"""Combat (7, 8, 12.1-12.4): the combat declared with ``!attack`` (and ``!withhold``) is resolved
on the next roll of the Combat button (3d6: the two same-coloured CRT dice, then the odd TdP die,
8.3, 8.5). Each combat's numbers — strengths, ratio, shifts, column, CRT cell, magnitude, each
side's TdP die and DRMs, AV — are a record in the report (``combat_record.BmCombat``); the checks
along the way are findings, also listed in the record.

The CRT and the TdP are placeholders: their cells are shown, marked so, and no verdict rests on
them alone. A unit whose supply differs between 6.2 and 11.3, or whose CE marker cannot be told
apart in a stack, makes the combat's strengths undetermined and the record says so.
"""
from __future__ import annotations

from itertools import combinations

from modgen.check import declarations as decl
from modgen.check.context import CheckContext, PhaseInfo, UnitState
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION, WARNING, Finding
from modgen.hexgrid import Hexside
from modgen.replay import DiceRolled

from .. import module as M
from ..combat_record import BmCombat, SideTdp
from ..rules import combat as cr
from ..rules import stacking as sk
from .common import (PHASE_NAMES, bmap, ce_of, finding, moved_side, now, occupied_by,
                     placeholder_inputs, resolve_unit, steps, table, units_at)
from .supply import supply_of, supply_value


def _v(c: BmCombat, f: Finding) -> Finding:
    """A finding about combat ``c``: listed in its record as well."""
    c.verdicts.append((f.rule, f.severity, f.message))
    return f


def open_combat(ctx: CheckContext) -> BmCombat | None:
    """The last combat resolved this Combat Phase (its retreats, advances and losses follow)."""
    return ctx.state.combats_now[-1] if ctx.state.combats_now else None


def close(ctx: CheckContext, log_ends: bool = False):
    """The declared combat is over (another is declared or rolled, the phase ends, the log ends):
    judge what followed its roll (``retreat.judge``, ``losses.judge``). A log that stops in the
    combat's own phase may stop before the players took the retreat and the losses: what they
    did not do yet is not judged (``log_ends``)."""
    from . import losses, retreat
    st = ctx.state
    c, st.pending = st.pending, None
    if c is None or c.roll is None or c.closed:
        return
    c.closed = True
    if c.resolved:
        cut = log_ends and (ctx.now.date, ctx.now.phase_id) == c.when
        if cut:
            c.after_lines.append("the log ends in this combat's phase: a retreat or a loss not taken yet is "
                                 "not judged")
        yield from retreat.judge(ctx, c, cut)
        yield from losses.judge(ctx, c, cut)


@rule("7.0", "turn")
def combat_phase_starts(ctx: CheckContext, old: PhaseInfo, new: PhaseInfo):
    """7.0: each unit attacks or is attacked once per Combat Phase: a new phase starts afresh."""
    if new.kind == "combat":
        st = ctx.state
        st.attacked_now.clear()
        st.hexes_attacked_now.clear()
        st.withheld.clear()
        st.combats_now = []
        st.undeclared_roll = False


@rule("7.0", "phase_end")
def combat_phase_ends(ctx: CheckContext, ended: PhaseInfo):
    if ended.kind == "combat":
        yield from close(ctx)


@rule("7.0", "end")
def log_ends(ctx: CheckContext):
    yield from close(ctx, log_ends=True)


@rule("7.0", "declare")
def declared(ctx: CheckContext, d: decl.Declaration):
    """7.0-7.4: ``!attack <hex> with …`` names the combat, ``!withhold`` the defenders kept out."""
    st = ctx.state
    if d.keyword == "withhold":
        st.withheld.setdefault(d.hexes[0], []).extend(d.args)
        return
    if d.keyword != "attack":
        return
    yield from close(ctx)
    target = d.hexes[0]
    gt, phasing, ph = now(ctx) or (0, "", "")
    if ph != "combat":
        yield finding(ctx, "7.0", VIOLATION, f"attack on {target} declared in the {PHASE_NAMES.get(ph, ph)}: "
                      "the phasing player attacks in his Combat Phase")
    attackers: list[UnitState] = []
    for ref in d.args:
        hits = resolve_unit(ctx, ref, near=target)
        if not hits:
            yield finding(ctx, "7.1", UNDETERMINED, f"!attack {target}: no unit {ref!r}",
                          missing="a unit name the game knows")
        attackers += [h for h in hits if h not in attackers]
    if not d.args:
        attackers = [u for n in target.neighbours() for u in units_at(ctx, n) if u.side == phasing]
    st.pending = BmCombat(0, target, [u for u in attackers if not u.counter.is_artillery],
                          [u for u in attackers if u.counter.is_artillery], ctx.step, side=phasing,
                          turn=ctx.now.date, phase=ctx.phase_label(), declaration=d.text)


@rule("8.3", "dice")
def combat_roll(ctx: CheckContext, ev: DiceRolled):
    """8.3, 8.5: the Combat button's three dice resolve the declared combat."""
    if ev.button != M.COMBAT_DICE:
        return
    st = ctx.state
    c = st.pending
    if c is None or c.roll is not None:
        yield from close(ctx)
        st.undeclared_roll = True
        yield finding(ctx, "8.3", UNDETERMINED, "a Combat roll with no !attack declared before it: which hex "
                      "was attacked, and by whom, is not known", missing="!attack <hex> with <units>")
        return
    vals = [v for v in ev.values if isinstance(v, int)]
    if len(vals) != 3:
        yield finding(ctx, "8.3", WARNING, f"the Combat button rolled {len(vals)} dice, not 3")
        return
    c.roll = (vals[0], vals[1], vals[2])
    c.roll_step = ctx.step
    c.when = (ctx.now.date, ctx.now.phase_id)
    c.number = len(ctx.combats) + 1
    ctx.combats.append(c)
    yield from _resolve(ctx, c)


def _resolve(ctx: CheckContext, c: BmCombat):
    """8.1-8.5: odds, shifts, CRT, magnitude and the TdP DRMs, with the checks along the way."""
    st, m = ctx.state, bmap(ctx)
    crt, tdp, tec = table(ctx, "crt"), table(ctx, "tdp"), table(ctx, "tec")
    gt, phasing, _ph = now(ctx) or (0, c.side, "")
    target = c.hex
    defenders_all = [u for u in units_at(ctx, target) if u.side != phasing]
    if not defenders_all:
        yield _v(c, finding(ctx, "7.0", VIOLATION, f"{target} was attacked but holds no enemy unit",
                            hexes=[target]))
        return
    dside = defenders_all[0].side
    c.defender_side = dside
    for u in c.attackers + c.support:
        if u.side != phasing:
            yield _v(c, finding(ctx, "7.0", VIOLATION, f"{u.name} is not a unit of the phasing player",
                                units=[u]))
    # 7.0: once per combat phase
    for u in c.attackers:
        if u.piece in st.attacked_now:
            yield _v(c, finding(ctx, "7.0", VIOLATION, f"{u.name} attacks a second time this Combat Phase",
                                units=[u], hexes=[target]))
    if target in st.hexes_attacked_now:
        yield _v(c, finding(ctx, "7.0", VIOLATION, f"{target} is attacked a second time this Combat Phase",
                            hexes=[target]))
    st.hexes_attacked_now.add(target)
    # 7.1 adjacency, 7.8 crags; 12.3 artillery range, moved artillery, artillery alone
    attackers = []
    for u in c.attackers:
        if u.hex is None or u.hex.direction_to(target) is None:
            yield _v(c, finding(ctx, "7.1", VIOLATION, f"{u.name} in {u.hex} is not adjacent to {target}",
                                units=[u], hexes=[target]))
            continue
        if Hexside.of(u.hex, target) in m.crags:
            yield _v(c, finding(ctx, "7.8", VIOLATION, f"{u.name} attacks across the crag hexside "
                                f"{u.hex}/{target} (no unit attacks across crags; artillery may support)",
                                units=[u], hexes=[u.hex, target]))
            continue
        attackers.append(u)
    if not attackers:
        yield _v(c, finding(ctx, "12.3", VIOLATION, f"the attack on {target} has no combat unit: artillery "
                            "cannot attack alone", hexes=[target]))
        return
    support = []
    for u in c.support:
        rng = 2 if u.counter.type == "heavy-art" else 1
        near = any(u.hex is not None and u.hex.distance(a.hex) <= rng for a in attackers)
        if not near:
            yield _v(c, finding(ctx, "12.3", VIOLATION, f"{u.name} supports the attack on {target} from "
                                f"{u.hex}: artillery adds its value to a unit within {rng} hex(es)",
                                units=[u], hexes=[target]))
            continue
        if moved_side(u):
            yield _v(c, finding(ctx, "12.3", VIOLATION, f"{u.name} is on its Mov side: moved artillery "
                                "cannot support any combat", units=[u], hexes=[target]))
            continue
        support.append(u)
    # 7.2 command
    corps = [u.counter.corps for u in attackers]
    if not cr.attack_command_ok(corps):
        yield _v(c, finding(ctx, "7.2", VIOLATION, f"{len(attackers)} units attack {target} "
                            f"({', '.join(x or 'independent' for x in corps)}): at most all the units of one "
                            "corps plus two others, or three independent units", units=attackers,
                            hexes=[target]))
    # 7.8 steps per attacking hex
    dterrain = m.terrain(target)
    limit = tec.stacking(dterrain)
    by_hex: dict = {}
    for u in attackers:
        by_hex[u.hex] = by_hex.get(u.hex, 0) + steps(u)
    for h, n in sorted(by_hex.items()):
        if n > limit:
            sev = VIOLATION if sk.certain_overstack(dterrain, n) else UNDETERMINED
            yield _v(c, finding(ctx, "7.8", sev, f"{n} steps attack {target} from {h}; the defending hex's "
                                f"stacking limit is {limit}" + ("" if sev == VIOLATION else " (placeholder)"),
                                units=attackers, hexes=[h, target],
                                missing="" if sev == VIOLATION else "the printed stacking limit"))
    # 7.4 / 7.5 defenders
    defenders = [u for u in defenders_all if not u.counter.is_artillery]
    arty_def = [u for u in defenders_all if u.counter.is_artillery]
    if not defenders and arty_def:
        yield _v(c, finding(ctx, "12.3", VIOLATION, f"{target} holds only artillery: it cannot be attacked (it "
                            "is eliminated when an enemy unit enters the hex)", hexes=[target]))
        return
    withheld = [u for ref in st.withheld.get(target, []) for u in resolve_unit(ctx, ref, near=target)
                if u in defenders]
    fighting = [u for u in defenders if u not in withheld]
    notes_7_4 = ""
    if not cr.defence_command_ok([u.counter.corps for u in fighting]):
        k = cr.defence_withheld_count([u.counter.corps for u in fighting])
        notes_7_4 = (f"; 7.4: {len(fighting)} units in {target}, at most {len(fighting) - k} defend, {k} "
                     "withheld (the defender's choice, not declared: the strongest defend)")
        yield _v(c, finding(ctx, "7.4", UNDETERMINED, f"{len(fighting)} units defend {target}: at most one "
                            f"corps plus one other unit, or two independent units; {k} must be withheld, the "
                            "defender's choice", units=fighting, hexes=[target],
                            missing=f"!withhold {target} <unit>"))
        fighting = _best_defence(fighting, k)
    c.defenders = fighting
    c.withheld = [u for u in defenders if u not in fighting]
    c.attackers, c.support = attackers, support
    for u in attackers + fighting:
        st.attacked_now.add(u.piece)
    for u in defenders_all:
        st.attacked_units.add(u.piece)
    # strengths (7.8, 10.1, 11.1, 12.1, 15.2)
    att_types = [u.counter.type for u in attackers]
    def_types = [u.counter.type for u in fighting]
    unknown = []
    att_total = 0
    lines = []
    for u in attackers:
        v = u.counter.values(u.reduced)
        ce = ce_of(ctx, u)
        if ce is None:
            unknown.append(u.name)
            ce = 0
        upslope = m.altitude(u.hex) < m.altitude(target)
        stream = Hexside.of(u.hex, target) in m.streams
        s = cr.attack_strength(v.attack, ce=ce, supply=supply_value(ctx, u), upslope=upslope,
                               across_stream=stream,
                               mountain_bonus=cr.mountain_bonus(u.counter.type, dterrain, def_types))
        if s <= 0:
            yield _v(c, finding(ctx, "7.5", VIOLATION, f"{u.name} attacks with a modified attack strength of "
                                f"{s}", units=[u], hexes=[target],
                                placeholders=placeholder_inputs(u, "attack")))
        att_total += max(0, s)
        lines.append(f"{u.name} {s}")
    def_total = 0
    for u in fighting:
        v = u.counter.values(u.reduced)
        ce = ce_of(ctx, u)
        if ce is None:
            unknown.append(u.name)
            ce = 0
        s = cr.defence_strength(v.defence, ce=ce, supply=supply_value(ctx, u),
                                mountain_bonus=cr.mountain_bonus(u.counter.type, dterrain, att_types),
                                improved=st.improved_defence and u.side == "it" and u.counter.is_combat_unit)
        def_total += max(0, s)
    # AV (7.8, 11.1, 12.2, 12.3)
    max_att_alt = max(m.altitude(a.hex) for a in attackers)
    av_att = {r: sum(cr.unit_av(u.counter.front.av, supply=supply_value(ctx, u),
                                altitude_bonus=m.altitude(u.hex) > m.altitude(target), reading=r)
                     for u in attackers + support) for r in ("A", "C")}
    higher = m.altitude(target) > max_att_alt
    av_def = {r: sum(cr.unit_av(u.counter.front.av, supply=supply_value(ctx, u), altitude_bonus=higher,
                                reading=r)
                     for u in fighting + arty_def) for r in ("A", "C")}
    # flank (7.9, 7.9.2, 12.2, 12.4)
    gt1 = gt == 1 and dside == "it" and bool(support)
    flanked, why = cr.is_flanked(target, on_map=m.hexes.keys(), crags=m.crags,
                                 attacker_hexes=[a.hex for a in attackers],
                                 enemy_hexes=occupied_by(ctx, phasing),
                                 friendly_hexes=occupied_by(ctx, dside) - {target}, is_edge=m.is_edge(target),
                                 with_fortress=any(u.counter.type == "fortress" for u in defenders_all),
                                 gt1_artillery=gt1)
    c.att_total, c.def_total, c.flanked = att_total, def_total, flanked
    c.av = {"attacker": av_att["A"], "defender": av_def["A"]}
    if def_total <= 0:
        c.parts.append(f"combat on {target}: the defenders have no defence strength: eliminated if attacked (7.5)")
        ctx.notes.append(f"step {c.roll_step}: combat on {target}: the defenders have no defence strength: "
                         "eliminated if attacked (7.5)")
        return
    odds = cr.final_odds(att_total, def_total, crt.columns, shift=2 if flanked else 0)
    c.ratio = odds.initial
    if not odds.legal:
        c.parts.append(f"combat on {target}: attack {att_total} vs defence {def_total}, ratio {odds.initial}"
                       f"{', flanked +2' if flanked else ''}: below 1:3, not allowed (8.2)")
        # the odds rest on the attack and defence values (placeholders: M11)
        yield _v(c, finding(ctx, "8.2", VIOLATION, f"attack on {target} at {odds.initial} (attack {att_total} vs "
                            f"defence {def_total}{', flanked +2' if flanked else ''}): combats below 1:3 are not "
                            "allowed", units=attackers, hexes=[target],
                            placeholders=[p for u in attackers for p in placeholder_inputs(u, "attack")]
                            + [p for u in fighting for p in placeholder_inputs(u, "defence")]))
        return
    roll = c.roll
    crt_roll = roll[0] + roll[1]
    att_res, def_res = crt.result(odds.column, crt_roll)
    n_steps = sum(steps(u) for u in attackers + fighting)
    mag = cr.magnitude(n_steps)
    # TdP DRMs (9.4.1); the retreat guideline DRM is known only after the retreat (retreat.judge)
    a_t = SideTdp(roll[2], cr.tdp_drms(crt_drm=att_res.drm, opponent_av=av_def["A"], defender=False))
    d_t = SideTdp(roll[2], cr.tdp_drms(crt_drm=def_res.drm, opponent_av=av_att["A"], defender=True,
                                       flanked=flanked, over=odds.over))
    a_t.reductions = tdp.reductions(mag, a_t.modified)
    d_t.reductions = tdp.reductions(mag, d_t.modified)
    readings_differ = (cr.artillery_drm(av_att["A"]) != cr.artillery_drm(av_att["C"])
                       or cr.artillery_drm(av_def["A"]) != cr.artillery_drm(av_def["C"]))
    c.column, c.over, c.crt = odds.column, odds.over, (att_res.text, def_res.text)
    c.retreat_required, c.magnitude, c.steps = def_res.retreat, mag, n_steps
    c.tdp = {"attacker": a_t, "defender": d_t}
    c.defender_drm = sum(v for _, v in d_t.drms)
    c.parts += [
        f"combat on {target} ({dterrain.replace('_', ' ')}): attack {att_total} ({', '.join(lines)}) vs defence "
        f"{def_total} ({len(fighting)} defending, {len(defenders) - len(fighting)} withheld{notes_7_4})",
        f"ratio {odds.initial}"]
    if flanked:
        c.parts.append(f"flanked ({why}), 2 columns right")
    c.parts += [
        f"column {odds.column}{f', {odds.over} over 4:1' if odds.over else ''}",
        f"CRT dice {roll[0]}+{roll[1]} = {crt_roll}: {att_res.text}/{def_res.text} (placeholder CRT)",
        f"magnitude {mag} ({n_steps} steps)",
        f"TdP die {roll[2]}: attacker {a_t.text()} -> {a_t.reductions}, defender {d_t.text()} -> "
        f"{d_t.reductions} CE reductions (placeholder TdP)",
        f"AV attacker {av_att['A']} (DRM +{cr.artillery_drm(av_att['A'])}), defender {av_def['A']} "
        f"(DRM +{cr.artillery_drm(av_def['A'])})"]
    if readings_differ:
        c.parts.append("the AV DRM differs under the other reading of 'artillery value of zero is considered "
                       "one' (7.8): undetermined")
        yield _v(c, finding(ctx, "7.8", UNDETERMINED, f"the TdP DRM of the combat on {target} depends on how "
                            "'artillery value of zero is considered one' is read", hexes=[target],
                            missing="the meaning of 7.8's last sentence (open)"))
    if unknown:
        c.parts.append(f"CE of {', '.join(unknown)} not known (a CE marker in a stack of several units)")
    if any(supply_of(ctx, u) == "?" for u in attackers + fighting):
        c.parts.append("a unit's supply differs between 6.2 and 11.3: strengths undetermined")
    c.resolved = True
    st.combats_now.append(c)
    from .losses import snapshot
    from .retreat import capture_ground
    snapshot(ctx, c)
    capture_ground(ctx, c)


def _best_defence(units: list[UnitState], k: int) -> list[UnitState]:
    """7.4 undeclared: the strongest legal defence (the defender's choice is not in the log)."""
    best = None
    for keep in combinations(units, len(units) - k):
        if cr.defence_command_ok([u.counter.corps for u in keep]):
            s = sum(u.counter.values(u.reduced).defence or 0 for u in keep)
            if best is None or s > best[0]:
                best = (s, list(keep))
    return best[1] if best else units
