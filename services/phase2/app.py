"""phase2: consumer wiring and lifespan."""

from __future__ import annotations

from shared.clauses import clause_model
from shared.core import topics
from shared.core.logs import setup
from shared.messages import ReviewLocated
from shared.platform.runtime import Runtime

from .handlers import STAGE, Withdrawal, drop_draft, make_handler
from .settings import Settings


async def main() -> None:
    settings = Settings()
    setup(STAGE, settings)
    async with Runtime(settings, STAGE, settings.metrics_port) as rt:
        withdrawal = Withdrawal(rt, settings.withdraw_interval_s)
        handler = make_handler(rt, clause_model.default(settings.clause_stage), settings.draft_expires_s, settings.max_evidence, withdrawal)

        async def dropped(request_id: str, exc: BaseException) -> None:
            await drop_draft(rt, request_id, f"{type(exc).__name__}: {exc}")

        loop = rt.consumer(topics.LOCATED, ReviewLocated, handler, on_failure=dropped)
        await rt.run([loop], background=(withdrawal.run,))
