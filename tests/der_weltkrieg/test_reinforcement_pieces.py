"""One piece per schedule entry of a replacement unit (24, 25-1, 25-2).

A schedule lists "1 x 4-3 Inf XX RPL" once per turn such a division arrives; the RPL counter is
generic, so every entry is another division on the map (24-2) and needs a piece of its own in the
scenario's save (the South and East Front Duration Game lists ``ah-inf-xx-rpl-4`` seven times). A
named unit exists once: a second entry of it restores that counter (000:L1973, the second Flotilla
Enns), so it keeps one piece. The checker takes one arrival per entry."""
from __future__ import annotations

import collections

import pytest

from modgen.check.engine import check_log
from modgen.check.logread import parse_log
from modgen.model import load_game
from modgen.model.geometry import BoardLayout
from modgen.model.types import GameDate
from modgen.module import pieces as P
from modgen.module import savegame
from modgen.testing import TestGame

SE = "ef-south-east-duration"


@pytest.fixture(scope="module")
def ef():
    return load_game("eastern-front")


@pytest.fixture(scope="module")
def itf():
    return load_game("italian-front")


def begin_pieces(game, sid):
    t = TestGame(game, game.scenarios[sid], setup=False)
    text, _notes = savegame.scenario_command(game, game.scenarios[sid], BoardLayout.for_game(game),
                                             t.turns.command, P.slots(game))
    return text, list(parse_log(text).begin_state().pieces.values())


def expected_pool(game, sc) -> collections.Counter:
    want: collections.Counter = collections.Counter()
    for e in sc.reinforcements:
        for pl in e.arrivals:
            if pl.counter not in game.counters:
                continue
            if game.counters[pl.counter].rpl:
                want[pl.counter] += 1
            else:
                want[pl.counter] = 1
    return want


@pytest.mark.parametrize("gid", ["eastern-front", "italian-front"])
def test_every_schedule_entry_of_a_replacement_unit_has_its_own_piece(gid, ef, itf):
    game = ef if gid == "eastern-front" else itf
    for sid, sc in game.scenarios.items():
        _text, ps = begin_pieces(game, sid)
        pool = collections.Counter(p.properties.get("UnitId") for p in ps
                                   if p.position[0].endswith(" Reinforcements"))
        assert pool == expected_pool(game, sc), sid
        ids = [p.id for p in ps]
        assert len(ids) == len(set(ids)), sid                # every piece its own id


def test_south_east_duration_game_pieces(ef):
    sc = ef.scenarios[SE]
    entries = collections.Counter(pl.counter for e in sc.reinforcements for pl in e.arrivals)
    assert sum(entries.values()) == 44 and len(entries) == 27
    assert {c: n for c, n in entries.items() if n > 1} == {
        "ah-flotilla-enns": 2, "ah-inf-xx-rpl-4": 7, "ah-inf-xx-rpl-3": 7,
        "ah-inf-xx-rpl-2-polish": 3, "ah-inf-xx-rpl-2-czech": 3}
    text, ps = begin_pieces(ef, SE)
    pool = [p for p in ps if p.position[0].endswith(" Reinforcements")]
    # 44 entries: 43 pieces (the second Enns restores the first, 000:L1973); 52 pieces before
    assert len(pool) == 43 and len(ps) == 68
    rpl4 = [p for p in pool if p.properties.get("UnitId") == "ah-inf-xx-rpl-4"]
    assert len(rpl4) == 7 and len({p.id for p in rpl4}) == 7
    # stable: the same data give the same ids and the same save
    again, ps2 = begin_pieces(ef, SE)
    assert again == text and [p.id for p in ps2] == [p.id for p in ps]


def test_italian_front_saves_unchanged_without_repeated_entries(itf):
    """No Italian Front scenario lists a counter twice: its saves keep one piece per entry,
    as before (the module stays byte-identical)."""
    for sid, sc in itf.scenarios.items():
        n = collections.Counter(pl.counter for e in sc.reinforcements for pl in e.arrivals)
        assert max(n.values(), default=1) == 1, sid


# --------------------------------------------------------------------------- the checker


def rpl_pieces(t: TestGame, counter="ah-inf-xx-rpl-4"):
    return [pid for pid, p in t.pieces.items() if p.counter == counter]


def arrivals(ef, plan):
    """The South and East Front Duration Game from its save, to the last date of ``plan``: the
    Central Powers place every arrival due in their Reinforcement Arrival Phases, except
    ``ah-inf-xx-rpl-4`` (due 5 September and 1 October 1914, once each), whose pieces arrive in
    the hexes ``plan`` gives for the date."""
    sc = ef.scenarios[SE]
    t = TestGame(ef, sc)
    free = collections.defaultdict(list)
    for pid, p in t.pieces.items():
        if p.counter and p.map.endswith(" Reinforcements"):
            free[p.counter].append(pid)
    assert len(free["ah-inf-xx-rpl-4"]) == 7
    dates = sorted({e.date for e in sc.reinforcements if e.date is not None
                    and e.date <= max(plan) and ef.side_of(e.nation) == "central-powers"} | set(plan))
    for date in dates:
        t.advance_to(date, "cp-reinforcement")
        for h in plan.get(date, ()):
            t.arrive(free["ah-inf-xx-rpl-4"].pop(0), h)
        for e in sc.reinforcements:
            if e.date != date or ef.side_of(e.nation) != "central-powers":
                continue
            for pl in e.arrivals:
                if pl.counter != "ah-inf-xx-rpl-4" and free.get(pl.counter):
                    t.arrive(free[pl.counter].pop(0), pl.hex or "5-5:2808")
    t.next_phase()
    return check_log(parse_log(t.text()), ef, sc)


def rpl_findings(r, severity="violation"):
    return [f for f in r.findings if f.rule == "25-2" and f.severity == severity
            and "RPL" in f.message]


S5, O1 = GameDate(1914, 9, 5), GameDate(1914, 10, 1)


def test_one_arrival_per_entry_is_legal(ef):
    r = arrivals(ef, {S5: ["5-5:2707"], O1: ["5-5:2708"]})
    assert rpl_findings(r) == [] and rpl_findings(r, "undetermined") == []


def test_a_second_entry_is_not_met_by_the_first_arrival(ef):
    """Before: any piece of the counter on the map met every later entry of it."""
    r = arrivals(ef, {S5: ["5-5:2707"], O1: []})
    (f,) = rpl_findings(r)
    assert "due" in f.message and "1 October 1914" in f.message and "not placed" in f.message


def test_more_arrivals_than_entries_in_a_turn(ef):
    r = arrivals(ef, {S5: ["5-5:2707", "5-5:2708"]})
    (f,) = rpl_findings(r)
    assert "second of its kind" in f.message and "the schedule brings 1" in f.message
    # in the hex of the first: it may be a split of that RPL unit (24-3)
    r = arrivals(ef, {S5: ["5-5:2707", "5-5:2707"]})
    assert rpl_findings(r) == []
    (f,) = rpl_findings(r, "undetermined")
    assert "24-3" in f.message
