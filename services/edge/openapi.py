"""The edge's OpenAPI document: FastAPI's, completed with what FastAPI cannot see.

The routes answer with hand-built JSON, so FastAPI knows neither their bodies nor their errors,
and it lists its own 422 although the app answers a bad request with 400 and the one error body
(app.py). :func:`install` replaces ``app.openapi``: every operation gets its success body (the
models of openapi_models.py, docs only), each status it can answer with the codes it can carry (an
enum on ``error.code``, so a schemathesis run against the live edge, tests/integration/test_openapi.py,
fails on an undocumented code), the Location, WWW-Authenticate and Retry-After headers, and its
security. The event stream's payloads are shared/api/client_models.py's models, the same that make
proto/events.asyncapi.json. tests/unit/test_client_events.py checks that every code the edge
raises is documented here.
"""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

from shared.api import client_events as ce
from shared.api.client_models import EVENTS, STREAM_ID

from . import openapi_batches as ob
from .reports import COLUMNS as REPORT_COLUMNS
from .openapi_models import (
    BODY,
    BUSY,
    HTTP_MODELS,
    KEYED,
    REVIEW,
    STATE,
    Doc,
    RID,
    CancelAccepted,
    ErrorResponse,
    FollowupCreated,
    Health,
    PlaybookDoc,
    Report,
    ReviewCost,
    ReviewCreated,
    ReviewList,
    ReviewState,
    StreamToken,
)

WORD = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"

# --- what each operation answers ----------------------------------------------------------------

CODES = {
    "bad_request": "a parameter or body field is missing or malformed",
    "missing_file": "no `file` part",
    "question_too_long": "the question is over the limit",
    "bad_event_id": "`Last-Event-ID` or `after` is not an event id",
    "bad_question": "the question is empty or too long",
    "missing_reference": "neither `finding` nor `page`",
    "no_such_finding": "the final has no finding at that index",
    "no_such_page": "the document has no such page",
    "quote_not_on_page": "the quote does not occur on the page",
    "unauthorized": "no API key, or not a valid one",
    "not_found": "no such review for this key (another tenant's looks the same), or its PDF is no longer kept",
    "not_ready": "the review has no final yet",
    "expired": "the review's pages are no longer kept",
    "too_large": "over the size or page limit",
    "not_a_pdf": "empty, or neither a PDF nor a Word .docx",
    "unsupported_format": "a zip that is not a Word document, or an RTF file: send a PDF or a .docx",
    "legacy_doc": "a legacy Word .doc (or another pre-2007 Office file): save it as .docx or PDF",
    "macro_enabled": "a macro-enabled Word file (.docm, or macros inside): save it as .docx without macros, or PDF",
    "corrupt_docx": "a Word file with a part missing or not well-formed",
    "docx_dtd": "a Word file whose XML declares a DTD or entities (entity expansion): refused",
    "not_converted": "the review's Word file is not converted yet; its PDF comes with the `converted` event",
    "corrupt_pdf": "truncated or unreadable",
    "encrypted_pdf": "password protected",
    "pdf_too_slow": "reading it took over the time limit",
    "pdf_too_big": "reading it needs over the memory limit",
    "rate_limited": "over this key's upload rate",
    "busy": "the system has as many reviews in progress, or this edge as many uploads at once, as it takes",
    "too_many_followups": "the review has had as many follow-ups as a review takes (`CLAUSEFLOW_MAX_FOLLOWUPS_PER_REVIEW`)",
    "dependency_unavailable": "the review queue is unavailable",
    "state_unavailable": "the review state store (Redis) is unavailable",
    "bad_playbook": "the playbook does not validate: the message names the rule and the field",
    **ob.CODES,
}
# Codes of a status that come without Retry-After (asking again will not help).
NO_RETRY_AFTER = {"too_many_followups"}
REASONS = {
    400: "Bad request", 401: "No valid API key", 404: "Not found", 409: "Not possible in the review's state",
    413: "Too large", 415: "Not a PDF or a Word .docx", 422: "A PDF or Word file that cannot be read, or a playbook that does not validate", 429: "Over the rate", 503: "Unavailable; retry later",
}
HEADERS = {
    401: {"WWW-Authenticate": {"description": "`Bearer`", "required": True, "schema": {"type": "string", "enum": ["Bearer"]}}},
    429: {"Retry-After": {"description": "seconds", "required": True, "schema": {"type": "integer", "minimum": 1}}},
    503: {"Retry-After": {"description": "seconds", "required": True, "schema": {"type": "integer", "minimum": 1}}},
}
OPERATIONS: dict[tuple[str, str], Doc] = {
    ("post", "/v1/reviews"): Doc(
        "Upload a contract and a question", 202, ReviewCreated,
        {**KEYED, 400: ("bad_request", "missing_file", "question_too_long"), 413: ("too_large", "archive_too_many_entries", "archive_too_large"),
         415: ("not_a_pdf", "unsupported_format", "legacy_doc", "macro_enabled"),
         422: ("corrupt_pdf", "encrypted_pdf", "pdf_too_slow", "pdf_too_big", "corrupt_docx", "docx_dtd", "bad_archive",
               "archive_path_escape", "archive_encrypted", "archive_bomb", "archive_empty"), 429: ("rate_limited",), 503: BUSY},
        "A PDF or a Word .docx. The file is checked (in a sandbox), stored, and the review queued; follow it on `events_url` or `ws_url`. "
        "A Word file is converted to PDF by LibreOffice after the 202 (the `converted` event; `page_count` is null until then), "
        "with its tracked changes accepted and its comments left out; a .docm, a legacy .doc and RTF are refused (415). "
        "The key, the declared size and this edge's upload slots (`busy`) are checked before the body is read.",
        headers={"Location": {"description": "the review's state", "required": True, "schema": {"type": "string"}}},
        request={"required": True, "content": {"multipart/form-data": {
            "schema": {"$ref": "#/components/schemas/Upload"}, "encoding": {"file": {"contentType": f"application/pdf, {WORD}"}},
        }}},
    ),
    ("get", "/v1/reviews"): Doc("The tenant's recent reviews", 200, ReviewList, {**KEYED, 400: ("bad_request",)}, "Newest first."),
    ("get", "/v1/reviews/{rid}"): Doc("A review's state", 200, ReviewState, REVIEW, "For clients that do not stream."),
    ("delete", "/v1/reviews/{rid}"): Doc(
        "Cancel a review", 202, CancelAccepted, REVIEW, "Its stream ends with `cancelled`; a review that had ended stays as it was."
    ),
    ("get", "/v1/reviews/{rid}/cost"): Doc("Per-stage timings and cost", 200, ReviewCost, REVIEW),
    ("get", "/v1/reviews/{rid}/pdf"): Doc(
        "The PDF citations point into", 200, None, {**REVIEW, 409: ("not_converted",)},
        "While it is kept: the uploaded PDF, or the PDF a Word file was converted to.",
        headers={"Content-Disposition": {"required": True, "schema": {"type": "string", "enum": ["inline"]}}},
    ),
    ("get", "/v1/reviews/{rid}/original"): Doc(
        "The file as uploaded", 200, None, REVIEW, "While it is kept: a Word file as it was sent (before conversion), or the PDF; as a download.",
        headers={"Content-Disposition": {"required": True, "schema": {"type": "string"}}},
    ),
    ("post", "/v1/reviews/{rid}/stream-token"): Doc(
        "A new stream token for one's own review", 200, StreamToken, {**REVIEW, **BODY},
        "For a browser reopening a review: EventSource and WebSocket cannot send a key.",
    ),
    ("post", "/v1/reviews/{rid}/followups"): Doc(
        "Ask about one clause of a finished review", 202, FollowupCreated,
        {**REVIEW, **BODY, 409: ("not_ready", "expired"), 429: ("rate_limited", "too_many_followups"), 503: BUSY,
         400: ("bad_request", "bad_question", "missing_reference", "no_such_finding", "no_such_page", "quote_not_on_page")},
        "Answered on the review's event stream (`followup_delta`, then `followup_final` or `followup_error`). Takes the API key "
        "(a stream token does not ask follow-ups); a review takes `CLAUSEFLOW_MAX_FOLLOWUPS_PER_REVIEW` (50) of them.",
    ),
    ("get", "/v1/reviews/{rid}/events"): Doc("The review's events (SSE)", 200, None, {**REVIEW, 400: ("bad_event_id",)}),
    ("get", "/v1/reviews/{rid}/report.json"): Doc(
        "The finished review as a report", 200, Report, {**REVIEW, 409: ("not_ready",)},
        "What was found and checked, against which playbook: the summary, every finding quoted and placed with its position, "
        "the categories not found. No LLM commentary.",
    ),
    ("get", "/v1/reviews/{rid}/report.csv"): Doc(
        "The finished review, one row per finding", 200, None, {**REVIEW, 409: ("not_ready",)},
        "Columns: " + ", ".join(f"`{c}`" for c in REPORT_COLUMNS) + ".",
        headers={"Content-Disposition": {"required": True, "schema": {"type": "string"}}},
    ),
    ("get", "/v1/playbook"): Doc(
        "The tenant's playbook", 200, PlaybookDoc, KEYED,
        "The positions every finding is checked against: the tenant's own, or the default until it sets one (`source`).",
    ),
    ("put", "/v1/playbook"): Doc(
        "Replace the tenant's playbook", 200, PlaybookDoc, {**KEYED, **BODY, 400: ("bad_request",), 422: ("bad_playbook",)},
        "Stored as the next version (any `version` sent is ignored); reviews started after it are checked against it, "
        "and each final records the version. A playbook that does not validate is refused with the rule and the field named.",
        request={"required": True, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/PlaybookIn"}}}},
    ),
    ("get", "/healthz"): Doc("Liveness and Redis", 200, Health, STATE, keyed=False),
    **ob.OPERATIONS,
}
# The upload's form, as the route reads it (FastAPI's says both parts are optional: the route takes
# them so to answer its own 400s; and a nullable file part is not sent as a file by clients).
UPLOAD = {
    "type": "object",
    "title": "Upload",
    "required": ["file"],
    "properties": {
        "file": {
            "type": "string", "format": "binary",
            "description": "the contract, a PDF or a Word .docx, within the edge's size and page limits",
        },
        "question": {"type": "string", "description": "what to review it for (CLAUSEFLOW_MAX_QUESTION_CHARS at most); absent or empty: the whole playbook (recorded as \"Review this contract against our playbook.\")"},
    },
}


def documented_codes() -> set[str]:
    return {code for doc in OPERATIONS.values() for codes in doc.errors.values() for code in codes}


# --- the document --------------------------------------------------------------------------------

DESCRIPTION = f"""Contract review: upload a PDF and a question, follow the review's events, read its result.

Authenticate with an API key: `Authorization: Bearer <key>` or `X-API-Key: <key>`; a request with a body is
refused (401, 413) before its body is read. A browser follows one review with its stream token (`?token=`, in
`events_url` and `ws_url`): it reads that review's events and may cancel it; it asks no follow-ups. Every error is
`{{"error": {{"code", "message"}}}}`; each operation lists the codes it can answer with.

The events of a review stream over SSE (`GET /v1/reviews/{{id}}/events`, below) and over a **WebSocket**,
`/v1/reviews/{{id}}/ws` (not in this document: OpenAPI does not describe WebSockets). The WebSocket carries the
same events as `{{"id", "type", "data"}}`, heartbeats, and takes `{{"type": "cancel"}}` and, with `?followups=true`,
`{{"type": "followup", "question", "finding" | "page", "quote"}}` (opened with the API key: a stream token's is refused). Both channels and every message are described in
the AsyncAPI document `proto/events.asyncapi.json` (generated by `{ce.REGENERATE}`)."""


SSE_ABOUT = """One ordered stream per review. Each event is an SSE frame: `id:` its id, `event:` its type, `data:` its
payload as JSON (more fields may be added, none renamed). Comment lines keep an idle connection alive.

Resume: send `Last-Event-ID` (or `?after=<id>`) to get only the events after that id. The stream ends after `final`,
`error` or `cancelled`. `?followup=<followup_id>`: only that follow-up's events, until its `followup_final` or
`followup_error`. Authenticate with the API key, or `?token=<stream token>`.

| event | payload | |
|---|---|---|
"""


def _sse_description() -> str:
    rows = []
    for type_, model in EVENTS.items():
        name, when = model.__name__, ce.summary(model).split(": ", 1)[-1]
        rows.append(f"| `{type_}` | [`{name}`](#/components/schemas/{name}) | {when} |")
    return SSE_ABOUT + "\n".join(rows)


def _sse_schema() -> dict:
    """One SSE event (what schemathesis and OpenAPI 3.1 tools read an event stream's `schema` as)."""
    one = []
    for type_, model in EVENTS.items():
        one.append({
            "type": "object",
            "title": type_,
            "required": ["id", "event", "data"],
            "properties": {
                "id": {"type": "string", "pattern": STREAM_ID},
                "event": {"const": type_},
                "data": {"type": "string", "contentMediaType": "application/json", "contentSchema": ce.ref(model)},
            },
        })
    return {"oneOf": one}


def _error_response(status: int, codes: tuple[str, ...]) -> dict:
    listed = "; ".join(f"`{c}`: {CODES[c]}" for c in codes)
    body = {"allOf": [ce.ref(ErrorResponse), {"properties": {"error": {"properties": {"code": {"enum": list(codes)}}}}}]}
    out = {"description": f"{REASONS[status]}. Codes: {listed}.", "content": {"application/json": {"schema": body}}}
    if status in HEADERS:
        out["headers"] = HEADERS[status]
        if set(codes) & NO_RETRY_AFTER:
            out["headers"] = {k: {**v, "required": False, "description": f"{v['description']} (not with {', '.join(sorted(set(codes) & NO_RETRY_AFTER))})"} for k, v in HEADERS[status].items()}
    return out


def _success(doc: Doc, path: str) -> dict:
    if doc.body is not None:
        content = {"application/json": {"schema": ce.ref(doc.body)}}
    elif doc.media:
        content = {doc.media: {"schema": {"type": "string"} if doc.media.startswith("text/") else {"type": "string", "format": "binary"}}}
    elif path.endswith("/original"):
        content = {m: {"schema": {"type": "string", "format": "binary"}} for m in ("application/pdf", WORD)}
    elif path.startswith("/v1/batches/"):  # the batch's events
        content = {"text/event-stream": {"schema": {"type": "string"}}}
    elif path.endswith("/events"):
        content = {"text/event-stream": {"schema": _sse_schema()}}
    else:
        content = {"application/pdf": {"schema": {"type": "string", "format": "binary"}}}
    out = {"description": doc.summary, "content": content}
    if doc.headers:
        out["headers"] = doc.headers
    return out


def _plain_parameters(op: dict) -> None:
    """A parameter is a string on the wire, never null; a request id has its shape."""
    for param in op.get("parameters", []):
        schema = param["schema"]
        options = [s for s in schema.get("anyOf", []) if s.get("type") != "null"]
        if len(options) == 1:
            param["schema"] = {**{k: v for k, v in schema.items() if k not in ("anyOf", "default")}, **options[0]}
        if param["in"] == "path" and param["name"] == "rid":
            param["schema"]["pattern"] = RID
            param["description"] = "the review's id (`request_id`)"
        if param["in"] == "path" and param["name"] == "bid":
            param["schema"]["pattern"] = ob.BID
            param["description"] = "the batch's id (`batch_id`)"


def complete(schema: dict) -> dict:
    """FastAPI's document with the bodies, errors, headers and security above."""
    schema["info"]["description"] = DESCRIPTION
    components = schema.setdefault("components", {})
    schemas = components.setdefault("schemas", {})
    for name in ("HTTPValidationError", "ValidationError", "Body_create_review_v1_reviews_post"):
        schemas.pop(name, None)  # FastAPI's 422 body (the app answers 400 with ErrorResponse), and the upload's form
    schemas["Upload"], schemas["BatchUpload"] = UPLOAD, ob.FORM
    schemas.pop("Body_create_batch_v1_batches_post", None)
    ours = ce.json_schemas([*EVENTS.values(), *HTTP_MODELS, *ob.MODELS])
    if clash := set(ours) & set(schemas):
        raise ValueError(f"schema names used twice in the OpenAPI document: {sorted(clash)}")
    schemas.update(ours)
    # AsyncAPI's schemes, with OpenAPI's name for a key in a header or the query.
    components["securitySchemes"] = {k: {**v, "type": "apiKey"} if v["type"] == "httpApiKey" else v for k, v in ce.SECURITY.items()}
    for path, methods in schema.get("paths", {}).items():
        for method, op in methods.items():
            doc = OPERATIONS.get((method, path))
            if doc is None:  # a new route: FastAPI's own entry (tests/unit/test_client_events.py fails on it)
                op.get("responses", {}).pop("422", None)
                continue
            op["summary"] = doc.summary
            if doc.description:
                op["description"] = doc.description
            _plain_parameters(op)
            op["responses"] = {str(doc.status): _success(doc, path)}
            op["responses"].update({str(status): _error_response(status, codes) for status, codes in sorted(doc.errors.items())})
            if doc.request is not None:
                op["requestBody"] = doc.request
            if doc.keyed:
                op["security"] = [{"bearer": []}, {"apiKey": []}]
            if path.startswith("/v1/reviews/") and path.endswith("/events"):
                op["description"] = _sse_description()
                op["security"].append({"streamToken": []})
    return schema


def install(app: FastAPI) -> None:
    """Serve :func:`complete`'s document as the app's /openapi.json (built once, on first use)."""

    def openapi() -> dict:
        if app.openapi_schema is None:
            app.openapi_schema = complete(get_openapi(title=app.title, version=app.version, routes=app.routes))
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
