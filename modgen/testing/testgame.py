"""Script short games on our module's pieces and write them as ``.vlog`` files, the way VASSAL does.

The command patterns follow the logs VASSAL 3.7.26 wrote in ``fixtures/vassal/logs`` (README
"What VASSAL records"): a begin state (``begin_save`` … pieces before their stacks … ``PLAYER``,
``BoardPicker`` per map, ``TURN…``, ``end_save``), then one top-level ``LOG`` token per step:

* a drag: ``M/<id>/<map>/<x>/<y>/<under>/<oldMap>/<ox>/<oy>/null/<userId>``, a new
  ``+/<stack>/stack/…`` when the target hex is empty, ``CHAT* <name> moves <from> &rarr; <to> *``;
* a flip: ``D/<id>/<new state>/<old state>`` with the flip report;
* a roll: ``CHAT*** 1d6 = 4 *** &lt;player (side)&gt;`` (our module's report format) +
  ``MutableProperty\t1d6_result|_total|_keep|_summary\t<old>\t<new>\tModule`` (README item 8:
  the old values are the button's previous ones, ``1``/``0``/``0``/empty before its first roll);
* an elimination (Ctrl+K): ``D/`` (the Send-To trait stores its return point), ``M/`` to
  ``Eliminated`` and our module's ReportState line "… eliminated in <hex> by …";
* a strength marker from the palette: ``+/`` of the new piece and its ``M/`` onto the stack,
  right above the piece it is dropped on (``above=``), as an expanded stack lets a player do;
* a turn change: ``CHAT* * &lt;player&gt; Turn Updated from … to …`` + ``TURNTurnTracker0\\t…``;
* typed chat: ``CHAT&lt;player&gt; - text``;
* undo: ``UNDO\\ttrue``, the inverse commands, ``UNDO\\tfalse``.

Piece type/state strings come from the module writer (``modgen.module.pieces``), pixels from the
boards' VASSAL grids laid out as the module's scenario saves lay them out
(``modgen.model.geometry``), and the tracker's state and text from the game's rules system
(``System.turn_structure``: Der Weltkrieg's ``calendar``). Output is deterministic (fixed piece
ids, fixed obfuscation key).

    from modgen.testing import TestGame
    g = TestGame(game, game.scenarios["if-1915-05"])      # begins with the scenario's set-up
    g.next_phase()                                        # tracker to the next phase
    g.move("it-inf-xx-35", "2122", "2022")               # one drag per drop point
    g.write("game.vlog")
"""
from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path

from typing import Any

from ..check.context import DEAD_PILE, MAIN_MAP, boards_for
from ..check.logread import parse_log
from ..errors import ModgenError
from ..hexgrid import Hex
from ..model.geometry import BoardLayout
from ..model.types import Game, Scenario
from ..module import pieces as P, savegame, traits as T
from ..system import system_of
from ..vassal.sequence import SequenceEncoder

ESC = "\x1b"
FIRST_ID = 1_700_000_000_001


@dataclass
class _P:
    id: str
    counter: str | None
    marker: str | None
    value: str | None
    map: str | None
    x: int
    y: int
    level: int = 1
    sp: int | None = None
    stack: str | None = None


def _enc(items, delim: str) -> str:
    se = SequenceEncoder(delim)
    for i in items:
        se.append(i)
    return se.value or ""


class TestGame:
    """A scripted game. Steps are recorded as VASSAL would log them; ``write`` makes the .vlog."""

    __test__ = False  # not a pytest class

    def __init__(self, game: Game, scenario: Scenario | None = None, *, setup: bool = True,
                 player: str = "Tester", side: str | None = None, password: str = "test-secret",
                 date: Any = None, phase: str | None = None):
        self._P, self._T = P, T
        self.game = game
        self.scenario = scenario
        self.player = player
        self.side = side or (game.sides[0].name if game.sides else "")
        self.password = password
        self.maps = scenario.maps if scenario else tuple(sorted(game.maps))
        self.boards = boards_for(game, self.maps)
        self.turns = system_of(game).turn_structure(game)     # the rules system's turns
        self.date = date or (scenario.first_turn if scenario else self.turns.first_turn())
        self.phase = phase or (scenario.first_phase if scenario else self.turns.first_phase().id)
        self.pieces: dict[str, _P] = {}
        self.stacks: dict[str, list[str]] = {}      # stack id -> piece ids bottom→top
        self.steps: list[list[str]] = []
        self._next = FIRST_ID
        self._pool: dict[str, int] = {}
        self._dice: dict[str, tuple[str, str, str, str]] = {}   # button -> last result/total/keep/summary
        if scenario is not None and setup:
            self.setup_scenario()

    # ------------------------------------------------------------------ ids, pixels
    def _new_id(self) -> str:
        pid = str(self._next)
        self._next += 1
        return pid

    def hex(self, h: Hex | str) -> Hex:
        """A hex of the game: ``CCRR``, or ``SHEET:CCRR`` in a game of several sheets (a bare
        ``CCRR`` is then on the scenario's first map): a theatre hex."""
        th = getattr(self.game, "theatre", None)
        if isinstance(h, Hex) or th is None or not th.multi:
            return Hex.parse(h)
        return th.parse(h, self.maps[0] if self.maps else None)

    def hex_name(self, h: Hex) -> str:
        th = getattr(self.game, "theatre", None)
        return th.name(h, self.maps) if th is not None and th.multi else h.id

    def pixel(self, h: Hex | str) -> tuple[int, int]:
        h = self.hex(h)
        for b in self.boards:
            if b.local(h) is not None:
                return b.center(h)
        raise ModgenError(f"hex {self.hex_name(h)} is on none of the maps {', '.join(self.maps)}")

    def _chat_location(self, b, x: int, y: int) -> str | None:
        """What VASSAL writes in the move report: the grid's location name on that board."""
        lx, ly = x - b.x, y - b.y
        h = b.grid.hex_at(lx, ly)
        if h is None or (b.mapdef is not None and b.mapdef.hexes and not b.mapdef.contains(h)):
            return None
        th = getattr(self.game, "theatre", None)
        return f"{b.id}:{h.id}" if th is not None and th.multi else h.id

    def location(self, p: _P) -> str:
        if p.map != MAIN_MAP:
            return "offboard"
        for b in self.boards:
            name = self._chat_location(b, p.x, p.y)
            if name is not None:
                return name
        return "offboard"

    def _pool_spot(self, map_name: str) -> tuple[int, int]:
        i = self._pool.get(map_name, 0)
        self._pool[map_name] = i + 1
        return 40 + (i % 12) * 64, 40 + (i // 12) * 64

    # ------------------------------------------------------------------ piece strings
    @property
    def _protos(self):
        # pieces in a game are expanded (VASSAL's PieceCloner), as in the module's scenario saves
        if getattr(self, "_proto_cache", None) is None:
            self._proto_cache = self._P.prototype_traits(self.game)
        return self._proto_cache

    def _traits(self, p: _P):
        P, T = self._P, self._T
        if p.counter is not None:
            c = self.game.counters[p.counter]
            return T.chain(P.expand_prototypes(
                P.unit_traits(self.game, c, level=p.level, map_id=p.map, x=p.x, y=p.y,
                              piece_id=p.id, supply_points=p.sp), self._protos))
        m = self.game.markers[p.marker]
        return T.chain(P.expand_prototypes(
            P.marker_traits(m, p.value, map_id=p.map, x=p.x, y=p.y, piece_id=p.id), self._protos))

    def _add_cmd(self, p: _P) -> str:
        return self._T.add_piece(self._traits(p), p.id)

    def _stack_cmd(self, sid: str) -> str:
        ids = self.stacks[sid]
        first = self.pieces[ids[0]]
        return self._T.add_piece(self._T.stack(first.map, first.x, first.y, ids), sid)

    def name(self, p: _P) -> str:
        if p.counter is not None:
            c = self.game.counters[p.counter]
            return c.name + (" (reduced)" if p.level == 2 and c.back is not None else "")
        m = self.game.markers[p.marker]
        return f"{m.label} {p.value}" if p.value else m.label

    def _top_at(self, map_name: str, x: int, y: int, exclude: str | None = None) -> str | None:
        for sid, ids in self.stacks.items():
            ids2 = [i for i in ids if i != exclude]
            if ids2:
                f = self.pieces[ids2[0]]
                if (f.map, f.x, f.y) == (map_name, x, y):
                    return ids2[-1]
        return None

    # ------------------------------------------------------------------ begin state
    def place(self, counter: str, where: Hex | str | None = None, *, reduced: bool = False,
              map_name: str | None = None, sp: int | None = None) -> str:
        """Put a unit in the begin state: on a hex, or in an off-map area (``map_name``)."""
        if counter not in self.game.counters:
            raise ModgenError(f"no counter {counter!r} in game {self.game.id}")
        if reduced and getattr(self.game.counters[counter], "back", True) is None:
            raise ModgenError(f"counter {counter!r} has no reduced side: it cannot be placed reduced")
        if where is not None:
            x, y = self.pixel(where)
            m = MAIN_MAP
        else:
            m = map_name or f"{self.side} Reinforcements"
            x, y = self._pool_spot(m)
        return self._put(_P(self._new_id(), counter, None, None, m, x, y, 2 if reduced else 1, sp))

    def place_marker(self, marker: str, where: Hex | str, value: str | None = None) -> str:
        x, y = self.pixel(where)
        return self._put(_P(self._new_id(), None, marker, value, MAIN_MAP, x, y))

    def _put(self, p: _P) -> str:
        if self.steps:
            raise ModgenError("the begin state is fixed once steps are recorded")
        self.pieces[p.id] = p
        under = self._top_at(p.map, p.x, p.y)
        if under is None:
            sid = self._new_id()
            self.stacks[sid] = [p.id]
        else:
            sid = self.pieces[under].stack
            self.stacks[sid].append(p.id)
        p.stack = sid
        return p.id

    def setup_scenario(self) -> None:
        """The scenario's set-up exactly as the module's scenario save places it
        (``modgen.module.savegame.scenario_command``): markers (printed and derived), fortresses,
        units, the dead pool on ``Eliminated`` and the arrivals in each side's pool."""
        text, _notes = savegame.scenario_command(self.game, self.scenario,
                                                 BoardLayout.for_game(self.game),
                                                 self.turns.command, self._P.slots(self.game))
        for p in parse_log(text).begin_state().pieces.values():
            sp = p.properties.get("SupplyPoints")
            m, x, y = p.position
            self._put(_P(p.id, p.properties.get("UnitId") or None,
                         p.properties.get("MarkerId") or None,
                         p.properties.get("MarkerValue") or None, m, x, y,
                         p.layers.get("Step") or 1, int(sp) if sp and sp.isdigit() else None))
            self._next = max(self._next, int(p.id) + 1 if p.id.isdigit() else self._next)

    def _begin(self) -> list[str]:
        inner = [""]
        order = sorted(self._begin_stacks, key=lambda s: (self._begin_stack_pos(s)[0] or "", int(s)))
        for sid in order:
            for pid in self._begin_stacks[sid]:
                inner.append(self._add_cmd(self._begin_piece[pid]))
        for sid in order:
            inner.append(self._T.add_piece(self._T.stack(*self._begin_stack_pos(sid),
                                                         self._begin_stacks[sid]), sid))
        out = ["begin_save", "", _enc(inner, ESC)]
        player = _enc(["PLAYER", self.password, self.player, self.side], "\t")
        out += [player, player]
        bp = SequenceEncoder("\t", f"{MAIN_MAP}BoardPicker")
        for i, m in enumerate(self.maps):
            bp.append(m).append(i).append(0)
        out.append(bp.value)
        for name in self._single_board_maps():
            out.append(f"{name}BoardPicker\t{name}\t0\t0")
        out.append(self._begin_turn)
        out.append("end_save")
        return out

    def _single_board_maps(self) -> list[str]:
        """The module's other maps, each with one board of its own name, in the module's order
        (their BoardPicker lines follow the Main Map's)."""
        return [DEAD_PILE] + [f"{s.name} Reinforcements" for s in self.game.sides]

    def _snapshot(self) -> None:
        if not hasattr(self, "_begin_piece"):
            import copy
            self._begin_piece = {k: copy.copy(v) for k, v in self.pieces.items()}
            self._begin_stacks = {k: list(v) for k, v in self.stacks.items() if v}
            self._begin_turn = self._turn_cmd()

    def _begin_stack_pos(self, sid):
        p = self._begin_piece[self._begin_stacks[sid][0]]
        return p.map, p.x, p.y

    # ------------------------------------------------------------------ steps
    def _step(self, cmds: list[str]) -> int:
        self._snapshot()
        self.steps.append(cmds)
        return len(self.steps)

    def pieces_of(self, ref: str) -> list[str]:
        """Ids of the pieces of a counter or marker id (bottom of the map first)."""
        return [p.id for p in self.pieces.values() if p.counter == ref or p.marker == ref]

    def _find(self, ref: str) -> _P:
        if ref in self.pieces:
            return self.pieces[ref]
        hits = [p for p in self.pieces.values() if p.counter == ref or p.marker == ref]
        if not hits:
            raise ModgenError(f"no piece {ref!r} in this test game")
        return hits[0]

    def _move_cmds(self, p: _P, map_name: str, x: int, y: int, above: str | None = None,
                   bottom: bool = False) -> list[str]:
        """``M/`` (and a new stack when needed). The piece lands on top of the stack there, right
        above ``above`` (a piece id) when given, or at its bottom with ``bottom`` (VASSAL's
        MovePiece: an under-id puts it right above that piece; none, at the bottom)."""
        under = self._top_at(map_name, x, y, exclude=p.id)
        if above is not None:
            under = above
        elif bottom and under is not None:
            under = None
            bottom_of = self._top_at(map_name, x, y, exclude=p.id)
            sid_target = self.pieces[bottom_of].stack
        old = (p.map, p.x, p.y)
        cmds = [_enc(["M", p.id, map_name, x, y, under or "null", old[0] or "null", old[1], old[2],
                      "null", self.password], "/")]
        # leave the old stack
        if p.stack in self.stacks and p.id in self.stacks[p.stack]:
            self.stacks[p.stack].remove(p.id)
        p.map, p.x, p.y = map_name, x, y
        if bottom and above is None and under is None and self._top_at(map_name, x, y,
                                                                       exclude=p.id) is not None:
            p.stack = sid_target
            self.stacks[p.stack].insert(0, p.id)
        elif under is None:
            sid = self._new_id()
            self.stacks[sid] = [p.id]
            p.stack = sid
            cmds.append(self._stack_cmd(sid))
        else:
            p.stack = self.pieces[under].stack
            members = self.stacks[p.stack]
            members.insert(members.index(under) + 1, p.id)
        return cmds

    def move(self, ref: str, *hexes: Hex | str, above: str | None = None,
             bottom: bool = False) -> int:
        """Drag a unit through successive drop points: one step per drop. Returns the last step.
        The last drop lands right above the piece ``above`` (a ref) or at the bottom of the stack
        (``bottom``) instead of on top: dropping into an expanded stack."""
        self._snapshot()
        p = self._find(ref)
        n = 0
        for i, h in enumerate(hexes):
            frm = self.location(p)
            x, y = self.pixel(h)
            last = i == len(hexes) - 1
            cmds = self._move_cmds(p, MAIN_MAP, x, y,
                                   above=self._find(above).id if above and last else None,
                                   bottom=bottom and last)
            cmds.append(f"CHAT* {html.escape(self.name(p), quote=False)} moves {frm} &rarr; {self.location(p)} *")
            n = self._step(cmds)
        return n

    def move_stack(self, refs: list[str], to: Hex | str) -> int:
        """Drag several units of one hex together: one step, one chat line (6-5)."""
        self._snapshot()
        ps = [self._find(r) for r in refs]
        frm = self.location(ps[0])
        x, y = self.pixel(to)
        cmds: list[str] = []
        for p in ps:
            cmds += self._move_cmds(p, MAIN_MAP, x, y)
        names = ", ".join(html.escape(self.name(p), quote=False) for p in ps)
        cmds.append(f"CHAT* {names} moves {frm} &rarr; {self.location(ps[0])} *")
        return self._step(cmds)

    def arrive(self, ref: str, to: Hex | str) -> int:
        """Drag a unit from its off-map pool (reinforcements) onto a hex."""
        return self.move(ref, to)

    def off_map(self, ref: str, map_name: str | None = None) -> int:
        """Drag a unit off the board into an off-map window (default: its side's reinforcement
        pool), as a unit leaving the map by rail or withdrawn: one ``M/``, no chat."""
        self._snapshot()
        p = self._find(ref)
        if map_name is None:
            side_id = self.game.side_of(self.game.counters[p.counter].nation) if p.counter else None
            side = next((s.name for s in self.game.sides if s.id == side_id), self.side)
            map_name = savegame.pool_map_name(side)
        x, y = self._pool_spot(map_name)
        return self._step(self._move_cmds(p, map_name, x, y))

    def eliminate(self, ref: str) -> int:
        """Send-to ``Eliminated`` (Ctrl+K): D/ then M/ to the dead pile (README item 11), then our
        module's elimination report (its ReportState, modgen.module.pieces.ELIMINATE_REPORT)."""
        self._snapshot()
        p = self._find(ref)
        before = self._traits(p).state
        where = self.location(p)
        name = self.name(p)
        x, y = self._pool_spot(DEAD_PILE)
        cmds = [_enc(["D", p.id, before, before], "/")]
        cmds += self._move_cmds(p, DEAD_PILE, x, y)
        if p.counter is not None:
            cmds.append(f"CHAT* {html.escape(name, quote=False)} eliminated in {where} by "
                        f"{html.escape(self.player, quote=False)} "
                        f"({html.escape(self.side, quote=False)}) *")
        return self._step(cmds)

    def add_marker(self, marker: str, where: Hex | str, value: str | None = None, *,
                   above: str | None = None) -> int:
        """Drag a marker from the palette onto a hex during play: ``+/`` of the new piece, then a
        new stack when the hex is empty, else an ``M/`` merging it onto the top piece there (or
        right above ``above``, a ref: into an expanded stack). Strength markers (13-22) take
        their only value when none is given."""
        self._snapshot()
        if marker not in self.game.markers:
            raise ModgenError(f"no marker {marker!r} in game {self.game.id}")
        m = self.game.markers[marker]
        if value is None and len(m.values) == 1:
            value = m.values[0]
        x, y = self.pixel(where)
        p = _P(self._new_id(), None, marker, value, MAIN_MAP, x, y)
        self.pieces[p.id] = p
        cmds = [self._add_cmd(p)] + self._move_cmds(
            p, MAIN_MAP, x, y, above=self._find(above).id if above else None)
        self.last_piece = p.id
        return self._step(cmds)

    def restack(self, ref: str, *, above: str | None = None) -> int:
        """Move a piece within its stack: right above ``above`` (a ref), or to the bottom (a drop
        into the expanded stack of its own hex: ``M/`` to the same point)."""
        self._snapshot()
        p = self._find(ref)
        x, y, frm = p.x, p.y, self.location(p)
        cmds = self._move_cmds(p, p.map, x, y, above=self._find(above).id if above else None,
                               bottom=above is None)
        cmds.append(f"CHAT* {html.escape(self.name(p), quote=False)} moves {frm} &rarr; {frm} *")
        return self._step(cmds)

    def set_supply_points(self, ref: str, sp: int) -> int:
        """Change an HQ's ``SupplyPoints`` (its DynamicProperty): one ``D/`` with old and new state."""
        self._snapshot()
        p = self._find(ref)
        old_state = self._traits(p).state
        p.sp = sp
        return self._step([_enc(["D", p.id, self._traits(p).state, old_state], "/")])

    def delete(self, ref: str) -> int:
        self._snapshot()
        p = self._find(ref)
        if p.stack in self.stacks and p.id in self.stacks[p.stack]:
            self.stacks[p.stack].remove(p.id)
        del self.pieces[p.id]
        return self._step([f"-/{p.id}"])

    def flip(self, ref: str) -> int:
        """Flip a unit to its other side (the ``Step`` layer, ``D/``). A counter with no reduced
        side has nothing to flip to (our module gives it no flip layer): refused."""
        p = self._find(ref)
        if p.counter is not None and getattr(self.game.counters[p.counter], "back", True) is None:
            raise ModgenError(f"{self.name(p)} ({p.counter}) has no reduced side: a one-sided "
                              f"counter cannot be flipped")
        self._snapshot()
        old_state = self._traits(p).state
        old_name = self.name(p)
        p.level = 1 if p.level == 2 else 2
        new = self._traits(p).state
        report = (f"CHAT* {html.escape(old_name, quote=False)} flipped to "
                  f"{html.escape(self.name(p), quote=False)} in {self.location(p)} by "
                  f"{html.escape(self.player, quote=False)} ({html.escape(self.side, quote=False)}) *")
        return self._step([_enc(["D", p.id, new, old_state], "/"), report])

    def chat(self, text: str) -> int:
        return self._step([f"CHAT&lt;{html.escape(self.player, quote=False)}&gt; - "
                           f"{html.escape(text, quote=False)}"])

    def declare(self, text: str) -> int:
        """A chat declaration (docs/declarations.md), e.g. ``g.declare("!rail 35 Inf XX 2122-1922")``."""
        return self.chat(text)

    def roll(self, dice: str = "1d6", values: list[int] | None = None, *,
             player: str | None = None, side: str | None = None) -> int:
        """A DiceButton roll as VASSAL 3.7 logs it (README item 8): the report, then the four
        properties with their old and new values. ``player``/``side`` name who rolled (the
        report names them; the roster does not change)."""
        values = values or [1]
        result = ",".join(map(str, values))
        who = html.escape(player or self.player, quote=False)
        sd = html.escape(side or self.side, quote=False)
        counts: dict[int, int] = {}
        for v in values:
            counts[v] = counts.get(v, 0) + 1
        summary = ", ".join(f"{v} x{n}" for v, n in sorted(counts.items()))
        last = self.__dict__.setdefault("_dice", {})     # (subclasses may not call __init__)
        old = last.get(dice, ("1", "0", "0", ""))
        new = (result, str(sum(values)), str(len(values)), summary)
        last[dice] = new
        props = [f"MutableProperty\t{dice}_{k}\t{o}\t{n}\tModule"
                 for k, o, n in zip(("result", "total", "keep", "summary"), old, new)]
        return self._step([f"CHAT*** {dice} = {result} *** &lt;{who} ({sd})&gt;"] + props)

    def _turn_cmd(self) -> str:
        return self.turns.command(self.date, self.phase)

    def turn_label(self, date: Any = None, phase: str | None = None) -> str:
        """The tracker's text (its ``turnFormat``) at ``date``/``phase`` (default: now)."""
        return self.turns.label(date or self.date, phase or self.phase)

    def set_turn(self, date: Any, phase: str) -> int:
        """Move the tracker to any date and phase (one step, as the tracker's buttons do)."""
        self._snapshot()
        before = self.turn_label()
        self.date, self.phase = date, phase
        who = html.escape(self.player, quote=False)
        return self._step([f"CHAT* * &lt;{who}&gt; Turn Updated from {before} to {self.turn_label()}",
                           self._turn_cmd()])

    def next_phase(self, n: int = 1) -> int:
        """Advance the tracker by ``n`` phases of the sequence of play."""
        last = 0
        for _ in range(n):
            date, phase = self.turns.next_phase(self.date, self.phase)
            last = self.set_turn(date, phase.id)
        return last

    def advance_to(self, date: Any, phase: str) -> int:
        """Step through the sequence of play until ``date``/``phase`` (one step per phase)."""
        last = 0
        for _ in range(10_000):
            if (self.date, self.phase) == (date, phase):
                return last
            last = self.next_phase()
        raise ModgenError(f"{date} {phase} is not reachable from {self.date} {self.phase}")

    def undo(self) -> int:
        """Undo the last step's moves (UNDO true, the inverse M/ in reverse order, UNDO false)."""
        last = self.steps[-1]
        inverse = []
        for c in reversed(last):
            if c.startswith("M/"):
                f = c.split("/")
                p = self.pieces[f[1]]
                inverse += self._move_cmds(p, f[6], int(f[7]), int(f[8]))[:1]
        return self._step(["UNDO\ttrue", "CHAT* UNDO *"] + inverse + ["UNDO\tfalse"])

    # ------------------------------------------------------------------ output
    def text(self) -> str:
        self._snapshot()
        top = self._begin()
        for cmds in self.steps:
            top.append(_enc(["LOG\t" + c for c in cmds], ESC))
        return _enc(top, ESC)

    def to_bytes(self) -> bytes:
        """The .vlog: the module writer's deterministic save zip (``!VCSK`` with a fixed key,
        savedata, the module's moduledata) around this game's command string."""
        from ..module.build import moduledata
        from ..module.savegame import savedata, vsav_bytes
        return vsav_bytes(self.text(), savedata(self.game, "", "0"), moduledata(self.game))

    def write(self, path: str | Path) -> Path:
        path = Path(path)
        path.write_bytes(self.to_bytes())
        return path
