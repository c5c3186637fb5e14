"""A cancel (or a deadline) stops the OCR of a long scan: summarize, on the real broker and Redis
with the real sandbox, DALI and Tesseract, reads a text-less scan of many pages; the review is
cancelled as the edge does it (services/edge/lifecycle.py: the flag, then the one terminal
event) once pages are being read, and summarize's slot is free after about one batch of pages
more, with nothing published and no second terminal event."""

from __future__ import annotations

import asyncio
import os
import shutil
import time

import pytest

from services.summarize import handlers as summarize
from services.summarize.settings import Settings as SummarizeSettings
from shared.clauses import clause_model
from shared.core import topics
from shared.documents import ocr
from shared.documents.sandbox import PdfSandbox
from shared.messages import Envelope, ReviewRequested
from shared.platform.runtime import Runtime
from shared.store.blobs import blob_key, open_blobs
from shared.store.state import doc_key
from shared.testing.contracts import make_contract
from shared.testing.scans import many_pages

pytestmark = pytest.mark.skipif(shutil.which("tesseract") is None, reason="tesseract is not installed")
PAGES = int(os.environ.get("CLAUSEFLOW_CANCEL_SCAN_PAGES", "24"))  # 300 for bench/RESULTS.md


class ReadSpy:
    """ocr.read itself (the real Tesseract), counting the pages it finished and when."""

    def __init__(self, real) -> None:
        self.real, self.done = real, []

    def __call__(self, *args, **kwargs):
        text = self.real(*args, **kwargs)
        self.done.append(time.monotonic())
        return text


@pytest.mark.timeout(1500)
async def test_a_cancelled_scan_frees_summarize_within_one_batch_of_pages(settings, monkeypatch):
    spy = ReadSpy(ocr.read)
    monkeypatch.setattr(ocr, "read", spy)
    s = SummarizeSettings(**{**settings.model_dump(), "handler_attempts": 1})
    data = many_pages(make_contract(title=f"CANCELLED SCAN {time.time_ns()}").data, PAGES)
    sandbox, blobs = PdfSandbox(s.pdf_workers, s.pdf_timeout_s, s.pdf_memory_mb), open_blobs(s)
    rid = f"rid-ocr-cancel-{time.time_ns()}"
    env = Envelope(request_id=rid, doc_sha256=f"{time.time_ns():064x}", tenant="dev", question="What is the governing law?",
                   page_count=PAGES, submitted_at=time.time(), published_at=time.time())
    try:
        async with Runtime(s, "summarize") as rt:
            await blobs.put(blob_key("dev", env.doc_sha256), data)
            await rt.state.create_review(rid, {"status": "accepted"})
            loop = rt.consumer(topics.REQUESTED, ReviewRequested, summarize.make_handler(rt, s, sandbox, blobs, clause_model.default()))
            await loop.start()
            running = asyncio.create_task(loop.run())
            try:
                await rt.producer.publish(topics.REQUESTED, rid, ReviewRequested(envelope=env, blob_key=blob_key("dev", env.doc_sha256)))
                deadline = time.monotonic() + 1200
                while not spy.done and time.monotonic() < deadline:
                    await asyncio.sleep(0.05)
                assert spy.done, "OCR started"
                # What the edge does on a cancel: the flag, then the review's one terminal event.
                await rt.state.cancel(rid, "cancelled by the client")
                cancelled_at, read_before = time.monotonic(), len(spy.done)
                await rt.events.emit(rid, "cancelled", {"reason": "cancelled by the client"}, dedupe="cancelled", review={"status": "cancelled"})
                while loop.in_flight and time.monotonic() < deadline:
                    await asyncio.sleep(0.05)
                freed_after = time.monotonic() - cancelled_at
                read_after = len(spy.done) - read_before
                await asyncio.sleep(2)  # nothing goes on reading once the slot is free
                print(f"\n{PAGES}-page scan cancelled after {read_before} pages: {read_after} read after the cancel, slot free {freed_after:.1f} s after it")
                assert not loop.in_flight, f"summarize still busy {freed_after:.0f} s after the cancel ({len(spy.done)} of {PAGES} pages read)"
                assert read_after <= 2 * s.ocr_workers, f"{read_after} pages read after the cancel; one batch is {2 * s.ocr_workers}"
                assert len(spy.done) - read_before == read_after
                events = [e.type for e in await rt.events.read(rid)]
                assert [t for t in events if t in ("final", "error", "cancelled")] == ["cancelled"], events
                assert await rt.state.stage_done(rid, "summarize") is None, "nothing published for a cancelled review"
                assert await rt.state.get_pages(doc_key(env)) is None, "half-read pages are not cached as the document's text"
            finally:
                running.cancel()
                await asyncio.gather(running, return_exceptions=True)
                await loop.stop()
    finally:
        sandbox.close()
        await blobs.close()
