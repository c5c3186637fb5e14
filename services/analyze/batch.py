"""batch.summarized -> a batch contract's `final`: the clause model, the terms and the playbook
over every page, no LLM (a grid cell needs quotes, pages, terms and positions, all of which come
without one). The final is the review's, as an interactive review's would be (the review page
shows it), and ending the review writes the batch's cell (shared/store/events.py)."""

from __future__ import annotations

import logging
import time

from shared.clauses import findings
from shared.core.telemetry import MESSAGES, timing_dict
from shared.messages import ReviewSummarized
from shared.store.state import doc_key

from . import logic

log = logging.getLogger(__name__)
STAGE = "analyze"
NO_USAGE = {"prompt_tokens": 0, "completion_tokens": 0}


class BatchCells:
    """Answers a batch's contracts with the parts of :class:`~services.analyze.handlers.Analyzer`
    that need no model server: its clause-score cache, its playbooks, its cost and its publish."""

    def __init__(self, analyzer) -> None:
        self.a = analyzer
        self.rt = analyzer.rt

    async def handle(self, msg: ReviewSummarized) -> None:
        env = msg.envelope
        rid = env.request_id
        clock = await self.rt.begin(env)
        if clock is None:
            return
        review = await self.rt.state.get_review(rid) or {}
        cats = list(review.get("categories") or [])  # the batch's, written by the edge on each of its reviews
        book = await self.a.playbooks.current(env.tenant)
        with clock.phase("preprocess"):
            texts = await self.rt.page_texts(env)
            scored = await self.a.scores.get(doc_key(env), texts)
        with clock.phase("inference"):  # the clause model's work, on the CPU: no LLM
            found = await self.rt.cpu(findings.findings, scored, cats)
        with clock.phase("postprocess"):
            searched = sum(1 for t in texts if t.strip())
            shown = await self.rt.cpu(logic.final_findings, found, book)
            parts = logic.quoted_parts(shown)
            cites, _ = logic.check_citations(parts, texts)
            checked = logic.playbook_result(book, shown, cats, searched)
            absent = findings.absent(scored, found, cats, searched)
            rows = logic.summary(shown, cats, checked)
        timing = clock.finish()
        await self.rt.record_cost(rid, STAGE, timing_dict(timing), missed=True)
        final = {
            "findings": shown,
            "absent": absent,
            "playbook": checked,
            "summary": rows,
            "answer": logic.summary_text(rows, absent),
            "commentary": None,
            "citations": cites,
            "citations_rejected": 0,
            "mode": "batch",
            "model": "none",
            "routed": "no_llm",
            "usage": NO_USAGE,
            "cost": await self.a._cost(env, texts, NO_USAGE, [], None, "none"),
            "timings": {t.stage: timing_dict(t) for t in [*env.timings, timing]},
            "prompt_version": logic.PROMPT_VERSION,
        }
        await self.a._publish(env, final)
        MESSAGES.labels(STAGE, "batch").inc()
        log.info("batch contract answered: %d findings for %d categories in %.0f ms", len(shown), len(cats), (time.time() - env.submitted_at) * 1000 if env.submitted_at else 0.0)
