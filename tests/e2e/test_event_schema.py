"""What the real stack sends a client, validated against proto/events.asyncapi.json: the
generated document itself, read with jsonschema (not the pydantic models it is made from).

Four reviews of one generated contract: one streamed over SSE (the LLM writes its narrative),
the same question again over the WebSocket (its final replayed from the results cache) with a
follow-up on it, one cancelled over the WebSocket, and one whose stored PDF vanishes before
summarize reads it (an `error` event). `draft_expired` and `followup_error` are not provoked here
(the first takes 90 s, the second a failing model server); the unit tests check their schemas.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal

import httpx
import pytest
import websockets
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from shared.api import client_events
from shared.documents import pdf
from shared.store.blobs import LocalBlobs, blob_key
from shared.testing.contracts import make_contract
from tests.unit.test_client_events import validator

from .conftest import events, reviewed, submit

pytestmark = pytest.mark.stack
QUESTION = "Mark every liability and termination clause and explain the risk"
ASK = "What does this clause mean for the customer?"
DOC = json.loads(client_events.DOC_PATH.read_text(encoding="utf-8"))


def check(message: str, value: dict) -> str:
    """Validate ``value`` as the document's message ``message``; return the name."""
    assert message in DOC["components"]["messages"], f"the stack sent {message!r}, which the document does not describe: {value}"
    validator(DOC, message).validate(value)
    return message


def check_sse(evs: list[dict]) -> set[str]:
    return {check(f"sse_{e['type']}", e["data"]) for e in evs}


def check_ws(msg: dict) -> str:
    return check(f"ws_{msg['type']}", msg)  # an event's envelope, a heartbeat, an answer to a follow-up


@pytest.fixture(scope="module")
def contract():
    return make_contract(title="EVENT SCHEMA SUPPLY AGREEMENT")


@pytest.fixture(scope="module")
def streamed(stack, contract):
    """A review over SSE; the LLM writes it (the document is new to the stack)."""
    with httpx.Client(base_url=stack.base_url, headers=stack.headers(), timeout=30) as c:
        rid, evs = reviewed(c, contract.data, QUESTION)
    assert evs[-1]["type"] == "final", [e["type"] for e in evs]
    return rid, evs


def test_a_review_over_sse_sends_what_the_document_describes(streamed):
    seen = check_sse(streamed[1])
    assert {"sse_accepted", "sse_progress", "sse_draft", "sse_delta", "sse_final"} <= seen, seen


def test_a_finished_reviews_state_and_cost_are_as_the_openapi_document_says(client, streamed):
    """GET state (with its final) and cost of a review that went through every stage, against
    the edge's own /openapi.json (the integration test meets only reviews without workers)."""
    api = client.get("/openapi.json").json()
    registry = Registry().with_resource("urn:api", Resource.from_contents(api, default_specification=DRAFT202012))
    rid = streamed[0]
    for path, name in [(f"/v1/reviews/{rid}", "ReviewState"), (f"/v1/reviews/{rid}/cost", "ReviewCost"), ("/v1/reviews", "ReviewList")]:
        r = client.get(path)
        assert r.status_code == 200, r.text
        Draft202012Validator({"$ref": f"urn:api#/components/schemas/{name}"}, registry=registry).validate(r.json())
    assert client.get(f"/v1/reviews/{rid}").json()["final"]["answer"] == streamed[1][-1]["data"]["answer"]


async def ws_messages(ws, until) -> list[dict]:
    out = []
    while True:
        msg = json.loads(await asyncio.wait_for(ws.recv(), 240))
        out.append(msg)
        if until(msg):
            return out


async def test_a_review_and_a_followup_over_the_websocket(stack, client, contract, streamed):
    r, _ = submit(client, contract.data, QUESTION)  # the same question: its final comes from the results cache
    rid = r.json()["request_id"]
    url = f"ws://127.0.0.1:{stack.edge_port}/v1/reviews/{rid}/ws?followups=true"
    async with websockets.connect(url, additional_headers=stack.headers()) as ws:
        got = await ws_messages(ws, lambda m: m["type"] in ("final", "error", "cancelled"))
        assert got[-1]["type"] == "final" and got[-1]["data"].get("cached") is True, got[-1]
        got += await ws_messages(ws, lambda m: m["type"] == "heartbeat")  # idle after the final
        bad = {"type": "followup", "question": ASK}  # says which clause neither by finding nor by page
        good = {"type": "followup", "question": ASK, "finding": 0}
        sent = {check("ws_followup", bad), check("ws_followup", good)}
        await ws.send(json.dumps(bad))
        got += await ws_messages(ws, lambda m: m["type"] in ("followup_refused", "followup_accepted"))
        assert got[-1]["type"] == "followup_refused" and got[-1]["data"]["code"] == "missing_reference", got[-1]
        await ws.send(json.dumps(good))
        got += await ws_messages(ws, lambda m: m["type"] in ("followup_final", "followup_error"))
    seen = {check_ws(m) for m in got}
    # No draft: the replayed final can come before it, and nothing follows a final but follow-ups.
    expected = {"ws_accepted", "ws_progress", "ws_final", "ws_heartbeat"}
    expected |= {"ws_followup_refused", "ws_followup_accepted", "ws_followup_delta", "ws_followup_final"}
    assert expected <= seen, expected - seen
    assert sent == {"ws_followup"}


async def test_a_cancel_and_a_refusal_over_the_websocket(stack, client, contract):
    r, _ = submit(client, contract.data, "Explain every clause of this contract in detail, one by one")
    rid = r.json()["request_id"]
    url = f"ws://127.0.0.1:{stack.edge_port}/v1/reviews/{rid}/ws"
    async with websockets.connect(url, additional_headers=stack.headers()) as ws:
        cancel = {"type": "cancel"}
        check("ws_cancel", cancel)
        await ws.send(json.dumps(cancel))
        got = await ws_messages(ws, lambda m: m["type"] in ("final", "error", "cancelled"))
    assert got[-1]["type"] == "cancelled", got[-1]
    seen = {check_ws(m) for m in got} | check_sse(events(client, rid))
    assert {"ws_cancelled", "sse_cancelled"} <= seen
    async with websockets.connect(url, additional_headers={"Authorization": "Bearer not-a-key"}) as ws:
        refusal = json.loads(await asyncio.wait_for(ws.recv(), 10))
        await ws.wait_closed()
    check("ws_refused", refusal)
    assert ws.close_code == 4401


def test_a_stage_failure_sends_an_error_event(stack, client):
    """The stored PDF is gone when summarize comes to read it (summarize is paused meanwhile)."""
    data = make_contract(title="EVENT SCHEMA VANISHING AGREEMENT").data
    summarize = stack.procs["summarize"]
    os.killpg(summarize.pid, signal.SIGSTOP)
    try:
        r, _ = submit(client, data, QUESTION)
        assert r.status_code == 202, r.text
        LocalBlobs(stack.workdir / "data" / "pdfs").path(blob_key(stack.tenants[0], pdf.sha256(data))).unlink()
    finally:
        os.killpg(summarize.pid, signal.SIGCONT)
    evs = events(client, r.json()["request_id"], timeout=120)
    assert evs[-1]["type"] == "error" and evs[-1]["data"]["stage"] == "summarize", evs[-1]
    assert "sse_error" in check_sse(evs)
    assert client.get(f"/v1/reviews/{r.json()['request_id']}").json()["status"] == "failed"
