"""The bodies the edge's HTTP routes answer with, as pydantic models for the OpenAPI document
(openapi.py) only: the routes build these as plain dicts. The event payloads are
shared/api/client_models.py's."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, Field

from shared.api.client_models import Draft, Final
from shared.api.client_parts import CONFIDENCE, TIER, Absent, Continues, Cost, ErrorBody, Payload, PlaybookResult, Position, StageTiming, SummaryRow, Term, Tier, Unasked
from shared.clauses.playbook import Playbook, PlaybookIn

RID = r"^[0-9a-f]{32}$"  # secrets.token_hex(16)
Status = Literal["accepted", "summarized", "located", "done", "failed", "cancelled"]


# --- success bodies (documentation only: the routes build these dicts) -------------------------


Format = Literal["pdf", "docx"]


class Conversion(Payload):
    """How a Word file became the PDF its review reads (shared/documents/convert.py)."""

    page_count: int = Field(ge=1)
    converter: str = Field(description="e.g. LibreOffice 7.4.7.2")
    seconds: float
    tracked_changes: int = Field(description="accepted: the text reviewed is the text with every change accepted")
    comments: int = Field(description="left out: comments are not contract text")
    external_links_dropped: int = Field(description="links to outside the file, never fetched")
    cached: bool = Field(description="the same file was converted before, while its PDF was kept")


class ReviewCreated(Payload):
    request_id: str = Field(pattern=RID)
    page_count: int | None = Field(ge=1, description="null for a Word file until it is converted (the `converted` event)")
    format: Format
    status_url: str
    events_url: str = Field(description="SSE, with the review's stream token (for browsers)")
    ws_url: str = Field(description="the WebSocket, with the review's stream token")
    stream_token: str = Field(description="follows (and cancels) this one review, nothing else")


class ReviewSummary(Payload):
    request_id: str
    status: Status
    filename: str
    question: str
    created_at: float = Field(description="Unix time")
    page_count: int | None
    cost: Cost | None = Field(None, description="the final's cost; present once the review has one")


class ReviewList(Payload):
    reviews: list[ReviewSummary] = Field(description="newest first, while they are kept")


class StreamToken(Payload):
    request_id: str
    events_url: str
    ws_url: str
    stream_token: str


class ReviewState(Payload):
    request_id: str
    status: Status
    tenant: str
    question: str
    filename: str
    doc_sha256: str = Field(description="the PDF's (for a Word file, the converted PDF's once converted)")
    page_count: int | None = Field(description="null for a Word file until it is converted")
    format: Format = "pdf"
    original_sha256: str | None = Field(None, description="the file as uploaded (GET …/original)")
    conversion: Conversion | None = Field(None, description="a Word file's, once converted")
    created_at: float
    located_pages: list[int] | None = Field(None, description="once located")
    final: Final | None = Field(None, description="once done")
    draft: Draft | None = Field(description="until the final replaces it, or it expires")
    draft_expired: bool


class ReviewCost(Payload):
    request_id: str
    stages: dict[str, StageTiming] = Field(description="per stage, as recorded so far")
    cost: Cost = Field(description="the final's cost (with the whole-document counterfactual and the saving), else the stages' so far")
    final: bool = Field(description="whether `cost` is the final's")


class CancelAccepted(Payload):
    request_id: str
    status: Status = Field(description="`cancelled`, or the status it had ended with already")


class FollowupCreated(Payload):
    request_id: str
    followup_id: str
    events_url: str = Field(description="SSE of this follow-up's events only")


class Health(Payload):
    status: Literal["ok"]


class ErrorResponse(BaseModel):
    """Every error: `{"error": {"code", "message"}}`."""

    error: ErrorBody


class ReportFinding(Payload):
    category: str
    categories: list[str]
    page: int = Field(ge=1)
    quote: str
    continues: Continues | None = None
    terms: list[Term]
    position: Position | None = None
    confidence: float | None = Field(None, ge=0, le=1, description=CONFIDENCE)
    tier: Tier | None = Field(None, description=TIER)


class Report(Payload):
    request_id: str = Field(pattern=RID)
    file: str = Field(description="the uploaded file's name")
    question: str
    reviewed_at: str = Field(description="when it was uploaded (ISO 8601, UTC)")
    pages: int = Field(ge=1)
    playbook: PlaybookResult | None
    summary: list[SummaryRow]
    findings: list[ReportFinding]
    absent: list[Absent]
    unasked: list[Unasked] = Field(default_factory=list, description="parts of the question no asked category answers")


class PlaybookDoc(Playbook):
    source: Literal["default", "tenant"] = Field(description="`default` until the tenant sets its own")


HTTP_MODELS = [ReviewCreated, ReviewList, StreamToken, ReviewState, ReviewCost, CancelAccepted, FollowupCreated, Health, ErrorResponse, PlaybookDoc, PlaybookIn, Report]


# --- what each operation answers: openapi.py's table of operations, openapi_batches.py's ---------

STATE = {503: ("state_unavailable",)}
KEYED = {401: ("unauthorized",), **STATE}
REVIEW = {**KEYED, 404: ("not_found",)}
BUSY = ("busy", "dependency_unavailable", "state_unavailable")
BODY = {413: ("too_large",)}  # the size limit counts every POST's and PUT's body (gate.BodyGate)


@dataclass(frozen=True)
class Doc:
    """One operation's documentation."""

    summary: str
    status: int
    body: type[BaseModel] | None
    errors: dict[int, tuple[str, ...]]
    description: str = ""
    keyed: bool = True  # needs an API key
    headers: dict[str, dict] = field(default_factory=dict)
    request: dict | None = None  # the request body, where FastAPI's is not what the route reads
    media: str = ""  # the success body's media type where it is not JSON, a PDF or the review's events
