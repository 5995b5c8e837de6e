"""The whole module writer on a tiny game: determinism, structure, saves, atomic failure."""
from __future__ import annotations

import io
import zipfile

import pytest
from lxml import etree

from modgen.atomicfile import atomic_write
from modgen.errors import ModgenError
from modgen.hexgrid import Hex
from modgen.module import build, buildfile, savegame
from modgen.systems.der_weltkrieg import calendar
from modgen.vassal.archive import read_saved_game
from modgen.vassal.buildfile import decode_turn_state, read_module
from modgen.vassal.commands import AddPiece, BoardPicker, Player, SetupStack, Turn, parse_saved_game
from modgen.vassal.obfuscation import deobfuscate, obfuscate_vcsk
from modgen.vassal.traits import parse_piece, parse_stack_state

from conftest import shared_path
from module_game import build_kw, tiny_game


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    game = tiny_game(extra_counter=True)
    out = tmp_path_factory.mktemp("vmod") / "tiny.vmod"
    build.build_module(game, out, progress=build.Progress(stream=None), **build_kw())
    return game, out


def test_two_builds_are_byte_identical(built, tmp_path):
    game, first = built
    second = tmp_path / "again.vmod"
    build.build_module(tiny_game(extra_counter=True), second,
                       progress=build.Progress(stream=None), **build_kw())
    assert first.read_bytes() == second.read_bytes()


def test_module_version_follows_the_data(tmp_path):
    a = dict(build.build_entries(tiny_game(version="1.0.0"), **build_kw()))
    b = dict(build.build_entries(tiny_game(version="1.0.1"), **build_kw()))
    from modgen.module.version import generator_digest
    g = generator_digest().encode()
    assert b'version="1.0.0.g' + g + b'"' in a["buildFile.xml"]
    assert b'version="1.0.1.g' + g + b'"' in b["buildFile.xml"]
    assert a["moduledata"] != b["moduledata"]


def test_zip_is_deterministic_and_sorted(built):
    _, path = built
    with zipfile.ZipFile(path) as zf:
        infos = zf.infolist()
    names = [i.filename for i in infos]
    assert names == sorted(names)
    assert {i.date_time for i in infos} == {(2000, 1, 1, 0, 0, 0)}
    assert "buildFile.xml" in names and "moduledata" in names and "if-test.vsav" in names
    assert "help/index.html" in names and "charts/sequence-of-play.html" in names
    assert all(i.compress_type == zipfile.ZIP_STORED for i in infos if i.filename.endswith(".png"))


def test_moduledata(built):
    game, path = built
    md = etree.fromstring(zipfile.ZipFile(path).read("moduledata"))
    assert md.tag == "data" and md.get("version") == "1"
    assert md.findtext("name") == game.title
    # the data's version and the generator's hash (modgen.module.version)
    from modgen.module.version import generator_digest
    assert md.findtext("version") == f"{game.version}.g{generator_digest()}"
    assert md.findtext("VassalVersion") == "3.7.0"
    root = etree.fromstring(zipfile.ZipFile(path).read("buildFile.xml"))
    assert root.get("name") == md.findtext("name")
    assert root.get("version") == md.findtext("version")
    assert root.get("VassalVersion") == "3.7.0"


def test_buildfile_format_and_components(built):
    game, path = built
    raw = zipfile.ZipFile(path).read("buildFile.xml")
    assert raw.startswith(b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
                          b'<VASSAL.build.GameModule ')
    assert b"\n    <VASSAL.build.module.Chatter/>\n" in raw          # 4-space indent
    root = etree.fromstring(raw, buildfile.safe_parser())
    tags = [el.tag.rsplit(".", 1)[1] for el in root]
    for needed in ("BasicCommandEncoder", "Documentation", "PlayerRoster", "GlobalOptions",
                   "Chatter", "KeyNamer", "PrototypesContainer", "Map", "PieceWindow",
                   "DiceButton", "TurnTracker", "ChartWindow", "PredefinedSetup"):
        assert needed in tags, needed
    assert [e.text for e in root.find("VASSAL.build.module.PlayerRoster")] == \
        ["Central Powers", "Entente"]
    maps = {m.get("mapName"): m for m in root.findall("VASSAL.build.module.Map")}
    assert set(maps) == {"Main Map", "Eliminated", "Central Powers Reinforcements",
                         "Entente Reinforcements", "Tracks"}
    helpers = [el.tag.rsplit(".", 1)[1] for el in maps["Main Map"]]
    for h in ("BoardPicker", "StackMetrics", "ForwardToKeyBuffer", "Scroller", "MenuDisplayer",
              "MapCenterer", "StackExpander", "PieceMover", "KeyBufferer", "CounterDetailViewer",
              "Zoomer", "SelectionHighlighters", "HighlightLastMoved"):
        assert h in helpers, h
    boards = maps["Main Map"].findall(".//VASSAL.build.module.map.boardPicker.Board")
    assert [b.get("name") for b in boards] == ["6-4"]
    assert maps["Eliminated"].find(".//VASSAL.build.module.map.boardPicker.board.HexGrid") is None
    dice = {d.get("name"): d for d in root.findall("VASSAL.build.module.DiceButton")}
    assert dice["1d6"].get("nDice") == "1" and dice["2d6"].get("nDice") == "2"
    assert "$PlayerSide$" in dice["2d6"].get("reportFormat")
    slots = root.findall(".//VASSAL.build.widget.PieceSlot")
    gpids = [int(s.get("gpid")) for s in slots]
    assert len(set(gpids)) == len(gpids)
    assert int(root.get("nextPieceSlotId")) == max(gpids) + 1
    setups = root.findall(".//VASSAL.build.module.PredefinedSetup/VASSAL.build.module.PredefinedSetup")
    assert [s.get("file") for s in setups] == ["if-test.vsav"]
    desc = setups[0].get("description")
    assert "SET-UP INCOMPLETE" in desc and "2318" in desc and "rule 15" in desc
    # every attribute sorted by name, as VASSAL writes them
    for el in root.iter():
        assert list(el.attrib) == sorted(el.attrib)


def test_read_back_with_project_reader(built):
    game, path = built
    mod = read_module(str(path))
    assert mod.name == game.title and mod.sides == ["Central Powers", "Entente"]
    assert set(mod.prototypes) >= {"Unit", "Marker", "Nation Italy", "Type Inf"}
    assert {d for d in mod.dice_buttons} == {"1d6", "2d6"}
    # + trench, devastation, dm 1, dm 10, strength -1
    assert len(mod.piece_slots) == len(game.counters) + 5
    tracker = mod.tracker(calendar.TRACKER_ID)
    assert [lv.property for lv in tracker.levels] == ["Year"]


def test_tracks_map_names_each_box(built):
    from modgen.module import tracks
    game, path = built
    mod = read_module(str(path))
    regions = {r.name: r for r in tracks.regions(game)}
    # 2 supply tracks (0-99) + one DM track (0-99 and +0..+900) for the nation whose starting
    # DM the scenario gives
    assert len(regions) == 2 * 100 + 110
    assert not any(n.startswith("Italy DM") for n in regions)
    for name in ("Entente supply 37", "Central Powers supply 0", "Austria-Hungary DM 99",
                 "Austria-Hungary DM +800"):
        r = regions[name]
        assert mod.location_name("Tracks", r.x, r.y) == name
    with zipfile.ZipFile(path) as zf:
        from PIL import Image
        img = Image.open(io.BytesIO(zf.read("images/tracks.png")))
        assert img.size == tracks.layout(game)[1:]


def test_tab_and_newline_in_attribute_survive():
    from modgen.module.components import open_tag
    text = ('<?xml version="1.0"?>\n' + open_tag("HtmlChart", chartName="a\tb\nc", empty=True))
    out = buildfile.normalise_xml(text)
    assert b'chartName="a&#9;b&#10;c"' in out
    again = etree.fromstring(out)
    assert again.get("chartName") == "a\tb\nc"


def test_malformed_xml_is_a_modgen_error():
    with pytest.raises(ModgenError, match="not well-formed"):
        buildfile.normalise_xml("<a><b></a>")


def test_no_entity_expansion():
    evil = ('<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
            "<a>&x;</a>")
    out = buildfile.normalise_xml(evil)
    assert b"root:" not in out


def _scenario(path, name):
    zf = zipfile.ZipFile(path)
    sf = read_saved_game(zf.read(name), name=name)
    return sf, parse_saved_game(sf.text)


def test_scenario_save_structure(built):
    game, path = built
    sf, sg = _scenario(path, "if-test.vsav")
    assert sf.scheme == "VCSK" and sf.key == savegame.SAVE_KEY
    assert sf.moduledata["name"] == game.title
    assert sf.savedata["description"] == "Test Scenario"
    kinds = [type(c).__name__ for c in sg.initial]
    assert kinds[:3] == ["BeginSave", "NullCommand", "NullCommand"]
    assert kinds[-1] == "EndSave"
    assert not [c for c in sg.initial if isinstance(c, Player)]       # no password written
    assert any(isinstance(c, SetupStack) for c in sg.initial)
    pickers = {c.map_id: c.boards for c in sg.initial if isinstance(c, BoardPicker)}
    assert pickers["Main Map"] == (("6-4", 0, 0),)
    assert "Eliminated" in pickers
    # members before their stack
    seen = set()
    for c in sg.initial:
        if isinstance(c, AddPiece):
            if c.type == "stack":
                assert all(pid in seen for pid in parse_stack_state(c.state).ids)
            seen.add(c.id)


def test_scenario_places_each_printed_unit_on_its_printed_hex(built):
    game, path = built
    mod = read_module(str(path))
    sc = game.scenarios["if-test"]
    sf, sg = _scenario(path, "if-test.vsav")
    for c in sg.initial:
        if isinstance(c, BoardPicker):
            mod.apply_board_picker(c.map_id, c.boards)
    units = {}
    for c in sg.initial:
        if isinstance(c, AddPiece) and c.type != "stack":
            p = parse_piece(c.type, c.state, mod.prototypes)
            props = p.properties()
            if "UnitId" in props:
                units.setdefault(props["UnitId"], []).append((p, mod.hex_at(p.basic.map, p.basic.x, p.basic.y)))
    for pl in sc.setup:
        [(piece, hex_)] = units[pl.counter]
        assert piece.basic.map == "Main Map"
        assert hex_ == pl.hex, pl.counter
        # printed strength 0 for the 2-4 / 1-4 brigade: back side and a -1 marker (13-22)
        assert piece.layers()["Step"] == (2 if pl.reduced or pl.strength == 0 else 1)
    # fortress (8) at 1310 as the fortress counter
    [(fort, fh)] = units["ah-fort-8"]
    assert fh == sc.fortresses[0].hex
    # HQ supply points
    [(hq, _)] = units["ah-hq-xxxx-tir"]
    assert hq.properties()["SupplyPoints"] == "5"
    # the dead pool on Eliminated
    [(dead, _)] = units["it-inf-xx-2"]
    assert dead.basic.map == "Eliminated"
    # markers on their hexes
    markers = [(parse_piece(c.type, c.state, mod.prototypes)) for c in sg.initial
               if isinstance(c, AddPiece) and "MarkerId" in c.type]
    where = {(m.properties()["MarkerId"], mod.hex_at(m.basic.map, m.basic.x, m.basic.y))
             for m in markers}
    assert where == {(mp.marker, mp.hex) for mp in sc.markers} | {("strength-minus-1", Hex(10, 14))}
    # the turn tracker at the first turn and phase
    [turn] = [c for c in sg.initial if isinstance(c, Turn)]
    assert turn.tracker_id == calendar.TRACKER_ID
    shown = decode_turn_state(mod.tracker(calendar.TRACKER_ID), turn.state)
    assert [v for _, v in shown] == ["1915", "May", "7", "Entente Movement"]


def test_failure_leaves_no_partial_file(tmp_path):
    out = tmp_path / "broken.vmod"
    out_dir_before = set(tmp_path.iterdir())

    def broken_images(game):
        raise ModgenError("art exploded")

    kw = build_kw()
    kw["images"] = broken_images
    with pytest.raises(ModgenError, match="art exploded"):
        build.build_module(tiny_game(), out, progress=build.Progress(stream=None), **kw)
    assert set(tmp_path.iterdir()) == out_dir_before

    # a failure while the zip is being written removes the temporary file too
    with pytest.raises(RuntimeError):
        with atomic_write(out) as f:
            f.write(b"partial")
            raise RuntimeError("disk full")
    assert set(tmp_path.iterdir()) == out_dir_before


def test_existing_output_survives_a_failed_build(tmp_path, built):
    _, good = built
    out = tmp_path / "m.vmod"
    out.write_bytes(good.read_bytes())
    kw = build_kw()
    kw["images"] = lambda g: {}
    with pytest.raises(ModgenError, match="no art"):
        build.build_module(tiny_game(), out, progress=build.Progress(stream=None), **kw)
    assert out.read_bytes() == good.read_bytes()


def test_hextest_savedgame_obfuscation_matches_fixture():
    """Our !VCSK writer reproduces VASSAL's bytes given the same key."""
    path = shared_path("fixtures", "vassal", "hextest-scenario1-loaded-by-3.7.26.vsav")
    raw = zipfile.ZipFile(path).read("savedGame")
    text, scheme, key = deobfuscate(raw)
    assert scheme == "VCSK"
    assert obfuscate_vcsk(text, key) == raw
    # and our own save decodes the same way
    ours = obfuscate_vcsk("begin_save\x1bend_save", savegame.SAVE_KEY)
    assert deobfuscate(ours)[0] == "begin_save\x1bend_save"


def test_progress_on_stderr(tmp_path, capsys):
    import sys
    build.build_module(tiny_game(), tmp_path / "p.vmod", progress=build.Progress(stream=sys.stderr),
                       **build_kw())
    err = capsys.readouterr().err
    for stage in ("art", "png", "scenarios", "buildFile", "zip"):
        assert f"modgen build: {stage}" in err


def test_html_pages_are_ascii_for_swing(built):
    _, path = built
    with zipfile.ZipFile(path) as zf:
        for name in zf.namelist():
            if name.endswith(".html"):
                data = zf.read(name)
                data.decode("ascii")                      # raises if not ASCII
                assert b"&#x" not in data, name


@pytest.mark.parametrize("counter,strength,reduced,expected", [
    ("it-inf-xx-1", None, False, (False, None)),                     # as printed
    ("it-inf-xx-1", 4, False, (False, None)),                        # front 4-4
    ("it-inf-xx-1", 3, False, (True, None)),                         # back 3-4
    ("it-inf-xx-1", 2, False, (True, ("strength-minus-1", "-1"))),   # back 3 and a -1 marker
    ("it-inf-xx-1", 2, True, (True, ("strength-minus-1", "-1"))),
    ("it-inf-xx-1", 1, False, (False, None)),                        # nothing fits: a note
])
def test_understrength_set_up(counter, strength, reduced, expected):
    from modgen.model.types import Placement
    from modgen.module import pieces as P
    game = tiny_game()
    units, markers = P.slot_index(P.slots(game))
    b = savegame.SaveBuilder(game, None, None, units, markers)
    pl = Placement(counter, Hex(11, 12), reduced=reduced, strength=strength)
    assert b.strength_adjustment(pl, "here") == expected
    if strength == 1:
        assert b.notes and "printed at strength 1" in b.notes[0] and "by hand" in b.notes[0]
    else:
        assert not b.notes


def test_hex_off_the_map_names_the_file_and_line():
    import dataclasses
    from modgen.model.types import Placement, Source
    game = tiny_game()
    sc = game.scenarios["if-test"]
    bad = dataclasses.replace(sc, setup=sc.setup + (
        Placement("it-inf-xx-1", Hex(30, 30), source=Source("scenarios/x.yaml", 12)),))
    game = dataclasses.replace(game, scenarios={"if-test": bad})
    with pytest.raises(ModgenError) as e:
        build.build_entries(game, **build_kw())
    assert e.value.format().startswith("scenarios/x.yaml:12: hex: hex 3030 is on none of the maps")


def test_help_includes_the_declaration_grammar_when_present(tmp_path):
    decl = tmp_path / "declarations.md"
    decl.write_text("# Declarations\n\n`!rail <unit> <from>-<to>` & more\n", encoding="utf-8")
    entries = dict(build.build_entries(tiny_game(), declarations=decl, **build_kw()))
    page = entries["help/index.html"].decode("ascii")
    assert "Player declarations" in page and "!rail &lt;unit&gt; &lt;from&gt;-&lt;to&gt;" in page
    entries = dict(build.build_entries(tiny_game(), declarations=tmp_path / "absent.md",
                                       **build_kw()))
    assert b"Player declarations" not in entries["help/index.html"]


def _shape(text: str) -> list[str]:
    """Top-level command kinds of a save, with the pieces block summarised."""
    from modgen.vassal.commands import decode_tree
    tree = decode_tree(text)
    out = [tree.token]
    for child in tree.children:
        if child.children:        # the pieces block: "" then one AddPiece per piece/stack
            kinds = {"stack" if c.token.split("/")[2].startswith("stack") else "piece"
                     for c in child.children}
            out.append(f"<{child.token!r}:{'+'.join(sorted(kinds))}>")
        else:
            tok = child.token
            out.append(tok.split("\t")[0] if "\t" in tok else tok)
    return out


def test_save_has_the_shape_vassal_writes(built):
    """Same top-level structure as VASSAL 3.7.26's own save, minus the PLAYER lines."""
    real = read_saved_game(shared_path("fixtures", "vassal", "vassal-3.7.26-written.vsav")).text
    game, path = built
    ours = read_saved_game(zipfile.ZipFile(path).read("if-test.vsav")).text
    real_shape = [k for k in _shape(real) if k != "PLAYER"]
    our_shape = _shape(ours)
    assert real_shape == ["begin_save", "", "<'':piece+stack>", "Main MapBoardPicker",
                          "SETUP_STACK", "TURNTurnTracker0", "end_save"]
    assert our_shape[:3] == real_shape[:3]
    assert our_shape[-3:] == real_shape[-3:]
    assert [k for k in our_shape if k.endswith("BoardPicker")] == [
        "Main MapBoardPicker", "EliminatedBoardPicker", "Central Powers ReinforcementsBoardPicker",
        "Entente ReinforcementsBoardPicker", "TracksBoardPicker"]


def test_outputs_get_ordinary_permissions_not_mkstemps_0600(tmp_path):
    """A module or report is written to be shared: 0666 less the umask, like any new file."""
    import os
    out = tmp_path / "x.bin"
    old = os.umask(0o022)
    try:
        with atomic_write(out) as f:
            f.write(b"data")
    finally:
        os.umask(old)
    assert out.read_bytes() == b"data"
    assert out.stat().st_mode & 0o777 == 0o644


def test_generator_hash_follows_the_code_not_the_machine(tmp_path, monkeypatch):
    """The module version's generator part changes with modgen's sources, templates or help
    pages and with nothing else: it is read relative to where they are found (a checkout or an
    installed package), so the same code gives the same version everywhere."""
    import shutil
    from modgen import paths
    from modgen.module import version as V
    pkg = tmp_path / "pkg"
    shutil.copytree(paths.PACKAGE_DIR, pkg, ignore=shutil.ignore_patterns("__pycache__", "data"))
    tpl = tmp_path / "tpl"
    shutil.copytree(paths.templates_dir(), tpl)
    monkeypatch.setattr(V, "_GENERATOR", None)
    here = V.generator_digest()
    monkeypatch.setattr(V, "PACKAGE_DIR", pkg)
    monkeypatch.setattr(V, "templates_dir", lambda: tpl)
    monkeypatch.setattr(V, "_GENERATOR", None)
    assert V.generator_digest() == here                 # the same files elsewhere
    (pkg / "module" / "__pycache__").mkdir(exist_ok=True)
    (pkg / "module" / "__pycache__" / "x.pyc").write_bytes(b"compiled")
    (pkg / "data").mkdir()
    (pkg / "data" / "x.py").write_text("shipped data, hashed as data\n")
    monkeypatch.setattr(V, "_GENERATOR", None)
    assert V.generator_digest() == here                 # bytecode and shipped data do not count
    art = pkg / "art" / "counters.py"
    art.write_text(art.read_text() + "\n# a change\n")
    monkeypatch.setattr(V, "_GENERATOR", None)
    changed = V.generator_digest()
    assert changed != here and len(changed) == 8
    art.write_text(art.read_text().replace("\n# a change\n", ""))
    (next(tpl.rglob("*.j2"), None) or next(p for p in tpl.rglob("*") if p.is_file())).write_text("other")
    monkeypatch.setattr(V, "_GENERATOR", None)
    assert V.generator_digest() not in (here, changed)  # a template counts too
