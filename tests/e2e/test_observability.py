"""Traces, metrics and logs of the running stack.

One review's spans, exported over OTLP/HTTP by five processes, share one trace id; each
service's /metrics has what the dashboards and alerts read; every log line is JSON with the
request id and the trace id.

The spans go to an OTLP receiver in this test: it decodes what the real exporters send (the
OTLP protobuf over HTTP) and keeps the spans in memory, as the SDK's in-memory exporter does
within one process.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pytest
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest, ExportTraceServiceResponse
from prometheus_client.parser import text_string_to_metric_families

from shared.testing.contracts import make_contract
from shared.testing.promql import names_read

from .conftest import reviewed, stack_beside

pytestmark = pytest.mark.stack
SERVICES = ("edge", "summarize", "locate", "phase2", "analyze")
QUESTION = "Mark every liability clause and explain the risk"


class OtlpReceiver(ThreadingHTTPServer):
    """POST /v1/traces: the spans, as (service, trace id, span name, attributes)."""

    def __init__(self) -> None:
        self.spans: list[tuple[str, str, str, dict]] = []
        self.lock = threading.Lock()
        super().__init__(("127.0.0.1", 0), _Handler)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/v1/traces"


class _Handler(BaseHTTPRequestHandler):
    def do_POST(self) -> None:  # noqa: N802 - http.server's name
        req = ExportTraceServiceRequest.FromString(self.rfile.read(int(self.headers["Content-Length"])))
        got = []
        for rs in req.resource_spans:
            service = next(a.value.string_value for a in rs.resource.attributes if a.key == "service.name")
            for ss in rs.scope_spans:
                for span in ss.spans:
                    attrs = {a.key: a.value.string_value or a.value.int_value or a.value.bool_value for a in span.attributes}
                    got.append((service, span.trace_id.hex(), span.name, attrs))
        with self.server.lock:
            self.server.spans.extend(got)
        body = ExportTraceServiceResponse().SerializeToString()
        self.send_response(200)
        self.send_header("Content-Type", "application/x-protobuf")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def receiver():
    server = OtlpReceiver()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()


@pytest.fixture(scope="module")
def own(stack, tmp_path_factory, receiver):
    env = {"TRACE_ENDPOINT": receiver.url, "LOG_FORMAT": "json", "MAX_TOKENS": "32", "CLIENT_GONE_CANCEL_S": "600"}
    with stack_beside(stack, tmp_path_factory.mktemp("observed"), "observed.", env) as s:
        yield s


@pytest.fixture(scope="module")
def review(own):
    with httpx.Client(base_url=own.base_url, headers=own.headers(), timeout=30) as c:
        rid, evs = reviewed(c, make_contract(title="TRACED AGREEMENT").data, QUESTION)
    assert evs[-1]["type"] == "final", [e["type"] for e in evs]
    return rid


# One span of each service's work on the review, the last of which ends with the final.
EXPECTED = {"edge accept", "publish review.requested", "summarize review.requested", "locate review.summarized", "phase2 review.located", "analyze review.located"}


def spans_of(receiver: OtlpReceiver, rid: str, timeout: float = 30) -> list[tuple[str, str, str, dict]]:
    """The review's spans once the expected ones have come (each process sends a batch a second)."""
    deadline = time.monotonic() + timeout
    while True:
        with receiver.lock:
            mine = [s for s in receiver.spans if s[3].get("clauseflow.request_id") == rid]
        if {s[2] for s in mine} >= EXPECTED or time.monotonic() > deadline:
            return mine
        time.sleep(0.5)


def test_one_reviews_spans_from_all_five_services_share_one_trace(receiver, review):
    mine = spans_of(receiver, review)
    by_service = {}
    for service, trace_id, name, _ in mine:
        by_service.setdefault(service, set()).add(trace_id)
    print(f"\n{len(mine)} spans: " + ", ".join(sorted({f'{s}: {n}' for s, _, n, _ in mine})))
    assert set(by_service) == {f"clauseflow-{n}" for n in SERVICES}, by_service
    assert len({t for ids in by_service.values() for t in ids}) == 1, by_service
    assert EXPECTED <= {n for _, _, n, _ in mine}


def metrics(own, name: str) -> dict[str, list]:
    """A service's samples by metric name."""
    text = httpx.get(own.metrics_url(name), timeout=10).text
    out: dict[str, list] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            out.setdefault(sample.name, []).append(sample)
    return out


def value(samples: dict[str, list], name: str, **labels: str) -> float:
    return sum(s.value for s in samples.get(name, []) if all(s.labels.get(k) == v for k, v in labels.items()))


def test_each_service_exposes_what_the_dashboards_read(own, review):
    m = {n: metrics(own, n) for n in SERVICES}
    assert value(m["edge"], "clauseflow_bus_messages_total", topic="review.requested", outcome="produced") >= 1
    assert value(m["edge"], "http_requests_total", handler="/v1/reviews", method="POST", status="2xx") >= 1
    assert "clauseflow_open_streams" in m["edge"]
    assert value(m["summarize"], "clauseflow_bus_messages_total", topic="review.requested", outcome="consumed") >= 1
    for stage in ("summarize", "locate", "phase2", "analyze"):
        assert value(m[stage], "clauseflow_stage_seconds_count", stage=stage, phase="total") >= 1, stage
        assert value(m[stage], "clauseflow_stage_seconds_count", stage=stage, phase="queue_wait") >= 1, stage
        assert value(m[stage], "clauseflow_stage_cost_usd_total", stage=stage) > 0, stage
        assert 0 <= value(m[stage], "clauseflow_cost_health", stage=stage) <= 100, stage
        assert "clauseflow_consumer_lag" in m[stage], stage
    assert value(m["phase2"], "clauseflow_review_seconds_count", event="draft") >= 1
    assert value(m["analyze"], "clauseflow_review_seconds_count", event="final") >= 1
    assert value(m["analyze"], "clauseflow_llm_first_token_seconds_count") >= 1
    assert value(m["analyze"], "clauseflow_llm_tokens_total", kind="prompt") > 0


def test_every_log_line_is_json_with_the_request_and_trace_id(own, receiver, review):
    trace_id = spans_of(receiver, review)[0][1]
    for name in SERVICES:
        lines = [ln for ln in (own.log_dir / f"{name}.log").read_text().splitlines() if ln.startswith("{")]
        records = [json.loads(ln) for ln in lines]
        assert records and all({"time", "service", "level", "request_id", "trace_id", "logger", "message"} <= set(r) for r in records), name
        assert all(r["service"] == name for r in records), name
        about = [r for r in records if r["request_id"] == review]
        assert any(r["trace_id"] == trace_id for r in about), (name, about)
        if name != "edge":  # the edge's other requests about the review (its event stream) are traces of their own
            assert all(r["trace_id"] == trace_id for r in about), (name, about)


def test_dashboards_and_alerts_read_only_metrics_the_stack_exposes(own, review):
    exposed = set().union(*(metrics(own, n).keys() for n in SERVICES))
    wanted = {n for n in names_read() if not n.startswith("vllm:")}  # vLLM's: the gpu profile
    assert wanted <= exposed, sorted(wanted - exposed)


def test_every_worker_passes_its_healthcheck(own):
    for name in SERVICES[1:]:
        done = subprocess.run([sys.executable, "-m", "shared.platform.health", own.metrics_url(name), "30"], capture_output=True, text=True, timeout=30)
        assert done.returncode == 0, (name, done.stdout)
