"""The worker healthcheck: healthy only while the heartbeat is fresh (shared/platform/health.py)."""

from __future__ import annotations

import time

from prometheus_client import CollectorRegistry, Gauge, start_http_server

from local.stack import free_port
from shared.platform import health


def serve(value: float | None) -> str:
    registry = CollectorRegistry()
    if value is not None:
        Gauge(health.METRIC.removesuffix("_total"), "heartbeat", registry=registry).set(value)
    port = free_port()
    start_http_server(port, addr="127.0.0.1", registry=registry)
    return f"http://127.0.0.1:{port}/metrics"


def test_a_fresh_heartbeat_is_healthy_and_a_stale_or_missing_one_is_not(capsys):
    assert health.main([serve(time.time()), "30"]) == 0
    assert health.main([serve(time.time() - 120), "30"]) == 1
    assert health.main([serve(None), "30"]) == 1
    assert health.main([f"http://127.0.0.1:{free_port()}/metrics", "30"]) == 1  # nothing listening
    out = capsys.readouterr().out
    assert out.count("unhealthy") == 3 and "healthy: heartbeat" in out
