"""One Burning Mountains combat as the report shows it (``Report.combats``): what was declared,
the numbers of its five stages (8.1-8.5), the losses and moves that followed, and the verdicts.

The checks (``checks/combat.py``, ``retreat.py``, ``losses.py``) fill it; the shared reports
(text, JSON, HTML) read ``title``, ``summary_lines()``, ``to_dict()`` and ``map_marks()``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from modgen.hexgrid import Hex


@dataclass
class SideTdp:
    """One side's Loss Results Table roll (8.5, 9.4.1): the die, its DRMs, the result."""

    die: int
    drms: list = field(default_factory=list)            # [(what, value)]
    reductions: int | None = None                       # CE reductions the (placeholder) table gives

    @property
    def modified(self) -> int:
        return self.die + sum(v for _, v in self.drms)

    def text(self) -> str:
        mods = " ".join(f"{'+' if v >= 0 else ''}{v} ({k})" for k, v in self.drms) if self.drms else "+0"
        return f"{self.die} {mods} = {self.modified}"

    def to_dict(self) -> dict:
        return {"die": self.die, "drms": [{"what": k, "value": v} for k, v in self.drms],
                "modified": self.modified, "reductions": self.reductions}


@dataclass
class Move:
    piece: str
    name: str
    frm: Hex | None
    to: Hex | None
    step: int | None

    def to_dict(self) -> dict:
        return {"piece": self.piece, "unit": self.name, "from": str(self.frm) if self.frm else None,
                "to": str(self.to) if self.to else None, "step": self.step}


@dataclass
class BmCombat:
    number: int
    hex: Hex
    attackers: list                      # UnitState of the combat units named
    support: list                        # artillery named
    step: int | None                     # the !attack declaration
    side: str | None = None              # the attacker
    turn: Any = None
    phase: str | None = None
    declaration: str = ""
    declared: bool = True
    roll: tuple[int, int, int] | None = None
    roll_step: int | None = None
    when: tuple = ()                                     # (turn, phase id) of the roll
    defenders: list = field(default_factory=list)        # defending (not withheld)
    withheld: list = field(default_factory=list)
    defender_side: str | None = None
    # the numbers (8.1-8.5), set when the roll resolves the combat
    parts: list = field(default_factory=list)            # "; "-separated summary, in stage order
    resolved: bool = False
    att_total: int | None = None
    def_total: int | None = None
    ratio: str | None = None
    column: str | None = None
    over: int = 0
    flanked: bool = False
    crt: tuple | None = None                             # (attacker result, defender result)
    retreat_required: int = 0
    magnitude: str | None = None
    steps: int = 0
    tdp: dict = field(default_factory=dict)              # "attacker"/"defender" -> SideTdp
    av: dict = field(default_factory=dict)
    defender_drm: int = 0
    # after the roll: what the players did
    retreats: list = field(default_factory=list)         # [Move]
    advances: list = field(default_factory=list)
    before: dict = field(default_factory=dict)           # piece -> (UnitCe, hex, side) at the roll
    applied: dict = field(default_factory=dict)          # side -> CE reductions applied (None: not known)
    ground: Any = None                                   # rules.retreat.RetreatGround at the roll
    river: dict = field(default_factory=dict)            # piece -> CE reductions owed for rivers (9.2.3)
    after_lines: list = field(default_factory=list)      # losses, retreat guidelines (at close)
    verdicts: list = field(default_factory=list)         # [(rule, severity, message)]
    closed: bool = False

    @property
    def target(self) -> Hex:
        return self.hex

    @property
    def title(self) -> str:
        when = ", ".join(str(x) for x in (self.turn, self.phase) if x)
        where = f"step {self.roll_step}" if self.roll_step is not None else f"declared at step {self.step}"
        return f"Combat {self.number}: {self.hex} ({when}; {where})"

    def summary(self) -> str:
        """The combat's numbers on one line (the stages joined by "; ")."""
        return "; ".join(self.parts + self.after_lines)

    def summary_lines(self, side_names: dict | None = None) -> list[str]:
        out = []
        if self.declaration:
            out.append(f"declared at step {self.step}: {self.declaration}")
        out += self.parts + self.after_lines
        for label, moves in (("retreat (9.2)", self.retreats), ("advance (9.3)", self.advances)):
            if moves:
                out.append(f"{label}: " + ", ".join(f"{m.name} {m.frm}-{m.to} (step {m.step})" for m in moves))
        if self.verdicts:
            out += [f"[{r}] {sev}: {msg}" for r, sev, msg in self.verdicts]
        elif self.resolved:
            out.append("verdicts: no rule broken")
        return out

    def map_marks(self) -> dict:
        att: dict[str, list[str]] = {}
        for u in self.attackers + self.support:
            if u.hex is not None:
                att.setdefault(str(u.hex), []).append(u.name)
        return {"target": str(self.hex), "target_units": [u.name for u in self.defenders],
                "attackers": att,
                "retreats": [[str(m.frm), str(m.to)] for m in self.retreats if m.frm and m.to],
                "advances": [[str(m.frm), str(m.to)] for m in self.advances if m.frm and m.to]}

    def to_dict(self) -> dict:
        def units(us):
            return [{"id": u.unit_id, "name": u.name, "hex": str(u.hex) if u.hex else None} for u in us]
        return {
            "number": self.number, "title": self.title, "target": str(self.hex), "side": self.side,
            "defender_side": self.defender_side, "turn": str(self.turn) if self.turn else None,
            "phase": self.phase, "declared_step": self.step, "declaration": self.declaration,
            "roll_step": self.roll_step, "roll": list(self.roll) if self.roll else None,
            "attackers": units(self.attackers), "support": units(self.support),
            "defenders": units(self.defenders), "withheld": units(self.withheld),
            "attack": self.att_total, "defence": self.def_total, "ratio": self.ratio,
            "flanked": self.flanked, "column": self.column, "over": self.over,
            "crt": list(self.crt) if self.crt else None, "retreat_required": self.retreat_required,
            "magnitude": self.magnitude, "steps": self.steps,
            "tdp": {k: v.to_dict() for k, v in self.tdp.items()}, "av": dict(self.av),
            "applied": dict(self.applied),
            "retreats": [m.to_dict() for m in self.retreats],
            "advances": [m.to_dict() for m in self.advances],
            "lines": self.parts + self.after_lines,
            "verdicts": [{"rule": r, "severity": s, "message": m} for r, s, m in self.verdicts],
        }
