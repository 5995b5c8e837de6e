"""The Italian Front's attack limits, scenario rules applied when the scenario's special rules
carry them (``ctx.scenario.special_rules``):

* IF 3-5: before 1917 the Italian 2nd and 3rd Armies make no combined attack, each within its
  sector (the 3rd south, the 2nd north of the line east-west through hexside 3217/3218); an
  Italian HQ spends at most 12 SP on one attack in 1915 (18 in 1916); if one of the two armies
  attacks, the other attacks with at least half as many SP in 1915 (a third in 1916), over the
  Italian Combat Phase;
* IF 3-8: French and British units make no unsupplied attacks in 1917 or 1918;
* IF 3-9: no German unit attacks into Italy before the date the rule prints (a declared
  ``!war`` lifts it).

Which army an attacking unit belongs to is the army of the HQ that pays for it
(``resolution.supply_of``).
"""
from __future__ import annotations

import re

from modgen.model.types import MONTHS
from modgen.check.context import CheckContext, UnitState
from modgen.check.findings import UNDETERMINED, VIOLATION
from modgen.hexgrid import Hex

from ..combat_record import Combat
from .combat_state import CombatState, finding, special_rule
from .resolution import supply_of


_DATE = re.compile(r"turn\s+(\d)\s+of\s+(" + "|".join(MONTHS) + r")\s+(\d{4})", re.I)


def if_3_9(ctx: CheckContext, c: Combat, u: UnitState, target: Hex):
    """IF 3-9: before turn 6 of August 1916 no German unit attacks into Italy."""
    r = special_rule(ctx, "3-9")
    if r is None or u.nation != "germany" or c.date is None or ctx.declarations.of("war"):
        return
    m = _DATE.search(r.text or "")
    if not m:
        return
    from modgen.model.types import GameDate, MONTHS
    limit = GameDate(int(m.group(3)), [x.lower() for x in MONTHS].index(m.group(2).lower()) + 1,
                     int(m.group(1)))
    mapdef = ctx.mapdef()
    info = mapdef.hexes.get(target) if mapdef else None
    if c.date < limit and info is not None and info.country == "italy":
        yield finding(ctx, c, "IF 3-9", VIOLATION, f"{u.name} attacks {target} in Italy on "
                      f"{c.date}; no German unit may attack into Italy before {limit}",
                      units=[u], hexes=[u.hex, target])


def _army_of(ctx: CheckContext, hq_piece: str | None) -> str | None:
    u = ctx.units.get(hq_piece) if hq_piece else None
    if u is None or u.counter is None or u.nation != "italy":
        return None
    d = u.counter.designation.lower()
    return {"2nd": "2nd", "3rd": "3rd"}.get(d)


def if_3_5_single(ctx: CheckContext, c: Combat):
    """IF 3-5: before 1917 the Italian 2nd and 3rd Armies make no combined attack, and an Italian
    HQ spends at most 12 SP on one attack in 1915 (18 in 1916)."""
    r = special_rule(ctx, "3-5")
    if r is None or c.date is None or c.supply is None or c.date.year >= 1917:
        return
    if not any(a.nation == "italy" for a in c.attackers):
        return
    armies = {_army_of(ctx, p) for p in c.supply_hqs.values()} - {None}
    if len(armies) > 1:
        yield finding(ctx, c, "IF 3-5", VIOLATION, f"the attack on {c.target} is supplied by "
                      f"both the 2nd and the 3rd Army; they may not make combined attacks "
                      f"before 1917", hexes=[c.target], step=c.declared_step, side=c.side)
    cap = 12 if c.date.year <= 1915 else 18
    per_hq: dict[str, int] = {}
    for i, p in enumerate(c.supply):
        pid = c.supply_hqs.get(i)
        u = ctx.units.get(pid) if pid else None
        if u is not None and u.nation == "italy" and p.sp is not None:
            per_hq[pid] = per_hq.get(pid, 0) + p.sp
    for pid, sp in per_hq.items():
        if sp > cap:
            yield finding(ctx, c, "IF 3-5", VIOLATION, f"{ctx.units[pid].name} spends {sp} SP on "
                          f"the attack on {c.target}; Italian HQs may not spend more than {cap} "
                          f"SP on a single attack in {c.date.year}", hexes=[c.target],
                          step=c.declared_step, side=c.side)
    yield from _if_3_5_sectors(ctx, c, r)


_SECTOR_LINE = re.compile(r"hexside\s+(\d{4})\s*/\s*(\d{4})", re.I)


def half_rows(h: Hex) -> int:
    """Twice the height of ``h``'s centre in rows: even columns sit half a hex lower
    (``modgen.hexgrid``), so 3217 is 35, 3218 is 37 and the odd-column 3118 is 36."""
    return 2 * h.row + (1 if h.col % 2 == 0 else 0)


def sector_of(h: Hex, line: int) -> str | None:
    """IF 3-5: "north" or "south" of the east-west line at ``line`` (in ``half_rows``), None for a
    hex the line runs through (it "straddles" the line)."""
    y = half_rows(h)
    return "north" if y < line else "south" if y > line else None


def _if_3_5_sectors(ctx: CheckContext, c: Combat, r):
    """IF 3-5: the line east-west through the hexside the rule names (3217/3218) divides the
    Isonzo sector: the 3rd Army is responsible for everything south of it, the 2nd Army for
    everything north. An attacking unit the 3rd Army's HQ pays for standing wholly north of the
    line, or one the 2nd Army's pays for wholly south, attacks outside its army's sector. Units
    in hexes the line runs through are divided between the armies "as evenly as possible",
    which the log cannot show: they are not judged."""
    m = _SECTOR_LINE.search(r.text or "")
    if not m:
        return
    a_hex, b_hex = Hex.parse(m.group(1)), Hex.parse(m.group(2))
    line = (half_rows(a_hex) + half_rows(b_hex)) // 2
    wrong = {"3rd": "north", "2nd": "south"}
    for a in c.attackers:
        army = _army_of(ctx, a.hq)
        if army is None or a.hex is None or a.supply != "paid":
            continue
        where = sector_of(a.hex, line)
        if where == wrong[army]:
            yield finding(ctx, c, "IF 3-5", VIOLATION, f"{a.name} in {a.hex} attacks {c.target} "
                          f"supplied by the Italian {army} Army, but {a.hex} lies {where} of the "
                          f"line east-west through hexside {a_hex}/{b_hex}: the 3rd Army is "
                          f"responsible for the sector south of it, the 2nd Army for the north",
                          hexes=[a.hex, c.target], step=c.declared_step, side=c.side)


def if_3_5_balance(ctx: CheckContext, st: CombatState):
    """IF 3-5: if one of the 2nd and 3rd Armies attacks in 1915 the other attacks with at least
    half as many SP (a third in 1916), counted over the Italian Combat Phase."""
    r = special_rule(ctx, "3-5")
    if r is None or ctx.now.date is None or ctx.now.date.year >= 1917 or ctx.now.kind != "combat":
        return
    sp = {"2nd": 0, "3rd": 0}
    unknown = False
    for c in st.phase:
        if c.kind != "attack" or not any(a.nation == "italy" for a in c.attackers):
            continue
        for a in c.attackers:
            how, hq = supply_of(ctx, c, a, counter=False)
            army = _army_of(ctx, hq)
            if army is None:
                unknown = unknown or how in (None, "paid")
                continue
            sp[army] += min(v for v in a.strengths if v is not None) if any(
                v is not None for v in a.strengths) else 0
    big, small = max(sp.values()), min(sp.values())
    if big == 0:
        return
    frac = 2 if ctx.now.date.year <= 1915 else 3
    if small * frac < big:
        lead = max(sp, key=sp.get)
        other = "3rd" if lead == "2nd" else "2nd"
        msg = (f"in the {ctx.phase_label()} the Italian {lead} Army attacked with {sp[lead]} SP "
               f"and the {other} with {sp[other]}; the other army must attack with at least "
               f"1/{frac} as many")
        if unknown:
            yield ctx.finding("IF 3-5", UNDETERMINED, msg, side="entente", check="combat",
                              missing="which army supplied some attacking units")
        else:
            yield ctx.finding("IF 3-5", VIOLATION, msg, side="entente", check="combat")


def if_3_8(ctx: CheckContext, c: Combat):
    """IF 3-8: French and British units on map 6-4 make no unsupplied attacks in 1917 or 1918."""
    if special_rule(ctx, "3-8") is None or c.date is None or c.date.year < 1917:
        return
    for a in c.attackers:
        if a.nation not in ("france", "great-britain"):
            continue
        how, _hq = supply_of(ctx, c, a, counter=False)
        if how == "half":
            yield finding(ctx, c, "IF 3-8", VIOLATION, f"{a.name} attacks {c.target} unsupplied "
                          f"in {c.date.year}; French and British units on map 6-4 may not make "
                          f"unsupplied attacks in 1917 or 1918", hexes=[a.hex, c.target],
                          step=c.declared_step, side=c.side)
        elif how is None:
            yield finding(ctx, c, "IF 3-8", UNDETERMINED, f"{a.name} attacks {c.target} in "
                          f"{c.date.year}: French and British units may not attack unsupplied",
                          hexes=[a.hex, c.target], step=c.declared_step, side=c.side,
                          missing="the attack's supply clause")
