"""End-to-end latency benchmark of ClauseFlow on real CUAD contracts (a benchmark, not a test).

For N dev contracts (picked deterministically, spread over page counts) it asks one CUAD
question each, for a clause category the contract has placed pages for, one review at a time,
and measures, from the moment the request starts:

- time-to-202   the upload answered (client side),
- time-to-draft the SSE `draft` event arrived,
- time-to-final the SSE `final` event arrived,

and whether the draft's pages include a page labelled for the question's category (hit rate).
Separately it times text extraction (shared.documents.pdf.page_texts, in-process) over the same PDFs.

    .venv/bin/python bench/bench_pipeline.py -n 20
    .venv/bin/python bench/bench_pipeline.py -n 5 --url http://127.0.0.1:8000 --json /tmp/bench.json

Without --url it starts its own local stack (local.stack.Stack) in a temporary directory,
with CLAUSEFLOW_MAX_TOKENS=--max-tokens, and stops it at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import platform
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402
from httpx_sse import aconnect_sse  # noqa: E402

from bench import cuad  # noqa: E402
from shared.documents import pdf

SKIP_CATEGORIES = {"document name", "parties"}
SLOW_DRAFT_S = 3.0


# --- the data set -----------------------------------------------------------------------------


def placed_pages(label: dict) -> dict[str, set[int]]:
    """Category (lower case) -> the pages its placed clauses start on."""
    out: dict[str, set[int]] = {}
    for c in label.get("clauses", []):
        if c.get("pages"):
            out.setdefault(c["category"].lower(), set()).update(int(p) for p in c["pages"])
    return out


def pick_contracts(labels: list[dict], n: int, seed: int) -> list[dict]:
    """N contracts spread over page counts: sort by (page_count, file), take every k-th from an offset."""
    rows = sorted(labels, key=lambda r: (int(r["page_count"]), r["file"]))
    rows = [r for r in rows if any(cat not in SKIP_CATEGORIES for cat in placed_pages(r))]
    if n >= len(rows):
        return rows
    k = len(rows) / n
    offset = (seed % max(1, int(k))) if k >= 2 else 0
    return [rows[min(len(rows) - 1, int(offset + i * k))] for i in range(n)]


def pick_question(label: dict, usable: list[tuple[str, str]], cursor: int) -> tuple[int, str, str, list[int]] | None:
    """Rotate through CUAD's categories from ``cursor``: the first one with placed pages here.

    Returns (its index in ``usable``, name, question, labelled pages); the caller resumes after it.
    """
    placed = placed_pages(label)
    for j in range(len(usable)):
        idx = (cursor + j) % len(usable)
        name, desc = usable[idx]
        if name.lower() in placed:
            return idx, name, cuad.question(name), sorted(placed[name.lower()])
    return None


def chance_hit(page_count: int, labelled: int, drawn: int) -> float:
    """P(at least one labelled page) when ``drawn`` of ``page_count`` pages are picked at random."""
    drawn = min(drawn, page_count)
    if drawn <= 0:
        return 0.0
    return 1.0 - math.comb(page_count - labelled, drawn) / math.comb(page_count, drawn)


# --- one review -------------------------------------------------------------------------------


@dataclass
class Result:
    file: str
    pages: int
    category: str
    labelled_pages: list[int]
    request_id: str = ""
    t_202: float | None = None
    t_draft: float | None = None
    t_final: float | None = None
    draft_pages: list[int] = field(default_factory=list)
    hit: bool | None = None  # None: no draft to judge
    chance: float | None = None  # the hit probability of as many pages drawn at random
    final_citations: int | None = None
    events: dict[str, int] = field(default_factory=dict)
    stages: dict[str, dict[str, float]] = field(default_factory=dict)  # GET /v1/reviews/{id}/cost
    error: str = ""


async def run_review(client: httpx.AsyncClient, base: str, path: Path, question: str, res: Result, timeout_s: float) -> None:
    """Submit one review and follow its SSE stream to a terminal event, filling ``res``."""
    t0 = time.perf_counter()

    async def go() -> None:
        with open(path, "rb") as f:
            data = f.read()
        r = await client.post(f"{base}/v1/reviews", files={"file": (path.name, data, "application/pdf")}, data={"question": question})
        res.t_202 = time.perf_counter() - t0
        if r.status_code != 202:
            raise RuntimeError(f"POST answered {r.status_code}: {r.text[:200]}")
        body = r.json()
        res.request_id = body["request_id"]
        # Follow on the base we were given (events_url carries the server's idea of its address).
        events_url = f"{base}/v1/reviews/{res.request_id}/events"
        async with aconnect_sse(client, "GET", events_url) as es:
            if es.response.status_code != 200:
                raise RuntimeError(f"events answered {es.response.status_code}")
            async for ev in es.aiter_sse():
                now = time.perf_counter() - t0
                res.events[ev.event] = res.events.get(ev.event, 0) + 1
                if ev.event == "draft" and res.t_draft is None:
                    res.t_draft = now
                    draft = json.loads(ev.data)
                    res.draft_pages = [int(p["page"]) for p in draft.get("pages", [])]
                    res.hit = bool(set(res.draft_pages) & set(res.labelled_pages))
                    res.chance = chance_hit(res.pages, len(res.labelled_pages), len(set(res.draft_pages)))
                elif ev.event == "final":
                    res.t_final = now
                    res.final_citations = len(json.loads(ev.data).get("citations", []))
                    cost = await client.get(f"{base}/v1/reviews/{res.request_id}/cost")
                    res.stages = cost.json().get("stages", {}) if cost.status_code == 200 else {}
                    return
                elif ev.event in ("error", "cancelled"):
                    try:
                        d = json.loads(ev.data)
                    except ValueError:
                        d = {"message": ev.data}
                    raise RuntimeError(f"{ev.event}: {d.get('code', '')} {d.get('message') or d.get('reason') or ''}".strip())
            raise RuntimeError("the event stream ended without a terminal event")

    try:
        await asyncio.wait_for(go(), timeout_s)
        if res.t_draft is None:
            res.error = "no draft before final"
    except asyncio.TimeoutError:
        res.error = f"timed out after {timeout_s:.0f}s"
    except Exception as exc:  # recorded, not fatal
        res.error = f"{type(exc).__name__}: {exc}"[:300]
    if res.error and res.request_id and res.t_final is None:
        try:  # do not let an abandoned review load the next one
            await client.delete(f"{base}/v1/reviews/{res.request_id}", timeout=10)
        except Exception:
            pass


async def run_all(base: str, jobs: list[tuple[Path, str, Result]], timeout_s: float, headers: dict[str, str]) -> None:
    timeout = httpx.Timeout(60.0, connect=10.0)
    async with httpx.AsyncClient(timeout=timeout, trust_env=False, headers=headers) as client:
        for i, (path, question, res) in enumerate(jobs, 1):
            await run_review(client, base, path, question, res, timeout_s)
            print(f"  [{i}/{len(jobs)}] {res.file[:60]}: 202 {fmt(res.t_202)}  draft {fmt(res.t_draft)}  final {fmt(res.t_final)}"
                  f"{'  ERROR ' + res.error if res.error else ''}", flush=True)


# --- reporting --------------------------------------------------------------------------------


def percentile(xs: list[float], q: float) -> float | None:
    """Linear interpolation between closest ranks (numpy's default)."""
    if not xs:
        return None
    s = sorted(xs)
    pos = (len(s) - 1) * q
    lo, hi = math.floor(pos), math.ceil(pos)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)


def fmt(x: float | None, width: int = 0) -> str:
    s = "-" if x is None else f"{x:.2f}"
    return s.rjust(width) if width else s


def machine_info() -> dict:
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.lower().startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        nproc = len(os.sched_getaffinity(0))
    except AttributeError:
        nproc = os.cpu_count() or 0
    return {
        "nproc": nproc,
        "cpu_count": os.cpu_count(),
        "cpu_model": model or platform.processor() or "unknown",
        "python": platform.python_version(),
        "platform": platform.platform(),
        "date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
    }


def extraction_speed(paths: list[Path]) -> dict:
    pages, t0 = 0, time.perf_counter()
    errors = []
    for p in paths:
        try:
            pages += len(pdf.page_texts(p))
        except Exception as exc:  # recorded, not fatal
            errors.append(f"{p.name}: {type(exc).__name__}: {exc}")
    secs = time.perf_counter() - t0
    return {"files": len(paths), "pages": pages, "seconds": secs, "pages_per_s": pages / secs if secs > 0 else None, "errors": errors}


def summarize(results: list[Result]) -> dict:
    out: dict = {"reviews": len(results), "errors": sum(1 for r in results if r.error)}
    for key in ("t_202", "t_draft", "t_final"):
        xs = [getattr(r, key) for r in results if getattr(r, key) is not None]
        out[key] = {"n": len(xs), "median": percentile(xs, 0.5), "p95": percentile(xs, 0.95), "max": max(xs) if xs else None}
    drafts = [r for r in results if r.hit is not None]
    out["drafts_over_3s"] = sum(1 for r in results if r.t_draft is not None and r.t_draft > SLOW_DRAFT_S)
    out["draft_hits"] = sum(1 for r in drafts if r.hit)
    out["drafts_judged"] = len(drafts)
    out["draft_hit_rate"] = out["draft_hits"] / len(drafts) if drafts else None
    out["random_hit_rate"] = sum(r.chance or 0.0 for r in drafts) / len(drafts) if drafts else None
    stages: dict[str, dict[str, list[float]]] = {}
    for r in results:
        for stage, t in r.stages.items():
            for k in ("queue_wait_ms", "inference_ms", "total_ms"):
                stages.setdefault(stage, {}).setdefault(k, []).append(t.get(k, 0.0))
    out["stages_median_ms"] = {st: {k: percentile(v, 0.5) for k, v in ks.items()} for st, ks in stages.items()}
    return out


def print_report(results: list[Result], summary: dict, extraction: dict, info: dict, config: dict) -> None:
    print()
    print("ClauseFlow pipeline benchmark")
    print(f"  date {info['date']}   python {info['python']}   nproc {info['nproc']} (of {info['cpu_count']})   cpu {info['cpu_model']}")
    print(f"  stack {config['stack']}   max_tokens {config['max_tokens']}   seed {config['seed']}   per-review timeout {config['timeout_s']:.0f}s")
    print()
    head = f"{'#':>2} {'contract':<44} {'pp':>3} {'category':<28} {'202 s':>6} {'draft s':>7} {'final s':>7} {'hit':>4}  labelled / draft pages"
    print(head)
    print("-" * len(head))
    for i, r in enumerate(results, 1):
        hit = "-" if r.hit is None else ("yes" if r.hit else "no")
        pages = f"{','.join(map(str, r.labelled_pages))} / {','.join(map(str, r.draft_pages)) or '-'}"
        print(f"{i:>2} {r.file[:44]:<44} {r.pages:>3} {r.category[:28]:<28} {fmt(r.t_202, 6)} {fmt(r.t_draft, 7)} {fmt(r.t_final, 7)} {hit:>4}  {pages}")
        if r.error:
            print(f"   ! {r.error}")
    print()
    print("Summary")
    for key, label in (("t_202", "time-to-202"), ("t_draft", "time-to-draft"), ("t_final", "time-to-final")):
        s = summary[key]
        print(f"  {label:<14} n={s['n']:<3} median {fmt(s['median'])} s   p95 {fmt(s['p95'])} s   max {fmt(s['max'])} s")
    rate = summary["draft_hit_rate"]
    print(f"  drafts over {SLOW_DRAFT_S:.0f} s: {summary['drafts_over_3s']}")
    print(f"  draft hit rate: {summary['draft_hits']}/{summary['drafts_judged']}" + (f" = {rate:.0%}" if rate is not None else "")
          + (f"   (as many pages drawn at random: {summary['random_hit_rate']:.0%})" if rate is not None else ""))
    print(f"  errors: {summary['errors']}/{summary['reviews']}")
    if summary["stages_median_ms"]:
        print("  per stage, median ms (queue wait = from the upstream publish to the handler's start):")
        for stage in ("summarize", "locate", "phase2", "analyze"):
            t = summary["stages_median_ms"].get(stage)
            if t:
                print(f"    {stage:<10} queue wait {t['queue_wait_ms']:8.1f}   inference {t['inference_ms']:8.1f}   handler total {t['total_ms']:8.1f}")
    pps = extraction["pages_per_s"]
    print(f"  extraction (shared.documents.pdf.page_texts, in-process): {extraction['pages']} pages of {extraction['files']} PDFs in "
          f"{extraction['seconds']:.3f} s = {pps:.1f} pages/s" if pps else "  extraction: no pages")
    for e in extraction["errors"]:
        print(f"   ! extraction {e}")


# --- main -------------------------------------------------------------------------------------


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", type=int, default=20, help="contracts to review (default 20)")
    ap.add_argument("--url", help="an already-running stack's edge, e.g. http://127.0.0.1:8000 (else start one)")
    ap.add_argument("--key", default=os.environ.get("CLAUSEFLOW_API_KEY"), help="API key for --url (default $CLAUSEFLOW_API_KEY)")
    ap.add_argument("--max-tokens", type=int, default=64, help="CLAUSEFLOW_MAX_TOKENS for a stack started here (default 64)")
    ap.add_argument("--seed", type=int, default=0, help="offset of the contract pick and the category rotation")
    ap.add_argument("--timeout", type=float, default=180.0, help="seconds per review, upload to final (default 180)")
    ap.add_argument("--json", type=Path, help="write the raw numbers here")
    args = ap.parse_args()
    if args.n < 1:
        ap.error("-n must be at least 1")

    categories = list(cuad.descriptions().items())
    labels = cuad.labels("dev")
    jobs: list[tuple[Path, str, Result]] = []
    usable = [(name, desc) for name, desc in categories if name.lower() not in SKIP_CATEGORIES]
    cursor = args.seed
    for label in pick_contracts(labels, args.n, args.seed):
        q = pick_question(label, usable, cursor)
        if q is None:
            continue
        idx, name, question, lab_pages = q
        cursor = idx + 1
        path = Path(label["pdf"])
        jobs.append((path, question, Result(file=label["file"], pages=int(label["page_count"]), category=name, labelled_pages=lab_pages)))
    print(f"{len(jobs)} contracts from {cuad.cuad_dir() / 'dev'} ({sum(r.pages for _, _, r in jobs)} pages)", flush=True)

    info = machine_info()
    extraction = extraction_speed([p for p, _, _ in jobs])  # before any stack runs, so nothing competes for the CPUs
    print(f"extraction: {extraction['pages']} pages in {extraction['seconds']:.3f} s", flush=True)

    stack = None
    tmp = None
    if args.url:
        base = args.url.rstrip("/")
        host = urlparse(base).hostname
        if host not in ("127.0.0.1", "localhost", "::1"):
            print(f"warning: {host} is not this machine", file=sys.stderr)
        headers = {"Authorization": f"Bearer {args.key}"} if args.key else {}
        stack_desc = base
    else:
        from local.stack import Stack

        tmp = tempfile.TemporaryDirectory(prefix="clauseflow-bench-")
        stack = Stack(workdir=Path(tmp.name), redis_url=os.environ.get("REDIS_URL"), extra_env={"CLAUSEFLOW_MAX_TOKENS": str(args.max_tokens), "CLAUSEFLOW_UPLOAD_RATE": "100000/minute"})
        print("starting the local stack ...", flush=True)
        t0 = time.perf_counter()
        try:
            stack.start()
        except BaseException:
            tmp.cleanup()
            raise
        print(f"stack up in {time.perf_counter() - t0:.1f} s at {stack.base_url}", flush=True)
        base = stack.base_url
        headers = stack.headers()
        stack_desc = f"local (started here, {base})"

    try:
        asyncio.run(run_all(base, jobs, args.timeout, headers))
    except KeyboardInterrupt:
        print("interrupted; reporting what finished", file=sys.stderr)
    finally:
        if stack is not None:
            stack.stop()
        if tmp is not None:
            tmp.cleanup()

    results = [r for _, _, r in jobs]
    summary = summarize(results)
    config = {"n": args.n, "seed": args.seed, "max_tokens": args.max_tokens if stack is not None else None, "timeout_s": args.timeout,
              "stack": stack_desc, "cuad_dir": str(cuad.cuad_dir())}
    print_report(results, summary, extraction, info, config)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"machine": info, "config": config, "summary": summary, "extraction": extraction,
                                         "reviews": [asdict(r) for r in results]}, indent=2))
        print(f"\nraw numbers: {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
