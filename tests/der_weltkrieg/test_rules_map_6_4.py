"""modgen.systems.der_weltkrieg.rules on the project's real data: map 6-4, the TEC and the Italian Front counters."""
from __future__ import annotations

from collections import Counter

import pytest

from modgen.model import load_game
from modgen.systems.der_weltkrieg.rules import (BoardState, TerrainCosts, UnitView, check_movement, enemy_zoc,
                          neutral_countries, stacking_options_for, step_cost, zoc_of_unit)


@pytest.fixture(scope="module")
def game():
    return load_game("italian-front")


def test_every_land_hexside_of_map_6_4_is_priced_by_the_tec(game):
    """Data contract: the movement rules never meet a hexside they cannot price on map 6-4."""
    m = game.maps["6-4"]
    costs = TerrainCosts.for_game(game)
    board = BoardState.build(m)
    inf = UnitView(next(c for c in game.counters.values() if c.type == "inf"), "entente")
    seen = Counter()
    for h, info in m.hexes.items():
        if not info.land:
            continue
        for n in h.neighbours():
            if n in m.hexes:
                s = step_cost(board, inf, h, n, costs, ezoc=set())
                seen[s.status] += 1
                assert s.status != "unknown", s.reason
                if s.status == "ok":
                    side = m.hexside(h, n)
                    assert s.mp == sum(mp for _l, mp in s.parts)
                    assert s.parts[0][1] == costs.terrain_mp(side.terrain)
    assert seen["ok"] > 1000 and seen["prohibited"] > 0


def test_switzerland_is_neutral_and_blocks_zoc(game):
    m = game.maps["6-4"]
    neutral = neutral_countries(game, m)
    assert neutral == frozenset({"switzerland"})
    swiss = {h for h, i in m.hexes.items() if i.country == "switzerland"}
    border = next(h for h, i in sorted(m.hexes.items()) if i.country == "italy" and i.land
                  and any(n in swiss for n in h.neighbours()))
    it = UnitView(next(c for c in game.counters.values() if c.nation == "italy" and c.type == "inf"),
                  "entente", hex=border)
    board = BoardState.build(m, [it], neutral_countries=neutral)
    z = zoc_of_unit(board, it)
    assert z and not (z & swiss)
    assert enemy_zoc(board, "central-powers") == z


def test_scenario_units_move_on_map_6_4(game):
    """A unit of the October 1917 set-up moving one clear hexside is legal; the options of the
    scenario switch the Italian Front stacking rules on."""
    sc = game.scenarios["if-1917-10"]
    m = game.maps[sc.maps[0]]
    costs = TerrainCosts.for_game(game)
    units = [UnitView(game.counters[p.counter], game.side_of(game.counters[p.counter].nation),
                      reduced=p.reduced, hex=p.hex) for p in sc.setup if p.hex in m.hexes]
    board = BoardState.build(m, units, neutral_countries=neutral_countries(game, m))
    moved = 0
    for u in units:
        if not u.face.movement:
            continue
        for n in u.hex.neighbours():
            side = m.hexside(u.hex, n)
            if side and side.terrain == "clear" and not side.river and not side.major_river \
                    and not board.units(n) and not board.markers(n):
                r = check_movement(board, u, [u.hex, n], costs)
                assert r.verdict == "legal", r.message
                assert r.spent in (1, 2, 3)          # 1 + EZOC costs at most
                moved += 1
                break
    assert moved > 0
    opts = stacking_options_for(sc, game.counters.values())
    assert opts.ah_brigade_pairs and opts.alpk_group and opts.jgr_brigade_at_half
