"""Bounded state: 200 reviews through a stack with a 60-second retention; afterwards Redis and
the PDF store are back where they started. Every review ends in exactly one terminal event,
and no stream shows an event id twice."""

from __future__ import annotations

import json
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
import redis as redis_sync
from httpx_sse import connect_sse

from shared.testing.contracts import make_contract

from .conftest import stack_beside

pytestmark = pytest.mark.stack
REVIEWS = 200
RETENTION_S = 60


@pytest.fixture(scope="module")
def short_lived(stack, tmp_path_factory):
    """A stack of its own (its own Redis and store) sharing the session's LLM server."""
    env = {
        "EVENT_TTL_S": str(RETENTION_S), "DRAFT_TTL_S": str(RETENTION_S), "DRAFT_EXPIRES_S": "20",
        "PDF_RETENTION_S": str(RETENTION_S), "PDF_SWEEP_INTERVAL_S": "5", "REVIEW_DEADLINE_S": str(RETENTION_S),
        "CLIENT_GONE_CANCEL_S": "600", "UPLOAD_RATE": "1000/minute",
    }
    with stack_beside(stack, tmp_path_factory.mktemp("soak"), "soak.", env) as s:
        yield s


def review(stack, data: bytes) -> list[dict]:
    with httpx.Client(base_url=stack.base_url, headers=stack.headers(), timeout=60) as c:
        r = c.post("/v1/reviews", files={"file": ("c.pdf", data, "application/pdf")}, data={"question": "What is the governing law?"})
        assert r.status_code == 202, r.text
        out = []
        with connect_sse(c, "GET", f"/v1/reviews/{r.json()['request_id']}/events", timeout=httpx.Timeout(120, read=30)) as es:
            for sse in es.iter_sse():
                if sse.data:
                    out.append({"id": sse.id, "type": sse.event, "data": json.loads(sse.data)})
                if sse.event in ("final", "error", "cancelled"):
                    break
        return out


def footprint(r: redis_sync.Redis, pdf_dir) -> tuple[int, int, int]:
    return r.dbsize(), r.info("memory")["used_memory"], sum(1 for _ in pdf_dir.rglob("*.pdf"))


def test_two_hundred_reviews_leave_nothing_behind_after_retention(short_lived, record_property):
    r = redis_sync.Redis.from_url(short_lived.redis_url)
    pdf_dir = short_lived.workdir / "data" / "pdfs"
    before = footprint(r, pdf_dir)
    contracts = [make_contract(title=f"SUPPLY AGREEMENT NO. {i}").data for i in range(REVIEWS)]
    t0 = time.monotonic()
    with ThreadPoolExecutor(8) as pool:
        streams = list(pool.map(lambda d: review(short_lived, d), contracts))
    took = time.monotonic() - t0
    peak = footprint(r, pdf_dir)
    terminal = [[e["type"] for e in s if e["type"] in ("final", "error", "cancelled")] for s in streams]
    assert all(t == ["final"] for t in terminal), [t for t in terminal if t != ["final"]][:5]
    assert all(len({e["id"] for e in s}) == len(s) for s in streams), "no event id twice on a stream"
    assert all(s[-1]["data"].get("routed") == "no_llm" for s in streams)
    deadline = time.monotonic() + RETENTION_S + 120
    after = footprint(r, pdf_dir)
    while time.monotonic() < deadline and (after[0] > before[0] or after[2] > before[2]):
        time.sleep(2)
        after = footprint(r, pdf_dir)
    r.close()
    print(f"\nsoak: {REVIEWS} reviews in {took:.1f} s; redis keys {before[0]} -> {peak[0]} -> {after[0]}, "
          f"used_memory {before[1]} -> {peak[1]} -> {after[1]} bytes, stored PDFs {before[2]} -> {peak[2]} -> {after[2]}")
    record_property("soak", {"reviews": REVIEWS, "seconds": took, "before": before, "peak": peak, "after": after})
    assert peak[0] > before[0] + REVIEWS and peak[2] == before[2] + REVIEWS, "the run did store state"
    assert after[0] <= before[0], "every Redis key expired"
    assert after[2] == before[2], "every stored PDF was deleted"
    assert after[1] <= before[1] + 1_000_000, "Redis memory is back to where it started"
