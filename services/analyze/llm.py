"""The LLM's answer streamed as `delta` events, raced against the request's cancellation.

OpenAI-compatible chat completions (llama.cpp's server locally, vLLM on GPU hosts) through
the `openai` client.
"""

from __future__ import annotations

import asyncio
import time

import openai

from shared.core import cost
from shared.core.errors import DependencyBusy, Reject, RetryLater
from shared.core.telemetry import LLM_FIRST_TOKEN, LLM_SLOT_WAIT, TOKENS, StageClock
from shared.platform.runtime import Runtime

from .settings import Settings
from .tokens import TokenCounter

CANCEL_CHECK_EVERY = 8  # chunks between looks at the cancel flag (the broadcast cancel is immediate)
EARLY_CANCEL_S = 300.0  # how long a cancel for a request not generating yet is remembered


def retry_after(exc: openai.APIStatusError, default: float = 2.0) -> float:
    """The server's Retry-After in seconds (a number; a date is read as the default)."""
    try:
        return max(0.0, float(exc.response.headers.get("retry-after", default)))
    except ValueError:
        return default


class LlmStream:
    """One per process: the client and the requests it is generating for."""

    def __init__(self, rt: Runtime, settings: Settings, tokens: TokenCounter) -> None:
        self.rt = rt
        self.s = settings
        self.tokens = tokens
        self.client = openai.AsyncOpenAI(base_url=settings.llm_base_url, api_key=settings.llm_api_key, timeout=settings.llm_timeout_s, max_retries=0)
        self._cancels: dict[str, asyncio.Event] = {}
        # Cancels that arrived before their request reached generate(): remembered for a
        # while, so a cancel at any moment stops the work (the broadcast can beat the message).
        self._early: dict[str, float] = {}
        self._slots = asyncio.Semaphore(settings.llm_slots)

    def cancel(self, rid: str) -> None:
        """Stop generating for ``rid`` now, or as soon as it starts."""
        event = self._cancels.get(rid)
        if event is not None:
            event.set()
            return
        now = time.monotonic()
        self._early = {r: t for r, t in self._early.items() if now - t < EARLY_CANCEL_S}
        self._early[rid] = now

    async def generate(self, rid: str, prompt: list[dict], followup: str = "", clock: StageClock | None = None) -> tuple[str | None, dict]:
        """:meth:`_stream`, raced against the request's cancel signal.

        Cancelling the streaming task closes its HTTP connection, and the model server stops
        generating — also while it is still reading the prompt, before any token.
        """
        if followup:  # on a review that has its final: nothing cancels it but a failure
            return await self._stream(rid, prompt, followup, clock)
        cancelled = self._cancels.setdefault(rid, asyncio.Event())
        if self._early.pop(rid, None) is not None or await self.rt.state.is_cancelled(rid):
            self._cancels.pop(rid, None)
            return None, {}
        stream = asyncio.create_task(self._stream(rid, prompt, followup, clock))
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

    async def complete(self, prompt: list[dict], max_tokens: int, clock: StageClock | None = None) -> tuple[str, dict]:
        """One short answer, not streamed (a deviation's sentence), in a generation slot like the
        rest; raises what the client raises."""
        asked = time.monotonic()
        async with self._slots:
            if clock is not None:
                clock.waited((time.monotonic() - asked) * 1000)
            resp = await self.client.chat.completions.create(model=self.s.llm_model, messages=prompt, temperature=0, seed=0, max_tokens=max_tokens)
        text = (resp.choices[0].message.content if resp.choices else None) or ""
        usage = {"prompt_tokens": resp.usage.prompt_tokens, "completion_tokens": resp.usage.completion_tokens} if resp.usage else {}
        return text, self._counted(prompt, text, usage)

    def _counted(self, prompt: list[dict], text: str, usage: dict) -> dict:
        """The server's usage, or (llama.cpp reports none when streaming) the model's tokenizer's
        count; added to the token metrics."""
        if not usage:
            usage = {"prompt_tokens": self.tokens.chat(prompt), "completion_tokens": self.tokens.count(text), "counted": "tokenizer" if self.tokens.exact else "estimated"}
        TOKENS.labels("prompt").inc(usage["prompt_tokens"])
        TOKENS.labels("completion").inc(usage["completion_tokens"])
        return usage

    async def _stream(self, rid: str, prompt: list[dict], followup: str = "", clock: StageClock | None = None) -> tuple[str | None, dict]:
        """The LLM's answer, in `delta` events (`followup_delta` with ``followup``, a follow-up
        question's id); None if the client cancelled.

        Deltas carry their generation (see :meth:`_stream_in_slot`); within one, the per-chunk
        dedupe keys keep the client's stream clean.
        """
        asked = time.monotonic()
        async with self._slots:  # waiting here is raced against the cancel signal too
            LLM_SLOT_WAIT.observe(time.monotonic() - asked)
            if clock is not None:  # queueing for a slot is not the model's time: not billed as it
                clock.waited((time.monotonic() - asked) * 1000)
            if await self.rt.state.is_cancelled(rid):
                return None, {}
            return await self._stream_in_slot(rid, prompt, followup)

    async def _stream_in_slot(self, rid: str, prompt: list[dict], followup: str) -> tuple[str | None, dict]:
        parts: list[str] = []
        usage: dict = {}
        chunks = 0
        # Tokens go out in batches (at least delta_min_chars, or after delta_max_wait_ms):
        # one event per token costs a Redis write and an SSE frame each for a few characters.
        batch: list[str] = []
        sent = 0
        last = time.monotonic()
        # Each attempt at the answer is a new generation: a retried or redelivered one is not
        # bit-for-bit the first (vLLM's batching), so its deltas must not splice into the
        # first's. The first delta of generation g > 1 says "reset": clients drop the text
        # they have and show this generation's from the start.
        generation = await self.rt.state.next_generation(rid, followup or "")
        event, tag = ("followup_delta", {"followup_id": followup}) if followup else ("delta", {})

        async def flush() -> None:
            nonlocal sent, last
            delta = {**tag, "text": "".join(batch), "generation": generation}
            sent += 1
            if sent == 1 and generation > 1:
                delta["reset"] = True
            await self.rt.events.emit(rid, event, delta, dedupe=f"{event}:{followup}:{generation}:{sent}")
            batch.clear()
            last = time.monotonic()

        asked = time.monotonic()
        first = 0.0
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
                    if not parts:
                        first = time.monotonic() - asked
                        LLM_FIRST_TOKEN.observe(first)
                    parts.append(text)
                    batch.append(text)
                    chunks += 1
                    if sum(map(len, batch)) >= self.s.delta_min_chars or time.monotonic() - last >= self.s.delta_max_wait_ms / 1000:
                        await flush()
                    # Leaving the `async with` closes the HTTP stream; the server stops generating.
                    if chunks % CANCEL_CHECK_EVERY == 0 and await self.rt.state.is_cancelled(rid):
                        return None, usage
            if batch:
                await flush()
        except (openai.APIConnectionError, openai.APITimeoutError, openai.InternalServerError) as exc:
            raise RetryLater(f"the LLM server is unavailable: {type(exc).__name__}", code="llm_unavailable") from exc
        except openai.RateLimitError as exc:  # 429: a hosted API's limit or a full server; before any delta
            raise DependencyBusy("the LLM server is busy (429); retrying", code="llm_busy", retry_after=retry_after(exc)) from exc
        except openai.APIStatusError as exc:
            raise Reject(f"the LLM server refused the request: {exc.status_code}", code="llm_rejected") from exc
        usage = self._counted(prompt, "".join(parts), usage)
        # The model's measured speed, for the whole-document counterfactual in the cost.
        if rates := cost.sample(usage["prompt_tokens"], usage["completion_tokens"], first, time.monotonic() - asked):
            await self.rt.state.add_throughput(self.s.llm_model, rates)
        return "".join(parts), usage
