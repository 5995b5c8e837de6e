"""The Italian Front scenario rules (000, "The Italian Front" section): 3-4 (fixed garrisons),
3-6 (no Italian trenches west of hexrow 29xx until 1917), 3-9 (no German unit in Italy before
turn 6 of August 1916) and the May 1915 mobilization schedule (section 6).

The numbers, hexes and dates are read from the scenario's special rules text
(``Scenario.special_rules``), so these rules run only where the scenario prints them.
"""
from __future__ import annotations

import functools
import re

from modgen.check.context import CheckContext, PhaseInfo, UnitState
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION
from modgen.hexgrid import Hex
from modgen.model.types import MONTHS, GameDate

from .checks.common import declared, is_unit, marker_kind, special_rule


@functools.lru_cache(maxsize=64)
def _garrison_hexes(text: str) -> frozenset:
    """The hexes IF 3-4's text names (read once per text, not on every move)."""
    return frozenset(Hex.parse(t) for t in re.findall(r"\b\d{4}\b", text))


@rule("IF 3-4", "move")
def garrisons_stay(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """IF 3-4: the A-H garrisons of Trieste, Fiume and Pola (hexes named in the rule) do not move
    from the hex they hold at the start unless forced to retreat."""
    # asked on every move: the cheap tests first, and no generator unless it may yield
    if frm is None or to is None or u.nation != "austria-hungary" or not is_unit(u) \
            or ctx.at_start.get(u.piece) != frm or not ctx.log_starts_scenario:
        return ()        # to None: eliminated, not a move
    r = special_rule(ctx, "3-4")
    hexes = _garrison_hexes(r.text) if r is not None else ()
    if frm not in hexes:
        return ()
    return _garrison_moved(ctx, u, frm, to, hexes)


def _garrison_moved(ctx: CheckContext, u: UnitState, frm: Hex, to: Hex, hexes: frozenset):
    """IF 3-4's findings for a garrison that left its start hex ``frm`` (one of ``hexes``)."""
    if ctx.now.kind == "combat":
        if any(d.hexes and d.hexes[0] == frm for d in declared(ctx, "retreat", u)):
            return
        yield ctx.finding("IF 3-4", UNDETERMINED, f"{u.name}, garrison of {frm}, left it for {to} "
                          f"in the {ctx.phase_label()}; allowed only as a forced retreat",
                          units=[u], hexes=[frm, to], path=[frm, to],
                          missing="a !retreat declaration (the log does not record retreats)")
        return
    yield ctx.finding("IF 3-4", VIOLATION, f"{u.name}, garrison of {frm}, moved {frm}→{to}; the "
                      f"garrisons of {', '.join(sorted(map(str, hexes)))} may not move unless forced "
                      f"to retreat", units=[u], hexes=[frm, to], path=[frm, to])


_DATE = re.compile(r"turn\s+(\d)\s+of\s+(" + "|".join(MONTHS) + r")\s+(\d{4})", re.I)


@rule("IF 3-9", "move")
def no_germans_in_italy(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """IF 3-9: before the date named in the rule (turn 6 of August 1916) no German unit enters a
    hex of Italy (unless war was declared with ``!war`` in a linked game)."""
    if to is None or u.nation != "germany" or not is_unit(u):
        return ()
    r = special_rule(ctx, "3-9")
    if r is None:
        return ()
    return _german_entry(ctx, u, frm, to, r)


def _german_entry(ctx: CheckContext, u: UnitState, frm, to: Hex, r):
    """IF 3-9's finding for a German unit that moved into ``to``."""
    m = _DATE.search(r.text)
    if not m or ctx.now.date is None:
        return
    limit = GameDate(int(m.group(3)), [x.lower() for x in MONTHS].index(m.group(2).lower()) + 1,
                     int(m.group(1)))
    if ctx.now.date >= limit or ctx.declarations.of("war"):
        return
    mapdef = ctx.mapdef()
    info = mapdef.hexes.get(to) if mapdef else None
    if info is None or info.country != "italy":
        return
    if frm is not None and mapdef.hexes.get(frm) is not None and mapdef.hexes[frm].country == "italy":
        return  # already inside (reported when it entered)
    yield ctx.finding("IF 3-9", VIOLATION, f"{u.name} entered {to} in Italy on {ctx.now.date}; no "
                      f"German unit may enter Italy before {limit}", units=[u],
                      hexes=[h for h in (frm, to) if h], path=[h for h in (frm, to) if h])


# ------------------------------------------------------------------------- Italian Front 3-6

_WEST_OF = re.compile(r"west of hexrow\s+(\d{1,2})xx", re.I)
_UNTIL_YEAR = re.compile(r"until\s+(\d{4})", re.I)
#: 22-1: the unit types that construct trenches (Infantry, Assault, Mountain, Marine)
TRENCH_BUILDERS = frozenset({"inf", "aslt", "mtn", "mtn-aslt", "marine"})


def _italy_clear(ctx: CheckContext, h: Hex | None) -> str | None:
    """Whether ``h`` is a hex in Italy containing clear terrain (IF 3-6): "yes" when every
    hexside of it is clear, "maybe" when some are (terrain is printed on hexsides, the rule does
    not say how a hex "contains" it), None when it is not in Italy or has no clear hexside."""
    mapdef = ctx.mapdef()
    info = mapdef.hexes.get(h) if mapdef is not None and h is not None else None
    if info is None or info.country != "italy":
        return None
    terrains = [s.terrain for s in (mapdef.hexside(h, n) for n in h.neighbours()) if s is not None]
    clear = [t for t in terrains if t == "clear"]
    if not clear:
        return None
    return "yes" if len(clear) == len(terrains) else "maybe"


def _cp_in_italy(ctx: CheckContext) -> dict:
    hit = ctx.cache.get("if3-6-cp-in-italy")          # (no new empty {} per call: asked on every move)
    if hit is None:
        hit = ctx.cache["if3-6-cp-in-italy"] = {}
    return hit


@rule("IF 3-6", "setup")
def trench_ban_setup(ctx: CheckContext):
    """IF 3-6 bookkeeping: hexes that hold a construction marker (their trench is a completion)
    and Central Powers units already in clear hexes of Italy."""
    built = ctx.cache.setdefault("if3-6-construction", set())
    for u in ctx.units.values():
        if u.hex is None:
            continue
        if u.marker_id is not None and marker_kind(ctx, u.marker_id) == "construction":
            built.add(u.hex)
        elif is_unit(u) and u.side == "central-powers":
            _note_cp(ctx, u.hex)
    return ()


def _note_cp(ctx: CheckContext, h: Hex) -> None:
    seen = _cp_in_italy(ctx)
    if seen.get("how") == "yes":
        return           # settled: a Central Powers unit occupied a clear hex of Italy
    how = _italy_clear(ctx, h)
    if how is not None:
        seen["how"], seen["hex"] = how, h


@rule("IF 3-6", "move")
def no_italian_trenches_in_the_west(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """IF 3-6: Italian units may not construct trenches west of hexrow 29xx (both read from the
    rule text) until 1917 or until a Central Powers unit occupies a hex in Italy containing clear
    terrain. Checked when a construction marker (22-1) is placed under Italian units (or a trench
    marker where no construction marker stood)."""
    if to is None:
        return ()
    if is_unit(u):
        if u.side == "central-powers":
            _note_cp(ctx, to)
        return ()
    kind = marker_kind(ctx, u.marker_id)
    if kind not in ("construction", "trench"):
        return ()
    return _trench_marker(ctx, u, frm, to, kind)


def _trench_marker(ctx: CheckContext, u: UnitState, frm, to: Hex, kind: str):
    """IF 3-6's findings for a construction or trench marker placed in ``to``."""
    built = ctx.cache.setdefault("if3-6-construction", set())
    if kind == "construction":
        new_site = to not in built
        built.add(to)
        if not new_site and frm == to:
            return
    elif to in built:
        return           # 22-5: construction completed (checked when the construction began)
    r = special_rule(ctx, "3-6")
    if r is None:
        return
    west, until = _WEST_OF.search(r.text), _UNTIL_YEAR.search(r.text)
    if not west or not until or ctx.now.date is None:
        return
    if to.col >= int(west.group(1)) or ctx.now.date.year >= int(until.group(1)):
        return
    here = [v for v in ctx.units_at(to) if is_unit(v) and v.counter.type in TRENCH_BUILDERS]
    if not here or any(v.nation != "italy" for v in here):
        return           # no Italian builder, or another nation's units may be the builders
    seen = _cp_in_italy(ctx)
    label = "construction" if kind == "construction" else "trench"
    what = (f"{label} marker placed in {to} under {', '.join(v.name for v in here)} on "
            f"{ctx.now.date}; Italian units may not construct trenches west of hexrow "
            f"{west.group(1)}xx until {until.group(1)} or until a Central Powers unit occupies a "
            f"hex in Italy containing clear terrain")
    if seen.get("how") == "yes":
        return
    if seen.get("how") == "maybe":
        yield ctx.finding("IF 3-6", UNDETERMINED, f"{what} (a Central Powers unit was in "
                          f"{seen['hex']}, a hex of Italy with some clear hexsides)", units=here,
                          hexes=[to], missing="whether a hex with some clear hexsides 'contains "
                          "clear terrain'")
        return
    if not ctx.log_starts_scenario:
        yield ctx.finding("IF 3-6", UNDETERMINED, f"{what}; the log does not begin at the "
                          f"scenario's start, so an earlier Central Powers occupation cannot be "
                          f"ruled out", units=here, hexes=[to],
                          missing="the game before this log")
        return
    if frm is not None:
        # a marker moved from another hex (perhaps dragged along with a stack) is no clear sign
        # of a construction started here
        yield ctx.finding("IF 3-6", UNDETERMINED, f"{what} (the marker was moved here from "
                          f"{frm})", units=here, hexes=[frm, to],
                          missing="whether a construction was begun here (a marker placed from "
                                  "the counter palette)")
        return
    yield ctx.finding("IF 3-6", VIOLATION, what, units=here, hexes=[to])


# ------------------------------------------------------------------------- scenario mobilization

_MOB = re.compile(r"mobili[sz]ation completes\s+(\d)\s+(" + "|".join(MONTHS) + r")\s+(\d{4})\s*"
                  r"\(([^)]*)\)\s*:\s*(.+)$", re.I | re.S)
_DESIG = re.compile(r"(\d+)\s*-\s*(\d+)|([A-Za-z0-9/]+)")


def _mobilization_item(item: str):
    """A predicate on counters for one item of a mobilization list, "rest" for "All other
    units", None when the wording is not understood."""
    t = " ".join(item.lower().replace(".", "").split())
    if t == "all units":
        return lambda c: True
    if t == "all other units":
        return "rest"
    if t == "all mountain brigades":
        return lambda c: c.type == "mtn" and c.size == "X"
    m = re.fullmatch(r"all ((?:\d+-\d+)(?:,? (?:and )?\d+-\d+)*) brigades", t)
    if m:
        faces = set(re.findall(r"\d+-\d+", m.group(1)))
        return lambda c: c.size == "X" and f"{c.front.strength}-{c.front.movement}" in faces
    m = re.fullmatch(r"(infantry|mountain|infantry or mountain) divisions numbered (.+)", t)
    if m:
        types = {"infantry": {"inf"}, "mountain": {"mtn"}}.get(m.group(1), {"inf", "mtn"})
        names: set[str] = set()
        for a, b, word in _DESIG.findall(m.group(2).replace(" and ", ", ")):
            if a:
                names |= {str(n) for n in range(int(a), int(b) + 1)}
            elif word != "and":
                names.add(word)
        return lambda c: c.type in types and c.size == "XX" and c.designation.lower() in names
    m = re.fullmatch(r"(\d+)(?:st|nd|rd|th) cavalry division", t)
    if m:
        return lambda c: c.type == "cav" and c.size == "XX" and c.designation == m.group(1)
    return None


def mobilization_schedule(ctx: CheckContext) -> dict:
    """nation id -> [(date, predicate | "rest" | None)] from the scenario's "Mobilization
    completes <turn> <month> <year> (<nation>): <units>; …" special rules (cached)."""
    hit = ctx.cache.get("mobilization")
    if hit is not None:
        return hit
    out: dict[str, list] = {}
    names = {n.name.lower(): nid for nid, n in ctx.game.nations.items()}
    for r in (ctx.scenario.special_rules if ctx.scenario else ()):
        m = _MOB.search(r.text or "")
        if not m or m.group(4).strip().lower() not in names:
            continue
        date = GameDate(int(m.group(3)), [x.lower() for x in MONTHS].index(m.group(2).lower()) + 1,
                        int(m.group(1)))
        for item in m.group(5).split(";"):
            out.setdefault(names[m.group(4).strip().lower()], []).append(
                (date, _mobilization_item(item)))
    ctx.cache["mobilization"] = out
    return out


def mobilization_date(ctx: CheckContext, counter) -> tuple[GameDate | None, bool]:
    """(the date ``counter`` completes mobilization, whether that is certain); (None, True) when
    the scenario has no schedule for its nation."""
    memo = ctx.cache.get("mobilization-dates")
    if memo is None:
        memo = ctx.cache["mobilization-dates"] = {}
    hit = memo.get(counter.id)
    if hit is None:
        hit = memo[counter.id] = _mobilization_date(ctx, counter)
    return hit


def _mobilization_date(ctx: CheckContext, counter) -> tuple[GameDate | None, bool]:
    entries = mobilization_schedule(ctx).get(counter.nation)
    if not entries:
        return None, True
    dates = [d for d, p in entries if callable(p) and p(counter)]
    if dates:
        return min(dates), True
    rest = [d for d, p in entries if p == "rest"]
    unknown = any(p is None for _, p in entries)
    if rest:
        return min(rest), not unknown
    return None, not unknown


def _maybe_attacked(ctx: CheckContext) -> set:
    hit = ctx.cache.get("mobilization-attacked")          # (no new empty set() per call: asked on every move)
    if hit is None:
        hit = ctx.cache["mobilization-attacked"] = set()
    return hit


def _attacked(ctx: CheckContext) -> set:
    """Units a combat of the log attacked (their mobilization is complete, section 6)."""
    hit = ctx.cache.get("mobilization-attacked-certain")          # (no new empty set() per call: asked on every move)
    if hit is None:
        hit = ctx.cache["mobilization-attacked-certain"] = set()
    return hit


def _note_attackable(ctx: CheckContext, phase: PhaseInfo, *, end: bool = False) -> None:
    """Units adjacent to a unit of the side whose Combat Phase it is may have been attacked, which
    completes their mobilization at once. At the end of the phase, when every die roll of it
    belongs to a combat whose hex is known (the combat records), only the defenders of those
    combats were attacked: the adjacency guesses of the phase are dropped."""
    if phase.kind != "combat" or phase.side is None or phase.date is None:
        return
    if end:
        # the log shows every attack of the phase when each of its die rolls belongs to a combat
        # whose hex is known and no defending unit moved outside those combats (a cavalry
        # retreat before combat, 30-2, has no roll)
        mine = []
        for c in reversed(ctx.combats):            # the newest first: this phase's are last
            if c.date != phase.date:
                break
            if c.phase_id == phase.phase_id:
                mine.append(c)
        moved = ctx.cache.pop(("mobilization-moved", phase.date, phase.phase_id), set())
        in_combat = {m.piece for c in mine for m in c.retreats}
        if all(c.target is not None for c in mine) and moved <= in_combat:
            for c in mine:
                _attacked(ctx).update(d.piece for d in c.defenders)
            pending = ctx.cache.pop(("mobilization-pending", phase.date, phase.phase_id), set())
            _maybe_attacked(ctx).difference_update(pending - _attacked(ctx))
            return
    schedule = mobilization_schedule(ctx)
    last = max((d for entries in schedule.values() for d, _ in entries), default=None)
    if last is None or phase.date >= last:
        return
    seen = _maybe_attacked(ctx)
    waiting = [u for u in ctx.units.values() if is_unit(u) and u.side != phase.side
               and u.hex is not None and u.piece not in seen and u.piece in ctx.at_start
               and (mobilization_date(ctx, u.counter)[0] or phase.date) > phase.date]
    if not waiting:
        return
    attackers = {u.hex for u in ctx.units.values() if is_unit(u) and u.side == phase.side
                 and u.hex is not None}
    pending = ctx.cache.setdefault(("mobilization-pending", phase.date, phase.phase_id), set())
    for u in waiting:
        if any(n in attackers for n in u.hex.neighbours()):
            seen.add(u.piece)
            pending.add(u.piece)


@rule("IF 6", "turn")
def mobilization_attacks_at_start(ctx: CheckContext, old: PhaseInfo, new: PhaseInfo):
    """Scenario mobilization bookkeeping (no finding): who may have been attacked."""
    _note_attackable(ctx, new)
    return ()


@rule("IF 6", "phase_end")
def mobilization_attacks_at_end(ctx: CheckContext, ended: PhaseInfo):
    """Scenario mobilization bookkeeping (no finding): who may have been attacked."""
    _note_attackable(ctx, ended, end=True)
    return ()


@rule("IF 6", "move")
def moves_only_when_mobilized(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """Italian Front May 1915 scenario, section 6: units set up on the map move only once their
    mobilization is complete (the schedule's turn, read from the rule text). Reinforcements are
    mobilized (25-4); a unit that was attacked completes mobilization at once: a defender of a
    combat of the log is mobilized, and a unit that stood next to an enemy unit in an enemy Combat
    Phase with a die roll the log cannot tie to a hex is only *undetermined*."""
    if frm is None or to is None or not is_unit(u):
        return ()
    now = ctx.now
    if now.kind == "combat" and now.side != u.side and now.date is not None:
        ctx.cache.setdefault(("mobilization-moved", now.date, now.phase_id),
                             set()).add(u.piece)
    if now.date is None or now.kind != "movement" or now.side != u.side:
        return ()
    over = ctx.cache.get("mobilization-over")
    if over is None or over[0] is not now:
        # once the schedule's last date is reached every unit is mobilized (each unit's date is
        # one of the schedule's): worked out once per phase
        last = max((d for entries in mobilization_schedule(ctx).values() for d, _ in entries),
                   default=None)
        over = ctx.cache["mobilization-over"] = (now, last is None or now.date >= last)
    if over[1]:
        return ()
    if ctx.at_start.get(u.piece) is None or u.counter.type == "fortress":
        return ()        # not on the map at the start: a reinforcement, mobilized (25-4)
    date, certain = mobilization_date(ctx, u.counter)
    if date is None or now.date >= date or u.piece in _attacked(ctx):
        return ()
    return _unmobilized_move(ctx, u, frm, to, date, certain)


def _unmobilized_move(ctx: CheckContext, u: UnitState, frm: Hex, to: Hex, date, certain: bool):
    """Section 6's finding for a unit that moved before its mobilization date ``date``."""
    if not ctx.once("IF 6", (u.piece, ctx.phase_start_step)):
        return
    what = (f"{u.name} moved {frm}→{to} on {ctx.now.date}; it completes mobilization on {date} "
            f"and may not move before (scenario mobilization schedule)")
    if not certain:
        yield ctx.finding("IF 6", UNDETERMINED, what + " unless a list item the checker does not "
                          "read names it", units=[u], hexes=[frm, to],
                          missing="a mobilization list item in a wording the checker reads")
    elif u.piece in _maybe_attacked(ctx):
        yield ctx.finding("IF 6", UNDETERMINED, what + " unless it was attacked (it stood next to "
                          "an enemy unit in an enemy Combat Phase)", units=[u], hexes=[frm, to],
                          missing="whether the unit was attacked (combat is not in the log)")
    elif not ctx.log_starts_scenario:
        yield ctx.finding("IF 6", UNDETERMINED, what + "; the log does not begin at the "
                          "scenario's start, so an earlier attack on it cannot be ruled out",
                          units=[u], hexes=[frm, to], missing="the game before this log")
    else:
        yield ctx.finding("IF 6", VIOLATION, what, units=[u], hexes=[frm, to], path=[frm, to])


@rule("IF 6", "combat")
def attacks_only_when_mobilized(ctx: CheckContext, c):
    """Italian Front May 1915 scenario, section 6: units set up on the map attack only once their
    mobilization is complete (attacked units complete it at once)."""
    if c.date is None or c.kind not in ("attack", "column"):
        return
    for a in c.attackers:
        u = ctx.units.get(a.piece)
        if u is None or u.counter is None or ctx.at_start.get(u.piece) is None:
            continue
        date, certain = mobilization_date(ctx, u.counter)
        if date is None or c.date >= date or u.piece in _attacked(ctx):
            continue
        what = (f"{u.name} attacks {c.target} on {c.date}; it completes mobilization on {date} "
                f"and may not attack before (scenario mobilization schedule)")
        step = c.declared_step or (c.attack_roll.step if c.attack_roll else None)
        if not certain or u.piece in _maybe_attacked(ctx) or not ctx.log_starts_scenario:
            yield ctx.finding("IF 6", UNDETERMINED, what + " unless it was attacked before",
                              units=[u], hexes=[a.hex, c.target], step=step,
                              missing="whether the unit was attacked earlier (an undeclared "
                                      "combat, or the game before this log)")
        else:
            yield ctx.finding("IF 6", VIOLATION, what, units=[u], hexes=[a.hex, c.target],
                              step=step)
