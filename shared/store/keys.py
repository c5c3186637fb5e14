"""Every Redis key ClauseFlow makes: built here and nowhere else.

| family          | key                                  | type      | expires after                         | written by |
|-----------------|--------------------------------------|-----------|---------------------------------------|------------|
| review          | ``review:{request_id}``              | hash      | retention (``event_ttl_s``)           | edge, every stage |
| history         | ``reviews:{tenant}``                 | zset      | retention                             | edge |
| open            | ``{prefix}reviews:open``             | zset      | never (members leave when they end)   | edge, the event log |
| events          | ``events:{request_id}``              | stream    | retention                             | the event log |
| ended           | ``evended:{request_id}``             | string    | retention                             | the event log |
| dedupe          | ``evdedupe:{request_id}``            | hash      | retention                             | the event log |
| audit           | ``audit:{request_id}``               | list      | retention                             | the event log, stages |
| draft           | ``temp_{request_id}``                | string    | 10 minutes (the draft rules)          | phase2 |
| pending         | ``{prefix}drafts:pending``           | zset      | never (members leave when withdrawn)  | phase2 |
| locate due      | ``{prefix}locate:deadlines``         | zset      | never (members leave when answered)   | analyze |
| follow-ups due  | ``{prefix}followups:deadlines``      | zset      | never (members leave when due)        | edge |
| cancel          | ``cancel:{request_id}``              | string    | retention                             | edge, stages |
| done            | ``done:{request_id}:{stage}``        | hash      | retention                             | every stage |
| generation      | ``gen:{request_id}[:{followup}]``    | counter   | retention                             | analyze |
| cost            | ``cost:{request_id}``                | hash      | retention                             | every stage |
| fallback        | ``fallback:{request_id}``            | string    | retention                             | analyze |
| clients         | ``clients:{request_id}``             | counter   | retention                             | edge |
| throughput      | ``throughput:{model}``               | list      | retention                             | analyze |
| pages           | ``doc:{doc}:pages``                  | string    | document cache (``doc_cache_ttl_s``)  | summarize |
| summaries       | ``doc:{doc}:summaries[:{kind}]``     | string    | document cache                        | summarize |
| scores          | ``doc:{doc}:scores:{model}``         | string    | document cache                        | summarize, locate |
| vectors         | ``doc:{doc}:vectors:{model}``        | hash      | document cache                        | locate |
| converted       | ``doc:{doc}:converted``              | string    | document cache                        | summarize (a Word file's PDF) |
| result          | ``result:{doc}:{digest}``            | string    | analyze's results TTL                 | analyze |
| cache index     | ``doccache:doc:{doc}``               | hash      | twice the document cache TTL          | the document cache |
| cache used      | ``doccache:used``                    | zset      | twice the document cache TTL          | the document cache |
| cache total     | ``doccache:total``                   | counter   | twice the document cache TTL          | the document cache |
| cache sizes     | ``doccache:sizes``                   | hash      | twice the document cache TTL          | the document cache |
| playbook        | ``playbook:{tenant}``                | hash      | never (the tenant's configuration)    | edge |
| lease           | ``lease:{request_id}:{stage}``       | string    | 30 s, renewed while held              | analyze (``shared.store.lease``) |
| rate limits     | ``{prefix}limits:…``                 | (limits)  | the limits library's windows          | edge (the ``limits`` library) |
| batch           | ``batch:{batch_id}``                 | hash      | retention                             | edge, the event log |
| batch events    | ``batchevents:{batch_id}``           | stream    | retention                             | the event log |
| batch history   | ``batches:{tenant}``                 | zset      | retention                             | edge |
| batch open      | ``{prefix}batches:open``             | zset      | never (members leave when they end)   | edge, the event log |

``{doc}`` is a document within its tenant, ``{tenant}:{sha256}`` (``document_key``): a cache hit
never tells one tenant what another uploaded. ``{prefix}`` is the deployment's topic prefix.

Every argument is checked before a key is made: a tenant name by the tenant rule, and never
one that would make another family's key (``RESERVED_TENANTS``: ``reviews:open`` is the open
reviews of every tenant, so no tenant may be called ``open``); a request id, a stage, a model
never holds a space or a colon where one would end the family's shape. ``family_of`` names the
family of a key, which the tests use to find every key a review creates in this table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

TENANT = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
PREFIX = re.compile(r"[A-Za-z0-9._-]{0,64}")
_FIELDS = {
    "request_id": r"[A-Za-z0-9_-]{1,128}",
    "tenant": TENANT.pattern,
    "prefix": PREFIX.pattern,
    "doc": rf"(?:{TENANT.pattern}:)?[A-Za-z0-9_-]{{1,128}}",  # in practice {tenant}:{sha256}
    "stage": r"[A-Za-z0-9_-]{1,64}(?::[A-Za-z0-9_-]{1,128})?",
    "followup": r"[A-Za-z0-9_-]{1,128}",
    "model": r"[^\s]{1,200}",
    "kind": r"[^\s]{1,200}",
    "digest": r"[0-9a-f]{32}",
    "batch_id": r"[A-Za-z0-9_-]{1,128}",
}


@dataclass(frozen=True)
class Family:
    """One key family of the table; called with its fields' values, it builds a key of it
    (``keys.done(request_id, stage)``), each value checked first."""

    name: str
    template: str  # "{field}" placeholders, in the order they are given; "[...]" an optional part
    expires: str   # retention | draft | doc cache | cache bookkeeping | results | never | limits | lease

    @cached_property  # keys are built on every Redis call: the template is read once
    def fields(self) -> list[str]:
        return re.findall(r"\{(\w+)\}", self.template)

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        out = re.escape(self.template).replace(r"\[", "(?:").replace(r"\]", ")?")
        out = re.sub(r"\\\{(\w+)\\\}", lambda m: f"(?:{_FIELDS[m.group(1)]})", out)
        return re.compile(out.replace("…", ".+"))

    def __call__(self, *values: str) -> str:
        names = self.fields
        given = dict(zip(names, values))
        if len(values) > len(names) or "…" in self.template:
            raise TypeError(f"the {self.name} key takes {names}")
        key = self.template
        for part in re.findall(r"\[[^\]]*\]", key):  # an optional part: there when its fields are given
            key = key.replace(part, part[1:-1] if all(given.get(f) for f in re.findall(r"\{(\w+)\}", part)) else "")
        missing = [f for f in re.findall(r"\{(\w+)\}", key) if f not in given and f != "prefix"]
        if missing:
            raise TypeError(f"the {self.name} key needs {missing}")
        return key.format(**{f: _check(f, given.get(f, "")) for f in re.findall(r"\{(\w+)\}", key)})


review = Family("review", "review:{request_id}", "retention")
history = Family("history", "reviews:{tenant}", "retention")
open_reviews = Family("open", "{prefix}reviews:open", "never")
events = Family("events", "events:{request_id}", "retention")
ended = Family("ended", "evended:{request_id}", "retention")
dedupe = Family("dedupe", "evdedupe:{request_id}", "retention")
audit = Family("audit", "audit:{request_id}", "retention")
draft = Family("draft", "temp_{request_id}", "draft")
pending_drafts = Family("pending", "{prefix}drafts:pending", "never")
locate_deadlines = Family("locate due", "{prefix}locate:deadlines", "never")
followup_deadlines = Family("follow-ups due", "{prefix}followups:deadlines", "never")  # "{request_id}/{followup}"
cancel = Family("cancel", "cancel:{request_id}", "retention")
done = Family("done", "done:{request_id}:{stage}", "retention")
generation = Family("generation", "gen:{request_id}[:{followup}]", "retention")  # a follow-up's answer has its own
cost = Family("cost", "cost:{request_id}", "retention")
fallback = Family("fallback", "fallback:{request_id}", "retention")
clients = Family("clients", "clients:{request_id}", "retention")
throughput = Family("throughput", "throughput:{model}", "retention")
pages = Family("pages", "doc:{doc}:pages", "doc cache")
summaries = Family("summaries", "doc:{doc}:summaries[:{kind}]", "doc cache")
scores = Family("scores", "doc:{doc}:scores:{model}", "doc cache")
vectors = Family("vectors", "doc:{doc}:vectors:{model}", "doc cache")
converted = Family("converted", "doc:{doc}:converted", "doc cache")  # {doc}: the Word file's; the value names its PDF
result = Family("result", "result:{doc}:{digest}", "results")
cache_index = Family("cache index", "doccache:doc:{doc}", "cache bookkeeping")
cache_used = Family("cache used", "doccache:used", "cache bookkeeping")
cache_total = Family("cache total", "doccache:total", "cache bookkeeping")
cache_sizes = Family("cache sizes", "doccache:sizes", "cache bookkeeping")
playbook = Family("playbook", "playbook:{tenant}", "never")  # every version of the tenant's playbook, and which is current
lease = Family("lease", "lease:{request_id}:{stage}", "lease")  # one process at a time on a review's answer
rate_limit_keys = Family("rate limits", "{prefix}limits:…", "limits")  # made by the limits library
# A batch (services/edge/batches.py): its record, and its cells' events, which the event log's
# terminal step appends (shared/store/events.py); its contracts are reviews with a `batch` field.
batch = Family("batch", "batch:{batch_id}", "retention")
batch_events = Family("batch events", "batchevents:{batch_id}", "retention")
batch_history = Family("batch history", "batches:{tenant}", "retention")
batch_open = Family("batch open", "{prefix}batches:open", "never")  # a batch's reviews not ended, by deadline

FAMILIES = tuple(v for v in list(globals().values()) if isinstance(v, Family))  # the table, in the order above
BY_NAME = {f.name: f for f in FAMILIES}
CACHE_INDEX = cache_index.template.partition("{")[0]  # + {doc}: the document cache's Lua script builds these from it
CACHE_USED, CACHE_TOTAL, CACHE_SIZES = cache_used(), cache_total(), cache_sizes()
BATCH_HEAD, BATCH_EVENTS_HEAD = (f.template.partition("{")[0] for f in (batch, batch_events))  # + {batch_id}: the event log's Lua


def family_of(key: str) -> list[str]:
    """The families whose shape ``key`` has (exactly one for every key made here)."""
    return [f.name for f in FAMILIES if f.pattern.fullmatch(key)]


def _reserved() -> frozenset[str]:
    """Tenant names that would make a key of another family: each fixed key (no argument but
    the prefix, taken empty) read as a tenant family's key."""
    fixed = [f.template.replace("{prefix}", "") for f in FAMILIES if "{" not in f.template.replace("{prefix}", "")]
    out = set()
    for f in FAMILIES:
        if "{tenant}" not in f.template:
            continue
        head, _, tail = f.template.partition("{tenant}")
        out |= {k[len(head) : len(k) - len(tail)] for k in fixed if k.startswith(head) and k.endswith(tail) and len(k) > len(head) + len(tail)}
    return frozenset(t for t in out if TENANT.fullmatch(t))


RESERVED_TENANTS = _reserved()
# A tenant field never holds a reserved name, so each key reads as one family.
_NOT_RESERVED = rf"(?!(?:{'|'.join(map(re.escape, sorted(RESERVED_TENANTS)))})(?![a-z0-9_-]))" if RESERVED_TENANTS else ""
_FIELDS["tenant"] = _NOT_RESERVED + TENANT.pattern
_FIELDS["doc"] = rf"(?:{_FIELDS['tenant']}:)?[A-Za-z0-9_-]{{1,128}}"


def check_tenant(tenant: str) -> str:
    """``tenant`` if it is a valid tenant name that makes no other family's key; else ValueError."""
    if not TENANT.fullmatch(tenant):
        raise ValueError(f"tenant {tenant!r} is not a tenant name: 1-64 of a-z, 0-9, '_' and '-', starting with a letter or digit")
    if tenant in RESERVED_TENANTS:
        raise ValueError(f"tenant {tenant!r} is reserved: its keys would be another key family's (shared.store.keys)")
    return tenant


def _check(field: str, value: str) -> str:
    if field == "tenant":
        return check_tenant(value)
    if not re.fullmatch(_FIELDS[field], value):
        raise ValueError(f"{field} {value!r} cannot be part of a Redis key (shared.store.keys)")
    return value


def document_key(tenant: str, sha: str) -> str:
    """A document's cache key: its content address within its tenant."""
    return _check("doc", f"{check_tenant(tenant)}:{sha}" if tenant else sha)


def rate_limits(prefix: str = "") -> str:
    """The prefix the ``limits`` library puts before its own keys (``{prefix}limits:…``)."""
    return f"{_check('prefix', prefix)}limits"
