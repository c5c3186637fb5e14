"""The cost of a review and its whole-document counterfactual (shared/core/cost.py)."""

from __future__ import annotations

import pytest

from shared.core import cost
from shared.core.settings import CommonSettings

PRICES = cost.Prices({"cpu": 0.36, "h100": 3.6}, "cpu", 0.001, 0.002)


def test_cpu_stages_are_billed_cpu_time_and_the_llm_stage_its_hardware_too():
    timings = {"locate": {"cpu_ms": 1000.0}, "analyze": {"cpu_ms": 0.0, "inference_ms": 10_000.0}}
    usage = {"prompt_tokens": 1000, "completion_tokens": 500}
    on_cpu = cost.breakdown(timings, usage, PRICES, llm_stage="analyze")
    assert on_cpu["stages_usd"] == {"locate": 0.0001, "analyze": 0.001}
    assert on_cpu["tokens_usd"] == 0.002 and "saving_usd" not in on_cpu
    on_gpu = cost.breakdown(timings, usage, cost.Prices(PRICES.per_hour, "h100", 0.001, 0.002), llm_stage="analyze")
    assert on_gpu["stages_usd"]["analyze"] == 0.01
    assert on_gpu["total_usd"] == round(0.0001 + 0.01 + 0.002, 8)
    assert on_gpu["prices"]["llm_hardware"] == "h100"


def test_the_whole_document_pass_takes_its_time_from_measured_throughput():
    # 10 generations: prompt read at 100..1000 tokens/s, 10 tokens/s generated, 50-token answers
    samples = [cost.sample(1000, 51, 1000 / (100 * i), 1000 / (100 * i) + 5.0) for i in range(1, 11)]
    rate = cost.Throughput.from_samples(samples)
    assert rate.prefill_tps == pytest.approx(900) and rate.decode_tps == pytest.approx(10) and rate.completion_tokens == 51
    whole = cost.whole_document(9000, 100, rate, PRICES, window_tokens=4096)
    assert whole["seconds"] == pytest.approx(9000 / 900 + 100 / 10)
    assert whole["passes"] == 3
    assert whole["usd"] == pytest.approx(20 / 3600 * 0.36 + 9 * 0.001 + 0.1 * 0.002)
    # a review that used no LLM: the median measured answer stands in for its length
    assert cost.whole_document(9000, None, rate, PRICES, 8192)["completion_tokens"] == 51


def test_the_saving_is_against_reading_the_pages_plus_the_whole_pass_and_may_be_negative():
    timings = {"summarize": {"cpu_ms": 3600.0}, "analyze": {"cpu_ms": 0.0, "inference_ms": 36_000.0}}
    whole = {"usd": 0.01, "seconds": 100.0}
    out = cost.breakdown(timings, {}, cost.Prices({"cpu": 0.36}), llm_stage="analyze", whole=whole)
    # summarize 0.00036 + analyze 0.0036 = 0.00396 against 0.00036 + 0.01
    assert out["whole_document_usd"] == pytest.approx(0.01036) and out["saving_usd"] == pytest.approx(0.0064)
    assert out["saving_pct"] == pytest.approx(61.8, abs=0.1)
    worse = cost.breakdown(timings, {}, cost.Prices({"cpu": 0.36}), llm_stage="analyze", whole={"usd": 0.001})
    assert worse["saving_usd"] < 0


def test_no_measurement_means_no_counterfactual_time_and_no_saving():
    whole = cost.whole_document(5000, 80, None, PRICES, 4096)
    assert whole["seconds"] is None and whole["usd"] is None and whole["basis"] == "unmeasured"
    out = cost.breakdown({"analyze": {"cpu_ms": 1.0}}, {}, PRICES, llm_stage="analyze", whole=whole)
    assert "saving_usd" not in out and out["whole_document"] is whole
    assert cost.sample(0, 10, 1, 2) is None and cost.sample(100, 1, 1, 2) is None and cost.sample(100, 10, 0, 2) is None


def test_health_is_100_minus_the_weighted_shares_of_overrun_slow_and_missed_requests():
    h = cost.Health("locate", budget_usd=0.001, budget_ms=100, window=4)
    assert h.score() == 100
    h.observe(0.0001, 50, False)
    h.observe(0.01, 50, False)   # over the cost budget
    h.observe(0.0001, 500, True)  # too slow, and a cache miss
    h.observe(0.0001, 50, False)
    assert h.score() == pytest.approx(100 - (0.5 * 25 + 0.3 * 25 + 0.2 * 25))
    for _ in range(4):  # the window moves on
        h.observe(0.0001, 50, False)
    assert h.score() == 100


def test_the_price_table_must_price_the_llm_hardware():
    assert CommonSettings(llm_hardware="h100").llm_hardware == "h100"
    with pytest.raises(ValueError, match="llm_hardware"):
        CommonSettings(llm_hardware="tpu-v9")
