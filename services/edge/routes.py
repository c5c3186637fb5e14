"""HTTP routes: upload, state, cost, cancel, and the event streams (SSE and WebSocket)."""

from __future__ import annotations

import asyncio
import json
import logging
import time
import secrets

import anyio

from fastapi import APIRouter, Depends, File, Form, Header, Request, UploadFile, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse
from sse_starlette import EventSourceResponse

from shared import pdf, topics
from shared.errors import InputError, NotFound, RetryLater
from shared.events import TERMINAL, valid_stream_id
from shared.messages import Envelope, ReviewRequested

from .deps import EdgeContext, get_ctx
from .lifecycle import cancel

log = logging.getLogger(__name__)
router = APIRouter()
_background: set[asyncio.Task] = set()


@router.post("/v1/reviews", status_code=202)
async def create_review(
    request: Request,
    file: UploadFile | None = File(None),
    question: str | None = Form(None),
    ctx: EdgeContext = Depends(get_ctx),
) -> JSONResponse:
    """Validate the upload, store it by sha256, publish review.requested, answer 202."""
    s = ctx.settings
    if file is None:
        raise InputError("the form field 'file' (the contract PDF) is missing", code="missing_file")
    question = (question or "").strip()
    if not question:
        raise InputError("the form field 'question' is missing or empty", code="missing_question")
    if len(question) > s.max_question_chars:
        raise InputError(f"the question is over {s.max_question_chars} characters", code="question_too_long")
    data = await file.read(s.max_upload_bytes + 1)  # one byte over is enough for pdf.check to refuse it
    # PDFium reads the stranger's file in a worker process with a time and memory limit.
    page_count = await ctx.sandbox.run(pdf.check, data, max_bytes=s.max_upload_bytes, max_pages=s.max_pages)
    sha, path = await asyncio.to_thread(pdf.store, data, s.pdf_dir)
    rid = secrets.token_hex(16)  # 128 random bits (a uuid4 has 122): ids are not guessable
    now = time.time()
    await ctx.state.create_review(rid, {"status": "accepted", "question": question, "doc_sha256": sha, "page_count": page_count, "created_at": now, "filename": file.filename or ""})
    await ctx.events.emit(rid, "accepted", {"request_id": rid, "page_count": page_count}, dedupe="accepted")
    await ctx.deadlines.watch(rid, now + s.review_deadline_s)
    env = Envelope(request_id=rid, doc_sha256=sha, question=question, page_count=page_count, submitted_at=now)
    try:
        await ctx.producer.publish(topics.REQUESTED, rid, ReviewRequested(envelope=env, pdf_path=str(path.resolve())))
    except Exception as exc:  # the broker is down: say so now rather than leave the client waiting
        log.exception("publishing review.requested failed")
        await ctx.state.update_review(rid, status="failed")
        await ctx.events.emit(rid, "error", {"code": "queue_unavailable", "message": "the review queue is unavailable", "stage": "edge"}, dedupe="error")
        raise RetryLater("the review queue is unavailable; try again shortly") from exc
    base = s.public_url.rstrip("/") or str(request.base_url).rstrip("/")
    ws_base = base.replace("http", "ws", 1)
    body = {
        "request_id": rid,
        "page_count": page_count,
        "status_url": f"{base}/v1/reviews/{rid}",
        "events_url": f"{base}/v1/reviews/{rid}/events",
        "ws_url": f"{ws_base}/v1/reviews/{rid}/ws",
    }
    return JSONResponse(body, status_code=202, headers={"Location": f"/v1/reviews/{rid}"})


async def _review(ctx: EdgeContext, rid: str) -> dict:
    review = await ctx.state.get_review(rid)
    if review is None:
        raise NotFound(f"no review {rid!r}")
    return review


@router.get("/v1/reviews/{rid}")
async def get_review(rid: str, ctx: EdgeContext = Depends(get_ctx)) -> dict:
    """The current state, for clients that do not stream."""
    review = await _review(ctx, rid)
    review.pop("draft", None)  # the draft lives only in its temporary record
    draft = await ctx.state.get_draft(rid)
    # The final replaces the draft; a draft past its expiry is withdrawn ("still analysing").
    stale = draft is not None and "final" not in review and time.time() >= float(draft.get("expires_at", 0))
    return {"request_id": rid, **review, "draft": None if stale or "final" in review else draft, "draft_expired": stale}


@router.get("/v1/reviews/{rid}/cost")
async def get_cost(rid: str, ctx: EdgeContext = Depends(get_ctx)) -> dict:
    """Per-stage timings recorded so far."""
    await _review(ctx, rid)
    return {"request_id": rid, "stages": await ctx.state.get_cost(rid)}


@router.delete("/v1/reviews/{rid}", status_code=202)
async def delete_review(rid: str, ctx: EdgeContext = Depends(get_ctx)) -> dict:
    await _review(ctx, rid)
    await cancel(ctx, rid, "cancelled by the client")
    return {"request_id": rid, "status": (await _review(ctx, rid))["status"]}


def _resume_point(last_event_id: str | None, after: str | None) -> str:
    start = last_event_id or after or "0-0"
    if not valid_stream_id(start):
        raise InputError(f"{start!r} is not an event id", code="bad_event_id")
    return start


async def follow(ctx: EdgeContext, rid: str, after: str, idle_s: float | None = None):
    """Yield the request's events after ``after`` until a terminal one (the deadline sweeper,
    services/edge/lifecycle.py, makes sure there is one).

    With ``idle_s``, yield None after that long without an event (a heartbeat's cue).
    """
    cursor = after
    idle_since = time.monotonic()
    while True:
        for ev in await ctx.events.read(rid, cursor, block_ms=1000):
            cursor = ev.id
            idle_since = time.monotonic()
            yield ev
            if ev.type in TERMINAL:
                return
        if idle_s is not None and time.monotonic() - idle_since >= idle_s:
            idle_since = time.monotonic()
            yield None


class Presence:
    """Counts a request's live stream clients; when the last leaves, cancel after a grace period."""

    def __init__(self, ctx: EdgeContext, rid: str) -> None:
        self.ctx, self.rid, self.key = ctx, rid, f"clients:{rid}"

    async def __aenter__(self) -> None:
        await self.ctx.redis.incr(self.key)
        await self.ctx.redis.expire(self.key, self.ctx.settings.event_ttl_s)

    async def __aexit__(self, *exc) -> None:
        # The stream's task is being cancelled (the client left); anyio cancels every await in
        # a cancelled scope, so the bookkeeping must be shielded to run at all.
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
    rid: str,
    after: str | None = None,
    last_event_id: str | None = Header(None),
    ctx: EdgeContext = Depends(get_ctx),
) -> EventSourceResponse:
    """Server-sent events; resume with the `Last-Event-ID` header or `?after=`."""
    await _review(ctx, rid)  # 404 before the stream starts
    start = _resume_point(last_event_id, after)

    async def gen():
        async with Presence(ctx, rid):
            async for ev in follow(ctx, rid, start):
                yield {"id": ev.id, "event": ev.type, "data": json.dumps(ev.data, ensure_ascii=False)}

    return EventSourceResponse(gen(), ping=ctx.settings.heartbeat_s)


@router.websocket("/v1/reviews/{rid}/ws")
async def ws_events(websocket: WebSocket, rid: str, after: str | None = None) -> None:
    """The same events as JSON objects with a `type`; the client may send {"type": "cancel"}."""
    ctx: EdgeContext = websocket.app.state.ctx
    review = await ctx.state.get_review(rid)
    await websocket.accept()
    if review is None or (after and not valid_stream_id(after)):
        code = "not_found" if review is None else "bad_event_id"
        await websocket.send_json({"type": "error", "data": {"code": code, "message": f"cannot follow {rid!r}"}})
        await websocket.close(code=4404 if review is None else 4400)
        return
    listener = asyncio.create_task(_ws_listen(websocket, ctx, rid))
    try:
        async with Presence(ctx, rid):
            async for ev in follow(ctx, rid, after or "0-0", idle_s=ctx.settings.heartbeat_s):
                if ev is None:
                    await websocket.send_json({"type": "heartbeat", "at": time.time()})
                else:
                    await websocket.send_json(ev.as_json())
        await websocket.close()
    except WebSocketDisconnect:
        pass
    finally:
        listener.cancel()


async def _ws_listen(websocket: WebSocket, ctx: EdgeContext, rid: str) -> None:
    try:
        while True:
            msg = await websocket.receive_json()
            if isinstance(msg, dict) and msg.get("type") == "cancel":
                await cancel(ctx, rid, "cancelled by the client")
    except (WebSocketDisconnect, RuntimeError, ValueError):
        return
