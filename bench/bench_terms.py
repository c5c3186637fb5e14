"""Clause terms against a hand-labelled set: is each term of a clause stated right, and is
"not stated" said only where the clause states none? (a benchmark, not a test)

The set, ``tests/data/clause_terms.jsonl``: 212 (clause, term) pairs from CUAD train and dev
labelled by reading each clause (cap amount or basis, notice periods, term and renewal
lengths, end dates, governing law, warranty, insurance, restriction periods, ...), 44 of them
with the term absent. Each clause is CUAD's labelled text, read whole by ``shared.clauses.terms``.

A stated term is right when its normalised value equals the label's (days within 2%, sums
equal, dates equal, the same jurisdiction) or, where the label has no normal form (a cap's
basis, a redacted figure), when its words match the label's (Jaccard ≥ 0.5, or one inside the
other). A "not stated" is right only on a pair labelled absent. "Said nothing" (``stated:
null``: the clause has figures, none read as the term) counts as not right, and is no false
"not stated".

    .venv/bin/python bench/bench_terms.py [--show-wrong]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import cuad  # noqa: E402
from shared.clauses import terms

DATA = ROOT / "tests" / "data" / "clause_terms.jsonl"


def rows() -> list[dict]:
    return [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]


def _words_match(a: str, b: str) -> bool:
    wa, wb = set(cuad.words(a)), set(cuad.words(b))
    if not wa or not wb:
        return False
    return len(wa & wb) / len(wa | wb) >= 0.5 or wa <= wb or wb <= wa


def right(label: dict, got: dict | None) -> bool:
    """Whether the extracted term ``got`` agrees with the labelled one."""
    stated = got is not None and got["stated"]
    if label["value"] is None:
        return not stated
    if not stated:
        return False
    if got.get("redacted"):  # the contract as filed hides the term: right where the label says so
        return "*" in label["value"] or "redact" in label["value"].lower()
    norm = label.get("normalized") or {}
    if "days" in norm and got["unit"] == "days" and got["value"] is not None:
        return abs(float(got["value"]) - norm["days"]) <= 0.02 * norm["days"] + 0.5
    if "date" in norm and got["value"] is not None:
        return got["value"] == norm["date"]
    if "jurisdiction" in norm:
        want, have = norm["jurisdiction"].lower(), (got["value"] or got["text"]).lower()
        return want == have or want in have or have in want
    amount = norm.get("usd", norm.get("amount"))
    if isinstance(amount, (int, float)) and got["value"] is not None and not isinstance(got["value"], str):
        return abs(float(got["value"]) - float(amount)) <= 0.005 * float(amount)
    return _words_match(label["value"], got["text"])


def evaluate(data: list[dict]) -> dict:
    per = defaultdict(Counter)
    wrong = []
    for r in data:
        got = next((t for t in terms.terms(r["category"], r["clause"]) if t["name"] == r["term"]), None)
        ok = right(r, got)
        key = f"{r['category']} · {r['term']}"
        per[key]["n"] += 1
        per[key]["right"] += ok
        per[key]["absent"] += r["value"] is None
        per[key]["false_not_stated"] += r["value"] is not None and got is not None and got["stated"] is False
        per[key]["unread"] += got is not None and got["stated"] is None
        per[key]["invented"] += r["value"] is None and bool(got and got["stated"])
        if not ok:
            wrong.append((r, got))
    total = sum(per.values(), Counter())
    return {"total": dict(total), "accuracy": total["right"] / total["n"], "per": {k: dict(v) for k, v in sorted(per.items())}, "wrong": wrong}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--show-wrong", action="store_true")
    args = ap.parse_args()
    res = evaluate(rows())
    print("| category · term | pairs | labelled absent | right | false 'not stated' | invented | said nothing |")
    print("|---|---|---|---|---|---|---|")
    for k, v in [*res["per"].items(), ("**all**", res["total"])]:
        print(f"| {k} | {v['n']} | {v.get('absent', 0)} | {v.get('right', 0)} | {v.get('false_not_stated', 0)} | {v.get('invented', 0)} | {v.get('unread', 0)} |")
    t = res["total"]
    print(f"accuracy {res['accuracy']:.3f}; false 'not stated' {t.get('false_not_stated', 0)}")
    if args.show_wrong:
        for r, got in res["wrong"]:
            print(f"\n[{r['id']}] {r['category']} · {r['term']}: want {r['value']!r} {r.get('normalized')}\n  got {got}\n  clause: {' '.join(r['clause'].split())[:400]}")


if __name__ == "__main__":
    main()
