"""Terrain movement numbers (Terrain Effects Chart) as the rules functions consume them.

The *numbers* come from data: ``tables/der-weltkrieg/tec.yaml`` through the model's
``TerrainEffectsChart`` (``game.tables["tec"]``), adapted by :meth:`TerrainCosts.from_tec`;
tests build them from a plain dict with :meth:`TerrainCosts.from_mapping`. The *logic* that
combines them lives in ``movement.py``.

TEC rows used (003:L1146-1151, L2128-2148; 000 has rows 1-6 only): terrain MP per hexside
(Prohibited = None), River +1, Major River +3 (no EZOC→EZOC crossing), Rail Line −1 if the
hexside costs ≥ 3 before adjustment, Single Track Rail Line −1 if ≥ 4 (Mountain units ≥ 3,
rule 32-2), Trench / Devastation / Hindenburg Line marker +2 to enter the hex. Rule numbers not in
the TEC: 10-7 (+1 enter / +1 leave an enemy-controlled hex), 32-1 (Mountain units −1 on wooded
rough and mountain). Those are rule constants, kept here so one object holds every number.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from modgen.model.types import TERRAINS


@dataclass(frozen=True)
class TerrainCosts:
    """Movement numbers. ``terrain`` maps a terrain id to MP, or None when prohibited."""

    terrain: Mapping[str, int | None]
    river: int = 1                      # TEC River
    major_river: int = 3                # TEC Major River
    double_track_threshold: int = 3     # TEC Rail Line
    single_track_threshold: int = 4     # TEC Single Track Rail Line
    mountain_single_track_threshold: int = 3   # 32-2
    rail_reduction: int = 1
    markers: Mapping[str, int] = field(default_factory=lambda: {})   # marker kind -> MP to enter
    enter_ezoc: int = 1                 # 10-7
    leave_ezoc: int = 1                 # 10-7
    mountain_reduction: int = 1         # 32-1
    mountain_reduction_terrains: frozenset[str] = frozenset({"wooded_rough", "mountain"})  # 32-1
    #: 22-2: trench/devastation markers are not counted when crossing mountain or marsh hexsides.
    marker_free_terrains: frozenset[str] = frozenset({"mountain", "swamp"})
    source: str = ""

    def terrain_mp(self, terrain: str) -> int | None:
        """MP of a terrain row; None when prohibited. Raises KeyError for an unknown terrain."""
        return self.terrain[terrain]

    def marker_mp(self, kind: str) -> int:
        return self.markers.get(kind, 0)

    # -- constructors --------------------------------------------------------------------
    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], *, source: str = "") -> "TerrainCosts":
        """Build from a plain dict::

            {"terrain": {"clear": 1, "woods": 2, ..., "alpine": None},
             "river": 1, "major_river": 3, "double_track_threshold": 3,
             "single_track_threshold": 4, "markers": {"trench": 2, "devastation": 2}}

        Every terrain id must be one of ``TERRAINS``; "suburban" may be given as the string
        ``"clear"`` (TEC: "Treat as Clear"); "prohibited" strings mean None.
        """
        raw = dict(data.get("terrain", {}))
        terrain: dict[str, int | None] = {}
        for k, v in raw.items():
            if k not in TERRAINS:
                raise ValueError(f"unknown terrain {k!r} (known: {', '.join(TERRAINS)})")
            terrain[k] = v
        for k, v in list(terrain.items()):
            if isinstance(v, str):
                if v.lower() in ("prohibited", "none"):
                    terrain[k] = None
                elif v in raw:
                    terrain[k] = raw[v] if not isinstance(raw[v], str) else None
                else:
                    raise ValueError(f"terrain {k!r}: cannot read MP {v!r}")
        kwargs = {k: data[k] for k in ("river", "major_river", "double_track_threshold",
                                       "single_track_threshold", "mountain_single_track_threshold",
                                       "rail_reduction", "enter_ezoc", "leave_ezoc",
                                       "mountain_reduction") if k in data}
        markers = dict(data.get("markers", {}))
        return cls(terrain=terrain, markers=markers, source=source, **kwargs)

    @classmethod
    def from_tec(cls, tec: Any) -> "TerrainCosts":
        """Adapt the model's ``TerrainEffectsChart`` (``modgen.systems.der_weltkrieg.tables``, ``game.tables["tec"]``).

        Terrain rows give the MP (``same_as`` rows such as Suburban resolved; rows that only
        point elsewhere — Desert, Flood Plain — are left out so a hexside using them is
        "unknown", never guessed). Features give River, Major River, the two rail thresholds and
        reductions, and the MP of markers paid on entering a hex (``on_entering_hex``). Also
        accepts a TerrainCosts (returned as is) or a mapping in the :meth:`from_mapping` shape.
        """
        if isinstance(tec, TerrainCosts):
            return tec
        if isinstance(tec, Mapping):
            return cls.from_mapping(tec)
        rows = getattr(tec, "rows", None)
        mods = getattr(tec, "modifiers", None)
        if not isinstance(rows, Mapping) or not isinstance(mods, Mapping):
            raise TypeError(f"cannot read movement costs from {type(tec).__name__}")
        terrain: dict[str, int | None] = {}
        for tid in rows:
            row = tec.row(tid)
            if getattr(row, "see", None):
                continue           # rules not provided: leave unknown
            terrain[tid] = row.mp
        kwargs: dict[str, Any] = {}
        if "river" in mods:
            kwargs["river"] = mods["river"].mp
        if "major_river" in mods:
            kwargs["major_river"] = mods["major_river"].mp
        if "rail" in mods:
            m = mods["rail"]
            kwargs["rail_reduction"] = -m.mp
            if m.applies_if_cost_at_least is not None:
                kwargs["double_track_threshold"] = m.applies_if_cost_at_least
        if "single_track_rail" in mods and mods["single_track_rail"].applies_if_cost_at_least is not None:
            kwargs["single_track_threshold"] = mods["single_track_rail"].applies_if_cost_at_least
        markers: dict[str, int] = {}
        for fid, m in mods.items():
            if getattr(m, "on_entering_hex", False) and m.mp:
                markers[fid] = m.mp
        if "hindenburg_line" in markers:
            markers.setdefault("hindenburg", markers["hindenburg_line"])
        src = getattr(tec, "source", None)
        return cls(terrain=terrain, markers=markers, source=str(src) if src else "", **kwargs)

    @classmethod
    def for_game(cls, game: Any) -> "TerrainCosts":
        """The movement numbers of a loaded ``Game`` (``game.tables["tec"]``)."""
        try:
            tec = game.tables["tec"]
        except (KeyError, AttributeError, TypeError):
            raise ValueError("the game has no Terrain Effects Chart (tables/<system>/tec.yaml)") from None
        return cls.from_tec(tec)
