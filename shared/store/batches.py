"""A batch's record in Redis (``batch:{batch_id}``), the tenant's batches (``batches:{tenant}``) and
the open batch reviews (``{prefix}batches:open``, by deadline: the batch lane's backlog).

The record's fields are JSON, as a review's are (shared/store/state.py): ``tenant``, ``name``,
``categories``, ``question``, ``created_at``, ``total``, ``files`` and ``reviews`` (a contract's
index is its place in both), ``status`` (running, done, cancelled) and the counts ``done`` and
``failed``, which the event log's terminal step raises (shared/store/events.py), never this module.
"""

from __future__ import annotations

import json
from typing import Any

from redis.asyncio import Redis

from shared.store import keys

RUNNING, DONE, CANCELLED = "running", "done", "cancelled"


class Batches:
    def __init__(self, redis: Redis, ttl_s: int, prefix: str = "") -> None:
        self.redis = redis
        self.ttl_s = ttl_s
        self.open = keys.batch_open(prefix)

    async def create(self, batch_id: str, fields: dict[str, Any], reviews: dict[str, dict[str, Any]] | None = None,
                     open_until: tuple[list[str], float] | None = None) -> None:
        """The record and its reviews (``reviews``: request id -> the review's fields, written as
        shared/store/state.py writes a review), and ``open_until`` (the reviews to end by the
        deadline given), in one transaction: an edge that dies while it makes a batch leaves all
        of it or none, never a batch waiting for a review that was never made."""
        key = keys.batch(batch_id)
        record = {**fields, "status": RUNNING, "done": 0, "failed": 0}
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.hset(key, mapping={k: json.dumps(v, ensure_ascii=False) for k, v in record.items()})
            pipe.expire(key, self.ttl_s)
            history = keys.batch_history(fields["tenant"])
            pipe.zadd(history, {batch_id: float(fields["created_at"])})
            pipe.expire(history, self.ttl_s)
            for rid, review in (reviews or {}).items():
                pipe.hset(keys.review(rid), mapping={k: json.dumps(v) for k, v in review.items()})
                pipe.expire(keys.review(rid), self.ttl_s)
            if open_until and open_until[0]:
                pipe.zadd(self.open, dict.fromkeys(open_until[0], open_until[1]))
            await pipe.execute()

    async def get(self, batch_id: str) -> dict[str, Any] | None:
        raw = await self.redis.hgetall(keys.batch(batch_id))
        return {_s(k): json.loads(v) for k, v in raw.items()} if raw else None

    async def recent(self, tenant: str, limit: int) -> list[tuple[str, dict[str, Any]]]:
        """The tenant's batches still kept, newest first."""
        ids = [_s(b) for b in await self.redis.zrevrange(keys.batch_history(tenant), 0, limit - 1)]
        out = []
        for bid in ids:
            if (record := await self.get(bid)) is not None:
                out.append((bid, record))
        return out

    async def set_status(self, batch_id: str, status: str) -> None:
        await self.redis.hset(keys.batch(batch_id), "status", json.dumps(status))

    async def watch(self, request_ids: list[str], deadline: float) -> None:
        """The batch's reviews are open until they end (the event log takes each off)."""
        if request_ids:
            await self.redis.zadd(self.open, dict.fromkeys(request_ids, deadline))

    async def backlog(self) -> int:
        """Batch reviews accepted and not yet ended, over every tenant."""
        return await self.redis.zcard(self.open)


def _s(v: bytes | str) -> str:
    return v.decode() if isinstance(v, bytes) else v
