"""Plain-text report: findings grouped by severity in log order, then the summary per rule and side."""
from __future__ import annotations

from .findings import INFO, SEVERITIES, UNDETERMINED, VIOLATION, WARNING, Finding, Report

_TITLES = {VIOLATION: "Violations", WARNING: "Warnings", UNDETERMINED: "Undetermined",
           INFO: "Information"}


def _where(f: Finding) -> str:
    parts = []
    parts.append(f"step {f.step}" if f.step is not None else "set-up")
    if f.turn:
        parts.append(f.turn)
    if f.phase:
        parts.append(f.phase)
    return ", ".join(parts)


def finding_line(f: Finding, side_names: dict[str, str] | None = None) -> str:
    side = (side_names or {}).get(f.side, f.side) if f.side else None
    head = f"[{f.rule}] {_where(f)}" + (f" ({side})" if side else "")
    body = f"    {f.message}"
    extra = []
    if f.units:
        extra.append("units: " + "; ".join(str(u) for u in f.units))
    if f.hexes:
        extra.append("hexes: " + ", ".join(f.hexes))
    if f.missing:
        extra.append("missing: " + f.missing)
    return "\n".join([head, body] + [f"    {e}" for e in extra])


def render(report: Report) -> str:
    with report.hex_naming():
        return _render(report)


def _render(report: Report) -> str:
    names = report.side_names
    out = [f"modgen check: {report.log_file}",
           f"game {report.game}, scenario {report.scenario or 'unknown'}"
           + (f" ({report.scenario_basis})" if report.scenario_basis else "")
           + f", {report.steps} log steps",
           report.headline()]
    for n in report.notes:
        out.append(f"note: {n}")
    for sev in SEVERITIES:
        group = [f for f in report.findings if f.severity == sev]
        if not group:
            continue
        out.append("")
        out.append(f"{_TITLES[sev]} ({len(group)})")
        out.append("-" * (len(_TITLES[sev]) + len(str(len(group))) + 3))
        for f in group:
            out.append(finding_line(f, names))
    if report.combats:
        out.append("")
        out.append(f"Combats ({len(report.combats)})")
        out.append("-" * (len(str(len(report.combats))) + 10))
        for c in report.combats:
            out.append(getattr(c, "title", str(c)))
            lines = c.summary_lines(names) if hasattr(c, "summary_lines") else []
            out += [f"    {line}" for line in lines]
    s = report.summary
    out.append("")
    out.append("Summary")
    out.append("-------")
    out.append(f"{_count(s.total[VIOLATION], 'violation')}, {_count(s.total[WARNING], 'warning')}, "
               f"{s.total[UNDETERMINED]} undetermined"
               + (f", {s.total[INFO]} info" if s.total.get(INFO) else ""))
    if s.by_rule:
        out.append("by rule:")
        for rule, c in s.by_rule.items():
            out.append(f"  {rule:<10} " + ", ".join(f"{c[k]} {k}" for k in SEVERITIES if c[k]))
    if s.by_side:
        out.append("by side:")
        for side, c in s.by_side.items():
            label = names.get(side, side)
            out.append(f"  {label:<16} " + ", ".join(f"{c[k]} {k}" for k in SEVERITIES if c[k]))
    cov = report.coverage
    if cov is not None and cov.rules:
        out.append(f"checked: {len(cov.rules)} rules ({', '.join(cov.rules)}) on {cov.units} "
                   f"unit{'s' if cov.units != 1 else ''}")
    eog = report.end_of_game
    if eog is not None and hasattr(eog, "lines"):
        title = "End of the game" if getattr(eog, "final", False) else "Standing so far"
        out += ["", title, "-" * len(title)]
        out += eog.lines()
        out.append("")
    out.append(report.headline())      # the report ends with its verdict, as it begins
    return "\n".join(out) + "\n"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")
