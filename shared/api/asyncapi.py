"""The AsyncAPI 3.0 document of ClauseFlow's Kafka topics, built from the protobuf messages.

    python -m shared.api.asyncapi            # print the document (JSON)
    python -m shared.api.asyncapi --write    # regenerate the committed proto/asyncapi.json
    python -m shared.api.asyncapi --check    # exit 1 if proto/asyncapi.json is stale

What comes from where:

- the payload schemas: the descriptors of the generated messages (``shared.messages``, what
  the services really serialize), turned into JSON Schema (proto3 scalars, repeated fields as
  arrays, message fields as ``$ref`` to ``components/schemas``), with the comments of the
  .proto files (``protoc --include_source_info``) as descriptions;
- the topic names: :mod:`shared.core.topics`; the dead-letter topics: one per consumer,
  :func:`shared.core.topics.dead_letter`, carrying :class:`DeadLetter`;
- who sends and who receives what: :data:`ROUTES` below, a table kept by hand and checked
  against the services' code by ``tests/unit/test_asyncapi.py``.

Every message is protobuf (``application/x-protobuf``) keyed by the request id.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from google.protobuf import descriptor_pb2, descriptor_pool
from google.protobuf.descriptor import Descriptor, EnumDescriptor, FieldDescriptor
from grpc_tools import protoc

import shared.messages  # noqa: F401 - registers the generated files in the default descriptor pool
from shared.api.gen_proto import PROTO_DIR, proto_files
from shared.core import topics
from shared.core.settings import CommonSettings

ROOT = PROTO_DIR.parent
DOC_PATH = PROTO_DIR / "asyncapi.json"
CONTENT_TYPE = "application/x-protobuf"
KAFKA_BINDING = "0.5.0"
REGENERATE = "python -m shared.api.asyncapi --write"


@dataclass(frozen=True)
class Consumer:
    """One consumer loop of a service: ``name`` is its consumer (group and dead-letter) name."""

    service: str
    name: str = ""
    broadcast: bool = False  # every process reads every message; no group, nothing committed

    @property
    def consumer(self) -> str:
        return self.name or self.service


@dataclass(frozen=True)
class Route:
    """A topic, the protobuf message on it, who publishes it and who consumes it."""

    topic: str
    message: str  # the protobuf message's name (in package clauseflow.v1)
    senders: tuple[str, ...]
    consumers: tuple[Consumer, ...]
    planned: bool = False  # in the design, not in the code yet: no service sends or receives it


# Who sends and who receives each topic (services/*/app.py, services/*/handlers.py, and
# services/edge for what the edge publishes). tests/unit/test_asyncapi.py checks this table
# against the calls in services/, so a new publisher or consumer fails the suite until it is here.
ROUTES: tuple[Route, ...] = (
    Route(topics.REQUESTED, "ReviewRequested", ("edge",), (Consumer("summarize"),)),
    Route(topics.SUMMARIZED, "ReviewSummarized", ("summarize",), (Consumer("locate"), Consumer("analyze", "analyze-fallback"))),
    Route(topics.LOCATED, "ReviewLocated", ("locate", "analyze"), (Consumer("phase2"), Consumer("analyze"))),
    Route(topics.CANCEL, "ReviewCancel", ("edge",), (Consumer("analyze", "analyze-cancel", broadcast=True),)),
    Route(topics.FOLLOWUP, "ReviewFollowup", ("edge",), (Consumer("analyze", "analyze-followup"),)),
)
DEAD_LETTER_MESSAGE = "DeadLetter"

# Where the broker is: the default bootstrap of the one-machine stack, and docker-compose.yml's.
SERVERS = {
    "local": {
        "host": CommonSettings.model_fields["kafka_bootstrap"].default,
        "protocol": "kafka",
        "description": "The one-machine stack (`make run`): tansu, a Kafka-protocol broker, in memory. "
        "Topic names get CLAUSEFLOW_TOPIC_PREFIX in front (empty by default).",
    },
    "compose": {
        "host": "kafka:9092",
        "protocol": "kafka",
        "protocolVersion": "3.9",
        "description": "`docker compose up`: Apache Kafka in KRaft mode, on the compose network.",
    },
}

_SCALARS: dict[int, dict] = {
    FieldDescriptor.TYPE_DOUBLE: {"type": "number", "format": "double"},
    FieldDescriptor.TYPE_FLOAT: {"type": "number", "format": "float"},
    FieldDescriptor.TYPE_INT32: {"type": "integer", "format": "int32"},
    FieldDescriptor.TYPE_SINT32: {"type": "integer", "format": "int32"},
    FieldDescriptor.TYPE_SFIXED32: {"type": "integer", "format": "int32"},
    FieldDescriptor.TYPE_UINT32: {"type": "integer", "format": "uint32", "minimum": 0},
    FieldDescriptor.TYPE_FIXED32: {"type": "integer", "format": "uint32", "minimum": 0},
    FieldDescriptor.TYPE_INT64: {"type": "integer", "format": "int64"},
    FieldDescriptor.TYPE_SINT64: {"type": "integer", "format": "int64"},
    FieldDescriptor.TYPE_SFIXED64: {"type": "integer", "format": "int64"},
    FieldDescriptor.TYPE_UINT64: {"type": "integer", "format": "uint64", "minimum": 0},
    FieldDescriptor.TYPE_FIXED64: {"type": "integer", "format": "uint64", "minimum": 0},
    FieldDescriptor.TYPE_BOOL: {"type": "boolean"},
    FieldDescriptor.TYPE_STRING: {"type": "string"},
    FieldDescriptor.TYPE_BYTES: {"type": "string", "contentEncoding": "base64"},  # as in protobuf's JSON mapping
}
_PROTO_TYPE_NAMES = {getattr(FieldDescriptor, k): k[len("TYPE_") :].lower() for k in dir(FieldDescriptor) if k.startswith("TYPE_")}


# --- the .proto files, with their comments ---------------------------------------------------


def source_descriptors() -> list[descriptor_pb2.FileDescriptorProto]:
    """The files of proto/ as protoc reads them, with source info (comments, reserved names)."""
    files = [str(p.relative_to(PROTO_DIR)) for p in proto_files()]
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "set.pb"
        rc = protoc.main(["protoc", f"-I{PROTO_DIR}", "--include_source_info", f"--descriptor_set_out={out}", *files])
        if rc != 0:
            raise SystemExit(f"protoc failed with exit code {rc}")
        fds = descriptor_pb2.FileDescriptorSet.FromString(out.read_bytes())
    return list(fds.file)


def _clean(comment: str) -> str:
    return " ".join(line.strip() for line in comment.strip().splitlines() if line.strip())


def _comments(fdp: descriptor_pb2.FileDescriptorProto) -> dict[str, str]:
    """Full name of each message, field and enum of the file -> its comment (leading, then trailing)."""
    names: dict[tuple[int, ...], str] = {}

    def walk_message(msg: descriptor_pb2.DescriptorProto, path: tuple[int, ...], prefix: str) -> None:
        full = f"{prefix}.{msg.name}"
        names[path] = full
        for i, field in enumerate(msg.field):
            names[(*path, 2, i)] = f"{full}.{field.name}"
        for i, nested in enumerate(msg.nested_type):
            walk_message(nested, (*path, 3, i), full)
        for i, enum in enumerate(msg.enum_type):
            walk_enum(enum, (*path, 4, i), full)

    def walk_enum(enum: descriptor_pb2.EnumDescriptorProto, path: tuple[int, ...], prefix: str) -> None:
        full = f"{prefix}.{enum.name}"
        names[path] = full
        for i, value in enumerate(enum.value):
            names[(*path, 2, i)] = f"{full}.{value.name}"

    for i, msg in enumerate(fdp.message_type):
        walk_message(msg, (4, i), fdp.package)
    for i, enum in enumerate(fdp.enum_type):
        walk_enum(enum, (5, i), fdp.package)
    out: dict[str, str] = {}
    for loc in fdp.source_code_info.location:
        name = names.get(tuple(loc.path))
        text = " ".join(t for t in (_clean(loc.leading_comments), _clean(loc.trailing_comments)) if t)
        if name and text:
            out[name] = text
    return out


def _file_comment(fdp: descriptor_pb2.FileDescriptorProto) -> str:
    """The comment above ``syntax = ...`` (the file's header)."""
    for loc in fdp.source_code_info.location:
        if tuple(loc.path) == (12,):
            return " ".join(_clean(c) for c in [*loc.leading_detached_comments, loc.leading_comments] if _clean(c))
    return ""


# --- JSON Schema from the descriptors ---------------------------------------------------------


def schema_name(desc: Descriptor | EnumDescriptor) -> str:
    """The key of a message or enum in components/schemas: its name inside the package."""
    package = desc.file.package
    return desc.full_name[len(package) + 1 :] if package else desc.full_name


def _ref(desc: Descriptor | EnumDescriptor) -> dict:
    return {"$ref": f"#/components/schemas/{schema_name(desc)}"}


def _value_schema(field: FieldDescriptor) -> dict:
    """The schema of one value of ``field`` (one element when it is repeated)."""
    if field.type in (FieldDescriptor.TYPE_MESSAGE, FieldDescriptor.TYPE_GROUP):
        return _ref(field.message_type)
    if field.type == FieldDescriptor.TYPE_ENUM:
        return _ref(field.enum_type)
    return dict(_SCALARS[field.type])


def _is_map(field: FieldDescriptor) -> bool:
    return field.type == FieldDescriptor.TYPE_MESSAGE and field.message_type.GetOptions().map_entry


def _is_repeated(field: FieldDescriptor) -> bool:
    return field.is_repeated


def field_schema(field: FieldDescriptor, comment: str) -> dict:
    if _is_map(field):
        value = field.message_type.fields_by_name["value"]
        schema = {"type": "object", "additionalProperties": _value_schema(value)}
        proto_type = f"map<{_proto_type(field.message_type.fields_by_name['key'])}, {_proto_type(value)}>"
    elif _is_repeated(field):
        schema = {"type": "array", "items": _value_schema(field)}
        proto_type = f"repeated {_proto_type(field)}"
    else:
        schema = _value_schema(field)
        if "$ref" in schema:  # a $ref takes no sibling keywords: wrap it
            schema = {"allOf": [schema]}
        proto_type = _proto_type(field)
    if comment:
        schema["description"] = comment
    schema["x-protobuf-field"] = field.number
    schema["x-protobuf-type"] = proto_type
    oneof = field.containing_oneof
    if oneof is not None and not oneof.name.startswith("_"):  # "_name": a proto3 `optional`
        schema["x-protobuf-oneof"] = oneof.name
    return schema


def _proto_type(field: FieldDescriptor) -> str:
    if field.type in (FieldDescriptor.TYPE_MESSAGE, FieldDescriptor.TYPE_GROUP):
        return field.message_type.full_name
    if field.type == FieldDescriptor.TYPE_ENUM:
        return field.enum_type.full_name
    return _PROTO_TYPE_NAMES[field.type]


def message_schema(desc: Descriptor, comments: dict[str, str], source: descriptor_pb2.DescriptorProto) -> dict:
    schema: dict = {"type": "object", "title": desc.full_name}
    if desc.full_name in comments:
        schema["description"] = comments[desc.full_name]
    schema["properties"] = {f.name: field_schema(f, comments.get(f.full_name, "")) for f in desc.fields}
    reserved_numbers = [n for r in source.reserved_range for n in range(r.start, r.end)]  # end is exclusive
    if reserved_numbers or source.reserved_name:
        schema["x-protobuf-reserved"] = {"numbers": reserved_numbers, "names": list(source.reserved_name)}
    return schema


def enum_schema(desc: EnumDescriptor, comments: dict[str, str]) -> dict:
    schema: dict = {"type": "string", "title": desc.full_name, "enum": [v.name for v in desc.values]}
    if desc.full_name in comments:
        schema["description"] = comments[desc.full_name]
    schema["x-protobuf-enum"] = {v.name: v.number for v in desc.values}
    return schema


def _schemas() -> tuple[dict[str, dict], dict[str, str], str]:
    """components/schemas for every message and enum of proto/ (nested ones too), their
    comments by full name, and the files' header comments."""
    pool = descriptor_pool.Default()
    schemas: dict[str, dict] = {}
    comments: dict[str, str] = {}
    headers: list[str] = []

    def add_message(desc: Descriptor, source: descriptor_pb2.DescriptorProto) -> None:
        if desc.GetOptions().map_entry:
            return  # a map's entry type is the map field's schema, not a schema of its own
        key = schema_name(desc)
        if key in schemas:
            raise ValueError(f"two protobuf types are both called {key}")
        schemas[key] = message_schema(desc, comments, source)
        nested_sources = {n.name: n for n in source.nested_type}
        for nested in desc.nested_types:
            add_message(nested, nested_sources[nested.name])
        for enum in desc.enum_types:
            schemas[schema_name(enum)] = enum_schema(enum, comments)

    for fdp in source_descriptors():
        try:
            generated = pool.FindFileByName(fdp.name)
        except KeyError:
            raise SystemExit(f"{fdp.name} has no generated code in shared/messages: run `make proto`") from None
        comments.update(_comments(fdp))
        if header := _file_comment(fdp):
            headers.append(header)
        sources = {m.name: m for m in fdp.message_type}
        for desc in generated.message_types_by_name.values():
            if desc.name not in sources:
                raise SystemExit(f"{desc.full_name} is generated but not in {fdp.name}: run `make proto`")
            add_message(desc, sources[desc.name])
        for enum in generated.enum_types_by_name.values():
            schemas[schema_name(enum)] = enum_schema(enum, comments)
    return schemas, comments, " ".join(headers)


# --- the document -----------------------------------------------------------------------------


def channel_id(address: str) -> str:
    """A channel's key in the document: its address with dots as underscores."""
    return address.replace(".", "_")


def _key_binding(what: str) -> dict:
    return {"kafka": {"key": {"type": "string", "description": what}, "bindingVersion": KAFKA_BINDING}}


def build() -> dict:
    """The AsyncAPI 3.0 document, as a dict (its key order is the file's)."""
    schemas, comments, header = _schemas()
    package = next(iter(schemas.values()))["title"].rsplit(".", 1)[0] if schemas else ""
    partitions = CommonSettings.model_fields["topic_partitions"].default
    group_prefix = CommonSettings.model_fields["consumer_group_prefix"].default

    def full(name: str) -> str:
        return f"{package}.{name}" if package else name

    for name in [r.message for r in ROUTES] + [DEAD_LETTER_MESSAGE]:
        if name not in schemas:
            raise SystemExit(f"shared/api/asyncapi.py names message {name}, which is not in proto/")
    listed = {r.topic for r in ROUTES}
    if listed != set(topics.ALL):
        raise SystemExit(f"ROUTES in shared/api/asyncapi.py and shared/core/topics.py disagree: {sorted(listed ^ set(topics.ALL))}")

    messages: dict[str, dict] = {}

    def message(name: str, key_doc: str) -> dict:
        if name not in messages:
            body: dict = {"name": name, "title": full(name)}
            if full(name) in comments:
                body["summary"] = comments[full(name)]
            body["contentType"] = CONTENT_TYPE
            body["payload"] = {"$ref": f"#/components/schemas/{name}"}
            body["bindings"] = _key_binding(key_doc)
            body["x-protobuf-message"] = full(name)
            messages[name] = body
        return {"$ref": f"#/components/messages/{name}"}

    channels: dict[str, dict] = {}
    operations: dict[str, dict] = {}
    topic_binding = {"kafka": {"partitions": partitions, "replicas": 1, "bindingVersion": KAFKA_BINDING}}

    def add_channel(address: str, name: str, description: str, key_doc: str) -> str:
        cid = channel_id(address)
        channels[cid] = {
            "address": address,
            "title": address,
            "description": description,
            "messages": {name: message(name, key_doc)},
            "bindings": topic_binding,
        }
        return cid

    def add_operation(service: str, action: str, cid: str, name: str, summary: str, consumer: Consumer | None = None) -> None:
        op: dict = {
            "action": action,
            "channel": {"$ref": f"#/channels/{cid}"},
            "summary": summary,
            "messages": [{"$ref": f"#/channels/{cid}/messages/{name}"}],
            "tags": [{"name": service}],
        }
        if consumer is not None and not consumer.broadcast:
            group = f"{group_prefix}.{consumer.consumer}"
            op["bindings"] = {"kafka": {"groupId": {"type": "string", "enum": [group]}, "bindingVersion": KAFKA_BINDING}}
        verb = "sends" if action == "send" else "receives"
        operations[f"{service}_{verb}_{cid}".replace("-", "_")] = op

    request_key = "The request id (UTF-8): one request's messages stay in order on one partition."
    for route in ROUTES:
        plan = " Planned (DESIGN.md): no service sends or receives it yet." if route.planned else ""
        about = comments.get(full(route.message), route.message)
        cid = add_channel(route.topic, route.message, f"{about}.{plan}", request_key)
        for service in route.senders:
            add_operation(service, "send", cid, route.message, f"{service} publishes {route.message} to {route.topic}.{plan}")
        for c in route.consumers:
            how = (
                "every process reads every new message (no consumer group, nothing committed)"
                if c.broadcast
                else f"consumer group {group_prefix}.{c.consumer}: at least once, offsets committed after the handler"
            )
            who = c.service if c.consumer == c.service else f"{c.service} (consumer {c.consumer})"
            add_operation(c.service, "receive", cid, route.message, f"{who} consumes {route.topic}; {how}.{plan}", c)

    dlq_key = "The failed message's key: its request id."
    for route in ROUTES:
        for c in route.consumers:
            address = topics.dead_letter(route.topic, c.consumer)
            about = (
                f"Dead letters of consumer {c.consumer} on {route.topic}: a message it could not decode, or whose "
                "handler raised Reject or failed every attempt, with the reason in DeadLetter.error. Kept for "
                "inspection; nothing consumes it."
            )
            cid = add_channel(address, DEAD_LETTER_MESSAGE, about, dlq_key)
            who = c.service if c.consumer == c.service else f"{c.service} (consumer {c.consumer})"
            add_operation(c.service, "send", cid, DEAD_LETTER_MESSAGE, f"{who} dead-letters what it cannot process from {route.topic}.")

    description = (
        f"{header} Generated from proto/ and shared/core/topics.py by `{REGENERATE}`; do not edit by hand. "
        "Every message is one protobuf message (contentType application/x-protobuf, binary encoding): the payload "
        "schemas describe its fields (x-protobuf-field is the field number; proto3 fields are all optional and "
        "default to zero values). Delivery is at least once; handlers are idempotent."
    ).strip()
    return {
        "asyncapi": "3.0.0",
        "info": {"title": "ClauseFlow events", "version": package or "1", "description": description},
        "defaultContentType": CONTENT_TYPE,
        "servers": SERVERS,
        "channels": channels,
        "operations": operations,
        "components": {"messages": messages, "schemas": schemas},
    }


def render(doc: dict | None = None) -> str:
    """The document as the committed file's text."""
    return json.dumps(build() if doc is None else doc, indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m shared.api.asyncapi", description=__doc__.split("\n\n")[0])
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--write", action="store_true", help=f"write {DOC_PATH.relative_to(ROOT)}")
    group.add_argument("--check", action="store_true", help=f"exit 1 if {DOC_PATH.relative_to(ROOT)} is stale")
    args = parser.parse_args(argv)
    text = render()
    if args.write:
        DOC_PATH.write_text(text, encoding="utf-8")
        print(DOC_PATH.relative_to(ROOT))
    elif args.check:
        if not DOC_PATH.exists() or DOC_PATH.read_text(encoding="utf-8") != text:
            print(f"{DOC_PATH.relative_to(ROOT)} is stale: run `{REGENERATE}`", file=sys.stderr)
            return 1
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
