"""Kafka consumer-group loops with manual commit.

Delivery is at least once: a message's offset is committed only after its handler has
returned (processed) or it has been dead-lettered, and only once every earlier message of
its partition has too. Handlers must therefore be idempotent; the stages use
:class:`shared.store.events.EventLog` dedupe keys.

A loop handles up to ``concurrency`` messages at once, so eight reviews arriving together
do not queue behind one another inside a process; messages with the same key (one
request's) still run one after another, in order.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

from aiokafka import AIOKafkaConsumer, ConsumerRebalanceListener, TopicPartition
from aiokafka.errors import KafkaConnectionError, KafkaError, KafkaTimeoutError
from google.protobuf.message import DecodeError, Message
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from tenacity import AsyncRetrying, RetryCallState, retry_if_exception, retry_if_exception_type, stop_after_delay, wait_exponential

from shared.core import topics, tracing
from shared.core.errors import DependencyBusy, Reject, RetryLater
from shared.core.settings import CommonSettings
from shared.core.telemetry import BUS_MESSAGES, CONSUMER_LAG, IN_FLIGHT
from shared.messages import DeadLetter
from shared.platform.bus import MAX_MESSAGE_BYTES, Producer, ensure_topics

log = logging.getLogger(__name__)

M = TypeVar("M", bound=Message)

# Redis or the broker gone for a while (a restart, a failover; any error aiokafka calls retriable,
# such as a paused broker's NodeNotReadyError): retried until it is back, up to ``dependency_wait_s``.
OUTAGES = (RedisConnectionError, RedisTimeoutError, KafkaConnectionError, KafkaTimeoutError)
outage = lambda exc: isinstance(exc, OUTAGES) or (isinstance(exc, KafkaError) and bool(getattr(exc, "retriable", False)))  # noqa: E731


class _GiveUp:
    """tenacity's stop: a RetryLater after ``attempts`` tries; an outage after ``wait_s``."""

    def __init__(self, attempts: int, wait_s: float) -> None:
        self.attempts, self.wait_s = attempts, wait_s

    def __call__(self, state: RetryCallState) -> bool:
        exc = state.outcome.exception() if state.outcome else None
        if outage(exc) or isinstance(exc, DependencyBusy):
            return (state.seconds_since_start or 0.0) >= self.wait_s
        return state.attempt_number >= self.attempts


_BACKOFF = wait_exponential(multiplier=0.2, max=5)
MAX_RETRY_AFTER_S = 30.0  # a busy dependency's Retry-After is honoured up to this


def _wait(state: RetryCallState) -> float:
    """Exponential backoff; at least a busy dependency's Retry-After."""
    exc = state.outcome.exception() if state.outcome else None
    floor = min(exc.retry_after or 0.0, MAX_RETRY_AFTER_S) if isinstance(exc, DependencyBusy) else 0.0
    return max(_BACKOFF(state), floor)


Handler = Callable[[M], Awaitable[None]]
FailureHook = Callable[[str, BaseException], Awaitable[None]]


class OffsetTracker:
    """The offsets in flight per partition, and how far a commit may go.

    Messages finish out of order when several run at once; the commit point is the lowest
    offset still in flight (nothing at or after it is acknowledged), or one past the highest
    offset started when none is.
    """

    def __init__(self) -> None:
        self._pending: dict[TopicPartition, set[int]] = {}
        self._next: dict[TopicPartition, int] = {}

    def start(self, tp: TopicPartition, offset: int) -> None:
        self._pending.setdefault(tp, set()).add(offset)
        self._next[tp] = max(self._next.get(tp, 0), offset + 1)

    def done(self, tp: TopicPartition, offset: int) -> None:
        self._pending.get(tp, set()).discard(offset)

    def commit_point(self, tp: TopicPartition) -> int | None:
        """The offset to commit for ``tp`` (Kafka's "next to read"), None if nothing started."""
        if tp not in self._next:
            return None
        pending = self._pending.get(tp)
        return min(pending) if pending else self._next[tp]

    def forget(self, tps) -> None:
        """Partitions this process no longer owns."""
        for tp in tps:
            self._pending.pop(tp, None)
            self._next.pop(tp, None)


class _Drain(ConsumerRebalanceListener):
    """Before partitions move to another process, finish (or give up on) the work in flight
    and commit what is done, so the new owner neither repeats nor skips much."""

    def __init__(self, loop: ConsumerLoop) -> None:
        self._loop = loop

    async def on_partitions_revoked(self, revoked) -> None:
        await self._loop.drain(revoked)

    async def on_partitions_assigned(self, assigned) -> None:
        return None


class ConsumerLoop(Generic[M]):
    """Consumes one topic in a consumer group, up to ``concurrency`` messages at a time
    (one at a time per key), committing each partition up to its oldest unfinished message."""

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
        concurrency: int = 1,
    ) -> None:
        """``broadcast``: every process gets every message (a group of its own, new messages
        only), for signals such as cancellation rather than work to share."""
        self._slots = asyncio.Semaphore(max(1, concurrency))
        self._tracker = OffsetTracker()
        self._inflight: set[asyncio.Task] = set()
        self._last_by_key: dict[bytes | None, asyncio.Task] = {}
        self._committed: dict[TopicPartition, int] = {}
        self._commit_lock = asyncio.Lock()
        self._broadcast = broadcast
        self._settings = settings
        self._producer = producer
        self._topic = topics.name(base_topic, settings.topic_prefix)
        self._base_topic = base_topic
        self._lag: dict[TopicPartition, int] = {}
        self._dlq = topics.dead_letter(base_topic, consumer, settings.topic_prefix)
        self._consumer_name = consumer
        self._type = message_type
        self._handler = handler
        self._on_failure = on_failure
        self._consumer = AIOKafkaConsumer(
            bootstrap_servers=settings.kafka_bootstrap,
            # A broadcast reader is in no group: every partition, nothing committed, and no
            # consumer group left behind in the broker at each process start.
            group_id=None if broadcast else f"{settings.consumer_group_prefix}.{consumer}",
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

    @property
    def in_flight(self) -> int:
        return len(self._inflight)

    async def start(self) -> None:
        await ensure_topics(self._settings, [self._topic, self._dlq])
        self._consumer.subscribe([self._topic], listener=_Drain(self))
        await self._consumer.start()

    async def stop(self) -> None:
        """Stop consuming; work still in flight is cancelled and will be redelivered."""
        for task in list(self._inflight):
            task.cancel()
        await asyncio.gather(*self._inflight, return_exceptions=True)
        await self._consumer.stop()

    async def run(self) -> None:
        """Handle messages until cancelled."""
        async for record in self._consumer:
            tp = TopicPartition(record.topic, record.partition)
            self._measure_lag(tp, record.offset)
            await self._slots.acquire()  # bounded: at most `concurrency` messages in flight
            self._tracker.start(tp, record.offset)
            task = asyncio.create_task(self._one(record, tp, self._last_by_key.get(record.key)))
            self._inflight.add(task)
            IN_FLIGHT.labels(self._consumer_name).inc()
            self._last_by_key[record.key] = task
            task.add_done_callback(lambda t, key=record.key: self._finished(t, key))

    def _measure_lag(self, tp: TopicPartition, offset: int) -> None:
        """The messages after this one in the partition, by the broker's last word on its end."""
        BUS_MESSAGES.labels(self._base_topic, "consumed").inc()
        high = self._consumer.highwater(tp)
        if high is not None:
            self._lag[tp] = max(0, high - offset - 1)
            assigned = self._consumer.assignment()
            CONSUMER_LAG.labels(self._consumer_name, self._base_topic).set(sum(n for p, n in self._lag.items() if p in assigned))

    def _finished(self, task: asyncio.Task, key: bytes | None) -> None:
        self._inflight.discard(task)
        IN_FLIGHT.labels(self._consumer_name).dec()
        if self._last_by_key.get(key) is task:
            del self._last_by_key[key]

    async def _one(self, record, tp: TopicPartition, before: asyncio.Task | None) -> None:
        try:
            if before is not None:  # the same request's earlier message goes first
                await asyncio.gather(before, return_exceptions=True)
            try:
                await self._handle_record(record)
            except Exception:  # noqa: BLE001 - even a failure path that failed ends the message:
                # left pending, it would hold its partition's commit point for good
                log.exception("%s: offset %s of %s ended without its failure path", self._consumer_name, record.offset, tp)
            self._tracker.done(tp, record.offset)
            try:
                await self._commit(tp)
            except Exception:  # noqa: BLE001 - e.g. the partition moved: it is redelivered, handlers are idempotent
                log.warning("commit of %s at offset %s failed", tp, record.offset, exc_info=True)
        finally:
            self._slots.release()

    async def _commit(self, tp: TopicPartition) -> None:
        # One commit at a time and never backwards: commits of messages that finished out of
        # order could otherwise reach the broker in the wrong order.
        if self._broadcast:
            return  # no group, nothing to commit
        async with self._commit_lock:
            point = self._tracker.commit_point(tp)
            if point is None or point <= self._committed.get(tp, -1):
                return
            await self._consumer.commit({tp: point})
            self._committed[tp] = point

    async def finish(self) -> None:
        """Told to stop (SIGTERM): give the work in flight ``drain_timeout_s`` to end, and
        commit what did; the rest is cancelled by :meth:`stop` and redelivered."""
        await self._settle(self._consumer.assignment())

    async def drain(self, tps) -> None:
        """Finish the work in flight (up to ``drain_timeout_s``), commit it, and forget ``tps``."""
        await self._settle(tps)
        self._tracker.forget(tps)
        for tp in tps:
            self._committed.pop(tp, None)

    async def _settle(self, tps) -> None:
        """Wait up to ``drain_timeout_s`` for the work in flight, then commit ``tps`` as far as it went."""
        if self._inflight:
            await asyncio.wait(set(self._inflight), timeout=self._settings.drain_timeout_s)
        for tp in tps:
            try:
                await self._commit(tp)
            except Exception:  # noqa: BLE001 - the group moved on; the new owner redelivers, handlers are idempotent
                log.warning("commit of %s while settling failed", tp)

    async def _handle_record(self, record) -> None:
        request_id = record.key.decode(errors="replace") if record.key else ""
        try:
            message = self._type.FromString(record.value)
        except DecodeError as exc:
            await self._dead_letter(record, request_id, Reject(f"undecodable {self._type.__name__}: {exc}"))
            return
        attributes = {"clauseflow.request_id": request_id, "messaging.destination.name": self._base_topic, "messaging.kafka.offset": record.offset}
        with tracing.consumed(f"{self._consumer_name} {self._base_topic}", record.headers, attributes):
            await self._handle_in_span(record, message, request_id, attributes)

    async def _handle_in_span(self, record, message: M, request_id: str, attributes: dict) -> None:
        try:
            async for attempt in AsyncRetrying(
                retry=retry_if_exception(lambda e: isinstance(e, RetryLater) or outage(e)),
                stop=_GiveUp(self._settings.handler_attempts, self._settings.dependency_wait_s),
                wait=_wait,
                before_sleep=self._log_retry,
                reraise=True,
            ):
                with attempt:
                    await self._handler(message)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - every failure must reach the client and the DLQ
            log.exception("%s failed on request %s", self._consumer_name, request_id)
            BUS_MESSAGES.labels(self._base_topic, "failed").inc()
            tracing.failed(f"{self._consumer_name} failed", exc, attributes)
            await self._dead_letter(record, request_id, exc)

    @staticmethod
    def _log_retry(state: RetryCallState) -> None:
        exc = state.outcome.exception() if state.outcome else None
        log.warning("handler attempt %d failed (%s: %s); retrying", state.attempt_number, type(exc).__name__, exc)

    async def _dead_letter(self, record, request_id: str, exc: BaseException) -> None:
        letter = DeadLetter(
            topic=record.topic,
            consumer=self._consumer_name,
            key=record.key or b"",
            value=record.value or b"",
            error=f"{type(exc).__name__}: {exc}",
            failed_at=time.time(),
        )
        await self._persist("dead letter", lambda: self._producer.publish_raw(self._dlq, record.key, letter.SerializeToString()))
        BUS_MESSAGES.labels(self._base_topic, "dead_lettered").inc()
        if request_id:
            await self._persist("error event", lambda: self._on_failure(request_id, exc))

    async def _persist(self, what: str, step: Callable[[], Awaitable[None]]) -> None:
        """A step of the failure path, retried with backoff for ``failure_wait_s`` (Redis or the
        broker may be down: the reason the handler failed); then it raises."""
        async for attempt in AsyncRetrying(
            retry=retry_if_exception_type(Exception),
            stop=stop_after_delay(self._settings.failure_wait_s),
            wait=wait_exponential(multiplier=0.2, max=10),
            before_sleep=lambda state: log.warning("%s failed (%s); retrying", what, state.outcome.exception() if state.outcome else None),
            reraise=True,
        ):
            with attempt:
                await step()
