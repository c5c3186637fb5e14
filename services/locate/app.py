"""locate: consumer wiring and lifespan; the clause model and the embedding model are loaded once here."""

from __future__ import annotations

from shared import clause_model, topics
from shared.logs import setup
from shared.messages import ReviewSummarized
from shared.runtime import Runtime

from .handlers import STAGE, Locator, make_handler
from .logic import VectorCache
from .settings import Settings


async def main() -> None:
    settings = Settings()
    setup(STAGE, settings.log_level)
    embed = None
    if settings.use_embeddings:
        from .embedder import Embedder

        embed = Embedder(threads=settings.embed_threads).embed
    loc = Locator(
        model=clause_model.default(),
        embed=embed,
        top_k=settings.top_k,
        shortlist=settings.shortlist,
        dense=settings.dense_rerank,
        route_no_llm=settings.route_no_llm,
        vectors=VectorCache(settings.vector_cache_pages),
    )
    async with Runtime(settings, STAGE, settings.metrics_port) as rt:
        await rt.run([rt.consumer(topics.SUMMARIZED, ReviewSummarized, make_handler(rt, loc))])
