"""GameState semantics on small hand-built command sequences (VASSAL 3.7.26 behaviour read from
its source: MovePiece.executeCommand, StackMetrics.merge, Stack.setState, BasicPiece.setState,
Decorator.mergeState, RemovePiece)."""
from __future__ import annotations

from modgen.replay.pieces import join_chain, merge_state, split_chain, state_facts
from modgen.replay.state import GameState
from modgen.vassal.commands import (AddPiece, ChangePiece, MovePiece, MutableProperty, Player,
                                    RemovePiece, Secret, Turn)
from modgen.vassal.sequence import SequenceEncoder


def chain(*parts: str) -> str:
    """A decorator chain built the way VASSAL's Decorator.getType/getState do."""
    s = parts[-1]
    for own in reversed(parts[:-1]):
        s = SequenceEncoder("\t", own).append(s).value
    return s


EMB = ("emb2;;128;;;128;;;128;;;;1;false;0;0;a.png,b.png;,+ (reduced);true;Step;;;false;;1;1;"
       "true;;70,130;;Flip;1.0;;true")
# mark;UnitId  →  emb2 (Step)  →  markmoved  →  piece
TYPE = chain("mark;UnitId", EMB, "markmoved;moved.png;0;0;Mark;77,130;;false;;;;",
             "piece;;;a.png;{name}")


def state(uid: str, level: int, moved: bool, map_: str, x: int, y: int) -> str:
    return chain(uid, str(level), "true" if moved else "false", f"{map_};{x};{y};;0")


def add(gs: GameState, pid: str, name: str, map_="Main Map", x=28, y=32, level=1):
    gs.apply(AddPiece(pid, TYPE.format(name=name), state(pid, level, False, map_, x, y)))


def move(pid, map_, x, y, under=None, omap="Main Map", ox=0, oy=0):
    return MovePiece(pid, map_, x, y, under, omap, ox, oy, None, Secret("pw-123"))


def members(gs: GameState, sid: str) -> list[str]:
    return list(gs.stacks[sid].members)


def test_type_and_state_are_read():
    f = state_facts(TYPE.format(name="3rd Rifle"), state("U7", 2, True, "Main Map", 84, 0))
    assert (f.map, f.x, f.y) == ("Main Map", 84, 0)
    assert f.name == "3rd Rifle (reduced)"
    assert f.layers == {"Step": 2}
    assert f.properties == {"UnitId": "U7"}
    assert f.moved is True


def test_chain_split_join_round_trip():
    s = state("U1", 1, False, "Main Map", 1, 2)
    assert s == "U1\t1\\\tfalse\\\\\tMain Map;1;2;;0"  # one more backslash per level
    parts = split_chain(s, 4)
    assert parts == ["U1", "1", "false", "Main Map;1;2;;0"]
    assert join_chain(parts) == s


def test_embellishment_names_follow_vassal():
    base = TYPE.format(name="Inf")
    for names, expected in ((",+ (reduced)", "Inf (reduced)"), (",Old +", "Old Inf"),
                            (",reduced", "reduced")):
        t = base.replace(",+ (reduced);", names + ";")
        assert state_facts(t, state("U", 2, False, "M", 0, 0)).name == expected
        assert state_facts(t, state("U", 1, False, "M", 0, 0)).name == "Inf"


def test_stack_membership_and_moves():
    gs = GameState()
    add(gs, "a", "A")
    add(gs, "b", "B")
    gs.apply(AddPiece("s1", "stack", "Main Map;28;32;a;b;@@1"))
    assert members(gs, "s1") == ["a", "b"]
    assert gs.pieces["b"].stack_index == 1
    # a new stack takes its members out of the old one
    gs.apply(AddPiece("s2", "stack", "Main Map;84;0;b;@@1"))
    assert members(gs, "s1") == ["a"] and members(gs, "s2") == ["b"]
    assert gs.pieces["b"].position == ("Main Map", 84, 0)
    # merge onto a piece: right above it
    gs.apply(move("a", "Main Map", 84, 0, under="b"))
    assert members(gs, "s2") == ["b", "a"] and members(gs, "s1") == []
    # no under-id, but a non-empty stack at the point: merged, then put at the bottom
    add(gs, "c", "C", x=300, y=300)
    gs.apply(AddPiece("s3", "stack", "Main Map;300;300;c;@@1"))
    gs.apply(move("c", "Main Map", 84, 0))
    assert members(gs, "s2") == ["c", "b", "a"]
    # under-id that is not at the destination: the merge finder decides
    add(gs, "d", "D", x=500, y=500)
    gs.apply(move("d", "Main Map", 84, 0, under="zzz"))
    assert members(gs, "s2") == ["c", "b", "a", "d"]


def test_lone_pieces_get_stacks_and_removed_stacks_release_members():
    gs = GameState()
    add(gs, "a", "A")
    # a piece in no stack moved to an empty spot gets a new stack (stackOrPlacePiece)
    gs.apply(move("a", "Main Map", 140, 160))
    sid = gs.pieces["a"].stack
    assert sid is not None and sid.startswith("~stack-")
    assert gs.pieces["a"].position == ("Main Map", 140, 160)
    # a piece already in a stack moved to an empty spot is placed bare (the log adds the stack)
    gs.apply(move("a", "Main Map", 196, 192))
    assert gs.pieces["a"].stack is None and members(gs, sid) == []
    # merge onto a lone piece: VASSAL makes a stack for both
    add(gs, "b", "B", x=196, y=192)
    gs.apply(move("b", "Main Map", 196, 192, under="a"))
    sid2 = gs.pieces["a"].stack
    assert sid2 is not None and members(gs, sid2) == ["a", "b"]
    # removing the stack leaves its members nowhere until they move (an undo's -/ then M/)
    gs.apply(RemovePiece(sid2))
    assert gs.pieces["a"].map is None
    gs.apply(move("a", "Main Map", 28, 32))
    assert gs.pieces["a"].position == ("Main Map", 28, 32) and gs.pieces["a"].stack is None
    assert gs.pieces_on("Main Map")[0].id == "a"


def test_change_piece_semantics():
    gs = GameState()
    add(gs, "a", "A")
    add(gs, "b", "B")
    gs.apply(AddPiece("s1", "stack", "Main Map;28;32;a;b;@@1"))
    cur = gs.pieces["a"].state
    # a flip
    gs.apply(ChangePiece("a", state("a", 2, False, "Main Map", 28, 32), cur))
    assert gs.pieces["a"].layers == {"Step": 2} and gs.pieces["a"].name == "A (reduced)"
    # a position change inside a stack is hidden by the stack
    gs.apply(ChangePiece("a", state("a", 2, False, "Main Map", 999, 999), None))
    assert gs.pieces["a"].position == ("Main Map", 28, 32) and members(gs, "s1") == ["a", "b"]
    # another map in the BasicPiece state moves the piece there, out of its stack
    gs.apply(ChangePiece("a", state("a", 2, False, "Dead Pile", 10, 20), None))
    assert gs.pieces["a"].position == ("Dead Pile", 10, 20) and members(gs, "s1") == ["b"]
    assert [p.id for p in gs.pieces_on("Dead Pile")] == ["a"]
    # mergeState: with an old state that is not the current one, only changed traits apply
    gs.apply(ChangePiece("b", state("b", 1, True, "Main Map", 28, 32),
                         state("b", 1, False, "Main Map", 28, 32)))
    # (current == old here) → plain replacement
    assert gs.pieces["b"].moved is True
    gs.apply(ChangePiece("b", state("b", 2, False, "Main Map", 28, 32),
                         state("b", 1, False, "Main Map", 28, 32)))
    # Step changed 1 → 2 in the command, moved did not (false → false): moved keeps "true"
    assert gs.pieces["b"].layers == {"Step": 2} and gs.pieces["b"].moved is True
    assert merge_state("A\tx", "A\ty", "B\tx", 2) == "A\ty"


def test_properties_turn_and_roster_without_passwords():
    gs = GameState()
    gs.apply(Player(Secret("hunter22"), "Alice", "Entente"))
    gs.apply(MutableProperty("1d6_result", "1", "5", "Module"))
    gs.apply(Turn("TurnTracker0", "0|3;0;false;-1;1\\;0\\;0\\;true,true"))
    assert gs.property("1d6_result") == "5"
    assert gs.turn_states == {"TurnTracker0": "0|3;0;false;-1;1\\;0\\;0\\;true,true"}
    assert gs.player_side(Secret("hunter22")).side == "Entente"
    assert gs.player_side(Secret("other")) is None
    assert "hunter22" not in repr(gs.players)
    gs.apply(RemovePiece("nothing"))  # unknown ids are ignored, as VASSAL does


# ------------------------------------------------------------------------ chain splitting
from hypothesis import given, settings, strategies as st  # noqa: E402

from modgen.vassal.traits import _levels_slow as _split_slow  # noqa: E402

_elements = st.text(alphabet=st.sampled_from(list("ab;,\\\t' 1")), max_size=8)


@settings(max_examples=300, deadline=None)
@given(st.lists(_elements, min_size=1, max_size=6))
def test_split_chain_matches_vassal_decoder(parts):
    """The one-scan splitter agrees with VASSAL's decoder level by level on any chain, and
    gives back the elements the chain was built from (unless VASSAL's own trailing-backslash
    quirk makes the chain ambiguous)."""
    s = chain(*parts)
    assert split_chain(s) == _split_slow(s, None)
    assert split_chain(s, len(parts)) == _split_slow(s, len(parts))
    if not any(p.endswith("\\") for p in parts[:-1]):
        assert split_chain(s, len(parts)) == parts


def test_split_chain_on_real_states(fixtures_dir):
    from modgen.vassal.archive import read_saved_game
    from modgen.vassal.commands import AddPiece, ChangePiece, parse_saved_game
    n = 0
    for path in sorted((fixtures_dir / "logs").glob("*.vlog")) + [fixtures_dir / "vassal-3.7.26-written.vlog"]:
        saved = parse_saved_game(read_saved_game(path).text)
        cmds = list(saved.initial) + [c for s in saved.steps for c in s.commands]
        for c in cmds:
            for s in ((c.type, c.state) if isinstance(c, AddPiece) and c.type != "stack"
                      else (c.new_state, c.old_state or "") if isinstance(c, ChangePiece) else ()):
                assert split_chain(s) == _split_slow(s, None)
                n += 1
    assert n > 100


# ------------------------------------------------------------------------ replay of built logs
from modgen.replay import replay  # noqa: E402
from modgen.vassal.commands import Node, encode_tree, parse_saved_game  # noqa: E402


def built_log(initial: list[str], steps: list[list[str]]) -> str:
    """A savedGame string: the begin block, then one LOG step per list (VASSAL's nesting)."""
    out = ["begin_save", ""] + initial + ["end_save"]
    for cmds in steps:
        node = Node("LOG\t" + cmds[0], [Node("LOG\t" + c) for c in cmds[1:]])
        out.append(encode_tree(node).replace("\x1b", "\\\x1b"))
    return "\x1b".join(out)


def test_drag_onto_the_dead_pile_is_an_elimination():
    t = TYPE.format(name="35 Inf XX")
    text = built_log(
        ["+/u1/" + t.replace("/", "\\/") + "/" + state("U1", 1, False, "Main Map", 28, 32),
         "+/s1/stack/Main Map;28;32;u1;@@1",
         "PLAYER\tpw-777\tAnna\tEntente"],
        [["M/u1/Eliminated/60/60/null/Main Map/28/32/null/pw-777",
          "+/s2/stack/Eliminated;60;60;u1;@@1"],
         ["M/u1/Main Map/84/0/null/Eliminated/60/60/null/pw-777"]])
    tl = replay(parse_saved_game(text))
    first, second = tl.steps
    ev = [e for e in first.events if e.kind == "sent"]
    assert len(ev) == 1 and ev[0].eliminated and ev[0].via == "drag" and ev[0].to_stack == "s2"
    assert (first.side, first.who, first.side_source) == ("Entente", "Anna", "mover")
    back = [e for e in second.events if e.kind == "moved"]
    assert len(back) == 1 and back[0].dst.map == "Main Map"
    assert tl.final.pieces["u1"].position == ("Main Map", 84, 0)


def test_an_undo_reverses_the_latest_step_then_the_one_before():
    t = TYPE.format(name="A")
    text = built_log(
        ["+/u1/" + t.replace("/", "\\/") + "/" + state("U1", 1, False, "Main Map", 28, 32)],
        [["M/u1/Main Map/84/0/null/Main Map/28/32/null/pw"],
         ["M/u1/Main Map/140/32/null/Main Map/84/0/null/pw"],
         ["UNDO\ttrue", "M/u1/Main Map/84/0/null/Main Map/140/32/null/pw", "UNDO\tfalse"],
         ["UNDO\ttrue", "M/u1/Main Map/28/32/null/Main Map/84/0/null/pw", "UNDO\tfalse"]])
    tl = replay(parse_saved_game(text))
    s1, s2, s3, s4 = tl.steps
    assert (s3.undoes, s4.undoes) == (2, 1)
    assert s1.undone and s2.undone and s1.undone_by == 4 and s2.undone_by == 3
    assert tl.final.pieces["u1"].position == ("Main Map", 28, 32)


def test_prototypes_are_expanded_through_the_module(fixtures_dir):
    from modgen.vassal.buildfile import read_module
    log = fixtures_dir / "vassal-3.7.26-written.vlog"
    bare = replay(log).final.pieces["1700000000001"]
    assert "prototype" in bare.xinfo.prefixes and "delete" not in bare.xinfo.prefixes
    mod = read_module(fixtures_dir / "hextest-loaded-by-3.7.26.vmod")
    full = replay(log, mod).final.pieces["1700000000001"]
    assert "delete" in full.xinfo.prefixes and "prototype" not in full.xinfo.prefixes
    assert full.name == bare.name and full.layers == bare.layers == {"Step": 1}
    assert full.hex.id == "0606" and bare.hex is None


def test_move_to_no_map_removes_only_a_lone_piece():
    gs = GameState()
    add(gs, "a", "A")
    add(gs, "b", "B", x=84, y=0)
    gs.apply(AddPiece("s1", "stack", "Main Map;84;0;b;@@1"))
    gs.apply(MovePiece("a", None, 0, 0, None, "Main Map", 28, 32, None, Secret("pw")))
    gs.apply(MovePiece("b", None, 0, 0, None, "Main Map", 84, 0, None, Secret("pw")))
    assert gs.pieces["a"].map is None and gs.pieces_on("Main Map") == [gs.pieces["b"]]
    assert gs.pieces["b"].position == ("Main Map", 84, 0)  # Map.removePiece ignores stacked pieces


def test_turn_level_fast_path_reads_as_the_decoder():
    """``turns._level_state`` (one split, the single sub-level unescaped at once) gives what
    ``Decoder`` read token by token gives, on random level codes: escaped or not, quoted, short,
    with sub-levels nested one escape deeper."""
    import random
    from modgen.replay.turns import LevelSpec, _level_state, _level_state_stepwise
    from modgen.vassal.sequence import SequenceEncoder
    rnd = random.Random(11)
    leaf = LevelSpec("list", "Phase", items=("a", "b", "c"))
    specs = [leaf, LevelSpec("counter", "Turn", start=3),
             LevelSpec("list", "Month", items=("x", "y"), children=[leaf]),
             LevelSpec("counter", "Year", start=1915, children=[leaf, leaf]),
             LevelSpec("list", "Deep", items=("p",), children=[leaf, leaf, leaf])]
    alphabet = ["0", "1", "7", "-1", "true", "false", ";", "\\", "'", ",", "", "x", "\\;"]

    def word():
        return "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 3)))
    codes = []
    for _ in range(6000):
        codes.append(";".join(word() for _ in range(rnd.randint(0, 8))))
        inner = SequenceEncoder(";").extend([word() for _ in range(rnd.randint(0, 6))]).value or ""
        head = [word() if rnd.random() < 0.2 else str(rnd.randint(-1, 4)) for _ in range(4)]
        kids = [inner for _ in range(rnd.randint(0, 3))]
        codes.append(SequenceEncoder(";").extend(head + kids).value or "")
    for code in codes:
        for spec in specs:
            assert _level_state(spec, code) == _level_state_stepwise(spec, code), (spec.name, code)
