"""Game-piece type/state strings: decorator chains of traits (vassal-format.md §3.2-3.4).

``type`` = outermost trait's type TAB (inner chain, escaped one level) … ending in ``piece;…``
(BasicPiece); ``state`` is built the same way. :func:`parse_piece` peels the chain and keeps every
trait's own type and state verbatim (traits not modelled stay opaque but intact), so a piece
re-encodes exactly. Modelled: BasicPiece, Marker (``mark;``), Embellishment (``emb2;``/``emb;``)
levels and names, DynamicProperty (``PROP;``) values, UsePrototype (``prototype;``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from ..errors import ModgenError
from .sequence import Decoder, SequenceEncoder, decode as seq_decode

TAB = "\t"

__all__ = ["Trait", "BasicPiece", "Piece", "parse_piece", "parse_stack_state", "StackState",
           "expand_prototypes", "split_chain", "join_chain", "split_levels", "join_levels", "parse_basic_state", "trait_prefix", "MAX_TRAITS",
           "Embellishment", "parse_embellishment", "layer_name"]

#: Longest decorator chain accepted (real pieces have tens of traits).
MAX_TRAITS = 2000


def trait_prefix(type_: str) -> str:
    """``BasicCommandEncoder``'s type prefix: up to and including the first ``;`` (or all)."""
    i = type_.find(";")
    return type_ if i < 0 else type_[:i + 1]


def _unq(t: str) -> str:
    return t[1:-1] if len(t) > 1 and t[0] == "'" and t[-1] == "'" else t


def _split2(s: str) -> tuple[str, str | None]:
    """First TAB-token and the rest (one level unescaped), as ``Decoder.nextToken`` twice.

    Fast path with C-level string operations; anything unusual (an unescaped TAB in the rest)
    goes through the exact port of VASSAL's decoder.
    """
    i = s.find("\t")
    while i > 0 and s[i - 1] == "\\":
        i = s.find("\t", i + 1)
    if i < 0:
        return _unq(s.replace("\\\t", "\t")), None
    rest = s[i + 1:]
    if rest.count("\t") != rest.count("\\\t"):  # an unescaped TAB in the rest: exact port
        d = Decoder(s, "\t")
        first = d.token("")
        return first, (d.token(None) if d.has_more() else None)
    return _unq(s[:i].replace("\\\t", "\t")), _unq(rest.replace("\\\t", "\t"))


def split_levels(s: str, n: int | None = None) -> list[str]:
    """Split one decorator chain string (a type or a state) into one string per trait,
    outermost first.

    ``Decorator.getType/getState`` nest with the same TAB delimiter, so each level is one
    ``SequenceEncoder('\\t')`` pair (own, inner) and the separator after the j-th element is a
    TAB preceded by exactly j backslashes. ``n`` = number of traits when known (a piece's state
    chain has as many elements as its type chain). Strings with quotes or TABs inside a trait's
    own text take VASSAL's decoder level by level; the common case is one scan (the replay
    splits every ``D/`` of a long log with this, see benchmarks/bench_replay.py).
    """
    if "'" not in s:
        fast = _levels_fast(s, n)
        if fast is not None:
            return fast
    return _levels_slow(s, n)


def _levels_fast(s: str, n: int | None) -> list[str] | None:
    out: list[str] = []
    start = 0
    j = 0
    pos = s.find(TAB)
    limit = None if n is None else n - 1
    while pos != -1 and (limit is None or j < limit):
        k = pos
        while k > start and s[k - 1] == "\\":
            k -= 1
        b = pos - k
        if b == j:
            own = s[start:k]
            if TAB in own:
                return None
            out.append(own)
            start = pos + 1
            j += 1
        elif b < j:
            return None  # not a well-formed chain: let the real decoder decide
        pos = s.find(TAB, pos + 1)
    last = s[start:]
    if TAB in last:
        return None
    out.append(last)
    return out


def _levels_slow(s: str, n: int | None) -> list[str]:
    out: list[str] = []
    rest: str | None = s
    while rest is not None:
        if n is not None and len(out) == n - 1:
            out.append(rest)
            break
        if TAB not in rest:
            out.append(rest)
            break
        d = Decoder(rest, TAB)
        own = next(d)
        inner = d.token(None)
        out.append(own)
        rest = inner
    return out


def join_levels(parts: list[str]) -> str:
    """Inverse of :func:`split_levels` (``SequenceEncoder('\\t')`` nesting)."""
    if not parts:
        return ""
    s = parts[-1]
    if any(TAB in p or p[:1] in ("\\", "'") for p in parts):
        for own in reversed(parts[:-1]):
            s = SequenceEncoder(TAB, own).append(s).value or ""
        return s
    for own in reversed(parts[:-1]):
        s = own + TAB + (s.replace(TAB, "\\" + TAB) if TAB in s else s)
    return s


def split_chain(type_: str, state: str) -> list[tuple[str, str]]:
    """[(trait type, trait state)] outermost first; the BasicPiece (or whatever is innermost) last.

    Same result as peeling one TAB level at a time with VASSAL's decoder (``_split_chain_slow``),
    computed with :func:`split_levels`' one scan over each string. Inputs the single pass cannot
    prove equivalent (quotes at element starts, under-escaped TABs, a ``piece;`` trait with an
    inner chain, a state with more levels than its type) take the level-by-level path.
    """
    fast = _split_chain_fast(type_, state)
    return fast if fast is not None else _split_chain_slow(type_, state)


def _split_chain_slow(type_: str, state: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    t: str | None = type_
    s: str | None = state
    while t is not None:
        if len(out) >= MAX_TRAITS:
            raise ModgenError(f"piece has more than {MAX_TRAITS} traits")
        if t.startswith("piece;") or t == "stack" or "\t" not in t:
            out.append((t, s or ""))
            break
        my_t, t = _split2(t)
        if s is None:
            my_s, s = "", None
        else:
            my_s, s = _split2(s)
        out.append((my_t, my_s))
    return out


def _split_chain_fast(type_: str, state: str) -> list[tuple[str, str]] | None:
    if "'" in type_[:1] or "'" in state[:1] or "\t'" in type_ or "\t'" in state:
        return None
    ts = _levels_fast(type_, None)
    if ts is None:
        return None
    m = len(ts)
    if m > MAX_TRAITS:
        raise ModgenError(f"piece has more than {MAX_TRAITS} traits")
    for t in ts[:-1]:
        if t.startswith("piece;"):   # the level-by-level path stops at the BasicPiece
            return None
    ss = _levels_fast(state, None)
    if ss is None or len(ss) > m:
        return None
    if len(ss) < m:
        ss += [""] * (m - len(ss))
    return list(zip(ts, ss))


def join_chain(parts: list[tuple[str, str]]) -> tuple[str, str]:
    """Inverse of :func:`split_chain`."""
    if not parts:
        return "", ""
    t, s = parts[-1]
    for my_t, my_s in reversed(parts[:-1]):
        t = SequenceEncoder("\t", my_t).append(t).value
        s = SequenceEncoder("\t", my_s).append(s).value
    return t, s


@dataclass(frozen=True, slots=True)
class Trait:
    """One decorator: its prefix (``emb2;``), its own type string and its own state string."""
    prefix: str
    type: str
    state: str


@dataclass(frozen=True)
class BasicPiece:
    """``piece;cloneKey;deleteKey;image;name`` with state ``map;x;y;gpid;n;k;v;…``."""
    name: str
    image: str
    map: str | None
    x: int
    y: int
    gpid: str
    properties: dict = field(default_factory=dict)
    clone_key: str = ""
    delete_key: str = ""

    @property
    def unique_id(self) -> str | None:
        return self.properties.get("UniqueID")


def parse_basic_state(state: str) -> tuple[str | None, int, int, str, dict[str, str]]:
    """``BasicPiece.setState``: ``map;x;y;gpid;n;k1;v1;…`` → (map or None, x, y, gpid,
    persistent properties)."""
    d = Decoder(state, ";")
    map_id = d.token("null")
    x = d.int(0)
    y = d.int(0)
    gpid = d.token("") or ""
    n = d.int(0)
    props: dict[str, str] = {}
    for _ in range(max(0, min(n, 10000))):
        if not d.has_more():
            break
        k = d.token("")
        v = d.token("")
        props[k] = v
    return (None if map_id in ("null", "") else map_id), x, y, gpid, props


def _basic(type_: str, state: str) -> BasicPiece:
    tf = seq_decode(type_, ";")
    tf += [""] * (5 - len(tf))
    map_id, x, y, gpid, props = parse_basic_state(state)
    return BasicPiece(name=tf[4], image=tf[3], map=map_id,
                      x=x, y=y, gpid=gpid, properties=props, clone_key=tf[1], delete_key=tf[2])


@dataclass(frozen=True)
class Embellishment:
    """The parts of a Layer (``emb2;``) that matter for reading: name, images, level names."""
    name: str
    images: tuple
    level_names: tuple
    level: int          # current level, 1-based; negative = inactive

    @property
    def active(self) -> bool:
        return self.level > 0

    def level_name(self) -> str:
        i = self.level - 1
        if 0 <= i < len(self.level_names):
            return self.level_names[i]
        return ""


def parse_embellishment(trait: Trait) -> Embellishment:
    """``Embellishment.mySetType``/``mySetState`` (3.7 ``emb2;`` and the legacy ``emb;`` type)."""
    f = seq_decode(trait.type, ";")
    if trait.prefix == "emb2;":
        images = seq_decode(f[16], ",") if len(f) > 16 and f[16] else []
        names = seq_decode(f[17], ",") if len(f) > 17 and f[17] else []
        if len(names) < len(images):
            names += [""] * (len(images) - len(names))
        name = f[19] if len(f) > 19 else ""
    else:  # legacy: emb;<activate…>;<activateCommand>;upKey;upCmd;downKey;downCmd;xOff;yOff;img,name;…
        images, names = [], []
        for sub in f[9:]:
            pair = seq_decode(sub, ",")
            images.append(pair[0])
            names.append(pair[1] if len(pair) > 1 else "")
        name = ""
    level = Decoder(trait.state, ";").int(-1)
    return Embellishment(name=name, images=tuple(images), level_names=tuple(names), level=level)


def layer_name(level_name: str, inner: str) -> str:
    """``Embellishment.getName``: the level name split on ``+``: ``+ x`` appends x, ``x +``
    prepends x, a name without ``+`` replaces, an empty name keeps the inner name."""
    if not level_name:
        return inner
    d = Decoder(level_name, "+")
    first = d.token("") or ""
    if d.has_more():
        second = d.token("") or ""
        return inner + second if first == "" else first + inner
    return first


@dataclass(frozen=True)
class Piece:
    """A parsed piece: ``traits`` outermost first, the BasicPiece (``piece;``) last."""
    traits: tuple
    basic: BasicPiece

    @property
    def is_stack(self) -> bool:
        return bool(self.traits) and self.traits[-1].type == "stack"

    def find(self, prefix: str) -> list[Trait]:
        return [t for t in self.traits if t.prefix == prefix]

    def embellishments(self) -> list[tuple[Trait, Embellishment]]:
        return [(t, parse_embellishment(t)) for t in self.traits if t.prefix in ("emb2;", "emb;")]

    @property
    def name(self) -> str:
        """``GamePiece.getName()``: each active layer's level name applied from the innermost
        out (:func:`layer_name`). Layers that follow a property are taken at their saved level."""
        name = self.basic.name
        for t in reversed(self.traits[:-1]):
            if t.prefix in ("emb2;", "emb;"):
                e = parse_embellishment(t)
                if e.level > 0:
                    name = layer_name(e.level_name(), name)
        return name

    def properties(self) -> dict[str, str]:
        """Marker (``mark;``) and DynamicProperty (``PROP;``) values; outer traits win."""
        props: dict[str, str] = {}
        for t in reversed(self.traits):
            if t.prefix == "mark;":
                f = seq_decode(t.type, ";")
                keys = seq_decode(f[1], ",") if len(f) > 1 and f[1] else []
                vals = seq_decode(t.state, ",") if t.state else []
                mine: dict[str, str] = {}
                for i, k in enumerate(keys):  # Marker.getProperty: the first matching key wins
                    mine.setdefault(k, vals[i] if i < len(vals) else "")
                props.update(mine)
            elif t.prefix == "PROP;":
                f = seq_decode(t.type, ";")
                if len(f) > 1 and f[1]:
                    props[f[1]] = t.state
        return props

    def layers(self) -> dict[str, int]:
        """{layer name: current level}; negative = inactive."""
        return {e.name: e.level for _, e in self.embellishments()}

    def encode(self) -> tuple[str, str]:
        """(type, state) again."""
        return join_chain([(t.type, t.state) for t in self.traits])


def parse_piece(type_: str, state: str, prototypes: Mapping[str, tuple[str, str]] | None = None
                ) -> Piece:
    """Parse a piece's type and state (expanding ``prototype;`` traits when ``prototypes`` is
    given: name → (type, state) of the prototype definition)."""
    if prototypes:
        type_, state = expand_prototypes(type_, state, prototypes)
    parts = split_chain(type_, state)
    traits = tuple(Trait(trait_prefix(t), t, s) for t, s in parts)
    last = traits[-1]
    if last.prefix == "piece;":
        basic = _basic(last.type, last.state)
    elif last.type == "stack":
        st = parse_stack_state(last.state)
        basic = BasicPiece(name="", image="", map=st.map, x=st.x, y=st.y, gpid="")
    else:
        basic = BasicPiece(name="", image="", map=None, x=0, y=0, gpid="")
    return Piece(traits=traits, basic=basic)


@dataclass(frozen=True)
class StackState:
    map: str | None
    x: int
    y: int
    ids: tuple
    layer: int

    def __iter__(self):  # (map, x, y, ids, layer) unpacking
        return iter((self.map, self.x, self.y, self.ids, self.layer))


def parse_stack_state(state: str) -> StackState:
    """``map;x;y;id1;id2;…;@@layer`` (bottom → top). With map ``null`` no x,y are read."""
    d = Decoder(state, ";")
    map_id = d.token("null")
    x = y = 0
    if map_id != "null":
        x = d.int(0)
        y = d.int(0)
    ids = []
    layer = -1
    for tok in d:
        if tok.startswith("@@"):
            try:
                layer = int(tok[2:])
            except ValueError:
                layer = -1
        elif tok:
            ids.append(tok)
    return StackState(None if map_id == "null" else map_id, x, y, tuple(ids), layer)


def expand_prototypes(type_: str, state: str, prototypes: Mapping[str, tuple[str, str]],
                      _depth: int = 0) -> tuple[str, str]:
    """Replace each ``prototype;Name`` trait by the prototype's traits (its BasicPiece dropped),
    recursively, as ``UsePrototype``/``PieceCloner`` do. Unknown prototypes stay as they are."""
    if _depth > 50:
        raise ModgenError("prototypes nest more than 50 levels (a prototype using itself?)")
    parts = split_chain(type_, state)
    if not any(t.startswith("prototype;") for t, _ in parts):
        return type_, state
    out: list[tuple[str, str]] = []
    for t, s in parts:
        if t.startswith("prototype;"):
            f = seq_decode(t, ";")
            name = f[1] if len(f) > 1 else ""
            if name in prototypes:
                pt, ps = prototypes[name]
                pt, ps = expand_prototypes(pt, ps, prototypes, _depth + 1)
                inner = split_chain(pt, ps)
                if inner and inner[-1][0].startswith("piece;"):
                    inner = inner[:-1]
                out.extend(inner)
                continue
        out.append((t, s))
    return join_chain(out)
