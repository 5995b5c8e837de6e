"""Supply and HQ mistakes to seed into a scripted game (the May 1915 integration test): each is a
function that plays the mistake on a ``modgen.testing.TestGame`` at the point the caller chooses,
with the finding ``modgen check`` must give for it (rule, severity, a phrase of the message).

    from supply_mistakes import MISTAKES
    m = MISTAKES["sp-not-expended"]
    m.play(t, hq="it-hq-xxxx-1st", held=5, declared=3)   # after the !attack … supply 1st 3
    ...
    assert [(f.rule, f.severity) for f in findings if m.phrase in f.message] == [(m.rule, m.severity)]

Where each must be played (the phase the tracker must be in) is in its ``when``; the caller keeps
the rest of its game legal, so that exactly the seeded findings appear.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Mistake:
    name: str
    rule: str
    severity: str
    phrase: str            # part of the finding's message
    when: str              # the phase to play it in, and what must come before
    play: Callable


def sp_not_expended(t, *, hq: str, held: int, declared: int, paid: int | None = None) -> int:
    """19-3: the HQ's clause spends ``declared`` SP but its SupplyPoints go down by less (by
    ``paid``, default ``declared - 1``). Play in the Combat Phase, after the ``!attack … supply
    <hq> <declared>`` (or ``!counterattack``) and before the phase ends."""
    paid = declared - 1 if paid is None else paid
    return t.set_supply_points(hq, held - paid)


def sp_from_nowhere(t, *, hq: str, held: int, extra: int = 5) -> int:
    """25-7 / the schedule's rule (IF 15-20 for Italy, 15-14 for Austria-Hungary): the HQ's
    SupplyPoints rise by ``extra`` with no transfer and no income due. Play in any phase of a turn
    whose income the nation has already received (or before June 1915)."""
    return t.set_supply_points(hq, held + extra)


def transfer_and_move(t, *, sender: str, sender_designation: str, receiver: str,
                      receiver_designation: str, sender_held: int, receiver_held: int,
                      sp: int = 2, to_hex: str) -> int:
    """18-6: an HQ transfers SP and moves in the same Movement Phase (here the sender moves to
    ``to_hex``). Play in the HQs' own Movement Phase."""
    t.declare(f"!transfer {sender_designation} {sp} to {receiver_designation}")
    t.set_supply_points(sender, sender_held - sp)
    t.set_supply_points(receiver, receiver_held + sp)
    return t.move(sender, to_hex)


def italian_cap(t, *, target: str, units: str, hq_designation: str = "1st", sp: int = 13) -> int:
    """IF 3-5: Italian HQs expend more than 12 SP for one attack in 1915 (18 in 1916). Play in the
    Entente Combat Phase; the caller lowers the HQ's SupplyPoints by ``sp`` and rolls."""
    return t.declare(f"!attack {target} with {units} supply {hq_designation} {sp}")


def hq_over_100(t, *, hq: str) -> int:
    """17-4: an HQ's SupplyPoints above 100 (also SP from nowhere: 25-7). Any phase."""
    return t.set_supply_points(hq, 101)


def retreating_hq_keeps_sp(t, *, hq: str, to_hex: str) -> int:
    """18-16: an HQ moves (retreats) in a Combat Phase and keeps its SP. Play in a Combat Phase
    where the HQ's hex was attacked (without the attack the move is also a 6-3/14 finding of the
    combat rules)."""
    return t.move(hq, to_hex)


def construction_in_movement(t, *, hex_: str) -> int:
    """22-1: a Construction marker placed in a Movement Phase (not the Trench Construction
    Initiation Phase) under a trench-capable unit."""
    return t.add_marker("construction", hex_)


MISTAKES = {
    "sp-not-expended": Mistake("sp-not-expended", "19-3", "violation", "declared were not expended",
                               "Combat Phase, after the attack's supply clause", sp_not_expended),
    "sp-from-nowhere": Mistake("sp-from-nowhere", "15-20", "violation",
                               "that no transfer explains since the log began",
                               "any phase (Italy: rule 15-20; Austria-Hungary: 15-14)",
                               sp_from_nowhere),
    "transfer-and-move": Mistake("transfer-and-move", "18-6", "violation",
                                 "and moved in the same Movement Phase",
                                 "the HQs' own Movement Phase", transfer_and_move),
    "italian-cap": Mistake("italian-cap", "IF 3-5", "violation", "at most 12 in 1915",
                           "Entente Combat Phase of 1915", italian_cap),
    "hq-over-100": Mistake("hq-over-100", "17-4", "violation", "no HQ may hold more than 100 SP",
                           "any phase", hq_over_100),
    "retreating-hq-keeps-sp": Mistake("retreating-hq-keeps-sp", "18-16", "violation",
                                      "an HQ forced to retreat loses all its Supply Points",
                                      "a Combat Phase", retreating_hq_keeps_sp),
    "construction-in-movement": Mistake("construction-in-movement", "22-1", "violation",
                                        "construction begins in the Trench Construction Initiation",
                                        "a Movement Phase", construction_in_movement),
}
