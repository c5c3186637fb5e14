"""A scanned contract (image-only pages, no text layer) through the whole stack: summarize reads
it by OCR (the DALI pipeline in CPU mode and Tesseract), reports the pages read as `progress`
events of stage `ocr`, and the review goes on as for a digital PDF: the draft finds the
liability page, the final quotes what is on it; the same scan uploaded again reads nothing.
Reading it is billed: summarize's CPU time includes Tesseract's. A cancelled scan of many pages
stops being read within about one batch of pages, and summarize's slot is free again."""

from __future__ import annotations

import json
import os
import resource
import shutil
import time

import httpx
import pytest
from httpx_sse import connect_sse
from prometheus_client.parser import text_string_to_metric_families

from shared.clauses import catalogue
from shared.documents import ocr
from shared.testing.contracts import make_contract
from shared.testing.scans import image_only, many_pages

from .conftest import events, reviewed, submit

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


def test_reading_a_scan_is_billed_to_summarize(client):
    """Tesseract's CPU time is in summarize's cpu_ms and cost: the scan costs the same as its text
    PDF plus at least half the CPU its OCR takes here (measured in this process, read alike)."""
    contract = make_contract(title="BILLED SCAN AGREEMENT")
    scan = image_only(contract.data, dpi=150)
    costs = {}
    for name, data in (("text", contract.data), ("scan", scan)):
        rid, evs = reviewed(client, data, QUESTION, filename=f"{name}.pdf")
        assert evs[-1]["type"] == "final", evs[-1]
        costs[name] = client.get(f"/v1/reviews/{rid}/cost").json()
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    before = usage.ru_utime + usage.ru_stime
    for image in ocr.Preparer(2000, "cpu")(ocr.render_pages(scan, list(range(contract.page_count)), 200)):
        ocr.read(image)
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    tesseract_ms = (usage.ru_utime + usage.ru_stime - before) * 1000
    cpu = {name: c["stages"]["summarize"]["cpu_ms"] for name, c in costs.items()}
    usd = {name: c["cost"]["stages_usd"]["summarize"] for name, c in costs.items()}
    print(f"\nsummarize cpu_ms: text PDF {cpu['text']:.0f}, its scan {cpu['scan']:.0f} (Tesseract alone: {tesseract_ms:.0f}); USD {usd}")
    assert costs["scan"]["stages"]["summarize"]["pages_ocr"] == contract.page_count
    assert cpu["scan"] - cpu["text"] >= 0.5 * tesseract_ms, (cpu, tesseract_ms)
    assert usd["scan"] > usd["text"] > 0


def summarize_metrics(stack) -> dict[str, float]:
    """summarize's in-flight messages and the pages it has read by OCR, from its /metrics."""
    out = {"in_flight": 0.0}
    for family in text_string_to_metric_families(httpx.get(stack.metrics_url("summarize"), timeout=10).text):
        for sample in family.samples:
            if sample.name == "clauseflow_in_flight" and sample.labels.get("consumer") == "summarize":
                out["in_flight"] += sample.value
            elif sample.name == "clauseflow_ocr_pages_total":
                out["ocr_pages"] = sample.value
    return out


# The benchmark: CLAUSEFLOW_CANCEL_SCAN_PAGES=300 pytest tests/e2e/test_scans.py -k cancelled -s
CANCEL_PAGES = int(os.environ.get("CLAUSEFLOW_CANCEL_SCAN_PAGES", "40"))


def test_a_cancelled_scan_stops_being_read_and_frees_summarize(stack, client):
    data = many_pages(make_contract(title=f"CANCELLED SCAN {time.time_ns()}").data, CANCEL_PAGES)
    r, _ = submit(client, data, QUESTION, filename="long-scan.pdf")
    assert r.status_code == 202, r.text
    rid = r.json()["request_id"]
    types = []
    with connect_sse(client, "GET", f"/v1/reviews/{rid}/events", timeout=httpx.Timeout(300, read=120)) as source:
        for sse in source.iter_sse():
            if not sse.data:
                continue
            types.append(sse.event)
            if sse.event == "progress" and json.loads(sse.data)["stage"] == "ocr":
                break  # a page has been read
            assert sse.event not in ("final", "error", "cancelled"), types
    assert client.delete(f"/v1/reviews/{rid}").status_code == 202
    cancelled_at = time.monotonic()
    at_cancel = summarize_metrics(stack)
    assert "ocr_pages" in at_cancel, "summarize counts the pages it reads by OCR"
    now = at_cancel
    while now["in_flight"] and time.monotonic() - cancelled_at < 600:
        time.sleep(0.1)
        now = summarize_metrics(stack)
    freed_s = time.monotonic() - cancelled_at
    read_after = now["ocr_pages"] - at_cancel["ocr_pages"]
    print(f"\n{CANCEL_PAGES}-page scan cancelled after {at_cancel['ocr_pages']:.0f} pages read: {read_after:.0f} pages read after the cancel, summarize free {freed_s:.1f} s after it")
    assert not now["in_flight"], f"summarize still busy {freed_s:.0f} s after the cancel"
    assert read_after <= 4, "about one batch of pages (2 x ocr_workers) after the cancel"
    time.sleep(1)
    assert summarize_metrics(stack)["ocr_pages"] == now["ocr_pages"], "nothing read once the slot is free"
    terminal = [e["type"] for e in events(client, rid) if e["type"] in ("final", "error", "cancelled")]
    assert terminal == ["cancelled"] and client.get(f"/v1/reviews/{rid}").json()["status"] == "cancelled"
