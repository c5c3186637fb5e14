"""Time-to-draft of Word files against their PDF originals, side by side in one run on one stack
(a benchmark, not a test).

Each CUAD dev contract (5-30 pages, in name order) is sent twice, one at a time, never seen
before: as its PDF, and as the .docx shared/testing/word.py types from the same pages (a
different document, so neither warms the other's caches). A review is followed over SSE to
its draft, then cancelled so the next starts on a quiet machine. Reported: time-to-draft
p50/p95 for each format, and for the Word files the time to the `converted` event (upload to
converted PDF, LibreOffice's run included), the conversion's own seconds (the `converted`
event's), seconds per page, and the conversion's share of time-to-draft.

    .venv/bin/python bench/bench_docx_draft.py [--contracts 20]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402
from httpx_sse import aconnect_sse  # noqa: E402

from bench import cuad  # noqa: E402
from bench.bench_draft import HEADERS, StackProcess  # noqa: E402
from bench.bench_pipeline import SKIP_CATEGORIES, machine_info, percentile, pick_question  # noqa: E402
from shared.documents import pdf  # noqa: E402
from shared.testing.word import contract_docx  # noqa: E402

WORD = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


async def review(client: httpx.AsyncClient, base: str, name: str, data: bytes, media: str, question: str) -> dict:
    """Upload, follow to the draft; seconds from the upload's start to each event seen."""
    t0 = time.perf_counter()
    r = await client.post(f"{base}/v1/reviews", files={"file": (name, data, media)}, data={"question": question})
    r.raise_for_status()
    rid = r.json()["request_id"]
    out = {"accepted_s": time.perf_counter() - t0}
    async with aconnect_sse(client, "GET", f"{base}/v1/reviews/{rid}/events") as es:
        async for ev in es.aiter_sse():
            if ev.event == "converted":
                out["converted_s"] = time.perf_counter() - t0
                out["convert"] = json.loads(ev.data)
            elif ev.event == "draft":
                out["draft_s"] = time.perf_counter() - t0
                break
            elif ev.event in ("final", "error", "cancelled"):
                out["ended"] = ev.event if ev.event != "error" else json.loads(ev.data).get("code")
                break
    await client.delete(f"{base}/v1/reviews/{rid}")
    return out


def jobs(n: int) -> list[tuple[dict, str]]:
    usable = [(c, d) for c, d in cuad.descriptions().items() if c.lower() not in SKIP_CATEGORIES]
    out, cursor = [], 0
    for label in sorted(cuad.labels("dev"), key=lambda r: r["file"]):
        if not 5 <= label["page_count"] <= 30:
            continue
        q = pick_question(label, usable, cursor)
        if q is None:
            continue
        cursor = q[0] + 1
        out.append((label, q[2]))
        if len(out) == n:
            break
    return out


async def run(base: str, work: list[tuple[dict, str, bytes, bytes]]) -> dict:
    res: dict[str, list[dict]] = {"pdf": [], "docx": []}
    async with httpx.AsyncClient(timeout=httpx.Timeout(180, connect=10), trust_env=False, headers=HEADERS.get(base, {})) as client:
        for label, question, pdf_bytes, docx_bytes in work:
            stem = Path(label["pdf"]).stem
            res["pdf"].append(await review(client, base, f"{stem}.pdf", pdf_bytes, "application/pdf", question))
            await asyncio.sleep(0.3)
            res["docx"].append(await review(client, base, f"{stem}.docx", docx_bytes, WORD, question))
            await asyncio.sleep(0.3)
    return res


def row(name: str, xs: list[float]) -> str:
    xs = sorted(xs)
    return f"| {name} | {len(xs)} | {percentile(xs, 0.5):.2f} | {percentile(xs, 0.95):.2f} | {xs[-1]:.2f} |" if xs else f"| {name} | 0 | – | – | – |"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--contracts", type=int, default=20)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    work = []
    for label, question in jobs(args.contracts):
        data = Path(label["pdf"]).read_bytes()
        work.append((label, question, data, contract_docx(pdf.page_texts(data))))
    info = machine_info()
    print(f"{len(work)} contracts, each as PDF and as .docx; {info['nproc']} CPUs ({info['cpu_model']}); {info['date']}", flush=True)
    env = {"CLAUSEFLOW_MAX_TOKENS": "32", "CLAUSEFLOW_UPLOAD_RATE": "100000/minute"}
    with StackProcess(ROOT, env) as base:
        res = asyncio.run(run(base, work))
    drafts = {fmt: [r["draft_s"] for r in rs if "draft_s" in r] for fmt, rs in res.items()}
    conv = [r for r in res["docx"] if "convert" in r]
    pages = [r["convert"]["page_count"] for r in conv]
    own = [r["convert"]["seconds"] for r in conv]
    print("\n## Word files: time-to-draft against the PDF originals (seconds, one at a time, never seen)\n")
    print("| measure | n | p50 | p95 | max |\n|---|---|---|---|---|")
    print(row("PDF: upload to draft", drafts["pdf"]))
    print(row(".docx: upload to draft", drafts["docx"]))
    print(row(".docx: upload to `converted`", [r["converted_s"] for r in conv]))
    print(row(".docx: LibreOffice's conversion (the event's `seconds`)", own))
    print(row(".docx: conversion seconds per page", [s / p for s, p in zip(own, pages)]))
    shares = [r["convert"]["seconds"] / r["draft_s"] for r in conv if "draft_s" in r]
    print(row(".docx: conversion's share of time-to-draft", shares))
    missing = {fmt: [r.get("ended") for r in rs if "draft_s" not in r] for fmt, rs in res.items()}
    print(f"\nnot drafted: {missing}; pages per .docx: {sum(pages)} in all")
    if args.json:
        args.json.write_text(json.dumps({"machine": info, "results": res}, indent=2))


if __name__ == "__main__":
    main()
