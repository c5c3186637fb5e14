"""Kafka bus: topics created on demand (``ensure_topics``) and one producer per service.

Messages are protobuf, keyed by request id, and published with acks=all; they are consumed
by shared.platform.consumer's ConsumerLoop, at least once.
"""

from __future__ import annotations

import time

from aiokafka import AIOKafkaProducer
from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from aiokafka.errors import TopicAlreadyExistsError
from google.protobuf.message import Message
from opentelemetry.trace import SpanKind

from shared.core import topics, tracing
from shared.core.settings import CommonSettings
from shared.core.telemetry import BUS_MESSAGES

MAX_MESSAGE_BYTES = 4 * 1024 * 1024


async def ensure_topics(settings: CommonSettings, names: list[str], partitions: int | None = None) -> None:
    """Create the topics that do not exist yet (idempotent), with ``settings.topic_partitions``
    and ``settings.topic_replication``."""
    partitions = partitions or settings.topic_partitions
    admin = AIOKafkaAdminClient(bootstrap_servers=settings.kafka_bootstrap)
    await admin.start()
    try:
        existing = set(await admin.list_topics())
        missing = [NewTopic(n, num_partitions=partitions, replication_factor=settings.topic_replication) for n in names if n not in existing]
        if missing:
            try:
                await admin.create_topics(missing)
            except TopicAlreadyExistsError:
                pass  # another service created it between our list and create
    finally:
        await admin.close()


class Producer:
    """Publishes protobuf messages keyed by request id."""

    def __init__(self, settings: CommonSettings) -> None:
        self._settings = settings
        # The local broker rejects idempotent producers; acks=all plus idempotent handlers instead.
        self._producer = AIOKafkaProducer(
            bootstrap_servers=settings.kafka_bootstrap, acks="all", max_request_size=MAX_MESSAGE_BYTES
        )

    async def start(self) -> None:
        await self._producer.start()

    async def stop(self) -> None:
        await self._producer.stop()

    def topic(self, base: str) -> str:
        return topics.name(base, self._settings.topic_prefix)

    async def publish(self, base_topic: str, request_id: str, message: Message) -> None:
        """Publish to the (prefixed) topic and wait for the broker's ack."""
        env = getattr(message, "envelope", None)
        if env is not None:
            env.published_at = time.time()
        elif hasattr(message, "published_at"):
            message.published_at = time.time()
        with tracing.tracer.start_as_current_span(f"publish {base_topic}", kind=SpanKind.PRODUCER, attributes={"clauseflow.request_id": request_id}):
            await self._producer.send_and_wait(self.topic(base_topic), message.SerializeToString(), key=request_id.encode(), headers=tracing.headers())
        BUS_MESSAGES.labels(base_topic, "produced").inc()

    async def publish_raw(self, topic: str, key: bytes | None, value: bytes) -> None:
        await self._producer.send_and_wait(topic, value, key=key, headers=tracing.headers())
