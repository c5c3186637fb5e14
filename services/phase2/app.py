"""phase2: consumer wiring and lifespan."""

from __future__ import annotations

from shared import clause_model, topics
from shared.logs import setup
from shared.messages import ReviewLocated
from shared.runtime import Runtime

from .handlers import STAGE, make_handler
from .settings import Settings


async def main() -> None:
    settings = Settings()
    setup(STAGE, settings.log_level)
    async with Runtime(settings, STAGE, settings.metrics_port) as rt:
        handler = make_handler(rt, clause_model.default(), settings.draft_expires_s, settings.max_evidence)
        await rt.run([rt.consumer(topics.LOCATED, ReviewLocated, handler)])
