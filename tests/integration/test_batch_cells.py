"""A batch's cells against the real Redis: the event log's terminal step writes a batch review's
cell (shared/store/events.py), once, whatever ends the review and however often it is told to;
the batch's counts and its `batch_done` follow, once, at its total; a cancelled batch keeps its
status; a review outside any batch writes no cell."""

from __future__ import annotations

import uuid

from shared.store import keys
from shared.store.batches import Batches
from shared.store.events import EventLog
from shared.store.state import State


async def batch_of(redis, n: int) -> tuple[str, list[str], Batches, State]:
    bid, rids = uuid.uuid4().hex, [uuid.uuid4().hex for _ in range(n)]
    store, state = Batches(redis, 600, prefix="cells."), State(redis)
    await store.create(bid, {"tenant": "acme", "name": "", "categories": ["Governing Law"], "question": "q", "created_at": 1.0,
                             "total": n, "files": [f"{i}.pdf" for i in range(n)], "reviews": rids})
    for i, rid in enumerate(rids):
        await state.create_review(rid, {"status": "accepted", "tenant": "acme", "filename": f"{i}.pdf", "batch": bid, "batch_index": i})
    await store.watch(rids, 10.0)
    return bid, rids, store, state


async def test_each_end_writes_one_cell_and_the_batch_ends_once_at_its_total(redis):
    bid, rids, store, _ = await batch_of(redis, 3)
    log = EventLog(redis, 600, prefix="cells.")
    assert await store.backlog() >= 3
    await log.emit(rids[0], "final", {"findings": []}, dedupe="final", review={"status": "done", "final": {"findings": []}})
    await log.emit(rids[0], "final", {"findings": []}, dedupe="final", review={"status": "done"})  # a redelivery
    await log.emit(rids[0], "error", {"code": "internal", "message": "late"}, dedupe="error", review={"status": "failed"})  # after the end
    await log.emit(rids[1], "error", {"code": "corrupt_pdf", "message": "the PDF is truncated", "stage": "summarize"}, dedupe="error", review={"status": "failed"})
    await log.emit(rids[1], "progress", {"stage": "x", "done": 1, "total": 1}, dedupe="p")
    events = await log.read_batch(bid)
    assert [e.type for e in events] == ["cell", "cell"]
    assert events[0].data == {"index": 0, "request_id": rids[0], "status": "done", "filename": "0.pdf"}
    assert events[1].data["error"] == {"code": "corrupt_pdf", "message": "the PDF is truncated"} and events[1].data["status"] == "failed"
    record = await store.get(bid)
    assert (record["status"], record["done"], record["failed"]) == ("running", 1, 1)
    await log.emit(rids[2], "cancelled", {"reason": "the batch was cancelled"}, dedupe="cancelled", review={"status": "cancelled"})
    events = await log.read_batch(bid)
    assert [e.type for e in events] == ["cell", "cell", "cell", "batch_done"]
    assert events[2].data["error"] == {"code": "cancelled", "message": "the batch was cancelled"}
    assert events[3].data == {"total": 3, "done": 1, "failed": 2}
    record = await store.get(bid)
    assert (record["status"], record["done"], record["failed"]) == ("done", 1, 2) and record["ended_at"] > 0
    assert [await redis.zscore(keys.batch_open("cells."), r) for r in rids] == [None] * 3, "ended reviews leave the batch backlog"
    assert await redis.ttl(keys.batch_events(bid)) > 0, "the batch's stream expires with the retention"


async def test_a_cancelled_batch_keeps_its_status_and_a_plain_review_writes_no_cell(redis):
    bid, rids, store, state = await batch_of(redis, 1)
    log = EventLog(redis, 600, prefix="cells.")
    await store.set_status(bid, "cancelled")
    await log.emit(rids[0], "cancelled", {"reason": "the batch was cancelled"}, dedupe="cancelled", review={"status": "cancelled"})
    assert (await store.get(bid))["status"] == "cancelled"
    assert [e.type for e in await log.read_batch(bid)] == ["cell", "batch_done"]
    plain = uuid.uuid4().hex
    await state.create_review(plain, {"status": "accepted", "tenant": "acme"})
    await log.emit(plain, "final", {"findings": []}, dedupe="final", review={"status": "done"})
    assert [e.type for e in await log.read_batch(bid)] == ["cell", "batch_done"]
