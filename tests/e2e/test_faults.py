"""Faults and load on a stack of its own (its own broker, Redis and services; the session's LLM
server): kill -9 of each service in turn with 20 reviews in flight, Redis paused 10 s, the
broker paused 10 s, 50 reviews at once. Every review answered 202 ends in exactly one terminal
event, and no client sees an event id, a draft or a final twice.

Each test prints one summary line (``faults: ...``); bench/RESULTS.md's reliability table is
made of them (`pytest tests/e2e/test_faults.py -s`).
"""

from __future__ import annotations

import json
import os
import random
import signal
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from httpx_sse import connect_sse

from local.stack import Stack
from shared.testing.contracts import make_contract

from .conftest import stack_beside

pytestmark = pytest.mark.stack
LLM_QUESTION = "Mark every liability clause and explain the risk"
ROUTED_QUESTION = "What is the governing law?"  # answered without the LLM
TERMINAL = ("final", "error", "cancelled")


@pytest.fixture(scope="module")
def own(stack, tmp_path_factory):
    env = {"MAX_TOKENS": "48", "CONTEXT_TOKENS": "900", "CLIENT_GONE_CANCEL_S": "600", "UPLOAD_RATE": "10000/minute", "REVIEW_DEADLINE_S": "300",
           # Fewer uploads at once than the 50-at-once test sends: its clients are often told `busy` and
           # retry (how many depends on how the uploads overlap; the test prints the count).
           "MAX_CONCURRENT_UPLOADS": "8"}
    with stack_beside(stack, tmp_path_factory.mktemp("faults"), "faults.", env) as s:
        yield s


class Supervisor:
    """What `make run` does: restart exited processes, twice a second, in the background."""

    def __init__(self, stack: Stack) -> None:
        self.stack, self.stop = stack, threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self.stop.is_set():
            self.stack.supervise()
            time.sleep(0.5)

    def __enter__(self) -> Supervisor:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        self.thread.join(5)


def post(stack: Stack, data: bytes, question: str, timeout: float = 30) -> httpx.Response:
    return httpx.post(f"{stack.base_url}/v1/reviews", files={"file": ("c.pdf", data, "application/pdf")}, data={"question": question}, headers=stack.headers(), timeout=timeout)


def post_as_client(stack: Stack, data: bytes, question: str, busy: list[int], tries: int = 30) -> httpx.Response:
    """An upload as a well-behaved client makes it: told 503 ``busy`` (the edge's cap on uploads at
    once), it waits the Retry-After and asks again, ``tries`` times at most. Each busy answer is
    counted in ``busy``."""
    for _ in range(tries):
        r = post(stack, data, question, timeout=60)
        if r.status_code != 503 or r.json()["error"]["code"] != "busy":
            return r
        busy.append(1)
        time.sleep(float(r.headers["Retry-After"]))
    return r


def follow(stack: Stack, rid: str, timeout_s: float = 300) -> list[dict]:
    """Every event of a review, as a client that reconnects with Last-Event-ID sees them."""
    seen: list[dict] = []
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        headers = {**stack.headers(), **({"Last-Event-ID": seen[-1]["id"]} if seen else {})}
        try:
            with httpx.Client(base_url=stack.base_url, timeout=httpx.Timeout(30, read=15)) as c:
                with connect_sse(c, "GET", f"/v1/reviews/{rid}/events", headers=headers) as source:
                    if source.response.status_code != 200:
                        raise httpx.TransportError(f"status {source.response.status_code}")
                    for sse in source.iter_sse():
                        if not sse.data:
                            continue
                        seen.append({"id": sse.id, "type": sse.event, "data": json.loads(sse.data)})
                        if sse.event in TERMINAL:
                            return seen
        except (httpx.HTTPError, httpx.StreamError):
            time.sleep(0.5)  # the edge restarting, or Redis paused: reconnect where we were
    return seen


def check(streams: list[list[dict]]) -> dict:
    """Exactly one terminal event per review; no event id, draft or final twice."""
    outcome = {"final": 0, "error": 0, "cancelled": 0, "lost": 0, "duplicates": 0}
    for evs in streams:
        types = [e["type"] for e in evs]
        terminal = [t for t in types if t in TERMINAL]
        if not terminal:
            outcome["lost"] += 1
        else:
            outcome[terminal[0]] += 1
        outcome["duplicates"] += (len(evs) - len({e["id"] for e in evs})) + max(0, types.count("draft") - 1) + max(0, len(terminal) - 1)
    return outcome


def submit_many(stack: Stack, n: int, tag: str) -> list[str]:
    data = [(make_contract(title=f"{tag} AGREEMENT {i}").data, LLM_QUESTION if i % 2 else ROUTED_QUESTION) for i in range(n)]
    with ThreadPoolExecutor(8) as pool:
        rs = list(pool.map(lambda dq: post(stack, *dq), data))
    assert [r.status_code for r in rs] == [202] * n, [r.text for r in rs if r.status_code != 202][:3]
    return [r.json()["request_id"] for r in rs]


def follow_all(stack: Stack, rids: list[str]) -> list[list[dict]]:
    with ThreadPoolExecutor(len(rids)) as pool:
        return list(pool.map(lambda rid: follow(stack, rid), rids))


def test_kill_9_of_each_service_in_turn_with_20_reviews_in_flight(own):
    rng = random.Random(7)
    restarts_before = dict(own.restarts)
    with Supervisor(own):
        rids = submit_many(own, 20, "KILL")
        with ThreadPoolExecutor(1) as pool:
            streams_f = pool.submit(follow_all, own, rids)
            for name in ("summarize", "locate", "phase2", "analyze", "edge"):
                time.sleep(rng.uniform(0.2, 2.5))  # a random moment
                victim = own.procs[name]
                os.killpg(victim.pid, signal.SIGKILL)
                victim.wait(10)
                deadline = time.monotonic() + 60
                while own.procs[name] is victim and time.monotonic() < deadline:
                    time.sleep(0.1)
            streams = streams_f.result()
    outcome = check(streams)
    restarted = {k: own.restarts.get(k, 0) - restarts_before.get(k, 0) for k in ("summarize", "locate", "phase2", "analyze", "edge")}
    print(f"\nfaults: kill -9 of each service in turn, 20 in flight: {outcome}; restarts {restarted}")
    assert all(n >= 1 for n in restarted.values()), restarted
    assert outcome["lost"] == 0 and outcome["duplicates"] == 0, outcome
    assert outcome["final"] == 20, outcome


def pause(proc, seconds: float) -> None:
    os.killpg(proc.pid, signal.SIGSTOP)
    try:
        time.sleep(seconds)
    finally:
        os.killpg(proc.pid, signal.SIGCONT)


def outage(own: Stack, name: str, probe_state: bool = False) -> tuple[dict, httpx.Response, float, int | None]:
    """Pause ``name`` for 10 s with 6 reviews in flight, upload during the pause; then follow
    the 6 to their end and check a review after it. Returns (outcome, the upload during the
    pause, how long it took, a state read's status during the pause)."""
    rids = submit_many(own, 6, name.upper())
    state = None
    with ThreadPoolExecutor(2) as pool:
        paused = pool.submit(pause, own.procs[name], 10)
        time.sleep(1)
        t0 = time.monotonic()
        during = post(own, make_contract(title=f"DURING THE {name.upper()} OUTAGE").data, ROUTED_QUESTION, timeout=30)
        took = time.monotonic() - t0
        if probe_state:
            state = httpx.get(f"{own.base_url}/v1/reviews/{rids[0]}", headers=own.headers(), timeout=30).status_code
        paused.result()
    outcome = check(follow_all(own, rids))
    after = post(own, make_contract(title=f"AFTER THE {name.upper()} OUTAGE").data, ROUTED_QUESTION)
    assert after.status_code == 202 and follow(own, after.json()["request_id"])[-1]["type"] == "final"
    return outcome, during, took, state


ALL_FINAL = {"final": 6, "error": 0, "cancelled": 0, "lost": 0, "duplicates": 0}


def test_redis_paused_10_s_edge_answers_503_and_reviews_finish_after(own):
    outcome, during, took, state = outage(own, "redis", probe_state=True)
    print(f"\nfaults: Redis paused 10 s, 6 in flight: {outcome}; upload during it {during.status_code} in {took:.2f} s, state {state}")
    assert during.status_code == 503 and during.json()["error"]["code"] == "state_unavailable" and "Retry-After" in during.headers
    assert took < 5, "the edge answers quickly, it does not hang"
    assert state == 503
    assert outcome == ALL_FINAL, outcome


def test_broker_paused_10_s_edge_answers_503_never_202_and_work_resumes(own):
    outcome, during, took, _ = outage(own, "kafka")
    print(f"\nfaults: broker paused 10 s, 6 in flight: {outcome}; upload during it {during.status_code} in {took:.2f} s")
    assert during.status_code == 503 and during.json()["error"]["code"] == "dependency_unavailable" and "Retry-After" in during.headers
    assert took < 10
    assert outcome == ALL_FINAL, outcome


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def test_fifty_reviews_at_once_all_end(own):
    t0 = time.monotonic()
    data = [(make_contract(title=f"LOAD AGREEMENT {i}").data, LLM_QUESTION if i % 2 else ROUTED_QUESTION) for i in range(50)]
    busy: list[int] = []
    with ThreadPoolExecutor(50) as pool:
        rs = list(pool.map(lambda dq: post_as_client(own, *dq, busy), data))
        assert [r.status_code for r in rs] == [202] * 50, [r.text for r in rs if r.status_code != 202][:3]
        streams = list(pool.map(lambda r: follow(own, r.json()["request_id"]), rs))
    took = time.monotonic() - t0
    outcome = check(streams)

    def at(evs: list[dict], kind: str) -> float | None:
        # The event ids are Redis stream ids: milliseconds since the epoch, from the server.
        hit = next((e for e in evs if e["type"] == kind), None)
        return None if hit is None else int(hit["id"].split("-")[0]) / 1000 - int(evs[0]["id"].split("-")[0]) / 1000

    drafts = [x for x in (at(s, "draft") for s in streams) if x is not None]
    finals = [x for x in (at(s, "final") for s in streams) if x is not None]
    print(f"\nfaults: 50 at once (25 LLM, 25 routed): {outcome}; draft p50 {pct(drafts, 50):.2f} s p95 {pct(drafts, 95):.2f} s (n={len(drafts)}); "
          f"final p50 {pct(finals, 50):.2f} s p95 {pct(finals, 95):.2f} s; {len(busy)} uploads told busy and retried; all ended in {took:.1f} s, {50 / took * 60:.1f} reviews/min")
    assert outcome == {"final": 50, "error": 0, "cancelled": 0, "lost": 0, "duplicates": 0}, outcome
