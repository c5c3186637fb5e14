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
