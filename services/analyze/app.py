"""analyze: consumer wiring and lifespan."""

from __future__ import annotations

from shared.clauses import clause_model
from shared.core import topics
from shared.core.logs import setup
from shared.messages import ReviewCancel, ReviewFollowup, ReviewLocated, ReviewSummarized
from shared.platform.runtime import Runtime

from .batch import BatchCells
from .handlers import STAGE, Analyzer
from .settings import Settings


async def main() -> None:
    settings = Settings()
    setup(STAGE, settings)
    async with Runtime(settings, STAGE, settings.metrics_port) as rt:
        analyzer = Analyzer(rt, settings, clause_model.default(settings.clause_stage))
        loops = [
            rt.consumer(topics.LOCATED, ReviewLocated, analyzer.handle),
            rt.consumer(topics.FOLLOWUP, ReviewFollowup, analyzer.followup, name=f"{STAGE}-followup", on_failure=analyzer.followup_failed),
            rt.consumer(topics.CANCEL, ReviewCancel, analyzer.on_cancel, name=f"{STAGE}-cancel", broadcast=True),
            # A batch's contracts: no LLM, their own group and few slots (services/analyze/batch.py).
            rt.consumer(topics.BATCH_SUMMARIZED, ReviewSummarized, BatchCells(analyzer).handle, name=f"{STAGE}-batch", concurrency=settings.batch_in_flight),
        ]
        if settings.locate_deadline_s:  # watch locate: the whole document stands in when it is late
            loops.append(rt.consumer(topics.SUMMARIZED, ReviewSummarized, analyzer.on_summarized, name=f"{STAGE}-fallback"))
        await rt.run(loops, background=(analyzer.deadlines.run,) if settings.locate_deadline_s else ())
