"""phase2 on the real broker and Redis: what it stores and for how long, withdrawal of a draft
no final replaced, and a failed draft that does not fail the review."""

from __future__ import annotations

import asyncio
import time

import pytest

from services.phase2 import handlers as phase2
from services.phase2.handlers import Withdrawal, make_handler
from services.phase2.logic import build_draft
from shared.clauses import clause_model
from shared.core import topics
from shared.messages import Envelope, LocatedPage, ReviewLocated
from shared.platform.runtime import Runtime
from shared.store.state import DRAFT_TTL_S
from shared.testing.contracts import page_texts

TEXTS = page_texts()
SHA = "f" * 64
QUESTION = "Mark every liability and termination clause and explain the risk"


def located(rid: str) -> ReviewLocated:
    env = Envelope(request_id=rid, doc_sha256=SHA, question=QUESTION, page_count=len(TEXTS), submitted_at=time.time())
    pages = [LocatedPage(page=3, score=0.9, summary="Limitation Of Liability"), LocatedPage(page=4, score=0.5, summary="Term And Termination")]
    return ReviewLocated(envelope=env, pages=pages, mode="located", categories=["Cap On Liability", "Termination For Convenience"])


async def keys_with_ttl(redis) -> dict[str, int]:
    return {k.decode(): await redis.ttl(k) async for k in redis.scan_iter(count=1000)}


async def test_phase2_writes_only_its_temporary_record_its_event_and_audit(settings):
    async with Runtime(settings, "phase2") as rt:
        rid = f"rid-keys-{time.time_ns()}"
        await rt.state.put_pages(SHA, TEXTS, ["s"] * len(TEXTS))
        await rt.state.create_review(rid, {"status": "located", "question": QUESTION})
        before = await keys_with_ttl(rt.redis)
        review_before = await rt.state.get_review(rid)
        handle = make_handler(rt, clause_model.default(), 90, 12, Withdrawal(rt))
        await handle(located(rid))
        after = await keys_with_ttl(rt.redis)
        review_after = await rt.state.get_review(rid)
        audit = await rt.state.get_audit(rid)
        events = await rt.events.read(rid)
    new = {k: after[k] for k in after.keys() - before.keys()}
    pending = f"{settings.topic_prefix}drafts:pending"
    assert set(new) == {f"temp_{rid}", f"events:{rid}", f"evdedupe:{rid}", f"audit:{rid}", f"cost:{rid}", f"done:{rid}:phase2", pending}
    assert 0 < new[f"temp_{rid}"] <= DRAFT_TTL_S
    assert all(0 < ttl <= settings.event_ttl_s for k, ttl in new.items() if k != pending)
    assert new[pending] == -1  # the withdrawal schedule: a member leaves it when swept
    assert review_after == review_before, "the draft must not be copied into the review's state"
    assert [e.type for e in events] == ["draft"]
    assert [(a["stage"], a["phase2"], a["final"], a["event"]) for a in audit] == [("phase2", True, False, "draft")]


async def test_a_draft_with_no_final_is_withdrawn_and_one_with_a_final_is_not(settings):
    async with Runtime(settings, "phase2") as rt:
        await rt.state.put_pages(SHA, TEXTS, ["s"] * len(TEXTS))
        withdrawal = Withdrawal(rt, interval_s=0.1)
        handle = make_handler(rt, clause_model.default(), 1, 12, withdrawal)
        stale, answered = f"rid-stale-{time.time_ns()}", f"rid-answered-{time.time_ns()}"
        await handle(located(stale))
        await handle(located(answered))
        await rt.events.emit(answered, "final", {"answer": "..."}, dedupe="final")
        assert await withdrawal.sweep(time.time()) == []  # not due yet
        sweeper = asyncio.create_task(withdrawal.run())
        await asyncio.sleep(1.6)
        sweeper.cancel()
        await asyncio.gather(sweeper, return_exceptions=True)
        stale_events = [e.type for e in await rt.events.read(stale)]
        answered_events = [e.type for e in await rt.events.read(answered)]
        left = await rt.redis.zcard(withdrawal.key)
        audit = await rt.state.get_audit(stale)
    assert stale_events == ["draft", "draft_expired"]
    assert answered_events == ["draft", "final"]
    assert left == 0
    assert [a["event"] for a in audit] == ["draft", "draft_expired"]


class CrashingModel:
    """Simulates a misbehaving dependency: a clause model that fails on every call."""

    index: dict = {"Cap On Liability": 0, "Termination For Convenience": 1}

    version = "crashing"
    categories = list(index)

    def score(self, *args, **kwargs):
        raise RuntimeError("clause model crashed")


def invalid_draft(*args, **kwargs):
    """Simulates a faulty draft builder: a draft that holds advice."""
    draft = build_draft(*args, **kwargs)
    draft["questions"] = ["Should you terminate now? We recommend it?"]
    return draft


@pytest.mark.parametrize("fault", ["crash", "invalid"])
async def test_a_failed_draft_is_dropped_and_the_review_goes_on(settings, monkeypatch, fault):
    if fault == "invalid":
        monkeypatch.setattr(phase2, "build_draft", invalid_draft)
    model = CrashingModel() if fault == "crash" else clause_model.default()
    async with Runtime(settings, "phase2") as rt:
        rid = f"rid-{fault}-{time.time_ns()}"
        await rt.state.put_pages(SHA, TEXTS, ["s"] * len(TEXTS))
        await rt.state.create_review(rid, {"status": "located", "question": QUESTION})
        done = asyncio.Event()

        async def dropped(request_id, exc):
            await phase2.drop_draft(rt, request_id, f"{type(exc).__name__}: {exc}")
            done.set()

        handle = make_handler(rt, model, 90, 12, Withdrawal(rt))

        async def handle_then_signal(msg):
            await handle(msg)
            done.set()

        loop = rt.consumer(topics.LOCATED, ReviewLocated, handle_then_signal, on_failure=dropped)
        await loop.start()
        await rt.producer.publish(topics.LOCATED, rid, located(rid))
        task = asyncio.create_task(loop.run())
        await asyncio.wait_for(done.wait(), 30)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await loop.stop()
        events = await rt.events.read(rid)
        status = await rt.state.get_status(rid)
        audit = await rt.state.get_audit(rid)
        draft = await rt.state.get_draft(rid)
    assert events == [], "no error and no draft reaches the client"
    assert status == "located" and draft is None
    assert [a["event"] for a in audit] == ["draft_dropped"]
    assert ("clause model crashed" if fault == "crash" else "failed validation") in audit[0]["reason"]
