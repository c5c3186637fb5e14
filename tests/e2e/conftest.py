"""The whole local stack — broker, Redis, LLM server, five services — once per session."""

from __future__ import annotations

import contextlib
import json
import time

import httpx
import pytest
from httpx_sse import connect_sse

from local.stack import Stack

MAX_UPLOAD = 2_000_000


@pytest.fixture(scope="session")
def stack(tmp_path_factory):
    s = Stack(
        workdir=tmp_path_factory.mktemp("stack"),
        topic_prefix="e2e.",
        tenants=("dev", "other"),
        extra_env={
            "CLAUSEFLOW_MAX_TOKENS": "96",
            "CLAUSEFLOW_CONTEXT_TOKENS": "900",
            "CLAUSEFLOW_MAX_UPLOAD_BYTES": str(MAX_UPLOAD),
            "CLAUSEFLOW_CLIENT_GONE_CANCEL_S": "600",
            "CLAUSEFLOW_UPLOAD_RATE": "2000/minute",
            # a service told to stop in the middle of a model call (10 s on two busy cores) gives it 3 s, not the
            # default 10: test_supervise's SIGTERM must stop each service within 5 s whatever it is doing
            "CLAUSEFLOW_DRAIN_TIMEOUT_S": "3",
        },
    ).start()
    yield s
    s.stop()


@pytest.fixture
def client(stack):
    with httpx.Client(base_url=stack.base_url, headers=stack.headers(), timeout=30) as c:
        yield c


@contextlib.contextmanager
def stack_beside(stack: Stack, workdir, prefix: str, env: dict[str, str], **options):
    """A stack of its own (its own broker, Redis, store and services) sharing the session's LLM
    server; ``env``: CLAUSEFLOW_* settings without the prefix; ``options``: Stack's own."""
    s = Stack(workdir=workdir, llm_url=stack.llm_url, topic_prefix=prefix, extra_env={f"CLAUSEFLOW_{k}": v for k, v in env.items()}, **options).start()
    try:
        yield s
    finally:
        s.stop()


def submit(client: httpx.Client, data: bytes, question: str, filename: str = "contract.pdf") -> tuple[httpx.Response, float]:
    t0 = time.perf_counter()
    r = client.post("/v1/reviews", files={"file": (filename, data, "application/pdf")}, data={"question": question})
    return r, time.perf_counter() - t0


def reviewed(client: httpx.Client, data: bytes, question: str, filename: str = "contract.pdf") -> tuple[str, list[dict]]:
    """Upload (202 or the test fails) and follow the review to its end: its id and its events."""
    r, _ = submit(client, data, question, filename)
    assert r.status_code == 202, r.text
    rid = r.json()["request_id"]
    return rid, events(client, rid)


def events(client: httpx.Client, rid: str, *, last_event_id: str | None = None, stop_after: str | None = None, timeout: float = 240) -> list[dict]:
    """SSE events of one review until a terminal event (or ``stop_after`` a type)."""
    headers = {"Last-Event-ID": last_event_id} if last_event_id else {}
    out = []
    deadline = time.monotonic() + timeout
    with connect_sse(client, "GET", f"/v1/reviews/{rid}/events", headers=headers, timeout=httpx.Timeout(timeout, read=30)) as source:
        assert source.response.status_code == 200
        assert source.response.headers["content-type"].startswith("text/event-stream")
        for sse in source.iter_sse():
            if not sse.data:  # a heartbeat comment: httpx-sse hands it over as an empty message
                continue
            out.append({"id": sse.id, "type": sse.event, "data": json.loads(sse.data)})
            if sse.event in ("final", "error", "cancelled") or sse.event == stop_after or time.monotonic() > deadline:
                break
    return out
