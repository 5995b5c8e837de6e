#!/usr/bin/env python3
"""One-off converter: ../shared/data/seed-scenarios.yaml -> counters/italian-front/*.yaml and
scenarios/italian-front/*.yaml (kept so the provenance of those files is reproducible).

    python3 tools/convert_seed_scenarios.py [--seed ../shared/data/seed-scenarios.yaml] [--out .]

What it does, and the judgement calls it encodes (review the output by hand after running it):

* Units: every unit in the set-ups, dead pools and the 16-1..16-5 schedules of the Italian Front
  scenarios (if_1915_05 .. if_1918_06, if_duration), the 17-3 pre-war garrison and the 18-2 A-H
  schedule of the linked game (if_ef_linked_duration; the river flotilla Enns, printed "3*-R" for map
  6-5, is left out), and the RPL units of 15-20..15-22 / 17-27. One counter per distinct unit, keyed by nation,
  type, size and designation with spaces removed ("1 Ber" = "1Ber"). Front = the highest strength
  printed without "(-)"; lower printed strengths become a placement ``strength`` ("set up understrength").
* Back sides: printed only indirectly (missing-data M8). Where a withdrawal or arrival prints a unit
  "(-)" (reduced) that value is the back, ``back_printed: <line>``. Otherwise the back is a placeholder
  by the stated rule BACK_RULE (fits every generic data point of M8: 8->6, 6->4, 4->3, 2->1).
* Matching exceptions (as printed, documented in seed anomalies): the 1918 withdrawal of "2-5 Mtn X(-)
  1AlpK, 2AlpK, 3AlpK" is the 1917 Mtn Aslt III AlpK; "6-5 Inf XX (-) 5, 26, 200" and "8-5 Inf XX 117" are
  the 12-5 Aslt XX that reverted to infantry (33-4).
* Fortress counters: one per nation and size used by the scenarios (rule 3 prints the location on the
  counter; the scenarios place them by hex).
"""
from __future__ import annotations

import argparse
import json
import math
import re
import sys
from collections import OrderedDict
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ("if_1915_05", "if_1916_05", "if_1917_05", "if_1917_10", "if_1918_06")
NATIONS = {"Austria-Hungary": ("austria-hungary", "ah"), "Germany": ("germany", "ge"), "Italy": ("italy", "it"),
           "France": ("france", "fr"), "Great Britain": ("great-britain", "gb")}
TYPES = {"Inf": "inf", "Mtn": "mtn", "Cav": "cav", "Art": "art", "S Art": "siege-art", "Eng": "eng", "Aslt": "aslt",
         "MAst": "mtn-aslt", "Mtn Aslt": "mtn-aslt", "HQ": "hq"}
TYPE_SLUG = {"siege-art": "sart"}
SIDES = {"Entente": "entente", "Central Powers": "central-powers"}
PHASES = {("entente", "Movement"): "entente-movement", ("central-powers", "Reinforcement Arrival"): "cp-reinforcement"}
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
BACK_RULE = ("Placeholder back = front - ceil(front / 4), same movement; no back (single-step) when that "
             "is 0 or the front strength is 0. It reproduces every generic reduced value the rulebooks print "
             "(German division 8 -> 6 and 6 -> 4, German brigade 2 -> 1, French division 4 -> 3: Figures 9 "
             "and 13; German AlpK 4 -> 3 and Jgr 6 -> 4: 16-2; A-H divisions 4 -> 3 and 5 -> 3: 18-2). Assault units "
             "differ (German 12-5 -> 6-5, AlpK 5-5 -> 2-5: 16-2), so their printed values are used.")
ARRIVAL = {"austria-hungary": "any A-H city or map-edge rail line in Austria-Hungary (15-12)",
           "italy": "Milano 1421, Bologna 2326 or a map-edge rail line in Italy (15-18)"}
# the same places as data (checked by 25-2)
ARRIVAL_PLACES = {"austria-hungary": [{"city": "austria-hungary"}, {"map_edge_rail": "austria-hungary"}],
                  "italy": [{"hex": "1421"}, {"hex": "2326"}, {"map_edge_rail": "italy"}]}


def norm(designation: str) -> str:
    return designation.replace(" ", "")


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", norm(text).lower()).strip("-")


def back_of(strength: int) -> int:
    return strength - math.ceil(strength / 4)


def date_text(d: dict | None) -> str | None:
    if not d or "turn" not in d:
        return None
    return f"{d['turn']} {d['month']} {d['year']}"


def date_key(d: dict) -> tuple[int, int, int]:
    return (d["year"], MONTHS.index(d["month"]) + 1, d["turn"])


def q(value) -> str:
    """A YAML scalar: plain when unambiguous, otherwise a JSON (= YAML double-quoted) string."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    s = str(value)
    if re.fullmatch(r"[A-Za-z][A-Za-z0-9 ._/()'-]*", s) and s.lower() not in ("yes", "no", "on", "off", "null",
                                                                              "true", "false", "y", "n"):
        if not re.search(r"\s$|: | #", s):
            return s
    return json.dumps(s, ensure_ascii=False)


def flow(d: dict) -> str:
    parts = []
    for k, v in d.items():
        if isinstance(v, list):
            parts.append(f"{k}: [{', '.join(flow(x) if isinstance(x, dict) else q(x) for x in v)}]")
        else:
            parts.append(f"{k}: {q(v)}")
    return "{" + ", ".join(parts) + "}"


class Units:
    def __init__(self):
        self.counters: "OrderedDict[tuple, dict]" = OrderedDict()

    def key(self, nation: str, u: dict, designation: str) -> tuple:
        return (nation, TYPES[u["type"]], u["size"], norm(designation))

    def add_full(self, nation: str, u: dict, designation: str, line: int | None) -> None:
        """A unit printed at full (or understrength) value: a counter's front."""
        k = self.key(nation, u, designation)
        c = self.counters.get(k)
        if c is None:
            nat_id, prefix = NATIONS[nation]
            t = TYPES[u["type"]]
            c = self.counters[k] = {"nation": nat_id, "id": f"{prefix}-{TYPE_SLUG.get(t, t)}-{u['size'].lower()}-"
                                    f"{slug(designation)}", "type": t, "size": u["size"],
                                    "designation": designation, "strength": None, "movement": None,
                                    "back": None, "back_printed": None, "lines": [], "note": None}
        if u.get("strength") is not None and not u.get("reduced_marker"):
            if c["strength"] is None or u["strength"] > c["strength"]:
                c["strength"], c["movement"] = u["strength"], u["movement"]
        if line and line not in c["lines"]:
            c["lines"].append(line)

    def find(self, nation: str, u: dict, designation: str, line: int | None) -> dict:
        nat_id, prefix = NATIONS[nation]
        override = OVERRIDES.get((line, norm(designation)))
        if override:
            return next(c for c in self.counters.values() if c["id"] == override)
        k = self.key(nation, u, designation)
        if k not in self.counters:
            self.add_full(nation, u, designation, line)
        return self.counters[k]


# (rulebook line, designation) -> counter id, for printed entries that name a unit by another type/size
OVERRIDES = {
    (1686, "1AlpK"): "ge-mtn-aslt-iii-1alpk", (1686, "2AlpK"): "ge-mtn-aslt-iii-2alpk",
    (1686, "3AlpK"): "ge-mtn-aslt-iii-3alpk",
    (1685, "5"): "ge-aslt-xx-5", (1685, "26"): "ge-aslt-xx-26", (1687, "200"): "ge-aslt-xx-200",
    (1689, "117"): "ge-aslt-xx-117",
}


def unit_rows(s: dict):
    for g in s.get("setup", []):
        for u in g["units"]:
            yield "setup", g["nation"], u, u.get("line")
    for g in s.get("dead_pool", []):
        for u in g["units"]:
            yield "dead", g["nation"], u, g.get("line")


def schedule(dur: dict):
    for e in dur["reinforcements"]["schedule"]:
        yield e


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", default=str(ROOT.parent / "shared" / "data" / "seed-scenarios.yaml"))
    ap.add_argument("--rulebook", default=str(ROOT.parent / "shared" / "seeds" / "000_aa915efd4021bc28.txt"))
    ap.add_argument("--out", default=str(ROOT))
    args = ap.parse_args(argv)
    seed = yaml.safe_load(Path(args.seed).read_text(encoding="utf-8"))
    book = Path(args.rulebook).read_text(encoding="utf-8").splitlines()
    sc = {s["id"]: s for s in seed["scenarios"]}
    dur = sc["if_duration"]
    out = Path(args.out)

    # ---------------------------------------------------------------- counters
    units = Units()
    for sid in SCENARIOS:                       # full-strength appearances first: they define the fronts
        for kind, nation, u, line in unit_rows(sc[sid]):
            for des in u.get("designations", []):
                if not u.get("reduced_marker"):
                    units.add_full(nation, u, des, line)
    # 17-3 Italian Front Garrison (linked game, 000:L1762-1769): the A-H May 1915 order of battle whose
    # set-up list 5-1 is truncated; its units are counters of this game even where 5-1 does not print them
    for g in sc["if_ef_linked_duration"].get("setup", []):
        if str(g.get("section", "")).startswith("17-3"):
            for u in g.get("units", []):
                if u.get("type") in TYPES and u["type"] != "HQ":       # "Tirol XXXX HQ" is the Tir HQ of 5-1
                    for des in u.get("designations", []):
                        units.add_full(g["nation"], u, des, u.get("line") or 1766)
    # 18-2 (linked game, 000:L1961-1996): A-H East Front reinforcements of 1914 and the transfers to the
    # Italian Front after a Russian surrender. RPL entries are the RPL counters below; the river
    # flotilla Enns ("3*-R", map 6-5) has no place on map 6-4 and no standard values: left out.
    linked = [e for e in sc["if_ef_linked_duration"]["reinforcements"]["schedule"]
              if e.get("nation") in NATIONS]
    for e in linked:
        for u in e.get("arrivals") or []:
            if u.get("type") not in TYPES or u.get("rpl") or not isinstance(u.get("strength", 0), int):
                continue
            for des in u.get("designations", []):
                if not u.get("reduced_marker"):
                    units.add_full(e["nation"], u, des, e["line"])
    for e in linked:
        for u in e.get("arrivals") or []:
            if u.get("type") not in TYPES or u.get("rpl") or not isinstance(u.get("strength", 0), int):
                continue
            for des in u.get("designations", []):
                if u.get("reduced_marker"):
                    c = units.find(e["nation"], u, des, e["line"])
                    if e["line"] not in c["lines"]:
                        c["lines"].append(e["line"])
                    if c["back_printed"] is None and c["strength"] is not None and u["strength"] < c["strength"]:
                        c["back"], c["back_printed"] = f"{u['strength']}-{u['movement']}", e["line"]
                    elif c["strength"] is None:
                        # printed only reduced ("3-4(-) Inf XX 54"): that is the back; the front is not
                        # printed, take the smallest front whose placeholder back it would be
                        front = next(f for f in range(u["strength"] + 1, 4 * u["strength"] + 2)
                                     if back_of(f) == u["strength"])
                        c.update(strength=front, movement=u["movement"], back=f"{u['strength']}-{u['movement']}",
                                 back_printed=e["line"],
                                 placeholder_reason=f"only the reduced side is printed ('{u['raw']}', 000:L"
                                 f"{e['line']}); front {front}-{u['movement']} is a placeholder: the smallest "
                                 "strength whose back by back_rule is the printed reduced value")
    for e in schedule(dur):
        for u in e.get("arrivals") or []:
            for des in u.get("designations", []):
                if not u.get("reduced_marker") and (e["line"], norm(des)) not in OVERRIDES:
                    units.add_full(e["nation"], u, des, e["line"])
    for e in schedule(dur):                     # then withdrawals and "(-)" entries
        for kind in ("arrivals", "withdrawals"):
            for u in e.get(kind) or []:
                for des in u.get("designations", []):
                    c = units.find(e["nation"], u, des, e["line"])
                    if e["line"] not in c["lines"]:
                        c["lines"].append(e["line"])
                    if u.get("reduced_marker") and c["back_printed"] is None and c["strength"] is not None:
                        if kind == "arrivals" or c["id"] not in {"ge-aslt-xx-195"}:
                            c["back"] = f"{u['strength']}-{u['movement']}"
                            c["back_printed"] = e["line"]
    # German 195 appears only reduced (arrives 6-5 (-), leaves 4-5 (-)): front as its sister divisions
    for c in units.counters.values():
        if c["id"] == "ge-aslt-xx-195":
            c.update(strength=12, movement=5, back="6-5", back_printed=1682, note=None,
                     placeholder_reason="only the reduced side is printed (arrives '6-5 Aslt XX (-)', 000:L1682); the front "
                          "12-5 is assumed like the other German Aslt XX whose reduced side is 6-5 (16-2)",
                     )
        if c["id"] == "ge-aslt-xx-117":
            c.update(back="6-5", placeholder_reason="the reduced side is not printed; 6-5 as printed for the other "
                     "German 12-5 Aslt XX (5, 12, 26, 200: 16-2). Withdrawn 4 March 1918 as '8-5 Inf XX', i.e. "
                     "reverted to its full-strength circle (33-4), not reduced")
        if c["id"] in ("ge-aslt-xx-5", "ge-aslt-xx-26", "ge-aslt-xx-200", "ge-aslt-xx-117", "ge-aslt-xx-12"):
            c["full_strength"] = 8
            c["note"] = ("full-strength circle 8 = regular infantry strength (33-4, 33-9: 000:L827, L837); "
                         "withdrawn as infantry once reverted (16-2)")
        if c["id"].startswith("ge-mtn-aslt-iii-"):
            c["note"] = "withdrawn 2 February 1918 printed as '2-5 Mtn X(-)' (16-2, 000:L1686)"
        if c["id"] == "it-hq-xxx-crnc":
            c["note"] = "withdrawn 1 June 1916; its SP pass to the Crnc XXXX HQ placed in its hex (16-3)"

    fortress_sizes: dict[str, set[int]] = {}
    for sid in SCENARIOS:
        for f in sc[sid].get("fortresses", []):
            for x in f["list"]:
                fortress_sizes.setdefault(f["nation"], set()).add(x["size"])

    for nation, (nat_id, prefix) in NATIONS.items():
        rows = [c for c in units.counters.values() if c["nation"] == nat_id]
        lines = [f"# {nation} counters of The Italian Front: every unit named in the five scenarios' set-ups and",
                 "# dead pools, the 16-1..16-5 schedules, the 17-3 garrison and the 18-2 linked-game schedule, and",
                 "# the RPL units of 15-20..15-22 / 17-27. Written by tools/convert_seed_scenarios.py, then reviewed.",
                 "# front = strength-movement as printed; lines = rulebook lines (000) naming the unit;",
                 "# back_printed = the line printing the unit reduced '(-)'; otherwise the back follows back_rule.",
                 f"nation: {nat_id}",
                 f"back_rule: {q(BACK_RULE)}",
                 "counters:"]
        for c in sorted(rows, key=lambda c: (order_type(c["type"]), SIZES.index(c["size"]), natural(c["designation"]))):
            d: dict = {"id": c["id"], "type": c["type"], "size": c["size"], "designation": c["designation"]}
            if c["type"] != "hq":
                d["front"] = f"{c['strength']}-{c['movement']}"
                if c["back_printed"] or c.get("placeholder_reason"):
                    d["back"] = c["back"]
                    if c["back_printed"]:
                        d["back_printed"] = c["back_printed"]
                elif c["strength"] and back_of(c["strength"]) > 0:
                    d["back"] = f"{back_of(c['strength'])}-{c['movement']}"
            if c.get("full_strength"):
                d["full_strength"] = c["full_strength"]
            d["lines"] = sorted(c["lines"])
            if c.get("note"):
                d["note"] = c["note"]
            entry = "  - " + flow(d)
            if c.get("placeholder_reason"):
                entry = entry[:-1] + (", provenance: {kind: placeholder, reason: " + q(c["placeholder_reason"]) + "}}")
            lines.append(entry)
        for size in sorted(fortress_sizes.get(nation, ())):
            lines.append("  - " + flow({"id": f"{prefix}-fort-{size}", "type": "fortress", "designation": str(size),
                                        "front": str(size), "note": "fortress (rule 21); strength only, immobile; "
                                        "sizes as used by the scenario fortress lists"}))
        for r in RPL.get(nation, ()):
            st, mv = (int(x) for x in r["front"].split("-"))
            r = dict(r)
            r["back"] = f"{back_of(st)}-{mv}"
            r["lines"] = r.pop("lines")
            r["note"] = r.pop("note")
            lines.append("  - " + flow(r)[:-1] + ", provenance: {kind: placeholder, reason: "
                         + q(RPL_REASON[nation]) + "}}" if nation in RPL_REASON else "  - " + flow(r))
        (out / "counters" / "italian-front").mkdir(parents=True, exist_ok=True)
        (out / "counters" / "italian-front" / f"{nat_id}.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")

    by_key = units

    # ---------------------------------------------------------------- scenarios
    for sid in SCENARIOS:
        s = sc[sid]
        write_scenario(s, dur, by_key, book, out)
    return 0


# Replacement (RPL) counters named by the SP/RPL income rules (15-20..15-22; A-H 17-27)
RPL = {
    "Italy": [
        {"id": "it-inf-xx-rpl-3", "type": "inf", "size": "XX", "designation": "RPL", "front": "3-3", "rpl": True,
         "lines": [1611, 1618, 1619, 1625], "note": "1 x 3-3 Inf RPL (15-20..15-22)"},
        {"id": "it-mtn-xx-rpl-3", "type": "mtn", "size": "XX", "designation": "RPL", "front": "3-3", "rpl": True,
         "lines": [1612, 1620], "note": "1 x 3-3 Mtn RPL (15-20, 15-21); may rebuild Mountain or Alpini units (15-3)"},
    ],
    "Austria-Hungary": [
        {"id": "ah-inf-xx-rpl-4", "type": "inf", "size": "XX", "designation": "RPL", "front": "4-3", "rpl": True,
         "lines": [1863, 1867], "note": "17-27 rotation (linked game, from July 1917 via 15-17)"},
        {"id": "ah-inf-xx-rpl-3", "type": "inf", "size": "XX", "designation": "RPL", "front": "3-3", "rpl": True,
         "lines": [1864, 1869], "note": "17-27 rotation"},
        {"id": "ah-inf-xx-rpl-2-croat", "type": "inf", "size": "XX", "designation": "RPL Croat", "front": "2-3",
         "rpl": True, "lines": [1865, 1868], "note": "17-27 rotation; Croat RPL rebuild Croatian mountain units (15-3)"},
        {"id": "ah-inf-xx-rpl-2-czech", "type": "inf", "size": "XX", "designation": "RPL Czech", "front": "2-3",
         "rpl": True, "lines": [1866], "note": "17-27 rotation"},
        {"id": "ah-inf-xx-rpl-2-polish", "type": "inf", "size": "XX", "designation": "RPL Polish", "front": "2-3",
         "rpl": True, "lines": [1870], "note": "17-27 rotation"},
    ],
}
RPL_REASON = {"Italy": "the unit size of Italian RPL is not printed (15-20: '1 x 3-3 Inf RPL'); XX as the A-H "
                       "'Inf XX RPL' of 17-27. Reduced side: " + "see back_rule"}

SIZES = ("XXXX", "XXX", "XX", "X", "III", "II", "I")
TYPE_ORDER = ("hq", "inf", "mtn", "aslt", "mtn-aslt", "cav", "art", "siege-art", "eng")


def order_type(t: str) -> int:
    return TYPE_ORDER.index(t) if t in TYPE_ORDER else len(TYPE_ORDER)


def natural(s: str):
    return [(0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.split(r"(\d+)", s) if p]


def rule_line(book: list[str], rule: str, lo: int, hi: int) -> int | None:
    for i in range(max(lo - 1, 0), min(hi, len(book))):
        if book[i].startswith(rule + " "):
            return i + 1
    return None


def write_scenario(s: dict, dur: dict, units: Units, book: list[str], out: Path) -> None:
    sid = s["id"].replace("_", "-")
    lo, hi = s["source"]["lines"]
    side = SIDES[s["phasing_at_start"]["side"]]
    phase = PHASES[(side, s["phasing_at_start"]["phase"])]
    first, last = s["first_turn"], s["last_turn"]
    L: list[str] = []
    w = L.append
    w(f"# {s['name']} -- converted from ../shared/data/seed-scenarios.yaml ({s['id']}) by")
    w("# tools/convert_seed_scenarios.py, then reviewed. 'line' = line in the rulebook text 000.")
    w(f"id: {sid}")
    w(f"name: {q(s['name'])}")
    w(f"rulebook: {q('000:L%d-%d, sections %s' % (lo, hi, ', '.join(s['source']['sections'])))}")
    w("maps: [" + ", ".join(q(m) for m in s["maps"]) + "]")
    w(f"first_turn: {date_text(first)}")
    w(f"last_turn: {date_text(last)}")
    w(f"first_phase: {phase}   # {s['phasing_at_start']['basis']}")
    w(f"phasing_side: {side}")
    truncated = [g for g in s["setup"] if g.get("truncated")]
    desc = (f"{s['name']}: {date_text(first)} to {date_text(last)}. THE SET-UP IS INCOMPLETE: the printed "
            f"set-up lists for " + ", ".join(f"{g['nation']} ({g['section']})" for g in truncated) +
            " break off after 8 rows in the source, so only the units printed are placed.")
    w(f"description: {q(desc)}")
    w("setup_incomplete:")
    for g in truncated:
        note = (f"{g['section']} {g['nation']} (000:L{g['source_lines'][0]}-{g['source_lines'][1]}): "
                f"{g['truncated_note']}")
        w(f"  - {q(note)}")
    if sid == "if-1915-05":
        w("  - " + q("Reconstruction hint, not applied (missing-data M4): the A-H May 1915 order of battle is the "
                     "pre-war garrison of 17-3 (000:L1762-1769); still unplaced: 179, 183, 184, 185, 187, 112L, "
                     "Trste, Fium, 51M, 52M, 55M-60M."))

    def placements(u: dict, nation: str, line: int | None, hexes: str | None, kind: str) -> list[dict]:
        out_ = []
        for des in u.get("designations", []):
            c = units.find(nation, u, des, line)
            p: dict = {"counter": c["id"]}
            if hexes:
                p["hex"] = hexes
            if u.get("reduced_marker"):
                p["reduced"] = True
            elif u.get("strength") is not None and c["strength"] is not None and u["strength"] < c["strength"]:
                p["strength"] = u["strength"]
            if u.get("hq_supply_points") is not None:
                p["supply_points"] = u["hq_supply_points"]
            m = re.search(r"\((\d+)sp\)", u.get("raw", ""))
            if kind != "setup" and c["type"] == "hq" and m:
                p["supply_points"] = int(m.group(1))
            if kind == "arrival" and NATIONS[nation][0] in ARRIVAL:
                p["location"] = ARRIVAL[NATIONS[nation][0]]
                p["places"] = ARRIVAL_PLACES[NATIONS[nation][0]]
            if line:
                p["line"] = line
            out_.append(p)
        return out_

    w("setup:")
    for g in s["setup"]:
        w(f"  # {g['section']} {g['nation']} (000:L{g['source_lines'][0]}-{g['source_lines'][1]})"
          + (" -- TRUNCATED after this" if g.get("truncated") else ""))
        for u in g["units"]:
            for p in placements(u, g["nation"], u.get("line"), u["hex"], "setup"):
                w("  - " + flow(p))
    w("fortresses:")
    for f in s.get("fortresses", []):
        for x in f["list"]:
            fd = {"nation": NATIONS[f["nation"]][0], "size": x["size"], "hex": x["hex"]}
            if x.get("name"):
                fd["name"] = x["name"]
            fd["line"] = f["source_line"]
            w("  - " + flow(fd))
    w("markers:" + ("" if any(isinstance(m["hexes"], list) for m in s.get("markers", [])) else " []"))
    derived = []
    for m in s.get("markers", []):
        ln = rule_line(book, m["rule"], lo, hi)
        if isinstance(m["hexes"], list):
            for h in m["hexes"]:
                w("  - " + flow({"marker": m["type"], "hex": h, "rule": m["rule"], "line": ln}))
        else:
            how = "entrenched-border" if m["rule"] == "4-2" else "entrenched-front"
            derived.append({"marker": m["type"], "rule": m["rule"], "derive": how, "line": ln})
        if m.get("optional_extra"):
            w(f"  # optional ({m['rule']}): {m['optional_extra']}")
    w("derived_markers:   # placed from the map by modgen.model.derive.derive_entrenched_hexes")
    for dm in derived:
        w("  - " + flow(dm))
    w("dead_pool:" + ("" if s.get("dead_pool") else " []"))
    for g in s.get("dead_pool", []):
        for u in g["units"]:
            for p in placements(u, g["nation"], g["line"], None, "dead"):
                w("  - " + flow(p))
    w("rail_capacities:")
    for r in s["rail"]["capacities"]:
        rd = {"nation": NATIONS[r["nation"]][0], "divisions": r["divisions"]}
        if r.get("not_usable_until"):
            rd["not_usable_until"] = date_text(r["not_usable_until"])
        if r.get("halved_until"):
            rd["halved_until"] = date_text(r["halved_until"])
        note = "; ".join(x for x in (r.get("note"), r.get("rounding")) if x)
        if note:
            rd["note"] = note
        w("  - " + flow(rd))

    # ------------------------------------------------------------ reinforcements in the scenario period (3-10)
    w("reinforcements:   # 16-1..16-5 entries dated within the scenario (rule 3-10); relative ones need an event")
    header = len(L) - 1
    fk, lk = date_key(first), date_key(last)
    units_by_id = {c["id"]: c for c in units.counters.values()}
    setup_ids = {p["counter"] for g in s["setup"] for u in g["units"]
                 for p in placements(u, g["nation"], u.get("line"), u["hex"], "setup")}
    for e in dur["reinforcements"]["schedule"]:
        d = e.get("date")
        if d and "turn" in d:
            if not fk <= date_key(d) <= lk:
                continue
        else:
            # "Italian Morale Shaken +N Turns": only while that nation is not already in play (in June
            # 1918 the British and French are set up and the rest of 16-4/16-5 has come and gone)
            set_up_nations = {units_by_id[c]["nation"] for c in setup_ids}
            if NATIONS[e["nation"]][0] in set_up_nations:
                continue
        ed: list[str] = []
        if d and "turn" in d:
            ed.append(f"date: {date_text(d)}")
        else:
            ed.append(f"when: {q(e.get('when') or e['raw'].split(':')[0])}")
        ed.append(f"nation: {NATIONS[e['nation']][0]}")
        ed.append(f"line: {e['line']}")
        w("  - " + ed[0])
        for x in ed[1:]:
            w("    " + x)
        for kind, key in (("arrival", "arrivals"), ("withdrawal", "withdrawals")):
            if e.get(key):
                w(f"    {key}:")
                for u in e[key]:
                    for p in placements(u, e["nation"], e["line"], None, kind):
                        w("      - " + flow(p))
    for a in dur["reinforcements"].get("assault_upgrades", []):
        if fk <= date_key(a["date"]) <= lk:
            w(f"  - date: {date_text(a['date'])}")
            w(f"    when: {q('16-1 assault upgrade: ' + ' '.join(a['conversions']))}")
            w(f"    nation: {NATIONS[a['nation']][0]}")
            w(f"    line: {a['line']}")

    if len(L) - 1 == header:
        L[header] = L[header].replace("reinforcements:", "reinforcements: []", 1)

    # ------------------------------------------------------------ rules
    w("special_rules:")
    for r in s.get("scenario_rules", []):
        w("  - " + flow({"number": r["rule"], "text": r["text"], "line": r["line"]}))
    for x in s["rail"].get("exceptions") or []:
        w("  - " + flow({"number": None, "text": f"Rail: {x}"}))
    if s["rail"].get("lines"):
        w("  - " + flow({"number": None, "text": f"Rail lines: {s['rail']['lines']}"}))
    mob = s.get("mobilization")
    if mob:
        w("  - " + flow({"number": "6", "text": "Mobilization: " + mob["rules_text"], "line": mob["source_lines"][0]}))
        for m in mob["schedule"]:
            w("  - " + flow({"number": "6", "text": f"Mobilization completes {date_text(m['date'])} "
                             f"({m['nation']}): {m['units']}", "line": mob["source_lines"][0]}))
    for r in dur.get("supply_rpl_rules", []):
        if "items" in r:
            text = f"{r['nation']}, {r['period']}: " + "; ".join(f"{i['when']}: {i['what']}" for i in r["items"])
            ln = r["items"][0]["line"]
        elif "rotation" in r:
            text = f"{r['nation']}, {r['period']}: " + "; ".join(f"{i['when']}: {i['what']}" for i in r["rotation"])
            ln = r["rotation"][0]["line"]
        else:
            text, ln = f"{r['nation']}, {r['period']}: {r['text']}", None
        w("  - " + flow({"number": r["rule"], "text": "Supply and RPL (section 15 via 3-10): " + text,
                         **({"line": ln} if ln else {})}))
    dm = s["starting_dm"]
    w("  - " + flow({"number": dm["rule"], "text": "Duration game only: start with these DM points (starting_dm) "
                     "and continue under the Italian Front Duration Game rules, section 15 (15-8..15-11: DM "
                     "income, Shaken / Economic Collapse / Surrender thresholds).",
                     "line": rule_line(book, dm["rule"], lo, hi)}))
    vc = s["victory_conditions"]
    w("victory_conditions:")
    w("  - " + q(f"Basis: {vc['basis']}"))
    for lv in vc["levels"]:
        w("  - " + q(f"{lv['side']} {lv['level']} (000:L{lv['line']}): {lv['text']}"))
    w("starting_dm: {" + ", ".join(f"{NATIONS[k][0]}: {v}" for k, v in dm["values"].items()) + "}   # "
      f"rule {dm['rule']}, duration game only")
    (out / "scenarios" / "italian-front").mkdir(parents=True, exist_ok=True)
    (out / "scenarios" / "italian-front" / f"{sid}.yaml").write_text("\n".join(L) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
