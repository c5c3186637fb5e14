"""Helpers for tests and benchmarks: generated contracts, consumer loops run until done."""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import sys


async def events_while_running(rt, loop, request_id: str, timeout_s: float = 20.0, until: str | None = None) -> list:
    """Run a started consumer loop until the request has events (with ``until``: an event of
    that type), or the timeout; stop it; return the events."""
    task = asyncio.create_task(loop.run())
    events: list = []
    try:
        deadline = asyncio.get_running_loop().time() + timeout_s
        while (not events if until is None else until not in [e.type for e in events]) and asyncio.get_running_loop().time() < deadline:
            events = await rt.events.read(request_id)
            if not events or until is not None:
                await asyncio.sleep(0.1)
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await loop.stop()
    return events


async def topic_messages(settings, base_topic: str, timeout_ms: int = 5000) -> list[bytes]:
    """Every message on a (prefixed) topic so far, read from the start outside any group."""
    from aiokafka import AIOKafkaConsumer

    from shared.core import topics

    consumer = AIOKafkaConsumer(topics.name(base_topic, settings.topic_prefix), bootstrap_servers=settings.kafka_bootstrap, auto_offset_reset="earliest", group_id=None)
    await consumer.start()
    try:
        batch = await consumer.getmany(timeout_ms=timeout_ms)
    finally:
        await consumer.stop()
    return [m.value for msgs in batch.values() for m in msgs]


@contextlib.contextmanager
def edge_process(settings, workdir, keys: dict[str, str], **env: str):
    """The edge alone, its own process on a free port, with an API key per tenant (``keys``:
    tenant -> key) and ``CLAUSEFLOW_*`` overrides; yields its base URL."""
    from local.stack import free_port
    from shared.core.apikeys import digest

    port = free_port()
    full = {
        **os.environ,
        "CLAUSEFLOW_KAFKA_BOOTSTRAP": settings.kafka_bootstrap,
        "CLAUSEFLOW_REDIS_URL": settings.redis_url,
        "CLAUSEFLOW_TOPIC_PREFIX": settings.topic_prefix,
        "CLAUSEFLOW_DATA_DIR": str(workdir / "data"),
        "CLAUSEFLOW_PORT": str(port),
        "CLAUSEFLOW_API_KEYS": ",".join(f"{tenant}:{digest(key)}" for tenant, key in keys.items()),
        **{f"CLAUSEFLOW_{k.upper()}": v for k, v in env.items()},
    }
    with open(workdir / f"edge-{port}.log", "wb") as log:
        with serving([sys.executable, "-m", "services.edge"], f"http://127.0.0.1:{port}/healthz", "edge", env=full, stdout=log, stderr=subprocess.STDOUT):
            yield f"http://127.0.0.1:{port}"


@contextlib.contextmanager
def serving(cmd: list[str], health_url: str, name: str, **popen):
    """A server process from the repository root, until its ``health_url`` answers; stopped after."""
    from local.stack import ROOT, wait_http

    proc = subprocess.Popen(cmd, cwd=ROOT, **popen)
    try:
        wait_http(health_url, proc, 30, name)
        yield proc
    finally:
        proc.terminate()
        proc.wait(10)
