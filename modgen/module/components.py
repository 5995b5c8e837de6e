"""Default attributes of the VASSAL components the module uses: one place for all defaults.

Values are what VASSAL 3.7.26 writes for a new instance of each component
(``fixtures/vassal/vassal-3.7.26-default-components.xml``, vassal-format.md §2), keyed by the
short class name; ``attrs()`` merges a component's overrides into its defaults and renders them
the way VASSAL's writer orders them (alphabetically), escaped for an XML attribute. A TAB or a
newline inside a value is written ``&#9;``/``&#10;``: a literal one would be normalised to a
space by any XML parser.
"""
from __future__ import annotations

from typing import Mapping

PACKAGES = {
    "GameModule": "VASSAL.build",
    "BasicCommandEncoder": "VASSAL.build.module", "Documentation": "VASSAL.build.module",
    "PlayerRoster": "VASSAL.build.module", "GlobalOptions": "VASSAL.build.module",
    "Chatter": "VASSAL.build.module", "KeyNamer": "VASSAL.build.module",
    "PrototypesContainer": "VASSAL.build.module", "PrototypeDefinition": "VASSAL.build.module",
    "Map": "VASSAL.build.module", "PieceWindow": "VASSAL.build.module",
    "DiceButton": "VASSAL.build.module", "PredefinedSetup": "VASSAL.build.module",
    "ChartWindow": "VASSAL.build.module", "Inventory": "VASSAL.build.module",
    "AboutScreen": "VASSAL.build.module.documentation",
    "HelpFile": "VASSAL.build.module.documentation",
    "GlobalProperties": "VASSAL.build.module.properties",
    "GlobalTranslatableMessages": "VASSAL.build.module.properties",
    "Language": "VASSAL.i18n",
    "TurnTracker": "VASSAL.build.module.turn", "CounterTurnLevel": "VASSAL.build.module.turn",
    "ListTurnLevel": "VASSAL.build.module.turn",
    "BoardPicker": "VASSAL.build.module.map", "StackMetrics": "VASSAL.build.module.map",
    "ForwardToKeyBuffer": "VASSAL.build.module.map", "Scroller": "VASSAL.build.module.map",
    "ForwardToChatter": "VASSAL.build.module.map", "MenuDisplayer": "VASSAL.build.module.map",
    "MapCenterer": "VASSAL.build.module.map", "StackExpander": "VASSAL.build.module.map",
    "PieceMover": "VASSAL.build.module.map", "KeyBufferer": "VASSAL.build.module.map",
    "ImageSaver": "VASSAL.build.module.map", "CounterDetailViewer": "VASSAL.build.module.map",
    "Flare": "VASSAL.build.module.map", "Zoomer": "VASSAL.build.module.map",
    "SelectionHighlighters": "VASSAL.build.module.map",
    "HighlightLastMoved": "VASSAL.build.module.map", "GlobalMap": "VASSAL.build.module.map",
    "LOS_Thread": "VASSAL.build.module.map",
    "Board": "VASSAL.build.module.map.boardPicker",
    "HexGrid": "VASSAL.build.module.map.boardPicker.board",
    "HexGridNumbering": "VASSAL.build.module.map.boardPicker.board.mapgrid",
    "RegionGrid": "VASSAL.build.module.map.boardPicker.board",
    "Region": "VASSAL.build.module.map.boardPicker.board",
    "TabWidget": "VASSAL.build.widget", "ListWidget": "VASSAL.build.widget",
    "PanelWidget": "VASSAL.build.widget", "PieceSlot": "VASSAL.build.widget",
    "HtmlChart": "VASSAL.build.widget",
}

_MOVE_FORMAT = "$pieceName$ moves $previousLocation$ &rarr; $location$ *"

DEFAULTS: dict[str, dict[str, str]] = {
    "GameModule": {"ModuleOther1": "", "ModuleOther2": "", "VassalVersion": "3.7.0",
                   "description": "", "name": "", "nextPieceSlotId": "0", "version": ""},
    "PlayerRoster": {"buttonKeyStroke": "", "buttonText": "Retire",
                     "buttonToolTip": "Switch sides, become an observer, or allow another player "
                                      "to take your side in this game"},
    "GlobalOptions": {"autoReport": "Always", "chatterHTMLSupport": "Never",
                      "disablePieceIndexing": "false", "hotKeysOnClosedWindows": "Never",
                      "inventoryForAll": "Always", "minMaxHeap": "0",
                      "nonOwnerUnmaskable": "Never", "playerIdFormat": "$PlayerName$",
                      "promptString": "Opponents can unmask my pieces",
                      "purgeBlankPropertyPrompts": "true", "sendToLocationMoveTrails": "Never",
                      "storeLeadingZeroIntegersAsStrings": "false"},
    "Map": {"allowMultiple": "false", "backgroundcolor": "255,255,255", "buttonName": "Map",
            "changeFormat": "$message$", "color": "0,0,0",
            "createFormat": "$pieceName$ created in $location$ *", "edgeHeight": "0",
            "edgeWidth": "0", "hideKey": "", "hotkey": "", "icon": "/images/map.gif",
            "launch": "false", "mapName": "Main Map", "markMoved": "Always",
            "markUnmovedHotkey": "", "markUnmovedIcon": "/images/unmoved.gif",
            "markUnmovedReport": "", "markUnmovedText": "",
            "markUnmovedTooltip": "Mark all pieces on this map as not moved", "moveKey": "",
            "moveToFormat": _MOVE_FORMAT, "moveWithinFormat": _MOVE_FORMAT,
            "onlyReportChangedLocation": "false", "showKey": "", "thickness": "3"},
    "BoardPicker": {"addColumnText": "Add column", "addRowText": "Add row",
                    "boardPrompt": "Select board", "slotHeight": "125", "slotScale": "0.2",
                    "slotWidth": "350", "title": "Choose Boards"},
    "Board": {"name": "Board", "reversible": "false"},
    "HexGrid": {"color": "0,0,0", "cornersLegal": "false", "dotsVisible": "false",
                "dx": "55.42562584220407", "dy": "64.0", "edgesLegal": "false",
                "sideways": "false", "snapTo": "true", "visible": "false", "x0": "0", "y0": "32"},
    "HexGridNumbering": {"color": "0,0,0", "first": "H", "fontSize": "9", "hDescend": "false",
                         "hDrawOff": "0", "hLeading": "1", "hOff": "1", "hType": "N",
                         "locationFormat": "$gridLocation$", "rotateText": "0", "sep": "",
                         "stagger": "true", "vDescend": "false", "vDrawOff": "0",
                         "vLeading": "1", "vOff": "1", "vType": "N", "visible": "false"},
    "StackMetrics": {"bottom": "40,0", "disabled": "false", "down": "37,0", "exSepX": "6",
                     "exSepY": "18", "top": "38,0", "unexSepX": "2", "unexSepY": "4",
                     "up": "39,0"},
    "ImageSaver": {"buttonText": "", "canDisable": "false", "hideWhenDisabled": "false",
                   "hotkey": "", "icon": "/images/camera.gif", "propertyGate": "",
                   "tooltip": "Save map as PNG image"},
    "CounterDetailViewer": {
        "bgColor": "", "borderColor": "0,0,0", "borderInnerThickness": "2",
        "borderThickness": "2", "borderWidth": "0", "centerAll": "false",
        "centerPiecesVertically": "false", "centerText": "false",
        "combineCounterSummary": "false", "counterReportFormat": "", "delay": "700",
        "description": "", "display": "from top-most layer only",
        "emptyHexReportForma": "$LocationName$", "enableHTML": "false",
        "extraTextPadding": "0", "fgColor": "0,0,0", "fontSize": "9", "graphicsZoom": "1.0",
        "hotkey": "32,130", "layerList": "", "minDisplayPieces": "2",
        "onlyShowFirstSummary": "false", "propertyFilter": "", "showDeck": "false",
        "showDeckDepth": "1", "showDeckMasked": "false", "showMoveSelectde": "false",
        "showNoStack": "false", "showNonMovable": "false", "showOnlyTopOfStack": "false",
        "showOverlap": "false", "showTerrainBeneath": "never", "showTerrainHeight": "150",
        "showTerrainSnappy": "true", "showTerrainText": "$LocationName$",
        "showTerrainWidth": "150", "showTerrainZoom": "1.0", "showgraph": "true",
        "showgraphsingle": "false", "showtext": "false", "showtextsingle": "false",
        "stopAfterShowing": "false", "stretchWidthPieces": "false",
        "stretchWidthSummary": "false", "summaryReportFormat": "$LocationName$",
        "unrotatePieces": "false", "version": "4", "verticalBottomText": "10",
        "verticalOffset": "0", "verticalTopText": "5", "zoomlevel": "1.0"},
    "Flare": {"circleColor": "255,0,0", "circleScale": "true", "circleSize": "100",
              "flareKey": "keyAlt", "flareName": "Map Flare", "flarePulses": "6",
              "flarePulsesPerSec": "3", "reportFormat": ""},
    "Zoomer": {"inButtonText": "", "inIconName": "/images/zoomIn.gif", "inTooltip": "Zoom in",
               "outButtonText": "", "outIconName": "/images/zoomOut.gif",
               "outTooltip": "Zoom out", "pickButtonText": "", "pickIconName": "/images/zoom.png",
               "pickTooltip": "Select Zoom", "zoomInKey": "",
               "zoomLevels": "0.2,0.25,0.333,0.4,0.5,0.555,0.625,0.75,1.0,1.25,1.6",
               "zoomOutKey": "", "zoomPickKey": "", "zoomStart": "3"},
    "HighlightLastMoved": {"color": "255,0,0", "enabled": "true", "thickness": "2"},
    "GlobalMap": {"buttonText": "", "color": "0,0,0", "hotkey": "79,195",
                  "scale": "0.19444444", "tooltip": "Show/Hide overview window"},
    "PieceWindow": {"defaultWidth": "0", "hidden": "false", "hotkey": "", "scale": "1.0",
                    "text": "Pieces", "tooltip": "Show/Hide the Pieces window"},
    "TabWidget": {},
    "ListWidget": {"divider": "-1", "height": "0", "scale": "1.0", "width": "0"},
    "PanelWidget": {"fixed": "false", "nColumns": "3", "scale": "1.0", "vert": "false"},
    "DiceButton": {"addToTotal": "0", "canDisable": "false", "hideWhenDisabled": "false",
                   "hotkey": "", "icon": "/images/die.gif", "keepCount": "1",
                   "keepDice": "false", "keepOption": ">", "lockAdd": "false",
                   "lockDice": "false", "lockPlus": "false", "lockSides": "false", "nDice": "2",
                   "nSides": "6", "name": "2d6", "plus": "0", "prompt": "false",
                   "propertyGate": "",
                   "reportFormat": "** $name$ = $result$ *** &lt;$PlayerName$&gt;",
                   "reportTotal": "false", "sortDice": "false", "text": "2d6", "tooltip": "2d6"},
    "TurnTracker": {"buttonText": "Turn", "fwdOnly": "false", "hotkey": "", "length": "-1",
                    "lengthStyle": "Maximum", "name": "Turn", "nexthotkey": "",
                    "plusButtonSize": "22", "prevhotkey": "",
                    "reportFormat": "* &lt;$PlayerId$&gt; Turn Updated from $oldTurn$ to $newTurn$",
                    "turnButtonHeight": "22",
                    "turnFormat": "$level1$ $level2$ $level3$ $level4$"},
    "CounterTurnLevel": {"incr": "1", "loop": "false", "loopLimit": "-1", "start": "1",
                         "turnFormat": "$value$"},
    "ListTurnLevel": {"configFirst": "false", "configList": "false", "list": "",
                      "turnFormat": "$value$"},
    "PredefinedSetup": {"isMenu": "false", "useFile": "true"},
    "RegionGrid": {"fontsize": "9", "snapto": "true", "visible": "false"},
    "Region": {"name": "", "originx": "0", "originy": "0"},
    "Inventory": {"canDisable": "false", "centerOnPiece": "true", "drawPieces": "true",
                  "foldersOnly": "false", "forwardKeystroke": "true", "groupBy": "",
                  "hideWhenDisabled": "false", "hotkey": "", "icon": "/images/inventory.gif",
                  "include": "", "launchFunction": "functionHide", "leafFormat": "$PieceName$",
                  "name": "Inventory", "nonLeafFormat": "$PropertyValue$",
                  "pieceZoom": "0.25", "pieceZoom2": "0.33", "pieceZoom3": "0.4",
                  "propertyGate": "", "refreshHotkey": "", "showMenu": "true", "sides": "",
                  "sortFormat": "$PieceName$", "sortPieces": "true", "sorting": "alpha",
                  "text": "Inventory", "tooltip": "Show inventory of all pieces",
                  "zoomOn": "false"},
    "ChartWindow": {"hotkey": "", "name": "Chart Window Menu", "text": "Chart Window Menu",
                    "tooltip": "Chart Window Menu"},
    "HtmlChart": {},
    "AboutScreen": {},
    "HelpFile": {"fileType": "archive"},
    "PrototypeDefinition": {"description": ""},
    "PieceSlot": {},
}

#: GlobalOptions <option> children, as VASSAL 3.7.26 writes them (None = empty element)
GLOBAL_OPTIONS: tuple[tuple[str, str | None], ...] = (
    ("newHotKey", "87,520"), ("endHotKey", "87,585"), ("stepIcon", "/images/StepForward16.gif"),
    ("stepHotKey", "34,0"), ("undoIcon", "/images/Undo16.gif"), ("undoHotKey", None),
    ("serverControlsIcon", "/images/connect.gif"), ("serverControlsHotKey", "83,520"),
    ("debugControlsIcon", None), ("debugControlsHotKey", None),
    ("scenarioPropertiesIcon", None), ("scenarioPropertiesHotKey", None),
)

#: the helpers of a new map, in VASSAL's order (vassal-format.md §2.2)
MAP_HELPERS_BEFORE_BOARDS: tuple[str, ...] = ()
MAP_HELPERS: tuple[str, ...] = (
    "StackMetrics", "ForwardToKeyBuffer", "Scroller", "ForwardToChatter", "MenuDisplayer",
    "MapCenterer", "StackExpander", "PieceMover", "KeyBufferer", "ImageSaver",
    "CounterDetailViewer", "Flare", "Zoomer", "GlobalProperties", "SelectionHighlighters",
    "HighlightLastMoved",
)


def tag(short: str) -> str:
    """Fully-qualified tag of a component."""
    return f"{PACKAGES[short]}.{short}"


def escape_attr(value: object) -> str:
    s = str(value)
    return (s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("\t", "&#9;").replace("\n", "&#10;")
            .replace("\r", "&#13;"))


def merged(short: str, overrides: Mapping[str, object] | None = None) -> dict[str, str]:
    out = dict(DEFAULTS.get(short, {}))
    for k, v in (overrides or {}).items():
        if v is None:
            out.pop(k, None)
        elif isinstance(v, bool):
            out[k] = "true" if v else "false"
        else:
            out[k] = str(v)
    return out


def attrs(short: str, overrides: Mapping[str, object] | None = None, **kw: object) -> str:
    """`` name="value" …`` for a component: defaults + overrides, sorted, escaped."""
    values = merged(short, {**(overrides or {}), **kw})
    return "".join(f' {k}="{escape_attr(values[k])}"' for k in sorted(values))


def open_tag(short: str, overrides: Mapping[str, object] | None = None, *, empty: bool = False,
             **kw: object) -> str:
    return f"<{tag(short)}{attrs(short, overrides, **kw)}{'/' if empty else ''}>"
