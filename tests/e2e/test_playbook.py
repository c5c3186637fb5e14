"""A tenant's playbook end to end: the same contract reviewed against the default playbook, then
against the tenant's with one rule changed, then changed back: the deviation appears and goes
with the rule, each final names the version it was checked against, and none is replayed from
the results cache across versions."""

from __future__ import annotations

import httpx
import pytest

from shared.clauses import playbook
from shared.testing.contracts import make_contract

from .conftest import events, submit

pytestmark = pytest.mark.stack
QUESTION = "Mark every liability and termination clause and explain the risk"
TENANT = "other"  # the session's second tenant: its playbook changes here, nobody else's


def final(c: httpx.Client, data: bytes) -> dict:
    r, _ = submit(c, data, QUESTION)
    assert r.status_code == 202, r.text
    evs = events(c, r.json()["request_id"])
    assert evs[-1]["type"] == "final", evs[-1]
    return evs[-1]["data"]


def tfc(fin: dict) -> dict:
    """The termination-for-convenience clause's position (the contract has one: 90 days, either party)."""
    found = [p for f in fin["findings"] for p in f.get("positions", []) if p["category"] == "Termination For Convenience"]
    assert found, [f["categories"] for f in fin["findings"]]
    return found[0]


def with_notice(days: int) -> dict:
    rules = [r.model_dump(exclude_none=True) for r in playbook.default().rules]
    for r in rules:
        if r["category"] == "Termination For Convenience":
            r["conditions"] = [{"term": "notice_period", "at_least": days}, {"mutual": True}]
    return {"name": f"default, notice at least {days} days", "rules": rules}


def test_a_rule_the_tenant_changes_makes_the_deviation_appear_and_go(stack):
    data = make_contract(title="PLAYBOOK SERVICES AGREEMENT").data
    with httpx.Client(base_url=stack.base_url, headers=stack.headers(TENANT), timeout=60) as c:
        start = c.get("/v1/playbook").json()
        before = final(c, data)
        assert before["playbook"]["version"] == start["version"]
        assert tfc(before)["status"] == "meets" and any("ninety (90) days" in q for q in tfc(before)["quotes"])

        stricter = c.put("/v1/playbook", json=with_notice(120)).json()
        after = final(c, data)
        assert after.get("cached") is None, "a final checked against another version is not replayed"
        assert after["playbook"]["version"] == stricter["version"] > start["version"]
        assert tfc(after)["status"] == "deviates" and "at least 120 days" in tfc(after)["rule"]
        assert any(d["category"] == "Termination For Convenience" for d in after["playbook"]["deviations"])

        relaxed = c.put("/v1/playbook", json=with_notice(30)).json()
        back = final(c, data)
        assert back["playbook"]["version"] == relaxed["version"]
        assert tfc(back)["status"] == "meets"
        assert not any(d["category"] == "Termination For Convenience" for d in back["playbook"]["deviations"])
