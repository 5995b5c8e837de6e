"""VASSAL piece traits as (type, state) string pairs, one small function per trait.

Field orders follow vassal-format.md §3.3 (VASSAL 3.7.26). A piece is a decorator chain written
outermost trait first and BasicPiece last; ``chain()`` nests them with ``SequenceEncoder('\\t')``
exactly as ``Decorator.getType()/getState()`` do, and ``add_piece()`` wraps the result as an
AddPiece command (``+/<id>/<type>/<state>``, §3.4), the text of a PieceSlot or a
PrototypeDefinition and the body of a piece in a saved game.

Keystrokes are VASSAL's ``keyCode,modifiers`` strings (Ctrl = 130).
"""
from __future__ import annotations

from typing import Iterable, NamedTuple, Sequence

from ..vassal.sequence import Decoder, SequenceEncoder

CTRL = 130


def key(code: int | str, modifiers: int = CTRL) -> str:
    """An AWT keystroke as VASSAL encodes it: ``F`` + Ctrl → ``70,130``."""
    if isinstance(code, str):
        code = ord(code.upper())
    return f"{code},{modifiers}"


# the keys the module's pieces answer to (also shown in the help page)
FLIP_KEY = key("F")          # Step layer: full <-> reduced
ELIMINATE_KEY = key("K")     # Send to Eliminated
DELETE_KEY = key("D")
MARK_MOVED_KEY = key("M")
TRAIL_KEY = key("T")


class Trait(NamedTuple):
    """One decorator: its type string (with prefix) and its state string."""

    type: str
    state: str


def _fields(prefix: str, values: Iterable[object]) -> str:
    se = SequenceEncoder(";")
    for v in values:
        se.append(v)
    return prefix + (se.value or "")


def _list(values: Iterable[object], delim: str = ",") -> str:
    se = SequenceEncoder(delim)
    for v in values:
        se.append(v)
    return se.value or ""


# --------------------------------------------------------------------------- the traits


def basic_piece(image: str, name: str, *, map_id: str | None = None, x: int = 0, y: int = 0,
                gpid: str | int = "", properties: Sequence[tuple[str, str]] = ()) -> Trait:
    """BasicPiece ``piece;cloneKey;deleteKey;imageName;commonName``.

    State ``mapId;x;y;gpid;nProps;k1;v1;…``: ``null;0;0;<gpid>;0`` in a PieceSlot; in a save the
    map, map pixel and VASSAL 3.7's persistent ``UniqueID`` property.
    """
    se = SequenceEncoder(";", map_id if map_id is not None else "null")
    se.append(x).append(y).append(gpid).append(len(properties))
    for k, v in properties:
        se.append(k).append(v)
    return Trait(_fields("piece;", ["", "", image, name]), se.value or "")


def use_prototype(name: str) -> Trait:
    """UsePrototype ``prototype;name``; its state is always empty."""
    return Trait(_fields("prototype;", [name]), "")


def prototype_name(trait: Trait) -> str | None:
    """The prototype a ``prototype;Name`` trait refers to, or None for any other trait."""
    if not trait.type.startswith("prototype;"):
        return None
    d = Decoder(trait.type[len("prototype;"):], ";")
    return d.token("")


def marker(props: Sequence[tuple[str, object]]) -> Trait:
    """Marker ``mark;names`` (a ,-list) with state ``values`` (a ,-list): constant properties."""
    names = _list(k for k, _ in props)
    values = _list("" if v is None else v for _, v in props)
    return Trait("mark;" + names, values)


def embellishment(name: str, images: Sequence[str], level_names: Sequence[str], *,
                  level: int = 1, up_command: str = "", increase_key: str = "",
                  decrease_key: str = "", description: str = "", loop: bool = True,
                  always_active: bool = True, draw_underneath: bool = False) -> Trait:
    """Layer ``emb2;`` (vassal-format §3.3). State: the current level, 1-based."""
    values = [
        "", 128, "",            # activateCommand, activateModifiers, activateKey
        up_command, 128, "",    # upCommand, upModifiers, upKey
        "", 128, "",            # downCommand, downModifiers, downKey
        "", "", 1,              # resetCommand, resetKey, resetLevel
        draw_underneath, 0, 0,  # drawUnderneathWhenSelected, xOff, yOff
        _list(images), _list(level_names), loop, name,
        "", "",                 # rndKey, rndText
        False, "", 1,           # followProperty, propertyName, firstLevelValue
        1, always_active,       # version, alwaysActive
        "", increase_key, decrease_key,
        description, 1.0,
        "", True,               # the two trailing fields VASSAL 3.7.26 writes (§3.4 example)
    ]
    return Trait(_fields("emb2;", values), str(level))


def report_state(keys: Sequence[str], report_format: str, description: str = "") -> Trait:
    """ReportState ``report;keys;format;cycleDownKeys;cycleFormats;description;noSuppress``.

    ``keys`` is a named-keystroke array (a ,-list of ``code,mods`` strings, so their commas are
    escaped ``\\,``). State: cycle index, ``-1``.
    """
    return Trait(_fields("report;", [_list(keys), report_format, "", "", description, False]), "-1")


def movement_markable(icon: str = "/images/moved.gif", *, x_offset: int = 0, y_offset: int = 0,
                      command: str = "Mark Moved", key_stroke: str = MARK_MOVED_KEY,
                      description: str = "Moved marker", moved: bool = False) -> Trait:
    """MovementMarkable ``markmoved;icon;x;y;command;key;description;ignoreSameLocation;…``."""
    values = [icon, x_offset, y_offset, command, key_stroke, description, False, "", "", "", ""]
    return Trait(_fields("markmoved;", values), "true" if moved else "false")


def footprint(*, key_stroke: str = TRAIL_KEY, command: str = "Movement Trail",
              description: str = "Movement trail") -> Trait:
    """Footprint (movement trail). State ``globalVisibility;startMapId;nPoints;…;everInitialized``."""
    values = [key_stroke, command, False, False, 10, "255,255,255", "0,0,0", 100, 50, 20, 30,
              1.0, "", "", "", description]
    return Trait(_fields("footprint;", values), "false;;0;false")


def send_to_location(command: str, key_stroke: str, map_id: str, board: str, x: int, y: int, *,
                     description: str = "") -> Trait:
    """SendToLocation to a fixed point (destination ``L``) of ``map_id``/``board``.

    State ``backMap;backX;backY`` (empty until used).
    """
    values = [command, key_stroke, map_id, board, x, y, "", "", 0, 0, 1, 1, description, "L",
              "", "", "", ""]
    return Trait(_fields("sendto;", values), ";;")


def delete(command: str = "Delete", key_stroke: str = DELETE_KEY, description: str = "") -> Trait:
    """Delete ``delete;commandName;key;description``."""
    return Trait(_fields("delete;", [command, key_stroke, description]), "")


def immobilized(select: str = "", move: str = "V", stack: str = "L", description: str = "") -> Trait:
    """Immobilized ``immob;select;move;stack;description`` (``V`` = never moves)."""
    return Trait(_fields("immob;", [select, move, stack, description]), "")


# --------------------------------------------------------------------------- chains


def chain(traits: Sequence[Trait]) -> Trait:
    """Nest a decorator chain (outermost first, BasicPiece last) into one (type, state)."""
    if not traits:
        raise ValueError("a piece needs at least a BasicPiece")
    t, s = traits[-1]
    for outer in reversed(traits[:-1]):
        t = SequenceEncoder("\t", outer.type).append(t).value or ""
        s = SequenceEncoder("\t", outer.state).append(s).value or ""
    return Trait(t, s)


def add_piece(piece: Trait, piece_id: str = "null") -> str:
    """``GameModule.encode(new AddPiece(piece))``: ``+/<id>/<type>/<state>`` (§3.4)."""
    se = SequenceEncoder("/", "+")
    se.append(piece_id).append(piece.type).append(piece.state)
    return se.value or ""


def stack(map_id: str, x: int, y: int, piece_ids: Sequence[str], layer: int = 1) -> Trait:
    """A Stack: type ``stack``, state ``map;x;y;id…;@@layer`` (bottom to top)."""
    se = SequenceEncoder(";", map_id).append(x).append(y)
    for pid in piece_ids:
        se.append(pid)
    se.append(f"@@{layer}")
    return Trait("stack", se.value or "")
