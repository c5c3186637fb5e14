"""The clients of one edge process, created in the lifespan and reached through :func:`get_ctx`."""

from __future__ import annotations

from dataclasses import dataclass, field

from fastapi import Request
from limits.aio.strategies import MovingWindowRateLimiter
from redis.asyncio import Redis

from shared.documents.sandbox import PdfSandbox
from shared.platform.bus import Producer
from shared.store.blobs import BlobStore
from shared.store.events import EventLog
from shared.store.schedule import Schedule
from shared.store.state import State

from .auth import Keys
from .settings import Settings


@dataclass
class EdgeContext:
    settings: Settings
    redis: Redis
    producer: Producer
    events: EventLog
    state: State
    sandbox: PdfSandbox
    blobs: BlobStore
    keys: Keys
    uploads: MovingWindowRateLimiter  # per tenant, in Redis (every edge process counts together)
    # The review deadlines (lifecycle.Deadlines, which needs this context): set by the lifespan
    # (app.py) right after it makes the context, so this module does not import lifecycle.
    deadlines: Schedule = field(init=False)
    followup_deadlines: Schedule = field(init=False)  # lifecycle.FollowupDeadlines, likewise


def get_ctx(request: Request) -> EdgeContext:
    return request.app.state.ctx
