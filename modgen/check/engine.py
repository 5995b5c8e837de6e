"""The checker's engine: replays a log's events into a :class:`CheckContext` and runs the rules.

Rules are small functions registered with :func:`rule`; each names its rule number and the moment
it runs (its *hook*):

* ``setup(ctx)``                       once, on the begin state of the log
* ``move(ctx, unit, frm, to, frm_map)`` a unit piece changed place (``frm``/``to`` hexes or None)
* ``flip(ctx, unit, before, after)``    the unit's ``Step`` layer changed level
* ``turn(ctx, old, new)``               the turn tracker changed (``PhaseInfo`` before / after)
* ``phase_end(ctx, ended)``             the turn tracker left a phase (end-of-phase checks)
* ``declare(ctx, declaration)``         a chat declaration was read
* ``end(ctx)``                          after the last step

Every function returns an iterable of findings (or None). Steps a later undo reversed, and the undo
steps themselves, are not checked: together they leave the state unchanged.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from ..model.types import Game, Scenario
from . import declarations as decl
from .context import (Board, CheckContext, PhaseInfo, UnitState, boards_for, parse_turn_label,
                      sequence_of)
from .findings import WARNING, Finding, Report
from .logread import Added, Changed, ChatLine, LogData, Moved, Removed, TurnChanged, Piece

HOOKS = ("setup", "move", "flip", "turn", "phase_end", "declare", "end")


@dataclass(frozen=True)
class RuleDef:
    number: str
    hook: str
    fn: Callable
    name: str
    doc: str


RULES: list[RuleDef] = []


def rule(number: str, hook: str):
    """Register a rule function: ``@rule("25-3", "move")``."""
    if hook not in HOOKS:
        raise ValueError(hook)

    def wrap(fn):
        RULES.append(RuleDef(number, hook, fn, fn.__name__, (fn.__doc__ or "").strip()))
        return fn
    return wrap


def _load_rule_modules() -> None:
    from . import rules_setup, rules_turn, rules_position  # noqa: F401  (they register)


class Checker:
    """Feeds log events to the rules. Usable directly (tests) or as a replay visitor."""

    def __init__(self, game: Game, scenario: Scenario | None, *, boards: list[Board] | None = None,
                 rules: Iterable[RuleDef] | None = None, progress: Callable[[int, int], None] | None = None):
        _load_rule_modules()
        if boards is None:
            boards = boards_for(game, scenario.maps if scenario else sorted(game.maps))
        sequence = sequence_of(game)
        self.ctx = CheckContext(game, scenario, sequence, boards)
        self.rules = list(RULES if rules is None else rules)
        self.findings: list[Finding] = []
        self.progress = progress
        self._by_hook = {h: [r for r in self.rules if r.hook == h] for h in HOOKS}
        self._calendar = None
        self._phase_cache: dict = {}
        self._phase_seen = False
        self._tracker_checked: dict[int, bool] = {}

    # ------------------------------------------------------------------ running rules
    def _run(self, hook: str, *args) -> None:
        for r in self._by_hook[hook]:
            out = r.fn(self.ctx, *args)
            if out:
                for f in out:
                    if not f.check:
                        f = Finding(**{**f.__dict__, "check": r.name})
                    self.findings.append(f)

    # ------------------------------------------------------------------ state
    def _unit(self, p: Piece) -> UnitState:
        game = self.ctx.game
        uid = p.props.get("UnitId") or ""
        counter = game.counters.get(uid) if uid else None
        nation = counter.nation if counter else (p.props.get("Nation") or None)
        side = None
        if nation and nation in game.nations:
            side = game.side_of(nation)
        elif p.props.get("Side"):
            side = p.props["Side"]
        u = UnitState(p.id, uid, counter.name if counter else p.name, counter, side, nation, p.map,
                      p.x, p.y, None, (p.step_level or 1) >= 2,
                      p.props.get("MarkerId") or None, p.props.get("MarkerValue") or None)
        sp = p.props.get("SupplyPoints")
        if sp is not None:
            u.supply_points = _int_or_none(sp)
        u.hex = self.ctx.locate(u.map, u.x, u.y)
        return u

    def _phase(self, state: str | None, label: str | None) -> PhaseInfo:
        """Date and phase from the tracker state (decoded with the module's calendar), else from
        the label VASSAL printed in the chat."""
        ctx = self.ctx
        key = (state, label)
        hit = self._phase_cache.get(key)
        if hit is not None:
            return hit
        info = self._phase_uncached(state, label)
        if len(self._phase_cache) < 50_000:
            self._phase_cache[key] = info
        if info.phase is not None:
            self._phase_seen = True
        return info

    def _phase_uncached(self, state: str | None, label: str | None) -> PhaseInfo:
        ctx = self.ctx
        if state and ctx.sequence is not None:
            try:
                from ..module import turns
                if self._calendar is None:
                    self._calendar = turns.calendar(ctx.game)
                date, fphase = turns.decode_turn_state(self._calendar, state)
                if not self._tracker_checked.get(len(state.split(";"))):
                    # a foreign tracker's state decodes to nonsense: trust the decoding only
                    # when it round-trips (checked once per state shape)
                    if turns.turn_state(self._calendar, date, fphase.id) != state:
                        raise ValueError("not this module's tracker")
                    self._tracker_checked[len(state.split(";"))] = True
                phase = ctx.sequence.phase(fphase.id)
                return PhaseInfo(date, phase, label or f"{date} {fphase.name}")
            except Exception:  # noqa: BLE001 — not our tracker's state: fall back to the label
                pass
        if label:
            return parse_turn_label(label, ctx.game, ctx.sequence)
        return PhaseInfo(None, None, "")

    def start(self, log: LogData) -> None:
        ctx = self.ctx
        for p in log.pieces.values():
            u = self._unit(p)
            ctx.units[p.id] = u
            ctx.reindex(u, None)
            if u.hex is not None:
                ctx.at_start[p.id] = u.hex
                ctx.touched.add(u.hex)
        ctx.now = self._phase(log.turn_state, log.turn_label)
        sc = ctx.scenario
        ctx.log_starts_scenario = bool(sc and ctx.now.date == sc.first_turn and (
            ctx.now.phase is None or ctx.now.phase_id == sc.first_phase))
        ctx.step = None
        self._run("setup")

    def step(self, index: int, events: list[object]) -> None:
        ctx = self.ctx
        ctx.step = index
        for ev in events:
            if not isinstance(ev, (ChatLine, TurnChanged)):
                ctx.version += 1
            if isinstance(ev, Moved):
                u = ctx.units.get(ev.piece)
                if u is None:
                    continue
                frm, frm_map = u.hex, u.map
                u.map, u.x, u.y = ev.map, ev.x, ev.y
                u.hex = ctx.locate(u.map, u.x, u.y)
                ctx.reindex(u, frm)
                if u.hex != frm or u.map != frm_map:
                    if u.hex is not None:
                        ctx.touched.add(u.hex)
                    if u.hex is not None and ctx.now.kind == "movement":
                        pts = ctx.moves.setdefault(u.piece, [frm] if frm is not None else [])
                        if u.hex in pts:
                            # dragged back to a hex it already stood on this phase: the log cannot
                            # tell a correction from a real detour, so the loop is not charged
                            del pts[pts.index(u.hex) + 1:]
                            ctx.cache.pop(("spent", (u.piece, ctx.phase_start_step)), None)
                        else:
                            pts.append(u.hex)
                        ctx.move_steps.setdefault(u.piece, []).append(index)
                    self._run("move", u, frm, u.hex, frm_map)
            elif isinstance(ev, Changed):
                u = ctx.units.get(ev.piece)
                if u is None:
                    continue
                if ev.supply_points is not None:
                    u.supply_points = _int_or_none(ev.supply_points)
                if ev.level_after is None or ev.level_after == ev.level_before:
                    continue
                u.reduced = ev.level_after >= 2
                self._run("flip", u, ev.level_before, ev.level_after)
            elif isinstance(ev, Added):
                p = ev.snapshot
                old = ctx.units.get(ev.piece)
                u = self._unit(p)
                ctx.units[ev.piece] = u
                if old is not None:
                    ctx.reindex(old, old.hex, removed=True)
                ctx.reindex(u, None)
                if u.hex is not None:
                    ctx.touched.add(u.hex)
                if old is None or old.hex != u.hex:
                    self._run("move", u, old.hex if old else None, u.hex, old.map if old else None)
            elif isinstance(ev, Removed):
                u = ctx.units.pop(ev.piece, None)
                if u is not None:
                    ctx.reindex(u, u.hex, removed=True)
                if u is not None and u.hex is not None:
                    frm, frm_map = u.hex, u.map
                    u.map, u.hex = None, None
                    self._run("move", u, frm, None, frm_map)
            elif isinstance(ev, TurnChanged):
                new = self._phase(ev.state, ev.label)
                old = ctx.now
                if (new.date, new.phase_id) != (old.date, old.phase_id):
                    self._run("phase_end", old)
                    ctx.touched.clear()
                    ctx.moves.clear()
                    ctx.move_steps.clear()
                    ctx.now = new
                    ctx.phase_start_step = index
                    self._run("turn", old, new)
            elif isinstance(ev, ChatLine):
                parsed = decl.chat_text(ev.text)
                if parsed is None:
                    continue
                player, text = parsed
                try:
                    d = decl.parse(text, player=player, step=index)
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
            self.ctx.notes.append("the turn tracker's date and phase could not be read from the "
                                  "log: rules that depend on the phase (5, 6-3, 25-2, …) were not "
                                  "checked")
        self._run("end")

    def run(self, log: LogData) -> list[Finding]:
        self.start(log)
        n = len(log.steps)
        for i, events in enumerate(log.steps, 1):
            if i in log.undone or i in log.undo_steps:
                self._sync(events)
                continue
            self.step(i, events)
            self.ctx.last_step = i
            if self.progress and (i % 1000 == 0 or i == n):
                self.progress(i, n)
        self.end()
        return self.findings

    def _sync(self, events) -> None:
        """Apply an undone step (or the undo) to the positions without checking anything."""
        self.ctx.version += 1
        for ev in events:
            if isinstance(ev, Moved) and ev.piece in self.ctx.units:
                u = self.ctx.units[ev.piece]
                old = u.hex
                u.map, u.x, u.y = ev.map, ev.x, ev.y
                u.hex = self.ctx.locate(u.map, u.x, u.y)
                self.ctx.reindex(u, old)
            elif isinstance(ev, Changed) and ev.piece in self.ctx.units:
                if ev.supply_points is not None:
                    self.ctx.units[ev.piece].supply_points = _int_or_none(ev.supply_points)
                if ev.level_after:
                    self.ctx.units[ev.piece].reduced = ev.level_after >= 2
            elif isinstance(ev, Added):
                old = self.ctx.units.get(ev.piece)
                if old is not None:
                    self.ctx.reindex(old, old.hex, removed=True)
                u = self.ctx.units[ev.piece] = self._unit(ev.snapshot)
                self.ctx.reindex(u, None)
            elif isinstance(ev, Removed):
                u = self.ctx.units.pop(ev.piece, None)
                if u is not None:
                    self.ctx.reindex(u, u.hex, removed=True)


def _int_or_none(text: str) -> int | None:
    t = text.strip()
    return int(t) if t.lstrip("-").isdigit() else None


def check_log(log: LogData, game: Game, scenario: Scenario | None, *, boards=None,
              progress=None, basis: str = "") -> Report:
    checker = Checker(game, scenario, boards=boards, progress=progress)
    findings = checker.run(log)
    return Report(findings, game.id, scenario.id if scenario else None, log.file, len(log.steps),
                  scenario_basis=basis, notes=list(checker.ctx.notes),
                  side_names={s.id: s.name for s in game.sides})
