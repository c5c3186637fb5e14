"""review.located -> the narrative streamed as `delta` events -> the checked `final` event."""

from __future__ import annotations

import asyncio
import logging
import time

from shared.clauses import direct, findings, playbook_words, routing, routing_parts
from shared.clauses.clause_model import ClauseModel
from shared.core import cost, topics
from shared.core.errors import ClauseFlowError, Reject, error_body
from shared.core.logs import request_id_var
from shared.core.telemetry import MESSAGES, REVIEW_SECONDS, StageClock, timing_dict
from shared.messages import Envelope, LocatedPage, ReviewCancel, ReviewFollowup, ReviewLocated, ReviewSummarized
from shared.platform.runtime import Runtime
from shared.store import keys
from shared.store.lease import Lease
from shared.store.schedule import Schedule
from shared.store.playbooks import Playbooks
from shared.store.scores import SharedScores
from shared.store.state import doc_key

from . import explain, logic, narrative
from .llm import LlmStream
from .settings import Settings
from .tokens import TokenCounter, fit

log = logging.getLogger(__name__)
STAGE = "analyze"


class LocateDeadline(Schedule):
    """Reviews whose pages are read, due when locate should have answered by. One that is still
    waiting then is answered from the whole document within the model's budget
    (``mode: fallback_full``): analyze hands itself that review.located. Whichever of the two
    messages comes second finds the review done and is skipped."""

    def __init__(self, rt: Runtime, interval_s: float = 1.0) -> None:
        super().__init__(rt.redis, keys.locate_deadlines(rt.settings.topic_prefix), interval_s)
        self.rt = rt

    async def act(self, rid: str) -> bool:
        raw = await self.rt.redis.getdel(keys.fallback(rid))
        if raw is None or await self.rt.events.ended(rid) or await self.rt.state.stage_done(rid, STAGE):
            return False
        env = Envelope.FromString(raw)
        route, unasked = routing.routed(env.question)  # locate's routing, without its embedder
        unasked = routing_parts.as_messages(unasked)
        pages = [LocatedPage(page=i, score=0.0) for i in range(1, env.page_count + 1)]
        log.warning("locate has not answered review %s in time: answering from the whole document", rid)
        await self.rt.producer.publish(topics.LOCATED, rid, ReviewLocated(envelope=env, pages=pages, mode="fallback_full", categories=route.categories, unasked=unasked))
        MESSAGES.labels(STAGE, "fallback_full").inc()
        return True


class Analyzer:
    """Holds the LLM stream and the clause-score cache; one per process."""

    def __init__(self, rt: Runtime, settings: Settings, model: ClauseModel) -> None:
        self.rt = rt
        self.s = settings
        self.scores = SharedScores(rt.state, model, rt.cpu, settings.score_cache_docs)
        self.tokens = TokenCounter.for_model(settings.llm_model, settings.tokenizer_file)
        self.llm = LlmStream(rt, settings, self.tokens)
        self.deadlines = LocateDeadline(rt)
        self.playbooks = Playbooks(rt.redis)  # each tenant's positions (the default until it sets its own)

    async def on_summarized(self, msg: ReviewSummarized) -> None:
        """review.summarized: locate is working on it; if it has not answered by the deadline,
        the whole document stands in for its pages (:class:`LocateDeadline`)."""
        env = msg.envelope
        if not self.s.locate_deadline_s or await self.rt.events.ended(env.request_id):
            return
        await self.rt.redis.set(keys.fallback(env.request_id), env.SerializeToString(), ex=self.s.event_ttl_s)
        await self.deadlines.watch(env.request_id, time.time() + self.s.locate_deadline_s)

    async def on_cancel(self, msg: ReviewCancel) -> None:
        """review.cancel: if this process is writing the request's answer, stop now."""
        self.llm.cancel(msg.request_id)

    async def handle(self, msg: ReviewLocated) -> None:
        """Stream the answer; publish findings and only the citations that hold. One process
        at a time per review: after a rebalance the partition's new owner waits on the lease
        while the old one still generates, then finds the final out and skips (never a second
        generation), or redoes the work if the old one died."""
        rid = msg.envelope.request_id
        if msg.mode != "fallback_full":
            await self.deadlines.unwatch(rid)  # locate answered: no fallback for this review
        async with Lease(self.rt.redis, keys.lease(rid, STAGE), self.s.lease_ttl_s):
            await self._answer(msg)

    async def _answer(self, msg: ReviewLocated) -> None:
        env = msg.envelope
        rid = env.request_id
        clock = await self.rt.begin(env)
        if clock is None:
            return
        routed = msg.route == "no_llm" and len(msg.categories) == 1
        model = "none" if routed else self.s.llm_model
        book = await self.playbooks.current(env.tenant)
        # Sentences on the deviations change the final: a final made with them is kept apart.
        key = logic.result_key(doc_key(env), env.question, f"{model}+explain {self.s.explain_deviations}" if self.s.explain_deviations else model, self.scores.model.version, msg.route, book.version)
        if self.s.results_cache_s and (cached := await self.rt.state.get_result(key)) is not None:
            await self._replay(msg, clock, cached)
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
            if not routed:
                evidence = [f for f in found if f.page in on_located]
                # Packed to the budget as the model counts tokens, not as characters guess them.
                context = await self.rt.cpu(fit, lambda chars: logic.context_for(located, texts, evidence, chars // logic.CHARS_PER_TOKEN), self.s.context_tokens, self.tokens.count)
                prompt = logic.messages(context, env.question)
        with clock.phase("inference"):
            if routed:  # a simple question of fact: the clause found is the answer, no LLM
                answer, usage = direct.answer(cats[0], found, searched), {"prompt_tokens": 0, "completion_tokens": 0}
            else:
                answer, usage = await self.llm.generate(rid, prompt, clock=clock)
        if answer is None:
            MESSAGES.labels(STAGE, "cancelled").inc()
            return
        with clock.phase("postprocess"):
            shown = await self.rt.cpu(logic.final_findings, found, book, playbook_words.asker(env.question))  # "We're the customer": its own rights favour it
            llm_cites, rejected = logic.check_citations(logic.citations_in(answer), texts)
            parts = logic.quoted_parts(shown) + ([] if cats else await self.rt.cpu(logic.question_passages, scored.units, located, env.question))
            cites, _ = logic.check_citations(parts + llm_cites, texts)
            checked = logic.playbook_result(book, shown, cats, searched)
        if self.s.explain_deviations and not routed and checked["deviations"]:
            with clock.phase("inference"):  # the model's time, billed as the answer's is
                usage = await self._explain(rid, checked["deviations"], shown, texts, usage, clock)
        timing = clock.finish()
        await self.rt.record_cost(rid, STAGE, timing_dict(timing), missed=True, llm=not routed)
        analysed = [] if routed else located
        absent = findings.absent(scored, found, cats, searched)
        rows = logic.summary(shown, cats, checked)
        unasked = routing_parts.from_messages(msg.unasked)
        final = {
            "findings": shown,
            "absent": absent,
            "unasked": unasked,
            "playbook": checked,
            "summary": rows,
            # The answer is what the clause model and the playbook established (a routed
            # question's found clause, quoted); the LLM's text is commentary beside it, each
            # sentence grounded only if it carries a citation that held. Never the answer.
            "answer": "\n".join([answer, *map(routing_parts.note, unasked)]) if routed else logic.summary_text(rows, absent, unasked),
            "commentary": None if routed else await self.rt.cpu(narrative.commentary, answer, texts, model),
            "citations": cites,
            "citations_rejected": rejected,
            "mode": msg.mode,
            "model": model,
            "usage": usage,
            "cost": await self._cost(env, texts, usage, analysed, None if routed else prompt, model),
            "timings": {t.stage: timing_dict(t) for t in [*env.timings, timing]},
            "prompt_version": logic.PROMPT_VERSION,
        }
        if routed:
            final["routed"] = "no_llm"
        await self._publish(env, final)
        if self.s.results_cache_s and msg.mode == "located":  # a whole-document stand-in is not kept
            await self.rt.state.put_result(key, final, min(self.s.results_cache_s, self.s.event_ttl_s))  # within the retention

    async def _explain(self, rid: str, deviations: list[dict], shown: list[dict], texts: list[str], usage: dict, clock: StageClock) -> dict:
        """A sentence from the model on each deviation (services/analyze/explain.py), within
        the time allowed; the review's usage with their tokens added."""
        clauses = {}
        for f in shown:
            whole = f["quote"] + (f" {f['continues']['quote']}" if "continues" in f else "")
            for c in f["categories"]:
                clauses.setdefault((c, f["page"]), whole)
        spent = {"prompt_tokens": 0, "completion_tokens": 0}
        try:
            await asyncio.wait_for(
                explain.explain(lambda m: self.llm.complete(m, self.s.explain_max_tokens, clock), deviations, clauses, texts, self.s.llm_model, self.s.explain_deviations, spent),
                self.s.explain_timeout_s)
        except TimeoutError:
            log.warning("review %s: the deviations' sentences took over %.0f s; the final goes without the rest", rid, self.s.explain_timeout_s)
        return {**usage, **{k: usage.get(k, 0) + v for k, v in spent.items()}}

    async def _replay(self, msg: ReviewLocated, clock, cached: dict) -> None:
        """The same question on the same document was answered: its final again, no LLM call.
        This request's own cost (the LLM's is zero) with the original's alongside."""
        env = msg.envelope
        timing = clock.finish()
        await self.rt.record_cost(env.request_id, STAGE, timing_dict(timing))
        usage = {"prompt_tokens": 0, "completion_tokens": 0}
        final = {
            **cached,
            "cached": True,
            "usage": usage,
            "cost": await self._cost(env, await self.rt.page_texts(env), usage, [], None, cached.get("model", self.s.llm_model)),
            "original": {"usage": cached.get("usage"), "cost": cached.get("cost"), "timings": cached.get("timings")},
            "timings": {t.stage: timing_dict(t) for t in [*env.timings, timing]},
        }
        await self._publish(env, final)
        MESSAGES.labels(STAGE, "cached").inc()

    async def _publish(self, env: Envelope, final: dict) -> None:
        rid = env.request_id
        # The event and the review's state in one step: a crash cannot leave one without the other.
        if await self.rt.events.emit(rid, "final", final, dedupe="final", audit={"stage": STAGE, "phase2": False, "final": True, "event": "final"},
                                     review={"status": "done", "final": final}):
            if env.submitted_at:
                REVIEW_SECONDS.labels("final").observe(time.time() - env.submitted_at)
        await self.rt.mark_done(rid)
        MESSAGES.labels(STAGE, "processed").inc()

    async def followup(self, msg: ReviewFollowup) -> None:
        """A question on one clause of a review that has its final: answered from that clause
        and its neighbouring sentences only, streamed as `followup_delta` on the review's
        stream, ended by `followup_final` with its own usage and cost."""
        env, fid = msg.envelope, msg.followup_id
        rid = env.request_id
        request_id_var.set(rid)
        async with Lease(self.rt.redis, keys.lease(rid, f"followup:{fid}"), self.s.lease_ttl_s):  # as for the answer
            await self._followup(msg)

    async def _followup(self, msg: ReviewFollowup) -> None:
        env, fid = msg.envelope, msg.followup_id
        rid = env.request_id
        if await self.rt.state.stage_done(rid, f"followup:{fid}"):
            return  # redelivered after it was answered: the client has it
        clock = StageClock("followup", env.published_at)
        with clock.phase("preprocess"):
            texts = await self.rt.page_texts(env)
            if not 0 < msg.page <= len(texts):
                raise Reject(f"page {msg.page} is not in the document")
            page_text = texts[msg.page - 1]
            context = fit(lambda chars: logic.followup_context(msg.page, page_text, msg.quote, chars // logic.CHARS_PER_TOKEN), self.s.context_tokens, self.tokens.count)
            prompt = logic.messages(context, env.question)
        with clock.phase("inference"):
            answer, usage = await self.llm.generate(rid, prompt, followup=fid, clock=clock)
        with clock.phase("postprocess"):
            cites, rejected = logic.check_citations(logic.citations_in(answer or ""), texts)
            sentences = narrative.label(answer or "", texts)
        timing = clock.finish()
        # Kept with the review's stage timings, so GET …/cost lists every follow-up and its tokens.
        await self.rt.state.record_cost(rid, f"followup:{fid}", {**timing_dict(timing), "prompt_tokens": usage.get("prompt_tokens", 0), "completion_tokens": usage.get("completion_tokens", 0)})
        body = {
            "followup_id": fid,
            "question": env.question,
            "page": msg.page,
            "quote": msg.quote,
            "answer": answer,
            "narrative": sentences,
            "citations": cites,
            "citations_rejected": rejected,
            "model": self.s.llm_model,
            "usage": usage,
            "cost": cost.breakdown({"followup": timing_dict(timing)}, usage, self.rt.prices, llm_stage="followup"),
            "timings": {"followup": timing_dict(timing)},
        }
        # followup_end: one end per follow-up (an answer later than the edge's deadline error is not appended)
        await self.rt.events.emit(rid, "followup_final", body, dedupe=f"followup_end:{fid}", audit={"stage": STAGE, "event": "followup_final", "followup_id": fid})
        await self.rt.state.mark_done(rid, f"followup:{fid}")
        MESSAGES.labels("followup", "processed").inc()

    async def followup_failed(self, key: str, exc: BaseException) -> None:
        """A follow-up that failed ends in `followup_error`; the review itself stays done."""
        rid, _, fid = key.partition("/")
        body = {"followup_id": fid, **error_body(exc if isinstance(exc, ClauseFlowError) else ClauseFlowError("the follow-up failed"))}
        await self.rt.events.emit(rid, "followup_error", body, dedupe=f"followup_end:{fid}")
        MESSAGES.labels("followup", "failed").inc()

    async def _cost(self, env: Envelope, texts: list[str], usage: dict, analysed: list[int], prompt: list[dict] | None, model: str) -> dict:
        """The review's cost by stage, its fingerprint, and what one pass of the whole document
        through the same model would have cost (shared/core/cost.py)."""
        whole_prompt = logic.messages(logic.whole_document(texts), env.question)
        whole_tokens = await self.rt.cpu(self.tokens.chat, whole_prompt)
        rate = cost.Throughput.from_samples(await self.rt.state.get_throughput(self.s.llm_model))
        whole = cost.whole_document(whole_tokens, usage.get("completion_tokens") or None, rate, self.rt.prices, self.s.llm_window_tokens)
        whole["model"] = self.s.llm_model
        out = cost.breakdown(await self.rt.state.get_cost(env.request_id), usage, self.rt.prices, llm_stage=STAGE, whole=whole)
        out["fingerprint"] = {
            "prompt_chars": sum(len(m["content"]) for m in prompt) if prompt else 0,
            "prompt_tokens": usage.get("prompt_tokens", 0),
            "completion_tokens": usage.get("completion_tokens", 0),
            "model": model,
            "hardware": self.rt.prices.llm_hardware if prompt else "cpu",
            "seconds": round(time.time() - env.submitted_at, 3) if env.submitted_at else None,
            "pages": len(texts),
            "pages_analysed": len(analysed),
        }
        return out
