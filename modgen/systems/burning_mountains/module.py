"""The Burning Mountains module: from the validated game to a byte-reproducible ``.vmod``.

What this system needs beyond the shared pieces (``modgen.module``: traits, zip, saves, the
``buildFile.xml`` template):

* units with a ``Step`` layer (front / reduced, 2.5), artillery with a ``Moved`` layer (its "Mov"
  side, 12.3), every value of the counter as Marker properties (so a log is self-describing);
* two-sided markers (CE -1/-2, LS/OOS, GT A-H/Italian, VP) with a ``Side`` layer;
* the dice: ``Combat`` rolls 3d6 and reports the two same-coloured CRT dice and the odd TdP die
  separately (8.3, 8.5); ``2d6`` (15.2) and ``1d6`` (15.1);
* the turn tracker GT 1-14 > A-H / Italian player turn > Supply, Reinforcement, Movement, Combat
  (3.1), set by the set-up to the A-H Combat Phase of GT 1 (1.1, 12.4);
* a Tracks map (GT track 1-14, Victory Points & Replacement track), reinforcement pools by GT;
* the one predefined set-up (1.1: each unit on its printed hex), charts with placeholder notices.
"""
from __future__ import annotations

import html
import time
from pathlib import Path

from PIL import Image, ImageDraw

from ...art.counters import png_bytes
from ...art.fonts import font
from ...model.geometry import board_geometry
from ...atomicfile import atomic_write
from ...hexgrid import Hex
from ...model.types import Game
from ...module import traits as T
from ...module import vmod
from ...module.savegame import metadata_xml, vsav_bytes
from ...vassal.sequence import SequenceEncoder
from . import art, art_counters
from .data import BmCounter, BmMarker, BmScenario

VASSAL_VERSION = "3.7.0"
DATE_SAVED = "0"
MAIN_MAP = "Main Map"
ELIMINATED = "Eliminated"
TRACKS = "Tracks"
TRACKER_ID = "TurnTracker0"
PHASE_NAMES = {"supply": "Supply Phase", "reinforcement": "Reinforcement Phase", "movement": "Movement Phase",
               "combat": "Combat Phase"}
COMBAT_DICE = "Combat"
COMBAT_REPORT = ("** Combat 3d6: CRT (two white dice) $result1$ + $result2$, TdP (red die) $result3$ "
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


def pool_name(side_name: str) -> str:
    return f"{side_name} Reinforcements"


def unit_image(cid: str, face: str) -> str:
    return f"bm-{cid}-{face}.png"


def marker_image(mid: str, side: int) -> str:
    return f"bm-marker-{mid}-{side}.png"


# --------------------------------------------------------------------------- pieces

def unit_properties(game: Game, c: BmCounter) -> list[tuple[str, str]]:
    side = game.side_of(c.nation)
    r = c.reduced

    def n(v):
        return "" if v is None else str(v)

    return list(zip(UNIT_PROPERTIES, (
        c.id, c.nation, side, game.nations[c.nation].name, next(s.name for s in game.sides if s.id == side),
        c.type, c.size, c.designation, c.corps or "", n(c.front.attack), n(c.front.defence), n(c.front.ma),
        n(c.front.av), n(r.attack if r else None), n(r.defence if r else None), str(c.steps),
        str(c.setup or ""), n(c.arrival))))


def unit_traits(game: Game, c: BmCounter, *, level: int = 1, gpid: int | str = "", map_id: str | None = None,
                x: int = 0, y: int = 0, piece_id: str | None = None) -> list[T.Trait]:
    faces = art_counters.faces(c)
    chain: list[T.Trait] = []
    if len(faces) > 1:
        chain.append(T.report_state([T.FLIP_KEY], FLIP_REPORT, "Report flips"))
    chain += [T.report_state([T.ELIMINATE_KEY], ELIMINATE_REPORT, "Report eliminations"),
              T.movement_markable(), T.footprint(),
              T.send_to_location("Eliminate", T.ELIMINATE_KEY, ELIMINATED, ELIMINATED, 60, 60,
                                 description="Send to Eliminated"),
              T.delete(), T.marker(unit_properties(game, c))]
    images = [unit_image(c.id, f) for f in faces]
    if c.is_artillery:
        chain.append(T.embellishment("Moved", images, ["", "+ (Mov)"], level=level, up_command="Flip",
                                     increase_key=T.FLIP_KEY, description="Artillery: normal / Mov (12.3)"))
    elif len(faces) > 1:
        chain.append(T.embellishment("Step", images, ["", "+ (reduced)"], level=level, up_command="Flip",
                                     increase_key=T.FLIP_KEY, description="Step: full / reduced (2.5)"))
    props = [("UniqueID", piece_id)] if piece_id else []
    chain.append(T.basic_piece(images[0], c.name, map_id=map_id, x=x, y=y, gpid=gpid, properties=props))
    return chain


def marker_traits(m: BmMarker, *, level: int = 1, gpid: int | str = "", map_id: str | None = None, x: int = 0,
                  y: int = 0, piece_id: str | None = None) -> list[T.Trait]:
    images = [marker_image(m.id, i) for i in range(len(m.sides))]
    chain = [T.delete(), T.marker([("MarkerId", m.id), ("MarkerKind", m.kind), ("MarkerValue", m.sides[0])])]
    if len(images) > 1:
        chain.append(T.report_state([T.FLIP_KEY], FLIP_REPORT, "Report flips"))
        chain.append(T.embellishment("Side", images, ["", f"+ ({m.sides[1]})"], level=level, up_command="Flip",
                                     increase_key=T.FLIP_KEY, description=f"{m.label}: {' / '.join(m.sides)}"))
    props = [("UniqueID", piece_id)] if piece_id else []
    chain.append(T.basic_piece(images[0], f"{m.label} {m.sides[0]}", map_id=map_id, x=x, y=y, gpid=gpid,
                               properties=props))
    return chain


class Slot:
    def __init__(self, gpid: int, entry_name: str, traits: list[T.Trait], image: str, counter=None, marker=None):
        self.gpid, self.entry_name, self.image = gpid, entry_name, image
        self.counter, self.marker = counter, marker
        self.text = T.add_piece(T.chain(traits))


def slots(game: Game) -> list[Slot]:
    out = []
    gpid = 1
    for cid in sorted(game.counters):
        c = game.counters[cid]
        out.append(Slot(gpid, c.name, unit_traits(game, c, gpid=gpid), unit_image(cid, "front"), counter=cid))
        gpid += 1
    for mid in sorted(game.markers):
        m = game.markers[mid]
        out.append(Slot(gpid, m.label, marker_traits(m, gpid=gpid), marker_image(mid, 0), marker=mid))
        gpid += 1
    return out


# --------------------------------------------------------------------------- tracks and pools

def track_regions() -> tuple[list[tuple[str, int, int]], int, int]:
    """The Tracks board: GT 1-14 in one row, the Victory Points & Replacement track 0-49 in five
    rows of ten (14.0, 15.1); returns (regions, width, height)."""
    regions = []
    left, top = 20, 50
    for gt in range(1, 15):
        regions.append((f"GT {gt}", left + (gt - 1) * BOX + BOX // 2, top + BOX // 2))
    top2 = top + BOX + 60
    for v in range(50):
        regions.append((f"VP {v}", left + (v % 10) * BOX + BOX // 2, top2 + (v // 10) * BOX + BOX // 2))
    return regions, left * 2 + 14 * BOX, top2 + 5 * BOX + 40


def tracks_image() -> Image.Image:
    regions, w, h = track_regions()
    img = Image.new("RGB", (w, h), (246, 242, 228))
    d = ImageDraw.Draw(img)
    d.text((20, 14), "Game Turn Track (3.1): GT 1 starts with the A-H Combat Phase (12.4)", font=font(16, bold=True),
           fill=(30, 30, 30))
    d.text((20, 50 + BOX + 26), "Victory Points & Replacement (14.0, 15.1): A-H starts with 10 VP",
           font=font(16, bold=True), fill=(30, 30, 30))
    for name, cx, cy in regions:
        d.rectangle((cx - BOX // 2, cy - BOX // 2, cx + BOX // 2, cy + BOX // 2), outline=(60, 60, 60),
                    fill=(255, 255, 250))
        d.text((cx, cy - BOX // 2 + 3), name.split()[1], font=font(12, bold=True), fill=(120, 100, 80), anchor="mt")
    return img


def pool_regions(game: Game, side_id: str) -> tuple[list[tuple[str, int, int]], int, int]:
    """A side's reinforcement pool: one box per GT with arrivals (13.0)."""
    gts = sorted({c.arrival for c in game.counters.values()
                  if c.arrival and game.side_of(c.nation) == side_id})
    regions = []
    w_box, h_box = 4 * 64 + 16, 2 * 64 + 36
    for i, gt in enumerate(gts):
        regions.append((f"GT {gt}", 20 + (i % 3) * (w_box + 12) + w_box // 2, 20 + (i // 3) * (h_box + 12) + h_box // 2))
    rows = max(1, (len(gts) + 2) // 3)
    return regions, 20 * 2 + 3 * (w_box + 12), 20 * 2 + rows * (h_box + 12)


def pool_image(game: Game, side_id: str, side_name: str) -> Image.Image:
    regions, w, h = pool_regions(game, side_id)
    img = Image.new("RGB", (w, h), (225, 225, 210))
    d = ImageDraw.Draw(img)
    w_box, h_box = 4 * 64 + 16, 2 * 64 + 36
    for name, cx, cy in regions:
        d.rectangle((cx - w_box // 2, cy - h_box // 2, cx + w_box // 2, cy + h_box // 2), outline=(80, 80, 60),
                    fill=(240, 240, 228))
        d.text((cx - w_box // 2 + 6, cy - h_box // 2 + 4), f"{side_name}: arrives {name} (13.0)", font=font(13, bold=True),
               fill=(40, 40, 30))
    return img


def _region_slots(cx: int, cy: int, n: int) -> list[tuple[int, int]]:
    """Spots for n pieces in a pool box centred at (cx, cy): four per row."""
    return [(cx - 96 + (i % 4) * 64, cy - 20 + (i // 4) * 64) for i in range(n)]


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


# --------------------------------------------------------------------------- the set-up

class _Ids:
    def __init__(self):
        self.n = FIRST_PIECE_ID

    def __call__(self) -> str:
        s = str(self.n)
        self.n += 1
        return s


def setup_command(game: Game, sc: BmScenario, grid, slot_of: dict) -> str:
    """The ``savedGame`` text of the set-up: units on their printed hexes (1.1), reinforcements in
    their side's pool box of their GT, the GT marker on GT 1 (A-H side), VP at 10 (14.0), the
    replacement markers at 0."""
    ids = _Ids()
    stacks: dict[tuple[str, int, int], list[tuple[str, T.Trait]]] = {}

    def put(map_name, x, y, traits):
        pid = ids()
        stacks.setdefault((map_name, x, y), []).append((pid, traits))
        return pid

    def unit(cid, map_name, x, y):
        c = game.counters[cid]
        pid = ids.n
        put(map_name, x, y, unit_traits(game, c, gpid=slot_of[cid], map_id=map_name, x=x, y=y, piece_id=str(pid)))

    # bottom to top: the strongest attack on top (5.3): fortresses and artillery below the units
    def order(cid):
        c = game.counters[cid]
        return (0 if c.type == "fortress" else 1 if c.is_artillery else 2, c.front.attack or 0, cid)

    by_hex: dict[Hex, list[str]] = {}
    for pl in sc.setup:
        by_hex.setdefault(pl.hex, []).append(pl.counter)
    for h in sorted(by_hex):
        x, y = grid.center(h)
        for cid in sorted(by_hex[h], key=order):
            unit(cid, MAIN_MAP, x, y)
    for side in game.sides:
        regions = {name: (cx, cy) for name, cx, cy in pool_regions(game, side.id)[0]}
        for gt, cids in sc.reinforcements.items():
            mine = [c for c in cids if game.side_of(game.counters[c].nation) == side.id]
            if not mine:
                continue
            cx, cy = regions[f"GT {gt}"]
            for cid, (x, y) in zip(mine, _region_slots(cx, cy, len(mine))):
                unit(cid, pool_name(side.name), x, y)
    regions = {name: (cx, cy) for name, cx, cy in track_regions()[0]}
    for mid, box in (("gt", f"GT {sc.first_gt}"), ("vp", f"VP {sc.start_vp}"), ("rp-ah", "VP 0"), ("rp-it", "VP 0")):
        if mid in game.markers:
            x, y = regions[box]
            pid = ids.n
            put(TRACKS, x, y, marker_traits(game.markers[mid], gpid=slot_of[("m", mid)], map_id=TRACKS, x=x, y=y,
                                            piece_id=str(pid)))
    inner = SequenceEncoder("\x1b", "")
    order_keys = sorted(stacks, key=lambda k: (k[0], k[2], k[1]))
    for k in order_keys:
        for pid, traits in stacks[k]:
            inner.append(T.add_piece(T.chain(traits), pid))
    for k in order_keys:
        sid = ids()
        inner.append(T.add_piece(T.stack(k[0], k[1], k[2], [pid for pid, _ in stacks[k]]), sid))
    cmds = SequenceEncoder("\x1b", "begin_save")
    cmds.append("")
    cmds.append(inner.value)
    bp = SequenceEncoder("\t", f"{MAIN_MAP}BoardPicker")
    for i, m in enumerate(sc.maps):
        bp.append(SequenceEncoder("/", m).value).append(i).append(0)
    cmds.append(bp.value)
    cmds.append(f"{ELIMINATED}BoardPicker\t{ELIMINATED}\t0\t0")
    for side in game.sides:
        name = pool_name(side.name)
        cmds.append(f"{name}BoardPicker\t{name}\t0\t0")
    cmds.append(f"{TRACKS}BoardPicker\t{TRACKS}\t0\t0")
    cmds.append("SETUP_STACK\t")
    cmds.append(SequenceEncoder("\t", "TURN" + TRACKER_ID)
                .append(turn_state(game, sc.first_gt, sc.phasing_side, sc.first_phase)).value)
    cmds.append("end_save")
    return cmds.value or ""


# --------------------------------------------------------------------------- charts and help

def _page(title: str, body: list[str]) -> bytes:
    return ("<html><head><title>" + html.escape(title) + "</title></head><body>"
            + "".join(body) + "</body></html>\n").encode("utf-8")


def _notice(p) -> str:
    if p is None or p.kind == "rulebook":
        return ""
    return (f"<p><b><font color='#b00000'>{html.escape(p.kind.upper())}: {html.escape(p.reason)}</font></b></p>")


def charts(game: Game) -> dict[str, bytes]:
    crt, tdp, tec, reinf = (game.tables[k] for k in ("crt", "tdp", "tec", "reinforcements"))
    out = {}
    rows = ["<tr><th>2d6</th>" + "".join(f"<th>{html.escape(c)}</th>" for c in crt.columns) + "</tr>"]
    for roll in sorted(crt.rows):
        rows.append(f"<tr><td>{roll}</td>" + "".join(f"<td>{html.escape(a.text)}/{html.escape(d.text)}</td>"
                                                      for a, d in crt.rows[roll]) + "</tr>")
    out["charts/crt.html"] = _page("Combat Results Table (9.1)", [
        "<h2>Combat Results Table (9.1)</h2>", _notice(crt.provenance),
        "<p>Roll the two same-coloured dice (8.3). Attacker / defender: - none, +# / -# DRM on that side's TdP "
        "roll, R# retreat # hexes. Odds rounded for the defender (8.1); flank 2 columns right (7.9.1); below 1:3 "
        "not allowed; above 4:1 use 4:1 and +1 TdP to the defender per ratio over (8.2).</p>",
        "<table border='1'>", *rows, "</table>"])
    rows = ["<tr><th>die + DRM</th><th>Small</th><th>Large</th></tr>"]
    for k in sorted(tdp.rows):
        rows.append(f"<tr><td>{k}</td>" + "".join(f"<td>{v or '-'}</td>" for v in tdp.rows[k]) + "</tr>")
    out["charts/tdp.html"] = _page("Loss Results Table (9.4)", [
        "<h2>Loss Results Table / TdP (9.4)</h2>", _notice(tdp.provenance),
        "<p>Each side rolls the odd-coloured die (8.5). Magnitude (8.4): Small = 6 steps or fewer, Large = 7 or "
        "more. DRMs (9.4.1): CRT result; opponent's AV 0:+0, 1:+1, 2-3:+2, 4-5:+3, 6+:+4; defender flanked +2; "
        "unable to retreat or to fulfil the retreat guidelines +2; +1 to the defender per ratio over 4:1. Result = "
        "Combat Effectiveness reductions (9.4.2).</p>", "<table border='1'>", *rows, "</table>"])
    rows = ["<tr><th>terrain</th><th>altitude</th><th>MP</th><th>stacking (steps)</th><th>provenance</th></tr>"]
    for t in tec.terrain.values():
        rows.append(f"<tr><td>{html.escape(t.name)}</td><td>{t.altitude}</td><td>{t.mp}</td><td>{t.stacking}</td>"
                    f"<td>{html.escape(t.provenance.kind)}: {html.escape(t.provenance.reason)}</td></tr>")
    out["charts/tec.html"] = _page("Terrain Effects Chart", [
        "<h2>Terrain Effects Chart</h2>", _notice(tec.provenance), "<table border='1'>", *rows, "</table>",
        f"<p>Stream +{tec.stream_mp} MP, minor river +{tec.river_mp} MP (bridge +{tec.bridge_mp}), road "
        f"{tec.road_mp} MP per hex along it (ignored in EZOC, 6.3), crag hexsides prohibited (4.5). EZOC: +"
        f"{tec.zoc_enter} to enter, +{tec.zoc_exit} to leave, +{tec.ezoc_to_ezoc} EZOC to EZOC (6.3).</p>"])
    rows = ["<tr><th>GT</th><th>nation</th><th>entry</th><th>units</th></tr>"]
    for a in reinf.arrivals:
        names = ", ".join(game.counters[u].name for u in a.units)
        rows.append(f"<tr><td>{a.gt}</td><td>{html.escape(game.nations[a.nation].name)}</td><td>"
                    f"{a.entry[0]}-{a.entry[-1]}</td><td>{html.escape(names)}</td></tr>")
    out["charts/reinforcements.html"] = _page("Reinforcements (13.0)", [
        "<h2>Reinforcement schedule (13.0)</h2>", _notice(reinf.provenance), "<table border='1'>", *rows, "</table>"])
    seq = game.tables["sequence"]
    out["charts/sequence.html"] = _page("Sequence of play (3.0)", [
        "<h2>Sequence of play (3.0)</h2>",
        "<p>A. Advance the GT marker (A-H side). B. A-H player turn: " +
        ", ".join(PHASE_NAMES[p.id] for p in seq.phases) + ". Flip the GT marker. C. Italian player turn: the "
        "same. GT 1 starts with the A-H Combat Phase (1.1, 12.4); the game ends after GT 14 (14.0).</p>"])
    return out


def help_page(game: Game) -> bytes:
    m = next(iter(game.maps.values()))
    return _page(f"{game.title}: module help", [
        f"<h2>{html.escape(game.title)}</h2>",
        "<p>Generated by modgen from the game data. <b>PLACEHOLDERS:</b> the rulebook prints no counter, CRT, "
        "TdP, Terrain Effects Chart, reinforcement schedule or map; every such value in this module is a "
        "placeholder (see each chart) and the map is SCHEMATIC: " + html.escape(m.provenance.reason) + "</p>",
        "<p>Dice: <b>Combat</b> rolls 3d6: the two white dice for the CRT, the red die for the Loss Results "
        "Table (8.3, 8.5). <b>2d6</b> for 15.2, <b>1d6</b> for 15.1.</p>",
        "<p>Keys: Ctrl+F flip (reduced side, artillery Mov side, markers), Ctrl+K eliminate, Ctrl+D delete.</p>",
        "<h3>Declarations (typed in the chat, for modgen check)</h3>",
        "<pre>" + html.escape(_declarations_text()) + "</pre>"])


def _declarations_text() -> str:
    """docs/declarations-burning-mountains.md, shown in the help page (as the Der Weltkrieg
    modules show docs/declarations.md)."""
    from ...paths import shipped_doc
    p = shipped_doc("declarations-burning-mountains.md")     # in the checkout or the wheel
    return p.read_text(encoding="utf-8") if p.is_file() else "!attack <hex> with <unit or hex>, ..."


# --------------------------------------------------------------------------- buildFile and module

def moduledata(game: Game) -> bytes:
    return metadata_xml([("version", game.version), ("extra1", None), ("extra2", None),
                         ("VassalVersion", VASSAL_VERSION), ("dateSaved", DATE_SAVED),
                         ("description", f"{game.title} generated by modgen"), ("name", game.title)])


def buildfile(game: Game, all_slots: list[Slot], sizes: dict[str, tuple[int, int]], board, charts_list) -> bytes:
    from ...module.buildfile import BoardSpec, MapSpec, SlotView, _env, normalise_xml
    from ...system import TurnLevel
    grid, w, h, image = board
    g_attrs, n_attrs = grid.to_xml_attributes()
    mid = next(iter(game.maps))
    maps = [MapSpec(MAIN_MAP, [BoardSpec(mid, image=image, grid={**g_attrs, "visible": "false"},
                                         numbering={**n_attrs, "visible": "false"}, width=w, height=h)],
                    {"mapName": MAIN_MAP, "buttonName": MAIN_MAP}, extra_helpers=["GlobalMap"]),
            MapSpec(ELIMINATED, [BoardSpec(ELIMINATED, width=960, height=640, color="200,200,200")],
                    {"mapName": ELIMINATED, "buttonName": ELIMINATED, "markMoved": "Never", "launch": "true"})]

    class R:
        def __init__(self, name, x, y):
            self.name, self.x, self.y = name, x, y

    for side in game.sides:
        name = pool_name(side.name)
        regions = [R(n, x, y) for n, x, y in pool_regions(game, side.id)[0]]
        maps.append(MapSpec(name, [BoardSpec(name, image=f"pool-{side.id}.png", regions=regions)],
                            {"mapName": name, "buttonName": name, "markMoved": "Never", "launch": "true"}))
    maps.append(MapSpec(TRACKS, [BoardSpec(TRACKS, image="tracks.png",
                                           regions=[R(n, x, y) for n, x, y in track_regions()[0]])],
                        {"mapName": TRACKS, "buttonName": TRACKS, "markMoved": "Never", "launch": "true"}))

    def view(s: Slot) -> SlotView:
        ww, hh = sizes.get(s.image, (56, 56))
        return SlotView(s.gpid, s.entry_name, s.text, ww, hh)

    palette = []
    for side in game.sides:
        panels = []
        for nid in side.nations:
            mine = [s for s in all_slots if s.counter and game.counters[s.counter].nation == nid]
            order = {t: i for i, t in enumerate(("inf", "mtn", "art", "heavy-art", "fortress"))}
            mine.sort(key=lambda s: (order[game.counters[s.counter].type], s.counter))
            panels.append({"name": game.nations[nid].name, "columns": 8, "slots": [view(s) for s in mine]})
        palette.append({"name": side.name, "panels": panels})
    palette.append({"name": "Markers", "panels": [{"name": "Markers", "columns": 8,
                                                    "slots": [view(s) for s in all_slots if s.marker]}]})
    dice = [{"name": COMBAT_DICE, "text": "Combat 3d6",
             "tooltip": "3d6: two white dice for the CRT (8.3), the red die for the Loss Results Table (8.5)",
             "nDice": 3, "reportFormat": COMBAT_REPORT},
            {"name": "2d6", "text": "2d6", "tooltip": "Two dice (15.2 Italian improved defence)", "nDice": 2,
             "reportFormat": DICE_REPORT},
            {"name": "1d6", "text": "1d6", "tooltip": "One die (15.1 replacements)", "nDice": 1,
             "reportFormat": DICE_REPORT}]

    def level(d) -> TurnLevel:
        return TurnLevel(d["kind"], d["attrs"], tuple(level(c) for c in d["children"]))

    tracker = {"attrs": {"name": "Turn", "buttonText": "Turn", "turnFormat": "$level1$ | $level2$ | $level3$",
                         "tooltip": "Game Turns 1-14, A-H then Italian player turn, four phases (3.1)"},
               "levels": [level(d) for d in tracker_levels(game)]}
    module = {"name": game.title, "version": game.version, "description": f"{game.title} generated by modgen",
              "nextPieceSlotId": max(s.gpid for s in all_slots) + 1}
    text = _env().get_template("buildFile.xml.j2").render(
        module=module, help={"title": f"{game.title}: module help", "file": HELP_FILE},
        sides=[s.name for s in game.sides], prototypes=[], maps=maps, palette=palette, dice=dice,
        tracker=tracker, charts=charts_list,
        setups=[{"name": game.scenarios["bm-1916-05"].name, "file": SAVE_FILE,
                 "description": game.scenarios["bm-1916-05"].description}])
    return normalise_xml(text)


def build_entries(game: Game, progress=None) -> list[tuple[str, bytes]]:
    def stage(name, detail=""):
        if progress is not None:
            progress.stage(name, detail)

    entries: dict[str, bytes] = {}
    stage("art", f"{len(game.counters)} counters, {len(game.markers)} markers, {len(game.maps)} map")
    m = next(iter(game.maps.values()))
    grid, w, h = board_geometry(m)
    t = time.perf_counter()
    map_img = art.render_map(m)
    if progress is not None:
        progress.add("map art", time.perf_counter() - t)
    images = {k.split("/", 1)[1]: v for k, v in art_counters.counter_images(game).items()}
    stage("png", f"{len(images) + 1} images")
    t = time.perf_counter()
    for name in sorted(images):
        entries[f"images/{name}"] = png_bytes(images[name])
    entries["images/map-burning-mountains.png"] = png_bytes(map_img)
    entries["images/tracks.png"] = png_bytes(tracks_image())
    for side in game.sides:
        entries[f"images/pool-{side.id}.png"] = png_bytes(pool_image(game, side.id, side.name))
    if progress is not None:
        progress.add("png encoding", time.perf_counter() - t)
    stage("pieces")
    all_slots = slots(game)
    slot_of = {s.counter: s.gpid for s in all_slots if s.counter}
    slot_of.update({("m", s.marker): s.gpid for s in all_slots if s.marker})
    sizes = {n: im.size for n, im in images.items()}
    stage("scenarios", "1 set-up")
    md = moduledata(game)
    sc = game.scenarios["bm-1916-05"]
    save = setup_command(game, sc, grid, slot_of)
    entries[SAVE_FILE] = vsav_bytes(save, metadata_xml([
        ("version", game.version), ("extra1", None), ("extra2", None), ("VassalVersion", VASSAL_VERSION),
        ("dateSaved", DATE_SAVED), ("description", sc.name)]), md)
    stage("charts", "charts and help page")
    chart_bytes = charts(game)
    entries.update(chart_bytes)
    entries[HELP_FILE] = help_page(game)
    names = {"charts/crt.html": "CRT (9.1)", "charts/tdp.html": "Loss Results Table (9.4)",
             "charts/tec.html": "Terrain Effects Chart", "charts/reinforcements.html": "Reinforcements (13.0)",
             "charts/sequence.html": "Sequence of play (3.0)"}
    charts_list = [{"name": names[k], "file": k} for k in names] + [{"name": "Module help", "file": HELP_FILE}]
    stage("buildFile")
    entries["buildFile.xml"] = buildfile(game, all_slots, sizes, (grid, w, h, "map-burning-mountains.png"),
                                         charts_list)
    entries["moduledata"] = md
    return sorted(entries.items())


def build_module(game: Game, output: str | Path, progress=None) -> Path:
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
