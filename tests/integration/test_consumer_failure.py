"""A message whose failure path fails still ends (issue 21, defect 5), against the real broker
and Redis: the dead letter and the client's `error` are retried with backoff while a
dependency is down, and even when they never succeed the message ends as done, so its
partition's commits go on. The failing `on_failure` hooks are stubs that simulate Redis down
for the error event, named as such."""

from __future__ import annotations

import asyncio
import time

from aiokafka import TopicPartition

from shared.core import topics
from shared.core.errors import Reject
from shared.messages import Envelope, ReviewRequested
from shared.platform.bus import ensure_topics
from shared.platform.consumer import ConsumerLoop
from shared.platform.runtime import Runtime


def request(rid: str) -> ReviewRequested:
    return ReviewRequested(envelope=Envelope(request_id=rid, doc_sha256="d" * 64, question="q", page_count=1, submitted_at=time.time()), blob_key=rid)


async def committed_after(settings, on_failure, rids: list[str], timeout: float = 30) -> tuple[int | None, list[str]]:
    """Publish ``rids`` to a one-partition topic whose handler rejects every message; the
    offset committed once the loop has settled, and the messages the handler saw."""
    seen: list[str] = []
    async with Runtime(settings, "failpath") as rt:
        topic = topics.name(topics.REQUESTED, settings.topic_prefix)
        await ensure_topics(settings, [topic], partitions=1)

        async def handler(msg):
            seen.append(msg.blob_key)
            raise Reject("never processable")

        loop = ConsumerLoop(settings, rt.producer, base_topic=topics.REQUESTED, consumer="failpath", message_type=ReviewRequested,
                            handler=handler, on_failure=on_failure)
        await loop.start()
        for rid in rids:
            await rt.producer.publish(topics.REQUESTED, rid, request(rid))
        task = asyncio.create_task(loop.run())
        tp = TopicPartition(topic, 0)
        try:
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline and await loop._consumer.committed(tp) != len(rids):
                await asyncio.sleep(0.1)
            return await loop._consumer.committed(tp), seen
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
            await loop.stop()


async def test_an_error_event_that_fails_at_first_is_retried_and_the_commits_go_on(settings):
    calls: list[str] = []

    async def redis_down_twice(rid: str, exc: BaseException) -> None:  # stub: Redis down for the first two tries
        calls.append(rid)
        if len(calls) <= 2:
            raise ConnectionError("simulated: Redis is down")

    committed, seen = await committed_after(settings.model_copy(update={"failure_wait_s": 30}), redis_down_twice, ["fp-a", "fp-b"])
    assert seen == ["fp-a", "fp-b"]
    assert calls == ["fp-a", "fp-a", "fp-a", "fp-b"], "the client's error is retried until it is written"
    assert committed == 2


async def test_a_failure_path_that_never_succeeds_still_ends_the_message(settings):
    async def redis_down_for_good(rid: str, exc: BaseException) -> None:  # stub: Redis never comes back
        raise ConnectionError("simulated: Redis is down")

    committed, seen = await committed_after(settings.model_copy(update={"failure_wait_s": 1}), redis_down_for_good, ["fp-c", "fp-d"])
    assert seen == ["fp-c", "fp-d"]
    assert committed == 2, "the partition's commit point moves past both messages"
