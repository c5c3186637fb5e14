"""review.requested -> text of every page, one-line summaries -> review.summarized."""

from __future__ import annotations

import logging

from shared import pdf, topics
from shared.blobs import BlobStore
from shared.messages import PageSummary, ReviewRequested, ReviewSummarized
from shared.runtime import Runtime
from shared.sandbox import PdfSandbox
from shared.state import doc_key
from shared.telemetry import MESSAGES, copy_envelope, timing_dict

from .logic import summarize_page

log = logging.getLogger(__name__)
STAGE = "summarize"


def make_handler(rt: Runtime, summary_chars: int, sandbox: PdfSandbox, blobs: BlobStore):
    async def handle(msg: ReviewRequested) -> None:
        """Extract and summarize every page; reuse them when the same PDF was seen before."""
        env = msg.envelope
        clock = await rt.begin(env)
        if clock is None:
            return
        total = env.page_count
        await rt.events.emit(env.request_id, "progress", {"stage": STAGE, "done": 0, "total": total}, dedupe=f"progress:{STAGE}:0")
        with clock.phase("preprocess"):
            texts = await rt.state.get_pages(doc_key(env))
            summaries = await rt.state.get_summaries(doc_key(env))
        if texts is None or summaries is None:
            with clock.phase("inference"):
                data = await blobs.get(msg.blob_key)  # Reject when it is gone: the client hears error
                texts = await sandbox.run(pdf.page_texts, data)  # untrusted: a worker process with limits
                summaries = await rt.cpu(lambda: [summarize_page(t, summary_chars) for t in texts])
            await rt.state.put_pages(doc_key(env), texts, summaries)
        await rt.events.emit(env.request_id, "progress", {"stage": STAGE, "done": total, "total": total}, dedupe=f"progress:{STAGE}:{total}")
        with clock.phase("postprocess"):
            pages = [PageSummary(page=i + 1, summary=s, chars=len(t)) for i, (t, s) in enumerate(zip(texts, summaries))]
        timing = clock.finish()
        out = ReviewSummarized(envelope=copy_envelope(env, timing), pages=pages)
        await rt.state.record_cost(env.request_id, STAGE, timing_dict(timing))
        await rt.state.advance_review(env.request_id, "summarized")
        await rt.publish_done(topics.SUMMARIZED, env.request_id, out)
        MESSAGES.labels(STAGE, "processed").inc()

    return handle
