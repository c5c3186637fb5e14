"""The local stack supervises: kill -9 of a service with reviews in flight restarts it, and
every review still ends in exactly one terminal event."""

from __future__ import annotations

import os
import signal
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from shared.testing.contracts import make_contract

from .conftest import events, submit

pytestmark = pytest.mark.stack


def test_kill_9_of_phase2_with_reviews_in_flight(stack):
    data = [make_contract(title=f"SERVICES AGREEMENT {i}").data for i in range(3)]
    with httpx.Client(base_url=stack.base_url, headers=stack.headers(), timeout=60) as client:
        rids = [submit(client, d, "Mark every liability clause and explain the risk")[0].json()["request_id"] for d in data]
        victim = stack.procs["phase2"]
        os.killpg(victim.pid, signal.SIGKILL)
        victim.wait(10)
        deadline = time.monotonic() + 30
        while "phase2" not in stack.supervise() and time.monotonic() < deadline:
            time.sleep(0.2)
        assert stack.restarts.get("phase2", 0) >= 1 and stack.procs["phase2"].poll() is None
        with ThreadPoolExecutor(3) as pool:
            streams = list(pool.map(lambda rid: events(client, rid), rids))
        for evs in streams:
            terminal = [e["type"] for e in evs if e["type"] in ("final", "error", "cancelled")]
            assert terminal == ["final"], [e["type"] for e in evs]
            assert len({e["id"] for e in evs}) == len(evs), "no event twice"
        # The restarted phase2 drafts the next review.
        r, _ = submit(client, make_contract(title="AFTER THE RESTART").data, "Mark every liability clause and explain the risk")
        after = events(client, r.json()["request_id"])
        assert "draft" in [e["type"] for e in after] and after[-1]["type"] == "final"


@pytest.mark.parametrize("name", ["summarize", "locate", "phase2", "analyze", "edge"])
def test_sigterm_stops_a_service_within_5_seconds(stack, name):
    from local.stack import wait_http

    proc = stack.procs[name]
    t0 = time.monotonic()
    os.killpg(proc.pid, signal.SIGTERM)
    code = proc.wait(10)
    took = time.monotonic() - t0
    # uvicorn shuts down gracefully, then re-raises the signal it caught (exit status -15).
    assert took < 5 and code == (-signal.SIGTERM if name == "edge" else 0), (name, took, code)
    if name == "edge":
        assert "Application shutdown complete" in (stack.log_dir / "edge.log").read_text(errors="replace")
    assert name in stack.supervise()
    if name == "edge":
        wait_http(f"{stack.base_url}/healthz", stack.procs[name], 60, name)
    else:  # the restarted worker logs "ready" once more: once at start, once per restart
        log = stack.log_dir / f"{name}.log"
        deadline = time.monotonic() + 60
        while log.read_text(errors="replace").count(f"{name} ready") < 1 + stack.restarts[name] and time.monotonic() < deadline:
            time.sleep(0.2)
        assert log.read_text(errors="replace").count(f"{name} ready") == 1 + stack.restarts[name]
