"""Burning Mountains rules as small pure functions, each citing its rule (file 004).

Nothing here reads a log or the module: the checks (``checks/``) and the tests call these with
plain values. Where the rulebook contradicts itself or is silent, a function takes the reading
named in ``CHOICES`` and, where a verdict depends on it, says so (``reading`` arguments compute
each reading so the checks can call a verdict undetermined when they differ).

Modules: ``choices`` (the readings), ``movement`` (4, 6: ZOC, MP per hex, the cheapest legal
path), ``stacking`` (5, 7.8), ``combat`` (7, 8, 9.4.1, 12.1: command, strengths, odds, shifts,
magnitude, TdP DRMs), ``retreat`` (9.2), ``ce`` (9.4.2, 10: the CE ladder, even distribution,
recovery), ``supply`` (11), ``victory`` (14, 15).
"""
from __future__ import annotations

from .ce import UnitCe, allocation_problem, can_recover, reduce_ce
from .choices import CHOICES
from .combat import (LARGE, SMALL, Odds, artillery_drm, attack_command_ok, attack_strength,
                     defence_command_ok, defence_strength, defence_withheld_count, final_odds,
                     initial_position, is_flanked, magnitude, mountain_bonus, ratio_label, tdp_drms,
                     unit_av)
from .movement import cheapest_path, enemy_zoc, six_four_blocks, step_cost, why_blocked, zoc_hexes
from .retreat import retreat_problems
from .stacking import STACKING_MAX, attack_steps_allowed, certain_overstack, overstack, stack_steps
from .supply import attrition, road_sources, supply_path_length, supply_state_of
from .victory import (VICTORY_LEVELS, brusilov_stops, improved_defence, italian_replacement,
                      victory)

__all__ = ["CHOICES", "LARGE", "SMALL", "STACKING_MAX", "VICTORY_LEVELS", "Odds", "UnitCe",
           "allocation_problem", "artillery_drm", "attack_command_ok", "attack_steps_allowed",
           "attack_strength", "attrition", "brusilov_stops", "can_recover", "certain_overstack",
           "cheapest_path", "defence_command_ok", "defence_strength", "defence_withheld_count",
           "enemy_zoc", "final_odds", "improved_defence", "initial_position", "is_flanked",
           "italian_replacement", "magnitude", "mountain_bonus", "overstack", "ratio_label",
           "reduce_ce", "retreat_problems", "road_sources", "six_four_blocks", "stack_steps",
           "step_cost", "supply_path_length", "supply_state_of", "tdp_drms", "unit_av", "victory",
           "why_blocked", "zoc_hexes"]
