"""Golden-image checks shared by the counter and marker art tests.

Regenerate the golden images with ``MODGEN_UPDATE_GOLDEN=1 python3 -m pytest tests/test_art_*.py``
and look at them before committing.
"""
from __future__ import annotations

import os
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

from modgen.art import COUNTER_SIZE, png_bytes

GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = os.environ.get("MODGEN_UPDATE_GOLDEN") == "1"


def mean_abs_diff(a: Image.Image, b: Image.Image) -> float:
    diff = ImageChops.difference(a.convert("RGBA"), b.convert("RGBA"))
    return sum(ImageStat.Stat(diff).mean) / 4


def assert_golden_counter_size(img: Image.Image, filename: str) -> None:
    """``img`` (counter-sized) matches ``tests/golden/<filename>`` (written first when updating)."""
    path = GOLDEN / filename
    if UPDATE:
        path.write_bytes(png_bytes(img))
    assert path.exists(), f"missing golden {path}; run with MODGEN_UPDATE_GOLDEN=1"
    golden = Image.open(path)
    assert golden.size == img.size == (COUNTER_SIZE, COUNTER_SIZE)
    # tolerance for FreeType/Pillow rendering differences between machines, far below what a
    # moved text, a lost symbol or a wrong colour costs (several units)
    assert mean_abs_diff(img, golden) < 1.5
