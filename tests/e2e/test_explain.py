"""The model's one sentence per deviation (CLAUSEFLOW_EXPLAIN_DEVIATIONS), against the real
local model server: each deviation of a clause gets a sentence, citation-checked (grounded only
if its quote is on the page it names), beside the position and never instead of it; its
tokens are in the review's usage. With the setting off (the session's stack), no sentence.

The local model (SmolLM2-135M) writes weak sentences: what is tested is the path and the
labels, not their quality (the setting is meant for the compose `gpu` profile's model)."""

from __future__ import annotations

import httpx
import pytest

from shared.clauses import catalogue, playbook
from shared.documents import pdf
from shared.testing.contracts import make_contract

from .conftest import reviewed, stack_beside

pytestmark = pytest.mark.stack
QUESTION = "Mark every liability and termination clause and explain the risk"


def strict_notice() -> dict:
    """The default playbook with termination for convenience needing 120 days' notice: the
    generated contract's 90 days deviate."""
    rules = [r.model_dump(exclude_none=True) for r in playbook.default().rules]
    for r in rules:
        if r["category"] == "Termination For Convenience":
            r["conditions"] = [{"term": "notice_period", "at_least": 120}]
    return {"name": "notice at least 120 days", "rules": rules}


@pytest.fixture(scope="module")
def own(stack, tmp_path_factory):
    env = {"EXPLAIN_DEVIATIONS": "2", "EXPLAIN_MAX_TOKENS": "48", "EXPLAIN_TIMEOUT_S": "120", "MAX_TOKENS": "32", "CLIENT_GONE_CANCEL_S": "600"}
    with stack_beside(stack, tmp_path_factory.mktemp("explain"), "explain.", env) as s:
        yield s


def test_each_deviation_gets_a_checked_sentence_beside_its_position(own):
    contract = make_contract(title="EXPLAINED SERVICES AGREEMENT")
    texts = pdf.page_texts(contract.data)
    with httpx.Client(base_url=own.base_url, headers=own.headers(), timeout=30) as c:
        assert c.put("/v1/playbook", json=strict_notice()).status_code == 200
        _, evs = reviewed(c, contract.data, QUESTION)
    assert evs[-1]["type"] == "final", [e["type"] for e in evs]
    fin = evs[-1]["data"]
    devs = [d for d in fin["playbook"]["deviations"] if d.get("page")]
    assert any(d["category"] == "Termination For Convenience" for d in devs), fin["playbook"]
    explained = [d for d in devs if "explanation" in d]
    assert explained and len(explained) <= 2, devs
    spent = 0
    for d in explained:
        x = d["explanation"]
        print(f"\n{d['category']} (p. {d['page']}), {'grounded' if x['grounded'] else 'unverified'}: {x['text']}")
        assert x["model"] == fin["model"] and x["usage"]["completion_tokens"] > 0
        assert d["status"] == "deviates" and d["rule"] and d["quotes"], "the position stands as the playbook decided it"
        assert x["grounded"] == (x["citation"] is not None)
        if x["grounded"]:
            assert catalogue.quote_on_page(x["citation"]["quote"], texts[x["citation"]["page"] - 1])
        spent += x["usage"]["completion_tokens"]
    assert fin["usage"]["completion_tokens"] >= spent + 1, "the sentences' tokens are in the review's usage, with the commentary's"
    assert all(d["explanation"]["text"] not in fin["answer"] for d in explained if d["explanation"]["text"]), "never the answer"


def test_without_the_setting_no_deviation_gets_a_sentence(stack):
    contract = make_contract(title="UNEXPLAINED SERVICES AGREEMENT")
    with httpx.Client(base_url=stack.base_url, headers=stack.headers("other"), timeout=30) as c:
        assert c.put("/v1/playbook", json=strict_notice()).status_code == 200
        try:
            _, evs = reviewed(c, contract.data, QUESTION)
        finally:  # the session's tenant gets the default's rules back
            default = playbook.default()
            c.put("/v1/playbook", json={"name": default.name, "rules": [r.model_dump(exclude_none=True) for r in default.rules]})
    fin = evs[-1]["data"]
    assert fin["playbook"]["deviations"] and not any("explanation" in d for d in fin["playbook"]["deviations"])
