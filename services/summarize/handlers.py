"""review.requested -> text of every page (scanned pages through OCR), one-line summaries ->
review.summarized."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from prometheus_client import Counter

from shared.clauses.clause_model import ClauseModel
from shared.core import topics
from shared.core.telemetry import MESSAGES, copy_envelope, timing_dict
from shared.documents import layout, ocr, pdf
from shared.documents.sandbox import PdfSandbox
from shared.messages import PageSummary, ReviewRequested, ReviewSummarized
from shared.platform.runtime import Runtime
from shared.store.blobs import BlobStore
from shared.store.scores import SharedScores
from shared.store.state import doc_key

from .gists import Gisted, Gists
from .logic import page_categories, summarize_page
from .settings import Settings
from .word import DOCX, WordFiles

log = logging.getLogger(__name__)
STAGE = "summarize"
OCR_PAGES = Counter("clauseflow_ocr_pages_total", "Scanned pages read by Tesseract in summarize")


class Scans:
    """Reads the pages that have no text layer and show something OCR could read (an image, text
    drawn as outlines: ocr.worth_reading): rendered in the sandbox a few at a time, prepared by
    the DALI pipeline, read by Tesseract ``ocr_workers`` pages at once, with a
    `progress` event (stage `ocr`) as each page is read. A review cancelled meanwhile (by its
    client, or its deadline: services/edge/lifecycle.py sets the flag and ends the review) is
    read no further: the flag is looked at before each batch and each page, so at most the
    pages being read when it was set are finished."""

    def __init__(self, rt: Runtime, settings: Settings, sandbox: PdfSandbox, nice: int = 0) -> None:
        self.rt, self.s, self.sandbox, self.nice = rt, settings, sandbox, nice
        self.preparer = ocr.Preparer(settings.ocr_width, settings.ocr_device)
        self.pool = asyncio.Semaphore(settings.ocr_workers)

    def pages(self, texts: list[str]) -> list[int]:
        if not self.s.ocr_enabled:
            return []
        todo = [i for i, t in enumerate(texts) if ocr.needs_ocr(t, self.s.ocr_min_chars)]
        if len(todo) > self.s.ocr_max_pages:
            log.warning("%d pages have no text layer; reading the first %d (CLAUSEFLOW_OCR_MAX_PAGES)", len(todo), self.s.ocr_max_pages)
        return todo[: self.s.ocr_max_pages]

    async def read(self, rid: str, data: bytes, texts: list[str]) -> int | None:
        """Fill in ``texts`` for the scanned pages; returns how many were read (a strip far taller
        than wide is not: ocr.render_pages), or None when the review was cancelled meanwhile."""
        todo = self.pages(texts)
        if todo:  # a divider page with a few words and nothing drawn keeps its text layer, unread
            todo = [page for page, worth in zip(todo, await self.sandbox.run(ocr.worth_reading, data, todo)) if worth]
        done = not_read = 0
        cancelled = False
        progress = {"stage": "ocr", "total": len(todo)}
        step = 2 * self.s.ocr_workers  # pages in memory at once: rendered, prepared, being read
        for start in range(0, len(todo), step):
            if await self.rt.state.is_cancelled(rid):
                return None
            chunk = todo[start : start + step]
            images = await self.sandbox.run(ocr.render_pages, data, chunk, self.s.ocr_dpi)
            skipped = [page for page, image in zip(chunk, images) if not image]
            not_read += len(skipped)
            for page in skipped:  # a strip, not a page: its pixels are not worth their memory
                log.warning("page %d is over %.0f times taller than wide: not read", page + 1, ocr.MAX_ASPECT)
            kept = [(page, image) for page, image in zip(chunk, images) if image]
            prepared = await self.rt.cpu(self.preparer, [image for _, image in kept]) if kept else []

            async def one(page: int, image) -> None:
                nonlocal done, cancelled
                if image is not None:
                    async with self.pool:
                        cancelled = cancelled or await self.rt.state.is_cancelled(rid)
                        if cancelled:
                            return
                        texts[page] = await asyncio.to_thread(ocr.read, image, self.s.ocr_languages, self.s.ocr_page_timeout_s, self.nice)
                    OCR_PAGES.inc()
                done += 1
                await self.rt.events.emit(rid, "progress", {**progress, "done": done}, dedupe=f"progress:ocr:{done}")

            await asyncio.gather(*(one(page, image) for (page, _), image in zip(kept, prepared)), *(one(page, None) for page in skipped))
            if cancelled:
                return None
        return done - not_read


class Lanes:
    """Interactive first, in one process: counts the interactive reviews being read, and lets a
    batch's contract start only when none has been for ``grace_s`` (their locate and draft come
    next, on the same cores), or after ``max_s`` of waiting (a batch is never starved)."""

    def __init__(self, max_s: float, grace_s: float) -> None:
        self.max_s, self.grace_s = max_s, grace_s
        self.reading = 0
        self.last_end = 0.0

    @contextlib.asynccontextmanager
    async def interactive(self):
        self.reading += 1
        try:
            yield
        finally:
            self.reading -= 1
            self.last_end = time.monotonic()

    async def batch_turn(self) -> float:
        """Wait for the batch's turn; the seconds waited."""
        start = time.monotonic()
        while time.monotonic() - start < self.max_s and (self.reading or time.monotonic() - self.last_end < self.grace_s):
            await asyncio.sleep(0.05)
        return time.monotonic() - start


def make_handler(rt: Runtime, settings: Settings, sandbox: PdfSandbox, blobs: BlobStore, model: ClauseModel, *, batch: bool = False, lanes: Lanes | None = None):
    """The handler of review.requested, or with ``batch`` of batch.requested (a batch's contract:
    stored by the edge unchecked, so checked here as the edge checks an upload, in the sandbox,
    before anything else; its pages go on to batch.summarized)."""
    summary_chars = settings.summary_chars
    scans = Scans(rt, settings, sandbox, settings.batch_nice if batch else 0)
    words = WordFiles(rt, settings, sandbox, blobs)
    # The clause model's scores name the categories on each page; stored for locate, phase2
    # and analyze, which read them back instead of scoring the document again.
    scores = SharedScores(rt.state, model, rt.cpu, settings.score_cache_docs)
    gists = Gists(settings) if settings.summary_llm else None
    kind = gists.kind if gists else ""  # summaries with gists are cached apart from the others

    async def gist(texts: list[str]) -> Gisted | None:
        return await gists.document(texts) if gists else None

    async def stopped(rid: str, clock) -> None:
        """The review was cancelled (or passed its deadline) while its scan was read: whoever set
        the flag has ended it. Nothing is published or cached; the work done is billed."""
        MESSAGES.labels(STAGE, "cancelled").inc()
        log.info("review cancelled while its scanned pages were read: stopped")
        await rt.record_cost(rid, STAGE, timing_dict(clock.finish()), missed=True)

    async def check(env, key: str) -> None:
        """A batch's contract is an upload like any other: a bad one is refused with the upload's
        code (not_a_pdf, too_large, corrupt_pdf, ...), which ends its review, and so its cell, in
        `error`. A good one's page count is known from here on."""
        data = await blobs.get(key)
        env.page_count = await sandbox.run(pdf.check, data, max_bytes=settings.max_upload_bytes, max_pages=settings.max_pages)
        await rt.state.update_review(env.request_id, page_count=env.page_count)
        await rt.events.emit(env.request_id, "accepted", {"request_id": env.request_id, "page_count": env.page_count}, dedupe="accepted")

    async def handle(msg: ReviewRequested) -> None:
        """Extract and summarize every page; reuse them when the same PDF was seen before."""
        if lanes is None:
            return await summarize(msg)
        if batch:
            await lanes.batch_turn()
            return await summarize(msg)
        async with lanes.interactive():
            return await summarize(msg)

    async def summarize(msg: ReviewRequested) -> None:
        env = msg.envelope
        clock = await rt.begin(env)
        if clock is None:
            return
        converted = None
        if msg.format == DOCX:  # first the PDF it becomes; env and msg name that from here on
            with clock.phase("preprocess"):
                converted = await words.to_pdf(msg, accepted=batch)
        elif batch:
            await check(env, msg.blob_key)
        total = env.page_count
        await rt.events.emit(env.request_id, "progress", {"stage": STAGE, "done": 0, "total": total}, dedupe=f"progress:{STAGE}:0")
        with clock.phase("preprocess"):
            texts = await rt.state.get_pages(doc_key(env))
            summaries = await rt.state.get_summaries(doc_key(env), kind)
        extracted = scanned = 0
        gisted = None
        if texts is None or summaries is None:
            with clock.phase("inference"):
                data = await blobs.get(msg.blob_key)  # Reject when it is gone: the client hears error
                texts = await sandbox.run(pdf.page_texts, data)  # untrusted: a worker process with limits
                extracted = len(texts)
                scanned = await scans.read(env.request_id, data, texts)
            if scanned is None:
                return await stopped(env.request_id, clock)
            if scanned:
                log.info("read %d scanned pages by OCR", scanned)
            with clock.phase("inference"):
                raw, texts = texts, layout.strip(texts)  # running headers, footers, page numbers out of the clauses
                scored, gisted = await asyncio.gather(scores.get(doc_key(env), texts), gist(texts))
                cats = await rt.cpu(page_categories, scored, len(texts), settings.summary_categories)
                lines = gisted.gists if gisted else [None] * len(texts)
                # A page that is only furniture (a cover stamp, a page number) is named by it.
                summaries = await rt.cpu(lambda: [summarize_page(t if t.strip() else r, summary_chars, c, g) for t, r, c, g in zip(texts, raw, cats, lines)])
            await rt.state.put_pages(doc_key(env), texts, summaries, kind)
        await rt.events.emit(env.request_id, "progress", {"stage": STAGE, "done": total, "total": total}, dedupe=f"progress:{STAGE}:{total}")
        with clock.phase("postprocess"):
            pages = [PageSummary(page=i + 1, summary=s, chars=len(t)) for i, (t, s) in enumerate(zip(texts, summaries))]
        timing = clock.finish()
        out = ReviewSummarized(envelope=copy_envelope(env, timing), pages=pages)
        counts = {"pages_extracted": extracted, "pages_ocr": scanned}
        if converted is not None:
            counts.update(pages_converted=0 if converted.get("cached") else total, convert_s=0.0 if converted.get("cached") else converted["seconds"])
        if gists:
            counts.update((gisted or Gisted([])).counts())  # all zero when the summaries were cached
        await rt.record_cost(env.request_id, STAGE, {**timing_dict(timing), **counts}, missed=extracted > 0)
        await rt.state.advance_review(env.request_id, "summarized")
        if batch:
            await rt.publish_done(topics.BATCH_SUMMARIZED, env.request_id, out)
        else:
            await rt.publish_done(topics.SUMMARIZED, env.request_id, out)
        MESSAGES.labels(STAGE, "processed").inc()

    return handle
