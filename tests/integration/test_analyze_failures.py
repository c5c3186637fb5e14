"""analyze when its LLM server is down: the client gets an `error` event, nothing hangs."""

from __future__ import annotations

import time

from local.stack import free_port
from services.analyze.handlers import Analyzer
from services.analyze.settings import Settings as AnalyzeSettings
from shared.clauses import clause_model
from shared.core import topics
from shared.messages import Envelope, LocatedPage, ReviewLocated
from shared.platform.runtime import Runtime
from shared.testing import events_while_running
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
