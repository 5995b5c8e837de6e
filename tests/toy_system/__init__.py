"""A test-only rules system outside ``modgen.systems``: one rule, one turn structure, one game file
(tests/data/toy/games/toy.yaml, ``system: toy_system``). It shows what adding a system takes: a
package with ``SYSTEM = modgen.system.System(...)`` and a game that names it; nothing in
``modgen.check`` changes.

Its turn tracker is ``Turn`` (a counter from 1) › ``Phase`` (Blue Move, Red Move); a turn is an
int. Its one rule, T-1: a unit moves at most one hex per drop.
"""
from modgen.system import System

SYSTEM = System(
    id="toy_system",
    name="Toy rules (tests)",
    turns=".turns:Turns",
    rules=(".rules",),
    module=".turns:extras",
)
