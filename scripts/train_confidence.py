"""Fit the card confidence (``shared.clauses.confidence``) on CUAD train and write it to
models/clause/confidence.json (``make model``, after the neighbours stage).

    .venv/bin/python scripts/train_confidence.py [--oof-cache var/clause_oof_stacked.npz] [--C 0.3]

Every train contract goes through the product's own findings (``shared.clauses.findings``:
clause extents, vetoes, one card per clause) with the clause model's out-of-fold scores after the
neighbours stage, so each card is scored by a model that never saw its contract. A card is right
when a labelled clause of its category matches it by CUAD's rule (word-set Jaccard >= 0.5). A
logistic regression on log(score / threshold) with one offset per category (L2, ``--C``) gives
the probability that a card is right. The presence model is left out: its train logits are
in-sample. Dev is used only to measure (bench/bench_confidence.py).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
from sklearn.linear_model import LogisticRegression

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import cuad  # noqa: E402
from bench import clause_eval  # noqa: E402
from shared.clauses import findings  # noqa: E402
from shared.clauses.clause_model import MODEL_DIR, ClauseModel  # noqa: E402
from shared.clauses.confidence import Confidence  # noqa: E402

TIERS = {"likely": 0.6, "possible": 0.3}  # "likely": right more often than not by a margin; "weak": under three in ten


def train_cards(model: ClauseModel, oof: np.ndarray) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """(score / threshold, right by CUAD's rule, category) of every card on CUAD train."""
    rows = [r for r in cuad.labels("train") if "txt" in r]  # the order train_clause_model's units (and the cache) follow
    cats = [c for c in model.categories if c not in cuad.NON_CLAUSE]
    ratio, right, of = [], [], []
    at = 0
    for r in rows:
        text = Path(r["txt"]).read_text(encoding="utf-8", errors="replace")
        units = findings.page_units([text])
        scored = findings.Scored(units, oof[at : at + len(units)], model, texts=(text,))
        at += len(units)
        for cat, f, ok in clause_eval.cards(scored, r["clauses"], cats):
            ratio.append(f.score / max(model.threshold(cat), 1e-6))
            right.append(ok)
            of.append(cat)
    if at != len(oof):
        sys.exit(f"the cache has {len(oof)} units, the train contracts {at}: run `make model` to rebuild it")
    return np.array(ratio), np.array(right), of


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", type=Path, default=MODEL_DIR)
    ap.add_argument("--oof-cache", type=Path, default=ROOT / "var" / "clause_oof_stacked.npz", help="out-of-fold scores after the neighbours stage (make model writes them)")
    ap.add_argument("--C", type=float, default=0.3)
    args = ap.parse_args()
    t0 = time.time()
    if not args.oof_cache.exists():
        sys.exit(f"{args.oof_cache} is missing: run `make model`")
    model = ClauseModel.load(args.model)
    model.confidence = None
    ratio, right, of = train_cards(model, np.load(args.oof_cache)["oof"])
    cats = sorted(set(of))
    x = np.hstack([np.log(np.maximum(ratio, 1.0))[:, None], np.array([[c == k for k in cats] for c in of], np.float64)])
    lr = LogisticRegression(C=args.C, max_iter=5000).fit(x, right)
    fitted = Confidence(float(lr.intercept_[0]), float(lr.coef_[0][0]), dict(zip(cats, map(float, lr.coef_[0][1:]))), TIERS)
    p = np.array([fitted.of(c, r, 1.0) for c, r in zip(of, ratio)])
    tiers = {}
    for name in ("likely", "possible", "weak"):
        on = np.array([fitted.tier(v) == name for v in p])
        tiers[name] = {"cards": int(on.sum()), "mean_confidence": round(float(p[on].mean()), 3), "right": round(float(right[on].mean()), 3)}
        print(f"{name:9s} {on.sum():5d} cards: mean confidence {p[on].mean():.3f}, right {right[on].mean():.3f}")
    fitted.meta = {"version": time.strftime("%Y-%m-%d"), "trained_on": "CUAD train: the product's cards from the clause model's out-of-fold scores after the neighbours stage",
                   "clause_model": model.scores_version, "cards": len(right), "right": round(float(right.mean()), 4), "C": args.C, "tiers_on_train": tiers}
    fitted.save(args.model / "confidence.json")
    print(f"{len(right)} train cards, {right.mean():.3f} right; slope {fitted.slope:.3f} per log ratio; saved to {args.model / 'confidence.json'}; {time.time() - t0:.0f}s")


if __name__ == "__main__":
    main()
