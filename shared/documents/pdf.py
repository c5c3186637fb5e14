"""PDF checks and text extraction (pypdfium2, PDFium's bindings)."""

from __future__ import annotations

import hashlib
import threading
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium

from shared.core.errors import CorruptPdf, EncryptedPdf, NotAPdf, TooLarge
from shared.documents import cjk

MAGIC = b"%PDF-"
# PDFium is not thread-safe, and uploads and pages are read in worker threads, several at once.
_PDFIUM = threading.Lock()


def check(data: bytes, *, max_bytes: int, max_pages: int) -> int:
    """Validate an upload; return its page count or raise an :class:`InputError`."""
    if not data:
        raise NotAPdf("the upload is empty")
    if len(data) > max_bytes:
        raise TooLarge(f"the upload is {len(data)} bytes; the limit is {max_bytes}")
    if not data[:1024].lstrip().startswith(MAGIC):
        raise NotAPdf("the upload is not a PDF (no %PDF- header)")
    # PDFium repairs truncated files silently; a file cut short has lost its end-of-file marker.
    if b"%%EOF" not in data[-2048:]:
        raise CorruptPdf("the PDF is truncated (no %%EOF marker at its end)")
    with _PDFIUM:
        try:
            doc = pdfium.PdfDocument(data)
        except pdfium.PdfiumError as exc:
            # PDFium's error code can be left over from an earlier file in this process: only a
            # file with an /Encrypt dictionary is called encrypted.
            if "password" in str(exc).lower() and b"/Encrypt" in data:
                raise EncryptedPdf("the PDF is password protected; upload an unprotected copy") from exc
            raise CorruptPdf(f"the PDF cannot be read: {exc}") from exc
        try:
            pages = len(doc)
        finally:
            doc.close()
    if pages == 0:
        raise CorruptPdf("the PDF has no pages")
    if pages > max_pages:
        raise TooLarge(f"the PDF has {pages} pages; the limit is {max_pages}")
    return pages


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


MIN_GUTTER = 8.0  # points: the narrowest gap between two columns
MIN_COLUMN_LINES = 3
MIN_COLUMN_WIDTH = 0.2  # of the page: the mean width of a column's lines
MAX_TEXT_CHARS = 5_000_000  # about 2,500 dense pages: a tiny file can claim far more text
# Characters that are another in all but code: no-break and typographic spaces (many contracts'
# text layers put one between every two words) read as spaces, the Greek question mark (U+037E,
# which Unicode defines as the semicolon, and which the text layers of 88 of CUAD's 100 dev
# contracts give for every ";") as ";", the no-break hyphen as "-", and U+FFFE, which PDFium gives
# for a hyphen in a word it takes as a break ("non-exclusive", "world-wide": 111 of them in 34
# dev contracts), as "-". The splitter's, the clause
# model's and the terms' patterns see words and stops, not the typesetter's glyph choices.
_READ_AS = str.maketrans({**dict.fromkeys("\u00a0\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f", " "), "\u037e": ";", "\u2011": "-", "\ufffe": "-"})


def page_texts(source: bytes | Path, max_chars: int = MAX_TEXT_CHARS) -> list[str]:
    """The text layer of every page, in order (empty string for a page without one).

    A file PDFium opens but cannot read through (a page tree that promises pages it does not
    have) is a :class:`CorruptPdf`, as is text past ``max_chars`` (a :class:`TooLarge`)."""
    with _PDFIUM:
        try:
            return _page_texts(source, max_chars)
        except pdfium.PdfiumError as exc:
            raise CorruptPdf(f"the PDF cannot be read: {exc}") from exc


def _gutter(rects: list[tuple[float, float, float, float]], width: float) -> float | None:
    """The x of the gap between two columns of text, if the page is set in two: a vertical band
    in the middle of the page that no line of body text crosses, with lines on both sides."""
    body = [r for r in rects if r[2] - r[0] < 0.5 * width]  # a column line is under half the page wide
    covered = np.zeros(int(width) + 1, bool)
    for left, _, right, _ in body:
        covered[max(0, int(left)) : int(right) + 1] = True
    lo, hi = int(0.3 * width), int(0.7 * width)
    best, run_start = (0, 0), None
    for x in range(lo, hi + 1):
        if not covered[x] and run_start is None:
            run_start = x
        if (covered[x] or x == hi) and run_start is not None:
            best = max(best, (x - run_start, run_start))
            run_start = None
    gap, start = best
    if gap < MIN_GUTTER:
        return None
    gutter = start + gap / 2
    left = [r[2] - r[0] for r in body if r[2] <= gutter]
    right = [r[2] - r[0] for r in body if r[0] >= gutter]
    if min(len(left), len(right)) < max(MIN_COLUMN_LINES, len(left) / 2, len(right) / 2) or len(left) + len(right) < 0.75 * len(rects):
        return None
    # Lines of prose on both sides; a table of contents or a list of figures is not two columns.
    prose = min(sum(left) / len(left), sum(right) / len(right)) >= MIN_COLUMN_WIDTH * width
    return gutter if prose else None


def _reading_order(textpage, width: float) -> str:
    """The page's text; on a page set in two columns, what runs across the top first, then the
    left column, then the right (PDFium reads a line straight across both columns)."""
    rects = [textpage.get_rect(i) for i in range(textpage.count_rects())]
    gutter = _gutter(rects, width) if len(rects) >= 2 * MIN_COLUMN_LINES else None
    if gutter is None:
        return textpage.get_text_range()
    columns = [r for r in rects if r[2] <= gutter or r[0] >= gutter]
    top = max(r[3] for r in columns)
    bottom = min(r[1] for r in columns)
    parts = [
        textpage.get_text_bounded(left=0, bottom=top, right=width, top=1e6),
        textpage.get_text_bounded(left=0, bottom=bottom - 1, right=gutter, top=top + 1),
        textpage.get_text_bounded(left=gutter, bottom=bottom - 1, right=width, top=top + 1),
        textpage.get_text_bounded(left=0, bottom=-1e6, right=width, top=bottom - 1),
    ]
    return "\n".join(p.strip("\r\n") for p in parts if p.strip())


def _page_texts(source: bytes | Path, max_chars: int) -> list[str]:
    doc = pdfium.PdfDocument(source if isinstance(source, bytes) else str(source))
    try:
        texts: list[str] = []
        total = 0
        for i in range(len(doc)):
            page = doc[i]
            textpage = page.get_textpage()
            texts.append(cjk.join_wrapped(_reading_order(textpage, page.get_width()).replace("\r\n", "\n").replace("\r", "\n").translate(_READ_AS)))
            textpage.close()
            page.close()
            total += len(texts[-1])
            if total > max_chars:
                raise TooLarge(f"the PDF's text is over {max_chars} characters")
        return texts
    finally:
        doc.close()
