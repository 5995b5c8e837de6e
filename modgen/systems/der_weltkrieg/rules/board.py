"""The "board" the movement rules look at: map terrain, markers, units, neutral countries.

``Board`` is a small protocol so the checker can hand in its own replayed state; ``BoardState``
is a concrete, immutable implementation built from plain data (a ``MapDef``, a hex → units
mapping, a hex → marker-kinds mapping and the set of neutral country ids). ``make_map`` builds a
``MapDef`` from short-hand dicts for tests and small examples.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Iterator, Mapping, Protocol, Sequence, runtime_checkable

from modgen.hexgrid import Hex, Hexside
from modgen.model.types import HexInfo, HexsideInfo, MapDef, MapGrid, Provenance
from .units import UnitView

#: Marker kinds that add to the cost of entering a hex (TEC rows Trench / Devastation / Hindenburg).
MOVEMENT_MARKERS = ("trench", "devastation", "hindenburg")


@runtime_checkable
class Board(Protocol):
    """What the rules read. Hexes outside the map answer ``hex_info(h) is None``."""

    def hex_info(self, h: Hex) -> HexInfo | None: ...

    def hexside(self, a: Hex, b: Hex) -> HexsideInfo | None: ...

    def markers(self, h: Hex) -> Sequence[str]: ...

    def units(self, h: Hex) -> Sequence[UnitView]: ...

    def all_units(self) -> Iterable[UnitView]: ...

    def is_neutral(self, h: Hex) -> bool: ...


def _freeze_units(units: Mapping[Hex, Sequence[UnitView]] | Iterable[UnitView] | None
                  ) -> dict[Hex, tuple[UnitView, ...]]:
    out: dict[Hex, list[UnitView]] = {}
    if units is None:
        return {}
    if isinstance(units, Mapping):
        for h, us in units.items():
            hh = Hex.parse(h)
            out.setdefault(hh, []).extend(u.at(hh) if u.hex != hh else u for u in us)
    else:
        for u in units:
            if u.hex is None:
                raise ValueError(f"unit {u} has no hex")
            out.setdefault(u.hex, []).append(u)
    return {h: tuple(v) for h, v in out.items()}


@dataclass(frozen=True)
class BoardState:
    """A concrete Board: one map plus the state the rules need.

    ``units`` is either a mapping hex → units or an iterable of ``UnitView`` with ``hex`` set.
    ``markers`` maps hex → marker kinds ("trench", "devastation", "hindenburg", …).
    ``neutral_countries``: country ids (``HexInfo.country``) that are neutral now (10-6);
    ``neutral_hexes`` adds individual hexes.
    """

    map: MapDef
    unit_map: Mapping[Hex, tuple[UnitView, ...]] = field(default_factory=dict)
    marker_map: Mapping[Hex, tuple[str, ...]] = field(default_factory=dict)
    neutral_countries: frozenset[str] = frozenset()
    neutral_hexes: frozenset[Hex] = frozenset()

    @classmethod
    def build(cls, map: MapDef, units: Mapping[Hex, Sequence[UnitView]] | Iterable[UnitView] | None = None,
              markers: Mapping[Hex | str, Iterable[str]] | None = None,
              neutral_countries: Iterable[str] = (), neutral_hexes: Iterable[Hex | str] = ()
              ) -> "BoardState":
        return cls(map=map, unit_map=_freeze_units(units),
                   marker_map={Hex.parse(h): tuple(k) for h, k in (markers or {}).items()},
                   neutral_countries=frozenset(neutral_countries),
                   neutral_hexes=frozenset(Hex.parse(h) for h in neutral_hexes))

    def hex_info(self, h: Hex) -> HexInfo | None:
        return self.map.hexes.get(h)

    def hexside(self, a: Hex, b: Hex) -> HexsideInfo | None:
        return self.map.hexsides.get(Hexside.of(a, b))

    def markers(self, h: Hex) -> Sequence[str]:
        return self.marker_map.get(h, ())

    def units(self, h: Hex) -> Sequence[UnitView]:
        return self.unit_map.get(h, ())

    def all_units(self) -> Iterator[UnitView]:
        for h in sorted(self.unit_map):
            yield from self.unit_map[h]

    def is_neutral(self, h: Hex) -> bool:
        if h in self.neutral_hexes:
            return True
        info = self.map.hexes.get(h)
        return bool(info and info.country and info.country in self.neutral_countries)

    def with_units(self, units: Mapping[Hex, Sequence[UnitView]] | Iterable[UnitView]) -> "BoardState":
        return BoardState(self.map, _freeze_units(units), self.marker_map, self.neutral_countries,
                          self.neutral_hexes)


def make_map(cols: tuple[int, int], rows: tuple[int, int], *, default_terrain: str | None = "clear",
             hexsides: Mapping[str, Mapping[str, object]] | None = None,
             hexes: Mapping[str, Mapping[str, object]] | None = None,
             map_id: str = "test", country: str | None = None) -> MapDef:
    """A rectangular MapDef for tests and examples.

    Every hex in columns ``cols[0]..cols[1]`` and rows ``rows[0]..rows[1]`` is a land hex (of
    ``country``); every hexside between two of them gets ``default_terrain`` (None: no hexside
    data, i.e. unknown) unless ``hexsides`` gives it, e.g. ``{"2815|2716": {"terrain": "woods",
    "river": True, "rail": "double"}}``. ``hexes`` overrides HexInfo fields per hex id.
    """
    hx: dict[Hex, HexInfo] = {}
    for c in range(cols[0], cols[1] + 1):
        for r in range(rows[0], rows[1] + 1):
            h = Hex(c, r)
            hx[h] = HexInfo(hex=h, country=country)
    for hid, kw in (hexes or {}).items():
        h = Hex.parse(hid)
        base = hx.get(h, HexInfo(hex=h, country=country))
        hx[h] = HexInfo(**{**base.__dict__, **kw})
    sides: dict[Hexside, HexsideInfo] = {}
    if default_terrain is not None:
        for h in hx:
            for n in h.neighbours():
                if n in hx:
                    s = Hexside.of(h, n)
                    sides.setdefault(s, HexsideInfo(side=s, terrain=default_terrain))
    for sid, kw in (hexsides or {}).items():
        s = Hexside.parse(sid)
        base = sides.get(s)
        fields = {"terrain": default_terrain or "clear"} if base is None else {
            "terrain": base.terrain, "river": base.river, "major_river": base.major_river,
            "rail": base.rail, "border": base.border}
        fields.update(kw)
        sides[s] = HexsideInfo(side=s, **fields)  # type: ignore[arg-type]
    return MapDef(id=map_id, name=map_id,
                  grid=MapGrid(cols[0], cols[1], rows[0], rows[1]),
                  hexes=hx, hexsides=sides,
                  provenance=Provenance("placeholder", "test map built by rules.board.make_map"))


def neutral_countries(game: object, mapdef: MapDef) -> frozenset[str]:
    """Countries on the map that belong to no side of the game (e.g. Switzerland on map 6-4):
    neutral for 10-6. Data-driven: a country becomes belligerent by being a nation of the game.
    (Nations that join later, such as Italy before May 1915 in a linked game, are the caller's
    business: add them to ``BoardState.neutral_countries`` for those turns.)"""
    nations = getattr(game, "nations", {}) or {}
    return frozenset(h.country for h in mapdef.hexes.values()
                     if h.country and h.country not in nations)
