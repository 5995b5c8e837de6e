"""``buildFile.xml``: render the Jinja2 template, then check and normalise it with lxml.

The template (templates/buildFile.xml.j2) gives the component tree; ``components.py`` holds the
attribute defaults. The rendered text is parsed with a safe parser (no entity expansion, no
network) and serialised the way VASSAL writes (4-space indent, UTF-8, ``standalone="no"``,
attributes in name order), so a well-formedness error is caught here and a TAB or newline in an
attribute value survives as ``&#9;``/``&#10;``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import jinja2
from lxml import etree

from ..errors import ModgenError
from ..model.types import Game
from ..paths import templates_dir
from ..system import ModuleExtras, system_of
from . import components as C
from . import pieces as P
from .version import module_version
from . import tracks

XML_DECL = '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'


def safe_parser() -> etree.XMLParser:
    return etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False,
                           huge_tree=True, remove_blank_text=True, strip_cdata=False)


def normalise_xml(text: str, name: str = "buildFile.xml") -> bytes:
    """Parse ``text`` safely and serialise it as VASSAL's writer does."""
    try:
        root = etree.fromstring(text.encode("utf-8"), safe_parser())
    except etree.XMLSyntaxError as e:
        raise ModgenError(f"generated XML is not well-formed: {e}", file=name,
                          line=getattr(e, "lineno", None)) from None
    for el in root.iter():
        if len(el.attrib) > 1:
            items = sorted(el.attrib.items())
            el.attrib.clear()
            for k, v in items:
                el.set(k, v)
    etree.indent(root, space="    ")
    body = etree.tostring(root, encoding="UTF-8", xml_declaration=False)
    return XML_DECL.encode("utf-8") + body + b"\n"


def _env() -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(templates_dir())),
                             autoescape=False, trim_blocks=False, lstrip_blocks=False,
                             keep_trailing_newline=True, undefined=jinja2.StrictUndefined)
    env.globals.update(open_tag=C.open_tag, tag=C.tag, attrs=C.attrs,
                       map_helpers=C.MAP_HELPERS, global_options=C.GLOBAL_OPTIONS)
    return env


@dataclass
class BoardSpec:
    name: str
    image: str | None = None
    grid: dict[str, str] | None = None
    numbering: dict[str, str] | None = None
    width: int = 0
    height: int = 0
    color: str = "230,230,230"
    regions: list | None = None


@dataclass
class MapSpec:
    name: str
    boards: list[BoardSpec]
    attrs: dict[str, Any] = field(default_factory=dict)
    extra_helpers: list[str] = field(default_factory=list)


@dataclass
class SlotView:
    gpid: int
    entry_name: str
    text: str
    width: int
    height: int


MENU_ORDER = ("Scenarios", "Linking games", "Duration games")
MENU_DESCRIPTIONS = {"Scenarios": "One set-up per scenario",
                     "Linking games": "Scenarios linked into one larger game",
                     "Duration games": "The long games that run to 1917 (or 1918)"}


def _description(game: Game, extras: ModuleExtras) -> str:
    from .build import module_description
    return module_description(game, extras)


def render(game: Game, extras: ModuleExtras | None = None, *, slots: list[P.Slot], image_sizes: dict[str, tuple[int, int]],
           boards: dict[str, tuple[Any, int, int, str]], setups: list[dict[str, str]],
           charts: list[dict[str, str]], help_file: str, side_pools: list,
           track_board: tuple[str, list] | None = None) -> bytes:
    """The normalised buildFile.xml bytes.

    ``boards``: map id -> (VassalHexGrid, width, height, image name); ``side_pools``: a map name
    each (a plain board), or a ``modgen.system.PoolBoard`` (an image and regions).
    """
    if extras is None:                  # the rules system's tracker and dice
        extras = system_of(game).module_extras(game)
    board_specs = []
    th = getattr(game, "theatre", None)
    multi = th is not None and th.multi
    for mid in sorted(boards):
        grid, w, h, image = boards[mid]
        g_attrs, n_attrs = grid.to_xml_attributes()
        if multi:
            # a hex number is unique only within its sheet: every board names its hexes with
            # the sheet, so VASSAL's move reports and location names read "5-5:2803"
            # (RegularGridNumbering.locationName formats this with $gridLocation$)
            n_attrs = {**n_attrs, "locationFormat": f"{mid}:$gridLocation$"}
        board_specs.append(BoardSpec(mid, image=image, grid={**g_attrs, "visible": "false"},
                                     numbering={**n_attrs, "visible": "false"}, width=w, height=h))
    maps = [MapSpec("Main Map", board_specs, {"mapName": "Main Map", "buttonName": "Main Map"},
                    extra_helpers=["GlobalMap"])]
    maps.append(MapSpec(P.ELIMINATED_MAP, [BoardSpec(P.ELIMINATED_BOARD, width=960, height=640,
                                                     color="200,200,200")],
                        {"mapName": P.ELIMINATED_MAP, "buttonName": P.ELIMINATED_MAP,
                         "markMoved": "Never", "launch": "true"}))
    for pool in side_pools:
        if isinstance(pool, str):
            name, board = pool, BoardSpec(pool, width=960, height=640, color="225,225,210")
        else:
            name, board = pool.name, BoardSpec(pool.name, image=pool.image_name,
                                               regions=list(pool.regions) or None)
        maps.append(MapSpec(name, [board], {"mapName": name, "buttonName": name,
                                            "markMoved": "Never", "launch": "true"}))

    if track_board is not None:
        image, regions = track_board
        maps.append(MapSpec(tracks.MAP_NAME, [BoardSpec(tracks.BOARD_NAME, image=image,
                                                        regions=regions)],
                            {"mapName": tracks.MAP_NAME, "buttonName": tracks.MAP_NAME,
                             "markMoved": "Never", "launch": "true"}))

    def view(s: P.Slot) -> SlotView:
        w, h = image_sizes.get(s.image, (48, 48))
        return SlotView(s.gpid, s.entry_name, s.text, w, h)

    palette = []
    by_nation: dict[str, list[P.Slot]] = {}
    for s in slots:
        if s.counter:
            by_nation.setdefault(game.counters[s.counter].nation, []).append(s)
    type_order = {t: i for i, t in enumerate(extras.palette_types or (
        "hq", "inf", "mtn", "aslt", "mtn-aslt", "cav", "bicycle", "marine", "eng", "art",
        "siege-art", "rpl", "fortress"))}
    for side in game.sides:
        panels = []
        for nid in side.nations:
            if nid not in by_nation:
                continue
            ordered = sorted(by_nation[nid], key=lambda s: (
                type_order.get(game.counters[s.counter].type, 99), s.counter))
            panels.append({"name": game.nations[nid].name, "columns": 8,
                           "slots": [view(s) for s in ordered]})
        palette.append({"name": side.name, "panels": panels})
    marker_slots = [view(s) for s in slots if s.marker]
    if marker_slots:
        palette.append({"name": "Markers", "panels": [{"name": "Markers", "columns": 8,
                                                        "slots": marker_slots}]})

    dice = [dict(d) for d in extras.dice]
    tracker = {"attrs": dict(extras.tracker.attrs), "levels": extras.tracker.levels}
    module = {"name": game.title, "version": module_version(game),
              "description": _description(game, extras),
              "nextPieceSlotId": max((s.gpid for s in slots), default=0) + 1}
    # the predefined set-ups in File > New game: one menu, or one per kind (scenarios, linking
    # games, duration games) when the scenarios name one
    by_menu: dict[str, list] = {}
    for s in setups:
        by_menu.setdefault(s.get("menu") or "Scenarios", []).append(s)
    menus = [{"name": n, "description": MENU_DESCRIPTIONS.get(n, ""), "setups": v} for n, v in by_menu.items()]
    menus.sort(key=lambda m: MENU_ORDER.index(m["name"]) if m["name"] in MENU_ORDER else len(MENU_ORDER))
    text = _env().get_template("buildFile.xml.j2").render(
        module=module, help={"title": f"{game.title}: module help", "file": help_file},
        sides=[s.name for s in game.sides],
        prototypes=extras.prototypes(game) if extras.prototypes is not None else P.prototypes(game),
        maps=maps,
        palette=palette, dice=dice, tracker=tracker, charts=charts, setup_menus=menus)
    return normalise_xml(text)
