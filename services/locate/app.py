"""locate: consumer wiring and lifespan; the clause model and the embedding model are loaded once here."""

from __future__ import annotations

from shared.clauses import clause_model, findings, routing
from shared.core import topics
from shared.core.logs import setup
from shared.messages import ReviewSummarized
from shared.platform.runtime import Runtime

from .handlers import STAGE, Locator, make_handler
from .logic import VectorCache
from .settings import Settings


async def main() -> None:
    settings = Settings()
    setup(STAGE, settings)
    embed = None
    if settings.use_embeddings:
        from .embedder import Embedder

        embed = Embedder(threads=settings.embed_threads).embed
    loc = Locator(
        model=clause_model.default(settings.clause_stage),
        embed=embed,
        top_k=settings.top_k,
        shortlist=settings.shortlist,
        dense=settings.dense_rerank,
        route_no_llm=settings.route_no_llm,
        vectors=VectorCache(settings.vector_cache_pages),
    )
    warm_up(loc)
    async with Runtime(settings, STAGE, settings.metrics_port) as rt:
        await rt.run([rt.consumer(topics.SUMMARIZED, ReviewSummarized, make_handler(rt, loc))])


def warm_up(loc: Locator) -> None:
    """One routing and one ranking of a tiny document before the first review: their first
    calls load code and warm the encoder (seconds), which the first review would otherwise wait
    for, past analyze's locate deadline on a busy machine."""
    pages = ["The total liability of the Supplier shall not exceed the fees paid.", "Either party may terminate this Agreement on notice."]
    cats = routing.route("What is the cap on liability?", loc.embed).categories
    scored = findings.score_pages(pages, loc.model)
    loc.rank(pages, "What is the cap on liability?", "", cats, scored)
    loc.rank(pages, "What are the main points?", "", [], None)  # the dense path, when it is on
