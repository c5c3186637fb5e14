"""One process at a time on a review's work: a lease in Redis.

A consumer-group rebalance hands a partition to another process while the first is still
generating (the drain before a rebalance is bounded; a generation on a real model often is
not): the new owner gets the message again from the last committed offset. Without a lease it
would generate a second time — paid twice, and two generations on the client's stream.

The lease is a key set only if absent, with a short TTL that its holder renews while it works,
and deletes when done. A second process waits while it is held, then looks again: the first
has finished (its final is out, the stage skips) or died (the TTL ran out, the work is redone,
as a redelivery after a crash always was).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid

from redis.asyncio import Redis

log = logging.getLogger(__name__)

_RENEW = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0"
_RELEASE = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0"


class Lease:
    """``async with Lease(redis, key):`` — held by this process for the block's duration."""

    def __init__(self, redis: Redis, key: str, ttl_s: float = 30.0, poll_s: float = 0.5) -> None:
        self.redis, self.key, self.ttl_ms, self.poll_s = redis, key, int(ttl_s * 1000), poll_s
        self.owner = uuid.uuid4().hex
        self.waited_s = 0.0  # how long another holder kept this one waiting
        self._renewer: asyncio.Task | None = None

    async def __aenter__(self) -> Lease:
        loop = asyncio.get_running_loop()
        start = loop.time()
        while not await self.redis.set(self.key, self.owner, nx=True, px=self.ttl_ms):
            await asyncio.sleep(self.poll_s)
        self.waited_s = loop.time() - start
        if self.waited_s > self.poll_s:
            log.info("%s was held elsewhere for %.1f s", self.key, self.waited_s)
        self._renewer = asyncio.create_task(self._renew())
        return self

    async def _renew(self) -> None:
        while True:
            await asyncio.sleep(self.ttl_ms / 3000)
            try:
                if not await self.redis.eval(_RENEW, 1, self.key, self.owner, self.ttl_ms):
                    log.warning("%s was lost (expired while held)", self.key)
                    return
            except Exception:  # noqa: BLE001 - Redis away for a moment: try again at the next beat
                log.warning("renewing %s failed", self.key, exc_info=True)

    async def __aexit__(self, *exc) -> None:
        if self._renewer is not None:
            self._renewer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._renewer
        with contextlib.suppress(Exception):  # not released: it expires within its TTL
            await self.redis.eval(_RELEASE, 1, self.key, self.owner)
