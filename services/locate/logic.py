"""Finding the pages that answer a question: lexical (BM25), clause patterns, and dense
similarity (FAISS inner product over chunk embeddings), fused by weighted min-max scores.

Dense scoring costs most, so it runs only on a shortlist of pages the cheap signals
chose; a 100-page contract embeds a few dozen chunks, not a few hundred.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import faiss
import numpy as np
from rank_bm25 import BM25Okapi

from shared.clauses import Category, content_words, sentences

Embed = Callable[[list[str]], np.ndarray]

WEIGHTS = {"bm25": 0.35, "pattern": 0.35, "dense": 0.30}


@dataclass(frozen=True)
class Ranked:
    page: int        # 1-based
    score: float
    parts: dict[str, float]


def tokens(text: str) -> list[str]:
    return sorted(content_words(text))  # sorted: bag of words, stable order


def chunks(text: str, max_chars: int = 700) -> list[str]:
    """Sentence-aligned chunks of about ``max_chars`` (the encoder reads 128 tokens)."""
    out, cur = [], ""
    for span in sentences(text, max_chars=max_chars):
        piece = " ".join(span.text.split())
        if cur and len(cur) + len(piece) > max_chars:
            out.append(cur)
            cur = ""
        cur = f"{cur} {piece}".strip()
    if cur:
        out.append(cur)
    return out


def _minmax(x: np.ndarray) -> np.ndarray:
    lo, hi = float(x.min()), float(x.max())
    return np.zeros_like(x) if hi - lo < 1e-12 else (x - lo) / (hi - lo)


def query_text(question: str, cats: list[Category]) -> str:
    return " ".join([question, *(t for c in cats for t in c.triggers)])


def rank_pages(
    pages: list[str], question: str, cats: list[Category], embed: Embed | None, *, top_k: int = 5, shortlist: int = 5
) -> list[Ranked]:
    """The ``top_k`` pages best first. ``embed=None`` ranks on the cheap signals alone."""
    n = len(pages)
    if n == 0:
        return []
    qtext = query_text(question, cats)
    docs = [tokens(p) for p in pages]
    bm25 = np.asarray(BM25Okapi([d or ["_"] for d in docs]).get_scores(tokens(qtext)), dtype=np.float32) if n > 1 else np.ones(1, np.float32)
    pattern = np.array([sum(c.hits(p) for c in cats) / (1 + len(p) / 3000) for p in pages], dtype=np.float32)
    parts = {"bm25": _minmax(bm25), "pattern": _minmax(pattern), "dense": np.zeros(n, np.float32)}
    cheap = WEIGHTS["bm25"] * parts["bm25"] + WEIGHTS["pattern"] * parts["pattern"]
    if embed is not None:
        cand = [int(i) for i in np.argsort(-cheap, kind="stable")[:shortlist] if pages[i].strip()]
        parts["dense"] = dense_scores(pages, cand, qtext, embed)
    total = cheap + WEIGHTS["dense"] * parts["dense"]
    order = np.argsort(-total, kind="stable")[:top_k]
    return [Ranked(int(i) + 1, float(total[i]), {k: round(float(v[i]), 4) for k, v in parts.items()}) for i in order if pages[i].strip()]


def dense_scores(pages: list[str], cand: list[int], qtext: str, embed: Embed) -> np.ndarray:
    """Per page, the best cosine of any of its chunks to the query (0 outside ``cand``)."""
    out = np.zeros(len(pages), np.float32)
    owners, texts = [], []
    for i in cand:
        for ch in chunks(pages[i]):
            owners.append(i)
            texts.append(ch)
    if not texts:
        return out
    vecs = embed(texts)
    index = faiss.IndexFlatIP(vecs.shape[1])
    index.add(vecs)
    q = embed([qtext])
    sims, ids = index.search(q, len(texts))
    for sim, idx in zip(sims[0], ids[0]):
        page = owners[idx]
        out[page] = max(out[page], float(sim))
    return out
