"""review.located -> the draft event (no large model), its temporary record and audit entry;
and the withdrawal of drafts that no final has replaced in time.

The draft is provisional and the final does not depend on it, so a draft that fails is
dropped (counted, logged, audited) and the review goes on to its final: phase2 never sends
the client an `error`.
"""

from __future__ import annotations

import logging
import time

from shared.clauses import routing_parts
from shared.clauses.clause_model import ClauseModel
from shared.core.telemetry import MESSAGES, REVIEW_SECONDS, timing_dict
from shared.messages import ReviewLocated
from shared.platform.runtime import Runtime
from shared.store import keys
from shared.store.schedule import Schedule
from shared.store.scores import SharedScores
from shared.store.state import doc_key

from .logic import DraftInvalid, build_draft, validate_draft

log = logging.getLogger(__name__)
STAGE = "phase2"
AUDIT = {"stage": STAGE, "phase2": True, "final": False}


class Withdrawal(Schedule):
    """Drafts waiting for their final, due at their ``expires_at``.

    Any phase2 replica may sweep, and the event log refuses `draft_expired` once the stream
    has ended (final, error or cancelled), so a draft whose final came in time is never
    withdrawn.
    """

    def __init__(self, rt: Runtime, interval_s: float = 1.0) -> None:
        super().__init__(rt.redis, keys.pending_drafts(rt.settings.topic_prefix), interval_s)
        self.rt = rt

    async def act(self, rid: str) -> bool:
        body = {"reason": "no final arrived in time; the draft is withdrawn while the analysis goes on"}
        if await self.rt.events.emit(rid, "draft_expired", body, dedupe="draft_expired", audit={**AUDIT, "event": "draft_expired"}):
            MESSAGES.labels(STAGE, "draft_expired").inc()
            return True
        return False


async def drop_draft(rt: Runtime, request_id: str, reason: str) -> None:
    """A failed draft: counted, logged and audited; the review goes on without it."""
    MESSAGES.labels(STAGE, "draft_dropped").inc()
    log.warning("draft of %s dropped: %s", request_id, reason)
    await rt.state.audit(request_id, {**AUDIT, "event": "draft_dropped", "reason": reason[:500]})


def make_handler(rt: Runtime, model: ClauseModel, expires_s: int, max_evidence: int, withdrawal: Withdrawal):
    scores = SharedScores(rt.state, model, rt.cpu, rt.settings.score_cache_docs)

    async def handle(msg: ReviewLocated) -> None:
        """Build, validate and publish the draft; idempotent through the event dedupe key."""
        env = msg.envelope
        rid = env.request_id
        clock = await rt.begin(env)
        if clock is None:
            return
        with clock.phase("preprocess"):
            texts = await rt.page_texts(env)
            located = [{"page": p.page, "score": p.score, "summary": p.summary} for p in msg.pages]
            cats = list(msg.categories)
            # The scores locate left in Redis (it scored the document to rank its pages).
            scored = await scores.peek(doc_key(env), texts) if any(c in model.index for c in cats) else None
        with clock.phase("inference"):
            # Off the event loop: other reviews' drafts go on while this one is built.
            draft = await rt.cpu(
                build_draft, located, texts, env.question, cats, model, now=time.time(), expires_s=expires_s, max_evidence=max_evidence, scored=scored,
                unasked=routing_parts.from_messages(msg.unasked),
            )
            draft["mode"] = msg.mode
        with clock.phase("postprocess"):
            try:
                validate_draft(draft, texts)
            except DraftInvalid as exc:
                await drop_draft(rt, rid, f"failed validation: {exc}")
                await rt.mark_done(rid)
                return
        timing = clock.finish()
        await rt.record_cost(rid, STAGE, timing_dict(timing))
        await rt.state.put_draft(rid, draft, rt.settings.draft_ttl_s)
        # Watched before it is shown: a crash between the two cannot leave a draft unwithdrawn.
        await withdrawal.watch(rid, draft["expires_at"])
        if await rt.events.emit(rid, "draft", draft, dedupe="draft", audit={**AUDIT, "event": "draft"}) and env.submitted_at:
            REVIEW_SECONDS.labels("draft").observe(time.time() - env.submitted_at)
        await rt.mark_done(rid)
        MESSAGES.labels(STAGE, "processed").inc()

    return handle
