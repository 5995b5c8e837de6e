"""The Burning Mountains pieces (``ModuleExtras.slots``): units and markers as VASSAL trait
chains, one palette slot each.

* units: every value of the counter as Marker properties (so a log is self-describing), a ``Step``
  layer (front / reduced, 2.5) or, for artillery, a ``Moved`` layer (its "Mov" side, 12.3);
  Send-to ``Eliminated`` (Ctrl+K), flip and elimination reports;
* markers: ``MarkerId``/``MarkerKind``; a two-sided one (CE -1/-2, LS/OOS, GT, VP) has a ``Side``
  layer whose level names carry its value (a Marker property cannot follow a flip).
"""
from __future__ import annotations

from ...model.types import Game
from ...module import traits as T
from . import art_counters
from .data import BmCounter, BmMarker
from .module import ELIMINATE_REPORT, ELIMINATED, FLIP_REPORT, UNIT_PROPERTIES


def unit_image(cid: str, face: str) -> str:
    return f"bm-{cid}-{face}.png"


def marker_image(mid: str, side: int) -> str:
    return f"bm-marker-{mid}-{side}.png"


def unit_properties(game: Game, c: BmCounter) -> list[tuple[str, str]]:
    side = game.side_of(c.nation)
    r = c.reduced

    def n(v):
        return "" if v is None else str(v)

    return list(zip(UNIT_PROPERTIES, (
        c.id, c.nation, side, game.nations[c.nation].name, next(s.name for s in game.sides if s.id == side),
        c.type, c.size, c.designation, c.corps or "", n(c.front.attack), n(c.front.defence), n(c.front.ma),
        n(c.front.av), n(r.attack if r else None), n(r.defence if r else None), str(c.steps),
        str(c.setup or ""), n(c.arrival))))


def unit_traits(game: Game, c: BmCounter, *, level: int = 1, gpid: int | str = "", map_id: str | None = None,
                x: int = 0, y: int = 0, piece_id: str | None = None) -> list[T.Trait]:
    faces = art_counters.faces(c)
    chain: list[T.Trait] = []
    if len(faces) > 1:
        chain.append(T.report_state([T.FLIP_KEY], FLIP_REPORT, "Report flips"))
    chain += [T.report_state([T.ELIMINATE_KEY], ELIMINATE_REPORT, "Report eliminations"),
              T.movement_markable(), T.footprint(),
              T.send_to_location("Eliminate", T.ELIMINATE_KEY, ELIMINATED, ELIMINATED, 60, 60,
                                 description="Send to Eliminated"),
              T.delete(), T.marker(unit_properties(game, c))]
    images = [unit_image(c.id, f) for f in faces]
    if c.is_artillery:
        chain.append(T.embellishment("Moved", images, ["", "+ (Mov)"], level=level, up_command="Flip",
                                     increase_key=T.FLIP_KEY, description="Artillery: normal / Mov (12.3)"))
    elif len(faces) > 1:
        chain.append(T.embellishment("Step", images, ["", "+ (reduced)"], level=level, up_command="Flip",
                                     increase_key=T.FLIP_KEY, description="Step: full / reduced (2.5)"))
    props = [("UniqueID", piece_id)] if piece_id else []
    chain.append(T.basic_piece(images[0], c.name, map_id=map_id, x=x, y=y, gpid=gpid, properties=props))
    return chain


def marker_traits(m: BmMarker, *, level: int = 1, gpid: int | str = "", map_id: str | None = None, x: int = 0,
                  y: int = 0, piece_id: str | None = None) -> list[T.Trait]:
    """A marker: one-sided ones carry their value as the Marker property ``MarkerValue``; a
    two-sided one (CE -1/-2, LS/OOS, GT, VP) is one piece flipped between its sides: a Marker
    property cannot follow a flip (``Marker`` is static), so its value is the ``Side`` layer
    (VASSAL's ``Side_Level``, ``Side_Name``) and each level names the side ("CE" + " -2")."""
    images = [marker_image(m.id, i) for i in range(len(m.sides))]
    props = [("MarkerId", m.id), ("MarkerKind", m.kind)]
    if len(images) == 1:
        props.append(("MarkerValue", m.sides[0]))
    chain = [T.delete(), T.marker(props)]
    name = f"{m.label} {m.sides[0]}"
    if len(images) > 1:
        chain.append(T.report_state([T.FLIP_KEY], FLIP_REPORT, "Report flips"))
        # Embellishment.getName splits a level name on "+" (a SequenceEncoder.Decoder): a "+" of
        # the side's own text ("VP +50") is escaped, or the name would stop before it
        levels = ["+ " + v.replace("+", "\\+") for v in m.sides]
        chain.append(T.embellishment("Side", images, levels, level=level, up_command="Flip",
                                     increase_key=T.FLIP_KEY, description=f"{m.label}: {' / '.join(m.sides)}"))
        name = m.label
    props = [("UniqueID", piece_id)] if piece_id else []
    chain.append(T.basic_piece(images[0], name, map_id=map_id, x=x, y=y, gpid=gpid, properties=props))
    return chain


class Slot:
    def __init__(self, gpid: int, entry_name: str, traits: list[T.Trait], image: str, counter=None, marker=None):
        self.gpid, self.entry_name, self.image = gpid, entry_name, image
        self.counter, self.marker = counter, marker
        self.text = T.add_piece(T.chain(traits))


def slots(game: Game) -> list[Slot]:
    out = []
    gpid = 1
    for cid in sorted(game.counters):
        c = game.counters[cid]
        out.append(Slot(gpid, c.name, unit_traits(game, c, gpid=gpid), unit_image(cid, "front"), counter=cid))
        gpid += 1
    for mid in sorted(game.markers):
        m = game.markers[mid]
        out.append(Slot(gpid, m.label, marker_traits(m, gpid=gpid), marker_image(mid, 0), marker=mid))
        gpid += 1
    return out
