"""Bounded reading of VASSAL zip archives (``.vmod``, ``.vsav``, ``.vlog``): untrusted input.

Everything that can go wrong becomes a :class:`ModgenError` naming the file. Reading is streamed
with a hard cap per entry and in total, and the compression ratio is watched while reading, so a
zip whose headers lie (or a zip bomb) cannot make us allocate more than the limits allow. The
``savedGame`` entry is inflated and deobfuscated in one pass, chunk by chunk, and its *decoded*
size is capped (``Limits.max_text_bytes``), whatever mix of deflate, hex, XOR and XZ holds it.
The bounds and their reasons: :mod:`modgen.vassal.limits` and docs/security.md.
"""
from __future__ import annotations

import io
import os
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Union

from lxml import etree

from ..errors import ModgenError
from . import limits as L
from .obfuscation import SavedGameDecoder

__all__ = ["Limits", "Archive", "open_archive", "SaveFile", "read_saved_game",
           "parse_metadata", "safe_xml_parser"]

PathOrBytes = Union[str, os.PathLike, bytes, bytearray, memoryview]
_CHUNK = 1 << 20


@dataclass(frozen=True)
class Limits:
    """Caps applied while reading an archive. Defaults admit the 14 MB Paths of Glory save
    (28 MB of hex in ``savedGame``, ratio ≈ 14) and large published modules."""

    max_entries: int = 20_000
    max_total_bytes: int = 1024 * 1024 * 1024      # sum of everything read from one archive
    max_entry_bytes: int = 256 * 1024 * 1024      # one entry
    max_ratio: float = 200.0                       # uncompressed / compressed, per entry
    ratio_grace_bytes: int = 1024 * 1024           # small entries may compress better than that
    max_text_bytes: int = L.MAX_TEXT_BYTES         # decoded savedGame text
    max_metadata_bytes: int = L.MAX_METADATA_BYTES  # savedata / moduledata
    max_buildfile_bytes: int = L.MAX_BUILDFILE_BYTES


def safe_xml_parser(**kw) -> etree.XMLParser:
    """An lxml parser that never expands entities, loads DTDs or touches the network."""
    return etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False,
                           dtd_validation=False, huge_tree=False, **kw)


def _display_name(src: PathOrBytes, name: str | None) -> str:
    if name:
        return name
    if isinstance(src, (str, os.PathLike)):
        return str(src)
    return "<bytes>"


def _bad_name(n: str) -> str | None:
    if not n:
        return "empty entry name"
    if "\x00" in n:
        return "NUL in entry name"
    if n.startswith(("/", "\\")) or (len(n) > 1 and n[1] == ":"):
        return "absolute path"
    parts = n.replace("\\", "/").split("/")
    if ".." in parts:
        return "'..' in path"
    return None


class Archive:
    """A zip opened for bounded reading. Use :func:`open_archive`."""

    def __init__(self, zf: zipfile.ZipFile, name: str, limits: Limits):
        self._zf = zf
        self.name = name
        self.limits = limits
        self._read_total = 0
        self._infos: dict[str, zipfile.ZipInfo] = {}
        infos = zf.infolist()
        if len(infos) > limits.max_entries:
            raise ModgenError(f"archive has {len(infos)} entries (limit {limits.max_entries})",
                              file=name)
        for info in infos:
            why = _bad_name(info.filename)
            if why:
                raise ModgenError(f"refusing archive entry {info.filename!r}: {why}", file=name)
            if info.filename in self._infos:
                raise ModgenError(f"duplicate archive entry {info.filename!r}", file=name)
            self._infos[info.filename] = info

    def names(self) -> list[str]:
        return list(self._infos)

    def __contains__(self, entry: str) -> bool:
        return entry in self._infos

    def size(self, entry: str) -> int:
        """The uncompressed size the header claims (not trusted for allocation)."""
        return self._infos[entry].file_size

    def stream(self, entry: str, cap: int | None = None, bound: str = "max_entry_bytes"):
        """The entry's bytes in chunks, with hard caps (the per-entry limit or a smaller
        ``cap``, named ``bound`` in errors; the archive total; the compression ratio) checked
        as they are inflated."""
        info = self._infos.get(entry)
        if info is None:
            raise ModgenError(f"archive has no entry {entry!r}", file=self.name)
        lim = self.limits
        if cap is None or cap >= lim.max_entry_bytes:
            cap, bound = lim.max_entry_bytes, "max_entry_bytes"
        left = lim.max_total_bytes - self._read_total
        if left < cap:
            cap, bound = left, "max_total_bytes"
        if info.file_size > cap:
            raise ModgenError(f"entry {entry!r} claims {info.file_size} bytes (limit {cap}, "
                              f"{bound})", file=self.name)
        compressed = max(info.compress_size, 1)
        n = 0
        try:
            with self._zf.open(info) as f:
                while True:
                    chunk = f.read(_CHUNK)
                    if not chunk:
                        break
                    n += len(chunk)
                    self._read_total += len(chunk)
                    if n > cap:
                        raise ModgenError(f"entry {entry!r} expands beyond {cap} bytes "
                                          f"(limit {bound})", file=self.name)
                    if n > lim.ratio_grace_bytes and n / compressed > lim.max_ratio:
                        raise ModgenError(
                            f"entry {entry!r} has a compression ratio above {lim.max_ratio:g} "
                            "(zip bomb?)", file=self.name)
                    yield chunk
        except ModgenError:
            raise
        except (MemoryError, RecursionError):
            raise
        except Exception as e:  # zipfile/zlib/bz2/lzma/struct errors on untrusted input
            raise ModgenError(f"cannot read archive entry {entry!r}: {type(e).__name__}: {e}",
                              file=self.name) from None

    def read(self, entry: str, cap: int | None = None, bound: str = "max_entry_bytes") -> bytes:
        """The entry's bytes, streamed with hard caps (per entry, total, compression ratio)."""
        buf = bytearray()
        for chunk in self.stream(entry, cap, bound):
            buf += chunk
        return bytes(buf)

    def read_prefix(self, entry: str, n: int) -> bytes:
        """At most the first ``n`` bytes of an entry (an image's header), inflating no more."""
        buf = bytearray()
        gen = self.stream(entry)
        try:
            for chunk in gen:
                buf += chunk
                if len(buf) >= n:
                    break
        finally:
            gen.close()
        return bytes(buf[:n])

    def close(self) -> None:
        self._zf.close()

    def __enter__(self) -> "Archive":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def open_archive(path_or_bytes: PathOrBytes, limits: Limits = Limits(), *,
                 name: str | None = None) -> Archive:
    """Open a zip from a path or bytes; errors name the file (``name`` overrides)."""
    disp = _display_name(path_or_bytes, name)
    fh = None
    try:
        if isinstance(path_or_bytes, (bytes, bytearray, memoryview)):
            fh = io.BytesIO(bytes(path_or_bytes))
        else:
            p = Path(path_or_bytes)
            if not p.is_file():
                raise ModgenError("no such file", file=disp)
            fh = io.BytesIO(p.read_bytes()) if p.stat().st_size < (64 << 20) else open(p, "rb")
        zf = zipfile.ZipFile(fh)
    except ModgenError:
        raise
    except (zipfile.BadZipFile, zipfile.LargeZipFile):
        if fh is not None:
            fh.close()
        raise ModgenError("not a zip archive (or a damaged one)", file=disp) from None
    except OSError as e:
        if fh is not None:
            fh.close()
        raise ModgenError(f"cannot read: {e.strerror or e}", file=disp) from None
    except Exception as e:
        if fh is not None:
            fh.close()
        raise ModgenError(f"cannot open archive: {type(e).__name__}: {e}", file=disp) from None
    try:
        return Archive(zf, disp, limits)
    except BaseException:
        zf.close()
        raise


def parse_metadata(data: bytes, name: str = "") -> dict[str, str]:
    """``moduledata``/``savedata``/``extensiondata`` XML → {tag: text} (first of each tag;
    ``version`` attribute of the root as ``@version``). Parsed safely (no entities, no network)."""
    if len(data) > L.MAX_METADATA_BYTES:
        raise ModgenError(f"metadata is larger than {L.MAX_METADATA_BYTES} bytes "
                          "(limit MAX_METADATA_BYTES)", file=name or None)
    try:
        root = etree.fromstring(data, safe_xml_parser())
    except (etree.XMLSyntaxError, ValueError) as e:
        raise ModgenError(f"metadata is not well-formed XML: {e}", file=name or None) from None
    out: dict[str, str] = {}
    if root.get("version") is not None:
        out["@version"] = root.get("version")
    for el in root:
        if not isinstance(el.tag, str):
            continue
        if el.get("lang"):
            continue  # translations
        out.setdefault(el.tag, (el.text or "").strip())
    return out


@dataclass
class SaveFile:
    """A decoded ``.vsav``/``.vlog``: the command string and the metadata."""

    path: str
    text: str
    scheme: str
    key: int | None
    savedata: dict[str, str] = field(default_factory=dict)
    moduledata: dict[str, str] = field(default_factory=dict)

    def __repr__(self) -> str:  # the text holds passwords: never print it
        return (f"SaveFile(path={self.path!r}, scheme={self.scheme!r}, key={self.key!r}, "
                f"chars={len(self.text)})")


def read_saved_game(path: PathOrBytes, limits: Limits = Limits(), *,
                    name: str | None = None) -> SaveFile:
    """Read a save or log: unzip, deobfuscate ``savedGame``, parse the metadata entries."""
    disp = _display_name(path, name)
    with open_archive(path, limits, name=disp) as ar:
        if "savedGame" not in ar:
            raise ModgenError("not a VASSAL saved game or log (no 'savedGame' entry)", file=disp)
        dec = SavedGameDecoder(disp, max_text_bytes=limits.max_text_bytes)
        # the raw entry may be twice the text (!VCSK hex) plus its header
        for chunk in ar.stream("savedGame", 2 * limits.max_text_bytes + 16, "MAX_TEXT_BYTES"):
            dec.feed(chunk)
        text, scheme, key = dec.finish()
        # the cheapest bound, checked where the file's name is known (whoever parses the text
        # next may not pass it on)
        if text.count("\x1b") + 1 > L.MAX_COMMANDS:
            raise ModgenError(f"more than {L.MAX_COMMANDS} commands (limit MAX_COMMANDS)",
                              file=disp)
        meta = {}
        for entry in ("savedata", "moduledata"):
            if entry in ar:
                data = ar.read(entry, limits.max_metadata_bytes, "MAX_METADATA_BYTES")
                meta[entry] = parse_metadata(data, f"{disp}:{entry}")
            else:
                meta[entry] = {}
    return SaveFile(path=disp, text=text, scheme=scheme, key=key, **meta)
