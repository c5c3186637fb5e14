"""Finding the pages that answer a question: the clause model (a page scores its best
span's probability for the asked categories), BM25 over term frequencies (bm25s), and dense
similarity (FAISS inner product over chunk embeddings).

When the question asks for categories, the clause model decides and BM25 only breaks ties:
on CUAD dev every weight given to BM25 lowered page recall (bench/RESULTS.md). With no
category, BM25 and the dense signal rank the pages.

Dense scoring costs most, so it runs only on a shortlist of pages the cheap signals chose,
larger than ``top_k`` so it can change which pages are located; a 100-page contract embeds a
few dozen chunks, not a few hundred.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

import bm25s
import faiss
import numpy as np

from shared.clauses.catalogue import STOPWORDS
from shared.documents import cjk
from shared.documents.splitter import sentences

Embed = Callable[[list[str]], np.ndarray]

WEIGHTS = {"clause": 1.0, "bm25_tiebreak": 0.001, "bm25": 1.0, "dense": 0.3}


@dataclass(frozen=True)
class Ranked:
    page: int        # 1-based
    score: float
    parts: dict[str, float]


class VectorCache:
    """Chunk vectors by (document, page): the same contract asked again embeds nothing.

    The in-process layer of a cache shared through Redis: the handler preloads a document's
    stored vectors before ranking and stores what ranking embedded (``take_new``) after it.
    Least recently used pages are dropped past ``max_pages``.
    """

    def __init__(self, max_pages: int = 5000) -> None:
        self._max = max_pages
        self._data: OrderedDict[tuple[str, int], np.ndarray] = OrderedDict()
        self._new: dict[str, dict[int, np.ndarray]] = {}
        self._lock = threading.Lock()  # several reviews rank in worker threads at once

    def get(self, key: tuple[str, int]) -> np.ndarray | None:
        with self._lock:
            vecs = self._data.get(key)
            if vecs is not None:
                self._data.move_to_end(key)
            return vecs

    def put(self, key: tuple[str, int], vecs: np.ndarray, *, new: bool = True) -> None:
        with self._lock:
            self._data[key] = vecs
            self._data.move_to_end(key)
            if new:
                self._new.setdefault(key[0], {})[key[1]] = vecs
            while len(self._data) > self._max:
                self._data.popitem(last=False)

    def missing(self, doc_key: str, pages: int) -> bool:
        with self._lock:
            return any((doc_key, i) not in self._data for i in range(pages))

    def preload(self, doc_key: str, stored: dict[int, np.ndarray]) -> None:
        for page, vecs in stored.items():
            if self.get((doc_key, page)) is None:
                self.put((doc_key, page), vecs, new=False)

    def take_new(self, doc_key: str) -> dict[int, np.ndarray]:
        """The pages of ``doc_key`` embedded here since the last call (to store for others)."""
        with self._lock:
            return self._new.pop(doc_key, {})


_TOKEN = re.compile(r"[a-z][a-z\-]{2,}")


def tokens(text: str) -> list[str]:
    """Content words with their repeats (BM25 needs term frequency); in CJK text, character pairs."""
    return [w for w in _TOKEN.findall(text.lower()) if w not in STOPWORDS] + cjk.bigrams(text)


def bm25_scores(pages: list[str], query: str) -> np.ndarray:
    docs = [tokens(p) or ["_"] for p in pages]
    q = tokens(query)
    if len(pages) < 2 or not q:
        return np.zeros(len(pages), np.float32)
    index = bm25s.BM25()
    index.index(docs, show_progress=False)
    return np.asarray(index.get_scores(q) if any(t in index.vocab_dict for t in q) else np.zeros(len(pages)), dtype=np.float32)


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


def query_text(question: str, cats: list[str]) -> str:
    return " ".join([question, *cats])


def rank_pages(
    pages: list[str],
    question: str,
    cats: list[str],
    embed: Embed | None,
    *,
    clause: np.ndarray | None = None,
    top_k: int = 5,
    shortlist: int = 12,
    cache: VectorCache | None = None,
    doc_key: str = "",
) -> list[Ranked]:
    """The ``top_k`` pages best first.

    ``clause`` is the clause model's score per page for the asked categories (None when no
    category was asked); ``embed=None`` skips dense re-ranking. With ``cache`` and
    ``doc_key``, chunk vectors of pages seen before are reused.
    """
    n = len(pages)
    if n == 0:
        return []
    qtext = query_text(question, cats)
    parts = {
        "clause": np.zeros(n, np.float32) if clause is None else np.asarray(clause, np.float32),
        "bm25": _minmax(bm25_scores(pages, qtext)),
        "dense": np.zeros(n, np.float32),
    }
    if clause is None:
        cheap = WEIGHTS["bm25"] * parts["bm25"]
    else:
        cheap = WEIGHTS["clause"] * parts["clause"] + WEIGHTS["bm25_tiebreak"] * parts["bm25"]
    if embed is not None:
        cand = [int(i) for i in np.argsort(-cheap, kind="stable")[: max(shortlist, top_k)] if pages[i].strip()]
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
