"""Step losses no rule explains: a unit flipped to its reduced side or sent to the Eliminated
box in a Movement Phase with nothing the log shows to cause it.

In a Movement Phase units lose strength only by a Column Attack's combat (16, 13-21), by a River
Flotilla's interdiction attack (36-7, declared: the ``explained-loss`` hook), by an
enemy unit entering the hex of a zero-strength unit or of a lone engineer (6-11, 9-9), by a
divisional breakdown or recombination (27-1, 27-2: a counter swapped for others in its hex), by
the removal of excess units (11-3: the hex was over its stacking limit with the unit), of a pocket's units (20-13, before the enemy's Movement
Phase), of units due for withdrawal or the strength that stands for them (25-8), or of a
surrendered country's units (26-7). Losses in a combat stay with the combat rules (13-13 …
13-24, ``losses.py``); the Combat Phase's other losses are 13-18's; the Replacement phase's are
recombination (23-4, ``recombination.py``).

A loss none of these explains is **undetermined**, never a violation: players correct mistakes
by hand and a log may begin late or miss a chat line. The verdict waits for the end of the phase
(a breakdown places its components after the division is removed; a mistaken flip may be flipped
back), and undone steps never reach it (the engine replays them without checking).
"""
from __future__ import annotations

from modgen.check.context import DEAD_PILE, CheckContext, PhaseInfo, UnitState
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED
from modgen.hexgrid import Hex

from ..rules import stacking as stacking_rules
from .combat_state import combat_of, phase_state
from .common import board_state, hook, is_unit, unit_view

STATE = "dw-step-losses"
#: what a Movement-Phase loss needs for a cause (the finding's ``missing``)
MISSING = ("a cause: no combat (a Column Attack, 16), surrender (20, 21-11), pocket removal "
           "(20-13), overstack removal (11-3), breakdown or recombination (27), withdrawal "
           "(25-8) or enemy entry into the hex (6-11, 9-9) the log shows for this step loss")


def _state(ctx: CheckContext) -> dict:
    return ctx.cache.setdefault(STATE, {"losses": [], "placed": []})


class _WithUnit:
    """A board with one removed unit put back in its hex (was the stack over its limit?)."""

    def __init__(self, board, h: Hex, view):
        self._b, self._h, self._v = board, h, view

    def __getattr__(self, name):
        return getattr(self._b, name)

    def units(self, h: Hex):
        base = tuple(self._b.units(h))
        return base + (self._v,) if h == self._h else base


def _overstacked_with(ctx: CheckContext, u: UnitState, at: Hex) -> bool:
    """11-3: the hex the unit was removed from was over the stacking limit with it."""
    from .stacking import _stacking_options
    board = board_state(ctx)
    if board is None or u.side is None:
        return False
    return stacking_rules.check_stacking(_WithUnit(board, at, unit_view(u, at)), u.side, at,
                                         _stacking_options(ctx)) is not None


def _explained_now(ctx: CheckContext, u: UnitState, at: Hex | None, how: str = "") -> str | None:
    """The cause the log shows at the moment of the loss, or None."""
    c, _role = combat_of(phase_state(ctx), u.piece)
    if c is not None:
        return "combat"                                  # 13-21: judged with its combat
    why = hook(ctx, "explained-loss", u)
    if why:
        return why                                       # 36-7: an interdiction attack
    if at is not None and any(is_unit(v) and v.side is not None and v.side != u.side
                              for v in ctx.units_at(at)):
        return "6-11/9-9"                                # an enemy unit entered its hex
    from .pockets import _state as pocket_state
    ps = pocket_state(ctx)
    half = ps.get("half")
    if any(p == u.piece for p, *_rest in ps.get("doomed", ())) or \
            (half is not None and u.piece in half.units):
        return "20-13"                                   # isolated in a pocket
    sc, date = ctx.scenario, ctx.now.date
    if sc is not None and date is not None:
        for e in sc.reinforcements:
            if e.date == date and any(
                    p.counter in ctx.game.counters
                    and ctx.game.side_of(ctx.game.counters[p.counter].nation) == u.side
                    for p in e.withdrawals):
                return "25-8"                            # withdrawn, or strength in its place
    if how.startswith("sent") and at is not None and _overstacked_with(ctx, u, at):
        return "11-3"                                    # the owner removes the excess
    return None


def _note_loss(ctx: CheckContext, u: UnitState, how: str, at: Hex | None) -> None:
    if ctx.now.kind != "movement" or not is_unit(u) or u.counter is None \
            or u.counter.type in ("hq", "fortress"):
        return
    if _explained_now(ctx, u, at, how) is not None:
        return
    _state(ctx)["losses"].append((ctx.step, u.piece, how, at))


@rule("13-21", "flip")
def flip_without_cause(ctx: CheckContext, u: UnitState, before: int, after: int):
    """A flip to the reduced side in a Movement Phase (judged at the phase's end)."""
    if after > before:
        _note_loss(ctx, u, "flipped to its reduced side", u.hex)
    return ()


@rule("13-21", "move")
def elimination_without_cause(ctx: CheckContext, u: UnitState, frm, to, frm_map):
    """An elimination (a move to the Eliminated box) in a Movement Phase; a unit placed on the map
    in a hex (a breakdown's components, a recombined division, a swapped counter: 27-1, 27-2)
    explains its side's losses in that hex this phase."""
    if (frm is None) == (to is None) or ctx.now.kind != "movement" or not is_unit(u):
        return ()        # a move across the map (most calls), or outside a Movement Phase
    if to is None and frm is not None and u.map == DEAD_PILE:
        _note_loss(ctx, u, "sent to the Eliminated box", frm)
    elif frm is None and to is not None:
        _state(ctx)["placed"].append((ctx.step, u.side, to))
    return ()


@rule("13-21", "phase_end")
def step_losses_at_phase_end(ctx: CheckContext, ended: PhaseInfo):
    """The phase's losses no cause explains: undetermined, naming what the log lacks."""
    st = _state(ctx)
    losses, placed = st["losses"], st["placed"]
    st["losses"], st["placed"] = [], []
    seen = set()
    for step, piece, how, at in losses:
        u = ctx.units.get(piece)
        if u is None or piece in seen:
            continue
        # put right later in the phase: back on its front side / back on the map
        if how.startswith("flipped") and not u.reduced:
            continue
        if how.startswith("sent") and u.map != DEAD_PILE:
            continue
        # 27-1 / 27-2 / a counter swap: its side placed a unit in that hex this phase
        if at is not None and any(s == u.side and h == at for _s, s, h in placed):
            continue
        seen.add(piece)
        where = f" in {at}" if at is not None else ""
        yield ctx.finding("13-21", UNDETERMINED, f"{u.name} was {how}{where} in a Movement "
                          f"Phase with no combat, surrender or other rule the log shows to explain "
                          f"the loss", units=[u],
                          hexes=[at] if at is not None else [], side=u.side, missing=MISSING,
                          step=step, check="losses")


@rule("13-21", "end")
def step_losses_at_end(ctx: CheckContext):
    """A log that ends inside a Movement Phase: its losses are judged as at the phase's end."""
    if ctx.now.kind != "movement":
        return ()
    return step_losses_at_phase_end(ctx, ctx.now)
