"""The lifespan every worker service shares: clients created once, reached through one object.

    async with Runtime(settings, "summarize") as rt:
        await rt.run([rt.consumer(topics.REQUESTED, ReviewRequested, handler)])
"""

from __future__ import annotations

import asyncio
import logging
import signal
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from prometheus_client import start_http_server
from redis.asyncio import Redis

from shared.core import tracing
from shared.core.cost import Health, Prices
from shared.core.errors import ClauseFlowError, Reject, error_body
from shared.core.logs import request_id_var
from shared.core.settings import CommonSettings
from shared.core.telemetry import HEARTBEAT, MESSAGES, StageClock, timed_cpu
from shared.messages import Envelope
from shared.platform.bus import Producer
from shared.platform.consumer import ConsumerLoop
from shared.store.events import EventLog
from shared.store.state import State, doc_key

log = logging.getLogger(__name__)
T = TypeVar("T")


HEARTBEAT_S = 5.0


async def _heartbeat() -> None:
    """The event loop is turning (so the consumer loops beside this task can): the time, every
    few seconds, in clauseflow_heartbeat_timestamp_seconds, which the container healthcheck
    (shared/platform/health.py) reads. A process whose loop is stuck stops updating it and is restarted."""
    while True:
        HEARTBEAT.set(time.time())
        await asyncio.sleep(HEARTBEAT_S)


class Runtime:
    """Redis, the Kafka producer, the event log and state of one service process."""

    def __init__(self, settings: CommonSettings, service: str, metrics_port: int = 0) -> None:
        self.settings = settings
        self.service = service
        self.metrics_port = metrics_port
        # Bounded calls: a stopped Redis fails a call (and the handler retries) instead of hanging it.
        self.redis = Redis.from_url(settings.redis_url, socket_connect_timeout=2, socket_timeout=10)
        self.producer = Producer(settings)
        self.events = EventLog(self.redis, settings.event_ttl_s, prefix=settings.topic_prefix)
        self.state = State.for_settings(settings, self.redis)
        self._loops: list[ConsumerLoop] = []
        # CPU-bound work runs in worker threads, one at a time per process: several messages
        # are in flight, but sharing the cores among them would finish every one of them late
        # (first come, first served finishes the first ones early), and the GIL serialises
        # most of it anyway.
        self._cpu = asyncio.Semaphore(settings.cpu_slots)
        self.prices = Prices.from_settings(settings)
        self._health: dict[str, Health] = {}

    async def __aenter__(self) -> Runtime:
        await self.redis.ping()
        await self.producer.start()
        if self.metrics_port:
            start_http_server(self.metrics_port, addr=self.settings.metrics_host)
        return self

    async def __aexit__(self, *exc) -> None:
        for loop in self._loops:
            await loop.stop()
        await self.producer.stop()
        await self.redis.aclose()
        tracing.shutdown()  # send the spans still buffered

    def consumer(
        self,
        base_topic: str,
        message_type,
        handler: Callable[..., Awaitable[None]],
        *,
        name: str | None = None,
        broadcast: bool = False,
        on_failure: Callable[[str, BaseException], Awaitable[None]] | None = None,
        concurrency: int | None = None,
    ) -> ConsumerLoop:
        """A consumer loop of this process. ``on_failure`` replaces :meth:`fail_request` for a
        stage whose failure must not end the review (the draft); ``concurrency`` replaces
        ``max_in_flight`` (the batch lane's loops take ``batch_in_flight``)."""
        loop = ConsumerLoop(
            self.settings,
            self.producer,
            base_topic=base_topic,
            consumer=name or self.service,
            message_type=message_type,
            handler=handler,
            on_failure=on_failure or self.fail_request,
            broadcast=broadcast,
            concurrency=concurrency or self.settings.max_in_flight,
        )
        self._loops.append(loop)
        return loop

    async def begin(self, env: Envelope) -> StageClock | None:
        """Every handler's prologue: tag the logs with the request id, skip work not to do.

        Returns the stage's clock, or None when the client has cancelled, the request has
        ended (failed, or its final is out), or this stage finished it before (then what it
        published is published again).
        """
        request_id_var.set(env.request_id)
        if await self.state.is_cancelled(env.request_id):
            MESSAGES.labels(self.service, "skipped_cancelled").inc()
            return None
        if await self.events.ended(env.request_id):
            MESSAGES.labels(self.service, "skipped_ended").inc()  # the client has its terminal event
            return None
        done = await self.state.stage_done(env.request_id, self.service)
        if done is not None:
            # Redelivered after the stage finished (it died before committing): hand on what
            # it published, recompute nothing the client may have seen.
            topic, payload = done
            if topic:
                await self.producer.publish_raw(self.producer.topic(topic), env.request_id.encode(), payload)
            MESSAGES.labels(self.service, "skipped_done").inc()
            return None
        return StageClock(self.service, env.published_at)

    async def publish_done(self, base_topic: str, request_id: str, message) -> None:
        """Publish the stage's output and mark the stage done with it (idempotent stages)."""
        await self.producer.publish(base_topic, request_id, message)
        await self.state.mark_done(request_id, self.service, base_topic, message.SerializeToString())

    async def mark_done(self, request_id: str) -> None:
        """The stage finished a request whose output went to the client, not to a topic."""
        await self.state.mark_done(request_id, self.service)

    async def cpu(self, fn: Callable[..., T], *args, **kwargs) -> T:
        """``fn(*args, **kwargs)`` in a worker thread, off the event loop, in arrival order."""
        async with self._cpu:
            return await asyncio.to_thread(timed_cpu, fn, *args, **kwargs)

    async def record_cost(self, request_id: str, stage: str, timing: dict[str, Any], *, missed: bool = False, llm: bool = False) -> None:
        """Record the stage's timing (and counters) for the review's cost, and score the stage's
        cost health: ``missed``, it computed what a cache could have held; ``llm``, it used the
        model server (billed at the LLM hardware's price)."""
        await self.state.record_cost(request_id, stage, timing)
        health = self._health.get(stage)
        if health is None:
            s = self.settings
            health = self._health[stage] = Health(stage, s.cost_budget_usd.get(stage, float("inf")), s.latency_budget_ms.get(stage, float("inf")))
        usd = self.prices.stage_usd(timing, llm=llm)
        health.observe(usd, timing.get("total_ms", 0.0), missed)
        log.info("%s done in %.0f ms (queued %.0f ms, CPU %.0f ms, $%.8f)", stage, timing.get("total_ms", 0.0), timing.get("queue_wait_ms", 0.0), timing.get("cpu_ms", 0.0), usd)

    async def page_texts(self, env: Envelope) -> list[str]:
        """The document's page texts, which summarize left in Redis."""
        texts = await self.state.get_pages(doc_key(env))
        if texts is None:
            raise Reject(f"page texts of {doc_key(env)} are gone from Redis")
        return texts

    async def fail_request(self, request_id: str, exc: BaseException) -> None:
        """Tell the client a stage failed: one `error` event, never a hang."""
        MESSAGES.labels(self.service, "failed").inc()
        if isinstance(exc, ClauseFlowError):
            body = error_body(exc)
        else:
            body = {"code": "internal", "message": f"{self.service} failed: {type(exc).__name__}"}
        body["stage"] = self.service
        # Only the stage whose error ends the stream marks the review failed: after a final or
        # a cancel the review keeps the status the client was shown.
        await self.events.emit(request_id, "error", body, dedupe="error", review={"status": "failed"})  # one step: event and status

    async def run(self, loops: list[ConsumerLoop], background: tuple[Callable[[], Awaitable[None]], ...] = ()) -> None:
        """Run the consumer loops, and ``background`` tasks beside them, until SIGTERM/SIGINT."""
        for loop in loops:
            await loop.start()
        tasks = [asyncio.create_task(loop.run(), name=f"{self.service}-loop") for loop in loops]
        tasks += [asyncio.create_task(job(), name=f"{self.service}-{getattr(job, '__name__', 'job')}") for job in (*background, _heartbeat)]
        stop = asyncio.Event()
        for sig in (signal.SIGTERM, signal.SIGINT):
            asyncio.get_running_loop().add_signal_handler(sig, stop.set)
        log.info("%s ready", self.service)
        waiter = asyncio.create_task(stop.wait())
        done, _ = await asyncio.wait([waiter, *tasks], return_when=asyncio.FIRST_COMPLETED)
        if waiter in done:  # told to stop: take no new message, let the ones in flight end (bounded)
            for task in tasks[: len(loops)]:
                task.cancel()
            await asyncio.gather(*tasks[: len(loops)], return_exceptions=True)
            await asyncio.gather(*(loop.finish() for loop in loops), return_exceptions=True)
        for task in [waiter, *tasks]:
            task.cancel()
        for task in done:
            if task is not waiter and task.exception():
                raise task.exception()
