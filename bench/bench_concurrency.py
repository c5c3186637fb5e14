"""Reviews in flight in analyze: one at a time against the default, side by side in one run.

Each configuration gets a fresh local stack (broker, Redis, five services) and N reviews
submitted at once (generated contracts, each its own, an LLM question: no results-cache hits,
no routing around the LLM). Reported: time to final p50 / p95 from upload, and throughput.

1. The local llama.cpp server: analyze at 1 in flight and 1 LLM slot, against the defaults
   (8 in flight, 2 slots).
2. ``bench/sim_batching_llm.py``, a SIMULATED batching server (N requests in about the time of
   one, as continuous batching on a GPU): analyze at 1/1 against 32 in flight and 32 slots,
   to show whether the pipeline itself keeps such a server busy.

    .venv/bin/python bench/bench_concurrency.py [--reviews 16] [--sim-reviews 32]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
from httpx_sse import connect_sse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from local.stack import Stack, free_port  # noqa: E402
from shared.testing import serving  # noqa: E402
from shared.testing.contracts import make_contract  # noqa: E402

QUESTION = "Mark every liability and termination clause and explain the risk"


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p / 100 * (len(xs) - 1)))] if xs else float("nan")


def review(stack: Stack, data: bytes, t0: float) -> float | None:
    with httpx.Client(base_url=stack.base_url, headers=stack.headers(), timeout=httpx.Timeout(600, read=120)) as c:
        r = c.post("/v1/reviews", files={"file": ("c.pdf", data, "application/pdf")}, data={"question": QUESTION})
        if r.status_code != 202:
            return None
        with connect_sse(c, "GET", f"/v1/reviews/{r.json()['request_id']}/events") as source:
            for sse in source.iter_sse():
                if sse.event in ("final", "error", "cancelled"):
                    return time.perf_counter() - t0 if sse.event == "final" else None
    return None


def run(label: str, n: int, env: dict[str, str], llm_url: str | None, tag: str) -> dict:
    with tempfile.TemporaryDirectory(prefix="clauseflow-conc-") as tmp:
        stack = Stack(workdir=Path(tmp), llm_url=llm_url, extra_env={
            # Every review uploaded at once is measured: neither the rate limit nor the cap on uploads at once turns any away.
            "CLAUSEFLOW_UPLOAD_RATE": "10000/minute", "CLAUSEFLOW_MAX_CONCURRENT_UPLOADS": str(max(16, n)), "CLAUSEFLOW_LOCATE_DEADLINE_S": "0", **env})
        stack.start()
        try:
            data = [make_contract(title=f"{tag} AGREEMENT {i}").data for i in range(n)]
            t0 = time.perf_counter()
            with ThreadPoolExecutor(n) as pool:
                took = list(pool.map(lambda d: review(stack, d, t0), data))
            wall = time.perf_counter() - t0
        finally:
            stack.stop()
    done = [t for t in took if t is not None]
    row = {"config": label, "reviews": n, "finals": len(done), "p50_s": pct(done, 50), "p95_s": pct(done, 95), "wall_s": wall, "per_min": len(done) / wall * 60}
    print(f"  {label}: {len(done)}/{n} finals, time to final p50 {row['p50_s']:.1f} s p95 {row['p95_s']:.1f} s, all in {wall:.1f} s ({row['per_min']:.1f}/min)", flush=True)
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--reviews", type=int, default=16)
    ap.add_argument("--sim-reviews", type=int, default=32)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    one = {"CLAUSEFLOW_MAX_IN_FLIGHT": "1", "CLAUSEFLOW_LLM_SLOTS": "1"}
    local = {"CLAUSEFLOW_MAX_TOKENS": "48"}
    rows = []
    print(f"local llama.cpp server, {args.reviews} reviews at once:", flush=True)
    rows.append(run("local, 1 in flight / 1 slot", args.reviews, {**local, **one}, None, "ONE"))
    rows.append(run("local, default (8 in flight / 2 slots)", args.reviews, local, None, "DEFAULT"))
    port = free_port()
    cmd = [sys.executable, str(ROOT / "bench" / "sim_batching_llm.py"), "--port", str(port), "--token-ms", "20", "--tokens", "64", "--batch", "64"]
    with serving(cmd, f"http://127.0.0.1:{port}/v1/models", "simulated server"):
        url = f"http://127.0.0.1:{port}/v1"
        print(f"SIMULATED batching server (64 tokens at 20 ms each, batches up to 64), {args.sim_reviews} reviews at once:", flush=True)
        rows.append(run("simulated batching, 1 in flight / 1 slot", args.sim_reviews, one, url, "SIMONE"))
        wide = {"CLAUSEFLOW_MAX_IN_FLIGHT": "32", "CLAUSEFLOW_LLM_SLOTS": "32"}
        rows.append(run("simulated batching, 32 in flight / 32 slots", args.sim_reviews, wide, url, "SIMWIDE"))
        peak = httpx.get(f"http://127.0.0.1:{port}/stats").json()["peak"]
        print(f"  the simulated server had at most {peak} requests at once", flush=True)
    print("\n| configuration | reviews | finals | time to final p50 | p95 | all ended in | reviews/min |\n|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['config']} | {r['reviews']} | {r['finals']} | {r['p50_s']:.1f} s | {r['p95_s']:.1f} s | {r['wall_s']:.1f} s | {r['per_min']:.1f} |")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
