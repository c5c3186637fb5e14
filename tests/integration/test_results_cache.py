"""The results cache: a final stored for (document of a tenant, question, model, prompt, clause
model) is replayed with no LLM call. The LLM here is a port with nothing behind it: any call
to it would end the review in `error`, so a `final` proves none was made."""

from __future__ import annotations

import time

from local.stack import free_port
from services.analyze import logic
from services.analyze.handlers import Analyzer
from services.analyze.settings import Settings as AnalyzeSettings
from shared.clauses import clause_model
from shared.core import topics
from shared.messages import Envelope, LocatedPage, ReviewLocated
from shared.platform.runtime import Runtime
from shared.store.playbooks import Playbooks
from shared.store.state import doc_key
from shared.testing import events_while_running
from shared.testing.contracts import page_texts

TEXTS = page_texts()
SHA = "c" * 64
QUESTION = "Mark every liability clause and explain the risk"


async def review(s: AnalyzeSettings, rid: str, tenant: str, question: str, seed: dict | None = None) -> list:
    async with Runtime(s, "analyze") as rt:
        model = clause_model.default()
        env = Envelope(request_id=rid, doc_sha256=SHA, question=question, page_count=len(TEXTS), submitted_at=time.time(), tenant=tenant)
        await rt.state.put_pages(doc_key(env), TEXTS, ["s"] * len(TEXTS))
        if seed is not None:
            book = await Playbooks(rt.redis).current(tenant)  # the version in force is part of the key
            await rt.state.put_result(logic.result_key(doc_key(env), QUESTION, s.llm_model, model.version, "", book.version), seed, 60)
        loop = rt.consumer(topics.LOCATED, ReviewLocated, Analyzer(rt, s, model).handle)
        await loop.start()
        await rt.producer.publish(topics.LOCATED, rid, ReviewLocated(envelope=env, pages=[LocatedPage(page=3, score=1)], mode="located"))
        return await events_while_running(rt, loop, rid)


def settings_for(settings) -> AnalyzeSettings:
    return AnalyzeSettings(**{**settings.model_dump(), "handler_attempts": 1}, llm_base_url=f"http://127.0.0.1:{free_port()}/v1", llm_timeout_s=2)


STORED = {"findings": [], "answer": "earlier answer", "commentary": None, "citations": [], "usage": {"prompt_tokens": 900, "completion_tokens": 96},
          "cost": {"total_usd": 0.0012}, "model": "smollm2-135m-instruct", "mode": "located", "timings": {}}


async def test_the_same_question_again_is_replayed_without_an_llm_call(settings):
    s = settings_for(settings)
    events = await review(s, "rid-cache-hit", "acme", "  mark every LIABILITY clause and explain the risk? ", seed=STORED)
    assert [e.type for e in events] == ["final"], "a final, not the error an LLM call would give"
    final = events[0].data
    assert final["cached"] is True and final["answer"] == "earlier answer"
    assert final["usage"] == {"prompt_tokens": 0, "completion_tokens": 0}
    assert final["original"]["usage"] == STORED["usage"] and final["original"]["cost"] == STORED["cost"]


async def test_another_tenant_or_question_is_not_served_from_the_cache(settings):
    s = settings_for(settings)
    other_tenant = await review(s, "rid-cache-tenant", "globex", QUESTION, seed=None)
    assert [e.type for e in other_tenant] == ["error"] and other_tenant[0].data["code"] == "llm_unavailable"


async def test_the_cache_can_be_turned_off(settings):
    s = settings_for(settings).model_copy(update={"results_cache_s": 0})
    events = await review(s, "rid-cache-off", "acme", QUESTION, seed=STORED)
    assert [e.type for e in events] == ["error"], "with the cache off the LLM is asked (and is down here)"
