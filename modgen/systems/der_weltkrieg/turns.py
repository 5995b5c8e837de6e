"""The Der Weltkrieg turn structure as the checker reads it (``modgen.system.TurnStructure``).

Rule 5: a turn is a ``GameDate`` (year, month, turn 0 = Monthly Special Turn, 1-7); the phases
are the sequence of play's (``tables/der-weltkrieg/sequence-of-play.yaml``). The turn tracker is
read through the levels our module names (``Year``, ``Month``, ``Turn``, ``Phase``: ``calendar``)
when the log's tracker is ours, else from the text the tracker shows ("Turn 2 May 1915 Central
Powers Movement").
"""
from __future__ import annotations

import re
from typing import Mapping

from modgen.check.context import PhaseInfo
from modgen.model.types import MONTHS, Game, GameDate

from . import calendar as cal_mod
from .tables import Phase, SequenceOfPlay

#: what a phase is for, in the engine's words, read from its id and name
PHASE_KINDS = ("reinforcement", "movement", "combat", "replacement", "trench")


def phase_kind(phase) -> str | None:
    """reinforcement | movement | combat | replacement | trench (from the phase id/name)."""
    if phase is None:
        return None
    s = (getattr(phase, "id", "") + " " + getattr(phase, "name", "")).lower()
    for k in PHASE_KINDS:
        if k in s:
            return k
    return None


def sequence_of(game: Game) -> SequenceOfPlay | None:
    """The game's sequence of play; a plain dict in the loader's shape (``special_turn``/
    ``normal_turn`` lists of ``{id, name, side}``) is converted."""
    seq = game.tables.get("sequence") if game.tables else None
    if seq is None or hasattr(seq, "next_phase"):
        return seq
    if not isinstance(seq, dict):
        return None

    def phases(key: str, special: bool):
        raw = seq.get(key) or []
        if isinstance(raw, dict):
            raw = raw.get("phases") or []
        return tuple(Phase(p["id"], p.get("name", p["id"]), p.get("side"), special) for p in raw)
    return SequenceOfPlay(int(seq.get("turns_per_month", 7)), phases("special_turn", True),
                          phases("normal_turn", False))


def info(date: GameDate | None, phase, label: str) -> PhaseInfo:
    return PhaseInfo(date, phase, label, phase_kind(phase))


_YEAR = re.compile(r"\b(1[89]\d\d)\b")
_TURN = re.compile(r"\bturn\s*(\d)\b", re.I)


def parse_turn_label(label: str, game: Game, sequence) -> PhaseInfo:
    """The date and phase a turn-tracker label names ("Turn 2 May 1915 Central Powers Movement").

    The module writer decides the exact format; this reads any label that contains the year, the
    month name, the turn ("Turn N" or "Special Turn") and the phase name with its side's name.
    """
    text = " ".join(label.split())
    low = text.lower()
    year = month = turn = None
    m = _YEAR.search(text)
    if m:
        year = int(m.group(1))
    for i, name in enumerate(MONTHS, 1):
        if re.search(r"\b" + name.lower() + r"\b", low):
            month = i
            break
    if "special" in low:
        turn = 0
    else:
        t = _TURN.search(text)
        if t:
            turn = int(t.group(1))
        else:
            rest = _YEAR.sub(" ", text)
            nums = re.findall(r"\b([1-9])\b", rest)
            if nums:
                turn = int(nums[0])
    phase = None
    if sequence is not None:
        side_hit = None
        for s in sorted(game.sides, key=lambda s: -len(s.name)):
            if s.name.lower() in low or s.id.lower() in low:
                side_hit = s.id
                break
        cands = sequence.special_phases if turn == 0 else sequence.normal_phases
        best = None
        for p in cands:
            if p.id.lower() in low:
                best = (100, p)
                break
            nm = p.name.lower().replace(" phase", "").strip()
            if nm and nm in low and (p.side is None or side_hit is None or p.side == side_hit):
                score = len(nm) + (10 if p.side == side_hit else 0)
                if best is None or score > best[0]:
                    best = (score, p)
        phase = best[1] if best else None
    date = GameDate(year, month, turn) if None not in (year, month, turn) else None
    return info(date, phase, text)


class Turns:
    """The ``TurnStructure`` of a Der Weltkrieg game: its calendar and sequence of play."""

    tracker_id = cal_mod.TRACKER_ID

    def __init__(self, game: Game):
        self.game = game
        self.sequence = sequence_of(game)
        self._calendar: cal_mod.Calendar | None = None

    @property
    def calendar(self) -> cal_mod.Calendar:
        """The tracker's calendar (a ModgenError when the game has no sequence of play)."""
        if self._calendar is None:
            self._calendar = cal_mod.calendar(self.game)
        return self._calendar

    # ------------------------------------------------------------------ reading a log
    def read(self, labels: Mapping[str, str], text: str | None, trusted: bool = True) -> PhaseInfo:
        """Date and phase from the tracker's levels as our module names them (``Year``,
        ``Month``, ``Turn``, ``Phase``), else from the turn text the tracker shows (its
        ``turnFormat``, the text of VASSAL's "Turn Updated" line)."""
        if trusted and self.sequence is not None and {"Year", "Month", "Turn", "Phase"} <= labels.keys():
            try:
                cal = self.calendar
                turn = int(labels["Turn"])
                date = GameDate(int(labels["Year"]), MONTHS.index(labels["Month"]) + 1, turn)
                fphase = next(p for p in (cal.special if turn == 0 else cal.normal)
                              if p.name == labels["Phase"])
                phase = self.sequence.phase(fphase.id)
                return info(date, phase, text or f"{date} {fphase.name}")
            except Exception:  # noqa: BLE001 — not this game's tracker: fall back to the text
                pass
        if text:
            return parse_turn_label(text, self.game, self.sequence)
        return PhaseInfo(None, None, "")

    def is_ours(self, turn_states: Mapping[str, str]) -> bool:
        """Whether the tracker is this game's calendar (its state round-trips through
        ``calendar``). A foreign tracker read with our module's levels could give a plausible
        but wrong date: then only the tracker's text is read."""
        raw = turn_states.get(self.tracker_id)
        if raw is None or self.sequence is None:
            return True
        try:
            date, phase = cal_mod.decode_turn_state(self.calendar, raw)
            return cal_mod.turn_state(self.calendar, date, phase.id) == raw
        except Exception:  # noqa: BLE001 — undecodable: not our tracker
            return False

    def turn_of(self, turn_states: Mapping[str, str]) -> GameDate | None:
        """The date our tracker's state shows (the first tracker's when ours is absent)."""
        state = turn_states.get(self.tracker_id) or next(iter(turn_states.values()), None)
        if not state:
            return None
        try:
            return cal_mod.decode_turn_state(self.calendar, state)[0]
        except Exception:  # noqa: BLE001 — not our tracker
            return None

    # ------------------------------------------------------------------ the sequence of play
    def phase(self, phase_id: str) -> Phase:
        return self.sequence.phase(phase_id)

    def next_phase(self, date: GameDate, phase_id: str) -> tuple[GameDate, Phase]:
        return self.sequence.next_phase(date, phase_id)

    def first_phase(self) -> Phase:
        return self.sequence.normal_phases[0]

    def first_turn(self) -> GameDate:
        return GameDate(1915, 5, 1)

    # ------------------------------------------------------------------ writing a log
    def command(self, date: GameDate, phase_id: str) -> str:
        return cal_mod.turn_command(self.calendar, date, phase_id)

    def label(self, date: GameDate, phase_id: str) -> str:
        """The tracker's text, by the module's turnFormat ``calendar.TURN_FORMAT``."""
        cal = self.calendar
        ph = cal.phase_index(date.turn, phase_id)
        phases = cal.special if date.turn == 0 else cal.normal
        turn = "Special Turn" if date.turn == 0 else f"Turn {date.turn}"
        return f"{phases[ph].name} | {turn} | {date.month_name} {date.year}"


def turn_structure(game: Game) -> Turns:
    return Turns(game)
