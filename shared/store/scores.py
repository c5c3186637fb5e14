"""Clause-model scores of a document, shared by the stages: in-process LRU, then Redis.

locate scores the whole document to rank its pages; phase2 quotes the best spans of the
located pages and analyze lists every finding, from the same scores. Scoring is the largest
CPU cost on the draft path (about 80 ms for a 30-page contract on one core), so it is done
once per document and model: the units are recut from the page texts (a few ms, and
deterministic), the score matrix is read back from ``doc:{sha}:scores:{model.version}``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from shared.clauses.clause_model import ClauseModel
from shared.clauses.findings import ScoreCache, Scored, page_units, score_pages
from shared.store.state import State

RunCpu = Callable[..., Awaitable]


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
