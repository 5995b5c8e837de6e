"""The ``Tracks`` map: a supply-point track per side and a DM (demoralization) track per nation.

Each track is a 10 × 10 block of boxes 0-99; DM tracks add a row of hundreds (0-900, rule 15
thresholds run to 900). Every box is a VASSAL Region named after it (``Entente supply 37``,
``Austria-Hungary DM 40``, ``Austria-Hungary DM +800``), so a marker moved on a track shows up
in the log as a readable location. The board image is drawn here with the bundled fonts.
"""
from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from ..art.fonts import font
from ..model.types import Game

MAP_NAME = "Tracks"
BOARD_NAME = "Tracks"
IMAGE = "tracks.png"
BOX = 44
TITLE = 30
GAP = 24
PER_ROW = 3


@dataclass(frozen=True)
class Track:
    title: str
    prefix: str          # region name prefix
    hundreds: bool


@dataclass(frozen=True)
class Region:
    name: str
    x: int
    y: int


def tracks(game: Game) -> list[Track]:
    """Supply per side; DM for the nations whose DM the scenarios track (their starting DM
    points, rule 15), or for every nation when no scenario names any."""
    out = [Track(f"{s.name} supply points", f"{s.name} supply", False) for s in game.sides]
    dm_nations = {n for sc in game.scenarios.values() for n in sc.starting_dm}
    for s in game.sides:
        for nid in s.nations:
            if nid in game.nations and (not dm_nations or nid in dm_nations):
                n = game.nations[nid].name
                out.append(Track(f"{n} DM points (rule 15)", f"{n} DM", True))
    return out


def _block_height(t: Track) -> int:
    return TITLE + BOX * (11 if t.hundreds else 10) + (8 if t.hundreds else 0)


def layout(game: Game) -> tuple[list[tuple[Track, int, int]], int, int]:
    """[(track, left, top)], board width, board height."""
    ts = tracks(game)
    w_block = BOX * 10
    rows = [ts[i:i + PER_ROW] for i in range(0, len(ts), PER_ROW)]
    placed, y = [], GAP
    for row in rows:
        x = GAP
        for t in row:
            placed.append((t, x, y))
            x += w_block + GAP
        y += max(_block_height(t) for t in row) + GAP
    width = GAP + PER_ROW * (w_block + GAP)
    return placed, width, y


def regions(game: Game) -> list[Region]:
    out = []
    for t, left, top in layout(game)[0]:
        for v in range(100):
            out.append(Region(f"{t.prefix} {v}", left + (v % 10) * BOX + BOX // 2,
                              top + TITLE + (v // 10) * BOX + BOX // 2))
        if t.hundreds:
            y = top + TITLE + 10 * BOX + 8 + BOX // 2
            for h in range(10):
                out.append(Region(f"{t.prefix} +{h * 100}", left + h * BOX + BOX // 2, y))
    return out


def board_image(game: Game) -> Image.Image:
    placed, w, h = layout(game)
    img = Image.new("RGB", (w, h), (246, 242, 228))
    d = ImageDraw.Draw(img)
    f_title, f_box = font(16, bold=True), font(13)
    for t, left, top in placed:
        d.text((left, top + 4), t.title, font=f_title, fill=(30, 30, 30))
        rows = 10
        for v in range(100):
            x0, y0 = left + (v % 10) * BOX, top + TITLE + (v // 10) * BOX
            d.rectangle([x0, y0, x0 + BOX, y0 + BOX], outline=(90, 80, 60),
                        fill=(255, 252, 240) if (v // 10) % 2 == 0 else (240, 236, 220))
            d.text((x0 + BOX // 2, y0 + BOX // 2), str(v), font=f_box, fill=(60, 60, 60),
                   anchor="mm")
        if t.hundreds:
            y0 = top + TITLE + rows * BOX + 8
            for hnd in range(10):
                x0 = left + hnd * BOX
                d.rectangle([x0, y0, x0 + BOX, y0 + BOX], outline=(90, 80, 60),
                            fill=(232, 220, 200))
                d.text((x0 + BOX // 2, y0 + BOX // 2), f"+{hnd * 100}", font=f_box,
                       fill=(60, 60, 60), anchor="mm")
    return img
