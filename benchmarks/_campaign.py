"""The scripted campaign ``bench_check.py`` checks: the Italian Front May 1915 scenario played on
with the test-game builder (``modgen.testing.TestGame``) until the log has the steps asked for.

What the log holds, in the proportions of a game played by the rules (``bench_check.py`` prints
the mix): the tracker stepping through the sequence of play (Monthly Special Turns included) from
7 May 1915 on, past the scenario's last turn (one 5 finding) into 1916-1917; every Movement Phase
the phasing side's units away from the front drag one or two hexes out and back the next turn,
one drag taken back with Undo, a chat line; every Combat Phase most fronts (pairs of opposing
units adjacent at the set-up) fight a declared combat: ``!attack … supply <HQ> <SP>`` with the SP
taken off the HQ's ``SupplyPoints`` (19-2: ¼ SP per SP, when a supply line of at most 40 MP
joins them; otherwise an unsupplied attack or none), ``!terrain`` (one 13-3 allows), the roll,
then either ``!retreat`` (the defender retreats to the hex of best 14-8 priority, the attacker
advances) or ``!hold`` and a supplied ``!counterattack`` with its roll; the loser flips (13-20),
a reduced loser is now and then eliminated; the scenario's dated reinforcements arrive in A-H
cities; 10 SP a month to each nation's HQs (15-14, 15-20); construction markers in each Trench
Construction Initiation Phase become trenches a month later, an enemy trench entered becomes
devastation (22-10). From February 1917 (``LONG_RUN``: past the default 10,000 steps, which it
leaves as they were) a longer log keeps its fronts going: an eliminated front unit returns to its
front in its side's Replacement Phase, and a Supply Point marker stands on each HQ (18-7); the
calendar is not bounded, so 40,000 steps run on to mid-1921, past the war's end.

missing-data M4: the scenario's set-up lists break off after eight rows, so the front is filled
with the A-H pre-war garrison the scenario names as unplaced and as many Italian units mobilized
on 7 May, facing each other across the border, an HQ of each side behind them (the checker
reports each as "not in the printed list", undetermined). Deterministic (a seeded generator).
"""
from __future__ import annotations

import random

from modgen.hexgrid import Hex
from modgen.model import load_game
from modgen.model.types import GameDate
from modgen.systems.der_weltkrieg.rules.board import BoardState
from modgen.systems.der_weltkrieg.rules.combat import retreat_priority, terrain_choices
from modgen.systems.der_weltkrieg.rules.supply_lines import supply_distances
from modgen.systems.der_weltkrieg.rules.terrain import TerrainCosts
from modgen.systems.der_weltkrieg.rules.units import UnitView
from modgen.systems.der_weltkrieg.rules.zoc import enemy_zoc
from modgen.testing import TestGame

#: from this turn on the campaign keeps its fronts going (``campaign``): the default 10,000 steps
#: end in January 1917, before it
LONG_RUN = GameDate(1917, 2, 1)
BAD = {"alpine", "lake", "ocean", "prohibited"}
CHEAP = {"clear", "broken", "hilly", "suburban", "urban"}
CITIES = ["3318", "3419", "3616", "3620", "2118"]


def campaign(steps: int) -> TestGame:
    """A log of at least ``steps`` steps (it may end a few steps later, inside a combat)."""
    game = load_game("italian-front")
    sc = game.scenarios["if-1915-05"]
    t = TestGame(game, sc, setup=False)
    mapdef = game.maps["6-4"]
    counters = game.counters
    hq_sp = {}
    extra = place_garrisons(t, game, sc, mapdef, hq_sp)

    def side_of(cid):
        return game.side_of(counters[cid].nation)

    def side_ok(a, b):
        s = mapdef.hexside(a, b) if b in mapdef.hexes else None
        return s is not None and s.terrain not in BAD and mapdef.hexes[b].land

    where = {p.counter: p.hex for p in sc.setup if p.hex is not None}
    where.update(extra)
    fighters = [c for c in where if counters[c].type not in ("hq", "fortress", "eng")]
    hqs = [c for c in where if counters[c].type == "hq"]
    sp = {c: p.supply_points or 0 for p in sc.setup for c in [p.counter] if p.supply_points}
    sp.update(hq_sp)

    def nearest_hq(c):
        own = [q for q in hqs if side_of(q) == side_of(c)]
        return min(own, key=lambda q: (where[q].distance(where[c]), q)) if own else None

    def strength(c):
        f = counters[c].back if c in reduced and counters[c].back is not None else counters[c].front
        return f.strength or 0

    def occupied():
        return set(where.values())

    def enemy_adjacent(h, side):
        return any(side_of(c) != side and where[c] in h.neighbours() for c in where if c in fighters)

    # the fronts: pairs of opposing fighters adjacent at the set-up, with a retreat hex for the
    # defender two hexes from the attacker
    pairs = []
    used: set[str] = set()
    for a in fighters:
        for d in fighters:
            if a in used or d in used or side_of(a) == side_of(d):
                continue
            A, D = where[a], where[d]
            if D not in A.neighbours() or not side_ok(A, D):
                continue
            own = [where[c] for c in where if counters[c].type == "hq"
                   and side_of(c) == side_of(d)]
            retreat = sorted((r for r in D.neighbours() if r.distance(A) == 2 and side_ok(D, r)
                              and not any(where[c] == r and side_of(c) != side_of(d) for c in where)
                              and not enemy_adjacent(r, side_of(d))),
                             key=lambda r: (min((r.distance(q) for q in own), default=0), r))
            if not retreat:
                continue
            pairs.append({"att": a, "dfd": d, "D": D, "R": retreat[0], "swapped": False})
            used |= {a, d}
    # the rest move: out to a neighbour (and one more) away from the enemy in one Movement
    # Phase, back in the next
    patrol: dict[str, list] = {}
    taken = occupied()

    def cheap(a, b):
        s = mapdef.hexside(a, b) if b in mapdef.hexes else None
        return (s is not None and s.terrain in CHEAP and not s.river and not s.major_river
                and mapdef.hexes[b].land)

    def plan_patrol(c):
        h = where[c]
        side = side_of(c)
        if enemy_adjacent(h, side):
            return
        for n in h.neighbours():
            if n in taken or not cheap(h, n) or enemy_adjacent(n, side):
                continue
            path = [n]
            for m in n.neighbours():
                if m not in taken and m != h and cheap(n, m) and not enemy_adjacent(m, side):
                    path.append(m)
                    break
            taken.update(path)
            patrol[c] = {"home": h, "path": path, "out": False}
            return

    for c in fighters:
        if c not in used:
            plan_patrol(c)
    arrivals: dict = {}
    for r in sc.reinforcements:
        if r.date is not None:
            for a in r.arrivals:
                arrivals.setdefault(r.date, []).append(a.counter)
    reduced: set[str] = set()
    rng = random.Random(1915)
    construction: list = []
    mobilized = GameDate(1915, 6, 2)          # IF 6: the last Italian units mobilize
    n_undo = 0
    busy: set = set()                         # units building a trench stay put
    n_arrived = 0

    costs = TerrainCosts.from_tec(game.tables["tec"])

    def supplied(u, hq):
        """19-4: a supply line of at most 40 MP joins the unit and the HQ."""
        if hq is None:
            return False
        views = [UnitView(counters[c], side_of(c), hex=h, reduced=c in reduced, piece_id=c)
                 for c, h in where.items()]
        board = BoardState.build(mapdef, views)
        me = next(v for v in views if v.piece_id == u)
        ezoc = set(enemy_zoc(board, side_of(u)))
        return where[u] in supply_distances(board, me, where[hq], costs, ezoc=ezoc, max_mp=40)

    def retreat_hex(u, frm):
        """14-8/14-11: the retreat destination of the best priority, as the checker ranks them
        (the supply-line distance to the nearest HQ of the unit's nation)."""
        views = [UnitView(counters[c], side_of(c), hex=h, reduced=c in reduced, piece_id=c)
                 for c, h in where.items() if c != u]
        me = UnitView(counters[u], side_of(u), hex=frm, reduced=u in reduced, piece_id=u)
        board = BoardState.build(mapdef, views + [me])
        ezoc = set(enemy_zoc(board, side_of(u)))
        best_d, dist = None, {}
        for q in hqs:
            if counters[q].nation != counters[u].nation:
                continue
            dq = supply_distances(board, me, where[q], costs, ezoc=ezoc, max_mp=60)
            if frm in dq and (best_d is None or dq[frm] < best_d):
                best_d, dist = dq[frm], dq
        ranked = []
        for n in frm.neighbours():
            if not side_ok(frm, n):
                continue
            occ = [c for c, h in where.items() if h == n and c != u]
            if any(side_of(c) != side_of(u) for c in occ) or len(occ) >= 2:
                continue
            friendly = any(counters[c].type not in ("hq", "rpl") for c in occ)
            d1 = dist.get(n, best_d + 2) if best_d is not None else None
            ranked.append((retreat_priority(n in ezoc, friendly, d1, best_d), n))
        ranked = [r for r in ranked if not isinstance(r[0], frozenset)] or ranked
        ranked.sort(key=lambda r: (min(r[0]) if isinstance(r[0], frozenset) else r[0], r[1]))
        return ranked[0][1] if ranked else None

    trenches: dict = {}

    def entered(c, h):
        """22-10/22-12: an enemy trench entered becomes a Devastation marker."""
        hit = trenches.get(h)
        if hit is not None and hit[1] != side_of(c):
            t.delete(hit[0])
            t.add_marker("devastation", h)
            del trenches[h]

    def full():
        return len(t.steps) >= steps

    # from LONG_RUN on (past the end of the default 10,000-step log, whose steps stay as they
    # were), the fronts are kept going for long logs: a front unit eliminated returns to its
    # front in its side's Replacement Phase, and a Supply Point marker stands on each HQ
    returns: list = []                        # (pair, unit, hex it returns to)
    sp_marker_placed: set = set()

    while not full():
        ph = t.turns.phase(t.phase)
        side = ph.side
        date = t.date
        pid = ph.id
        if pid == "trench-initiation" and not full():
            # the Austro-Hungarians start a trench under a unit of the front
            for c in fighters:
                if side_of(c) == "central-powers" and c in patrol and not patrol[c]["out"] \
                        and counters[c].type in ("inf", "mtn") and c not in busy:
                    t.add_marker("construction", where[c])
                    construction.append((t.last_piece, where[c]))
                    busy.add(c)
                    break
        elif pid == "trench-completion":
            for piece, h in construction:
                t.delete(piece)
                t.add_marker("trench", h)
            construction.clear()
            busy.clear()
        elif pid.endswith("replacement") and date >= LONG_RUN:
            for item in list(returns):
                pr, c, h = item
                if side_of(c) != side or full() or h in occupied():
                    continue
                t.arrive(c, h)                       # back from the dead pile to its front
                where[c] = h
                returns.remove(item)
        elif pid.endswith("reinforcement"):
            for c in arrivals.get(date, []):
                if side_of(c) == side:
                    h = Hex.parse(CITIES[n_arrived % len(CITIES)])
                    n_arrived += 1
                    t.arrive(c, h)
                    where[c] = h
                    fighters.append(c)
                    plan_patrol(c)
            if date >= LONG_RUN and side not in sp_marker_placed and not full():
                for q in hqs:
                    if q in where and side_of(q) == side:
                        t.add_marker("supply-points", where[q], "2")   # 18-7: on an HQ
                sp_marker_placed.add(side)
            if date.turn == 1 and date >= GameDate(1915, 6, 1):
                # 15-14 / 15-20: 10 SP a month to each nation, to the HQ with the fewest
                own = sorted((q for q in hqs if side_of(q) == side
                              and counters[q].nation in ("austria-hungary", "italy")),
                             key=lambda q: (sp.get(q, 0), q))
                if own:
                    hq = own[0]
                    sp[hq] = min(100, sp.get(hq, 0) + 10)
                    t.set_supply_points(hq, sp[hq])
        elif pid.endswith("movement"):
            for c, pl in patrol.items():
                if side_of(c) != side or full() or c in busy:
                    continue
                if counters[c].nation == "italy" and date < mobilized:
                    continue
                if pl["out"]:
                    t.move(c, *reversed(pl["path"][:-1]), pl["home"])
                    where[c] = pl["home"]
                else:
                    t.move(c, *pl["path"])
                    where[c] = pl["path"][-1]
                pl["out"] = not pl["out"]
            if not full() and patrol:
                # a drag taken back
                c = next(iter(c for c in patrol if side_of(c) == side), None)
                if c is not None and not (counters[c].nation == "italy" and date < mobilized):
                    h = where[c]
                    wrong = h.neighbours()[n_undo % 6]
                    t.move(c, wrong if wrong in mapdef.hexes else h)
                    t.undo()
                    n_undo += 1
                    t.chat("sorry, wrong hex")
        elif pid.endswith("combat"):
            for pr in pairs:
                if full():
                    break
                att, dfd = (pr["dfd"], pr["att"]) if pr["swapped"] else (pr["att"], pr["dfd"])
                if att not in where or dfd not in where or side_of(att) != side:
                    continue
                if counters[att].nation == "italy" and date < mobilized:
                    continue
                if rng.random() < 0.3:
                    continue                     # not every front attacks every turn
                D = pr["D"]
                hq = nearest_hq(att)
                other = nearest_hq(dfd)
                need = -(-strength(att) // 4)                    # 19-2: 1/4 SP per SP
                pay = need if hq and sp.get(hq, 0) >= need and supplied(att, hq) else 0
                if not pay and rng.random() < 0.5:
                    continue                     # no SP: no attack this time
                t.declare(f"!attack {D} with {counters[att].name} supply "
                          + (f"{counters[hq].designation} {pay}" if pay else "none"))
                if pay:
                    sp[hq] -= pay
                    t.set_supply_points(hq, sp[hq])
                sides = {n: mapdef.hexside(D, n).terrain for n in D.neighbours()
                         if n in mapdef.hexes and mapdef.hexside(D, n) is not None}
                terrain = terrain_choices(D, [where[att]], sides).terrains
                if terrain:
                    t.declare(f"!terrain {D} {terrain[0]}")
                t.roll("1d6", [rng.randint(1, 6)])
                hold = rng.random() < 0.3
                if hold:
                    # the defender holds and counterattacks, paid by its HQ
                    t.declare(f"!hold {D}")
                    cneed = -(-strength(dfd) // 2)              # 19-2: 1/2 SP per SP
                    cpay = cneed if other and sp.get(other, 0) >= cneed \
                        and supplied(dfd, other) else 0
                    t.declare(f"!counterattack {D} supply "
                              + (f"{counters[other].designation} {cpay}" if cpay else "none"))
                    if cpay:
                        sp[other] -= cpay
                        t.set_supply_points(other, sp[other])
                    t.roll("1d6", [rng.randint(1, 6)])
                    loser = att
                else:
                    # the defender retreats one hex, the attacker advances into the hex
                    t.declare(f"!retreat {D}")
                    t.declare(f"!counterattack {D} none")
                    loser = dfd
                if loser not in reduced and counters[loser].back is not None:
                    t.flip(loser)                       # a loss (13-20)
                    reduced.add(loser)
                elif rng.random() < 0.015:
                    t.eliminate(loser)                  # a further loss: eliminated
                    returns.append((pr, loser, where[att]))   # (the attacker's hex: by the front)
                    where.pop(loser)
                # (a reduced unit's other losses are left: the losses required depend on the
                # placeholder CRT, undetermined)
                if not hold:
                    if dfd in where:
                        back = retreat_hex(dfd, D) or pr["R"]
                        t.move(dfd, back)
                        where[dfd] = back
                        entered(dfd, back)
                    t.move(att, D)
                    where[att] = D
                    entered(att, D)
                    pr["swapped"] = not pr["swapped"]
        if not full():
            t.next_phase()
    return t


#: missing-data M4: the A-H pre-war garrison the scenario names as still unplaced
AH_EXTRA = ["ah-inf-x-179", "ah-inf-x-183", "ah-inf-x-184", "ah-inf-x-185", "ah-inf-x-187",
            "ah-inf-x-112l", "ah-mtn-x-51m", "ah-mtn-x-52m", "ah-mtn-x-55m", "ah-mtn-x-56m",
            "ah-mtn-x-57m", "ah-mtn-x-58m", "ah-mtn-x-59m", "ah-mtn-x-60m"]


def place_garrisons(t, game, sc, mapdef, hq_sp):
    """The scenario's set-up, then the extra units in the begin state (missing-data M4): pairs
    across the A-H/Italian border, the rest in the rear, an HQ of each side. counter -> hex."""
    t.setup_scenario()
    it_extra = [c.id for c in game.counters.values() if c.nation == "italy"
                and c.type in ("inf", "mtn") and c.id not in {p.counter for p in sc.setup}
                and (c.size == "X" or any(f"-{n}" == c.id[-len(str(n)) - 1:] for n in
                                          list(range(1, 13)) + [24, 34]))]
    taken = {p.hex for p in sc.setup if p.hex is not None}
    near = set()
    for h in taken:
        near |= set(h.neighbours())
    out = {}
    border = []
    for h in sorted(mapdef.hexes):
        i = mapdef.hexes[h]
        if not i.land or i.country != "austria-hungary" or h in taken or h in near:
            continue
        for n in h.neighbours():
            j = mapdef.hexes.get(n)
            s = mapdef.hexside(h, n) if j else None
            if j and j.land and j.country == "italy" and n not in taken and n not in near \
                    and s is not None and s.terrain not in BAD:
                border.append((h, n))
                break
    ah, it = list(AH_EXTRA), list(it_extra)
    ah_placed, it_placed = [], []
    used = set()
    for h, n in border:
        if not ah or not it:
            break
        if h in used or n in used or any(x in used for x in h.neighbours() + n.neighbours()):
            continue
        a, b = ah.pop(0), it.pop(0)
        t.place(a, h)
        t.place(b, n)
        out[a], out[b] = h, n
        ah_placed.append(h)
        it_placed.append(n)
        used |= {h, n}
    # the rest in the rear of each side, one per hex, away from the enemy
    enemy_of = {"austria-hungary": it_placed + [p.hex for p in sc.setup if p.hex and
                                                 game.counters[p.counter].nation != "austria-hungary"
                                                 and game.side_of(game.counters[p.counter].nation) == "entente"],
                "italy": ah_placed + [p.hex for p in sc.setup if p.hex and
                                      game.side_of(game.counters[p.counter].nation) == "central-powers"]}
    for pool, country in ((ah, "austria-hungary"), (it[:len(ah) + 4], "italy")):
        spots = sorted((h for h in mapdef.hexes if mapdef.hexes[h].land
                        and mapdef.hexes[h].country == country and h not in taken
                        and h not in used and h not in near
                        and 3 <= min(h.distance(e) for e in enemy_of[country]) <= 6
                        and sum(1 for n in h.neighbours() if n in mapdef.hexes
                                and mapdef.hexside(h, n) is not None
                                and mapdef.hexside(h, n).terrain in CHEAP) >= 2),
                       key=lambda h: (h.col % 3, h.row % 3, h))
        for c, h in zip(pool, (h for h in spots if not any(x in used for x in h.neighbours()))):
            if h in used or any(x in used for x in h.neighbours()):
                continue
            t.place(c, h)
            out[c] = h
            used.add(h)
    # an HQ of each side behind the new stretch of front (19-4: supply lines of at most 40 MP)
    for hq, country, of in (("ah-hq-xxxx-11th", "austria-hungary", ah_placed),
                            ("it-hq-xxxx-7th", "italy", it_placed)):
        if not of:
            continue
        cx = sorted(of)[len(of) // 2]
        spot = min((h for h in mapdef.hexes if mapdef.hexes[h].land
                    and mapdef.hexes[h].country == country and h not in taken and h not in used
                    and h not in near and all(x not in used for x in h.neighbours())
                    and h.distance(cx) >= 2),
                   key=lambda h: (h.distance(cx), h))
        t.place(hq, spot, sp=10)
        out[hq] = spot
        hq_sp[hq] = 10
    return out
