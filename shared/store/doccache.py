"""The byte budget of the document caches in Redis (page texts, summaries, scores, vectors).

A document is cached and evicted as one: its keys are listed with their sizes
(`doccache:doc:{doc}`), the documents by when they were last used (`doccache:used`) with their
sizes (`doccache:sizes`), and the total is kept (`doccache:total`). Writing a key past the budget evicts the least recently used
documents, all their keys, until the total fits again; reading one marks it used and renews the
TTL of all its keys, so a document in use is the last to go and never loses half its keys. The accounting and the eviction are one
Lua script, so replicas writing at once never overshoot together.

Review state, events and audit never count against the budget and are never evicted: only what
can be rebuilt from the PDF is. A review whose page texts were evicted mid-flight ends with an
`error` event (Runtime.page_texts), so the budget must hold the documents in flight with room to
spare (the default, 1 GiB, holds about a thousand 30-page contracts with their vectors).

The script names keys it was not given (the evicted ones), which a Redis Cluster refuses; one
Redis (or a primary with replicas, or Sentinel) is what ClauseFlow runs on.
"""

from __future__ import annotations

import time

from prometheus_client import Counter, Gauge
from redis.asyncio import Redis

from shared.store import keys

USED = keys.CACHE_USED  # sorted set: document -> when it was last used
TOTAL = keys.CACHE_TOTAL  # the bytes of every cached key together
SIZES = keys.CACHE_SIZES  # hash: document -> the bytes of its keys together

EVICTED = Counter("clauseflow_doc_cache_evictions_total", "Documents evicted from the document caches to keep to the byte budget")
BYTES = Gauge("clauseflow_doc_cache_bytes", "Bytes in the document caches (page texts, summaries, scores, vectors) at the last write")

# KEYS: USED, TOTAL, SIZES. ARGV: document, mode ("set": each key's size is now its bytes; "add":
# it grew by them), now, budget, cutoff (documents last used before it have expired), the TTL of
# the bookkeeping, then pairs of key and bytes. Returns {documents evicted, total bytes}.
_ACCOUNT = """
local doc, mode = ARGV[1], ARGV[2]
local now, budget, cutoff, keep = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local written = {}
for i = 7, #ARGV, 2 do written[ARGV[i]] = tonumber(ARGV[i + 1]) end
local function keys_of(d) return '""" + keys.CACHE_INDEX + """' .. d end
local function forget(d, delete)  -- the whole document: its keys (when delete) and their bookkeeping
  if delete then
    for _, k in ipairs(redis.call('HKEYS', keys_of(d))) do redis.call('DEL', k) end
  end
  redis.call('DECRBY', KEYS[2], tonumber(redis.call('HGET', KEYS[3], d) or '0'))
  redis.call('HDEL', KEYS[3], d)
  redis.call('DEL', keys_of(d))
  redis.call('ZREM', KEYS[1], d)
end
-- Documents not used since the cutoff have expired (a hundred a call at most; all keys of a
-- document expire together). This document's keys were just made anew if it had expired.
for _, d in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. cutoff, 'LIMIT', 0, 100)) do
  local alive = false
  for _, k in ipairs(redis.call('HKEYS', keys_of(d))) do
    if redis.call('EXISTS', k) == 1 and not (d == doc and written[k]) then alive = true end
  end
  if not alive then forget(d, false) end
end
local grown = 0
for key, n in pairs(written) do
  local old = tonumber(redis.call('HGET', keys_of(doc), key) or '0')
  local new = (mode == 'add') and (old + n) or n
  redis.call('HSET', keys_of(doc), key, new)
  grown = grown + new - old
end
redis.call('HINCRBY', KEYS[3], doc, grown)
redis.call('INCRBY', KEYS[2], grown)
redis.call('ZADD', KEYS[1], now, doc)
local evicted = 0
while tonumber(redis.call('GET', KEYS[2]) or '0') > budget do
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0)[1]
  if not oldest then break end
  forget(oldest, true)
  evicted = evicted + 1
end
-- The bookkeeping outlives the keys it counts, so that their sizes can still be taken off.
for _, k in ipairs({KEYS[1], KEYS[2], KEYS[3], keys_of(doc)}) do redis.call('EXPIRE', k, keep) end
return {evicted, tonumber(redis.call('GET', KEYS[2]) or '0')}
"""
# KEYS: USED. ARGV: document, now, ttl. The document was read: it is the last to be evicted,
# and all its keys start their TTL again (a document expires as one).
_USED = """
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
local keys = '""" + keys.CACHE_INDEX + """' .. ARGV[1]
for _, k in ipairs(redis.call('HKEYS', keys)) do redis.call('EXPIRE', k, ARGV[3]) end
redis.call('EXPIRE', keys, 2 * tonumber(ARGV[3]))
return 1
"""


class DocCache:
    """The budget's bookkeeping; :class:`shared.store.state.State` calls it around its doc:* keys."""

    def __init__(self, redis: Redis, ttl_s: int, max_bytes: int) -> None:
        self.redis = redis
        self.ttl_s = ttl_s
        self.max_bytes = max_bytes
        self._account = redis.register_script(_ACCOUNT)
        self._used = redis.register_script(_USED)

    async def stored(self, doc: str, sizes: dict[str, int], *, grew: bool = False) -> int:
        """Keys of document ``doc`` were written (``sizes``: key -> its bytes, or what it grew by
        with ``grew``); evicts the least recently used documents over the budget. Returns how
        many were evicted (``doc`` itself too, when it alone is over the budget)."""
        now = time.time()
        pairs = [x for key, n in sizes.items() for x in (key, n)]
        evicted, total = await self._account(
            keys=[USED, TOTAL, SIZES], args=[doc, "add" if grew else "set", now, self.max_bytes, now - self.ttl_s, 2 * self.ttl_s, *pairs]
        )
        BYTES.set(int(total))
        if evicted:
            EVICTED.inc(int(evicted))
        return int(evicted)

    async def used(self, doc: str) -> None:
        """Document ``doc`` was read: the last to be evicted now, and its TTL starts again."""
        await self._used(keys=[USED], args=[doc, time.time(), self.ttl_s])

    async def total(self) -> int:
        return int(await self.redis.get(TOTAL) or 0)

    async def sizes(self, doc: str) -> dict[str, int]:
        """The cached keys of ``doc`` and their bytes as counted."""
        return {k.decode(): int(v) for k, v in (await self.redis.hgetall(keys.cache_index(doc))).items()}
