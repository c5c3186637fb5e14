"""A Chinese contract through the stack to its draft (and final): the pages that answer a
Chinese question are found, every quote in the draft is verbatim on its page, and the figures
are read from Chinese numerals; a scan of it is read by OCR (chi_sim) the same way."""

from __future__ import annotations

import os
import shutil

import pytest

from shared.clauses import catalogue
from shared.documents import pdf
from shared.testing.contracts import CN_FONT, make_chinese_contract
from shared.testing.scans import image_only

from .conftest import reviewed

pytestmark = [pytest.mark.stack, pytest.mark.skipif(not os.path.exists(CN_FONT), reason="fonts-wqy-microhei is not installed (make test installs it)")]


@pytest.fixture(scope="module")
def contract():
    return make_chinese_contract()


def draft_of(client, data: bytes, question: str) -> tuple[dict, list[dict]]:
    _, evs = reviewed(client, data, question, filename="合同.pdf")
    assert evs[-1]["type"] == "final", evs[-1]
    return next(e["data"] for e in evs if e["type"] == "draft"), evs


def test_a_chinese_question_finds_its_page_and_the_draft_quotes_it_verbatim(client, contract):
    texts = pdf.page_texts(contract.data)
    draft, evs = draft_of(client, contract.data, "责任限制条款是怎么规定的？有什么风险？")
    assert draft["pages"][0]["page"] == contract.liability_page, draft["pages"]
    quoted = [(q["page"], q["quote"]) for q in draft["evidence"]] + [(f["page"], f["text"]) for f in draft["figures"]]
    assert all(catalogue.quote_on_page(q, texts[p - 1]) for p, q in quoted), quoted
    values = {(f["kind"], str(f["value"])) for f in draft["figures"]}
    assert ("amount", "50000") in values and ("duration", "30") in values, draft["figures"]
    final = evs[-1]["data"]
    assert all(catalogue.quote_on_page(c["quote"], texts[c["page"] - 1]) for c in final["citations"])


@pytest.mark.skipif(shutil.which("tesseract") is None, reason="tesseract is not installed")
def test_a_scanned_chinese_contract_is_read_by_ocr_and_answers_the_same(client, contract):
    draft, evs = draft_of(client, image_only(contract.data, dpi=200), "合同终止需要提前多少天通知？")
    assert [e for e in evs if e["type"] == "progress" and e["data"]["stage"] == "ocr"]
    assert draft["pages"][0]["page"] == contract.termination_page, draft["pages"]
    assert any(f["kind"] == "duration" and str(f["value"]) == "30" for f in draft["figures"]), draft["figures"]
