"""Stream routes: a review's events over SSE and the WebSocket, new stream tokens, and the
count of a review's live stream clients (:class:`Presence`: the last to leave cancels it)."""

from __future__ import annotations

import asyncio
import json
import secrets
import time

import anyio
from fastapi import APIRouter, Depends, Header, Request, WebSocket, WebSocketDisconnect
from pydantic import ValidationError
from sse_starlette import EventSourceResponse

from shared.api.client_models import FollowupAsk
from shared.core.errors import ClauseFlowError, InputError, NotFound, Unauthorized, error_body
from shared.core.logs import request_id_var
from shared.core.telemetry import OPEN_STREAMS
from shared.store import keys
from shared.store.events import FOLLOWUP_END, TERMINAL, valid_stream_id

from .auth import presented_key, require_tenant, tenant_of
from .deps import EdgeContext, get_ctx
from .followups import followup_field, start_followup
from .lifecycle import cancel
from .reviews import stream_urls, tenant_review, token_field

router = APIRouter()
_background: set[asyncio.Task] = set()


@router.post("/v1/reviews/{rid}/stream-token")
async def new_stream_token(request: Request, rid: str, tenant: str = Depends(require_tenant), ctx: EdgeContext = Depends(get_ctx)) -> dict:
    """A new stream token for one's own review: a browser reopening it (from its history or a
    `?review=` link) follows it with this, as EventSource and WebSocket cannot send a key."""
    await tenant_review(ctx, rid, tenant)
    token = secrets.token_urlsafe(16)
    await ctx.state.update_review(rid, **{token_field(token): True})
    return {"request_id": rid, **stream_urls(ctx, request, rid, token)}


async def _followable(ctx: EdgeContext, rid: str, headers, token: str | None) -> dict:
    """A stream's review: by the tenant's key, or (browsers) by the review's stream token."""
    if token and presented_key(headers) is None:
        review = await ctx.state.get_review(rid)
        if review is None or review.get(token_field(token)) is not True:
            raise NotFound(f"no review {rid!r}")
        return review
    return await tenant_review(ctx, rid, tenant_of(ctx.keys, headers))


def resume_point(last_event_id: str | None, after: str | None) -> str:
    start = last_event_id or after or "0-0"
    if not valid_stream_id(start):
        raise InputError(f"{start!r} is not an event id", code="bad_event_id")
    return start


async def follow(ctx: EdgeContext, rid: str, after: str, idle_s: float | None = None, *, followup: str | None = None, followups: bool = False):
    """Yield the request's events after ``after`` until a terminal one (the deadline sweeper,
    services/edge/lifecycle.py, makes sure there is one).

    ``followup``: only that follow-up's events, until its `followup_final` or `followup_error`.
    ``followups``: every follow-up's events after the final, until the client leaves.
    With ``idle_s``, yield None after that long without an event (a heartbeat's cue).
    """
    cursor = after
    idle_since = time.monotonic()
    while True:
        batch = await ctx.events.read(rid, cursor, block_ms=1000)
        if not batch and await _past_the_end(ctx, rid, followup, followups):
            batch = await ctx.events.read(rid, cursor)  # one last look: the end may have just come
            if not batch:
                return
        for ev in batch:
            cursor = ev.id
            idle_since = time.monotonic()
            if followup is not None:
                if ev.data.get("followup_id") != followup:
                    continue
                yield ev
                if ev.type in FOLLOWUP_END:
                    return
                continue
            yield ev
            if ev.type in TERMINAL and not (followups and ev.type == "final"):
                return
        if idle_s is not None and time.monotonic() - idle_since >= idle_s:
            idle_since = time.monotonic()
            yield None


async def _past_the_end(ctx: EdgeContext, rid: str, followup: str | None, followups: bool) -> bool:
    """A stream that will get no more events for this client: the review's (or the follow-up's)
    end was sent already, so a client resuming after it is not kept waiting forever."""
    if followup is not None:
        return await ctx.events.emitted(rid, f"followup_end:{followup}", f"followup_final:{followup}", f"followup_error:{followup}")
    return not followups and await ctx.events.ended(rid) is not None


class Presence:
    """Counts a request's live stream clients; when the last leaves, cancel after a grace period."""

    def __init__(self, ctx: EdgeContext, rid: str, kind: str) -> None:
        self.ctx, self.rid, self.key, self.kind = ctx, rid, keys.clients(rid), kind

    async def __aenter__(self) -> None:
        OPEN_STREAMS.labels(self.kind).inc()
        await self.ctx.redis.incr(self.key)
        await self.ctx.redis.expire(self.key, self.ctx.settings.event_ttl_s)

    async def __aexit__(self, *exc) -> None:
        # The stream's task is being cancelled (the client left); anyio cancels every await in
        # a cancelled scope, so the bookkeeping must be shielded to run at all.
        OPEN_STREAMS.labels(self.kind).dec()
        with anyio.CancelScope(shield=True):
            left = await self.ctx.redis.decr(self.key)
        if left <= 0:
            task = asyncio.get_running_loop().create_task(self._cancel_if_still_gone())
            _background.add(task)  # keep a reference until it is done
            task.add_done_callback(_background.discard)

    async def _cancel_if_still_gone(self) -> None:
        await asyncio.sleep(self.ctx.settings.client_gone_cancel_s)
        if int(await self.ctx.redis.get(self.key) or 0) <= 0:
            await cancel(self.ctx, self.rid, "every client went away")


@router.get("/v1/reviews/{rid}/events")
async def sse_events(
    request: Request,
    rid: str,
    after: str | None = None,
    token: str | None = None,
    followup: str | None = None,
    last_event_id: str | None = Header(None),
    ctx: EdgeContext = Depends(get_ctx),
) -> EventSourceResponse:
    """Server-sent events; resume with the `Last-Event-ID` header or `?after=`; with
    `?followup=<id>`, that follow-up's events only, until its end."""
    request_id_var.set(rid)
    review = await _followable(ctx, rid, request.headers, token)  # 401/404 before the stream starts
    if followup is not None and review.get(followup_field(followup)) is not True:
        raise NotFound(f"review {rid!r} has no follow-up {followup!r}")
    start = resume_point(last_event_id, after)

    async def gen():
        async with Presence(ctx, rid, "sse"):
            async for ev in follow(ctx, rid, start, followup=followup):
                yield {"id": ev.id, "event": ev.type, "data": json.dumps(ev.data, ensure_ascii=False)}

    return EventSourceResponse(gen(), ping=ctx.settings.heartbeat_s)


@router.websocket("/v1/reviews/{rid}/ws")
async def ws_events(websocket: WebSocket, rid: str, after: str | None = None, token: str | None = None, followups: bool = False) -> None:
    """The same events as JSON objects with a `type`; the client may send {"type": "cancel"}.

    With ``?followups=true`` the socket stays open after the final for follow-ups: send
    {"type": "followup", "question", "finding" | "page" [, "quote"]}, get
    {"type": "followup_accepted", "followup_id"} (or "followup_refused"), then its events.
    Asking takes the API key: a stream token reads the review's events (follow-ups' too) and
    may cancel it, but a follow-up it sends is refused (`unauthorized`)."""
    ctx: EdgeContext = websocket.app.state.ctx
    by_key = presented_key(websocket.headers) is not None  # else by the stream token (checked below)
    refused = None
    review: dict = {}
    try:
        review = await _followable(ctx, rid, websocket.headers, token)
    except (Unauthorized, NotFound) as exc:
        refused = exc
    await websocket.accept()
    if refused is not None or (after and not valid_stream_id(after)):
        code, close = (refused.code, 4000 + refused.status) if refused is not None else ("bad_event_id", 4400)
        await websocket.send_json({"type": "error", "data": {"code": code, "message": f"cannot follow {rid!r}"}})
        await websocket.close(code=close)
        return
    listener = asyncio.create_task(_ws_listen(websocket, ctx, rid, review, by_key))
    try:
        async with Presence(ctx, rid, "websocket"):
            async for ev in follow(ctx, rid, after or "0-0", idle_s=ctx.settings.heartbeat_s, followups=followups):
                if ev is None:
                    await websocket.send_json({"type": "heartbeat", "at": time.time()})
                else:
                    await websocket.send_json(ev.as_json())
        await websocket.close()
    except WebSocketDisconnect:
        pass
    finally:
        listener.cancel()


async def _ws_listen(websocket: WebSocket, ctx: EdgeContext, rid: str, review: dict, by_key: bool) -> None:
    try:
        while True:
            msg = await websocket.receive_json()
            if not isinstance(msg, dict):
                continue
            if msg.get("type") == "cancel":
                await cancel(ctx, rid, "cancelled by the client")
            elif msg.get("type") == "followup":
                try:
                    if not by_key:  # a stream token follows; a follow-up spends the tenant's LLM budget
                        raise Unauthorized("follow-ups need the API key: a stream token only follows the review")
                    ask = FollowupAsk.model_validate({k: v for k, v in msg.items() if k != "type"})
                    fid = await start_followup(ctx, rid, str(review.get("tenant", "")), ask)
                    await websocket.send_json({"type": "followup_accepted", "followup_id": fid})
                except ValidationError as exc:
                    await websocket.send_json({"type": "followup_refused", "data": {"code": "bad_request", "message": str(exc.errors()[0]["msg"])}})
                except ClauseFlowError as exc:
                    await websocket.send_json({"type": "followup_refused", "data": error_body(exc)})
    except (WebSocketDisconnect, RuntimeError, ValueError):
        return
