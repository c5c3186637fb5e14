"""Clause-model scores of a document, shared by the stages: in-process LRU, then Redis.

locate scores the whole document to rank its pages; phase2 quotes the best spans of the
located pages and analyze lists every finding, from the same scores. Scoring is the largest
CPU cost on the draft path (about 80 ms for a 30-page contract on one core), so it is done
once per document and model: the units are recut from the page texts (a few ms, and
deterministic), the score matrix is read back from ``doc:{sha}:scores:{model.version}``.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Awaitable, Callable

from shared.clauses.clause_model import ClauseModel
from shared.clauses.findings import Scored, page_units, score_pages
from shared.store.state import State

RunCpu = Callable[..., Awaitable]


class ScoreCache:
    """Whole-document scores by sha256: a second question on the same contract scores nothing.

    One per process, which holds one model: the key is the document alone."""

    def __init__(self, max_docs: int = 64) -> None:
        self._max = max_docs
        self._data: OrderedDict[str, Scored] = OrderedDict()
        self._lock = threading.Lock()  # reviews are scored in worker threads, several at once

    def get(self, key: str) -> Scored | None:
        with self._lock:
            hit = self._data.get(key) if key else None
            if hit is not None:
                self._data.move_to_end(key)
            return hit

    def put(self, key: str, scored: Scored) -> None:
        if not key:
            return
        with self._lock:
            self._data[key] = scored
            self._data.move_to_end(key)
            while len(self._data) > self._max:
                self._data.popitem(last=False)

    def get_or_score(self, key: str, texts: list[str], model: ClauseModel) -> Scored:
        hit = self.get(key)
        if hit is not None:
            return hit
        scored = score_pages(texts, model)
        self.put(key, scored)
        return scored


class SharedScores:
    """One per process: ``get(sha, texts)`` scores a document at most once across processes."""

    def __init__(self, state: State, model: ClauseModel, run_cpu: RunCpu, cache_docs: int = 256) -> None:
        self.state = state
        self.model = model
        self.run_cpu = run_cpu
        self.cache = ScoreCache(cache_docs)

    async def get(self, sha: str, texts: list[str]) -> Scored:
        """The document's scores: cached, stored, or computed here (and stored)."""
        hit = await self.peek(sha, texts)
        if hit is not None:
            return hit
        scored = await self.run_cpu(score_pages, texts, self.model)
        await self.state.put_scores(sha, self.model.version, scored.scores)
        self.cache.put(sha, scored)
        return scored

    async def peek(self, sha: str, texts: list[str]) -> Scored | None:
        """The document's scores if some process has them; computes and writes nothing
        shared (phase2's draft has no side effects beyond its own record)."""
        hit = self.cache.get(sha)
        if hit is not None:
            return hit
        stored = await self.state.get_scores(sha, self.model.version)
        if stored is None:
            return None
        units = page_units(texts)
        if stored.shape != (len(units), len(self.model.categories)):
            return None  # the splitter changed since they were stored
        scored = Scored(units, stored, self.model, tuple(texts), complete=True)
        self.cache.put(sha, scored)
        return scored
