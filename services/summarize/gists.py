"""Page gists by an LLM: one line on what a page provides, for the page summaries.

Off by default (``CLAUSEFLOW_SUMMARY_LLM``). Meant for GPU hosts, where the vLLM server that
analyze uses reads a page in tens of milliseconds and batches many at once; on the CPU model
server a 30-page contract takes minutes and the tiny model's lines are mostly noise.

The gists are on the draft's path, so they are bounded: ``summary_llm_slots`` pages asked at
once, and whatever has not come back ``summary_llm_deadline_s`` after the document's first
request is dropped (those pages keep their extractive line). A gist that is empty, or that
concludes or instructs (shared.clauses.verdicts: the draft's rule), is dropped too. Nothing here fails
a review: a model server that is down costs the deadline at most, and the summaries are the
extractive ones.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from dataclasses import dataclass, field

import openai

from shared.clauses.verdicts import concludes
from shared.core.telemetry import TOKENS

from .settings import Settings

log = logging.getLogger(__name__)

SYSTEM = (
    # No example line: small models copy it onto every page.
    "You label pages of a contract for a lawyer's table of contents. Reply with one line of at "
    "most 15 words saying what this page provides. No advice, no opinion, no preamble."
)
_LEAD = re.compile(r"^\s*(?:[-*•]\s*|(?:summary|label|answer|this page)\s*[:\-–]\s*)", re.I)


@dataclass
class Gisted:
    """The gists of one document (None where a page has none) and what they cost."""

    gists: list[str | None]
    prompt_tokens: int = 0
    completion_tokens: int = 0
    pages_asked: int = 0
    failures: dict[str, int] = field(default_factory=dict)

    @property
    def pages_gisted(self) -> int:
        return sum(g is not None for g in self.gists)

    def counts(self) -> dict[str, int]:
        """What the gists cost, for the stage's cost record."""
        return {"pages_gisted": self.pages_gisted, "llm_prompt_tokens": self.prompt_tokens, "llm_completion_tokens": self.completion_tokens}


def clean(reply: str, max_chars: int) -> str | None:
    """The model's reply as one summary line, or None if it is empty or concludes."""
    lines = [ln for ln in (reply or "").splitlines() if ln.strip()]
    if not lines:
        return None
    line = " ".join(_LEAD.sub("", lines[0]).split()).strip(" \"'`")
    if not line or concludes(line):
        return None
    if len(line) > max_chars:
        cut = line[: max_chars - 1]
        line = (cut.rsplit(" ", 1)[0] if " " in cut else cut) + "…"
    return line


class Gists:
    """One per process: the client, and the pages being asked about."""

    def __init__(self, settings: Settings) -> None:
        self.s = settings
        self.client = openai.AsyncOpenAI(
            base_url=settings.llm_base_url, api_key=settings.llm_api_key, timeout=settings.summary_llm_deadline_s, max_retries=0
        )
        self.slots = asyncio.Semaphore(settings.summary_llm_slots)

    @property
    def kind(self) -> str:
        """How summaries written with these gists are cached (never mixed with extractive ones)."""
        return f"llm-{self.s.llm_model}"

    async def document(self, texts: list[str]) -> Gisted:
        """Gists for the pages that have text, within the deadline."""
        out = Gisted([None] * len(texts))
        deadline = time.monotonic() + self.s.summary_llm_deadline_s
        todo = [i for i, t in enumerate(texts) if t.strip()]
        out.pages_asked = len(todo)
        tasks = {asyncio.create_task(self._page(texts[i], deadline)): i for i in todo}
        if not tasks:
            return out
        done, pending = await asyncio.wait(tasks, timeout=max(deadline - time.monotonic(), 0))
        for task in pending:
            task.cancel()
        if pending:
            out.failures["deadline"] = len(pending)
            await asyncio.gather(*pending, return_exceptions=True)
        for task in done:
            exc = task.exception()
            if exc is not None:
                name = type(exc).__name__
                out.failures[name] = out.failures.get(name, 0) + 1
                continue
            reply, usage = task.result()
            out.prompt_tokens += usage.get("prompt_tokens", 0)
            out.completion_tokens += usage.get("completion_tokens", 0)
            out.gists[tasks[task]] = clean(reply, self.s.summary_chars)
        if out.failures:
            log.warning("page gists: %d of %d pages kept their extractive line (%s)", len(todo) - out.pages_gisted, len(todo), out.failures)
        TOKENS.labels("prompt").inc(out.prompt_tokens)
        TOKENS.labels("completion").inc(out.completion_tokens)
        return out

    async def _page(self, text: str, deadline: float) -> tuple[str, dict]:
        async with self.slots:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the deadline passed while waiting for a slot")
            reply = await self.client.chat.completions.create(
                model=self.s.llm_model,
                messages=[{"role": "system", "content": SYSTEM}, {"role": "user", "content": text[: self.s.summary_llm_page_chars]}],
                max_tokens=self.s.summary_llm_max_tokens, temperature=0, seed=0, timeout=left,
            )
        usage = reply.usage
        tokens = {"prompt_tokens": usage.prompt_tokens, "completion_tokens": usage.completion_tokens} if usage else {}
        return (reply.choices[0].message.content or "") if reply.choices else "", tokens
