"""The tenant's playbook over HTTP against the real Redis: the default until the tenant sets its
own, a new version on every PUT, a bad playbook refused with the rule and the field named, and
one tenant's playbook invisible to another."""

from __future__ import annotations

import httpx
import pytest

from shared.clauses import playbook
from shared.core.apikeys import new_key
from shared.testing import edge_process

KEYS = {"pbacme": new_key(), "pbglobex": new_key()}  # tenants of this module alone: playbooks outlive a test

MINE = {"name": "Acme buy-side", "rules": [
    {"category": "Termination For Convenience", "conditions": [{"term": "notice_period", "at_least": 90}], "why": "a quarter to replace them"},
    {"category": "Governing Law", "presence": "required", "conditions": [{"term": "law", "one_of": ["Delaware"]}]},
]}


def headers(tenant: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {KEYS[tenant]}"}


@pytest.fixture(scope="module")
def edge(settings_module, tmp_path_factory):
    with edge_process(settings_module, tmp_path_factory.mktemp("playbook"), KEYS) as base:
        yield base


def test_a_tenant_replaces_its_playbook_and_another_tenant_keeps_the_default(edge):
    base = edge
    with httpx.Client(base_url=base, timeout=30) as c:
        first = c.get("/v1/playbook", headers=headers("pbacme"))
        assert first.status_code == 200 and first.json()["source"] == "default"
        assert first.json()["version"] == playbook.default().version
        put = c.put("/v1/playbook", json={**MINE, "version": 99}, headers=headers("pbacme"))
        assert put.status_code == 200, put.text
        mine = put.json()
        assert mine["source"] == "tenant" and mine["version"] == first.json()["version"] + 1, "the store numbers versions"
        assert c.get("/v1/playbook", headers=headers("pbacme")).json() == mine
        again = c.put("/v1/playbook", json=MINE, headers=headers("pbacme")).json()
        assert again["version"] == mine["version"] + 1
        assert c.get("/v1/playbook", headers=headers("pbglobex")).json()["source"] == "default", "one tenant's playbook is its own"
        assert c.get("/v1/playbook").status_code == 401


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"name": "x", "rules": [{"category": "Cap On Liablity"}]}, "rules[0].category: Value error, unknown clause category 'Cap On Liablity'"),
        ({"name": "x", "rules": [{"category": "Non-Compete", "conditions": [{"term": "restriction_period", "at_most": "a year"}]}]},
         "rules[0].conditions[0].at_most: Input should be a valid number"),
        ({"name": "x", "rules": [{"category": "Governing Law", "conditions": [{"term": "notice_period", "at_least": 1}]}]},
         "rules[0]: Value error, conditions[0].term: Governing Law has no term 'notice_period'"),
        ({"name": "x", "rules": [{"category": "Non-Compete", "conditions": [{"eval": "__import__('os')"}]}]}, "rules[0].conditions[0].eval: Extra inputs are not permitted"),
    ],
)
def test_a_bad_playbook_is_a_422_naming_the_rule_and_the_field(edge, body, says):
    base = edge
    with httpx.Client(base_url=base, timeout=30) as c:
        r = c.put("/v1/playbook", json=body, headers=headers("pbglobex"))
        assert r.status_code == 422, r.text
        assert r.json()["error"]["code"] == "bad_playbook"
        assert says in r.json()["error"]["message"], r.json()
        assert c.get("/v1/playbook", headers=headers("pbglobex")).json()["source"] == "default", "nothing was stored"
        assert c.put("/v1/playbook", content=b"{not json", headers=headers("pbglobex")).status_code == 400
