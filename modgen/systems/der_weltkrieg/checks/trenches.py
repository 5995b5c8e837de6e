"""Trenches beyond set-up from the log (Standard Rules 22-1..22-5, 22-10, 22-12, 22-14; optional
22-22): the Construction, Trench and Devastation marker pieces (MarkerKind ``construction``,
``trench``, ``devastation``).

Each marker gets a *home*: the hex it was placed in (or stood in at the log's start). Placing
one is judged at once (22-1 phase, builder and 22-2 terrain for a Construction marker; 22-5 a
Trench marker only completes a construction; 22-10 a Devastation marker only replaces a trench);
what a marker does later is judged at the end of each phase, so a player who drags a stack with
its marker and puts the marker back gets no finding: a marker that ends the phase away from home
broke 22-3 (Construction) or 22-5 (Trench); a marker left where no trench-capable unit of its
builder's side stands broke 22-4 (from the 1st turn of April 1915 a vacated Trench stays, 22-12,
but one occupied by the builder's enemy becomes Devastation, 22-10/22-12); at the end of the
Trench Construction Completion Phase no Construction marker is left (22-5) and no Devastation
marker shares a hex with a completed trench (22-14). The Italian Front's 3-6 is judged by the
Italian Front rules. "Front line" (22-9, 22-11) is advisory.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from modgen.check.context import CheckContext, PhaseInfo, UnitState
from modgen.check.engine import rule
from modgen.check.findings import VIOLATION
from modgen.hexgrid import Hex
from ..rules import trenches as T
from ._shared import is_unit, kind_of, optional_rule

KINDS = ("construction", "trench", "devastation")


@dataclass
class _Marker:
    kind: str
    home: Hex
    owner: str | None            # side that built it (None: not known)
    placed_step: int | None = None
    seq: int = 0                 # its place in ``_State.markers`` (insertion order)


@dataclass
class _State:
    markers: dict = field(default_factory=dict)        # piece -> _Marker
    had: dict = field(default_factory=dict)             # (kind, hex) -> owner, seen this phase
    started: bool = False                               # play has begun (set-up placements before)
    dirty: set = field(default_factory=set)             # hexes whose pieces changed this phase
    stays: object = None                                # 22-12's answer at the last phase end
    # indexes of ``markers`` (kept by _put/_drop/_rehome), so that a placement or a phase end
    # looks only at the hexes it touches, not at every marker on the map:
    homes: dict = field(default_factory=dict)           # hex -> {piece: None} whose home it is
    of_kind: dict = field(default_factory=dict)         # kind -> {piece: None}
    completed: dict = field(default_factory=dict)       # hex -> Trench markers placed in play there
    # the markers a Completion Phase's end must judge again though their hex did not change: not
    # judged yet, or judged without a builder (22-4 finds them again at every such phase end);
    # every other marker's verdict stands while its hex holds the same pieces
    watch: dict = field(default_factory=dict)           # piece -> None
    seq: int = 0


def _state(ctx: CheckContext) -> _State:
    st = ctx.cache.get("trench-state")
    if st is None:
        st = ctx.cache["trench-state"] = _State()
    return st


def _index(st: _State, piece, m: _Marker) -> None:
    st.homes.setdefault(m.home, {})[piece] = None
    st.of_kind.setdefault(m.kind, {})[piece] = None
    if m.kind == "trench" and m.placed_step is not None:
        st.completed[m.home] = st.completed.get(m.home, 0) + 1


def _unindex(st: _State, piece, m: _Marker) -> None:
    d = st.homes.get(m.home)
    if d is not None:
        d.pop(piece, None)
        if not d:
            del st.homes[m.home]
    st.of_kind.get(m.kind, {}).pop(piece, None)
    if m.kind == "trench" and m.placed_step is not None:
        c = st.completed.get(m.home, 0) - 1
        if c > 0:
            st.completed[m.home] = c
        else:
            st.completed.pop(m.home, None)


def _put(st: _State, piece, m: _Marker) -> None:
    """``st.markers[piece] = m`` with the indexes kept (a piece already there keeps its place)."""
    old = st.markers.get(piece)
    if old is not None:
        _unindex(st, piece, old)
        m.seq = old.seq
    else:
        st.seq += 1
        m.seq = st.seq
    st.markers[piece] = m
    st.watch[piece] = None
    _index(st, piece, m)


def _drop(st: _State, piece) -> _Marker | None:
    m = st.markers.pop(piece, None)
    if m is not None:
        _unindex(st, piece, m)
        st.watch.pop(piece, None)
    return m


def _rehome(st: _State, piece, m: _Marker, h: Hex) -> None:
    _unindex(st, piece, m)
    m.home = h
    _index(st, piece, m)


def _first(st: _State, kind: str, h: Hex) -> _Marker | None:
    """The first marker (in ``st.markers``' order) of ``kind`` whose home is ``h``: among the
    few whose home it is (``st.homes``)."""
    best = None
    for piece in st.homes.get(h, ()):
        m = st.markers[piece]
        if m.kind == kind and (best is None or m.seq < best.seq):
            best = m
    return best


def _builders(ctx: CheckContext, h: Hex, side: str | None = None) -> list[UnitState]:
    return [u for u in ctx.units_at(h) if is_unit(u) and T.is_trench_builder(u.counter.type,
                                                                               rpl=u.counter.rpl)
            and (side is None or u.side == side)]


def _owner(ctx: CheckContext, h: Hex) -> str | None:
    sides = {u.side for u in _builders(ctx, h)}
    return sides.pop() if len(sides) == 1 else None


@rule("22-1", "setup")
def trench_markers_at_start(ctx: CheckContext):
    """22 bookkeeping: the markers of the begin state and their builders."""
    st = _state(ctx)
    for u in ctx.units.values():
        k = kind_of(ctx, u)
        if k in KINDS and u.hex is not None:
            _put(st, u.piece, _Marker(k, u.hex, _owner(ctx, u.hex)))
            st.had[(k, u.hex)] = st.markers[u.piece].owner
    st.started = not ctx.log_starts_scenario
    return ()


@rule("22-1", "move")
def trench_marker_placed(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """22-1, 22-2, 22-5, 22-10: a Construction marker is placed in the Trench Construction
    Initiation Phase (22-22: at the start of a player's turn when ``!optional 22-22``) under a
    trench-capable unit, not where mountain or swamp alone lies between the hex and the adjacent
    enemy units; a Trench marker only completes a construction in the Completion Phase; a
    Devastation marker only replaces a trench, from the 1st turn of April 1915."""
    st = _state(ctx)
    if frm is not None:
        st.dirty.add(frm)
    if to is not None:
        st.dirty.add(to)
    if u.marker_id is None:
        # a unit (or an unknown piece): only its move across the map counts, as play begun (asked
        # on every move: no generator for it)
        if not st.started and frm is not None and to is not None and frm != to and is_unit(u):
            st.started = True
        return ()
    k = kind_of(ctx, u)
    if k not in KINDS:
        return ()
    return _marker_moved(ctx, st, u, frm, to, k)


def _marker_moved(ctx: CheckContext, st: _State, u: UnitState, frm, to, k: str):
    """22-1, 22-5, 22-10's findings for a Construction, Trench or Devastation marker moved from
    ``frm`` to ``to`` (either None: placed or removed)."""
    if to is None:
        m = _drop(st, u.piece)
        if m is not None:
            st.had[(m.kind, m.home)] = m.owner
        return
    if frm is not None:
        return                          # a move: judged at the end of the phase (22-3, 22-5)
    if not st.started:
        _put(st, u.piece, _Marker(k, to, _owner(ctx, to), ctx.step))
        return                          # set-up placements before play begins
    name = ctx.phase_label() or "this phase"
    if k == "construction":
        builders = _builders(ctx, to)
        owner = _owner(ctx, to) if builders else None
        _put(st, u.piece, _Marker(k, to, owner or ctx.now.side, ctx.step))
        ok = T.construction_phase_ok(ctx.now.phase_id, getattr(ctx.now.phase, "name", ""),
                                     optional_22_22=optional_rule(ctx, "22-22"),
                                     first_phase_of_side=ctx.now.kind == "reinforcement")
        if ok is False:
            yield ctx.finding("22-1", VIOLATION, f"a Construction marker is placed in {to} in the "
                              f"{name}; construction begins in the Trench Construction Initiation "
                              f"Phase of the Monthly Special Turn (optional 22-22 when declared: "
                              f"!optional 22-22)", hexes=[to], units=builders)
        if not builders:
            yield ctx.finding("22-1", VIOLATION, f"a Construction marker is placed in {to}, where no "
                              f"Infantry, Assault, Mountain or Marine unit stands", hexes=[to])
            return
        yield from _terrain_22_2(ctx, to, builders)
    elif k == "trench":
        con = _first(st, "construction", to)
        had = ("construction", to) in st.had
        completion = "completion" in f"{ctx.now.phase_id} {getattr(ctx.now.phase, 'name', '')}".lower()
        owner = con.owner if con else st.had.get(("construction", to))
        _put(st, u.piece, _Marker(k, to, owner if (con or had) else _owner(ctx, to), ctx.step))
        if completion and (con or had):
            return
        if ("trench", to) in st.had:
            st.markers[u.piece].owner = st.had[("trench", to)]
            return                      # a trench removed and put back this phase: a correction
        why = ("no construction was begun there" if completion else
               "Trench markers replace Construction markers in the Trench Construction Completion "
               "Phase")
        yield ctx.finding("22-5", VIOLATION, f"a Trench marker is placed in {to} in the {name}; "
                          f"{why} (22-1, 22-5)", hexes=[to], units=_builders(ctx, to))
    else:
        trench = _first(st, "trench", to)
        _put(st, u.piece, _Marker(k, to, trench.owner if trench else None, ctx.step))
        if ("devastation", to) in st.had:
            return                      # removed and put back this phase: a correction
        if not trench and ("trench", to) not in st.had:
            yield ctx.finding("22-10", VIOLATION, f"a Devastation marker is placed in {to}, where no "
                              f"trench stood; devastation replaces a trench (22-10, 22-11, 22-12)",
                              hexes=[to])
        elif T.becomes_devastation(ctx.now.date) is False:
            yield ctx.finding("22-10", VIOLATION, f"a Devastation marker replaces the trench in {to} "
                              f"on {ctx.now.date}; trenches become devastation only from the 1st "
                              f"turn of April 1915 (before, 22-4 removes them)", hexes=[to])


def _terrain_22_2(ctx: CheckContext, h: Hex, builders: list[UnitState]):
    mapdef = ctx.mapdef()
    if mapdef is None:
        return
    side = builders[0].side
    enemies = [n for n in h.neighbours()
               if any(is_unit(v) and v.side != side for v in ctx.units_at(n))]

    def terrain(a, b):
        s = mapdef.hexside(a, b)
        return s.terrain if s is not None else None
    blocked = T.blocked_by_terrain(T.terrains_to_enemies(h, enemies, terrain))
    if blocked:
        label = "marsh (swamp)" if blocked == "swamp" else blocked
        yield ctx.finding("22-2", VIOLATION, f"a Construction marker is placed in {h}: {label} is the "
                          f"only terrain between it and the enemy in "
                          f"{', '.join(str(e) for e in enemies)}; no trench may be built there",
                          hexes=[h] + enemies, units=builders)


@rule("22-4", "phase_end")
def trench_markers_at_phase_end(ctx: CheckContext, ended: PhaseInfo):
    """22-3, 22-4, 22-5, 22-10/22-12, 22-14 at the end of every phase (module docstring)."""
    st = _state(ctx)
    st.started = True
    completion = "completion" in f"{ended.phase_id} {getattr(ended.phase, 'name', '')}".lower()
    date = ended.date
    stays = T.trench_stays_when_vacated(date)
    # only markers whose hex changed can change their verdict, unless the date crossed April 1915
    # (every marker is judged again) or the phase is a Completion Phase (every marker is, but
    # only those watched or in a changed hex can give a finding: _State.watch)
    everything = completion or stays != st.stays
    full = stays != st.stays
    st.stays = stays
    dirty, st.dirty = st.dirty, set()
    watch = st.watch
    if full:
        mine = st.markers.items()
    else:
        # only the markers whose hex or home changed (most phase ends: none), found through the
        # indexes of the dirty hexes: the markers at home there, and those standing there now
        # (``by_hex`` holds every piece of ``ctx.units`` by its hex)
        found = dict(watch) if everything else {}
        markers, homes, by_hex = st.markers, st.homes, ctx.by_hex
        for h in dirty:
            d = homes.get(h)
            if d:
                found.update(d)
            d = by_hex.get(h)
            if d:
                for piece in d:
                    if piece in markers:
                        found[piece] = None
        mine = [(piece, markers[piece]) for piece in found]
    for piece, m in sorted(mine):
        u = ctx.units.get(piece)
        if u is None or u.hex is None:
            continue
        if not everything and u.hex not in dirty and m.home not in dirty:
            continue
        if u.hex != m.home:
            rule_no = "22-3" if m.kind == "construction" else "22-5"
            what = ("Construction markers may not be moved from the hex in which they are placed"
                    if m.kind == "construction" else
                    "a trench is built where a construction completes, it does not move")
            if m.kind != "devastation":
                yield ctx.finding(rule_no, VIOLATION, f"the {m.kind.title()} marker of {m.home} "
                                  f"ends the phase in {u.hex}; {what}", hexes=[m.home, u.hex],
                                  path=[m.home, u.hex])
            _rehome(st, piece, m, u.hex)
        if m.kind == "devastation":
            watch.pop(piece, None)
            continue
        if m.kind == "construction" or stays is False:
            if _builders(ctx, u.hex, m.owner):
                watch.pop(piece, None)
            else:
                watch[piece] = None
                who = f" of the {ctx.side_name(m.owner)}" if m.owner else ""
                if ctx.once("22-4", (piece, u.hex, ended.phase_id, str(date))):
                    yield ctx.finding("22-4", VIOLATION, f"the {m.kind.title()} marker in {u.hex} is "
                                      f"in a hex without a unit{who} capable of trench construction "
                                      f"at the end of the phase; it is removed at once",
                                      hexes=[u.hex])
        else:
            watch.pop(piece, None)      # 22-12 reports a hex once: judged again only if it changes
            if not (stays and m.owner is not None):
                continue
            hostile = [v for v in ctx.units_at(u.hex) if is_unit(v) and v.side is not None
                       and v.side != m.owner and v.counter.type not in ("hq",)]
            if hostile and ctx.once("22-12", (piece, u.hex)):
                yield ctx.finding("22-12", VIOLATION, f"the trench in {u.hex}, built by the "
                                  f"{ctx.side_name(m.owner)}, is occupied by "
                                  f"{', '.join(v.name for v in hostile)}; from April 1915 it becomes "
                                  f"a Devastation marker (22-10, 22-12)", units=hostile,
                                  hexes=[u.hex])
    if completion:
        of_kind = st.of_kind
        for piece in sorted([*of_kind.get("construction", ()), *of_kind.get("devastation", ())]):
            m = st.markers[piece]
            u = ctx.units.get(piece)
            if u is None or u.hex is None:
                continue
            if m.kind == "construction":
                yield ctx.finding("22-5", VIOLATION, f"the Construction marker in {u.hex} is still on "
                                  f"the map after the Trench Construction Completion Phase; it is "
                                  f"replaced by a Trench marker", hexes=[u.hex])
            elif m.kind == "devastation" and st.completed.get(u.hex):
                yield ctx.finding("22-14", VIOLATION, f"the Devastation marker in {u.hex} stays beside "
                                  f"the completed trench; a completed construction replaces it",
                                  hexes=[u.hex])
    st.had.clear()
