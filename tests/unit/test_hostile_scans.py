"""The hostile scans (shared.testing.hostile.SCAN_KINDS) are what they claim: valid files the edge
accepts, every page without a text layer (so summarize renders it and OCR reads it), with giant
pages, strips and hundreds of pages; and rendering them stays within the pixel bound."""

from __future__ import annotations

import hashlib
from collections import defaultdict
from io import BytesIO

import pypdfium2 as pdfium
from PIL import Image

from shared.documents import ocr, pdf
from shared.testing.hostile import KINDS, MAKERS, SCAN_KINDS, generate

SEED = 7
LIMITS = {"max_bytes": 25 * 1024 * 1024, "max_pages": 500}  # the edge's defaults


def sizes(data: bytes) -> list[tuple[float, float]]:
    doc = pdfium.PdfDocument(data)
    try:
        return [doc.get_page_size(i) for i in range(len(doc))]
    finally:
        doc.close()


def test_the_scans_are_their_own_kinds_made_the_same_from_a_seed():
    assert set(SCAN_KINDS) <= set(MAKERS) and not set(SCAN_KINDS) & set(KINDS)
    first = [(k, hashlib.sha256(d).hexdigest()) for k, d in generate(SEED, 6, SCAN_KINDS)]
    assert first == [(k, hashlib.sha256(d).hexdigest()) for k, d in generate(SEED, 6, SCAN_KINDS)]
    assert [k for k, _ in first] == list(SCAN_KINDS) * 2


def test_every_scan_is_accepted_and_every_page_of_it_needs_ocr():
    pages: dict[str, list[list[tuple[float, float]]]] = defaultdict(list)
    for kind, data in generate(SEED, 30 * len(SCAN_KINDS), SCAN_KINDS):
        n = pdf.check(data, **LIMITS)
        assert len(data) < 1_000_000, (kind, len(data))
        assert all(ocr.needs_ocr(t) for t in pdf.page_texts(data)), kind
        pages[kind].append(sizes(data))
        assert len(pages[kind][-1]) == n
    assert all(max(w, h) >= 3_000 for doc in pages["giant_scan"] for w, h in doc)
    assert any((w, h) == (14_400, 14_400) for doc in pages["giant_scan"] for w, h in doc), "200 x 200 inches"
    strips = [(w, h) for doc in pages["narrow_scan"] for w, h in doc if max(w, h) == 14_400]
    assert any(h >= 100 * w for w, h in strips) and any(w >= 100 * h for w, h in strips), "tall strips and wide ones"
    counts = [len(doc) for doc in pages["many_page_scan"]]
    assert min(counts) >= 30 and max(counts) <= LIMITS["max_pages"] and any(n > 300 for n in counts), counts


def test_rendering_a_scan_stays_within_the_pixel_bound():
    for kind, data in generate(SEED, 2 * len(SCAN_KINDS), SCAN_KINDS):
        shown = list(range(min(4, len(sizes(data)))))
        for (w, h), image in zip(sizes(data), ocr.render_pages(data, shown, 200)):
            if h > ocr.MAX_ASPECT * w:
                assert image == b"", (kind, w, h)
                continue
            px_w, px_h = Image.open(BytesIO(image)).size
            assert px_w * px_h <= ocr.MAX_RENDER_PIXELS * 1.01, (kind, w, h, px_w, px_h)
