"""The Burning Mountains turn structure (``modgen.system.TurnStructure``): a turn is a Game Turn
1-14 (:class:`GameTurn`, printed "GT 3") and a phase is (player turn, phase) of 3.1, e.g. GT 1,
A-H Combat Phase (1.1, 12.4). The phase's ``kind`` is its step of 3.1 (supply, reinforcement,
movement, combat)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from ...check.context import PhaseInfo
from . import module as M


class GameTurn(int):
    """A Game Turn: compares and counts as its number, prints as the rulebook writes it."""

    def __str__(self) -> str:
        return f"GT {int(self)}"

    __repr__ = __str__


@dataclass(frozen=True)
class BmPhase:
    id: str            # "ah-combat"
    name: str          # "Austro-Hungarian Combat Phase"
    side: str          # side id
    step: str          # supply | reinforcement | movement | combat


class BmTurns:
    tracker_id = M.TRACKER_ID

    def __init__(self, game):
        self.game = game
        self.seq = game.tables["sequence"]
        names = {s.id: s.name for s in game.sides}
        self.phases = {f"{side}-{p.id}": BmPhase(f"{side}-{p.id}", f"{names[side]} {M.PHASE_NAMES[p.id]}", side, p.id)
                       for side in self.seq.player_turns for p in self.seq.phases}

    def read(self, labels: Mapping[str, str], text: str | None, trusted: bool) -> PhaseInfo:
        try:
            gt = int(labels["GT"])
            side = next(s.id for s in self.game.sides if s.name == labels["PlayerTurn"])
            step = next(k for k, v in M.PHASE_NAMES.items() if v == labels["Phase"])
        except (KeyError, ValueError, StopIteration):
            return PhaseInfo(None, None, text or "")
        ph = self.phases[f"{side}-{step}"]
        return PhaseInfo(GameTurn(gt), ph, self.label(gt, ph.id), step)

    def is_ours(self, turn_states: Mapping[str, str]) -> bool:
        raw = turn_states.get(self.tracker_id)
        if raw is None:
            return True
        try:
            gt, side, step = M.decode_turn_state(self.game, raw)
            return M.turn_state(self.game, gt, side, step) == raw
        except Exception:  # noqa: BLE001 — undecodable: not our tracker
            return False

    def turn_of(self, turn_states: Mapping[str, str]):
        raw = turn_states.get(self.tracker_id)
        try:
            return GameTurn(M.decode_turn_state(self.game, raw)[0]) if raw else None
        except Exception:  # noqa: BLE001
            return None

    def phase(self, phase_id: str) -> BmPhase:
        return self.phases[phase_id]

    def next_phase(self, turn: int, phase_id: str):
        ph = self.phases[phase_id]
        nxt = self.seq.next((turn, ph.side, ph.step))
        if nxt is None:
            raise ValueError("the game ends after GT 14")
        return GameTurn(nxt[0]), self.phases[f"{nxt[1]}-{nxt[2]}"]

    def first_phase(self) -> BmPhase:
        gt, side, step = self.seq.first
        return self.phases[f"{side}-{step}"]

    def first_turn(self) -> GameTurn:
        return GameTurn(self.seq.first[0])

    def command(self, turn: int, phase_id: str) -> str:
        ph = self.phases[phase_id]
        return f"TURN{self.tracker_id}\t" + M.turn_state(self.game, turn, ph.side, ph.step)

    def label(self, turn: int, phase_id: str) -> str:
        ph = self.phases[phase_id]
        return f"GT {turn} | {next(s.name for s in self.game.sides if s.id == ph.side)} | {M.PHASE_NAMES[ph.step]}"


def turn_structure(game) -> BmTurns:
    return BmTurns(game)
