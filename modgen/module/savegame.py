"""Scenario saves (``.vsav``): the set-up of each scenario as VASSAL's saved-game command string.

Structure (vassal-format.md §4.4 and the fixtures written by VASSAL 3.7.26)::

    begin_save ESC "" ESC ( "" \\ESC +/<id>/<type>/<state> \\ESC … +/<id>/stack/<state> )
    ESC <map>BoardPicker\\t<board>\\t<col>\\t<row> (one per map) ESC SETUP_STACK\\t ESC TURN… ESC end_save

Pieces are written with their prototypes expanded, as VASSAL writes every piece that entered a
game from the palette (``PieceCloner.clonePiece``; ``UsePrototype`` keeps no state, so a moved
flag or trail kept in a prototype would never reach a log or a save otherwise).

Stack members come before their stack (``Stack.setState`` drops ids it does not know yet). No
``PLAYER`` line is written: a generated save must not carry anyone's password. ``savedGame`` is
obfuscated ``!VCSK`` with a fixed key, so the same data always gives the same bytes.

Piece positions are map pixels: the hex centre from the module's own grid plus the board
origin in the Main Map (boards of a scenario are laid out left to right in the order listed).
"""
from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any, Callable

from ..model.derive import arrival_piece_count
from ..model.geometry import BoardLayout
from ..model.types import Game, Placement, Scenario
from ..vassal.obfuscation import obfuscate_vcsk
from ..vassal.sequence import SequenceEncoder
from . import pieces as P
from .version import module_version
from . import traits as T

ESC = "\x1b"
MAIN_MAP = "Main Map"
SAVE_KEY = 0x5A          # fixed obfuscation key: deterministic output
FIRST_PIECE_ID = 1_000_001
#: off-map areas: (map name, board name, width, height)
ELIMINATED = (P.ELIMINATED_MAP, P.ELIMINATED_BOARD, 960, 640)
POOL_SIZE = (960, 640)
SLOT_PITCH = 64          # spacing of pieces laid out in off-map areas


TRACKS_MAP = "Tracks"   # modgen.module.tracks.MAP_NAME (one board of the same name)


def pool_map_name(side_name: str) -> str:
    return f"{side_name} Reinforcements"


@dataclass
class _Piece:
    id: str
    traits: list[T.Trait]


@dataclass
class SaveBuilder:
    game: Game
    layout: BoardLayout
    turn_command: Callable[[Any, str], str] | None   # the rules system's TURN command
    units: dict[str, P.Slot]
    markers: dict[tuple[str, str | None], P.Slot]
    next_id: int = FIRST_PIECE_ID
    notes: list[str] = field(default_factory=list)
    #: prototype traits by name: pieces enter the game expanded, as VASSAL's PieceCloner does
    protos: dict[str, list[T.Trait]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.protos:
            self.protos = P.prototype_traits(self.game)

    def _new_id(self) -> str:
        pid = str(self.next_id)
        self.next_id += 1
        return pid

    def unit(self, counter_id: str, map_id: str, x: int, y: int, reduced: bool = False,
             supply_points: int | None = None, where: str = "") -> _Piece | None:
        slot = self.units.get(counter_id)
        if slot is None:
            self.notes.append(f"{where}: counter {counter_id} is not in the counter data; not placed")
            return None
        c = self.game.counters[counter_id]
        level = 1
        if reduced:
            if c.back is None:
                self.notes.append(f"{where}: {c.name} is set up reduced but has no back side; "
                                  "placed at full strength")
            else:
                level = 2
        pid = self._new_id()
        return _Piece(pid, P.expand_prototypes(
            P.unit_traits(self.game, c, level=level, gpid=slot.gpid, map_id=map_id, x=x, y=y,
                          piece_id=pid, supply_points=supply_points), self.protos))

    def marker(self, marker_id: str, value: str | None, map_id: str, x: int, y: int,
               where: str = "") -> _Piece | None:
        slot = self.markers.get((marker_id, value)) or self.markers.get((marker_id, None))
        if slot is None:
            self.notes.append(f"{where}: marker {marker_id}"
                              f"{' ' + value if value else ''} is not in the marker data; not placed")
            return None
        m = self.game.markers[marker_id]
        pid = self._new_id()
        return _Piece(pid, P.expand_prototypes(
            P.marker_traits(m, slot.value, gpid=slot.gpid, map_id=map_id, x=x, y=y, piece_id=pid),
            self.protos))

    def strength_adjustment(self, pl: Placement, where: str) -> tuple[bool, tuple[str, str] | None]:
        """(reduced?, strength marker) for a unit set up at a printed strength below its front.

        The back side is used when it shows that strength; otherwise a strength-reduction marker
        (13-22: ``-1`` or ``1/2``) from the marker data, when one gives exactly that strength.
        """
        strength = getattr(pl, "strength", None)
        c = self.game.counters.get(pl.counter)
        if strength is None or c is None:
            return pl.reduced, None
        faces = [(True, c.back)] if pl.reduced and c.back is not None else \
            [(False, c.front)] + ([(True, c.back)] if c.back is not None else [])
        for reduced, face in faces:
            if face.strength is None or face.strength == strength:
                return reduced, None
        reductions = [(mid, v) for mid in sorted(self.game.markers)
                      if self.game.markers[mid].kind == "strength"
                      for v in self.game.markers[mid].values]
        for reduced, face in faces:
            for mid, v in reductions:
                if (v == "-1" and face.strength - 1 == strength) or \
                        (v in ("1/2", "\u00bd") and face.strength / 2 == strength):
                    return reduced, (mid, v)
        reduced, face = faces[0]
        self.notes.append(f"{where}: {c.name} is printed at strength {strength} but its "
                          f"{'back' if reduced else 'front'} shows {face.strength}; "
                          "adjust it by hand")
        return reduced, None

    def fortress(self, nation: str, size: int, map_id: str, x: int, y: int,
                 where: str = "") -> _Piece | None:
        """A fortress: the nation's fortress counter of that strength, else a fortress marker."""
        for cid in sorted(self.game.counters):
            c = self.game.counters[cid]
            if c.type == "fortress" and c.nation == nation and c.front.strength == size:
                return self.unit(cid, map_id, x, y, where=where)
        for mid in sorted(self.game.markers):
            m = self.game.markers[mid]
            if m.kind == "fortress" and (str(size) in m.values or not m.values):
                return self.marker(mid, str(size) if m.values else None, map_id, x, y, where)
        self.notes.append(f"{where}: no fortress counter or marker of strength {size} for {nation}; "
                          "not placed")
        return None


def _derived_markers(sc: Scenario, game: Game) -> tuple:
    """Markers the scenario places by a rule over the map (4-2, 7-2 trenches): the model's
    ``derive.derived_marker_placements``, so the module and the checker agree."""
    if not getattr(sc, "derived_markers", ()):
        return ()
    from ..model.derive import derived_marker_placements
    return tuple(derived_marker_placements(sc, game))


def _arrival_pieces(game: Game, arrivals: list[Placement], placed: set[str]) -> list[Placement]:
    """The schedule entries that get a piece in the pool (in schedule order): every entry of a
    replacement unit, the first of a named unit not already placed."""
    out = []
    for pl in arrivals:
        if pl.counter not in game.counters:
            continue
        if arrival_piece_count(game, pl.counter) == "each":
            out.append(pl)
        elif pl.counter not in placed:
            out.append(pl)
            placed.add(pl.counter)
    return out


def _grid_slots(n: int, width: int, start: tuple[int, int] = (40, 40)) -> list[tuple[int, int]]:
    per_row = max(1, (width - start[0]) // SLOT_PITCH)
    return [(start[0] + (i % per_row) * SLOT_PITCH, start[1] + (i // per_row) * SLOT_PITCH)
            for i in range(n)]


def scenario_command(game: Game, sc: Scenario, layout: BoardLayout,
                     turn_command: Callable[[Any, str], str],
                     all_slots: list[P.Slot]) -> tuple[str, list[str]]:
    """The ``savedGame`` plain text of a scenario and the notes on what could not be placed."""
    units, markers = P.slot_index(all_slots)
    b = SaveBuilder(game, layout, turn_command, units, markers)
    # stacks keyed by (map, x, y), bottom to top: markers, fortresses, units
    stacks: dict[tuple[str, int, int], list[_Piece]] = {}

    def put(piece: _Piece | None, map_name: str, x: int, y: int) -> None:
        if piece is not None:
            stacks.setdefault((map_name, x, y), []).append(piece)

    def place_unit(pl: Placement, map_name: str, x: int, y: int) -> None:
        """A unit as printed: its face, a strength marker if needed, its HQ supply points."""
        where = str(pl.source or sc.id)
        reduced, marker = b.strength_adjustment(pl, where)
        sp = getattr(pl, "supply_points", None)
        if sp is None:
            sp = sc.hq_supply_points.get(pl.counter)
        put(b.unit(pl.counter, map_name, x, y, reduced, sp, where), map_name, x, y)
        if marker is not None:
            put(b.marker(marker[0], marker[1], map_name, x, y, where), map_name, x, y)

    placed: set[str] = set()
    for mp in tuple(sc.markers) + _derived_markers(sc, game):
        _, x, y = layout.pixel(sc.maps, mp.hex, mp.source)
        put(b.marker(mp.marker, mp.value, MAIN_MAP, x, y, str(mp.source or sc.id)), MAIN_MAP, x, y)
    for fp in sc.fortresses:
        _, x, y = layout.pixel(sc.maps, fp.hex, fp.source)
        put(b.fortress(fp.nation, fp.size, MAIN_MAP, x, y, str(fp.source or sc.id)), MAIN_MAP, x, y)
    for pl in sc.setup:
        if pl.hex is None:
            b.notes.append(f"{pl.source or sc.id}: {pl.counter} has no printed hex "
                           f"({pl.location or 'no location'}); not placed")
            continue
        _, x, y = layout.pixel(sc.maps, pl.hex, pl.source)
        place_unit(pl, MAIN_MAP, x, y)
        placed.add(pl.counter)
    # the dead pool on Eliminated
    dead = [pl for pl in sc.dead_pool if pl.counter not in placed]
    for pl, (x, y) in zip(dead, _grid_slots(len(dead), ELIMINATED[2])):
        place_unit(pl, ELIMINATED[0], x, y)
        placed.add(pl.counter)
    # scheduled arrivals wait in their side's reinforcement pool, in schedule order
    for side in game.sides:
        arrivals = [pl for entry in sc.reinforcements if game.side_of(entry.nation) == side.id
                    for pl in entry.arrivals]
        arrivals = _arrival_pieces(game, arrivals, placed)
        pool = pool_map_name(side.name)
        for pl, (x, y) in zip(arrivals, _grid_slots(len(arrivals), POOL_SIZE[0])):
            place_unit(pl, pool, x, y)

    # pieces first (map by map, stack by stack, bottom to top), then the stacks
    inner = SequenceEncoder(ESC, "")
    order = sorted(stacks, key=lambda k: (k[0], k[2], k[1]))
    stack_ids: dict[tuple[str, int, int], str] = {}
    for k in order:
        for piece in stacks[k]:
            inner.append(T.add_piece(T.chain(piece.traits), piece.id))
    for k in order:
        sid = b._new_id()
        stack_ids[k] = sid
        inner.append(T.add_piece(T.stack(k[0], k[1], k[2], [p.id for p in stacks[k]]), sid))

    return saved_game_text(inner.value, sc.maps, eliminated=ELIMINATED[:2],
                           pools=[pool_map_name(side.name) for side in game.sides],
                           tracks=TRACKS_MAP, turn=turn_command(sc.first_turn, sc.first_phase)), b.notes


def saved_game_text(pieces: str, main_boards, *, eliminated: tuple[str, str], pools, tracks: str,
                    turn: str) -> str:
    """The savedGame command of a set-up (``GameState.getRestoreCommand``): ``begin_save``, the
    pieces and stacks (``pieces``: their AddPiece commands joined), one BoardPicker line per map
    with boards (the Main Map's boards left to right, then the Eliminated box, each side's pool and
    the Tracks map: a map and its board of one name), SETUP_STACK, the turn tracker's state
    (``turn``: its TURN command), ``end_save``."""
    cmds = SequenceEncoder(ESC, "begin_save")
    cmds.append("")
    cmds.append(pieces)
    bp = SequenceEncoder("\t", f"{MAIN_MAP}BoardPicker")
    for i, m in enumerate(main_boards):
        # BoardPicker.encode: the board name through SequenceEncoder('/') (a "/rev" suffix
        # marks a reversed board), then its column and row in the map's board layout
        bp.append(SequenceEncoder("/", m).value).append(i).append(0)
    cmds.append(bp.value)
    cmds.append(f"{eliminated[0]}BoardPicker\t{eliminated[1]}\t0\t0")
    for name in pools:
        cmds.append(f"{name}BoardPicker\t{name}\t0\t0")
    cmds.append(f"{tracks}BoardPicker\t{tracks}\t0\t0")
    cmds.append("SETUP_STACK\t")
    cmds.append(turn)
    cmds.append("end_save")
    return cmds.value or ""


# --------------------------------------------------------------------------- files


def metadata_xml(root_children: list[tuple[str, str | None]]) -> bytes:
    """``<data version="1">`` metadata as VASSAL's transformer writes it (indent 2)."""
    # (xml.sax.saxutils.escape, written out: importing it pulls in urllib, ~20 ms of a build)
    def escape(t: str) -> str:
        return t.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    lines = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>', '<data version="1">']
    for tag, text in root_children:
        lines.append(f"  <{tag}/>" if text is None else f"  <{tag}>{escape(text)}</{tag}>")
    lines.append("</data>")
    return ("\n".join(lines) + "\n").encode("utf-8")


def savedata(game: Game, description: str, date_saved: str) -> bytes:
    return metadata_xml([("version", module_version(game)), ("extra1", None), ("extra2", None),
                         ("VassalVersion", "3.7.0"), ("dateSaved", date_saved),
                         ("description", description)])


def vsav_bytes(command: str, savedata_xml: bytes, moduledata_xml: bytes) -> bytes:
    """A deterministic ``.vsav`` zip: savedGame (!VCSK, fixed key), savedata, moduledata."""
    from .vmod import write_zip_entries
    buf = io.BytesIO()
    write_zip_entries(buf, [("savedGame", obfuscate_vcsk(command, SAVE_KEY)),
                            ("savedata", savedata_xml), ("moduledata", moduledata_xml)],
                      sort=False)
    return buf.getvalue()
