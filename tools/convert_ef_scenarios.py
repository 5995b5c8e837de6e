#!/usr/bin/env python3
"""Converter: ../shared/data/seed-scenarios.yaml -> scenarios/eastern-front/*.yaml (kept so the
provenance of those files is reproducible; review the output by hand after running it).

    python3 tools/convert_ef_scenarios.py [--seed ../shared/data/seed-scenarios.yaml] [--out .]

Every Eastern Front entry of the seed file becomes one scenario of the game eastern-front, with:

* turns, maps (SHEET order = how the boards sit in the Main Map), parts of maps (9-1), maps no
  data covers (5-3 of The Schlieffen Plan, named as missing), combatants, rail capacities by date,
  the rail-network statements of the Gorlice-Tarnow and Brusilov rules as hex routes, off-map rail
  moves (11-12, 13-1, 14-5/19-6), named reinforcements and withdrawals, starting DM, the victory
  conditions as data (DM margins, VP ranges), and every special rule with its number and how the
  checker treats it (KIND below: checked, declaration or advisory, with the reason);
* the set-up: the rulebook prints no set-up list for any Eastern Front scenario (the grids are not
  in the text). What the text fixes is placed (the Italian Front garrisons of 17-3 in Trieste, Fiume
  and Pola; Italy's printed 5-3 units; the three Bucharest fortresses; set-up aid markers for the
  November 1914 front line and the 9-2 minimums); everything else is said to be missing, with the
  way to complete it (``modgen import-setup`` from a save made with the printed set-up card).

The judgement calls are the tables below, each with its reason.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]

NATION = {"Austria-Hungary": "austria-hungary", "Germany": "germany", "Russia": "russia", "Serbia": "serbia",
          "Montenegro": "montenegro", "Bulgaria": "bulgaria", "Ottoman Empire": "ottoman-empire",
          "Romania": "romania", "Greece": "greece", "Italy": "italy", "Great Britain": "great-britain",
          "France": "france", "Belgium": "belgium"}
CP = ("germany", "austria-hungary", "bulgaria", "ottoman-empire")
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]

#: seed id -> (our id, menu, maps in board order, first turn, last turn, first phase, why the dates)
PLAN = {
    "serbia_1914_08": ("ef-serbia-1914-08", "Scenarios", ["6-5"], None, None, None, ""),
    "serbia_1914_11": ("ef-serbia-1914-11", "Scenarios", ["6-5"], None, None, None, ""),
    "serbia_1915_10": ("ef-serbia-1915-10", "Scenarios", ["6-5"], None, None, None, ""),
    "romania_1916_08": ("ef-romania-1916-08", "Scenarios", ["6-6"], None, None, None, ""),
    "tannenberg_1914_08": ("ef-tannenberg-1914-08", "Scenarios", ["4-5"], None, None, None, ""),
    "galicia_1914_08": ("ef-galicia-1914-08", "Scenarios", ["5-5"], None, None, None,
                        "maps: printed 'Map: 4-5', but every hex the scenario names (Lublin 2803, Przemysl 3111, "
                        "Lemberg 3609, Cracow 1911, Stanislau 4013, Kowel 3601) is a 5-5 hex (11-34, the Gorlice-"
                        "Tarnow rail rules): 5-5 is meant"),
    "gorlice_tarnow_1915_05": ("ef-gorlice-tarnow-1915-05", "Scenarios", ["4-5N", "4-5", "4-5E", "5-5"], None, None,
                               None, ""),
    "brusilov_1916_wide": ("ef-brusilov-1916-06-wide", "Scenarios", ["4-5N", "4-5", "4-5E", "5-5"], None, None,
                           None, ""),
    "brusilov_1916_limited": ("ef-brusilov-1916-06-limited", "Scenarios", ["4-5", "4-5E", "5-5"], None, None, None,
                              "rules and set-up as the Wide Scope (9-2)"),
    "link_serbia_galicia": ("ef-link-serbia-galicia", "Linking games", ["5-5", "5-5S", "6-5"], "3 August 1914",
                            "4 September 1914", "cp-reinforcement",
                            "17-2: played for the length of the solitary Galicia scenario (to 4 September 1914); "
                            "the first turn is not stated: 3 August 1914, the first turn of Serbia August 1914, "
                            "whose units move first"),
    "link_serbia_tannenberg_galicia": ("ef-link-serbia-tannenberg-galicia", "Linking games",
                                       ["4-5", "5-5", "5-5S", "6-5"], None, None, None, ""),
    "link_serbia_schlieffen_tannenberg_galicia": ("ef-link-serbia-schlieffen-tannenberg-galicia", "Linking games",
                                                  ["4-5", "5-5", "5-5S", "6-5"], "1 August 1914", "7 November 1914",
                                                  "cp-reinforcement",
                                                  "the dates are not stated (19): those of Linking The Schlieffen "
                                                  "Plan, Tannenberg and Galicia (14), 1 August - 7 November 1914"),
    "link_schlieffen_tannenberg": ("ef-link-schlieffen-tannenberg", "Linking games", ["4-5"], "1 August 1914",
                                   "5 November 1914", "cp-reinforcement",
                                   "12-1: as The Schlieffen Plan (not in the source; 1 August as link 14) to the 5th "
                                   "November turn in the west; the Eastern Front (map 4-5) only to the 4th September "
                                   "turn"),
    "link_tannenberg_galicia": ("ef-link-tannenberg-galicia", "Linking games", ["4-5", "5-5"], None, None, None, ""),
    "link_schlieffen_tannenberg_galicia": ("ef-link-schlieffen-tannenberg-galicia", "Linking games", ["4-5", "5-5"],
                                           None, None, None, ""),
    "ef_duration": ("ef-duration-1914", "Duration games", ["4-5N", "4-5", "4-5E", "5-5", "5-5S", "6-5", "6-6"],
                    None, None, None, ""),
    "ef_duration_1915": ("ef-duration-1915", "Duration games", ["4-5N", "4-5", "4-5E", "5-5", "5-5S", "6-5", "6-6"],
                         None, None, None, "maps not stated: those of the East Front Duration Game"),
    "ef_duration_1916": ("ef-duration-1916", "Duration games", ["4-5N", "4-5", "4-5E", "5-5", "5-5S", "6-5", "6-6"],
                         None, None, None, "maps not stated: those of the East Front Duration Game"),
    "if_ef_linked_duration": ("ef-south-east-duration", "Duration games",
                              ["4-5N", "4-5", "4-5E", "5-5", "5-5S", "6-4", "6-5", "6-6"], None, "1 November 1918",
                              "cp-movement", "17-2: the East Front from 3 August 1914 (Central Powers Movement "
                              "Phase) to 7 October 1917, the South (Italian) front from 7 May 1915 to the end of the "
                              "Entente Movement Phase of 1 November 1918"),
}
MISSING_5_3 = {"map": "5-3", "title": "The Schlieffen Plan (the West Front, map 5-3)",
               "reason": "no rulebook of the project covers The Schlieffen Plan and no geography kit its map: "
                         "the western part of this linked game cannot be played with this module; the West "
                         "Front's rules are kept as text"}

# ------------------------------------------------------------------------- how each rule is checked
#: (seed id or "*", rule number) -> (kind, note). Unlisted numbered rules are advisory, and their
#: note says why; "after the combat engine" marks rules that need combat, supply or retreats.
COMBAT = "after the combat engine (combat, supply or retreat)"
_LANDWEHR_NOTE = ("an Austro-Hungarian HQ paying for a German Landwehr unit (the counters qualified landwehr: "
                  "the 2-4 Ldw X) in 1914 is legal; for another German unit, or from 1915, it is 19-6. The "
                  "Landwehr are infantry, whose rate (19-2) is the same for every nation: the A-H rate")
KIND = {
    ("serbia_1914_08", "3-1"): ("checked", "!attack <flotilla hex> in the Central Powers Movement Phase: the date, "
                                           "the Serbian unit in Belgrade, the flotilla's path between the two hexes "
                                           "and the result of the roll (1: flipped, or eliminated if reduced)"),
    ("serbia_1914_08", "3-2"): ("checked", "the movement part (must enter / end in an enemy ZOC if it can; the "
                                           "fewest MP is not checked: the drops do not show the path); a unit that "
                                           "did not move is undetermined (the mobilization grid is omitted); the "
                                           "5th Army's attacks: an A-H unit in an enemy ZOC that attacked nothing is "
                                           "undetermined (which units are the 5th Army's is on the set-up grid)"),
    ("serbia_1914_08", "3-3"): ("checked", "the 2nd Army units other than those listed may neither move nor attack"),
    ("serbia_1914_08", "3-4"): ("checked", "with 3-3: the 61st may move; its losses only when the other infantry "
                                           "could not take the loss required (13-24)"),
    ("serbia_1914_08", "3-5"): ("checked", "the 2nd Army HQ's supply clauses for attacks (not for its units that "
                                           "leave, except the 61st) and its transfers (!transfer, SP markers)"),
    ("serbia_1914_08", "3-6"): ("advisory", "the named units leaving by the end of their turn is checked as "
                                            "withdrawals (25-8); whether all rail capacity was used to exit is not"),
    ("serbia_1914_08", "3-7"): ("checked", ""),
    ("serbia_1914_11", "8-1"): ("checked", ""),
    ("serbia_1914_11", "8-3"): ("checked", "which Serbian units belong to the 6th Army is not printed: a unit in "
                                           "or next to any part of the front line is accepted"),
    ("serbia_1914_11", "8-4"): ("checked", ""),
    ("serbia_1914_11", "8-5"): ("advisory", "the order of setting up is not in a log that starts from a save"),
    ("serbia_1914_11", "9-2"): ("checked", ""),
    ("serbia_1915_10", "10-1"): ("checked", ""),
    ("serbia_1915_10", "10-2"): ("checked", ""),
    ("serbia_1915_10", "10-3"): ("checked", "the Serbian and Montenegrin entry into Greece; the use of Serbian rail "
                                            "capacity is declared with !rail"),
    ("serbia_1915_10", "10-4"): ("checked", "no Central Powers unit enters Greece while it is neutral; attacks "
                                            "across the border are allowed, Greek units take no part (a hex of Greek "
                                            "units only is no target)"),
    ("serbia_1915_10", "10-5"): ("declaration", "an optional rule: !optional 10-5"),
    ("romania_1916_08", "13-1"): ("checked", "the time off the map; the capacity used is declared with !rail"),
    ("romania_1916_08", "13-2"): ("checked", "the trigger, the Russian units in 2603 and the Bucharest fortresses "
                                             "removed; no Entente unit defends in their hexes afterwards"),
    ("romania_1916_08", "13-3"): ("checked", "on the first turn (the scenario's start) Central Powers ZOCs end at "
                                             "the Romanian border for movement"),
    ("gorlice_tarnow_1915_05", "3-1"): ("advisory", "duration games only (starting_dm)"),
    ("gorlice_tarnow_1915_05", "3-2"): ("checked", "the trench markers of the set-up; the HQ exceptions need the "
                                                   "units' HQs (undetermined)"),
    ("gorlice_tarnow_1915_05", "3-3"): ("checked", ""),
    ("gorlice_tarnow_1915_05", "3-4"): ("advisory", "the section 11 schedules are not in the source"),
    ("brusilov_1916_wide", "6-1"): ("advisory", "duration games only (starting_dm)"),
    ("brusilov_1916_wide", "6-2"): ("checked", "the trench markers of the set-up"),
    ("brusilov_1916_wide", "6-3"): ("checked", "the Guard infantry stays together; the cavalry until the Guard "
                                               "infantry has attacked (the combat record; some but not all "
                                               "divisions attacked: undetermined, 'made one attack' does not "
                                               "say which)"),
    ("brusilov_1916_wide", "6-4"): ("checked", "the attacking CRT result tripled in the loss check; the A-H units "
                                               "under the Sud Army HQ read from the positions at the start of the "
                                               "Russian Combat Phase (both readings of 'closest six units' and "
                                               "'closest three hexes'); after the first turn undetermined (the "
                                               "rule names no turn, its heading speaks of the start)"),
    ("brusilov_1916_wide", "6-5"): ("checked", "undetermined only: an A-H unit left on the map on the first turn "
                                               "where every hex it could enter is in a Russian ZOC (it surrenders "
                                               "if it is of the 4th Army, which the set-up grid alone says)"),
    ("brusilov_1916_wide", "6-6"): ("advisory", "the section 11 schedules are not in the source"),
    ("brusilov_1916_limited", "9-1"): ("checked", ""),
    ("brusilov_1916_limited", "9-2"): ("checked", "no unit outside the playing area"),
    ("brusilov_1916_limited", "9-3"): ("advisory", "the section 10 schedules are not in the source"),
    ("tannenberg_1914_08", "3-1"): ("declaration", "an optional rule: !optional 3-1"),
    ("tannenberg_1914_08", "3-2"): ("checked", "the points from the Russian positions at the end of 5 August and "
                                               "the units placed in 0118 on 1 September"),
    ("galicia_1914_08", "7-1"): ("advisory", "which units are under which HQ is printed on the set-up grid only"),
    ("galicia_1914_08", "7-2"): ("checked", "the HQs with hex objectives end each Movement Phase as close to them "
                                            "as they could without entering an enemy ZOC; the units under each HQ "
                                            "and the armies whose objective is an enemy ZOC are on the set-up grid "
                                            "(not checked)"),
    ("galicia_1914_08", "7-3"): ("checked", "with 7-2"),
    ("galicia_1914_08", "7-4"): ("checked", "with 7-2"),
    ("galicia_1914_08", "7-5"): ("checked", "with 7-2"),
    ("galicia_1914_08", "7-6"): ("checked", "the SP each HQ spent on attacks that turn; less than 8 is "
                                            "undetermined (whether more was possible)"),
    ("galicia_1914_08", "7-7"): ("checked", "a German unit leaving the 1st Army HQ's 4 MP supply range in a Movement "
                                            "Phase after being inside it; outside it and never inside: undetermined "
                                            "(as soon as possible)"),
    ("galicia_1914_08", "7-8"): ("checked", _LANDWEHR_NOTE),
    ("ef_duration", "11-7"): ("checked", _LANDWEHR_NOTE),
    ("ef_duration", "11-32"): ("checked", "the DM ledger gives Serbia, Montenegro and the Ottoman Empire no DM "
                                          "in this game (their items are listed at 0)"),
    ("link_tannenberg_galicia", "13-3"): ("checked", _LANDWEHR_NOTE),
    ("link_schlieffen_tannenberg_galicia", "14-6"): ("checked", _LANDWEHR_NOTE),
    ("link_serbia_tannenberg_galicia", "18-5"): ("checked", _LANDWEHR_NOTE),
    ("link_serbia_schlieffen_tannenberg_galicia", "19-9"): ("checked", _LANDWEHR_NOTE),
    ("galicia_1914_08", "7-9"): ("checked", ""),
    ("galicia_1914_08", "7-10"): ("checked", ""),
    ("*", "17-3"): ("advisory", "transfers are free"), ("*", "18-3"): ("advisory", "transfers are free"),
    ("*", "19-7"): ("advisory", "transfers are free"), ("*", "11-2"): ("advisory", "transfers are free"),
    ("*", "17-4"): ("checked", "as rail capacities (8-1, 8-2)"),
    ("if_ef_linked_duration", "17-4"): ("advisory", "a permission (trench construction rules apply: 22)"),
    ("if_ef_linked_duration", "17-5"): ("checked", "no unit enters Italy before it joins: with 17-7"),
    ("ef_duration_1916", "13-2"): ("advisory", "the Brusilov set-up lists are incomplete: complete them with "
                                               "modgen import-setup"),
    ("*", "17-5"): ("checked", ""), ("*", "18-8"): ("checked", ""), ("*", "19-13"): ("checked", ""),
    ("*", "11-10"): ("checked", ""),
    ("*", "18-2"): ("checked", ""), ("*", "19-4"): ("checked", ""), ("*", "11-6"): ("checked", ""),
    ("*", "13-2"): ("checked", ""), ("*", "14-3"): ("checked", ""),
    ("*", "18-4"): ("checked", ""), ("*", "19-8"): ("checked", ""),
    ("*", "19-5"): ("checked", ""), ("*", "14-4"): ("checked", ""),
    ("*", "19-6"): ("checked", "the time off the map (5-3 is missing: a move to or from it cannot be made)"),
    ("*", "14-5"): ("checked", "the time off the map (5-3 is missing: a move to or from it cannot be made)"),
    ("*", "11-12"): ("checked", "the time off the map; capacity used while off the map is declared with !rail"),
    ("*", "11-16"): ("checked", "an HQ or Engineer back before three full months"),
    ("*", "11-31"): ("checked", ""),
    ("*", "11-26"): ("checked", "the German divisions in the sphere at the end of every phase (11-27's count), "
                                "against 11-28..11-30 and the A-H DM"),
    ("*", "11-27"): ("checked", "with 11-26"),
    ("*", "11-28"): ("checked", "with 11-26: at most four German divisions in the sphere, on map 5-5 only, "
                                "before 250 A-H DM"),
    ("*", "11-29"): ("checked", "with 11-26: twelve more for six months from the turn after 250 A-H DM"),
    ("*", "11-30"): ("checked", "with 11-26: no limit once A-H is Shaken (11-38; raise its DM with !dm to "
                                "trigger it)"),
    ("*", "11-51"): ("checked", "Bulgarian units stay put until Bulgaria joins"),
    ("*", "11-52"): ("checked", ""),
    ("*", "11-43"): ("checked", "the Serbian regiments appear when a condition first holds (the Bulgarian entry "
                                "and the German approach from positions)"),
    ("*", "11-44"): ("checked", "in Belgrade or Nish (the only Serbian cities the rulebook names); elsewhere "
                                "undetermined"),
    ("*", "11-57"): ("checked", ""), ("*", "11-60"): ("checked", ""), ("*", "11-62"): ("checked", ""),
    ("*", "11-68"): ("checked", ""), ("*", "11-76"): ("checked", ""),
    ("*", "11-19"): ("checked", "from the HQs' SupplyPoints at each Monthly Special Turn"),
    ("*", "11-20"): ("checked", "from the HQs' SupplyPoints at each Monthly Special Turn"),
    ("*", "11-21"): ("checked", "from the HQs' SupplyPoints at each Monthly Special Turn"),
    ("*", "11-24"): ("checked", "from the HQs' SupplyPoints"),
    ("*", "17-19"): ("checked", "from the HQs' SupplyPoints at each Monthly Special Turn"),
    ("*", "17-20"): ("checked", "from the HQs' SupplyPoints at each Monthly Special Turn"),
    ("*", "11-55"): ("checked", "with !duration (A-H Shaken: duration.morale), !roll 11-55 before the die "
                               "and !joins romania: joining or Romanian units moving too early"),
    ("*", "17-6"): ("checked", "with !roll 17-6 in the Monthly Special Turn and !joins italy; Serbian supply is "
                              "not kept: a roll the -2 decides is undetermined"),
    ("*", "11-33"): ("checked", "DM income as data (duration.dm_income), with !duration"),
    ("*", "11-35"): ("checked", "the 3 DM a month as data (duration.dm_income); Russian cities yield DM only by "
                                "the urban hexsides of Warsaw, Minsk, Riga and Odessa (the DM ledger)"),
    ("*", "11-34"): ("checked", "the cities the rule lists for the 1915 and 1916 games yield no DM in the DM "
                                "ledger there"),
    ("*", "11-38"): ("checked", "thresholds as data (duration.morale; the years as 000 15-9 prints the same values)"),
    ("*", "11-40"): ("checked", "Romanian units still on the map once Romania has 250 DM"),
    ("*", "11-41"): ("checked", "Bulgarian units still on the map once Bulgaria has 50 DM"),
    ("*", "17-7"): ("checked", "no unit enters Italy before it joins"),
}
ADVISORY_DEFAULT = {
    "DM": COMBAT + " (Demoralization points)",
    "supply": COMBAT + " (supply)",
}


def q(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    s = str(value)
    if re.fullmatch(r"[A-Za-z][A-Za-z0-9 ._/()'-]*", s) and s.lower() not in (
            "yes", "no", "on", "off", "null", "true", "false", "y", "n") and not re.search(r"\s$|: | #", s):
        return s
    return json.dumps(s, ensure_ascii=False)


def yv(v) -> str:
    """A YAML flow value: mappings, lists (nested) and scalars."""
    if isinstance(v, dict):
        return flow(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(yv(x) for x in v) + "]"
    return q(v)


def flow(d: dict) -> str:
    return "{" + ", ".join(f"{q(k)}: {yv(v)}" for k, v in d.items()) + "}"


def _cond(c: dict) -> str:
    """One victory condition in flow style: ``{dm: {a: entente, b: central-powers, min: 325}}``."""
    (k, v), = c.items()
    if k == "any":
        return "{any: [" + ", ".join(_cond(x) for x in v) + "]}"
    return "{" + k + ": " + flow(v) + "}"


def date_text(d) -> str | None:
    if not d or "turn" not in d or "month" not in d:
        return None
    return f"{d['turn']} {d['month']} {d['year']}"


def nat(name: str) -> str:
    return NATION[name]


def side_of_name(name: str) -> str:
    n = name.lower()
    if n.startswith(("central", "austro", "german")):
        return "central-powers"
    return "entente"


# ------------------------------------------------------------------------- victory conditions

_NUM = r"(\d+)"


def dm_margin(text: str) -> list[list]:
    """Ranges of (Entente DM - Central Powers DM) from "X suffers A-B / N+ more Demoralization
    points than Y" (several alternatives joined by "or")."""
    out = []
    for part in re.split(r"\bor\b", text):
        m = re.search(r"(Russia|The Entente|Entente|Germany|Austria-Hungary|The Central Powers|Central Powers)\s+"
                      r"suffers?\s+(\d+)(?:-(\d+)|\+)\s+more", part)
        if not m:
            continue
        who, lo, hi = m.group(1), int(m.group(2)), m.group(3)
        hi = int(hi) if hi is not None else None
        entente_more = who in ("Russia", "The Entente", "Entente")
        out.append([lo, hi] if entente_more else [(-hi if hi is not None else None), -lo])
    return out


def vp_range(text: str) -> list[list]:
    t = text.replace("−", "-")
    lo = hi = None
    m = re.search(r"less than (-?\d+)", t)
    if m:
        hi = int(m.group(1)) - 1
    m = re.search(r"greater than or equal to (-?\d+)", t)
    if m:
        lo = int(m.group(1))
    return [[lo, hi]] if (lo is not None or hi is not None) else []


# ------------------------------------------------------------------------- per scenario

def write(seed: dict, sc: dict, out: Path, book: list[str], units: dict) -> str:
    sid, menu, maps, first, last, phase, why = PLAN[sc["id"]]
    L: list[str] = []
    w = L.append
    lo, hi = sc["source"]["lines"]
    f = sc["source"]["file"]
    w(f"# {sc['name']} -- converted from ../shared/data/seed-scenarios.yaml ({sc['id']}) by")
    w(f"# tools/convert_ef_scenarios.py, then reviewed. 'line' = line in the rulebook text {f}.")
    w(f"id: {sid}")
    w(f"name: {q(sc['name'])}")
    w(f"menu: {q(menu)}")
    w(f"rulebook: {q(f'{f}:L{lo}-{hi}')}")
    w("maps: [" + ", ".join(q(m) for m in maps) + "]   # in the order the boards sit in the Main Map")
    if why:
        w(f"# {why}")
    if "5-3" in (sc.get("maps") or []):
        w("missing_maps:")
        w("  - " + flow(MISSING_5_3))
    restr = []
    for r in sc.get("map_restrictions") or []:
        m = re.match(r"Map (\S+): only hexes numbered xx(\d+) or higher", r)
        if m:
            restr.append({"map": m.group(1), "rows_from": int(m.group(2)), "rule": "9-1", "text": r})
    if restr:
        w("map_restrictions:")
        for r in restr:
            w("  - " + flow(r))
    first_t = first or date_text(sc.get("first_turn"))
    last_t = last or date_text(sc.get("last_turn"))
    if sc["id"] == "ef_duration_1915" and not last_t:
        last_t = "7 October 1917"
    w(f"first_turn: {first_t}")
    w(f"last_turn: {last_t}")
    ph = sc.get("phasing_at_start") or {}
    if phase is None:
        phase = "entente-movement" if ph.get("side") == "Entente" and ph.get("phase") == "Movement" else (
            "cp-movement" if ph.get("phase") == "Movement" else "cp-reinforcement")
    w(f"first_phase: {phase}   # {ph.get('basis', 'not stated')}")
    w(f"phasing_side: {'entente' if phase.startswith('entente') else 'central-powers'}")
    comb = sc.get("combatants") or {}
    cp = [nat(x) for x in comb.get("central_powers", [])]
    en = [nat(x) for x in comb.get("entente", [])]
    if sc["id"].startswith("link_") and not (cp or en):
        cp, en = ["germany", "austria-hungary"], ["russia", "serbia", "montenegro"]
        if "schlieffen" in sc["id"]:
            en += ["france", "great-britain", "belgium"]
    if sc["id"] == "ef_duration":
        en.append("romania")          # joins by 11-55
    if sc["id"] in ("ef_duration_1915", "ef_duration_1916"):
        cp, en = list(CP), ["russia", "serbia", "montenegro", "romania"]
    if sc["id"] == "link_serbia_galicia":
        cp, en = ["austria-hungary", "germany"], ["russia", "serbia", "montenegro"]
    w("combatants:")
    w(f"  central-powers: [{', '.join(cp)}]")
    w(f"  entente: [{', '.join(en)}]")

    desc = (f"{sc['name']}: {first_t} to {last_t}. THE SET-UP IS INCOMPLETE: the rulebook prints no set-up "
            "list for this scenario (the set-up grid is not in the source text); only what the rules text "
            "fixes is placed. To complete it, set the pieces up in VASSAL from the printed set-up card, save, "
            f"and run: modgen import-setup SAVE --scenario {sid}")
    if "5-3" in (sc.get("maps") or []):
        desc += ". Map 5-3 (The Schlieffen Plan) is missing from this module: the West Front part is not played"
    w(f"description: {q(desc)}")
    w("setup_incomplete:")
    for g in sc.get("setup") or []:
        if g.get("omitted_in_source") or g.get("truncated"):
            note = f"{g.get('section', '')} {g.get('side', '')}".strip() + ": " + (
                g.get("truncated_note") or g.get("text") or "not transcribed in the source")
            w("  - " + q(" ".join(note.split())))
    w("  - " + q(f"How to complete it: set up the printed set-up card in VASSAL (File > New game > this scenario), "
                 f"save, then modgen import-setup SAVE --scenario {sid} writes the positions into this file."))
    setup, fortresses, markers = SETUP.get(sc["id"], ([], [], []))
    w("setup:" + ("" if setup else " []"))
    for p in setup:
        w("  - " + flow(p))
    w("fortresses:" + ("" if fortresses else " []"))
    for p in fortresses:
        w("  - " + flow(p))
    w("markers:" + ("" if markers else " []"))
    for p in markers:
        w("  - " + flow(p))
    w("dead_pool: []")

    # rail
    rail = sc.get("rail") or {}
    caps = rail.get("capacities") or []
    if isinstance(caps, dict):
        caps = []
    w("rail_capacities:" + ("" if caps or sc["id"] in RAIL_EXTRA else " []"))
    for r in caps:
        rd = {"nation": nat(r["nation"]), "divisions": r["divisions"]}
        if r.get("not_usable_until"):
            rd["not_usable_until"] = date_text(r["not_usable_until"])
        if r.get("halved_until"):
            rd["halved_until"] = date_text(r["halved_until"])
        if r.get("any_map"):
            rd["any_map"] = True
        note = "; ".join(x for x in (r.get("exception"), r.get("notes")) if x)
        if note:
            rd["note"] = note
        rd["line"] = rail.get("line")
        w("  - " + flow(rd))
    for rd in RAIL_EXTRA.get(sc["id"], []):
        w("  - " + flow(rd))
    routes = ROUTES.get(sc["id"], [])
    if routes:
        w("rail_networks:")
        for r in routes:
            w("  - " + flow(r))
    offmap = OFFMAP.get(sc["id"], [])
    if offmap:
        w("offmap_rail:")
        for r in offmap:
            w("  - " + flow(r))

    # reinforcements
    sched = SCHEDULE.get(sc["id"], [])
    if sc["id"] == "if_ef_linked_duration":
        sched = linked_schedule(sc, units)
    w("reinforcements:" + ("" if sched else " []"))
    for e in sched:
        head = {k: v for k, v in e.items() if k not in ("arrivals", "withdrawals")}
        first_key = next(iter(head))
        w(f"  - {first_key}: {q(head[first_key])}")
        for k, v in list(head.items())[1:]:
            w(f"    {k}: {q(v)}")
        for key in ("arrivals", "withdrawals"):
            if e.get(key):
                w(f"    {key}:")
                for p in e[key]:
                    w("      - " + flow(p))

    # special rules
    w("special_rules:")
    rules = list(sc.get("scenario_rules") or [])
    for x in rail.get("exceptions") or []:
        rules.append({"rule": None, "text": f"Rail: {x}", "line": rail.get("line")})
    if rail.get("lines"):
        rules.append({"rule": None, "text": f"Rail lines: {rail['lines']}", "line": rail.get("line")})
    if rail.get("note"):
        rules.append({"rule": None, "text": f"Rail: {rail['note']}"})
    mob = sc.get("mobilization")
    if mob:
        rules.append({"rule": "mobilization", "text": mob["rules_text"]})
    for r in rules:
        num = r.get("rule")
        kind, note = KIND.get((sc["id"], num)) or KIND.get(("*", num)) or ("advisory", default_note(r))
        if num is None:
            kind, note = ("advisory", "rail networks: the routes are data (rail_networks), checked with !rail"
                          if str(r["text"]).startswith("Rail") else default_note(r))
            if str(r["text"]).startswith("River Flotillas"):
                kind, note = "checked", "along the Danube, not with an enemy unit (rule data: flotillas)"
        if num == "mobilization":
            num, kind, note = None, "advisory", "the mobilization schedule is not in the source"
        d = {"number": num, "text": " ".join(str(r["text"]).split()), "kind": kind}
        if note:
            d["note"] = note
        if r.get("line"):
            d["line"] = r["line"]
        w("  - " + flow(d))

    # victory
    vc = sc.get("victory_conditions") or {}
    w("victory_conditions:")
    texts = []
    if vc.get("basis"):
        texts.append(f"Basis: {vc['basis']}")
    for x in vc.get("extra_dm") or []:
        texts.append(f"Extra DM: {x}")
    for x in vc.get("extra_notes") or []:
        texts.append(x)
    for lv in vc.get("levels") or []:
        texts.append(f"{lv['side']} {lv['level']} ({f}:L{lv['line']}): {lv['text']}")
    if vc.get("text"):
        texts.append(vc["text"])
    for x in vc.get("vp_areas") or []:
        texts.append(f"VP area {x['area']}: {x['text']}")
    if vc.get("automatic_end"):
        texts.append("Automatic end of game: " + vc["automatic_end"])
    if not texts:
        texts.append("not stated in the source")
    for t in texts:
        w("  - " + q(" ".join(t.split())))
    # the levels as data (docs/victory-conditions.md): a DM margin or a VP range where the text
    # gives one, else a condition the checker leaves to the players (manual)
    levels = vc.get("levels") or []
    if levels:
        w("victory:")
        if vc.get("basis"):
            w(f"  basis: {q(vc['basis'])}")
        everything = " ".join([vc.get("basis") or "", vc.get("text") or ""] + list(vc.get("extra_notes") or []))
        if re.search(r"do not count dm points for territory", everything, re.I):
            w("  count_city_dm: false")
        w("  levels:")
        for lv in levels:
            side = side_of_name(lv["side"])
            text = " ".join(lv["text"].split())
            conds = []
            for lo, hi in dm_margin(lv["text"]):
                # (Entente DM - Central Powers DM) in [lo, hi]
                c = {"a": "entente", "b": "central-powers"}
                if lo is not None:
                    c["min"] = lo
                if hi is not None:
                    c["max"] = hi
                conds.append({"dm": c})
            for lo, hi in (vp_range(lv["text"]) if "VP" in lv["text"] else []):
                c = {}
                if lo is not None:
                    c["min"] = lo
                if hi is not None:
                    c["max"] = hi
                conds.append({"vp": c})
            if len(conds) > 1:
                conds = [{"any": conds}]
            if not conds:
                conds = [{"manual": {"text": text}}]
            d = {"side": side, "level": lv["level"].lower(), "label": f"{lv['side']} {lv['level']}",
                 "line": lv["line"], "text": text}
            w("    - " + flow(d)[:-1] + ", conditions: [" + ", ".join(_cond(c) for c in conds) + "]}")
        if vc.get("extra_dm"):
            w("  extra_dm:")
            for x in vc["extra_dm"]:
                w("    - " + q(" ".join(x.split())))
        if vc.get("gaps"):
            w("  gaps:")
            for g in vc["gaps"]:
                w("    - " + q(g))
        if sc["id"] in SHIFTS:
            w("  shifts:")
            w("    - {nation: austria-hungary, towards: entente, before_year: 1918, per_year: 1, text: "
              + q(SHIFTS[sc["id"]]) + "}")
        if sc["id"] in VP_AREAS:
            L.extend(vp_area_lines(sc["id"], vc))
    # starting DM
    dm = (sc.get("starting_dm") or {}).get("values")
    if dm:
        w("starting_dm: {" + ", ".join(f"{nat(k)}: {v}" for k, v in dm.items()) + "}   # "
          + q((sc["starting_dm"].get("rule") or "") + ", duration game only"))
    ref = (sc.get("starting_dm") or {}).get("ref")
    if ref:
        src = {"ef_duration_1915": "gorlice_tarnow_1915_05", "ef_duration_1916": "brusilov_1916_wide"}[sc["id"]]
        vals = next(s for s in seed["scenarios"] if s["id"] == src)["starting_dm"]["values"]
        w("starting_dm: {" + ", ".join(f"{nat(k)}: {v}" for k, v in vals.items()) + "}   # " + q(ref))
    if sc["id"] in DURATION_DATA:
        L.extend(DURATION_DATA[sc["id"]].rstrip("\n").split("\n"))
    data = dict(RULE_DATA.get(sc["id"]) or {})
    if sc["id"] in NEUTRAL_AT_START:
        data["neutral"] = NEUTRAL_AT_START[sc["id"]]
    if data:
        w("rule_data:")
        for k, v in data.items():
            w(f"  {q(k)}: {yv(v)}")
    (out / "scenarios" / "eastern-front").mkdir(parents=True, exist_ok=True)
    path = out / "scenarios" / "eastern-front" / f"{sid}.yaml"
    path.write_text("\n".join(L) + "\n", encoding="utf-8")
    return f"scenarios/eastern-front/{sid}.yaml"


def default_note(r: dict) -> str:
    t = str(r.get("text", "")).lower()
    if any(w in t for w in ("demoraliz", " dm ", "dm points", "victory point")):
        return ADVISORY_DEFAULT["DM"]
    if "supply" in t:
        return ADVISORY_DEFAULT["supply"]
    if any(w in t for w in ("attack", "combat", "retreat", "loss", "surrender", "strength point")):
        return COMBAT
    return "not checked: the log does not show it, or it is a note"


# ------------------------------------------------------------------------- data the text fixes

SETUP = {
    # 17-3: the garrisons of Trieste, Fiume and Pola (112L) are in the place they garrison; 17-8: the
    # Italian army sets up per the Italian Front's 5-3 (000:L1183-1192, itself truncated after 8 rows)
    "if_ef_linked_duration": (
        [{"counter": "ah-inf-x-112l", "hex": "6-4:3423", "line": 1766, "note": "17-3: garrison of Pola"},
         {"counter": "ah-inf-x-trste", "hex": "6-4:3419", "line": 1767, "note": "17-3: garrison of Trieste"},
         {"counter": "ah-inf-x-fium", "hex": "6-4:3620", "line": 1767, "note": "17-3: garrison of Fiume"},
         {"counter": "it-inf-xx-35", "hex": "6-4:1722", "line": 1184},
         {"counter": "it-mtn-xx-5", "hex": "6-4:1722", "line": 1185},
         {"counter": "it-mtn-x-5alp", "hex": "6-4:1818", "line": 1186},
         {"counter": "it-inf-xx-6", "hex": "6-4:1820", "line": 1187},
         {"counter": "it-mtn-x-6alp", "hex": "6-4:2120", "line": 1188},
         {"counter": "it-inf-x-ancna", "hex": "6-4:2121", "line": 1189},
         {"counter": "it-hq-xxxx-1st", "hex": "6-4:2122", "supply_points": 5, "line": 1190},
         {"counter": "it-inf-xx-25", "hex": "6-4:2122", "line": 1191},
         {"counter": "it-inf-xx-30", "hex": "6-4:2122", "line": 1191}],
        [{"nation": "austria-hungary", "size": s, "hex": "6-4:" + h, **({"name": n} if n else {}), "line": 1172}
         for s, h, n in ((2, "1917", None), (2, "2019", "Riva"), (8, "2118", "Trient"), (4, "2218", None),
                         (2, "3115", None), (2, "3215", None), (16, "3423", "Pola"))]
        + [{"nation": "italy", "size": s, "hex": "6-4:" + h, **({"name": n} if n else {}), "line": 1194}
           for s, h, n in ((2, "2320", None), (2, "2419", None), (2, "2716", None), (16, "2721", "Venice"),
                           (4, "3016", None), (4, "3018", None))],
        []),
    # 13-2: Bucharest's three fortresses exist at the start (they are removed on a serious reverse);
    # their hexes are ours (the rulebook does not number them), their strength a placeholder
    "romania_1916_08": (
        [], [{"nation": "romania", "size": 3, "hex": "6-6:" + h, "name": "Bucharest", "line": 1323}
             for h in ("1517", "1516", "1616")], []),
    # 8-1 / 9-2: set-up aids, not units: the front line A-H units may occupy and the hexes the
    # Serbian player must hold with at least 2 infantry SP
    "serbia_1914_11": (
        [], [],
        [{"marker": "front-line", "hex": "6-5:" + h, "rule": "8-1", "line": 1243}
         for h in ["1606", "1507", "1407", "1308", "1207", "1108", "1008", "1009", "1110", "1210", "1211", "1112",
                   "1113", "1013", "1014", "0915", "0815", "0816", "0817", "0818", "0919", "1019", "1120"]]
        + [{"marker": "setup-minimum", "hex": "6-5:" + h, "rule": "9-2", "line": 1261}
           for h in ["1607", "1109", "1208", "1209", "1309", "1310", "1408", "1508"]]),
}

RAIL_EXTRA = {
    "link_serbia_galicia": [
        {"nation": "austria-hungary", "divisions": None, "not_usable_until": "5 August 1914",
         "halved_until": "1 September 1914",
         "note": "17-4: no A-H rail movement in the first four turns of August, halved in the 5th-7th; the "
                 "capacity itself is not stated for the link (Serbia 3, Galicia 7)", "line": 1360},
        {"nation": "serbia", "divisions": 1, "not_usable_until": "5 August 1914", "note": "as Serbia August 1914",
         "line": 1173}],
    "link_schlieffen_tannenberg": [
        {"nation": "germany", "divisions": 20, "not_usable_until": "6 August 1914", "halved_until": "1 September 1914",
         "any_map": True, "note": "12-6 (except the Schlieffen Plan's artillery rules)", "line": 2039},
        {"nation": "germany", "divisions": 15, "from": "5 September 1914", "any_map": True,
         "note": "12-8: reduced from 20 to 15 divisions on the 5th September turn", "line": 2043}],
}

_GT_ROUTES = [
    {"kind": "ends", "network": "austria-hungary", "hexes": ["5-5:3415", "5-5:4017"], "rule": "rail", "line": 1478,
     "text": "the A-H network within Austria-Hungary still inside its lines ends at 5-5 hexes 3415 and 4017"},
    {"kind": "network", "network": "russia", "hexes": ["5-5:3907", "5-5:3808", "5-5:3609"], "rule": "rail",
     "line": 1479},
    {"kind": "network", "network": "russia", "hexes": ["5-5:4409", "5-5:4209", "5-5:3808"], "rule": "rail",
     "line": 1479},
    {"kind": "network", "network": "germany", "hexes": ["5-5:1003", "5-5:1503"], "rule": "rail", "line": 1480},
    {"kind": "network", "network": "austria-hungary", "hexes": ["5-5:1610", "5-5:1909"], "rule": "rail",
     "line": 1481},
]
_BR_ROUTES = [
    {"kind": "network", "network": "russia", "hexes": ["5-5:4409", "5-5:4209"], "rule": "rail", "line": 1525},
    {"kind": "network", "network": "germany", "hexes": ["5-5:1003", "5-5:1602", "4-5:2019"], "rule": "rail",
     "line": 1526},
    {"kind": "network", "network": "germany", "hexes": ["4-5:2404", "4-5:2802", "4-5N:1412"], "rule": "rail",
     "line": 1526},
    {"kind": "network", "network": "germany", "hexes": ["4-5:2802", "4-5:3203", "4-5:3303"], "rule": "rail",
     "line": 1526},
    {"kind": "network", "network": "germany", "hexes": ["4-5:2410", "4-5:2713", "4-5:2909"], "rule": "rail",
     "line": 1526},
    {"kind": "network", "network": "germany", "hexes": ["4-5:1413", "4-5:2119", "4-5:2713"], "rule": "rail",
     "line": 1526},
    {"kind": "network", "network": "germany", "hexes": ["4-5:2119", "4-5:2618", "4-5:2914", "4-5:2713"],
     "rule": "rail", "line": 1526},
    {"kind": "network", "network": "germany", "hexes": ["4-5:2914", "4-5:3017"], "rule": "rail", "line": 1526},
    {"kind": "network", "network": "austria-hungary",
     "hexes": ["5-5:1610", "5-5:2502", "4-5:2619", "4-5:3118", "5-5:3601", "5-5:3504", "5-5:3605"], "rule": "rail",
     "line": 1527},
    {"kind": "network", "network": "austria-hungary", "hexes": ["5-5:3601", "5-5:3903"], "rule": "rail",
     "line": 1527},
]
ROUTES = {"gorlice_tarnow_1915_05": _GT_ROUTES, "brusilov_1916_wide": _BR_ROUTES,
          "brusilov_1916_limited": [r for r in _BR_ROUTES if not any(h.startswith("4-5N") for h in r["hexes"])],
          "ef_duration_1915": _GT_ROUTES, "ef_duration_1916": _BR_ROUTES}

_RU_OFFMAP = [
    {"rule": "11-12", "ends": ["4-5E", "5-5"], "turns_off_map": 2, "side": "entente", "nations": ["russia"],
     "counts_against": ["russia"], "line": 1613,
     "text": "2 turns between maps 5-5 and 4-5E, from an active Russian map-edge rail hex; entrained and counting "
             "against rail capacity while off the map"},
    {"rule": "11-12", "ends": ["5-5", "6-6"], "turns_off_map": 2, "side": "entente", "nations": ["russia"],
     "counts_against": ["russia"], "line": 1613, "text": "2 turns between maps 5-5 and 6-6"},
    {"rule": "11-12", "ends": ["4-5E", "6-6"], "turns_off_map": 4, "side": "entente", "nations": ["russia"],
     "counts_against": ["russia"], "line": 1613, "text": "4 turns between maps 4-5E and 6-6"},
]
_WEST_OFFMAP = [
    {"rule": "19-6", "ends": ["5-3:E", "4-5:W"], "turns_off_map": 1, "side": "central-powers", "nations": ["germany"],
     "counts_against": ["germany"], "line": 1424,
     "text": "an entire turn entrained off the map between German rail hexes on the east edge of 5-3 and the west "
             "edge of 4-5 or 5-5 (off on 4 September, off the map on 5 September, placed on 6 September)"},
    {"rule": "19-6", "ends": ["5-3:E", "5-5:W"], "turns_off_map": 1, "side": "central-powers", "nations": ["germany"],
     "counts_against": ["germany"], "line": 1424, "text": "as above, to or from map 5-5"},
]
OFFMAP = {
    "romania_1916_08": [
        {"rule": "13-1", "ends": ["6-6:0112", "6-6:0126"], "turns_off_map": 2, "side": "central-powers",
         "counts_against": ["austria-hungary", "bulgaria"], "line": 1317,
         "text": "2 complete turns off the map in transit, counting against A-H and Bulgarian rail capacity"},
        {"rule": "13-1", "ends": ["6-6:S", "6-6:S"], "side": "central-powers", "line": 1319,
         "text": "between the rail lines exiting the southern edge of the map (no time stated)"},
        {"rule": "13-1", "ends": ["6-6:N>18", "6-6:N>18"], "mp": 1, "side": "entente", "line": 1321,
         "text": "between the rail lines exiting the northern edge east of hexrow 18xx, paying MP as for one hex "
                 "off the map edge"}],
    "ef_duration": _RU_OFFMAP, "ef_duration_1915": _RU_OFFMAP, "ef_duration_1916": _RU_OFFMAP,
    "if_ef_linked_duration": _RU_OFFMAP,
    "link_serbia_schlieffen_tannenberg_galicia": _WEST_OFFMAP,
    "link_schlieffen_tannenberg_galicia": [dict(x, rule="14-5", line=2099) for x in _WEST_OFFMAP],
}

SCHEDULE = {
    "serbia_1914_08": [
        {"date": "5 August 1914", "nation": "austria-hungary", "section": "3-6", "line": 1197,
         "withdrawals": [{"counter": c, "line": 1197} for c in ("ah-hq-xxxx-2nd", "ah-inf-xx-17", "ah-inf-xx-23",
                                                                "ah-inf-xx-34", "ah-eng-iii-8")]},
        {"date": "7 August 1914", "nation": "austria-hungary", "section": "3-6", "line": 1199,
         "note": "if the 61st has taken losses, no other unit leaves in its stead",
         "withdrawals": [{"counter": c, "line": 1199} for c in ("ah-inf-xx-32", "ah-inf-x-61", "ah-inf-x-62",
                                                                "ah-cav-xx-10")]}],
    "galicia_1914_08": [
        {"date": "7 August 1914", "nation": "austria-hungary", "section": "7-10", "line": 2000,
         "note": "the Kov HQ is removed when the 2nd Army HQ is placed; its SP go to the 2nd",
         "arrivals": [{"counter": "ah-hq-xxxx-2nd", "location": "as printed on the reinforcement grid (not in the "
                                                                "source)", "line": 2000}],
         "withdrawals": [{"counter": "ah-hq-xxxx-kov", "line": 2000}]}],
    "tannenberg_1914_08": [
        {"when": "1 September 1914: forced by 3-2 (points at the end of 5 August), units from the pool in order",
         "nation": "germany", "section": "3-2", "line": 1924,
         "arrivals": [{"counter": c, "hex": "4-5:0118", "line": 1919}
                      for c in ("ge-inf-xx-3g", "ge-inf-xx-1gr", "ge-inf-xx-22", "ge-inf-xx-38", "ge-inf-xx-3",
                                "ge-inf-xx-4", "ge-cav-xx-8", "ge-cav-xx-4", "ge-cav-xx-5", "ge-cav-xx-6",
                                "ge-cav-xx-2", "ge-cav-xx-9", "ge-inf-x-18lw", "ge-inf-x-17le", "ge-inf-x-21lw",
                                "ge-inf-x-22lw", "ge-inf-x-23lw")]}],
    "romania_1916_08": [
        {"when": "13-2: at once when Central Powers units are inside Romania in clear hexes north of both the Danube "
                 "and the Dambovita (e.g. 1515)", "nation": "russia", "section": "13-2", "line": 1323,
         "arrivals": [{"counter": c, "hex": "6-6:2603", "line": 1323}
                      for c in ("ru-inf-xx-13", "ru-inf-xx-1rfl", "ru-inf-xx-3cr", "ru-inf-xx-67r", "ru-inf-xx-71r")]}],
}

_FRONT = ["1507", "1407", "1308", "1207", "1108", "1008", "1009", "1110", "1210", "1211", "1112", "1113", "1013",
          "1014", "0915", "0815", "0816", "0817", "0818", "0919", "1019", "1120"]
_DANUBE_CP = {"rule": "35-1", "note": "the Danube: see rules 35 and 36"}
_TRANSFER = {"sheets": ["4-5", "5-5"], "until": "1 September 1914"}
_COMBINE = {"into": "ah-inf-xx-31", "from": ["ah-inf-x-61", "ah-inf-x-62"], "when": "end of a movement phase"}
_NO_GERMANS_6_5 = {"nation": "germany", "sheet": "6-5"}
_AH_SHEETS = {"nation": "austria-hungary", "allowed": ["4-5", "5-5", "5-5S", "6-5"], "except": "siege-art"}
#: 11-35: "Russia receives DM points only for the losses of urban hexsides comprising Warsaw, Minsk,
#: Riga and Odessa" (11-34's hexes: "In the 1915 scenario ... In the 1916 scenario ...")
_RUSSIAN_CITY_DM = {"nation": "russia", "cities": ["Warsaw", "Minsk", "Riga", "Odessa"]}

#: 7-8 (Galicia) and its repeats in the linked and duration games (11-7, 13-3, 14-6, 18-5, 19-9):
#: A-H HQs may expend supply for German Landwehr units in 1914 -- the counters qualified
#: ``landwehr`` (the Tannenberg pool's "five 2-4 Ldw X", 003:L1915). A named block ``landwehr``
#: with its rule number: the numbers alone collide with other scenarios' rules (Romania's 13-3)
_LANDWEHR = {"hq": "austria-hungary", "nation": "germany", "year": 1914, "qualifier": "landwehr"}

_DURATION = {
    "11-40": {"nation": "romania", "dm": 250, "text": "Romania surrenders: every Romanian unit is removed from play (11-37)"},
    "11-41": {"nation": "bulgaria", "dm": 50, "text": "the Bulgarian forces are removed from the game"},
    "11-6": _TRANSFER,
    "11-10": {"combine": [_COMBINE, {"into": "ah-inf-xx-7", "from": ["ah-inf-x-13", "ah-inf-x-14"], "when": "any time"}]},
    "11-16": {"months": 3, "types": ["hq", "eng"]},
    "11-31": {"rivers": ["Daugava", "Dniester"], "line": "1919 border of Russia", "max_col": {"sheet": "5-5", "col": 48},
              "dniester_sheet": "6-6", "side": "central-powers"},
    "11-51": {"nation": "bulgaria", "adjacent_to": "6-5:2413", "occupies": "6-5:1607", "occupy_after": "1 April 1915",
              "at_latest": "2 October 1915"},
    "11-44": {"nation": "serbia", "cities": ["6-5:1607", "6-5:2413"]},
    "11-57": {"nation": "romania", "hex": "6-6:1901"},
    "11-60": {"nation": "ottoman-empire", "edge_rail_in": "bulgaria"},
    "11-62": {"nation": "russia", "city_or_edge_rail_in": "russia"},
    "11-68": {"nation": "germany", "city_or_edge_rail_in": "germany"},
    "11-76": {"nation": "austria-hungary", "city_or_edge_rail_in": "austria-hungary"},
    "11-19": {"nation": "germany", "limits": [["1915", 200], ["1916", 250]]},
    "11-20": {"nation": "austria-hungary", "limits": [["1915", 100], ["1916", 125]]},
    "11-21": {"nation": "russia", "limits": [["1915", 125], ["1916", 175]]},
    "11-24": {"nations": ["serbia", "bulgaria", "romania"], "per_hq": 25},
    # 11-32: who accumulates DM (the 1915 and 1916 games continue the 1914 game's section 11, as
    # 11-34 and 11-35 show)
    "11-32": {"nations": ["austria-hungary", "germany", "russia", "romania", "bulgaria"],
              "none": ["serbia", "montenegro", "ottoman-empire"]},
}
#: 11-26..11-30 (the East Front Duration Game: the 1914 game lists them): the A-H sphere of
#: influence and the German divisions allowed in it
_SPHERE = {"nation": "austria-hungary", "guest": "germany",
           "countries": ["austria-hungary", "serbia", "romania", "albania"],
           "rail_network": "austria-hungary", "rail_range": 2,
           "free_types": ["hq", "art", "siege-art", "eng"],
           "exchanged": 4, "exchanged_sheet": "5-5", "dm": 250, "extra": 12, "months": 6}
RULE_DATA = {
    "serbia_1914_08": {
        "3-2": {"nation": "austria-hungary", "enter_ezoc": "3 August 1914", "end_in_ezoc": "4 August 1914"},
        "3-3": {"nation": "austria-hungary", "army": ["ah-hq-xxxx-2nd", "ah-inf-xx-17", "ah-inf-xx-23", "ah-inf-xx-29",
                                                      "ah-inf-xx-32", "ah-inf-xx-34", "ah-inf-x-14", "ah-inf-x-107l",
                                                      "ah-inf-x-61", "ah-inf-x-62", "ah-cav-xx-10", "ah-eng-iii-8"],
                "free": ["ah-inf-xx-29", "ah-inf-x-14", "ah-inf-x-107l", "ah-cav-xx-10", "ah-inf-x-61"],
                "sheet": "6-5"},
        "3-7": {"before": "7 August 1914", "nation": "serbia"},
        "3-1": {"from": "1 September 1914", "belgrade": "6-5:1607", "between": ["6-5:1606", "6-5:1707"],
                "nation": "serbia"},
        "3-4": {"unit": "ah-inf-x-61"},
        "3-5": {"hq": "ah-hq-xxxx-2nd", "army": ["ah-inf-xx-17", "ah-inf-xx-23", "ah-inf-xx-29", "ah-inf-xx-32",
                                                 "ah-inf-xx-34", "ah-inf-x-14", "ah-inf-x-107l", "ah-inf-x-61",
                                                 "ah-inf-x-62", "ah-cav-xx-10", "ah-eng-iii-8"],
                "except": ["ah-inf-x-61"]},
    },
    "serbia_1914_11": {
        "8-1": {"start": "6-5:2405", "danube_to": "6-5:1606", "hexes": ["6-5:" + h for h in _FRONT],
                "rear": "6-5:1204", "side": "central-powers"},
        "8-3": {"nation": "serbia", "segments": [["6-5:1507", "6-5:1008"], ["6-5:1009", "6-5:1113"],
                                                 ["6-5:1013", "6-5:1120"]],
                "exempt_types": ["hq", "cav", "flotilla"]},
        "8-4": {"nation": "montenegro", "north_limit_row": 15, "north_limit": "6-5:1115"},
        "9-2": {"nation": "serbia", "min_hexes": ["6-5:" + h for h in ("1109", "1208", "1209", "1309", "1310", "1408",
                                                                        "1508")],
                "min_sp": 2, "belgrade": "6-5:1607", "belgrade_sp": 2, "south_of": "6-5:1311", "south_sp": 8,
                "danube_east_sp": 2},
        "flotillas": {"on": "Danube", "not_with_enemy": True},
    },
    "serbia_1915_10": {
        "10-1": {"country": "albania", "side": "central-powers", "allowed": ["serbia", "montenegro"]},
        "10-2": {"nation": "germany", "sp": 12, "dates": ["3 November 1915", "4 November 1915", "5 November 1915"]},
        "10-3": {"country": "greece", "nations": ["serbia", "montenegro"], "after": ["great-britain", "france"],
                 "port": "6-5:3327"},
        "10-4": {"country": "greece", "side": "central-powers"},
        "hq_supply_points": {"nation": "serbia", "total": 23, "line": 1270},
    },
    "romania_1916_08": {
        "13-2": {"country": "romania", "side": "central-powers", "rivers": ["Danube", "Dambovita"], "terrain": "clear",
                 "example": "6-6:1515", "arrival": "6-6:2603",
                 "units": ["ru-inf-xx-13", "ru-inf-xx-1rfl", "ru-inf-xx-3cr", "ru-inf-xx-67r", "ru-inf-xx-71r"],
                 "forts": ["6-6:1517", "6-6:1516", "6-6:1616"]},
        "13-3": {"country": "romania", "side": "central-powers"},
    },
    "gorlice_tarnow_1915_05": {
        "3-2": {"trench_marker": "trench", "adjacent": 1},
        "3-3": {"novogeorgievsk": "4-5:1918", "warsaw": "4-5:2119",
                "lines": [["4-5:2119", "4-5:2713"], ["4-5:2119", "4-5:2618"], ["4-5:2119", "5-5:2802"]],
                "forts_at": ["4-5:2119", "4-5:2019"]},
    },
    "brusilov_1916_wide": {
        "6-2": {"trench_marker": "trench", "adjacent": 2},
        "6-4": {"attacker": "russia", "defender": "austria-hungary", "factor": 3,
                "artillery": ["art", "siege-art"], "exempt_hq": "ge-hq-xxxx-sud", "units": 6, "hexes": 3},
        "6-5": {"nation": "austria-hungary", "army": "4th", "enemy": "russia"},
        "6-3": {"infantry": ["ru-inf-xx-1g", "ru-inf-xx-2g", "ru-inf-xx-3g", "ru-inf-xx-grfl"],
                "cavalry": ["ru-cav-xx-1g", "ru-cav-xx-2g", "ru-cav-xx-3gk"], "near": "4-5E:0811"},
    },
    "brusilov_1916_limited": {
        "6-2": {"trench_marker": "trench", "adjacent": 2},
        "6-3": {"infantry": ["ru-inf-xx-1g", "ru-inf-xx-2g", "ru-inf-xx-3g", "ru-inf-xx-grfl"],
                "cavalry": ["ru-cav-xx-1g", "ru-cav-xx-2g", "ru-cav-xx-3gk"], "near": "4-5E:0811"},
    },
    "tannenberg_1914_08": {
        "3-2": {"konigsberg": "4-5:1506", "score_at_end_of": "5 August 1914", "arrive": "1 September 1914",
                "hex": "4-5:0118", "points": [[7, 5], [8, 3], [9, 2], [10, 1]], "brigade_factor": 0.5,
                "table": [[0, 19, []], [20, 22, ["cav"]], [23, 26, ["inf8"]], [27, 30, ["inf8", "cav"]],
                          [31, 33, ["inf8", "inf8-half", "cav"]], [34, 36, ["inf8", "inf8", "cav"]],
                          [37, 40, ["inf8", "inf8", "inf8", "cav"]], [41, 43, ["inf9", "inf8", "inf8", "inf8-half", "cav"]],
                          [44, 46, ["inf9", "inf8", "inf8", "inf8", "cav"]],
                          [47, 50, ["inf9", "inf8", "inf8", "inf8", "inf8", "cav"]],
                          [51, 53, ["inf9", "inf8", "inf8", "inf8", "inf8", "cav", "cav"]],
                          [54, 56, ["inf9", "inf8", "inf8", "inf8", "inf8", "inf8", "cav", "cav"]],
                          [57, 60, ["inf9", "inf8", "inf8", "inf8", "inf8", "inf8", "cav", "cav", "cav", "cav", "cav",
                                    "cav"]],
                          [61, None, ["inf9", "inf8", "inf8", "inf8", "inf8", "inf8", "ldw", "ldw", "ldw", "ldw", "ldw",
                                      "cav", "cav", "cav", "cav", "cav", "cav"]]],
                "pool": {"inf9": ["ge-inf-xx-3g"],
                         "inf8": ["ge-inf-xx-1gr", "ge-inf-xx-22", "ge-inf-xx-38", "ge-inf-xx-3", "ge-inf-xx-4"],
                         "cav": ["ge-cav-xx-8", "ge-cav-xx-4", "ge-cav-xx-5", "ge-cav-xx-6", "ge-cav-xx-2", "ge-cav-xx-9"],
                         "ldw": ["ge-inf-x-18lw", "ge-inf-x-17le", "ge-inf-x-21lw", "ge-inf-x-22lw", "ge-inf-x-23lw"]}},
    },
    "galicia_1914_08": {
        "7-2": {"objectives": {"ah-hq-xxxx-1st": ["5-5:2803"], "ah-hq-xxxx-4th": ["5-5:3203", "5-5:3601"],
                               "ru-hq-xxxx-3rd": ["5-5:3609"], "ru-hq-xxxx-4th": ["5-5:3111", "5-5:1911"],
                               "ru-hq-xxxx-5th": ["5-5:3111"], "ru-hq-xxxx-8th": ["5-5:3609", "5-5:4013"],
                               "ru-hq-xxxx-9th": ["5-5:3111", "5-5:1911"]},
                "ezoc": ["ah-hq-xxxx-3rd", "ah-hq-xxxx-kov", "ah-hq-xxxx-2nd"], "until": "4 September 1914"},
        "7-9": {"hexes": ["5-5:3111"], "nation": "austria-hungary", "size": "X"},
        "7-10": {"arrive": "ah-hq-xxxx-2nd", "remove": "ah-hq-xxxx-kov", "date": "7 August 1914"},
        "7-6": {"sp": 8, "turns": {"6 August 1914": ["ah-hq-xxxx-1st", "ah-hq-xxxx-4th"],
                                   "7 August 1914": ["ah-hq-xxxx-1st", "ah-hq-xxxx-4th", "ah-hq-xxxx-3rd"]}},
        "7-7": {"hq": "ah-hq-xxxx-1st", "nation": "germany", "mp": 4},
        "landwehr": dict(_LANDWEHR, rule="7-8"),
    },
    "link_serbia_galicia": {"17-5": _COMBINE},
    "link_serbia_tannenberg_galicia": {"18-2": _TRANSFER, "18-4": _NO_GERMANS_6_5, "18-8": _COMBINE,
                                       "landwehr": dict(_LANDWEHR, rule="18-5")},
    "link_serbia_schlieffen_tannenberg_galicia": {"19-4": _TRANSFER, "19-5": _AH_SHEETS, "19-8": _NO_GERMANS_6_5,
                                                  "19-13": _COMBINE, "landwehr": dict(_LANDWEHR, rule="19-9")},
    "link_tannenberg_galicia": {"13-2": _TRANSFER, "landwehr": dict(_LANDWEHR, rule="13-3")},
    "link_schlieffen_tannenberg_galicia": {"14-3": {"sheets": ["4-5", "5-5"], "until": "1 September 1914"},
                                           "14-4": {"nation": "austria-hungary", "allowed": ["4-5", "5-5"],
                                                    "except": "siege-art"},
                                           "landwehr": dict(_LANDWEHR, rule="14-6")},
    "ef_duration": {**_DURATION, "11-35": _RUSSIAN_CITY_DM, "11-26": _SPHERE, "landwehr": dict(_LANDWEHR, rule="11-7")},
    "ef_duration_1915": {**_DURATION, "11-35": _RUSSIAN_CITY_DM,
                         "11-34": {"hexes": ["4-5:1611", "5-5:2203", "5-5:2106"]}},
    "ef_duration_1916": {**_DURATION, "11-35": _RUSSIAN_CITY_DM,
                         "11-34": {"hexes": ["4-5:1611", "5-5:2311", "5-5:3111", "5-5:3509", "5-5:3609",
                                             "5-5:4013"]}},
    "if_ef_linked_duration": {"17-7": {"country": "italy", "nation": "italy"},
                              "17-19": {"nation": "austria-hungary", "limits": [["1915", 140], ["1916", 165]],
                                        "note": "100 during 1915 before Italy enters"},
                              "17-20": {"nation": "germany", "limits": [["1915", 200], ["1916", 250]]},
                              "11-31": _DURATION["11-31"]},
}


#: national morale and DM income of the duration games (``duration:``, docs/victory-conditions.md)
_AH_MORALE_YEARS = """      by_year:
        1914: {economic_collapse: 375, surrender: 450}
        1915: {economic_collapse: 525, surrender: 600}
        1916: {economic_collapse: 600, surrender: 700}
        1917: {economic_collapse: 700, surrender: 800}
"""
_EF_DURATION = ("""duration:
  morale:
    - rule: "11-38"
      nation: austria-hungary
      shaken: 550
      line: 1677
""" + _AH_MORALE_YEARS + """      note: "11-38 prints Shaken at 550 and the Economic Collapse values 375, 525, 600, 700 and Surrender values 450, 600, 700, 800, but its text layer loses which year each belongs to (003:L1681, missing-data M7); 000 15-9 (L1556-1561) prints the same values in that order for 1914-1917: paired as there. Russia (11-39: Shaken 600) is not tracked: its Economic Collapse and Surrender values have no year in the source (M7)."
  dm_income:
    - {nation: austria-hungary, dm: 3, rule: "11-33", from: "Special January 1915", line: 1665, note: "lack of imported food"}
    - {nation: austria-hungary, dm: 5, rule: "11-33", from: "Special May 1915", line: 1665, note: "losses on the Italian Front"}
    - {nation: russia, dm: 3, rule: "11-35", from: "Special November 1914", line: 1669, note: "losses on the Caucasus front (3 DM per month)"}
""")
DURATION_DATA = {
    "ef_duration": _EF_DURATION, "ef_duration_1915": _EF_DURATION, "ef_duration_1916": _EF_DURATION,
    "if_ef_linked_duration": """duration:
  morale:
    - rule: "15-9"
      nation: austria-hungary
      shaken: 550
      line: 1554
""" + _AH_MORALE_YEARS + """        1918: {economic_collapse: 775, surrender: 900}
      note: "000 15-9 (L1554-1561), the same table as 003 11-38; Russia (003 11-39: Shaken 600) is not tracked: its Economic Collapse and Surrender values have no year in the source (missing-data M7)."
    - rule: "15-10"
      nation: italy
      shaken: 300
      line: 1565
      by_year:
        1914: {economic_collapse: 275, surrender: 300}
        1915: {economic_collapse: 275, surrender: 300}
        1916: {economic_collapse: 350, surrender: 400}
        1917: {economic_collapse: 400, surrender: 450}
        1918: {economic_collapse: 450, surrender: 500}
      note: "000 15-10 (L1565-1572), the Italian Front Duration Game's, whose rules the linked game keeps (17: 'The rules for each scenario are still in force'; 17-2: the Southern Front is played 'until Italy or Austria-Hungary surrenders'); VP area 7 times Italy's surrender on it."
""",
}

#: the Victory Point schedule of the duration games as data (``victory.vp_areas``,
#: docs/victory-conditions.md): seed id -> area -> (line, how the checker finds its VP, note). The
#: text is the seed's. 003's areas are numbered 1-5 then 1 again (the seed numbers the last 6).
#: The 1915 and 1916 East Front Duration Games (003 sections 12, 13) print no victory conditions of
#: their own and are not given this schedule: areas 1, 2 and 5 time events of 1914-1916 the games
#: start after (their starting DM put Russia past Shaken, 6-1), and the text does not say it applies.
_BANDS_SERBIA = [("..1914-09", 0), ("1914-10", 1), ("1914-11..1914-12", 2), ("1915-H1", 3),
                 ("1915-H2", 4), ("1916..", 5)]
_BANDS_AH = [("1914..1915-H1", 5), ("1915-H2", 4), ("1916-H1", 3), ("1916-H2", 2), ("1917", 1)]
_BANDS_RUSSIA = [(f"{y}-Q{q}", -(17 - i)) for i, (y, q) in enumerate(
    [(1914, 3), (1914, 4)] + [(y, q) for y in (1915, 1916) for q in (1, 2, 3, 4)] + [(1917, 1), (1917, 2)])]
_RUSSIA_THRESHOLDS = {"shaken": [600], "economic-collapse": [800, 850, 900, 950],
                      "surrender": [950, 1000, 1050, 1100]}
_RUSSIA_NOTE = ("11-39 prints Shaken at 600 and the Economic Collapse (800, 850, 900, 950) and Surrender "
                "(950, 1000, 1050, 1100) values without their years (003:L1681, M7): a state is possibly "
                "reached from the least value, certainly from the greatest, and its VP are the range between")
_AREA_1 = "the Russians' points by {rule}, divided by 15 and rounded to the nearest integer: {why}"
VP_AREAS = {
    "ef_duration": {
        1: (1814, {"declared": _AREA_1.format(rule="rule 33-20", why="33-20 is a rule of The Schlieffen "
                                              "Plan, whose map 5-3 and rules are not in the source")}, ""),
        2: (1815, {"removed": {"nation": "serbia"}, "bands": _BANDS_SERBIA, "never": 5},
            "the time all Serbian units leave the map (11-49 removes them from play when the Central "
            "Powers control every Serbian city); never removed: held out until 1916 or later, 5 VP"),
        3: (1816, {"declared": "the turn German forces beyond the four-division exchange first cross into "
                               "the Austro-Hungarian Sphere of Influence (11-26..11-30): the log does not "
                               "show the exchange"}, ""),
        4: (1817, {"dm": {"nation": "germany", "per": 50}}, ""),
        5: (1818, {"morale": {"nation": "austria-hungary", "states": ["shaken", "economic-collapse"]},
                   "bands": _BANDS_AH, "never": 0},
            "003 prints '1 VP is awarded if the change happens in 1916', which its 3 VP and 2 VP already "
            "cover; 000 (the same schedule, L1922) prints 1917: read as 1917. Each state gives its VP "
            "(the example: 4 VP for Shaken and 3 more for Economic Collapse)"),
        6: (1822, {"morale": {"nation": "russia", "states": ["shaken", "economic-collapse", "surrender"],
                              "thresholds": _RUSSIA_THRESHOLDS},
                   "bands": _BANDS_RUSSIA + [("1917-Q3", -5), ("1917-Q4", -4)], "never": 0},
            _RUSSIA_NOTE + "; 3Q 1917 -5 and 4Q 1917 -4 are printed at the very end of the file "
            "(L2149-2150), detached from the table"),
    },
    "if_ef_linked_duration": {
        1: (1918, {"declared": _AREA_1.format(rule="Tannenberg and Galicia rulebook section 3-2", why=(
            "the 3-2 points of the end of 5 August 1914, which the log does not give this game"))}, ""),
        2: (1919, {"removed": {"nation": "serbia"}, "bands": _BANDS_SERBIA, "never": 5},
            "the time all Serbian units leave the map; never removed: held out until 1916 or later, 5 VP"),
        3: (1920, {"declared": "the turn German forces beyond the four-division exchange first cross into "
                               "the Austro-Hungarian Sphere of Influence: the log does not show the "
                               "exchange"}, ""),
        4: (1921, {"dm": {"nation": "germany", "per": 50}}, ""),
        5: (1922, {"morale": {"nation": "austria-hungary", "states": ["shaken", "economic-collapse"]},
                   "bands": _BANDS_AH, "never": 0},
            "each state gives its VP (the example, L1924: 4 VP for Shaken and 3 more for Economic Collapse); "
            "no VP are printed for 1918"),
        6: (1926, {"morale": {"nation": "russia", "states": ["shaken", "economic-collapse", "surrender"],
                              "thresholds": _RUSSIA_THRESHOLDS},
                   "bands": _BANDS_RUSSIA, "never": 0},
            _RUSSIA_NOTE + "; 000's table ends at 2Q 1917 (003 adds 3Q 1917 -5 and 4Q 1917 -4 at its "
            "very end): a later state is undetermined"),
        7: (1942, {"morale": {"nation": "italy", "states": ["surrender"]},
                   "bands": [("1915", -7), ("1916", -5), ("1917", -3), ("1918", -2)], "never": 0},
            "Italy surrenders at its 15-10 threshold (duration.morale)"),
    },
}

#: the automatic end of game's level shift (WE-SC-06; 003:L1846, 000:L1953)
SHIFTS = {
    "ef_duration": "shifted 1 to the favor of the Entente for each year prior to 1918 (003:L1846)",
    "if_ef_linked_duration": "shifted 1 to the favor of the Entente for each year prior to 1918 (000:L1953)",
}


def vp_area_lines(sid: str, vc: dict) -> list[str]:
    out = ["  vp_areas:"]
    texts = {x["area"]: x["text"] for x in vc.get("vp_areas") or []}
    for n, (line, how, note) in VP_AREAS[sid].items():
        out.append(f"    - area: {n}")
        out.append(f"      line: {line}")
        out.append(f"      text: {q(' '.join(texts[n].split()))}")
        for k, v in how.items():
            if k == "bands":
                out.append("      bands: [" + ", ".join(f"{{when: {q(w)}, vp: {vp}}}" for w, vp in v) + "]")
            elif isinstance(v, dict):
                out.append(f"      {k}: {flow(v)}")
            else:
                out.append(f"      {k}: {q(v) if isinstance(v, str) else v}")
        if note:
            out.append(f"      note: {q(note)}")
    return out


#: combatants of a duration game that are neutral at its start and join by a rule: 11-51 (Bulgaria,
#: by position or on 2 October 1915), 11-55 (Romania, a die roll after A-H is Shaken), 17-6 (Italy,
#: a die roll on the A-H DM); ``!joins <nation>`` declares an entry the log cannot show
NEUTRAL_AT_START = {
    "ef_duration": {"nations": ["bulgaria", "romania"], "joins_by": {"bulgaria": "11-51", "romania": "11-55"}},
    "ef_duration_1915": {"nations": ["bulgaria", "romania"], "joins_by": {"bulgaria": "11-51", "romania": "11-55"}},
    "ef_duration_1916": {"nations": ["romania"], "joins_by": {"romania": "11-55"}},
    "if_ef_linked_duration": {"nations": ["bulgaria", "romania", "italy"],
                              "joins_by": {"bulgaria": "11-51", "romania": "11-55", "italy": "17-6"}},
}


def linked_schedule(sc: dict, units: dict) -> list[dict]:
    """18-2 (000:L1961-1984): the A-H East Front reinforcements of 1914, with their hexes."""
    out = []
    seen: set[str] = set()
    for e in sc["reinforcements"]["schedule"]:
        if e.get("nation") != "Austria-Hungary" or not e.get("date"):
            continue
        arrivals = []
        for u in e.get("arrivals") or []:
            cids = []
            if u.get("rpl"):
                s = u["strength"]
                qual = (u.get("qualifiers") or [""])[0]
                cids = [{"4": "ah-inf-xx-rpl-4", "3": "ah-inf-xx-rpl-3"}.get(str(s))
                        or {"Pol": "ah-inf-xx-rpl-2-polish", "Cz": "ah-inf-xx-rpl-2-czech"}.get(qual)]
            elif "Flot" in u.get("type", ""):
                cids = ["ah-flotilla-enns"]
            elif "type" not in u or "size" not in u:
                continue                  # supply points ("10 Supply Points"), not a unit
            else:
                t = {"Inf": "inf", "Mtn": "mtn", "Eng": "eng"}.get(u["type"])
                for d in u.get("designations", []):
                    cid = f"ah-{t}-{u['size'].lower()}-{d.lower()}"
                    cids.append(cid if cid in units else None)
            for cid in cids:
                if cid is None:
                    continue
                p = {"counter": cid}
                if cid in seen and cid == "ah-flotilla-enns":
                    # 4 October 1914 (000:L1974): not a second flotilla but its second step, "to
                    # bring the existing understrength Enns counter to full strength, or to bring
                    # an eliminated 3-R* Enns back from the dead pile": it is placed nowhere new
                    p["location"] = ("where the Enns stands (or from the dead pile): the second "
                                     "step of the flotilla that arrived at 6-5:1204 (18-2)")
                elif u.get("hex"):
                    p["hex"] = f"{u.get('map', '5-5')}:{u['hex']}"
                else:
                    p["location"] = ("map 6-5" if u.get("map") == "6-5" else
                                     "map 5-5 (18-2: 1914 reinforcements are for the Eastern Front unless designated)")
                if u.get("reduced_marker") and cid not in seen:
                    p["reduced"] = True
                p["line"] = e["line"]
                seen.add(cid)
                arrivals.append(p)
        if arrivals:
            out.append({"date": date_text(e["date"]), "nation": "austria-hungary", "section": "18-2",
                        "line": e["line"], "arrivals": arrivals})
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", default=str(ROOT.parent / "shared" / "data" / "seed-scenarios.yaml"))
    ap.add_argument("--rulebook", default=str(ROOT.parent / "shared" / "seeds" / "003_9d835eee5fbff493.txt"))
    ap.add_argument("--out", default=str(ROOT))
    args = ap.parse_args(argv)
    seed = yaml.safe_load(Path(args.seed).read_text(encoding="utf-8"))
    book = Path(args.rulebook).read_text(encoding="utf-8").splitlines()
    units = set()
    for p in sorted((ROOT / "counters").rglob("*.yaml")):
        d = yaml.safe_load(p.read_text(encoding="utf-8"))
        units.update(c["id"] for c in d.get("counters") or [])
    out = Path(args.out)
    written = []
    for sc in seed["scenarios"]:
        if sc["id"] in PLAN:
            written.append(write(seed, sc, out, book, units))
    print("\n".join(f"  - {w}" for w in sorted(written)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
