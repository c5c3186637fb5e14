"""Every Redis key a review creates is one of the keyspace's families (shared.store.keys), and
expires as the table says."""

from __future__ import annotations

import pytest
import redis as redis_sync

from shared.store import keys
from shared.testing.contracts import make_contract

from .conftest import reviewed

pytestmark = pytest.mark.stack
QUESTION = "Mark every liability and termination clause and explain the risk"  # the LLM's path: analyze's keys too


def test_every_key_a_review_creates_is_in_the_keyspace_table(stack, client):
    r = redis_sync.Redis.from_url(stack.redis_url, decode_responses=True)
    try:
        before = set(r.scan_iter(count=1000))
        rid, evs = reviewed(client, make_contract(title="KEYSPACE SUPPLY AGREEMENT").data, QUESTION)
        assert evs[-1]["type"] == "final", evs[-1]
        follow = client.get(f"/v1/reviews/{rid}")  # reading it back makes no key either
        assert follow.status_code == 200
        new = set(r.scan_iter(count=1000)) - before
        families = {k: keys.family_of(k) for k in new}
        assert {k: f for k, f in families.items() if len(f) != 1} == {}, "a key outside the table, or in two families"
        made = {f[0] for f in families.values()}
        assert {"review", "events", "ended", "dedupe", "audit", "done", "cost", "pages", "summaries", "scores", "cache index"} <= made, made
        assert any(rid in k for k in new), "the review's own keys are among them"
        # The tenant's history may be older than this review (the session's other reviews made it).
        history = keys.history(stack.tenants[0])
        assert r.zscore(history, rid) is not None and keys.family_of(history) == ["history"]
        for k, (family,) in families.items():
            if keys.BY_NAME[family].expires in ("never", "limits"):
                continue
            assert r.ttl(k) != -1, f"{k} ({family}) never expires, but the table says it does ({keys.BY_NAME[family].expires})"
    finally:
        r.close()
