"""Staged (the located pages) against whole-document inference: one model, one machine, one run.

For dev contracts, one question each (the CUAD question of a category the contract has,
rotating), the prompt analyze builds from the pages locate ranks first, against the whole
document in page order cut to what the model's context allows (the cut is reported). Each
prompt goes to the local llama.cpp server, one at a time, non-streaming (so the server counts
the tokens), alternating which mode goes first. Reported side by side: prompt tokens, time to
the final answer (median, p95), the LLM stage's cost from analyze's price table, and what the
answers cite: citations that verify on their page, and those that fall on a clause the
lawyers labelled for the category asked.

The findings in the final come from the clause model over every page, whatever the LLM
reads, so they are the same both ways by construction; what changes is the narrative.

    .venv/bin/python bench/bench_staged.py --contracts 30 [--json bench/out/staged.json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import openai

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import cuad  # noqa: E402
from bench.bench_clauses import load_dev  # noqa: E402
from local.stack import Stack  # noqa: E402
from services.analyze import logic  # noqa: E402
from services.analyze.settings import Settings as AnalyzeSettings  # noqa: E402
from services.analyze.tokens import TokenCounter, fit  # noqa: E402
from services.locate.logic import rank_pages  # noqa: E402
from shared.clauses import clause_model, findings

N_CTX = 4096  # the local server's context (local/stack.py)
OVERHEAD_TOKENS = 200  # system prompt, delimiters, question


def whole_context(texts: list[str], budget_chars: int) -> str:
    """Every page in order, cut at ``budget_chars``."""
    budget = budget_chars
    parts, used = [], 0
    for i, text in enumerate(texts, 1):
        flat = " ".join(text.split())
        if used < budget:
            keep = flat[: budget - used]
            parts.append(f"[Page {i}]\n{keep}")
            used += len(keep)
    return "\n\n".join(parts)


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p / 100 * (len(xs) - 1)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--contracts", type=int, default=30)
    ap.add_argument("--llm-url", help="an OpenAI-compatible server already running (else the local one is started)")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    if not cuad.available():
        sys.exit(f"CUAD data not found at {cuad.cuad_dir()} (set CLAUSEFLOW_CUAD_DIR)")
    s = AnalyzeSettings()
    model = clause_model.default()
    tokens = TokenCounter.for_model("smollm2-135m-instruct")  # analyze packs its context with it
    tmp = stack = None
    url = args.llm_url
    if not url:
        tmp = tempfile.TemporaryDirectory(prefix="clauseflow-staged-")
        stack = Stack(workdir=Path(tmp.name))
        url = stack.start_llm(N_CTX)
    client = openai.OpenAI(base_url=url, api_key="local", timeout=600, max_retries=0)
    whole_budget = N_CTX - s.max_tokens - OVERHEAD_TOKENS
    rows = load_dev(args.contracts)
    out: dict[str, dict[str, list]] = {m: defaultdict(list) for m in ("staged", "whole")}
    kept_share: list[float] = []
    try:
        for i, row in enumerate(rows):
            cats = sorted({c["category"] for c in row["clauses"] if c["category"] not in cuad.NON_CLAUSE and c["pages"]})
            if not cats:
                continue
            cat = cats[i % len(cats)]
            question = cuad.question(cat)
            texts = row["pages_text"]
            scored = findings.score_pages(texts, model)
            clause = findings.page_scores(scored, [cat], len(texts))
            located = [r.page for r in rank_pages(texts, question, [cat], None, clause=clause, top_k=5)]
            evidence = [f for f in findings.findings(scored, [cat]) if f.page in set(located)]
            whole = fit(lambda chars: whole_context(texts, chars), whole_budget, tokens.count)
            share = len(whole) / max(1, sum(len(" ".join(t.split())) for t in texts))
            kept_share.append(share)
            prompts = {
                "staged": logic.messages(fit(lambda chars: logic.context_for(located, texts, evidence, chars // logic.CHARS_PER_TOKEN), s.context_tokens, tokens.count), question),
                "whole": logic.messages(whole, question),
            }
            labelled = [c["text"] for c in row["clauses"] if c["category"] == cat]
            for mode in (["staged", "whole"] if i % 2 == 0 else ["whole", "staged"]):
                t0 = time.perf_counter()
                resp = client.chat.completions.create(model="smollm2-135m-instruct", messages=prompts[mode], temperature=0, seed=0, max_tokens=s.max_tokens)
                took = time.perf_counter() - t0
                answer = resp.choices[0].message.content or ""
                kept, rejected = logic.check_citations(logic.citations_in(answer), texts)
                o = out[mode]
                o["prompt_tokens"].append(resp.usage.prompt_tokens)
                o["completion_tokens"].append(resp.usage.completion_tokens)
                o["seconds"].append(took)
                o["usd"].append(took / 3600 * s.price_per_hour["cpu"])
                o["verified"].append(len(kept))
                o["rejected"].append(rejected)
                o["on_label"].append(sum(any(cuad.matches(c["quote"], t) for t in labelled) for c in kept))
            print(f"  [{i + 1}/{len(rows)}] {row['file'][:50]} ({len(texts)} pages, {cat}): "
                  f"staged {out['staged']['prompt_tokens'][-1]} tok {out['staged']['seconds'][-1]:.1f} s, "
                  f"whole {out['whole']['prompt_tokens'][-1]} tok {out['whole']['seconds'][-1]:.1f} s (kept {share:.0%})", flush=True)
    finally:
        if stack is not None:
            stack.stop()
            tmp.cleanup()
    summary = {}
    for mode, o in out.items():
        summary[mode] = {
            "reviews": len(o["seconds"]),
            "prompt_tokens_mean": statistics.mean(o["prompt_tokens"]),
            "completion_tokens_mean": statistics.mean(o["completion_tokens"]),
            "final_p50_s": pct(o["seconds"], 50),
            "final_p95_s": pct(o["seconds"], 95),
            "usd_total": sum(o["usd"]),
            "citations_verified": sum(o["verified"]),
            "citations_rejected": sum(o["rejected"]),
            "citations_on_labelled_clause": sum(o["on_label"]),
        }
    st, wh = summary["staged"], summary["whole"]
    print(f"\nwhole document: {statistics.mean(kept_share):.0%} of a contract's text fit the {whole_budget}-token budget on average "
          f"(all of it in {sum(k >= 0.999 for k in kept_share)} of {len(kept_share)})")
    print("| | staged (located pages) | whole document | staged / whole |")
    print("|---|---|---|---|")
    for key, label in [("prompt_tokens_mean", "prompt tokens (mean)"), ("completion_tokens_mean", "completion tokens (mean)"),
                       ("final_p50_s", "time to final p50 (s)"), ("final_p95_s", "time to final p95 (s)"), ("usd_total", "LLM cost, all reviews (USD)"),
                       ("citations_verified", "citations verified on their page"), ("citations_rejected", "citations rejected"),
                       ("citations_on_labelled_clause", "verified citations on a labelled clause")]:
        a, b = st[key], wh[key]
        print(f"| {label} | {a:.4g} | {b:.4g} | {a / b:.2f} |" if b else f"| {label} | {a:.4g} | {b:.4g} | – |")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"summary": summary, "kept_share": kept_share, "raw": out}, indent=1))


if __name__ == "__main__":
    main()
