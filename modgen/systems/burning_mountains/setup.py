"""The Burning Mountains set-up (1.1): the one predefined set-up as VASSAL's ``savedGame`` text
(``ModuleExtras.scenario_command``): every unit on the hex printed on its counter, the
reinforcements in their side's pool box of their GT, the GT marker on GT 1, VP at 10 (14.0), the
replacement markers at 0, the tracker at the A-H Combat Phase of GT 1 (12.4).
"""
from __future__ import annotations

from ...hexgrid import Hex
from ...model.types import Game
from ...module import traits as T
from ...module.savegame import saved_game_text
from ...vassal.sequence import SequenceEncoder
from .boards import _region_slots, pool_regions, track_regions
from .data import BmScenario
from .module import ELIMINATED, FIRST_PIECE_ID, MAIN_MAP, TRACKER_ID, TRACKS, pool_name, turn_state
from .pieces import marker_traits, unit_traits


class _Ids:
    def __init__(self):
        self.n = FIRST_PIECE_ID

    def __call__(self) -> str:
        s = str(self.n)
        self.n += 1
        return s


def setup_command(game: Game, sc: BmScenario, grid, slot_of: dict) -> str:
    """The ``savedGame`` text of the set-up: units on their printed hexes (1.1), reinforcements in
    their side's pool box of their GT, the GT marker on GT 1 (A-H side), VP at 10 (14.0), the
    replacement markers at 0."""
    ids = _Ids()
    stacks: dict[tuple[str, int, int], list[tuple[str, T.Trait]]] = {}

    def put(map_name, x, y, traits):
        pid = ids()
        stacks.setdefault((map_name, x, y), []).append((pid, traits))
        return pid

    def unit(cid, map_name, x, y):
        c = game.counters[cid]
        pid = ids.n
        put(map_name, x, y, unit_traits(game, c, gpid=slot_of[cid], map_id=map_name, x=x, y=y, piece_id=str(pid)))

    # bottom to top: the strongest attack on top (5.3): fortresses and artillery below the units
    def order(cid):
        c = game.counters[cid]
        return (0 if c.type == "fortress" else 1 if c.is_artillery else 2, c.front.attack or 0, cid)

    by_hex: dict[Hex, list[str]] = {}
    for pl in sc.setup:
        by_hex.setdefault(pl.hex, []).append(pl.counter)
    for h in sorted(by_hex):
        x, y = grid.center(h)
        for cid in sorted(by_hex[h], key=order):
            unit(cid, MAIN_MAP, x, y)
    for side in game.sides:
        regions = {name: (cx, cy) for name, cx, cy in pool_regions(game, side.id)[0]}
        for gt, cids in sc.reinforcements.items():
            mine = [c for c in cids if game.side_of(game.counters[c].nation) == side.id]
            if not mine:
                continue
            cx, cy = regions[f"GT {gt}"]
            for cid, (x, y) in zip(mine, _region_slots(cx, cy, len(mine))):
                unit(cid, pool_name(side.name), x, y)
    regions = {name: (cx, cy) for name, cx, cy in track_regions()[0]}
    for mid, box in (("gt", f"GT {sc.first_gt}"), ("vp", f"VP {sc.start_vp}"), ("rp-ah", "VP 0"), ("rp-it", "VP 0")):
        if mid in game.markers:
            x, y = regions[box]
            pid = ids.n
            put(TRACKS, x, y, marker_traits(game.markers[mid], gpid=slot_of[("m", mid)], map_id=TRACKS, x=x, y=y,
                                            piece_id=str(pid)))
    inner = SequenceEncoder("\x1b", "")
    order_keys = sorted(stacks, key=lambda k: (k[0], k[2], k[1]))
    for k in order_keys:
        for pid, traits in stacks[k]:
            inner.append(T.add_piece(T.chain(traits), pid))
    for k in order_keys:
        sid = ids()
        inner.append(T.add_piece(T.stack(k[0], k[1], k[2], [pid for pid, _ in stacks[k]]), sid))
    turn = SequenceEncoder("\t", "TURN" + TRACKER_ID).append(
        turn_state(game, sc.first_gt, sc.phasing_side, sc.first_step)).value
    return saved_game_text(inner.value, sc.maps, eliminated=(ELIMINATED, ELIMINATED),
                           pools=[pool_name(side.name) for side in game.sides], tracks=TRACKS,
                           turn=turn)


def scenario_command(game: Game, sc: BmScenario, layout, all_slots) -> tuple[str, list[str]]:
    """``ModuleExtras.scenario_command``: (the set-up's savedGame text, notes on what was not
    placed: none, every counter prints its hex or GT)."""
    grid = layout.grids[sc.maps[0]]
    slot_of = {s.counter: s.gpid for s in all_slots if s.counter}
    slot_of.update({("m", s.marker): s.gpid for s in all_slots if s.marker})
    return setup_command(game, sc, grid, slot_of), []
