"""Due dates in Redis, swept by every replica: draft withdrawal, review deadlines.

A sorted set holds members scored by when they fall due. Any number of processes sweep it;
ZREM decides which one acts on a member, so each is handled once.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from redis.asyncio import Redis

log = logging.getLogger(__name__)


class Schedule:
    """``watch(member, at)``; ``sweep(now, act)`` runs ``act`` on each member due, once."""

    def __init__(self, redis: Redis, key: str) -> None:
        self.redis = redis
        self.key = key

    async def watch(self, member: str, at: float) -> None:
        await self.redis.zadd(self.key, {member: at})

    async def sweep(self, now: float, act: Callable[[str], Awaitable[bool]]) -> list[str]:
        """Members due by ``now`` that this process claimed and ``act`` acted on."""
        acted = []
        for raw in await self.redis.zrangebyscore(self.key, "-inf", now, start=0, num=500):
            member = raw.decode() if isinstance(raw, bytes) else raw
            if await self.redis.zrem(self.key, member) and await act(member):
                acted.append(member)
        return acted

    async def run(self, act: Callable[[str], Awaitable[bool]], interval_s: float) -> None:
        """Sweep every ``interval_s`` until cancelled."""
        while True:
            try:
                await self.sweep(time.time(), act)
            except Exception:  # noqa: BLE001 - Redis or the broker hiccuped: the next sweep retries
                log.exception("sweeping %s failed", self.key)
            await asyncio.sleep(interval_s)
