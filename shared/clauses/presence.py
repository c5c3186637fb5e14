"""Whether a contract has a clause of a category at all: decided once per contract and category.

A unit's score says how much one passage reads like a clause of a category; whether the contract
has such a clause is a different question, and the best unit's score answers it badly for the
categories that depend on the kind of contract (a revenue share in a licence, a minimum commitment
in a supply agreement). The presence model adds what the whole contract reads like: a logistic
regression over its words per category, stacked per category with the best unit's margin over
its threshold. One threshold on the result serves every category. Trained on CUAD train by
``scripts/train_presence.py``; plain data under ``models/clause/presence/``.

What findings do with it (``shared.clauses.findings``): a category judged absent (the logit under
``threshold``) gets no finding, even where a unit passes its threshold. An asked category with
no finding whose logit is at or over ``likely`` is said to be absent with a warning: contracts
like this one usually have such a clause, so the absence is a reason to look, not to rely on.
(Quoting the best unit there instead was measured and rejected: on train it was the clause
one time in twenty.)
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np

from shared.clauses.vectors import tfidf, word_vectorizer


def logit(p: np.ndarray) -> np.ndarray:
    p = np.clip(np.asarray(p, np.float32), 1e-4, 1 - 1e-4)
    return np.log(p / (1 - p))


class Presence:
    """``score(texts, best, thresholds)`` -> one presence logit per category; present: the logit
    at or over ``threshold``; an absence to check: at or over ``likely``."""

    def __init__(self, categories: list[str], vocab: list[str], idf: np.ndarray, coef: np.ndarray, intercept: np.ndarray, stack: np.ndarray, threshold: float, likely: float, meta: dict | None = None) -> None:
        self.categories = categories
        self._vec = word_vectorizer({t: i for i, t in enumerate(vocab)})
        self._idf = idf.astype(np.float32)
        self._coef = coef.astype(np.float32)        # (features, categories): the document model
        self._intercept = intercept.astype(np.float32)
        self._stack = stack.astype(np.float32)      # (categories, 3): margin weight, document weight, bias
        self.threshold = float(threshold)
        self.likely = float(likely)
        self.meta = meta or {}
        digest = hashlib.sha256(self._intercept.tobytes() + self._stack.tobytes() + self._coef[:64].tobytes() + f"{self.threshold} {self.likely}".encode())
        self.version = f"p-{digest.hexdigest()[:10]}"

    def score(self, texts: list[str] | tuple[str, ...], best: np.ndarray, thresholds: np.ndarray) -> np.ndarray:
        """Presence logits (len(categories),) of the contract whose pages are ``texts``, from
        its best unit score per category and the categories' unit thresholds."""
        x = tfidf(self._vec.transform(["\n".join(texts)]), self._idf)
        doc = np.asarray(x @ self._coef).ravel() + self._intercept
        margin = logit(best) - logit(thresholds)
        return (self._stack[:, 0] * margin + self._stack[:, 1] * doc + self._stack[:, 2]).astype(np.float32)

    def save(self, path: Path) -> None:
        path.mkdir(parents=True, exist_ok=True)
        vocab = sorted(self._vec.vocabulary, key=self._vec.vocabulary.get)
        (path / "vocab.json").write_text(json.dumps(vocab, ensure_ascii=False))
        np.savez_compressed(path / "weights.npz", coef=self._coef.astype(np.float16), intercept=self._intercept, stack=self._stack, idf=self._idf)
        (path / "config.json").write_text(json.dumps({"categories": self.categories, "threshold": self.threshold, "likely": self.likely, "meta": self.meta}, indent=1))

    @classmethod
    def load(cls, path: Path) -> Presence | None:
        """The presence model at ``path``, or None where there is none (findings then go by
        each unit's threshold alone)."""
        if not (path / "config.json").exists():
            return None
        cfg = json.loads((path / "config.json").read_text())
        w = np.load(path / "weights.npz")
        vocab = json.loads((path / "vocab.json").read_text())
        return cls(cfg["categories"], vocab, w["idf"], w["coef"].astype(np.float32), w["intercept"], w["stack"], cfg["threshold"], cfg["likely"], cfg.get("meta"))
