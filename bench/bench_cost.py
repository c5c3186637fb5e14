"""What reviews cost, what the whole document would have cost, and whether that estimate holds.

Dev contracts go through the whole local stack with one question; each final's cost gives the
staged total, the whole-document counterfactual (its prompt tokens by the model's tokenizer,
its time from the model's measured throughput) and the saving. Then, for each contract whose
whole document fits the local model's window, the same whole-document prompt is really sent
to the same LLM server (non-streaming, the same answer budget), one at a time, and its
measured time is set beside the estimate: the check that the saving shown is not made up.

    .venv/bin/python bench/bench_cost.py --contracts 12 [--max-pages 12] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
import openai
from httpx_sse import connect_sse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import cuad  # noqa: E402
from local.stack import LLM_MODEL, Stack  # noqa: E402
from services.analyze import logic  # noqa: E402
from services.analyze.tokens import TokenCounter  # noqa: E402
from shared.documents import layout, pdf

QUESTION = "Mark every liability and termination clause and explain the risk"
MAX_TOKENS = 96
N_CTX = 4096


def review(client: httpx.Client, data: bytes, name: str) -> dict:
    r = client.post("/v1/reviews", files={"file": (name, data, "application/pdf")}, data={"question": QUESTION})
    r.raise_for_status()
    rid = r.json()["request_id"]
    with connect_sse(client, "GET", f"/v1/reviews/{rid}/events", timeout=httpx.Timeout(900, read=300)) as source:
        for sse in source.iter_sse():
            if sse.event in ("final", "error", "cancelled"):
                assert sse.event == "final", sse.data
                return json.loads(sse.data)
    raise RuntimeError("the stream ended without a final")


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--contracts", type=int, default=12)
    ap.add_argument("--max-pages", type=int, default=12)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    if not cuad.available():
        sys.exit(f"CUAD data not found at {cuad.cuad_dir()} (set CLAUSEFLOW_CUAD_DIR)")
    rows = [r for r in sorted(cuad.labels("dev"), key=lambda r: r["file"]) if r["page_count"] <= args.max_pages][: args.contracts]
    tokens = TokenCounter.for_model(LLM_MODEL)
    out: list[dict] = []
    with tempfile.TemporaryDirectory() as tmp:
        env = {"CLAUSEFLOW_MAX_TOKENS": str(MAX_TOKENS), "CLAUSEFLOW_UPLOAD_RATE": "100000/minute", "CLAUSEFLOW_RESULTS_CACHE_S": "0"}
        stack = Stack(workdir=Path(tmp), extra_env=env).start()
        try:
            with httpx.Client(base_url=stack.base_url, headers=stack.headers(), timeout=60) as client:
                for i, r in enumerate(rows):
                    final = review(client, Path(r["pdf"]).read_bytes(), r["file"])
                    cost, whole = final["cost"], final["cost"]["whole_document"]
                    out.append({
                        "file": r["file"], "pages": r["page_count"], "routed": final.get("routed") == "no_llm",
                        "staged_usd": cost["total_usd"], "staged_prompt_tokens": cost["fingerprint"]["prompt_tokens"],
                        "whole_prompt_tokens": whole["prompt_tokens"], "passes": whole["passes"],
                        "whole_est_s": whole["seconds"], "whole_usd": cost.get("whole_document_usd"),
                        "saving_usd": cost.get("saving_usd"), "saving_pct": cost.get("saving_pct"),
                    })
                    print(f"  [{i + 1}/{len(rows)}] {r['file'][:48]:48} {r['page_count']:3} p: staged ${cost['total_usd']:.6f} "
                          f"({cost['fingerprint']['prompt_tokens']} tok), whole ${cost.get('whole_document_usd') or 0:.6f} "
                          f"({whole['prompt_tokens']} tok, est {whole['seconds']} s), saving {cost.get('saving_pct')}%", flush=True)
            # The check: the whole document, really sent, where it fits the window.
            llm = openai.OpenAI(base_url=stack.llm_url, api_key="local", timeout=600, max_retries=0)
            for row, r in zip(out, rows):
                if row["whole_prompt_tokens"] + MAX_TOKENS > N_CTX or row["whole_est_s"] is None:
                    continue
                texts = layout.strip(pdf.page_texts(Path(r["pdf"])))
                prompt = logic.messages(logic.whole_document(texts), QUESTION)
                t0 = time.perf_counter()
                resp = llm.chat.completions.create(model=LLM_MODEL, messages=prompt, temperature=0, seed=0, max_tokens=MAX_TOKENS)
                row["whole_measured_s"] = round(time.perf_counter() - t0, 2)
                row["whole_measured_prompt_tokens"] = resp.usage.prompt_tokens
                row["whole_counted_prompt_tokens"] = tokens.chat(prompt)
                print(f"  whole pass of {row['file'][:40]}: measured {row['whole_measured_s']} s, estimated {row['whole_est_s']} s; "
                      f"prompt {resp.usage.prompt_tokens} tokens (server), {row['whole_counted_prompt_tokens']} (our count)", flush=True)
        finally:
            stack.stop()
    savings = [r["saving_pct"] for r in out if r["saving_pct"] is not None]
    checked = [r for r in out if "whole_measured_s" in r]
    print(f"\n{len(out)} contracts ({sum(r['routed'] for r in out)} answered without the LLM)")
    if savings:
        print(f"saving against one whole-document pass: median {statistics.median(savings):.1f}%, p10 {pct(savings, 10):.1f}%, p90 {pct(savings, 90):.1f}%")
    print(f"staged cost: median ${statistics.median(r['staged_usd'] for r in out):.6f}; whole-document: median "
          f"${statistics.median(r['whole_usd'] for r in out if r['whole_usd'] is not None):.6f}")
    print(f"whole documents over the {N_CTX}-token window: {sum(r['passes'] > 1 for r in out)} of {len(out)}")
    if checked:
        ratios = [r["whole_measured_s"] / r["whole_est_s"] for r in checked]
        print(f"estimate check on {len(checked)} that fit: measured / estimated time median {statistics.median(ratios):.2f} "
              f"(min {min(ratios):.2f}, max {max(ratios):.2f}); prompt tokens ours vs the server's: "
              + ", ".join(f"{r['whole_counted_prompt_tokens']}/{r['whole_measured_prompt_tokens']}" for r in checked))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
