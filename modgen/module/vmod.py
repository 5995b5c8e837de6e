"""Deterministic, atomic zip writing for the module (``.vmod``) and its scenario saves.

Every entry gets the same timestamp, fixed permissions and a fixed compression level, so the
same content always gives the same bytes. PNG images are already compressed: they are STORED
(compressing them again costs time and gains almost nothing). ``atomic_write`` writes next to
the target and renames at the end; on any failure the temporary file is removed and no partial
output is left.
"""
from __future__ import annotations

import zipfile
import zlib
from typing import BinaryIO, Iterable


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


def crc_of(data: bytes) -> int:
    return zlib.crc32(data) & 0xFFFFFFFF
