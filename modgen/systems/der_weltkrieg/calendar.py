"""The Der Weltkrieg calendar (Standard Rule 5) as a VASSAL TurnTracker, and its saved state.

Rule 5: each month is a Monthly Special Turn (two phases) followed by seven normal turns of
eight phases. VASSAL can step through that exactly because a TurnLevel with several child
levels runs them one after the other (``TurnLevel.advance``: when the current child rolls over,
the next child starts; after the last one the parent advances). The tracker is therefore::

    Year   CounterTurnLevel  property Year   (start = first scenario year)
     └ Month  ListTurnLevel  property Month  (January … December)
        ├ Special  ListTurnLevel property Turn, list "0"        ("Special Turn")
        │   └ Phase ListTurnLevel property Phase, the 2 special-turn phases
        └ Normal   ListTurnLevel property Turn, list "1" … "7"  ("Turn n")
            └ Phase ListTurnLevel property Phase, the 8 normal-turn phases

Both Turn levels share the global property ``Turn`` and both phase levels ``Phase`` (VASSAL
shares a property between levels of the same name), so ``Year``, ``Month`` (month name), ``Turn``
(``0`` = Monthly Special Turn, ``1``-``7``) and ``Phase`` (phase name) are always current.
``turn_state``/``decode_turn_state`` convert between a GameDate + phase and the ``TURN`` state;
:func:`tracker` is the tracker itself (its levels as buildFile.xml declares them), which the
module writer writes and the checker's replay reads.
"""
from __future__ import annotations

from dataclasses import dataclass

from modgen.errors import ModgenError
from modgen.model.types import MONTHS, Game, GameDate
from modgen.system import TurnLevel, TurnTracker
from modgen.vassal.sequence import Decoder, SequenceEncoder

TRACKER_ID = "TurnTracker0"   # VASSAL's id of the module's first (only) TurnTracker
TRACKER_NAME = "Turn"


@dataclass(frozen=True)
class Phase:
    id: str
    name: str               # the tracker's list entry and the value of the ``Phase`` property
    side: str | None = None


@dataclass(frozen=True)
class Calendar:
    first_year: int
    special: tuple[Phase, ...]
    normal: tuple[Phase, ...]

    def phase_index(self, turn: int, phase_id: str) -> int:
        phases = self.special if turn == 0 else self.normal
        for i, p in enumerate(phases):
            if phase_id in (p.id, p.name):
                return i
        where = "Monthly Special Turn" if turn == 0 else "a normal turn"
        raise ModgenError(f"phase {phase_id!r} is not a phase of {where} "
                          f"(known: {', '.join(p.id for p in phases)})",
                          file="tables/der-weltkrieg/sequence-of-play.yaml", field="phases")


def _get(obj, *names, default=None):
    for n in names:
        if isinstance(obj, dict) and n in obj:
            return obj[n]
        if hasattr(obj, n):
            return getattr(obj, n)
    return default


def _phases(raw, what: str, side_names: dict[str, str] | None = None) -> tuple[Phase, ...]:
    if raw is None:
        raise ModgenError(f"the sequence-of-play table has no {what} phases",
                          file="tables/der-weltkrieg/sequence-of-play.yaml", field=what)
    if not isinstance(raw, (list, tuple)):
        raw = _get(raw, "phases", default=None)
        if raw is None:
            raise ModgenError(f"the sequence-of-play table has no {what} phases",
                              file="tables/der-weltkrieg/sequence-of-play.yaml", field=what)
    out = []
    for p in raw:
        if isinstance(p, str):
            out.append(Phase(p, p))
        else:
            pid = str(_get(p, "id", "name"))
            name = str(_get(p, "name", "title", default=pid))
            side = _get(p, "side", "phasing_side", "player", default=None)
            # the same phase name recurs for each side: the tracker shows whose phase it is
            side_name = (side_names or {}).get(side, side) if side else None
            if side_name and side_name.lower() not in name.lower():
                name = f"{side_name} {name}"
            out.append(Phase(pid, name, side))
    names = [p.name for p in out]
    if len(set(names)) != len(names):
        raise ModgenError(f"two {what} phases share a name: {', '.join(names)}",
                          file="tables/der-weltkrieg/sequence-of-play.yaml", field=what)
    return tuple(out)


def calendar(game: Game) -> Calendar:
    """The tracker's calendar from the game's sequence of play (``game.tables["sequence"]``)."""
    seq = game.tables.get("sequence") if hasattr(game.tables, "get") else None
    if seq is None:
        raise ModgenError("no sequence-of-play table (tables/der-weltkrieg/sequence-of-play.yaml)",
                          file=f"games/{game.id}.yaml", field="tables")
    side_names = {s.id: s.name for s in game.sides}
    special = _phases(_get(seq, "special_turn", "special", "monthly_special_turn",
                           "special_phases"), "special_turn", side_names)
    normal = _phases(_get(seq, "normal_turn", "normal", "turn", "normal_phases"), "normal_turn",
                     side_names)
    years = [s.first_turn.year for s in game.scenarios.values()] or [1914]
    return Calendar(min(years), special, normal)


def _list_state(current: int, n: int, children: list[str] = ()) -> str:
    se = SequenceEncoder(";").append(current).append(0).append(0)
    se.append(SequenceEncoder(",").extend(["true"] * n).value)
    for c in children:
        se.append(c)
    return se.value or ""


def turn_state(cal: Calendar, date: GameDate, phase_id: str) -> str:
    """The TurnTracker state (after ``TURN<id>\\t``) at ``date`` and phase ``phase_id``."""
    if date.year < cal.first_year:
        raise ModgenError(f"{date} is before the tracker's first year {cal.first_year}")
    if not 0 <= date.turn <= 7 or not 1 <= date.month <= 12:
        raise ModgenError(f"not a Der Weltkrieg turn: {date}")
    pi = cal.phase_index(date.turn, phase_id)
    special_phase = _list_state(pi if date.turn == 0 else 0, len(cal.special))
    normal_phase = _list_state(pi if date.turn else 0, len(cal.normal))
    special = _list_state(0, 1, [special_phase])
    normal = _list_state(date.turn - 1 if date.turn else 0, 7, [normal_phase])
    month = (SequenceEncoder(";").append(date.month - 1).append(1 if date.turn else 0).append(0)
             .append(SequenceEncoder(",").extend(["true"] * 12).value)
             .append(special).append(normal).value)
    year = (SequenceEncoder(";").append(date.year).append(0).append(False).append(-1)
            .append(month).value)
    return SequenceEncoder("|").append(0).append(year).value or ""


def turn_command(cal: Calendar, date: GameDate, phase_id: str) -> str:
    return SequenceEncoder("\t", "TURN" + TRACKER_ID).append(turn_state(cal, date, phase_id)).value or ""


def decode_turn_state(cal: Calendar, state: str) -> tuple[GameDate, Phase]:
    """Inverse of ``turn_state``: the GameDate and Phase a ``TURN`` state shows."""
    top = Decoder(state, "|")
    top.int(0)
    y = Decoder(top.token(""), ";")
    year = y.int(cal.first_year)
    y.int(0); y.token(""); y.token("")
    m = Decoder(y.token(""), ";")
    month = m.int(0) + 1
    sub = m.int(0)
    m.int(0); m.token("")
    special, normal = m.token(""), m.token("")
    lvl = Decoder(special if sub == 0 else normal, ";")
    cur = lvl.int(0)
    lvl.int(0); lvl.int(0); lvl.token("")
    ph = Decoder(lvl.token(""), ";")
    pi = ph.int(0)
    turn = 0 if sub == 0 else cur + 1
    phases = cal.special if turn == 0 else cal.normal
    return GameDate(year, month, turn), phases[pi]


def month_names() -> tuple[str, ...]:
    return MONTHS


TURN_FORMAT = "$level4$ | $level3$ | $level2$ $level1$"   # "Phase | Turn n | Month Year"


def tracker_levels(cal: Calendar) -> tuple[TurnLevel, ...]:
    """The rule 5 calendar as nested turn levels (the tree in this module's docstring)."""
    special_phase = TurnLevel("ListTurnLevel", {"name": "Special Turn Phase", "property": "Phase",
                                                "list": ",".join(p.name.replace(",", "\\,")
                                                                 for p in cal.special)})
    normal_phase = TurnLevel("ListTurnLevel", {"name": "Phase", "property": "Phase",
                                               "list": ",".join(p.name.replace(",", "\\,")
                                                                for p in cal.normal)})
    special = TurnLevel("ListTurnLevel", {"name": "Monthly Special Turn", "property": "Turn",
                                          "list": "0", "turnFormat": "Special Turn"}, (special_phase,))
    normal = TurnLevel("ListTurnLevel", {"name": "Turns 1-7", "property": "Turn",
                                         "list": "1,2,3,4,5,6,7", "turnFormat": "Turn $value$"},
                       (normal_phase,))
    month = TurnLevel("ListTurnLevel", {"name": "Month", "property": "Month",
                                        "list": ",".join(month_names())}, (special, normal))
    year = TurnLevel("CounterTurnLevel", {"name": "Year", "property": "Year",
                                          "start": cal.first_year}, (month,))
    return (year,)


def tracker(game: Game, cal: Calendar | None = None) -> TurnTracker:
    """Our module's TurnTracker: the rule 5 calendar of ``game``."""
    return TurnTracker(TRACKER_ID, {"name": TRACKER_NAME, "buttonText": "Turn",
                                    "turnFormat": TURN_FORMAT,
                                    "tooltip": "Der Weltkrieg calendar (rule 5)"},
                       tracker_levels(cal or calendar(game)))
