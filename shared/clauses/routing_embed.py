"""Routing's optional semantic layer: cosine similarity of a question to per-category
prototype texts (and to background topics that are no category), with the prototypes
embedded once per embed function. Knows no vocabulary: shared.clauses.routing supplies it.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable, Sequence

import numpy as np

log = logging.getLogger(__name__)

Embed = Callable[[list[str]], np.ndarray]

# "the supplier", "the vendor's" ... name a party, not a topic; MiniLM weighs such nouns
# heavily, so a prototype like "sole supplier" would attract every question about a supplier.
# For embedding only they become "them"; "sole supplier" or "their customers" stay.
_ROLE = re.compile(r"\b(?:the|a|an)\s+(?:supplier|vendor|contractor|company|customer|client|buyer|seller|provider|distributor"
                   r"|reseller|manufacturer|consultant|developer)(?=\W|$)", re.I)


class Prototypes:
    """The texts that stand for each of ``names`` and the background topics that compete with them."""

    def __init__(self, names: Sequence[str], prototypes: dict[str, Sequence[str]], background: Sequence[str]) -> None:
        self._names = tuple(names)
        self._texts: list[str] = []
        self._owner: list[int] = []
        for i, name in enumerate(self._names):
            for t in prototypes[name]:
                self._texts.append(t)
                self._owner.append(i)
        self._texts.extend(background)
        self._owner.extend([-1] * len(background))  # -1: not a category
        self._cache: dict[Embed, tuple[np.ndarray, np.ndarray]] = {}
        self._lock = threading.Lock()

    def _vectors(self, embed: Embed) -> tuple[np.ndarray, np.ndarray]:
        """(vectors, owner index) for every prototype; computed once per embed function."""
        with self._lock:
            hit = self._cache.get(embed)
            if hit is not None:
                return hit
            vecs = np.asarray(embed([_ROLE.sub("them", t) for t in self._texts]), dtype=np.float32)
            if len(self._cache) >= 8:  # bound the cache if callers pass throwaway callables
                self._cache.pop(next(iter(self._cache)))
            self._cache[embed] = (vecs, np.asarray(self._owner))
            log.debug("embedded %d routing prototypes", len(self._texts))
            return self._cache[embed]

    def scores(self, texts: list[str], embed: Embed) -> list[dict[str, float]]:
        """Per text: category -> best prototype cosine, and '' -> best background cosine."""
        return self.score_vectors(self.embed_texts(texts, embed), embed)

    def embed_texts(self, texts: list[str], embed: Embed) -> np.ndarray:
        """The vectors ``score_vectors`` compares (party nouns folded as for the prototypes);
        the prototypes are embedded first, once per embed function."""
        self._vectors(embed)
        return np.asarray(embed([_ROLE.sub("them", t) for t in texts]), dtype=np.float32)

    def score_vectors(self, vectors: np.ndarray, embed: Embed) -> list[dict[str, float]]:
        """``scores`` for texts already embedded by ``embed_texts`` (``embed`` for the prototypes)."""
        protos, owner = self._vectors(embed)
        sims = vectors @ protos.T
        out = []
        for row in sims:
            best = np.full(len(self._names), -1.0, dtype=np.float32)
            cat = owner >= 0
            np.maximum.at(best, owner[cat], row[cat])
            scores = {self._names[i]: float(best[i]) for i in range(len(self._names))}
            scores[""] = float(row[~cat].max())
            out.append(scores)
        return out
