"""VASSAL 3.8 (issue 12 item 6): saves written the 3.8 way are read; what we write stays 3.7's.

Files "written the 3.8 way" are built here by following VASSAL's Java source step by step
(vassalengine/vassal, vassal-app/src/main/java/VASSAL/…):

* ``tools/io/ObfuscatingOutputStream.java`` (3.8): ``out.write(XZ_HEADER_BYTES)`` (``!VOXZ``),
  ``out.write(key)`` with ``key = rand.nextInt(255) + 1``, then
  ``new XZOutputStream(new XorOutputStream(out, key), new LZMA2Options(PRESET))`` with
  ``PRESET = 3``: the XZ stream of the text, every byte XORed with the key. xz-java's default
  integrity check is CRC64.
* the raw-XOR variants it replaced: ``VOBS`` + key + XORed bytes (vassalengine/vassal#15060) and
  ``!VOBS`` (``HEADER_BYTES``, "the uncompressed format written by VASSAL 3.8 before the command
  log was compressed"); a ``DeobfuscatingInputStream`` that reads a bare XZ stream
  (``XZ_MAGIC``, "Compressed, as written since VASSAL 3.8").
* ``counters/Footprint.java`` at tag 3.8.0-beta1 (commit 5147931a1): ``myGetType`` appends
  ``ignoreSameLocation`` after ``description`` (l. 236), ``myGetState`` appends
  ``lastPointListSize`` after ``everInitialized`` (l. 177); with the option off,
  ``lastPointListSize`` is 0 for a new trail (``clearTrail``) and only ``mySetState`` changes it.
"""
from __future__ import annotations

import io
import json
import lzma
import zipfile

import pytest

from conftest import shared_path
from modgen.errors import ModgenError
from modgen.vassal.archive import read_saved_game
from modgen.vassal.commands import (AddPiece, ChangePiece, decode_tree, encode_tree,
                                    iter_preorder, parse_command)
from modgen.vassal.obfuscation import (SavedGameDecoder, VOBS, VOBS5, deobfuscate,
                                       obfuscate_vcsk, obfuscate_vobs, obfuscate_voxz, xor_table)
from modgen.vassal.sequence import SequenceEncoder
from modgen.vassal.traits import (Trait, join_chain, join_levels, parse_footprint, parse_piece,
                                  split_chain, split_levels)

TEXT = "begin_save\x1b\x1bend_save\x1bLOG\tCHAT&lt;Alice&gt; - ünïcode → 3.8"


def voxz_as_java_writes(text: str, key: int) -> bytes:
    """``ObfuscatingOutputStream(out, key)`` of VASSAL 3.8, byte for byte as its source reads
    (the XOR sits *under* the XZ encoder: the compressed stream is XORed, header and key not)."""
    xz = lzma.compress(text.encode("utf-8"), format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC64,
                       preset=3)
    return b"!VOXZ" + bytes([key]) + bytes(b ^ key for b in xz)


@pytest.mark.parametrize("key", [0x58, 0x80, 0x01, 0xFF])   # 0x80: the Java test's sign check
def test_voxz_as_vassal_38_writes_it(key):
    data = voxz_as_java_writes(TEXT, key)
    assert data == obfuscate_voxz(TEXT, key)
    assert deobfuscate(data, "g.vsav") == (TEXT, "!VOXZ", key)
    # read in the chunks a zip hands over, down to one byte at a time
    for step in (1, 7, 4096):
        dec = SavedGameDecoder("g.vsav")
        for i in range(0, len(data), step):
            dec.feed(data[i:i + step])
        assert dec.finish() == (TEXT, "!VOXZ", key)


def test_raw_xor_variants_and_bare_xz():
    raw = TEXT.encode("utf-8")
    assert deobfuscate(VOBS + bytes([9]) + raw.translate(xor_table(9))) == (TEXT, "VOBS", 9)
    assert deobfuscate(VOBS5 + bytes([200]) + raw.translate(xor_table(200))) == (TEXT, "!VOBS", 200)
    assert obfuscate_vobs(TEXT, 9) == VOBS + bytes([9]) + raw.translate(xor_table(9))
    assert obfuscate_vobs(TEXT, 9, header=VOBS5).startswith(b"!VOBS\x09")
    assert deobfuscate(lzma.compress(raw)) == (TEXT, "XZ", None)
    # XZ stream padding (zero bytes, a multiple of four) is allowed after the stream
    assert deobfuscate(lzma.compress(raw) + b"\x00" * 8) == (TEXT, "XZ", None)
    with pytest.raises(ModgenError, match="after the end"):
        deobfuscate(lzma.compress(raw) + b"\x00" * 3)
    # and the 3.7 hex format, which every 3.8 reader still reads
    assert deobfuscate(obfuscate_vcsk(TEXT, 0x3C)) == (TEXT, "VCSK", 0x3C)


@pytest.mark.parametrize("data,why", [
    (b"!VOXZ", "truncated"),
    (b"!VOXZ\x05", "truncated"),
    (b"!VOBS", "truncated"),
    (b"VOBS", "truncated"),
    (voxz_as_java_writes(TEXT, 5)[:-9], "truncated"),
    (voxz_as_java_writes(TEXT, 5)[:20] + b"\x00" * 40, "corrupt"),
    (voxz_as_java_writes(TEXT, 5) + b"more", "after the end"),
    (b"!VOXZ\x05" + lzma.compress(b"x"), "corrupt"),           # XZ not XORed: garbage
])
def test_damaged_38_saves_are_clear_errors(data, why):
    with pytest.raises(ModgenError, match=why) as e:
        deobfuscate(data, "bad38.vsav")
    assert "bad38.vsav" in str(e.value)


# ------------------------------------------------------------------------- Footprint


def footprint_type_38(*, ignore_same_location: bool, description: str = "Movement trail") -> str:
    """``Footprint.myGetType`` (3.8.0-beta1 l. 218-238): ``ID + se.getValue()``."""
    se = SequenceEncoder(";")
    for v in ("84,130", "Movement Trail", False, False, 10, "255,255,255", "0,0,0", 100, 50, 20,
              30, "1.0", "", "", "", description, ignore_same_location):
        se.append(v)
    return "footprint;" + se.value


def footprint_state_38(points, *, last: int, map_id: str = "Map0", visible: bool = False,
                       initialized: bool = True) -> str:
    """``Footprint.myGetState`` (3.8.0-beta1 l. 166-180)."""
    se = SequenceEncoder(";").append(visible).append(map_id).append(len(points))
    for x, y in points:
        se.append(f"{x},{y}")
    return se.append(initialized).append(last).value


def test_footprint_both_layouts():
    # what VASSAL 3.7.26 wrote (fixtures/vassal/logs/all_actions.vlog, after a move)
    t37 = ("footprint;84,130;Movement Trail;false;false;10;255,255,255;0,0,0;100;50;20;30;1.0;;;;"
           "Movement trail")
    f = parse_footprint(Trait("footprint;", t37, "false;Map0;1;84,128;true"))
    assert (f.type_layout, f.state_layout) == ("3.7", "3.7")
    assert f.points == ((84, 128),) and f.start_map_id == "Map0" and f.ever_initialized
    assert f.ignore_same_location is None and f.last_point_list_size is None
    assert (f.circle_radius, f.line_width, f.description) == (10, 1.0, "Movement trail")
    # the 3.8 layout: one more type field, one more state field
    t38 = footprint_type_38(ignore_same_location=True)
    assert t38 == t37 + ";true"
    s38 = footprint_state_38([(84, 128), (140, 224)], last=1)
    assert s38 == "false;Map0;2;84,128;140,224;true;1"
    f = parse_footprint(Trait("footprint;", t38, s38))
    assert (f.type_layout, f.state_layout) == ("3.8", "3.8")
    assert f.ignore_same_location is True and f.last_point_list_size == 1
    assert f.points == ((84, 128), (140, 224))
    # each reader defaults what the other layout lacks (Java: nextBoolean(false), nextInt(items))
    f = parse_footprint(Trait("footprint;", t37, s38))
    assert f.ignore_same_location is None and f.last_point_list_size == 1
    f = parse_footprint(Trait("footprint;", t38, "false;;0;false"))
    assert f.ignore_same_location is True and f.last_point_list_size is None
    # a hostile point count reads only the tokens there are
    f = parse_footprint(Trait("footprint;", t38, "false;Map0;2000000000;1,2"))
    assert f.points == ((1, 2),) and not f.ever_initialized


def test_a_piece_with_a_38_footprint_parses_and_reencodes():
    t38 = footprint_type_38(ignore_same_location=False)
    s38 = footprint_state_38([(84, 128)], last=0)
    t, s = join_chain([("mark;UnitId", "B1"), (t38, s38), ("piece;;;b.png;1st Blue", "Main Map;84;128;;0")])
    p = parse_piece(t, s)
    assert p.name == "1st Blue" and p.properties() == {"UnitId": "B1"}
    (fp,) = p.footprints()
    assert fp.state_layout == "3.8" and fp.points == ((84, 128),) and fp.last_point_list_size == 0
    assert p.encode() == (t, s)


# ------------------------------------------------------------- a whole log, the 3.8 way


def _footprint_to_38(type_: str, state: str | None) -> tuple[str, str | None]:
    """The same piece as VASSAL 3.8 writes it: its Footprint type and state in 3.8 layout."""
    types = split_levels(type_)
    k = next((i for i, t in enumerate(types) if t.startswith("footprint;")), None)
    if k is None:
        return type_, state
    types[k] = types[k] + ";false"                       # ignoreSameLocation (option off)
    if state is not None:
        states = split_levels(state, len(types))
        states[k] = states[k] + ";0"                     # lastPointListSize, never changed
        state = join_levels(states)
    return join_levels(types), state


def _rewrite_38(text: str, types: dict) -> str:
    tree = decode_tree(text)
    for n in iter_preorder(tree):
        tok = n.token
        if tok.startswith("LOG\t") and tok != "LOG\tnull":
            n.token = "LOG\t" + _rewrite_38(tok[4:], types)
            continue
        cmd = parse_command(tok)
        if isinstance(cmd, AddPiece) and cmd.type != "stack":
            t, s = _footprint_to_38(cmd.type, cmd.state)
            types[cmd.id] = cmd.type
            n.token = AddPiece(cmd.id, t, s).encode()
        elif isinstance(cmd, ChangePiece) and cmd.id in types:
            _, new = _footprint_to_38(types[cmd.id], cmd.new_state)
            _, old = _footprint_to_38(types[cmd.id], cmd.old_state)
            n.token = ChangePiece(cmd.id, new, old).encode()
    return encode_tree(tree)


def test_a_log_written_the_38_way_replays_as_its_37_twin(tmp_path, capsys):
    from modgen.cli import main
    logs = shared_path("fixtures", "vassal", "logs")
    src = logs / "all_actions.vlog"
    text37 = read_saved_game(src).text
    text38 = _rewrite_38(text37, {})
    assert text38 != text37 and text38.count("Movement trail;false") == text37.count("Movement trail")
    buf = io.BytesIO()
    with zipfile.ZipFile(src) as z, zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as out:
        for info in z.infolist():
            data = (voxz_as_java_writes(text38, 0xA7) if info.filename == "savedGame"
                    else z.read(info))
            out.writestr(info.filename, data)
    f38 = tmp_path / "all_actions.vlog"
    f38.write_bytes(buf.getvalue())
    sf = read_saved_game(f38)
    assert sf.scheme == "!VOXZ" and sf.key == 0xA7 and sf.text == text38
    docs = []
    for f in (src, f38):
        assert main(["log", str(f), "--module", str(logs / "VlogTest.vmod"), "--json"]) == 0
        doc = json.loads(capsys.readouterr().out)
        doc.pop("source")
        docs.append(doc)
    assert docs[0] == docs[1]
    assert len(docs[1]["steps"]) == 17
    # the trails themselves, read in the 3.8 layout
    from modgen.vassal.commands import parse_saved_game
    g = parse_saved_game(text38)
    fps = [fp for c in g.initial if isinstance(c, AddPiece) and c.type != "stack"
           for fp in parse_piece(c.type, c.state).footprints()]
    assert fps and all(fp.type_layout == fp.state_layout == "3.8" for fp in fps)


# ---------------------------------------------------------------- we keep writing 3.7


def test_what_we_write_is_what_37_reads():
    from modgen.module import savegame, traits as MT
    data = savegame.vsav_bytes("begin_save\x1b\x1bend_save", b"<data/>", b"<data/>")
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        assert z.read("savedGame").startswith(b"!VCSK")   # 3.7 cannot read !VOXZ or VOBS
    fp = MT.footprint()
    f = parse_footprint(Trait("footprint;", fp.type, fp.state))
    assert (f.type_layout, f.state_layout) == ("3.7", "3.7")
    # and a 3.7 reader (16 type fields, state up to everInitialized) sees every field it knows
    assert len(split_chain(fp.type, fp.state)) == 1 and fp.type.count(";") == 16


def test_oblique_hex_grid_numbering_of_38():
    """``ObliqueHexGridNumbering`` (new in 3.8.0-beta1, mapgrid/ObliqueHexGridNumbering.java):
    ``getRow(p) = slantRow(super.getRow(p), super.getColumn(p))`` with ``slantRow(row, column) =
    stagger ? column/2 + row : row - column/2 + 1`` (Java int division)."""
    from modgen.vassal.buildfile import read_module

    def module(numbering_tag: str, stagger: bool) -> bytes:
        return (f'<VASSAL.build.GameModule name="m" version="1">'
                f'<VASSAL.build.module.Map mapName="Main Map">'
                f'<VASSAL.build.module.map.BoardPicker>'
                f'<VASSAL.build.module.map.boardPicker.Board name="B" width="800" height="800">'
                f'<VASSAL.build.module.map.boardPicker.board.HexGrid dx="56" dy="64" x0="0" y0="32">'
                f'<VASSAL.build.module.map.boardPicker.board.mapgrid.{numbering_tag} '
                f'hOff="1" vOff="1" hLeading="0" vLeading="0" sep="." '
                f'stagger="{str(stagger).lower()}"/>'
                f'</VASSAL.build.module.map.boardPicker.board.HexGrid>'
                f'</VASSAL.build.module.map.boardPicker.Board>'
                f'</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map>'
                f'</VASSAL.build.GameModule>').encode()

    for stagger in (True, False):
        plain = read_module(module("HexGridNumbering", stagger), name="p.xml")
        obl = read_module(module("ObliqueHexGridNumbering", stagger), name="o.xml")
        grid = obl.maps["Main Map"].boards["B"].grid
        assert grid.oblique and not plain.maps["Main Map"].boards["B"].grid.oblique
        for col in range(0, 7):
            x = col * 56
            for y in (32, 96, 160):
                c, r = plain.maps["Main Map"].boards["B"].grid.column_row(x, y, 800, 800)
                want_row = (c // 2 + r) if stagger else (r - c // 2 + 1)
                assert obl.location_name("Main Map", x, y) == grid.numbering.format(c, want_row)
                assert plain.location_name("Main Map", x, y) == grid.numbering.format(c, r)
        assert grid.vassal_hex_grid() is None   # our own hex model does not slant
        # worked by hand from slantRow: columns 1-6 at y = 96
        want = (["1.2", "2.3", "3.3", "4.4", "5.4", "6.5"] if stagger
                else ["1.3", "2.3", "3.2", "4.2", "5.1", "6.1"])
        assert [obl.location_name("Main Map", c * 56, 96) for c in range(6)] == want
