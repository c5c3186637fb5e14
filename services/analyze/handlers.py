"""review.located -> the narrative streamed as `delta` events -> the checked `final` event."""

from __future__ import annotations

import asyncio
import logging

import openai

from shared import findings
from shared.clause_model import ClauseModel
from shared.errors import Reject, RetryLater
from shared.messages import ReviewCancel, ReviewLocated
from shared.runtime import Runtime
from shared.telemetry import MESSAGES, TOKENS, timing_dict

from . import logic
from .settings import Settings

log = logging.getLogger(__name__)
STAGE = "analyze"
CANCEL_CHECK_EVERY = 8  # chunks between looks at the cancel flag


class Analyzer:
    """Holds the LLM client; one per process."""

    def __init__(self, rt: Runtime, settings: Settings, model: ClauseModel) -> None:
        self.rt = rt
        self.s = settings
        self.model = model
        self.scores = findings.ScoreCache(settings.score_cache_docs)
        self.client = openai.AsyncOpenAI(base_url=settings.llm_base_url, api_key=settings.llm_api_key, timeout=settings.llm_timeout_s, max_retries=0)
        self._cancels: dict[str, asyncio.Event] = {}  # requests this process is generating for

    async def on_cancel(self, msg: ReviewCancel) -> None:
        """review.cancel: if this process is writing the request's answer, stop now."""
        event = self._cancels.get(msg.request_id)
        if event is not None:
            event.set()

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
            # Findings read every page: the clause model is cheap and cached by document, and a
            # clause outside the located pages is still the contract's. The LLM reads only those.
            scored = await asyncio.to_thread(self.scores.get_or_score, env.doc_sha256, texts, self.model)
            found = findings.findings(scored, cats)
            context = logic.context_for(located, texts, [f for f in found if f.page in set(located)], self.s.context_tokens)
            prompt = logic.messages(context, env.question)
        with clock.phase("inference"):
            answer, usage = await self._generate(rid, prompt)
        if answer is None:
            MESSAGES.labels(STAGE, "cancelled").inc()
            return
        with clock.phase("postprocess"):
            shown = logic.final_findings(found)
            llm_cites, rejected = logic.check_citations(logic.citations_in(answer), texts)
            cites, _ = logic.check_citations([{"page": f["page"], "quote": f["quote"]} for f in shown] + llm_cites, texts)
        timing = clock.finish()
        await self.rt.state.record_cost(rid, STAGE, timing_dict(timing))
        final = {
            "findings": shown,
            "absent": findings.absent(found, cats, sum(1 for t in texts if t.strip())),
            "answer": answer,
            "citations": cites,
            "citations_rejected": rejected,
            "mode": msg.mode,
            "model": self.s.llm_model,
            "usage": usage,
            "cost": logic.cost(await self.rt.state.get_cost(rid), usage, self._prices(), llm_stage=STAGE, llm_on_gpu=self.s.llm_on_gpu),
            "timings": {t.stage: timing_dict(t) for t in [*env.timings, timing]},
            "prompt_version": logic.PROMPT_VERSION,
        }
        if await self.rt.events.emit(rid, "final", final, dedupe="final"):
            await self.rt.state.audit(rid, {"stage": STAGE, "phase2": False, "final": True, "event": "final"})
        await self.rt.state.update_review(rid, status="done", final=final)
        MESSAGES.labels(STAGE, "processed").inc()

    async def _generate(self, rid: str, prompt: list[dict]) -> tuple[str | None, dict]:
        """:meth:`_stream`, raced against the request's cancel signal.

        Cancelling the streaming task closes its HTTP connection, and the model server stops
        generating — also while it is still reading the prompt, before any token.
        """
        cancelled = self._cancels.setdefault(rid, asyncio.Event())
        stream = asyncio.create_task(self._stream(rid, prompt))
        waiter = asyncio.create_task(cancelled.wait())
        try:
            done, _ = await asyncio.wait({stream, waiter}, return_when=asyncio.FIRST_COMPLETED)
            if stream in done:
                return stream.result()
            stream.cancel()
            await asyncio.gather(stream, return_exceptions=True)
            return None, {}
        finally:
            waiter.cancel()
            self._cancels.pop(rid, None)

    async def _stream(self, rid: str, prompt: list[dict]) -> tuple[str | None, dict]:
        """The LLM's answer, each chunk emitted as a `delta`; None if the client cancelled.

        Temperature 0 and a fixed seed make a redelivered message regenerate the same text,
        so the per-chunk dedupe keys keep the client's stream clean.
        """
        parts: list[str] = []
        usage: dict = {}
        n = 0
        try:
            stream = await self.client.chat.completions.create(
                model=self.s.llm_model, messages=prompt, stream=True, temperature=0, seed=0,
                max_tokens=self.s.max_tokens, stream_options={"include_usage": True},
            )
            async with stream:
                async for chunk in stream:
                    if chunk.usage:
                        usage = {"prompt_tokens": chunk.usage.prompt_tokens, "completion_tokens": chunk.usage.completion_tokens}
                    text = chunk.choices[0].delta.content if chunk.choices else None
                    if not text:
                        continue
                    parts.append(text)
                    n += 1
                    await self.rt.events.emit(rid, "delta", {"text": text}, dedupe=f"delta:{n}")
                    # Leaving the `async with` closes the HTTP stream; the server stops generating.
                    if n % CANCEL_CHECK_EVERY == 0 and await self.rt.state.is_cancelled(rid):
                        return None, usage
        except (openai.APIConnectionError, openai.APITimeoutError, openai.InternalServerError) as exc:
            raise RetryLater(f"the LLM server is unavailable: {type(exc).__name__}", code="llm_unavailable") from exc
        except openai.APIStatusError as exc:
            raise Reject(f"the LLM server refused the request: {exc.status_code}", code="llm_rejected") from exc
        if not usage:  # llama.cpp's server reports no usage when streaming: estimate, and say so
            usage = {"prompt_tokens": sum(len(m["content"]) for m in prompt) // logic.CHARS_PER_TOKEN, "completion_tokens": n, "estimated": True}
        TOKENS.labels("prompt").inc(usage["prompt_tokens"])
        TOKENS.labels("completion").inc(usage["completion_tokens"])
        return "".join(parts), usage

    def _prices(self) -> dict[str, float]:
        return {
            "cpu_hour": self.s.price_cpu_hour,
            "gpu_hour": self.s.price_gpu_hour,
            "per_1k_prompt_tokens": self.s.price_per_1k_prompt_tokens,
            "per_1k_completion_tokens": self.s.price_per_1k_completion_tokens,
        }
