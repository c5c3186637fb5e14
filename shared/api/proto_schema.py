"""JSON Schema for the protobuf messages of proto/, for the AsyncAPI document (shared/api/asyncapi.py).

The schemas come from the descriptors of the generated messages (``shared.messages``, what the
services really serialize): proto3 scalars, repeated fields as arrays, maps as objects, message
fields as ``$ref`` to ``components/schemas``, with the comments of the .proto files (``protoc
--include_source_info``) as descriptions and the field numbers, types and reserved names as
``x-protobuf-*`` keywords.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from google.protobuf import descriptor_pb2, descriptor_pool
from google.protobuf.descriptor import Descriptor, EnumDescriptor, FieldDescriptor

import shared.messages  # noqa: F401 - registers the generated files in the default descriptor pool
from shared.api.gen_proto import PROTO_DIR, proto_files

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
    from grpc_tools import protoc  # a development tool: documents are generated with it, the services never call it

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


def proto_schemas() -> tuple[dict[str, dict], dict[str, str], str]:
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
