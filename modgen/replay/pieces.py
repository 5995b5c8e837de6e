"""What a piece's type/state strings say, read once per distinct string and cached.

The replay keeps every piece's VASSAL type and state strings verbatim (so a later ``D/`` can be
merged trait by trait the way VASSAL's ``Decorator.mergeState`` does) and derives the facts the
timeline needs from them: name (Embellishment naming rules), Marker and DynamicProperty values,
layer levels, moved flag, BasicPiece map/position/persistent properties, the Send-To-Location
return point.

This is a deliberately small, fast reader of just those traits (the replay parses every ``D/`` of
a long log, see benchmarks/bench_replay.py); the general trait parser is
:mod:`modgen.vassal.traits`, whose chain splitter (``split_levels``: one scan in the common case,
``SequenceEncoder.Decoder`` exactly), ``layer_name`` and ``expand_prototypes`` the replay uses.

Everything here is a pure function of strings; results are memoised in bounded dictionaries.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..vassal.sequence import decode
from ..vassal.traits import join_levels, layer_name, parse_basic_state, split_levels

__all__ = ["TypeInfo", "StateFacts", "type_info", "split_chain", "join_chain", "merge_state",
           "state_facts", "basic_position"]


# ---------------------------------------------------------------------------------- chains

#: One string per trait, outermost first (and back): :func:`modgen.vassal.traits.split_levels`.
split_chain = split_levels
join_chain = join_levels


def merge_state(current: str, new: str, old: str, n: int) -> str:
    """``ChangePiece`` with an old state: apply only the traits whose state changed old → new.

    Mirrors ``Decorator.mergeState`` (a trait takes its new state when its old and new states
    differ) and ``BasicPiece.mergeState`` (the innermost state is replaced when it differs).
    """
    if current == old or old == new:
        return new if current == old else current
    cur = split_chain(current, n)
    nw = split_chain(new, n)
    od = split_chain(old, n)
    if not (len(cur) == len(nw) == len(od)):
        return new
    merged = [nw[i] if od[i] != nw[i] else cur[i] for i in range(len(cur))]
    # BasicPiece.getState is live (map, position): when its part is unchanged it equals the old
    # state VASSAL recorded, not the stored string, which may predate a move (a D/ after a drag
    # from another map would otherwise send the piece back)
    merged[-1] = nw[-1]
    if merged == nw:
        return new
    return join_chain(merged)


# ---------------------------------------------------------------------------------- types

@dataclass(frozen=True)
class Layer:
    """An Embellishment (``emb2;``): where it sits in the chain and how it names the piece."""

    index: int          # position in the chain (0 = outermost)
    name: str           # layer name (e.g. "Step")
    level_names: tuple[str, ...]
    first_level_value: int = 1


@dataclass(frozen=True)
class TypeInfo:
    """The parts of a type string the replay uses; one per distinct type string."""

    prefixes: tuple[str, ...]           # trait prefix per chain element, e.g. ("report", …, "piece")
    basic_name: str
    image: str
    layers: tuple[Layer, ...]
    marker_index: tuple[int, ...]       # chain positions of Marker traits
    marker_names: tuple[tuple[str, ...], ...]
    moved_index: int | None             # MovementMarkable
    sendto: tuple[tuple[int, str], ...]  # (chain position, destination map id)
    prototypes: tuple[str, ...]         # unexpanded ``prototype;Name`` references
    dynamic: tuple[tuple[int, str], ...] = ()  # (chain position, name) of DynamicProperty traits

    @property
    def n(self) -> int:
        return len(self.prefixes)


def _prefix(t: str) -> str:
    i = t.find(";")
    return t if i < 0 else t[:i]


_TYPE_CACHE: dict[str, TypeInfo] = {}
_CACHE_LIMIT = 20000


def type_info(type_: str) -> TypeInfo:
    ti = _TYPE_CACHE.get(type_)
    if ti is not None:
        return ti
    parts = split_chain(type_)
    prefixes = tuple(_prefix(p) for p in parts)
    basic_name = image = ""
    layers: list[Layer] = []
    marker_index: list[int] = []
    marker_names: list[tuple[str, ...]] = []
    moved_index = None
    sendto: list[tuple[int, str]] = []
    protos: list[str] = []
    dynamic: list[tuple[int, str]] = []
    for i, (p, t) in enumerate(zip(prefixes, parts)):
        body = t[len(p) + 1:] if len(t) > len(p) else ""
        if p == "piece":
            f = decode(body, ";")
            image = f[2] if len(f) > 2 else ""
            basic_name = f[3] if len(f) > 3 else ""
        elif p == "emb2":
            f = decode(body, ";")
            names = tuple(decode(f[16], ",")) if len(f) > 16 and f[16] != "" else ()
            lname = f[18] if len(f) > 18 else ""
            try:
                first = int(f[23]) if len(f) > 23 and f[23] else 1
            except ValueError:
                first = 1
            layers.append(Layer(i, lname, names, first))
        elif p == "mark":
            marker_index.append(i)
            marker_names.append(tuple(decode(body, ",")) if body else ())
        elif p == "markmoved":
            moved_index = i
        elif p == "sendto":
            f = decode(body, ";")
            sendto.append((i, f[2] if len(f) > 2 else ""))
        elif p == "prototype":
            protos.append(decode(body, ";")[0] if body else "")
        elif p == "PROP":
            f = decode(body, ";") if body else []
            if f and f[0]:
                dynamic.append((i, f[0]))
    ti = TypeInfo(prefixes, basic_name, image, tuple(layers), tuple(marker_index),
                  tuple(marker_names), moved_index, tuple(sendto), tuple(protos), tuple(dynamic))
    if len(_TYPE_CACHE) > _CACHE_LIMIT:
        _TYPE_CACHE.clear()
    _TYPE_CACHE[type_] = ti
    return ti


# ---------------------------------------------------------------------------------- states

@dataclass(frozen=True)
class StateFacts:
    """What one state string says, given its type."""

    map: str | None
    x: int
    y: int
    name: str
    layers: dict[str, int] = field(default_factory=dict)     # layer name → level (negative = inactive)
    properties: dict[str, str] = field(default_factory=dict)  # Marker + DynamicProperty values
    moved: bool | None = None
    sendto_back: tuple[str, ...] = ()   # per Send-To trait: its stored return point ("" = none)
    persistent: dict[str, str] = field(default_factory=dict)  # BasicPiece persistent properties


def _level_name(layer: Layer, level: int) -> str:
    if level <= 0 or not layer.level_names:
        return ""
    i = level - 1
    return layer.level_names[i] if i < len(layer.level_names) else ""


def piece_name(basic_name: str, ti: TypeInfo, layers: dict[str, int]) -> str:
    """``Embellishment.getName`` applied from the innermost layer outwards.

    The active level's name is split on ``+``: ``"+ (reduced)"`` appends (``Name (reduced)``),
    ``"Old +"`` prepends, text without ``+`` replaces the name.
    """
    name = basic_name
    for layer in reversed(ti.layers):
        name = layer_name(_level_name(layer, layers.get(layer.name, 0)), name)
    return name


def basic_position(basic_state: str) -> tuple[str | None, int, int, dict[str, str]]:
    map_id, x, y, _gpid, props = parse_basic_state(basic_state)
    return map_id, x, y, props


_STATE_CACHE: dict[tuple[str, str], StateFacts] = {}


def state_facts(type_: str, state: str) -> StateFacts:
    key = (type_, state)
    sf = _STATE_CACHE.get(key)
    if sf is not None:
        return sf
    ti = type_info(type_)
    parts = split_chain(state, ti.n)
    while len(parts) < ti.n:
        parts.append("")
    map_id, x, y, props = basic_position(parts[ti.n - 1]) if ti.n else (None, 0, 0, {})
    layers: dict[str, int] = {}
    for layer in ti.layers:
        tok = parts[layer.index]
        try:
            level = int(tok.split(";", 1)[0]) if tok else 1
        except ValueError:
            level = 1
        layers[layer.name] = level
    properties: dict[str, str] = {}
    # outermost trait first; a name already set by an outer trait keeps its value
    # (Decorator.getProperty asks the outer traits first; Marker.getProperty: first key wins)
    if ti.dynamic:
        found = sorted([(idx, names) for idx, names in zip(ti.marker_index, ti.marker_names)]
                       + [(idx, None) for idx, _ in ti.dynamic], key=lambda t: t[0])
        names_of = dict(ti.dynamic)
    else:
        found = list(zip(ti.marker_index, ti.marker_names))
        names_of = {}
    for idx, names in found:
        if names is None:    # DynamicProperty state: the value itself
            properties.setdefault(names_of[idx], parts[idx])
            continue
        values = decode(parts[idx], ",") if parts[idx] else []
        for j, nm in enumerate(names):
            if nm not in properties:
                properties[nm] = values[j] if j < len(values) else ""
    moved = None
    if ti.moved_index is not None:
        moved = parts[ti.moved_index] == "true"
    back = tuple(parts[i] for i, _ in ti.sendto)
    sf = StateFacts(map_id, x, y, piece_name(ti.basic_name, ti, layers), layers, properties,
                    moved, back, props)
    if len(_STATE_CACHE) > _CACHE_LIMIT:
        _STATE_CACHE.clear()
    _STATE_CACHE[key] = sf
    return sf
