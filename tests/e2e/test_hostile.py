"""Hostile PDFs against the running stack (shared.testing.hostile, four of each kind): each
upload is refused with a 4xx JSON error, or accepted and then ends in `final` or an `error`
that says what was wrong with the file (never `internal`); no
process of the stack dies or restarts, and a normal contract still gets its `final` after."""

from __future__ import annotations

import time
from collections import Counter, defaultdict

import pytest

from shared.testing.contracts import make_contract
from shared.testing.hostile import KINDS, generate

from .conftest import events, submit

pytestmark = pytest.mark.stack
SEED = 7
N = 4 * len(KINDS)  # 68
QUESTION = "What is the governing law?"
# Every accepted review ends within this of the last upload: the hostile ones cost the pipeline
# a PDF time limit (30 s) at most; the rest are short documents through the small local LLM.
ALL_ENDED_S = 600


def rss_mb(pid: int) -> float:
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


@pytest.mark.timeout(1200)
def test_hostile_uploads_are_refused_or_end_and_the_stack_survives(stack, client):
    pids = {name: proc.pid for name, proc in stack.procs.items()}
    rss_before = {name: rss_mb(stack.procs[name].pid) for name in ("edge", "summarize")}
    restarts = dict(stack.restarts)
    outcomes: dict[str, Counter] = defaultdict(Counter)
    accepted, bad = [], []
    t0 = time.monotonic()
    for i, (kind, data) in enumerate(generate(SEED, N)):
        r, _ = submit(client, data, QUESTION, filename=f"{i:03d}-{kind}.pdf")
        if r.status_code == 202:
            accepted.append((i, kind, r.json()["request_id"]))
            continue
        code = None
        if 400 <= r.status_code < 500 and r.headers.get("content-type", "").startswith("application/json"):
            code = (r.json().get("error") or {}).get("code")
        if not isinstance(code, str) or not code:
            bad.append((i, kind, r.status_code, r.text[:200]))
        outcomes[kind][f"{r.status_code}:{code}"] += 1
    uploaded = time.monotonic()

    for i, kind, rid in accepted:
        left = max(5.0, ALL_ENDED_S - (time.monotonic() - uploaded))
        evs = events(client, rid, timeout=left)
        terminal = [e for e in evs if e["type"] in ("final", "error", "cancelled")]
        if len(terminal) != 1 or terminal[0]["type"] not in ("final", "error") or (terminal[0]["type"] == "error" and terminal[0]["data"].get("code") in (None, "", "internal")):
            bad.append((i, kind, rid, [e["type"] for e in evs][-5:]))
            outcomes[kind]["202:no end"] += 1
        elif terminal[0]["type"] == "final":
            outcomes[kind]["202:final"] += 1
        else:
            outcomes[kind][f"202:error:{terminal[0]['data']['code']}"] += 1
    ended = time.monotonic()

    print(f"\n{N} hostile uploads (seed {SEED}) in {uploaded - t0:.0f} s, {len(accepted)} accepted, all ended {ended - uploaded:.0f} s after the last upload")
    for kind in KINDS:
        print(f"  {kind:<15}{dict(sorted(outcomes[kind].items()))}")
    replaced = {name: (stack.log_dir / f"{name}.log").read_text(errors="replace").count("PDF worker pool replaced") for name in ("edge", "summarize")}
    print(f"  PDF worker pools replaced: {replaced}")
    rss_after = {name: rss_mb(stack.procs[name].pid) for name in ("edge", "summarize")}
    print(f"  RSS (MB, the service process; PDFs are read in its workers): before {rss_before}, after {rss_after}")
    assert all(rss_after[n] - rss_before[n] < 300 for n in rss_after), "memory stays bounded"

    assert not bad, f"uploads without a 4xx JSON error or a terminal event: {bad}"
    # Every process of the stack is the one that was there before, still running, none restarted.
    assert {name: proc.pid for name, proc in stack.procs.items()} == pids
    dead = {name: proc.returncode for name, proc in stack.procs.items() if proc.poll() is not None}
    assert not dead, f"stack processes exited: {dead}"
    assert stack.restarts == restarts

    r, _ = submit(client, make_contract(title="AFTER THE HOSTILE ONES").data, QUESTION)
    assert r.status_code == 202, r.text
    after = events(client, r.json()["request_id"])
    assert after[-1]["type"] == "final", [e["type"] for e in after]
