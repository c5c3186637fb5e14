"""The document caches are shared across processes (Redis behind each process's LRU): after
summarize and locate are restarted, the same scanned PDF uploaded again is not extracted, not
read by OCR and not embedded again; the stages' cost records say what each computed."""

from __future__ import annotations

import shutil

import pytest

from shared.testing.contracts import make_contract
from shared.testing.scans import image_only

from .conftest import reviewed

pytestmark = [pytest.mark.stack, pytest.mark.skipif(shutil.which("tesseract") is None, reason="tesseract is not installed")]
QUESTION = "Summarise this contract"  # names no clause category: locate re-ranks with chunk vectors


def computed(client, data: bytes) -> dict:
    rid, evs = reviewed(client, data, QUESTION, filename="scan.pdf")
    assert evs[-1]["type"] == "final"
    stages = client.get(f"/v1/reviews/{rid}/cost").json()["stages"]
    return {"extracted": stages["summarize"]["pages_extracted"], "ocr": stages["summarize"]["pages_ocr"], "embedded": stages["locate"]["chunks_embedded"]}


def test_a_second_upload_after_a_restart_reads_and_embeds_nothing(stack, client):
    contract = make_contract(title="SHARED CACHE AGREEMENT", extra_pages=1)
    scan = image_only(contract.data, dpi=150)
    first = computed(client, scan)
    assert first["extracted"] == contract.page_count and first["ocr"] == contract.page_count and first["embedded"] > 0, first
    for name in ("summarize", "locate"):  # their in-process caches are gone
        stack.restart(name)
    assert computed(client, scan) == {"extracted": 0, "ocr": 0, "embedded": 0}
