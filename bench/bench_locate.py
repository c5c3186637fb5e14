"""Locate ablation: page hit@k of the cheap signals (BM25 + clause patterns) against the same
plus dense re-ranking (MiniLM int8 + FAISS) over shortlists of several sizes, side by side on
the same CUAD dev queries in one run, with the time each ranking took.

    .venv/bin/python bench/bench_locate.py [--contracts 30] [--offset 0] [--top-k 5]

A query is CUAD's question for one category with placed pages in one contract; a hit is any
of the top-k pages among the labelled pages. Document Name and Parties are left out.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from services.locate.embedder import Embedder  # noqa: E402
from services.locate.logic import VectorCache, rank_pages  # noqa: E402
from shared import clauses, pdf  # noqa: E402


def descriptions(cuad: Path) -> dict[str, str]:
    out = {}
    with open(cuad / "category_descriptions.csv", encoding="utf-8-sig") as f:
        for row in csv.DictReader(f):
            name = row["Category (incl. context and answer)"].removeprefix("Category: ").strip()
            out[name.lower()] = row["Description"].removeprefix("Description: ").strip()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cuad-dir", type=Path, default=Path(os.environ.get("CLAUSEFLOW_CUAD_DIR", ROOT.parent / "shared" / "data" / "cuad")))
    ap.add_argument("--contracts", type=int, default=30)
    ap.add_argument("--offset", type=int, default=0)
    ap.add_argument("--top-k", type=int, default=5)
    ap.add_argument("--only", nargs="*", default=None, help="run only the rankings whose names contain one of these words")
    args = ap.parse_args()
    desc = descriptions(args.cuad_dir)
    rows = [json.loads(line) for line in (args.cuad_dir / "dev" / "labels.jsonl").read_text().splitlines()]
    rows = sorted(rows, key=lambda r: r["file"])[args.offset : args.offset + args.contracts]
    embed = Embedder().embed
    cache = VectorCache()
    configs = {
        "cheap (bm25 + patterns)": (None, 0, None),
        "+ dense, shortlist 5": (embed, 5, None),
        "+ dense, shortlist 8": (embed, 8, None),
        "+ dense, shortlist 12": (embed, 12, None),
        # Several questions on one contract, as a user asks them: vectors are reused.
        "+ dense, 5, vectors cached": (embed, 5, cache),
    }
    if args.only:
        configs = {k: v for k, v in configs.items() if any(w in k for w in args.only)}
    stats = {k: {"hits": 0, "n": 0, "s": 0.0} for k in configs}
    for row in rows:
        pages = pdf.page_texts(args.cuad_dir / "dev" / "pdf" / row["file"])
        by_cat: dict[str, set[int]] = {}
        for c in row["clauses"]:
            if c["pages"] and c["category"] not in ("Document Name", "Parties"):
                by_cat.setdefault(c["category"], set()).update(c["pages"])
        for cat, labelled in sorted(by_cat.items()):
            q = f'Highlight the parts (if any) of this contract related to "{cat}" that should be reviewed by a lawyer. Details: {desc.get(cat.lower(), "")}'
            cats = clauses.categories_for(q)
            for name, (emb, shortlist, vcache) in configs.items():
                t0 = time.perf_counter()
                ranked = rank_pages(pages, q, cats, emb, top_k=args.top_k, shortlist=shortlist or 5, cache=vcache, doc_key=row["file"])
                stats[name]["s"] += time.perf_counter() - t0
                stats[name]["hits"] += bool({r.page for r in ranked} & labelled)
                stats[name]["n"] += 1
    n_pages = sum(r["page_count"] for r in rows)
    n_queries = next(iter(stats.values()))["n"]
    print(f"locate ablation: {len(rows)} CUAD dev contracts ({n_pages} pages), {n_queries} queries, top-{args.top_k}")
    print(f"{'ranking':<26} {'hit@k':>14} {'mean ms/query':>14}")
    for name, s in stats.items():
        print(f"{name:<26} {s['hits']:>5}/{s['n']:<4} {s['hits'] / s['n']:5.1%} {s['s'] / s['n'] * 1000:>12.0f}")


if __name__ == "__main__":
    main()
