"""The toy system's turns: Turn n (an int) › Phase, and its VASSAL tracker."""
from __future__ import annotations

from dataclasses import dataclass

from modgen.check.context import PhaseInfo
from modgen.system import ModuleExtras, TurnLevel, TurnTracker
from modgen.vassal.sequence import SequenceEncoder

TRACKER_ID = "TurnTracker0"


@dataclass(frozen=True)
class Phase:
    id: str
    name: str
    side: str | None


PHASES = (Phase("blue-move", "Blue Move", "blue"), Phase("red-move", "Red Move", "red"))


def tracker() -> TurnTracker:
    phase = TurnLevel("ListTurnLevel", {"name": "Phase", "property": "Phase",
                                        "list": ",".join(p.name for p in PHASES)})
    turn = TurnLevel("CounterTurnLevel", {"name": "Turn", "property": "Turn", "start": 1},
                     (phase,))
    return TurnTracker(TRACKER_ID, {"name": "Turn", "turnFormat": "Turn $level1$ $level2$"},
                       (turn,))


def extras(game) -> ModuleExtras:
    return ModuleExtras(tracker=tracker(), dice=({"name": "1d6", "nDice": 1},), description="toy")


class Turns:
    tracker_id = TRACKER_ID

    def __init__(self, game):
        self.game = game

    def read(self, labels, text, trusted=True) -> PhaseInfo:
        phase = next((p for p in PHASES if p.name == labels.get("Phase")), None)
        turn = int(labels["Turn"]) if labels.get("Turn", "").isdigit() else None
        return PhaseInfo(turn, phase, text or "", "movement" if phase else None)

    def is_ours(self, turn_states) -> bool:
        return True

    def turn_of(self, turn_states):
        return None

    def phase(self, phase_id: str) -> Phase:
        return next(p for p in PHASES if p.id == phase_id)

    def next_phase(self, turn: int, phase_id: str) -> tuple[int, Phase]:
        i = PHASES.index(self.phase(phase_id)) + 1
        return (turn, PHASES[i]) if i < len(PHASES) else (turn + 1, PHASES[0])

    def first_phase(self) -> Phase:
        return PHASES[0]

    def first_turn(self) -> int:
        return 1

    def command(self, turn: int, phase_id: str) -> str:
        """``TURN`` state (VASSAL TurnTracker/TurnLevel.getState): ``currentLevel|level``; the
        counter level ``current;currentSub;loop;loopLimit;phase``, the list level
        ``current;currentSub;first;active``."""
        phase = (SequenceEncoder(";").append(PHASES.index(self.phase(phase_id))).append(0)
                 .append(0).append("true,true").value)
        level = (SequenceEncoder(";").append(turn).append(0).append(False).append(-1)
                 .append(phase).value)
        state = SequenceEncoder("|").append(0).append(level).value
        return SequenceEncoder("\t", "TURN" + TRACKER_ID).append(state).value

    def label(self, turn: int, phase_id: str) -> str:
        return f"Turn {turn} {self.phase(phase_id).name}"
