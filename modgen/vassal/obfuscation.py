"""VASSAL's ``savedGame`` obfuscation (vassal-format.md §4.2), read in every known variant.

``DeobfuscatingInputStream`` (vassal-app/src/main/java/VASSAL/tools/io/) has changed several times
since VASSAL 3.7; each variant its source has had is read, recognised by its header:

* ``!VCSK`` + 2 hex chars of key + hex pairs of ``byte ^ key`` (upper or lower case hex): what
  VASSAL 3.2 … 3.7.x writes (``ObfuscatingOutputStream`` at tag 3.7.26) and every 3.8 reader still
  reads (``LegacyDeobfuscatingInputStreamImpl``).
* ``VOBS`` + 1 raw key byte + raw XORed bytes: vassalengine/vassal#15060 (2026-09-07).
* ``!VOBS`` + 1 raw key byte + raw XORed bytes: the same with the five-byte header of the later
  3.8 sources ("the uncompressed format written by VASSAL 3.8 before the command log was
  compressed … still read, no longer written", ``ObfuscatingOutputStream.HEADER_BYTES``).
* ``!VOXZ`` + 1 raw key byte + an XZ stream XORed with the key: VASSAL 3.8's writer
  (``XZ_HEADER_BYTES``; ``XZOutputStream`` with ``LZMA2Options(3)`` under an ``XorOutputStream``).
* a bare XZ stream (``\\xfd7zXZ\\0``): read by one 3.8 ``DeobfuscatingInputStream`` (``XZ_MAGIC``,
  "Compressed, as written since VASSAL 3.8") and by pywargame.
* anything else that decodes as UTF-8 is plain text (VASSAL pushes the header back and reads it).

Decoding is incremental (:class:`SavedGameDecoder` is fed the zip entry chunk by chunk) and the
decoded size is capped (:data:`~modgen.vassal.limits.MAX_TEXT_BYTES`) whatever the variant, so a
bomb stops as soon as its output passes the cap. Hex is decoded with ``bytes.fromhex`` and the
XOR with ``bytes.translate`` over a 256-byte table: no Python loop per byte.
"""
from __future__ import annotations

import lzma

from ..errors import ModgenError
from .limits import MAX_TEXT_BYTES, XZ_MEMLIMIT

__all__ = ["deobfuscate", "obfuscate_vcsk", "obfuscate_vobs", "obfuscate_voxz", "xor_table",
           "SavedGameDecoder", "VCSK", "VOBS", "VOBS5", "VOXZ", "XZ_MAGIC",
           "DEFAULT_MAX_TEXT_BYTES", "SCHEMES"]

VCSK = b"!VCSK"
VOBS = b"VOBS"
VOBS5 = b"!VOBS"
VOXZ = b"!VOXZ"
XZ_MAGIC = b"\xfd7zXZ\x00"
#: The scheme names :func:`deobfuscate` returns.
SCHEMES = ("VCSK", "VOBS", "!VOBS", "!VOXZ", "XZ", "plain")
#: Largest decoded text accepted (kept under this name for callers of the old API).
DEFAULT_MAX_TEXT_BYTES = MAX_TEXT_BYTES
_HEADER_LEN = 6   # enough to tell every variant apart (the XZ magic is the longest)

_TABLES: dict[int, bytes] = {}


def xor_table(key: int) -> bytes:
    """A ``bytes.translate`` table that XORs every byte with ``key``."""
    t = _TABLES.get(key)
    if t is None:
        t = _TABLES[key] = bytes(b ^ key for b in range(256))
    return t


class SavedGameDecoder:
    """Decode a ``savedGame`` entry fed in chunks (``feed``), then ``finish()`` →
    ``(text, scheme, key)``. Every failure is a :class:`ModgenError` naming ``name``; output
    beyond ``max_text_bytes`` stops the decoding at once."""

    def __init__(self, name: str = "", *, max_text_bytes: int = MAX_TEXT_BYTES):
        self.name = name or None
        self.cap = max_text_bytes
        self.scheme: str | None = None
        self.key: int | None = None
        self._head = bytearray()      # bytes seen before the variant is known
        self._out = bytearray()
        self._odd = b""               # a hex digit waiting for its pair (!VCSK)
        self._table: bytes | None = None
        self._xz: lzma.LZMADecompressor | None = None
        self._pad = 0
        self._plain_checked = False

    # -- errors ---------------------------------------------------------------------------
    def _err(self, msg: str) -> ModgenError:
        return ModgenError(msg, file=self.name)

    def _too_big(self) -> ModgenError:
        what = f"{self.scheme} saved game" if self.scheme != "plain" else "saved game"
        return self._err(f"{what} decodes to more than {self.cap} bytes "
                         "(limit MAX_TEXT_BYTES; a compression bomb?)")

    # -- feeding --------------------------------------------------------------------------
    def feed(self, chunk: bytes) -> None:
        if not chunk:
            return
        if self.scheme is None:
            self._head += chunk
            if len(self._head) < _HEADER_LEN:
                return
            chunk = self._start(bytes(self._head))
            self._head = bytearray()
            if not chunk:
                return
        self._body(chunk)

    def _start(self, data: bytes) -> bytes:
        """Recognise the variant from the first bytes; return what follows the header."""
        if data.startswith(VCSK):
            self.scheme = "VCSK"
            body = data[5:]
            # the key is the first hex pair: handled by _body with the key still unknown
            return body
        if data.startswith(VOXZ) or data.startswith(VOBS5):
            self.scheme = "!VOXZ" if data.startswith(VOXZ) else "!VOBS"
            return self._keyed(data[5:])
        if data.startswith(XZ_MAGIC):
            self.scheme = "XZ"
            self._xz = lzma.LZMADecompressor(format=lzma.FORMAT_XZ, memlimit=XZ_MEMLIMIT)
            return data
        if data.startswith(VOBS):
            self.scheme = "VOBS"
            return self._keyed(data[4:])
        self.scheme = "plain"
        return data

    def _keyed(self, rest: bytes) -> bytes:
        # the key byte follows the header (the header check read 6 bytes, so it is here
        # unless the whole entry is shorter; finish() reports that)
        if not rest:
            return b""
        self.key = rest[0]
        self._table = xor_table(self.key)
        if self.scheme == "!VOXZ":
            self._xz = lzma.LZMADecompressor(format=lzma.FORMAT_XZ, memlimit=XZ_MEMLIMIT)
        return rest[1:]

    def _body(self, chunk: bytes) -> None:
        s = self.scheme
        if s == "VCSK":
            self._hex(chunk)
        elif s in ("VOBS", "!VOBS"):
            if self.key is None:
                chunk = self._keyed(chunk)
            self._append(chunk.translate(self._table))  # type: ignore[arg-type]
        elif s == "!VOXZ":
            if self.key is None:
                chunk = self._keyed(chunk)
            self._inflate_xz(chunk.translate(self._table))  # type: ignore[arg-type]
        elif s == "XZ":
            self._inflate_xz(chunk)
        else:
            if not self._plain_checked:
                self._plain_checked = True
                if b"\x00" in chunk[:4096]:
                    raise self._err("saved game is neither !VCSK, VOBS, !VOBS, !VOXZ, XZ nor "
                                    "text (binary data)")
            self._append(chunk)

    def _append(self, data: bytes) -> None:
        if len(self._out) + len(data) > self.cap:
            raise self._too_big()
        self._out += data

    def _step(self) -> int:
        # one byte more than the cap allows, so that going over it is seen
        return min(self.cap - len(self._out) + 1, 1 << 22)

    def _hex(self, chunk: bytes) -> None:
        if self._odd:
            chunk = self._odd + chunk
            self._odd = b""
        if len(chunk) % 2:
            self._odd = chunk[-1:]
            chunk = chunk[:-1]
        if not chunk:
            return
        # VASSAL's unhex() accepts 0-9, A-F, a-f and throws on anything else; fromhex would
        # also skip ASCII whitespace, which the length check catches
        try:
            raw = bytes.fromhex(chunk.decode("ascii"))
        except (UnicodeDecodeError, ValueError):
            raw = None
        if raw is None or 2 * len(raw) != len(chunk):
            raise self._err("!VCSK saved game contains characters that are not hex digits")
        if self.key is None:
            self.key = raw[0]
            self._table = xor_table(self.key)
            raw = raw[1:]
        if len(self._out) + len(raw) > self.cap:
            raise self._too_big()
        self._out += raw.translate(self._table)  # type: ignore[arg-type]

    def _inflate_xz(self, data: bytes) -> None:
        dec = self._xz
        assert dec is not None
        if dec.eof:
            self._trailing(data)
            return
        try:
            # in bounded steps: one call could otherwise hand back the whole cap at once, to be
            # copied again into the output
            out = dec.decompress(data, max_length=self._step())
            self._append(out)
            while not dec.eof and not dec.needs_input:
                more = dec.decompress(b"", max_length=self._step())
                if not more:
                    break
                self._append(more)
        except lzma.LZMAError as e:
            raise self._err(f"{self.scheme} saved game is corrupt or needs more memory than "
                            f"the XZ limit (XZ_MEMLIMIT): {e}") from None
        if dec.eof and dec.unused_data:
            self._trailing(dec.unused_data)

    def _trailing(self, data: bytes) -> None:
        # the XZ format allows stream padding (zero bytes, a multiple of four in all); VASSAL's
        # XZInputStream would go on to a concatenated stream, but its writer makes one stream,
        # so anything else after it is a damaged or crafted entry
        self._pad += len(data)
        if data.strip(b"\x00") or self._pad > 1 << 20:
            raise self._err(f"{self.scheme} saved game has data after the end of its XZ stream")

    # -- end ------------------------------------------------------------------------------
    def finish(self) -> tuple[str, str, int | None]:
        if self.scheme is None:  # shorter than any header: plain text (or nothing)
            data = bytes(self._head)
            self._head = bytearray()
            for prefix, what in ((VCSK, "!VCSK"), (VOXZ, "!VOXZ"), (VOBS5, "!VOBS")):
                if data.startswith(prefix):
                    raise self._err(f"{what} saved game is truncated (no key)")
            if data.startswith(VOBS):
                if len(data) < 5:
                    raise self._err("VOBS saved game is truncated (no key)")
                self.scheme, self.key = "VOBS", data[4]
                self._table = xor_table(self.key)
                self._append(data[5:].translate(self._table))
            elif XZ_MAGIC.startswith(data) and data:
                raise self._err("XZ saved game is truncated")
            else:
                self.scheme = "plain"
                self._body(data)
        s = self.scheme
        if s == "VCSK":
            if self.key is None:
                raise self._err("!VCSK saved game is truncated (no key)")
            if self._odd:
                raise self._err("!VCSK saved game has an odd number of hex digits (truncated?)")
        elif s in ("VOBS", "!VOBS", "!VOXZ") and self.key is None:
            raise self._err(f"{s} saved game is truncated (no key)")
        if self._xz is not None and not self._xz.eof:
            raise self._err(f"{s} saved game is truncated (the XZ stream does not end)")
        if self._pad % 4:
            raise self._err(f"{s} saved game has data after the end of its XZ stream")
        data, self._out = self._out, bytearray()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as e:
            if s == "plain":
                raise self._err("saved game is neither !VCSK, VOBS, !VOBS, !VOXZ, XZ nor UTF-8 "
                                "text") from None
            raise self._err(f"saved game ({s}) is not valid UTF-8 text at byte {e.start}") from None
        return text, s, self.key  # type: ignore[return-value]


def deobfuscate(data: bytes, name: str = "", *, max_text_bytes: int = MAX_TEXT_BYTES
                ) -> tuple[str, str, int | None]:
    """Decode a whole ``savedGame`` entry: returns ``(text, scheme, key)``.

    ``scheme`` is one of :data:`SCHEMES`; ``key`` is the XOR key or None. Every failure is a
    :class:`ModgenError` naming ``name``.
    """
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise ModgenError("saved game data must be bytes", file=name or None)
    dec = SavedGameDecoder(name, max_text_bytes=max_text_bytes)
    data = bytes(data)
    step = 1 << 22
    for i in range(0, len(data), step):
        dec.feed(data[i:i + step])
    return dec.finish()


def obfuscate_vcsk(text: str, key: int) -> bytes:
    """What VASSAL 3.7's ``ObfuscatingOutputStream`` writes (lowercase hex); VASSAL 3.7 and 3.8
    both read it, so this is what the module writer uses."""
    if not 0 <= key <= 255:
        raise ValueError("key must be 0..255")
    raw = text.encode("utf-8").translate(xor_table(key))
    return VCSK + bytes([key]).hex().encode("ascii") + raw.hex().encode("ascii")


def obfuscate_vobs(text: str, key: int, *, header: bytes = VOBS) -> bytes:
    """The raw-XOR variants (``VOBS`` of vassalengine/vassal#15060, ``!VOBS`` of later 3.8
    sources). VASSAL 3.7 cannot read them; tests use this to write files the 3.8 way."""
    if not 1 <= key <= 255:  # 3.8 picks keys with rand.nextInt(255) + 1
        raise ValueError("key must be 1..255")
    if header not in (VOBS, VOBS5):
        raise ValueError("header must be VOBS or !VOBS")
    return header + bytes([key]) + text.encode("utf-8").translate(xor_table(key))


def obfuscate_voxz(text: str, key: int, *, preset: int = 3) -> bytes:
    """VASSAL 3.8's ``ObfuscatingOutputStream``: ``!VOXZ``, the key byte, then the XZ stream of
    the text (``LZMA2Options(3)``, CRC64 as xz-java's default) XORed with the key. VASSAL 3.7
    cannot read it; tests use this to write files the 3.8 way."""
    if not 1 <= key <= 255:
        raise ValueError("key must be 1..255")
    xz = lzma.compress(text.encode("utf-8"), format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC64,
                       preset=preset)
    return VOXZ + bytes([key]) + xz.translate(xor_table(key))
