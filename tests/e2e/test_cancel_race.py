"""A cancel at any moment stops the generation: before it starts, while the model reads the
prompt, and while it streams — against the real local LLM server."""

from __future__ import annotations

import asyncio
import time
import uuid

import pytest

from services.analyze import logic
from services.analyze.llm import LlmStream
from services.analyze.settings import Settings as AnalyzeSettings
from services.analyze.tokens import TokenCounter
from shared.platform.runtime import Runtime
from shared.testing.contracts import page_texts

PROMPT = logic.messages("\n\n".join(page_texts()), "Explain every clause of this contract in detail, one by one.")


@pytest.fixture
async def llm(stack):
    tag = uuid.uuid4().hex[:8]
    s = AnalyzeSettings(
        kafka_bootstrap=stack.kafka, redis_url=stack.redis_url, topic_prefix=f"cr{tag}.", consumer_group_prefix=f"cr{tag}",
        llm_base_url=stack.llm_url, llm_model="smollm2-135m-instruct", max_tokens=200,
    )
    async with Runtime(s, "analyze") as rt:
        yield rt, LlmStream(rt, s, TokenCounter.for_model(s.llm_model))


async def deltas(rt, rid) -> int:
    return sum(1 for e in await rt.events.read(rid) if e.type == "delta")


async def test_cancel_before_the_request_reaches_generate(llm):
    rt, stream = llm
    rid = f"early-{uuid.uuid4().hex}"
    stream.cancel(rid)  # the broadcast beat the review.located message
    t0 = time.monotonic()
    assert await stream.generate(rid, PROMPT) == (None, {})
    assert time.monotonic() - t0 < 1 and await deltas(rt, rid) == 0


async def test_cancel_flag_set_before_generate_starts(llm):
    rt, stream = llm
    rid = f"flag-{uuid.uuid4().hex}"
    await rt.state.cancel(rid, "test")
    assert await stream.generate(rid, PROMPT) == (None, {})
    assert await deltas(rt, rid) == 0


async def test_cancel_while_the_model_reads_the_prompt(llm):
    rt, stream = llm
    rid = f"prompt-{uuid.uuid4().hex}"
    task = asyncio.create_task(stream.generate(rid, PROMPT))
    await asyncio.sleep(0.2)  # the request is at the server, no token yet
    stream.cancel(rid)
    answer, _ = await asyncio.wait_for(task, 10)
    assert answer is None and await deltas(rt, rid) == 0


async def test_cancel_while_streaming_stops_the_deltas(llm):
    rt, stream = llm
    rid = f"stream-{uuid.uuid4().hex}"
    task = asyncio.create_task(stream.generate(rid, PROMPT))
    deadline = time.monotonic() + 120
    while await deltas(rt, rid) < 3 and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    stream.cancel(rid)
    answer, _ = await asyncio.wait_for(task, 10)
    seen = await deltas(rt, rid)
    await asyncio.sleep(1.0)
    assert answer is None and 3 <= seen < 200
    assert await deltas(rt, rid) == seen, "no delta after the cancel"


def client_view(events) -> str:
    """The answer as a client following the event contract shows it."""
    shown = ""
    for e in events:
        if e.type == "delta":
            shown = (e.data["text"] if e.data.get("reset") else shown + e.data["text"])
    return shown


async def test_a_second_generation_resets_instead_of_splicing(llm):
    rt, stream = llm
    rid = f"gen-{uuid.uuid4().hex}"
    first, _ = await stream.generate(rid, logic.messages("\n\n".join(page_texts()), "Who are the parties?"))
    # The retry's text differs, as a batching server's may: here a different prompt makes sure.
    second, _ = await stream.generate(rid, logic.messages("\n\n".join(page_texts()), "What is the cap on liability?"))
    events = await rt.events.read(rid, count=10_000)
    gens = [e.data["generation"] for e in events if e.type == "delta"]
    assert first and second and first != second
    assert gens == sorted(gens) and set(gens) == {1, 2}
    assert [e.data.get("reset", False) for e in events if e.type == "delta" and e.data["generation"] == 2][:1] == [True]
    assert client_view(events) == second
