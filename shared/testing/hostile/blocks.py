"""Building blocks of the hostile PDFs: stream and object bodies, a hand-written classic PDF
(:func:`assemble`, :func:`one_page`), and the valid bases (a contract-like PDF made once per
process with fpdf2, a fixed creation date so the same bytes every time)."""

from __future__ import annotations

import functools
import io
import random
from datetime import UTC, datetime

TEXT = "This Agreement is governed by the laws of the State of New York."
FONT = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
MiB = 1 << 20


def stream(data: bytes, extra: bytes = b"", length: bytes | None = None) -> bytes:
    """The body of a stream object (``/Length`` right unless ``length`` says otherwise)."""
    n = str(len(data)).encode() if length is None else length
    return b"<< /Length " + n + b" " + extra + b" >>\nstream\n" + data + b"\nendstream"


def assemble(objs: list[bytes], *, root: bytes = b"1 0 R", version: bytes = b"1.7", trailer_extra: bytes = b"") -> bytes:
    """A classic PDF from object bodies (object i+1 is ``objs[i]``): header, objects, a right
    xref table, trailer, startxref, %%EOF."""
    out = bytearray(b"%PDF-" + version + b"\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, body in enumerate(objs, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root " % (len(objs) + 1) + root + b" " + trailer_extra + b" >>\nstartxref\n%d\n%%%%EOF\n" % xref
    return bytes(out)


def content(text: str = TEXT, extra: bytes = b"") -> bytes:
    return b"BT /F1 12 Tf 72 720 Td (" + text.encode("latin-1") + b") Tj ET\n" + extra


def one_page(*, page_extra: bytes = b"", contents: bytes | None = None, catalog_extra: bytes = b"", resources: bytes = b"<< /Font << /F1 5 0 R >> >>",
             mediabox: bytes = b"[0 0 612 792]", more: list[bytes] = (), trailer_extra: bytes = b"", version: bytes = b"1.7",
             contents_extra: bytes = b"") -> bytes:
    """Catalog 1, Pages 2, Page 3, Contents 4, Font 5, then ``more`` as objects 6, 7, ..."""
    objs = [
        b"<< /Type /Catalog /Pages 2 0 R " + catalog_extra + b" >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R " + (b"/MediaBox " + mediabox + b" " if mediabox else b"") + b"/Resources " + resources + b" /Contents 4 0 R " + page_extra + b" >>",
        stream(content() if contents is None else contents, contents_extra),
        FONT,
        *more,
    ]
    return assemble(objs, trailer_extra=trailer_extra, version=version)


@functools.lru_cache(maxsize=1)
def contract_pdfs() -> tuple[bytes, bytes]:
    """A four-page contract-like PDF (fpdf2), content streams compressed and not."""
    from fpdf import FPDF

    from shared.testing.contracts import CLAUSES

    out = []
    for compress in (True, False):
        doc = FPDF(format="A4")
        doc.set_creation_date(datetime(2025, 1, 1, tzinfo=UTC))
        doc.set_compression(compress)
        doc.set_auto_page_break(auto=False)
        for page in sorted(CLAUSES):
            doc.add_page()
            for heading, body in CLAUSES[page]:
                doc.set_font("helvetica", "B", 11)
                doc.multi_cell(0, 6, heading, new_x="LMARGIN", new_y="NEXT")
                doc.set_font("helvetica", "", 10)
                doc.multi_cell(0, 5, body, new_x="LMARGIN", new_y="NEXT")
        buf = io.BytesIO()
        doc.output(buf)
        out.append(buf.getvalue())
    return out[0], out[1]


def base_pdf(rng: random.Random) -> bytes:
    """A valid PDF to damage: the contract (compressed or not) or a hand-written page."""
    packed, plain = contract_pdfs()
    return rng.choice([packed, plain, one_page()])
