"""Short-lived state in Redis: reviews, page texts by document, drafts, audit, cancel flags.

Typed access to the keys of ``shared.store.keys`` (the table of every key, its type and when it
expires). Every key expires: review state after the retention (``event_ttl_s``); the document
caches (``doc:{doc}:…``: page texts, summaries, clause scores, locate's vectors) after their
own TTL and within their byte budget, least recently used evicted first (``shared.store.doccache``);
the draft after 10 minutes, per the draft rules. ``{doc}`` is ``document_key``: a document
within its tenant, never shared between tenants: a cache hit must not tell one tenant what
another uploaded.
"""

from __future__ import annotations

import io
import json
import time
from typing import Any

import numpy as np
from redis.asyncio import Redis

from shared.store import keys
from shared.store.doccache import DocCache

DRAFT_TTL_S = 600
ENDED = ("done", "failed", "cancelled")
# Set the fields of a review that still exists; its status only while the review has not ended
# (a stage finishing after a cancel must not make the review look alive again).
_ADVANCE = """
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local status = redis.call('HGET', KEYS[1], 'status')
local ended = false
for _, s in ipairs(cjson.decode(ARGV[1])) do
  if status == cjson.encode(s) then ended = true end
end
for i = 2, #ARGV, 2 do
  if not (ended and ARGV[i] == 'status') then redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
end
return ended and 2 or 1
"""


def doc_key(env) -> str:
    """A document's cache key: its content address within its tenant."""
    return keys.document_key(env.tenant, env.doc_sha256)


class State:
    """Typed access to the Redis keys of reviews and documents (``shared.store.keys``)."""

    @classmethod
    def for_settings(cls, settings, redis: Redis) -> State:
        """The state with a process's retention and cache budget (``shared.core.settings``)."""
        return cls(redis, settings.event_ttl_s, settings.doc_cache_ttl_s or None, settings.doc_cache_mb << 20)

    def __init__(self, redis: Redis, ttl_s: int = 24 * 3600, doc_ttl_s: int | None = None, doc_cache_bytes: int = 1 << 30) -> None:
        self.redis = redis
        self.ttl_s = ttl_s
        # The document caches (doc:*): their own TTL and byte budget (shared.store.doccache).
        self.docs = DocCache(redis, doc_ttl_s or ttl_s, doc_cache_bytes)

    async def create_review(self, request_id: str, fields: dict[str, Any]) -> None:
        key = keys.review(request_id)
        await self.redis.hset(key, mapping={k: _enc(v) for k, v in fields.items()})
        await self.redis.expire(key, self.ttl_s)

    async def remember_review(self, tenant: str, request_id: str, at: float, keep: int = 200) -> None:
        """Add a review to its tenant's history (the newest ``keep``; each expires with its review)."""
        key = keys.history(tenant)
        pipe = self.redis.pipeline()
        pipe.zadd(key, {request_id: at})
        pipe.zremrangebyrank(key, 0, -keep - 1)
        pipe.zremrangebyscore(key, "-inf", time.time() - self.ttl_s)
        pipe.expire(key, self.ttl_s)
        await pipe.execute()

    async def recent_reviews(self, tenant: str, limit: int) -> list[tuple[str, dict[str, Any]]]:
        """The tenant's newest reviews that are still kept, newest first."""
        ids = [_s(i) for i in await self.redis.zrevrange(keys.history(tenant), 0, limit - 1)]
        pipe = self.redis.pipeline()
        for rid in ids:
            pipe.hgetall(keys.review(rid))
        rows = await pipe.execute()
        return [(rid, {_s(k): _dec(_s(v)) for k, v in raw.items()}) for rid, raw in zip(ids, rows) if raw]

    async def update_review(self, request_id: str, **fields: Any) -> None:
        key = keys.review(request_id)
        if await self.redis.exists(key):
            await self.redis.hset(key, mapping={k: _enc(v) for k, v in fields.items()})

    async def advance_review(self, request_id: str, status: str, **fields: Any) -> None:
        """A stage's progress: ``status`` and ``fields``, but never over an ended review's status."""
        args = [x for k, v in {"status": status, **fields}.items() for x in (k, _enc(v))]
        await self.redis.eval(_ADVANCE, 1, keys.review(request_id), json.dumps(ENDED), *args)

    async def get_status(self, request_id: str) -> str | None:
        raw = await self.redis.hget(keys.review(request_id), "status")
        return _dec(_s(raw)) if raw is not None else None

    async def get_review(self, request_id: str) -> dict[str, Any] | None:
        raw = await self.redis.hgetall(keys.review(request_id))
        if not raw:
            return None
        return {_s(k): _dec(_s(v)) for k, v in raw.items()}

    async def get_finals(self, request_ids: list[str]) -> list[Any]:
        """The finals of many reviews in one round trip (None where a review has none)."""
        pipe = self.redis.pipeline(transaction=False)
        for rid in request_ids:
            pipe.hget(keys.review(rid), "final")
        return [_dec(_s(v)) if v is not None else None for v in await pipe.execute()]

    async def put_pages(self, sha: str, texts: list[str], summaries: list[str], kind: str = "") -> None:
        """The document's page texts and its summaries (``kind``: how they were written)."""
        items = {keys.pages(sha): json.dumps(texts), keys.summaries(sha, kind): json.dumps(summaries)}
        pipe = self.redis.pipeline()
        for key, value in items.items():
            pipe.set(key, value, ex=self.docs.ttl_s)
        await pipe.execute()
        await self.docs.stored(sha, {key: len(value.encode()) for key, value in items.items()})

    async def get_pages(self, sha: str) -> list[str] | None:
        return await self._get_json(sha, keys.pages(sha))

    async def get_summaries(self, sha: str, kind: str = "") -> list[str] | None:
        return await self._get_json(sha, keys.summaries(sha, kind))

    async def _get_json(self, sha: str, key: str) -> Any:
        raw = await self.redis.get(key)
        if not raw:
            return None
        await self.docs.used(sha)
        return json.loads(raw)

    async def put_converted(self, doc: str, record: dict[str, Any]) -> None:
        """A Word file's conversion (``doc``: the Word file's): which PDF it became, and how."""
        key, value = keys.converted(doc), json.dumps(record)
        await self.redis.set(key, value, ex=self.docs.ttl_s)
        await self.docs.stored(doc, {key: len(value)})

    async def get_converted(self, doc: str) -> dict[str, Any] | None:
        return await self._get_json(doc, keys.converted(doc))

    async def put_scores(self, sha: str, model_version: str, scores: np.ndarray) -> None:
        key, value = keys.scores(sha, model_version), _npy(scores)
        await self.redis.set(key, value, ex=self.docs.ttl_s)
        await self.docs.stored(sha, {key: len(value)})

    async def put_vectors(self, doc: str, model: str, pages: dict[int, np.ndarray]) -> None:
        """Add pages' chunk vectors to the document's (the hash grows as pages are embedded)."""
        key = keys.vectors(doc, model)
        values = {str(page): _npy(vecs) for page, vecs in pages.items()}
        pipe = self.redis.pipeline()
        pipe.hset(key, mapping=values)
        pipe.expire(key, self.docs.ttl_s)
        await pipe.execute()
        await self.docs.stored(doc, {key: sum(len(k) + len(v) for k, v in values.items())}, grew=True)

    async def get_vectors(self, doc: str, model: str) -> dict[int, np.ndarray]:
        key = keys.vectors(doc, model)
        raw = await self.redis.hgetall(key)
        if raw:
            await self.docs.used(doc)
        return {int(_s(page)): np.load(io.BytesIO(v), allow_pickle=False) for page, v in raw.items()}

    async def get_scores(self, sha: str, model_version: str) -> np.ndarray | None:
        key = keys.scores(sha, model_version)
        raw = await self.redis.get(key)
        if not raw:
            return None
        await self.docs.used(sha)
        return np.load(io.BytesIO(raw), allow_pickle=False)

    async def mark_done(self, request_id: str, stage: str, topic: str = "", payload: bytes = b"") -> None:
        """The stage finished the request; ``topic``/``payload``: what it published, kept to
        republish on redelivery instead of recomputing."""
        key = keys.done(request_id, stage)
        await self.redis.hset(key, mapping={"topic": topic, "payload": payload})
        await self.redis.expire(key, self.ttl_s)

    async def stage_done(self, request_id: str, stage: str) -> tuple[str, bytes] | None:
        raw = await self.redis.hgetall(keys.done(request_id, stage))
        if not raw:
            return None
        return _s(raw[b"topic"]), raw.get(b"payload", b"")

    async def next_generation(self, request_id: str, followup: str = "") -> int:
        """1 for the first attempt at the request's LLM answer (or at one follow-up's), 2 for the next, …"""
        key = keys.generation(request_id, followup)
        n = await self.redis.incr(key)
        await self.redis.expire(key, self.ttl_s)
        return int(n)

    async def put_draft(self, request_id: str, draft: dict[str, Any], ttl_s: int = DRAFT_TTL_S) -> None:
        await self.redis.set(keys.draft(request_id), json.dumps(draft), ex=ttl_s)

    async def get_draft(self, request_id: str) -> dict[str, Any] | None:
        raw = await self.redis.get(keys.draft(request_id))
        return json.loads(raw) if raw else None

    async def audit(self, request_id: str, entry: dict[str, Any]) -> None:
        key = keys.audit(request_id)
        await self.redis.rpush(key, json.dumps({"at": time.time(), **entry}))
        await self.redis.expire(key, self.ttl_s)

    async def get_audit(self, request_id: str) -> list[dict[str, Any]]:
        return [json.loads(x) for x in await self.redis.lrange(keys.audit(request_id), 0, -1)]

    async def cancel(self, request_id: str, reason: str) -> None:
        await self.redis.set(keys.cancel(request_id), reason, ex=self.ttl_s)

    async def is_cancelled(self, request_id: str) -> bool:
        return bool(await self.redis.exists(keys.cancel(request_id)))

    async def put_result(self, key: str, final: dict[str, Any], ttl_s: int) -> None:
        await self.redis.set(key, json.dumps(final), ex=ttl_s)

    async def get_result(self, key: str) -> dict[str, Any] | None:
        raw = await self.redis.get(key)
        return json.loads(raw) if raw else None

    async def record_cost(self, request_id: str, stage: str, timing: dict[str, Any]) -> None:
        key = keys.cost(request_id)
        await self.redis.hset(key, stage, json.dumps(timing))
        await self.redis.expire(key, self.ttl_s)

    async def add_throughput(self, model: str, sample: tuple[float, float, int], keep: int = 200) -> None:
        """One generation's measured rates (shared.core.cost.sample), the newest ``keep`` per model."""
        key = keys.throughput(model)
        pipe = self.redis.pipeline()
        pipe.lpush(key, json.dumps(sample))
        pipe.ltrim(key, 0, keep - 1)
        pipe.expire(key, self.ttl_s)
        await pipe.execute()

    async def get_throughput(self, model: str) -> list[tuple[float, float, int]]:
        return [tuple(json.loads(x)) for x in await self.redis.lrange(keys.throughput(model), 0, -1)]

    async def get_cost(self, request_id: str) -> dict[str, Any]:
        raw = await self.redis.hgetall(keys.cost(request_id))
        return {_s(k): json.loads(v) for k, v in raw.items()}


def _npy(a: np.ndarray) -> bytes:
    buf = io.BytesIO()
    np.save(buf, a.astype(np.float32), allow_pickle=False)
    return buf.getvalue()


def _s(v: bytes | str) -> str:
    return v.decode() if isinstance(v, bytes) else v


def _enc(v: Any) -> str:
    return json.dumps(v)


def _dec(v: str) -> Any:
    try:
        return json.loads(v)
    except ValueError:
        return v
