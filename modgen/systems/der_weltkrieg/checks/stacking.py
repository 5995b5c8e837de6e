"""Stacking (11) at the end of every phase, with strength reduction markers (11-8, 13-22)
(``rules.stacking.check_stacking``)."""
from __future__ import annotations

from modgen.check.context import CheckContext, PhaseInfo
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION, Placeholder
from modgen.hexgrid import Hex

from ..rules import stacking as st
from ..rules.units import (STRENGTH_MARKER_READINGS, apply_strength_markers, is_infantry_type,
                           is_jgr, is_rpl, stacking_options_for)
from .common import board_state, is_unit, marker_kind, placeholder_inputs, unit_view


def _stacking_options(ctx: CheckContext):
    hit = ctx.cache.get("stacking-options")
    if hit is None:
        hit = ctx.cache["stacking-options"] = stacking_options_for(ctx.scenario,
                                                                   ctx.game.counters.values())
    return hit


@rule("11-1", "phase_end")
def stacking_at_end_of_phase(ctx: CheckContext, ended: PhaseInfo):
    """11-1/11-4/11-9 (via rules.stacking.check_stacking): at the end of every phase."""
    if ended.phase is None:
        return
    board = board_state(ctx)
    if board is None:
        return
    # stacking changes only where units entered since the last phase end (all hexes at first)
    # (read from ``by_hex``: the units standing in the touched hexes)
    hexes = sorted({(u.side, h) for h in ctx.touched for u in ctx.by_hex.get(h, {}).values()
                    if is_unit(u) and u.side}, key=lambda t: (t[0], t[1]))
    # a hex's verdict stays while its units do: the board hands out the same tuple of unit views
    # until a piece enters or leaves the hex, or a unit there changes (``ctx.hex_stamp``)
    memo = ctx.cache.get("stacking-verdicts")
    if memo is None or memo[0] is not board:
        memo = ctx.cache["stacking-verdicts"] = (board, {})
    verdicts = memo[1]
    for side, h in hexes:
        views = board.units(h)
        hit = verdicts.get((side, h))
        if hit is not None and hit[0] is views:
            v = hit[1]
        else:
            v = st.check_stacking(board, side, h, _stacking_options(ctx))
            verdicts[(side, h)] = (views, v)
        # (strength markers are marker pieces: none where the hex holds no marker)
        markers = strength_markers(ctx, h) if h in ctx.marker_hexes else ()
        if markers:
            # 11-8: the units under a strength marker are modified by it (the Jgr of IF 11-2 and
            # the 27-3 components count by strength); which units are under it, and the order
            # and rounding of several markers (13-22), is the stack order, which the checker does
            # not track: a verdict that depends on it is undetermined
            readings = [st.check_stacking(_MarkedBoard(board, ctx, markers, hf, ru), side,
                                                 h, _stacking_options(ctx))
                        for hf, ru in STRENGTH_MARKER_READINGS]
            w = next((x for x in readings if (x is None) != (v is None)), v)
            if (v is None) != (w is None):
                units = [u for u in ctx.units_at(h) if u.side == side and is_unit(u)]
                msg = (v or w).message.split(": ", 1)[-1].split(" at the end of the phase")[0]
                yield ctx.finding("11-8", UNDETERMINED, f"{msg} at the end of the phase, counted "
                                  f"{'without' if v else 'with'} the strength marker(s) "
                                  f"{', '.join(markers)} in {h}; legal when counted "
                                  f"{'with' if v else 'without'} them", units=units, hexes=[h],
                                  side=side, missing="which units are under the strength marker "
                                  "(VASSAL stack order)")
                continue
        if v is not None:
            units = [u for u in ctx.units_at(h) if u.side == side and is_unit(u)]
            yield ctx.finding(v.rule, VIOLATION, v.message.split(": ", 1)[-1], units=units,
                              hexes=[h], side=side,
                              placeholders=strength_placeholders(units, _stacking_options(ctx)))


def strength_placeholders(units, options) -> tuple:
    """The placeholder strengths a stacking count rests on: a unit counts by its strength only
    where components combine into a division by strength (27-3) or a Jgr division counts as a
    brigade at half strength (IF 11-2: only once reduced, its front is its full strength); every
    other unit counts by its size and type (11-1..11-6)."""
    out = []
    components: dict[tuple, int] = {}
    for u in units:
        c = u.counter
        component = options.divisional_components and c.size in ("X", "III") \
            and is_infantry_type(c) and not is_rpl(c)
        by_strength = component or \
            (options.jgr_brigade_at_half and u.reduced and is_jgr(unit_view(u)))
        if by_strength:
            out.extend(placeholder_inputs(u, "strength"))
        if component:
            components[(u.nation, c.type)] = components.get((u.nation, c.type), 0) + 1
    for (nation, _t), n in sorted(components.items(), key=lambda kv: (str(kv[0][0]), kv[0][1])):
        # 27-3 merges two or more components up to the nation's full division strength: when
        # that strength is no printed circle, how many divisions they make rests on it
        hit = (options.full_division_placeholders or {}).get(nation)
        if n >= 2 and options.full_division_strength and hit is not None:
            out.append(Placeholder(f"full {nation} infantry division strength {hit[0]} (27-3)",
                                   hit[1]))
    return tuple(out)


def strength_markers(ctx: CheckContext, h: Hex) -> list[str]:
    """Values of the strength reduction markers (13-22: "-1", "1/2") in ``h``."""
    out = []
    for v in ctx.by_hex.get(h, {}).values():
        if v.marker_id is not None and marker_kind(ctx, v.marker_id) == "strength":
            m = ctx.game.markers.get(v.marker_id)
            out.append(v.marker_value or (m.values[0] if m is not None and m.values else v.marker_id))
    return sorted(out)


class _MarkedBoard:
    """A board whose units in the given hex are modified by its strength markers (11-8), in one
    reading of their order and rounding (``rules.units.apply_strength_markers``)."""

    def __init__(self, board, ctx: CheckContext, markers: list[str], halves_first: bool,
                 round_up: bool):
        self._b, self._ctx, self._markers = board, ctx, markers
        self._reading = dict(halves_first=halves_first, round_up=round_up)

    def __getattr__(self, name):
        return getattr(self._b, name)

    def units(self, h: Hex):
        return tuple(unit_view(u, strength=apply_strength_markers(unit_view(u).strength, self._markers,
                                                              **self._reading))
                     for u in self._ctx.by_hex.get(h, {}).values() if is_unit(u))
