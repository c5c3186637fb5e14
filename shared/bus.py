"""Kafka bus: one producer per service, consumer-group loops with manual commit.

Delivery is at least once: a message's offset is committed only after its handler has
returned (processed) or it has been dead-lettered. Handlers must therefore be
idempotent; the stages use :class:`shared.events.EventLog` dedupe keys and done markers.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition
from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from aiokafka.errors import TopicAlreadyExistsError
from google.protobuf.message import DecodeError, Message
from tenacity import AsyncRetrying, retry_if_exception_type, stop_after_attempt, wait_exponential

from shared import topics
from shared.errors import Reject, RetryLater
from shared.messages import DeadLetter
from shared.settings import CommonSettings

log = logging.getLogger(__name__)

M = TypeVar("M", bound=Message)
Handler = Callable[[M], Awaitable[None]]
FailureHook = Callable[[str, BaseException], Awaitable[None]]

MAX_MESSAGE_BYTES = 4 * 1024 * 1024


async def ensure_topics(settings: CommonSettings, names: list[str], partitions: int = 3) -> None:
    """Create the topics that do not exist yet (idempotent)."""
    admin = AIOKafkaAdminClient(bootstrap_servers=settings.kafka_bootstrap)
    await admin.start()
    try:
        existing = set(await admin.list_topics())
        missing = [NewTopic(n, num_partitions=partitions, replication_factor=1) for n in names if n not in existing]
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
        await self._producer.send_and_wait(self.topic(base_topic), message.SerializeToString(), key=request_id.encode())

    async def publish_raw(self, topic: str, key: bytes | None, value: bytes) -> None:
        await self._producer.send_and_wait(topic, value, key=key)


class ConsumerLoop(Generic[M]):
    """Consumes one topic in a consumer group, one message at a time, committing after each."""

    def __init__(
        self,
        settings: CommonSettings,
        producer: Producer,
        *,
        base_topic: str,
        consumer: str,
        message_type: type[M],
        handler: Handler,
        on_failure: FailureHook,
        broadcast: bool = False,
    ) -> None:
        """``broadcast``: every process gets every message (a group of its own, new messages
        only), for signals such as cancellation rather than work to share."""
        self._settings = settings
        self._producer = producer
        self._topic = topics.name(base_topic, settings.topic_prefix)
        self._dlq = topics.dead_letter(base_topic, consumer, settings.topic_prefix)
        self._consumer_name = consumer
        self._type = message_type
        self._handler = handler
        self._on_failure = on_failure
        self._consumer = AIOKafkaConsumer(
            self._topic,
            bootstrap_servers=settings.kafka_bootstrap,
            group_id=f"{settings.consumer_group_prefix}.{consumer}" + (f".{uuid.uuid4().hex[:12]}" if broadcast else ""),
            enable_auto_commit=False,
            auto_offset_reset="latest" if broadcast else "earliest",
            session_timeout_ms=settings.session_timeout_ms,
            heartbeat_interval_ms=settings.heartbeat_interval_ms,
            max_poll_interval_ms=settings.max_poll_interval_ms,
            fetch_max_wait_ms=settings.fetch_max_wait_ms,
            fetch_max_bytes=MAX_MESSAGE_BYTES,
            max_partition_fetch_bytes=MAX_MESSAGE_BYTES,
        )

    @property
    def dead_letter_topic(self) -> str:
        return self._dlq

    async def start(self) -> None:
        await ensure_topics(self._settings, [self._topic, self._dlq])
        await self._consumer.start()

    async def stop(self) -> None:
        await self._consumer.stop()

    async def run(self) -> None:
        """Handle messages until cancelled."""
        async for record in self._consumer:
            await self._handle_record(record)
            tp = TopicPartition(record.topic, record.partition)
            await self._consumer.commit({tp: record.offset + 1})

    async def _handle_record(self, record) -> None:
        request_id = record.key.decode(errors="replace") if record.key else ""
        try:
            message = self._type.FromString(record.value)
        except DecodeError as exc:
            await self._dead_letter(record, request_id, Reject(f"undecodable {self._type.__name__}: {exc}"))
            return
        try:
            async for attempt in AsyncRetrying(
                retry=retry_if_exception_type(RetryLater),
                stop=stop_after_attempt(self._settings.handler_attempts),
                wait=wait_exponential(multiplier=0.2, max=5),
                reraise=True,
            ):
                with attempt:
                    await self._handler(message)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - every failure must reach the client and the DLQ
            log.exception("%s failed on request %s", self._consumer_name, request_id)
            await self._dead_letter(record, request_id, exc)

    async def _dead_letter(self, record, request_id: str, exc: BaseException) -> None:
        letter = DeadLetter(
            topic=record.topic,
            consumer=self._consumer_name,
            key=record.key or b"",
            value=record.value or b"",
            error=f"{type(exc).__name__}: {exc}",
            failed_at=time.time(),
        )
        await self._producer.publish_raw(self._dlq, record.key, letter.SerializeToString())
        if request_id:
            await self._on_failure(request_id, exc)
