"""The checker's choices where the Burning Mountains rulebook (file 004) is contradictory or
silent: printed in every report, and named by the verdicts that depend on them.
"""
from __future__ import annotations

from typing import Mapping

#: the checker's choices where the rulebook is contradictory or silent (reported in every check run)
CHOICES: Mapping[str, str] = {
    "supply-ezoc": "6.2 forbids tracing supply through an EZOC hex, 11.3 allows one non-negated EZOC hex: "
                   "supply is traced by 11.3 (one EZOC hex); a unit whose state differs under 6.2 gets an "
                   "undetermined verdict",
    "9.2.1-twice": "two sections are numbered 9.2.1 (004:L471, L477): the first is read as 9.2.1a (retreat as a "
                   "stack, split only in the last hex to avoid an overstack), the second as 9.2.1b (the guidelines)",
    "4.6-missing": "4.6 'Other Limitations on Movement' is listed but not printed: no limitation beyond 4.1-4.5, "
                   "6.3-6.4 and 12.3-12.4 is checked; a move that only a missing 4.6 could forbid is not a violation",
    "av-zero-is-one": "7.8 'Artillery value of zero is considered one' is read as: the altitude +1 makes a printed "
                      "AV of 0 into 1 (reading A); reading C (0 counts as 1, then +1 = 2) is also computed and a "
                      "TdP verdict where they differ is undetermined",
    "ezoc-to-ezoc": "6.3 'EZOC to EZOC costs +2 MPs' is the +1 to exit plus the +1 to enter, not +2 more",
    "road-in-ezoc": "6.3 'roads are ignored in EZOC': a move into or out of a hex in an EZOC pays the terrain, "
                    "not the road",
    "supply-crag": "11.3 is silent on crags: a supply path does not cross a crag hexside (as no unit does, 4.5)",
    "supply-length": "11.4 path length counts the hexes entered from the unit's hex to the source, source included",
    "mountain-vs-infantry": "12.1 'when fighting against normal Infantry (only)': the +1 applies when every "
                            "opposing combat unit in the combat is infantry",
    "command-artillery": "7.2 / 7.4 count the non-artillery units taking part; artillery supports with its AV "
                         "and is withheld in defence (12.3), fortresses count as units",
    "edge-inclusive": "13.0 'west edge south of 1015', 'east edge south of 3906': the named hexes are included",
    "12.4-over-12.2": "GT 1: an Italian unit attacked (also) by artillery is flanked (12.4) even when it defends "
                      "with a fortress (12.2) or on a map edge (7.9.2): the first-turn rule is the special case",
    "ce-artillery": "9.4.2 'all participating units' take CE reductions: the combat units that attack and "
                    "defend; artillery takes none (CE does not affect its value, 10.0; in defence it is withheld, "
                    "12.3)",
    "guidelines-together": "9.2.1b: a retreat that misses a guideline when another retreat of the same length "
                           "meets both is a violation; when no retreat meets both, the stack is 'unable to fulfil' "
                           "them (+2 TdP) whichever it takes",
    "retreat-toward": "9.2.1b 'toward any supply source': the hex distance to the nearest of the stack's supply "
                      "sources (11.2) shrinks (for a one-hex retreat: does not grow)",
    "river-bridge-ezoc": "9.2.3 'remember 6.3 for EZOC effect' may mean that a bridge, a road, is ignored in "
                         "EZOC (6.3) or nothing for retreats: a retreat over a bridge into or out of an EZOC hex "
                         "(always so from the attacked hex) owes the reduction under one reading only: "
                         "undetermined",
    "5.2-steps": "5.2 'eliminate any excess units': the excess steps must be gone from the hex by the end of the "
                 "next phase; a flip that removes them is accepted",
    "recovery-read": "15.1: a recovery is read from the log as a CE marker of the phasing side removed or flipped "
                     "back in its Movement Phase; each costs one replacement point",
    "flank-occupied": "7.9 'occupied by an enemy unit': any enemy unit, artillery included; a friendly unit of "
                      "the defender in one of the hexes takes it out of the count",
}
