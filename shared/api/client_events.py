"""The AsyncAPI 3.0 document of what a client reads on a review's event stream
(proto/events.asyncapi.json), made from the models of :mod:`shared.api.client_models`, and the
JSON Schema helpers the edge's OpenAPI document (services/edge/openapi.py) shares with it.

    python -m shared.api.client_events            # print the document (JSON)
    python -m shared.api.client_events --write    # regenerate proto/events.asyncapi.json
    python -m shared.api.client_events --check    # exit 1 if it is stale
"""

from __future__ import annotations

import sys
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import GenerateJsonSchema, models_json_schema

from shared.api.asyncapi import render, write_or_check
from shared.api.client_models import EVENTS, STREAM_ID, WS_CLIENT, WS_SERVER, WsEvent
from shared.api.client_parts import Payload
from shared.api.gen_proto import PROTO_DIR

DOC_PATH = PROTO_DIR / "events.asyncapi.json"
REGENERATE = "python -m shared.api.client_events --write"
CONTENT_TYPE = "application/json"
REF = "#/components/schemas/{model}"
# The edge's defaults (services/edge/settings.py: host, port); shared/ does not import services/.
EDGE_HOST = "127.0.0.1:8000"


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


def main(argv: list[str] | None = None) -> int:
    return write_or_check(argv, DOC_PATH, render(build()), REGENERATE, "python -m shared.api.client_events")


if __name__ == "__main__":
    sys.exit(main())
