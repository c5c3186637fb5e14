"""Follow-up routes: a question about one clause of a finished review, checked against its final
and its pages and published on review.followup; answered on the review's event stream."""

from __future__ import annotations

import asyncio
import secrets
import time

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse

from shared.api.client_models import FollowupAsk
from shared.clauses import catalogue
from shared.core import topics
from shared.core.errors import Conflict, InputError, RetryLater
from shared.messages import Envelope, ReviewFollowup
from shared.store.keys import document_key

from .auth import require_tenant
from .deps import EdgeContext, get_ctx
from .reviews import admit, base_url, tenant_review

router = APIRouter()


@router.post("/v1/reviews/{rid}/followups", status_code=202)
async def create_followup(
    request: Request, rid: str, body: FollowupAsk, tenant: str = Depends(require_tenant), ctx: EdgeContext = Depends(get_ctx)
) -> JSONResponse:
    """Ask about one clause of a finished review; answered on the review's event stream."""
    fid = await start_followup(ctx, rid, tenant, body)  # 404 for another tenant's review
    return JSONResponse(
        {"request_id": rid, "followup_id": fid, "events_url": f"{base_url(ctx, request)}/v1/reviews/{rid}/events?followup={fid}"},
        status_code=202,
    )


async def start_followup(ctx: EdgeContext, rid: str, tenant: str, ask: FollowupAsk) -> str:
    """Check the reference against the final and the page texts; publish review.followup."""
    s = ctx.settings
    review = await tenant_review(ctx, rid, tenant)
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
    await admit(ctx, tenant)
    fid = secrets.token_hex(8)
    env = Envelope(request_id=rid, doc_sha256=review["doc_sha256"], question=question, page_count=int(review.get("page_count", 0)), submitted_at=time.time(), tenant=tenant)
    msg = ReviewFollowup(envelope=env, page=page, quote=quote, followup_id=fid)
    await ctx.state.update_review(rid, **{followup_field(fid): True})  # its stream may be followed
    try:
        await asyncio.wait_for(ctx.producer.publish(topics.FOLLOWUP, f"{rid}/{fid}", msg), s.publish_timeout_s)
    except Exception as exc:
        raise RetryLater("the review queue is unavailable; try again shortly") from exc
    return fid


def followup_field(fid: str) -> str:
    return f"followup:{fid}"
