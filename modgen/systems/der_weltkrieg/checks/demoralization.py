"""Demoralization Points per nation from the log (26-1..26-5, 37-6; duration games: starting
DM, IF 15-8 DM income, national morale 15-9, 15-10), and the record of who occupied which hex
(the victory conditions' control, read by ``end_of_game``).

What counts as a loss (26-3 "lost in combat"):

* in a Combat Phase: a unit flipped to its reduced side (front − back SP; flipping back is a
  correction and gives them back), a strength-reduction marker placed (−1: 1 SP; ½: half of a unit
  in the hex — which one the log does not say, so a range), a unit eliminated (its strength, less
  what markers in its hex may already have taken: a range), a fortress replaced by a weaker one
  or removed (its SP, 1 DM each);
* in any phase: an Army HQ (size XXXX) or an Engineer unit sent to the Eliminated box (10 / 2 DM);
  a unit eliminated outside a Combat Phase while surrounded (20-13: destroyed in a pocket) at the
  surrendered rate; other removals outside a Combat Phase (withdrawals, recombination,
  breakdown, voluntary fortress removal) are not losses;
* 2× (cavalry and artillery 4×) the rate for SP lost while surrounded (20-1); when the log does not
  say whether the unit was surrounded the DM are a range.

Cities: 15 DM when a unit of the enemy side first enters a city hex (a capital's personnel centre
counts double, 37-6 German cities double); a city hex with an urban hexside counts its urban
hexsides instead (25 each, when units of the enemy side stand in both of its hexes). Cities held
by the enemy at the log's start are not counted again; when the log does not begin at the
scenario's start, "first occupied" is not known and the DM are a range.

Units that surrendered while surrounded are never rebuilt (20-4, 20-6); an HQ or Engineer
destroyed reappears three full months later (IF 15-1, duration games).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from modgen.check.context import DEAD_PILE, CheckContext, PhaseInfo, UnitState
from modgen.check.engine import rule
from modgen.hexgrid import Hex
from modgen.model.types import GameDate

from ..rules import demoralization as D
from ..rules import morale as M
from ..rules.demoralization import Span
from ._shared import duration_game, is_unit, kind_of
from .common import hook


@dataclass
class GameRecord:
    ledger: D.DmLedger = field(default_factory=D.DmLedger)
    last: dict = field(default_factory=dict)           # hex -> (side, step) of the last occupant
    at_start: dict = field(default_factory=dict)       # hex -> side occupying it at the start
    ever: dict = field(default_factory=dict)           # side -> set of hexes it has occupied
    first: dict = field(default_factory=dict)          # (side, hex) -> first turn occupied
    cities_taken: set = field(default_factory=set)     # city hexes / urban hexsides already counted
    urban_taken: set = field(default_factory=set)
    flips: dict = field(default_factory=dict)          # piece -> net SP lost by flips this combat phase
    surrender_year: dict = field(default_factory=dict)
    surrendered: dict = field(default_factory=dict)    # counter id -> step it surrendered (20-4)
    destroyed: dict = field(default_factory=dict)      # HQ / Engineer counter id -> turn destroyed
    morale: M.MoraleTracker | None = None
    dm_income_dates: set = field(default_factory=set)


def game_state(ctx: CheckContext) -> GameRecord:
    g = ctx.cache.get("end-state")
    if g is None:
        g = ctx.cache["end-state"] = GameRecord()
    return g


def is_ground_unit(u: UnitState) -> bool:
    return is_unit(u) and u.counter.type != "hq"


def country_side(ctx: CheckContext, h: Hex) -> str | None:
    mapdef = map_of(ctx, h)
    info = mapdef.hexes.get(h) if mapdef is not None else None
    if info is None or not info.country or info.country not in ctx.game.nations:
        return None
    return ctx.game.side_of(info.country)


def map_of(ctx: CheckContext, h: Hex):
    """The map data of ``h``: in a game of several sheets the rules' hexes are theatre hexes, and
    each board's own map data is in its sheet's local numbering (a local 2802 exists on every
    sheet), so the sheets joined on the theatre lattice answer (``CheckContext.mapdef``)."""
    th = getattr(ctx.game, "theatre", None)
    if th is not None and th.multi:
        md = ctx.mapdef()
        return md if md is not None and h in md.hexes else None
    for b in ctx.boards:
        if b.mapdef is not None and b.mapdef.contains(h):
            return b.mapdef
    return None


def occupant(ctx: CheckContext, h: Hex) -> str | None:
    sides = {u.side for u in ctx.units_at(h) if is_ground_unit(u) and u.side is not None}
    return sides.pop() if len(sides) == 1 else None


def _strength(u: UnitState) -> int:
    c = u.counter
    face = c.back if u.reduced and c.back is not None else c.front
    return face.strength or 0


def _marker_spread(ctx: CheckContext, h: Hex | None) -> int:
    """SP the strength markers in ``h`` may already have taken from one unit there (13-22): −1
    markers count 1, ½ markers up to half of the strongest unit."""
    if h is None:
        return 0
    out = 0
    top = max((_strength(u) for u in ctx.units_at(h) if is_ground_unit(u)), default=0)
    for v in ctx.by_hex.get(h, {}).values():
        if kind_of(ctx, v) == "strength":
            out += 1 if (v.marker_value or "").strip() == "-1" else -(-top // 2)
    return out


def lost_surrounded(ctx: CheckContext, u: UnitState) -> bool | None:
    """Whether a loss of ``u`` now counts as a loss while surrounded (2×, 26-3; a surrender,
    20-4): it is surrounded (20-1), or it retreated into an empty enemy-controlled hex and makes
    the 14-9 Column Attack ("all losses … are considered to have surrendered")."""
    from .retreat_column import surrendered_loss
    from .supply import is_surrounded
    return True if surrendered_loss(ctx, u.piece) else is_surrounded(ctx, u)


def _in_combat(ctx: CheckContext, h: Hex | None) -> bool:
    """A loss now is a combat loss (26-3): in a Combat Phase, or in a Movement Phase in a hex of
    a Column Attack of this phase (16-1: the combat rules' records) or of a unit another rule's
    attack hit (the ``movement-combat`` hook: 36-7's interdiction)."""
    k = ctx.now.kind
    if k == "combat":
        return True
    if k != "movement" or h is None:
        return False
    from .common import hook
    if hook(ctx, "movement-combat", h):
        return True                  # another rule's attack in a Movement Phase (36-7)
    for c in reversed(getattr(ctx, "combats", None) or []):
        if getattr(c, "kind", None) != "column" or getattr(c, "phase_id", None) != ctx.now.phase_id \
                or getattr(c, "date", None) != ctx.now.date:
            if getattr(c, "date", None) != ctx.now.date:
                break
            continue
        if c.target == h or any(a.hex == h for a in c.attackers):
            return True
    return False


@rule("26-4", "setup")
def start_of_game(ctx: CheckContext):
    """26 bookkeeping: who holds each hex and each enemy city at the start; the starting DM of a
    duration game (4-1, 7-1, …)."""
    g = game_state(ctx)
    for h in list(ctx.by_hex):
        s = occupant(ctx, h)
        if s is not None:
            g.at_start[h] = s
            g.last[h] = (s, None)
            g.ever.setdefault(s, set()).add(h)
            if ctx.now.date is not None:
                g.first.setdefault((s, h), ctx.now.date)
            own = country_side(ctx, h)
            if own is not None and own != s:
                g.cities_taken.add(h)        # already held by the enemy: not "first occupied" now
    ctx.cache.setdefault("arrival-rules", []).append(_hq_returns_as_reinforcement)
    return ()


def _hq_returns_as_reinforcement(ctx: CheckContext, u: UnitState, to: Hex) -> str | None:
    """IF 15-1 (duration games): a destroyed HQ or Engineer "reappears as a reinforcement" — in
    its side's Reinforcement Arrival Phase, not rebuilt in a Replacement Phase (23-3); when it is
    back too early is judged by ``_back_after_three_months``."""
    if u.counter is None or u.counter.type not in ("hq", "eng") or not duration_game(ctx):
        return None
    if ctx.now.kind != "reinforcement" or ctx.now.side != u.side:
        return None
    return "IF 15-1: a destroyed HQ or Engineer reappears as a reinforcement"


def dm_start(ctx: CheckContext, g: GameRecord) -> None:
    sc = ctx.scenario
    if sc is None or (g.ledger.starting and (g.morale is not None or not sc.morale)) \
            or not duration_game(ctx):
        return           # nothing (left) to start (asked on every move)
    if not g.ledger.starting:
        g.ledger.starting = dict(sc.starting_dm)
    if g.morale is None and sc.morale:
        g.morale = M.MoraleTracker({t.nation: t for t in sc.morale})
        ctx.cache["morale-tracker"] = g.morale


@rule("26-3", "flip")
def flip_losses(ctx: CheckContext, u: UnitState, before, after):
    """26-3: SP lost in combat by flipping to the reduced side (a flip back is a correction)."""
    if not is_ground_unit(u) or u.counter.back is None or not _in_combat(ctx, u.hex):
        return
    front, back = u.counter.front.strength or 0, u.counter.back.strength or 0
    sp = front - back
    if sp <= 0:
        return
    g = game_state(ctx)
    sign = 1 if (after or 1) >= 2 > (before or 1) else -1 if (before or 1) >= 2 > (after or 1) else 0
    if not sign:
        return
    s = lost_surrounded(ctx, u) if sign > 0 else False
    reason = f"{u.name} flipped in {u.hex}" if sign > 0 else f"{u.name} flipped back in {u.hex}"
    if sign > 0:
        g.ledger.unit_loss(u.nation or "", u.counter.type, Span(sp, sp), surrounded=s,
                           step=ctx.step, turn=str(ctx.now.date) if ctx.now.date else None,
                           reason=reason)
    else:
        g.ledger.add(D.DmItem(u.nation or "", Span(-sp * D.PER_SP[D.loss_category(u.counter.type)][0],
                                                    -sp * D.PER_SP[D.loss_category(u.counter.type)][0]),
                              "26-3", f"{reason} (a correction)", ctx.step, None, "loss",
                              Span(-sp, -sp)))
    return ()


@rule("26-3", "move")
def losses_and_occupation(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """26-3, 26-4: eliminations, strength markers, HQs and Engineers lost; cities first occupied;
    who occupies each hex (control for the victory conditions)."""
    g = game_state(ctx)
    dm_start(ctx, g)
    if u.marker_id is not None:
        if kind_of(ctx, u) == "strength" and (frm is None) != (to is None) \
                and _in_combat(ctx, to if to is not None else frm):
            _marker_loss(ctx, g, u, to if to is not None else frm, placed=to is not None)
        return ()
    if u.counter is None:
        return ()
    if to is not None:
        if frm is None and frm_map == DEAD_PILE:
            return _rebuilt(ctx, g, u, to)
        # a move or a placement (most calls): bookkeeping only, no generator
        _occupied(ctx, g, u, to)
        return ()
    if frm is not None:
        _left_the_map(ctx, g, u, frm)
    return ()


def _rebuilt(ctx: CheckContext, g: GameRecord, u: UnitState, to: Hex):
    """20-6 / IF 15-1's findings for a unit back from the Eliminated box in ``to``; then it
    occupies ``to``."""
    if u.unit_id in g.surrendered:
        from modgen.check.findings import VIOLATION
        yield ctx.finding("20-6", VIOLATION, f"{u.name} comes back from the Eliminated box in "
                          f"{to}; it surrendered while surrounded (step "
                          f"{g.surrendered[u.unit_id]}) and may not be rebuilt (20-4, 20-6)",
                          units=[u], hexes=[to])
    if u.unit_id in g.destroyed and duration_game(ctx):
        yield from _back_after_three_months(ctx, g, u, to)
    _occupied(ctx, g, u, to)


def _occupied(ctx: CheckContext, g: GameRecord, u: UnitState, to: Hex) -> None:
    """26-3/26-4 bookkeeping: a unit (not a marker) entered ``to``: who occupies it, first
    occupations, cities taken."""
    s = u.side
    if s is not None and is_ground_unit(u):
        g.last[to] = (s, ctx.step)
        ever = g.ever.get(s)
        if ever is None:
            ever = g.ever[s] = set()
        ever.add(to)
        if ctx.now.date is not None:
            g.first.setdefault((s, to), ctx.now.date)
        _city(ctx, g, u, to)


def _left_the_map(ctx: CheckContext, g: GameRecord, u: UnitState, frm: Hex) -> None:
    """26-3 bookkeeping: the unit left the map from ``frm``: eliminated (Eliminated box) or
    deleted."""
    date = str(ctx.now.date) if ctx.now.date else None
    eliminated = u.map == DEAD_PILE
    t = u.counter.type
    nation = u.nation or u.counter.nation
    if t in ("hq", "eng") and eliminated and isinstance(ctx.now.date, GameDate):
        g.destroyed[u.unit_id] = ctx.now.date            # IF 15-1: back three full months later
    if t == "hq":
        if eliminated and u.counter.size == "XXXX":
            g.ledger.army_hq_lost(nation, u.name, step=ctx.step, turn=date)
        return
    if t == "eng":
        if eliminated or _in_combat(ctx, frm):
            g.ledger.engineer_lost(nation, u.name, step=ctx.step, turn=date)
        return
    sp = _strength(u)
    if t == "fortress":
        if _in_combat(ctx, frm) and u.piece not in ctx.cache.get("open-cities", ()):   # 21-12
            g.ledger.unit_loss(nation, t, Span(sp, sp), surrounded=False, step=ctx.step, turn=date,
                               reason=f"fortress {u.name} in {frm} reduced or removed")
            # a weaker replacement placed in the hex gives its SP back (handled on placement)
        return
    probe = UnitState(u.piece, u.unit_id, u.name, u.counter, u.side, u.nation, "Main Map", u.x,
                      u.y, frm)
    surrounded = lost_surrounded(ctx, probe)
    spread = min(_marker_spread(ctx, frm), sp)
    if surrounded is True and eliminated:
        g.surrendered[u.unit_id] = ctx.step          # 20-4: removed while surrounded = surrendered
    if _in_combat(ctx, frm):
        g.ledger.unit_loss(nation, t, Span(sp - spread, sp), surrounded=surrounded, step=ctx.step,
                           turn=date, reason=f"{u.name} eliminated in {frm}", rpl=u.counter.rpl)
    elif surrounded is not False and eliminated:
        # 20-13: destroyed in a pocket outside combat: lost while surrounded (2×, 4×)
        cat = D.loss_category(t)
        hi = D.PER_SP[cat][1] * sp
        dm = Span(hi if surrounded else 0, hi)
        g.ledger.add(D.DmItem(nation, dm, "26-3, 20-13", f"{u.name} eliminated in {frm} outside "
                              f"combat while {'surrounded' if surrounded else 'perhaps surrounded'}",
                              ctx.step, date, "loss", Span(sp if surrounded else 0, sp)))


def return_date(destroyed: GameDate) -> GameDate:
    """IF 15-1 (WE-SC-01): an HQ or Engineer destroyed on a turn reappears "three full months"
    later, on the next turn of the third month after (destroyed 3 September → 4 December)."""
    m = destroyed.month + 3
    y = destroyed.year + (m - 1) // 12
    m = (m - 1) % 12 + 1
    if destroyed.turn >= 7:
        return GameDate(y + (m // 12), m % 12 + 1, 1)
    return GameDate(y, m, destroyed.turn + 1)


def _back_after_three_months(ctx: CheckContext, g: GameRecord, u: UnitState, to: Hex):
    from modgen.check.findings import VIOLATION
    due = return_date(g.destroyed[u.unit_id])
    now = ctx.now.date
    if isinstance(now, GameDate) and now < due:
        yield ctx.finding("IF 15-1", VIOLATION, f"{u.name} is back in {to} on {now}; destroyed on "
                          f"{g.destroyed[u.unit_id]}, it reappears as a reinforcement three full "
                          f"months later, on {due}", units=[u], hexes=[to])


def _marker_loss(ctx: CheckContext, g: GameRecord, u: UnitState, h: Hex, *, placed: bool):
    units = [v for v in ctx.units_at(h) if is_ground_unit(v) and v.counter.type != "fortress"]
    if not units:
        return ()
    minus = (u.marker_value or "").strip() == "-1"
    strengths = [_strength(v) for v in units]
    lo, hi = (1, 1) if minus else (min(s // 2 for s in strengths), max(-(-s // 2) for s in strengths))
    nations = {v.nation for v in units}
    date = str(ctx.now.date) if ctx.now.date else None
    sign = 1 if placed else -1
    what = f"{'-1' if minus else '1/2'} strength marker {'placed' if placed else 'removed'} in {h}"
    for n in sorted(nations, key=str):
        theirs = [v for v in units if v.nation == n]
        cats = {D.loss_category(v.counter.type) for v in theirs}
        sur = {lost_surrounded(ctx, v) for v in theirs}
        per_lo = min(D.PER_SP[c][0 if False in sur or None in sur else 1] for c in cats)
        per_hi = max(D.PER_SP[c][1 if True in sur or None in sur else 0] for c in cats)
        share = Span(lo if len(nations) == 1 else 0, hi)
        dm = Span(share.lo * per_lo, share.hi * per_hi)
        if sign < 0:
            dm, share = Span(-dm.hi, -dm.lo), Span(-share.hi, -share.lo)
        g.ledger.add(D.DmItem(n or "", dm, "26-3", what, ctx.step, date, "loss", share))
    return ()


def _city_hex(ctx: CheckContext, h: Hex):
    """Map data of ``h`` for ``_city``: (its map, its HexInfo, the side of its country, its urban
    neighbours), or None when it is no hex of a nation of the game; kept per hex for the check
    (asked on every move)."""
    memo = ctx.cache.get("city-hexes")
    if memo is None or memo[0] is not ctx.boards:
        memo = ctx.cache["city-hexes"] = (ctx.boards, {})
    hit = memo[1].get(h, memo)
    if hit is not memo:
        return hit
    mapdef = map_of(ctx, h)
    info = mapdef.hexes.get(h) if mapdef is not None else None
    if info is None or not info.country or info.country not in ctx.game.nations:
        out = None
    else:
        out = (mapdef, info, ctx.game.side_of(info.country),
               tuple(n for n in h.neighbours() if (s := mapdef.hexside(h, n)) is not None
                     and s.terrain == "urban"))
    memo[1][h] = out
    return out


def _city(ctx: CheckContext, g: GameRecord, u: UnitState, h: Hex) -> None:
    hit = _city_hex(ctx, h)
    if hit is None:
        return
    mapdef, info, owner, urban = hit
    if owner == u.side:
        return
    for n in urban:
        key = frozenset((h, n))
        if key in g.urban_taken:
            continue
        if occupant(ctx, n) == u.side:
            g.urban_taken.add(key)
            if hook(ctx, "no-city-dm", h, info, True):
                continue                  # a scenario rule: no DM for it (EF 11-34, 11-35)
            g.ledger.city_occupied(info.country, f"{h}|{n}", capital=info.capital,
                                   urban_hexside=True, first=True if ctx.log_starts_scenario else None,
                                   step=ctx.step, turn=str(ctx.now.date) if ctx.now.date else None)
    if info.city and not urban and h not in g.cities_taken:
        g.cities_taken.add(h)
        if hook(ctx, "no-city-dm", h, info, False):
            return
        g.ledger.city_occupied(info.country, info.name or str(h), capital=info.capital,
                               first=True if ctx.log_starts_scenario else None, step=ctx.step,
                               turn=str(ctx.now.date) if ctx.now.date else None)


@rule("26-3", "move", moves=["arrivals"])
def fortress_replacement(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """26-3: a weaker fortress counter placed in a Combat Phase where one was removed: only the
    difference was lost (21-7)."""
    if frm is not None or to is None or not is_unit(u) or u.counter.type != "fortress" \
            or not _in_combat(ctx, to):
        return ()
    g = game_state(ctx)
    sp = u.counter.front.strength or 0
    g.ledger.add(D.DmItem(u.nation or "", Span(-sp, -sp), "26-3", f"fortress {u.name} placed in "
                          f"{to} (the reduced strength)", ctx.step, None, "loss", Span(-sp, -sp)))
    return ()


@rule("26-1", "declare")
def declared_dm(ctx: CheckContext, d):
    """26-1: DM for events outside the game, declared with ``!dm <nation> <points> [reason]``."""
    if d.keyword != "dm":
        return
    g = game_state(ctx)
    nation = d.args[0]
    match = [n for n in ctx.game.nations if n == nation or ctx.game.nations[n].name.lower() == nation]
    if not match:
        from modgen.check.findings import WARNING
        yield ctx.finding("26-1", WARNING, f"!dm names {nation!r}, which is no nation of the game")
        return
    pts = int(d.args[1])
    g.ledger.add(D.DmItem(match[0], Span(pts, pts), "26-1", f"declared: {d.args[2] or d.text}",
                          ctx.step, str(ctx.now.date) if ctx.now.date else None, "declared"))


@rule("15-8", "turn")
def duration_dm_and_morale(ctx: CheckContext, old: PhaseInfo, new: PhaseInfo):
    """Duration games (``!duration``): the scenario's DM income each Monthly Special Turn (IF 15-8)
    and national morale (26-5; IF 15-9, 15-10) when the turn changes."""
    g = game_state(ctx)
    dm_start(ctx, g)
    d = new.date
    if not duration_game(ctx) or not isinstance(d, GameDate):
        return
    sc = ctx.scenario
    if g.morale is not None and isinstance(old.date, GameDate) and old.date != d:
        # DM of the phase that ended were suffered on its turn: a state they reach is reached
        # then (11-55: "in the course of the 3 Jun 1916 turn … 'Shaken'"), not on the next turn
        _update_morale(g, old.date)
    if isinstance(old.date, GameDate) and old.date != d:
        from .vp_schedule import dm_history_at
        dm_history_at(ctx, old.date)         # VP area 6: DM by turn where thresholds have no year
    if d.turn == 0 and d not in g.dm_income_dates and sc is not None:
        g.dm_income_dates.add(d)
        for inc in sc.dm_income:
            if (not inc.years or d.year in inc.years) and (inc.start is None or d >= inc.start):
                g.ledger.add(D.DmItem(inc.nation, Span(inc.dm, inc.dm), inc.rule,
                                      f"{inc.rule}: Monthly Special Turn {d.month_name} {d.year}",
                                      ctx.step, str(d), "income"))
    if g.morale is not None:
        _update_morale(g, d)
    return ()


def _update_morale(g: GameRecord, d: GameDate) -> None:
    for nation in g.morale.thresholds:
        total = g.ledger.total([nation], include_start=True)
        for state, sure in g.morale.update(nation, total, d):
            if state == M.SURRENDER and sure:
                g.surrender_year.setdefault(nation, d.year)
