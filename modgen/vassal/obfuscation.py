"""VASSAL's ``savedGame`` obfuscation (vassal-format.md §4.2), read in every known variant.

* ``!VCSK`` + 2 hex chars key + hex pairs of ``byte ^ key`` (upper or lower case hex): what
  VASSAL 3.2 … 3.7.x writes (``ObfuscatingOutputStream``).
* ``VOBS`` + 1 raw key byte + raw XORed bytes: the writer of vassalengine/vassal#15060.
* XZ (``\\xfd7zXZ\\0``): a variant pywargame knows; decompressed with a size cap.
* anything else that decodes as UTF-8 is plain text (VASSAL pushes the header back and reads it).

Decoding is ``bytes.fromhex`` + ``bytes.translate`` with a 256-byte XOR table: no Python loop per byte.
"""
from __future__ import annotations

import lzma

from ..errors import ModgenError

__all__ = ["deobfuscate", "obfuscate_vcsk", "xor_table", "VCSK", "VOBS", "XZ_MAGIC",
           "DEFAULT_MAX_TEXT_BYTES"]

VCSK = b"!VCSK"
VOBS = b"VOBS"
XZ_MAGIC = b"\xfd7zXZ\x00"
#: Largest plaintext accepted from an XZ stream (the Paths of Glory save is ~14 MB).
DEFAULT_MAX_TEXT_BYTES = 256 * 1024 * 1024

_TABLES: dict[int, bytes] = {}


def xor_table(key: int) -> bytes:
    """A ``bytes.translate`` table that XORs every byte with ``key``."""
    t = _TABLES.get(key)
    if t is None:
        t = _TABLES[key] = bytes(b ^ key for b in range(256))
    return t


def _utf8(data: bytes, name: str, scheme: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ModgenError(f"saved game ({scheme}) is not valid UTF-8 text at byte {e.start}",
                          file=name or None) from None


def deobfuscate(data: bytes, name: str = "", *, max_text_bytes: int = DEFAULT_MAX_TEXT_BYTES
                ) -> tuple[str, str, int | None]:
    """Decode a ``savedGame`` entry: returns ``(text, scheme, key)``.

    ``scheme`` is ``"VCSK"``, ``"VOBS"``, ``"XZ"`` or ``"plain"``; ``key`` is the XOR key or None.
    Every failure is a :class:`ModgenError` naming ``name``.
    """
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise ModgenError("saved game data must be bytes", file=name or None)
    data = bytes(data)
    if data.startswith(VCSK):
        body = data[5:]
        if len(body) < 2:
            raise ModgenError("!VCSK saved game is truncated (no key)", file=name or None)
        # Stray line breaks/whitespace never occur in VASSAL's output; refuse anything but hex.
        if len(body) % 2:
            raise ModgenError("!VCSK saved game has an odd number of hex digits (truncated?)",
                              file=name or None)
        try:
            raw = bytes.fromhex(body.decode("ascii"))
        except (UnicodeDecodeError, ValueError):
            raise ModgenError("!VCSK saved game contains characters that are not hex digits",
                              file=name or None) from None
        key = raw[0]
        return _utf8(raw[1:].translate(xor_table(key)), name, "VCSK"), "VCSK", key
    if data.startswith(VOBS):
        if len(data) < 5:
            raise ModgenError("VOBS saved game is truncated (no key)", file=name or None)
        key = data[4]
        return _utf8(data[5:].translate(xor_table(key)), name, "VOBS"), "VOBS", key
    if data.startswith(XZ_MAGIC):
        dec = lzma.LZMADecompressor(format=lzma.FORMAT_XZ)
        try:
            out = dec.decompress(data, max_length=max_text_bytes + 1)
        except lzma.LZMAError as e:
            raise ModgenError(f"XZ saved game is corrupt: {e}", file=name or None) from None
        if len(out) > max_text_bytes:
            raise ModgenError(f"XZ saved game expands beyond {max_text_bytes} bytes",
                              file=name or None)
        if not dec.eof:
            raise ModgenError("XZ saved game is truncated", file=name or None)
        return _utf8(out, name, "XZ"), "XZ", None
    if b"\x00" in data[:4096]:
        raise ModgenError("saved game is neither !VCSK, VOBS, XZ nor text (binary data)",
                          file=name or None)
    try:
        return data.decode("utf-8"), "plain", None
    except UnicodeDecodeError:
        raise ModgenError("saved game is neither !VCSK, VOBS, XZ nor UTF-8 text",
                          file=name or None) from None


def obfuscate_vcsk(text: str, key: int) -> bytes:
    """What VASSAL 3.7's ``ObfuscatingOutputStream`` writes (lowercase hex)."""
    if not 0 <= key <= 255:
        raise ValueError("key must be 0..255")
    raw = text.encode("utf-8").translate(xor_table(key))
    return VCSK + bytes([key]).hex().encode("ascii") + raw.hex().encode("ascii")
