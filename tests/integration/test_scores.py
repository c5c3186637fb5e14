"""Clause scores shared by the stages through a real Redis: one document is scored once."""

from __future__ import annotations

import asyncio
import uuid

import numpy as np

from shared.clauses import clause_model
from shared.store.scores import SharedScores
from shared.store.state import State
from shared.testing.contracts import page_texts

TEXTS = page_texts()


async def test_a_document_is_scored_once_across_processes(redis):
    model = clause_model.default()
    calls = []

    async def run_cpu(fn, *args):
        calls.append(fn.__name__)
        return await asyncio.to_thread(fn, *args)

    sha = uuid.uuid4().hex
    locate, phase2, analyze = (SharedScores(State(redis, 60), model, run_cpu) for _ in range(3))
    assert await phase2.peek(sha, TEXTS) is None, "phase2 computes nothing shared"
    first = await locate.get(sha, TEXTS)
    read = await phase2.peek(sha, TEXTS)
    again = await analyze.get(sha, TEXTS)
    assert calls == ["score_pages"]
    assert np.array_equal(first.scores, read.scores) and np.array_equal(first.scores, again.scores)
    assert [u.text for u in read.units] == [u.text for u in first.units]
    assert 0 < await redis.ttl(f"doc:{sha}:scores:{model.version}") <= 60
