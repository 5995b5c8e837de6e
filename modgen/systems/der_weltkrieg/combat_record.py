"""The Combat record: one attack on one hex with its counterattack and results (12-1), as the
checker reconstructs it from the log and the players' declarations (``declarations.KEYWORDS``).

Every Combat the checker sees is appended to ``ctx.combats`` (``modgen.check.context``) when it
opens and is complete when the engine's ``combat`` hook runs (``@rule(…, "combat")``: the next
combat began, or the phase ended). Other rules read it there — e.g. Supply Point spending (17-19)
checks ``Combat.supply`` / ``Combat.counter_supply`` against the HQs' ``SupplyPoints`` ledger:

``Combat`` fields
    ``number``            1, 2, … in log order
    ``kind``              ``"attack"`` (Combat Phase, 12-1), ``"column"`` (Column Attack in the
                          phasing side's Movement Phase, 16-1) or ``"retreat-column"`` (the Column
                          Attack of units that retreated into an enemy-controlled hex, 14-9)
    ``side``              the attacking side id; ``defender_side`` the other
    ``target``            the hex attacked (None while not known: an undeclared roll)
    ``sheet``             the sheet ``target`` was named on in a game of several sheets
                          (``!attack 6-5:1607``; a bare hex of its unit lists is on it), else None
    ``date``, ``phase_id``, ``phase``   when (``GameDate``, phase id, phase label)
    ``declared_step``     log step of the ``!attack`` (None: no declaration)
    ``declaration``       its text
    ``attackers``         [``CombatUnit``] the attacking units (13-18: only they take the
                          counterattack's losses)
    ``attackers_known``   True when a declaration named them; False when they are inferred
    ``defenders``         [``CombatUnit``] the units in the hex attacked (without units that retreated
                          into it earlier this phase, 14-15: see ``excluded``)
    ``supply``            (``Payment``…) the attacker's ``supply <HQ> <SP> [for …]`` clauses as
                          declared, None = not declared, () = ``supply none``
    ``supply_hqs``        {payment index: HQ piece id} the HQs the clauses name, resolved
    ``half``              piece ids attacking at half strength without SP (19-11)
    ``counter_supply``, ``counter_supply_hqs``, ``counter_half``   the same for the counterattack
    ``counterattack``     True / False (``!counterattack … none``) / None (not known)
    ``counterattackers``  [``CombatUnit``] who counterattacks (12-11)
    ``terrain``           the defender's terrain choice (TEC row id), ``terrain_step``
    ``terrain_choices``   the terrain ids 13-3 allows
    ``attack_roll``, ``counter_roll``   ``DieRoll`` (step, roller, side, values) tied to this combat
    ``retreat``           True (``!retreat <hex>`` or units left the hex) / False (``!hold``) / None
    ``attack``, ``counter``   ``Resolution``: strength (CRT column), modifiers, adjusted die, result
    ``required_defender`` / ``required_attacker``   ``frozenset`` of the losses the CRT requires in
                          every reading the log leaves open (after 14-3 / 21-5 for a retreat)
    ``losses``            [``Loss``] flips, strength markers and eliminations applied, in log order
    ``retreats``, ``advances``   [``CombatMove``] units that left / entered the hex after the combat
    ``first_step``, ``last_step``   the log steps the combat spans
    ``notes``             what was inferred from the log, what is missing

``CombatUnit`` fields: ``piece``, ``unit_id``, ``name``, ``side``, ``nation``, ``type``, ``size``,
``hex``, ``printed`` (strength of the face showing), ``strengths`` (every strength 13-22 allows
under its strength markers; one value when the stack order decides it), ``back`` (the printed
back strength, 0 for single-step units), ``full_strength`` (the circle), ``supply`` (how it is
supplied: ``"paid"`` by a supply clause, ``"half"`` the 19-11 half-strength option / ``supply
none``, ``"free"`` needs no SP (21-3 fortresses, 30-1 small cavalry, 43-1, 46-1), None not
declared), ``hq`` (the piece id of the HQ that pays for it, when a clause says which), ``after``
(strengths after the losses). ``supply`` and ``hq`` are set on ``attackers`` and
``counterattackers`` when the combat is complete.

The supply search (19-5..19-10, 19-15) belongs to the supply rules: they register it with
:func:`set_supply_search`; until one is registered every verdict that depends on a supply line's
length is *undetermined* (its ``missing`` says so).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from modgen.hexgrid import Hex

from .declarations import Payment
from .rules.combat import Modifier


@dataclass(frozen=True)
class DieRoll:
    """A DiceButton roll tied to a combat: its log step, the player who rolled (VASSAL's
    PlayerName) and the side the roster gives that player."""

    step: int
    button: str
    values: tuple
    total: int | None
    roller: str | None = None
    side: str | None = None

    @property
    def value(self) -> int | None:
        v = self.values[0] if len(self.values) == 1 else self.total
        return v if isinstance(v, int) else None

    def to_dict(self) -> dict:
        return {"step": self.step, "button": self.button, "values": list(self.values),
                "total": self.total, "roller": self.roller, "side": self.side}


@dataclass
class CombatUnit:
    piece: str
    unit_id: str
    name: str
    side: str | None
    nation: str | None
    type: str
    size: str
    hex: Hex | None
    printed: int | None
    strengths: frozenset
    back: int
    full_strength: int | None = None
    supply: int | str | None = None
    hq: str | None = None
    after: frozenset | None = None
    #: placeholder strengths (``findings.Placeholder``) of the face showing (the SP it adds,
    #: 13-2/13-15) and, when a flip would show it, of the back (the SP a flip loses, 13-24)
    placeholders: tuple = ()
    loss_placeholders: tuple = ()
    #: the full-strength circle when it is a placeholder, for the units whose verdicts read it
    #: (cavalry: 30-1, 13-23; assault units: 33-3, 33-4, 33-8, 33-9)
    circle_placeholders: tuple = ()

    @property
    def strength(self) -> int | None:
        """The strength when 13-22 leaves one value, else None."""
        return next(iter(self.strengths)) if len(self.strengths) == 1 else None

    def to_dict(self) -> dict:
        return {"piece": self.piece, "unit": self.unit_id, "name": self.name, "side": self.side,
                "nation": self.nation, "type": self.type, "hex": str(self.hex) if self.hex else None,
                "printed": self.printed, "strength": sorted(x for x in self.strengths if x is not None),
                "supply": self.supply, "hq": self.hq,
                "after": sorted(x for x in self.after if x is not None) if self.after else None}


@dataclass
class Loss:
    """A strength loss applied in a combat: ``how`` is ``flip``, ``marker`` (a strength reduction
    marker placed or moved), ``eliminated``; ``piece`` the unit (or the marker for ``marker``)."""

    step: int
    how: str
    piece: str
    name: str
    side: str | None

    def to_dict(self) -> dict:
        return {"step": self.step, "how": self.how, "piece": self.piece, "name": self.name,
                "side": self.side}


@dataclass
class CombatMove:
    step: int
    piece: str
    name: str
    frm: Hex | None
    to: Hex | None

    def to_dict(self) -> dict:
        return {"step": self.step, "piece": self.piece, "name": self.name,
                "from": str(self.frm) if self.frm else None, "to": str(self.to) if self.to else None}


@dataclass
class Resolution:
    """One die roll of a combat worked out: the attack (13-2..13-13) or the counterattack
    (13-14..13-17). ``strengths`` are the CRT columns every open reading gives; ``terms`` say how
    they were computed (each with its rule); ``die`` the adjusted die (None without a roll)."""

    strengths: frozenset = frozenset()
    terms: list = field(default_factory=list)
    modifiers: list = field(default_factory=list)      # [Modifier]
    drm: int = 0
    roll: int | None = None
    die: int | None = None
    results: frozenset = frozenset()
    table: str = ""
    placeholder: bool = False
    #: what the placeholder is: the CRT cell, or strengths of units the rulebook prints no values for
    placeholder_why: str = ""
    #: the placeholder values the result rests on besides the CRT cells (``placeholder``): the
    #: strengths of the units whose SP make the column (``findings.Placeholder``)
    placeholders: list = field(default_factory=list)
    missing: list = field(default_factory=list)
    # False when the readings are not every possibility (the attacking units were not declared):
    # the results then only bound the true one from above
    complete: bool = True

    @property
    def column(self) -> int | None:
        return next(iter(self.strengths)) if len(self.strengths) == 1 else None

    @property
    def result(self) -> int | None:
        return next(iter(self.results)) if len(self.results) == 1 else None

    def to_dict(self) -> dict:
        return {"columns": sorted(self.strengths), "terms": list(self.terms),
                "modifiers": [{"why": m.why, "drm": m.drm, "rule": m.rule} for m in self.modifiers],
                "drm": self.drm, "roll": self.roll, "die": self.die,
                "results": sorted(self.results), "table": self.table,
                "placeholder": self.placeholder, "missing": list(self.missing),
                "complete": self.complete}


@dataclass
class Combat:
    number: int
    kind: str
    side: str | None
    defender_side: str | None
    target: Hex | None
    date: Any = None
    phase_id: str | None = None
    phase: str | None = None
    declared_step: int | None = None
    declaration: str = ""
    attackers: list = field(default_factory=list)
    attackers_known: bool = False
    defenders: list = field(default_factory=list)
    excluded: list = field(default_factory=list)
    supply: tuple | None = None
    supply_hqs: dict = field(default_factory=dict)
    half: tuple = ()
    counter_supply: tuple | None = None
    counter_supply_hqs: dict = field(default_factory=dict)
    counter_half: tuple = ()
    counterattack: bool | None = None
    counterattackers: list = field(default_factory=list)
    counter_declared_step: int | None = None
    option: str | None = None
    terrain: str | None = None
    terrain_step: int | None = None
    terrain_choices: tuple = ()
    attack_roll: DieRoll | None = None
    counter_roll: DieRoll | None = None
    retreat: bool | None = None
    retreat_step: int | None = None
    attack: Resolution | None = None
    counter: Resolution | None = None
    required_defender: frozenset | None = None
    required_attacker: frozenset | None = None
    losses: list = field(default_factory=list)
    retreats: list = field(default_factory=list)
    advances: list = field(default_factory=list)
    first_step: int | None = None
    last_step: int | None = None
    notes: list = field(default_factory=list)
    verdicts: list = field(default_factory=list)        # [(rule, severity, message)] for the report
    swapped: list = field(default_factory=list)         # units placed in its hexes during its losses
    closed: bool = False
    sheet: str | None = None

    @property
    def title(self) -> str:
        what = {"column": "Column Attack", "retreat-column": "Column Attack (14-9)"}.get(
            self.kind, "Combat")
        when = ", ".join(str(x) for x in (self.date, self.phase) if x)
        steps = (f"steps {self.first_step}-{self.last_step}" if self.last_step
                 and self.last_step != self.first_step else f"step {self.first_step}")
        return f"{what} {self.number}: {self.target or 'hex not known'} ({when}; {steps})"

    # ------------------------------------------------------------------ for the reports
    def summary_lines(self, side_names: dict | None = None) -> list[str]:
        """The combat as the text report shows it: one line per part, each with its rule."""
        names = side_names or {}

        def units(us, with_hex=True):
            return ", ".join(f"{u.name}{' (' + str(u.hex) + ')' if with_hex and u.hex else ''} "
                             f"{_vals(u.strengths)}" for u in us) or "none known"

        out = []
        who = names.get(self.side, self.side or "?")
        if self.declaration:
            out.append(f"declared at step {self.declared_step}: {self.declaration}")
        for n in self.notes:
            out.append(f"note: {n}")
        out.append(f"attackers ({who}{'' if self.attackers_known else ', not declared'}): "
                   f"{units(self.attackers)}")
        if self.supply is not None:
            pays = [f"{p.hq or '?'} {p.sp if p.sp is not None else '?'} SP"
                    + (f" for {', '.join(p.units)}" if p.units else "") for p in self.supply]
            out.append(f"attack supply (13-7, 19-2): {'; '.join(pays) or 'none (19-11 half strength)'}")
        else:
            out.append("attack supply: not declared")
        out.append(f"defenders ({names.get(self.defender_side, self.defender_side or '?')}): "
                   f"{units(self.defenders, with_hex=False)}")
        if self.excluded:
            out.append(f"not counted (retreated into the hex this phase, 14-15/14-17): "
                       f"{units(self.excluded, with_hex=False)}")
        if self.terrain_choices or self.terrain:
            out.append(f"terrain (13-3): {(self.terrain or 'not declared').replace('_', ' ')}"
                       f"; the defender may choose {', '.join(t.replace('_', ' ') for t in self.terrain_choices) or '?'}")
        for label, res, roll in (("attack", self.attack, self.attack_roll),
                                 ("counterattack", self.counter, self.counter_roll)):
            if roll is None and res is None:
                if label == "counterattack":
                    out.append("counterattack: none" + (" (declared)" if self.counterattack is False else ""))
                continue
            if res is None:
                out.append(f"{label}: roll {roll.value} at step {roll.step}")
                continue
            for t in res.terms:
                out.append(f"{label}: {t}")
            mods = " ".join(f"{m.why} {m.drm:+d} ({m.rule})" for m in res.modifiers)
            die = (f"die {res.roll} (step {roll.step}, {roll.roller or '?'})"
                   if roll is not None and res.roll is not None else "no roll")
            out.append(f"{label}: column {_vals(res.strengths)} (13-8); {die}"
                       + (f" {mods}" if mods else "")
                       + (f" → {res.die}" if res.die is not None else "")
                       + f"; result {_vals(res.results)} ({res.table} CRT"
                       + (", placeholder cell" if res.placeholder else "") + ", 13-13)")
            for m in dict.fromkeys(res.missing):
                out.append(f"{label}: missing: {m}")
        if self.required_defender is not None:
            out.append(f"losses required: defender {_vals(self.required_defender)}, attacker "
                       f"{_vals(self.required_attacker or frozenset({0}))} (13-13, 13-17"
                       + (", 14-3" if self.retreats else "") + ")")
        applied = [f"{x.name} {x.how} (step {x.step})" for x in self.losses]
        out.append(f"losses applied (13-21): {', '.join(applied) or 'none'}")
        out.append("retreat (14): " + (", ".join(f"{m.name} {m.frm}→{m.to} (step {m.step})"
                                                 for m in self.retreats)
                                       or ("declared, none seen" if self.retreat else
                                           "none" + (" (declared !hold)" if self.retreat is False else ""))))
        out.append("advance (15): " + (", ".join(f"{m.name} {m.frm}→{m.to} (step {m.step})"
                                                 for m in self.advances) or "none"))
        if self.verdicts:
            for r, sev, msg in self.verdicts:
                out.append(f"[{r}] {sev}: {msg}")
        else:
            out.append("verdicts: no rule broken")
        return out

    def map_marks(self) -> dict:
        """What the HTML report draws: the hex attacked, the attackers' hexes (with the units in
        them), retreat and advance paths."""
        att: dict[str, list[str]] = {}
        for u in self.attackers:
            if u.hex is not None:
                att.setdefault(str(u.hex), []).append(u.name)
        return {"target": str(self.target) if self.target else None,
                "target_units": [u.name for u in self.defenders],
                "attackers": att,
                "retreats": [[str(m.frm), str(m.to)] for m in self.retreats if m.frm and m.to],
                "advances": [[str(m.frm), str(m.to)] for m in self.advances if m.frm and m.to]}

    def to_dict(self) -> dict:
        return {
            "number": self.number, "kind": self.kind, "side": self.side,
            "defender_side": self.defender_side,
            "target": str(self.target) if self.target else None,
            "date": str(self.date) if self.date else None, "phase": self.phase,
            "declared_step": self.declared_step, "declaration": self.declaration,
            "attackers": [u.to_dict() for u in self.attackers],
            "attackers_known": self.attackers_known,
            "defenders": [u.to_dict() for u in self.defenders],
            "supply": None if self.supply is None else [
                {"hq": p.hq, "sp": p.sp, "for": list(p.units), "hq_piece": self.supply_hqs.get(i)}
                for i, p in enumerate(self.supply)],
            "half": list(self.half),
            "counterattack": self.counterattack,
            "counter_supply": None if self.counter_supply is None else [
                {"hq": p.hq, "sp": p.sp, "for": list(p.units),
                 "hq_piece": self.counter_supply_hqs.get(i)}
                for i, p in enumerate(self.counter_supply)],
            "terrain": self.terrain, "terrain_choices": list(self.terrain_choices),
            "attack_roll": self.attack_roll.to_dict() if self.attack_roll else None,
            "counter_roll": self.counter_roll.to_dict() if self.counter_roll else None,
            "retreat": self.retreat,
            "attack": self.attack.to_dict() if self.attack else None,
            "counter": self.counter.to_dict() if self.counter else None,
            "required_defender": sorted(self.required_defender) if self.required_defender else None,
            "required_attacker": sorted(self.required_attacker) if self.required_attacker else None,
            "losses": [x.to_dict() for x in self.losses],
            "retreats": [x.to_dict() for x in self.retreats],
            "advances": [x.to_dict() for x in self.advances],
            "title": self.title,
            "first_step": self.first_step, "last_step": self.last_step,
            "notes": list(self.notes),
            "verdicts": [{"rule": r, "severity": s, "message": m} for r, s, m in self.verdicts],
        }


def _vals(vals) -> str:
    vs = sorted(v for v in (vals or ()) if v is not None)
    if not vs:
        return "?"
    if len(vs) == 1:
        return str(vs[0])
    if len(vs) > 3 and vs == list(range(vs[0], vs[-1] + 1)):
        return f"{vs[0]}-{vs[-1]}"
    return " or ".join(map(str, vs))


# --------------------------------------------------------------------------- the supply seam

#: ``fn(ctx, unit, start_hex, hq, max_mp) -> int | None``: the length in MP of the shortest supply
#: line (19-5..19-8) from ``start_hex`` for ``unit`` (a ``UnitState``) to the HQ ``hq``, None when
#: there is none within ``max_mp``. Registered by the supply rules.
_SUPPLY_SEARCH: Callable | None = None
#: ``fn(ctx, hq) -> bool | None``: whether the HQ has a line of communication (19-15).
_HQ_LOC: Callable | None = None
#: ``fn(ctx, unit) -> bool | None``: whether the unit is surrounded (20-1).
_SURROUNDED: Callable | None = None


def set_supply_search(supply_line_length: Callable | None = None, hq_has_loc: Callable | None = None,
                      surrounded: Callable | None = None) -> None:
    """Register the supply rules' searches (any of them). Combat rules call them through
    :func:`supply_line_length`, :func:`hq_has_loc` and :func:`is_surrounded`."""
    global _SUPPLY_SEARCH, _HQ_LOC, _SURROUNDED
    if supply_line_length is not None:
        _SUPPLY_SEARCH = supply_line_length
    if hq_has_loc is not None:
        _HQ_LOC = hq_has_loc
    if surrounded is not None:
        _SURROUNDED = surrounded


def supply_line_length(ctx, unit, start: Hex, hq, max_mp: int) -> int | None | type(...):
    """The supply line length (19-8), None when there is none within ``max_mp``, ``...`` when no
    supply search is registered (the verdict is then undetermined)."""
    if _SUPPLY_SEARCH is None:
        return ...
    return _SUPPLY_SEARCH(ctx, unit, start, hq, max_mp)


def hq_has_loc(ctx, hq) -> bool | None:
    return None if _HQ_LOC is None else _HQ_LOC(ctx, hq)


def is_surrounded(ctx, unit) -> bool | None:
    return None if _SURROUNDED is None else _SURROUNDED(ctx, unit)


NO_SUPPLY_SEARCH = ("the supply-line search (19-5..19-8: the supply rules register it with "
                    "combat_record.set_supply_search)")

__all__ = ["Combat", "CombatUnit", "CombatMove", "DieRoll", "Loss", "Modifier", "Payment",
           "Resolution", "set_supply_search", "supply_line_length", "hq_has_loc", "is_surrounded"]
