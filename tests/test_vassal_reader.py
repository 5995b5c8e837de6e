"""The VASSAL reader on real files written by VASSAL (../shared/fixtures/vassal)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import shared_path
from modgen.errors import ModgenError
from modgen.vassal.archive import read_saved_game
from modgen.vassal.buildfile import decode_turn_state, read_module
from modgen.vassal.commands import (
    ESC, AddPiece, BeginSave, BoardPicker, ChangePiece, Chat, EndSave, LogNull, MovePiece,
    MutableProperty, NullCommand, Opaque, Player, SetupStack, Turn, Undo, decode_tree,
    encode_saved_game, encode_tree, iter_preorder, parse_command, parse_saved_game)
from modgen.vassal.obfuscation import deobfuscate, obfuscate_vcsk
from modgen.vassal.traits import parse_piece, parse_stack_state

SAVE_NAMES = [
    "vassal-3.7.26-written.vsav", "vassal-3.7.26-written.vlog",
    "hextest-scenario1-loaded-by-3.7.26.vsav", "hextest-scenario1-plain-loaded-by-3.7.26.vsav",
    "almoravid-3.6.13-scenario-A.vsav", "pathsofglory-historical-10-8.vsav",
] + [f"logs/{n}" for n in (
    "a_chat.vlog", "all_actions.vlog", "b_move_single.vlog", "c_merge_onto_friendly.vlog",
    "d_move_stack.vlog", "e_drag_out_of_stack.vlog", "f_flip.vlog", "g_dice.vlog", "h_turn.vlog",
    "i_delete.vlog", "j_send_to_dead_pile.vlog", "k_undo.vlog", "l_multi_select_drag.vlog",
    "m_continue_from_save.vlog", "n_continue_after_replay.vlog", "midgame.vsav", "setup.vsav")]

_cache: dict = {}


def load(name: str):
    if name not in _cache:
        sf = read_saved_game(shared_path("fixtures", "vassal", *name.split("/")))
        _cache[name] = (sf, parse_saved_game(sf.text))
    return _cache[name]


def test_fixture_list_is_complete():
    d = shared_path("fixtures", "vassal")
    found = {str(p.relative_to(d)) for p in d.rglob("*") if p.suffix in (".vsav", ".vlog")}
    assert found == set(SAVE_NAMES)


@pytest.mark.parametrize("name", SAVE_NAMES)
def test_every_save_decodes_and_reencodes_byte_for_byte(name):
    sf, g = load(name)
    assert encode_saved_game(g) == sf.text
    assert encode_tree(decode_tree(sf.text)) == sf.text
    assert isinstance(g.initial[0], BeginSave)
    assert any(isinstance(c, EndSave) for c in g.initial)
    # every typed command gives its exact token back
    tokens = [n.token for n in iter_preorder(g.tree) if n.token]
    for t in tokens:
        assert parse_command(t).encode() == t
    # the scheme: all VASSAL-written saves are !VCSK except the plain one
    assert sf.scheme == ("plain" if "plain" in name else "VCSK")
    raw = (shared_path("fixtures", "vassal", *name.split("/"))).read_bytes()
    assert raw[:2] == b"PK"


@pytest.mark.parametrize("name", [n for n in SAVE_NAMES if n.startswith("logs/") and n.endswith(".vlog")])
def test_log_step_count_matches_vassal(name):
    _, g = load(name)
    expected = json.loads(shared_path("fixtures", "vassal", name[:-5] + ".expected.json").read_text())
    assert len(g.steps) == expected["n_steps"]
    assert [s.index for s in g.steps] == list(range(1, len(g.steps) + 1))
    for s in g.steps:
        assert not any(isinstance(c, LogNull) for c in s.commands)
        assert s.token.startswith("LOG\t")


def test_written_vlog_facts():
    sf, g = load("vassal-3.7.26-written.vlog")
    assert sf.savedata["VassalVersion"] == "3.7.26"
    assert sf.moduledata["name"] == "HexTest"
    init = g.initial
    assert [type(c) for c in init] == [BeginSave, NullCommand, NullCommand, AddPiece, AddPiece,
                                        Player, Player, BoardPicker, SetupStack, Turn, EndSave]
    piece = init[3]
    p = parse_piece(piece.type, piece.state)
    assert (p.basic.map, p.basic.x, p.basic.y) == ("Main Map", 252, 288)
    assert p.properties() == {"Side": "Blue"}
    assert p.layers() == {"Step": 2}
    assert p.basic.name == "1st Infantry" and p.basic.unique_id == "1700000000001"
    assert [t.prefix for t in p.traits] == ["prototype;", "mark;", "emb2;", "piece;"]
    st = parse_stack_state(init[4].state)
    assert tuple(st) == ("Main Map", 252, 288, ("1700000000001",), 1)
    assert init[7] == BoardPicker("Main Map", (("Board", 0, 0),))
    assert init[5].name == "Probe" and init[5].side == "Blue"
    assert len(g.steps) == 4
    s1, s2, s3, s4 = g.steps
    assert s1.commands == [Chat("&lt;tester&gt; - hello log")]
    mv, stack = s2.commands
    assert isinstance(mv, MovePiece)
    assert (mv.id, mv.new_map, mv.new_x, mv.new_y, mv.new_under) == ("1700000000001", "Main Map", 308, 320, None)
    assert (mv.old_map, mv.old_x, mv.old_y, mv.old_under) == ("Main Map", 252, 288, None)
    assert isinstance(stack, AddPiece) and stack.is_stack
    assert parse_stack_state(stack.state).ids == ("1700000000001",)
    # the move step is one top-level token whose second command is nested one level
    assert "\\" + ESC + "LOG\t+/" in s2.token
    roll = {c.name: c.new for c in s3.commands if isinstance(c, MutableProperty)}
    assert roll["1d6_result"] == "4" and roll["1d6_total"] == "4"
    assert isinstance(s3.commands[0], Chat) and s3.commands[0].text.startswith("*** 1d6 = 4")
    (flip,) = s4.commands
    assert isinstance(flip, ChangePiece)
    before = parse_piece(piece.type, flip.old_state).layers()["Step"]
    after = parse_piece(piece.type, flip.new_state).layers()["Step"]
    assert (before, after) == (2, 1)


def test_undo_brackets_and_lognull():
    _, g = load("logs/k_undo.vlog")
    undo = g.steps[1].commands
    assert undo[0] == Undo(True) and undo[-1] == Undo(False)
    assert [c.kind for c in undo] == ["UNDO", "CHAT", "-", "M", "D", "UNDO"]
    assert "LOG\tnull" in g.steps[0].token  # dropped from commands, kept in the token


def test_flip_name_gets_reduced_suffix():
    _, g = load("logs/f_flip.vlog")
    expected = json.loads(shared_path("fixtures", "vassal", "logs", "f_flip.expected.json").read_text())
    pieces = {c.id: c for c in g.initial if isinstance(c, AddPiece) and not c.is_stack}
    after = expected["actions"][0]["pieces_after"][0]
    flip = next(c for c in g.steps[0].commands if isinstance(c, ChangePiece))
    p = parse_piece(pieces[flip.id].type, flip.new_state)
    assert p.name == after["name"]
    assert p.name.endswith(" (reduced)")
    assert str(p.layers()["Step"]) == after["stepLevel"]


def test_begin_state_positions_match_vassal():
    module = read_module(shared_path("fixtures", "vassal", "logs", "VlogTest.vmod"))
    for name in ("logs/all_actions.vlog", "logs/m_continue_from_save.vlog"):
        _, g = load(name)
        expected = json.loads(shared_path("fixtures", "vassal", name[:-5] + ".expected.json").read_text())
        want = {}
        for m in expected["begin_state"]["maps"]:
            for top in m["top_level"]:
                for u in top.get("members_bottom_to_top", [top]):
                    want[u["id"]] = (u["map"], u["x"], u["y"], u["hex"], u["name"])
        got = {}
        for c in g.initial:
            if isinstance(c, AddPiece) and not c.is_stack:
                p = parse_piece(c.type, c.state)
                b = p.basic
                got[c.id] = (b.map, b.x, b.y, module.location_name(b.map, b.x, b.y), p.name)
        assert got == want


def test_turn_states_decode_like_vassal():
    module = read_module(shared_path("fixtures", "vassal", "logs", "VlogTest.vmod"))
    expected = json.loads(shared_path("fixtures", "vassal", "logs", "h_turn.expected.json").read_text())
    _, g = load("logs/h_turn.vlog")
    tracker = module.tracker("TurnTracker0")
    turns = [c for s in g.steps for c in s.commands if isinstance(c, Turn)]
    assert len(turns) == 2
    begin = next(c for c in g.initial if isinstance(c, Turn))
    states = [begin] + turns
    # ground truth: begin state, then each action's "after"
    truth = [expected["begin_state"]["turn"]] + [a["turn_after"] for a in expected["actions"]]
    for cmd, t in zip(states, truth):
        assert cmd.state == t["trackerState"]
        assert decode_turn_state(tracker, cmd.state) == [("Turn", t["Turn"]), ("Phase", t["Phase"])]


def test_dice_from_mutable_property_matches_vassal():
    expected = json.loads(shared_path("fixtures", "vassal", "logs", "g_dice.expected.json").read_text())
    _, g = load("logs/g_dice.vlog")
    got = [{c.name: c.new for c in s.commands if isinstance(c, MutableProperty)} for s in g.steps]
    truth = [a["dice"] for a in expected["actions"]]
    assert got == truth


def test_almoravid_and_paths_of_glory_decode_completely():
    module = read_module(shared_path("fixtures", "vassal", "almoravid-3.6.13-buildFile.xml"))
    assert module.name == "Almoravid"
    assert "Main Map" in module.maps and len(module.prototypes) > 100
    _, g = load("almoravid-3.6.13-scenario-A.vsav")
    n_pieces = 0
    located = 0
    for c in g.initial:
        if isinstance(c, AddPiece) and not c.is_stack:
            p = parse_piece(c.type, c.state)
            n_pieces += 1
            if p.basic.map is not None:
                assert module.map(p.basic.map) is not None, p.basic.map
                loc = module.location_name(p.basic.map, p.basic.x, p.basic.y)
                assert isinstance(loc, str) and loc
                located += loc != "offboard"
            # prototypes resolve with the module's definitions
            expanded = parse_piece(c.type, c.state, module.prototypes)
            assert not any(t.prefix == "prototype;" and t.type.split(";")[1] in module.prototypes
                           for t in expanded.traits)
    assert n_pieces > 500 and located > 100
    assert g.unknown_kinds["NOTES"] >= 1  # counted, not fatal
    assert all(isinstance(c, Opaque) for c in g.initial if c.kind in g.unknown_kinds)
    _, pog = load("pathsofglory-historical-10-8.vsav")
    pieces = [c for c in pog.initial if isinstance(c, AddPiece) and not c.is_stack]
    assert len(pieces) > 500
    for c in pieces:
        parse_piece(c.type, c.state)
    assert sum(pog.unknown_kinds.values()) < 20


def test_module_readers():
    h = read_module(shared_path("fixtures", "vassal", "hextest-loaded-by-3.7.26.vmod"))
    assert h.name == "HexTest" and h.moduledata["name"] == "HexTest"
    assert h.dice_buttons["1d6"].n_dice == 1 and h.dice_buttons["1d6"].n_sides == 6
    mm = h.maps["Main Map"]
    assert [(b.name, b.width > 0) for b in mm.boards.values()] == [("Board", True)]
    for hexname, xy in {"0101": (28, 32), "0201": (84, 0), "0303": (140, 160),
                        "0505": (252, 288), "0606": (308, 320)}.items():
        assert h.location_name("Main Map", *xy) == hexname
        assert h.hex_at("Main Map", *xy).id == hexname
    assert h.location_name("Main Map", 100000, 100000) == "offboard"
    assert h.location_name("No Such Map", 1, 1) == "offboard"
    assert h.predefined_setups and h.predefined_setups[0][1].endswith(".vsav")
    v = read_module(shared_path("fixtures", "vassal", "logs", "VlogTest.vmod"))
    assert v.sides == ["Blue", "Red"]
    assert v.location_name("Dead Pile", 20, 20) == "offboard"
    assert v.map("Map0") is v.maps["Main Map"]
    assert set(v.dice_buttons) == {"1d6", "2d6"}


def test_obfuscation_roundtrip_and_variants():
    text = "begin_save\x1bCHAT héllo ✓"
    for key in (0, 1, 0x48, 255):
        data = obfuscate_vcsk(text, key)
        assert data.startswith(b"!VCSK")
        assert deobfuscate(data) == (text, "VCSK", key)
        assert deobfuscate(data.upper().replace(b"!VCSK", b"!VCSK")) == (text, "VCSK", key)
    raw = bytes(b ^ 7 for b in text.encode())
    assert deobfuscate(b"VOBS\x07" + raw) == (text, "VOBS", 7)
    import lzma
    assert deobfuscate(lzma.compress(text.encode())) == (text, "XZ", None)
    assert deobfuscate(text.encode()) == (text, "plain", None)
    for bad in (b"!VCSK4", b"!VCSK48zz", b"!VCSK48a", b"VOBS", b"\xfd7zXZ\x00garbage",
                b"\x00\x01\x02binary", b"\xff\xfe\xfd"):
        with pytest.raises(ModgenError) as e:
            deobfuscate(bad, "f.vsav")
        assert "f.vsav" in str(e.value)
