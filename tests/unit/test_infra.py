"""infra/: the Prometheus config and alert rules pass promtool (and its rule unit tests: each
alert fires on series that break its threshold); the Grafana dashboards are what
scripts/make_dashboards.py writes, and every query parses. (That they name only metrics the
running stack exposes: tests/e2e/test_observability.py.)"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from shared.testing.promql import INFRA, alert_queries, dashboard_queries, metric_names

PROM = INFRA / "prometheus"


def promtool(*args: str) -> subprocess.CompletedProcess:
    exe = shutil.which("promtool")
    assert exe, "promtool is missing: `make test` installs it (scripts/sysdeps.sh test)"
    return subprocess.run([exe, *args], cwd=PROM, capture_output=True, text=True, timeout=60)


def test_prometheus_config_and_rules_pass_promtool():
    out = promtool("check", "config", "prometheus.yml")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "1 rule files found" in out.stdout and "5 rules found" in out.stdout, out.stdout


def test_each_alert_fires_past_its_threshold_and_not_before():
    out = promtool("test", "rules", "alerts_test.yml")
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_issues_alerts_are_all_there():
    alerts = alert_queries()
    assert {"EdgeServerErrors", "DraftSlow", "QueueWaitHigh", "ConsumerLagGrowing"} <= set(alerts)


def test_dashboards_are_current_valid_and_every_query_parses(tmp_path):
    committed = {p.name: p.read_text() for p in (INFRA / "grafana" / "dashboards").glob("*.json")}
    made = subprocess.run([sys.executable, "scripts/make_dashboards.py", str(tmp_path)], cwd=INFRA.parent, capture_output=True, text=True, timeout=60)
    assert made.returncode == 0, made.stderr
    regenerated = {p.name: p.read_text() for p in tmp_path.glob("*.json")}
    assert regenerated == committed, "run `python scripts/make_dashboards.py` and commit the result"
    for name, text in committed.items():
        board = json.loads(text)
        assert board["uid"] and board["panels"], name
        ids = [p["id"] for p in board["panels"]]
        assert len(ids) == len(set(ids)), name
        for p in board["panels"]:
            assert p["datasource"]["uid"] == "prometheus" and p["targets"], p["title"]
    queries = dashboard_queries()
    assert len(queries) >= 10
    for where, expr in queries.items():
        assert metric_names(expr), where  # parses, and reads some metric


@pytest.mark.parametrize("bad", ["sum(rate(x[5m])", "rate(x[5q])"])
def test_a_broken_query_is_caught(bad):
    with pytest.raises(Exception):
        metric_names(bad)
