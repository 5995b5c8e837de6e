"""Scripted Burning Mountains games written as ``.vlog`` files, the way VASSAL writes them.

The project's :class:`modgen.check.testgame.TestGame` (drags, flips, chat, dice, undo, the ``.vlog``
zip) with this system's pieces, set-up, boards and turn tracker::

    g = BmTestGame(game)                       # the set-up of 1.1, at the A-H Combat Phase of GT 1
    g.declare("!attack 2804 with 2703, 56 Inf X")
    g.combat_roll(3, 4, 5)                     # the Combat button: CRT dice 3 + 4, TdP die 5
    g.next_phase()                             # GT 1, Italian Supply Phase
    g.move("it-inf-x-treviso", "2507")
    g.write("game.vlog")
"""
from __future__ import annotations

import html

from ...testing.testgame import FIRST_ID, TestGame, _enc, _P
from ...errors import ModgenError
from ...hexgrid import Hex
from ...model.types import Game
from ...module import traits as T
from ...vassal.sequence import SequenceEncoder
from ...module.version import module_version
from . import boards, pieces, setup
from . import module as M


class BmTestGame(TestGame):
    __test__ = False

    def __init__(self, game: Game, *, setup: bool = True, player: str = "Tester", side: str | None = None,
                 password: str = "test-secret", gt: int | None = None, turn_side: str | None = None,
                 phase: str | None = None):
        from ...model.geometry import board_geometry
        self._T = T
        self.game = game
        self.scenario = game.scenarios["bm-1916-05"]
        self.player = player
        self.side = side or game.sides[0].name
        self.password = password
        self.maps = tuple(game.maps)
        self.grid, _, _ = board_geometry(next(iter(game.maps.values())))
        self.seq = game.tables["sequence"]
        first = self.seq.first
        self.gt = gt or first[0]
        self.turn_side = turn_side or first[1]
        self.phase = phase or first[2]
        self.pieces: dict[str, _P] = {}
        self.stacks: dict[str, list[str]] = {}
        self.steps: list[list[str]] = []
        self._next = FIRST_ID
        self._pool: dict[str, int] = {}
        self._dice_memory: dict[str, tuple[str, str, str, str]] = {}   # last _result/_total/_keep/_summary
        self._slot_of = {s.counter: s.gpid for s in pieces.slots(game) if s.counter}
        if setup:
            self.setup_scenario()

    # ------------------------------------------------------------------ places
    def pixel(self, h: Hex | str) -> tuple[int, int]:
        h = Hex.parse(h)
        if h not in next(iter(self.game.maps.values())).hexes:
            raise ModgenError(f"hex {h} is not on the map")
        return self.grid.center(h)

    def location(self, p: _P) -> str:
        if p.map == M.TRACKS:                # a RegionGrid board: its nearest region (RegionGrid.locationName)
            return min(boards.track_regions()[0], key=lambda r: (r[1] - p.x) ** 2 + (r[2] - p.y) ** 2)[0]
        if p.map != M.MAIN_MAP:
            return "offboard"
        return str(self.grid.hex_at(p.x, p.y))

    # ------------------------------------------------------------------ pieces
    def _traits(self, p: _P):
        if p.counter is not None:
            c = self.game.counters[p.counter]
            return T.chain(pieces.unit_traits(self.game, c, level=p.level, gpid=self._slot_of.get(p.counter, ""),
                                         map_id=p.map, x=p.x, y=p.y, piece_id=p.id))
        return T.chain(pieces.marker_traits(self.game.markers[p.marker], level=p.level, map_id=p.map, x=p.x, y=p.y,
                                       piece_id=p.id))

    def name(self, p: _P) -> str:
        if p.counter is not None:
            c = self.game.counters[p.counter]
            if p.level == 2:
                return c.name + (" (Mov)" if c.is_artillery else " (reduced)")
            return c.name
        m = self.game.markers[p.marker]
        return f"{m.label} {m.sides[p.level - 1]}"          # the Side layer's level names (module.marker_traits)

    def setup_scenario(self) -> None:
        from ...check.logread import parse_log
        slot_of = dict(self._slot_of)
        slot_of.update({("m", s.marker): s.gpid for s in pieces.slots(self.game) if s.marker})
        text = setup.setup_command(self.game, self.scenario, self.grid, slot_of)
        for p in parse_log(text).begin_state().pieces.values():
            m, x, y = p.position
            level = p.layers.get("Step") or p.layers.get("Moved") or p.layers.get("Side") or 1
            self._put(_P(p.id, p.properties.get("UnitId") or None, p.properties.get("MarkerId") or None, None,
                         m, x, y, level))
            self._next = max(self._next, int(p.id) + 1)

    def place_marker(self, marker: str, where: Hex | str, value: str | None = None) -> str:
        x, y = self.pixel(where)
        return self._put(_P(self._new_id(), None, marker, None, M.MAIN_MAP, x, y, 2 if value == "back" else 1))

    def add_marker(self, marker: str, where: Hex | str, value: str | None = None) -> int:
        self._snapshot()
        x, y = self.pixel(where)
        p = _P(self._new_id(), None, marker, None, M.MAIN_MAP, x, y, 2 if value == "back" else 1)
        self.pieces[p.id] = p
        return self._step([self._add_cmd(p)] + self._move_cmds(p, M.MAIN_MAP, x, y))

    def _box(self, box: str) -> tuple[int, int]:
        regions = {name: (x, y) for name, x, y in boards.track_regions()[0]}
        if box not in regions:
            raise ModgenError(f"no box {box!r} on the Tracks map")
        return regions[box]

    def place_on_track(self, marker: str, box: str, back: bool = False) -> str:
        """Put a marker in a box of the Tracks map in the begin state ("VP 3", "GT 2")."""
        x, y = self._box(box)
        return self._put(_P(self._new_id(), None, marker, None, M.TRACKS, x, y, 2 if back else 1))

    def move_on_track(self, ref: str, box: str) -> int:
        """Drag a marker to a box of the Tracks map (the VP & Replacement track, the GT track)."""
        self._snapshot()
        p = self._find(ref)
        x, y = self._box(box)
        frm = self.location(p)
        cmds = self._move_cmds(p, M.TRACKS, x, y)
        cmds.append(f"CHAT* {html.escape(self.name(p), quote=False)} moves {frm} &rarr; {box} *")
        return self._step(cmds)

    def find_unit(self, counter: str) -> str:
        return self._find(counter).id

    def eliminate(self, ref: str) -> int:
        self._snapshot()
        p = self._find(ref)
        before = self._traits(p).state
        x, y = self._pool_spot(M.ELIMINATED)
        cmds = [_enc(["D", p.id, before, before], "/")]
        cmds += self._move_cmds(p, M.ELIMINATED, x, y)
        return self._step(cmds)

    # ------------------------------------------------------------------ begin state
    def _single_board_maps(self) -> list[str]:
        return [M.ELIMINATED] + [M.pool_name(s.name) for s in self.game.sides] + [M.TRACKS]

    # ------------------------------------------------------------------ turns and dice
    def _turn_cmd(self) -> str:
        return SequenceEncoder("\t", "TURN" + M.TRACKER_ID).append(
            M.turn_state(self.game, self.gt, self.turn_side, self.phase)).value or ""

    def turn_label(self, date=None, phase=None) -> str:
        side = next(s.name for s in self.game.sides if s.id == self.turn_side)
        return f"GT {self.gt} | {side} | {M.PHASE_NAMES[self.phase]}"

    def set_turn(self, gt: int, side: str, phase: str) -> int:  # type: ignore[override]
        self._snapshot()
        before = self.turn_label()
        self.gt, self.turn_side, self.phase = gt, side, phase
        who = html.escape(self.player, quote=False)
        return self._step([f"CHAT* * &lt;{who}&gt; Turn Updated from {before} to {self.turn_label()}",
                           self._turn_cmd()])

    def next_phase(self, n: int = 1) -> int:
        last = 0
        for _ in range(n):
            nxt = self.seq.next((self.gt, self.turn_side, self.phase))
            if nxt is None:
                raise ModgenError("the game is over (GT 14)")
            last = self.set_turn(*nxt)
        return last

    def advance_to(self, gt: int, side: str, phase: str) -> int:  # type: ignore[override]
        last = 0
        for _ in range(1000):
            if (self.gt, self.turn_side, self.phase) == (gt, side, phase):
                return last
            last = self.next_phase()
        raise ModgenError(f"GT {gt} {side} {phase} is not reachable")

    def combat_roll(self, crt1: int, crt2: int, tdp: int) -> int:
        """The Combat button (3d6): the two same-coloured CRT dice, then the odd TdP die (8.3, 8.5),
        as VASSAL 3.7.26 logs a DiceButton roll (``DiceButton.DR``): the report, then the
        ``_result``, ``_total``, ``_keep`` and ``_summary`` properties."""
        return self.roll(M.COMBAT_DICE, [crt1, crt2, tdp])

    def roll(self, dice: str = "1d6", values: list[int] | None = None) -> int:
        """A roll of one of this module's dice buttons, with its report format (``module.DICE``)."""
        values = list(values or [1])
        spec = next(d for d in M.DICE if d["name"] == dice)
        who = html.escape(self.player, quote=False)
        result = ",".join(map(str, values))
        report = spec["reportFormat"].replace("$name$", dice).replace("$result$", result)
        for i, v in enumerate(values, 1):
            report = report.replace(f"${'result'}{i}$", str(v))
        report = report.replace("$PlayerName$", who)
        counts = sorted(set(values))
        summary = ", ".join(f"{v} x{values.count(v)}" for v in counts)
        old = self._dice_memory.get(dice, ("1", "0", "0", ""))
        self._dice_memory[dice] = (result, str(sum(values)), str(len(values)), summary)
        new = self._dice_memory[dice]
        cmds = [f"CHAT*{report}"]
        for suffix, o, n in zip(("result", "total", "keep", "summary"), old, new):
            cmds.append(f"MutableProperty\t{dice}_{suffix}\t{o}\t{n}\tModule")
        return self._step(cmds)

    def to_bytes(self) -> bytes:
        from ...module.build import moduledata
        from ...module.savegame import metadata_xml, vsav_bytes
        return vsav_bytes(self.text(), metadata_xml([("version", module_version(self.game)), ("extra1", None),
                                                     ("extra2", None), ("VassalVersion", "3.7.0"),
                                                     ("dateSaved", "0"), ("description", "")]),
                          moduledata(self.game))
