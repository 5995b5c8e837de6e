"""A small Game built in code for the checker's tests (test values, not game data).

Map "6-4" columns 30-36, rows 15-24, clear hexsides; hexes of columns ≤ 33 are Italy, the rest
Austria-Hungary. Hexes 3419 and 3423 carry the scenario's garrisons (rule IF 3-4 text names them),
like the real Italian Front. The sequence of play is Standard Rule 5's. Its id is the real game's
(``italian-front``) so that the Der Weltkrieg system runs the Italian Front scenario rules on it.
"""
from __future__ import annotations

from modgen.hexgrid import Hex
from modgen.systems.der_weltkrieg.tables import Phase, SequenceOfPlay
from modgen.model.types import (Counter, Face, FortressPlacement, Game, GameDate, MarkerDef,
                                MarkerPlacement, Nation, Placement, Scenario, ScheduleEntry, Side,
                                SpecialRule)
from modgen.systems.der_weltkrieg.rules.board import make_map

SIDES = (("cp", "central-powers", "Central Powers"), ("en", "entente", "Entente"))
SEQUENCE = SequenceOfPlay(
    7,
    (Phase("trench-completion", "Trench Construction Completion Phase", None, True),
     Phase("trench-initiation", "Trench Construction Initiation Phase", None, True)),
    tuple(Phase(f"{short}-{p}", name, side, False)
          for short, side, _ in SIDES
          for p, name in (("reinforcement", "Reinforcement Arrival Phase"),
                          ("movement", "Movement Phase"), ("combat", "Combat Phase"),
                          ("replacement", "Replacement / Recombination Phase"))))

TEC = {"terrain": {"clear": 1, "broken": 1, "hilly": 1, "woods": 2, "swamp": 3, "rough": 3,
                   "wooded_rough": 4, "mountain": 6, "alpine": None, "urban": 1,
                   "suburban": "clear", "ocean": None, "lake": None},
       "river": 1, "major_river": 3, "markers": {"trench": 2, "devastation": 2}}


def counters() -> dict[str, Counter]:
    def c(cid, nation, type_, size, des, s, m, back=None):
        return Counter(cid, nation, type_, size, des, Face(s, m), back)
    cs = [
        c("it-inf-xx-1", "italy", "inf", "XX", "1", 4, 4, Face(2, 4)),
        c("it-inf-xx-2", "italy", "inf", "XX", "2", 4, 4, Face(2, 4)),
        c("it-inf-xx-3", "italy", "inf", "XX", "3", 4, 4, Face(2, 4)),
        c("it-inf-xx-4", "italy", "inf", "XX", "4", 4, 4, Face(2, 4)),
        c("it-inf-xx-5", "italy", "inf", "XX", "5", 4, 4, Face(2, 4)),
        c("it-inf-xx-6", "italy", "inf", "XX", "6", 4, 4, Face(2, 4)),
        c("it-inf-xx-7", "italy", "inf", "XX", "7", 4, 4, Face(2, 4)),
        c("it-inf-xx-9", "italy", "inf", "XX", "9", 3, 4, Face(2, 4)),
        c("ah-inf-xx-57", "austria-hungary", "inf", "XX", "57", 5, 4, Face(3, 4)),
        c("ah-inf-x-trieste", "austria-hungary", "inf", "X", "Tst", 2, 3, Face(1, 3)),
        c("ah-inf-x-112l", "austria-hungary", "inf", "X", "112L", 2, 3, Face(1, 3)),
        c("de-inf-xx-200", "germany", "inf", "XX", "200", 8, 5, Face(4, 5)),
        c("ah-fort-8", "austria-hungary", "fortress", "", "8", 8, None),
        c("it-hq-xxxx-1", "italy", "hq", "XXXX", "1", None, 4),
    ]
    return {x.id: x for x in cs}


def scenario(**over) -> Scenario:
    kw = dict(
        id="if-test", name="Test Scenario", maps=("6-4",),
        first_turn=GameDate(1915, 5, 1), last_turn=GameDate(1915, 5, 3),
        first_phase="cp-reinforcement", phasing_side="central-powers", description="test",
        setup=(Placement("it-inf-xx-1", Hex(31, 18)), Placement("it-inf-xx-2", Hex(31, 20)),
               Placement("it-inf-xx-3", Hex(30, 20), reduced=True),
               Placement("ah-inf-xx-57", Hex(35, 18)),
               Placement("ah-inf-x-trieste", Hex(34, 19)),
               Placement("ah-inf-x-112l", Hex(34, 23)),
               Placement("it-hq-xxxx-1", Hex(30, 17))),
        setup_incomplete=(),
        fortresses=(FortressPlacement("austria-hungary", 8, Hex(36, 20), "Test fort"),),
        markers=(MarkerPlacement("trench", Hex(31, 20)),),
        dead_pool=(),
        hq_supply_points={"it-hq-xxxx-1": 5},
        rail_capacities=(),
        reinforcements=(
            ScheduleEntry(GameDate(1915, 5, 2), "2 May 1915", "italy",
                          arrivals=(Placement("it-inf-xx-9", Hex(30, 16)),)),
            ScheduleEntry(GameDate(1915, 5, 2), "2 May 1915", "germany",
                          arrivals=(Placement("de-inf-xx-200", Hex(36, 16)),)),
            ScheduleEntry(GameDate(1915, 5, 2), "2 May 1915", "italy",
                          withdrawals=(Placement("it-inf-xx-2", None),)),
        ),
        special_rules=(
            SpecialRule("3-4", "The Austro-Hungarian units acting as the garrisons of Trieste "
                               "(3419), Fiume (3620), and Pola (3423) cannot move unless forced to "
                               "retreat from the hex they occupy at the start of the game."),
            SpecialRule("3-9", "before turn 6 of August 1916, no German unit may enter or attack "
                               "into Italy."),
        ),
        victory_conditions=(), starting_dm={},
    )
    kw.update(over)
    return Scenario(**kw)


def game(**scenario_over) -> Game:
    mapdef = make_map((30, 36), (15, 24), map_id="6-4",
                      hexes={f"{c:02d}{r:02d}": {"country": "italy" if c <= 33 else "austria-hungary"}
                             for c in range(30, 37) for r in range(15, 25)},
                      hexsides={"3118|3218": {"terrain": "woods", "rail": "double"},
                                "3218|3318": {"rail": "double"}, "3020|3120": {"rail": "double"},
                                "3120|3220": {"rail": "double"}, "3318|3418": {"rail": "single"},
                                "3117|3118": {"river": True}})
    nations = {
        "austria-hungary": Nation("austria-hungary", "Austria-Hungary", "central-powers", "#d8d0a0", "#000000"),
        "germany": Nation("germany", "Germany", "central-powers", "#a0a0a0", "#000000"),
        "italy": Nation("italy", "Italy", "entente", "#a0c0a0", "#000000"),
    }
    sides = (Side("central-powers", "Central Powers", ("austria-hungary", "germany")),
             Side("entente", "Entente", ("italy",)))
    sc = scenario(**scenario_over)
    markers = {"trench": MarkerDef("trench", "trench", "Trench"),
               "devastation": MarkerDef("devastation", "devastation", "Devastation")}
    return Game(id="italian-front", title="Test Front", system="der-weltkrieg", version="0.0.1",
                sides=sides, nations=nations, maps={"6-4": mapdef}, counters=counters(),
                markers=markers, scenarios={sc.id: sc}, tables={"sequence": SEQUENCE, "tec": TEC})
