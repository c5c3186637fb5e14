"""PDF checks and text extraction (pypdfium2, PDFium's bindings)."""

from __future__ import annotations

import hashlib
import threading
from pathlib import Path

import pypdfium2 as pdfium

from shared import cjk
from shared.errors import CorruptPdf, EncryptedPdf, NotAPdf, TooLarge

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


MAX_TEXT_CHARS = 5_000_000  # about 2,500 dense pages: a tiny file can claim far more text


def page_texts(source: bytes | Path, max_chars: int = MAX_TEXT_CHARS) -> list[str]:
    """The text layer of every page, in order (empty string for a page without one).

    A file PDFium opens but cannot read through (a page tree that promises pages it does not
    have) is a :class:`CorruptPdf`, as is text past ``max_chars`` (a :class:`TooLarge`)."""
    with _PDFIUM:
        try:
            return _page_texts(source, max_chars)
        except pdfium.PdfiumError as exc:
            raise CorruptPdf(f"the PDF cannot be read: {exc}") from exc


def _page_texts(source: bytes | Path, max_chars: int) -> list[str]:
    doc = pdfium.PdfDocument(source if isinstance(source, bytes) else str(source))
    try:
        texts: list[str] = []
        total = 0
        for i in range(len(doc)):
            page = doc[i]
            textpage = page.get_textpage()
            texts.append(cjk.join_wrapped(textpage.get_text_range().replace("\r\n", "\n").replace("\r", "\n")))
            textpage.close()
            page.close()
            total += len(texts[-1])
            if total > max_chars:
                raise TooLarge(f"the PDF's text is over {max_chars} characters")
        return texts
    finally:
        doc.close()
