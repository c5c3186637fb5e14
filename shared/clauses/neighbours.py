"""The neighbours stage: a clause model's candidates re-scored by the train units they resemble.

The linear model weighs each n-gram once for the whole category; a clause is often told by
which labelled clause it reads like. For each category, the units of CUAD train the clause
model put near or over its threshold (out of fold) are kept with their word TF-IDF vectors
and whether lawyers labelled them. A unit of a new contract that is such a candidate is
compared with them (cosine over word 1–2-gram TF-IDF, the vectors the clause model already
computes): how like the nearest labelled one it is, against the nearest unlabelled one, and the
labelled share of its ten nearest. A per-category logistic regression on those three and the
clause model's own margin gives the new score, shifted so that each category's threshold lets
through as many train units as before (out of fold): which units, not how many, is what changes.

Costs a sparse product of a contract's candidates with a few thousand vectors per category:
milliseconds. ``scripts/train_neighbours.py`` writes ``models/clause/neighbours/``; the clause
model's card says how much it measures.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import scipy.sparse as sp
from shared.clauses.presence import logit
from shared.documents.titles import bare

EXCLUDED = -2.0  # a similarity that takes no part (training: the unit's own contract)


def margin(probs: np.ndarray, threshold: float) -> np.ndarray:
    """How far ``probs`` are over ``threshold``, in logits: the clause model's score as the stage reads it."""
    return logit(probs) - logit(np.float32(threshold))


def unit_rows(x: sp.csr_matrix) -> sp.csr_matrix:
    """Rows scaled to unit length (cosine is then a product)."""
    norms = np.sqrt(np.asarray(x.multiply(x).sum(axis=1)).ravel())
    return sp.csr_matrix(sp.diags(1.0 / np.maximum(norms, 1e-12)) @ x, dtype=np.float32)


def features(sims: np.ndarray, labelled: np.ndarray, margin: np.ndarray, k: int) -> np.ndarray:
    """Per unit: [the clause model's margin, best labelled similarity less best unlabelled one,
    labelled share of the ``k`` nearest (weighted by similarity), best labelled similarity].
    ``sims`` (units, members) has ``EXCLUDED`` where a member takes no part."""
    best_on = np.where(labelled[None, :], sims, EXCLUDED).max(axis=1) if labelled.any() else np.full(len(sims), EXCLUDED)
    best_off = np.where(~labelled[None, :], sims, EXCLUDED).max(axis=1) if (~labelled).any() else np.full(len(sims), EXCLUDED)
    near = np.argsort(-sims, axis=1)[:, :k]
    w = np.take_along_axis(sims, near, axis=1).clip(0)
    share = (labelled[near] * w).sum(axis=1) / (w.sum(axis=1) + 1e-9)
    return np.column_stack([margin, best_on - best_off, share, best_on]).astype(np.float32)


class Neighbours:
    """``rescore(probs, x, n_words, spans)``: candidates' probabilities re-scored."""

    def __init__(self, vectors: sp.csr_matrix, members: dict[int, tuple[np.ndarray, np.ndarray]], stack: dict[int, np.ndarray], base: np.ndarray, floor: float, k: int, meta: dict) -> None:
        self.vectors = vectors  # unit-length word TF-IDF rows of the train candidates
        self.members = members  # category index -> (rows of ``vectors``, labelled)
        self.stack = stack  # category index -> [4 weights, intercept less the threshold shift]
        self.base = np.asarray(base, np.float32)  # the clause model's thresholds it was trained on: candidates and margins are read against them
        self.floor, self.k, self.meta = floor, k, meta
        digest = hashlib.sha256(json.dumps(meta, sort_keys=True).encode() + b"".join(v.tobytes() for _, v in sorted(stack.items())))
        self.version = f"nb-{digest.hexdigest()[:8]}"

    def rescore(self, probs: np.ndarray, x: sp.csr_matrix, n_words: int, spans: list[str]) -> np.ndarray:
        """``probs`` (units, categories) of ``spans`` with each candidate (at or over ``floor`` ×
        its category's base threshold, and not too bare to be a clause alone, as in training)
        re-scored from the word block of its features (``x``'s first ``n_words`` columns)."""
        out = probs.copy()
        rows = np.flatnonzero((probs >= self.floor * self.base[None, :]).any(axis=1))
        rows = rows[[not bare(spans[i]) for i in rows]]
        if not len(rows):
            return out
        vecs = unit_rows(x[rows][:, :n_words])
        for k, w in self.stack.items():
            sel = np.flatnonzero(probs[rows, k] >= self.floor * self.base[k])
            if not len(sel):
                continue
            idx, labelled = self.members[k]
            sims = (vecs[sel] @ self.vectors[idx].T).toarray()
            z = features(sims, labelled, margin(probs[rows[sel], k], self.base[k]), self.k) @ w[:4] + w[4] + logit(np.float32(self.base[k]))
            out[rows[sel], k] = 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))
        return out

    # --- the artifact ---------------------------------------------------------------------

    def save(self, path: Path) -> None:
        path.mkdir(parents=True, exist_ok=True)
        v = self.vectors
        arrays = {"data": v.data.astype(np.float16), "indices": v.indices.astype(np.int32), "indptr": v.indptr.astype(np.int64), "shape": np.array(v.shape)}
        for k, (idx, labelled) in self.members.items():
            arrays[f"rows_{k}"], arrays[f"labelled_{k}"] = idx.astype(np.int32), labelled.astype(bool)
        np.savez_compressed(path / "vectors.npz", **arrays)
        cfg = {"base": [float(t) for t in self.base], "floor": self.floor, "k": self.k, "stack": {str(k): [float(x) for x in w] for k, w in self.stack.items()}, "meta": self.meta}
        (path / "config.json").write_text(json.dumps(cfg, indent=1))

    @classmethod
    def load(cls, path: Path) -> Neighbours | None:
        if not (path / "config.json").exists():
            return None
        cfg = json.loads((path / "config.json").read_text())
        a = np.load(path / "vectors.npz")
        vectors = sp.csr_matrix((a["data"].astype(np.float32), a["indices"], a["indptr"]), shape=tuple(a["shape"]))
        stack = {int(k): np.array(w, np.float32) for k, w in cfg["stack"].items()}
        members = {k: (a[f"rows_{k}"], a[f"labelled_{k}"]) for k in stack}
        return cls(vectors, members, stack, np.array(cfg["base"], np.float32), cfg["floor"], cfg["k"], cfg["meta"])
