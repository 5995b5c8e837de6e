"""Fortresses beyond set-up from the log (Standard Rules 21-8, 21-9): a fortress counter leaves
the map, or is replaced by a weaker one of its nation in its hex (21-7 shows a reduced fortress
with another marker).

Outside a Combat Phase (where it is a loss, judged with combat: 13-23, 21-5, 21-10, 21-11) a
fortress may only be abandoned by its owner in his Movement Phase when it is not surrounded
(21-8); reducing it, from the 1st turn of November 1914 and not for Russia, gives RPL SP equal to a
third of the strength removed (21-9: both roundings accepted), placed in its hex. Judged at the end
of the phase, so the replacement counter and the RPL may be placed in any order. 21-1 (never
moves), 21-3 (never attacks) and 21-11 (surrender rolls) are judged by the combat rules.

21-10 (the count the surrender rolls read, no finding): at each end of a Combat Phase, each
fortress of the other side on the map is looked at with the 20-1 search (the fortress itself:
20-9 is about the units with it); a surrounded one has one more consecutive surrounded turn, one
that is not starts over. The count is exact from a log that starts with the scenario; otherwise
(a continuation log, a turn whose Combat Phase the log skips, the turn not read) it is a lower
bound, and where 20-1 is undetermined the streak may have ended: the count is a range
(``rules.fortresses.SurroundedTurns``) and a verdict on it names what is missing.

21-12 (open cities): in August and September 1914 a fortress of strength 8 or less in a city
centre may declare an open city the instant the city is surrounded (no line of communication to
the country's capital that passes an enemy ZOC only where a friendly combat unit stands), faces
more than three times as many enemy SP adjacent as the non-fortress SP in it, or has an enemy
siege artillery unit adjacent: the fortress is removed (in any phase, with no DM lost), and the
other friendly units in the city must leave it at once — still there at the end of the phase
breaks the rule. Declaring is optional ("may"): a fortress that stays is no finding. A removal
where a condition may hold (the capital off the map, strengths under markers) is judged by 21-8
only when 21-8 finds nothing wrong; otherwise it is *undetermined*.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from modgen.check.context import CheckContext, PhaseInfo, UnitState
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION
from modgen.hexgrid import Hex
from ..rules import fortresses as F
from ..tables import SequenceOfPlay
from ._shared import is_unit, kind_of


@dataclass
class _Removal:
    piece: str
    name: str
    nation: str
    side: str
    hex: Hex
    strength: int
    step: int | None
    surrounded: bool | None
    open_city: bool | None = False          # 21-12: True / may be (None) / no
    open_why: str = ""


@dataclass
class _State:
    removed: list = field(default_factory=list)          # [_Removal] this phase
    created: list = field(default_factory=list)          # [(hex, nation, strength, step)] fortresses
    rpl: dict = field(default_factory=dict)              # (hex, nation) -> RPL SP placed this phase


def _state(ctx: CheckContext) -> _State:
    st = ctx.cache.get("fortress-state")
    if st is None:
        st = ctx.cache["fortress-state"] = _State()
    return st


def _fortress(u: UnitState) -> bool:
    return is_unit(u) and u.counter.type == "fortress"


@rule("21-8", "move")
def fortress_leaves_the_map(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """21-8/21-9 bookkeeping: fortresses removed from or placed on the map, RPL placed."""
    if (frm is None) == (to is None) or not is_unit(u):
        return ()        # a move across the map (most calls): nothing to note
    st = _state(ctx)
    if _fortress(u):
        if frm is not None and to is None:
            from .supply import surrounded_state
            probe = UnitState(u.piece, u.unit_id, u.name, u.counter, u.side, u.nation, "Main Map",
                              u.x, u.y, frm)
            # 21-8: "if the fort itself is not considered surrounded by rule 20-1" (20-9 is about
            # the units with it); judged on the positions without the fortress
            s = surrounded_state(ctx, probe).value
            strength = u.counter.front.strength or 0
            oc, why = open_city(ctx, probe, frm, strength)
            st.removed.append(_Removal(u.piece, u.name, u.nation or "", u.side or "", frm,
                                       strength, ctx.step, s, oc, why))
            if oc:
                ctx.cache.setdefault("open-cities", set()).add(u.piece)   # 21-12: no DM
        elif frm is None and to is not None:
            st.created.append((to, u.nation, u.counter.front.strength or 0, ctx.step))
        return
    if (u.counter.rpl or u.counter.type == "rpl") and frm is None and to is not None:
        k = (to, u.nation)
        st.rpl[k] = st.rpl.get(k, 0) + (u.counter.front.strength if not u.reduced or u.counter.back
                                        is None else u.counter.back.strength or 0)
    return ()


@rule("21-8", "phase_end")
def fortress_removals(ctx: CheckContext, ended: PhaseInfo):
    """21-8, 21-9: abandoning or reducing a fortress (module docstring)."""
    st = _state(ctx)
    try:
        for r in st.removed:
            repl = [c for c in st.created if c[0] == r.hex and c[1] == r.nation and c[2] < r.strength]
            partial = bool(repl)
            removed_sp = r.strength - (max(c[2] for c in repl) if repl else 0)
            v = F.removal_allowed(owner_side=r.side, phase_side=ended.side, phase_kind=ended.kind,
                                  surrounded=r.surrounded, date=ended.date, nation=r.nation,
                                  partial=partial)
            what = (f"the fortress {r.name} in {r.hex} is reduced by {removed_sp} SP" if partial
                    else f"the fortress {r.name} in {r.hex} is removed")
            if r.open_city and not partial:
                stay = [u for u in ctx.units_at(r.hex) if is_unit(u) and u.side == r.side
                        and u.counter.type not in ("fortress", "hq")]
                if stay:
                    yield ctx.finding("21-12", VIOLATION, f"{what} as an open city ({r.open_why}), "
                                      f"but {', '.join(u.name for u in stay)} stayed in it; the "
                                      f"other friendly units in the city retreat out of it at once",
                                      units=stay, hexes=[r.hex], side=r.side)
                continue
            if r.open_city is None and not partial and v.allowed is False:
                yield ctx.finding("21-12", UNDETERMINED, f"{what} in the "
                                  f"{ctx.phase_label() or 'phase'}: {v.reason} — unless it is an "
                                  f"open city (21-12), which depends on what is not known",
                                  hexes=[r.hex], side=r.side, step=r.step, missing=r.open_why)
                continue
            if v.allowed is False:
                yield ctx.finding(v.rule, VIOLATION, f"{what} in the {ctx.phase_label() or 'phase'}; "
                                  f"{v.reason}", hexes=[r.hex], side=r.side, step=r.step)
                continue
            if v.allowed is None:
                yield ctx.finding(v.rule, UNDETERMINED, f"{what}; {v.reason} is not known",
                                  hexes=[r.hex], side=r.side, step=r.step,
                                  missing="whether the fortress can trace a line of communication "
                                          "(20-1: friendly map edges and country interiors are not "
                                          "in the map data)")
            if ended.kind == "combat":
                continue
            lo, hi = F.reduction_rpl(removed_sp, date=ended.date, nation=r.nation)
            got = st.rpl.get((r.hex, r.nation), 0)
            if got > hi:
                yield ctx.finding("21-9", VIOLATION, f"{what} and {got} RPL SP are placed there; "
                                  f"21-9 gives one third of the strength removed ({removed_sp}/3: "
                                  f"{lo if lo == hi else f'{lo} or {hi}'})", hexes=[r.hex],
                                  side=r.side, step=r.step)
    finally:
        st.removed.clear()
        st.created.clear()
        st.rpl.clear()


def open_city(ctx: CheckContext, fort: UnitState, h: Hex, strength: int) -> tuple[bool | None, str]:
    """21-12: whether the fortress ``fort`` removed from ``h`` may be an open city now (True), may
    be (None: what decides is not known), or is not (False); and why."""
    mapdef = next((b.mapdef for b in ctx.boards if b.mapdef is not None and b.mapdef.contains(h)),
                  None)
    info = mapdef.hexes.get(h) if mapdef is not None else None
    if info is None or not info.city or not F.open_city_possible(ctx.now.date, strength):
        return False, ""
    side = fort.side
    adjacent = [v for n in h.neighbours() for v in ctx.units_at(n)
                if is_unit(v) and v.side != side and v.counter.type not in ("hq", "fortress")]
    if any(v.counter.type == "siege-art" for v in adjacent):
        return True, "an enemy siege artillery unit is adjacent"
    inside = [v for v in ctx.units_at(h) if is_unit(v) and v.side == side
              and v.counter.type not in ("hq", "fortress")]
    enemy = sum(_strength(v) for v in adjacent)
    own = sum(_strength(v) for v in inside)
    markers = any(v.marker_id is not None and kind_of(ctx, v) == "strength"
                  for x in [h] + h.neighbours() for v in ctx.units_at(x))
    if enemy > 3 * own and not markers:
        return True, f"{enemy} enemy SP adjacent against {own} in the city (more than three times)"
    ratio_open = markers and enemy > 3 * own
    loc = _line_to_capital(ctx, side, h, info.country)
    if loc is False:
        return True, "the city is surrounded: no line of communication to the capital"
    if loc is None or ratio_open:
        return None, ("whether the city can trace a line of communication to its capital (the "
                      "capital is not on the map)" if loc is None else
                      "the strengths under the strength markers (more than three times?)")
    return False, ""


def _strength(u: UnitState) -> int:
    c = u.counter
    face = c.back if u.reduced and c.back is not None else c.front
    return face.strength or 0


def _line_to_capital(ctx: CheckContext, side: str | None, h: Hex, country: str | None,
                     limit: int = 5000) -> bool | None:
    """21-12: a line of communication from ``h`` to a capital hex of ``country`` that passes an
    enemy ZOC only where a friendly combat unit stands; None when no capital of it is on the map."""
    from collections import deque
    from ._shared import board_state, enemy_zoc_hexes
    capitals = {x for b in ctx.boards if b.mapdef is not None
                for x, i in b.mapdef.hexes.items() if i.capital and i.country == country}
    board = board_state(ctx)
    if not capitals or board is None:
        return None
    ezoc = enemy_zoc_hexes(ctx, side)

    def passable(x: Hex) -> bool:
        info = board.hex_info(x)
        if info is None or not getattr(info, "land", True) or board.is_neutral(x):
            return False
        here = [v for v in ctx.units_at(x) if is_unit(v)]
        if any(v.side != side and v.counter.type != "hq" for v in here):
            return False
        return x not in ezoc or any(v.side == side and v.counter.type not in ("hq", "fortress")
                                    for v in here)
    seen, q = {h}, deque([h])
    while q and len(seen) < limit:
        x = q.popleft()
        if x in capitals:
            return True
        for n in x.neighbours():
            if n not in seen and passable(n):
                seen.add(n)
                q.append(n)
    return False if len(seen) < limit else None


def open_city_exit(ctx: CheckContext, u: UnitState, frm: Hex) -> bool:
    """21-12: ``u`` leaves ``frm``, a city whose fortress of its side was removed this phase as
    an open city (or may have been): "other friendly units in the city center must immediately
    retreat out of it", whatever the phase."""
    st = ctx.cache.get("fortress-state")
    return st is not None and any(r.hex == frm and r.side == u.side and r.open_city is not False
                                  for r in st.removed)


# --------------------------------------------------------------------------- 21-10: the count

SIEGE_STATE = "dw-fortress-sieges"


def _siege_state(ctx: CheckContext) -> dict:
    st = ctx.cache.get(SIEGE_STATE)
    if st is None:
        # counts: (side, hex) -> SurroundedTurns of the fortress there; sampled: besieging side ->
        # the turn of its last Combat Phase end looked at
        st = ctx.cache[SIEGE_STATE] = {"counts": {}, "sampled": {}}
    return st


def _unknown_start(ctx: CheckContext) -> F.SurroundedTurns:
    return (F.NEVER_SURROUNDED if ctx.log_starts_scenario else
            F.SurroundedTurns(0, None, "the turns before the log starts (a continuation log: the "
                                       "count of turns surrounded is a lower bound)"))


_RULE_5 = SequenceOfPlay(7, (), ())


def _next_normal_turn(ctx: CheckContext, date):
    """The normal turn after ``date`` by the game's sequence of play (rule 5: the Monthly
    Special Turn has no Combat Phase; 7 normal turns a month when the game gives none)."""
    seq = getattr(ctx.turns, "sequence", None) or _RULE_5
    return seq.next_normal_turn(date)


def surrounded_turns(ctx: CheckContext, fort: UnitState) -> F.SurroundedTurns:
    """21-10: the consecutive turns ``fort`` has been surrounded, as counted at the ends of the
    enemy Combat Phases so far."""
    return _siege_state(ctx)["counts"].get((fort.side, fort.hex)) or _unknown_start(ctx)


def fortress_surrounded(ctx: CheckContext, fort: UnitState):
    """20-1 for the fortress itself on the current positions (``supply.surrounded_state``)."""
    from .supply import surrounded_state
    return surrounded_state(ctx, fort, fortress_itself=True)


@rule("21-10", "phase_end")
def count_surrounded_turns(ctx: CheckContext, ended: PhaseInfo):
    """21-10 bookkeeping (no finding): at the end of a Combat Phase, one more turn surrounded for
    each fortress of the other side that is surrounded (20-1), none for one that is not."""
    if ended.kind != "combat" or ended.side is None:
        return ()
    st = _siege_state(ctx)
    last = st["sampled"].get(ended.side)
    gap = None
    if ended.date is None:
        gap = "the turn of the Combat Phase (not read from the turn tracker)"
    elif last is not None and last != ended.date and _next_normal_turn(ctx, last) != ended.date:
        gap = (f"whether the fortress was surrounded between {last} and {ended.date} (the log "
               f"shows no end of the enemy Combat Phase in between)")
    if ended.date is not None:
        st["sampled"][ended.side] = ended.date
    if last == ended.date and ended.date is not None:
        return ()                 # the same Combat Phase again (the tracker went back): counted
    counts = st["counts"]
    seen = set()
    for u in ctx.units.values():
        if u.hex is None or u.side is None or u.side == ended.side or not _fortress(u):
            continue
        key = (u.side, u.hex)
        if key in seen:
            continue              # two fortress counters in one hex (21-7): one fortress
        seen.add(key)
        prev = counts.get(key) or _unknown_start(ctx)
        if gap is not None:
            prev = F.SurroundedTurns(0, None, gap)
        s = fortress_surrounded(ctx, u)
        why = "" if s.value is not None else (f"whether {u.name} was surrounded at the end of the "
                                              f"enemy Combat Phase of {ended.date} ({s.reason})")
        counts[key] = F.count_surrounded_turn(prev, s.value, why)
    for key in [k for k in counts if k[0] != ended.side and k not in seen]:
        del counts[key]           # the fortress is gone
    return ()


# --------------------------------------------------------------------------- 21-11: the roll owed

@rule("21-11", "turn")
def prone_at_phase_start(ctx: CheckContext, old: PhaseInfo, new: PhaseInfo):
    """21-11 bookkeeping (no finding): at the start of a Combat Phase, the fortresses of the
    other side that may be prone to surrender (21-10: surrounded at the last enemy Combat Phase
    end for certain, and a count that reaches the prone turns), with whether they are surrounded
    now (20-1). Only those counted surrounded are searched: the cost stays with the sieges. A
    fortress in a neutral country's hex (Romania before it joins) is left out: 20-1 rings it in
    with the neutral hexes around it, but it is at war with no one."""
    st = _siege_state(ctx)
    st.pop("start", None)
    if new.kind != "combat" or new.side is None or not st["counts"]:
        return ()
    from ..rules.combat import fortress_prone_turns
    from ._shared import board_state
    board = board_state(ctx)
    owed = []
    for (side, h), turns in st["counts"].items():
        if side == new.side or turns.lo < 1:
            continue
        if board is None or board.is_neutral(h):
            continue                       # a neutral country's fortress is at war with no one
        forts = [u for u in ctx.units_at(h) if _fortress(u) and u.side == side]
        if not forts:
            continue
        strength = max(u.counter.front.strength or 0 for u in forts)
        if turns.hi is not None and fortress_prone_turns(strength, turns.hi) < 1:
            continue                       # not prone over the whole range: no roll owed
        owed.append((h, forts[0].name, side, strength, turns, fortress_surrounded(ctx, forts[0])))
    if owed:
        st["start"] = (ctx.phase_start_step, new.date, owed)
    if st.get("unrolled"):
        # a siege reported goes on being one while the fortress stays prone
        keys = {(side, h) for h, _n, side, *_rest in owed}
        st["unrolled"] = {k for k in st["unrolled"] if k[0] == new.side or k in keys}
    return ()


@rule("21-11", "phase_end")
def unrolled_surrenders(ctx: CheckContext, ended: PhaseInfo):
    """21-11: "When a fortress is 'prone' to surrender, 2 dice are rolled at the start of the
    enemy combat phase". An enemy Combat Phase the log shows from its start to its end with no
    2d6 roll that may be the fortress's (one declared for its hex, or one with no ``!siege``)
    breaks it when the fortress was prone for certain at the start: surrounded then (20-1) and its
    count (21-10) exact or a lower bound that is prone already. Where only part of a bounded
    count's range is prone (20-1 undetermined at an earlier phase end), or 20-1 is undetermined
    at the start, it is *undetermined* (once per fortress). A violation is reported once per
    siege: the next phases it stays prone and unrolled are the same breach. A count with no upper bound (a
    continuation log) is not reported until its lower bound is prone: every ringed fortress of
    such a log would be "perhaps prone". A log that stops in the phase or starts in it is not
    judged: the roll may be in the other part."""
    st = _siege_state(ctx)
    start = st.pop("start", None)
    if start is None or ended.kind != "combat" or start[0] != ctx.phase_start_step:
        return
    from ..rules.combat import fortress_prone_after, fortress_prone_turns
    cs = ctx.cache.get("dw-combat")
    rolls = cs.surrender_rolls if cs is not None and cs.phase_start == ctx.phase_start_step else []
    _step, date, owed = start
    for h, name, side, strength, turns, now in owed:
        if None in rolls or h in rolls:
            st.get("unrolled", set()).discard((side, h))
            continue                       # rolled for it (or perhaps, with no !siege)
        certain = now.value is True and fortress_prone_turns(strength, turns.lo) >= 1
        what = (f"no surrender roll (2d6) for the fortress {name} in {h} in the "
                f"{ended.label or 'enemy Combat Phase'}: a {strength}-SP fortress is prone to "
                f"surrender after {fortress_prone_after(strength)} surrounded turns (21-10), and "
                f"2 dice are rolled for it at the start of each enemy Combat Phase (21-11)")
        count = turns.text()
        if certain:
            unrolled = st.setdefault("unrolled", set())
            if (side, h) not in unrolled:
                unrolled.add((side, h))
                yield ctx.finding("21-11", VIOLATION, f"{what}; it was {count}, prone "
                                  f"{fortress_prone_turns(strength, turns.lo)} (the next enemy "
                                  f"Combat Phases of this siege with no roll are not reported "
                                  f"again)", hexes=[h], side=side, check="combat")
            continue
        if now.value is False or turns.hi is None and fortress_prone_turns(strength,
                                                                         turns.lo) < 1:
            # relieved at the start (its streak may have ended), or a count with no upper bound
            # (a continuation log, a turn the log skips): every fortress ringed since may be
            # prone — not said until its lower bound is (then the violation above)
            continue
        told = st.setdefault("told", set())
        if (side, h) in told:
            continue
        told.add((side, h))
        missing = (turns.why if now.value is True else
                   f"whether {name} was surrounded at the start of the phase ({now.reason})")
        yield ctx.finding("21-11", UNDETERMINED, f"{what}; it was {count}, perhaps prone",
                          hexes=[h], side=side, check="combat",
                          missing=missing or "the turns the fortress has been surrounded (20-1)")
