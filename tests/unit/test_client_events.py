"""The client-facing contracts, checked against the code that makes them:

- proto/events.asyncapi.json is current, structurally valid AsyncAPI 3.0, and its schemas agree
  with the pydantic models of shared/api/client_events.py (the same examples pass and fail both);
- every event type the services emit (an AST scan of the ``….emit(rid, TYPE, …)`` calls) has a model;
- the edge's OpenAPI document is valid OpenAPI 3.1, documents every route, and every error code
  the edge can answer with (an AST scan of services/edge/, the PDF checks it runs and
  shared/core/errors.py) is documented for some operation, and nothing else is.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from jsonschema import Draft7Validator, Draft202012Validator
from openapi_spec_validator import validate as validate_openapi
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT7

from services.edge import openapi
from services.edge.app import build_app
from services.edge.settings import Settings
from shared.api import client_events as ce
from shared.api import client_models as cm
from shared.core import errors
from shared.store.events import EVENT_TYPES

from .test_asyncapi import COMPONENT_KEY, ID, _refs, _resolve

ROOT = Path(__file__).resolve().parents[2]
URN = "urn:clauseflow:events"
CHANNEL_FIELDS = {"address", "title", "summary", "description", "messages", "servers", "parameters", "tags", "externalDocs", "bindings"}


@pytest.fixture(scope="module")
def doc() -> dict:
    assert ce.DOC_PATH.exists(), f"{ce.DOC_PATH.relative_to(ROOT)} is missing: run `{ce.REGENERATE}`"
    return json.loads(ce.DOC_PATH.read_text(encoding="utf-8"))


def test_committed_document_is_current():
    committed = ce.DOC_PATH.read_text(encoding="utf-8") if ce.DOC_PATH.exists() else ""
    assert committed == ce.render(ce.build()), f"{ce.DOC_PATH.relative_to(ROOT)} is stale: run `{ce.REGENERATE}` and commit it"
    assert ce.main(["--check"]) == 0


def test_document_is_asyncapi_3(doc):
    assert doc["asyncapi"] == "3.0.0"
    assert set(doc) <= {"asyncapi", "id", "info", "servers", "defaultContentType", "channels", "operations", "components"}
    assert doc["info"]["title"] and isinstance(doc["info"]["version"], str)
    edge = Settings.model_fields
    assert ce.EDGE_HOST == f"{edge['host'].default}:{edge['port'].default}", "the servers' host is the edge's default"
    for key, server in doc["servers"].items():
        assert ID.match(key) and server["host"] and server["protocol"] in ("http", "ws")
    for key, channel in doc["channels"].items():
        assert ID.match(key), key
        assert set(channel) <= CHANNEL_FIELDS
        assert set(re.findall(r"{(\w+)}", channel["address"])) == set(channel.get("parameters", {})), f"{key}: parameters"
        for name, message in channel["messages"].items():
            assert ID.match(name) and set(message) == {"$ref"} and message["$ref"].startswith("#/components/messages/")
    for key, op in doc["operations"].items():
        assert ID.match(key) and op["action"] in ("send", "receive")
        for message in op["messages"]:  # an operation's messages are its channel's
            assert message["$ref"].startswith(op["channel"]["$ref"] + "/messages/"), key
    for section in ("messages", "schemas", "securitySchemes"):
        for key in doc["components"][section]:
            assert COMPONENT_KEY.match(key), key
    for name, message in doc["components"]["messages"].items():
        assert message["contentType"] == "application/json" and message["summary"], name
    for name, schema in doc["components"]["schemas"].items():
        Draft7Validator.check_schema(schema)  # AsyncAPI's Schema Object is a superset of draft 7
    refs = list(_refs(doc))
    for where, ref in refs:
        _resolve(doc, ref)
        assert where, "a $ref at the root"
    referenced = {ref for _, ref in refs}
    for section in ("messages", "schemas", "securitySchemes"):
        for key in doc["components"][section]:
            assert f"#/components/{section}/{key}" in referenced, f"components.{section}.{key} is never used"


def test_every_event_type_has_a_message_on_both_channels(doc):
    assert set(cm.EVENTS) == set(EVENT_TYPES)
    sse, ws = (doc["channels"][c]["messages"] for c in ("review_events_sse", "review_events_ws"))
    assert set(sse) == set(EVENT_TYPES)
    assert set(ws) == set(EVENT_TYPES) | set(cm.WS_SERVER) | set(cm.WS_CLIENT)
    received = {m["$ref"].rsplit("/", 1)[1] for m in doc["operations"]["edge_receives_ws_commands"]["messages"]}
    assert received == set(cm.WS_CLIENT), "the client sends only cancel and follow-ups"


# --- the document's schemas and the models agree --------------------------------------------------


def validator(doc: dict, message: str) -> Draft7Validator:
    """A validator of the document's message ``message`` (its payload), references resolved in the document."""
    registry = Registry().with_resource(URN, Resource.from_contents(doc, default_specification=DRAFT7))
    return Draft7Validator({"$ref": f"{URN}#/components/messages/{message}/payload"}, registry=registry)


PATTERNS = {cm.STREAM_ID: "1700000000000-0"}


def example(schema: dict, doc: dict):
    """A value of ``schema`` with every property set (the first choice of each anyOf)."""
    if "$ref" in schema:
        return example(_resolve(doc, schema["$ref"]), doc)
    if "allOf" in schema:
        out: dict = {}
        for part in schema["allOf"]:
            out.update(example(part, doc))
        return out
    if "anyOf" in schema:
        return example(schema["anyOf"][0], doc)
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return schema["enum"][-1]
    kind = schema.get("type")
    if kind == "object" and "properties" in schema:
        return {k: example(v, doc) for k, v in schema["properties"].items()}
    if kind == "object":
        extra = schema.get("additionalProperties", {})
        return {"k": example(extra, doc)} if isinstance(extra, dict) and extra else {}
    if kind == "array":
        return [example(schema["items"], doc)]
    if kind == "string":
        return PATTERNS.get(schema.get("pattern"), "text")
    value = {"integer": 7, "number": 2.5, "boolean": True, "null": None}[kind]
    if kind in ("integer", "number"):  # within the bounds the schema sets (a confidence is at most 1)
        value = min(max(value, schema.get("minimum", value)), schema.get("maximum", value))
    return value


MESSAGES = sorted([*(f"sse_{t}" for t in cm.EVENTS), *(f"ws_{k}" for k in [*cm.EVENTS, *cm.WS_SERVER, *cm.WS_CLIENT])])


def instances(name: str, value: dict) -> list[tuple[type, dict]]:
    """The models a message's payload is an instance of, with the part of it each reads."""
    kind = name.split("_", 1)[1]
    if name.startswith("sse_"):
        return [(cm.EVENTS[kind], value)]
    if kind in cm.EVENTS:  # an event's WebSocket envelope
        return [(cm.WsEvent, value), (cm.EVENTS[kind], value["data"])]
    return [({**cm.WS_SERVER, **cm.WS_CLIENT}[kind], value)]


@pytest.mark.parametrize("name", MESSAGES)
def test_an_example_of_the_document_is_an_instance_of_the_model(doc, name):
    value = example(doc["components"]["messages"][name]["payload"], doc)
    validator(doc, name).validate(value)
    for model, part in instances(name, value):
        assert model.model_validate(part).model_dump(mode="json", exclude_unset=True) == part, name


@given(data=st.data())
def test_the_document_and_the_models_require_the_same_fields(doc, data):
    """Drop one property of a full example, anywhere in it: the document and the models refuse or
    accept it alike."""
    name = data.draw(st.sampled_from(MESSAGES))
    value = example(doc["components"]["messages"][name]["payload"], doc)
    path = data.draw(st.sampled_from(list(_object_paths(value))))
    target = value
    for step in path[:-1]:
        target = target[step]
    del target[path[-1]]
    in_doc = validator(doc, name).is_valid(value)
    try:
        for model, part in instances(name, value):
            model.model_validate(part)
        in_models = True
    except (ValueError, KeyError):
        in_models = False
    assert in_doc == in_models, f"{name}: without {'.'.join(map(str, path))}, the document says {in_doc}, the models {in_models}"


def _object_paths(value, prefix=()):
    if isinstance(value, dict):
        for k, v in value.items():
            yield (*prefix, k)
            yield from _object_paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _object_paths(v, (*prefix, i))


# --- every event type emitted has a model -------------------------------------------------------


def _scopes(tree: ast.Module) -> dict[ast.Call, list[ast.AST]]:
    """Each call of the module -> its enclosing functions, innermost first."""
    out: dict[ast.Call, list[ast.AST]] = {}

    def visit(node: ast.AST, chain: list[ast.AST]) -> None:
        for child in ast.iter_child_nodes(node):
            inner = [child, *chain] if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else chain
            if isinstance(child, ast.Call):
                out[child] = inner
            visit(child, inner)

    visit(tree, [])
    return out


def _calls(call: ast.Call, name: str, method: bool) -> bool:
    """``call`` calls function ``name`` (``self.name`` for a method)."""
    f = call.func
    if method:
        return isinstance(f, ast.Attribute) and f.attr == name and isinstance(f.value, ast.Name) and f.value.id == "self"
    return isinstance(f, ast.Name) and f.id == name


def _argument(call: ast.Call, name: str, position: int) -> ast.expr | None:
    given = next((k.value for k in call.keywords if k.arg == name), None)
    return given if given is not None else call.args[position] if position < len(call.args) else None


def _union(parts) -> set[str] | None:
    parts = list(parts)
    return None if not parts or any(p is None for p in parts) else set().union(*parts)


def _strings(node: ast.expr, scopes: list[ast.AST], calls: dict, index: int | None = None) -> set[str] | None:
    """The string literals ``node`` can be (``index``: the element of the tuple it is); None
    unless all are known. A name is followed to its assignments in the enclosing functions, or,
    for a parameter, to the argument of every call of the function (``calls``: call -> scopes)."""
    if isinstance(node, ast.IfExp):
        return _union(_strings(n, scopes, calls, index) for n in (node.body, node.orelse))
    if index is not None:
        return _strings(node.elts[index], scopes, calls) if isinstance(node, ast.Tuple) else None
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if not isinstance(node, ast.Name):
        return None
    for fn in scopes:
        found = []
        for assign in (n for n in ast.walk(fn) if isinstance(n, ast.Assign)):
            for target in assign.targets:
                names = [getattr(e, "id", None) for e in target.elts] if isinstance(target, ast.Tuple) else [getattr(target, "id", None)]
                if node.id in names:
                    at = names.index(node.id) if isinstance(target, ast.Tuple) else None
                    found.append(_strings(assign.value, scopes, calls, at))
        if found:
            return _union(found)
        params = [a.arg for a in fn.args.args]
        if node.id in params:
            method = params[0] == "self"
            callers = [c for c in calls if _calls(c, fn.name, method) and fn not in calls[c]]
            args = [(_argument(c, node.id, params.index(node.id) - method), c) for c in callers]
            return _union(None if a is None else _strings(a, calls[c], calls) for a, c in args)
    return None


def emitted_event_types() -> dict[str, set[str]]:
    """type -> where it is emitted (file:line), from every ``….emit(rid, TYPE, …)`` call."""
    files = sorted((ROOT / "services").rglob("*.py")) + sorted((ROOT / "shared").rglob("*.py"))
    calls: dict[ast.Call, list[ast.AST]] = {}
    where_of: dict[ast.Call, str] = {}
    for path in files:
        for call, scopes in _scopes(ast.parse(path.read_text(encoding="utf-8"))).items():
            calls[call] = scopes
            where_of[call] = f"{path.relative_to(ROOT)}:{call.lineno}"
    out: dict[str, set[str]] = {}
    for call, scopes in calls.items():
        if isinstance(call.func, ast.Attribute) and call.func.attr == "emit" and len(call.args) >= 2:
            types = _strings(call.args[1], scopes, calls)
            assert types, f"{where_of[call]}: cannot tell which event type this emit sends (a literal, or a name assigned literals)"
            for t in types:
                out.setdefault(t, set()).add(where_of[call])
    return out


def test_every_emitted_event_type_has_a_model():
    emitted = emitted_event_types()
    assert {"accepted", "final", "delta", "followup_delta", "cancelled", "error"} <= set(emitted), f"the scan is broken: {sorted(emitted)}"
    for t, where in emitted.items():
        assert t in cm.EVENTS, f"event type {t!r} is emitted ({sorted(where)}) but has no model in shared/api/client_events.py"


# --- the edge's OpenAPI document ----------------------------------------------------------------


@pytest.fixture(scope="module")
def api() -> dict:
    return build_app(Settings(api_keys=f"t:{'0' * 64}")).openapi()


def test_openapi_document_is_valid_and_has_no_fastapi_422(api):
    validate_openapi(api)
    Draft202012Validator.check_schema({"$defs": api["components"]["schemas"]})
    assert "HTTPValidationError" not in api["components"]["schemas"]
    for path, methods in api["paths"].items():
        for method, op in methods.items():
            for status, response in op["responses"].items():
                schema = response.get("content", {}).get("application/json", {}).get("schema", {})
                if status.startswith(("4", "5")):
                    assert schema["allOf"][0] == {"$ref": "#/components/schemas/ErrorResponse"}, f"{method} {path} {status}"
            if status == "422":
                assert (method, path) in {("post", "/v1/reviews"), ("post", "/v1/batches")}, "only the uploads answer 422 (a PDF or a zip they cannot read)"


def test_every_route_is_documented(api):
    routes = {(m, p) for p, ms in api["paths"].items() for m in ms}  # FastAPI's, from the app's routes
    assert routes == set(openapi.OPERATIONS), "add the route to OPERATIONS in services/edge/openapi.py (or drop a stale entry)"
    keyless = {(m, p) for p, ms in api["paths"].items() for m, op in ms.items() if "security" not in op}
    assert keyless == {("get", "/healthz")}
    events = api["paths"]["/v1/reviews/{rid}/events"]["get"]
    for t, model in cm.EVENTS.items():
        assert f"`{t}`" in events["description"] and f"#/components/schemas/{model.__name__}" in events["description"]
    for rule in ("Last-Event-ID", "?after=", "?followup=", "?token="):
        assert rule in events["description"], f"the SSE description says nothing of {rule}"
    assert "proto/events.asyncapi.json" in api["info"]["description"] and "/ws" in api["info"]["description"]


# Codes in shared/core/errors.py that never reach an HTTP answer, and why; the scan below proves that
# the edge raises none of them, so a change that does fails until it is documented.
NOT_HTTP = {
    "internal": "the base class: the edge raises no bare ClauseFlowError (an unexpected error is a plain 500)",
    "bad_input": "InputError: the edge always gives its own code",
    "conflict": "Conflict: the edge always gives its own code",
    "overloaded": "Overloaded: always raised with a code (rate_limited or busy)",
    "stage_failed": "StageError: a stage's failure after the 202, an `error` event",
    "unprocessable": "Reject: a stage's message that cannot be processed, an `error` event",
    "dependency_busy": "DependencyBusy: a stage's dependency said not now (an LLM's 429), retried; an `error` event if it never answers",
}
EDGE_FILES = [*sorted((ROOT / "services" / "edge").glob("*.py")), *(ROOT / "shared" / "documents" / f for f in ("pdf.py", "sandbox.py", "archives.py", "docx.py"))]


def _literal(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def edge_error_codes() -> dict[str, set[str]]:
    """code -> where, for what the edge can answer with: ``code="…"`` arguments, the default code
    of each shared.core.errors class raised without one, and ``{"error": {"code": "…"}}`` bodies."""
    out: dict[str, set[str]] = {}
    for path in EDGE_FILES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"
            codes = []
            if isinstance(node, ast.Call):
                codes += [_literal(k.value) for k in node.keywords if k.arg == "code" and _literal(k.value)]
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and isinstance(node.exc.func, ast.Name):
                cls = getattr(errors, node.exc.func.id, None)
                given = any(k.arg == "code" for k in node.exc.keywords)
                if isinstance(cls, type) and issubclass(cls, errors.ClauseFlowError) and not given:
                    codes.append(cls.code)
            if isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values):
                    if isinstance(key, ast.Constant) and key.value == "error" and isinstance(value, ast.Dict):
                        codes += [_literal(v) for k, v in zip(value.keys, value.values) if _literal(k) == "code" and _literal(v)]
            for code in codes:
                out.setdefault(code, set()).add(where)
    return out


def test_every_error_code_the_edge_raises_is_documented():
    raised = edge_error_codes()
    assert {"unauthorized", "not_found", "rate_limited", "bad_request", "not_a_pdf"} <= set(raised), "the scan is broken"
    documented = openapi.documented_codes()
    for code, where in raised.items():
        assert code in documented, f"error code {code!r} ({sorted(where)}) is in no operation of services/edge/openapi.py"
    assert documented <= set(raised), f"documented but never raised: {sorted(documented - set(raised))}"
    defaults = {cls.code for cls in vars(errors).values() if isinstance(cls, type) and issubclass(cls, errors.ClauseFlowError)}
    for code in defaults - documented:
        assert code in NOT_HTTP, f"shared/core/errors.py's {code!r} is neither documented nor listed here as never an HTTP answer"
        assert code not in raised
    assert set(openapi.CODES) == documented, "every code has its one-line meaning, and only those"
