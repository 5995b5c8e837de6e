"""Fortresses beyond set-up from the log (Standard Rules 21-8, 21-9): a fortress counter leaves
the map, or is replaced by a weaker one of its nation in its hex (21-7 shows a reduced fortress
with another marker).

Outside a Combat Phase (where it is a loss, judged with combat: 13-23, 21-5, 21-10, 21-11) a
fortress may only be abandoned by its owner in his Movement Phase when it is not surrounded
(21-8); reducing it, from the 1st turn of November 1914 and not for Russia, gives RPL SP equal to a
third of the strength removed (21-9: both roundings accepted), placed in its hex. Judged at the end
of the phase, so the replacement counter and the RPL may be placed in any order. 21-1 (never
moves), 21-3 (never attacks) and 21-10/21-11 (surrender rolls) are judged by the combat rules.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from modgen.check.context import CheckContext, PhaseInfo, UnitState
from modgen.check.engine import rule
from modgen.check.findings import UNDETERMINED, VIOLATION
from modgen.hexgrid import Hex
from ..rules import fortresses as F
from ._shared import is_unit


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
    if not is_unit(u):
        return
    st = _state(ctx)
    if _fortress(u):
        if frm is not None and to is None:
            from .supply import surrounded_state
            probe = UnitState(u.piece, u.unit_id, u.name, u.counter, u.side, u.nation, "Main Map",
                              u.x, u.y, frm)
            # 21-8: "if the fort itself is not considered surrounded by rule 20-1" (20-9 is about
            # the units with it); judged on the positions without the fortress
            s = surrounded_state(ctx, probe).value
            st.removed.append(_Removal(u.piece, u.name, u.nation or "", u.side or "", frm,
                                       u.counter.front.strength or 0, ctx.step, s))
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
