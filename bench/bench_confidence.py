"""Is a card's confidence what it says? On CUAD dev, every card the product shows (one category
asked at a time, as bench_clauses asks), its confidence (``shared.clauses.confidence``) against
whether it is right by CUAD's rule (a labelled clause of its category with word-set Jaccard >= 0.5).
A benchmark, not a test.

Per tier (likely / possible / weak) and per tenth of confidence: cards, mean confidence, share
right. Beside it, what the previous main showed on a card, its raw score: how well each ranks
the cards (area under the ROC curve, over all categories together) and the Brier score of the
confidence. The calibration is fitted on train (``scripts/train_confidence.py``); dev is read here only.

    .venv/bin/python bench/bench_confidence.py [--contracts 100] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

import numpy as np
from sklearn.metrics import brier_score_loss, roc_auc_score

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import cuad  # noqa: E402
from bench.bench_clauses import load_dev  # noqa: E402
from bench import clause_eval  # noqa: E402
from shared.clauses import findings  # noqa: E402
from shared.clauses.clause_model import MODEL_DIR, ClauseModel  # noqa: E402


def dev_cards(rows: list[dict], model: ClauseModel) -> dict[str, np.ndarray]:
    cats = [c for c in model.categories if c not in cuad.NON_CLAUSE]
    out: dict[str, list] = {"confidence": [], "score": [], "right": [], "tier": [], "category": []}
    for r in rows:
        scored = findings.score_pages(r["pages_text"], model)
        for cat, f, ok in clause_eval.cards(scored, r["clauses"], cats):
            for k, v in (("confidence", f.confidence), ("score", f.score), ("tier", f.tier), ("category", cat), ("right", ok)):
                out[k].append(v)
    return {k: np.array(v) for k, v in out.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--contracts", type=int, default=100)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    model = ClauseModel.load(MODEL_DIR)
    if model.confidence is None:
        sys.exit(f"no card confidence at {MODEL_DIR / 'confidence.json'}: run scripts/train_confidence.py")
    t0 = time.time()
    cards = dev_cards(load_dev(args.contracts), model)
    conf, right = cards["confidence"].astype(float), cards["right"]
    res = {"date": time.strftime("%Y-%m-%d"), "machine": f"{platform.machine()}, {platform.processor() or 'cpu'}", "contracts": args.contracts,
           "cards": int(len(right)), "right": round(float(right.mean()), 4),
           "auc": {"confidence": round(float(roc_auc_score(right, conf)), 4), "raw score (previous main)": round(float(roc_auc_score(right, cards["score"])), 4)},
           "brier": {"confidence": round(float(brier_score_loss(right, conf)), 4), "one rate for every card": round(float(brier_score_loss(right, np.full(len(right), right.mean()))), 4)},
           "tiers": {}, "tenths": []}
    print(f"{len(right)} cards on {args.contracts} dev contracts, {right.mean():.3f} right by CUAD's rule ({time.time() - t0:.0f}s)")
    print("\n| tier | cards | share of cards | mean confidence | right |\n|---|---|---|---|---|")
    for name in ("likely", "possible", "weak"):
        on = cards["tier"] == name
        res["tiers"][name] = {"cards": int(on.sum()), "mean_confidence": round(float(conf[on].mean()), 3), "right": round(float(right[on].mean()), 3)}
        print(f"| {name} | {on.sum()} | {on.mean():.2f} | {conf[on].mean():.3f} | {right[on].mean():.3f} |")
    print("\n| confidence | cards | mean confidence | right |\n|---|---|---|---|")
    for lo in np.arange(0.0, 1.0, 0.1):
        on = (conf >= lo) & (conf < lo + 0.1 + (1e-9 if lo >= 0.9 else 0))
        if on.any():
            res["tenths"].append({"from": round(float(lo), 1), "cards": int(on.sum()), "mean_confidence": round(float(conf[on].mean()), 3), "right": round(float(right[on].mean()), 3)})
            print(f"| {lo:.1f}-{lo + 0.1:.1f} | {on.sum()} | {conf[on].mean():.3f} | {right[on].mean():.3f} |")
    print(f"\nranking the cards (ROC AUC): confidence {res['auc']['confidence']:.4f}, raw score {res['auc']['raw score (previous main)']:.4f}; "
          f"Brier: confidence {res['brier']['confidence']:.4f}, one rate for every card {res['brier']['one rate for every card']:.4f}")
    if args.json:
        args.json.write_text(json.dumps(res, indent=1))


if __name__ == "__main__":
    main()
