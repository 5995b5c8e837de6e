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

import time
from pathlib import Path

from ...model.types import Game
from ...system import ModuleExtras, TurnLevel, TurnTracker
from ...vassal.sequence import SequenceEncoder

VASSAL_VERSION = "3.7.0"
DATE_SAVED = "0"
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
SAVE_FILE = "bm-1916-05.vsav"
HELP_FILE = "help/burning-mountains.html"
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
    return ModuleExtras(tracker=tracker(game), dice=DICE, description="Burning Mountains",
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



# --------------------------------------------------------------------------- the module, until the shared
# writer (modgen.module.build) builds it from these parts

def moduledata(game: Game) -> bytes:
    from ...module.savegame import metadata_xml
    return metadata_xml([("version", game.version), ("extra1", None), ("extra2", None),
                         ("VassalVersion", VASSAL_VERSION), ("dateSaved", DATE_SAVED),
                         ("description", f"{game.title} generated by modgen"), ("name", game.title)])


def buildfile(game: Game, ex: ModuleExtras, all_slots, sizes: dict[str, tuple[int, int]], board, pools, track,
              charts_list) -> bytes:
    from ...module.buildfile import BoardSpec, MapSpec, SlotView, _env, normalise_xml
    grid, w, h, image = board
    g_attrs, n_attrs = grid.to_xml_attributes()
    mid = next(iter(game.maps))
    maps = [MapSpec(MAIN_MAP, [BoardSpec(mid, image=image, grid={**g_attrs, "visible": "false"},
                                         numbering={**n_attrs, "visible": "false"}, width=w, height=h)],
                    {"mapName": MAIN_MAP, "buttonName": MAIN_MAP}, extra_helpers=["GlobalMap"]),
            MapSpec(ELIMINATED, [BoardSpec(ELIMINATED, width=960, height=640, color="200,200,200")],
                    {"mapName": ELIMINATED, "buttonName": ELIMINATED, "markMoved": "Never", "launch": "true"})]
    for p in pools:
        maps.append(MapSpec(p.name, [BoardSpec(p.name, image=p.image_name, regions=list(p.regions))],
                            {"mapName": p.name, "buttonName": p.name, "markMoved": "Never", "launch": "true"}))
    maps.append(MapSpec(TRACKS, [BoardSpec(TRACKS, image="tracks.png", regions=track[1])],
                        {"mapName": TRACKS, "buttonName": TRACKS, "markMoved": "Never", "launch": "true"}))

    def view(s) -> SlotView:
        ww, hh = sizes.get(s.image, (56, 56))
        return SlotView(s.gpid, s.entry_name, s.text, ww, hh)

    palette = []
    order = {t: i for i, t in enumerate(ex.palette_types)}
    for side in game.sides:
        panels = []
        for nid in side.nations:
            mine = [s for s in all_slots if s.counter and game.counters[s.counter].nation == nid]
            mine.sort(key=lambda s: (order[game.counters[s.counter].type], s.counter))
            panels.append({"name": game.nations[nid].name, "columns": 8, "slots": [view(s) for s in mine]})
        palette.append({"name": side.name, "panels": panels})
    palette.append({"name": "Markers", "panels": [{"name": "Markers", "columns": 8,
                                                    "slots": [view(s) for s in all_slots if s.marker]}]})
    module = {"name": game.title, "version": game.version, "description": f"{game.title} generated by modgen",
              "nextPieceSlotId": max(s.gpid for s in all_slots) + 1}
    sc = game.scenarios["bm-1916-05"]
    text = _env().get_template("buildFile.xml.j2").render(
        module=module, help={"title": f"{game.title}: module help", "file": HELP_FILE},
        sides=[s.name for s in game.sides], prototypes=ex.prototypes(game), maps=maps, palette=palette,
        dice=list(ex.dice), tracker=ex.tracker, charts=charts_list,
        setups=[{"name": sc.name, "file": SAVE_FILE, "description": sc.description}])
    return normalise_xml(text)


def build_entries(game: Game, progress=None) -> list[tuple[str, bytes]]:
    from ...art.counters import png_bytes
    from ...model.geometry import BoardLayout
    from ...module.savegame import metadata_xml, vsav_bytes
    from .art import ART

    def stage(name, detail=""):
        if progress is not None:
            progress.stage(name, detail)

    ex = extras(game)
    entries: dict[str, bytes] = {}
    stage("art", f"{len(game.counters)} counters, {len(game.markers)} markers, {len(game.maps)} map")
    layout = BoardLayout.for_game(game)
    mid = next(iter(game.maps))
    grid, (w, h) = layout.grids[mid], layout.sizes[mid]
    t = time.perf_counter()
    map_img = ART.render_map(game.maps[mid])
    if progress is not None:
        progress.add("map art", time.perf_counter() - t)
    images = ART.piece_images(game)
    stage("png", f"{len(images) + 1} images")
    t = time.perf_counter()
    for name in sorted(images):
        entries[f"images/{name}"] = png_bytes(images[name])
    entries["images/map-burning-mountains.png"] = png_bytes(map_img)
    track = ex.track_board(game)
    entries["images/tracks.png"] = png_bytes(track[0])
    pools = ex.pools(game)
    for p in pools:
        entries[f"images/{p.image_name}"] = png_bytes(p.image)
    if progress is not None:
        progress.add("png encoding", time.perf_counter() - t)
    stage("pieces")
    all_slots = ex.slots(game)
    sizes = {n: im.size for n, im in images.items()}
    stage("scenarios", "1 set-up")
    md = moduledata(game)
    sc = game.scenarios["bm-1916-05"]
    save, _notes = ex.scenario_command(game, sc, layout, all_slots)
    entries[SAVE_FILE] = vsav_bytes(save, metadata_xml([
        ("version", game.version), ("extra1", None), ("extra2", None), ("VassalVersion", VASSAL_VERSION),
        ("dateSaved", DATE_SAVED), ("description", sc.name)]), md)
    stage("charts", "charts and help page")
    tabs, files = ex.charts(game)
    entries.update(files)
    entries[HELP_FILE] = ex.help_page(game, {})
    charts_list = tabs + [{"name": "Module help", "file": HELP_FILE}]
    stage("buildFile")
    entries["buildFile.xml"] = buildfile(game, ex, all_slots, sizes, (grid, w, h, "map-burning-mountains.png"),
                                         pools, track, charts_list)
    entries["moduledata"] = md
    return sorted(entries.items())


def build_module(game: Game, output: str | Path, progress=None) -> Path:
    from ...atomicfile import atomic_write
    from ...module import vmod
    with atomic_write(output) as f:
        items = build_entries(game, progress)
        if progress is not None:
            progress.stage("zip", f"{len(items)} entries -> {output}")
        t = time.perf_counter()
        vmod.write_zip_entries(f, items)
        if progress is not None:
            progress.add("zip writing", time.perf_counter() - t)
            progress.stage("done")
    return Path(output)
