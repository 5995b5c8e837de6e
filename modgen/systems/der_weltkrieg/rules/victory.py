"""Victory conditions (scenario data, docs/victory-conditions.md) judged on the facts of a game.

:func:`evaluate` takes a scenario's ``VictoryConditions`` and a :class:`Facts` object (what the
checker knows at the end of the log: DM per nation, SP lost, who controls each hex, surrenders)
and returns an :class:`Outcome`: each level's verdict (met / not met / undetermined) with the
numbers behind it, and the result "victory: <level>, because …" — or, for a game that has not
reached the scenario's last turn, the standing if the game ended now.

Three-valued logic throughout: a condition is True, False or None (undetermined, with what is
missing); ``all`` is False when any part is False, ``any`` True when any part is True. A level of
one side is *won* when it holds; the result is the strongest level won. When a stronger level is
undetermined, or levels of both sides hold (the rulebook does not say which prevails), the result
says so instead of choosing.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Protocol

from modgen.hexgrid import Hex
from modgen.model.types import VICTORY_LEVELS, Condition, MapDef, VictoryConditions, VictoryLevel
from .demoralization import Span


class Facts(Protocol):
    """What the evaluation asks of the game (the checker's end-of-game state implements it)."""

    def parties(self, party: str) -> tuple[str, ...]:
        """The nations a party (a nation id or a side id) stands for."""

    def side_name(self, side: str) -> str: ...

    def nation_name(self, nation: str) -> str: ...

    def dm(self, nations: tuple[str, ...], *, losses_only: bool) -> Span: ...

    def sp_lost(self, nations: tuple[str, ...]) -> Span: ...

    def controller(self, h: Hex) -> tuple[str | None, str]:
        """(side or None when unknown, how it is known)."""

    def controller_at_start(self, h: Hex) -> str | None: ...

    def occupied_by(self, h: Hex, side: str, when: str, date=None) -> bool | None:
        """A ground combat unit of ``side`` is in ``h`` at the end (``end``), stood there at some
        time (``ever``), or at some time no later than ``date`` (``by``)."""

    def non_surrounded_unit(self, h: Hex, side: str) -> bool | None: ...

    def surrendered(self, nation: str) -> tuple[bool | None, int | None]:
        """(surrendered?, year)."""

    def morale_before(self, nation: str, state: str, year: int | None) -> bool | None:
        """Whether ``nation`` reached ``state`` before the surrender being judged (None: unknown)."""

    def vp(self) -> Span | None:
        """The VP total of the scenario's schedule (None: undetermined; ``vp_missing`` says why)."""

    def maps(self) -> Iterable[MapDef]: ...

    def clear_terrain(self, h: Hex) -> bool | None: ...


@dataclass(frozen=True)
class Verdict:
    value: bool | None
    because: str
    missing: str = ""


def _tv_all(vs: list[Verdict]) -> Verdict:
    if any(v.value is False for v in vs):
        bad = [v for v in vs if v.value is False]
        return Verdict(False, "; ".join(v.because for v in bad))
    if any(v.value is None for v in vs):
        unk = [v for v in vs if v.value is None]
        return Verdict(None, "; ".join(v.because for v in vs),
                       "; ".join(v.missing for v in unk if v.missing))
    return Verdict(True, "; ".join(v.because for v in vs))


def _tv_any(vs: list[Verdict]) -> Verdict:
    if any(v.value is True for v in vs):
        good = [v for v in vs if v.value is True]
        return Verdict(True, "; ".join(v.because for v in good))
    if any(v.value is None for v in vs):
        unk = [v for v in vs if v.value is None]
        return Verdict(None, " or ".join(v.because for v in vs),
                       "; ".join(v.missing for v in unk if v.missing))
    return Verdict(False, " and ".join(v.because for v in vs))


def compare(a: Span, op: str, b: Span) -> bool | None:
    """``a op b`` over ranges: True / False when every value in the ranges agrees, else None."""
    def holds(x, y):
        return {">": x > y, ">=": x >= y, "<": x < y, "<=": x <= y, "==": x == y}[op]
    corners = {holds(a.lo, b.lo), holds(a.lo, b.hi), holds(a.hi, b.lo), holds(a.hi, b.hi)}
    if op == "==" and not (a.exact and b.exact) and len(corners) == 1 and corners == {False}:
        # == over ranges: false at every corner may still be true inside
        lo, hi = max(a.lo, b.lo), min(a.hi, b.hi)
        return None if lo <= hi else False
    return corners.pop() if len(corners) == 1 else None


# --------------------------------------------------------------------------- regions

def _on_map(facts: Facts):
    for m in facts.maps():
        for h, info in m.hexes.items():
            if info.land:
                yield m, h, info


def region_hexes(region, facts: Facts) -> tuple[list[Hex], list[Hex]]:
    """(hexes certainly in the region, hexes that may be in it) — membership is uncertain only
    for ``clear_terrain`` (a hex with some but not all hexsides clear) and
    ``controlled_at_start_by`` (start control unknown)."""
    sure: list[Hex] = []
    maybe: list[Hex] = []
    named = tuple(Hex.parse(x) for x in region.get("hexes", ()))
    excl = {Hex.parse(x) for x in region.get("except", ())}
    countries = region.get("countries")
    cols = region.get("columns")
    rows = region.get("rows")
    adj = Hex.parse(region["adjacent_to"]) if region.get("adjacent_to") else None
    for m, h, info in _on_map(facts):
        if named and h not in named:
            continue
        if h in excl:
            continue
        if countries and info.country not in countries:
            continue
        if cols and not ((cols[0] is None or h.col >= cols[0]) and (cols[1] is None or h.col <= cols[1])):
            continue
        if rows and not ((rows[0] is None or h.row >= rows[0]) and (rows[1] is None or h.row <= rows[1])):
            continue
        if region.get("city") and not info.city:
            continue
        if adj is not None and h not in adj.neighbours():
            continue
        member: bool | None = True
        if region.get("clear_terrain"):
            member = facts.clear_terrain(h)
        if member is not False and region.get("controlled_at_start_by"):
            s = facts.controller_at_start(h)
            if s is None:
                member = None
            elif s != region["controlled_at_start_by"]:
                member = False
        if member is True:
            sure.append(h)
        elif member is None:
            maybe.append(h)
    return sure, maybe


def _count_verdict(count, yes: int, no: int, unk: int) -> bool | None:
    if count == "all":
        return False if no else (None if unk else True)
    if count == "any":
        return True if yes else (None if unk else False)
    if count == "none":
        return False if yes else (None if unk else True)
    kind, n = count
    if kind == "at_least":
        return True if yes >= n else (False if yes + unk < n else None)
    if kind == "at_most":
        return True if yes + unk <= n else (False if yes > n else None)
    if kind == "all_but":
        return True if no + unk <= n else (False if no > n else None)
    raise ValueError(count)


def _count_text(count) -> str:
    if isinstance(count, str):
        return {"all": "all of", "any": "any of", "none": "none of"}[count]
    kind, n = count
    return {"at_least": f"at least {n} of", "at_most": f"at most {n} of",
            "all_but": f"all but {n} of"}[kind]


def _hexlist(hs: list[Hex], limit: int = 8, facts=None) -> str:
    label = getattr(facts, "hex_label", None) or str
    s = [label(h) for h in sorted(hs)]
    return ", ".join(s[:limit]) + (f" … ({len(s)} hexes)" if len(s) > limit else "")


def _controls(c: Condition, facts: Facts, *, occupies: bool) -> Verdict:
    p = c.params
    side = p["side"]
    sure, maybe = region_hexes(p["region"], facts)
    count = p["count"]
    when = p.get("when", "end")

    def tally(hexes):
        yes, no, unk = [], [], []
        for h in hexes:
            if p.get("by") is not None:
                # occupied (or controlled) at some time no later than the date
                v = facts.occupied_by(h, side, "by", p["by"])
            elif occupies or when != "end":
                v = facts.occupied_by(h, side, "end" if when == "end" else "ever")
                if when == "never" and v is not None:
                    v = not v
            else:
                who, _how = facts.controller(h)
                v = None if who is None else (who == side)
                if v and p.get("non_surrounded"):
                    v = facts.non_surrounded_unit(h, side)
            (yes if v else no if v is False else unk).append(h)
        return yes, no, unk

    y1, n1, u1 = tally(sure)
    y2, n2, u2 = tally(maybe)
    # the uncertain members either all count or none do: the count is monotone in both ends
    a = _count_verdict(count, len(y1), len(n1), len(u1))
    b = _count_verdict(count, len(y1) + len(y2), len(n1) + len(n2), len(u1) + len(u2))
    value = a if a == b else None
    who = facts.side_name(side)
    verb = {"end": "occupies" if occupies else "controls", "ever": "has occupied",
            "never": "has never occupied"}[when]
    if p.get("by") is not None:
        verb = f"occupied by {p['by']}"
    if p.get("non_surrounded"):
        verb += " (with a non-surrounded unit)"
    n_all = len(sure) + len(maybe)
    desc = f"{who} {verb} {_count_text(count)} {n_all} hex{'es' if n_all != 1 else ''}"
    if count in ("any", "none") or (isinstance(count, tuple) and count[0] in ("at_least", "at_most")):
        detail = f"{len(y1) + len(y2)} held" + (f": {_hexlist(y1 + y2, facts=facts)}" if y1 or y2 else "")
    else:
        detail = f"{len(n1) + len(n2)} not held" + (f": {_hexlist(n1 + n2, facts=facts)}" if n1 or n2 else "")
    if u1 or u2:
        detail += f", {len(u1) + len(u2)} unknown: {_hexlist(u1 + u2, facts=facts)}"
    if maybe:
        detail += f" ({len(maybe)} hexes may or may not belong to the region)"
    missing = ""
    if value is None:
        missing = (f"who controls {_hexlist(u1 + u2)}" if u1 or u2 else
                   "whether some hexes belong to the region")
    return Verdict(value, f"{desc} ({detail})", missing)


def _party_name(facts: Facts, party: str) -> str:
    ns = facts.parties(party)
    if len(ns) == 1 and ns[0] == party:
        return facts.nation_name(party)
    return facts.side_name(party)


def _dm(c: Condition, facts: Facts) -> Verdict:
    p = c.params
    lo = bool(p.get("losses_only"))
    what = "DM from unit losses" if lo else "DM"
    a = facts.dm(facts.parties(p["a"]), losses_only=lo)
    an = _party_name(facts, p["a"])
    if "b" in p and ("min" in p or "max" in p):
        b = facts.dm(facts.parties(p["b"]), losses_only=lo)
        d = a - b
        parts = []
        if p.get("min") is not None:
            parts.append(compare(d, ">=", Span(p["min"], p["min"])))
        if p.get("max") is not None:
            parts.append(compare(d, "<=", Span(p["max"], p["max"])))
        value = False if False in parts else (None if None in parts else True)
        rng = f"{p.get('min') if p.get('min') is not None else '…'}..{p.get('max') if p.get('max') is not None else '…'}"
        bn = _party_name(facts, p["b"])
        return Verdict(value, f"{an} {a} {what} − {bn} {b} = {d} (needed {rng})",
                       "" if value is not None else "the exact DM totals")
    if "b" in p:
        b = facts.dm(facts.parties(p["b"]), losses_only=lo)
        k = p.get("factor", 1)
        rhs = b.scale(k)
        value = compare(a, p["op"], rhs)
        bn = _party_name(facts, p["b"])
        times = f"{k:g} × " if k != 1 else ""
        return Verdict(value, f"{an} {a} {what} {p['op']} {times}{bn} {b}"
                       + (f" = {rhs}" if k != 1 else ""),
                       "" if value is not None else "the exact DM totals")
    v = p["value"]
    value = compare(a, p["op"], Span(v, v))
    return Verdict(value, f"{an} {a} {what} {p['op']} {v}",
                   "" if value is not None else "the exact DM total")


def _sp_lost(c: Condition, facts: Facts) -> Verdict:
    p = c.params
    ns = tuple(p["nations"])
    lost = facts.sp_lost(ns)
    value = compare(lost, p["op"], Span(p["value"], p["value"]))
    names = " and ".join(facts.nation_name(n) for n in ns)
    return Verdict(value, f"{names} lost {lost} SP ({p['op']} {p['value']} needed)",
                   "" if value is not None else "the exact SP lost")


def _surrender(c: Condition, facts: Facts) -> Verdict:
    p = c.params
    n = p["nation"]
    done, year = facts.surrendered(n)
    name = facts.nation_name(n)
    if done is None:
        return Verdict(None, f"whether {name} surrendered", f"{name}'s morale (DM totals)")
    if not done:
        return Verdict(False, f"{name} has not surrendered")
    if p.get("by_year") is not None and year is not None and year > p["by_year"]:
        return Verdict(False, f"{name} surrendered in {year}, after {p['by_year']}")
    bf = p.get("before")
    if bf:
        st = facts.morale_before(bf["nation"], bf["state"], year)
        nm = facts.nation_name(bf["nation"])
        if st is None:
            return Verdict(None, f"{name} surrendered in {year}; whether {nm} had suffered "
                           f"{bf['state']} before", f"{nm}'s DM total")
        if st:
            return Verdict(False, f"{name} surrendered in {year}, but {nm} had suffered "
                           f"{bf['state']} before")
    return Verdict(True, f"{name} surrendered in {year}")


def _vp(c: Condition, facts: Facts) -> Verdict:
    vp = facts.vp()
    p = c.params
    if vp is None:
        why = getattr(facts, "vp_missing", None)
        return Verdict(None, "the Victory Point total",
                       (why() if why else "") or "Victory Points (the log does not show them; "
                       "the VP schedule is not in the scenario's data)")
    parts = []
    if p.get("min") is not None:
        parts.append(compare(vp, ">=", Span(p["min"], p["min"])))
    if p.get("max") is not None:
        parts.append(compare(vp, "<=", Span(p["max"], p["max"])))
    value = False if False in parts else (None if None in parts else True)
    lo = "…" if p.get("min") is None else p["min"]
    hi = "…" if p.get("max") is None else p["max"]
    return Verdict(value, f"{vp} VP (needed {lo}..{hi})")


def evaluate_condition(c: Condition, facts: Facts, levels: list | None = None) -> Verdict:
    t = c.type
    if t == "all":
        return _tv_all([evaluate_condition(k, facts, levels) for k in c.children])
    if t == "any":
        return _tv_any([evaluate_condition(k, facts, levels) for k in c.children])
    if t == "not":
        v = evaluate_condition(c.children[0], facts, levels)
        return Verdict(None if v.value is None else not v.value, f"not ({v.because})", v.missing)
    if t == "controls":
        return _controls(c, facts, occupies=False)
    if t == "occupies":
        return _controls(c, facts, occupies=True)
    if t == "dm":
        return _dm(c, facts)
    if t == "sp_lost":
        return _sp_lost(c, facts)
    if t == "surrender":
        return _surrender(c, facts)
    if t == "vp":
        return _vp(c, facts)
    if t == "manual":
        return Verdict(None, c.params.get("text", "a condition the log cannot show"),
                       "a condition the checker cannot judge: " + str(c.params.get("text", "")))
    if t == "no_level":
        side = c.params["side"]
        want = c.params.get("level")
        got = [(lv, v) for lv, v in (levels or ()) if lv.side == side
               and (want is None or lv.level == want)]
        if not got:
            return Verdict(None, f"the levels of {facts.side_name(side)}", "their verdicts")
        if any(v.value is True for _lv, v in got):
            won = [lv.label for lv, v in got if v.value is True]
            return Verdict(False, f"{facts.side_name(side)} obtains {', '.join(won)}")
        if any(v.value is None for _lv, v in got):
            return Verdict(None, f"whether {facts.side_name(side)} obtains "
                           + ", ".join(lv.label for lv, v in got if v.value is None),
                           "; ".join(v.missing for _lv, v in got if v.value is None and v.missing))
        return Verdict(True, f"{facts.side_name(side)} obtains no "
                       + (f"{want} " if want else "") + "victory level")
    raise ValueError(f"unknown condition type {t!r}")


def _uses_no_level(c: Condition) -> bool:
    return c.type == "no_level" or any(_uses_no_level(k) for k in c.children)


# --------------------------------------------------------------------------- outcome

@dataclass(frozen=True)
class LevelResult:
    level: VictoryLevel
    verdict: Verdict


@dataclass
class Outcome:
    results: list[LevelResult]
    winner: LevelResult | None = None       # the level decided (None: none or not decided)
    certain: bool = False                   # the result does not depend on anything undetermined
    possible: list[LevelResult] = field(default_factory=list)   # undetermined levels that could change it
    conflict: list[LevelResult] = field(default_factory=list)   # both sides' levels hold
    shift: str = ""                         # automatic end-of-game shift applied
    final: bool = True                      # False: the game has not reached its last turn
    gaps: tuple[str, ...] = ()

    def summary(self, side_name=lambda s: s) -> str:
        head = "victory" if self.final else "standing so far (if the game ended now)"
        if self.conflict:
            held = " and ".join(f"{r.level.label} for the {side_name(r.level.side)} (because "
                                f"{r.verdict.because})" for r in self.conflict)
            return (f"{head}: undetermined — levels of both sides hold: {held}; the scenario's "
                    f"victory conditions overlap here and the rulebook does not say which "
                    f"prevails, so no side is named the winner")
        if self.winner is None:
            if self.possible:
                return (f"{head}: undetermined — no level is certainly met; possible: "
                        + ", ".join(r.level.label for r in self.possible)
                        + f" (missing: {self._missing()})")
            gap = f" ({'; '.join(self.gaps)})" if self.gaps else ""
            return f"{head}: none — no victory level is met{gap}"
        w = self.winner
        s = (f"{head}: {side_name(w.level.side)}, level {w.level.level} ({w.level.label}), "
             f"because {w.verdict.because}")
        if self.shift:
            s += f"; {self.shift}"
        if not self.certain:
            s += (" — not final: " + ", ".join(r.level.label for r in self.possible)
                  + f" may also hold (missing: {self._missing()})")
        return s

    def _missing(self) -> str:
        ms = []
        for r in self.possible:
            for m in (r.verdict.missing or "").split("; "):
                if m and m not in ms:
                    ms.append(m)
        return "; ".join(ms) or "undetermined facts"


def evaluate(vc: VictoryConditions, facts: Facts, *, final: bool = True,
             surrender_year: dict[str, int] | None = None) -> Outcome:
    """Every level's verdict and the result (see the module docstring)."""
    results: dict[int, Verdict] = {}
    for i, lv in enumerate(vc.levels):
        if not _uses_no_level(lv.condition):
            results[i] = evaluate_condition(lv.condition, facts)
    for i, lv in enumerate(vc.levels):
        if _uses_no_level(lv.condition):
            done = [(vc.levels[j], v) for j, v in results.items()]
            results[i] = evaluate_condition(lv.condition, facts, done)
    ordered = [LevelResult(lv, results[i]) for i, lv in enumerate(vc.levels)]

    def rank_of(r: LevelResult) -> int:
        return VICTORY_LEVELS.index(r.level.level)

    won = [r for r in ordered if r.verdict.value is True]
    open_ = [r for r in ordered if r.verdict.value is None]
    out = Outcome(ordered, final=final, gaps=vc.gaps)
    sides_won = {r.level.side for r in won}
    if len(sides_won) > 1:
        best = {}
        for r in won:
            if r.level.side not in best or rank_of(r) > rank_of(best[r.level.side]):
                best[r.level.side] = r
        out.conflict = list(best.values())
        return out
    if won:
        best = max(won, key=rank_of)
        out.winner = best
        # what could still change it: a stronger level of the same side, any level of the other
        out.possible = [r for r in open_ if r.level.side != best.level.side
                        or rank_of(r) > rank_of(best)]
        out.certain = not out.possible
    else:
        out.possible = open_
    if out.winner is not None and vc.shifts and surrender_year:
        out.shift = apply_shift(vc, out, surrender_year, facts)
    return out


def level_scale(vc: VictoryConditions) -> list[tuple[str, str]]:
    """The levels as one line from the first side's strongest to the other side's strongest
    (WE-SC-06: CP Decisive, CP Substantial, CP Marginal, Entente Marginal, … Entente Decisive)."""
    sides: list[str] = []
    for lv in vc.levels:
        if lv.side not in sides:
            sides.append(lv.side)
    out: list[tuple[str, str]] = []
    for i, s in enumerate(sides[:2]):
        lv = sorted({x.level for x in vc.levels if x.side == s}, key=VICTORY_LEVELS.index)
        out += [(s, x) for x in (reversed(lv) if i == 0 else lv)]
    return out


def shift_level(vc: VictoryConditions, side: str, level: str, towards: str, steps: int
                ) -> tuple[str, str]:
    """Move (side, level) ``steps`` along :func:`level_scale` towards ``towards``' end (the
    shift is applied to the level, not the VP total, WE-SC-06), stopping at the end."""
    scale = level_scale(vc)
    i = scale.index((side, level))
    toward_end = max(j for j, (s, _l) in enumerate(scale) if s == towards) if \
        any(s == towards for s, _l in scale) else i
    direction = 1 if toward_end >= i else -1
    j = max(0, min(len(scale) - 1, i + direction * steps))
    return scale[j]


def apply_shift(vc: VictoryConditions, out: Outcome, surrender_year: dict[str, int],
                facts: Facts) -> str:
    w = out.winner
    for sh in vc.shifts:
        y = surrender_year.get(sh.nation)
        if y is None or y >= sh.before_year:
            continue
        steps = (sh.before_year - y) * sh.per_year
        side, level = shift_level(vc, w.level.side, w.level.level, sh.towards, steps)
        target = next((lv for lv in vc.levels if lv.side == side and lv.level == level), None)
        if target is not None:
            text = (f"{facts.nation_name(sh.nation)} surrendered in {y}: shifted {steps} level"
                    f"{'s' if steps != 1 else ''} towards {facts.side_name(sh.towards)} "
                    f"(from {w.level.label})")
            out.winner = LevelResult(target, Verdict(True, w.verdict.because))
            return text
    return ""
