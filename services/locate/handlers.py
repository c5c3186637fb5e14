"""review.summarized -> the pages that answer the question -> review.located."""

from __future__ import annotations

import asyncio
import logging

from shared import clauses, topics
from shared.messages import LocatedPage, ReviewLocated, ReviewSummarized
from shared.runtime import Runtime
from shared.telemetry import MESSAGES, copy_envelope, timing_dict

from .logic import Embed, VectorCache, rank_pages

log = logging.getLogger(__name__)
STAGE = "locate"


async def _rank(texts, env, cats, embed, top_k, shortlist, cache) -> list:
    """Dense ranking; the lexical one if that fails; none (whole document) if both fail.

    Locate failing must not fail the request: analyze then reads the whole document within
    its budget (`fallback_full`).
    """
    for dense in ([embed] if embed is not None else []) + [None]:
        try:
            return await asyncio.to_thread(
                rank_pages, texts, env.question, cats, dense, top_k=top_k, shortlist=shortlist, cache=cache, doc_key=env.doc_sha256
            )
        except Exception:  # noqa: BLE001 - logged, then the next cheaper ranking
            log.exception("ranking %s failed", "with embeddings" if dense else "without embeddings")
    return []


def make_handler(rt: Runtime, embed: Embed | None, top_k: int, shortlist: int, cache: VectorCache | None = None):
    async def handle(msg: ReviewSummarized) -> None:
        """Rank the pages; if dense ranking fails, fall back to the lexical ranking."""
        env = msg.envelope
        clock = await rt.begin(env)
        if clock is None:
            return
        with clock.phase("preprocess"):
            texts = await rt.page_texts(env)
            cats = clauses.categories_for(env.question)
        mode = "located"
        with clock.phase("inference"):
            ranked = await _rank(texts, env, cats, embed, top_k, shortlist, cache)
        summaries = {p.page: p.summary for p in msg.pages}
        with clock.phase("postprocess"):
            if not ranked:  # no text layer, or ranking failed: hand analyze the whole document
                mode = "fallback_full"
                pages = [LocatedPage(page=p.page, score=0.0, summary=p.summary) for p in msg.pages]
            else:
                pages = [LocatedPage(page=r.page, score=r.score, summary=summaries.get(r.page, "")) for r in ranked]
        timing = clock.finish()
        out = ReviewLocated(envelope=copy_envelope(env, timing), pages=pages, mode=mode, categories=[c.name for c in cats])
        await rt.events.emit(env.request_id, "progress", {"stage": STAGE, "done": 1, "total": 1}, dedupe=f"progress:{STAGE}")
        await rt.state.record_cost(env.request_id, STAGE, timing_dict(timing))
        await rt.state.update_review(env.request_id, status="located", located_pages=[p.page for p in pages])
        await rt.producer.publish(topics.LOCATED, env.request_id, out)
        MESSAGES.labels(STAGE, "processed").inc()

    return handle
