"""summarize: consumer wiring and lifespan."""

from __future__ import annotations

from shared.clauses import clause_model
from shared.core import topics
from shared.core.logs import setup
from shared.documents.sandbox import PdfSandbox
from shared.messages import ReviewRequested
from shared.platform.runtime import Runtime
from shared.store.blobs import open_blobs

from .handlers import STAGE, Lanes, make_handler
from .settings import Settings


async def main() -> None:
    settings = Settings()
    setup(STAGE, settings)
    sandbox = PdfSandbox(settings.pdf_workers, settings.pdf_timeout_s, settings.pdf_memory_mb)
    blobs = open_blobs(settings)
    try:
        await sandbox.warm()  # the first PDF does not wait for the workers to start
        async with Runtime(settings, STAGE, settings.metrics_port) as rt:
            model = clause_model.default(settings.clause_stage)
            lanes = Lanes(settings.batch_yield_max_s, settings.batch_yield_grace_s) if settings.batch_yield_max_s else None
            await rt.run([
                rt.consumer(topics.REQUESTED, ReviewRequested, make_handler(rt, settings, sandbox, blobs, model, lanes=lanes)),
                # A batch's contracts: their own group and few slots, so interactive reviews never queue behind
                # them, and each waits its turn while an interactive review is being read (Lanes).
                rt.consumer(topics.BATCH_REQUESTED, ReviewRequested, make_handler(rt, settings, sandbox, blobs, model, batch=True, lanes=lanes),
                            name=f"{STAGE}-batch", concurrency=settings.batch_in_flight),
            ])
    finally:
        sandbox.close()
        await blobs.close()
