"""Set-up (Standard Rule 4 and the scenario set-up lists).

Checked only when the log begins at the scenario's first turn and phase (a log that continues a
game starts from a later position). Every unit the printed list places must stand on its printed
hex, on the printed face; fortresses and markers likewise. A unit on the map that the printed list
does not cover is a violation only when the scenario's list is complete: printed lists that are
truncated (``setup_incomplete``) leave such units "undetermined".
"""
from __future__ import annotations

from collections import Counter as Multiset

from modgen.check.context import CheckContext
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION
from modgen.model.derive import derived_marker_placements


def _where(ctx: CheckContext, uid: str):
    return [u for u in ctx.units.values() if u.unit_id == uid]


@rule("4", "setup")
def setup_units_on_printed_hexes(ctx: CheckContext):
    """4: every unit of the scenario's set-up list stands on its printed hex and face."""
    sc = ctx.scenario
    if sc is None or not ctx.log_starts_scenario:
        return
    # the same counter may be listed several times only for generic pieces; compare multisets
    wanted: dict[str, list] = {}
    for p in sc.setup:
        if p.hex is not None:
            wanted.setdefault(p.counter, []).append(p)
    for cid, places in sorted(wanted.items()):
        pieces = _where(ctx, cid)
        name = ctx.game.counters[cid].name if cid in ctx.game.counters else cid
        on_board = sorted((u for u in pieces if u.hex is not None), key=lambda u: u.piece)
        want = Multiset(p.hex for p in places)
        have = Multiset(u.hex for u in on_board)
        missing = want - have
        extra = have - want
        if not on_board:
            hexes = ", ".join(sorted(str(h) for h in want.elements()))
            yield ctx.finding("4", VIOLATION,
                              f"{name} is not on the map; the scenario sets it up in {hexes}",
                              hexes=list(want.elements()), step=None,
                              side=ctx.game.side_of(ctx.game.counters[cid].nation)
                              if cid in ctx.game.counters else None)
            continue
        for h in sorted(missing.elements()):
            wrong = [u for u in on_board if extra[u.hex] > 0]
            if wrong:
                u = wrong[0]
                extra[u.hex] -= 1
                yield ctx.finding("4", VIOLATION,
                                  f"{name} is set up in {u.hex}; the scenario sets it up in {h}",
                                  units=[u], hexes=[u.hex, h], step=None)
            else:
                yield ctx.finding("4", VIOLATION,
                                  f"{name} is missing from {h} where the scenario sets it up",
                                  hexes=[h], step=None)
        # printed face: "(-)" = reduced; a printed strength picks the face that shows it
        for p in places:
            for u in on_board:
                if u.hex != p.hex:
                    continue
                bad = _face_problem(u, p)
                if bad:
                    yield ctx.finding("4", VIOLATION, f"{name} in {u.hex} is set up {bad}",
                                      units=[u], hexes=[u.hex], step=None)
                break


def _face_problem(u, p) -> str | None:
    c = u.counter
    if c is None or c.back is None:
        return None
    face = (c.back if u.reduced else c.front)
    have = f"{'reduced' if u.reduced else 'full strength'} ({face.strength})"
    want = getattr(p, "strength", None)
    if p.reduced:
        return None if u.reduced else f"{have}; the scenario lists it reduced (printed \"(-)\")"
    if want is not None:
        showing = [red for red, f in ((False, c.front), (True, c.back)) if f.strength == want]
        if not showing or u.reduced in showing:
            return None      # no face shows it: a strength marker does (13-22), not checked here
        return f"{have}; the scenario lists it at strength {want}"
    return f"{have}; the scenario lists it full strength" if u.reduced else None


@rule("4", "setup")
def setup_units_not_listed(ctx: CheckContext):
    """4: a unit on the map that the printed set-up list does not place."""
    sc = ctx.scenario
    if sc is None or not ctx.log_starts_scenario:
        return
    listed = {p.counter for p in sc.setup if p.hex is not None}
    fortress_ids = {u.unit_id for u in ctx.units.values()
                    if u.counter is not None and u.counter.type == "fortress"}
    arrivals = {p.counter for e in sc.reinforcements for p in e.arrivals}
    dead = {p.counter for p in sc.dead_pool}          # reported by setup_dead_pool
    for u in sorted(ctx.units.values(), key=lambda u: (str(u.hex), u.unit_id)):
        if u.hex is None or u.marker_id is not None or u.unit_id in listed \
                or u.unit_id in fortress_ids or u.unit_id in dead:
            continue
        if u.counter is None:
            yield ctx.finding("4", UNDETERMINED, f"piece {u.name!r} in {u.hex} is not a unit of "
                              f"this game's data", units=[u], hexes=[u.hex], step=None,
                              missing="a UnitId the game data knows")
        elif sc.setup_incomplete or u.unit_id in arrivals:
            why = ("the printed set-up list is incomplete: " + "; ".join(sc.setup_incomplete)
                   if sc.setup_incomplete else "it is listed as a reinforcement")
            yield ctx.finding("4", UNDETERMINED, f"{u.name} is set up in {u.hex} but the printed "
                              f"set-up list does not place it ({why})", units=[u], hexes=[u.hex],
                              step=None, missing="a complete printed set-up list")
        else:
            yield ctx.finding("4", VIOLATION, f"{u.name} is set up in {u.hex}; the scenario's "
                              f"set-up list does not include it", units=[u], hexes=[u.hex], step=None)


@rule("4", "setup")
def setup_fortresses(ctx: CheckContext):
    """4 / 21: each fortress of the scenario's fortress list stands in its hex with its size."""
    sc = ctx.scenario
    if sc is None or not ctx.log_starts_scenario:
        return
    forts = [u for u in ctx.units.values() if u.counter is not None
             and u.counter.type == "fortress" and u.hex is not None]
    kinds = {mid: m.kind for mid, m in ctx.game.markers.items()}
    fort_markers = [u for u in ctx.units.values() if u.marker_id is not None and u.hex is not None
                    and kinds.get(u.marker_id) == "fortress"]
    for f in sc.fortresses:
        here = [u for u in forts if u.hex == f.hex and u.nation == f.nation]
        label = f"{f.name} {f.hex}" if f.name else str(f.hex)
        if not here and any(m.hex == f.hex and m.marker_value in (None, "", str(f.size))
                            for m in fort_markers):
            continue     # the module's fortress marker stands in for a missing counter
        if not here:
            yield ctx.finding("4", VIOLATION, f"no {ctx.game.nations[f.nation].name if f.nation in ctx.game.nations else f.nation} "
                              f"fortress ({f.size}) in {label}, as the scenario's fortress list "
                              f"requires", hexes=[f.hex], step=None,
                              side=ctx.game.side_of(f.nation) if f.nation in ctx.game.nations else None)
            continue
        strengths = [(u.counter.back if u.reduced and u.counter.back else u.counter.front).strength
                     for u in here]
        if f.size not in strengths:
            yield ctx.finding("4", VIOLATION, f"fortress in {label} has strength "
                              f"{', '.join(str(s) for s in strengths)}; the scenario lists size {f.size}",
                              units=here, hexes=[f.hex], step=None)


@rule("4", "setup")
def setup_markers(ctx: CheckContext):
    """4: each marker of the scenario (trench, devastation, …) is in its printed hex."""
    sc = ctx.scenario
    if sc is None or not ctx.log_starts_scenario:
        return
    have = Multiset((u.marker_id, u.hex) for u in ctx.units.values()
                    if u.marker_id is not None and u.hex is not None)
    wanted = list(sc.markers)
    if getattr(sc, "derived_markers", ()):
        try:  # markers a scenario rule places over the map (4-2, 7-2): the model derives them
            wanted += list(derived_marker_placements(sc, ctx.game))
        except ValueError:
            pass
    for m in wanted:
        if have[(m.marker, m.hex)] > 0:
            have[(m.marker, m.hex)] -= 1
            continue
        label = ctx.game.markers[m.marker].label if m.marker in ctx.game.markers else m.marker
        why = f" (scenario rule {m.rule})" if m.rule else ""
        yield ctx.finding("4", VIOLATION,
                          f"no {label} marker in {m.hex}, where the scenario places one{why}",
                          hexes=[m.hex], step=None)


@rule("4", "setup")
def setup_hq_supply_points(ctx: CheckContext):
    """4 / 18: HQs start with the supply points the scenario gives them."""
    sc = ctx.scenario
    if sc is None or not ctx.log_starts_scenario:
        return
    for cid, sp in sorted(sc.hq_supply_points.items()):
        for u in ctx.units.values():
            if u.unit_id != cid or u.hex is None:
                continue
            if u.supply_points is None:
                yield ctx.finding("4", UNDETERMINED, f"{u.name}: the scenario gives it {sp} SP; "
                                  f"the log does not show its supply points", units=[u],
                                  hexes=[u.hex], step=None, missing="the HQ's SupplyPoints property")
            elif u.supply_points != sp:
                yield ctx.finding("4", VIOLATION, f"{u.name} starts with {u.supply_points} SP; "
                                  f"the scenario gives it {sp} SP", units=[u], hexes=[u.hex], step=None)


@rule("4", "setup")
def setup_dead_pool(ctx: CheckContext):
    """4: units the scenario puts in the dead pool start off the map."""
    sc = ctx.scenario
    if sc is None or not ctx.log_starts_scenario:
        return
    listed_on_map = {p.counter for p in sc.setup if p.hex is not None}
    for p in sc.dead_pool:
        if p.counter in listed_on_map:
            continue
        for u in ctx.units.values():
            if u.unit_id == p.counter and u.hex is not None:
                yield ctx.finding("4", VIOLATION, f"{u.name} is set up in {u.hex}; the scenario "
                                  f"puts it in the dead pool", units=[u], hexes=[u.hex], step=None)
