"""Each tenant's playbook (shared.clauses.playbook), every version kept: ``playbook:{tenant}``
holds ``current`` (its version number) and ``v{n}`` (that version's JSON). A tenant that never
set one is checked against the default. Versions are numbered by the store, from the default's
version up, so a review's recorded version names one playbook for good.
"""

from __future__ import annotations

from redis.asyncio import Redis

from shared.clauses import playbook
from shared.store import keys


# Store a version and make it current, unless a later one is current already (two writers at
# once: the higher number wins, whichever finishes first). KEYS: the tenant's hash. ARGV: version.
_PUT = """
redis.call('HSET', KEYS[1], 'v' .. ARGV[1], ARGV[2])
if tonumber(ARGV[1]) > tonumber(redis.call('HGET', KEYS[1], 'current') or '0') then
  redis.call('HSET', KEYS[1], 'current', ARGV[1])
end
return 1
"""


class Playbooks:
    def __init__(self, redis: Redis) -> None:
        self.redis = redis
        self._put = redis.register_script(_PUT)

    async def current(self, tenant: str) -> playbook.Playbook:
        """The tenant's playbook in force (the default when it has set none, or for no tenant)."""
        if not tenant:
            return playbook.default()
        key = keys.playbook(tenant)
        version = await self.redis.hget(key, "current")
        if version is None:
            return playbook.default()
        raw = await self.redis.hget(key, f"v{int(version)}")
        return playbook.Playbook.model_validate_json(raw) if raw else playbook.default()

    async def replace(self, tenant: str, name: str, rules: list[playbook.Rule]) -> playbook.Playbook:
        """Store a new version (the next number) and make it current."""
        key = keys.playbook(tenant)
        number = await self.redis.hincrby(key, "next", 1)  # versions are never reused, even by writers at once
        book = playbook.Playbook(name=name, version=playbook.default().version + int(number), rules=rules)
        await self._put(keys=[key], args=[book.version, book.model_dump_json(exclude_none=True)])
        return book
