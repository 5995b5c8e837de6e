"""The rules systems, one package each (``der_weltkrieg``; ``burning_mountains`` next).

A game names its system in ``games/<game>.yaml`` (``system: der-weltkrieg``); ``modgen.system``
finds the package and reads its ``SYSTEM``. Nothing is imported here: each system loads only
when a game of it is loaded. How to add one: docs/architecture.md.
"""
