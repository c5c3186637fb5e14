"""summarize: consumer wiring and lifespan."""

from __future__ import annotations

from shared.clauses import clause_model
from shared.core import topics
from shared.core.logs import setup
from shared.documents.sandbox import PdfSandbox
from shared.messages import ReviewRequested
from shared.platform.runtime import Runtime
from shared.store.blobs import open_blobs

from .handlers import STAGE, make_handler
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
            await rt.run([
                rt.consumer(topics.REQUESTED, ReviewRequested, make_handler(rt, settings, sandbox, blobs, model)),
                # A batch's contracts: their own group and few slots, so interactive reviews never queue behind them.
                rt.consumer(topics.BATCH_REQUESTED, ReviewRequested, make_handler(rt, settings, sandbox, blobs, model, batch=True),
                            name=f"{STAGE}-batch", concurrency=settings.batch_in_flight),
            ])
    finally:
        sandbox.close()
        await blobs.close()
