"""Trace context across a message (shared/core/tracing.py), and head sampling that keeps errors."""

from __future__ import annotations

from opentelemetry import trace
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from shared.core import tracing


def local(ratio: float) -> tuple[trace.Tracer, InMemorySpanExporter]:
    exporter = InMemorySpanExporter()
    provider = TracerProvider(sampler=tracing.KeepErrors(ratio))
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    return provider.get_tracer("test"), exporter


def test_head_sampling_drops_a_share_of_traces_but_never_an_error():
    tracer, exported = local(0.0)
    with tracer.start_as_current_span("review"):
        with tracer.start_as_current_span("stage"):
            pass
        with tracer.start_as_current_span("stage failed", attributes={tracing.ERROR_ATTRIBUTE: True}):
            pass
    names = [s.name for s in exported.get_finished_spans()]
    assert names == ["stage failed"]
    kept = exported.get_finished_spans()[0]
    tracer_all, exported_all = local(1.0)
    with tracer_all.start_as_current_span("review"):
        pass
    assert [s.name for s in exported_all.get_finished_spans()] == ["review"]
    assert kept.context.trace_id != 0


def test_a_consumer_continues_the_trace_its_message_carries(monkeypatch):
    assert tracing.headers() == []  # nothing traced: nothing added to a message
    tracer, exported = local(1.0)
    monkeypatch.setattr(tracing, "tracer", tracer)
    with tracer.start_as_current_span("edge accept") as parent:
        headers = tracing.headers()
    assert [k for k, _ in headers] == ["traceparent"]
    with tracing.consumed("summarize review.requested", headers, {"clauseflow.request_id": "r1"}) as child:
        assert trace.get_current_span() is child
    assert child.context.trace_id == parent.context.trace_id and child.parent.span_id == parent.context.span_id
    assert trace.get_current_span() is not child  # the message's context is detached again
    with tracing.consumed("locate review.summarized", [], {}) as orphan:  # a message with no context: a trace of its own
        pass
    assert orphan.context.trace_id != parent.context.trace_id
    assert [s.name for s in exported.get_finished_spans()] == ["edge accept", "summarize review.requested", "locate review.summarized"]
