"""Scans that reach OCR: pages that are only a picture (no text layer), so summarize renders them
and Tesseract reads them. A giant page (up to 200 x 200 inches, the largest a PDF page may be),
a strip (72 x 14,400 points, or as wide as that is tall) and many pages (up to the edge's 500,
more than summarize reads by OCR). Each picture is a small grayscale JPEG stored once and
stretched over its pages (a smudged fax: dark blocks on grey), so the files stay small; what is
large is what a reader would make of them."""

from __future__ import annotations

import io
import random

from PIL import Image, ImageDraw

from shared.testing.scans import image_pages

MAX_PT = 14_400  # 200 inches: PDF's largest page side (without /UserUnit)
LETTER, A4 = (612, 792), (595.28, 841.89)


def _picture(rng: random.Random, w: int, h: int) -> tuple[bytes, int, int]:
    image = Image.new("L", (w, h), rng.randint(200, 255))
    draw = ImageDraw.Draw(image)
    for _ in range(rng.randint(0, 40)):
        x, y = rng.randrange(w), rng.randrange(h)
        draw.rectangle((x, y, x + rng.randint(1, max(1, w // 4)), y + rng.randint(1, max(1, h // 30))), fill=rng.randint(0, 120))
    buf = io.BytesIO()
    image.save(buf, format="JPEG", quality=rng.choice([30, 60, 85]))
    return buf.getvalue(), w, h


def giant_scan(rng: random.Random) -> bytes:
    sizes = [(MAX_PT, MAX_PT), (MAX_PT, 10_800), (10_800, MAX_PT), (rng.randint(3_000, MAX_PT), rng.randint(3_000, MAX_PT))]
    pages = [(*rng.choice(sizes), 0) for _ in range(rng.randint(1, 3))]
    return image_pages([_picture(rng, rng.randint(50, 600), rng.randint(50, 600))], pages)


def narrow_scan(rng: random.Random) -> bytes:
    """Strips far taller than wide (not read: their pixels are not worth their memory), strips
    far wider than tall (read, small once resized), sometimes beside an ordinary page."""
    thin = rng.choice([72, 36, 10, rng.randint(1, 200)])
    strips = [(thin, MAX_PT, 0), (MAX_PT, thin, 1)]
    pages = [rng.choice(strips) for _ in range(rng.randint(1, 4))]
    if rng.random() < 0.5:
        pages.insert(rng.randrange(len(pages) + 1), (*LETTER, 2))
    pictures = [_picture(rng, rng.randint(2, 20), rng.randint(200, 2000)), _picture(rng, rng.randint(200, 2000), rng.randint(2, 20)), _picture(rng, 170, 220)]
    return image_pages(pictures, pages)


def many_page_scan(rng: random.Random) -> bytes:
    """Up to 500 pages (the edge's limit), over 300 (summarize's OCR limit) about half the time."""
    n = rng.choice([rng.randint(30, 300), rng.randint(301, 500)])
    pictures = [_picture(rng, rng.randint(100, 400), rng.randint(130, 520)) for _ in range(rng.randint(1, 4))]
    size = rng.choice([LETTER, A4])
    return image_pages(pictures, [(*size, i % len(pictures)) for i in range(n)])
