"""Bounded work and memory on hostile files (issue 9 item 3; modgen/vassal/limits.py).

Before: the 1.5 MB deflate bomb ran ``modgen log`` 202 s to a peak of 11.4 GB (36 s into a
MemoryError under a 2 GB limit); the 36 KB XZ bomb reached 3 GB in 17 s; under a memory limit
``modgen check`` ended in a MemoryError traceback and exit 1 ("violations found"). Now each is
stopped by a named bound as soon as its decoded output passes it: exit 2, one line naming the
file and the bound, and the child's own peak memory far under 500 MB.
"""
from __future__ import annotations

import zipfile

import pytest

import hostile_files as H
from modgen.errors import ModgenError
from modgen.vassal import limits as L
from modgen.vassal.archive import Limits, read_saved_game
from modgen.vassal.commands import parse_saved_game
from modgen.vassal.obfuscation import VOXZ, deobfuscate, obfuscate_vcsk

PEAK_MB = 500


@pytest.fixture(scope="module")
def bombs(tmp_path_factory):
    d = tmp_path_factory.mktemp("bombs")
    files = {
        "deflate.vlog": H.deflate_bomb(),
        # the same stream with headers that claim 1 MB: only the streamed cap can stop it
        "deflate-lying.vlog": H.deflate_bomb(claimed_size=1_000_000),
        "deflate-claims-under-cap.vlog": H.deflate_bomb(claimed_size=100_000_000),
        "xz.vlog": H.xz_bomb(),
        "voxz.vlog": H.xz_bomb(header=VOXZ, key=0x5A),
    }
    for name, data in files.items():
        (d / name).write_bytes(data)
    return d


def test_the_bombs_are_what_the_issue_describes(bombs):
    size = (bombs / "deflate.vlog").stat().st_size
    with zipfile.ZipFile(bombs / "deflate.vlog") as z:
        info = z.getinfo("savedGame")
    assert 1_400_000 < size < 1_700_000 and 190e6 < info.file_size < 210e6
    assert 120 < info.file_size / info.compress_size < 200       # under the archive's ratio cap
    with zipfile.ZipFile(bombs / "xz.vlog") as z:
        info = z.getinfo("savedGame")
        head = z.open("savedGame").read(6)
    assert head == b"\xfd7zXZ\x00" and info.compress_size < 40_000   # a 36 KB XZ payload
    assert info.compress_type == zipfile.ZIP_STORED                  # no zip ratio to see


@pytest.mark.parametrize("command,name,bound", [
    ("log", "deflate.vlog", "MAX_TEXT_BYTES"),
    ("check", "deflate.vlog", "MAX_TEXT_BYTES"),
    ("log", "deflate-lying.vlog", None),     # the headers lie: a size/CRC error or the cap
    ("log", "deflate-claims-under-cap.vlog", "MAX_TEXT_BYTES"),
    ("log", "xz.vlog", "MAX_TEXT_BYTES"),
    ("check", "xz.vlog", "MAX_TEXT_BYTES"),
    ("log", "voxz.vlog", "MAX_TEXT_BYTES"),
])
def test_bomb_is_a_one_line_exit_2_under_a_memory_limit(bombs, command, name, bound):
    r = H.run_modgen([command, str(bombs / name)], limit_mb=1536, timeout=120)
    assert r.returncode == 2, r.stderr
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in r.stderr, r.stderr
    assert lines[0].startswith(f"modgen: {bombs / name}: ")
    if bound:
        assert bound in lines[0]
    assert r.peak_mb < PEAK_MB, f"peak {r.peak_mb:.0f} MB"


def test_running_out_of_memory_is_exit_2_not_a_traceback(bombs):
    """A memory limit lower than what the XZ bomb's capped text needs: the MemoryError that
    ended ``modgen check`` with a traceback and exit 1 is now one line and exit 2."""
    r = H.run_modgen(["check", str(bombs / "xz.vlog")], limit_mb=110, timeout=120)
    assert r.returncode == 2, r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in r.stderr, r.stderr
    assert str(bombs / "xz.vlog") in lines[0]
    assert "out of memory" in lines[0] or "MAX_TEXT_BYTES" in lines[0]


def test_memory_error_anywhere_in_reading_is_exit_2(tmp_path, capsys, monkeypatch, fixtures_dir):
    from modgen.cli import main
    import modgen.vassal.commands as C

    def boom(*a, **k):
        raise MemoryError
    monkeypatch.setattr(C, "_decode", boom)
    log = fixtures_dir / "logs" / "a_chat.vlog"
    for argv in (["log", str(log)], ["check", str(log)]):
        assert main(argv) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and str(log) in err and "Traceback" not in err


# ------------------------------------------------------------------ each bound on its own


def _zip(text: str) -> bytes:
    import io
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("savedGame", text)
    return buf.getvalue()


def test_decoded_text_cap_for_every_container():
    text = "begin_save\x1b\x1bend_save\x1b" + "LOG\tCHAT x\x1b" * 2000
    small = Limits(max_text_bytes=10_000)
    for data in (_zip(text), obfuscate_vcsk(text, 7)):
        if not data.startswith(b"PK"):
            data = _zip_bytes(data)
        with pytest.raises(ModgenError, match="MAX_TEXT_BYTES") as e:
            read_saved_game(data, small, name="big.vlog")
        assert "big.vlog" in str(e.value)
    for scheme_bytes in (obfuscate_vcsk(text, 3), __import__("lzma").compress(text.encode())):
        with pytest.raises(ModgenError, match="MAX_TEXT_BYTES"):
            deobfuscate(scheme_bytes, "x.vlog", max_text_bytes=10_000)
    assert deobfuscate(obfuscate_vcsk(text, 3), max_text_bytes=len(text))[0] == text


def _zip_bytes(data: bytes) -> bytes:
    import io
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as z:
        z.writestr("savedGame", data)
    return buf.getvalue()


def _xz_with_dictionary_byte(data: bytes, dict_byte: int) -> bytes:
    """Rewrite the LZMA2 dictionary-size byte of the first block header (and its CRC32):
    building a stream with a 4 GB dictionary for real would need gigabytes to compress."""
    import struct
    import zlib
    start = 12                                    # after the stream header
    size = (data[start] + 1) * 4
    hdr = bytearray(data[start:start + size])
    pos, flags = 2, hdr[1]

    def varint(p):
        while hdr[p] & 0x80:
            p += 1
        return p + 1
    if flags & 0x40:
        pos = varint(pos)
    if flags & 0x80:
        pos = varint(pos)
    assert hdr[pos] == 0x21 and hdr[pos + 1] == 1     # LZMA2, one property byte
    hdr[pos + 2] = dict_byte
    hdr[-4:] = struct.pack("<I", zlib.crc32(bytes(hdr[:-4])) & 0xFFFFFFFF)
    return data[:start] + bytes(hdr) + data[start + size:]


def test_xz_asking_for_a_huge_dictionary_is_refused():
    import lzma
    data = lzma.compress(b"begin_save\x1bend_save", format=lzma.FORMAT_XZ, preset=0)
    assert deobfuscate(_xz_with_dictionary_byte(data, 18))[0] == "begin_save\x1bend_save"
    with pytest.raises(ModgenError, match="XZ_MEMLIMIT") as e:
        deobfuscate(_xz_with_dictionary_byte(data, 40), "dict.vsav")   # 4 GiB dictionary
    assert "dict.vsav" in str(e.value)


def test_command_count_cap():
    text = "begin_save\x1b\x1bend_save" + "\x1b" * L.MAX_COMMANDS
    with pytest.raises(ModgenError, match="MAX_COMMANDS") as e:
        parse_saved_game(text, name="many.vlog")
    assert e.value.file == "many.vlog"
    # read_saved_game checks it too, where the file's name is known to every caller
    with pytest.raises(ModgenError, match="MAX_COMMANDS") as e:
        read_saved_game(_zip(text), name="many.vlog")
    assert e.value.file == "many.vlog"
    ok = "begin_save\x1b\x1bend_save" + "\x1bLOG\tCHATx" * 1000
    assert len(parse_saved_game(ok).steps) == 1000


def test_nesting_and_decode_work_caps():
    # a chain of quoted heads: every level holds a copy of the text below it
    tok = "q" * 200_000
    for _ in range(30):
        tok = "'" + tok + "'"
    with pytest.raises(ModgenError, match="DECODE_WORK_FACTOR") as e:
        parse_saved_game("begin_save\x1bend_save\x1b" + tok, name="deep.vlog")
    assert "deep.vlog" in str(e.value)
    deep = "a" + "\\" * (L.MAX_DEPTH + 5) + "\x1bb"
    with pytest.raises(ModgenError, match="nesting"):
        parse_saved_game(deep)


def test_field_cap_and_fast_refusal_of_oversized_commands():
    from modgen.vassal.sequence import decode
    with pytest.raises(ModgenError, match="MAX_FIELDS"):
        decode(";" * (L.MAX_FIELDS + 1), ";")
    assert len(decode(";" * 10, ";")) == 11
    # a +/ command with a million fields is opaque, not a million strings
    from modgen.vassal.commands import parse_command, Opaque
    assert isinstance(parse_command("+/" + "a/" * 1_000_000), Opaque)
    assert isinstance(parse_command("PLAYER\t" + "\\\t" * 300_000), Opaque)


def test_piece_caps():
    from modgen.vassal.traits import join_chain, parse_piece, split_levels
    with pytest.raises(ModgenError, match="MAX_PIECE_CHARS"):
        split_levels("mark;" + "x" * (L.MAX_PIECE_CHARS + 1))
    t, s = join_chain([("mark;A", "1")] * (L.MAX_TRAITS + 1) + [("piece;;;a;N", "null;0;0;;0")])
    with pytest.raises(ModgenError, match="MAX_TRAITS"):
        parse_piece(t, s)
    # quotes at element starts force the level-by-level splitter: its work is budgeted
    t, s = join_chain([("'q'", "'v'")] * 200 + [("piece;;;a;N", "null;0;0;;0")])
    with pytest.raises(ModgenError, match="CHAIN_WORK_FACTOR"):
        parse_piece(t, s)
    t, s = join_chain([("'q'", "'v'")] * 5 + [("piece;;;a;N", "null;0;0;;0")])
    assert len(parse_piece(t, s).traits) == 6


def test_piece_count_cap(monkeypatch):
    import modgen.replay.state as S
    from modgen.replay import replay
    monkeypatch.setattr(S, "MAX_PIECES", 50)
    cmds = "\x1b".join(f"+/p{i}/piece;;;a.png;N{i}/Main Map;{i};0;;0" for i in range(60))
    text = "begin_save\x1b\x1b" + cmds + "\x1bend_save"
    with pytest.raises(ModgenError, match="MAX_PIECES") as e:
        replay(read_saved_game(_zip(text), name="pieces.vsav"))
    assert e.value.file == "pieces.vsav"


def test_metadata_and_buildfile_caps(tmp_path):
    import io
    from modgen.vassal.buildfile import read_module
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("savedGame", "begin_save\x1bend_save")
        z.writestr("moduledata", "<data>" + " " * (L.MAX_METADATA_BYTES + 10) + "</data>")
    with pytest.raises(ModgenError, match="MAX_METADATA_BYTES"):
        read_saved_game(buf.getvalue(), name="meta.vsav")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("buildFile.xml", "<VASSAL.build.GameModule>" + " " * 5000
                   + "</VASSAL.build.GameModule>")
    with pytest.raises(ModgenError, match="MAX_BUILDFILE_BYTES"):
        read_module(buf.getvalue(), Limits(max_buildfile_bytes=1000), name="big.vmod")
    f = tmp_path / "buildFile.xml"
    f.write_bytes(b"<VASSAL.build.GameModule>" + b" " * 5000 + b"</VASSAL.build.GameModule>")
    with pytest.raises(ModgenError, match="MAX_BUILDFILE_BYTES"):
        read_module(f, Limits(max_buildfile_bytes=1000))


def test_board_image_size_reads_only_the_header(monkeypatch, fixtures_dir):
    """A board's size comes from its image header: the rest of the entry is never inflated."""
    from modgen.vassal import archive
    from modgen.vassal.buildfile import read_module
    seen = []
    real = archive.Archive.read_prefix

    def spy(self, entry, n):
        seen.append((entry, n))
        return real(self, entry, n)
    monkeypatch.setattr(archive.Archive, "read_prefix", spy)
    m = read_module(fixtures_dir / "logs" / "VlogTest.vmod")
    sizes = [b.width for mi in m.maps.values() for b in mi.boards.values()]
    assert sizes and all(w > 0 for w in sizes)
    assert seen and all(n == L.MAX_IMAGE_HEADER_BYTES for _, n in seen)


def test_limits_are_documented():
    doc = (H.ROOT / "docs" / "security.md").read_text()
    for name, value, _what in L.describe():
        assert name in doc, name
        assert value in doc, (name, value)
