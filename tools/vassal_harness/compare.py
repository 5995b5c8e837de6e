"""Compare the pieces real VASSAL placed (harness PIECE lines) with the scenario data.

usage: python3 compare.py GAME HARNESS_OUTPUT [DATA_DIR=this checkout]
GAME: italian-front | eastern-front | burning-mountains
"""
import collections
import glob
import os
import sys

import yaml

game, path = sys.argv[1], sys.argv[2]
src = sys.argv[3] if len(sys.argv) > 3 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")

pieces = collections.defaultdict(list)   # setup -> [dict]
turns = {}
boards = collections.defaultdict(list)
for line in open(path, encoding="utf-8"):
    f = line.rstrip("\n").split("\t")
    if f[0] == "PIECE":
        props = {}
        for part in f[7].split(";"):
            if ":=" in part:
                k, v = part.split(":=", 1)
                props[k] = v
        pieces[f[1]].append(dict(map=f[2], xy=f[3], loc=f[4], uid=f[5], name=f[6], props=props, layers=f[7]))
    elif f[0] == "TURNSTRING":
        turns[f[1]] = f[2]
    elif f[0] == "BOARD":
        boards[f[1]].append((f[2], f[3], f[4]))

# nation -> counter-id prefix, marker id -> label
prefix = {}
marker_label = {}
for fn in glob.glob(os.path.join(src, "counters", game, "*.yaml")):
    d = yaml.safe_load(open(fn, encoding="utf-8"))
    if "nation" in d and d.get("counters"):
        prefix[d["nation"]] = d["counters"][0]["id"].split("-")[0]
    for m in d.get("markers") or []:
        marker_label[m["id"]] = m.get("label", m["id"])


def expected_for(setup_file):
    """[(kind, key, where, extra)] where 'where' is a location name or a map test."""
    exp = []
    if game == "burning-mountains":
        for fn in sorted(glob.glob(os.path.join(src, "counters", game, "*.yaml"))):
            d = yaml.safe_load(open(fn, encoding="utf-8"))
            for c in d.get("counters") or []:
                if c.get("setup"):
                    exp.append(("unit", c["id"], str(c["setup"]), {}))
                elif c.get("arrival") is not None:
                    exp.append(("reinf", c["id"], "@Reinforcements", {}))
        return exp, None
    sid = setup_file[:-5]
    d = yaml.safe_load(open(os.path.join(src, "scenarios", game, sid + ".yaml"), encoding="utf-8"))
    for s in d.get("setup") or []:
        extra = {"SupplyPoints": str(s["supply_points"])} if "supply_points" in s else {}
        exp.append(("unit", s["counter"], str(s["hex"]), extra))
    for fo in d.get("fortresses") or []:
        exp.append(("fort", "%s-fort-%s" % (prefix.get(fo["nation"], fo["nation"][:2]), fo["size"]), str(fo["hex"]), {}))
    for m in d.get("markers") or []:
        exp.append(("marker", marker_label.get(m["marker"], m["marker"]), str(m["hex"]), {}))
    for c in d.get("dead_pool") or []:
        cid = c["counter"] if isinstance(c, dict) else c
        exp.append(("dead", cid, "@Eliminated", {}))
    named_seen = set()
    for r in d.get("reinforcements") or []:
        for a in r.get("arrivals") or []:
            if "counter" in a:
                # a named unit listed again (the Enns flotilla's second step, 18-2) is the same
                # piece; a replacement (RPL) unit gets a piece per entry
                if "-rpl-" not in a["counter"]:
                    if a["counter"] in named_seen:
                        continue
                    named_seen.add(a["counter"])
                extra = {"SupplyPoints": str(a["supply_points"])} if "supply_points" in a else {}
                exp.append(("reinf", a["counter"], "@Reinforcements", extra))
    return exp, d


def matches(p, where):
    if where.startswith("@"):
        return where[1:] in p["map"]
    return p["map"] == "Main Map" and p["loc"] == where


grand = collections.Counter()
for setup in sorted(pieces) if pieces else []:
    if setup == "after-play":
        continue
    exp, d = expected_for(setup)
    pool = list(pieces[setup])
    used = [False] * len(pool)
    res = collections.Counter()
    problems = []
    for kind, key, where, extra in exp:
        field = "name" if kind == "marker" else "uid"
        cands = [i for i, p in enumerate(pool) if not used[i] and p[field] == key]
        hit = [i for i in cands if matches(pool[i], where)]
        if hit:
            i = hit[0]
            used[i] = True
            bad = {k: (v, pool[i]["props"].get(k)) for k, v in extra.items() if pool[i]["props"].get(k) != v}
            if bad:
                res[kind + " on hex, property differs"] += 1
                problems.append("  %s %s at %s: property %s" % (kind, key, where, bad))
            else:
                res[kind + " ok"] += 1
        elif cands:
            i = cands[0]
            used[i] = True
            res[kind + " OFF"] += 1
            problems.append("  %s %s expected %s, VASSAL has %s %s (%s)" % (kind, key, where, pool[i]["map"], pool[i]["loc"], pool[i]["xy"]))
        else:
            res[kind + " MISSING"] += 1
            problems.append("  %s %s expected %s: no such piece" % (kind, key, where))
    extra_pieces = collections.Counter((p["name"], p["map"]) for i, p in enumerate(pool) if not used[i])
    print("== %s: %d pieces in VASSAL, %d expected entries" % (setup, len(pool), len(exp)))
    if d is not None:
        print("   turn: VASSAL '%s' | data first_turn '%s', first_phase '%s'" % (turns.get(setup), d.get("first_turn"), d.get("first_phase")))
        print("   maps in data: %s | boards VASSAL laid: %s" % (d.get("maps"), [b[1] for b in boards[setup] if b[0] == "Main Map"]))
    print("   " + ", ".join("%s=%d" % kv for kv in sorted(res.items())))
    for pr in problems:
        print(pr)
    if extra_pieces:
        print("   not in the set-up data: " + ", ".join("%s on %s x%d" % (n, m, c) for (n, m), c in sorted(extra_pieces.items())))
    grand.update(res)
print("TOTAL " + ", ".join("%s=%d" % kv for kv in sorted(grand.items())))
