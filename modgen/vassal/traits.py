"""Game-piece type/state strings: decorator chains of traits (vassal-format.md §3.2-3.4).

``type`` = outermost trait's type TAB (inner chain, escaped one level) … ending in ``piece;…``
(BasicPiece); ``state`` is built the same way. :func:`parse_piece` peels the chain and keeps every
trait's own type and state verbatim (traits not modelled stay opaque but intact), so a piece
re-encodes exactly. Modelled: BasicPiece, Marker (``mark;``), Embellishment (``emb2;``/``emb;``)
levels and names, DynamicProperty (``PROP;``) values, UsePrototype (``prototype;``), Footprint
(``footprint;``, VASSAL 3.7 and 3.8 layouts).

Bounded (:mod:`modgen.vassal.limits`): ``MAX_TRAITS`` traits and ``MAX_PIECE_CHARS`` characters
per type or state string; the level-by-level splitter, taken only by chains the one-scan path
cannot prove equivalent (quotes at element starts, malformed escapes), copies at most
``CHAIN_WORK_FACTOR`` times the string.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from ..errors import ModgenError
from .limits import CHAIN_WORK_FACTOR, MAX_PIECE_CHARS, MAX_TRAITS
from .sequence import Decoder, SequenceEncoder, decode as seq_decode

TAB = "\t"

__all__ = ["Trait", "BasicPiece", "Piece", "parse_piece", "parse_stack_state", "StackState",
           "expand_prototypes", "split_chain", "join_chain", "split_levels", "join_levels", "parse_basic_state", "trait_prefix", "MAX_TRAITS",
           "Embellishment", "parse_embellishment", "layer_name", "Footprint", "parse_footprint",
           "MAX_PIECE_CHARS"]


def _too_long(s: str) -> None:
    if len(s) > MAX_PIECE_CHARS:
        raise ModgenError(f"a piece's type or state is longer than {MAX_PIECE_CHARS} characters "
                          "(limit MAX_PIECE_CHARS)")


def _too_many(n: int) -> None:
    if n > MAX_TRAITS:
        raise ModgenError(f"piece has more than {MAX_TRAITS} traits (limit MAX_TRAITS)")


class _ChainWork:
    """The level-by-level splitters copy the rest of the chain at every level and step over
    each of its escaped TABs (O(length x levels)); VASSAL-written chains take the one-scan
    paths (no fixture, Paths of Glory's 186-trait pieces included, needs this one), so the
    budget only stops crafted ones."""

    __slots__ = ("left",)

    def __init__(self, *strings: str | None):
        self.left = CHAIN_WORK_FACTOR * sum(len(x) for x in strings if x) + 4096

    def level(self, rest: str) -> None:
        # a character copied is cheap, a TAB stepped over in Python is not
        self.left -= len(rest) + 32 * rest.count(TAB)
        if self.left < 0:
            raise ModgenError("a piece's trait chain is too deeply escaped to split "
                              f"(more than {CHAIN_WORK_FACTOR}x its length; limit "
                              "CHAIN_WORK_FACTOR)")


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
    _too_long(s)
    # quotes matter only at the start of an element (the start of the string, or after a TAB)
    if not s.startswith("'") and "\t'" not in s:
        fast = _levels_fast(s, n)
        if fast is not None:
            _too_many(len(fast))
            return fast
    return _levels_slow(s, n)


def _drop_escapes(seg: str, times: int) -> str:
    """``seg`` with ``times`` backslashes removed before each of its TABs (the caller checked
    that each TAB has at least that many): what ``times`` rounds of VASSAL's decoder leave."""
    if times <= 0:
        return seg
    parts = seg.split(TAB)
    return TAB.join([p[:-times] for p in parts[:-1]] + [parts[-1]])


def _levels_fast(s: str, n: int | None, keep_last: bool | str = False) -> list[str] | None:
    """One scan: the separator after the j-th element is the first TAB preceded by exactly j
    backslashes; a TAB with more belongs to the j-th element (a Place Marker's or a Replace's
    own type holds a whole piece definition), and loses j + 1 of them, one per decoding round.
    A TAB with fewer is not a well-formed chain (the level-by-level decoder decides).

    ``keep_last`` (True, or ``"piece"``: when the innermost element is a BasicPiece) takes the
    innermost element as it stands after the outer rounds, as :func:`_split_chain_slow` does
    (it stops at the BasicPiece instead of decoding it once more)."""
    out: list[str] = []
    start = 0
    j = 0
    inner = False           # a TAB inside the current element
    pos = s.find(TAB)
    limit = None if n is None else n - 1
    while pos != -1 and (limit is None or j < limit):
        k = pos
        while k > start and s[k - 1] == "\\":
            k -= 1
        b = pos - k
        if b == j:
            own = s[start:k]
            if inner:
                own = _drop_escapes(own, j + 1)
                inner = False
            out.append(own)
            start = pos + 1
            j += 1
        elif b < j:
            return None  # not a well-formed chain: let the real decoder decide
        else:
            inner = True
        pos = s.find(TAB, pos + 1)
    last = s[start:]
    if TAB in last:
        if pos == -1:
            # every TAB left was scanned (more than j backslashes): the decoder peels one more
            # round off the innermost element, as off any other
            keep = keep_last is True or (keep_last == "piece" and last.startswith("piece;"))
            last = _drop_escapes(last, j if keep else j + 1)
        else:
            # stopped at n elements: the rest is taken as it stands after j rounds, so each of
            # its TABs must have survived them
            p = pos - start
            while p != -1:
                k = p
                while k > 0 and last[k - 1] == "\\" and p - k < j:
                    k -= 1
                if p - k < j:
                    return None
                p = last.find(TAB, p + 1)
            last = _drop_escapes(last, j)
    out.append(last)
    return out


def _levels_slow(s: str, n: int | None) -> list[str]:
    out: list[str] = []
    rest: str | None = s
    work = _ChainWork(s)
    while rest is not None:
        if n is not None and len(out) == n - 1:
            out.append(rest)
            break
        if TAB not in rest:
            out.append(rest)
            break
        _too_many(len(out) + 1)
        work.level(rest)
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
    work = _ChainWork(type_, state)
    while t is not None:
        _too_many(len(out) + 1)
        if t.startswith("piece;") or t == "stack" or "\t" not in t:
            out.append((t, s or ""))
            break
        work.level(t)
        if s:
            work.level(s)
        my_t, t = _split2(t)
        if s is None:
            my_s, s = "", None
        else:
            my_s, s = _split2(s)
        out.append((my_t, my_s))
    return out


def _split_chain_fast(type_: str, state: str) -> list[tuple[str, str]] | None:
    _too_long(type_)
    _too_long(state)
    if "'" in type_[:1] or "'" in state[:1] or "\t'" in type_ or "\t'" in state:
        return None
    ts = _levels_fast(type_, None, "piece")
    if ts is None:
        return None
    m = len(ts)
    _too_many(m)
    for t in ts[:-1]:
        if t.startswith("piece;"):   # the level-by-level path stops at the BasicPiece
            return None
    ss = _levels_fast(state, None)
    if ss is None or len(ss) > m:
        return None
    if len(ss) == m and TAB in ss[-1] and (ts[-1].startswith("piece;") or TAB not in ts[-1]):
        # the level-by-level path takes the innermost state as it stands there
        ss = _levels_fast(state, None, True)
        if ss is None or len(ss) != m:
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
class Footprint:
    """A movement trail (``footprint;``, ``VASSAL.counters.Footprint``), read in both layouts.

    VASSAL 3.7.26 (Footprint.java ``mySetState`` l. 134, ``myGetState`` l. 157, ``mySetType``
    l. 176, ``myGetType`` l. 207): type
    ``footprint;trailKey;menuCommand;initiallyVisible;globallyVisible;circleRadius;fillColor;
    lineColor;selectedTransparency;unSelectedTransparency;edgePointBuffer;edgeDisplayBuffer;
    lineWidth;trailKeyOn;trailKeyOff;trailKeyClear;description``, state
    ``globalVisibility;startMapId;nPoints;x,y;…;everInitialized``.

    VASSAL 3.8 (tag 3.8.0-beta1, commit 5147931a1 "Movement Trail option to only keep last
    position per location": ``ignoreSameLocation = st.nextBoolean(…)`` l. 206 and
    ``.append(ignoreSameLocation)`` l. 236 of the type; ``lastPointListSize = ss.nextInt(items)``
    l. 157 and ``se.append(lastPointListSize)`` l. 177 of the state) appends
    ``ignoreSameLocation`` to the type and ``lastPointListSize`` to the state. Either reader ignores fields it does not know and defaults those missing
    (``ignoreSameLocation`` false, ``lastPointListSize`` the number of points), so both layouts
    load in both versions; ``type_layout``/``state_layout`` say which one was read (``None``
    fields: absent).
    """

    trail_key: str
    menu_command: str
    initially_visible: bool
    globally_visible: bool
    circle_radius: int
    fill_color: str
    line_color: str
    selected_transparency: int
    unselected_transparency: int
    edge_point_buffer: int
    edge_display_buffer: int
    line_width: float
    trail_key_on: str
    trail_key_off: str
    trail_key_clear: str
    description: str
    ignore_same_location: bool | None
    global_visibility: bool
    start_map_id: str
    points: tuple
    ever_initialized: bool
    last_point_list_size: int | None

    @property
    def type_layout(self) -> str:
        return "3.7" if self.ignore_same_location is None else "3.8"

    @property
    def state_layout(self) -> str:
        return "3.7" if self.last_point_list_size is None else "3.8"


def _jdouble(tok: str | None, default: float) -> float:
    try:
        v = float(tok) if tok is not None else default
    except ValueError:
        return default
    return v if v == v and abs(v) != float("inf") else default


def parse_footprint(trait: Trait) -> Footprint:
    """``Footprint.mySetType`` + ``mySetState`` of one ``footprint;`` trait (defaults as Java's)."""
    if trait.prefix != "footprint;":
        raise ValueError("not a footprint; trait")
    d = Decoder(trait.type, ";")
    d.token("")                                      # the ID, "footprint"
    trail_key = d.token("84,130") or ""               # DEFAULT_TRAIL_KEY 'T' with CTRL
    menu = d.token("Movement Trail") or ""
    initially = d.bool(False)
    globally = d.bool(False)
    radius = d.int(10)
    fill = d.token("255,255,255") or ""
    line = d.token("0,0,0") or ""
    sel_t = d.int(100)
    unsel_t = d.int(50)
    edge_p = d.int(20)
    edge_d = d.int(30)
    width = _jdouble(d.token(None), 1.0)
    on = d.token("") or ""
    off = d.token("") or ""
    clear = d.token("") or ""
    desc = d.token("") or ""
    ignore = d.bool(False) if d.has_more() else None
    st = Decoder(trait.state, ";")
    gvis = st.bool(initially)
    start_map = st.token("") or ""
    items = st.int(0)
    points = []
    for _ in range(max(0, items)):
        if not st.has_more():     # Java reads "" for each missing token: no point added
            break
        tok = st.token("") or ""
        if tok:
            pd = Decoder(tok, ",")
            points.append((pd.int(0), pd.int(0)))
    ever = st.bool(False)
    last = st.int(items) if st.has_more() else None
    return Footprint(trail_key, menu, initially, globally, radius, fill, line, sel_t, unsel_t,
                     edge_p, edge_d, width, on, off, clear, desc, ignore, gvis, start_map,
                     tuple(points), ever, last)


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

    def footprints(self) -> list[Footprint]:
        """Every movement trail (``footprint;``), outermost first, in either VASSAL layout."""
        return [parse_footprint(t) for t in self.traits if t.prefix == "footprint;"]

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
