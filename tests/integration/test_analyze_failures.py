"""analyze when its LLM server is down: the client gets an `error` event, nothing hangs."""

from __future__ import annotations

import asyncio
import time

from local.stack import free_port
from services.analyze.handlers import Analyzer
from services.analyze.settings import Settings as AnalyzeSettings
from shared.clauses import clause_model
from shared.core import topics
from shared.messages import Envelope, LocatedPage, ReviewLocated
from shared.platform.runtime import Runtime
from shared.testing import events_while_running
from shared.testing.llm_stub import BusyLlm
from shared.testing.contracts import page_texts

TEXTS = page_texts()


async def test_llm_server_down_becomes_an_error_event(settings):
    # A port nothing listens on: the dependency is really absent, not simulated.
    s = AnalyzeSettings(**{**settings.model_dump(), "handler_attempts": 2}, llm_base_url=f"http://127.0.0.1:{free_port()}/v1", llm_timeout_s=2)
    async with Runtime(s, "analyze") as rt:
        await rt.state.put_pages("e" * 64, TEXTS, ["s"] * len(TEXTS))
        loop = rt.consumer(topics.LOCATED, ReviewLocated, Analyzer(rt, s, clause_model.default()).handle)
        await loop.start()
        env = Envelope(request_id="rid-llm-down", doc_sha256="e" * 64, question="liability?", page_count=4, submitted_at=time.time())
        await rt.producer.publish(topics.LOCATED, "rid-llm-down", ReviewLocated(envelope=env, pages=[LocatedPage(page=3, score=1)], mode="located"))
        events = await events_while_running(rt, loop, "rid-llm-down")
        review_status = await rt.state.get_review("rid-llm-down")
    assert [e.type for e in events] == ["error"]
    assert events[0].data["code"] == "llm_unavailable" and events[0].data["stage"] == "analyze"
    assert review_status is None  # no review record was created by this test; update_review must not invent one


async def test_an_llm_that_answers_429_is_retried_with_backoff_not_rejected(settings):
    async with BusyLlm(busy=2) as url:
        s = AnalyzeSettings(**{**settings.model_dump(), "handler_attempts": 1, "dependency_wait_s": 30}, llm_base_url=url, llm_timeout_s=10)
        async with Runtime(s, "analyze") as rt:
            await rt.state.put_pages("f" * 64, TEXTS, ["s"] * len(TEXTS))
            loop = rt.consumer(topics.LOCATED, ReviewLocated, Analyzer(rt, s, clause_model.default()).handle)
            await loop.start()
            env = Envelope(request_id="rid-llm-busy", doc_sha256="f" * 64, question="liability?", page_count=4, submitted_at=time.time())
            t0 = time.monotonic()
            await rt.producer.publish(topics.LOCATED, "rid-llm-busy", ReviewLocated(envelope=env, pages=[LocatedPage(page=3, score=1)], mode="located"))
            events = await events_while_running(rt, loop, "rid-llm-busy", timeout_s=40, until="final")
            took = time.monotonic() - t0
    assert [e.type for e in events if e.type != "delta"] == ["final"], [(e.type, e.data) for e in events]
    assert events[-1].data["commentary"]["text"] == "The cap is stated."
    assert took >= 2, "it waited the server's Retry-After between tries"


async def test_waiting_for_an_llm_slot_is_billed_as_queueing_not_as_the_models_time(settings):
    """Two reviews at once, one generation slot, a model that takes 1.5 s: the second waits
    about 1.5 s for the slot, and that wait is queue time, not inference billed at the GPU's rate."""
    async with BusyLlm(busy=0, delay_s=1.5) as url:
        s = AnalyzeSettings(**settings.model_dump(), llm_base_url=url, llm_timeout_s=10, llm_slots=1, results_cache_s=0)
        async with Runtime(s, "analyze") as rt:
            await rt.state.put_pages("a" * 64, TEXTS, ["s"] * len(TEXTS))
            loop = rt.consumer(topics.LOCATED, ReviewLocated, Analyzer(rt, s, clause_model.default()).handle)
            await loop.start()
            for rid in ("rid-slot-1", "rid-slot-2"):
                env = Envelope(request_id=rid, doc_sha256="a" * 64, question="liability?", page_count=4, submitted_at=time.time())
                await rt.producer.publish(topics.LOCATED, rid, ReviewLocated(envelope=env, pages=[LocatedPage(page=3, score=1)], mode="located"))
            task = asyncio.create_task(loop.run())
            try:
                for _ in range(400):
                    if all([await rt.events.ended(rid) for rid in ("rid-slot-1", "rid-slot-2")]):
                        break
                    await asyncio.sleep(0.1)
            finally:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
                await loop.stop()
            timings = [(await rt.events.read(rid))[-1].data["timings"]["analyze"] for rid in ("rid-slot-1", "rid-slot-2")]
    inference = sorted(t["inference_ms"] for t in timings)
    assert all(1400 <= ms < 2600 for ms in inference), timings  # each: the model's 1.5 s, not the other's too
    assert max(t["queue_wait_ms"] for t in timings) >= 1200, "the wait for the slot is queue time"
