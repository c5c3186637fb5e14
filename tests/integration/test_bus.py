"""Messages through the real broker (tansu) in consumer groups, with a real Redis."""

from __future__ import annotations

import asyncio
import time

import pytest
from aiokafka import AIOKafkaConsumer, TopicPartition

from services.phase2.handlers import Withdrawal
from services.phase2.handlers import make_handler as phase2_handler
from shared.clauses import clause_model
from shared.core import topics
from shared.core.errors import Reject
from shared.messages import (
    DeadLetter,
    Envelope,
    LocatedPage,
    ReviewCancel,
    ReviewFollowup,
    ReviewLocated,
    ReviewRequested,
    ReviewSummarized,
)
from shared.platform.bus import Producer
from shared.platform.consumer import ConsumerLoop
from shared.platform.runtime import Runtime
from shared.testing import events_while_running, topic_messages
from shared.testing.contracts import page_texts

TEXTS = page_texts()


def env(rid: str) -> Envelope:
    return Envelope(request_id=rid, doc_sha256="d" * 64, question="Mark every liability clause", page_count=4, submitted_at=time.time())


MESSAGES = {
    topics.REQUESTED: lambda rid: ReviewRequested(envelope=env(rid), blob_key="t/x.pdf"),
    topics.SUMMARIZED: lambda rid: ReviewSummarized(envelope=env(rid)),
    topics.LOCATED: lambda rid: ReviewLocated(envelope=env(rid), pages=[LocatedPage(page=3, score=1.0, summary="x")], mode="located"),
    topics.CANCEL: lambda rid: ReviewCancel(request_id=rid, reason="test"),
    topics.FOLLOWUP: lambda rid: ReviewFollowup(envelope=env(rid), page=3, quote="q"),
    topics.BATCH_REQUESTED: lambda rid: ReviewRequested(envelope=env(rid), blob_key="t/x.pdf"),
    topics.BATCH_SUMMARIZED: lambda rid: ReviewSummarized(envelope=env(rid)),
}


async def run_until(loop: ConsumerLoop, done: asyncio.Event, timeout: float = 30) -> None:
    await loop.start()
    task = asyncio.create_task(loop.run())
    try:
        await asyncio.wait_for(done.wait(), timeout)
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await loop.stop()


async def first_dead_letter(settings, loop: ConsumerLoop) -> DeadLetter:
    dlq = AIOKafkaConsumer(loop.dead_letter_topic, bootstrap_servers=settings.kafka_bootstrap, auto_offset_reset="earliest", group_id=None)
    await dlq.start()
    try:
        return DeadLetter.FromString((await asyncio.wait_for(dlq.getone(), 10)).value)
    finally:
        await dlq.stop()


@pytest.mark.parametrize("base_topic", topics.ALL)
async def test_round_trip_per_topic(settings, base_topic):
    make = MESSAGES[base_topic]
    message_type = type(make("x"))
    async with Runtime(settings, "roundtrip") as rt:
        got: list = []
        done = asyncio.Event()

        async def handler(msg):
            got.append(msg)
            done.set()

        loop = rt.consumer(base_topic, message_type, handler, name="roundtrip")
        sent = make("rid-1")
        await loop.start()  # creates the topics before anything is published
        await rt.producer.publish(base_topic, "rid-1", sent)
        await loop.stop()
        loop = rt.consumer(base_topic, message_type, handler, name="roundtrip")
        await run_until(loop, done)
    assert len(got) == 1
    assert got[0] == sent
    assert (got[0].envelope.request_id if hasattr(got[0], "envelope") else got[0].request_id) == "rid-1"


async def test_consumer_killed_before_commit_gets_the_message_again_with_the_same_outcome(settings):
    """phase2's real handler runs, the consumer dies before committing; a new consumer in
    the group gets the message again, and the client still sees one draft."""
    async with Runtime(settings, "phase2") as rt:
        rid = "rid-redeliver"
        await rt.state.put_pages("d" * 64, TEXTS, ["s"] * len(TEXTS))
        real = phase2_handler(rt, clause_model.default(), expires_s=90, max_evidence=10, withdrawal=Withdrawal(rt))
        calls: list[str] = []
        handled = asyncio.Event()

        async def dies_before_commit(msg):
            await real(msg)
            calls.append("first")
            handled.set()
            await asyncio.Event().wait()  # never returns: the offset is never committed

        first = rt.consumer(topics.LOCATED, ReviewLocated, dies_before_commit)
        await first.start()
        await rt.producer.publish(topics.LOCATED, rid, MESSAGES[topics.LOCATED](rid))
        task = asyncio.create_task(first.run())
        await asyncio.wait_for(handled.wait(), 30)
        task.cancel()  # the crash
        await asyncio.gather(task, return_exceptions=True)
        await first.stop()
        state_after_first = await rt.state.get_draft(rid)

        again = asyncio.Event()

        async def second_handler(msg):
            await real(msg)
            calls.append("second")
            again.set()

        await run_until(rt.consumer(topics.LOCATED, ReviewLocated, second_handler), again)
        events = await rt.events.read(rid)
        audit = await rt.state.get_audit(rid)
        state_after_second = await rt.state.get_draft(rid)
    assert calls == ["first", "second"]
    assert [e.type for e in events] == ["draft"]
    assert len(audit) == 1 and audit[0]["phase2"] is True and audit[0]["final"] is False
    assert {k: v for k, v in state_after_first.items() if k != "expires_at"} == {k: v for k, v in state_after_second.items() if k != "expires_at"}


async def test_failing_handler_dead_letters_and_tells_the_client(settings):
    async with Runtime(settings, "failing") as rt:
        attempts = []

        async def handler(msg):
            attempts.append(1)
            raise Reject("this message can never be processed")

        loop = rt.consumer(topics.REQUESTED, ReviewRequested, handler)
        await loop.start()
        await rt.producer.publish(topics.REQUESTED, "rid-bad", MESSAGES[topics.REQUESTED]("rid-bad"))
        events = await events_while_running(rt, loop, "rid-bad")
        letter = await first_dead_letter(settings, loop)
    assert attempts == [1], "Reject is not retried"
    assert [(e.type, e.data["code"], e.data["stage"]) for e in events] == [("error", "unprocessable", "failing")]
    assert letter.consumer == "failing" and "can never be processed" in letter.error
    assert ReviewRequested.FromString(letter.value).envelope.request_id == "rid-bad"


async def test_transient_failure_is_retried_then_processed(settings):
    from shared.core.errors import RetryLater

    async with Runtime(settings, "flaky") as rt:
        attempts = []
        done = asyncio.Event()

        async def handler(msg):
            attempts.append(1)
            if len(attempts) < 2:
                raise RetryLater("dependency down")
            done.set()

        loop = rt.consumer(topics.REQUESTED, ReviewRequested, handler)
        await loop.start()
        await rt.producer.publish(topics.REQUESTED, "rid-flaky", MESSAGES[topics.REQUESTED]("rid-flaky"))
        await loop.stop()
        await run_until(rt.consumer(topics.REQUESTED, ReviewRequested, handler), done)
        assert await rt.events.read("rid-flaky") == []
    assert len(attempts) == 2


async def test_producer_is_keyed_by_request_id(settings):
    producer = Producer(settings)
    await producer.start()
    try:
        from shared.platform.bus import ensure_topics

        name = topics.name(topics.CANCEL, settings.topic_prefix)
        await ensure_topics(settings, [name])
        for _ in range(3):
            await producer.publish(topics.CANCEL, "same-key", ReviewCancel(request_id="same-key"))
    finally:
        await producer.stop()
    consumer = AIOKafkaConsumer(name, bootstrap_servers=settings.kafka_bootstrap, auto_offset_reset="earliest", group_id=None)
    await consumer.start()
    try:
        records = [await asyncio.wait_for(consumer.getone(), 10) for _ in range(3)]
    finally:
        await consumer.stop()
    assert {r.key for r in records} == {b"same-key"}
    assert len({r.partition for r in records}) == 1, "one request's messages stay on one partition"


async def test_several_requests_run_at_once_one_requests_messages_in_order_commits_wait_for_the_oldest(settings):
    s = settings.model_copy(update={"max_in_flight": 4})
    async with Runtime(s, "concurrent") as rt:
        from shared.platform.bus import ensure_topics

        topic = topics.name(topics.REQUESTED, s.topic_prefix)
        await ensure_topics(s, [topic], partitions=1)  # one partition: commit order is observable
        started: list[str] = []
        all_three = asyncio.Event()
        release_slow = asyncio.Event()
        finished: list[str] = []

        async def handler(msg):
            tag = msg.blob_key
            started.append(tag)
            if {"a1", "b", "c"} <= set(started):
                all_three.set()
            if tag in ("a1", "b", "c"):
                await asyncio.wait_for(all_three.wait(), 20)  # only ends if the three run at once
            if tag == "a1":
                await release_slow.wait()
            finished.append(tag)

        loop = rt.consumer(topics.REQUESTED, ReviewRequested, handler)
        await loop.start()
        for key, tag in (("a", "a1"), ("b", "b"), ("c", "c"), ("a", "a2")):
            await rt.producer.publish(topics.REQUESTED, key, ReviewRequested(envelope=env(key), blob_key=tag))
        task = asyncio.create_task(loop.run())
        tp = TopicPartition(topic, 0)
        try:
            await asyncio.wait_for(all_three.wait(), 20)
            for _ in range(100):
                if {"b", "c"} <= set(finished):
                    break
                await asyncio.sleep(0.05)
            committed_while_slow = await loop._consumer.committed(tp)
            assert "a2" not in started, "a request's second message waits for its first"
            release_slow.set()
            for _ in range(100):
                if "a2" in finished and await loop._consumer.committed(tp) == 4:
                    break
                await asyncio.sleep(0.05)
            committed_at_end = await loop._consumer.committed(tp)
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
            await loop.stop()
    assert set(finished[:2]) == {"b", "c"} and finished[2:] == ["a1", "a2"]
    assert committed_while_slow in (None, 0), "nothing is committed past the oldest unfinished message"
    assert committed_at_end == 4


async def test_a_stage_redelivered_after_it_published_republishes_and_recomputes_nothing(settings):
    """locate's real handler publishes, dies before committing; the redelivered message is
    not ranked again (the status does not go back), its output is published again as it was."""
    from services.locate.handlers import Locator
    from services.locate.handlers import make_handler as locate_handler
    from services.locate.logic import VectorCache

    async with Runtime(settings, "locate") as rt:
        rid = "rid-redeliver-locate"
        await rt.state.put_pages("c" * 64, TEXTS, ["s"] * len(TEXTS))
        await rt.state.create_review(rid, {"status": "summarized"})
        loc = Locator(model=clause_model.default(), embed=None, top_k=3, shortlist=12, dense="never", route_no_llm=True, vectors=VectorCache())
        real = locate_handler(rt, loc)
        msg = ReviewSummarized(envelope=Envelope(request_id=rid, doc_sha256="c" * 64, question="What is the cap on liability?", page_count=4, submitted_at=time.time()))
        await real(msg)
        await rt.state.update_review(rid, status="done")  # the review went on to its final
        ranked_before = (await rt.state.get_review(rid))["located_pages"]
        await real(msg)  # the redelivery
        review = await rt.state.get_review(rid)
        published = await topic_messages(settings, topics.LOCATED)
    assert review["status"] == "done" and review["located_pages"] == ranked_before
    assert len(published) == 2 and published[0] == published[1], "the same output, handed on again"


async def test_analyze_redelivered_after_its_final_does_not_call_the_llm_again(settings):
    from local.stack import free_port
    from services.analyze.handlers import Analyzer
    from services.analyze.settings import Settings as AnalyzeSettings

    # Nothing listens on this port: a second LLM call would end in an `error` event.
    s = AnalyzeSettings(**{**settings.model_dump(), "handler_attempts": 1}, llm_base_url=f"http://127.0.0.1:{free_port()}/v1", llm_timeout_s=2)
    async with Runtime(s, "analyze") as rt:
        rid = "rid-final-twice"
        await rt.events.emit(rid, "final", {"answer": "the first"}, dedupe="final")
        await Analyzer(rt, s, clause_model.default()).handle(MESSAGES[topics.LOCATED](rid))
        events = await rt.events.read(rid)
    assert [(e.type, e.data) for e in events] == [("final", {"answer": "the first"})]


async def test_a_poison_message_is_dead_lettered_with_its_reason_and_the_consumer_keeps_going(settings):
    async with Runtime(settings, "poison") as rt:
        handled = asyncio.Event()

        async def handler(msg):
            handled.set()

        loop = rt.consumer(topics.REQUESTED, ReviewRequested, handler)
        await loop.start()
        await rt.producer.publish_raw(topics.name(topics.REQUESTED, settings.topic_prefix), b"rid-poison", b"\xff\x00 not a protobuf \x13\x37")
        await rt.producer.publish(topics.REQUESTED, "rid-good", MESSAGES[topics.REQUESTED]("rid-good"))
        task = asyncio.create_task(loop.run())
        try:
            await asyncio.wait_for(handled.wait(), 20)
            for _ in range(100):
                if await rt.events.read("rid-poison"):
                    break
                await asyncio.sleep(0.1)
            told = await rt.events.read("rid-poison")
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
            await loop.stop()
        letter = await first_dead_letter(settings, loop)
    assert letter.key == b"rid-poison" and "undecodable" in letter.error
    assert [(e.type, e.data["code"]) for e in told] == [("error", "unprocessable")]
