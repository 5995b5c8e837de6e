"""Burning Mountains 1916 (Inferno sugli Altipiani, rulebook file 004): a rules system of its own.

2 km hexes, 2-day Game Turns (GT 1-14), brigades and regiments with attack / defence / movement
allowance / artillery value and one or two steps, odds combat with column shifts on a 2d6 CRT and
a Loss Results Table (TdP) read with the odd-coloured third die, Combat Effectiveness markers and
three supply states. Everything true of this system lives in this package:

* ``mapdata`` — its map notation (altitude per hex, crag / stream / river hexsides, roads);
  ``data`` — its unit values and tables (``System.data``);
* ``turns`` — GT > player turn > phase as the checker reads the tracker;
* ``rules/`` — its rules as small pure functions; ``checks/`` — the same rules registered on the
  shared engine's hooks, with their state (``checks/state.py``, ``System.state``);
  ``combat_record`` — one combat as the reports show it; ``declarations`` — its chat keywords;
* ``module`` — its VASSAL module (tracker, dice, tracks, charts), ``art``/``art_counters`` — its
  map and counters; ``testgame`` — scripted games on its pieces.
"""
SYSTEM_ID = "burning-mountains"

from modgen.system import System

SYSTEM = System(
    id=SYSTEM_ID,
    name="Burning Mountains 1916 (Inferno sugli Altipiani)",
    turns=".turns:turn_structure",
    # in this order on every hook: the combat is closed (its losses judged) before the stacking
    # at the end of the Combat Phase, and the VP count sees every elimination
    rules=(".checks.sequence", ".checks.supply", ".checks.reinforcements", ".checks.movement",
           ".checks.combat", ".checks.retreat", ".checks.losses", ".checks.stacking",
           ".checks.victory", ".checks.optional"),
    declarations=".declarations:KEYWORDS",
    state=".checks.state:new_state",
    module=".module:extras",
    art=".art:ART",
    # the files of this system have a shape of their own
    data=".data:load_system_data",
)
