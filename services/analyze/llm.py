"""The LLM's answer streamed as `delta` events, raced against the request's cancellation.

OpenAI-compatible chat completions (llama.cpp's server locally, vLLM on GPU hosts) through
the `openai` client.
"""

from __future__ import annotations

import asyncio
import time

import openai

from shared.errors import Reject, RetryLater
from shared.runtime import Runtime
from shared.telemetry import TOKENS

from . import logic
from .settings import Settings

CANCEL_CHECK_EVERY = 8  # chunks between looks at the cancel flag (the broadcast cancel is immediate)
EARLY_CANCEL_S = 300.0  # how long a cancel for a request not generating yet is remembered


class LlmStream:
    """One per process: the client and the requests it is generating for."""

    def __init__(self, rt: Runtime, settings: Settings) -> None:
        self.rt = rt
        self.s = settings
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

    async def generate(self, rid: str, prompt: list[dict]) -> tuple[str | None, dict]:
        """:meth:`_stream`, raced against the request's cancel signal.

        Cancelling the streaming task closes its HTTP connection, and the model server stops
        generating — also while it is still reading the prompt, before any token.
        """
        cancelled = self._cancels.setdefault(rid, asyncio.Event())
        if self._early.pop(rid, None) is not None or await self.rt.state.is_cancelled(rid):
            self._cancels.pop(rid, None)
            return None, {}
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

        Deltas carry their generation (see :meth:`_stream_in_slot`); within one, the per-chunk
        dedupe keys keep the client's stream clean.
        """
        async with self._slots:  # waiting here is raced against the cancel signal too
            if await self.rt.state.is_cancelled(rid):
                return None, {}
            return await self._stream_in_slot(rid, prompt)

    async def _stream_in_slot(self, rid: str, prompt: list[dict]) -> tuple[str | None, dict]:
        parts: list[str] = []
        usage: dict = {}
        n = 0
        # Each attempt at the answer is a new generation: a retried or redelivered one is not
        # bit-for-bit the first (vLLM's batching), so its deltas must not splice into the
        # first's. The first delta of generation g > 1 says "reset": clients drop the text
        # they have and show this generation's from the start.
        generation = await self.rt.state.next_generation(rid)
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
                    delta = {"text": text, "generation": generation}
                    if n == 1 and generation > 1:
                        delta["reset"] = True
                    await self.rt.events.emit(rid, "delta", delta, dedupe=f"delta:{generation}:{n}")
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
