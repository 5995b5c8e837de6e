"""Art: counters, markers and unit-type symbols drawn with Pillow from the data model.

The module writer calls ``game_images(game)`` (file name → image) and ``png_bytes(image)``.
"""
from __future__ import annotations

from PIL import Image

from .counters import (COUNTER_SIZE, counter_faces, counter_image_name, counter_images,
                       png_bytes, render_counter)
from .markers import marker_image_name, marker_images, render_marker


def game_images(game) -> dict[str, Image.Image]:
    """Every counter face and marker image of ``game``, keyed by the agreed file names.

    Counters ``<counter-id>-front.png`` and, when the counter has a back, ``<counter-id>-back.png``
    (sorted by counter id), then
    markers ``marker-<marker-id>[-<value>].png`` (sorted by marker id, values in data order).
    The module stores them under ``images/``.
    """
    counters = [game.counters[k] for k in sorted(game.counters)]
    markers = [game.markers[k] for k in sorted(game.markers)]
    out = counter_images(counters, game.nations)
    for name, img in marker_images(markers).items():
        if name in out:
            from ..errors import ModgenError
            raise ModgenError(f"two images would share the file name {name}")
        out[name] = img
    return out


def clear_caches() -> None:
    """Forget remembered text widths, font fits and shape layers (they never change a pixel;
    benchmarks clear them so each repeat costs what one ``modgen build`` costs)."""
    from . import counters, markers
    counters._LENGTHS.clear()
    counters._FITS.clear()
    counters._SHAPES.clear()
    markers._COMMON.clear()


def game_png_files(game) -> dict[str, bytes]:
    """``game_images`` encoded with ``png_bytes`` (same keys, same order)."""
    return {name: png_bytes(img) for name, img in game_images(game).items()}


class SharedArt:
    """The art of a rules system that draws with the shared code (``System.art``): the board of
    one map, every piece image of a game, one piece as it stands (the reports' pictures)."""

    def render_map(self, mapdef) -> Image.Image:
        from .map import render_map
        return render_map(mapdef)

    def piece_images(self, game) -> dict[str, Image.Image]:
        return game_images(game)

    def piece_image(self, game, unit_id: str, marker_id: str, value: str, flipped: bool) -> Image.Image | None:
        if unit_id and unit_id in game.counters:
            c = game.counters[unit_id]
            return render_counter(c, game.nations[c.nation], "back" if flipped and c.back is not None else "front")
        if marker_id and marker_id in game.markers:
            m = game.markers[marker_id]
            return render_marker(m, value if value in m.values else None)
        return None


SHARED_ART = SharedArt()

__all__ = ["COUNTER_SIZE", "SHARED_ART", "SharedArt", "clear_caches", "render_counter", "render_marker", "game_images", "game_png_files",
           "png_bytes", "counter_faces", "counter_image_name", "marker_image_name", "counter_images",
           "marker_images"]
