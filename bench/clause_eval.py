"""Clause-level scoring of findings against CUAD's labels, by CUAD's rule and the old one.

CUAD's rule: a finding is correct when its word-set Jaccard with a labelled clause of its
category is ≥ 0.5; a labelled clause is recalled when a finding matches it so. The old rule
also counted a finding whose words lie inside a labelled clause as one run ("inside"), which
scores every fragment of a clause as correct. Besides precision and recall, per category:

- fragments: findings inside a labelled clause of their category with Jaccard < 0.5;
- repeats: findings that match (either rule) a labelled clause of their contract and category
  but are left over when each labelled clause is given at most one finding (a maximum one-to-one
  matching: two cards for one clause). Parallel clauses in the same words ("VIP shall have no
  liability ..." and "BNL shall have no liability ...") match each other's labels, so the set
  rule below called the second a repeat even where both are labelled;
- repeats_set: the set rule used before 2026-12-02, kept beside it: a finding all of whose
  matched clauses an earlier finding (best first) already matched;
- no-clause accuracy: contract-category pairs with no labelled clause and no finding;
- "not found": pairs with a labelled clause and no finding at all.

``findings`` is ``{(file, category): [quote, ...]}``, best first, each quote the whole clause
as shown (its rest over a page break included).
"""

from __future__ import annotations

from collections import Counter, defaultdict

import numpy as np
from scipy.optimize import linear_sum_assignment

from bench import cuad
from shared.clauses import findings as product


def _sets(text: str) -> tuple[list[str], set[str]]:
    w = cuad.words(text.replace("<omitted>", " "))
    return w, set(w)


def _jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a and b else 0.0


def _inside(q: list[str], c: list[str]) -> bool:
    return bool(q) and len(q) <= len(c) and f" {' '.join(q)} " in f" {' '.join(c)} "


def cards(scored, clauses: list[dict], categories: list[str]):
    """(category, finding, right by CUAD's rule) of every card the product makes from ``scored``
    (``shared.clauses.findings.Scored``), one category asked at a time; ``clauses``: the contract's
    labelled clauses."""
    for cat in categories:
        labels = [_sets(c["text"])[1] for c in clauses if c["category"] == cat]
        for f in product.findings(scored, [cat]):
            words = _sets(f"{f.quote} {f.continued}".strip())[1]
            yield cat, f, any(_jaccard(words, s) >= 0.5 for s in labels)


def score(rows: list[dict], cats: list[str], findings: dict[tuple[str, str], list[str]]) -> dict:
    """Per category and micro: the counts above, and the rates made from them."""
    per: dict[str, Counter] = defaultdict(Counter)
    for row in rows:
        by_cat = defaultdict(list)
        for c in row["clauses"]:
            by_cat[c["category"]].append(_sets(c["text"]))
        for cat in cats:
            labelled = by_cat.get(cat, [])
            quotes = [_sets(q) for q in findings.get((row["file"], cat), [])]
            t = per[cat]
            t["findings"] += len(quotes)
            t["clauses"] += len(labelled)
            if not labelled:
                t["absent_pairs"] += 1
                t["absent_ok"] += not quotes
            else:
                t["present_pairs"] += 1
                t["not_found"] += not quotes
            strict_hit, loose_hit = set(), set()
            edges = np.zeros((len(quotes), len(labelled)), bool)
            for k, (qw, qs) in enumerate(quotes):
                strict = {j for j, (_, cs) in enumerate(labelled) if _jaccard(qs, cs) >= 0.5}
                inside = {j for j, (cw, _) in enumerate(labelled) if _inside(qw, cw)}
                t["correct"] += bool(strict)
                t["correct_old"] += bool(strict | inside)
                t["fragments"] += bool(inside - strict) and not strict
                t["repeats_set"] += bool(strict | inside) and (strict | inside) <= loose_hit
                edges[k, list(strict | inside)] = True
                strict_hit |= strict
                loose_hit |= strict | inside
            t["repeats"] += int(edges.any(axis=1).sum()) - _matched(edges)
            t["recalled"] += len(strict_hit)
            t["recalled_old"] += len(loose_hit)
    micro = sum(per.values(), Counter())
    return {"micro": rates(micro), "per_category": {c: rates(per[c]) for c in cats}}


def _matched(edges: np.ndarray) -> int:
    """The size of a maximum one-to-one matching of findings (rows) to labelled clauses."""
    if not edges.any():
        return 0
    rows, cols = linear_sum_assignment(edges, maximize=True)
    return int(edges[rows, cols].sum())


def rates(t: Counter) -> dict:
    def div(a: float, b: float) -> float:
        return a / b if b else float("nan")

    return {
        "precision": div(t["correct"], t["findings"]), "recall": div(t["recalled"], t["clauses"]),
        "precision_old": div(t["correct_old"], t["findings"]), "recall_old": div(t["recalled_old"], t["clauses"]),
        "fragments": div(t["fragments"], t["findings"]), "repeats": div(t["repeats"], t["findings"]),
        "repeats_set": div(t["repeats_set"], t["findings"]),
        "no_clause_acc": div(t["absent_ok"], t["absent_pairs"]), "not_found": div(t["not_found"], t["present_pairs"]),
        "findings": t["findings"], "clauses": t["clauses"],
    }
