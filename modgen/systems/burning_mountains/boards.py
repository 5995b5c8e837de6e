"""The Burning Mountains boards beside the map: the Tracks board (GT 1-14, the Victory Points &
Replacement track, 3.1, 14.0, 15.1) and each side's reinforcement pool, a box per GT of arrival
(13.0); every box a VASSAL Region, named after it ("GT 3", "VP 10"), so a piece moved there
shows in the log by that name (``ModuleExtras.track_board``, ``ModuleExtras.pools``).
"""
from __future__ import annotations

from PIL import Image, ImageDraw

from ...art.fonts import font
from ...model.types import Game
from ...system import PoolBoard
from .module import BOX, pool_name


class Region:
    def __init__(self, name: str, x: int, y: int):
        self.name, self.x, self.y = name, x, y

    def __repr__(self) -> str:
        return f"Region({self.name!r}, {self.x}, {self.y})"


def track_regions() -> tuple[list[tuple[str, int, int]], int, int]:
    """The Tracks board: GT 1-14 in one row, the Victory Points & Replacement track 0-49 in five
    rows of ten (14.0, 15.1); returns (regions, width, height)."""
    regions = []
    left, top = 20, 50
    for gt in range(1, 15):
        regions.append((f"GT {gt}", left + (gt - 1) * BOX + BOX // 2, top + BOX // 2))
    top2 = top + BOX + 60
    for v in range(50):
        regions.append((f"VP {v}", left + (v % 10) * BOX + BOX // 2, top2 + (v // 10) * BOX + BOX // 2))
    return regions, left * 2 + 14 * BOX, top2 + 5 * BOX + 40


def tracks_image() -> Image.Image:
    regions, w, h = track_regions()
    img = Image.new("RGB", (w, h), (246, 242, 228))
    d = ImageDraw.Draw(img)
    d.text((20, 14), "Game Turn Track (3.1): GT 1 starts with the A-H Combat Phase (12.4)", font=font(16, bold=True),
           fill=(30, 30, 30))
    d.text((20, 50 + BOX + 26), "Victory Points & Replacement (14.0, 15.1): A-H starts with 10 VP",
           font=font(16, bold=True), fill=(30, 30, 30))
    for name, cx, cy in regions:
        d.rectangle((cx - BOX // 2, cy - BOX // 2, cx + BOX // 2, cy + BOX // 2), outline=(60, 60, 60),
                    fill=(255, 255, 250))
        d.text((cx, cy - BOX // 2 + 3), name.split()[1], font=font(12, bold=True), fill=(120, 100, 80), anchor="mt")
    return img


def pool_regions(game: Game, side_id: str) -> tuple[list[tuple[str, int, int]], int, int]:
    """A side's reinforcement pool: one box per GT with arrivals (13.0)."""
    gts = sorted({c.arrival for c in game.counters.values()
                  if c.arrival and game.side_of(c.nation) == side_id})
    regions = []
    w_box, h_box = 4 * 64 + 16, 2 * 64 + 36
    for i, gt in enumerate(gts):
        regions.append((f"GT {gt}", 20 + (i % 3) * (w_box + 12) + w_box // 2, 20 + (i // 3) * (h_box + 12) + h_box // 2))
    rows = max(1, (len(gts) + 2) // 3)
    return regions, 20 * 2 + 3 * (w_box + 12), 20 * 2 + rows * (h_box + 12)


def pool_image(game: Game, side_id: str, side_name: str) -> Image.Image:
    regions, w, h = pool_regions(game, side_id)
    img = Image.new("RGB", (w, h), (225, 225, 210))
    d = ImageDraw.Draw(img)
    w_box, h_box = 4 * 64 + 16, 2 * 64 + 36
    for name, cx, cy in regions:
        d.rectangle((cx - w_box // 2, cy - h_box // 2, cx + w_box // 2, cy + h_box // 2), outline=(80, 80, 60),
                    fill=(240, 240, 228))
        d.text((cx - w_box // 2 + 6, cy - h_box // 2 + 4), f"{side_name}: arrives {name} (13.0)", font=font(13, bold=True),
               fill=(40, 40, 30))
    return img


def _region_slots(cx: int, cy: int, n: int) -> list[tuple[int, int]]:
    """Spots for n pieces in a pool box centred at (cx, cy): four per row."""
    return [(cx - 96 + (i % 4) * 64, cy - 20 + (i // 4) * 64) for i in range(n)]


def track_board(game: Game) -> tuple[Image.Image, list[Region]]:
    """``ModuleExtras.track_board``: the Tracks board's image and regions."""
    return tracks_image(), [Region(n, x, y) for n, x, y in track_regions()[0]]


def pools(game: Game) -> list[PoolBoard]:
    """``ModuleExtras.pools``: each side's reinforcement pool, its image and regions."""
    return [PoolBoard(pool_name(side.name), f"pool-{side.id}.png", pool_image(game, side.id, side.name),
                      tuple(Region(n, x, y) for n, x, y in pool_regions(game, side.id)[0]))
            for side in game.sides]
