"""Incremental ``modgen build``: parts reused from the content-keyed cache, the module always
the bytes of a clean build of the same data."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from modgen.cli import main
from modgen.module import buildcache
from modgen.paths import PROJECT_ROOT

FOLDERS = ("games", "counters", "maps", "scenarios", "tables")
EDIT_FILE = "counters/italian-front/italy.yaml"
BEFORE = '{id: it-inf-xx-35, type: inf, size: XX, designation: "35", front: "4-4", back: "3-4"'
AFTER = '{id: it-inf-xx-35, type: inf, size: XX, designation: "35", front: "5-4", back: "3-4"'


@pytest.fixture
def data(tmp_path):
    d = tmp_path / "data"
    for f in FOLDERS:
        shutil.copytree(PROJECT_ROOT / f, d / f)
    return d


def build(data: Path, out: Path, *extra: str) -> int:
    out.parent.mkdir(parents=True, exist_ok=True)      # modgen build -o does not create folders
    return main(["build", "--data", str(data), "-o", str(out), *extra])


def test_one_counter_edit_rebuilds_only_that_counter_and_matches_a_clean_build(data, tmp_path,
                                                                               capsys):
    out = tmp_path / "out" / "if.vmod"
    assert build(data, out) == 0
    first = out.read_bytes()
    cache = out.parent / buildcache.CACHE_DIR_NAME          # the documented default place
    assert (cache / buildcache.PACK).is_file() and (cache / buildcache.MANIFEST).is_file()
    capsys.readouterr()

    f = data / EDIT_FILE
    text = f.read_text(encoding="utf-8")
    assert BEFORE in text
    f.write_text(text.replace(BEFORE, AFTER), encoding="utf-8")
    assert build(data, out) == 0
    err = capsys.readouterr().err
    incremental = out.read_bytes()
    # the edited counter's two faces are drawn again (and the saves holding it written again);
    # the map, the other 500 piece images and the other saves come from the cache
    line = next(x for x in err.splitlines() if "parts reused" in x)
    reused, drawn = (int(w) for w in line.split("— ")[1].replace(",", "").split()[::3][:2])
    assert reused > 450 and 2 <= drawn <= 8, line
    assert incremental != first

    clean = tmp_path / "clean.vmod"
    assert build(data, clean, "--no-cache") == 0
    assert incremental == clean.read_bytes()
    assert not (tmp_path / buildcache.CACHE_DIR_NAME).exists()     # --no-cache wrote nothing


def test_no_change_rebuild_reuses_the_module(data, tmp_path, capsys):
    out = tmp_path / "m.vmod"
    assert build(data, out) == 0
    first = out.read_bytes()
    capsys.readouterr()
    assert build(data, out) == 0
    assert "no input changed" in capsys.readouterr().err
    assert out.read_bytes() == first
    out.unlink()                                        # the output gone: written from the cache
    assert build(data, out) == 0
    assert "written from the cache" in capsys.readouterr().err
    assert out.read_bytes() == first
    # any data file, even one the game does not list, is an input: touching its bytes rebuilds
    (data / "maps" / "notes.txt").write_text("x", encoding="utf-8")
    assert build(data, out) == 0
    err = capsys.readouterr().err
    assert "no input changed" not in err and "parts reused" in err
    assert out.read_bytes() == first


def test_clean_ignores_the_cache_and_a_damaged_cache_is_only_a_miss(data, tmp_path, capsys):
    out = tmp_path / "m.vmod"
    cache = tmp_path / "c"
    assert build(data, out, "--cache", str(cache)) == 0
    first = out.read_bytes()
    # damage every blob of the pack (the index stays): each entry fails its checksum
    pack = cache / buildcache.PACK
    raw = bytearray(pack.read_bytes())
    n = int.from_bytes(raw[len(buildcache.MAGIC):len(buildcache.MAGIC) + 8], "big")
    start = len(buildcache.MAGIC) + 8 + n
    for i in range(start, len(raw), 97):
        raw[i] ^= 0xFF
    pack.write_bytes(bytes(raw))
    # and a manifest that names other bytes than the cached module
    man = json.loads((cache / buildcache.MANIFEST).read_text())
    man["sha256"] = "0" * 64
    (cache / buildcache.MANIFEST).write_text(json.dumps(man))
    capsys.readouterr()
    assert build(data, out, "--cache", str(cache)) == 0
    err = capsys.readouterr().err
    assert "no input changed" not in err and " 0 parts reused" in err
    assert out.read_bytes() == first
    capsys.readouterr()
    assert build(data, out, "--cache", str(cache), "--clean") == 0
    err = capsys.readouterr().err
    assert "no input changed" not in err and " 0 parts reused" in err
    assert out.read_bytes() == first


def test_part_keys_follow_the_code_and_the_content(monkeypatch):
    a = buildcache.part_key("counter", "x", b"pixels")
    assert a == buildcache.part_key("counter", "x", b"pixels")
    assert a != buildcache.part_key("counter", "y", b"pixels")
    assert a != buildcache.part_key("marker", "x", b"pixels")
    monkeypatch.setattr(buildcache, "_CODE", "another version of modgen")
    assert a != buildcache.part_key("counter", "x", b"pixels")


def test_gitignore_lists_the_cache():
    lines = (PROJECT_ROOT / ".gitignore").read_text().splitlines()
    assert buildcache.CACHE_DIR_NAME + "/" in lines


def test_cached_yaml_parse_is_the_parse():
    """Every data file read back from the parse cache is the tree the parser gives: values,
    their types, and the line of every key and item (error messages depend on them)."""
    from modgen.model import yamlio

    class Store(dict):
        def put(self, k, v):
            self[k] = v

    def same(a, b) -> bool:
        if type(a) is not type(b):
            return False
        if isinstance(a, yamlio.YDict):
            return (a.line == b.line and a.key_lines == b.key_lines and list(a) == list(b)
                    and all(same(k, l) and same(a[k], b[l]) for k, l in zip(a, b)))
        if isinstance(a, yamlio.YList):
            return (a.line == b.line and a.item_lines == b.item_lines and len(a) == len(b)
                    and all(same(x, y) for x, y in zip(a, b)))
        return a == b

    files = [p for f in FOLDERS for p in sorted((PROJECT_ROOT / f).rglob("*.yaml"))]
    assert len(files) >= 10
    store = Store()
    try:
        yamlio.parse_cache = store
        for p in files:
            parsed = yamlio.load_yaml(p)
            assert len(store) and same(yamlio.load_yaml(p), parsed), p   # the second from the store
            yamlio.parse_cache = None
            assert same(yamlio.load_yaml(p), parsed), p
            yamlio.parse_cache = store
    finally:
        yamlio.parse_cache = None
    # a date and a float survive too
    t = PROJECT_ROOT / "x"
    del t
    d = yamlio._decode(json.loads(json.dumps(yamlio._encode(
        yamlio._parse("a: 2015-05-07\nb: 1.5\nc: [1, true, null, 'x']\n", "t")))))
    import datetime
    assert d == {"a": datetime.date(2015, 5, 7), "b": 1.5, "c": [1, True, None, "x"]}
