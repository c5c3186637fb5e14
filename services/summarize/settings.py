from typing import Literal

from pydantic import Field

from shared.core.settings import LlmSettings


class Settings(LlmSettings):
    """summarize: page text and one-line summaries."""

    metrics_port: int = 0
    summary_chars: int = 160
    summary_categories: int = Field(default=3, ge=0)  # clause categories named per page in its summary
    # Page gists by the LLM at llm_base_url (services/summarize/gists.py), for GPU hosts: each
    # summary becomes the page's headings, the model's one-line gist, then its categories.
    # summary_llm_slots pages are asked at once; a page not answered within summary_llm_deadline_s
    # of the document's start keeps its extractive line (the gists are on the draft's path).
    summary_llm: bool = False
    summary_llm_slots: int = Field(default=16, ge=1, le=256)
    summary_llm_deadline_s: float = Field(default=5.0, gt=0)
    summary_llm_page_chars: int = Field(default=4000, ge=200)  # of each page's text in the prompt
    summary_llm_max_tokens: int = Field(default=48, ge=8, le=512)
    # Scanned pages (shared/documents/ocr.py): a page with fewer characters than ocr_min_chars in its text
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
    # Interactive first: a batch's contract waits while this process is reading an interactive
    # review's pages, and batch_yield_grace_s after (its locate and draft follow), up to
    # batch_yield_max_s, so a batch never takes the cores from a draft; 0 turns it off.
    batch_yield_max_s: float = Field(default=10.0, ge=0)
    batch_yield_grace_s: float = Field(default=1.0, ge=0)
    # A batch's scanned pages are read by Tesseract at this niceness (0-19; 0 = as interactive
    # ones): OCR is the batch's heaviest work, and the kernel then serves interactive work first.
    batch_nice: int = Field(default=19, ge=0, le=19)
    # Word files (shared/documents/convert.py): converted to PDF by LibreOffice (docx_soffice),
    # docx_workers at once, each given up after docx_timeout_s, its address space capped at
    # docx_memory_mb. The same file is converted once while its PDF is kept.
    docx_soffice: str = "soffice"
    docx_timeout_s: float = Field(default=60.0, gt=0)
    docx_memory_mb: int = Field(default=2048, ge=256)
    docx_workers: int = Field(default=1, ge=1)
