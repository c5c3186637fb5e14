"""Routing's learned layer: a question classifier, and a small second stage that weighs its
probabilities against what the trigger phrases and the prototypes found.

1. ``probs``: one logistic regression per CUAD category (one-vs-rest, multi-label) over the
   question's MiniLM vector (the one routing already computed for its prototypes) beside
   TF-IDF of its word 1–2-grams and of character 3–5-grams inside words (sublinear TF, each
   block unit length). A question about none of the categories has no positive label.
2. ``decide``: per category, a logistic regression over a dozen numbers (``stack_features``:
   the classifier's log-odds and rank, whether a trigger phrase named the category, whether a
   prototype picked it, its prototype similarity, the classifier's best log-odds over the parts
   of a several-part question ...) says how likely the category is asked about; the best goes
   in above ``top``, further ones above ``extra`` (at most ``limit``).

The artifact (``models/question/``) is plain data, no pickle: ``vocab.json`` (n-grams),
``weights.npz`` (IDF, coefficients, second stage), ``card.json`` (categories, thresholds,
training arguments). ``scripts/train_question_classifier.py`` writes it; ``README.md`` there says
how and how well. Knows nothing of routing's vocabulary or of any embedder (vectors come in).
"""

from __future__ import annotations

import json
import logging
import math
import re
from functools import lru_cache
from pathlib import Path

import numpy as np

log = logging.getLogger(__name__)

MODEL_DIR = Path(__file__).resolve().parents[2] / "models" / "question"
META = frozenset({"Document Name", "Parties", "Agreement Date", "Effective Date"})
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z0-9]+)*")


def ngrams(text: str) -> tuple[dict[str, int], dict[str, int]]:
    """Counts of word 1–2-grams and of character 3–5-grams inside space-padded words."""
    words = _WORD.findall(text.lower())
    wc: dict[str, int] = {}
    for g in (*words, *(f"{a} {b}" for a, b in zip(words, words[1:]))):
        wc[g] = wc.get(g, 0) + 1
    cc: dict[str, int] = {}
    for w in words:
        padded = f" {w} "
        for n in (3, 4, 5):
            for i in range(len(padded) - n + 1):
                g = padded[i : i + n]
                cc[g] = cc.get(g, 0) + 1
    return wc, cc


def _logit(p: np.ndarray) -> np.ndarray:
    q = np.clip(p, 1e-4, 1 - 1e-4)
    return np.log(q / (1 - q))


def stack_features(p: np.ndarray, lex: np.ndarray, proto: np.ndarray, sims: np.ndarray, background: float, meta: np.ndarray,
                   p_part: np.ndarray) -> np.ndarray:
    """(categories, d) second-stage inputs for one question: classifier probabilities ``p``,
    lexical scores ``lex`` (0 where no phrase named the category), ``proto`` (1 where the
    prototype layer picked it), prototype similarities ``sims``, the best background one,
    ``meta`` (1 for the metadata categories) and ``p_part``: the best of ``p`` and the classifier's
    probabilities for each part of a several-part question (``QuestionModel.part_probs``). Read whole, "when does it
    expire, and who owns the IP?" dilutes each topic's n-grams with the other's; read by parts,
    each stands on its own."""
    lg = _logit(p)
    lg_part = _logit(p_part)
    rank = np.empty(len(p), int)
    rank[np.argsort(-p, kind="stable")] = np.arange(len(p))
    hit = (lex > 0).astype(np.float64)
    n_hit = np.full(len(p), hit.sum())
    cols = [lg, hit, lex, proto * (1 - hit), sims, sims - background, rank == 0, rank == 1, rank == 2,
            p / max(float(p.max()), 1e-9), n_hit, n_hit == 0, hit * lg, meta, np.full(len(p), lg.max()), lg_part, hit * lg_part]
    return np.stack([np.asarray(c, np.float64) for c in cols], axis=1)


class QuestionModel:
    """``probs(text, vector)``: per-category probabilities; ``decide(...)``: the categories asked."""

    def __init__(self, categories: list[str], vocab: list[str], n_word: int, arrays: dict[str, np.ndarray], card: dict) -> None:
        self.categories = list(categories)
        self.card = card
        self._word = {g: i for i, g in enumerate(vocab[:n_word])}
        self._char = {g: i for i, g in enumerate(vocab[n_word:])}
        self._idf_w, self._idf_c = arrays["idf"][:n_word].astype(np.float64), arrays["idf"][n_word:].astype(np.float64)
        coef = arrays["coef"].astype(np.float32)  # (categories, 384 + words + chars)
        self._dim = coef.shape[1] - len(vocab)
        self._emb, self._cw, self._cc = coef[:, : self._dim], coef[:, self._dim : self._dim + n_word], coef[:, self._dim + n_word :]
        self._cwT, self._ccT = np.ascontiguousarray(self._cw.T), np.ascontiguousarray(self._cc.T)
        self._b = arrays["intercept"].astype(np.float64)
        self._sw, self._sb = arrays["stack_coef"].astype(np.float64), float(arrays["stack_intercept"])
        self.meta = np.array([c in META for c in self.categories], np.float64)
        self.top, self.extra, self.limit = float(card["top"]), float(card["extra"]), int(card["limit"])

    def _block(self, counts: dict[str, int], index: dict[str, int], idf: np.ndarray, weightsT: np.ndarray) -> np.ndarray:
        found = [(index[g], (1.0 + math.log(c)) * idf[index[g]]) for g, c in counts.items() if g in index]
        if not found:
            return np.zeros(len(self.categories))
        idx = np.array([i for i, _ in found])
        val = np.array([v for _, v in found])
        return (val / np.linalg.norm(val)) @ weightsT[idx]

    def logits(self, text: str, vector: np.ndarray) -> np.ndarray:
        wc, cc = ngrams(text)
        return (self._emb @ np.asarray(vector, np.float32)).astype(np.float64) + self._b + \
            self._block(wc, self._word, self._idf_w, self._cwT) + self._block(cc, self._char, self._idf_c, self._ccT)

    def probs(self, text: str, vector: np.ndarray) -> np.ndarray:
        return 1.0 / (1.0 + np.exp(-self.logits(text, vector)))

    def part_probs(self, parts: list[str], vectors: np.ndarray | None, p: np.ndarray) -> np.ndarray:
        """The best of ``p`` (the whole question's) and each part's probabilities (``p`` where there are no parts)."""
        return np.max([p, *(self.probs(t, v) for t, v in zip(parts, vectors))], axis=0) if parts else p

    def stacked(self, p: np.ndarray, lex: np.ndarray, proto: np.ndarray, sims: np.ndarray, background: float,
                p_part: np.ndarray) -> np.ndarray:
        x = stack_features(p, lex, proto, sims, background, self.meta, p_part)
        return 1.0 / (1.0 + np.exp(-(x @ self._sw + self._sb)))

    def weigh(self, text: str, vector: np.ndarray, lex: dict[str, float], picks: dict[str, float], whole: dict[str, float],
              parts: list[str], part_vectors: np.ndarray | None, limit: int | None = None) -> dict[str, float]:
        """The categories asked about: the classifier's probabilities (of the whole question, and of
        each of its ``parts``) weighed against the phrases' scores ``lex``, the prototypes' ``picks``
        and the whole question's prototype similarities ``whole`` ('' the best background one); at
        most ``limit`` (the card's where None or fewer)."""
        cats = self.categories
        p = self.probs(text, vector)
        return self.decide(self.stacked(p, np.array([lex.get(c, 0.0) for c in cats]), np.array([float(c in picks) for c in cats]),
                                        np.array([whole[c] for c in cats]), whole[""], self.part_probs(parts, part_vectors, p)), limit)

    def decide(self, scores: np.ndarray, limit: int | None = None) -> dict[str, float]:
        """Category -> score for those asked about, best first: the best above ``top``, more above ``extra``."""
        order = np.argsort(-scores, kind="stable")[: max(self.limit, limit or 0)]
        if not len(order) or scores[order[0]] < self.top:
            return {}
        keep = [order[0], *(j for j in order[1:] if scores[j] >= self.extra)]
        return {self.categories[j]: float(scores[j]) for j in keep}


def from_dir(path: Path) -> QuestionModel:
    card = json.loads((path / "card.json").read_text(encoding="utf-8"))
    vocab = json.loads((path / "vocab.json").read_text(encoding="utf-8"))
    with np.load(path / "weights.npz", allow_pickle=False) as z:
        arrays = {k: z[k] for k in z.files}
    return QuestionModel(card["categories"], vocab["ngrams"], int(vocab["n_word"]), arrays, card)


@lru_cache(maxsize=1)
def load() -> QuestionModel | None:
    """The committed model, or None (routing then runs without it) when it is absent or unreadable."""
    try:
        return from_dir(MODEL_DIR)
    except (OSError, KeyError, ValueError) as exc:
        log.warning("no question classifier at %s (%s): routing uses phrases and prototypes only", MODEL_DIR, exc)
        return None
