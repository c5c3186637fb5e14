"""One trace per review, across the edge and the four workers (OpenTelemetry).

The edge starts the trace when it accepts an upload; every Kafka message carries the W3C trace
context (`traceparent`, `tracestate`) in its headers, and each consumer runs its handler in a
span that continues it. So one review's spans, from five processes, share one trace id.

Off unless ``CLAUSEFLOW_TRACE_ENDPOINT`` names an OTLP/HTTP traces endpoint (a collector, Jaeger,
Tempo: ``http://collector:4318/v1/traces``); off, the API's no-op tracer costs nothing and no
headers are written. Sampling is decided at the head, by the trace id, for
``CLAUSEFLOW_TRACE_SAMPLE_RATIO`` of the reviews; a span that records a failure is kept whatever
the head decided (:class:`KeepErrors`), so errors are never sampled away.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

from opentelemetry import context as otel_context
from opentelemetry import propagate, trace
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SpanExporter
from opentelemetry.sdk.trace.sampling import Decision, ParentBased, Sampler, SamplingResult, TraceIdRatioBased
from opentelemetry.trace import SpanKind, Status, StatusCode

log = logging.getLogger(__name__)
ERROR_ATTRIBUTE = "clauseflow.error"
tracer = trace.get_tracer("clauseflow")
_provider: TracerProvider | None = None


class KeepErrors(Sampler):
    """Head sampling by trace id (children follow their parent), except that a span started
    with ``clauseflow.error`` set is always recorded and exported."""

    def __init__(self, ratio: float) -> None:
        self._head = ParentBased(TraceIdRatioBased(ratio))

    def should_sample(self, parent_context, trace_id, name, kind=None, attributes=None, links=None, trace_state=None) -> SamplingResult:
        if attributes and attributes.get(ERROR_ATTRIBUTE):
            return SamplingResult(Decision.RECORD_AND_SAMPLE, attributes)
        return self._head.should_sample(parent_context, trace_id, name, kind, attributes, links, trace_state)

    def get_description(self) -> str:
        return f"KeepErrors({self._head.get_description()})"


def setup(service: str, endpoint: str, ratio: float = 1.0, exporter: SpanExporter | None = None) -> bool:
    """Export this process's spans (to ``endpoint`` over OTLP/HTTP, or to ``exporter``)."""
    global _provider
    if not endpoint and exporter is None:
        return False
    if exporter is None:
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

        exporter = OTLPSpanExporter(endpoint=endpoint, timeout=5)
    _provider = TracerProvider(resource=Resource.create({"service.name": f"clauseflow-{service}"}), sampler=KeepErrors(ratio))
    _provider.add_span_processor(BatchSpanProcessor(exporter, schedule_delay_millis=1000))
    trace.set_tracer_provider(_provider)
    log.info("tracing to %s, %.0f%% of reviews sampled (errors always)", endpoint or type(exporter).__name__, 100 * ratio)
    return True


def shutdown() -> None:
    """Send what is buffered (at a process's orderly stop)."""
    if _provider is not None:
        _provider.shutdown()


def headers() -> list[tuple[str, bytes]]:
    """The current trace context as Kafka headers (none when nothing is traced)."""
    carrier: dict[str, str] = {}
    propagate.inject(carrier)
    return [(k, v.encode()) for k, v in carrier.items()]


@contextmanager
def consumed(name: str, record_headers, attributes: dict) -> Iterator[trace.Span]:
    """A consumer's span for one message, continuing the trace its headers carry."""
    carrier = {k: v.decode(errors="replace") for k, v in (record_headers or ()) if isinstance(v, bytes)}
    token = otel_context.attach(propagate.extract(carrier))
    try:
        with tracer.start_as_current_span(name, kind=SpanKind.CONSUMER, attributes=attributes) as span:
            yield span
    finally:
        otel_context.detach(token)


def failed(name: str, exc: BaseException, attributes: dict) -> None:
    """Record a failure in a span of its own that is always kept, in the current trace."""
    with tracer.start_as_current_span(name, attributes={**attributes, ERROR_ATTRIBUTE: True}) as span:
        span.record_exception(exc)
        span.set_status(Status(StatusCode.ERROR, f"{type(exc).__name__}: {exc}"[:200]))


def trace_id() -> str:
    """The current trace id in hex ("-" when none), for log lines."""
    ctx = trace.get_current_span().get_span_context()
    return format(ctx.trace_id, "032x") if ctx.is_valid else "-"
