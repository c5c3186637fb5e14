"""Train the contract-level presence model on CUAD train and write it to models/clause/presence/
(``make model-presence``, after ``make model``).

    .venv/bin/python scripts/train_presence.py [--oof-cache var/clause_oof.npz] [--gate 0.03] [--likely-share 0.4]

Whether a contract has a clause of a category at all is decided once per contract and category,
from two things: how far the contract's best unit is over the category's threshold (the clause
model's out-of-fold scores on train, so the scores are those of contracts it never saw), and a
logistic regression over the whole contract's words (TF-IDF word 1–2-grams: what kind of
contract it is). A per-category logistic regression on those two numbers (the stacker) gives the
presence score. Two thresholds on it serve all categories, both chosen on train, out of fold at
every step:

- ``threshold``: under it a contract is judged not to have the category, and its units get no
  finding; set so that at most ``--gate`` of the contracts that have a clause of a category are
  judged not to (the units' own thresholds miss others; "not found" is the union);
- ``likely``: an asked category with no finding, at or over it, is reported absent with a
  warning that contracts like this one usually have one; the lowest value at which at least
  ``--likely-share`` of such absences are wrong (the contract has the clause).

Dev is used only to measure (bench/bench_clauses.py).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np
from sklearn.linear_model import LogisticRegression

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from bench import cuad  # noqa: E402
from shared.clauses.clause_model import MODEL_DIR, ClauseModel  # noqa: E402
from shared.clauses.vectors import tfidf, word_vectorizer  # noqa: E402
from shared.clauses.presence import Presence, logit  # noqa: E402
from train_clause_model import as_findings_read, idf_of, out_of_fold, train_units  # noqa: E402


def folds(n: int, k: int, seed: int) -> np.ndarray:
    return np.random.default_rng(seed).permutation(n) % k


def fit_lr(x, y: np.ndarray, c: float, seed: int):
    """(coef, intercept) of a logistic regression; a constant where y has one class."""
    if y.min() == y.max():
        p = min(max(float(y.mean()), 1e-3), 1 - 1e-3)
        return np.zeros(x.shape[1], np.float32), float(np.log(p / (1 - p)))
    lr = LogisticRegression(C=c, max_iter=2000, random_state=seed).fit(x, y)
    return lr.coef_[0].astype(np.float32), float(lr.intercept_[0])


def doc_scores(x, present: np.ndarray, args, train: np.ndarray, test: np.ndarray) -> np.ndarray:
    """Document-model logits of the ``test`` contracts from a fit on the ``train`` ones."""
    out = np.zeros((int(test.sum()), present.shape[1]), np.float32)
    for k in range(present.shape[1]):
        w, b = fit_lr(x[train], present[train, k], args.doc_C, args.seed)
        out[:, k] = x[test] @ w + b
    return out


def likely_threshold(stacked: np.ndarray, on: np.ndarray, absent: np.ndarray, share: float, least: int = 20) -> float:
    """The lowest presence logit over which at least ``share`` of the ``absent`` pairs (at
    least ``least`` of them) have the clause; +inf (never warn) when none does."""
    values = np.sort(stacked[absent])[::-1]
    has = on[absent][np.argsort(stacked[absent])[::-1]]
    frac = np.cumsum(has) / np.arange(1, len(has) + 1)
    ok = [i for i in range(least - 1, len(values)) if frac[i] >= share]
    return float(values[ok[-1]]) if ok else float("inf")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", type=Path, default=MODEL_DIR, help="the clause model whose scores it reads; the presence model goes into its presence/")
    ap.add_argument("--oof-cache", type=Path, default=ROOT / "var" / "clause_oof.npz", help="the clause model's out-of-fold scores (computed and kept here when missing)")
    ap.add_argument("--gate", type=float, default=0.03, help="share of present pairs the presence model alone may judge absent on train (out of fold)")
    ap.add_argument("--likely-share", type=float, default=0.4, help="share of the absences warned about that have the clause on train (out of fold)")
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--doc-C", type=float, default=4.0)
    ap.add_argument("--doc-features", type=int, default=50_000)
    ap.add_argument("--seed", type=int, default=13)
    args = ap.parse_args()
    t0 = time.time()
    model = ClauseModel.load(args.model)
    cats = model.categories
    train_args = json.loads((args.model / "config.json").read_text())["meta"]["args"]
    texts, contexts, y, groups, placed = train_units(cats, ignore_bare=train_args.get("bare") == "ignore")
    ns = argparse.Namespace(**{**train_args, "oof_cache": args.oof_cache, "jobs": 2})
    oof = out_of_fold(texts, contexts, y, groups, cats, ns, t0)
    rows = [r for r in cuad.labels("train") if "txt" in r]
    n = len(rows)
    best = np.zeros((n, len(cats)), np.float32)
    np.maximum.at(best, groups, as_findings_read(oof, texts))
    present = np.array([[c in {x["category"] for x in r["clauses"]} for c in cats] for r in rows], np.int8)
    docs = [Path(r["txt"]).read_text(encoding="utf-8", errors="replace") for r in rows]
    print(f"{n} contracts; {time.time() - t0:.0f}s", flush=True)

    vec = word_vectorizer(min_df=3, max_features=args.doc_features)
    counts = vec.fit_transform(docs)
    vocab = sorted(vec.vocabulary_, key=vec.vocabulary_.get)
    idf = idf_of(counts)
    x = tfidf(counts, idf)
    thr = np.array([model.threshold(c) for c in cats], np.float32)
    margin = logit(best) - logit(thr)[None]

    # Out of fold at every step: document logits of contracts the document model never saw,
    # then stacker scores of contracts the stacker never saw, for the threshold.
    fold = folds(n, args.folds, args.seed)
    doc_oof = np.zeros((n, len(cats)), np.float32)
    for f in range(args.folds):
        doc_oof[fold == f] = doc_scores(x, present, args, fold != f, fold == f)
    print(f"document model, out of fold; {time.time() - t0:.0f}s", flush=True)
    stacked = np.zeros((n, len(cats)), np.float32)
    stack = np.zeros((len(cats), 3), np.float32)
    for k in range(len(cats)):
        feats = np.stack([margin[:, k], doc_oof[:, k]], -1)
        for f in range(args.folds):
            w, b = fit_lr(feats[fold != f], present[fold != f, k], 1.0, args.seed)
            stacked[fold == f, k] = feats[fold == f] @ w + b
        w, b = fit_lr(feats, present[:, k], 1.0, args.seed)
        stack[k] = [w[0], w[1], b]
    on = present.astype(bool)
    under = margin < 0  # no unit over its category's threshold
    threshold = float(np.quantile(stacked[on], args.gate))
    likely = likely_threshold(stacked, on, under & (stacked >= threshold), args.likely_share)
    none = (stacked < threshold) | under
    nf, nc = float(np.mean(none[on])), float(np.mean(none[~on]))
    base_nf, base_nc = float(np.mean(under[on])), float(np.mean(under[~on]))
    warned = under & (stacked >= max(likely, threshold))
    print(f"train, out of fold: not found {nf:.3f}, no-clause {nc:.3f} (each unit's threshold alone: {base_nf:.3f}, {base_nc:.3f})")
    print(f"  absences warned about: {int(warned.sum())} of {int(none.sum())}, {np.mean(on[warned]) if warned.any() else 0:.2f} of them wrong;"
          f" the others wrong {np.mean(on[none & ~warned]):.3f}")

    coef = np.zeros((len(vocab), len(cats)), np.float32)
    intercept = np.zeros(len(cats), np.float32)
    for k in range(len(cats)):
        coef[:, k], intercept[k] = fit_lr(x, present[:, k], args.doc_C, args.seed)
    meta = {
        "version": time.strftime("%Y-%m-%d"), "trained_on": f"CUAD train ({n} contracts with text)",
        "clause_model": model.scores_version, "train_out_of_fold": {"not_found": round(nf, 4), "no_clause": round(nc, 4), "units_alone": {"not_found": round(base_nf, 4), "no_clause": round(base_nc, 4)},
                              "warned": int(warned.sum()), "warned_wrong": round(float(np.mean(on[warned])) if warned.any() else 0.0, 4), "unwarned_wrong": round(float(np.mean(on[none & ~warned])), 4)},
        "args": {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items() if k not in ("model", "oof_cache")},
    }
    Presence(cats, vocab, idf, coef, intercept, stack, threshold, likely, meta).save(args.model / "presence")
    print(f"saved to {args.model / 'presence'} in {time.time() - t0:.0f}s")


if __name__ == "__main__":
    main()
