"""Client-facing event log: one Redis stream per request (``events:{request_id}``), and
``evended:{request_id}`` once it has its terminal event.

Every stage appends events here; any edge instance reads them for SSE and WebSocket
clients, and a reconnecting client resumes after the last stream id it saw. Appends are
idempotent by a dedupe key, so a stage that handles a redelivered Kafka message does not
show the client the same event twice.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass
from typing import Any

from redis.asyncio import Redis

from shared.store import keys

EVENT_TYPES = (
    "accepted", "converted", "progress", "draft", "draft_expired", "delta", "final", "error", "cancelled",
    "followup_delta", "followup_final", "followup_error",
)
FOLLOWUP_END = frozenset({"followup_final", "followup_error"})
TERMINAL = frozenset({"final", "error", "cancelled"})

# One script, so that no crash can split what belongs together: unless a terminal event has
# been appended already (after a `final`, only follow-up events), claim the dedupe name in the request's dedupe hash and, only if it was
# new, append the event, mark the stream ended when the event is terminal, and push the audit
# entry if one is given. One dedupe hash per request, not one key per event: a 256-token answer
# is 256 deltas. A terminal event also takes the review off the set of open reviews (the edge's
# deadlines and backlog) and writes the review's terminal state (its status, and the final)
# with it, so a crash can never leave an ended stream beside a review that is still "running".
# The stream is capped at about ARGV[6] entries until it ends; after its `final`, follow-up
# events are appended untrimmed (the edge caps follow-ups per review), so the final is never
# trimmed out of its own stream.
# A review of a batch (its hash has a `batch` field) ends as the batch's cell: with its terminal
# event, a `cell` event on the batch's stream, the batch's count of done or failed contracts, and
# `batch_done` on the batch's stream with the count that reaches its total — so each cell is
# written exactly once, whichever process ends the review (services/edge/batches.py reads them).
# KEYS: stream, dedupe hash, ended marker, audit list, open reviews, review hash, open batch reviews.
# ARGV: type, data, ttl, terminal?, audit json, max stream length, dedupe name, request id,
#       then the review's fields and values to set with a terminal event.
_APPEND_ONCE = """
local ended = redis.call('GET', KEYS[3])
if ended and not (ended == 'final' and string.sub(ARGV[1], 1, 9) == 'followup_') then
  return false
end
if redis.call('HSETNX', KEYS[2], ARGV[7], '1') == 1 then
  redis.call('EXPIRE', KEYS[2], ARGV[3])
  local id
  if ended then
    id = redis.call('XADD', KEYS[1], '*', 'type', ARGV[1], 'data', ARGV[2])
  else
    id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[6], '*', 'type', ARGV[1], 'data', ARGV[2])
  end
  redis.call('EXPIRE', KEYS[1], ARGV[3])
  if ARGV[4] == '1' then
    redis.call('SET', KEYS[3], ARGV[1], 'EX', ARGV[3])
    redis.call('ZREM', KEYS[5], ARGV[8])
    redis.call('ZREM', KEYS[7], ARGV[8])
    if #ARGV > 8 and redis.call('EXISTS', KEYS[6]) == 1 then
      redis.call('HSET', KEYS[6], unpack(ARGV, 9))
    end
    local batch = redis.call('HGET', KEYS[6], 'batch')
    if batch then
      batch = cjson.decode(batch)
      local bkey, ekey = '%(batch)s' .. batch, '%(batch_events)s' .. batch
      local status = 'failed'
      if ARGV[1] == 'final' then status = 'done' end
      local cell = {index = cjson.decode(redis.call('HGET', KEYS[6], 'batch_index') or '0'), request_id = ARGV[8], status = status,
                    filename = cjson.decode(redis.call('HGET', KEYS[6], 'filename') or '""')}
      if ARGV[1] == 'error' then
        local body = cjson.decode(ARGV[2])
        cell.error = {code = body.code, message = body.message}
      elseif ARGV[1] == 'cancelled' then
        cell.error = {code = 'cancelled', message = cjson.decode(ARGV[2]).reason}
      end
      redis.call('XADD', ekey, '*', 'type', 'cell', 'data', cjson.encode(cell))
      local ended = redis.call('HINCRBY', bkey, status, 1) + tonumber(redis.call('HGET', bkey, status == 'done' and 'failed' or 'done') or '0')
      if ended >= tonumber(redis.call('HGET', bkey, 'total') or '0') then
        local summary = {total = ended, done = tonumber(redis.call('HGET', bkey, 'done') or '0'), failed = tonumber(redis.call('HGET', bkey, 'failed') or '0')}
        redis.call('XADD', ekey, '*', 'type', 'batch_done', 'data', cjson.encode(summary))
        if redis.call('HGET', bkey, 'status') == '"running"' then
          redis.call('HSET', bkey, 'status', '"done"', 'ended_at', redis.call('TIME')[1])
        end
      end
      redis.call('EXPIRE', ekey, ARGV[3])
    end
  end
  if ARGV[5] ~= '' then
    redis.call('RPUSH', KEYS[4], ARGV[5])
    redis.call('EXPIRE', KEYS[4], ARGV[3])
  end
  return id
end
return false
""" % {"batch": keys.BATCH_HEAD, "batch_events": keys.BATCH_EVENTS_HEAD}


@dataclass(frozen=True)
class Event:
    """One event as a client sees it."""

    id: str
    type: str
    data: dict[str, Any]

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "type": self.type, "data": self.data}


class EventLog:
    """Appends to and reads from the per-request event streams."""

    def __init__(self, redis: Redis, ttl_s: int = 24 * 3600, max_len: int = 10_000, prefix: str = "") -> None:
        self._redis = redis
        self._open = keys.open_reviews(prefix)  # the reviews accepted and not yet ended, by deadline
        self._batch_open = keys.batch_open(prefix)  # the same, of the batches
        self._ttl_s = ttl_s
        self._max_len = max_len  # per stream, approximately: the oldest events go first
        self._append_once = redis.register_script(_APPEND_ONCE)

    async def emit(
        self, request_id: str, type_: str, data: dict[str, Any], *, dedupe: str | None = None, audit: dict[str, Any] | None = None,
        review: dict[str, Any] | None = None,
    ) -> str | None:
        """Append one event; with ``dedupe`` the same key appends at most once, and nothing
        is appended after a terminal event (the stream has one end).

        ``audit``: an entry for ``audit:{request_id}``, pushed in the same atomic step as the
        event, so an event is never shown without its audit entry or audited twice.
        ``review``: with a terminal event, the review's fields to set in the same step (its
        ``status``, and the ``final``), JSON-encoded as :class:`shared.store.state.State` writes them.

        Returns the stream id, or None when the dedupe key had been used already or the
        stream has ended.
        """
        if type_ not in EVENT_TYPES:
            raise ValueError(f"unknown event type {type_!r}")
        payload = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
        if dedupe is None:
            dedupe = f"{type_}:{time.time_ns()}"
        entry = json.dumps({"at": time.time(), **audit}) if audit else ""
        if review and type_ not in TERMINAL:
            raise ValueError("only a terminal event carries the review's state")
        fields = [x for k, v in (review or {}).items() for x in (k, json.dumps(v, ensure_ascii=False))]
        result = await self._append_once(
            keys=[keys.events(request_id), keys.dedupe(request_id), keys.ended(request_id), keys.audit(request_id), self._open, keys.review(request_id), self._batch_open],
            args=[type_, payload, self._ttl_s, "1" if type_ in TERMINAL else "0", entry, self._max_len, dedupe, request_id, *fields],
        )
        return _text(result) if result else None

    async def ended(self, request_id: str) -> str | None:
        """The terminal event's type, once the stream has one."""
        raw = await self._redis.get(keys.ended(request_id))
        return _text(raw) if raw else None

    async def emitted(self, request_id: str, *dedupe: str) -> bool:
        """Whether any of these dedupe keys has been emitted on the stream."""
        found = await self._redis.hmget(keys.dedupe(request_id), list(dedupe))
        return any(v is not None for v in found)

    async def read(self, request_id: str, after: str = "0-0", *, block_ms: int | None = None, count: int = 100) -> list[Event]:
        """Events after stream id ``after``; waits up to ``block_ms`` for the first one."""
        return await self._read(keys.events(request_id), after, block_ms, count)

    async def read_batch(self, batch_id: str, after: str = "0-0", *, block_ms: int | None = None, count: int = 100) -> list[Event]:
        """A batch's events (`cell`, then `batch_done`) after stream id ``after``, as :meth:`read`."""
        return await self._read(keys.batch_events(batch_id), after, block_ms, count)

    async def _read(self, key: str, after: str, block_ms: int | None, count: int) -> list[Event]:
        if block_ms is None:
            if after == _MAX_ID:
                return []  # nothing comes after it (and XRANGE cannot exclude it)
            raw = await self._redis.xrange(key, min=f"({after}" if after != "0-0" else "-", count=count)
            return [_event(entry_id, fields) for entry_id, fields in raw]
        res = await self._redis.xread({key: after}, block=block_ms, count=count)
        return [_event(entry_id, fields) for _, entries in res for entry_id, fields in entries]


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _event(entry_id: bytes | str, fields: dict) -> Event:
    f = {_text(k): _text(v) for k, v in fields.items()}
    return Event(id=_text(entry_id), type=f["type"], data=json.loads(f["data"]))


_STREAM_ID = re.compile(r"[0-9]{1,20}-[0-9]{1,20}")
_U64 = 2**64 - 1
_MAX_ID = f"{_U64}-{_U64}"


def valid_stream_id(value: str) -> bool:
    """Whether ``value`` is a Redis stream id a client may resume after: two ASCII decimal
    numbers within 64 bits ("١-٢" is digits to ``str.isdigit`` but not to Redis)."""
    if not _STREAM_ID.fullmatch(value):
        return False
    ms, _, seq = value.partition("-")
    return int(ms) <= _U64 and int(seq) <= _U64
