"""The Eastern Front scenario rules (003: "Serbia and Romania", "Tannenberg and Galicia",
"Gorlice-Tarnow", "Brusilov", the linking and duration games): the rules about positions,
movement, arrivals and timing. Rules about combat, supply, retreats and Demoralization are left
to the combat engine (docs/rules-coverage.md lists them).

Every rule reads its numbers and hexes from the scenario (``Scenario.rule_data``, written by
``tools/convert_ef_scenarios.py`` from the rule text, hexes as ``SHEET:CCRR``), so a rule runs
only in the scenarios that print it. Findings are numbered ``EF <rule>`` (rule numbers repeat
between the scenario booklets: 3-2 is a Serbian, a Tannenberg and a Gorlice-Tarnow rule).

Readings the rulebook leaves open are stated where they are made; where a verdict depends on one,
or on what the log cannot show (which HQ a unit belongs to, combat, the omitted set-up grids and
mobilization schedules), it is "undetermined" naming what is missing.
"""
from __future__ import annotations

import re
from collections import deque
from dataclasses import replace
from fractions import Fraction
from typing import Iterable

from modgen.check.context import DEAD_PILE, CheckContext, PhaseInfo, UnitState
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION
from modgen.hexgrid import Hex
from modgen.model.types import MONTHS, GameDate

from .checks.common import (board_state, enemy_zoc_hexes, is_unit, marker_kind, placeholder_inputs,
                            special_rule, terrain_costs, unit_view)
from .rules import danube
from .rules import movement as mv
from .rules import zoc as zoc_rules
from .rules.units import (is_flotilla, is_fortress, is_ground_combat_unit, is_hq,
                          is_infantry_type, is_siege_artillery, movement_allowance)

# ------------------------------------------------------------------------- helpers


def data(ctx: CheckContext, key: str):
    """The scenario's ``rule_data`` entry ``key`` (a rule number, or a named block such as
    ``flotillas``), None when the scenario has none."""
    sc = ctx.scenario
    return (getattr(sc, "rule_data", None) or {}).get(key) if sc is not None else None


def hx(ctx: CheckContext, text: str) -> Hex:
    """A theatre hex from ``SHEET:CCRR``."""
    th = getattr(ctx.game, "theatre", None)
    return th.parse(text) if th is not None else Hex.parse(text.split(":")[-1])


def sheets(ctx: CheckContext) -> list[str]:
    return [b.id for b in ctx.boards]


def sheets_at(ctx: CheckContext, h: Hex | None) -> list[str]:
    """The sheets in play that print ``h`` (two where sheets overlap)."""
    if h is None:
        return []
    th = getattr(ctx.game, "theatre", None)
    inplay = sheets(ctx)
    if th is None or not th.multi:
        return inplay[:1]
    return [s for s, _ in th.locals(h) if s in inplay]


def printed(ctx: CheckContext, h: Hex, sheet: str) -> Hex:
    """The number ``h`` carries in ``sheet``'s numbering."""
    th = getattr(ctx.game, "theatre", None)
    return th.to_sheet(sheet, h) if th is not None and th.multi else h


def info(ctx: CheckContext, h: Hex | None):
    md = ctx.mapdef()
    return md.hexes.get(h) if md is not None and h is not None else None


def country(ctx: CheckContext, h: Hex | None) -> str | None:
    i = info(ctx, h)
    return i.country if i is not None else None


def gdate(text: str) -> GameDate:
    """ "3 November 1915" → GameDate(1915, 11, 3)."""
    m = re.fullmatch(r"\s*(\d)\s+([A-Za-z]+)\s+(\d{4})\s*", text)
    if not m:
        raise ValueError(f"not a turn date: {text!r}")
    month = [x.lower() for x in MONTHS].index(m.group(2).lower()) + 1
    return GameDate(int(m.group(3)), month, int(m.group(1)))


def ordinal(d: GameDate) -> float:
    """Normal turns counted from a fixed origin (7 a month); the Monthly Special Turn sits just
    before turn 1 of its month (it is no game turn for "turns off the map")."""
    base = (d.year * 12 + d.month - 1) * 7
    return base - 0.5 if d.turn == 0 else base + d.turn - 1


def add_turns(d: GameDate, n: int) -> GameDate:
    k = int(ordinal(replace(d, turn=max(d.turn, 1)))) + n
    months, t = divmod(k, 7)
    return GameDate(months // 12, months % 12 + 1, t + 1)


def add_months(d: GameDate, months: int) -> GameDate:
    k = d.year * 12 + d.month - 1 + months
    return GameDate(k // 12, k % 12 + 1, d.turn)


def position(ctx: CheckContext, date: GameDate | None, phase_id: str | None) -> tuple:
    """A sortable place in the sequence of play."""
    if date is None:
        return (-1, -1)
    try:
        i = ctx.turns.calendar.phase_index(date.turn, phase_id) if phase_id else -1
    except Exception:  # noqa: BLE001 — a phase of another sequence
        i = -1
    return (ordinal(date), i)


def units(ctx: CheckContext, *, side: str | None = None, nation: str | None = None,
          on_map: bool = True) -> list[UnitState]:
    out = [u for u in ctx.units.values() if is_unit(u) and (not on_map or u.hex is not None)
           and (side is None or u.side == side) and (nation is None or u.nation == nation)]
    return sorted(out, key=lambda u: u.piece)


def strength(u: UnitState) -> tuple[int, tuple]:
    """(strength points of the face showing, the placeholders among them: ``Counter.placeholder``
    as ``findings.Placeholder``s, empty when printed)."""
    c = u.counter
    face = c.back if u.reduced and c.back is not None else c.front
    return (face.strength or 0), placeholder_inputs(u, "strength")


def moved_path(ctx: CheckContext, u: UnitState) -> list[Hex]:
    return list(ctx.moves.get(u.piece, []))


def _register_arrival_rule(ctx: CheckContext, fn) -> None:
    """(Explainers are registered at set-up, before the reinforcement check first runs.)"""
    rules = ctx.cache.setdefault("arrival-rules", [])
    if fn not in rules:
        rules.append(fn)


# ------------------------------------------------------------------------- neutral nations (10-6)
#
# A scenario's combatants are at war; its other nations, and the nations of ``neutral`` in the
# rule data (Bulgaria before 11-51, Romania before 11-55, Italy before 17-6), are neutral: no ZOC
# into their countries (10-6). A nation joins with ``!joins <nation>`` or by the 11-51 trigger.


def _combatants(ctx: CheckContext) -> set[str]:
    sc = ctx.scenario
    c = getattr(sc, "combatants", None) or {}
    return {n for ns in c.values() for n in ns}


def joined(ctx: CheckContext) -> set[str]:
    return ctx.cache.setdefault("ef-joined", set())


def neutral_nations(ctx: CheckContext) -> frozenset[str]:
    """Nations of the game that are neutral now in this scenario."""
    fighting = _combatants(ctx)
    if not fighting:
        return frozenset()
    later = set((data(ctx, "neutral") or {}).get("nations", ()))
    out = {n for n in ctx.game.nations if n not in fighting or n in later}
    return frozenset(out - joined(ctx))


def _refresh_neutral(ctx: CheckContext) -> None:
    now = neutral_nations(ctx)
    if ctx.cache.get("neutral-nations") != now:
        ctx.cache["neutral-nations"] = now       # a new object: the boards and ZOCs are rebuilt


def _join(ctx: CheckContext, nation: str) -> None:
    if nation not in joined(ctx):
        joined(ctx).add(nation)
        _refresh_neutral(ctx)


@rule("EF neutral", "setup")
def neutral_at_start(ctx: CheckContext):
    """10-6 bookkeeping (no finding): the scenario's non-combatant nations are neutral."""
    if data(ctx, "neutral") or _combatants(ctx):
        _refresh_neutral(ctx)
    return ()


@rule("EF neutral", "declare")
def nation_joins(ctx: CheckContext, d):
    """``!joins <nation>``: a neutral nation joins the war now (11-51, 11-55, 17-6)."""
    if d.keyword != "joins" or not d.args:
        return
    word = d.args[0].lower()
    nid = next((n for n, nat in ctx.game.nations.items()
                if word in (n, nat.name.lower(), nat.adjective.lower())), None)
    if nid is None:
        yield ctx.finding("EF neutral", UNDETERMINED, f"!joins names {d.args[0]!r}, which is no "
                          f"nation of the game", missing="a nation id or name")
        return
    _join(ctx, nid)


def _entering(ctx: CheckContext, frm: Hex | None, to: Hex | None, pred) -> bool:
    """``to`` satisfies ``pred`` and ``frm`` (if on the map) does not: the unit entered."""
    return to is not None and pred(to) and not (frm is not None and pred(frm))


# ------------------------------------------------------------------------- countries off limits


def _country_ban(ctx, u, frm, to, number, country_id, reason):
    if not _entering(ctx, frm, to, lambda h: country(ctx, h) == country_id):
        return None
    name = ctx.game.nations[country_id].name if country_id in ctx.game.nations else country_id
    return ctx.finding(f"EF {number}", VIOLATION, f"{u.name} entered {to} in {name} on "
                       f"{ctx.now.date}; {reason}", units=[u],
                       hexes=[h for h in (frm, to) if h], path=[h for h in (frm, to) if h])


@rule("EF 10-1", "move")
def no_central_powers_in_albania(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """10-1: Central Powers units may not enter Albania (Serbian and Montenegrin units may)."""
    d = data(ctx, "10-1")
    if d is None or not is_unit(u) or u.side != d["side"]:
        return
    f = _country_ban(ctx, u, frm, to, "10-1", d["country"],
                     "Central Powers units may not enter Albania in this scenario")
    if f:
        yield f


def _optional(ctx: CheckContext, number: str) -> bool:
    return any(d.args and d.args[0] == number for d in ctx.declarations.of("optional"))


@rule("EF 10-4", "move")
def greece_neutral_to_the_central_powers(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """10-4: Greece is neutral to the Central Powers: their units may not cross the Greek border
    (attacks across it: the combat engine). With the optional 10-5 (``!optional 10-5``) Greece
    joins the Entente the turn after Bulgaria joins the Central Powers; Bulgaria is at war from
    the scenario's start, so from its second turn Greece is at war."""
    d = data(ctx, "10-4")
    if d is None or not is_unit(u) or u.side != d["side"]:
        return
    sc = ctx.scenario
    if _optional(ctx, "10-5") and ctx.now.date is not None and ctx.now.date != sc.first_turn:
        return
    f = _country_ban(ctx, u, frm, to, "10-4", d["country"],
                     "Greece is neutral to the Central Powers: their units may not cross its border")
    if f:
        yield f


@rule("EF 10-3", "move")
def serbs_into_greece_after_the_allies(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """10-3: Serbian and Montenegrin units may enter Greece once French or British units have
    appeared in Salonika (the port hex of the rule data)."""
    d = data(ctx, "10-3")
    if d is None or not is_unit(u) or to is None:
        return
    port = hx(ctx, d["port"])
    seen = ctx.cache.setdefault("ef10-3-allies", set())
    if u.nation in d["after"] and to == port:
        seen.add(u.piece)
    if u.nation not in d["nations"] or seen:
        return
    if not _entering(ctx, frm, to, lambda h: country(ctx, h) == d["country"]):
        return
    why = (f"Serbian and Montenegrin units may enter Greece only once French or British units "
           f"have appeared in Salonika ({port})")
    if any(v.nation in d["after"] and v.hex == port for v in units(ctx)):
        seen.add("present")
        return
    yield ctx.finding("EF 10-3", VIOLATION, f"{u.name} entered {to} in Greece on "
                      f"{ctx.now.date}; {why}", units=[u], hexes=[h for h in (frm, to) if h],
                      path=[h for h in (frm, to) if h])


def _neutral_entry(ctx, u, frm, to, number, nation, reason):
    """A unit entering the country of ``nation`` while it is neutral."""
    if nation not in neutral_nations(ctx):
        return None
    if not _entering(ctx, frm, to, lambda h: country(ctx, h) == nation):
        return None
    name = ctx.game.nations[nation].name if nation in ctx.game.nations else nation
    return ctx.finding(f"EF {number}", VIOLATION, f"{u.name} entered {to} in {name} on "
                       f"{ctx.now.date}; {reason}", units=[u], hexes=[h for h in (frm, to) if h],
                       path=[h for h in (frm, to) if h])


@rule("EF 11-52", "move")
def bulgarian_neutrality(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """11-52: neither player violates Bulgarian neutrality before Bulgaria joins (11-51)."""
    if special_rule(ctx, "11-52") is None or not is_unit(u) or u.nation == "bulgaria":
        return
    f = _neutral_entry(ctx, u, frm, to, "11-52", "bulgaria",
                       "Bulgarian neutrality may not be violated before Bulgaria joins the "
                       "Central Powers (11-51)")
    if f:
        yield f


@rule("EF 17-7", "move")
def italian_neutrality(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """17-7 (and 17-5: A-H units may go to and from map 6-4 but not into Italy): no unit enters
    Italy before Italy joins the Entente (``!joins italy``; 17-6 is a die roll on the A-H DM).
    Italy cannot join before the 7th turn of May 1915 (17-6: the first roll is in March 1915, the
    entry in the 7th Entente movement phase two months later), so a later entry without
    ``!joins`` is undetermined."""
    d = data(ctx, "17-7")
    if d is None or not is_unit(u) or u.nation == d["nation"] or to is None:
        return
    if d["nation"] in joined(ctx) or ctx.declarations.of("war"):
        return
    if not _entering(ctx, frm, to, lambda h: country(ctx, h) == d["country"]):
        return
    earliest = italian_entry_date(GameDate(1915, 3, 0))
    what = (f"{u.name} entered {to} in Italy on {ctx.now.date}; Italian neutrality may not be "
            f"violated before Italy joins the Entente (17-7)")
    if ctx.now.date is not None and ctx.now.date >= earliest:
        yield ctx.finding("EF 17-7", UNDETERMINED, what + " and no !joins italy was declared",
                          units=[u], hexes=[h for h in (frm, to) if h],
                          missing="!joins italy when the 17-6 roll brings Italy in")
        return
    yield ctx.finding("EF 17-7", VIOLATION, what + f"; Italy cannot join before {earliest} (17-6)",
                      units=[u], hexes=[h for h in (frm, to) if h], path=[h for h in (frm, to) if h])


# ------------------------------------------------------------------------- entries by die roll (17-6, 11-55)
#
# The rules' arithmetic (WE-SC-02, WE-SC-03); the rolls (``!roll 11-55``, ``!roll 17-6``) and the
# entries (``!joins <nation>``) are checked in ``eastern_front_entry`` on the DM of the log.


def italian_entry(raw: int, serbia_supplied: bool, ah_dm: int) -> bool:
    """17-6: the monthly roll triggers Italy's entry when, less 2 while Serbia still has supplied
    units and 1 for each full 100 A-H DM, it is below 1."""
    return raw - (2 if serbia_supplied else 0) - ah_dm // 100 < 1


def italian_entry_date(trigger: GameDate) -> GameDate:
    """17-6: Italy joins at the start of the 7th Entente movement phase of the second month after
    the triggering roll (June 1915 → turn 7 of August 1915)."""
    return add_months(GameDate(trigger.year, trigger.month, 7), 2)


def romania_first_move(shaken: GameDate, die: int) -> GameDate:
    """11-55: die + 2 complete turns pass after the turn A-H becomes Shaken; Romanian forces move
    from the turn after (Shaken on 3 June 1916, die 2: four turns, moving from 1 July 1916).
    Shaken in a Monthly Special Turn (by its DM income, 11-33), the first complete turn is turn 1
    of that month."""
    if shaken.turn == 0:
        return add_turns(replace(shaken, turn=1), die + 2)
    return add_turns(shaken, die + 2 + 1)


# ------------------------------------------------------------------------- Bulgaria joins (11-51)


def _bulgaria_trigger(ctx: CheckContext) -> GameDate | None:
    """The turn Bulgaria joins by 11-51 (the turn after the first trigger), or None yet."""
    return ctx.cache.get("ef11-51-joins")


@rule("EF 11-51", "move")
def bulgaria_trigger(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """11-51: Bulgaria joins the Central Powers at the start of the next turn after any Central
    Powers unit is adjacent to Nish, or occupies Belgrade after the 1 April 1915 turn, or on the
    2 October 1915 turn, whichever comes first. Bulgarian units do not move before it joins."""
    d = data(ctx, "11-51")
    if d is None or not is_unit(u) or ctx.now.date is None:
        return
    if u.nation == d["nation"] and frm is not None and to is not None \
            and d["nation"] in neutral_nations(ctx):
        yield ctx.finding("EF 11-51", VIOLATION, f"{u.name} moved {frm}→{to} on {ctx.now.date}; "
                          f"Bulgarian units may not move before Bulgaria joins the Central Powers",
                          units=[u], hexes=[frm, to], path=[frm, to])
        return
    if u.side != "central-powers" or to is None or _bulgaria_trigger(ctx) is not None:
        return
    nish, belgrade = hx(ctx, d["adjacent_to"]), hx(ctx, d["occupies"])
    if to in nish.neighbours() or (to == belgrade and ctx.now.date > gdate(d["occupy_after"])):
        ctx.cache["ef11-51-joins"] = add_turns(ctx.now.date, 1)


@rule("EF 11-51", "turn")
def bulgaria_joins(ctx: CheckContext, old: PhaseInfo, new: PhaseInfo):
    """11-51 bookkeeping: Bulgaria is at war from the turn the trigger names (or 2 October 1915)."""
    d = data(ctx, "11-51")
    if d is None or new.date is None or d["nation"] in joined(ctx):
        return ()
    due = _bulgaria_trigger(ctx)
    latest = gdate(d["at_latest"])
    if (due is not None and ordinal(new.date) >= ordinal(due)) or new.date >= latest:
        _join(ctx, d["nation"])
    return ()


# ------------------------------------------------------------------------- sheets in play


def _on_allowed_sheet(ctx, h, allowed) -> bool | None:
    on = sheets_at(ctx, h)
    if not on:
        return None
    return any(s in allowed for s in on)


@rule("EF 18-4", "move")
def no_germans_on_6_5(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """18-4 / 19-8: no German units go to map 6-5. A hex printed on 6-5 and another sheet (an
    overlap row) is undetermined."""
    for number in ("18-4", "19-8"):
        d = data(ctx, number)
        if d is None or not is_unit(u) or u.nation != d["nation"] or to is None:
            continue
        on = sheets_at(ctx, to)
        if d["sheet"] not in on or (frm is not None and d["sheet"] in sheets_at(ctx, frm)):
            continue
        what = f"{u.name} entered {to} on map {d['sheet']} on {ctx.now.date}; no German units go to map {d['sheet']}"
        if len(on) > 1:
            yield ctx.finding(f"EF {number}", UNDETERMINED, what + f" (the hex is printed on "
                              f"{' and '.join(on)})", units=[u], hexes=[to],
                              missing="whether a hex printed on two sheets counts as map "
                                      + d["sheet"])
        else:
            yield ctx.finding(f"EF {number}", VIOLATION, what, units=[u],
                              hexes=[h for h in (frm, to) if h], path=[h for h in (frm, to) if h])


@rule("EF 19-5", "move")
def austro_hungarians_on_their_sheets(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """19-5 / 14-4: Austro-Hungarian units other than siege artillery stay on the listed maps."""
    for number in ("19-5", "14-4"):
        d = data(ctx, number)
        if d is None or not is_unit(u) or u.nation != d["nation"] or to is None:
            continue
        if d.get("except") == "siege-art" and is_siege_artillery(u.counter):
            continue
        if _on_allowed_sheet(ctx, to, d["allowed"]) is False:
            yield ctx.finding(f"EF {number}", VIOLATION, f"{u.name} entered {to} on "
                              f"{ctx.now.date}; Austro-Hungarian units other than siege artillery "
                              f"are restricted to maps {', '.join(d['allowed'])}", units=[u],
                              hexes=[to])


_TRANSFER_RULES = ("18-2", "19-4", "11-6", "13-2", "14-3")


@rule("EF 18-2", "move")
def no_transfer_between_sheets_yet(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """18-2 / 19-4 / 11-6 / 13-2 / 14-3: no units move between maps 4-5 and 5-5 before the
    1 September 1914 turn. A unit belongs to the sheet of the first hex it is seen on that only
    one of the two sheets prints; entering a hex only the other sheet prints is a transfer.
    (Supply Points, also named by the rule, are not in the log.)"""
    if not is_unit(u) or to is None or ctx.now.date is None:
        return
    for number in _TRANSFER_RULES:
        d = data(ctx, number)
        if d is None or "sheets" not in d:
            continue
        pair = d["sheets"]
        home = ctx.cache.setdefault(("ef-home", number), {})
        on = [s for s in sheets_at(ctx, to) if s in pair]
        if len(on) != 1:
            continue
        mine = home.get(u.piece)
        if frm is None and mine is None:
            home[u.piece] = on[0]
            continue
        if mine is None and frm is not None:
            was = [s for s in sheets_at(ctx, frm) if s in pair]
            mine = home[u.piece] = was[0] if len(was) == 1 else on[0]
        if on[0] == mine:
            continue
        if ctx.now.date >= gdate(d["until"]):
            home[u.piece] = on[0]
            continue
        yield ctx.finding(f"EF {number}", VIOLATION, f"{u.name} went from map {mine} to {to} on "
                          f"map {on[0]} on {ctx.now.date}; no units move between maps "
                          f"{' and '.join(pair)} before the {gdate(d['until'])} turn", units=[u],
                          hexes=[h for h in (frm, to) if h], path=[h for h in (frm, to) if h])
        home[u.piece] = on[0]          # reported once; it now stands on the other sheet


@rule("EF 9-1", "move")
def play_area(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """9-1 (Brusilov, limited scope) and any scenario's parts of maps: units do not enter hexes
    of a sheet that the scenario leaves out of play (map 4-5 only xx18 or higher, …). A hex
    printed on a sheet in play without restriction is in play."""
    sc = ctx.scenario
    if sc is None or not sc.map_restrictions or not is_unit(u) or to is None:
        return
    why = _out_of_play(ctx, to)
    if why and not (frm is not None and _out_of_play(ctx, frm)):
        yield ctx.finding(f"EF {why[0]}", VIOLATION, f"{u.name} entered {to} on {ctx.now.date}, "
                          f"outside the playing area ({why[1]})", units=[u],
                          hexes=[h for h in (frm, to) if h], path=[h for h in (frm, to) if h])


def _out_of_play(ctx: CheckContext, h: Hex) -> tuple[str, str] | None:
    sc = ctx.scenario
    on = sheets_at(ctx, h)
    reasons = []
    for s in on:
        r = next((r for r in sc.map_restrictions if r.map == s), None)
        if r is None:
            return None
        p = printed(ctx, h, s)
        ok = ((r.rows_from is None or p.row >= r.rows_from) and (r.rows_to is None or p.row <= r.rows_to)
              and (r.cols_from is None or p.col >= r.cols_from) and (r.cols_to is None or p.col <= r.cols_to))
        if ok:
            return None
        reasons.append((r.rule or "9-1", r.text or f"map {s}"))
    return reasons[0] if reasons else None


@rule("EF 9-2", "setup")
def set_up_inside_the_play_area(ctx: CheckContext):
    """9-2 (Brusilov, limited scope): units set up outside the playing area are not deployed."""
    sc = ctx.scenario
    if sc is None or not sc.map_restrictions or not ctx.log_starts_scenario \
            or special_rule(ctx, "9-2") is None:
        return
    for u in units(ctx):
        why = _out_of_play(ctx, u.hex)
        if why:
            yield ctx.finding("EF 9-2", VIOLATION, f"{u.name} is set up in {u.hex}, outside the "
                              f"playing area ({why[1]}); units set up there are not deployed",
                              units=[u], hexes=[u.hex], step=None)


# ------------------------------------------------------------------------- lines not crossed (11-31)


class _Barred:
    """A Board whose hexsides named by ``barred(a, b)`` are prohibited (a lake), for the search
    of a path that avoids them."""

    def __init__(self, board, barred):
        self._b, self._barred = board, barred

    def __getattr__(self, name):
        return getattr(self._b, name)

    def hexside(self, a, b):
        s = self._b.hexside(a, b)
        if s is not None and self._barred(a, b):
            return replace(s, terrain="lake", river=False, major_river=False, rail=None)
        return s


def _must_cross(ctx: CheckContext, u: UnitState, a: Hex, b: Hex, barred) -> bool | None:
    """Whether going a→b this phase must have crossed a barred hexside: True when adjacent and
    barred, or when no path within the unit's MA (column MA, 6-10) avoids the barred hexsides
    while one crossing them exists; None when that cannot be told."""
    if a.direction_to(b) is not None:
        return bool(barred(a, b))
    board, costs = board_state(ctx), terrain_costs(ctx)
    ma = movement_allowance(unit_view(u)) if u.counter is not None else None
    if board is None or costs is None or ma is None:
        return None
    budget = ma + ma // 2
    view, ezoc = unit_view(u, a), enemy_zoc_hexes(ctx, u.side)
    avoid = mv.cheapest_path(_Barred(board, barred), view, a, b, budget, costs, ezoc=ezoc)
    if avoid.found:
        return False
    through = mv.cheapest_path(board, view, a, b, budget, costs, ezoc=ezoc)
    return True if through.found else None


@rule("EF 11-31", "move")
def central_powers_limits_in_russia(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """11-31: Central Powers forces may not move across the Daugava, across the 1919 border of
    Russia, farther east than hexrow 48xx of map 5-5, or across the Dniester on map 6-6."""
    d = data(ctx, "11-31")
    if d is None or not is_unit(u) or u.side != d["side"] or to is None:
        return
    th = getattr(ctx.game, "theatre", None)
    md = ctx.mapdef()
    mc = d.get("max_col")
    if mc and th is not None and mc["sheet"] in th.placements:
        limit = th.to_global(mc["sheet"], Hex(mc["col"], 1)).col
        if to.col > limit and (frm is None or frm.col <= limit):
            yield ctx.finding("EF 11-31", VIOLATION, f"{u.name} entered {to}, farther east than "
                              f"hexrow {mc['col']}xx of map {mc['sheet']}", units=[u],
                              hexes=[h for h in (frm, to) if h], path=[h for h in (frm, to) if h])
            return
    if frm is None or md is None:
        return
    dn_sheet = d.get("dniester_sheet")

    def named(a, b):
        s = md.hexside(a, b)
        if s is None:
            return None
        if s.river_name == "Daugava":
            return "the Daugava"
        if s.river_name == "Dniester" and (dn_sheet is None or dn_sheet in sheets_at(ctx, a)
                                           or dn_sheet in sheets_at(ctx, b)):
            return "the Dniester (map 6-6)"
        if d.get("line") and d["line"] in s.lines:
            return "the " + d["line"]
        return None

    if not _must_cross(ctx, u, frm, to, named):
        return           # not crossed, or cannot be told (6-9 reports a move with no path)
    what = named(frm, to) if frm.direction_to(to) is not None else \
        "the Daugava, the Dniester (6-6) or the 1919 border"
    # a drop to a hex farther away crossed the line when no path within the MA avoids it:
    # that rests on the MA (undetermined on a placeholder one)
    yield ctx.finding("EF 11-31", VIOLATION, f"{u.name} moved {frm}→{to} across {what}; Central "
                      f"Powers forces may not cross it in this game", units=[u],
                      hexes=[frm, to], path=[frm, to],
                      placeholders=() if frm.direction_to(to) is not None
                      else placeholder_inputs(u, "movement"))


# ------------------------------------------------------------------------- Serbia, November 1914


def _front(ctx: CheckContext) -> tuple[list[Hex], set[Hex]]:
    """8-1: the front line hexes (the hexes north of the Danube from the border hex to the
    Danube end, then the listed hexes) and the hexes behind it (reached from the rear hex of the
    rule data without crossing the line, into Serbia across the Danube, into Montenegro or
    neutral countries)."""
    hit = ctx.cache.get("ef8-1")
    if hit is not None:
        return hit
    d = data(ctx, "8-1")
    md = ctx.mapdef()
    b = board_state(ctx)
    start, end = hx(ctx, d["start"]), hx(ctx, d["danube_to"])
    # the north bank: Austro-Hungarian hexes adjacent to the Danube, start → end
    prev = {start: None}
    q = deque([start])
    while q:
        h = q.popleft()
        if h == end:
            break
        for n in h.neighbours():
            i = md.hexes.get(n)
            if n in prev or i is None or i.country != "austria-hungary" \
                    or not danube.adjacent_to_danube(b, n):
                continue
            prev[n] = h
            q.append(n)
    bank = []
    if end in prev:
        h = end
        while h is not None:
            bank.append(h)
            h = prev[h]
        bank.reverse()
    line = bank + [hx(ctx, t) for t in d["hexes"]]
    front = set(line)
    rear = hx(ctx, d["rear"])
    closed = neutral_nations(ctx) | {"montenegro"}
    behind = {rear}
    q = deque([rear])
    while q:
        h = q.popleft()
        for n in h.neighbours():
            i = md.hexes.get(n)
            if n in behind or n in front or i is None or not i.land or i.country in closed:
                continue
            if i.country == "serbia" and danube.is_danube(b, h, n):
                continue
            behind.add(n)
            q.append(n)
    ctx.cache["ef8-1"] = (line, behind)
    return line, behind


@rule("EF 8-1", "setup")
def front_line_at_start(ctx: CheckContext):
    """8-1: Austro-Hungarian units set up on or behind the front line; Serbian and Montenegrin
    units to the south and east of it. (River Flotillas are placed by their own rule.) A Serbian
    unit *in* a front-line hex is undetermined: 8-3 sets Serbian units "in or adjacent to" the
    line, 8-1 south and east of it."""
    if data(ctx, "8-1") is None or not ctx.log_starts_scenario:
        return
    line, behind = _front(ctx)
    front = set(line)
    for u in units(ctx):
        if is_flotilla(u.counter):
            continue
        if u.nation == "austria-hungary" and u.hex not in front and u.hex not in behind:
            yield ctx.finding("EF 8-1", VIOLATION, f"{u.name} is set up in {u.hex}, in front of "
                              f"the front line; Austro-Hungarian units set up on or behind it",
                              units=[u], hexes=[u.hex], step=None)
        elif u.side == "entente" and u.hex in behind:
            yield ctx.finding("EF 8-1", VIOLATION, f"{u.name} is set up in {u.hex}, behind the "
                              f"Austro-Hungarian front line; Serbian and Montenegrin units set up "
                              f"to the south and east of it", units=[u], hexes=[u.hex], step=None)
        elif u.side == "entente" and u.hex in front and u.nation == "serbia":
            yield ctx.finding("EF 8-1", UNDETERMINED, f"{u.name} is set up in the front-line hex "
                              f"{u.hex}; 8-1 sets Serbian units south and east of the line, 8-3 "
                              f"in or adjacent to it", units=[u], hexes=[u.hex], step=None,
                              missing="which of 8-1 and 8-3 governs a Serbian unit on the line")
        elif u.side == "entente" and u.hex in front:
            yield ctx.finding("EF 8-1", VIOLATION, f"{u.name} is set up in the front-line hex "
                              f"{u.hex}; the line is the most forward Austro-Hungarian hexes",
                              units=[u], hexes=[u.hex], step=None)


def _south_of(ctx, h: Hex, ref: Hex, sheet: str) -> tuple[bool, bool]:
    """(strict, broad) readings of "in or south of hex 1311": the same column, rows from 11 on;
    or any hex with a row number from 11 on."""
    p, r = printed(ctx, h, sheet), printed(ctx, ref, sheet)
    return (p.col == r.col and p.row >= r.row), p.row >= r.row


def _ninetwo_areas(ctx: CheckContext, d, h: Hex) -> str | None:
    """Whether ``h`` is one of the 9-2 placement areas: "yes", "broad" (only by the broad reading
    of "in or south of hex 1311"), or None."""
    sheet = sheets(ctx)[0]
    if h in {hx(ctx, t) for t in d["min_hexes"]} or h == hx(ctx, d["belgrade"]) \
            or _east_of_belgrade(ctx, d, h):
        return "yes"
    if country(ctx, h) == "serbia":
        strict, broad = _south_of(ctx, h, hx(ctx, d["south_of"]), sheet)
        return "yes" if strict else ("broad" if broad else None)
    return None


def _east_of_belgrade(ctx, d, h) -> bool:
    sheet = sheets(ctx)[0]
    bel = hx(ctx, d["belgrade"])
    b = board_state(ctx)
    return (country(ctx, h) == "serbia" and danube.adjacent_to_danube(b, h)
            and printed(ctx, h, sheet).col > printed(ctx, bel, sheet).col)


@rule("EF 8-3", "setup")
def serbian_set_up(ctx: CheckContext):
    """8-3: Serbian units set up in or adjacent to the front line (which part for which army is
    on the omitted set-up grid, so any part is accepted), or in a 9-2 placement area (9-2 places
    8 infantry SP "in or south of 1311", which may be away from the line); none north or east of
    the Danube (8-1 reports those). HQs, cavalry and flotillas are not bound by the line."""
    d = data(ctx, "8-3")
    if d is None or data(ctx, "8-1") is None or not ctx.log_starts_scenario:
        return
    line, behind = _front(ctx)
    near = set(line) | {n for h in line for n in h.neighbours()}
    ninetwo = data(ctx, "9-2")
    for u in units(ctx, nation=d["nation"]):
        if u.counter.type in d["exempt_types"] or u.hex in behind:
            continue
        area = _ninetwo_areas(ctx, ninetwo, u.hex) if ninetwo else None
        if u.hex in near or area == "yes":
            continue
        if area == "broad":
            yield ctx.finding("EF 8-3", UNDETERMINED, f"{u.name} is set up in {u.hex}, neither in "
                              f"nor adjacent to the front line; 9-2's \"in or south of hex "
                              f"{hx(ctx, ninetwo['south_of'])}\" covers it only if that means every "
                              f"hex from its row on", units=[u], hexes=[u.hex], step=None,
                              missing="whether 'south of hex 1311' means its hex column or every "
                                      "hex from its row on")
            continue
        yield ctx.finding("EF 8-3", VIOLATION, f"{u.name} is set up in {u.hex}, neither in nor "
                          f"adjacent to the front line (nor in a 9-2 placement area)",
                          units=[u], hexes=[u.hex], step=None)


@rule("EF 8-4", "setup")
def montenegrin_set_up(ctx: CheckContext):
    """8-4: Montenegrin units set up within Montenegro, or west of it out to the Austro-Hungarian
    front line but not north of hex 1115 (printed row 15)."""
    d = data(ctx, "8-4")
    if d is None or data(ctx, "8-1") is None or not ctx.log_starts_scenario:
        return
    line, behind = _front(ctx)
    sheet = sheets(ctx)[0]
    for u in units(ctx, nation=d["nation"]):
        c = country(ctx, u.hex)
        if c == "montenegro":
            continue
        west_ok = (c == "austria-hungary" and u.hex not in behind and u.hex not in set(line)
                   and printed(ctx, u.hex, sheet).row >= d["north_limit_row"])
        if west_ok:
            continue
        yield ctx.finding("EF 8-4", VIOLATION, f"{u.name} is set up in {u.hex}; Montenegrin units "
                          f"set up within Montenegro or west of it out to the Austro-Hungarian "
                          f"front line, not north of {hx(ctx, d['north_limit'])}",
                          units=[u], hexes=[u.hex], step=None)


@rule("EF flotillas", "setup")
def flotillas_set_up_on_the_danube(ctx: CheckContext):
    """River Flotillas (November 1914): placed anywhere along the Danube (a hex adjacent to it,
    36-3), not in the same hex as an enemy unit."""
    d = data(ctx, "flotillas")
    if d is None or not ctx.log_starts_scenario:
        return
    b = board_state(ctx)
    for u in units(ctx):
        if not is_flotilla(u.counter):
            continue
        if not danube.adjacent_to_danube(b, u.hex):
            yield ctx.finding("EF flotillas", VIOLATION, f"{u.name} is set up in {u.hex}, not "
                              f"along the Danube", units=[u], hexes=[u.hex], step=None)
        elif any(v.side != u.side for v in units(ctx) if v.hex == u.hex):
            yield ctx.finding("EF flotillas", VIOLATION, f"{u.name} is set up in {u.hex} with "
                              f"enemy units", units=[u], hexes=[u.hex], step=None)


def _infantry_sp(ctx, hexes: Iterable[Hex], nation: str) -> tuple[int, bool, list]:
    hexes = set(hexes)
    total, placeholders, who = 0, [], []
    for u in units(ctx, nation=nation):
        if u.hex in hexes and is_infantry_type(u.counter):
            s, ph = strength(u)
            total += s
            placeholders.extend(ph)
            who.append(u)
    return total, tuple(placeholders), who


@rule("EF 9-2", "setup")
def serbian_placement_minimums(ctx: CheckContext):
    """9-2 (Serbia, November 1914): Serbian infantry strength at set-up: at least 2 SP in each
    listed hex and in Belgrade, 8 SP in or south of hex 1311, 2 SP east of Belgrade adjacent to
    the Danube. "South of 1311" is read both as the same hex column and as every hex from row 11
    on; a total that meets one reading only is undetermined. The Serbian strengths are
    placeholders (the counter values are not printed): a shortfall with units present is
    undetermined, none present is a violation."""
    d = data(ctx, "9-2")
    if d is None or not ctx.log_starts_scenario:
        return
    nation = d["nation"]
    sheet = sheets(ctx)[0]

    def judge(what, hexes, need, label):
        total, ph, who = _infantry_sp(ctx, hexes, nation)
        if total >= need:
            return None
        if not who:
            return ctx.finding("EF 9-2", VIOLATION, f"no Serbian infantry is set up {label}; 9-2 "
                               f"places at least {need} infantry SP {what}", hexes=list(hexes)[:8],
                               side="entente", step=None)
        # a shortfall rests on the strengths counted: undetermined where any is a placeholder
        return ctx.finding("EF 9-2", VIOLATION, f"only {total} Serbian infantry SP set up {label}; "
                           f"9-2 places at least {need}", units=who,
                           hexes=sorted({u.hex for u in who}), step=None, placeholders=ph)

    for t in d["min_hexes"] + [d["belgrade"]]:
        h = hx(ctx, t)
        need = d["belgrade_sp"] if t == d["belgrade"] else d["min_sp"]
        f = judge(f"in {h}", [h], need, f"in {h}")
        if f:
            yield f
    md = ctx.mapdef()
    ref = hx(ctx, d["south_of"])
    strict = [h for h in md.hexes if country(ctx, h) == "serbia" and _south_of(ctx, h, ref, sheet)[0]]
    broad = [h for h in md.hexes if country(ctx, h) == "serbia" and _south_of(ctx, h, ref, sheet)[1]]
    s_total, _, _ = _infantry_sp(ctx, strict, nation)
    if s_total < d["south_sp"]:
        b_total, ph, who = _infantry_sp(ctx, broad, nation)
        if b_total >= d["south_sp"]:
            yield ctx.finding("EF 9-2", UNDETERMINED, f"{s_total} Serbian infantry SP in hex "
                              f"column of {ref} from it southwards, {b_total} in every hex from its "
                              f"row on; 9-2 places {d['south_sp']} 'in or south of' {ref}",
                              units=who, missing="whether 'south of hex 1311' means its hex column "
                              "or every hex from its row on", side="entente", step=None)
        else:
            f = judge(f"in or south of {ref}", broad, d["south_sp"], f"in or south of {ref}")
            if f:
                yield f
    east = [h for h in md.hexes if _east_of_belgrade(ctx, d, h)]
    f = judge("east of Belgrade adjacent to the Danube", east, d["danube_east_sp"],
              "east of Belgrade adjacent to the Danube")
    if f:
        yield f


# ------------------------------------------------------------------------- Serbia, August 1914


def _reached(ctx: CheckContext, old: PhaseInfo, new: PhaseInfo, date: GameDate, phase_id: str) -> bool:
    """The tracker moved from before (date, phase) to it or past it."""
    at = position(ctx, date, phase_id)
    return position(ctx, old.date, old.phase_id) < at <= position(ctx, new.date, new.phase_id)


@rule("EF 3-7", "turn")
def serbs_guard_the_danube(ctx: CheckContext, old: PhaseInfo, new: PhaseInfo):
    """3-7 (Serbia, August 1914): before the Serbian Movement Phase of the 7 August turn, every
    Serbian hex bordering the Danube holds a Serbian unit or lies in a Serbian ZOC."""
    d = data(ctx, "3-7")
    if d is None or old.date is None or new.date is None:
        return
    if not _reached(ctx, old, new, gdate(d["before"]), "entente-movement"):
        return
    b = board_state(ctx)
    md = ctx.mapdef()
    own = zoc_rules.zoc_of_side(b, "entente")
    held = {u.hex for u in units(ctx, side="entente") if is_ground_combat_unit(u.counter)}
    bare = sorted(h for h in md.hexes if country(ctx, h) == d["nation"]
                  and danube.adjacent_to_danube(b, h) and h not in held and h not in own)
    if bare:
        yield ctx.finding("EF 3-7", VIOLATION, f"before the Serbian Movement Phase of "
                          f"{gdate(d['before'])}: {len(bare)} Serbian hex(es) bordering the Danube "
                          f"hold no Serbian unit and lie in no Serbian ZOC: "
                          f"{', '.join(map(str, bare[:12]))}{' …' if len(bare) > 12 else ''}",
                          hexes=bare, side="entente")


def _withdrawal_date(ctx: CheckContext, counter_id: str) -> GameDate | None:
    sc = ctx.scenario
    for e in sc.reinforcements:
        if any(p.counter == counter_id for p in e.withdrawals):
            return e.date
    return None


@rule("EF 3-3", "move")
def second_army_stays(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """3-3/3-4 (Serbia, August 1914): units of the A-H 2nd Army other than the 29th Division, the
    14th and 107th LW brigades, the 10th Cavalry and the 61st brigade may not move on map 6-5
    until the turn they are required to exit (their withdrawal date)."""
    d = data(ctx, "3-3")
    if d is None or "army" not in d or not is_unit(u) or frm is None or ctx.now.date is None \
            or ctx.now.kind == "combat":
        return
    if "army" not in d or u.unit_id not in d["army"] or u.unit_id in d["free"]:
        return
    due = _withdrawal_date(ctx, u.unit_id)
    if due is not None and ctx.now.date >= due:
        return
    if not ctx.once("EF 3-3", (u.piece, ctx.phase_start_step)):
        return
    where = f"{frm}→{to}" if to is not None else f"off the map from {frm}"
    yield ctx.finding("EF 3-3", VIOLATION, f"{u.name} moved {where} on {ctx.now.date}; units of "
                      f"the 2nd Army other than those 3-3 frees may not move on map {d['sheet']} "
                      f"until they must exit" + (f" ({due})" if due else ""), units=[u],
                      hexes=[h for h in (frm, to) if h], path=[h for h in (frm, to) if h])


def _cheapest_to_ezoc(ctx, u: UnitState, start: Hex, ezoc) -> tuple[int | None, bool]:
    """(fewest MP to enter an enemy-controlled hex from ``start`` this phase, data missing)."""
    board, costs = board_state(ctx), terrain_costs(ctx)
    ma = movement_allowance(unit_view(u))
    if board is None or costs is None or ma is None:
        return None, True
    best, unknown = mv.reachable(board, unit_view(u, start), start, ma, costs, ezoc=ezoc)
    hits = [c for h, c in best.items() if h in ezoc and h != start]
    return (min(hits) if hits else None), unknown


@rule("EF 3-2", "phase_end")
def austro_hungarians_must_close(ctx: CheckContext, ended: PhaseInfo):
    """3-2 (Serbia, August 1914), movement part: in the 3rd August turn every A-H unit capable of
    movement moves into an enemy ZOC if it can, and a unit already in one does not move; in the
    4th August turn every A-H unit but HQs ends its movement in an enemy ZOC if it can. Which
    units have completed mobilization is on the omitted schedule: a unit that did not move is
    undetermined, one that moved is capable of movement. (The 5th Army's attacks: combat engine.)"""
    d = data(ctx, "3-2")
    if d is None or "enter_ezoc" not in d or ended.kind != "movement" \
            or ended.side != "central-powers" or ended.date is None:
        return
    first, second = gdate(d["enter_ezoc"]), gdate(d["end_in_ezoc"])
    if ended.date not in (first, second):
        return
    starts = ctx.cache.get(("ef3-2-starts", ended.date))
    if starts is None:
        return
    ezoc = enemy_zoc_hexes(ctx, "central-powers")
    frozen = set((data(ctx, "3-3") or {}).get("army", ())) - set((data(ctx, "3-3") or {}).get("free", ()))
    idle = []
    for pid, (start, start_ezoc) in sorted(starts.items()):
        u = ctx.units.get(pid)
        if u is None or u.hex is None or u.nation != d["nation"] or not is_unit(u) \
                or is_fortress(u.counter) or u.unit_id in frozen:
            continue
        if ended.date == second and is_hq(u.counter):
            continue
        moved = u.hex != start
        if ended.date == first and start_ezoc:
            if moved:
                yield ctx.finding("EF 3-2", VIOLATION, f"{u.name} started the 3rd August movement "
                                  f"in an enemy ZOC ({start}) and moved to {u.hex}; it may not move",
                                  units=[u], hexes=[start, u.hex], path=[start, u.hex],
                                  step=ctx.last_step)
            continue
        if u.hex in ezoc:
            continue
        need, unknown = _cheapest_to_ezoc(ctx, u, start, ezoc)
        if need is None:
            continue
        if not moved:
            idle.append(u)
            continue
        when = "3rd" if ended.date == first else "4th"
        # "it could enter one" is a search within the MA: it rests on the MA
        yield ctx.finding("EF 3-2", UNDETERMINED if unknown else VIOLATION,
                          f"{u.name} ended the {when} August movement in {u.hex}, outside every "
                          f"enemy ZOC; from {start} it could enter one for {need} MP", units=[u],
                          hexes=[start, u.hex], step=ctx.last_step,
                          missing="map data for some hexsides" if unknown else "",
                          placeholders=placeholder_inputs(u, "movement"))
    if idle:
        yield ctx.finding("EF 3-2", UNDETERMINED, f"{len(idle)} A-H unit(s) did not move in the "
                          f"{ended.date} movement although an enemy ZOC was within reach: "
                          f"{', '.join(u.name for u in idle[:10])}; required unless not yet "
                          f"mobilized", units=idle[:10], step=ctx.last_step,
                          missing="the A-H mobilization schedule (an omitted grid)")


@rule("EF 3-2", "turn")
def austro_hungarian_starts(ctx: CheckContext, old: PhaseInfo, new: PhaseInfo):
    """3-2 bookkeeping: where each A-H unit starts the 3rd/4th August Movement Phase and whether
    it is in an enemy ZOC then."""
    d = data(ctx, "3-2")
    if d is None or "enter_ezoc" not in d or new.kind != "movement" \
            or new.side != "central-powers" or new.date is None:
        return ()
    if new.date not in (gdate(d["enter_ezoc"]), gdate(d["end_in_ezoc"])):
        return ()
    ezoc = enemy_zoc_hexes(ctx, "central-powers")
    ctx.cache[("ef3-2-starts", new.date)] = {u.piece: (u.hex, u.hex in ezoc)
                                              for u in units(ctx, nation=d["nation"])}
    return ()


# ------------------------------------------------------------------------- Serbia, October 1915


@rule("EF 10-2", "turn")
def german_withdrawals(ctx: CheckContext, old: PhaseInfo, new: PhaseInfo):
    """10-2: on each listed turn the Central Powers withdraw whole German units of at least 12
    infantry SP (units taken off the map, not to the Eliminated box, during that turn)."""
    d = data(ctx, "10-2")
    if d is None or old.date is None or new.date is None or new.date == old.date:
        return
    dates = [gdate(t) for t in d["dates"]]
    if old.date not in dates:
        return
    if not ctx.cache.get(("ef10-2-seen", old.date)):
        return          # the log did not show the whole turn
    gone = ctx.cache.get(("ef10-2", old.date), [])
    total = sum(s for _, s, _p in gone)
    if total < d["sp"]:
        # the SP withdrawn are the units' strengths (placeholders where not printed)
        yield ctx.finding("EF 10-2", VIOLATION, f"{total} German infantry SP were withdrawn on "
                          f"{old.date} ({', '.join(n for n, _, _p in gone) or 'none'}); 10-2 "
                          f"withdraws {d['sp']} each turn of {', '.join(map(str, dates))}",
                          side="central-powers", placeholders=[p for *_x, ph in gone for p in ph])


@rule("EF 10-2", "move")
def german_withdrawals_noted(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """10-2 bookkeeping: German infantry taken off the map (not eliminated) this turn."""
    d = data(ctx, "10-2")
    if d is None or ctx.now.date is None or not is_unit(u) or u.nation != d["nation"]:
        return
    if frm is not None and to is None and u.map != DEAD_PILE and is_infantry_type(u.counter):
        ctx.cache.setdefault(("ef10-2", ctx.now.date), []).append((u.name, *strength(u)))


@rule("EF 10-2", "setup")
def german_withdrawals_turn_seen(ctx: CheckContext):
    """10-2 bookkeeping: the turns the log shows from their start."""
    if data(ctx, "10-2") is not None and ctx.now.date is not None and ctx.now.phase_id == "cp-reinforcement":
        ctx.cache[("ef10-2-seen", ctx.now.date)] = True
    return ()


@rule("EF 10-2", "turn")
def german_withdrawals_turn_start(ctx: CheckContext, old: PhaseInfo, new: PhaseInfo):
    """10-2 bookkeeping (no finding)."""
    if data(ctx, "10-2") is not None and new.date is not None and new.date != old.date:
        ctx.cache[("ef10-2-seen", new.date)] = True
    return ()


# ------------------------------------------------------------------------- Romania, 1916


def _north_of_rivers(ctx: CheckContext, d) -> set[Hex]:
    """13-2: the hexes of Romania north of both the Danube and the Dambovita: reached from the
    rule's example hex (1515) without crossing either river or leaving Romania."""
    hit = ctx.cache.get("ef13-2-region")
    if hit is not None:
        return hit
    md = ctx.mapdef()
    start = hx(ctx, d["example"])
    rivers = set(d["rivers"]) | {"Dambovija"}
    seen = {start}
    q = deque([start])
    while q:
        h = q.popleft()
        for n in h.neighbours():
            i = md.hexes.get(n)
            if n in seen or i is None or i.country != d["country"]:
                continue
            s = md.hexside(h, n)
            if s is not None and s.river_name in rivers:
                continue
            seen.add(n)
            q.append(n)
    ctx.cache["ef13-2-region"] = seen
    return seen


def _clear_hex(ctx, h) -> str | None:
    """"yes" when every hexside of ``h`` is clear, "maybe" when some are, None otherwise (terrain
    is printed on hexsides: the rule does not say how a hex "is" clear terrain)."""
    md = ctx.mapdef()
    ts = [s.terrain for s in (md.hexside(h, n) for n in h.neighbours()) if s is not None]
    c = sum(1 for t in ts if t == "clear")
    return None if not c else ("yes" if c == len(ts) else "maybe")


@rule("EF 13-2", "move")
def romanian_reverse(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """13-2 (Romania, 1916): when Central Powers units are inside Romania in a clear hex north of
    both the Danube and the Dambovita (e.g. 1515), the Entente places the five Russian divisions
    of the rule in 2603 at once and the three Bucharest fortresses are removed. Their arrival
    before the condition held, or elsewhere, is a violation."""
    d = data(ctx, "13-2")
    if d is None or "arrival" not in d or not is_unit(u) or to is None:
        return
    _register_arrival_rule(ctx, _romanian_arrival)
    state = ctx.cache.setdefault("ef13-2", {"how": None})
    if u.side == d["side"] and to in _north_of_rivers(ctx, d):
        how = _clear_hex(ctx, to)
        if how == "yes" or (how == "maybe" and state["how"] is None):
            if state["how"] != "yes":
                state.update(how=how, hex=to, step=ctx.step, start=ctx.phase_start_step)
    if u.unit_id in d["units"] and frm is None and frm_map != DEAD_PILE:
        arrival = hx(ctx, d["arrival"])
        if to != arrival:
            yield ctx.finding("EF 13-2", VIOLATION, f"{u.name} arrived in {to}; 13-2 places the "
                              f"Russian divisions in {arrival}", units=[u], hexes=[to, arrival])
        if state["how"] is None:
            sev = VIOLATION if ctx.log_starts_scenario else UNDETERMINED
            yield ctx.finding("EF 13-2", sev, f"{u.name} arrived in {to} on {ctx.now.date}, but no "
                              f"Central Powers unit has yet stood in a clear hex of Romania north of "
                              f"both the Danube and the Dambovita", units=[u], hexes=[to],
                              missing="" if sev == VIOLATION else "the game before this log")
        elif state["how"] == "maybe":
            yield ctx.finding("EF 13-2", UNDETERMINED, f"{u.name} arrived in {to}; the Central "
                              f"Powers unit in {state['hex']} stood in a hex with some clear "
                              f"hexsides only", units=[u], hexes=[to, state["hex"]],
                              missing="whether a hex with some clear hexsides is 'clear terrain'")


def _romanian_arrival(ctx: CheckContext, u: UnitState, to: Hex) -> str | None:
    d = data(ctx, "13-2")
    if d is not None and "units" in d and u.unit_id in d["units"]:
        return "13-2 (a serious Romanian reverse)"
    return None


@rule("EF 13-2", "phase_end")
def romanian_reverse_carried_out(ctx: CheckContext, ended: PhaseInfo):
    """13-2: by the end of the phase in which the reverse happened, the Russian divisions are on
    the map and the Bucharest fortresses gone."""
    d = data(ctx, "13-2")
    state = ctx.cache.get("ef13-2") or {}
    if d is None or "arrival" not in d or state.get("how") != "yes" or state.get("done"):
        return
    state["done"] = True
    missing = [c for c in d["units"] if not any(v.unit_id == c and v.hex is not None
                                                 for v in ctx.units.values())
               and not any(v.unit_id == c and v.map == DEAD_PILE for v in ctx.units.values())]
    if missing:
        names = [ctx.game.counters[c].name if c in ctx.game.counters else c for c in missing]
        yield ctx.finding("EF 13-2", VIOLATION, f"a Central Powers unit entered {state['hex']} (a "
                          f"clear hex of Romania north of the Danube and the Dambovita) and by the "
                          f"end of the {ctx.phase_label()} {', '.join(names)} were not placed in "
                          f"{hx(ctx, d['arrival'])}", hexes=[state["hex"], hx(ctx, d["arrival"])],
                          side="entente")
    forts = {hx(ctx, t) for t in d["forts"]}
    left = [v for v in ctx.units.values() if v.hex in forts and v.counter is not None
            and is_fortress(v.counter) and v.marker_id is None]
    if left:
        yield ctx.finding("EF 13-2", VIOLATION, f"the Bucharest fortresses in "
                          f"{', '.join(sorted(str(v.hex) for v in left))} are still on the map at "
                          f"the end of the {ctx.phase_label()}; 13-2 removes them when a Central "
                          f"Powers unit reaches {state['hex']}", units=left,
                          hexes=sorted({v.hex for v in left}), side="entente")


@rule("EF 13-3", "turn")
def no_central_powers_zoc_in_romania_at_start(ctx: CheckContext, old: PhaseInfo, new: PhaseInfo):
    """13-3 (Romania, 1916): Central Powers ZOCs do not extend into Romania at the start of the
    scenario, read as its first turn (the rule gives no end)."""
    d = data(ctx, "13-3")
    if d is None:
        return ()
    _romania_zoc(ctx, d, new)
    return ()


@rule("EF 13-3", "setup")
def no_central_powers_zoc_in_romania_setup(ctx: CheckContext):
    """13-3 bookkeeping at the start of the log."""
    d = data(ctx, "13-3")
    if d is not None:
        _romania_zoc(ctx, d, ctx.now)
    return ()


def _romania_zoc(ctx, d, now: PhaseInfo) -> None:
    key = ("zoc-excluded", "entente")
    if now.date is not None and now.date == ctx.scenario.first_turn:
        md = ctx.mapdef()
        ctx.cache[key] = frozenset(h for h, i in md.hexes.items() if i.country == d["country"])
    else:
        ctx.cache.pop(key, None)


# ------------------------------------------------------------------------- Gorlice-Tarnow, Brusilov


@rule("EF 3-2 (trenches)", "setup")
def trenches_where_the_fronts_touch(ctx: CheckContext):
    """Gorlice-Tarnow 3-2 / Brusilov 6-2: every set-up hex of ground combat units within the
    rule's distance of enemy ground combat units (adjacent; "adjacent to or no more than 1 hex
    from": 2) holds a trench marker, except hexes that can only be attacked where the defender
    can use swamp only (every hexside swamp; some swamp: undetermined). Gorlice-Tarnow exempts
    units of some HQs, which the log does not show: a missing trench there is undetermined."""
    for number in ("3-2", "6-2"):
        d = data(ctx, number)
        if d is None or "trench_marker" not in d or not ctx.log_starts_scenario:
            continue
        rng = d["adjacent"]
        hq_exceptions = number == "3-2"
        md = ctx.mapdef()
        by_hex: dict[Hex, list[UnitState]] = {}
        for u in units(ctx):
            if is_ground_combat_unit(u.counter) and not is_fortress(u.counter) and not is_flotilla(u.counter):
                by_hex.setdefault(u.hex, []).append(u)
        for h, here in sorted(by_hex.items()):
            sides = {u.side for u in here}
            enemies = [g for g, there in by_hex.items() if g != h and h.distance(g) <= rng
                       and any(v.side not in sides for v in there)]
            if not enemies:
                continue
            kinds = {marker_kind(ctx, v.marker_id) for v in ctx.by_hex.get(h, {}).values()
                     if v.marker_id is not None}
            if d["trench_marker"] in kinds:
                continue
            ts = [s.terrain for s in (md.hexside(h, n) for n in h.neighbours()) if s is not None]
            if ts and all(t == "swamp" for t in ts):
                continue
            if hq_exceptions and "4-5N" in sheets_at(ctx, h) and all(u.nation == "russia" for u in here):
                continue
            what = (f"{', '.join(u.name for u in here)} set up in {h} within {rng} hex(es) of enemy "
                    f"ground combat units ({', '.join(map(str, sorted(enemies)[:4]))}) without a "
                    f"trench marker")
            if any(t == "swamp" for t in ts):
                yield ctx.finding(f"EF {number}", UNDETERMINED, what + "; some of its hexsides are "
                                  "swamp", units=here, hexes=[h], step=None,
                                  missing="whether only swamp could be used to defend it (13-3)")
            elif hq_exceptions:
                yield ctx.finding(f"EF {number}", UNDETERMINED, what, units=here, hexes=[h],
                                  step=None, missing="which HQ controls the units (units of some "
                                  "HQs are exempt; the set-up grid is not in the source)")
            else:
                yield ctx.finding(f"EF {number}", VIOLATION, what, units=here, hexes=[h], step=None)


def _rail_line(ctx: CheckContext, a: Hex, b: Hex) -> list[Hex]:
    """The hexes of the rail line from ``a`` to ``b`` (the shortest path along rail hexsides)."""
    md = ctx.mapdef()
    prev = {a: None}
    q = deque([a])
    while q:
        h = q.popleft()
        if h == b:
            break
        for n in h.neighbours():
            s = md.hexside(h, n)
            if n in prev or s is None or not (s.rail or s.terrain == "urban"):
                continue
            prev[n] = h
            q.append(n)
    if b not in prev:
        return []
    out = [b]
    while prev[out[-1]] is not None:
        out.append(prev[out[-1]])
    return out[::-1]


@rule("EF 3-3 (Warsaw)", "phase_end")
def warsaw_abandoned(ctx: CheckContext, ended: PhaseInfo):
    """Gorlice-Tarnow 3-3: all Warsaw fortresses are removed at once when the Central Powers take
    Novogeorgievsk (a Central Powers unit there) or when all but one of the three rail lines east
    of Warsaw are covered by a Central Powers ZOC (a line is covered when a hex of it past Warsaw
    is in that ZOC). Checked at the end of every phase."""
    d = data(ctx, "3-3")
    if d is None or "warsaw" not in d or ctx.cache.get("ef3-3-done"):
        return
    novo = hx(ctx, d["novogeorgievsk"])
    taken = any(u.side == "central-powers" and u.hex == novo for u in units(ctx))
    b = board_state(ctx)
    cp_zoc = zoc_rules.zoc_of_side(b, "central-powers")
    covered = []
    for a, z in d["lines"]:
        line = _rail_line(ctx, hx(ctx, a), hx(ctx, z))
        if line and any(h in cp_zoc for h in line[1:]):
            covered.append(f"{hx(ctx, a)}–{hx(ctx, z)}")
    if not taken and len(covered) < len(d["lines"]) - 1:
        return
    ctx.cache["ef3-3-done"] = True
    forts = {hx(ctx, t) for t in d["forts_at"]}
    left = [v for v in ctx.units.values() if v.hex in forts and v.counter is not None
            and v.marker_id is None and is_fortress(v.counter) and v.nation == "russia"]
    if left:
        why = f"the Central Powers hold {novo}" if taken else \
            f"the rail lines {', '.join(covered)} are covered by a Central Powers ZOC"
        yield ctx.finding("EF 3-3", VIOLATION, f"the Warsaw fortresses in "
                          f"{', '.join(sorted(str(v.hex) for v in left))} are still on the map at "
                          f"the end of the {ctx.phase_label()}; they are removed at once when {why}",
                          units=left, hexes=sorted({v.hex for v in left}), side="entente")


@rule("EF 6-3", "phase_end")
def guard_army_together(ctx: CheckContext, ended: PhaseInfo):
    """Brusilov 6-3: the Guard infantry divisions always stay within one hex of each other; the
    Guard cavalry within one hex of a Guard unit until the Guard infantry has made an attack (the
    combat record: ``guard_infantry_attacked``)."""
    d = data(ctx, "6-3")
    if d is None or ended.kind != "movement" or ended.side != "entente":
        return
    guard = {c: [u for u in units(ctx) if u.unit_id == c] for c in d["infantry"] + d["cavalry"]}
    inf = [u for c in d["infantry"] for u in guard[c]]
    allg = [u for us in guard.values() for u in us]
    attacked, why = guard_infantry_attacked(ctx, d)
    if attacked is True:
        allg = []                                 # the cavalry is free: only the infantry's check
    combat_seen = attacked is None
    for u in inf:
        if len(inf) > 1 and not any(v is not u and u.hex.distance(v.hex) <= 1 for v in inf):
            yield ctx.finding("EF 6-3", VIOLATION, f"{u.name} ended the {ctx.phase_label()} in "
                              f"{u.hex}, more than one hex from every other Guard infantry "
                              f"division", units=[u], hexes=[u.hex], step=ctx.last_step)
    for c in d["cavalry"]:
        for u in guard[c]:
            if len(allg) > 1 and not any(v is not u and u.hex.distance(v.hex) <= 1 for v in allg):
                yield ctx.finding("EF 6-3", UNDETERMINED if combat_seen else VIOLATION,
                                  f"{u.name} ended the {ctx.phase_label()} in {u.hex}, more than one "
                                  f"hex from every other Guard unit; the Guard cavalry is free only "
                                  f"once the Guard infantry has attacked", units=[u], hexes=[u.hex],
                                  step=ctx.last_step,
                                  missing=why if combat_seen else "")


def guard_infantry_attacked(ctx: CheckContext, d) -> tuple[bool | None, str]:
    """6-3 "Once the Guard infantry divisions have made one attack": True once every Guard
    infantry division has attacked (one reading), False while none has and no Entente attack of
    the log has attackers it does not name; None in between (some have: the rule may mean any of
    them, or all; or an undeclared attack might have been theirs), with what is missing."""
    from .checks.combat_state import combats
    inf = set(d["infantry"])
    done, unknown = set(), False
    for c in combats(ctx):
        if c.side != "entente":
            continue
        done |= {a.unit_id for a in c.attackers if a.unit_id in inf}
        unknown = unknown or not c.attackers_known
    present = {u.unit_id for u in units(ctx, on_map=False) if u.unit_id in inf}
    if present and present <= done:
        return True, ""
    if done:
        return None, ("whether 'the Guard infantry divisions have made one attack' means any of "
                      "them or all (the rulebook does not say)")
    if unknown:
        return None, "who made the Entente attacks declared without their units"
    return False, ""


# ------------------------------------------------------------------------- Galicia, 1914


@rule("EF 7-9", "phase_end")
def przemysl_garrison(ctx: CheckContext, ended: PhaseInfo):
    """Galicia 7-9: one Austro-Hungarian infantry brigade remains in a Przemysl fortress hex at
    all times (checked at the end of every phase; a brigade eliminated there in combat makes it
    undetermined). The Przemysl fortresses are never abandoned."""
    d = data(ctx, "7-9")
    if d is None:
        return
    hexes = {hx(ctx, t) for t in d["hexes"]}
    here = [u for u in units(ctx, nation=d["nation"]) if u.hex in hexes
            and is_infantry_type(u.counter) and u.counter.size == d["size"]]
    if not here and ctx.once("EF 7-9", "garrison"):
        lost = ctx.cache.get("ef7-9-lost")
        yield ctx.finding("EF 7-9", UNDETERMINED if lost else VIOLATION,
                          f"no Austro-Hungarian infantry brigade is in Przemysl "
                          f"({', '.join(map(str, sorted(hexes)))}) at the end of the "
                          f"{ctx.phase_label()}; one must remain there at all times",
                          hexes=sorted(hexes), side="central-powers", step=ctx.last_step,
                          missing="whether the garrison was lost in combat" if lost else "")
    elif here:
        ctx.flagged.discard(("EF 7-9", "garrison"))


@rule("EF 7-9", "move")
def przemysl_not_abandoned(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """7-9: the Przemysl fortresses may not be abandoned (removed) at any time; bookkeeping of a
    garrison brigade eliminated there."""
    d = data(ctx, "7-9")
    if d is None or u.counter is None or frm is None or to is not None:
        return
    hexes = {hx(ctx, t) for t in d["hexes"]}
    if frm not in hexes:
        return
    if is_fortress(u.counter) and u.nation == d["nation"] and ctx.now.kind != "combat":
        yield ctx.finding("EF 7-9", VIOLATION, f"{u.name} was removed from {frm} in the "
                          f"{ctx.phase_label()}; the Przemysl fortresses may not be abandoned",
                          units=[u], hexes=[frm])
    elif u.map == DEAD_PILE and ctx.now.kind == "combat":
        ctx.cache["ef7-9-lost"] = True


@rule("EF 7-10", "phase_end")
def kov_replaced_by_second_army(ctx: CheckContext, ended: PhaseInfo):
    """Galicia 7-10: in the Central Powers Reinforcement Arrival Phase of the 7 August turn the
    2nd Army HQ arrives and the Kov HQ is removed."""
    d = data(ctx, "7-10")
    if d is None or ended.date != gdate(d["date"]) or ended.kind != "reinforcement" \
            or ended.side != "central-powers":
        return
    kov = [u for u in units(ctx) if u.unit_id == d["remove"]]
    if kov:
        yield ctx.finding("EF 7-10", VIOLATION, f"{kov[0].name} is still on the map in "
                          f"{kov[0].hex} at the end of the {ctx.phase_label()}; it is removed when "
                          f"the 2nd Army HQ arrives", units=kov, hexes=[kov[0].hex],
                          step=ctx.last_step)


@rule("EF 7-2", "phase_end")
def headquarters_toward_objectives(ctx: CheckContext, ended: PhaseInfo):
    """Galicia 7-2..7-5 (HQs only: which units belong to which HQ is on the set-up grid): until
    the rule's last turn each listed HQ ends its Movement Phase as close (in hexes) to its
    objective as it could get without entering an enemy ZOC. Exempt: an HQ that started the phase
    in an enemy ZOC (7-2); a Russian army with an enemy unit within 2 hexes of its HQ's set-up hex
    (7-4); the A-H HQs once Russian units hold a Russian objective (7-5); a Russian army whose
    objective is taken aims at Przemysl. An HQ that did not move may not have completed
    mobilization (an omitted schedule): undetermined."""
    d = data(ctx, "7-2")
    if d is None or ended.kind != "movement" or ended.date is None \
            or ended.date > gdate(d["until"]):
        return
    starts = ctx.cache.get(("ef7-2", ended.date, ended.side))
    if not starts:
        return
    board, costs = board_state(ctx), terrain_costs(ctx)
    if board is None or costs is None:
        return
    objectives = {k: [hx(ctx, t) for t in v] for k, v in d["objectives"].items()}
    przemysl = hx(ctx, "5-5:3111")
    russian_targets = {h for k, hs in objectives.items() if k.startswith("ru-") for h in hs}
    ru_hold = any(u.side == "entente" and u.hex in russian_targets for u in units(ctx))
    for pid, (start, start_ezoc) in sorted(starts.items()):
        u = ctx.units.get(pid)
        if u is None or u.hex is None or u.unit_id not in objectives or u.side != ended.side:
            continue
        if start_ezoc:
            continue
        targets = objectives[u.unit_id]
        if u.side == "central-powers" and ru_hold:
            continue
        if u.side == "entente":
            origin = ctx.at_start.get(pid)
            if origin is not None and any(v.side != u.side and v.hex.distance(origin) <= 2
                                          for v in units(ctx)):
                continue
            if any(any(v.side == u.side and v.hex == t for v in units(ctx)) for t in targets):
                targets = [przemysl]
        def dist(h):
            return min(h.distance(t) for t in targets)
        ma = movement_allowance(unit_view(u))
        if ma is None:
            # no printed MA: staying put was always possible, so ending farther than it started
            # is never "as close as possible"
            if dist(u.hex) > dist(start):
                yield ctx.finding("EF 7-2", VIOLATION, f"{u.name} ended the {ctx.phase_label()} in "
                                  f"{u.hex}, {dist(u.hex)} hex(es) from its objective "
                                  f"({', '.join(map(str, targets))}), farther than where it started "
                                  f"({start}, {dist(start)})", units=[u], hexes=[start, u.hex],
                                  step=ctx.last_step)
            continue
        ezoc = enemy_zoc_hexes(ctx, u.side)
        reach, unknown = mv.reachable(board, unit_view(u, start), start, ma, costs, ezoc=ezoc,
                                      enter_ezoc=False)
        reach[start] = 0
        best = min(dist(h) for h in reach)
        now = dist(u.hex)
        if now <= best:
            continue
        if u.hex == start:
            yield ctx.finding("EF 7-2", UNDETERMINED, f"{u.name} did not move in the "
                              f"{ctx.phase_label()}; it could have come within {best} hex(es) of "
                              f"its objective ({', '.join(map(str, targets))}), it is {now} away",
                              units=[u], hexes=[start], step=ctx.last_step,
                              missing="the mobilization schedule (an omitted grid)")
            continue
        # ending farther than it started is a violation whatever the MA (above and here); "it
        # could have come within N" rests on the MA: a placeholder MA (an HQ's, hq_movement)
        # makes it undetermined (a smaller printed MA might not reach that far)
        farther = now > dist(start)
        yield ctx.finding("EF 7-2", UNDETERMINED if unknown else VIOLATION,
                          f"{u.name} ended the {ctx.phase_label()} in {u.hex}, {now} hex(es) from "
                          f"its objective ({', '.join(map(str, targets))}); from {start} it could "
                          f"have come within {best} without entering an enemy ZOC"
                          + (f" (farther than where it started, {dist(start)})" if farther else ""),
                          units=[u], hexes=[start, u.hex], step=ctx.last_step,
                          missing="map data for some hexsides" if unknown else "",
                          placeholders=() if farther else placeholder_inputs(u, "movement"))


@rule("EF 7-2", "turn")
def headquarters_starts(ctx: CheckContext, old: PhaseInfo, new: PhaseInfo):
    """7-2 bookkeeping: where each listed HQ starts its Movement Phase."""
    d = data(ctx, "7-2")
    if d is None or new.kind != "movement" or new.date is None:
        return ()
    ezoc = enemy_zoc_hexes(ctx, new.side)
    ctx.cache[("ef7-2", new.date, new.side)] = {
        u.piece: (u.hex, u.hex in ezoc) for u in units(ctx, side=new.side)
        if u.unit_id in d["objectives"]}
    return ()


# ------------------------------------------------------------------------- Tannenberg 3-2


def _konigsberg_distances(ctx: CheckContext, d) -> dict[Hex, int]:
    """3-1/3-2: MP from each hex to Konigsberg along a path that ignores enemy units and ZOCs and
    is not traced through hexes with a German fortress (a Russian infantry division's costs on
    the map, without markers)."""
    hit = ctx.cache.get("ef-tb-dist")
    if hit is not None:
        return hit
    md, costs = ctx.mapdef(), terrain_costs(ctx)
    if costs is None:
        return {}
    from .rules.board import BoardState
    forts = {u.hex for u in ctx.units.values() if u.counter is not None and u.hex is not None
             and u.marker_id is None and is_fortress(u.counter) and u.nation == "germany"}
    probe = next((c for c in ctx.game.counters.values() if c.nation == "russia" and c.type == "inf"
                  and c.size == "XX"), None)
    board = BoardState(md)
    view = unit_view(UnitState("probe", probe.id, probe.name, probe, "entente", "russia", None))
    target = hx(ctx, d["konigsberg"])
    best = {target: 0}
    import heapq
    heap = [(0, target)]
    done = set()
    while heap:
        g, h = heapq.heappop(heap)
        if h in done or g != best.get(h) or g > 12:
            continue
        done.add(h)
        for n in h.neighbours():
            if n in forts or n in done:
                continue
            s = mv.step_cost(board, view, n, h, costs, ezoc=frozenset())
            if s.status != mv.OK:
                continue
            ng = g + (s.mp or 0)
            if ng < best.get(n, 1 << 30):
                best[n] = ng
                heapq.heappush(heap, (ng, n))
    ctx.cache["ef-tb-dist"] = best
    return best


#: hexes 3-1 states to be 8 MP from Konigsberg (003:L1889): the printed figure outranks the
#: schematic map's
TANNENBERG_EIGHT = ("4-5:1512", "4-5:2204", "4-5:2205")


def tannenberg_points(ctx: CheckContext, d) -> tuple[Fraction, list[str]]:
    """3-2: the Russian points from the infantry in Germany: 5 per division less than 8 MP from
    Konigsberg, 3 at 8, 2 at 9, 1 at 10 (brigades half), and the terms that made them."""
    dist = _konigsberg_distances(ctx, d)
    eight = {hx(ctx, t) for t in TANNENBERG_EIGHT}
    table = {mp: pts for mp, pts in d["points"]}
    total, terms = Fraction(0), []
    for u in units(ctx, nation="russia"):
        if not is_infantry_type(u.counter) or country(ctx, u.hex) != "germany":
            continue
        mp = 8 if u.hex in eight else dist.get(u.hex)
        if mp is None or mp > max(table):
            continue
        pts = table[min(table)] if mp < min(table) else table.get(mp, 0)
        share = Fraction(1) if u.counter.size in ("XX", "XXX") else Fraction(d["brigade_factor"])
        total += pts * share
        terms.append(f"{u.name} in {u.hex} ({mp} MP): {pts * share}")
    return total, terms


def tannenberg_units(d, points: int, taken: set[str]) -> list[tuple[str, bool]]:
    """3-2 / 11-1: the pool units the table row of ``points`` brings, in pool order, skipping
    units already taken or in play: (counter id, at half strength)."""
    row = next((r for r in d["table"] if r[0] <= points and (r[1] is None or points <= r[1])), None)
    out: list[tuple[str, bool]] = []
    used: set[str] = set()
    for slot in (row[2] if row else []):
        kind, half = (slot[:-5], True) if slot.endswith("-half") else (slot, False)
        for c in d["pool"][kind]:
            if c not in used and c not in taken:
                used.add(c)
                out.append((c, half))
                break
    return out


@rule("EF 3-2 (Tannenberg)", "turn")
def tannenberg_score(ctx: CheckContext, old: PhaseInfo, new: PhaseInfo):
    """Tannenberg 3-2 bookkeeping: the Russian points at the end of the 5th August turn."""
    d = data(ctx, "3-2")
    if d is None or "konigsberg" not in d or old.date is None or new.date is None:
        return ()
    _register_arrival_rule(ctx, _tannenberg_arrival)
    end = gdate(d["score_at_end_of"])
    if old.date == end and new.date != end and "ef-tb-points" not in ctx.cache:
        points, terms = tannenberg_points(ctx, d)
        ctx.cache["ef-tb-points"] = (points, terms)
    return ()


def _tannenberg_arrival(ctx: CheckContext, u: UnitState, to: Hex) -> str | None:
    d = data(ctx, "3-2")
    if d is not None and "pool" in d and any(u.unit_id in v for v in d["pool"].values()):
        return "Tannenberg 3-2 (forced German reinforcements)"
    return None


@rule("EF 3-2 (Tannenberg)", "setup")
def tannenberg_register(ctx: CheckContext):
    """Tannenberg 3-2 bookkeeping: its arrivals are checked here, not by 25-2."""
    d = data(ctx, "3-2")
    if d is not None and "pool" in d:
        _register_arrival_rule(ctx, _tannenberg_arrival)
    return ()


@rule("EF 3-2 (Tannenberg)", "phase_end")
def tannenberg_reinforcements(ctx: CheckContext, ended: PhaseInfo):
    """Tannenberg 3-2 / 11-1 (WE-SC-07): in the German Reinforcement Arrival Phase of the
    1 September turn the units of the table row of the Russian points (scored at the end of
    5 August) arrive in 0118, taken from the pool in its order. The 11-1 example (50 points: "3G,
    1GR, 22 and 38 and the 8 cavalry") lists one 8-5 fewer than the 47-50 row: arrivals that match
    the example but not the table are undetermined."""
    d = data(ctx, "3-2")
    if d is None or "pool" not in d or ended.date != gdate(d["arrive"]) \
            or ended.kind != "reinforcement" or ended.side != "central-powers":
        return
    scored = ctx.cache.get("ef-tb-points")
    if scored is None:
        return           # the log did not show the end of 5 August
    points, terms = scored
    pool = [c for v in d["pool"].values() for c in v]
    arrivals = ctx.cache.get("ef-tb-arrived", {})
    before = {c for c in pool if any(v.unit_id == c and v.piece not in arrivals
                                      for v in ctx.units.values() if v.hex is not None)}
    lo, hi = int(points), -(-points.numerator // points.denominator)
    rows = {tuple(tannenberg_units(d, p, before)) for p in {lo, hi}}
    got = sorted(ctx.units[p].unit_id for p in arrivals if p in ctx.units)
    hexes = {ctx.units[p].hex for p in arrivals if p in ctx.units}
    want_hex = hx(ctx, d["hex"])
    wrong = sorted(str(h) for h in hexes if h != want_hex)
    if wrong:
        yield ctx.finding("EF 3-2", VIOLATION, f"forced German reinforcements placed in "
                          f"{', '.join(wrong)}; 3-2 places them in {want_hex}", hexes=[want_hex],
                          side="central-powers", step=ctx.last_step)
    how = f"{points} points ({'; '.join(terms) or 'no Russian infantry in Germany'})"
    matches = [r for r in rows if sorted(c for c, _ in r) == got]
    if matches:
        return
    example = None
    for r in rows:
        ids = [c for c, _ in r]
        inf8 = [c for c in ids if c in d["pool"]["inf8"]]
        if len(inf8) == 4:
            example = sorted(c for c in ids if c != inf8[-1])
    want = " or ".join(", ".join(ctx.game.counters[c].name if c in ctx.game.counters else c
                                 for c, _ in r) or "none" for r in sorted(rows))
    have = ", ".join(ctx.game.counters[c].name if c in ctx.game.counters else c for c in got) or "none"
    if example is not None and example == got:
        yield ctx.finding("EF 3-2", UNDETERMINED, f"the Russians scored {how}; the Germans took "
                          f"{have}: the 11-1 example for 50 points, one 8-5 fewer than the table row "
                          f"(47-50: {want})", side="central-powers", step=ctx.last_step,
                          missing="which of the 11-1 example and the 3-2 table is right "
                                  "(the rulebook gives both)")
        return
    sev = VIOLATION if lo == hi else UNDETERMINED
    yield ctx.finding("EF 3-2", sev, f"the Russians scored {how}; 3-2 brings {want} in "
                      f"{want_hex} on {ended.date}; the Germans took {have}",
                      side="central-powers", step=ctx.last_step,
                      missing="" if sev == VIOLATION else "the rounding of half points")


@rule("EF 3-2 (Tannenberg)", "move")
def tannenberg_arrivals_noted(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """Tannenberg 3-2 bookkeeping: the pool units placed in the 1 September reinforcement phase;
    a pool unit placed at another time is a violation."""
    d = data(ctx, "3-2")
    if d is None or "pool" not in d or not is_unit(u) or frm is not None or to is None \
            or frm_map == DEAD_PILE:
        return
    if not any(u.unit_id in v for v in d["pool"].values()):
        return
    if ctx.now.date == gdate(d["arrive"]) and ctx.now.kind == "reinforcement" \
            and ctx.now.side == "central-powers":
        ctx.cache.setdefault("ef-tb-arrived", {})[u.piece] = ctx.step
        return
    yield ctx.finding("EF 3-2", VIOLATION, f"{u.name} (of the 3-2 pool) was placed in {to} in the "
                      f"{ctx.phase_label()} of {ctx.now.date}; the forced reinforcements arrive in "
                      f"the German Reinforcement Arrival Phase of {gdate(d['arrive'])}", units=[u],
                      hexes=[to])


# ------------------------------------------------------------------------- off-map rail (11-12, 13-1, 14-5, 19-6)


def _end_matches(ctx: CheckContext, end: str, h: Hex) -> bool:
    """Whether hex ``h`` (a map-edge rail hex) is the off-map rail end ``end``: a sheet, a
    ``SHEET:CCRR`` hex, or a ``SHEET:EDGE`` / ``SHEET:EDGE>NN`` edge."""
    md = ctx.mapdef()
    exits = md.rail_exits.get(h) if md is not None else None
    if ":" in end:
        sheet, what = end.split(":", 1)
        if re.fullmatch(r"\d{4}", what):
            return h == hx(ctx, end)
        if sheet not in sheets_at(ctx, h) or not exits:
            return False
        edge, _, east_of = what.partition(">")
        dirs = {"N": {"N"}, "S": {"S"}, "E": {"NE", "SE"}, "W": {"NW", "SW"}}[edge]
        if not dirs & set(exits):
            return False
        return not east_of or printed(ctx, h, sheet).col > int(east_of)
    return end in sheets_at(ctx, h) and bool(exits)


def _departures(ctx: CheckContext) -> dict:
    return ctx.cache.setdefault("ef-offmap", {})


@rule("EF 11-12", "move")
def offmap_rail_transit(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """11-12 / 13-1 / 14-5 / 19-6 (WE-SC-04): a unit that leaves the map from a map-edge rail hex
    of an off-map rail route spends the stated complete turns off the map and is placed at the
    route's other end no earlier than the turn after (14-5: off in the 4th September turn, off the
    map in the 5th, placed in the Reinforcement Phase of the 6th). 11-12 says "it takes 2 turns":
    placed in the second turn after is undetermined (2 complete turns would be the third). A
    route to a missing sheet (5-3) is a round trip: back no earlier than twice that."""
    sc = ctx.scenario
    if sc is None or not getattr(sc, "offmap_rail", ()) or not is_unit(u) or ctx.now.date is None:
        return
    _register_arrival_rule(ctx, _offmap_arrival)
    deps = _departures(ctx)
    if frm is not None and to is None and u.map != DEAD_PILE:
        routes = [r for r in sc.offmap_rail if r.turns_off_map is not None
                  and (not r.side or r.side == u.side) and (not r.nations or u.nation in r.nations)
                  and any(_end_matches(ctx, e, frm) for e in r.ends)]
        if routes:
            deps[u.piece] = (ctx.now.date, frm, routes)
        return
    if frm is not None or to is None or frm_map == DEAD_PILE or u.piece not in deps:
        return
    left, origin, routes = deps.pop(u.piece)
    ctx.cache.setdefault("ef-offmap-back", {})[u.piece] = ctx.step
    missing = {m.map for m in getattr(sc, "missing_maps", ())}
    best = None
    for r in routes:
        a, b = r.ends
        other = b if _end_matches(ctx, a, origin) else a
        sheet = other.split(":")[0]
        k = r.turns_off_map
        if sheet in missing:
            # to the missing sheet and back: placed there on T+k+1, leaves it that turn at once
            strict = loose = 2 * (k + 1)
        elif _end_matches(ctx, other, to):
            strict, loose = k + 1, (k if r.rule == "11-12" else k + 1)
        else:
            continue
        if best is None or loose < best[1]:
            best = (strict, loose, r)
    if best is None:
        return
    strict, loose, r = best
    n = int(ordinal(ctx.now.date) - ordinal(replace(left, turn=max(left.turn, 1))))
    number = r.rule or "11-12"
    what = (f"{u.name} left the map by rail from {origin} on {left} and was placed in {to} on "
            f"{ctx.now.date}, {n} turn(s) later")
    if n < loose:
        yield ctx.finding(f"EF {number}", VIOLATION, what + f"; the route takes "
                          f"{r.turns_off_map} complete turn(s) off the map: placed no earlier than "
                          f"{add_turns(left, strict)}", units=[u], hexes=[origin, to])
    elif n < strict:
        yield ctx.finding(f"EF {number}", UNDETERMINED, what + f"; \"it takes {r.turns_off_map} "
                          f"turns\": with {r.turns_off_map} complete turns off the map it is placed "
                          f"on {add_turns(left, strict)}", units=[u], hexes=[origin, to],
                          missing="whether the turns of 11-12 are complete turns off the map")


def _offmap_arrival(ctx: CheckContext, u: UnitState, to: Hex) -> str | None:
    if u.piece in _departures(ctx) or ctx.cache.get("ef-offmap-back", {}).get(u.piece) == ctx.step:
        return "off-map rail (a unit coming back onto the map)"
    return None


# ------------------------------------------------------------------------- HQs and Engineers return (11-16)


@rule("EF 11-16", "move")
def destroyed_hq_returns(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """11-16 (WE-SC-01): a destroyed Headquarters or Engineer reappears as a reinforcement three
    full months later (destroyed on the 3rd September turn: back on the 4th December turn); back
    earlier is a violation."""
    d = data(ctx, "11-16")
    if d is None or not is_unit(u) or u.counter.type not in d["types"] or ctx.now.date is None:
        return
    lost = ctx.cache.setdefault("ef11-16", {})
    _register_arrival_rule(ctx, _returning_hq)
    if frm is not None and to is None and u.map == DEAD_PILE:
        lost[u.unit_id] = (ctx.now.date, u.name)
        return
    if frm is None and to is not None and u.unit_id in lost:
        when, name = lost.pop(u.unit_id)
        ctx.cache.setdefault("ef11-16-back", {})[u.unit_id] = ctx.step
        due = return_date(when, d["months"])
        if position(ctx, ctx.now.date, ctx.now.phase_id) < position(ctx, due, "cp-reinforcement"):
            yield ctx.finding("EF 11-16", VIOLATION, f"{u.name} was destroyed on {when} and "
                              f"reappeared in {to} on {ctx.now.date}; it comes back as a "
                              f"reinforcement on {due} (three full months)", units=[u], hexes=[to])
        elif ctx.now.kind != "reinforcement" or ctx.now.side != u.side:
            yield ctx.finding("EF 11-16", VIOLATION, f"{u.name} reappeared in {to} in the "
                              f"{ctx.phase_label()}; it comes back as a reinforcement (its side's "
                              f"Reinforcement Arrival Phase)", units=[u], hexes=[to])


def return_date(destroyed: GameDate, months: int) -> GameDate:
    """11-16: "destroyed on the 3 September turn, it would appear again on the 4 December turn":
    the next turn, three months on."""
    return add_turns(add_months(destroyed, months), 1)


def _returning_hq(ctx: CheckContext, u: UnitState, to: Hex) -> str | None:
    if u.unit_id in ctx.cache.get("ef11-16", {}) or \
            ctx.cache.get("ef11-16-back", {}).get(u.unit_id) == ctx.step:
        return "11-16 (a destroyed HQ or Engineer coming back)"
    return None


# ------------------------------------------------------------------------- combining brigades (11-10)


@rule("EF 11-10", "move")
def brigades_combine(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """11-10 / 17-5 / 18-8 / 19-13: the A-H 61st and 62nd brigades combine into the 31st division
    at the end of a movement phase when in the same hex (11-10 also: the 13th and 14th into the
    7th at any time). The division appears where both brigades stood (or were taken off) this
    phase, in its side's Movement Phase (or right after it)."""
    combos = []
    for number in ("11-10", "17-5", "18-8", "19-13"):
        d = data(ctx, number)
        if d is None:
            continue
        for c in d.get("combine", [d] if "into" in d else []):
            combos.append((number, c))
    if not combos or not is_unit(u):
        return
    _register_arrival_rule(ctx, _combined_arrival)
    gone = ctx.cache.setdefault(("ef-combine-gone", ctx.phase_start_step), {})
    if frm is not None and to is None:
        gone[u.unit_id] = frm
        return
    if frm is not None or to is None or frm_map == DEAD_PILE:
        return
    for number, c in combos:
        if u.unit_id != c["into"]:
            continue
        where = {}
        for b in c["from"]:
            v = next((v for v in units(ctx) if v.unit_id == b), None)
            where[b] = v.hex if v is not None else gone.get(b)
        names = " and ".join(ctx.game.counters[b].name if b in ctx.game.counters else b for b in c["from"])
        if any(h != to for h in where.values()):
            yield ctx.finding(f"EF {number}", VIOLATION, f"{u.name} appeared in {to}; it is formed "
                              f"from {names} in the same hex "
                              f"({', '.join(f'{b}: {h}' for b, h in where.items())})", units=[u],
                              hexes=[to])
        elif c["when"] == "end of a movement phase" and not (
                ctx.now.side == u.side and ctx.now.kind in ("movement", "combat")):
            yield ctx.finding(f"EF {number}", VIOLATION, f"{u.name} was formed in {to} in the "
                              f"{ctx.phase_label()}; the brigades combine at the end of a movement "
                              f"phase", units=[u], hexes=[to])
        return


def _combined_arrival(ctx: CheckContext, u: UnitState, to: Hex) -> str | None:
    for number in ("11-10", "17-5", "18-8", "19-13"):
        d = data(ctx, number)
        if d is None:
            continue
        for c in d.get("combine", [d] if "into" in d else []):
            if u.unit_id == c["into"]:
                return f"{number} (combined brigades)"
    return None


# ------------------------------------------------------------------------- Supply Point limits


def _sp_limit(d, date: GameDate) -> int | None:
    limit = None
    for year, n in d.get("limits", []):
        if date.year >= int(year):
            limit = n
    return limit


@rule("EF 11-19", "phase_end")
def supply_point_limits(ctx: CheckContext, ended: PhaseInfo):
    """11-19..11-21, 17-19, 17-20: a nation's HQs on the Eastern Front hold at most the limit of
    the year in Supply Points (read from the HQs' SupplyPoints at the end of every phase; HQs on
    map 6-4 are on the Italian Front). 11-24: no HQ of a minor country holds more than 25.
    17-19's lower limit "during 1915 before Italy enters" applies until ``!joins italy``."""
    if ended.date is None:
        return
    for number in ("11-19", "11-20", "11-21", "17-19", "17-20"):
        d = data(ctx, number)
        if d is None:
            continue
        limit = _sp_limit(d, ended.date)
        if number == "17-19" and ended.date.year == 1915 and "italy" not in joined(ctx):
            limit = 100
        if limit is None:
            continue
        hqs = [u for u in units(ctx, nation=d["nation"]) if is_hq(u.counter)
               and "6-4" not in sheets_at(ctx, u.hex)]
        if any(u.supply_points is None for u in hqs):
            continue
        total = sum(u.supply_points or 0 for u in hqs)
        if total > limit and ctx.once(f"EF {number}", (ended.date.year, ended.date.month)):
            name = ctx.game.nations[d["nation"]].name
            yield ctx.finding(f"EF {number}", VIOLATION, f"{name}'s HQs on the Eastern Front hold "
                              f"{total} Supply Points at the end of the {ctx.phase_label()}; at "
                              f"most {limit} in {ended.date.year}", units=hqs[:8],
                              side=ctx.game.side_of(d["nation"]), step=ctx.last_step)
    d = data(ctx, "11-24")
    if d is None:
        return
    for u in units(ctx):
        if u.nation in d["nations"] and is_hq(u.counter) and (u.supply_points or 0) > d["per_hq"] \
                and ctx.once("EF 11-24", (u.piece, ended.date.year, ended.date.month)):
            yield ctx.finding("EF 11-24", VIOLATION, f"{u.name} holds {u.supply_points} Supply "
                              f"Points at the end of the {ctx.phase_label()}; an HQ of a minor "
                              f"country holds at most {d['per_hq']}", units=[u], hexes=[u.hex],
                              step=ctx.last_step)


# ------------------------------------------------------------------------- arrival places (11-44 …)

_PLACE_RULES = ("11-44", "11-57", "11-60", "11-62", "11-68", "11-76")


def _edge_rail_in(ctx: CheckContext, h: Hex, country_id: str) -> bool:
    md = ctx.mapdef()
    return bool(md.rail_exits.get(h)) and country(ctx, h) == country_id


@rule("EF 11-44", "move")
def reinforcement_places(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """11-44 / 11-57 / 11-60 / 11-62 / 11-68 / 11-76: where a nation's reinforcements appear
    unless the schedule says otherwise (a Serb-held city in Serbia; 6-6 hex 1901; a map-edge rail
    hex of Bulgaria; a city or map-edge rail hex of the nation). A unit the schedule lists
    without a hex is a violation elsewhere; one it does not list is undetermined (the section 15
    schedules are not in the source)."""
    if not is_unit(u) or frm is not None or to is None or frm_map == DEAD_PILE:
        return
    if any(fn(ctx, u, to) for fn in ctx.cache.get("arrival-rules", ())):
        return
    sc = ctx.scenario
    for number in _PLACE_RULES:
        d = data(ctx, number)
        if d is None or d.get("nation") != u.nation:
            continue
        i = info(ctx, to)
        if "cities" in d:
            ok = (i is not None and i.city and i.country == "serbia") or to in {hx(ctx, t) for t in d["cities"]}
            want = "a Serb-controlled city in Serbia"
        elif "hex" in d:
            ok, want = to == hx(ctx, d["hex"]), f"{hx(ctx, d['hex'])}"
        elif "edge_rail_in" in d:
            ok = _edge_rail_in(ctx, to, d["edge_rail_in"])
            want = f"a rail line on a map edge in {ctx.game.nations.get(d['edge_rail_in']).name if d['edge_rail_in'] in ctx.game.nations else d['edge_rail_in']}"
        else:
            c = d["city_or_edge_rail_in"]
            ok = (i is not None and i.city and i.country == c) or _edge_rail_in(ctx, to, c)
            want = f"a city or a map-edge rail hex of {ctx.game.nations[c].name}"
        if ok:
            return
        listed = [p for e in sc.reinforcements for p in e.arrivals if p.counter == u.unit_id]
        what = f"{u.name} arrived in {to}; {number}: reinforcements appear in {want}"
        if listed and all(p.hex is None for p in listed):
            yield ctx.finding(f"EF {number}", VIOLATION, what, units=[u], hexes=[to])
        else:
            yield ctx.finding(f"EF {number}", UNDETERMINED, what + " unless the schedule says "
                              "otherwise", units=[u], hexes=[to],
                              missing="the reinforcement schedule of the duration games "
                                      "(section 15, not in the source)")
        return


# ------------------------------------------------------------------------- Serbian regiments (11-43)


@rule("EF 11-43", "move")
def serbian_regiments(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """11-43: the nine Serbian 1-4 regiments are deployed when any condition first holds:
    Bulgaria joins, a Central Powers unit crosses the Ibar, W. Morava or Nisava, enters Albania,
    or a German unit moves adjacent to Serbian territory (the 1914 border: the map's Serbian
    hexes). Deployed before that: a violation."""
    if special_rule(ctx, "11-43") is None or not is_unit(u):
        return
    _register_arrival_rule(ctx, _regiment_arrival)
    state = ctx.cache.setdefault("ef11-43", {})
    md = ctx.mapdef()
    if not state and to is not None and u.side == "central-powers":
        if frm is not None and frm.direction_to(to) is not None:
            s = md.hexside(frm, to)
            if s is not None and s.river_name in ("Ibar", "W. Morava", "Nisava"):
                state["why"] = f"{u.name} crossed the {s.river_name} ({frm}→{to})"
        if country(ctx, to) == "albania":
            state["why"] = f"{u.name} entered Albania ({to})"
        if u.nation == "germany" and (country(ctx, to) == "serbia" or
                                      any(country(ctx, n) == "serbia" for n in to.neighbours())):
            state["why"] = f"{u.name} moved adjacent to Serbia ({to})"
    if "bulgaria" in joined(ctx) and not state:
        state["why"] = "Bulgaria joined the Central Powers"
    if frm is None and to is not None and frm_map != DEAD_PILE and _regiment_arrival(ctx, u, to) \
            and not state:
        sev = VIOLATION if ctx.log_starts_scenario else UNDETERMINED
        yield ctx.finding("EF 11-43", sev, f"{u.name} was deployed in {to} on {ctx.now.date}; the "
                          f"Serbian regiments are deployed only once Bulgaria joins, a Central Powers "
                          f"unit crosses the Ibar, W. Morava or Nisava or enters Albania, or a German "
                          f"unit moves adjacent to Serbia", units=[u], hexes=[to],
                          missing="" if sev == VIOLATION else "the game before this log")


def _regiment_arrival(ctx: CheckContext, u: UnitState, to: Hex) -> str | None:
    if special_rule(ctx, "11-43") is not None and u.nation == "serbia" and u.counter.size == "III" \
            and u.counter.front.strength == 1 and u.counter.front.movement == 4:
        return "11-43 (the Serbian regiments)"
    return None


@rule("EF arrivals", "setup")
def arrivals_by_scenario_rules(ctx: CheckContext):
    """Bookkeeping (no finding): the arrivals these rules check themselves are not 25-1/25-2's
    (``checks.common.arrival_explained``)."""
    for fn in (_romanian_arrival, _tannenberg_arrival, _offmap_arrival, _returning_hq,
               _combined_arrival, _regiment_arrival):
        _register_arrival_rule(ctx, fn)
    return ()
