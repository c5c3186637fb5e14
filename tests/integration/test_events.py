"""The client event log against a real Redis."""

import json
import uuid

from hypothesis import given
from hypothesis import strategies as st

from shared.store.events import EventLog, valid_stream_id


async def test_emit_and_resume_after_an_id(redis):
    log = EventLog(redis, ttl_s=60)
    rid = uuid.uuid4().hex
    ids = [await log.emit(rid, "progress", {"stage": "s", "done": i, "total": 3}, dedupe=f"p{i}") for i in range(3)]
    assert all(ids)
    events = await log.read(rid)
    assert [e.data["done"] for e in events] == [0, 1, 2]
    later = await log.read(rid, after=ids[0])
    assert [e.id for e in later] == ids[1:]
    assert await log.read(rid, after=ids[2], block_ms=50) == []


async def test_dedupe_key_appends_once(redis):
    log = EventLog(redis, ttl_s=60)
    rid = uuid.uuid4().hex
    first = await log.emit(rid, "draft", {"pages": []}, dedupe="draft")
    again = await log.emit(rid, "draft", {"pages": [1]}, dedupe="draft")
    assert first and again is None
    assert [e.data for e in await log.read(rid)] == [{"pages": []}]


async def test_stream_expires(redis):
    log = EventLog(redis, ttl_s=60)
    rid = uuid.uuid4().hex
    await log.emit(rid, "accepted", {"request_id": rid, "page_count": 1}, dedupe="accepted")
    assert 0 < await redis.ttl(f"events:{rid}") <= 60


@given(st.text(max_size=45))
def test_only_stream_ids_are_valid_resume_points(value):
    parts = value.split("-")
    expected = (
        len(parts) == 2
        and all(p and p.isascii() and p.isdigit() and len(p) <= 20 and int(p) < 2**64 for p in parts)
    )
    assert valid_stream_id(value) == expected


@given(st.integers(0, 2**64 - 1), st.integers(0, 2**64 - 1))
def test_every_64_bit_id_is_valid(ms, seq):
    assert valid_stream_id(f"{ms}-{seq}")


def test_stream_id_examples():
    assert valid_stream_id("1700000000000-0") and valid_stream_id(f"{2**64 - 1}-{2**64 - 1}")
    assert not valid_stream_id("$") and not valid_stream_id("1700000000000") and not valid_stream_id("a-b")
    assert not valid_stream_id("١-٢"), "Arabic-Indic digits are not Redis's"
    assert not valid_stream_id(f"{2**64}-0") and not valid_stream_id("1-18446744073709551616")


async def test_redis_accepts_every_id_the_validator_accepts(redis):
    log = EventLog(redis, ttl_s=60)
    rid = uuid.uuid4().hex
    await log.emit(rid, "accepted", {"request_id": rid, "page_count": 1}, dedupe="accepted")
    for after in ("0-0", f"{2**64 - 1}-{2**64 - 1}", "00001-0"):
        assert valid_stream_id(after)
        await log.read(rid, after=after)  # no error from Redis, by XRANGE ...
        await log.read(rid, after=after, block_ms=10)  # ... or by XREAD (the streams' path)


async def test_nothing_follows_a_terminal_event(redis):
    log = EventLog(redis, ttl_s=60)
    rid = uuid.uuid4().hex
    assert await log.emit(rid, "final", {"answer": "a"}, dedupe="final")
    assert await log.ended(rid) == "final"
    for type_, dedupe in (("draft_expired", "draft_expired"), ("delta", "delta:9"), ("error", "error"), ("cancelled", "cancelled"), ("draft", "draft")):
        assert await log.emit(rid, type_, {}, dedupe=dedupe) is None, type_
    assert [e.type for e in await log.read(rid)] == ["final"]


async def test_the_audit_entry_is_written_with_its_event_and_only_once(redis):
    log = EventLog(redis, ttl_s=60)
    rid = uuid.uuid4().hex
    entry = {"stage": "phase2", "phase2": True, "final": False, "event": "draft"}
    assert await log.emit(rid, "draft", {"pages": []}, dedupe="draft", audit=entry)
    assert await log.emit(rid, "draft", {"pages": []}, dedupe="draft", audit=entry) is None  # redelivered
    audit = [json.loads(x) for x in await redis.lrange(f"audit:{rid}", 0, -1)]
    assert [{k: v for k, v in a.items() if k != "at"} for a in audit] == [entry]
    assert 0 < await redis.ttl(f"audit:{rid}") <= 60


async def test_one_dedupe_key_per_request_and_streams_are_capped(redis):
    log = EventLog(redis, ttl_s=60, max_len=50)
    rid = uuid.uuid4().hex
    for n in range(600):
        await log.emit(rid, "delta", {"text": "x"}, dedupe=f"delta:1:{n}")
    assert await log.emit(rid, "delta", {"text": "x"}, dedupe="delta:1:5") is None, "dedupe still holds"
    await log.emit(rid, "final", {"answer": "x" * 600}, dedupe="final")
    keys = {k.decode() async for k in redis.scan_iter(match=f"*{rid}*", count=1000)}
    assert keys == {f"events:{rid}", f"evdedupe:{rid}", f"evended:{rid}"}
    assert all(0 < ttl <= 60 for ttl in [await redis.ttl(k) for k in keys])
    length = await redis.xlen(f"events:{rid}")
    assert 50 <= length <= 200, length
    assert (await log.read(rid, count=1000))[-1].type == "final", "the newest events are kept"


async def test_after_a_final_only_follow_up_events_and_after_an_error_nothing(redis):
    log = EventLog(redis, ttl_s=60, prefix="t-followups.")
    done, failed = uuid.uuid4().hex, uuid.uuid4().hex
    await redis.zadd("t-followups.reviews:open", {done: 1, failed: 1})
    assert await log.emit(done, "final", {"answer": "a"}, dedupe="final")
    assert await redis.zscore("t-followups.reviews:open", done) is None, "a terminal event closes the review"
    assert await log.emit(done, "followup_delta", {"followup_id": "f1", "text": "x"}, dedupe="fd1")
    assert await log.emit(done, "followup_final", {"followup_id": "f1", "answer": "x"}, dedupe="ff1")
    assert await log.emit(done, "delta", {"text": "late"}, dedupe="late") is None
    assert await log.emit(done, "error", {"code": "late"}, dedupe="error") is None
    assert await log.emit(failed, "error", {"code": "x"}, dedupe="error")
    assert await log.emit(failed, "followup_final", {"followup_id": "f2"}, dedupe="ff2") is None
    assert [e.type for e in await log.read(done)] == ["final", "followup_delta", "followup_final"]
