"""Writes infra/grafana/dashboards/*.json (Grafana's dashboard model) from the panels below.

    python scripts/make_dashboards.py

Every query names only metrics the running stack exposes (tests/e2e/test_observability.py
scrapes it and compares), except vllm:* which the gpu profile's vLLM serves.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "infra" / "grafana" / "dashboards"
DS = {"type": "prometheus", "uid": "prometheus"}


def panel(pid: int, title: str, targets: list[tuple[str, str]], unit: str, x: int, y: int, w: int = 12, h: int = 8, description: str = "") -> dict:
    return {
        "id": pid, "type": "timeseries", "title": title, "description": description, "datasource": DS,
        "gridPos": {"x": x, "y": y, "w": w, "h": h},
        "fieldConfig": {"defaults": {"unit": unit}, "overrides": []},
        "options": {"legend": {"displayMode": "table", "placement": "bottom", "calcs": ["mean", "max"]}},
        "targets": [{"refId": chr(65 + i), "datasource": DS, "expr": expr, "legendFormat": legend} for i, (expr, legend) in enumerate(targets)],
    }


def quantiles(metric: str, selector: str, by: str = "") -> list[tuple[str, str]]:
    group = f"le{', ' + by if by else ''}"
    legend = f"{{{{{by}}}}} " if by else ""
    return [(f"histogram_quantile({q}, sum by ({group}) (rate({metric}_bucket{{{selector}}}[5m])))", f"{legend}p{int(q * 100)}") for q in (0.5, 0.95)]


def overview() -> dict:
    panels = [
        panel(1, "Cost per review by stage (USD)", [
            ('sum by (stage) (rate(clauseflow_stage_cost_usd_total[5m])) / sum by (stage) (rate(clauseflow_stage_seconds_count{phase="total"}[5m]))', "{{stage}}"),
        ], "currencyUSD", 0, 0, description="Each stage's CPU time (and the LLM's time on its hardware) at the price table's rates, per message handled."),
        panel(2, "Cost health by stage (100 = on budget)", [("min by (stage) (clauseflow_cost_health)", "{{stage}}")], "none", 12, 0),
        panel(3, "Time to draft and to final", quantiles("clauseflow_review_seconds", 'event="draft"') + [
            (e, "final " + lg) for e, lg in quantiles("clauseflow_review_seconds", 'event="final"')
        ], "s", 0, 8),
        panel(4, "Queue wait by stage", quantiles("clauseflow_stage_seconds", 'phase="queue_wait"', "stage"), "s", 12, 8),
        panel(5, "Consumer lag", [("sum by (consumer, topic) (clauseflow_consumer_lag)", "{{consumer}} {{topic}}")], "short", 0, 16),
        panel(6, "Handler time by stage", quantiles("clauseflow_stage_seconds", 'phase="total"', "stage"), "s", 12, 16),
        panel(7, "Messages by topic", [('sum by (topic, outcome) (rate(clauseflow_bus_messages_total[5m]))', "{{topic}} {{outcome}}")], "ops", 0, 24),
        panel(8, "Edge requests and open streams", [
            ("sum by (status) (rate(http_requests_total[5m]))", "{{status}}"),
            ("sum by (kind) (clauseflow_open_streams)", "open {{kind}} streams"),
        ], "short", 12, 24),
        panel(9, "LLM tokens", [("sum by (kind) (rate(clauseflow_llm_tokens_total[5m]))", "{{kind}}")], "short", 0, 32),
        panel(10, "LLM time to first token", quantiles("clauseflow_llm_first_token_seconds", "") + [
            ("histogram_quantile(0.95, sum by (le) (rate(vllm:time_to_first_token_seconds_bucket[5m])))", "vLLM p95 (gpu profile)"),
        ], "s", 12, 32),
        panel(11, "vLLM queue (gpu profile)", [
            ("sum(vllm:num_requests_waiting)", "waiting"), ("sum(vllm:num_requests_running)", "running"),
        ], "short", 0, 40),
        panel(12, "Document cache", [
            ("max(clauseflow_doc_cache_bytes)", "bytes"), ("sum(rate(clauseflow_doc_cache_evictions_total[5m]))", "evictions/s"),
        ], "short", 12, 40),
    ]
    return {
        "uid": "clauseflow-overview", "title": "ClauseFlow", "tags": ["clauseflow"], "timezone": "browser",
        "schemaVersion": 39, "version": 1, "refresh": "30s", "time": {"from": "now-1h", "to": "now"},
        "panels": panels, "templating": {"list": []}, "annotations": {"list": []},
    }


if __name__ == "__main__":
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT  # another folder: to compare (the tests)
    out.mkdir(parents=True, exist_ok=True)
    (out / "clauseflow.json").write_text(json.dumps(overview(), indent=2) + "\n")
    print(f"wrote {out / 'clauseflow.json'}")
