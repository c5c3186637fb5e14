"""Train the neighbours stage of the clause model on CUAD train and write it to
models/clause/neighbours/ (``make model``, after the clause model and before its presence model).

    .venv/bin/python scripts/train_neighbours.py [--oof-cache var/clause_oof.npz] [--stacked-out var/clause_oof_stacked.npz]

Reads the clause model's out-of-fold scores on train (so every margin is one of a contract the
model never saw). A candidate is a unit at or over ``--floor`` × its category's threshold that
is not too bare to be a clause. Its features (``shared.clauses.neighbours.features``) compare it
with the candidates of every other contract, so no unit is its own or its contract's neighbour.
Per category, a logistic regression on them is fitted out of fold (3 folds by contract, the
clause model's), its threshold shifted so that as many train candidates pass as passed the clause
model's threshold, and fitted again on all. Categories with fewer than ``--least`` labelled
candidates, or whose candidates it ranks no better than the margin alone (average precision per
fold, out of fold, over the margin's by ``--min-gain`` or less), keep the clause model's scores. The out-of-fold re-scored scores are written to
``--stacked-out`` for the presence model, which then reads them as they will be served.

Dev is used only to measure (bench/bench_clauses.py).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import average_precision_score

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from shared.clauses.clause_model import MODEL_DIR, ClauseModel  # noqa: E402
from shared.clauses.neighbours import EXCLUDED, Neighbours, features, margin, unit_rows  # noqa: E402
from shared.clauses.presence import logit  # noqa: E402
from train_clause_model import as_findings_read, train_units  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", type=Path, default=MODEL_DIR)
    ap.add_argument("--oof-cache", type=Path, default=ROOT / "var" / "clause_oof.npz", help="the clause model's out-of-fold scores (make model writes them)")
    ap.add_argument("--stacked-out", type=Path, default=ROOT / "var" / "clause_oof_stacked.npz")
    ap.add_argument("--floor", type=float, default=0.3, help="a candidate: a unit at or over this share of its category's threshold")
    ap.add_argument("--k", type=int, default=10, help="nearest neighbours whose labelled share is a feature")
    ap.add_argument("--least", type=int, default=6, help="labelled candidates a category needs to be re-scored")
    ap.add_argument("--min-gain", type=float, default=0.0, help="a category keeps its clause model's scores unless the stage's average precision (out of fold) is over the margin's by more")
    ap.add_argument("--C", type=float, default=1.0)
    ap.add_argument("--folds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=13)
    args = ap.parse_args()
    t0 = time.time()
    model = ClauseModel.load(args.model)
    model.neighbours = None  # the stage is trained on the clause model's own scores
    cats = model.categories
    texts, contexts, y, groups, _ = train_units(cats, ignore_bare=True)
    if not args.oof_cache.exists():
        sys.exit(f"{args.oof_cache} is missing: run `make model` (it keeps the clause model's out-of-fold scores there)")
    oof = np.load(args.oof_cache)["oof"]
    read = as_findings_read(oof, texts)
    thr = np.array([model.threshold(c) for c in cats], np.float32)
    cand = (read >= args.floor * thr[None, :]) & (y >= 0)
    units = np.flatnonzero(cand.any(axis=1))
    x = model.features([texts[i] for i in units], [contexts[i] for i in units])
    vectors = unit_rows(x[:, : len(model._vec["word"].vocabulary)])
    fold = np.random.default_rng(args.seed).permutation(groups.max() + 1) % args.folds
    print(f"{len(units)} candidate units of {len(texts)}; {time.time() - t0:.0f}s", flush=True)

    stacked = oof.copy()
    members, stack, ap = {}, {}, []
    for k, cat in enumerate(cats):
        rows = np.flatnonzero(cand[units, k])  # rows of ``vectors``
        labelled = y[units[rows], k] == 1
        if labelled.sum() < args.least:
            continue
        g = groups[units[rows]]
        sims = (vectors[rows] @ vectors[rows].T).toarray()
        sims[g[:, None] == g[None, :]] = EXCLUDED  # no unit is its own contract's neighbour
        over = margin(oof[units[rows], k], thr[k])
        feats = features(sims, labelled, over, args.k)
        z = np.zeros(len(rows), np.float32)
        for f in range(args.folds):
            tr, te = fold[g] != f, fold[g] == f
            lr = LogisticRegression(C=args.C, max_iter=2000).fit(feats[tr], labelled[tr])
            z[te] = lr.decision_function(feats[te])
        passed = int((over >= 0).sum())  # as many pass the shifted threshold, out of fold
        shift = float(np.sort(z)[::-1][passed - 1]) if passed else float(z.max() + 1.0)
        # the ablation, per fold: the clause model's margin alone, the neighbours alone (labelled share, ties by margin), both
        ap.append([np.mean([average_precision_score(labelled[fold[g] == f], s[fold[g] == f]) for f in range(args.folds) if labelled[fold[g] == f].any()])
                   for s in (over, feats[:, 2] + 1e-3 * over, z)])
        if ap[-1][2] <= ap[-1][0] + args.min_gain:
            print(f"{cat[:40]:40s} {len(rows):5d} candidates, {int(labelled.sum()):4d} labelled: ranks no better (AP {ap[-1][0]:.3f} -> {ap[-1][2]:.3f}), left as scored", flush=True)
            continue
        stacked[units[rows], k] = 1.0 / (1.0 + np.exp(-(z - shift + logit(thr[k]))))
        lr = LogisticRegression(C=args.C, max_iter=2000).fit(feats, labelled)
        stack[k] = np.array([*lr.coef_[0], lr.intercept_[0] - shift], np.float32)
        members[k] = (rows, labelled)
        print(f"{cat[:40]:40s} {len(rows):5d} candidates, {int(labelled.sum()):4d} labelled", flush=True)
    meta = {"version": time.strftime("%Y-%m-%d"), "trained_on": "CUAD train: the clause model's out-of-fold candidates", "clause_model": model.weights_version,
            "candidates": len(units), "args": {k: v for k, v in vars(args).items() if k in ("floor", "k", "least", "min_gain", "C", "folds", "seed")}}
    Neighbours(vectors, members, stack, thr, args.floor, args.k, meta).save(args.model / "neighbours")
    np.savez_compressed(args.stacked_out, oof=stacked)
    print("mean average precision per fold over the categories with enough labelled candidates: margin alone %.3f, neighbours alone %.3f, both %.3f" % tuple(np.mean(ap, axis=0)))
    print(f"{len(stack)} of {len(cats)} categories re-scored; saved to {args.model / 'neighbours'}, out-of-fold scores to {args.stacked_out}; {time.time() - t0:.0f}s")


if __name__ == "__main__":
    main()
