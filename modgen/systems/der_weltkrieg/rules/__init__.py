"""Der Weltkrieg rules about where units may go, as small pure functions.

No I/O and no log knowledge: plain inputs, plain results with rule numbers in the messages. The
checker (``modgen.check``) builds a ``BoardState`` from its replayed log and calls these.

Modules: ``units`` (what a counter is: ZOC, mountain, assault, division equivalents 8-8/11-6/18-4/
27-3/49-1/IF 3-1/3-2/11-2), ``terrain`` (TEC numbers from tables/der-weltkrieg/tec.yaml),
``board`` (the Board protocol and BoardState), ``zoc`` (10), ``movement`` (6, 10-7, 6-10, 6-9,
32, 33-2, 29-9/12/16, 18-3, 40-2), ``stacking`` (11), ``rail`` (6-12, 7, 8, 9), ``supply`` (19-5..19-10).

Quick tour::

    from modgen.systems.der_weltkrieg.rules import (BoardState, TerrainCosts, UnitView, check_movement, check_stacking,
                              check_rail_move, neutral_countries, stacking_options_for)
    costs = TerrainCosts.for_game(game)                 # numbers from the game's TEC table
    mapdef = game.maps["6-4"]
    board = BoardState.build(mapdef, units=[UnitView(counter, "entente", hex=Hex.parse("2118"))],
                             markers={"3118": ["devastation"]},
                             neutral_countries=neutral_countries(game, mapdef))
    res = check_movement(board, unit, ["2118", "2119", "2220"], costs)
    res.verdict, res.rule, res.message   # "illegal", "6-9", "6-9: 6 MP spent, MA 5: 2118→2119 …"
    check_stacking(board, "entente", Hex.parse("2119"), stacking_options_for(scenario, game.counters.values()))
"""
from __future__ import annotations

from .board import Board, BoardState, make_map, MOVEMENT_MARKERS, neutral_countries
from .movement import (ILLEGAL, LEGAL, UNDETERMINED, MovementCheck, PathResult, StepCost,
                       cheapest_path, check_movement, minimum_move_allowed, step_cost)
from .rail import (CapacityFinding, RailCheck, RepairResult, SimpleRailNetworks, check_rail_capacity,
                   check_rail_move, detrain_mp, may_enter_ezoc_after_rail, rail_capacity_available, rail_capacity_used,
                   rail_move_cost, rail_path, rail_rate, rail_repair, rail_track)
from .stacking import (StackCount, StackLimit, StackingViolation, check_attack_limit,
                       check_stacking, land_hexsides, limit_for_land_hexsides, stack_count,
                       stacking_limit)
from .supply import (SupplyLine, cavalry_supply_effect, supply_length_penalty, supply_line,
                     supply_line_to_any)
from .terrain import TerrainCosts
from .units import (ITALIAN_FRONT_STACKING, STANDARD_STACKING, DivisionGroup, StackingOptions,
                    UnitView, column_allowance, default_full_division_strengths, division_groups,
                    exerts_zoc, hq_rail_divisions, is_artillery, is_assault, is_ground_combat_unit,
                    is_infantry_type, is_mountain, is_rail_only, movement_allowance,
                    rail_capacity_divisions, stacking_options_for, unit_stacking_value)
from .zoc import enemy_zoc, zoc_controllers, zoc_of_hex, zoc_of_side, zoc_of_unit
from . import board, movement, rail, stacking, supply, terrain, units, zoc  # noqa: F401  (submodules)

__all__ = [n for n in dir() if not n.startswith("_")]
