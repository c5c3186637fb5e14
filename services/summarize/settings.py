from typing import Literal

from pydantic import Field

from shared.settings import CommonSettings


class Settings(CommonSettings):
    """summarize: page text and one-line summaries."""

    metrics_port: int = 0
    summary_chars: int = 160
    summary_categories: int = Field(default=3, ge=0)  # clause categories named per page in its summary
    # Scanned pages (shared/ocr.py): a page with fewer characters than ocr_min_chars in its text
    # layer is rendered at ocr_dpi, prepared by the DALI pipeline (ocr_width pixels wide, on the
    # GPU when ocr_device finds one) and read by Tesseract in ocr_languages, ocr_workers pages at
    # once, each given up (left empty) after ocr_page_timeout_s; at most ocr_max_pages a document.
    ocr_enabled: bool = True
    ocr_min_chars: int = Field(default=32, ge=1)
    ocr_dpi: int = Field(default=200, ge=72, le=600)
    ocr_width: int = Field(default=2000, ge=500, le=6000)
    ocr_languages: str = "eng+chi_sim"
    ocr_workers: int = Field(default=2, ge=1)
    ocr_page_timeout_s: float = Field(default=60.0, gt=0)
    ocr_max_pages: int = Field(default=300, ge=0)
    ocr_device: Literal["auto", "cpu", "gpu"] = "auto"
