"""Replay a VASSAL save or log into a game timeline: the checker's input, and ``modgen log``.

* :class:`~modgen.replay.state.GameState`: pieces, stacks, properties, turn and roster, with
  VASSAL 3.7.26's command semantics (``apply(command)``).
* :class:`~modgen.replay.replay.Replayer` (visitor walk) and :func:`~modgen.replay.replay.replay`
  (→ :class:`~modgen.replay.replay.Timeline`): per step a :class:`~modgen.replay.events.StepRecord`
  with typed events.
* :mod:`~modgen.replay.narrative`: the text and JSON output of ``modgen log``.
"""
from .events import (ChatLine, DiceRolled, PieceChanged, PieceCreated, PieceDeleted, PieceFlipped,
                     PieceMoved, PieceSentTo, PlayerJoined, PropertyChanged, StepRecord, StepUndone,
                     TurnAdvanced, Where)
from .replay import DEAD_PILE_NAMES, Replayer, Timeline, Visitor, load_saved_game, replay
from .state import GameState, PieceState, StackState

__all__ = [
    "GameState", "PieceState", "StackState", "Replayer", "Visitor", "Timeline", "replay",
    "load_saved_game", "DEAD_PILE_NAMES", "StepRecord", "Where", "PieceMoved", "PieceSentTo",
    "PieceFlipped", "PieceChanged", "PieceCreated", "PieceDeleted", "DiceRolled", "TurnAdvanced",
    "ChatLine", "PropertyChanged", "StepUndone", "PlayerJoined",
]
