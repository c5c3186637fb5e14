"""Follow-up routes: a question about one clause of a finished review, checked against its final
and its pages and published on review.followup; answered on the review's event stream.

A follow-up is an LLM call billed to the tenant, so it takes the API key (a stream token does not
ask: streams.py), counts against the tenant's upload rate, and a review takes at most
``max_followups_per_review`` of them (429 ``too_many_followups``), counted in the review's record."""

from __future__ import annotations

import asyncio
import secrets
import time

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse

from shared.api.client_models import FollowupAsk
from shared.clauses import catalogue
from shared.core import topics
from shared.core.errors import Conflict, InputError, Overloaded, RetryLater
from shared.messages import Envelope, ReviewFollowup
from shared.store import keys
from shared.store.keys import document_key

from .auth import require_tenant
from .deps import EdgeContext, get_ctx
from .reviews import FOLLOWUPS_ASKED, admit, base_url, tenant_review

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
    await _count(ctx, rid, +1)  # counted first, in one Redis step: two asked at once cannot both take the last one
    try:
        await admit(ctx, tenant)
        fid = secrets.token_hex(8)
        env = Envelope(request_id=rid, doc_sha256=review["doc_sha256"], question=question, page_count=int(review.get("page_count", 0)), submitted_at=time.time(), tenant=tenant)
        msg = ReviewFollowup(envelope=env, page=page, quote=quote, followup_id=fid)
        await ctx.state.update_review(rid, **{followup_field(fid): True})  # its stream may be followed
        await ctx.followup_deadlines.watch(f"{rid}/{fid}", time.time() + s.followup_deadline_s)  # it ends, answered or not
        try:
            await asyncio.wait_for(ctx.producer.publish(topics.FOLLOWUP, f"{rid}/{fid}", msg), s.publish_timeout_s)
        except Exception as exc:
            await ctx.followup_deadlines.unwatch(f"{rid}/{fid}")
            raise RetryLater("the review queue is unavailable; try again shortly") from exc
    except BaseException:
        await _count(ctx, rid, -1)  # not asked after all: it does not count
        raise
    return fid


# +1 only under the limit (the count stays at the limit), -1 to give one back; on a review record
# that still exists (it has the review's expiry; a new key would have none).
_COUNT = """
if redis.call('exists', KEYS[1]) == 0 then return -1 end
local n = tonumber(redis.call('hget', KEYS[1], ARGV[1]) or '0')
local step = tonumber(ARGV[2])
if step > 0 and n >= tonumber(ARGV[3]) then return -2 end
if step < 0 and n <= 0 then return 0 end
return redis.call('hincrby', KEYS[1], ARGV[1], step)
"""


async def _count(ctx: EdgeContext, rid: str, step: int) -> None:
    limit = ctx.settings.max_followups_per_review
    if await ctx.redis.eval(_COUNT, 1, keys.review(rid), FOLLOWUPS_ASKED, step, limit) == -2:
        raise Overloaded(f"review {rid!r} has had {limit} follow-ups, the most a review takes", status=429, code="too_many_followups", retry_after=0)


def followup_field(fid: str) -> str:
    return f"followup:{fid}"
