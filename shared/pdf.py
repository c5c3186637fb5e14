"""PDF checks and text extraction (pypdfium2, PDFium's bindings)."""

from __future__ import annotations

import hashlib
import threading
from pathlib import Path

import pypdfium2 as pdfium

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
            if "password" in str(exc).lower():
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


def page_texts(source: bytes | Path) -> list[str]:
    """The text layer of every page, in order (empty string for a page without one)."""
    with _PDFIUM:
        return _page_texts(source)


def _page_texts(source: bytes | Path) -> list[str]:
    doc = pdfium.PdfDocument(source if isinstance(source, bytes) else str(source))
    try:
        texts = []
        for i in range(len(doc)):
            page = doc[i]
            textpage = page.get_textpage()
            texts.append(textpage.get_text_range().replace("\r\n", "\n").replace("\r", "\n"))
            textpage.close()
            page.close()
        return texts
    finally:
        doc.close()
