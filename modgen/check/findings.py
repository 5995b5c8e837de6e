"""Findings: what the checker reports, one per rule broken (or not decidable), and their summary.

A finding cites its rule ("6-9" for a Standard Rule, "IF 3-4" for an Italian Front scenario rule),
the log step, the turn and phase, the side, the units and hexes involved and one sentence with the
numbers. ``severity`` is ``violation`` (the rule was broken), ``warning`` (suspicious, e.g. an
unknown declaration), ``undetermined`` (the log does not say enough; ``missing`` says what) or
``info`` (no rule broken, but the report says which rule made a move legal, e.g. Column
Movement inferred for a move beyond the MA).

A verdict that rests on a placeholder value (a number the rulebooks do not print: an MA or a
strength the data guess, a CRT cell) names it in ``placeholders`` and is never a violation: a
would-be violation is reported as undetermined, its message naming the placeholder and
``missing`` the printed value it needs with the data's reason (:class:`Placeholder`). Rules
declare the placeholder inputs they used; they never downgrade by hand.
"""
from __future__ import annotations

from collections import Counter as _Count
from contextlib import nullcontext
from dataclasses import dataclass, field, asdict
from typing import Iterable

VIOLATION = "violation"
WARNING = "warning"
UNDETERMINED = "undetermined"
INFO = "info"
SEVERITIES = (VIOLATION, WARNING, UNDETERMINED, INFO)


@dataclass(frozen=True)
class UnitRef:
    """A unit as a finding names it: the counter id (or piece id when unknown) and its name."""

    id: str
    name: str
    piece: str = ""

    def __str__(self) -> str:
        return f"{self.name} ({self.id})" if self.name and self.name != self.id else self.id


@dataclass(frozen=True)
class Placeholder:
    """A value a verdict used that the rulebooks do not print: ``what`` names it with its value
    ("MA 4 of Sabc Inf XX", "the CRT cell [50, 4]"), ``reason`` is the data's provenance."""

    what: str
    reason: str = ""

    def __str__(self) -> str:
        return f"{self.what} is a placeholder" + (f": {self.reason}" if self.reason else "")


@dataclass(frozen=True)
class Finding:
    rule: str                           # "6-9", "25-3", "IF 3-4"
    severity: str                       # violation | warning | undetermined | info
    message: str                        # one sentence, with the numbers
    step: int | None = None             # 1-based log step (None: set-up / whole game)
    turn: str | None = None             # "Turn 2 May 1915"
    phase: str | None = None            # "Central Powers Movement"
    side: str | None = None             # side id
    units: tuple[UnitRef, ...] = ()
    hexes: tuple[str, ...] = ()
    path: tuple[str, ...] = ()          # hexes in order, for drawing a move
    missing: str = ""                   # for undetermined: what the log did not say
    check: str = ""                     # the rule function that produced it
    #: the placeholder values the verdict rests on: a violation that names any is undetermined
    placeholders: tuple[Placeholder, ...] = ()
    #: the pieces around the finding when it was made, for the report's map picture:
    #: (hex, counter id, marker id, marker value, reduced) in stacking order; not in the JSON
    scene: tuple = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.severity not in SEVERITIES:
            raise ValueError(f"unknown severity {self.severity!r}")
        if self.placeholders:
            ph = tuple(dict.fromkeys(self.placeholders))
            object.__setattr__(self, "placeholders", ph)
            if self.severity == VIOLATION:
                # the mission: a verdict that depends on a placeholder value says so and is
                # never a violation
                names = "; ".join(f"{p.what} is a placeholder" for p in ph)
                need = "the printed value" + ("s" if len(ph) > 1 else "") + " (" + \
                    "; ".join(str(p) for p in ph) + ")"
                object.__setattr__(self, "severity", UNDETERMINED)
                object.__setattr__(self, "message", f"{self.message} [depends on placeholders: "
                                   f"{names}]" if len(ph) > 1 else
                                   f"{self.message} [depends on a placeholder: {names}]")
                object.__setattr__(self, "missing", f"{self.missing}; {need}" if self.missing
                                   else need)

    def sort_key(self) -> tuple:
        return (self.step if self.step is not None else -1, _rule_key(self.rule),
                SEVERITIES.index(self.severity), self.message)

    def to_dict(self) -> dict:
        d = asdict(self)
        d.pop("scene", None)
        d["units"] = [{"id": u.id, "name": u.name} for u in self.units]
        d["hexes"] = list(self.hexes)
        d["path"] = list(self.path)
        d["placeholders"] = [{"what": p.what, "reason": p.reason} for p in self.placeholders]
        return d


def _rule_key(rule: str) -> tuple:
    """Sort "6-9" before "6-10" and Standard Rules before scenario rules."""
    prefix = ""
    r = rule
    if " " in rule:
        prefix, r = rule.split(" ", 1)
    parts = []
    for p in r.replace(".", "-").split("-"):
        parts.append((0, int(p), "") if p.isdigit() else (1, 0, p))
    return (prefix, tuple(parts))


@dataclass
class Summary:
    total: dict[str, int] = field(default_factory=dict)               # severity -> count
    by_rule: dict[str, dict[str, int]] = field(default_factory=dict)  # rule -> severity -> count
    by_side: dict[str, dict[str, int]] = field(default_factory=dict)  # side -> severity -> count

    def to_dict(self) -> dict:
        return {"total": self.total, "by_rule": self.by_rule, "by_side": self.by_side}


def summarize(findings: Iterable[Finding]) -> Summary:
    findings = list(findings)
    total = _Count(f.severity for f in findings)
    s = Summary(total={k: total.get(k, 0) for k in SEVERITIES})
    for f in sorted(findings, key=lambda f: _rule_key(f.rule)):
        s.by_rule.setdefault(f.rule, {k: 0 for k in SEVERITIES})[f.severity] += 1
    for f in sorted(findings, key=lambda f: f.side or "~"):
        s.by_side.setdefault(f.side or "none", {k: 0 for k in SEVERITIES})[f.severity] += 1
    return s


@dataclass
class Report:
    """The result of checking one log: findings in log order, plus what the checker knew."""

    findings: list[Finding]
    game: str
    scenario: str | None
    log_file: str
    steps: int
    scenario_basis: str = ""           # how the scenario was recognised
    notes: list[str] = field(default_factory=list)
    side_names: dict[str, str] = field(default_factory=dict)
    #: what was checked (``modgen.check.coverage.Coverage``); None: everything (a report built by
    #: hand, or by a checker that does not say)
    coverage: object | None = None
    combats: list = field(default_factory=list)   # combat records (with ``to_dict``), log order
    # the end of the game (a rules system's DM and victory standing, with ``to_dict``/``lines``)
    end_of_game: object = None
    #: how a hex prints in this report (a game of several sheets: ``SHEET:CCRR``, the theatre's
    #: names, ``modgen.model.theatre.hex_names``); None: its printed ``CCRR``. The combat records
    #: keep hexes, so the renderers print them under this namer (:meth:`hex_naming`)
    hex_namer: object = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.findings = sorted(self.findings, key=Finding.sort_key)

    def hex_naming(self):
        """A context in which ``str(hex)`` prints as the checked game names hexes."""
        if self.hex_namer is None:
            return nullcontext()
        from ..hexgrid import naming
        return naming(self.hex_namer)

    @property
    def summary(self) -> Summary:
        return summarize(self.findings)

    @property
    def violations(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == VIOLATION]

    @property
    def complete(self) -> bool:
        """Every check it needed ran (see ``coverage``)."""
        return self.coverage is None or self.coverage.complete

    def headline(self) -> str:
        """The verdict in one sentence: violations, or no violation, or what was not checked."""
        n = len(self.violations)
        if n:
            head = f"{n} rule violation{'s' if n != 1 else ''} found."
            if not self.complete:
                head += " Not checked: " + "; ".join(str(g) for g in self.coverage.not_checked)
            return head
        return self.coverage.headline() if self.coverage is not None else "No rule violation found."

    @property
    def exit_code(self) -> int:
        """0 no violation (everything checked), 1 violations, 3 no violation but not everything
        could be checked (``modgen.check.coverage.EXIT_INCOMPLETE``)."""
        if self.violations:
            return 1
        return 0 if self.complete else 3
