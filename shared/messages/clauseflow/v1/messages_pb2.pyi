from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class StageTiming(_message.Message):
    __slots__ = ("stage", "queue_wait_ms", "preprocess_ms", "inference_ms", "postprocess_ms", "total_ms", "cpu_ms")
    STAGE_FIELD_NUMBER: _ClassVar[int]
    QUEUE_WAIT_MS_FIELD_NUMBER: _ClassVar[int]
    PREPROCESS_MS_FIELD_NUMBER: _ClassVar[int]
    INFERENCE_MS_FIELD_NUMBER: _ClassVar[int]
    POSTPROCESS_MS_FIELD_NUMBER: _ClassVar[int]
    TOTAL_MS_FIELD_NUMBER: _ClassVar[int]
    CPU_MS_FIELD_NUMBER: _ClassVar[int]
    stage: str
    queue_wait_ms: float
    preprocess_ms: float
    inference_ms: float
    postprocess_ms: float
    total_ms: float
    cpu_ms: float
    def __init__(self, stage: _Optional[str] = ..., queue_wait_ms: _Optional[float] = ..., preprocess_ms: _Optional[float] = ..., inference_ms: _Optional[float] = ..., postprocess_ms: _Optional[float] = ..., total_ms: _Optional[float] = ..., cpu_ms: _Optional[float] = ...) -> None: ...

class Envelope(_message.Message):
    __slots__ = ("request_id", "doc_sha256", "question", "page_count", "submitted_at", "published_at", "timings", "tenant")
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    DOC_SHA256_FIELD_NUMBER: _ClassVar[int]
    QUESTION_FIELD_NUMBER: _ClassVar[int]
    PAGE_COUNT_FIELD_NUMBER: _ClassVar[int]
    SUBMITTED_AT_FIELD_NUMBER: _ClassVar[int]
    PUBLISHED_AT_FIELD_NUMBER: _ClassVar[int]
    TIMINGS_FIELD_NUMBER: _ClassVar[int]
    TENANT_FIELD_NUMBER: _ClassVar[int]
    request_id: str
    doc_sha256: str
    question: str
    page_count: int
    submitted_at: float
    published_at: float
    timings: _containers.RepeatedCompositeFieldContainer[StageTiming]
    tenant: str
    def __init__(self, request_id: _Optional[str] = ..., doc_sha256: _Optional[str] = ..., question: _Optional[str] = ..., page_count: _Optional[int] = ..., submitted_at: _Optional[float] = ..., published_at: _Optional[float] = ..., timings: _Optional[_Iterable[_Union[StageTiming, _Mapping]]] = ..., tenant: _Optional[str] = ...) -> None: ...

class ReviewRequested(_message.Message):
    __slots__ = ("envelope", "blob_key", "format")
    ENVELOPE_FIELD_NUMBER: _ClassVar[int]
    BLOB_KEY_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    envelope: Envelope
    blob_key: str
    format: str
    def __init__(self, envelope: _Optional[_Union[Envelope, _Mapping]] = ..., blob_key: _Optional[str] = ..., format: _Optional[str] = ...) -> None: ...

class PageSummary(_message.Message):
    __slots__ = ("page", "summary", "chars")
    PAGE_FIELD_NUMBER: _ClassVar[int]
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    CHARS_FIELD_NUMBER: _ClassVar[int]
    page: int
    summary: str
    chars: int
    def __init__(self, page: _Optional[int] = ..., summary: _Optional[str] = ..., chars: _Optional[int] = ...) -> None: ...

class ReviewSummarized(_message.Message):
    __slots__ = ("envelope", "pages")
    ENVELOPE_FIELD_NUMBER: _ClassVar[int]
    PAGES_FIELD_NUMBER: _ClassVar[int]
    envelope: Envelope
    pages: _containers.RepeatedCompositeFieldContainer[PageSummary]
    def __init__(self, envelope: _Optional[_Union[Envelope, _Mapping]] = ..., pages: _Optional[_Iterable[_Union[PageSummary, _Mapping]]] = ...) -> None: ...

class LocatedPage(_message.Message):
    __slots__ = ("page", "score", "summary")
    PAGE_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    page: int
    score: float
    summary: str
    def __init__(self, page: _Optional[int] = ..., score: _Optional[float] = ..., summary: _Optional[str] = ...) -> None: ...

class UnaskedPart(_message.Message):
    __slots__ = ("part", "suggest")
    PART_FIELD_NUMBER: _ClassVar[int]
    SUGGEST_FIELD_NUMBER: _ClassVar[int]
    part: str
    suggest: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, part: _Optional[str] = ..., suggest: _Optional[_Iterable[str]] = ...) -> None: ...

class ReviewLocated(_message.Message):
    __slots__ = ("envelope", "pages", "mode", "categories", "route", "unasked")
    ENVELOPE_FIELD_NUMBER: _ClassVar[int]
    PAGES_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    CATEGORIES_FIELD_NUMBER: _ClassVar[int]
    ROUTE_FIELD_NUMBER: _ClassVar[int]
    UNASKED_FIELD_NUMBER: _ClassVar[int]
    envelope: Envelope
    pages: _containers.RepeatedCompositeFieldContainer[LocatedPage]
    mode: str
    categories: _containers.RepeatedScalarFieldContainer[str]
    route: str
    unasked: _containers.RepeatedCompositeFieldContainer[UnaskedPart]
    def __init__(self, envelope: _Optional[_Union[Envelope, _Mapping]] = ..., pages: _Optional[_Iterable[_Union[LocatedPage, _Mapping]]] = ..., mode: _Optional[str] = ..., categories: _Optional[_Iterable[str]] = ..., route: _Optional[str] = ..., unasked: _Optional[_Iterable[_Union[UnaskedPart, _Mapping]]] = ...) -> None: ...

class ReviewCancel(_message.Message):
    __slots__ = ("request_id", "reason", "published_at")
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    PUBLISHED_AT_FIELD_NUMBER: _ClassVar[int]
    request_id: str
    reason: str
    published_at: float
    def __init__(self, request_id: _Optional[str] = ..., reason: _Optional[str] = ..., published_at: _Optional[float] = ...) -> None: ...

class ReviewFollowup(_message.Message):
    __slots__ = ("envelope", "page", "quote", "followup_id")
    ENVELOPE_FIELD_NUMBER: _ClassVar[int]
    PAGE_FIELD_NUMBER: _ClassVar[int]
    QUOTE_FIELD_NUMBER: _ClassVar[int]
    FOLLOWUP_ID_FIELD_NUMBER: _ClassVar[int]
    envelope: Envelope
    page: int
    quote: str
    followup_id: str
    def __init__(self, envelope: _Optional[_Union[Envelope, _Mapping]] = ..., page: _Optional[int] = ..., quote: _Optional[str] = ..., followup_id: _Optional[str] = ...) -> None: ...

class DeadLetter(_message.Message):
    __slots__ = ("topic", "consumer", "key", "value", "error", "failed_at")
    TOPIC_FIELD_NUMBER: _ClassVar[int]
    CONSUMER_FIELD_NUMBER: _ClassVar[int]
    KEY_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    FAILED_AT_FIELD_NUMBER: _ClassVar[int]
    topic: str
    consumer: str
    key: bytes
    value: bytes
    error: str
    failed_at: float
    def __init__(self, topic: _Optional[str] = ..., consumer: _Optional[str] = ..., key: _Optional[bytes] = ..., value: _Optional[bytes] = ..., error: _Optional[str] = ..., failed_at: _Optional[float] = ...) -> None: ...
