"""Locate: page recall of each ranking, side by side on the same CUAD dev queries in one run,
with routing accuracy and the time each ranking took (a benchmark, not a test).

A query is one (contract, category) with placed labelled pages (the 37 clause categories).
Two question sets are asked:

- ``cuad``: CUAD's own question for the category;
- ``free``: a lawyer-style question from tests/data/routing_questions.jsonl whose expected
  categories are exactly that one (they rotate over the contracts), routed as the service
  routes it.

Rankings compared: the previous locate (BM25 over word sets + keyword patterns + dense on a
shortlist of 5, routing by trigger words), BM25 alone (bm25s, term frequencies), the clause
model alone, clause model + BM25 (the default), and clause model + BM25 + dense re-ranking
of a shortlist of 12. Reported: hit@k (any labelled page in the top k) and recall@k (share
of the labelled pages in the top k) for k = 1, 3, 5, overall and for contracts over 20 pages.

    .venv/bin/python bench/bench_locate.py [--contracts 100] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import (
    cuad,
    legacy_regex,
)
from services.locate.embedder import Embedder  # noqa: E402
from services.locate.logic import VectorCache, _minmax, bm25_scores, dense_scores, query_text, rank_pages  # noqa: E402
from shared.clauses import clause_model, findings, routing
from shared.documents import layout, pdf

KS = (1, 3, 5)


def legacy_rank(pages: list[str], question: str, embed, cache: VectorCache, key: str) -> list[int]:
    """The locate that shipped before the clause model, rebuilt from its parts."""
    from rank_bm25 import BM25Okapi  # the previous BM25, kept in the dev requirements for this comparison

    cats = legacy_regex.categories_for(question)
    qtext = " ".join([question, *(t for c in cats for t in c.triggers)])
    docs = [sorted(legacy_regex.content_words(p)) for p in pages]
    bm = np.asarray(BM25Okapi([d or ["_"] for d in docs]).get_scores(sorted(legacy_regex.content_words(qtext))), np.float32)
    pat = np.array([sum(c.hits(p) for c in cats) / (1 + len(p) / 3000) for p in pages], np.float32)
    mm = lambda x: np.zeros_like(x) if x.max() - x.min() < 1e-12 else (x - x.min()) / (x.max() - x.min())  # noqa: E731
    cheap = 0.35 * mm(bm) + 0.35 * mm(pat)
    cand = [int(i) for i in np.argsort(-cheap, kind="stable")[:5] if pages[i].strip()]
    dense = dense_scores(pages, cand, qtext, embed, cache, key)
    total = cheap + 0.30 * dense
    return [int(i) + 1 for i in np.argsort(-total, kind="stable")[:5] if pages[i].strip()]


def fused_minmax(pages: list[str], question: str, cats: list[str], clause) -> list[int]:
    """A variant fusion: the clause signal min-max scaled per contract like BM25's."""
    if clause is None:
        return [r.page for r in rank_pages(pages, question, cats, None, top_k=5)]
    total = 0.6 * _minmax(clause) + 0.4 * _minmax(bm25_scores(pages, query_text(question, cats)))
    return [int(i) + 1 for i in np.argsort(-total, kind="stable")[:5] if pages[i].strip()]


def routing_accuracy(embed) -> dict:
    """The whole free-form set (shared.clauses.routing.correct: every expected category, at most two
    extra; none for a question that names none), with the encoder and without."""
    cases = [json.loads(line) for line in (ROOT / "tests" / "data" / "routing_questions.jsonl").read_text().splitlines() if line.strip()]
    out = {}
    for name, fn in (("with MiniLM", embed), ("trigger phrases only", None)):
        ok = sum(routing.correct(c["expected"], routing.route(c["question"], fn).categories) for c in cases)
        out[name] = ok / len(cases)
        print(f"routing accuracy on {len(cases)} free-form questions, {name}: {ok}/{len(cases)} = {ok / len(cases):.3f}")
    return out


def free_questions() -> dict[str, list[str]]:
    out = defaultdict(list)
    for line in (ROOT / "tests" / "data" / "routing_questions.jsonl").read_text().splitlines():
        if line.strip():
            case = json.loads(line)
            if len(case["expected"]) == 1:
                out[case["expected"][0]].append(case["question"])
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--contracts", type=int, default=100)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    if not cuad.available():
        sys.exit(f"CUAD data not found at {cuad.cuad_dir()} (set CLAUSEFLOW_CUAD_DIR)")
    embed = Embedder().embed
    vectors = VectorCache()  # chunk vectors per (contract, page), as the service keeps them
    model = clause_model.default()
    free = free_questions()
    rotate: dict[str, int] = defaultdict(int)
    rows = sorted(cuad.labels("dev"), key=lambda r: r["file"])[: args.contracts]
    stats: dict = defaultdict(lambda: {"n": 0, "s": 0.0, **{f"hit@{k}": 0 for k in KS}, **{f"recall@{k}": 0.0 for k in KS}})
    routed_ok = defaultdict(lambda: [0, 0])
    score_times: list[float] = []  # the clause model over the whole contract, once per contract
    route_times: list[float] = []
    for row in rows:
        texts = layout.strip(pdf.page_texts(Path(row["pdf"])))  # as summarize stores them
        t0 = time.perf_counter()
        scored = findings.score_pages(texts, model)
        score_times.append(time.perf_counter() - t0)
        by_cat: dict[str, set[int]] = defaultdict(set)
        for c in row["clauses"]:
            if c["pages"] and c["category"] not in cuad.NON_CLAUSE:
                by_cat[c["category"]].update(c["pages"])
        for cat, labelled in sorted(by_cat.items()):
            asks = {"cuad": cuad.question(cat)}
            if free.get(cat):
                asks["free"] = free[cat][rotate[cat] % len(free[cat])]
                rotate[cat] += 1
            for qset, q in asks.items():
                t0 = time.perf_counter()
                cats = routing.route(q, embed).categories
                route_s = time.perf_counter() - t0
                routed_ok[qset][0] += cat in cats
                routed_ok[qset][1] += 1
                route_times.append(route_s)
                clause = findings.page_scores(scored, cats, len(texts)) if cats else None
                rankings = {
                    "previous (bm25 sets + patterns + dense@5)": lambda: legacy_rank(texts, q, embed, vectors, row["file"]),
                    "bm25 (term frequencies)": lambda: [r.page for r in rank_pages(texts, q, cats, None, top_k=5)],
                    "clause model": lambda: [int(i) + 1 for i in np.argsort(-clause, kind="stable")[:5]] if clause is not None else [],
                    "clause + bm25 (default)": lambda: [r.page for r in rank_pages(texts, q, cats, None, clause=clause, top_k=5)],
                    "clause (min-max) + bm25": lambda: fused_minmax(texts, q, cats, clause),
                    "clause + bm25 + dense@12": lambda: [r.page for r in rank_pages(texts, q, cats, embed, clause=clause, top_k=5, shortlist=12, cache=vectors, doc_key=row["file"])],
                }
                for name, fn in rankings.items():
                    t0 = time.perf_counter()
                    top = fn()
                    took = time.perf_counter() - t0
                    for group in ("all", "over 20 pages") if row["page_count"] > 20 else ("all",):
                        s = stats[(qset, name, group)]
                        s["n"] += 1
                        s["s"] += took
                        for k in KS:
                            s[f"hit@{k}"] += bool(set(top[:k]) & labelled)
                            s[f"recall@{k}"] += len(set(top[:k]) & labelled) / len(labelled)
    out = {"routing_set": routing_accuracy(embed)}
    print(f"locate: {len(rows)} CUAD dev contracts ({sum(r['page_count'] for r in rows)} pages)")
    for qset, (ok, n) in routed_ok.items():
        print(f"routing ({qset} questions): {ok}/{n} = {ok / n:.3f} route to their category")
        out[f"routing_{qset}"] = ok / n
    print(f"clause model over a whole contract: median {np.median(score_times) * 1000:.0f} ms, p95 {np.percentile(score_times, 95) * 1000:.0f} ms, max {max(score_times) * 1000:.0f} ms (once per contract, cached)")
    print(f"routing: median {np.median(route_times) * 1000:.1f} ms per question")
    out["score_ms_median"] = float(np.median(score_times) * 1000)
    print("| questions | ranking | contracts | queries | hit@1 | hit@3 | hit@5 | recall@1 | recall@3 | recall@5 | ranking ms/query |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for (qset, name, group), s in sorted(stats.items(), key=lambda kv: (kv[0][0], kv[0][2], list(stats).index(kv[0]))):
        row = {k: v / s["n"] for k, v in s.items() if k != "n"} | {"n": s["n"]}
        out[f"{qset}|{name}|{group}"] = row
        cells = " | ".join(f"{row[f'hit@{k}']:.3f}" for k in KS) + " | " + " | ".join(f"{row[f'recall@{k}']:.3f}" for k in KS)
        print(f"| {qset} | {name} | {group} | {s['n']} | {cells} | {row['s'] * 1000:.0f} |")
    if args.json:
        args.json.write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
