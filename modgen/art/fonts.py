"""Fonts for all art. They ship with the project (DejaVu, modgen/fonts/), never from the OS,
so two machines draw the same pixels."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parents[1] / "fonts"
_FILES = {
    ("sans", False): "DejaVuSans.ttf",
    ("sans", True): "DejaVuSans-Bold.ttf",
    ("condensed", False): "DejaVuSansCondensed.ttf",
    ("condensed", True): "DejaVuSansCondensed-Bold.ttf",
}


@lru_cache(maxsize=256)
def font(size: int, bold: bool = False, family: str = "sans") -> ImageFont.FreeTypeFont:
    """A TrueType font from the project's own font folder."""
    return ImageFont.truetype(str(FONT_DIR / _FILES[(family, bold)]), size=max(1, int(size)))
