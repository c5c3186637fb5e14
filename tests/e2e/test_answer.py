"""The answer against the real local LLM: deltas in batches that join to the answer, the
narrative labelled sentence by sentence, and the same question again replayed from the results
cache with no LLM call."""

from __future__ import annotations

import pytest

from shared.testing.contracts import make_contract

from .conftest import events, submit

pytestmark = pytest.mark.stack
QUESTION = "Mark every liability and termination clause and explain the risk"


@pytest.fixture(scope="module")
def contract():
    return make_contract(title="ANSWER TEST SUPPLY AGREEMENT")


@pytest.fixture(scope="module")
def first(stack, contract):
    import httpx

    with httpx.Client(base_url=stack.base_url, headers=stack.headers(), timeout=30) as c:
        r, _ = submit(c, contract.data, QUESTION)
        assert r.status_code == 202, r.text
        return events(c, r.json()["request_id"])


def test_deltas_come_in_batches_that_join_to_the_answer(first):
    deltas = [e["data"] for e in first if e["type"] == "delta"]
    final = first[-1]["data"]
    assert first[-1]["type"] == "final" and deltas
    assert "".join(d["text"] for d in deltas) == final["commentary"]["text"], "the deltas are the model's commentary"
    assert final["answer"] and final["answer"] != final["commentary"]["text"], "the answer is the summary, not the model's text"
    assert all(len(d["text"]) >= 12 for d in deltas[:-1]) or len(deltas) < final["usage"]["completion_tokens"]
    assert len(deltas) < final["usage"]["completion_tokens"], "fewer events than tokens"
    print(f"\n{len(deltas)} delta events for {final['usage']['completion_tokens']} tokens")


def test_the_commentary_labels_each_sentence_by_its_verified_citations(first, contract):
    final = first[-1]["data"]
    said = final["commentary"]
    sentences = said["sentences"]
    assert "".join("".join(s["text"].split()) for s in sentences) == "".join(said["text"].split())
    assert said["grounded"] + said["unverified"] == len(sentences) and said["model"] == final["model"]
    verified = {(c["page"], c["quote"]) for c in final["citations"]}
    for s in sentences:
        assert s["grounded"] == bool(s["citations"])
        assert {(c["page"], c["quote"]) for c in s["citations"]} <= verified
    grounded = sum(s["grounded"] for s in sentences)
    assert said["grounded"] == grounded
    print(f"\ncommentary: {len(sentences)} sentences, {grounded} grounded; {final['citations_rejected']} citations rejected")


def test_the_same_question_again_is_replayed_from_the_results_cache(stack, contract, first, client):
    again = events(client, submit(client, contract.data, QUESTION.lower() + "?")[0].json()["request_id"])
    final = again[-1]["data"]
    assert again[-1]["type"] == "final" and final["cached"] is True
    assert not [e for e in again if e["type"] == "delta"], "no LLM call, no deltas"
    assert final["answer"] == first[-1]["data"]["answer"] and final["commentary"] == first[-1]["data"]["commentary"] and final["findings"] == first[-1]["data"]["findings"]
    assert final["usage"] == {"prompt_tokens": 0, "completion_tokens": 0} and final["original"]["usage"] == first[-1]["data"]["usage"]
    assert final["cost"]["stages_usd"]["analyze"] <= first[-1]["data"]["cost"]["stages_usd"]["analyze"]
