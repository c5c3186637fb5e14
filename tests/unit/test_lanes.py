"""Interactive first in summarize (services/summarize/handlers.py :class:`Lanes`): a batch's
contract waits while an interactive review is being read and for the grace after it, and never
longer than its most."""

from __future__ import annotations

import asyncio
import time

from services.summarize.handlers import Lanes


async def test_a_batch_contract_waits_for_the_interactive_review_and_its_grace():
    lanes = Lanes(max_s=5.0, grace_s=0.3)
    assert await lanes.batch_turn() < 0.1  # nothing interactive: at once

    async def read(seconds: float) -> float:
        async with lanes.interactive():
            await asyncio.sleep(seconds)
        return time.monotonic()

    reader = asyncio.create_task(read(0.5))
    await asyncio.sleep(0.05)
    waited = await lanes.batch_turn()
    ended = await reader
    assert lanes.reading == 0
    assert time.monotonic() - ended >= 0.25, "the batch waited out the grace after the read ended"
    assert 0.7 <= waited < 1.5, waited


async def test_a_batch_contract_is_never_starved():
    lanes = Lanes(max_s=0.4, grace_s=0.1)
    async with lanes.interactive():  # an interactive read that outlasts the batch's patience
        waited = await lanes.batch_turn()
    assert 0.4 <= waited < 0.8
