"""The clients of one edge process, created in the lifespan and reached through :func:`get_ctx`."""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import Request
from redis.asyncio import Redis

from shared.bus import Producer
from shared.events import EventLog
from shared.state import State

from .settings import Settings


@dataclass
class EdgeContext:
    settings: Settings
    redis: Redis
    producer: Producer
    events: EventLog
    state: State


def get_ctx(request: Request) -> EdgeContext:
    return request.app.state.ctx
