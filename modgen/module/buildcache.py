"""Content-keyed cache for ``modgen build``: reuse what did not change, stay byte-identical.

Where it lives: ``.modgen-cache/`` beside the output module (``dist/.modgen-cache/`` for the
default ``dist/GAME.vmod``), or ``--cache DIR`` / ``MODGEN_CACHE``. Deleting it, or building
with ``--clean``, only costs time: nothing in it is needed and nothing in it is trusted beyond
its checksums (a damaged entry is a miss, never an error or a different module).

Two levels:

* **the whole module**: a fingerprint of every input — every file of the data folders
  (``games/ counters/ maps/ scenarios/ tables/``, scans included), the help page's
  declarations, modgen's own code, templates and fonts, and the Python, zlib and library
  installs that shape the bytes. When it equals the last build's, the module is the last
  build's module: it is copied from the cache without loading, validating or drawing anything
  (the same inputs gave a valid build before and give the same bytes now).
* **parts**: every piece image (per counter face and per marker), each map board, the turn
  track image and each scenario save, under a key made of the code fingerprint and the
  canonical content of exactly the model objects that part is drawn from. A changed counter
  misses its own two faces; everything else is reused.

Storage is plain bytes and JSON (no pickle: reading the cache runs no code): ``parts.pack``
(a JSON index of key → offset, length, SHA-256, then the blobs), ``module.vmod`` and
``module.json`` (fingerprint and the module's SHA-256). Both are rewritten atomically after
each successful build and keep only what that build used, so the cache stays the size of one
build.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
import zlib
from pathlib import Path
from typing import Any, Iterable


CACHE_DIR_NAME = ".modgen-cache"
PACK = "parts.pack"
MANIFEST = "module.json"
MODULE = "module.vmod"
MAGIC = b"MODGEN-CACHE-1\n"
FORMAT = 1
DATA_FOLDERS = ("games", "counters", "maps", "scenarios", "tables")
#: libraries whose version can change the bytes (PNG encoder, templates, XML, YAML reading)
LIBRARIES = ("PIL", "jinja2", "lxml", "yaml", "markupsafe")
MAX_PACK_BYTES = 1 << 30   # a pack larger than this is ignored (not ours, or damaged)


def _write(path: Path, chunks: Iterable[bytes]) -> None:
    """Write-and-rename without fsync: a cache file lost in a crash is only a miss (every
    entry is checked against its SHA-256 when read)."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "wb") as f:
            for c in chunks:
                f.write(c)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def default_cache_dir(output: str | os.PathLike[str]) -> Path:
    env = os.environ.get("MODGEN_CACHE")
    if env:
        return Path(env)
    return Path(output).resolve().parent / CACHE_DIR_NAME


# --------------------------------------------------------------------------- fingerprints

def _files_under(base: Path) -> Iterable[Path]:
    if not base.is_dir():
        return []
    out = []
    for dirpath, dirnames, filenames in os.walk(base):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d != "__pycache__")
        for f in sorted(filenames):
            if not f.startswith(".") and not f.endswith((".pyc", ".tmp")):
                out.append(Path(dirpath) / f)
    return out


def _hash_files(h, files: Iterable[Path], root: Path) -> None:
    for p in files:
        try:
            rel = p.relative_to(root).as_posix()
        except ValueError:
            rel = p.as_posix()
        h.update(rel.encode() + b"\0")
        with open(p, "rb") as f:
            h.update(hashlib.sha256(f.read()).digest())


_CODE: str | None = None


def code_fingerprint() -> str:
    """modgen's source, templates and fonts, and the interpreter/library installs (a new Pillow
    or zlib may encode the same pixels to other bytes). Libraries are located without being
    imported (``find_spec``), identified by their installed file's path, size and mtime."""
    global _CODE
    if _CODE is not None:
        return _CODE
    import importlib.util
    from ..paths import PROJECT_ROOT, templates_dir
    h = hashlib.sha256(f"format {FORMAT}\0{sys.version}\0zlib {zlib.ZLIB_RUNTIME_VERSION}\0".encode())
    pkg = Path(__file__).resolve().parents[1]
    _hash_files(h, _files_under(pkg), PROJECT_ROOT)
    _hash_files(h, _files_under(templates_dir()), PROJECT_ROOT)     # checkout or wheel
    for name in LIBRARIES:
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            spec = None
        origin = getattr(spec, "origin", None)
        if origin:
            st = os.stat(origin)
            h.update(f"{name}\0{origin}\0{st.st_size}\0{st.st_mtime_ns}\0".encode())
        else:
            h.update(f"{name}\0absent\0".encode())
    _CODE = h.hexdigest()
    return _CODE


def input_fingerprint(game_id: str, data_root: Path, extra: Iterable[Path] = ()) -> str:
    """Everything a build reads: the code fingerprint, the game id, every data file."""
    root = Path(data_root)
    h = hashlib.sha256(f"{code_fingerprint()}\0game {game_id}\0".encode())
    for folder in DATA_FOLDERS:
        _hash_files(h, _files_under(root / folder), root)
    for p in extra:
        h.update(b"extra\0" + str(p).encode() + b"\0")
        if Path(p).is_file():
            _hash_files(h, [Path(p)], root)
    return h.hexdigest()


# --------------------------------------------------------------------------- part keys

def canonical(obj: Any) -> Any:
    """A JSON-able, order-independent picture of a model object, without its ``Source`` (file
    and line only place error messages; a counter moved down a file draws the same)."""
    import dataclasses
    from ..model.types import Source
    if isinstance(obj, Source):
        return None
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return [type(obj).__name__] + [[f.name, canonical(getattr(obj, f.name))]
                                       for f in dataclasses.fields(obj)
                                       if not isinstance(getattr(obj, f.name), Source)]
    if isinstance(obj, dict) or hasattr(obj, "items") and hasattr(obj, "keys"):
        items = [[canonical(k), canonical(v)] for k, v in obj.items()]
        return ["map"] + sorted(items, key=lambda kv: json.dumps(kv[0], sort_keys=True))
    if isinstance(obj, (list, tuple)):
        return ["seq"] + [canonical(v) for v in obj]
    if isinstance(obj, (set, frozenset)):
        return ["set"] + sorted((canonical(v) for v in obj), key=lambda v: json.dumps(v))
    if obj is None or isinstance(obj, (bool, int, str)):
        return obj
    if isinstance(obj, float):
        return ["float", repr(obj)]
    return [type(obj).__name__, repr(obj)]


def part_key(kind: str, *parts: Any) -> str:
    h = hashlib.sha256(f"{code_fingerprint()}\0{kind}\0".encode())
    for p in parts:
        if isinstance(p, (bytes, bytearray, memoryview)):
            h.update(b"b" + hashlib.sha256(p).digest())
        elif isinstance(p, str):
            h.update(b"s" + hashlib.sha256(p.encode("utf-8")).digest())
        else:
            h.update(b"j" + json.dumps(canonical(p), sort_keys=True, separators=(",", ":"),
                                       ensure_ascii=False).encode())
    return h.hexdigest()


# --------------------------------------------------------------------------- the store

class BuildCache:
    """Parts read from the last build (``use=False``: none, as ``--clean``) and the parts of
    this build, written by ``save`` only after the build succeeded."""

    def __init__(self, directory: str | os.PathLike[str], *, use: bool = True):
        self.dir = Path(directory)
        self.use = use
        self._old: dict[str, tuple[int, int, str]] = {}
        self._blob: bytes = b""
        self.new: dict[str, bytes] = {}
        self.hits = 0
        self.misses = 0
        if use:
            self._read_pack()

    def _read_pack(self) -> None:
        p = self.dir / PACK
        try:
            if p.stat().st_size > MAX_PACK_BYTES:
                return
            data = p.read_bytes()
        except OSError:
            return
        if not data.startswith(MAGIC):
            return
        try:
            n = int.from_bytes(data[len(MAGIC):len(MAGIC) + 8], "big")
            start = len(MAGIC) + 8
            index = json.loads(data[start:start + n])
            base = start + n
            self._old = {k: (base + int(v[0]), int(v[1]), str(v[2])) for k, v in index.items()}
            self._blob = data
        except (ValueError, TypeError, IndexError, AttributeError):
            self._old, self._blob = {}, b""

    def get(self, key: str) -> bytes | None:
        hit = self.new.get(key)
        if hit is not None:
            return hit
        loc = self._old.get(key)
        if loc is None:
            self.misses += 1
            return None
        off, n, sha = loc
        data = self._blob[off:off + n]
        if len(data) != n or hashlib.sha256(data).hexdigest() != sha:
            self.misses += 1
            return None
        self.hits += 1
        self.new[key] = data
        return data

    def put(self, key: str, data: bytes) -> None:
        self.new[key] = bytes(data)

    def save(self, fingerprint: str | None, module: bytes | None) -> None:
        """Write this build's parts (only those it used) and, with ``fingerprint``, the module.
        A cache that cannot be written is skipped silently: it only ever saves time."""
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
            index, off = {}, 0
            for k in sorted(self.new):
                d = self.new[k]
                index[k] = [off, len(d), hashlib.sha256(d).hexdigest()]
                off += len(d)
            head = json.dumps(index, sort_keys=True, separators=(",", ":")).encode()
            manifest = self.dir / MANIFEST
            if manifest.exists():
                manifest.unlink()          # never a manifest naming a module being replaced
            _write(self.dir / PACK, [MAGIC + len(head).to_bytes(8, "big") + head]
                   + [self.new[k] for k in sorted(self.new)])
            if fingerprint is not None and module is not None:
                _write(self.dir / MODULE, [module])
                _write(manifest, [json.dumps({"format": FORMAT, "fingerprint": fingerprint,
                                              "sha256": hashlib.sha256(module).hexdigest()},
                                             indent=1, sort_keys=True).encode() + b"\n"])
        except OSError:
            pass


class ParseCache:
    """``modgen.model.yamlio.parse_cache`` backed by a build cache: parsed YAML under a key of
    the file's text hash and the code fingerprint (a new PyYAML or loader is a miss)."""

    def __init__(self, cache: BuildCache):
        self.cache = cache

    def get(self, key: str) -> bytes | None:
        return self.cache.get(part_key("yaml", key))

    def put(self, key: str, data: bytes) -> None:
        self.cache.put(part_key("yaml", key), data)


def cached_module(directory: str | os.PathLike[str], fingerprint: str) -> bytes | None:
    """The last build's module bytes when it was built from exactly these inputs."""
    d = Path(directory)
    try:
        man = json.loads((d / MANIFEST).read_bytes())
        if man.get("format") != FORMAT or man.get("fingerprint") != fingerprint:
            return None
        data = (d / MODULE).read_bytes()
    except (OSError, ValueError, AttributeError):
        return None
    if hashlib.sha256(data).hexdigest() != man.get("sha256"):
        return None
    return data


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk (no decoding)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
