"""Stage timings and Prometheus metrics (prometheus-client).

A :class:`StageClock` measures one handler run: queue wait (from the upstream publish),
named phases (preprocess, inference, postprocess), wall and CPU time. The result is a
``StageTiming`` message appended to the envelope and recorded for cost attribution.
"""

from __future__ import annotations

import logging
import time
from contextlib import contextmanager
from contextvars import ContextVar

from prometheus_client import Counter, Gauge, Histogram

from shared.messages import Envelope, StageTiming

log = logging.getLogger(__name__)

STAGE_SECONDS = Histogram(
    "clauseflow_stage_seconds",
    "Time a stage spent on one request, by phase",
    ["stage", "phase"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120),
)
# Upload to the event the user waits for (observed where it is emitted: phase2 for the draft,
# analyze for the final; the edge relays both from Redis within milliseconds).
REVIEW_SECONDS = Histogram(
    "clauseflow_review_seconds",
    "From the upload's acceptance to the review's draft or final event",
    ["event"],
    buckets=(0.1, 0.25, 0.5, 1, 1.5, 2, 3, 5, 10, 20, 30, 60, 120, 300),
)
HEARTBEAT = Gauge("clauseflow_heartbeat_timestamp_seconds", "When this worker's event loop last turned (its consumers run on it)")
OPEN_STREAMS = Gauge("clauseflow_open_streams", "Client event streams open at this edge, by kind", ["kind"])
BUS_MESSAGES = Counter("clauseflow_bus_messages_total", "Kafka messages by topic and outcome (produced, consumed, failed, dead_lettered)", ["topic", "outcome"])
CONSUMER_LAG = Gauge("clauseflow_consumer_lag", "Messages in the topic's partitions this process reads that it has not consumed yet", ["consumer", "topic"])
MESSAGES = Counter("clauseflow_messages_total", "Messages handled, by stage and outcome", ["stage", "outcome"])
IN_FLIGHT = Gauge("clauseflow_in_flight", "Messages a consumer loop is handling now, by consumer", ["consumer"])
TOKENS = Counter("clauseflow_llm_tokens_total", "LLM tokens, by kind", ["kind"])
LLM_FIRST_TOKEN = Histogram(
    "clauseflow_llm_first_token_seconds",
    "From asking the LLM server to its first token (the prompt read, and any queue at the server)",
    buckets=(0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60),
)
LLM_SLOT_WAIT = Histogram(
    "clauseflow_llm_slot_wait_seconds",
    "How long a review waited for one of analyze's LLM slots",
    buckets=(0.001, 0.01, 0.1, 0.5, 1, 2, 5, 10, 30, 60, 120),
)


# CPU seconds of the current request's worker-thread sections (Runtime.cpu), per handler run.
# Several requests are in flight in one process, so the process's CPU clock would bill each
# request for the others' work; each section's thread CPU time is added here instead.
_CPU_SECTIONS: ContextVar[list[float] | None] = ContextVar("cpu_sections", default=None)


def timed_cpu(fn, *args, **kwargs):
    """Run ``fn`` (in a worker thread) and add its thread CPU time to the current handler run."""
    acc = _CPU_SECTIONS.get()
    t0 = time.thread_time()
    try:
        return fn(*args, **kwargs)
    finally:
        if acc is not None:
            acc[0] += time.thread_time() - t0


def add_cpu(seconds: float) -> None:
    """Bill the current handler run for CPU spent elsewhere (a worker process)."""
    acc = _CPU_SECTIONS.get()
    if acc is not None:
        acc[0] += seconds


class StageClock:
    """Times one handler run of one stage.

    ``cpu_ms`` is the thread CPU time of the run's CPU sections (scoring, ranking, building
    the draft, text extraction: the work that costs), not the process's, which other
    requests in flight share.
    """

    PHASES = ("preprocess", "inference", "postprocess")

    def __init__(self, stage: str, published_at: float = 0.0) -> None:
        self.stage = stage
        self._start = time.perf_counter()
        self._cpu = [0.0]
        _CPU_SECTIONS.set(self._cpu)
        self._queue_wait_ms = max(0.0, (time.time() - published_at) * 1000) if published_at else 0.0
        self._phases: dict[str, float] = dict.fromkeys(self.PHASES, 0.0)
        self._waited: dict[str, float] = dict.fromkeys(self.PHASES, 0.0)

    @contextmanager
    def phase(self, name: str):
        if name not in self._phases:
            raise ValueError(f"unknown phase {name!r}")
        t0 = time.perf_counter()
        try:
            yield
        finally:
            self._phases[name] += (time.perf_counter() - t0) * 1000

    def waited(self, ms: float, phase: str = "inference") -> None:
        """Time within ``phase`` spent queueing (for an LLM slot), not working: it is counted as
        queue wait, not billed at the phase's (the GPU's) rate."""
        self._waited[phase] += max(0.0, ms)

    def finish(self) -> StageTiming:
        work = {name: max(0.0, ms - self._waited[name]) for name, ms in self._phases.items()}
        self._queue_wait_ms += sum(self._phases[n] - work[n] for n in self.PHASES)
        self._phases = work
        timing = StageTiming(
            stage=self.stage,
            queue_wait_ms=self._queue_wait_ms,
            preprocess_ms=self._phases["preprocess"],
            inference_ms=self._phases["inference"],
            postprocess_ms=self._phases["postprocess"],
            total_ms=(time.perf_counter() - self._start) * 1000,
            cpu_ms=self._cpu[0] * 1000,
        )
        for name, ms in self._phases.items():
            STAGE_SECONDS.labels(self.stage, name).observe(ms / 1000)
        STAGE_SECONDS.labels(self.stage, "queue_wait").observe(self._queue_wait_ms / 1000)
        STAGE_SECONDS.labels(self.stage, "total").observe(timing.total_ms / 1000)
        return timing


def timing_dict(t: StageTiming) -> dict[str, float]:
    return {
        "queue_wait_ms": round(t.queue_wait_ms, 2),
        "preprocess_ms": round(t.preprocess_ms, 2),
        "inference_ms": round(t.inference_ms, 2),
        "postprocess_ms": round(t.postprocess_ms, 2),
        "total_ms": round(t.total_ms, 2),
        "cpu_ms": round(t.cpu_ms, 2),
    }


def copy_envelope(src: Envelope, timing: StageTiming | None = None) -> Envelope:
    """A copy of ``src`` with one more stage timing appended."""
    env = Envelope()
    env.CopyFrom(src)
    if timing is not None:
        env.timings.append(timing)
    return env
