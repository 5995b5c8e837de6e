"""VASSAL command strings: the raw ESC tree (``GameModule.decode``) and typed commands.

vassal-format.md §4.3-4.7 and fixtures/vassal/logs/README.md ("What VASSAL records").

* :func:`decode_tree` / :func:`encode_tree`: the tree exactly as ``GameModule.decode`` builds it
  (split on unescaped ESC, recursively; one backslash per nesting level) and back, byte for byte.
* :func:`parse_command`: one atomic token → a typed, frozen command whose ``encode()`` gives the
  token back. Anything not modelled (or not in VASSAL's canonical form) is an :class:`Opaque`
  command that keeps its text.
* :func:`parse_saved_game`: a whole ``savedGame`` string → :class:`SavedGame` with the flattened
  begin_save…end_save block and one :class:`LogStep` per top-level ``LOG`` token.

Passwords: ``PLAYER``/``PYREMOVE`` user ids and the ``M/`` player id are VASSAL's "SecretName"
(the player's password). They are held in :class:`Secret`, which prints as ``***``, is not JSON
serialisable and is left out of every ``repr``. ``Node``, ``LogStep`` and ``Opaque`` texts may
contain them too, so their reprs show sizes only.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterator

from ..errors import ModgenError
from ..gcpolicy import fewer_collections
from .limits import DECODE_WORK_FACTOR, MAX_COMMANDS, MAX_DEPTH
from .sequence import SequenceEncoder, decode as seq_decode

__all__ = [
    "ESC", "Secret", "Node", "decode_tree", "encode_tree", "iter_preorder",
    "Command", "BeginSave", "EndSave", "NullCommand", "AddPiece", "RemovePiece", "ChangePiece",
    "MovePiece", "Chat", "Player", "PlayerRemove", "GlobalPropertyCmd", "MutableProperty", "Turn",
    "BoardPicker", "SetupStack", "Undo", "LogNull", "Logged", "Opaque", "parse_command",
    "command_kind", "LogStep", "SavedGame", "parse_saved_game", "encode_saved_game",
    "MAX_DEPTH",
]

ESC = "\x1b"


# ---------------------------------------------------------------------------------------------
# Secrets


class Secret:
    """A password VASSAL stores in clear. Prints as ``***``; ``reveal()`` gives the value.

    Not a ``str`` subclass on purpose: ``json.dumps`` refuses it instead of writing it out.
    Compares and hashes by value, so ids can be matched without revealing them.
    """

    __slots__ = ("_value",)

    def __init__(self, value: str):
        object.__setattr__(self, "_value", value)

    def __setattr__(self, name, value):  # immutable
        raise AttributeError("Secret is immutable")

    def reveal(self) -> str:
        return self._value

    def __repr__(self) -> str:
        return "Secret(***)"

    __str__ = __repr__

    def __format__(self, spec: str) -> str:
        return "***"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Secret):
            return self._value == other._value
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("Secret", self._value))

    def __reduce__(self):  # pickling/deepcopy keep the value (they do not print it)
        return (Secret, (self._value,))

    def __deepcopy__(self, memo):
        return self

    def __copy__(self):
        return self


# ---------------------------------------------------------------------------------------------
# The raw tree


@dataclass(eq=True, slots=True)
class Node:
    """One node of ``GameModule.decode``'s tree: its own token and its appended sub-commands.

    ``head`` is set only in the rare case where the first element of a sequence is itself a
    compound string (or was quoted); then the node's own encoding is ``head``'s, and ``token``
    is ``""``. VASSAL never writes that, but the tree keeps it so any input re-encodes exactly.
    """

    token: str = field(repr=False)
    children: list["Node"] = field(default_factory=list, repr=False)
    head: "Node | None" = field(default=None, repr=False)

    def __repr__(self) -> str:  # tokens may hold passwords
        return f"Node(chars={len(self.token)}, children={len(self.children)})"


def _split(text: str) -> list[str]:
    """``SequenceEncoder.Decoder`` on ESC: unescape one level, strip one pair of quotes."""
    if ESC not in text:
        parts = [text]
    elif "\\" + ESC not in text and text[-1:] != "\\":
        # no escaped delimiter (no part ends with a backslash): a plain split
        parts = text.split(ESC)
        if "'" not in text:
            return parts
    else:
        raw = text.split(ESC)
        parts = []
        buf: list[str] | None = None
        for p in raw:
            if buf is not None:
                buf.append(p)
                if p.endswith("\\"):
                    buf[-1] = p[:-1]
                    continue
                parts.append(ESC.join(buf))
                buf = None
            elif p.endswith("\\"):
                buf = [p[:-1]]
            else:
                parts.append(p)
        if buf is not None:
            # the last part ends with a backslash that escapes no delimiter: VASSAL's Decoder
            # keeps it (the token runs to the end of the text)
            parts.append(ESC.join(buf) + "\\")
    out = []
    for p in parts:
        if len(p) > 1 and p[0] == "'" and p[-1] == "'":
            p = p[1:-1]
        out.append(p)
    return out


class _Budget:
    """What one decoding may spend (:mod:`modgen.vassal.limits`): characters scanned (each
    nesting level rescans its part of the text, and holds a copy of it while its children are
    decoded, so this bounds memory too) and nodes made."""

    __slots__ = ("work", "work_cap", "nodes", "node_cap", "name")

    def __init__(self, text: str, name: str | None):
        self.work = 0
        self.work_cap = DECODE_WORK_FACTOR * len(text) + (1 << 16)
        self.nodes = 0
        # a compound node (its own token, or a quoted head) per command at most
        self.node_cap = 2 * MAX_COMMANDS
        self.name = name

    def error(self, msg: str) -> ModgenError:
        return ModgenError(msg, file=self.name)

    def depth(self, depth: int) -> None:
        if depth > MAX_DEPTH:
            raise self.error(f"command nesting deeper than {MAX_DEPTH} levels (limit MAX_DEPTH)")

    def scan(self, n: int) -> None:
        self.work += n
        if self.work > self.work_cap:
            raise self.error(f"command nesting too deep: decoding would scan the text more than "
                             f"{DECODE_WORK_FACTOR} times (limit DECODE_WORK_FACTOR)")

    def node(self) -> None:
        self.nodes += 1
        if self.nodes > self.node_cap:
            raise self.error(f"more than {MAX_COMMANDS} commands (limit MAX_COMMANDS)")


def _count_check(text: str, b: _Budget) -> None:
    # every ESC, at any depth, separates two commands: refuse before building a list of them
    n = text.count(ESC)
    if n + 1 > MAX_COMMANDS:
        raise b.error(f"more than {MAX_COMMANDS} commands (limit MAX_COMMANDS)")


def decode_tree(text: str, *, name: str | None = None) -> Node:
    """The command tree of ``text`` as ``GameModule.decode`` builds it. Errors name ``name``."""
    if not isinstance(text, str):
        raise ModgenError("command text must be a string", file=name)
    b = _Budget(text, name)
    _count_check(text, b)
    return _decode(text, 0, b)


def _decode(text: str, depth: int, b: _Budget) -> Node:
    b.depth(depth)
    b.scan(len(text))
    b.node()
    if ESC not in text and not (len(text) > 1 and text[0] == "'" and text[-1] == "'"):
        return Node(text)
    tokens = _split(text)
    if len(tokens) == 1 and tokens[0] == text:
        return Node(text)
    d = depth + 1
    nodes: list[Node] = []
    append = nodes.append
    for t in tokens:
        if ESC not in t and not (len(t) > 1 and t[0] == "'" and t[-1] == "'"):
            # a leaf (most tokens): the checks _decode makes on it, in its order, inline
            if d > MAX_DEPTH:
                b.depth(d)
            b.work += len(t)
            if b.work > b.work_cap:
                b.scan(0)
            b.nodes += 1
            if b.nodes > b.node_cap:
                b.nodes -= 1
                b.node()
            append(Node(t))
        else:
            append(_decode(t, d, b))
    first = nodes[0]
    del nodes[0]        # the rest are the children
    # a head that is a plain token (a leaf, or a compound of one token) is the node's own
    if first.head is None and not first.children and _plain_first(tokens[0]):
        return Node(first.token, nodes)
    return Node("", nodes, head=first)


def _needs_quote(s: str) -> bool:
    return s.startswith("\\") or (s.startswith("'") and s.endswith("'"))


def _plain_first(token: str) -> bool:
    # the head token re-encodes as itself only if the encoder would not quote it
    return not _needs_quote(token)


def _elem(s: str) -> str:
    """``SequenceEncoder.append`` of one element into an ESC sequence."""
    escaped = s.replace(ESC, "\\" + ESC) if ESC in s else s
    if _needs_quote(s):
        escaped = "'" + escaped + "'"
    return escaped


def encode_tree(node: Node) -> str:
    """``GameModule.encode`` of a tree: the exact string :func:`decode_tree` read."""
    return _encode(node, 0)


def _encode(node: Node, depth: int) -> str:
    if depth > MAX_DEPTH:
        raise ModgenError(f"command nesting deeper than {MAX_DEPTH} levels (limit MAX_DEPTH)")
    if node.head is None and not node.children:
        return node.token
    first = _encode(node.head, depth + 1) if node.head is not None else node.token
    parts = [_elem(first)]
    for c in node.children:
        parts.append(_elem(_encode(c, depth + 1)))
    return ESC.join(parts)


def iter_preorder(node: Node) -> Iterator[Node]:
    """Atomic nodes in execution order (pre-order; a ``head`` comes before the children)."""
    stack = [node]
    while stack:
        n = stack.pop()
        if n.head is not None:
            stack.extend(reversed(n.children))
            stack.append(n.head)
            continue
        yield n
        if n.children:
            stack.extend(reversed(n.children))


# ---------------------------------------------------------------------------------------------
# Typed commands


class Command:
    """Base of every typed command."""

    __slots__ = ()
    kind = "?"

    def encode(self) -> str:  # pragma: no cover - overridden
        raise NotImplementedError

    def to_json(self) -> dict:
        """A JSON-safe dict without passwords."""
        out = {"kind": self.kind}
        for f in getattr(self, "__dataclass_fields__", {}).values():
            v = getattr(self, f.name)
            if isinstance(v, Secret) or not f.repr:
                continue
            if isinstance(v, Command):
                v = v.to_json()
            elif isinstance(v, tuple):
                v = [list(x) if isinstance(x, tuple) else x for x in v]
            out[f.name] = v
        return out


def _dc(cls):
    return dataclass(frozen=True, slots=True)(cls)


@_dc
class BeginSave(Command):
    kind = "begin_save"

    def encode(self) -> str:
        return "begin_save"


@_dc
class EndSave(Command):
    kind = "end_save"

    def encode(self) -> str:
        return "end_save"


@_dc
class NullCommand(Command):
    """``""``: VASSAL's NullCommand (and the root of the restore-pieces group)."""
    kind = "null"

    def encode(self) -> str:
        return ""


def _seq(items, delim: str) -> str:
    return SequenceEncoder(delim).extend(items).value or ""


@_dc
class AddPiece(Command):
    """``+/id/type/state``. ``id`` is ``"null"`` for PieceSlot definitions."""
    id: str
    type: str
    state: str
    kind = "+"

    @property
    def is_stack(self) -> bool:
        return self.type == "stack"

    def encode(self) -> str:
        return "+/" + _seq((self.id, self.type, self.state), "/")


@_dc
class RemovePiece(Command):
    id: str
    kind = "-"

    def encode(self) -> str:
        return "-/" + self.id


@_dc
class ChangePiece(Command):
    """``D/id/newState[/oldState]``: full state strings of the whole trait chain."""
    id: str
    new_state: str
    old_state: str | None = None
    kind = "D"

    def encode(self) -> str:
        items = [self.id, self.new_state]
        if self.old_state is not None:
            items.append(self.old_state)
        return "D/" + _seq(items, "/")


@_dc
class MovePiece(Command):
    """``M/id/newMap/newX/newY/newUnder/oldMap/oldX/oldY/oldUnder/playerId``.

    Map ids and under ids are ``None`` where VASSAL writes ``null``. ``player_id`` is the
    mover's password (:class:`Secret`).
    """
    id: str
    new_map: str | None
    new_x: int
    new_y: int
    new_under: str | None
    old_map: str | None
    old_x: int
    old_y: int
    old_under: str | None
    player_id: Secret = field(repr=False)
    kind = "M"

    def encode(self) -> str:
        def n(v):
            return "null" if v is None else v
        return "M/" + _seq((self.id, n(self.new_map), self.new_x, self.new_y, n(self.new_under),
                            n(self.old_map), self.old_x, self.old_y, n(self.old_under),
                            self.player_id.reveal()), "/")


@_dc
class Chat(Command):
    """``CHAT<text>`` (HTML-escaped; ``* `` reports, ``*** `` dice)."""
    text: str
    kind = "CHAT"

    def encode(self) -> str:
        return "CHAT" + self.text


@_dc
class Player(Command):
    """``PLAYER\\t<userId>\\t<name>\\t<side>``; ``user_id`` is the player's password."""
    user_id: Secret = field(repr=False)
    name: str
    side: str
    kind = "PLAYER"

    def encode(self) -> str:
        return _seq(("PLAYER", self.user_id.reveal(), self.name, self.side), "\t")


@_dc
class PlayerRemove(Command):
    user_id: Secret = field(repr=False)
    kind = "PYREMOVE"

    def encode(self) -> str:
        return _seq(("PYREMOVE", self.user_id.reveal()), "\t")


@_dc
class GlobalPropertyCmd(Command):
    """``GlobalProperty\\t;<name>;<value>[;<container>]``."""
    name: str
    value: str
    container: str | None = None
    kind = "GlobalProperty"

    def encode(self) -> str:
        items = ["GlobalProperty\t", self.name, self.value]
        if self.container is not None:
            items.append(self.container)
        return _seq(items, ";")


@_dc
class MutableProperty(Command):
    """``MutableProperty\\t<name>\\t<old>\\t<new>[\\t<container>]`` (container ``Module``, a map…)."""
    name: str
    old: str
    new: str
    container: str | None = None
    kind = "MutableProperty"

    def encode(self) -> str:
        items = [self.name, self.old, self.new]
        if self.container is not None:
            items.append(self.container)
        return "MutableProperty\t" + _seq(items, "\t")


@_dc
class Turn(Command):
    """``TURN<trackerId>\\t<state>`` (decode the state with ``buildfile.decode_turn_state``)."""
    tracker_id: str
    state: str
    kind = "TURN"

    def encode(self) -> str:
        return "TURN" + self.tracker_id + "\t" + self.state


@_dc
class BoardPicker(Command):
    """``<mapId>BoardPicker\\t<board>\\t<col>\\t<row>…``: ``boards`` = ((name, col, row), …);
    a reversed board's name ends in ``/rev``."""
    map_id: str
    boards: tuple
    kind = "BoardPicker"

    def encode(self) -> str:
        items: list[object] = [self.map_id + "BoardPicker"]
        for name, col, row in self.boards:
            items += [name, col, row]
        return _seq(items, "\t")


@_dc
class SetupStack(Command):
    kind = "SETUP_STACK"

    def encode(self) -> str:
        return "SETUP_STACK\t"


@_dc
class Undo(Command):
    """``UNDO\\ttrue`` opens an undo bracket, ``UNDO\\tfalse`` closes it."""
    begin: bool
    kind = "UNDO"

    def encode(self) -> str:
        return "UNDO\ttrue" if self.begin else "UNDO\tfalse"


@_dc
class LogNull(Command):
    """``LOG\\tnull``: a logged command VASSAL could not encode (property bookkeeping)."""
    kind = "LOG\tnull"

    def encode(self) -> str:
        return "LOG\tnull"


@_dc
class Logged(Command):
    """``LOG\\t<command>`` met outside a step (steps unwrap it)."""
    command: Command
    kind = "LOG"

    def encode(self) -> str:
        return "LOG\t" + self.command.encode()


@_dc
class Opaque(Command):
    """Any command not modelled (or not in canonical form): kept with its text, never dropped."""
    text: str = field(repr=False)
    kind: str = "unknown"  # type: ignore[misc]  # a field here, a class constant elsewhere

    def encode(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Opaque(kind={self.kind!r}, chars={len(self.text)})"

    def to_json(self) -> dict:
        return {"kind": self.kind, "chars": len(self.text)}


#: A BoardPicker command lists (name, column, row) per board; more than 1,000 boards is not a
#: VASSAL game (and is kept opaque rather than decoded).
_MAX_BOARD_FIELDS = 1 + 3 * 1000

_KIND_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,39}")
_INT_RE = re.compile(r"-?(?:0|[1-9][0-9]{0,9})")


def command_kind(token: str) -> str:
    """A short, password-free label for an unmodelled command (its leading identifier)."""
    m = _KIND_RE.match(token)
    if m:
        return m.group(0)
    if token[:2] in ("+/", "-/", "D/", "M/"):
        return token[0]
    return "unknown" if token else "null"


def _canonical_int(s: str) -> int | None:
    if s.isascii() and s.isdigit():
        # the common case, as the pattern reads it: no leading zero, at most ten digits
        if (s[0] != "0" or len(s) == 1) and len(s) <= 10:
            v = int(s)
            return v if v < 2**31 else None
        return None
    if _INT_RE.fullmatch(s) and s != "-0":
        v = int(s)
        if -2**31 <= v < 2**31:
            return v
    return None


#: ``_canonical_int`` of the coordinates met so far (a log's moves land on the same hex centres
#: again and again); bounded, as a hostile log's coordinates are all different
_INT_MEMO: dict[str, int | None] = {}


def _memo_int(s: str) -> int | None:
    v = _canonical_int(s)
    if len(_INT_MEMO) >= 50_000:
        _INT_MEMO.clear()
    _INT_MEMO[s] = v
    return v


def _fields(body: str, delim: str, limit: int) -> list[str]:
    """Up to ``limit + 1`` fields (more than ``limit`` means "not this command"): a fast path
    for the common case (no escapes, no quotes), else VASSAL's decoder."""
    if "\\" not in body and "'" not in body:
        return body.split(delim, limit)
    return seq_decode(body, delim, limit)


def _opaque(token: str, kind: str | None = None) -> Opaque:
    return Opaque(token, kind or command_kind(token))


def _checked(cmd: Command, token: str) -> Command:
    """Keep a typed command only if it re-encodes to exactly ``token``."""
    return cmd if cmd.encode() == token else _opaque(token)


def parse_command(token: str) -> Command:
    """One atomic command token → a typed command (``Opaque`` when not modelled)."""
    c0 = token[:1]
    if c0 == "+" and token.startswith("+/"):
        body = token[2:]
        f = _fields(body, "/", 3)
        if len(f) != 3:
            return _opaque(token, "+")
        cmd = AddPiece(f[0], f[1], f[2])
        if "\\" in body or "'" in body:
            return _checked(cmd, token)
        return cmd
    if c0 == "D" and token.startswith("D/"):
        body = token[2:]
        f = _fields(body, "/", 3)
        if len(f) == 2:
            cmd = ChangePiece(f[0], f[1], None)
        elif len(f) == 3:
            cmd = ChangePiece(f[0], f[1], f[2])
        else:
            return _opaque(token, "D")
        if "\\" in body or "'" in body:
            return _checked(cmd, token)
        return cmd
    if c0 == "M" and token.startswith("M/"):
        f = _fields(token[2:], "/", 10)
        if len(f) != 10:
            return _opaque(token, "M")
        memo = _INT_MEMO
        try:
            nx, ny, ox, oy = memo[f[2]], memo[f[3]], memo[f[6]], memo[f[7]]
        except KeyError:
            nx, ny, ox, oy = (_memo_int(f[2]), _memo_int(f[3]), _memo_int(f[6]),
                              _memo_int(f[7]))
        if nx is None or ny is None or ox is None or oy is None:
            return _opaque(token, "M")
        f1, f4, f5, f8 = f[1], f[4], f[5], f[8]
        cmd = MovePiece(f[0], None if f1 == "null" else f1, nx, ny, None if f4 == "null" else f4,
                        None if f5 == "null" else f5, ox, oy, None if f8 == "null" else f8,
                        Secret(f[9]))
        if "\\" in token or "'" in token:
            return _checked(cmd, token)
        # no escape and no quote: ten plain fields (no "/" left in any), canonical ints, "null"
        # for None, re-encode to exactly the token
        return cmd
    if c0 == "M" and token.startswith("MutableProperty\t"):
        body = token[16:]
        f = _fields(body, "\t", 4)
        if len(f) == 3:
            cmd = MutableProperty(f[0], f[1], f[2], None)
        elif len(f) == 4:
            cmd = MutableProperty(f[0], f[1], f[2], f[3])
        else:
            return _opaque(token, "MutableProperty")
        if "\\" in body or "'" in body:
            return _checked(cmd, token)
        return cmd            # plain fields (no tab left in any) re-encode to the token
    if c0 == "-" and token.startswith("-/"):
        return RemovePiece(token[2:])
    if c0 == "C" and token.startswith("CHAT"):
        return Chat(token[4:])
    if c0 == "L" and token.startswith("LOG\t"):
        if token == "LOG\tnull":
            return LogNull()
        inner = token[4:]
        if ESC in inner:
            return _opaque(token, "LOG")
        return Logged(parse_command(inner))
    if token == "":
        return NullCommand()
    if token == "begin_save":
        return BeginSave()
    if token == "end_save":
        return EndSave()
    if token == "SETUP_STACK\t":
        return SetupStack()
    if token == "UNDO\ttrue":
        return Undo(True)
    if token == "UNDO\tfalse":
        return Undo(False)
    if c0 == "P":
        if token.startswith("PLAYER\t"):
            f = seq_decode(token, "\t", 4)
            if len(f) != 4:
                return _opaque(token, "PLAYER")
            return _checked(Player(Secret(f[1]), f[2], f[3]), token)
        if token.startswith("PYREMOVE\t"):
            f = seq_decode(token, "\t", 2)
            if len(f) != 2:
                return _opaque(token, "PYREMOVE")
            return _checked(PlayerRemove(Secret(f[1])), token)
    if c0 == "G" and token.startswith("GlobalProperty\t"):
        f = seq_decode(token, ";", 4)
        if f[0] != "GlobalProperty\t" or len(f) not in (3, 4):
            return _opaque(token, "GlobalProperty")
        return _checked(GlobalPropertyCmd(f[1], f[2], f[3] if len(f) == 4 else None), token)
    if c0 == "T" and token.startswith("TURN"):
        i = token.find("\t")
        if i < 0:
            return _opaque(token, "TURN")
        return Turn(token[4:i], token[i + 1:])
    i = token.find("BoardPicker")
    if i >= 0 and (len(token) == i + 11 or token[i + 11] == "\t"):
        f = seq_decode(token, "\t", _MAX_BOARD_FIELDS)
        head = f[0]
        if not head.endswith("BoardPicker") or (len(f) - 1) % 3:
            return _opaque(token, "BoardPicker")
        boards = []
        for j in range(1, len(f), 3):
            col, row = _canonical_int(f[j + 1]), _canonical_int(f[j + 2])
            if col is None or row is None:
                return _opaque(token, "BoardPicker")
            boards.append((f[j], col, row))
        return _checked(BoardPicker(head[:-11], tuple(boards)), token)
    return _opaque(token)


# ---------------------------------------------------------------------------------------------
# Saved games and logs


@dataclass
class LogStep:
    """One top-level ``LOG`` token after ``end_save``: one user action, one "Step" in VASSAL.

    ``commands`` is the step's tree in pre-order with the ``LOG\\t`` wrappers removed and
    ``LOG\\tnull`` dropped; undo brackets stay as :class:`Undo` commands. ``token`` is the
    step exactly as it stands between two top-level ESCs of the file (sub-commands escaped).
    """

    index: int
    commands: list[Command] = field(repr=False)
    node: Node | None = field(default=None, repr=False)

    @property
    def token(self) -> str:
        # re-encoded on demand: keeping a copy of every step's text doubled a log's memory
        return _elem(_encode(self.node, 0)) if self.node is not None else ""

    def __repr__(self) -> str:
        kinds = ",".join(c.kind for c in self.commands[:8])
        more = "…" if len(self.commands) > 8 else ""
        return f"LogStep(index={self.index}, commands=[{kinds}{more}])"


@dataclass
class SavedGame:
    """A decoded ``savedGame`` string."""

    initial: list[Command] = field(repr=False)
    steps: list[LogStep] = field(repr=False)
    tree: Node = field(repr=False)
    unknown_kinds: Counter = field(default_factory=Counter)

    def __repr__(self) -> str:
        return (f"SavedGame(initial={len(self.initial)} commands, steps={len(self.steps)}, "
                f"unknown_kinds={dict(self.unknown_kinds)})")

    @property
    def players(self) -> list[Player]:
        return [c for c in self.initial if isinstance(c, Player)]


def _unwrap_log(node: Node, out: list[Command], unknown: Counter, b: _Budget,
                depth: int = 0) -> None:
    """Flatten a step's tree, removing ``LOG\\t`` wrappers (whose payload is decoded again)."""
    if node.head is None:
        # the pre-order without a generator when the children are leaves (every step VASSAL
        # writes: LOG wrappers one level deep)
        toks = [node.token]
        for c in node.children:
            if c.head is None and not c.children:
                toks.append(c.token)
            else:
                toks.extend([n.token for n in iter_preorder(c)])
    else:
        toks = [n.token for n in iter_preorder(node)]
    for tok in toks:
        if tok.startswith("LOG\t"):
            if tok == "LOG\tnull":
                continue
            payload = tok[4:]
            if ESC in payload or (len(payload) > 1 and payload[0] == "'" == payload[-1]):
                b.depth(depth + 1)
                _unwrap_log(_decode(payload, depth + 1, b), out, unknown, b, depth + 1)
                continue
            tok = payload
        cmd = parse_command(tok)
        if isinstance(cmd, Opaque):
            unknown[cmd.kind] += 1
        out.append(cmd)


def _is_log(n: Node) -> bool:
    first = n
    while first.head is not None:
        first = first.head
    return first.token.startswith("LOG\t")


def parse_saved_game(text: str, *, name: str | None = None) -> SavedGame:
    """Decode a whole ``savedGame`` string (a save, or a log with its steps).

    Bounded by :mod:`modgen.vassal.limits` (commands, nesting, decoding work); exceeding a
    bound is a :class:`ModgenError` naming ``name`` (the file) and the bound."""
    if not isinstance(text, str):
        raise ModgenError("command text must be a string", file=name)
    with fewer_collections():
        return _parse_saved_game(text, name)


def _parse_saved_game(text: str, name: str | None) -> SavedGame:
    b = _Budget(text, name)
    _count_check(text, b)
    tree = _decode(text, 0, b)
    # top-level elements: the root's own token, then each appended child
    if tree.head is not None:
        top = [tree.head] + tree.children
    else:
        top = [Node(tree.token)] + tree.children
    initial: list[Command] = []
    steps: list[LogStep] = []
    unknown: Counter = Counter()
    ended = False
    for el in top:
        if (ended or not initial) and _is_log(el):
            cmds: list[Command] = []
            _unwrap_log(el, cmds, unknown, b)
            steps.append(LogStep(len(steps) + 1, cmds, el))
            continue
        for n in iter_preorder(el):
            cmd = parse_command(n.token)
            if isinstance(cmd, Opaque):
                unknown[cmd.kind] += 1
            elif isinstance(cmd, EndSave):
                ended = True
            initial.append(cmd)
    return SavedGame(initial, steps, tree, unknown)


def encode_saved_game(saved: SavedGame) -> str:
    """The ``savedGame`` string again, re-encoded from the tree."""
    return encode_tree(saved.tree)
