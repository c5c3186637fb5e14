"""Create every topic ClauseFlow uses, and each consumer's dead-letter topic, with the
configured partitions and replication, before the services start (compose's `kafka-init`, a
Kubernetes Job or init container). Idempotent: existing topics are left as they are.

    python -m shared.platform.topics_init
"""

from __future__ import annotations

import asyncio
import logging

from tenacity import AsyncRetrying, stop_after_delay, wait_fixed

from shared.core import topics
from shared.core.settings import CommonSettings
from shared.platform.bus import ensure_topics

log = logging.getLogger(__name__)


def names(prefix: str = "") -> list[str]:
    return [topics.name(t, prefix) for t in topics.ALL] + [topics.dead_letter(t, c, prefix) for t, c in topics.CONSUMERS]


async def main() -> None:
    settings = CommonSettings()
    wanted = names(settings.topic_prefix)
    async for attempt in AsyncRetrying(stop=stop_after_delay(120), wait=wait_fixed(2), reraise=True):
        with attempt:  # the broker may still be electing its controller
            await ensure_topics(settings, wanted)
    print(f"{len(wanted)} topics ready ({settings.topic_partitions} partitions, replication {settings.topic_replication})", flush=True)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    asyncio.run(main())
