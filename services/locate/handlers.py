"""review.summarized -> the pages that answer the question -> review.located."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from shared.clauses import direct, findings, routing, routing_parts
from shared.clauses.routing_text import asks_playbook
from shared.clauses.clause_model import ClauseModel
from shared.core import topics
from shared.core.telemetry import MESSAGES, copy_envelope, timing_dict
from shared.messages import LocatedPage, ReviewLocated, ReviewSummarized
from shared.platform.runtime import Runtime
from shared.store.playbooks import Playbooks
from shared.store.scores import SharedScores
from shared.store.state import doc_key

from .logic import Embed, VectorCache, rank_pages

log = logging.getLogger(__name__)
STAGE = "locate"
VECTOR_MODEL = "all-minilm-l6-v2-int8"  # the chunk vectors' encoder (services/locate/embedder.py)


@dataclass
class Locator:
    """What locate holds for the life of the process: models and caches."""

    model: ClauseModel
    embed: Embed | None
    top_k: int
    shortlist: int
    dense: str                       # "always", "no_category" or "never"
    route_no_llm: bool
    vectors: VectorCache

    def dense_for(self, cats: list[str]) -> bool:
        """Whether ranking re-ranks with chunk vectors for a question routed to ``cats``."""
        return self.embed is not None and (self.dense == "always" or (self.dense == "no_category" and not cats))

    def rank(self, texts: list[str], question: str, doc_key: str, cats: list[str], scored: findings.Scored | None) -> list:
        clause = findings.page_scores(scored, cats, len(texts)) if cats and scored is not None else None
        kw = {"top_k": self.top_k, "shortlist": self.shortlist, "cache": self.vectors, "doc_key": doc_key}
        if self.dense_for(cats):
            try:
                return rank_pages(texts, question, cats, self.embed, clause=clause, **kw)
            except Exception:  # noqa: BLE001 - logged, then the cheaper ranking
                log.exception("ranking with embeddings failed")
        return rank_pages(texts, question, cats, None, clause=clause, **kw)


async def _rank(rt: Runtime, loc: Locator, scores: SharedScores, texts, env, cats) -> tuple[list, int]:
    """The ranking (none: the whole document, if it fails) and how many chunks it embedded.

    Locate failing must not fail the request: analyze then reads the whole document within
    its budget (`fallback_full`). Chunk vectors are shared through Redis: another locate (or
    this one restarted) embeds nothing that one has embedded before.
    """
    doc = doc_key(env)
    try:
        # Scored once here for every stage: phase2 and analyze read the same scores back.
        scored = await scores.get(doc, texts) if cats else None
        if loc.dense_for(cats) and loc.vectors.missing(doc, len(texts)):
            loc.vectors.preload(doc, await rt.state.get_vectors(doc, VECTOR_MODEL))
        ranked = await rt.cpu(loc.rank, texts, env.question, doc, cats, scored)
    except Exception:  # noqa: BLE001 - logged; analyze falls back to the whole document
        log.exception("ranking failed")
        ranked = []
    embedded = loc.vectors.take_new(doc)
    if embedded:
        try:
            await rt.state.put_vectors(doc, VECTOR_MODEL, embedded)
        except Exception:  # noqa: BLE001 - a cache: the review goes on without it
            log.exception("storing chunk vectors failed")
    return ranked, sum(len(v) for v in embedded.values())


def _route(question: str, embed: Embed) -> tuple[list[str], list[dict]]:
    """The categories ``question`` asks about, and the parts of it none of them answers (none for
    a review against the playbook: it asks every category the playbook has a rule for)."""
    if asks_playbook(question):
        return routing.route(question, embed).categories, []
    route, unasked = routing.routed(question, embed)
    return route.categories, unasked


def make_handler(rt: Runtime, loc: Locator):
    scores = SharedScores(rt.state, loc.model, rt.cpu, rt.settings.score_cache_docs)

    async def handle(msg: ReviewSummarized) -> None:
        """Route the question to categories, rank the pages, publish the located set."""
        env = msg.envelope
        clock = await rt.begin(env)
        if clock is None:
            return
        with clock.phase("preprocess"):
            texts = await rt.page_texts(env)
            cats, unasked = await rt.cpu(_route, env.question, loc.embed)
            if asks_playbook(env.question):  # every category the tenant's playbook has a rule for
                cats = [r.category for r in (await Playbooks(rt.redis).current(env.tenant)).rules]
        mode = "located"
        with clock.phase("inference"):
            ranked, embedded = await _rank(rt, loc, scores, texts, env, cats)
        summaries = {p.page: p.summary for p in msg.pages}
        with clock.phase("postprocess"):
            if not ranked:  # no text layer, or ranking failed: hand analyze the whole document
                mode = "fallback_full"
                pages = [LocatedPage(page=p.page, score=0.0, summary=p.summary) for p in msg.pages]
            else:
                pages = [LocatedPage(page=r.page, score=r.score, summary=summaries.get(r.page, "")) for r in ranked]
        timing = clock.finish()
        route = "no_llm" if loc.route_no_llm and mode == "located" and direct.no_llm(env.question, cats) else ""
        out = ReviewLocated(envelope=copy_envelope(env, timing), pages=pages, mode=mode, categories=cats, route=route,
                            unasked=routing_parts.as_messages(unasked))
        await rt.events.emit(env.request_id, "progress", {"stage": STAGE, "done": 1, "total": 1}, dedupe=f"progress:{STAGE}")
        await rt.record_cost(env.request_id, STAGE, {**timing_dict(timing), "chunks_embedded": embedded}, missed=embedded > 0)
        await rt.state.advance_review(env.request_id, "located", located_pages=[p.page for p in pages])
        await rt.publish_done(topics.LOCATED, env.request_id, out)
        MESSAGES.labels(STAGE, "processed").inc()

    return handle
