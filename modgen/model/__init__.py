"""The data model: YAML game data → one validated ``Game`` shared by the generator and the checker.

    from modgen.model import load_game
    game = load_game("italian-front")        # raises ValidationErrors listing every problem
    game.counters["ah-mtn-x-53m"].front      # Face(strength=2, movement=4, ...)
    game.tables["crt"].result(20, 1)         # 2 (Figure 9)
"""
from .load import check_game, load_game, validate_game
from .types import (MONTHS, TERRAINS, Counter, Face, FortressPlacement, Game, GameDate, HexInfo, HexsideInfo,
                    MapDef, MapGrid, MarkerDef, MarkerPlacement, Nation, Placement, Provenance, RailCapacity,
                    Scenario, ScannedImage, ScheduleEntry, Side, Source, SpecialRule)
from .validate import format_date, parse_date

__all__ = ["load_game", "validate_game", "check_game", "parse_date", "format_date", "MONTHS", "TERRAINS", "Counter", "Face",
           "FortressPlacement", "Game", "GameDate", "HexInfo", "HexsideInfo", "MapDef", "MapGrid", "MarkerDef",
           "MarkerPlacement", "Nation", "Placement", "Provenance", "RailCapacity", "Scenario", "ScannedImage",
           "ScheduleEntry", "Side", "Source", "SpecialRule"]
