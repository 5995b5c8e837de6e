"""What the Burning Mountains checks remember across hooks: one :class:`BmState` per check, made
by the engine (``System.state``) and handed to every rule as ``ctx.state``."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from modgen.hexgrid import Hex


@dataclass
class BmState:
    # 14.0: who controls each objective (not defined in the rulebook: the side whose combat unit
    # entered last; at the start the objectives of ``control_at_start`` are A-H, the rest Italian)
    control: dict[Hex, str] = field(default_factory=dict)
    steps_lost: dict[str, int] = field(default_factory=dict)     # side -> combat-unit steps lost
    # movement (4.1): pieces already reported over their MA this phase
    spent_over: set[str] = field(default_factory=set)
    attacked_units: set[str] = field(default_factory=set)       # ever defended (12.4 "unless attacked")
    # combat (7.0): this Combat Phase
    attacked_now: set[str] = field(default_factory=set)
    hexes_attacked_now: set[Hex] = field(default_factory=set)
    combats_now: list = field(default_factory=list)             # BmCombat resolved this phase
    pending: Any = None                                         # the BmCombat declared or open
    undeclared_roll: bool = False
    withheld: dict[Hex, list[str]] = field(default_factory=dict)
    # 11: each unit's supply state from its side's last Supply Phase ("in", "low", "out", "?" when
    # 6.2 and 11.3 give different states)
    supply: dict[str, str] = field(default_factory=dict)
    prev_supply: dict[str, str | None] = field(default_factory=dict)
    # 15: optional rules declared, their effects
    optional: set[str] = field(default_factory=set)
    improved_defence: bool = False
    # 5.2: overstacked hexes at a phase end, waiting for the owner to eliminate the excess
    overstacks: list = field(default_factory=list)
    # 15.1: replacement points by side, the Brusilov stop, what the track should show
    rp: dict[str, int] = field(default_factory=dict)
    rp_known: dict[str, bool] = field(default_factory=dict)    # False: an income the log does not show
    rp_stopped: bool = False                                    # 15.1 Brusilov Offensive
    rp_die: dict = field(default_factory=dict)                  # (GT, side) -> the 1d6 of 15.1
    rp_log: list = field(default_factory=list)                  # (step, side, change, why)


def new_state(ctx) -> BmState:
    """``System.state``: the state at the start of a check, objectives held as 14.0 starts."""
    st = BmState()
    bmap = next(iter(ctx.game.maps.values()))
    side_of = {n: ctx.game.side_of(n) for n in ctx.game.nations}
    for nation, hexes in bmap.control_at_start.items():
        for h in hexes:
            st.control[h] = side_of[nation]
    for h in bmap.objectives():
        st.control.setdefault(h, "it")
    st.steps_lost = {s.id: 0 for s in ctx.game.sides}
    st.rp = {s.id: 0 for s in ctx.game.sides}
    return st
