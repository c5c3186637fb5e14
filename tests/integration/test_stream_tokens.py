"""What a stream token may do, and that it never reaches a log (issue 21, defect 7): the edge
alone, as its own process (its log read back from the file its stdout and stderr go to), on the
real broker and Redis, no workers.

A stream token reads one review's events (SSE, WebSocket), and may cancel it (as closing the
stream does by itself); it asks no follow-ups: they spend the tenant's LLM budget, so they need
the API key, and a review takes at most CLAUSEFLOW_MAX_FOLLOWUPS_PER_REVIEW of them."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest
import websockets
from redis.asyncio import Redis

from shared.core.apikeys import new_key
from shared.store.state import State
from shared.testing import edge_process
from shared.testing.contracts import make_contract

KEY = new_key()
HEADERS = {"Authorization": f"Bearer {KEY}"}
MAX_FOLLOWUPS = 2
FINAL = {"findings": [{"category": "Cap On Liability", "page": 1, "quote": "liability", "score": 0.9}], "absent": [], "answer": "", "citations": []}


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    return tmp_path_factory.mktemp("tokens")


@pytest.fixture(scope="module")
def edge(settings_module, workdir):
    env = {"review_deadline_s": "120", "client_gone_cancel_s": "600", "heartbeat_s": "0.5", "max_followups_per_review": str(MAX_FOLLOWUPS)}
    with edge_process(settings_module, workdir, {"tok": KEY}, **env) as base:
        yield base


def upload(edge: str) -> dict:
    r = httpx.post(f"{edge}/v1/reviews", files={"file": ("c.pdf", make_contract().data, "application/pdf")}, data={"question": "liability?"}, headers=HEADERS, timeout=20)
    assert r.status_code == 202, r.text
    return r.json()


async def finished(edge: str, settings) -> dict:
    """An uploaded review given a final (as analyze would write it), so follow-ups can be asked."""
    review = upload(edge)
    redis = Redis.from_url(settings.redis_url)
    try:
        await State.for_settings(settings, redis).update_review(review["request_id"], status="done", final=FINAL)
    finally:
        await redis.aclose()
    return review


def log_text(workdir) -> str:
    (log,) = workdir.glob("edge-*.log")
    return log.read_text(errors="replace")


# --- the token never reaches a log ---------------------------------------------------------------


async def test_stream_tokens_are_redacted_from_the_edges_real_log(edge, workdir):
    review = upload(edge)
    rid, token = review["request_id"], review["stream_token"]
    assert httpx.delete(f"{edge}/v1/reviews/{rid}", headers=HEADERS, timeout=10).status_code == 202  # its stream ends
    r = httpx.get(review["events_url"], timeout=10)  # SSE with ?token=
    assert r.status_code == 200 and "event: cancelled" in r.text
    wrong = "WrongTokenNeverLogged123"
    assert httpx.get(f"{edge}/v1/reviews/{rid}/events", params={"token": wrong, "after": "0-0"}, timeout=10).status_code == 404
    async with websockets.connect(review["ws_url"]) as ws:  # the WebSocket with ?token=
        assert json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] == "accepted"
    await asyncio.sleep(0.5)  # the log lines of the requests just answered
    text = log_text(workdir)
    assert f"/v1/reviews/{rid}/events" in text, "the access log is on: the test reads real request lines"
    assert token not in text and wrong not in text, "a stream token is in the edge's log"
    assert KEY not in text
    assert "token=[redacted]" in text


# --- a stream token follows; it asks no follow-ups ------------------------------------------------


async def ws_followup(url: str, headers: dict) -> dict:
    """Open the review's socket with ?followups=true, ask about finding 0, return the answer."""
    async with websockets.connect(url, additional_headers=headers) as ws:
        await ws.send(json.dumps({"type": "followup", "question": "What does it cap?", "finding": 0}))
        while True:
            msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
            if msg["type"] in ("followup_accepted", "followup_refused"):
                return msg


async def test_a_stream_token_cannot_ask_followups_over_the_websocket(edge, settings_module):
    review = await finished(edge, settings_module)
    answer = await ws_followup(review["ws_url"] + "&followups=true", {})
    assert answer["type"] == "followup_refused" and answer["data"]["code"] == "unauthorized", answer
    # The same socket opened with the API key may ask.
    url = f"{edge.replace('http', 'ws', 1)}/v1/reviews/{review['request_id']}/ws?followups=true"
    assert (await ws_followup(url, HEADERS))["type"] == "followup_accepted"


async def test_a_stream_token_cannot_ask_followups_over_http(edge, settings_module):
    review = await finished(edge, settings_module)
    rid, token = review["request_id"], review["stream_token"]
    r = httpx.post(f"{edge}/v1/reviews/{rid}/followups", params={"token": token}, json={"question": "What does it cap?", "finding": 0}, timeout=10)
    assert r.status_code == 401 and r.json()["error"]["code"] == "unauthorized"


async def test_a_stream_token_still_reads_its_reviews_events(edge, settings_module):
    review = await finished(edge, settings_module)
    async with websockets.connect(review["ws_url"]) as ws:
        assert json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] == "accepted"


async def test_followups_have_a_limit_per_review(edge, settings_module):
    review = await finished(edge, settings_module)
    rid = review["request_id"]

    def ask():
        return httpx.post(f"{edge}/v1/reviews/{rid}/followups", json={"question": "What does it cap?", "finding": 0}, headers=HEADERS, timeout=10)

    assert [ask().status_code for _ in range(MAX_FOLLOWUPS)] == [202] * MAX_FOLLOWUPS
    over = ask()
    assert over.status_code == 429 and over.json()["error"]["code"] == "too_many_followups", over.text
    # Over the WebSocket too, and the count is per review: another review still takes follow-ups.
    url = f"{edge.replace('http', 'ws', 1)}/v1/reviews/{rid}/ws?followups=true"
    refused = await ws_followup(url, HEADERS)
    assert refused["type"] == "followup_refused" and refused["data"]["code"] == "too_many_followups"
    other = (await finished(edge, settings_module))["request_id"]
    r = httpx.post(f"{edge}/v1/reviews/{other}/followups", json={"question": "What does it cap?", "finding": 0}, headers=HEADERS, timeout=10)
    assert r.status_code == 202, r.text
    assert "followups_asked" not in httpx.get(f"{edge}/v1/reviews/{rid}", headers=HEADERS, timeout=10).json()
