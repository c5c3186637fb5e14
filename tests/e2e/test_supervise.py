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
    with httpx.Client(base_url=stack.base_url, timeout=60) as client:
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
