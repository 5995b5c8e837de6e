"""RPL exchanges of the Eastern Front's nation rules (003 45-4, 47-3), declared with
``!exchange <unit>`` (docs/declarations-eastern-front.md).

45-4: "The Central Powers player may replace German 5-4 RPL divisions in Bulgaria for Bulgarian
RPL units. For each German 5-4, the Central Powers player receives three strength points of
Bulgarian RPL units in exchange." 47-3: "The Entente player may replace Russian 3-3 RPL divisions
in Romania for Romanian RPL units. For each Russian 3-3, the Entente player receives three
strength points of Romanian RPL units in exchange."

The log shows an exchange only as one RPL counter leaving and others arriving, which RPL
reinforcements could explain as well; the player says which it is (``!exchange`` before the
swap, naming the division given up or its hex). Judged:

* at the declaration: the unit is an RPL division of the giving nation, of the printed strength
  and movement (a German 5-4, a Russian 3-3: the front face; one showing its reduced side is
  *undetermined*, 45-4 does not say whether a reduced 5-4 may go), in the receiving country;
* at the end of the phase: the division is off the map; the receiving nation's RPL units placed
  in the phase hold at most 3 SP per exchange (more, in a Reinforcement Arrival Phase whose
  schedule may give that nation RPL, is *undetermined*; the Bulgarian and Romanian RPL counters'
  strengths are placeholders, so on the data as shipped a surplus is *undetermined*, naming
  them). Fewer is no finding (the player may take the rest later; the rules do not say when).

No phase is prescribed (the rules say "may replace"), nor where the new units stand; the units
placed are not unscheduled reinforcements (25-1, 25-2: the ``arrival-rules``), the division
removed is no unexplained loss (13-21), and the 3 SP count as RPL the nation received (its RPL
income account, 25-1).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from modgen.check.context import DEAD_PILE, CheckContext, PhaseInfo, UnitState
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION, WARNING

from .checks import common as RP
from .checks.common import is_unit, register_hook


@dataclass(frozen=True)
class ExchangeRule:
    number: str
    gives: str                      # nation of the RPL division given up
    strength: int                   # its printed strength and movement ("a German 5-4")
    movement: int
    country: str                    # where it must stand ("in Bulgaria")
    receives: str                   # nation of the RPL units received
    words: tuple[str, str, str]     # the rule's words: giver, receiver (adjectives), country
    sp: int = 3                     # "three strength points"


#: 45-4 and 47-3 as printed (003:L1073, L1091)
EXCHANGES = (ExchangeRule("45-4", "germany", 5, 4, "bulgaria", "bulgaria",
                          ("German", "Bulgarian", "Bulgaria")),
             ExchangeRule("47-3", "russia", 3, 3, "romania", "romania",
                          ("Russian", "Romanian", "Romania")))
STATE = "ef-exchanges"


@dataclass
class Exchange:
    rule: ExchangeRule
    piece: str
    name: str
    step: int
    phase: int
    kind: str
    legal: bool = True
    placed: list = field(default_factory=list)      # pieces of the receiving nation's RPL placed


def _state(ctx: CheckContext) -> list[Exchange]:
    return ctx.cache.setdefault(STATE, [])


def _this_phase(ctx: CheckContext) -> list[Exchange]:
    return [e for e in _state(ctx) if e.phase == ctx.phase_start_step]


def _rpl(u: UnitState) -> bool:
    return u.counter is not None and (u.counter.rpl or u.counter.type == "rpl")


def _on_map(u: UnitState | None) -> bool:
    return u is not None and u.hex is not None and u.map != DEAD_PILE


@rule("45-4", "setup")
def exchange_hooks(ctx: CheckContext):
    """Bookkeeping (no finding): the arrivals and removals of a declared exchange are its own."""
    ctx.cache.setdefault("arrival-rules", []).append(_arrival)
    register_hook(ctx, "explained-loss", _removal)
    return ()


def _arrival(ctx: CheckContext, u: UnitState, to) -> str | None:
    for e in _this_phase(ctx):
        if e.legal and u.nation == e.rule.receives and _rpl(u):
            if u.piece not in e.placed:
                e.placed.append(u.piece)
            return e.rule.number
    return None


def _removal(ctx: CheckContext, u: UnitState) -> str | None:
    return next((e.rule.number for e in _this_phase(ctx) if e.piece == u.piece), None)


def _resolve(ctx: CheckContext, d) -> list[UnitState]:
    """The RPL divisions of a giving nation the declaration names (a hex: those in it)."""
    givers = {r.gives for r in EXCHANGES}
    pool = [u for u in ctx.units.values() if is_unit(u) and _on_map(u) and _rpl(u)
            and u.nation in givers]
    if d.hexes:
        return sorted((u for u in pool if u.hex == d.hexes[0]), key=lambda u: u.piece)
    return sorted((u for u in pool if RP.unit_matches(d.unit or "", u)), key=lambda u: u.piece)


@rule("45-4", "declare")
def exchange_declared(ctx: CheckContext, d):
    """45-4 / 47-3: ``!exchange`` names a German 5-4 RPL division in Bulgaria or a Russian 3-3
    RPL division in Romania (module docstring)."""
    if d.keyword != "exchange":
        return
    used = {e.piece for e in _state(ctx)}
    hits = [u for u in _resolve(ctx, d) if u.piece not in used]
    if not hits:
        yield ctx.finding("declaration", WARNING, f"!exchange: no German or Russian RPL division on "
                          f"the map is named so (or each was exchanged already): {d.text!r}",
                          check="declarations", step=d.step)
        return
    # the one in the country of its rule first (a name such as "RPL Inf XX" fits both nations)
    mapdef = ctx.mapdef()

    def country(u):
        info = mapdef.hexes.get(u.hex) if mapdef is not None else None
        return info.country if info is not None else None

    rules = {r.gives: r for r in EXCHANGES}
    hits.sort(key=lambda u: country(u) != rules[u.nation].country)
    u = hits[0]
    r = rules[u.nation]
    e = Exchange(r, u.piece, u.name, d.step or 0, ctx.phase_start_step, ctx.now.kind)
    _state(ctx).append(e)
    face = u.counter.back if u.reduced and u.counter.back is not None else u.counter.front
    printed = f"{r.words[0]} {r.strength}-{r.movement} RPL division"
    where = country(u)
    if face.strength != r.strength or face.movement != r.movement:
        if u.reduced and u.counter.front.strength == r.strength:
            yield ctx.finding(r.number, UNDETERMINED, f"{u.name} in {u.hex} is exchanged showing "
                              f"its reduced side ({face.strength}-{face.movement}); {r.number} "
                              f"exchanges {printed}s", units=[u], hexes=[u.hex], side=u.side,
                              step=d.step, missing=f"whether a reduced {r.strength}-{r.movement} "
                                                   f"may be exchanged ({r.number} does not say)")
        else:
            e.legal = False
            yield ctx.finding(r.number, VIOLATION, f"{u.name} in {u.hex} is a "
                              f"{face.strength}-{face.movement}; {r.number} exchanges only "
                              f"{printed}s", units=[u], hexes=[u.hex], side=u.side, step=d.step)
            return
    if where != r.country:
        e.legal = False
        cname = r.words[2]
        yield ctx.finding(r.number, VIOLATION, f"{u.name} in {u.hex} ({where or 'no country'}) "
                          f"was exchanged; {r.number} exchanges {printed}s in {cname} only",
                          units=[u], hexes=[u.hex], side=u.side, step=d.step)
        return
    # 25-1: the RPL SP received count in the nation's RPL income account
    from .checks.supply_ledger import ledger
    led = ledger(ctx)
    lo, hi = led.rpl_available.get(r.receives, (0, 0))
    led.rpl_available[r.receives] = (lo + r.sp, hi + r.sp)
    if r.number not in led.rpl_rules.setdefault(r.receives, []):
        led.rpl_rules[r.receives].append(r.number)


@rule("45-4", "phase_end")
def exchanges_at_phase_end(ctx: CheckContext, ended: PhaseInfo):
    """45-4 / 47-3: the division exchanged has left the map; the RPL units received hold at most
    3 SP per exchange."""
    mine = [e for e in _this_phase(ctx) if e.legal]
    st = _state(ctx)
    by_rule: dict[str, list[Exchange]] = {}
    for e in mine:
        by_rule.setdefault(e.rule.number, []).append(e)
        u = ctx.units.get(e.piece)
        if _on_map(u):
            yield ctx.finding(e.rule.number, VIOLATION, f"{e.name} was exchanged ({e.rule.number}, "
                              f"step {e.step}) but is still on the map in {u.hex} at the end of "
                              f"the {ctx.phase_label()}; the division is replaced by the "
                              f"{e.rule.words[1]} RPL units", units=[u],
                              hexes=[u.hex], side=u.side, step=e.step)
    for number, es in sorted(by_rule.items()):
        r = es[0].rule
        pieces = dict.fromkeys(p for e in es for p in e.placed)
        placed = [ctx.units[p] for p in pieces if p in ctx.units and _on_map(ctx.units[p])]
        total = 0
        ph = []
        for u in placed:
            face = u.counter.back if u.reduced and u.counter.back is not None else u.counter.front
            total += face.strength or 0
            ph += list(RP.placeholder_inputs(u, "strength"))
        allowed = r.sp * len(es)
        if total <= allowed:
            continue
        names = ", ".join(sorted(u.name for u in placed))
        msg = (f"{r.words[1]} RPL units of {total} SP ({names}) were placed for {len(es)} exchange"
               f"{'s' if len(es) > 1 else ''} ({number}); each gives three strength points")
        sc = ctx.scenario
        scheduled = ended.kind == "reinforcement" and sc is not None and any(
            inc.nation == r.receives and any(it.rpl_sp for it in inc.items)
            for inc in sc.supply_income)
        if scheduled:
            yield ctx.finding(number, UNDETERMINED, msg, units=placed, side=placed[0].side,
                              placeholders=tuple(ph),
                              missing="which of the RPL units placed are the scheduled RPL "
                                      "reinforcements of this phase")
        else:
            yield ctx.finding(number, VIOLATION, msg, units=placed, side=placed[0].side,
                              placeholders=tuple(ph))
    st.clear()

