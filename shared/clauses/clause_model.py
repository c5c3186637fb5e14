"""The clause model: per-category probabilities for clause spans, learned from CUAD train.

TF-IDF over word 1–2-grams and character 3–5-grams inside words, then one logistic
regression per category (multi-label: a span may be several things at once). A linear model
on sparse n-grams scores a 100-page contract in well under a second on one core, which is
what lets locate read every span of the document instead of guessing pages first.

The artifact (``models/clause/``) is plain data, not a pickle: the vocabulary as JSON, the
IDF weights and coefficients as a NumPy archive, the per-category operating thresholds as
JSON. Loading it needs scikit-learn's tokenisers only. ``scripts/train_clause_model.py``
writes it; ``models/clause/CARD.md`` says how and how well.
"""

from __future__ import annotations

import hashlib
import json
import logging
from functools import lru_cache
from pathlib import Path

import numpy as np
import scipy.sparse as sp
from shared.clauses.confidence import Confidence
from shared.clauses.neighbours import Neighbours
from shared.clauses.ngrams import CharNgramCounter
from shared.clauses.presence import Presence
from shared.clauses.vectors import char_vectorizer, context_vectorizer, tfidf, word_vectorizer

log = logging.getLogger(__name__)

MODEL_DIR = Path(__file__).resolve().parents[2] / "models" / "clause"
CONTEXT_CHARS = 160  # how much of the preceding text a span's context features see


class ClauseModel:
    """``score(spans, contexts) -> (n, len(categories))`` probabilities; ``thresholds`` per category."""

    def __init__(self, categories: list[str], vocabs: dict[str, list[str]], idf: dict[str, np.ndarray], coef: np.ndarray, intercept: np.ndarray, thresholds: dict[str, float], meta: dict | None = None) -> None:
        self.categories = categories
        self.index = {c: i for i, c in enumerate(categories)}
        self._vec = {
            "word": word_vectorizer({t: i for i, t in enumerate(vocabs["word"])}),
            "char": char_vectorizer({t: i for i, t in enumerate(vocabs["char"])}),
            "context": context_vectorizer({t: i for i, t in enumerate(vocabs["context"])}),
        }
        # The same character n-gram counts as the "char" vectorizer, in NumPy (shared.clauses.ngrams):
        # they are most of the scoring time on the draft path.
        self._char = CharNgramCounter(self._vec["char"].vocabulary, self._vec["char"].ngram_range)
        self._idf = idf
        self._coef = coef.astype(np.float32)  # (features, categories)
        self._intercept = intercept.astype(np.float32)
        self.thresholds = thresholds
        self.meta = meta or {}
        # Names the model in shared caches: scores of one model are never read as another's.
        digest = hashlib.sha256(self._intercept.tobytes() + self._coef[:64].tobytes() + json.dumps(sorted(thresholds.items())).encode())
        self.version = f"{len(categories)}c-{digest.hexdigest()[:12]}"
        self.weights_version = self.version  # the regressions' own: what the neighbours stage was trained on
        self.scores_version = self.version  # what the scores depend on: the version less the presence model
        self.neighbours = None  # shared.clauses.neighbours.Neighbours, when models/clause/neighbours/ is there
        self.presence = None  # shared.clauses.presence.Presence, when models/clause/presence/ is there
        self.confidence = None  # shared.clauses.confidence.Confidence, when models/clause/confidence.json is there

    def features(self, spans: list[str], contexts: list[str] | None = None) -> sp.csr_matrix:
        contexts = contexts if contexts is not None else [""] * len(spans)
        counts = {"word": self._vec["word"].transform(spans), "char": self._char.transform(spans), "context": self._vec["context"].transform(contexts)}
        blocks = [tfidf(counts[name], self._idf[name]) for name in ("word", "char", "context")]
        return sp.hstack(blocks, format="csr")

    def score(self, spans: list[str], contexts: list[str] | None = None) -> np.ndarray:
        """Probabilities, one row per span, one column per category in ``categories``."""
        if not spans:
            return np.zeros((0, len(self.categories)), np.float32)
        x = self.features(spans, contexts)
        probs = (1.0 / (1.0 + np.exp(-np.clip(x @ self._coef + self._intercept, -30, 30)))).astype(np.float32)
        if self.neighbours is None:
            return probs
        return self.neighbours.rescore(probs, x, len(self._vec["word"].vocabulary), spans)  # the word block is x's first columns

    def threshold(self, category: str) -> float:
        return self.thresholds.get(category, 0.5)

    # --- the artifact ---------------------------------------------------------------------

    def save(self, path: Path) -> None:
        path.mkdir(parents=True, exist_ok=True)
        vocabs = {name: sorted(v.vocabulary, key=v.vocabulary.get) for name, v in self._vec.items()}
        (path / "vocab.json").write_text(json.dumps(vocabs, ensure_ascii=False))
        np.savez_compressed(path / "weights.npz", coef=self._coef.astype(np.float16), intercept=self._intercept, **{f"idf_{k}": v for k, v in self._idf.items()})
        (path / "config.json").write_text(json.dumps({"categories": self.categories, "thresholds": self.thresholds, "meta": self.meta}, indent=1))

    @classmethod
    def load(cls, path: Path = MODEL_DIR) -> ClauseModel:
        vocabs = json.loads((path / "vocab.json").read_text())
        w = np.load(path / "weights.npz")
        cfg = json.loads((path / "config.json").read_text())
        idf = {k: w[f"idf_{k}"] for k in ("word", "char", "context")}
        model = cls(cfg["categories"], vocabs, idf, w["coef"].astype(np.float32), w["intercept"], cfg["thresholds"], cfg.get("meta"))
        model.neighbours = Neighbours.load(path / "neighbours")
        if model.neighbours is not None:
            if model.neighbours.meta.get("clause_model") != model.weights_version:
                log.warning("the neighbours stage at %s was trained on another clause model's scores: run `make model`", path / "neighbours")
            model.version = model.scores_version = f"{model.version}+{model.neighbours.version}"
        model.presence = Presence.load(path / "presence")
        if model.presence is not None:
            if model.presence.meta.get("clause_model") != model.scores_version:
                log.warning("the presence model at %s was trained on the scores of another clause model (%s, this is %s): run `make model`", path / "presence", model.presence.meta.get("clause_model"), model.scores_version)
            model.version = f"{model.version}+{model.presence.version}"
        model.confidence = Confidence.load(path / "confidence.json")
        if model.confidence is not None:
            if model.confidence.meta.get("clause_model") != model.scores_version:
                log.warning("the card confidence at %s was fitted on the scores of another clause model: run `make model`", path / "confidence.json")
            model.version = f"{model.version}+{model.confidence.version}"
        return model


@lru_cache(maxsize=3)
def default(stage: str = "tfidf"):
    """The committed model, loaded once per process: the TF-IDF model, or (``stage`` "both" or
    "encoder", where ``models/clause_encoder/`` is there) with the clause encoder re-scoring its
    candidates or alone."""
    model = ClauseModel.load(MODEL_DIR)
    log.info("clause model loaded: %d categories, %s", len(model.categories), model.meta.get("version", "?"))
    if stage == "tfidf":
        return model
    from shared.clauses.clause_encoder import ENCODER_DIR, StagedModel  # it builds on this module

    if not (ENCODER_DIR / "model.onnx").exists():
        log.warning("clause stage %r asked, but no clause encoder at %s: the TF-IDF model alone scores", stage, ENCODER_DIR)
        return model
    staged = StagedModel(model, ENCODER_DIR, stage)
    log.info("clause encoder loaded: stage %s, %s", stage, staged.version)
    return staged
