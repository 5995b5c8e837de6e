"""The checker: replay a VASSAL log on the game data and report every rule broken.

    from modgen.check import check_file
    report, game, scenario = check_file("game.vlog")          # recognises game and scenario
    for f in report.findings: print(f.rule, f.severity, f.step, f.message)

Pieces: ``logread`` (the log file, and the module it was played with: ``--module`` or ours from
the game data), ``engine`` (the rule registry and :class:`Checker`, a visitor of the one timeline
``modgen.replay`` gives — the same records ``modgen log`` prints), ``context`` (what rules see),
``declarations`` (the chat grammar's core, docs/declarations.md), ``findings`` and
``report_text`` / ``report_json`` / ``report_html``, ``cli``. The rules themselves belong to a
rules system (``modgen.systems``; the game names its system, ``modgen.system.find`` imports it);
``modgen.testing.TestGame`` scripts games as VASSAL-style .vlog files for tests.
"""
from .cli import check_file
from .engine import Checker, check_log, rule
from .findings import Finding, Report

__all__ = ["check_file", "check_log", "Checker", "rule", "Finding", "Report"]
