"""A page's pixels are bounded before OCR resizes anything: a strip far taller than wide is not
rendered, and a poster-sized page is rendered smaller, so a 550-byte PDF cannot make summarize
hold gigabytes (issue: a 72 x 14,400-point page became 2,000 x 400,000 pixels)."""

from __future__ import annotations

from io import BytesIO

from fpdf import FPDF
from PIL import Image

from shared.documents import ocr


def pdf_of(*sizes: tuple[float, float]) -> bytes:
    doc = FPDF(unit="pt")
    for w, h in sizes:
        doc.add_page(format=(w, h))
        doc.rect(10, 10, w / 2, min(h / 2, 50))  # something drawn, no text layer
    return bytes(doc.output())


def size(png: bytes) -> tuple[int, int]:
    return Image.open(BytesIO(png)).size


def test_a_strip_is_not_rendered_a_poster_is_rendered_smaller_and_a_page_as_asked():
    strip, poster, a4 = (72, 14_400), (5_000, 5_000), (595, 842)
    images = ocr.render_pages(pdf_of(strip, poster, a4), [0, 1, 2], 200)
    assert images[0] == b"", "200 x 40,000 pixels, 2,000 x 400,000 once resized: not read"
    w, h = size(images[1])
    assert w * h <= ocr.MAX_RENDER_PIXELS * 1.01 and w == h, "a poster at a lower dpi, its shape kept"
    assert size(images[2]) == (round(595 * 200 / 72), round(842 * 200 / 72)), "an ordinary page at the dpi asked"


def test_a_page_within_the_aspect_is_read_and_a_wide_page_is_never_a_strip():
    images = ocr.render_pages(pdf_of((600, 600 * ocr.MAX_ASPECT), (2_000, 300)), [0, 1], 72)
    assert all(images)
