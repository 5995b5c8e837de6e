"""Module knowledge from any ``buildFile.xml`` (ours or a published module).

:func:`read_module` accepts a ``.vmod`` (path or bytes) or a bare ``buildFile.xml`` and returns a
:class:`Module`: name, version, sides, maps with boards and grids (hex, square, zoned with zones and
sub-grids, region grids, none), board origins (vassal-format.md §2.4), prototypes, piece slots, turn
trackers (and :func:`decode_turn_state`), dice buttons. ``Module.location_name(map, x, y)`` is
VASSAL's ``Map.locationName`` for a map pixel (``offboard`` where no board or no grid answers).

Parsing is done with a safe lxml parser (no entities, no DTD, no network). Board image sizes are
read lazily with Pillow from the module archive (header only).
"""
from __future__ import annotations

import io
import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Union

from lxml import etree

from ..errors import ModgenError
from ..hexgrid import Hex, VassalHexGrid, grid_number_name, raw_hex_column_row
from .archive import Limits, open_archive, parse_metadata, safe_xml_parser
from .limits import MAX_IMAGE_HEADER_BYTES
from .sequence import Decoder, decode as seq_decode

__all__ = ["read_module", "Module", "MapInfo", "BoardInfo", "HexGridInfo", "SquareGridInfo",
           "RegionGridInfo", "ZonedGridInfo", "ZoneInfo", "TurnTrackerInfo", "TurnLevelInfo",
           "DiceButtonInfo", "PieceSlotInfo", "decode_turn_state", "OFFBOARD"]

OFFBOARD = "offboard"
_P = "VASSAL.build."
_MAP_TAGS = {_P + "module.Map", _P + "module.PrivateMap", _P + "module.PlayerHand"}
_B = _P + "module.map.boardPicker."
_BOARD = _B + "Board"
_HEX = _B + "board.HexGrid"
_SQUARE = _B + "board.SquareGrid"
_REGION = _B + "board.RegionGrid"
_ZONED = _B + "board.ZonedGrid"
_ZONE = _B + "board.mapgrid.Zone"


def _f(el, name: str, default: float) -> float:
    try:
        v = float(el.get(name, default))
        return v if math.isfinite(v) else default
    except (TypeError, ValueError):
        return default


def _i(el, name: str, default: int) -> int:
    try:
        return int(str(el.get(name, default)).strip())
    except (TypeError, ValueError):
        try:
            return int(float(el.get(name)))
        except (TypeError, ValueError, OverflowError):
            return default


def _b(el, name: str, default: bool) -> bool:
    v = el.get(name)
    return default if v is None else v == "true"


# ---------------------------------------------------------------------------------------------
# Grids


@dataclass(frozen=True)
class Numbering:
    """RegularGridNumbering / HexGridNumbering attributes."""
    first: str = "H"
    sep: str = ""
    h_type: str = "N"
    v_type: str = "N"
    h_leading: int = 1
    v_leading: int = 1
    h_off: int = 1
    v_off: int = 1
    h_descend: bool = False
    v_descend: bool = False
    stagger: bool = True
    location_format: str = "$gridLocation$"

    @classmethod
    def from_element(cls, el) -> "Numbering":
        if el is None:
            return cls()
        return cls(first=(el.get("first", "H") or "H")[:1], sep=el.get("sep", ""),
                   h_type=(el.get("hType", "N") or "N")[:1], v_type=(el.get("vType", "N") or "N")[:1],
                   h_leading=_i(el, "hLeading", 1), v_leading=_i(el, "vLeading", 1),
                   h_off=_i(el, "hOff", 1), v_off=_i(el, "vOff", 1),
                   h_descend=_b(el, "hDescend", False), v_descend=_b(el, "vDescend", False),
                   stagger=_b(el, "stagger", True),
                   location_format=el.get("locationFormat", "$gridLocation$"))

    def name(self, value: int, type_: str, leading: int) -> str:
        """``RegularGridNumbering.getName``."""
        return grid_number_name(value, type_, leading)

    def format(self, col: int, row: int) -> str:
        c = self.name(col + self.h_off, self.h_type, self.h_leading)
        r = self.name(row + self.v_off, self.v_type, self.v_leading)
        loc = c + self.sep + r if self.first != "V" else r + self.sep + c
        fmt = self.location_format or "$gridLocation$"
        return fmt.replace("$gridLocation$", loc).replace("$column$", c).replace("$row$", r)


@dataclass(frozen=True)
class HexGridInfo:
    """A VASSAL HexGrid + numbering. ``location_name`` follows ``HexGridNumbering`` (3.7):
    sideways grids swap x/y before the arithmetic, descending numbering counts from the board
    size, alphabetic names are A…Z, AA, BB…. Only the plain case is checked against VASSAL by a
    fixture; the others follow the Java source."""
    dx: float
    dy: float
    x0: int
    y0: int
    sideways: bool = False
    numbering: Numbering | None = None
    oblique: bool = False       # VASSAL 3.8's ObliqueHexGridNumbering (slanted rows)
    kind = "hex"

    def raw(self, x: float, y: float) -> tuple[int, int]:
        """(raw column, raw row): ``HexGridNumbering.getRawColumn/getRawRow``."""
        if self.sideways:
            x, y = y, x
        return raw_hex_column_row(x, y, self.dx, self.dy, self.x0, self.y0)

    def column_row(self, x: float, y: float, width: int = 0, height: int = 0) -> tuple[int, int]:
        """``HexGridNumbering.getColumn/getRow`` (board size needed only for descending)."""
        n = self.numbering or Numbering()
        raw_col, ny = self.raw(x, y)
        max_rows = math.floor(height / self.dx + 0.5)
        max_cols = math.floor(width / self.dy + 0.5)
        col = raw_col
        if n.v_descend and self.sideways:
            col = max_rows - col
        if n.h_descend and not self.sideways:
            col = max_cols - col
        row = ny
        if n.v_descend and not self.sideways:
            row = max_rows - row
        if n.h_descend and self.sideways:
            row = max_cols - row
        if n.stagger and raw_col % 2 != 0:
            descending = n.h_descend if self.sideways else n.v_descend
            row += -1 if descending else 1
        if self.oblique:
            # ObliqueHexGridNumbering.getRow (3.8.0-beta1): slantRow(super.getRow, super.
            # getColumn) = stagger ? column/2 + row : row - column/2 + 1, Java int division
            half = abs(col) // 2 * (1 if col >= 0 else -1)
            row = half + row if n.stagger else row - half + 1
        return col, row

    def location_name(self, x: float, y: float, width: int = 0, height: int = 0) -> str | None:
        if self.numbering is None:
            return None
        col, row = self.column_row(x, y, width, height)
        return self.numbering.format(col, row)

    def vassal_hex_grid(self) -> VassalHexGrid | None:
        """The project's :class:`VassalHexGrid` when the numbering is one it models."""
        n = self.numbering
        if (n is None or self.sideways or self.oblique or n.h_type != "N" or n.v_type != "N"
                or n.h_descend or n.v_descend):
            return None
        return VassalHexGrid(dx=self.dx, dy=self.dy, x0=self.x0, y0=self.y0, h_off=n.h_off,
                             v_off=n.v_off, stagger=n.stagger, first=n.first, sep=n.sep,
                             h_leading=n.h_leading, v_leading=n.v_leading)

    def hex_at(self, x: float, y: float) -> Hex | None:
        g = self.vassal_hex_grid()
        return g.hex_at(x, y) if g is not None else None


@dataclass(frozen=True)
class SquareGridInfo:
    dx: float
    dy: float
    x0: int
    y0: int
    numbering: Numbering | None = None
    kind = "square"

    def column_row(self, x: float, y: float, width: int = 0, height: int = 0) -> tuple[int, int]:
        """``SquareGridNumbering.getColumn/getRow`` (the row truncates toward zero, as in Java)."""
        n = self.numbering or Numbering()
        col = math.floor((x - self.x0) / self.dx + 0.5)
        row = int((y - self.y0) / self.dy + 0.5)
        if n.h_descend:
            col = int(width / self.dx + 0.5) - col
        if n.v_descend:
            row = int(height / self.dy + 0.5) - row
        return col, row

    def location_name(self, x: float, y: float, width: int = 0, height: int = 0) -> str | None:
        if self.numbering is None:
            return None
        return self.numbering.format(*self.column_row(x, y, width, height))

    def hex_at(self, x, y):
        return None


@dataclass(frozen=True)
class RegionGridInfo:
    """Named points; the location is the nearest region (``RegionGrid.doSnap``)."""
    regions: tuple  # ((name, x, y), ...)
    kind = "region"

    def location_name(self, x: float, y: float, width: int = 0, height: int = 0) -> str | None:
        best, best_d = None, None
        for name, rx, ry in self.regions:
            d = (x - rx) ** 2 + (y - ry) ** 2
            if best_d is None or d < best_d:
                best, best_d = name, d
        return best

    def hex_at(self, x, y):
        return None


def _contains(poly: tuple, x: float, y: float) -> bool:
    """Even-odd point-in-polygon (``java.awt.Polygon.contains``, up to boundary points)."""
    inside = False
    n = len(poly)
    j = n - 1
    for i in range(n):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y):
            xc = xi + (y - yi) * (xj - xi) / (yj - yi)
            if x < xc:
                inside = not inside
        j = i
    return inside


@dataclass(frozen=True)
class ZoneInfo:
    name: str
    path: tuple  # ((x, y), ...) board pixels
    location_format: str = "$name$"
    use_parent_grid: bool = False
    grid: Any = None

    def contains(self, x: float, y: float) -> bool:
        return len(self.path) >= 3 and _contains(self.path, x, y)


@dataclass(frozen=True)
class ZonedGridInfo:
    zones: tuple
    background: Any = None
    kind = "zoned"

    def zone_at(self, x: float, y: float) -> ZoneInfo | None:
        for z in self.zones:
            if z.contains(x, y):
                return z
        return None

    def location_name(self, x: float, y: float, width: int = 0, height: int = 0) -> str | None:
        z = self.zone_at(x, y)
        if z is None:
            return self.background.location_name(x, y, width, height) if self.background else None
        grid = self.background if z.use_parent_grid else z.grid
        gl = grid.location_name(x, y, width, height) if grid is not None else None
        fmt = z.location_format or "$name$"
        return fmt.replace("$name$", z.name).replace("$gridLocation$", gl or "")

    def hex_at(self, x, y):
        z = self.zone_at(x, y)
        grid = (self.background if (z is None or z.use_parent_grid) else z.grid)
        return grid.hex_at(x, y) if grid is not None else None


def _grid(el) -> Any:
    if el is None:
        return None
    tag = el.tag
    if tag == _HEX:
        num = el.find(_B + "board.mapgrid.HexGridNumbering")
        oblique = num is None and el.find(_B + "board.mapgrid.ObliqueHexGridNumbering") is not None
        if oblique:
            num = el.find(_B + "board.mapgrid.ObliqueHexGridNumbering")
        dy = _f(el, "dy", 64.0)
        dx = _f(el, "dx", math.sqrt(3) / 2 * dy)
        if dx <= 0 or dy <= 0:
            return None
        return HexGridInfo(dx=dx, dy=dy, x0=_i(el, "x0", 0), y0=_i(el, "y0", 32),
                           sideways=_b(el, "sideways", False),
                           numbering=Numbering.from_element(num) if num is not None else None,
                           oblique=oblique)
    if tag == _SQUARE:
        num = el.find(_B + "board.mapgrid.SquareGridNumbering")
        dx, dy = _f(el, "dx", 48.0), _f(el, "dy", 48.0)
        if dx <= 0 or dy <= 0:
            return None
        n = None
        if num is not None:
            n = Numbering.from_element(num)
            n = Numbering(**{**n.__dict__, "stagger": False})
        return SquareGridInfo(dx=dx, dy=dy, x0=_i(el, "x0", 24), y0=_i(el, "y0", 24), numbering=n)
    if tag == _REGION:
        regs = []
        for r in el.iter(_B + "board.Region"):
            regs.append((r.get("name", ""), _i(r, "originx", 0), _i(r, "originy", 0)))
        return RegionGridInfo(tuple(regs))
    if tag == _ZONED:
        zones = []
        background = None
        for ch in el:
            if ch.tag == _ZONE:
                pts = []
                for pair in (ch.get("path") or "").split(";"):
                    xy = pair.split(",")
                    if len(xy) == 2:
                        try:
                            pts.append((int(xy[0]), int(xy[1])))
                        except ValueError:
                            pass
                sub = None
                for g in ch:
                    if g.tag in (_HEX, _SQUARE, _REGION, _ZONED):
                        sub = _grid(g)
                        break
                zones.append(ZoneInfo(ch.get("name", ""), tuple(pts),
                                      ch.get("locationFormat", "$name$"),
                                      _b(ch, "useParentGrid", False), sub))
            elif ch.tag in (_HEX, _SQUARE, _REGION):
                background = _grid(ch)
        return ZonedGridInfo(tuple(zones), background)
    return None


# ---------------------------------------------------------------------------------------------
# Boards and maps


@dataclass
class BoardInfo:
    name: str
    image: str
    grid: Any = None
    reversible: bool = False
    _width: int | None = None
    _height: int | None = None
    _size_loader: Any = field(default=None, repr=False)

    def _load(self) -> None:
        if self._width is None or self._height is None:
            size = self._size_loader(self.image) if (self._size_loader and self.image) else None
            if size is None:
                size = (self._width or 0, self._height or 0)
            self._width, self._height = size

    @property
    def width(self) -> int:
        self._load()
        return self._width or 0

    @property
    def height(self) -> int:
        self._load()
        return self._height or 0


@dataclass
class MapInfo:
    """A Map (or PrivateMap/PlayerHand). ``id`` is ``Map.getIdentifier()`` (mapName or Map<n>)."""
    id: str
    name: str
    kind: str
    boards: dict
    edge_width: int = 0
    edge_height: int = 0
    #: board layout: [(board name, column, row)]; defaults to the first board at (0, 0)
    layout: list = field(default_factory=list)
    #: DrawPiles: [(name, x, y, owning board name)] (``Map.getDeckNameAt``)
    decks: list = field(default_factory=list)

    #: names of boards the layout shows reversed (``<board>/rev`` in the BoardPicker command)
    reversed_boards: set = field(default_factory=set)

    def set_layout(self, boards) -> None:
        """Apply a save's BoardPicker selection: ((name[/rev], col, row), …)."""
        self.layout = [(str(n).removesuffix("/rev"), int(c), int(r)) for n, c, r in boards]
        self.reversed_boards = {str(n).removesuffix("/rev") for n, _, _ in boards
                                if str(n).endswith("/rev")}

    def placed_boards(self) -> list[tuple[BoardInfo, int, int]]:
        """[(board, origin x, origin y)] in map pixels (``Map.setBoardBoundaries``)."""
        layout = self.layout or ([(next(iter(self.boards)), 0, 0)] if self.boards else [])
        placed = [(self.boards[n], c, r) for n, c, r in layout if n in self.boards]
        widths: dict[tuple[int, int], int] = {}
        heights: dict[tuple[int, int], int] = {}
        for b, c, r in placed:
            widths[(c, r)] = b.width
            heights[(c, r)] = b.height
        out = []
        for b, c, r in placed:
            x = self.edge_width + sum(widths.get((i, r), 0) for i in range(c))
            y = self.edge_height + sum(heights.get((c, j), 0) for j in range(r))
            out.append((b, x, y))
        return out

    def board_at(self, x: float, y: float) -> tuple[BoardInfo, int, int] | None:
        placed = self.placed_boards()
        for b, ox, oy in placed:
            w, h = b.width, b.height
            if w <= 0 or h <= 0:  # size unknown (bare buildFile): the only board takes all
                if len(placed) == 1 and x >= ox and y >= oy:
                    return b, ox, oy
                continue
            if ox <= x < ox + w and oy <= y < oy + h:
                return b, ox, oy
        return None

    def deck_at(self, x: float, y: float) -> str | None:
        """The DrawPile whose position is exactly (x, y) (owning board's origin added)."""
        if not self.decks:
            return None
        origins = {b.name: (ox, oy) for b, ox, oy in self.placed_boards()}
        for name, dx, dy, board in self.decks:
            ox, oy = origins.get(board, (0, 0))
            if (dx + ox, dy + oy) == (x, y):
                return name
        return None

    def location_name(self, x: float, y: float) -> str:
        """``Map.locationName``: a deck at exactly that point, else the board's grid, else
        ``offboard``."""
        deck = self.deck_at(x, y)
        if deck is not None:
            return deck
        found = self.board_at(x, y)
        if found is None:
            return OFFBOARD
        b, ox, oy = found
        if b.grid is None:
            return OFFBOARD
        lx, ly = self._local(b, x - ox, y - oy)
        loc = b.grid.location_name(lx, ly, b.width, b.height)
        return OFFBOARD if loc is None else loc

    def _local(self, b: BoardInfo, x: float, y: float) -> tuple[float, float]:
        """``Board.localCoordinates``: a reversed board is mirrored in both axes."""
        if b.name in self.reversed_boards and b.reversible:
            return b.width - x, b.height - y
        return x, y

    def hex_at(self, x: float, y: float) -> Hex | None:
        found = self.board_at(x, y)
        if found is None or found[0].grid is None:
            return None
        b, ox, oy = found
        return b.grid.hex_at(*self._local(b, x - ox, y - oy))

    def board_name_at(self, x: float, y: float) -> str | None:
        """The name of the board under a map pixel (``Map.findBoard``), None off every board."""
        found = self.board_at(x, y)
        return found[0].name if found else None

    def shows_several_boards(self) -> bool:
        return len(self.placed_boards()) > 1


# ---------------------------------------------------------------------------------------------
# Turn trackers, dice, pieces


@dataclass(frozen=True)
class TurnLevelInfo:
    kind: str               # "counter" | "list"
    name: str
    property: str
    start: int = 1
    incr: int = 1
    loop: bool = False
    loop_limit: int = -1
    items: tuple = ()
    turn_format: str = "$value$"
    children: tuple = ()

    @property
    def label(self) -> str:
        return self.property or self.name


@dataclass(frozen=True)
class TurnTrackerInfo:
    id: str
    name: str
    levels: tuple
    turn_format: str = ""


def decode_turn_state(tracker: TurnTrackerInfo, state: str) -> list[tuple[str, str]]:
    """A ``TURN<id>\\t<state>`` state → [(level label, value)] along the active levels.

    ``state`` = ``currentLevel|level1State|…``; a CounterTurnLevel state is
    ``current;currentSubLevel;loop;loopLimit;<sub states>``, a ListTurnLevel state
    ``current;currentSubLevel;first;activeFlags;<sub states>`` (current = list index).
    """
    toks = seq_decode(state, "|")
    d = Decoder(toks[0], ";")
    current = d.int(0)
    out: list[tuple[str, str]] = []
    level_states = toks[1:]
    if 0 <= current < len(tracker.levels) and current < len(level_states):
        _decode_level(tracker.levels[current], level_states[current], out, 0)
    return out


def _decode_level(level: TurnLevelInfo, st: str, out: list, depth: int) -> None:
    if depth > 50:
        return
    d = Decoder(st, ";")
    if level.kind == "counter":
        current = d.int(level.start)
        sub = d.int(-1)
        d.token("")
        d.token("")
        value = str(current)
    else:
        current = d.int(0)
        sub = d.int(-1)
        d.token("")
        d.token("")
        value = level.items[current] if 0 <= current < len(level.items) else ""
    out.append((level.label, value))
    subs = list(d)
    if 0 <= sub < len(level.children) and sub < len(subs):
        _decode_level(level.children[sub], subs[sub], out, depth + 1)


@dataclass(frozen=True)
class DiceButtonInfo:
    name: str
    n_dice: int
    n_sides: int
    plus: int = 0
    add_to_total: int = 0
    report_total: bool = False
    report_format: str = ""


@dataclass(frozen=True)
class PieceSlotInfo:
    entry_name: str
    gpid: str
    type: str
    state: str


def _parse_add_text(text: str) -> tuple[str, str] | None:
    """PieceSlot/PrototypeDefinition text ``+/null/<type>/<state>`` → (type, state)."""
    text = (text or "").strip()
    if not text.startswith("+/"):
        return None
    f = seq_decode(text[2:], "/")
    if len(f) < 2:
        return None
    return f[1], (f[2] if len(f) > 2 else "")


@dataclass
class Module:
    name: str
    version: str
    vassal_version: str
    description: str
    sides: list
    maps: dict                       # map id -> MapInfo
    prototypes: dict                 # name -> (type, state)
    piece_slots: list
    turn_trackers: dict              # id -> TurnTrackerInfo
    dice_buttons: dict               # name -> DiceButtonInfo
    global_properties: dict          # name -> initial value
    predefined_setups: list          # [(name, file or None)]
    moduledata: dict = field(default_factory=dict)
    source: str = ""
    #: internal map ids (``Map0``, ``Map1``… in document order) → MapInfo
    internal_ids: dict = field(default_factory=dict, repr=False)

    def map(self, map_id: str) -> MapInfo | None:
        """``Map.getMapById``: by identifier (mapName) or internal id ``Map<n>``."""
        m = self.maps.get(map_id)
        if m is None:
            for mi in self.maps.values():
                if mi.name == map_id:
                    return mi
            return self.internal_ids.get(map_id)
        return m

    def location_name(self, map_id: str | None, x: float, y: float) -> str:
        m = self.map(map_id) if map_id else None
        if m is None:
            return OFFBOARD
        return m.location_name(x, y)

    def hex_at(self, map_id: str | None, x: float, y: float) -> Hex | None:
        m = self.map(map_id) if map_id else None
        return m.hex_at(x, y) if m is not None else None

    def board_at(self, map_id: str | None, x: float, y: float) -> str | None:
        """The board under a map pixel; with several boards in one map window a hex number
        alone does not say where a piece is (``Map.locationName`` names the grid location only)."""
        m = self.map(map_id) if map_id else None
        return m.board_name_at(x, y) if m is not None else None

    def qualified_location(self, map_id: str | None, x: float, y: float) -> str:
        """``location_name``, prefixed with the board's name when the map shows several boards
        and the grid's name does not already say which (``BOARD:LOCATION``)."""
        name = self.location_name(map_id, x, y)
        m = self.map(map_id) if map_id else None
        if m is None or name == OFFBOARD or not m.shows_several_boards():
            return name
        board = m.board_name_at(x, y)
        if board is None or name.startswith(board):
            return name
        return f"{board}:{name}"

    def apply_board_picker(self, map_id: str, boards) -> None:
        """Use the board layout a save selected (``BoardPicker`` command)."""
        m = self.map(map_id)
        if m is not None and boards:
            m.set_layout(boards)

    def tracker(self, tracker_id: str) -> TurnTrackerInfo | None:
        return self.turn_trackers.get(tracker_id)

    def __repr__(self) -> str:
        return (f"Module(name={self.name!r}, version={self.version!r}, maps={list(self.maps)}, "
                f"prototypes={len(self.prototypes)}, piece_slots={len(self.piece_slots)})")


def _turn_levels(el) -> tuple:
    out = []
    for ch in el:
        if ch.tag == _P + "module.turn.CounterTurnLevel":
            kind = "counter"
            items: tuple = ()
        elif ch.tag == _P + "module.turn.ListTurnLevel":
            kind = "list"
            items = tuple(seq_decode(ch.get("list", ""), ",")) if ch.get("list") else ()
        else:
            continue
        out.append(TurnLevelInfo(kind=kind, name=ch.get("name", ""), property=ch.get("property", ""),
                                 start=_i(ch, "start", 1), incr=_i(ch, "incr", 1),
                                 loop=_b(ch, "loop", False), loop_limit=_i(ch, "loopLimit", -1),
                                 items=items, turn_format=ch.get("turnFormat", "$value$"),
                                 children=_turn_levels(ch)))
    return tuple(out)


def _text(el) -> str:
    return "".join(el.itertext())


def _build(root, size_loader, source: str, moduledata: dict) -> Module:
    if not isinstance(root.tag, str) or root.tag not in (_P + "GameModule",
                                                         "VASSAL.launch.BasicModule"):
        raise ModgenError(f"not a VASSAL buildFile (root element {root.tag!r})", file=source)
    sides: list[str] = []
    maps: dict[str, MapInfo] = {}
    internal: dict[str, MapInfo] = {}
    prototypes: dict[str, tuple[str, str]] = {}
    slots: list[PieceSlotInfo] = []
    trackers: dict[str, TurnTrackerInfo] = {}
    dice: dict[str, DiceButtonInfo] = {}
    gprops: dict[str, str] = {}
    setups: list[tuple[str, str | None]] = []
    map_n = 0
    tracker_n = 0
    for el in root.iter():
        tag = el.tag
        if not isinstance(tag, str):
            continue
        if tag == _P + "module.PlayerRoster":
            sides += [(e.text or "").strip() for e in el if e.tag == "entry"]
        elif tag in _MAP_TAGS:
            internal_id = f"Map{map_n}"
            map_n += 1
            name = el.get("mapName", "")
            boards: dict[str, BoardInfo] = {}
            for bel in el.iter(_BOARD):
                bname = bel.get("name", "")
                grid = None
                for g in bel:
                    if g.tag in (_HEX, _SQUARE, _REGION, _ZONED):
                        grid = _grid(g)
                        break
                w = _i(bel, "width", 0) or None
                h = _i(bel, "height", 0) or None
                img = bel.get("image", "")
                if not img:
                    w, h = w or 0, h or 0
                boards.setdefault(bname, BoardInfo(bname, img, grid, _b(bel, "reversible", False),
                                                   w, h, size_loader))
            mid = name or internal_id
            decks = [(d.get("name", ""), _i(d, "x", 0), _i(d, "y", 0), d.get("owningBoard", ""))
                     for d in el.iter(_P + "module.map.DrawPile")]
            mi = MapInfo(id=mid, name=name, kind=tag.rsplit(".", 1)[1], boards=boards,
                         edge_width=_i(el, "edgeWidth", 0), edge_height=_i(el, "edgeHeight", 0),
                         decks=decks)
            maps.setdefault(mid, mi)
            internal[internal_id] = mi
        elif tag == _P + "module.PrototypeDefinition":
            parsed = _parse_add_text(_text(el))
            if parsed is not None:
                prototypes.setdefault(el.get("name", ""), parsed)
        elif tag in (_P + "widget.PieceSlot", _P + "widget.CardSlot"):
            parsed = _parse_add_text(_text(el))
            if parsed is not None:
                slots.append(PieceSlotInfo(el.get("entryName", ""), el.get("gpid", ""), *parsed))
        elif tag == _P + "module.turn.TurnTracker":
            tid = f"TurnTracker{tracker_n}"
            tracker_n += 1
            trackers[tid] = TurnTrackerInfo(tid, el.get("name", ""), _turn_levels(el),
                                            el.get("turnFormat", ""))
        elif tag == _P + "module.DiceButton":
            name = el.get("name", "")
            dice.setdefault(name, DiceButtonInfo(name, _i(el, "nDice", 2), _i(el, "nSides", 6),
                                                 _i(el, "plus", 0), _i(el, "addToTotal", 0),
                                                 _b(el, "reportTotal", False),
                                                 el.get("reportFormat", "")))
        elif tag == _P + "module.properties.GlobalProperty":
            gprops.setdefault(el.get("name", ""), el.get("initialValue", ""))
        elif tag == _P + "module.PredefinedSetup":
            if el.get("isMenu") != "true":
                setups.append((el.get("name", ""),
                               el.get("file") if el.get("useFile") == "true" else None))
    mod = Module(name=root.get("name", ""), version=root.get("version", ""),
                 vassal_version=root.get("VassalVersion", ""),
                 description=root.get("description", ""), sides=sides, maps=maps,
                 prototypes=prototypes, piece_slots=slots, turn_trackers=trackers,
                 dice_buttons=dice, global_properties=gprops, predefined_setups=setups,
                 moduledata=moduledata, source=source, internal_ids=internal)
    return mod


def _image_size_loader(archive: bytes | Path, path: str, limits: Limits):
    cache: dict[str, tuple[int, int] | None] = {}

    def load(image: str) -> tuple[int, int] | None:
        if image in cache:
            return cache[image]
        size = None
        try:
            from PIL import Image
            with open_archive(archive, limits, name=path) as ar:
                entry = "images/" + image
                if entry in ar:
                    # the header says the size: never inflate (or decode) the whole image
                    head = ar.read_prefix(entry, MAX_IMAGE_HEADER_BYTES)
                    with Image.open(io.BytesIO(head)) as im:
                        size = im.size
        except Exception:  # unreadable image: size unknown, never a crash
            size = None
        cache[image] = size
        return size
    return load


def read_module(path_or_bytes: Union[str, os.PathLike, bytes], limits: Limits = Limits(), *,
                name: str | None = None) -> Module:
    """Read a ``.vmod`` (zip) or a bare ``buildFile.xml`` from a path or bytes."""
    src: bytes | Path
    if isinstance(path_or_bytes, (bytes, bytearray, memoryview)):
        src = bytes(path_or_bytes)
        disp = name or "<bytes>"
        head = src[:2]
        size = len(src)
    else:
        disp = name or str(path_or_bytes)
        src = Path(path_or_bytes)
        if not src.is_file():
            raise ModgenError("no such file", file=disp)
        try:
            with open(src, "rb") as fh:   # a module may be hundreds of MB of images: not read
                head = fh.read(2)
            size = src.stat().st_size
        except OSError as e:
            raise ModgenError(f"cannot read: {e.strerror}", file=disp) from None
    if head != b"PK" and size > limits.max_buildfile_bytes:
        raise ModgenError(f"buildFile is larger than {limits.max_buildfile_bytes} bytes "
                          "(limit MAX_BUILDFILE_BYTES)", file=disp)
    moduledata: dict = {}
    size_loader = None
    if head == b"PK":
        with open_archive(src, limits, name=disp) as ar:
            if "buildFile.xml" in ar:
                entry = "buildFile.xml"
            elif "buildFile" in ar:
                entry = "buildFile"
            else:
                raise ModgenError("module has no buildFile.xml", file=disp)
            xml = ar.read(entry, limits.max_buildfile_bytes, "MAX_BUILDFILE_BYTES")
            if "moduledata" in ar:
                moduledata = parse_metadata(
                    ar.read("moduledata", limits.max_metadata_bytes, "MAX_METADATA_BYTES"),
                    f"{disp}:moduledata")
        source = f"{disp}:{entry}"
        size_loader = _image_size_loader(src, disp, limits)
    else:
        try:
            xml = src if isinstance(src, bytes) else src.read_bytes()
        except OSError as e:
            raise ModgenError(f"cannot read: {e.strerror}", file=disp) from None
        source = disp
    try:
        root = etree.fromstring(xml, safe_xml_parser())
    except etree.XMLSyntaxError as e:
        raise ModgenError(f"buildFile is not well-formed XML: {e}", file=source) from None
    except ValueError as e:
        raise ModgenError(f"buildFile cannot be parsed: {e}", file=source) from None
    return _build(root, size_loader, source, moduledata)
