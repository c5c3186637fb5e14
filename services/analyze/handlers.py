"""review.located -> the narrative streamed as `delta` events -> the checked `final` event."""

from __future__ import annotations

import logging

from shared import direct, findings
from shared.clause_model import ClauseModel
from shared.messages import ReviewCancel, ReviewLocated
from shared.runtime import Runtime
from shared.scores import SharedScores
from shared.state import doc_key
from shared.telemetry import MESSAGES, timing_dict

from . import logic
from .llm import LlmStream
from .settings import Settings

log = logging.getLogger(__name__)
STAGE = "analyze"


class Analyzer:
    """Holds the LLM stream and the clause-score cache; one per process."""

    def __init__(self, rt: Runtime, settings: Settings, model: ClauseModel) -> None:
        self.rt = rt
        self.s = settings
        self.scores = SharedScores(rt.state, model, rt.cpu, settings.score_cache_docs)
        self.llm = LlmStream(rt, settings)

    async def on_cancel(self, msg: ReviewCancel) -> None:
        """review.cancel: if this process is writing the request's answer, stop now."""
        self.llm.cancel(msg.request_id)

    async def handle(self, msg: ReviewLocated) -> None:
        """Stream the answer; publish findings and only the citations that hold."""
        env = msg.envelope
        rid = env.request_id
        clock = await self.rt.begin(env)
        if clock is None:
            return
        with clock.phase("preprocess"):
            texts = await self.rt.page_texts(env)
            located = [p.page for p in msg.pages if 0 < p.page <= len(texts)]
            cats = list(msg.categories)
            # Findings read every page: locate scored the whole document already (shared
            # scores), and a clause outside the located pages is still the contract's. The LLM
            # reads only the located pages.
            scored = await self.scores.get(doc_key(env), texts)
            found = await self.rt.cpu(findings.findings, scored, cats)
            searched = sum(1 for t in texts if t.strip())
            on_located = set(located)
            routed = msg.route == "no_llm" and len(cats) == 1
            if not routed:
                context = logic.context_for(located, texts, [f for f in found if f.page in on_located], self.s.context_tokens)
                prompt = logic.messages(context, env.question)
        with clock.phase("inference"):
            if routed:  # a simple question of fact: the clause found is the answer, no LLM
                answer, usage = direct.answer(cats[0], found, searched), {"prompt_tokens": 0, "completion_tokens": 0}
            else:
                answer, usage = await self.llm.generate(rid, prompt)
        if answer is None:
            MESSAGES.labels(STAGE, "cancelled").inc()
            return
        with clock.phase("postprocess"):
            shown = await self.rt.cpu(logic.final_findings, found)
            llm_cites, rejected = logic.check_citations(logic.citations_in(answer), texts)
            cites, _ = logic.check_citations([{"page": f["page"], "quote": f["quote"]} for f in shown] + llm_cites, texts)
        timing = clock.finish()
        await self.rt.state.record_cost(rid, STAGE, timing_dict(timing))
        final = {
            "findings": shown,
            "absent": findings.absent(scored, found, cats, searched),
            "answer": answer,
            "citations": cites,
            "citations_rejected": rejected,
            "mode": msg.mode,
            "model": "none" if routed else self.s.llm_model,
            "usage": usage,
            "cost": logic.cost(await self.rt.state.get_cost(rid), usage, self._prices(), llm_stage=STAGE, llm_on_gpu=self.s.llm_on_gpu),
            "timings": {t.stage: timing_dict(t) for t in [*env.timings, timing]},
            "prompt_version": logic.PROMPT_VERSION,
        }
        if routed:
            final["routed"] = "no_llm"
        if await self.rt.events.emit(rid, "final", final, dedupe="final", audit={"stage": STAGE, "phase2": False, "final": True, "event": "final"}):
            await self.rt.state.update_review(rid, status="done", final=final)
        await self.rt.mark_done(rid)
        MESSAGES.labels(STAGE, "processed").inc()

    def _prices(self) -> dict[str, float]:
        return {
            "cpu_hour": self.s.price_cpu_hour,
            "gpu_hour": self.s.price_gpu_hour,
            "per_1k_prompt_tokens": self.s.price_per_1k_prompt_tokens,
            "per_1k_completion_tokens": self.s.price_per_1k_completion_tokens,
        }
