"""Machine-readable report: every finding field plus the summary (stable key order)."""
from __future__ import annotations

import json

from .findings import Report

FORMAT_VERSION = 2     # 2: verdict and coverage (what was and was not checked)


def as_dict(report: Report) -> dict:
    with report.hex_naming():
        return _as_dict(report)


def _as_dict(report: Report) -> dict:
    return {
        "format": "modgen-check",
        "version": FORMAT_VERSION,
        "log": report.log_file,
        "game": report.game,
        "scenario": report.scenario,
        "scenario_basis": report.scenario_basis,
        "steps": report.steps,
        "notes": list(report.notes),
        "sides": dict(report.side_names),
        "findings": [f.to_dict() for f in report.findings],
        "combats": [c.to_dict() for c in report.combats if hasattr(c, "to_dict")],
        "summary": report.summary.to_dict(),
        "verdict": report.headline(),
        "coverage": report.coverage.to_dict() if report.coverage is not None else None,
        "end_of_game": report.end_of_game.to_dict() if hasattr(report.end_of_game, "to_dict") else None,
        "exit_code": report.exit_code,
    }


def render(report: Report) -> str:
    return json.dumps(as_dict(report), ensure_ascii=False, indent=2) + "\n"
