"""Time-to-draft cold, warm and under load, this version and a previous one side by side in one
run (a benchmark, not a test).

Over the CUAD dev contracts (each asked CUAD's question for a category it has placed pages for,
as bench/bench_pipeline.py picks them), against a stack started here for each version in turn:

- cold:  each contract once, one at a time, on a fresh stack (never seen: no cached pages);
- warm:  the same contracts and questions again (pages, scores and vectors cached);
- load:  batches of 8 submitted at once while the LLM is already generating for another review,
         on contracts seen before (after warm);
- load, cold: the same on a second fresh stack, every contract never seen.

A review is followed over SSE until its draft; in cold and warm it is then cancelled (the LLM
stops) so the next one starts on a quiet machine; in load the batch's 8 keep going until all
8 drafts are in, then all are cancelled. Reported: time-to-draft p50/p95/max per phase, drafts
over 3 s, and the median per-stage times of the draft path from GET /v1/reviews/{id}/cost.

    .venv/bin/python bench/bench_draft.py [--contracts 100] [--previous var/prev]

``--previous``: a checkout of the previous version (``git worktree add --detach var/prev <commit>``)
whose own ``python -m local.stack`` is started the same way, with this .venv.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402
from httpx_sse import aconnect_sse  # noqa: E402

from bench import cuad  # noqa: E402
from bench.bench_pipeline import SKIP_CATEGORIES, machine_info, percentile, pick_contracts, pick_question  # noqa: E402
from local.stack import free_port, wait_http, wait_log  # noqa: E402

BATCH = 8
SLOW_S = 3.0
BUSY_QUESTION = "Explain every clause of this contract in detail, with the risk of each"


HEADERS: dict[str, dict[str, str]] = {}  # by edge base URL: its development key


class StackProcess:
    """``python -m local.stack`` of one checkout, on a free port, in a temporary directory."""

    def __init__(self, checkout: Path, env: dict[str, str]) -> None:
        self.checkout, self.env = checkout, env

    def launcher(self) -> str:
        """The checkout's stack launcher: ``local.stack``, or ``shared.stack`` before shared/ was regrouped."""
        return "local.stack" if (self.checkout / "local" / "stack.py").exists() else "shared.stack"

    def __enter__(self) -> str:
        self.tmp = tempfile.TemporaryDirectory(prefix="clauseflow-bench-draft-")
        port = free_port()
        self.log = open(Path(self.tmp.name) / "stack.log", "wb")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, "-m", self.launcher(), "--port", str(port), "--workdir", self.tmp.name],
            cwd=self.checkout, env={**os.environ, **self.env}, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True,
        )
        wait_http(f"http://127.0.0.1:{port}/healthz", self.proc, 300, f"stack of {self.checkout}")
        # The edge answers before the workers are ready (locate warms its models for seconds):
        # the launcher prints its banner once every service is, and the cold phase starts then.
        wait_log(Path(self.log.name), "ClauseFlow is up", self.proc, 300, f"stack of {self.checkout}")
        time.sleep(1)
        base = f"http://127.0.0.1:{port}"
        key = Path(self.tmp.name) / "keys" / "dev.key"  # versions with API keys make one at start
        HEADERS[base] = {"Authorization": f"Bearer {key.read_text().strip()}"} if key.exists() else {}
        return base

    def __exit__(self, *exc) -> None:
        os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(60)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.log.close()
        self.tmp.cleanup()


async def submit(client: httpx.AsyncClient, base: str, path: Path, question: str) -> str:
    r = await client.post(f"{base}/v1/reviews", files={"file": (path.name, path.read_bytes(), "application/pdf")}, data={"question": question})
    r.raise_for_status()
    return r.json()["request_id"]


async def until_draft(client: httpx.AsyncClient, base: str, rid: str, t0: float, timeout_s: float = 120) -> tuple[float | None, str]:
    """Seconds from ``t0`` to the draft event (None if the stream ended without one), and why."""
    async def go():
        async with aconnect_sse(client, "GET", f"{base}/v1/reviews/{rid}/events") as es:
            async for ev in es.aiter_sse():
                if ev.event == "draft":
                    return time.perf_counter() - t0, ""
                if ev.event in ("final", "error", "cancelled"):
                    return None, ev.event
        return None, "stream ended"

    try:
        return await asyncio.wait_for(go(), timeout_s)
    except asyncio.TimeoutError:
        return None, "timeout"


async def one(client, base, path, question, stages: list) -> tuple[float | None, str]:
    t0 = time.perf_counter()
    rid = await submit(client, base, path, question)
    took, why = await until_draft(client, base, rid, t0)
    cost = await client.get(f"{base}/v1/reviews/{rid}/cost")
    if cost.status_code == 200:
        stages.append(cost.json().get("stages", {}))
    await client.delete(f"{base}/v1/reviews/{rid}")
    return took, why


async def phase_serial(base: str, jobs, label: str) -> dict:
    times, misses, stages = [], [], []
    async with httpx.AsyncClient(timeout=httpx.Timeout(120, connect=10), trust_env=False, headers=HEADERS.get(base, {})) as client:
        for i, (path, question) in enumerate(jobs, 1):
            took, why = await one(client, base, path, question, stages)
            (times.append(took) if took is not None else misses.append(why))
            await asyncio.sleep(0.3)  # let the cancelled generation stop
            if i % 20 == 0:
                print(f"    {label} {i}/{len(jobs)}", flush=True)
    return {"times": times, "misses": misses, "stages": stages}


async def phase_load(base: str, jobs, busy: Path) -> dict:
    times, misses, stages = [], [], []
    async with httpx.AsyncClient(timeout=httpx.Timeout(300, connect=10), trust_env=False, limits=httpx.Limits(max_connections=64), headers=HEADERS.get(base, {})) as client:
        for b in range(0, len(jobs), BATCH):
            batch = jobs[b : b + BATCH]
            gen = await submit(client, base, busy, BUSY_QUESTION)  # the LLM is generating while the batch arrives
            await asyncio.sleep(2.0)
            t0 = time.perf_counter()
            rids = await asyncio.gather(*(submit(client, base, p, q) for p, q in batch))
            got = await asyncio.gather(*(until_draft(client, base, rid, t0, 300) for rid in rids))
            for took, why in got:
                (times.append(took) if took is not None else misses.append(why))
            for rid in rids:
                cost = await client.get(f"{base}/v1/reviews/{rid}/cost")
                if cost.status_code == 200:
                    stages.append(cost.json().get("stages", {}))
            await asyncio.gather(*(client.delete(f"{base}/v1/reviews/{rid}") for rid in [*rids, gen]))
            await asyncio.sleep(1.0)
            print(f"    load {min(b + BATCH, len(jobs))}/{len(jobs)}", flush=True)
    return {"times": times, "misses": misses, "stages": stages}


def stats(res: dict) -> dict:
    xs = res["times"]
    by_stage = {}
    for stage in ("summarize", "locate", "phase2"):
        for k in ("queue_wait_ms", "total_ms"):
            vals = [s[stage][k] for s in res["stages"] if stage in s and k in s[stage]]
            by_stage[f"{stage}.{k}"] = percentile(vals, 0.5)
            by_stage[f"{stage}.{k}.p95"] = percentile(vals, 0.95)
    return {"n": len(xs), "missing": len(res["misses"]), "why_missing": sorted(set(res["misses"])), "p50": percentile(xs, 0.5), "p95": percentile(xs, 0.95),
            "max": max(xs) if xs else None, "over_3s": sum(1 for x in xs if x > SLOW_S), "stages_median_ms": by_stage}


async def run_version(base: str, jobs, busy: Path) -> dict:
    out = {}
    print("  cold", flush=True)
    out["cold"] = stats(await phase_serial(base, jobs, "cold"))
    print("  warm", flush=True)
    out["warm"] = stats(await phase_serial(base, jobs, "warm"))
    print("  load", flush=True)
    out["load"] = stats(await phase_load(base, jobs, busy))
    return out


def f(x) -> str:
    return "–" if x is None else f"{x:.2f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--contracts", type=int, default=100)
    ap.add_argument("--previous", type=Path, help="a checkout of the previous version to measure first, side by side")
    ap.add_argument("--max-tokens", type=int, default=64)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--only-this", action="store_true", help="skip --previous (a quick look at this version alone)")
    args = ap.parse_args()

    usable = [(n, d) for n, d in cuad.descriptions().items() if n.lower() not in SKIP_CATEGORIES]
    jobs, cursor = [], 0
    for label in pick_contracts(cuad.labels("dev"), args.contracts, 0):
        q = pick_question(label, usable, cursor)
        if q is None:
            continue
        cursor = q[0] + 1
        jobs.append((Path(label["pdf"]), q[2]))
    busy = max((Path(lab["pdf"]) for lab in cuad.labels("dev")), key=lambda p: p.stat().st_size)
    env = {"CLAUSEFLOW_MAX_TOKENS": str(args.max_tokens), "CLAUSEFLOW_UPLOAD_RATE": "100000/minute", "CLAUSEFLOW_MAX_BACKLOG": "10000"}
    versions = ([("previous", args.previous.resolve())] if args.previous and not args.only_this else []) + [("this", ROOT)]
    info = machine_info()
    print(f"{len(jobs)} contracts; {info['nproc']} CPUs ({info['cpu_model']}); {info['date']}", flush=True)
    results = {}
    for name, checkout in versions:
        print(f"{name}: {checkout}", flush=True)
        with StackProcess(checkout, env) as base:
            results[name] = asyncio.run(run_version(base, jobs, busy))
        print("  load, cold (a fresh stack)", flush=True)
        with StackProcess(checkout, env) as base:
            results[name]["load, cold"] = stats(asyncio.run(phase_load(base, jobs, busy)))

    print(f"\n## Time-to-draft, seconds ({len(jobs)} CUAD dev contracts; load = batches of {BATCH} while the LLM generates)\n")
    print("| version | phase | n | p50 | p95 | max | over 3 s | not drafted |\n|---|---|---|---|---|---|---|---|")
    for name, res in results.items():
        for phase, s in res.items():
            print(f"| {name} | {phase} | {s['n']} | {f(s['p50'])} | {f(s['p95'])} | {f(s['max'])} | {s['over_3s']} | {s['missing']} {' '.join(s['why_missing'])} |")
    print("\nPer stage on the draft path, ms, median and p95 (queue wait: from the upstream publish to the handler's start):\n")
    print("| version | phase | " + " | ".join(next(iter(next(iter(results.values())).values()))["stages_median_ms"]) + " |")
    print("|---|---|" + "---|" * len(next(iter(next(iter(results.values())).values()))["stages_median_ms"]))
    for name, res in results.items():
        for phase, s in res.items():
            print(f"| {name} | {phase} | " + " | ".join("–" if v is None else f"{v:.0f}" for v in s["stages_median_ms"].values()) + " |")
    if args.json:
        args.json.write_text(json.dumps({"machine": info, "results": results}, indent=2))


if __name__ == "__main__":
    main()
