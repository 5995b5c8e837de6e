"""The arithmetic of a combat, in every reading the log leaves open:

* the attack (``resolve_attack``): attacking SP (13-2) with strength markers (13-22), supply
  (19-1, 19-9, 19-11, 19-13: ``supply_of`` says which HQ paid for each unit, 29-6 artillery
  unsupplied adds nothing), the supply-line length penalty (19-9/19-10/19-15, winter 34-2/34-3),
  artillery doubled against fortresses (29-11), terrain halving (TEC), winter in Italy (34-5),
  the Column Attack halved (16-8); die modifiers (terrain 13-9, river 13-5, trenches 22-7,
  solid defence 22-19..22-21, artillery against a fortress 29-10) capped (13-12, 13-16, 13-25);
  the CRT cell by date (13-13, 13-19, 13-26);
* the counterattack (``resolve_counter``): ×3, ×2 when retreating (13-15, 14-13), artillery,
  fortress and Russian fortress multipliers, its supply (19-10, 19-12, 21-3, 43-1, 46-1, 30-1),
  the Column Attack doubled (16-8), its modifiers (13-15, 13-5, 34-4, 22-21) and the TEC's
  printed discrepancies as alternative readings.

A result read from a placeholder CRT cell is marked ``placeholder`` (never a violation); the
placeholder strengths the column was summed from are in ``Resolution.placeholders``, which the
verdicts on the result declare (``findings.Placeholder``: never a violation either).
"""
from __future__ import annotations

from modgen.check.context import CheckContext

from ..rules import combat as C
from . import common as RP
from ..rules.supply_lines import SEARCH_LIMIT
from ..combat_record import (NO_SUPPLY_SEARCH, Combat, CombatUnit, Resolution, hq_has_loc,
                             supply_line_length)
from .combat_state import (add_sets, crt_table, fmt, map_set, names_unit, on_map_6_4,
                           siege_as_regular, tec_row, tec_table)
from .combat_terrain import attack_hexsides, solid_mods, terrain_readings, trench_negation


def supply_of(ctx: CheckContext, c: Combat, u: CombatUnit, *, counter: bool):
    """("paid", hq piece or None) | ("half", None) | ("free", None) | (None, None) for unknown."""
    payments = c.counter_supply if counter else c.supply
    hqs = c.counter_supply_hqs if counter else c.supply_hqs
    half = c.counter_half if counter else c.half
    if u.type == "fortress" and counter:
        return "free", None                      # 21-3
    if u.type == "flotilla":
        return "free", None                      # 36-6, 36-7, 36-9: flotillas spend no SP
    if counter and (u.nation or "") in ("serbia", "ottoman-empire", "montenegro") and \
            not (u.nation == "serbia" and c.date is not None and c.date.year >= 1916):
        return "free", None                      # 43-1 / 46-1 (43-2 from 1916)
    if u.type == "cav":
        cap = 2 if u.nation in ("germany", "great-britain") else 1
        fs = u.full_strength if u.full_strength is not None else u.printed
        if fs is not None and fs <= cap:
            return "free", None                  # 30-1
    if u.piece in half:
        return "half", None
    if payments is None:
        return None, None
    if not payments:
        return "half", None                      # supply none
    named = [i for i, p in enumerate(payments) if p.units]
    for i in named:
        if names_unit(ctx, payments[i].units, u, c.sheet):
            return "paid", hqs.get(i)
    rest = [i for i, p in enumerate(payments) if not p.units]
    if len(rest) == 1:
        return "paid", hqs.get(rest[0])
    if rest:
        return "paid", None
    return "half", None


def _length_penalty(ctx: CheckContext, c: Combat, u: CombatUnit, hq_piece: str | None, *,
                    counter: bool, winter: bool) -> tuple[frozenset, str]:
    """19-9/19-10/19-13/19-15/34-2/34-3: the strength lost to the supply line's length, every
    value it can be, and what is missing."""
    from ..rules.supply import supply_length_penalty
    hq = ctx.units.get(hq_piece) if hq_piece else None
    if hq is None or hq.hex is None or u.hex is None:
        return frozenset(range(0, (u.printed or 0) + 1)), "the supplying HQ (supply <HQ> <SP> in " \
                                                          "the declaration)"
    # 19-15's line of communication, looked for only when the answer changes the reduction (a
    # line too long for any strength, or one within both limits, leaves the same whatever it is)
    known: list = []

    def no_loc() -> bool:
        if not known:
            known.append(hq_has_loc(ctx, hq) is False)
        return known[0]

    def penalty(length: int, hq_adjacent: bool = False) -> int:
        with_loc = supply_length_penalty(length, counterattack=counter, winter=winter,
                                         hq_adjacent=hq_adjacent)
        without = supply_length_penalty(length, counterattack=counter, winter=winter,
                                        hq_adjacent=hq_adjacent, hq_without_loc=True)
        return with_loc if with_loc == without else without if no_loc() else with_loc

    adjacent = hq.hex in u.hex.neighbours() or hq.hex == u.hex
    if adjacent and not counter and not no_loc():
        return frozenset({0}), ""                 # 19-13
    unit = ctx.units.get(u.piece)
    # a line longer than the threshold plus the unit's strength leaves it nothing: the search
    # need not look further (19-9/19-10 thresholds: 4, 3 in winter, 2 without LOC; 8, 6, 3)
    threshold = (8 if counter else 4) if not winter else (6 if counter else 3)
    bound = threshold + (u.printed or 0) + 1
    # (asked to the supply rules' bound, 19-4's 40 MP, and cut here: the combat's 19-2 check asks
    # the same line to 40 MP next, and one search then answers both)
    length = supply_line_length(ctx, unit, u.hex, hq, max(bound, SEARCH_LIMIT)) \
        if unit is not None else ...
    if length is not ... and length is not None and length > bound:
        length = None
    if length is ...:
        lo = penalty(max(u.hex.distance(hq.hex), 0))
        if adjacent:
            lo = 0
        return frozenset(range(lo, (u.printed or 0) + 1)), NO_SUPPLY_SEARCH
    if length is None:
        # no line within the bound: too long to leave any strength (or none at all: 19-4, the
        # supply rules' finding) — the lowest strength, which can only make verdicts lenient
        return frozenset({u.printed or 0}), ""
    return frozenset({penalty(length, adjacent)}), ""


def _unit_attack(ctx: CheckContext, c: Combat, u: CombatUnit, winter: bool,
                 missing: list) -> frozenset:
    how, hq = supply_of(ctx, c, u, counter=False)
    vals = frozenset(v for v in u.strengths if v is not None) or frozenset({0})
    if siege_as_regular(ctx, c, u):
        vals = map_set(vals, C.halve_options)     # 29-15 (rounding not stated: both kept)
    if u.type in ("art", "siege-art"):
        if how == "half":
            return frozenset({0})                 # 19-11: not artillery (29-6)
        if how is None:
            missing.append(f"whether SP were spent for {u.name} (artillery)")
            return vals | {0}
    if how == "half":
        return map_set(vals, C.half_strength_option)
    if how == "free":
        return vals
    if how is None:
        missing.append("the attacker's supply (a supply <HQ> <SP> clause)")
        return map_set(vals, lambda s: {s, C.half_strength_option(s)})
    pen, why = _length_penalty(ctx, c, u, hq, counter=False, winter=winter)
    if why:
        missing.append(why)
    # 19-9: the length reduction comes before terrain (SP spent: the 19-11 half option was not used)
    return map_set(vals, lambda s: {max(s - p, 0) for p in pen})


def resolve_attack(ctx: CheckContext, c: Combat) -> Resolution:
    """13-2, 13-8..13-12, 13-19, 13-22, 13-25, 16-8, 19-9, 19-11, 22-7, 22-17..22-21, 29-10, 29-11,
    34-5: the attack's CRT column, die and result, in every reading the log leaves open."""
    res = Resolution()
    tec, crt = tec_table(ctx), crt_table(ctx)
    winter = c.date is not None and C.is_winter(c.date.month, c.date.turn, italy=on_map_6_4(ctx))
    if not c.attackers_known:
        res.missing.append("an !attack … with <units> declaration (the attacking units)")
        res.complete = False
    artillery_only = bool(c.attackers) and all(a.type in ("art", "siege-art") for a in c.attackers)
    fortress = any(d.type == "fortress" for d in c.defenders)
    art_hexsides = len({a.hex for a in c.attackers if a.type in ("art", "siege-art") and a.hex})
    inf_sp = sum(min(d.strengths) or 0 for d in c.defenders if d.type not in
                 ("art", "siege-art", "fortress", "hq", "cav") and None not in d.strengths)
    total = frozenset({0})
    parts = []
    flotillas = frozenset({0})
    for a in c.attackers:
        if not _may_attack_from(ctx, c, a):
            parts.append(f"{a.name} 0 (may not attack from {a.hex}: 12-4/12-5)")
            continue
        v = _unit_attack(ctx, c, a, winter, res.missing)
        res.placeholders.extend(a.placeholders)          # its SP make the column (13-2)
        if a.type == "cav" and a.circle_placeholders and \
                supply_of(ctx, c, a, counter=False)[0] != "paid":
            res.placeholders.extend(a.circle_placeholders)   # free or half by its circle (30-1)
        if a.type == "flotilla":
            flotillas = add_sets(flotillas, v)
            parts.append(f"{a.name} {fmt(v)} (River Flotilla)")
            continue
        if a.type in ("art", "siege-art") and fortress and \
                C.artillery_doubled_vs_fortress(inf_sp, art_hexsides):
            v = map_set(v, lambda x: 2 * x)
            parts.append(f"{a.name} {fmt(v)} (doubled, 29-11)")
        elif siege_as_regular(ctx, c, a):
            parts.append(f"{a.name} {fmt(v)} (half, as regular artillery, 29-15)")
        else:
            parts.append(f"{a.name} {fmt(v)}")
        total = add_sets(total, v)
    if flotillas != frozenset({0}):
        if all(a.type == "flotilla" for a in c.attackers):
            # 36-9: flotilla against flotilla, at double strength
            total = map_set(flotillas, lambda x: 2 * x)
            parts.append(f"flotillas doubled against flotillas (36-9): {fmt(total)}")
        else:
            # 36-6: with the ground units of their hex, the flotillas' total divided by 3, down
            third = map_set(flotillas, lambda x: x // 3)
            total = add_sets(total, third)
            parts.append(f"flotillas' total ÷ 3 (36-6): {fmt(third)}")
    res.terms.append("13-2 attacking SP: " + ", ".join(parts) + f" = {fmt(total)}")
    readings = terrain_readings(ctx, c)
    sides = attack_hexsides(ctx, c)
    river = None if artillery_only else C.river_applies([(x.river, x.major_river) for x in sides])
    trench = "trench" in RP.hex_marker_kinds(ctx, c.target)
    trench_neg = trench_negation(ctx, c) if trench else None
    per: list[tuple[str, frozenset, list]] = []
    for t in readings:
        row = tec_row(tec, t) if tec is not None else None
        eff = row.attack if row is not None else None
        vals = total
        notes = []
        if (eff is not None and eff.halve_strength) or river == "major_river":
            vals = map_set(vals, C.halve_options)
            what = t.replace("_", " ") if eff is not None and eff.halve_strength else "major river"
            notes.append(f"halved ({what}, TEC; rounding not stated)")
        if winter and on_map_6_4(ctx) and t in C.WINTER_TERRAINS_6_4:
            vals = map_set(vals, C.winter_italy_reduction)
            notes.append("winter −¼ (34-5)")
        if c.kind == "column":
            vals = map_set(vals, C.halve_options)
            notes.append("Column Attack halved (16-8)")
        mods = []
        if eff is not None and eff.drm:
            mods.append(C.Modifier(t.replace("_", " "), eff.drm, "13-9"))
        if river == "river" and tec is not None:
            rd = tec.modifier("river").attack.drm
            if rd:
                mods.append(C.Modifier("river (all attackers cross)", rd, "13-5"))
        m = C.trench_modifier(trench, trench_neg)
        if m:
            mods.append(m)
        if c.kind == "attack":
            sm, _cm = solid_mods(ctx, c, t)
            if sm:
                mods.append(sm)
        if artillery_only and fortress:
            m = C.artillery_vs_fortress_modifier(art_hexsides)
            if m:
                mods.append(m)
        per.append((t, vals, mods))
        if notes:
            res.terms.append(f"{t.replace('_', ' ')}: " + ", ".join(notes) + f" → {fmt(vals)}")
    res.strengths = frozenset().union(*(v for _t, v, _m in per))
    if len(readings) > 1:
        res.missing.append(f"the defender's terrain choice (!terrain {c.target} <terrain>; it may "
                           f"choose {', '.join(r.replace('_', ' ') for r in readings)})")
    if trench_neg:
        res.terms.append(f"trench negated ({trench_neg})")
    if len(per) == 1:
        res.modifiers = per[0][2]
        res.drm = C.capped_modifier(res.modifiers)
    res.roll = c.attack_roll.value if c.attack_roll else None
    if res.roll is None or crt is None:
        if crt is None:
            res.missing.append("the game's Combat Results Table")
        return res
    pairs = [(col, C.adjusted_die(res.roll, m, crt.die_min, crt.die_max))
             for _t, vals, m in per for col in vals]
    dice = {d for _c, d in pairs}
    res.die = next(iter(dice)) if len(dice) == 1 else None
    _lookup(crt, res, pairs, c.date)
    # a scenario rule that multiplies the attacking CRT result (Brusilov 6-4: tripled):
    # ``(factors, term, missing)``, every factor a reading the log leaves open
    mult = RP.hook(ctx, "crt-multiplier", c)
    if mult:
        factors, term, missing = mult
        res.results = frozenset(r * f for r in res.results for f in factors)
        res.terms.append(term)
        if missing:
            res.missing.append(missing)
    return res


def _may_attack_from(ctx: CheckContext, c: Combat, a: CombatUnit) -> bool:
    """12-4 / 12-5: an attacker adds its strength only from an adjacent hex across a hexside it
    could cross (the violation is reported by the attack's legality check)."""
    if a.hex is None or a.hex not in c.target.neighbours():
        return False
    mapdef, tec = ctx.mapdef(), tec_table(ctx)
    side = mapdef.hexside(a.hex, c.target) if mapdef is not None else None
    if side is not None and tec is not None:
        row = tec_row(tec, side.terrain)
        if side.terrain == "alpine" or (row is not None and row.prohibited):
            return False
    return True


def _lookup(crt, res: Resolution, pairs, date) -> None:
    """13-13 / 13-17 / 13-19 / 13-26: the CRT result of every (column, adjusted die) pair; the
    result rests on a placeholder when any cell read is not a printed one."""
    results = set()
    placeholder = False
    for col, d in sorted(set(pairs)):
        results.add(crt.result(col, d, date))
        if not crt.cell_is_printed(col, d, date):
            placeholder = True
    res.results = frozenset(results)
    res.table = crt.table_for(date).id
    res.placeholder = placeholder
    if placeholder:
        res.placeholder_why = "the placeholder CRT (the printed cell is unknown)"


def _unit_counter(ctx: CheckContext, c: Combat, u: CombatUnit, winter: bool, retreat,
                  missing: list) -> frozenset:
    how, hq = supply_of(ctx, c, u, counter=True)
    vals = frozenset(v for v in u.strengths if v is not None) or frozenset({0})
    if u.type in ("art", "siege-art") and how in ("half", None):
        if how is None:
            missing.append(f"whether SP were spent for {u.name} (artillery)")
            vals = vals | {0}
        else:
            vals = frozenset({0})
    elif how == "half":
        vals = map_set(vals, C.half_strength_option)             # 19-12
    elif how is None:
        missing.append("the defender's counterattack supply (!counterattack … supply <HQ> <SP>)")
        vals = map_set(vals, lambda s: {s, C.half_strength_option(s)})
    elif how == "paid":
        pen, why = _length_penalty(ctx, c, u, hq, counter=True, winter=winter)
        if why:
            missing.append(why)
        vals = map_set(vals, lambda s: {max(s - p, 0) for p in pen})
    mults = set()
    if u.type == "flotilla" and c.attackers and all(a.type == "flotilla" for a in c.attackers):
        return map_set(vals, lambda s: 2 * s)      # 36-9: flotilla against flotilla, double
    for r in (retreat if isinstance(retreat, (set, frozenset)) else {retreat}):
        mults.add(C.counterattack_multiplier(artillery=u.type in ("art", "siege-art"),
                                             retreating=bool(r), fortress=u.type == "fortress",
                                             russian_fortress=u.nation == "russia"))
    out = map_set(vals, lambda s: {s * m for m in mults})
    if c.kind == "column":
        out = map_set(out, lambda s: 2 * s)                       # 16-8
    return out


def _retreat_readings(ctx: CheckContext, c: Combat):
    if c.retreats:
        return True
    if c.retreat is not None:
        return c.retreat
    alive = [d for d in c.defenders if d.type not in ("art", "siege-art", "fortress", "hq")
             and 0 not in (d.after or {0})]
    if alive:
        return False          # they are still in the hex: they did not retreat
    return {True, False}      # all eliminated: 14-14 may count them as retreated


def resolve_counter(ctx: CheckContext, c: Combat) -> Resolution | None:
    """13-14..13-17, 14-13, 16-8, 19-10, 19-12, 21-3, 29-5, 29-7, 34-3, 34-4, 22-21, 41-4."""
    if c.counter_roll is None and c.counterattack is not True:
        return None
    res = Resolution()
    tec, crt = tec_table(ctx), crt_table(ctx)
    winter = c.date is not None and C.is_winter(c.date.month, c.date.turn, italy=on_map_6_4(ctx))
    retreat = _retreat_readings(ctx, c)
    if c.counter_declared_step is None:
        # 12-8: no unit must counterattack; without a declaration every unit is assumed, which
        # only bounds the result from above
        res.complete = False
        res.missing.append(f"a !counterattack {c.target} declaration (who counterattacked, with "
                           f"which SP)")
    total = frozenset({0})
    parts = []
    for u in c.counterattackers:
        v = _unit_counter(ctx, c, u, winter, retreat, res.missing)
        res.placeholders.extend(u.placeholders)          # its SP make the column (13-15)
        if u.type == "cav" and u.circle_placeholders and \
                supply_of(ctx, c, u, counter=True)[0] != "paid":
            res.placeholders.extend(u.circle_placeholders)   # free or half by its circle (30-1)
        parts.append(f"{u.name} {fmt(v)}")
        total = add_sets(total, v)
    mult = ("×2 retreating (14-13)" if retreat is True else "×3 (13-15)" if retreat is False
            else "×2 or ×3 (whether it retreated is not known)")
    res.terms.append(f"13-15 counterattack {mult}: " + ", ".join(parts) + f" = {fmt(total)}")
    res.strengths = total
    readings = terrain_readings(ctx, c)
    sides = attack_hexsides(ctx, c)
    artillery_only = bool(c.attackers) and all(a.type in ("art", "siege-art") for a in c.attackers)
    river = None if artillery_only else C.river_applies([(s.river, s.major_river) for s in sides])
    attackers_in_trench = all("trench" in RP.hex_marker_kinds(ctx, a.hex) for a in c.attackers
                              if a.hex is not None) and bool(c.attackers)
    dice: list[list] = []
    for t in readings:
        row = tec_row(tec, t) if tec is not None else None
        eff = row.counterattack if row is not None else None
        variants = [eff.drm if eff is not None else 0]
        for disc in (getattr(tec, "discrepancies", ()) or ()):
            if disc.get("row") == t and disc.get("field") == "counterattack" and \
                    isinstance(disc.get("other"), int):
                variants.append(disc["other"])
                res.missing.append(f"the {t.replace('_', ' ')} counterattack modifier: the TEC "
                                   f"prints {disc.get('printed')}, {disc.get('other_at', 'another source')} "
                                   f"gives {disc.get('other')}")
        for dv in dict.fromkeys(variants):
            mods = []
            if dv:
                mods.append(C.Modifier(t.replace("_", " "), dv, "13-15"))
            if river and tec is not None:
                eff_r = tec.modifier(river).counterattack
                if eff_r.drm:
                    mods.append(C.Modifier(f"{river.replace('_', ' ')} (all attackers cross)",
                                           eff_r.drm, "13-5"))
            m = C.winter_counterattack_modifier(winter, attackers_in_trench)
            if m:
                mods.append(m)
            if c.kind == "attack":
                _sm, cm = solid_mods(ctx, c, t)
                if cm:
                    mods.append(cm)
            dice.append(mods)
    if len(dice) == 1:
        res.modifiers = dice[0]
        res.drm = C.capped_modifier(dice[0])
    roll = c.counter_roll.value if c.counter_roll else None
    res.roll = roll
    if roll is None or crt is None:
        return res
    dvals = {C.adjusted_die(roll, m, crt.die_min, crt.die_max) for m in dice}
    res.die = next(iter(dvals)) if len(dvals) == 1 else None
    _lookup(crt, res, [(col, d) for col in res.strengths for d in dvals], c.date)
    return res
