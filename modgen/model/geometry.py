"""Board geometry: where every hex of a game map is in VASSAL pixels, for everyone who asks.

One place for the generator (the map art draws on this grid, buildFile.xml declares it, the
scenario saves place pieces with it) and the checker (pixels in a log become hexes with it):

* :func:`board_geometry` — a map's VASSAL hex grid (``modgen.hexgrid.VassalHexGrid``) and its
  board size in pixels. A drawn map is the printed hex extent plus :data:`MARGIN` of paper and a
  :data:`LEGEND_HEIGHT` band under the hexes; a scanned map (``image:`` in the map file) is its
  image with the grid calibration of the file.
* :class:`BoardLayout` — how a scenario's boards sit side by side in the Main Map (left to
  right in the order the scenario lists its maps, as the scenario saves place them).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Iterable

from ..errors import ModgenError
from ..hexgrid import Hex, VassalHexGrid
from .types import Game, MapDef

MARGIN = 24                 # px of paper around the hexes
LEGEND_HEIGHT = 200         # px band under the hexes for the title and legend
MAX_SCAN_PIXELS = 200_000_000   # a scanned map larger than this is refused (decompression bomb)

Geometry = Callable[[MapDef], "tuple[VassalHexGrid, int, int]"]


def board_geometry(mapdef: MapDef) -> tuple[VassalHexGrid, int, int]:
    """(VASSAL grid, board width px, board height px) for ``mapdef``."""
    g = mapdef.grid
    if mapdef.image is not None:
        im = mapdef.image
        grid = VassalHexGrid(dx=float(im.dx), dy=float(im.dy), x0=int(im.x0), y0=int(im.y0),
                             h_off=g.first_col, v_off=g.first_row, stagger=g.first_col % 2 == 0)
        w, h = scan_size(im.file)
        return grid, w, h
    grid = VassalHexGrid.for_printed_numbering(g.hex_height, g.first_col, g.first_row, MARGIN, MARGIN)
    xs: list[float] = []
    ys: list[float] = []
    for h in _extent(mapdef):
        for x, y in grid.corners(h):
            xs.append(x)
            ys.append(y)
    width = int(math.ceil(max(xs))) + MARGIN
    height = int(math.ceil(max(ys))) + MARGIN + LEGEND_HEIGHT
    return grid, width, height


def _extent(mapdef: MapDef) -> Iterable[Hex]:
    g = mapdef.grid
    # the corner hexes bound the drawing; every hex of the extent for safety
    for c in range(g.first_col, g.last_col + 1):
        yield Hex(c, g.first_row)
        yield Hex(c, g.last_row)


def scan_size(path: str) -> tuple[int, int]:
    """(width, height) of a scanned map image, refusing unreadable or oversized files."""
    from PIL import Image     # only maps with a scan need it
    try:
        with Image.open(path) as im:
            w, h = im.size
    except (OSError, Image.DecompressionBombError) as e:
        raise ModgenError(f"cannot read the scanned map image: {e}", file=path) from None
    if w * h > MAX_SCAN_PIXELS:
        raise ModgenError(f"scanned map image too large ({w}x{h} pixels)", file=path)
    return w, h


@dataclass
class BoardLayout:
    """Where each game map's board sits in the Main Map, and its grid."""

    grids: dict[str, VassalHexGrid]
    sizes: dict[str, tuple[int, int]]
    hexes: dict[str, frozenset]
    theatre: object | None = None     # modgen.model.theatre.Theatre: hexes are theatre hexes

    @classmethod
    def for_game(cls, game: Game, geometry: Geometry | None = None) -> "BoardLayout":
        """``geometry(mapdef) -> (VassalHexGrid, width, height)`` for every map of the game
        (default :func:`board_geometry`)."""
        geometry = geometry or board_geometry
        grids, sizes, hexes = {}, {}, {}
        for mid in sorted(game.maps):
            grid, w, h = geometry(game.maps[mid])
            grids[mid], sizes[mid], hexes[mid] = grid, (w, h), frozenset(game.maps[mid].hexes)
        th = getattr(game, "theatre", None)
        return cls(grids, sizes, hexes, th if th is not None and th.multi else None)

    def origin(self, maps: tuple[str, ...], map_id: str) -> tuple[int, int]:
        x = 0
        for m in maps:
            if m == map_id:
                return x, 0
            x += self.sizes[m][0]
        raise ModgenError(f"map {map_id} is not a map of this scenario")

    def pixel(self, maps: tuple[str, ...], h: Hex, source=None) -> tuple[str, int, int]:
        """(map id, x, y) of the centre of ``h`` in Main Map pixels (a theatre hex goes on the
        first of ``maps`` that shows it)."""
        if self.theatre is not None:
            loc = self.theatre.to_local(h, maps)
            if loc is not None:
                m, local = loc
                ox, oy = self.origin(maps, m)
                cx, cy = self.grids[m].center(local)
                return m, cx + ox, cy + oy
            where = self.theatre.name(h)
        else:
            for m in maps:
                if self._contains(m, h):
                    ox, oy = self.origin(maps, m)
                    cx, cy = self.grids[m].center(h)
                    return m, cx + ox, cy + oy
            where = str(h)
        raise ModgenError(f"hex {where} is on none of the maps {', '.join(maps)}",
                          file=getattr(source, "file", None), line=getattr(source, "line", None),
                          field="hex")

    def _contains(self, map_id: str, h: Hex) -> bool:
        return h in self.hexes.get(map_id, ())
