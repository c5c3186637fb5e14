"""locate: consumer wiring and lifespan; the embedding model is loaded once here."""

from __future__ import annotations

from shared import topics
from shared.logs import setup
from shared.messages import ReviewSummarized
from shared.runtime import Runtime

from .handlers import STAGE, make_handler
from .logic import VectorCache
from .settings import Settings


async def main() -> None:
    settings = Settings()
    setup(STAGE, settings.log_level)
    embed = None
    if settings.use_embeddings:
        from .embedder import Embedder

        embed = Embedder(threads=settings.embed_threads).embed
    async with Runtime(settings, STAGE, settings.metrics_port) as rt:
        handler = make_handler(rt, embed, settings.top_k, settings.shortlist, VectorCache(settings.vector_cache_pages))
        await rt.run([rt.consumer(topics.SUMMARIZED, ReviewSummarized, handler)])
