"""summarize: consumer wiring and lifespan."""

from __future__ import annotations

from shared import topics
from shared.logs import setup
from shared.messages import ReviewRequested
from shared.runtime import Runtime

from .handlers import STAGE, make_handler
from .settings import Settings


async def main() -> None:
    settings = Settings()
    setup(STAGE, settings.log_level)
    async with Runtime(settings, STAGE, settings.metrics_port) as rt:
        await rt.run([rt.consumer(topics.REQUESTED, ReviewRequested, make_handler(rt, settings.summary_chars))])
