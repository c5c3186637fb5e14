"""End to end on contracts the tests generate: upload, stream, reconnect, cancel, bad input."""

from __future__ import annotations

import asyncio
import json
import time

import pytest
import websockets
from aiokafka import AIOKafkaConsumer, TopicPartition

from shared.clauses import catalogue
from shared.core import topics
from shared.testing.contracts import CLAUSES, encrypted, make_contract, page_text

from .conftest import MAX_UPLOAD, events, submit

pytestmark = pytest.mark.stack
QUESTION = "Mark every liability and termination clause and explain the risk"
TEXTS = {p: page_text(p) for p in CLAUSES}


@pytest.fixture(scope="module")
def contract():
    return make_contract(extra_pages=4)


@pytest.fixture(scope="module")
def reviewed(stack, contract):
    """One full review of the generated contract, shared by the assertions below."""
    import httpx

    with httpx.Client(base_url=stack.base_url, headers=stack.headers(), timeout=30) as c:
        r, took = submit(c, contract.data, QUESTION)
        assert r.status_code == 202, r.text
        return r, took, events(c, r.json()["request_id"])


def test_upload_answers_202_with_links(reviewed, contract):
    r, took, _ = reviewed
    body = r.json()
    assert body["page_count"] == contract.page_count
    rid = body["request_id"]
    assert r.headers["location"] == f"/v1/reviews/{rid}"
    token = body["stream_token"]
    assert body["events_url"].endswith(f"/v1/reviews/{rid}/events?token={token}")
    assert body["ws_url"].startswith("ws://") and body["ws_url"].endswith(f"/v1/reviews/{rid}/ws?token={token}")


def test_events_arrive_in_order(reviewed):
    types = [e["type"] for e in reviewed[2]]
    assert types[0] == "accepted" and types[-1] == "final", types
    assert "draft" in types and types.index("draft") < types.index("final")
    assert types.index("progress") < types.index("draft")
    deltas = [i for i, t in enumerate(types) if t == "delta"]
    assert deltas and all(types.index("draft") < i < len(types) - 1 for i in deltas), "the draft precedes the narrative"
    ids = [e["id"] for e in reviewed[2]]
    assert ids == sorted(ids, key=lambda i: tuple(map(int, i.split("-")))), "event ids increase"


def test_draft_locates_and_quotes_the_liability_page(reviewed, contract):
    draft = next(e["data"] for e in reviewed[2] if e["type"] == "draft")
    pages = [p["page"] for p in draft["pages"]]
    assert contract.liability_page in pages and contract.termination_page in pages
    assert 1 <= len(pages) <= 5
    for ev in draft["evidence"]:
        assert catalogue.quote_on_page(ev["quote"], TEXTS[ev["page"]]), ev
    assert any(ev["page"] == contract.liability_page and ev["category"] == "Cap On Liability" for ev in draft["evidence"])
    assert draft["expires_at"] > time.time()


def test_final_citations_occur_on_their_pages(reviewed, contract):
    events_ = reviewed[2]
    final = events_[-1]["data"]
    assert final["mode"] == "located"
    assert final["citations"], "the findings give at least one checked citation"
    for c in final["citations"]:
        assert c["page"] in TEXTS, c
        assert catalogue.quote_on_page(c["quote"], TEXTS[c["page"]]), c
    # Findings read the whole document (the clause model is cheap); the LLM reads the located pages.
    draft = next(e["data"] for e in events_ if e["type"] == "draft")
    assert {f["category"] for f in final["findings"]} <= set(draft["categories"])
    assert any(f["page"] == contract.liability_page and f["category"] == "Cap On Liability" for f in final["findings"])
    for f in final["findings"]:
        assert catalogue.quote_on_page(f["quote"], TEXTS[f["page"]]), f
        assert f["risk_source"] == "template" and all(fact["text"] in f["quote"] for fact in f["facts"]), f
    assert {a["category"] for a in final["absent"]}.isdisjoint({f["category"] for f in final["findings"]})
    assert final["commentary"]["text"] == "".join(e["data"]["text"] for e in events_ if e["type"] == "delta")
    for row in final["summary"]:  # the answer is the summary in words, one line per asked category
        assert any(line.startswith(f"{row['category']}: ") for line in final["answer"].splitlines()), (row, final["answer"])
    assert final["commentary"]["text"] not in final["answer"], "the model's text is never the answer"
    assert final["usage"]["completion_tokens"] > 0 and final["model"]
    assert set(final["timings"]) == {"summarize", "locate", "analyze"}
    assert final["cost"]["total_usd"] > 0


def test_state_and_cost_endpoints(client, reviewed):
    rid = reviewed[0].json()["request_id"]
    state = client.get(f"/v1/reviews/{rid}").json()
    assert state["status"] == "done" and state["final"]["answer"] == reviewed[2][-1]["data"]["answer"]
    assert state["draft"] is None and state["draft_expired"] is False, "the final replaces the draft"
    cost = client.get(f"/v1/reviews/{rid}/cost").json()
    assert {"summarize", "locate", "phase2", "analyze"} <= set(cost["stages"])
    assert client.get("/v1/reviews/nope").status_code == 404


def test_reconnect_with_last_event_id_replays_only_missed_events(client, reviewed):
    all_events = reviewed[2]
    rid = reviewed[0].json()["request_id"]
    cut = next(i for i, e in enumerate(all_events) if e["type"] == "draft")
    resumed = events(client, rid, last_event_id=all_events[cut]["id"])
    assert [e["id"] for e in resumed] == [e["id"] for e in all_events[cut + 1 :]]
    by_query = client.get(f"/v1/reviews/{rid}/events", params={"after": "bogus"})
    assert by_query.status_code == 400 and by_query.json()["error"]["code"] == "bad_event_id"


async def test_websocket_carries_the_same_events(stack, reviewed):
    rid = reviewed[0].json()["request_id"]
    got = []
    async with websockets.connect(f"ws://127.0.0.1:{stack.edge_port}/v1/reviews/{rid}/ws", additional_headers=stack.headers()) as ws:
        async for raw in ws:
            msg = json.loads(raw)
            if msg["type"] != "heartbeat":
                got.append(msg)
    assert [(m["id"], m["type"], m["data"]) for m in got] == [(e["id"], e["type"], e["data"]) for e in reviewed[2]]
    after = reviewed[2][1]["id"]
    async with websockets.connect(f"ws://127.0.0.1:{stack.edge_port}/v1/reviews/{rid}/ws?after={after}", additional_headers=stack.headers()) as ws:
        first = json.loads(await asyncio.wait_for(ws.recv(), 10))
    assert first["id"] == reviewed[2][2]["id"]


async def test_websocket_cancel_stops_the_review(stack, contract, client):
    r, _ = submit(client, contract.data, "Explain every clause of this contract in detail")
    rid = r.json()["request_id"]
    seen = []
    async with websockets.connect(r.json()["ws_url"]) as ws:  # a browser's way: the review's stream token, no key
        await ws.send(json.dumps({"type": "cancel"}))
        async for raw in ws:
            msg = json.loads(raw)
            seen.append(msg["type"])
            if msg["type"] in ("cancelled", "final", "error"):
                break
    assert "cancelled" in seen and "final" not in seen
    assert client.get(f"/v1/reviews/{rid}").json()["status"] == "cancelled"


def test_delete_cancels(client, contract):
    # Not the question reviewed above: that one's final would be replayed from the results cache.
    r, _ = submit(client, contract.data, "Explain the liability clauses one by one")
    rid = r.json()["request_id"]
    assert client.delete(f"/v1/reviews/{rid}").status_code == 202
    evs = events(client, rid)
    assert evs[-1]["type"] == "cancelled" and "final" not in [e["type"] for e in evs]


def _requested_end_offset(stack) -> int:
    async def end() -> int:
        c = AIOKafkaConsumer(bootstrap_servers=stack.kafka, group_id=None)
        await c.start()
        try:
            name = topics.name(topics.REQUESTED, stack.topic_prefix)
            await c.topics()  # fetches the cluster's metadata
            parts = [TopicPartition(name, p) for p in c.partitions_for_topic(name)]
            return sum((await c.end_offsets(parts)).values())
        finally:
            await c.stop()

    return asyncio.run(end())


def test_bad_uploads_get_4xx_json_and_never_reach_kafka(stack, client, contract):
    before = _requested_end_offset(stack)
    big = contract.data + b"%" + b"0" * MAX_UPLOAD
    cases = [
        ("not a pdf", b"hello, I am a text file", QUESTION, 415, "not_a_pdf"),
        ("empty", b"", QUESTION, 415, "not_a_pdf"),
        ("truncated", contract.data[: len(contract.data) // 2], QUESTION, 422, "corrupt_pdf"),
        ("encrypted", encrypted(contract.data), QUESTION, 422, "encrypted_pdf"),
        ("over the size limit", big, QUESTION, 413, "too_large"),
    ]
    for name, data, question, status, code in cases:
        r, _ = submit(client, data, question)
        assert r.status_code == status, (name, r.status_code, r.text)
        assert r.json()["error"]["code"] == code, name
        assert r.json()["error"]["message"], name
    r = client.post("/v1/reviews", data={"question": QUESTION})
    assert r.status_code == 400 and r.json()["error"]["code"] == "missing_file"
    assert _requested_end_offset(stack) == before


def test_cancel_while_the_llm_writes_stops_generation(stack, client, contract):
    """DELETE after the first delta: analyze closes its LLM stream, no final is written."""
    import redis as redis_sync

    r, _ = submit(client, contract.data, "Explain every clause of this contract in detail, one by one")
    rid = r.json()["request_id"]
    first = events(client, rid, stop_after="delta")
    assert first[-1]["type"] == "delta", [e["type"] for e in first]
    assert client.delete(f"/v1/reviews/{rid}").json()["status"] == "cancelled"
    time.sleep(3)  # the answer would have finished in this time: 96 tokens at ~70 tokens/s
    with redis_sync.Redis.from_url(stack.redis_url) as rc:
        raw = rc.xrange(f"events:{rid}")
    types = [fields[b"type"].decode() for _, fields in raw]
    assert "final" not in types and client.get(f"/v1/reviews/{rid}").json().get("final") is None
    after_cancel = types[types.index("cancelled") + 1 :]
    assert after_cancel.count("delta") <= 3, f"generation went on after the cancel: {len(after_cancel)} more deltas"


def test_a_document_without_text_falls_back_to_the_whole_document(client):
    from shared.testing.contracts import scanned

    r, _ = submit(client, scanned(3), QUESTION)
    assert r.status_code == 202, r.text
    evs = events(client, r.json()["request_id"])
    types = [e["type"] for e in evs]
    assert types[-1] == "final", types
    draft = next(e["data"] for e in evs if e["type"] == "draft")
    assert draft["mode"] == "fallback_full" and [p["page"] for p in draft["pages"]] == [1, 2, 3]
    assert draft["evidence"] == [] and all(p["summary"] == "(no text layer on this page)" for p in draft["pages"])
    final = evs[-1]["data"]
    assert final["mode"] == "fallback_full" and final["findings"] == [] and final["citations"] == []


def test_a_simple_question_of_fact_is_answered_without_the_llm(client, contract):
    r, _ = submit(client, contract.data, "What is the governing law?")
    evs = events(client, r.json()["request_id"])
    types = [e["type"] for e in evs]
    final = evs[-1]["data"]
    assert types[-1] == "final" and "delta" not in types and "error" not in types
    assert final["routed"] == "no_llm" and final["model"] == "none"
    assert final["usage"] == {"prompt_tokens": 0, "completion_tokens": 0}
    assert "laws of the State of New York" in final["answer"]
    assert final["commentary"] is None, "no model, no commentary"
    assert any("laws of the State of New York" in c["quote"] for c in final["citations"]), "the quoted clause is a verified citation"
    gl = [f for f in final["findings"] if f["category"] == "Governing Law"]
    assert gl and gl[0]["page"] == 4 and catalogue.quote_on_page(gl[0]["quote"], TEXTS[4])


def test_a_question_asking_for_explanation_goes_to_the_llm(reviewed):
    final = reviewed[2][-1]["data"]
    assert "routed" not in final and final["usage"]["completion_tokens"] > 0


def test_a_part_of_the_question_no_category_answers_is_named(client, contract):
    """The draft asks about it and the final says it was not checked (shared/clauses/routing_parts.py)."""
    r, _ = submit(client, contract.data, "What is the governing law, and who pays if a customer sues us?")
    evs = events(client, r.json()["request_id"])
    assert evs[-1]["type"] == "final", [e["type"] for e in evs]
    part = "who pays if a customer sues us"
    # answered without the LLM, the final may come before the draft, which is then not shown
    for draft in (e["data"] for e in evs if e["type"] == "draft"):
        assert draft["categories"] == ["Governing Law"]
        assert f"“{part}” matched no clause category this review checks: which clause would answer it?" in draft["questions"]
    final = evs[-1]["data"]
    assert final["unasked"] == [{"part": part, "suggest": []}]
    assert "laws of the State of New York" in final["answer"]  # the part it did answer, answered
    assert final["answer"].endswith(f"Not checked: “{part}” matched no clause category this review checks.")
    report = client.get(f"/v1/reviews/{r.json()['request_id']}/report.json").json()
    assert report["unasked"] == final["unasked"]


def test_a_question_of_no_category_keeps_the_passages_on_its_words(client, contract):
    """Nothing is looked for, and the final says so; the passages the draft quoted on the question's words stay, as checked
    citations (IMPERIAL GARDEN, asked whether the fees come back: the draft quoted the refund sentences, the final nothing)."""
    r, _ = submit(client, contract.data, "When is the monthly fee invoice due, and do late payments bear interest?")
    evs = events(client, r.json()["request_id"])
    assert evs[-1]["type"] == "final", [e["type"] for e in evs]
    final = evs[-1]["data"]
    assert final["findings"] == [] and final["summary"] == [] and final["answer"].startswith("The question names no clause category")
    assert any(c["page"] == 2 and "Late payments bear interest" in c["quote"] for c in final["citations"])
    assert all(catalogue.quote_on_page(c["quote"], TEXTS[c["page"]]) for c in final["citations"] if c["page"] in TEXTS)
    for draft in (e["data"] for e in evs if e["type"] == "draft"):  # what the draft quoted is still there
        cited = {(c["page"], c["quote"]) for c in final["citations"]}
        assert draft["evidence"] and all((q["page"], q["quote"]) in cited for q in draft["evidence"])
