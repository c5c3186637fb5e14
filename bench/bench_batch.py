"""A batch of CUAD dev contracts through the real stack: throughput, CPU per stage, the grid's
clause quality, and what a batch running does to interactive reviews (a benchmark, not a test).

One stack is started here (broker, Redis, LLM server, the five services), with one tenant per
phase so that no phase finds another's documents in the caches (they are keyed
``{tenant}:{sha256}``, shared.store.keys):

1. batch alone (tenant ``batch-alone``): the first N dev PDFs in name order as one batch with
   the default playbook's categories, polled every 0.5 s until done: wall time from the POST to
   done, the POST's own time (the 202), contracts per minute, failures; per stage, CPU-seconds per
   contract (the stage's ``cpu_ms`` from each review's ``/cost``, summed, / N) and the median and
   p95 of its ``total_ms``; the grid against CUAD's labels: clause precision/recall by CUAD's
   rule (bench/clause_eval.py) over every finding of each final, and per (contract, category)
   the cell's found against "has a labelled clause", and whether a found cell's quote is one.
2. batch with a burst (tenant ``batch-busy``): the same contracts again; once half are done,
   B interactive reviews at once (tenant ``burst-busy``, the first B dev contracts): each one's
   202 time, and time to its draft and to its final over SSE; the batch's contracts per minute;
   and in phase 1 each service's CPU-seconds, all its processes, per contract.
3. the same burst alone, no batch running, once before phase 2 and once after it (tenants
   ``burst-alone-1`` and ``burst-alone``: the same contracts, nothing cached for them), so that
   the order of the phases is not taken for the batch's effect. With ``--scans K``, the K
   contracts of the batch with the fewest pages are sent as image-only scans (OCR's work). One interactive review (tenant ``warmup``) runs before phase 1, so that neither
   burst is the first the LLM server and the models answer.
4. single uploads, one every 0.25 s (tenants ``trickle-alone``, ``trickle-busy``): their 202 times
   for 3 s with nothing else sent, then while a batch of 2N contracts (tenant ``accepting``) is
   being sent and accepted: what a batch's upload does to the interactive path's 202.

    .venv/bin/python bench/bench_batch.py [--contracts 100] [--burst 8] [--json out.json]
    .venv/bin/python bench/bench_batch.py --quick      # 10 contracts, a burst of 4

The stack is ``local.stack.Stack`` in this process rather than ``python -m local.stack``: the
launcher makes one tenant's key, and this needs five. ``Stack.start`` returns once every worker
has logged that it is ready, the moment the launcher prints "ClauseFlow is up".
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import shutil
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402
import pypdfium2 as pdfium  # noqa: E402
from httpx_sse import aconnect_sse  # noqa: E402

from bench import clause_eval, cuad  # noqa: E402
from bench.bench_draft import submit  # noqa: E402
from bench.bench_pipeline import machine_info, percentile  # noqa: E402
from local.stack import Stack  # noqa: E402
from services.edge.grid import quoted  # noqa: E402
from shared.testing.scans import image_only  # noqa: E402

QUESTION = "Mark every liability and termination clause and explain the risk"
TENANTS = ("warmup", "batch-alone", "batch-busy", "burst-busy", "burst-alone-1", "burst-alone", "accepting", "trickle-alone", "trickle-busy")
POLL_S = 0.5


def dev_pdfs(n: int) -> list[Path]:
    """The first ``n`` CUAD dev PDFs in name order (their suffix is .pdf or .PDF)."""
    folder = cuad.cuad_dir() / "dev" / "pdf"
    return sorted((p for p in folder.iterdir() if p.suffix.lower() == ".pdf"), key=lambda p: p.name)[:n]


SCANNED: set[str] = set()  # contracts sent as image-only scans (--scans): OCR's work in the batch


def contract_bytes(p: Path) -> bytes:
    data = p.read_bytes()
    return image_only(data, dpi=150) if p.name in SCANNED else data


def process_cpu(stack: Stack) -> dict[str, float]:
    """CPU-seconds used so far by each service, every process of its group (the PDF sandbox's
    workers, Tesseract's processes once reaped, the event loop, the Kafka and Redis clients):
    what a replica of it costs, not only the sections a review's cost counts."""
    tick = os.sysconf("SC_CLK_TCK")
    groups = {p.pid: name for name, p in stack.procs.items()}
    out: dict[str, float] = defaultdict(float)
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if (name := groups.get(int(fields[2]))) is not None:  # its process group is the service's
            out[name] += sum(int(x) for x in fields[11:15]) / tick  # utime, stime, and its reaped children's
    return dict(out)


def client(stack: Stack, tenant: str) -> httpx.AsyncClient:
    return httpx.AsyncClient(base_url=stack.base_url, headers=stack.headers(tenant), timeout=httpx.Timeout(300, connect=10), trust_env=False, limits=httpx.Limits(max_connections=64))


def alive(stack: Stack) -> None:
    """A benchmark over a stack with a dead service measures nothing: stop with its name."""
    dead = [n for n, p in stack.procs.items() if p.poll() is not None]
    if dead:
        raise RuntimeError(f"{', '.join(dead)} exited (see {stack.log_dir})")


# --- a batch ---------------------------------------------------------------------------------


async def run_batch(c: httpx.AsyncClient, paths: list[Path], half: asyncio.Event | None = None, limit_s: float = 7200) -> dict:
    """POST the contracts as one batch, poll until it ends; ``half`` is set once half are done."""
    files = [("files", (p.name, contract_bytes(p), "application/pdf")) for p in paths]
    t0 = time.perf_counter()
    r = await c.post("/v1/batches", files=files)
    post_s = time.perf_counter() - t0
    if r.status_code != 202:
        raise RuntimeError(f"POST /v1/batches answered {r.status_code}: {r.text[:500]}")
    bid, progress, shown = r.json()["batch_id"], [], 0
    while True:
        s = (await c.get(f"/v1/batches/{bid}")).raise_for_status().json()
        ended = s["done"] + s["failed"]
        progress.append((time.perf_counter() - t0, ended))
        if half is not None and ended * 2 >= s["total"]:
            half.set()
        if ended >= shown + 10:
            shown = ended
            print(f"    {ended}/{s['total']} in {progress[-1][0]:.0f} s", flush=True)
        if s["status"] != "running":
            break
        if progress[-1][0] > limit_s:
            raise RuntimeError(f"batch {bid} not done after {limit_s:.0f} s: {ended}/{s['total']}")
        await asyncio.sleep(POLL_S)
    wall = time.perf_counter() - t0  # to the poll that saw it done: up to POLL_S late
    if s["status"] != "done":
        raise RuntimeError(f"batch {bid} ended {s['status']}")
    return {"batch_id": bid, "total": s["total"], "done": s["done"], "failed": s["failed"], "started_s": t0, "post_s": post_s, "wall_s": wall,
            "per_minute": s["total"] / wall * 60, "progress": progress, "errors": [x["error"] for x in s["contracts"] if x.get("error")]}


def rate_between(batch: dict, start: float, end: float) -> float | None:
    """Contracts per minute the batch ended between two perf_counter times (its polls' view),
    the window cut where the batch ended."""
    t0, end = batch["started_s"], min(end, batch["started_s"] + batch["wall_s"])
    before, upto = ([n for t, n in batch["progress"] if t0 + t < start] or [0]), [n for t, n in batch["progress"] if t0 + t <= end]
    return (upto[-1] - before[-1]) / (end - start) * 60 if upto and end > start else None


async def reviews_of(c: httpx.AsyncClient, bid: str) -> tuple[list[str], list[dict]]:
    """The grid's categories, and per row: the row, its review's final and its stages' costs."""
    grid = (await c.get(f"/v1/batches/{bid}/grid.json")).raise_for_status().json()
    out = []
    for row in grid["rows"]:
        review = (await c.get(f"/v1/reviews/{row['request_id']}")).raise_for_status().json()
        cost = (await c.get(f"/v1/reviews/{row['request_id']}/cost")).raise_for_status().json()
        out.append({"row": row, "final": review.get("final"), "stages": cost.get("stages") or {}})
    return grid["categories"], out


def stage_costs(items: list[dict], n: int) -> dict:
    """Per stage: CPU-seconds per contract (every contract's cpu_ms together, / n) and the
    median and p95 of its total_ms and queue_wait_ms."""
    by: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for it in items:
        for stage, t in it["stages"].items():
            for k in ("cpu_ms", "total_ms", "queue_wait_ms"):
                if isinstance(t, dict) and isinstance(t.get(k), (int, float)):
                    by[stage][k].append(float(t[k]))
    return {stage: {"cpu_s_per_contract": sum(v["cpu_ms"]) / 1000 / n, "contracts": len(v["total_ms"]),
                    "total_ms_p50": percentile(v["total_ms"], 0.5), "total_ms_p95": percentile(v["total_ms"], 0.95),
                    "queue_wait_ms_p50": percentile(v["queue_wait_ms"], 0.5)} for stage, v in by.items()}


# --- the grid against CUAD's labels ----------------------------------------------------------


def quality(categories: list[str], items: list[dict]) -> dict:
    """Clause-level P/R by CUAD's rule over every finding of each final, and the cells' presence
    figures, for the categories asked that CUAD labels; over the contracts reviewed (not failed)."""
    labels = {r["file"]: r for r in cuad.labels("dev")}
    labelled_cats = {c["category"] for r in labels.values() for c in r["clauses"]}
    cats = [c for c in categories if c in labelled_cats and c not in cuad.NON_CLAUSE]
    rows, findings = [], {}
    presence: dict[str, Counter] = defaultdict(Counter)
    for it in items:
        row, final = it["row"], it["final"]
        if row["status"] != "done" or not isinstance(final, dict) or row["filename"] not in labels:
            continue
        rows.append(lab := labels[row["filename"]])
        for cat in cats:
            findings[(lab["file"], cat)] = [quoted(f) for f in final.get("findings") or [] if cat in (f.get("categories") or [f.get("category")])]
            clauses = [c["text"] for c in lab["clauses"] if c["category"] == cat]
            cell, t = row["cells"][cat], presence[cat]
            t[("tp" if clauses else "fp") if cell["found"] else ("fn" if clauses else "tn")] += 1
            if cell["found"]:
                t["quote_ok_n"] += any(cuad.matches(cell["quote"], c) for c in clauses)
    clause = clause_eval.score(rows, cats, findings)
    per = {c: presence_rates(presence[c]) | {"clause": clause["per_category"][c]} for c in cats}
    return {"contracts": len(rows), "categories": cats,
            "micro": presence_rates(sum(presence.values(), Counter())) | {"clause": clause["micro"]}, "per_category": per}


def presence_rates(t: Counter) -> dict:
    def div(a: float, b: float) -> float:
        return a / b if b else float("nan")

    found, labelled, cells = t["tp"] + t["fp"], t["tp"] + t["fn"], t["tp"] + t["fp"] + t["fn"] + t["tn"]
    return {"cells": cells, "labelled": labelled, "found": found, "accuracy": div(t["tp"] + t["tn"], cells),
            "precision": div(t["tp"], found), "recall": div(t["tp"], labelled), "quote_ok": div(t["quote_ok_n"], found), **t}


# --- interactive reviews ---------------------------------------------------------------------


async def follow(c: httpx.AsyncClient, rid: str, t0: float, limit_s: float = 300) -> dict:
    """Seconds from ``t0`` to the review's draft and to its end over SSE, and how it ended."""
    out: dict = {"draft_s": None, "final_s": None, "end": "timeout"}

    async def go():
        async with aconnect_sse(c, "GET", f"/v1/reviews/{rid}/events") as es:
            async for ev in es.aiter_sse():
                if ev.event == "draft" and out["draft_s"] is None:
                    out["draft_s"] = time.perf_counter() - t0
                if ev.event in ("final", "error", "cancelled"):
                    out["final_s"], out["end"] = time.perf_counter() - t0, ev.event
                    return
        out["end"] = "stream ended"

    with contextlib.suppress(asyncio.TimeoutError):
        await asyncio.wait_for(go(), limit_s)
    return out


async def interactive(c: httpx.AsyncClient, path: Path) -> dict:
    t0 = time.perf_counter()
    rid = await submit(c, "", path, QUESTION)  # raises unless 202
    out = {"file": path.name, "request_id": rid, "accept_s": time.perf_counter() - t0, **await follow(c, rid, t0)}
    stages = (await c.get(f"/v1/reviews/{rid}/cost")).json().get("stages") or {}
    return out | {"stages": {k: {m: v.get(m) for m in ("queue_wait_ms", "total_ms")} for k, v in stages.items() if isinstance(v, dict)}}


async def burst(c: httpx.AsyncClient, paths: list[Path]) -> dict:
    """Every review of ``paths`` submitted at once, each followed to its end."""
    t0 = time.perf_counter()
    reviews = await asyncio.gather(*(interactive(c, p) for p in paths))
    return {"started_s": t0, "took_s": time.perf_counter() - t0, "reviews": reviews}


def burst_stats(b: dict) -> dict:
    rs = b["reviews"]
    drafts, finals, accepts = [r["draft_s"] for r in rs if r["draft_s"] is not None], [r["final_s"] for r in rs if r["end"] == "final"], [r["accept_s"] for r in rs]
    return {"n": len(rs), "draft_p50": percentile(drafts, 0.5), "draft_p95": percentile(drafts, 0.95), "draft_max": max(drafts, default=None),
            "no_draft": len(rs) - len(drafts), "final_p50": percentile(finals, 0.5), "no_final": len(rs) - len(finals),
            "accept_p50": percentile(accepts, 0.5), "accept_p99": percentile(accepts, 0.99), "ends": dict(Counter(r["end"] for r in rs)),
            # where a draft's time goes: each stage on its path, the median of its queue wait + its work (ms)
            "path_ms": {st: percentile([(r["stages"][st]["queue_wait_ms"] or 0) + (r["stages"][st]["total_ms"] or 0) for r in rs if st in r.get("stages", {})], 0.5)
                        for st in ("summarize", "locate", "phase2")}}


# --- the phases ------------------------------------------------------------------------------


async def burst_alone(stack: Stack, tenant: str, paths: list[Path], say: str) -> dict:
    """The burst with no batch running, a fresh tenant (nothing cached for it)."""
    print(say, flush=True)
    await asyncio.sleep(2.0)
    async with client(stack, tenant) as c:
        out = await burst(c, paths)
    alive(stack)
    return out


async def measure(stack: Stack, paths: list[Path], burst_paths: list[Path]) -> dict:
    async with client(stack, "warmup") as c:
        warm = await interactive(c, burst_paths[0])
    print(f"  warm-up review: {warm['end']} in {warm['final_s'] or 0:.1f} s", flush=True)
    print(f"  1. batch alone: {len(paths)} contracts ({len(SCANNED)} as scans)", flush=True)
    async with client(stack, "batch-alone") as c:
        before = process_cpu(stack)
        alone = await run_batch(c, paths)
        after = process_cpu(stack)
        cats, items = await reviews_of(c, alone["batch_id"])
    alive(stack)
    alone |= {"stages": stage_costs(items, len(paths)), "quality": quality(cats, items), "categories": cats,
              "process_cpu_s_per_contract": {k: (after.get(k, 0.0) - before.get(k, 0.0)) / len(paths) for k in after}}
    quiet_before = await burst_alone(stack, "burst-alone-1", burst_paths, "  1b. the burst alone, before")
    print(f"  2. the batch again, a burst of {len(burst_paths)} at half", flush=True)
    half = asyncio.Event()
    async with client(stack, "batch-busy") as cb, client(stack, "burst-busy") as ci:
        async def burst_at_half() -> dict:
            await half.wait()
            print("    burst", flush=True)
            return await burst(ci, burst_paths)

        busy, during = await asyncio.gather(run_batch(cb, paths, half), burst_at_half())
    alive(stack)
    busy["per_minute_during_burst"] = rate_between(busy, during["started_s"], during["started_s"] + during["took_s"])
    quiet = await burst_alone(stack, "burst-alone", burst_paths, "  3. the burst alone, after")
    print(f"  4. 202s of single uploads, one every {TRICKLE_S} s, alone and while a batch of {2 * len(paths)} is sent", flush=True)
    await asyncio.sleep(5.0)
    async with client(stack, "trickle-alone") as c:
        trickle_alone = await trickle(c, burst_paths, asyncio.sleep(TRICKLE_S * 12))
    await asyncio.sleep(5.0)
    async with client(stack, "accepting") as cb, client(stack, "trickle-busy") as ci:
        files = [("files", (p.name, p.read_bytes(), "application/pdf")) for p in paths * 2]
        t0 = time.perf_counter()
        post = asyncio.ensure_future(cb.post("/v1/batches", files=files))
        trickle_busy = await trickle(ci, burst_paths, post)
        accept = {"post_s": time.perf_counter() - t0, "status": post.result().status_code, "contracts": len(files)}
    alive(stack)
    return {"warmup": warm, "batch_alone": alone, "batch_busy": busy, "burst_during_batch": during, "burst_alone": quiet,
            "burst_alone_before": quiet_before,
            "burst_stats": {"during_batch": burst_stats(during), "alone": burst_stats(quiet), "alone_before": burst_stats(quiet_before)},
            "accepting": accept, "trickle": {"alone": trickle_alone, "while_a_batch_is_sent": trickle_busy}}


TRICKLE_S = 0.25


async def trickle(c: httpx.AsyncClient, paths: list[Path], until) -> list[float]:
    """Single uploads one every TRICKLE_S s until ``until`` is done: each one's time to its 202."""
    until = asyncio.ensure_future(until)
    times: list[float] = []

    async def one(path: Path) -> None:
        t0 = time.perf_counter()
        await submit(c, "", path, QUESTION)
        times.append(time.perf_counter() - t0)

    sent, i = [], 0
    while not until.done():
        sent.append(asyncio.ensure_future(one(paths[i % len(paths)])))
        i += 1
        await asyncio.sleep(TRICKLE_S)
    await asyncio.gather(*sent)
    return times


# --- printing --------------------------------------------------------------------------------


def f(x, spec: str = ".2f") -> str:
    return "–" if x is None or x != x else format(x, spec)


def report(res: dict, n: int, b: int) -> None:
    a, busy = res["batch_alone"], res["batch_busy"]
    print(f"\n## Batch of {n} CUAD dev contracts ({len(a['categories'])} playbook categories)\n")
    print("| run | wall s | POST (202) s | contracts/min | done | failed |\n|---|---|---|---|---|---|")
    for name, r in (("batch alone", a), (f"batch, burst of {b} at half", busy)):
        print(f"| {name} | {f(r['wall_s'], '.1f')} | {f(r['post_s'])} | {f(r['per_minute'], '.1f')} | {r['done']} | {r['failed']} |")
    for e in a["errors"] + busy["errors"]:
        print(f"  failed: {e}")
    print("\nPer stage, batch alone (CPU-seconds per contract: sum of the stage's cpu_ms / N; total_ms and queue wait per contract):\n")
    print("| stage | contracts | CPU s / contract | total ms p50 | total ms p95 | queue wait ms p50 |\n|---|---|---|---|---|---|")
    for stage, s in a["stages"].items():
        print(f"| {stage} | {s['contracts']} | {f(s['cpu_s_per_contract'], '.3f')} | {f(s['total_ms_p50'], '.0f')} | {f(s['total_ms_p95'], '.0f')} | {f(s['queue_wait_ms_p50'], '.0f')} |")
    print("\nPer service, batch alone: CPU-seconds per contract of all its processes (event loop, clients, sandbox, OCR), over the batch's wall time:\n")
    print("| service | CPU s / contract |\n|---|---|")
    for name, v in sorted(a["process_cpu_s_per_contract"].items()):
        print(f"| {name} | {f(v, '.3f')} |")
    print(f"| **all** | {f(sum(a['process_cpu_s_per_contract'].values()), '.3f')} |")
    q = a["quality"]
    print(f"\n## The grid against CUAD's labels ({q['contracts']} contracts, {len(q['categories'])} labelled categories)\n")
    print("clause P/R: every finding of each review's final, CUAD's rule (word-set Jaccard >= 0.5 with a labelled clause);")
    print("cell: the grid's found/not found per (contract, category) against 'has a labelled clause'; quote ok: found cells whose quote (the first clause) is a labelled one.\n")
    print("| category | labelled | found | cell acc | cell P | cell R | quote ok | findings | clauses | clause P | clause R |\n|---|---|---|---|---|---|---|---|---|---|---|")
    for name, r in [("**micro**", q["micro"]), *q["per_category"].items()]:
        cl = r["clause"]
        print(f"| {name} | {r['labelled']} | {r['found']} | {f(r['accuracy'])} | {f(r['precision'])} | {f(r['recall'])} | {f(r['quote_ok'])} "
              f"| {cl['findings']} | {cl['clauses']} | {f(cl['precision'])} | {f(cl['recall'])} |")
    d, s = res["burst_stats"]["during_batch"], res["burst_stats"]["alone"]
    print(f"\n## A burst of {b} interactive reviews at once, seconds (\"{QUESTION}\")\n")
    print("during: fired when half the second batch was done (its own tenant); alone: no batch running, a fresh tenant each, the same contracts, before and after.\n")
    print("| burst | n | draft p50 | draft p95 | draft max | no draft | 202 p50 | 202 p99 | final p50 | ends | summarize / locate / phase2 ms p50 |\n|---|---|---|---|---|---|---|---|---|---|---|")
    for name, x in (("alone, before", res["burst_stats"]["alone_before"]), ("during batch", d), ("alone, after", s)):
        path = " / ".join(f(x["path_ms"].get(st), ".0f") for st in ("summarize", "locate", "phase2"))
        print(f"| {name} | {x['n']} | {f(x['draft_p50'])} | {f(x['draft_p95'])} | {f(x['draft_max'])} | {x['no_draft']} | {f(x['accept_p50'], '.3f')} "
              f"| {f(x['accept_p99'], '.3f')} | {f(x['final_p50'])} | {' '.join(f'{k} {v}' for k, v in x['ends'].items())} | {path} |")
    t = res["trickle"]
    print(f"\n## Single uploads' 202 (one every {TRICKLE_S} s), seconds\n\n| while | n | p50 | p99 | max |\n|---|---|---|---|---|")
    for name, xs in (("nothing else", t["alone"]), (f"a batch of {res['accepting']['contracts']} is sent (its POST took {res['accepting']['post_s']:.2f} s, {res['accepting']['status']})", t["while_a_batch_is_sent"])):
        print(f"| {name} | {len(xs)} | {f(percentile(xs, 0.5), '.3f')} | {f(percentile(xs, 0.99), '.3f')} | {f(max(xs, default=None), '.3f')} |")
    print(f"\nbatch throughput, contracts/min: {f(a['per_minute'], '.1f')} alone; {f(busy['per_minute'], '.1f')} with the burst "
          f"({f(busy.get('per_minute_during_burst'), '.1f')} from the burst's start to its end or the batch's; the burst took {f(res['burst_during_batch']['took_s'], '.1f')} s)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--contracts", type=int, default=100)
    ap.add_argument("--burst", type=int, default=8)
    ap.add_argument("--quick", action="store_true", help="a smoke run: 10 contracts, a burst of 4")
    ap.add_argument("--max-tokens", type=int, default=48, help="the interactive reviews' generation (batches never call the LLM)")
    ap.add_argument("--json", type=Path, help="write the raw numbers here")
    ap.add_argument("--scans", type=int, default=0, help="send this many of the batch's contracts (the fewest pages first) as image-only scans")
    ap.add_argument("--env", action="append", default=[], metavar="NAME=VALUE", help="a CLAUSEFLOW_ setting for every service (e.g. BATCH_YIELD_MAX_S=0)")
    args = ap.parse_args()
    if not cuad.available():
        sys.exit(f"CUAD data not found at {cuad.cuad_dir()} (set CLAUSEFLOW_CUAD_DIR)")
    n, b = (10, 4) if args.quick else (args.contracts, args.burst)
    paths, burst_paths = dev_pdfs(n), dev_pdfs(b)
    SCANNED.update(p.name for p in sorted(paths, key=lambda p: len(pdfium.PdfDocument(p.read_bytes())))[: args.scans])
    info = machine_info()
    print(f"{len(paths)} contracts, bursts of {b}; {info['nproc']} CPUs ({info['cpu_model']}); {info['date']}", flush=True)
    workdir = Path(tempfile.mkdtemp(prefix="clauseflow-bench-batch-"))
    env = {"CLAUSEFLOW_MAX_TOKENS": str(args.max_tokens), "CLAUSEFLOW_UPLOAD_RATE": "100000/minute", "CLAUSEFLOW_MAX_BACKLOG": "10000",
           **{f"CLAUSEFLOW_{k.removeprefix('CLAUSEFLOW_')}": v for k, _, v in (e.partition("=") for e in args.env)}}
    if args.env:
        print(f"  settings: {', '.join(args.env)}", flush=True)
    stack = Stack(workdir=workdir, tenants=TENANTS, extra_env=env)
    try:
        t0 = time.perf_counter()
        stack.start()
        print(f"  stack up in {time.perf_counter() - t0:.0f} s ({workdir})", flush=True)
        res = asyncio.run(measure(stack, paths, burst_paths))
    except BaseException:
        print(f"logs kept in {stack.log_dir}", file=sys.stderr)
        raise
    finally:
        stack.stop()
    shutil.rmtree(workdir, ignore_errors=True)
    report(res, len(paths), b)
    if args.json:
        args.json.write_text(json.dumps({"machine": info, "contracts": [p.name for p in paths], "burst": [p.name for p in burst_paths], "results": res}, indent=1, default=str))


if __name__ == "__main__":
    main()
