"""A rebalance in the middle of a generation (issue 21, defect 2), against the real broker and
Redis: two analyze consumers in one group, generations longer than the drain before a
rebalance, and a second consumer joining while the first generates. The partition that moves is
redelivered to the newcomer, which waits on the review's lease instead of generating again: the
model server is asked once per review, and each client stream shows one generation and one
final. The model server is a stub that takes its time (shared/testing/llm_stub.py)."""

from __future__ import annotations

import asyncio
import time

from aiokafka.partitioner import DefaultPartitioner

from services.analyze.handlers import Analyzer
from services.analyze.settings import Settings as AnalyzeSettings
from shared.clauses import clause_model
from shared.core import topics
from shared.messages import Envelope, LocatedPage, ReviewLocated
from shared.platform.bus import ensure_topics
from shared.platform.runtime import Runtime
from shared.testing.contracts import page_texts
from shared.testing.llm_stub import BusyLlm

TEXTS = page_texts()
DOC = "b" * 64
GENERATION_S = 12.0  # far longer than the drain (1 s) and than the group's rebalance


def one_key_per_partition(prefix: str) -> list[str]:
    """A request id on each of the topic's two partitions (the producer's own partitioner)."""
    partitioner, found = DefaultPartitioner(), {}
    for i in range(1000):
        rid = f"{prefix}-{i}"
        found.setdefault(partitioner(rid.encode(), [0, 1], [0, 1]), rid)
        if len(found) == 2:
            return [found[0], found[1]]
    raise AssertionError("no key for each partition")


async def wait_for(check, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if await check():
            return True
        await asyncio.sleep(0.1)
    return False


async def test_a_rebalance_mid_generation_asks_the_model_once_per_review(settings):
    base = settings.model_copy(update={"drain_timeout_s": 1.0})
    stub = BusyLlm(busy=0, delay_s=GENERATION_S)
    async with stub as stub_url:
        s = AnalyzeSettings(**base.model_dump(), llm_base_url=stub_url, llm_timeout_s=60, llm_slots=4, results_cache_s=0, lease_ttl_s=4, locate_deadline_s=0)
        await ensure_topics(s, [topics.name(topics.LOCATED, s.topic_prefix)], partitions=2)
        rids = one_key_per_partition(f"rebal{time.time_ns()}")
        handled: dict[str, list[str]] = {"first": [], "second": []}
        async with Runtime(s, "analyze") as first, Runtime(s, "analyze") as second:
            await first.state.put_pages(DOC, TEXTS, ["s"] * len(TEXTS))
            loops, tasks = [], []

            async def join(name: str, rt: Runtime) -> None:
                analyzer = Analyzer(rt, s, clause_model.default())

                async def handle(msg: ReviewLocated) -> None:
                    handled[name].append(msg.envelope.request_id)
                    await analyzer.handle(msg)

                loop = rt.consumer(topics.LOCATED, ReviewLocated, handle)
                await loop.start()
                loops.append(loop)
                tasks.append(asyncio.create_task(loop.run()))

            try:
                await join("first", first)
                for rid in rids:
                    env = Envelope(request_id=rid, doc_sha256=DOC, question="liability?", page_count=4, submitted_at=time.time())
                    await first.producer.publish(topics.LOCATED, rid, ReviewLocated(envelope=env, pages=[LocatedPage(page=3, score=1)], mode="located"))
                assert await wait_for(lambda: _true(stub.requests == 2), 30), "the first consumer generates for both"
                await join("second", second)  # the group rebalances: one partition moves mid-generation
                assert await wait_for(lambda: _all_ended(first, rids), 90)
                assert await wait_for(lambda: _true(bool(handled["second"])), 20), "the moved partition was redelivered"
                await asyncio.sleep(2)  # a second generation, if one started, would have asked by now
            finally:
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
                for loop in loops:
                    await loop.stop()
            streams = {rid: await first.events.read(rid, count=1000) for rid in rids}
    assert stub.requests == 2, f"the model was asked {stub.requests} times for 2 reviews (handled: {handled})"
    for rid, events in streams.items():
        assert [e.type for e in events].count("final") == 1, rid
        assert {e.data["generation"] for e in events if e.type == "delta"} == {1}, "one generation on the client's stream"


async def _true(value: bool) -> bool:
    return value


async def _all_ended(rt: Runtime, rids: list[str]) -> bool:
    return all([await rt.events.ended(rid) == "final" for rid in rids])
