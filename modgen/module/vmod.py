"""Deterministic, atomic zip writing for the module (``.vmod``) and its scenario saves.

Every entry gets the same timestamp, fixed permissions and a fixed compression level, so the
same content always gives the same bytes. PNG images are already compressed: they are STORED
(compressing them again costs time and gains almost nothing). ``atomic_write`` writes next to
the target and renames at the end; on any failure the temporary file is removed and no partial
output is left.
"""
from __future__ import annotations

import os
import tempfile
import zipfile
import zlib
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO, Iterable, Iterator

FIXED_DATE = (2000, 1, 1, 0, 0, 0)
COMPRESS_LEVEL = 6


def _info(name: str, data: bytes) -> zipfile.ZipInfo:
    zi = zipfile.ZipInfo(name, date_time=FIXED_DATE)
    zi.create_system = 3                      # unix
    zi.external_attr = 0o644 << 16
    zi.compress_type = zipfile.ZIP_STORED if name.endswith(".png") else zipfile.ZIP_DEFLATED
    return zi


def write_zip_entries(fp: BinaryIO, entries: Iterable[tuple[str, bytes]], *, sort: bool = True) -> None:
    """Write ``entries`` (name, bytes) as a zip to ``fp``; sorted by name unless ``sort=False``."""
    items = list(entries)
    names = [n for n, _ in items]
    if len(set(names)) != len(names):
        dup = sorted({n for n in names if names.count(n) > 1})
        raise ValueError(f"duplicate zip entries: {', '.join(dup)}")
    if sort:
        items.sort(key=lambda e: e[0])
    with zipfile.ZipFile(fp, "w", compression=zipfile.ZIP_DEFLATED,
                         compresslevel=COMPRESS_LEVEL) as zf:
        for name, data in items:
            zf.writestr(_info(name, data), data, compresslevel=COMPRESS_LEVEL)


@contextmanager
def atomic_write(target: str | os.PathLike[str]) -> Iterator[BinaryIO]:
    """Open a temporary file beside ``target``; rename it over ``target`` only on success."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        # mkstemp creates the file 0600; a module is meant to be shared, so give it the
        # permissions an ordinary new file would get (0666 less the umask).
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def crc_of(data: bytes) -> int:
    return zlib.crc32(data) & 0xFFFFFFFF
