"""What a review cost, stage by stage, and what the whole document through the same model would
have cost: the saving ClauseFlow exists for, shown per request.

Prices (settings): USD per hour of each kind of machine. ``cpu`` is one vCPU; a CPU stage is
billed its CPU time (the thread time of its CPU sections, so reviews in flight together are not
billed for each other). The LLM stage is billed, besides, the wall time the model server spent on
the request (its ``inference`` phase) at the price of the hardware it runs on
(``llm_hardware``), plus any per-1k-token prices (for a hosted API).

The counterfactual: one pass of the whole document through the same model, with the same
instructions and question. Its prompt tokens are counted by the model's own tokenizer; its time
comes from the model's measured throughput (prompt tokens per second to the first token, then
generated tokens per second), recorded by analyze across reviews in Redis. The rate used is the
90th percentile of the measured ones, so that requests that queued at the server do not make
the whole-document pass look slower than it would be: the saving is understated, never
overstated. Attention grows faster than linearly with the prompt, which this ignores (again
understating). A document longer than the model's context window would need several passes;
``passes`` says how many.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass
from typing import Any

from prometheus_client import Counter, Gauge

STAGE_USD = Counter("clauseflow_stage_cost_usd_total", "Cost of the stage's work, USD, by stage", ["stage"])
HEALTH = Gauge("clauseflow_cost_health", "Cost health score of a stage, 0-100 (100 - 0.5 cost overrun - 0.3 latency violation - 0.2 cache miss, each a % of recent requests)", ["stage"])
THROUGHPUT_SAMPLES = 200  # kept per model in Redis


@dataclass(frozen=True)
class Prices:
    per_hour: dict[str, float]
    llm_hardware: str = "cpu"
    per_1k_prompt_tokens: float = 0.0
    per_1k_completion_tokens: float = 0.0

    @classmethod
    def from_settings(cls, s) -> Prices:
        return cls(dict(s.price_per_hour), s.llm_hardware, s.price_per_1k_prompt_tokens, s.price_per_1k_completion_tokens)

    def as_dict(self) -> dict[str, Any]:
        return {
            "per_hour": self.per_hour, "llm_hardware": self.llm_hardware,
            "per_1k_prompt_tokens": self.per_1k_prompt_tokens, "per_1k_completion_tokens": self.per_1k_completion_tokens,
        }

    def stage_usd(self, timing: dict[str, Any], *, llm: bool = False) -> float:
        """A stage's cost from its timing: CPU time, and with ``llm`` the model server's time."""
        usd = timing.get("cpu_ms", 0.0) / 3.6e6 * self.per_hour["cpu"]
        if llm:
            usd += timing.get("inference_ms", 0.0) / 3.6e6 * self.per_hour[self.llm_hardware]
        return usd

    def tokens_usd(self, prompt_tokens: int, completion_tokens: int) -> float:
        return prompt_tokens / 1000 * self.per_1k_prompt_tokens + completion_tokens / 1000 * self.per_1k_completion_tokens


@dataclass(frozen=True)
class Throughput:
    """A model's measured speed: prompt tokens/s read (to the first token), tokens/s generated."""

    prefill_tps: float
    decode_tps: float
    samples: int
    completion_tokens: float  # the median answer's length, for a review that had none

    @classmethod
    def from_samples(cls, samples: list[tuple[float, float, int]]) -> Throughput | None:
        """From (prefill tokens/s, decode tokens/s, completion tokens) of recent generations."""
        if not samples:
            return None
        return cls(_p90([s[0] for s in samples]), _p90([s[1] for s in samples]), len(samples), _median([s[2] for s in samples]))


def sample(prompt_tokens: int, completion_tokens: int, first_token_s: float, total_s: float) -> tuple[float, float, int] | None:
    """One generation's rates; None when it says nothing about them (no tokens, no time)."""
    decode_s = total_s - first_token_s
    if prompt_tokens <= 0 or completion_tokens <= 1 or first_token_s <= 0 or decode_s <= 0:
        return None
    return prompt_tokens / first_token_s, (completion_tokens - 1) / decode_s, completion_tokens


def whole_document(prompt_tokens: int, completion_tokens: int | None, rate: Throughput | None, prices: Prices, window_tokens: int) -> dict[str, Any]:
    """One pass of the whole document through the same model: its tokens, time and cost."""
    out: dict[str, Any] = {"prompt_tokens": prompt_tokens, "passes": max(1, math.ceil(prompt_tokens / max(window_tokens, 1)))}
    if rate is None:  # no generation measured yet on this model: the time is unknown
        return {**out, "completion_tokens": completion_tokens, "seconds": None, "usd": None, "basis": "unmeasured"}
    completion = completion_tokens if completion_tokens else round(rate.completion_tokens)
    seconds = prompt_tokens / rate.prefill_tps + completion / rate.decode_tps
    usd = seconds / 3600 * prices.per_hour[prices.llm_hardware] + prices.tokens_usd(prompt_tokens, completion)
    return {
        **out, "completion_tokens": completion, "seconds": round(seconds, 3), "usd": round(usd, 8),
        "basis": f"p90 of {rate.samples} measured generations: {rate.prefill_tps:.0f} prompt tokens/s, {rate.decode_tps:.1f} tokens/s generated",
    }


def breakdown(timings: dict[str, dict[str, Any]], usage: dict[str, int], prices: Prices, *, llm_stage: str, whole: dict[str, Any] | None = None) -> dict[str, Any]:
    """The per-stage cost, tokens and total; with ``whole`` (:func:`whole_document`), what the
    whole-document pass would have cost (reading the pages, which it needs too, and the pass)
    and the saving against it, negative when staging cost more."""
    stages = {stage: round(prices.stage_usd(t, llm=stage == llm_stage), 8) for stage, t in timings.items()}
    tokens = prices.tokens_usd(usage.get("prompt_tokens", 0), usage.get("completion_tokens", 0))
    total = sum(stages.values()) + tokens
    out: dict[str, Any] = {"stages_usd": stages, "tokens_usd": round(tokens, 8), "total_usd": round(total, 8), "prices": prices.as_dict()}
    if whole is not None:
        out["whole_document"] = whole
        if whole.get("usd") is not None:
            counterfactual = stages.get("summarize", 0.0) + whole["usd"]
            out["whole_document_usd"] = round(counterfactual, 8)
            out["saving_usd"] = round(counterfactual - total, 8)
            out["saving_pct"] = round(100 * (counterfactual - total) / counterfactual, 1) if counterfactual > 0 else None
    return out


class Health:
    """A stage's cost health over its recent requests (one per process):
    100 − (0.5·cost overrun + 0.3·latency violation + 0.2·cache miss), each the percentage of
    the last ``window`` requests over the stage's cost budget, over its latency budget, or that
    had to compute what a cache could have held."""

    def __init__(self, stage: str, budget_usd: float, budget_ms: float, window: int = 100) -> None:
        self.stage, self.budget_usd, self.budget_ms = stage, budget_usd, budget_ms
        self.recent: deque[tuple[bool, bool, bool]] = deque(maxlen=window)

    def observe(self, usd: float, total_ms: float, missed: bool) -> float:
        STAGE_USD.labels(self.stage).inc(usd)
        self.recent.append((usd > self.budget_usd, total_ms > self.budget_ms, missed))
        score = self.score()
        HEALTH.labels(self.stage).set(score)
        return score

    def score(self) -> float:
        if not self.recent:
            return 100.0
        n = len(self.recent)
        over, slow, miss = (100 * sum(r[i] for r in self.recent) / n for i in range(3))
        return round(100 - (0.5 * over + 0.3 * slow + 0.2 * miss), 2)


def _p90(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, math.ceil(0.9 * len(xs)) - 1)]


def _median(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[len(xs) // 2]
