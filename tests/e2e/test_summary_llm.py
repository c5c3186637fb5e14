"""Page summaries with LLM gists switched on (CLAUSEFLOW_SUMMARY_LLM), against the real local
model server: each summary keeps the page's headings verbatim, adds the model's line, and
keeps the clause categories; the gists' tokens are in the review's cost, and the same PDF
again is summarized from the cache with no model call.

The local model (SmolLM2-135M) writes weak lines; what is tested is the path, not their
quality (the setting is meant for a real instruct model on a GPU host)."""

from __future__ import annotations

import httpx
import pytest

from services.summarize.logic import headings
from shared.documents import pdf
from shared.testing.contracts import make_contract

from .conftest import reviewed, stack_beside

pytestmark = pytest.mark.stack
QUESTION = "Mark every liability clause and explain the risk"


@pytest.fixture(scope="module")
def own(stack, tmp_path_factory):
    env = {"SUMMARY_LLM": "true", "SUMMARY_LLM_DEADLINE_S": "180", "SUMMARY_LLM_SLOTS": "2", "SUMMARY_LLM_MAX_TOKENS": "24", "MAX_TOKENS": "32", "CLIENT_GONE_CANCEL_S": "600"}
    with stack_beside(stack, tmp_path_factory.mktemp("gists"), "gists.", env) as s:
        yield s


def test_summaries_carry_the_models_gist_between_the_headings_and_the_categories(own):
    contract = make_contract(title="GISTED AGREEMENT")
    texts = pdf.page_texts(contract.data)
    with httpx.Client(base_url=own.base_url, headers=own.headers(), timeout=30) as c:
        rid, evs = reviewed(c, contract.data, QUESTION)
        assert evs[-1]["type"] == "final", [e["type"] for e in evs]
        summarize = c.get(f"/v1/reviews/{rid}/cost").json()["stages"]["summarize"]
        draft = next(e["data"] for e in evs if e["type"] == "draft")
        print(f"\ngists: {summarize['pages_gisted']} of {len(texts)} pages; tokens {summarize['llm_prompt_tokens']} in, {summarize['llm_completion_tokens']} out")
        for p in draft["pages"]:
            print(f"  page {p['page']}: {p['summary']}")
        assert summarize["pages_gisted"] >= 1 and summarize["llm_prompt_tokens"] > 0 and summarize["llm_completion_tokens"] > 0
        gisted = 0
        for p in draft["pages"]:
            heads = "; ".join(headings(texts[p["page"] - 1]))
            if not p["summary"]:  # dropped by the draft's rule against conclusions
                continue
            assert p["summary"].startswith(heads), p
            gisted += p["summary"].startswith(heads + ": ")
        assert gisted >= 1, draft["pages"]

        rid2, evs2 = reviewed(c, contract.data, QUESTION + " (again)")
        again = c.get(f"/v1/reviews/{rid2}/cost").json()["stages"]["summarize"]
        assert again["pages_extracted"] == 0 and again["pages_gisted"] == 0 and again["llm_prompt_tokens"] == 0
        draft2 = next(e["data"] for e in evs2 if e["type"] == "draft")
        first = {p["page"]: p["summary"] for p in draft["pages"]}
        assert all(first[p["page"]] == p["summary"] for p in draft2["pages"] if p["page"] in first)
