"""Set-up facts a scenario states as a rule over the map instead of hex by hex.

The Italian Front scenarios place their trench markers this way:

* 4-2 (May 1915, 000:L1144): "Most Austro-Hungarian units adjacent to the Italian border begin the
  game entrenched. The only Austro-Hungarian units on the border that are not entrenched are those in
  hexes that have only mountain and/or alpine terrain hexsides crossing the border. Place an
  entrenchment marker in every hex containing an Austro-Hungarian Ground Combat Unit that is
  entrenched."  -> derive ``entrenched-border``.
* 7-2, 9-2, 11-3, 13-2 (later scenarios): "Almost all units of both sides begin the game entrenched.
  The only units adjacent to enemy units that are not entrenched are those in hexes that have only
  mountain and/or alpine terrain hexsides between their hex and those occupied by the enemy."
  -> derive ``entrenched-front``.

Only the printed set-up is known (the lists are truncated), so the result covers the printed units.
Ground Combat Units are every unit except Headquarters and Fortresses (rule 3, 000:L42).
"""
from __future__ import annotations

from ..hexgrid import Hex
from .types import Game, MapDef, MarkerPlacement, Scenario, Source

MOUNTAINOUS = frozenset({"mountain", "alpine"})
NOT_GROUND_COMBAT = frozenset({"hq", "fortress"})
BORDER_NATION = "austria-hungary"      # 4-2: Austro-Hungarian units ...
ACROSS_NATION = "italy"                # ... adjacent to the Italian border


def _ground_combat_hexes(scenario: Scenario, mapdef: MapDef, game: Game) -> dict[Hex, set[str]]:
    """hex -> nations of the Ground Combat Units set up there (on this map)."""
    out: dict[Hex, set[str]] = {}
    for p in scenario.setup:
        c = game.counters.get(p.counter)
        if c is None or p.hex is None or c.type in NOT_GROUND_COMBAT or not mapdef.contains(p.hex):
            continue
        out.setdefault(p.hex, set()).add(c.nation)
    return out


def _only_mountainous(mapdef: MapDef, h: Hex, others: list[Hex]) -> bool:
    """True when every hexside between ``h`` and ``others`` is mountain or alpine terrain."""
    for o in others:
        side = mapdef.hexside(h, o)
        if side is None or side.terrain not in MOUNTAINOUS:
            return False
    return True


def entrenched_border_hexes(scenario: Scenario, mapdef: MapDef, game: Game,
                            nation: str = BORDER_NATION, across: str = ACROSS_NATION) -> list[Hex]:
    """4-2: hexes of ``nation``'s Ground Combat Units adjacent to ``across``'s border, except hexes
    whose border-crossing hexsides are all mountain and/or alpine."""
    result = []
    for h, nations in _ground_combat_hexes(scenario, mapdef, game).items():
        if nation not in nations:
            continue
        info = mapdef.hexes.get(h)
        if info is None or info.country == across:
            continue
        crossing = [n for n in h.neighbours() if n in mapdef.hexes and mapdef.hexes[n].country == across]
        if crossing and not _only_mountainous(mapdef, h, crossing):
            result.append(h)
    return sorted(result)


def entrenched_front_hexes(scenario: Scenario, mapdef: MapDef, game: Game) -> list[Hex]:
    """7-2 and later: every hex with Ground Combat Units, except hexes adjacent to enemy-occupied hexes
    whose hexsides toward all of those enemy hexes are mountain and/or alpine."""
    occupied = _ground_combat_hexes(scenario, mapdef, game)
    sides = {h: {game.side_of(n) for n in ns if n in game.nations} for h, ns in occupied.items()}
    result = []
    for h, own in sides.items():
        enemy = [n for n in h.neighbours() if n in sides and sides[n] - own]
        if enemy and _only_mountainous(mapdef, h, enemy):
            continue
        result.append(h)
    return sorted(result)


DERIVATIONS = {"entrenched-border": entrenched_border_hexes, "entrenched-front": entrenched_front_hexes}


def derive_entrenched_hexes(scenario: Scenario, mapdef: MapDef, game: Game) -> list[Hex]:
    """The hexes that get a trench marker at set-up, by the scenario's own rule (4-2 or 7-2 style).
    Empty when the scenario derives no trench markers."""
    hexes: set[Hex] = set()
    for marker, how, _rule in scenario.derived_markers:
        fn = DERIVATIONS.get(how)
        if fn is not None and marker == "trench":
            hexes.update(fn(scenario, mapdef, game))
    return sorted(hexes)


def derived_marker_placements(scenario: Scenario, game: Game) -> tuple[MarkerPlacement, ...]:
    """Every derived marker of the scenario, on every loaded map of the scenario, as placements
    (what the module writer puts in the scenario's .vsav next to ``scenario.markers``)."""
    out: list[MarkerPlacement] = []
    for marker, how, rule in scenario.derived_markers:
        fn = DERIVATIONS.get(how)
        if fn is None:
            continue
        for map_id in scenario.maps:
            mapdef = game.maps.get(map_id)
            if mapdef is None:
                continue
            src = Source(scenario.source.file if scenario.source else "", None)
            out.extend(MarkerPlacement(marker, h, None, rule, src) for h in fn(scenario, mapdef, game))
    return tuple(out)


def arrival_piece_count(game: Game, counter_id: str) -> str:
    """How many pieces the schedule's entries of a counter get: ``"each"`` for a replacement
    unit (24: an RPL counter is generic; every "1 x 4-3 Inf XX RPL" of a schedule is another
    division on the map, 24-2, so each entry needs a counter of its own), ``"one"`` for a named
    unit, which exists once: a second entry of it restores that counter (000:L1973, the second
    Flotilla Enns "should be used to bring the existing understrength Enns counter to full
    strength, or to bring an eliminated … Enns back from the dead pile")."""
    c = game.counters.get(counter_id)
    return "each" if c is not None and c.rpl else "one"
