"""What the wrong cards are, read by hand: a seeded sample of the findings CUAD's rule counts wrong
(no labelled clause of their category with word-set Jaccard >= 0.5), each given a verdict by a
reader who had CUAD's category description beside it (bench/data/card_audit.jsonl):

- ``clause``: a clause of the category by CUAD's description that no label covers;
- ``bounds``: the labelled clause itself, or a sentence or item of it, quoted with other bounds;
- ``related``: a sentence of the category's section a reviewer may want beside the clause (a
  certificate of insurance on request, an audit's scope), not the clause;
- ``other``: not a clause of the category.

It bounds what precision by CUAD's labels can say about what a lawyer reads: the share of wrong
cards that are clauses after all, with a 95% interval.

    .venv/bin/python bench/card_audit.py --draw 120 --findings f.json --out sample.json   # the sample
    .venv/bin/python bench/card_audit.py --precision 0.404                                  # the summary

``--findings`` is bench/clause_findings_dump.py's output; the committed audit drew from
``660e664``'s findings with seed 18.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import cuad  # noqa: E402
from bench.clause_eval import _jaccard, _sets  # noqa: E402

AUDIT = Path(__file__).parent / "data" / "card_audit.jsonl"
VERDICTS = ("clause", "bounds", "related", "other")


def wrong_cards(found: dict[str, list[str]]) -> list[dict]:
    rows = sorted(cuad.labels("dev"), key=lambda r: r["file"])
    out = []
    for row in rows:
        for key, quotes in found.items():
            file, cat = key.split("\x1f")
            if file != row["file"]:
                continue
            labels = [_sets(c["text"])[1] for c in row["clauses"] if c["category"] == cat]
            out += [{"file": file, "category": cat, "quote": q} for q in quotes if not any(_jaccard(_sets(q)[1], s) >= 0.5 for s in labels)]
    return out


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = k / n
    mid, half = (p + z * z / (2 * n)) / (1 + z * z / n), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return mid - half, mid + half


def summary(audit: list[dict], precision: float | None) -> None:
    n = len(audit)
    count = Counter(a["verdict"] for a in audit)
    print(f"{n} wrong cards read")
    for v in VERDICTS:
        lo, hi = wilson(count[v], n)
        print(f"  {v:8} {count[v]:4d}  {count[v] / n:.3f}  (95% {lo:.3f}-{hi:.3f})")
    if precision is not None:
        for name, kinds in (("clause", ("clause",)), ("clause or bounds", ("clause", "bounds")), ("clause, bounds or related", ("clause", "bounds", "related"))):
            k = sum(count[v] for v in kinds)
            lo, hi = wilson(k, n)
            est = lambda share: precision + (1 - precision) * share  # noqa: E731
            print(f"  precision if {name} counted right: {est(k / n):.3f} (95% {est(lo):.3f}-{est(hi):.3f})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--draw", type=int, help="draw this many wrong cards from --findings")
    ap.add_argument("--findings", type=Path)
    ap.add_argument("--seed", type=int, default=18)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--precision", type=float, help="precision by CUAD's rule of the findings the audit drew from")
    args = ap.parse_args()
    if args.draw:
        wrong = wrong_cards(json.loads(args.findings.read_text()))
        random.seed(args.seed)
        args.out.write_text(json.dumps(random.sample(wrong, args.draw), indent=0, ensure_ascii=False))
        print(f"{args.draw} of {len(wrong)} wrong cards -> {args.out}")
        return
    audit = [json.loads(line) for line in AUDIT.read_text().splitlines() if line.strip()]
    assert all(a["verdict"] in VERDICTS for a in audit)
    summary(audit, args.precision)


if __name__ == "__main__":
    main()
