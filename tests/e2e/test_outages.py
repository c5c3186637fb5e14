"""Outages longer than the retry window, and a soak with random kills (issue 21's fault rows).

Long: run with ``CLAUSEFLOW_LONG_FAULTS=1`` (``make test`` skips them; bench/RESULTS.md has their
figures). Each on a stack of its own sharing the session's LLM server:

- Redis paused (SIGSTOP) for 90 s with 10 reviews in flight;
- Redis killed (-9) and started again 90 s later from its append-only file, 10 in flight;
- the broker paused for 90 s, 10 in flight;
- a soak: a review every few seconds for ``CLAUSEFLOW_SOAK_MIN`` minutes (30), a random service
  killed -9 every 2 minutes and restarted by the supervisor; afterwards every service's RSS and
  Redis's key count, sampled through the run, are printed beside the outcome.

Every review answered 202 must end in exactly one terminal event (0 lost, 0 duplicates), and
an upload during an outage gets a quick 503.
"""

from __future__ import annotations

import os
import random
import signal
import statistics
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
import redis as redis_sync

from local.stack import wait_port
from shared.testing.contracts import make_contract

from .conftest import stack_beside
from .test_faults import ROUTED_QUESTION, LLM_QUESTION, Supervisor, check, follow, follow_all, post, submit_many

pytestmark = [pytest.mark.stack, pytest.mark.skipif(not os.environ.get("CLAUSEFLOW_LONG_FAULTS"), reason="long fault runs: set CLAUSEFLOW_LONG_FAULTS=1")]
OUTAGE_S = 90.0
ENV = {"MAX_TOKENS": "48", "CONTEXT_TOKENS": "900", "CLIENT_GONE_CANCEL_S": "900", "UPLOAD_RATE": "10000/minute", "REVIEW_DEADLINE_S": "600"}


@pytest.fixture
def own(stack, tmp_path):
    with stack_beside(stack, tmp_path, f"out{time.time_ns() % 10**6}.", ENV, redis_aof=True) as s:
        yield s


def during_outage(own, name: str, action) -> tuple[dict, int, float]:
    """10 reviews in flight, then ``action`` (which takes ``name`` away for OUTAGE_S and brings
    it back), an upload during it; every review followed to its end."""
    rids = submit_many(own, 10, name.upper())
    with ThreadPoolExecutor(2) as pool:
        streams = pool.submit(follow_all, own, rids)
        outage = pool.submit(action, own, name)
        time.sleep(3)
        t0 = time.monotonic()
        during = post(own, make_contract(title="DURING THE OUTAGE").data, ROUTED_QUESTION, timeout=60)
        took = time.monotonic() - t0
        outage.result()
        ended = streams.result()
        outcome = check(ended)
        outcome["errors"] = sorted(f"{e['data'].get('stage')}: {e['data'].get('code')}" for evs in ended for e in evs if e["type"] == "error")
    after = post(own, make_contract(title="AFTER THE OUTAGE").data, ROUTED_QUESTION)
    assert after.status_code == 202 and follow(own, after.json()["request_id"])[-1]["type"] == "final"
    return outcome, during.status_code, took


def paused(own, name: str) -> None:
    os.killpg(own.procs[name].pid, signal.SIGSTOP)
    try:
        time.sleep(OUTAGE_S)
    finally:
        os.killpg(own.procs[name].pid, signal.SIGCONT)


def killed_then_restarted(own, name: str) -> None:
    proc = own.procs[name]
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(10)
    time.sleep(OUTAGE_S)
    cmd, env = own._cmds[name]
    port = int(own.redis_url.rsplit(":", 1)[1].split("/")[0])
    wait_port(port, own._spawn(name, cmd, env), 30, name)


@pytest.mark.parametrize(("name", "action", "what"), [
    ("redis", paused, "Redis paused (SIGSTOP) 90 s"),
    ("redis", killed_then_restarted, "Redis killed -9, restarted 90 s later from its AOF"),
    ("kafka", paused, "broker paused (SIGSTOP) 90 s"),
])
@pytest.mark.timeout(900)
def test_an_outage_longer_than_the_retry_window_loses_nothing(own, name, action, what):
    t0 = time.monotonic()
    outcome, during, took = during_outage(own, name, action)
    print(f"\nfaults: {what}, 10 in flight: {outcome}; upload during it {during} in {took:.2f} s; all ended {time.monotonic() - t0:.0f} s after the first upload")
    assert during == 503 and took < 10
    assert outcome["lost"] == 0 and outcome["duplicates"] == 0, outcome
    assert outcome["final"] + outcome["error"] == 10, outcome


def rss_kb(pid: int) -> int | None:
    try:
        for line in open(f"/proc/{pid}/status"):
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


@pytest.mark.timeout(int(float(os.environ.get("CLAUSEFLOW_SOAK_MIN", "30")) * 60 + 1200))
def test_soak_with_a_random_kill_every_two_minutes(stack, tmp_path):
    minutes = float(os.environ.get("CLAUSEFLOW_SOAK_MIN", "30"))
    env = {**ENV, "EVENT_TTL_S": "300", "DRAFT_TTL_S": "300", "PDF_RETENTION_S": "300", "PDF_SWEEP_INTERVAL_S": "30"}
    rng = random.Random(11)
    with stack_beside(stack, tmp_path, "soak30.", env) as own, Supervisor(own):
        r = redis_sync.Redis.from_url(own.redis_url)
        stop = threading.Event()
        samples: list[tuple[float, dict[str, int | None], int]] = []

        def sample() -> None:
            while not stop.wait(30):
                samples.append((time.monotonic(), {n: rss_kb(p.pid) for n, p in own.procs.items() if n not in ("kafka", "redis", "llm")}, r.dbsize()))

        def kill_every_two_minutes() -> list[str]:
            victims = []
            while not stop.wait(120):
                name = rng.choice(["summarize", "locate", "phase2", "analyze", "edge"])
                os.killpg(own.procs[name].pid, signal.SIGKILL)
                victims.append(name)
            return victims

        t0 = time.monotonic()
        with ThreadPoolExecutor(34) as pool:
            sampler, killer = pool.submit(sample), pool.submit(kill_every_two_minutes)
            futures = []
            i = 0
            while time.monotonic() - t0 < minutes * 60:
                q = LLM_QUESTION if i % 4 == 0 else ROUTED_QUESTION
                data = make_contract(title=f"SOAK AGREEMENT {i}").data

                def one(data=data, q=q):
                    for _ in range(30):  # an upload refused while the edge restarts is tried again
                        try:
                            resp = post(own, data, q)
                        except Exception:  # noqa: BLE001 - the edge is down for a moment
                            time.sleep(1)
                            continue
                        if resp.status_code == 202:
                            return follow(own, resp.json()["request_id"], timeout_s=900)
                        time.sleep(1)
                    return None

                futures.append(pool.submit(one))
                i += 1
                time.sleep(4)
            streams = [f.result() for f in futures]
            stop.set()
            victims = killer.result()
            sampler.result()
    accepted = [s for s in streams if s is not None]
    outcome = check(accepted)
    half = len(samples) // 2
    rss = {n: (statistics.median([s[1][n] for s in samples[1:half] if s[1].get(n)] or [0]) // 1024, statistics.median([s[1][n] for s in samples[half:] if s[1].get(n)] or [0]) // 1024)
           for n in ("edge", "summarize", "locate", "phase2", "analyze")}
    keys = [s[2] for s in samples]
    print(f"\nfaults: soak {minutes:.0f} min, {len(streams)} reviews ({len(accepted)} accepted), kills {victims}: {outcome}; "
          f"RSS MB median first half -> second half {rss}; Redis keys min {min(keys)} max {max(keys)} last {keys[-1]}")
    assert outcome["lost"] == 0 and outcome["duplicates"] == 0, outcome
