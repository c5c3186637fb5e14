"""A draft that crashes does not fail the review: phase2 with a crashing clause model and
analyze with the real local LLM server, on the stack's real broker and Redis."""

from __future__ import annotations

import asyncio
import time
import uuid

from services.analyze.handlers import Analyzer
from services.analyze.settings import Settings as AnalyzeSettings
from services.phase2.handlers import Withdrawal, drop_draft, make_handler
from shared.clauses import clause_model
from shared.core import topics
from shared.messages import Envelope, LocatedPage, ReviewLocated
from shared.platform.runtime import Runtime
from shared.testing.contracts import page_texts

TEXTS = page_texts()


class CrashingModel:
    """Simulates a misbehaving dependency: a clause model that fails on every call."""

    index: dict = {"Cap On Liability": 0}

    version = "crashing"
    categories = list(index)

    def score(self, *args, **kwargs):
        raise RuntimeError("clause model crashed")


async def test_the_final_arrives_when_the_draft_crashes(stack):
    tag = uuid.uuid4().hex[:8]
    s = AnalyzeSettings(
        kafka_bootstrap=stack.kafka, redis_url=stack.redis_url, topic_prefix=f"iso{tag}.", consumer_group_prefix=f"iso{tag}",
        session_timeout_ms=1000, heartbeat_interval_ms=200, llm_base_url=stack.llm_url, llm_model="smollm2-135m-instruct", max_tokens=32,
    )
    rid = f"rid-iso-{tag}"
    async with Runtime(s, "analyze") as rt, Runtime(s, "phase2") as rt2:
        sha = "a" * 63 + "b"
        await rt.state.put_pages(sha, TEXTS, ["s"] * len(TEXTS))
        await rt.state.create_review(rid, {"status": "located", "question": "liability"})

        async def dropped(request_id, exc):
            await drop_draft(rt2, request_id, f"{type(exc).__name__}: {exc}")

        loops = [
            rt2.consumer(topics.LOCATED, ReviewLocated, make_handler(rt2, CrashingModel(), 90, 12, Withdrawal(rt2)), on_failure=dropped),
            rt.consumer(topics.LOCATED, ReviewLocated, Analyzer(rt, s, clause_model.default()).handle),
        ]
        for loop in loops:
            await loop.start()
        env = Envelope(request_id=rid, doc_sha256=sha, question="What is the cap on liability?", page_count=len(TEXTS), submitted_at=time.time())
        await rt.producer.publish(topics.LOCATED, rid, ReviewLocated(envelope=env, pages=[LocatedPage(page=3, score=1)], mode="located", categories=["Cap On Liability"]))
        tasks = [asyncio.create_task(loop.run()) for loop in loops]
        try:
            deadline = time.monotonic() + 180
            while time.monotonic() < deadline and not await rt.events.ended(rid):
                await asyncio.sleep(0.2)
        finally:
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            for loop in loops:
                await loop.stop()
        types = [e.type for e in await rt.events.read(rid)]
        audit = [a["event"] for a in await rt.state.get_audit(rid)]
        status = await rt.state.get_status(rid)
    assert "error" not in types and "draft" not in types
    assert types[-1] == "final" and status == "done"
    assert "draft_dropped" in audit and "final" in audit
