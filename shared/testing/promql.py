"""The PromQL in infra/ (dashboards and alert rules) and the metric names it reads."""

from __future__ import annotations

import json
from pathlib import Path

import promql_parser
import yaml

INFRA = Path(__file__).resolve().parents[2] / "infra"


def metric_names(expr: str) -> set[str]:
    """The metric names an expression selects (parsing it: a syntax error raises)."""
    names: set[str] = set()

    def visit(node) -> None:
        if isinstance(node, promql_parser.VectorSelector) and node.name:
            names.add(node.name)

    promql_parser.walk(promql_parser.parse(expr), visit)
    return names


def dashboard_queries() -> dict[str, str]:
    """Every dashboard query, by "dashboard / panel / refId"."""
    out = {}
    for path in sorted((INFRA / "grafana" / "dashboards").glob("*.json")):
        board = json.loads(path.read_text())
        for panel in board["panels"]:
            for t in panel.get("targets", []):
                out[f"{board['title']} / {panel['title']} / {t['refId']}"] = t["expr"]
    return out


def alert_queries() -> dict[str, str]:
    rules = yaml.safe_load((INFRA / "prometheus" / "alerts.yml").read_text())
    return {r["alert"]: r["expr"] for g in rules["groups"] for r in g["rules"]}


def names_read() -> set[str]:
    """All metric names the dashboards and alerts read."""
    return set().union(*(metric_names(e) for e in [*dashboard_queries().values(), *alert_queries().values()]))
