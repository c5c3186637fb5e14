"""Which pages with little text OCR reads (ocr.worth_reading): a scan, or text drawn as
outlines, is read; a divider page ("EXHIBIT C", "QuickLinks", a page number) is not: its text
layer is all it has, and reading it cost a draft 250-550 ms on three of 24 CUAD contracts."""

from __future__ import annotations

import random

from fpdf import FPDF

from shared.documents import ocr, pdf
from shared.testing.contracts import make_contract, scanned
from shared.testing.hostile import scans as hostile_scans
from shared.testing.scans import image_only


def test_pages_of_a_scan_are_read():
    data = image_only(make_contract().data, dpi=72)
    assert ocr.worth_reading(data, [0, 1, 2, 3]) == [True] * 4


def test_hostile_scans_are_read():
    rng = random.Random(5)
    for make in (hostile_scans.giant_scan, hostile_scans.many_page_scan):
        data = make(rng)
        assert ocr.worth_reading(data, [0]) == [True], make.__name__


def divider_pages() -> bytes:
    doc = FPDF(format="letter")
    doc.set_font("Helvetica", size=14)
    for words in ("EXHIBIT C\nFixtures and Tooling\n-1-", "QuickLinks\nEXHIBIT 10.1", "26"):
        doc.add_page()
        doc.multi_cell(0, 10, words)
        doc.line(20, 260, 190, 260)  # a rule under it, as filings have
    return bytes(doc.output())


def test_divider_pages_keep_their_text_layer_and_are_not_read():
    data = divider_pages()
    texts = pdf.page_texts(data)
    assert all(ocr.needs_ocr(t) for t in texts), "little text on each"
    assert ocr.worth_reading(data, [0, 1, 2]) == [False, False, False]


def test_a_few_drawn_boxes_are_not_read_but_text_drawn_as_outlines_is():
    assert ocr.worth_reading(scanned(2), [0, 1]) == [False, False]
    doc = FPDF(format="A4")
    doc.add_page()
    for i in range(ocr.MIN_PATHS):  # as many shapes as a line of outlined glyphs has
        doc.rect(10 + (i % 50) * 3.5, 20 + (i // 50) * 6, 2, 4, style="F")
    assert ocr.worth_reading(bytes(doc.output()), [0]) == [True]
