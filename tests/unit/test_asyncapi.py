"""proto/asyncapi.json: current, complete against proto/, topics.py and the services' code,
and a structurally valid AsyncAPI 3.0 document.

The field checks read the .proto text themselves (a small parser, not the generator's
descriptors), and the protobuf runtime parses an example built from each schema, so a wrong
name or type mapping in the generator cannot pass by agreeing with itself.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from google.protobuf import json_format

import shared.messages
from shared.api import asyncapi
from shared.api.gen_proto import PROTO_DIR
from shared.core import topics

ROOT = Path(__file__).resolve().parents[2]
DOC_PATH = PROTO_DIR / "asyncapi.json"
ID = re.compile(r"^[A-Za-z0-9_\-]+$")  # channel and operation ids (AsyncAPI 3.0)
COMPONENT_KEY = re.compile(r"^[a-zA-Z0-9.\-_]+$")


@pytest.fixture(scope="module")
def built() -> dict:
    return asyncapi.build()


@pytest.fixture(scope="module")
def doc() -> dict:
    assert DOC_PATH.exists(), f"{DOC_PATH.relative_to(ROOT)} is missing: run `{asyncapi.REGENERATE}`"
    return json.loads(DOC_PATH.read_text(encoding="utf-8"))


def test_committed_document_is_current(built):
    committed = DOC_PATH.read_text(encoding="utf-8") if DOC_PATH.exists() else ""
    assert committed == asyncapi.render(built), (
        f"{DOC_PATH.relative_to(ROOT)} is stale (proto/, shared/core/topics.py or ROUTES in shared/api/asyncapi.py changed): "
        f"run `{asyncapi.REGENERATE}` and commit the result"
    )


# --- the .proto text, read without protoc -------------------------------------------------------

SCALARS = {  # proto scalar -> the JSON Schema type it must have
    **dict.fromkeys(["double", "float"], "number"),
    **dict.fromkeys(["int32", "sint32", "sfixed32", "uint32", "fixed32", "int64", "sint64", "sfixed64", "uint64", "fixed64"], "integer"),
    "bool": "boolean",
    "string": "string",
    "bytes": "string",
}
FIELD = re.compile(r"^\s*(?:(repeated|optional)\s+)?(map\s*<\s*\w+\s*,\s*[\w.]+\s*>|[\w.]+)\s+(\w+)\s*=\s*(\d+)\s*(?:\[[^\]]*\])?\s*;\s*(?://(.*))?$")
OPEN = re.compile(r"^\s*(message|enum|oneof)\s+(\w+)\s*\{")
RESERVED = re.compile(r"^\s*reserved\s+([^;]+);")


def parse_proto(text: str) -> tuple[dict[str, dict], str]:
    """message name (Outer.Inner for nested ones) -> {"fields": {name: (label, type, number, comment)},
    "reserved": ([numbers], [names]), "comment": leading comment}; and the package."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.DOTALL)
    package = re.search(r"^\s*package\s+([\w.]+)\s*;", text, re.MULTILINE).group(1)
    messages: dict[str, dict] = {}
    stack: list[tuple[str, str]] = []  # (kind, name) of the open blocks
    leading: list[str] = []
    for line in text.splitlines():
        if re.match(r"^\s*//", line):
            leading.append(line.strip()[2:].strip())
            continue
        if not line.strip():
            leading = []
            continue
        if m := OPEN.match(line):
            kind, name = m.groups()
            if kind == "message":
                full = ".".join([n for k, n in stack if k == "message"] + [name])
                messages[full] = {"fields": {}, "reserved": ([], []), "comment": " ".join(leading)}
            stack.append((kind, name))
        elif stack and stack[-1][0] != "enum" and (m := FIELD.match(line)):
            label, ftype, fname, number, comment = m.groups()
            owner = ".".join(n for k, n in stack if k == "message")
            messages[owner]["fields"][fname] = (label or "", re.sub(r"\s", "", ftype), int(number), (comment or "").strip())
        elif stack and (m := RESERVED.match(line)):
            owner = ".".join(n for k, n in stack if k == "message")
            numbers, names = messages[owner]["reserved"]
            for part in (p.strip() for p in m.group(1).split(",")):
                if part.startswith('"'):
                    names.append(part.strip('"'))
                elif " to " in part:
                    lo, hi = part.split(" to ")
                    numbers.extend(range(int(lo), int(hi) + 1))
                else:
                    numbers.append(int(part))
        code = line.split("//")[0]
        for _ in range(max(0, code.count("}") - code.count("{") + (1 if OPEN.match(line) else 0))):
            stack.pop()
        leading = []
    return messages, package


@pytest.fixture(scope="module")
def proto() -> dict[str, dict]:
    out: dict[str, dict] = {}
    for path in sorted(PROTO_DIR.rglob("*.proto")):
        messages, package = parse_proto(path.read_text(encoding="utf-8"))
        for name, body in messages.items():
            body["package"] = package
            out[name] = body
    assert out, "no message found in proto/"
    return out


def test_the_proto_reader_sees_every_field_the_runtime_has(proto):
    """The small parser above must not miss what protoc sees (else the checks below are hollow)."""
    for name, body in proto.items():
        cls = getattr(shared.messages, name, None)
        if cls is None:
            continue  # nested or not exported: its fields are checked through the schema below
        runtime = {f.name: f.number for f in cls.DESCRIPTOR.fields}
        assert runtime == {f: v[2] for f, v in body["fields"].items()}, f"{name}: the .proto text and shared/messages disagree"


def test_every_proto_message_has_a_schema_with_its_fields(doc, proto):
    schemas = doc["components"]["schemas"]
    for name, body in proto.items():
        assert name in schemas, f"message {name} of proto/ is not in components.schemas"
        schema = schemas[name]
        assert schema["type"] == "object"
        assert schema["title"] == f"{body['package']}.{name}"
        assert set(schema["properties"]) == set(body["fields"]), f"{name}: fields differ"
        if body["comment"]:
            assert body["comment"] in schema.get("description", ""), f"{name}: its comment is missing"
        for fname, (label, ftype, number, comment) in body["fields"].items():
            prop = schema["properties"][fname]
            where = f"{name}.{fname}"
            assert prop["x-protobuf-field"] == number, where
            if comment:
                assert comment in prop.get("description", ""), f"{where}: its comment is missing"
            if ftype.startswith("map<"):
                assert prop["type"] == "object" and "additionalProperties" in prop, where
                continue
            if label == "repeated":
                assert prop["type"] == "array", f"{where} is repeated"
                value = prop["items"]
            else:
                assert prop.get("type") != "array", f"{where} is not repeated"
                value = prop["allOf"][0] if "allOf" in prop else prop
            if ftype in SCALARS:
                assert value["type"] == SCALARS[ftype], f"{where}: {ftype} is not {value.get('type')}"
            else:  # a message (or enum) type: a reference to its schema
                target = ftype.removeprefix(body["package"] + ".")
                assert value == {"$ref": f"#/components/schemas/{target}"}, where
        numbers, names = body["reserved"]
        if numbers or names:
            assert schema["x-protobuf-reserved"] == {"numbers": numbers, "names": names}, f"{name}: reserved"


def _example(schema: dict, schemas: dict, depth: int = 0):
    """A value of ``schema`` with every field set (recursion bounded)."""
    if "$ref" in schema:
        return _example(schemas[schema["$ref"].rsplit("/", 1)[1]], schemas, depth + 1)
    if "allOf" in schema:
        return _example(schema["allOf"][0], schemas, depth)
    kind = schema["type"]
    if kind == "object" and "properties" in schema:
        return {k: _example(v, schemas, depth) for k, v in schema["properties"].items()} if depth < 4 else {}
    if kind == "object":
        return {"k": _example(schema["additionalProperties"], schemas, depth)}
    if kind == "array":
        return [_example(schema["items"], schemas, depth), _example(schema["items"], schemas, depth)]
    if "enum" in schema:
        return schema["enum"][-1]
    if kind == "integer" and schema.get("format") in ("int64", "uint64"):
        return "7"  # protobuf's JSON mapping writes 64-bit integers as strings
    return {"string": "c2FtcGxl" if schema.get("contentEncoding") == "base64" else "sample", "integer": 7, "number": 2.5, "boolean": True}[kind]


def test_protobuf_accepts_an_example_of_every_schema(doc):
    """Names and types as protobuf's own JSON parser sees them: a wrong type or name fails to parse."""
    schemas = doc["components"]["schemas"]
    for name in doc["components"]["messages"]:
        cls = getattr(shared.messages, name)
        example = _example(schemas[name], schemas)
        message = json_format.ParseDict(example, cls())
        assert json_format.MessageToDict(message, preserving_proto_field_name=True) == example, name


# --- topics, channels, and who sends and receives ----------------------------------------------


def test_every_topic_and_dead_letter_topic_has_a_channel(doc):
    addresses = {c["address"]: c for c in doc["channels"].values()}
    for topic in topics.ALL:
        assert topic in addresses, f"topic {topic} of shared/core/topics.py has no channel"
    for route in asyncapi.ROUTES:
        channel = addresses[route.topic]
        assert list(channel["messages"]) == [route.message]
        for consumer in route.consumers:
            dlq = topics.dead_letter(route.topic, consumer.consumer)
            assert dlq in addresses, f"dead-letter topic {dlq} has no channel"
            assert list(addresses[dlq]["messages"]) == ["DeadLetter"]
    expected = set(topics.ALL) | {topics.dead_letter(r.topic, c.consumer) for r in asyncapi.ROUTES for c in r.consumers}
    assert set(addresses) == expected, "a channel for no topic"


def test_messages_named_for_a_topic_in_proto_are_on_it(doc, proto):
    """A message whose comment starts with "<topic>: a -> b" (or "<topic>.dlq:") is that topic's message."""
    on = {}
    for channel in doc["channels"].values():
        on.setdefault(next(iter(channel["messages"])), set()).add(channel["address"])
    named = 0
    for name, body in proto.items():
        if m := re.match(r"^([\w.<>]+):", body["comment"]):
            named += 1
            topic = m.group(1)
            assert name in on, f"{name} is sent on {topic} (proto comment) but on no channel"
            if topic.endswith(".dlq"):
                assert all(a.endswith(".dlq") for a in on[name]), name
            else:
                assert topic in on[name], f"{name} belongs on {topic}, the document has it on {sorted(on[name])}"
    assert named >= len({r.message for r in asyncapi.ROUTES})  # a message may ride on several topics


def _constants(files: list[Path]) -> dict[str, str]:
    out = {}
    for path in files:
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
                out.update({t.id: node.value.value for t in node.targets if isinstance(t, ast.Name)})
    return out


def _string(node: ast.expr | None, constants: dict[str, str]) -> str | None:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return constants.get(node.id)
    if isinstance(node, ast.JoinedStr):
        parts = [_string(v.value if isinstance(v, ast.FormattedValue) else v, constants) for v in node.values]
        return None if None in parts else "".join(parts)
    return None


def code_routes() -> tuple[set, set]:
    """What services/ really does: {(service, topic, message or None)} sent, and
    {(service, topic, message, consumer name, broadcast)} received, from the calls
    ``….publish(topics.X, …)``, ``….publish_done(topics.X, …)`` and ``….consumer(topics.X, Type, …)``."""
    sends, receives = set(), set()
    for service_dir in sorted(p for p in (ROOT / "services").iterdir() if p.is_dir() and not p.name.startswith("_")):
        files = sorted(service_dir.rglob("*.py"))
        constants = _constants(files)
        for path in files:
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args):
                    continue
                first = node.args[0]
                if not (isinstance(first, ast.Attribute) and isinstance(first.value, ast.Name) and first.value.id == "topics"):
                    continue
                topic = getattr(topics, first.attr)
                if node.func.attr in ("publish", "publish_done"):
                    value = node.args[2] if len(node.args) > 2 else None
                    message = value.func.id if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) else None
                    sends.add((service_dir.name, topic, message))
                elif node.func.attr == "consumer":
                    kw = {k.arg: k.value for k in node.keywords}
                    name = _string(kw["name"], constants) if "name" in kw else service_dir.name
                    broadcast = isinstance(kw.get("broadcast"), ast.Constant) and kw["broadcast"].value is True
                    receives.add((service_dir.name, topic, node.args[1].id, name, broadcast))
    return sends, receives


def test_routes_table_matches_the_services_code():
    sends, receives = code_routes()
    assert sends and receives, "found no publish or consumer call in services/: the scan is broken"
    by_topic = {r.topic: r for r in asyncapi.ROUTES}
    hint = "update ROUTES in shared/api/asyncapi.py, then run `" + asyncapi.REGENERATE + "`"
    for service, topic, message in sends:
        route = by_topic[topic]
        assert service in route.senders, f"{service} publishes {topic}, ROUTES does not say so: {hint}"
        assert message in (None, route.message), f"{service} publishes {message} on {topic}, ROUTES says {route.message}"
    for service, topic, message, name, broadcast in receives:
        route = by_topic[topic]
        listed = {(c.service, c.consumer, c.broadcast) for c in route.consumers}
        assert (service, name, broadcast) in listed, f"{service} consumes {topic} as {name} (broadcast={broadcast}), not in ROUTES: {hint}"
        assert message == route.message, f"{service} reads {topic} as {message}, ROUTES says {route.message}"
    for route in asyncapi.ROUTES:
        sent = {s for s, t, _ in sends if t == route.topic}
        received = {(s, n, b) for s, t, _, n, b in receives if t == route.topic}
        if route.planned:
            assert not sent and not received, f"{route.topic} is in the code now: drop planned=True from its route ({hint})"
            continue
        assert sent == set(route.senders), f"{route.topic}: ROUTES says sent by {route.senders}, the code by {sorted(sent)}: {hint}"
        assert received == {(c.service, c.consumer, c.broadcast) for c in route.consumers}, f"{route.topic}: consumers differ: {hint}"


def test_operations_say_who_sends_and_receives(doc):
    ops = [(op["tags"][0]["name"], op["action"], doc["channels"][op["channel"]["$ref"].rsplit("/", 1)[1]]["address"]) for op in doc["operations"].values()]
    for route in asyncapi.ROUTES:
        for service in route.senders:
            assert (service, "send", route.topic) in ops
        for consumer in route.consumers:
            assert (consumer.service, "receive", route.topic) in ops
            assert (consumer.service, "send", topics.dead_letter(route.topic, consumer.consumer)) in ops
    assert len(ops) == len(set(ops))


# --- AsyncAPI 3.0, structurally -----------------------------------------------------------------


def _resolve(doc: dict, ref: str):
    assert ref.startswith("#/"), f"{ref}: only local references"
    node = doc
    for part in ref[2:].split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        assert isinstance(node, dict) and part in node, f"{ref} does not resolve"
        node = node[part]
    return node


def _refs(node, path=""):
    if isinstance(node, dict):
        if "$ref" in node:
            yield path, node["$ref"]
        for k, v in node.items():
            yield from _refs(v, f"{path}/{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _refs(v, f"{path}/{i}")


def test_document_is_asyncapi_3(doc):
    assert doc["asyncapi"] == "3.0.0"
    assert set(doc) <= {"asyncapi", "id", "info", "servers", "defaultContentType", "channels", "operations", "components"}
    assert isinstance(doc["info"]["title"], str) and isinstance(doc["info"]["version"], str)
    assert doc["defaultContentType"] == "application/x-protobuf"
    for server in doc["servers"].values():
        assert server["protocol"] == "kafka" and server["host"]
    for key, channel in doc["channels"].items():
        assert ID.match(key), key
        assert channel["address"] and set(channel) <= {"address", "title", "summary", "description", "messages", "servers", "parameters", "tags", "externalDocs", "bindings"}
        for message in channel["messages"].values():
            assert set(message) == {"$ref"} and message["$ref"].startswith("#/components/messages/")
    for key, op in doc["operations"].items():
        assert ID.match(key), key
        assert op["action"] in ("send", "receive")
        assert set(op["channel"]) == {"$ref"} and op["channel"]["$ref"].startswith("#/channels/")
        for message in op["messages"]:  # an operation's messages must be its channel's
            assert message["$ref"].startswith(op["channel"]["$ref"] + "/messages/"), key
    for section in ("messages", "schemas"):
        for key in doc["components"][section]:
            assert COMPONENT_KEY.match(key), key
    for name, message in doc["components"]["messages"].items():
        assert message["name"] == name
        assert message["contentType"] == "application/x-protobuf"
        assert message["payload"] == {"$ref": f"#/components/schemas/{name}"}
        key = message["bindings"]["kafka"]["key"]
        assert key["type"] == "string" and "request id" in key["description"]
        assert message["x-protobuf-message"] == doc["components"]["schemas"][name]["title"]
    refs = list(_refs(doc))
    assert refs
    for where, ref in refs:
        _resolve(doc, ref)  # every $ref resolves
        assert where, "a $ref at the root"
    # Nothing dangling: every component is referenced from somewhere.
    referenced = {ref for _, ref in refs}
    for section in ("messages", "schemas"):
        for key in doc["components"][section]:
            assert f"#/components/{section}/{key}" in referenced, f"components.{section}.{key} is never used"
