"""Helpers for tests of every rules system: :class:`TestGame` scripts a game on our module's
pieces and writes it as a VASSAL-style ``.vlog``.

    from modgen.testing import TestGame
"""
from .testgame import TestGame

__all__ = ["TestGame"]
