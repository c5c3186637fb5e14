"""Not a PDF at all: no bytes (or only whitespace / NULs), other formats, text, a PDF header
too late or behind a byte-order mark."""

from __future__ import annotations

import io
import random

from .blocks import TEXT, one_page


def empty(rng: random.Random) -> bytes:
    return rng.choice([b"", b"", b"", b"\n", b" " * rng.randint(1, 4096), b"\x00" * rng.randint(1, 4096), b"\r\n\t "])


def not_a_pdf(rng: random.Random) -> bytes:
    choice = rng.randrange(9)
    if choice == 0:
        return rng.randbytes(rng.randint(1, 64 * 1024))
    if choice == 1:  # a PNG
        from PIL import Image

        buf = io.BytesIO()
        Image.new("RGB", (rng.randint(1, 64), rng.randint(1, 64)), tuple(rng.randbytes(3))).save(buf, "PNG")
        return buf.getvalue()
    if choice == 2:  # a zip (a .docx, say)
        import zipfile

        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w") as z:
            z.writestr("word/document.xml", TEXT * rng.randint(1, 50))
        return buf.getvalue()
    if choice == 3:
        return (TEXT + "\n").encode() * rng.randint(1, 500)
    if choice == 4:
        return b"<!DOCTYPE html><html><body>" + TEXT.encode() + b"</body></html>"
    if choice == 5:  # a PDF after more than 1 KB of something else
        return rng.randbytes(rng.randint(1025, 4096)).replace(b"%", b"_") + one_page()
    if choice == 6:  # a PDF behind a byte-order mark or a NUL, or its header in lower case
        return rng.choice([b"\xef\xbb\xbf", b"\xff\xfe", b"\x00"]) + one_page() if rng.random() < 0.6 else one_page().replace(b"%PDF-", b"%pdf-", 1)
    if choice == 7:  # a gzipped PDF
        import gzip

        return gzip.compress(one_page(), mtime=0)
    return b"\x7fELF" + rng.randbytes(rng.randint(0, 1024))
