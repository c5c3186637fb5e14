"""Finding the pages that answer a question: lexical (BM25), clause patterns, and dense
similarity (FAISS inner product over chunk embeddings), fused by weighted min-max scores.

Dense scoring costs most, so it runs only on a shortlist of pages the cheap signals
chose; a 100-page contract embeds a few dozen chunks, not a few hundred.
"""

from __future__ import annotations

from collections import OrderedDict
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


class VectorCache:
    """Chunk vectors by (document sha256, page): the same contract asked again embeds nothing.

    Least recently used pages are dropped past ``max_pages``.
    """

    def __init__(self, max_pages: int = 5000) -> None:
        self._max = max_pages
        self._data: OrderedDict[tuple[str, int], np.ndarray] = OrderedDict()

    def get(self, key: tuple[str, int]) -> np.ndarray | None:
        vecs = self._data.get(key)
        if vecs is not None:
            self._data.move_to_end(key)
        return vecs

    def put(self, key: tuple[str, int], vecs: np.ndarray) -> None:
        self._data[key] = vecs
        self._data.move_to_end(key)
        while len(self._data) > self._max:
            self._data.popitem(last=False)


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
    pages: list[str],
    question: str,
    cats: list[Category],
    embed: Embed | None,
    *,
    top_k: int = 5,
    shortlist: int = 5,
    cache: VectorCache | None = None,
    doc_key: str = "",
) -> list[Ranked]:
    """The ``top_k`` pages best first. ``embed=None`` ranks on the cheap signals alone;
    with ``cache`` and ``doc_key``, chunk vectors of pages seen before are reused."""
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
        parts["dense"] = dense_scores(pages, cand, qtext, embed, cache, doc_key)
    total = cheap + WEIGHTS["dense"] * parts["dense"]
    order = np.argsort(-total, kind="stable")[:top_k]
    return [Ranked(int(i) + 1, float(total[i]), {k: round(float(v[i]), 4) for k, v in parts.items()}) for i in order if pages[i].strip()]


def dense_scores(pages: list[str], cand: list[int], qtext: str, embed: Embed, cache: VectorCache | None = None, doc_key: str = "") -> np.ndarray:
    """Per page, the best cosine of any of its chunks to the query (0 outside ``cand``)."""
    out = np.zeros(len(pages), np.float32)
    vecs_by_page = {i: cache.get((doc_key, i)) for i in cand} if cache is not None and doc_key else dict.fromkeys(cand)
    missing = [(i, ch) for i, v in vecs_by_page.items() if v is None for ch in chunks(pages[i])]
    if missing:  # one batch for every page not cached yet
        fresh = embed([ch for _, ch in missing])
        for i in {i for i, _ in missing}:
            vecs_by_page[i] = fresh[[k for k, (j, _) in enumerate(missing) if j == i]]
            if cache is not None and doc_key:
                cache.put((doc_key, i), vecs_by_page[i])
    owners = [i for i in cand if vecs_by_page[i] is not None for _ in range(len(vecs_by_page[i]))]
    if not owners:
        return out
    vecs = np.concatenate([vecs_by_page[i] for i in cand if vecs_by_page[i] is not None])
    index = faiss.IndexFlatIP(vecs.shape[1])
    index.add(vecs)
    sims, ids = index.search(embed([qtext]), len(owners))
    for sim, idx in zip(sims[0], ids[0]):
        out[owners[idx]] = max(out[owners[idx]], float(sim))
    return out
