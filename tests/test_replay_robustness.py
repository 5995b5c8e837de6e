"""Real-world saves (Almoravid, Paths of Glory: decks, many traits) and random command sequences
keep the replay's state consistent: every stacked piece is in exactly one stack, members exist,
the position index agrees with where things are."""
from __future__ import annotations

import random

import pytest

from modgen.replay import replay
from modgen.replay.state import GameState
from modgen.vassal.commands import AddPiece, ChangePiece, MovePiece, RemovePiece, Secret
from modgen.vassal.sequence import SequenceEncoder


def check_invariants(gs: GameState) -> None:
    seen: dict[str, str] = {}
    for sid, st in list(gs.stacks.items()) + list(gs._removed_stacks.items()):
        for m in st.members:
            assert m not in seen, f"{m} in two stacks ({seen.get(m)}, {sid})"
            seen[m] = sid
            if m in gs.pieces:
                assert gs.pieces[m].stack == sid
    for pid, p in gs.pieces.items():
        if p.stack is not None:
            assert seen.get(pid) == p.stack, pid
        else:
            assert pid not in seen
    # the position index holds exactly the top-level items, where they are
    for key, items in gs._at.items():
        for item in items:
            assert gs._pos_of[item] == key
            m, x, y = key
            assert item in gs.top[m]
            if item in gs.stacks:
                st = gs.stacks[item]
                assert (st.map, st.x, st.y) == key
            else:
                p = gs.pieces[item]
                assert p.stack is None and (p.own_map, p.own_x, p.own_y) == key
    for m, t in gs.top.items():
        for item in t:
            assert gs._pos_of.get(item, (None,))[0] == m


@pytest.mark.parametrize("name", ["almoravid-3.6.13-scenario-A.vsav", "pathsofglory-historical-10-8.vsav"])
def test_published_module_saves(fixtures_dir, name):
    tl = replay(fixtures_dir / name)
    gs = tl.final
    assert len(gs.pieces) > 100
    check_invariants(gs)
    # every stacked piece is drawn where its stack is
    for p in gs.pieces.values():
        if p.stack is not None and p.stack in gs.stacks:
            st = gs.stacks[p.stack]
            assert p.position == (st.map, st.x, st.y)


def test_decks_hold_their_cards(fixtures_dir):
    gs = replay(fixtures_dir / "pathsofglory-historical-10-8.vsav").final
    decks = [s for s in gs.stacks.values() if s.kind == "deck"]
    assert decks and any(d.members for d in decks)
    for d in decks:
        for m in d.members:
            assert gs.pieces[m].position == (d.map, d.x, d.y)


def _type(name: str) -> str:
    return SequenceEncoder("\t", "mark;UnitId").append(f"piece;;;x.png;{name}").value


def _state(uid: str, m: str, x: int, y: int) -> str:
    return SequenceEncoder("\t", uid).append(f"{m};{x};{y};;0").value


@pytest.mark.parametrize("seed", range(12))
def test_random_command_sequences_keep_the_state_consistent(seed):
    rng = random.Random(seed)
    gs = GameState()
    ids = [f"p{i}" for i in range(6)]
    points = [("Main Map", 28, 32), ("Main Map", 84, 0), ("Main Map", 84, 64), ("Dead Pile", 10, 10)]
    for pid in ids:
        m, x, y = rng.choice(points)
        gs.apply(AddPiece(pid, _type(pid), _state(pid, m, x, y)))
    next_stack = 0
    for _ in range(300):
        r = rng.random()
        pid = rng.choice(ids)
        m, x, y = rng.choice(points)
        if r < 0.4:
            under = rng.choice(ids + [None, None])
            gs.apply(MovePiece(pid, m, x, y, under, None, 0, 0, None, Secret("pw")))
        elif r < 0.6:
            next_stack += 1
            members = rng.sample(ids, rng.randint(0, 3))
            enc = SequenceEncoder(";", m).append(x).append(y).extend(members).append("@@1")
            gs.apply(AddPiece(f"s{next_stack}", "stack", enc.value))
        elif r < 0.75:
            gs.apply(ChangePiece(pid, _state(pid, m, x, y), None))
        elif r < 0.85 and gs.stacks:
            gs.apply(RemovePiece(rng.choice(sorted(gs.stacks))))
        elif r < 0.9:
            gs.apply(RemovePiece(pid))
            gs.apply(AddPiece(pid, _type(pid), _state(pid, m, x, y)))
        else:
            gs.apply(MovePiece(pid, None, 0, 0, None, gs.pieces[pid].map, 0, 0, None, Secret("pw")))
        check_invariants(gs)
