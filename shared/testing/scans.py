"""Scanned copies of PDFs, for the OCR tests and benchmark: every page rendered to a grayscale
image and wrapped again as an image-only PDF (JPEG pages, as a scanner or a fax gateway makes
them), so the text layer is gone and only OCR can read it."""

from __future__ import annotations

import io

import pypdfium2 as pdfium


def image_only(source: bytes, dpi: int = 150, quality: int = 85, skew_deg: float = 0.0) -> bytes:
    """``source`` with each page replaced by a picture of it (``skew_deg``: rotated a little, as
    a page fed crooked)."""
    doc = pdfium.PdfDocument(source)
    try:
        images = []
        for i in range(len(doc)):
            page = doc[i]
            try:
                image = page.render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
            finally:
                page.close()
            if skew_deg:
                image = image.rotate(skew_deg, expand=False, fillcolor=255)
            images.append(image)
    finally:
        doc.close()
    out = io.BytesIO()
    images[0].save(out, format="PDF", save_all=True, append_images=images[1:], resolution=dpi, quality=quality)
    return out.getvalue()


def _jpeg(image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, format="JPEG", quality=85)
    return buf.getvalue()


def image_pages(pictures: list[tuple[bytes, int, int]], sizes: list[tuple[float, float, int]]) -> bytes:
    """An image-only PDF written by hand: ``pictures`` are grayscale JPEGs ``(data, width px,
    height px)``, each stored once; ``sizes`` are the pages ``(width pt, height pt, picture)``,
    each showing its picture over the whole page. Thousands of pages cost a few bytes each."""
    from shared.testing.hostile.blocks import assemble, stream

    k = len(pictures)
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b""]
    for data, w, h in pictures:  # objects 3 .. k+2
        objs.append(stream(data, b"/Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode" % (w, h)))
    first = len(objs) + 1
    for w, h, pic in sizes:  # a page, then its content stream
        n = len(objs) + 1
        box = b"[0 0 %s %s]" % (_num(w), _num(h))
        objs.append(b"<< /Type /Page /Parent 2 0 R /MediaBox %s /Resources << /XObject << /Im %d 0 R >> >> /Contents %d 0 R >>" % (box, 3 + pic % k, n + 1))
        objs.append(stream(b"q %s 0 0 %s 0 0 cm /Im Do Q" % (_num(w), _num(h))))
    kids = b" ".join(b"%d 0 R" % (first + 2 * i) for i in range(len(sizes)))
    objs[1] = b"<< /Type /Pages /Kids [" + kids + b"] /Count %d >>" % len(sizes)
    return assemble(objs)


def _num(x: float) -> bytes:
    return (b"%d" % x) if float(x).is_integer() else (b"%.2f" % x)


def many_pages(source: bytes, pages: int, dpi: int = 150) -> bytes:
    """An image-only scan of ``pages`` pages: the pages of ``source`` again and again, each
    picture stored once (a 300-page scan of a 4-page contract is the size of the 4 pages), so
    every page has to be read by OCR."""
    doc = pdfium.PdfDocument(source)
    try:
        pictures, page_sizes = [], []
        for i in range(len(doc)):
            page = doc[i]
            try:
                image = page.render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
                page_sizes.append(page.get_size())
            finally:
                page.close()
            pictures.append((_jpeg(image), *image.size))
    finally:
        doc.close()
    return image_pages(pictures, [(*page_sizes[i % len(pictures)], i % len(pictures)) for i in range(pages)])
