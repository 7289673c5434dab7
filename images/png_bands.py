"""PNG encoding that compresses only the bands of rows it has not seen before.

Update after update, most of a table image is what it was: the felt, the room, the seats that did not
act. Drawing it all again is cheap (cached sprites, felt and text); compressing it was most of a
render (about 1.1 of 2.5 ms for a heads-up hold'em table). So the image is cut into bands of
``BAND_ROWS`` rows, each compressed alone (a zlib full flush: no back-reference crosses a band), and a
band's compressed bytes are kept, keyed by its exact pixels: a band seen before, in this table or any
other, costs a dictionary look-up. The bands are joined into one zlib stream (its Adler-32 checksum
combined from theirs) in an ordinary PNG that any decoder reads; Pillow has no way to reuse
compressed rows, hence these few lines of PNG chunk writing.

Bands are cut at fixed rows, so the same pixels give the same key whatever the table. The key is the
band's own bytes, never a hash of them: a band is only reused for identical pixels, so no other
table's (or player's) picture can show through. Each process (each render worker) keeps its own
cache, least recently used first out.
"""
from __future__ import annotations

import struct
import threading
import zlib
from collections import OrderedDict

from PIL import Image

BAND_ROWS = 16
"""Rows per band: small enough that an update leaves most bands as they were, large enough that
cutting the stream costs little (images are about 9% larger than one stream)."""
CACHE_BYTES = 64 * 1024 * 1024
"""Pixels of cached bands kept per process (about 4,600 bands of a 900-pixel-wide table: the last
picture of each of about 130 tables; the render pool sends a table's pictures to one worker)."""
LEVEL = 3
ENABLED = True
"""Off: encode every image whole with Pillow (bench/render.py compares the two in one run)."""

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_ZLIB_HEADER = b"\x78\x01"  # deflate, 32 KB window; the header checksum holds (0x7801 % 31 == 0)
_FINAL_BLOCK = b"\x03\x00"  # an empty final fixed-Huffman block ends the stream
_ADLER_BASE = 65521

_bands: OrderedDict[bytes, tuple[bytes, int, int]] = OrderedDict()  # pixels -> (deflate, adler32, length)
_cached_bytes = 0
_lock = threading.Lock()


def encode(image: Image.Image) -> bytes:
    """PNG bytes of a palette ("P") image, 8 bits per pixel, no transparency."""
    if image.mode != "P":
        raise ValueError(f"A palette image is needed, not {image.mode!r}.")
    width, height = image.size
    pixels = image.tobytes()
    step = width * BAND_ROWS
    stream, adler = [_ZLIB_HEADER], 1
    for start in range(0, width * height, step):
        deflated, band_adler, length = _band(pixels[start:start + step], width)
        stream.append(deflated)
        adler = _adler32_combine(adler, band_adler, length)
    stream += [_FINAL_BLOCK, struct.pack(">I", adler)]
    colours = bytes((image.getpalette() or [])[:768])
    return b"".join((_SIGNATURE,
                     _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)),
                     _chunk(b"PLTE", colours),
                     _chunk(b"IDAT", b"".join(stream)),
                     _chunk(b"IEND", b"")))


def _band(pixels: bytes, width: int) -> tuple[bytes, int, int]:
    global _cached_bytes
    with _lock:
        known = _bands.get(pixels)
        if known is not None:
            _bands.move_to_end(pixels)
            return known
    rows = b"".join(b"\x00" + pixels[at:at + width] for at in range(0, len(pixels), width))  # filter: none
    compressor = zlib.compressobj(LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS)
    band = (compressor.compress(rows) + compressor.flush(zlib.Z_FULL_FLUSH), zlib.adler32(rows), len(rows))
    with _lock:
        if pixels not in _bands:
            _bands[pixels] = band
            _cached_bytes += len(pixels)
        while _cached_bytes > CACHE_BYTES and _bands:
            _cached_bytes -= len(_bands.popitem(last=False)[0])
    return band


def _adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings joined, from theirs (zlib's ``adler32_combine``)."""
    rem = second_length % _ADLER_BASE
    low = (first & 0xFFFF) + (second & 0xFFFF) + _ADLER_BASE - 1
    high = (rem * (first & 0xFFFF) + (first >> 16) + (second >> 16) + _ADLER_BASE - rem) % _ADLER_BASE
    return (low % _ADLER_BASE) | (high << 16)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def clear() -> None:
    """Forget every cached band (tests, and bench/render.py before each side of a comparison)."""
    global _cached_bytes
    with _lock:
        _bands.clear()
        _cached_bytes = 0
