"""Scenario rules as data: victory conditions, Supply Point / RPL income, supply caps, national
morale thresholds (keys ``victory``, ``supply`` and ``duration`` of a scenario file).

The schema is documented in docs/victory-conditions.md. Every error names the file, line and
field, like the rest of the loader (``validate.FileCtx``). Conditions are checked recursively: a
condition is a mapping with exactly one key, its type; a combinator (``all``, ``any``) takes a
list of conditions, ``not`` takes one.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Any

import re

from .types import (VICTORY_LEVELS, Condition, DmIncome, GameDate, IncomeItem, LevelShift,
                    MoraleThresholds, SupplyIncome, SupplyLimit, VictoryConditions, VictoryLevel,
                    VpArea, VpBand)
from .validate import FileCtx, line_of

OPS = (">", ">=", "<", "<=", "==")
COUNTS = ("all", "any", "none")
WHEN = ("end", "ever", "never")
MORALE_STATES = ("shaken", "economic-collapse", "surrender")

CONDITION_KEYS: dict[str, tuple[str, ...]] = {
    # controls / occupies: hexes or a region, how many of them, and when
    "controls": ("side", "hexes", "region", "count", "when", "by", "non_surrounded", "note"),
    "occupies": ("side", "hexes", "region", "count", "when", "by", "note"),
    # DM of a (nation or side), against a number, a multiple of b, or a difference a - b
    "dm": ("a", "b", "op", "value", "factor", "min", "max", "losses_only", "note"),
    "sp_lost": ("nations", "op", "value", "note"),
    "surrender": ("nation", "by_year", "before", "note"),
    "no_level": ("side", "level", "note"),
    "vp": ("min", "max", "note"),
    "manual": ("text",),
}
#: the kinds of a Victory Point area (``victory.vp_areas``): the key that says how its VP are found
VP_KINDS = ("declared", "dm", "morale", "removed")
VP_AREA_KEYS = ("area", "line", "text", "note", "bands", "never") + VP_KINDS
_PERIOD = re.compile(r"^(?P<y>\d{4})(?:-(?:(?P<h>H[12])|(?P<q>Q[1-4])|(?P<m>\d{1,2})))?$")


def period(text: str) -> tuple[tuple[int, int], tuple[int, int]]:
    """The first and last (year, month) of a period as the VP schedules print them: ``1915`` (a
    year), ``1915-H2`` (its second half), ``1914-Q3`` (a quarter: "3Q 1914"), ``1914-10`` (a
    month). ValueError when it is none of them."""
    m = _PERIOD.match(text.strip())
    if not m:
        raise ValueError(f"{text!r} is no period (1915, 1915-H2, 1914-Q3 or 1914-10)")
    y = int(m["y"])
    if m["h"]:
        lo = 1 if m["h"] == "H1" else 7
        return (y, lo), (y, lo + 5)
    if m["q"]:
        lo = 3 * (int(m["q"][1]) - 1) + 1
        return (y, lo), (y, lo + 2)
    if m["m"]:
        mo = int(m["m"])
        if not 1 <= mo <= 12:
            raise ValueError(f"{text!r}: month {mo} is not 1-12")
        return (y, mo), (y, mo)
    return (y, 1), (y, 12)


def period_range(text: str) -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
    """``A`` or ``A..B`` (from the start of A to the end of B); ``..B``, ``A..``: open."""
    if ".." not in text:
        return period(text)
    a, b = (x.strip() for x in text.split("..", 1))
    if not a and not b:
        raise ValueError("'..' needs a period on at least one side")
    first = period(a)[0] if a else None
    last = period(b)[1] if b else None
    if first and last and last < first:
        raise ValueError(f"{text!r} ends before it begins")
    return first, last


REGION_KEYS = ("country", "countries", "hexes", "except", "columns", "rows", "clear_terrain",
               "city", "adjacent_to", "controlled_at_start_by")


class _Rules:
    def __init__(self, ctx: FileCtx, *, nations, sides, maps, counters, scenario_maps):
        self.c = ctx
        self.nations = nations
        self.side_ids = tuple(s.id for s in sides)
        self.maps = maps
        self.counters = counters
        self.scenario_maps = scenario_maps

    # ------------------------------------------------------------------ small values
    def _party(self, d: dict, key: str, field: str, *, required: bool = True) -> str | None:
        """A nation id or a side id."""
        v = self.c.text(d, key, field, required=required)
        if v is not None and v not in self.nations and v not in self.side_ids:
            self.c.error(f"{v!r} is neither a nation ({', '.join(sorted(self.nations))}) nor a "
                         f"side ({', '.join(self.side_ids)})", line_of(d, key), f"{field}.{key}")
            return None
        return v

    def _side(self, d: dict, key: str, field: str, *, required: bool = True) -> str | None:
        return self.c.enum(d, key, field, self.side_ids, required=required)

    def _nation(self, d: dict, key: str, field: str, *, required: bool = True) -> str | None:
        return self.c.enum(d, key, field, tuple(sorted(self.nations)), required=required)

    def _hexes(self, d: dict, key: str, field: str) -> tuple[str, ...]:
        out = []
        loaded = [self.maps[m] for m in self.scenario_maps if m in self.maps]
        node = d.get(key)
        for i, v in enumerate(self.c.strings(d, key, field)):
            from ..hexgrid import Hex
            try:
                h = Hex.parse(v)
            except Exception as e:  # noqa: BLE001 — reported with the field
                self.c.error(str(getattr(e, "message", e)), _line(node, i, d, key), f"{field}.{key}[{i}]")
                continue
            if loaded and not any(m.contains(h) for m in loaded):
                self.c.error(f"hex {h.id} is not on map {', '.join(m.id for m in loaded)}",
                             _line(node, i, d, key), f"{field}.{key}[{i}]")
                continue
            out.append(h.id)
        return tuple(out)

    def _range(self, d: dict, key: str, field: str) -> tuple[int | None, int | None] | None:
        v = d.get(key)
        if v is None:
            return None
        f = f"{field}.{key}"
        m = self.c.mapping(v, f, line_of(d, key))
        if m is None:
            return None
        self.c.unknown_keys(m, ("min", "max"), f)
        lo = self.c.integer(m, "min", f, required=False)
        hi = self.c.integer(m, "max", f, required=False)
        if lo is None and hi is None:
            self.c.error("give min, max or both", line_of(d, key), f)
        return lo, hi

    def _op(self, d: dict, field: str, *, required: bool = True) -> str | None:
        return self.c.enum(d, "op", field, OPS, required=required)

    # ------------------------------------------------------------------ regions, conditions
    def region(self, v: Any, line: int | None, field: str) -> dict | None:
        m = self.c.mapping(v, field, line)
        if m is None:
            return None
        self.c.unknown_keys(m, REGION_KEYS, field)
        out: dict[str, object] = {}
        if "country" in m:
            n = self._nation(m, "country", field)
            if n:
                out["countries"] = (n,)
        if "countries" in m:
            cs = self.c.strings(m, "countries", field)
            bad = [x for x in cs if x not in self.nations]
            for x in bad:
                self.c.error(f"unknown nation {x!r}", line_of(m, "countries"), f"{field}.countries")
            out["countries"] = tuple(out.get("countries", ())) + tuple(x for x in cs if x not in bad)
        if "hexes" in m:
            out["hexes"] = self._hexes(m, "hexes", field)
        if "except" in m:
            out["except"] = self._hexes(m, "except", field)
        for k in ("columns", "rows"):
            r = self._range(m, k, field)
            if r is not None:
                out[k] = r
        if m.get("clear_terrain") is not None:
            out["clear_terrain"] = self.c.boolean(m, "clear_terrain", field)
        if m.get("city") is not None:
            out["city"] = self.c.boolean(m, "city", field)
        if "adjacent_to" in m:
            adj = self._hexes({"adjacent_to": [m["adjacent_to"]]}, "adjacent_to", field)
            if adj:
                out["adjacent_to"] = adj[0]
        if "controlled_at_start_by" in m:
            s = self._side(m, "controlled_at_start_by", field)
            if s:
                out["controlled_at_start_by"] = s
        if not out:
            self.c.error("an empty region", line, field)
        return out

    def _count(self, d: dict, field: str) -> object:
        v = d.get("count", "all")
        if isinstance(v, str):
            if v not in COUNTS:
                self.c.error(f"{v!r} is not one of: {', '.join(COUNTS)} (or {{at_least: n}}, "
                             "{at_most: n}, {all_but: n})", line_of(d, "count"), f"{field}.count")
                return "all"
            return v
        m = self.c.mapping(v, f"{field}.count", line_of(d, "count"))
        if m is None or len(m) != 1:
            if m is not None:
                self.c.error("one of at_least, at_most, all_but", line_of(d, "count"), f"{field}.count")
            return "all"
        k = next(iter(m))
        if k not in ("at_least", "at_most", "all_but"):
            self.c.error(f"{k!r} is not one of: at_least, at_most, all_but", line_of(m, k),
                         f"{field}.count.{k}")
            return "all"
        n = self.c.integer(m, k, f"{field}.count", minimum=0)
        return (k, n if n is not None else 0)

    def condition(self, v: Any, line: int | None, field: str) -> Condition | None:
        c = self.c
        m = c.mapping(v, field, line)
        if m is None:
            return None
        if len(m) != 1:
            c.error(f"a condition has exactly one key, its type (one of: "
                    f"{', '.join(sorted(CONDITION_KEYS) + ['all', 'any', 'not'])})", line_of(m), field)
            return None
        kind = next(iter(m))
        body = m[kind]
        f = f"{field}.{kind}"
        src = c.source(m, kind)
        if kind in ("all", "any"):
            kids = []
            if not isinstance(body, list) or not body:
                c.error("expected a non-empty list of conditions", line_of(m, kind), f)
                return None
            for i, item, ln in c.items(m, kind, field):
                k = self.condition(item, ln, f"{f}[{i}]")
                if k is not None:
                    kids.append(k)
            return Condition(kind, MappingProxyType({}), tuple(kids), src)
        if kind == "not":
            k = self.condition(body, line_of(m, kind), f)
            return Condition("not", MappingProxyType({}), (k,), src) if k is not None else None
        if kind not in CONDITION_KEYS:
            c.error(f"unknown condition type {kind!r} (one of: "
                    f"{', '.join(sorted(CONDITION_KEYS) + ['all', 'any', 'not'])})", line_of(m, kind), field)
            return None
        if kind == "manual" and isinstance(body, str):
            return Condition("manual", MappingProxyType({"text": body}), (), src)
        d = c.mapping(body, f, line_of(m, kind))
        if d is None:
            return None
        c.unknown_keys(d, CONDITION_KEYS[kind], f)
        p: dict[str, object] = {}
        if kind in ("controls", "occupies"):
            p["side"] = self._side(d, "side", f)
            if ("hexes" in d) == ("region" in d):
                c.error("give either hexes or region", line_of(d), f)
            if "hexes" in d:
                p["region"] = MappingProxyType({"hexes": self._hexes(d, "hexes", f)})
            elif "region" in d:
                r = self.region(d["region"], line_of(d, "region"), f"{f}.region")
                p["region"] = MappingProxyType(r or {})
            p["count"] = self._count(d, f)
            p["when"] = c.enum(d, "when", f, WHEN, required=False, default="end") or "end"
            if "by" in d:
                p["by"] = c.date(d, "by", f)
            if kind == "controls":
                p["non_surrounded"] = c.boolean(d, "non_surrounded", f)
        elif kind == "dm":
            p["a"] = self._party(d, "a", f)
            p["op"] = self._op(d, f, required="min" not in d and "max" not in d)
            p["losses_only"] = c.boolean(d, "losses_only", f)
            if "b" in d:
                p["b"] = self._party(d, "b", f)
            if "value" in d:
                p["value"] = c.integer(d, "value", f)
            if "factor" in d:
                fv = c.get(d, "factor", f, (int, float))
                p["factor"] = fv
            if "min" in d or "max" in d:
                p["min"] = c.integer(d, "min", f, required=False)
                p["max"] = c.integer(d, "max", f, required=False)
                if "b" not in d:
                    c.error("min/max compare a difference a - b: give b", line_of(d), f)
            elif "value" not in d and "b" not in d:
                c.error("give value (DM of a), b (with factor: DM of a against DM of b) or "
                        "b with min/max (the difference a - b)", line_of(d), f)
        elif kind == "sp_lost":
            ns = c.strings(d, "nations", f, required=True)
            for x in ns:
                if x not in self.nations:
                    c.error(f"unknown nation {x!r}", line_of(d, "nations"), f"{f}.nations")
            p["nations"] = ns
            p["op"] = self._op(d, f)
            p["value"] = c.integer(d, "value", f)
        elif kind == "surrender":
            p["nation"] = self._nation(d, "nation", f)
            p["by_year"] = c.integer(d, "by_year", f, required=False)
            if "before" in d:
                bf = c.mapping(d["before"], f"{f}.before", line_of(d, "before"))
                if bf is not None:
                    c.unknown_keys(bf, ("nation", "state"), f"{f}.before")
                    p["before"] = MappingProxyType({
                        "nation": self._nation(bf, "nation", f"{f}.before"),
                        "state": c.enum(bf, "state", f"{f}.before", MORALE_STATES)})
        elif kind == "no_level":
            p["side"] = self._side(d, "side", f)
            p["level"] = c.enum(d, "level", f, VICTORY_LEVELS, required=False)
        elif kind == "vp":
            p["min"] = c.integer(d, "min", f, required=False)
            p["max"] = c.integer(d, "max", f, required=False)
        elif kind == "manual":
            p["text"] = c.text(d, "text", f)
        if "note" in d:
            p["note"] = c.text(d, "note", f)
        return Condition(kind, MappingProxyType(p), (), src)

    # ------------------------------------------------------------------ victory
    def victory(self, v: Any, line: int | None) -> VictoryConditions | None:
        c = self.c
        d = c.mapping(v, "victory", line)
        if d is None:
            return None
        c.unknown_keys(d, ("basis", "levels", "count_city_dm", "extra_dm", "shifts", "gaps", "note",
                           "vp_areas"), "victory")
        basis = c.text(d, "basis", "victory", required=False, default="") or ""
        levels = []
        seen = set()
        for f, m in c.records(d, "levels", field="victory",
                              allowed=("side", "level", "label", "line", "text", "conditions")):
            side = self._side(m, "side", f)
            level = c.enum(m, "level", f, VICTORY_LEVELS)
            label = c.text(m, "label", f)
            c.integer(m, "line", f, required=False, minimum=1)
            text = c.text(m, "text", f, required=False, default="") or ""
            kids = []
            for j, it, l2 in c.items(m, "conditions", f):
                k = self.condition(it, l2, f"{f}.conditions[{j}]")
                if k is not None:
                    kids.append(k)
            if (side, level) in seen:
                c.error(f"{side} {level} is listed twice", line_of(m), f)
            seen.add((side, level))
            if side and level and label and kids:
                levels.append(VictoryLevel(side, level, label,
                                           Condition("all", MappingProxyType({}), tuple(kids), c.source(m)),
                                           text, c.source(m)))
        shifts = []
        for f, m in c.records(d, "shifts", field="victory", required=False,
                              allowed=("nation", "towards", "before_year", "per_year", "text")):
            n = self._nation(m, "nation", f)
            t = self._side(m, "towards", f)
            y = c.integer(m, "before_year", f, minimum=1900, maximum=2000)
            per = c.integer(m, "per_year", f, required=False, default=1, minimum=1)
            if n and t and y:
                shifts.append(LevelShift(n, t, y, per or 1,
                                         c.text(m, "text", f, required=False, default="") or ""))
        count_city = d.get("count_city_dm", True)
        if not isinstance(count_city, bool):
            c.error("expected a boolean", line_of(d, "count_city_dm"), "victory.count_city_dm")
            count_city = True
        areas = self.vp_areas(d) if d.get("vp_areas") is not None else ()
        return VictoryConditions(basis, tuple(levels), count_city,
                                 c.strings(d, "extra_dm", "victory"), tuple(shifts),
                                 c.strings(d, "gaps", "victory"), c.source(d), areas)

    def vp_areas(self, d: dict) -> tuple[VpArea, ...]:
        """``victory.vp_areas``: the Victory Point schedule, one record per printed area."""
        c = self.c
        out: list[VpArea] = []
        seen: set[int] = set()
        for f, m in c.records(d, "vp_areas", field="victory", allowed=VP_AREA_KEYS):
            n = c.integer(m, "area", f, minimum=1)
            if n is not None and n in seen:
                c.error(f"area {n} is listed twice", line_of(m, "area"), f"{f}.area")
            seen.add(n)
            c.integer(m, "line", f, required=False, minimum=1)
            kinds = [k for k in VP_KINDS if k in m]
            if len(kinds) != 1:
                c.error(f"give exactly one of {', '.join(VP_KINDS)} (how the checker finds the "
                        f"area's VP)", line_of(m), f)
                continue
            kind = kinds[0]
            g = f"{f}.{kind}"
            kw: dict[str, object] = {}
            if kind == "declared":
                kw["what"] = c.text(m, "declared", f) or ""
            else:
                body = c.mapping(m[kind], g, line_of(m, kind))
                if body is None:
                    continue
                allowed = {"dm": ("nation", "per"), "morale": ("nation", "states", "thresholds"),
                           "removed": ("nation",)}[kind]
                c.unknown_keys(body, allowed, g)
                kw["nation"] = self._nation(body, "nation", g)
                if kind == "dm":
                    kw["per"] = c.integer(body, "per", g, minimum=1)
                if kind == "morale":
                    states = c.strings(body, "states", g, required=True)
                    for x in states:
                        if x not in MORALE_STATES:
                            c.error(f"{x!r} is not one of: {', '.join(MORALE_STATES)}",
                                    line_of(body, "states"), f"{g}.states")
                    kw["states"] = tuple(x for x in states if x in MORALE_STATES)
                    kw["thresholds"] = MappingProxyType(self._thresholds(body, g))
            bands = self._bands(m, f, required=kind in ("morale", "removed"))
            if kind in ("declared", "dm") and bands:
                c.error(f"a {kind} area has no bands", line_of(m, "bands"), f"{f}.bands")
            never = c.integer(m, "never", f, required=kind in ("morale", "removed"))
            if n is not None and all(v is not None for k, v in kw.items() if k != "what"):
                out.append(VpArea(n, kind, c.text(m, "text", f, required=False, default="") or "",
                                  m.get("line"), bands=bands, never=never,
                                  note=c.text(m, "note", f, required=False, default="") or "",
                                  source=c.source(m), **kw))
        return tuple(sorted(out, key=lambda a: a.area))

    def _thresholds(self, body: dict, g: str) -> dict[str, tuple[int, ...]]:
        """``thresholds: {state: [DM, …]}``: the DM values printed for a state without their years
        (11-39); the state is reached somewhere between the least and the greatest."""
        c = self.c
        t = body.get("thresholds")
        if t is None:
            return {}
        tm = c.mapping(t, f"{g}.thresholds", line_of(body, "thresholds"))
        if tm is None:
            return {}
        c.unknown_keys(tm, MORALE_STATES, f"{g}.thresholds")
        out = {}
        for s, vals in tm.items():
            ok = isinstance(vals, list) and vals and all(
                isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in vals)
            if not ok:
                c.error("expected a non-empty list of DM totals", line_of(tm, s),
                        f"{g}.thresholds.{s}")
                continue
            out[s] = tuple(vals)
        return out

    def _bands(self, m: dict, f: str, *, required: bool) -> tuple[VpBand, ...]:
        c = self.c
        if m.get("bands") is None:
            if required:
                c.error("missing required field", line_of(m), f"{f}.bands")
            return ()
        out: list[VpBand] = []
        for g, b in c.records(m, "bands", field=f, allowed=("when", "vp")):
            when = c.text(b, "when", g)
            vp = c.integer(b, "vp", g)
            if when is None or vp is None:
                continue
            try:
                first, last = period_range(str(when))
            except ValueError as e:
                c.error(str(e), line_of(b, "when"), f"{g}.when")
                continue
            for o in out:
                if (first is None or o.last is None or first <= o.last) and \
                        (last is None or o.first is None or o.first <= last):
                    c.error(f"{when!r} overlaps {o.when!r}", line_of(b, "when"), f"{g}.when")
            out.append(VpBand(first, last, vp, str(when)))
        return tuple(out)

    # ------------------------------------------------------------------ supply
    def supply(self, v: Any, line: int | None) -> tuple[tuple[SupplyIncome, ...], tuple[SupplyLimit, ...]]:
        c = self.c
        d = c.mapping(v, "supply", line)
        if d is None:
            return (), ()
        c.unknown_keys(d, ("income", "limits", "note"), "supply")
        income = []
        for f, m in c.records(d, "income", field="supply", required=False,
                              allowed=("rule", "nation", "from", "until", "from_morale",
                                       "until_morale", "items", "line", "text")):
            rule = c.text(m, "rule", f)
            nation = self._nation(m, "nation", f)
            start = c.date(m, "from", f, required=False)
            end = c.date(m, "until", f, required=False)
            if start and end and end <= start:
                c.error(f"'until' {end} is not after 'from' {start}", line_of(m, "until"), f"{f}.until")
            fm = c.enum(m, "from_morale", f, MORALE_STATES, required=False)
            um = c.enum(m, "until_morale", f, MORALE_STATES, required=False)
            c.integer(m, "line", f, required=False, minimum=1)
            items = []
            for g, im in c.records(m, "items", field=f,
                                   allowed=("supply_points", "rpl_sp", "turns", "months", "rpl_type")):
                sp = c.integer(im, "supply_points", g, required=False, default=0, minimum=0) or 0
                rpl = c.integer(im, "rpl_sp", g, required=False, default=0, minimum=0) or 0
                if not sp and not rpl:
                    c.error("give supply_points or rpl_sp", line_of(im), g)
                turns = []
                for k, t, l3 in c.items(im, "turns", g, required=False):
                    if not isinstance(t, int) or isinstance(t, bool) or not 1 <= t <= 7:
                        c.error(f"{t!r} is not a turn 1-7", l3, f"{g}.turns[{k}]")
                    else:
                        turns.append(t)
                months = c.enum(im, "months", g, ("all", "even", "odd"), required=False,
                                default="all") or "all"
                rtype = c.text(im, "rpl_type", g, required=False)
                items.append(IncomeItem(sp, rpl, tuple(turns) or (1,), months, rtype))
            if rule and nation:
                income.append(SupplyIncome(rule, nation, tuple(items), start, end, fm, um,
                                           c.text(m, "text", f, required=False, default="") or "",
                                           c.source(m)))
        limits = []
        for f, m in c.records(d, "limits", field="supply", required=False,
                              allowed=("rule", "nation", "kind", "max", "years", "duration_only",
                                       "line")):
            rule = c.text(m, "rule", f)
            nation = self._nation(m, "nation", f)
            kind = c.enum(m, "kind", f, ("per_attack", "front_total"))
            mx = c.integer(m, "max", f, minimum=0)
            years = []
            for k, y, l3 in c.items(m, "years", f, required=False):
                if not isinstance(y, int) or isinstance(y, bool):
                    c.error(f"{y!r} is not a year", l3, f"{f}.years[{k}]")
                else:
                    years.append(y)
            c.integer(m, "line", f, required=False, minimum=1)
            if rule and nation and kind and mx is not None:
                limits.append(SupplyLimit(rule, nation, kind, mx, tuple(years),
                                          c.boolean(m, "duration_only", f), c.source(m)))
        return tuple(income), tuple(limits)

    # ------------------------------------------------------------------ duration game
    def duration(self, v: Any, line: int | None) -> tuple[tuple[MoraleThresholds, ...], tuple[DmIncome, ...]]:
        c = self.c
        d = c.mapping(v, "duration", line)
        if d is None:
            return (), ()
        c.unknown_keys(d, ("morale", "dm_income", "note"), "duration")
        morale = []
        for f, m in c.records(d, "morale", field="duration", required=False,
                              allowed=("nation", "rule", "shaken", "by_year", "line", "note")):
            nation = self._nation(m, "nation", f)
            rule = c.text(m, "rule", f)
            shaken = c.integer(m, "shaken", f, required=False, minimum=0)
            c.integer(m, "line", f, required=False, minimum=1)
            by_year: dict[int, tuple[int | None, int | None]] = {}
            by = m.get("by_year") or {}
            if not isinstance(by, dict):
                c.error("expected a mapping year -> {economic_collapse, surrender}",
                        line_of(m, "by_year"), f"{f}.by_year")
                by = {}
            for y, row in by.items():
                g = f"{f}.by_year.{y}"
                if not isinstance(y, int):
                    c.error(f"{y!r} is not a year", line_of(by, y), g)
                    continue
                r = c.mapping(row, g, line_of(by, y))
                if r is None:
                    continue
                c.unknown_keys(r, ("economic_collapse", "surrender"), g)
                by_year[y] = (c.integer(r, "economic_collapse", g, required=False, minimum=0),
                              c.integer(r, "surrender", g, required=False, minimum=0))
            if nation and rule:
                morale.append(MoraleThresholds(nation, rule, shaken, MappingProxyType(by_year),
                                               c.source(m)))
        income = []
        for f, m in c.records(d, "dm_income", field="duration", required=False,
                              allowed=("nation", "dm", "rule", "years", "from", "line", "note")):
            nation = self._nation(m, "nation", f)
            dm = c.integer(m, "dm", f, minimum=0)
            rule = c.text(m, "rule", f)
            c.integer(m, "line", f, required=False, minimum=1)
            years = tuple(y for _k, y, _l in c.items(m, "years", f, required=False)
                          if isinstance(y, int) and not isinstance(y, bool))
            start = c.date(m, "from", f, required=False)     # "Special January 1915"
            if nation and dm is not None and rule:
                income.append(DmIncome(nation, dm, rule, years, c.source(m), start))
        return tuple(morale), tuple(income)


def _line(node: Any, i: int, d: dict, key: str) -> int | None:
    f = getattr(node, "line_of", None)
    try:
        return (f(i) if f else None) or line_of(d, key)
    except Exception:  # noqa: BLE001
        return line_of(d, key)


def load_scenario_rules(d: dict, ctx: FileCtx, *, nations, sides, maps, counters,
                        scenario_maps) -> dict[str, object]:
    """The structured keys of one scenario file, validated: fields for ``Scenario``."""
    r = _Rules(ctx, nations=nations, sides=sides, maps=maps, counters=counters,
               scenario_maps=scenario_maps)
    out: dict[str, object] = {}
    if d.get("victory") is not None:
        out["victory"] = r.victory(d["victory"], line_of(d, "victory"))
    if d.get("supply") is not None:
        out["supply_income"], out["supply_limits"] = r.supply(d["supply"], line_of(d, "supply"))
    if d.get("duration") is not None:
        out["morale"], out["dm_income"] = r.duration(d["duration"], line_of(d, "duration"))
    return out


def level_order(level: str) -> int:
    """Strength of a victory level (higher = stronger)."""
    return VICTORY_LEVELS.index(level)


__all__ = ["load_scenario_rules", "level_order", "OPS", "CONDITION_KEYS", "GameDate"]
