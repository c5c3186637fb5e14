"""The clause encoder as a ranker of the TF-IDF model's candidates, out of fold on CUAD train: the
ablation of issue 18's "a better model where the features run out" (TF-IDF alone, encoder alone,
both), run before the encoder is trained for service (``make model-encoder``).

    .venv/bin/python bench/bench_encoder_stack.py [--epochs 3] [--folds-to-run 0,1,2]

Per fold of the clause model's out-of-fold split (3 by contract, seed 13), all-MiniLM-L6-v2 with
``scripts/train_clause_encoder.py``'s 37-way head is fine-tuned on the candidate units (at or over
``FLOOR`` × a category's threshold) of the other two folds and scores this fold's candidates; the scores
are kept in ``--cache`` so folds can be run one at a time (on 2 CPU cores a fold takes about 45 min
for 3 epochs; minutes on a GPU, which is used where there is one). Then, per category with six
labelled candidates or more, mean average precision per fold over the candidates of the folds
scored, for: the clause model's margin; the encoder; a logistic regression on both; the neighbours
stage's out-of-fold scores (``var/clause_oof_stacked.npz``, from ``make model``); and a regression
on all three. Each regression is fitted on the other scored folds (or, with one fold scored, on the
other half of its contracts) and measured on the held-out one.
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

import train_clause_encoder as tce  # noqa: E402
from shared.clauses.clause_encoder import BASE_DIR, MAX_TOKENS  # noqa: E402
from shared.clauses.clause_model import ClauseModel  # noqa: E402
from shared.clauses.neighbours import margin  # noqa: E402
from shared.clauses.presence import logit  # noqa: E402
from train_clause_model import as_findings_read, train_units  # noqa: E402

FLOOR = 0.3  # a candidate: a unit at or over this share of a category's threshold (the neighbours stage's and the encoder's)


def run_folds(folds: list[int], texts, contexts, y, groups, candidate, fold, args, t0) -> tuple[np.ndarray, np.ndarray]:
    """Encoder probabilities of the candidates of each fold in ``folds`` (cached; with no fold to
    run, only the cache is read, and its epochs are the ones reported)."""
    cached = np.load(args.cache) if args.cache.exists() else None
    if cached is not None and cached["probs"].shape == y.shape:
        probs, done = cached["probs"], cached["done"]
        if not [f for f in folds if not done[f]]:
            args.epochs = int(cached["epochs"]) if "epochs" in cached.files else args.epochs
            return probs, done
    else:
        probs, done = np.zeros(y.shape, np.float32), np.zeros(fold.max() + 1, bool)
    import torch
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(BASE_DIR / "tokenizer.json"))
    tok.enable_truncation(MAX_TOKENS)
    tok.enable_padding()
    targs = argparse.Namespace(lr=args.lr, epochs=args.epochs, batch=32, pos_weight=3.0, seed=args.seed, device="cuda" if torch.cuda.is_available() else "cpu")
    for f in folds:
        if done[f]:
            continue
        torch.manual_seed(args.seed)
        fit = np.flatnonzero(candidate & (fold[groups] != f))
        held = np.flatnonzero(candidate & (fold[groups] == f))
        print(f"fold {f}: fine-tuning on {len(fit)} candidates, {args.epochs} epochs on {targs.device}; {time.time() - t0:.0f}s", flush=True)
        model = tce.train(tce.build(y.shape[1]), tok, [texts[i] for i in fit], [contexts[i] for i in fit], y[fit], targs)
        probs[held] = tce.predict(model, tok, [texts[i] for i in held], [contexts[i] for i in held], device=targs.device)
        done[f] = True
        args.cache.parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(args.cache, probs=probs, done=done, epochs=args.epochs)
        print(f"fold {f} scored; {time.time() - t0:.0f}s", flush=True)
    return probs, done


def stacked(x: np.ndarray, labelled: np.ndarray, part: np.ndarray) -> np.ndarray:
    """Out-of-part decision values of a logistic regression on ``x``."""
    z = np.zeros(len(x), np.float32)
    for p in np.unique(part):
        tr, te = part != p, part == p
        if labelled[tr].any() and (~labelled[tr]).any():
            z[te] = LogisticRegression(C=1.0, max_iter=2000).fit(x[tr], labelled[tr]).decision_function(x[te])
    return z


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--lr", type=float, default=6e-5)
    ap.add_argument("--folds-to-run", default="0,1,2", help="folds to fine-tune now (the others are read from --cache if there)")
    ap.add_argument("--cache", type=Path, default=ROOT / "var" / "encoder_oof.npz")
    ap.add_argument("--seed", type=int, default=13)
    args = ap.parse_args()
    t0 = time.time()
    model = ClauseModel.load(ROOT / "models" / "clause")
    cats = model.categories
    texts, contexts, y, groups, _ = train_units(cats, ignore_bare=True)
    oof = as_findings_read(np.load(ROOT / "var" / "clause_oof.npz")["oof"], texts)
    stage_path = ROOT / "var" / "clause_oof_stacked.npz"
    stage = as_findings_read(np.load(stage_path)["oof"], texts) if stage_path.exists() else None
    thr = np.array([model.threshold(c) for c in cats], np.float32)
    candidate = (oof >= FLOOR * thr[None, :]).any(axis=1)
    fold = np.random.default_rng(args.seed).permutation(groups.max() + 1) % 3
    probs, done = run_folds([int(f) for f in args.folds_to_run.split(",") if f != ""], texts, contexts, y, groups, candidate, fold, args, t0)
    if not done.any():
        sys.exit("no fold scored yet")
    scored = np.flatnonzero(done)
    part_of = fold if len(scored) > 1 else np.where(fold == scored[0], np.random.default_rng(7).permutation(len(fold)) % 2, -1)
    names = ["margin", "encoder", "margin + encoder"] + (["neighbours stage", "stage + encoder"] if stage is not None else [])
    rows = []
    for k, cat in enumerate(cats):
        sel = np.flatnonzero((oof[:, k] >= FLOOR * thr[k]) & (y[:, k] >= 0) & done[fold[groups]])
        labelled = y[sel, k] == 1
        if labelled.sum() < 6:
            continue
        part = part_of[groups[sel]]
        m, e = margin(oof[sel, k], thr[k]), logit(probs[sel, k])  # logit clips
        scores = [m, e, stacked(np.column_stack([m, e]), labelled, part)]
        if stage is not None:
            s = logit(stage[sel, k])
            scores += [s, stacked(np.column_stack([m, s, e]), labelled, part)]
        aps = [np.mean([average_precision_score(labelled[part == p], v[part == p]) for p in np.unique(part) if labelled[part == p].any()]) for v in scores]
        rows.append(aps)
        print(f"{cat[:40]:40s} {int(labelled.sum()):4d} labelled  " + "  ".join(f"{n} {a:.3f}" for n, a in zip(names, aps)), flush=True)
    mean = np.mean(rows, axis=0)
    print(f"mean average precision over {len(rows)} categories, folds {[int(f) for f in scored]} ({args.epochs} epochs): " + ", ".join(f"{n} {a:.3f}" for n, a in zip(names, mean)))
    print(f"{time.time() - t0:.0f}s")


if __name__ == "__main__":
    main()
