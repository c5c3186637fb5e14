"""A clause that runs over a page break, through the stack: found whole, quoted with both
pages (each part on its own page) in the draft and the final, and both parts are citations."""

from __future__ import annotations

import pytest

from shared.clauses import catalogue
from shared.documents import pdf
from shared.testing.contracts import CROSS_PAGE, cross_page_contract

from .conftest import reviewed

pytestmark = pytest.mark.stack


def test_a_cap_over_a_page_break_is_quoted_with_both_pages(client):
    data = cross_page_contract()
    texts = pdf.page_texts(data)
    _, evs = reviewed(client, data, "Mark every limitation of liability clause and explain the risk")
    assert evs[-1]["type"] == "final", evs[-1]
    final = evs[-1]["data"]
    whole = [f for f in final["findings"] if f["category"] == "Cap On Liability" and "continues" in f]
    assert whole and whole[0]["page"] == 2 and whole[0]["continues"] == {"page": 3, "quote": CROSS_PAGE[1]}, final["findings"]
    assert "twelve (12) months" in whole[0]["risk"] or any("twelve (12) months" in fact["text"] for fact in whole[0]["facts"]), whole[0]
    cited = {(c["page"], c["quote"]) for c in final["citations"]}
    assert (3, CROSS_PAGE[1]) in cited and (2, whole[0]["quote"]) in cited
    draft = next(e["data"] for e in evs if e["type"] == "draft")
    over = [e for e in draft["evidence"] if "continues" in e]
    assert over and all(catalogue.quote_on_page(e["continues"]["quote"], texts[e["continues"]["page"] - 1]) for e in over)
