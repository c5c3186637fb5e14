"""Train the clause model on CUAD train and write it to models/clause/ (``make model``).

    .venv/bin/python scripts/train_clause_model.py [--out models/clause] [--folds 3] [--seed 13]

Units are the clause spans of each training contract, with their context (section title and
the text before), exactly as the services cut them (shared.clauses.findings.page_units). A span
is labelled with a category when it overlaps a lawyer-labelled clause of that category by at
least half of the span or half of the clause. One logistic regression per category on TF-IDF
word 1–2-grams, character 3–5-grams and the words just before the span.

Operating thresholds come from out-of-fold scores on train (contracts split into ``--folds``
groups): per category, the highest threshold that keeps clause recall ≥ ``--recall`` on
train. Dev is used only to measure (bench/bench_clauses.py), never to fit.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np
import scipy.sparse as sp
from joblib import Parallel, delayed
from sklearn.linear_model import LogisticRegression

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import cuad  # noqa: E402
from shared.clauses.clause_model import ClauseModel  # noqa: E402
from shared.clauses.vectors import char_vectorizer, context_vectorizer, word_vectorizer  # noqa: E402
from shared.clauses.findings import page_units  # noqa: E402
from shared.documents.titles import bare  # noqa: E402


def clause_offsets(text: str, clause: str) -> tuple[int, int] | None:
    at = text.find(clause)
    if at < 0:
        at = text.find(clause.strip())
    return (at, at + len(clause.strip())) if at >= 0 else None


def contract_units(row: dict, categories: list[str]) -> tuple[list[str], list[str], np.ndarray, list[tuple[int, np.ndarray]]]:
    """(span texts, contexts, labels (n, C) int8, placed clauses as (category, span indices)).

    Labels: 1 for a span that mostly is the clause (or holds most of it), -1 for a span that
    only touches a clause (ambiguous: left out of that category's training), 0 otherwise."""
    text = Path(row["txt"]).read_text(encoding="utf-8", errors="replace")
    spans = page_units([text])  # the training texts have no page breaks: one long page
    index = {c: i for i, c in enumerate(categories)}
    y = np.zeros((len(spans), len(categories)), np.int8)
    placed: list[tuple[int, np.ndarray]] = []
    starts = np.array([s.start for s in spans])
    ends = np.array([s.end for s in spans])
    for c in row["clauses"]:
        k = index.get(c["category"])
        off = clause_offsets(text, c["text"]) if k is not None else None
        if off is None:
            continue
        inter = np.clip(np.minimum(ends, off[1]) - np.maximum(starts, off[0]), 0, None)
        pos = (inter >= 0.5 * (ends - starts)) | (inter >= 0.5 * (off[1] - off[0]))
        y[(inter > 0) & ~pos & (y[:, k] == 0), k] = -1
        y[pos, k] = 1
        if pos.any():
            placed.append((k, np.flatnonzero(pos)))
    return [s.text for s in spans], [s.context for s in spans], y, placed


def train_units(categories: list[str], ignore_bare: bool = False):
    """Every unit of CUAD train: (texts, contexts, labels (n, C), contract of each unit,
    placed clauses as (category, unit indices)). ``ignore_bare``: units too bare to be a clause
    on their own (``splitter.bare``), which findings never quote, are left out of every
    category's training (label -1)."""
    rows = [r for r in cuad.labels("train") if "txt" in r]
    per = [contract_units(r, categories) for r in rows]
    texts = [t for p in per for t in p[0]]
    contexts = [t for p in per for t in p[1]]
    y = np.concatenate([p[2] for p in per])
    groups = np.concatenate([np.full(len(p[0]), i) for i, p in enumerate(per)])
    offsets = np.cumsum([0] + [len(p[0]) for p in per])
    placed = [(k, idx + offsets[i]) for i, p in enumerate(per) for k, idx in p[3]]
    if ignore_bare:
        y[np.array([bare(t) for t in texts])] = -1
    return texts, contexts, y, groups, placed


def idf_of(counts: sp.csr_matrix) -> np.ndarray:
    n = counts.shape[0]
    df = np.bincount(counts.indices, minlength=counts.shape[1])
    return (np.log((1 + n) / (1 + df)) + 1).astype(np.float32)


def nb_ratio(x: sp.csr_matrix, y: np.ndarray, alpha: float = 1.0) -> np.ndarray:
    """Naive-Bayes log-count ratio of each feature between the positive and negative units
    (Wang & Manning, 2012): scaling features by it before the regression sharpens rare cues."""
    present = (x > 0).astype(np.float32)
    p = np.asarray(present[y == 1].sum(axis=0)).ravel() + alpha
    q = np.asarray(present[y == 0].sum(axis=0)).ravel() + alpha
    return (np.log(p / p.sum()) - np.log(q / q.sum())).astype(np.float32)


def fit_one(x: sp.csr_matrix, y: np.ndarray, c: float, seed: int, nb: bool = False, pos_weight: float = 4.0) -> tuple[np.ndarray, float]:
    keep = y >= 0
    if (y == 1).sum() == 0:
        return np.zeros(x.shape[1], np.float32), -10.0
    x, y = x[keep], y[keep]
    r = nb_ratio(x, y) if nb else None
    lr = LogisticRegression(C=c, solver="liblinear", class_weight={0: 1.0, 1: pos_weight}, random_state=seed, max_iter=200)
    lr.fit(x @ sp.diags(r) if nb else x, y)
    coef = lr.coef_[0] * r if nb else lr.coef_[0]  # scaling folded into the weights: inference is unchanged
    return coef.astype(np.float32), float(lr.intercept_[0])


def fit(texts, contexts, y, categories, args) -> ClauseModel:
    vecs = {
        "word": word_vectorizer(min_df=3, max_features=args.word_features),
        "char": char_vectorizer(min_df=5, max_features=args.char_features),
        "context": context_vectorizer(min_df=5, max_features=args.context_features),
    }
    counts = {"word": vecs["word"].fit_transform(texts), "char": vecs["char"].fit_transform(texts), "context": vecs["context"].fit_transform(contexts)}
    vocabs = {k: sorted(v.vocabulary_, key=v.vocabulary_.get) for k, v in vecs.items()}
    idf = {k: idf_of(m) for k, m in counts.items()}
    model = ClauseModel(categories, vocabs, idf, np.zeros((sum(len(v) for v in vocabs.values()), len(categories))), np.zeros(len(categories)), {})
    x = model.features(texts, contexts)
    out = Parallel(n_jobs=args.jobs)(delayed(fit_one)(x, y[:, k], args.C, args.seed, args.nb, args.pos_weight) for k in range(len(categories)))
    model._coef = np.stack([w for w, _ in out], axis=1)
    model._intercept = np.array([b for _, b in out], np.float32)
    return model


def operating_thresholds(scores: np.ndarray, y: np.ndarray, placed: list[tuple[int, np.ndarray]], categories: list[str], target: float, lookahead: int = 10) -> dict[str, float]:
    """Per-category thresholds that reach clause recall ``target`` over all categories with
    the fewest wrong findings.

    Each category's threshold can only step down through the scores of its clauses' best
    spans; each step recalls one more clause at the cost of the spans it lets through. Moves
    are taken greedily by the precision of what they add, until ``target`` of all clauses are
    recalled: a category whose clauses the model cannot tell apart keeps a high threshold
    rather than flooding the findings. A move may take up to ``lookahead`` steps of one
    category at once (the run of them with the best precision), so one costly step does not
    hide cheap ones behind it: on CUAD train, thresholds from two folds measured on the third,
    10 gave precision 0.370 at recall 0.746 against 0.347 at 0.746 for single steps.
    """
    by_cat: dict[int, list[tuple[float, int, int]]] = {}  # per category: (threshold, spans added, good spans added)
    for k in range(len(categories)):
        best = np.sort(np.array([scores[idx, k].max() for kk, idx in placed if kk == k]))[::-1]
        col = np.sort(scores[:, k])[::-1]
        good = np.sort(scores[y[:, k] == 1, k])[::-1]
        prev_found = prev_good = 0
        for t in best:
            found = int(np.searchsorted(-col, -t, side="right"))
            hits = int(np.searchsorted(-good, -t, side="right"))
            by_cat.setdefault(k, []).append((float(t), found - prev_found, hits - prev_good))
            prev_found, prev_good = found, hits
    taken = dict.fromkeys(by_cat, 0)
    thresholds = dict.fromkeys(range(len(categories)), 1.01)
    recalled = 0
    while recalled < target * len(placed):
        move = None  # (precision of the run, category, its last step)
        for k, steps in by_cat.items():
            found = good = 0
            for j in range(taken[k], min(len(steps), taken[k] + lookahead)):
                found += steps[j][1]
                good += steps[j][2]
                value = (good + 1e-9) / (found + 1e-9)  # steps that add no findings are free
                if move is None or value > move[0]:
                    move = (value, k, j)
        if move is None:
            break
        _, k, j = move
        recalled += j + 1 - taken[k]
        taken[k] = j + 1
        thresholds[k] = by_cat[k][j][0]
    return {cat: round(min(thresholds[k], 0.99), 6) for k, cat in enumerate(categories)}


def as_findings_read(scores: np.ndarray, texts: list[str]) -> np.ndarray:
    """``scores`` with those of units too bare to be a clause on their own zeroed: findings
    never quote such a unit (``shared.documents.splitter.bare``), so thresholds and the
    presence model's best-unit margins leave them out."""
    return np.where(np.array([bare(t) for t in texts])[:, None], 0.0, scores).astype(scores.dtype)


def out_of_fold(texts, contexts, y, groups, categories, args, t0) -> np.ndarray:
    """Scores of each training span from a model that did not see its contract; cached in
    ``--oof-cache`` so thresholds can be re-derived without refitting."""
    if args.oof_cache and args.oof_cache.exists():
        cached = np.load(args.oof_cache)
        if cached["oof"].shape == y.shape:
            return cached["oof"]
    oof = np.zeros(y.shape, np.float32)
    fold_of = np.random.default_rng(args.seed).permutation(groups.max() + 1) % args.folds
    for f in range(args.folds):
        tr, te = fold_of[groups] != f, fold_of[groups] == f
        m = fit([t for t, keep in zip(texts, tr) if keep], [c for c, keep in zip(contexts, tr) if keep], y[tr], categories, args)
        oof[te] = m.score([t for t, keep in zip(texts, te) if keep], [c for c, keep in zip(contexts, te) if keep])
        print(f"fold {f + 1}/{args.folds} done; {time.time() - t0:.0f}s", flush=True)
    if args.oof_cache:
        np.savez_compressed(args.oof_cache, oof=oof)
    return oof


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=ROOT / "models" / "clause")
    ap.add_argument("--folds", type=int, default=3)
    ap.add_argument("--recall", type=float, default=0.80, help="clause recall the operating thresholds aim for on train (out of fold)")
    ap.add_argument("--lookahead", type=int, default=10, help="steps of one category's threshold a move may take at once (1: one clause at a time)")
    ap.add_argument("--bare", choices=("train", "ignore"), default="ignore", help="units too bare to be a clause (splitter.bare): left out of training (findings never quote them), or trained on like any")
    ap.add_argument("--oof-cache", type=Path, help="keep the out-of-fold scores here (and reuse them)")
    ap.add_argument("--thresholds-only", action="store_true", help="re-derive the thresholds of the model at --out from --oof-cache")
    ap.add_argument("--C", type=float, default=4.0)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--pos-weight", type=float, default=4.0, help="weight of positive units in the regression")
    ap.add_argument("--nb", action="store_true", help="scale features by naive-Bayes log-count ratios (NB-LR)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--word-features", type=int, default=120_000)
    ap.add_argument("--char-features", type=int, default=150_000)
    ap.add_argument("--context-features", type=int, default=20_000)
    args = ap.parse_args()
    t0 = time.time()
    categories = [c for c in cuad.descriptions() if c not in cuad.NON_CLAUSE]
    texts, contexts, y, groups, placed = train_units(categories, ignore_bare=args.bare == "ignore")
    print(f"{groups.max() + 1} contracts, {len(texts)} spans, {int((y == 1).any(1).sum())} labelled; {time.time() - t0:.0f}s", flush=True)

    oof = out_of_fold(texts, contexts, y, groups, categories, args, t0)
    thresholds = operating_thresholds(as_findings_read(oof, texts), y, placed, categories, args.recall, args.lookahead)

    model = ClauseModel.load(args.out) if args.thresholds_only else fit(texts, contexts, y, categories, args)
    model.thresholds = thresholds
    model.meta = {
        "version": time.strftime("%Y-%m-%d"),
        "trained_on": "CUAD train (296 contracts with text)",
        "spans": len(texts),
        "args": {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items() if k not in ("out", "oof_cache", "thresholds_only", "jobs")},
    }
    model.save(args.out)
    print(json.dumps({"thresholds": thresholds}, indent=1))
    print(f"saved to {args.out} in {time.time() - t0:.0f}s")


if __name__ == "__main__":
    main()
