"""What a client sees on a review's event stream, as pydantic models, and the AsyncAPI 3.0
document made from them (proto/events.asyncapi.json).

    python -m shared.api.client_events            # print the document (JSON)
    python -m shared.api.client_events --write    # regenerate proto/events.asyncapi.json
    python -m shared.api.client_events --check    # exit 1 if it is stale

One ordered stream per review, the same events over SSE (``GET /v1/reviews/{id}/events``:
``id:`` the event id, ``event:`` its type, ``data:`` the payload as JSON) and over the
WebSocket (``/v1/reviews/{id}/ws``: ``{"id", "type", "data"}``, :class:`WsEvent`), which also
carries the control messages below. The models name what clients rely on (DESIGN.md, "Events a
client sees"); fields may be added, never renamed, so every model allows extra fields.
The emitters are the stages (``events.emit(...)`` in services/ and shared/platform/runtime.py);
tests/unit/test_client_events.py checks that every type they emit has a model here, and
tests/e2e/test_event_schema.py validates what the real stack sends against the generated
document. The edge's OpenAPI document (services/edge/openapi.py) uses the same models.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.json_schema import GenerateJsonSchema, models_json_schema

from shared.api.asyncapi import PROTO_DIR, ROOT, render
from shared.store.events import EVENT_TYPES

DOC_PATH = PROTO_DIR / "events.asyncapi.json"
REGENERATE = "python -m shared.api.client_events --write"
CONTENT_TYPE = "application/json"
REF = "#/components/schemas/{model}"
# The edge's defaults (services/edge/settings.py: host, port); shared/ does not import services/.
EDGE_HOST = "127.0.0.1:8000"
STREAM_ID = r"^[0-9]{1,20}-[0-9]{1,20}$"  # a Redis stream id (shared.store.events.valid_stream_id)
Mode = Literal["located", "fallback_full"]


class Payload(BaseModel):
    """Base of every model: extra fields are allowed (added later, never renamed)."""

    model_config = ConfigDict(extra="allow")


# --- pieces ------------------------------------------------------------------------------------


class ErrorBody(Payload):
    """The one error body (shared.core.errors.error_body): HTTP errors, `error` events, refusals."""

    code: str = Field(description="machine-readable, stable")
    message: str = Field(description="for people; may change")


class LocatedPage(Payload):
    page: int = Field(ge=1, description="1-based")
    score: float
    summary: str = Field(description="one line; empty when it would state a conclusion")


class Continues(Payload):
    """The rest of a clause that runs over a page break, quoted on the next page."""

    page: int = Field(ge=1)
    quote: str = Field(description="verbatim from that page's start")


class Evidence(Payload):
    page: int = Field(ge=1)
    quote: str = Field(description="verbatim from the page")
    category: str = Field(description="a CUAD clause category, or `Question` for a question that names none")
    score: float
    categories: list[str] = Field(default_factory=list, description="every category of this clause, best first (`category` is the first)")
    continues: Continues | None = Field(None, description="the clause goes on over the page break")


class Figure(Payload):
    kind: Literal["amount", "percent", "date", "duration"]
    text: str = Field(description="verbatim, whitespace collapsed")
    value: float | str = Field(description="a number; an ISO date for dates")
    unit: str = Field(description="currency code, `%`, days, months, ...; empty for dates")
    page: int = Field(ge=1)
    category: str | None = Field(description="the clause it belongs to, or null for a loose figure of a page")
    clause: str | None = Field(description="the clause's quote, clipped; null for a loose figure")
    role: str | None = Field(description="what it is in that clause (notice period, cap, ...), when known")


class Fact(Payload):
    kind: str
    text: str = Field(description="an exact slice of the finding's quote")
    scope: Literal["mutual", "one_party"] | None = Field(None, description="only on `bound` facts")


class Term(Payload):
    """One term of a clause's typed record (a cap's basis, a notice period, a governing law)."""

    category: str = Field(description="the clause category the term belongs to")
    name: str = Field(description="cap, notice_period, term_length, end_date, renewal_length, law, warranty_period, restriction_period, ...")
    stated: bool | None = Field(description="true: quoted in `text`; false: the whole clause was read and holds nothing that could state it; null: it holds figures none of which reads as this term (nothing is claimed)")
    text: str | None = Field(description="verbatim from the clause; null when not stated")
    value: float | str | None = Field(description="normalised: a number (days for periods, the sum for amounts), an ISO date or a name; null when none reads")
    unit: str | None = Field(description="days, a currency code, ...; null for names and dates")


class Finding(Payload):
    """One clause: its quote once, with every category it belongs to."""

    category: str = Field(description="its best category")
    categories: list[str] = Field(default_factory=list, description="every category of this clause, best first")
    page: int = Field(ge=1)
    quote: str = Field(description="verbatim, occurs on the page: the whole clause")
    score: float
    terms: list[Term] = Field(default_factory=list, description="the clause's terms for its categories, each quoted or said not to be stated")
    continues: Continues | None = Field(None, description="the clause goes on over the page break")
    risk: str = Field(description="a neutral note from the clause's own words")
    facts: list[Fact]
    risk_source: str = Field(description="`template`: made from the clause, not by the LLM")


class Absent(Payload):
    category: str = Field(description="an asked category with no clause in the document")
    searched_pages: int = Field(ge=1)


class Citation(Payload):
    page: int = Field(ge=1)
    quote: str = Field(description="checked: occurs on the page (whitespace- and case-insensitive)")


class Sentence(Payload):
    text: str
    grounded: bool = Field(description="carries a citation that held")
    citation: Citation | None = Field(description="the first citation that held")
    citations: list[Citation]
    rejected: int = Field(ge=0, description="citations of the sentence that did not hold")


class Usage(Payload):
    prompt_tokens: int = Field(ge=0)
    completion_tokens: int = Field(ge=0)
    counted: Literal["tokenizer", "estimated"] | None = Field(None, description="present when the server reported no usage")


class PriceTable(Payload):
    per_hour: dict[str, float] = Field(description="USD per hour of each kind of machine; cpu is one vCPU")
    llm_hardware: str = Field(description="what the LLM server runs on: a key of per_hour")
    per_1k_prompt_tokens: float
    per_1k_completion_tokens: float


class WholeDocument(Payload):
    """One pass of the whole document through the same model: the counterfactual."""

    prompt_tokens: int = Field(ge=0, description="the whole document with the same instructions and question, by the model's tokenizer")
    completion_tokens: int | None = Field(None, ge=0, description="this answer's length, else the median measured one")
    passes: int = Field(ge=1, description="passes the model's context window would need")
    seconds: float | None = Field(None, ge=0, description="from the model's measured throughput; null before any was measured")
    usd: float | None = Field(None, ge=0)
    basis: str = Field(description="the throughput used, or 'unmeasured'")
    model: str


class Fingerprint(Payload):
    """What shaped this request's cost."""

    prompt_chars: int = Field(ge=0)
    prompt_tokens: int = Field(ge=0)
    completion_tokens: int = Field(ge=0)
    model: str
    hardware: str = Field(description="where the LLM ran (cpu when no LLM was used)")
    seconds: float | None = Field(None, description="end to end: upload to final")
    pages: int = Field(ge=0)
    pages_analysed: int = Field(ge=0, description="pages the LLM read")


class Cost(Payload):
    stages_usd: dict[str, float]
    tokens_usd: float
    total_usd: float
    prices: PriceTable = Field(description="the price table used")
    whole_document: WholeDocument | None = None
    whole_document_usd: float | None = Field(None, description="reading the pages plus the whole-document pass")
    saving_usd: float | None = Field(None, description="whole_document_usd - total_usd; negative when staging cost more")
    saving_pct: float | None = None
    fingerprint: Fingerprint | None = None


class StageTiming(Payload):
    queue_wait_ms: float
    preprocess_ms: float
    inference_ms: float
    postprocess_ms: float
    total_ms: float
    cpu_ms: float
    # What a stage computed rather than found in the shared caches (in GET .../cost):
    pages_extracted: int | None = Field(None, ge=0, description="summarize: pages whose text was extracted (0: all cached)")
    pages_ocr: int | None = Field(None, ge=0, description="summarize: of those, pages read by OCR")
    chunks_embedded: int | None = Field(None, ge=0, description="locate: chunks whose vectors were computed (0: cached or not needed)")
    pages_gisted: int | None = Field(None, ge=0, description="summarize, with LLM page gists on: pages whose summary holds a model's gist")
    llm_prompt_tokens: int | None = Field(None, ge=0, description="summarize, with LLM page gists on: prompt tokens the gists took")
    llm_completion_tokens: int | None = Field(None, ge=0, description="summarize, with LLM page gists on: tokens the gists generated")


class Original(Payload):
    """A replayed final's original usage, cost and timings."""

    usage: Usage | None
    cost: Cost | None
    timings: dict[str, StageTiming] | None


# --- the events, by type -----------------------------------------------------------------------


class Accepted(Payload):
    """`accepted`: at once; the first event of every stream."""

    request_id: str
    page_count: int = Field(ge=1)


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
    answer: str = Field(description="the narrative (the deltas joined)")
    narrative: list[Sentence] = Field(description="the answer, sentence by sentence, each labelled")
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
    """`followup_error`: a follow-up failed; the review itself stays done."""

    followup_id: str


EVENTS: dict[str, type[Payload]] = {
    "accepted": Accepted,
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


# --- JSON Schema -------------------------------------------------------------------------------


class _Schema(GenerateJsonSchema):
    def field_title_should_be_set(self, schema) -> bool:
        return False  # a property's title only repeats its name

    def default_schema(self, schema):
        # ``x: T | None = None`` is a field that is absent when unset, never sent as null.
        inner = schema["schema"]
        if schema.get("default", ...) is None and inner["type"] == "nullable":
            return self.generate_inner(inner["schema"])
        return super().default_schema(schema)


def json_schemas(models: list[type[BaseModel]], ref_template: str = REF) -> dict[str, dict]:
    """The JSON schemas of ``models`` and of every model they use, by model name, with
    references as ``ref_template``."""
    _, top = models_json_schema([(m, "validation") for m in models], ref_template=ref_template, schema_generator=_Schema)
    return top.get("$defs", {})


def ref(model: type[BaseModel], template: str = REF) -> dict:
    return {"$ref": template.format(model=model.__name__)}


def summary(model: type[BaseModel]) -> str:
    """The model's docstring as one line."""
    return " ".join((model.__doc__ or "").split())


# --- the AsyncAPI document ---------------------------------------------------------------------

SECURITY = {
    "bearer": {"type": "http", "scheme": "bearer", "description": "`Authorization: Bearer <API key>`"},
    "apiKey": {"type": "httpApiKey", "name": "X-API-Key", "in": "header", "description": "the API key in a header"},
    "streamToken": {
        "type": "httpApiKey", "name": "token", "in": "query",
        "description": "`?token=`: the review's stream token (from the 202 of the upload or `POST /v1/reviews/{id}/stream-token`), "
        "for browsers, which cannot send a header on an EventSource or a WebSocket; it follows (and cancels) that one review",
    },
}
PARAMETERS = {"request_id": {"description": "The review's id (the `request_id` of the 202 answer to the upload)."}}
SSE_QUERY = {
    "type": "object",
    "properties": {
        "after": {"type": "string", "pattern": STREAM_ID, "description": "resume after this event id (or send the `Last-Event-ID` header)"},
        "followup": {"type": "string", "description": "only that follow-up's events, until its `followup_final` or `followup_error`"},
        "token": {"type": "string", "description": "the review's stream token, instead of an API key"},
    },
}
WS_QUERY = {
    "type": "object",
    "properties": {
        "after": {"type": "string", "pattern": STREAM_ID, "description": "resume after this event id"},
        "followups": {"type": "boolean", "default": False, "description": "stay open after the final, for follow-ups"},
        "token": {"type": "string", "description": "the review's stream token, instead of an API key"},
    },
}


SSE, WS = "review_events_sse", "review_events_ws"  # the channels
SSE_ABOUT = (
    "`GET` with an API key (or `?token=`). Each event is one SSE frame: `id:` its id, `event:` its type (the message name), "
    "`data:` its payload as JSON; comment lines keep an idle connection alive. The stream ends after its terminal event (`final`, "
    "`error` or `cancelled`); with `?followup=<id>`, after that follow-up's `followup_final` or `followup_error`. Resume with the "
    "`Last-Event-ID` header or `?after=<id>`."
)
WS_ABOUT = (
    'The same events as JSON text frames `{"id", "type", "data"}`, heartbeats, and the answers to the client\'s messages. Resume '
    "with `?after=<id>`. The socket closes after the terminal event unless it was opened with `?followups=true`. A review that "
    "cannot be followed gets one `error` message, then the close code 4000 + the HTTP status (4401, 4404, 4400)."
)
ABOUT = (
    "The events a client of ClauseFlow sees: one ordered stream per review, over SSE and over a WebSocket. Generated from "
    f"shared/api/client_events.py by `{REGENERATE}`; do not edit by hand. Payloads are JSON; every object may gain fields (clients "
    "ignore what they do not know), none is renamed. The HTTP API is described by the edge's /openapi.json."
)


def _message(name: str, about: type[BaseModel], payload: dict, **extra: Any) -> dict:
    return {"name": name, "title": name, "summary": summary(about), "contentType": CONTENT_TYPE, "payload": payload, **extra}


def _ws_event(type_: str, model: type[Payload]) -> dict:
    """The envelope of one event type: WsEvent with its `type` fixed and its `data` the payload."""
    return {"allOf": [ref(WsEvent), {"type": "object", "properties": {"type": {"const": type_}, "data": ref(model)}}]}


def _messages() -> dict[str, dict]:
    """components/messages: ``sse_<type>`` (the payload), ``ws_<type>`` (its envelope), ``ws_<control message>``."""
    out = {f"sse_{t}": _message(t, m, ref(m), **{"x-sse-event": t}) for t, m in EVENTS.items()}
    out |= {f"ws_{t}": _message(t, m, _ws_event(t, m)) for t, m in EVENTS.items()}
    return out | {f"ws_{k}": _message(k, m, ref(m)) for k, m in {**WS_SERVER, **WS_CLIENT}.items()}


def _channel(address: str, title: str, about: str, server: str, prefix: str, keys: list[str], **extra: Any) -> dict:
    messages = {k: {"$ref": f"#/components/messages/{prefix}{k}"} for k in keys}
    servers = [{"$ref": f"#/servers/{server}"}]
    out = {"address": address, "title": title, "description": about, "servers": servers, "parameters": PARAMETERS}
    return {**out, "messages": messages, **extra}


def _operation(action: str, cid: str, keys: list[str], about: str, **extra: Any) -> dict:
    messages = [{"$ref": f"#/channels/{cid}/messages/{k}"} for k in keys]
    return {"action": action, "channel": {"$ref": f"#/channels/{cid}"}, "summary": about, "messages": messages, **extra}


def build() -> dict:
    """The AsyncAPI 3.0 document, as a dict (its key order is the file's); the edge's point of view."""
    ws_out, ws_in = [*EVENTS, *WS_SERVER], list(WS_CLIENT)
    channels = {
        SSE: _channel("/v1/reviews/{request_id}/events", "Server-sent events", SSE_ABOUT, "edge", "sse_", list(EVENTS)),
        WS: _channel(
            "/v1/reviews/{request_id}/ws", "WebSocket", WS_ABOUT, "edge_ws", "ws_", ws_out + ws_in,
            bindings={"ws": {"query": WS_QUERY, "bindingVersion": "0.1.0"}},
        ),
    }
    operations = {
        "edge_sends_sse_events": _operation(
            "send", SSE, list(EVENTS), "The edge streams a review's events to an SSE client.",
            bindings={"http": {"method": "GET", "query": SSE_QUERY, "bindingVersion": "0.3.0"}},
        ),
        "edge_sends_ws_messages": _operation("send", WS, ws_out, "The edge sends a review's events, heartbeats and answers to follow-ups."),
        "edge_receives_ws_commands": _operation("receive", WS, ws_in, "The client cancels the review, or asks a follow-up."),
    }
    security = [{"$ref": f"#/components/securitySchemes/{k}"} for k in SECURITY]
    servers = {
        "edge": {"host": EDGE_HOST, "protocol": "http", "description": "The edge's HTTP port.", "security": security},
        "edge_ws": {"host": EDGE_HOST, "protocol": "ws", "description": "The edge's WebSocket endpoint.", "security": security},
    }
    return {
        "asyncapi": "3.0.0",
        "info": {"title": "ClauseFlow client events", "version": "1", "description": ABOUT},
        "defaultContentType": CONTENT_TYPE,
        "servers": servers,
        "channels": channels,
        "operations": operations,
        "components": {
            "messages": _messages(),
            "schemas": json_schemas([*EVENTS.values(), WsEvent, *WS_SERVER.values(), *WS_CLIENT.values()]),
            "securitySchemes": SECURITY,
        },
    }


def write_or_check(argv: list[str] | None, path, text: str, regenerate: str, prog: str) -> int:
    """The command line of a generated document: print it, ``--write`` it, or ``--check`` it."""
    parser = argparse.ArgumentParser(prog=prog, description=f"The generated {path.relative_to(ROOT)}.")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--write", action="store_true", help=f"write {path.relative_to(ROOT)}")
    group.add_argument("--check", action="store_true", help=f"exit 1 if {path.relative_to(ROOT)} is stale")
    args = parser.parse_args(argv)
    if args.write:
        path.write_text(text, encoding="utf-8")
        print(path.relative_to(ROOT))
    elif args.check and (not path.exists() or path.read_text(encoding="utf-8") != text):
        print(f"{path.relative_to(ROOT)} is stale: run `{regenerate}`", file=sys.stderr)
        return 1
    elif not args.check:
        sys.stdout.write(text)
    return 0


def main(argv: list[str] | None = None) -> int:
    return write_or_check(argv, DOC_PATH, render(build()), REGENERATE, "python -m shared.api.client_events")


if __name__ == "__main__":
    sys.exit(main())
