"""The Burning Mountains module: what this system's VASSAL module has beyond the common
components, as the parts the module writer asks for (``System.module`` → :func:`extras`):

* the turn tracker GT 1-14 > A-H / Italian player turn > Supply, Reinforcement, Movement, Combat
  (3.1), set by the set-up to the A-H Combat Phase of GT 1 (1.1, 12.4) (here, with its ``TURN``
  state);
* the dice: ``Combat`` rolls 3d6, reported in the order rolled: dice 1+2 the CRT pair, die 3 the
  TdP die (8.3, 8.5); ``2d6`` (15.2) and ``1d6`` (15.1) (here);
* the pieces (``pieces.py``): two-step units with a ``Step`` layer, artillery with a ``Moved``
  layer, two-sided markers with a ``Side`` layer;
* the Tracks board and the reinforcement pools by GT (``boards.py``), the one predefined set-up
  (``setup.py``), the charts with their placeholder notices and the help page (``charts.py``);
* the map and counter art (``art.py``, ``art_counters.py``, ``System.art``).
"""
from __future__ import annotations

from ...model.types import Game
from ...system import ModuleExtras, TurnLevel, TurnTracker
from ...vassal.sequence import SequenceEncoder

MAIN_MAP = "Main Map"
ELIMINATED = "Eliminated"
TRACKS = "Tracks"
TRACKER_ID = "TurnTracker0"
PHASE_NAMES = {"supply": "Supply Phase", "reinforcement": "Reinforcement Phase", "movement": "Movement Phase",
               "combat": "Combat Phase"}
COMBAT_DICE = "Combat"
# DiceButton (3.6+) sets $result1$..$resultN$ for the report only, in the order rolled (no
# sortDice): VASSAL's dice have no colour, so the report names the dice by place: the first two
# play the rulebook's two same-coloured dice (the CRT roll, 8.3), the third the odd one (TdP, 8.5)
COMBAT_REPORT = ("** Combat 3d6: CRT (dice 1+2) $result1$ + $result2$, TdP (die 3) $result3$ "
                 "*** &lt;$PlayerName$&gt;")
DICE_REPORT = "** $name$ = $result$ *** &lt;$PlayerName$&gt;"
UNIT_PROPERTIES = ("UnitId", "Nation", "Side", "NationName", "SideName", "Type", "Size", "Designation",
                   "Corps", "Attack", "Defence", "MA", "AV", "ReducedAttack", "ReducedDefence", "Steps",
                   "SetupHex", "ArrivalGT")
FLIP_REPORT = "$oldPieceName$ flipped to $newPieceName$ in $location$ by $PlayerName$ ($PlayerSide$) *"
ELIMINATE_REPORT = "$oldPieceName$ eliminated in $oldLocationName$ by $PlayerName$ ($PlayerSide$) *"
BOX = 48
FIRST_PIECE_ID = 1_000_001
PALETTE_TYPES = ("inf", "mtn", "art", "heavy-art", "fortress")      # the palette's order of types


def pool_name(side_name: str) -> str:
    return f"{side_name} Reinforcements"



# --------------------------------------------------------------------------- turn tracker

def tracker_levels(game: Game) -> list[dict]:
    seq = game.tables["sequence"]
    side_names = [next(s.name for s in game.sides if s.id == sid) for sid in seq.player_turns]
    phase = {"kind": "ListTurnLevel", "attrs": {"name": "Phase", "property": "Phase",
                                               "list": ",".join(PHASE_NAMES[p.id] for p in seq.phases)},
             "children": []}
    player = {"kind": "ListTurnLevel", "attrs": {"name": "Player Turn", "property": "PlayerTurn",
                                                "list": ",".join(side_names)}, "children": [phase]}
    gt = {"kind": "ListTurnLevel", "attrs": {"name": "Game Turn", "property": "GT",
                                            "list": ",".join(str(i) for i in range(1, seq.game_turns + 1)),
                                            "turnFormat": "GT $value$"}, "children": [player]}
    return [gt]


def tracker(game: Game) -> TurnTracker:
    """Our TurnTracker: GT 1-14 > A-H / Italian player turn > the four phases of 3.1 (written to
    buildFile.xml and read by the replay, ``modgen.check.logread.our_module``)."""
    def level(d) -> TurnLevel:
        return TurnLevel(d["kind"], d["attrs"], tuple(level(c) for c in d["children"]))

    return TurnTracker(TRACKER_ID, {"name": "Turn", "buttonText": "Turn",
                                    "turnFormat": "$level1$ | $level2$ | $level3$",
                                    "tooltip": "Game Turns 1-14, A-H then Italian player turn, four "
                                               "phases (3.1)"},
                       tuple(level(d) for d in tracker_levels(game)))


#: the dice (8.3, 8.5, 15.1, 15.2): DiceButton attributes as buildFile.xml writes them
DICE = ({"name": COMBAT_DICE, "text": "Combat 3d6",
         "tooltip": "3d6: dice 1 and 2 for the CRT (8.3), die 3 for the Loss Results Table (8.5)",
         "nDice": 3, "reportFormat": COMBAT_REPORT},
        {"name": "2d6", "text": "2d6", "tooltip": "Two dice (15.2 Italian improved defence)", "nDice": 2,
         "reportFormat": DICE_REPORT},
        {"name": "1d6", "text": "1d6", "tooltip": "One die (15.1 replacements)", "nDice": 1,
         "reportFormat": DICE_REPORT})


def extras(game: Game) -> ModuleExtras:
    """``System.module``: the tracker and dice, and the parts this system's module draws or
    writes its own way (pieces, pools, tracks, set-up, charts, help)."""
    from . import boards, charts, pieces, setup
    from .turns import turn_structure
    ts = turn_structure(game)
    # no description: the system's name is the game's title ("… generated by modgen")
    return ModuleExtras(tracker=tracker(game), dice=DICE, description="",
                        turn_command=lambda turn, phase_id: ts.command(turn, phase_id),
                        slots=pieces.slots, prototypes=lambda g: [], palette_types=PALETTE_TYPES,
                        pools=boards.pools, track_board=boards.track_board,
                        scenario_command=setup.scenario_command, charts=charts.chart_files,
                        help_page=charts.help_page)


def _list_state(current: int, n: int, children=()) -> str:
    se = SequenceEncoder(";").append(current).append(0).append(0)
    se.append(SequenceEncoder(",").extend(["true"] * n).value)
    for c in children:
        se.append(c)
    return se.value or ""


def turn_state(game: Game, gt: int, side_id: str, phase_id: str) -> str:
    """The TurnTracker state at (gt, side, phase): three nested ListTurnLevels (as
    ``modgen.module.turns`` writes the Der Weltkrieg ones)."""
    seq = game.tables["sequence"]
    ph = _list_state([p.id for p in seq.phases].index(phase_id), len(seq.phases))
    pl = _list_state(list(seq.player_turns).index(side_id), len(seq.player_turns), [ph])
    top = _list_state(gt - 1, seq.game_turns, [pl])
    return SequenceEncoder("|").append(0).append(top).value or ""


def decode_turn_state(game: Game, state: str) -> tuple[int, str, str]:
    """Inverse of ``turn_state``: (gt, side id, phase id)."""
    from ...vassal.sequence import Decoder
    seq = game.tables["sequence"]
    top = Decoder(state, "|")
    top.int(0)
    g = Decoder(top.token(""), ";")
    gt = g.int(0) + 1
    g.int(0); g.int(0); g.token("")
    p = Decoder(g.token(""), ";")
    side = p.int(0)
    p.int(0); p.int(0); p.token("")
    f = Decoder(p.token(""), ";")
    return gt, seq.player_turns[side], seq.phases[f.int(0)].id
