"""Review state in the real Redis: a stage's progress never revives a review that has ended;
a tenant's history lists its own reviews, newest first, and only those still kept."""

from __future__ import annotations

import secrets
import time

from shared.store.state import State


async def test_a_stage_finishing_after_a_cancel_leaves_the_review_cancelled(redis):
    state = State(redis)
    rid = secrets.token_hex(8)
    await state.create_review(rid, {"status": "accepted", "tenant": "t"})
    await state.advance_review(rid, "summarized")
    assert await state.get_status(rid) == "summarized"
    await state.update_review(rid, status="cancelled")
    await state.advance_review(rid, "located", located_pages=[2, 3])
    review = await state.get_review(rid)
    assert review["status"] == "cancelled" and review["located_pages"] == [2, 3]
    await state.advance_review("no-such-review", "located")  # nothing is created
    assert await state.get_review("no-such-review") is None


async def test_history_is_per_tenant_newest_first_and_forgets_expired_reviews(redis):
    state = State(redis)
    tenant, other = f"a{secrets.token_hex(4)}", f"b{secrets.token_hex(4)}"
    ids = []
    for i in range(5):
        rid = secrets.token_hex(8)
        await state.create_review(rid, {"status": "accepted", "tenant": tenant, "filename": f"{i}.pdf"})
        await state.remember_review(tenant, rid, time.time() + i, keep=4)
        ids.append(rid)
    await state.remember_review(other, "someone-elses", time.time())
    await redis.delete(f"review:{ids[3]}")  # expired
    rows = await state.recent_reviews(tenant, 10)
    assert [rid for rid, _ in rows] == [ids[4], ids[2], ids[1]]  # the oldest fell off (keep=4), the expired one is skipped
    assert rows[0][1]["filename"] == "4.pdf"
    assert [rid for rid, _ in await state.recent_reviews(tenant, 1)] == [ids[4]]
