"""What the Der Weltkrieg checks share: the replayed positions as the ``Board`` of ``rules/``,
units as ``UnitView``, enemy Zones of Control, the game's terrain costs, declarations and scenario
special rules by number.

Marker pieces are read by their ``MarkerKind`` (``entrained``, ``strength``, ``construction``,
``trench``). The order of the pieces inside a VASSAL stack is not used: where it would decide
(which units are under a marker) the finding is undetermined.
"""
from __future__ import annotations

from modgen.check.context import CheckContext, UnitState
from modgen.check.findings import Placeholder
from modgen.hexgrid import Hex

from ..rules import board as board_rules
from ..rules import zoc
from ..rules.terrain import TerrainCosts
from ..rules.units import UnitView


def is_unit(u: UnitState) -> bool:
    return u.counter is not None and u.marker_id is None


_VIEWS: dict = {}


def unit_view(u: UnitState, h: Hex | None = None, entrained: bool = False,
          strength: int | None = None):
    h = h if h is not None else u.hex
    # the counter object itself is part of the key (two games may share counter ids; the cached
    # view keeps its counter alive, so its id cannot be reused)
    key = (u.piece, u.counter.id, id(u.counter), u.side, u.nation, u.reduced, h, u.supply_points,
           entrained, strength)
    v = _VIEWS.get(key)
    if v is None:
        if len(_VIEWS) > 100_000:
            _VIEWS.clear()
        v = _VIEWS[key] = UnitView(u.counter, u.side or "", u.nation or "", reduced=u.reduced,
                                   entrained=entrained, hex=h, strength_override=strength,
                                   supply_points=u.supply_points or 0, piece_id=u.piece)
    return v


def marker_kind(ctx: CheckContext, marker_id: str | None) -> str | None:
    """The ``MarkerDef.kind`` of a marker piece (its MarkerId when the game does not know it)."""
    if marker_id is None:
        return None
    m = ctx.game.markers.get(marker_id)
    return m.kind if m is not None else marker_id


def hex_marker_kinds(ctx: CheckContext, h: Hex | None) -> set[str]:
    if h is None:
        return set()
    return {marker_kind(ctx, v.marker_id) for v in ctx.by_hex.get(h, {}).values()
            if v.marker_id is not None}


def entrained_by_marker(ctx: CheckContext, h: Hex | None) -> bool:
    """7-11: units stacked with an ``entrained`` marker are entrained. The checker does not track
    the order inside a VASSAL stack, so every unit of the marker's hex counts as under it (for the
    rules that read it, no ZOC and no entraining cost, that reading never adds a finding)."""
    return h is not None and "entrained" in hex_marker_kinds(ctx, h)


class LiveBoard:
    """The ``Board`` protocol of ``rules.board`` read straight from the replayed positions (no
    copy per move)."""

    def __init__(self, ctx: CheckContext, mapdef):
        self.ctx = ctx
        self.map = mapdef
        # what ``ctx.mapdef()`` is worked out from (the boards list and the game, neither ever
        # replaced during a check): ``board_state`` hands this board out while both stay
        self.boards, self.game = ctx.boards, ctx.game
        # countries of the game's nations that a scenario keeps neutral for now (a game's
        # scenario rules set ``ctx.cache["neutral-nations"]``: Bulgaria before 11-51, …)
        self.neutral_key = ctx.cache.get("neutral-nations")
        self.neutral = board_rules.neutral_countries(ctx.game, mapdef) | frozenset(self.neutral_key or ())
        self._kinds = {mid: m.kind for mid, m in ctx.game.markers.items()}
        # hex -> the hexes a unit there controls (rules.zoc: the map and this board's neutral
        # countries decide it)
        self.zoc_memo: dict = {}
        # the map's own look-ups, bound here: the searches call them some 90,000 times a check
        # (the methods below stay for readers of the class)
        self.hex_info = mapdef.hexes.get
        self.hexside = mapdef.hexside
        self._markers_at: dict = {}
        self._units_at: dict = {}

    def hex_info(self, h: Hex):
        return self.map.hexes.get(h)

    def hexside(self, a: Hex, b: Hex):
        return self.map.hexside(a, b)

    # the searches ask for the same hexes over and over between two changes of the position:
    # the answers for a hex are kept while its ``ctx.hex_stamp`` stays (the engine moves it on when
    # a piece enters or leaves the hex, or a unit there flips or its SupplyPoints change); the
    # list of occupied hexes while ``ctx.version`` does
    _version = None

    def markers(self, h: Hex):
        if h not in self.ctx.marker_hexes:
            return ()                  # most hexes hold no marker
        stamp = self.ctx.hex_stamp.get(h, 0)
        hit = self._markers_at.get(h)
        if hit is not None and hit[0] == stamp:
            return hit[1]
        out = tuple(self._kinds.get(u.marker_id, u.marker_id)
                    for u in self.ctx.by_hex.get(h, {}).values() if u.marker_id is not None)
        self._markers_at[h] = (stamp, out)
        return out

    def units(self, h: Hex):
        stamp = self.ctx.hex_stamp.get(h, 0)
        hit = self._units_at.get(h)
        if hit is not None and hit[0] == stamp:
            return hit[1]
        here = self.ctx.by_hex.get(h)
        if not here:
            out = ()
        else:
            ent = h in self.ctx.marker_hexes and any(
                self._kinds.get(u.marker_id, u.marker_id) == "entrained"
                for u in here.values() if u.marker_id is not None)
            # unit_view's own look-up, inline (a hex is read afresh after every move into it)
            views = _VIEWS
            out = []
            for u in here.values():
                c = u.counter
                if c is None or u.marker_id is not None:
                    continue
                v = views.get((u.piece, c.id, id(c), u.side, u.nation, u.reduced, u.hex,
                               u.supply_points, ent, None))
                out.append(v if v is not None else unit_view(u, entrained=ent))
            out = tuple(out)
        self._units_at[h] = (stamp, out)
        return out

    def all_units(self):
        if self._version != self.ctx.version:
            self._version = self.ctx.version
            self._hexes = sorted(self.ctx.by_hex)
        for h in self._hexes:
            yield from self.units(h)

    def is_neutral(self, h: Hex) -> bool:
        info = self.map.hexes.get(h)
        return bool(info and info.country and info.country in self.neutral)


def board_state(ctx: CheckContext):
    """The Board of the current positions (a live view over ``ctx.by_hex``)."""
    b = ctx.cache.get("live-board")
    if b is not None and b.boards is ctx.boards and b.game is ctx.game \
            and b.neutral_key is ctx.cache.get("neutral-nations"):
        return b                       # asked ~20,000 times a check: the same map as before
    mapdef = ctx.mapdef()
    if mapdef is None:
        return None
    if b is None or b.map is not mapdef or b.neutral_key is not ctx.cache.get("neutral-nations"):
        b = ctx.cache["live-board"] = LiveBoard(ctx, mapdef)
    return b


def enemy_zoc_hexes(ctx: CheckContext, side: str | None) -> set[Hex]:
    """Hexes in the ZOC of ``side``'s enemies (cached while the enemies' positions stay put)."""
    if side is None:
        return set()
    # a scenario's neutral countries (10-6) and hexes its rules keep clear of the enemy's ZOC
    # ("zoc-excluded": Romania 13-3) change without a move: part of the key
    excluded = ctx.cache.get(("zoc-excluded", side))
    extra = (id(ctx.cache.get("neutral-nations")), id(excluded))
    hit = ctx.cache.get(("ezoc", side))
    if hit is not None and hit[2] == ctx.version and hit[3] == extra:
        return hit[1]                  # nothing moved or changed since it was worked out
    # no enemy unit and no marker has entered, left or changed hex since (only the side's own
    # units moved, as in its Movement Phase): the enemy positions below are the same
    # (every entry only grows, so the other sides' sum stays put exactly when each entry does)
    sv = ctx.side_version
    moved = sum(sv.values()) - sv.get(side, 0)
    if hit is not None and hit[4] == moved and hit[3] == extra:
        ctx.cache[("ezoc", side)] = (hit[0], hit[1], ctx.version, extra, moved)
        return hit[1]
    b = board_state(ctx)
    z = frozenset(_enemy_zoc_kept(ctx, b, side)) if b is not None else frozenset()
    if excluded:
        z = z - excluded
    if hit is not None and hit[3] == extra and hit[1] == z:
        z = hit[1]                     # the enemies moved and came back: the same answer
    ctx.cache[("ezoc", side)] = (None, z, ctx.version, extra, moved)
    return z


def _enemy_zoc_kept(ctx: CheckContext, board: "LiveBoard", side: str) -> frozenset[Hex]:
    """``rules.zoc.enemy_zoc`` of the live board, joining only the ZOCs of the hexes where an
    enemy of ``side`` exerts one, in the same (sorted) order: the same set. Whether a hex's units
    exert one (10-2/10-3, 7-11 an entrained marker there) is kept while its ``ctx.hex_stamp``
    stays (a piece in or out, a flip): after an enemy move only the hexes it left and entered are
    looked at again."""
    memo = ctx.cache.get(("ezoc-hexes", side))
    if memo is None or memo[0] is not board:
        memo = ctx.cache[("ezoc-hexes", side)] = (board, {}, {})
    exerts, joined = memo[1], memo[2]
    stamps = ctx.hex_stamp
    here = []
    for h in ctx.by_hex:
        st = stamps.get(h, 0)
        e = exerts.get(h)
        if e is None or e[0] != st:
            e = exerts[h] = (st, any(u.side != side and zoc.exerts_zoc(u) for u in board.units(h)))
        if e[1]:
            here.append(h)
    if len(exerts) > 4 * len(ctx.by_hex) + 1000:
        for h in [h for h in exerts if h not in ctx.by_hex]:
            del exerts[h]
    here.sort()
    # the same exerting hexes as at an earlier call (enemies that moved away and back, or into a
    # hex that already exerted one): the set joined then, in the same order
    key = tuple(here)
    hit = joined.get(key)
    if hit is not None:
        return hit
    out: set[Hex] = set()
    for h in here:
        out |= zoc._zoc_hexes(board, h)
    out = frozenset(out)
    if len(joined) >= 4096:
        joined.clear()
    joined[key] = out
    return out


_costs_cache: dict[int, object] = {}


def terrain_costs(ctx: CheckContext):
    tec = ctx.game.tables.get("tec") if ctx.game.tables else None
    if tec is None:
        return None
    key = id(tec)
    if key not in _costs_cache:
        try:
            _costs_cache[key] = TerrainCosts.from_tec(tec)
        except (TypeError, ValueError, KeyError):
            _costs_cache[key] = None
    return _costs_cache[key]


def declared(ctx: CheckContext, keyword: str, u: UnitState):
    """Declarations of ``keyword`` this phase that name unit ``u``."""
    out = []
    start = ctx.phase_start_step
    for d in reversed(ctx.declarations.by_keyword.get(keyword, ())):
        if d.step is None or start is None or d.step < start:
            break                      # log order: the rest are older still
        if unit_matches(d.unit or "", u):
            out.append(d)
    out.reverse()
    return out


def unit_matches(ref: str, u: UnitState) -> bool:
    """A typed unit reference ("35 Inf XX", "it-inf-xx-35", "35") names ``u``."""
    r = " ".join(ref.lower().split())
    if not r:
        return False
    if r in (u.unit_id.lower(), u.name.lower()):
        return True
    return u.counter is not None and r == u.counter.designation.lower()


def special_rule(ctx: CheckContext, number: str):
    """The scenario's special rule numbered ``number`` (``SpecialRule``), or None."""
    sc = ctx.scenario
    if sc is None:
        return None
    # asked on every move by several rules: the first rule of each number, read once
    hit = ctx.cache.get("special-rules")
    if hit is None or hit[0] is not sc or hit[1] is not sc.special_rules:
        first: dict = {}
        for r in sc.special_rules:
            first.setdefault(r.number, r)
        hit = ctx.cache["special-rules"] = (sc, sc.special_rules, first)
    return hit[2].get(number)


def register_hook(ctx: CheckContext, name: str, fn) -> None:
    """A game's scenario rule takes part in a Standard-Rule check (its ``setup`` registers it):
    ``hook(ctx, name, …)`` asks every function registered under ``name`` in turn."""
    fns = ctx.cache.setdefault("scenario-hooks", {}).setdefault(name, [])
    if fn not in fns:
        fns.append(fn)


def hook(ctx: CheckContext, name: str, *args):
    """The first truthy answer of the scenario rules registered under ``name``, else None.

    ``"claim-attack"`` ``(ctx, declaration)``: an ``!attack`` that is no Standard-Rule combat
    (Serbia August 1914 3-1: fire from Belgrade on a passing flotilla; 36-7 interdiction), which
    the rule then checks itself; ``"claim-roll"`` ``(ctx, roll)``: a die roll it reads;
    ``"ignored-defender"`` ``(ctx, combat, unit)``: a unit in the hex attacked that takes no part
    in the combat (Serbia October 1915 10-4: Greek units while Greece is neutral);
    ``"may-supply"`` ``(ctx, hq, unit)``: a scenario's permission for an HQ to pay for a unit that
    the Standard Rules forbid, as ``(Permission, missing)`` (Galicia 7-8); ``"no-city-dm"``
    ``(ctx, hex, hex_info, urban)``: a city hex (or, ``urban``, one of its urban hexsides) whose
    capture yields no DM under a scenario rule (the duration games' 11-34 and 11-35);
    ``"explained-loss"`` ``(ctx, unit)``: a Movement-Phase loss of ``unit`` another rule checks
    (36-7: the unit was interdicted), no unexplained 13-21 loss; ``"crt-multiplier"``
    ``(ctx, combat)``: the attacking CRT result multiplied, as ``(factors, term, missing)``
    (Brusilov 6-4: tripled); ``"movement-combat"`` ``(ctx, hex)``: a loss in ``hex`` in a
    Movement Phase is a combat loss for the DM (26-3: 36-7's interdiction)."""
    for fn in ctx.cache.get("scenario-hooks", {}).get(name, ()):
        out = fn(ctx, *args)
        if out:
            return out
    return None


def arrival_explained(ctx: CheckContext, u: UnitState, to: Hex) -> str | None:
    """Why a unit the reinforcement schedule does not date came onto the map in ``to`` by a
    scenario rule that checks the arrival itself (Tannenberg 3-2, the return from off-map rail,
    a combination, …): the game's scenario rules register ``fn(ctx, u, to) -> str | None`` in
    ``ctx.cache["arrival-rules"]``. None when no rule claims it."""
    for fn in ctx.cache.get("arrival-rules", ()):
        why = fn(ctx, u, to)
        if why:
            return why
    return None


def placeholder_ma(u: UnitState) -> str | None:
    """Why the Movement Allowance of the face of ``u`` showing is a placeholder (a verdict that
    rests on it is never a violation), or None when it is printed (``Counter.placeholder``: a
    unit the rulebook names without values, an HQ's MA from the counter file's ``hq_movement``)."""
    c = u.counter
    return c.placeholder("movement", bool(u.reduced)) if c is not None else None


def circle_placeholders(counter, name: str) -> tuple:
    """The full-strength circle of ``counter`` as a ``findings.Placeholder`` when the data say it
    is one (``Counter.placeholder("full_strength")``: not printed, the front strength stands in),
    else (): a verdict resting on the circle (27-3, 23-4, 30-1, 13-23, 33-3, 33-4, 33-8, 33-9)
    declares it."""
    if counter is None:
        return ()
    why = counter.placeholder("full_strength")
    if why is None:
        return ()
    n = counter.circle
    return (Placeholder(f"full-strength circle {n if n is not None else '?'} of {name}", why),)


def placeholder_inputs(u: UnitState, *values: str, strength: int | None = None) -> tuple:
    """The placeholder values of ``u`` among ``values`` ("movement", "strength") of the face
    showing, as ``findings.Placeholder``s a finding declares (``ctx.finding(placeholders=…)``);
    ``strength`` overrides the value shown (under strength markers)."""
    c = u.counter
    if c is None:
        return ()
    face = c.back if u.reduced and c.back is not None else c.front
    out = []
    for value in values:
        why = c.placeholder(value, bool(u.reduced))
        if why is None:
            continue
        n = face.movement if value == "movement" else (face.strength if strength is None
                                                        else strength)
        label = "MA" if value == "movement" else "strength"
        side = " (reduced side)" if u.reduced and c.back is not None else ""
        out.append(Placeholder(f"{label} {n if n is not None else '?'} of {u.name}{side}", why))
    return tuple(out)
