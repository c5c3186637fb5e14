"""Query routing: which questions skip the LLM (``routed: "no_llm"``), and whether their
answers are as good as the LLM path's, on CUAD dev (a benchmark, not a test).

1. Per clause category, over every dev contract: the answer a routed question gets (the best
   finding quoted, or "no such clause") is correct when the quote matches a labelled clause of
   the category (bench.cuad.matches), or nothing is found and nothing is labelled.
2. Which questions route: the free-form set (tests/data/routing_questions.jsonl) and CUAD's
   own question for each category (its "Details" sentence), routed as locate routes them.
3. Side by side on a sample of routed (contract, question) pairs that have a labelled clause:
   the routed answer against the LLM's narrative for the same located pages and prompt as
   analyze builds them, from the real local model server. The LLM answer counts as correct
   when one of its citations is verified on the page and matches a labelled clause.

    .venv/bin/python bench/bench_direct.py [--contracts 100] [--llm-sample 24]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import cuad  # noqa: E402
from bench.bench_clauses import load_dev  # noqa: E402
from local.stack import LLM_MODEL, free_port, llm_model_file, wait_http  # noqa: E402
from services.analyze import logic as analyze  # noqa: E402
from services.locate.embedder import Embedder  # noqa: E402
from shared.clauses import clause_model, direct, findings, routing


def load(n: int) -> list[dict]:
    rows = load_dev(n)
    for r in rows:
        r["texts"] = r["pages_text"]
        r["by_cat"] = defaultdict(list)
        for c in r["clauses"]:
            r["by_cat"][c["category"]].append(c["text"])
    return rows


def direct_correct(found: list[findings.Finding], labelled: list[str]) -> bool:
    if not found:
        return not labelled
    return any(cuad.matches(found[0].quote, c) for c in labelled)


def per_category(rows: list[dict], model) -> dict[str, dict]:
    out = {}
    for cat in model.categories:
        n = ok = found_n = found_ok = absent_n = absent_ok = 0
        for r in rows:
            found = findings.findings(r["scored"], [cat])
            labelled = r["by_cat"].get(cat, [])
            good = direct_correct(found, labelled)
            n += 1
            ok += good
            if found:
                found_n += 1
                found_ok += good
            else:
                absent_n += 1
                absent_ok += good
        out[cat] = {"accuracy": ok / n, "found": found_n, "found_precision": found_ok / found_n if found_n else None, "absent": absent_n, "absent_accuracy": absent_ok / absent_n if absent_n else None}
    return out


def questions() -> list[dict]:
    free = [json.loads(line) for line in (ROOT / "tests/data/routing_questions.jsonl").read_text().splitlines() if line.strip()]
    details = [{"question": desc, "expected": [cat], "set": "cuad_details"} for cat, desc in cuad.descriptions().items()]
    return [{**q, "set": "free"} for q in free] + details


class LlmServer:
    """The local model server (llama.cpp, SmolLM2-135M), as the stack starts it."""

    def __enter__(self):
        port = free_port()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "llama_cpp.server", "--model", str(llm_model_file()), "--model_alias", LLM_MODEL,
             "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "4096", "--chat_format", "chatml", "--verbose", "False"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        )
        self.url = f"http://127.0.0.1:{port}/v1"
        wait_http(f"{self.url}/models", self.proc, 120, "llm server")
        return self

    def __exit__(self, *exc):
        self.proc.terminate()
        self.proc.wait(10)


def llm_answer(url: str, prompt: list[dict], max_tokens: int) -> str:
    import openai

    client = openai.OpenAI(base_url=url, api_key="local", timeout=120, max_retries=0)
    r = client.chat.completions.create(model=LLM_MODEL, messages=prompt, temperature=0, seed=0, max_tokens=max_tokens)
    return r.choices[0].message.content or ""


def overlap(answer: str, clause: str) -> float:
    """Share of the clause's distinct content words (4+ letters) that the answer uses."""
    want = {w for w in cuad.words(clause) if len(w) >= 4}
    return len(want & set(cuad.words(answer))) / len(want) if want else 0.0


def side_by_side(rows: list[dict], routed: list[dict], sample: int, max_tokens: int, context_tokens: int, per_question: int = 2) -> dict:
    """Each routed question on the next ``per_question`` contracts (rotating) that have a
    labelled clause of its category."""
    pairs = []
    for i, q in enumerate(routed):
        cat = q["categories"][0]
        start = (i * 7) % len(rows)
        have = [r for r in rows[start:] + rows[:start] if r["by_cat"].get(cat)]
        pairs += [(r, q, cat) for r in have[:per_question]]
    pairs = pairs[:sample]
    res = {"pairs": len(pairs), "direct_correct": 0, "llm_correct": 0, "llm_overlap": 0, "direct_overlap": 0, "llm_rejected_citations": 0, "llm_seconds": [], "examples": []}
    if not pairs:
        return res
    with LlmServer() as server:
        for r, q, cat in pairs:
            texts = r["texts"]
            found = findings.findings(r["scored"], [cat])
            located = [int(p) + 1 for p in np.argsort(-findings.page_scores(r["scored"], [cat], len(texts)), kind="stable")[:5] if texts[p].strip()]
            context = analyze.context_for(located, texts, [f for f in found if f.page in set(located)], context_tokens)
            t0 = time.perf_counter()
            text = llm_answer(server.url, analyze.messages(context, q["question"]), max_tokens)
            res["llm_seconds"].append(time.perf_counter() - t0)
            cites, rejected = analyze.check_citations(analyze.citations_in(text), texts)
            labelled = r["by_cat"][cat]
            res["direct_correct"] += direct_correct(found, labelled)
            res["llm_correct"] += any(cuad.matches(c["quote"], lab) for c in cites for lab in labelled)
            res["llm_overlap"] += max(overlap(text, lab) for lab in labelled) >= 0.5
            routed_answer = direct.answer(cat, found, sum(1 for t in texts if t.strip()))
            res["direct_overlap"] += max(overlap(routed_answer, lab) for lab in labelled) >= 0.5
            res["llm_rejected_citations"] += rejected
            if len(res["examples"]) < 3:
                res["examples"].append((q["question"], r["file"][:50], " ".join(text.split())[:300], routed_answer[:300]))
    return res


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--contracts", type=int, default=100)
    ap.add_argument("--llm-sample", type=int, default=26)
    ap.add_argument("--max-tokens", type=int, default=256)
    ap.add_argument("--context-tokens", type=int, default=1500)
    args = ap.parse_args()
    model = clause_model.default()
    rows = load(args.contracts)
    for r in rows:
        r["scored"] = findings.score_pages(r["texts"], model)

    cats = per_category(rows, model)
    print(f"\n## 1. Direct answers per category ({len(rows)} dev contracts; * = routed without the LLM)\n")
    print("| category | accuracy | found | precision when found | absent | accuracy when absent |\n|---|---|---|---|---|---|")
    for cat, v in sorted(cats.items(), key=lambda kv: -kv[1]["accuracy"]):
        fp = "–" if v["found_precision"] is None else f"{v['found_precision']:.2f}"
        aa = "–" if v["absent_accuracy"] is None else f"{v['absent_accuracy']:.2f}"
        print(f"| {cat}{' *' if cat in direct.SIMPLE else ''} | {v['accuracy']:.2f} | {v['found']} | {fp} | {v['absent']} | {aa} |")
    simple = [v for c, v in cats.items() if c in direct.SIMPLE]
    print(f"\nrouted categories: {len(simple)}; mean accuracy {np.mean([v['accuracy'] for v in simple]):.3f}; "
          f"others: {np.mean([v['accuracy'] for c, v in cats.items() if c not in direct.SIMPLE]):.3f}")

    embed = Embedder().embed
    qs = questions()
    routed = []
    by_set = defaultdict(lambda: [0, 0])
    for q in qs:
        got = routing.route(q["question"], embed).categories
        q["categories"] = got
        by_set[q["set"]][1] += 1
        if direct.no_llm(q["question"], got):
            by_set[q["set"]][0] += 1
            routed.append(q)
    print("\n## 2. Questions routed without the LLM\n")
    for name, (k, n) in by_set.items():
        print(f"- {name}: {k}/{n} routed")
    wrong = [q for q in routed if q["categories"] != q["expected"]]
    print(f"- routed to a category other than the expected one: {len(wrong)}/{len(routed)}")
    for q in routed:
        print(f"  - [{q['set']}] {q['question']!r} -> {q['categories'][0]}")

    res = side_by_side(rows, routed, args.llm_sample, args.max_tokens, args.context_tokens)
    if res["pairs"]:
        secs = res["llm_seconds"]
        n = res["pairs"]
        print(f"\n## 3. Side by side on {res['pairs']} routed (contract, question) pairs with a labelled clause\n")
        print("| path | answer correct (quote matches a label) | answer uses >= 50% of a labelled clause's words | LLM seconds (median) |\n|---|---|---|---|")
        print(f"| routed (no LLM) | {res['direct_correct']}/{n} | {res['direct_overlap']}/{n} | 0 |")
        print(f"| analyze (LLM narrative; verified citation matching a label) | {res['llm_correct']}/{n} | {res['llm_overlap']}/{n} | {np.median(secs):.1f} |")
        print(f"\nLLM citations rejected (not on the cited page): {res['llm_rejected_citations']}. "
              "Both finals carry the same findings (the clause model's); they differ only in the answer text.")
        for question, file, llm, routed_answer in res["examples"]:
            print(f"\n- {question!r} on {file}:\n  - LLM: {llm!r}\n  - routed: {routed_answer!r}")


if __name__ == "__main__":
    main()
