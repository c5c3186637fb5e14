"""What a follow-up sends the model: the review's system prompt, the clause and its neighbours
on its page, the question; nothing else of the contract. The prompts are recorded by
bench/sim_batching_llm.py, a stand-in for the model server that records what it receives
(named as such: it answers with fixed words)."""

from __future__ import annotations

import sys
import time

import httpx
import pytest

from local.stack import ROOT, free_port
from services.analyze import logic
from services.analyze.handlers import Analyzer
from services.analyze.settings import Settings as AnalyzeSettings
from shared.clauses import clause_model
from shared.core import topics
from shared.messages import Envelope, LocatedPage, ReviewFollowup, ReviewLocated
from shared.platform.runtime import Runtime
from shared.store.state import doc_key
from shared.testing import events_while_running, serving
from shared.testing.contracts import page_texts

TEXTS = page_texts()
SHA = "f" * 64


@pytest.fixture
def recorder():
    port = free_port()
    cmd = [sys.executable, str(ROOT / "bench" / "sim_batching_llm.py"), "--port", str(port), "--token-ms", "1", "--tokens", "16"]
    with serving(cmd, f"http://127.0.0.1:{port}/v1/models", "recording stand-in"):
        yield f"http://127.0.0.1:{port}"


async def test_a_followup_prompt_holds_only_its_clause(settings, recorder):
    s = AnalyzeSettings(**settings.model_dump(), llm_base_url=f"{recorder}/v1", llm_model="simulated-batching", locate_deadline_s=0)
    quote = next(x for x in TEXTS[2].split(". ") if "consequential" in x.lower()).strip()
    async with Runtime(s, "analyze") as rt:
        env = Envelope(request_id="rid-fu", doc_sha256=SHA, question="What is the risk?", page_count=len(TEXTS), submitted_at=time.time(), tenant="acme")
        await rt.state.put_pages(doc_key(env), TEXTS, ["s"] * len(TEXTS))
        analyzer = Analyzer(rt, s, clause_model.default())
        review = rt.consumer(topics.LOCATED, ReviewLocated, analyzer.handle)
        await review.start()
        pages = [LocatedPage(page=p, score=1.0) for p in range(1, len(TEXTS) + 1)]
        await rt.producer.publish(topics.LOCATED, "rid-fu", ReviewLocated(envelope=env, pages=pages, mode="located"))
        assert "final" in [e.type for e in await events_while_running(rt, review, "rid-fu", 30, until="final")]
        fu = rt.consumer(topics.FOLLOWUP, ReviewFollowup, analyzer.followup, name="analyze-followup", on_failure=analyzer.followup_failed)
        await fu.start()
        env.question = "What does this clause mean for us?"
        await rt.producer.publish(topics.FOLLOWUP, "rid-fu/f1", ReviewFollowup(envelope=env, page=3, quote=quote, followup_id="f1"))
        assert "followup_final" in [e.type for e in await events_while_running(rt, fu, "rid-fu", 30, until="followup_final")]
    prompts = httpx.get(f"{recorder}/stats").json()["prompts"]
    review_prompt, followup_prompt = prompts[-2], prompts[-1]
    assert followup_prompt[0] == review_prompt[0] == {"role": "system", "content": logic.SYSTEM}, "one prefix for a cache to serve"
    user = followup_prompt[1]["content"]
    assert "[Page 3]" in user and " ".join(quote.split()) in " ".join(user.split())
    assert user.endswith("Question: What does this clause mean for us?")
    for other in (0, 1, 3):
        assert f"[Page {other + 1}]" not in user and " ".join(TEXTS[other].split())[:80] not in " ".join(user.split())
    assert len(user) < len(review_prompt[1]["content"]) / 2
