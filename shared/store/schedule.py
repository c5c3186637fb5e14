"""Due dates in Redis, swept by every replica: draft withdrawal, review deadlines, locate's.

A sorted set holds members scored by when they fall due. Any number of processes sweep it. A
sweep *claims* a due member (one atomic step moves its due time a lease ahead, so no other
replica takes it meanwhile), *acts* (:meth:`Schedule.act`, the subclass's), and only then
*acknowledges* it (removes it, unless it was watched again meanwhile). An act that fails — the
broker down when a deadline passes — leaves the member due again ``retry_s`` later, and a
process that dies mid-act leaves it due when the lease runs out: a due date is never lost. An act
may so run more than once (a retry, a lease that ran out on a slow act): acts are idempotent.
"""

from __future__ import annotations

import asyncio
import logging
import time

from redis.asyncio import Redis

log = logging.getLogger(__name__)

# KEYS: the set. ARGV: member, now, new score. Move a member due by `now` to the new score;
# 1 if it was claimed so (0: not due, gone, or claimed by another sweep first).
_CLAIM = """
local s = redis.call('ZSCORE', KEYS[1], ARGV[1])
if s and tonumber(s) <= tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
  return 1
end
return 0
"""
# KEYS: the set. ARGV: member, the claim's score, then "del" or a new score. Only while the
# member still holds this claim (not watched again, not claimed again after a lease ran out).
_SETTLE = """
local s = redis.call('ZSCORE', KEYS[1], ARGV[1])
if s and tonumber(s) == tonumber(ARGV[2]) then
  if ARGV[3] == 'del' then redis.call('ZREM', KEYS[1], ARGV[1]) else redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1]) end
  return 1
end
return 0
"""


class Schedule:
    """``watch(member, at)``; ``sweep(now)`` runs :meth:`act` on each member due, until one
    succeeds."""

    lease_s = 120.0  # longer than any act takes (a publish gives up after about 40 s)
    retry_s = 5.0    # a failed act is due again this much later

    def __init__(self, redis: Redis, key: str, interval_s: float = 1.0) -> None:
        self.redis = redis
        self.key = key
        self.interval_s = interval_s
        self._claim = redis.register_script(_CLAIM)
        self._settle = redis.register_script(_SETTLE)

    async def act(self, member: str) -> bool:
        """Handle one member that fell due; True if something was done."""
        raise NotImplementedError

    async def watch(self, member: str, at: float) -> None:
        await self.redis.zadd(self.key, {member: at})

    async def unwatch(self, member: str) -> None:
        await self.redis.zrem(self.key, member)

    async def sweep(self, now: float) -> list[str]:
        """Members due by ``now`` that this process claimed and acted on. An act that raises
        stays due (``retry_s`` later) and the sweep goes on with the next member."""
        acted = []
        for raw in await self.redis.zrangebyscore(self.key, "-inf", now, start=0, num=500):
            member = raw.decode() if isinstance(raw, bytes) else raw
            lease = repr(time.time() + self.lease_s)
            if not await self._claim(keys=[self.key], args=[member, now, lease]):
                continue
            try:
                did = await self.act(member)
            except Exception:  # noqa: BLE001 - the dependency it needs is down: try again soon
                log.exception("acting on %s of %s failed; due again in %.0f s", member, self.key, self.retry_s)
                await self._settle(keys=[self.key], args=[member, lease, repr(time.time() + self.retry_s)])
                continue
            await self._settle(keys=[self.key], args=[member, lease, "del"])
            if did:
                acted.append(member)
        return acted

    async def run(self) -> None:
        """Sweep every ``interval_s`` until cancelled."""
        while True:
            try:
                await self.sweep(time.time())
            except Exception:  # noqa: BLE001 - Redis hiccuped: nothing was claimed, the next sweep goes on
                log.exception("sweeping %s failed", self.key)
            await asyncio.sleep(self.interval_s)
