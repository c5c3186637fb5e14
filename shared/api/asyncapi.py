"""The AsyncAPI 3.0 document of ClauseFlow's Kafka topics, built from the protobuf messages.

    python -m shared.api.asyncapi            # print the document (JSON)
    python -m shared.api.asyncapi --write    # regenerate the committed proto/asyncapi.json
    python -m shared.api.asyncapi --check    # exit 1 if proto/asyncapi.json is stale

What comes from where:

- the payload schemas: the descriptors of the generated messages, turned into JSON Schema with
  the comments of the .proto files as descriptions (:mod:`shared.api.proto_schema`);
- the topic names: :mod:`shared.core.topics`; the dead-letter topics: one per consumer,
  :func:`shared.core.topics.dead_letter`, carrying :class:`DeadLetter`;
- who sends and who receives what: :data:`ROUTES` below, a table kept by hand and checked
  against the services' code by ``tests/unit/test_asyncapi.py``.

Every message is protobuf (``application/x-protobuf``) keyed by the request id. The command
line (:func:`write_or_check`) and :func:`render` serve shared/api/client_events.py's document too.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass

from shared.api.gen_proto import PROTO_DIR
from shared.api.proto_schema import proto_schemas
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
    Route(topics.BATCH_REQUESTED, "ReviewRequested", ("edge",), (Consumer("summarize", "summarize-batch"),)),
    Route(topics.BATCH_SUMMARIZED, "ReviewSummarized", ("summarize",), (Consumer("analyze", "analyze-batch"),)),
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


# --- the document -----------------------------------------------------------------------------


def channel_id(address: str) -> str:
    """A channel's key in the document: its address with dots as underscores."""
    return address.replace(".", "_")


def _key_binding(what: str) -> dict:
    return {"kafka": {"key": {"type": "string", "description": what}, "bindingVersion": KAFKA_BINDING}}


def build() -> dict:
    """The AsyncAPI 3.0 document, as a dict (its key order is the file's)."""
    schemas, comments, header = proto_schemas()
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


def write_or_check(argv: list[str] | None, path, text: str, regenerate: str, prog: str, description: str = "") -> int:
    """The command line of a generated document: print it, ``--write`` it, or ``--check`` it."""
    parser = argparse.ArgumentParser(prog=prog, description=description or f"The generated {path.relative_to(ROOT)}.")
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
    return write_or_check(argv, DOC_PATH, render(), REGENERATE, "python -m shared.api.asyncapi", __doc__.split("\n\n")[0])


if __name__ == "__main__":
    sys.exit(main())
