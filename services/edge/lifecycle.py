"""How a review is stopped from the edge: by the client (cancel) or by the deadline.

Both flag the request (stages skip it), tell every stage over `review.cancel` (analyze closes
its LLM stream), and end the client's stream with one terminal event; the event log refuses
a second one, so a review that had ended already is left as it is.
"""

from __future__ import annotations

import asyncio
import logging
import time

from shared.core import topics
from shared.messages import ReviewCancel
from shared.store import keys
from shared.store.schedule import Schedule
from shared.store.state import ENDED

from .deps import EdgeContext

log = logging.getLogger(__name__)


async def stop(ctx: EdgeContext, rid: str, reason: str, event: str, body: dict, status: str) -> bool:
    """Flag, broadcast and end the stream with ``event``; False if it had ended already."""
    if await ctx.events.ended(rid):
        return False
    await ctx.state.cancel(rid, reason)
    await ctx.producer.publish(topics.CANCEL, rid, ReviewCancel(request_id=rid, reason=reason))
    # The event and the status in one step (a client that has the event and asks for the review
    # sees it ended); a review that ended meanwhile keeps its own end and status.
    return bool(await ctx.events.emit(rid, event, body, dedupe=event, review={"status": status}))


async def cancel(ctx: EdgeContext, rid: str, reason: str) -> None:
    """The client cancelled, or every client went away."""
    review = await ctx.state.get_review(rid)
    if not review or review.get("status") in ENDED:
        return
    await stop(ctx, rid, reason, "cancelled", {"reason": reason}, "cancelled")


class Deadlines(Schedule):
    """Every review ends by its deadline, whether or not a client is connected: a schedule
    swept by every edge process. Its set is the open reviews (``shared.store.keys.open_reviews``): a
    terminal event takes a review off it, so its size is the backlog."""

    def __init__(self, ctx: EdgeContext, interval_s: float = 1.0) -> None:
        super().__init__(ctx.redis, keys.open_reviews(ctx.settings.topic_prefix), interval_s)
        self.ctx = ctx

    async def act(self, rid: str) -> bool:
        body = {"code": "timeout", "message": "the review did not finish in time", "stage": "edge"}
        if await stop(self.ctx, rid, "deadline passed", "error", body, "failed"):
            log.warning("review %s stopped at its deadline", rid)
            return True
        return False


class BatchDeadlines(Deadlines):
    """A batch's contracts end by their deadline too (``batch_deadline_s``: long, as they queue
    behind one another), on a set of their own: the batch lane's backlog
    (``shared.store.keys.batch_open``), apart from the interactive one."""

    def __init__(self, ctx: EdgeContext, interval_s: float = 1.0) -> None:
        Schedule.__init__(self, ctx.redis, keys.batch_open(ctx.settings.topic_prefix), interval_s)
        self.ctx = ctx


async def expire_pdfs(ctx: EdgeContext) -> None:
    """Delete stored PDFs past their retention, every ``pdf_sweep_interval_s``, until cancelled."""
    s = ctx.settings
    while True:
        try:
            cutoff = time.time() - max(s.pdf_retention_s, s.review_deadline_s)
            if removed := await ctx.blobs.expire(cutoff):
                log.info("deleted %d stored PDFs past their retention", removed)
        except Exception:  # noqa: BLE001 - the store hiccuped: the next sweep retries
            log.exception("deleting expired PDFs failed")
        await asyncio.sleep(s.pdf_sweep_interval_s)


class FollowupDeadlines(Schedule):
    """Every follow-up ends by its deadline, as every review does: one not answered (neither
    `followup_final` nor `followup_error` on the stream) by ``followup_deadline_s`` after it was
    asked gets `followup_error` with code `timeout`; analyze then writes no answer for it. Members
    are ``{request_id}/{followup_id}``."""

    def __init__(self, ctx: EdgeContext, interval_s: float = 1.0) -> None:
        super().__init__(ctx.redis, keys.followup_deadlines(ctx.settings.topic_prefix), interval_s)
        self.ctx = ctx

    async def act(self, member: str) -> bool:
        rid, _, fid = member.partition("/")
        if await self.ctx.events.emitted(rid, f"followup_end:{fid}", f"followup_final:{fid}", f"followup_error:{fid}"):
            return False
        body = {"followup_id": fid, "code": "timeout", "message": "the follow-up was not answered in time"}
        # One end per follow-up: its answer and this error share the dedupe name, so whichever
        # comes second is not appended (analyze's late answer is never shown after it).
        if await self.ctx.events.emit(rid, "followup_error", body, dedupe=f"followup_end:{fid}"):
            log.warning("follow-up %s of review %s stopped at its deadline", fid, rid)
            return True
        return False
