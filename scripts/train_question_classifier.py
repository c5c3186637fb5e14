"""Train the question classifier that routing weighs against its trigger phrases (models/question/).

    .venv/bin/python scripts/train_question_classifier.py

Data (never the "holdout" split of tests/data/routing_questions_independent.jsonl: only rows
whose split is "tune" are read): tests/data/routing_questions_train.jsonl, the "tune" rows of
routing_questions_independent.jsonl (set 1 and set 2), tests/data/routing_questions.jsonl, and
as short texts of their category the CUAD descriptions, names and trigger phrases of
shared/clauses/routing_data.json (its non-CUAD "background" topics as questions of none).

Every question is read as routing reads it (routing.normalise: spelling and typos folded).
First stage (shared.clauses.routing_learned): one-vs-rest logistic regression over the MiniLM
vector beside word/char n-gram TF-IDF. Second stage: one logistic regression over per-category
evidence (routing_learned.stack_features, with the first stage's best probability over the parts
of a several-part question beside the whole's), fitted on out-of-fold first-stage probabilities for
the train set only (the phrases were tuned on the other question sets, so their evidence there
is too good to learn from); thresholds from nested cross-validation on it. Deterministic (SEED).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
import time
from pathlib import Path

import numpy as np
import scipy.sparse as sp
from sklearn.linear_model import LogisticRegression

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from services.locate.embedder import Embedder  # noqa: E402
from shared.clauses import routing, routing_learned  # noqa: E402
from shared.clauses.routing_text import several_parts  # noqa: E402

SEED = 13
C = 16.0  # first stage
STACK_C = 1.0
FOLDS = 5
MIN_DF = 2  # an n-gram must be in two training texts
TOPS = (0.2, 0.3, 0.4, 0.5, 0.6)
EXTRAS = (0.3, 0.4, 0.5, 0.6, 0.7)
NAMES = list(routing.NAMES)
DATA = ROOT / "tests" / "data"


def jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def load_sets() -> dict[str, list[dict]]:
    independent = [r for r in jsonl(DATA / "routing_questions_independent.jsonl") if r["split"] == "tune"]  # never holdout
    prior = [{"question": t, "expected": [n]}
             for n in NAMES for t in (routing.DESCRIPTIONS[n], n.replace("/", " or "), *routing.TRIGGERS[n])]
    prior += [{"question": t, "expected": []} for t in routing.BACKGROUND]
    return {"train": jsonl(DATA / "routing_questions_train.jsonl"), "set1": [r for r in independent if r.get("set", 1) == 1],
            "set2": [r for r in independent if r.get("set") == 2], "rq": jsonl(DATA / "routing_questions.jsonl"), "prior": prior}


class Vectorizer:
    """TF-IDF of routing_learned.ngrams, as QuestionModel computes it (sublinear TF, smooth IDF, unit blocks)."""

    def fit(self, texts: list[str]) -> Vectorizer:
        df: list[dict[str, int]] = [{}, {}]
        for t in texts:
            for block, counts in enumerate(routing_learned.ngrams(t)):
                for g in counts:
                    df[block][g] = df[block].get(g, 0) + 1
        self.vocab = [sorted(g for g, n in d.items() if n >= MIN_DF) for d in df]
        self.index = [{g: i for i, g in enumerate(v)} for v in self.vocab]
        self.idf = [np.array([math.log((1 + len(texts)) / (1 + d[g])) + 1 for g in v]) for d, v in zip(df, self.vocab)]
        return self

    def transform(self, texts: list[str]) -> list[sp.csr_matrix]:
        out = []
        for block in (0, 1):
            rows, cols, vals = [], [], []
            for r, t in enumerate(texts):
                counts = routing_learned.ngrams(t)[block]
                index, idf = self.index[block], self.idf[block]
                found = [(index[g], (1 + math.log(c)) * idf[index[g]]) for g, c in counts.items() if g in index]
                norm = math.sqrt(sum(v * v for _, v in found)) or 1.0
                rows += [r] * len(found)
                cols += [i for i, _ in found]
                vals += [v / norm for _, v in found]
            out.append(sp.csr_matrix((vals, (rows, cols)), shape=(len(texts), len(self.vocab[block]))))
        return out


def labels(rows: list[dict]) -> np.ndarray:
    y = np.zeros((len(rows), len(NAMES)))
    for i, r in enumerate(rows):
        for c in r["expected"]:
            y[i, NAMES.index(c)] = 1
    return y


def fit_first(texts: list[str], vecs: np.ndarray, y: np.ndarray) -> tuple[Vectorizer, np.ndarray, np.ndarray]:
    vz = Vectorizer().fit(texts)
    x = sp.hstack([sp.csr_matrix(vecs), *vz.transform(texts)]).tocsr()
    coef, intercept = np.zeros((len(NAMES), x.shape[1])), np.zeros(len(NAMES))
    for j in range(len(NAMES)):
        m = LogisticRegression(C=C, solver="liblinear", dual=True, max_iter=5000, random_state=SEED).fit(x, y[:, j])
        coef[j], intercept[j] = m.coef_[0], m.intercept_[0]
    return vz, coef, intercept


def model_of(vz: Vectorizer, coef: np.ndarray, intercept: np.ndarray, stack=(np.zeros(17), 0.0),
             top=0.5, extra=0.5) -> routing_learned.QuestionModel:
    arrays = {"idf": np.concatenate(vz.idf), "coef": coef, "intercept": intercept,
              "stack_coef": stack[0], "stack_intercept": np.array(stack[1])}
    card = {"top": top, "extra": extra, "limit": routing.MAX_CATEGORIES}
    return routing_learned.QuestionModel(NAMES, vz.vocab[0] + vz.vocab[1], len(vz.vocab[0]), arrays, card)


class Evidence:
    """What route() knows about each question before the learned layer: text, lexical scores,
    prototype picks, whole-question similarities, vector (the same code path as route())."""

    def __init__(self, rows: list[dict], embed) -> None:
        self.rows, self.y = rows, labels(rows)
        self.text, self.lex, self.picks, self.whole, vecs, self.parts = [], [], [], [], [], []
        for r in rows:
            text = routing.normalise(r["question"])
            hits = routing._hits(text)
            lex: dict[str, float] = {}
            for h in hits:
                lex[h.name] = max(lex.get(h.name, 0.0), h.score)
            picks, whole, vector = routing._semantic(text, hits, embed)
            self.text.append(text)
            self.lex.append(np.array([lex.get(c, 0.0) for c in NAMES]))
            self.picks.append(np.array([float(c in picks) for c in NAMES]))
            self.whole.append(whole)
            vecs.append(vector)
            parts = several_parts(text)  # read on their own too, as route() reads them
            self.parts.append((parts, routing._PROTOTYPES.embed_texts(parts, embed) if parts else None))
        self.vecs = np.array(vecs)
        self.baseline = [sorted({*lex_names(lx), *(n for n, v in zip(NAMES, pk) if v)}) for lx, pk in zip(self.lex, self.picks)]

    def stack_x(self, model: routing_learned.QuestionModel, p: np.ndarray, p_part: np.ndarray) -> np.ndarray:
        return np.stack([routing_learned.stack_features(p[i], self.lex[i], self.picks[i], np.array([self.whole[i][c] for c in NAMES]),
                                                        self.whole[i][""], model.meta, p_part[i]) for i in range(len(self.rows))])


def batched(embed, texts: list[str]):
    """``embed`` for what routing._semantic will ask of it for ``texts``, computed in one batch:
    a first pass records the texts (with zero vectors), the second answers from the batch."""
    asked: list[str] = []

    def record(batch: list[str]) -> np.ndarray:
        asked.extend(batch)
        return np.zeros((len(batch), 384), np.float32)

    for text in texts:
        routing._semantic(text, routing._hits(text), record)
        routing._PROTOTYPES.embed_texts(several_parts(text), record)
    uniq = list(dict.fromkeys(asked))
    table = dict(zip(uniq, embed(uniq)))
    return lambda batch: np.array([table[t] for t in batch])


def lex_names(lex: np.ndarray) -> list[str]:
    return [n for n, v in zip(NAMES, lex) if v > 0]


def exact(rows: list[dict], got: list) -> float:
    return float(np.mean([set(g) == set(r["expected"]) for r, g in zip(rows, got)]))


def decided(model: routing_learned.QuestionModel, scores: np.ndarray) -> list[list[str]]:
    return [list(model.decide(s)) for s in scores]


def stack_fit(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, float]:
    m = LogisticRegression(C=STACK_C, max_iter=5000, random_state=SEED).fit(x.reshape(-1, x.shape[-1]), y.reshape(-1))
    return m.coef_[0], float(m.intercept_[0])


def stack_scores(x: np.ndarray, stack: tuple[np.ndarray, float]) -> np.ndarray:
    return 1 / (1 + np.exp(-(x @ stack[0] + stack[1])))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=routing_learned.MODEL_DIR)
    args = ap.parse_args()
    t0 = time.time()
    sets = load_sets()
    prior_text = [routing.normalise(r["question"]) for r in sets["prior"]]
    embed = batched(Embedder().embed, [routing.normalise(r["question"]) for v in sets.values() for r in v])  # one batch, one set of prototypes
    ev = {k: Evidence(v, embed) for k, v in sets.items() if k != "prior"}
    prior_vecs = routing._PROTOTYPES.embed_texts(prior_text, embed)
    prior_y = labels(sets["prior"])
    tr = ev["train"]
    n = len(tr.rows)
    fold = np.random.RandomState(SEED).permutation(n) % FOLDS

    def first(parts: list[tuple[list[str], np.ndarray, np.ndarray]]):
        return fit_first([t for p in parts for t in p[0]], np.vstack([p[1] for p in parts]), np.vstack([p[2] for p in parts]))

    def part(e: Evidence, idx=None):
        idx = np.arange(len(e.rows)) if idx is None else idx
        return [e.text[i] for i in idx], e.vecs[idx], e.y[idx]

    def probs(m, e: Evidence, idx) -> tuple[np.ndarray, np.ndarray]:
        """The whole question's probabilities, and the best of them and its parts'."""
        p = np.array([m.probs(e.text[i], e.vecs[i]) for i in idx])
        return p, np.array([m.part_probs(*e.parts[i], q) for i, q in zip(idx, p)])

    # Out-of-fold first-stage probabilities on the train set.
    others = [(prior_text, prior_vecs, prior_y), part(ev["set1"]), part(ev["set2"]), part(ev["rq"])]
    p_oof, pp_oof = np.zeros((n, len(NAMES))), np.zeros((n, len(NAMES)))
    for k in range(FOLDS):
        m = model_of(*first([*others, part(tr, np.flatnonzero(fold != k))]))
        p_oof[fold == k], pp_oof[fold == k] = probs(m, tr, np.flatnonzero(fold == k))
    x_tr = tr.stack_x(m, p_oof, pp_oof)
    # Nested: the second stage out of fold too, for its thresholds and an honest number.
    s_oof = np.zeros((n, len(NAMES)))
    for k in range(FOLDS):
        s_oof[fold == k] = stack_scores(x_tr[fold == k], stack_fit(x_tr[fold != k], tr.y[fold != k]))
    grid = {(t, e): exact(tr.rows, [_decide(s, t, e) for s in s_oof]) for t, e in itertools.product(TOPS, EXTRAS)}
    top, extra = max(grid, key=lambda k: (grid[k], -abs(k[0] - 0.4), -abs(k[1] - 0.5)))
    stack = stack_fit(x_tr, tr.y)
    metrics = {"train_oof": {"phrases": exact(tr.rows, [lex_names(x) for x in tr.lex]), "phrases_prototypes": exact(tr.rows, tr.baseline),
                             "learned_alone": exact(tr.rows, [_decide(p, 0.2, 0.3) for p in p_oof]), "shipped": grid[(top, extra)]}}
    # The other question sets, each with a first stage that never saw it (phrases were tuned on them).
    for name in ("set1", "set2", "rq"):
        rest = [(prior_text, prior_vecs, prior_y), part(tr), *(part(ev[o]) for o in ("set1", "set2", "rq") if o not in (name,))]
        m = model_of(*first(rest), stack, top, extra)
        e = ev[name]
        p, pp = probs(m, e, np.arange(len(e.rows)))
        metrics[name] = {"phrases": exact(e.rows, [lex_names(x) for x in e.lex]), "phrases_prototypes": exact(e.rows, e.baseline),
                         "learned_alone": exact(e.rows, [_decide(q, 0.2, 0.3) for q in p]),
                         "shipped": exact(e.rows, decided(m, stack_scores(e.stack_x(m, p, pp), stack)))}
    vz, coef, intercept = first([*others, part(tr)])
    args.out.mkdir(parents=True, exist_ok=True)
    vocab = {"n_word": len(vz.vocab[0]), "ngrams": vz.vocab[0] + vz.vocab[1]}
    (args.out / "vocab.json").write_text(json.dumps(vocab, ensure_ascii=False), encoding="utf-8")
    np.savez_compressed(args.out / "weights.npz", idf=np.concatenate(vz.idf).astype(np.float32), coef=coef.astype(np.float16),
                        intercept=intercept.astype(np.float32), stack_coef=stack[0].astype(np.float32),
                        stack_intercept=np.array(stack[1], np.float32))
    card = {"categories": NAMES, "top": top, "extra": extra, "limit": routing.MAX_CATEGORIES, "seed": SEED, "C": C, "stack_C": STACK_C,
            "folds": FOLDS, "min_df": MIN_DF, "vocab": {"words": len(vz.vocab[0]), "chars": len(vz.vocab[1])},
            "data": {k: len(v) for k, v in sets.items()}, "threshold_grid": {f"{t}/{e}": round(v, 4) for (t, e), v in grid.items()},
            "metrics": {k: {a: round(b, 4) for a, b in v.items()} for k, v in metrics.items()}, "seconds": round(time.time() - t0, 1),
            "command": ".venv/bin/python scripts/train_question_classifier.py"}
    (args.out / "card.json").write_text(json.dumps(card, indent=1) + "\n", encoding="utf-8")
    print(json.dumps({k: card[k] for k in ("top", "extra", "vocab", "data", "metrics", "seconds")}, indent=1))


def _decide(scores: np.ndarray, top: float, extra: float) -> list[str]:
    order = np.argsort(-scores, kind="stable")[: routing.MAX_CATEGORIES]
    if scores[order[0]] < top:
        return []
    return [NAMES[order[0]], *(NAMES[j] for j in order[1:] if scores[j] >= extra)]


if __name__ == "__main__":
    main()
