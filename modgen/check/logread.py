"""The log as the checker sees it: pieces with their Marker properties and ``Step`` layer, and one
list of plain events per log step.

This is the checker's adapter over a VASSAL ``.vlog``. It decodes the file itself (bounded zip
reading, ``!VCSK``/plain ``savedGame``, the ESC command tree of vassal-format.md §4.3-4.7) so the
checker works on its own; when the shared readers (``modgen.vassal`` / ``modgen.replay``) offer the
same facts, :func:`read_log` can be reduced to a translation of their output. Only what the rules
need is kept: piece positions (map pixels), Marker properties, the ``Step`` layer level, chat
lines, dice results, turn-tracker changes and undo brackets. The player's password (the userId in
``PLAYER`` lines and ``M/`` commands) is never kept.
"""
from __future__ import annotations

import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

from ..errors import ModgenError
from ..vassal.sequence import decode

ESC = "\x1b"
MAX_ENTRY = 256 * 1024 * 1024
MAX_RATIO = 200


# ------------------------------------------------------------------------------------ events

@dataclass(frozen=True)
class Added:
    piece: str
    snapshot: "Piece"      # the piece as added (type and state at that moment)


@dataclass(frozen=True)
class Moved:
    piece: str
    map: str | None
    x: int
    y: int
    from_map: str | None
    from_x: int
    from_y: int


@dataclass(frozen=True)
class Changed:
    """A ``D/`` state change; ``level_before``/``level_after`` of the ``Step`` layer."""

    piece: str
    level_before: int | None
    level_after: int | None


@dataclass(frozen=True)
class Removed:
    piece: str


@dataclass(frozen=True)
class ChatLine:
    text: str          # the CHAT payload, HTML-escaped as written


@dataclass(frozen=True)
class TurnChanged:
    tracker: str
    state: str
    label: str | None  # the "to …" text of the "Turn Updated from … to …" chat, if any


@dataclass(frozen=True)
class DiceRolled:
    name: str          # "1d6"
    result: str        # "4" or "5,2"


# ------------------------------------------------------------------------------------ pieces

@dataclass
class Piece:
    id: str
    name: str
    map: str | None
    x: int
    y: int
    props: dict[str, str]
    step_level: int | None       # the "Step" layer level (1 full, 2 reduced) or None
    _traits: tuple[str, ...] = ()  # trait prefixes, outermost first (to read D/ states)
    _prop_index: dict[str, int] = field(default_factory=dict)  # DynamicProperty name -> trait index
    _step_index: int | None = None

    @property
    def unit_id(self) -> str | None:
        return self.props.get("UnitId") or None

    @property
    def marker_id(self) -> str | None:
        return self.props.get("MarkerId") or None


def _chain(s: str) -> list[str]:
    """A decorator chain (type or state) split into one string per trait, outermost first."""
    out = []
    rest = s
    for _ in range(64):
        parts = decode(rest, "\t")
        out.append(parts[0])
        if len(parts) < 2:
            break
        rest = parts[1]
    return out


def parse_piece(pid: str, type_: str, state: str) -> Piece:
    types = _chain(type_)
    states = _chain(state)
    props: dict[str, str] = {}
    name = ""
    step_level = None
    step_index = None
    prefixes = []
    prop_index: dict[str, int] = {}
    map_, x, y = None, 0, 0
    for i, t in enumerate(types):
        st = states[i] if i < len(states) else ""
        prefix = t.split(";", 1)[0]
        prefixes.append(prefix)
        if prefix == "mark":
            keys = decode(t.split(";", 1)[1] if ";" in t else "", ",")
            vals = decode(st, ",")
            for k, v in zip(keys, vals + [""] * len(keys)):
                props.setdefault(k, v)
        elif prefix == "PROP":
            fields = decode(t, ";")
            if len(fields) > 1 and fields[1] and fields[1] not in props:
                props[fields[1]] = st
                prop_index[fields[1]] = i
        elif prefix == "emb2":
            fields = decode(t, ";")
            if len(fields) > 19 and fields[19] == "Step":
                step_index = i
                try:
                    step_level = int(st)
                except ValueError:
                    step_level = None
        elif prefix == "piece":
            fields = decode(t, ";")
            name = fields[4] if len(fields) > 4 else ""
            sf = decode(st, ";")
            map_ = sf[0] if sf and sf[0] not in ("", "null") else None
            try:
                x, y = int(sf[1]), int(sf[2])
            except (IndexError, ValueError):
                x, y = 0, 0
    return Piece(pid, name, map_, x, y, props, step_level, tuple(prefixes), prop_index, step_index)


def _level_of(piece: Piece, state: str) -> int | None:
    if piece._step_index is None:
        return None
    states = _chain(state)
    if piece._step_index >= len(states):
        return None
    try:
        return int(states[piece._step_index])
    except ValueError:
        return None


def _position_of(state: str) -> tuple[str | None, int, int] | None:
    sf = decode(_chain(state)[-1], ";")
    try:
        return (sf[0] if sf[0] not in ("", "null") else None), int(sf[1]), int(sf[2])
    except (IndexError, ValueError):
        return None


# ------------------------------------------------------------------------------------ decoding

_UNESCAPED_ESC = re.compile(r"(?<!\\)\x1b")


def _split_esc(s: str) -> list[str]:
    """``decode(s, ESC)``, fast when no token needs VASSAL's quote handling."""
    if ESC not in s:
        return [s]
    parts = _UNESCAPED_ESC.split(s)
    if any((p[:1] == "'" and p.endswith("'") and len(p) > 1) or p.endswith("\\") for p in parts):
        return decode(s, ESC)
    return [p.replace("\\" + ESC, ESC) for p in parts]


def flatten(command: str) -> list[str]:
    """The atomic commands of an ESC command tree, in pre-order."""
    parts = _split_esc(command)
    if len(parts) == 1:
        return [parts[0]]
    out: list[str] = []
    for p in parts:
        if p:
            out.extend(flatten(p))
    return out


def deobfuscate(data: bytes, file: str) -> str:
    if data.startswith(b"!VCSK"):
        body = data[5:].strip()
        try:
            key = int(body[:2], 16)
            raw = bytes.fromhex(body[2:].decode("ascii"))
        except (ValueError, UnicodeDecodeError):
            raise ModgenError("savedGame is not valid !VCSK hex", file=file) from None
        data = raw.translate(bytes(b ^ key for b in range(256))) if key else raw
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ModgenError("savedGame is not UTF-8 text", file=file) from None


def _read_entry(zf: zipfile.ZipFile, name: str, file: str) -> bytes | None:
    try:
        info = zf.getinfo(name)
    except KeyError:
        return None
    if info.file_size > MAX_ENTRY:
        raise ModgenError(f"entry {name} is too large ({info.file_size} bytes)", file=file)
    buf = bytearray()
    with zf.open(info) as f:
        while chunk := f.read(1 << 20):
            buf += chunk
            if len(buf) > MAX_ENTRY or (len(buf) > (1 << 20)
                                        and len(buf) > MAX_RATIO * max(info.compress_size, 1)):
                raise ModgenError(f"entry {name} expands too much (zip bomb?)", file=file)
    return bytes(buf)


@dataclass
class LogData:
    file: str
    module_name: str | None
    module_version: str | None
    pieces: dict[str, Piece]                 # the begin state
    turn_state: str | None                   # TURN… state at the begin state
    turn_label: str | None                   # the tracker's label at the begin state, when known
    steps: list[list[object]]                # events per LOG step (0-based list, step = index+1)
    undone: set[int] = field(default_factory=set)   # 1-based steps reversed by a later undo
    undo_steps: set[int] = field(default_factory=set)  # 1-based steps that are undos


def _meta_name(xml: bytes | None) -> tuple[str | None, str | None]:
    if not xml:
        return None, None
    try:
        parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
        root = etree.fromstring(xml, parser)
    except etree.XMLSyntaxError:
        return None, None
    name = root.findtext("name")
    version = root.findtext("version")
    return name, version


def read_log(path: str | Path) -> LogData:
    file = str(path)
    try:
        with zipfile.ZipFile(path) as zf:
            saved = _read_entry(zf, "savedGame", file)
            meta = _read_entry(zf, "moduledata", file)
    except (OSError, zipfile.BadZipFile) as e:
        raise ModgenError(f"not a VASSAL log (zip): {e}", file=file) from None
    if saved is None:
        raise ModgenError("no savedGame entry: not a VASSAL save or log", file=file)
    name, version = _meta_name(meta)
    return parse_log(deobfuscate(saved, file), file=file, module_name=name, module_version=version)


def parse_log(text: str, *, file: str = "<log>", module_name: str | None = None,
              module_version: str | None = None) -> LogData:
    top = _split_esc(text)
    if not top or top[0] != "begin_save":
        raise ModgenError("savedGame does not start with begin_save", file=file)
    try:
        end = top.index("end_save")
    except ValueError:
        raise ModgenError("savedGame has no end_save", file=file) from None
    pieces: dict[str, Piece] = {}
    turn_state = None
    for tok in top[1:end]:
        for cmd in flatten(tok) if tok else []:
            if cmd.startswith("+/"):
                _add(cmd, pieces)
            elif cmd.startswith("TURN"):
                turn_state = cmd.split("\t", 1)[1] if "\t" in cmd else ""
    data = LogData(file, module_name, module_version, pieces, turn_state, None, [])
    live = {k: Piece(**{**v.__dict__, "props": dict(v.props)}) for k, v in pieces.items()}
    open_steps: list[int] = []
    for tok in top[end + 1:]:
        if not tok:
            continue
        cmds = [c[4:] if c.startswith("LOG\t") else c for c in flatten(tok)]
        cmds = [c for c in cmds if c and c != "null"]
        events: list[object] = []
        n = len(data.steps) + 1
        if cmds and cmds[0] == "UNDO\ttrue":
            data.undo_steps.add(n)
            while open_steps:
                s = open_steps.pop()
                if s not in data.undone:
                    data.undone.add(s)
                    break
        else:
            open_steps.append(n)
        pending_label = None
        for cmd in cmds:
            ev = _event(cmd, live)
            if isinstance(ev, ChatLine) and "Turn Updated from" in ev.text:
                before, _, pending_label = ev.text.split("Turn Updated from", 1)[1].rpartition(" to ")
                pending_label = pending_label.strip()
                if data.turn_label is None:
                    data.turn_label = before.strip()
            if isinstance(ev, TurnChanged):
                ev = TurnChanged(ev.tracker, ev.state, pending_label)
            if ev is not None:
                events.append(ev)
        data.steps.append(events)
    return data


def _add(cmd: str, pieces: dict[str, Piece]) -> Piece | None:
    f = decode(cmd, "/")
    if len(f) < 4 or f[2] == "stack" or f[1] in ("", "null"):
        return None
    p = parse_piece(f[1], f[2], f[3])
    pieces[p.id] = p
    return p


def _int(s: str) -> int:
    try:
        return int(s)
    except ValueError:
        return 0


def _event(cmd: str, pieces: dict[str, Piece]) -> object | None:
    if cmd.startswith("+/"):
        head = cmd[2:cmd.find("/", 2) + 7] if cmd.find("/", 2) > 0 else ""
        if head.endswith("/stack") or head.endswith("/stack/"):
            return None
        p = _add(cmd, pieces)
        return Added(p.id, Piece(**{**p.__dict__, "props": dict(p.props)})) if p else None
    if cmd.startswith("M/"):
        f = cmd.split("/") if "\\" not in cmd and "'" not in cmd else decode(cmd, "/")
        if len(f) < 9:
            return None
        pid = f[1]
        ev = Moved(pid, None if f[2] == "null" else f[2], _int(f[3]), _int(f[4]),
                   None if f[6] == "null" else f[6], _int(f[7]), _int(f[8]))
        p = pieces.get(pid)
        if p is not None:
            p.map, p.x, p.y = ev.map, ev.x, ev.y
        return ev
    if cmd.startswith("D/"):
        f = decode(cmd, "/")
        p = pieces.get(f[1]) if len(f) > 2 else None
        if p is None:
            return None
        states = _chain(f[2])
        for prop, i in p._prop_index.items():
            if i < len(states):
                p.props[prop] = states[i]
        after = _level_of(p, f[2])
        before = p.step_level
        if after is not None:
            p.step_level = after
        pos = _position_of(f[2])
        if pos:
            p.map, p.x, p.y = pos
        return Changed(p.id, before, after) if after != before else None
    if cmd.startswith("-/"):
        pid = cmd[2:]
        pieces.pop(pid, None)
        return Removed(pid)
    if cmd.startswith("CHAT"):
        return ChatLine(cmd[4:])
    if cmd.startswith("TURN"):
        tracker, _, state = cmd[4:].partition("\t")
        return TurnChanged(tracker, state, None)
    if cmd.startswith("MutableProperty\t"):
        f = cmd.split("\t")
        if len(f) >= 4 and f[1].endswith("_result"):
            return DiceRolled(f[1][:-len("_result")], f[3])
        return None
    return None
