"""review.located -> the draft event (no large model), its temporary record and audit entry."""

from __future__ import annotations

import logging
import time

from shared.clause_model import ClauseModel
from shared.errors import Reject
from shared.messages import ReviewLocated
from shared.runtime import Runtime
from shared.telemetry import MESSAGES, timing_dict

from .logic import DraftInvalid, build_draft, validate_draft

log = logging.getLogger(__name__)
STAGE = "phase2"


def make_handler(rt: Runtime, model: ClauseModel, expires_s: int, max_evidence: int):
    async def handle(msg: ReviewLocated) -> None:
        """Build, validate and publish the draft; idempotent through the event dedupe key."""
        env = msg.envelope
        clock = await rt.begin(env)
        if clock is None:
            return
        with clock.phase("preprocess"):
            texts = await rt.page_texts(env)
            located = [{"page": p.page, "score": p.score, "summary": p.summary} for p in msg.pages]
        with clock.phase("inference"):
            draft = build_draft(located, texts, env.question, list(msg.categories), model, now=time.time(), expires_s=expires_s, max_evidence=max_evidence)
            draft["mode"] = msg.mode
        with clock.phase("postprocess"):
            try:
                validate_draft(draft, texts)
            except DraftInvalid as exc:
                raise Reject(f"draft failed validation: {exc}") from exc
        timing = clock.finish()
        await rt.state.put_draft(env.request_id, draft)
        await rt.state.record_cost(env.request_id, STAGE, timing_dict(timing))
        if await rt.events.emit(env.request_id, "draft", draft, dedupe="draft"):
            await rt.state.audit(env.request_id, {"stage": STAGE, "phase2": True, "final": False, "event": "draft"})
        await rt.state.update_review(env.request_id, draft=draft)
        MESSAGES.labels(STAGE, "processed").inc()

    return handle
