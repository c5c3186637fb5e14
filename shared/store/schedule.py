"""Due dates in Redis, swept by every replica: draft withdrawal, review deadlines.

A sorted set holds members scored by when they fall due. Any number of processes sweep it;
ZREM decides which one acts on a member, so each is handled once. Subclasses say what acting
is (:meth:`Schedule.act`).
"""

from __future__ import annotations

import asyncio
import logging
import time

from redis.asyncio import Redis

log = logging.getLogger(__name__)


class Schedule:
    """``watch(member, at)``; ``sweep(now)`` runs :meth:`act` once on each member due."""

    def __init__(self, redis: Redis, key: str, interval_s: float = 1.0) -> None:
        self.redis = redis
        self.key = key
        self.interval_s = interval_s

    async def act(self, member: str) -> bool:
        """Handle one member that fell due; True if something was done."""
        raise NotImplementedError

    async def watch(self, member: str, at: float) -> None:
        await self.redis.zadd(self.key, {member: at})

    async def unwatch(self, member: str) -> None:
        await self.redis.zrem(self.key, member)

    async def sweep(self, now: float) -> list[str]:
        """Members due by ``now`` that this process claimed and acted on."""
        acted = []
        for raw in await self.redis.zrangebyscore(self.key, "-inf", now, start=0, num=500):
            member = raw.decode() if isinstance(raw, bytes) else raw
            if await self.redis.zrem(self.key, member) and await self.act(member):
                acted.append(member)
        return acted

    async def run(self) -> None:
        """Sweep every ``interval_s`` until cancelled."""
        while True:
            try:
                await self.sweep(time.time())
            except Exception:  # noqa: BLE001 - Redis or the broker hiccuped: the next sweep retries
                log.exception("sweeping %s failed", self.key)
            await asyncio.sleep(self.interval_s)
