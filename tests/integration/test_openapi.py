"""The edge's OpenAPI document against the edge itself (its own process, the real broker and
Redis, no workers): schemathesis generates requests from the document and checks every answer's
status, content type, headers and body against it.

The tests are parametrized when the module is collected, before any edge runs, so the document
is the app's own (``build_app().openapi()``); the first test checks that the running edge serves
exactly that at /openapi.json. (``schemathesis.pytest.from_fixture``, which would load it from the
running edge, does not work under pytest 9: it sets ``Function._nodeid``, which pytest 9 removed.)

Random request ids reach only the error paths, so half the generated requests that name a review
name a real one (uploaded, then cancelled so that its event stream has ended); the upload itself,
which a generated body never passes (it is not a PDF), is checked with a real contract.
"""

from __future__ import annotations

import os

import httpx
import pytest
import schemathesis
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.core import NOT_SET
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from services.edge.app import build_app
from services.edge.settings import Settings
from shared.core.apikeys import digest, new_key
from shared.testing import edge_process
from shared.testing.contracts import make_contract

KEY = new_key()
HEADERS = {"Authorization": f"Bearer {KEY}"}
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_headers_conformance, response_schema_conformance]
# Bounded: about a dozen operations on a 2-core machine, within a few minutes all told.
CONFIG = {
    "headers": HEADERS,
    "request-timeout": 15,
    "max-stream-events": 50,
    "cache": {"enabled": False},
    "generation": {"mode": "positive", "max-examples": 15, "no-shrink": True, "deterministic": bool(os.environ.get("CI"))},
    "phases": {"stateful": {"enabled": False}},
}


@pytest.fixture(scope="module")
def edge(settings_module, tmp_path_factory):
    env = {"upload_rate": "100000/minute", "max_upload_bytes": "2000000", "client_gone_cancel_s": "600", "heartbeat_s": "1"}
    with edge_process(settings_module, tmp_path_factory.mktemp("openapi"), {"oas": KEY}, **env) as base:
        yield base


def upload(edge: str, data: bytes):
    """An upload through schemathesis, its answer checked like a generated one's."""
    form = {"file": data, "question": "liability?"}
    case = SCHEMA["/v1/reviews"]["POST"].Case(body=form, media_type="multipart/form-data", headers=HEADERS)
    return case.call_and_validate(base_url=edge, checks=CHECKS)


@pytest.fixture(scope="module")
def uploaded(edge):
    r = upload(edge, make_contract().data)
    assert r.status_code == 202, r.text
    return r


@pytest.fixture(scope="module")
def review(edge, uploaded) -> str:
    """A real review whose stream has ended (cancelled), so that following it returns."""
    rid = uploaded.json()["request_id"]
    assert httpx.delete(f"{edge}/v1/reviews/{rid}", headers=HEADERS, timeout=10).status_code == 202
    return rid


DOCUMENT = build_app(Settings(api_keys=f"oas:{digest(KEY)}")).openapi()
SCHEMA = schemathesis.openapi.from_dict(DOCUMENT, config=schemathesis.Config.from_dict(CONFIG))
REAL: dict[str, str] = {}  # the real review's id, once the fixture has made it
SEEN: set[tuple[str, int]] = set()  # (operation, status) of every generated request


@SCHEMA.hook
def flatmap_case(context, case):
    if "rid" not in (case.path_parameters or {}):
        return st.just(case)
    return st.booleans().map(lambda real: _with_rid(case, REAL["rid"]) if real else case)


def _with_rid(case, rid: str):
    case.path_parameters = {**case.path_parameters, "rid": rid}
    return case


@pytest.fixture(scope="module")
def api_schema(edge, review):
    REAL["rid"] = review
    return SCHEMA


def test_the_running_edge_serves_this_document(edge):
    served = httpx.get(f"{edge}/openapi.json", timeout=10)
    assert served.status_code == 200 and served.json() == DOCUMENT


@SCHEMA.parametrize()
def test_the_edge_answers_as_its_document_says(case, edge, api_schema):
    response = case.call_and_validate(base_url=edge, checks=CHECKS)
    assert response.status_code != 401, "every generated request carries the key: a 401 means the run tests nothing"


def test_the_upload_answers_as_documented(uploaded):
    assert uploaded.headers["location"] == [f"/v1/reviews/{uploaded.json()['request_id']}"]


# What a real review's operations answer (it is cancelled, so it has no final to ask about).
REAL_ANSWERS = {
    ("get", "/v1/reviews/{rid}"): 200,
    ("get", "/v1/reviews/{rid}/cost"): 200,
    ("get", "/v1/reviews/{rid}/pdf"): 200,
    ("get", "/v1/reviews/{rid}/events"): 200,
    ("post", "/v1/reviews/{rid}/stream-token"): 200,
    ("post", "/v1/reviews/{rid}/followups"): 409,
    ("delete", "/v1/reviews/{rid}"): 202,
}


@pytest.mark.parametrize(("method", "path"), sorted(REAL_ANSWERS))
def test_a_real_review_answers_as_documented(edge, review, method, path):
    """The success paths, each once for sure (the generated requests reach them by chance)."""
    body = {"question": "What does it mean?", "finding": 0} if path.endswith("/followups") else NOT_SET
    media_type = None if body is NOT_SET else "application/json"
    case = SCHEMA[path][method.upper()].Case(path_parameters={"rid": review}, headers=HEADERS, body=body, media_type=media_type)
    response = case.call_and_validate(base_url=edge, checks=CHECKS)
    assert response.status_code == REAL_ANSWERS[(method, path)], response.text
    if path.endswith("/events"):
        assert "event: accepted" in response.text and "event: cancelled" in response.text, "the stream's events were validated"


def test_errors_the_generated_requests_do_not_reach_are_as_documented(edge, review):
    """A 401 (with WWW-Authenticate), and the PDF checks' 415 and 422."""
    no_key = SCHEMA["/v1/reviews/{rid}"]["GET"].Case(path_parameters={"rid": review}, headers={"Authorization": "Bearer nope"})
    assert no_key.call_and_validate(base_url=edge, checks=CHECKS).status_code == 401
    assert upload(edge, b"not a pdf").status_code == 415
    assert upload(edge, make_contract().data[:-200]).status_code == 422

