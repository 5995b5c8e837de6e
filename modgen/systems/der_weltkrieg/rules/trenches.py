"""Trenches beyond set-up (Standard Rules 22-1..22-5, 22-9..22-14, 22-22) as pure functions.

The checker (``rules_trenches``) follows the Construction, Trench and Devastation marker pieces;
these functions say what the rules allow:

* 22-1 construction by Infantry, Assault, Mountain or Marine units in the hex they occupy, begun
  in the Trench Construction Initiation Phase of the Monthly Special Turn (optional 22-22: at the
  beginning of a player's part of any turn, when ``!optional 22-22`` is declared);
* 22-2 not where Mountain or Marsh (the TEC's Swamp) is the only terrain between the hex and the
  enemy-occupied hexes next to it (read literally: every such hexside is mountain, or every one
  is swamp; a hex with no enemy neighbour may build);
* 22-3 Construction markers never move; 22-4 a Trench or Construction marker in a hex without a
  trench-capable unit (of the side that built it) is removed at once — judged at the end of each
  phase, so that removing it a few steps later is no finding; from the 1st turn of April 1915
  trench markers stay in vacated hexes (22-12), so 22-4 then applies to Construction markers only;
* 22-5 Construction markers become Trench markers in the Trench Construction Completion Phase;
  22-14 a completed construction replaces a Devastation marker;
* 22-10, 22-12 from the 1st turn of April 1915, a trench in a hex occupied by units hostile to its
  builder becomes a Devastation marker.
* 22-9, 22-11 ("front line", "players are urged to follow the spirit of this rule") are advisory.
"""
from __future__ import annotations

from typing import Iterable

from modgen.hexgrid import Hex
from modgen.model.types import GameDate

#: 22-1: unit types that construct trenches.
TRENCH_BUILDER_TYPES = frozenset({"inf", "aslt", "mtn", "mtn-aslt", "marine"})
#: 22-9..22-12: the April 1915 change.
APRIL_1915 = GameDate(1915, 4, 1)
#: 22-2: hexside terrains that alone forbid construction (Marsh = the TEC's swamp).
BLOCKING_TERRAINS = ("mountain", "swamp")


def is_trench_builder(unit_type: str, *, rpl: bool = False) -> bool:
    """22-1: Infantry, Assault, Mountain or Marine units (RPL units are not Ground Combat Units,
    24-1, and cannot construct)."""
    return unit_type in TRENCH_BUILDER_TYPES and not rpl


def construction_phase_ok(phase_id: str | None, phase_name: str = "", *, optional_22_22: bool = False,
                          first_phase_of_side: bool = False) -> bool | None:
    """22-1: a Construction marker is placed in the Trench Construction Initiation Phase; with the
    optional 22-22, at the beginning of a player's part of any turn (his first phase). None when
    the phase is not known."""
    if phase_id is None and not phase_name:
        return None
    s = f"{phase_id or ''} {phase_name}".lower()
    if "trench" in s and "initiation" in s:
        return True
    return bool(optional_22_22 and first_phase_of_side)


def blocked_by_terrain(hexside_terrains_to_enemies: Iterable[str]) -> str | None:
    """22-2: the terrain that alone separates the hex from the adjacent enemy-occupied hexes when
    it is mountain or swamp (construction forbidden), else None."""
    ts = set(hexside_terrains_to_enemies)
    if len(ts) == 1:
        t = next(iter(ts))
        if t in BLOCKING_TERRAINS:
            return t
    return None


def trench_stays_when_vacated(date: GameDate | None) -> bool | None:
    """22-12: from the 1st turn of April 1915 a vacated trench stays; before, 22-4 removes it.
    None when the date is not known."""
    if date is None:
        return None
    return date >= APRIL_1915


def becomes_devastation(date: GameDate | None) -> bool | None:
    """22-10/22-12: from the 1st turn of April 1915 a trench occupied by the builder's enemy
    becomes a Devastation marker (before that date 22-4 has already removed it)."""
    return trench_stays_when_vacated(date)


def terrains_to_enemies(hex_: Hex, enemy_hexes: Iterable[Hex], hexside_terrain) -> list[str]:
    """The terrain of each hexside between ``hex_`` and an adjacent enemy-occupied hex;
    ``hexside_terrain(a, b)`` returns it (None when the map has no data: then 22-2 cannot
    forbid and the hexside is left out)."""
    out = []
    near = set(hex_.neighbours())
    for e in enemy_hexes:
        if e in near:
            t = hexside_terrain(hex_, e)
            if t is not None:
                out.append(t)
    return out
