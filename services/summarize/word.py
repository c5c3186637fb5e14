"""A Word file becomes the PDF its review reads, before anything else summarize does.

The edge stored the .docx and checked it (docx.inspect, in its sandbox). Here it is checked
again in this process's sandbox (a batch's files reach here unchecked), cleaned (tracked changes
accepted, comments and outside links out: docx.clean), converted by LibreOffice (convert.py),
and the result checked as any upload is (pdf.check: the page limit). The PDF is stored beside
the original; from then on the message, the envelope and the review name the PDF (its sha256),
so pages, citations, caches and the page's viewer refer to what LibreOffice laid out, and the
original stays downloadable (the review's ``original_sha256``).

The same Word file (by its sha256, within its tenant) is converted once while its PDF is kept:
LibreOffice stamps each PDF with the time, so a second conversion would miss every cache.
"""

from __future__ import annotations

import logging
import time

from shared.core.errors import Reject
from shared.core.telemetry import add_cpu
from shared.documents import docx, pdf
from shared.documents.convert import Converter
from shared.documents.sandbox import PdfSandbox
from shared.messages import ReviewRequested
from shared.platform.runtime import Runtime
from shared.store.blobs import BlobStore, blob_key
from shared.store.keys import document_key

from .settings import Settings

log = logging.getLogger(__name__)
DOCX = "docx"
PDF_BYTES_FACTOR = 4  # a converted PDF may be larger than the .docx it came from (fonts, layout)


class WordFiles:
    def __init__(self, rt: Runtime, settings: Settings, sandbox: PdfSandbox, blobs: BlobStore) -> None:
        self.rt, self.s, self.sandbox, self.blobs = rt, settings, sandbox, blobs
        self.converter = Converter(settings.docx_soffice, settings.docx_timeout_s, settings.docx_memory_mb, settings.docx_workers)

    async def to_pdf(self, msg: ReviewRequested, *, accepted: bool = False) -> dict:
        """Convert (or find converted) the message's Word file; point the message at its PDF.
        Returns the conversion's record, also written to the review and sent as `converted`
        (after `accepted` with the page count, when ``accepted``: a batch's contract, which the
        edge did not announce)."""
        env = msg.envelope
        original = env.doc_sha256
        doc = document_key(env.tenant, original)
        record = await self._cached(env.tenant, doc)
        if record is None:
            record = await self._convert(env.tenant, msg.blob_key)
            await self.rt.state.put_converted(doc, record)
        env.doc_sha256, env.page_count = record["pdf_sha256"], record["page_count"]
        msg.blob_key = blob_key(env.tenant, record["pdf_sha256"])
        msg.format = ""  # a PDF from here on: a retry of this message does not convert again
        await self.rt.state.update_review(env.request_id, doc_sha256=env.doc_sha256, page_count=env.page_count, conversion=_public(record))
        if accepted:
            await self.rt.events.emit(env.request_id, "accepted", {"request_id": env.request_id, "page_count": env.page_count, "format": DOCX}, dedupe="accepted")
        await self.rt.events.emit(env.request_id, "converted", {"format": DOCX, **_public(record)}, dedupe="converted")
        return record

    async def _cached(self, tenant: str, doc: str) -> dict | None:
        record = await self.rt.state.get_converted(doc)
        if record is None:
            return None
        try:
            await self.blobs.get(blob_key(tenant, record["pdf_sha256"]))  # its PDF may have passed its retention
        except Reject:
            return None
        return {**record, "cached": True}

    async def _convert(self, tenant: str, key: str) -> dict:
        data = await self.blobs.get(key)
        s = self.s
        info = await self.sandbox.run(docx.inspect, data, max_bytes=s.max_upload_bytes, max_pages=s.max_pages)
        cleaned = await self.sandbox.run(docx.clean, data, info.main)
        done = await self.converter.convert(cleaned)
        add_cpu(done.cpu_s)  # LibreOffice's time is billed to the stage like PDFium's
        pages = await self.sandbox.run(pdf.check, done.pdf, max_bytes=PDF_BYTES_FACTOR * s.max_upload_bytes, max_pages=s.max_pages)
        sha = pdf.sha256(done.pdf)
        await self.blobs.put(blob_key(tenant, sha), done.pdf)
        log.info("converted a Word file: %d pages in %.2f s (%s)", pages, done.seconds, self.converter.version)
        return {"pdf_sha256": sha, "page_count": pages, "converter": self.converter.version or "", "seconds": round(done.seconds, 3),
                "cpu_s": round(done.cpu_s, 3), "converted_at": time.time(), **info.as_fields()}


def _public(record: dict) -> dict:
    """What a client is told of a conversion (the `converted` event, the review's ``conversion``)."""
    keep = ("page_count", "converter", "seconds", "tracked_changes", "comments", "external_links_dropped")
    return {**{k: record[k] for k in keep}, "cached": bool(record.get("cached"))}
