"""The Austro-Hungarian sphere of influence (East Front Duration Game, 003 11-26..11-30): how many
German units may operate in it, judged from the positions at the end of every phase.

11-26: the sphere is "all of original Austro-Hungarian territory, Serbia, Romania, Albania, and
any hex outside of these areas that is two hexes or less away from an active rail line belonging
to the Austro-Hungarian rail network" (the hex's country; an Operative rail hex of the A-H network,
``checks.rail``'s networks with the lines made Inoperative, 9-3). 11-27: "Headquarters, Artillery,
and Engineers do not count ... Cavalry divisions and other non-divisional units (brigades and
regiments) count as half divisions. RPL units count as full divisions, as do divisions of any
reduced strength." 11-28: "up to four divisions may be exchanged ... The four German divisions
exchanged to Austro-Hungarian control may only operate on map 5-5 (Galicia)." 11-29: "When
Austria-Hungary has accumulated 250 Demoralization Points, an additional twelve German divisions
may operate within the ... 'Sphere of Influence'. These twelve divisions may only be present for
a six month period. The clock ... begins with the start of the next turn after Austria-Hungary
has taken the 250 DM." 11-30: "Once Austria-Hungary suffers 'Shaken National Moral', there is no
limit" (the Central Powers player may trigger it himself by raising the A-H DM: ``!dm``).

So, with *g* the German divisions (11-27's count) in the sphere on map 5-5 and *x* those in it
elsewhere: before 250 A-H DM at most 4 on 5-5 and none elsewhere (11-28); in the six months of
11-29, up to 12 more anywhere; from Shaken (11-38: 550) any number. Which four divisions are the
exchanged ones does not matter for the count. The A-H DM are the DM ledger's (the scenario's
starting DM and those of the log: a range where markers or a continuation log leave them open):
a verdict the range decides is *undetermined*. The rules do not say when the count is taken: at
the end of every phase (as stacking), once per turn and rule.
"""
from __future__ import annotations

from modgen.check.context import DEAD_PILE, CheckContext, PhaseInfo, UnitState
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION
from modgen.model.types import GameDate

from .checks.common import board_state, is_unit
from .eastern_front import data

SMALL = ("X", "III", "II", "I")


def weight(u: UnitState, d: dict) -> float:
    """11-27: how many divisions ``u`` counts as (0 for HQs, artillery and engineers)."""
    c = u.counter
    if c.type in d.get("free_types", ()):
        return 0.0
    if c.rpl or c.type == "rpl":
        return 1.0
    if c.type == "cav" or c.size in SMALL:
        return 0.5
    return 1.0


def _network_hexes(ctx: CheckContext, nation: str) -> frozenset:
    """The Operative rail hexes of ``nation``'s network now (9-1, 9-3)."""
    from .checks.rail import _networks, rail_inoperative
    from .rules.rail import hex_has_rail
    board = board_state(ctx)
    if board is None:
        return frozenset()
    key = ("ef-11-26-network", nation, frozenset(rail_inoperative(ctx)))
    hit = ctx.cache.get(key)
    if hit is None:
        nets = _networks(ctx, board)
        md = ctx.mapdef()
        hit = frozenset(h for h in md.hexes if hex_has_rail(board, h) and nets.network(h) == nation)
        ctx.cache[key] = hit
    return hit


def in_sphere(ctx: CheckContext, h, d: dict) -> bool:
    """11-26: ``h`` is in the Austro-Hungarian sphere of influence."""
    md = ctx.mapdef()
    info = md.hexes.get(h) if md is not None else None
    if info is not None and info.country in d["countries"]:
        return True
    rails = _network_hexes(ctx, d["rail_network"])
    return any(x in rails for x in h.within(int(d["rail_range"])))


def _on_sheet(ctx: CheckContext, h, sheet: str) -> bool:
    th = getattr(ctx.game, "theatre", None)
    if th is None:
        return True
    return any(s == sheet for s, _local in th.locals(h))


def _plus_months(d: GameDate, months: int) -> GameDate:
    m = d.month - 1 + months
    return GameDate(d.year + m // 12, m % 12 + 1, d.turn)


def _next_turn(ctx: CheckContext, d: GameDate) -> GameDate:
    seq = ctx.game.tables.get("sequence") if ctx.game.tables else None
    return seq.next_turn(d) if seq is not None and hasattr(seq, "next_turn") else d


def _state(ctx: CheckContext) -> dict:
    return ctx.cache.setdefault("ef-11-26", {"maybe": None, "sure": None})


def _shaken(ctx: CheckContext, nation: str, dm) -> bool | None:
    from .checks.supply_ledger import shaken_nations
    if nation in shaken_nations(ctx):
        return True
    sc = ctx.scenario
    limit = next((m.shaken for m in (getattr(sc, "morale", None) or ())
                  if m.nation == nation and m.shaken is not None), None)
    if limit is None:
        return None
    return True if dm.lo >= limit else None if dm.hi >= limit else False


@rule("EF 11-28", "phase_end")
def german_units_in_the_ah_sphere(ctx: CheckContext, ended: PhaseInfo):
    """11-26..11-30: the German divisions in the Austro-Hungarian sphere of influence at the end
    of the phase (module docstring)."""
    d = data(ctx, "11-26")
    if d is None or ended.date is None or ctx.mapdef() is None:
        return
    from .eastern_front_entry import _dm_now, nation_dm
    nation, guest = d["nation"], d["guest"]
    dm = _dm_now(ctx, nation)
    st = _state(ctx)
    # 11-29: the turn the 250 DM were (possibly / surely) taken
    if st["maybe"] is None and dm.hi >= int(d["dm"]):
        st["maybe"] = ended.date
    if st["sure"] is None and dm.lo >= int(d["dm"]):
        st["sure"] = ended.date
    shaken = _shaken(ctx, nation, dm)
    if shaken is True:
        return
    g = x = 0.0
    inside: list[UnitState] = []
    for u in ctx.units.values():
        if not is_unit(u) or u.nation != guest or u.hex is None or u.map == DEAD_PILE:
            continue
        w = weight(u, d)
        if not w or not in_sphere(ctx, u.hex, d):
            continue
        inside.append(u)
        if _on_sheet(ctx, u.hex, d["exchanged_sheet"]):
            g += w
        else:
            x += w
    exchanged, extra = int(d["exchanged"]), int(d["extra"])
    excess = max(0.0, g - exchanged) + x
    if excess <= 0:
        return
    now, months = ended.date, int(d["months"])
    early = _next_turn(ctx, st["maybe"]) if st["maybe"] is not None else None
    late = _next_turn(ctx, st["sure"]) if st["sure"] is not None else None
    extra_sure = late is not None and late <= now < _plus_months(early, months)
    extra_maybe = early is not None and early <= now and (late is None or now < _plus_months(late, months))
    if extra_sure and excess <= extra:
        return
    inside.sort(key=lambda u: u.piece)
    adj = ctx.game.nations[guest].adjective if guest in ctx.game.nations else guest
    what = (f"{_n(g + x)} {adj} divisions (11-27's count) in the Austro-Hungarian sphere of "
            f"influence at the end of the {ctx.phase_label()}: {_n(g)} on map "
            f"{d['exchanged_sheet']}, {_n(x)} elsewhere, with {nation_dm(dm)} Austro-Hungarian DM")
    if excess > extra or not extra_maybe:
        allowed = (f"at most {exchanged} exchanged divisions, on map {d['exchanged_sheet']} only "
                   f"(11-28)") if not extra_maybe else (
            f"at most {exchanged} on map {d['exchanged_sheet']} (11-28) and {extra} more "
            f"(11-29)")
        number = "EF 11-28" if not extra_maybe else "EF 11-29"
        if shaken is None:
            if ctx.once(number, ("maybe", now)):
                yield ctx.finding(number, UNDETERMINED, f"{what}; {allowed}, unless Austria-Hungary "
                                  f"is Shaken (11-30)", units=inside[:6], side=ctx.game.side_of(guest),
                                  missing="whether Austria-Hungary's DM reached Shaken National "
                                          "Morale (the DM range)")
        elif ctx.once(number, now):
            yield ctx.finding(number, VIOLATION, f"{what}; {allowed}" + (
                f" — the twelve of 11-29 for six months from {early}" if early is not None
                and not extra_maybe else ""),
                units=inside[:6], hexes=[u.hex for u in inside[:6]], side=ctx.game.side_of(guest))
        return
    if ctx.once("EF 11-29", ("maybe", now)):
        yield ctx.finding("EF 11-29", UNDETERMINED, f"{what}; the {_n(excess)} beyond 11-28's four "
                          f"on map {d['exchanged_sheet']} need 11-29's twelve, for six months from "
                          f"the turn after Austria-Hungary took 250 DM", units=inside[:6],
                          side=ctx.game.side_of(guest),
                          missing="when Austria-Hungary's DM reached 250 (the DM range)")


def _n(v: float) -> str:
    return str(int(v)) if v == int(v) else f"{v:g}"
