"""Piece definitions of the module: units, markers and their prototypes.

Everything here is derived from the Game alone, in a fixed order, so the same data always gives
the same gpids and the same strings (no dict order, no time). Conventions agreed with the log
reader and the checker (see the task brief):

* unit pieces carry a Marker trait with ``UnitId,Nation,Side,Type,Size,Designation,Strength,
  Movement,ReducedStrength,ReducedMovement,FullStrength`` so a log is self-describing;
* a 2-level layer named ``Step`` (level 1 = front/full, level 2 = back/reduced, Ctrl+F);
* prototype ``Unit``: ReportState for eliminations, MovementMarkable, Footprint,
  Send-to ``Eliminated`` (Ctrl+K), Delete; two-sided units carry the flip ReportState in their
  own chain, above the prototypes (as the VlogTest module VASSAL wrote does);
* marker pieces carry ``MarkerId,MarkerKind,MarkerValue``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from ..art.counters import counter_image_name
from ..art.markers import marker_image_name
from ..model.types import Counter, Game, MarkerDef, UNIT_TYPE_LABELS
from . import traits as T

UNIT_PROTOTYPE = "Unit"
MARKER_PROTOTYPE = "Marker"
HQ_PROTOTYPE = "Headquarters"
ELIMINATED_MAP = "Eliminated"
ELIMINATED_BOARD = "Eliminated"
#: where Send-to-Eliminated drops a unit (board pixels of the Eliminated board)
ELIMINATED_DROP = (60, 60)

UNIT_PROPERTIES = ("UnitId", "Nation", "Side", "Type", "Size", "Designation", "Strength",
                   "Movement", "ReducedStrength", "ReducedMovement", "FullStrength")
MARKER_PROPERTIES = ("MarkerId", "MarkerKind", "MarkerValue")

FLIP_REPORT = "$oldPieceName$ flipped to $newPieceName$ in $location$ by $PlayerName$ ($PlayerSide$) *"
ELIMINATE_REPORT = "$oldPieceName$ eliminated in $oldLocationName$ by $PlayerName$ ($PlayerSide$) *"
SP_REPORT = "$newPieceName$ in $location$: supply points $oldSupplyPoints$ -> $SupplyPoints$ by $PlayerName$ ($PlayerSide$) *"
SP_KEYS = ("83,195", "83,650", "83,130")   # Ctrl+Shift+S add, Ctrl+Alt+S spend, Ctrl+S set


def counter_image(counter_id: str, face: str) -> str:
    """Image name (inside images/) of a counter face: ``front`` or ``back`` (the art's name)."""
    return counter_image_name(counter_id, face)


def marker_image(marker_id: str, value: str | None = None) -> str:
    """Image name (inside images/) of a marker, as the art names it."""
    return marker_image_name(marker_id, value)


def nation_prototype_name(game: Game, nation_id: str) -> str:
    return f"Nation {game.nations[nation_id].name}"


def type_prototype_name(unit_type: str) -> str:
    return f"Type {UNIT_TYPE_LABELS.get(unit_type, unit_type)}"


def _num(v: int | None) -> str:
    return "" if v is None else str(v)


def unit_properties(game: Game, c: Counter) -> list[tuple[str, str]]:
    back = c.back
    return list(zip(UNIT_PROPERTIES, (
        c.id, c.nation, game.side_of(c.nation), c.type, c.size, c.designation,
        _num(c.front.strength), _num(c.front.movement),
        _num(back.strength if back else None), _num(back.movement if back else None),
        _num(c.full_strength))))


def has_back(c: Counter) -> bool:
    return c.back is not None


def unit_traits(game: Game, c: Counter, *, level: int = 1, gpid: int | str = "",
                map_id: str | None = None, x: int = 0, y: int = 0, piece_id: str | None = None,
                supply_points: int | None = None) -> list[T.Trait]:
    """The decorator chain of a unit piece, outermost first (prototypes unexpanded)."""
    # the flip report only on two-sided units: ReportState reports its key whether or not an
    # inner trait reacted, so on an HQ or fortress Ctrl+F would post a flip that never happened
    chain: list[T.Trait] = [flip_report()] if has_back(c) else []
    chain += [T.use_prototype(UNIT_PROTOTYPE),
                            T.use_prototype(nation_prototype_name(game, c.nation)),
                            T.use_prototype(type_prototype_name(c.type))]
    if c.type == "hq":
        chain.append(supply_points_trait(supply_points or 0))
    chain.append(T.marker(unit_properties(game, c)))
    images = [counter_image(c.id, "front")]
    names = [""]
    if has_back(c):
        images.append(counter_image(c.id, "back"))
        names.append("+ (reduced)")
    chain.append(T.embellishment("Step", images, names, level=level, up_command="Flip",
                                 increase_key=T.FLIP_KEY, description="Step: full / reduced"))
    props = [("UniqueID", piece_id)] if piece_id else []
    chain.append(T.basic_piece(images[0], c.name, map_id=map_id, x=x, y=y, gpid=gpid,
                               properties=props))
    return chain


def flip_report() -> T.Trait:
    """The chat report of a flip (Ctrl+F), outside the ``Step`` layer it reports on."""
    return T.report_state([T.FLIP_KEY], FLIP_REPORT, "Report flips")


def supply_points_trait(value: int) -> T.Trait:
    """HQ supply points (rule 18) as a numeric DynamicProperty ``SupplyPoints``.

    ``PROP;name;numeric,min,max,wrap;keyCommands;description``: +1 (Ctrl+Shift+S), -1 (Ctrl+Alt+S)
    and "set" (prompt). The value changes show in logs as ``D/`` state changes.
    """
    # each command: SequenceEncoder(':') of menu text, keystroke, changer; a changer is
    # SequenceEncoder(',') of its code and value (I = increment, R = prompt)
    cmds = [T._list(["Add 1 supply point", SP_KEYS[0], "I,1"], ":"),
            T._list(["Spend 1 supply point", SP_KEYS[1], "I,-1"], ":"),
            T._list(["Set supply points", SP_KEYS[2], "R,Supply points of this HQ"], ":")]
    type_ = T._fields("PROP;", ["SupplyPoints", T._list([True, 0, 999, False]), T._list(cmds),
                                "HQ supply points (rule 18)"])
    return T.Trait(type_, str(value))


def marker_traits(m: MarkerDef, value: str | None, *, gpid: int | str = "",
                  map_id: str | None = None, x: int = 0, y: int = 0,
                  piece_id: str | None = None) -> list[T.Trait]:
    name = f"{m.label} {value}" if value not in (None, "") else m.label
    props = [("UniqueID", piece_id)] if piece_id else []
    return [T.use_prototype(MARKER_PROTOTYPE),
            T.marker([("MarkerId", m.id), ("MarkerKind", m.kind), ("MarkerValue", value or "")]),
            T.basic_piece(marker_image(m.id, value), name, map_id=map_id, x=x, y=y, gpid=gpid,
                          properties=props)]


# --------------------------------------------------------------------------- prototypes


@dataclass(frozen=True)
class Prototype:
    name: str
    description: str
    piece: T.Trait

    @property
    def text(self) -> str:
        return T.add_piece(self.piece)


def _proto(name: str, description: str, traits: list[T.Trait]) -> Prototype:
    return Prototype(name, description, T.chain(traits + [T.basic_piece("", "")]))


def _prototype_definitions(game: Game) -> list[tuple[str, str, list[T.Trait]]]:
    """(name, description, traits without the BasicPiece) of every prototype, in a fixed order."""
    out = [
        (UNIT_PROTOTYPE, "every unit: elimination report, moved flag, trail, eliminate, delete", [
            T.report_state([T.ELIMINATE_KEY], ELIMINATE_REPORT, "Report eliminations"),
            T.movement_markable(),
            T.footprint(),
            T.send_to_location("Eliminate", T.ELIMINATE_KEY, ELIMINATED_MAP, ELIMINATED_BOARD,
                               *ELIMINATED_DROP, description="Send to Eliminated"),
            T.delete(),
        ]),
        (MARKER_PROTOTYPE, "markers: delete", [T.delete()]),
    ]
    for nid in sorted(game.nations):
        n = game.nations[nid]
        side = next((s.name for s in game.sides if s.id == n.side), n.side)
        out.append((nation_prototype_name(game, nid), f"units of {n.name}",
                    [T.marker([("NationName", n.name), ("SideName", side)])]))
    for t in sorted({c.type for c in game.counters.values()}):
        traits = [T.marker([("TypeName", UNIT_TYPE_LABELS.get(t, t))])]
        if t == "hq":   # HQ supply point changes are reported (the PROP trait sits inside)
            traits.insert(0, T.report_state(list(SP_KEYS), SP_REPORT, "Report supply points"))
        out.append((type_prototype_name(t), f"{UNIT_TYPE_LABELS.get(t, t)} units", traits))
    return out


def prototypes(game: Game) -> list[Prototype]:
    """``Unit``, ``Marker``, one per nation and one per unit type in use, in a fixed order."""
    return [_proto(name, desc, traits) for name, desc, traits in _prototype_definitions(game)]


def prototype_traits(game: Game) -> dict[str, list[T.Trait]]:
    """Every prototype's traits by name (its BasicPiece left out), for ``expand_prototypes``."""
    return {name: traits for name, _desc, traits in _prototype_definitions(game)}


def expand_prototypes(traits: list[T.Trait], protos: dict[str, list[T.Trait]],
                      _depth: int = 0) -> list[T.Trait]:
    """The chain with each ``prototype;Name`` replaced by that prototype's traits, in place.

    This is what VASSAL 3.7 does to every piece that enters a game (``PieceCloner.clonePiece``
    expands ``UsePrototype``): a piece dragged from the palette is written to logs and saves
    expanded (fixtures/vassal/logs/setup.vsav). It matters because ``UsePrototype.myGetState``
    is always empty: the state of a trait reached through a prototype (moved flag, movement
    trail, Send-to back location) is in no ``D/`` command and no save, so the opponent, the log
    and a reloaded game would never see it. Scenario saves therefore carry expanded pieces.
    """
    if _depth > 20:
        raise ValueError("prototypes nest more than 20 levels")
    out: list[T.Trait] = []
    for tr in traits:
        name = T.prototype_name(tr)
        if name is not None and name in protos:
            out.extend(expand_prototypes(protos[name], protos, _depth + 1))
        else:
            out.append(tr)
    return out


# --------------------------------------------------------------------------- palette slots


@dataclass(frozen=True)
class Slot:
    """One PieceSlot: a palette entry (and the piece definition a save refers to by gpid)."""

    gpid: int
    entry_name: str
    piece: T.Trait
    image: str
    counter: str | None = None      # counter id for units
    marker: str | None = None       # marker id for markers
    value: str | None = None        # marker value

    @property
    def text(self) -> str:
        return T.add_piece(self.piece)


def _marker_values(m: MarkerDef) -> Iterable[str | None]:
    return m.values if m.values else (None,)


def slots(game: Game) -> list[Slot]:
    """Every palette slot with a stable gpid: units sorted by counter id, then markers."""
    out: list[Slot] = []
    gpid = 1
    for cid in sorted(game.counters):
        c = game.counters[cid]
        out.append(Slot(gpid, c.name, T.chain(unit_traits(game, c, gpid=gpid)),
                        counter_image(cid, "front"), counter=cid))
        gpid += 1
    for mid in sorted(game.markers):
        m = game.markers[mid]
        for v in _marker_values(m):
            name = f"{m.label} {v}" if v not in (None, "") else m.label
            out.append(Slot(gpid, name, T.chain(marker_traits(m, v, gpid=gpid)),
                            marker_image(mid, v), marker=mid, value=v))
            gpid += 1
    return out


def slot_index(all_slots: list[Slot]) -> tuple[dict[str, Slot], dict[tuple[str, str | None], Slot]]:
    units = {s.counter: s for s in all_slots if s.counter}
    markers = {(s.marker, s.value): s for s in all_slots if s.marker}
    return units, markers  # type: ignore[return-value]
