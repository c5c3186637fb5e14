"""Helpers for tests and benchmarks: generated contracts, consumer loops run until done."""

from __future__ import annotations

import asyncio


async def events_while_running(rt, loop, request_id: str, timeout_s: float = 20.0) -> list:
    """Run a started consumer loop until the request has events (or the timeout); stop it;
    return the events."""
    task = asyncio.create_task(loop.run())
    events: list = []
    try:
        deadline = asyncio.get_running_loop().time() + timeout_s
        while not events and asyncio.get_running_loop().time() < deadline:
            events = await rt.events.read(request_id)
            if not events:
                await asyncio.sleep(0.1)
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await loop.stop()
    return events


async def topic_messages(settings, base_topic: str, timeout_ms: int = 5000) -> list[bytes]:
    """Every message on a (prefixed) topic so far, read from the start outside any group."""
    from aiokafka import AIOKafkaConsumer

    from shared import topics

    consumer = AIOKafkaConsumer(topics.name(base_topic, settings.topic_prefix), bootstrap_servers=settings.kafka_bootstrap, auto_offset_reset="earliest", group_id=None)
    await consumer.start()
    try:
        batch = await consumer.getmany(timeout_ms=timeout_ms)
    finally:
        await consumer.stop()
    return [m.value for msgs in batch.values() for m in msgs]
