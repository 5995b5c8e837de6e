"""The Burning Mountains checker: the shared replay timeline (``modgen.replay``) checked against
this system's rules (``rules.py``), with the shared findings and reports (``modgen.check``).

What it reads from a log: the turn tracker (GT / player turn / phase), every drag (moves,
reinforcements, retreats, advances, eliminations), flips (step losses, artillery "Mov"), CE and
supply markers, the Combat button's three dice, and the declarations a log cannot show::

    !attack <hex> with <unit or hex>, …     the combat (the Der Weltkrieg words)
    !withhold <hex> <unit>, …               defender units withheld (7.4, 7.5)
    !retreat <unit> <hex>-<hex>…            a retreat path (as in Der Weltkrieg)
    !advance <unit> <hex>-<hex>             an advance after combat (9.3)
    !recover <unit>                         Combat Effectiveness recovery (10.3, 4.4)
    !optional 15.1 | 15.2                   an optional rule is in play (15.0)

Verdicts that depend on a placeholder value (the CRT, the TdP, the Terrain Effects Chart's MP
costs and most stacking limits) are *undetermined* and say so; verdicts that depend on one of the
rulebook's open contradictions (``rules.CHOICES``) are *undetermined* where the readings differ.
Each combat is summarised with its numbers in the report's notes.
"""
from __future__ import annotations

import heapq
import re
from dataclasses import dataclass, field
from typing import Any

from ...check import declarations as decl
from ...check.findings import UNDETERMINED, VIOLATION, WARNING, Finding, Report, UnitRef
from ...hexgrid import Hex, Hexside
from ...replay import (ChatLine, DiceRolled, PieceCreated, PieceDeleted, PieceFlipped, PieceMoved, PieceSentTo,
                       Replayer, TurnAdvanced, Visitor)
from . import module as M
from . import rules as R
from .data import BmCounter

SYSTEM_RULES = "Burning Mountains"


# --------------------------------------------------------------------------- declarations

def _attack(keyword: str, rest: str) -> decl.Declaration:
    m = re.match(r"^(\d{4})(?:\s+with\s+(.+))?$", rest.strip(), re.I)
    if not m:
        raise decl.DeclarationError("!attack needs the hex attacked, e.g. !attack 2804 with 2703, 56 Inf X")
    refs = tuple(x.strip() for x in (m.group(2) or "").split(",") if x.strip())
    return decl.Declaration(keyword, hexes=(Hex.parse(m.group(1)),), args=refs)


def _withhold(keyword: str, rest: str) -> decl.Declaration:
    m = re.match(r"^(\d{4})\s+(.+)$", rest.strip())
    if not m:
        raise decl.DeclarationError("!withhold needs the hex and the units, e.g. !withhold 2804 Lambro")
    return decl.Declaration(keyword, hexes=(Hex.parse(m.group(1)),),
                            args=tuple(x.strip() for x in m.group(2).split(",") if x.strip()))


def _unit(keyword: str, rest: str) -> decl.Declaration:
    if not rest.strip():
        raise decl.DeclarationError(f"!{keyword} needs a unit")
    return decl.Declaration(keyword, unit=" ".join(rest.split()))


def _optional(keyword: str, rest: str) -> decl.Declaration:
    words = rest.split()
    if not words or any(w not in ("15.1", "15.2") for w in words):
        raise decl.DeclarationError("!optional takes 15.1 and/or 15.2")
    return decl.Declaration(keyword, args=tuple(words))


def _unit_path(keyword: str, rest: str) -> decl.Declaration:
    words = rest.split()
    if len(words) < 2:
        raise decl.DeclarationError(f"!{keyword} needs a unit and a hex path")
    return decl.Declaration(keyword, unit=" ".join(words[:-1]), hexes=decl.parse_hex_path(words[-1]))


GRAMMAR = {"attack": (_attack, "!attack <hex> with <unit or hex>, …"),
           "withhold": (_withhold, "!withhold <hex> <unit>, …"),
           "retreat": (_unit_path, "!retreat <unit> <hex>-<hex>[-<hex>…]"),
           "advance": (_unit_path, "!advance <unit> <hex>-<hex>"),
           "recover": (_unit, "!recover <unit>"),
           "optional": (_optional, "!optional 15.1 | 15.2")}


def parse_declaration(text: str, *, player=None, step=None) -> decl.Declaration | None:
    s = text.strip()
    if not s.startswith("!") or len(s) < 2 or not s[1].isalpha():
        return None
    kw, _, rest = s[1:].partition(" ")
    kw = kw.lower()
    if kw == "att":
        kw = "attack"
    if kw not in GRAMMAR:
        raise decl.DeclarationError(f"unknown declaration !{kw} (known: {', '.join('!' + k for k in sorted(GRAMMAR))})")
    d = GRAMMAR[kw][0](kw, rest)
    return decl.Declaration(d.keyword, d.unit, d.hexes, d.args, s, player, step)


# --------------------------------------------------------------------------- state

@dataclass
class Unit:
    piece: str
    counter: BmCounter | None
    marker: str | None
    map: str | None
    x: int
    y: int
    hex: Hex | None = None
    level: int = 1

    @property
    def is_unit(self) -> bool:
        return self.counter is not None

    @property
    def reduced(self) -> bool:
        return self.counter is not None and not self.counter.is_artillery and self.level >= 2

    @property
    def moved_side(self) -> bool:
        return self.counter is not None and self.counter.is_artillery and self.level >= 2

    def steps(self) -> int:
        if self.counter is None:
            return 0
        return 1 if self.reduced or self.counter.steps == 1 else 2


@dataclass
class Combat:
    hex: Hex
    attackers: list[Unit]
    support: list[Unit]
    step: int
    declared: bool = True
    roll: tuple[int, int, int] | None = None
    roll_step: int | None = None
    summary: str = ""
    defender_drm: int = 0
    retreat_required: int = 0
    defenders: list[Unit] = field(default_factory=list)


class BmChecker(Visitor):
    def __init__(self, game, module):
        self.game = game
        self.module = module
        self.map = next(iter(game.maps.values()))
        self.tec = game.tables["tec"]
        self.crt = game.tables["crt"]
        self.tdp = game.tables["tdp"]
        self.seq = game.tables["sequence"]
        self.grid = None
        self.records = []
        self.units: dict[str, Unit] = {}
        self.findings: list[Finding] = []
        self.notes: list[str] = []
        self.now: tuple[int, str, str] | None = None
        self.step: int | None = None
        self.paths: dict[str, list[Hex]] = {}      # piece -> hexes this movement phase (start first)
        self.spent_over: set[str] = set()
        self.attacked_units: set[str] = set()       # units that ever defended (12.4 "unless attacked")
        self.attacked_now: set[str] = set()         # attacked or attacking this combat phase (7.0)
        self.hexes_attacked_now: set[Hex] = set()
        self.combats: list[Combat] = []
        self.combats_now: list[Combat] = []        # resolved in this Combat Phase
        self.undeclared_roll = False
        self.pending: Combat | None = None
        self.withheld: dict[Hex, list[str]] = {}
        self.optional: set[str] = set()
        self.improved_defence = False
        self.supply: dict[str, str] = {}             # piece -> last own supply state ("in"/"low"/"out"/"?")
        self.prev_supply: dict[str, str] = {}
        self.control: dict[Hex, str] = {}
        self.steps_lost = {"ah": 0, "it": 0}
        self.side_of_nation = {n: game.side_of(n) for n in game.nations}
        for nation, hs in self.map.control_at_start.items():
            for h in hs:
                self.control[h] = self.side_of_nation[nation]
        for h, info in self.map.objectives().items():
            self.control.setdefault(h, "it")

    # ------------------------------------------------------------------ helpers
    def side_of(self, u: Unit) -> str | None:
        return self.side_of_nation.get(u.counter.nation) if u.counter else None

    def label(self) -> tuple[str | None, str | None]:
        if self.now is None:
            return None, None
        gt, side, ph = self.now
        return f"GT {gt}", f"{self._side_name(side)} {M.PHASE_NAMES[ph]}"

    def _side_name(self, sid: str) -> str:
        return next((s.name for s in self.game.sides if s.id == sid), sid)

    def finding(self, rule: str, severity: str, message: str, *, units=(), hexes=(), missing: str = "",
                side: str | None = None, path=(), step: int | None = None) -> None:
        turn, phase = self.label()
        if side is None:
            us = [u for u in units if u.counter]
            side = self.side_of(us[0]) if us else (self.now[1] if self.now else None)
        refs = tuple(UnitRef(u.counter.id, u.counter.name, u.piece) for u in units if u.counter)
        self.findings.append(Finding(rule, severity, message, step if step is not None else self.step, turn, phase,
                                     side, refs, tuple(str(h) for h in hexes), tuple(str(h) for h in path), missing,
                                     check="burning_mountains"))

    def on_map(self, u: Unit) -> bool:
        return u.map == M.MAIN_MAP and u.hex is not None

    def units_at(self, h: Hex) -> list[Unit]:
        return [u for u in self.units.values() if u.is_unit and u.hex == h and u.map == M.MAIN_MAP]

    def markers_at(self, h: Hex, mid: str) -> list[Unit]:
        return [u for u in self.units.values() if u.marker == mid and u.hex == h and u.map == M.MAIN_MAP]

    def enemy_zoc(self, side: str) -> dict[Hex, list[Unit]]:
        """Hexes in the ZOC of the other side's combat units (6.0, 6.1), with who projects it."""
        out: dict[Hex, list[Unit]] = {}
        for u in self.units.values():
            if u.is_unit and self.on_map(u) and self.side_of(u) != side and u.counter.exerts_zoc:
                for n in R.zoc_hexes(u.hex, self.map.hexes.keys(), self.map.crags):
                    out.setdefault(n, []).append(u)
        return out

    def occupied_by(self, side: str, combat_only: bool = False) -> set[Hex]:
        return {u.hex for u in self.units.values() if u.is_unit and self.on_map(u) and self.side_of(u) == side
                and (not combat_only or u.counter.is_combat_unit)}

    def ce_of(self, u: Unit) -> int | None:
        """The unit's CE marker (10.1): a CE marker in a hex of one combat unit belongs to it; in a
        stack of several the log does not say whose it is (None)."""
        ms = self.markers_at(u.hex, "ce")
        if not ms:
            return 0
        mates = [x for x in self.units_at(u.hex) if x.counter.is_combat_unit and self.side_of(x) == self.side_of(u)]
        if len(mates) == 1 and len(ms) == 1:
            return ms[0].level
        return None

    def resolve_unit(self, ref: str, near: Hex | None = None) -> list[Unit]:
        """A unit named in a declaration: name, counter id or designation; or a hex = its units."""
        ref = " ".join(ref.split())
        if re.fullmatch(r"\d{4}", ref):
            return self.units_at(Hex.parse(ref))
        key = ref.casefold()
        hits = [u for u in self.units.values() if u.is_unit and key in (u.counter.id.casefold(),
                                                                       u.counter.name.casefold(),
                                                                       u.counter.designation.casefold())]
        if len(hits) > 1 and near is not None:
            close = [u for u in hits if u.hex is not None and u.hex.distance(near) <= 2]
            hits = close or hits
        return hits[:1] if len(hits) == 1 else hits

    # ------------------------------------------------------------------ the visitor
    def on_start(self, state) -> None:
        for pid, p in state.pieces.items():
            f = p.facts
            m, x, y = p.position
            self.units[pid] = self._make(pid, f.properties, f.layers, m, x, y)
        self.now = self._phase(self.turns.labels(state))
        # an objective holding a combat unit at the start of the log is that side's (14.0: control is
        # not defined in the rulebook; the checker's reading: the side whose combat unit was there last)
        for u in self.units.values():
            if u.is_unit and self.on_map(u) and u.hex in self.control and u.counter.is_combat_unit:
                self.control[u.hex] = self.side_of(u)

    def _make(self, pid, props, layers, m, x, y) -> Unit:
        c = self.game.counters.get(props.get("UnitId") or "")
        u = Unit(pid, c, props.get("MarkerId") or None, m, x, y)
        u.level = layers.get("Step") or layers.get("Moved") or layers.get("Side") or 1
        u.hex = self._locate(m, x, y)
        return u

    def _locate(self, m, x, y) -> Hex | None:
        if m != M.MAIN_MAP:
            return None
        h = self.grid.hex_at(x, y)
        return h if h in self.map.hexes else None

    def _phase(self, labels: dict) -> tuple[int, str, str] | None:
        try:
            gt = int(labels["GT"])
            side = next(s.id for s in self.game.sides if s.name == labels["PlayerTurn"])
            ph = next(k for k, v in M.PHASE_NAMES.items() if v == labels["Phase"])
            return gt, side, ph
        except (KeyError, ValueError, StopIteration):
            return None

    def on_step(self, step, state) -> None:
        self.records.append(step)

    def on_end(self, state=None) -> None:
        for rec in self.records:
            self.step = rec.index
            if rec.undone or rec.is_undo:
                self._sync(rec)
                continue
            self._step(rec)
        self.step = self.records[-1].index if self.records else None
        self._finish_combat()
        self._end_of_log()

    def _sync(self, rec) -> None:
        for ev in rec.events:
            t = type(ev)
            if t in (PieceMoved, PieceSentTo) and ev.piece in self.units:
                u = self.units[ev.piece]
                u.map, u.x, u.y = ev.dst.map, ev.dst.x, ev.dst.y
                u.hex = self._locate(u.map, u.x, u.y)
                if self.paths.get(u.piece):
                    self.paths[u.piece] = self.paths[u.piece][:-1] or self.paths[u.piece]
            elif t is PieceFlipped and ev.piece in self.units:
                self.units[ev.piece].level = ev.new_level

    # ------------------------------------------------------------------ one step
    def _step(self, rec) -> None:
        for ev in rec.events:
            t = type(ev)
            if t is TurnAdvanced:
                new = self._phase(ev.new)
                if new is None:
                    self.finding("3.0", UNDETERMINED, f"turn tracker label {ev.new_text or ev.new!r} is not a GT, "
                                 "player turn and phase of this game", missing="a readable turn tracker")
                    continue
                if new != self.now:
                    self._phase_end()
                    self._turn(self.now, new)
                    self.now = new
                    self._phase_start()
            elif t in (PieceMoved, PieceSentTo):
                u = self.units.get(ev.piece)
                if u is None:
                    continue
                frm, frm_map = u.hex, u.map
                u.map, u.x, u.y = ev.dst.map, ev.dst.x, ev.dst.y
                u.hex = self._locate(u.map, u.x, u.y)
                if u.is_unit and (u.hex != frm or u.map != frm_map):
                    self._moved(u, frm, frm_map, eliminated=t is PieceSentTo and ev.eliminated)
            elif t is PieceFlipped:
                u = self.units.get(ev.piece)
                if u is not None:
                    old = u.level
                    u.level = ev.new_level
                    if u.is_unit and ev.layer == "Step" and ev.new_level > old:
                        self.steps_lost[self.side_of(u)] += 1
                    if u.is_unit and ev.layer == "Moved" and ev.new_level == 1 and self.now and \
                            self.now[2] != "movement":
                        self.finding("12.3", VIOLATION, f"{u.counter.name} flipped back from its Mov side outside a "
                                     "Movement Phase (only an artillery unit not moving during a Movement Phase may "
                                     "be flipped back)", units=[u], hexes=[u.hex] if u.hex else ())
            elif t is PieceCreated:
                self.units[ev.piece] = self._make(ev.piece, ev.properties, ev.layers, ev.where.map, ev.where.x,
                                                  ev.where.y)
            elif t is PieceDeleted:
                u = self.units.pop(ev.piece, None)
                if u is not None and u.is_unit and u.hex is not None:
                    self.steps_lost[self.side_of(u)] += u.steps()
            elif t is DiceRolled:
                self._dice(ev)
            elif t is ChatLine and ev.chat_kind == "chat":
                try:
                    d = parse_declaration(ev.text, player=ev.who, step=self.step)
                except decl.DeclarationError as e:
                    self.finding("declaration", WARNING, f"{e}: {ev.text!r}")
                    continue
                if d is not None:
                    self._declared(d)

    # ------------------------------------------------------------------ 3.0 sequence of play
    def _turn(self, old, new) -> None:
        if old is None:
            return
        exp = self.seq.next(old) if old in self.seq.steps() else None
        if exp is not None and new != exp:
            gt, side, ph = exp
            self.finding("3.0", VIOLATION, f"the turn tracker went from GT {old[0]} {self._side_name(old[1])} "
                         f"{M.PHASE_NAMES[old[2]]} to GT {new[0]} {self._side_name(new[1])} {M.PHASE_NAMES[new[2]]}; "
                         f"the sequence of play continues with GT {gt} {self._side_name(side)} {M.PHASE_NAMES[ph]}",
                         side=new[1])

    def _phase_start(self) -> None:
        self.paths.clear()
        self.spent_over.clear()
        gt, side, ph = self.now
        if ph == "combat":
            self.attacked_now.clear()
            self.hexes_attacked_now.clear()
            self.withheld.clear()
            self.combats_now = []
            self.undeclared_roll = False
        if ph == "supply":
            self._supply_phase(side)

    def _phase_end(self) -> None:
        if self.now is None:
            return
        gt, side, ph = self.now
        if ph == "combat":
            self._finish_combat()
        if ph == "movement":
            self._stacking(side, "the end of its Movement Phase (5.1)")
            self._artillery_moved(side)
        if ph == "combat":
            for s in self.seq.player_turns:
                self._stacking(s, "the end of a Combat Phase (5.1)")

    # ------------------------------------------------------------------ 5 stacking
    def _stacking(self, side: str, when: str) -> None:
        by_hex: dict[Hex, list[Unit]] = {}
        for u in self.units.values():
            if u.is_unit and self.on_map(u) and self.side_of(u) == side:
                by_hex.setdefault(u.hex, []).append(u)
        for h, us in sorted(by_hex.items()):
            arty = [u for u in us if u.counter.is_artillery]
            if len(arty) > 1:
                self.finding("5.1", VIOLATION, f"{len(arty)} artillery units in {h} at {when}: no more than one "
                             "artillery unit may be in a hex", units=arty, hexes=[h], side=side)
            steps = R.stack_steps((u.counter.counts_for_stacking, u.steps()) for u in us)
            terrain = self.map.terrain(h)
            limit = self.tec.stacking(terrain)
            over = R.overstack(steps, limit)
            if not over:
                continue
            known_max = STACKING_MAX.get(terrain)
            msg = (f"{steps} steps in {h} ({terrain.replace('_', ' ')}, limit {limit}) at {when}: "
                   f"{over} over; the owner eliminates the excess (5.2)")
            if known_max is not None and steps > known_max:
                self.finding("5.1", VIOLATION, msg, units=us, hexes=[h], side=side)
            else:
                self.finding("5.1", UNDETERMINED, msg + f" — the limit {limit} is a placeholder (the Terrain "
                             "Effects Chart is not printed)", units=us, hexes=[h], side=side,
                             missing="the printed stacking limit")

    def _artillery_moved(self, side: str) -> None:
        for pid, path in self.paths.items():
            u = self.units.get(pid)
            if u and u.counter and u.counter.is_artillery and len(path) > 1 and not u.moved_side:
                self.finding("12.3", VIOLATION, f"{u.counter.name} moved {'-'.join(map(str, path))} but was not "
                             "flipped to its Mov side (artillery units that move are flipped)", units=[u],
                             hexes=[path[-1]], side=side, path=path)

    # ------------------------------------------------------------------ moves
    def _moved(self, u: Unit, frm: Hex | None, frm_map: str | None, eliminated: bool) -> None:
        if self.now is None:
            return
        gt, phasing, ph = self.now
        side = self.side_of(u)
        if eliminated or u.map == M.ELIMINATED:
            if frm is not None:
                self.steps_lost[side] += u.steps()
            return
        if u.map != M.MAIN_MAP or u.hex is None:
            return
        if frm_map != M.MAIN_MAP:
            self._arrival(u, frm_map)
            return
        self._control(u)
        if ph == "combat":
            self._combat_move(u, frm)
            return
        if ph != "movement" or side != phasing:
            self.finding("3.1", VIOLATION, f"{u.counter.name} moved {frm}-{u.hex} in the "
                         f"{self._side_name(phasing)} {M.PHASE_NAMES[ph]}: units move only in their own Movement "
                         "Phase (retreats and advances in the Combat Phase)", units=[u], hexes=[frm, u.hex], side=side)
            return
        if u.counter.immobile_until and gt <= u.counter.immobile_until and u.piece not in self.attacked_units:
            self.finding("12.4", VIOLATION, f"{u.counter.name} moved on GT {gt}: on GT 1 and GT 2 it may not move "
                         "unless attacked (orange dot)", units=[u], hexes=[frm, u.hex], side=side)
        if u.counter.type == "fortress":
            self.finding("12.2", VIOLATION, f"{u.counter.name} moved: fortresses have no movement allowance",
                         units=[u], hexes=[frm, u.hex], side=side)
            return
        path = self.paths.setdefault(u.piece, [frm])
        if u.hex in path:
            del path[path.index(u.hex) + 1:]
        else:
            path.append(u.hex)
        self._movement(u, path, side)

    def _movement(self, u: Unit, drops: list[Hex], side: str) -> None:
        """4.1-4.3, 4.5, 6.3, 6.4: the unit's drops this phase, cheapest legal path between them."""
        if len(drops) < 2:
            return
        enemy_units = {x.hex for x in self.units.values() if x.is_unit and self.on_map(x) and self.side_of(x) != side
                       and x.counter.is_combat_unit}
        ezoc = self.enemy_zoc(side)
        friendly = {x.hex for x in self.units.values() if x.is_unit and self.on_map(x) and self.side_of(x) == side
                    and x.piece != u.piece}          # the moving unit negates nothing (6.4)
        dest = drops[-1]
        if dest in enemy_units:
            self.finding("4.1", VIOLATION, f"{u.counter.name} entered {dest}, a hex occupied by an enemy combat "
                         "unit", units=[u], hexes=[dest], side=side)
            return
        total = 0.0
        total_lb = 0.0
        full: list[Hex] = [drops[0]]
        for a, b in zip(drops, drops[1:]):
            best = self._cheapest(a, b, side, enemy_units, ezoc, friendly)
            if best is None:
                why = self._why_blocked(a, b, ezoc, friendly)
                self.finding(why[0], VIOLATION, f"{u.counter.name} moved {a}-{b}: {why[1]}", units=[u],
                             hexes=[a, b], side=side, path=drops)
                return
            cost, lb, hexes = best
            total += cost
            total_lb += lb
            full.extend(hexes[1:])
        ma = u.counter.front.ma
        if len(full) == 2 and full[0].direction_to(full[1]) is not None:
            return                                              # 4.3: one hex regardless of cost
        if u.piece in self.spent_over:
            return
        if total_lb > ma:
            self.spent_over.add(u.piece)
            for a, b in zip(drops, drops[1:]):
                if a.direction_to(b) is not None and (Hexside.of(a, b) in self.map.crags
                                                      or self._six_four(a, b, ezoc, friendly) and a in ezoc and b in ezoc):
                    rule, why = self._why_blocked(a, b, ezoc, friendly)
                    self.finding(rule, VIOLATION, f"{u.counter.name} moved {a}-{b}: {why}; the way round costs at least "
                                 f"{total_lb:g} MP, MA {ma}", units=[u], hexes=[a, b], side=side, path=full)
                    return
            self.finding("4.1", VIOLATION, f"{u.counter.name} spent at least {total_lb:g} MP ({'-'.join(map(str, full))}: "
                         f"one per hex entered plus the EZOC costs of 6.3) with MA {ma}", units=[u],
                         hexes=[full[-1]], side=side, path=full)
        elif total > ma:
            self.spent_over.add(u.piece)
            self.finding("4.1", UNDETERMINED, f"{u.counter.name} spent {total:g} MP by the placeholder Terrain "
                         f"Effects Chart ({'-'.join(map(str, full))}) with MA {ma}", units=[u], hexes=[full[-1]],
                         side=side, path=full, missing="the printed Terrain Effects Chart MP costs")

    def _why_blocked(self, a, b, ezoc, friendly) -> tuple[str, str]:
        if a.direction_to(b) is not None:
            if Hexside.of(a, b) in self.map.crags:
                return "4.5", "it crosses a crag hexside (no unit crosses crags)"
            if self._six_four(a, b, ezoc, friendly):
                return "6.4", ("directly from one EZOC to another of the same enemy unit at a higher altitude "
                               "than both hexes")
        return "4.1", "no path between them avoids crags, enemy combat units and 6.4"

    def _six_four(self, a: Hex, b: Hex, ezoc, friendly) -> bool:
        """6.4 (friendly units negate the EZOC of their hex for this rule)."""
        if a in friendly or b in friendly:
            return False
        common = {x.piece for x in ezoc.get(a, ())} & {x.piece for x in ezoc.get(b, ())}
        alt_a, alt_b = self.map.altitude(a), self.map.altitude(b)
        return any(self.map.altitude(self.units[p].hex) > max(alt_a, alt_b) for p in common)

    def step_cost(self, a: Hex, b: Hex, ezoc) -> tuple[float, float]:
        """(placeholder TEC cost, rulebook lower bound) of one hex: 4.2, 6.3."""
        in_a, in_b = a in ezoc, b in ezoc
        road = self.map.has_road(a, b) and not in_a and not in_b
        cost = self.tec.road_mp if road else self.tec.terrain[self.map.terrain(b)].mp
        lb = 0.0 if road else 1.0
        side = Hexside.of(a, b)
        if not road:
            if side in self.map.rivers:
                cost += self.tec.bridge_mp if side in self.map.bridges else self.tec.river_mp
            elif side in self.map.streams:
                cost += self.tec.stream_mp
        z = (self.tec.zoc_exit if in_a else 0) + (self.tec.zoc_enter if in_b else 0)
        return cost + z, lb + z

    def _cheapest(self, a: Hex, b: Hex, side, enemy_units, ezoc, friendly):
        """Dijkstra from a to b (bounded): (cost, lower bound, hexes) or None."""
        if a == b:
            return 0.0, 0.0, [a]
        best = {a: (0.0, 0.0)}
        prev: dict[Hex, Hex] = {}
        q = [(0.0, 0.0, a)]
        limit = a.distance(b) + 8
        while q:
            c, lb, h = heapq.heappop(q)
            if h == b:
                path = [b]
                while path[-1] != a:
                    path.append(prev[path[-1]])
                return c, lb, path[::-1]
            if c > best.get(h, (1e9, 0))[0]:
                continue
            for n in h.neighbours():
                if n not in self.map.hexes or n.distance(a) > limit or Hexside.of(h, n) in self.map.crags:
                    continue
                if n in enemy_units:
                    continue
                if h in ezoc and n in ezoc and self._six_four(h, n, ezoc, friendly):
                    continue
                sc, slb = self.step_cost(h, n, ezoc)
                nc = c + sc
                if nc < best.get(n, (1e9, 0))[0]:
                    best[n] = (nc, lb + slb)
                    prev[n] = h
                    heapq.heappush(q, (nc, lb + slb, n))
        return None

    def _control(self, u: Unit) -> None:
        if u.hex in self.control and u.counter.is_combat_unit:
            self.control[u.hex] = self.side_of(u)

    # ------------------------------------------------------------------ 13 reinforcements
    def _arrival(self, u: Unit, frm_map: str | None) -> None:
        gt, phasing, ph = self.now
        side = self.side_of(u)
        c = u.counter
        self._control(u)
        if frm_map == M.ELIMINATED:
            self.finding("10.3.2", VIOLATION, f"{c.name} came back from the eliminated units: eliminated units "
                         "never return", units=[u], hexes=[u.hex], side=side)
            return
        if c.arrival is None:
            return
        reinf = self.game.tables["reinforcements"].of_unit(c.id)
        if ph != "reinforcement" or side != phasing:
            self.finding("13.0", VIOLATION, f"{c.name} entered the map in the {self._side_name(phasing)} "
                         f"{M.PHASE_NAMES[ph]}: reinforcements are placed in their own Reinforcement Phase",
                         units=[u], hexes=[u.hex], side=side)
        elif gt < c.arrival:
            self.finding("13.0", VIOLATION, f"{c.name} entered on GT {gt}; it arrives on GT {c.arrival}",
                         units=[u], hexes=[u.hex], side=side)
        elif reinf is not None and u.hex not in reinf.entry:
            blocked = any(self.units_at(h) and all(self.side_of(x) != side for x in self.units_at(h))
                          for h in reinf.entry)
            edge = self.map.supply_edges.get(c.nation, frozenset())
            if blocked and u.hex in edge:
                return
            self.finding("13.0", UNDETERMINED if reinf.source and self.game.tables["reinforcements"].provenance.kind
                         == "placeholder" else VIOLATION,
                         f"{c.name} entered at {u.hex}; its entry hexes are {reinf.entry[0]}-{reinf.entry[-1]} "
                         "(or the nearest unblocked friendly edge hex if they are enemy-occupied)", units=[u],
                         hexes=[u.hex], side=side, missing="the printed reinforcement schedule (placeholder)")

    # ------------------------------------------------------------------ 11 supply
    def sources(self, nation: str, side: str) -> set[Hex]:
        edge = self.map.supply_edges.get(nation, frozenset())
        blocked = self.occupied_by(other(side)) | set(self.enemy_zoc(side))
        return R.road_sources(edge, self.map.road_sides, blocked)

    def supply_states(self, u: Unit) -> tuple[str, str]:
        """(state by 11.3: one EZOC hex allowed, state by 6.2: none)."""
        side = self.side_of(u)
        src = self.sources(u.counter.nation, side)
        ezoc = set(self.enemy_zoc(side))
        kw = dict(sources=src, on_map=self.map.hexes.keys(), crags=self.map.crags,
                  enemy_occupied=self.occupied_by(other(side)), ezoc=ezoc, friendly_occupied=self.occupied_by(side))
        a = R.supply_state_of(R.supply_path_length(u.hex, max_ezoc=1, **kw))
        b = R.supply_state_of(R.supply_path_length(u.hex, max_ezoc=0, **kw))
        return a, b

    def _supply_phase(self, side: str) -> None:
        for u in self.units.values():
            if not (u.is_unit and self.on_map(u) and self.side_of(u) == side):
                continue
            a, b = self.supply_states(u)
            state = a if a == b else "?"
            prev = self.supply.get(u.piece)
            self.prev_supply[u.piece] = prev
            self.supply[u.piece] = state
            if prev == "out" and a == "out" and b == "out":
                self.notes.append(f"step {self.step}: 11.5 attrition: {u.counter.name} in {u.hex} is out of supply "
                                  "for the second consecutive supply phase: 2 CE reductions")

    def supply_of(self, u: Unit) -> str:
        return self.supply.get(u.piece, "in")

    # ------------------------------------------------------------------ declarations
    def _declared(self, d: decl.Declaration) -> None:
        if d.keyword == "attack":
            self._finish_combat()
            self._attack_declared(d)
        elif d.keyword == "withhold":
            self.withheld.setdefault(d.hexes[0], []).extend(d.args)
        elif d.keyword == "optional":
            self.optional.update(d.args)
        elif d.keyword == "recover":
            self._recover(d)

    def _recover(self, d) -> None:
        us = self.resolve_unit(d.unit or "")
        if len(us) != 1:
            self.finding("10.3", UNDETERMINED, f"!recover {d.unit}: no single unit by that name",
                         missing="an unambiguous unit name")
            return
        u = us[0]
        gt, phasing, ph = self.now or (0, "", "")
        enemies = [x.hex for x in self.units.values() if x.is_unit and self.on_map(x) and self.side_of(x) != self.side_of(u)]
        dist = min((u.hex.distance(h) for h in enemies), default=None) if u.hex else None
        ce = self.ce_of(u) if u.hex else 0
        ok, why = R.can_recover(unit_type=u.counter.type, ce=ce if ce is not None else 1,
                                in_supply=self.supply_of(u) in ("in", "?"),
                                moved=len(self.paths.get(u.piece, [])) > 1, ma=u.counter.front.ma,
                                enemy_distance=dist)
        if ph != "movement" or self.side_of(u) != phasing:
            ok, why = False, "recovery is made in the unit's own Movement Phase (3.0, 4.4)"
        if not ok:
            self.finding("10.3", VIOLATION, f"{u.counter.name} recovered Combat Effectiveness: {why}", units=[u],
                         hexes=[u.hex] if u.hex else ())
        elif self.supply_of(u) == "?":
            self.finding("10.3", UNDETERMINED, f"{u.counter.name} recovered: in supply by 11.3, not by 6.2",
                         units=[u], missing="which of 6.2 / 11.3 applies (open contradiction)")

    # ------------------------------------------------------------------ 7-9 combat
    def _attack_declared(self, d: decl.Declaration) -> None:
        target = d.hexes[0]
        gt, phasing, ph = self.now or (0, "", "")
        if ph != "combat":
            self.finding("7.0", VIOLATION, f"attack on {target} declared in the {M.PHASE_NAMES.get(ph, ph)}: the "
                         "phasing player attacks in his Combat Phase")
        attackers: list[Unit] = []
        for ref in d.args:
            hits = self.resolve_unit(ref, near=target)
            if not hits:
                self.finding("7.1", UNDETERMINED, f"!attack {target}: no unit {ref!r}", missing="a unit name the game knows")
            attackers += [h for h in hits if h not in attackers]
        if not d.args:
            attackers = [u for n in target.neighbours() for u in self.units_at(n) if self.side_of(u) == phasing]
        self.pending = Combat(target, [u for u in attackers if not u.counter.is_artillery],
                              [u for u in attackers if u.counter.is_artillery], self.step)

    def _dice(self, ev: DiceRolled) -> None:
        if ev.button == "1d6" and "15.1" in self.optional and self.now and self.now[2] == "reinforcement" \
                and len(ev.values) == 1:
            gt, side = self.now[0], self.now[1]
            die = int(ev.values[0])
            if side == "it":
                rp = R.italian_replacement(gt, die)
                self.notes.append(f"step {self.step}: 15.1 Italian unpreparedness: GT {gt}, die {die} -> "
                                  f"{rp} replacement point" + ("" if gt < 7 else " (automatic from GT 7)"))
            elif R.brusilov_stops(gt, die):
                self.notes.append(f"step {self.step}: 15.1 Brusilov Offensive: GT {gt}, die {die}: the A-H "
                                  "replacement points stop for the rest of the game")
            return
        if ev.button != M.COMBAT_DICE:
            if ev.button == "2d6" and "15.2" in self.optional and self.now and self.now[1] == "it" \
                    and self.now[2] == "reinforcement" and len(ev.values) == 2:
                total = sum(int(v) for v in ev.values)
                if R.improved_defence(self.now[0], total):
                    self.improved_defence = True
                self.notes.append(f"step {self.step}: 15.2: 2d6 = {total} + GT {self.now[0]} = {total + self.now[0]}"
                                  f" -> {'Italian defence +1 from now on' if self.improved_defence else 'no effect'}")
            return
        c = self.pending
        if c is None or c.roll is not None:
            self.undeclared_roll = True
            self.finding("8.3", UNDETERMINED, "a Combat roll with no !attack declared before it: which hex was "
                         "attacked, and by whom, is not known", missing="!attack <hex> with <units>")
            return
        vals = [int(v) for v in ev.values]
        if len(vals) != 3:
            self.finding("8.3", WARNING, f"the Combat button rolled {len(vals)} dice, not 3")
            return
        c.roll = (vals[0], vals[1], vals[2])
        c.roll_step = self.step
        self._resolve(c)

    def _resolve(self, c: Combat) -> None:
        """8.1-8.5: odds, shifts, CRT, magnitude and the TdP DRMs, with the checks along the way."""
        gt, phasing, _ph = self.now
        target = c.hex
        defenders_all = [u for u in self.units_at(target) if self.side_of(u) != phasing]
        if not defenders_all:
            self.finding("7.0", VIOLATION, f"{target} was attacked but holds no enemy unit", hexes=[target])
            return
        dside = self.side_of(defenders_all[0])
        for u in c.attackers + c.support:
            if self.side_of(u) != phasing:
                self.finding("7.0", VIOLATION, f"{u.counter.name} is not a unit of the phasing player", units=[u])
        # 7.0: once per combat phase
        for u in c.attackers:
            if u.piece in self.attacked_now:
                self.finding("7.0", VIOLATION, f"{u.counter.name} attacks a second time this Combat Phase",
                             units=[u], hexes=[target])
        if target in self.hexes_attacked_now:
            self.finding("7.0", VIOLATION, f"{target} is attacked a second time this Combat Phase", hexes=[target])
        self.hexes_attacked_now.add(target)
        # 7.1 adjacency, 7.8 crags; 12.3 artillery range, moved artillery, artillery alone
        attackers = []
        for u in c.attackers:
            if u.hex is None or u.hex.direction_to(target) is None:
                self.finding("7.1", VIOLATION, f"{u.counter.name} in {u.hex} is not adjacent to {target}", units=[u],
                             hexes=[target])
                continue
            if Hexside.of(u.hex, target) in self.map.crags:
                self.finding("7.8", VIOLATION, f"{u.counter.name} attacks across the crag hexside {u.hex}/{target} "
                             "(no unit attacks across crags; artillery may support)", units=[u], hexes=[u.hex, target])
                continue
            attackers.append(u)
        if not attackers:
            self.finding("12.3", VIOLATION, f"the attack on {target} has no combat unit: artillery cannot attack "
                         "alone", hexes=[target])
            return
        support = []
        for u in c.support:
            rng = 2 if u.counter.type == "heavy-art" else 1
            near = any(u.hex is not None and u.hex.distance(a.hex) <= rng for a in attackers)
            if not near:
                self.finding("12.3", VIOLATION, f"{u.counter.name} supports the attack on {target} from {u.hex}: "
                             f"artillery adds its value to a unit within {rng} hex(es)", units=[u], hexes=[target])
                continue
            if u.moved_side:
                self.finding("12.3", VIOLATION, f"{u.counter.name} is on its Mov side: moved artillery cannot "
                             "support any combat", units=[u], hexes=[target])
                continue
            support.append(u)
        # 7.2 command
        corps = [u.counter.corps for u in attackers]
        if not R.attack_command_ok(corps):
            self.finding("7.2", VIOLATION, f"{len(attackers)} units attack {target} ({', '.join(c or 'independent' for c in corps)}): "
                         "at most all the units of one corps plus two others, or three independent units",
                         units=attackers, hexes=[target])
        # 7.8 steps per attacking hex
        limit = self.tec.stacking(self.map.terrain(target))
        by_hex: dict[Hex, int] = {}
        for u in attackers:
            by_hex[u.hex] = by_hex.get(u.hex, 0) + u.steps()
        known_max = STACKING_MAX.get(self.map.terrain(target))
        for h, n in sorted(by_hex.items()):
            if n > limit:
                sev = VIOLATION if known_max is not None and n > known_max else UNDETERMINED
                self.finding("7.8", sev, f"{n} steps attack {target} from {h}; the defending hex's stacking limit is "
                             f"{limit}" + ("" if sev == VIOLATION else " (placeholder)"), units=attackers,
                             hexes=[h, target], missing="" if sev == VIOLATION else "the printed stacking limit")
        # 7.4 / 7.5 defenders
        defenders = [u for u in defenders_all if not u.counter.is_artillery]
        arty_def = [u for u in defenders_all if u.counter.is_artillery]
        if not defenders and arty_def:
            self.finding("12.3", VIOLATION, f"{target} holds only artillery: it cannot be attacked (it is eliminated "
                         "when an enemy unit enters the hex)", hexes=[target])
            return
        withheld_refs = self.withheld.get(target, [])
        withheld = [u for ref in withheld_refs for u in self.resolve_unit(ref, near=target) if u in defenders]
        fighting = [u for u in defenders if u not in withheld]
        notes_7_4 = ""
        if not R.defence_command_ok([u.counter.corps for u in fighting]):
            k = R.defence_withheld_count([u.counter.corps for u in fighting])
            notes_7_4 = (f"; 7.4: {len(fighting)} units in {target}, at most {len(fighting) - k} defend, {k} withheld "
                         "(the defender's choice, not declared: the strongest defend)")
            self.finding("7.4", UNDETERMINED, f"{len(fighting)} units defend {target}: at most one corps plus one "
                         f"other unit, or two independent units; {k} must be withheld, the defender's choice",
                         units=fighting, hexes=[target], missing=f"!withhold {target} <unit>")
            fighting = self._best_defence(fighting, k)
        c.defenders = fighting
        for u in attackers + fighting:
            self.attacked_now.add(u.piece)
        for u in defenders_all:
            self.attacked_units.add(u.piece)
        # strengths
        dterrain = self.map.terrain(target)
        att_types = [u.counter.type for u in attackers]
        def_types = [u.counter.type for u in fighting]
        unknown = []
        att_total = 0
        lines = []
        for u in attackers:
            v = u.counter.values(u.reduced)
            ce = self.ce_of(u)
            if ce is None:
                unknown.append(u.counter.name)
                ce = 0
            upslope = self.map.altitude(u.hex) < self.map.altitude(target)
            stream = Hexside.of(u.hex, target) in self.map.streams
            s = R.attack_strength(v.attack, ce=ce, supply=self._supply_val(u), upslope=upslope, across_stream=stream,
                                  mountain_bonus=R.mountain_bonus(u.counter.type, dterrain, def_types))
            if s <= 0:
                self.finding("7.5", VIOLATION, f"{u.counter.name} attacks with a modified attack strength of {s}",
                             units=[u], hexes=[target])
            att_total += max(0, s)
            lines.append(f"{u.counter.name} {s}")
        def_total = 0
        for u in fighting:
            v = u.counter.values(u.reduced)
            ce = self.ce_of(u)
            if ce is None:
                unknown.append(u.counter.name)
                ce = 0
            s = R.defence_strength(v.defence, ce=ce, supply=self._supply_val(u),
                                   mountain_bonus=R.mountain_bonus(u.counter.type, dterrain, att_types),
                                   improved=self.improved_defence and self.side_of(u) == "it"
                                   and u.counter.is_combat_unit)
            def_total += max(0, s)
        # AV (7.8, 11.1, 12.2, 12.3)
        max_att_alt = max(self.map.altitude(a.hex) for a in attackers)
        av_att = {r: sum(R.unit_av(u.counter.front.av, supply=self._supply_val(u),
                                   altitude_bonus=self.map.altitude(u.hex) > self.map.altitude(target), reading=r)
                         for u in attackers + support) for r in ("A", "C")}
        higher = self.map.altitude(target) > max_att_alt
        def_av_units = fighting + arty_def
        av_def = {r: sum(R.unit_av(u.counter.front.av, supply=self._supply_val(u), altitude_bonus=higher, reading=r)
                         for u in def_av_units) for r in ("A", "C")}
        # flank (7.9, 7.9.2, 12.2, 12.4)
        enemy_hexes = self.occupied_by(phasing)
        friendly = self.occupied_by(dside)
        gt1 = gt == 1 and dside == "it" and bool(support)
        flanked, why = R.is_flanked(target, on_map=self.map.hexes.keys(), crags=self.map.crags,
                                    attacker_hexes=[a.hex for a in attackers], enemy_hexes=enemy_hexes,
                                    friendly_hexes=friendly - {target}, is_edge=self.map.is_edge(target),
                                    with_fortress=any(u.counter.type == "fortress" for u in defenders_all),
                                    gt1_artillery=gt1)
        if def_total <= 0:
            self.notes.append(f"step {c.roll_step}: combat on {target}: the defenders have no defence strength: "
                              "eliminated if attacked (7.5)")
            return
        odds = R.final_odds(att_total, def_total, self.crt.columns, shift=2 if flanked else 0)
        if not odds.legal:
            self.finding("8.2", VIOLATION, f"attack on {target} at {odds.initial} (attack {att_total} vs defence "
                         f"{def_total}{', flanked +2' if flanked else ''}): combats below 1:3 are not allowed",
                         units=attackers, hexes=[target])
            return
        roll = c.roll
        crt_roll = roll[0] + roll[1]
        att_res, def_res = self.crt.result(odds.column, crt_roll)
        steps = sum(u.steps() for u in attackers + fighting)
        mag = R.magnitude(steps)
        # TdP DRMs (9.4.1); the retreat guideline DRM is known only after the retreat
        a_drms = R.tdp_drms(crt_drm=att_res.drm, opponent_av=av_def["A"], defender=False)
        d_drms = R.tdp_drms(crt_drm=def_res.drm, opponent_av=av_att["A"], defender=True, flanked=flanked,
                            over=odds.over)
        a_die = roll[2] + sum(v for _, v in a_drms)
        d_die = roll[2] + sum(v for _, v in d_drms)
        readings_differ = (R.artillery_drm(av_att["A"]) != R.artillery_drm(av_att["C"])
                           or R.artillery_drm(av_def["A"]) != R.artillery_drm(av_def["C"]))
        c.defender_drm = sum(v for _, v in d_drms)
        c.retreat_required = def_res.retreat
        c.summary = (f"step {c.roll_step}: combat on {target} ({dterrain.replace('_', ' ')}): attack {att_total} "
                     f"({', '.join(lines)}) vs defence {def_total} ({len(fighting)} defending, "
                     f"{len(defenders) - len(fighting)} withheld{notes_7_4}); ratio {odds.initial}; "
                     f"{'flanked (' + why + '), 2 columns right; ' if flanked else ''}column {odds.column}"
                     f"{f', {odds.over} over 4:1' if odds.over else ''}; CRT dice {roll[0]}+{roll[1]} = {crt_roll}: "
                     f"{att_res.text}/{def_res.text} (placeholder CRT); magnitude {mag} ({steps} steps); TdP die "
                     f"{roll[2]}: attacker {roll[2]} {_fmt(a_drms)} = {a_die} -> {self.tdp.reductions(mag, a_die)}, "
                     f"defender {roll[2]} {_fmt(d_drms)} = {d_die} -> {self.tdp.reductions(mag, d_die)} CE reductions "
                     f"(placeholder TdP); AV attacker {av_att['A']} (DRM +{R.artillery_drm(av_att['A'])}), defender "
                     f"{av_def['A']} (DRM +{R.artillery_drm(av_def['A'])})")
        if readings_differ:
            c.summary += ("; the AV DRM differs under the other reading of 'artillery value of zero is considered "
                          "one' (7.8): undetermined")
            self.finding("7.8", UNDETERMINED, f"the TdP DRM of the combat on {target} depends on how 'artillery value "
                         "of zero is considered one' is read", hexes=[target], missing="the meaning of 7.8's last "
                         "sentence (open)")
        if unknown:
            c.summary += f"; CE of {', '.join(unknown)} not known (a CE marker in a stack of several units)"
        if any(self.supply_of(u) == "?" for u in attackers + fighting):
            c.summary += "; a unit's supply differs between 6.2 and 11.3: strengths undetermined"
        self.combats.append(c)
        self.combats_now.append(c)

    def _best_defence(self, units: list[Unit], k: int) -> list[Unit]:
        best = None
        from itertools import combinations
        for keep in combinations(units, len(units) - k):
            if R.defence_command_ok([u.counter.corps for u in keep]):
                s = sum(u.counter.values(u.reduced).defence or 0 for u in keep)
                if best is None or s > best[0]:
                    best = (s, list(keep))
        return best[1] if best else units

    def _supply_val(self, u: Unit) -> str:
        s = self.supply_of(u)
        return "in" if s == "?" else s

    def _combat_move(self, u: Unit, frm: Hex | None) -> None:
        """A move in a Combat Phase: a retreat (9.2) or an advance (9.3) after the last combat."""
        c = self.combats_now[-1] if self.combats_now else None
        if c is None:
            if self.undeclared_roll:
                self.finding("9.2", UNDETERMINED, f"{u.counter.name} moved {frm}-{u.hex} after a combat whose hex "
                             "and units were not declared", units=[u], missing="!attack before the roll")
            else:
                self.finding("3.1", VIOLATION, f"{u.counter.name} moved {frm}-{u.hex} in a Combat Phase in which no "
                             "combat was resolved before it: units move in their own Movement Phase, and in a Combat "
                             "Phase only to retreat or advance after a combat", units=[u], hexes=[frm, u.hex])
            return
        if u in c.defenders or (u.hex and frm == c.hex and self.side_of(u) != self.now[1]):
            if u.counter.is_artillery:
                self.finding("12.3", VIOLATION, f"{u.counter.name} retreated: artillery cannot retreat after a combat "
                             "and is eliminated if forced to", units=[u], hexes=[frm, u.hex])
            if frm is not None and frm.direction_to(u.hex) is not None and Hexside.of(frm, u.hex) in self.map.crags:
                self.finding("4.5", VIOLATION, f"{u.counter.name} retreated across a crag hexside {frm}/{u.hex}",
                             units=[u], hexes=[frm, u.hex])
            enemies = {x.hex for x in self.units.values() if x.is_unit and self.on_map(x) and self.side_of(x) !=
                       self.side_of(u) and x.counter.is_combat_unit}
            if u.hex in enemies:
                self.finding("4.1", VIOLATION, f"{u.counter.name} retreated into {u.hex}, held by an enemy combat unit",
                             units=[u], hexes=[u.hex])
            if c.retreat_required == 0:
                self.finding("9.2", UNDETERMINED, f"{u.counter.name} retreated from {frm} though the CRT result is "
                             "no retreat (placeholder CRT)", units=[u], hexes=[frm, u.hex],
                             missing="the printed CRT")
            return
        if self.side_of(u) == self.now[1] and u.hex == c.hex:
            if any(x for x in self.units_at(c.hex) if self.side_of(x) != self.side_of(u)):
                self.finding("9.3", VIOLATION, f"{u.counter.name} advanced into {c.hex}, which the defender has not "
                             "vacated", units=[u], hexes=[c.hex])
            elif u not in c.attackers:
                self.finding("9.3", VIOLATION, f"{u.counter.name} advanced into {c.hex} but did not attack it "
                             "(withheld units may not advance)", units=[u], hexes=[c.hex])
            return
        if self.side_of(u) != self.now[1] and u not in c.defenders and frm != c.hex:
            self.finding("9.3", VIOLATION, f"{u.counter.name} of the defender moved {frm}-{u.hex} in the Combat "
                         "Phase: a victorious defender never advances", units=[u], hexes=[frm, u.hex])

    def _finish_combat(self) -> None:
        c = self.pending
        self.pending = None
        if c is None or c.roll is None:
            return
        if c.summary:
            self.notes.append(c.summary)

    # ------------------------------------------------------------------ 14 victory
    def _end_of_log(self) -> None:
        obj = self.map.objectives()
        vp_obj = sum(obj[h].vp for h, s in self.control.items() if s == "ah" and h in obj)
        vp = vp_obj + self.steps_lost["it"] - self.steps_lost["ah"]
        marker = [u for u in self.units.values() if u.marker == "vp" and u.map == M.TRACKS]
        shown = None
        if marker:
            loc = self.module.location_name(M.TRACKS, marker[0].x, marker[0].y)
            if loc.startswith("VP "):
                shown = int(loc[3:]) + (50 if marker[0].level == 2 else 0)
        self.notes.append(f"14.0: A-H VP {vp} = objectives {vp_obj} + Italian steps eliminated "
                          f"{self.steps_lost['it']} - A-H steps eliminated {self.steps_lost['ah']}"
                          + (f"; the VP track shows {shown}" if shown is not None else "")
                          + (f"; {R.victory(vp)}" if self.now and self.now[0] == 14 and self.now[1] == "it"
                             and self.now[2] == "combat" else ""))
        if shown is not None and shown != vp:
            self.finding("14.0", UNDETERMINED, f"the VP track shows {shown}, the log gives {vp} (control of "
                         "objectives is the checker's reading: the side whose combat unit entered last)",
                         missing="a printed definition of control")


STACKING_MAX = {"low_mountain": 5, "high_mountain": 2}   # upper bounds the rulebook's examples fix (7.8, 9.2.1)


def other(side: str) -> str:
    return "it" if side == "ah" else "ah"


def _fmt(drms) -> str:
    return " ".join(f"{'+' if v >= 0 else ''}{v} ({k})" for k, v in drms) if drms else "+0"


# --------------------------------------------------------------------------- entry points

_XML: dict[int, tuple[Any, bytes]] = {}


def game_module(game):
    """Our module as VASSAL reads it, from the game data (for the turn tracker and grids): a fresh
    read of our buildFile.xml each time (a replay's BoardPicker may change a map's layout)."""
    from ...model.geometry import board_geometry
    from ...vassal.buildfile import read_module
    m = next(iter(game.maps.values()))
    grid, w, h = board_geometry(m)
    hit = _XML.get(id(game))
    if hit is None or hit[0] is not game:
        if len(_XML) >= 8:
            _XML.clear()
        hit = _XML[id(game)] = (game, M.buildfile(game, M.slots(game), {}, (grid, w, h,
                                                                            "map-burning-mountains.png"), []))
    module = read_module(hit[1], name=f"{game.id} buildFile.xml (from the game data)")
    for mi in module.maps.values():
        for name, b in mi.boards.items():
            if name == m.id and b.grid is not None:
                b._width, b._height = w, h
    return module


def check_log(log, game, module=None) -> Report:
    from ...model.geometry import board_geometry
    module = module if module is not None else (log.module or game_module(game))
    checker = BmChecker(game, module)
    checker.grid, _, _ = board_geometry(checker.map)
    replayer = Replayer(log.saved, module)
    checker.turns = replayer.turns
    replayer.run(checker)
    notes = [f"checker's choice ({k}): {v}" for k, v in R.CHOICES.items()] + checker.notes
    return Report(checker.findings, game.id, "bm-1916-05", log.file, log.n_steps, scenario_basis="the one game of 1.1",
                  notes=notes, side_names={s.id: s.name for s in game.sides})
