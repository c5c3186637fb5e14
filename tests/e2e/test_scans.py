"""A scanned contract (image-only pages, no text layer) through the whole stack: summarize reads
it by OCR (the DALI pipeline in CPU mode and Tesseract), reports the pages read as `progress`
events of stage `ocr`, and the review goes on as for a digital PDF: the draft finds the
liability page, the final quotes what is on it; the same scan uploaded again reads nothing."""

from __future__ import annotations

import shutil

import pytest

from shared.clauses import catalogue
from shared.testing.contracts import make_contract
from shared.testing.scans import image_only

from .conftest import reviewed

pytestmark = [pytest.mark.stack, pytest.mark.skipif(shutil.which("tesseract") is None, reason="tesseract is not installed")]
QUESTION = "Which clauses limit liability or allow termination, and what is the risk?"


@pytest.fixture(scope="module")
def contract():
    return make_contract(title="SCANNED SUPPLY AGREEMENT")


@pytest.fixture(scope="module")
def scan(contract):
    return image_only(contract.data, dpi=150, skew_deg=0.3)


def review(client, scan) -> tuple[str, list[dict]]:
    return reviewed(client, scan, QUESTION, filename="scanned.pdf")


def test_a_scanned_contract_is_read_by_ocr_and_reviewed_like_a_digital_one(client, contract, scan):
    rid, evs = review(client, scan)
    assert evs[-1]["type"] == "final", evs[-1]
    ocr = [e["data"] for e in evs if e["type"] == "progress" and e["data"]["stage"] == "ocr"]
    assert ocr and ocr[-1] == {"stage": "ocr", "done": contract.page_count, "total": contract.page_count}
    assert [p["done"] for p in ocr] == sorted(p["done"] for p in ocr), "pages read, counted up"

    draft = next(e["data"] for e in evs if e["type"] == "draft")
    assert contract.liability_page in [p["page"] for p in draft["pages"]]
    assert any(ev["page"] == contract.liability_page and ev["category"] == "Cap On Liability" for ev in draft["evidence"])
    final = evs[-1]["data"]
    assert final["mode"] == "located", "the scan's pages had text: no whole-document fallback"
    assert client.get(f"/v1/reviews/{rid}").json()["status"] == "done"
    cap = [f for f in final["findings"] if f["category"] == "Cap On Liability"]
    assert cap and cap[0]["page"] == contract.liability_page
    assert catalogue.quote_on_page("shall not exceed the fees paid", cap[0]["quote"]), cap[0]["quote"]


def test_the_same_scan_again_is_not_read_again(client, scan):
    rid, evs = review(client, scan)
    assert evs[-1]["type"] == "final", evs[-1]
    assert not [e for e in evs if e["type"] == "progress" and e["data"]["stage"] == "ocr"]
    assert client.get(f"/v1/reviews/{rid}/cost").json()["stages"]["summarize"]["inference_ms"] == 0
