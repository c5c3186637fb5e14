"""Due dates against the real Redis: a member is claimed, acted on, and only then removed, so
an act that fails (the broker down when a review's deadline passes) leaves it due again instead
of losing it, and a review never hangs for want of its deadline."""

from __future__ import annotations

import asyncio
import time
import uuid

from shared.store.schedule import Schedule


class Flaky(Schedule):
    """A stand-in for a failing dependency: acting on a member of ``failures`` raises that many
    times, as a publish does while the broker is down; then it records each act."""

    retry_s = 0.5

    def __init__(self, redis, key: str, failures: dict[str, int] | None = None) -> None:
        super().__init__(redis, key)
        self.failures = dict(failures or {})
        self.done: list[str] = []

    async def act(self, member: str) -> bool:
        if self.failures.get(member):
            self.failures[member] -= 1
            raise ConnectionError("the broker is down")
        await asyncio.sleep(0.05)
        self.done.append(member)
        return True


def key() -> str:
    return f"test:{uuid.uuid4().hex}:due"


async def test_a_failed_act_stays_due_and_is_done_when_the_dependency_is_back(redis):
    s = Flaky(redis, key(), failures={"r1": 2})
    now = time.time()
    await s.watch("r1", now - 1)
    await s.watch("r2", now - 1)
    assert await s.sweep(now) == ["r2"], "the failure of one member does not stop the sweep"
    assert s.done == ["r2"] and await redis.zscore(s.key, "r2") is None
    due = await redis.zscore(s.key, "r1")
    assert due is not None and now < due <= time.time() + s.retry_s, "r1 is still there, due again soon"
    assert await s.sweep(time.time()) == [], "not before its retry time"
    assert await s.sweep(due) == [] and await redis.zscore(s.key, "r1") is not None  # the second failure: still due
    assert await s.sweep(time.time() + 1) == ["r1"]
    assert s.done == ["r2", "r1"] and await redis.zcard(s.key) == 0


async def test_replicas_sweeping_at_once_act_once_on_each_member(redis):
    k = key()
    replicas = [Flaky(redis, k) for _ in range(4)]
    now = time.time()
    for i in range(20):
        await replicas[0].watch(f"r{i}", now - 1)
    await asyncio.gather(*(r.sweep(now) for r in replicas))
    done = [m for r in replicas for m in r.done]
    assert sorted(done) == sorted(f"r{i}" for i in range(20)) and await redis.zcard(k) == 0


async def test_a_member_watched_again_while_acted_on_keeps_its_new_due_date(redis):
    class Rewatch(Flaky):
        async def act(self, member: str) -> bool:
            await self.watch(member, time.time() + 60)  # e.g. a review whose deadline was moved
            return True

    s = Rewatch(redis, key())
    await s.watch("r1", time.time() - 1)
    assert await s.sweep(time.time()) == ["r1"]
    assert await redis.zscore(s.key, "r1") > time.time() + 50, "the acknowledgement does not remove a new due date"


async def test_a_process_that_dies_mid_act_leaves_the_member_due_after_its_lease(redis):
    class Dies(Flaky):
        lease_s = 0.3

        async def act(self, member: str) -> bool:
            raise asyncio.CancelledError  # the process stops in the middle of it

    dying, alive = Dies(redis, key()), Flaky(redis, "")
    alive.key = dying.key
    await dying.watch("r1", time.time() - 1)
    try:
        await dying.sweep(time.time())
    except asyncio.CancelledError:
        pass
    assert await alive.sweep(time.time()) == [], "claimed: not due during the lease"
    await asyncio.sleep(0.4)
    assert await alive.sweep(time.time()) == ["r1"]
