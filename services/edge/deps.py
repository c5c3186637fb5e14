"""The clients of one edge process, created in the lifespan and reached through :func:`get_ctx`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from fastapi import Request
from limits.aio.strategies import MovingWindowRateLimiter
from redis.asyncio import Redis

from shared.documents.sandbox import PdfSandbox
from shared.platform.bus import Producer
from shared.store.blobs import BlobStore
from shared.store.events import EventLog
from shared.store.state import State

from .auth import Keys
from .settings import Settings

if TYPE_CHECKING:
    from .lifecycle import Deadlines


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
    deadlines: Deadlines = field(init=False)

    def __post_init__(self) -> None:
        from .lifecycle import Deadlines  # lifecycle needs this module's EdgeContext

        self.deadlines = Deadlines(self)


def get_ctx(request: Request) -> EdgeContext:
    return request.app.state.ctx
