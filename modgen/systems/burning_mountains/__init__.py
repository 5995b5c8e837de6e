"""Burning Mountains 1916 (Inferno sugli Altipiani, rulebook file 004): a rules system of its own.

2 km hexes, 2-day Game Turns (GT 1-14), brigades and regiments with attack / defence / movement
allowance / artillery value and one or two steps, odds combat with column shifts on a 2d6 CRT and
a Loss Results Table (TdP) read with the odd-coloured third die, Combat Effectiveness markers and
three supply states. Everything true of this system lives in this package: its map notation
(``mapdata``: altitude per hex, crag / stream / river hexsides, roads), its unit values and tables
(``data``), its rules as pure functions (``rules``).
"""
SYSTEM_ID = "burning-mountains"

from modgen.system import System

SYSTEM = System(
    id=SYSTEM_ID,
    name="Burning Mountains 1916 (Inferno sugli Altipiani)",
    turns=".turns:turn_structure",
    # the files, the module and the checker of this system have shapes of their own
    data=".data:load_system_data",
    build=".module:build_module",
    check=".check:check_log",
)
