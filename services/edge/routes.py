"""HTTP routes: upload, state, cost, cancel, and the event streams (SSE and WebSocket)."""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import math
import secrets
import time

import anyio
from fastapi import APIRouter, Depends, File, Form, Header, Query, Request, UploadFile, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse, Response
from limits import parse_many
from opentelemetry.trace import SpanKind
from pydantic import ValidationError
from sse_starlette import EventSourceResponse

from shared.api.client_events import FollowupAsk
from shared.clauses import catalogue
from shared.core import cost, topics, tracing
from shared.core.apikeys import digest
from shared.core.cost import Prices
from shared.core.errors import ClauseFlowError, Conflict, InputError, NotFound, Overloaded, Reject, RetryLater, Unauthorized, error_body
from shared.core.logs import request_id_var
from shared.core.telemetry import OPEN_STREAMS
from shared.documents import pdf
from shared.messages import Envelope, ReviewFollowup, ReviewRequested
from shared.store.blobs import blob_key
from shared.store.events import FOLLOWUP_END, TERMINAL, open_key, valid_stream_id
from shared.store.state import document_key

from .auth import presented_key, require_tenant, tenant_of
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
    tenant: str = Depends(require_tenant),
    ctx: EdgeContext = Depends(get_ctx),
) -> JSONResponse:
    """Validate the upload, store it by tenant and sha256, publish review.requested, answer 202."""
    s = ctx.settings
    await _admit(ctx, tenant)
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
    sha = pdf.sha256(data)
    key = blob_key(tenant, sha)
    await ctx.blobs.put(key, data)
    rid = secrets.token_hex(16)  # 128 random bits (a uuid4 has 122): ids are not guessable
    request_id_var.set(rid)  # on this request's log lines
    token = secrets.token_urlsafe(16)  # lets a browser follow this one review (auth.py)
    now = time.time()
    fields = {"status": "accepted", "tenant": tenant, "question": question, "doc_sha256": sha, "page_count": page_count, "created_at": now, "filename": file.filename or ""}
    await ctx.state.create_review(rid, {**fields, _token_field(token): True})
    await ctx.state.remember_review(tenant, rid, now)
    await ctx.events.emit(rid, "accepted", {"request_id": rid, "page_count": page_count}, dedupe="accepted")
    await ctx.deadlines.watch(rid, now + s.review_deadline_s)
    env = Envelope(request_id=rid, doc_sha256=sha, question=question, page_count=page_count, submitted_at=now, tenant=tenant)
    try:
        # The review's trace starts here; the message carries it to the workers (shared/core/tracing.py).
        with tracing.tracer.start_as_current_span("edge accept", kind=SpanKind.SERVER, attributes={"clauseflow.request_id": rid, "clauseflow.pages": page_count}):
            # Never 202 without the broker's acknowledgement; a paused broker is a quick 503.
            await asyncio.wait_for(ctx.producer.publish(topics.REQUESTED, rid, ReviewRequested(envelope=env, blob_key=key)), s.publish_timeout_s)
            log.info("accepted: %d pages, %d bytes", page_count, len(data))
    except Exception as exc:  # the broker is down: say so now rather than leave the client waiting
        log.exception("publishing review.requested failed")
        tracing.failed("edge publish failed", exc, {"clauseflow.request_id": rid})
        await ctx.state.update_review(rid, status="failed")
        await ctx.events.emit(rid, "error", {"code": "queue_unavailable", "message": "the review queue is unavailable", "stage": "edge"}, dedupe="error")
        raise RetryLater("the review queue is unavailable; try again shortly") from exc
    body = {"request_id": rid, "page_count": page_count, "status_url": f"{_base(ctx, request)}/v1/reviews/{rid}", **_stream_urls(ctx, request, rid, token)}
    return JSONResponse(body, status_code=202, headers={"Location": f"/v1/reviews/{rid}"})


def _base(ctx: EdgeContext, request: Request) -> str:
    return ctx.settings.public_url.rstrip("/") or str(request.base_url).rstrip("/")


def _token_field(token: str) -> str:
    """The review's field that admits a stream token: its digest (a review may have several,
    one per browser that opened it)."""
    return f"stream_token:{digest(token)}"


def _stream_urls(ctx: EdgeContext, request: Request, rid: str, token: str) -> dict:
    base = _base(ctx, request)
    ws_base = base.replace("http", "ws", 1)
    return {
        "events_url": f"{base}/v1/reviews/{rid}/events?token={token}",
        "ws_url": f"{ws_base}/v1/reviews/{rid}/ws?token={token}",
        "stream_token": token,
    }


@router.get("/v1/reviews")
async def list_reviews(limit: int = Query(20, ge=1, le=100), tenant: str = Depends(require_tenant), ctx: EdgeContext = Depends(get_ctx)) -> dict:
    """The tenant's recent reviews, newest first, while they are kept (the review page's history)."""
    rows = await ctx.state.recent_reviews(tenant, limit)
    fields = ("status", "filename", "question", "created_at", "page_count")
    out = []
    for rid, review in rows:
        row = {"request_id": rid, **{k: review.get(k) for k in fields}}
        if (usd := _final_cost(review)) is not None:
            row["cost"] = usd
        out.append(row)
    return {"reviews": out}


def _final_cost(review: dict) -> dict | None:
    final = review.get("final")
    return final.get("cost") if isinstance(final, dict) else None


@router.post("/v1/reviews/{rid}/stream-token")
async def new_stream_token(request: Request, rid: str, tenant: str = Depends(require_tenant), ctx: EdgeContext = Depends(get_ctx)) -> dict:
    """A new stream token for one's own review: a browser reopening it (from its history or a
    `?review=` link) follows it with this, as EventSource and WebSocket cannot send a key."""
    await _review(ctx, rid, tenant)
    token = secrets.token_urlsafe(16)
    await ctx.state.update_review(rid, **{_token_field(token): True})
    return {"request_id": rid, **_stream_urls(ctx, request, rid, token)}


async def _admit(ctx: EdgeContext, tenant: str) -> None:
    """The tenant's upload rate (429), then the whole system's backlog (503)."""
    s = ctx.settings
    for limit in parse_many(s.upload_rate):
        if not await ctx.uploads.hit(limit, "uploads", tenant):
            reset, _ = await ctx.uploads.get_window_stats(limit, "uploads", tenant)
            wait = max(1, math.ceil(reset - time.time()))
            raise Overloaded(f"over this key's upload rate ({limit}); retry in {wait} s", status=429, code="rate_limited", retry_after=wait)
    if await ctx.redis.zcard(open_key(s.topic_prefix)) >= s.max_backlog:
        raise Overloaded(
            f"{s.max_backlog} reviews are in progress, the most this system takes at once; retry shortly",
            status=503, code="busy", retry_after=s.backlog_retry_after_s,
        )


async def _review(ctx: EdgeContext, rid: str, tenant: str) -> dict:
    """The tenant's review; another tenant's is answered like one that does not exist."""
    review = await ctx.state.get_review(rid)
    if review is None or not hmac.compare_digest(str(review.get("tenant", "")), tenant):
        raise NotFound(f"no review {rid!r}")
    return review


def _public(review: dict) -> dict:
    return {k: v for k, v in review.items() if not k.startswith(("stream_token", "followup:")) and k != "draft"}


@router.get("/v1/reviews/{rid}")
async def get_review(rid: str, tenant: str = Depends(require_tenant), ctx: EdgeContext = Depends(get_ctx)) -> dict:
    """The current state, for clients that do not stream."""
    review = _public(await _review(ctx, rid, tenant))  # the draft lives only in its temporary record
    draft = await ctx.state.get_draft(rid)
    # The final replaces the draft; a draft past its expiry is withdrawn ("still analysing").
    stale = draft is not None and "final" not in review and time.time() >= float(draft.get("expires_at", 0))
    return {"request_id": rid, **review, "draft": None if stale or "final" in review else draft, "draft_expired": stale}


@router.get("/v1/reviews/{rid}/cost")
async def get_cost(rid: str, tenant: str = Depends(require_tenant), ctx: EdgeContext = Depends(get_ctx)) -> dict:
    """Per-stage timings recorded so far, and the cost: the final's (with the whole-document
    counterfactual and the saving) once there is one, else the stages' so far."""
    review = await _review(ctx, rid, tenant)
    stages = await ctx.state.get_cost(rid)
    final = _final_cost(review)
    usd = final or cost.breakdown(stages, {}, Prices.from_settings(ctx.settings), llm_stage="analyze")
    return {"request_id": rid, "stages": stages, "cost": usd, "final": final is not None}


@router.get("/v1/reviews/{rid}/pdf")
async def get_pdf(rid: str, tenant: str = Depends(require_tenant), ctx: EdgeContext = Depends(get_ctx)) -> Response:
    """The uploaded PDF, while it is kept (citations point into it)."""
    review = await _review(ctx, rid, tenant)
    try:
        data = await ctx.blobs.get(blob_key(tenant, review["doc_sha256"]))
    except Reject:
        raise NotFound(f"the PDF of review {rid!r} is no longer kept") from None
    return Response(data, media_type="application/pdf", headers={"Content-Disposition": "inline", "X-Content-Type-Options": "nosniff"})


@router.delete("/v1/reviews/{rid}", status_code=202)
async def delete_review(rid: str, tenant: str = Depends(require_tenant), ctx: EdgeContext = Depends(get_ctx)) -> dict:
    await _review(ctx, rid, tenant)
    await cancel(ctx, rid, "cancelled by the client")
    return {"request_id": rid, "status": (await _review(ctx, rid, tenant))["status"]}


async def _followable(ctx: EdgeContext, rid: str, headers, token: str | None) -> dict:
    """A stream's review: by the tenant's key, or (browsers) by the review's stream token."""
    if token and presented_key(headers) is None:
        review = await ctx.state.get_review(rid)
        if review is None or review.get(_token_field(token)) is not True:
            raise NotFound(f"no review {rid!r}")
        return review
    return await _review(ctx, rid, tenant_of(ctx.keys, headers))


def _resume_point(last_event_id: str | None, after: str | None) -> str:
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
        return await ctx.events.emitted(rid, f"followup_final:{followup}", f"followup_error:{followup}")
    return not followups and await ctx.events.ended(rid) is not None


class Presence:
    """Counts a request's live stream clients; when the last leaves, cancel after a grace period."""

    def __init__(self, ctx: EdgeContext, rid: str, kind: str) -> None:
        self.ctx, self.rid, self.key, self.kind = ctx, rid, f"clients:{rid}", kind

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
    if followup is not None and review.get(_followup_field(followup)) is not True:
        raise NotFound(f"review {rid!r} has no follow-up {followup!r}")
    start = _resume_point(last_event_id, after)

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
    {"type": "followup_accepted", "followup_id"} (or "followup_refused"), then its events."""
    ctx: EdgeContext = websocket.app.state.ctx
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
    listener = asyncio.create_task(_ws_listen(websocket, ctx, rid, review))
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


async def _ws_listen(websocket: WebSocket, ctx: EdgeContext, rid: str, review: dict) -> None:
    try:
        while True:
            msg = await websocket.receive_json()
            if not isinstance(msg, dict):
                continue
            if msg.get("type") == "cancel":
                await cancel(ctx, rid, "cancelled by the client")
            elif msg.get("type") == "followup":
                try:
                    ask = FollowupAsk.model_validate({k: v for k, v in msg.items() if k != "type"})
                    fid = await start_followup(ctx, rid, str(review.get("tenant", "")), ask)
                    await websocket.send_json({"type": "followup_accepted", "followup_id": fid})
                except ValidationError as exc:
                    await websocket.send_json({"type": "followup_refused", "data": {"code": "bad_request", "message": str(exc.errors()[0]["msg"])}})
                except ClauseFlowError as exc:
                    await websocket.send_json({"type": "followup_refused", "data": error_body(exc)})
    except (WebSocketDisconnect, RuntimeError, ValueError):
        return


@router.post("/v1/reviews/{rid}/followups", status_code=202)
async def create_followup(
    request: Request, rid: str, body: FollowupAsk, tenant: str = Depends(require_tenant), ctx: EdgeContext = Depends(get_ctx)
) -> JSONResponse:
    """Ask about one clause of a finished review; answered on the review's event stream."""
    fid = await start_followup(ctx, rid, tenant, body)  # 404 for another tenant's review
    return JSONResponse(
        {"request_id": rid, "followup_id": fid, "events_url": f"{_base(ctx, request)}/v1/reviews/{rid}/events?followup={fid}"},
        status_code=202,
    )


async def start_followup(ctx: EdgeContext, rid: str, tenant: str, ask: FollowupAsk) -> str:
    """Check the reference against the final and the page texts; publish review.followup."""
    s = ctx.settings
    review = await _review(ctx, rid, tenant)
    final = review.get("final")
    if not isinstance(final, dict):
        raise Conflict("the review has no final yet: follow-ups are asked about a finished review", code="not_ready")
    question = ask.question.strip()
    if not question or len(question) > s.max_question_chars:
        raise InputError("the question is empty or too long", code="bad_question")
    if ask.finding is not None:
        found = final.get("findings") or []
        if ask.finding >= len(found):
            raise InputError(f"the final has {len(found)} findings; there is no finding {ask.finding}", code="no_such_finding")
        page, quote = int(found[ask.finding]["page"]), str(found[ask.finding]["quote"])
    elif ask.page is not None:
        page, quote = ask.page, (ask.quote or "").strip()
        texts = await ctx.state.get_pages(document_key(tenant, review["doc_sha256"]))
        if texts is None:
            raise Conflict("the review's pages are no longer kept", code="expired")
        if page > len(texts):
            raise InputError(f"the document has {len(texts)} pages", code="no_such_page")
        if quote and not catalogue.quote_on_page(quote, texts[page - 1]):
            raise InputError(f"the quote is not on page {page}", code="quote_not_on_page")
    else:
        raise InputError("say which clause: a 'finding' index, or a 'page' (and a 'quote' on it)", code="missing_reference")
    await _admit(ctx, tenant)
    fid = secrets.token_hex(8)
    env = Envelope(request_id=rid, doc_sha256=review["doc_sha256"], question=question, page_count=int(review.get("page_count", 0)), submitted_at=time.time(), tenant=tenant)
    msg = ReviewFollowup(envelope=env, page=page, quote=quote, followup_id=fid)
    await ctx.state.update_review(rid, **{_followup_field(fid): True})  # its stream may be followed
    try:
        await asyncio.wait_for(ctx.producer.publish(topics.FOLLOWUP, f"{rid}/{fid}", msg), s.publish_timeout_s)
    except Exception as exc:
        raise RetryLater("the review queue is unavailable; try again shortly") from exc
    return fid


def _followup_field(fid: str) -> str:
    return f"followup:{fid}"
