"""Decompression bombs: zlib streams of a few hundred KB that inflate to hundreds of MB or more,
made without ever holding the inflated bytes."""

from __future__ import annotations

import functools
import zlib

ADLER = 65521


@functools.lru_cache(maxsize=64)
def _unit(chunk: bytes) -> tuple[bytes, bytes]:
    """Raw deflate of ``chunk`` ending in a full flush (so it can be repeated), and the final block."""
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    unit = c.compress(chunk) + c.flush(zlib.Z_FULL_FLUSH)
    return unit, c.flush(zlib.Z_FINISH)


def bomb(chunk: bytes, times: int) -> bytes:
    """A valid zlib stream that inflates to ``chunk * times`` without ever holding that: the
    compressed unit repeated, and the Adler-32 of the whole computed piecewise."""
    unit, tail = _unit(chunk)
    return b"\x78\xda" + unit * times + tail + _adler_repeat(chunk, times).to_bytes(4, "big")


def _adler_cat(x: tuple[int, int, int], y: tuple[int, int, int]) -> tuple[int, int, int]:
    """Adler-32 sums (a, b, length) of two strings -> those of the two in a row."""
    (a1, b1, _), (a2, b2, n2) = x, y
    return (a1 + a2 - 1) % ADLER, (b1 + b2 + n2 * (a1 - 1)) % ADLER, x[2] + n2


def _adler_repeat(chunk: bytes, times: int) -> int:
    """``zlib.adler32(chunk * times)`` without making it (repeated doubling)."""
    one = zlib.adler32(chunk)
    power, acc = (one & 0xFFFF, one >> 16, len(chunk)), (1, 0, 0)
    while times:
        if times & 1:
            acc = _adler_cat(acc, power)
        power = _adler_cat(power, power)
        times >>= 1
    return acc[1] << 16 | acc[0]
