"""The document caches keep to their byte budget and TTL in the real Redis: the least recently
used documents go first and whole, a read makes a document the last to go and renews all its
keys, expired keys stop counting, and review state is never touched."""

from __future__ import annotations

import asyncio

import numpy as np
import pytest
from redis.asyncio import Redis

from shared.store.doccache import SIZES, TOTAL, USED
from shared.store.state import State

PAGES = ["x" * 1000] * 4  # about 4 KB of JSON a document


@pytest.fixture
async def db(redis_url):
    """A database of its own: a small budget here must not evict other tests' documents."""
    client = Redis.from_url(redis_url.rsplit("/", 1)[0] + "/9")
    await client.flushdb()
    yield client
    await client.flushdb()
    await client.aclose()


async def test_least_recently_used_documents_go_first_and_whole(db):
    state = State(db, ttl_s=3600, doc_ttl_s=600, doc_cache_bytes=10_000)
    await state.create_review("r1", {"status": "accepted"})
    await state.put_pages("a", PAGES, ["s"] * 4)
    await state.put_scores("a", "v1", np.zeros((4, 4)))
    await state.put_pages("b", PAGES, ["s"] * 4)
    await db.expire("doc:a:scores:v1", 5)
    assert await state.get_pages("a") == PAGES  # a is now used more recently than b ...
    assert await db.ttl("doc:a:scores:v1") > 590  # ... and all its keys start their TTL again
    await state.put_pages("c", PAGES, ["s"] * 4)  # over 10 KB: the least recently used goes
    assert await state.get_pages("b") is None and await state.get_summaries("b") is None
    assert await state.get_pages("a") == PAGES and await state.get_summaries("a") == ["s"] * 4
    assert await state.get_pages("c") == PAGES
    total = await state.docs.total()
    sizes = {**await state.docs.sizes("a"), **await state.docs.sizes("c")}
    assert await state.docs.sizes("b") == {} and await db.zscore(USED, "b") is None
    assert total <= 10_000 and total == sum(sizes.values())
    assert int(await db.hget(SIZES, "a")) == sum((await state.docs.sizes("a")).values())
    assert total == sum([await db.strlen(k) for k in sizes])  # what Redis holds, byte for byte
    assert await state.get_review("r1") == {"status": "accepted"}  # state is outside the budget
    assert 590 <= await db.ttl("doc:a:pages") <= 600  # the caches' own TTL


async def test_vectors_grow_page_by_page_and_scores_are_counted(db):
    state = State(db, doc_cache_bytes=1 << 20)
    await state.put_vectors("d", "enc", {1: np.ones((3, 8)), 2: np.ones((2, 8))})
    await state.put_vectors("d", "enc", {3: np.ones((4, 8))})
    await state.put_scores("d", "v1", np.zeros((10, 41)))
    sizes = await state.docs.sizes("d")
    vec_bytes = sum(len(k) + len(v) for k, v in (await db.hgetall("doc:d:vectors:enc")).items())
    assert sizes == {"doc:d:vectors:enc": vec_bytes, "doc:d:scores:v1": await db.strlen("doc:d:scores:v1")}
    assert int(await db.get(TOTAL)) == sum(sizes.values())
    assert set((await state.get_vectors("d", "enc")).keys()) == {1, 2, 3}


async def test_an_expired_document_stops_counting_at_the_next_write(db):
    state = State(db, doc_ttl_s=1, doc_cache_bytes=1 << 20)
    await state.put_pages("old", PAGES, ["s"] * 4)
    assert await state.docs.total() > 4000
    await asyncio.sleep(1.5)  # Redis expires the keys itself
    assert await state.get_pages("old") is None
    await state.put_scores("new", "v1", np.zeros((2, 2)))
    assert await state.docs.total() == await db.strlen("doc:new:scores:v1")
    assert await db.zscore(USED, "old") is None and await state.docs.sizes("old") == {}
    # the bookkeeping outlives what it counts, and then goes too: nothing is left behind
    assert all(0 < t <= 2 for t in [await db.ttl(k) for k in (USED, TOTAL, SIZES, "doccache:doc:new")])


async def test_a_document_larger_than_the_budget_is_not_kept(db):
    state = State(db, doc_cache_bytes=1000)
    await state.put_pages("big", PAGES, ["s"] * 4)
    assert await state.get_pages("big") is None and await state.get_summaries("big") is None
    assert await state.docs.total() == 0
