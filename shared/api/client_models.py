"""What a client sees on a review's event stream, as pydantic models: the payload of each event
type (:data:`EVENTS`) and the WebSocket's own messages (:data:`WS_SERVER`, :data:`WS_CLIENT`).

One ordered stream per review, the same events over SSE (``GET /v1/reviews/{id}/events``:
``id:`` the event id, ``event:`` its type, ``data:`` the payload as JSON) and over the
WebSocket (``/v1/reviews/{id}/ws``: ``{"id", "type", "data"}``, :class:`WsEvent`), which also
carries the control messages below. The models name what clients rely on (DESIGN.md, "Events a
client sees"); fields may be added, never renamed, so every model allows extra fields. Their
pieces are in :mod:`shared.api.client_parts`; :mod:`shared.api.client_events` makes the
AsyncAPI document (proto/events.asyncapi.json) from them.
The emitters are the stages (``events.emit(...)`` in services/ and shared/platform/runtime.py);
tests/unit/test_client_events.py checks that every type they emit has a model here, and
tests/e2e/test_event_schema.py validates what the real stack sends against the generated
document. The edge's OpenAPI document (services/edge/openapi.py) uses the same models.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from shared.api.client_parts import (
    Absent,
    Citation,
    Commentary,
    Cost,
    ErrorBody,
    Evidence,
    Figure,
    Finding,
    LocatedPage,
    Original,
    Payload,
    PlaybookResult,
    Sentence,
    StageTiming,
    SummaryRow,
    Unasked,
    Usage,
)
from shared.store.events import EVENT_TYPES

STREAM_ID = r"^[0-9]{1,20}-[0-9]{1,20}$"  # a Redis stream id (shared.store.events.valid_stream_id)
Mode = Literal["located", "fallback_full", "batch"]  # batch: a batch's contract, every page by the clause model, no LLM


# --- the events, by type -----------------------------------------------------------------------


class Accepted(Payload):
    """`accepted`: at once; the first event of every stream. A Word file's pages are counted
    once it is converted (`converted`); until then `page_count` is null."""

    request_id: str
    page_count: int | None = Field(ge=1, description="null for a Word file until `converted`")
    format: Literal["pdf", "docx"] = Field("pdf", description="what was uploaded")


class Converted(Payload):
    """`converted`: a Word file became the PDF that pages and citations refer to (LibreOffice,
    after the 202). Tracked changes were accepted (the text as it would read with every change
    accepted), comments left out, links to outside the file dropped, never fetched."""

    format: Literal["docx"]
    page_count: int = Field(ge=1)
    converter: str = Field(description="e.g. LibreOffice 7.4.7.2")
    seconds: float = Field(ge=0, description="the conversion's wall time")
    tracked_changes: int = Field(ge=0, description="insertions, deletions and moves accepted")
    comments: int = Field(ge=0, description="comments left out")
    external_links_dropped: int = Field(ge=0)


class Progress(Payload):
    """`progress`: while summarize reads the pages (`ocr`: the scanned ones, as each is read)
    and locate ranks them."""

    stage: Literal["summarize", "ocr", "locate"]
    done: int = Field(ge=0)
    total: int = Field(ge=0)


class Draft(Payload):
    """`draft`: within seconds, without a large model: located pages, verbatim evidence, figures
    and open questions, never conclusions. Provisional: the final replaces it, and it is
    withdrawn (`draft_expired`) if no final comes by `expires_at`."""

    pages: list[LocatedPage] = Field(description="best first")
    evidence: list[Evidence]
    figures: list[Figure]
    questions: list[str] = Field(description="open questions, each ending in `?`")
    categories: list[str] = Field(description="the clause categories the question asks about")
    expires_at: float = Field(description="Unix time")
    mode: Mode


class DraftExpired(Payload):
    """`draft_expired`: no final came in time; the draft is withdrawn while the analysis goes on."""

    reason: str


class Delta(Payload):
    """`delta`: a chunk of the narrative while the LLM writes. A delta with `reset` starts a new
    generation (a retried answer): drop the text shown so far."""

    text: str
    generation: int = Field(ge=1)
    reset: bool | None = Field(None, description="true on the first delta of a generation after the first; absent otherwise")


class Final(Payload):
    """`final`: the checked result; ends the review's stream (a WebSocket opened with
    `?followups=true` stays open for follow-ups)."""

    findings: list[Finding] = Field(description="from the clause model, independent of the LLM")
    absent: list[Absent]
    unasked: list[Unasked] = Field(default_factory=list, description="parts of the question none of the asked categories answers (a several-part question whose routing dropped or never had a topic)")
    playbook: PlaybookResult | None = Field(None, description="the playbook the findings were checked against, and its deviations")
    summary: list[SummaryRow] = Field(default_factory=list, description="one row per asked category, deviations first")
    answer: str = Field(description="the summary in words, a line per asked category, deviations first (a routed question: the clause found, quoted); never model text")
    commentary: Commentary | None = Field(description="the LLM's text (the deltas joined) with its labels; null when the question was answered without the LLM")
    citations: list[Citation] = Field(description="only those that occur on their page")
    citations_rejected: int = Field(ge=0)
    mode: Mode
    model: str = Field(description="`none` when answered without the LLM")
    usage: Usage
    cost: Cost
    timings: dict[str, StageTiming] = Field(description="by stage")
    prompt_version: str
    routed: Literal["no_llm"] | None = Field(None, description="present when a question of fact was answered without the LLM")
    cached: bool | None = Field(None, description="true when replayed from the results cache; absent otherwise")
    original: Original | None = Field(None, description="on a replayed final: what the original cost")


class ErrorEvent(ErrorBody):
    """`error`: a stage failed (or the review's deadline passed); ends the stream. Never a hang."""

    stage: str = Field(description="the stage that failed (`edge` for the deadline or the queue)")


class Cancelled(Payload):
    """`cancelled`: the client cancelled, or every client went away; ends the stream."""

    reason: str


class FollowupDelta(Delta):
    """`followup_delta`: a chunk of a follow-up's answer."""

    followup_id: str


class FollowupFinal(Payload):
    """`followup_final`: a follow-up's answer, from that clause's context only; ends the follow-up."""

    followup_id: str
    question: str
    page: int = Field(ge=1)
    quote: str
    answer: str
    narrative: list[Sentence]
    citations: list[Citation]
    citations_rejected: int = Field(ge=0)
    model: str
    usage: Usage
    cost: Cost
    timings: dict[str, StageTiming]


class FollowupError(ErrorBody):
    """`followup_error`: a follow-up failed, or was not answered by its deadline (code `timeout`);
    the review itself stays done. A follow-up has exactly one end: its final or this."""

    followup_id: str


EVENTS: dict[str, type[Payload]] = {
    "accepted": Accepted,
    "converted": Converted,
    "progress": Progress,
    "draft": Draft,
    "draft_expired": DraftExpired,
    "delta": Delta,
    "final": Final,
    "error": ErrorEvent,
    "cancelled": Cancelled,
    "followup_delta": FollowupDelta,
    "followup_final": FollowupFinal,
    "followup_error": FollowupError,
}
if set(EVENTS) != set(EVENT_TYPES):
    raise ImportError(f"shared.store.events.EVENT_TYPES and the models here disagree: {sorted(set(EVENTS) ^ set(EVENT_TYPES))}")


# --- the WebSocket's own messages --------------------------------------------------------------


class WsEvent(Payload):
    """An event of the stream on the WebSocket (shared.store.events.Event.as_json)."""

    id: str = Field(pattern=STREAM_ID, description="resume after it with `?after=`")
    type: Literal[EVENT_TYPES]  # type: ignore[valid-type]
    data: dict[str, Any] = Field(description="the event's payload, as on SSE")


class Heartbeat(Payload):
    """Sent after 5 s without an event, to keep the connection alive."""

    type: Literal["heartbeat"]
    at: float = Field(description="Unix time")


class FollowupAccepted(Payload):
    """The follow-up was taken; its events follow on this socket."""

    type: Literal["followup_accepted"]
    followup_id: str


class FollowupRefused(Payload):
    """The follow-up was not taken (no final yet, no such finding or page, over the rate, ...)."""

    type: Literal["followup_refused"]
    data: ErrorBody


class StreamRefused(Payload):
    """The review cannot be followed (no key, another tenant's, a bad `after`); the socket is then
    closed with code 4000 + the HTTP status (4401, 4404, 4400)."""

    type: Literal["error"]
    data: ErrorBody


class CancelCommand(Payload):
    """Client to server: cancel the review."""

    type: Literal["cancel"]


class FollowupAsk(BaseModel):
    """A question on one clause of a finished review: a finding of the final (its index), or a
    page and a quote on it (a citation), or a page alone (the body of POST .../followups)."""

    model_config = ConfigDict(extra="forbid")  # the edge refuses unknown fields
    question: str = Field(min_length=1, max_length=2000)
    finding: int | None = Field(None, ge=0)
    page: int | None = Field(None, ge=1)
    quote: str | None = Field(None, max_length=4000)


class FollowupCommand(FollowupAsk):
    """Client to server, on a socket opened with `?followups=true` after the final: ask about one
    clause, a finding of the final (its index) or a page (and a quote on it)."""

    type: Literal["followup"]


WS_SERVER: dict[str, type[BaseModel]] = {
    "heartbeat": Heartbeat,
    "followup_accepted": FollowupAccepted,
    "followup_refused": FollowupRefused,
    "refused": StreamRefused,
}
WS_CLIENT: dict[str, type[BaseModel]] = {"cancel": CancelCommand, "followup": FollowupCommand}
