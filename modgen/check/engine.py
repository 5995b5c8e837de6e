"""The checker's engine: the rules run over the shared replay timeline (``modgen.replay``).

:class:`Checker` is a ``modgen.replay.Visitor``: the replay walks the log once with VASSAL's
semantics (the same records ``modgen log`` prints), the checker keeps a :class:`CheckContext` up
to date from each step's events (``PieceMoved``/``PieceSentTo``/``PieceFlipped``/``PieceChanged``/
``PieceCreated``/``PieceDeleted``/``TurnAdvanced``/``ChatLine``) and calls the rules.

Rules are small functions registered with :func:`rule`; each names its rule number and the moment
it runs (its *hook*):

* ``setup(ctx)``                       once, on the begin state of the log
* ``move(ctx, unit, frm, to, frm_map)`` a unit piece changed place (``frm``/``to`` hexes or None)
* ``restack(ctx, unit, hex)``           a piece moved within its hex (its stack order changed)
* ``flip(ctx, unit, before, after)``    the unit's ``Step`` layer changed level
* ``layer(ctx, piece, layer, before, after)`` any layer of any piece changed level (a system
                                        whose pieces have other layers: Burning Mountains'
                                        artillery ``Moved`` side, its markers' ``Side``)
* ``turn(ctx, old, new)``               the turn tracker changed (``PhaseInfo`` before / after)
* ``phase_end(ctx, ended)``             the turn tracker left a phase (end-of-phase checks)
* ``declare(ctx, declaration)``         a chat declaration was read
* ``change(ctx, unit, changes)``        properties of a piece changed in place (``D/``): ``changes``
                                        maps a property name to [old, new] (HQ ``SupplyPoints``,
                                        marker values)
* ``dice(ctx, roll)``                   a DiceButton roll (``modgen.replay.DiceRolled``)
* ``combat(ctx, combat)``               a combat is complete (a system's combat record, e.g.
                                        ``modgen.systems.der_weltkrieg.combat_record.Combat``)
* ``end(ctx)``                          after the last step

Every function returns an iterable of findings (or None). Steps a later undo reversed, and the undo
steps themselves, are not checked: together they leave the state unchanged.

The engine knows no rules system: the game names its system (``Game.system``), and
``modgen.system.find`` gives the modules whose rules run (``System.rules`` and the game's own),
the turn structure that reads the tracker and the chat keywords it adds. A rule module only has
to be listed there; its ``@rule`` functions run in the order of that list, then of definition.
A system that keeps bookkeeping of its own across hooks (Burning Mountains: Combat Effectiveness,
supply states, the combat in progress) names a factory in ``System.state``; the engine makes one
object per check and hands it to the rules as ``ctx.state``.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Iterable

import importlib

from ..model.theatre import hex_names
from ..errors import ModgenError
from ..hexgrid import Hex
from ..model.types import Game, Scenario
from ..replay import (ChatLine, DiceRolled, GameState, PieceChanged, PieceCreated, PieceDeleted,
                      PieceFlipped, PieceMoved, PieceSentTo, Replayer, StepRecord, TurnAdvanced,
                      Visitor)
from ..replay.turns import TurnDecoder
from ..system import System, system_of
from . import declarations as decl
from .context import Board, CheckContext, PhaseInfo, UnitState, boards_for
from .coverage import Coverage, assess
from .findings import WARNING, Finding, Report, _rule_key
from .logread import LogData, our_module

HOOKS = ("setup", "move", "restack", "flip", "layer", "turn", "phase_end", "declare", "change",
         "dice", "combat", "end")
#: What a ``move`` rule may say it looks at (``@rule(..., moves=...)``), by the hexes the hook
#: passes: ``frm`` and ``to`` both set (a move on the map), only ``to`` (a piece placed on the
#: map: set-up, reinforcement, rebuilt unit), only ``frm`` (taken off the map: eliminated,
#: withdrawn), neither (a change off the map). The engine skips a rule on the others, without
#: calling it: it must do nothing there (no finding, no bookkeeping).
ON_MAP, ARRIVALS, DEPARTURES, OFF_MAP = "on-map", "arrivals", "departures", "off-map"
MOVES = (ON_MAP, ARRIVALS, DEPARTURES, OFF_MAP)
SCENE_RADIUS = 3          # hexes around a finding whose pieces its report picture shows


@dataclass(frozen=True)
class RuleDef:
    number: str
    hook: str
    fn: Callable
    name: str
    doc: str
    module: str = ""                   # the module that registered it
    moves: frozenset | None = None     # a move rule's kinds of moves (MOVES); None: every one


RULES: list[RuleDef] = []              # every rule registered so far, of every system


def rule(number: str, hook: str, *, moves: Iterable[str] | None = None):
    """Register a rule function: ``@rule("25-3", "move")``; a ``move`` rule that looks only at
    some kinds of moves may say which (``moves=[ARRIVALS]``, :data:`MOVES`): the engine then
    does not call it on the others."""
    if hook not in HOOKS:
        raise ValueError(hook)
    kinds = None
    if moves is not None:
        kinds = frozenset(moves)
        if hook != "move" or not kinds or not kinds <= set(MOVES):
            raise ValueError(f"moves={sorted(kinds)!r} (a move rule's kinds: {', '.join(MOVES)})")

    def wrap(fn):
        RULES.append(RuleDef(number, hook, fn, fn.__name__, (fn.__doc__ or "").strip(),
                             fn.__module__, kinds))
        return fn
    return wrap


_MOVE_HOOK = {k: f"move {k}" for k in MOVES}


def _move_kind(frm, to) -> str:
    if frm is not None:
        return ON_MAP if to is not None else DEPARTURES
    return ARRIVALS if to is not None else OFF_MAP


def rules_for(system: System, game_id: str | None = None) -> list[RuleDef]:
    """The rules that check a game of ``system``: those of the modules it lists (importing them
    registers them), in the order of the list, then of definition."""
    order = {}
    for name in system.rule_modules(game_id):
        importlib.import_module(name)
        order.setdefault(name, len(order))
    return sorted((r for r in RULES if r.module in order), key=lambda r: order[r.module])


class Checker(Visitor):
    """A :class:`modgen.replay.Visitor` that feeds the replay's timeline to the rules.

    ``on_start`` reads the begin state, ``on_step`` keeps each :class:`StepRecord`, ``on_end``
    runs the rules over the records in order. The checks wait for the end of the replay because a
    later Undo may reverse any earlier step (VASSAL's ``BasicLogger`` keeps every step of the log
    undoable; the replay marks the record it reverses ``undone`` when the undo comes): steps that
    ended up undone, and the undo steps themselves, only update positions — together they leave
    the state unchanged — so no finding ever comes from a move the player took back. The replay
    keeps its records anyway, so waiting costs no memory.
    """

    def __init__(self, game: Game, scenario: Scenario | None, *, boards: list[Board] | None = None,
                 rules: Iterable[RuleDef] | None = None, progress: Callable[[int, int], None] | None = None):
        system = system_of(game)
        if boards is None:
            boards = boards_for(game, scenario.maps if scenario else sorted(game.maps))
        self.system = system
        self.ctx = CheckContext(game, scenario, system.turn_structure(game), boards)
        self.ctx.hook_runner = self._run
        self.ctx.state = system.check_state(self.ctx)
        self.rules = rules_for(system, game.id) if rules is None else list(rules)
        self.grammar = decl.Grammar(system.keywords())
        self.findings: list[Finding] = []
        self.progress = progress
        self.turns: TurnDecoder | None = None      # set by run(): the module's tracker levels
        self.records: list[StepRecord] = []
        self._by_hook = {h: [r for r in self.rules if r.hook == h] for h in HOOKS}
        # the move rules by kind of move, run as hooks of their own ("move on-map"…): the rules
        # that look at that kind (most moves are on the map, and a quarter of the move rules
        # only look at pieces entering or leaving it)
        for k in MOVES:
            self._by_hook[f"move {k}"] = [r for r in self._by_hook["move"]
                                          if r.moves is None or k in r.moves]
        # what _run calls, per hook (read once here, not per call: ~170,000 rule calls in a
        # 10,000-step log)
        self._calls = {h: tuple((r.fn, r.name) for r in rs) for h, rs in self._by_hook.items()}
        self._phase_cache: dict = {}
        self._phase_seen = False
        self._labels_trusted = True     # False: the tracker is not this game's calendar
        self.known_units: set[str] = set()      # pieces the game data know as units (coverage)
        self.unknown_pieces: set[str] = set()   # pieces known neither as unit nor as marker
        # step index -> {stack id: members bottom → top} for the stacks the step touched: the
        # rules run after the replay, so the stack order VASSAL had after each step is kept here
        # (13-22: strength markers modify the units under them, in stack order)
        self._stacks_after: dict[int, dict[str, tuple]] = {}
        self._event_stacks: dict[type, tuple] = {}   # event type -> _stack_fields

    def close(self) -> None:
        """Break the reference cycles of a finished check (the context holds this checker's
        hook runner; the rules' caches hold objects that hold the context), so the check's
        objects — the replay's records and every rule's state, some 100,000 on a 10,000-step
        log — are freed as soon as the caller drops them, not at the collector's next full pass
        (rare: :mod:`modgen.gcpolicy`). A program that checks many logs in one process would
        otherwise grow by the size of a check per log until that pass."""
        self.ctx.hook_runner = None
        self.ctx.cache.clear()

    # ------------------------------------------------------------------ running rules
    def _run(self, hook: str, *args) -> None:
        ctx = self.ctx
        for fn, name in self._calls[hook]:
            out = fn(ctx, *args)
            if out:
                for f in out:
                    if not f.check:
                        f = Finding(**{**f.__dict__, "check": name})
                    if (f.hexes or f.path) and not f.scene:
                        f = replace(f, scene=self._scene(f))
                    self.findings.append(f)

    def _scene(self, f: Finding, radius: int = SCENE_RADIUS) -> tuple:
        """The pieces within ``radius`` hexes of a finding's hexes as they stand now (the HTML
        report draws them on its map picture: the enemy units behind an "enter EZOC" cost)."""
        near: set = set()
        frontier = set()
        for text in (*f.hexes, *f.path):
            try:
                frontier.add(Hex.parse(text))
            except ModgenError:
                continue
        for _ in range(radius + 1):
            near |= frontier
            frontier = {n for h in frontier for n in h.neighbours()} - near
        out = []
        for h in sorted(near):
            for u in self.ctx.by_hex.get(h, {}).values():
                if u.counter is not None or u.marker_id:
                    # flipped: a unit on its reduced side; a marker beyond its first side (a
                    # system whose markers flip between two values, Burning Mountains' CE -1/-2)
                    flipped = bool(u.reduced) if u.counter is not None else any(
                        v >= 2 for v in u.layers.values())
                    out.append((h.id, u.unit_id if u.counter is not None else "", u.marker_id or "",
                                u.marker_value or "", flipped))
        return tuple(out)

    # ------------------------------------------------------------------ state
    def _unit(self, pid: str, name: str, props: dict, layers: dict, map_: str | None, x: int,
              y: int) -> UnitState:
        game = self.ctx.game
        uid = props.get("UnitId") or ""
        counter = game.counters.get(uid) if uid else None
        if counter is not None:
            self.known_units.add(pid)
        elif props.get("MarkerId") not in game.markers:
            self.unknown_pieces.add(pid)
        nation = counter.nation if counter else (props.get("Nation") or None)
        side = None
        if nation and nation in game.nations:
            side = game.side_of(nation)
        elif props.get("Side"):
            side = props["Side"]
        level = layers.get("Step")
        u = UnitState(pid, uid, counter.name if counter else name, counter, side, nation, map_,
                      x, y, None, (level or 1) >= 2,
                      props.get("MarkerId") or None, props.get("MarkerValue") or None,
                      layers=dict(layers))
        _set_supply(u, props.get("SupplyPoints"))
        u.hex = self.ctx.locate(u.map, u.x, u.y)
        return u

    def _phase(self, labels: dict, text: str | None) -> PhaseInfo:
        """The turn and phase the system reads from the tracker's levels (as the module names
        them) and its text."""
        key = (tuple(labels.items()), text)
        hit = self._phase_cache.get(key)
        if hit is not None:
            return hit
        info = self.ctx.turns.read(labels, text, self._labels_trusted)
        if len(self._phase_cache) < 50_000:
            self._phase_cache[key] = info
        if info.phase is not None:
            self._phase_seen = True
        return info

    # ------------------------------------------------------------------ the visitor
    def on_start(self, state: GameState) -> None:
        ctx = self.ctx
        for sid, st in state.stacks.items():
            if not st.removed:
                _set_stack(ctx, sid, tuple(st.members))
        for pid, p in state.pieces.items():
            f = p.facts
            m, x, y = p.position
            u = self._unit(pid, f.name, f.properties, f.layers, m, x, y)
            ctx.units[pid] = u
            ctx.reindex(u, None)
            if u.hex is not None:
                ctx.at_start[pid] = u.hex
                ctx.touched.add(u.hex)
        turns = self.turns or TurnDecoder(None)
        self._labels_trusted = ctx.turns.is_ours(state.turn_states)
        ctx.now = self._phase(turns.labels(state), turns.text(state))
        sc = ctx.scenario
        ctx.log_starts_scenario = bool(sc and ctx.now.date == sc.first_turn and (
            ctx.now.phase is None or ctx.now.phase_id == sc.first_phase))
        ctx.step = None
        self._run("setup")

    def on_step(self, step: StepRecord, state: GameState) -> None:
        self.records.append(step)
        touched: dict[str, tuple] = {}
        kinds = self._event_stacks
        for ev in step.events:
            t = type(ev)
            names = kinds.get(t)
            if names is None:
                names = kinds[t] = _stack_fields(t)
            if not names:
                continue                   # no piece: a chat line, a roll, the turn…
            pid = getattr(ev, "piece", None)
            if pid is None:
                continue
            for a in names[1:]:
                sid = getattr(ev, a, None)
                if sid is not None and sid not in touched:
                    st = state.stacks.get(sid)
                    touched[sid] = tuple(st.members) if st is not None and not st.removed else ()
            st = state.stack_of(pid)
            if st is not None and st.id not in touched:
                touched[st.id] = tuple(st.members) if not st.removed else ()
        if touched:
            self._stacks_after[step.index] = touched

    def on_end(self, state: GameState | None = None) -> None:
        n = len(self.records)
        for rec in self.records:
            i = rec.index
            if rec.undone or rec.is_undo:
                self._sync(rec)
                continue
            self.step(rec)
            self.ctx.last_step = i
            if self.progress and (i % 1000 == 0 or i == n):
                self.progress(i, n)
        self.end()

    # ------------------------------------------------------------------ one step
    def _apply_stacks(self, index: int) -> None:
        touched = self._stacks_after.pop(index, None)
        if touched:
            ctx = self.ctx
            for sid, members in touched.items():
                _set_stack(ctx, sid, members)

    def step(self, rec: StepRecord) -> None:
        ctx = self.ctx
        index = rec.index
        ctx.step = index
        self._apply_stacks(index)
        for ev in rec.events:
            t = type(ev)
            if t is PieceMoved or t is PieceSentTo:
                ctx.version += 1
                u = ctx.units.get(ev.piece)
                if u is None:
                    continue
                frm, frm_map = u.hex, u.map
                d = ev.dst
                u.map, u.x, u.y = d.map, d.x, d.y
                u.hex = ctx.locate(u.map, u.x, u.y)
                ctx.reindex(u, frm)
                if u.hex == frm and u.map == frm_map and u.hex is not None:
                    # moved within its hex: its place in the stack changed (13-22: a unit put
                    # under a strength marker loses strength)
                    self._run("restack", u, u.hex)
                if u.hex != frm or u.map != frm_map:
                    if u.hex is not None:
                        ctx.touched.add(u.hex)
                    if u.hex is not None and ctx.now.kind == "movement":
                        pts = ctx.moves.get(u.piece)
                        if pts is None:
                            pts = ctx.moves[u.piece] = [frm] if frm is not None else []
                        if u.hex in pts:
                            # dragged back to a hex it already stood on this phase: the log cannot
                            # tell a correction from a real detour, so the loop is not charged
                            # (and the movement rules' memo of the MP spent so far is stale)
                            del pts[pts.index(u.hex) + 1:]
                            ctx.cache.pop(("spent", (u.piece, ctx.phase_start_step)), None)
                        else:
                            pts.append(u.hex)
                        ms = ctx.move_steps.get(u.piece)
                        if ms is None:
                            ms = ctx.move_steps[u.piece] = []
                        ms.append(index)
                    self._run(_MOVE_HOOK[_move_kind(frm, u.hex)], u, frm, u.hex, frm_map)
            elif t is PieceFlipped:
                ctx.version += 1
                u = ctx.units.get(ev.piece)
                if u is None:
                    continue
                ctx.touch(u.hex)
                u.layers[ev.layer] = ev.new_level
                if ev.layer == "Step":
                    u.reduced = ev.new_level >= 2
                    self._run("flip", u, ev.old_level, ev.new_level)
                self._run("layer", u, ev.layer, ev.old_level, ev.new_level)
            elif t is PieceChanged:
                u = ctx.units.get(ev.piece)
                if u is not None:
                    if "SupplyPoints" in ev.changes:
                        ctx.version += 1          # what the rules' views of the unit show
                        ctx.touch(u.hex)
                    _set_changes(u, ev.changes)
                    self._run("change", u, ev.changes)
            elif t is PieceCreated:
                ctx.version += 1
                old = ctx.units.get(ev.piece)
                w = ev.where
                u = self._unit(ev.piece, ev.name, ev.properties, ev.layers, w.map, w.x, w.y)
                ctx.units[ev.piece] = u
                if old is not None:
                    ctx.reindex(old, old.hex, removed=True)
                ctx.reindex(u, None)
                if u.hex is not None:
                    ctx.touched.add(u.hex)
                if old is None or old.hex != u.hex:
                    frm = old.hex if old else None
                    self._run(_MOVE_HOOK[_move_kind(frm, u.hex)], u, frm, u.hex,
                              old.map if old else None)
            elif t is PieceDeleted:
                ctx.version += 1
                u = ctx.units.pop(ev.piece, None)
                if u is not None:
                    ctx.reindex(u, u.hex, removed=True)
                if u is not None and u.hex is not None:
                    frm, frm_map = u.hex, u.map
                    u.map, u.hex = None, None
                    self._run(_MOVE_HOOK[_move_kind(frm, None)], u, frm, None, frm_map)
            elif t is TurnAdvanced:
                new = self._phase(ev.new, ev.new_text)
                old = ctx.now
                if (new.date, new.phase_id) != (old.date, old.phase_id):
                    self._run("phase_end", old)
                    ctx.touched.clear()
                    ctx.moves.clear()
                    ctx.move_steps.clear()
                    ctx.now = new
                    ctx.phase_start_step = index
                    self._run("turn", old, new)
            elif t is DiceRolled:
                self._run("dice", ev)
            elif t is ChatLine:
                if ev.chat_kind != "chat":
                    continue
                text = ev.text.strip()
                try:
                    d = self.grammar.parse(text, player=ev.who, step=index)
                    th = getattr(self.ctx.game, "theatre", None)
                    if d is not None and d.hexes and th is not None and th.multi:
                        # a game of several sheets: the path's hexes become theatre hexes
                        sheets = [b.id for b in ctx.boards]
                        d = decl.resolve_sheets(d, _on_sheets_in_play(th, sheets),
                                                sheets[0] if len(sheets) == 1 else None)
                except decl.DeclarationError as e:
                    self.findings.append(ctx.finding("declaration", WARNING, f"{e}: {text!r}",
                                                     check="declarations"))
                    continue
                if d is not None:
                    ctx.declarations.add(d)
                    self._run("declare", d)

    def end(self) -> None:
        # the log may stop in the middle of a phase: end-of-phase checks run only on real ends
        self.ctx.step = self.ctx.last_step
        if self.ctx.now.phase is None and not self._phase_seen:
            # name this system's own phase rules: those run at a turn or a phase's end
            phased = sorted({r.number for r in self.rules if r.hook in ("turn", "phase_end")},
                            key=_rule_key)
            named = ", ".join(phased[:4]) + (", …" if len(phased) > 4 else "")
            self.ctx.notes.append("the turn tracker's date and phase could not be read from the "
                                  "log: rules that depend on the phase"
                                  + (f" ({named})" if named else "") + " were not checked")
        self._run("end")

    def coverage(self, log: LogData) -> Coverage:
        """What this run checked (``modgen.check.coverage``): the rules, on how many units, and
        what it could not check."""
        ctx = self.ctx
        rules = sorted({r.number for r in self.rules}, key=_rule_key)
        return assess(rules=rules, units=len(self.known_units), unknown=len(self.unknown_pieces),
                      scenario_known=ctx.scenario is not None,
                      turn_read=not (ctx.now.phase is None and not self._phase_seen),
                      module_name=log.module_name, game_title=ctx.game.title)

    def run(self, log: LogData, module: Any = None) -> list[Finding]:
        """Replay ``log`` (``modgen.replay.Replayer``) with this checker as the visitor.

        ``module``: what the game was played with (``modgen.vassal.buildfile.Module``); default
        the log's own (``LogData.module``, ``--module``), else ours as the game data describe it
        (:func:`modgen.check.logread.our_module`)."""
        if module is None:
            module = log.module if log.module is not None else our_module(self.ctx.game)
        replayer = Replayer(log.saved, module)
        self.turns = replayer.turns
        replayer.run(self)
        return self.findings

    def _sync(self, rec: StepRecord) -> None:
        """Apply an undone step (or the undo) to the positions without checking anything."""
        ctx = self.ctx
        ctx.version += 1
        self._apply_stacks(rec.index)
        for ev in rec.events:
            t = type(ev)
            if (t is PieceMoved or t is PieceSentTo) and ev.piece in ctx.units:
                u = ctx.units[ev.piece]
                old = u.hex
                u.map, u.x, u.y = ev.dst.map, ev.dst.x, ev.dst.y
                u.hex = ctx.locate(u.map, u.x, u.y)
                ctx.reindex(u, old)
            elif t is PieceFlipped and ev.piece in ctx.units:
                ctx.units[ev.piece].layers[ev.layer] = ev.new_level
                ctx.touch(ctx.units[ev.piece].hex)
                if ev.layer == "Step":
                    ctx.units[ev.piece].reduced = ev.new_level >= 2
            elif t is PieceChanged and ev.piece in ctx.units:
                ctx.touch(ctx.units[ev.piece].hex)
                _set_changes(ctx.units[ev.piece], ev.changes)
            elif t is PieceCreated:
                old = ctx.units.get(ev.piece)
                if old is not None:
                    ctx.reindex(old, old.hex, removed=True)
                w = ev.where
                u = ctx.units[ev.piece] = self._unit(ev.piece, ev.name, ev.properties, ev.layers,
                                                     w.map, w.x, w.y)
                ctx.reindex(u, None)
            elif t is PieceDeleted:
                u = ctx.units.pop(ev.piece, None)
                if u is not None:
                    ctx.reindex(u, u.hex, removed=True)


def _stack_fields(t: type) -> tuple:
    """What ``on_step`` reads of an event of type ``t``: () when it names no piece, else
    ``("piece", …)`` and the stack fields it has, in the order they are read (``from_stack``,
    ``to_stack``, ``stack``)."""
    def has(a: str) -> bool:       # a field (with or without a default), or a class attribute
        return a in getattr(t, "__dataclass_fields__", ()) or hasattr(t, a)
    if not has("piece"):
        return ()
    return ("piece",) + tuple(a for a in ("from_stack", "to_stack", "stack") if has(a))


def _on_sheets_in_play(theatre, sheets: list[str]):
    """``theatre.to_global`` for the sheets in play: a declaration's ``SHEET:CCRR`` on a sheet the
    scenario does not use is a mistyped declaration (a warning), not a hex off the boards."""
    def to_theatre(sheet: str, h: Hex) -> Hex:
        if sheets and sheet not in sheets:
            raise ModgenError(f"sheet {sheet} is not in play (this game's: {', '.join(sheets)})")
        return theatre.to_global(sheet, h)
    return to_theatre


def _set_stack(ctx: CheckContext, sid: str, members: tuple) -> None:
    old = ctx.stacks.get(sid, ())
    for pid in old:
        if ctx.stack_of.get(pid) == sid and pid not in members:
            del ctx.stack_of[pid]
    if members:
        ctx.stacks[sid] = members
        for pid in members:
            ctx.stack_of[pid] = sid
    else:
        ctx.stacks.pop(sid, None)


def _set_supply(u: UnitState, sp: str | None) -> None:
    if sp is not None and sp.strip().lstrip("-").isdigit():
        u.supply_points = int(sp)


def _set_changes(u: UnitState, changes: dict) -> None:
    """Marker/DynamicProperty values that changed in place (``D/``): HQ supply points, marker
    values."""
    if "SupplyPoints" in changes:
        _set_supply(u, changes["SupplyPoints"][1])
    if "MarkerValue" in changes:
        u.marker_value = changes["MarkerValue"][1] or None


def check_log(log: LogData, game: Game, scenario: Scenario | None, *, boards=None,
              progress=None, basis: str = "", module: Any = None) -> Report:
    """Check one log: replay it (``modgen.replay``) on ``module`` (default: the log's, else ours
    from the game data) and run every rule of the game's system."""
    checker = Checker(game, scenario, boards=boards, progress=progress)
    # a game of several sheets: every hex in a message names its sheet (5-5:2803), and so does
    # every hex the report prints later (its combat records keep hexes)
    theatre = getattr(game, "theatre", None)
    sheets = tuple(b.id for b in checker.ctx.boards)
    namer = (lambda h: theatre.name(h, sheets)) if theatre is not None and theatre.multi else None
    with hex_names(theatre, sheets):
        findings = checker.run(log, module)
    report = Report(findings, game.id, scenario.id if scenario else None, log.file, log.n_steps,
                    scenario_basis=basis, notes=list(checker.ctx.notes),
                    side_names={s.id: s.name for s in game.sides},
                    coverage=checker.coverage(log),
                    combats=list(checker.ctx.combats),
                    end_of_game=checker.ctx.cache.get("end-of-game"), hex_namer=namer)
    checker.close()
    return report
