"""Render every counter and marker of the real game data."""
from __future__ import annotations

import io

from PIL import Image

from modgen.art import COUNTER_SIZE, game_images, png_bytes
from modgen.art.counters import parse_colour
from modgen.art.markers import marker_image_name
from modgen.model import load_game


def _game():
    # the real data is the input here; it loads (tests/test_model_load.py checks it in detail)
    return load_game("italian-front")


def test_every_counter_and_marker_of_the_game_has_its_image():
    game = _game()
    images = game_images(game)
    expected = set()
    for c in game.counters.values():
        expected.add(f"{c.id}-front.png")
        if c.back is not None:
            expected.add(f"{c.id}-back.png")
    for m in game.markers.values():
        if m.values:
            expected.update(marker_image_name(m.id, v) for v in m.values)
        else:
            expected.add(marker_image_name(m.id))
    assert set(images) == expected
    assert len(images) == len(expected)
    for name, img in images.items():
        assert img.size == (COUNTER_SIZE, COUNTER_SIZE), name
    # each counter's background is its nation's colour (free area right of the symbol)
    for c in game.counters.values():
        bg = parse_colour(game.nations[c.nation].background, what="bg")
        px = images[f"{c.id}-front.png"].convert("RGB").getpixel((50, 28))
        assert all(abs(a - b) <= 6 for a, b in zip(px, bg)), c.id


def test_game_images_are_deterministic():
    game = _game()
    a = {k: png_bytes(v) for k, v in list(game_images(game).items())[:40]}
    b = {k: png_bytes(v) for k, v in list(game_images(game).items())[:40]}
    assert a == b
    for v in a.values():
        assert Image.open(io.BytesIO(v)).size == (COUNTER_SIZE, COUNTER_SIZE)
