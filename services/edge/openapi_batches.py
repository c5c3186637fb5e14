"""The batch routes' part of the OpenAPI document (openapi.py merges it): their bodies as
pydantic models (documentation only: batches.py builds dicts), their operations and codes."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from shared.api.client_parts import Citation, ErrorBody, Payload, Tier

from .grid import columns
from .openapi_models import BODY, BUSY, KEYED, REVIEW, Doc

BID = r"^[0-9a-f]{32}$"  # secrets.token_hex(16)
BatchStatus = Literal["running", "done", "cancelled"]

CODES = {
    "unknown_category": "a name in `categories` is not a clause category",
    "too_many_contracts": "more contracts than a batch takes (`CLAUSEFLOW_MAX_BATCH_CONTRACTS`)",
    "bad_archive": "a zip that cannot be read",
    "archive_too_many_entries": "a zip with more entries than a batch takes",
    "archive_too_large": "a zip, or one of its files, inflates past the limit",
    "archive_path_escape": "a zip entry named outside its folder (`../`, an absolute path, a link)",
    "archive_encrypted": "a zip with a password",
    "archive_nested": "a zip inside the zip",
    "archive_bomb": "a zip entry that inflates over 100 times (a zip bomb)",
    "archive_empty": "a zip with no files",
}


class BatchCreated(Payload):
    batch_id: str = Field(pattern=BID)
    total: int = Field(ge=1, description="contracts in the batch, a zip's PDFs counted one by one")
    categories: list[str]
    status_url: str
    events_url: str = Field(description="SSE: a `cell` event as each contract ends, then `batch_done`")
    grid: dict[str, str] = Field(description="the grid's URLs: `json`, `csv`, `xlsx`")


class BatchContract(Payload):
    index: int = Field(ge=0, description="its place in the upload (a zip's files in the zip's order)")
    filename: str
    request_id: str = Field(description="its review (the review page shows it)")
    status: Literal["running", "done", "failed"]
    error: ErrorBody | None = Field(None, description="why a failed one failed (its review's `error`, or `cancelled`)")


class BatchState(Payload):
    batch_id: str
    name: str
    status: BatchStatus
    total: int
    done: int = Field(description="contracts with a final")
    failed: int = Field(description="contracts that ended without one: not a PDF, unreadable, cancelled, past the deadline")
    categories: list[str]
    created_at: float = Field(description="Unix time")
    contracts: list[BatchContract]


class BatchSummary(Payload):
    batch_id: str
    name: str
    status: BatchStatus
    total: int
    done: int
    failed: int
    created_at: float


class BatchList(Payload):
    batches: list[BatchSummary]


class GridCell(Payload):
    found: bool
    likely: bool = Field(False, description="not found, but contracts like this one usually have such a clause: check it")
    disclaimed: Citation | None = Field(None, description="not found, and the contract says it has none: the sentence that says so (the CSV puts it in the quote's column)")
    instead: list[Citation] = Field(default_factory=list, description="not found, and what the contract gives in its place (for Termination For Convenience, its rights to terminate for cause; for Exclusivity, its non-exclusive grants; the CSV puts the first in the quote's column)")
    instead_what: str = Field("", description="what `instead` quotes, in words (\"rights to terminate for cause\", \"non-exclusive rights\")")
    instead_tag: str = Field("", description="the same, short (\"for cause only\", \"non-exclusive only\")")
    clauses: int
    quote: str = Field(description="the first clause of the category, verbatim")
    page: int | None
    pages: list[int]
    terms: list[str]
    position: Literal["meets", "deviates", "unknown", "missing"] | None = Field(description="against the tenant's playbook")
    rule: str | None
    url: str = Field(description="the review page at that page")
    confidence: float | None = Field(None, ge=0, le=1, description="how likely the quoted clause is one of this category (see the review's findings)")
    tier: Tier | None = Field(None, description="`confidence` in words; `weak`: check it before relying on it")


class GridRow(Payload):
    index: int
    filename: str
    request_id: str
    status: Literal["done", "failed", "pending"]
    error: ErrorBody | None = None
    review_url: str
    cells: dict[str, GridCell] = Field(description="by category; empty unless done")


class Grid(Payload):
    batch_id: str
    categories: list[str]
    rows: list[GridRow]


MODELS = [BatchCreated, BatchState, BatchList, Grid]
FORM = {
    "type": "object",
    "title": "BatchUpload",
    "required": ["files"],
    "properties": {
        "files": {"type": "array", "items": {"type": "string", "format": "binary"},
                  "description": "PDFs, or zips of PDFs (one level, no password); each contract within the single upload's limits"},
        "categories": {"type": "string", "description": "clause categories, comma-separated (CUAD's names); absent: the tenant's playbook's"},
        "name": {"type": "string", "description": "a name to show with the batch"},
    },
}
ABOUT_GRID = ("One row per contract, one column group per category: " + ", ".join(f"`{c}`" for c in columns(["<category>"])) + ".")
OPERATIONS: dict[tuple[str, str], Doc] = {
    ("post", "/v1/batches"): Doc(
        "Upload many contracts for the same clause categories", 202, BatchCreated,
        {**KEYED, **BODY, 400: ("bad_request", "missing_file", "unknown_category"), 413: ("too_large", "too_many_contracts", "archive_too_many_entries", "archive_too_large"),
         422: ("bad_archive", "archive_path_escape", "archive_encrypted", "archive_nested", "archive_bomb", "archive_empty"), 429: ("rate_limited",), 503: BUSY},
        "Each contract (a PDF, or each PDF of a zip) becomes a review of its own on the batch lane, answered by the clause model, "
        "the terms and the playbook with no LLM; a file that is not a good PDF is a failed cell, not a failed batch (the checks "
        "of an upload run after the 202). A zip that cannot be read safely refuses the whole upload. Follow it on `events_url`; "
        "the grid is at `grid`. A batch has its own body limit (`CLAUSEFLOW_MAX_BATCH_BYTES`), slots and backlog (`busy`).",
        headers={"Location": {"description": "the batch's state", "required": True, "schema": {"type": "string"}}},
        request={"required": True, "content": {"multipart/form-data": {"schema": {"$ref": "#/components/schemas/BatchUpload"}}}},
    ),
    ("get", "/v1/batches"): Doc("The tenant's recent batches", 200, BatchList, {**KEYED, 400: ("bad_request",)}, "Newest first."),
    ("get", "/v1/batches/{bid}"): Doc("A batch's progress", 200, BatchState, REVIEW, "The counts, and each contract's review and cell."),
    ("delete", "/v1/batches/{bid}"): Doc("Cancel a batch", 202, BatchState, REVIEW, "Its contracts not yet done end `cancelled` (failed cells); those done keep theirs."),
    ("get", "/v1/batches/{bid}/events"): Doc(
        "A batch's cells as they are written (SSE)", 200, None, {**REVIEW, 400: ("bad_event_id",)},
        "`cell` `{index, request_id, filename, status: done|failed, error?}` as each contract ends, once; then `batch_done` "
        "`{total, done, failed}` and the stream ends. Resume with `Last-Event-ID` (or `?after=`).",
    ),
    ("get", "/v1/batches/{bid}/grid.json"): Doc("The batch's grid", 200, Grid, REVIEW, ABOUT_GRID),
    ("get", "/v1/batches/{bid}/grid.csv"): Doc("The batch's grid as CSV", 200, None, REVIEW, ABOUT_GRID, media="text/csv"),
    ("get", "/v1/batches/{bid}/grid.xlsx"): Doc(
        "The batch's grid as a spreadsheet", 200, None, REVIEW, ABOUT_GRID + " Frozen headers; each found cell links to the review page at its page.",
        media="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ),
}
