"""Follow-ups on one clause of a finished review, against the real local LLM: over HTTP and
over the WebSocket, streamed on the review's event stream with their own id, their own end
event and their own cost; the prompt is that clause's context only."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest
import websockets
from httpx_sse import connect_sse

from shared.testing.contracts import make_contract

from .conftest import events, submit

pytestmark = pytest.mark.stack
QUESTION = "Mark every liability and termination clause and explain the risk"
ASK = "What does this clause mean for the customer?"


@pytest.fixture(scope="module")
def done(stack):
    """A finished review of a longer contract (its prompt fills the context budget)."""
    with httpx.Client(base_url=stack.base_url, headers=stack.headers(), timeout=30) as c:
        r, _ = submit(c, make_contract(title="FOLLOW-UP SUPPLY AGREEMENT", extra_pages=6).data, QUESTION)
        assert r.status_code == 202, r.text
        evs = events(c, r.json()["request_id"])
        assert evs[-1]["type"] == "final", evs[-1]
        return r.json()["request_id"], evs


def followup_events(client: httpx.Client, rid: str, fid: str) -> list[dict]:
    out = []
    with connect_sse(client, "GET", f"/v1/reviews/{rid}/events", params={"followup": fid}, timeout=httpx.Timeout(240, read=60)) as source:
        assert source.response.status_code == 200
        for sse in source.iter_sse():
            if not sse.data:
                continue
            out.append({"id": sse.id, "type": sse.event, "data": json.loads(sse.data)})
            if sse.event in ("followup_final", "followup_error"):
                break
    return out


def test_a_followup_on_a_finding_is_answered_from_that_clause_on_the_same_stream(client, done):
    rid, review = done
    final = review[-1]["data"]
    assert final["findings"], "the review found clauses to ask about"
    r = client.post(f"/v1/reviews/{rid}/followups", json={"question": ASK, "finding": 0})
    assert r.status_code == 202, r.text
    fid = r.json()["followup_id"]
    evs = followup_events(client, rid, fid)
    assert evs[-1]["type"] == "followup_final", evs[-1]
    end = evs[-1]["data"]
    deltas = [e["data"] for e in evs if e["type"] == "followup_delta"]
    assert all(d["followup_id"] == fid for d in deltas) and "".join(d["text"] for d in deltas) == end["answer"]
    assert end["followup_id"] == fid and end["question"] == ASK
    assert (end["page"], end["quote"]) == (final["findings"][0]["page"], final["findings"][0]["quote"])
    assert end["cost"]["total_usd"] > 0 and end["usage"]["completion_tokens"] > 0
    recorded = client.get(f"/v1/reviews/{rid}/cost").json()["stages"].get(f"followup:{fid}")
    assert recorded and recorded["completion_tokens"] == end["usage"]["completion_tokens"], "GET …/cost records the follow-up"
    share = end["usage"]["prompt_tokens"] / final["usage"]["prompt_tokens"]
    print(f"\nfollow-up prompt {end['usage']['prompt_tokens']} tokens, the review's {final['usage']['prompt_tokens']} ({share:.0%})")
    assert share < 0.5, "the clause's context, not the located pages"
    # The review's own stream still ends at its final; the follow-up's events come after it.
    whole = events(client, rid)
    assert whole[-1]["type"] == "final" and whole[-1]["id"] == review[-1]["id"]


def test_a_followup_needs_a_finished_review_of_the_tenant_and_a_real_clause(stack, client, done):
    rid, review = done
    pending, _ = submit(client, make_contract(title="NOT YET FINISHED").data, QUESTION)
    not_yet = client.post(f"/v1/reviews/{pending.json()['request_id']}/followups", json={"question": ASK, "finding": 0})
    assert not_yet.status_code == 409 and not_yet.json()["error"]["code"] == "not_ready"
    other = httpx.post(f"{stack.base_url}/v1/reviews/{rid}/followups", json={"question": ASK, "finding": 0}, headers=stack.headers("other"), timeout=10)
    assert other.status_code == 404
    assert client.post(f"/v1/reviews/{rid}/followups", json={"question": ASK}).json()["error"]["code"] == "missing_reference"
    assert client.post(f"/v1/reviews/{rid}/followups", json={"question": ASK, "finding": 999}).json()["error"]["code"] == "no_such_finding"
    off = client.post(f"/v1/reviews/{rid}/followups", json={"question": ASK, "page": 1, "quote": "words that are on no page of this contract"})
    assert off.status_code == 400 and off.json()["error"]["code"] == "quote_not_on_page"
    assert client.post(f"/v1/reviews/{rid}/followups", json={"question": "", "page": 1}).status_code == 400


async def test_a_followup_over_the_websocket(stack, done):
    rid, review = done
    quote = review[-1]["data"]["findings"][-1]
    url = f"ws://127.0.0.1:{stack.edge_port}/v1/reviews/{rid}/ws?followups=true&after={review[-1]['id']}"
    async with websockets.connect(url, additional_headers=stack.headers()) as ws:
        await ws.send(json.dumps({"type": "followup", "question": ASK, "page": quote["page"], "quote": quote["quote"]}))
        got, fid = [], None  # earlier follow-ups' events come first: this stream is every follow-up's
        while fid is None or not (got[-1]["type"] in ("followup_final", "followup_error") and got[-1]["data"]["followup_id"] == fid):
            msg = json.loads(await asyncio.wait_for(ws.recv(), 240))
            assert msg["type"] != "followup_refused", msg
            if msg["type"] == "followup_accepted":
                fid = msg["followup_id"]
            elif msg["type"] != "heartbeat":
                got.append(msg)
    mine = [m for m in got if m["data"].get("followup_id") == fid]
    assert mine[-1]["type"] == "followup_final" and [m["type"] for m in mine[:-1]] == ["followup_delta"] * (len(mine) - 1)
    assert mine[-1]["data"]["quote"] == quote["quote"]
