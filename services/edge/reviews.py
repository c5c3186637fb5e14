"""Review routes: upload, list, state, cost, PDF and cancel; and what the other route modules
share: the tenant's review (:func:`tenant_review`), admission (:func:`admit`), the public base URL
and a review's stream URLs and tokens."""

from __future__ import annotations

import asyncio
import hmac
import logging
import math
import secrets
import time
from urllib.parse import quote

from fastapi import APIRouter, Depends, File, Form, Query, Request, UploadFile
from fastapi.responses import JSONResponse, Response
from limits import parse_many
from opentelemetry.trace import SpanKind

from shared.core import cost, topics, tracing
from shared.core.apikeys import digest
from shared.core.cost import Prices
from shared.core.errors import Conflict, InputError, NotFound, Overloaded, Reject, RetryLater
from shared.core.logs import request_id_var
from shared.documents import docx, pdf
from shared.messages import Envelope, ReviewRequested
from shared.store.blobs import blob_key
from shared.store.keys import open_reviews

from .auth import require_tenant
from .deps import EdgeContext, get_ctx
from .lifecycle import cancel

PLAYBOOK_QUESTION = "Review this contract against our playbook."  # what an empty question asks

log = logging.getLogger(__name__)
router = APIRouter()


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
    await admit(ctx, tenant)
    if file is None:
        raise InputError("the form field 'file' (the contract: a PDF or a Word .docx) is missing", code="missing_file")
    # No question (or only spaces) asks for the review against the tenant's whole playbook, and
    # is recorded as that question, so the state, the report and the results cache say so.
    question = (question or "").strip() or PLAYBOOK_QUESTION
    if len(question) > s.max_question_chars:
        raise InputError(f"the question is over {s.max_question_chars} characters", code="question_too_long")
    data = await file.read(s.max_upload_bytes + 1)  # one byte over is enough for the checks to refuse it
    # The stranger's file is read in a worker process with a time and memory limit: PDFium for a
    # PDF; for a Word file the zip guard and defusedxml (it is converted after the 202, and its
    # pages counted then: summarize, the `converted` event).
    kind = docx.sniff(data)
    fmt = "docx" if kind == "zip" else "pdf"
    if fmt == "docx":
        await ctx.sandbox.run(docx.inspect, data, max_bytes=s.max_upload_bytes, max_pages=s.max_pages)
        page_count = None
    else:
        docx.refuse_other(kind)
        page_count = await ctx.sandbox.run(pdf.check, data, max_bytes=s.max_upload_bytes, max_pages=s.max_pages)
    sha = pdf.sha256(data)
    key = blob_key(tenant, sha)
    await ctx.blobs.put(key, data)
    rid = secrets.token_hex(16)  # 128 random bits (a uuid4 has 122): ids are not guessable
    request_id_var.set(rid)  # on this request's log lines
    token = secrets.token_urlsafe(16)  # lets a browser follow this one review (auth.py)
    now = time.time()
    fields = {"status": "accepted", "tenant": tenant, "question": question, "doc_sha256": sha, "page_count": page_count, "created_at": now,
              "filename": file.filename or "", "format": fmt, "original_sha256": sha}
    await ctx.state.create_review(rid, {**fields, token_field(token): True})
    await ctx.state.remember_review(tenant, rid, now)
    await ctx.events.emit(rid, "accepted", {"request_id": rid, "page_count": page_count, "format": fmt}, dedupe="accepted")
    await ctx.deadlines.watch(rid, now + s.review_deadline_s)
    env = Envelope(request_id=rid, doc_sha256=sha, question=question, page_count=page_count or 0, submitted_at=now, tenant=tenant)
    try:
        # The review's trace starts here; the message carries it to the workers (shared/core/tracing.py).
        with tracing.tracer.start_as_current_span("edge accept", kind=SpanKind.SERVER, attributes={"clauseflow.request_id": rid, "clauseflow.pages": page_count}):
            # Never 202 without the broker's acknowledgement; a paused broker is a quick 503.
            await asyncio.wait_for(ctx.producer.publish(topics.REQUESTED, rid, ReviewRequested(envelope=env, blob_key=key, format="docx" if fmt == "docx" else "")), s.publish_timeout_s)
            log.info("accepted: %s, %s pages, %d bytes", fmt, page_count, len(data))
    except Exception as exc:  # the broker is down: say so now rather than leave the client waiting
        log.exception("publishing review.requested failed")
        tracing.failed("edge publish failed", exc, {"clauseflow.request_id": rid})
        await ctx.events.emit(rid, "error", {"code": "queue_unavailable", "message": "the review queue is unavailable", "stage": "edge"}, dedupe="error", review={"status": "failed"})
        raise RetryLater("the review queue is unavailable; try again shortly") from exc
    body = {"request_id": rid, "page_count": page_count, "format": fmt, "status_url": f"{base_url(ctx, request)}/v1/reviews/{rid}", **stream_urls(ctx, request, rid, token)}
    return JSONResponse(body, status_code=202, headers={"Location": f"/v1/reviews/{rid}"})


def base_url(ctx: EdgeContext, request: Request) -> str:
    return ctx.settings.public_url.rstrip("/") or str(request.base_url).rstrip("/")


def token_field(token: str) -> str:
    """The review's field that admits a stream token: its digest (a review may have several,
    one per browser that opened it)."""
    return f"stream_token:{digest(token)}"


def stream_urls(ctx: EdgeContext, request: Request, rid: str, token: str) -> dict:
    base = base_url(ctx, request)
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


async def admit(ctx: EdgeContext, tenant: str, *, backlog: bool = True) -> None:
    """The tenant's upload rate (429), then (``backlog``) the whole system's backlog of
    interactive reviews (503); a batch has a backlog of its own (batches.py)."""
    s = ctx.settings
    for limit in parse_many(s.upload_rate):
        if not await ctx.uploads.hit(limit, "uploads", tenant):
            reset, _ = await ctx.uploads.get_window_stats(limit, "uploads", tenant)
            wait = max(1, math.ceil(reset - time.time()))
            raise Overloaded(f"over this key's upload rate ({limit}); retry in {wait} s", status=429, code="rate_limited", retry_after=wait)
    if backlog and await ctx.redis.zcard(open_reviews(s.topic_prefix)) >= s.max_backlog:
        raise Overloaded(
            f"{s.max_backlog} reviews are in progress, the most this system takes at once; retry shortly",
            status=503, code="busy", retry_after=s.backlog_retry_after_s,
        )


async def tenant_review(ctx: EdgeContext, rid: str, tenant: str) -> dict:
    """The tenant's review; another tenant's is answered like one that does not exist."""
    review = await ctx.state.get_review(rid)
    if review is None or not hmac.compare_digest(str(review.get("tenant", "")), tenant):
        raise NotFound(f"no review {rid!r}")
    return review


FOLLOWUPS_ASKED = "followups_asked"  # the review record's count of its follow-ups (followups.py)


def _public(review: dict) -> dict:
    return {k: v for k, v in review.items() if not k.startswith(("stream_token", "followup:")) and k not in ("draft", FOLLOWUPS_ASKED)}


@router.get("/v1/reviews/{rid}")
async def get_review(rid: str, tenant: str = Depends(require_tenant), ctx: EdgeContext = Depends(get_ctx)) -> dict:
    """The current state, for clients that do not stream."""
    review = _public(await tenant_review(ctx, rid, tenant))  # the draft lives only in its temporary record
    draft = await ctx.state.get_draft(rid)
    # The final replaces the draft; a draft past its expiry is withdrawn ("still analysing").
    stale = draft is not None and "final" not in review and time.time() >= float(draft.get("expires_at", 0))
    return {"request_id": rid, **review, "draft": None if stale or "final" in review else draft, "draft_expired": stale}


@router.get("/v1/reviews/{rid}/cost")
async def get_cost(rid: str, tenant: str = Depends(require_tenant), ctx: EdgeContext = Depends(get_ctx)) -> dict:
    """Per-stage timings recorded so far, and the cost: the final's (with the whole-document
    counterfactual and the saving) once there is one, else the stages' so far."""
    review = await tenant_review(ctx, rid, tenant)
    stages = await ctx.state.get_cost(rid)
    final = _final_cost(review)
    usd = final or cost.breakdown(stages, {}, Prices.from_settings(ctx.settings), llm_stage="analyze")
    return {"request_id": rid, "stages": stages, "cost": usd, "final": final is not None}


@router.get("/v1/reviews/{rid}/pdf")
async def get_pdf(rid: str, tenant: str = Depends(require_tenant), ctx: EdgeContext = Depends(get_ctx)) -> Response:
    """The PDF citations point into, while it is kept: the upload, or the PDF a Word file became."""
    review = await tenant_review(ctx, rid, tenant)
    if review.get("format") == "docx" and "conversion" not in review:
        raise Conflict(f"review {rid!r} is a Word file not converted yet; its PDF comes with the `converted` event", code="not_converted")
    data = await _blob(ctx, tenant, review["doc_sha256"], rid)
    return Response(data, media_type="application/pdf", headers={"Content-Disposition": "inline", "X-Content-Type-Options": "nosniff"})


@router.get("/v1/reviews/{rid}/original")
async def get_original(rid: str, tenant: str = Depends(require_tenant), ctx: EdgeContext = Depends(get_ctx)) -> Response:
    """The file as uploaded (a Word file as sent, before conversion), for download."""
    review = await tenant_review(ctx, rid, tenant)
    docx_ = review.get("format") == "docx"
    data = await _blob(ctx, tenant, review.get("original_sha256") or review["doc_sha256"], rid)
    name = review.get("filename") or ("contract.docx" if docx_ else "contract.pdf")
    return Response(data, media_type=docx.MEDIA_TYPE if docx_ else "application/pdf",
                    headers={"Content-Disposition": f"attachment; filename*=UTF-8''{quote(name, safe='')}", "X-Content-Type-Options": "nosniff"})


async def _blob(ctx: EdgeContext, tenant: str, sha: str, rid: str) -> bytes:
    try:
        return await ctx.blobs.get(blob_key(tenant, sha))
    except Reject:
        raise NotFound(f"the document of review {rid!r} is no longer kept") from None


@router.delete("/v1/reviews/{rid}", status_code=202)
async def delete_review(rid: str, tenant: str = Depends(require_tenant), ctx: EdgeContext = Depends(get_ctx)) -> dict:
    await tenant_review(ctx, rid, tenant)
    await cancel(ctx, rid, "cancelled by the client")
    return {"request_id": rid, "status": (await tenant_review(ctx, rid, tenant))["status"]}
