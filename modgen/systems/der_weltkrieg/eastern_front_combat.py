"""The Eastern Front rules about combat, supply spent and losses (003), on the Der Weltkrieg
combat record (``combat_record.Combat``, complete on the engine's ``combat`` hook): the rules
``eastern_front`` left to the combat engine.

* the Danube (35-3, 35-4) and the River Flotillas in combat (36-6, 36-9), no retreat across a
  Danube hexside a flotilla could interdict (36-7; the interdiction attacks themselves, 36-7/36-8,
  are ``checks.interdiction``'s, from ``!interdict``);
* Serbia, August 1914: fire from Belgrade on passing flotillas (3-1), the 2nd Army's units that
  may not attack (3-3), the 5th Army's attacks on 3 August (3-2), losses from the 61st brigade
  only when there is no other choice (3-4), what the 2nd Army HQ may pay for (3-5);
* Serbia, October 1915: attacks across the Greek border (10-4);
* Romania 1916: Bucharest an open city after the reverse (13-2);
* Galicia 1914: the armies' attacks of 6 and 7 August (7-6), the Germans within the 1st Army's
  supply range (7-7), A-H HQs paying for German Landwehr (7-8, and 11-7, 13-3, 14-6, 18-5, 19-9 of the
  duration and linked games);
* Brusilov 1916: the Guard's first attack (6-3) (the artillery surprise, 6-4, is not checked:
  docs/rules-coverage.md);
* Russia: 41-3's end of the one-third retreat, 41-4's fortresses losing 6 SP a turn surrounded;
* the duration games' city DM exceptions (11-34, 11-35), read by the DM ledger.

Every rule reads its units, hexes and dates from the scenario's ``rule_data`` (written by
``tools/convert_ef_scenarios.py`` from the rule text), so it runs only where the scenario prints
it. Findings are numbered ``EF <rule>`` for scenario rules, by the Standard Rule (35-3, 36-6)
otherwise. A verdict that needs what the log does not show (who commands a unit, a printed CRT
cell, a placeholder strength) is undetermined, naming it.
"""
from __future__ import annotations

from modgen.check.context import DEAD_PILE, CheckContext, PhaseInfo, UnitState
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION

from .checks.common import (board_state, enemy_zoc_hexes, is_unit, marker_kind, register_hook,
                            unit_view)
from .checks.combat_state import combats, resolve_hq
from .combat_record import Combat, CombatUnit
from .eastern_front import data, gdate, hx, moved_path, units
from .rules import danube

CP, ENTENTE = "central-powers", "entente"
INFANTRY_TYPES = ("inf", "mtn", "aslt", "mtn-aslt", "marine")


def _lo(vals) -> int:
    vs = [v for v in (vals or ()) if v is not None]
    return min(vs) if vs else 0


def _hi(vals) -> int:
    vs = [v for v in (vals or ()) if v is not None]
    return max(vs) if vs else 0


def _lost(u: CombatUnit) -> tuple[int, int]:
    """(least, most) SP ``u`` lost in its combat (its strengths at the roll against after)."""
    if u.after is None:
        return 0, 0
    return max(0, _lo(u.strengths) - _hi(u.after)), max(0, _hi(u.strengths) - _lo(u.after))


@rule("EF combat", "setup")
def register_combat_hooks(ctx: CheckContext):
    """Bookkeeping (no finding): the scenario rules that take part in the Standard-Rule combat
    checks register their hooks (``checks.common.hook``)."""
    if data(ctx, "3-1") is not None:
        register_hook(ctx, "claim-attack", _belgrade_fire_claim)
        register_hook(ctx, "claim-roll", _belgrade_fire_roll)
    if data(ctx, "10-4") is not None:
        register_hook(ctx, "ignored-defender", _greek_units_ignored)
    # 36-9: only River Flotillas damage River Flotillas: in a ground attack a flotilla of the
    # hex attacked takes no part (neither defends nor loses strength)
    register_hook(ctx, "ignored-defender", _flotilla_not_in_ground_combat)
    register_hook(ctx, "russia-41-3", _russia_41_3_ceased)
    if _landwehr_rule(ctx) is not None:
        register_hook(ctx, "may-supply", _ah_supply_for_landwehr)
    if data(ctx, "11-34") is not None or data(ctx, "11-35") is not None:
        register_hook(ctx, "no-city-dm", _no_city_dm)
    d = data(ctx, "11-32")
    if d is not None:                            # 11-32: nations that accumulate no DM
        from .checks.demoralization import game_state
        why = (f"11-32: Demoralization Points in this game are accumulated by "
               f"{', '.join(d['nations'])}, not by {', '.join(d['none'])}")
        game_state(ctx).ledger.no_dm.update({n: ("EF 11-32", why) for n in d["none"]})
    _russia_41_3_update(ctx)                     # Lemberg is Austro-Hungarian at the start
    return ()


# ------------------------------------------------------------------------- Russia 41-3

#: 41-3: "if at any time, the Central Powers control Warsaw and any four of the following cities:
#: Kovno, Grodno, Bialystock, Brest-Litovsk Rowno, Kowel, Lemberg" (names as the maps spell them)
WARSAW_41_3 = "Warsaw"
CITIES_41_3 = ("Kovno", "Grodno", "Bialystok", "Brest-Litovsk", "Rowno", "Kowel", "Lemberg")


def _cities_41_3(ctx: CheckContext) -> dict[str, list]:
    hit = ctx.cache.get("41-3 cities")
    if hit is None:
        md = ctx.mapdef()
        hit = {n: [] for n in (WARSAW_41_3,) + CITIES_41_3}
        for h, i in (md.hexes.items() if md is not None else ()):
            if i.city and i.name in hit:
                hit[i.name].append(h)
        ctx.cache["41-3 cities"] = hit
    return hit


def _cp_controls(ctx: CheckContext, facts, hexes) -> bool | None:
    """The Central Powers control a city: every hex of it (Warsaw and Lemberg have two)."""
    if not hexes:
        return False                                    # not on the sheets in play
    sides = [facts.controller(h)[0] for h in hexes]
    if all(s == CP for s in sides):
        return True
    if any(s not in (CP, None) for s in sides):
        return False
    return None


def russia_41_3_met(ctx: CheckContext) -> bool | None:
    """41-3 now: the Central Powers control Warsaw and four of the seven cities (None: the log
    does not say who controls some of them)."""
    from .checks.demoralization import game_state
    from .checks.end_of_game import LogFacts
    facts = LogFacts(ctx, game_state(ctx))
    cities = _cities_41_3(ctx)
    warsaw = _cp_controls(ctx, facts, cities[WARSAW_41_3])
    held = [_cp_controls(ctx, facts, cities[n]) for n in CITIES_41_3]
    sure, maybe = held.count(True), held.count(True) + held.count(None)
    if warsaw is False or maybe < 4:
        return False
    if warsaw is True and sure >= 4:
        return True
    return None


def _russia_41_3_update(ctx: CheckContext) -> None:
    state = ctx.cache.setdefault("41-3", {"ceased": None, "maybe": None})
    if state["ceased"] is not None or not _cities_41_3(ctx)[WARSAW_41_3]:
        return
    met = russia_41_3_met(ctx)
    if met:
        state["ceased"] = ctx.step or 0               # the step it happened (0: at the start)
    elif met is None and state["maybe"] is None:
        state["maybe"] = ctx.step or 0


def _russia_41_3_ceased(ctx: CheckContext) -> str | None:
    state = ctx.cache.get("41-3") or {}
    if state.get("ceased") is not None:
        return "ceased"
    return "maybe" if state.get("maybe") is not None else None


@rule("41-3", "move")
def russia_41_3_cities(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """41-3 bookkeeping (no finding): 41-2 (Russian units retreat at a loss of a third) ceases
    for good once the Central Powers control Warsaw and any four of Kovno, Grodno, Bialystok,
    Brest-Litovsk, Rowno, Kowel and Lemberg: judged whenever a unit enters or leaves one."""
    if not is_unit(u):
        return ()
    cities = _cities_41_3(ctx)
    if any(h in hs for hs in cities.values() for h in (frm, to) if h is not None):
        _russia_41_3_update(ctx)
    return ()


# ------------------------------------------------------------------------- Russia 41-4

#: 41-4: "Russian fortresses lose 6 strength points at the end of each turn in which they are
#: surrounded. Any Russian fortress is immediately removed from play if its strength falls below 4."
FORT_LOSS_41_4, FORT_MIN_41_4 = 6, 4


class _FortressNotSelfStacked:
    """A board on which the fortress counters of one hex are not there for 20-9 ("units in the
    same hex as a fortress are not considered to be surrounded" speaks of the units with it, not
    of the fortress itself): the 20-1 search then judges the fortress as any unit."""

    def __init__(self, board, h):
        self._board, self._h = board, h

    def units(self, h):
        us = self._board.units(h)
        if h != self._h:
            return us
        from .rules.units import is_fortress
        return [u for u in us if not is_fortress(u)]

    def __getattr__(self, name):
        return getattr(self._board, name)


def _russian_fortress_hexes(ctx: CheckContext) -> dict:
    """{hex: [fortress UnitState]} of the Russian fortresses on the map."""
    out: dict = {}
    for u in ctx.units.values():
        if is_unit(u) and u.hex is not None and u.map != DEAD_PILE \
                and u.counter.type == "fortress" and u.nation == "russia":
            out.setdefault(u.hex, []).append(u)
    return out


def _fortress_strength(ctx: CheckContext, forts) -> tuple[frozenset, tuple]:
    """The Russian fortress strength of a hex (its fortress counters together, 21-7 markers and
    strength markers counted: every value the log allows) and the placeholders it rests on."""
    from modgen.check.findings import Placeholder
    from .checks.combat_state import add_sets, unit_strengths
    total, ph = frozenset({0}), []
    for u in sorted(forts, key=lambda f: f.piece):
        vals = frozenset(v for v in unit_strengths(ctx, u) if v is not None)
        if not vals:
            return frozenset(), ()
        total = add_sets(total, vals)
        why = u.counter.placeholder("strength", u.reduced)
        if why is not None:
            ph.append(Placeholder(f"strength {max(vals)} of {u.name}", why))
    return total, tuple(ph)


def _fortress_surrounded(ctx: CheckContext, h, forts) -> bool | None:
    """20-1 for the fortress of ``h`` itself (see ``_FortressNotSelfStacked``)."""
    from .checks.supply import ezoc_of, side_nations
    from .rules import supply_lines as SL
    board = board_state(ctx)
    if board is None or not forts:
        return None
    f = forts[0]
    res = SL.surrounded(_FortressNotSelfStacked(board, h), unit_view(f),
                        friendly_countries=side_nations(ctx, f.side), ezoc=ezoc_of(ctx, f.side),
                        guide=ctx.cache.get(("edge-guide", f.side)))
    return res.value


def _state_41_4(ctx: CheckContext) -> dict:
    return ctx.cache.setdefault("41-4", {"phase_start": {}, "due": []})


@rule("41-4", "setup")
def russian_fortresses_at_the_start(ctx: CheckContext):
    """41-4 bookkeeping (no finding): the Russian fortress strength of each hex as play begins."""
    st = _state_41_4(ctx)
    st["phase_start"] = {h: _fortress_strength(ctx, fs)[0]
                         for h, fs in _russian_fortress_hexes(ctx).items()}
    return ()


@rule("41-4", "phase_end")
def russian_fortresses_lose_strength(ctx: CheckContext, ended: PhaseInfo):
    """41-4: (a) a Russian fortress whose strength fell below 4 in the phase is gone at its end;
    (b) one surrounded (20-1) at the end of a turn has lost 6 SP by the end of the next phase —
    judged from the start of the turn's last phase, so a loss taken before or after the turn
    tracker moved counts, as does any combat loss in between: a drop under 6 over that window is
    the 6 not taken; a drop of 6 or more with an attack on the hex in the window is undetermined.
    Russian fortress strengths are placeholders in the data (``front_placeholder``): such a
    verdict is undetermined, naming them."""
    st = _state_41_4(ctx)
    now = _russian_fortress_hexes(ctx)
    strength = {h: _fortress_strength(ctx, fs) for h, fs in now.items()}
    # (a) fell below 4
    for h, (vals, ph) in sorted(strength.items()):
        before = st["phase_start"].get(h)
        if not vals or before is None or not before or max(vals) >= FORT_MIN_41_4 \
                or max(vals) >= min(before) or min(vals) <= 0:
            continue
        names = ", ".join(sorted(f.name for f in now[h]))
        yield ctx.finding("41-4", VIOLATION, f"the Russian fortress in {h} ({names}) fell to "
                          f"{_fmt(vals)} SP and stayed on the map; a Russian fortress is removed "
                          f"from play as soon as its strength falls below {FORT_MIN_41_4}",
                          units=now[h], hexes=[h], placeholders=ph)
    # (b) the 6 SP of a turn surrounded, due at the end of this phase
    for h, t_start, surrounded, ph0, dates in st["due"]:
        vals, ph = strength.get(h, (frozenset({0}), ()))
        if not vals:
            continue
        expect = max(t_start) - FORT_LOSS_41_4
        forts = now.get(h, [])
        what = (f"the Russian fortress in {h} was surrounded at the end of {dates[0]} with "
                f"{_fmt(t_start)} SP at the start of its last phase and has {_fmt(vals)} at the "
                f"end of the next; Russian fortresses lose {FORT_LOSS_41_4} SP at the end of each "
                f"turn in which they are surrounded")
        if expect < FORT_MIN_41_4:
            ok, maybe = max(vals) <= 0, min(vals) <= 0
            what += f", and are removed below {FORT_MIN_41_4} SP"
        else:
            ok, maybe = max(vals) <= expect, min(vals) <= expect
        attacked = [c for c in combats(ctx) if c.target == h and (c.date, c.phase_id) in dates[1]]
        if ok and not attacked:
            continue
        placeholders = tuple(ph0) + tuple(ph)
        if ok:
            # a drop of 6 or more: with an attack on the hex it may be combat losses alone
            yield ctx.finding("41-4", UNDETERMINED, what + f" (an attack on {h} in between "
                              f"also took SP)", units=forts, hexes=[h], placeholders=placeholders,
                              missing="which of the SP lost were combat losses")
        elif maybe:
            yield ctx.finding("41-4", UNDETERMINED, what, units=forts, hexes=[h],
                              placeholders=placeholders,
                              missing="the fortress strength (the stack order of its markers)")
        elif surrounded is None:
            yield ctx.finding("41-4", UNDETERMINED, what.replace("was surrounded", "may have been "
                              "surrounded"), units=forts, hexes=[h], placeholders=placeholders,
                              missing="whether the fortress was surrounded (20-1: a line of "
                                      "communication to a friendly map edge or country interior)")
        else:
            yield ctx.finding("41-4", VIOLATION, what, units=forts, hexes=[h],
                              placeholders=placeholders)
    st["due"] = []
    st["last_phase_start"] = st["phase_start"]          # the start of the phase that ended
    st["phase_start"] = {h: v for h, (v, _ph) in strength.items()}


@rule("41-4", "turn")
def russian_fortresses_surrounded_at_the_turn_end(ctx: CheckContext, old: PhaseInfo,
                                                  new: PhaseInfo):
    """41-4 bookkeeping: when a turn ends, each Russian fortress surrounded then (20-1; unknown
    kept as unknown) owes 6 SP by the end of the next phase. (A fortress surrounded only during
    the turn and relieved by its end is not judged.)"""
    st = _state_41_4(ctx)
    if old.date is None or new.date is None or old.date == new.date:
        return ()
    start = st.get("last_phase_start", {})
    for h, forts in sorted(_russian_fortress_hexes(ctx).items()):
        sur = _fortress_surrounded(ctx, h, forts)
        if sur is False:
            continue
        t_start = start.get(h)
        if not t_start:
            continue        # no fortress there when the last phase began: the window is unknown
        st["due"].append((h, t_start, sur, _fortress_strength(ctx, forts)[1],
                          (old.date, {(old.date, old.phase_id), (new.date, new.phase_id)})))
    return ()


def _fmt(vals) -> str:
    vs = sorted(vals)
    return str(vs[0]) if len(vs) == 1 else f"{vs[0]}-{vs[-1]}"


# ------------------------------------------------------------------------- city DM (11-34, 11-35)


def _no_city_dm(ctx: CheckContext, h, info, urban: bool) -> str | None:
    """The duration games' exceptions to 26-3's city DM: 11-34 "capturing these cities again
    during a campaign game will yield no additional DM points" (the hexes the rule lists for the
    1915 and 1916 games); 11-35 "Russia receives DM points only for the losses of urban hexsides
    comprising Warsaw, Minsk, Riga and Odessa. It takes no DM points for the losses of other
    personnel centers" (a Russian city counts only by the urban hexsides of those four)."""
    d34 = data(ctx, "11-34")
    if d34 is not None and h in {hx(ctx, x) for x in d34.get("hexes", ())}:
        return "11-34"
    d35 = data(ctx, "11-35")
    if d35 is not None and info.country == d35.get("nation"):
        if not urban or info.name not in d35.get("cities", ()):
            return "11-35"
    return None


# ------------------------------------------------------------------------- the Danube (35-3, 35-4)


@rule("35-3", "combat")
def attacks_across_the_danube(ctx: CheckContext, c: Combat):
    """35-3 / 35-4: non-artillery units attack across the Danube only with an engineer unit in
    each hex containing attacking units (artillery attacks across it as normal, 35-4); one hex
    makes at most one attack across the Danube; the engineer is eliminated when every other
    attacker was eliminated by the counterattack."""
    board = board_state(ctx)
    if board is None or c.target is None or not c.attackers:
        return
    crossing = [a for a in c.attackers if a.hex is not None and a.type != "flotilla"
                and a.hex in c.target.neighbours() and danube.is_danube(board, a.hex, c.target)]
    ground = [a for a in crossing if a.type not in ("art", "siege-art", "eng")]
    if not ground:
        return
    engineers = [a for a in c.attackers if a.type == "eng"]
    hexes = sorted({a.hex for a in c.attackers if a.hex is not None and a.type != "flotilla"})
    for h in hexes:
        if any(e.hex == h for e in engineers):
            continue
        across = any(a.hex == h for a in ground)
        names = ", ".join(a.name for a in c.attackers if a.hex == h)
        if across:
            yield ctx.finding("35-3", VIOLATION, f"{names} attacked {c.target} across the "
                              f"Danube from {h} with no engineer unit attacking from that hex; "
                              f"non-artillery units attack across the Danube only with an engineer "
                              f"in each hex containing attacking units", hexes=[h, c.target],
                              side=c.side, step=c.declared_step or c.first_step, check="combat")
        elif not c.attackers_known:
            continue
        else:
            yield ctx.finding("35-3", UNDETERMINED, f"the attack on {c.target} crosses the Danube "
                              f"and {names} attacked from {h} (not across it) with no engineer "
                              f"there", hexes=[h, c.target], side=c.side,
                              step=c.declared_step or c.first_step, check="combat",
                              missing="whether 35-3's 'each hex containing attacking units' "
                                      "means the hexes across the Danube only")
    if not c.attackers_known and not engineers:
        return
    # one attack across the Danube from a hex (this phase)
    seen = ctx.cache.setdefault("35-3 hexes", {})
    for h in sorted({a.hex for a in ground}):
        key = (ctx.phase_start_step, h)
        first = seen.get(key)
        if first is None:
            seen[key] = c.number
        elif first != c.number:
            yield ctx.finding("35-3", VIOLATION, f"a second attack across the Danube from {h} "
                              f"(on {c.target}; combat {first} already crossed from there): "
                              f"multiple attacks across the Danube from a single hex are not "
                              f"allowed", hexes=[h, c.target], side=c.side,
                              step=c.declared_step or c.first_step, check="combat")
    # the engineer shares the fate of the others when the counterattack eliminates them all
    others = [a for a in c.attackers if a.type != "eng"]
    if others and c.counter_roll is not None and all(a.after is not None and _hi(a.after) == 0
                                                      for a in others):
        for e in engineers:
            live = ctx.units.get(e.piece)          # (an engineer's strength may be 0: its piece)
            if live is not None and live.hex is not None and live.map != DEAD_PILE:
                yield ctx.finding("35-3", VIOLATION, f"{e.name} is still on the map after the "
                                  f"counterattack at {c.target} eliminated every other attacking "
                                  f"unit; the engineer unit is then eliminated too", hexes=[c.target],
                                  side=c.side, step=c.last_step or c.first_step, check="combat")


# ------------------------------------------------------------------------- River Flotillas (36)


def _flotilla_not_in_ground_combat(ctx: CheckContext, c: Combat, u: UnitState) -> bool:
    """36-9: a flotilla in a hex attacked by ground units takes no part (only flotillas damage
    flotillas). An attack by flotillas alone is a flotilla combat: they defend."""
    if u.counter is None or u.counter.type != "flotilla":
        return False
    return not _flotilla_attack(ctx, c)


def _flotilla_attack(ctx: CheckContext, c: Combat) -> bool:
    if c.attackers:
        return all(a.type == "flotilla" for a in c.attackers)
    return False


@rule("36-6", "combat")
def flotillas_in_combat(ctx: CheckContext, c: Combat):
    """36-6: River Flotillas attack with friendly ground units of their own hex, into a hex that
    borders the Danube (their strength is divided by 3, no SP: the combat arithmetic does both).
    36-9: flotillas fight enemy flotillas of an adjacent hex at double strength; ground units
    cannot attack or counterattack flotillas, and only flotillas damage flotillas."""
    if c.target is None:
        return
    board = board_state(ctx)
    flot = [a for a in c.attackers if a.type == "flotilla"]
    step = c.declared_step or c.first_step
    if flot and not _flotilla_attack(ctx, c):
        if board is not None and not danube.adjacent_to_danube(board, c.target):
            yield ctx.finding("36-6", VIOLATION, f"{', '.join(f.name for f in flot)} attacked "
                              f"{c.target}, which does not border the Danube; River Flotillas "
                              f"attack only into a hex that borders it", hexes=[c.target],
                              side=c.side, step=step, check="combat")
        for f in flot:
            mates = [a for a in c.attackers if a.hex == f.hex and a.type != "flotilla"]
            if not mates and c.attackers_known:
                yield ctx.finding("36-6", VIOLATION, f"{f.name} attacked {c.target} from {f.hex} "
                                  f"without friendly ground units of its hex attacking with it",
                                  hexes=[f.hex, c.target], side=c.side, step=step, check="combat")
    if not flot and c.attackers and c.attack_roll is not None:
        enemy_flotillas = [u for u in ctx.units_at(c.target) if is_unit(u)
                           and u.counter.type == "flotilla" and u.side == c.defender_side]
        if enemy_flotillas and not c.defenders:
            yield ctx.finding("36-9", VIOLATION, f"ground units attacked {c.target}, which holds "
                              f"only River Flotillas ({', '.join(u.name for u in enemy_flotillas)}); "
                              f"ground combat units cannot attack River Flotillas", hexes=[c.target],
                              side=c.side, step=step, check="combat")


@rule("36-9", "flip")
def flotilla_damaged_by_ground_units(ctx: CheckContext, u: UnitState, before: int, after: int):
    """36-9: a flotilla flipped in a Combat Phase in which it fought no flotilla combat (only
    flotillas damage flotillas)."""
    if not is_unit(u) or u.counter.type != "flotilla" or after <= before or ctx.now.kind != "combat":
        return
    yield from _flotilla_loss(ctx, u, "flipped")


#: 36-7's 2 hexes (``rules.danube``)
INTERDICTION_RANGE = danube.INTERDICTION_RANGE


def interdicting_flotillas(ctx: CheckContext, side: str, a, b) -> list[UnitState]:
    """36-7: the enemy River Flotillas (of ``side``'s enemy) on the map within 2 hexes of ``a`` or
    ``b``, the two hexes of a Danube crossing."""
    return sorted((f for f in ctx.units.values()
                   if is_unit(f) and f.hex is not None and f.map != DEAD_PILE and f.side != side
                   and f.counter.type == "flotilla"
                   and min(f.hex.distance(a), f.hex.distance(b)) <= INTERDICTION_RANGE),
                  key=lambda f: f.name)


@rule("36-7", "combat")
def no_retreat_past_a_flotilla(ctx: CheckContext, c: Combat):
    """36-7: "Retreat is not allowed across hexsides that would trigger an interdiction attack":
    a retreat across a Danube hexside within 2 hexes (either bank) of an enemy River Flotilla. A
    flotilla may interdict any such crossing (the choice is its owner's), so the hexside would
    trigger one whenever a flotilla is in range. Flotillas move only in their Movement Phase
    (36-2), so where they stand when the combat is complete is where they stood at the retreat."""
    board = board_state(ctx)
    if board is None:
        return
    for m in c.retreats:
        u = ctx.units.get(m.piece)
        if u is None or u.side is None or m.frm is None or m.to is None \
                or not danube.is_danube(board, m.frm, m.to):
            continue
        flots = interdicting_flotillas(ctx, u.side, m.frm, m.to)
        if not flots:
            continue
        yield ctx.finding("36-7", VIOLATION, f"{m.name} retreated {m.frm}→{m.to} across the "
                          f"Danube within {INTERDICTION_RANGE} hexes of "
                          f"{', '.join(f'{f.name} ({f.hex})' for f in flots)}; retreat is not "
                          f"allowed across hexsides that would trigger an interdiction attack",
                          units=[u, *flots], hexes=[m.frm, m.to], path=[m.frm, m.to],
                          side=u.side, step=m.step, check="combat")


def _flotilla_loss(ctx: CheckContext, u: UnitState, how: str):
    mine = [c for c in combats(ctx) if c.phase_id == ctx.now.phase_id and c.date == ctx.now.date
            and any(x.piece == u.piece for x in c.attackers + c.defenders)]
    if mine:
        return
    near = [c for c in combats(ctx) if c.phase_id == ctx.now.phase_id and c.date == ctx.now.date
            and c.target is not None and u.hex is not None and c.target == u.hex
            and c.attackers_known and not any(a.type == "flotilla" for a in c.attackers)]
    if not near:
        return                  # no attack on its hex by declared ground units
    yield ctx.finding("36-9", VIOLATION, f"{u.name} was {how} after the attack on {near[-1].target} "
                      f"by ground units; only River Flotillas can damage River Flotillas",
                      units=[u], hexes=[near[-1].target], check="combat")


# ------------------------------------------------------------------------- Serbia, August 1914


def _belgrade_fire_claim(ctx: CheckContext, d) -> str | None:
    """3-1: an ``!attack`` typed in the Central Powers Movement Phase on a hex holding only
    Central Powers River Flotillas is the fire from Belgrade, not a Standard-Rule combat."""
    if ctx.now.kind != "movement" or ctx.now.side != CP or not d.hexes:
        return None
    here = [u for u in ctx.units_at(d.hexes[0]) if is_unit(u)]
    if not here or not all(u.side == CP and u.counter.type == "flotilla" for u in here):
        return None
    fire = {"hex": d.hexes[0], "step": d.step, "flotillas": [u.piece for u in here],
            "reduced": {u.piece: u.reduced for u in here}, "roll": None, "date": ctx.now.date,
            "phase": ctx.phase_start_step}
    ctx.cache.setdefault("ef-3-1", []).append(fire)
    return "Serbia August 1914 3-1"


def _belgrade_fire_roll(ctx: CheckContext, roll) -> str | None:
    fires = [f for f in ctx.cache.get("ef-3-1", ()) if f["phase"] == ctx.phase_start_step
             and f["roll"] is None]
    if not fires:
        return None
    v = roll.values[0] if len(roll.values) == 1 else roll.total
    fires[0]["roll"] = (v, ctx.step)
    return "Serbia August 1914 3-1"


def _passes(ctx: CheckContext, u: UnitState, a, b) -> bool | None:
    """Whether flotilla ``u`` moved between hexes ``a`` and ``b`` this phase (along the Danube,
    joining its drops)."""
    path = moved_path(ctx, u)
    if not path:
        return False
    board = board_state(ctx)
    steps = [path[0]]
    for x, y in zip(path, path[1:]):
        leg = danube.flotilla_path(board, unit_view(u, x), x, y) if board is not None else None
        steps += list(leg[1:]) if leg else [y]
    return any({p, q} == {a, b} for p, q in zip(steps, steps[1:]))


@rule("EF 3-1", "declare")
def belgrade_fire(ctx: CheckContext, d):
    """3-1 (Serbia, August 1914): from September 1914, with a Serbian ground combat unit in
    Belgrade (6-5:1607), Central Powers River Flotillas that move between 6-5:1606 and 6-5:1707
    may be attacked (``!attack <flotilla hex>`` in the Central Powers Movement Phase, no SP)."""
    r = data(ctx, "3-1")
    if r is None or d.keyword != "attack":
        return
    fires = [f for f in ctx.cache.get("ef-3-1", ()) if f["step"] == d.step]
    if not fires:
        return
    f = fires[0]
    why = []
    if ctx.now.date is not None and ctx.now.date < gdate(r["from"]):
        why.append(f"before {gdate(r['from'])}")
    belgrade = hx(ctx, r["belgrade"])
    if not any(is_unit(u) and u.nation == r["nation"] and u.counter.type not in ("hq", "flotilla")
               for u in ctx.units_at(belgrade)):
        why.append(f"with no Serbian ground combat unit in Belgrade ({belgrade})")
    a, b = (hx(ctx, x) for x in r["between"])
    passed = [ctx.units[p] for p in f["flotillas"] if p in ctx.units
              and _passes(ctx, ctx.units[p], a, b)]
    if not passed:
        why.append(f"on a flotilla that did not move between {a} and {b}")
    f["legal"] = not why
    if why:
        yield ctx.finding("EF 3-1", VIOLATION, f"fire on the River Flotilla in {f['hex']} "
                          f"{' and '.join(why)}: 3-1 allows it from {gdate(r['from'])}, with a Serbian "
                          f"ground combat unit in Belgrade, on flotillas moving between {a} and {b}",
                          hexes=[f["hex"], belgrade], side=ENTENTE)


@rule("EF 3-1", "phase_end")
def belgrade_fire_result(ctx: CheckContext, ended: PhaseInfo):
    """3-1: on a die roll of 1 the flotilla fired on is flipped to its reduced side, or
    eliminated when it already was; on any other roll it loses nothing."""
    fires = [f for f in ctx.cache.get("ef-3-1", ()) if f["phase"] == ctx.phase_start_step]
    for f in fires:
        if not f.get("legal"):
            continue
        if f["roll"] is None:
            yield ctx.finding("EF 3-1", UNDETERMINED, f"the fire on the River Flotilla in {f['hex']} "
                              f"(step {f['step']}) has no die roll", hexes=[f["hex"]], side=ENTENTE,
                              step=f["step"], missing="the 1d6 roll of the attack")
            continue
        value, step = f["roll"]
        if len(f["flotillas"]) != 1:
            yield ctx.finding("EF 3-1", UNDETERMINED, f"the fire on {f['hex']} rolled {value}; the "
                              f"hex holds {len(f['flotillas'])} flotillas and the log does not say "
                              f"which was attacked", hexes=[f["hex"]], side=ENTENTE, step=step,
                              missing="which flotilla was attacked")
            continue
        piece = f["flotillas"][0]
        u = ctx.units.get(piece)
        was_reduced = f["reduced"][piece]
        gone = u is None or u.hex is None or u.map == DEAD_PILE
        now_reduced = u is not None and u.reduced
        name = u.name if u is not None else piece
        if value == 1:
            want = "eliminated" if was_reduced else "flipped to its reduced side"
            ok = gone if was_reduced else (now_reduced or gone)
            if not ok:
                yield ctx.finding("EF 3-1", VIOLATION, f"the fire on {name} in {f['hex']} rolled 1: "
                                  f"the flotilla is {want} (3-1), but it was not", units=[u] if u else [],
                                  hexes=[f["hex"]], side=ENTENTE, step=step)
        elif gone or (now_reduced and not was_reduced):
            yield ctx.finding("EF 3-1", VIOLATION, f"the fire on {name} in {f['hex']} rolled "
                              f"{value}: only a 1 damages the flotilla (3-1), but it was "
                              f"{'eliminated' if gone else 'flipped'}", units=[u] if u else [],
                              hexes=[f["hex"]], side=ENTENTE, step=step)


@rule("EF 3-3", "combat")
def second_army_does_not_attack(ctx: CheckContext, c: Combat):
    """3-3 (Serbia, August 1914): units of the A-H 2nd Army other than those it frees may not
    attack while on map 6-5 (until they must exit)."""
    d = data(ctx, "3-3")
    if d is None or "army" not in d or c.side != CP:
        return
    for a in c.attackers:
        if a.unit_id in d["army"] and a.unit_id not in d["free"] and a.type != "hq":
            yield ctx.finding("EF 3-3", VIOLATION, f"{a.name} attacked {c.target}; units of the "
                              f"2nd Army other than those 3-3 frees may neither move nor attack on "
                              f"map {d['sheet']}", hexes=[c.target] if c.target else [], side=CP,
                              step=c.declared_step or c.first_step, check="combat")


@rule("EF 3-4", "combat")
def losses_from_the_61st_last(ctx: CheckContext, c: Combat):
    """3-4 (Serbia, August 1914): the Central Powers take losses from the 61st brigade only when
    there is no other choice: the loss required of its side in the combat was more than the
    other infantry units of that side could take without it (13-24: every unit of a type is
    flipped before any is reduced further, so until the others are on their backs)."""
    d = data(ctx, "3-4")
    if d is None:
        return
    unit_id = d["unit"]
    for role, required in (("attackers", c.required_attacker), ("defenders", c.required_defender)):
        units = getattr(c, role)
        mine = [u for u in units if u.unit_id == unit_id]
        if not mine or mine[0].side != CP:
            continue
        u61 = mine[0]
        least, most = _lost(u61)
        if most == 0:
            continue
        others = [u for u in units if u is not u61 and u.side == CP and u.type in INFANTRY_TYPES]
        cap_lo = sum(max(0, _lo(u.strengths) - u.back) for u in others)
        cap_hi = sum(max(0, _hi(u.strengths) - u.back) for u in others)
        res = c.counter if role == "attackers" else c.attack
        step = c.last_step or c.first_step
        # the values the verdict rests on: the CRT cell, the strengths the column was summed
        # from, and the strengths and backs of the other infantry (placeholders: never a violation)
        ph = list(res.placeholders if res is not None else ()) + \
            [p for o in others for p in getattr(o, "loss_placeholders", ())]
        if not required or res is None or res.placeholder or ph:
            missing = ("the printed CRT cell (the loss required)" if res is not None and res.placeholder
                       else "; ".join(dict.fromkeys(f"{p.what} is a placeholder" for p in ph))
                       if ph else "the loss required")
            yield ctx.finding("EF 3-4", UNDETERMINED, f"{u61.name} lost strength in the combat at "
                              f"{c.target}; whether there was another choice depends on "
                              f"{'placeholder values' if ph else 'the loss required'}",
                              hexes=[c.target], side=CP, step=step, check="combat", missing=missing)
            continue
        need_lo, need_hi = min(required), max(required)
        if need_lo > cap_hi:
            continue                    # the others could not take it all: no other choice
        if need_hi <= cap_lo and least > 0:
            yield ctx.finding("EF 3-4", VIOLATION, f"{u61.name} lost {least} SP in the combat at "
                              f"{c.target}, but the {need_hi} SP required could have been taken "
                              f"from the other infantry ({', '.join(o.name for o in others)}: "
                              f"{cap_lo} SP before all of them are on their backs); losses come "
                              f"from the 61st brigade only when there is no other choice",
                              hexes=[c.target], side=CP, step=step, check="combat")
        else:
            yield ctx.finding("EF 3-4", UNDETERMINED, f"{u61.name} lost strength in the combat at "
                              f"{c.target}; the other infantry could take {cap_lo}-{cap_hi} SP "
                              f"before all are on their backs and {need_lo}-{need_hi} were "
                              f"required", hexes=[c.target], side=CP, step=step, check="combat",
                              missing="the units' strengths (strength markers' order) or the "
                                      "loss required")


@rule("EF 3-5", "combat")
def second_army_hq_pays_for_its_own(ctx: CheckContext, c: Combat):
    """3-5 (Serbia, August 1914): the A-H 2nd Army HQ spends SP for attacks only for the units
    that stay in the theatre (those 3-3 frees) and the 61st brigade; for counterattacks for any
    unit."""
    d = data(ctx, "3-5")
    if d is None or c.side != CP or not c.supply:
        return
    hq_ids = {p: ctx.units[p].unit_id for p in c.supply_hqs.values() if p in ctx.units}
    second = [p for p, uid in hq_ids.items() if uid == d["hq"]]
    if not second:
        return
    # "those units that will remain in the Serbian Theater, and the 61st": the 2nd Army's units
    # that must leave (a withdrawal date) are not; every other unit stays
    from .eastern_front import _withdrawal_date
    leaving = {uid for uid in d["army"] if uid not in d["except"]
               and _withdrawal_date(ctx, uid) is not None}
    step = c.declared_step or c.first_step
    for a in c.attackers:
        if a.unit_id not in leaving or a.supply != "paid":
            continue
        if a.hq in second:
            yield ctx.finding("EF 3-5", VIOLATION, f"the 2nd Army HQ pays for {a.name}'s attack on "
                              f"{c.target}; it spends SP for attacks only for the units that stay "
                              f"in the theatre and the 61st brigade", hexes=[c.target], side=CP,
                              step=step, check="combat")
        elif a.hq is None:
            yield ctx.finding("EF 3-5", UNDETERMINED, f"the 2nd Army HQ pays for the attack on "
                              f"{c.target} and the declaration does not say whether it pays for "
                              f"{a.name}, which it may not", hexes=[c.target], side=CP, step=step,
                              check="combat", missing="a 'supply <HQ> <SP> for <units>' clause")


@rule("EF 3-5", "declare")
def second_army_hq_transfers_nothing(ctx: CheckContext, d):
    """3-5: the A-H 2nd Army HQ cannot transfer SP to other HQs (``!transfer``)."""
    r = data(ctx, "3-5")
    if r is None or d.keyword != "transfer":
        return
    src = resolve_hq(ctx, d.unit or "", CP)
    if src is not None and src.unit_id == r["hq"]:
        yield ctx.finding("EF 3-5", VIOLATION, f"!transfer from {src.name}: the 2nd Army HQ "
                          f"cannot transfer Supply Points to other Headquarters", units=[src],
                          side=CP)


@rule("EF 3-5", "move")
def second_army_hq_sends_no_marker(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """3-5: nor by a Supply Point marker put on it in the Central Powers Movement Phase (18-7)."""
    r = data(ctx, "3-5")
    if r is None or u.marker_id is None or frm is not None or to is None \
            or marker_kind(ctx, u.marker_id) != "supply" or ctx.now.kind != "movement":
        return
    hqs = [h for h in ctx.units_at(to) if is_unit(h) and h.unit_id == r["hq"]]
    if hqs:
        yield ctx.finding("EF 3-5", VIOLATION, f"a Supply Point marker was put on {hqs[0].name} "
                          f"in {to} (a transfer, 18-7): the 2nd Army HQ cannot transfer Supply "
                          f"Points to other Headquarters", units=[hqs[0]], hexes=[to], side=CP)


@rule("EF 3-2", "phase_end")
def fifth_army_attacks(ctx: CheckContext, ended: PhaseInfo):
    """3-2 (Serbia, August 1914): every A-H unit of the 5th Army in an enemy ZOC in the Combat
    Phase of 3 August attacks. Which units are the 5th Army's is printed on the set-up grid only:
    an A-H unit in an enemy ZOC that attacked nothing is undetermined (the 2nd Army's units, 3-3,
    are not the 5th Army's then)."""
    d = data(ctx, "3-2")
    if d is None or "enter_ezoc" not in d or ended.kind != "combat" or ended.side != CP \
            or ended.date != gdate(d["enter_ezoc"]):
        return
    army = set((data(ctx, "3-3") or {}).get("army", ()))
    attacked = {a.piece for c in combats(ctx) if c.date == ended.date and c.phase_id == ended.phase_id
                for a in c.attackers}
    ezoc = enemy_zoc_hexes(ctx, CP)
    idle = [u for u in ctx.units.values() if is_unit(u) and u.hex is not None
            and u.nation == d["nation"] and u.unit_id not in army and u.piece not in attacked
            and u.counter.type in INFANTRY_TYPES + ("cav",) and u.hex in ezoc]
    for u in sorted(idle, key=lambda v: v.piece):
        yield ctx.finding("EF 3-2", UNDETERMINED, f"{u.name} stood in an enemy ZOC in {u.hex} in "
                          f"the Central Powers Combat Phase of {ended.date} and attacked nothing; "
                          f"every unit of the 5th Army there must attack", units=[u], hexes=[u.hex],
                          side=CP, step=ctx.last_step,
                          missing="whether the unit is of the A-H 5th Army (the set-up grid)")


# ------------------------------------------------------------------------- Serbia, October 1915


def _greek_units_ignored(ctx: CheckContext, c: Combat, u: UnitState) -> bool:
    """10-4: the Central Powers attack Entente units across the Greek border while Greece is
    neutral; Greek units are ignored in doing so."""
    from .eastern_front import neutral_nations
    d = data(ctx, "10-4")
    return (d is not None and c.side == d["side"] and u.nation == d["country"]
            and d["country"] in neutral_nations(ctx))


@rule("EF 10-4", "combat")
def attacks_across_the_greek_border(ctx: CheckContext, c: Combat):
    """10-4 (Serbia, October 1915): the Central Powers may attack Entente units across the
    border of neutral Greece (Greek units ignored); a hex with only Greek units is no target."""
    from .eastern_front import neutral_nations
    d = data(ctx, "10-4")
    if d is None or c.side != d["side"] or c.target is None or d["country"] not in neutral_nations(ctx):
        return
    here = [u for u in ctx.units_at(c.target) if is_unit(u) and u.side != c.side]
    greek = [u for u in here if u.nation == d["country"]]
    if greek and not c.defenders and len(greek) == len(here):
        yield ctx.finding("EF 10-4", VIOLATION, f"the Central Powers attacked {c.target}, which "
                          f"holds only Greek units; Greece is neutral: its units are ignored and "
                          f"only Entente units across its border may be attacked",
                          hexes=[c.target], side=c.side, step=c.declared_step or c.first_step,
                          check="combat")


# ------------------------------------------------------------------------- Romania 1916 (13-2)


@rule("EF 13-2", "combat")
def bucharest_open_city(ctx: CheckContext, c: Combat):
    """13-2 (Romania 1916): once the reverse has removed the Bucharest fortresses, no Entente
    unit may defend in any of the three hexes they vacated (an open city)."""
    d = data(ctx, "13-2")
    if d is None or "forts" not in d or c.target is None or c.defender_side != ENTENTE:
        return
    if (ctx.cache.get("ef13-2") or {}).get("how") != "yes":
        return                  # no reverse yet (a hex with some clear hexsides: not counted)
    if c.target in {hx(ctx, h) for h in d["forts"]} and c.defenders:
        yield ctx.finding("EF 13-2", VIOLATION, f"{', '.join(u.name for u in c.defenders)} defended "
                          f"{c.target}, a hex of Bucharest's fortresses; after the serious reverse "
                          f"Bucharest is an open city and no Entente unit may defend there",
                          hexes=[c.target], side=ENTENTE, step=c.first_step, check="combat")


# ------------------------------------------------------------------------- Galicia 1914


@rule("EF 7-6", "phase_end")
def galicia_attack_supply(ctx: CheckContext, ended: PhaseInfo):
    """7-6 (Galicia): on 6 August 1914 the A-H 1st and 4th Army HQs, on 7 August the 1st, 4th
    and 3rd, spend at least 8 SP each on attacks "if possible". What they spent is read from the
    turn's ``!attack`` supply clauses; less than 8 is undetermined (whether more was possible,
    the log cannot say), never a violation."""
    d = data(ctx, "7-6")
    if d is None or ended.kind != "combat" or ended.side != CP or ended.date is None:
        return
    hqs = next((v for k, v in d["turns"].items() if gdate(k) == ended.date), None)
    if not hqs:
        return
    need = int(d["sp"])
    for hq_id in hqs:
        pieces = [u for u in ctx.units.values() if u.unit_id == hq_id]
        if not pieces or all(u.hex is None for u in pieces):
            continue                                  # not on the map: no attack possible
        hq = pieces[0]
        spent, unknown = 0, False
        for c in combats(ctx):
            if c.date != ended.date or c.side != CP or c.supply is None:
                continue
            for i, pay in enumerate(c.supply):
                if c.supply_hqs.get(i) in {u.piece for u in pieces}:
                    if pay.sp is None:
                        unknown = True
                    else:
                        spent += pay.sp
        if spent >= need:
            continue
        yield ctx.finding("EF 7-6", UNDETERMINED, f"{hq.name} spent {spent}"
                          f"{' or more' if unknown else ''} SP on attacks on {ended.date}; 7-6 "
                          f"requires at least {need} if possible", units=[hq], side=CP,
                          missing="whether attacks costing the 7-6 minimum were possible")


def _near_first_army(ctx: CheckContext, d) -> tuple:
    """(the HQ, {German piece: inside its supply range?}) on the current positions."""
    from .checks.supply import supply_line_length
    hq = next((u for u in ctx.units.values() if u.unit_id == d["hq"] and u.hex is not None), None)
    near = {}
    for u in units(ctx, nation=d["nation"]):
        near[u.piece] = None if hq is None else \
            supply_line_length(ctx, u, u.hex, hq, max_mp=int(d["mp"])) is not None
    return hq, near


def _landwehr_rule(ctx: CheckContext):
    """(rule number, data) of the scenario's Landwehr supply rule (the ``landwehr`` block of its
    rule data: Galicia 7-8, the East Front Duration Game 11-7, the linked games 13-3, 14-6, 18-5,
    19-9; 003:L1996, L1603, L2061, L2101, L1385, L1430), or None."""
    d = data(ctx, "landwehr")
    return (d["rule"], d) if d is not None else None


def _ah_supply_for_landwehr(ctx: CheckContext, hq: UnitState, u: CombatUnit):
    """7-8 (Galicia) and its repeats 11-7, 13-3, 14-6, 18-5, 19-9: "Austro-Hungarian
    Headquarters may expend supply for German Landwehr units during 1914, but do so at
    Austro-Hungarian expenditure rates." The German Landwehr units are the counters qualified
    ``landwehr`` (the Tannenberg pool's "five 2-4 Ldw X", 003:L1915/L1922): an A-H HQ paying for
    one in 1914 is legal; for another German unit, or from 1915, 19-6 stands. The rates: the
    Landwehr brigades are infantry, whose 19-2 rate the Standard Rules give for every nation (the
    national differences, 30-1's German cavalry and 43-1/46-1's free counterattacks, concern no
    infantry), so the A-H rate is the one the cost check applies."""
    from .rules.supply_points import Permission
    found = _landwehr_rule(ctx)
    if found is None:
        return None
    n, d = found
    date = ctx.now.date
    if hq.nation != d.get("hq") or u.nation != d.get("nation") or date is None \
            or date.year != d.get("year"):
        return None
    st = ctx.units.get(u.piece)
    if st is None or d["qualifier"] not in st.counter.qualifiers:
        return None
    return (Permission(True, f"EF {n}", f"{n}: Austro-Hungarian HQs may expend supply for German "
                       f"Landwehr units in {d.get('year')}"), "")


@rule("EF 7-7", "setup")
def galicia_germans_at_the_start(ctx: CheckContext):
    """7-7 bookkeeping: the German units inside the 1st Army HQ's supply range at the start."""
    d = data(ctx, "7-7")
    if d is not None:
        _hq, near = _near_first_army(ctx, d)
        ctx.cache["ef-7-7-inside"] = {p: True for p, v in near.items() if v}
    return ()


@rule("EF 7-7", "phase_end")
def galicia_germans_near_the_first_army(ctx: CheckContext, ended: PhaseInfo):
    """7-7 (Galicia): the German units, under the A-H 1st Army, move into the 4 MP supply range
    of its HQ as soon as possible and once inside do not voluntarily leave it: a German unit
    inside at the start of a Central Powers Movement Phase (or at any earlier phase end) and
    outside at its end is a violation; one never inside yet, outside at its end, undetermined
    (whether it could have got there), once per unit."""
    d = data(ctx, "7-7")
    if d is None:
        return
    hq, near_now = _near_first_army(ctx, d)
    inside = ctx.cache.setdefault("ef-7-7-inside", {})
    mp = int(d["mp"])
    for u in units(ctx, nation=d["nation"]):
        near = near_now.get(u.piece)
        was = inside.get(u.piece)
        if near:
            inside[u.piece] = True
            continue
        if ended.kind != "movement" or ended.side != CP or hq is None:
            continue                           # retreats and other phases: not voluntary
        if was and u.piece not in ctx.moves and hq.piece not in ctx.moves:
            if ctx.once("EF 7-7", ("blocked", u.piece)):
                yield ctx.finding("EF 7-7", UNDETERMINED, f"{u.name} in {u.hex} is outside the "
                                  f"{mp} MP supply range of {hq.name} ({hq.hex}) without either "
                                  f"having moved this phase", units=[u, hq], hexes=[u.hex, hq.hex],
                                  side=CP, missing="whether the unit could move back into range "
                                  "(an enemy ZOC may block its supply line)")
        elif was:
            inside[u.piece] = False
            yield ctx.finding("EF 7-7", VIOLATION, f"{u.name} ended the {ctx.phase_label()} in "
                              f"{u.hex}, outside the {mp} MP supply range of {hq.name} "
                              f"({hq.hex}), after being inside it: 7-7 German units, once inside, "
                              f"do not voluntarily leave it", units=[u, hq], hexes=[u.hex, hq.hex],
                              side=CP)
        elif was is None and ctx.once("EF 7-7", u.piece):
            yield ctx.finding("EF 7-7", UNDETERMINED, f"{u.name} ended the {ctx.phase_label()} "
                              f"in {u.hex}, outside the {mp} MP supply range of {hq.name} "
                              f"({hq.hex}); 7-7: German units move into it as soon as possible",
                              units=[u, hq], hexes=[u.hex, hq.hex], side=CP,
                              missing="whether the unit could have reached the range this turn")
