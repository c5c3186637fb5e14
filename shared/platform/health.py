"""A worker's container healthcheck: healthy while its event loop turns, which the consumers run
on (the heartbeat in shared/platform/runtime.py), not merely while its metrics thread answers.

    python -m shared.platform.health [METRICS_URL] [MAX_AGE_S]     exit 0 healthy, 1 not
"""

from __future__ import annotations

import sys
import time
import urllib.request

from prometheus_client.parser import text_string_to_metric_families

METRIC = "clauseflow_heartbeat_timestamp_seconds"


def age(url: str) -> float | None:
    """Seconds since the worker's last heartbeat; None when it has none."""
    with urllib.request.urlopen(url, timeout=3) as r:  # noqa: S310 - a URL we are given, on localhost
        text = r.read().decode()
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == METRIC and sample.value > 0:
                return time.time() - sample.value
    return None


def main(argv: list[str]) -> int:
    url = argv[0] if argv else "http://127.0.0.1:9100/metrics"
    max_age = float(argv[1]) if len(argv) > 1 else 30.0
    try:
        seconds = age(url)
    except OSError as exc:
        print(f"unhealthy: {url}: {exc}")
        return 1
    if seconds is None or seconds > max_age:
        print(f"unhealthy: no heartbeat for {seconds if seconds is not None else 'ever'} s (limit {max_age} s)")
        return 1
    print(f"healthy: heartbeat {seconds:.1f} s ago")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
