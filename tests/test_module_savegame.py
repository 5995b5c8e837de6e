"""Scenario saves hold what VASSAL 3.7.26 itself would write for the same pieces.

VASSAL expands prototypes when a piece enters a game (``PieceCloner.clonePiece``), and
``UsePrototype.myGetState`` is always empty: a moved flag or a movement trail kept behind a
``prototype;`` reference is in no ``D/`` command and no save. The references are checked against
a save VASSAL wrote after pieces were dragged from its palette (fixtures/vassal/logs/setup.vsav).
"""
from __future__ import annotations

import zipfile

import pytest

from modgen.module import build, pieces as P, traits as T
from modgen.vassal.archive import read_saved_game
from modgen.vassal.buildfile import read_module
from modgen.vassal.sequence import Decoder
from modgen.vassal.traits import expand_prototypes, split_chain, trait_prefix

from conftest import shared_path
from module_game import build_kw, tiny_game

ESC = "\x1b"


def _added_pieces(text: str) -> dict[str, tuple[str, str]]:
    """id -> (type, state) of every ``+/id/type/state`` in a save's first (nested) command."""
    top = Decoder(text, ESC)
    assert top.token() == "begin_save"
    top.token()
    out = {}
    for cmd in Decoder(top.token(), ESC):
        if not cmd.startswith("+/"):
            continue
        d = Decoder(cmd, "/")
        d.token()
        pid, type_, state = d.token(), d.token(""), d.token("")
        if type_ != "stack":
            out[pid] = (type_, state)
    return out


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    game = tiny_game()
    out = tmp_path_factory.mktemp("s") / "t.vmod"
    build.build_module(game, out, progress=build.Progress(stream=None), **build_kw())
    module = read_module(str(out))
    saves = {}
    with zipfile.ZipFile(out) as z:
        for name in z.namelist():
            if name.endswith(".vsav"):
                p = out.parent / name
                p.write_bytes(z.read(name))
                saves[name] = read_saved_game(str(p)).text
    assert saves
    return game, module, saves


def test_scenario_pieces_are_expanded_as_vassal_expands_them(built):
    game, module, saves = built
    slots = {str(s.gpid): s for s in P.slots(game)}
    n = 0
    for text in saves.values():
        for pid, (type_, state) in _added_pieces(text).items():
            parts = split_chain(type_, state)
            assert not any(t.startswith("prototype;") for t, _ in parts), pid
            gpid = Decoder(parts[-1][1], ";")
            gpid.token(); gpid.token(); gpid.token()
            slot = slots[gpid.token()]
            # the palette piece, expanded by the reader's port of UsePrototype/PieceCloner, has
            # the same traits in the same order; only states of the placement differ
            expanded = split_chain(*expand_prototypes(slot.piece.type, slot.piece.state,
                                                      module.prototypes))
            assert [t for t, _ in parts] == [t for t, _ in expanded]
            n += 1
    assert n > 0


def test_expanded_unit_matches_a_vassal_written_palette_piece():
    """Trait order and fresh states of the Unit prototype's traits, as in VASSAL's own save."""
    ref = read_saved_game(str(shared_path("fixtures", "vassal", "logs", "setup.vsav"))).text
    ref_type, ref_state = next(iter(_added_pieces(ref).values()))
    ref_parts = split_chain(ref_type, ref_state)
    ref_states = {trait_prefix(t): s for t, s in ref_parts}

    game = tiny_game()
    traits = P.expand_prototypes(P.unit_traits(game, game.counters["ah-inf-x-96"], map_id="Main Map",
                                               x=10, y=10, piece_id="7"),
                                 P.prototype_traits(game))
    ours = [(trait_prefix(t.type), t.state) for t in traits]
    # VASSAL: report, markmoved, footprint, sendto, delete, mark, emb2, piece
    ref_kinds = list(dict.fromkeys(trait_prefix(t) for t, _ in ref_parts))
    our_kinds = list(dict.fromkeys(k for k, _ in ours))
    assert [k for k in our_kinds if k in ref_kinds] == ref_kinds
    checked = 0
    for k, s in ours:
        if k in ("report;", "markmoved;", "footprint;", "sendto;", "delete;"):
            assert s == ref_states[k], k
            checked += 1
    assert checked == 6      # two reports, moved flag, trail, send-to, delete


def test_prototype_name_reads_the_reference():
    assert T.prototype_name(T.use_prototype("Nation A;B")) == "Nation A;B"
    assert T.prototype_name(T.delete()) is None


def test_board_picker_line_escapes_a_slash_in_a_board_name():
    """BoardPicker.decode splits each board entry on '/' (``name/rev``): a '/' in a board
    name must be escaped or VASSAL would look up the wrong board."""
    from modgen.module import savegame
    from modgen.system import system_of
    from modgen.vassal.sequence import Decoder as D
    import dataclasses
    game = tiny_game()
    [mid] = list(game.maps)
    game.maps["6/4"] = dataclasses.replace(game.maps[mid], id="6/4")
    sc = next(iter(game.scenarios.values()))
    sc = dataclasses.replace(sc, maps=("6/4",), setup=(), markers=(), fortresses=(),
                             dead_pool=(), reinforcements=(), derived_markers=())

    class _Grid:
        def center(self, h):
            return 0, 0
    layout = savegame.BoardLayout({"6/4": _Grid()}, {"6/4": (100, 100)}, {"6/4": frozenset()})
    text, _ = savegame.scenario_command(game, sc, layout,
                                        system_of(game).module_extras(game).turn_command, P.slots(game))
    [line] = [c for c in D(text, ESC) if c.startswith("Main MapBoardPicker")]
    fields = D(line, "\t")
    fields.token()
    assert D(fields.token(), "/").token() == "6/4"
    assert (fields.token(), fields.token()) == ("0", "0")
