"""What happened in one log step, as typed events (the checker's input).

Every event is a frozen dataclass with a ``kind`` and ``to_json()``. Positions are map pixels
(``x``, ``y``) plus the location name (hex) VASSAL's ``Map.locationName`` gives when a module is
known (``None`` otherwise). No event carries a player's user id (VASSAL's password); ``who`` is the
player's *name* and ``side`` the roster side.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

__all__ = [
    "Where", "Event", "PieceMoved", "PieceSentTo", "PieceFlipped", "PieceChanged", "PieceCreated",
    "PieceDeleted", "DiceRolled", "TurnAdvanced", "ChatLine", "PropertyChanged", "StepUndone",
    "PlayerJoined", "StepRecord",
]


@dataclass(frozen=True)
class Where:
    """A place: map, pixel position, location name (hex id, ``offboard``, … or None)."""

    map: str | None
    x: int
    y: int
    location: str | None = None

    def to_json(self) -> dict:
        return {"map": self.map, "x": self.x, "y": self.y, "location": self.location}

    def label(self) -> str:
        if self.map is None:
            return "nowhere"
        if self.location:
            return self.location
        return f"({self.x},{self.y})"


def _js(v: Any) -> Any:
    if hasattr(v, "to_json"):
        return v.to_json()
    if isinstance(v, dict):
        return {k: _js(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_js(x) for x in v]
    return v


class Event:
    kind = "event"

    def to_json(self) -> dict:
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):  # type: ignore[arg-type]
            out[f.name] = _js(getattr(self, f.name))
        return out


@dataclass(frozen=True)
class PieceMoved(Event):
    """A piece changed place (``M/``). ``onto`` = the piece it was put on (VASSAL's under-id),
    ``to_stack``/``to_index`` where it ended after the whole step (``None``: not in a stack)."""

    piece: str
    name: str
    src: Where
    dst: Where
    from_stack: str | None = None
    to_stack: str | None = None
    to_index: int | None = None
    onto: str | None = None
    onto_name: str | None = None
    kind = "moved"


@dataclass(frozen=True)
class PieceSentTo(Event):
    """A piece sent away: a Send-To-Location action (``via="send-to"``: the trait stored its
    return point, then the piece moved) or a drag onto the dead pile (``via="drag"``).
    ``eliminated`` when the destination is the dead pile (``Eliminated``/``Dead Pile`` or a
    gridless map a Send-To trait of the piece targets)."""

    piece: str
    name: str
    src: Where
    dst: Where
    eliminated: bool
    from_stack: str | None = None
    to_stack: str | None = None
    to_index: int | None = None
    onto: str | None = None
    onto_name: str | None = None
    via: str = "send-to"
    kind = "sent"


@dataclass(frozen=True)
class PieceFlipped(Event):
    piece: str
    layer: str
    old_level: int
    new_level: int
    old_name: str
    new_name: str
    where: Where | None = None
    kind = "flipped"


@dataclass(frozen=True)
class PieceChanged(Event):
    """Marker properties (or the moved flag, ``moved``) that changed without a move."""

    piece: str
    name: str
    changes: dict = field(default_factory=dict)   # name → [old, new]
    kind = "changed"


@dataclass(frozen=True)
class PieceCreated(Event):
    """A piece added during the log (``+/``): where, and what it is (its Marker/DynamicProperty
    values and layer levels at that moment, e.g. ``UnitId`` and the ``Step`` level)."""

    piece: str
    name: str
    where: Where
    stack: str | None = None
    properties: dict = field(default_factory=dict)
    layers: dict = field(default_factory=dict)
    kind = "created"


@dataclass(frozen=True)
class PieceDeleted(Event):
    piece: str
    name: str
    where: Where
    stack: str | None = None
    kind = "deleted"


@dataclass(frozen=True)
class DiceRolled(Event):
    """A DiceButton roll read from ``<button>_result`` (values) and ``<button>_total``."""

    button: str
    values: tuple
    total: int | None
    who: str | None = None
    side: str | None = None
    kind = "dice"


@dataclass(frozen=True)
class TurnAdvanced(Event):
    tracker: str
    old: dict
    new: dict
    old_text: str | None = None
    new_text: str | None = None
    kind = "turn"


@dataclass(frozen=True)
class ChatLine(Event):
    """``chat``: a typed line (``who`` said ``text``); ``report``: an automatic report line."""

    text: str
    who: str | None = None
    side: str | None = None
    chat_kind: str = "chat"
    kind = "chat"


@dataclass(frozen=True)
class PropertyChanged(Event):
    name: str
    old: str | None
    new: str
    container: str | None = None
    kind = "property"


@dataclass(frozen=True)
class StepUndone(Event):
    """This step is VASSAL's Undo of log step ``undone_step`` (``None`` when not identified)."""

    undone_step: int | None
    kind = "undo"


@dataclass(frozen=True)
class PlayerJoined(Event):
    name: str
    side: str
    kind = "player"


@dataclass
class StepRecord:
    """One log step after it was applied."""

    index: int
    turn_before: dict
    turn_after: dict
    side: str | None
    who: str | None
    side_source: str | None        # "mover", "chat", "sole player" or None
    events: list = field(default_factory=list)
    undone: bool = False           # a later step undoes this one
    undoes: int | None = None      # this step undoes that step
    undone_by: int | None = None
    turn_text: str | None = None   # the tracker's formatted turn after the step, when known
    turn_text_before: str | None = None

    @property
    def is_undo(self) -> bool:
        """This step is an Undo (``UNDO true … UNDO false``), whether or not its target was found."""
        if self.undoes is not None:
            return True
        for e in self.events:
            if type(e) is StepUndone:
                return True
        return False

    def to_json(self) -> dict:
        return {
            "step": self.index, "turn_before": self.turn_before, "turn_after": self.turn_after,
            "turn_text_before": self.turn_text_before, "turn_text": self.turn_text, "side": self.side, "who": self.who,
            "side_source": self.side_source, "undone": self.undone, "undone_by": self.undone_by,
            "undoes": self.undoes, "events": [e.to_json() for e in self.events],
        }
