"""`clauseflow cost`: one review's cost, or a report over the recent ones.

The report puts each review in a quadrant of input tokens × cost, split at the medians of the
reviews reported (or at --tokens / --usd):

    healthy                       few input tokens, low cost
    long-prompt-short-answer      many input tokens, low cost: long prompts the model read cheaply
    expensive-small-input         few input tokens, high cost: time spent somewhere else (OCR, a slow stage)
    cost sink                     many input tokens, high cost: where trimming the prompt pays

then the five most expensive reviews and why (the stage that cost most, the fingerprint), and
the totals per stage, with the whole-document counterfactual's total beside them.
"""

from __future__ import annotations

import statistics
from typing import Any

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

QUADRANTS = ("healthy", "long-prompt-short-answer", "expensive-small-input", "cost sink")


def usd(x: float | None) -> str:
    return "—" if x is None else f"${x:.6f}"


def report(rows: list[dict[str, Any]], tokens_split: float | None = None, usd_split: float | None = None, top: int = 5) -> dict[str, Any]:
    """The report's numbers from the edge's review list (rows with a final's `cost`)."""
    costed = [r for r in rows if r.get("cost")]
    if not costed:
        return {"reviews": 0, "quadrants": {}, "top": [], "stages_usd": {}, "total_usd": 0.0}
    tok = [(r["cost"].get("fingerprint") or {}).get("prompt_tokens", 0) for r in costed]
    cost = [r["cost"]["total_usd"] for r in costed]
    t_split = statistics.median(tok) if tokens_split is None else tokens_split
    c_split = statistics.median(cost) if usd_split is None else usd_split
    quadrants = {q: {"reviews": 0, "usd": 0.0} for q in QUADRANTS}
    for t, c in zip(tok, cost):
        q = QUADRANTS[(t > t_split) + 2 * (c > c_split)]
        quadrants[q]["reviews"] += 1
        quadrants[q]["usd"] = round(quadrants[q]["usd"] + c, 8)
    stages: dict[str, float] = {}
    for r in costed:
        for stage, v in r["cost"].get("stages_usd", {}).items():
            stages[stage] = round(stages.get(stage, 0.0) + v, 8)
        if r["cost"].get("tokens_usd"):
            stages["tokens"] = round(stages.get("tokens", 0.0) + r["cost"]["tokens_usd"], 8)
    whole = [r["cost"].get("whole_document_usd") for r in costed]
    expensive = sorted(costed, key=lambda r: -r["cost"]["total_usd"])[:top]
    return {
        "reviews": len(costed),
        "split": {"prompt_tokens": t_split, "usd": c_split},
        "quadrants": quadrants,
        "top": [{"request_id": r["request_id"], "filename": r.get("filename"), "total_usd": r["cost"]["total_usd"], "why": why(r["cost"])} for r in expensive],
        "stages_usd": stages,
        "total_usd": round(sum(cost), 8),
        "whole_document_usd": round(sum(w for w in whole if w is not None), 8) if any(w is not None for w in whole) else None,
        "saving_usd": round(sum(r["cost"].get("saving_usd") or 0.0 for r in costed), 8),
    }


def why(cost: dict[str, Any]) -> str:
    """What made one review cost what it did, in a line."""
    parts = {**cost.get("stages_usd", {}), "tokens": cost.get("tokens_usd", 0.0)}
    total = cost.get("total_usd") or 0.0
    stage, most = max(parts.items(), key=lambda kv: kv[1]) if parts else ("?", 0.0)
    fp = cost.get("fingerprint") or {}
    line = f"{stage} {100 * most / total:.0f}% of it" if total else "nothing billed"
    if fp:
        llm = f"{fp['prompt_tokens']} prompt tokens, {fp['completion_tokens']} generated on {fp['hardware']}" if fp.get("prompt_tokens") else "no LLM call"
        line += f"; {llm}; {fp.get('pages_analysed', 0)} of {fp.get('pages', 0)} pages to the model"
    return line


def review_view(rid: str, data: dict[str, Any], timing_order: list[str]) -> Group:
    """One review: milliseconds per stage, then its cost and the counterfactual."""
    stages, cost = data.get("stages", {}), data.get("cost") or {}
    seen = {c for t in stages.values() for c in t}
    columns = [c for c in timing_order if c in seen] + sorted(seen - set(timing_order))
    table = Table("stage", title=f"review {rid}: milliseconds and cost per stage", box=box.SIMPLE_HEAD)
    for c in columns:
        table.add_column(c.removesuffix("_ms").removesuffix("_wait"), justify="right")
    table.add_column("USD", justify="right")
    for stage, t in stages.items():
        table.add_row(Text(stage), *(f"{t.get(c, 0):.1f}" for c in columns), usd(cost.get("stages_usd", {}).get(stage)))
    lines = [table, Text(f"total {usd(cost.get('total_usd'))} (tokens {usd(cost.get('tokens_usd'))})" + ("" if data.get("final", True) else ", so far"))]
    whole = cost.get("whole_document")
    if whole:
        lines.append(Text(
            f"the whole document through {whole.get('model')}: {whole['prompt_tokens']} prompt tokens"
            + (f" in {whole['passes']} passes" if whole.get("passes", 1) > 1 else "")
            + (f", {whole['seconds']:.1f} s, {usd(cost.get('whole_document_usd'))} with reading the pages" if whole.get("seconds") is not None else ", time unmeasured")
        ))
        if cost.get("saving_usd") is not None:
            lines.append(Text(f"saved {usd(cost['saving_usd'])} ({cost.get('saving_pct')}%) against it", style="bold"))
    return Group(*lines)


def report_view(rep: dict[str, Any]) -> Group:
    if not rep["reviews"]:
        return Group(Text("no finished reviews to report on"))
    split = rep["split"]
    q = Table("quadrant", "reviews", "USD", title=f"{rep['reviews']} reviews: input tokens (split {split['prompt_tokens']:.0f}) × cost (split {usd(split['usd'])})", box=box.SIMPLE_HEAD)
    for name, v in rep["quadrants"].items():
        q.add_row(name, str(v["reviews"]), usd(v["usd"]))
    t = Table("review", "file", "USD", "why", title="most expensive", box=box.SIMPLE_HEAD)
    for r in rep["top"]:
        t.add_row(r["request_id"], Text(r.get("filename") or ""), usd(r["total_usd"]), Text(r["why"]))
    s = Table("stage", "USD", title="totals per stage", box=box.SIMPLE_HEAD)
    for stage, v in rep["stages_usd"].items():
        s.add_row(stage, usd(v))
    s.add_row(Text("total", style="bold"), usd(rep["total_usd"]))
    tail = Text(f"whole-document passes would have cost {usd(rep['whole_document_usd'])}; saved {usd(rep['saving_usd'])}") if rep.get("whole_document_usd") is not None else Text("")
    return Group(q, t, s, tail)
