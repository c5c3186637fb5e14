"""Scanned pages, through the real parts: pages rendered by PDFium, prepared by the real NVIDIA
DALI pipeline (CPU mode here; the same definition runs `mixed` on a GPU host) and read by the
real Tesseract, checked against the text layer of the PDF they were scanned from."""

from __future__ import annotations

import asyncio
import io
import os
import resource
import shutil
import time

import jiwer
import numpy as np
import pytest
from PIL import Image

from shared.core.telemetry import StageClock, timed_cpu
from shared.documents import ocr, pdf
from shared.testing.contracts import CN_FONT, make_chinese_contract, make_contract, page_texts
from shared.testing.scans import image_only

pytestmark = pytest.mark.skipif(shutil.which("tesseract") is None, reason="tesseract is not installed (scripts/sysdeps.sh installs it)")


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def preparer():
    return ocr.Preparer(width=2000, device="cpu")


@pytest.fixture(scope="module")
def scanned() -> bytes:
    return image_only(make_contract().data, dpi=150, skew_deg=0.4)


def test_a_scan_has_no_text_layer_and_is_read_back_within_two_percent_cer(scanned, preparer):
    texts = pdf.page_texts(scanned)
    assert all(ocr.needs_ocr(t) for t in texts), "the scan has no text layer"
    pages = list(range(len(page_texts())))
    read = [ocr.read(image) for image in preparer(ocr.render_pages(scanned, pages, 200))]
    truth = page_texts()
    cer = jiwer.cer([words(t) for t in truth], [words(r) for r in read])
    assert cer < 0.02, (cer, read[0][:300])
    assert "LIMITATION OF LIABILITY" in read[2] and "thirty (30) days" in read[1]


def test_the_dali_pipeline_makes_grayscale_pages_of_one_width_with_full_contrast(preparer):
    faint = Image.fromarray(np.tile(np.linspace(190, 230, 3000).astype(np.uint8), (3900, 1)))  # a pale scan, 3000 px wide
    small = Image.new("L", (800, 1000), 240)
    small.paste(0, (100, 100, 200, 200))
    encoded = []
    for image in (faint, small):
        buf = io.BytesIO()
        image.convert("RGB").save(buf, format="PNG")
        encoded.append(buf.getvalue())
    big, small = preparer(encoded)
    assert big.dtype == np.uint8 and big.ndim == 2 and big.shape == (2600, 2000)  # resized to the OCR's width, aspect kept
    assert big.min() == 0 and big.max() == 255  # the contrast stretched
    assert small.shape == (2500, 2000), "a small scan is enlarged to the same width"
    assert preparer.device == "cpu"


def test_tesseract_past_its_time_limit_leaves_the_page_empty(preparer, scanned):
    (image,) = preparer(ocr.render_pages(scanned, [0], 200))
    assert ocr.read(image, timeout_s=0.01) == ""


def test_a_batch_page_is_read_the_same_at_the_lowest_priority(preparer, scanned, monkeypatch):
    """A batch's scans are read niced (services/summarize: CLAUSEFLOW_BATCH_NICE): same text, and
    Tesseract really runs under `nice`."""
    (image,) = preparer(ocr.render_pages(scanned, [0], 200))
    commands = []
    popen = ocr.subprocess.Popen
    monkeypatch.setattr(ocr.subprocess, "Popen", lambda args, **kw: commands.append(args) or popen(args, **kw))
    niced = ocr.read(image, nice=19)
    assert niced and niced == ocr.read(image)
    assert commands[0][:4] == ["nice", "-n", "19", ocr.TESSERACT] and commands[1][0] == ocr.TESSERACT


def test_a_tesseract_that_fails_leaves_the_page_empty(preparer, scanned, caplog):
    (image,) = preparer(ocr.render_pages(scanned, [0], 200))
    assert ocr.read(image, languages="no_such_language") == ""
    assert "Tesseract failed" in caplog.text


def children_cpu_s() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


async def test_tesseracts_cpu_time_is_billed_to_the_stage_that_reads_the_page(preparer, scanned):
    """OCR is the most expensive CPU work of a review: the Tesseract process's CPU time goes
    into the stage's cpu_ms (and so its cost), as summarize calls it (a worker thread of the
    handler run)."""
    images = preparer(ocr.render_pages(scanned, [0, 1], 200))
    clock = StageClock("summarize")
    before = children_cpu_s()
    texts = [await asyncio.to_thread(ocr.read, image) for image in images]
    tesseract_ms = (children_cpu_s() - before) * 1000
    timing = clock.finish()
    assert all(texts) and tesseract_ms > 100, tesseract_ms
    assert timing.cpu_ms >= 0.9 * tesseract_ms, f"stage billed {timing.cpu_ms:.0f} ms CPU of the {tesseract_ms:.0f} ms Tesseract used"


async def test_the_dali_pipelines_cpu_time_is_billed_too(preparer, scanned):
    """Preparing pages runs in DALI's own threads, which the calling thread's clock does not
    see: their CPU time is billed to the stage as well."""
    images = ocr.render_pages(scanned, [0, 1, 2], 200)
    preparer(images[:1])  # built, and its first-use costs paid
    clock = StageClock("summarize")
    before = time.process_time()
    await asyncio.to_thread(timed_cpu, preparer, images)
    process_ms = (time.process_time() - before) * 1000  # every thread of this process: nothing else runs
    timing = clock.finish()
    assert timing.cpu_ms >= 0.7 * process_ms, f"stage billed {timing.cpu_ms:.0f} ms CPU of the {process_ms:.0f} ms preparing used"


@pytest.mark.parametrize(
    ("raw", "tidy"),
    [
        ("第 五 条  合 同 终 止 。\n任 何 一 方", "第五条合同终止。\n任何一方"),
        ("Clause 5 合 同 term", "Clause 5 合同 term"),
        ("a\n\n\n\n\nb\f", "a\n\nb"),
    ],
)
def test_ocr_text_is_tidied_as_a_text_layer_gives_it(raw, tidy):
    assert ocr.tidy(raw) == tidy


def test_only_pages_without_enough_text_are_read():
    assert ocr.needs_ocr("") and ocr.needs_ocr(" 12 \n") and not ocr.needs_ocr("This Agreement is made between the parties below.")


@pytest.mark.skipif(not os.path.exists(CN_FONT), reason="fonts-wqy-microhei is not installed")
def test_a_chinese_scan_is_read_with_chi_sim_within_eight_percent_cer(preparer):
    contract = make_chinese_contract()
    truth = pdf.page_texts(contract.data)
    images = ocr.render_pages(image_only(contract.data, dpi=200), list(range(len(truth))), 200)
    read = [ocr.read(image) for image in preparer(images)]
    cer = jiwer.cer(["".join(t.split()) for t in truth], ["".join(r.split()) for r in read])  # no spaces in Chinese
    assert cer < 0.08, (cer, read[1][:200])
    assert "累计赔偿责任不超过甲方在索赔前十二个月内已支付的服务费总额" in read[contract.liability_page - 1]
