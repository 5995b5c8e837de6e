"""``modgen diff A B``: what changed between two VASSAL modules, or between two saves/logs.

Modules (a ``.vmod`` or a bare ``buildFile.xml``, ours or any published one) are compared as
VASSAL sees them:

* **components**: the buildFile's element tree, each element named by its class and its name
  attribute (``Map[Main Map]/BoardPicker/Board[6-4]/HexGrid``): added, removed, attributes and
  text changed (palette pieces and prototypes are compared in their own sections);
* **pieces** (palette slots, by entry name) and **prototypes** (by name): the trait that
  changed, decoded (``Layer 'Step': level 2 image a.png → b.png``, ``Marker Strength 5 → 4``,
  ``Basic piece: name …``), traits added and removed;
* **images** (``images/`` in the archives): added, removed, and for a changed image how many
  pixels differ and where (or the new size);
* **predefined set-ups**: each set-up's save, its units by name, hexes from that module's own
  grid (``35 Inf XX 1722 → 1723``), units added and removed, layers and properties changed.

Two saves (``.vsav``/``.vlog``: their begin state) are compared the same way as two set-ups:
pieces matched by VASSAL id when the two share most ids (two moments of one game), by name
otherwise; positions (hexes with ``--module``), layers, properties, the turn tracker, global
properties.

Exit 0 = the same, 1 = different, 2 = unusable input (not VASSAL files, a module against a
save, or two files that share nothing: different modules with no piece or map in common).
"""
from __future__ import annotations

import difflib
import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import ModgenError
from ..vassal.sequence import decode as seq_decode
from .traitnames import field_name, trait_name

_P = "VASSAL.build."
_SLOTS = {_P + "widget.PieceSlot", _P + "widget.CardSlot"}
_PROTO = _P + "module.PrototypeDefinition"
_NAME_ATTRS = ("name", "mapName", "entryName", "configureName", "title", "text", "buttonText",
               "fileName")
MAX_PIXELS = 64_000_000           # images larger than this are compared by bytes only
MAX_QUOTE = 70


def _q(s: Any) -> str:
    if s is None:
        return "(unset)"
    s = str(s)
    if len(s) > MAX_QUOTE:
        s = s[:MAX_QUOTE - 1] + "…"
    return repr(s)


@dataclass
class Change:
    section: str          # components, pieces, prototypes, images, setups, pieces-in-save, game
    kind: str             # added, removed, changed, moved
    what: str
    details: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"section": self.section, "kind": self.kind, "what": self.what,
                "details": self.details}

    def line(self) -> str:
        d = ("; ".join(self.details)) if self.details else ""
        return f"  {self.kind:8s} {self.what}" + (f": {d}" if d else "")


@dataclass
class DiffReport:
    a: str
    b: str
    kind: str             # "module" or "save"
    changes: list[Change]

    @property
    def same(self) -> bool:
        return not self.changes

    def to_json(self) -> dict:
        return {"a": self.a, "b": self.b, "kind": self.kind, "same": self.same,
                "changes": [c.to_json() for c in self.changes]}

    def text(self) -> str:
        head = f"modgen diff: {self.a} → {self.b}"
        if self.same:
            return head + f": the same ({'module' if self.kind == 'module' else 'save'})\n"
        lines = [head + f": {len(self.changes)} difference{'s' if len(self.changes) != 1 else ''}"]
        section = None
        for c in self.changes:
            if c.section != section:
                section = c.section
                lines.append(f"{section}:")
            lines.append(c.line())
        return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- reading

@dataclass
class ModuleSide:
    path: str
    root: Any                     # lxml root of the buildFile
    module: Any                   # modgen.vassal.buildfile.Module
    entries: dict[str, bytes]     # archive entries (empty for a bare buildFile)


@dataclass
class SaveSide:
    path: str
    saved: Any                    # SavedGame
    state: Any                    # GameState at the end (a save: its begin state)
    moduledata: dict
    savedata: dict


def _read(path: str):
    from ..vassal.archive import Limits, open_archive, safe_xml_parser
    from ..vassal.buildfile import read_module
    from lxml import etree
    p = Path(path)
    if not p.is_file():
        raise ModgenError("file not found", file=path)
    try:
        data = p.read_bytes()
    except OSError as e:
        raise ModgenError(f"cannot read: {e.strerror}", file=path) from None
    if data[:2] == b"PK":
        with open_archive(data, Limits(), name=path) as ar:
            names = ar.names()
            if "savedGame" in names:
                return _read_save(path, data)
            if "buildFile.xml" not in names and "buildFile" not in names:
                raise ModgenError("neither a VASSAL module (no buildFile.xml) nor a save "
                                  "(no savedGame)", file=path)
            module = read_module(data, name=path)
            setups = {f for _, f in module.predefined_setups if f}
            entries = {n: ar.read(n) for n in names
                       if n.startswith("images/") or n in setups
                       or n in ("buildFile.xml", "buildFile")}
        xml = entries.get("buildFile.xml") or entries.get("buildFile")
    else:
        head = data.lstrip()[:200]
        if not head.startswith(b"<"):
            raise ModgenError("neither a VASSAL module, a buildFile.xml nor a save", file=path)
        xml, entries = data, {}
        module = read_module(data, name=path)
    root = etree.fromstring(xml, safe_xml_parser())
    return ModuleSide(path, root, module, entries)


def _read_save(path: str, data: bytes, module: Any = None, name: str | None = None) -> SaveSide:
    from ..replay.state import GameState
    from ..vassal.archive import read_saved_game
    from ..vassal.commands import parse_saved_game
    sf = read_saved_game(data, name=name or path)
    try:
        saved = parse_saved_game(sf.text)
    except ModgenError as e:
        raise ModgenError(e.message, file=name or path) from None
    if saved.steps:
        from ..replay import replay
        gs = replay(saved, module).final
    else:
        gs = GameState(module)
        gs.apply_all(saved.initial)
    return SaveSide(name or path, saved, gs, dict(sf.moduledata), dict(sf.savedata))


# --------------------------------------------------------------------------- components

def _short(tag: str) -> str:
    return tag.rsplit(".", 1)[-1]


def _label(el) -> str:
    for a in _NAME_ATTRS:
        v = el.get(a)
        if v:
            return f"{_short(el.tag)}[{v}]"
    return _short(el.tag)


def _children(el) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for c in el:
        if not isinstance(c.tag, str) or c.tag in _SLOTS or c.tag == _PROTO:
            continue
        key = _label(c)
        n, k = 1, key
        while k in out:
            n += 1
            k = f"{key}#{n}"
        out[k] = c
    return out


def _count(el) -> int:
    return 1 + sum(_count(c) for c in el if isinstance(c.tag, str)
                   and c.tag not in _SLOTS and c.tag != _PROTO)


def _own_text(el) -> str:
    return (el.text or "").strip() if el.tag not in _SLOTS and el.tag != _PROTO else ""


def _components(a, b, path: str, out: list[Change]) -> None:
    details = []
    for k in sorted(set(a.attrib) | set(b.attrib)):
        va, vb = a.get(k), b.get(k)
        if va == vb:
            continue
        if va is None:
            details.append(f"attribute {k} added: {_q(vb)}")
        elif vb is None:
            details.append(f"attribute {k} removed (was {_q(va)})")
        else:
            details.append(f"{k} {_q(va)} → {_q(vb)}")
    ta, tb = _own_text(a), _own_text(b)
    if ta != tb:
        details.append(f"text {_q(ta)} → {_q(tb)}")
    if details:
        out.append(Change("components", "changed", path, details))
    ca, cb = _children(a), _children(b)
    for k in ca:
        if k not in cb:
            n = _count(ca[k])
            out.append(Change("components", "removed", f"{path}/{k}",
                              [f"{n} components"] if n > 1 else []))
    for k in cb:
        if k not in ca:
            n = _count(cb[k])
            out.append(Change("components", "added", f"{path}/{k}",
                              [f"{n} components"] if n > 1 else []))
    for k in ca:
        if k in cb:
            _components(ca[k], cb[k], f"{path}/{k}", out)


# --------------------------------------------------------------------------- traits

def _identity(t) -> tuple:
    from ..vassal.traits import parse_embellishment
    f = seq_decode(t.type, ";")
    if t.prefix in ("emb2;", "emb;"):
        return (t.prefix, parse_embellishment(t).name)
    if t.prefix == "mark;":
        return (t.prefix, f[1] if len(f) > 1 else "")
    if t.prefix in ("PROP;", "prototype;", "calcProp;"):
        return (t.prefix, f[1] if len(f) > 1 else "")
    return (t.prefix,)


def _title(t) -> str:
    ident = _identity(t)
    name = trait_name(t.prefix)
    return f"{name} {ident[1]!r}" if len(ident) > 1 and ident[1] else name


def _layer_changes(ta, tb) -> list[str]:
    from ..vassal.traits import parse_embellishment
    ea, eb = parse_embellishment(ta), parse_embellishment(tb)
    out = []
    title = _title(tb)
    for i in range(max(len(ea.images), len(eb.images))):
        ia = ea.images[i] if i < len(ea.images) else None
        ib = eb.images[i] if i < len(eb.images) else None
        na = ea.level_names[i] if i < len(ea.level_names) else None
        nb = eb.level_names[i] if i < len(eb.level_names) else None
        if ia is None:
            out.append(f"{title}: level {i + 1} added (image {ib}, name {_q(nb)})")
        elif ib is None:
            out.append(f"{title}: level {i + 1} removed (was image {ia})")
        else:
            if ia != ib:
                out.append(f"{title}: level {i + 1} image {ia or '(none)'} → {ib or '(none)'}")
            if na != nb:
                out.append(f"{title}: level {i + 1} name {_q(na)} → {_q(nb)}")
    fa, fb = seq_decode(ta.type, ";")[1:], seq_decode(tb.type, ";")[1:]
    for i in range(max(len(fa), len(fb))):
        if i in (15, 16):               # images, level names: described above
            continue
        va = fa[i] if i < len(fa) else None
        vb = fb[i] if i < len(fb) else None
        if va != vb:
            out.append(f"{title}: {field_name(ta.prefix, i)} {_q(va)} → {_q(vb)}")
    if ea.level != eb.level:
        out.append(f"{title}: current level {ea.level} → {eb.level}")
    return out


def _marker_changes(ta, tb) -> list[str]:
    fa, fb = seq_decode(ta.type, ";"), seq_decode(tb.type, ";")
    ka = seq_decode(fa[1], ",") if len(fa) > 1 and fa[1] else []
    kb = seq_decode(fb[1], ",") if len(fb) > 1 and fb[1] else []
    va = seq_decode(ta.state, ",") if ta.state else []
    vb = seq_decode(tb.state, ",") if tb.state else []
    da = {k: (va[i] if i < len(va) else "") for i, k in reversed(list(enumerate(ka)))}
    db = {k: (vb[i] if i < len(vb) else "") for i, k in reversed(list(enumerate(kb)))}
    out = []
    for k in list(dict.fromkeys(ka + kb)):
        if k not in db:
            out.append(f"Marker {k} removed (was {_q(da[k])})")
        elif k not in da:
            out.append(f"Marker {k} added: {_q(db[k])}")
        elif da[k] != db[k]:
            out.append(f"Marker {k} {da[k]} → {db[k]}")
    return out


def _basic_changes(ta, tb, with_state: bool) -> list[str]:
    from ..vassal.traits import parse_basic_state
    out = []
    fa, fb = seq_decode(ta.type, ";")[1:], seq_decode(tb.type, ";")[1:]
    for i in range(max(len(fa), len(fb))):
        va = fa[i] if i < len(fa) else ""
        vb = fb[i] if i < len(fb) else ""
        if va != vb:
            out.append(f"Basic piece: {field_name('piece;', i)} {_q(va)} → {_q(vb)}")
    if with_state and ta.state != tb.state:
        ma, xa, ya, ga, pa = parse_basic_state(ta.state)
        mb, xb, yb, gb, pb = parse_basic_state(tb.state)
        if ga != gb:
            out.append(f"Basic piece: gpid {ga} → {gb}")
        for k in sorted(set(pa) | set(pb)):
            if k != "UniqueID" and pa.get(k) != pb.get(k):
                out.append(f"Basic piece: property {k} {_q(pa.get(k))} → {_q(pb.get(k))}")
    return out


def _generic_changes(ta, tb) -> list[str]:
    out = []
    title = _title(tb)
    fa, fb = seq_decode(ta.type, ";")[1:], seq_decode(tb.type, ";")[1:]
    for i in range(max(len(fa), len(fb))):
        va = fa[i] if i < len(fa) else None
        vb = fb[i] if i < len(fb) else None
        if va != vb:
            out.append(f"{title}: {field_name(ta.prefix, i)} {_q(va)} → {_q(vb)}")
    if ta.state != tb.state:
        if ta.prefix == "PROP;":
            out.append(f"{title}: value {_q(ta.state)} → {_q(tb.state)}")
        else:
            out.append(f"{title}: state {_q(ta.state)} → {_q(tb.state)}")
    return out


def trait_changes(type_a: str, state_a: str, type_b: str, state_b: str, *,
                  with_state: bool = True) -> list[str]:
    """The decoded differences between two pieces' trait chains (outermost first)."""
    from ..vassal.traits import parse_piece
    if (type_a, state_a) == (type_b, state_b):
        return []
    pa, pb = parse_piece(type_a, state_a), parse_piece(type_b, state_b)
    ia, ib = [_identity(t) for t in pa.traits], [_identity(t) for t in pb.traits]
    out: list[str] = []
    sm = difflib.SequenceMatcher(a=ia, b=ib, autojunk=False)
    for op, a0, a1, b0, b1 in sm.get_opcodes():
        if op == "equal":
            for ta, tb in zip(pa.traits[a0:a1], pb.traits[b0:b1]):
                if ta.type == tb.type and (ta.state == tb.state or not with_state):
                    continue
                if ta.prefix in ("emb2;", "emb;") and ta.prefix == tb.prefix:
                    ch = _layer_changes(ta, tb)
                    if not with_state:
                        ch = [c for c in ch if "current level" not in c]
                elif ta.prefix == "mark;":
                    ch = _marker_changes(ta, tb)
                elif ta.prefix == "piece;":
                    ch = _basic_changes(ta, tb, with_state)
                else:
                    ch = _generic_changes(ta, tb)
                    if not with_state:
                        ch = [c for c in ch if ": state " not in c and ": value " not in c]
                out.extend(ch)
        else:
            for t in pa.traits[a0:a1]:
                out.append(f"trait removed: {_title(t)}")
            for t in pb.traits[b0:b1]:
                out.append(f"trait added: {_title(t)}")
    if [(t.prefix) for t in pa.traits] == [(t.prefix) for t in pb.traits] and not out \
            and (type_a != type_b):
        out.append("trait order or encoding changed")
    return out


def _slots(root) -> dict[str, tuple[str, str]]:
    from ..vassal.buildfile import _parse_add_text
    from ..vassal.traits import parse_piece
    out: dict[str, tuple[str, str]] = {}
    for el in root.iter():
        if isinstance(el.tag, str) and el.tag in _SLOTS:
            parsed = _parse_add_text(el.text or "")
            if parsed is None:
                continue
            name = el.get("entryName") or ""
            if not name:
                try:
                    name = parse_piece(*parsed).basic.name
                except ModgenError:
                    name = "(unnamed)"
            k, n = name, 1
            while k in out:
                n += 1
                k = f"{name} #{n}"
            out[k] = parsed
    return out


def _pieces(section: str, a: dict, b: dict, out: list[Change]) -> None:
    for k in a:
        if k not in b:
            out.append(Change(section, "removed", k))
    for k in b:
        if k not in a:
            out.append(Change(section, "added", k))
    for k in a:
        if k in b and a[k] != b[k]:
            try:
                details = trait_changes(*a[k], *b[k], with_state=True)
            except ModgenError as e:
                details = [f"cannot decode the traits: {e.message}"]
            out.append(Change(section, "changed", k, details or ["encoding changed"]))


# --------------------------------------------------------------------------- images

def _image_change(da: bytes, db: bytes) -> list[str]:
    try:
        from PIL import Image, ImageChops
        with Image.open(io.BytesIO(da)) as ia, Image.open(io.BytesIO(db)) as ib:
            if ia.size[0] * ia.size[1] > MAX_PIXELS or ib.size[0] * ib.size[1] > MAX_PIXELS:
                return [f"{ia.size[0]}x{ia.size[1]} → {ib.size[0]}x{ib.size[1]} px; too large "
                        "to compare pixels: the bytes differ"]
            if ia.size != ib.size:
                return [f"size {ia.size[0]}x{ia.size[1]} → {ib.size[0]}x{ib.size[1]} px"]
            a, b = ia.convert("RGBA"), ib.convert("RGBA")
    except Exception as e:  # noqa: BLE001 — an image Pillow cannot read: bytes only
        return [f"the bytes differ (not comparable as images: {type(e).__name__})"]
    diff = ImageChops.difference(a, b)
    bands = [band.point(lambda v: 255 if v else 0) for band in diff.split()]
    mask = bands[0]
    for band in bands[1:]:
        mask = ImageChops.lighter(mask, band)
    n = mask.histogram()[255]
    total = a.size[0] * a.size[1]
    if n == 0:
        return ["same pixels, other bytes (encoding or metadata)"]
    x0, y0, x1, y1 = mask.getbbox()
    return [f"{n} of {total} pixels differ ({100 * n / total:.1f}%), within x {x0}-{x1 - 1}, "
            f"y {y0}-{y1 - 1}"]


def _images(a: ModuleSide, b: ModuleSide, out: list[Change]) -> None:
    ia = {k: v for k, v in a.entries.items() if k.startswith("images/")}
    ib = {k: v for k, v in b.entries.items() if k.startswith("images/")}
    for k in sorted(ia):
        if k not in ib:
            out.append(Change("images", "removed", k))
    for k in sorted(ib):
        if k not in ia:
            out.append(Change("images", "added", k))
    for k in sorted(ia):
        if k in ib and ia[k] != ib[k]:
            out.append(Change("images", "changed", k, _image_change(ia[k], ib[k])))


# --------------------------------------------------------------------------- saves

def _where(gs, p, module) -> str:
    m, x, y = p.position
    if m is None:
        return "nowhere (not on a map)"
    loc = None
    if module is not None:
        try:
            loc = module.location_name(m, x, y)
        except Exception:  # noqa: BLE001 — a board the module does not know
            loc = None
    return f"{m} {loc}" if loc and loc != "offboard" else f"{m} {x},{y}"


def _short_where(wa: str, wb: str) -> tuple[str, str]:
    """``Main Map 1722`` → ``Main Map 1723`` reads as ``1722 → 1723`` (same map)."""
    ma, _, la = wa.rpartition(" ")
    mb, _, lb = wb.rpartition(" ")
    return (la, lb) if ma == mb and ma else (wa, wb)


def _piece_facts(p) -> dict:
    return {"layers": dict(p.layers), "properties": {k: v for k, v in p.properties.items()}}


def _state_changes(pa, pb) -> list[str]:
    out = []
    fa, fb = _piece_facts(pa), _piece_facts(pb)
    for k in sorted(set(fa["layers"]) | set(fb["layers"])):
        va, vb = fa["layers"].get(k), fb["layers"].get(k)
        if va != vb:
            out.append(f"layer {k or '(unnamed)'} level {va} → {vb}")
    for k in sorted(set(fa["properties"]) | set(fb["properties"])):
        va, vb = fa["properties"].get(k), fb["properties"].get(k)
        if va != vb:
            out.append(f"{k} {va} → {vb}")
    if pa.name != pb.name and not out:
        out.append(f"name {_q(pa.name)} → {_q(pb.name)}")
    return out


def _units(gs) -> list:
    return [p for p in gs.pieces.values() if p.type != "stack"]


def compare_states(a, b, ma, mb, section: str, out: list[Change], *, by_id: bool | None = None
                   ) -> None:
    """Pieces of two game states: moved, changed, added, removed (by id or by name)."""
    ua, ub = _units(a), _units(b)
    if by_id is None:
        common = set(a.pieces) & set(b.pieces)
        by_id = bool(ua) and len(common) >= 0.5 * min(len(ua), len(ub) or 1)
    if by_id:
        pairs = [(a.pieces[i], b.pieces[i]) for i in sorted(set(a.pieces) & set(b.pieces))
                 if a.pieces[i].type != "stack"]
        gone = [p for p in ua if p.id not in b.pieces]
        new = [p for p in ub if p.id not in a.pieces]
    else:
        pairs, gone, new = [], [], []
        names = sorted({p.name for p in ua} | {p.name for p in ub})
        for n in names:
            la = sorted((p for p in ua if p.name == n), key=lambda p: _where(a, p, ma))
            lb = sorted((p for p in ub if p.name == n), key=lambda p: _where(b, p, mb))
            # pieces that stayed first (same place), then the rest paired in order
            wb = [_where(b, p, mb) for p in lb]
            rest_a, used = [], set()
            for p in la:
                w = _where(a, p, ma)
                j = next((j for j, x in enumerate(wb) if x == w and j not in used), None)
                if j is None:
                    rest_a.append(p)
                else:
                    used.add(j)
                    pairs.append((p, lb[j]))
            rest_b = [p for j, p in enumerate(lb) if j not in used]
            pairs += list(zip(rest_a, rest_b))
            gone += rest_a[len(rest_b):]
            new += rest_b[len(rest_a):]
    moved, changed = [], []
    for pa, pb in pairs:
        wa, wb = _where(a, pa, ma), _where(b, pb, mb)
        st = _state_changes(pa, pb)
        name = pb.name or pb.basic_name or pb.id
        if wa != wb:
            sa, sb = _short_where(wa, wb)
            moved.append(Change(section, "moved", f"{name} {sa} → {sb}", st))
        elif st:
            changed.append(Change(section, "changed", name, st))
    out.extend(sorted(moved, key=lambda c: c.what))
    out.extend(sorted(changed, key=lambda c: c.what))
    for p in sorted(gone, key=lambda p: p.name):
        out.append(Change(section, "removed", f"{p.name or p.id} (was at {_where(a, p, ma)})"))
    for p in sorted(new, key=lambda p: p.name):
        out.append(Change(section, "added", f"{p.name or p.id} at {_where(b, p, mb)}"))


def _game_changes(a, b, ma, mb, section: str, out: list[Change]) -> None:
    for tid in sorted(set(a.turn_states) | set(b.turn_states)):
        sa, sb = a.turn_states.get(tid), b.turn_states.get(tid)
        if sa != sb:
            da, db = sa, sb
            tr = mb.tracker(tid) if mb is not None and hasattr(mb, "tracker") else None
            if tr is not None:
                from ..vassal.buildfile import decode_turn_state
                try:
                    da = " ".join(v for _, v in decode_turn_state(tr, sa or "")) or sa
                    db = " ".join(v for _, v in decode_turn_state(tr, sb or "")) or sb
                except Exception:  # noqa: BLE001 — undecodable: the raw states
                    da, db = sa, sb
            out.append(Change(section, "changed", f"turn tracker {tid}", [f"{da} → {db}"]))
    for k in sorted(set(a.properties) | set(b.properties)):
        va, vb = a.properties.get(k), b.properties.get(k)
        if va != vb:
            out.append(Change(section, "changed", f"property {k[1]} ({k[0]})",
                              [f"{_q(va)} → {_q(vb)}"]))
    for mid in sorted(set(a.boards) | set(b.boards)):
        if a.boards.get(mid) != b.boards.get(mid):
            out.append(Change(section, "changed", f"boards of {mid}",
                              [f"{a.boards.get(mid)} → {b.boards.get(mid)}"]))


def _metadata_changes(a: SaveSide, b: SaveSide) -> list[str]:
    out = []
    for entry, da, db in (("savedata", a.savedata, b.savedata),
                          ("moduledata", a.moduledata, b.moduledata)):
        for k in sorted(set(da) | set(db)):
            if da.get(k) != db.get(k):
                out.append(f"{entry} {k} {_q(da.get(k))} → {_q(db.get(k))}")
    return out


def _setups(a: ModuleSide, b: ModuleSide, out: list[Change]) -> None:
    sa = {n: f for n, f in a.module.predefined_setups}
    sb = {n: f for n, f in b.module.predefined_setups}
    for n in sa:
        if n not in sb:
            out.append(Change("setups", "removed", f"set-up {n!r}"))
    for n in sb:
        if n not in sa:
            out.append(Change("setups", "added", f"set-up {n!r}"))
    for n in sa:
        if n not in sb:
            continue
        fa, fb = sa[n], sb[n]
        da, db = a.entries.get(fa) if fa else None, b.entries.get(fb) if fb else None
        if da == db:
            continue
        if da is None or db is None:
            out.append(Change("setups", "changed", f"set-up {n!r}",
                              [f"file {fa or '(none)'} → {fb or '(none)'}"]))
            continue
        # (a save's BoardPicker sets its module's board layout: each pair is compared before
        # the next set-up is read)
        sva = _read_save(a.path, da, a.module, name=f"{a.path}:{fa}")
        svb = _read_save(b.path, db, b.module, name=f"{b.path}:{fb}")
        ga, gb = sva.state, svb.state
        sub: list[Change] = []
        compare_states(ga, gb, ga.module, gb.module, "setups", sub, by_id=False)
        _game_changes(ga, gb, ga.module, gb.module, "setups", sub)
        if not sub:
            meta = _metadata_changes(sva, svb)
            sub.append(Change("setups", "changed", "", ["same pieces, positions and states"]
                              + (meta or ["other bytes"])))
        for c in sub:
            c.what = f"set-up {n!r}: {c.what}" if c.what else f"set-up {n!r}"
        out.extend(sub)


# --------------------------------------------------------------------------- entry

def diff_files(path_a: str, path_b: str, *, module: str | None = None) -> DiffReport:
    """Compare two modules or two saves. ``module`` (for saves): the .vmod whose grids name
    the hexes."""
    a, b = _read(path_a), _read(path_b)
    if type(a) is not type(b):
        ka = "a module" if isinstance(a, ModuleSide) else "a save"
        kb = "a module" if isinstance(b, ModuleSide) else "a save"
        raise ModgenError(f"this is {kb} but {path_a} is {ka}: only two modules or two saves "
                          "can be compared", file=path_b)
    out: list[Change] = []
    if isinstance(a, ModuleSide):
        pa, pb = _slots(a.root), _slots(b.root)
        # two modules of other names sharing (almost) no piece or prototype name are not two
        # versions of one module: "Turn 1" or "Marker" alone do not make them related
        na, nb = set(pa) | set(a.module.prototypes), set(pb) | set(b.module.prototypes)
        if a.module.name != b.module.name and len(na & nb) < 0.1 * max(1, min(len(na), len(nb))):
            raise ModgenError(f"unrelated modules: {b.module.name!r} here and "
                              f"{a.module.name!r} in {path_a} share {len(na & nb)} of their "
                              "piece and prototype names", file=path_b)
        _components(a.root, b.root, _short(a.root.tag), out)
        _pieces("pieces", pa, pb, out)
        protos = lambda r: {el.get("name", ""): _add_text(el) for el in r.iter(_PROTO)}  # noqa: E731
        _pieces("prototypes", {k: v for k, v in protos(a.root).items() if v},
                {k: v for k, v in protos(b.root).items() if v}, out)
        _images(a, b, out)
        _setups(a, b, out)
        return DiffReport(path_a, path_b, "module", out)
    mod = None
    if module is not None:
        from ..vassal.buildfile import read_module
        mod = read_module(module)
    a = _read_save(path_a, a.path and Path(path_a).read_bytes(), mod)
    ma = mod
    if mod is not None:
        mod_b = read_module(module)          # its own copy: BoardPicker changes the layout
    else:
        mod_b = None
    b = _read_save(path_b, Path(path_b).read_bytes(), mod_b)
    names_a = {p.name for p in _units(a.state)}
    names_b = {p.name for p in _units(b.state)}
    if (a.moduledata.get("name") != b.moduledata.get("name") and not names_a & names_b):
        raise ModgenError(f"unrelated saves: this one of module {b.moduledata.get('name')!r} and "
                          f"{path_a} of {a.moduledata.get('name')!r} share no piece", file=path_b)
    compare_states(a.state, b.state, ma, mod_b, "pieces", out)
    _game_changes(a.state, b.state, ma, mod_b, "game", out)
    # (the metadata — dateSaved, description — is not the game: two saves of one position
    # are the same)
    return DiffReport(path_a, path_b, "save", out)


def _add_text(el):
    from ..vassal.buildfile import _parse_add_text
    return _parse_add_text(el.text or "")
